//! The transposition table: a fixed-size hash of position keys to score bounds.

/// Bytes per entry: a 32-bit partial key and an 8-bit value.
const ENTRY_BYTES: usize = 5;
/// Fewest entries: the partial key plus the slot index must identify a key below 2^49
/// (see [`TranspositionTable::get`]), which needs more than 2^17 slots.
const MIN_ENTRIES: usize = (1 << 17) + 1;

/// Maps position keys to small values (0 means "nothing stored").
///
/// Only the low 32 bits of a key are stored. Because the number of slots is an odd prime
/// `n` and keys are below 2^49 < n * 2^32, the pair (key mod n, key mod 2^32) fixes the
/// key (Chinese remainder theorem): a match on the stored bits in slot `key mod n` is
/// exact, never a collision.
pub struct TranspositionTable {
    keys: Vec<u32>,
    values: Vec<u8>,
}

impl TranspositionTable {
    /// A table using about `bytes` of memory (at least about 640 KiB).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let entries = prime_at_most((bytes / ENTRY_BYTES).max(MIN_ENTRIES));
        TranspositionTable {
            keys: vec![0; entries],
            values: vec![0; entries],
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Bytes used by the table.
    pub fn bytes(&self) -> usize {
        self.len() * ENTRY_BYTES
    }

    pub fn clear(&mut self) {
        self.keys.fill(0);
        self.values.fill(0);
    }

    fn index(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }

    /// Stores `value` (non-zero) for `key`, replacing whatever was in its slot.
    pub fn put(&mut self, key: u64, value: u8) {
        let i = self.index(key);
        self.keys[i] = key as u32;
        self.values[i] = value;
    }

    /// The value stored for `key`, or 0.
    pub fn get(&self, key: u64) -> u8 {
        let i = self.index(key);
        if self.keys[i] == key as u32 {
            self.values[i]
        } else {
            0
        }
    }
}

/// The largest prime not above `n` (n >= 3); above 3 it is odd, as the table needs.
fn prime_at_most(mut n: usize) -> usize {
    while !is_prime(n) {
        n -= 1;
    }
    n
}

fn is_prime(n: usize) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_size_is_prime_and_keys_are_exact() {
        let mut tt = TranspositionTable::with_bytes(1 << 20);
        assert!(is_prime(tt.len()));
        let n = tt.len() as u64;
        // Same slot, same low 32 bits? Impossible below n * 2^32; a different slot instead.
        tt.put(12345, 7);
        assert_eq!(tt.get(12345), 7);
        assert_eq!(tt.get(12345 + n), 0);
        assert_eq!(tt.get(12345 + (1 << 32)), 0);
    }
}
