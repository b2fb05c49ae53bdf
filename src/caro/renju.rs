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
//! threes. The check reads a padded one-dimensional board: the engine's own, as it is, with
//! no copy and no coordinates to convert (the engine asks on every move it generates for
//! Black that could be forbidden); a [`Board`] is laid out that way first ([`Padded`]).

use super::board::{Board, Pos};
use super::patterns::{BLACK, EMPTY, WALL, WHITE};
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

/// A board as the check reads it: each cell by index ([`BLACK`], [`WHITE`], [`EMPTY`], or
/// [`WALL`] off the board), and the index step of each direction of
/// [`super::rules::DIRECTIONS`]. Every walk of up to five steps from a board cell must stay
/// in `cells` and meet a wall past the board's edge (the engine's board is such a grid).
/// Only the crate makes one: a grid without those walls would send the check out of bounds.
#[derive(Clone, Copy)]
pub(crate) struct Grid<'a> {
    pub(crate) cells: &'a [u8],
    pub(crate) steps: [isize; 4],
}

/// The forbidden shape a Black stone on the empty cell `pos` would make, if any. A move that
/// makes an exact five is never forbidden. Whose turn it is does not matter here. (To ask
/// about many cells of one board, lay it out once: [`Padded`].)
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    Padded::new(board).forbidden(pos)
}

/// A [`Board`] laid out as the engine keeps its own, for the check: five wall cells left of
/// every row (they are also the right padding of the row above), and five wall rows above
/// and below.
pub struct Padded {
    cells: Vec<u8>,
    rows: usize,
    cols: usize,
    stride: usize,
}

impl Padded {
    const PAD: usize = 5;

    pub fn new(board: &Board) -> Padded {
        let pad = Self::PAD;
        let stride = board.cols() + pad;
        let mut cells = vec![WALL; (board.rows() + 2 * pad) * stride + pad + 1];
        for row in 0..board.rows() {
            for col in 0..board.cols() {
                cells[(row + pad) * stride + col + pad] = match board.get(Pos::new(row, col)) {
                    None => EMPTY,
                    Some(Side::First) => BLACK,
                    Some(Side::Second) => WHITE,
                };
            }
        }
        Padded {
            cells,
            rows: board.rows(),
            cols: board.cols(),
            stride,
        }
    }

    /// [`forbidden`] for the board laid out.
    pub fn forbidden(&self, pos: Pos) -> Option<Forbidden> {
        let pad = Self::PAD;
        if pos.row >= self.rows || pos.col >= self.cols {
            return None;
        }
        let index = (pos.row + pad) * self.stride + pos.col + pad;
        if self.cells[index] != EMPTY {
            return None;
        }
        let s = self.stride as isize;
        let grid = Grid {
            cells: &self.cells,
            steps: [1, s, s + 1, s - 1],
        };
        forbidden_in(grid, index)
    }
}

/// [`forbidden`] on a [`Grid`]; the cell `index` must be empty.
pub(crate) fn forbidden_in(grid: Grid<'_>, index: usize) -> Option<Forbidden> {
    let mut scratch = Scratch {
        grid,
        extra: [0; MAX_EXTRA + 3],
        len: 0,
    };
    check(&mut scratch, index)
}

/// How many hypothetical stones the recursion may stack. Each level of the three check adds
/// one stone (and looks two more ahead, hence the array's three spare slots); real positions
/// never need more than a handful, and a cap keeps the cost bounded.
const MAX_EXTRA: usize = 8;

/// The grid with a few extra Black stones on it: the hypothetical stones of the check, put
/// on and taken off in stack order.
struct Scratch<'a> {
    grid: Grid<'a>,
    extra: [usize; MAX_EXTRA + 3],
    len: usize,
}

impl Scratch<'_> {
    #[inline(always)]
    fn at(&self, i: usize) -> u8 {
        if self.extra[..self.len].contains(&i) {
            BLACK
        } else {
            self.grid.cells[i]
        }
    }

    #[inline(always)]
    fn push(&mut self, i: usize) {
        self.extra[self.len] = i;
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.len -= 1;
    }

    /// The cell `k` steps from `i` along the direction of index step `step`.
    #[inline(always)]
    fn step(i: usize, step: isize, k: isize) -> usize {
        i.wrapping_add((step * k) as usize)
    }

    /// The cells from five steps behind `i` to five ahead along `step`, as the scratch sees
    /// them: all a five through `i` depends on.
    fn line(&self, i: usize, step: isize) -> Line {
        std::array::from_fn(|j| self.at(Self::step(i, step, j as isize - REACH)))
    }
}

/// How far [`Line`] reaches each way: a five through its centre and a stone at most four
/// away lies within four cells, and the cells just past it (that make it an overline or
/// not) within five.
const REACH: isize = 5;

/// A line's cells around a centre cell (at index [`REACH`]).
type Line = [u8; 2 * REACH as usize + 1];

/// The length of the Black run through the line's centre, counting the centre as Black. A
/// run that reaches an end of the line is at least six long, which is all an overline
/// check needs to know.
fn run_len(line: &Line) -> usize {
    let c = REACH as usize;
    let ahead = line[c + 1..].iter().take_while(|&&v| v == BLACK).count();
    let behind = line[..c].iter().rev().take_while(|&&v| v == BLACK).count();
    1 + ahead + behind
}

/// The points along the line (offsets -4..=4 from its centre, which is Black) where one
/// more Black stone would make an exact five through the centre.
fn five_points(line: &Line) -> Points {
    let mut points = Points {
        count: 0,
        first: 0,
        last: 0,
    };
    let mut with = *line;
    for k in -4..=4 {
        let j = (k + REACH) as usize;
        if k == 0 || line[j] != EMPTY {
            continue;
        }
        with[j] = BLACK;
        if run_len(&with) == 5 {
            if points.count == 0 {
                points.first = k;
            }
            points.last = k;
            points.count += 1;
        }
        with[j] = EMPTY;
    }
    points
}

/// The five points along one line: how many, and the first and last as offsets.
struct Points {
    count: usize,
    first: isize,
    last: isize,
}

impl Points {
    /// The two ends of one run of four (`.XXXX.`).
    fn straight(&self) -> bool {
        self.count == 2 && self.last - self.first == 5
    }

    /// The number of fours they make in their line (0, 1 or 2): a straight four is one four;
    /// two five points that are not the two ends of one run of four are two fours in one line.
    fn fours(&self) -> usize {
        match self.count {
            0 => 0,
            1 => 1,
            _ if self.straight() => 1,
            _ => 2,
        }
    }
}

/// The forbidden shape of a Black stone on the empty cell `i`, with the scratch's stones.
fn check(s: &mut Scratch<'_>, i: usize) -> Option<Forbidden> {
    s.push(i);
    let found = check_placed(s, i);
    s.pop();
    found
}

/// [`check`] with the stone on `i` already in the scratch.
fn check_placed(s: &mut Scratch<'_>, i: usize) -> Option<Forbidden> {
    let steps = s.grid.steps;
    let lines = steps.map(|step| s.line(i, step));
    // A five wins outright, whatever else the move makes.
    let runs = lines.map(|line| run_len(&line));
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&len| len > 5) {
        return Some(Forbidden::Overline);
    }
    // No other Black stone within four cells along a line: nothing to find there.
    let near = lines.map(|line| {
        let c = REACH as usize;
        line[c - 4..c].contains(&BLACK) || line[c + 1..=c + 4].contains(&BLACK)
    });
    let mut fours = 0;
    let mut four_lines = [false; 4];
    for d in 0..4 {
        if near[d] {
            let n = five_points(&lines[d]).fours();
            fours += n;
            four_lines[d] = n > 0;
        }
    }
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    if s.len >= MAX_EXTRA {
        // Too deep to look further: count no threes (so the move is allowed).
        return None;
    }
    let mut threes = 0;
    for d in 0..4 {
        if four_lines[d] || !near[d] {
            continue;
        }
        if is_real_three(s, i, steps[d], &lines[d]) {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

/// Whether Black (with a stone on `i` already in the scratch; `line` its line along `step`)
/// has a three along that line through that stone: an empty point whose stone makes a
/// straight four through it and is itself not forbidden.
fn is_real_three(s: &mut Scratch<'_>, i: usize, step: isize, line: &Line) -> bool {
    let mut with = *line;
    for k in -4..=4 {
        let j = (k + REACH) as usize;
        if k == 0 || line[j] != EMPTY {
            continue;
        }
        with[j] = BLACK;
        let straight = five_points(&with).straight();
        with[j] = EMPTY;
        if straight && check(s, Scratch::step(i, step, k)).is_none() {
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
