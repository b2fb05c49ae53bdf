//! The `caro connect4` commands, run as a user would.

mod common;
use common::{caro, caro_code, scratch_dir};

#[test]
fn solve_reports_each_line_and_goes_on_after_a_malformed_one() {
    let input = "2252576253462244111563365343671351441 -1\n4480\n\n1111111\n7422341735647741166133573473242566 1\n";
    let (out, err, code) = caro_code(&["connect4", "solve", "--tt-mib", "1"], input);
    // It ran, and says by its exit status that some lines were bad.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("2 of 4 input lines were bad"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("2252576253462244111563365343671351441 -1 "),
        "{out}"
    );
    assert!(lines[1].starts_with("error: line 2 '4480'"), "{out}");
    assert!(
        lines[2].starts_with("error: line 4 '1111111'") && lines[2].contains("full"),
        "{out}"
    );
    assert!(
        lines[3].starts_with("7422341735647741166133573473242566 1 "),
        "{out}"
    );
    assert!(err.contains("positions: 2"), "{err}");
    assert!(err.contains("matched: 2/2"), "{err}");
}

#[test]
fn weak_solve_gives_only_the_sign() {
    let (out, _, ok) = caro(
        &["connect4", "solve", "--weak", "--tt-mib", "1"],
        "7422341735647741166133573473242566\n2252576253462244111563365343671351441\n",
    );
    assert!(ok);
    let scores: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(scores, ["1", "-1"]);
}

#[test]
fn perft_prints_the_count() {
    let (out, _, ok) = caro(&["connect4", "perft", "6"], "");
    assert!(ok);
    assert_eq!(out.trim(), "117649");
    let (_, err, code) = caro_code(&["connect4", "perft", "x"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value 'x'"), "{err}");
    let (_, err, code) = caro_code(&["connect4", "perft", "43"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("43 is outside 0..=42"), "{err}");
}

/// Issue 15, item 2: a line that is not UTF-8 stopped the solver without naming it.
#[test]
fn solve_names_a_line_that_is_not_utf8_and_goes_on() {
    let mut input = b"2252576253462244111563365343671351441\n\xff\xfe\n".to_vec();
    // A 1 MB line and a NUL byte are bad lines like any other.
    input.extend(vec![b'4'; 1 << 20]);
    input.extend(b"\n44\x0044\n7422341735647741166133573473242566\n");
    let (out, err, code) = caro_code(&["connect4", "solve", "--tt-mib", "1"], &input);
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("2252576253462244111563365343671351441 -1 "));
    assert!(
        lines[1].starts_with("error: line 2: not UTF-8 text"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("error: line 3: line too long"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("error: line 4 "), "{}", lines[3]);
    assert!(lines[4].starts_with("7422341735647741166133573473242566 1 "));
    assert!(err.contains("3 of 5 input lines were bad"), "{err}");
}

/// Issue 15, item 4: options a command does not know are refused, and `--help` never runs
/// the command (`connect4 book --help` once rebuilt and overwrote the shipped book).
#[test]
fn unknown_options_are_refused_and_help_runs_nothing() {
    for args in [
        vec!["connect4", "perft", "3", "--bogus"],
        vec!["connect4", "solve", "--tt-mb", "8"],
        vec!["connect4", "solve", "--tt-mib"],
        vec!["connect4", "book", "--depth", "1"],
    ] {
        let (out, err, code) = caro_code(&args, "");
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    let book = std::fs::read("data/connect4/book.bin").unwrap();
    let (out, err, code) = caro_code(&["connect4", "book", "--help"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Usage: caro connect4 book"), "{out}");
    assert!(out.contains("--out <PATH>"), "{out}");
    assert_eq!(std::fs::read("data/connect4/book.bin").unwrap(), book);
}

/// Issue 15, item 7: a score out of range in `book --scores` is refused with a message
/// (2147483647 overflowed; -100 corrupted the key and lost the entry).
#[test]
fn book_scores_are_range_checked() {
    let dir = scratch_dir("c4-scores");
    let out = dir.join("book.bin");
    for (score, ok) in [
        ("2147483647", false),
        ("-100", false),
        ("19", false),
        ("-2", true),
    ] {
        let scores = dir.join("scores.txt");
        std::fs::write(&scores, format!("# a comment\n4 {score}\n")).unwrap();
        let (_, err, code) = caro_code(
            &[
                "connect4",
                "book",
                "--depth",
                "1",
                "--known-only",
                "--out",
                out.to_str().unwrap(),
                "--scores",
                scores.to_str().unwrap(),
            ],
            "",
        );
        if ok {
            assert_eq!(code, Some(0), "{score}: {err}");
            assert!(err.contains("wrote 1 positions"), "{err}");
        } else {
            assert_eq!(code, Some(2), "{score}: {err}");
            assert!(
                err.contains("line 2: bad score") && err.contains("from -18 to 18"),
                "{score}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_refuses_bad_columns_and_exits() {
    let (out, _, ok) = caro(&["play", "connect4"], "9\nabc\n4\nexit\n");
    assert!(ok);
    assert!(out.contains("'9' is not a column"), "{out}");
    assert!(out.contains("'abc' is not a column"), "{out}");
    assert!(out.contains("O to move"), "{out}");
}

#[test]
fn hint_prints_every_columns_exact_score() {
    // Pons' L3 set scores this position -1 for the side to move: its best column, 6, must
    // score -1; column 7 loses sooner; the others are full.
    let (out, err, ok) = caro(
        &[
            "connect4",
            "hint",
            "2252576253462244111563365343671351441",
            "--tt-mib",
            "1",
        ],
        "",
    );
    assert!(ok, "{err}");
    let want: String = (1..=5)
        .map(|c| format!("column {c}: full\n"))
        .chain(["column 6: -1\n".to_string(), "column 7: -2\n".to_string()])
        .collect();
    assert_eq!(out, want);
}

#[test]
fn play_bot_against_bot_ends_with_a_result() {
    let (out, _, ok) = caro(
        &[
            "play", "connect4", "--x", "minimax", "--o", "random", "--seed", "5",
        ],
        "",
    );
    assert!(ok);
    // Seeded: the same game every time; Minimax beats Random.
    assert_eq!(out.lines().last(), Some("X wins: 41133645474"), "{out}");
}
