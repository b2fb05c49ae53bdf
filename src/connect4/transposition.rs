//! The transposition table: a fixed-size hash of position keys to score bounds.

/// One slot: the low 32 bits of the hashed key and an 8-bit value, packed in 5 bytes so
/// that a probe touches one cache line, not two arrays.
#[derive(Clone, Copy, Default)]
#[repr(C, packed)]
struct Entry {
    key: u32,
    value: u8,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
/// Position keys are below 2^49 (see `Board::key`).
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
/// An odd multiplier: multiplication by an odd number is a bijection modulo 2^49, and it
/// spreads every bit of the key into the high bits used as the slot index.
const MIXER: u64 = 0x9E37_79B9_7F4A_7C15 | 1;
/// Fewest slots: 2^17, so that the slot index (the top `index_bits` of the hashed key)
/// and the 32 stored bits together hold all 49 bits.
const MIN_INDEX_BITS: u32 = KEY_BITS - 32;
/// Most slots: 2^32 (20 GiB), far beyond any sensible use.
const MAX_INDEX_BITS: u32 = 32;

/// Maps position keys to small values (0 means "nothing stored").
///
/// A key is hashed by a bijection `h` of 49 bits; its slot is the top bits of `h` and the
/// slot stores the low 32 bits. Since the slot index has at least 17 bits, index and stored
/// bits together are all of `h`: a match is exact, never a collision.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    index_bits: u32,
}

impl TranspositionTable {
    /// A table with the most slots (a power of two) that fit in `bytes`, and at least 2^17
    /// slots (640 KiB).
    pub fn with_bytes(bytes: usize) -> TranspositionTable {
        let slots = (bytes / ENTRY_BYTES).max(1);
        let index_bits =
            (usize::BITS - 1 - slots.leading_zeros()).clamp(MIN_INDEX_BITS, MAX_INDEX_BITS);
        let slots = 1usize << index_bits;
        let mut entries = Vec::with_capacity(slots);
        // Before the first write, so that the kernel can back the table with huge pages.
        advise_huge_pages(entries.as_mut_ptr() as usize, slots * ENTRY_BYTES);
        entries.resize(slots, Entry::default());
        TranspositionTable {
            entries,
            index_bits,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Bytes used by the table.
    pub fn bytes(&self) -> usize {
        self.len() * ENTRY_BYTES
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The slot and the stored bits of `key`.
    fn locate(&self, key: u64) -> (usize, u32) {
        let h = key.wrapping_mul(MIXER) & KEY_MASK;
        ((h >> (KEY_BITS - self.index_bits)) as usize, h as u32)
    }

    /// Stores `value` (non-zero) for `key`, replacing whatever was in its slot.
    pub fn put(&mut self, key: u64, value: u8) {
        let (i, stored) = self.locate(key);
        self.entries[i] = Entry { key: stored, value };
    }

    /// Starts loading the slot of `key` into the cache, so that a `get` soon after does not
    /// wait for memory. A hint only: it changes no result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (i, _) = self.locate(key);
            let ptr = self.entries[i..].as_ptr() as *const i8;
            // SAFETY: `ptr` points into the table; a prefetch reads nothing and cannot fault.
            unsafe {
                std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The value stored for `key`, or 0.
    pub fn get(&self, key: u64) -> u8 {
        let (i, stored) = self.locate(key);
        let entry = self.entries[i];
        if { entry.key } == stored {
            entry.value
        } else {
            0
        }
    }
}

/// Asks Linux to back `len` bytes at `addr` with huge pages (where transparent huge pages
/// are on "madvise"). Almost every probe of a large table misses the cache; with 4 KiB pages
/// it also misses the TLB, and the page walk costs as much again. A hint only: failure is
/// harmless.
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
fn advise_huge_pages(addr: usize, len: usize) {
    const PAGE: usize = 4096;
    // madvise wants a page-aligned start: advise the whole pages inside the buffer.
    let start = addr.next_multiple_of(PAGE);
    let end = (addr + len) / PAGE * PAGE;
    if end > start {
        // SAFETY: the range lies inside an allocation this table owns; MADV_HUGEPAGE only
        // changes how the kernel backs it, never its contents or validity.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
fn advise_huge_pages(_addr: usize, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let tt = TranspositionTable::with_bytes(64 << 20);
        assert_eq!(tt.len(), 1 << 23);
        assert!(tt.bytes() <= 64 << 20);
        assert_eq!(TranspositionTable::with_bytes(0).len(), 1 << 17);
    }

    #[test]
    fn keys_sharing_a_slot_are_told_apart() {
        let mut tt = TranspositionTable::with_bytes(0);
        // Find two keys with the same slot: they must differ in the stored bits.
        let (slot, _) = tt.locate(12345);
        let other = (12346..).find(|&k| tt.locate(k).0 == slot).unwrap();
        tt.put(12345, 7);
        assert_eq!(tt.get(12345), 7);
        assert_eq!(tt.get(other), 0);
        tt.put(other, 9);
        assert_eq!(tt.get(12345), 0);
        assert_eq!(tt.get(other), 9);
    }
}
