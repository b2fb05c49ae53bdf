//! Text protocols spoken with other programs.

pub mod bot_request;
pub mod gomocup;
