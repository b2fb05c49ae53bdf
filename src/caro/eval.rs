//! The static evaluation: pattern values summed over empty cells and directions (kept up to
//! date by [`Position`]), seen from the side to move, plus the threat classes of a single
//! cell that move ordering and the threat search use.

use super::patterns::{Level, B2, B3, B4, F1, F2, F3, F4, FIVE, LEVELS, OVERLINE};
use super::position::Position;
use super::rules::Rule;
use crate::game::Side;

/// What one direction of one empty cell is worth to the side that could play there. A lone
/// stone's line (B1, F1) is worth nothing, so far-away empty cells cancel out.
pub const LEVEL_VALUE: [i32; LEVELS] = [0, 0, 0, 2, 7, 8, 30, 32, 120, 400, 0];

/// The bonus for having the move, on top of the pair values.
pub const TEMPO: i32 = 12;

/// Pair values: one per (level of the side to move, level of the other side) an empty
/// cell's direction can hold, `mine * LEVELS + theirs`, then the tempo.
pub const PAIRS: usize = LEVELS * LEVELS + 1;

/// The hand-set value, for the side to move, of one (empty cell, direction) where a stone
/// of its own would make `mine` and one of the opponent's `theirs`: its pattern value less
/// the opponent's, and a little more for an open three or a four of its own to make (having
/// the move is worth a lot in a race of threats: our threes and fours act first).
pub const fn classic_pair(mine: usize, theirs: usize) -> i32 {
    let own = if mine == F3 as usize {
        3
    } else if mine == B4 as usize {
        2
    } else {
        0
    };
    LEVEL_VALUE[mine] - LEVEL_VALUE[theirs] + own
}

/// Whether the pair (`mine`, `theirs`) is one the trained corrections leave alone: no stone
/// of either side would make more than a lone stone's line there (every empty cell far from
/// the stones is such a pair, so a value there would grow with the board).
pub const fn fixed_pair(mine: usize, theirs: usize) -> bool {
    mine <= F1 as usize && theirs <= F1 as usize
}

/// The evaluation's pair values ready for [`Position`]: for each pair-table byte (X's level
/// in the low four bits, O's in the high), its value with X to move in the low 32 bits and
/// with O to move in the high 32 (an `i64` sum of such words holds both sums exactly while
/// each fits an `i32`), and the tempo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairValues {
    pub packed: [i64; 256],
    pub tempo: i32,
}

impl PairValues {
    /// The hand-set values with `corrections` (indexed as [`PAIRS`]) added.
    pub const fn corrected(corrections: &[i16; PAIRS]) -> PairValues {
        let mut packed = [0i64; 256];
        let mut pair = 0;
        while pair < 256 {
            let (x, o) = (pair & 0xF, pair >> 4);
            if x < LEVELS && o < LEVELS {
                let x_to_move = classic_pair(x, o) + corrections[x * LEVELS + o] as i32;
                let o_to_move = classic_pair(o, x) + corrections[o * LEVELS + x] as i32;
                packed[pair] = (x_to_move as i64).wrapping_add((o_to_move as i64) << 32);
            }
            pair += 1;
        }
        PairValues {
            packed,
            tempo: TEMPO + corrections[PAIRS - 1] as i32,
        }
    }
}

/// The hand-set pair values (no correction).
pub static CLASSIC_PAIRS: PairValues = PairValues::corrected(&[0; PAIRS]);

/// Scores above this are forced wins or losses (mate-like scores).
pub const WIN: i32 = 30_000;
pub const WIN_THRESHOLD: i32 = WIN - 1_000;

/// The position's value for the side to move, in rough "points"; far below [`WIN`].
pub fn evaluate(pos: &Position) -> i32 {
    match pos.weights() {
        // The trained weights correct the hand-set evaluation: each empty cell's combination
        // and the board's threats add their weights to it.
        Some(w) => {
            let me = pos.to_move();
            let opp = me.opponent();
            let mut value = pos.pair_value() + pos.combo_value(me) - pos.combo_value(opp)
                + pos.net_correction();
            if w.corrects_threats() {
                let mask = super::weights::threat_mask(pos.class_counts(me), pos.class_counts(opp));
                value += w.threat_value(me, mask);
            }
            value.clamp(-EVAL_LIMIT, EVAL_LIMIT)
        }
        None => pos.pair_value(),
    }
}

/// The most a static evaluation says, well below the forced-win scores.
pub const EVAL_LIMIT: i32 = 20_000;

/// The threat class of one empty cell for one side: what a stone there makes over all four
/// directions, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Threat {
    None,
    Two,
    Three,
    /// A four with a single five point (the opponent must answer it).
    Four,
    /// Two open threes (a double three).
    ThreeThree,
    /// A four together with an open three elsewhere.
    FourThree,
    /// An open four or two fours: wins unless the opponent makes five first.
    WinningFour,
    Five,
}

/// What one direction's level adds to a cell's tally, four bits a field: fives, open
/// fours, fours, open threes, a flag for anything from a two up (an overline is no
/// shape), then open twos and blocked threes (read only by [`combo_terms`]). Four
/// directions never carry a field past its four bits.
const TALLY: [u32; LEVELS] = {
    let mut t = [0u32; LEVELS];
    let mut l = 0;
    while l < LEVELS {
        t[l] = match l as Level {
            FIVE => 1,
            F4 => 1 << 4,
            B4 => 1 << 8,
            F3 => 1 << 12,
            F2 => 1 << 20,
            B3 => 1 << 24,
            _ => 0,
        } + if l as Level >= B2 && l as Level != OVERLINE {
            1 << 16
        } else {
            0
        };
        l += 1;
    }
    t
};

#[inline]
pub fn threat(levels: [Level; 4]) -> Threat {
    // One sum of four table entries instead of a branch per direction (this runs for every
    // candidate of every node): a five anywhere outranks everything.
    class_of(
        TALLY[levels[0] as usize]
            + TALLY[levels[1] as usize]
            + TALLY[levels[2] as usize]
            + TALLY[levels[3] as usize],
    )
}

/// The threat class of a cell from its four directions' [`TALLY`] sum.
#[inline]
const fn class_of(t: u32) -> Threat {
    let (fives, open_fours, fours, threes) =
        (t & 0xF, (t >> 4) & 0xF, (t >> 8) & 0xF, (t >> 12) & 0xF);
    if fives > 0 {
        Threat::Five
    } else if open_fours > 0 || fours >= 2 {
        Threat::WinningFour
    } else if fours == 1 && threes >= 1 {
        Threat::FourThree
    } else if threes >= 2 {
        Threat::ThreeThree
    } else if fours == 1 {
        Threat::Four
    } else if threes == 1 {
        Threat::Three
    } else if t >> 16 != 0 {
        Threat::Two
    } else {
        Threat::None
    }
}

/// What one direction's pair-table byte (both sides' levels, see
/// [`super::patterns::pair_level`]) adds to a move's ordering terms, for X to move
/// (`[0]`) and O to move (`[1]`): X's tally in the low 32 bits and O's in the high, and
/// the shape term of [`move_score`].
struct PairTerms {
    tally: [u64; 256],
    shape: [[i32; 256]; 2],
}

const PAIR_TERMS: PairTerms = {
    let mut tally = [0u64; 256];
    let mut shape = [[0i32; 256]; 2];
    let mut pair = 0;
    while pair < 256 {
        let (x, o) = (pair & 0xF, pair >> 4);
        if x < LEVELS && o < LEVELS {
            tally[pair] = TALLY[x] as u64 | (TALLY[o] as u64) << 32;
            let mut me = 0;
            while me < 2 {
                let (mine, theirs) = if me == 0 { (x, o) } else { (o, x) };
                shape[me][pair] = 2 * LEVEL_VALUE[mine] + LEVEL_VALUE[theirs];
                if mine == F2 as usize || mine == B3 as usize {
                    shape[me][pair] += 10;
                }
                me += 1;
            }
        }
        pair += 1;
    }
    PairTerms { tally, shape }
};

/// A move-ordering score of the empty cell `i` for the side to move in the main search:
/// [`threat_move_score`] and the [`combo_terms`] of both sides.
pub fn move_score(pos: &Position, i: usize) -> i32 {
    let (base, mine, theirs) = scored(pos, i);
    base + combo_terms(mine) + combo_terms(theirs) * 2 / 5
}

/// A move-ordering score of the empty cell `i` for the side to move in the threat
/// searches: its own threat first, then how much it takes from the opponent, then the
/// pattern values it touches. (The combination terms of [`move_score`] there made the VCT
/// slower to find wins: 33,128 nodes against 7,038 after one of Master's moves in a
/// trap of `tests/caro_engine.rs`.)
pub fn threat_move_score(pos: &Position, i: usize) -> i32 {
    scored(pos, i).0
}

/// The threat and shape terms of a move, and both sides' [`TALLY`] sums.
#[inline(always)]
fn scored(pos: &Position, i: usize) -> (i32, u32, u32) {
    let me = pos.to_move().index();
    let pairs = pos.pairs(i);
    let mut tally = 0u64;
    let mut shape = 0;
    for p in pairs {
        tally += PAIR_TERMS.tally[p as usize];
        shape += PAIR_TERMS.shape[me][p as usize];
    }
    let (mine, theirs) = (tally as u32, (tally >> 32) as u32);
    let (mine, theirs) = if me == 0 {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    let base = ORDER_TERMS[0][class_index(mine)] + ORDER_TERMS[1][class_index(theirs)] + shape;
    (base, mine, theirs)
}

/// A move's ordering terms for lesser shapes combined along different lines, from its
/// side's [`TALLY`] sum (the opponent's cell counts two fifths of it): a four or an open
/// three with an open two or a blocked three beside it, a blocked three with another
/// such, two open twos. Each threatens to become a double threat on the next move, so
/// they come before single shapes, and two open twos are ordered as an answer to a threat
/// (not a quiet move, [`super::search`] reduces none of them). Classes that are already
/// double threats or more get nothing here.
/// (Against Rapfi at 500 ms, freestyle 15x15: 41-57-2 where the ordering without them
/// scored 33-67 on the same openings, +0.18 a pair of games, z = 2.0; with the terms in the
/// threat searches too, +0.145 a pair over two seeds; docs/caro-engine.md.)
#[inline(always)]
const fn combo_terms(t: u32) -> i32 {
    let twos = (t >> 20) & 0xF;
    let blocked_threes = (t >> 24) & 0xF;
    let lesser = twos + blocked_threes;
    match class_of(t) {
        Threat::Four | Threat::Three if lesser >= 1 => 300,
        Threat::Two | Threat::None if blocked_threes >= 1 && lesser >= 2 => 600,
        Threat::Two | Threat::None if twos >= 2 => 1_000,
        _ => 0,
    }
}

/// Where a [`TALLY`] sum's threat class is read in [`ORDER_TERMS`]: one bit for a five,
/// one for an open four, the fours and the open threes up to two, one bit for a two or
/// more. That is all [`class_of`] reads, so the class comes with no branch (this runs for
/// every candidate of every node).
#[inline(always)]
const fn class_index(t: u32) -> usize {
    let five = (t & 0xF != 0) as u32;
    let open_four = ((t >> 4) & 0xF != 0) as u32;
    let fours = (t >> 8) & 0xF;
    let threes = (t >> 12) & 0xF;
    let fours = if fours > 2 { 2 } else { fours };
    let threes = if threes > 2 { 2 } else { threes };
    let two = (t >> 16 != 0) as u32;
    (five | open_four << 1 | fours << 2 | threes << 4 | two << 6) as usize
}

/// [`threat_terms`] by [`class_index`]: `[0]` the attack terms of a class for the side to
/// move, `[1]` the defence terms of the opponent's class.
const ORDER_TERMS: [[i32; 128]; 2] = {
    let mut terms = [[0; 128]; 2];
    let mut index = 0;
    while index < 128 {
        // A tally with the fields the index keeps.
        let i = index as u32;
        let t = (i & 1)
            | ((i >> 1) & 1) << 4
            | ((i >> 2) & 3) << 8
            | ((i >> 4) & 3) << 12
            | ((i >> 6) & 1) << 16;
        terms[0][index] = threat_terms(class_of(t), Threat::None);
        terms[1][index] = threat_terms(Threat::None, class_of(t));
        index += 1;
    }
    terms
};

/// A move's ordering terms for the threat class it makes for its side (`mine`) and the one
/// it takes from the opponent (`theirs`).
#[inline]
pub const fn threat_terms(mine: Threat, theirs: Threat) -> i32 {
    let attack = match mine {
        Threat::Five => 1_000_000,
        Threat::WinningFour => 100_000,
        Threat::FourThree => 20_000,
        Threat::ThreeThree => 8_000,
        Threat::Four => 1_500,
        Threat::Three => 1_200,
        _ => 0,
    };
    let defence = match theirs {
        Threat::Five => 500_000,
        Threat::WinningFour => 50_000,
        Threat::FourThree => 10_000,
        Threat::ThreeThree => 4_000,
        Threat::Four => 400,
        Threat::Three => 600,
        _ => 0,
    };
    attack + defence
}

/// Whether `side` has a stone that wins at once or makes an unstoppable four somewhere, by
/// the counts alone (a quick test before a scan).
pub fn may_have_winning_four(pos: &Position, side: Side) -> bool {
    pos.count(side, F4) > 0 || pos.count(side, B4) >= 2
}

/// Whether `side` surely has a legal cell that makes an open four, two fours or a five, by
/// the counts alone: a cell where it makes an open four or a five is such a cell, and legal
/// unless the rule forbids it (renju Black's open four may be forbidden; its five never is).
#[inline]
pub fn surely_has_winning_four(pos: &Position, side: Side) -> bool {
    pos.count(side, FIVE) > 0
        || (pos.count(side, F4) > 0 && (pos.rule() != Rule::Renju || side == Side::Second))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ordering terms read by class index are those of the class itself, for every
    /// tally four directions can make, for both the attack and the defence.
    #[test]
    fn order_terms_by_index_are_the_classes_terms() {
        let mut seen = 0;
        for (a, &ta) in TALLY.iter().enumerate() {
            for (b, &tb) in TALLY.iter().enumerate().skip(a) {
                for (c, &tc) in TALLY.iter().enumerate().skip(b) {
                    for (d, &td) in TALLY.iter().enumerate().skip(c) {
                        let t = ta + tb + tc + td;
                        let i = class_index(t);
                        assert_eq!(
                            ORDER_TERMS[0][i],
                            threat_terms(class_of(t), Threat::None),
                            "levels {a} {b} {c} {d}"
                        );
                        assert_eq!(
                            ORDER_TERMS[1][i],
                            threat_terms(Threat::None, class_of(t)),
                            "levels {a} {b} {c} {d}"
                        );
                        seen += 1;
                    }
                }
            }
        }
        // Every multiset of four levels.
        assert_eq!(seen, 1001);
    }

    /// The combination terms by the shapes a stone makes along its four lines.
    #[test]
    fn combination_terms_of_lesser_shapes() {
        use crate::caro::patterns::{B1, DEAD};
        let terms =
            |levels: [Level; 4]| combo_terms(levels.iter().map(|&l| TALLY[l as usize]).sum());
        assert_eq!(terms([F2, F2, DEAD, DEAD]), 1_000);
        assert_eq!(terms([F2, F2, F2, DEAD]), 1_000);
        assert_eq!(terms([B3, F2, DEAD, DEAD]), 600);
        assert_eq!(terms([B3, B3, DEAD, B1]), 600);
        assert_eq!(terms([F3, F2, DEAD, DEAD]), 300);
        assert_eq!(terms([B4, B3, DEAD, DEAD]), 300);
        // Single shapes, and double threats (ordered by their own class), get nothing.
        for levels in [
            [F2, DEAD, DEAD, DEAD],
            [B3, B2, F1, DEAD],
            [F3, DEAD, B2, DEAD],
            [F3, F3, F2, DEAD],
            [B4, F3, F2, DEAD],
            [B4, B4, F2, DEAD],
            [F4, F2, F2, DEAD],
            [FIVE, F2, F2, DEAD],
        ] {
            assert_eq!(terms(levels), 0, "{levels:?}");
        }
        // The tally's class is unchanged by the new fields.
        assert_eq!(threat([F2, F2, DEAD, DEAD]), Threat::Two);
        assert_eq!(threat([B3, F3, DEAD, DEAD]), Threat::Three);
    }
}
