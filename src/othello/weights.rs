//! The layout of the evaluation's weights and their file format.
//!
//! The evaluation has one set of weights per game phase (by the number of empty squares).
//! A set holds one table per pattern family (see [`super::patterns`]), a table for the
//! side to move's number of legal moves, one for the opponent's, and a bias by the parity
//! of the empty squares.
//!
//! In the file, tied indices (a line read forwards and backwards) are stored once, as the
//! "packed" layout; in memory every index has its own entry, so the evaluation needs no
//! extra lookup. The file: the bytes `OEV1`, the number of phases (u8), the packed size of
//! a phase (u32, little endian), then every phase's packed weights (in hundredths of a
//! disc) in a compact code: each value minus the same weight of the phase before, as
//! zigzag varints, with runs of zeros as a varint count.

use super::patterns::{Family, FAMILIES, PLACEMENTS};
use std::sync::OnceLock;

/// Number of phases; a position's phase is [`phase`] of its empty squares.
pub const PHASES: usize = 15;
/// Mobility counts above this share the last entry.
pub const MOBILITY_MAX: usize = 32;

/// The phase of a position with `empties` empty squares: four empties a phase.
#[inline]
pub fn phase(empties: u32) -> usize {
    (empties as usize / 4).min(PHASES - 1)
}

/// Where each part of a phase's weights starts, in the full or the packed layout.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Start of each family's table.
    pub family: [usize; FAMILIES.len()],
    /// Start of the table of each placement (its family's).
    pub placement: [usize; PLACEMENTS],
    pub mobility: usize,
    pub opponent_mobility: usize,
    pub parity: usize,
    /// Weights in a phase.
    pub size: usize,
}

impl Layout {
    const fn new(family_sizes: [usize; FAMILIES.len()]) -> Layout {
        let mut family = [0; FAMILIES.len()];
        let mut placement = [0; PLACEMENTS];
        let mut at = 0;
        let mut k = 0;
        let mut i = 0;
        while i < FAMILIES.len() {
            family[i] = at;
            let mut j = 0;
            while j < FAMILIES[i].placements {
                placement[k] = at;
                k += 1;
                j += 1;
            }
            at += family_sizes[i];
            i += 1;
        }
        let mobility = at;
        let opponent_mobility = mobility + MOBILITY_MAX + 1;
        let parity = opponent_mobility + MOBILITY_MAX + 1;
        Layout {
            family,
            placement,
            mobility,
            opponent_mobility,
            parity,
            size: parity + 2,
        }
    }
}

const fn full_sizes() -> [usize; FAMILIES.len()] {
    let mut sizes = [0; FAMILIES.len()];
    let mut i = 0;
    while i < FAMILIES.len() {
        sizes[i] = FAMILIES[i].size();
        i += 1;
    }
    sizes
}

/// The full layout: every index of every family has its own weight.
pub const FULL_LAYOUT: Layout = Layout::new(full_sizes());

/// For each family, the packed index of every full index (tied pairs share one).
pub fn packing() -> &'static [Vec<u32>; FAMILIES.len()] {
    static PACKING: OnceLock<[Vec<u32>; FAMILIES.len()]> = OnceLock::new();
    PACKING.get_or_init(|| FAMILIES.map(|f| pack_family(&f)))
}

/// The packed layout: tied indices share a weight.
pub fn packed_layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let packing = packing();
        let mut sizes = [0; FAMILIES.len()];
        for (i, p) in packing.iter().enumerate() {
            sizes[i] = p.iter().max().map_or(0, |&m| m as usize + 1);
        }
        Layout::new(sizes)
    })
}

fn pack_family(family: &Family) -> Vec<u32> {
    let n = family.size();
    let mut packed = vec![u32::MAX; n];
    let mut next = 0;
    for index in 0..n {
        if packed[index] != u32::MAX {
            continue;
        }
        packed[index] = next;
        if !family.mirror.is_empty() {
            let m = mirrored(family, index);
            packed[m] = next;
        }
        next += 1;
    }
    packed
}

/// The index of the same squares read in the family's mirrored order.
pub fn mirrored(family: &Family, index: usize) -> usize {
    let mut digits = [0usize; 10];
    let mut x = index;
    for d in digits.iter_mut().take(family.cells as usize) {
        *d = x % 3;
        x /= 3;
    }
    let mut out = 0;
    for i in (0..family.cells as usize).rev() {
        out = out * 3 + digits[family.mirror[i] as usize];
    }
    out
}

/// Expands packed weights (all phases, packed layout) to the full layout.
pub fn expand(packed: &[i16]) -> Vec<i16> {
    let (pl, fl) = (packed_layout(), &FULL_LAYOUT);
    let packing = packing();
    let mut full = vec![0i16; PHASES * fl.size];
    for phase in 0..PHASES {
        let src = &packed[phase * pl.size..(phase + 1) * pl.size];
        let dst = &mut full[phase * fl.size..(phase + 1) * fl.size];
        for (i, map) in packing.iter().enumerate() {
            for (index, &p) in map.iter().enumerate() {
                dst[fl.family[i] + index] = src[pl.family[i] + p as usize];
            }
        }
        let tail = fl.size - fl.mobility;
        dst[fl.mobility..].copy_from_slice(&src[pl.mobility..pl.mobility + tail]);
    }
    full
}

/// Encodes packed weights (all phases) in the file format.
pub fn encode(packed: &[i16]) -> Vec<u8> {
    let size = packed_layout().size;
    assert_eq!(packed.len(), PHASES * size);
    let mut out = b"OEV1".to_vec();
    out.push(PHASES as u8);
    out.extend_from_slice(&(size as u32).to_le_bytes());
    let mut zeros = 0u64;
    let flush = |out: &mut Vec<u8>, zeros: &mut u64| {
        if *zeros > 0 {
            put_varint(out, (*zeros << 1) | 1);
            *zeros = 0;
        }
    };
    for (i, &w) in packed.iter().enumerate() {
        let before = if i >= size { packed[i - size] } else { 0 };
        let delta = w as i32 - before as i32;
        if delta == 0 {
            zeros += 1;
        } else {
            flush(&mut out, &mut zeros);
            let zigzag = ((delta << 1) ^ (delta >> 31)) as u32 as u64;
            put_varint(&mut out, zigzag << 1);
        }
    }
    flush(&mut out, &mut zeros);
    out
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Decodes the file format into packed weights; an error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<Vec<i16>, String> {
    let size = packed_layout().size;
    if bytes.len() < 9 || &bytes[..4] != b"OEV1" {
        return Err("not an evaluation weights file (no OEV1 header)".into());
    }
    if bytes[4] as usize != PHASES {
        return Err(format!("{} phases, expected {PHASES}", bytes[4]));
    }
    let stored = u32::from_le_bytes([bytes[5], bytes[6], bytes[7], bytes[8]]) as usize;
    if stored != size {
        return Err(format!("{stored} weights a phase, expected {size}"));
    }
    let total = PHASES * size;
    let mut packed = Vec::with_capacity(total);
    let mut at = 9;
    while at < bytes.len() {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.get(at) else {
                return Err("the file ends inside a number".into());
            };
            at += 1;
            if shift > 63 {
                return Err("a number is too long".into());
            }
            v |= ((b & 0x7f) as u64) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        let count = if v & 1 == 1 { v >> 1 } else { 1 };
        if packed.len() as u64 + count > total as u64 {
            return Err("more weights than the layout holds".into());
        }
        for _ in 0..count {
            let i = packed.len();
            let before = if i >= size {
                packed[i - size] as i32
            } else {
                0
            };
            let delta = if v & 1 == 1 {
                0
            } else {
                let z = (v >> 1) as u32;
                ((z >> 1) as i32) ^ -((z & 1) as i32)
            };
            let w = before + delta;
            let w = i16::try_from(w).map_err(|_| format!("weight {w} out of range"))?;
            packed.push(w);
        }
    }
    if packed.len() != total {
        return Err(format!("{} weights, expected {total}", packed.len()));
    }
    Ok(packed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_cover_every_family() {
        let full = &FULL_LAYOUT;
        let packed = packed_layout();
        let full_patterns: usize = FAMILIES.iter().map(|f| f.size()).sum();
        assert_eq!(full.mobility, full_patterns);
        assert!(packed.mobility < full.mobility);
        // A tied family packs to about half; 3^n has one self-mirrored index per
        // palindrome.
        let line8 = &packing()[3];
        let classes = line8.iter().max().unwrap() + 1;
        assert_eq!(classes, (6561 + 81) / 2);
        assert_eq!(full.size - full.mobility, packed.size - packed.mobility);
    }

    #[test]
    fn mirrored_reads_backwards() {
        let line = &FAMILIES[3];
        // Digit 0 is 1 (the side to move), the rest empty: backwards, digit 7 is 1.
        assert_eq!(mirrored(line, 1), 3usize.pow(7));
        assert_eq!(mirrored(line, mirrored(line, 1234)), 1234);
    }

    #[test]
    fn files_round_trip_and_bad_files_are_refused() {
        let size = packed_layout().size;
        let mut weights = vec![0i16; PHASES * size];
        let mut next = crate::othello::xorshift(12345);
        for (i, w) in weights.iter_mut().enumerate() {
            let x = next();
            if i % 7 == 0 {
                *w = (x % 2001) as i16 - 1000;
            }
        }
        weights[5] = i16::MIN;
        weights[6] = i16::MAX;
        let bytes = encode(&weights);
        assert_eq!(decode(&bytes).unwrap(), weights);
        assert!(decode(b"nope").unwrap_err().contains("OEV1"));
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        let mut more = bytes.clone();
        more.push(2);
        assert!(decode(&more).unwrap_err().contains("more weights"));
        let mut phases = bytes;
        phases[4] = 3;
        assert!(decode(&phases).unwrap_err().contains("phases"));
    }
}
