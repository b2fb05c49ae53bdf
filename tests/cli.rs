//! The command lines of `caro` and `pbrain-caro` (parsed by clap): help, version,
//! completions, unknown options and missing values; and `caro solve`, which reads lines of
//! positions and answers each one.

mod common;
use common::{caro_code, run_brain};

/// Every command and subcommand, as typed after `caro`.
const COMMANDS: &[&str] = &[
    "play caro",
    "play gomoku",
    "play connect4",
    "play othello",
    "match",
    "bench",
    "solve",
    "compare",
    "connect4 solve",
    "connect4 perft",
    "connect4 book",
    "connect4 hint",
    "connect4 best",
    "othello perft",
    "othello solve",
    "othello bench",
    "othello match",
    "othello selfplay",
    "othello train",
    "othello label",
    "othello calibrate",
    "completions",
];

#[test]
fn help_prints_usage_and_runs_nothing() {
    for command in COMMANDS {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--help");
        // Input that would be played or solved if the command ran.
        let (out, err, code) = caro_code(&args, "h8\n4\n");
        assert_eq!(code, Some(0), "{command}: {err}");
        assert!(out.contains("Usage: caro "), "{command}: {out}");
        assert!(err.is_empty(), "{command}: {err}");
        // Nothing played, solved or benchmarked: only the help text.
        assert!(out.contains("-h, --help"), "{command}: {out}");
        for sign in [
            "to move",
            "Caro, rule",
            "nodes/s",
            "X wins",
            "game 1/",
            "positions:",
        ] {
            assert!(!out.contains(sign), "{command} ran: {out}");
        }
    }
    let (out, _, code) = caro_code(&["help", "othello", "train"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage: caro othello train"), "{out}");
}

#[test]
fn unknown_options_and_missing_values_are_refused_with_clap_messages() {
    for (args, message) in [
        // Issue 15, item 4: these ran as if nothing were wrong.
        (
            vec!["bench", "--nodez", "5"],
            "unexpected argument '--nodez'",
        ),
        (
            vec!["bench", "--nodes"],
            "a value is required for '--nodes <N>'",
        ),
        (vec!["bench", "--nodes", "-3"], "unexpected argument '-3'"),
        (
            vec!["bench", "--level", "godlike"],
            "unknown level 'godlike'",
        ),
        (
            vec!["solve", "--budget-ms", "0"],
            "0 is outside 1..=3600000",
        ),
        (
            vec!["play", "caro", "--size", "70"],
            "must be between 5 and 60",
        ),
        (vec!["play", "caro", "--time-ms", "soon"], "--time-ms <MS>"),
        (vec!["play", "chess"], "unrecognized subcommand 'chess'"),
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (vec!["completions", "tcsh"], "invalid value 'tcsh'"),
    ] {
        let (out, err, code) = caro_code(&args, "");
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
    }
    // No command at all: the help, and a failure.
    let (_, err, code) = caro_code(&[], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("Usage: caro <COMMAND>"), "{err}");
}

#[test]
fn version_and_completions() {
    let (out, _, code) = caro_code(&["--version"], "");
    assert_eq!(code, Some(0));
    assert_eq!(out.trim(), format!("caro {}", env!("CARGO_PKG_VERSION")));
    for (shell, sign) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef caro"),
        ("fish", "complete -c caro"),
    ] {
        let (out, err, code) = caro_code(&["completions", shell], "");
        assert_eq!(code, Some(0), "{shell}: {err}");
        assert!(out.contains(sign), "{shell}");
        // The completions know the subcommands and their options.
        assert!(out.contains("othello") && out.contains("tt-mib"), "{shell}");
    }
}

#[test]
fn pbrain_options_are_parsed_by_clap() {
    let out = run_brain(&["--help"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("Usage: pbrain-caro [OPTIONS]"), "{text}");
    assert!(
        text.contains("--level <NAME>") && text.contains("--seed <N>"),
        "{text}"
    );
    let out = run_brain(&["--version"], "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("pbrain-caro {}", env!("CARGO_PKG_VERSION"))
    );
    for (args, message) in [
        (vec!["--levle", "greedy"], "unexpected argument '--levle'"),
        (vec!["--level"], "a value is required"),
        (vec!["--level", "godlike"], "unknown level 'godlike'"),
        (vec!["--seed", "x"], "invalid value 'x' for '--seed <N>'"),
    ] {
        let out = run_brain(&args, "START 15\n");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} answered the manager");
    }
    // A good command line: the brain answers.
    let out = run_brain(
        &["--level", "greedy", "--seed", "1"],
        "START 15\nBEGIN\nEND\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "OK\n7,7\n");
}

/// Issue 15, item 1: `caro solve` stopped at the first malformed line; a 1 MB line, a NUL
/// byte and bytes that are not UTF-8 did the same.
#[test]
fn solve_answers_every_line_and_names_the_bad_ones() {
    let good = "freestyle 15x15 7,7 0,0 7,8 0,1 7,9 0,2 7,10 0,4";
    let mut input = format!("{good}\nbogus\n{good}\n").into_bytes();
    input.extend(vec![b'1'; 1 << 20]);
    input.extend(b"\nfreestyle 15x15 7,7\x000,0\n\xff\xfe\n");
    input.extend(format!("{good}\n").bytes());
    let (out, err, code) = caro_code(&["solve", "--budget-ms", "200"], &input);
    assert_eq!(code, Some(1), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    // X has an open four after 7,10: 7,6 or 7,11 wins at once.
    for (i, n) in [(0, 1), (2, 3), (6, 7)] {
        assert!(
            lines[i].starts_with(&format!("#{n}: X wins by continuous fours (VCF), 1 move ")),
            "{}",
            lines[i]
        );
    }
    assert!(lines[1].starts_with("line 2: "), "{}", lines[1]);
    assert!(lines[1].ends_with(": 'bogus'"), "{}", lines[1]);
    assert!(
        lines[3].starts_with("line 4: line too long"),
        "{}",
        lines[3]
    );
    assert!(lines[4].starts_with("line 5: "), "{}", lines[4]);
    assert!(
        lines[5].starts_with("line 6: not UTF-8 text"),
        "{}",
        lines[5]
    );
    assert!(lines[7].starts_with("solved 3/7 in "), "{}", lines[7]);
    assert!(err.contains("4 of 7 input lines were bad"), "{err}");

    // All good: exit 0. One position as arguments: no summary line.
    let (out, err, code) = caro_code(&["solve", "--budget-ms", "200", good], "");
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let (_, err, code) = caro_code(&["solve"], "\n\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("no position given"), "{err}");
}

/// Issue 15, item 8: a gomoku-format line whose stones already hold a five is over, not a
/// "win" to find.
#[test]
fn solve_says_a_finished_gomoku_problem_is_over() {
    let (out, err, code) = caro_code(
        &["solve", "--budget-ms", "100"],
        "done 0 15 O 7,7;0,0;8,7;0,1;9,7;0,2;10,7;0,3;11,7\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "done: the game is already over");
}

/// `caro ... | head`: when the reader goes away, caro ends quietly (SIGPIPE, as other Unix
/// tools) instead of panicking on the failed write.
#[cfg(unix)]
#[test]
fn a_closed_output_ends_caro_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_caro"))
        .args(["completions", "zsh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        out.status.success() || out.status.signal() == Some(13),
        "{:?}",
        out.status
    );
}
