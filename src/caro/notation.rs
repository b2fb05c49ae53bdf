//! A plain-text form of a Caro position: what the web worker receives and the CLI reads.
//!
//! `RULE ROWSxCOLS [MOVE ...]`, for example `caro 15x15 7,7 7,8 8,8`: the rule name, the
//! board size (rows first), then the moves in the order they were played, X first, each
//! `row,col` 0-based from the top-left corner.

use super::board::{Board, MoveError, Pos};
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

/// The letters of column `col` (0-based from the left): `a` ... `z`, then `aa`, `ab`, ...
/// as spreadsheets count, so every column of a 60-wide board has a name.
pub fn column_name(col: usize) -> String {
    let mut name = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        n -= 1;
        name.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

/// A cell as players name it on a board of `rows` rows: the column letters, then the row
/// number counted from 1 at the bottom. On 15x15 the centre (row 7, col 7) is `h8`.
pub fn cell_name(rows: usize, pos: Pos) -> String {
    format!("{}{}", column_name(pos.col), rows - pos.row)
}

/// Reads a cell name like `h8` (any case) on a `rows` x `cols` board; the error says what
/// is wrong with it, off the board included.
pub fn parse_cell_name(rows: usize, cols: usize, text: &str) -> Result<Pos, InputError> {
    let t = text.trim().to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(t.len());
    let (letters, digits) = t.split_at(split);
    if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(InputError::new(format!(
            "'{}' is not a cell: expected column letters and a row number, like h8",
            text.trim()
        )));
    }
    let off = || InputError::new(format!("{t} is off the {rows}x{cols} board"));
    // Three letters already name column 703; longer names cannot be on any board.
    if letters.len() > 3 {
        return Err(off());
    }
    let col = letters
        .bytes()
        .fold(0usize, |acc, b| acc * 26 + (b - b'a') as usize + 1)
        - 1;
    let number: usize = digits.parse().map_err(|_| off())?;
    if col >= cols || number == 0 || number > rows {
        return Err(off());
    }
    Ok(Pos::new(rows - number, col))
}

/// Splits a move string like `h8i9h9` (spaces or commas between moves allowed) into its
/// cell names, without checking them against a board.
pub fn split_moves(text: &str) -> Result<Vec<String>, InputError> {
    let mut moves = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_alphabetic() {
            i += 1;
        }
        let letters_end = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if letters_end == start || i == letters_end {
            // Point at the offending text: up to the next separator.
            let mut end = i.max(start + 1);
            while end < chars.len()
                && !chars[end].is_whitespace()
                && !chars[end].is_ascii_alphabetic()
            {
                end += 1;
            }
            let bad: String = chars[start..end.min(chars.len())].iter().collect();
            return Err(InputError::new(format!(
                "move {} ('{bad}') is not a cell: expected column letters and a row number, like h8",
                moves.len() + 1
            )));
        }
        moves.push(
            chars[start..i]
                .iter()
                .collect::<String>()
                .to_ascii_lowercase(),
        );
    }
    Ok(moves)
}

/// The game's moves as one string of cell names, `h8i9h9`: what a link's `moves=` holds.
pub fn format_moves(board: &Board) -> String {
    board
        .moves()
        .iter()
        .map(|&p| cell_name(board.rows(), p))
        .collect()
}

/// Why the move numbered `number` (1-based) cannot be played on `board`, in words.
fn refusal(board: &Board, number: usize, name: &str, err: MoveError) -> InputError {
    let why = match err {
        MoveError::OutsideBoard => format!("is off the {}x{} board", board.rows(), board.cols()),
        MoveError::Occupied => "is already taken".to_string(),
        MoveError::GameOver => format!(
            "comes after the end: the game was over after move {}",
            board.stone_count()
        ),
        MoveError::Forbidden(kind) => format!("is illegal: forbidden for X under renju ({kind})"),
    };
    InputError::new(format!("move {number} ({name}) {why}"))
}

/// Plays a move string (see [`format_moves`]) on an empty board of this size and rule; the
/// error names the first bad move and why (not a cell, off the board, taken, illegal,
/// after the end).
pub fn replay_moves(rows: usize, cols: usize, rule: Rule, text: &str) -> Result<Board, InputError> {
    let mut board = Board::new(rows, cols, rule)?;
    for (i, name) in split_moves(text)?.iter().enumerate() {
        let pos = parse_cell_name(rows, cols, name)
            .map_err(|_| refusal(&board, i + 1, name, MoveError::OutsideBoard))?;
        board
            .play(pos)
            .map_err(|e| refusal(&board, i + 1, name, e))?;
    }
    Ok(board)
}
