//! The `caro othello` commands and `caro play othello`, run as a user would.

use caro::othello::eval::Weights;
use caro::othello::selfplay::GameRecord;
mod common;
use common::{caro, caro_code, scratch_dir};

#[test]
fn perft_prints_the_known_counts() {
    let (out, err, ok) = caro(&["othello", "perft", "4"], "");
    assert!(ok, "{err}");
    let counts: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(counts, ["4", "12", "56", "244"]);
    let (_, err, code) = caro_code(&["othello", "perft", "x"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value 'x' for '<DEPTH>'"), "{err}");
    // Issue 15, item 4: an unknown option is refused, not ignored.
    let (out, err, code) = caro_code(&["othello", "perft", "2", "--frobnicate"], "");
    assert_eq!(code, Some(2));
    assert!(out.is_empty() && err.contains("'--frobnicate'"), "{err}");
}

#[test]
fn solve_answers_each_line_and_goes_on_after_a_malformed_one() {
    let ffo1 = include_str!("data/othello/fforum-1-19.obf")
        .lines()
        .next()
        .unwrap();
    let mut input = format!("{ffo1}\n--XX Z\n\n").into_bytes();
    // Issue 15, item 2: a line that is not UTF-8 is a bad line like any other.
    input.extend(b"\xff\xfe\n");
    input.extend(format!("{ffo1}\n").bytes());
    let (out, err, code) = caro_code(&["othello", "solve", "--table-bits", "16"], &input);
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    for line in lines {
        assert!(line.starts_with("G8 +18 "), "{line}");
    }
    assert!(err.contains("line 2: OBF position too short"), "{err}");
    assert!(err.contains("line 4: not UTF-8 text"), "{err}");
    assert!(err.contains("solved 2 positions (2 bad lines)"), "{err}");
    assert!(err.contains("2 of 4 input lines were bad"), "{err}");
}

#[test]
fn the_terminal_game_refuses_bad_moves_and_exits() {
    let (out, err, ok) = caro(
        &["play", "othello", "--white", "positional", "--seed", "3"],
        "d4\nz9\nd3\nexit\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("Refused d4: that square is already taken"),
        "{out}"
    );
    assert!(out.contains("Refused: "), "{out}");
    assert!(out.contains("Black (X) plays d3."), "{out}");
    assert!(out.contains("White (O) (Positional) plays"), "{out}");
    assert!(out.contains("Bye."), "{out}");
}

#[test]
fn self_play_games_train_weights_that_load() {
    let (games, err, ok) = caro(
        &[
            "othello", "selfplay", "--games", "6", "--seed", "5", "--depth", "2", "--solve", "10",
            "--random", "2-6",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert_eq!(games.lines().count(), 6);
    for line in games.lines() {
        let game = GameRecord::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(game.moves.len() >= 50, "{line}");
    }
    let dir = scratch_dir("othello-train");
    let games_file = dir.join("games.txt");
    std::fs::write(&games_file, format!("{games}not a game +1\n")).unwrap();
    let weights_file = dir.join("eval.bin");
    let (out, err, code) = caro_code(
        &[
            "othello",
            "train",
            "--out",
            weights_file.to_str().unwrap(),
            "--iterations",
            "5",
            games_file.to_str().unwrap(),
        ],
        "",
    );
    // Trained, and the exit status says a line was bad.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("games.txt:7:"), "the bad line is named: {err}");
    assert!(err.contains("6 games"), "{err}");
    assert_eq!(
        out.lines().count(),
        1 + 15,
        "a header and a line a phase: {out}"
    );
    let weights = Weights::from_bytes(&std::fs::read(&weights_file).unwrap()).unwrap();
    // Fitted to these few games, the start position is worth a few discs at most.
    let start = caro::othello::Position::start();
    assert!(weights.evaluate(start.player(), start.opponent()).abs() < 3000);
    // And the weights learnt the games they were fitted to (every 20th game, the first, is
    // held out): the late positions of the others, whose labels are exact, are judged on
    // the right side (a table of zeros, or one not fitted, would judge none).
    let (mut right, mut total) = (0, 0);
    for line in games.lines().skip(1) {
        let game = GameRecord::parse(line).unwrap();
        for (p, o, score) in game.labelled_positions() {
            if (!(p | o)).count_ones() <= 14 && score != 0 {
                total += 1;
                if (weights.evaluate(p, o) > 0) == (score > 0) {
                    right += 1;
                }
            }
        }
    }
    assert!(total > 40, "{total}");
    assert!(
        right * 10 >= total * 8,
        "{right} of {total} on the right side"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_options_get_a_message() {
    for (args, message) in [
        (vec!["othello", "selfplay", "--depth", "0"], "--depth"),
        (vec!["othello", "selfplay", "--random", "9-2"], "--random"),
        (
            vec!["othello", "selfplay", "--eval", "/no/such/file"],
            "reading",
        ),
        (vec!["othello", "train", "x.txt"], "--out"),
        (
            // Cargo.toml holds no game line: nothing to fit, no file written.
            vec![
                "othello",
                "train",
                "--out",
                "/no/such/dir/w.bin",
                "Cargo.toml",
            ],
            "no game or labelled position",
        ),
        (vec!["othello", "match", "--a-eval", "Cargo.toml"], "OEV1"),
        (
            vec!["othello", "frobnicate"],
            "unrecognized subcommand 'frobnicate'",
        ),
        (vec!["othello", "match", "--random", "60"], "--random"),
        (
            vec!["othello", "label", "Cargo.toml"],
            "no game could be read",
        ),
        (
            vec!["othello", "calibrate", "Cargo.toml"],
            "no game could be read",
        ),
        (
            vec!["othello", "calibrate", "--per", "0", "Cargo.toml"],
            "--per",
        ),
        (
            vec!["othello", "label", "--from", "30", "--to", "10", "x"],
            "--from 30 is above --to 10",
        ),
        (vec!["othello", "match", "--random", "x"], "--random"),
    ] {
        let (_, err, ok) = caro(&args, "");
        assert!(!ok, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn match_help_prints_usage_instead_of_playing() {
    for command in ["match", "solve", "bench", "perft"] {
        let (out, _, ok) = caro(&["othello", command, "--help"], "");
        assert!(ok, "{command}");
        assert!(
            out.contains(&format!("Usage: caro othello {command}")),
            "{command}: {out}"
        );
        assert!(!out.contains("game   1"), "{command}: {out}");
    }
}

#[test]
fn match_pairs_share_a_random_opening_with_colours_swapped() {
    let (out, err, ok) = caro(
        &[
            "othello", "match", "--a", "strong", "--b", "strong", "--b-eval", "classic",
            "--random", "6", "--games", "4", "--nodes", "500", "--seed", "3",
        ],
        "",
    );
    assert!(ok, "{err}");
    let openings: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("game"))
        .map(|l| l.rsplit(" from ").next().unwrap())
        .collect();
    assert_eq!(openings.len(), 4, "{out}");
    // Six moves of two characters each (a pass would be longer).
    assert!(openings.iter().all(|o| o.len() >= 12), "{out}");
    assert_eq!(openings[0], openings[1], "{out}");
    assert_eq!(openings[2], openings[3], "{out}");
    assert_ne!(openings[0], openings[2], "{out}");
    assert!(
        out.contains("as Black") && out.contains("as White"),
        "{out}"
    );
    assert!(out.contains("strong vs strong: "), "{out}");
}

/// Issue 15, item 7: `train` panicked on a labelled line whose separator is a 3-byte space
/// (it sliced the line at byte 66 after the OBF parser took any whitespace).
#[test]
fn train_reads_a_labelled_line_with_any_whitespace() {
    let dir = scratch_dir("othello-label");
    let start = "---------------------------OX------XO---------------------------";
    let file = dir.join("labels.txt");
    std::fs::write(
        &file,
        format!("{start}\u{3000}X 12\n{start} X\u{3000}-3.5\n{start} X 99\n"),
    )
    .unwrap();
    let weights = dir.join("w.bin");
    let (_, err, code) = caro_code(
        &[
            "othello",
            "train",
            "--iterations",
            "1",
            "--out",
            weights.to_str().unwrap(),
            file.to_str().unwrap(),
        ],
        "",
    );
    // Two labels read; the third is out of range and named.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("0 games, 2 labelled positions"), "{err}");
    assert!(err.contains("labels.txt:3: bad label '99'"), "{err}");
    assert!(weights.exists());
    std::fs::remove_dir_all(&dir).ok();
}
