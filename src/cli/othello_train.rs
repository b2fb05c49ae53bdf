//! `caro othello selfplay` and `caro othello train`: the tools that make the evaluation's
//! weights (`data/othello/eval.bin`). Not needed to play; see docs/othello.md.

use super::lines::LineReader;
use super::progress::Progress;
use super::{in_range, lines_result, Failure};
use crate::game::InputError;
use crate::game::{Budget, Deadline, Side};
use crate::othello::board::{flips, legal_moves};
use crate::othello::endgame::Solver;
use crate::othello::eval::Weights;
use crate::othello::search::score_in_discs;
use crate::othello::search::Eval;
use crate::othello::search::Searcher;
use crate::othello::selfplay::{GameRecord, SelfPlay, SelfPlayConfig};
use crate::othello::train::{fit, shallow_errors, FitConfig, Sample};
use crate::othello::weights::encode;
use crate::othello::{format_obf, parse_obf_prefix, Position, Squares};
use clap::Args;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

/// An evaluation named on the command line: `classic`, or a weights file (read and checked
/// when the command line is parsed).
#[derive(Clone)]
pub struct EvalChoice(Eval);

impl EvalChoice {
    pub fn eval(&self) -> Eval {
        self.0.clone()
    }
}

impl std::fmt::Debug for EvalChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Eval::Classic => f.write_str("EvalChoice(classic)"),
            _ => f.write_str("EvalChoice(weights)"),
        }
    }
}

impl FromStr for EvalChoice {
    type Err = InputError;

    fn from_str(text: &str) -> Result<EvalChoice, InputError> {
        if text == "classic" {
            return Ok(EvalChoice(Eval::Classic));
        }
        let bytes =
            std::fs::read(text).map_err(|e| InputError::new(format!("reading {text}: {e}")))?;
        let weights =
            Weights::from_bytes(&bytes).map_err(|e| InputError::new(format!("{text}: {e}")))?;
        Ok(EvalChoice(Eval::Patterns(Arc::new(weights))))
    }
}

/// Opening moves as `A-B`: a range of counts, at most 60.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRange(pub u32, pub u32);

impl FromStr for MoveRange {
    type Err = InputError;

    fn from_str(range: &str) -> Result<MoveRange, InputError> {
        let bad = || {
            InputError::new(format!(
                "bad range '{range}': expected A-B, 0 <= A <= B <= 60"
            ))
        };
        let (a, b) = range.split_once('-').ok_or_else(bad)?;
        let (a, b): (u32, u32) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if a > b || b > 60 {
            return Err(bad());
        }
        Ok(MoveRange(a, b))
    }
}

/// A number in 0..=1 (a rate).
fn rate(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| "expected a number from 0 to 1".to_string())
}

/// `caro othello selfplay`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Play self-play games for training the evaluation",
    long_about = "\
Plays N self-play games and prints one a line: the moves (f5d6c3...), a space, Black's final
disc difference. A game opens with A..B random moves, then the midgame search of depth D
plays, with a random move at rate R, and from E empties on the exact solver plays."
)]
pub struct SelfplayArgs {
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = in_range(1u64, u64::MAX / 4))]
    pub games: u64,
    /// Seed of the games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Depth of the midgame search
    #[arg(long, value_name = "D", default_value_t = SelfPlayConfig::default().depth, value_parser = in_range(1u32, 20))]
    pub depth: u32,
    /// From this many empties on, the exact solver plays
    #[arg(long, value_name = "E", default_value_t = SelfPlayConfig::default().solve_empties, value_parser = in_range(0u32, 26))]
    pub solve: u32,
    /// Random opening moves, a count drawn from A..B
    #[arg(long, value_name = "A-B", default_value = "0-20")]
    pub random: MoveRange,
    /// The chance of a random move at each later move
    #[arg(long, value_name = "R", default_value_t = SelfPlayConfig::default().random_rate, value_parser = rate)]
    pub random_rate: f64,
    /// The search's evaluation: 'classic' or a weights file [default: the shipped weights]
    #[arg(long, value_name = "E")]
    pub eval: Option<EvalChoice>,
}

pub fn selfplay(args: &SelfplayArgs) -> Result<(), InputError> {
    let config = SelfPlayConfig {
        depth: args.depth,
        solve_empties: args.solve,
        random_rate: args.random_rate,
        random_moves: (args.random.0, args.random.1),
    };
    let eval = args
        .eval
        .as_ref()
        .map_or_else(Eval::default_patterns, EvalChoice::eval);
    let mut generator = SelfPlay::new(config, args.seed, eval);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut progress = Progress::new("games", Some(args.games));
    for _ in 0..args.games {
        let game = generator.play_game();
        writeln!(out, "{}", game.to_line())
            .map_err(|e| InputError::new(format!("writing: {e}")))?;
        progress.inc(1);
    }
    progress.finish();
    Ok(())
}

/// A line of training data.
enum Training {
    Game(GameRecord),
    /// A position (player to move, opponent) and its label in discs.
    Position(u64, u64, f64),
}

/// Reads a game line (`caro othello selfplay`) or a labelled position (`caro othello
/// label`: OBF, a space, the label).
fn read_sample_line(line: &str) -> Result<Training, InputError> {
    let is_position = line
        .trim_start()
        .bytes()
        .take(64)
        .filter(|c| matches!(c, b'X' | b'O' | b'-'))
        .count()
        == 64;
    if !is_position {
        return GameRecord::parse(line).map(Training::Game);
    }
    let (pos, rest) = parse_obf_prefix(line)?;
    let label = rest.trim();
    let value = label
        .parse::<f64>()
        .ok()
        .filter(|v| v.abs() <= 64.0)
        .ok_or_else(|| {
            InputError::new(format!(
                "bad label '{}': expected a disc count from -64 to +64",
                super::lines::clip(label)
            ))
        })?;
    if pos.legal_moves() == 0 {
        return Err(InputError::new(
            "a labelled position must have a legal move",
        ));
    }
    Ok(Training::Position(pos.player(), pos.opponent(), value))
}

/// Calls `each` with every line of `file` that is not empty or a comment (its number and
/// text); a line that cannot be read as text is reported on stderr and counted in the
/// returned number of bad lines.
fn for_each_line(
    file: &Path,
    progress: &Progress,
    mut each: impl FnMut(usize, &str) -> Result<(), InputError>,
) -> Result<usize, InputError> {
    let name = file.display();
    let f =
        std::fs::File::open(file).map_err(|e| InputError::new(format!("reading {name}: {e}")))?;
    let mut reader = LineReader::new(io::BufReader::new(f));
    let mut bad = 0;
    while let Some((number, line)) = reader
        .next_line()
        .map_err(|e| InputError::new(format!("reading {name}: {e}")))?
    {
        let result = line.map_err(InputError::new).and_then(|text| {
            if text.trim().is_empty() || text.starts_with('#') {
                Ok(())
            } else {
                each(number, text)
            }
        });
        if let Err(e) = result {
            progress.eprintln(&format!("{name}:{number}: {e}"));
            bad += 1;
        }
    }
    Ok(bad)
}

/// Reads the game lines of `files`, in order; bad lines are reported on stderr, skipped
/// and counted. An error when a file cannot be read or no game at all could be.
fn read_games(
    files: &[PathBuf],
    progress: &Progress,
) -> Result<(Vec<GameRecord>, usize), InputError> {
    let mut games = Vec::new();
    let mut bad = 0;
    for file in files {
        bad += for_each_line(file, progress, |_, line| {
            games.push(GameRecord::parse(line)?);
            Ok(())
        })?;
    }
    if games.is_empty() {
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        return Err(InputError::new(format!(
            "no game could be read from {}",
            names.join(", ")
        )));
    }
    Ok((games, bad))
}

/// `caro othello train`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Fit the evaluation's weights to self-play games or labelled positions",
    long_about = "\
Fits the evaluation's weights to labelled positions and writes them to FILE (the format of
data/othello/eval.bin). FILES hold self-play games (lines of 'caro othello selfplay': each
position labelled with its game's final score) or labelled positions (lines of 'caro
othello label'). Every 20th game and every 20th position is held out to measure the fit
and to stop it; a line a phase shows positions and errors in discs. Bad lines are named on
stderr and skipped; the exit status is 1 if there were any."
)]
pub struct TrainArgs {
    /// The weights file to write
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The ridge term: pulls weights seen rarely towards zero
    #[arg(long, value_name = "R", default_value_t = FitConfig::default().ridge, value_parser = non_negative)]
    pub ridge: f64,
    /// Most conjugate gradient steps a phase
    #[arg(long, value_name = "N", default_value_t = FitConfig::default().iterations, value_parser = in_range(0usize, 1_000_000))]
    pub iterations: usize,
    /// A phase also learns from positions this many empties beyond its own range
    #[arg(long, value_name = "E", default_value_t = FitConfig::default().overlap, value_parser = in_range(0u32, 60))]
    pub overlap: u32,
    /// Plain conjugate gradients (no Jacobi preconditioning)
    #[arg(long)]
    pub no_precondition: bool,
    /// Game or labelled-position files
    #[arg(value_name = "FILES", required = true)]
    pub files: Vec<PathBuf>,
}

/// A number at least 0.
fn non_negative(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|r| r.is_finite() && *r >= 0.0)
        .ok_or_else(|| "expected a number at least 0".to_string())
}

pub fn train(args: &TrainArgs) -> Result<(), Failure> {
    let config = FitConfig {
        ridge: args.ridge,
        iterations: args.iterations,
        overlap: args.overlap,
        precondition: !args.no_precondition,
    };
    let out = &args.out;
    let start = Instant::now();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let (mut games, mut labelled, mut bad) = (0usize, 0usize, 0usize);
    let progress = Progress::new("files read", Some(args.files.len() as u64));
    let mut progress = progress;
    for file in &args.files {
        bad += for_each_line(file, &progress, |_, line| {
            match read_sample_line(line)? {
                Training::Game(game) => {
                    let set = if games % 20 == 0 {
                        &mut test
                    } else {
                        &mut train
                    };
                    for (p, o, score) in game.labelled_positions() {
                        set.push(Sample::new(p, o, score as f64));
                    }
                    games += 1;
                }
                Training::Position(p, o, value) => {
                    let set = if labelled % 20 == 0 {
                        &mut test
                    } else {
                        &mut train
                    };
                    set.push(Sample::new(p, o, value));
                    labelled += 1;
                }
            }
            Ok(())
        })?;
        progress.inc(1);
    }
    progress.finish();
    eprintln!(
        "{games} games, {labelled} labelled positions: {} training and {} held-out positions ({:.1} s)",
        train.len(),
        test.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        // Nothing to fit: do not write a file of zeros that would load and play blind.
        let names: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        return Err(InputError::new(format!(
            "no game or labelled position could be read from {}; {} not written",
            names.join(", "),
            out.display()
        ))
        .into());
    }
    println!("phase empties  positions  held-out  train-rmse  held-out-rmse  iterations");
    let mut progress = Progress::new("phases fitted", Some(15));
    let weights = fit(&train, &test, config, &mut |r| {
        progress.println(&format!(
            "{:>5} {:>3}-{:<3} {:>9} {:>9} {:>11.2} {:>14.2} {:>11}",
            r.phase,
            4 * r.phase,
            4 * r.phase + 3,
            r.train_samples,
            r.test_samples,
            r.train_rmse,
            r.test_rmse,
            r.iterations
        ));
        progress.inc(1);
    });
    progress.finish();
    std::fs::write(out, encode(&weights))
        .map_err(|e| InputError::new(format!("writing {}: {e}", out.display())))?;
    eprintln!(
        "wrote {} ({:.1} s)",
        out.display(),
        start.elapsed().as_secs_f64()
    );
    lines_result(bad, games + labelled + bad)
}

/// A list of depths `D,D,...`, each at most 20.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Depths(pub Vec<u32>);

impl FromStr for Depths {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Depths, InputError> {
        text.split(',')
            .map(|d| {
                d.trim()
                    .parse()
                    .ok()
                    .filter(|&d| d <= 20)
                    .ok_or_else(|| InputError::new(format!("bad depth '{d}': expected 0 to 20")))
            })
            .collect::<Result<_, _>>()
            .map(Depths)
    }
}

/// `caro othello calibrate`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Measure the midgame search's error against exact scores",
    long_about = "\
Measures how far the midgame search of each depth is from the exact score (or, with
--versus, from the search of depth D), for positions of E empties (N positions each)
taken from the self-play games: the mean error and its standard deviation, in discs. The
endgame solver's probcut margins (SolverConfig's probcut_sigma) come from these figures."
)]
pub struct CalibrateArgs {
    /// Positions per empties count
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = in_range(1usize, 1_000_000))]
    pub per: usize,
    /// The fewest empties
    #[arg(long, value_name = "E", default_value_t = 12, value_parser = in_range(2u32, 60))]
    pub from: u32,
    /// The most empties (at most 30 without --versus)
    #[arg(long, value_name = "E", default_value_t = 22, value_parser = in_range(2u32, 60))]
    pub to: u32,
    /// The depths measured
    #[arg(long, value_name = "D,D,...", default_value = "0,1,2,3,4,5,6")]
    pub depths: Depths,
    /// Compare with the search of this depth instead of the exact score
    #[arg(long, value_name = "D", value_parser = in_range(0u32, 20))]
    pub versus: Option<u32>,
    /// Self-play game files
    #[arg(value_name = "GAMES", required = true)]
    pub files: Vec<PathBuf>,
}

pub fn calibrate(args: &CalibrateArgs) -> Result<(), Failure> {
    let (per, from, to, versus) = (args.per, args.from, args.to, args.versus);
    let limit = if versus.is_some() { 60 } else { 30 };
    if to > limit || from > to {
        return Err(InputError::new(format!(
            "empties must run from 2 to at most {limit}, --from not above --to"
        ))
        .into());
    }
    let depths = &args.depths.0;
    let progress = Progress::new("empties counts", Some(u64::from(to - from + 1)));
    let (games, bad) = read_games(&args.files, &progress)?;
    let mut progress = progress;
    let mut searcher = Searcher::new(16);
    let mut solver = Solver::new(20);
    let mut header = String::from("empties");
    for d in depths {
        header.push_str(&format!("   depth {d:<2} mean   sd"));
    }
    progress.println(&header);
    for empties in from..=to {
        let positions: Vec<(u64, u64)> = games
            .iter()
            .filter_map(|g| {
                g.labelled_positions()
                    .into_iter()
                    .find(|(p, o, _)| (!(p | o)).count_ones() == empties)
                    .map(|(p, o, _)| (p, o))
            })
            .take(per)
            .collect();
        let stats = shallow_errors(&positions, depths, versus, &mut searcher, &mut solver);
        let mut line = format!("{empties:>7}");
        for s in stats {
            line.push_str(&format!("   {:>12.2} {:>4.2}", s.mean, s.sd));
        }
        line.push_str(&format!("   ({} positions)", positions.len()));
        progress.println(&line);
        progress.inc(1);
    }
    progress.finish();
    lines_result(bad, games.len() + bad)
}

/// Which games `--part I/N` keeps: every N-th from the I-th (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: usize,
    pub count: usize,
}

impl FromStr for Part {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Part, InputError> {
        let bad = || InputError::new(format!("bad part '{text}': expected I/N with I below N"));
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Part { index, count })
    }
}

/// `caro othello label`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Label positions of self-play games by search or solving",
    long_about = "\
Labels positions of the self-play games for training: every K-th position of each game,
with the game's final score when it has at most E empties (self-play games are played
perfectly from there, so that score is exact), else with the midgame search's score at
depth D. Prints one a line: the position in OBF, a space, the label in discs for the side to
move. With --children, the positions after each legal move are labelled instead: solved
exactly when they have at most C empties, else searched."
)]
pub struct LabelArgs {
    /// Depth of the midgame search
    #[arg(long, value_name = "D", default_value_t = 4, value_parser = in_range(0u32, 20))]
    pub depth: u32,
    /// Positions with at most this many empties take the game's final score
    #[arg(long, value_name = "E", default_value_t = 18, value_parser = in_range(0u32, 60))]
    pub exact: u32,
    /// Every K-th position of each game
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = in_range(1usize, 60))]
    pub every: usize,
    /// Take every N-th game from the I-th (0-based), to split the work between processes
    #[arg(long, value_name = "I/N")]
    pub part: Option<Part>,
    /// The search's evaluation: 'classic' or a weights file [default: the shipped weights]
    #[arg(long, value_name = "E")]
    pub eval: Option<EvalChoice>,
    /// Label the positions after each legal move, solved when they have at most C empties
    #[arg(long, value_name = "C", value_parser = in_range(0u32, 22))]
    pub children: Option<u32>,
    /// Keep positions with at least this many empties
    #[arg(long, value_name = "E", default_value_t = 0, value_parser = in_range(0u32, 60))]
    pub from: u32,
    /// Keep positions with at most this many empties
    #[arg(long, value_name = "E", default_value_t = 60, value_parser = in_range(0u32, 60))]
    pub to: u32,
    /// Self-play game files
    #[arg(value_name = "GAMES", required = true)]
    pub files: Vec<PathBuf>,
}

pub fn label_positions(args: &LabelArgs) -> Result<(), Failure> {
    let (depth, exact, every, children, from, to) = (
        args.depth,
        args.exact,
        args.every,
        args.children,
        args.from,
        args.to,
    );
    let Part {
        index: part,
        count: parts,
    } = args.part.unwrap_or(Part { index: 0, count: 1 });
    if from > to {
        return Err(InputError::new(format!(
            "--from {from} is above --to {to}: no position would be labelled"
        ))
        .into());
    }
    let eval = args
        .eval
        .as_ref()
        .map_or_else(Eval::default_patterns, EvalChoice::eval);
    let mut searcher = Searcher::with_eval(20, eval.clone());
    let mut solver = Solver::with_eval(20, eval);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let start = Instant::now();
    let mut index = 0usize;
    let mut labelled = 0usize;
    let quiet = Progress::new("games", None);
    let (games, bad) = read_games(&args.files, &quiet)?;
    quiet.finish();
    let mut progress = Progress::new("games labelled", Some(games.len().div_ceil(parts) as u64));
    for game in games.iter() {
        index += 1;
        if (index - 1) % parts != part {
            continue;
        }
        let positions = game.labelled_positions();
        for (p, o, score) in positions.into_iter().skip(index % every).step_by(every) {
            if !(from..=to).contains(&(!(p | o)).count_ones()) {
                continue;
            }
            let mut labelled_here = Vec::new();
            if let Some(solve_below) = children {
                // The positions after every move, each to be solved (when it has at
                // most `solve_below` empties) or searched.
                for sq in Squares(legal_moves(p, o)) {
                    let f = flips(p, o, sq.index());
                    let (mut np, mut no) = (o & !f, p | f | sq.bit());
                    if legal_moves(np, no) == 0 {
                        if legal_moves(no, np) == 0 {
                            continue;
                        }
                        (np, no) = (no, np);
                    }
                    let pos = Position::from_player(np, no, Side::First);
                    let value = if pos.empties() <= solve_below {
                        solver.solve(&pos).score as f64
                    } else {
                        match searcher.best_move(&pos, Deadline::start(Budget::unlimited()), depth)
                        {
                            Some(r) => score_in_discs(r.score),
                            None => continue,
                        }
                    };
                    labelled_here.push((pos, value));
                }
            } else {
                let pos = Position::from_player(p, o, Side::First);
                let value = if pos.empties() <= exact {
                    score as f64
                } else {
                    match searcher.best_move(&pos, Deadline::start(Budget::unlimited()), depth) {
                        Some(r) => score_in_discs(r.score),
                        None => continue,
                    }
                };
                labelled_here.push((pos, value));
            }
            for (pos, value) in labelled_here {
                writeln!(out, "{} {value:+.2}", format_obf(&pos))
                    .map_err(|e| InputError::new(format!("writing: {e}")))?;
                labelled += 1;
            }
        }
        progress.inc(1);
    }
    progress.finish();
    eprintln!(
        "labelled {labelled} positions in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    lines_result(bad, games.len() + bad)
}
