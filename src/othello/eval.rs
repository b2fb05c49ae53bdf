//! The Strong level's midgame evaluations: [`Weights`], the trained pattern weights it
//! plays with, and [`classic`], the hand-tuned one they were first trained from.
//!
//! Scores are from the side to move's point of view, in hundredths of a disc (roughly:
//! 100 is worth one disc of final margin). The classic terms: mobility (moves now),
//! potential mobility (empty squares next to the opponent's discs: moves later), corners
//! and the squares next to empty corners, stable discs, and parity (who gets the last move
//! of the game).

use super::board::{legal_moves, neighbours, stable_discs};
use super::patterns::{features, PLACEMENTS};
use super::weights::{decode, expand, phase, FULL_LAYOUT, MOBILITY_MAX};
use std::sync::{Arc, OnceLock};

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// b2, g2, b7, g7: diagonal to a corner. Taking one while the corner is empty often gives
/// the corner away.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];
/// The edge squares next to each corner (the C-squares), paired with the corner.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1 << 0),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// Evaluates a position with moves left (not a finished game) for `player` to move.
pub fn classic(player: u64, opponent: u64) -> i32 {
    let empty = !(player | opponent);
    let empties = count(empty);
    // Discs played beyond the start, 0..=60: terms shift weight as the board fills.
    let late = (60 - empties).clamp(0, 60);

    let my_moves = count(legal_moves(player, opponent));
    let their_moves = count(legal_moves(opponent, player));
    // Relative mobility: having 4 moves against 1 matters more than 24 against 21.
    let mobility = 100 * (my_moves - their_moves) / (my_moves + their_moves + 2);

    let my_potential = count(neighbours(opponent) & empty);
    let their_potential = count(neighbours(player) & empty);
    let potential = 100 * (my_potential - their_potential) / (my_potential + their_potential + 2);

    let corners = count(player & CORNERS) - count(opponent & CORNERS);

    let mut near_corners = 0;
    for (x, corner) in X_SQUARES {
        if empty & corner != 0 {
            near_corners -= 2 * (count(player & x) - count(opponent & x));
        }
    }
    for (c, corner) in C_SQUARES {
        if empty & corner != 0 {
            near_corners -= count(player & c) - count(opponent & c);
        }
    }

    let stability = count(stable_discs(player, opponent)) - count(stable_discs(opponent, player));

    let parity = if empties % 2 == 1 { 1 } else { -1 };
    let discs = count(player) - count(opponent);

    mobility * (12 + late / 6)
        + potential * 6
        + corners * 800
        + near_corners * 250
        + stability * 120
        + parity * (late * 4)
        + discs * (late * late / 150)
}

/// The trained evaluation's weights, expanded for lookup: every phase's tables in the
/// full layout of [`FULL_LAYOUT`], in hundredths of a disc.
pub struct Weights {
    full: Vec<i16>,
}

/// The weights shipped with the program (`data/othello/eval.bin`), built into the native
/// program. The web app's wasm leaves them out (they would be most of its download, and
/// only Othello needs them): its bot worker fetches the file and [`Weights::install`]s it.
#[cfg(not(target_arch = "wasm32"))]
static EMBEDDED: &[u8] = include_bytes!("../../data/othello/eval.bin");

/// The shipped weights, once decoded or installed.
static SHIPPED: OnceLock<Arc<Weights>> = OnceLock::new();

impl Weights {
    /// Reads weights in the file format of [`super::weights`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, String> {
        Ok(Weights {
            full: expand(&decode(bytes)?),
        })
    }

    /// The shipped weights, decoded once and shared: natively always there; in the web
    /// app once [`Weights::install`] has run (`None` before).
    pub fn shipped() -> Option<Arc<Weights>> {
        #[cfg(not(target_arch = "wasm32"))]
        SHIPPED.get_or_init(|| {
            Arc::new(Weights::from_bytes(EMBEDDED).expect("the shipped weights decode"))
        });
        SHIPPED.get().cloned()
    }

    /// Installs the shipped weights from the bytes of `eval.bin`, for the web app, which
    /// fetches them. Bytes that do not decode are refused; once weights are there (always,
    /// natively), another install changes nothing.
    pub fn install(bytes: &[u8]) -> Result<(), String> {
        let weights = Weights::from_bytes(bytes)?;
        let _ = SHIPPED.set(Arc::new(weights));
        Ok(())
    }

    /// Evaluates a position with moves left for `player` to move: the predicted final disc
    /// difference, in hundredths of a disc.
    #[inline]
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        self.evaluate_with_moves(player, opponent, legal_moves(player, opponent))
    }

    /// [`Weights::evaluate`] given the legal moves of the side to move.
    #[inline]
    pub fn evaluate_with_moves(&self, player: u64, opponent: u64, moves: u64) -> i32 {
        let empties = (!(player | opponent)).count_ones();
        let layout = &FULL_LAYOUT;
        let base = phase(empties) * layout.size;
        let w = &self.full[base..base + layout.size];
        let mut indices = [0u16; PLACEMENTS];
        features(player, opponent, &mut indices);
        let mut sum = 0i32;
        for (k, &index) in indices.iter().enumerate() {
            sum += w[layout.placement[k] + index as usize] as i32;
        }
        let mobility = (moves.count_ones() as usize).min(MOBILITY_MAX);
        let theirs = (legal_moves(opponent, player).count_ones() as usize).min(MOBILITY_MAX);
        sum += w[layout.mobility + mobility] as i32;
        sum += w[layout.opponent_mobility + theirs] as i32;
        sum += w[layout.parity + (empties & 1) as usize] as i32;
        sum
    }
}
