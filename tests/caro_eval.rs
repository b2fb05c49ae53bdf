//! The trained evaluation: its incremental sums equal a from-scratch count after any moves
//! and undos (every rule, square and rectangular boards), and its weights file is checked
//! on load.

use caro::caro::position::Position;
use caro::caro::weights::{self, RuleWeights, Weights, COMBOS, MASKS};
use caro::caro::{eval, Board, Pos, Rule};
use caro::game::Side;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Weights with every entry different, so a miscounted cell shows.
fn random_weights(seed: u64) -> &'static RuleWeights {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut w = RuleWeights::zero();
    for table in w.combo.iter_mut().chain(w.threat.iter_mut()) {
        for v in table.iter_mut() {
            *v = rng.random_range(-500..500);
        }
    }
    Box::leak(Box::new(w))
}

/// What the incremental sums should be, counted cell by cell.
fn from_scratch(pos: &Position, w: &RuleWeights) -> ([i32; 2], [[u32; weights::CLASSES]; 2]) {
    let mut value = [0; 2];
    let mut classes = [[0; weights::CLASSES]; 2];
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            let i = pos.index(Pos::new(row, col));
            if !pos.is_empty(i) {
                continue;
            }
            for side in [Side::First, Side::Second] {
                let combo = pos.combo(i, side);
                value[side.index()] += w.combo_value(side, combo);
                let class = eval::threat(pos.levels(i, side)) as usize;
                classes[side.index()][class] += 1;
            }
        }
    }
    (value, classes)
}

fn check(pos: &Position, board: &Board, w: &'static RuleWeights, context: &str) {
    let (value, classes) = from_scratch(pos, w);
    for side in [Side::First, Side::Second] {
        assert_eq!(
            pos.combo_value(side),
            value[side.index()],
            "{context}: value of {side:?}"
        );
        assert_eq!(
            pos.class_counts(side),
            &classes[side.index()],
            "{context}: classes of {side:?}"
        );
    }
    // A position built afresh from the same stones agrees, and so does its evaluation.
    let fresh = Position::with_weights(board, pos.to_move(), Some(w));
    assert_eq!(
        eval::evaluate(&fresh),
        eval::evaluate(pos),
        "{context}: evaluation"
    );
    assert_eq!(fresh.hash(), pos.hash(), "{context}: hash");
}

#[test]
fn incremental_sums_equal_a_count_from_scratch_after_moves_and_undos() {
    let mut rng = StdRng::seed_from_u64(7);
    for (k, rule) in [Rule::Caro, Rule::Freestyle, Rule::Standard, Rule::Renju]
        .into_iter()
        .enumerate()
    {
        for (rows, cols) in [(15, 15), (10, 23), (19, 12)] {
            let w = random_weights(k as u64 * 100 + rows as u64);
            let mut board = Board::new(rows, cols, rule).unwrap();
            let mut pos = Position::with_weights(&board, Side::First, Some(w));
            let mut played: Vec<Pos> = Vec::new();
            for step in 0..160 {
                let undo = !played.is_empty() && rng.random_range(0..4) == 0;
                if undo {
                    pos.undo();
                    let last = board.undo().unwrap();
                    assert_eq!(Some(last), played.pop());
                } else {
                    // A random legal cell near the middle, so lines form.
                    let mut tries = 0;
                    let cell = loop {
                        tries += 1;
                        let r = rng.random_range(rows / 4..rows - rows / 4);
                        let c = rng.random_range(cols / 4..cols - cols / 4);
                        let p = Pos::new(r, c);
                        if board.check_move(p).is_ok() || tries > 200 {
                            break p;
                        }
                    };
                    if board.is_over() || board.check_move(cell).is_err() {
                        continue;
                    }
                    board.play(cell).unwrap();
                    pos.play(pos.index(cell));
                    played.push(cell);
                }
                check(
                    &pos,
                    &board,
                    w,
                    &format!("{rule:?} {rows}x{cols} step {step}"),
                );
            }
        }
    }
}

#[test]
fn the_weights_file_round_trips() {
    let mut w = Weights::zero();
    let mut rng = StdRng::seed_from_u64(3);
    for rule in weights::RULES {
        let rw = w.rule_mut(rule);
        for table in rw.combo.iter_mut().chain(rw.threat.iter_mut()) {
            for v in table.iter_mut() {
                *v = rng.random_range(i16::MIN..=i16::MAX);
            }
        }
    }
    let bytes = w.to_bytes();
    assert_eq!(bytes.len(), 16 + 4 * 2 * (COMBOS + MASKS) * 2 + 8);
    assert_eq!(Weights::from_bytes(&bytes).unwrap(), w);
}

#[test]
fn a_truncated_or_corrupted_weights_file_is_refused_with_a_message() {
    let bytes = Weights::zero().to_bytes();
    let err = Weights::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(err.contains("truncated"), "{err}");
    let err = Weights::from_bytes(&bytes[..10]).unwrap_err();
    assert!(err.contains("not a Caro evaluation file"), "{err}");
    let mut corrupted = bytes.clone();
    corrupted[100] ^= 1;
    let err = Weights::from_bytes(&corrupted).unwrap_err();
    assert!(err.contains("checksum"), "{err}");
    let mut other_layout = bytes.clone();
    other_layout[8] = 7; // combinations
    let err = Weights::from_bytes(&other_layout).unwrap_err();
    assert!(err.contains("expects"), "{err}");
    let err = Weights::from_bytes(b"OEV1 some othello file").unwrap_err();
    assert!(err.contains("CEV1"), "{err}");
}

#[test]
fn the_shipped_weights_load_and_a_zero_correction_keeps_the_hand_set_evaluation() {
    let w = Weights::shipped().expect("natively the weights are built in");
    for rule in weights::RULES {
        let rw = w.rule(rule);
        // What ships is checked on load; a rule whose corrections are all zero runs the
        // hand-set evaluation at full speed (no combination bookkeeping), any other uses them.
        let chosen = caro::caro::search::EvalChoice::Shipped.for_rule(rule);
        assert_eq!(chosen.is_none(), rw.is_zero(), "{rule:?}");
    }
    // Random (non-zero) weights are never filtered out.
    let rw = random_weights(3);
    assert!(!rw.is_zero());
    // Zero corrections give exactly the hand-set value.
    let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
    for (row, col) in [(7, 7), (7, 8), (8, 8)] {
        board.play(Pos::new(row, col)).unwrap();
    }
    let zero: &'static RuleWeights = Box::leak(Box::new(RuleWeights::zero()));
    let with = Position::with_weights(&board, Side::Second, Some(zero));
    let without = Position::with_weights(&board, Side::Second, None);
    assert_eq!(eval::evaluate(&with), eval::classic(&without));
    assert_ne!(eval::evaluate(&with), 0, "the position has a value");
}

#[test]
fn every_quadruple_of_levels_maps_to_its_sorted_combination() {
    let t = weights::tables();
    assert_eq!(t.levels.len(), COMBOS);
    assert_eq!(weights::combo_index([0, 0, 0, 0]), 0);
    assert_eq!(
        weights::combo_index([3, 9, 1, 3]),
        weights::combo_index([9, 3, 3, 1])
    );
    for (i, l) in t.levels.iter().enumerate() {
        assert_eq!(weights::combo_index(*l), i);
        let mut rev = *l;
        rev.reverse();
        assert_eq!(weights::combo_index(rev), i);
    }
}
