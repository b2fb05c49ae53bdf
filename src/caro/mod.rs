//! Caro: five in a row on boards from 10x10 to 60x60, under the caro, freestyle, standard
//! and renju rules.

pub mod board;
pub mod bot;
pub mod eval;
pub mod greedy;
pub mod movegen;
pub mod net;
pub mod notation;
pub mod patterns;
pub mod position;
pub mod problem;
pub mod record;
pub mod renju;
pub mod rules;
pub mod search;
pub mod selfplay;
pub mod threats;
pub mod train;
pub mod tt;
pub mod weights;

pub use board::{Board, MoveError, Pos};
pub use bot::{new_bot, BotOptions, CaroBot, Level};
pub use rules::Rule;
pub use search::{Engine, EngineConfig, EvalChoice, Limits, SearchInfo, SearchResult};
