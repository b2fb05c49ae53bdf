//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist key
//! and checked against the whole key. Sized in megabytes so the browser stays lean.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i32,
    /// Best move as an engine cell index; `u32::MAX` when none.
    pub best: u32,
    pub depth: i8,
    pub bound: Bound,
}

const NO_ENTRY: Entry = Entry {
    key: 0,
    score: 0,
    best: u32::MAX,
    depth: -128,
    bound: Bound::Upper,
};

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MB (a power of two of entries, at least 1024).
    pub fn new(megabytes: usize) -> Table {
        let want = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let mut n = 1024;
        while n * 2 <= want {
            n *= 2;
        }
        Table {
            entries: vec![NO_ENTRY; n],
            mask: n - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(NO_ENTRY);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.depth > -128).then_some(e)
    }

    /// Stores an entry; the newest result always replaces the old one (simple and, with
    /// one search per move, good enough).
    pub fn store(&mut self, entry: Entry) {
        let i = entry.key as usize & self.mask;
        self.entries[i] = entry;
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }
}
