//! The `caro` command-line tool: one entry per subcommand, each in its own module.

pub mod caro_play;
pub mod caro_tools;
pub mod connect4;
pub mod othello;
pub mod othello_train;

use crate::game::InputError;

pub const USAGE: &str = "\
usage: caro <command> [options]

commands:
  play caro|connect4|othello [options]   play in the terminal (caro play GAME --help)
  match [options]                        play two Caro levels or engines against each other
  bench [options]                        search a fixed set of Caro positions, print nodes and speed
  solve [options]                        find a forced Caro win (VCF/VCT) in a position
  connect4 solve|perft|book|hint|best    Connect Four solver tools
  othello solve|perft|bench|match        Othello solver tools, benchmark and matches
  help                                   this text
";

/// Runs the tool on its arguments (without the program name).
pub fn run(args: &[String]) -> Result<(), InputError> {
    let Some((cmd, rest)) = args.split_first() else {
        return Err(InputError::new(format!("no command given\n\n{USAGE}")));
    };
    match cmd.as_str() {
        "play" => match rest.split_first() {
            Some((game, rest)) => match game.as_str() {
                "caro" | "gomoku" => caro_play::play(rest),
                "connect4" => connect4::play(rest),
                "othello" => othello::play(rest),
                other => Err(InputError::new(format!(
                    "unknown game '{other}': expected caro, connect4 or othello"
                ))),
            },
            None => Err(InputError::new(
                "play needs a game: caro, connect4 or othello",
            )),
        },
        "match" => caro_play::run_match(rest),
        "bench" => caro_tools::bench(rest),
        "solve" => caro_tools::solve(rest),
        "connect4" => connect4::run(rest),
        "othello" => othello::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(InputError::new(format!(
            "unknown command '{other}'\n\n{USAGE}"
        ))),
    }
}

/// The value after `--name` in `args`, if given.
pub fn option_value<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>, InputError> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| InputError::new(format!("{name} needs a value"))),
    }
}

/// The value after `--name` parsed as `T`, or `default` when the option is absent.
pub fn parse_option<T: std::str::FromStr>(
    args: &[String],
    name: &str,
    default: T,
) -> Result<T, InputError> {
    match option_value(args, name)? {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| InputError::new(format!("bad value '{v}' for {name}"))),
    }
}

/// Whether the flag `--name` is present.
pub fn has_flag(args: &[String], name: &str) -> bool {
    args.iter().any(|a| a == name)
}
