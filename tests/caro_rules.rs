//! The winning conditions of each rule, on real games played through `Board::play`.

use caro::caro::{notation, Board, MoveError, Pos, Rule};
use caro::game::{Outcome, Side};

/// Plays X's stones and O's stones alternately (X first); `o` may be one shorter than `x`.
fn play_alternating(board: &mut Board, x: &[(usize, usize)], o: &[(usize, usize)]) {
    for i in 0..x.len().max(o.len()) {
        if let Some(&(r, c)) = x.get(i) {
            board.play(Pos::new(r, c)).expect("legal X move");
        }
        if let Some(&(r, c)) = o.get(i) {
            board.play(Pos::new(r, c)).expect("legal O move");
        }
    }
}

fn row_cells(row: usize, cols: &[usize]) -> Vec<(usize, usize)> {
    cols.iter().map(|&c| (row, c)).collect()
}

/// X fills `row` at `x_cols` in order; O answers on the given cells (far away unless they
/// are meant to block). Returns the board after X's last stone.
fn x_line_game(rule: Rule, x_cols: &[usize], o_cells: &[(usize, usize)]) -> Board {
    let mut board = Board::new(15, 15, rule).unwrap();
    play_alternating(&mut board, &row_cells(7, x_cols), o_cells);
    board
}

/// O's idle answers, far from row 7.
const IDLE: [(usize, usize); 8] = [
    (0, 0),
    (0, 2),
    (0, 4),
    (0, 6),
    (0, 8),
    (0, 10),
    (0, 12),
    (0, 14),
];

fn with_blocks(blocks: &[(usize, usize)], idle: usize) -> Vec<(usize, usize)> {
    let mut v = blocks.to_vec();
    v.extend_from_slice(&IDLE[..idle]);
    v
}

#[test]
fn caro_five_blocked_at_both_ends_is_not_a_win() {
    // O at 7,3 and 7,9; X fills 7,4..7,8.
    let board = x_line_game(
        Rule::Caro,
        &[4, 5, 6, 7, 8],
        &with_blocks(&[(7, 3), (7, 9)], 2),
    );
    assert_eq!(board.outcome(), None);
    assert!(board.winning_line().is_empty());
}

#[test]
fn caro_five_blocked_at_one_end_wins() {
    let board = x_line_game(Rule::Caro, &[4, 5, 6, 7, 8], &with_blocks(&[(7, 3)], 3));
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::First)));
    let line: Vec<Pos> = (4..=8).map(|c| Pos::new(7, c)).collect();
    assert_eq!(board.winning_line(), line);
}

#[test]
fn caro_board_edge_is_not_a_block() {
    // X on 7,0..7,4 with O at 7,5: one end is the edge, the other an O stone.
    let board = x_line_game(Rule::Caro, &[0, 1, 2, 3, 4], &with_blocks(&[(7, 5)], 3));
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::First)));
}

#[test]
fn caro_overline_blocked_at_both_ends_still_wins() {
    let board = x_line_game(
        Rule::Caro,
        &[4, 5, 6, 8, 9, 7],
        &with_blocks(&[(7, 3), (7, 10)], 3),
    );
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(board.winning_line().len(), 6);
}

#[test]
fn caro_blocked_five_on_a_diagonal_is_not_a_win() {
    let mut board = Board::new(15, 15, Rule::Caro).unwrap();
    let x: Vec<(usize, usize)> = (3..8).map(|i| (i, i)).collect();
    play_alternating(&mut board, &x, &[(2, 2), (8, 8), (0, 14), (1, 14)]);
    assert_eq!(board.outcome(), None);
}

#[test]
fn freestyle_blocked_five_and_overline_win() {
    let blocked = x_line_game(
        Rule::Freestyle,
        &[4, 5, 6, 7, 8],
        &with_blocks(&[(7, 3), (7, 9)], 2),
    );
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Side::First)));
    let overline = x_line_game(Rule::Freestyle, &[4, 5, 6, 8, 9, 7], &with_blocks(&[], 5));
    assert_eq!(overline.outcome(), Some(Outcome::Win(Side::First)));
}

#[test]
fn standard_exact_five_wins_and_overline_does_not() {
    let five = x_line_game(
        Rule::Standard,
        &[4, 5, 6, 7, 8],
        &with_blocks(&[(7, 3), (7, 9)], 2),
    );
    assert_eq!(five.outcome(), Some(Outcome::Win(Side::First)));
    let six = x_line_game(Rule::Standard, &[4, 5, 6, 8, 9, 7], &with_blocks(&[], 5));
    assert_eq!(six.outcome(), None);
    assert!(
        !six.wins_with(Pos::new(7, 10), Side::First),
        "seven is no win either"
    );
}

#[test]
fn renju_black_needs_exactly_five_and_white_may_overline() {
    assert!(Rule::Renju.run_wins(Side::First, 5, 2));
    assert!(!Rule::Renju.run_wins(Side::First, 6, 0));
    assert!(Rule::Renju.run_wins(Side::Second, 6, 0));
    // White's overline on a real board.
    let mut board = Board::new(15, 15, Rule::Renju).unwrap();
    let o = row_cells(7, &[4, 5, 6, 8, 9, 7]);
    let x = [(0, 0), (2, 0), (4, 0), (6, 0), (9, 0), (11, 0)];
    play_alternating(&mut board, &x, &o);
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::Second)));
}

#[test]
fn full_board_without_five_is_a_draw() {
    // X where (col / 2 + row) is even: pairs of X and O that never line up five.
    for (rows, cols) in [(10, 10), (10, 12)] {
        let mut board = Board::new(rows, cols, Rule::Freestyle).unwrap();
        let mut x = Vec::new();
        let mut o = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if (c / 2 + r) % 2 == 0 {
                    x.push((r, c));
                } else {
                    o.push((r, c));
                }
            }
        }
        assert_eq!(x.len(), o.len());
        play_alternating(&mut board, &x, &o[..o.len() - 1]);
        assert_eq!(board.outcome(), None, "one cell left");
        let (r, c) = *o.last().unwrap();
        board.play(Pos::new(r, c)).unwrap();
        assert!(board.is_full());
        assert_eq!(board.outcome(), Some(Outcome::Draw));
    }
}

#[test]
fn rectangular_board_wins_along_its_far_edges() {
    // 10 rows, 20 columns: a vertical five in the last column and a horizontal one at the end
    // of the last row.
    let mut board = Board::new(10, 20, Rule::Caro).unwrap();
    let x: Vec<(usize, usize)> = (5..10).map(|r| (r, 19)).collect();
    play_alternating(&mut board, &x, &[(0, 0), (0, 2), (0, 4), (0, 6)]);
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::First)));

    let mut board = Board::new(10, 20, Rule::Standard).unwrap();
    play_alternating(&mut board, &row_cells(9, &[15, 16, 17, 18, 19]), &IDLE[..4]);
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::First)));
    assert_eq!(board.winning_line().last(), Some(&Pos::new(9, 19)));
}

#[test]
fn refused_moves_change_nothing() {
    let mut board = Board::new(10, 20, Rule::Caro).unwrap();
    board.play(Pos::new(3, 3)).unwrap();
    let before = board.clone();
    assert_eq!(board.play(Pos::new(3, 3)), Err(MoveError::Occupied));
    assert_eq!(board.play(Pos::new(10, 0)), Err(MoveError::OutsideBoard));
    assert_eq!(board.play(Pos::new(0, 20)), Err(MoveError::OutsideBoard));
    assert_eq!(board, before);
    assert_eq!(board.to_move(), Side::Second);
}

#[test]
fn no_move_after_the_game_is_won_and_undo_reopens_it() {
    let mut board = x_line_game(Rule::Freestyle, &[0, 1, 2, 3, 4], &IDLE[..4]);
    assert!(board.is_over());
    assert_eq!(board.play(Pos::new(12, 12)), Err(MoveError::GameOver));
    assert_eq!(board.undo(), Some(Pos::new(7, 4)));
    assert_eq!(board.outcome(), None);
    assert_eq!(board.to_move(), Side::First);
    board.play(Pos::new(7, 4)).unwrap();
    assert!(board.is_over());
}

#[test]
fn board_sizes_outside_the_range_are_refused() {
    assert!(Board::new(4, 15, Rule::Caro).is_err());
    assert!(Board::new(15, 61, Rule::Caro).is_err());
    assert!(Board::new(60, 60, Rule::Caro).is_ok());
    assert!(Board::new(10, 60, Rule::Caro).is_ok());
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_explained() {
    let board = notation::parse_position("caro 15x20 7,7 7,8 8,8").unwrap();
    assert_eq!(
        (board.rows(), board.cols(), board.rule()),
        (15, 20, Rule::Caro)
    );
    assert_eq!(board.stone_count(), 3);
    assert_eq!(board.get(Pos::new(7, 8)), Some(Side::Second));
    assert_eq!(
        notation::parse_position(&notation::format_position(&board)).unwrap(),
        board
    );
    for (bad, needle) in [
        ("", "empty position"),
        ("gomoku 15x15", "unknown rule"),
        ("caro 15", "board size"),
        ("caro 15x99", "between"),
        ("caro 15x15 7,7 7,7", "already taken"),
        ("caro 15x15 7;7", "row,col"),
        ("caro 15x15 15,0", "outside"),
        ("caro 15x15 a,b", "numbers"),
    ] {
        let err = notation::parse_position(bad).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad:?} gave {err:?}");
    }
}

#[test]
fn rule_names_parse_in_any_case() {
    for rule in Rule::ALL {
        assert_eq!(rule.name().to_uppercase().parse::<Rule>().unwrap(), rule);
    }
    assert!("five"
        .parse::<Rule>()
        .unwrap_err()
        .to_string()
        .contains("five"));
}
