//! Move generation for the search: legal empty cells near stones, threat-first.
//!
//! When the opponent has a move that makes an unstoppable four (an open three, or a cell
//! making two fours), a quiet move loses, so only the defences are generated: the cells
//! where the opponent would make a four or more (they take the threat's growth points), and
//! our own fours (they win tempo).

use super::eval::{self, threat, Threat};
use super::patterns::{B4, F4, FIVE};
use super::position::Position;
use crate::game::Side;

/// Whether `side` has a legal cell that makes an open four, two fours or a five.
pub fn has_winning_four(pos: &Position, side: Side, cells: &[usize]) -> bool {
    if !eval::may_have_winning_four(pos, side) && pos.count(side, FIVE) == 0 {
        return false;
    }
    cells
        .iter()
        .any(|&i| threat(pos.levels(i, side)) >= Threat::WinningFour && pos.is_legal(i, side))
}

/// The moves of the side to move, best-looking first, with their ordering scores. `cells`
/// is scratch space for the candidate list. Returns whether only defences were generated
/// (the opponent has a move making an unstoppable four).
pub fn generate(pos: &Position, cells: &mut Vec<usize>, out: &mut Vec<(usize, i32)>) -> bool {
    out.clear();
    pos.candidates(cells);
    let me = pos.to_move();
    let opp = me.opponent();
    let defend = has_winning_four(pos, opp, cells);
    for &i in cells.iter() {
        if defend {
            let blocks = pos.levels(i, opp).iter().any(|l| (B4..=FIVE).contains(l));
            let fours = pos
                .levels(i, me)
                .iter()
                .any(|&l| l == B4 || l == F4 || l == FIVE);
            if !blocks && !fours {
                continue;
            }
        }
        if !pos.is_legal(i, me) {
            continue;
        }
        out.push((i, eval::move_score(pos, i)));
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    defend
}
