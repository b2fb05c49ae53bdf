//! The pbrain-caro binary spoken to over stdin/stdout, as Piskvork would.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-caro"))
            .args(["--level", "greedy", "--seed", "11"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the brain starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a line that has no answer.
    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.write_all(b"\r\n").unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("the brain answers within 20 s")
    }

    /// Sends a line and returns its one answer.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    /// Sends a move command and returns the move answered, skipping MESSAGE/DEBUG lines.
    fn ask_move(&mut self, line: &str) -> (usize, usize) {
        self.send(line);
        self.read_move()
    }

    fn read_move(&mut self) -> (usize, usize) {
        loop {
            let reply = self.read();
            if reply.starts_with("MESSAGE") || reply.starts_with("DEBUG") {
                continue;
            }
            return parse_xy(&reply).unwrap_or_else(|| panic!("expected a move, got '{reply}'"));
        }
    }

    /// Sends END and checks the brain exits cleanly.
    fn end(mut self) {
        self.send("END");
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        panic!("the brain did not exit after END");
    }
}

fn parse_xy(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

#[test]
fn scripted_session_answers_every_command() {
    let mut s = Session::start();
    assert!(s.ask("ABOUT").starts_with("name=\"pbrain-caro\""));
    assert_eq!(s.ask("START 15"), "OK");
    s.send("INFO timeout_turn 1000");
    s.send("INFO timeout_match 60000");
    s.send("INFO time_left 60000");
    s.send("INFO max_memory 83886080");
    s.send("INFO game_type 1");
    s.send("INFO rule 0");
    s.send("INFO folder /tmp");
    let mut taken = HashSet::new();
    let first = s.ask_move("BEGIN");
    assert_eq!(first, (7, 7), "greedy opens in the centre");
    taken.insert(first);
    for opp in [(8, 8), (6, 8), (9, 9), (3, 3)] {
        taken.insert(opp);
        let reply = s.ask_move(&format!("TURN {},{}", opp.0, opp.1));
        assert!(reply.0 < 15 && reply.1 < 15, "{reply:?}");
        assert!(taken.insert(reply), "{reply:?} was taken");
    }
    // A new position by BOARD: opponent's open three on y=2 to stop, brain is O (three
    // opponent stones, two own).
    assert_eq!(s.ask("RESTART"), "OK");
    s.send("BOARD");
    for line in ["5,2,2", "10,10,1", "6,2,2", "0,14,1", "7,2,2", "8,2,2"] {
        s.send(line);
    }
    // Four opponent stones and two own: unbalanced, still answered; 4,2 or 9,2 stops the four.
    let reply = s.ask_move("DONE");
    assert!(reply == (4, 2) || reply == (9, 2), "{reply:?}");
    assert_eq!(s.ask(&format!("TAKEBACK {},{}", reply.0, reply.1)), "OK");
    // After the takeback the same cell is free again: the brain may be asked again.
    let again = s.ask_move("TURN 0,0");
    assert!(again == (4, 2) || again == (9, 2), "{again:?}");
    s.end();
}

#[test]
fn malformed_lines_get_error_or_unknown_and_the_brain_keeps_answering() {
    let mut s = Session::start();
    assert!(s.ask("TURN 1,1").starts_with("ERROR"), "move before START");
    assert!(s.ask("BEGIN").starts_with("ERROR"));
    assert!(s.ask("HELLO").starts_with("UNKNOWN"));
    assert!(s.ask("START").starts_with("ERROR"));
    assert!(s.ask("START fifteen").starts_with("ERROR"));
    assert!(s.ask("START 61").starts_with("ERROR"));
    assert!(s.ask("START 4").starts_with("ERROR"));
    assert_eq!(s.ask("START 15"), "OK");
    assert!(s.ask("INFO timeout_turn soon").starts_with("ERROR"));
    assert!(s.ask("TURN").starts_with("ERROR"));
    assert!(s.ask("TURN 3").starts_with("ERROR"));
    assert!(s.ask("TURN a,b").starts_with("ERROR"));
    assert!(s.ask("TURN 15,0").starts_with("ERROR"));
    assert!(s.ask("TURN 0,-1").starts_with("ERROR"));
    assert!(s.ask("TAKEBACK 5,5").starts_with("ERROR"));
    assert!(s.ask("DONE").starts_with("ERROR"));
    s.send_bytes(&[0xff, 0xfe, 0x00, b'Z']);
    assert!(s.read().starts_with("UNKNOWN"));
    s.send_bytes(&vec![b'7'; 200_000]);
    assert!(s.read().starts_with("UNKNOWN"));
    // Still alive and playing.
    let first = s.ask_move("BEGIN");
    let occupied = format!("TURN {},{}", first.0, first.1);
    assert!(
        s.ask(&occupied).starts_with("ERROR"),
        "a move onto a taken cell"
    );
    let reply = s.ask_move("TURN 0,0");
    assert_ne!(reply, first);
    assert_ne!(reply, (0, 0));
    s.end();
}

#[test]
fn end_of_input_ends_the_brain() {
    let mut s = Session::start();
    assert_eq!(s.ask("START 20"), "OK");
    {
        // Moving stdin out and letting it go closes the pipe: end of input.
        let _closed = s.stdin;
    }
    let status = s.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_whole_game_on_a_60x60_board() {
    let mut s = Session::start();
    assert_eq!(s.ask("START 60"), "OK");
    s.send("INFO timeout_turn 2000");
    s.send("INFO rule 8");
    let mut taken = HashSet::new();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(12345);
    let mut next = |n: usize| rand::Rng::random_range(&mut rng, 0..n);
    let mut last = s.ask_move("BEGIN");
    taken.insert(last);
    for _ in 0..120 {
        // The opponent answers near the brain's last move, so that the fight is local.
        let opp = loop {
            let x = (last.0 + next(7)).saturating_sub(3).min(59);
            let y = (last.1 + next(7)).saturating_sub(3).min(59);
            if !taken.contains(&(x, y)) {
                break (x, y);
            }
        };
        taken.insert(opp);
        last = s.ask_move(&format!("TURN {},{}", opp.0, opp.1));
        assert!(last.0 < 60 && last.1 < 60);
        assert!(taken.insert(last), "{last:?} was taken");
    }
    s.end();
}

#[test]
fn rectstart_sets_width_and_height() {
    let mut s = Session::start();
    assert_eq!(s.ask("RECTSTART 20,12"), "OK");
    let reply = s.ask_move("TURN 19,11");
    assert!(reply.0 < 20 && reply.1 < 12, "{reply:?}");
    assert!(s.ask("TURN 11,19").starts_with("ERROR"));
    assert!(s.ask("RECTSTART 20").starts_with("ERROR"));
    assert!(s.ask("RECTSTART 100,100").starts_with("ERROR"));
    s.end();
}

/// The brain's move in a BOARD position under the rule bits.
fn move_under_rule(bits: u32, stones: &[&str]) -> (usize, usize) {
    let mut s = Session::start();
    assert_eq!(s.ask("START 15"), "OK");
    s.send(&format!("INFO rule {bits}"));
    s.send("BOARD");
    for line in stones {
        s.send(line);
    }
    let reply = s.ask_move("DONE");
    s.end();
    reply
}

// Own stones at x=0,1 and 3,4,5 on y=7: 2,7 makes six (an overline). The opponent has an
// open four on y=0 (x=5..8) that must be blocked at 4,0 or 9,0 unless the brain wins at once.
const OVERLINE: [&str; 10] = [
    "0,7,1", "5,0,2", "1,7,1", "6,0,2", "3,7,1", "7,0,2", "4,7,1", "8,0,2", "5,7,1", "0,14,2",
];

fn blocks(reply: (usize, usize)) -> bool {
    reply == (4, 0) || reply == (9, 0)
}

#[test]
fn rule_bits_reach_the_board_overline() {
    // Brain as X (five stones each): an overline wins in freestyle and caro, not under
    // exactly five (standard) nor for Black in renju.
    assert_eq!(move_under_rule(0, &OVERLINE), (2, 7), "freestyle");
    assert_eq!(move_under_rule(8, &OVERLINE), (2, 7), "caro");
    assert!(blocks(move_under_rule(1, &OVERLINE)), "standard");
    assert!(blocks(move_under_rule(4, &OVERLINE)), "renju, black");
    assert!(
        blocks(move_under_rule(1 | 2, &OVERLINE)),
        "standard, continuous"
    );
    // Brain as O (one opponent stone more): renju lets White win with an overline.
    let mut as_white = OVERLINE.to_vec();
    as_white.push("14,14,2");
    assert_eq!(move_under_rule(4, &as_white), (2, 7), "renju, white");
    assert!(blocks(move_under_rule(1, &as_white)), "standard, white");
}

#[test]
fn rule_bits_reach_the_board_blocked_five() {
    // Own four at x=1..4 on y=7 between opponent stones at x=0 and x=6: 5,7 makes a five
    // blocked at both ends, which wins in freestyle but not in caro.
    let stones = [
        "1,7,1", "0,7,2", "2,7,1", "6,7,2", "3,7,1", "5,0,2", "4,7,1", "6,0,2", "14,14,1", "7,0,2",
        "12,14,1", "8,0,2",
    ];
    assert_eq!(move_under_rule(0, &stones), (5, 7), "freestyle");
    assert!(blocks(move_under_rule(8, &stones)), "caro");
}
