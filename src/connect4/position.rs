//! The Connect Four board as two bitboards, and the game position built on it.
//!
//! Layout (Pascal Pons' design): each column takes `HEIGHT + 1 = 7` bits, bit `col * 7 + row`
//! for `row` 0 at the bottom. The seventh bit of each column is a sentinel that is always
//! empty; it keeps the shifts used to find alignments from wrapping into the next column.
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinel row
//!   5 12 19 26 33 40 47
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42
//! ```
//!
//! [`Board`] holds only what the solver needs: the stones of the player to move and the mask
//! of all stones. [`Position`] adds the move history and the result, for games and parsing.

use crate::game::{InputError, Outcome, Side};
use std::fmt;
use std::str::FromStr;

pub const WIDTH: usize = 7;
pub const HEIGHT: usize = 6;
/// Number of cells on the board.
pub const CELLS: usize = WIDTH * HEIGHT;
/// Bits per column, including the sentinel.
const H1: usize = HEIGHT + 1;

const fn bottom_mask() -> u64 {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH {
        m |= 1 << (c * H1);
        c += 1;
    }
    m
}

/// One bit at the bottom of every column.
const BOTTOM_MASK: u64 = bottom_mask();
/// Every playable cell: multiplying the bottom row by `0b111111` fills each column.
const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);

/// The top playable cell of column `col`.
const fn top_mask_col(col: usize) -> u64 {
    1 << (HEIGHT - 1 + col * H1)
}

/// The bottom cell of column `col`.
const fn bottom_mask_col(col: usize) -> u64 {
    1 << (col * H1)
}

/// Every playable cell of column `col`.
pub const fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * H1)
}

/// The bitboard shifts of the four directions: vertical, horizontal and the two diagonals.
const DIRECTIONS: [usize; 4] = [1, H1, H1 - 1, H1 + 1];

/// The bitboard of a position: compact, `Copy`, and all the solver needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Stones of the player to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Stones played so far.
    moves: u32,
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board::default()
    }

    /// Stones played so far.
    pub fn moves(&self) -> usize {
        self.moves as usize
    }

    /// Stones of the player to move.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// All stones on the board.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Whether column `col` (0-based) still has room.
    pub fn can_play(&self, col: usize) -> bool {
        self.mask & top_mask_col(col) == 0
    }

    /// Plays the stone given as a one-bit bitboard (a bit of [`Board::possible`]).
    pub fn play(&mut self, stone: u64) {
        // Switching sides: the opponent's stones are `current ^ mask`; they become the
        // stones of the player to move once the new stone is added to the mask.
        self.current ^= self.mask;
        self.mask |= stone;
        self.moves += 1;
    }

    /// Plays in column `col` (0-based), which must have room.
    pub fn play_col(&mut self, col: usize) {
        // Adding the column's bottom bit to the mask carries up through the column's
        // stones and stops on the first empty cell: the cell the stone falls to.
        self.play((self.mask + bottom_mask_col(col)) & column_mask(col));
    }

    /// Whether playing column `col` (which must have room) connects four for the player to move.
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_position() & self.possible() & column_mask(col) != 0
    }

    /// Whether the player to move can connect four with their next stone.
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// A number that identifies the position: `current + mask` sets, in each column, the
    /// bit just above the top stone and keeps the current player's stones below it, so the
    /// stones and the heights are both recoverable. Less than 2^49.
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed).
    pub fn mirror_key(&self) -> u64 {
        mirror(self.current) + mirror(self.mask)
    }

    /// The same key for a position and its mirror image.
    pub fn symmetric_key(&self) -> u64 {
        self.key().min(self.mirror_key())
    }

    /// The cells where a stone can be played now, one per column that has room.
    pub fn possible(&self) -> u64 {
        // As in `play_col`, adding the bottom row carries each column up to its first
        // empty cell; the board mask removes the carries out of full columns.
        (self.mask + BOTTOM_MASK) & BOARD_MASK
    }

    /// Empty cells that would connect four for the player to move (playable now or not).
    pub fn winning_position(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// Empty cells that would connect four for the opponent.
    pub fn opponent_winning_position(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// The playable cells that do not lose at once. The position must not allow the player
    /// to move to win at once. Empty when every move loses at the opponent's next turn.
    pub fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            // Two cells where the opponent would connect: blocking one leaves the other.
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        // Never play just below a cell where the opponent would connect: that opens it.
        possible & !(opponent_win >> 1)
    }

    /// How good a move looks for ordering: the number of cells where the player to move
    /// would threaten to connect after playing `stone`.
    pub fn move_score(&self, stone: u64) -> u32 {
        winning_cells(self.current | stone, self.mask).count_ones()
    }

    /// Whether the player who just moved has four in a row.
    pub fn last_player_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }
}

/// The number of move sequences of `depth` plies from `board`, none continuing after a
/// four in a row (the side to move must not have lost already).
pub fn perft(board: &Board, depth: usize) -> u64 {
    match depth {
        0 => 1,
        // Every playable cell ends a sequence, winning or not.
        1 => board.possible().count_ones() as u64,
        // A winning move ends the game: no longer sequence goes through it.
        _ => (0..WIDTH)
            .filter(|&col| board.can_play(col) && !board.is_winning_move(col))
            .map(|col| {
                let mut child = *board;
                child.play_col(col);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// The empty cells of `mask` that would complete four for the player with `stones`.
fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: only the cell above three stacked stones.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    // The other directions: a cell completes four when it has three neighbours in a row on
    // one side (xxx.), or two on one side and one on the other (xx.x / x.xx).
    for s in [H1, H1 - 1, H1 + 1] {
        let pair_below = (stones << s) & (stones << (2 * s));
        r |= pair_below & (stones << (3 * s));
        r |= pair_below & (stones >> s);
        let pair_above = (stones >> s) & (stones >> (2 * s));
        r |= pair_above & (stones << s);
        r |= pair_above & (stones >> (3 * s));
    }
    r & (BOARD_MASK ^ mask)
}

/// Whether `stones` hold four in a row in any direction.
fn has_four(stones: u64) -> bool {
    DIRECTIONS.iter().any(|&s| four_starts(stones, s) != 0)
}

/// The cells that start four in a row in direction `s` (the lowest bit of each run).
fn four_starts(stones: u64, s: usize) -> u64 {
    let pairs = stones & (stones >> s);
    pairs & (pairs >> (2 * s))
}

/// The bitboard with its columns in reverse order.
fn mirror(bits: u64) -> u64 {
    let mut out = 0;
    for col in 0..WIDTH {
        let column = (bits >> (col * H1)) & ((1 << H1) - 1);
        out |= column << ((WIDTH - 1 - col) * H1);
    }
    out
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Columns are 0..7 internally (1..=7 in text).
    NoSuchColumn,
    ColumnFull,
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchColumn => f.write_str("there is no such column (expected 1 to 7)"),
            MoveError::ColumnFull => f.write_str("that column is full"),
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A game position: the board, the moves that led to it and the result.
///
/// The text form is the sequence of columns played, 1-based, first player first, as in
/// Pascal Pons' benchmark files: `"4453"`. The empty board is the empty string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    /// Columns played, 0-based; the first `board.moves()` entries are used.
    history: [u8; CELLS],
    outcome: Option<Outcome>,
}

impl Default for Position {
    fn default() -> Position {
        Position {
            board: Board::new(),
            history: [0; CELLS],
            outcome: None,
        }
    }
}

impl Position {
    /// The empty board, first player to move.
    pub fn new() -> Position {
        Position::default()
    }

    /// The bitboard, for the solver.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Stones played so far.
    pub fn moves(&self) -> usize {
        self.board.moves()
    }

    /// The columns played so far, 0-based.
    pub fn history(&self) -> &[u8] {
        &self.history[..self.moves()]
    }

    /// The side to move (also after the game ended: the side that would move next).
    pub fn side_to_move(&self) -> Side {
        if self.moves() % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The result once the game is over: four in a row or a full board.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether a stone may be played in column `col` (0-based) now.
    pub fn can_play(&self, col: usize) -> bool {
        !self.is_over() && col < WIDTH && self.board.can_play(col)
    }

    /// The columns (0-based) where a stone may be played now; empty once the game is over.
    pub fn legal_columns(&self) -> Vec<usize> {
        (0..WIDTH).filter(|&c| self.can_play(c)).collect()
    }

    /// Plays column `col` (0-based) for the side to move.
    pub fn play(&mut self, col: usize) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if col >= WIDTH {
            return Err(MoveError::NoSuchColumn);
        }
        if !self.board.can_play(col) {
            return Err(MoveError::ColumnFull);
        }
        let mover = self.side_to_move();
        self.history[self.moves()] = col as u8;
        self.board.play_col(col);
        if self.board.last_player_won() {
            self.outcome = Some(Outcome::Win(mover));
        } else if self.moves() == CELLS {
            self.outcome = Some(Outcome::Draw);
        }
        Ok(())
    }

    /// The stone in a cell, `row` 0 at the TOP (as drawn), `col` 0 at the left.
    pub fn cell(&self, row: usize, col: usize) -> Option<Side> {
        if row >= HEIGHT || col >= WIDTH {
            return None;
        }
        let bit = 1u64 << (col * H1 + (HEIGHT - 1 - row));
        if self.board.mask & bit == 0 {
            None
        } else if self.board.current & bit != 0 {
            Some(self.side_to_move())
        } else {
            Some(self.side_to_move().opponent())
        }
    }

    /// The four cells `(row, col)` of the winning line, row 0 at the TOP, once a side has
    /// connected four; `None` otherwise. When the last stone made more than one line, one
    /// of them is given.
    pub fn winning_four(&self) -> Option<[(usize, usize); 4]> {
        if !matches!(self.outcome, Some(Outcome::Win(_))) {
            return None;
        }
        let winner = self.board.current ^ self.board.mask;
        for s in DIRECTIONS {
            let starts = four_starts(winner, s);
            if starts != 0 {
                let first = starts.trailing_zeros() as usize;
                let cell = |i: usize| {
                    let bit = first + i * s;
                    (HEIGHT - 1 - bit % H1, bit / H1)
                };
                return Some([cell(0), cell(1), cell(2), cell(3)]);
            }
        }
        None
    }

    /// Reads a position from its column sequence (see the type's documentation); the
    /// error names the first bad move and why (not a column, a full column, after the end).
    pub fn parse(text: &str) -> Result<Position, InputError> {
        let mut position = Position::new();
        let moves = text.chars().filter(|c| !c.is_whitespace() && *c != ',');
        for (i, ch) in moves.enumerate() {
            let number = i + 1;
            let col = match ch.to_digit(10) {
                Some(d @ 1..=7) => d as usize - 1,
                _ => {
                    return Err(InputError::new(format!(
                        "move {number} ('{ch}') is not a column: expected a digit from 1 to 7"
                    )))
                }
            };
            position.play(col).map_err(|e| {
                InputError::new(match e {
                    MoveError::ColumnFull => {
                        format!("move {number} ({ch}) is illegal: column {ch} is full")
                    }
                    MoveError::GameOver => format!(
                        "move {number} ({ch}) comes after the end: the game was over after move {}",
                        i
                    ),
                    MoveError::NoSuchColumn => format!("move {number} ({ch}): {e}"),
                })
            })?;
        }
        Ok(position)
    }

    /// The board drawn in text, top row first: `X` first player, `O` second, `.` empty,
    /// with the column numbers below.
    pub fn to_diagram(&self) -> String {
        let mut out = String::new();
        for row in 0..HEIGHT {
            for col in 0..WIDTH {
                out.push(match self.cell(row, col) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                });
                out.push(if col + 1 < WIDTH { ' ' } else { '\n' });
            }
        }
        out.push_str("1 2 3 4 5 6 7\n");
        out
    }
}

impl FromStr for Position {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Position, InputError> {
        Position::parse(s)
    }
}

impl fmt::Display for Position {
    /// The column sequence, 1-based: the text that [`Position::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &col in self.history() {
            write!(f, "{}", col + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_format_round_trip() {
        let p = Position::parse("4453").unwrap();
        assert_eq!(p.to_string(), "4453");
        assert_eq!(p.moves(), 4);
        assert_eq!(p.cell(5, 3), Some(Side::First));
        assert_eq!(p.cell(4, 3), Some(Side::Second));
        assert_eq!(p.cell(5, 4), Some(Side::First));
        assert_eq!(p.cell(5, 2), Some(Side::Second));
        assert_eq!(p.cell(3, 3), None);
        assert_eq!(Position::parse("").unwrap(), Position::new());
    }

    #[test]
    fn parse_rejects_bad_column() {
        let e = Position::parse("448").unwrap_err();
        assert!(e.0.contains("'8'") && e.0.contains("move 3"), "{e}");
        assert!(Position::parse("40").is_err());
        assert!(Position::parse("4a").is_err());
    }

    #[test]
    fn parse_rejects_move_into_full_column() {
        let e = Position::parse("1111111").unwrap_err();
        assert!(e.0.contains("move 7") && e.0.contains("full"), "{e}");
    }

    #[test]
    fn parse_rejects_move_after_the_game_ended() {
        // First player stacks four in column 1 at move 7.
        assert!(Position::parse("1212121").unwrap().is_over());
        let e = Position::parse("12121213").unwrap_err();
        assert!(
            e.0.contains("move 8") && e.0.contains("game was over"),
            "{e}"
        );
    }

    #[test]
    fn winning_move_detection() {
        let b = Position::parse("121212").unwrap();
        assert!(b.board().is_winning_move(0));
        assert!(!b.board().is_winning_move(1));
        // Horizontal: first player holds 1, 2, 3 on the bottom row; 4 wins, 5 does not.
        let h = Position::parse("172737").unwrap();
        assert!(h.board().is_winning_move(3));
        assert!(!h.board().is_winning_move(4));
    }

    #[test]
    fn winning_four_is_given_top_down() {
        let p = Position::parse("1727374").unwrap();
        assert_eq!(p.outcome(), Some(Outcome::Win(Side::First)));
        assert_eq!(p.winning_four(), Some([(5, 0), (5, 1), (5, 2), (5, 3)]));
        // Diagonal rising to the right: X on (bottom) col1 row0, col2 row1, col3 row2, col4 row3.
        let d = Position::parse("12233434464").unwrap();
        assert_eq!(d.outcome(), Some(Outcome::Win(Side::First)));
        let mut cells = d.winning_four().unwrap();
        cells.sort();
        assert_eq!(cells, [(2, 3), (3, 2), (4, 1), (5, 0)]);
    }

    #[test]
    fn full_board_without_four_is_a_draw() {
        // A random game that happened to fill the board without four in a row.
        let seq = "442761225377252342545563474175371666631311";
        let p = Position::parse(seq).unwrap();
        assert_eq!(p.moves(), CELLS);
        assert_eq!(p.outcome(), Some(Outcome::Draw));
        assert!(p.legal_columns().is_empty());
        assert_eq!(p.winning_four(), None);
    }

    #[test]
    fn mirror_key_matches_mirrored_moves() {
        let a = Position::parse("1123").unwrap();
        let b = Position::parse("7765").unwrap();
        assert_eq!(a.board().mirror_key(), b.board().key());
        assert_eq!(a.board().symmetric_key(), b.board().symmetric_key());
    }
}
