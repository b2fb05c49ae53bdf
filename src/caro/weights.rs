//! The trained evaluation's weights: corrections to the hand-set evaluation. The project
//! fits them itself from its own self-play games (`caro selfplay`, `caro label`, `caro
//! train`; see docs/caro-engine.md). Four kinds:
//!
//! - *Pair values*: what one (empty cell, direction) is worth to the side to move by the
//!   pattern level a stone of its own would make there and the level an opponent's stone
//!   would make (11 x 11), and the tempo. The engine sums these incrementally at no cost
//!   whatever their values.
//! - *Combinations*: a cell's multiset of the four pattern levels a stone of one side would
//!   make there (one a direction; the order of directions does not matter): 1,001 of them
//!   for the 11 levels.
//! - *Threat masks*: the board summed up for the side to move in 11 bits: which threat
//!   classes (see [`super::eval::Threat`]) each side has somewhere.
//! - *A network* over the combinations ([`super::net`]), for a rule that has one: a
//!   correction the sums above cannot make (how many threats of each kind a side has against
//!   the other's).
//!
//! The engine keeps only what the weights use. With combination values and no threat value,
//! each side's sum of combination values, read by a table indexed directly by a cell's four
//! levels (64K entries a side): moves cost about twice as much as without (a freestyle
//! search about a fifth more time). With threat values too, every cell's combination index
//! and threat class, at about half the engine's speed.
//!
//! The file (`data/caro/eval.bin`): the bytes `CEV3`; the number of rules, pair values,
//! combinations and threat masks (u32 each, little endian); for each rule in the order
//! caro, freestyle, standard, renju, the pair-value corrections (see [`PAIRS`]), the
//! combination values of X then O and the threat values with X to move then with O to move
//! (i16 each, little endian); then for each rule in the same order the length of its network
//! (u32, little endian: 0 for none, else one of [`Net::LENGTHS`]: with or without
//! embeddings by colour and a view of the cells' neighbourhoods, and with a view, with or
//! without the lines' shapes) and the network ([`Net::to_bytes`]);
//! then an FNV-1a 64 checksum of all the bytes before it (u64, little endian). A file with
//! another layout, length or checksum, or a network with a weight that is not a finite
//! number, is refused with a message.

use super::eval::{threat, PairValues, Threat, PAIRS};
use super::net::Net;
use super::patterns::{Level, F1, LEVELS};
use super::rules::Rule;
use crate::game::Side;
use std::sync::OnceLock;

/// Distinct combinations of four levels (a multiset of 4 from 11).
pub const COMBOS: usize = 1001;
/// Threat masks: 11 bits.
pub const MASKS: usize = 1 << 11;
/// The rules in file order.
pub const RULES: [Rule; 4] = [Rule::Caro, Rule::Freestyle, Rule::Standard, Rule::Renju];
const MAGIC: &[u8; 4] = b"CEV3";
/// Bytes before the weights: the magic and four counts.
const HEADER: usize = 20;
/// Bytes of the rules' values (i16 each), after the header.
const VALUE_BYTES: usize = RULES.len() * (PAIRS + 2 * (COMBOS + MASKS)) * 2;
/// The length of a file with no network.
const FILE_BYTES: usize = HEADER + VALUE_BYTES + RULES.len() * 4 + 8;

/// The combination values of both sides by a cell's four levels as nibbles (see
/// [`RuleWeights::keyed`]).
pub type Keyed = [i16; KEYED];
const KEYED: usize = 2 << 16;

/// A side's four levels (the low nibble of each byte of a cell's pair word, see
/// [`super::position::Position::pairs`]) as the four nibbles of one 16-bit key, in
/// direction order; the other side's are those of `word >> 4`.
#[inline(always)]
pub fn nibble_key(word: u32) -> usize {
    let x = word & 0x0F0F_0F0F;
    let t = (x | x >> 4) & 0x00FF_00FF;
    ((t | t >> 8) & 0xFFFF) as usize
}

/// The four levels of a [`nibble_key`], in direction order; `None` when a nibble is past the
/// last level (no position makes such a key).
pub fn nibble_levels(key: usize) -> Option<[Level; 4]> {
    let levels = [0, 4, 8, 12].map(|shift| ((key >> shift) & 0xF) as Level);
    levels
        .iter()
        .all(|&l| (l as usize) < LEVELS)
        .then_some(levels)
}

/// The combination values `combo` laid out by side and [`nibble_key`].
fn keyed_values(combo: &[Vec<i16>; 2]) -> Box<Keyed> {
    let index = &tables().combo;
    let mut keyed: Box<Keyed> = vec![0i16; KEYED]
        .into_boxed_slice()
        .try_into()
        .expect("KEYED values");
    for (at, v) in keyed.iter_mut().enumerate() {
        let (side, key) = (at >> 16, at & 0xFFFF);
        if let Some(levels) = nibble_levels(key) {
            *v = combo[side][index[combo_key(levels)] as usize];
        }
    }
    keyed
}

/// Whether a cell's combination `levels` (one side's) is one the weights leave at nothing: a
/// stone there would make no more than a lone stone's line in any direction. Every empty cell
/// far from the stones, and every one by the edge, is such a cell, so a value there would
/// grow with the board (as [`super::eval::fixed_pair`] for the pair values).
pub fn fixed_combo(levels: [Level; 4]) -> bool {
    levels.iter().all(|&l| l <= F1)
}

/// The combination index of four levels: `combo_index(levels)`, order-free.
pub fn combo_index(levels: [Level; 4]) -> usize {
    let t = tables();
    t.combo[combo_key(levels)] as usize
}

#[inline]
pub fn combo_key(levels: [Level; 4]) -> usize {
    let n = LEVELS;
    ((levels[0] as usize * n + levels[1] as usize) * n + levels[2] as usize) * n
        + levels[3] as usize
}

pub struct ComboTables {
    /// `combo[combo_key(levels)]`: the combination index.
    pub combo: Vec<u16>,
    /// The threat class of each combination.
    pub class: Vec<Threat>,
    /// The levels of each combination, ascending.
    pub levels: Vec<[Level; 4]>,
}

/// The combination tables, built once.
pub fn tables() -> &'static ComboTables {
    static TABLES: OnceLock<ComboTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let n = LEVELS;
        let mut levels = Vec::new();
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        levels.push([a as Level, b as Level, c as Level, d as Level]);
                    }
                }
            }
        }
        debug_assert_eq!(levels.len(), COMBOS);
        let mut combo = vec![0u16; n * n * n * n];
        for (key, slot) in combo.iter_mut().enumerate() {
            let mut l = [
                (key / (n * n * n)) as Level,
                (key / (n * n) % n) as Level,
                (key / n % n) as Level,
                (key % n) as Level,
            ];
            l.sort_unstable();
            *slot = levels
                .binary_search(&l)
                .expect("every sorted quadruple is listed") as u16;
        }
        let class = levels.iter().map(|&l| threat(l)).collect();
        ComboTables {
            combo,
            class,
            levels,
        }
    })
}

/// Threat classes that count in the mask (None and Two do not).
pub const CLASSES: usize = 8;

/// The threat mask for `me` to move, from each side's count of empty cells in each class.
pub fn threat_mask(mine: &[u32; CLASSES], theirs: &[u32; CLASSES]) -> usize {
    let has = |c: &[u32; CLASSES], t: Threat| c[t as usize] > 0;
    let bits = [
        has(theirs, Threat::Five),
        has(mine, Threat::WinningFour) || has(mine, Threat::Five),
        has(theirs, Threat::WinningFour),
        has(mine, Threat::FourThree),
        has(mine, Threat::Four),
        has(mine, Threat::ThreeThree),
        has(mine, Threat::Three),
        has(theirs, Threat::FourThree),
        has(theirs, Threat::Four),
        has(theirs, Threat::ThreeThree),
        has(theirs, Threat::Three),
    ];
    bits.iter()
        .enumerate()
        .fold(0, |m, (i, &b)| m | (usize::from(b) << i))
}

/// One rule's weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleWeights {
    /// `combo[side][combination]`: an empty cell's worth to `side`.
    combo: [Vec<i16>; 2],
    /// `threat[side to move][mask]`.
    threat: [Vec<i16>; 2],
    /// Corrections of the pair values, indexed as [`PAIRS`].
    pair: [i16; PAIRS],
    /// The corrected pair values, ready for the engine.
    pair_values: Box<PairValues>,
    /// The combination values by [`nibble_key`], when some is not zero (see
    /// [`RuleWeights::keyed`]).
    keyed: Option<Box<Keyed>>,
    /// Whether some threat weight is not zero.
    threats: bool,
    /// The network over the combinations, if the rule has one ([`super::net`]).
    net: Option<Box<Net>>,
}

impl RuleWeights {
    pub fn zero() -> RuleWeights {
        RuleWeights::new(
            [vec![0; COMBOS], vec![0; COMBOS]],
            [vec![0; MASKS], vec![0; MASKS]],
            [0; PAIRS],
        )
    }

    /// The weights as given, but for the combinations that [`fixed_combo`] leaves at
    /// nothing, whatever `combo` says of them.
    pub fn new(mut combo: [Vec<i16>; 2], threat: [Vec<i16>; 2], pair: [i16; PAIRS]) -> RuleWeights {
        for (c, levels) in tables().levels.iter().enumerate() {
            if fixed_combo(*levels) {
                combo[0][c] = 0;
                combo[1][c] = 0;
            }
        }
        let keyed = combo
            .iter()
            .any(|t| t.iter().any(|&v| v != 0))
            .then(|| keyed_values(&combo));
        let threats = threat.iter().any(|t| t.iter().any(|&v| v != 0));
        RuleWeights {
            combo,
            threat,
            pair,
            pair_values: Box::new(PairValues::corrected(&pair)),
            keyed,
            threats,
            net: None,
        }
    }

    /// The network over the combinations, if any.
    #[inline]
    pub fn net(&self) -> Option<&Net> {
        self.net.as_deref()
    }

    /// Gives the rule a network (or takes it away).
    pub fn set_net(&mut self, net: Option<Net>) {
        self.net = net.map(Box::new);
    }

    /// Whether every weight is zero (the weights correct nothing).
    pub fn is_zero(&self) -> bool {
        !self.corrects_combos() && self.pair.iter().all(|&v| v == 0)
    }

    /// Whether some combination or threat weight is not zero, or the rule has a network
    /// (the engine then keeps the combinations' values).
    pub fn corrects_combos(&self) -> bool {
        self.threats || self.keyed.is_some() || self.net.is_some()
    }

    /// Whether some threat weight is not zero (the engine then also keeps every cell's
    /// threat class, at about a fifth of its speed).
    pub fn corrects_threats(&self) -> bool {
        self.threats
    }

    /// The combination values of both sides, read with one lookup a side: at
    /// `side << 16 | nibble_key(word)` (`None` while every combination value is zero).
    #[inline]
    pub fn keyed(&self) -> Option<&Keyed> {
        self.keyed.as_deref()
    }

    /// The combination values, `[side][combination]`.
    pub fn combo(&self) -> &[Vec<i16>; 2] {
        &self.combo
    }

    /// The threat values, `[side to move][mask]`.
    pub fn threat(&self) -> &[Vec<i16>; 2] {
        &self.threat
    }

    /// The pair-value corrections, indexed as [`PAIRS`].
    pub fn pair(&self) -> &[i16; PAIRS] {
        &self.pair
    }

    /// Replaces the pair-value corrections.
    pub fn set_pair(&mut self, pair: [i16; PAIRS]) {
        let net = self.net.take();
        *self = RuleWeights::new(self.combo.clone(), self.threat.clone(), pair);
        self.net = net;
    }

    /// The pair values (hand-set plus corrections) the engine sums.
    pub fn pair_values(&self) -> &PairValues {
        &self.pair_values
    }

    #[inline]
    pub fn combo_value(&self, side: Side, combo: usize) -> i32 {
        self.combo[side.index()][combo] as i32
    }

    #[inline]
    pub fn threat_value(&self, to_move: Side, mask: usize) -> i32 {
        self.threat[to_move.index()][mask] as i32
    }
}

/// The weights of every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub rules: [RuleWeights; 4],
}

fn rule_slot(rule: Rule) -> usize {
    RULES
        .iter()
        .position(|&r| r == rule)
        .expect("every rule is listed")
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The weights built into the native program; the web app fetches the same file.
#[cfg(not(target_arch = "wasm32"))]
static EMBEDDED: &[u8] = include_bytes!("../../data/caro/eval.bin");

static SHIPPED: OnceLock<Weights> = OnceLock::new();

impl Weights {
    pub fn rule(&self, rule: Rule) -> &RuleWeights {
        &self.rules[rule_slot(rule)]
    }

    pub fn rule_mut(&mut self, rule: Rule) -> &mut RuleWeights {
        &mut self.rules[rule_slot(rule)]
    }

    pub fn zero() -> Weights {
        Weights {
            rules: std::array::from_fn(|_| RuleWeights::zero()),
        }
    }

    /// The file's bytes (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_BYTES);
        out.extend_from_slice(MAGIC);
        for n in [RULES.len(), PAIRS, COMBOS, MASKS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        for rw in &self.rules {
            let tables = rw.combo.iter().chain(rw.threat.iter());
            for &v in rw.pair.iter().chain(tables.flatten()) {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for rw in &self.rules {
            let net = rw.net().map_or(Vec::new(), Net::to_bytes);
            out.extend_from_slice(&(net.len() as u32).to_le_bytes());
            out.extend_from_slice(&net);
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a weights file; says what is wrong with one that is not.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, String> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(
                "not a Caro evaluation file of this program (it does not start with CEV3)"
                    .to_string(),
            );
        }
        let word =
            |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        let (rules, pairs, combos, masks) = (word(4), word(8), word(12), word(16));
        if (rules, pairs, combos, masks) != (RULES.len(), PAIRS, COMBOS, MASKS) {
            return Err(format!(
                "the evaluation file is for {rules} rules, {pairs} pair values, {combos} combinations and {masks} threat masks; this program expects {}, {PAIRS}, {COMBOS} and {MASKS}",
                RULES.len()
            ));
        }
        // The networks' lengths say how long the file is.
        let truncated = |expected: usize| {
            format!(
                "the evaluation file has {} bytes, expected {expected} (truncated or padded)",
                bytes.len()
            )
        };
        let mut at = HEADER + VALUE_BYTES;
        let mut nets = Vec::new();
        for rule in RULES {
            if at + 4 + 8 > bytes.len() {
                return Err(truncated(at + 4 + 8));
            }
            let n = word(at);
            if n != 0 && !Net::LENGTHS.contains(&n) {
                return Err(format!(
                    "the evaluation file's network for {rule} has {n} bytes; this program expects {}",
                    Net::lengths_text()
                ));
            }
            nets.push((at + 4, n));
            at += 4 + n;
        }
        if bytes.len() != at + 8 {
            return Err(truncated(at + 8));
        }
        let (body, tail) = bytes.split_at(at);
        let stored = u64::from_le_bytes(tail.try_into().expect("8 bytes"));
        if stored != fnv1a(body) {
            return Err(
                "the evaluation file is corrupted (its checksum does not match)".to_string(),
            );
        }
        let mut values = body[HEADER..HEADER + VALUE_BYTES]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| -> Vec<i16> { values.by_ref().take(n).collect() };
        let mut rules: [RuleWeights; 4] = std::array::from_fn(|_| {
            let pair: [i16; PAIRS] = take(PAIRS).try_into().expect("PAIRS values");
            let combo = [take(COMBOS), take(COMBOS)];
            let threat = [take(MASKS), take(MASKS)];
            RuleWeights::new(combo, threat, pair)
        });
        for ((rw, rule), (from, n)) in rules.iter_mut().zip(RULES).zip(nets) {
            if n > 0 {
                let net = Net::from_bytes(&bytes[from..from + n])
                    .map_err(|e| format!("the evaluation file's network for {rule}: {e}"))?;
                rw.set_net(Some(net));
            }
        }
        Ok(Weights { rules })
    }

    /// The shipped weights: natively always there; in the web app once [`Weights::install`]
    /// has run (`None` before, and the engine evaluates with its hand-set values).
    pub fn shipped() -> Option<&'static Weights> {
        #[cfg(not(target_arch = "wasm32"))]
        SHIPPED.get_or_init(|| Weights::from_bytes(EMBEDDED).expect("the shipped weights decode"));
        SHIPPED.get()
    }

    /// Installs the shipped weights from the bytes of `eval.bin` (the web app fetches
    /// them). Bytes that do not decode are refused; once weights are there, another
    /// install changes nothing.
    pub fn install(bytes: &[u8]) -> Result<(), String> {
        let weights = Weights::from_bytes(bytes)?;
        let _ = SHIPPED.set(weights);
        Ok(())
    }

    /// Weights that live as long as the program (for tools that compare several sets).
    pub fn leak(self) -> &'static Weights {
        Box::leak(Box::new(self))
    }
}
