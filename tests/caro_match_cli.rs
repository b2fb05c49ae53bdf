//! The `caro match` and `caro play caro` commands run as a person would, with piped input.

mod common;
use common::run as caro;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn match_prints_progress_and_a_result_with_elo() {
    let engine = format!("{} --level greedy", env!("CARGO_BIN_EXE_pbrain-caro"));
    let out = caro(
        &[
            "match",
            "--a",
            "greedy",
            "--b",
            &engine,
            "--games",
            "3",
            "--size",
            "10x12",
            "--rule",
            "standard",
            "--seed",
            "4",
            "--time-ms",
            "300",
            "--tolerance-ms",
            "5000",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    for n in 1..=3 {
        assert!(stdout.contains(&format!("game {n}/3: ")), "{stdout}");
    }
    assert!(stdout.contains("standard 10x12 "), "{stdout}");
    let result = stdout
        .lines()
        .find(|l| l.starts_with("result: "))
        .expect("a result line");
    let wld = result.split("W-L-D ").nth(1).unwrap();
    let counts: Vec<usize> = wld
        .split_whitespace()
        .next()
        .unwrap()
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<usize>(), 3, "{result}");
    assert!(stdout.contains("Elo of A relative to B: "), "{stdout}");
}

#[test]
fn match_refuses_bad_arguments() {
    for args in [
        vec!["match", "--a", "greedy"],
        vec!["match", "--a", "nobody", "--b", "greedy"],
        vec!["match", "--a", "greedy", "--b", "greedy", "--size", "3"],
        vec!["match", "--a", "greedy", "--b", "greedy", "--games", "many"],
        vec!["match", "--a", "greedy", "--b", "greedy", "--colour", "red"],
        // Issue 15, item 7: this overflowed time + tolerance.
        vec![
            "match",
            "--a",
            "greedy",
            "--b",
            "greedy",
            "--time-ms",
            "18446744073709551615",
        ],
        vec!["match", "--a", "greedy", "--b", "greedy", "--games", "0"],
    ] {
        let out = caro(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!text(&out.stderr).is_empty(), "{args:?}");
    }
}

#[test]
fn play_reads_moves_refuses_bad_ones_and_ends_at_end_of_input() {
    let input = "h8\nzz\nh8\n8,99\nundo\nundo\nundo\n7,7\n";
    let out = caro(
        &[
            "play", "caro", "--o", "greedy", "--size", "15", "--seed", "1",
        ],
        input,
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("O (greedy) plays "), "{stdout}");
    assert!(stdout.contains("'zz' is not a move"), "{stdout}");
    assert!(
        stdout.contains("cannot play h8: that cell is already taken"),
        "{stdout}"
    );
    assert!(stdout.contains("off the 15x15 board"), "{stdout}");
    assert!(stdout.contains("nothing to undo"), "{stdout}");
    // After the undos the board is empty again; 7,7 (row,col) is h8, and the bot answers.
    assert_eq!(stdout.matches("O (greedy) plays ").count(), 2, "{stdout}");
    let header = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("a b"))
        .unwrap();
    let h = header.find('h').unwrap();
    let row8 = stdout.lines().rfind(|l| l.starts_with(" 8 ")).unwrap();
    assert_eq!(row8.chars().nth(h), Some('X'), "{row8}");
    assert!(stdout.trim_end().ends_with("input ended; bye"), "{stdout}");
}

#[test]
fn play_between_two_levels_shows_the_result() {
    let out = caro(
        &[
            "play",
            "caro",
            "--x",
            "greedy",
            "--o",
            "greedy",
            "--size",
            "9x11",
            "--rule",
            "freestyle",
            "--seed",
            "2",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.contains(" wins with ") || last.starts_with("Draw"),
        "{last}"
    );
    assert!(
        stdout.contains("   a  b") || stdout.contains("  a b c d e f g h i j k"),
        "{stdout}"
    );
}

#[test]
fn play_exit_and_bad_options() {
    let out = caro(&["play", "caro", "--o", "greedy"], "exit\n");
    assert!(out.status.success());
    assert!(text(&out.stdout).trim_end().ends_with("bye"));
    let out = caro(&["play", "caro", "--x", "wizard"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown level"));
    let out = caro(&["play", "caro", "--size", "70"], "");
    assert_eq!(out.status.code(), Some(2));
}
