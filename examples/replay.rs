use caro::caro::notation::parse_position;
use caro::caro::{new_bot, BotOptions, Level};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args[0].parse().unwrap();
    let seed: u64 = args[1].parse().unwrap();
    let full = parse_position(&args[2]).unwrap();
    let from: usize = args[3].parse().unwrap();
    let mut bot = new_bot(
        level,
        BotOptions {
            seed: Some(seed),
            budget: None,
        },
    );
    let moves = full.moves().to_vec();
    let head = args[2]
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    for n in (from..moves.len()).step_by(2) {
        let text = format!(
            "{head} {}",
            moves[..n]
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let b = parse_position(&text).unwrap();
        let m = bot.choose_move(&b);
        println!("after {n}: bot {:?} game {}", m, moves[n]);
    }
}
