//! Text forms: squares like `d3` and OBF positions.
//!
//! OBF: 64 characters for a1..h8 rank by rank (`X` Black, `O` White, `-` empty), a space,
//! then the side to move (`X` or `O`). Anything after that is ignored, so the lines of FFO
//! files (which add `; MOVE:SCORE` lists) parse as they are.

use super::board::{Position, Square};
use crate::game::{InputError, Side};

/// Parses a square like `d3` or `D3`: file letter a..h, then rank 1..8.
pub fn parse_square(text: &str) -> Result<Square, InputError> {
    let t = text.trim();
    let bad = |why: &str| {
        InputError::new(format!(
            "bad square '{t}': {why} (expected a file letter a..h and a rank 1..8, like d3)"
        ))
    };
    let mut chars = t.chars();
    let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(bad("wrong length"));
    };
    let file = file.to_ascii_lowercase();
    if !('a'..='h').contains(&file) {
        return Err(bad("the file must be a letter a..h"));
    }
    if !('1'..='8').contains(&rank) {
        return Err(bad("the rank must be a digit 1..8"));
    }
    let col = file as usize - 'a' as usize;
    let row = rank as usize - '1' as usize;
    Ok(Square::new(row, col).expect("row and col checked to be in 0..8"))
}

/// Parses an OBF position (see the module documentation).
pub fn parse_obf(text: &str) -> Result<Position, InputError> {
    parse_obf_prefix(text).map(|(position, _)| position)
}

/// Parses the OBF position at the start of `text` and hands back the rest of the line after
/// the side to move (a label, an FFO move list), untrimmed.
pub fn parse_obf_prefix(text: &str) -> Result<(Position, &str), InputError> {
    let t = text.trim_start();
    let count = t.chars().take(64).count();
    if count < 64 {
        return Err(InputError::new(format!(
            "OBF position too short: {count} board characters, expected 64 (X, O or -) then a space and the side to move",
        )));
    }
    let mut chars = t.char_indices();
    let (mut black, mut white) = (0u64, 0u64);
    for i in 0..64 {
        let (_, c) = chars.next().expect("64 characters counted");
        match c {
            'X' | 'x' | '*' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            other => {
                let sq = Square::from_index(i).expect("i < 64");
                return Err(InputError::new(format!(
                    "bad OBF character '{other}' for square {sq}: expected X, O or -"
                )));
            }
        }
    }
    if !matches!(chars.next(), Some((_, c)) if c.is_whitespace()) {
        return Err(InputError::new(
            "OBF position: expected a space after the 64 board characters, then the side to move (X or O)",
        ));
    }
    let (at, c) =
        match chars.find(|&(_, c)| !c.is_whitespace()) {
            Some(found) => found,
            None => return Err(InputError::new(
                "OBF position has no side to move: expected X (Black) or O (White) after the board",
            )),
        };
    let side = match c {
        'X' | 'x' | '*' => Side::First,
        'O' | 'o' => Side::Second,
        other => {
            return Err(InputError::new(format!(
                "bad side to move '{other}' in OBF position: expected X (Black) or O (White)"
            )))
        }
    };
    let rest = &t[at + c.len_utf8()..];
    Ok((Position::from_discs(black, white, side), rest))
}

/// The OBF form of `position`; [`parse_obf`] reads it back.
pub fn format_obf(position: &Position) -> String {
    let mut s: String = (0..64)
        .map(
            |i| match position.at(Square::from_index(i).expect("i < 64")) {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None => '-',
            },
        )
        .collect();
    s.push(' ');
    s.push(match position.side_to_move() {
        Side::First => 'X',
        Side::Second => 'O',
    });
    s
}

/// A game's moves as one string of squares, `f5d6c3`: passes are left out, as in the
/// transcripts Othello players exchange (a pass is forced, so the moves say where it fell).
pub fn format_moves(moves: &[Square]) -> String {
    moves.iter().map(|s| s.to_string()).collect()
}

/// A game replayed from `start`: the moves, and after each one whether the next side had
/// to pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position after the last move (and any pass it forced).
    pub position: Position,
    /// Each move and whether the side after it passed.
    pub moves: Vec<(Square, bool)>,
}

/// Plays a move string (see [`format_moves`]; spaces or commas between moves are allowed)
/// from `start`, passing for a side with no move as the game does. The error names the
/// first bad move and why (not a square, taken, illegal, after the end).
pub fn replay_moves(start: Position, text: &str) -> Result<Replay, InputError> {
    let mut position = start;
    let mut moves = Vec::new();
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    for (i, pair) in chars.chunks(2).enumerate() {
        let number = i + 1;
        let name: String = pair.iter().collect();
        let square = parse_square(&name).map_err(|_| {
            InputError::new(format!(
                "move {number} ('{name}') is not a square: expected a file letter a..h and a rank 1..8, like d3"
            ))
        })?;
        let name = square.to_string();
        if position.is_game_over() {
            return Err(InputError::new(format!(
                "move {number} ({name}) comes after the end: the game was over after move {}",
                number - 1
            )));
        }
        position.play(square).map_err(|e| {
            InputError::new(match e {
                super::MoveError::Occupied => format!("move {number} ({name}) is already taken"),
                _ => format!("move {number} ({name}) is illegal: it flips nothing"),
            })
        })?;
        let passed = position.must_pass();
        if passed {
            position.pass_unchecked();
        }
        moves.push((square, passed));
    }
    Ok(Replay { position, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let text = "---------------------------OX------XO--------------------------- X";
        let pos = parse_obf(text).unwrap();
        assert_eq!(pos, Position::start());
        assert_eq!(format_obf(&pos), text);
    }
}
