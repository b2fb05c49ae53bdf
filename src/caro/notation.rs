//! A plain-text form of a Caro position: what the web worker receives and the CLI reads.
//!
//! `RULE ROWSxCOLS [MOVE ...]`, for example `caro 15x15 7,7 7,8 8,8`: the rule name, the
//! board size (rows first), then the moves in the order they were played, X first, each
//! `row,col` 0-based from the top-left corner.

use super::board::{Board, Pos};
use super::rules::Rule;
use crate::game::InputError;

/// Parses `row,col`.
pub fn parse_pos(text: &str) -> Result<Pos, InputError> {
    let (r, c) = text
        .split_once(',')
        .ok_or_else(|| InputError::new(format!("bad move '{text}': expected row,col")))?;
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| InputError::new(format!("bad move '{text}': expected row,col numbers")))
    };
    Ok(Pos::new(num(r)?, num(c)?))
}

/// Parses `ROWSxCOLS`.
pub fn parse_size(text: &str) -> Result<(usize, usize), InputError> {
    let bad = || {
        InputError::new(format!(
            "bad board size '{text}': expected ROWSxCOLS, like 15x15"
        ))
    };
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows = r.trim().parse().map_err(|_| bad())?;
    let cols = c.trim().parse().map_err(|_| bad())?;
    Ok((rows, cols))
}

/// Parses a whole position string and replays its moves.
pub fn parse_position(text: &str) -> Result<Board, InputError> {
    let mut tokens = text.split_whitespace();
    let rule: Rule = tokens
        .next()
        .ok_or_else(|| InputError::new("empty position: expected RULE ROWSxCOLS MOVES..."))?
        .parse()?;
    let (rows, cols) = parse_size(
        tokens
            .next()
            .ok_or_else(|| InputError::new("position has no board size"))?,
    )?;
    let mut board = Board::new(rows, cols, rule)?;
    for (i, token) in tokens.enumerate() {
        let pos = parse_pos(token)?;
        board
            .play(pos)
            .map_err(|e| InputError::new(format!("move {} ({token}): {e}", i + 1)))?;
    }
    Ok(board)
}

/// The position string of `board`; [`parse_position`] reads it back.
pub fn format_position(board: &Board) -> String {
    let mut s = format!("{} {}x{}", board.rule(), board.rows(), board.cols());
    for pos in board.moves() {
        s.push(' ');
        s.push_str(&pos.to_string());
    }
    s
}
