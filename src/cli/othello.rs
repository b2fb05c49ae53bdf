//! `caro othello ...` (perft, solve, match) and `caro play othello` (the terminal game).

use super::{has_flag, option_value, parse_option};
use crate::game::{Budget, InputError, Side};
use crate::othello::board::PassRule;
use crate::othello::endgame::SolverConfig;
use crate::othello::levels::{self, StrongBot};
use crate::othello::search::Eval;
use crate::othello::{
    new_bot_with_budget, parse_obf, parse_square, perft, Level, OthelloBot, Position, Solver,
    Square,
};
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: caro othello <command> [options]

commands:
  perft N [--pass-not-counted]   leaf counts from the start position, depths 1..N
                                 (default: a forced pass counts as a ply)
  solve [--table-bits B] [--eval E] [--set NAME=N,...]
                                 read OBF positions from stdin, one a line; print
                                 '<best move> <exact score> <nodes> <milliseconds>'
                                 (E: the evaluation that orders moves, as in match;
                                 --set changes solver settings, for experiments: the
                                 fields of SolverConfig, like probcut_sigma=25)
  bench [--table-bits B]         solve FFO #40-44 exactly and print each one's time and
                                 nodes (the same figures as the browser's bench page)
  match [--games N] [--time MS] [--nodes N] [--seed S] [--a LEVEL] [--b LEVEL]
        [--a-eval E] [--b-eval E] [--random K]
                                 play two levels (default strong vs positional), colours
                                 alternating; print wins-losses-draws for the first;
                                 E: Strong's evaluation, 'classic' (hand-tuned) or a
                                 weights file (default: the shipped weights);
                                 --random K: each pair of games starts from the same K
                                 random moves (default 0), so that two deterministic
                                 bots play different games
  selfplay [options]             play self-play games for training the evaluation
                                 (caro othello selfplay --help)
  train --out FILE GAMES...      fit the evaluation's weights to self-play games
                                 (caro othello train --help)
  label GAMES...                 label positions of self-play games by search or solving
                                 (caro othello label --help)
  calibrate GAMES...             measure the midgame search's error against exact scores
                                 (caro othello calibrate --help)
";

const PLAY_USAGE: &str = "\
usage: caro play othello [--black PLAYER] [--white PLAYER] [--time MS] [--seed S]

PLAYER is human (default for Black), random, positional or strong (default for White).
--time sets Strong's thinking time per move in milliseconds (default 1000).
Type a move like d3 (file a..h, rank 1..8), 'pass' when you have no move, 'exit' to quit.
";

pub fn run(args: &[String]) -> Result<(), InputError> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(InputError::new(format!(
            "othello needs a command\n\n{USAGE}"
        )));
    };
    let asks_help = has_flag(rest, "--help") || has_flag(rest, "-h");
    if asks_help && matches!(cmd.as_str(), "perft" | "solve" | "bench" | "match") {
        print!("{USAGE}");
        return Ok(());
    }
    match cmd.as_str() {
        "perft" => run_perft(rest),
        "solve" => run_solve(rest),
        "bench" => {
            let bits: u32 = parse_option(rest, "--table-bits", 20)?;
            crate::bench::othello_ffo(bits, &mut |line| println!("{line}"))?;
            Ok(())
        }
        "match" => run_match(rest),
        "selfplay" => super::othello_train::selfplay(rest),
        "train" => super::othello_train::train(rest),
        "calibrate" => super::othello_train::calibrate(rest),
        "label" => super::othello_train::label_positions(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(InputError::new(format!(
            "unknown othello command '{other}'\n\n{USAGE}"
        ))),
    }
}

fn run_perft(args: &[String]) -> Result<(), InputError> {
    let depth: u32 = match args.first() {
        Some(d) if !d.starts_with("--") => d
            .parse()
            .map_err(|_| InputError::new(format!("bad perft depth '{d}': expected a number")))?,
        _ => {
            return Err(InputError::new(
                "perft needs a depth, like: caro othello perft 9",
            ))
        }
    };
    if depth > 20 {
        return Err(InputError::new("perft depth above 20 would run for days"));
    }
    let rule = if has_flag(args, "--pass-not-counted") {
        PassRule::NotCounted
    } else {
        PassRule::Counted
    };
    let start = Position::start();
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&start, d, rule);
        println!("{d} {n} {} ms", t.elapsed().as_millis());
    }
    Ok(())
}

fn run_solve(args: &[String]) -> Result<(), InputError> {
    let bits: u32 = parse_option(args, "--table-bits", 20)?;
    let eval = super::othello_train::parse_eval(option_value(args, "--eval")?)?
        .unwrap_or_else(Eval::default_patterns);
    let mut config = SolverConfig::default();
    if let Some(settings) = option_value(args, "--set")? {
        for setting in settings.split(',') {
            let bad = || InputError::new(format!("bad setting '{setting}': expected NAME=NUMBER"));
            let (name, value) = setting.split_once('=').ok_or_else(bad)?;
            let value: i32 = value.trim().parse().map_err(|_| bad())?;
            config.set(name.trim(), value).map_err(InputError::new)?;
        }
    }
    let mut solver = Solver::with_config(bits, eval, config);
    let stdin = io::stdin();
    let (mut solved, mut errors, mut total_nodes) = (0u64, 0u64, 0u64);
    let all = Instant::now();
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| InputError::new(format!("reading stdin: {e}")))?;
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let position = match parse_obf(&line) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("line {}: {e}: '{}'", i + 1, line.trim());
                errors += 1;
                continue;
            }
        };
        let t = Instant::now();
        let solution = solver.solve(&position);
        let ms = t.elapsed().as_millis();
        let best = solution.best.map_or("pass".to_string(), |sq| sq.upper());
        println!("{best} {:+} {} {ms}", solution.score, solution.nodes);
        solved += 1;
        total_nodes += solution.nodes;
    }
    let secs = all.elapsed().as_secs_f64();
    eprintln!(
        "solved {solved} positions ({errors} bad lines) in {secs:.3} s, {total_nodes} nodes, {:.0} knodes/s",
        total_nodes as f64 / secs.max(1e-9) / 1000.0
    );
    Ok(())
}

/// A player in the terminal game.
enum Player {
    Human,
    Bot(Level, OthelloBot),
}

fn parse_player(
    text: &str,
    seed: Option<u64>,
    budget: Option<Budget>,
) -> Result<Player, InputError> {
    if text.eq_ignore_ascii_case("human") {
        return Ok(Player::Human);
    }
    let level: Level = text
        .parse()
        .map_err(|e: InputError| InputError::new(format!("{e}, or human")))?;
    Ok(Player::Bot(level, new_bot_with_budget(level, seed, budget)))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black (X)",
        Side::Second => "White (O)",
    }
}

/// The board as text: files a..h across, ranks 1..8 down, `*` on the legal moves.
pub fn render(position: &Position, marks: u64) -> String {
    let mut s = String::from("    a b c d e f g h\n");
    for row in 0..8 {
        s.push_str(&format!(" {} ", row + 1));
        for col in 0..8 {
            let sq = Square::new(row, col).expect("row and col < 8");
            let c = match position.at(sq) {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None if marks & sq.bit() != 0 => '*',
                None => '.',
            };
            s.push(' ');
            s.push(c);
        }
        s.push('\n');
    }
    s
}

pub fn play(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{PLAY_USAGE}");
        return Ok(());
    }
    let seed: Option<u64> = match option_value(args, "--seed")? {
        Some(s) => Some(
            s.parse()
                .map_err(|_| InputError::new(format!("bad value '{s}' for --seed")))?,
        ),
        None => None,
    };
    let budget = match option_value(args, "--time")? {
        Some(ms) => Some(Budget::time(Duration::from_millis(ms.parse().map_err(
            |_| {
                InputError::new(format!(
                    "bad value '{ms}' for --time: expected milliseconds"
                ))
            },
        )?))),
        None => None,
    };
    let black = option_value(args, "--black")?.unwrap_or("human");
    let white = option_value(args, "--white")?.unwrap_or("strong");
    let mut players = [
        parse_player(black, seed, budget)?,
        parse_player(white, seed.map(|s| s.wrapping_add(1)), budget)?,
    ];
    let mut position = Position::start();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    println!("Othello: Black (X) moves first. '*' marks the legal moves.");
    loop {
        let side = position.side_to_move();
        let moves = position.legal_moves();
        println!();
        print!("{}", render(&position, moves));
        println!(
            "Black (X) {}  White (O) {}",
            position.count(Side::First),
            position.count(Side::Second)
        );
        if position.is_game_over() {
            let (b, w) = (position.count(Side::First), position.count(Side::Second));
            match b.cmp(&w) {
                std::cmp::Ordering::Greater => println!("Game over: Black (X) wins {b}-{w}."),
                std::cmp::Ordering::Less => println!("Game over: White (O) wins {w}-{b}."),
                std::cmp::Ordering::Equal => println!("Game over: a draw, {b}-{w}."),
            }
            return Ok(());
        }
        if moves == 0 {
            println!("{} has no legal move and passes.", side_name(side));
            position.pass().expect("no move and the game is not over");
            continue;
        }
        match &mut players[side.index()] {
            Player::Bot(level, bot) => {
                let Some(sq) = bot.choose_move(&position) else {
                    return Err(InputError::new(
                        "the bot found no move in a position with moves",
                    ));
                };
                position.play(sq).expect("bots play legal moves");
                println!("{} ({}) plays {sq}.", side_name(side), level.title());
            }
            Player::Human => loop {
                print!("{} to move (like d3, or exit): ", side_name(side));
                out.flush().ok();
                let Some(line) = lines.next() else {
                    println!("\nEnd of input: game abandoned.");
                    return Ok(());
                };
                let line = line.map_err(|e| InputError::new(format!("reading stdin: {e}")))?;
                let text = line.trim();
                if text.is_empty() {
                    continue;
                }
                if text.eq_ignore_ascii_case("exit") || text.eq_ignore_ascii_case("quit") {
                    println!("Bye.");
                    return Ok(());
                }
                if text.eq_ignore_ascii_case("pass") {
                    match position.pass() {
                        Ok(()) => break,
                        Err(e) => {
                            println!("Refused: {e}.");
                            continue;
                        }
                    }
                }
                let sq = match parse_square(text) {
                    Ok(sq) => sq,
                    Err(e) => {
                        println!("Refused: {e}.");
                        continue;
                    }
                };
                match position.play(sq) {
                    Ok(_) => {
                        println!("{} plays {sq}.", side_name(side));
                        break;
                    }
                    Err(e) => {
                        let legal: Vec<String> = position.moves().map(|m| m.to_string()).collect();
                        println!("Refused {sq}: {e}. Legal moves: {}.", legal.join(" "));
                    }
                }
            },
        }
    }
}

fn run_match(args: &[String]) -> Result<(), InputError> {
    let games: u32 = parse_option(args, "--games", 20)?;
    let seed: u64 = parse_option(args, "--seed", 1)?;
    let a: Level = option_value(args, "--a")?.unwrap_or("strong").parse()?;
    let b: Level = option_value(args, "--b")?.unwrap_or("positional").parse()?;
    let mut budget = Budget::time(Duration::from_millis(parse_option(args, "--time", 1000)?));
    if let Some(n) = option_value(args, "--nodes")? {
        budget = Budget::nodes(
            n.parse()
                .map_err(|_| InputError::new(format!("bad value '{n}' for --nodes")))?,
        );
    }
    let a_eval = super::othello_train::parse_eval(option_value(args, "--a-eval")?)?;
    let b_eval = super::othello_train::parse_eval(option_value(args, "--b-eval")?)?;
    let random_moves: u32 = parse_option(args, "--random", 0)?;
    if random_moves > 50 {
        return Err(InputError::new(
            "--random above 50 leaves the bots nothing to play",
        ));
    }
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for game in 0..games {
        let game_seed = seed.wrapping_mul(1000).wrapping_add(game as u64);
        // Both games of a pair start from the same opening, with colours swapped.
        let pair_seed = seed.wrapping_mul(1000).wrapping_add(game as u64 / 2);
        let (start, opening) = random_opening(random_moves, pair_seed);
        // `a` plays Black in even games, White in odd ones.
        let a_side = if game % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let t = Instant::now();
        let mut bot_a = make_bot(a, &a_eval, game_seed, budget);
        let mut bot_b = make_bot(b, &b_eval, game_seed ^ 0x5555, budget);
        let end = match a_side {
            Side::First => levels::play_game(&mut bot_a, &mut bot_b, start),
            Side::Second => levels::play_game(&mut bot_b, &mut bot_a, start),
        };
        let (a_discs, b_discs) = (end.count(a_side), end.count(a_side.opponent()));
        let verdict = match a_discs.cmp(&b_discs) {
            std::cmp::Ordering::Greater => {
                wins += 1;
                "win"
            }
            std::cmp::Ordering::Less => {
                losses += 1;
                "loss"
            }
            std::cmp::Ordering::Equal => {
                draws += 1;
                "draw"
            }
        };
        let from = if opening.is_empty() {
            String::new()
        } else {
            format!(" from {opening}")
        };
        println!(
            "game {:>3}: {a} as {} {a_discs}-{b_discs} {b}: {verdict} ({:.1} s){from}",
            game + 1,
            side_name(a_side),
            t.elapsed().as_secs_f64()
        );
    }
    println!("{a} vs {b}: {wins}-{losses}-{draws} (W-L-D for {a})");
    Ok(())
}

/// The start position after `moves` random legal moves (passes when a side has none),
/// the same for the same seed, and those moves as text (`f5d6c3`, `pass` for a pass).
fn random_opening(moves: u32, seed: u64) -> (Position, String) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    let mut text = String::new();
    for _ in 0..moves {
        if position.is_game_over() {
            break;
        }
        let legal: Vec<Square> = position.moves().collect();
        if legal.is_empty() {
            position.pass().expect("a side without moves may pass");
            text.push_str("pass");
        } else {
            let square = legal[rng.random_range(0..legal.len())];
            position.play(square).expect("the move is legal");
            text.push_str(&square.to_string());
        }
    }
    (position, text)
}

/// A bot of `level`; Strong with the evaluation `eval` when one is given.
fn make_bot(level: Level, eval: &Option<Eval>, seed: u64, budget: Budget) -> OthelloBot {
    match (level, eval) {
        (Level::Strong, Some(eval)) => Box::new(StrongBot::with_eval(budget, eval.clone())),
        _ => new_bot_with_budget(level, Some(seed), Some(budget)),
    }
}
