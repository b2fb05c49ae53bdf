//! Caro: five in a row on boards from 10x10 to 60x60, under the caro, freestyle, standard
//! and renju rules.

pub mod board;
pub mod bot;
pub mod greedy;
pub mod notation;
pub mod renju;
pub mod rules;

pub use board::{Board, MoveError, Pos};
pub use bot::{new_bot, BotOptions, CaroBot, Level};
pub use rules::Rule;
