//! `caro bench` and `caro solve`: the engine's speed signal and its forced-win finder.

use super::{has_flag, option_value, parse_option};
use crate::caro::notation::format_position;
use crate::caro::problem::{parse_problem, Problem};
use crate::caro::search::score_text;
use crate::caro::{new_bot, Board, BotOptions, Engine, EngineConfig, Level, Limits, Pos, Rule};
use crate::game::{Budget, InputError, Outcome, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::Read;
use std::time::Duration;
use web_time::Instant;

const BENCH_USAGE: &str = "\
usage: caro bench [--level LEVEL] [--nodes N]
       caro bench --versus LEVEL,LEVEL [--games N] [--rule R] [--size ROWSxCOLS] [--seed S]

Searches a fixed set of positions (several rules and sizes, 15x15 to 60x60) with a node budget
per position (default: 200000, or the level's own budget with --level) and prints total
nodes, time and nodes per second. With a node budget the node count is deterministic: it is the
regression signal of every engine change.

--versus plays LEVEL against LEVEL from varied short openings, each side taking X in turn, and
prints the score of the first.
";

/// The bench positions: mid-game positions of several rules and sizes, in position-string
/// form. None has an immediate win, so every one runs the main search.
pub const BENCH_POSITIONS: &[&str] = &[
    "caro 15x15 7,7 7,8 8,7 6,7 8,8 8,6 9,9 10,10 6,6 9,8",
    "caro 15x15 7,7 8,8 7,9 7,8 6,8 8,10 8,9 9,8 6,10 5,11 9,7 10,6",
    "freestyle 15x15 7,7 6,8 8,8 6,6 6,7 8,6 9,9 10,10 5,7 4,7 7,8 7,6",
    "freestyle 15x15 7,7 7,6 8,6 6,8 9,5 10,4 8,8 8,7 6,6 5,5 9,7",
    "standard 15x15 7,7 8,7 8,8 6,6 9,9 10,10 6,8 7,9 5,9 4,10 9,7",
    "standard 19x19 9,9 9,10 10,9 8,9 10,11 10,10 11,10 12,11 8,8 11,9",
    "renju 15x15 7,7 7,8 8,8 6,6 8,6 8,7 9,7 10,8 6,8 9,9",
    "renju 15x15 7,7 8,8 8,6 6,8 7,8 7,6 9,7 6,7 6,6 5,5 10,8",
    "caro 20x30 10,15 10,16 11,16 9,14 11,15 11,14 12,15 13,15 9,16 12,17",
    "freestyle 10x10 4,4 4,5 5,5 3,3 5,4 5,3 6,4 3,4 6,3",
    "caro 60x60 30,30 30,31 31,31 29,29 31,30 31,29 32,30 33,30 29,31 32,32",
    "caro 60x60 2,2 3,3 2,3 2,4 3,2 4,1 1,1 0,0 4,2 5,2 57,57 56,56",
    "renju 60x60 30,30 29,31 31,31 29,29 29,30 31,29 32,32 33,33 28,30 27,30 30,31",
];

pub fn bench(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") {
        print!("{BENCH_USAGE}");
        return Ok(());
    }
    if let Some(pair) = option_value(args, "--versus")? {
        return versus(pair, args);
    }
    let level: Option<Level> = option_value(args, "--level")?.map(str::parse).transpose()?;
    let mut limits = match level {
        Some(l) => l.limits().ok_or_else(|| {
            InputError::new(format!(
                "level '{l}' does not search; pick easy, normal, hard or master"
            ))
        })?,
        None => Limits::nodes(200_000),
    };
    if let Some(n) = option_value(args, "--nodes")? {
        let n: u64 = n
            .parse()
            .map_err(|_| InputError::new(format!("bad value '{n}' for --nodes")))?;
        limits.budget = Budget::nodes(n);
    }
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    println!(
        "{:<4} {:>10} {:>9} {:>6} {:>12}  best  position",
        "#", "nodes", "ms", "depth", "score"
    );
    for (k, text) in BENCH_POSITIONS.iter().enumerate() {
        let board = crate::caro::notation::parse_position(text)?;
        let mut engine = Engine::new(EngineConfig::default());
        let start = Instant::now();
        let r = engine.search(&board, &limits, &mut |_| {});
        let time = start.elapsed();
        total_nodes += r.nodes;
        total_time += time;
        let best = r.best.map(|p| p.to_string()).unwrap_or_else(|| "-".into());
        println!(
            "{:<4} {:>10} {:>9.1} {:>6} {:>12}  {best:<5} {}",
            k + 1,
            r.nodes,
            time.as_secs_f64() * 1e3,
            r.depth,
            score_text(r.score),
            board.rule()
        );
    }
    let secs = total_time.as_secs_f64().max(1e-9);
    println!("positions: {}", BENCH_POSITIONS.len());
    println!("nodes: {total_nodes}");
    println!("time: {:.0} ms", secs * 1e3);
    println!("nps: {:.0}", total_nodes as f64 / secs);
    Ok(())
}

/// One game between two levels from a short random opening; `first` plays X.
pub fn play_game(
    rule: Rule,
    rows: usize,
    cols: usize,
    first: Level,
    second: Level,
    seed: u64,
) -> Result<(Option<Outcome>, Board), InputError> {
    let mut board = Board::new(rows, cols, rule)?;
    let mut rng = StdRng::seed_from_u64(seed);
    // Two to four stones near the centre, so games differ.
    let opening = rng.random_range(2..=4);
    let (cr, cc) = (rows / 2, cols / 2);
    while board.stone_count() < opening {
        let p = Pos::new(
            cr + rng.random_range(0..5) - 2,
            cc + rng.random_range(0..5) - 2,
        );
        let _ = board.play(p);
    }
    let mut bots = [
        new_bot(
            first,
            BotOptions {
                seed: Some(seed),
                budget: None,
            },
        ),
        new_bot(
            second,
            BotOptions {
                seed: Some(seed ^ 0x5555),
                budget: None,
            },
        ),
    ];
    while !board.is_over() {
        let side = board.to_move();
        let Some(m) = bots[side.index()].choose_move(&board) else {
            break;
        };
        board.play(m).map_err(|e| {
            InputError::new(format!(
                "{} played an illegal move {m}: {e}",
                [first, second][side.index()]
            ))
        })?;
    }
    Ok((board.outcome(), board))
}

fn versus(pair: &str, args: &[String]) -> Result<(), InputError> {
    let (a, b) = pair
        .split_once(',')
        .ok_or_else(|| InputError::new("--versus needs LEVEL,LEVEL"))?;
    let a: Level = a.parse()?;
    let b: Level = b.parse()?;
    let games: u64 = parse_option(args, "--games", 20)?;
    let rule: Rule = parse_option(args, "--rule", Rule::Caro)?;
    let seed: u64 = parse_option(args, "--seed", 1)?;
    let (rows, cols) = match option_value(args, "--size")? {
        Some(s) => crate::caro::notation::parse_size(s)?,
        None => (15, 15),
    };
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let start = Instant::now();
    for g in 0..games {
        let a_first = g % 2 == 0;
        let (x, o) = if a_first { (a, b) } else { (b, a) };
        let (outcome, board) = play_game(rule, rows, cols, x, o, seed.wrapping_mul(1000) + g / 2)?;
        let a_side = if a_first { Side::First } else { Side::Second };
        let result = match outcome {
            Some(Outcome::Win(s)) if s == a_side => {
                wins += 1;
                "win"
            }
            Some(Outcome::Win(_)) => {
                losses += 1;
                "loss"
            }
            _ => {
                draws += 1;
                "draw"
            }
        };
        println!(
            "game {:>3}: {a} as {} -> {result} in {} stones  {}",
            g + 1,
            if a_first { "X" } else { "O" },
            board.stone_count(),
            if has_flag(args, "--show") {
                format_position(&board)
            } else {
                String::new()
            }
        );
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64;
    println!(
        "{a} vs {b} ({rule} {rows}x{cols}): +{wins} -{losses} ={draws}, score {:.0}% in {:.1} s",
        score * 100.0,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

const SOLVE_USAGE: &str = "\
usage: caro solve [--budget-ms N] [--nodes N] [--rule R] [POSITION]

Looks for a forced win by continuous fours (VCF) for the side to move and prints it. The
position comes as the argument or on stdin, one per line, in either form:
  RULE ROWSxCOLS row,col row,col ...      moves in order, X first (e.g. caro 15x15 7,7 8,8)
  ID RULE SIZE X|O x,y;x,y;...            the gomoku problem format (rule 0 freestyle,
                                          1 standard, 4 renju; x is the column)
--rule overrides the position's rule. Default budget: 1000 ms per position.
";

pub fn solve(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") {
        print!("{SOLVE_USAGE}");
        return Ok(());
    }
    let budget_ms: u64 = parse_option(args, "--budget-ms", 1000)?;
    let nodes: Option<u64> = option_value(args, "--nodes")?
        .map(|n| {
            n.parse()
                .map_err(|_| InputError::new(format!("bad value '{n}' for --nodes")))
        })
        .transpose()?;
    let rule: Option<Rule> = option_value(args, "--rule")?.map(str::parse).transpose()?;
    let budget = Budget {
        time: Some(Duration::from_millis(budget_ms)),
        nodes,
    };
    // The position is the arguments that are not options (or their values), else stdin.
    let mut words = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i].starts_with("--") {
            i += 2;
        } else {
            words.push(args[i].clone());
            i += 1;
        }
    }
    let text = if words.is_empty() {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| InputError::new(format!("cannot read stdin: {e}")))?;
        s
    } else {
        words.join(" ")
    };
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(InputError::new(format!(
            "no position given\n\n{SOLVE_USAGE}"
        )));
    }
    let mut engine = Engine::new(EngineConfig::default());
    let (mut solved, mut total_nodes) = (0, 0u64);
    let start = Instant::now();
    for (n, line) in lines.iter().enumerate() {
        let mut problem =
            parse_problem(line).map_err(|e| InputError::new(format!("line {}: {e}", n + 1)))?;
        if let Some(r) = rule {
            problem = with_rule(&problem, r)?;
        }
        let t = Instant::now();
        let (win, nodes) = engine.find_vcf(&problem.board, problem.to_move, budget);
        total_nodes += nodes;
        let side = if problem.to_move == Side::First {
            "X"
        } else {
            "O"
        };
        let name = if problem.id.is_empty() {
            format!("#{}", n + 1)
        } else {
            problem.id.clone()
        };
        match win {
            Some(line) => {
                solved += 1;
                let moves: Vec<String> = line.iter().map(Pos::to_string).collect();
                println!(
                    "{name}: {side} wins by VCF in {} moves ({} nodes, {:.1} ms): {}",
                    line.len().div_ceil(2),
                    nodes,
                    t.elapsed().as_secs_f64() * 1e3,
                    moves.join(" ")
                );
            }
            None => println!(
                "{name}: no forced win found for {side} within the budget ({nodes} nodes, {:.1} ms)",
                t.elapsed().as_secs_f64() * 1e3
            ),
        }
    }
    if lines.len() > 1 {
        println!(
            "solved {solved}/{} in {:.2} s, {total_nodes} nodes",
            lines.len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
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
