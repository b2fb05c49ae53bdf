//! The games' notations for links and records: Caro cell names and move strings, Piskvork
//! `.psq` records, Connect Four column strings, Othello transcripts. Each parser reads back
//! what its formatter writes, and every kind of bad input gets an error naming the move or
//! line and why.

use caro::caro::notation::{
    cell_name, column_name, format_moves, parse_cell_name, replay_moves, split_moves,
};
use caro::caro::record::{format_psq, is_psq, parse_psq, replay_psq};
use caro::caro::{Board, Pos, Rule};
use caro::connect4;
use caro::othello::notation::{format_moves as othello_moves, replay_moves as othello_replay};
use caro::othello::{Position, Square};

fn err<T: std::fmt::Debug>(r: Result<T, caro::game::InputError>) -> String {
    r.expect_err("expected an error").to_string()
}

#[test]
fn caro_cells_are_letters_from_the_left_and_numbers_from_the_bottom() {
    assert_eq!(cell_name(15, Pos::new(7, 7)), "h8");
    assert_eq!(cell_name(15, Pos::new(0, 0)), "a15");
    assert_eq!(cell_name(15, Pos::new(14, 0)), "a1");
    assert_eq!(cell_name(60, Pos::new(0, 0)), "a60");
    assert_eq!(parse_cell_name(15, 15, "h8").unwrap(), Pos::new(7, 7));
    assert_eq!(parse_cell_name(15, 15, "H8").unwrap(), Pos::new(7, 7));
    assert_eq!(parse_cell_name(60, 60, "a60").unwrap(), Pos::new(0, 0));
}

#[test]
fn caro_columns_past_z_go_on_like_a_spreadsheet() {
    assert_eq!(column_name(0), "a");
    assert_eq!(column_name(25), "z");
    assert_eq!(column_name(26), "aa");
    assert_eq!(column_name(27), "ab");
    assert_eq!(column_name(51), "az");
    assert_eq!(column_name(52), "ba");
    assert_eq!(column_name(59), "bh");
    // Every cell of the largest board names itself and reads back, rectangular too.
    for (rows, cols) in [(60, 60), (10, 60), (60, 10), (13, 27)] {
        for row in 0..rows {
            for col in 0..cols {
                let pos = Pos::new(row, col);
                let name = cell_name(rows, pos);
                assert_eq!(parse_cell_name(rows, cols, &name).unwrap(), pos, "{name}");
            }
        }
    }
}

#[test]
fn caro_cell_names_off_the_board_or_malformed_are_refused() {
    assert_eq!(
        err(parse_cell_name(15, 15, "p8")),
        "p8 is off the 15x15 board"
    );
    assert_eq!(
        err(parse_cell_name(15, 15, "h16")),
        "h16 is off the 15x15 board"
    );
    assert_eq!(
        err(parse_cell_name(15, 15, "h0")),
        "h0 is off the 15x15 board"
    );
    assert_eq!(
        err(parse_cell_name(60, 60, "bi1")),
        "bi1 is off the 60x60 board"
    );
    assert_eq!(
        err(parse_cell_name(60, 60, "zzzz1")),
        "zzzz1 is off the 60x60 board"
    );
    for bad in ["8", "h", "", "h8x", "8h", "h-1", "é5"] {
        assert!(
            err(parse_cell_name(15, 15, bad)).contains("is not a cell"),
            "{bad}"
        );
    }
}

#[test]
fn caro_move_strings_round_trip() {
    let board = replay_moves(15, 15, Rule::Freestyle, "h8i9h9").unwrap();
    assert_eq!(
        board.moves(),
        &[Pos::new(7, 7), Pos::new(6, 8), Pos::new(6, 7)]
    );
    assert_eq!(format_moves(&board), "h8i9h9");
    // Separators and capitals are allowed; the format is canonical.
    let spaced = replay_moves(15, 15, Rule::Freestyle, "H8 i9, h9").unwrap();
    assert_eq!(spaced.moves(), board.moves());
    // Wide columns and two-digit rows run together unambiguously.
    let wide = replay_moves(60, 60, Rule::Caro, "bh60a1ab12").unwrap();
    assert_eq!(
        wide.moves(),
        &[Pos::new(0, 59), Pos::new(59, 0), Pos::new(48, 27)]
    );
    assert_eq!(format_moves(&wide), "bh60a1ab12");
    assert_eq!(split_moves("").unwrap(), Vec::<String>::new());
    assert_eq!(
        replay_moves(15, 15, Rule::Caro, "").unwrap().stone_count(),
        0
    );
}

#[test]
fn caro_bad_move_strings_name_the_first_bad_move_and_why() {
    let e = |rule, text| err(replay_moves(15, 15, rule, text));
    assert_eq!(e(Rule::Caro, "h8p8"), "move 2 (p8) is off the 15x15 board");
    assert_eq!(e(Rule::Caro, "h8i9h8"), "move 3 (h8) is already taken");
    assert_eq!(
        e(Rule::Caro, "h8x"),
        "move 2 ('x') is not a cell: expected column letters and a row number, like h8"
    );
    assert_eq!(
        e(Rule::Caro, "h8?9"),
        "move 2 ('?9') is not a cell: expected column letters and a row number, like h8"
    );
    // X's five in a row on row 8 ends the game; a move after it is refused.
    assert_eq!(
        e(Rule::Freestyle, "a8a1b8b1c8c1d8d1e8e1"),
        "move 10 (e1) comes after the end: the game was over after move 9"
    );
    // Renju: X's double three at h8 is forbidden.
    let err = e(Rule::Renju, "f8a1g8a3h10a5h9a7h8");
    assert!(
        err.starts_with("move 9 (h8) is illegal: forbidden for X under renju"),
        "{err}"
    );
}

const GAME_PSQ: &str =
    "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,120\n8,7,0\nX: you\nO: computer (Master)\n-1\n";

#[test]
fn psq_records_round_trip() {
    let board = replay_moves(15, 15, Rule::Caro, "h8i9h9").unwrap();
    let text = format_psq(&board, &[0, 120], ["X: you", "O: computer (Master)"]);
    assert_eq!(text, GAME_PSQ);
    assert!(is_psq(&text));
    let back = replay_psq(&text, Rule::Caro).unwrap();
    assert_eq!(back.moves(), board.moves());
    // Rectangular boards: Piskvork writes the width first.
    let wide = replay_moves(12, 40, Rule::Freestyle, "an12a1").unwrap();
    let text = format_psq(&wide, &[], ["X", "O"]);
    assert!(
        text.starts_with("Piskvorky 40x12, 11:11, 0\n40,1,0\n1,12,0\n"),
        "{text}"
    );
    let record = parse_psq(&text).unwrap();
    assert_eq!((record.rows, record.cols), (12, 40));
    assert_eq!(
        replay_psq(&text, Rule::Freestyle).unwrap().moves(),
        wide.moves()
    );
}

#[test]
fn psq_records_from_other_programs_are_read() {
    // Windows line ends, blank lines, moves without times, a trailer of names and marks.
    let text = "\r\nPiskvorky 20x20, 11:11, 0\r\n10,10,1018\r\n\r\n9,9\r\n11,9,3\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n1,Freestyle\r\n";
    let record = parse_psq(text).unwrap();
    assert_eq!((record.rows, record.cols), (20, 20));
    assert_eq!(
        record.moves,
        vec![
            (3, Pos::new(9, 9)),
            (5, Pos::new(8, 8)),
            (6, Pos::new(8, 10))
        ]
    );
}

#[test]
fn bad_psq_records_name_the_line_and_the_problem() {
    assert_eq!(err(parse_psq("")), "the record is empty");
    assert_eq!(
        err(parse_psq("hello\n8,8,0\n")),
        "line 1: expected a Piskvork header like 'Piskvorky 15x15, 11:11, 0', found 'hello'"
    );
    assert!(err(parse_psq("Piskvorky big, 11:11, 0\n"))
        .starts_with("line 1: expected a Piskvork header"));
    assert_eq!(
        err(parse_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n")),
        "line 3: 16,3 is off the 15x15 board (x from 1 to 15, y from 1 to 15)"
    );
    assert_eq!(
        err(parse_psq("Piskvorky 15x15, 11:11, 0\n0,3,0\n")),
        "line 2: 0,3 is off the 15x15 board (x from 1 to 15, y from 1 to 15)"
    );
    assert_eq!(
        err(parse_psq("Piskvorky 15x15, 11:11, 0\n1,2,3,4\n")),
        "line 2: '1,2,3,4' has 4 numbers; a move is x,y or x,y,milliseconds"
    );
    assert_eq!(
        err(replay_psq(
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n",
            Rule::Caro
        )),
        "line 4: the move 8,8 (h8): that cell is already taken"
    );
    assert_eq!(
        err(replay_psq("Piskvorky 3x3, 11:11, 0\n1,1,0\n", Rule::Caro)),
        "line 1: rows must be between 5 and 60, got 3"
    );
    let five_then_more =
        "Piskvorky 15x15, 11:11, 0\n1,1\n1,3\n2,1\n2,3\n3,1\n3,3\n4,1\n4,3\n5,1\n5,3\n";
    assert_eq!(
        err(replay_psq(five_then_more, Rule::Freestyle)),
        "line 11: the move 5,3 (e13): comes after the end: the game was over after 9 moves"
    );
}

#[test]
fn connect4_move_strings_round_trip_and_name_bad_moves() {
    let position = connect4::Position::parse("4453").unwrap();
    assert_eq!(position.to_string(), "4453");
    assert_eq!(position.history(), &[3, 3, 4, 2]);
    assert_eq!(
        err(connect4::Position::parse("448")),
        "move 3 ('8') is not a column: expected a digit from 1 to 7"
    );
    assert_eq!(
        err(connect4::Position::parse("4x")),
        "move 2 ('x') is not a column: expected a digit from 1 to 7"
    );
    assert_eq!(
        err(connect4::Position::parse("1111111")),
        "move 7 (1) is illegal: column 1 is full"
    );
    // Red's four in column 1 ends the game at move 7.
    assert_eq!(
        err(connect4::Position::parse("12121213")),
        "move 8 (3) comes after the end: the game was over after move 7"
    );
}

fn sq(name: &str) -> Square {
    caro::othello::parse_square(name).unwrap()
}

#[test]
fn othello_transcripts_round_trip() {
    let replay = othello_replay(Position::start(), "f5d6c3").unwrap();
    let squares: Vec<Square> = replay.moves.iter().map(|&(s, _)| s).collect();
    assert_eq!(squares, vec![sq("f5"), sq("d6"), sq("c3")]);
    assert_eq!(othello_moves(&squares), "f5d6c3");
    let mut by_hand = Position::start();
    for s in &squares {
        by_hand.play(*s).unwrap();
    }
    assert_eq!(replay.position, by_hand);
    assert_eq!(
        othello_replay(Position::start(), "F5 d6,c3").unwrap(),
        replay
    );
}

#[test]
fn othello_transcripts_leave_passes_out_and_replay_them() {
    // The shortest game: after 9 moves White has no disc; the game ends with no pass. A
    // pass mid-game: find one by playing first legal moves until a side must pass.
    let mut position = Position::start();
    let mut moves = Vec::new();
    let mut pass_seen = false;
    while !position.is_game_over() {
        let square = position
            .moves()
            .next()
            .expect("a side not passing has a move");
        position.play(square).unwrap();
        moves.push(square);
        if position.must_pass() {
            position.pass().unwrap();
            pass_seen = true;
        }
    }
    assert!(pass_seen, "the first-legal-move game has a pass");
    let text = othello_moves(&moves);
    assert!(!text.contains("pass"));
    let replay = othello_replay(Position::start(), &text).unwrap();
    assert_eq!(replay.position, position);
    assert!(replay.moves.iter().any(|&(_, passed)| passed));
    // A move after the end is refused.
    let after = format!("{text}a1");
    assert_eq!(
        err(othello_replay(Position::start(), &after)),
        format!(
            "move {} (a1) comes after the end: the game was over after move {}",
            moves.len() + 1,
            moves.len()
        )
    );
}

#[test]
fn othello_bad_transcripts_name_the_first_bad_move_and_why() {
    let e = |text| err(othello_replay(Position::start(), text));
    assert_eq!(e("f5a1"), "move 2 (a1) is illegal: it flips nothing");
    assert_eq!(e("f5d4"), "move 2 (d4) is already taken");
    assert_eq!(
        e("f5z9"),
        "move 2 ('z9') is not a square: expected a file letter a..h and a rank 1..8, like d3"
    );
    assert_eq!(
        e("f5d"),
        "move 2 ('d') is not a square: expected a file letter a..h and a rank 1..8, like d3"
    );
}

#[test]
fn board_from_cells_and_from_names_agree() {
    // The same game by Pos and by name.
    let mut board = Board::new(19, 19, Rule::Standard).unwrap();
    for pos in [Pos::new(9, 9), Pos::new(0, 18), Pos::new(18, 0)] {
        board.play(pos).unwrap();
    }
    assert_eq!(format_moves(&board), "j10s19a1");
    assert_eq!(
        replay_moves(19, 19, Rule::Standard, "j10s19a1").unwrap(),
        board
    );
}
