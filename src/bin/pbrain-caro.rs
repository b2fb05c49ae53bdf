//! The Caro engine as a Gomocup (Piskvork) brain on stdin/stdout. The protocol itself is
//! `caro::protocol::gomocup::Brain`; this is the loop that feeds it lines.

// The tools are native only (the wasm32 build of the crate is the browser app; `cargo test
// --target wasm32-unknown-unknown` still builds the binaries, as empty programs).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main()
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use caro::caro::Level;
    use caro::protocol::gomocup::{default_level, Brain, BrainOptions};
    use clap::Parser;
    use std::io::{BufRead, Write};
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::mpsc;
    use web_time::Instant;

    /// A Gomocup brain: speaks the Piskvork protocol on standard input and output (START,
    /// RECTSTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, RESTART, ABOUT, END).
    #[derive(Parser, Debug)]
    #[command(name = "pbrain-caro", version)]
    struct Options {
        /// The computer level: greedy, easy, normal, hard or master [default: master]
        #[arg(long, value_name = "NAME")]
        level: Option<Level>,
        /// Seed the engine's random choices, for replayable games
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Print a DEBUG line with the time plan before each move
        #[arg(long)]
        verbose: bool,
    }

    pub fn main() {
        let parsed = Options::parse();
        let mut options = BrainOptions::new(parsed.level.unwrap_or_else(default_level));
        options.seed = parsed.seed;
        options.verbose = parsed.verbose;
        let mut brain = Brain::new(options);
        // Lines are read on a thread of their own, which notes when each arrived: a move's
        // time runs from then, even if the brain was still busy with the line before.
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            loop {
                let mut raw = Vec::new();
                match input.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if sender.send((raw, Instant::now())).is_err() {
                    break;
                }
            }
        });
        let mut stdout = std::io::stdout();
        for (raw, received) in lines {
            // Managers may send any bytes; a line that is not UTF-8 is still a line.
            let line = String::from_utf8_lossy(&raw);
            // The engine's own panics are bugs, but a brain that dies loses the whole match:
            // report them as ERROR and keep answering. The default hook still prints the
            // panic on stderr.
            let out = catch_unwind(AssertUnwindSafe(|| brain.handle_line_at(&line, received)))
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
}
