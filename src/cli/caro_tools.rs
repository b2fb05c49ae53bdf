//! `caro bench` and `caro solve`: the engine's speed signal and its forced-win finder.

use super::{has_flag, option_value, parse_option};
use crate::caro::problem::{parse_problem, Problem};
use crate::caro::{Board, Engine, EngineConfig, Level, Limits, Pos, Rule};
use crate::game::{Budget, InputError, Side};
use std::io::Read;
use std::time::Duration;
use web_time::Instant;

const BENCH_USAGE: &str = "\
usage: caro bench [--level LEVEL] [--nodes N]

Searches a fixed set of positions (several rules and sizes, 15x15 to 60x60) with a node budget
per position (default: 200000, or the level's own budget with --level) and prints total
nodes, time and nodes per second. With a node budget the node count is deterministic: it is the
regression signal of every engine change.

Levels play each other with `caro match`.
";

pub fn bench(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") {
        print!("{BENCH_USAGE}");
        return Ok(());
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
    crate::bench::caro(&limits, &mut |line| println!("{line}"))?;
    Ok(())
}

const SOLVE_USAGE: &str = "\
usage: caro solve [--budget-ms N] [--nodes N] [--rule R] [--vcf-only] [POSITION]

Looks for a forced win for the side to move and prints it: first by continuous fours (VCF),
then (unless --vcf-only) by threats of fours and open threes (VCT, at most 10 attacker
moves; the line shown follows the first defence tried, every other defence loses too).
Moves print as row,col. The position comes as the argument or on stdin, one per line, in either form:
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
    let vcf_only = has_flag(args, "--vcf-only");
    let budget = Budget {
        time: Some(Duration::from_millis(budget_ms)),
        nodes,
    };
    // The position is the arguments that are not options (or their values), else stdin.
    let mut words = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--vcf-only" {
            i += 1;
        } else if args[i].starts_with("--") {
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
        let name = if problem.id.is_empty() {
            format!("#{}", n + 1)
        } else {
            problem.id.clone()
        };
        if problem.board.is_over() {
            println!("{name}: the game is already over");
            continue;
        }
        let t = Instant::now();
        let (mut win, mut nodes) = engine.find_vcf(&problem.board, problem.to_move, budget);
        let mut kind = "continuous fours (VCF)";
        if win.is_none() && !vcf_only {
            let (vct, more) = engine.find_vct(&problem.board, problem.to_move, budget);
            win = vct;
            nodes += more;
            kind = "threats (VCT)";
        }
        total_nodes += nodes;
        let side = if problem.to_move == Side::First {
            "X"
        } else {
            "O"
        };
        match win {
            Some(line) => {
                solved += 1;
                let moves: Vec<String> = line.iter().map(Pos::to_string).collect();
                let n = line.len().div_ceil(2);
                println!(
                    "{name}: {side} wins by {kind}, {n} move{} ({} nodes, {:.1} ms): {}",
                    if n == 1 { "" } else { "s" },
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
