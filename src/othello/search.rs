//! Midgame search: principal-variation search (negascout) with a transposition table and
//! iterative deepening, over the evaluation of [`super::eval`].

use super::board::{flips, legal_moves, Position, Square, Squares};
use super::eval::{classic, Weights};
use crate::game::Deadline;
use std::sync::Arc;

/// Evaluation units per disc of final margin.
pub const DISC: i32 = 100;
/// Scores of finished games lie beyond every evaluation: a won game beats any guess.
const WON: i32 = 30_000;
const EVAL_LIMIT: i32 = WON - 1000;
pub const INFINITY: i32 = WON + 100;

/// The score of a finished game: beyond any evaluation, larger margins better.
fn game_over_score(player: u64, opponent: u64) -> i32 {
    let diff = super::board::final_score(player, opponent);
    match diff.signum() {
        1 => WON + diff,
        -1 => -WON + diff,
        _ => 0,
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i32,
    upper: i32,
    best: u8,
    depth: u8,
}

/// The result of a search to a given depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Square,
    /// In [`DISC`] units for the side to move; beyond +-29000 for a proven win or loss.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

/// Which evaluation a searcher uses.
#[derive(Clone)]
pub enum Eval {
    /// The hand-tuned terms of [`super::eval::classic`].
    Classic,
    /// Trained pattern weights.
    Patterns(Arc<Weights>),
}

impl Eval {
    /// The shipped pattern weights; the classic evaluation where they are not installed
    /// (in the web app before its worker has fetched them; the worker refuses Strong's
    /// moves until then, see `protocol::bot_request`).
    pub fn default_patterns() -> Eval {
        Weights::shipped().map_or(Eval::Classic, Eval::Patterns)
    }

    /// The evaluation of a position given the legal moves of the side to move.
    #[inline]
    pub fn evaluate(&self, player: u64, opponent: u64, moves: u64) -> i32 {
        match self {
            Eval::Classic => classic(player, opponent),
            Eval::Patterns(w) => w.evaluate_with_moves(player, opponent, moves),
        }
    }
}

/// A midgame searcher with its own transposition table.
pub struct Searcher {
    eval: Eval,
    table: Vec<Entry>,
    shift: u32,
    nodes: u64,
    deadline: Option<Deadline>,
    aborted: bool,
}

/// The static value of squares, to order moves when nothing better is known.
#[rustfmt::skip]
const SQUARE_ORDER: [i8; 64] = [
    9, 1, 7, 6, 6, 7, 1, 9,
    1, 0, 3, 4, 4, 3, 0, 1,
    7, 3, 5, 5, 5, 5, 3, 7,
    6, 4, 5, 0, 0, 5, 4, 6,
    6, 4, 5, 0, 0, 5, 4, 6,
    7, 3, 5, 5, 5, 5, 3, 7,
    1, 0, 3, 4, 4, 3, 0, 1,
    9, 1, 7, 6, 6, 7, 1, 9,
];

const NO_MOVE: u8 = 64;

impl Searcher {
    /// A searcher with a table of `2^table_bits` entries (32 bytes each).
    pub fn new(table_bits: u32) -> Searcher {
        Searcher::with_eval(table_bits, Eval::default_patterns())
    }

    /// A searcher with the given evaluation.
    pub fn with_eval(table_bits: u32, eval: Eval) -> Searcher {
        let table_bits = table_bits.clamp(8, 28);
        Searcher {
            eval,
            table: vec![Entry::default(); 1 << table_bits],
            shift: 64 - table_bits,
            nodes: 0,
            deadline: None,
            aborted: false,
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Positions searched since this searcher was made (or since `best_move` began).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The score of the position (`player` to move) searched `depth` plies deep, with no
    /// time limit: the endgame solver's first guess, and training labels.
    pub fn score(&mut self, player: u64, opponent: u64, depth: u32) -> i32 {
        self.score_window(player, opponent, depth, -INFINITY, INFINITY)
    }

    /// [`Searcher::score`] within the window (alpha, beta): a bound when outside it.
    pub fn score_window(
        &mut self,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.deadline = None;
        self.aborted = false;
        self.pvs(player, opponent, alpha, beta, depth, false)
    }

    /// Iterative deepening from depth 1 until the deadline passes or `max_depth` is reached.
    /// Depth 1 always completes. `None` when the side to move has no legal move.
    pub fn best_move(
        &mut self,
        position: &Position,
        deadline: Deadline,
        max_depth: u32,
    ) -> Option<SearchResult> {
        self.best_move_reporting(position, deadline, max_depth, &mut |_| {})
    }

    /// [`Searcher::best_move`], calling `report` after each completed iteration.
    pub fn best_move_reporting(
        &mut self,
        position: &Position,
        deadline: Deadline,
        max_depth: u32,
        report: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        let (p, o) = (position.player(), position.opponent());
        let moves = legal_moves(p, o);
        if moves == 0 {
            return None;
        }
        self.nodes = 0;
        self.aborted = false;
        let mut result: Option<SearchResult> = None;
        let max_depth = max_depth.clamp(1, position.empties());
        for depth in 1..=max_depth {
            self.deadline = (depth > 1).then_some(deadline);
            let (score, best) = self.root(p, o, moves, depth);
            if self.aborted {
                break;
            }
            let iteration = SearchResult {
                best: Square::from_index(best as usize).expect("root found a move"),
                score,
                depth,
                nodes: self.nodes,
            };
            report(&iteration);
            result = Some(iteration);
            // A proven result will not change with more depth.
            if score.abs() >= EVAL_LIMIT {
                break;
            }
            // The next iteration costs several times this one: do not start what cannot end.
            if let Some(limit) = deadline.budget().time {
                if deadline.elapsed() * 3 > limit {
                    break;
                }
            }
            if deadline.expired(self.nodes) {
                break;
            }
        }
        if let Some(r) = result.as_mut() {
            r.nodes = self.nodes;
        }
        result
    }

    fn root(&mut self, p: u64, o: u64, moves: u64, depth: u32) -> (i32, u8) {
        let tt_move = self.probe_move(p, o);
        let mut buf = [(0, 0, 0); 64];
        let list = self.ordered(&mut buf, p, o, moves, tt_move);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = list[0].0;
        for (i, &(square, f, _)) in list.iter().enumerate() {
            let (np, no) = (o & !f, p | f | 1 << square);
            let score = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false)
            } else {
                let s = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false);
                if s > alpha {
                    -self.pvs(np, no, -beta, -alpha, depth - 1, false)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = square;
            }
        }
        if !self.aborted {
            self.store(p, o, depth, alpha, -INFINITY, INFINITY, best);
        }
        (alpha, best)
    }

    fn probe_move(&self, p: u64, o: u64) -> u8 {
        let e = &self.table[self.slot(p, o)];
        if e.player == p && e.opponent == o {
            e.best
        } else {
            NO_MOVE
        }
    }

    #[inline]
    fn slot(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ o.rotate_left(23).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        (h >> self.shift) as usize
    }

    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, p: u64, o: u64, depth: u32, score: i32, alpha: i32, beta: i32, best: u8) {
        let (lower, upper) = if score >= beta {
            (score, INFINITY)
        } else if score > alpha {
            (score, score)
        } else {
            (-INFINITY, score)
        };
        let index = self.slot(p, o);
        let e = &mut self.table[index];
        if e.depth as u32 <= depth + 1 || (e.player == p && e.opponent == o) {
            *e = Entry {
                player: p,
                opponent: o,
                lower,
                upper,
                best,
                depth: depth as u8,
            };
        }
    }

    /// Moves with their flips, best-looking first: the table's move, then fastest first.
    /// (Ordering by a shallow search of each move did not pay here.)
    fn ordered<'a>(
        &self,
        buf: &'a mut [(u8, u64, i32); 64],
        p: u64,
        o: u64,
        moves: u64,
        tt_move: u8,
    ) -> &'a [(u8, u64, i32)] {
        let mut len = 0;
        for sq in Squares(moves) {
            let square = sq.index() as u8;
            let f = flips(p, o, sq.index());
            let order = if square == tt_move {
                1 << 20
            } else {
                let replies = legal_moves(o & !f, p | f | sq.bit()).count_ones() as i32;
                SQUARE_ORDER[sq.index()] as i32 * 4 - replies * 8
            };
            buf[len] = (square, f, order);
            len += 1;
        }
        let list = &mut buf[..len];
        list.sort_unstable_by_key(|&(_, _, order)| -order);
        list
    }

    /// Moves with their flips in square order, unsorted.
    fn unordered(buf: &mut [(u8, u64, i32); 64], p: u64, o: u64, moves: u64) -> &[(u8, u64, i32)] {
        let mut len = 0;
        for sq in Squares(moves) {
            buf[len] = (sq.index() as u8, flips(p, o, sq.index()), 0);
            len += 1;
        }
        &buf[..len]
    }

    fn pvs(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        depth: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            if let Some(deadline) = self.deadline {
                if deadline.expired(self.nodes) {
                    self.aborted = true;
                }
            }
        }
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if passed {
                return game_over_score(p, o);
            }
            if legal_moves(o, p) == 0 {
                return game_over_score(p, o);
            }
            return -self.pvs(o, p, -beta, -alpha, depth, true);
        }
        if depth == 0 {
            return self
                .eval
                .evaluate(p, o, moves)
                .clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }

        let mut tt_move = NO_MOVE;
        // At the frontier the table costs a cache miss for little: probe from depth 2.
        let use_table = depth >= 2;
        let e = if use_table {
            self.table[self.slot(p, o)]
        } else {
            Entry::default()
        };
        if use_table && e.player == p && e.opponent == o {
            tt_move = e.best;
            if e.depth as u32 >= depth {
                if e.lower >= beta {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        let alpha_in = alpha;
        let mut buf = [(0, 0, 0); 64];
        let list = if depth == 1 {
            // At the frontier, ordering costs more than it saves.
            Self::unordered(&mut buf, p, o, moves)
        } else {
            self.ordered(&mut buf, p, o, moves, tt_move)
        };
        let mut best_score = -INFINITY;
        let mut best = NO_MOVE;
        for (i, &(square, f, _)) in list.iter().enumerate() {
            let (np, no) = (o & !f, p | f | 1 << square);
            let score = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, depth - 1, false)
            } else {
                let s = -self.pvs(np, no, -alpha - 1, -alpha, depth - 1, false);
                if s > alpha && s < beta {
                    -self.pvs(np, no, -beta, -alpha, depth - 1, false)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = square;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if use_table {
            self.store(p, o, depth, best_score, alpha_in, beta, best);
        }
        best_score
    }
}

/// A search score in discs: the evaluation's estimate (kept within the +-64 a game can
/// end with; the trained weights can say more of a lopsided position), or the exact final
/// margin of a proven result.
pub fn score_in_discs(score: i32) -> f64 {
    if score >= EVAL_LIMIT {
        (score - WON) as f64
    } else if score <= -EVAL_LIMIT {
        (score + WON) as f64
    } else {
        (score as f64 / DISC as f64).clamp(-64.0, 64.0)
    }
}

/// A midgame score as a person reads it: `+3.5 discs`, or `wins` / `loses` once proven.
pub fn score_text(score: i32) -> String {
    if score >= EVAL_LIMIT {
        "wins".to_string()
    } else if score <= -EVAL_LIMIT {
        "loses".to_string()
    } else {
        format!("{:+.1} discs", score_in_discs(score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_discs_within_the_board() {
        assert_eq!(score_text(350), "+3.5 discs");
        assert_eq!(score_text(-1200), "-12.0 discs");
        // An estimate beyond what a game can end with is shown as the most it can be.
        assert_eq!(score_text(8700), "+64.0 discs");
        assert_eq!(score_text(-9000), "-64.0 discs");
        assert_eq!(score_text(WON + 10), "wins");
        assert_eq!(score_text(-WON - 4), "loses");
        assert_eq!(score_in_discs(WON + 10), 10.0);
        assert_eq!(score_in_discs(8700), 64.0);
    }
}
