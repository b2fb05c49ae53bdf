//! `caro connect4 solve|perft|book` and `caro play connect4`.

use super::{has_flag, option_value, parse_option};
use crate::connect4::book::{self, Book};
use crate::connect4::levels::{new_bot, Level};
use crate::connect4::position::{perft, Board, Position};
use crate::connect4::solver::{Solver, DEFAULT_TT_MIB};
use crate::game::{InputError, Outcome, Side};
use std::io::{BufRead, Write};
use std::time::Instant;

const USAGE: &str = "\
usage: caro connect4 <command> [options]

commands:
  solve [--weak] [--tt-mib N] [--no-book] [--keep-tt]
        read positions from stdin, one a line: <columns 1-7> [expected score]
        print <columns> <score> <nodes> <microseconds>; a summary goes to stderr
  perft N
        the number of move sequences of N plies from the empty board
  book [--depth D] [--out PATH] [--tt-mib N] [--scores FILE] [--known-only]
        generate the opening book (default depth 1, data/connect4/book.bin); prints
        each position's score as solved; --scores takes such lines as already known;
        --known-only solves nothing and writes a partial book of the known positions
  hint <columns> [--tt-mib N] [--no-book]
        every column's exact score in a position
  best <columns> [--tt-mib N] [--no-book]
        a best column (centre first among equals); prints the position after it and
        its exact score, a line for `book --scores`
";

pub fn run(args: &[String]) -> Result<(), InputError> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(InputError::new(format!(
            "connect4 needs a command\n\n{USAGE}"
        )));
    };
    match cmd.as_str() {
        "solve" => solve(rest),
        "perft" => run_perft(rest),
        "book" => run_book(rest),
        "hint" => hint(rest),
        "best" => best(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(InputError::new(format!(
            "unknown connect4 command '{other}'\n\n{USAGE}"
        ))),
    }
}

fn make_solver(args: &[String]) -> Result<Solver, InputError> {
    let mib: usize = parse_option(args, "--tt-mib", DEFAULT_TT_MIB)?;
    if mib == 0 || mib > 8192 {
        return Err(InputError::new("--tt-mib must be between 1 and 8192"));
    }
    let mut solver = Solver::with_tt_mib(mib);
    if has_flag(args, "--no-book") {
        solver.set_book(None);
    }
    Ok(solver)
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

fn solve(args: &[String]) -> Result<(), InputError> {
    let weak = has_flag(args, "--weak");
    let keep = has_flag(args, "--keep-tt");
    let mut solver = make_solver(args)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut count, mut total_us, mut total_nodes) = (0u64, 0u128, 0u64);
    let (mut checked, mut matched, mut errors) = (0u64, 0u64, 0u64);
    // CPU time as well as wall time: on a busy machine the wall time also counts the time
    // spent waiting for a core. Reading the clock costs a little; measure that and take it off.
    let cpu_overhead = cpu_clock_overhead_ns();
    let mut total_cpu_ns: Option<u64> = cpu_overhead.map(|_| 0);
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| InputError::new(format!("reading stdin: {e}")))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (position, expected) = match parse_line(text) {
            Ok(p) => p,
            Err(e) => {
                errors += 1;
                let _ = writeln!(out, "error: line {} '{text}': {e}", i + 1);
                continue;
            }
        };
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
            *total += (b - a).saturating_sub(overhead);
        }
        let nodes = solver.nodes();
        let _ = writeln!(out, "{position} {score} {nodes} {us}");
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
    let _ = out.flush();
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
    Ok(())
}

/// This thread's CPU time so far in nanoseconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`
/// on Linux), or `None` elsewhere.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_ns() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: the C library's clock_gettime writes one timespec (two 64-bit fields on
    // 64-bit Linux) through the valid pointer we pass, and nothing else.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
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

fn run_perft(args: &[String]) -> Result<(), InputError> {
    let depth: usize = match args.first() {
        Some(s) => s
            .parse()
            .map_err(|_| InputError::new(format!("bad perft depth '{s}': expected 0 to 42")))?,
        None => {
            return Err(InputError::new(
                "perft needs a depth: caro connect4 perft N",
            ))
        }
    };
    if depth > 42 {
        return Err(InputError::new("perft depth must be at most 42"));
    }
    let start = Instant::now();
    let n = perft(&Board::new(), depth);
    println!("{n}");
    eprintln!(
        "perft {depth}: {n} in {:.3} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_book(args: &[String]) -> Result<(), InputError> {
    let depth: usize = parse_option(args, "--depth", 1)?;
    if depth > 14 {
        return Err(InputError::new(
            "--depth above 14 would take far too long and make a huge file",
        ));
    }
    let out = option_value(args, "--out")?.unwrap_or("data/connect4/book.bin");
    let known = match option_value(args, "--scores")? {
        None => Book::default(),
        Some(path) => read_scores(path)?,
    };
    let mut solver = make_solver(args)?;
    let start = Instant::now();
    let known_only = has_flag(args, "--known-only");
    let book = book::generate(depth, &mut solver, &known, known_only, |position, score| {
        // One line per position, in the `solve` input format: a run that is stopped
        // can be resumed by passing its output to --scores.
        println!("{position} {score}");
        eprintln!(
            "{position} {score}  ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
    });
    let bytes = book.to_bytes();
    std::fs::write(out, &bytes)
        .map_err(|e| InputError::new(format!("cannot write the book to {out}: {e}")))?;
    eprintln!(
        "wrote {} positions ({} bytes) up to depth {} to {out} in {:.0} s",
        book.len(),
        bytes.len(),
        book.depth(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Exact scores from a file of `<columns> <score>` lines (the output of `solve` or `book`).
fn read_scores(path: &str) -> Result<Book, InputError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| InputError::new(format!("cannot read {path}: {e}")))?;
    let mut scores = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| InputError::new(format!("{path} line {}: {what}", i + 1));
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
            .map_err(|_| bad(&format!("bad score '{score}'")))?;
        scores.push((*position.board(), score));
    }
    Ok(Book::from_scores(scores))
}

fn hint(args: &[String]) -> Result<(), InputError> {
    let text = args.first().map(String::as_str).unwrap_or("");
    let position = Position::parse(text)?;
    if position.is_over() {
        return Err(InputError::new(
            "the game is over in this position: no move to score",
        ));
    }
    let mut solver = make_solver(&args[args.len().min(1)..])?;
    let scores = solver.column_scores(&position);
    for (col, score) in scores.iter().enumerate() {
        match score {
            Some(s) => println!("column {}: {s}", col + 1),
            None => println!("column {}: full", col + 1),
        }
    }
    Ok(())
}

fn best(args: &[String]) -> Result<(), InputError> {
    let text = args.first().map(String::as_str).unwrap_or("");
    let position = Position::parse(text)?;
    if position.is_over() {
        return Err(InputError::new(
            "the game is over in this position: no move to play",
        ));
    }
    let mut solver = make_solver(&args[args.len().min(1)..])?;
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
enum Player {
    Human,
    Bot(Level),
}

fn parse_player(args: &[String], name: &str) -> Result<Player, InputError> {
    match option_value(args, name)? {
        None => Ok(Player::Human),
        Some(v) if v.eq_ignore_ascii_case("human") => Ok(Player::Human),
        Some(v) => v
            .parse()
            .map(Player::Bot)
            .map_err(|e: InputError| InputError::new(format!("{name}: {e} (or human)"))),
    }
}

const PLAY_USAGE: &str = "\
usage: caro play connect4 [--x PLAYER] [--o PLAYER] [--seed N] [--position COLUMNS]
  PLAYER is human (the default), random, minimax or perfect. X moves first.
  On your turn type a column 1-7, `hint` for every column's exact score, or `exit`.
";

pub fn play(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{PLAY_USAGE}");
        return Ok(());
    }
    let players = [parse_player(args, "--x")?, parse_player(args, "--o")?];
    let seed: Option<u64> = match option_value(args, "--seed")? {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| InputError::new(format!("bad value '{s}' for --seed")))?,
        ),
    };
    let mut position = Position::parse(option_value(args, "--position")?.unwrap_or(""))?;
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
                Outcome::Win(side) => println!("{} wins: {position}", side_name(side)),
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
                println!("{} plays {}", side_name(side), col + 1);
                col
            }
            None => loop {
                print!("{} to move (1-7, hint, exit): ", side_name(side));
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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}
