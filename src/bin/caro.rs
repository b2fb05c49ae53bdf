//! The `caro` command-line tool. See `caro --help`.

use clap::Parser;

fn main() {
    // Like other Unix tools, end quietly when the reader of the output goes away
    // (`caro ... | head`) instead of panicking on the failed write. Rust ignores SIGPIPE
    // by default; this restores the default action.
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_DFL at start-up, before any thread is
    // made, has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = caro::cli::Cli::parse();
    if let Err(e) = caro::cli::run(cli) {
        eprintln!("caro: {e}");
        std::process::exit(e.exit_code());
    }
}
