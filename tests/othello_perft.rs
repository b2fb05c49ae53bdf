//! Perft from the start position against the published counts, both pass conventions.

use caro::othello::{perft, PassRule, Position};

/// (depth, forced pass counted as a ply, pass not counted) from tests/data/othello/perft.txt.
fn known_counts() -> Vec<(u32, u64, u64)> {
    let text = include_str!("data/othello/perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f[0].parse().ok()?, f[1].parse().ok()?, f[2].parse().ok()?))
        })
        .collect()
}

#[test]
fn othello_perft_1_to_9_matches_known_counts_with_pass_counted() {
    let start = Position::start();
    let known = known_counts();
    assert!(known.len() >= 9);
    for &(depth, counted, _) in known.iter().filter(|k| k.0 <= 9) {
        assert_eq!(
            perft(&start, depth, PassRule::Counted),
            counted,
            "depth {depth}"
        );
    }
}

#[test]
fn othello_perft_1_to_9_matches_known_counts_with_pass_not_counted() {
    let start = Position::start();
    for &(depth, _, not_counted) in known_counts().iter().filter(|k| k.0 <= 9) {
        assert_eq!(
            perft(&start, depth, PassRule::NotCounted),
            not_counted,
            "depth {depth}"
        );
    }
}
