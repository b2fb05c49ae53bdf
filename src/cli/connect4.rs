//! `caro connect4 solve|perft|book` and `caro play connect4`.

use super::lines::{clip, LineReader};
use super::progress::Progress;
use super::{in_range, lines_result, Failure};
use crate::connect4::book::{self, Book};
use crate::connect4::levels::{new_bot, Level};
use crate::connect4::position::{perft, Board, Position};
use crate::connect4::solver::{Solver, DEFAULT_TT_MIB, MAX_SCORE, MIN_SCORE};
use crate::game::{InputError, Outcome};
use clap::{Args, Subcommand};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

/// `caro connect4 ...`.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Read positions from stdin, one a line: <columns 1-7> [expected score]; print
    /// <columns> <score> <nodes> <microseconds>, a summary on stderr
    Solve(SolveArgs),
    /// The number of move sequences of N plies from the empty board
    Perft {
        /// Plies, 0 to 42
        #[arg(value_parser = in_range(0usize, 42))]
        depth: usize,
    },
    /// Generate an opening book and write it to --out; prints each position's score as it
    /// is solved (lines that --scores reads back)
    Book(BookArgs),
    /// Every column's exact score in a position
    Hint(PositionArgs),
    /// A best column (centre first among equals): prints the position after it and its exact
    /// score, a line for `book --scores`
    Best(PositionArgs),
}

/// The solver's table and book.
#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// Transposition table size in MiB
    #[arg(long, value_name = "N", default_value_t = DEFAULT_TT_MIB, value_parser = in_range(1usize, 8192))]
    pub tt_mib: usize,
    /// Solve without the opening book
    #[arg(long)]
    pub no_book: bool,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Only the sign of each score: win, draw or loss
    #[arg(long)]
    pub weak: bool,
    /// Keep the table from one position to the next (default: clear it, as Pons' benchmark)
    #[arg(long)]
    pub keep_tt: bool,
    /// Transposition table size in MiB
    #[arg(long, value_name = "N", default_value_t = SOLVE_TT_MIB, value_parser = in_range(1usize, 8192))]
    pub tt_mib: usize,
    /// Solve without the opening book
    #[arg(long)]
    pub no_book: bool,
}

/// `solve`'s table: 8 MiB. Each position starts from a cleared table, and a small one stays
/// in the caches. Measured (CPU time a position; all 1,000 positions of each of Pons' sets,
/// the first 300 of L1_R2; 2-core Xeon VM with other jobs, 2026-11-23), 8 MiB against the
/// 64 MiB of Solver::new: L3_R1 3.5 vs 8.5 us, L2_R1 31.6 vs 48.3 us, L2_R2 3.33 vs 3.97 ms,
/// L1_R1 222 vs 299 us, L1_R2 97.5 vs 108.3 ms, with nodes within 10% (L1_R2 1.26 M vs
/// 1.15 M). 2 and 4 MiB were as fast on the short sets but searched more nodes on L1_R2
/// (1.54 M, 1.37 M). Runs with `--keep-tt`, which carry knowledge over, may want more.
pub const SOLVE_TT_MIB: usize = 8;

#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// Solve every position up to this many stones
    #[arg(long, value_name = "D", default_value_t = 1, value_parser = in_range(0usize, 14))]
    pub depth: usize,
    /// The book file to write (the shipped one is data/connect4/book.bin)
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Take the scores in this file (lines <columns> <score>) as known
    #[arg(long, value_name = "FILE")]
    pub scores: Option<PathBuf>,
    /// Solve nothing: write a partial book of the known positions
    #[arg(long)]
    pub known_only: bool,
    #[command(flatten)]
    pub table: TableArgs,
}

#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The position: the columns played, 1 to 7, from the empty board
    #[arg(value_name = "COLUMNS", default_value = "")]
    pub columns: String,
    #[command(flatten)]
    pub table: TableArgs,
}

pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Solve(args) => return solve(&args),
        Command::Perft { depth } => run_perft(depth),
        Command::Book(args) => run_book(&args)?,
        Command::Hint(args) => hint(&args)?,
        Command::Best(args) => best(&args)?,
    }
    Ok(())
}

fn make_solver(args: &TableArgs) -> Solver {
    let mut solver = Solver::with_tt_mib(args.tt_mib);
    if args.no_book {
        solver.set_book(None);
    }
    solver
}

/// One benchmark line: the position and the expected score, if given.
fn parse_line(line: &str) -> Result<(Position, Option<i32>), InputError> {
    let mut fields = line.split_whitespace();
    let moves = fields.next().unwrap_or("");
    let position = Position::parse(moves)?;
    if position.is_over() {
        return Err(InputError::new("the game is already over in this position"));
    }
    let expected = match fields.next() {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| InputError::new(format!("bad expected score '{s}'")))?,
        ),
    };
    if fields.next().is_some() {
        return Err(InputError::new(
            "too many fields: expected <columns> [score]",
        ));
    }
    Ok((position, expected))
}

fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let (weak, keep) = (args.weak, args.keep_tt);
    let mut solver = make_solver(&TableArgs {
        tt_mib: args.tt_mib,
        no_book: args.no_book,
    });
    let stdin = std::io::stdin();
    let mut reader = LineReader::new(stdin.lock());
    let mut progress = Progress::new("positions", None);
    let (mut count, mut total_us, mut total_nodes) = (0u64, 0u128, 0u64);
    let (mut checked, mut matched, mut errors, mut lines) = (0u64, 0u64, 0usize, 0usize);
    // CPU time as well as wall time: on a busy machine the wall time also counts the time
    // spent waiting for a core. Reading the clock costs a little; measure that and take it off.
    let cpu_overhead = cpu_clock_overhead_ns();
    let mut total_cpu_ns: Option<u64> = cpu_overhead.map(|_| 0);
    while let Some((number, line)) = reader
        .next_line()
        .map_err(|e| InputError::new(format!("reading stdin: {e}")))?
    {
        let parsed = line.map_err(|e| format!(": {e}")).and_then(|text| {
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                return Ok(None);
            }
            parse_line(text)
                .map(Some)
                .map_err(|e| format!(" '{}': {e}", clip(text)))
        });
        let (position, expected) = match parsed {
            Ok(None) => continue,
            Ok(Some(p)) => p,
            Err(e) => {
                lines += 1;
                errors += 1;
                progress.println(&format!("error: line {number}{e}"));
                continue;
            }
        };
        lines += 1;
        if !keep {
            // Like Pascal Pons' benchmark: each position starts from an empty table, and
            // clearing it is not timed.
            solver.clear();
        }
        solver.reset_nodes();
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        let score = solver.solve(position.board(), weak);
        let us = start.elapsed().as_micros();
        if let (Some(total), Some(a), Some(b), Some(overhead)) = (
            total_cpu_ns.as_mut(),
            cpu_start,
            thread_cpu_ns(),
            cpu_overhead,
        ) {
            *total += b.saturating_sub(a).saturating_sub(overhead);
        }
        let nodes = solver.nodes();
        progress.println(&format!("{position} {score} {nodes} {us}"));
        progress.inc(1);
        count += 1;
        total_us += us;
        total_nodes += nodes;
        if let Some(expected) = expected {
            checked += 1;
            let want = if weak { expected.signum() } else { expected };
            if want == score {
                matched += 1;
            }
        }
    }
    progress.finish();
    let _ = std::io::stdout().flush();
    if count > 0 {
        eprintln!(
            "positions: {count}  mean time: {:.1} us  mean nodes: {:.1}",
            total_us as f64 / count as f64,
            total_nodes as f64 / count as f64
        );
        if let Some(cpu) = total_cpu_ns {
            eprintln!(
                "mean CPU time: {:.1} us",
                cpu as f64 / 1000.0 / count as f64
            );
        }
    } else {
        eprintln!("positions: 0");
    }
    if checked > 0 {
        eprintln!("expected scores matched: {matched}/{checked}");
    }
    if errors > 0 {
        eprintln!("malformed lines: {errors}");
    }
    lines_result(errors, lines)
}

/// This thread's CPU time so far in nanoseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`),
/// or `None` where there is no such clock.
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through the valid pointer we pass.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// The CPU time that one call of [`thread_cpu_ns`] itself costs, in nanoseconds.
fn cpu_clock_overhead_ns() -> Option<u64> {
    let mut samples: Vec<u64> = (0..50)
        .map(|_| {
            let a = thread_cpu_ns()?;
            Some(thread_cpu_ns()? - a)
        })
        .collect::<Option<_>>()?;
    samples.sort_unstable();
    Some(samples[samples.len() / 2])
}

fn run_perft(depth: usize) {
    let start = Instant::now();
    let n = perft(&Board::new(), depth);
    println!("{n}");
    eprintln!(
        "perft {depth}: {n} in {:.3} s",
        start.elapsed().as_secs_f64()
    );
}

fn run_book(args: &BookArgs) -> Result<(), InputError> {
    let out = &args.out;
    let known = match &args.scores {
        None => Book::default(),
        Some(path) => read_scores(path)?,
    };
    let mut solver = make_solver(&args.table);
    let start = Instant::now();
    let book = book::generate(
        args.depth,
        &mut solver,
        &known,
        args.known_only,
        |position, score| {
            // One line per position, in the `solve` input format: a run that is stopped
            // can be resumed by passing its output to --scores.
            println!("{position} {score}");
            eprintln!(
                "{position} {score}  ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
        },
    );
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes)
        .map_err(|e| InputError::new(format!("cannot write the book to {}: {e}", out.display())))?;
    eprintln!(
        "wrote {} positions ({} bytes) up to depth {} to {} in {:.0} s",
        book.len(),
        bytes.len(),
        book.depth(),
        out.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Exact scores from a file of `<columns> <score>` lines (the output of `solve` or `book`).
fn read_scores(path: &std::path::Path) -> Result<Book, InputError> {
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::new(format!("cannot read {}: {e}", path.display())))?;
    let mut reader = LineReader::new(std::io::BufReader::new(file));
    let mut scores = Vec::new();
    while let Some((number, line)) = reader
        .next_line()
        .map_err(|e| InputError::new(format!("cannot read {}: {e}", path.display())))?
    {
        let bad = |what: &str| InputError::new(format!("{} line {number}: {what}", path.display()));
        let line = line.map_err(|e| bad(&e))?.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // The empty board has no columns: its line is just the score.
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (moves, score) = match fields[..] {
            [score] => ("", score),
            [moves, score] => (moves, score),
            _ => return Err(bad("expected <columns> <score>")),
        };
        let position = Position::parse(moves).map_err(|e| bad(&e.to_string()))?;
        let score: i32 = score
            .parse()
            .ok()
            .filter(|s| (MIN_SCORE..=MAX_SCORE).contains(s))
            .ok_or_else(|| {
                bad(&format!(
                    "bad score '{}': expected a whole number from {MIN_SCORE} to {MAX_SCORE}",
                    clip(score)
                ))
            })?;
        scores.push((*position.board(), score));
    }
    Ok(Book::from_scores(scores))
}

fn hint(args: &PositionArgs) -> Result<(), InputError> {
    let position = Position::parse(&args.columns)?;
    if position.is_over() {
        return Err(InputError::new(
            "the game is over in this position: no move to score",
        ));
    }
    let mut solver = make_solver(&args.table);
    let scores = solver.column_scores(&position);
    for (col, score) in scores.iter().enumerate() {
        match score {
            Some(s) => println!("column {}: {s}", col + 1),
            None => println!("column {}: full", col + 1),
        }
    }
    Ok(())
}

fn best(args: &PositionArgs) -> Result<(), InputError> {
    let position = Position::parse(&args.columns)?;
    if position.is_over() {
        return Err(InputError::new(
            "the game is over in this position: no move to play",
        ));
    }
    let mut solver = make_solver(&args.table);
    let start = Instant::now();
    let col = solver
        .best_column(&position, &[3, 2, 4, 1, 5, 0, 6])
        .ok_or_else(|| InputError::new("no move to play"))?;
    // The best column keeps the position's score: the child's is its negation.
    let score = solver.solve(position.board(), false);
    let mut child = position;
    child
        .play(col)
        .map_err(|e| InputError::new(format!("column {}: {e}", col + 1)))?;
    println!("{child} {}", -score);
    eprintln!(
        "best column {} (score {score}), {} nodes, {:.1} s",
        col + 1,
        solver.nodes(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Who plays one side: a person at the terminal or a bot level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Bot(Level),
}

impl FromStr for Player {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Player, InputError> {
        if text.trim().eq_ignore_ascii_case("human") {
            return Ok(Player::Human);
        }
        text.parse()
            .map(Player::Bot)
            .map_err(|e: InputError| InputError::new(format!("{e} (or human)")))
    }
}

/// `caro play connect4`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Connect Four",
    long_about = "Plays Connect Four in the terminal. X moves first. On your turn type a column 1-7, \
`hint` for every column's exact score, or `exit`."
)]
pub struct PlayArgs {
    /// Who plays X: human, random, minimax or perfect
    #[arg(long, value_name = "PLAYER", default_value = "human")]
    pub x: Player,
    /// Who plays O: human, random, minimax or perfect
    #[arg(long, value_name = "PLAYER", default_value = "human")]
    pub o: Player,
    /// Seed the bots' random choices
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start from this position (the columns played, 1 to 7)
    #[arg(long, value_name = "COLUMNS", default_value = "")]
    pub position: String,
}

pub fn play(args: &PlayArgs) -> Result<(), InputError> {
    let players = [args.x, args.o];
    let seed = args.seed;
    let mut position = Position::parse(&args.position)?;
    let mut bots = [0u64, 1].map(|i| match &players[i as usize] {
        Player::Bot(level) => Some(new_bot(*level, seed.map(|s| s.wrapping_add(i)))),
        Player::Human => None,
    });
    let mut hint_solver: Option<Solver> = None;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        print!("\n{}", position.to_diagram());
        if let Some(outcome) = position.outcome() {
            match outcome {
                Outcome::Win(side) => println!("{} wins: {position}", side.name()),
                Outcome::Draw => println!("Draw: {position}"),
            }
            return Ok(());
        }
        let side = position.side_to_move();
        let col = match &mut bots[side.index()] {
            Some(bot) => {
                let col = bot
                    .choose_move(&position)
                    .ok_or_else(|| InputError::new("the bot found no move"))?;
                println!("{} plays {}", side.name(), col + 1);
                col
            }
            None => loop {
                print!("{} to move (1-7, hint, exit): ", side.name());
                let _ = std::io::stdout().flush();
                let Some(line) = lines.next() else {
                    println!();
                    return Ok(());
                };
                let line = line.map_err(|e| InputError::new(format!("reading stdin: {e}")))?;
                let answer = line.trim();
                if answer.eq_ignore_ascii_case("exit") || answer.eq_ignore_ascii_case("quit") {
                    return Ok(());
                }
                if answer.eq_ignore_ascii_case("hint") {
                    let solver = hint_solver.get_or_insert_with(Solver::new);
                    let scores = solver.column_scores(&position);
                    let shown: Vec<String> = scores
                        .iter()
                        .enumerate()
                        .map(|(c, s)| match s {
                            Some(s) => format!("{}:{s:+}", c + 1),
                            None => format!("{}:full", c + 1),
                        })
                        .collect();
                    println!(
                        "scores (positive wins, sooner is higher): {}",
                        shown.join(" ")
                    );
                    continue;
                }
                match answer.parse::<usize>() {
                    Ok(c @ 1..=7) => {
                        if position.can_play(c - 1) {
                            break c - 1;
                        }
                        println!("column {c} is full; choose another");
                    }
                    _ => println!("'{answer}' is not a column: type a number from 1 to 7"),
                }
            },
        };
        position
            .play(col)
            .map_err(|e| InputError::new(format!("move {}: {e}", col + 1)))?;
    }
}
