//! Connect Four (7x6): position, solver, opening book and the original article's levels.

pub mod book;
pub mod levels;
pub mod move_sorter;
pub mod position;
pub mod solver;
pub mod transposition;

pub use book::Book;
pub use levels::{new_bot, new_bot_with, BotOptions, Connect4Bot, Level, PerfectBot};
pub use position::{perft, Board, MoveError, Position, HEIGHT, WIDTH};
pub use solver::Solver;
