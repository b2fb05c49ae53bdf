//! Input from outside never panics: random lines, built from the characters each format
//! uses, go through every parser and protocol the program reads (URL settings, worker
//! requests, position strings, gomoku problems, Connect Four and Othello positions, Othello
//! game records and weight files, the Gomocup brain). Each must answer with a value or an
//! error; a panic fails the test.

use caro::caro::{notation, problem, Level};
use caro::protocol::bot_request::{answer, parse_reply};
use caro::protocol::gomocup::{Brain, BrainOptions};
use caro::settings::{parse_query, CaroSettings};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random line of up to `max_len` characters from `alphabet`, or now and then one of the
/// `words` (so the parsers get past their first check).
fn line(rng: &mut StdRng, alphabet: &[char], words: &[&str], max_len: usize) -> String {
    let mut s = String::new();
    let len = rng.random_range(0..=max_len);
    while s.chars().count() < len {
        if !words.is_empty() && rng.random_range(0..4) == 0 {
            s.push_str(words[rng.random_range(0..words.len())]);
        } else {
            s.push(alphabet[rng.random_range(0..alphabet.len())]);
        }
    }
    s
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

#[test]
fn position_strings_and_problems() {
    let mut rng = StdRng::seed_from_u64(1);
    let alphabet = chars("0123456789 ,x;-XO\t");
    let words = [
        "caro ",
        "renju ",
        "freestyle ",
        "standard ",
        "15x15 ",
        "60x60 ",
        "10x61 ",
        "0x0 ",
        "7,7 ",
        "99,99 ",
        "-1,3 ",
        "4 ",
        "15 ",
        "X ",
        "O ",
    ];
    for _ in 0..100_000 {
        let text = line(&mut rng, &alphabet, &words, 40);
        if let Ok(board) = notation::parse_position(&text) {
            assert!(board.rows() <= 60 && board.cols() <= 60, "{text}");
        }
        let _ = problem::parse_problem(&text);
    }
}

#[test]
fn connect4_and_othello_positions() {
    let mut rng = StdRng::seed_from_u64(2);
    let c4 = chars("012345678 9-");
    let obf = chars("XO-xo? \t;");
    for _ in 0..100_000 {
        let _ = caro::connect4::Position::parse(&line(&mut rng, &c4, &[], 50));
        let _ = caro::othello::parse_obf(&line(&mut rng, &obf, &["X", "O", " X", " O"], 70));
        let _ = caro::othello::parse_square(&line(&mut rng, &chars("a-hA-Z0-9"), &[], 3));
    }
}

#[test]
fn othello_game_records_and_weight_files() {
    use caro::othello::eval::Weights;
    use caro::othello::selfplay::GameRecord;
    let mut rng = StdRng::seed_from_u64(4);
    let moves = chars("abcdefgh12345678i9 +-");
    let words = ["f5", "d6", "c3", "d3", "c4", " +0", " -64", " +12", "e6f4"];
    for _ in 0..100_000 {
        let _ = GameRecord::parse(&line(&mut rng, &moves, &words, 130));
    }
    // Weight files: the shipped one cut short or with bytes changed must give an error or
    // weights, never a panic.
    let good = std::fs::read("data/othello/eval.bin").unwrap();
    for i in 0..300 {
        let mut bytes = good[..rng.random_range(0..good.len().min(4000))].to_vec();
        if i % 2 == 0 {
            bytes = good.clone();
        }
        for _ in 0..rng.random_range(1..8) {
            let at = rng.random_range(0..bytes.len().max(1));
            if let Some(b) = bytes.get_mut(at) {
                *b = rng.random();
            }
        }
        let _ = Weights::from_bytes(&bytes);
    }
}

#[test]
fn url_settings() {
    let mut rng = StdRng::seed_from_u64(3);
    let alphabet = chars("=&?%2Ffoxab0123456789-+ ");
    let words = [
        "type=",
        "rows=",
        "columns=",
        "rule=",
        "level=",
        "level_x=",
        "level_o=",
        "human=",
        "delay=",
        "seed=",
        "time=",
        "position=",
        "%",
        "%ZZ",
        "%E2%82",
        "99999999999999999999",
    ];
    for _ in 0..100_000 {
        let query = line(&mut rng, &alphabet, &words, 60);
        let (settings, _errors) = CaroSettings::from_query(&parse_query(&query));
        assert!((10..=60).contains(&settings.rows) && (10..=60).contains(&settings.cols));
    }
}

#[test]
fn worker_requests() {
    let mut rng = StdRng::seed_from_u64(4);
    let alphabet = chars("0123456789,\t -x");
    let words = [
        "\tcaro\t",
        "\tconnect4\t",
        "\tconnect4-hint\t",
        "\tothello\t",
        "greedy\t",
        "easy\t",
        "random\t",
        "minimax\t",
        "positional\t",
        "-\t",
        "5\t",
        "caro 10x10 ",
        "5,5 ",
    ];
    for _ in 0..3_000 {
        let request = line(&mut rng, &alphabet, &words, 40);
        let reply = answer(&request);
        assert!(parse_reply(&reply).is_ok(), "{request:?} -> {reply:?}");
    }
}

/// Random brain lines from the protocol's words, for the brain of `level`. `with_info`
/// lets INFO lines (and so any time limit) through.
fn fuzz_brain(level: Level, seed: u64, lines: usize, with_info: bool) {
    let mut rng = StdRng::seed_from_u64(seed);
    let alphabet = chars("0123456789, -\r");
    let mut words = vec![
        "START ",
        "RECTSTART ",
        "BEGIN",
        "TURN ",
        "BOARD",
        "DONE",
        "END",
        "ABOUT",
        "RESTART",
        "TAKEBACK ",
        "20",
        "61",
        "0,0",
        "19,19",
        ",1",
        "2",
    ];
    if with_info {
        words.extend(["INFO ", "timeout_turn ", "rule "]);
    }
    let mut brain = Brain::new(BrainOptions::new(level));
    // A searching level thinks 10 ms a move (the least it is given).
    brain.handle_line("INFO timeout_turn 1");
    for _ in 0..lines {
        let text = line(&mut rng, &alphabet, &words, 24);
        for reply in brain.handle_line(&text) {
            assert!(
                !reply.is_empty() && !reply.contains('\n'),
                "{text:?}: {reply:?}"
            );
        }
    }
}

#[test]
fn gomocup_brain_lines() {
    fuzz_brain(Level::Greedy, 5, 100_000, true);
}

/// The engine itself, not only Greedy: Master gets the same kind of input (without INFO
/// lines, so that its 10 ms a move stays 10 ms).
#[test]
fn gomocup_brain_lines_for_master() {
    fuzz_brain(Level::Master, 6, 3_000, false);
}

#[test]
fn caro_match_outputs_for_compare() {
    use caro::cli::compare::{compare, parse_run};
    let mut rng = StdRng::seed_from_u64(9);
    let alphabet = chars("0123456789 ,:/()=xABXOé\n");
    let words = [
        "match: A=",
        " vs B=",
        ", rule freestyle",
        ", 15x15",
        ", 3 openings from ",
        ", seed ",
        "\ngame ",
        "/6",
        ": X=A:",
        ": X=B:",
        " O=A:",
        " O=B:",
        ": X (",
        ": O (",
        ": draw, ",
        " wins, ",
    ];
    let header = "match: A=a vs B=b, 6 games, rule freestyle, 15x15, 500 ms a move, \
                  3 openings from o.txt, seed 1\n";
    let game = "game 1/6: X=A:a O=B:b: draw, five in a row after 9 moves; freestyle 15x15\n";
    let mut runs = Vec::new();
    for _ in 0..20_000 {
        // Now and then a true header or game line, so that the parser gets past its first
        // checks and the random lines meet it in the middle of a run.
        let mut text = String::new();
        if rng.random_range(0..2) == 0 {
            text.push_str(header);
        }
        text.push_str(&line(&mut rng, &alphabet, &words, 300));
        if rng.random_range(0..2) == 0 {
            text.push('\n');
            text.push_str(game);
        }
        if let Ok(run) = parse_run(&text) {
            runs.push(run);
        }
    }
    // Some texts read as runs (so the parser's later steps ran), and whatever was read
    // compares, or is refused, without a panic.
    assert!(runs.len() > 100, "{} runs read", runs.len());
    for pair in runs.windows(2) {
        let _ = compare(&[(pair[0].clone(), pair[1].clone())]);
        let _ = compare(&[(pair[0].clone(), pair[0].clone())]);
    }
}
