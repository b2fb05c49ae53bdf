//! The `caro` command-line tool. See `caro help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = caro::cli::run(&args) {
        eprintln!("caro: {e}");
        std::process::exit(2);
    }
}
