//! `caro othello ...` (perft, solve, match) and `caro play othello` (the terminal game).

use super::lines::{clip, LineReader};
use super::othello_train::{CalibrateArgs, EvalChoice, LabelArgs, SelfplayArgs, TrainArgs};
use super::progress::Progress;
use super::{in_range, lines_result, Failure};
use crate::game::{Budget, InputError, Side};
use crate::othello::board::PassRule;
use crate::othello::endgame::SolverConfig;
use crate::othello::levels::{self, StrongBot};
use crate::othello::search::Eval;
use crate::othello::{
    new_bot_with_budget, parse_obf, parse_square, perft, Level, OthelloBot, Position, Solver,
    Square,
};
use clap::{Args, Subcommand};
use std::io::{self, BufRead, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// `caro othello ...`.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Leaf counts from the start position, depths 1..N
    Perft {
        /// The deepest depth, 0 to 20
        #[arg(value_parser = in_range(0u32, 20))]
        depth: u32,
        /// A forced pass is not a ply (default: it counts as one)
        #[arg(long)]
        pass_not_counted: bool,
    },
    /// Read OBF positions from stdin, one a line; print '<best move> <exact score> <nodes>
    /// <milliseconds>'
    Solve(SolveArgs),
    /// Solve FFO #40-44 exactly and print each one's time and nodes (the same figures as
    /// the browser's bench page)
    Bench {
        /// The solver's table: 2^B entries
        #[arg(long, value_name = "B", default_value_t = 20, value_parser = in_range(8u32, 28))]
        table_bits: u32,
    },
    /// Play two levels, colours alternating; print wins-losses-draws for the first
    Match(MatchArgs),
    Selfplay(SelfplayArgs),
    Train(TrainArgs),
    Label(LabelArgs),
    Calibrate(CalibrateArgs),
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// The solver's table: 2^B entries
    #[arg(long, value_name = "B", default_value_t = 20, value_parser = in_range(8u32, 28))]
    pub table_bits: u32,
    /// The evaluation that orders moves: 'classic' (hand-tuned) or a weights file
    /// [default: the shipped weights]
    #[arg(long, value_name = "E")]
    pub eval: Option<EvalChoice>,
    /// Change solver settings, for experiments: NAME=N,... with the fields of SolverConfig,
    /// like probcut_sigma=25
    #[arg(long, value_name = "NAME=N,...")]
    pub set: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = in_range(1u32, 1_000_000))]
    pub games: u32,
    /// Thinking time per move in ms
    #[arg(long, value_name = "MS", default_value_t = 1_000, value_parser = in_range(1u64, super::caro_play::MAX_MOVE_MS))]
    pub time: u64,
    /// Nodes per move instead of a time
    #[arg(long, value_name = "N", value_parser = in_range(1u64, u64::MAX / 4))]
    pub nodes: Option<u64>,
    /// Seed of the openings and the bots' random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The first player's level
    #[arg(long, value_name = "LEVEL", default_value = "strong")]
    pub a: Level,
    /// The second player's level
    #[arg(long, value_name = "LEVEL", default_value = "positional")]
    pub b: Level,
    /// A's evaluation when Strong: 'classic' or a weights file [default: the shipped weights]
    #[arg(long, value_name = "E")]
    pub a_eval: Option<EvalChoice>,
    /// B's evaluation, as --a-eval
    #[arg(long, value_name = "E")]
    pub b_eval: Option<EvalChoice>,
    /// Each pair of games starts from the same K random moves, so that two deterministic
    /// bots play different games
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = in_range(0u32, 50))]
    pub random: u32,
}

/// Who plays one colour in the terminal game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(Level),
}

impl FromStr for Seat {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Seat, InputError> {
        if text.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        text.parse()
            .map(Seat::Bot)
            .map_err(|e: InputError| InputError::new(format!("{e}, or human")))
    }
}

/// `caro play othello`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Othello",
    long_about = "Plays Othello in the terminal. Black moves first. Type a move like d3 (file \
a..h, rank 1..8), 'pass' when you have no move, 'exit' to quit."
)]
pub struct PlayArgs {
    /// Who plays Black: human, random, positional or strong
    #[arg(long, value_name = "PLAYER", default_value = "human")]
    pub black: Seat,
    /// Who plays White: human, random, positional or strong
    #[arg(long, value_name = "PLAYER", default_value = "strong")]
    pub white: Seat,
    /// Strong's thinking time per move in ms [default: 1000]
    #[arg(long, value_name = "MS", value_parser = in_range(1u64, super::caro_play::MAX_MOVE_MS))]
    pub time: Option<u64>,
    /// Seed the bots' random choices
    #[arg(long)]
    pub seed: Option<u64>,
}

pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft {
            depth,
            pass_not_counted,
        } => run_perft(depth, pass_not_counted),
        Command::Solve(args) => return run_solve(&args),
        Command::Bench { table_bits } => {
            crate::bench::othello_ffo(table_bits, &mut |line| println!("{line}"))?;
        }
        Command::Match(args) => run_match(&args),
        Command::Selfplay(args) => super::othello_train::selfplay(&args)?,
        Command::Train(args) => return super::othello_train::train(&args),
        Command::Calibrate(args) => return super::othello_train::calibrate(&args),
        Command::Label(args) => return super::othello_train::label_positions(&args),
    }
    Ok(())
}

fn run_perft(depth: u32, pass_not_counted: bool) {
    let rule = if pass_not_counted {
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
}

fn run_solve(args: &SolveArgs) -> Result<(), Failure> {
    let eval = args
        .eval
        .as_ref()
        .map_or_else(Eval::default_patterns, EvalChoice::eval);
    let mut config = SolverConfig::default();
    if let Some(settings) = &args.set {
        for setting in settings.split(',') {
            let bad = || InputError::new(format!("bad setting '{setting}': expected NAME=NUMBER"));
            let (name, value) = setting.split_once('=').ok_or_else(bad)?;
            let value: i32 = value.trim().parse().map_err(|_| bad())?;
            config.set(name.trim(), value).map_err(InputError::new)?;
        }
    }
    let mut solver = Solver::with_config(args.table_bits, eval, config);
    let stdin = io::stdin();
    let mut reader = LineReader::new(stdin.lock());
    let mut progress = Progress::new("positions", None);
    let (mut solved, mut errors, mut total_nodes) = (0usize, 0usize, 0u64);
    let all = Instant::now();
    while let Some((number, line)) = reader
        .next_line()
        .map_err(|e| InputError::new(format!("reading stdin: {e}")))?
    {
        let parsed = line.and_then(|text| {
            if text.trim().is_empty() || text.trim_start().starts_with('#') {
                return Ok(None);
            }
            parse_obf(text)
                .map(Some)
                .map_err(|e| format!("{e}: '{}'", clip(text.trim())))
        });
        let position = match parsed {
            Ok(None) => continue,
            Ok(Some(p)) => p,
            Err(e) => {
                progress.eprintln(&format!("line {number}: {e}"));
                errors += 1;
                continue;
            }
        };
        let t = Instant::now();
        let solution = solver.solve(&position);
        let ms = t.elapsed().as_millis();
        let best = solution.best.map_or("pass".to_string(), |sq| sq.upper());
        progress.println(&format!(
            "{best} {:+} {} {ms}",
            solution.score, solution.nodes
        ));
        progress.inc(1);
        solved += 1;
        total_nodes += solution.nodes;
    }
    progress.finish();
    let secs = all.elapsed().as_secs_f64();
    eprintln!(
        "solved {solved} positions ({errors} bad lines) in {secs:.3} s, {total_nodes} nodes, {:.0} knodes/s",
        total_nodes as f64 / secs.max(1e-9) / 1000.0
    );
    lines_result(errors, solved + errors)
}

/// A player in the terminal game.
enum Player {
    Human,
    Bot(Level, OthelloBot),
}

fn make_player(seat: Seat, seed: Option<u64>, budget: Option<Budget>) -> Player {
    match seat {
        Seat::Human => Player::Human,
        Seat::Bot(level) => Player::Bot(level, new_bot_with_budget(level, seed, budget)),
    }
}

/// Black (X) or White (O).
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

pub fn play(args: &PlayArgs) -> Result<(), InputError> {
    let seed = args.seed;
    let budget = args.time.map(|ms| Budget::time(Duration::from_millis(ms)));
    let mut players = [
        make_player(args.black, seed, budget),
        make_player(args.white, seed.map(|s| s.wrapping_add(1)), budget),
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

fn run_match(args: &MatchArgs) {
    let (games, seed, a, b, random_moves) = (args.games, args.seed, args.a, args.b, args.random);
    let budget = match args.nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::time(Duration::from_millis(args.time)),
    };
    let a_eval = args.a_eval.as_ref().map(EvalChoice::eval);
    let b_eval = args.b_eval.as_ref().map(EvalChoice::eval);
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
