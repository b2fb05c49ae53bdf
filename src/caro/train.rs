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
/// out: they have no embedding), the side to move's first.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSample {
    pub base: f32,
    pub cells: [Vec<u16>; 2],
    /// The probability that the side to move wins.
    pub target: f32,
}

impl NetSample {
    /// `pos` must be evaluated as the network's corrections will be: with the weights it
    /// will ship beside, and no network. With `by_colour`, for a network whose embeddings
    /// tell the colours apart ([`Net::by_colour`]): O's combinations are numbered after X's.
    pub fn new(pos: &Position, target: f32, by_colour: bool) -> NetSample {
        debug_assert_eq!(pos.net_correction(), 0);
        let me = pos.to_move();
        let mut cells = [Vec::new(), Vec::new()];
        for row in 0..pos.rows() {
            for col in 0..pos.cols() {
                let i = pos.index(Pos::new(row, col));
                if !pos.is_empty(i) {
                    continue;
                }
                for (role, side) in [me, me.opponent()].into_iter().enumerate() {
                    let levels = pos.levels(i, side);
                    if !weights::fixed_combo(levels) {
                        let shift = if by_colour { side.index() * COMBOS } else { 0 };
                        cells[role].push((weights::combo_index(levels) + shift) as u16);
                    }
                }
            }
        }
        NetSample {
            base: eval::evaluate(pos) as f32,
            cells,
            target,
        }
    }
}

/// The network's weights in one vector while it is fitted (in units of one input, not yet
/// [`net::QA`]): the embeddings of the side to move's combinations, the other side's
/// ([`net::LANES`] each; with colours, X's combinations then O's), the input biases, the
/// hidden weights by unit, the hidden biases, the output weights and the output bias.
#[derive(Clone, Copy)]
struct Layout {
    /// Embeddings a role: [`COMBOS`], or twice that with colours.
    embeddings: usize,
    mine: usize,
    theirs: usize,
    bias: usize,
    hidden_w: usize,
    hidden_b: usize,
    out_w: usize,
    out_b: usize,
    len: usize,
}

impl Layout {
    fn new(by_colour: bool) -> Layout {
        use net::{HIDDEN, INPUTS, LANES};
        let embeddings = if by_colour { 2 * COMBOS } else { COMBOS };
        let mine = 0;
        let theirs = mine + embeddings * LANES;
        let bias = theirs + embeddings * LANES;
        let hidden_w = bias + INPUTS;
        let hidden_b = hidden_w + HIDDEN * INPUTS;
        let out_w = hidden_b + HIDDEN;
        let out_b = out_w + HIDDEN;
        Layout {
            embeddings,
            mine,
            theirs,
            bias,
            hidden_w,
            hidden_b,
            out_w,
            out_b,
            len: out_b + 1,
        }
    }

    /// The layout of a vector of `len` weights.
    fn of(len: usize) -> Layout {
        let blind = Layout::new(false);
        if len == blind.len {
            blind
        } else {
            Layout::new(true)
        }
    }
}

/// What a forward pass keeps for the backward one.
struct NetPass {
    /// The inputs before clipping.
    inputs: [f64; net::INPUTS],
    hidden: [f64; net::HIDDEN],
    /// The value for the side to move, in evaluation points.
    value: f64,
}

fn net_forward(s: &NetSample, w: &[f64]) -> NetPass {
    use net::{HIDDEN, INPUTS, LANES};
    let l = Layout::of(w.len());
    let mut inputs: [f64; INPUTS] = std::array::from_fn(|j| w[l.bias + j]);
    for (role, from) in [(0, l.mine), (1, l.theirs)] {
        for &c in &s.cells[role] {
            let e = &w[from + c as usize * LANES..][..LANES];
            for j in 0..LANES {
                inputs[role * LANES + j] += e[j];
            }
        }
    }
    let mut hidden = [0.0; HIDDEN];
    let mut out = w[l.out_b];
    for (k, h) in hidden.iter_mut().enumerate() {
        let row = &w[l.hidden_w + k * INPUTS..][..INPUTS];
        let z: f64 = w[l.hidden_b + k]
            + row
                .iter()
                .zip(&inputs)
                .map(|(a, x)| a * x.clamp(0.0, 1.0))
                .sum::<f64>();
        *h = z.max(0.0);
        out += w[l.out_w + k] * *h;
    }
    NetPass {
        inputs,
        hidden,
        value: s.base as f64 + out * SCALE,
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
/// embeddings), else from small random weights (seeded by `config.seed`). `report` hears
/// each epoch's losses (train, held out), epoch 0 being the start.
pub fn fit_net(
    train: &mut [NetSample],
    held_out: &[NetSample],
    by_colour: bool,
    start: Option<&Net>,
    config: &FitConfig,
    report: &mut dyn FnMut(usize, f64, f64),
) -> Result<Net, String> {
    use net::{HIDDEN, INPUTS, LANES};
    let l = Layout::new(by_colour);
    let w0 = match start {
        Some(net) => vector_from_net(net, by_colour)?,
        None => {
            let mut rng = StdRng::seed_from_u64(config.seed ^ 0x6e65_7477);
            let mut w0 = vec![0.0; l.len];
            for v in &mut w0[l.mine..l.bias] {
                *v = rng.random_range(-0.05..0.05);
            }
            for v in &mut w0[l.bias..l.hidden_w] {
                *v = 0.1;
            }
            let spread = 1.0 / (INPUTS as f64).sqrt();
            for v in &mut w0[l.hidden_w..l.hidden_b] {
                *v = rng.random_range(-spread..spread);
            }
            w0
        }
    };
    let mut adam = Adam::new(l.len);
    let mut grad = vec![0.0; l.len];
    let epochs = config.epochs;
    let step = |batch: &[NetSample], w: &mut [f64], epoch: usize| {
        let rate = NET_RATE * (1.0 - 0.9 * (epoch - 1) as f64 / epochs as f64);
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in batch {
            let pass = net_forward(s, w);
            // d(cross entropy)/d(log-odds of the network's output).
            let d = (sigmoid(pass.value / SCALE) - s.target as f64) / batch.len() as f64;
            grad[l.out_b] += d;
            let mut d_inputs = [0.0; INPUTS];
            for k in 0..HIDDEN {
                grad[l.out_w + k] += d * pass.hidden[k];
                if pass.hidden[k] <= 0.0 {
                    continue;
                }
                let dz = d * w[l.out_w + k];
                grad[l.hidden_b + k] += dz;
                for j in 0..INPUTS {
                    let x = pass.inputs[j];
                    grad[l.hidden_w + k * INPUTS + j] += dz * x.clamp(0.0, 1.0);
                    if x > 0.0 && x < 1.0 {
                        d_inputs[j] += dz * w[l.hidden_w + k * INPUTS + j];
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
        }
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

/// A network as the vector [`fit_net`] fits ([`Layout`]), with embeddings by colour when
/// `by_colour` (a colour-blind network's serve both colours); the inverse of
/// [`net_from_vector`]. A network by colour cannot become a colour-blind one.
fn vector_from_net(net: &Net, by_colour: bool) -> Result<Vec<f64>, String> {
    use net::{HIDDEN, INPUTS, LANES, QA};
    if net.by_colour() && !by_colour {
        return Err("the starting network tells the colours apart: fit it --by-colour".into());
    }
    let l = Layout::new(by_colour);
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
    for k in 0..HIDDEN {
        for j in 0..INPUTS {
            w[l.hidden_w + k * INPUTS + j] = net.hidden[k][j] as f64;
        }
        w[l.hidden_b + k] = net.hidden_bias[k] as f64;
        w[l.out_w + k] = net.out[k] as f64;
    }
    w[l.out_b] = net.out_bias as f64;
    Ok(w)
}

/// The fitted vector as a network: embeddings and input biases in units of [`net::QA`].
fn net_from_vector(w: &[f64]) -> Net {
    use net::{INPUTS, LANES, QA};
    let l = Layout::of(w.len());
    let q = |v: f64| (v * QA as f64).round().clamp(-32767.0, 32767.0) as i16;
    let embed = (0..l.embeddings)
        .map(|c| {
            std::array::from_fn(|j| {
                let (from, lane) = if j < LANES {
                    (l.mine, j)
                } else {
                    (l.theirs, j - LANES)
                };
                q(w[from + c * LANES + lane])
            })
        })
        .collect();
    let f = |v: f64| v as f32;
    Net::new(
        embed,
        std::array::from_fn(|j| q(w[l.bias + j])),
        std::array::from_fn(|k| std::array::from_fn(|j| f(w[l.hidden_w + k * INPUTS + j]))),
        std::array::from_fn(|k| f(w[l.hidden_b + k])),
        std::array::from_fn(|k| f(w[l.out_w + k])),
        f(w[l.out_b]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_network_becomes_the_fitted_vector_and_back_unchanged() {
        for by_colour in [false, true] {
            let net = random_net(by_colour, 7);
            let w = vector_from_net(&net, by_colour).unwrap();
            assert_eq!(w.len(), Layout::new(by_colour).len);
            assert_eq!(net_from_vector(&w), net, "by colour: {by_colour}");
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
