//! Renju forbidden moves for Black: double three, double four, overline.
//!
//! The definitions follow the RIF rules:
//! - a *five* is exactly five Black stones in a row; six or more is an *overline*;
//! - a *four* is a line where one more Black stone makes a five; a *straight four* is a four
//!   with two such points (`.XXXX.`);
//! - a *three* is a line where one more Black stone makes a straight four, and that stone is
//!   itself allowed (this is the recursive part: a "three" whose only straight-four point is
//!   forbidden, or that can only become a four with one five point, is no three at all).
//!
//! A Black move is forbidden when it makes no five and makes an overline, two or more fours
//! (two fours in one line count, as in `X.XXX.X` completed in the middle), or two or more
//! threes. The check reads stones through the small [`Stones`] trait, so the engine's own
//! board can share it with [`Board`].

use super::board::{Board, Pos};
use super::rules::DIRECTIONS;
use crate::game::Side;
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

/// What a cell of a board holds, for the forbidden-move check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Empty,
    Black,
    White,
    /// Off the board.
    Outside,
}

/// Read access to a board's stones by signed coordinates (off-board cells are `Outside`).
pub trait Stones {
    fn spot(&self, row: isize, col: isize) -> Spot;
}

impl Stones for Board {
    fn spot(&self, row: isize, col: isize) -> Spot {
        if row < 0 || col < 0 {
            return Spot::Outside;
        }
        let pos = Pos::new(row as usize, col as usize);
        if !self.contains(pos) {
            return Spot::Outside;
        }
        match self.get(pos) {
            None => Spot::Empty,
            Some(Side::First) => Spot::Black,
            Some(Side::Second) => Spot::White,
        }
    }
}

/// A board seen with a few extra Black stones on it: the hypothetical stones of the check.
struct WithBlack<'a, S: Stones + ?Sized> {
    base: &'a S,
    extra: [(isize, isize); MAX_EXTRA + 3],
    len: usize,
}

/// How many hypothetical stones the recursion may stack. Each level of the three check adds
/// one stone (and looks two more ahead, hence the array's three spare slots); real positions
/// never need more than a handful, and a cap keeps the cost bounded.
const MAX_EXTRA: usize = 8;

impl<S: Stones + ?Sized> Stones for WithBlack<'_, S> {
    fn spot(&self, row: isize, col: isize) -> Spot {
        if self.extra[..self.len].contains(&(row, col)) {
            Spot::Black
        } else {
            self.base.spot(row, col)
        }
    }
}

impl<'a, S: Stones + ?Sized> WithBlack<'a, S> {
    fn with(&self, row: isize, col: isize) -> WithBlack<'a, S> {
        let mut extra = self.extra;
        extra[self.len] = (row, col);
        WithBlack {
            base: self.base,
            extra,
            len: self.len + 1,
        }
    }
}

/// The forbidden shape a Black stone on the empty cell `pos` would make, if any. A move that
/// makes an exact five is never forbidden. Whose turn it is does not matter here.
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if !board.is_empty_cell(pos) {
        return None;
    }
    forbidden_at(board, pos.row as isize, pos.col as isize)
}

/// [`forbidden`] over any [`Stones`]; `(row, col)` must be an empty cell.
pub fn forbidden_at<S: Stones + ?Sized>(stones: &S, row: isize, col: isize) -> Option<Forbidden> {
    let view = WithBlack {
        base: stones,
        extra: [(0, 0); MAX_EXTRA + 3],
        len: 0,
    };
    check(&view, row, col)
}

/// The length of the Black run through `(row, col)` along `dir`, counting that cell as Black.
fn run_len<S: Stones>(s: &S, row: isize, col: isize, dir: (isize, isize)) -> usize {
    let mut len = 1;
    for sign in [-1, 1] {
        let (mut r, mut c) = (row + dir.0 * sign, col + dir.1 * sign);
        while s.spot(r, c) == Spot::Black {
            len += 1;
            r += dir.0 * sign;
            c += dir.1 * sign;
        }
    }
    len
}

/// The points along `dir` (as offsets -4..=4 from the cell) where one more Black stone would
/// make an exact five through `(row, col)`, assuming `(row, col)` is Black in `s`.
fn five_points<S: Stones + ?Sized>(
    s: &WithBlack<'_, S>,
    row: isize,
    col: isize,
    dir: (isize, isize),
) -> Vec<isize> {
    let mut points = Vec::new();
    for k in -4..=4 {
        if k == 0 {
            continue;
        }
        let (r, c) = (row + dir.0 * k, col + dir.1 * k);
        if s.spot(r, c) != Spot::Empty {
            continue;
        }
        let with = s.with(r, c);
        if run_len(&with, row, col, dir) == 5 {
            points.push(k);
        }
    }
    points
}

/// The number of fours Black has along `dir` through `(row, col)` (0, 1 or 2): a straight
/// four is one four; two five points that are not the two ends of one run of four are two
/// fours in one line.
fn fours_in_line(points: &[isize]) -> usize {
    match points {
        [] => 0,
        [_] => 1,
        [a, b] if b - a == 5 => 1,
        _ => 2,
    }
}

fn check<S: Stones + ?Sized>(s: &WithBlack<'_, S>, row: isize, col: isize) -> Option<Forbidden> {
    let placed = s.with(row, col);
    // A five wins outright, whatever else the move makes.
    let runs = DIRECTIONS.map(|dir| run_len(&placed, row, col, dir));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&len| len > 5) {
        return Some(Forbidden::Overline);
    }
    let mut fours = 0;
    let mut four_lines = [false; 4];
    for (i, &dir) in DIRECTIONS.iter().enumerate() {
        // No Black stone within four cells along this line: nothing to find.
        if !has_black_near(s, row, col, dir) {
            continue;
        }
        let n = fours_in_line(&five_points(&placed, row, col, dir));
        fours += n;
        four_lines[i] = n > 0;
    }
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    if placed.len >= MAX_EXTRA {
        // Too deep to look further: count no threes (so the move is allowed).
        return None;
    }
    let mut threes = 0;
    for (i, &dir) in DIRECTIONS.iter().enumerate() {
        if four_lines[i] || !has_black_near(s, row, col, dir) {
            continue;
        }
        if is_real_three(&placed, row, col, dir) {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

fn has_black_near<S: Stones + ?Sized>(
    s: &WithBlack<'_, S>,
    row: isize,
    col: isize,
    dir: (isize, isize),
) -> bool {
    (-4..=4).any(|k: isize| k != 0 && s.spot(row + dir.0 * k, col + dir.1 * k) == Spot::Black)
}

/// Whether Black (with a stone on `(row, col)` already in `s`) has a three along `dir`
/// through that stone: an empty point whose stone makes a straight four through it and is
/// itself not forbidden.
fn is_real_three<S: Stones + ?Sized>(
    s: &WithBlack<'_, S>,
    row: isize,
    col: isize,
    dir: (isize, isize),
) -> bool {
    for k in -4..=4 {
        if k == 0 {
            continue;
        }
        let (r, c) = (row + dir.0 * k, col + dir.1 * k);
        if s.spot(r, c) != Spot::Empty {
            continue;
        }
        let with = s.with(r, c);
        let points = five_points(&with, row, col, dir);
        let straight = matches!(points.as_slice(), [a, b] if b - a == 5);
        if straight && check(s, r, c).is_none() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::Rule;

    fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, Rule::Renju).unwrap();
        for &(r, c) in black {
            b.set_stone(Pos::new(r, c), Some(Side::First));
        }
        for &(r, c) in white {
            b.set_stone(Pos::new(r, c), Some(Side::Second));
        }
        b
    }

    #[test]
    fn lone_stone_is_allowed() {
        let b = board_with(&[(7, 7)], &[]);
        assert_eq!(forbidden(&b, Pos::new(7, 8)), None);
    }

    #[test]
    fn plain_double_three_is_forbidden() {
        let b = board_with(&[(7, 5), (7, 6), (5, 8), (6, 8)], &[]);
        assert_eq!(forbidden(&b, Pos::new(7, 8)), Some(Forbidden::DoubleThree));
    }
}
