//! Line patterns: what a stone on an empty cell would make along one line, under a rule.
//!
//! The engine keeps, for every cell and each of the four directions, a *line key*: the ten
//! cells around it along that line (five each way), two bits each (empty, black, white,
//! wall). A table indexed by that key gives the *pattern* a stone of one side would make
//! there, from a dead line up to a five. The table is built once per rule (a million
//! one-byte entries, both sides' levels in each) and shared; placing a stone only rewrites
//! the keys of the forty cells that see it (freestyle's keys are read by
//! their inner eight cells, so there only thirty-two: [`reach`]).
//!
//! Why five cells each way: a five through the centre spans at most four cells each way,
//! and the cells just past its ends decide whether it is an overline (standard, renju) or
//! blocked at both ends (caro). A run that reaches the window's edge already holds six
//! stones, so the window never misjudges one.

use super::rules::Rule;
use crate::game::Side;
use std::sync::OnceLock;

/// A pattern level, weakest first. `B` is a "blocked" shape (one way to grow), `F` a
/// "free" one (two ways): B4 is a four with one five point, F4 a four with two or more
/// (unstoppable), F3 a three that one move turns into an F4, and so on down.
pub type Level = u8;
pub const DEAD: Level = 0;
pub const B1: Level = 1;
pub const F1: Level = 2;
pub const B2: Level = 3;
pub const F2: Level = 4;
pub const B3: Level = 5;
pub const F3: Level = 6;
pub const B4: Level = 7;
pub const F4: Level = 8;
pub const FIVE: Level = 9;
/// A stone here makes a run of six or more that does not win (standard, renju Black).
pub const OVERLINE: Level = 10;
pub const LEVELS: usize = 11;

/// Two-bit cell codes inside a line key.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const WALL: u8 = 3;

/// Slots in a key: offsets -5..=-1 are slots 0..=4, offsets +1..=+5 are slots 5..=9.
pub const fn slot(offset: isize) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

pub const KEY_BITS: usize = 20;

/// The pattern table of `rule`, both sides in one: `pairs[key]` holds the level of a Black
/// stone on the key's centre in its low four bits and a White one's in the high four
/// ([`pair_level`]). The search reads both levels of every cell a stone touches, and one
/// lookup in one 1 MB table misses the cache half as often as two in two. Built once per
/// rule and shared; the one-side tables it is made from are not kept.
pub fn pair_table(rule: Rule) -> &'static [u8] {
    static PAIRS: [OnceLock<Box<[u8]>>; 4] = [const { OnceLock::new() }; 4];
    PAIRS[rule_index(rule)].get_or_init(|| {
        let black = build(rule, Side::First);
        let white = build(rule, Side::Second);
        black
            .iter()
            .zip(white.iter())
            .map(|(&b, &w)| b | (w << 4))
            .collect()
    })
}

/// How many cells each way from a cell its line key must hold for `rule`. A five through
/// the cell lies within four cells of it; only a rule where a longer run or the cells just
/// past a five's ends matter (caro's five blocked at both ends, the overlines of standard
/// and renju) needs the fifth.
pub const fn reach(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 4,
        _ => 5,
    }
}

/// The keys of a rule whose [`reach`] is 4: its line key's inner sixteen bits (slots 1 to
/// 8, offsets -4..=+4), read as `(key >> SHORT_SHIFT) & SHORT_MASK`.
pub const SHORT_SHIFT: u32 = 2;
pub const SHORT_MASK: u32 = 0xFFFF;

/// The pair table a position of `rule` looks its keys up in: [`pair_table`], or for a rule
/// that sees four cells each way the same levels by the short key (64 KB instead of 1 MB,
/// which stays in the cache, and the cells five away need no update).
pub fn lookup_table(rule: Rule) -> &'static [u8] {
    static SHORT: [OnceLock<Box<[u8]>>; 4] = [const { OnceLock::new() }; 4];
    if reach(rule) == 5 {
        return pair_table(rule);
    }
    SHORT[rule_index(rule)].get_or_init(|| {
        let full = pair_table(rule);
        (0..=SHORT_MASK)
            .map(|short| {
                // The far cells as a board can hold them: a wall past a wall, else empty.
                let mut key = short << SHORT_SHIFT;
                if (key >> (2 * slot(-4))) & 3 == WALL as u32 {
                    key |= (WALL as u32) << (2 * slot(-5));
                }
                if (key >> (2 * slot(4))) & 3 == WALL as u32 {
                    key |= (WALL as u32) << (2 * slot(5));
                }
                full[key as usize]
            })
            .collect()
    })
}

/// One side's level from a [`pair_table`] entry.
#[inline(always)]
pub fn pair_level(pair: u8, side: usize) -> Level {
    (pair >> (4 * side)) & 0xF
}

fn rule_index(rule: Rule) -> usize {
    match rule {
        Rule::Caro => 0,
        Rule::Freestyle => 1,
        Rule::Standard => 2,
        Rule::Renju => 3,
    }
}

/// The line around the centre: index 5 is the centre, 0..=4 and 6..=10 the key's slots.
type Line = [u8; 11];

fn decode(key: u32) -> Line {
    let mut line = [EMPTY; 11];
    for s in 0..10 {
        let code = ((key >> (2 * s)) & 3) as u8;
        let i = if s < 5 { s } else { s + 1 };
        line[i] = code;
    }
    line
}

fn encode(line: &Line) -> u32 {
    let mut key = 0;
    for s in 0..10 {
        let i = if s < 5 { s } else { s + 1 };
        key |= (line[i] as u32) << (2 * s);
    }
    key
}

/// Whether the run of `me` through the centre wins under `rule`; also whether it is an
/// overline (six or more that does not win).
fn run_result(line: &Line, me: u8, rule: Rule, side: Side) -> (bool, bool) {
    let opp = if me == BLACK { WHITE } else { BLACK };
    let mut lo = 5;
    while lo > 0 && line[lo - 1] == me {
        lo -= 1;
    }
    let mut hi = 5;
    while hi < 10 && line[hi + 1] == me {
        hi += 1;
    }
    let len = hi - lo + 1;
    // A run touching the window's edge has six or more stones: report it as six.
    let len = if lo == 0 || hi == 10 { len.max(6) } else { len };
    let blocked =
        (lo > 0 && line[lo - 1] == opp) as usize + (hi < 10 && line[hi + 1] == opp) as usize;
    let wins = rule.run_wins(side, len, blocked);
    (wins, !wins && len >= 6)
}

/// Whether a key can occur on a board: walls only in an unbroken run from the window's
/// outer end inwards on each side (about one key in eight; the rest are skipped).
fn is_possible(key: u32) -> bool {
    let line = decode(key);
    let before_ok = (0..4).all(|i| line[i + 1] != WALL || line[i] == WALL);
    let after_ok = (7..=10).all(|i| line[i - 1] != WALL || line[i] == WALL);
    before_ok && after_ok
}

/// The cells of the line where one more `me` stone makes a winning run through the centre.
fn five_points(line: &mut Line, me: u8, rule: Rule, side: Side) -> Vec<usize> {
    let mut points = Vec::new();
    for i in 1..=9 {
        if i == 5 || line[i] != EMPTY {
            continue;
        }
        line[i] = me;
        if run_result(line, me, rule, side).0 {
            points.push(i);
        }
        line[i] = EMPTY;
    }
    points
}

fn build(rule: Rule, side: Side) -> Box<[Level]> {
    const UNKNOWN: Level = 0xFF;
    let mut table = vec![UNKNOWN; 1 << KEY_BITS].into_boxed_slice();
    let me = if side == Side::First { BLACK } else { WHITE };
    for key in 0..(1u32 << KEY_BITS) {
        if table[key as usize] == UNKNOWN {
            if is_possible(key) {
                classify(key, me, rule, side, &mut table);
            } else {
                table[key as usize] = DEAD;
            }
        }
    }
    table
}

/// The level of a `me` stone on the centre of `key`, filling `table` for the keys it needs.
fn classify(key: u32, me: u8, rule: Rule, side: Side, table: &mut [Level]) -> Level {
    if table[key as usize] != 0xFF {
        return table[key as usize];
    }
    let mut line = decode(key);
    line[5] = me;
    let (wins, overline) = run_result(&line, me, rule, side);
    let level = if wins {
        FIVE
    } else if overline {
        OVERLINE
    } else {
        let points = five_points(&mut line, me, rule, side);
        let mut count = points.len();
        // Caro: a stone on one five point can block the other five at its far end
        // (`O.XXXX.` blocked on the right leaves `O.XXXXO`, whose five would be shut at
        // both ends). Such a four is stoppable: count it as one.
        if count >= 2 && rule == Rule::Caro {
            let opp = if me == BLACK { WHITE } else { BLACK };
            let stoppable = points.iter().any(|&f| {
                line[f] = opp;
                let left = five_points(&mut line, me, rule, side).len();
                line[f] = EMPTY;
                left == 0
            });
            if stoppable {
                count = 1;
            }
        }
        match count {
            0 => {
                let mut best = DEAD;
                for i in 1..=9 {
                    if i == 5 || line[i] != EMPTY {
                        continue;
                    }
                    line[i] = me;
                    let mut child = line;
                    child[5] = EMPTY;
                    let child_level = classify(encode(&child), me, rule, side, table);
                    line[i] = EMPTY;
                    let grown = match child_level {
                        F4 => F3,
                        B4 => B3,
                        F3 => F2,
                        B3 => B2,
                        F2 => F1,
                        B2 | F1 | B1 => B1,
                        _ => DEAD,
                    };
                    best = best.max(grown);
                }
                best
            }
            1 => B4,
            _ => F4,
        }
    };
    table[key as usize] = level;
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as text around `*` (the centre): `x` black, `o` white,
    /// `#` wall, `.` empty.
    fn key_of(text: &str) -> u32 {
        let centre = text.find('*').unwrap() as isize;
        let mut line = [EMPTY; 11];
        for (i, ch) in text.chars().enumerate() {
            let off = i as isize - centre;
            if off == 0 || off.abs() > 5 {
                continue;
            }
            line[(off + 5) as usize] = match ch {
                'x' => BLACK,
                'o' => WHITE,
                '#' => WALL,
                _ => EMPTY,
            };
        }
        encode(&line)
    }

    #[test]
    fn levels_of_common_shapes() {
        let t = build(Rule::Freestyle, Side::First);
        assert_eq!(t[key_of("....xx*xx....") as usize], FIVE);
        assert_eq!(t[key_of("....xx*x.....") as usize], F4);
        assert_eq!(t[key_of("...oxx*x.....") as usize], B4);
        assert_eq!(t[key_of("....x*x......") as usize], F3);
        assert_eq!(t[key_of("...ox*x......") as usize], B3);
        assert_eq!(t[key_of("....x.*x.....") as usize], F3);
    }

    #[test]
    fn caro_five_blocked_at_both_ends_is_not_five() {
        let t = build(Rule::Caro, Side::First);
        assert_eq!(t[key_of("...oxx*xxo...") as usize], DEAD);
        assert_eq!(t[key_of("...oxx*xx.o..") as usize], FIVE);
        assert_eq!(t[key_of("###xx*xxo...") as usize], FIVE);
        assert_eq!(t[key_of("...oxx*xxxo..") as usize], FIVE);
        // An open four against an opponent stone: blocking the right end shuts the left
        // five at both ends, so it is only a four.
        assert_eq!(t[key_of("...o.x*xx.o..") as usize], B4);
        assert_eq!(t[key_of("....x*xx.o...") as usize], B4);
        assert_eq!(t[key_of("....x*xx.....") as usize], F4);
    }

    #[test]
    fn the_short_keys_give_every_possible_keys_levels_where_four_cells_each_way_decide() {
        for rule in Rule::ALL {
            let full = pair_table(rule);
            let table = lookup_table(rule);
            if reach(rule) == 5 {
                assert!(std::ptr::eq(table, full), "{rule:?} uses the full keys");
                continue;
            }
            assert_eq!(table.len(), 1 << 16);
            let mut checked = 0;
            for key in 0..(1u32 << KEY_BITS) {
                if is_possible(key) {
                    let short = ((key >> SHORT_SHIFT) & SHORT_MASK) as usize;
                    assert_eq!(table[short], full[key as usize], "{rule:?} key {key:#x}");
                    checked += 1;
                }
            }
            assert!(checked > 100_000, "{checked}");
        }
        // The cells five away matter under the other rules: caro's five blocked at both
        // ends, standard's overline.
        let caro = pair_table(Rule::Caro);
        assert_eq!(pair_level(caro[key_of("oxxxx*o....") as usize], 0), DEAD);
        assert_eq!(pair_level(caro[key_of(".xxxx*o....") as usize], 0), FIVE);
        let standard = pair_table(Rule::Standard);
        assert_eq!(
            pair_level(standard[key_of("xxxxx*.....") as usize], 0),
            OVERLINE
        );
        assert_eq!(
            pair_level(standard[key_of(".xxxx*.....") as usize], 0),
            FIVE
        );
        assert_eq!(reach(Rule::Caro), 5);
        assert_eq!(reach(Rule::Standard), 5);
        assert_eq!(reach(Rule::Renju), 5);
    }

    #[test]
    fn standard_overline_is_not_five() {
        let t = build(Rule::Standard, Side::Second);
        assert_eq!(t[key_of("...ooo*oo....") as usize], OVERLINE);
        assert_eq!(t[key_of("....oo*oo....") as usize], FIVE);
    }

    #[test]
    fn pair_table_holds_both_sides_levels() {
        for rule in Rule::ALL {
            let pairs = pair_table(rule);
            let black = build(rule, Side::First);
            let white = build(rule, Side::Second);
            assert_eq!(pairs.len(), black.len());
            for key in 0..pairs.len() {
                assert_eq!(pair_level(pairs[key], 0), black[key], "{rule:?} key {key}");
                assert_eq!(pair_level(pairs[key], 1), white[key], "{rule:?} key {key}");
            }
        }
        // Spot checks that the two halves are not the same table.
        let pairs = pair_table(Rule::Freestyle);
        assert_eq!(pair_level(pairs[key_of("....x*x......") as usize], 0), F3);
        let short = lookup_table(Rule::Freestyle);
        let at = |text: &str| short[((key_of(text) >> SHORT_SHIFT) & SHORT_MASK) as usize];
        assert_eq!(pair_level(at("....x*x......"), 0), F3);
        assert_eq!(pair_level(at("....xx*xx...."), 0), FIVE);
        assert_eq!(pair_level(at("...xxx*xx...."), 1), DEAD);
        assert_eq!(pair_level(pairs[key_of("....x*x......") as usize], 1), DEAD);
        assert_eq!(pair_level(pairs[key_of("....o*o......") as usize], 1), F3);
    }
}
