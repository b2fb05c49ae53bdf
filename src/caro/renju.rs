//! Renju forbidden moves for Black: double three, double four, overline.

use super::board::{Board, Pos};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// The forbidden shape a Black stone on the empty cell `pos` would make, if any. A move that
/// makes an exact five is never forbidden.
// TODO(issue 3): the full recursive check lands with the renju engine work.
pub fn forbidden(_board: &Board, _pos: Pos) -> Option<Forbidden> {
    None
}
