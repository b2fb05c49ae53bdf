//! The Othello position as two bitboards, with move generation, flips and stability.
//!
//! A square's bit is `row * 8 + col`: bit 0 is a1, bit 7 is h1, bit 8 is a2, bit 63 is h8.
//! Row 0 is rank 1, shown at the top of the terminal board; col 0 is file a. Shifting a
//! bitboard left by 1 moves every disc one file east (towards h), by 8 one rank up (towards 8).

use crate::game::{Outcome, Side};
use std::fmt;

/// Every square but those on file a: what may receive a disc shifted one file east
/// (a disc shifted east from file h wraps onto file a of the next rank, and must be dropped).
const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but those on file h: the mirror of [`NOT_FILE_A`] for westward shifts.
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Files b..g: a run of discs flanked along a rank or a diagonal never crosses files a or h
/// in its middle, so masking the flanked colour with this stops every wrap-around at once.
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// A square of the board, 0..64 as `row * 8 + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `row` (0 = rank 1) and `col` (0 = file a), if on the board.
    pub fn new(row: usize, col: usize) -> Option<Square> {
        (row < 8 && col < 8).then(|| Square((row * 8 + col) as u8))
    }

    /// The square with bit index `index` (0..64).
    pub fn from_index(index: usize) -> Option<Square> {
        (index < 64).then_some(Square(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for rank 1 (the top row of the terminal board) up to 7 for rank 8.
    pub fn row(self) -> usize {
        self.index() / 8
    }

    /// 0 for file a up to 7 for file h.
    pub fn col(self) -> usize {
        self.index() % 8
    }

    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// The name in upper case, like `D3`: the form of FFO files and the solver's output.
    pub fn upper(self) -> String {
        self.to_string().to_ascii_uppercase()
    }
}

impl fmt::Display for Square {
    /// `d3`: file letter, then rank number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col() as u8) as char, self.row() + 1)
    }
}

/// The squares of a bitboard, lowest bit first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        // x & (x - 1) clears the lowest set bit.
        self.0 &= self.0 - 1;
        Some(Square(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// Moves `bits` by a signed shift: positive shifts go up the bit indices (east, north),
/// negative ones down. Callers mask off discs that wrapped around a rank end.
#[inline(always)]
fn shift(bits: u64, by: i32) -> u64 {
    if by > 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The squares where the player with discs `player` may move against `opponent`.
///
/// For each of the 8 directions, grow from the player's discs through runs of opponent
/// discs (at most 6 long on an 8-wide board); one more step from the end of a run lands on
/// a square that flanks it, which is a move when it is empty.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner = opponent & INNER_FILES;
    let mut moves = 0;
    // (shift, flanked discs that may be jumped): along ranks and diagonals the run may not
    // cross files a/h; along files it cannot wrap.
    for (by, jumpable) in [(1, inner), (8, opponent), (7, inner), (9, inner)] {
        for by in [by, -by] {
            // Runs of 1 and 2, then doubling: `pairs` holds the jumpable squares whose
            // neighbour behind is jumpable too, so a run may grow two squares a step.
            let mut run = jumpable & shift(player, by);
            run |= jumpable & shift(run, by);
            let pairs = jumpable & shift(jumpable, by);
            run |= pairs & shift(run, 2 * by);
            run |= pairs & shift(run, 2 * by);
            moves |= shift(run, by);
        }
    }
    moves & empty
}

/// Ray masks: `RAYS[sq][d]` holds the squares from `sq` (excluded) to the board's edge in
/// direction `d`. Directions 0..4 go up the bit indices (E, N, NE, NW), 4..8 down (W, S, SW, SE).
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    // (row step, col step) per direction, in the order of the comment above.
    const STEPS: [(i32, i32); 8] = [
        (0, 1),
        (1, 0),
        (1, 1),
        (1, -1),
        (0, -1),
        (-1, 0),
        (-1, -1),
        (-1, 1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = STEPS[d];
            let mut r = (sq / 8) as i32 + dr;
            let mut c = (sq % 8) as i32 + dc;
            let mut ray = 0u64;
            while r >= 0 && r < 8 && c >= 0 && c < 8 {
                ray |= 1u64 << (r * 8 + c);
                r += dr;
                c += dc;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs that a disc of `player` placed on `square` would flip (empty when the
/// move is illegal).
///
/// Along a ray, the disc that ends the opponent's run is the nearest ray square that is not
/// the opponent's. Up the bit indices the nearest square is the lowest bit (x & -x); down,
/// the highest (63 - leading zeros). The run flips if that square holds a player's disc.
#[inline]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    let rays = &RAYS[square];
    let mut flipped = 0;
    // Branch-free: a run that does not end on a player's disc is masked off with `keep`.
    for ray in &rays[..4] {
        let stops = ray & !opponent;
        // Zero when the whole ray is the opponent's: then nothing flips.
        let nearest = stops & stops.wrapping_neg();
        let keep = (((nearest & player) != 0) as u64).wrapping_neg();
        // The ray squares below `nearest`: all the opponent's, by the choice of `nearest`.
        flipped |= ray & nearest.wrapping_sub(1) & keep;
    }
    for ray in &rays[4..] {
        let stops = ray & !opponent;
        // The highest stop; with no stop the shift wraps to bit 63, which no downward ray
        // holds and whose mask below is empty.
        let nearest = (1u64 << 63).wrapping_shr(stops.leading_zeros());
        let keep = (((nearest & player) != 0) as u64).wrapping_neg();
        // The ray squares above `nearest`.
        flipped |= ray & !(nearest.wrapping_shl(1).wrapping_sub(1)) & keep;
    }
    flipped
}

/// `LINE_FLIPS[x][line]`: on a full line of 8 squares whose square `x` is empty, with `line`
/// the mover's discs as bits (every other square the opponent's), the number of discs a move
/// on `x` flips along the line, both ways.
static LINE_FLIPS: [[u8; 256]; 8] = build_line_flips();

const fn build_line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut x = 0;
    while x < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards bit 0: the opponent's run flips if a mover's disc ends it.
            let mut j = x as i32 - 1;
            while j >= 0 && line & (1 << j) == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += x as i32 - 1 - j;
            }
            let mut j = x + 1;
            while j < 8 && line & (1 << j) == 0 {
                j += 1;
            }
            if j < 8 {
                count += (j - x - 1) as i32;
            }
            table[x][line] = count as u8;
            line += 1;
        }
        x += 1;
    }
    table
}

/// The number of discs that `player` flips with a disc on `square` when every other square
/// is occupied (the last empty square of the game): each of the four lines through `square`
/// is gathered into a byte and looked up, with no flips computed. Squares off a short
/// diagonal gather as 0s beyond its ends, which never end a run, so they count as the edge.
#[inline]
pub fn count_last_flips(player: u64, square: usize) -> u32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (row, col) = (square / 8, square % 8);
    let rays = &RAYS[square];
    let by_row = (player >> (8 * row)) as u8 as usize;
    // The file's bits (one a rank) into a byte, rank r at bit r.
    let by_col = (((player >> col) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    // A diagonal holds one square a file: the multiply stacks them into the top byte by file.
    let diagonal = ((player & (rays[2] | rays[6])).wrapping_mul(FILE_A) >> 56) as usize;
    let anti = ((player & (rays[3] | rays[7])).wrapping_mul(FILE_A) >> 56) as usize;
    (LINE_FLIPS[col][by_row] as u32)
        + (LINE_FLIPS[row][by_col] as u32)
        + (LINE_FLIPS[col][diagonal] as u32)
        + (LINE_FLIPS[col][anti] as u32)
}

/// The empty squares next to any disc of `discs` (in any of the 8 directions).
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let east = (discs << 1) & NOT_FILE_A;
    let west = (discs >> 1) & NOT_FILE_H;
    let row = discs | east | west;
    (east | west | (row << 8) | (row >> 8)) & !discs
}

/// Squares whose line along the direction of the one-step shift `by` is full:
/// the complement of the squares that an empty square reaches by sliding along the line.
fn full_lines(occupied: u64, by: i32) -> u64 {
    let mut reach = !occupied;
    // Kogge-Stone fill both ways: after steps of 1, 2 and 4, every square within 7 of an
    // empty square along the line is reached. The masks keep the fill on the line.
    let (mut up_mask, mut down_mask) = (mask_for(by), mask_for(-by));
    let mut step = by;
    for _ in 0..3 {
        reach |= (shift(reach, step) & up_mask) | (shift(reach, -step) & down_mask);
        up_mask &= shift(up_mask, step);
        down_mask &= shift(down_mask, -step);
        step *= 2;
    }
    !reach
}

/// The wrap mask for a one-step shift `by`: eastward steps may not land on file a, westward
/// ones on file h, pure rank steps need none.
fn mask_for(by: i32) -> u64 {
    match by.rem_euclid(8) {
        0 => u64::MAX,
        1 => NOT_FILE_A,
        _ => NOT_FILE_H,
    }
}

/// Discs of `player` that can never be flipped, a lower bound found by a fixed point.
///
/// A disc is stable when, along each of the four lines through it, it cannot be outflanked:
/// the line is full, or one of its two neighbours on the line is the board's edge or a
/// stable disc of the same colour. Start from discs stable by full lines and edges, and add
/// discs whose every line is anchored until nothing changes.
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let occupied = player | opponent;
    // Per line direction: (one-step shift, squares whose neighbour that way is the edge).
    const EDGE_FILES: u64 = 0x8181_8181_8181_8181;
    const EDGE_RANKS: u64 = 0xff00_0000_0000_00ff;
    const EDGES: u64 = EDGE_FILES | EDGE_RANKS;
    let lines = [(1, EDGE_FILES), (8, EDGE_RANKS), (9, EDGES), (7, EDGES)];
    let mut anchored = [0u64; 4];
    for (i, &(by, edge)) in lines.iter().enumerate() {
        anchored[i] = full_lines(occupied, by) | edge;
    }
    let mut stable = 0;
    loop {
        let mut next = player;
        for (i, &(by, _)) in lines.iter().enumerate() {
            let near = (shift(stable, by) & mask_for(by)) | (shift(stable, -by) & mask_for(-by));
            next &= anchored[i] | near;
        }
        next |= stable;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The square already holds a disc.
    Occupied,
    /// The square is empty but the move flanks no opponent disc.
    FlipsNothing,
    /// The side to move has legal moves, so it may not pass.
    CannotPass,
    /// The side to move has no legal move and must pass.
    MustPass,
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Occupied => "that square is already taken",
            MoveError::FlipsNothing => {
                "that move flips nothing: a move must outflank at least one opponent disc"
            }
            MoveError::CannotPass => "you have a legal move, so you may not pass",
            MoveError::MustPass => "you have no legal move and must pass",
            MoveError::GameOver => "the game is over",
        })
    }
}

impl std::error::Error for MoveError {}

/// An Othello position: the discs of the side to move and of its opponent, and which side
/// is to move (Black is [`Side::First`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    player: u64,
    opponent: u64,
    side: Side,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The standard start: White on d4 and e5, Black on d5 and e4, Black to move.
    pub fn start() -> Position {
        let d4 = 1 << 27;
        let e5 = 1 << 36;
        let e4 = 1 << 28;
        let d5 = 1 << 35;
        Position::from_discs(e4 | d5, d4 | e5, Side::First)
    }

    /// A position from the black and white discs and the side to move. Squares holding both
    /// colours are given to Black.
    pub fn from_discs(black: u64, white: u64, side: Side) -> Position {
        let white = white & !black;
        match side {
            Side::First => Position::from_player(black, white, side),
            Side::Second => Position::from_player(white, black, side),
        }
    }

    pub(crate) fn from_player(player: u64, opponent: u64, side: Side) -> Position {
        Position {
            player,
            opponent,
            side,
        }
    }

    /// The side to move: [`Side::First`] is Black.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Discs of the side to move.
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// Discs of `side`.
    pub fn discs(&self, side: Side) -> u64 {
        if side == self.side {
            self.player
        } else {
            self.opponent
        }
    }

    pub fn black(&self) -> u64 {
        self.discs(Side::First)
    }

    pub fn white(&self) -> u64 {
        self.discs(Side::Second)
    }

    pub fn count(&self, side: Side) -> u32 {
        self.discs(side).count_ones()
    }

    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// Which side's disc is on `square`, if any.
    pub fn at(&self, square: Square) -> Option<Side> {
        if self.player & square.bit() != 0 {
            Some(self.side)
        } else if self.opponent & square.bit() != 0 {
            Some(self.side.opponent())
        } else {
            None
        }
    }

    /// The legal moves of the side to move, as a bitboard.
    pub fn legal_moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// The legal moves of the side to move.
    pub fn moves(&self) -> Squares {
        Squares(self.legal_moves())
    }

    pub fn is_legal(&self, square: Square) -> bool {
        self.legal_moves() & square.bit() != 0
    }

    /// The discs a move on `square` would flip; empty when the move is illegal.
    pub fn flips(&self, square: Square) -> u64 {
        if (self.player | self.opponent) & square.bit() != 0 {
            return 0;
        }
        flips(self.player, self.opponent, square.index())
    }

    /// True when the side to move has no legal move but the opponent has: it must pass.
    pub fn must_pass(&self) -> bool {
        self.legal_moves() == 0 && legal_moves(self.opponent, self.player) != 0
    }

    /// True when neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.legal_moves() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// Plays `square` for the side to move and returns the flipped discs.
    pub fn play(&mut self, square: Square) -> Result<u64, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        if (self.player | self.opponent) & square.bit() != 0 {
            return Err(MoveError::Occupied);
        }
        let flipped = flips(self.player, self.opponent, square.index());
        if flipped == 0 {
            return Err(if self.legal_moves() == 0 {
                MoveError::MustPass
            } else {
                MoveError::FlipsNothing
            });
        }
        self.play_unchecked(square.index(), flipped);
        Ok(flipped)
    }

    /// The position after a legal move, given its flips; hands the turn over.
    pub(crate) fn play_unchecked(&mut self, square: usize, flipped: u64) {
        let player = self.player | flipped | (1 << square);
        self.player = self.opponent & !flipped;
        self.opponent = player;
        self.side = self.side.opponent();
    }

    /// The position after `square` is played, or the reason it cannot be.
    pub fn after(&self, square: Square) -> Result<Position, MoveError> {
        let mut next = *self;
        next.play(square)?;
        Ok(next)
    }

    /// Passes the turn; allowed only when the side to move has no legal move and the game
    /// is not over.
    pub fn pass(&mut self) -> Result<(), MoveError> {
        if self.legal_moves() != 0 {
            return Err(MoveError::CannotPass);
        }
        if legal_moves(self.opponent, self.player) == 0 {
            return Err(MoveError::GameOver);
        }
        self.pass_unchecked();
        Ok(())
    }

    pub(crate) fn pass_unchecked(&mut self) {
        std::mem::swap(&mut self.player, &mut self.opponent);
        self.side = self.side.opponent();
    }

    /// Disc difference for the side to move, with the empty squares going to the side
    /// ahead: the standard final score once the game is over.
    pub fn final_score(&self) -> i32 {
        final_score(self.player, self.opponent)
    }

    /// The result once the game is over (by disc count), `None` while moves remain.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_game_over() {
            return None;
        }
        let (black, white) = (self.count(Side::First), self.count(Side::Second));
        Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::First),
            std::cmp::Ordering::Less => Outcome::Win(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

/// The final score of a finished game for `player`: the disc difference, with the empty
/// squares counted for whoever is ahead.
#[inline]
pub fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let empties = 64 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + empties,
        std::cmp::Ordering::Less => p - o - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// How perft treats a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassRule {
    /// A forced pass is a ply of its own (Aart Bik's convention).
    Counted,
    /// A forced pass uses no depth.
    NotCounted,
}

/// The number of leaves `depth` plies below `position`. A finished game is one leaf.
pub fn perft(position: &Position, depth: u32, rule: PassRule) -> u64 {
    perft_discs(position.player, position.opponent, depth, rule)
}

fn perft_discs(player: u64, opponent: u64, depth: u32, rule: PassRule) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(player, opponent);
    if moves == 0 {
        if legal_moves(opponent, player) == 0 {
            return 1;
        }
        let depth = match rule {
            PassRule::Counted => depth - 1,
            PassRule::NotCounted => depth,
        };
        return perft_discs(opponent, player, depth, rule);
    }
    if depth == 1 {
        return moves.count_ones() as u64;
    }
    Squares(moves)
        .map(|sq| {
            let flipped = flips(player, opponent, sq.index());
            perft_discs(
                opponent & !flipped,
                player | flipped | sq.bit(),
                depth - 1,
                rule,
            )
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::{random_board, xorshift};

    /// Flips by walking each direction square by square: the slow, obvious reference.
    fn walked_flips(player: u64, opponent: u64, square: usize) -> u64 {
        let mut all = 0;
        for (dr, dc) in [
            (0, 1),
            (1, 0),
            (1, 1),
            (1, -1),
            (0, -1),
            (-1, 0),
            (-1, -1),
            (-1, 1),
        ] {
            let (mut r, mut c) = ((square / 8) as i32 + dr, (square % 8) as i32 + dc);
            let mut run = 0;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let bit = 1u64 << (r * 8 + c);
                if opponent & bit != 0 {
                    run |= bit;
                } else {
                    if player & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    #[test]
    fn flips_and_moves_agree_with_walking_the_board() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let (player, opponent) = random_board(&mut next);
            let occupied = player | opponent;
            let mut moves = 0;
            for sq in 0..64 {
                if occupied >> sq & 1 == 0 {
                    let f = walked_flips(player, opponent, sq);
                    assert_eq!(flips(player, opponent, sq), f, "square {sq}");
                    if f != 0 {
                        moves |= 1 << sq;
                    }
                }
            }
            assert_eq!(legal_moves(player, opponent), moves);
        }
    }

    #[test]
    fn last_flip_counts_agree_with_walking_the_board() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for i in 0..20_000 {
            // One empty square, the rest random; every square in turn as the empty one, and
            // boards mostly of one colour (an eighth or seven eighths), where runs are long.
            let square = i % 64;
            let mut player = match i % 4 {
                0 => next() & next() & next(),
                1 => next() | next() | next(),
                _ => next(),
            };
            player &= !(1u64 << square);
            let opponent = !player & !(1u64 << square);
            let walked = walked_flips(player, opponent, square).count_ones();
            assert_eq!(count_last_flips(player, square), walked, "square {square}");
            let theirs = walked_flips(opponent, player, square).count_ones();
            assert_eq!(
                count_last_flips(opponent, square),
                theirs,
                "square {square}"
            );
        }
    }

    #[test]
    fn stable_discs_are_never_flipped_in_random_playouts() {
        let mut next = xorshift(0x1234_5678_9abc_def1);
        for _ in 0..300 {
            let mut pos = Position::start();
            let mut stable_black = 0u64;
            let mut stable_white = 0u64;
            while !pos.is_game_over() {
                stable_black |= stable_discs(pos.black(), pos.white());
                stable_white |= stable_discs(pos.white(), pos.black());
                assert_eq!(
                    stable_black & !pos.black(),
                    0,
                    "a stable black disc flipped"
                );
                assert_eq!(
                    stable_white & !pos.white(),
                    0,
                    "a stable white disc flipped"
                );
                let moves: Vec<Square> = pos.moves().collect();
                if moves.is_empty() {
                    pos.pass().unwrap();
                } else {
                    let m = moves[(next() % moves.len() as u64) as usize];
                    pos.play(m).unwrap();
                }
            }
        }
    }

    #[test]
    fn corners_are_stable() {
        let pos = Position::from_discs(1, 2, Side::First);
        assert_eq!(stable_discs(pos.black(), pos.white()), 1);
        assert_eq!(stable_discs(pos.white(), pos.black()), 0);
    }

    #[test]
    fn square_names_follow_files_and_ranks() {
        assert_eq!(Square::new(2, 3).unwrap().to_string(), "d3");
        assert_eq!(Square::from_index(63).unwrap().upper(), "H8");
        assert_eq!(Square::new(8, 0), None);
    }
}
