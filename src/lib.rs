//! Caro (gomoku), Connect Four and Othello: engines, text formats and protocols, and the
//! browser app's thin web layer (wasm32 only).

pub mod bench;
pub mod caro;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod connect4;
pub mod game;
pub mod i18n;
pub mod othello;
pub mod protocol;
pub mod settings;

#[cfg(target_arch = "wasm32")]
pub mod web;
