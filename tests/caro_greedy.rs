//! The Greedy level: the original article's attack/defense tables.

use caro::caro::greedy::{attack_score, choose_move, defense_score, WIN_SCORE};
use caro::caro::{new_bot, notation, Board, BotOptions, Level, Pos, Rule};
use caro::game::Side;
use rand::rngs::StdRng;
use rand::SeedableRng;

fn position(text: &str) -> Board {
    notation::parse_position(text).unwrap()
}

#[test]
fn attack_table_follows_the_article() {
    // X: 7,5 7,6 7,7 (three in row 7); O far away.
    let b = position("freestyle 15x15 7,5 0,0 7,6 0,14 7,7 14,0");
    assert_eq!(b.to_move(), Side::First);
    assert_eq!(attack_score(&b, Pos::new(7, 8), Side::First), 2000); // makes four
    assert_eq!(attack_score(&b, Pos::new(6, 6), Side::First), 300); // makes a two
    assert_eq!(attack_score(&b, Pos::new(3, 12), Side::First), 100); // a lone stone
    assert_eq!(attack_score(&b, Pos::new(7, 9), Side::First), 100); // gap: no run through it
}

#[test]
fn defense_table_follows_the_article() {
    // O to move; X has three in row 7.
    let b = position("freestyle 15x15 7,5 0,0 7,6 0,14 7,7");
    assert_eq!(b.to_move(), Side::Second);
    assert_eq!(defense_score(&b, Pos::new(7, 8), Side::Second), 1000); // cuts three
    assert_eq!(defense_score(&b, Pos::new(8, 8), Side::Second), 10); // next to one stone
    assert_eq!(defense_score(&b, Pos::new(12, 12), Side::Second), 0);
}

#[test]
fn a_run_longer_than_the_tables_is_capped_not_nan() {
    // Standard rule: filling 7,7 gives X six in a row, which is not a win there.
    let b = position("standard 15x15 7,4 0,0 7,5 0,2 7,6 0,4 7,8 0,6 7,9 0,8");
    assert!(!b.wins_with(Pos::new(7, 7), Side::First));
    assert_eq!(attack_score(&b, Pos::new(7, 7), Side::First), 2000);
    // The defender's view of the same cell: five X stones cut, capped at the top entry.
    assert_eq!(defense_score(&b, Pos::new(7, 7), Side::Second), 999_999);
}

#[test]
fn caro_blocked_five_scores_as_a_four_not_a_win() {
    // O X X X X _ O in row 7: filling the gap makes a five blocked at both ends.
    let b = position("caro 15x15 7,4 7,3 7,5 0,0 7,6 0,2 7,7 7,9");
    assert!(!b.wins_with(Pos::new(7, 8), Side::First));
    assert_eq!(attack_score(&b, Pos::new(7, 8), Side::First), 2000);
    let free = position("freestyle 15x15 7,4 7,3 7,5 0,0 7,6 0,2 7,7 7,9");
    assert_eq!(attack_score(&free, Pos::new(7, 8), Side::First), WIN_SCORE);
}

#[test]
fn greedy_takes_a_winning_move() {
    // X to move with an open four 7,4..7,7; O threatens nothing that matters.
    let b = position("caro 15x15 7,4 3,3 7,5 3,4 7,6 3,5 7,7 3,6");
    for seed in 0..10 {
        let mv = choose_move(&b, &mut StdRng::seed_from_u64(seed)).unwrap();
        assert!(
            b.wins_with(mv, Side::First),
            "seed {seed}: {mv} does not win"
        );
    }
}

#[test]
fn greedy_prefers_its_own_win_to_blocking() {
    // Both sides have four; X (to move) must win rather than block O.
    let b = position("freestyle 15x15 7,4 3,4 7,5 3,5 7,6 3,6 7,7 3,7");
    let mv = choose_move(&b, &mut StdRng::seed_from_u64(1)).unwrap();
    assert!(b.wins_with(mv, Side::First));
}

#[test]
fn greedy_blocks_a_four_as_o() {
    // X has four in column 5 (rows 3..6) with row 2 blocked; O to move must take 7,5.
    let b = position("caro 15x15 3,5 2,5 4,5 10,10 5,5 10,12 6,5");
    assert_eq!(b.to_move(), Side::Second);
    for seed in 0..10 {
        let mv = choose_move(&b, &mut StdRng::seed_from_u64(seed)).unwrap();
        assert_eq!(mv, Pos::new(7, 5), "seed {seed}");
    }
}

#[test]
fn greedy_scores_from_the_side_to_move_when_it_plays_x() {
    // X to move; O has a four in row 9 ending at the edge. X must block at 9,4.
    let b = position("caro 15x15 0,14 9,0 2,14 9,1 4,14 9,2 6,12 9,3");
    assert_eq!(b.to_move(), Side::First);
    let mut bot = new_bot(
        Level::Greedy,
        BotOptions {
            seed: Some(3),
            ..BotOptions::default()
        },
    );
    assert_eq!(bot.choose_move(&b), Some(Pos::new(9, 4)));
}

#[test]
fn greedy_plays_only_empty_cells_and_stops_when_the_game_is_over() {
    let mut board = Board::new(10, 13, Rule::Caro).unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    while !board.is_over() {
        let mv = choose_move(&board, &mut rng).expect("a move while the game goes on");
        board.play(mv).expect("greedy's move is legal");
    }
    assert_eq!(choose_move(&board, &mut rng), None);
}

#[test]
fn greedy_opens_in_the_centre() {
    let board = Board::new(20, 30, Rule::Caro).unwrap();
    let mv = choose_move(&board, &mut StdRng::seed_from_u64(0)).unwrap();
    assert_eq!(mv, Pos::new(10, 15));
}
