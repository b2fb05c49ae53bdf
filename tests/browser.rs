//! The engines inside a real browser (headless Chromium through wasm-bindgen-test):
//! what differs there is the clock, the random source and the wasm build itself.
#![cfg(target_arch = "wasm32")]

use caro::caro::{new_bot, notation, Board, BotOptions, Level, Pos, Rule};
use caro::game::{Budget, Deadline, Outcome, Side};
use caro::protocol::bot_request::{answer, format_request, parse_reply, BotReply};
use std::time::Duration;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_clock_works_in_the_browser() {
    // std::time::Instant panics on wasm32; the deadline must not.
    let deadline = Deadline::start(Budget::time(Duration::from_millis(5)));
    let mut spins = 0u64;
    while !deadline.expired(0) {
        spins += 1;
    }
    assert!(spins > 0);
    assert!(deadline.elapsed() >= Duration::from_millis(5));
}

#[wasm_bindgen_test]
fn greedy_bots_play_a_60x60_game_to_its_end() {
    // Unseeded: exercises the browser's random source.
    let mut board = Board::new(60, 60, Rule::Caro).unwrap();
    let mut bots = [
        new_bot(Level::Greedy, BotOptions::default()),
        new_bot(Level::Greedy, BotOptions::default()),
    ];
    while !board.is_over() {
        let side = board.to_move();
        let mv = bots[side.index()].choose_move(&board).expect("a move");
        board.play(mv).expect("a legal move");
        assert!(board.stone_count() <= 3600);
    }
    if let Some(Outcome::Win(_)) = board.outcome() {
        assert!(board.winning_line().len() >= 5);
    }
}

#[wasm_bindgen_test]
fn caro_rule_holds_in_the_wasm_build() {
    let board = notation::parse_position("caro 15x15 7,4 7,3 7,5 0,0 7,6 0,2 7,7 7,9").unwrap();
    assert!(!board.wins_with(Pos::new(7, 8), Side::First));
    let board =
        notation::parse_position("freestyle 15x15 7,4 7,3 7,5 0,0 7,6 0,2 7,7 7,9").unwrap();
    assert!(board.wins_with(Pos::new(7, 8), Side::First));
}

#[wasm_bindgen_test]
fn the_worker_protocol_blocks_a_four() {
    let request = format_request(
        9,
        "caro",
        "greedy",
        None,
        None,
        "caro 15x15 3,5 2,5 4,5 10,10 5,5 10,12 6,5",
    );
    match parse_reply(&answer(&request)).unwrap() {
        (9, BotReply::Move { text, .. }) => assert_eq!(text, "7,5"),
        other => panic!("unexpected reply {other:?}"),
    }
}
