//! Self-play games for training the evaluation: game records, their text form, and a
//! generator that plays them.
//!
//! A game starts with some random moves (so games differ), goes on with a fixed-depth
//! midgame search (with an occasional random move, so the positions are not all the
//! engine's favourites), and from a few empties on is played perfectly by the exact
//! solver. Every position of the game is then labelled with the game's final score: for
//! the positions of the perfect ending that is their exact value; before it, the result
//! of reasonable play.

use super::board::{final_score, legal_moves, Position, Square, Squares};
use super::endgame::Solver;
use super::notation::parse_square;
use super::search::{Eval, Searcher};
use crate::game::{Budget, Deadline, InputError, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A finished game: its moves (passes left out: a side without a move passes) and the
/// final disc difference for Black, empty squares to the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub moves: Vec<Square>,
    pub black_score: i32,
}

impl GameRecord {
    /// The text form: the moves run together (`f5d6c3...`), a space, Black's final score.
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(2 * self.moves.len() + 4);
        for m in &self.moves {
            s.push_str(&m.to_string());
        }
        s.push_str(&format!(" {:+}", self.black_score));
        s
    }

    /// Reads [`GameRecord::to_line`]'s form; checks that every move is legal, the game is
    /// over after the last one and the score is its final score.
    pub fn parse(line: &str) -> Result<GameRecord, InputError> {
        let mut parts = line.split_whitespace();
        let (Some(moves), Some(score), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(InputError::new(
                "a game line is the moves (like f5d6c3) and Black's final score, like +12",
            ));
        };
        let black_score: i32 = score
            .parse()
            .map_err(|_| InputError::new(format!("bad final score '{score}'")))?;
        if !moves.is_ascii() || moves.len() % 2 != 0 {
            return Err(InputError::new(format!("bad move list '{moves}'")));
        }
        let mut record = GameRecord {
            moves: Vec::with_capacity(moves.len() / 2),
            black_score,
        };
        for i in (0..moves.len()).step_by(2) {
            record.moves.push(parse_square(&moves[i..i + 2])?);
        }
        let end = record.replay(&mut |_, _| {})?;
        let actual = black_score_of(&end);
        if actual != black_score {
            return Err(InputError::new(format!(
                "the game ends {actual:+} for Black, not {black_score:+}"
            )));
        }
        Ok(record)
    }

    /// Plays the game from the start, calling `visit` with every position where a side is
    /// to move (after passes) and the move played there. Returns the final position, or an
    /// error if a move is illegal or the game is not over at the end.
    pub fn replay(&self, visit: &mut dyn FnMut(&Position, Square)) -> Result<Position, InputError> {
        let mut position = Position::start();
        for (i, &m) in self.moves.iter().enumerate() {
            if position.must_pass() {
                position.pass_unchecked();
            }
            visit(&position, m);
            position
                .play(m)
                .map_err(|e| InputError::new(format!("move {} ({m}): {e}", i + 1)))?;
        }
        if position.must_pass() {
            position.pass_unchecked();
        }
        if !position.is_game_over() {
            return Err(InputError::new("the game is not over after its last move"));
        }
        Ok(position)
    }

    /// Every position of the game with a move to play, as (player, opponent, final score
    /// for the player to move).
    pub fn labelled_positions(&self) -> Vec<(u64, u64, i32)> {
        let mut out = Vec::with_capacity(self.moves.len());
        let score = self.black_score;
        // A record from `parse` or `play_game` replays without error.
        let _ = self.replay(&mut |pos, _| {
            let s = if pos.side_to_move() == Side::First {
                score
            } else {
                -score
            };
            out.push((pos.player(), pos.opponent(), s));
        });
        out
    }
}

/// Black's final disc difference in a finished game.
fn black_score_of(end: &Position) -> i32 {
    let s = final_score(end.player(), end.opponent());
    if end.side_to_move() == Side::First {
        s
    } else {
        -s
    }
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlayConfig {
    /// The number of random opening moves is drawn uniformly from this range.
    pub random_moves: (u32, u32),
    /// The chance of a random move at each later move before the perfect ending.
    pub random_rate: f64,
    /// Depth of the midgame search.
    pub depth: u32,
    /// From this many empties on, moves are the solver's (perfect play).
    pub solve_empties: u32,
}

impl Default for SelfPlayConfig {
    fn default() -> SelfPlayConfig {
        SelfPlayConfig {
            random_moves: (0, 20),
            random_rate: 0.05,
            depth: 4,
            solve_empties: 18,
        }
    }
}

/// Plays self-play games; holds the searcher and solver so their tables are reused.
pub struct SelfPlay {
    config: SelfPlayConfig,
    rng: StdRng,
    searcher: Searcher,
    solver: Solver,
}

impl SelfPlay {
    pub fn new(config: SelfPlayConfig, seed: u64, eval: Eval) -> SelfPlay {
        SelfPlay {
            config,
            rng: StdRng::seed_from_u64(seed),
            searcher: Searcher::with_eval(18, eval.clone()),
            solver: Solver::with_eval(20, eval),
        }
    }

    /// Plays one game to the end.
    pub fn play_game(&mut self) -> GameRecord {
        let c = self.config;
        let random_moves = self.rng.random_range(c.random_moves.0..=c.random_moves.1);
        let mut position = Position::start();
        let mut moves = Vec::with_capacity(60);
        loop {
            let legal = position.legal_moves();
            if legal == 0 {
                if legal_moves(position.opponent(), position.player()) == 0 {
                    break;
                }
                position.pass_unchecked();
                continue;
            }
            let empties = position.empties();
            let m = if empties <= c.solve_empties {
                self.solver.solve(&position).best
            } else if (moves.len() as u32) < random_moves || self.rng.random_bool(c.random_rate) {
                None
            } else {
                self.searcher
                    .best_move(&position, Deadline::start(Budget::unlimited()), c.depth)
                    .map(|r| r.best)
            };
            let m = m.unwrap_or_else(|| {
                let k = self.rng.random_range(0..legal.count_ones());
                Squares(legal).nth(k as usize).expect("a legal move")
            });
            position.play(m).expect("moves chosen among the legal ones");
            moves.push(m);
        }
        GameRecord {
            moves,
            black_score: black_score_of(&position),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_games_round_trip_through_text() {
        let mut gen = SelfPlay::new(
            SelfPlayConfig {
                random_moves: (2, 8),
                random_rate: 0.1,
                depth: 2,
                solve_empties: 10,
            },
            7,
            Eval::default_patterns(),
        );
        for _ in 0..5 {
            let game = gen.play_game();
            let line = game.to_line();
            assert_eq!(GameRecord::parse(&line).unwrap(), game, "{line}");
            let positions = game.labelled_positions();
            assert_eq!(positions.len(), game.moves.len());
            // The perfect ending keeps the exact value: re-solving a late position of the
            // game gives its label.
            let &(p, o, s) = positions
                .iter()
                .find(|(p, o, _)| (!(p | o)).count_ones() == 10)
                .unwrap_or_else(|| panic!("the game never had 10 empties: {line}"));
            let pos = Position::from_player(p, o, Side::First);
            assert_eq!(Solver::new(16).solve(&pos).score, s, "{line}");
        }
    }

    #[test]
    fn bad_game_lines_are_refused_with_a_reason() {
        for (line, reason) in [
            ("", "a game line"),
            ("f5d6 +3 extra", "a game line"),
            ("f5d6 x", "bad final score"),
            ("f5d +0", "bad move list"),
            ("a1 +0", "move 1 (a1)"),
            ("f5d6 +0", "not over"),
        ] {
            let err = GameRecord::parse(line).unwrap_err();
            assert!(err.0.contains(reason), "{line}: {err}");
        }
    }
}
