//! The exact solver: negamax with alpha-beta, null-window search on the score, a
//! transposition table, threat-based move ordering and an opening book.
//!
//! Scores are for the side to move: 0 a draw; a win scores 22 minus the number of stones
//! the winner has played when connecting four (so sooner wins score higher); a loss is
//! minus the opponent's win score. The empty board scores 1: the first player wins with
//! their 21st stone.

use super::book::Book;
use super::move_sorter::MoveSorter;
use super::position::{column_mask, Board, Position, CELLS, WIDTH};
use super::transposition::TranspositionTable;
use crate::game::{Budget, Deadline};
use std::sync::Arc;

/// The lowest and highest scores a position with a move left to play can have (a win
/// needs at least 4 stones, a loss comes after the opponent's 4th at the earliest).
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// The transposition table size of [`Solver::new`]: 64 MiB natively, less in the browser.
#[cfg(not(target_arch = "wasm32"))]
pub const DEFAULT_TT_MIB: usize = 64;
#[cfg(target_arch = "wasm32")]
pub const DEFAULT_TT_MIB: usize = 16;

/// Up to this many stones, the table is keyed by [`Board::symmetric_key`].
const SYMMETRY_DEPTH: i32 = 12;

/// Columns searched first: the centre ones, which take part in the most fours.
const COLUMN_ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// What a column is worth to the side to move, as far as a budgeted search found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnValue {
    /// The column has no room.
    Full,
    /// The exact score of playing there.
    Exact(i32),
    /// Not solved within the budget.
    Unknown,
}

/// The score of a win with the side to move's next stone, `moves` stones on the board.
pub fn win_next_score(moves: usize) -> i32 {
    (CELLS as i32 + 1 - moves as i32) / 2
}

/// A solver with its transposition table (kept between solves: later ones reuse it).
pub struct Solver {
    table: TranspositionTable,
    book: Option<Arc<Book>>,
    nodes: u64,
    /// The running budget of [`Solver::solve_within`], if any.
    deadline: Option<Deadline>,
    /// Set when the deadline passed: the search unwinds and its results mean nothing.
    aborted: bool,
    /// `nodes` when the deadline started, so that a node budget counts from there.
    deadline_nodes: u64,
}

/// How many nodes pass between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 14;

impl Solver {
    /// A solver with a [`DEFAULT_TT_MIB`] table and the shipped opening book.
    pub fn new() -> Solver {
        Solver::with_tt_mib(DEFAULT_TT_MIB)
    }

    /// A solver with a table of about `mib` MiB (at least about 640 KiB) and the shipped book.
    pub fn with_tt_mib(mib: usize) -> Solver {
        Solver::with_tt_bytes(mib.saturating_mul(1 << 20))
    }

    /// A solver with a table of about `bytes` and the shipped book.
    pub fn with_tt_bytes(bytes: usize) -> Solver {
        Solver {
            table: TranspositionTable::with_bytes(bytes),
            book: Some(Book::shipped()),
            nodes: 0,
            deadline: None,
            aborted: false,
            deadline_nodes: 0,
        }
    }

    /// Replaces the opening book (`None`: search everything).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// Bytes used by the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Nodes searched since the last [`Solver::reset_nodes`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// Forgets everything the table learnt.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score of `board` (see the module documentation), or with `weak` only its
    /// sign: 1 win, 0 draw, -1 loss. The side that just moved must not have four in a row.
    pub fn solve(&mut self, board: &Board, weak: bool) -> i32 {
        if board.can_win_next() {
            return if weak {
                1
            } else {
                win_next_score(board.moves())
            };
        }
        let moves = board.moves() as i32;
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(CELLS as i32 - moves) / 2, (CELLS as i32 + 1 - moves) / 2)
        };
        // Narrow [min, max] with null-window searches, each answering "is the score above
        // med?". Probing near 0 first (halving towards it) pays because short wins and
        // losses are cheaper to prove than long ones.
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(board, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        if weak {
            min.signum()
        } else {
            min
        }
    }

    /// [`Solver::solve`] within `budget` (nodes and/or time): `None` when it ran out first.
    /// What the table learnt is kept, so asking again later goes faster.
    pub fn solve_within(&mut self, board: &Board, weak: bool, budget: Budget) -> Option<i32> {
        self.deadline = Some(Deadline::start(budget));
        self.deadline_nodes = self.nodes;
        self.aborted = false;
        let score = self.solve(board, weak);
        self.deadline = None;
        (!std::mem::take(&mut self.aborted)).then_some(score)
    }

    /// [`Solver::column_scores`] within `budget` for all the columns together: `None` when
    /// it ran out first.
    pub fn column_scores_within(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Option<Vec<Option<i32>>> {
        self.deadline = Some(Deadline::start(budget));
        self.deadline_nodes = self.nodes;
        self.aborted = false;
        let scores = self.column_scores(position);
        self.deadline = None;
        (!std::mem::take(&mut self.aborted)).then_some(scores)
    }

    /// Every column's value for the side to move, each column solved within `budget` of
    /// its own: the columns solved in time get their exact scores, the others
    /// [`ColumnValue::Unknown`]. For hints where an early position would take minutes.
    pub fn column_values_within(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Vec<ColumnValue> {
        (0..WIDTH)
            .map(|col| {
                if !position.can_play(col) {
                    return ColumnValue::Full;
                }
                let board = position.board();
                if board.is_winning_move(col) {
                    return ColumnValue::Exact(win_next_score(board.moves()));
                }
                let mut child = *board;
                child.play_col(col);
                match self.solve_within(&child, false, budget) {
                    Some(score) => ColumnValue::Exact(-score),
                    None => ColumnValue::Unknown,
                }
            })
            .collect()
    }

    /// Every column's exact score for the side to move (what that move leads to), `None`
    /// for a full column; all `None` once the game is over.
    pub fn column_scores(&mut self, position: &Position) -> Vec<Option<i32>> {
        (0..WIDTH)
            .map(|col| {
                if !position.can_play(col) {
                    return None;
                }
                let board = position.board();
                if board.is_winning_move(col) {
                    return Some(win_next_score(board.moves()));
                }
                let mut child = *board;
                child.play_col(col);
                Some(-self.solve(&child, false))
            })
            .collect()
    }

    /// A column with the best exact score (the fastest win, else a draw, else the slowest
    /// loss), trying the columns in `order` (so a shuffled order picks at random among equal
    /// columns); `None` once the game is over.
    ///
    /// Cheaper than [`Solver::column_scores`]: it solves the position once, then only
    /// checks columns with a null-window search ("does this move keep the score?") until one
    /// does, instead of finding how bad each worse column is.
    pub fn best_column(&mut self, position: &Position, order: &[usize]) -> Option<usize> {
        let board = position.board();
        let playable: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&c| position.can_play(c))
            .collect();
        if let Some(&col) = playable.iter().find(|&&c| board.is_winning_move(c)) {
            return Some(col);
        }
        let best = self.solve(board, false);
        // Columns the book knows first: checking them costs nothing. The sort is stable,
        // so the caller's order still decides among each group.
        let mut playable = playable;
        if let Some(book) = &self.book {
            playable.sort_by_key(|&col| {
                let mut child = *board;
                child.play_col(col);
                book.get(&child).is_none()
            });
        }
        for &col in &playable {
            let mut child = *board;
            child.play_col(col);
            // The child's score is at least -best (best is the most any column gets); the
            // column is a best one when the child's score is also at most -best.
            if self.score_at_most(&child, -best) {
                return Some(col);
            }
        }
        // Only when a budget ran out (the scores above mean nothing then).
        playable.first().copied()
    }

    /// [`Solver::best_column`] within `budget`: `None` when it ran out first.
    pub fn best_column_within(
        &mut self,
        position: &Position,
        order: &[usize],
        budget: Budget,
    ) -> Option<usize> {
        self.deadline = Some(Deadline::start(budget));
        self.deadline_nodes = self.nodes;
        self.aborted = false;
        let col = self.best_column(position, order);
        self.deadline = None;
        if std::mem::take(&mut self.aborted) {
            None
        } else {
            col
        }
    }

    /// Whether the exact score of `board` is at most `bound`.
    fn score_at_most(&mut self, board: &Board, bound: i32) -> bool {
        if board.can_win_next() {
            return win_next_score(board.moves()) <= bound;
        }
        self.negamax(board, bound, bound + 1) <= bound
    }

    /// Alpha-beta negamax in the window `(alpha, beta)`: the exact score when it lies inside,
    /// otherwise a bound on the side the window was left. The side to move must not be
    /// able to win at once.
    fn negamax(&mut self, board: &Board, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        debug_assert!(!board.can_win_next());
        self.nodes += 1;
        if self.aborted {
            return 0;
        }
        if self.nodes % CLOCK_INTERVAL == 0 {
            if let Some(deadline) = &self.deadline {
                if deadline.expired(self.nodes - self.deadline_nodes) {
                    self.aborted = true;
                    return 0;
                }
            }
        }

        let next = board.possible_non_losing_moves();
        let moves = board.moves() as i32;
        if next == 0 {
            // Every move lets the opponent connect with their next stone.
            return -(CELLS as i32 - moves) / 2;
        }
        if moves >= CELLS as i32 - 2 {
            // Two stones left, neither connects (the opponent's last one was just prevented).
            return 0;
        }

        // We cannot win at once and our move is safe, so the opponent cannot win
        // with their next stone: the earliest loss is one move later.
        let min = -(CELLS as i32 - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone: the best is to win with the next one.
        let max = (CELLS as i32 - 1 - moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // Early on, a position and its mirror image often both turn up (4-3-... and
        // 4-5-...): sharing one table entry saves searching the second. Later, mirror
        // pairs are rare and computing the mirror would cost more than it saves.
        let key = if moves <= SYMMETRY_DEPTH {
            board.symmetric_key()
        } else {
            board.key()
        };
        let stored = self.table.get(key);
        if stored != 0 {
            let stored = stored as i32;
            if stored > MAX_SCORE - MIN_SCORE + 1 {
                // A lower bound.
                let min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
                if alpha < min {
                    alpha = min;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                // An upper bound.
                let max = stored + MIN_SCORE - 1;
                if beta > max {
                    beta = max;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        if let Some(book) = &self.book {
            if let Some(score) = book.get(board) {
                return score;
            }
        }

        // Start loading every child's table slot now: the loads overlap each other and the
        // work before each child's own probe, which otherwise waits on memory.
        let child_symmetric = moves < SYMMETRY_DEPTH;
        let mut sorter = MoveSorter::new();
        for &col in COLUMN_ORDER.iter().rev() {
            let stone = next & column_mask(col);
            if stone != 0 {
                let mut child = *board;
                child.play(stone);
                self.table.prefetch(if child_symmetric {
                    child.symmetric_key()
                } else {
                    child.key()
                });
                sorter.add(stone, board.move_score(stone));
            }
        }

        for stone in sorter {
            let mut child = *board;
            child.play(stone);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                // Nothing learnt below this node can be trusted: store nothing.
                return 0;
            }
            if score >= beta {
                // Stored as a lower bound in MAX - MIN + 2 ..= 2 * (MAX - MIN) + 2.
                self.table
                    .put(key, (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        // Stored as an upper bound in 1 ..= MAX - MIN + 1.
        self.table.put(key, (alpha - MIN_SCORE + 1) as u8);
        alpha
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}
