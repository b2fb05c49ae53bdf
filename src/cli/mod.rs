//! The `caro` command-line tool: the command line (parsed by clap from the types below), one
//! module per group of commands, and the helpers they share (bounded line reading, progress).

pub mod caro_play;
pub mod caro_tools;
pub mod caro_train;
pub mod compare;
pub mod connect4;
pub mod lines;
pub mod othello;
pub mod othello_train;
pub mod progress;

use crate::game::InputError;
use clap::{CommandFactory, Parser, Subcommand};
use std::fmt;

/// The whole command line.
#[derive(Parser, Debug)]
#[command(
    name = "caro",
    version,
    about = "Caro (gomoku), Connect Four and Othello in the terminal: play, matches, solvers, benchmarks",
    propagate_version = true,
    arg_required_else_help = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the terminal
    #[command(subcommand)]
    Play(PlayGame),
    Match(Box<caro_play::MatchArgs>),
    Bench(caro_tools::BenchArgs),
    Solve(caro_tools::SolveArgs),
    Analyze(caro_tools::AnalyzeArgs),
    Compare(compare::CompareArgs),
    Selfplay(caro_train::SelfplayArgs),
    Label(caro_train::LabelArgs),
    Train(caro_train::TrainArgs),
    /// Connect Four solver tools
    #[command(subcommand)]
    Connect4(connect4::Command),
    /// Othello solver tools, benchmark, matches and training
    #[command(subcommand)]
    Othello(othello::Command),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Subcommand, Debug)]
pub enum PlayGame {
    #[command(visible_alias = "gomoku")]
    Caro(caro_play::PlayArgs),
    Connect4(connect4::PlayArgs),
    Othello(othello::PlayArgs),
}

/// Why a command failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It could not run: a bad option value, an unreadable file, a bad position.
    Input(InputError),
    /// It ran, but some input lines were bad (each was answered with an error naming it).
    BadLines { bad: usize, total: usize },
}

impl Failure {
    /// The process exit status: 2 when the command could not run (as for clap's own
    /// errors), 1 when it ran and some input lines were bad.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Input(_) => 2,
            Failure::BadLines { .. } => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(e) => write!(f, "{e}"),
            Failure::BadLines { bad, total } => {
                write!(
                    f,
                    "{bad} of {total} input line{} {} bad",
                    if *total == 1 { "" } else { "s" },
                    if *bad == 1 { "was" } else { "were" }
                )
            }
        }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::Input(e)
    }
}

/// Ok, or [`Failure::BadLines`] when any of `total` lines was bad.
pub fn lines_result(bad: usize, total: usize) -> Result<(), Failure> {
    if bad == 0 {
        Ok(())
    } else {
        Err(Failure::BadLines { bad, total })
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Play(PlayGame::Caro(args)) => caro_play::play(&args)?,
        Command::Play(PlayGame::Connect4(args)) => connect4::play(&args)?,
        Command::Play(PlayGame::Othello(args)) => othello::play(&args)?,
        Command::Match(args) => caro_play::run_match(&args)?,
        Command::Bench(args) => caro_tools::bench(&args)?,
        Command::Solve(args) => return caro_tools::solve(&args),
        Command::Analyze(args) => return caro_tools::analyze(&args),
        Command::Compare(args) => compare::run_compare(&args)?,
        Command::Selfplay(args) => caro_train::selfplay(&args)?,
        Command::Label(args) => caro_train::label(&args)?,
        Command::Train(args) => caro_train::train(&args)?,
        Command::Connect4(command) => return connect4::run(command),
        Command::Othello(command) => return othello::run(command),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "caro", &mut std::io::stdout())
        }
    }
    Ok(())
}

/// A value parser for clap: a whole number in `min..=max`, with a message naming the range.
/// (clap's ranged parsers exist for the integer types it knows; this also covers `usize`
/// and `u32` with the same wording.)
pub fn in_range<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone
where
    T: std::str::FromStr + PartialOrd + fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        let v: T = text
            .trim()
            .parse()
            .map_err(|_| format!("expected a whole number from {min} to {max}"))?;
        if v < min || v > max {
            return Err(format!("{v} is outside {min}..={max}"));
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_command_parses_with_its_defaults_and_with_values() {
        // Parsing fills every field, so a value parser whose type does not match its field
        // fails here rather than in a user's hands.
        for line in [
            "play caro",
            "play gomoku --x easy --o human --rule renju --size 10x12 --time-ms 5 --seed 1",
            "play connect4 --x perfect --o random --seed 2 --position 44",
            "play othello --black strong --white human --time 10 --seed 3",
            "match --a greedy --b easy",
            "match --a greedy --b easy --games 4 --rule freestyle --size 20 --time-ms 7 --seed 9 --openings 0 --tolerance-ms 0",
            "match --a greedy --b easy --openings-file f --concurrency 2 --sprt -5,5 --records d --time-a 3 --time-b 4",
            "bench",
            "bench --level hard --nodes 10",
            "solve --budget-ms 5 --nodes 9 --rule caro --vcf-only caro 15x15 7,7",
            "analyze --budget-ms 5 --nodes 9 --depth 3 --rule caro caro 15x15 7,7",
            "analyze --record g.psq --ply 4",
            "selfplay --rule caro --size 12 --games 3 --nodes 500 --seed 4 --threads 2 --eval classic",
            "label --nodes 500 --skip 4 --every 2 --threads 2 --eval classic g.txt",
            "train --out w.bin --pairs --keep-tempo --result-weight 0.25 --from-classic --epochs 3 --seed 2 l.txt",
            "connect4 solve --weak --keep-tt --tt-mib 2 --no-book",
            "connect4 perft 3",
            "connect4 book --out /tmp/x --depth 2 --scores s --known-only",
            "connect4 hint",
            "connect4 best 4444 --tt-mib 1",
            "othello perft 3 --pass-not-counted",
            "othello solve --table-bits 10 --eval classic --set a=1",
            "othello bench --table-bits 12",
            "othello match --games 2 --time 5 --nodes 7 --seed 2 --a random --b strong --a-eval classic --random 3",
            "othello selfplay --games 2 --seed 1 --depth 2 --solve 8 --random 1-3 --random-rate 0.5",
            "othello train --out w.bin --ridge 1.5 --iterations 3 --overlap 1 --no-precondition g.txt",
            "othello label --depth 2 --exact 10 --every 2 --part 0/2 --children 8 --from 1 --to 30 g.txt",
            "othello calibrate --per 3 --from 4 --to 6 --depths 1,2 --versus 4 g.txt",
            "completions bash",
        ] {
            let args = std::iter::once("caro").chain(line.split(' '));
            if let Err(e) = Cli::try_parse_from(args) {
                panic!("{line}: {e}");
            }
        }
    }

    #[test]
    fn ranges_name_their_bounds() {
        let p = in_range(1usize, 10);
        assert_eq!(p("3"), Ok(3));
        assert_eq!(p("0"), Err("0 is outside 1..=10".to_string()));
        assert!(p("x").unwrap_err().contains("from 1 to 10"));
        assert!(p("-1").is_err());
    }

    #[test]
    fn bad_lines_read_as_a_sentence() {
        let f = Failure::BadLines { bad: 1, total: 3 };
        assert_eq!(f.to_string(), "1 of 3 input lines was bad");
        assert_eq!(f.exit_code(), 1);
        assert_eq!(Failure::Input(InputError::new("x")).exit_code(), 2);
    }
}
