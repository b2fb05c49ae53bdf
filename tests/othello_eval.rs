//! The trained Othello evaluation: symmetric, and close to the exact scores of known
//! endgame positions.

use caro::othello::eval::Weights;
use caro::othello::patterns::{flip, mirror, transpose};
use caro::othello::{parse_obf, Position, Squares};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions along random games, a few per game.
fn random_positions(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        while !pos.is_game_over() {
            if pos.must_pass() {
                pos.pass().unwrap();
            }
            let moves = pos.legal_moves();
            let k = rng.random_range(0..moves.count_ones() as usize);
            pos.play(Squares(moves).nth(k).unwrap()).unwrap();
            if rng.random_range(0..6) == 0 && !pos.is_game_over() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn the_evaluation_is_the_same_for_every_symmetric_position() {
    let weights = Weights::shipped().expect("built into the native program");
    let symmetries: [fn(u64) -> u64; 8] = [
        |x| x,
        flip,
        mirror,
        |x| flip(mirror(x)),
        transpose,
        |x| flip(transpose(x)),
        |x| mirror(transpose(x)),
        |x| flip(mirror(transpose(x))),
    ];
    let positions = random_positions(200, 42);
    assert!(positions.len() > 1000);
    for pos in positions {
        let (p, o) = (pos.player(), pos.opponent());
        let value = weights.evaluate(p, o);
        for sym in symmetries {
            assert_eq!(weights.evaluate(sym(p), sym(o)), value);
        }
    }
}

#[test]
fn the_evaluation_predicts_the_exact_scores_of_ffo_1_to_19() {
    // FFO #1..#19 (16 to 18 empties) with their exact scores: positions from real games,
    // not from the self-play games the weights were fitted to.
    let weights = Weights::shipped().expect("built into the native program");
    let text = include_str!("data/othello/fforum-1-19.obf");
    let (mut total_error, mut right_side, mut n) = (0.0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = parse_obf(line).unwrap();
        // The file's best score follows the first move: `; G8:+18; ...`.
        let exact: f64 = line
            .split(';')
            .nth(1)
            .and_then(|m| m.split(':').nth(1))
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or_else(|| panic!("no score in {line}"));
        let guess = weights.evaluate(pos.player(), pos.opponent()) as f64 / 100.0;
        total_error += (guess - exact).abs();
        if (guess > 0.0) == (exact > 0.0) || exact == 0.0 {
            right_side += 1;
        }
        n += 1;
    }
    assert_eq!(n, 19);
    let mean_error = total_error / n as f64;
    eprintln!("mean error {mean_error:.2} discs, {right_side}/19 on the right side");
    // The shipped weights give 7.9 discs and 14 of 19; an untrained or misread table is
    // off by tens of discs and right about half the time.
    assert!(mean_error < 10.0, "mean error {mean_error:.2} discs");
    assert!(right_side >= 13, "{right_side} of 19 on the right side");
}

#[test]
fn installing_weights_checks_the_bytes_and_keeps_the_shipped_ones() {
    // The web app installs the file it fetched; natively the weights are built in.
    let shipped = Weights::shipped().expect("built into the native program");
    let err = Weights::install(b"not a weights file").unwrap_err();
    assert!(err.contains("OEV1"), "{err}");
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/othello/eval.bin"
    ))
    .unwrap();
    Weights::install(&bytes).unwrap();
    assert!(std::sync::Arc::ptr_eq(
        &shipped,
        &Weights::shipped().unwrap()
    ));
}
