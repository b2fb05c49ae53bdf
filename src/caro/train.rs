//! Fitting the evaluation's weights to self-play games (logistic regression).
//!
//! The model, seen from X: the hand-set evaluation, corrected by the weights: every empty
//! cell adds X's combination value and takes O's, and the threat value of the side to move
//! is added (X to move) or taken (O to move); see [`super::weights`]. The probability that X wins is `sigmoid(value / SCALE)`, fitted to
//! the games' results (1 an X win, 0.5 a draw, 0 an O win) by mini-batch Adam on the cross
//! entropy, with a little L2 pull towards the starting weights. A held-out share of the
//! games decides when to stop.

use super::board::Pos;
use super::eval::{self, PAIRS};
use super::net::{self, Net};
use super::patterns::{self, LEVELS};
use super::position::Position;
use super::weights::{self, RuleWeights, COMBOS, MASKS};
use crate::game::Side;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Evaluation points per unit of log-odds: a position valued +200 wins about 73%.
pub const SCALE: f64 = 200.0;
/// Weights of one rule in one vector: X's combinations, O's, the threat masks with X to
/// move, with O to move.
pub const FEATURES: usize = 2 * COMBOS + 2 * MASKS;

fn combo_feature(side: Side, combo: usize) -> u32 {
    (side.index() * COMBOS + combo) as u32
}

fn threat_feature(to_move: Side, mask: usize) -> u32 {
    (2 * COMBOS + to_move.index() * MASKS + mask) as u32
}

/// A position as the model sees it.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The hand-set evaluation of the position, from X's side.
    pub base: f32,
    /// `(feature, count)`, X's features counted positive and O's negative.
    pub features: Vec<(u32, f32)>,
    /// X's result: 1, 0.5 or 0.
    pub target: f32,
}

impl Sample {
    /// The features of `pos` (any side to move; made by [`Position::tracking`]) with X's
    /// result `target`: its combinations and, with `threats`, its threat mask.
    pub fn new(pos: &Position, target: f32, threats: bool) -> Sample {
        let mut counts = vec![0i32; 2 * COMBOS];
        for row in 0..pos.rows() {
            for col in 0..pos.cols() {
                let i = pos.index(Pos::new(row, col));
                if !pos.is_empty(i) {
                    continue;
                }
                for (side, n) in [(Side::First, 1), (Side::Second, -1)] {
                    // The weights leave the fixed combinations at nothing: no feature.
                    let levels = pos.levels(i, side);
                    if !weights::fixed_combo(levels) {
                        let combo = weights::combo_index(levels);
                        counts[combo_feature(side, combo) as usize] += n;
                    }
                }
            }
        }
        let mut features: Vec<(u32, f32)> = counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n != 0)
            .map(|(f, &n)| (f as u32, n as f32))
            .collect();
        let me = pos.to_move();
        let sign = if me == Side::First { 1.0 } else { -1.0 };
        if threats {
            let mask = weights::threat_mask(pos.class_counts(me), pos.class_counts(me.opponent()));
            features.push((threat_feature(me, mask), sign));
        }
        let base = sign * pos.pair_value() as f32;
        Sample {
            base,
            features,
            target,
        }
    }

    /// The features of `pos` for [`fit_joint`]: those of [`Sample::new`] (no threat mask)
    /// and its pair counts, seen from the side to move as [`PairSample::new`] counts them and
    /// signed as X's view needs (the pair corrections are weights [`FEATURES`] on). `pos`
    /// must be tracked with the hand-set pair values ([`Position::tracking`]): they are the
    /// base the corrections add to.
    pub fn joint(pos: &Position, target: f32) -> Sample {
        let mut sample = Sample::new(pos, target, false);
        let sign = if pos.to_move() == Side::First {
            1.0
        } else {
            -1.0
        };
        let pairs = PairSample::new(pos, target).counts;
        let features = pairs
            .iter()
            .map(|&(f, n)| ((FEATURES + f as usize) as u32, sign * n));
        sample.features.extend(features);
        sample
    }

    /// The model's value (X's view) under `w`.
    pub fn value(&self, w: &[f64]) -> f64 {
        self.base as f64
            + self
                .features
                .iter()
                .map(|&(f, n)| w[f as usize] * n as f64)
                .sum::<f64>()
    }
}

/// One rule's weights as one vector of [`FEATURES`].
pub fn flatten(rw: &RuleWeights) -> Vec<f64> {
    rw.combo()
        .iter()
        .chain(rw.threat().iter())
        .flat_map(|t| t.iter().map(|&v| v as f64))
        .collect()
}

/// The vector back as weights, rounded into `i16`, with the pair values of `like`.
pub fn unflatten(w: &[f64], like: &RuleWeights) -> RuleWeights {
    let part = |from: usize, n: usize| w[from..from + n].iter().map(|&v| round(v)).collect();
    RuleWeights::new(
        [part(0, COMBOS), part(COMBOS, COMBOS)],
        [part(2 * COMBOS, MASKS), part(2 * COMBOS + MASKS, MASKS)],
        *like.pair(),
    )
}

fn round(v: f64) -> i16 {
    v.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16
}

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    pub epochs: usize,
    pub batch: usize,
    /// Adam's step, in evaluation points.
    pub rate: f64,
    /// The pull towards the starting weights, per weight and sample.
    pub l2: f64,
    pub seed: u64,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            epochs: 30,
            batch: 512,
            rate: 1.0,
            l2: 1e-7,
            seed: 1,
        }
    }
}

/// The mean cross entropy of the model on `samples`.
pub fn loss(samples: &[Sample], w: &[f64]) -> f64 {
    mean_cross_entropy(samples.iter().map(|s| (s.value(w), s.target)))
}

/// The mean cross entropy of predictions (the sigmoid of each value over [`SCALE`]) against
/// their targets; 0 for none.
fn mean_cross_entropy(items: impl ExactSizeIterator<Item = (f64, f32)>) -> f64 {
    let n = items.len();
    if n == 0 {
        return 0.0;
    }
    let total: f64 = items
        .map(|(value, target)| {
            let p = sigmoid(value / SCALE).clamp(1e-9, 1.0 - 1e-9);
            let y = target as f64;
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / n as f64
}

/// The entropy, in nats, of a win with probability `target`: the cross entropy of a
/// prediction equal to it, the least any prediction can have for that target.
pub fn entropy(target: f32) -> f64 {
    let y = (target as f64).clamp(0.0, 1.0);
    [y, 1.0 - y]
        .iter()
        .filter(|&&p| p > 0.0)
        .map(|&p| -p * p.ln())
        .sum()
}

/// Adam's state for `n` weights: the moving averages of each one's gradient and squared
/// gradient, and the bias corrections of the current step.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    step: i32,
    corrections: (f64, f64),
}

impl Adam {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    const EPS: f64 = 1e-8;

    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            step: 0,
            corrections: (1.0, 1.0),
        }
    }

    /// Starts the next step (a mini-batch).
    fn next_step(&mut self) {
        self.step += 1;
        self.corrections = (
            1.0 - Self::B1.powi(self.step),
            1.0 - Self::B2.powi(self.step),
        );
    }

    /// Whether weight `f` has never moved (no gradient seen yet): a zero gradient leaves it
    /// where it is, so its update can be skipped.
    fn at_rest(&self, f: usize) -> bool {
        self.m[f] == 0.0
    }

    /// Moves the weight `w` (number `f`) by its gradient `g` at the step size `rate`.
    fn update(&mut self, w: &mut f64, f: usize, g: f64, rate: f64) {
        let (c1, c2) = self.corrections;
        self.m[f] = Self::B1 * self.m[f] + (1.0 - Self::B1) * g;
        self.v[f] = Self::B2 * self.v[f] + (1.0 - Self::B2) * g * g;
        *w -= rate * (self.m[f] / c1) / ((self.v[f] / c2).sqrt() + Self::EPS);
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits weights starting from `start` on `train`, keeping the weights that did best on
/// `held_out`; `report` hears each epoch's losses (train, held out).
pub fn fit(
    start: &RuleWeights,
    train: &mut [Sample],
    held_out: &[Sample],
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> RuleWeights {
    let best = fit_vector(flatten(start), train, held_out, config, report);
    unflatten(&best, start)
}

/// Fits the combination values and the pair corrections together, from `start`, on samples
/// made by [`Sample::joint`]; the threat values stay as they start. With `keep_tempo` the
/// tempo is written as it started: the fit still moves it, so that it takes up the side to
/// move's edge in the labels (held still, the other values took up that edge and played
/// worse; see `caro train --keep-tempo`). Otherwise as [`fit`].
pub fn fit_joint(
    start: &RuleWeights,
    keep_tempo: bool,
    train: &mut [Sample],
    held_out: &[Sample],
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> RuleWeights {
    let mut w0 = flatten(start);
    w0.extend(start.pair().iter().map(|&v| v as f64));
    let best = fit_vector(w0, train, held_out, config, report);
    let mut fitted = unflatten(&best[..FEATURES], start);
    let mut pair: [i16; PAIRS] = std::array::from_fn(|f| round(best[FEATURES + f]));
    if keep_tempo {
        pair[PAIRS - 1] = start.pair()[PAIRS - 1];
    }
    fitted.set_pair(pair);
    fitted
}

/// The sparse Adam descent of [`fit`] and [`fit_joint`] over the weight vector `w0` (the
/// L2 pull is towards it).
fn fit_vector(
    w0: Vec<f64>,
    train: &mut [Sample],
    held_out: &[Sample],
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> Vec<f64> {
    let n = w0.len();
    let mut adam = Adam::new(n);
    let mut grad = vec![0.0; n];
    let mut touched: Vec<u32> = Vec::new();
    let step = |batch: &[Sample], w: &mut [f64], epoch: usize| {
        // The step shrinks linearly to a tenth over the epochs, so the fit settles.
        let rate = config.rate * (1.0 - 0.9 * (epoch - 1) as f64 / config.epochs as f64);
        for s in batch {
            let p = sigmoid(s.value(w) / SCALE);
            let err = (p - s.target as f64) / SCALE / batch.len() as f64;
            for &(f, n) in &s.features {
                if grad[f as usize] == 0.0 {
                    touched.push(f);
                }
                grad[f as usize] += err * n as f64;
            }
        }
        adam.next_step();
        // Only the weights this batch saw move (a lazy, sparse Adam).
        for &f in &touched {
            let f = f as usize;
            let g = grad[f] + config.l2 * (w[f] - w0[f]);
            adam.update(&mut w[f], f, g, rate);
            grad[f] = 0.0;
        }
        touched.clear();
    };
    descend(w0.clone(), train, held_out, config, loss, step, report)
}

/// What both fits do around their steps: `config.epochs` passes over `train`, shuffled
/// anew each time, `step` moving the weights `w` for each mini-batch (it is told the epoch);
/// the weights with the lowest `loss` on `held_out` after any epoch (or before the first)
/// are returned. `report` hears each epoch's losses (train, held out), epoch 0 the start's.
fn descend<S>(
    mut w: Vec<f64>,
    train: &mut [S],
    held_out: &[S],
    config: &FitConfig,
    loss: impl Fn(&[S], &[f64]) -> f64,
    mut step: impl FnMut(&[S], &mut [f64], usize),
    report: &mut dyn FnMut(usize, f64, f64),
) -> Vec<f64> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut best = (loss(held_out, &w), w.clone());
    report(0, loss(train, &w), best.0);
    for epoch in 1..=config.epochs {
        train.shuffle(&mut rng);
        for batch in train.chunks(config.batch.max(1)) {
            step(batch, &mut w, epoch);
        }
        let held = loss(held_out, &w);
        report(epoch, loss(train, &w), held);
        if held < best.0 {
            best = (held, w.clone());
        }
    }
    best.1
}

/// The starting point of a fit: no correction (the hand-set evaluation as it is).
pub fn classic_weights() -> RuleWeights {
    RuleWeights::zero()
}

/// A position for the fit of the pair values: how many of its (empty cell, direction)
/// pairs hold each [`PAIRS`] index from the side to move's view, its hand-set evaluation
/// for the side to move, and the target: the probability that the side to move wins.
#[derive(Clone, Debug, PartialEq)]
pub struct PairSample {
    /// `(index, count)`, the pairs the corrections leave alone ([`eval::fixed_pair`]) left out.
    pub counts: Vec<(u8, f32)>,
    pub base: f32,
    pub target: f32,
}

impl PairSample {
    /// The pairs of `pos` (evaluated with the hand-set values) with the target `target`.
    pub fn new(pos: &Position, target: f32) -> PairSample {
        let me = pos.to_move().index();
        let mut counts = [0u32; PAIRS];
        for row in 0..pos.rows() {
            for col in 0..pos.cols() {
                let i = pos.index(Pos::new(row, col));
                if !pos.is_empty(i) {
                    continue;
                }
                for pair in pos.pairs(i) {
                    let mine = patterns::pair_level(pair, me) as usize;
                    let theirs = patterns::pair_level(pair, 1 - me) as usize;
                    if !eval::fixed_pair(mine, theirs) {
                        counts[mine * LEVELS + theirs] += 1;
                    }
                }
            }
        }
        counts[PAIRS - 1] = 1;
        PairSample {
            counts: counts
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(f, &n)| (f as u8, n as f32))
                .collect(),
            base: pos.pair_value() as f32,
            target,
        }
    }

    /// The model's value for the side to move under the corrections `w`.
    pub fn value(&self, w: &[f64]) -> f64 {
        self.base as f64
            + self
                .counts
                .iter()
                .map(|&(f, n)| w[f as usize] * n as f64)
                .sum::<f64>()
    }
}

/// The probability that the side to move wins, as the model reads a search score: the
/// sigmoid of the score over [`SCALE`] (forced wins and losses are 1 and 0).
pub fn score_target(score: i32) -> f32 {
    sigmoid(score as f64 / SCALE) as f32
}

/// The mean cross entropy of the pair model on `samples`.
pub fn pair_loss(samples: &[PairSample], w: &[f64]) -> f64 {
    mean_cross_entropy(samples.iter().map(|s| (s.value(w), s.target)))
}

/// Fits the pair-value corrections from `start` on `train` by mini-batch Adam on the cross
/// entropy (its step shrinking over the epochs), with an L2 pull towards no correction, keeping the corrections that did best
/// on `held_out`; `report` hears each epoch's losses (train, held out).
pub fn fit_pairs(
    start: &[i16; PAIRS],
    train: &mut [PairSample],
    held_out: &[PairSample],
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> [i16; PAIRS] {
    let mut adam = Adam::new(PAIRS);
    let step = |batch: &[PairSample], w: &mut [f64], epoch: usize| {
        // The step shrinks linearly to a tenth over the epochs, so the fit settles.
        let rate = config.rate * (1.0 - 0.9 * (epoch - 1) as f64 / config.epochs as f64);
        let mut grad = [0.0f64; PAIRS];
        for s in batch {
            let p = sigmoid(s.value(w) / SCALE);
            let err = (p - s.target as f64) / SCALE / batch.len() as f64;
            for &(f, n) in &s.counts {
                grad[f as usize] += err * n as f64;
            }
        }
        adam.next_step();
        for (f, &g) in grad.iter().enumerate() {
            let g = g + config.l2 * w[f];
            if g == 0.0 && adam.at_rest(f) {
                continue;
            }
            adam.update(&mut w[f], f, g, rate);
        }
    };
    let start = start.iter().map(|&v| v as f64).collect();
    let best = descend(start, train, held_out, config, pair_loss, step, report);
    std::array::from_fn(|f| round(best[f]))
}

/// A position for the fit of a network ([`super::net`]): its evaluation without one for
/// the side to move, and its empty cells' combinations for each side (the fixed ones left
/// out: they have no embedding), the side to move's first; for a network with a view, the
/// codes of its cells too.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSample {
    pub base: f32,
    pub cells: [Vec<u16>; 2],
    /// The probability that the side to move wins.
    pub target: f32,
    /// For a view ([`net::Conv`]; empty without): the board's columns, and each cell that
    /// reads something: its place (row by row), its code in the side to move's table and in
    /// the other's ([`NO_CODE`] for a combination the view does not read).
    pub cols: u16,
    pub grid: Vec<(u16, u16, u16)>,
    /// For a network that reads the lines' shapes ([`net::Keys`]; empty without): for the
    /// side to move (`[0]`) and the other side, each empty cell's four shapes as that side
    /// sees them (a cell whose four read nothing for both left out).
    pub shapes: [Vec<[u16; 4]>; 2],
}

/// The code in a [`NetSample`]'s grid of a combination the view does not read.
pub const NO_CODE: u16 = u16::MAX;

impl NetSample {
    /// `pos` must be evaluated as the network's corrections will be: with the weights it
    /// will ship beside, and no network. With `by_colour`, for a network whose embeddings
    /// tell the colours apart ([`Net::by_colour`]): O's combinations are numbered after X's.
    /// With `view`, for a network with a view: the cells' codes are kept.
    pub fn new(pos: &Position, target: f32, by_colour: bool, view: bool) -> NetSample {
        debug_assert_eq!(pos.net_correction(), 0);
        let me = pos.to_move();
        let mut cells = [Vec::new(), Vec::new()];
        let mut grid = Vec::new();
        for row in 0..pos.rows() {
            for col in 0..pos.cols() {
                let i = pos.index(Pos::new(row, col));
                let at = (row * pos.cols() + col) as u16;
                if !pos.is_empty(i) {
                    if view {
                        let mine = pos.cell(i) == super::position::color(me);
                        let code = if mine {
                            net::STONE_MINE
                        } else {
                            net::STONE_THEIRS
                        };
                        grid.push((at, code as u16, code as u16));
                    }
                    continue;
                }
                let mut codes = [NO_CODE; 2];
                for (role, side) in [me, me.opponent()].into_iter().enumerate() {
                    let levels = pos.levels(i, side);
                    if !weights::fixed_combo(levels) {
                        let combo = weights::combo_index(levels);
                        let shift = if by_colour { side.index() * COMBOS } else { 0 };
                        cells[role].push((combo + shift) as u16);
                        if net::viewed(levels) {
                            codes[role] = combo as u16;
                        }
                    }
                }
                if view && codes != [NO_CODE; 2] {
                    grid.push((at, codes[0], codes[1]));
                }
            }
        }
        NetSample {
            base: eval::evaluate(pos) as f32,
            cells,
            target,
            cols: if view { pos.cols() as u16 } else { 0 },
            grid,
            shapes: [Vec::new(), Vec::new()],
        }
    }

    /// The sample with the lines' shapes of `pos` (the position it was made from) read too,
    /// for a network that reads them.
    pub fn with_shapes(mut self, pos: &Position) -> NetSample {
        let me = pos.to_move();
        for row in 0..pos.rows() {
            for col in 0..pos.cols() {
                let i = pos.index(Pos::new(row, col));
                if !pos.is_empty(i) {
                    continue;
                }
                let read = |side: Side| -> [u16; 4] {
                    std::array::from_fn(|d| {
                        net::shape_of(pos.short_key(i, d), side == Side::Second)
                    })
                };
                let both = [read(me), read(me.opponent())];
                if both.iter().flatten().any(|&s| s != net::NO_SHAPE) {
                    self.shapes[0].push(both[0]);
                    self.shapes[1].push(both[1]);
                }
            }
        }
        self
    }
}

/// The network's weights in one vector while it is fitted (in units of one input, not yet
/// [`net::QA`], [`net::QT`] or [`net::QK`]): the embeddings of the side to move's
/// combinations, the other side's ([`net::LANES`] each; with colours, X's combinations then
/// O's), the input biases; with a view, its table by code and role, its kernel by channel;
/// then the hidden weights by unit (the sums' inputs, then the view's), the hidden biases,
/// the output weights and the output bias.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Layout {
    /// Embeddings a role: [`COMBOS`], or twice that with colours.
    embeddings: usize,
    /// The view's channels: [`net::CHANNELS`], or none.
    channels: usize,
    mine: usize,
    theirs: usize,
    bias: usize,
    table: usize,
    kernel: usize,
    /// The hidden layer's inputs: the sums' and the view's.
    inputs: usize,
    hidden_w: usize,
    hidden_b: usize,
    out_w: usize,
    out_b: usize,
    /// Whether the network reads the lines' shapes (only with a view), and where their
    /// table starts (by shape, role and lane; after the output bias).
    shapes: bool,
    shape: usize,
    len: usize,
}

impl Layout {
    /// The layout of a network with embeddings by colour or not, a view or not, and, with a
    /// view, the lines' shapes or not.
    fn full(by_colour: bool, view: bool, shapes: bool) -> Layout {
        use net::{CHANNELS, CODES, HIDDEN, INPUTS, KEY_LANES, LANES, SHAPES, TAPS};
        let shapes = shapes && view;
        let embeddings = if by_colour { 2 * COMBOS } else { COMBOS };
        let channels = if view { CHANNELS } else { 0 };
        let mine = 0;
        let theirs = mine + embeddings * LANES;
        let bias = theirs + embeddings * LANES;
        let table = bias + INPUTS;
        let kernel = table + CODES * 2 * channels;
        let hidden_w = kernel + channels * TAPS;
        let inputs = INPUTS + channels + if shapes { 2 * KEY_LANES } else { 0 };
        let hidden_b = hidden_w + HIDDEN * inputs;
        let out_w = hidden_b + HIDDEN;
        let out_b = out_w + HIDDEN;
        let shape = out_b + 1;
        let len = shape + if shapes { SHAPES * 2 * KEY_LANES } else { 0 };
        Layout {
            embeddings,
            channels,
            mine,
            theirs,
            bias,
            table,
            kernel,
            inputs,
            hidden_w,
            hidden_b,
            out_w,
            out_b,
            shapes,
            shape,
            len,
        }
    }

    /// The layout of a vector of `len` weights.
    fn of(len: usize) -> Layout {
        LAYOUTS
            .map(|(c, v, k)| Layout::full(c, v, k))
            .into_iter()
            .find(|l| l.len == len)
            .expect("a network's vector")
    }

    /// Where shape `shape`'s lane `j` for role `role` is.
    fn shape_at(&self, shape: u16, role: usize, j: usize) -> usize {
        self.shape + (shape as usize * 2 + role) * net::KEY_LANES + j
    }

    /// Where the table value of `code` in role `role` and channel `ch` is.
    fn table_at(&self, code: u16, role: usize, ch: usize) -> usize {
        self.table + (code as usize * 2 + role) * self.channels + ch
    }
}

/// Every kind of network a fit makes: (embeddings by colour, a view, the lines' shapes).
const LAYOUTS: [(bool, bool, bool); 6] = [
    (false, false, false),
    (true, false, false),
    (false, true, false),
    (true, true, false),
    (false, true, true),
    (true, true, true),
];

/// The cells a sample's view computes: the cells (on the board or just around it) within
/// one of a cell that reads something, as a box (first row, first column, rows, columns);
/// empty when none reads.
fn view_box(s: &NetSample) -> (i32, i32, i32, i32) {
    let cols = s.cols.max(1);
    let (mut r0, mut c0, mut r1, mut c1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for &(at, _, _) in &s.grid {
        let (r, c) = ((at / cols) as i32, (at % cols) as i32);
        (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
    }
    if r0 > r1 {
        return (0, 0, 0, 0);
    }
    (r0 - 1, c0 - 1, r1 - r0 + 3, c1 - c0 + 3)
}

/// What a forward pass keeps for the backward one.
struct NetPass {
    /// The inputs before clipping (the view's: its sums a sixteenth a unit).
    inputs: Vec<f64>,
    hidden: [f64; net::HIDDEN],
    /// The value for the side to move, in evaluation points.
    value: f64,
    /// With a view: its box ([`view_box`]), what each cell of the box grown by one reads
    /// and each cell of the box's kernel outputs, a channel each.
    view: (i32, i32, i32, i32),
    reads: Vec<f64>,
    z: Vec<f64>,
    /// With the lines' shapes: each cell's sum of its shapes before the clip, by role, cell
    /// and lane (in the order of the sample's cells).
    shape_sums: Vec<f64>,
}

/// Where board cell `at` of `s` sits in its view box (`r0, c0, rows, columns`) grown by one
/// cell on every side, counted row by row.
fn grown_box_index(s: &NetSample, at: u16, (r0, c0, _, nc): (i32, i32, i32, i32)) -> usize {
    let (r, c) = ((at / s.cols) as i32 - r0 + 1, (at % s.cols) as i32 - c0 + 1);
    (r * (nc + 2) + c) as usize
}

/// A cell's sum of its four shapes' lane `j` for role `role`, before the clip.
fn shape_sum(l: &Layout, w: &[f64], cell: &[u16; 4], role: usize, j: usize) -> f64 {
    cell.iter()
        .filter(|&&k| k != net::NO_SHAPE)
        .map(|&k| w[l.shape_at(k, role, j)])
        .sum()
}

fn net_forward(s: &NetSample, w: &[f64]) -> NetPass {
    use net::{HIDDEN, INPUTS, LANES, TAPS};
    let l = Layout::of(w.len());
    let mut inputs: Vec<f64> = (0..l.inputs)
        .map(|j| if j < INPUTS { w[l.bias + j] } else { 0.0 })
        .collect();
    for (role, from) in [(0, l.mine), (1, l.theirs)] {
        for &c in &s.cells[role] {
            let e = &w[from + c as usize * LANES..][..LANES];
            for j in 0..LANES {
                inputs[role * LANES + j] += e[j];
            }
        }
    }
    let ch_n = l.channels;
    let view = if ch_n > 0 { view_box(s) } else { (0, 0, 0, 0) };
    let (_, _, nr, nc) = view;
    // The box grown by one (reads off the board stay nothing), a channel a cell.
    let (gr, gc) = (nr + 2, nc + 2);
    let mut reads = vec![0.0; (gr * gc) as usize * ch_n];
    let mut z = vec![0.0; (nr * nc) as usize * ch_n];
    if ch_n > 0 && nr > 0 {
        for &(at, a, b) in &s.grid {
            let x = grown_box_index(s, at, view) * ch_n;
            for ch in 0..ch_n {
                let mut v = 0.0;
                for (role, code) in [(0, a), (1, b)] {
                    if code != NO_CODE {
                        v += w[l.table_at(code, role, ch)];
                    }
                }
                reads[x + ch] = v;
            }
        }
        for r in 0..nr {
            for c in 0..nc {
                for ch in 0..ch_n {
                    let mut v = 0.0;
                    for t in 0..TAPS {
                        let (dr, dc) = (t as i32 / 3, t as i32 % 3);
                        let y = ((r + dr) * gc + c + dc) as usize * ch_n;
                        v += w[l.kernel + ch * TAPS + t] * reads[y + ch];
                    }
                    z[(r * nc + c) as usize * ch_n + ch] = v;
                    inputs[INPUTS + ch] += v.clamp(0.0, 1.0) * net::CONV_SCALE as f64;
                }
            }
        }
    }
    let mut shape_sums = Vec::new();
    if l.shapes {
        let from = INPUTS + ch_n;
        for role in 0..2 {
            for cell in &s.shapes[role] {
                for j in 0..net::KEY_LANES {
                    let u = shape_sum(&l, w, cell, role, j);
                    inputs[from + role * net::KEY_LANES + j] +=
                        u.clamp(0.0, 1.0) * net::KEY_SCALE as f64;
                    shape_sums.push(u);
                }
            }
        }
    }
    let mut hidden = [0.0; HIDDEN];
    let mut out = w[l.out_b];
    for (k, h) in hidden.iter_mut().enumerate() {
        let row = &w[l.hidden_w + k * l.inputs..][..l.inputs];
        let mut sum = w[l.hidden_b + k];
        for (j, (a, x)) in row.iter().zip(&inputs).enumerate() {
            // The sums are clipped; the view's inputs are sums of clipped cells already.
            sum += a * if j < INPUTS { x.clamp(0.0, 1.0) } else { *x };
        }
        *h = sum.max(0.0);
        out += w[l.out_w + k] * *h;
    }
    NetPass {
        inputs,
        hidden,
        value: s.base as f64 + out * SCALE,
        view,
        reads,
        z,
        shape_sums,
    }
}

/// Adds to `grad` the gradient of `s`'s cross entropy, over `n` (a batch's size).
fn net_gradient(s: &NetSample, w: &[f64], n: usize, grad: &mut [f64]) {
    use net::{HIDDEN, INPUTS, LANES, TAPS};
    let l = Layout::of(w.len());
    let pass = net_forward(s, w);
    // d(cross entropy)/d(log-odds of the network's output).
    let d = (sigmoid(pass.value / SCALE) - s.target as f64) / n as f64;
    grad[l.out_b] += d;
    let mut d_inputs = vec![0.0; l.inputs];
    for k in 0..HIDDEN {
        grad[l.out_w + k] += d * pass.hidden[k];
        if pass.hidden[k] <= 0.0 {
            continue;
        }
        let dz = d * w[l.out_w + k];
        grad[l.hidden_b + k] += dz;
        for (j, (&x, d_input)) in pass.inputs.iter().zip(&mut d_inputs).enumerate() {
            let at = l.hidden_w + k * l.inputs + j;
            if j >= INPUTS {
                grad[at] += dz * x;
                *d_input += dz * w[at];
            } else {
                grad[at] += dz * x.clamp(0.0, 1.0);
                if x > 0.0 && x < 1.0 {
                    *d_input += dz * w[at];
                }
            }
        }
    }
    for j in 0..INPUTS {
        grad[l.bias + j] += d_inputs[j];
    }
    for (role, from) in [(0, l.mine), (1, l.theirs)] {
        for &c in &s.cells[role] {
            let at = from + c as usize * LANES;
            for j in 0..LANES {
                grad[at + j] += d_inputs[role * LANES + j];
            }
        }
    }
    let ch_n = l.channels;
    if l.shapes {
        let from = INPUTS + ch_n;
        let mut sums = pass.shape_sums.iter();
        for role in 0..2 {
            for cell in &s.shapes[role] {
                for j in 0..net::KEY_LANES {
                    let u = *sums.next().expect("a sum for each cell and lane");
                    if u <= 0.0 || u >= 1.0 {
                        continue;
                    }
                    let g = d_inputs[from + role * net::KEY_LANES + j] * net::KEY_SCALE as f64;
                    for &k in cell.iter().filter(|&&k| k != net::NO_SHAPE) {
                        grad[l.shape_at(k, role, j)] += g;
                    }
                }
            }
        }
    }
    let (_, _, nr, nc) = pass.view;
    if ch_n == 0 || nr == 0 {
        return;
    }
    let gc = nc + 2;
    let mut d_reads = vec![0.0; pass.reads.len()];
    for r in 0..nr {
        for c in 0..nc {
            for ch in 0..ch_n {
                let z = pass.z[(r * nc + c) as usize * ch_n + ch];
                if z <= 0.0 || z >= 1.0 {
                    continue;
                }
                let g = d_inputs[INPUTS + ch] * net::CONV_SCALE as f64;
                for t in 0..TAPS {
                    let (dr, dc) = (t as i32 / 3, t as i32 % 3);
                    let y = ((r + dr) * gc + c + dc) as usize * ch_n + ch;
                    let k = l.kernel + ch * TAPS + t;
                    grad[k] += g * pass.reads[y];
                    d_reads[y] += g * w[k];
                }
            }
        }
    }
    for &(at, a, b) in &s.grid {
        let x = grown_box_index(s, at, pass.view) * ch_n;
        for ch in 0..ch_n {
            for (role, code) in [(0, a), (1, b)] {
                if code != NO_CODE {
                    grad[l.table_at(code, role, ch)] += d_reads[x + ch];
                }
            }
        }
    }
}

/// The mean cross entropy of the evaluation with the network `w` on `samples`.
pub fn net_loss(samples: &[NetSample], w: &[f64]) -> f64 {
    mean_cross_entropy(samples.iter().map(|s| (net_forward(s, w).value, s.target)))
}

/// Adam's step for the network (its weights are in input units, not points).
const NET_RATE: f64 = 0.002;
/// The pull of every network weight towards nothing, per step.
const NET_L2: f64 = 1e-6;
/// Positions per step.
const NET_BATCH: usize = 256;

/// Fits a network to `train` by mini-batch Adam on the cross entropy (its step shrinking
/// to a tenth over `config.epochs`), on top of each sample's evaluation without one; keeps
/// the weights that did best on `held_out` (`start` itself when no epoch does better). The
/// fit starts from `start` when given (a colour-blind one gives both colours its
/// embeddings; one without a view gets a random view that it does not read yet), else from
/// small random weights (seeded by `config.seed`). With `view`, the network has a view of
/// the cells' neighbourhoods (the samples must keep their codes). `report` hears each
/// epoch's losses (train, held out), epoch 0 being the start.
pub fn fit_net(
    train: &mut [NetSample],
    held_out: &[NetSample],
    (by_colour, view, shapes): (bool, bool, bool),
    start: Option<&Net>,
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> Result<Net, String> {
    if shapes && !view {
        return Err("a network reads the lines' shapes only with a view: fit it --view".into());
    }
    let l = Layout::full(by_colour, view, shapes);
    let mut rng = StdRng::seed_from_u64(config.seed ^ 0x6e65_7477);
    let mut w0 = vec![0.0; l.len];
    for v in &mut w0[l.mine..l.bias] {
        *v = rng.random_range(-0.05..0.05);
    }
    for v in &mut w0[l.bias..l.table] {
        *v = 0.1;
    }
    for v in &mut w0[l.table..l.kernel] {
        *v = rng.random_range(-0.1..0.1);
    }
    for v in &mut w0[l.kernel..l.hidden_w] {
        *v = rng.random_range(-0.5..0.5);
    }
    for v in &mut w0[l.shape..l.len] {
        *v = rng.random_range(-0.05..0.05);
    }
    let spread = 1.0 / (l.inputs as f64).sqrt();
    for v in &mut w0[l.hidden_w..l.hidden_b] {
        *v = rng.random_range(-spread..spread);
    }
    if let Some(net) = start {
        let from = vector_from_net(net, by_colour)?;
        let f = Layout::of(from.len());
        if f.channels > l.channels {
            return Err("the starting network has a view: fit it --view".into());
        }
        if f.shapes && !l.shapes {
            return Err("the starting network reads the lines' shapes: fit it --shapes".into());
        }
        // What the start has, over the random weights; a view it lacks is not read yet.
        w0[..f.table].copy_from_slice(&from[..f.table]);
        if f.channels == l.channels {
            w0[l.table..l.hidden_w].copy_from_slice(&from[f.table..f.hidden_w]);
        }
        for k in 0..net::HIDDEN {
            for j in 0..l.inputs {
                let at = l.hidden_w + k * l.inputs + j;
                w0[at] = if j < f.inputs {
                    from[f.hidden_w + k * f.inputs + j]
                } else {
                    0.0
                };
            }
        }
        w0[l.hidden_b..=l.out_b].copy_from_slice(&from[f.hidden_b..=f.out_b]);
        if f.shapes {
            w0[l.shape..].copy_from_slice(&from[f.shape..]);
        }
    }
    // The board looks the same turned or mirrored, so the kernel does too: its taps tied
    // by the square's symmetries from the start, and moved by their mean gradient.
    tie_kernel(&mut w0[l.kernel..l.hidden_w]);
    let mut adam = Adam::new(l.len);
    let mut grad = vec![0.0; l.len];
    let epochs = config.epochs;
    let step = |batch: &[NetSample], w: &mut [f64], epoch: usize| {
        let rate = NET_RATE * (1.0 - 0.9 * (epoch - 1) as f64 / epochs as f64);
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in batch {
            net_gradient(s, w, batch.len(), &mut grad);
        }
        tie_kernel(&mut grad[l.kernel..l.hidden_w]);
        adam.next_step();
        for (f, g) in grad.iter().enumerate() {
            let g = g + NET_L2 * w[f];
            if g == 0.0 && adam.at_rest(f) {
                continue;
            }
            adam.update(&mut w[f], f, g, rate);
        }
    };
    let config = FitConfig {
        batch: NET_BATCH,
        ..*config
    };
    let best = descend(w0, train, held_out, &config, net_loss, step, report);
    Ok(net_from_vector(&best))
}

/// The kernel's taps (by channel, [`net::TAPS`] each, row by row) made equal within each
/// class the square's turns and mirrors map onto each other: the four corners, the four
/// edges, the centre. Applied to the weights and to each step's gradient, it keeps a
/// kernel symmetric, and with it the evaluation of a square board the same under its eight
/// symmetries.
fn tie_kernel(kernel: &mut [f64]) {
    const CLASSES: [&[usize]; 2] = [&[0, 2, 6, 8], &[1, 3, 5, 7]];
    for taps in kernel.chunks_mut(net::TAPS) {
        for class in CLASSES {
            let mean = class.iter().map(|&t| taps[t]).sum::<f64>() / class.len() as f64;
            for &t in class {
                taps[t] = mean;
            }
        }
    }
}

/// A network as the vector [`fit_net`] fits ([`Layout`]), with embeddings by colour when
/// `by_colour` (a colour-blind network's serve both colours), and a view when it has one;
/// the inverse of [`net_from_vector`]. A network by colour cannot become a colour-blind
/// one.
fn vector_from_net(net: &Net, by_colour: bool) -> Result<Vec<f64>, String> {
    use net::{CHANNELS, CODES, HIDDEN, INPUTS, LANES, QA, QK, QT, TAPS};
    if net.by_colour() && !by_colour {
        return Err("the starting network tells the colours apart: fit it --by-colour".into());
    }
    let l = Layout::full(by_colour, net.conv().is_some(), net.keys().is_some());
    let mut w = vec![0.0; l.len];
    let unit = |v: i16| v as f64 / QA as f64;
    for c in 0..l.embeddings {
        let e = net.embedding(c % COMBOS, c >= COMBOS);
        for j in 0..LANES {
            w[l.mine + c * LANES + j] = unit(e[j]);
            w[l.theirs + c * LANES + j] = unit(e[LANES + j]);
        }
    }
    for j in 0..INPUTS {
        w[l.bias + j] = unit(net.bias[j]);
    }
    let hidden = net.hidden();
    for k in 0..HIDDEN {
        for j in 0..INPUTS {
            w[l.hidden_w + k * l.inputs + j] = hidden[k][j] as f64;
        }
        w[l.hidden_b + k] = net.hidden_bias[k] as f64;
        w[l.out_w + k] = net.out[k] as f64;
    }
    w[l.out_b] = net.out_bias as f64;
    if let Some(conv) = net.conv() {
        for code in 0..CODES {
            for role in 0..2 {
                for ch in 0..CHANNELS {
                    let v = conv.table(code, role)[ch];
                    w[l.table_at(code as u16, role, ch)] = v as f64 / QT as f64;
                }
            }
        }
        for ch in 0..CHANNELS {
            for t in 0..TAPS {
                w[l.kernel + ch * TAPS + t] = conv.kernel(ch, t) as f64 / QK as f64;
            }
        }
        let hidden = conv.hidden();
        for k in 0..HIDDEN {
            for ch in 0..CHANNELS {
                w[l.hidden_w + k * l.inputs + INPUTS + ch] = hidden[k][ch] as f64;
            }
        }
    }
    if let Some(keys) = net.keys() {
        use net::{KEY_LANES, QL, SHAPES};
        for shape in 0..SHAPES {
            let row = keys.row(shape);
            for role in 0..2 {
                for j in 0..KEY_LANES {
                    w[l.shape_at(shape as u16, role, j)] =
                        row[role * KEY_LANES + j] as f64 / QL as f64;
                }
            }
        }
        let hidden = keys.hidden();
        for k in 0..HIDDEN {
            for j in 0..2 * KEY_LANES {
                w[l.hidden_w + k * l.inputs + INPUTS + CHANNELS + j] = hidden[k][j] as f64;
            }
        }
    }
    Ok(w)
}

/// The fitted vector as a network: embeddings and input biases in units of [`net::QA`], a
/// view's table and kernel in units of [`net::QT`] and [`net::QK`] (held within the limits
/// a file may hold).
fn net_from_vector(w: &[f64]) -> Net {
    use net::{Conv, CHANNELS, CODES, INPUTS, LANES, QA, QK, QT, TAPS};
    let l = Layout::of(w.len());
    let q = |v: f64, unit: i32, limit: f64| (v * unit as f64).round().clamp(-limit, limit) as i16;
    let qa = |v: f64| q(v, QA, 32767.0);
    let embed = (0..l.embeddings)
        .map(|c| {
            std::array::from_fn(|j| {
                let (from, lane) = if j < LANES {
                    (l.mine, j)
                } else {
                    (l.theirs, j - LANES)
                };
                qa(w[from + c * LANES + lane])
            })
        })
        .collect();
    let f = |v: f64| v as f32;
    let hidden_at = |k: usize, j: usize| f(w[l.hidden_w + k * l.inputs + j]);
    let net = Net::new(
        embed,
        std::array::from_fn(|j| qa(w[l.bias + j])),
        std::array::from_fn(|k| std::array::from_fn(|j| hidden_at(k, j))),
        std::array::from_fn(|k| f(w[l.hidden_b + k])),
        std::array::from_fn(|k| f(w[l.out_w + k])),
        f(w[l.out_b]),
    );
    if l.channels == 0 {
        return net;
    }
    let table = (0..CODES)
        .map(|code| {
            std::array::from_fn(|role| {
                std::array::from_fn(|ch| {
                    q(
                        w[l.table_at(code as u16, role, ch)],
                        QT,
                        net::TABLE_LIMIT as f64,
                    )
                })
            })
        })
        .collect();
    let kernel = std::array::from_fn(|ch| {
        std::array::from_fn(|t| q(w[l.kernel + ch * TAPS + t], QK, net::KERNEL_LIMIT as f64))
    });
    let hidden: [[f32; CHANNELS]; net::HIDDEN] =
        std::array::from_fn(|k| std::array::from_fn(|ch| hidden_at(k, INPUTS + ch)));
    let conv = Conv::new(table, kernel, hidden).expect("a view within the limits");
    let net = net.with_conv(Some(conv));
    if !l.shapes {
        return net;
    }
    use net::{KEY_LANES, QL, SHAPES};
    let table = (0..SHAPES)
        .map(|shape| {
            std::array::from_fn(|j| {
                let at = l.shape_at(shape as u16, j / KEY_LANES, j % KEY_LANES);
                q(w[at], QL, net::KEY_LIMIT as f64)
            })
        })
        .collect();
    let hidden =
        std::array::from_fn(|k| std::array::from_fn(|j| hidden_at(k, INPUTS + CHANNELS + j)));
    let keys = net::Keys::new(table, hidden).expect("shapes within the limits");
    net.with_keys(Some(keys))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernel_s_taps_are_tied_by_the_square_s_symmetries() {
        // Each channel's four corners become their mean, its four edges theirs; the centre
        // and the channel's sum stay as they were.
        let mut rng = StdRng::seed_from_u64(9);
        let before: Vec<f64> = (0..net::CHANNELS * net::TAPS)
            .map(|_| rng.random_range(-1.0..1.0))
            .collect();
        let mut kernel = before.clone();
        tie_kernel(&mut kernel);
        for (k, b) in kernel.chunks(net::TAPS).zip(before.chunks(net::TAPS)) {
            let mean = |taps: [usize; 4]| taps.iter().map(|&t| b[t]).sum::<f64>() / 4.0;
            for (taps, m) in [
                ([0, 2, 6, 8], mean([0, 2, 6, 8])),
                ([1, 3, 5, 7], mean([1, 3, 5, 7])),
            ] {
                assert!(taps.iter().all(|&t| (k[t] - m).abs() < 1e-12), "{k:?}");
            }
            assert_eq!(k[4], b[4]);
            assert!((k.iter().sum::<f64>() - b.iter().sum::<f64>()).abs() < 1e-12);
        }
    }

    /// A network of seeded random weights, every kind of weight set.
    fn random_net(by_colour: bool, seed: u64) -> Net {
        use net::INPUTS;
        let mut rng = StdRng::seed_from_u64(seed);
        let n = if by_colour { 2 * COMBOS } else { COMBOS };
        let mut lanes =
            || -> [i16; INPUTS] { std::array::from_fn(|_| rng.random_range(-900..900)) };
        let embed = (0..n).map(|_| lanes()).collect();
        let bias = lanes();
        let mut f = || rng.random_range(-2.0f32..2.0);
        let hidden = std::array::from_fn(|_| std::array::from_fn(|_| f()));
        let hidden_bias = std::array::from_fn(|_| f());
        let out = std::array::from_fn(|_| f());
        Net::new(embed, bias, hidden, hidden_bias, out, f())
    }

    #[test]
    fn a_label_s_entropy_is_the_least_cross_entropy_a_prediction_can_have() {
        assert!((entropy(0.5) - std::f64::consts::LN_2).abs() < 1e-12);
        assert_eq!(entropy(0.0), 0.0);
        assert_eq!(entropy(1.0), 0.0);
        // -(0.2 ln 0.2 + 0.8 ln 0.8)
        assert!((entropy(0.2) - 0.500_402_423).abs() < 1e-8);
        for target in [0.05f32, 0.3, 0.5, 0.9] {
            let y = target as f64;
            let exact = SCALE * (y / (1.0 - y)).ln();
            let at = |value: f64| mean_cross_entropy([(value, target)].into_iter());
            assert!((at(exact) - entropy(target)).abs() < 1e-6, "{target}");
            for off in [-50.0, -5.0, 5.0, 50.0] {
                assert!(at(exact + off) > entropy(target), "{target} {off}");
            }
        }
    }

    /// A random view, its values such that many cells' kernel outputs fall inside the clip.
    fn random_conv(seed: u64) -> net::Conv {
        let mut rng = StdRng::seed_from_u64(seed);
        let (t, k) = (net::QT as i16 / 2, net::QK as i16);
        let table = (0..net::CODES)
            .map(|_| std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-t..=t))))
            .collect();
        let kernel = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-k..=k)));
        let hidden = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-2.0..2.0)));
        net::Conv::new(table, kernel, hidden).unwrap()
    }

    /// A random reading of the lines' shapes, its values such that many cells' sums fall
    /// inside the clip and many outside.
    fn random_keys(seed: u64) -> net::Keys {
        let mut rng = StdRng::seed_from_u64(seed ^ 0x5A);
        let q = net::QL as i16 / 2;
        let table = (0..net::SHAPES)
            .map(|_| std::array::from_fn(|_| rng.random_range(-q..=q)))
            .collect();
        let hidden = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-2.0..2.0)));
        net::Keys::new(table, hidden).unwrap()
    }

    /// A random network of `layout` (by colour, with a view, with shapes; see [`LAYOUTS`]).
    fn random_net_of((by_colour, view, shapes): (bool, bool, bool), seed: u64) -> Net {
        let mut net = random_net(by_colour, seed);
        if view {
            net = net.with_conv(Some(random_conv(seed)));
        }
        if shapes {
            net = net.with_keys(Some(random_keys(seed)));
        }
        net
    }

    /// The network's output, every hidden unit at once, is to the bit the output summed
    /// unit by unit in the network's own order (a unit's bias, its inputs, then the view's,
    /// then the shapes'), for every layout.
    #[test]
    fn the_network_s_output_is_its_units_summed_one_by_one() {
        use net::{CHANNELS, INPUTS, KEY_LANES};
        let mut rng = StdRng::seed_from_u64(11);
        for layout in LAYOUTS {
            let net = random_net_of(layout, 11);
            let (hidden, view, shapes) = (
                net.hidden(),
                net.conv().map(|c| c.hidden()),
                net.keys().map(|k| k.hidden()),
            );
            for _ in 0..300 {
                let x: [f32; INPUTS] = std::array::from_fn(|_| rng.random_range(0.0..1.0));
                let v: [f32; CHANNELS] = std::array::from_fn(|_| rng.random_range(0.0..4.0));
                let l: [f32; 2 * KEY_LANES] = std::array::from_fn(|_| rng.random_range(0.0..4.0));
                let mut expected = net.out_bias;
                for (k, row) in hidden.iter().enumerate() {
                    let mut z = net.hidden_bias[k];
                    for (w, x) in row.iter().zip(&x) {
                        z += w * x;
                    }
                    if let Some(view) = &view {
                        for (w, v) in view[k].iter().zip(&v) {
                            z += w * v;
                        }
                    }
                    if let Some(shapes) = &shapes {
                        for (w, l) in shapes[k].iter().zip(&l) {
                            z += w * l;
                        }
                    }
                    expected += net.out[k] * z.max(0.0);
                }
                let got = net.logit(&x, &v, &l);
                assert_eq!(
                    got.to_bits(),
                    expected.to_bits(),
                    "{got} against {expected}"
                );
            }
        }
    }

    #[test]
    fn a_network_becomes_the_fitted_vector_and_back_unchanged() {
        for layout @ (by_colour, view, shapes) in LAYOUTS {
            let net = random_net_of(layout, 7);
            let w = vector_from_net(&net, by_colour).unwrap();
            assert_eq!(w.len(), Layout::full(by_colour, view, shapes).len);
            assert_eq!(Layout::of(w.len()), Layout::full(by_colour, view, shapes));
            assert_eq!(
                net_from_vector(&w),
                net,
                "by colour: {by_colour}, view: {view}, shapes: {shapes}"
            );
        }
    }

    /// Positions of random games on a `rows` x `cols` board (from move 4 on), evaluated
    /// with `base`'s weights.
    fn random_positions(
        rows: usize,
        cols: usize,
        base: &'static RuleWeights,
        seed: u64,
    ) -> Vec<(super::super::Board, Position)> {
        use super::super::Board;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        for _ in 0..6 {
            let mut board = Board::new(rows, cols, super::super::Rule::Freestyle).unwrap();
            for m in 0..24 {
                let (r, c) = (rng.random_range(3..rows - 3), rng.random_range(2..cols - 2));
                if board.is_over() || board.play(Pos::new(r, c)).is_err() {
                    continue;
                }
                if m >= 4 && m % 3 == 0 {
                    let pos = Position::with_weights(&board, board.to_move(), Some(base));
                    out.push((board.clone(), pos));
                }
            }
        }
        out
    }

    /// The shipped freestyle weights without their network: what samples are evaluated by.
    fn base_weights() -> &'static RuleWeights {
        let shipped = weights::Weights::shipped().expect("built in natively");
        let mut base = shipped.rule(super::super::Rule::Freestyle).clone();
        base.set_net(None);
        Box::leak(Box::new(base))
    }

    #[test]
    fn the_fit_s_value_of_a_network_with_a_view_is_the_engine_s() {
        // Trainer and engine must read the same cells, roles and kernel taps: the value the
        // fit computes from a sample is the engine's evaluation, up to rounding.
        let base = base_weights();
        for (k, (by_colour, shapes)) in [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
        {
            let keys = shapes.then(|| random_keys(40 + k as u64));
            let net = random_net(by_colour, 20 + k as u64)
                .with_conv(Some(random_conv(30)))
                .with_keys(keys);
            let w = vector_from_net(&net, by_colour).unwrap();
            let mut with_net = base.clone();
            with_net.set_net(Some(net));
            let with_net: &'static RuleWeights = Box::leak(Box::new(with_net));
            let (mut compared, mut viewed, mut shaped) = (0, 0, 0);
            for (rows, cols) in [(15, 15), (12, 19)] {
                for (board, pos) in random_positions(rows, cols, base, 5 + k as u64) {
                    let mut s = NetSample::new(&pos, 0.5, by_colour, true);
                    if shapes {
                        s = s.with_shapes(&pos);
                    }
                    let engine = Position::with_weights(&board, pos.to_move(), Some(with_net));
                    let value = eval::evaluate(&engine);
                    if value.abs() >= eval::EVAL_LIMIT {
                        continue;
                    }
                    let fit = net_forward(&s, &w);
                    assert!(
                        (fit.value - value as f64).abs() <= 1.0,
                        "{rows}x{cols}: fit {} engine {value}",
                        fit.value
                    );
                    compared += 1;
                    let sums = engine.view_sums()[pos.to_move().index()];
                    viewed += sums.iter().any(|&v| v != 0) as usize;
                    shaped += engine.shape_sums().iter().any(|&v| v != 0) as usize;
                }
            }
            assert!(compared >= 20 && viewed >= 20, "{compared} {viewed}");
            assert_eq!(shaped > 0, shapes, "{compared} {shaped}");
            if shapes {
                assert!(shaped >= 20, "{compared} {shaped}");
            }
        }
    }

    #[test]
    fn the_network_s_gradient_is_the_slope_of_its_loss() {
        // Finite differences of the loss against the gradient, on the weights the gradient
        // moves most in each part of the vector: embeddings, biases, the view's table and
        // kernel, the hidden layer (with and without a view, with and without colours).
        let base = base_weights();
        let positions = random_positions(15, 15, base, 11);
        for (by_colour, view, shapes) in LAYOUTS {
            let l = Layout::full(by_colour, view, shapes);
            let mut rng = StdRng::seed_from_u64(12);
            let samples: Vec<NetSample> = positions
                .iter()
                .map(|(_, p)| {
                    let s = NetSample::new(p, rng.random_range(0.0..1.0), by_colour, view);
                    if shapes {
                        s.with_shapes(p)
                    } else {
                        s
                    }
                })
                .collect();
            let w: Vec<f64> = (0..l.len)
                .map(|f| {
                    let spread = if f < l.table { 0.15 } else { 0.6 };
                    rng.random_range(-spread..spread)
                })
                .collect();
            let mut grad = vec![0.0; l.len];
            for s in &samples {
                net_gradient(s, &w, samples.len(), &mut grad);
            }
            let parts = [
                ("embeddings", l.mine, l.bias),
                ("input biases", l.bias, l.table),
                ("view table", l.table, l.kernel),
                ("view kernel", l.kernel, l.hidden_w),
                ("hidden weights", l.hidden_w, l.hidden_b),
                ("hidden biases", l.hidden_b, l.out_w),
                ("output", l.out_w, l.shape),
                ("shapes", l.shape, l.len),
            ];
            for (name, from, to) in parts {
                if from == to {
                    continue;
                }
                let mut order: Vec<usize> = (from..to).collect();
                order.sort_by(|a, b| grad[*b].abs().total_cmp(&grad[*a].abs()));
                assert!(grad[order[0]].abs() > 1e-4, "{name}: no gradient");
                for &f in &order[..3] {
                    let h = 1e-6;
                    let (mut up, mut down) = (w.clone(), w.clone());
                    up[f] += h;
                    down[f] -= h;
                    let slope = (net_loss(&samples, &up) - net_loss(&samples, &down)) / (2.0 * h);
                    assert!(
                        (slope - grad[f]).abs() <= 1e-4 + 1e-3 * grad[f].abs(),
                        "{name} {f} (colours {by_colour}, view {view}, shapes {shapes}): gradient {} slope {slope}",
                        grad[f]
                    );
                }
            }
        }
    }

    #[test]
    fn a_colour_blind_network_serves_both_colours_and_not_the_other_way() {
        let blind = random_net(false, 8);
        let w = vector_from_net(&blind, true).unwrap();
        let both = net_from_vector(&w);
        assert!(both.by_colour());
        for c in 0..COMBOS {
            assert_eq!(both.embedding(c, false), blind.embedding(c, false));
            assert_eq!(both.embedding(c, true), blind.embedding(c, false));
        }
        assert!(vector_from_net(&random_net(true, 9), false).is_err());
    }
}
