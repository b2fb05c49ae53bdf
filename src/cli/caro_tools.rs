//! `caro bench`, `caro solve` and `caro analyze`: the engine's speed signal, its forced-win
//! finder, and its search of a position shown iteration by iteration.

use super::caro_play::MAX_MOVE_MS;
use super::lines::{clip, read_text_at_most, LineReader};
use super::progress::Progress;
use super::{in_range, lines_result, Failure};
use crate::caro::problem::{parse_problem, Problem};
use crate::caro::{Board, Engine, EngineConfig, Level, Limits, Pos, Rule};
use crate::game::{Budget, InputError, Side};
use clap::Args;
use std::time::Duration;
use web_time::Instant;

const BENCH_HELP: &str = "\
Searches a fixed set of positions (several rules and sizes, 15x15 to 60x60) with a node budget
per position (default: 200000, or the level's own budget with --level) and prints total
nodes, time and nodes per second. With a node budget the node count is deterministic: it is the
regression signal of every engine change.

Levels play each other with `caro match`.";

/// `caro bench`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Search a fixed set of Caro positions, print nodes and speed",
    long_about = BENCH_HELP
)]
pub struct BenchArgs {
    /// Search with a level's own limits (easy, normal, hard or master)
    #[arg(long)]
    pub level: Option<Level>,
    /// Nodes per position [default: 200000, or the level's]
    #[arg(long, value_name = "N", value_parser = in_range(1u64, u64::MAX / 4))]
    pub nodes: Option<u64>,
}

pub fn bench(args: &BenchArgs) -> Result<(), InputError> {
    let mut limits = match args.level {
        Some(l) => l.limits().ok_or_else(|| {
            InputError::new(format!(
                "level '{l}' does not search; pick easy, normal, hard or master"
            ))
        })?,
        None => Limits::nodes(200_000),
    };
    if let Some(n) = args.nodes {
        limits.budget = Budget::nodes(n);
    }
    crate::bench::caro(&limits, &mut |line| println!("{line}"))?;
    Ok(())
}

const SOLVE_HELP: &str = "\
Looks for a forced win for the side whose turn it is and prints it: first by continuous
fours (VCF), then (unless --vcf-only) by threats of fours and open threes (VCT, at most 10
attacker moves; the line shown follows the first defence tried, every other defence loses
too).
Moves print as row,col. The position comes as the arguments or on stdin, one a line, in
either form:
  RULE ROWSxCOLS row,col row,col ...      moves in order, X first (e.g. caro 15x15 7,7 8,8)
  ID RULE SIZE X|O x,y;x,y;...            the gomoku problem format (rule 0 freestyle,
                                          1 standard, 4 renju; x is the column)
A line that cannot be read (malformed, not UTF-8, too long) is answered with an error
naming it, and the lines after it are solved; the exit status is 1 if any line was bad.";

/// `caro solve`.
#[derive(Args, Debug, Clone)]
#[command(about = "Find a forced Caro win (VCF/VCT) in positions", long_about = SOLVE_HELP)]
pub struct SolveArgs {
    /// Time per position in ms
    #[arg(long, value_name = "MS", default_value_t = 1_000, value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub budget_ms: u64,
    /// Nodes per position, besides the time
    #[arg(long, value_name = "N", value_parser = in_range(1u64, u64::MAX / 4))]
    pub nodes: Option<u64>,
    /// Overrides the positions' rule
    #[arg(long)]
    pub rule: Option<Rule>,
    /// Only look for wins by continuous fours
    #[arg(long)]
    pub vcf_only: bool,
    /// A position (its words); without it, positions are read from stdin, one a line
    #[arg(value_name = "POSITION", allow_hyphen_values = false)]
    pub position: Vec<String>,
}

pub fn solve(args: &SolveArgs) -> Result<(), Failure> {
    let budget = Budget {
        time: Some(Duration::from_millis(args.budget_ms)),
        nodes: args.nodes,
    };
    let mut engine = Engine::new(EngineConfig::default());
    let mut progress = Progress::new("positions", None);
    let (mut solved, mut total_nodes) = (0usize, 0u64);
    let start = Instant::now();
    let (total, bad) = each_problem(&args.position, args.rule, "solve", |problem| {
        let answer = match problem {
            Ok((name, problem)) => {
                let (text, nodes, won) = solve_problem(&mut engine, &name, &problem, args, budget);
                total_nodes += nodes;
                solved += usize::from(won);
                text
            }
            Err(e) => e.to_string(),
        };
        progress.println(&answer);
        progress.inc(1);
    })?;
    progress.finish();
    if total > 1 {
        println!(
            "solved {solved}/{total} in {:.2} s, {total_nodes} nodes",
            start.elapsed().as_secs_f64()
        );
    }
    lines_result(bad, total)
}

/// Reads the positions (the arguments joined as one line, or without them each line of
/// stdin; blank lines skipped), each under `rule` if given, and calls `one` with its name
/// (the gomoku format's id, else `#` and the line's number) and problem, or with the error
/// naming a line that cannot be read. Returns how many positions there were and how many
/// of them were bad; none at all is an error naming `command`.
fn each_problem(
    position: &[String],
    rule: Option<Rule>,
    command: &str,
    mut one: impl FnMut(Result<(String, Problem), InputError>),
) -> Result<(usize, usize), InputError> {
    let (mut total, mut bad) = (0usize, 0usize);
    let mut line = |number: usize, line: Result<&str, String>| {
        let problem = match line {
            Ok(text) if text.trim().is_empty() => return,
            Ok(text) => read_problem(text, number, rule),
            Err(e) => Err(InputError::new(format!("line {number}: {e}"))),
        };
        total += 1;
        bad += usize::from(problem.is_err());
        one(problem);
    };
    if !position.is_empty() {
        line(1, Ok(&position.join(" ")));
    } else {
        let stdin = std::io::stdin();
        let mut reader = LineReader::new(stdin.lock());
        while let Some((number, text)) = reader
            .next_line()
            .map_err(|e| InputError::new(format!("cannot read stdin: {e}")))?
        {
            line(number, text);
        }
    }
    if total == 0 {
        return Err(InputError::new(format!(
            "no position given (see caro {command} --help)"
        )));
    }
    Ok((total, bad))
}

/// The position on line `number` (`text`), under `rule` if given, with its name: the gomoku
/// format's id, else `#` and the line's number. An error names the line and quotes it.
fn read_problem(
    text: &str,
    number: usize,
    rule: Option<Rule>,
) -> Result<(String, Problem), InputError> {
    let named = |e: InputError| InputError::new(format!("line {number}: {e}: '{}'", clip(text)));
    let mut problem = parse_problem(text.trim()).map_err(named)?;
    if let Some(r) = rule {
        problem = with_rule(&problem, r).map_err(named)?;
    }
    let name = if problem.id.is_empty() {
        format!("#{number}")
    } else {
        problem.id.clone()
    };
    Ok((name, problem))
}

/// Solves `problem`, called `name`: the answer line, the nodes searched and whether a win
/// was found.
fn solve_problem(
    engine: &mut Engine,
    name: &str,
    problem: &Problem,
    args: &SolveArgs,
    budget: Budget,
) -> (String, u64, bool) {
    if problem.board.is_over() {
        return (format!("{name}: the game is already over"), 0, false);
    }
    let t = Instant::now();
    let (mut win, mut nodes) = engine.find_vcf(&problem.board, problem.to_move, budget);
    let mut kind = "continuous fours (VCF)";
    if win.is_none() && !args.vcf_only {
        let (vct, more) = engine.find_vct(&problem.board, problem.to_move, budget);
        win = vct;
        nodes += more;
        kind = "threats (VCT)";
    }
    let side = problem.to_move.name();
    let ms = t.elapsed().as_secs_f64() * 1e3;
    match win {
        Some(line) => {
            let moves: Vec<String> = line.iter().map(Pos::to_string).collect();
            let n = line.len().div_ceil(2);
            (
                format!(
                    "{name}: {side} wins by {kind}, {n} move{} ({nodes} nodes, {ms:.1} ms): {}",
                    if n == 1 { "" } else { "s" },
                    moves.join(" ")
                ),
                nodes,
                true,
            )
        }
        None => (
            format!(
                "{name}: no forced win found for {side} within the budget ({nodes} nodes, {ms:.1} ms)"
            ),
            nodes,
            false,
        ),
    }
}

/// The same stones under another rule.
fn with_rule(problem: &Problem, rule: Rule) -> Result<Problem, InputError> {
    let mut board = Board::new(problem.board.rows(), problem.board.cols(), rule)?;
    for (k, &p) in problem.stones.iter().enumerate() {
        board.set_stone(
            p,
            Some(if k % 2 == 0 {
                Side::First
            } else {
                Side::Second
            }),
        );
    }
    Ok(Problem {
        board,
        ..problem.clone()
    })
}

const ANALYZE_HELP: &str = "\
Searches a position as Master does and prints every iteration of the search: its depth, the
score for the side about to play (`+57`, or `win in 3` / `loss in 2` counted in its own
moves), the nodes and time so far, and the expected line. Then the move Master plays, with
its score (or, when a move beat the last iteration's best in the next iteration before the
time ran out, that move). A move decided before the main search (a five, the answer to a
four, a forced win found by the threat search) prints no iteration, only the move and why.

Master's time is 1000 ms a move; --budget-ms changes it. With --nodes and no --budget-ms
the search stops on its node count alone, so the same position prints the same lines on
every run and machine. Moves print as row,col (0-based from the top left).

The position comes as the arguments or on stdin, one a line, as for `caro solve`:
  RULE ROWSxCOLS row,col row,col ...      moves in order, X first (e.g. caro 15x15 7,7 8,8)
  ID RULE SIZE X|O x,y;x,y;...            the gomoku problem format
or, with --record FILE, from a Piskvork game record (.psq, as `caro match --records`
writes): the position after its first --ply moves (all of them without --ply), under
--rule (freestyle if not given: a record does not name its rule).
A line that cannot be read is answered with an error naming it, and the lines after it
are searched; the exit status is 1 if any line was bad.";

/// `caro analyze`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Search Caro positions as Master does, printing every iteration",
    long_about = ANALYZE_HELP
)]
pub struct AnalyzeArgs {
    /// Time per position in ms [default: 1000, Master's; none with --nodes alone]
    #[arg(long, value_name = "MS", value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub budget_ms: Option<u64>,
    /// Nodes per position, besides the time
    #[arg(long, value_name = "N", value_parser = in_range(1u64, u64::MAX / 4))]
    pub nodes: Option<u64>,
    /// The deepest iteration
    #[arg(long, value_name = "D", value_parser = in_range(1u32, 64))]
    pub depth: Option<u32>,
    /// Overrides the positions' rule (a record's rule: freestyle if not given)
    #[arg(long)]
    pub rule: Option<Rule>,
    /// A Piskvork record (.psq) to read the position from
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    pub record: Option<std::path::PathBuf>,
    /// With --record: the position after this many of its moves
    #[arg(long, value_name = "N", requires = "record")]
    pub ply: Option<usize>,
    /// A position (its words); without it (and --record), positions are read from stdin,
    /// one a line
    #[arg(value_name = "POSITION", allow_hyphen_values = false)]
    pub position: Vec<String>,
}

pub fn analyze(args: &AnalyzeArgs) -> Result<(), Failure> {
    let mut limits = Level::Master.limits().expect("Master searches");
    limits.budget = match (args.budget_ms, args.nodes) {
        (None, Some(n)) => Budget::nodes(n),
        (ms, nodes) => Budget {
            time: Some(Duration::from_millis(ms.unwrap_or(1_000))),
            nodes,
        },
    };
    if let Some(d) = args.depth {
        limits.max_depth = d;
    }
    let mut engine = Engine::new(EngineConfig::default());
    if let Some(path) = &args.record {
        let (name, board) = record_position(path, args.ply, args.rule.unwrap_or(Rule::Freestyle))?;
        analyze_board(&mut engine, &name, &board, board.to_move(), &limits);
        return Ok(());
    }
    let (total, bad) = each_problem(
        &args.position,
        args.rule,
        "analyze",
        |problem| match problem {
            Ok((name, p)) => analyze_board(&mut engine, &name, &p.board, p.to_move, &limits),
            Err(e) => println!("{e}"),
        },
    )?;
    lines_result(bad, total)
}

/// The largest record file `caro analyze --record` reads.
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// The position of a Piskvork record after `ply` of its moves (all without it), and its
/// name for the output.
fn record_position(
    path: &std::path::Path,
    ply: Option<usize>,
    rule: Rule,
) -> Result<(String, Board), InputError> {
    let name = path.display().to_string();
    // A record of a full 60x60 board is under 64 KiB.
    let text = read_text_at_most(path, MAX_RECORD_BYTES, "a game record")?;
    let mut board = crate::caro::record::replay_psq(&text, rule)
        .map_err(|e| InputError::new(format!("{}: {e}", clip(&name))))?;
    let Some(ply) = ply else {
        return Ok((name, board));
    };
    let played = board.stone_count();
    if ply > played {
        return Err(InputError::new(format!(
            "{}: --ply {ply}, but the record has {played} moves",
            clip(&name)
        )));
    }
    for _ in ply..played {
        board.undo();
    }
    Ok((format!("{name} after {ply} moves"), board))
}

/// Searches `board` with `side` to move and prints each iteration, then the move.
fn analyze_board(engine: &mut Engine, name: &str, board: &Board, side: Side, limits: &Limits) {
    use crate::caro::search::score_text;
    let (rows, cols) = (board.rows(), board.cols());
    let stones = board.stone_count();
    println!(
        "{name}: {} to move, {} {rows}x{cols}, {stones} stone{}",
        side.name(),
        board.rule(),
        if stones == 1 { "" } else { "s" }
    );
    if board.is_over() {
        println!("{name}: the game is already over");
        return;
    }
    let mut header = true;
    let mut last = None;
    let result = engine.search_as(board, side, limits, &mut |info| {
        last = Some(info.best);
        if std::mem::take(&mut header) {
            println!("  depth  score           nodes         ms  line");
        }
        let line: Vec<String> = info.pv.iter().map(Pos::to_string).collect();
        println!(
            "  {:>5}  {:<10} {:>12} {:>10.1}  {}",
            info.depth,
            score_text(info.score),
            info.nodes,
            info.elapsed.as_secs_f64() * 1e3,
            line.join(" ")
        );
    });
    let ms = result.elapsed.as_secs_f64() * 1e3;
    let Some(best) = result.best else {
        println!("{name}: no move is legal");
        return;
    };
    let how = match (&result.forced_win, result.depth) {
        (Some(line), _) => {
            let moves: Vec<String> = line.iter().map(Pos::to_string).collect();
            format!(
                ", a forced win found by the threat search: {}",
                moves.join(" ")
            )
        }
        (None, 0) => ", decided before the main search".to_string(),
        // A root move that beat the last iteration's best in the next one, cut short.
        (None, d) if last.is_some_and(|b| b != best) => {
            format!(", depth {d}, better in the unfinished depth {}", d + 1)
        }
        (None, d) => format!(", depth {d}"),
    };
    println!(
        "{name}: {} plays {best} ({}{how}; {} nodes, {ms:.1} ms)",
        side.name(),
        score_text(result.score),
        result.nodes
    );
}
