//! The pattern features of the trained evaluation.
//!
//! A pattern is a fixed set of squares (an edge with its two X-squares, a 2x5 or 3x3
//! corner block, a line, a diagonal); its value in a position is the base-3 number of the
//! squares' contents (0 empty, 1 the side to move, 2 the opponent), read in a fixed order.
//! Each pattern family is placed on the board in every orientation the eight symmetries of
//! the board give it, and all placements of a family share one weight table, so the
//! evaluation is the same for a position and its mirror images.
//!
//! The placements are read off transformed boards: the pattern is defined once near a1,
//! and the board is flipped, mirrored or transposed so that each placement lands there.
//! Lines (edges, rows, diagonals) read the same backwards and the 3x3 corner reads the same
//! transposed: such pairs of indices share a weight ([`Family::tied`]).

/// A family of patterns: one weight table for all its placements.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    pub name: &'static str,
    /// Squares in the pattern.
    pub cells: u32,
    /// Placements on the board.
    pub placements: usize,
    /// The reading of the same squares under the family's own symmetry: digit `i` of the
    /// mirrored index is digit `mirror[i]` of the index. Empty when there is none.
    pub mirror: &'static [u8],
}

impl Family {
    /// 3^cells: the number of indices.
    pub const fn size(&self) -> usize {
        3usize.pow(self.cells)
    }
}

const REVERSE_4: [u8; 4] = [3, 2, 1, 0];
const REVERSE_5: [u8; 5] = [4, 3, 2, 1, 0];
const REVERSE_6: [u8; 6] = [5, 4, 3, 2, 1, 0];
const REVERSE_7: [u8; 7] = [6, 5, 4, 3, 2, 1, 0];
const REVERSE_8: [u8; 8] = [7, 6, 5, 4, 3, 2, 1, 0];
/// The edge a1..h1 then b2, g2, read from h1: h1..a1, g2, b2.
const EDGE_MIRROR: [u8; 10] = [7, 6, 5, 4, 3, 2, 1, 0, 9, 8];
/// The 3x3 corner a1 b1 c1 / a2 b2 c2 / a3 b3 c3 read down the files instead.
const CORNER3_MIRROR: [u8; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];

/// The pattern families, in the order of [`features`]' output.
pub const FAMILIES: [Family; 11] = [
    Family {
        name: "edge+2X",
        cells: 10,
        placements: 4,
        mirror: &EDGE_MIRROR,
    },
    Family {
        name: "corner 2x5",
        cells: 10,
        placements: 8,
        mirror: &[],
    },
    Family {
        name: "corner 3x3",
        cells: 9,
        placements: 4,
        mirror: &CORNER3_MIRROR,
    },
    Family {
        name: "line 2",
        cells: 8,
        placements: 4,
        mirror: &REVERSE_8,
    },
    Family {
        name: "line 3",
        cells: 8,
        placements: 4,
        mirror: &REVERSE_8,
    },
    Family {
        name: "line 4",
        cells: 8,
        placements: 4,
        mirror: &REVERSE_8,
    },
    Family {
        name: "diagonal 8",
        cells: 8,
        placements: 2,
        mirror: &REVERSE_8,
    },
    Family {
        name: "diagonal 7",
        cells: 7,
        placements: 4,
        mirror: &REVERSE_7,
    },
    Family {
        name: "diagonal 6",
        cells: 6,
        placements: 4,
        mirror: &REVERSE_6,
    },
    Family {
        name: "diagonal 5",
        cells: 5,
        placements: 4,
        mirror: &REVERSE_5,
    },
    Family {
        name: "diagonal 4",
        cells: 4,
        placements: 4,
        mirror: &REVERSE_4,
    },
];

/// Placements of all families together.
pub const PLACEMENTS: usize = 46;

/// `TERNARY[bits]`: the base-3 number whose digit `i` is bit `i` of `bits` (10 bits).
static TERNARY: [u16; 1024] = build_ternary();

const fn build_ternary() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let (mut value, mut power, mut i) = (0u32, 1u32, 0);
        while i < 10 {
            if bits >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value as u16;
        bits += 1;
    }
    table
}

/// The board mirrored left to right (file a <-> file h).
#[inline]
pub fn mirror(x: u64) -> u64 {
    let x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    let x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((x & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// The board flipped top to bottom (rank 1 <-> rank 8).
#[inline]
pub fn flip(x: u64) -> u64 {
    x.swap_bytes()
}

/// The board transposed about the a1-h8 diagonal: (rank r, file f) -> (rank f, file r).
#[inline]
pub fn transpose(x: u64) -> u64 {
    // Three swaps of blocks across the diagonal: single squares, 2x2 blocks, 4x4 blocks.
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    let x = x ^ t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    let x = x ^ t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// Gathers the squares of `mask` (at most one a file) into a byte, file a at bit 0.
#[inline(always)]
fn by_file(x: u64, mask: u64) -> u64 {
    (x & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// The 8 orientations of a board: as is, flipped, mirrored, both; and the same transposed.
#[inline(always)]
fn orientations(x: u64) -> [u64; 8] {
    let t = transpose(x);
    let m = mirror(x);
    let mt = mirror(t);
    [x, flip(x), m, flip(m), t, flip(t), mt, flip(mt)]
}

/// The diagonal masks parallel to a1-h8 below it (starting on file a) and above it
/// (starting on rank 1), by length 4..=7.
const fn diagonal(length: u32, below: bool) -> u64 {
    let mut mask = 0u64;
    let offset = 8 - length;
    let mut i = 0;
    while i < length {
        let (row, col) = if below {
            (i + offset, i)
        } else {
            (i, i + offset)
        };
        mask |= 1u64 << (row * 8 + col);
        i += 1;
    }
    mask
}

/// The shorter diagonals parallel to a1-h8: (length, the one below, the one above).
const DIAGONALS: [(u32, u64, u64); 4] = [
    (7, diagonal(7, true), diagonal(7, false)),
    (6, diagonal(6, true), diagonal(6, false)),
    (5, diagonal(5, true), diagonal(5, false)),
    (4, diagonal(4, true), diagonal(4, false)),
];

/// Writes the index of every placement, family by family in [`FAMILIES`] order, for the
/// side to move with discs `player` against `opponent`.
#[inline]
pub fn features(player: u64, opponent: u64, out: &mut [u16; PLACEMENTS]) {
    let p = orientations(player);
    let o = orientations(opponent);
    let index = |pb: u64, ob: u64| TERNARY[pb as usize] + 2 * TERNARY[ob as usize];
    let mut k = 0;
    let mut put = |value: u16| {
        out[k] = value;
        k += 1;
    };
    // Edges with their X-squares: ranks 1 and 8, files a and h.
    for b in [0, 1, 4, 5] {
        let g = |x: u64| (x & 0xff) | ((x >> 9) & 1) << 8 | ((x >> 14) & 1) << 9;
        put(index(g(p[b]), g(o[b])));
    }
    // 2x5 corner blocks: every corner, along the rank and along the file.
    for b in 0..8 {
        let g = |x: u64| (x & 0x1f) | ((x >> 3) & 0x3e0);
        put(index(g(p[b]), g(o[b])));
    }
    // 3x3 corner blocks.
    for b in 0..4 {
        let g = |x: u64| (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1c0);
        put(index(g(p[b]), g(o[b])));
    }
    // The second, third and fourth lines from each edge.
    for line in 1..4 {
        for b in [0, 1, 4, 5] {
            let g = |x: u64| (x >> (8 * line)) & 0xff;
            put(index(g(p[b]), g(o[b])));
        }
    }
    // The long diagonals.
    for b in [0, 1] {
        const MAIN: u64 = 0x8040_2010_0804_0201;
        put(index(by_file(p[b], MAIN), by_file(o[b], MAIN)));
    }
    // Shorter diagonals, both sides of each long one.
    for (length, below, above) in DIAGONALS {
        let skip = 8 - length;
        for b in [0, 1] {
            put(index(by_file(p[b], below), by_file(o[b], below)));
            put(index(
                by_file(p[b], above) >> skip,
                by_file(o[b], above) >> skip,
            ));
        }
    }
    debug_assert_eq!(k, PLACEMENTS);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::{random_board, xorshift};

    /// The squares of each family's pattern as (rank, file) in reading order, near a1.
    fn family_squares() -> Vec<Vec<(u32, u32)>> {
        let mut edge: Vec<(u32, u32)> = (0..8).map(|f| (0, f)).collect();
        edge.extend([(1, 1), (1, 6)]);
        let corner25 = (0..2).flat_map(|r| (0..5).map(move |f| (r, f))).collect();
        let corner33 = (0..3).flat_map(|r| (0..3).map(move |f| (r, f))).collect();
        let line = |r: u32| (0..8).map(|f| (r, f)).collect::<Vec<_>>();
        let diag = |len: u32| (0..len).map(|i| (i + 8 - len, i)).collect::<Vec<_>>();
        vec![
            edge,
            corner25,
            corner33,
            line(1),
            line(2),
            line(3),
            diag(8),
            diag(7),
            diag(6),
            diag(5),
            diag(4),
        ]
    }

    /// A map of (rank, file) squares.
    type SquareMap = fn(u32, u32) -> (u32, u32);

    /// The eight symmetries of the board as maps of (rank, file).
    fn symmetries() -> Vec<SquareMap> {
        vec![
            |r, f| (r, f),
            |r, f| (7 - r, f),
            |r, f| (r, 7 - f),
            |r, f| (7 - r, 7 - f),
            |r, f| (f, r),
            |r, f| (7 - f, r),
            |r, f| (f, 7 - r),
            |r, f| (7 - f, 7 - r),
        ]
    }

    fn digit(player: u64, opponent: u64, (r, f): (u32, u32)) -> u32 {
        let bit = 1u64 << (r * 8 + f);
        if player & bit != 0 {
            1
        } else if opponent & bit != 0 {
            2
        } else {
            0
        }
    }

    /// The index of a pattern read square by square at the given squares.
    fn read(player: u64, opponent: u64, squares: &[(u32, u32)]) -> u16 {
        let mut index = 0;
        for &sq in squares.iter().rev() {
            index = index * 3 + digit(player, opponent, sq);
        }
        index as u16
    }

    fn mirrored_index(family: &Family, index: u16) -> u16 {
        let digits: Vec<u32> = (0..family.cells)
            .map(|i| (index as u32 / 3u32.pow(i)) % 3)
            .collect();
        let mut out = 0;
        for i in (0..family.cells as usize).rev() {
            out = out * 3 + digits[family.mirror[i] as usize];
        }
        out as u16
    }

    /// Each family's placements as the canonical indices (each index or its mirror
    /// reading, the smaller), sorted: what a weight table sees.
    fn canonical_multiset(player: u64, opponent: u64) -> Vec<Vec<u16>> {
        let mut out = [0; PLACEMENTS];
        features(player, opponent, &mut out);
        let mut k = 0;
        FAMILIES
            .iter()
            .map(|family| {
                let mut v: Vec<u16> = out[k..k + family.placements]
                    .iter()
                    .map(|&i| {
                        if family.mirror.is_empty() {
                            i
                        } else {
                            i.min(mirrored_index(family, i))
                        }
                    })
                    .collect();
                k += family.placements;
                v.sort_unstable();
                v
            })
            .collect()
    }

    #[test]
    fn transforms_match_their_square_maps() {
        let mut next = xorshift(99);
        for _ in 0..100 {
            let x = next();
            let maps: [(u64, SquareMap); 3] = [
                (mirror(x), |r, f| (r, 7 - f)),
                (flip(x), |r, f| (7 - r, f)),
                (transpose(x), |r, f| (f, r)),
            ];
            for (y, map) in maps {
                for r in 0..8 {
                    for f in 0..8 {
                        let (r2, f2) = map(r, f);
                        assert_eq!(y >> (r2 * 8 + f2) & 1, x >> (r * 8 + f) & 1);
                    }
                }
            }
        }
    }

    #[test]
    fn placements_read_their_squares() {
        // Every placement is some symmetry's image of the family's pattern, read in order:
        // its index equals the square-by-square reading of the pattern on the transformed
        // squares, for one symmetry each, and each placement covers different squares.
        let squares = family_squares();
        let mut next = xorshift(12345);
        // Fixed boards find the symmetry of each placement; random ones then check it.
        let boards: Vec<(u64, u64)> = (0..200).map(|_| random_board(&mut next)).collect();
        let mut k = 0;
        for (family, pattern) in FAMILIES.iter().zip(&squares) {
            assert_eq!(pattern.len() as u32, family.cells, "{}", family.name);
            let mut covered = Vec::new();
            for _ in 0..family.placements {
                let sym = symmetries()
                    .into_iter()
                    .find(|sym| {
                        let moved: Vec<(u32, u32)> =
                            pattern.iter().map(|&(r, f)| sym(r, f)).collect();
                        boards.iter().all(|&(p, o)| {
                            let mut out = [0; PLACEMENTS];
                            features(p, o, &mut out);
                            out[k] == read(p, o, &moved)
                        })
                    })
                    .unwrap_or_else(|| panic!("{} placement {k} reads no image", family.name));
                let mut set: Vec<(u32, u32)> = pattern.iter().map(|&(r, f)| sym(r, f)).collect();
                set.sort_unstable();
                assert!(
                    !covered.contains(&set),
                    "{} placement {k} repeats",
                    family.name
                );
                covered.push(set);
                k += 1;
            }
        }
        assert_eq!(k, PLACEMENTS);
    }

    #[test]
    fn weight_tables_see_the_same_under_every_symmetry() {
        let mut next = xorshift(777);
        for _ in 0..300 {
            let (player, opponent) = random_board(&mut next);
            let reference = canonical_multiset(player, opponent);
            for sym in symmetries() {
                let map = |x: u64| {
                    let mut y = 0;
                    for r in 0..8 {
                        for f in 0..8 {
                            if x >> (r * 8 + f) & 1 == 1 {
                                let (r2, f2) = sym(r, f);
                                y |= 1u64 << (r2 * 8 + f2);
                            }
                        }
                    }
                    y
                };
                assert_eq!(canonical_multiset(map(player), map(opponent)), reference);
            }
        }
    }
}
