//! `caro selfplay` and `caro train`: the Caro engine's games against itself, and the fit of
//! its evaluation's weights to them (see `caro::selfplay`, `caro::train`, docs/caro-engine.md).

use super::caro_play::BoardSize;
use super::in_range;
use super::progress::Progress;
use crate::caro::selfplay::{play_game, visit_quiet_positions, GameRecord, SelfPlayConfig};
use crate::caro::train::{self, FitConfig, Sample};
use crate::caro::weights::Weights;
use crate::caro::{EvalChoice, Rule};
use crate::game::InputError;
use clap::Args;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;

#[derive(Args, Debug, Clone)]
#[command(long_about = "\
Plays N games of the Caro engine against itself and prints one a line: the position string
(rule, size, moves as row,col from X), then ' = X', ' = O' or ' = D' for the result. Each game
opens with a random opening of A to B stones near the centre that a short search finds about
even, then the engine plays with NODES search nodes a move, its first moves varied by a small
random bonus. Game k uses the seed S*1000003+k, so a run is repeatable, and games are played
on T threads (the order of the lines then varies; the games do not).")]
pub struct SelfplayArgs {
    /// The rule: caro, freestyle, standard or renju
    #[arg(long, default_value = "caro")]
    pub rule: Rule,
    /// The board: N (square) or ROWSxCOLS
    #[arg(long, value_name = "N|RxC", default_value = "15")]
    pub size: BoardSize,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = in_range(1u64, 100_000_000))]
    pub games: u64,
    /// Search nodes a move
    #[arg(long, value_name = "NODES", default_value_t = 4_000, value_parser = in_range(100u64, 100_000_000))]
    pub nodes: u64,
    /// Seed of the games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads playing games at once
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = in_range(1usize, 256))]
    pub threads: usize,
    /// The evaluation: 'shipped', 'classic' or a weights file
    #[arg(long, value_name = "E", default_value = "shipped")]
    pub eval: EvalArg,
}

/// An evaluation named on the command line.
#[derive(Clone, Debug)]
pub enum EvalArg {
    Shipped,
    Classic,
    File(String),
}

impl std::str::FromStr for EvalArg {
    type Err = String;

    fn from_str(text: &str) -> Result<EvalArg, String> {
        Ok(match text {
            "shipped" => EvalArg::Shipped,
            "classic" => EvalArg::Classic,
            path => EvalArg::File(path.to_string()),
        })
    }
}

impl EvalArg {
    pub fn choice(&self) -> Result<EvalChoice, InputError> {
        Ok(match self {
            EvalArg::Shipped => EvalChoice::Shipped,
            EvalArg::Classic => EvalChoice::Classic,
            EvalArg::File(path) => EvalChoice::Weights(read_weights(path)?.leak()),
        })
    }
}

fn read_weights(path: &str) -> Result<Weights, InputError> {
    let bytes = std::fs::read(path).map_err(|e| InputError::new(format!("{path}: {e}")))?;
    Weights::from_bytes(&bytes).map_err(|e| InputError::new(format!("{path}: {e}")))
}

pub fn selfplay(args: &SelfplayArgs) -> Result<(), InputError> {
    let mut config = SelfPlayConfig::new(args.rule, args.size.rows, args.size.cols);
    config.nodes = args.nodes;
    config.eval = args.eval.choice()?;
    let (games, seed, threads) = (args.games, args.seed, args.threads.min(args.games as usize));
    let (send, receive) = mpsc::channel::<String>();
    let mut workers = Vec::new();
    for t in 0..threads as u64 {
        let send = send.clone();
        workers.push(std::thread::spawn(move || {
            let mut k = t;
            while k < games {
                let game = play_game(&config, seed.wrapping_mul(1_000_003).wrapping_add(k));
                if send.send(game.to_line()).is_err() {
                    return;
                }
                k += threads as u64;
            }
        }));
    }
    drop(send);
    let mut progress = Progress::new("games", Some(games));
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in receive {
        writeln!(out, "{line}").map_err(|e| InputError::new(format!("writing: {e}")))?;
        progress.inc(1);
    }
    progress.finish();
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

#[derive(Args, Debug, Clone)]
#[command(long_about = "\
Fits the evaluation's weights (corrections added to the hand-set evaluation) to self-play
games (lines of 'caro selfplay'), rule by rule: each rule found in the games gets new
weights, fitted from the starting weights (--from, or the shipped ones, or with
--from-classic no correction at all), the other rules keep theirs.
One game in twenty is held out: the weights that predict those games' results best are kept.
Writes the whole weights file to --out.")]
pub struct TrainArgs {
    /// Where to write the weights
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// The weights to start from [default: the shipped ones]
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// Start every trained rule from no correction (the hand-set evaluation as it is)
    #[arg(long)]
    pub from_classic: bool,
    /// Passes over the games
    #[arg(long, value_name = "N", default_value_t = FitConfig::default().epochs, value_parser = in_range(1usize, 10_000))]
    pub epochs: usize,
    /// Seed of the shuffles
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Moves of each game skipped before positions are used
    #[arg(long, value_name = "K", default_value_t = 6, value_parser = in_range(0usize, 1000))]
    pub skip: usize,
    /// The game files
    #[arg(required = true, value_name = "GAMES")]
    pub files: Vec<String>,
}

pub fn train(args: &TrainArgs) -> Result<(), InputError> {
    let mut weights = match &args.from {
        Some(path) => read_weights(path)?,
        None => Weights::shipped()
            .cloned()
            .ok_or_else(|| InputError::new("no shipped weights to start from"))?,
    };
    // Samples by rule: (train, held out).
    let mut by_rule: Vec<(Rule, Vec<Sample>, Vec<Sample>, usize)> = Vec::new();
    let mut bad = 0usize;
    for path in &args.files {
        let file =
            std::fs::File::open(path).map_err(|e| InputError::new(format!("{path}: {e}")))?;
        for (n, line) in io::BufReader::new(file).split(b'\n').enumerate() {
            let line = line.map_err(|e| InputError::new(format!("{path}: {e}")))?;
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let game = match GameRecord::parse(&text) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("{path}: line {}: {e}", n + 1);
                    bad += 1;
                    continue;
                }
            };
            let rule = game.board.rule();
            let at = match by_rule.iter().position(|r| r.0 == rule) {
                Some(i) => i,
                None => {
                    by_rule.push((rule, Vec::new(), Vec::new(), 0));
                    by_rule.len() - 1
                }
            };
            let entry = &mut by_rule[at];
            entry.3 += 1;
            let y = game.first_player_score();
            let dest = if entry.3 % 20 == 0 {
                &mut entry.2
            } else {
                &mut entry.1
            };
            visit_quiet_positions(&game, args.skip, &mut |p| dest.push(Sample::new(p, y)));
        }
    }
    if by_rule.is_empty() {
        return Err(InputError::new(format!(
            "no game could be read from {} (expected lines of 'caro selfplay'; {bad} bad lines)",
            args.files.join(", ")
        )));
    }
    for (rule, mut training, held_out, games) in by_rule {
        eprintln!(
            "{rule}: {games} games, {} positions to fit, {} held out",
            training.len(),
            held_out.len()
        );
        let start = if args.from_classic {
            train::classic_weights()
        } else {
            weights.rule(rule).clone()
        };
        let config = FitConfig {
            epochs: args.epochs,
            seed: args.seed,
            ..FitConfig::default()
        };
        let fitted = train::fit(
            &start,
            &mut training,
            &held_out,
            &config,
            &mut |epoch, t, h| {
                eprintln!("{rule} epoch {epoch}: loss {t:.5}, held out {h:.5}");
            },
        );
        *weights.rule_mut(rule) = fitted;
    }
    std::fs::write(&args.out, weights.to_bytes())
        .map_err(|e| InputError::new(format!("{}: {e}", args.out)))?;
    eprintln!("wrote {}", args.out);
    Ok(())
}
