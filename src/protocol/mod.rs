//! Text protocols spoken with other programs.

pub mod gomocup;
