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
use crate::protocol::gomocup::{
    format_pos, parse_reply_move, parse_xy, plan_move_time, rule_bits, Reply, TimeInfo,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    /// A's and B's own time per move, when they differ from `time_ms` (time-odds runs).
    pub time_a_ms: Option<u64>,
    pub time_b_ms: Option<u64>,
    /// Each player's thinking time for a whole game (Gomocup's `timeout_match`), if the
    /// match has such a clock: engines are told it and, before each move, their
    /// `time_left`; a player whose moves add up to more than it (and the tolerance) loses.
    pub match_ms: Option<u64>,
    /// Extra time an external engine gets per answer before it loses on time (pipes,
    /// process start-up, a slow machine), and any player beyond its match time.
    pub tolerance_ms: u64,
    pub seed: u64,
    /// Stones in each random opening (0: every game starts on an empty board).
    pub opening_stones: usize,
    /// Openings to play instead of random ones (from `--openings-file`), in turn.
    pub openings: Option<Vec<Opening>>,
    /// Games played at once, each on a thread of its own.
    pub concurrency: usize,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
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
            match_ms: None,
            tolerance_ms: 1_000,
            seed: 1,
            opening_stones: 3,
            time_a_ms: None,
            time_b_ms: None,
            openings: None,
            concurrency: 1,
            sprt: None,
        }
    }

    /// A's time per move in ms.
    pub fn time_a(&self) -> u64 {
        self.time_a_ms.unwrap_or(self.time_ms)
    }

    /// B's time per move in ms.
    pub fn time_b(&self) -> u64 {
        self.time_b_ms.unwrap_or(self.time_ms)
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
    /// The game's number in the match, from 1: games 2k-1 and 2k share an opening.
    pub number: usize,
    /// Milliseconds each move after the opening took, in order.
    pub times_ms: Vec<u64>,
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

/// The thinking time of one player over a match: its moves, their total and the longest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTime {
    pub moves: u64,
    pub total_ms: u64,
    pub max_ms: u64,
}

impl ThinkTime {
    /// The mean time of a move in ms (0 with no move).
    pub fn mean_ms(&self) -> u64 {
        self.total_ms.checked_div(self.moves).unwrap_or(0)
    }
}

/// Adds the times of `record`'s moves to A's tally (`times[0]`) and B's (`times[1]`): the
/// first move after the opening is X's when the opening has an even number of stones.
pub fn tally_times(record: &GameRecord, times: &mut [ThinkTime; 2]) {
    let first = if record.opening.len() % 2 == 0 {
        Side::First
    } else {
        Side::Second
    };
    for (k, &ms) in record.times_ms.iter().enumerate() {
        let side = if k % 2 == 0 { first } else { first.opponent() };
        let t = &mut times[usize::from(side != record.a_side)];
        t.moves += 1;
        t.total_ms += ms;
        t.max_ms = t.max_ms.max(ms);
    }
}

/// Wins of A, wins of B and draws so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    /// Finished pairs of games (one opening, colours swapped) by A's points in the pair:
    /// `pairs[k]` counts pairs where A scored k/2 points (0, 1/2, 1, 3/2 or 2).
    pub pairs: [usize; 5],
}

impl MatchScore {
    pub fn games(&self) -> usize {
        self.a_wins + self.b_wins + self.draws
    }

    /// A's share of the points in percent (draws count half); `None` before any game.
    pub fn percent(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| 100.0 * (self.a_wins as f64 + self.draws as f64 / 2.0) / games as f64)
    }

    pub(super) fn add(&mut self, result: GameResult) {
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
    /// The move to play in `board` (its side to move is this player's), with `time_left` ms
    /// left of its match time under a match clock.
    fn choose(&mut self, board: &Board, time_left: Option<u64>) -> Result<Pos, String>;
    /// The game is over (the player may stop its process).
    fn end_game(&mut self);
    /// Waits until the player can take a command, before its clock starts: an engine's
    /// [`ENGINE_SETTLE`] is the manager's wait, not the engine's thinking.
    fn settle(&mut self) {}
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
                ..BotOptions::default()
            },
        ));
        Ok(())
    }

    fn choose(&mut self, board: &Board, time_left: Option<u64>) -> Result<Pos, String> {
        let bot = self.bot.as_mut().ok_or("the game was not started")?;
        if let Some(left) = time_left {
            // Planned as the Gomocup brain plans a move under a match clock.
            let info = TimeInfo {
                timeout_turn: Some(self.time.as_millis().min(u64::MAX as u128) as u64),
                timeout_match: None,
                time_left: Some(left.min(i64::MAX as u64) as i64),
            };
            let own = board.stone_count() / 2;
            let empty = board.rows() * board.cols() - board.stone_count();
            let plan = plan_move_time(&info, own, empty, Duration::ZERO);
            if let Some(budget) = self.level.budget_within(plan) {
                bot.set_budget(budget);
            }
        }
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
    /// When the engine's last line came.
    last_line: Option<Instant>,
}

/// How long after an engine's last line the next command waits at least. Some engines print
/// their move a moment before they read commands again (Rapfi drops a command that comes in
/// that moment, then reads its coordinates as a command of their own); a manager whose other
/// player answers at once would otherwise make them lose games they did not lose.
const ENGINE_SETTLE: Duration = Duration::from_millis(10);

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
            last_line: None,
        })
    }

    /// Sends one or more lines in a single write: an engine that polls its input while it
    /// thinks (Rapfi does) could otherwise see a command cut in two (`TURN` then `13,4`).
    fn send(&mut self, lines: &str) -> Result<(), String> {
        self.settle();
        let mut text = String::with_capacity(lines.len() + 1);
        text.push_str(lines);
        text.push('\n');
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|_| self.stdin.flush())
            .map_err(|_| "the engine closed its input (crashed?)".to_string())
    }

    /// Waits until [`ENGINE_SETTLE`] has passed since the engine's last line.
    fn settle(&self) {
        if let Some(at) = self.last_line {
            let settle = (at + ENGINE_SETTLE).saturating_duration_since(Instant::now());
            if !settle.is_zero() {
                std::thread::sleep(settle);
            }
        }
    }

    /// The next line, waiting until `deadline`.
    fn read_line(&mut self, deadline: Instant) -> Result<String, String> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.last_line = Some(Instant::now());
                Ok(line)
            }
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
    match_ms: Option<u64>,
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
            format!("INFO timeout_match {}", self.match_ms.unwrap_or(0)),
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

    fn choose(&mut self, board: &Board, time_left: Option<u64>) -> Result<Pos, String> {
        let moves = board.moves();
        let me = board.to_move();
        let known = self.known;
        let process = self.process()?;
        // Under a match clock the engine hears its time left first, in the same write.
        let mut command = match time_left {
            Some(left) => format!("INFO time_left {left}\n"),
            None => String::new(),
        };
        if moves.is_empty() {
            command.push_str("BEGIN");
        } else if known > 0 && known + 1 == moves.len() {
            command.push_str(&format!("TURN {}", format_pos(moves[moves.len() - 1])));
        } else {
            // First turn after an opening, or the engine lost track: the whole position.
            let mut board = String::from("BOARD");
            for (i, &pos) in moves.iter().enumerate() {
                let side = if i % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                let field = if side == me { 1 } else { 2 };
                board.push_str(&format!("\n{},{field}", format_pos(pos)));
            }
            board.push_str("\nDONE");
            command.push_str(&board);
        }
        process.send(&command)?;
        let limit = time_left.map_or(self.time_ms, |left| left.min(self.time_ms));
        let deadline =
            Instant::now() + Duration::from_millis(limit.saturating_add(self.tolerance_ms));
        let pos = self.read_move(deadline).map_err(|e| match time_left {
            Some(left) if left < self.time_ms => format!("{e} ({left} ms left of its match time)"),
            _ => e,
        })?;
        self.known = moves.len() + 1;
        Ok(pos)
    }

    fn end_game(&mut self) {
        if let Some(process) = self.process.take() {
            process.stop();
        }
    }

    fn settle(&mut self) {
        if let Some(process) = &self.process {
            process.settle();
        }
    }
}

fn make_player(
    spec: &PlayerSpec,
    config: &MatchConfig,
    time_ms: u64,
    seed: u64,
) -> Box<dyn Player> {
    match spec {
        PlayerSpec::Level(level) => Box::new(LevelPlayer {
            level: *level,
            time: Duration::from_millis(time_ms),
            seed,
            bot: None,
        }),
        PlayerSpec::Engine { path, args } => Box::new(EnginePlayer {
            path: path.clone(),
            args: args.clone(),
            time_ms,
            match_ms: config.match_ms,
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
/// reason. Under a match clock (`match_ms`), a player whose moves add up to more than it
/// and `tolerance_ms` loses on time. Returns the final board, the outcome, the reason and
/// each move's time.
fn play_game(
    x: &mut dyn Player,
    o: &mut dyn Player,
    board: Board,
    names: [&str; 2],
    match_ms: Option<u64>,
    tolerance_ms: u64,
) -> (Board, Outcome, String, Vec<u64>) {
    let mut times = Vec::new();
    // Each side's thinking time so far, for the match clock.
    let mut used = [0u64; 2];
    let mut board = board;
    let (rows, cols, rule) = (board.rows(), board.cols(), board.rule());
    let fault = |side: Side, msg: String| {
        (
            Outcome::Win(side.opponent()),
            format!("{} ({}) {msg}", names[side.index()], side.name()),
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
        let time_left = match_ms.map(|total| total.saturating_sub(used[side.index()]));
        players[side.index()].settle();
        let clock = Instant::now();
        let choice = players[side.index()].choose(&board, time_left);
        let ms = clock.elapsed().as_millis().min(u64::MAX as u128) as u64;
        times.push(ms);
        used[side.index()] = used[side.index()].saturating_add(ms);
        let spent = used[side.index()];
        match (choice, match_ms) {
            (Ok(_), Some(total)) if spent > total.saturating_add(tolerance_ms) => {
                let msg = format!("ran out of its match time: {spent} ms of {total} thought");
                ended = Some(fault(side, msg));
            }
            (Ok(pos), _) => {
                if let Err(e) = board.play(pos) {
                    ended = Some(fault(
                        side,
                        format!("played an illegal move {}: {e}", format_pos(pos)),
                    ));
                }
            }
            (Err(e), _) => ended = Some(fault(side, e)),
        }
    }
    for player in players {
        player.end_game();
    }
    let (outcome, reason) = ended.expect("the loop ends with a result");
    times.truncate(board.stone_count());
    (board, outcome, reason, times)
}

/// The opening of pair `pair` (games `2 pair` and `2 pair + 1`): the next one of the
/// file's, in turn, or a random balanced one drawn from the match seed and the pair's number
/// (so that it does not depend on which games ran first).
fn opening_for(config: &MatchConfig, empty: &Board, pair: usize) -> Vec<Pos> {
    match &config.openings {
        Some(list) if !list.is_empty() => list[pair % list.len()].stones.clone(),
        _ => {
            let mut rng = StdRng::seed_from_u64(game_seed(config.seed, pair, 3));
            random_opening(empty, config.opening_stones, &mut rng)
        }
    }
}

/// Plays game `game` (from 0) of the match: A plays X in even games, O in odd ones.
fn play_match_game(config: &MatchConfig, empty: &Board, game: usize) -> GameRecord {
    let opening = opening_for(config, empty, game / 2);
    let a_side = if game % 2 == 0 {
        Side::First
    } else {
        Side::Second
    };
    let mut a = make_player(
        &config.a,
        config,
        config.time_a(),
        game_seed(config.seed, game, 1),
    );
    let mut b = make_player(
        &config.b,
        config,
        config.time_b(),
        game_seed(config.seed, game, 2),
    );
    let mut board = empty.clone();
    for &pos in &opening {
        // Checked when the match was set up (check_openings).
        if board.play(pos).is_err() {
            break;
        }
    }
    let (a_name, b_name) = (format!("A:{}", config.a), format!("B:{}", config.b));
    let (x, o, names) = if a_side == Side::First {
        (a.as_mut(), b.as_mut(), [a_name.as_str(), b_name.as_str()])
    } else {
        (b.as_mut(), a.as_mut(), [b_name.as_str(), a_name.as_str()])
    };
    let (board, outcome, reason, times_ms) =
        play_game(x, o, board, names, config.match_ms, config.tolerance_ms);
    let result = match outcome {
        Outcome::Draw => GameResult::Draw,
        Outcome::Win(side) if side == a_side => GameResult::AWins,
        Outcome::Win(_) => GameResult::BWins,
    };
    GameRecord {
        number: game + 1,
        times_ms,
        a_side,
        opening,
        board,
        outcome,
        result,
        reason,
    }
}

/// Plays the match, calling `on_game` after each game with the number of games finished,
/// the game's record and the score so far. With `concurrency` above 1, games run on that
/// many threads at once (each player, level or engine process, on one game only) and are
/// reported as they finish. With an SPRT, no game is started once the test has decided
/// (the games already running are finished and counted). Errors only on a bad
/// configuration; a player's faults lose games.
pub fn run_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(usize, &GameRecord, &MatchScore),
) -> Result<MatchScore, InputError> {
    let empty = Board::new(config.rows, config.cols, config.rule)?;
    if config.games == 0 {
        return Err(InputError::new("a match needs at least one game"));
    }
    if let Some(openings) = &config.openings {
        check_openings(openings, &empty)?;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = channel::<GameRecord>();
    let mut score = MatchScore::default();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, config.games) {
            let sender = sender.clone();
            let (next, stop, empty) = (&next, &stop, &empty);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= config.games {
                    break;
                }
                if sender.send(play_match_game(config, empty, game)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // A pair's first result, until its other game is in.
        let mut half_pairs: HashMap<usize, GameResult> = HashMap::new();
        for record in results {
            score.add(record.result);
            let pair = (record.number - 1) / 2;
            match half_pairs.remove(&pair) {
                Some(first) => score.pairs[points(first) + points(record.result)] += 1,
                None => {
                    half_pairs.insert(pair, record.result);
                }
            }
            on_game(score.games(), &record, &score);
            if let Some(sprt) = &config.sprt {
                if sprt.decision(&score).is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    Ok(score)
}

/// A's points in a game, in half points.
fn points(result: GameResult) -> usize {
    match result {
        GameResult::AWins => 2,
        GameResult::Draw => 1,
        GameResult::BWins => 0,
    }
}

/// An opening read from a file, with the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub line: usize,
    pub stones: Vec<Pos>,
}

/// Reads an openings file: one opening a line, stones `x,y;x,y;...` in Gomocup coordinates
/// (x the column from the left, y the row from the top, 0-based), Black first, colours
/// alternating; `#` starts a comment, and empty lines are skipped. An error names the line.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, InputError> {
    let mut openings = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let mut stones: Vec<Pos> = Vec::new();
        for stone in body.split(';') {
            let stone = stone.trim();
            if stone.is_empty() {
                continue;
            }
            let pos = parse_xy(stone).map_err(|e| InputError::new(format!("line {line}: {e}")))?;
            if stones.contains(&pos) {
                return Err(InputError::new(format!(
                    "line {line}: stone {stone} is given twice"
                )));
            }
            stones.push(pos);
        }
        openings.push(Opening { line, stones });
    }
    if openings.is_empty() {
        return Err(InputError::new("no opening in the file"));
    }
    Ok(openings)
}

/// Checks that every opening can be played on `empty` (on the board, legal under its rule,
/// not already won); the error names the line.
pub fn check_openings(openings: &[Opening], empty: &Board) -> Result<(), InputError> {
    for opening in openings {
        let mut board = empty.clone();
        for &pos in &opening.stones {
            board.play(pos).map_err(|e| {
                InputError::new(format!(
                    "line {}: stone {} cannot be played on the {}x{} {} board: {e}",
                    opening.line,
                    format_pos(pos),
                    empty.cols(),
                    empty.rows(),
                    empty.rule()
                ))
            })?;
        }
        if board.is_over() {
            return Err(InputError::new(format!(
                "line {}: the opening already ends the game",
                opening.line
            )));
        }
    }
    Ok(())
}

/// A sequential probability ratio test between two Elo differences of A over B, with error
/// rates alpha (accepting H1 when H0 holds) and beta.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0: A is not better than `elo0`.
    AcceptH0,
    /// H1: A is at least `elo1` better.
    AcceptH1,
}

impl FromStr for Sprt {
    type Err = InputError;

    /// `elo0,elo1` with elo0 < elo1; alpha = beta = 0.05.
    fn from_str(text: &str) -> Result<Sprt, InputError> {
        let bad = || {
            InputError::new(format!(
                "bad SPRT bounds '{text}': expected elo0,elo1 with elo0 < elo1, both within -1000..1000"
            ))
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1): (f64, f64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if !(elo0 < elo1 && elo0 > -1000.0 && elo1 < 1000.0) {
            return Err(bad());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }
}

impl Sprt {
    /// The lower bound of the log-likelihood ratio: at or below it, accept H0.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound: at or above it, accept H1.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of the score so far: from the pairs of games when any pair
    /// is finished (pentanomial: the two games of an opening are not independent), else
    /// from the single games (trinomial).
    pub fn llr(&self, score: &MatchScore) -> f64 {
        if score.pairs.iter().sum::<usize>() > 0 {
            let samples = [0.0, 0.25, 0.5, 0.75, 1.0];
            llr_normal(self, &samples, &score.pairs)
        } else {
            llr_normal(
                self,
                &[0.0, 0.5, 1.0],
                &[score.b_wins, score.draws, score.a_wins],
            )
        }
    }

    pub fn decision(&self, score: &MatchScore) -> Option<SprtDecision> {
        let llr = self.llr(score);
        if llr >= self.upper() {
            Some(SprtDecision::AcceptH1)
        } else if llr <= self.lower() {
            Some(SprtDecision::AcceptH0)
        } else {
            None
        }
    }
}

/// The expected score of the side that is `elo` better (logistic Elo).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The generalised SPRT's log-likelihood ratio in its normal approximation: with `counts[k]`
/// observations of the score `values[k]` (each a fraction of the points, lowest first),
/// mean m and variance v over n observations, LLR = n (s1 - s0) (2m - s0 - s1) / (2v), where
/// s0 and s1 are the expected scores under H0 and H1. A prior of half an observation is added
/// at each extreme (a lost and a won half-game, or pair), so that a few identical results
/// (no variance yet) do not decide the test at once.
pub fn llr_normal(sprt: &Sprt, values: &[f64], counts: &[usize]) -> f64 {
    let mut counts: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
    if let (Some(first), true) = (counts.first_mut(), values.len() > 1) {
        *first += 0.5;
    }
    if let Some(last) = counts.last_mut() {
        *last += 0.5;
    }
    let n: f64 = counts.iter().sum();
    let mean = values.iter().zip(&counts).map(|(v, c)| v * c).sum::<f64>() / n;
    let variance = values
        .iter()
        .zip(&counts)
        .map(|(v, c)| c * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    let (s0, s1) = (score_from_elo(sprt.elo0), score_from_elo(sprt.elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
}

/// `record` as a Piskvork game file (`.psq`, as [`crate::caro::record::format_psq`] writes
/// it and the web page imports it): `Piskvorky WxH, 11:11, 0`, a line `x,y,ms` a move with
/// 1-based coordinates (the opening's moves with 0 ms), the names of X's and O's players,
/// then `-1`.
pub fn psq(record: &GameRecord, x_name: &str, o_name: &str) -> String {
    let mut millis = vec![0; record.opening.len()];
    millis.extend(&record.times_ms);
    crate::caro::record::format_psq(&record.board, &millis, [x_name, o_name])
}

/// The progress line printed after a game.
pub fn describe_game(total: usize, config: &MatchConfig, record: &GameRecord) -> String {
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
        "game {}/{total}: X={x} O={o}: {result}, {} after {} moves; {}",
        record.number,
        record.reason,
        record.board.stone_count(),
        format_position(&record.board)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player that thinks for `ms` (sleeps), plays the first free cell, and notes the
    /// match time it was told it had left before each move.
    struct Sleeper {
        ms: u64,
        told: Vec<Option<u64>>,
    }

    impl Sleeper {
        fn new(ms: u64) -> Sleeper {
            Sleeper {
                ms,
                told: Vec::new(),
            }
        }
    }

    impl Player for Sleeper {
        fn start_game(&mut self, _: usize, _: usize, _: Rule) -> Result<(), String> {
            Ok(())
        }

        fn choose(&mut self, board: &Board, time_left: Option<u64>) -> Result<Pos, String> {
            self.told.push(time_left);
            std::thread::sleep(Duration::from_millis(self.ms));
            board
                .empty_cells()
                .find(|&p| board.check_move(p).is_ok())
                .ok_or_else(|| "no free cell".to_string())
        }

        fn end_game(&mut self) {}
    }

    #[test]
    fn a_player_whose_moves_outlast_the_match_clock_loses_on_time() {
        let board = Board::new(10, 10, Rule::Freestyle).unwrap();
        let (mut slow, mut quick) = (Sleeper::new(30), Sleeper::new(0));
        // X thinks 30 ms a move against 50 ms for the game (and 5 of grace): its second
        // move runs out.
        let (board, outcome, reason, times) =
            play_game(&mut slow, &mut quick, board, ["X", "O"], Some(50), 5);
        assert_eq!(outcome, Outcome::Win(Side::Second), "{reason}");
        assert!(
            reason.starts_with("X (X) ran out of its match time"),
            "{reason}"
        );
        assert_eq!(board.stone_count(), 2, "the late move is not played");
        // One time a stone on the board (the records' format): the late move's is dropped.
        assert_eq!(times.len(), 2);
        assert!(times[0] >= 30, "{times:?}");
        assert_eq!(slow.told[0], Some(50));
        assert!(
            slow.told[1].is_some_and(|left| left <= 20),
            "{:?}",
            slow.told
        );
        assert_eq!(quick.told[0], Some(50));
        // Without a match clock nobody is told a time left, and the same game goes on.
        let board = Board::new(10, 10, Rule::Freestyle).unwrap();
        let (mut slow, mut quick) = (Sleeper::new(30), Sleeper::new(0));
        let (_, outcome, reason, _) = play_game(&mut slow, &mut quick, board, ["X", "O"], None, 5);
        assert_eq!(reason, "five in a row");
        assert_eq!(outcome, Outcome::Win(Side::First));
        assert!(slow.told.iter().chain(&quick.told).all(Option::is_none));
    }

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
    fn elo_and_margin_of_a_known_score() {
        // 60 wins in 100 games: 60%, +70.4 Elo; the score's 95% interval 0.6 +- 1.96 *
        // sqrt(0.24 / 100) maps to +2.8 .. +143.2 Elo, a margin of 70.6.
        let e = elo_estimate(60, 40, 0).unwrap();
        assert!((e.elo - 70.44).abs() < 0.01, "{e:?}");
        assert!((e.margin - 70.57).abs() < 0.01, "{e:?}");
        assert_eq!(e.to_string(), "+70 +/- 71");
        assert!((score_from_elo(0.0) - 0.5).abs() < 1e-12);
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((elo_from_score(score_from_elo(123.0)) - 123.0).abs() < 1e-9);
    }

    #[test]
    fn sprt_bounds_and_log_likelihood_ratios() {
        let sprt: Sprt = "0,10".parse().unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 10.0, 0.05, 0.05)
        );
        // ln(0.05 / 0.95) and ln(0.95 / 0.05) = -+ln(19).
        assert!((sprt.lower() + 2.944439).abs() < 1e-6);
        assert!((sprt.upper() - 2.944439).abs() < 1e-6);
        // Trinomial, 60-40-0 (with the prior, 60.5-40.5-0): n = 101, mean 0.599, variance
        // 0.2402, s0 = 0.5, s1 = 0.514387: n (s1 - s0) (2 mean - s0 - s1) / (2 var) = 0.5555.
        let games = MatchScore {
            a_wins: 60,
            b_wins: 40,
            ..MatchScore::default()
        };
        assert!((sprt.llr(&games) - 0.55546).abs() < 1e-4);
        assert_eq!(sprt.decision(&games), None);
        // Pentanomial, pairs 5-10-20-40-25 (with the prior 5.5-10-20-40-25.5): LLR 3.108, H1.
        let pairs = MatchScore {
            pairs: [5, 10, 20, 40, 25],
            ..games
        };
        assert!((sprt.llr(&pairs) - 3.10776).abs() < 1e-4);
        assert_eq!(sprt.decision(&pairs), Some(SprtDecision::AcceptH1));
        // The mirror image accepts H0; an even score between s0 and s1 leans to H0.
        let mirror = MatchScore {
            pairs: [25, 40, 20, 10, 5],
            ..games
        };
        assert!((sprt.llr(&mirror) + 3.37699).abs() < 1e-4);
        assert_eq!(sprt.decision(&mirror), Some(SprtDecision::AcceptH0));
        // One won game, or one won pair, decides nothing even against 300 Elo: 0.281.
        let wide: Sprt = "0,300".parse().unwrap();
        let one = MatchScore {
            a_wins: 1,
            ..MatchScore::default()
        };
        assert!((wide.llr(&one) - 0.28104).abs() < 1e-4);
        let pair = MatchScore {
            pairs: [0, 0, 0, 0, 1],
            ..one
        };
        assert!((wide.llr(&pair) - 0.28104).abs() < 1e-4);
        // Three won pairs are not enough yet: 2.559 is below 2.944.
        let three = MatchScore {
            pairs: [0, 0, 0, 0, 3],
            ..one
        };
        assert!((wide.llr(&three) - 2.55909).abs() < 1e-4);
        assert_eq!(wide.decision(&three), None);
        let even = MatchScore {
            pairs: [0, 0, 10, 0, 0],
            ..games
        };
        assert!(sprt.llr(&even) < 0.0);
        for bad in ["10,0", "5,5", "x,1", "1", "0,2000", ""] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn openings_files_are_read_and_their_errors_name_the_line() {
        let text = "# balanced\n9,4;7,9;6,7  # rapfi 23\n\n 8,7 ; 10,8;5,10\n7,7\n";
        let openings = parse_openings(text).unwrap();
        assert_eq!(openings.len(), 3);
        // x is the column, y the row.
        assert_eq!(openings[0].line, 2);
        assert_eq!(
            openings[0].stones,
            vec![Pos::new(4, 9), Pos::new(9, 7), Pos::new(7, 6)]
        );
        assert_eq!(openings[1].line, 4);
        assert_eq!(openings[1].stones[2], Pos::new(10, 5));
        assert_eq!(openings[2].stones, vec![Pos::new(7, 7)]);
        for (text, message) in [
            ("7,7\n7;8\n", "line 2: bad coordinates '7'"),
            ("7,7;a,b\n", "line 1: bad coordinates 'a,b'"),
            ("# only\n1,1;2,2;1,1\n", "line 2: stone 1,1 is given twice"),
            ("7,7;-1,3\n", "line 1: bad coordinates '-1,3'"),
            ("# nothing\n\n", "no opening in the file"),
        ] {
            let e = parse_openings(text).unwrap_err().to_string();
            assert!(e.contains(message), "{text:?}: {e}");
        }
        let board = Board::new(15, 15, Rule::Freestyle).unwrap();
        let check = |text: &str| check_openings(&parse_openings(text).unwrap(), &board);
        assert!(check("7,7;8,8\n").is_ok());
        let e = check("1,1\n15,3\n").unwrap_err().to_string();
        assert!(e.starts_with("line 2: stone 15,3 cannot be played"), "{e}");
        let five = "0,0;0,1;1,0;1,1;2,0;2,1;3,0;3,1;4,0\n";
        let e = check(five).unwrap_err().to_string();
        assert_eq!(e, "line 1: the opening already ends the game");
    }

    /// A drawn game on a freestyle board of `rows` x `cols` with `moves` played (row, col),
    /// the first of them the opening, A playing O, and these times after the opening.
    fn drawn_record(
        rows: usize,
        cols: usize,
        moves: &[(usize, usize)],
        times: &[u64],
    ) -> GameRecord {
        let mut board = Board::new(rows, cols, Rule::Freestyle).unwrap();
        for &(r, c) in moves {
            board.play(Pos::new(r, c)).unwrap();
        }
        GameRecord {
            number: 3,
            times_ms: times.to_vec(),
            a_side: Side::Second,
            opening: vec![Pos::new(moves[0].0, moves[0].1)],
            board,
            outcome: Outcome::Draw,
            result: GameResult::Draw,
            reason: "full board".to_string(),
        }
    }

    #[test]
    fn psq_records_hold_every_move_with_one_based_coordinates() {
        let record = drawn_record(15, 20, &[(7, 7), (0, 19), (8, 8)], &[12, 40]);
        assert_eq!(
            psq(&record, "greedy", "pbrain-x"),
            "Piskvorky 20x15, 11:11, 0\n8,8,0\n20,1,12\n9,9,40\ngreedy\npbrain-x\n-1\n"
        );
    }

    #[test]
    fn think_times_go_to_the_player_who_moved() {
        // One opening stone (X's): O moves first after it, and A plays O.
        let cells = [(7, 7), (7, 8), (8, 8), (6, 6), (9, 9)];
        let mut record = drawn_record(15, 15, &cells, &[100, 7, 300, 9]);
        let mut times = [ThinkTime::default(); 2];
        tally_times(&record, &mut times);
        let a = ThinkTime {
            moves: 2,
            total_ms: 400,
            max_ms: 300,
        };
        let b = ThinkTime {
            moves: 2,
            total_ms: 16,
            max_ms: 9,
        };
        assert_eq!(times, [a, b]);
        assert_eq!((times[0].mean_ms(), times[1].mean_ms()), (200, 8));
        // Two opening stones: X moves first, and A plays X; the tallies add up.
        record.opening.push(Pos::new(7, 8));
        record.times_ms = vec![5, 50, 1];
        record.a_side = Side::First;
        tally_times(&record, &mut times);
        assert_eq!(times[0].moves, 4);
        assert_eq!(times[0].total_ms, 406);
        assert_eq!(times[1].total_ms, 66);
        assert_eq!(times[1].max_ms, 50);
        assert_eq!(ThinkTime::default().mean_ms(), 0);
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
