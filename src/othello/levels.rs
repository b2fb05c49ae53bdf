//! The computer levels of Othello behind one interface.
//!
//! - Random: a random legal move (the original's first bot).
//! - Positional: the original's corner-weighted bot: the legal move on the square of highest
//!   value in [`SQUARE_VALUES`], random among equals.
//! - Strong: midgame search with iterative deepening and an exact endgame solver.

use super::board::{Position, Square, Squares};
use super::endgame::Solver;
use super::search::{self, Eval, Searcher};
use crate::game::{Bot, Budget, Deadline, Progress};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use std::time::Duration;

crate::game_levels! {
    /// A computer level, weakest first.
    pub enum Level default Positional {
        Random => ("random", "Random"),
        Positional => ("positional", "Positional"),
        Strong => ("strong", "Strong"),
    }
}

/// The Strong level's default thinking time per move.
pub const STRONG_DEFAULT_TIME: Duration = Duration::from_secs(1);

/// A boxed Othello bot of any level. It returns `None` when it must pass (or the game is over).
pub type OthelloBot = Box<dyn Bot<Position, Move = Square> + Send>;

/// Makes a bot of `level`; `seed` fixes its random choices (the same seed replays the same
/// game). Strong thinks [`STRONG_DEFAULT_TIME`] per move.
pub fn new_bot(level: Level, seed: Option<u64>) -> OthelloBot {
    new_bot_with_budget(level, seed, None)
}

/// Like [`new_bot`], with Strong's budget per move (time and/or nodes) when given. The
/// other levels do not search and ignore it.
pub fn new_bot_with_budget(level: Level, seed: Option<u64>, budget: Option<Budget>) -> OthelloBot {
    let rng = match seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    match level {
        Level::Random => Box::new(RandomBot { rng }),
        Level::Positional => Box::new(PositionalBot { rng }),
        Level::Strong => Box::new(StrongBot::new(
            budget.unwrap_or(Budget::time(STRONG_DEFAULT_TIME)),
        )),
    }
}

/// A random legal move.
pub struct RandomBot {
    rng: StdRng,
}

impl Bot<Position> for RandomBot {
    type Move = Square;

    fn choose_move(&mut self, position: &Position) -> Option<Square> {
        let moves: Vec<Square> = position.moves().collect();
        moves.choose(&mut self.rng).copied()
    }
}

/// The Positional level's square values, rank 1 first: corners 100, X-squares (b2 and the
/// like) -20, C-squares (b1, a2 and the like) -10, the other edge squares 10 and 5, the
/// squares next to the X-squares 1 and 2, the centre ring 5/4 and the centre 2. It is the
/// classic weight table of this shape (corners 100, X -20, C -10) made symmetric.
#[rustfmt::skip]
pub const SQUARE_VALUES: [i32; 64] = [
    100, -10, 10,  5,  5, 10, -10, 100,
    -10, -20,  1,  2,  2,  1, -20, -10,
     10,   1,  5,  4,  4,  5,   1,  10,
      5,   2,  4,  2,  2,  4,   2,   5,
      5,   2,  4,  2,  2,  4,   2,   5,
     10,   1,  5,  4,  4,  5,   1,  10,
    -10, -20,  1,  2,  2,  1, -20, -10,
    100, -10, 10,  5,  5, 10, -10, 100,
];

/// The legal move of highest square value, random among equals.
pub struct PositionalBot {
    rng: StdRng,
}

/// The Positional level's choices: the legal moves of highest square value.
pub fn positional_choices(position: &Position) -> Vec<Square> {
    let best = position.moves().map(|sq| SQUARE_VALUES[sq.index()]).max();
    position
        .moves()
        .filter(|sq| Some(SQUARE_VALUES[sq.index()]) == best)
        .collect()
}

impl Bot<Position> for PositionalBot {
    type Move = Square;

    fn choose_move(&mut self, position: &Position) -> Option<Square> {
        positional_choices(position).choose(&mut self.rng).copied()
    }
}

/// With this many empties or fewer, Strong solves the game exactly at once.
const SOLVE_AT_ONCE: u32 = 16;
/// With this many empties or fewer, Strong tries to solve after a short midgame search.
const TRY_SOLVE: u32 = 24;

/// Midgame search, then the exact solver once the end is near enough.
pub struct StrongBot {
    budget: Budget,
    searcher: Searcher,
    solver: Solver,
}

impl StrongBot {
    pub fn new(budget: Budget) -> StrongBot {
        StrongBot::with_eval(budget, Eval::default_patterns())
    }

    /// Strong with the given evaluation.
    pub fn with_eval(budget: Budget, eval: Eval) -> StrongBot {
        StrongBot {
            budget,
            // 2^18 entries of 32 and 24 bytes: 8 MB and 6 MB, fine in a browser too.
            searcher: Searcher::with_eval(18, eval.clone()),
            solver: Solver::with_eval(18, eval),
        }
    }

    /// The same budget scaled by `fraction` (each limit that is set).
    fn part(&self, fraction: f64) -> Budget {
        Budget {
            time: self.budget.time.map(|t| t.mul_f64(fraction)),
            nodes: self.budget.nodes.map(|n| (n as f64 * fraction) as u64),
        }
    }
}

impl Bot<Position> for StrongBot {
    type Move = Square;

    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn choose_move(&mut self, position: &Position) -> Option<Square> {
        self.choose_move_reporting(position, &mut |_| {})
    }

    fn choose_move_reporting(
        &mut self,
        position: &Position,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Square> {
        let moves = position.legal_moves();
        if moves == 0 {
            return None;
        }
        if moves.count_ones() == 1 {
            return Squares(moves).next();
        }
        let empties = position.empties();
        if empties <= SOLVE_AT_ONCE {
            // Nearly always done in milliseconds; if not, the midgame search gets the rest.
            if let Some(solution) = self.solver.solve_within(position, self.part(0.7)) {
                return solution.best;
            }
        }
        let midgame_share = if empties <= TRY_SOLVE { 0.3 } else { 1.0 };
        let result = self.searcher.best_move_reporting(
            position,
            Deadline::start(self.part(midgame_share)),
            empties,
            &mut |r| {
                report(&Progress {
                    best: r.best.to_string(),
                    depth: r.depth,
                    score: search::score_text(r.score),
                    nodes: r.nodes,
                })
            },
        );
        if empties <= TRY_SOLVE && empties > SOLVE_AT_ONCE {
            if let Some(solution) = self.solver.solve_within(position, self.part(0.7)) {
                return solution.best;
            }
        }
        result.map(|r| r.best)
    }
}

/// Plays a whole game from `start` between two bots; returns the final position.
pub fn play_game(black: &mut OthelloBot, white: &mut OthelloBot, start: Position) -> Position {
    let mut position = start;
    while !position.is_game_over() {
        let bot = match position.side_to_move() {
            crate::game::Side::First => &mut *black,
            crate::game::Side::Second => &mut *white,
        };
        match bot.choose_move(&position) {
            Some(sq) => {
                position.play(sq).expect("bots play legal moves");
            }
            None => position
                .pass()
                .expect("bots pass only when they have no legal move"),
        }
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strong_takes_a_budget_through_the_bot_interface() {
        let mut bot = StrongBot::new(Budget::nodes(1_000_000));
        let as_bot: &mut dyn Bot<Position, Move = Square> = &mut bot;
        as_bot.set_budget(Budget::nodes(5_000));
        assert_eq!(bot.budget, Budget::nodes(5_000));
    }
}
