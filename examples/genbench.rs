use caro::caro::notation::{format_position, parse_position};
use caro::caro::{Engine, EngineConfig, Level, Limits, Rule};
use caro::cli::caro_tools::play_game;
fn main() {
    let specs = [
        (Rule::Caro, 15, 15, 1u64, 14usize),
        (Rule::Caro, 15, 15, 2, 22),
        (Rule::Freestyle, 15, 15, 3, 16),
        (Rule::Freestyle, 15, 15, 4, 24),
        (Rule::Standard, 15, 15, 5, 18),
        (Rule::Standard, 19, 19, 6, 20),
        (Rule::Renju, 15, 15, 7, 15),
        (Rule::Renju, 15, 15, 8, 25),
        (Rule::Caro, 20, 30, 9, 18),
        (Rule::Freestyle, 10, 10, 10, 14),
        (Rule::Caro, 60, 60, 11, 20),
        (Rule::Renju, 60, 60, 12, 17),
        (Rule::Caro, 60, 60, 13, 30),
    ];
    for (rule, r, c, seed, len) in specs {
        for s in seed * 100..seed * 100 + 20 {
            let (_, board) = play_game(rule, r, c, Level::Normal, Level::Normal, s).unwrap();
            if board.stone_count() <= len + 4 {
                continue;
            }
            let text = format_position(&board);
            let toks: Vec<&str> = text.split_whitespace().collect();
            let pre = toks[..2 + len].join(" ");
            let b = parse_position(&pre).unwrap();
            let mut e = Engine::new(EngineConfig::default());
            let res = e.search(&b, &Limits::nodes(50_000), &mut |_| {});
            if res.depth >= 3 && res.score.abs() < 2000 {
                println!("    \"{pre}\",");
                break;
            }
        }
    }
}
