//! Orders the moves of one node, best-looking first.

use super::position::WIDTH;

/// A small insertion-sorted list of moves (one-bit bitboards) and their scores.
/// Moves with equal scores come out in the reverse of the order they were added, so adding
/// them edge columns first makes ties come out centre first.
pub struct MoveSorter {
    len: usize,
    entries: [(u64, u32); WIDTH],
}

impl MoveSorter {
    pub fn new() -> MoveSorter {
        MoveSorter {
            len: 0,
            entries: [(0, 0); WIDTH],
        }
    }

    /// Adds a move; at most `WIDTH` moves.
    pub fn add(&mut self, stone: u64, score: u32) {
        let mut i = self.len;
        self.len += 1;
        while i > 0 && self.entries[i - 1].1 > score {
            self.entries[i] = self.entries[i - 1];
            i -= 1;
        }
        self.entries[i] = (stone, score);
    }
}

impl Default for MoveSorter {
    fn default() -> Self {
        MoveSorter::new()
    }
}

impl Iterator for MoveSorter {
    type Item = u64;

    /// The best remaining move.
    fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len].0)
    }
}
