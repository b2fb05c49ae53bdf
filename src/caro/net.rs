//! A small network over the cells' combinations, on top of the linear evaluation.
//!
//! Every empty cell gives each side a *combination* (the four pattern levels a stone of
//! that side would make there; see [`super::weights`]). Each combination has an
//! *embedding* of [`INPUTS`] small integers: [`LANES`] read when the side is the one to
//! move and [`LANES`] read when it is not. A position sums its empty cells' embeddings per
//! side, incrementally (a line update moves a cell from one combination to another: one
//! subtraction and one addition of eight lanes), so the sums cost about what the
//! combination values cost. The evaluation reads the side to move's first lanes and the
//! other side's last lanes, clips each to `[0, 1]` (in units of [`QA`]), and runs them
//! through one hidden layer of [`HIDDEN`] rectified units to a correction in log-odds,
//! added to the linear evaluation at [`super::train::SCALE`] points a unit. The clipping and
//! the hidden layer see what a sum of per-cell values cannot: how many threats of each kind
//! a side has against the other's, and when more of one kind stops mattering.
//!
//! Combinations that [`super::weights::fixed_combo`] leaves at nothing (every cell far from
//! the stones) have no embedding either, so the sums mean the same on every board.
//!
//! A network may tell the colours apart ([`Net::by_colour`]): then X's combinations and O's
//! have embeddings of their own (under renju a cell where Black would make two threes is
//! forbidden to Black and a winning threat for White, though the shape is the same).
//!
//! A network may also look at the cells' neighbourhoods ([`Conv`]): every cell, empty or
//! not, reads [`CHANNELS`] small integers per role from its *code* (each side's combination
//! on an empty cell where it reaches [`VIEW_FROM`], or a stone of the side to move or of the
//! other), summed over both roles; a 3x3 kernel a channel runs over the board and the ring
//! of cells around it (which read nothing themselves); each cell's result is clipped to
//! `[0, 1]` and their sum, a sixteenth a unit, joins the hidden layer's inputs. A sum over
//! single cells cannot see two threats crossing, or a four whose ends are both shut by one
//! stone; a 3x3 window can.
//!
//! A network with a view may also read the *lines' shapes* ([`Keys`]): for every empty cell,
//! each side, and each role, the four lines' short keys (the eight cells within four of the
//! cell, as that side sees them: its stones, the other's, walls) each give [`KEY_LANES`]
//! small integers; their sum is clipped to `[0, 1]` (in units of [`QL`]) and summed over the
//! empty cells, a sixteenth a unit, beside the view's sums. A level tells a three from a
//! four; a shape tells which three, how far from its ends, and what lies past them. Keys
//! without a stone read nothing, so empty regions and the empty board add nothing.

use super::patterns::{Level, F1, F3};
use super::weights::{self, COMBOS};
use std::sync::OnceLock;

/// Lanes a side's sum is read from, for each role (to move, not to move).
pub const LANES: usize = 4;
/// Lanes of one embedding and of one side's sum.
pub const INPUTS: usize = 2 * LANES;
/// Hidden units.
pub const HIDDEN: usize = 16;
/// The integer an input of 1.0 is.
pub const QA: i32 = 1024;
/// Evaluation points a unit of the network's log-odds is (as [`super::train::SCALE`]).
const POINTS: f32 = 200.0;

/// One side's running sum of embeddings.
pub type Acc = [i32; INPUTS];

/// Channels of a network's view of the cells' neighbourhoods ([`Conv`]).
pub const CHANNELS: usize = 4;
/// Codes a cell can have in [`Conv`]: the combinations, then a stone of the side to move,
/// then a stone of the other side.
pub const CODES: usize = COMBOS + 2;
/// The code of a stone of the side to move.
pub const STONE_MINE: usize = COMBOS;
/// The code of a stone of the side not to move.
pub const STONE_THEIRS: usize = COMBOS + 1;
/// Cells of the kernel: rows -1..=1 by columns -1..=1, row by row.
pub const TAPS: usize = 9;
/// The integer a cell's table value of 1.0 is.
pub const QT: i32 = 1024;
/// The integer a kernel weight of 1.0 is.
pub const QK: i32 = 256;
/// The integer a cell's kernel output of 1.0 is (where it is clipped).
pub const QZ: i32 = QT * QK;
/// The largest table value and kernel weight a file may hold, so that no sum overflows:
/// 9 x 16,384 x 4,096 for a cell, 3,600 cells x [`QZ`] for the board.
pub const TABLE_LIMIT: i16 = 8 * QT as i16;
pub const KERNEL_LIMIT: i16 = 16 * QK as i16;
/// The weight of a board's sum of clipped cells in the hidden layer's input.
pub const CONV_SCALE: f32 = 1.0 / 16.0;

/// Lanes a side's line shapes give, for each role ([`Keys`]).
pub const KEY_LANES: usize = 4;
/// What [`Keys`] keeps of a cell: its lanes for X as the side to move, X not to move, O to
/// move, O not to move ([`KEY_LANES`] each), updated as one vector. Each is a sum of four
/// values within [`KEY_LIMIT`], so it fits an `i16`.
pub type KeyCell = [i16; 4 * KEY_LANES];
/// The shapes' sums over a board's empty cells of their clipped lanes, laid out as a
/// [`KeyCell`].
pub type KeySums = [i32; 4 * KEY_LANES];
/// The integer a shape's value of 1.0 is (where a cell's sum is clipped).
pub const QL: i32 = 1024;
/// The largest shape value a file may hold, either way: a cell's sum of its four lines'
/// values then fits an `i16` (fitted values have stayed below 1,800).
pub const KEY_LIMIT: i16 = 8_000;
/// The weight of a board's sum of clipped cells in the hidden layer's input.
pub const KEY_SCALE: f32 = 1.0 / 16.0;

/// The short keys' shapes: for each short key (the eight cells at offsets -4..=-1 and
/// 1..=4 along a line, two bits each, as the engine writes them: empty, X, O, wall), its
/// shape's number as X sees it, the same for a line and its reverse; [`NO_SHAPE`] for a key
/// with no stone or one no board can hold (a wall before a cell of the board).
fn shape_index() -> &'static (Box<ShortTable>, usize) {
    static INDEX: OnceLock<(Box<ShortTable>, usize)> = OnceLock::new();
    INDEX.get_or_init(|| {
        // A side of a line (four cells outward) a board can hold: walls only past the board.
        let side_ok = |cells: [u32; 4]| cells.windows(2).all(|w| w[0] != 3 || w[1] == 3);
        let mut index: Box<ShortTable> = vec![NO_SHAPE; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("one entry a short key");
        let mut next = 0usize;
        for key in 0..1u32 << 16 {
            let cell = |n: usize| (key >> (2 * n)) & 3;
            // Offsets -1..-4 are cells 3, 2, 1, 0; offsets 1..4 are cells 4..7.
            let behind = [cell(3), cell(2), cell(1), cell(0)];
            let ahead = [cell(4), cell(5), cell(6), cell(7)];
            let stones = (0..8).any(|n| cell(n) == 1 || cell(n) == 2);
            if !stones || !side_ok(behind) || !side_ok(ahead) {
                continue;
            }
            let reversed = reverse_key(key);
            if reversed < key {
                index[key as usize] = index[reversed as usize];
            } else {
                index[key as usize] = next as u16;
                next += 1;
            }
        }
        (index, next)
    })
}

/// A short key read the other way along its line.
fn reverse_key(key: u32) -> u32 {
    (0..8).fold(0, |r, n| r | ((key >> (2 * n)) & 3) << (2 * (7 - n)))
}

/// A short key with X's and O's stones swapped (walls and empty cells stay).
#[inline(always)]
fn swap_colours(key: u32) -> u32 {
    ((key & 0x5555) << 1) | ((key >> 1) & 0x5555)
}

/// A `u16` for each 16-bit key: a table its keys index with no bounds check.
pub type ShortTable = [u16; 1 << 16];

/// The shapes by short key (see [`shape_of`]), for a caller that keeps the table at hand.
pub fn shape_table() -> &'static ShortTable {
    &shape_index().0
}

/// The shape number meaning "reads nothing".
pub const NO_SHAPE: u16 = u16::MAX;

/// How many shapes there are (keys with a stone, up to reversal).
pub fn shapes() -> usize {
    shape_index().1
}

/// The shape of short key `key` as `o`'s side sees it (O if `o`, else X): [`NO_SHAPE`] for
/// a key with no stone.
#[inline(always)]
pub fn shape_of(key: u32, o: bool) -> u16 {
    let key = if o { swap_colours(key) } else { key };
    shape_index().0[(key & 0xFFFF) as usize]
}

/// A network's reading of the lines' shapes (see the module's notes).
#[derive(Clone, Debug, PartialEq)]
pub struct Keys {
    /// By shape, the lanes for the side to move then for the other side; one more row of
    /// zeros at [`shapes()`] for [`NO_SHAPE`].
    table: Vec<[i16; 2 * KEY_LANES]>,
    /// The hidden units' weights of the sums (the side to move's lanes, then the other's),
    /// by input: `[j][k]` is unit `k`'s weight of input `j` (see [`Net::logit`]).
    by_input: [[f32; HIDDEN]; 2 * KEY_LANES],
}

impl Keys {
    /// A reading from its table (one row a shape, [`shapes()`] of them) and hidden weights;
    /// refuses values past [`KEY_LIMIT`] and weights that are not finite.
    pub fn new(
        mut table: Vec<[i16; 2 * KEY_LANES]>,
        hidden: [[f32; 2 * KEY_LANES]; HIDDEN],
    ) -> Result<Keys, String> {
        if table.len() != shapes() {
            return Err(format!(
                "the lines' shapes take {} rows, not {}",
                shapes(),
                table.len()
            ));
        }
        if table
            .iter()
            .flatten()
            .any(|v| v.unsigned_abs() > KEY_LIMIT as u16)
        {
            return Err(format!("a shape's value is past {KEY_LIMIT}"));
        }
        if hidden.iter().flatten().any(|v| !v.is_finite()) {
            return Err("a weight is not a finite number".to_string());
        }
        table.push([0; 2 * KEY_LANES]);
        Ok(Keys {
            table,
            by_input: transpose(&hidden),
        })
    }

    /// Shape `shape`'s lanes (the side to move's, then the other side's).
    pub fn row(&self, shape: usize) -> &[i16; 2 * KEY_LANES] {
        &self.table[shape]
    }

    /// The hidden units' weights of the sums.
    pub fn hidden(&self) -> [[f32; 2 * KEY_LANES]; HIDDEN] {
        transpose(&self.by_input)
    }

    /// What a cell's lanes ([`KeyCell`]) gain when one of its lines' short keys goes from
    /// `old` to `new`; `None` when neither side's shape changes.
    #[inline(always)]
    pub fn change(&self, old: u32, new: u32) -> Option<KeyCell> {
        self.change_in(shape_table(), old, new)
    }

    /// [`Keys::change`] with the shapes' table ([`shape_table`]) at hand.
    #[inline(always)]
    pub fn change_in(&self, index: &ShortTable, old: u32, new: u32) -> Option<KeyCell> {
        // Each row's values are within KEY_LIMIT, so each difference fits an i16.
        let at = |key: u32| index[(key & 0xFFFF) as usize];
        let (xo, xn) = (at(old), at(new));
        let (oo, on) = (at(swap_colours(old)), at(swap_colours(new)));
        if xo == xn && oo == on {
            return None;
        }
        let row = |s: u16| &self.table[(s as usize).min(self.table.len() - 1)];
        let (a, b, c, d) = (row(xn), row(xo), row(on), row(oo));
        Some(std::array::from_fn(|j| {
            if j < 2 * KEY_LANES {
                a[j] - b[j]
            } else {
                c[j - 2 * KEY_LANES] - d[j - 2 * KEY_LANES]
            }
        }))
    }

    /// The bytes of a reading in a file (after a view).
    pub const fn bytes() -> usize {
        // The number of shapes is fixed by the line rules (see `shapes`); checked in tests.
        SHAPES * 2 * KEY_LANES * 2 + HIDDEN * 2 * KEY_LANES * 4
    }

    fn write(&self, out: &mut Vec<u8>) {
        for v in self.table[..self.table.len() - 1].iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.hidden().iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn read(bytes: &[u8]) -> Result<Keys, String> {
        let (ints, floats) = numbers(bytes, SHAPES * 2 * KEY_LANES);
        let table = ints
            .chunks_exact(2 * KEY_LANES)
            .map(|c| std::array::from_fn(|j| c[j]))
            .collect();
        let hidden =
            std::array::from_fn(|k| std::array::from_fn(|j| floats[k * 2 * KEY_LANES + j]));
        Keys::new(table, hidden)
    }
}

/// How many shapes there are: [`shapes()`] as a constant, for the file's layout.
pub const SHAPES: usize = 7_366;

/// The least level a side's combination must hold for the view to read it: an empty
/// cell where neither side would make more than a two reads nothing. A stone changes the
/// combinations of some thirty cells; most are such cells, and the view's update of a cell
/// is the dearest thing the engine does for it. (Read from B3, the view predicted held-out
/// games no better and cost more: docs/caro-engine.md.)
pub const VIEW_FROM: Level = F3;
// A lone stone's lines are not read, so on the empty board the view reads nothing.
const _: () = assert!(VIEW_FROM > F1);

/// Whether the view reads a side's combination `levels` (see [`VIEW_FROM`]).
pub fn viewed(levels: [Level; 4]) -> bool {
    levels.iter().any(|&l| l >= VIEW_FROM)
}

/// Whether a side's nibbles of a pair word (its level in each direction, the low nibble of
/// each byte; see [`weights::nibble_key`]) hold a level of [`VIEW_FROM`] or more. Each
/// nibble plus `16 - VIEW_FROM` carries into its fifth bit just when it is that high.
#[inline(always)]
fn holds_viewed(word: u32) -> bool {
    let up = 0x0101_0101 * (16 - VIEW_FROM as u32);
    ((word & 0x0F0F_0F0F) + up) & 0x1010_1010 != 0
}

/// Whether a side's combination (its nibbles of the pair word, as in [`holds_viewed`])
/// changes between `word` and `next` and the view reads it before or after: only then
/// does what the cell reads for that side change.
#[inline(always)]
fn side_changes(word: u32, next: u32) -> bool {
    (word ^ next) & 0x0F0F_0F0F != 0 && (holds_viewed(word) || holds_viewed(next))
}

/// One value a channel.
pub type Lanes = [i32; CHANNELS];
/// What the engine keeps of a cell in the view: its channels with X to move, then with O
/// to move (one vector, so that the update runs lane-parallel).
pub type Both = [i32; 2 * CHANNELS];

/// The network's view of the cells' neighbourhoods (see the module's notes).
#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    /// By code, the channels read for the side to move's code then for the other's (all
    /// zero for the combinations it does not read; see [`viewed`]).
    table: Vec<[[i16; CHANNELS]; 2]>,
    /// The hidden units' weights of the channels' sums, by input (as [`Keys`] keeps them).
    by_input: [[f32; HIDDEN]; CHANNELS],
    /// The kernel by tap, as a [`Both`] (the channels' weights twice, for the engine's
    /// update; [`Conv::kernel`] reads it by channel).
    taps: [Both; TAPS],
}

impl Conv {
    /// A view from its parts; the codes of the combinations it does not read are set to
    /// nothing. Refuses table values or kernel weights past the limits that keep the sums in
    /// range.
    pub fn new(
        mut table: Vec<[[i16; CHANNELS]; 2]>,
        kernel: [[i16; TAPS]; CHANNELS],
        hidden: [[f32; CHANNELS]; HIDDEN],
    ) -> Result<Conv, String> {
        if table.len() != CODES {
            return Err(format!("a view takes {CODES} codes, not {}", table.len()));
        }
        if table
            .iter()
            .flatten()
            .flatten()
            .any(|v| v.abs() > TABLE_LIMIT)
        {
            return Err(format!("a cell's value is past {TABLE_LIMIT}"));
        }
        if kernel.iter().flatten().any(|v| v.abs() > KERNEL_LIMIT) {
            return Err(format!("a kernel weight is past {KERNEL_LIMIT}"));
        }
        if hidden.iter().flatten().any(|v| !v.is_finite()) {
            return Err("a weight is not a finite number".to_string());
        }
        for (c, levels) in weights::tables().levels.iter().enumerate() {
            if !viewed(*levels) {
                table[c] = [[0; CHANNELS]; 2];
            }
        }
        let taps = std::array::from_fn(|t| std::array::from_fn(|j| kernel[j % CHANNELS][t] as i32));
        Ok(Conv {
            table,
            by_input: transpose(&hidden),
            taps,
        })
    }

    /// The channels code `code` reads in role `role` (0: the side to move's, 1: the other's).
    pub fn table(&self, code: usize, role: usize) -> &[i16; CHANNELS] {
        &self.table[code][role]
    }

    /// The kernel weight of channel `ch` at tap `t`.
    pub fn kernel(&self, ch: usize, t: usize) -> i16 {
        // Within the kernel's limit, so it fits.
        self.taps[t][ch] as i16
    }

    /// The hidden weights of the channels.
    pub fn hidden(&self) -> [[f32; CHANNELS]; HIDDEN] {
        transpose(&self.by_input)
    }

    /// The kernel's weights at tap `t`, for each lane of a [`Both`].
    #[inline(always)]
    pub fn tap(&self, t: usize) -> &Both {
        &self.taps[t]
    }

    /// What an empty cell whose pair bytes make `word` reads, with X to move (`[0]`) and
    /// with O to move (`[1]`).
    #[inline(always)]
    pub fn empty_cell(&self, word: u32) -> Both {
        let [x, o] = combos_of(word);
        self.cell(x, o)
    }

    /// What a cell reads whose codes are `x` for X and `o` for O, with X to move and with O
    /// to move.
    #[inline(always)]
    fn cell(&self, x: usize, o: usize) -> Both {
        let (x, o) = (&self.table[x], &self.table[o]);
        std::array::from_fn(|j| {
            let ch = j % CHANNELS;
            if j < CHANNELS {
                x[0][ch] as i32 + o[1][ch] as i32
            } else {
                o[0][ch] as i32 + x[1][ch] as i32
            }
        })
    }

    /// What a stone of X (`o` false) or of O reads, with X to move and with O to move.
    #[inline(always)]
    pub fn stone(&self, o: bool) -> Both {
        let read = |c: usize, ch: usize| self.table[c][0][ch] as i32 + self.table[c][1][ch] as i32;
        std::array::from_fn(|j| {
            // X's stone is the side to move's with X to move (the first lanes).
            let mine = (j < CHANNELS) != o;
            read(if mine { STONE_MINE } else { STONE_THEIRS }, j % CHANNELS)
        })
    }

    /// How what an empty cell reads changes when its pair word goes from `word` to `next`,
    /// whose combinations ([`combos_of`]) are `before` and `after`; `None` when neither
    /// side's reading changes (a side that changes between two read combinations with the
    /// same values gives a change of nothing, which costs only its update).
    #[inline(always)]
    pub fn empty_change(
        &self,
        (word, next): (u32, u32),
        before: [usize; 2],
        after: [usize; 2],
    ) -> Option<Both> {
        // Most cells a stone changes are read by the view neither before nor after, for
        // either side; and a side whose combination stays, or is read neither before nor
        // after, reads the same. Only the sides that change are looked up.
        let (x, o) = (side_changes(word, next), side_changes(word >> 4, next >> 4));
        if !(x || o) {
            return None;
        }
        let mut delta = [0; 2 * CHANNELS];
        // X's code reads its role-0 channels with X to move (the first lanes) and its
        // role-1 channels with O to move; O's the other way round.
        for (s, changes, mine) in [(0, x, 0), (1, o, CHANNELS)] {
            if changes {
                let (b, a) = (&self.table[before[s]], &self.table[after[s]]);
                for ch in 0..CHANNELS {
                    delta[mine + ch] += a[0][ch] as i32 - b[0][ch] as i32;
                    delta[CHANNELS - mine + ch] += a[1][ch] as i32 - b[1][ch] as i32;
                }
            }
        }
        Some(delta)
    }

    /// Bytes of a view in a file.
    pub const BYTES: usize = CODES * 2 * CHANNELS * 2 + CHANNELS * TAPS * 2 + HIDDEN * CHANNELS * 4;

    fn write(&self, out: &mut Vec<u8>) {
        let kernel = (0..CHANNELS).flat_map(|ch| (0..TAPS).map(move |t| self.kernel(ch, t)));
        for v in self.table.iter().flatten().flatten().copied().chain(kernel) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in self.hidden().iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn read(bytes: &[u8]) -> Result<Conv, String> {
        let (ints, floats) = numbers(bytes, CODES * 2 * CHANNELS + CHANNELS * TAPS);
        let table = (0..CODES)
            .map(|c| {
                std::array::from_fn(|r| std::array::from_fn(|ch| ints[(c * 2 + r) * CHANNELS + ch]))
            })
            .collect();
        let at = CODES * 2 * CHANNELS;
        let kernel = std::array::from_fn(|ch| std::array::from_fn(|t| ints[at + ch * TAPS + t]));
        let hidden = std::array::from_fn(|k| std::array::from_fn(|ch| floats[k * CHANNELS + ch]));
        Conv::new(table, kernel, hidden)
    }
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// By combination index (with colours, X's then O's); all zero for the fixed
    /// combinations.
    embed: Vec<[i16; INPUTS]>,
    /// Where O's embeddings start: 0 when the colours share them, [`COMBOS`] when not.
    o_from: usize,
    /// Added to the inputs before clipping.
    pub(super) bias: [i16; INPUTS],
    /// The hidden units' weights of the inputs, by input (as [`Keys`] keeps them).
    by_input: [[f32; HIDDEN]; INPUTS],
    pub(super) hidden_bias: [f32; HIDDEN],
    pub(super) out: [f32; HIDDEN],
    pub(super) out_bias: f32,
    /// The view of the cells' neighbourhoods, if the network has one.
    conv: Option<Box<Conv>>,
    /// The lines' shapes, read only with a view.
    keys: Option<Box<Keys>>,
}

/// The weights by unit as weights by input, and back.
fn transpose<const R: usize, const C: usize>(m: &[[f32; C]; R]) -> [[f32; R]; C] {
    std::array::from_fn(|c| std::array::from_fn(|r| m[r][c]))
}

/// Adds to each unit's sum in `z` its weights (`by_input[j][k]`: unit `k`'s weight of
/// input `j`) times `inputs`, input after input.
#[inline(always)]
fn add_inputs<const N: usize>(
    z: &mut [f32; HIDDEN],
    by_input: &[[f32; HIDDEN]; N],
    inputs: &[f32; N],
) {
    for (w, &v) in by_input.iter().zip(inputs) {
        for (z, &w) in z.iter_mut().zip(w) {
            *z += w * v;
        }
    }
}

/// `bytes` read as `ints` little-endian `i16`, then as many `f32` as the rest holds.
fn numbers(bytes: &[u8], ints: usize) -> (Vec<i16>, Vec<f32>) {
    let (ints, floats) = bytes.split_at(ints * 2);
    let ints = ints
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    let floats = floats
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    (ints, floats)
}

/// Combination index by a side's four levels as a 16-bit nibble key
/// ([`weights::nibble_key`]); a key with a nibble past the last level (no position makes
/// one) maps to a fixed combination, which has no embedding.
pub fn nibble_index() -> &'static ShortTable {
    static INDEX: OnceLock<Box<ShortTable>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let t = weights::tables();
        // A key no position makes: the combination of four dead lines, fixed.
        let index: Vec<u16> = (0..1usize << 16)
            .map(|key| {
                weights::nibble_levels(key).map_or(t.combo[0], |l| t.combo[weights::combo_key(l)])
            })
            .collect();
        index
            .into_boxed_slice()
            .try_into()
            .expect("one entry a nibble key")
    })
}

/// The combination indices of X's levels and of O's in a cell's pair word (see
/// [`weights::nibble_key`]).
#[inline(always)]
pub fn combos_of(word: u32) -> [usize; 2] {
    combos_in(nibble_index(), word)
}

/// [`combos_of`] with the table ([`nibble_index`]) at hand.
#[inline(always)]
pub fn combos_in(index: &ShortTable, word: u32) -> [usize; 2] {
    // A nibble key has sixteen bits: the mask costs nothing and spares the bounds check.
    [
        index[weights::nibble_key(word) & 0xFFFF] as usize,
        index[weights::nibble_key(word >> 4) & 0xFFFF] as usize,
    ]
}

impl Net {
    /// A network from its parts; the fixed combinations' embeddings are set to nothing.
    pub fn new(
        mut embed: Vec<[i16; INPUTS]>,
        bias: [i16; INPUTS],
        hidden: [[f32; INPUTS]; HIDDEN],
        hidden_bias: [f32; HIDDEN],
        out: [f32; HIDDEN],
        out_bias: f32,
    ) -> Net {
        assert!(
            embed.len() == COMBOS || embed.len() == 2 * COMBOS,
            "one embedding a combination, or one a combination and colour"
        );
        for (c, levels) in weights::tables().levels.iter().enumerate() {
            if weights::fixed_combo(*levels) {
                embed[c] = [0; INPUTS];
                if let Some(o) = embed.get_mut(COMBOS + c) {
                    *o = [0; INPUTS];
                }
            }
        }
        nibble_index();
        Net {
            o_from: embed.len() - COMBOS,
            embed,
            bias,
            by_input: transpose(&hidden),
            hidden_bias,
            out,
            out_bias,
            conv: None,
            keys: None,
        }
    }

    /// The network with the view `conv` (or none).
    pub fn with_conv(mut self, conv: Option<Conv>) -> Net {
        self.conv = conv.map(Box::new);
        if self.conv.is_none() {
            // The shapes come only with a view.
            self.keys = None;
        }
        self
    }

    /// The view of the cells' neighbourhoods, if any.
    pub fn conv(&self) -> Option<&Conv> {
        self.conv.as_deref()
    }

    /// The network with `keys` as its reading of the lines' shapes (or none). Only a
    /// network with a view may have one (its file's layout).
    pub fn with_keys(mut self, keys: Option<Keys>) -> Net {
        assert!(
            keys.is_none() || self.conv.is_some(),
            "shapes come with a view"
        );
        self.keys = keys.map(Box::new);
        self
    }

    /// Its reading of the lines' shapes, if it has one.
    pub fn keys(&self) -> Option<&Keys> {
        self.keys.as_deref()
    }

    /// The hidden units' weights of the inputs, by unit.
    pub fn hidden(&self) -> [[f32; INPUTS]; HIDDEN] {
        transpose(&self.by_input)
    }

    /// Whether X's and O's combinations have embeddings of their own.
    pub fn by_colour(&self) -> bool {
        self.o_from != 0
    }

    /// The embedding of combination `c` for X (`o` false) or O.
    pub fn embedding(&self, c: usize, o: bool) -> &[i16; INPUTS] {
        &self.embed[self.colour_from(o) + c]
    }

    /// Where X's embeddings (`o` false) or O's start.
    #[inline(always)]
    fn colour_from(&self, o: bool) -> usize {
        if o {
            self.o_from
        } else {
            0
        }
    }

    /// Moves a cell's embedding in `acc` (X's sum, or O's with `o`) from combination
    /// `before` to `after`.
    #[inline(always)]
    pub fn shift(&self, acc: &mut Acc, o: bool, before: usize, after: usize) {
        if after != before {
            let from = self.colour_from(o);
            let (b, a) = (&self.embed[from + before], &self.embed[from + after]);
            for j in 0..INPUTS {
                acc[j] += a[j] as i32 - b[j] as i32;
            }
        }
    }

    /// Adds (`sign` 1) or takes away (-1) to `acc` (X's sum, or O's with `o`) the embedding
    /// of combination `combo`.
    #[inline(always)]
    pub fn tally(&self, acc: &mut Acc, o: bool, combo: usize, sign: i32) {
        let e = &self.embed[self.colour_from(o) + combo];
        for j in 0..INPUTS {
            acc[j] += sign * e[j] as i32;
        }
    }

    /// The correction, in evaluation points, for the side to move whose sum is `mine`
    /// against the other side's `theirs`, with the view's sums of clipped cells `view`
    /// (read only by a network with a view), and the lines' shapes' sums of clipped cells
    /// `keys`: the side to move's lanes as the side to move, then the other side's as the
    /// side not to move (read only by a network that reads them).
    pub fn correction(
        &self,
        mine: &Acc,
        theirs: &Acc,
        view: &Lanes,
        keys: &[i32; 2 * KEY_LANES],
    ) -> i32 {
        let mut x = [0f32; INPUTS];
        for j in 0..LANES {
            let m = mine[j] + self.bias[j] as i32;
            let t = theirs[LANES + j] + self.bias[LANES + j] as i32;
            x[j] = m.clamp(0, QA) as f32 / QA as f32;
            x[LANES + j] = t.clamp(0, QA) as f32 / QA as f32;
        }
        let v: [f32; CHANNELS] = std::array::from_fn(|ch| view[ch] as f32 / QZ as f32 * CONV_SCALE);
        let l: [f32; 2 * KEY_LANES] =
            std::array::from_fn(|j| keys[j] as f32 / QL as f32 * KEY_SCALE);
        (self.logit(&x, &v, &l) * POINTS).round() as i32
    }

    /// The network's output in log-odds for clipped inputs `x`, the view's inputs `v` and
    /// the shapes' inputs `l` (each read only by a network that has it).
    pub fn logit(&self, x: &[f32; INPUTS], v: &[f32; CHANNELS], l: &[f32; 2 * KEY_LANES]) -> f32 {
        // Every unit at once, input after input: each unit's sum is taken in the order
        // a unit-by-unit loop takes it (its bias, then its weights times the inputs, the
        // view's and the shapes' last), so the value is the same to the bit, and the
        // sixteen units' lanes run as vectors (the units one by one ran as scalar chains).
        let mut z = self.hidden_bias;
        add_inputs(&mut z, &self.by_input, x);
        if let Some(conv) = &self.conv {
            add_inputs(&mut z, &conv.by_input, v);
        }
        if let Some(keys) = &self.keys {
            add_inputs(&mut z, &keys.by_input, l);
        }
        let mut out = self.out_bias;
        for (&weight, z) in self.out.iter().zip(z) {
            out += weight * z.max(0.0);
        }
        out
    }

    /// Bytes of a network in a file (see [`Net::to_bytes`]).
    pub const BYTES: usize = (COMBOS + 1) * INPUTS * 2 + (HIDDEN * INPUTS + 2 * HIDDEN + 1) * 4;
    /// Bytes of a network whose colours have embeddings of their own.
    pub const BYTES_BY_COLOUR: usize = Self::BYTES + COMBOS * INPUTS * 2;
    /// The lengths a network can have in a file: without and with colours, then both with
    /// a view.
    pub const LENGTHS: [usize; 6] = [
        Self::BYTES,
        Self::BYTES_BY_COLOUR,
        Self::BYTES + Conv::BYTES,
        Self::BYTES_BY_COLOUR + Conv::BYTES,
        Self::BYTES + Conv::BYTES + Keys::bytes(),
        Self::BYTES_BY_COLOUR + Conv::BYTES + Keys::bytes(),
    ];

    /// The network as bytes, little endian: the embeddings by combination (with colours,
    /// X's then O's) then the input bias (i16 each), the hidden weights by unit, the hidden
    /// biases, the output weights and the output bias (f32 each); then, with a view, its
    /// table by code and role, its kernel by channel (i16 each) and its hidden weights by
    /// unit (f32 each).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::BYTES + self.o_from * INPUTS * 2);
        for v in self.embed.iter().flatten().chain(self.bias.iter()) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let hidden = self.hidden();
        let floats = hidden.iter().flatten();
        let floats = floats.chain(self.hidden_bias.iter()).chain(self.out.iter());
        for v in floats.chain(std::iter::once(&self.out_bias)) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if let Some(conv) = &self.conv {
            conv.write(&mut out);
        }
        if let Some(keys) = &self.keys {
            keys.write(&mut out);
        }
        out
    }

    /// Reads bytes written by [`Net::to_bytes`] (one of [`Net::LENGTHS`]); refuses
    /// weights that are not finite, and a view's past its limits.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let Some(kind) = Self::LENGTHS.iter().position(|&n| n == bytes.len()) else {
            return Err(format!(
                "a network takes {}, not {}",
                Self::lengths_text(),
                bytes.len()
            ));
        };
        let embeddings = if kind % 2 == 0 { COMBOS } else { 2 * COMBOS };
        let (bytes, view) = bytes.split_at(Self::LENGTHS[kind % 2]);
        let (conv, keys) = if kind >= 2 {
            let (view, shapes) = view.split_at(Conv::BYTES);
            let conv = Conv::read(view).map_err(|e| format!("its view: {e}"))?;
            let keys = if kind >= 4 {
                Some(Keys::read(shapes).map_err(|e| format!("its lines' shapes: {e}"))?)
            } else {
                None
            };
            (Some(conv), keys)
        } else {
            (None, None)
        };
        let (ints, floats) = numbers(bytes, (embeddings + 1) * INPUTS);
        if floats.iter().any(|v| !v.is_finite()) {
            return Err("the network has a weight that is not a finite number".to_string());
        }
        let lanes = |at: usize| -> [i16; INPUTS] { std::array::from_fn(|j| ints[at + j]) };
        let embed = (0..embeddings).map(|c| lanes(c * INPUTS)).collect();
        let bias = lanes(embeddings * INPUTS);
        let hidden = std::array::from_fn(|k| std::array::from_fn(|j| floats[k * INPUTS + j]));
        let at = HIDDEN * INPUTS;
        let hidden_bias = std::array::from_fn(|k| floats[at + k]);
        let out = std::array::from_fn(|k| floats[at + HIDDEN + k]);
        let out_bias = floats[at + 2 * HIDDEN];
        Ok(Net::new(embed, bias, hidden, hidden_bias, out, out_bias)
            .with_conv(conv)
            .with_keys(keys))
    }

    /// The lengths a network may have, in words.
    pub fn lengths_text() -> String {
        let [a, b, c, d, e, f] = Self::LENGTHS;
        format!(
            "{a} bytes ({b} with embeddings by colour, {c} or {d} with a view, {e} or {f} with a view and the lines' shapes)"
        )
    }
}

/// Every weight read from a file is finite ([`Net::from_bytes`]), so equality is reflexive.
impl Eq for Net {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::patterns::LEVELS;

    /// Every combination of four levels.
    fn all_levels() -> Vec<[Level; 4]> {
        let all = (0..LEVELS.pow(4)).map(|k| {
            let mut k = k;
            std::array::from_fn(|_| {
                let l = (k % LEVELS) as Level;
                k /= LEVELS;
                l
            })
        });
        all.collect()
    }

    /// The pair word of X's levels `x` and O's `o`.
    fn word(x: [Level; 4], o: [Level; 4]) -> u32 {
        (0..4).fold(0u32, |w, d| w | ((x[d] | o[d] << 4) as u32) << (8 * d))
    }

    #[test]
    fn a_side_s_nibbles_hold_a_viewed_level_just_when_its_combination_is_viewed() {
        let all = all_levels();
        let mut seen = [false; 2];
        for (n, x) in all.iter().enumerate() {
            // Every X combination against a spread of O's.
            for o in all.iter().skip(n % 97).step_by(97) {
                let word = word(*x, *o);
                assert_eq!(holds_viewed(word), viewed(*x), "{x:?} {o:?}");
                assert_eq!(holds_viewed(word >> 4), viewed(*o), "{x:?} {o:?}");
                seen[viewed(*x) as usize] = true;
            }
        }
        assert_eq!(seen, [true, true]);
    }

    #[test]
    fn a_side_changes_in_the_view_just_when_its_combination_changes_and_is_viewed() {
        let all = all_levels();
        let mut seen = [0; 3];
        for (n, a) in all.iter().enumerate() {
            // A line update changes one direction's level: every such change of a
            // spread of combinations, the other side's levels fixed.
            for b in all.iter().skip(n % 89).step_by(89) {
                for d in 0..4 {
                    let mut c = *a;
                    c[d] = b[d];
                    let (word, next) = (word(*a, *b), word(c, *b));
                    let changes = a != &c && (viewed(*a) || viewed(c));
                    assert_eq!(side_changes(word, next), changes, "{a:?} {c:?}");
                    // O's levels stay.
                    assert!(!side_changes(word >> 4, next >> 4), "{a:?} {c:?} {b:?}");
                    let read = viewed(*a) as usize + viewed(c) as usize;
                    seen[if changes { read } else { 0 }] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }
}
