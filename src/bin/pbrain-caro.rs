//! The Caro engine as a Gomocup (Piskvork) brain on stdin/stdout. The protocol itself is
//! `caro::protocol::gomocup::Brain`; this is the loop that feeds it lines.

use caro::caro::Level;
use caro::protocol::gomocup::{default_level, Brain, BrainOptions};
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn usage() -> String {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    format!(
        "\
usage: pbrain-caro [--level NAME] [--seed N] [--verbose]

A Gomocup brain: speaks the Piskvork protocol on standard input and output
(START, RECTSTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, RESTART, ABOUT, END).

options:
  --level NAME   the computer level: {} (default: {})
  --seed N       seed the engine's random choices, for replayable games
  --verbose      print a DEBUG line with the time plan before each move
  --help         this text
",
        names.join(", "),
        default_level().name()
    )
}

fn parse_args(args: &[String]) -> Result<Option<BrainOptions>, String> {
    let mut options = BrainOptions::new(default_level());
    let mut i = 0;
    while i < args.len() {
        let value = || {
            args.get(i + 1)
                .ok_or_else(|| format!("{} needs a value", args[i]))
        };
        match args[i].as_str() {
            "--help" | "-h" => return Ok(None),
            "--level" => {
                options.level = value()?.parse().map_err(|e| format!("{e}"))?;
                i += 1;
            }
            "--seed" => {
                let v = value()?;
                options.seed = Some(
                    v.parse()
                        .map_err(|_| format!("bad seed '{v}': expected a whole number"))?,
                );
                i += 1;
            }
            "--verbose" => options.verbose = true,
            other => return Err(format!("unknown option '{other}'")),
        }
        i += 1;
    }
    Ok(Some(options))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            print!("{}", usage());
            return;
        }
        Err(e) => {
            eprintln!("pbrain-caro: {e}\n\n{}", usage());
            std::process::exit(2);
        }
    };
    // The engine's own panics are bugs, but a brain that dies loses the whole match: report
    // them as ERROR and keep answering. The default hook still prints the panic on stderr.
    let mut brain = Brain::new(options);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut stdout = std::io::stdout();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Managers may send any bytes; a line that is not UTF-8 is still a line.
        let line = String::from_utf8_lossy(&raw);
        let out = catch_unwind(AssertUnwindSafe(|| brain.handle_line(&line)))
            .unwrap_or_else(|_| vec!["ERROR internal error in the brain".to_string()]);
        for reply in out {
            if writeln!(stdout, "{reply}").is_err() {
                return;
            }
        }
        if stdout.flush().is_err() || brain.finished() {
            return;
        }
    }
}
