//! Matches between two Caro players: built-in levels, or external Gomocup brains spawned as
//! child processes and driven over the protocol, as a tournament manager would.
//!
//! Games start from random balanced openings: a few stones near the centre, each opening
//! played twice with the colours swapped, so neither player profits from a lucky opening.
//! A player that makes an illegal move, crashes, answers nonsense or runs out of time loses
//! that game.

use crate::caro::notation::format_position;
use crate::caro::{
    new_bot, Board, BotOptions, CaroBot, Engine, EngineConfig, Level, Limits, Pos, Rule,
};
use crate::game::{InputError, Outcome, Side};
use crate::protocol::gomocup::{format_pos, parse_reply_move, rule_bits, Reply};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One side of a match: a built-in level, or a Gomocup brain executable with its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Level(Level),
    Engine { path: PathBuf, args: Vec<String> },
}

impl PlayerSpec {
    /// A level name; else the path of an existing file; else an existing file followed by
    /// arguments, split at spaces (`"./pbrain-caro --level greedy"`).
    pub fn parse(text: &str) -> Result<PlayerSpec, InputError> {
        if let Ok(level) = text.parse::<Level>() {
            return Ok(PlayerSpec::Level(level));
        }
        if Path::new(text).is_file() {
            return Ok(PlayerSpec::Engine {
                path: PathBuf::from(text),
                args: Vec::new(),
            });
        }
        let mut words = text.split_whitespace();
        if let Some(first) = words.next() {
            if Path::new(first).is_file() {
                return Ok(PlayerSpec::Engine {
                    path: PathBuf::from(first),
                    args: words.map(str::to_string).collect(),
                });
            }
        }
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        Err(InputError::new(format!(
            "'{text}' is neither a level ({}) nor the path of an engine executable",
            names.join(", ")
        )))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(level) => f.write_str(level.name()),
            PlayerSpec::Engine { path, args } => {
                let name = path.file_name().unwrap_or(path.as_os_str());
                write!(f, "{}", name.to_string_lossy())?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                Ok(())
            }
        }
    }
}

/// Everything a match needs to know.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    pub games: usize,
    pub rule: Rule,
    pub rows: usize,
    pub cols: usize,
    /// Thinking time per move, for levels and engines alike.
    pub time_ms: u64,
    /// Extra time an external engine gets per answer before it loses on time (pipes,
    /// process start-up, a slow machine).
    pub tolerance_ms: u64,
    pub seed: u64,
    /// Stones in each random opening (0: every game starts on an empty board).
    pub opening_stones: usize,
}

impl MatchConfig {
    pub fn new(a: PlayerSpec, b: PlayerSpec) -> MatchConfig {
        MatchConfig {
            a,
            b,
            games: 10,
            rule: Rule::Caro,
            rows: 15,
            cols: 15,
            time_ms: 1_000,
            tolerance_ms: 1_000,
            seed: 1,
            opening_stones: 3,
        }
    }
}

/// How one game ended, from the view of player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    AWins,
    BWins,
    Draw,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Which colour A played.
    pub a_side: Side,
    pub opening: Vec<Pos>,
    /// The final position (opening included); its position string replays the game.
    pub board: Board,
    pub outcome: Outcome,
    pub result: GameResult,
    /// How it ended, for a person: "five", "full board", or what the loser did wrong.
    pub reason: String,
}

/// Wins of A, wins of B and draws so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
}

impl MatchScore {
    pub fn games(&self) -> usize {
        self.a_wins + self.b_wins + self.draws
    }

    fn add(&mut self, result: GameResult) {
        match result {
            GameResult::AWins => self.a_wins += 1,
            GameResult::BWins => self.b_wins += 1,
            GameResult::Draw => self.draws += 1,
        }
    }
}

/// The Elo difference that makes `score` (0..=1, draws as half) the expected score:
/// `score = 1 / (1 + 10^(-elo/400))`, so `elo = -400 log10(1/score - 1)`. Infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // Adding 0.0 turns the -0.0 of an even score into 0.0, so it prints as +0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// An Elo difference with the half-width of its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub margin: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |x: f64| {
            if x.is_finite() {
                format!("{x:+.0}")
            } else if x > 0.0 {
                "+inf".to_string()
            } else {
                "-inf".to_string()
            }
        };
        let margin = if self.margin.is_finite() {
            format!("{:.0}", self.margin)
        } else {
            "inf".to_string()
        };
        write!(f, "{} +/- {margin}", show(self.elo))
    }
}

/// The Elo difference of a player who won `wins`, lost `losses` and drew `draws`, with a 95%
/// margin from the spread of the game scores (normal approximation: 1.96 standard errors
/// of the mean score, mapped through [`elo_from_score`] at both ends). `None` with no games;
/// a perfect or nil score has an infinite Elo and margin.
pub fn elo_estimate(wins: usize, losses: usize, draws: usize) -> Option<EloEstimate> {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return None;
    }
    let (w, l, d) = (wins as f64 / n, losses as f64 / n, draws as f64 / n);
    let score = w + d / 2.0;
    let variance = w * (1.0 - score).powi(2) + l * score.powi(2) + d * (0.5 - score).powi(2);
    let spread = 1.96 * (variance / n).sqrt();
    let (low, high) = (score - spread, score + spread);
    let margin = if !(0.0..1.0).contains(&score) || score == 0.0 {
        // Every game won (or lost): no finite Elo, and no finite margin either.
        f64::INFINITY
    } else if spread == 0.0 {
        0.0
    } else {
        (elo_from_score(high) - elo_from_score(low)) / 2.0
    };
    Some(EloEstimate {
        elo: elo_from_score(score),
        margin,
    })
}

/// `stones` random stones near the centre, X first, alternating, that do not end the game
/// and leave neither side a clear edge (see [`BALANCED_SCORE`]). They fall in a square
/// around the centre that grows with their number.
pub fn random_opening(board: &Board, stones: usize, rng: &mut StdRng) -> Vec<Pos> {
    let (rows, cols) = (board.rows(), board.cols());
    let stones = stones.min(rows * cols / 2);
    let radius = 2 + stones / 4;
    let span = |n: usize| {
        let centre = n / 2;
        centre.saturating_sub(radius)..=(centre + radius).min(n - 1)
    };
    let (row_span, col_span) = (span(rows), span(cols));
    let square = row_span.clone().count() * col_span.clone().count();
    let mut judge = Engine::new(EngineConfig {
        tt_megabytes: 1,
        ..EngineConfig::default()
    });
    let mut limits = Limits::nodes(BALANCE_NODES);
    limits.root_vct_nodes = 0;
    for attempt in 1..=1_000 {
        let mut opening_board = board.clone();
        let mut opening = Vec::new();
        while opening.len() < stones {
            let pos = if square > stones + 4 {
                Pos::new(
                    rng.random_range(row_span.clone()),
                    rng.random_range(col_span.clone()),
                )
            } else {
                Pos::new(rng.random_range(0..rows), rng.random_range(0..cols))
            };
            if opening_board.play(pos).is_ok() {
                opening.push(pos);
            }
            if opening_board.is_over() {
                break;
            }
        }
        if opening_board.is_over() {
            continue;
        }
        // Balanced: a short search finds no clear edge for either side. Unbalanced openings,
        // where X wins whoever plays it, squeeze every score toward 50%.
        let score = judge.search(&opening_board, &limits, &mut |_| {}).score;
        if score.abs() <= BALANCED_SCORE || attempt >= BALANCE_TRIES {
            return opening;
        }
    }
    Vec::new()
}

/// An opening is balanced when a [`BALANCE_NODES`]-node search scores it within this.
const BALANCED_SCORE: i32 = 80;
const BALANCE_NODES: u64 = 5_000;
/// After this many unbalanced tries, any opening that does not end the game will do.
const BALANCE_TRIES: usize = 200;

/// A player as the match sees it.
trait Player {
    /// Gets ready for a new game on an empty board of this size and rule.
    fn start_game(&mut self, rows: usize, cols: usize, rule: Rule) -> Result<(), String>;
    /// The move to play in `board` (its side to move is this player's).
    fn choose(&mut self, board: &Board) -> Result<Pos, String>;
    /// The game is over (the player may stop its process).
    fn end_game(&mut self);
}

/// A built-in level.
struct LevelPlayer {
    level: Level,
    /// The most a move may take: Master uses it all, the other levels keep their budgets.
    time: Duration,
    seed: u64,
    bot: Option<CaroBot>,
}

impl Player for LevelPlayer {
    fn start_game(&mut self, _rows: usize, _cols: usize, _rule: Rule) -> Result<(), String> {
        self.bot = Some(new_bot(
            self.level,
            BotOptions {
                seed: Some(self.seed),
                budget: self.level.budget_within(self.time),
            },
        ));
        Ok(())
    }

    fn choose(&mut self, board: &Board) -> Result<Pos, String> {
        let bot = self.bot.as_mut().ok_or("the game was not started")?;
        bot.choose_move(board)
            .ok_or_else(|| "the bot found no move".to_string())
    }

    fn end_game(&mut self) {
        self.bot = None;
    }
}

/// A running brain process and the lines it prints (read on a thread, so that waiting for
/// an answer can time out).
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    fn spawn(path: &Path, args: &[String]) -> Result<EngineProcess, String> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut raw = Vec::new();
            loop {
                raw.clear();
                match reader.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&raw).trim().to_string();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| "the engine closed its input (crashed?)".to_string())
    }

    /// The next line, waiting until `deadline`.
    fn read_line(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err("no answer in time".to_string()),
            Err(RecvTimeoutError::Disconnected) => Err("the engine exited".to_string()),
        }
    }

    /// Sends END and gives the brain a moment to leave before killing it.
    fn stop(mut self) {
        let _ = self.send("END");
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external Gomocup brain: a fresh process per game, as tournament managers do.
struct EnginePlayer {
    path: PathBuf,
    args: Vec<String>,
    time_ms: u64,
    tolerance_ms: u64,
    process: Option<EngineProcess>,
    /// How many moves of the game the engine has been told of (its own included).
    known: usize,
}

/// How long an engine may take to start and answer START.
const START_TIMEOUT: Duration = Duration::from_secs(10);

impl EnginePlayer {
    fn process(&mut self) -> Result<&mut EngineProcess, String> {
        self.process
            .as_mut()
            .ok_or_else(|| "the engine is not running".to_string())
    }

    /// Reads lines until a move, skipping MESSAGE and DEBUG and accepting a SUGGEST.
    fn read_move(&mut self, deadline: Instant) -> Result<Pos, String> {
        let process = self.process()?;
        loop {
            let line = process.read_line(deadline)?;
            match parse_reply_move(&line) {
                Reply::Move(pos) => return Ok(pos),
                Reply::Note => {}
                Reply::Suggest(pos) => process.send(&format!("PLAY {}", format_pos(pos)))?,
                Reply::Failure(msg) => return Err(msg),
            }
        }
    }
}

impl Player for EnginePlayer {
    fn start_game(&mut self, rows: usize, cols: usize, rule: Rule) -> Result<(), String> {
        let mut process = EngineProcess::spawn(&self.path, &self.args)?;
        let start = if rows == cols {
            format!("START {rows}")
        } else {
            format!("RECTSTART {cols},{rows}")
        };
        process.send(&start)?;
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let line = process.read_line(deadline)?;
            match parse_reply_move(&line) {
                Reply::Note => {}
                _ if line.eq_ignore_ascii_case("OK") || line.starts_with("OK ") => break,
                _ => {
                    process.stop();
                    return Err(format!("refused '{start}': {line}"));
                }
            }
        }
        for info in [
            format!("INFO timeout_turn {}", self.time_ms),
            "INFO timeout_match 0".to_string(),
            "INFO max_memory 0".to_string(),
            "INFO game_type 1".to_string(),
            format!("INFO rule {}", rule_bits(rule)),
        ] {
            process.send(&info)?;
        }
        self.process = Some(process);
        self.known = 0;
        Ok(())
    }

    fn choose(&mut self, board: &Board) -> Result<Pos, String> {
        let moves = board.moves();
        let me = board.to_move();
        let known = self.known;
        let process = self.process()?;
        if moves.is_empty() {
            process.send("BEGIN")?;
        } else if known > 0 && known + 1 == moves.len() {
            process.send(&format!("TURN {}", format_pos(moves[moves.len() - 1])))?;
        } else {
            // First turn after an opening, or the engine lost track: the whole position.
            process.send("BOARD")?;
            for (i, &pos) in moves.iter().enumerate() {
                let side = if i % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                let field = if side == me { 1 } else { 2 };
                process.send(&format!("{},{field}", format_pos(pos)))?;
            }
            process.send("DONE")?;
        }
        let deadline = Instant::now() + Duration::from_millis(self.time_ms + self.tolerance_ms);
        let pos = self.read_move(deadline)?;
        self.known = moves.len() + 1;
        Ok(pos)
    }

    fn end_game(&mut self) {
        if let Some(process) = self.process.take() {
            process.stop();
        }
    }
}

fn make_player(spec: &PlayerSpec, config: &MatchConfig, seed: u64) -> Box<dyn Player> {
    match spec {
        PlayerSpec::Level(level) => Box::new(LevelPlayer {
            level: *level,
            time: Duration::from_millis(config.time_ms),
            seed,
            bot: None,
        }),
        PlayerSpec::Engine { path, args } => Box::new(EnginePlayer {
            path: path.clone(),
            args: args.clone(),
            time_ms: config.time_ms,
            tolerance_ms: config.tolerance_ms,
            process: None,
            known: 0,
        }),
    }
}

/// A seed for one player in one game, spread from the match seed (SplitMix64's mixer), so
/// that games and players do not share random choices.
fn game_seed(seed: u64, game: usize, player: u64) -> u64 {
    let mut z = seed
        .wrapping_add((game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(player.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one game from `opening` between X and O; the loser of a fault is named in the
/// reason. Returns the final board, the outcome and the reason.
fn play_game(
    x: &mut dyn Player,
    o: &mut dyn Player,
    board: Board,
    names: [&str; 2],
) -> (Board, Outcome, String) {
    let mut board = board;
    let (rows, cols, rule) = (board.rows(), board.cols(), board.rule());
    let fault = |side: Side, msg: String| {
        (
            Outcome::Win(side.opponent()),
            format!("{} ({}) {msg}", names[side.index()], side_name(side)),
        )
    };
    let players: [&mut dyn Player; 2] = [x, o];
    let mut ended = None;
    for side in [Side::First, Side::Second] {
        if let Err(e) = players[side.index()].start_game(rows, cols, rule) {
            ended = Some(fault(side, format!("failed to start: {e}")));
            break;
        }
    }
    while ended.is_none() {
        if let Some(outcome) = board.outcome() {
            let reason = match outcome {
                Outcome::Win(_) => "five in a row".to_string(),
                Outcome::Draw => "full board".to_string(),
            };
            ended = Some((outcome, reason));
            break;
        }
        let side = board.to_move();
        match players[side.index()].choose(&board) {
            Ok(pos) => {
                if let Err(e) = board.play(pos) {
                    ended = Some(fault(
                        side,
                        format!("played an illegal move {}: {e}", format_pos(pos)),
                    ));
                }
            }
            Err(e) => ended = Some(fault(side, e)),
        }
    }
    for player in players {
        player.end_game();
    }
    let (outcome, reason) = ended.expect("the loop ends with a result");
    (board, outcome, reason)
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}

/// Plays the match, calling `on_game` after each game with its number (from 1), record and
/// the score so far. Errors only on a bad configuration; a player's faults lose games.
pub fn run_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(usize, &GameRecord, &MatchScore),
) -> Result<MatchScore, InputError> {
    let empty = Board::new(config.rows, config.cols, config.rule)?;
    if config.games == 0 {
        return Err(InputError::new("a match needs at least one game"));
    }
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut score = MatchScore::default();
    let mut opening = Vec::new();
    let names = [config.a.to_string(), config.b.to_string()];
    for game in 0..config.games {
        // Each opening twice: A as X first, then B as X.
        if game % 2 == 0 {
            opening = random_opening(&empty, config.opening_stones, &mut rng);
        }
        let a_side = if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut a = make_player(&config.a, config, game_seed(config.seed, game, 1));
        let mut b = make_player(&config.b, config, game_seed(config.seed, game, 2));
        let mut board = empty.clone();
        for &pos in &opening {
            board
                .play(pos)
                .map_err(|e| InputError::new(format!("bad opening move: {e}")))?;
        }
        let label = |name: &str, tag: &str| format!("{tag}:{name}");
        let (a_name, b_name) = (label(&names[0], "A"), label(&names[1], "B"));
        let (board, outcome, reason) = if a_side == Side::First {
            play_game(a.as_mut(), b.as_mut(), board, [&a_name, &b_name])
        } else {
            play_game(b.as_mut(), a.as_mut(), board, [&b_name, &a_name])
        };
        let result = match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Win(side) if side == a_side => GameResult::AWins,
            Outcome::Win(_) => GameResult::BWins,
        };
        score.add(result);
        let record = GameRecord {
            a_side,
            opening: opening.clone(),
            board,
            outcome,
            result,
            reason,
        };
        on_game(game + 1, &record, &score);
    }
    Ok(score)
}

/// The progress line printed after a game.
pub fn describe_game(
    number: usize,
    total: usize,
    config: &MatchConfig,
    record: &GameRecord,
) -> String {
    let (x, o) = if record.a_side == Side::First {
        (format!("A:{}", config.a), format!("B:{}", config.b))
    } else {
        (format!("B:{}", config.b), format!("A:{}", config.a))
    };
    let result = match record.outcome {
        Outcome::Win(Side::First) => format!("X ({x}) wins"),
        Outcome::Win(Side::Second) => format!("O ({o}) wins"),
        Outcome::Draw => "draw".to_string(),
    };
    format!(
        "game {number}/{total}: X={x} O={o}: {result}, {} after {} moves; {}",
        record.reason,
        record.board.stone_count(),
        format_position(&record.board)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
        assert!((elo_from_score(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(elo_from_score(0.5).is_sign_positive());
        assert!((elo_from_score(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn elo_estimate_counts_draws_as_half_and_narrows_with_more_games() {
        let e = elo_estimate(6, 2, 0).unwrap();
        assert!((e.elo - 190.85).abs() < 0.01);
        // 5 wins, 1 loss, 2 draws is also 75%.
        assert!((elo_estimate(5, 1, 2).unwrap().elo - 190.85).abs() < 0.01);
        let more = elo_estimate(60, 20, 0).unwrap();
        assert!(more.margin < e.margin / 2.0, "{more:?} vs {e:?}");
        assert!(more.margin > 50.0 && more.margin < 150.0, "{more:?}");
        assert_eq!(elo_estimate(0, 0, 0), None);
        let even = elo_estimate(0, 0, 4).unwrap();
        assert_eq!((even.elo, even.margin), (0.0, 0.0));
        assert_eq!(elo_estimate(3, 0, 0).unwrap().elo, f64::INFINITY);
    }

    #[test]
    fn openings_are_near_the_centre_and_replayable() {
        let board = Board::new(15, 15, Rule::Caro).unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        for stones in [0, 1, 3, 6] {
            let opening = random_opening(&board, stones, &mut rng);
            assert_eq!(opening.len(), stones);
            let mut b = board.clone();
            for &pos in &opening {
                assert!(
                    pos.row.abs_diff(7) <= 3 && pos.col.abs_diff(7) <= 3,
                    "{pos:?}"
                );
                b.play(pos).unwrap();
            }
            assert!(!b.is_over());
        }
        // Tiny boards fall back to the whole board.
        let tiny = Board::new(5, 5, Rule::Freestyle).unwrap();
        assert_eq!(random_opening(&tiny, 8, &mut rng).len(), 8);
    }

    #[test]
    fn player_specs_parse_levels_and_refuse_unknown_names() {
        assert_eq!(
            PlayerSpec::parse("greedy").unwrap(),
            PlayerSpec::Level(Level::Greedy)
        );
        assert!(PlayerSpec::parse("no-such-level-or-file").is_err());
    }
}
