//! Othello (8x8): bitboard position, the original levels, search and the exact endgame solver.
