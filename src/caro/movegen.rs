//! Move generation for the search: legal empty cells near stones, threat-first.
//!
//! When the opponent has a move that makes an unstoppable four (an open three, or a cell
//! making two fours), a quiet move loses, so only the defences are generated: the cells
//! where the opponent would make a four or more (they take the threat's growth points), and
//! our own fours (they win tempo).
//!
//! When the opponent has a four-three in one move (a cell making a four and an open three),
//! a quiet move loses too: the four is blocked by force and the three becomes an open four.
//! Then only the moves that break it are generated (the cell itself, the cells that spoil
//! its four or its three, the cells from which our forced block would come with a four of
//! ours) and our own fours. Not against renju Black, whose threes may be false.

use super::eval::{self, threat, Threat};
use super::patterns::{B4, F3, F4, FIVE};
use super::position::{color, Position};
use super::rules::Rule;
use crate::game::Side;

/// What a node's moves answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every sensible move.
    All,
    /// The opponent has a move making an unstoppable four: only defences and our fours.
    DefendFour,
    /// The opponent has a four-three in one move: only the moves that break it and our fours.
    DefendFourThree,
}

/// Whether `side` has a legal cell that makes an open four, two fours or a five. The
/// counts often tell without a scan.
pub fn has_winning_four(pos: &Position, side: Side) -> bool {
    if eval::surely_has_winning_four(pos, side) {
        return true;
    }
    if !eval::may_have_winning_four(pos, side) {
        return false;
    }
    pos.any_four_cell(side, |i, levels| {
        threat(levels) >= Threat::WinningFour && pos.is_legal(i, side)
    })
}

/// The search's order of scored moves: the higher ordering score first, then the lower cell
/// (a total order, so a sort and a pick of the best agree).
pub fn by_order(a: &(usize, i32), b: &(usize, i32)) -> std::cmp::Ordering {
    order_key(b).cmp(&order_key(a))
}

/// [`by_order`] as one number: a move comes first exactly when its key is the larger (the
/// score in the high half, the cell counted down in the low half). One comparison of
/// integers instead of two chained ones: the search's picks and sorts run on it.
#[inline(always)]
pub fn order_key(m: &(usize, i32)) -> i64 {
    ((m.1 as i64) << 32) | (u32::MAX - m.0 as u32) as i64
}

/// The moves of the side to move with their ordering scores, unsorted (the search adds its
/// own ordering terms and sorts once). `cells` is scratch space for the candidate list.
/// Returns which moves were generated.
pub fn generate(pos: &Position, cells: &mut Vec<usize>, out: &mut Vec<(usize, i32)>) -> Mode {
    out.clear();
    pos.candidates(cells);
    let me = pos.to_move();
    let opp = me.opponent();
    // One pass over the opponent's threats finds both kinds of node that need an answer.
    let may_win = eval::may_have_winning_four(pos, opp) || pos.count(opp, FIVE) > 0;
    // Not against renju Black: a three of Black's can be false (its four point forbidden),
    // and the shape alone does not show which of our cells answer it.
    let may_four_three = pos.count(opp, B4) > 0
        && pos.count(opp, F3) > 0
        && !(pos.rule() == Rule::Renju && opp == Side::First);
    let mut mode = Mode::All;
    let mut four_threes = Vec::new();
    if may_win && eval::surely_has_winning_four(pos, opp) {
        // The scan below would find such a cell and stop there: the counts tell without it.
        mode = Mode::DefendFour;
    } else if may_win || may_four_three {
        // Both need a four or a five of the opponent's in the cell.
        let wins = pos.any_four_cell(opp, |i, levels| match threat(levels) {
            t if t >= Threat::WinningFour && may_win && pos.is_legal(i, opp) => true,
            Threat::FourThree if may_four_three && pos.is_legal(i, opp) => {
                four_threes.push(i);
                false
            }
            _ => false,
        });
        if wins {
            mode = Mode::DefendFour;
        }
    }
    let mut breaks = Vec::new();
    if mode == Mode::All
        && !four_threes.is_empty()
        && four_three_breaks(pos, &four_threes, &mut breaks)
    {
        mode = Mode::DefendFourThree;
    }
    loop {
        for &i in cells.iter() {
            let keep = match mode {
                Mode::All => true,
                Mode::DefendFour => {
                    pos.levels(i, opp).iter().any(|l| (B4..=FIVE).contains(l))
                        || makes_four(pos, i, me)
                }
                Mode::DefendFourThree => breaks.contains(&i) || makes_four(pos, i, me),
            };
            if keep && pos.is_legal(i, me) {
                out.push((i, eval::move_score(pos, i)));
            }
        }
        if out.is_empty() && mode == Mode::DefendFourThree {
            // Every break is forbidden to us (renju): judge the position by all moves.
            mode = Mode::All;
            continue;
        }
        return mode;
    }
}

fn makes_four(pos: &Position, i: usize, side: Side) -> bool {
    pos.levels(i, side)
        .iter()
        .any(|&l| l == B4 || l == F4 || l == FIVE)
}

/// Given the opponent's four-three cells `four_threes` (legal ones, at least one), the cells
/// that break every one of them into `out`, and true; false when one of them needs no
/// answer (our forced block of its four would make a four of ours) or no cell breaks all.
fn four_three_breaks(pos: &Position, four_threes: &[usize], out: &mut Vec<usize>) -> bool {
    let me = pos.to_move();
    let opp = me.opponent();
    out.clear();
    let mine = color(me);
    let mut found = false;
    let mut one = Vec::new();
    for &c in four_threes {
        one.clear();
        one.push(c);
        for d in 0..4 {
            let level = pos.level(c, opp, d);
            if level != B4 && level != F3 {
                continue;
            }
            let off = pos.offset(d);
            for k in (-5..=5isize).filter(|&k| k != 0) {
                let x = (c as isize + off * k) as usize;
                if !pos.is_empty(x) {
                    continue;
                }
                // Our stone on x spoils the line's four or three.
                if pos.level_with(c, opp, d, k, mine) < level {
                    one.push(x);
                }
                if level == B4 && k.abs() <= 4 && pos.level_with(c, opp, d, k, color(opp)) == FIVE {
                    // x is the four's five point, where we shall have to block: if that
                    // block makes a four of ours, the four-three needs no answer now;
                    // cells that would make it one are answers.
                    if makes_four(pos, x, me) {
                        return false;
                    }
                    counter_blocks(pos, x, me, &mut one);
                }
            }
        }
        if found {
            out.retain(|x| one.contains(x));
        } else {
            out.extend_from_slice(&one);
            found = true;
        }
    }
    found && !out.is_empty()
}

/// The empty cells from which a stone of `side` would make the empty cell `e` a four of
/// its own, along any line.
fn counter_blocks(pos: &Position, e: usize, side: Side, out: &mut Vec<usize>) {
    let colour = color(side);
    for d in 0..4 {
        let off = pos.offset(d);
        for k in (-4..=4isize).filter(|&k| k != 0) {
            let y = (e as isize + off * k) as usize;
            if pos.is_empty(y) && pos.level_with(e, side, d, k, colour) >= B4 {
                out.push(y);
            }
        }
    }
}
