//! Benchmarks shared by the command line and the browser: the same positions, budgets and
//! report, so native and WebAssembly figures compare line for line. No I/O here; each
//! report goes line by line to a sink (the terminal, or the bench page).

use crate::caro::search::score_text;
use crate::caro::{notation, patterns, Engine, EngineConfig, Limits, Rule};
use crate::game::InputError;
use crate::othello::endgame::Solver as OthelloSolver;
use crate::othello::parse_obf;
use std::time::Duration;
use web_time::Instant;

/// The bench positions: mid-game positions of several rules and sizes, in position-string
/// form. None has an immediate win, so every one runs the main search.
pub const CARO_POSITIONS: &[&str] = &[
    "caro 15x15 8,7 9,7 6,8 8,8 10,6 9,6 8,6 12,6 9,5 7,7 8,4 7,3 10,4 9,9",
    "caro 15x15 7,7 8,8 6,8 8,6 8,7 6,7 9,8 10,9 7,9 7,10",
    "freestyle 15x15 7,8 5,8 9,9 7,6 10,7 8,5 6,7 8,9 9,7 8,7 9,8 8,8 8,6 9,10 9,5 9,6",
    "standard 15x15 7,6 8,6 6,5 5,4 8,5 9,4 7,5 9,5 5,7 7,7 10,4 12,4 6,8 8,4 6,10 5,5 7,9 4,6",
    "standard 19x19 11,7 9,11 7,9 10,10 8,12 10,11 10,12 11,11 8,11 9,10 9,9 8,10 11,10 12,12 8,9 6,9 7,13 5,8 7,10 7,12",
    "renju 15x15 7,6 8,7 8,8 7,7 10,10 10,7 11,7 6,7 9,7 10,6 10,11 4,9 11,5 4,7 5,7",
    "renju 15x15 7,5 6,8 7,9 6,9 6,6 6,10 6,11 8,4 5,5 7,7 5,13 8,6 9,5 6,12 4,10 7,10 8,3 6,5 5,8 8,10 9,10 8,7 8,8 10,5 5,7",
    "caro 20x30 9,15 8,16 9,17 11,17 13,15 9,14 10,15 11,15 11,16 8,15 9,19 6,16 7,16 10,16 4,18 15,14 9,18 9,16",
    "freestyle 10x10 6,7 5,4 5,6 6,9 3,4 7,8 4,5 2,3 4,2 4,4 6,5 3,5 5,1 7,3",
    "caro 60x60 29,31 30,31 30,32 29,32 27,29 28,30 28,33 31,30 26,27 25,25 32,29 29,30 27,30 23,26 30,29 28,34 27,31 27,32 28,29 29,29",
    "caro 60x60 5,5 6,6 5,6 5,7 6,5 4,4 54,54 53,53 54,53 54,52 53,54 55,55",
    "renju 60x60 31,31 31,32 32,32 30,30 32,30 30,31 28,28 29,26 30,24 27,25 27,30 28,24 33,30 30,32 30,29 29,23 30,22",
];

/// FFO endgame positions #40 to #44 (OBF: a1..h8 and the side to move), the usual measure of
/// an exact Othello solver. Their best scores: +38, +0, +6, -12, -14.
pub const FFO_40_44: [&str; 5] = [
    "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
    "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
    "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
    "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
    "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O",
];

/// The Caro engine on [`CARO_POSITIONS`], a fresh engine each, with `limits`; prints a line a
/// position and the totals (nodes, time, nodes per second). With a node budget the node
/// count is deterministic (the regression signal), so native and wasm runs search the same
/// trees and their times compare directly.
pub fn caro(limits: &Limits, out: &mut dyn FnMut(&str)) -> Result<CaroTotals, InputError> {
    // The pattern tables are built once per rule on first use: not part of the search.
    let start = Instant::now();
    for rule in Rule::ALL {
        patterns::pair_table(rule);
    }
    out(&format!(
        "pattern tables: {:.0} ms",
        start.elapsed().as_secs_f64() * 1e3
    ));
    out(&format!(
        "{:<4} {:>10} {:>9} {:>6} {:>12}  best  position",
        "#", "nodes", "ms", "depth", "score"
    ));
    let mut totals = CaroTotals::default();
    for (k, text) in CARO_POSITIONS.iter().enumerate() {
        let board = notation::parse_position(text)?;
        let mut engine = Engine::new(EngineConfig::default());
        let start = Instant::now();
        let r = engine.search(&board, limits, &mut |_| {});
        let time = start.elapsed();
        totals.nodes += r.nodes;
        totals.time += time;
        let best = r.best.map(|p| p.to_string()).unwrap_or_else(|| "-".into());
        out(&format!(
            "{:<4} {:>10} {:>9.1} {:>6} {:>12}  {best:<5} {} {}x{}",
            k + 1,
            r.nodes,
            time.as_secs_f64() * 1e3,
            r.depth,
            score_text(r.score),
            board.rule(),
            board.rows(),
            board.cols()
        ));
    }
    out(&format!("positions: {}", CARO_POSITIONS.len()));
    out(&format!("nodes: {}", totals.nodes));
    out(&format!("time: {:.0} ms", totals.time.as_secs_f64() * 1e3));
    out(&format!("nps: {:.0}", totals.nps()));
    Ok(totals)
}

/// What a Caro bench run searched.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CaroTotals {
    pub nodes: u64,
    pub time: Duration,
}

impl CaroTotals {
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Solves [`FFO_40_44`] exactly with one solver of `2^table_bits` entries, a line a
/// position (`#N best score nodes ms`) and the total time; returns the scores found.
pub fn othello_ffo(table_bits: u32, out: &mut dyn FnMut(&str)) -> Result<Vec<i32>, InputError> {
    let mut solver = OthelloSolver::new(table_bits);
    let mut scores = Vec::new();
    let (mut nodes, mut total) = (0u64, Duration::ZERO);
    for (k, text) in FFO_40_44.iter().enumerate() {
        let position = parse_obf(text)?;
        let start = Instant::now();
        let solution = solver.solve(&position);
        let time = start.elapsed();
        total += time;
        nodes += solution.nodes;
        let best = solution.best.map_or("pass".to_string(), |sq| sq.upper());
        out(&format!(
            "#{} {best} {:+} {} nodes {:.0} ms",
            40 + k,
            solution.score,
            solution.nodes,
            time.as_secs_f64() * 1e3
        ));
        scores.push(solution.score);
    }
    out(&format!(
        "FFO #40-44: {:.2} s, {nodes} nodes, {:.0} knodes/s",
        total.as_secs_f64(),
        nodes as f64 / total.as_secs_f64().max(1e-9) / 1e3
    ));
    Ok(scores)
}
