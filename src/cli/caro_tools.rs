//! `caro bench` and `caro solve`: the engine's speed signal and its forced-win finder.

use super::{has_flag, option_value, parse_option};
use crate::caro::bot::EngineBot;
use crate::caro::notation::format_position;
use crate::caro::problem::{parse_problem, Problem};
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
    crate::bench::caro(&limits, &mut |line| println!("{line}"))?;
    Ok(())
}

/// A player of a match: a level, optionally with its search depth or node budget changed
/// (written `hard`, `hard@d6`, `normal@n50000`), for measuring what a setting is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub level: Level,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.level)?;
        if let Some(d) = self.depth {
            write!(f, "@d{d}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, "@n{n}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Player {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Player, InputError> {
        let mut parts = s.split('@');
        let level: Level = parts.next().unwrap_or("").parse()?;
        let mut p = Player {
            level,
            depth: None,
            nodes: None,
        };
        for part in parts {
            let bad = || {
                InputError::new(format!(
                    "bad player setting '@{part}': expected @dDEPTH or @nNODES"
                ))
            };
            let (kind, value) = part.split_at(part.len().min(1));
            match kind {
                "d" => p.depth = Some(value.parse().map_err(|_| bad())?),
                "n" => p.nodes = Some(value.parse().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
        }
        if level.limits().is_none() && (p.depth.is_some() || p.nodes.is_some()) {
            return Err(InputError::new(
                "greedy has no depth or node budget to change",
            ));
        }
        Ok(p)
    }
}

impl Player {
    fn bot(self, seed: u64) -> crate::caro::CaroBot {
        match self.level.limits() {
            Some(mut limits) if self.depth.is_some() || self.nodes.is_some() => {
                if let Some(d) = self.depth {
                    limits.max_depth = d;
                }
                if let Some(n) = self.nodes {
                    limits.budget = Budget::nodes(n);
                }
                Box::new(EngineBot::new(limits, 16, StdRng::seed_from_u64(seed)))
            }
            _ => new_bot(
                self.level,
                BotOptions {
                    seed: Some(seed),
                    budget: None,
                },
            ),
        }
    }
}

/// A random opening of three to five stones near the centre that a fixed 5,000-node search
/// judges roughly even (within 80 points), so that the side to move does not simply win
/// whoever plays it: a match then measures the players, not the opening.
fn balanced_opening(
    rule: Rule,
    rows: usize,
    cols: usize,
    rng: &mut StdRng,
) -> Result<Board, InputError> {
    let (cr, cc) = (rows / 2, cols / 2);
    let mut engine = Engine::new(EngineConfig { tt_megabytes: 1 });
    let mut limits = Limits::nodes(5_000);
    limits.root_vct_nodes = 0;
    const TRIES: u32 = 200;
    for attempt in 1..=TRIES {
        let mut board = Board::new(rows, cols, rule)?;
        let stones = rng.random_range(3..=5);
        while board.stone_count() < stones {
            let p = Pos::new(
                (cr + rng.random_range(0..7))
                    .saturating_sub(3)
                    .min(rows - 1),
                (cc + rng.random_range(0..7))
                    .saturating_sub(3)
                    .min(cols - 1),
            );
            let _ = board.play(p);
        }
        let score = engine.search(&board, &limits, &mut |_| {}).score;
        if score.abs() <= 80 || attempt == TRIES {
            return Ok(board);
        }
    }
    Err(InputError::new("no opening could be made on this board"))
}

/// One game between two players from a balanced random opening; `first` plays X.
pub fn play_game(
    rule: Rule,
    rows: usize,
    cols: usize,
    first: Player,
    second: Player,
    seed: u64,
) -> Result<(Option<Outcome>, Board), InputError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = balanced_opening(rule, rows, cols, &mut rng)?;
    let mut bots = [first.bot(seed), second.bot(seed ^ 0x5555)];
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
    let a: Player = a.parse()?;
    let b: Player = b.parse()?;
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
