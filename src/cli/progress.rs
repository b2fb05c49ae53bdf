//! Progress of a long command: a bar with counts and an estimate (drawn by `indicatif` on
//! standard error) when standard error is a terminal; otherwise a plain line on standard
//! error now and then, so logs of long runs still say how far they got. The command's own
//! output (on standard output) is printed through [`Progress::println`] so that it does
//! not tear the bar.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How often the plain (not a terminal) form prints a line.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

pub struct Progress {
    what: String,
    total: Option<u64>,
    done: u64,
    start: Instant,
    last_plain: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress of `what` (like "games"), out of `total` when it is known.
    pub fn new(what: &str, total: Option<u64>) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
            let style = match total {
                Some(_) => ProgressStyle::with_template(
                    "[{elapsed_precise}] {bar:30.cyan/blue} {pos}/{len} {prefix} ({eta} left) {msg}",
                ),
                None => ProgressStyle::with_template(
                    "[{elapsed_precise}] {spinner} {pos} {prefix} ({per_sec}) {msg}",
                ),
            }
            .expect("the templates are valid")
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(what.to_string());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        let now = Instant::now();
        Progress {
            what: what.to_string(),
            total,
            done: 0,
            start: now,
            last_plain: now,
            bar,
        }
    }

    /// `n` more done.
    pub fn inc(&mut self, n: u64) {
        self.done = self.done.saturating_add(n);
        match &self.bar {
            Some(bar) => bar.inc(n),
            None => {
                if self.last_plain.elapsed() >= PLAIN_EVERY {
                    self.last_plain = Instant::now();
                    eprintln!("{}", self.plain_line());
                }
            }
        }
    }

    /// A short note shown after the bar (the score so far, say).
    pub fn set_message(&self, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Prints a line of the command's output on standard output.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| println!("{line}")),
            None => println!("{line}"),
        }
    }

    /// Prints a line on standard error (a note, a bad input line).
    pub fn eprintln(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    /// Removes the bar.
    pub fn finish(self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn plain_line(&self) -> String {
        let secs = self.start.elapsed().as_secs_f64();
        match self.total {
            Some(total) if self.done > 0 && total > 0 => {
                let left = secs / self.done as f64 * total.saturating_sub(self.done) as f64;
                format!(
                    "{}/{} {} ({:.0}%), {secs:.0} s, about {left:.0} s left",
                    self.done,
                    total,
                    self.what,
                    100.0 * self.done as f64 / total as f64
                )
            }
            _ => format!("{} {} in {secs:.0} s", self.done, self.what),
        }
    }
}
