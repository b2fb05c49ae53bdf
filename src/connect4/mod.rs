//! Connect Four (7x6): position, solver, opening book and the original article's levels.
