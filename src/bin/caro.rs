//! The `caro` command-line tool. See `caro --help`.

// The tools are native only (the wasm32 build of the crate is the browser app; `cargo test
// --target wasm32-unknown-unknown` still builds the binaries, as empty programs).
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use clap::Parser;
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
