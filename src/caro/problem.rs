//! Positions to solve, in either of two text forms:
//! - the position strings of [`super::notation`]: `RULE ROWSxCOLS row,col row,col ...`
//!   (moves in order, X first);
//! - the shared gomoku problem format: `<id> <rule> <size> <X|O> x,y;x,y;...`, where rule
//!   is the Gomocup number (0 freestyle, 1 standard, 4 renju), the board is `size` x `size`,
//!   X|O is the side to move, and the stones are `x,y` pairs (x the column, y the row, both
//!   0-based) with colours alternating from Black (X).

use super::board::{Board, Pos};
use super::notation;
use super::rules::Rule;
use crate::game::{InputError, Side};

/// A position and the side to play in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The problem's name (the first field of the gomoku format; empty otherwise).
    pub id: String,
    /// The stones. In the gomoku format they are placed without a move history, so use
    /// [`Problem::to_move`], not `board.to_move()`.
    pub board: Board,
    pub to_move: Side,
    /// The stones in the order given (Black, White, Black...), for replaying the position.
    pub stones: Vec<Pos>,
}

impl Problem {
    /// The position replayed move by move on a fresh board (so that `to_move()` and the
    /// rules apply from here on). The stones are tried in the order given; when that order
    /// passes through a forbidden or finished position (the gomoku lists are sorted by row,
    /// not by time), each side's next stone is the first of its remaining ones that can be
    /// played. `None` if no such order is found.
    pub fn playable_board(&self) -> Option<Board> {
        let (rows, cols, rule) = (self.board.rows(), self.board.cols(), self.board.rule());
        let mut b = Board::new(rows, cols, rule).ok()?;
        if self.stones.iter().all(|&p| b.play(p).is_ok()) && !b.is_over() {
            return (b.to_move() == self.to_move).then_some(b);
        }
        let mut b = Board::new(rows, cols, rule).ok()?;
        let mut left: [Vec<Pos>; 2] = [
            self.stones.iter().step_by(2).copied().collect(),
            self.stones.iter().skip(1).step_by(2).copied().collect(),
        ];
        while !left[0].is_empty() || !left[1].is_empty() {
            let side = b.to_move().index();
            let k = left[side].iter().position(|&p| {
                let mut t = b.clone();
                t.play(p).is_ok() && !t.is_over()
            })?;
            b.play(left[side].remove(k)).ok()?;
        }
        (b.to_move() == self.to_move).then_some(b)
    }
}

/// Parses one line in either format.
pub fn parse_problem(line: &str) -> Result<Problem, InputError> {
    let first = line
        .split_whitespace()
        .next()
        .ok_or_else(|| InputError::new("empty position"))?;
    if first.parse::<Rule>().is_ok() {
        let board = notation::parse_position(line)?;
        return Ok(Problem {
            id: String::new(),
            to_move: board.to_move(),
            stones: board.moves().to_vec(),
            board,
        });
    }
    parse_gomoku(line)
}

fn parse_gomoku(line: &str) -> Result<Problem, InputError> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 || fields.len() > 5 {
        return Err(InputError::new(format!(
            "bad position '{line}': expected RULE ROWSxCOLS MOVES... or ID RULE SIZE X|O x,y;x,y;..."
        )));
    }
    let rule = match fields[1] {
        "0" => Rule::Freestyle,
        "1" => Rule::Standard,
        "4" => Rule::Renju,
        other => {
            return Err(InputError::new(format!(
                "unknown Gomocup rule '{other}': expected 0 (freestyle), 1 (standard) or 4 (renju)"
            )))
        }
    };
    let size: usize = fields[2]
        .parse()
        .map_err(|_| InputError::new(format!("bad board size '{}'", fields[2])))?;
    let mut board = Board::new(size, size, rule)?;
    let to_move = match fields[3] {
        "X" | "x" => Side::First,
        "O" | "o" => Side::Second,
        other => {
            return Err(InputError::new(format!(
                "bad side to move '{other}': expected X or O"
            )))
        }
    };
    let mut stones = Vec::new();
    let list = fields.get(4).copied().unwrap_or("");
    for (k, pair) in list.split(';').filter(|p| !p.is_empty()).enumerate() {
        let (x, y) = pair
            .split_once(',')
            .ok_or_else(|| InputError::new(format!("bad stone '{pair}': expected x,y")))?;
        let num = |t: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| InputError::new(format!("bad stone '{pair}': expected x,y numbers")))
        };
        let pos = Pos::new(num(y)?, num(x)?);
        if !board.contains(pos) {
            return Err(InputError::new(format!("stone '{pair}' is off the board")));
        }
        if board.get(pos).is_some() {
            return Err(InputError::new(format!("stone '{pair}' is given twice")));
        }
        let side = if k % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        board.set_stone(pos, Some(side));
        stones.push(pos);
    }
    let expected = if stones.len() % 2 == 0 {
        Side::First
    } else {
        Side::Second
    };
    if to_move != expected {
        return Err(InputError::new(format!(
            "{} stones with {} to move: colours alternate from X, so {} should move",
            stones.len(),
            fields[3],
            if expected == Side::First { "X" } else { "O" }
        )));
    }
    // Stones placed directly settle nothing: a five among them ends the game here.
    board.settle();
    Ok(Problem {
        id: fields[0].to_string(),
        board,
        to_move,
        stones,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_formats() {
        let p = parse_problem("t1 0 15 O 7,7;8,8;9,9").unwrap();
        assert_eq!(p.to_move, Side::Second);
        assert_eq!(p.board.get(Pos::new(8, 8)), Some(Side::Second));
        assert_eq!(p.board.get(Pos::new(7, 7)), Some(Side::First));
        let q = parse_problem("renju 15x15 7,7 8,8").unwrap();
        assert_eq!(q.to_move, Side::First);
        assert_eq!(q.board.rule(), Rule::Renju);
    }

    #[test]
    fn a_five_among_the_stones_is_a_finished_game() {
        let p = parse_problem("done 0 15 O 7,7;0,0;8,7;0,1;9,7;0,2;10,7;0,3;11,7").unwrap();
        assert_eq!(
            p.board.outcome(),
            Some(crate::game::Outcome::Win(Side::First))
        );
        assert_eq!(p.board.winning_line().len(), 5);
        // Four is not five.
        let p = parse_problem("open 0 15 X 7,7;0,0;8,7;0,1;9,7;0,2;10,7;0,3").unwrap();
        assert!(!p.board.is_over());
        // Under standard (exactly five) an overline is not a win.
        let six = "six 1 15 O 5,7;0,0;6,7;2,0;7,7;4,0;8,7;6,0;9,7;8,0;10,7";
        assert!(!parse_problem(six).unwrap().board.is_over());
    }

    #[test]
    fn rejects_bad_input() {
        for bad in [
            "",
            "t1 9 15 X",
            "t1 0 15 Z",
            "t1 0 15 X 7,7",
            "t1 0 15 O 7,7;7,7",
            "t1 0 15 O 99,1",
            "t1 0 15 O 3;4",
            "caro 15x15 7,7 7,7",
        ] {
            assert!(parse_problem(bad).is_err(), "{bad}");
        }
    }
}
