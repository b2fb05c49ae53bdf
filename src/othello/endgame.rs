//! The exact endgame solver: the final disc difference under perfect play.
//!
//! Scores are final disc differences for the side to move (empties to the winner), so they
//! lie in -64..=64. The search is principal-variation search (the first move with the
//! full window, the others with a null window, re-searched when they beat it) over four
//! layers, chosen by the number of empty squares:
//!
//! - many empties (8 or more): a two-slot transposition table with enhanced transposition
//!   cutoffs, a stability cutoff, and moves ordered by the opponent's mobility after them
//!   ("fastest first": replies that leave the opponent few moves shrink the tree the most),
//!   or by a shallow midgame search from 18 empties, where good ordering pays most;
//! - 6 and 7 empties: no table, fastest first (with a parity bonus) in a local list, the
//!   stability cutoff;
//! - 4 and 5 empties: no table and no move list; empty squares are tried straight from the
//!   empty-square bitboard, those in odd regions first (parity: the side that moves last
//!   in a region usually keeps it), bad squares next to empty corners last;
//! - three empties: the square alone in its quadrant first, each move straight into the
//!   two-empties code; two empties: both orders tried directly; one empty: the score is
//!   counted from the last move's flips, by table lookups on the four lines through it.

use super::board::{
    count_last_flips, final_score, flips, legal_moves, neighbours, stable_discs, Position, Square,
    Squares,
};
use super::search::{Eval, Searcher, DISC, INFINITY};
use crate::game::{Budget, Deadline};

/// Below this many empties, search without the table and move lists.
const SMALL: u32 = 6;
/// Below this many empties (and from [`SMALL`]), search without the table, with moves
/// ordered fastest first in a local list.
const MID: u32 = 8;
/// From this many empties, the root's window starts around a shallow search's guess.
const SHALLOW_GUESS: u32 = 18;
/// From this many empties, look up every child in the table before searching.
const ETC_MIN: u32 = 12;

/// The selective stages run before the exact search from [`SolverConfig::staged_from`] empties:
/// levels indexing [`STAGE_MARGINS`], then the exact search.
const STAGES: [u8; 4] = [0, 1, 2, EXACT];
/// Probcut margins of the selective stages, in tenths of the shallow search's error.
const STAGE_MARGINS: [i32; 3] = [10, 16, 22];

/// The four 4x4 corner regions, for parity.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// X- and C-squares (next to corners): usually the worst moves, tried last.
const NEAR_CORNERS: u64 = 0x42c3_0000_0000_c342;

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A best move; `None` when the side to move must pass or the game is over.
    pub best: Option<Square>,
    /// The exact final disc difference for the side to move.
    pub score: i32,
    /// Positions searched.
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
    /// The solve that stored it: entries of earlier solves give way first.
    age: u8,
    /// The selectivity of the search that stored it ([`EXACT`] for an exact one): its
    /// bounds hold only for searches at that level or below.
    level: u8,
}

/// The level of an exact search.
const EXACT: u8 = 255;

/// The solver's settings: how it orders moves and how its selective passes cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// From this many empties, moves are ordered by a shallow search of each (below it,
    /// fastest first).
    pub eval_order_from: u32,
    /// The ordering search's depth: (empties - base) / step, at most 8.
    pub eval_order_base: u32,
    pub eval_order_step: u32,
    /// What an opponent reply costs in the order, against the shallow score (100 a disc).
    pub mobility_weight: i32,
    /// Discs below alpha down to which the ordering search tells moves apart.
    pub order_window: i32,
    /// From this many empties, selective passes run before the exact search.
    pub staged_from: u32,
    /// Probcut in the selective passes: from this many empties, with a shallow search of
    /// depth (empties - from) / step + depth.
    pub probcut_from: u32,
    pub probcut_step: u32,
    pub probcut_depth: u32,
    /// The shallow search's error against the exact score, in tenths of a disc: the
    /// passes cut at 1, 1.6 and 2.2 times this beyond the window.
    pub probcut_sigma: i32,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            eval_order_from: 14,
            eval_order_base: 11,
            eval_order_step: 3,
            mobility_weight: 100,
            order_window: 4,
            staged_from: 18,
            probcut_from: 12,
            probcut_step: 4,
            probcut_depth: 2,
            probcut_sigma: 30,
        }
    }
}

impl SolverConfig {
    /// Sets the setting `name` (a field name) to `value`; for experiments from the command
    /// line.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let unsigned = || u32::try_from(value).map_err(|_| format!("{name} must be positive"));
        match name {
            "eval_order_from" => self.eval_order_from = unsigned()?,
            "eval_order_base" => self.eval_order_base = unsigned()?.min(self.eval_order_from),
            "eval_order_step" => self.eval_order_step = unsigned()?.max(1),
            "mobility_weight" => self.mobility_weight = value,
            "order_window" => self.order_window = value,
            "staged_from" => self.staged_from = unsigned()?,
            "probcut_from" => self.probcut_from = unsigned()?.max(2),
            "probcut_step" => self.probcut_step = unsigned()?.max(1),
            "probcut_depth" => self.probcut_depth = unsigned()?,
            "probcut_sigma" => self.probcut_sigma = value.max(0),
            _ => return Err(format!("unknown solver setting '{name}'")),
        }
        self.eval_order_base = self.eval_order_base.min(self.eval_order_from);
        Ok(())
    }
}

/// An endgame solver with its own transposition table, reused across positions.
pub struct Solver {
    config: SolverConfig,
    table: Vec<Entry>,
    shift: u32,
    nodes: u64,
    deadline: Option<Deadline>,
    aborted: bool,
    shallow: Searcher,
    /// The moves of every ply being searched, deepest last.
    stack: Vec<Move>,
    /// Counts solves, to tell this solve's table entries from older ones.
    age: u8,
    /// The selectivity of the running search: an index into the probcut margins, or
    /// [`EXACT`].
    level: u8,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(20)
    }
}

/// The table slot of a position: a multiplicative hash of both bitboards.
#[inline]
fn slot(player: u64, opponent: u64, shift: u32) -> usize {
    let h = player.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ opponent.rotate_left(23).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    (h >> shift) as usize
}

impl Solver {
    /// A solver with a table of `2^table_bits` entries (24 bytes each).
    pub fn new(table_bits: u32) -> Solver {
        Solver::with_eval(table_bits, Eval::default_patterns())
    }

    /// A solver whose move ordering uses the given evaluation.
    pub fn with_eval(table_bits: u32, eval: Eval) -> Solver {
        Solver::with_config(table_bits, eval, SolverConfig::default())
    }

    /// A solver with the given evaluation and settings.
    pub fn with_config(table_bits: u32, eval: Eval, config: SolverConfig) -> Solver {
        let table_bits = table_bits.clamp(8, 28);
        Solver {
            config,
            table: vec![Entry::default(); 1 << table_bits],
            shift: 64 - table_bits,
            nodes: 0,
            deadline: None,
            aborted: false,
            shallow: Searcher::with_eval(16, eval),
            stack: Vec::with_capacity(64 * 32),
            age: 0,
            level: EXACT,
        }
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.shallow.clear();
    }

    /// Solves `position` exactly.
    pub fn solve(&mut self, position: &Position) -> Solution {
        self.solve_within(position, Budget::unlimited())
            .expect("an unlimited budget never runs out")
    }

    /// Solves `position` exactly unless `budget` runs out first (then `None`).
    pub fn solve_within(&mut self, position: &Position, budget: Budget) -> Option<Solution> {
        self.nodes = 0;
        self.aborted = false;
        self.age = self.age.wrapping_add(1);
        self.level = EXACT;
        self.deadline = (budget != Budget::unlimited()).then(|| Deadline::start(budget));
        let (p, o) = (position.player(), position.opponent());
        let moves = legal_moves(p, o);
        if moves == 0 {
            let score = if legal_moves(o, p) == 0 {
                final_score(p, o)
            } else {
                -self.search(o, p, -64, 64)
            };
            return (!self.aborted).then_some(Solution {
                best: None,
                score,
                nodes: self.nodes,
            });
        }
        let (score, best) = self.root(p, o, moves);
        (!self.aborted).then_some(Solution {
            best: Square::from_index(best as usize),
            score,
            nodes: self.nodes,
        })
    }

    fn root(&mut self, p: u64, o: u64, moves: u64) -> (i32, u8) {
        self.nodes += 1;
        let n = (!(p | o)).count_ones();
        let mut list = MoveList::new();
        self.order(&mut list, p, o, moves, n, NO_MOVE, -64);
        // Aspiration: from 18 empties, a first guess from a shallow search narrows the
        // window; it widens on failure.
        let mut guess = (n >= SHALLOW_GUESS).then(|| {
            let depth =
                n.saturating_sub(self.config.eval_order_base) / self.config.eval_order_step + 1;
            let before = self.shallow.nodes();
            let v = super::search::score_in_discs(self.shallow.score(p, o, depth.min(8)));
            self.nodes += self.shallow.nodes() - before;
            (v.round() as i32).clamp(-64, 64) & !1
        });
        let mut result = (0, NO_MOVE);
        let stages: &[u8] = if n >= self.config.staged_from {
            &STAGES
        } else {
            &[EXACT]
        };
        for &level in stages {
            self.level = level;
            // The first pass starts from the shallow guess, the later ones from the pass
            // before, which is closer.
            let width = if level == stages[0] { 12 } else { 4 };
            result = self.aspiration(p, o, &mut list, guess, width);
            if self.aborted {
                break;
            }
            guess = Some(result.0);
        }
        self.level = EXACT;
        result
    }

    /// The root searched with a window of `width` around `guess` (the full window without
    /// a guess), widened until the score falls inside.
    fn aspiration(
        &mut self,
        p: u64,
        o: u64,
        list: &mut MoveList,
        guess: Option<i32>,
        width: i32,
    ) -> (i32, u8) {
        let (mut lo, mut hi) = match guess {
            Some(g) => ((g - width).max(-64), (g + width).min(64)),
            None => (-64, 64),
        };
        loop {
            let (score, best) = self.root_window(p, o, list, lo, hi);
            if self.aborted {
                return (0, best);
            }
            if score <= lo && lo > -64 {
                lo = (lo - 16).max(-64);
            } else if score >= hi && hi < 64 {
                hi = (hi + 16).min(64);
            } else {
                return (score, best);
            }
        }
    }

    fn root_window(
        &mut self,
        p: u64,
        o: u64,
        list: &mut MoveList,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, u8) {
        let mut best_score = -65;
        let mut best = NO_MOVE;
        for i in 0..list.len {
            list.pick(i);
            let m = list.moves[i];
            let (np, no) = (o & !m.flips, p | m.flips | 1 << m.square);
            let score = if i == 0 {
                -self.search(np, no, -beta, -alpha)
            } else {
                let s = -self.search(np, no, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    -self.search(np, no, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                return (0, best);
            }
            if score > best_score {
                best_score = score;
                best = m.square;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Keep the best move first for a re-search with a wider window.
        if let Some(i) = list.moves[..list.len].iter().position(|m| m.square == best) {
            list.moves[..=i].rotate_right(1);
        }
        (best_score, best)
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes & 0xfff == 0 {
            if let Some(deadline) = self.deadline {
                if deadline.expired(self.nodes) {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// The exact score of a position with at least [`SMALL`] empties, within (alpha, beta).
    fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        self.search_moves(p, o, alpha, beta, legal_moves(p, o))
    }

    /// [`Solver::search`] given the legal `moves` of the side to move.
    fn search_moves(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, moves: u64) -> i32 {
        let empty = !(p | o);
        let n = empty.count_ones();
        if n < MID {
            if n < SMALL {
                return self.search_small(p, o, alpha, beta, empty, false);
            }
            return self.search_mid(p, o, alpha, beta, moves, false);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.search(o, p, -beta, -alpha);
        }

        // Stability cutoff: the opponent's stable discs stay theirs, so the score is at most
        // 64 - 2 * stable. Only worth computing when that bound could reach alpha, which
        // needs alpha >= 64 - 2 * (all the opponent's discs).
        if alpha >= 64 - 2 * o.count_ones() as i32 {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }

        // Any entry's move leads the order; only entries of this search's selectivity or
        // safer may bound the score.
        let entry = self.probe(p, o);
        let tt_move = entry.map_or(NO_MOVE, |e| e.best);
        if let Some(entry) = entry.filter(|e| e.level >= self.level) {
            let (lower, upper) = (entry.lower as i32, entry.upper as i32);
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }

        // Probcut, in the selective stages before the exact search: a shallow search far
        // enough beyond a bound stands for the deep one.
        let c = self.config;
        if self.level != EXACT && n >= c.probcut_from {
            let depth = ((n - c.probcut_from) / c.probcut_step + c.probcut_depth).min(n - 2);
            let margin = (c.probcut_sigma * STAGE_MARGINS[self.level as usize] + 99) / 100;
            let before = self.shallow.nodes();
            let mut cut = None;
            if beta + margin <= 64 {
                let bound = (beta + margin) * DISC;
                if self.shallow.score_window(p, o, depth, bound - 1, bound) >= bound {
                    cut = Some(beta);
                }
            }
            if cut.is_none() && alpha - margin >= -64 {
                let bound = (alpha - margin) * DISC;
                if self.shallow.score_window(p, o, depth, bound, bound + 1) <= bound {
                    cut = Some(alpha);
                }
            }
            self.nodes += self.shallow.nodes() - before;
            if let Some(score) = cut {
                return score;
            }
        }

        let alpha_in = alpha;
        // The moves live on a stack shared by all plies: no per-node array to initialise.
        let base = self.stack.len();
        // Enhanced transposition cutoff: a child already known to score at most -beta
        // (for the opponent) proves this node fails high without searching it.
        if n >= ETC_MIN {
            for sq in Squares(moves) {
                let f = flips(p, o, sq.index());
                let (np, no) = (o & !f, p | f | sq.bit());
                if let Some(e) = self.probe(np, no).filter(|e| e.level >= self.level) {
                    if -(e.upper as i32) >= beta {
                        return -(e.upper as i32);
                    }
                }
            }
        }
        self.order_onto_stack(p, o, moves, n, tt_move, alpha);
        let end = self.stack.len();
        let mut best_score = -65;
        let mut best = NO_MOVE;
        for i in base..end {
            pick(&mut self.stack[i..end]);
            let m = self.stack[i];
            let (np, no) = (o & !m.flips, p | m.flips | 1 << m.square);
            let score = if i == base {
                -self.search_moves(np, no, -beta, -alpha, m.replies)
            } else {
                let s = -self.search_moves(np, no, -alpha - 1, -alpha, m.replies);
                if s > alpha && s < beta {
                    -self.search_moves(np, no, -beta, -alpha, m.replies)
                } else {
                    s
                }
            };
            if self.aborted {
                self.stack.truncate(base);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = m.square;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.stack.truncate(base);

        let (lower, upper) = if best_score >= beta {
            (best_score, 64)
        } else if best_score > alpha_in {
            (best_score, best_score)
        } else {
            (-64, best_score)
        };
        self.store(Entry {
            player: p,
            opponent: o,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: n as u8,
            age: self.age,
            level: self.level,
        });
        best_score
    }

    /// The table's entry for a position, if stored. A position may sit in either slot of
    /// its two-slot bucket.
    #[inline]
    fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let index = slot(p, o, self.shift) & !1;
        self.table[index..index + 2]
            .iter()
            .find(|e| e.player == p && e.opponent == o)
            .copied()
    }

    /// Stores an entry over the same position if present, else over the less valuable slot
    /// of its bucket: one left by an earlier solve, else the one of fewer empties.
    #[inline]
    fn store(&mut self, entry: Entry) {
        let index = slot(entry.player, entry.opponent, self.shift) & !1;
        let age = self.age;
        let bucket = &mut self.table[index..index + 2];
        let value = |e: &Entry| {
            if e.player == entry.player && e.opponent == entry.opponent {
                -1
            } else if e.age != age {
                0
            } else {
                1 + e.empties as i32
            }
        };
        let target = if value(&bucket[0]) <= value(&bucket[1]) {
            0
        } else {
            1
        };
        bucket[target] = entry;
    }

    /// Fills `list` with the moves and their ordering scores.
    #[allow(clippy::too_many_arguments)]
    fn order(
        &mut self,
        list: &mut MoveList,
        p: u64,
        o: u64,
        moves: u64,
        n: u32,
        tt_move: u8,
        alpha: i32,
    ) {
        let base = self.stack.len();
        self.order_onto_stack(p, o, moves, n, tt_move, alpha);
        for &m in &self.stack[base..] {
            list.push(m);
        }
        self.stack.truncate(base);
    }

    /// Pushes the moves with their ordering scores onto the move stack.
    fn order_onto_stack(&mut self, p: u64, o: u64, moves: u64, n: u32, tt_move: u8, alpha: i32) {
        let c = self.config;
        for sq in Squares(moves) {
            let square = sq.index() as u8;
            let f = flips(p, o, sq.index());
            let (np, no) = (o & !f, p | f | sq.bit());
            // The opponent's moves: passed on to the child, and fastest first's measure.
            let replies = legal_moves(np, no);
            let order = if square == tt_move {
                1 << 30
            } else if n >= c.eval_order_from {
                // A shallow search guesses the score best at high depth, where ordering
                // pays for itself many times over; it only needs to tell moves apart down
                // to a little below alpha. Few replies for the opponent count too.
                let depth = ((n - c.eval_order_base) / c.eval_order_step).min(8);
                let before = self.shallow.nodes();
                let bound = if alpha <= -64 {
                    INFINITY
                } else {
                    -(alpha - c.order_window) * DISC
                };
                let v = -self.shallow.score_window(np, no, depth, -INFINITY, bound);
                self.nodes += self.shallow.nodes() - before;
                v - c.mobility_weight
                    * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32
            } else {
                // Fastest first: few opponent replies (corners counted twice) above all,
                // then a bonus for corners, a malus next to empty corners. (Potential
                // mobility, the empty squares next to our discs, did not pay for itself.)
                let mut v =
                    -(1 << 12) * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                if sq.bit() & CORNERS != 0 {
                    v += 1 << 8;
                }
                if sq.bit() & NEAR_CORNERS != 0 {
                    v -= 1 << 7;
                }
                v
            };
            self.stack.push(Move {
                square,
                flips: f,
                replies,
                order,
            });
        }
    }

    /// Exact score with a few more empties than [`SMALL`]: no table, moves ordered fastest
    /// first (fewest opponent replies) in a local list.
    fn search_mid(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        moves: u64,
        passed: bool,
    ) -> i32 {
        let empty = !(p | o);
        let n = empty.count_ones();
        if n < SMALL {
            return self.search_small(p, o, alpha, beta, empty, passed);
        }
        self.nodes += 1;
        if moves == 0 {
            if passed {
                return final_score(p, o);
            }
            return -self.search_mid(o, p, -beta, -alpha, legal_moves(o, p), true);
        }
        // The stability cutoff of [`Solver::search`].
        if alpha >= 64 - 2 * o.count_ones() as i32 {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        // Squares of the regions with an odd number of empties: moving there keeps parity.
        let mut odd = 0;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        // (player, opponent, their moves, order) after each move, best first.
        let mut list = [(0u64, 0u64, 0u64, 0i32); 32];
        let mut len = 0;
        for sq in Squares(moves) {
            let f = flips(p, o, sq.index());
            let (np, no) = (o & !f, p | f | sq.bit());
            let replies = legal_moves(np, no);
            let mut order = -16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            if sq.bit() & CORNERS != 0 {
                order += 4;
            }
            if sq.bit() & odd != 0 {
                order += 8;
            }
            // Insertion into the sorted list, best first.
            let mut j = len;
            while j > 0 && list[j - 1].3 < order {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = (np, no, replies, order);
            len += 1;
        }
        let mut best_score = -65;
        for (i, &(np, no, replies, _)) in list[..len].iter().enumerate() {
            let score = if i == 0 {
                -self.search_mid(np, no, -beta, -alpha, replies, false)
            } else {
                let s = -self.search_mid(np, no, -alpha - 1, -alpha, replies, false);
                if s > alpha && s < beta {
                    -self.search_mid(np, no, -beta, -alpha, replies, false)
                } else {
                    s
                }
            };
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best_score
    }

    /// Exact score with few empties: parity-ordered squares straight from `empty`, no table.
    /// `passed` says the opponent has just passed.
    fn search_small(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        passed: bool,
    ) -> i32 {
        let n = empty.count_ones();
        if n <= 3 {
            return match n {
                3 => self.last_three(p, o, alpha, beta, empty, passed),
                2 => self.last_two(p, o, beta, empty, passed),
                1 => self.last_empty(p, o, empty.trailing_zeros() as usize),
                _ => final_score(p, o),
            };
        }
        self.nodes += 1;
        // A move must touch an opponent disc: skip the other empty squares untried.
        let candidates = empty & neighbours(o);
        let mut odd = 0;
        if n >= 3 {
            for q in QUADRANTS {
                if (empty & q).count_ones() & 1 == 1 {
                    odd |= q;
                }
            }
        }
        let mut best_score = -65;
        for group in [
            candidates & odd & !NEAR_CORNERS,
            candidates & odd & NEAR_CORNERS,
            candidates & !odd & !NEAR_CORNERS,
            candidates & !odd & NEAR_CORNERS,
        ] {
            for sq in Squares(group) {
                let f = flips(p, o, sq.index());
                if f == 0 {
                    continue;
                }
                let score = -self.search_small(
                    o & !f,
                    p | f | sq.bit(),
                    -beta,
                    -alpha,
                    empty & !sq.bit(),
                    false,
                );
                if score > best_score {
                    best_score = score;
                    if score > alpha {
                        alpha = score;
                        if score >= beta {
                            return score;
                        }
                    }
                }
            }
        }
        if best_score == -65 {
            // No move: pass, or the game is over if the opponent could not move either.
            if passed {
                return final_score(p, o);
            }
            return -self.search_small(o, p, -beta, -alpha, empty, true);
        }
        best_score
    }

    /// Exact score with three empties: a square alone in its quadrant first (parity), then
    /// the other two, each straight into [`Solver::last_two`].
    fn last_three(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let a = empty.trailing_zeros() as usize;
        let rest = empty & (empty - 1);
        let b = rest.trailing_zeros() as usize;
        let c = 63 - empty.leading_zeros() as usize;
        // The quadrant of a square: its file and rank halves.
        let quadrant = |sq: usize| (sq >> 2 & 1) | (sq >> 4 & 2);
        let order = if quadrant(a) == quadrant(b) {
            [c, a, b]
        } else if quadrant(a) == quadrant(c) {
            [b, a, c]
        } else {
            [a, b, c]
        };
        let mut best_score = -65;
        for sq in order {
            let f = flips(p, o, sq);
            if f == 0 {
                continue;
            }
            let bit = 1u64 << sq;
            let score = -self.last_two(o & !f, p | f | bit, -alpha, empty & !bit, false);
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        return score;
                    }
                }
            }
        }
        if best_score == -65 {
            if passed {
                return final_score(p, o);
            }
            return -self.last_three(o, p, -beta, -alpha, empty, true);
        }
        best_score
    }

    /// Exact score with two empties: each order of the two squares, directly.
    fn last_two(&mut self, p: u64, o: u64, beta: i32, empty: u64, passed: bool) -> i32 {
        self.nodes += 1;
        let a = empty.trailing_zeros() as usize;
        let b = 63 - empty.leading_zeros() as usize;
        let mut best_score = -65;
        let f = flips(p, o, a);
        if f != 0 {
            best_score = -self.last_empty(o & !f, p | f | 1 << a, b);
            if best_score >= beta {
                return best_score;
            }
        }
        let f = flips(p, o, b);
        if f != 0 {
            best_score = best_score.max(-self.last_empty(o & !f, p | f | 1 << b, a));
        }
        if best_score == -65 {
            if passed {
                return final_score(p, o);
            }
            return -self.last_two(o, p, 65, empty, true);
        }
        best_score
    }

    /// The exact score when only `square` is empty.
    fn last_empty(&mut self, p: u64, o: u64, square: usize) -> i32 {
        self.nodes += 1;
        // With one empty, p + o = 63 discs, so the difference is 2p - 63 before the move.
        let diff = 2 * p.count_ones() as i32 - 63;
        let mine = count_last_flips(p, square) as i32;
        if mine > 0 {
            return diff + 1 + 2 * mine;
        }
        let theirs = count_last_flips(o, square) as i32;
        if theirs > 0 {
            return diff - 1 - 2 * theirs;
        }
        // Nobody can move: the empty square goes to the side ahead (diff is odd, never 0).
        if diff > 0 {
            diff + 1
        } else {
            diff - 1
        }
    }
}

const NO_MOVE: u8 = 64;

#[derive(Clone, Copy, Default)]
struct Move {
    square: u8,
    flips: u64,
    /// The opponent's legal moves after this one.
    replies: u64,
    order: i32,
}

/// Moves with ordering scores, sorted lazily: `pick(i)` brings the best of the rest to `i`.
struct MoveList {
    moves: [Move; 64],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::default(); 64],
            len: 0,
        }
    }

    fn push(&mut self, m: Move) {
        // Fewer than 64 moves are possible: each needs an empty square and at least one
        // opponent disc.
        self.moves[self.len] = m;
        self.len += 1;
    }

    fn pick(&mut self, i: usize) {
        pick(&mut self.moves[i..self.len]);
    }
}

/// Brings the move of highest ordering score to the front of `moves`.
fn pick(moves: &mut [Move]) {
    let mut best = 0;
    for j in 1..moves.len() {
        if moves[j].order > moves[best].order {
            best = j;
        }
    }
    moves.swap(0, best);
}
