//! `caro othello selfplay` and `caro othello train`: the tools that make the evaluation's
//! weights (`data/othello/eval.bin`). Not needed to play; see docs/othello.md.

use super::{has_flag, option_value, parse_option};
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
use crate::othello::{format_obf, parse_obf, Position, Squares};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

pub const SELFPLAY_USAGE: &str = "\
usage: caro othello selfplay [--games N] [--seed S] [--depth D] [--solve E]
                             [--random A-B] [--random-rate R] [--eval E]

Plays N self-play games (default 1000) and prints one a line: the moves (f5d6c3...), a
space, Black's final disc difference. A game opens with A..B random moves (default 0-20),
then the midgame search of depth D (default 4) plays, with a random move at rate R
(default 0.05), and from E empties on (default 18) the exact solver plays. --eval picks the
search's evaluation: 'classic' (hand-tuned) or a weights file (default: the shipped ones).
";

pub fn selfplay(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{SELFPLAY_USAGE}");
        return Ok(());
    }
    let defaults = SelfPlayConfig::default();
    let games: u64 = parse_option(args, "--games", 1000)?;
    let seed: u64 = parse_option(args, "--seed", 1)?;
    let mut config = SelfPlayConfig {
        depth: parse_option(args, "--depth", defaults.depth)?,
        solve_empties: parse_option(args, "--solve", defaults.solve_empties)?,
        random_rate: parse_option(args, "--random-rate", defaults.random_rate)?,
        ..defaults
    };
    if let Some(range) = option_value(args, "--random")? {
        let bad = || InputError::new(format!("bad value '{range}' for --random: expected A-B"));
        let (a, b) = range.split_once('-').ok_or_else(bad)?;
        let (a, b): (u32, u32) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
        if a > b || b > 60 {
            return Err(bad());
        }
        config.random_moves = (a, b);
    }
    if !(0.0..=1.0).contains(&config.random_rate) {
        return Err(InputError::new("--random-rate must lie in 0..1"));
    }
    if config.depth == 0 || config.depth > 20 {
        return Err(InputError::new("--depth must lie in 1..20"));
    }
    if config.solve_empties > 26 {
        return Err(InputError::new(
            "--solve above 26 empties would take minutes a game",
        ));
    }
    let eval = parse_eval(option_value(args, "--eval")?)?.unwrap_or_else(Eval::default_patterns);
    let mut generator = SelfPlay::new(config, seed, eval);
    let start = Instant::now();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for i in 0..games {
        let game = generator.play_game();
        writeln!(out, "{}", game.to_line())
            .map_err(|e| InputError::new(format!("writing: {e}")))?;
        if (i + 1) % 1000 == 0 {
            eprintln!("{} games, {:.1} s", i + 1, start.elapsed().as_secs_f64());
        }
    }
    Ok(())
}

/// An evaluation named on the command line: `classic`, or a weights file.
pub fn parse_eval(text: Option<&str>) -> Result<Option<Eval>, InputError> {
    let Some(text) = text else {
        return Ok(None);
    };
    if text == "classic" {
        return Ok(Some(Eval::Classic));
    }
    let bytes = std::fs::read(text).map_err(|e| InputError::new(format!("reading {text}: {e}")))?;
    let weights =
        Weights::from_bytes(&bytes).map_err(|e| InputError::new(format!("{text}: {e}")))?;
    Ok(Some(Eval::Patterns(Arc::new(weights))))
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
    let is_position = line.len() > 66
        && line.as_bytes()[..64]
            .iter()
            .all(|c| matches!(c, b'X' | b'O' | b'-'));
    if !is_position {
        return GameRecord::parse(line).map(Training::Game);
    }
    let pos = parse_obf(line)?;
    let value = line[66..]
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.abs() <= 64.0)
        .ok_or_else(|| InputError::new(format!("bad label '{}'", line[66..].trim())))?;
    if pos.legal_moves() == 0 {
        return Err(InputError::new(
            "a labelled position must have a legal move",
        ));
    }
    Ok(Training::Position(pos.player(), pos.opponent(), value))
}

/// Reads the game lines of `files`, in order; bad lines are reported on stderr and
/// skipped. An error when a file cannot be read or no game at all could be.
fn read_games(files: &[String]) -> Result<Vec<GameRecord>, InputError> {
    let mut games = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| InputError::new(format!("reading {file}: {e}")))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            match GameRecord::parse(line) {
                Ok(g) => games.push(g),
                Err(e) => eprintln!("{file}:{}: {e}", i + 1),
            }
        }
    }
    if games.is_empty() {
        return Err(InputError::new(format!(
            "no game could be read from {}",
            files.join(", ")
        )));
    }
    Ok(games)
}

pub const TRAIN_USAGE: &str = "\
usage: caro othello train --out FILE [--ridge R] [--iterations N] [--overlap E]
                          [--no-precondition] FILES...

Fits the evaluation's weights to labelled positions and writes them to FILE (the format of
data/othello/eval.bin). FILES hold self-play games (lines of 'caro othello selfplay': each
position labelled with its game's final score) or labelled positions (lines of 'caro
othello label'). Every 20th game and every 20th position is held out to measure the fit
and to stop it; a line a phase shows positions and errors in discs.
";

pub fn train(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{TRAIN_USAGE}");
        return Ok(());
    }
    let defaults = FitConfig::default();
    let config = FitConfig {
        ridge: parse_option(args, "--ridge", defaults.ridge)?,
        iterations: parse_option(args, "--iterations", defaults.iterations)?,
        overlap: parse_option(args, "--overlap", defaults.overlap)?,
        precondition: !has_flag(args, "--no-precondition"),
    };
    let out = option_value(args, "--out")?
        .ok_or_else(|| InputError::new(format!("train needs --out FILE\n\n{TRAIN_USAGE}")))?;
    let files = positional_args(args, &["--no-precondition"]);
    if files.is_empty() {
        return Err(InputError::new(format!(
            "train needs game files\n\n{TRAIN_USAGE}"
        )));
    }
    let start = Instant::now();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let (mut games, mut labelled) = (0usize, 0usize);
    for file in &files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| InputError::new(format!("reading {file}: {e}")))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            match read_sample_line(line) {
                Ok(Training::Game(game)) => {
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
                Ok(Training::Position(p, o, value)) => {
                    let set = if labelled % 20 == 0 {
                        &mut test
                    } else {
                        &mut train
                    };
                    set.push(Sample::new(p, o, value));
                    labelled += 1;
                }
                Err(e) => eprintln!("{file}:{}: {e}", i + 1),
            }
        }
    }
    eprintln!(
        "{games} games, {labelled} labelled positions: {} training and {} held-out positions ({:.1} s)",
        train.len(),
        test.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        // Nothing to fit: do not write a file of zeros that would load and play blind.
        return Err(InputError::new(format!(
            "no game or labelled position could be read from {}; {out} not written",
            files.join(", ")
        )));
    }
    println!("phase empties  positions  held-out  train-rmse  held-out-rmse  iterations");
    let weights = fit(&train, &test, config, &mut |r| {
        println!(
            "{:>5} {:>3}-{:<3} {:>9} {:>9} {:>11.2} {:>14.2} {:>11}",
            r.phase,
            4 * r.phase,
            4 * r.phase + 3,
            r.train_samples,
            r.test_samples,
            r.train_rmse,
            r.test_rmse,
            r.iterations
        );
    });
    std::fs::write(out, encode(&weights))
        .map_err(|e| InputError::new(format!("writing {out}: {e}")))?;
    eprintln!("wrote {out} ({:.1} s)", start.elapsed().as_secs_f64());
    Ok(())
}

pub const CALIBRATE_USAGE: &str = "\
usage: caro othello calibrate [--per N] [--from E] [--to E] [--depths D,D,...]
                              [--versus D] GAMES...

Measures how far the midgame search of each depth (default 0,1,2,3,4,5,6) is from the
exact score (or, with --versus, from the search of depth D), for positions of E empties
(default 12 to 22, N positions each, default 100) taken from the self-play games: the
mean error and its standard deviation, in discs. The endgame solver's probcut margins
(SolverConfig's probcut_sigma) come from these figures.
";

pub fn calibrate(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{CALIBRATE_USAGE}");
        return Ok(());
    }
    let per: usize = parse_option(args, "--per", 100)?;
    if per == 0 {
        return Err(InputError::new("--per must be at least 1"));
    }
    let from: u32 = parse_option(args, "--from", 12)?;
    let to: u32 = parse_option(args, "--to", 22)?;
    let versus: Option<u32> = match option_value(args, "--versus")? {
        None => None,
        Some(d) => Some(
            d.parse()
                .ok()
                .filter(|&d| d <= 20)
                .ok_or_else(|| InputError::new(format!("bad value '{d}' for --versus")))?,
        ),
    };
    let limit = if versus.is_some() { 60 } else { 30 };
    if from < 2 || to > limit || from > to {
        return Err(InputError::new(format!(
            "empties must run from 2 to at most {limit}"
        )));
    }
    let depths: Vec<u32> = option_value(args, "--depths")?
        .unwrap_or("0,1,2,3,4,5,6")
        .split(',')
        .map(|d| {
            d.parse()
                .ok()
                .filter(|&d| d <= 20)
                .ok_or_else(|| InputError::new(format!("bad depth '{d}' in --depths")))
        })
        .collect::<Result<_, _>>()?;
    let files = positional_args(args, &[]);
    if files.is_empty() {
        return Err(InputError::new(format!(
            "calibrate needs game files\n\n{CALIBRATE_USAGE}"
        )));
    }
    let games = read_games(&files)?;
    let mut searcher = Searcher::new(16);
    let mut solver = Solver::new(20);
    print!("empties");
    for d in &depths {
        print!("   depth {d:<2} mean   sd");
    }
    println!();
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
        let stats = shallow_errors(&positions, &depths, versus, &mut searcher, &mut solver);
        print!("{empties:>7}");
        for s in stats {
            print!("   {:>12.2} {:>4.2}", s.mean, s.sd);
        }
        println!("   ({} positions)", positions.len());
    }
    Ok(())
}

/// The arguments that are neither options nor option values; `flags` are the options
/// that take no value.
fn positional_args(args: &[String], flags: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if flags.contains(&a) {
            i += 1;
        } else if a.starts_with("--") {
            i += 2;
        } else {
            out.push(a.to_string());
            i += 1;
        }
    }
    out
}

pub const LABEL_USAGE: &str = "\
usage: caro othello label [--depth D] [--exact E] [--every K] [--part I/N] [--eval E]
                          [--children C] [--from E] [--to E] GAMES...

Labels positions of the self-play games for training: every K-th position of each game
(default 1: all), with the game's final score when it has at most E empties (default 18:
self-play games are played perfectly from there, so that score is exact), else with the
midgame search's score at depth D (default 4). Prints one a line: the position in OBF, a
space, the label in discs for the side to move. With --children, the positions after each
legal move are labelled instead: solved exactly when they have at most C empties, else
searched. --from and --to keep the positions with that many empties. --part I/N takes
every N-th game from the I-th (0-based), to split the work between processes.
";

pub fn label_positions(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{LABEL_USAGE}");
        return Ok(());
    }
    let depth: u32 = parse_option(args, "--depth", 4)?;
    let exact: u32 = parse_option(args, "--exact", 18)?;
    let every: usize = parse_option(args, "--every", 1)?;
    if depth > 20 || every == 0 {
        return Err(InputError::new(
            "--depth must be at most 20, --every at least 1",
        ));
    }
    let (part, parts) = match option_value(args, "--part")? {
        None => (0, 1),
        Some(text) => {
            let bad = || InputError::new(format!("bad value '{text}' for --part: expected I/N"));
            let (i, n) = text.split_once('/').ok_or_else(bad)?;
            let (i, n): (usize, usize) =
                (i.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
            if n == 0 || i >= n {
                return Err(bad());
            }
            (i, n)
        }
    };
    let eval = parse_eval(option_value(args, "--eval")?)?.unwrap_or_else(Eval::default_patterns);
    let files = positional_args(args, &[]);
    if files.is_empty() {
        return Err(InputError::new(format!(
            "label needs game files\n\n{LABEL_USAGE}"
        )));
    }
    let from: u32 = parse_option(args, "--from", 0)?;
    let to: u32 = parse_option(args, "--to", 60)?;
    if from > to {
        return Err(InputError::new(format!(
            "--from {from} is above --to {to}: no position would be labelled"
        )));
    }
    let children: Option<u32> = match option_value(args, "--children")? {
        None => None,
        Some(e) => Some(e.parse().ok().filter(|&e| e <= 22).ok_or_else(|| {
            InputError::new(format!(
                "bad value '{e}' for --children: expected empties up to 22"
            ))
        })?),
    };
    let mut searcher = Searcher::with_eval(20, eval.clone());
    let mut solver = Solver::with_eval(20, eval);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let start = Instant::now();
    let mut index = 0usize;
    let mut labelled = 0usize;
    for game in read_games(&files)? {
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
    }
    eprintln!(
        "labelled {labelled} positions in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
