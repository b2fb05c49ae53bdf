//! The Caro engine as a Gomocup (Piskvork) brain on stdin/stdout.

fn main() {
    eprintln!("pbrain-caro: not built yet");
    std::process::exit(2);
}
