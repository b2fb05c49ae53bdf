use caro::caro::notation::parse_position;
use caro::caro::search::score_text;
use caro::caro::{Engine, EngineConfig, Level};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board = parse_position(&args[1]).unwrap();
    let level: Level = args[0].parse().unwrap();
    let limits = level.limits().unwrap();
    let mut e = Engine::new(EngineConfig::default());
    let r = e.search(&board, &limits, &mut |i| {
        println!(
            "d{} {} {} n{} pv {:?}",
            i.depth,
            score_text(i.score),
            i.best,
            i.nodes,
            i.pv
        )
    });
    println!("{:?}", r);
}
