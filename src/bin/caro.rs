//! The `caro` command-line tool. See `caro --help`.

use clap::Parser;

fn main() {
    let cli = caro::cli::Cli::parse();
    if let Err(e) = caro::cli::run(cli) {
        eprintln!("caro: {e}");
        std::process::exit(e.exit_code());
    }
}
