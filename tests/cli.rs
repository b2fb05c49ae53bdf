//! The command lines of `caro` and `pbrain-caro` (parsed by clap): help, version,
//! completions, unknown options and missing values; and `caro solve`, which reads lines of
//! positions and answers each one.

mod common;
use common::{caro_code, run_brain, scratch_dir};

/// Every command and subcommand, as typed after `caro`.
const COMMANDS: &[&str] = &[
    "play caro",
    "play gomoku",
    "play connect4",
    "play othello",
    "match",
    "bench",
    "solve",
    "analyze",
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

/// Each command's long help (what `--help` prints; `-h` prints the short one): the variants'
/// one-line comments once replaced every one of these texts, so `--help` printed only the
/// line (found in the seventy-fifth session).
#[test]
fn help_prints_each_commands_long_text() {
    for (command, long) in [
        ("play caro", "Plays Caro in the terminal. X moves first."),
        ("play connect4", "Plays Connect Four in the terminal."),
        ("play othello", "Plays Othello in the terminal."),
        ("match", "Plays games between A and B: built-in levels"),
        ("bench", "Searches a fixed set of positions"),
        ("solve", "Looks for a forced win"),
        ("analyze", "Searches a position as Master does"),
        ("compare", "Compares two runs of `caro match`"),
        (
            "selfplay",
            "Plays N games of the Caro engine against itself",
        ),
        ("label", "Labels the quiet positions of self-play games"),
        ("train", "Fits the evaluation's weights (corrections"),
        ("othello selfplay", "Plays N self-play games"),
        (
            "othello train",
            "Fits the evaluation's weights to labelled positions",
        ),
        ("othello calibrate", "Measures how far the midgame search"),
        ("othello label", "Labels positions of the self-play games"),
    ] {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--help");
        let (out, err, code) = caro_code(&args, "");
        assert_eq!(code, Some(0), "{command}: {err}");
        assert!(out.contains(long), "{command} --help: {out}");
        args.pop();
        args.push("-h");
        let (out, _, _) = caro_code(&args, "");
        assert!(!out.contains(long), "{command} -h: {out}");
        assert!(out.contains("Usage: caro "), "{command} -h: {out}");
    }
    // The list of commands still gives each its line.
    let (out, _, _) = caro_code(&["--help"], "");
    assert!(
        out.contains("Find a forced Caro win (VCF/VCT) in positions"),
        "{out}"
    );
    assert!(
        out.contains("Search Caro positions as Master does"),
        "{out}"
    );
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

/// Runs `caro analyze` and returns its output lines, checking it succeeded.
fn analyze(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["analyze"];
    all.extend(args);
    let (out, err, code) = caro_code(&all, input);
    assert_eq!(code, Some(0), "{out}{err}");
    out.lines().map(str::to_string).collect()
}

/// An iteration line of `caro analyze`: depth, score, nodes, and the line's moves.
fn iteration(line: &str) -> (u32, String, u64, Vec<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let depth = words[0].parse().unwrap();
    // A score is one word (`+57`) or three (`win in 3`).
    let (score, rest) = if words[1] == "win" || words[1] == "loss" {
        (words[1..4].join(" "), &words[4..])
    } else {
        (words[1].to_string(), &words[2..])
    };
    let nodes = rest[0].parse().unwrap();
    let line = rest[2..].iter().map(|w| w.to_string()).collect();
    (depth, score, nodes, line)
}

/// `caro analyze` with a node budget alone prints the same iterations on every run: depths
/// 1, 2, 3... each with more nodes than the last, each line starting with its best move, and
/// the move played is the last iteration's.
#[test]
fn analyze_prints_each_iteration_and_plays_the_last_ones_move() {
    let position = "freestyle 15x15 7,7 7,8 8,8";
    // The lines less their times (the word before " ms").
    let untimed = |out: &[String]| -> Vec<String> {
        let cut = |l: &String| match l.split_once(" ms)") {
            Some((head, _)) => head.rsplit_once(' ').unwrap().0.to_string(),
            None if l.starts_with("  ") && !l.contains("depth") => {
                let mut words: Vec<&str> = l.split_whitespace().collect();
                words.remove(words.len() - iteration(l).3.len() - 1);
                words.join(" ")
            }
            None => l.clone(),
        };
        out.iter().map(cut).collect()
    };
    let out = analyze(&["--nodes", "40000", position], "");
    assert_eq!(
        untimed(&out),
        untimed(&analyze(&["--nodes", "40000", position], ""))
    );
    assert_eq!(out[0], "#1: O to move, freestyle 15x15, 3 stones");
    assert!(out[1].starts_with("  depth  score"), "{}", out[1]);
    let iterations: Vec<_> = out[2..out.len() - 1].iter().map(|l| iteration(l)).collect();
    assert!(iterations.len() >= 4, "{out:?}");
    for (k, (depth, _, nodes, line)) in iterations.iter().enumerate() {
        assert_eq!(*depth as usize, k + 1, "{out:?}");
        assert!(!line.is_empty() && line.len() <= k + 1, "{out:?}");
        if k > 0 {
            assert!(*nodes > iterations[k - 1].2, "{out:?}");
        }
    }
    // The move played is the last iteration's best, or one that beat it in the next
    // iteration, cut short by the node budget.
    let (depth, score, _, line) = iterations.last().unwrap();
    let last = out.last().unwrap();
    let same = format!("#1: O plays {} ({score}, depth {depth}; ", line[0]);
    let beaten = format!(
        ", depth {depth}, better in the unfinished depth {}; ",
        depth + 1
    );
    let other_move = !last.starts_with(&format!("#1: O plays {} ", line[0]));
    assert!(
        last.starts_with(&same) || (other_move && last.contains(&beaten)),
        "{last}"
    );
    // At most 40,000 nodes, and the search stopped for them (not for a depth cap).
    let nodes: u64 = last
        .split("; ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((40_000..41_000).contains(&nodes), "{last}");
    // --depth caps the iterations.
    let capped = analyze(&["--nodes", "40000", "--depth", "2", position], "");
    assert_eq!(capped.len(), 2 + 2 + 1, "{capped:?}");
    assert_eq!(untimed(&capped[2..4]), untimed(&out[2..4]));
}

/// Known answers: a five to make, a four to block, an open three to stop, and a forced
/// win by fours the threat search finds before the main search.
#[test]
fn analyze_finds_the_forced_moves() {
    let input = "\
freestyle 15x15 7,7 7,6 7,8 0,0 7,9 0,1 7,10 0,2
freestyle 15x15 7,7 7,6 7,8 0,0 7,9 0,1 7,10
freestyle 15x15 7,7 0,0 7,8 0,14 7,9
freestyle 15x15 7,7 0,0 7,8 0,14 7,9 14,0
";
    let out = analyze(&["--nodes", "60000"], input);
    // 1: X's four 7,7-7,10, shut at 7,6: the five at 7,11.
    let five = out.iter().find(|l| l.starts_with("#1: X plays ")).unwrap();
    let made = "#1: X plays 7,11 (win in 1, decided before the main search";
    assert!(five.starts_with(made), "{five}");
    // 2: X's four 7,7-7,10 is shut at 7,6: O's only move is 7,11.
    let block = out.iter().find(|l| l.starts_with("#2: O plays ")).unwrap();
    assert!(
        block.starts_with("#2: O plays 7,11 (") && block.contains("decided before the main search"),
        "{block}"
    );
    // 3: X's open three 7,7-7,9: O stops it at one of its ends (or a cell beyond), and the
    // main search (not a loss) decides which.
    let stop = out.iter().find(|l| l.starts_with("#3: O plays ")).unwrap();
    let cell = stop["#3: O plays ".len()..].split(' ').next().unwrap();
    assert!(["7,5", "7,6", "7,10", "7,11"].contains(&cell), "{stop}");
    assert!(
        stop.contains(", depth ") && !stop.contains("loss"),
        "{stop}"
    );
    // 4: X's open three: an open four wins, found by the threat search.
    let win = out.iter().find(|l| l.starts_with("#4: X plays ")).unwrap();
    assert!(
        win.contains("a forced win found by the threat search: "),
        "{win}"
    );
    // Positions decided before the main search print no iterations.
    let header = out
        .iter()
        .position(|l| l.starts_with("#4: X to move"))
        .unwrap();
    assert!(out[header + 1].starts_with("#4: X plays "), "{out:?}");
}

/// A bad line is named and the others are searched (exit status 1); a record's position
/// after a number of its moves; a record that does not reach that far, or is not one.
#[test]
fn analyze_reads_records_and_names_bad_input() {
    let good = "freestyle 15x15 7,7 7,6 7,8 0,0 7,9 0,1 7,10";
    let (out, err, code) = caro_code(
        &["analyze", "--nodes", "2000"],
        format!("{good}\nfreestyle 15x15 7,7 7,7\n{good}\n"),
    );
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.contains("#1: O plays 7,11 ") && out.contains("#3: O plays 7,11 "),
        "{out}"
    );
    assert!(
        out.contains("line 2: ") && out.contains("'freestyle 15x15 7,7 7,7'"),
        "{out}"
    );
    assert!(err.contains("1 of 3 input lines was bad"), "{err}");

    let dir = scratch_dir("analyze");
    let record = dir.join("game.psq");
    // Piskvork coordinates: x the column from 1, y the row from 1. X: 8,8 9,8 10,8 11,8
    // (row 7, cols 7-10); O: 7,8 1,1 2,1.
    std::fs::write(
        &record,
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n7,8,0\n9,8,0\n1,1,0\n10,8,0\n2,1,0\n11,8,0\n-1\n",
    )
    .unwrap();
    let path = record.to_str().unwrap();
    let out = analyze(&["--nodes", "2000", "--record", path], "");
    assert_eq!(
        out[0],
        format!("{path}: O to move, freestyle 15x15, 7 stones")
    );
    assert!(
        out.last()
            .unwrap()
            .starts_with(&format!("{path}: O plays 7,11 (")),
        "{out:?}"
    );
    let out = analyze(
        &[
            "--nodes", "2000", "--record", path, "--ply", "2", "--rule", "caro",
        ],
        "",
    );
    assert_eq!(
        out[0],
        format!("{path} after 2 moves: X to move, caro 15x15, 2 stones")
    );
    let (_, err, code) = caro_code(&["analyze", "--record", path, "--ply", "8"], "");
    assert_ne!(code, Some(0));
    assert!(err.contains("--ply 8, but the record has 7 moves"), "{err}");
    std::fs::write(&record, vec![b'1'; 2 << 20]).unwrap();
    let (_, err, code) = caro_code(&["analyze", "--record", path], "");
    assert_ne!(code, Some(0));
    assert!(
        err.contains("larger than 1024 KiB, not a game record"),
        "{err}"
    );
    #[cfg(unix)]
    {
        let (_, err, code) = caro_code(&["analyze", "--record", "/dev/zero"], "");
        assert_ne!(code, Some(0));
        assert!(err.contains("not a game record"), "{err}");
    }
    std::fs::write(&record, "not a record\n").unwrap();
    let (_, err, code) = caro_code(&["analyze", "--record", path], "");
    assert_ne!(code, Some(0));
    assert!(err.contains(path), "{err}");
    let (_, err, code) = caro_code(&["analyze", "--ply", "3"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("--record"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
