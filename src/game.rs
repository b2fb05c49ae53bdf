//! Vocabulary shared by every game: sides, outcomes, and the search budget a bot gets.

use std::fmt;
use std::time::Duration;
use web_time::Instant;

/// The two sides of a two-player game. `First` moves first: X in Caro, Black in Othello,
/// the first disc in Connect Four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The side's mark in Caro and Connect Four: X for the first player, O for the second
    /// (Othello's Black and White are X and O in its position format too).
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "X",
            Side::Second => "O",
        }
    }

    /// 0 for the first player, 1 for the second: handy as an array index.
    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// What a bot may spend on one move. `None` means no limit of that kind; a budget with
/// neither limit is only sensible for depth-limited bots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

impl Budget {
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            nodes: None,
        }
    }

    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            time: None,
            nodes: Some(nodes),
        }
    }
}

/// A running clock against a [`Budget`]. Works natively and in the browser (where
/// `std::time::Instant` is unavailable) through `web_time`.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    budget: Budget,
}

impl Deadline {
    pub fn start(budget: Budget) -> Deadline {
        Deadline {
            start: Instant::now(),
            budget,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// True once `nodes` searched or the time spent has reached the budget.
    pub fn expired(&self, nodes: u64) -> bool {
        if let Some(limit) = self.budget.nodes {
            if nodes >= limit {
                return true;
            }
        }
        match self.budget.time {
            Some(limit) => self.start.elapsed() >= limit,
            None => false,
        }
    }
}

/// A computer player. Each game's levels implement this, so the web app, the CLI and the
/// match runner can take any level. A bot keeps its own budget and random source.
pub trait Bot<P> {
    type Move;

    /// The move to play in `position`, or `None` when the game is over or no move is legal.
    fn choose_move(&mut self, position: &P) -> Option<Self::Move>;

    /// Like [`Bot::choose_move`], telling `report` how a search goes (after each completed
    /// iteration, say), so a user can watch it and stop it with the best move so far.
    /// Bots that do not search report nothing.
    fn choose_move_reporting(
        &mut self,
        position: &P,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Self::Move> {
        let _ = report;
        self.choose_move(position)
    }

    /// Gives a bot a new budget for its next moves, keeping what it has learnt (a Gomocup
    /// brain's time per move changes every move under a match clock). Bots whose levels are
    /// fixed by depth, or that do not search, ignore it.
    fn set_budget(&mut self, budget: Budget) {
        let _ = budget;
    }
}

/// How a bot's search is going: the best move found so far (in the game's move text) and
/// how deep and wide it has looked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub best: String,
    pub depth: u32,
    /// The score in words or numbers, as the engine states it.
    pub score: String,
    pub nodes: u64,
}

/// An error in text that came from outside (a URL, a protocol line, a position string, a
/// command-line argument). The message is meant for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl InputError {
    pub fn new(msg: impl Into<String>) -> InputError {
        InputError(msg.into())
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// A game's computer levels, listed, named and parsed the same way in every game (command
/// line, URL, worker requests).
pub trait GameLevel: Copy + Eq + fmt::Debug + 'static {
    /// Every level, weakest first.
    fn all() -> &'static [Self];
    /// The lower-case name used in URLs and on the command line.
    fn name(self) -> &'static str;
    /// The name shown to players.
    fn title(self) -> &'static str;
    /// The level a new player meets.
    fn default_level() -> Self;

    /// The level named `text` (any case, spaces around ignored); the error lists the names.
    fn parse_name(text: &str) -> Result<Self, InputError> {
        let lower = text.trim().to_ascii_lowercase();
        Self::all()
            .iter()
            .copied()
            .find(|l| l.name() == lower)
            .ok_or_else(|| {
                let names: Vec<&str> = Self::all().iter().map(|l| l.name()).collect();
                InputError::new(format!(
                    "unknown level '{text}': expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

/// Counts its arguments, for [`game_levels!`]'s `ALL` array.
#[doc(hidden)]
#[macro_export]
macro_rules! count_levels {
    () => { 0usize };
    ($head:ident $($tail:ident)*) => { 1usize + $crate::count_levels!($($tail)*) };
}

/// A game's computer levels: the enum (weakest first), `ALL`, `name` (lower case, for URLs
/// and the command line), `title` (shown to players), `Display`, `FromStr` and
/// [`GameLevel`], from one list of `Variant => ("name", "Title")` lines. The level a new
/// player meets is named after `default`.
#[macro_export]
macro_rules! game_levels {
    (
        $(#[$meta:meta])*
        pub enum $name:ident default $default:ident {
            $($(#[$vmeta:meta])* $variant:ident => ($lower:literal, $title:literal)),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every level, weakest first.
            pub const ALL: [$name; $crate::count_levels!($($variant)+)] = [$($name::$variant),+];

            /// The lower-case name used in URLs and on the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $lower),+
                }
            }

            /// The name shown to players.
            pub fn title(self) -> &'static str {
                match self {
                    $($name::$variant => $title),+
                }
            }
        }

        impl Default for $name {
            fn default() -> $name {
                $name::$default
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::game::InputError;

            fn from_str(s: &str) -> Result<$name, $crate::game::InputError> {
                <$name as $crate::game::GameLevel>::parse_name(s)
            }
        }

        impl $crate::game::GameLevel for $name {
            fn all() -> &'static [$name] {
                &$name::ALL
            }
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn title(self) -> &'static str {
                $name::title(self)
            }
            fn default_level() -> $name {
                $name::$default
            }
        }
    };
}
