//! The Gomocup (Piskvork) brain protocol: a manager sends one command a line, the brain answers.
//!
//! [`Brain`] is the whole brain side with no I/O: feed it lines with [`Brain::handle_line`] and
//! print what it returns; the `pbrain-caro` binary is a thin loop around it. Coordinates on the
//! wire are `x,y`, 0-based, `x` the column from the left and `y` the row from the top; a
//! [`Pos`] has them as `col` and `row`.
//!
//! The manager side of the protocol (what `caro match` needs to drive an external brain) is
//! here too as small pure helpers: [`format_pos`], [`parse_reply_move`] and [`rule_bits`].

use crate::caro::greedy;
use crate::caro::{new_bot, Board, BotOptions, CaroBot, Level, Pos, Rule};
use crate::game::{InputError, Side};
use std::time::Duration;
use web_time::Instant;

/// The manager's rule bits (INFO rule): a bitmask, or sum, of these. 0 is freestyle.
pub const RULE_EXACTLY_FIVE: u32 = 1;
pub const RULE_CONTINUOUS: u32 = 2;
pub const RULE_RENJU: u32 = 4;
pub const RULE_CARO: u32 = 8;

/// The [`Rule`] a manager's rule bitmask asks for. Renju wins over caro, caro over exactly
/// five: a manager never sets two of them, but a brain must pick one if it does. The
/// continuous bit only changes how BOARD marks cells, not the winning condition.
pub fn rule_from_bits(bits: u32) -> Rule {
    if bits & RULE_RENJU != 0 {
        Rule::Renju
    } else if bits & RULE_CARO != 0 {
        Rule::Caro
    } else if bits & RULE_EXACTLY_FIVE != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

/// The rule bitmask a manager sends for `rule` (the inverse of [`rule_from_bits`]).
pub fn rule_bits(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => RULE_EXACTLY_FIVE,
        Rule::Renju => RULE_RENJU,
        Rule::Caro => RULE_CARO,
    }
}

/// `x,y` on the wire for `pos`.
pub fn format_pos(pos: Pos) -> String {
    format!("{},{}", pos.col, pos.row)
}

/// Parses `x,y` (spaces around the numbers allowed) into a [`Pos`]; no board bounds check.
pub fn parse_xy(text: &str) -> Result<Pos, InputError> {
    let bad = || InputError::new(format!("bad coordinates '{text}': expected x,y"));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: usize = x.trim().parse().map_err(|_| bad())?;
    let y: usize = y.trim().parse().map_err(|_| bad())?;
    Ok(Pos::new(y, x))
}

/// A brain's answer to BEGIN, TURN or BOARD, as a manager reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move.
    Move(Pos),
    /// A MESSAGE or DEBUG line (or an empty one): informational, keep reading.
    Note,
    /// `SUGGEST x,y`: the manager should answer `PLAY x,y`.
    Suggest(Pos),
    /// Anything else (ERROR, UNKNOWN, garbage): the brain failed to move.
    Failure(String),
}

/// Classifies one line a brain printed while the manager waits for its move.
pub fn parse_reply_move(line: &str) -> Reply {
    let line = line.trim();
    let word = line.split_whitespace().next().unwrap_or("");
    match word.to_ascii_uppercase().as_str() {
        "" | "MESSAGE" | "DEBUG" => Reply::Note,
        "SUGGEST" => match parse_xy(line[word.len()..].trim()) {
            Ok(pos) => Reply::Suggest(pos),
            Err(e) => Reply::Failure(e.to_string()),
        },
        _ => match parse_xy(line) {
            Ok(pos) => Reply::Move(pos),
            Err(_) => Reply::Failure(format!("expected a move x,y, got '{line}'")),
        },
    }
}

/// The time limits a manager announced with INFO. All in milliseconds; `None` = not told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeInfo {
    /// Limit for one move; 0 asks to play as fast as possible.
    pub timeout_turn: Option<u64>,
    /// Limit for the whole match; 0 means none.
    pub timeout_match: Option<u64>,
    /// What is left of the match time; may be negative once it ran out.
    pub time_left: Option<i64>,
}

/// Assumed limit for one move when the manager never sent `timeout_turn`.
pub const DEFAULT_TURN_MS: u64 = 5_000;
/// Thinking time when `timeout_turn` is 0 ("as fast as possible"), and the least any move
/// gets but under a match clock: a searching bot still needs a moment to return its first,
/// shallow answer.
pub const FASTEST_MS: u64 = 10;
/// What a move costs under a match clock beyond the brain's own count of it (the pipes both
/// ways, process switches), kept in reserve for each move the board still has room for.
pub const MOVE_OVERHEAD_MS: u64 = 3;
/// Under a match clock, the moves a game is expected to last for each side, counted from the
/// first move the brain makes: the mean moves left in the game given those made, measured
/// over records of games against Rapfi (15x15 freestyle from balanced openings: 20 at the
/// start, 10.5 after ten, about 8 after fifteen and after twenty), with a quarter more.
pub const EXPECTED_MOVES: usize = 25;
/// The fewest moves still expected under a match clock however long the game has gone on:
/// above the mean moves left in any long game seen (8 or fewer), so that a long game spends
/// what is left slowly.
pub const LEAST_MOVES_TO_GO: usize = 12;
/// A `time_left` at or above this means the match time is unlimited (the protocol sends
/// 2147483647 then).
const UNLIMITED_MS: i64 = i32::MAX as i64;

/// The most the next move may take (the search's hard limit; it aims at less).
///
/// The smallest of: the turn limit, less a safety margin for the process and pipes (a
/// twentieth of it, between 30 ms and 1 s: the search and the safety check after it share
/// one deadline, read every 256 nodes, so the margin covers only the last nodes and the
/// answer's way out); one and a half shares of the match time left
/// (the time left divided by the moves still expected: [`EXPECTED_MOVES`] less the moves
/// made so far, at least [`LEAST_MOVES_TO_GO`], and never more than half the empty cells:
/// each side fills half);
/// and a quarter of the time left.
/// The time left is taken from `time_left` when the manager sends it, else from
/// `timeout_match` less `spent` (this brain's own thinking so far).
pub fn plan_move_time(
    info: &TimeInfo,
    own_moves: usize,
    empty_cells: usize,
    spent: Duration,
) -> Duration {
    let turn_ms = info.timeout_turn.unwrap_or(DEFAULT_TURN_MS);
    if turn_ms == 0 {
        return Duration::from_millis(FASTEST_MS);
    }
    let margin = (turn_ms / 20).clamp(30, 1_000);
    let mut plan = turn_ms.saturating_sub(margin);

    let match_left: Option<i64> = match (info.time_left, info.timeout_match) {
        (Some(left), _) if left < UNLIMITED_MS => Some(left),
        (Some(_), _) => None,
        (None, Some(total)) if total > 0 => {
            Some(total.min(UNLIMITED_MS as u64) as i64 - spent.as_millis().min(1 << 40) as i64)
        }
        _ => None,
    };
    if let Some(left) = match_left {
        // Each move the brain may still have to make (half the empty cells at most) costs
        // a little beyond what it thinks: kept aside, so that a long game's last moves, even
        // at the least thinking time, still fit on the clock.
        let most_moves = empty_cells.div_ceil(2) as u64;
        let left = (left.max(0) as u64).saturating_sub(most_moves * MOVE_OVERHEAD_MS);
        let horizon = EXPECTED_MOVES
            .saturating_sub(own_moves)
            .max(LEAST_MOVES_TO_GO);
        let moves_to_go = (horizon as u64).min(most_moves).max(1);
        // The plan is the move's hard limit: the search starts no new iteration past two
        // thirds of it, unless the position is sharp (see `caro::search`), so one and a half
        // even shares spend about a share on an average move. Never more than a quarter of
        // what is left, so one hard move cannot lose the match on time.
        let share = left / moves_to_go;
        plan = plan.min(share.saturating_mul(3) / 2).min(left / 4);
        // No least time of 10 ms here: that many moves of it would run a long game's last
        // moves past the clock. Unless the turn limit is less, the plan is at least what is
        // left shared over every move the board has room for, so it cannot run the clock
        // out; 1 ms at least.
        return Duration::from_millis(plan.max(1));
    }
    Duration::from_millis(plan.max(FASTEST_MS))
}

/// Who a stone on the brain's board belongs to, as BOARD marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stone {
    /// Field 1: the brain's own stone.
    Own,
    /// Field 2: the opponent's.
    Opponent,
    /// Field 3 (continuous games): a cell taken by a finished winning line or a forbidden
    /// point; nobody may play there and it counts for neither side.
    Marker,
}

/// The cells of the current game as the manager told them, in move order.
#[derive(Clone, Debug)]
struct Game {
    rows: usize,
    cols: usize,
    stones: Vec<(Pos, Stone)>,
    cells: Vec<Option<Stone>>,
}

impl Game {
    fn new(rows: usize, cols: usize) -> Game {
        Game {
            rows,
            cols,
            stones: Vec::new(),
            cells: vec![None; rows * cols],
        }
    }

    fn clear(&mut self) {
        self.stones.clear();
        self.cells.iter_mut().for_each(|c| *c = None);
    }

    /// `pos` parsed from `x,y` and checked to be an empty cell of this board.
    fn free_cell(&self, text: &str) -> Result<Pos, String> {
        let pos = parse_xy(text).map_err(|e| e.to_string())?;
        if pos.row >= self.rows || pos.col >= self.cols {
            return Err(format!(
                "{} is outside the {}x{} board (x must be below {}, y below {})",
                format_pos(pos),
                self.cols,
                self.rows,
                self.cols,
                self.rows
            ));
        }
        if self.cells[pos.row * self.cols + pos.col].is_some() {
            return Err(format!("{} is already taken", format_pos(pos)));
        }
        Ok(pos)
    }

    fn put(&mut self, pos: Pos, stone: Stone) {
        self.cells[pos.row * self.cols + pos.col] = Some(stone);
        self.stones.push((pos, stone));
    }

    fn take_back(&mut self, pos: Pos) -> bool {
        match self.stones.iter().rposition(|&(p, _)| p == pos) {
            Some(i) => {
                self.stones.remove(i);
                self.cells[pos.row * self.cols + pos.col] = None;
                true
            }
            None => false,
        }
    }

    fn is_free(&self, pos: Pos) -> bool {
        pos.row < self.rows
            && pos.col < self.cols
            && self.cells[pos.row * self.cols + pos.col].is_none()
    }

    fn count(&self, stone: Stone) -> usize {
        self.stones.iter().filter(|&&(_, s)| s == stone).count()
    }

    fn free_cells(&self) -> usize {
        self.cells.iter().filter(|c| c.is_none()).count()
    }

    /// The engine's view: a [`Board`] under `rule` with every stone placed and the brain to
    /// move, plus the brain's colour.
    ///
    /// The brain is X (moves first) when it has as many stones as the opponent or more, else
    /// O. Stones are replayed in the order given; one that does not fit the alternation (or
    /// that the rule refuses, like a renju foul the manager let through) is placed directly,
    /// outside the move history. If the history then ends with the wrong side to move, its
    /// last move is taken out of the history and placed directly as well, which flips the
    /// turn. Markers stay empty on this board; the brain never plays on them.
    fn engine_board(&self, rule: Rule) -> (Board, Side) {
        let ours = if self.count(Stone::Own) >= self.count(Stone::Opponent) {
            Side::First
        } else {
            Side::Second
        };
        let mut board =
            Board::new(self.rows, self.cols, rule).expect("the size was checked by START");
        let mut direct = Vec::new();
        for &(pos, stone) in &self.stones {
            let side = match stone {
                Stone::Own => ours,
                Stone::Opponent => ours.opponent(),
                Stone::Marker => continue,
            };
            if board.to_move() != side || board.play(pos).is_err() {
                board.set_stone(pos, Some(side));
                direct.push((pos, side));
            }
        }
        if board.to_move() != ours {
            if let Some(last) = board.undo() {
                board.set_stone(last, Some(board.to_move()));
            } else if let Some(&(pos, side)) = direct.iter().find(|&&(_, s)| s == Side::First) {
                // No history at all and O to move: one X stone must be in the history.
                board.set_stone(pos, None);
                if board.play(pos).is_err() {
                    board.set_stone(pos, Some(side));
                }
            }
        }
        (board, ours)
    }
}

/// How the brain is set up beyond what the manager sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrainOptions {
    pub level: Level,
    /// Base seed for the bots' randomness; `None` takes one from the system.
    pub seed: Option<u64>,
    /// Print a DEBUG line with the time plan before each move.
    pub verbose: bool,
}

impl BrainOptions {
    pub fn new(level: Level) -> BrainOptions {
        BrainOptions {
            level,
            seed: None,
            verbose: false,
        }
    }
}

/// The level a brain plays when none is asked for: "master" if that level exists, else the
/// strongest there is (the last of [`Level::ALL`]).
pub fn default_level() -> Level {
    "master".parse().unwrap_or(Level::ALL[Level::ALL.len() - 1])
}

/// The brain side of the protocol, with no I/O. See the module documentation.
pub struct Brain {
    options: BrainOptions,
    game: Option<Game>,
    rule_bits: u32,
    time: TimeInfo,
    max_memory: Option<u64>,
    /// Some while between BOARD and DONE.
    reading_board: bool,
    /// The bot and the table size (MB) it was made with; remade when that changes (a new
    /// max_memory), given each move's budget otherwise, so its table lives on.
    bot: Option<(Option<usize>, CaroBot)>,
    bots_made: u64,
    /// Time spent thinking this match, for `timeout_match` without `time_left`.
    spent: Duration,
    /// When the line being handled arrived, and when the command it belongs to did (a
    /// BOARD's first line): a move's time runs from there, as the manager's clock does.
    line_received: Instant,
    command_received: Instant,
    finished: bool,
}

impl Brain {
    pub fn new(options: BrainOptions) -> Brain {
        Brain {
            options,
            game: None,
            rule_bits: 0,
            time: TimeInfo::default(),
            max_memory: None,
            reading_board: false,
            bot: None,
            bots_made: 0,
            spent: Duration::ZERO,
            line_received: Instant::now(),
            command_received: Instant::now(),
            finished: false,
        }
    }

    /// True once END was received: the caller should exit.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The rule the manager asked for with INFO rule (freestyle until told).
    pub fn rule(&self) -> Rule {
        rule_from_bits(self.rule_bits)
    }

    /// Whether INFO rule set the continuous-game bit.
    pub fn continuous(&self) -> bool {
        self.rule_bits & RULE_CONTINUOUS != 0
    }

    pub fn time_info(&self) -> TimeInfo {
        self.time
    }

    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
    }

    /// The position as the engine sees it (the brain to move), or `None` before START.
    pub fn board(&self) -> Option<Board> {
        self.game.as_ref().map(|g| g.engine_board(self.rule()).0)
    }

    /// The brain's stones and the opponent's, in the order they came.
    pub fn stones(&self) -> Vec<(Pos, Stone)> {
        self.game
            .as_ref()
            .map(|g| g.stones.clone())
            .unwrap_or_default()
    }

    /// How long the next move may take, by [`plan_move_time`].
    pub fn planned_time(&self) -> Duration {
        let (own, empty) = self
            .game
            .as_ref()
            .map_or((0, 0), |g| (g.count(Stone::Own), g.free_cells()));
        plan_move_time(&self.time, own, empty, self.spent)
    }

    /// Handles one line from the manager; returns the lines to send back (often none or one).
    /// Never panics on any input.
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        self.handle_line_at(line, Instant::now())
    }

    /// [`Brain::handle_line`] for a line that arrived at `received`: a move asked for then
    /// has its time counted from then, so that whatever kept the brain from reading it at
    /// once (the work of the line before, a busy machine) is not spent past the manager's
    /// clock.
    pub fn handle_line_at(&mut self, line: &str, received: Instant) -> Vec<String> {
        self.line_received = received;
        if !self.reading_board {
            self.command_received = received;
        }
        let line = line.trim();
        if line.is_empty() || self.finished {
            return Vec::new();
        }
        if self.reading_board {
            return self.board_line(line);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let cmd = word.to_ascii_uppercase();
        match cmd.as_str() {
            "START" => self.start(rest),
            "RECTSTART" => self.rect_start(rest),
            "RESTART" => match self.game.as_mut() {
                Some(game) => {
                    game.clear();
                    self.spent = Duration::ZERO;
                    vec!["OK".to_string()]
                }
                None => no_game(),
            },
            "BEGIN" => match &self.game {
                Some(_) => self.think(),
                None => no_game(),
            },
            "TURN" => self.turn(rest),
            "PLAY" => self.play(rest),
            "BOARD" => match self.game.as_mut() {
                Some(game) => {
                    game.clear();
                    self.reading_board = true;
                    Vec::new()
                }
                None => no_game(),
            },
            "TAKEBACK" => self.take_back(rest),
            "INFO" => self.info(rest),
            "ABOUT" => vec![format!(
                "name=\"pbrain-caro\", version=\"{} ({})\", author=\"caro project\", country=\"VN\"",
                env!("CARGO_PKG_VERSION"),
                self.options.level.name()
            )],
            "END" => {
                self.finished = true;
                Vec::new()
            }
            "DONE" => error("DONE without BOARD"),
            _ => vec![format!("UNKNOWN command '{}'", clip(word))],
        }
    }

    fn start(&mut self, arg: &str) -> Vec<String> {
        match arg.parse::<usize>() {
            Ok(n) => self.new_game(n, n),
            Err(_) => error(&format!("START needs a board size, got '{}'", clip(arg))),
        }
    }

    fn rect_start(&mut self, arg: &str) -> Vec<String> {
        match parse_xy(arg) {
            // parse_xy reads `w,h` as x,y: the width is the column count.
            Ok(size) => self.new_game(size.row, size.col),
            Err(_) => error(&format!(
                "RECTSTART needs width,height, got '{}'",
                clip(arg)
            )),
        }
    }

    fn new_game(&mut self, rows: usize, cols: usize) -> Vec<String> {
        match Board::new(rows, cols, self.rule()) {
            Ok(_) => {
                self.game = Some(Game::new(rows, cols));
                self.spent = Duration::ZERO;
                self.warm_up();
                vec!["OK".to_string()]
            }
            Err(e) => error(&format!("unsupported size: {e}")),
        }
    }

    fn turn(&mut self, arg: &str) -> Vec<String> {
        let Some(game) = self.game.as_mut() else {
            return no_game();
        };
        match game.free_cell(arg) {
            Ok(pos) => {
                game.put(pos, Stone::Opponent);
                self.think()
            }
            Err(e) => error(&e),
        }
    }

    /// PLAY x,y: the manager accepted a SUGGEST; the brain plays it and echoes it.
    fn play(&mut self, arg: &str) -> Vec<String> {
        let Some(game) = self.game.as_mut() else {
            return no_game();
        };
        match game.free_cell(arg) {
            Ok(pos) => {
                game.put(pos, Stone::Own);
                vec![format_pos(pos)]
            }
            Err(e) => error(&e),
        }
    }

    fn take_back(&mut self, arg: &str) -> Vec<String> {
        let Some(game) = self.game.as_mut() else {
            return no_game();
        };
        match parse_xy(arg) {
            Ok(pos) if game.take_back(pos) => vec!["OK".to_string()],
            Ok(pos) => error(&format!("no stone on {} to take back", format_pos(pos))),
            Err(e) => error(&e.to_string()),
        }
    }

    fn board_line(&mut self, line: &str) -> Vec<String> {
        if line.eq_ignore_ascii_case("DONE") {
            self.reading_board = false;
            return self.think();
        }
        let game = self.game.as_mut().expect("BOARD is only read after START");
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            // A command before DONE: the manager gave up on this BOARD. Keep the stones read
            // so far and take the line as a command.
            self.reading_board = false;
            let mut out = error("BOARD ended without DONE");
            out.extend(self.handle_line_at(line, self.line_received));
            return out;
        }
        let Some((xy, field)) = line.rsplit_once(',') else {
            return error(&format!(
                "bad BOARD line '{}': expected x,y,field",
                clip(line)
            ));
        };
        let stone = match field.trim() {
            "1" => Stone::Own,
            "2" => Stone::Opponent,
            "3" => Stone::Marker,
            other => {
                return error(&format!(
                    "bad BOARD field '{}': expected 1 (own), 2 (opponent) or 3",
                    clip(other)
                ))
            }
        };
        match game.free_cell(xy) {
            Ok(pos) => {
                game.put(pos, stone);
                Vec::new()
            }
            Err(e) => error(&e),
        }
    }

    fn info(&mut self, arg: &str) -> Vec<String> {
        let (key, value) = match arg.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => {
                return error(&format!(
                    "INFO needs a key and a value, got '{}'",
                    clip(arg)
                ))
            }
        };
        let bad = || error(&format!("bad value '{}' for INFO {key}", clip(value)));
        match key.as_str() {
            "timeout_turn" => match value.parse() {
                Ok(v) => self.time.timeout_turn = Some(v),
                Err(_) => return bad(),
            },
            "timeout_match" => match value.parse() {
                Ok(v) => self.time.timeout_match = Some(v),
                Err(_) => return bad(),
            },
            "time_left" => match value.parse() {
                Ok(v) => self.time.time_left = Some(v),
                Err(_) => return bad(),
            },
            "max_memory" => match value.parse() {
                Ok(v) => self.max_memory = Some(v),
                Err(_) => return bad(),
            },
            "rule" => match value.parse() {
                Ok(v) => self.rule_bits = v,
                Err(_) => return bad(),
            },
            "game_type" if value.parse::<u32>().is_err() => return bad(),
            // evaluate, folder and keys of later managers: nothing to do.
            _ => {}
        }
        Vec::new()
    }

    /// Does at START, before its OK and so outside any move's time, what the first move
    /// would otherwise pay for: the bot with its tables, and the pattern tables of every
    /// rule (built on first use, about 25 ms a rule), not only the current one: INFO rule
    /// comes after the OK, and a manager may ask for a move right after it.
    fn warm_up(&mut self) {
        for rule in Rule::ALL {
            crate::caro::patterns::lookup_table(rule);
        }
        self.bot_for(self.planned_time());
    }

    /// The bot for a move of `planned` time: the one made before, given this move's budget,
    /// unless max_memory has changed its table's size since.
    fn bot_for(&mut self, planned: Duration) -> &mut CaroBot {
        // Master thinks for the planned time; other levels keep their budgets within it.
        let level = self.options.level;
        let budget = level.budget_within(planned);
        let hash_megabytes = hash_megabytes(level, self.max_memory);
        if self.bot.as_ref().map(|(h, _)| *h) != Some(hash_megabytes) {
            let seed = self.options.seed.map(|s| s.wrapping_add(self.bots_made));
            self.bots_made += 1;
            let options = BotOptions {
                seed,
                budget,
                hash_megabytes,
            };
            self.bot = Some((hash_megabytes, new_bot(level, options)));
        }
        let bot = &mut self.bot.as_mut().expect("made just above").1;
        if let Some(budget) = budget {
            bot.set_budget(budget);
        }
        bot
    }

    /// Chooses, records and answers the brain's move.
    fn think(&mut self) -> Vec<String> {
        let rule = self.rule();
        let planned = self.planned_time();
        let game = self
            .game
            .as_ref()
            .expect("think is only called with a game");
        if game.free_cells() == 0 {
            return error("the board is full: no move left");
        }
        let (board, ours) = game.engine_board(rule);
        // The move's time runs from when its command arrived: what kept the brain from
        // reading it (the work of the line before, a busy machine) comes out of the plan.
        let gone = self.command_received.elapsed();
        let budget = planned
            .saturating_sub(gone)
            .max(planned.min(Duration::from_millis(FASTEST_MS)));
        let mut out = Vec::new();
        if self.options.verbose {
            out.push(format!(
                "DEBUG level {} rule {} as {} planned {} ms, {} ms gone before thinking, \
                 {} ms left",
                self.options.level.name(),
                rule.name(),
                if ours == Side::First { "X" } else { "O" },
                planned.as_millis(),
                gone.as_millis(),
                budget.as_millis()
            ));
        }

        let chosen = self.bot_for(budget).choose_move(&board);
        self.spent += self.command_received.elapsed();

        let game = self.game.as_mut().expect("checked above");
        let pos = match chosen {
            Some(pos) if game.is_free(pos) && board.check_move(pos).is_ok() => pos,
            other => {
                let pos = fallback_move(game, &board, ours);
                let why = match other {
                    Some(p) => format!("its move {} was not playable", format_pos(p)),
                    None => "it found no move".to_string(),
                };
                out.push(format!(
                    "MESSAGE the engine could not read this position ({why}); played {} by the simple scorer",
                    format_pos(pos)
                ));
                pos
            }
        };
        game.put(pos, Stone::Own);
        out.push(format_pos(pos));
        out
    }
}

/// What a brain keeps within max_memory beside its transposition table (the program, the
/// pattern tables, the weights and the threat searches' tables), in MB.
pub const RESERVED_MB: u64 = 32;

/// The transposition table for `level` in MB: the level's own, but never more than
/// `max_memory` (bytes; absent or 0 means no limit, as the protocol says) less
/// [`RESERVED_MB`], and 1 MB at least. `None` for Greedy, which keeps no table.
pub fn hash_megabytes(level: Level, max_memory: Option<u64>) -> Option<usize> {
    level.limits()?;
    let own = level.hash_megabytes();
    Some(match max_memory {
        None | Some(0) => own,
        Some(bytes) => {
            let room = (bytes >> 20).saturating_sub(RESERVED_MB).max(1);
            own.min(usize::try_from(room).unwrap_or(usize::MAX))
        }
    })
}

/// A playable cell when the engine gave none: the free cell with the best Greedy score for
/// `ours`, preferring cells the rule allows, then the one nearest the centre.
fn fallback_move(game: &Game, board: &Board, ours: Side) -> Pos {
    let centre = (game.rows as isize / 2, game.cols as isize / 2);
    let mut best: Option<((bool, u64, isize), Pos)> = None;
    for row in 0..game.rows {
        for col in 0..game.cols {
            let pos = Pos::new(row, col);
            if !game.is_free(pos) {
                continue;
            }
            let allowed = board.to_move() != ours || board.check_move(pos).is_ok();
            let score =
                greedy::attack_score(board, pos, ours) + greedy::defense_score(board, pos, ours);
            let dist = (row as isize - centre.0)
                .abs()
                .max((col as isize - centre.1).abs());
            let key = (allowed, score, -dist);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, pos));
            }
        }
    }
    best.expect("the caller checked for a free cell").1
}

fn error(msg: &str) -> Vec<String> {
    vec![format!("ERROR {msg}")]
}

fn no_game() -> Vec<String> {
    error("no board yet: send START or RECTSTART first")
}

/// At most 60 characters of outside text, for echoing it in a message.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brain() -> Brain {
        brain_with(Level::Greedy, false)
    }

    /// A brain of `level` with the tests' seed.
    fn brain_with(level: Level, verbose: bool) -> Brain {
        Brain::new(BrainOptions {
            level,
            seed: Some(7),
            verbose,
        })
    }

    fn one(brain: &mut Brain, line: &str) -> String {
        let out = brain.handle_line(line);
        assert_eq!(out.len(), 1, "{line} gave {out:?}");
        out[0].clone()
    }

    fn move_of(line: &str) -> Pos {
        parse_xy(line).unwrap_or_else(|_| panic!("not a move: {line}"))
    }

    #[test]
    fn start_accepts_supported_sizes_and_refuses_others() {
        let mut b = brain();
        assert_eq!(one(&mut b, "START 15"), "OK");
        assert_eq!(one(&mut b, "START 60"), "OK");
        assert_eq!(one(&mut b, "START 5"), "OK");
        assert!(one(&mut b, "START 61").starts_with("ERROR"));
        assert!(one(&mut b, "START 4").starts_with("ERROR"));
        assert!(one(&mut b, "START abc").starts_with("ERROR"));
        assert!(one(&mut b, "START").starts_with("ERROR"));
    }

    #[test]
    fn commands_before_start_are_errors() {
        let mut b = brain();
        for line in ["BEGIN", "TURN 1,1", "BOARD", "TAKEBACK 1,1", "RESTART"] {
            assert!(one(&mut b, line).starts_with("ERROR"), "{line}");
        }
        assert!(b.handle_line("INFO timeout_turn 1000").is_empty());
        assert!(one(&mut b, "ABOUT").contains("name=\"pbrain-caro\""));
    }

    #[test]
    fn begin_opens_in_the_centre_and_turn_answers_on_an_empty_cell() {
        let mut b = brain();
        one(&mut b, "START 15");
        assert_eq!(move_of(&one(&mut b, "BEGIN")), Pos::new(7, 7));
        let reply = move_of(&one(&mut b, "TURN 8,7"));
        assert!(reply != Pos::new(7, 7) && reply != Pos::new(7, 8));
        assert!(reply.row < 15 && reply.col < 15);
        assert_eq!(b.stones().len(), 3);
    }

    #[test]
    fn turn_onto_a_taken_or_outside_cell_is_an_error_and_changes_nothing() {
        let mut b = brain();
        one(&mut b, "START 15");
        one(&mut b, "BEGIN");
        assert!(one(&mut b, "TURN 7,7").starts_with("ERROR"));
        assert!(one(&mut b, "TURN 15,0").starts_with("ERROR"));
        assert!(one(&mut b, "TURN -1,3").starts_with("ERROR"));
        assert!(one(&mut b, "TURN 3").starts_with("ERROR"));
        assert_eq!(b.stones().len(), 1);
        // Still answering.
        move_of(&one(&mut b, "TURN 0,0"));
    }

    #[test]
    fn unknown_commands_get_unknown() {
        let mut b = brain();
        assert!(one(&mut b, "FROBNICATE 1 2").starts_with("UNKNOWN"));
        assert!(b.handle_line("   ").is_empty());
    }

    #[test]
    fn board_rebuilds_the_position_and_the_brain_blocks_an_open_four() {
        let mut b = brain();
        one(&mut b, "START 15");
        // Opponent (2) has four in a row on y=3 from x=3 to x=6, open at x=2 and x=7;
        // the brain's own stones are scattered.
        for line in [
            "BOARD", "3,3,2", "0,14,1", "4,3,2", "14,0,1", "5,3,2", "14,14,1", "6,3,2",
        ] {
            assert!(b.handle_line(line).is_empty(), "{line}");
        }
        // Four opponent stones to three own: the brain is O, to move.
        let board = b.board().unwrap();
        assert_eq!(board.get(Pos::new(3, 5)), Some(Side::First));
        assert_eq!(board.get(Pos::new(14, 0)), Some(Side::Second));
        assert_eq!(board.to_move(), Side::Second);
        let reply = move_of(&one(&mut b, "DONE"));
        assert!(
            reply == Pos::new(3, 2) || reply == Pos::new(3, 7),
            "{reply:?}"
        );
    }

    #[test]
    fn board_with_a_bad_line_reports_it_and_still_moves() {
        let mut b = brain();
        one(&mut b, "START 15");
        b.handle_line("BOARD");
        assert!(one(&mut b, "7,7,9").starts_with("ERROR"));
        assert!(one(&mut b, "7,7").starts_with("ERROR"));
        assert!(b.handle_line("7,7,2").is_empty());
        assert!(one(&mut b, "7,7,1").starts_with("ERROR"));
        let reply = move_of(&one(&mut b, "DONE"));
        assert_ne!(reply, Pos::new(7, 7));
    }

    #[test]
    fn an_unbalanced_board_still_gets_a_legal_move() {
        let mut b = brain();
        one(&mut b, "START 10");
        // Four own stones and none of the opponent's: no legal alternation gives this.
        for line in ["BOARD", "5,5,1", "0,0,1", "9,9,1", "4,4,1"] {
            b.handle_line(line);
        }
        let out = b.handle_line("DONE");
        let reply = move_of(out.last().unwrap());
        assert!(b.stones().iter().filter(|(p, _)| *p == reply).count() == 1);
        let board = b.board().unwrap();
        // Every stone is on the engine's board.
        for (pos, _) in b.stones() {
            assert!(board.get(pos).is_some());
        }
        // And three opponent stones too many.
        one(&mut b, "RESTART");
        for line in ["BOARD", "5,5,2", "0,0,2", "9,9,2", "4,4,2"] {
            b.handle_line(line);
        }
        let reply = move_of(b.handle_line("DONE").last().unwrap());
        assert!(![(5, 5), (0, 0), (9, 9), (4, 4)].contains(&(reply.col, reply.row)));
        assert_eq!(b.board().unwrap().to_move(), Side::Second);
    }

    #[test]
    fn a_command_inside_board_ends_it() {
        let mut b = brain();
        one(&mut b, "START 15");
        b.handle_line("BOARD");
        b.handle_line("1,1,2");
        let out = b.handle_line("ABOUT");
        assert!(out[0].starts_with("ERROR") && out[1].starts_with("name="));
        assert_eq!(b.stones(), vec![(Pos::new(1, 1), Stone::Opponent)]);
    }

    #[test]
    fn markers_are_never_played_on() {
        let mut b = brain();
        one(&mut b, "START 5");
        b.handle_line("BOARD");
        // Mark every cell but one.
        for y in 0..5 {
            for x in 0..5 {
                if (x, y) != (4, 4) {
                    b.handle_line(&format!("{x},{y},3"));
                }
            }
        }
        assert_eq!(
            move_of(b.handle_line("DONE").last().unwrap()),
            Pos::new(4, 4)
        );
        assert!(one(&mut b, "BEGIN").starts_with("ERROR"));
    }

    #[test]
    fn takeback_removes_the_stone_and_restart_clears_the_board() {
        let mut b = brain();
        one(&mut b, "START 15");
        let mine = move_of(&one(&mut b, "BEGIN"));
        assert_eq!(one(&mut b, &format!("TAKEBACK {}", format_pos(mine))), "OK");
        assert!(b.stones().is_empty());
        assert!(one(&mut b, "TAKEBACK 3,3").starts_with("ERROR"));
        assert!(one(&mut b, "TAKEBACK x").starts_with("ERROR"));
        one(&mut b, "BEGIN");
        one(&mut b, "TURN 1,1");
        assert_eq!(one(&mut b, "RESTART"), "OK");
        assert!(b.stones().is_empty());
    }

    #[test]
    fn rectstart_takes_width_then_height() {
        let mut b = brain();
        assert_eq!(one(&mut b, "RECTSTART 20,10"), "OK");
        let board = b.board().unwrap();
        assert_eq!((board.cols(), board.rows()), (20, 10));
        assert!(one(&mut b, "TURN 19,9").len() > 2);
        assert!(one(&mut b, "TURN 9,19").starts_with("ERROR"));
        assert!(one(&mut b, "RECTSTART 20").starts_with("ERROR"));
        assert!(one(&mut b, "RECTSTART 61,10").starts_with("ERROR"));
    }

    #[test]
    fn rule_bits_choose_the_board_rule() {
        assert_eq!(rule_from_bits(0), Rule::Freestyle);
        assert_eq!(rule_from_bits(1), Rule::Standard);
        assert_eq!(rule_from_bits(2), Rule::Freestyle);
        assert_eq!(rule_from_bits(3), Rule::Standard);
        assert_eq!(rule_from_bits(4), Rule::Renju);
        assert_eq!(rule_from_bits(8), Rule::Caro);
        for rule in Rule::ALL {
            assert_eq!(rule_from_bits(rule_bits(rule)), rule);
        }
        let mut b = brain();
        one(&mut b, "START 15");
        for (bits, rule) in [
            ("4", Rule::Renju),
            ("8", Rule::Caro),
            ("1", Rule::Standard),
            ("0", Rule::Freestyle),
        ] {
            assert!(b.handle_line(&format!("INFO rule {bits}")).is_empty());
            assert_eq!(b.board().unwrap().rule(), rule);
        }
        b.handle_line("INFO rule 3");
        assert!(b.continuous());
        assert!(one(&mut b, "INFO rule many").starts_with("ERROR"));
    }

    #[test]
    fn the_rule_decides_whether_an_overline_wins() {
        // Own stones at x=0,1 and 3,4,5 on y=7: x=2 makes six. The opponent has an open four
        // on y=0 the brain must block unless it can win at once.
        let position = [
            "BOARD", "0,7,1", "5,0,2", "1,7,1", "6,0,2", "3,7,1", "7,0,2", "4,7,1", "8,0,2",
            "5,7,1", "0,14,2",
        ];
        for (bits, wins) in [(0, true), (8, true), (1, false)] {
            let mut b = brain();
            one(&mut b, "START 15");
            b.handle_line(&format!("INFO rule {bits}"));
            for line in position {
                b.handle_line(line);
            }
            let reply = move_of(&one(&mut b, "DONE"));
            if wins {
                assert_eq!(reply, Pos::new(7, 2), "rule bits {bits}");
            } else {
                assert!(
                    reply == Pos::new(0, 4) || reply == Pos::new(0, 9),
                    "rule bits {bits}: {reply:?}"
                );
            }
        }
    }

    #[test]
    fn info_keys_are_stored_and_bad_values_refused() {
        let mut b = brain();
        for line in [
            "INFO timeout_turn 2000",
            "INFO timeout_match 100000",
            "INFO time_left -5",
            "INFO max_memory 83886080",
            "INFO game_type 1",
            "INFO folder C:\\tmp",
            "INFO evaluate 3,4",
            "INFO some_future_key 12",
        ] {
            assert!(b.handle_line(line).is_empty(), "{line}");
        }
        assert_eq!(
            b.time_info(),
            TimeInfo {
                timeout_turn: Some(2000),
                timeout_match: Some(100000),
                time_left: Some(-5),
            }
        );
        assert_eq!(b.max_memory(), Some(83886080));
        assert!(one(&mut b, "INFO timeout_turn soon").starts_with("ERROR"));
        assert!(one(&mut b, "INFO").starts_with("ERROR"));
        assert!(one(&mut b, "INFO time_left").starts_with("ERROR"));
    }

    #[test]
    fn end_stops_the_brain() {
        let mut b = brain();
        assert!(b.handle_line("END").is_empty());
        assert!(b.finished());
        assert!(b.handle_line("ABOUT").is_empty());
    }

    #[test]
    fn a_full_board_gets_an_error_not_a_panic() {
        let mut b = brain();
        one(&mut b, "START 5");
        b.handle_line("BOARD");
        for i in 0..25 {
            // A pattern with no five: own/opponent in 2x2 blocks is not needed; the brain
            // must not look for a win here, only report that nothing is left.
            let (x, y) = (i % 5, i / 5);
            b.handle_line(&format!(
                "{x},{y},{}",
                if (x + 2 * y) % 4 < 2 { 1 } else { 2 }
            ));
        }
        assert!(one(&mut b, "DONE").starts_with("ERROR"));
    }

    #[test]
    fn garbage_lines_never_panic() {
        let mut b = brain();
        let lines = [
            "START 15",
            "TURN",
            "TURN ,",
            "TURN 1,",
            "TURN ,1",
            "TURN 99999999999999999999,1",
            "TURN 1,1,1",
            "BOARD",
            "DONE",
            "INFO rule",
            "TAKEBACK",
            "RECTSTART ,",
            "BOARD",
            "1,2,3,4",
            ",,",
            "DONE",
            "\u{0}\u{1}",
            "ÿÿÿ",
            "TURN 1 , 2",
            "PLAY 3,3",
            "PLAY 3,3",
            "BEGIN",
            "RESTART",
            "START 0",
            "RECTSTART 0,0",
        ];
        for line in lines {
            b.handle_line(line);
        }
        let long = "X".repeat(100_000);
        let out = b.handle_line(&long);
        assert!(out[0].len() < 200);
    }

    #[test]
    fn default_level_is_master() {
        assert_eq!(default_level(), Level::Master);
        assert_eq!(BrainOptions::new(default_level()).level.name(), "master");
    }

    #[test]
    fn reply_lines_are_classified() {
        assert_eq!(parse_reply_move("7,8"), Reply::Move(Pos::new(8, 7)));
        assert_eq!(parse_reply_move(" 7 , 8 \r"), Reply::Move(Pos::new(8, 7)));
        assert_eq!(parse_reply_move("MESSAGE hello"), Reply::Note);
        assert_eq!(parse_reply_move("DEBUG x"), Reply::Note);
        assert_eq!(
            parse_reply_move("SUGGEST 1,2"),
            Reply::Suggest(Pos::new(2, 1))
        );
        assert!(matches!(parse_reply_move("ERROR oops"), Reply::Failure(_)));
        assert!(matches!(parse_reply_move("UNKNOWN"), Reply::Failure(_)));
    }

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn time_plan_keeps_a_margin_below_the_turn_limit() {
        let info = |turn| TimeInfo {
            timeout_turn: Some(turn),
            ..TimeInfo::default()
        };
        assert_eq!(
            plan_move_time(&info(5_000), 0, 225, Duration::ZERO),
            ms(4_750)
        );
        assert_eq!(
            plan_move_time(&info(1_000), 0, 225, Duration::ZERO),
            ms(950)
        );
        assert_eq!(plan_move_time(&info(500), 0, 225, Duration::ZERO), ms(470));
        assert_eq!(plan_move_time(&info(200), 0, 225, Duration::ZERO), ms(170));
        assert_eq!(
            plan_move_time(&info(30_000), 0, 225, Duration::ZERO),
            ms(29_000)
        );
        assert_eq!(
            plan_move_time(&info(0), 0, 225, Duration::ZERO),
            ms(FASTEST_MS)
        );
        assert_eq!(
            plan_move_time(&TimeInfo::default(), 0, 225, Duration::ZERO),
            ms(DEFAULT_TURN_MS - 250)
        );
    }

    #[test]
    fn time_plan_shares_the_match_time_left() {
        let info = |left| TimeInfo {
            timeout_turn: Some(5_000),
            timeout_match: Some(180_000),
            time_left: Some(left),
        };
        // 3 ms kept for each of the at most 113 moves of 225 empty cells, then 25 moves to go
        // at the start: (60 s - 339 ms) / 25 = 2,386 ms a move, so up to 1.5 times that.
        assert_eq!(
            plan_move_time(&info(60_000), 0, 225, Duration::ZERO),
            ms(3_579)
        );
        // Ten moves in, 15 to go: (60 s - 339 ms) / 15 = 3,977 ms, and a half more is past
        // the turn limit, which binds; with 30 s left the share does.
        assert_eq!(
            plan_move_time(&info(60_000), 10, 225, Duration::ZERO),
            ms(5_000 - 250)
        );
        assert_eq!(
            plan_move_time(&info(30_000), 10, 225, Duration::ZERO),
            ms((30_000 - 339) / 15 * 3 / 2)
        );
        // Late in the game at least 12 moves are expected: (10 s - 150 ms) / 12, and a half
        // more.
        assert_eq!(
            plan_move_time(&info(10_000), 50, 100, Duration::ZERO),
            ms(1_230)
        );
        // A nearly full board needs few moves ((10 s - 9 ms) / 3, and a half), but one move
        // never takes more than a quarter of what is left.
        assert_eq!(
            plan_move_time(&info(10_000), 50, 5, Duration::ZERO),
            ms(2_497)
        );
        // Nearly out of time, the plan follows what is left (after the 150 ms kept for 50
        // more moves) below the usual least time, down to 1 ms: (200 - 150) / 15 * 1.5.
        assert_eq!(plan_move_time(&info(200), 10, 100, Duration::ZERO), ms(4));
        assert_eq!(plan_move_time(&info(100), 10, 100, Duration::ZERO), ms(1));
        // Out of time: 1 ms, not a panic or an underflow.
        assert_eq!(plan_move_time(&info(-300), 10, 100, Duration::ZERO), ms(1));
        // Unlimited match time leaves the turn limit.
        assert_eq!(
            plan_move_time(&info(i32::MAX as i64), 0, 225, Duration::ZERO),
            ms(4_750)
        );
    }

    #[test]
    fn the_table_size_follows_max_memory() {
        let mb = |n: u64| Some(n << 20);
        assert_eq!(hash_megabytes(Level::Master, None), Some(16));
        assert_eq!(hash_megabytes(Level::Master, Some(0)), Some(16));
        assert_eq!(hash_megabytes(Level::Master, mb(350)), Some(16));
        assert_eq!(hash_megabytes(Level::Master, Some(u64::MAX)), Some(16));
        assert_eq!(hash_megabytes(Level::Master, mb(40)), Some(8));
        assert_eq!(hash_megabytes(Level::Master, mb(10)), Some(1));
        assert_eq!(hash_megabytes(Level::Master, Some(1)), Some(1));
        assert_eq!(hash_megabytes(Level::Normal, None), Some(4));
        assert_eq!(hash_megabytes(Level::Normal, mb(34)), Some(2));
        assert_eq!(hash_megabytes(Level::Greedy, mb(80)), None);
    }

    #[test]
    fn the_bot_and_its_table_outlive_a_changing_clock_but_not_a_new_max_memory() {
        let mut b = brain_with(Level::Hard, false);
        assert_eq!(one(&mut b, "START 15"), "OK");
        for info in [
            "timeout_turn 1000",
            "timeout_match 20000",
            "time_left 10000",
        ] {
            assert!(b.handle_line(&format!("INFO {info}")).is_empty());
        }
        let made = b.bots_made;
        one(&mut b, "BEGIN");
        // Each move's time plan differs under a match clock (Hard's budget is its 20,000 nodes
        // within the plan); the bot gets the new budget and keeps its table. The manager's
        // stones go to corners, far from the brain's.
        let mut plans = Vec::new();
        for (left, theirs) in [(8_000, "0,0"), (6_000, "14,14")] {
            assert!(b.handle_line(&format!("INFO time_left {left}")).is_empty());
            plans.push(b.planned_time());
            move_of(&one(&mut b, &format!("TURN {theirs}")));
        }
        assert_ne!(plans[0], plans[1]);
        assert!(plans[0] < Duration::from_secs(3), "{plans:?}");
        assert_eq!(b.bots_made, made, "no new bot while only the clock changed");
        assert_eq!(b.bot.as_ref().map(|(h, _)| *h), Some(Some(16)));
        // A new max_memory makes a bot with a smaller table.
        assert!(b.handle_line("INFO max_memory 41943040").is_empty());
        move_of(&one(&mut b, "TURN 14,0"));
        assert_eq!(b.bots_made, made + 1);
        assert_eq!(b.bot.as_ref().map(|(h, _)| *h), Some(Some(8)));
    }

    /// The numbers of a verbose DEBUG line's time plan: planned, gone and left, in ms.
    fn time_plan(debug: &str) -> [u64; 3] {
        let number_before = |word: &str| -> u64 {
            let head = &debug[..debug
                .find(word)
                .unwrap_or_else(|| panic!("{word}: {debug}"))];
            let digits = head.trim_end().rsplit(' ').next().unwrap_or_default();
            digits
                .parse()
                .unwrap_or_else(|_| panic!("no number before {word}: {debug}"))
        };
        [
            number_before("ms, "),
            number_before("ms gone"),
            number_before("ms left"),
        ]
    }

    #[test]
    fn a_moves_time_runs_from_when_its_command_arrived() {
        // The manager's clock starts when it sends a move's command; a brain that reads it
        // late (still busy with the line before) may only think for what is left.
        let mut b = brain_with(Level::Master, true);
        assert_eq!(one(&mut b, "START 15"), "OK");
        assert!(b.handle_line("INFO timeout_turn 500").is_empty());
        let ago = |ms: u64| {
            Instant::now()
                .checked_sub(Duration::from_millis(ms))
                .expect("the clock has run that long")
        };
        // The BOARD's first line came 400 ms ago, its stones and DONE only now.
        assert!(b.handle_line_at("BOARD", ago(400)).is_empty());
        for line in ["7,7,2", "8,8,1", "7,8,2"] {
            assert!(b.handle_line(line).is_empty());
        }
        let out = b.handle_line("DONE");
        assert_eq!(out.len(), 2, "{out:?}");
        let [planned, gone, left] = time_plan(&out[0]);
        assert_eq!(planned, 470, "{}", out[0]);
        assert!(gone >= 400, "{}", out[0]);
        assert!(left <= 70, "{}", out[0]);
        move_of(&out[1]);
        // A TURN read after the whole turn has gone by still gets a move, in the least time.
        let out = b.handle_line_at("TURN 0,0", ago(600));
        let [_, gone, left] = time_plan(&out[0]);
        assert!(gone >= 600, "{}", out[0]);
        assert_eq!(left, FASTEST_MS, "{}", out[0]);
        move_of(&out[1]);
        // A line that interrupts a BOARD starts its own clock: the BOARD's is not its.
        assert!(b.handle_line_at("BOARD", ago(5_000)).is_empty());
        let out = b.handle_line_at("TURN 14,14", ago(450));
        assert!(out[0].starts_with("ERROR"), "{out:?}");
        let [_, gone, left] = time_plan(&out[1]);
        assert!((450..5_000).contains(&gone), "{}", out[1]);
        assert!(left <= 20, "{}", out[1]);
        move_of(&out[2]);
        // Under a nearly spent match clock the brain thinks for its plan, below the 10 ms it
        // otherwise takes at least: 300 ms left is less than the 339 kept for the moves an
        // empty 15x15 board has room for.
        assert_eq!(one(&mut b, "RESTART"), "OK");
        for info in ["timeout_match 10000", "time_left 300"] {
            assert!(b.handle_line(&format!("INFO {info}")).is_empty());
        }
        let out = b.handle_line("BEGIN");
        let [planned, _, left] = time_plan(&out[0]);
        assert_eq!((planned, left), (1, 1), "{}", out[0]);
        move_of(&out[1]);
    }

    #[test]
    fn time_plan_counts_own_thinking_when_time_left_is_not_sent() {
        let info = TimeInfo {
            timeout_turn: Some(10_000),
            timeout_match: Some(100_000),
            time_left: None,
        };
        assert_eq!(
            plan_move_time(&info, 0, 225, Duration::ZERO),
            ms((100_000 - 339) / 25 * 3 / 2)
        );
        assert_eq!(plan_move_time(&info, 0, 225, ms(40_000)), ms(3_579));
        assert_eq!(plan_move_time(&info, 0, 225, ms(200_000)), ms(1));
    }
}
