//! The computer levels of Caro behind one interface.

use super::board::{Board, Pos};
use super::greedy;
use crate::game::{Bot, Budget, InputError};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::fmt;
use std::str::FromStr;

/// A computer level, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// The original article's attack/defense scorer.
    #[default]
    Greedy,
}

impl Level {
    pub const ALL: [Level; 1] = [Level::Greedy];

    /// The lower-case name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Greedy => "greedy",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Level::Greedy => "Greedy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Level, InputError> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                InputError::new(format!(
                    "unknown level '{s}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// How a bot is set up beyond its level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotOptions {
    /// Seed for tie-breaking and any randomness: the same seed replays the same game.
    pub seed: Option<u64>,
    /// Overrides the level's own time/node budget (searching levels only).
    pub budget: Option<Budget>,
}

/// A boxed Caro bot of any level.
pub type CaroBot = Box<dyn Bot<Board, Move = Pos> + Send>;

/// Makes a bot of `level`.
pub fn new_bot(level: Level, options: BotOptions) -> CaroBot {
    let rng = match options.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    match level {
        Level::Greedy => Box::new(GreedyBot { rng }),
    }
}

/// The article's scorer as a [`Bot`].
pub struct GreedyBot {
    rng: StdRng,
}

impl Bot<Board> for GreedyBot {
    type Move = Pos;

    fn choose_move(&mut self, board: &Board) -> Option<Pos> {
        greedy::choose_move(board, &mut self.rng)
    }
}
