//! The `caro match` and `caro play caro` commands run as a person would, with piped input.

mod common;
use common::{run as caro, scratch_dir};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The W-L-D counts of a `caro match` output's result line.
fn result_counts(stdout: &str) -> [usize; 3] {
    let result = stdout
        .lines()
        .find(|l| l.starts_with("result: "))
        .expect("a result line");
    let counts: Vec<usize> = result
        .split("W-L-D ")
        .nth(1)
        .and_then(|w| w.split_whitespace().next())
        .expect("W-L-D counts")
        .split('-')
        .map(|n| n.parse().unwrap())
        .collect();
    counts.try_into().expect("three counts")
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
            "--match-ms",
            "60000",
            "--tolerance-ms",
            "5000",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(", 300 ms a move and 60000 ms a game each, "),
        "{stdout}"
    );
    for n in 1..=3 {
        assert!(stdout.contains(&format!("game {n}/3: ")), "{stdout}");
    }
    assert!(stdout.contains("standard 10x12 "), "{stdout}");
    let counts = result_counts(&stdout);
    assert_eq!(counts.iter().sum::<usize>(), 3, "{stdout}");
    assert!(stdout.contains("Elo of A relative to B: "), "{stdout}");
    // Each player's thinking time: a mean no longer than its longest move.
    let time = stdout
        .lines()
        .find_map(|l| l.strip_prefix("time a move: A "))
        .expect("a time line");
    let numbers: Vec<u64> = time
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 4, "{time}");
    assert!(
        numbers[0] <= numbers[1] && numbers[2] <= numbers[3],
        "{time}"
    );
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
        vec!["match", "--a", "greedy", "--b", "greedy", "--match-ms", "0"],
        vec![
            "match",
            "--a",
            "greedy",
            "--b",
            "greedy",
            "--match-ms",
            "-5",
        ],
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
    // Seeded: the same game every time; between two Greedy bots on 9x11 it fills the board.
    assert_eq!(
        stdout.lines().last(),
        Some("Draw: the board is full."),
        "{stdout}"
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

/// Issue 13's match tooling: openings from a file (each played twice, colours swapped),
/// games in parallel, an SPRT stop, a Piskvork record per game and a time per side.
#[test]
fn match_with_an_openings_file_in_parallel_with_records_and_an_sprt() {
    let dir = scratch_dir("match-tools");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two openings\n7,7;8,8;6,7  # even\n\n7,7;8,6;9,9\n",
    )
    .unwrap();
    let records = dir.join("records");
    let engine = format!("{} --level greedy", env!("CARGO_BIN_EXE_pbrain-caro"));
    let out = caro(
        &[
            "match",
            "--a",
            "easy",
            "--b",
            &engine,
            "--openings-file",
            openings.to_str().unwrap(),
            "--rule",
            "freestyle",
            "--concurrency",
            "2",
            "--records",
            records.to_str().unwrap(),
            "--sprt",
            "0,400",
            "--games",
            "8",
            "--time-a",
            "300",
            "--time-b",
            "200",
            "--tolerance-ms",
            "5000",
            "--seed",
            "1",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("300 ms a move for A, 200 for B, 2 openings from "),
        "{stdout}"
    );
    assert!(stdout.contains("LLR bounds -2.94 2.94"), "{stdout}");
    let games: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    assert!(!games.is_empty() && games.len() <= 8, "{stdout}");
    // Games 1 and 2 share the first opening with colours swapped, 3 and 4 the second.
    for line in &games {
        let number: usize = line[5..line.find('/').unwrap()].parse().unwrap();
        let opening = if (number - 1) / 2 % 2 == 0 {
            "freestyle 15x15 7,7 8,8 7,6 "
        } else {
            "freestyle 15x15 7,7 6,8 9,9 "
        };
        assert!(line.contains(opening), "{line}");
        let a_is_x = number % 2 == 1;
        assert_eq!(line.contains("X=A:easy"), a_is_x, "{line}");
        // Each game's record: the moves, 1-based, the opening's with 0 ms.
        let psq = std::fs::read_to_string(records.join(format!("game-{number:04}.psq"))).unwrap();
        let lines: Vec<&str> = psq.lines().collect();
        assert_eq!(lines[0], "Piskvorky 15x15, 11:11, 0");
        assert_eq!(lines[1], "8,8,0");
        let moves: usize = line
            .split(" after ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // The moves, the two players' names, the end mark; the page's importer reads it.
        assert_eq!(lines.len(), moves + 4, "{psq}");
        assert_eq!(lines[moves + 3], "-1", "{psq}");
        let board = caro::caro::record::replay_psq(&psq, caro::caro::Rule::Freestyle).unwrap();
        assert_eq!(board.stone_count(), moves);
    }
    assert!(
        stdout.contains("pairs (A's points 0, 1/2, 1, 3/2, 2): "),
        "{stdout}"
    );
    // A's results by colour, as the game lines tell them: W-L-D with X, then with O.
    let mut by_colour = [[0usize; 3]; 2];
    for line in &games {
        let a_is_x = line.contains("X=A:");
        let outcome = if line.contains("(A:") {
            0
        } else if line.contains("(B:") {
            1
        } else {
            2
        };
        by_colour[usize::from(!a_is_x)][outcome] += 1;
    }
    let colours = stdout
        .lines()
        .find(|l| l.starts_with("by colour: "))
        .expect("a by-colour line");
    let [x, o] = by_colour;
    let expected = format!("by colour: A as X W-L-D {}-{}-{} ", x[0], x[1], x[2]);
    assert!(colours.starts_with(&expected), "{colours} / {expected}");
    assert!(
        colours.contains(&format!("; as O W-L-D {}-{}-{}", o[0], o[1], o[2])),
        "{colours}"
    );
    let verdict = stdout.lines().last().unwrap();
    assert!(verdict.starts_with("SPRT: LLR "), "{verdict}");
    assert!(stdout.contains("Elo of A relative to B: "), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_openings_file_is_refused_naming_the_line() {
    let dir = scratch_dir("match-openings");
    for (content, message) in [
        (
            "7,7;8,8\n# fine\n7,7;x,8\n",
            "line 3: bad coordinates 'x,8'",
        ),
        ("7,7\n7,7;20,1\n", "line 2: stone 20,1 cannot be played"),
        ("# none\n", "no opening in the file"),
    ] {
        let file = dir.join("openings.txt");
        std::fs::write(&file, content).unwrap();
        let out = caro(
            &[
                "match",
                "--a",
                "greedy",
                "--b",
                "greedy",
                "--openings-file",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{content}");
        let err = text(&out.stderr);
        assert!(err.contains(message), "{content}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A `caro match` run of Greedy against Easy on `openings` (each played both ways), its
/// output kept in `dir/name`.
fn saved_run(dir: &std::path::Path, name: &str, openings: &std::path::Path, seed: &str) -> String {
    let out = caro(
        &[
            "match",
            "--a",
            "greedy",
            "--b",
            "easy",
            "--rule",
            "freestyle",
            "--openings-file",
            openings.to_str().unwrap(),
            "--seed",
            seed,
            "--time-ms",
            "100",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let path = dir.join(name);
    std::fs::write(&path, &stdout).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn compare_sets_two_runs_side_by_side_opening_by_opening() {
    let dir = scratch_dir("compare");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "7,7;8,8;6,9\n4,4;10,10;3,5\n").unwrap();
    let a = saved_run(&dir, "a.txt", &openings, "5");
    // A's points in the run, from its own result line.
    let [wins, _, draws] = result_counts(&std::fs::read_to_string(&a).unwrap());
    let points = wins as f64 + draws as f64 / 2.0;

    // A run against itself: every pair the same.
    let out = caro(&["compare", &a, &a], "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with(
            "rule freestyle, 15x15, 2 openings from openings.txt, seed 5: A=greedy against A=greedy\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "pairs of games: 2 (A's points: {points} in the new runs, {points} in the base runs, of 4)"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("pairs where the new A scored more: 0, the same: 2, less: 0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("difference a pair of games: +0.000 (sd 0.000, z +0.00)"),
        "{stdout}"
    );

    // A run on another seed played other games: refused, naming both settings.
    let b = saved_run(&dir, "b.txt", &openings, "6");
    let out = caro(&["compare", &a, &b], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("did not play the same openings"), "{err}");
    assert!(err.contains("seed 5") && err.contains("seed 6"), "{err}");

    // Runs come in pairs; a file that is not a run is named.
    let out = caro(&["compare", &a, &a, &a], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("runs come in pairs"));
    let other = dir.join("other.txt");
    std::fs::write(&other, "not a match\n").unwrap();
    let out = caro(&["compare", &a, other.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("other.txt: no 'match: ' line"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
