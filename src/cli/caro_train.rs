//! `caro selfplay` and `caro train`: the Caro engine's games against itself, and the fit of
//! its evaluation's weights to them (see `caro::selfplay`, `caro::train`, docs/caro-engine.md).

use super::caro_play::BoardSize;
use super::in_range;
use super::progress::Progress;
use crate::caro::eval::PAIRS;
use crate::caro::eval::WIN;
use crate::caro::position::Position;
use crate::caro::selfplay::{
    ends_quiet, label_limits, play_game, play_game_sampling_leaves, visit_quiet_positions,
    GameRecord, SelfPlayConfig,
};
use crate::caro::train::{self, FitConfig, NetSample, PairSample, Sample};
use crate::caro::weights::{self, RuleWeights, Weights};
use crate::caro::{Board, Engine, EngineConfig};
use crate::caro::{EvalChoice, Rule};
use crate::game::{InputError, Side};
use clap::Args;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;

#[derive(Args, Debug, Clone)]
#[command(
    about = "Play the Caro engine against itself, for training its evaluation",
    long_about = "\
Plays N games of the Caro engine against itself and prints one a line: the position string
(rule, size, moves as row,col from X), then ' = X', ' = O' or ' = D' for the result. Each game
opens with a random opening of A to B stones near the centre that a short search finds about
even, then the engine plays with NODES search nodes a move, its first moves varied by a small
random bonus. Game k uses the seed S*1000003+k, so a run is repeatable, and games are played
on T threads (the order of the lines then varies; the games do not)."
)]
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
    /// Print, instead of each game, one line for each of its searches: a leaf of that search
    /// picked at random (the game's moves to the search's root, then the moves the search
    /// tried down to the leaf) with the game's result; for 'caro label --last'
    #[arg(long)]
    pub leaves: bool,
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
    write_lines_from_threads(threads, games, |t, send| {
        for k in (t as u64..games).step_by(threads) {
            let seed = seed.wrapping_mul(1_000_003).wrapping_add(k);
            let lines = if args.leaves {
                let (_, leaves) = play_game_sampling_leaves(&config, seed);
                leaves.iter().map(GameRecord::to_line).collect()
            } else {
                vec![play_game(&config, seed).to_line()]
            };
            if send.send(lines).is_err() {
                return;
            }
        }
    })
}

/// Runs `work(t, send)` for each thread `t` of `threads` and writes the lines they send to
/// stdout as they come, each message counted as one game of `games` in the progress line.
/// A worker stops when its send fails (the writing has stopped).
fn write_lines_from_threads(
    threads: usize,
    games: u64,
    work: impl Fn(usize, &mpsc::Sender<Vec<String>>) + Sync,
) -> Result<(), InputError> {
    let (send, receive) = mpsc::channel::<Vec<String>>();
    std::thread::scope(|scope| {
        for t in 0..threads {
            let (send, work) = (send.clone(), &work);
            scope.spawn(move || work(t, &send));
        }
        drop(send);
        let mut progress = Progress::new("games", Some(games));
        let stdout = io::stdout();
        let mut out = stdout.lock();
        for lines in receive {
            for line in lines {
                writeln!(out, "{line}").map_err(|e| InputError::new(format!("writing: {e}")))?;
            }
            progress.inc(1);
        }
        progress.finish();
        Ok(())
    })
}

#[derive(Args, Debug, Clone)]
#[command(
    about = "Label self-play positions with search scores, for training the Caro evaluation",
    long_about = "\
Labels the quiet positions of self-play games (lines of 'caro selfplay') with the score of
a search of NODES nodes, for 'caro train --pairs'. Prints one line a position: the game's
moves up to the position, the game's result (' = X', ' = O' or ' = D') and the score for
the side to move. A position is quiet when neither side has a five to make and the side
to move has no unstoppable four; the first K moves of each game are skipped and then every
E-th quiet position is taken. Each search starts from an empty table, so a run is
repeatable; games are labelled on T threads (the order of the games then varies)."
)]
pub struct LabelArgs {
    /// Search nodes a position
    #[arg(long, value_name = "NODES", default_value_t = 20_000, value_parser = in_range(100u64, 100_000_000))]
    pub nodes: u64,
    /// Moves of each game skipped before positions are taken
    #[arg(long, value_name = "K", default_value_t = 6, value_parser = in_range(0usize, 1000))]
    pub skip: usize,
    /// Take every E-th quiet position of a game
    #[arg(long, value_name = "E", default_value_t = 1, value_parser = in_range(1usize, 1000))]
    pub every: usize,
    /// Label only the last position of each line, if it is quiet (for the leaves of
    /// 'caro selfplay --leaves'); --skip and --every are then not used
    #[arg(long)]
    pub last: bool,
    /// Threads labelling games at once
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = in_range(1usize, 256))]
    pub threads: usize,
    /// The searches' evaluation: 'shipped', 'classic' or a weights file
    #[arg(long, value_name = "E", default_value = "shipped")]
    pub eval: EvalArg,
    /// The game files
    #[arg(required = true, value_name = "GAMES")]
    pub files: Vec<String>,
}

/// Reads every game of `files`, reporting bad lines on stderr (with their count).
fn read_games(files: &[String]) -> Result<(Vec<GameRecord>, usize), InputError> {
    let mut games = Vec::new();
    let bad = read_lines(files, GameRecord::parse, |game| games.push(game))?;
    Ok((games, bad))
}

/// Parses every non-blank line of `files` with `parse` and hands what it reads to `visit`;
/// a line it refuses is reported on stderr with its file and line number, and counted (the
/// count is returned). A file that cannot be read is an error.
fn read_lines<T, E: std::fmt::Display>(
    files: &[String],
    parse: impl Fn(&str) -> Result<T, E>,
    mut visit: impl FnMut(T),
) -> Result<usize, InputError> {
    let mut bad = 0usize;
    for path in files {
        let file =
            std::fs::File::open(path).map_err(|e| InputError::new(format!("{path}: {e}")))?;
        for (n, line) in io::BufReader::new(file).split(b'\n').enumerate() {
            let line = line.map_err(|e| InputError::new(format!("{path}: {e}")))?;
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            match parse(&text) {
                Ok(item) => visit(item),
                Err(e) => {
                    eprintln!("{path}: line {}: {e}", n + 1);
                    bad += 1;
                }
            }
        }
    }
    Ok(bad)
}

/// The label lines of one game's positions (see [`LabelArgs`]).
pub fn label_game(
    game: &GameRecord,
    engine: &mut Engine,
    nodes: u64,
    skip: usize,
    every: usize,
    last: bool,
) -> Vec<String> {
    let mut plies = Vec::new();
    let mut seen = 0usize;
    if last {
        if ends_quiet(game) {
            plies.push(game.board.moves().len());
        }
    } else {
        visit_quiet_positions(game, skip, &mut |_, ply| {
            if seen % every == 0 {
                plies.push(ply);
            }
            seen += 1;
        });
    }
    plies
        .into_iter()
        .map(|ply| {
            let prefix = game.prefix(ply);
            engine.clear();
            let score = engine
                .search(&prefix.board, &label_limits(nodes), &mut |_| {})
                .score;
            format!("{} {score}", prefix.to_line())
        })
        .collect()
}

pub fn label(args: &LabelArgs) -> Result<(), InputError> {
    let (games, bad) = read_games(&args.files)?;
    if games.is_empty() {
        return Err(InputError::new(format!(
            "no game could be read from {} ({bad} bad lines)",
            args.files.join(", ")
        )));
    }
    let eval = args.eval.choice()?;
    let threads = args.threads.min(games.len());
    write_lines_from_threads(threads, games.len() as u64, |t, send| {
        let mut engine = Engine::new(EngineConfig {
            tt_megabytes: 16,
            eval,
        });
        for game in games.iter().skip(t).step_by(threads) {
            let lines = label_game(
                game,
                &mut engine,
                args.nodes,
                args.skip,
                args.every,
                args.last,
            );
            if send.send(lines).is_err() {
                return;
            }
        }
    })
}

/// Reads a line written by `caro label`: the position as a game record and the score for
/// its side to move.
pub fn parse_label(line: &str) -> Result<(GameRecord, i32), InputError> {
    let (record, score) = line
        .trim_end()
        .rsplit_once(' ')
        .ok_or_else(|| InputError::new("a label line ends with '= RESULT SCORE'"))?;
    let score: i32 = score
        .parse()
        .map_err(|_| InputError::new(format!("'{score}' is not a score")))?;
    if score.abs() > WIN {
        return Err(InputError::new(format!(
            "score {score} is beyond a forced win ({WIN})"
        )));
    }
    Ok((GameRecord::parse(record)?, score))
}

#[derive(Args, Debug, Clone)]
#[command(
    about = "Fit the Caro evaluation's weights to self-play games or labelled positions",
    long_about = "\
Fits the evaluation's weights (corrections added to the hand-set evaluation) to self-play
games (lines of 'caro selfplay'), rule by rule: each rule found in the games gets new
weights, fitted from the starting weights (--from, or the shipped ones, or with
--from-classic no correction at all), the other rules keep theirs.
With --pairs, the pair values are fitted to labelled positions (lines of 'caro label')
instead; with --combos, the combination values are, over the starting pair values (with
--from-classic the combinations start from nothing and the pair values are kept); with
both, the pair values and the combination values are fitted together (--from-classic: both
from nothing). With --net, a small network over the cells' combinations is fitted to the
labels on top of the starting weights' evaluation, which it keeps (docs/caro-engine.md),
from random weights, or with --warm from the starting weights' network.
One game in twenty (by a hash of its first moves, whatever the order of the lines) is held out:
the weights that predict those games best are kept.
Writes the whole weights file to --out."
)]
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
    /// Fit the pair values to labelled positions (lines of 'caro label') instead of the
    /// combinations to games
    #[arg(long)]
    pub pairs: bool,
    /// With --pairs: the share of the game's result in each target (the rest is the
    /// label's score); not with --combos
    #[arg(long, value_name = "W", default_value_t = 0.0, value_parser = in_range(0.0f64, 1.0), conflicts_with = "combos")]
    pub result_weight: f64,
    /// With --pairs: write the tempo as it started. The fit still moves it (it takes up the
    /// side to move's edge in the labels), but a larger tempo plays worse: the search's null
    /// move and windows lean on it
    #[arg(long)]
    pub keep_tempo: bool,
    /// Fit the combination values to labelled positions (lines of 'caro label') instead,
    /// on top of the starting pair values (with --pairs, together with them); the threat
    /// values stay as they start
    #[arg(long)]
    pub combos: bool,
    /// Fit a network over the combinations (docs/caro-engine.md) to labelled positions
    /// (lines of 'caro label'), on top of the starting weights' evaluation, which it keeps
    #[arg(long, conflicts_with_all = ["pairs", "combos", "from_classic"])]
    pub net: bool,
    /// With --net: X's and O's combinations get embeddings of their own (for renju, whose
    /// colours play by different rules)
    #[arg(long, requires = "net")]
    pub by_colour: bool,
    /// With --net: the network also looks at each cell's 3x3 neighbourhood (a kernel over
    /// the board; docs/caro-engine.md)
    #[arg(long, requires = "net")]
    pub view: bool,
    /// With --net --view: the network also reads the lines' shapes (the eight cells within
    /// four of each empty cell along each line; docs/caro-engine.md)
    #[arg(long, requires = "view")]
    pub shapes: bool,
    /// With --net: start each rule's network from the starting weights' own (a
    /// colour-blind one gives both colours its embeddings; with --view, one without a view
    /// gets a random one that its hidden layer does not read at first) instead of from
    /// random weights; a rule without one starts from random weights
    #[arg(long, requires = "net")]
    pub warm: bool,
    /// The game files (with --pairs, --combos or --net, the label files)
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
    if args.pairs && !args.combos {
        return train_pairs(args, weights);
    }
    if args.net {
        return train_net(args, weights);
    }
    let joint = args.pairs;
    let mut by_rule: Vec<RuleSamples<Sample>> = Vec::new();
    let bad = if args.combos {
        // The samples hold the starting pair values, which a position borrows for good.
        let start = weights.clone().leak();
        read_lines(&args.files, parse_label, |(record, score)| {
            let board = &record.board;
            let rule = board.rule();
            let me = board.to_move();
            let p = train::score_target(score);
            let y = if me == Side::First { p } else { 1.0 - p };
            let sample = if joint {
                // The pair corrections are features: the base is the hand-set pair sum.
                Sample::joint(&Position::tracking(board, me), y)
            } else {
                let values = start.rule(rule).pair_values();
                Sample::new(&Position::tracking_with(board, me, values), y, false)
            };
            RuleSamples::of(&mut by_rule, rule).dest(board).push(sample);
        })?
    } else {
        read_lines(&args.files, GameRecord::parse, |game| {
            let entry = RuleSamples::of(&mut by_rule, game.board.rule());
            entry.games += 1;
            let y = game.score_for(Side::First);
            let dest = entry.dest(&game.board);
            visit_quiet_positions(&game, args.skip, &mut |p, _| {
                dest.push(Sample::new(p, y, true))
            });
        })?
    };
    if by_rule.is_empty() {
        let (what, tool) = if args.combos {
            ("labelled position", "caro label")
        } else {
            ("game", "caro selfplay")
        };
        return Err(InputError::new(format!(
            "no {what} could be read from {} (expected lines of '{tool}'; {bad} bad lines)",
            args.files.join(", ")
        )));
    }
    for RuleSamples {
        rule,
        games,
        mut training,
        held_out,
    } in by_rule
    {
        let games = if args.combos {
            String::new()
        } else {
            format!("{games} games, ")
        };
        eprintln!(
            "{rule}: {games}{} positions to fit, {} held out",
            training.len(),
            held_out.len()
        );
        let now = weights.rule(rule);
        let start = match (args.from_classic, args.combos) {
            (false, _) => now.clone(),
            (true, false) => train::classic_weights(),
            // The combinations start from nothing, over the pair values the samples hold
            // (fitted together, the pair values start from nothing too).
            (true, true) => {
                let zero = train::classic_weights();
                let pair = if joint { *zero.pair() } else { *now.pair() };
                RuleWeights::new(zero.combo().clone(), now.threat().clone(), pair)
            }
        };
        let config = FitConfig {
            epochs: args.epochs,
            seed: args.seed,
            ..FitConfig::default()
        };
        let mut report = |epoch, t, h| {
            eprintln!("{rule} epoch {epoch}: loss {t:.5}, held out {h:.5}");
        };
        let fitted = if joint {
            let (train, held) = (&mut training, &held_out);
            train::fit_joint(&start, args.keep_tempo, train, held, &config, &mut report)
        } else {
            train::fit(&start, &mut training, &held_out, &config, &mut report)
        };
        *weights.rule_mut(rule) = fitted;
    }
    std::fs::write(&args.out, weights.to_bytes())
        .map_err(|e| InputError::new(format!("{}: {e}", args.out)))?;
    eprintln!("wrote {}", args.out);
    Ok(())
}

/// `caro train --pairs`: the pair values of each rule in the label files, fitted to the
/// labels; one game in twenty (by its opening moves) is held out.
fn train_pairs(args: &TrainArgs, mut weights: Weights) -> Result<(), InputError> {
    let by_rule = read_labels(&args.files, |record, score| {
        let me = record.board.to_move();
        let w = args.result_weight as f32;
        let target = (1.0 - w) * train::score_target(score) + w * record.score_for(me);
        // The pair bytes and the hand-set pair sum are all a sample reads: no combination
        // bookkeeping.
        let pos = Position::with_weights(&record.board, me, None);
        PairSample::new(&pos, target)
    })?;
    for RuleSamples {
        rule,
        mut training,
        held_out,
        ..
    } in by_rule
    {
        let start = if args.from_classic {
            [0; PAIRS]
        } else {
            *weights.rule(rule).pair()
        };
        let config = FitConfig {
            epochs: args.epochs,
            seed: args.seed,
            ..FitConfig::default()
        };
        let mut fitted =
            train::fit_pairs(&start, &mut training, &held_out, &config, &mut |e, t, h| {
                eprintln!("{rule} epoch {e}: loss {t:.5}, held out {h:.5}");
            });
        eprintln!("{rule} pair corrections (side to move's level by row, the opponent's by column, then the tempo): {fitted:?}");
        if args.keep_tempo {
            fitted[PAIRS - 1] = start[PAIRS - 1];
            eprintln!(
                "{rule}: the tempo's correction kept at {}",
                start[PAIRS - 1]
            );
        }
        weights.rule_mut(rule).set_pair(fitted);
    }
    std::fs::write(&args.out, weights.to_bytes())
        .map_err(|e| InputError::new(format!("{}: {e}", args.out)))?;
    eprintln!("wrote {}", args.out);
    Ok(())
}

/// `caro train --net`: a network for each rule in the label files, fitted on top of the
/// starting weights' evaluation without a network.
fn train_net(args: &TrainArgs, mut weights: Weights) -> Result<(), InputError> {
    // The samples' evaluation: the starting weights, networks left out.
    let mut base = weights.clone();
    for rule in weights::RULES {
        base.rule_mut(rule).set_net(None);
    }
    let base = base.leak();
    let by_rule = read_labels(&args.files, |record, score| {
        let board = &record.board;
        let pos = Position::with_weights(board, board.to_move(), Some(base.rule(board.rule())));
        let sample = NetSample::new(&pos, train::score_target(score), args.by_colour, args.view);
        if args.shapes {
            sample.with_shapes(&pos)
        } else {
            sample
        }
    })?;
    for RuleSamples {
        rule,
        mut training,
        held_out,
        ..
    } in by_rule
    {
        let config = FitConfig {
            epochs: args.epochs,
            seed: args.seed,
            ..FitConfig::default()
        };
        let start = weights.rule(rule).net().filter(|_| args.warm).cloned();
        if args.warm {
            let from = if start.is_some() {
                "the starting weights' network"
            } else {
                "random weights (the starting weights have no network)"
            };
            eprintln!("{rule}: the network starts from {from}");
        }
        let net = train::fit_net(
            &mut training,
            &held_out,
            (args.by_colour, args.view, args.shapes),
            start.as_ref(),
            &config,
            &mut |e, t, h| {
                eprintln!("{rule} epoch {e}: loss {t:.5}, held out {h:.5}");
            },
        )
        .map_err(|e| InputError::new(format!("{rule}: {e}")))?;
        weights.rule_mut(rule).set_net(Some(net));
    }
    std::fs::write(&args.out, weights.to_bytes())
        .map_err(|e| InputError::new(format!("{}: {e}", args.out)))?;
    eprintln!("wrote {}", args.out);
    Ok(())
}

/// A sample fitted to a label: its target, the probability that the side to move wins.
trait Labelled {
    fn target(&self) -> f32;
}

impl Labelled for PairSample {
    fn target(&self) -> f32 {
        self.target
    }
}

impl Labelled for NetSample {
    fn target(&self) -> f32 {
        self.target
    }
}

/// The labelled positions of `files` (lines of 'caro label') as samples made by `make`
/// (from the game up to the position and its score), by rule; an error when none can be
/// read. Prints each rule's counts, and the mean entropy of its held-out targets: the
/// held-out loss of a fit that predicted every label exactly, below which no fit can go.
fn read_labels<S: Labelled>(
    files: &[String],
    mut make: impl FnMut(&GameRecord, i32) -> S,
) -> Result<Vec<RuleSamples<S>>, InputError> {
    let mut by_rule: Vec<RuleSamples<S>> = Vec::new();
    let bad = read_lines(files, parse_label, |(record, score)| {
        let sample = make(&record, score);
        let board = &record.board;
        RuleSamples::of(&mut by_rule, board.rule())
            .dest(board)
            .push(sample);
    })?;
    if by_rule.is_empty() {
        return Err(InputError::new(format!(
            "no labelled position could be read from {} (expected lines of 'caro label'; {bad} bad lines)",
            files.join(", ")
        )));
    }
    for r in &by_rule {
        let (n, held) = (r.training.len(), r.held_out.len());
        let sum: f64 = r.held_out.iter().map(|s| train::entropy(s.target())).sum();
        let floor = if held > 0 { sum / held as f64 } else { 0.0 };
        eprintln!(
            "{}: {n} positions to fit, {held} held out (their labels' own entropy {floor:.5}: no fit's held-out loss goes below it)",
            r.rule
        );
    }
    Ok(by_rule)
}

/// One rule's samples for a fit: those fitted to and those held out to choose the epoch,
/// whole games apart (one in twenty, by [`opening_key`]).
struct RuleSamples<S> {
    rule: Rule,
    games: usize,
    training: Vec<S>,
    held_out: Vec<S>,
}

impl<S> RuleSamples<S> {
    /// The samples of `rule` in `list`, added if it has none yet.
    fn of(list: &mut Vec<RuleSamples<S>>, rule: Rule) -> &mut RuleSamples<S> {
        let at = match list.iter().position(|r| r.rule == rule) {
            Some(i) => i,
            None => {
                list.push(RuleSamples {
                    rule,
                    games: 0,
                    training: Vec::new(),
                    held_out: Vec::new(),
                });
                list.len() - 1
            }
        };
        &mut list[at]
    }

    /// Where the samples of the game on `board` go: held out or fitted to.
    fn dest(&mut self, board: &Board) -> &mut Vec<S> {
        if opening_key(board) % 20 == 0 {
            &mut self.held_out
        } else {
            &mut self.training
        }
    }
}

/// A number that is the same for every position of one game: a hash of its first six
/// moves (self-play games part at their random openings). A position of fewer moves (only
/// with `--skip` below 6) hashes the moves it has, so it may fall on the other side.
fn opening_key(board: &Board) -> u64 {
    board
        .moves()
        .iter()
        .take(6)
        .fold(0xcbf2_9ce4_8422_2325u64, |h, m| {
            (h ^ (m.row * 64 + m.col) as u64).wrapping_mul(0x0000_0100_0000_01b3)
        })
}
