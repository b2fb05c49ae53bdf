//! The engine's own board: a padded one-dimensional array with, for every cell and
//! direction, the line key and the pattern level each side would make there, all updated
//! incrementally as stones are placed and taken back.
//!
//! Layout: a cell `(row, col)` sits at `(row + 5) * stride + col + 5` with
//! `stride = cols + 5`. Five wall cells sit left of every row (they also serve as the right
//! padding of the row above) and five wall rows above and below, so a walk of up to five
//! steps from any board cell in any direction stays inside the array and reads walls past
//! the edges.

use super::board::{Board, Pos};
use super::eval::{self, PairValues};
use super::net::{
    self, Acc, Both, Conv, KeyCell, KeySums, Keys, Lanes, Net, ShortTable, CHANNELS, INPUTS,
    KEY_LANES, QL, QZ, TAPS,
};
use super::patterns::{self, slot, Level, B4, BLACK, EMPTY, F3, F4, FIVE, LEVELS, WALL, WHITE};
use super::renju::{self, Grid};
use super::rules::Rule;
use super::weights::{self, RuleWeights, CLASSES};
use crate::game::Side;

const PAD: usize = 5;

/// The pattern levels whose (empty cell, direction) pairs are counted: what the search asks
/// about (a five to make, fours, open threes).
pub const COUNTED: [Level; 4] = [F3, B4, F4, FIVE];

/// The counts of [`COUNTED`] live in one `u64` a side, sixteen bits a field (level
/// `COUNTED[j]` at field `j`; two words rather than one `u128`, which WebAssembly adds with
/// a carry computed by hand), so a line update adds one table entry
/// for the new pair and takes one away for the old: no count is read from memory and
/// written back per level. A field never goes past 16 bits: the largest board, 60x60, has
/// 14,400 (cell, direction) pairs in all.
const fn counted_field(level: Level) -> Option<usize> {
    match level {
        F3 => Some(0),
        B4 => Some(1),
        F4 => Some(2),
        FIVE => Some(3),
        _ => None,
    }
}

/// Per pair-table byte (both sides' levels): the counts it adds.
const PAIR_COUNTS: [[u64; 2]; 256] = {
    let mut counts = [[0u64; 2]; 256];
    let mut pair = 0;
    while pair < 256 {
        let mut side = 0;
        while side < 2 {
            let level = ((pair >> (4 * side)) & 0xF) as Level;
            if (level as usize) < LEVELS {
                if let Some(j) = counted_field(level) {
                    counts[pair][side] += 1u64 << (16 * j);
                }
            }
            side += 1;
        }
        pair += 1;
    }
    counts
};

#[inline(always)]
fn add_counts(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    [a[0].wrapping_add(b[0]), a[1].wrapping_add(b[1])]
}

#[inline(always)]
fn sub_counts(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    [a[0].wrapping_sub(b[0]), a[1].wrapping_sub(b[1])]
}

/// The smallest rectangle holding every stone, grown by two cells (where moves are sought).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub top: usize,
    pub bottom: usize,
    pub left: usize,
    pub right: usize,
}

#[derive(Clone)]
pub struct Position {
    rows: usize,
    cols: usize,
    stride: usize,
    rule: Rule,
    cells: Vec<u8>,
    keys: Vec<[u32; 4]>,
    /// `pairs_at[cell][dir]`: the pair-table byte of the cell's line key, both sides' levels
    /// in one ([`patterns::pair_level`]): the level a stone of each side on the (empty) cell
    /// would make along `dir`.
    pairs_at: Vec<[u8; 4]>,
    /// Stones within two cells (a 5x5 square): candidate moves have at least one.
    near: Vec<u8>,
    /// The empty cells with `near > 0`, kept as a set: a list and each cell's place in it
    /// (`u32::MAX` when absent), so a big board costs no more than a small one.
    candidates: Vec<usize>,
    candidate_at: Vec<u32>,
    /// Both sides' pattern levels by line key ([`patterns::lookup_table`]).
    pairs: &'static [u8],
    /// The same by whole key, and by short key (a table of the rule's own with short keys,
    /// else the whole table's first part, never read), typed so that a key's mask is its
    /// bounds check: the line update's lookups.
    pairs_full: &'static [u8; 1 << patterns::KEY_BITS],
    pairs_short: &'static [u8; 1 << 16],
    /// The shapes' table ([`net::shape_table`]) and the combinations' ([`net::nibble_index`])
    /// when the position has a network (zeros, never read, when not): at hand in the line
    /// update.
    shape_table: &'static ShortTable,
    combo_table: &'static ShortTable,
    offsets: [isize; 4],
    hash: u64,
    /// Sum over empty cells and directions of the pair values with X to move and with O to
    /// move, packed as in [`PairValues`].
    values: i64,
    /// The evaluation's pair values (hand-set, or corrected by the weights).
    pair_values: &'static PairValues,
    /// How many (empty cell, direction) pairs hold each [`COUNTED`] level, per side, packed
    /// as in [`counted_field`].
    counts: [u64; 2],
    /// The trained combination and threat weights for this rule (`None`: none, or all zero).
    weights: Option<&'static RuleWeights>,
    /// What is kept of the cells' combinations (see [`Track`]).
    track: Track,
    /// The weights' combination values by key ([`RuleWeights::keyed`]; all zero unless
    /// `track` is [`Track::Values`]).
    keyed: &'static weights::Keyed,
    /// The weights' combination values by side and combination ([`Track::Net`]; empty
    /// otherwise).
    combo_values: [&'static [i16]; 2],
    /// Sum over empty cells of each side's combination value (with `weights`).
    combo_value: [i32; 2],
    /// The network over the combinations ([`Track::Net`], or [`Track::Full`] with one).
    net: Option<&'static Net>,
    /// Each side's sum of its empty cells' embeddings (with `net`).
    acc: [Acc; 2],
    /// The network's view of the cells' neighbourhoods, if it has one.
    conv: Option<&'static Conv>,
    /// With a view: every cell's kernel output a channel, with X to move and with O to move
    /// (the board's cells and those around it).
    conv_z: Vec<Both>,
    /// With a view: the sums of the clipped kernel outputs (the board and its ring), with X
    /// and with O to move.
    conv_sums: Both,
    /// With a view, what each stone's update did, for its undo: the sums before it (at
    /// cell `u32::MAX`), then each cell whose reading it changed, with the change.
    conv_log: Vec<(u32, Both)>,
    /// The offset of each kernel tap's cell.
    taps: [isize; TAPS],
    /// The network's reading of the lines' shapes, if it has one.
    shapes: Option<&'static Keys>,
    /// With shapes: every empty cell's lanes ([`KeyCell`]; a cell with a stone keeps those
    /// it had when the stone came: see [`Position::shape_change`]).
    shape_cells: Vec<KeyCell>,
    /// With shapes: the sums over the empty cells of their lanes, each clipped to
    /// `[0, QL]`.
    shape_sums: KeySums,
    /// With shapes, what each stone's update did, for its undo: a mark (cell `u32::MAX`),
    /// then each cell whose lanes it changed, with its lanes before (a stone changes a cell at
    /// most once: a cell lies on one line through it).
    shape_log: Vec<(u32, KeyCell)>,
    /// With shapes, the sums before each stone.
    shape_sums_log: Vec<KeySums>,
    /// How many empty cells are in each threat class, per side ([`Track::Full`] only).
    class_count: [[u32; CLASSES]; 2],
    /// Each stone played: its cell, the area before it and the sums before it.
    history: Vec<(usize, Option<Area>, Sums)>,
    /// For each stone played (but under [`Track::Full`]), the line keys and pair bytes its
    /// line update overwrote (key in the low 32 bits, byte above), in update order: taking
    /// the stone back writes them back instead of computing them again.
    line_log: Vec<u64>,
    area: Option<Area>,
    to_move: Side,
}

/// The running sums a stone changes: pair values, level counts, combination values, the
/// network's sums.
type Sums = (i64, [u64; 2], [i32; 2], [Acc; 2]);

/// What a position keeps of its empty cells' combinations of levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Track {
    /// Nothing: the evaluation is the pair values alone.
    Off,
    /// Each side's sum of combination values, read by key from the weights (no threat
    /// classes: the weights' threat values are all zero).
    Values,
    /// The combination values and the network's sums ([`super::net`]), both read through
    /// each side's combination index, looked up once for a changed cell.
    Net,
    /// The combination values through the combination index and every cell's threat class
    /// (weights with threat values, and training).
    Full,
}

/// [`Track`] as a const generic of the line update.
const OFF: u8 = 0;
const VALUES: u8 = 1;
const FULL: u8 = 2;
const NET: u8 = 3;

static NO_KEYED: weights::Keyed = [0; 2 << 16];
static NO_SHORT_TABLE: ShortTable = [0; 1 << 16];

pub fn color(side: Side) -> u8 {
    match side {
        Side::First => BLACK,
        Side::Second => WHITE,
    }
}

/// A fixed pseudo-random number per (cell, colour): the Zobrist key. splitmix64 of the index
/// gives well-mixed bits without storing a table, and is the same on every run.
fn zobrist(cell: usize, colour: u8) -> u64 {
    let mut z = (cell as u64 * 2 + colour as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Position {
    /// The engine board for `board`'s stones with `to_move` to play, evaluated with the
    /// shipped weights where there are some.
    pub fn new(board: &Board, to_move: Side) -> Position {
        let weights = weights::Weights::shipped().map(|w| w.rule(board.rule()));
        Position::with_weights(board, to_move, weights)
    }

    /// [`Position::new`] with the given evaluation weights (`None`: the hand-set evaluation).
    /// Their pair values are used as they are; the combinations are kept only when the
    /// weights correct some.
    pub fn with_weights(
        board: &Board,
        to_move: Side,
        weights: Option<&'static RuleWeights>,
    ) -> Position {
        let combos = weights.filter(|w| w.corrects_combos());
        let pairs = weights.map_or(&eval::CLASSIC_PAIRS, |w| w.pair_values());
        let track = match combos {
            None => Track::Off,
            Some(w) if w.corrects_threats() => Track::Full,
            Some(w) if w.net().is_some() => Track::Net,
            Some(_) => Track::Values,
        };
        Position::build(board, to_move, combos, pairs, track)
    }

    /// A position that keeps every cell's combination and the threat classes without
    /// weights: what training reads.
    pub fn tracking(board: &Board, to_move: Side) -> Position {
        Position::build(board, to_move, None, &eval::CLASSIC_PAIRS, Track::Full)
    }

    /// [`Position::tracking`] with the pair values `pairs` in its evaluation.
    pub fn tracking_with(board: &Board, to_move: Side, pairs: &'static PairValues) -> Position {
        Position::build(board, to_move, None, pairs, Track::Full)
    }

    fn build(
        board: &Board,
        to_move: Side,
        weights: Option<&'static RuleWeights>,
        pair_values: &'static PairValues,
        track: Track,
    ) -> Position {
        let (rows, cols, rule) = (board.rows(), board.cols(), board.rule());
        let stride = cols + PAD;
        let size = (rows + 2 * PAD) * stride + PAD + 1;
        let pairs = patterns::lookup_table(rule);
        let pairs_full: &'static [u8; 1 << patterns::KEY_BITS] = patterns::pair_table(rule)
            .try_into()
            .expect("one byte a line key");
        let pairs_short: &'static [u8; 1 << 16] =
            pairs[..1 << 16].try_into().expect("one byte a short key");
        let net = match track {
            Track::Net | Track::Full => weights.and_then(|w| w.net()),
            Track::Off | Track::Values => None,
        };
        let (shape_table, combo_table) = match net {
            Some(_) => (net::shape_table(), net::nibble_index()),
            None => (&NO_SHORT_TABLE, &NO_SHORT_TABLE),
        };
        let mut p = Position {
            rows,
            cols,
            stride,
            rule,
            cells: vec![WALL; size],
            keys: vec![[0; 4]; size],
            pairs_at: vec![[0; 4]; size],
            near: vec![0; size],
            candidates: Vec::new(),
            candidate_at: vec![u32::MAX; size],
            pairs,
            pairs_full,
            pairs_short,
            shape_table,
            combo_table,
            offsets: [1, stride as isize, stride as isize + 1, stride as isize - 1],
            hash: 0,
            values: 0,
            pair_values,
            counts: [0; 2],
            weights,
            track,
            keyed: match (track, weights) {
                (Track::Values, Some(w)) => w.keyed().unwrap_or(&NO_KEYED),
                _ => &NO_KEYED,
            },
            combo_values: match (track, weights) {
                (Track::Net, Some(w)) => [&w.combo()[0], &w.combo()[1]],
                _ => [&[], &[]],
            },
            combo_value: [0; 2],
            net,
            acc: [[0; INPUTS]; 2],
            conv: None,
            conv_z: Vec::new(),
            conv_sums: [0; 2 * CHANNELS],
            conv_log: Vec::new(),
            shapes: None,
            shape_cells: Vec::new(),
            shape_sums: [0; 4 * KEY_LANES],
            shape_log: Vec::new(),
            shape_sums_log: Vec::new(),
            taps: std::array::from_fn(|t| (t / 3) as isize * stride as isize + (t % 3) as isize)
                .map(|o| o - stride as isize - 1),
            class_count: [[0; CLASSES]; 2],
            history: Vec::new(),
            line_log: Vec::new(),
            area: None,
            to_move: Side::First,
        };
        for row in 0..rows {
            for col in 0..cols {
                let i = p.index(Pos::new(row, col));
                p.cells[i] = EMPTY;
            }
        }
        for row in 0..rows {
            for col in 0..cols {
                let i = p.index(Pos::new(row, col));
                for d in 0..4 {
                    let mut key = 0u32;
                    for k in 1..=patterns::reach(rule) as isize {
                        let off = p.offsets[d] * k;
                        let before = p.cells[(i as isize - off) as usize] as u32;
                        let after = p.cells[(i as isize + off) as usize] as u32;
                        key |= before << (2 * slot(-k)) | after << (2 * slot(k));
                    }
                    p.keys[i][d] = key;
                }
                p.refresh_levels(i);
                p.add_cell(i);
            }
        }
        // On the empty board the view reads nothing (every cell's combination is below
        // `VIEW_FROM`), so its outputs start at zero and the stones update them.
        if let Some(conv) = p.net.and_then(Net::conv) {
            p.conv = Some(conv);
            p.conv_z = vec![[0; 2 * CHANNELS]; size];
        }
        // Every line of the empty board holds no stone, so every cell reads nothing.
        if let Some(keys) = p.net.and_then(Net::keys) {
            p.shapes = Some(keys);
            p.shape_cells = vec![[0; 4 * KEY_LANES]; size];
        }
        for row in 0..rows {
            for col in 0..cols {
                let pos = Pos::new(row, col);
                if let Some(side) = board.get(pos) {
                    let i = p.index(pos);
                    p.place(i, color(side));
                }
            }
        }
        p.to_move = to_move;
        p
    }

    /// Adds `delta` to what cell `n` reads in the view (with X to move and with O to move):
    /// the kernel outputs of the cells around it and the sums of their clips. Logs the
    /// change for the undo.
    #[inline(always)]
    fn spread(&mut self, conv: &Conv, n: usize, delta: &Both) {
        self.conv_log.push((n as u32, *delta));
        // Lane by lane, in locals, so the loop runs on vector registers.
        let mut change = [0i32; 2 * CHANNELS];
        for (t, &off) in self.taps.iter().enumerate() {
            // The tap at `off` of the cell `n - off` is `n` (the cells around the board have
            // outputs too, each its own: the walls are five wide).
            let k = conv.tap(t);
            let z = &mut self.conv_z[n.wrapping_sub(off as usize)];
            for j in 0..2 * CHANNELS {
                let old = z[j];
                let new = old + k[j] * delta[j];
                z[j] = new;
                change[j] += new.clamp(0, QZ) - old.clamp(0, QZ);
            }
        }
        for (sum, change) in self.conv_sums.iter_mut().zip(change) {
            *sum += change;
        }
    }

    /// Puts a `colour` stone on the empty cell `i` in the view, after logging its sums for
    /// the undo.
    fn conv_stone(&mut self, i: usize, colour: u8) {
        if let Some(conv) = self.conv {
            self.conv_log.push((u32::MAX, self.conv_sums));
            let empty = conv.empty_cell(u32::from_le_bytes(self.pairs_at[i]));
            let stone = conv.stone(colour == WHITE);
            let delta = std::array::from_fn(|j| stone[j] - empty[j]);
            self.spread(conv, i, &delta);
        }
    }

    /// Takes back the view's changes of the last stone: the kernel outputs by taking each
    /// logged change away again (exact, in integers), the sums as they were logged.
    fn conv_restore(&mut self, conv: &Conv) {
        while let Some((n, delta)) = self.conv_log.pop() {
            if n == u32::MAX {
                self.conv_sums = delta;
                return;
            }
            for (t, &off) in self.taps.iter().enumerate() {
                let k = conv.tap(t);
                let z = &mut self.conv_z[(n as usize).wrapping_sub(off as usize)];
                for j in 0..2 * CHANNELS {
                    z[j] -= k[j] * delta[j];
                }
            }
        }
    }

    /// The shapes' sums of clipped lanes ([`KeySums`]: X to move, X not to move, O to move,
    /// O not to move; all zero without shapes).
    pub fn shape_sums(&self) -> &KeySums {
        &self.shape_sums
    }

    /// The short key of cell `i`'s line along `d`: the eight cells within four of it, two
    /// bits each (empty, X, O, wall), offsets -4..=-1 then 1..=4.
    pub fn short_key(&self, i: usize, d: usize) -> u32 {
        (self.keys[i][d] >> patterns::SHORT_SHIFT) & patterns::SHORT_MASK
    }

    /// Moves empty cell `n`'s lanes for the shapes from its line key `old` to `new`, and the
    /// sums of their clips. A cell with a stone is left as it was: it becomes empty again
    /// only when that stone is taken back, after every later stone, so its lanes are then
    /// right again as they stand.
    #[inline(always)]
    fn shape_change(&mut self, shapes: &Keys, n: usize, old: u32, new: u32) {
        let short = |k: u32| (k >> patterns::SHORT_SHIFT) & patterns::SHORT_MASK;
        let (old, new) = (short(old), short(new));
        if old == new || self.cells[n] != EMPTY {
            return;
        }
        let Some(delta) = shapes.change_in(self.shape_table, old, new) else {
            return;
        };
        let cell = &mut self.shape_cells[n];
        self.shape_log.push((n as u32, *cell));
        let mut change = [0i32; 4 * KEY_LANES];
        for j in 0..4 * KEY_LANES {
            let before = cell[j];
            let after = before + delta[j];
            cell[j] = after;
            change[j] = (after.clamp(0, QL as i16) - before.clamp(0, QL as i16)) as i32;
        }
        for (sum, change) in self.shape_sums.iter_mut().zip(change) {
            *sum += change;
        }
    }

    /// Takes cell `i`'s clipped lanes out of the shapes' sums as it takes a stone, after
    /// logging the sums for the undo.
    fn shape_stone(&mut self, i: usize) {
        if self.shapes.is_some() {
            self.shape_log.push((u32::MAX, [0; 4 * KEY_LANES]));
            self.shape_sums_log.push(self.shape_sums);
            let cell = self.shape_cells[i];
            for (sum, v) in self.shape_sums.iter_mut().zip(cell) {
                *sum -= v.clamp(0, QL as i16) as i32;
            }
        }
    }

    /// Takes back the shapes' changes of the last stone: each changed cell's lanes and the
    /// sums as they were logged.
    fn shape_restore(&mut self) {
        while let Some((n, before)) = self.shape_log.pop() {
            if n == u32::MAX {
                self.shape_sums = self.shape_sums_log.pop().expect("the sums of each stone");
                return;
            }
            self.shape_cells[n as usize] = before;
        }
    }

    /// The view's sums of clipped kernel outputs with X to move (`[0]`) and with O to move
    /// (all zero without a view).
    pub fn view_sums(&self) -> [Lanes; 2] {
        let s = &self.conv_sums;
        [
            std::array::from_fn(|ch| s[ch]),
            std::array::from_fn(|ch| s[CHANNELS + ch]),
        ]
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn hash(&self) -> u64 {
        self.hash ^ if self.to_move == Side::Second { 1 } else { 0 }
    }

    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// The cells of the stones in the order they were placed: a position made from a board
    /// places the board's stones first, row by row, then the moves played on it.
    pub fn placed(&self) -> impl Iterator<Item = usize> + '_ {
        self.history.iter().map(|h| h.0)
    }

    pub fn index(&self, pos: Pos) -> usize {
        (pos.row + PAD) * self.stride + pos.col + PAD
    }

    pub fn pos(&self, index: usize) -> Pos {
        Pos::new(index / self.stride - PAD, index % self.stride - PAD)
    }

    pub fn cell(&self, index: usize) -> u8 {
        self.cells[index]
    }

    pub fn is_empty(&self, index: usize) -> bool {
        self.cells[index] == EMPTY
    }

    pub fn offset(&self, dir: usize) -> isize {
        self.offsets[dir]
    }

    /// The level a `side` stone on the empty cell `index` makes along `dir`.
    pub fn level(&self, index: usize, side: Side, dir: usize) -> Level {
        patterns::pair_level(self.pairs_at[index][dir], side.index())
    }

    /// The level a `side` stone on the empty cell `index` would make along `dir` if the
    /// empty cell `k` steps from it along `dir` (`k` in -5..=5, not 0) held a `colour` stone:
    /// the line key with that one slot filled, looked up in the same table.
    pub fn level_with(&self, index: usize, side: Side, dir: usize, k: isize, colour: u8) -> Level {
        let key = self.keys[index][dir] + ((colour as u32) << (2 * slot(k)));
        patterns::pair_level(self.pair_of(key), side.index())
    }

    /// The pair-table bytes of the empty cell `index`, one a direction: both sides' levels
    /// ([`patterns::pair_level`]).
    #[inline]
    pub fn pairs(&self, index: usize) -> [u8; 4] {
        self.pairs_at[index]
    }

    /// The levels a `side` stone on the empty cell `index` makes, one a direction.
    #[inline]
    pub fn levels(&self, index: usize, side: Side) -> [Level; 4] {
        self.levels_of(index, side.index())
    }

    #[inline(always)]
    fn levels_of(&self, index: usize, side: usize) -> [Level; 4] {
        let word = u32::from_le_bytes(self.pairs_at[index]);
        ((word >> (4 * side)) & 0x0F0F_0F0F).to_le_bytes()
    }

    pub fn has_neighbour(&self, index: usize) -> bool {
        self.near[index] > 0
    }

    /// How many (empty cell, direction) pairs give `side` the level `level`, one of
    /// [`COUNTED`] (the others are not counted).
    #[inline]
    pub fn count(&self, side: Side, level: Level) -> u32 {
        let Some(j) = counted_field(level) else {
            panic!("pattern level {level} is not counted");
        };
        (self.counts[side.index()] >> (16 * j)) as u32 & 0xFFFF
    }

    /// The pair evaluation for the side to move: its pair values summed over the empty
    /// cells' directions, and the tempo.
    #[inline]
    pub fn pair_value(&self) -> i32 {
        let x_to_move = self.values as i32;
        let sum = match self.to_move {
            Side::First => x_to_move,
            Side::Second => (self.values.wrapping_sub(x_to_move as i64) >> 32) as i32,
        };
        sum + self.pair_values.tempo
    }

    /// The trained evaluation's weights, if the position uses them.
    pub fn weights(&self) -> Option<&'static RuleWeights> {
        self.weights
    }

    /// The sum of `side`'s combination values over the empty cells (0 without weights).
    pub fn combo_value(&self, side: Side) -> i32 {
        self.combo_value[side.index()]
    }

    /// How many empty cells give `side` each threat class (indexed by `Threat as usize`);
    /// kept only by a position with threat weights or made by [`Position::tracking`].
    pub fn class_counts(&self, side: Side) -> &[u32; CLASSES] {
        &self.class_count[side.index()]
    }

    /// The combination index of the empty cell `i` for `side` (see [`weights`]).
    pub fn combo(&self, i: usize, side: Side) -> usize {
        weights::combo_index(self.levels(i, side))
    }

    /// Counts (`sign` 1) or uncounts (-1) the empty cell `i`'s combination for side `s` in
    /// the class counts, and returns what it adds to the side's combination value
    /// ([`Track::Full`]).
    #[inline]
    fn tally_combo(&mut self, i: usize, s: usize, sign: i32) -> i32 {
        let t = weights::tables();
        let c = t.combo[weights::combo_key(self.levels_of(i, s))] as usize;
        let class = t.class[c] as usize;
        self.class_count[s][class] = self.class_count[s][class].wrapping_add(sign as u32);
        self.weights.map_or(0, |w| sign * w.combo()[s][c] as i32)
    }

    /// Both sides' combination values of a cell whose pair bytes make `word`, read by key
    /// ([`Track::Values`]).
    #[inline(always)]
    fn keyed_values(&self, word: u32) -> [i32; 2] {
        let x = weights::nibble_key(word);
        let o = weights::nibble_key(word >> 4);
        [self.keyed[x] as i32, self.keyed[1 << 16 | o] as i32]
    }

    /// Adds (`sign` 1) or takes away (-1) the empty cell `i`'s combination values
    /// ([`Track::Values`]).
    #[inline(always)]
    fn tally_keyed(&mut self, i: usize, sign: i32) {
        let v = self.keyed_values(u32::from_le_bytes(self.pairs_at[i]));
        self.combo_value[0] += sign * v[0];
        self.combo_value[1] += sign * v[1];
    }

    pub fn area(&self) -> Option<Area> {
        self.area
    }

    /// Every empty cell that has a stone within two cells (the centre on an empty board).
    /// The order depends on the moves played and taken back, but is the same every run.
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.area.is_none() {
            out.push(self.index(Pos::new(self.rows / 2, self.cols / 2)));
            return;
        }
        out.extend_from_slice(&self.candidates);
    }

    /// Calls `f` with each candidate where a `side` stone would make a four or a five along
    /// some line, and its levels, in the candidates' order, until `f` returns true (then
    /// returns true) or every such cell has been met. The counts hold how many (cell,
    /// direction) pairs make a four or a five, and every such cell is a candidate (the empty
    /// cell of a four or five in the making lies within two of its stones), so the scan
    /// stops once it has met that many: often well before the last candidate.
    #[inline]
    pub fn any_four_cell(&self, side: Side, mut f: impl FnMut(usize, [Level; 4]) -> bool) -> bool {
        let mut left = self.count(side, B4) + self.count(side, F4) + self.count(side, FIVE);
        if left == 0 {
            return false;
        }
        for &i in &self.candidates {
            let levels = self.levels(i, side);
            let fours = levels.iter().filter(|&&l| (B4..=FIVE).contains(&l)).count() as u32;
            if fours == 0 {
                continue;
            }
            if f(i, levels) {
                return true;
            }
            left = left.saturating_sub(fours);
            if left == 0 {
                break;
            }
        }
        false
    }

    fn insert_candidate(&mut self, i: usize) {
        if self.candidate_at[i] == u32::MAX {
            self.candidate_at[i] = self.candidates.len() as u32;
            self.candidates.push(i);
        }
    }

    fn remove_candidate(&mut self, i: usize) {
        let at = self.candidate_at[i];
        if at != u32::MAX {
            self.candidates.swap_remove(at as usize);
            if let Some(&moved) = self.candidates.get(at as usize) {
                self.candidate_at[moved] = at;
            }
            self.candidate_at[i] = u32::MAX;
        }
    }

    /// Whether `side` may play on the empty cell `index` (renju: Black's forbidden moves).
    pub fn is_legal(&self, index: usize, side: Side) -> bool {
        if self.cells[index] != EMPTY {
            return false;
        }
        if self.rule != Rule::Renju || side != Side::First {
            return true;
        }
        let lv = self.levels_of(index, 0);
        if lv.contains(&FIVE) {
            return true;
        }
        let fours = lv
            .iter()
            .filter(|&&l| l == patterns::B4 || l == patterns::F4)
            .count();
        let threes = lv.iter().filter(|&&l| l == patterns::F3).count();
        let suspicious = lv.contains(&patterns::OVERLINE)
            || lv.contains(&patterns::F4)
            || fours >= 2
            || threes >= 2;
        if !suspicious {
            return true;
        }
        let grid = Grid {
            cells: &self.cells,
            steps: self.offsets,
        };
        renju::forbidden_in(grid, index).is_none()
    }

    /// Whether the rule's keys see four cells each way, not five ([`patterns::reach`]):
    /// then only their short part is looked up, the cells five away are never updated and
    /// their slots stay empty.
    #[inline(always)]
    fn short(&self) -> bool {
        patterns::reach(self.rule) == 4
    }

    /// The pair-table byte of a line key.
    #[inline(always)]
    fn pair_of(&self, key: u32) -> u8 {
        self.pairs[Self::table_index(self.short(), key)]
    }

    /// Where a key is looked up: the whole key, or its short part when the rule's keys are
    /// short (a constant in the line update, so it costs no test there).
    #[inline(always)]
    fn table_index(short: bool, key: u32) -> usize {
        if short {
            ((key >> patterns::SHORT_SHIFT) & patterns::SHORT_MASK) as usize
        } else {
            key as usize
        }
    }

    fn refresh_levels(&mut self, i: usize) {
        for d in 0..4 {
            self.pairs_at[i][d] = self.pair_of(self.keys[i][d]);
        }
    }

    /// Counts an empty cell's levels into the sums.
    fn add_cell(&mut self, i: usize) {
        for pair in self.pairs_at[i] {
            self.values = self
                .values
                .wrapping_add(self.pair_values.packed[pair as usize]);
            self.counts = add_counts(self.counts, PAIR_COUNTS[pair as usize]);
        }
        match self.track {
            Track::Off => {}
            Track::Values => self.tally_keyed(i, 1),
            Track::Net => self.tally_net(i, 1),
            Track::Full => {
                for s in 0..2 {
                    self.combo_value[s] += self.tally_combo(i, s, 1);
                }
                self.tally_net(i, 1);
            }
        }
    }

    fn remove_cell(&mut self, i: usize) {
        for pair in self.pairs_at[i] {
            self.values = self
                .values
                .wrapping_sub(self.pair_values.packed[pair as usize]);
            self.counts = sub_counts(self.counts, PAIR_COUNTS[pair as usize]);
        }
        match self.track {
            Track::Off => {}
            Track::Values => self.tally_keyed(i, -1),
            Track::Net => self.tally_net(i, -1),
            Track::Full => {
                for s in 0..2 {
                    self.combo_value[s] += self.tally_combo(i, s, -1);
                }
                self.tally_net(i, -1);
            }
        }
    }

    /// Adds (`sign` 1) or takes away (-1) the empty cell `i`'s embeddings (with a network)
    /// and, under [`Track::Net`], its combination values.
    #[inline(always)]
    fn tally_net(&mut self, i: usize, sign: i32) {
        if let Some(net) = self.net {
            let combos = net::combos_in(self.combo_table, u32::from_le_bytes(self.pairs_at[i]));
            net.tally(&mut self.acc[0], false, combos[0], sign);
            net.tally(&mut self.acc[1], true, combos[1], sign);
            if self.track == Track::Net {
                for (s, &c) in combos.iter().enumerate() {
                    self.combo_value[s] += sign * self.combo_values[s][c] as i32;
                }
            }
        }
    }

    /// Each side's sum of its empty cells' embeddings (all zero without a network).
    pub fn net_sums(&self) -> &[Acc; 2] {
        &self.acc
    }

    /// The network's correction for the side to move (0 without a network).
    #[inline]
    pub fn net_correction(&self) -> i32 {
        match self.net {
            Some(net) => {
                let me = self.to_move.index();
                let view = std::array::from_fn(|ch| self.conv_sums[me * CHANNELS + ch]);
                // The side to move's lanes as the side to move, the other's as the other.
                let s = &self.shape_sums;
                let keys = std::array::from_fn(|j| {
                    if j < KEY_LANES {
                        s[me * 2 * KEY_LANES + j]
                    } else {
                        s[(1 - me) * 2 * KEY_LANES + j]
                    }
                });
                net.correction(&self.acc[me], &self.acc[1 - me], &view, &keys)
            }
            None => 0,
        }
    }

    /// The running sums a stone changes, as they are now.
    #[inline(always)]
    fn sums(&self) -> Sums {
        (self.values, self.counts, self.combo_value, self.acc)
    }

    #[inline(always)]
    fn set_sums(&mut self, sums: Sums) {
        (self.values, self.counts, self.combo_value, self.acc) = sums;
    }

    /// Puts a `colour` stone on `i` and updates every structure; not the turn.
    fn place(&mut self, i: usize, colour: u8) {
        let sums = self.sums();
        self.remove_cell(i);
        self.remove_candidate(i);
        self.conv_stone(i, colour);
        self.shape_stone(i);
        self.cells[i] = colour;
        self.hash ^= zobrist(i, colour);
        self.update_lines(i, colour as u32, true);
        self.update_near(i, true);
        let pos = self.pos(i);
        let grown = match self.area {
            None => Area {
                top: pos.row.saturating_sub(2),
                bottom: (pos.row + 2).min(self.rows - 1),
                left: pos.col.saturating_sub(2),
                right: (pos.col + 2).min(self.cols - 1),
            },
            Some(a) => Area {
                top: a.top.min(pos.row.saturating_sub(2)),
                bottom: a.bottom.max((pos.row + 2).min(self.rows - 1)),
                left: a.left.min(pos.col.saturating_sub(2)),
                right: a.right.max((pos.col + 2).min(self.cols - 1)),
            },
        };
        self.history.push((i, self.area, sums));
        self.area = Some(grown);
    }

    fn update_lines(&mut self, i: usize, code: u32, add: bool) {
        // A copy of the loop for each kind of tracking, so the engine's own carries no test
        // of `track` in its hottest place.
        match (self.track, self.short()) {
            (Track::Off, true) => self.update_lines_with::<OFF, true>(i, code, add),
            (Track::Off, false) => self.update_lines_with::<OFF, false>(i, code, add),
            (Track::Values, true) => self.update_lines_with::<VALUES, true>(i, code, add),
            (Track::Values, false) => self.update_lines_with::<VALUES, false>(i, code, add),
            (Track::Full, true) => self.update_lines_with::<FULL, true>(i, code, add),
            (Track::Full, false) => self.update_lines_with::<FULL, false>(i, code, add),
            (Track::Net, true) => self.update_lines_with::<NET, true>(i, code, add),
            (Track::Net, false) => self.update_lines_with::<NET, false>(i, code, add),
        }
    }

    // Not inlined into the match above: each kind of tracking is a function of its own, so
    // the one the engine runs compiles alone (WebAssembly ran the bench a little faster).
    #[inline(never)]
    fn update_lines_with<const TRACK: u8, const SHORT: bool>(
        &mut self,
        i: usize,
        code: u32,
        add: bool,
    ) {
        // The sums are kept in locals while the forty cells (thirty-two with short keys) are
        // rewritten.
        let mut sums = self.sums();
        // What a stone overwrites is logged for its undo (the sums are in `history`).
        let log = add && TRACK != FULL;
        // Keys never carry past their two bits, so taking a stone away is adding the two's
        // complement: no branch on `add` in the loop.
        let sign = if add { 1u32 } else { u32::MAX };
        // The log's entries gather here and join the log at once (one capacity check, not
        // one a cell).
        let mut logged = [0u64; 40];
        let mut at = 0;
        for d in 0..4 {
            let off = self.offsets[d] as usize;
            // The cell k steps ahead sees the stone in its slot for offset -k, the cell k
            // steps behind in its slot for +k. (Two calls rather than a loop over a pair of
            // (cell, slot): WebAssembly kept such an array in memory.)
            // Short keys: the cells five away do not see the stone.
            let reach = if SHORT { 4 } else { 5 };
            for k in 1..=reach {
                let ahead = (code << (2 * slot(-(k as isize)))).wrapping_mul(sign);
                let behind = (code << (2 * slot(k as isize))).wrapping_mul(sign);
                let (a, b) = (i.wrapping_add(off * k), i.wrapping_sub(off * k));
                if log {
                    logged[at] = self.line_entry(a, d);
                    logged[at + 1] = self.line_entry(b, d);
                    at += 2;
                }
                self.update_cell::<TRACK, SHORT>(a, d, ahead, &mut sums);
                self.update_cell::<TRACK, SHORT>(b, d, behind, &mut sums);
            }
        }
        if log {
            self.line_log.extend_from_slice(&logged[..at]);
        }
        self.set_sums(sums);
    }

    /// Cell `n`'s key and pair byte along `d` as the log keeps them (before a stone changes
    /// them).
    #[inline(always)]
    fn line_entry(&self, n: usize, d: usize) -> u64 {
        self.keys[n][d] as u64 | (self.pairs_at[n][d] as u64) << 32
    }

    /// Writes back what the stone on `i` overwrote along its lines (the log's tail, in the
    /// order [`Position::update_lines_with`] wrote it).
    fn restore_lines(&mut self, i: usize) {
        let reach = patterns::reach(self.rule);
        let start = self.line_log.len() - 8 * reach;
        let mut at = start;
        for d in 0..4 {
            let off = self.offsets[d] as usize;
            for k in 1..=reach {
                // Two statements, not a loop over a pair: WebAssembly kept such an array in
                // memory.
                let (a, b) = (i.wrapping_add(off * k), i.wrapping_sub(off * k));
                let (ea, eb) = (self.line_log[at], self.line_log[at + 1]);
                self.keys[a][d] = ea as u32;
                self.pairs_at[a][d] = (ea >> 32) as u8;
                self.keys[b][d] = eb as u32;
                self.pairs_at[b][d] = (eb >> 32) as u8;
                at += 2;
            }
        }
        self.line_log.truncate(start);
    }

    /// Adds `delta` to the key of cell `n` along `d` and, if the cell is empty, moves its
    /// pair byte's values and counts in `sums` from the old byte to the new.
    #[inline(always)]
    fn update_cell<const TRACK: u8, const SHORT: bool>(
        &mut self,
        n: usize,
        d: usize,
        delta: u32,
        sums: &mut Sums,
    ) {
        let key = self.keys[n][d].wrapping_add(delta);
        if TRACK == NET || TRACK == FULL {
            if let Some(shapes) = self.shapes {
                self.shape_change(shapes, n, self.keys[n][d], key);
            }
        }
        self.keys[n][d] = key;
        if self.cells[n] != EMPTY {
            return;
        }
        let new = if SHORT {
            self.pairs_short[((key >> patterns::SHORT_SHIFT) & patterns::SHORT_MASK) as usize]
        } else {
            self.pairs_full[key as usize & ((1 << patterns::KEY_BITS) - 1)]
        };
        let old = self.pairs_at[n][d];
        // A stone farther along the line often leaves the cell's level as it was: then
        // nothing it feeds changes (the combination values' and the network's lookups
        // cost more than the test; about 2-3% of `caro bench` with the networks).
        if old == new {
            return;
        }
        // The cell's pair word before and after (the new one from the old in registers:
        // reading it back after the byte's store would wait for the store).
        let word = u32::from_le_bytes(self.pairs_at[n]);
        let shift = 8 * d;
        let next = word & !(0xFF << shift) | (new as u32) << shift;
        if TRACK == VALUES {
            let (before, after) = (self.keyed_values(word), self.keyed_values(next));
            sums.2[0] += after[0] - before[0];
            sums.2[1] += after[1] - before[1];
        }
        if TRACK == FULL {
            for side in 0..2 {
                sums.2[side] += self.tally_combo(n, side, -1);
            }
        }
        if TRACK == NET || TRACK == FULL {
            if let Some(net) = self.net {
                // Each side's combination before and after, looked up once for the
                // combination values, the embeddings and the view.
                let table = self.combo_table;
                let (before, after) = (net::combos_in(table, word), net::combos_in(table, next));
                for s in 0..2 {
                    if TRACK == NET {
                        let values = self.combo_values[s];
                        sums.2[s] += values[after[s]] as i32 - values[before[s]] as i32;
                    }
                    net.shift(&mut sums.3[s], s == 1, before[s], after[s]);
                }
                if let Some(conv) = self.conv {
                    if let Some(delta) = conv.empty_change((word, next), before, after) {
                        self.spread(conv, n, &delta);
                    }
                }
            }
        }
        self.pairs_at[n][d] = new;
        if TRACK == FULL {
            for side in 0..2 {
                sums.2[side] += self.tally_combo(n, side, 1);
            }
        }
        // The new byte's values and counts in, the old one's out.
        sums.0 = sums
            .0
            .wrapping_add(self.pair_values.packed[new as usize])
            .wrapping_sub(self.pair_values.packed[old as usize]);
        sums.1 = sub_counts(
            add_counts(sums.1, PAIR_COUNTS[new as usize]),
            PAIR_COUNTS[old as usize],
        );
    }

    /// Counts the stone on (or off) `i` in the near counts of the 5x5 square around it, and
    /// the cells whose count leaves or reaches zero into (or out of) the candidates.
    fn update_near(&mut self, i: usize, add: bool) {
        // Each row of five counts moves as one word: they never pass 25, so adding one to
        // each byte carries into none, and the three bytes past them (in the array: the
        // padding is wider) are written back as they were.
        const ONES: u64 = 0x01_0101_0101;
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        const HIGH5: u64 = 0x80_8080_8080;
        for dr in -2..=2isize {
            let start = (i as isize + dr * self.stride as isize - 2) as usize;
            let word: &mut [u8; 8] = (&mut self.near[start..start + 8]).try_into().unwrap();
            let old = u64::from_le_bytes(*word);
            let new = if add {
                old.wrapping_add(ONES)
            } else {
                old.wrapping_sub(ONES)
            };
            *word = new.to_le_bytes();
            // The cells whose count was zero before a stone came or is zero after one left:
            // a byte's high bit in `(x & LOW7) + LOW7` is set unless its low seven bits are
            // all clear, and no count has its own high bit set.
            let x = if add { old } else { new };
            let mut zeros = !((x & LOW7).wrapping_add(LOW7) | x) & HIGH5;
            while zeros != 0 {
                let n = start + (zeros.trailing_zeros() / 8) as usize;
                if !add {
                    self.remove_candidate(n);
                } else if self.cells[n] == EMPTY {
                    self.insert_candidate(n);
                }
                zeros &= zeros - 1;
            }
        }
    }

    /// Runs `f` with only the lines kept up to date as stones come and go: no combination
    /// values, network sums or view, which a search that reads only the lines' levels and
    /// counts (the threat search) has no use for, and would otherwise pay for on every
    /// stone. `f` must take back every stone it plays; what was not kept is then as it
    /// was, restored with the lines (the sums from the history, the view untouched).
    pub fn lines_only<R>(&mut self, f: impl FnOnce(&mut Position) -> R) -> R {
        if !matches!(self.track, Track::Values | Track::Net) {
            return f(self);
        }
        let (track, conv, shapes) = (self.track, self.conv.take(), self.shapes.take());
        self.track = Track::Off;
        let stones = self.history.len();
        let r = f(self);
        debug_assert_eq!(self.history.len(), stones, "a stone was left on the board");
        (self.track, self.conv, self.shapes) = (track, conv, shapes);
        r
    }

    /// Plays the side to move's stone on the empty cell `i`.
    pub fn play(&mut self, i: usize) {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.place(i, color(self.to_move));
        self.to_move = self.to_move.opponent();
    }

    /// Passes the turn without a stone (used to ask what the opponent threatens).
    pub fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    /// Takes back the last stone played.
    pub fn undo(&mut self) {
        let (i, area, sums) = self.history.pop().expect("undo with no move");
        let colour = self.cells[i];
        self.update_near(i, false);
        self.hash ^= zobrist(i, colour);
        self.cells[i] = EMPTY;
        if self.near[i] > 0 {
            self.insert_candidate(i);
        }
        if self.track == Track::Full {
            // The class counts are not logged: everything is computed back (the line update
            // never reads the stone's own cell), but the view and the shapes, which are.
            let (conv, shapes) = (self.conv.take(), self.shapes.take());
            self.update_lines(i, colour as u32, false);
            (self.conv, self.shapes) = (conv, shapes);
            self.refresh_levels(i);
            self.add_cell(i);
        } else {
            // The keys, bytes and sums as they were before the stone (the cell's own bytes
            // did not change while it held the stone).
            self.restore_lines(i);
            self.set_sums(sums);
        }
        if let Some(conv) = self.conv {
            self.conv_restore(conv);
        }
        if self.shapes.is_some() {
            self.shape_restore();
        }
        self.area = area;
        self.to_move = self.to_move.opponent();
    }

    /// The empty cells where `side` makes a five now (at most a few).
    pub fn five_points(&self, side: Side, out: &mut Vec<usize>) {
        out.clear();
        if self.count(side, FIVE) == 0 {
            return;
        }
        // A five point has a stone next to it, so it is a candidate.
        for &i in &self.candidates {
            if self.levels(i, side).contains(&FIVE) {
                out.push(i);
            }
        }
    }

    /// The empty cells on the four lines through `i`, within four steps of it, where `side`
    /// makes a five: after `side` plays `i` from a position where it had no five point,
    /// these are all its five points (a five point shares a line with every stone of its
    /// five), found without scanning every candidate.
    pub fn five_points_through(&self, i: usize, side: Side, out: &mut Vec<usize>) {
        out.clear();
        if self.count(side, FIVE) == 0 {
            return;
        }
        for d in 0..4 {
            let off = self.offsets[d];
            for k in 1..=4isize {
                for n in [
                    (i as isize + off * k) as usize,
                    (i as isize - off * k) as usize,
                ] {
                    // The cells visited (four lines, four steps each way) are all distinct.
                    if self.cells[n] == EMPTY && self.level(n, side, d) == FIVE {
                        out.push(n);
                    }
                }
            }
        }
    }

    /// Among the opponent's five points `fives`, the ones whose block leaves the opponent no
    /// five point at all. With two or more five points that is normally none; under caro
    /// one block can also shut the other five at its far end.
    pub fn stopping_blocks(&mut self, fives: &[usize], out: &mut Vec<usize>) {
        out.clear();
        let me = self.to_move;
        if let [f] = *fives {
            // A stone never makes a five for the other side, so taking the one five point
            // leaves none (the general case plays each block to see).
            if self.is_legal(f, me) {
                out.push(f);
            }
            return;
        }
        for &f in fives {
            if !self.is_legal(f, me) {
                continue;
            }
            self.play(f);
            if self.count(me.opponent(), FIVE) == 0 {
                out.push(f);
            }
            self.undo();
        }
    }

    /// The cell along `dir` within four steps of `i` where `side` now makes a five.
    pub fn five_point_near(&self, i: usize, side: Side, dir: usize) -> Option<usize> {
        let off = self.offsets[dir];
        for k in 1..=4isize {
            for n in [
                (i as isize + off * k) as usize,
                (i as isize - off * k) as usize,
            ] {
                if self.cells[n] == EMPTY && self.level(n, side, dir) == FIVE {
                    return Some(n);
                }
            }
        }
        None
    }
}
