//! The `caro connect4` commands, run as a user would.

mod common;
use common::caro;

#[test]
fn solve_reports_each_line_and_goes_on_after_a_malformed_one() {
    let input = "2252576253462244111563365343671351441 -1\n4480\n\n1111111\n7422341735647741166133573473242566 1\n";
    let (out, err, ok) = caro(&["connect4", "solve", "--tt-mib", "1"], input);
    assert!(ok, "{err}");
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
    let (_, err, ok) = caro(&["connect4", "perft", "x"], "");
    assert!(!ok && err.contains("bad perft depth"), "{err}");
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
fn play_bot_against_bot_ends_with_a_result() {
    let (out, _, ok) = caro(
        &[
            "play", "connect4", "--x", "minimax", "--o", "random", "--seed", "5",
        ],
        "",
    );
    assert!(ok);
    assert!(
        out.contains("X wins") || out.contains("O wins") || out.contains("Draw"),
        "{out}"
    );
}
