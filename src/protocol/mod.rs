//! Text protocols spoken with other programs.
