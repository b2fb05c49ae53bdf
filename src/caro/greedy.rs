//! The "Greedy" level: the attack/defense scorer of the original Caro article.
//!
//! Every empty cell gets an attack score, from the longest run the bot would make through it,
//! plus a defense score, from the longest run the opponent would make there minus one (the
//! opponent stones the cell would cut). The highest sum wins; ties are broken at random.
//! Two bugs of the original are fixed: runs longer than the tables are capped at the top
//! key (the JavaScript read `undefined` and got NaN), and the bot scores from the side to move
//! (the original always scored as if it were O).

use super::board::{Board, Pos};
use super::rules::{run_through, DIRECTIONS};
use crate::game::Side;
use rand::Rng;

/// Score of a move that wins at once (the article's "5 -> win"); above any other sum.
pub const WIN_SCORE: u64 = 1 << 40;

/// Attack score by the length of the own run through the cell (1..=4; 5 is a win).
const ATTACK: [u64; 5] = [0, 100, 300, 500, 2000];
/// Defense score by the opponent's run through the cell minus one (0..=4).
const DEFENSE: [u64; 5] = [0, 10, 400, 1000, 999_999];

/// The longest run `side` would have through `pos`, over the four directions.
fn longest_run(board: &Board, pos: Pos, side: Side) -> usize {
    DIRECTIONS
        .iter()
        .map(|&dir| run_through(board, pos, side, dir).len)
        .max()
        .unwrap_or(1)
}

/// The article's attack score of `pos` for `side`. A move that wins under the board's rule
/// scores [`WIN_SCORE`]; any other run is capped at the table's top entry.
pub fn attack_score(board: &Board, pos: Pos, side: Side) -> u64 {
    if board.wins_with(pos, side) {
        return WIN_SCORE;
    }
    ATTACK[longest_run(board, pos, side).min(4)]
}

/// The article's defense score of `pos` against `side`'s opponent.
pub fn defense_score(board: &Board, pos: Pos, side: Side) -> u64 {
    let cut = longest_run(board, pos, side.opponent()) - 1;
    DEFENSE[cut.min(4)]
}

/// Attack plus defense for the side to move.
pub fn score(board: &Board, pos: Pos) -> u64 {
    let side = board.to_move();
    attack_score(board, pos, side) + defense_score(board, pos, side)
}

/// The Greedy bot's move: a best-scoring legal cell, chosen at random among equals. On an
/// empty board it takes the centre (every cell ties there, and a corner opening looks broken).
pub fn choose_move<R: Rng + ?Sized>(board: &Board, rng: &mut R) -> Option<Pos> {
    if board.is_over() {
        return None;
    }
    if board.stone_count() == 0 {
        return Some(Pos::new(board.rows() / 2, board.cols() / 2));
    }
    let mut best = Vec::new();
    let mut best_score = 0;
    for pos in board.empty_cells() {
        if board.check_move(pos).is_err() {
            continue;
        }
        let s = score(board, pos);
        if s > best_score || best.is_empty() {
            best.clear();
            best_score = s;
        }
        if s == best_score {
            best.push(pos);
        }
    }
    if best.is_empty() {
        return None;
    }
    Some(best[rng.random_range(0..best.len())])
}
