//! Piskvork game records (`.psq`), the format of the Gomocup managers.
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,0
//! 9,7,1021
//! ...
//! X: you
//! O: Master
//! -1
//! ```
//!
//! The first line gives the board as WIDTHxHEIGHT (columns first). Each move is a line
//! `x,y,milliseconds`: `x` the column counted from 1 at the left, `y` the row counted from 1
//! at the top, the time the move took (0 when unknown). Black (X) moves first. The moves end
//! at the first line that is not one: Piskvork writes the players' names and `-1` there.

use super::board::{Board, Pos};
use super::rules::Rule;
use crate::game::InputError;
use std::fmt::Write as _;

/// A record as read: the board size and the moves with the line each came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqRecord {
    pub rows: usize,
    pub cols: usize,
    /// Each move and its line number in the file (1-based).
    pub moves: Vec<(usize, Pos)>,
}

/// Whether `text` looks like a Piskvork record (its first non-blank line names the program).
pub fn is_psq(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().to_ascii_lowercase().starts_with("piskvork"))
}

/// Reads a record; the error names the line and what is wrong with it.
pub fn parse_psq(text: &str) -> Result<PsqRecord, InputError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let (header_line, header) = lines
        .by_ref()
        .find(|(_, l)| !l.is_empty())
        .ok_or_else(|| InputError::new("the record is empty"))?;
    let bad_header = || {
        InputError::new(format!(
            "line {header_line}: expected a Piskvork header like 'Piskvorky 15x15, 11:11, 0', found '{}'",
            shorten(header)
        ))
    };
    let mut words = header.split(|c: char| c.is_whitespace() || c == ',');
    if !words
        .next()
        .is_some_and(|w| w.to_ascii_lowercase().starts_with("piskvork"))
    {
        return Err(bad_header());
    }
    let size = words.find(|w| !w.is_empty()).ok_or_else(bad_header)?;
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad_header)?;
    let (cols, rows): (usize, usize) = match (w.parse(), h.parse()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(bad_header()),
    };
    let mut moves = Vec::new();
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        // Moves are numbers joined by commas; anything else (names, `-1`) ends them.
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let numeric = fields.iter().all(|f| {
            !f.is_empty()
                && f.trim_start_matches('-')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
        });
        if fields.len() < 2 || !numeric {
            break;
        }
        if fields.len() > 3 {
            return Err(InputError::new(format!(
                "line {number}: '{}' has {} numbers; a move is x,y or x,y,milliseconds",
                shorten(line),
                fields.len()
            )));
        }
        let coordinate = |f: &str, limit: usize| {
            f.parse::<usize>()
                .ok()
                .filter(|&v| (1..=limit).contains(&v))
        };
        match (coordinate(fields[0], cols), coordinate(fields[1], rows)) {
            (Some(x), Some(y)) => moves.push((number, Pos::new(y - 1, x - 1))),
            _ => {
                return Err(InputError::new(format!(
                    "line {number}: {},{} is off the {cols}x{rows} board (x from 1 to {cols}, y from 1 to {rows})",
                    fields[0], fields[1]
                )))
            }
        }
    }
    Ok(PsqRecord { rows, cols, moves })
}

/// Plays a record's moves on a board of its size under `rule`; the error names the line
/// of the first move that cannot be played, and why.
pub fn replay_psq(text: &str, rule: Rule) -> Result<Board, InputError> {
    let record = parse_psq(text)?;
    let mut board = Board::new(record.rows, record.cols, rule)
        .map_err(|e| InputError::new(format!("line 1: {e}")))?;
    for &(line, pos) in &record.moves {
        if let Err(e) = board.play(pos) {
            let why = match e {
                super::MoveError::GameOver => format!(
                    "comes after the end: the game was over after {} moves",
                    board.stone_count()
                ),
                other => other.to_string(),
            };
            return Err(InputError::new(format!(
                "line {line}: the move {},{} ({}): {why}",
                pos.col + 1,
                pos.row + 1,
                super::notation::cell_name(board.rows(), pos)
            )));
        }
    }
    Ok(board)
}

/// The record of `board`'s game. `millis` gives each move's time where known (missing
/// entries are written as 0); `players` names X and O.
pub fn format_psq(board: &Board, millis: &[u64], players: [&str; 2]) -> String {
    let mut s = format!("Piskvorky {}x{}, 11:11, 0\n", board.cols(), board.rows());
    for (i, pos) in board.moves().iter().enumerate() {
        let ms = millis.get(i).copied().unwrap_or(0);
        let _ = writeln!(s, "{},{},{ms}", pos.col + 1, pos.row + 1);
    }
    for name in players {
        // A name must not read as a move or the end mark.
        let name: String = name.chars().filter(|c| !c.is_control()).collect();
        let _ = writeln!(s, "{}", name.trim());
    }
    s.push_str("-1\n");
    s
}

fn shorten(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}
