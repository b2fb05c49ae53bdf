//! Othello rules, text formats and levels.

use caro::game::{Budget, Outcome, Side};
use caro::othello::levels::positional_choices;
use caro::othello::{
    format_obf, new_bot, new_bot_with_budget, parse_obf, parse_square, play_game, Level, MoveError,
    Position, Square,
};

fn sq(name: &str) -> Square {
    parse_square(name).unwrap()
}

#[test]
fn start_position_has_the_four_standard_moves() {
    let start = Position::start();
    let mut moves: Vec<String> = start.moves().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(
        (start.count(Side::First), start.count(Side::Second)),
        (2, 2)
    );
}

#[test]
fn a_move_flips_the_outflanked_discs_and_hands_over_the_turn() {
    let mut pos = Position::start();
    let flipped = pos.play(sq("d3")).unwrap();
    assert_eq!(flipped, sq("d4").bit());
    assert_eq!(pos.at(sq("d4")), Some(Side::First));
    assert_eq!(pos.side_to_move(), Side::Second);
    assert_eq!((pos.count(Side::First), pos.count(Side::Second)), (4, 1));
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut pos = Position::start();
    assert_eq!(pos.play(sq("d4")), Err(MoveError::Occupied));
    assert_eq!(pos.play(sq("a1")), Err(MoveError::FlipsNothing));
    assert_eq!(pos.pass(), Err(MoveError::CannotPass));
    assert_eq!(pos, Position::start(), "a refused move changes nothing");
}

#[test]
fn a_side_without_moves_must_pass_and_the_game_goes_on() {
    // White to move with a white disc on b1 and a black one on a1: White cannot outflank
    // the corner, Black can play c1.
    let mut pos = parse_obf(&format!("XO{} O", "-".repeat(62))).unwrap();
    assert!(pos.must_pass());
    assert!(!pos.is_game_over());
    assert_eq!(pos.moves().count(), 0);
    assert_eq!(pos.play(sq("c1")), Err(MoveError::MustPass));
    pos.pass().unwrap();
    assert_eq!(pos.side_to_move(), Side::First);
    assert_eq!(pos.moves().collect::<Vec<_>>(), [sq("c1")]);
    // Black takes b1: White has no disc left and the game is over.
    pos.play(sq("c1")).unwrap();
    assert!(pos.is_game_over());
    assert_eq!(pos.pass(), Err(MoveError::GameOver));
    assert_eq!(pos.play(sq("d1")), Err(MoveError::GameOver));
    assert_eq!(pos.outcome(), Some(Outcome::Win(Side::First)));
    // White to move, no disc: the final score counts the empties for Black.
    assert_eq!(pos.final_score(), -64);
}

#[test]
fn a_full_board_ends_the_game_by_disc_count() {
    let text = format!("{}{} X", "X".repeat(32), "O".repeat(32));
    let pos = parse_obf(&text).unwrap();
    assert!(pos.is_game_over());
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(pos.final_score(), 0);
}

#[test]
fn moves_parse_in_both_cases_and_bad_ones_say_why() {
    assert_eq!(sq("d3"), Square::new(2, 3).unwrap());
    assert_eq!(sq("D3"), sq("d3"));
    assert_eq!(sq("h8").index(), 63);
    assert_eq!(sq("a1").to_string(), "a1");
    for bad in ["", "d", "i3", "d9", "d0", "3d", "d33", "dd"] {
        let err = parse_square(bad).unwrap_err();
        assert!(err.to_string().contains("bad square"), "{bad}: {err}");
    }
}

#[test]
fn obf_parse_errors_name_the_problem() {
    let start = format_obf(&Position::start());
    assert_eq!(parse_obf(&start).unwrap(), Position::start());
    // Trailing text (like FFO's move list) is ignored.
    assert_eq!(
        parse_obf(&format!("{start}; D3:+0")).unwrap(),
        Position::start()
    );
    let short = parse_obf("XO-- X").unwrap_err();
    assert!(short.to_string().contains("too short"), "{short}");
    let bad_char = parse_obf(&format!("{}Z{} X", "-".repeat(10), "-".repeat(53))).unwrap_err();
    assert!(bad_char.to_string().contains("'Z'"), "{bad_char}");
    assert!(bad_char.to_string().contains("c2"), "{bad_char}");
    let bad_side = parse_obf(&format!("{} Q", "-".repeat(64))).unwrap_err();
    assert!(bad_side.to_string().contains("side to move"), "{bad_side}");
    let no_side = parse_obf(&"-".repeat(64)).unwrap_err();
    assert!(no_side.to_string().contains("space"), "{no_side}");
    let no_space = parse_obf(&format!("{}X", "-".repeat(64))).unwrap_err();
    assert!(no_space.to_string().contains("space"), "{no_space}");
}

#[test]
fn levels_parse_by_name_and_reject_others() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>().unwrap(), level);
        assert_eq!(level.title().parse::<Level>().unwrap(), level);
    }
    let err = "expert".parse::<Level>().unwrap_err();
    assert!(
        err.to_string().contains("random, positional, strong"),
        "{err}"
    );
}

#[test]
fn positional_takes_the_corner() {
    // Black to move can take a1 (outflanking b2 from c3) or f4 (outflanking e4 from d4).
    let mut board = ['-'; 64];
    board[sq("b2").index()] = 'O';
    board[sq("c3").index()] = 'X';
    board[sq("d4").index()] = 'X';
    board[sq("e4").index()] = 'O';
    let text: String = board.iter().collect::<String>() + " X";
    let pos = parse_obf(&text).unwrap();
    let moves: Vec<Square> = pos.moves().collect();
    assert!(moves.contains(&sq("a1")) && moves.contains(&sq("f4")));
    assert_eq!(positional_choices(&pos), [sq("a1")]);
    let mut bot = new_bot(Level::Positional, Some(7));
    assert_eq!(bot.choose_move(&pos), Some(sq("a1")));
}

#[test]
fn every_level_plays_legal_moves_and_passes_only_without_moves() {
    let pass_position = parse_obf(&format!("XO{} O", "-".repeat(62))).unwrap();
    for level in Level::ALL {
        let mut bot = new_bot_with_budget(level, Some(1), Some(Budget::nodes(20_000)));
        let start = Position::start();
        let m = bot.choose_move(&start).expect("a move at the start");
        assert!(start.is_legal(m), "{level}: {m}");
        assert_eq!(bot.choose_move(&pass_position), None, "{level} must pass");
    }
}

#[test]
fn strong_solves_a_won_endgame_exactly() {
    // FFO #1: G8 wins by 18, the only move that does.
    let pos =
        parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
    let mut bot = new_bot(Level::Strong, Some(1));
    assert_eq!(bot.choose_move(&pos), Some(sq("g8")));
}

#[test]
fn strong_beats_positional_in_every_game_of_a_short_match() {
    // A node budget keeps the games deterministic and quick; colours alternate.
    for game in 0..4u64 {
        let mut strong =
            new_bot_with_budget(Level::Strong, Some(game), Some(Budget::nodes(100_000)));
        let mut positional = new_bot(Level::Positional, Some(100 + game));
        let (strong_side, end) = if game % 2 == 0 {
            (
                Side::First,
                play_game(&mut strong, &mut positional, Position::start()),
            )
        } else {
            (
                Side::Second,
                play_game(&mut positional, &mut strong, Position::start()),
            )
        };
        assert!(end.is_game_over());
        assert_eq!(
            end.outcome(),
            Some(Outcome::Win(strong_side)),
            "game {game}: {} - {}",
            end.count(strong_side),
            end.count(strong_side.opponent())
        );
    }
}
