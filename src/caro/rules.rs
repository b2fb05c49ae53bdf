//! The winning conditions of each rule, and the line geometry they share.

use super::board::{Board, Pos};
use crate::game::{InputError, Side};
use std::fmt;
use std::str::FromStr;

/// Which five-in-a-row rule a game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more wins, except an exactly-five line blocked by opponent stones at both ends;
    /// an overline always wins; the board edge is not a block.
    #[default]
    Caro,
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; six or more does not.
    Standard,
    /// Black (X) may not make a double three, a double four or an overline, and wins only
    /// with exactly five; White wins with five or more.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 4] = [Rule::Caro, Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The lower-case name used in URLs, the CLI and position strings.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Caro => "caro",
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// Whether a straight run of `len` stones of `side` (the run is maximal: the cells just
    /// past each end are not `side`'s) wins. `blocked_ends` counts ends on an opponent stone
    /// (an end at the board edge is open).
    pub fn run_wins(self, side: Side, len: usize, blocked_ends: usize) -> bool {
        match self {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Caro => len >= 6 || (len == 5 && blocked_ends < 2),
            Rule::Renju => match side {
                Side::First => len == 5,
                Side::Second => len >= 5,
            },
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = InputError;

    fn from_str(s: &str) -> Result<Rule, InputError> {
        let lower = s.trim().to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == lower)
            .ok_or_else(|| {
                InputError::new(format!(
                    "unknown rule '{s}': expected caro, freestyle, standard or renju"
                ))
            })
    }
}

/// The four line directions as (row step, column step): horizontal, vertical, and the two
/// diagonals. The opposite directions are covered by walking each line both ways.
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A maximal run of one side's stones through a cell, along one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Stones in the run, the given cell included.
    pub len: usize,
    /// The two end stones of the run, in the order of the direction.
    pub from: Pos,
    pub to: Pos,
    /// How many of the two cells just past the ends hold an opponent stone.
    pub blocked_ends: usize,
}

/// The run `side` would have through `pos` along `dir` if `pos` held a `side` stone (whatever
/// `pos` holds now).
pub fn run_through(board: &Board, pos: Pos, side: Side, dir: (isize, isize)) -> Run {
    let mut blocked_ends = 0;
    let mut walk = |sign: isize| -> (usize, Pos) {
        let mut count = 0;
        let mut end = pos;
        let mut cur = pos;
        loop {
            match board.step(cur, dir.0 * sign, dir.1 * sign) {
                Some(next) if board.get(next) == Some(side) => {
                    count += 1;
                    end = next;
                    cur = next;
                }
                Some(next) => {
                    if board.get(next) == Some(side.opponent()) {
                        blocked_ends += 1;
                    }
                    return (count, end);
                }
                None => return (count, end),
            }
        }
    };
    let (back, from) = walk(-1);
    let (fwd, to) = walk(1);
    Run {
        len: back + fwd + 1,
        from,
        to,
        blocked_ends,
    }
}

/// If a `side` stone at `pos` makes a winning line under `rule`, that line's two end stones.
pub fn winning_run(board: &Board, pos: Pos, side: Side, rule: Rule) -> Option<Run> {
    DIRECTIONS
        .iter()
        .map(|&dir| run_through(board, pos, side, dir))
        .find(|run| rule.run_wins(side, run.len, run.blocked_ends))
}
