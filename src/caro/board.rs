//! The Caro board: stones, whose turn it is, the move history and the result.

use super::renju;
use super::rules::{winning_run, Rule, Run};
use crate::game::{InputError, Outcome, Side};
use std::fmt;

/// The smallest and largest board side the engine accepts. The web app offers 10..=60.
pub const MIN_SIDE: usize = 5;
pub const MAX_SIDE: usize = 60;

/// A cell, 0-based: `row` from the top, `col` from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

impl fmt::Display for Pos {
    /// `row,col`, the format of position strings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    OutsideBoard,
    Occupied,
    GameOver,
    /// Renju: the move would give Black a forbidden shape.
    Forbidden(renju::Forbidden),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::OutsideBoard => f.write_str("that cell is outside the board"),
            MoveError::Occupied => f.write_str("that cell is already taken"),
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::Forbidden(kind) => write!(f, "forbidden for Black under renju: {kind}"),
        }
    }
}

impl std::error::Error for MoveError {}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    rule: Rule,
    cells: Vec<Option<Side>>,
    history: Vec<Pos>,
    outcome: Option<Outcome>,
    winning_run: Option<Run>,
}

impl Board {
    pub fn new(rows: usize, cols: usize, rule: Rule) -> Result<Board, InputError> {
        for (what, n) in [("rows", rows), ("columns", cols)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
                return Err(InputError::new(format!(
                    "{what} must be between {MIN_SIDE} and {MAX_SIDE}, got {n}"
                )));
            }
        }
        Ok(Board {
            rows,
            cols,
            rule,
            cells: vec![None; rows * cols],
            history: Vec::new(),
            outcome: None,
            winning_run: None,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The stone on `pos`, or `None` for an empty cell (or one outside the board).
    pub fn get(&self, pos: Pos) -> Option<Side> {
        if self.contains(pos) {
            self.cells[pos.row * self.cols + pos.col]
        } else {
            None
        }
    }

    pub fn is_empty_cell(&self, pos: Pos) -> bool {
        self.contains(pos) && self.get(pos).is_none()
    }

    /// The cell `(drow, dcol)` away from `pos`, if it is on the board.
    pub fn step(&self, pos: Pos, drow: isize, dcol: isize) -> Option<Pos> {
        let row = pos.row.checked_add_signed(drow)?;
        let col = pos.col.checked_add_signed(dcol)?;
        let next = Pos { row, col };
        self.contains(next).then_some(next)
    }

    /// X (the first player) moves when an even number of stones is down.
    pub fn to_move(&self) -> Side {
        if self.history.len() % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    pub fn moves(&self) -> &[Pos] {
        &self.history
    }

    pub fn last_move(&self) -> Option<Pos> {
        self.history.last().copied()
    }

    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    pub fn is_full(&self) -> bool {
        self.history.len() == self.rows * self.cols
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The winning line's cells, from one end to the other, once the game is won.
    pub fn winning_line(&self) -> Vec<Pos> {
        let Some(run) = self.winning_run else {
            return Vec::new();
        };
        let drow = (run.to.row as isize - run.from.row as isize).signum();
        let dcol = (run.to.col as isize - run.from.col as isize).signum();
        let mut line = vec![run.from];
        let mut cur = run.from;
        while cur != run.to {
            cur = self
                .step(cur, drow, dcol)
                .expect("a winning run lies on the board");
            line.push(cur);
        }
        line
    }

    /// All empty cells, row by row.
    pub fn empty_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.rows)
            .flat_map(move |row| (0..self.cols).map(move |col| Pos { row, col }))
            .filter(move |&p| self.get(p).is_none())
    }

    /// Why the side to move may not play `pos` now, if it may not.
    pub fn check_move(&self, pos: Pos) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.contains(pos) {
            return Err(MoveError::OutsideBoard);
        }
        if self.get(pos).is_some() {
            return Err(MoveError::Occupied);
        }
        if self.rule == Rule::Renju && self.to_move() == Side::First {
            if let Some(kind) = renju::forbidden(self, pos) {
                return Err(MoveError::Forbidden(kind));
            }
        }
        Ok(())
    }

    /// Places the side to move's stone on `pos`, and settles the game if it ends.
    pub fn play(&mut self, pos: Pos) -> Result<(), MoveError> {
        self.check_move(pos)?;
        let side = self.to_move();
        self.cells[pos.row * self.cols + pos.col] = Some(side);
        self.history.push(pos);
        if let Some(run) = winning_run(self, pos, side, self.rule) {
            self.outcome = Some(Outcome::Win(side));
            self.winning_run = Some(run);
        } else if self.is_full() {
            self.outcome = Some(Outcome::Draw);
        }
        Ok(())
    }

    /// Places a stone of `side` without the turn, forbidden-move or game-over checks; for
    /// building test positions and engines' scratch boards. The result is not settled.
    pub fn set_stone(&mut self, pos: Pos, side: Option<Side>) {
        assert!(self.contains(pos), "set_stone outside the board");
        self.cells[pos.row * self.cols + pos.col] = side;
    }

    /// Settles the result after stones were placed with [`Board::set_stone`]: a winning
    /// line (as the rule counts it) ends the game, and a board with no empty cell is drawn.
    /// When both sides hold one, the first found row by row wins. Does nothing to a game
    /// already over.
    pub fn settle(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        for row in 0..self.rows {
            for col in 0..self.cols {
                let pos = Pos { row, col };
                if let Some(side) = self.get(pos) {
                    if let Some(run) = winning_run(self, pos, side, self.rule) {
                        self.outcome = Some(Outcome::Win(side));
                        self.winning_run = Some(run);
                        return;
                    }
                }
            }
        }
        if self.empty_cells().next().is_none() {
            self.outcome = Some(Outcome::Draw);
        }
    }

    /// Takes back the last move; returns it, or `None` on an empty board.
    pub fn undo(&mut self) -> Option<Pos> {
        let pos = self.history.pop()?;
        self.cells[pos.row * self.cols + pos.col] = None;
        self.outcome = None;
        self.winning_run = None;
        Some(pos)
    }

    /// Whether a `side` stone on the empty cell `pos` would win at once.
    pub fn wins_with(&self, pos: Pos, side: Side) -> bool {
        self.is_empty_cell(pos) && winning_run(self, pos, side, self.rule).is_some()
    }
}

impl fmt::Display for Board {
    /// A text picture: `X`, `O` and `.` cells, one row a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            for col in 0..self.cols {
                let c = match self.get(Pos { row, col }) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
