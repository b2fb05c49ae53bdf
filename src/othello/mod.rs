//! Othello (8x8): bitboard position, the original levels, search and the exact endgame solver.

pub mod board;
pub mod endgame;
pub mod eval;
pub mod levels;
pub mod notation;
pub mod patterns;
pub mod search;
pub mod selfplay;
pub mod train;
pub mod weights;

pub use board::{perft, MoveError, PassRule, Position, Square, Squares};
pub use endgame::{Solution, Solver};
pub use levels::{new_bot, new_bot_with_budget, play_game, Level, OthelloBot};
pub use notation::{format_obf, parse_obf, parse_obf_prefix, parse_square};

/// A cheap deterministic generator of random-looking bitboards (xorshift64), for the unit
/// tests.
#[cfg(test)]
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// A random position for the unit tests: about three quarters of the squares taken, split
/// at random between `player` and `opponent`.
#[cfg(test)]
pub(crate) fn random_board(next: &mut impl FnMut() -> u64) -> (u64, u64) {
    let occupied = next() | next();
    let player = occupied & next();
    (player, occupied & !player)
}
