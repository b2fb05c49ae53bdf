//! Renju forbidden moves for Black, on shapes whose answer is known from the RIF rules.

use caro::caro::renju::{forbidden, Forbidden};
use caro::caro::{Board, MoveError, Pos, Rule};
use caro::game::{Outcome, Side};

/// A 15x15 renju board with the given Black and White stones (no move history).
fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
    let mut b = Board::new(15, 15, Rule::Renju).unwrap();
    for &(r, c) in black {
        b.set_stone(Pos::new(r, c), Some(Side::First));
    }
    for &(r, c) in white {
        b.set_stone(Pos::new(r, c), Some(Side::Second));
    }
    b
}

fn at(b: &Board, r: usize, c: usize) -> Option<Forbidden> {
    forbidden(b, Pos::new(r, c))
}

#[test]
fn plain_double_three_is_forbidden() {
    // Row 7: . X X . p .  (a split three through p); column 8: X X p (a three).
    let b = board_with(&[(7, 5), (7, 6), (5, 8), (6, 8)], &[]);
    assert_eq!(at(&b, 7, 8), Some(Forbidden::DoubleThree));
    // Either three alone is fine.
    let b = board_with(&[(7, 5), (7, 6), (5, 8)], &[]);
    assert_eq!(at(&b, 7, 8), None);
}

#[test]
fn double_three_with_a_three_whose_straight_four_point_is_forbidden_is_allowed() {
    // Row 7: O . X X p . .  The only straight four the row can become is with (7,8); column 8
    // holds X X X at rows 4..6, so Black on (7,8) would make two fours (row and column):
    // a double four, forbidden. The row is therefore no real three, and p = (7,7) makes
    // only one three (column 7: X X p).
    let black = [(7, 5), (7, 6), (5, 7), (6, 7), (4, 8), (5, 8), (6, 8)];
    let b = board_with(&black, &[(7, 3)]);
    assert_eq!(at(&b, 7, 7), None);
    // The straight-four point itself, with p played, is a double four.
    let mut with_p = b.clone();
    with_p.set_stone(Pos::new(7, 7), Some(Side::First));
    assert_eq!(at(&with_p, 7, 8), Some(Forbidden::DoubleFour));
    // Without the column-8 stones the row's three is real, and p is a double three.
    let b = board_with(&[(7, 5), (7, 6), (5, 7), (6, 7)], &[(7, 3)]);
    assert_eq!(at(&b, 7, 7), Some(Forbidden::DoubleThree));
}

#[test]
fn three_that_can_only_become_an_overline_is_no_three() {
    // Row 7: X . . X X p . . X (cols 2..10), p = (7,7). Every four the row can reach has
    // one five point at most, the other end joining a far stone into six: no straight four,
    // so no three. Column 7 (X X p) is then the only three: allowed.
    let black = [(7, 2), (7, 5), (7, 6), (7, 10), (5, 7), (6, 7)];
    let b = board_with(&black, &[]);
    assert_eq!(at(&b, 7, 7), None);
    // Without the far stones the row is a real three, and p a double three.
    let b = board_with(&[(7, 5), (7, 6), (5, 7), (6, 7)], &[]);
    assert_eq!(at(&b, 7, 7), Some(Forbidden::DoubleThree));
}

#[test]
fn four_four_in_one_line_is_forbidden() {
    // Row 7: X . X X p . X  -> p makes two fours in the same line (five points 4 and 8).
    let b = board_with(&[(7, 3), (7, 5), (7, 6), (7, 9)], &[]);
    assert_eq!(at(&b, 7, 7), Some(Forbidden::DoubleFour));
}

#[test]
fn double_four_in_two_lines_is_forbidden() {
    let b = board_with(
        &[(7, 4), (7, 5), (7, 6), (4, 7), (5, 7), (6, 7)],
        &[(7, 3), (3, 7)],
    );
    assert_eq!(at(&b, 7, 7), Some(Forbidden::DoubleFour));
}

#[test]
fn four_three_is_allowed() {
    // Row 7: O X X X p . (a four); column 7: X X p (a three).
    let b = board_with(&[(7, 4), (7, 5), (7, 6), (5, 7), (6, 7)], &[(7, 3)]);
    assert_eq!(at(&b, 7, 7), None);
}

#[test]
fn overline_is_forbidden() {
    let b = board_with(&[(7, 2), (7, 3), (7, 4), (7, 6), (7, 7)], &[]);
    assert_eq!(at(&b, 7, 5), Some(Forbidden::Overline));
}

#[test]
fn five_that_also_makes_a_double_four_is_allowed_and_wins() {
    // Row 7 cols 3..6 plus p = (7,7) is an exact five; column 7 and the diagonal give two
    // more fours through p.
    let black = [
        (7, 3),
        (7, 4),
        (7, 5),
        (7, 6),
        (4, 7),
        (5, 7),
        (6, 7),
        (8, 8),
        (9, 9),
        (10, 10),
    ];
    let white = [
        (0, 0),
        (0, 2),
        (0, 4),
        (0, 6),
        (0, 8),
        (0, 10),
        (0, 12),
        (1, 0),
        (1, 2),
        (1, 4),
    ];
    let b = board_with(&black, &white);
    assert_eq!(at(&b, 7, 7), None);
    // Played for real (through a move history) the move wins.
    let mut game = Board::new(15, 15, Rule::Renju).unwrap();
    for k in 0..black.len() {
        game.play(Pos::new(black[k].0, black[k].1)).unwrap();
        game.play(Pos::new(white[k].0, white[k].1)).unwrap();
    }
    game.play(Pos::new(7, 7)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::First)));
}

#[test]
fn board_refuses_forbidden_moves_for_black_only() {
    // Black X at (7,5),(7,6),(5,8),(6,8); (7,8) is a double three for Black.
    let mut game = Board::new(15, 15, Rule::Renju).unwrap();
    for (r, c) in [
        (7, 5),
        (0, 0),
        (7, 6),
        (0, 2),
        (5, 8),
        (0, 4),
        (6, 8),
        (0, 6),
    ] {
        game.play(Pos::new(r, c)).unwrap();
    }
    assert_eq!(
        game.check_move(Pos::new(7, 8)),
        Err(MoveError::Forbidden(Forbidden::DoubleThree))
    );
    // White may play there.
    game.play(Pos::new(1, 1)).unwrap();
    assert_eq!(game.check_move(Pos::new(7, 8)), Ok(()));
}

#[test]
fn white_overline_wins_in_renju() {
    let mut game = Board::new(15, 15, Rule::Renju).unwrap();
    let black = [(0, 0), (0, 2), (0, 4), (2, 0), (2, 2), (2, 4)];
    let white = [(7, 2), (7, 3), (7, 4), (7, 6), (7, 7)];
    for k in 0..5 {
        game.play(Pos::new(black[k].0, black[k].1)).unwrap();
        game.play(Pos::new(white[k].0, white[k].1)).unwrap();
    }
    game.play(Pos::new(black[5].0, black[5].1)).unwrap();
    game.play(Pos::new(7, 5)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::Second)));
}
