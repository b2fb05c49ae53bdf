//! Self-play games: the engine against itself from varied openings, the raw material the
//! evaluation is trained on. Never another engine's games.
//!
//! A game is one line: the position string of [`super::notation`] (rule, size, the moves
//! as `row,col` from X), then ` = X`, ` = O` or ` = D` for who won (D: a draw).

use super::board::{Board, Pos};
use super::notation;
use super::position::Position;
use super::rules::Rule;
use super::search::{Engine, EngineConfig, EvalChoice, Limits};
use crate::game::{InputError, Outcome, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub board: Board,
    /// `None`: a draw.
    pub winner: Option<Side>,
}

impl GameRecord {
    pub fn to_line(&self) -> String {
        let result = match self.winner {
            Some(Side::First) => "X",
            Some(Side::Second) => "O",
            None => "D",
        };
        format!("{} = {result}", notation::format_position(&self.board))
    }

    /// Reads a line written by [`GameRecord::to_line`].
    pub fn parse(line: &str) -> Result<GameRecord, InputError> {
        let (game, result) = line.rsplit_once('=').ok_or_else(|| {
            InputError::new("a game line ends with '= X', '= O' or '= D' (who won)")
        })?;
        let winner = match result.trim() {
            "X" => Some(Side::First),
            "O" => Some(Side::Second),
            "D" => None,
            other => {
                return Err(InputError::new(format!(
                    "unknown result '{other}': expected X, O or D"
                )))
            }
        };
        let board = notation::parse_position(game)?;
        Ok(GameRecord { board, winner })
    }

    /// The game's first `plies` moves, with its result.
    pub fn prefix(&self, plies: usize) -> GameRecord {
        let mut board = Board::new(self.board.rows(), self.board.cols(), self.board.rule())
            .expect("the game's own board size");
        for &m in &self.board.moves()[..plies.min(self.board.moves().len())] {
            board.play(m).expect("the game's own moves are legal");
        }
        GameRecord {
            board,
            winner: self.winner,
        }
    }

    /// The game's result for `side`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn score_for(&self, side: Side) -> f32 {
        match self.winner {
            Some(winner) if winner == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// How self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlayConfig {
    pub rule: Rule,
    pub rows: usize,
    pub cols: usize,
    /// Search nodes a move.
    pub nodes: u64,
    /// Stones of the random opening: from `opening.0` to `opening.1`.
    pub opening: (usize, usize),
    /// For this many moves after the opening, root moves get a random bonus below `noise`.
    pub noisy_moves: usize,
    pub noise: i32,
    pub eval: EvalChoice,
}

impl SelfPlayConfig {
    pub fn new(rule: Rule, rows: usize, cols: usize) -> SelfPlayConfig {
        SelfPlayConfig {
            rule,
            rows,
            cols,
            nodes: 4_000,
            opening: (2, 6),
            noisy_moves: 6,
            noise: 20,
            eval: EvalChoice::Shipped,
        }
    }
}

/// A random opening: stones alternately from X within three cells of the centre, leaving
/// neither side a five or an unstoppable four, and within `balance` points by a short
/// search (tried again otherwise, up to a limit).
pub fn random_opening(board: &Board, stones: usize, rng: &mut StdRng, balance: i32) -> Board {
    let mut judge = Engine::new(EngineConfig {
        tt_megabytes: 1,
        ..EngineConfig::default()
    });
    let (cr, cc) = (board.rows() / 2, board.cols() / 2);
    let radius = 3usize;
    let mut last = board.clone();
    for _attempt in 0..50 {
        let mut b = board.clone();
        let mut placed = 0;
        let mut tries = 0;
        while placed < stones && tries < 500 {
            tries += 1;
            let r = cr + rng.random_range(0..=2 * radius) - radius.min(cr);
            let c = cc + rng.random_range(0..=2 * radius) - radius.min(cc);
            let p = Pos::new(r.min(b.rows() - 1), c.min(b.cols() - 1));
            if b.play(p).is_ok() {
                placed += 1;
                if b.is_over() {
                    b.undo();
                    placed -= 1;
                }
            }
        }
        let mut limits = Limits::nodes(2_000);
        limits.root_vct_nodes = 0;
        limits.safety_vcf_nodes = 0;
        let result = judge.search(&b, &limits, &mut |_| {});
        last = b;
        if result.score.abs() <= balance {
            break;
        }
    }
    last
}

/// Plays one self-play game with its own random choices from `seed`.
pub fn play_game(config: &SelfPlayConfig, seed: u64) -> GameRecord {
    play(config, seed, false).0
}

/// [`play_game`], and for each of its searches one leaf the search judged by its static
/// evaluation, picked at random: the position the search had reached there (the game's moves
/// to the search's root, then the moves it tried down to the leaf), with the game's result.
/// The game is the same as without the sampling.
pub fn play_game_sampling_leaves(
    config: &SelfPlayConfig,
    seed: u64,
) -> (GameRecord, Vec<GameRecord>) {
    play(config, seed, true)
}

fn play(config: &SelfPlayConfig, seed: u64, sample: bool) -> (GameRecord, Vec<GameRecord>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let empty = Board::new(config.rows, config.cols, config.rule).expect("a valid board size");
    let stones = rng.random_range(config.opening.0..=config.opening.1.max(config.opening.0));
    let mut board = random_opening(&empty, stones, &mut rng, 150);
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 4,
        eval: config.eval,
    });
    if sample {
        // Its own stream, so the game's random choices stay as they are without sampling.
        engine.sample_leaves(Some(seed ^ 0x5EED_1EAF));
    }
    let mut leaves = Vec::new();
    let mut noisy = config.noisy_moves;
    while !board.is_over() {
        let mut limits = Limits::nodes(config.nodes);
        limits.root_vcf_nodes = (config.nodes / 2).max(1_000);
        limits.root_vct_nodes = config.nodes / 4;
        limits.safety_vcf_nodes = 500;
        if noisy > 0 {
            limits.noise = config.noise;
            noisy -= 1;
        }
        limits.seed = rng.random();
        let best = engine.search(&board, &limits, &mut |_| {}).best;
        if let Some(path) = engine.take_leaf_sample() {
            let mut leaf = board.clone();
            // A search's moves are legal and end no game before its leaf; a path that did
            // not replay would be dropped.
            if path.iter().all(|&m| leaf.play(m).is_ok()) && !leaf.is_over() {
                leaves.push(leaf);
            }
        }
        match best {
            Some(p) if board.play(p).is_ok() => {}
            _ => break, // no legal move: the board is full or every move forbidden
        }
    }
    let winner = match board.outcome() {
        Some(Outcome::Win(side)) => Some(side),
        _ => None,
    };
    let leaves = leaves
        .into_iter()
        .map(|board| GameRecord { board, winner })
        .collect();
    (GameRecord { board, winner }, leaves)
}

/// The limits of a labelling search of `nodes` nodes (`caro label`): a root VCF of half the
/// nodes, a root VCT of a quarter, no safety check (it changes the move, not the score).
pub fn label_limits(nodes: u64) -> Limits {
    let mut limits = Limits::nodes(nodes);
    limits.root_vcf_nodes = nodes / 2;
    limits.root_vct_nodes = nodes / 4;
    limits.safety_vcf_nodes = 0;
    limits
}

/// The positions of a game worth learning from, each visited on an engine board with the
/// side to move: from the end of the opening on, the quiet ones (no five to make or to
/// block, no unstoppable four for the side to move: the search settles those), with the
/// number of moves played before each.
pub fn visit_quiet_positions(
    record: &GameRecord,
    skip: usize,
    visit: &mut dyn FnMut(&Position, usize),
) {
    let board = &record.board;
    let empty = Board::new(board.rows(), board.cols(), board.rule()).expect("a valid board");
    let mut pos = Position::tracking(&empty, Side::First);
    for (ply, &m) in board.moves().iter().enumerate() {
        if ply >= skip && is_quiet(&pos) {
            visit(&pos, ply);
        }
        pos.play(pos.index(m));
    }
}

/// Whether the game's last position is quiet (as [`visit_quiet_positions`] judges one).
pub fn ends_quiet(record: &GameRecord) -> bool {
    let board = &record.board;
    !board.is_over() && is_quiet(&Position::tracking(board, board.to_move()))
}

fn is_quiet(pos: &Position) -> bool {
    use super::eval::Threat;
    let me = pos.to_move();
    let (mine, theirs) = (pos.class_counts(me), pos.class_counts(me.opponent()));
    mine[Threat::Five as usize] == 0
        && theirs[Threat::Five as usize] == 0
        && mine[Threat::WinningFour as usize] == 0
}
