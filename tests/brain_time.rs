//! Time discipline of `pbrain-caro` (issue 15, item 3): with `INFO timeout_turn 100`, every
//! level answers each of many crowded 60x60 `BOARD` positions within the limit (plus a
//! small slack for the pipes and a busy machine), in one long-lived process, whatever it
//! saw before. Hard used to overrun to 231-309 ms there after a few dozen positions.
//!
//! In a test file of its own, so that no other test of this crate competes for the cores
//! while it measures. The positions are `tests/data/gomoku/crowded60.txt` (see the README
//! there); `cargo test --test brain_time -- --ignored` writes them anew.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const POSITIONS: &str = "tests/data/gomoku/crowded60.txt";
const TIMEOUT_TURN_MS: u64 = 100;
/// What an answer may take beyond the turn limit: process switches and pipes on a loaded
/// machine. The brain plans 70 ms for a 100 ms turn, so this is slack on top of a margin.
const SLACK_MS: u64 = 50;

/// The positions: each a list of `x,y` stones in move order, X first.
fn positions() -> Vec<Vec<String>> {
    std::fs::read_to_string(POSITIONS)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.trim().split(';').map(str::to_string).collect())
        .collect()
}

#[test]
fn every_level_answers_within_timeout_turn_over_many_crowded_positions() {
    let positions = positions();
    assert_eq!(positions.len(), 30);
    for level in ["hard", "master", "normal", "easy", "greedy"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-caro"))
            .args(["--level", level, "--seed", "3"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let mut read = || {
            let mut line = String::new();
            output.read_line(&mut line).unwrap();
            line.trim().to_string()
        };
        writeln!(input, "START 60").unwrap();
        assert_eq!(read(), "OK");
        writeln!(input, "INFO timeout_turn {TIMEOUT_TURN_MS}\nINFO rule 8").unwrap();
        let mut times = Vec::new();
        // Twice through: the second round finds the brain's tables full of the first.
        for stones in positions.iter().chain(&positions) {
            let mut board = String::from("BOARD\n");
            for (k, xy) in stones.iter().enumerate() {
                board.push_str(&format!("{xy},{}\n", 1 + k % 2));
            }
            input.write_all(board.as_bytes()).unwrap();
            input.flush().unwrap();
            // The clock starts when the manager's last line goes out, as a manager's would.
            let t = Instant::now();
            writeln!(input, "DONE").unwrap();
            input.flush().unwrap();
            let reply = loop {
                let line = read();
                if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                    break line;
                }
            };
            times.push(t.elapsed());
            assert!(
                reply.split_once(',').is_some(),
                "{level}: not a move: {reply}"
            );
        }
        writeln!(input, "END").unwrap();
        drop(input);
        child.wait().unwrap();
        let worst = times.iter().max().unwrap();
        let ms: Vec<u128> = times.iter().map(Duration::as_millis).collect();
        assert!(
            *worst <= Duration::from_millis(TIMEOUT_TURN_MS + SLACK_MS),
            "{level}: answers in ms: {ms:?}"
        );
    }
}

/// Writes the positions: games of Greedy against itself on 60x60 under the caro rule
/// (fights all over the board), each stopped after 150 to 500 moves, or some moves before
/// its end when it ended sooner, so that every position is still being played.
#[test]
#[ignore = "writes tests/data/gomoku/crowded60.txt"]
fn write_crowded_positions() {
    use caro::caro::{new_bot, Board, BotOptions, Level, Rule};
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut text = String::from(
        "# Crowded 60x60 caro positions for tests/brain_time.rs: x,y stones in move order, X first.\n\
         # Written by `cargo test --test brain_time -- --ignored` (Greedy self-play, seed 2026).\n",
    );
    let mut count = 0;
    while count < 30 {
        let mut board = Board::new(60, 60, Rule::Caro).unwrap();
        let mut bot = new_bot(
            Level::Greedy,
            BotOptions {
                seed: Some(rng.random()),
                ..BotOptions::default()
            },
        );
        let target = rng.random_range(75..250) * 2;
        while !board.is_over() && board.stone_count() < target {
            let pos = bot.choose_move(&board).unwrap();
            board.play(pos).unwrap();
        }
        if board.stone_count() < 120 {
            continue;
        }
        if board.is_over() {
            for _ in 0..rng.random_range(2..12) * 2 {
                board.undo();
            }
        }
        let stones: Vec<String> = board
            .moves()
            .iter()
            .map(|p| format!("{},{}", p.col, p.row))
            .collect();
        text.push_str(&stones.join(";"));
        text.push('\n');
        count += 1;
    }
    std::fs::write(POSITIONS, text).unwrap();
}
