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
    pub(super) hidden: [[f32; INPUTS]; HIDDEN],
    pub(super) hidden_bias: [f32; HIDDEN],
    pub(super) out: [f32; HIDDEN],
    pub(super) out_bias: f32,
}

/// Combination index by a side's four levels as a 16-bit nibble key
/// ([`weights::nibble_key`]); a key with a nibble past the last level (no position makes
/// one) maps to a fixed combination, which has no embedding.
fn nibble_index() -> &'static [u16] {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let t = weights::tables();
        // A key no position makes: the combination of four dead lines, fixed.
        (0..1usize << 16)
            .map(|key| {
                weights::nibble_levels(key).map_or(t.combo[0], |l| t.combo[weights::combo_key(l)])
            })
            .collect()
    })
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
            hidden,
            hidden_bias,
            out,
            out_bias,
        }
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

    /// Moves a cell's embedding in `acc` (X's sum, or O's with `o`) from the combination of
    /// the side's levels as the nibble key `before` ([`weights::nibble_key`]) to that of
    /// `after`.
    #[inline(always)]
    pub fn shift(&self, acc: &mut Acc, o: bool, before: usize, after: usize) {
        let index = nibble_index();
        let (b, a) = (index[before] as usize, index[after] as usize);
        if a != b {
            let from = self.colour_from(o);
            let (b, a) = (&self.embed[from + b], &self.embed[from + a]);
            for j in 0..INPUTS {
                acc[j] += a[j] as i32 - b[j] as i32;
            }
        }
    }

    /// Adds (`sign` 1) or takes away (-1) to `acc` (X's sum, or O's with `o`) the embedding
    /// of the combination whose levels make the nibble key `key`.
    #[inline(always)]
    pub fn tally(&self, acc: &mut Acc, o: bool, key: usize, sign: i32) {
        let e = &self.embed[self.colour_from(o) + nibble_index()[key] as usize];
        for j in 0..INPUTS {
            acc[j] += sign * e[j] as i32;
        }
    }

    /// The correction, in evaluation points, for the side to move whose sum is `mine`
    /// against the other side's `theirs`.
    pub fn correction(&self, mine: &Acc, theirs: &Acc) -> i32 {
        let mut x = [0f32; INPUTS];
        for j in 0..LANES {
            let m = mine[j] + self.bias[j] as i32;
            let t = theirs[LANES + j] + self.bias[LANES + j] as i32;
            x[j] = m.clamp(0, QA) as f32 / QA as f32;
            x[LANES + j] = t.clamp(0, QA) as f32 / QA as f32;
        }
        (self.logit(&x) * POINTS).round() as i32
    }

    /// The network's output in log-odds for clipped inputs `x`.
    pub fn logit(&self, x: &[f32; INPUTS]) -> f32 {
        let units = self.hidden.iter().zip(&self.hidden_bias).zip(&self.out);
        units.fold(self.out_bias, |out, ((row, &bias), &weight)| {
            let z = row.iter().zip(x).fold(bias, |z, (w, v)| z + w * v);
            out + weight * z.max(0.0)
        })
    }

    /// Bytes of a network in a file (see [`Net::to_bytes`]).
    pub const BYTES: usize = (COMBOS + 1) * INPUTS * 2 + (HIDDEN * INPUTS + 2 * HIDDEN + 1) * 4;
    /// Bytes of a network whose colours have embeddings of their own.
    pub const BYTES_BY_COLOUR: usize = Self::BYTES + COMBOS * INPUTS * 2;

    /// The network as bytes, little endian: the embeddings by combination (with colours,
    /// X's then O's) then the input bias (i16 each), the hidden weights by unit, the hidden
    /// biases, the output weights and the output bias (f32 each).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::BYTES + self.o_from * INPUTS * 2);
        for v in self.embed.iter().flatten().chain(self.bias.iter()) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let floats = self.hidden.iter().flatten();
        let floats = floats.chain(self.hidden_bias.iter()).chain(self.out.iter());
        for v in floats.chain(std::iter::once(&self.out_bias)) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads [`Net::BYTES`] (or [`Net::BYTES_BY_COLOUR`]) bytes written by
    /// [`Net::to_bytes`]; refuses weights that are not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let embeddings = match bytes.len() {
            Self::BYTES => COMBOS,
            Self::BYTES_BY_COLOUR => 2 * COMBOS,
            n => {
                return Err(format!(
                    "a network takes {} bytes ({} with embeddings by colour), not {n}",
                    Self::BYTES,
                    Self::BYTES_BY_COLOUR
                ))
            }
        };
        let (ints, floats) = bytes.split_at((embeddings + 1) * INPUTS * 2);
        let ints: Vec<i16> = ints
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let floats: Vec<f32> = floats
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
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
        Ok(Net::new(embed, bias, hidden, hidden_bias, out, out_bias))
    }
}

/// Every weight read from a file is finite ([`Net::from_bytes`]), so equality is reflexive.
impl Eq for Net {}
