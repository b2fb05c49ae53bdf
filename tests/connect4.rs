//! Connect Four against known answers: perft counts and Pascal Pons' benchmark sets.

use caro::connect4::{perft, Board, Position, Solver};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

#[test]
fn perft_1_to_9_matches_the_published_counts() {
    let text = data("perft.txt");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<u64> = line
            .split_whitespace()
            .map(|f| f.parse().unwrap())
            .collect();
        let (depth, expected) = (fields[0] as usize, fields[1]);
        if depth <= 9 {
            assert_eq!(perft(&Board::new(), depth), expected, "perft {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 9);
}

/// Solves every position of a benchmark file and compares with its exact score.
fn solves_every_position(name: &str) {
    let text = data(name);
    let mut solver = Solver::with_tt_mib(16);
    let mut count = 0;
    for line in text.lines() {
        let (moves, score) = line.split_once(' ').unwrap();
        let expected: i32 = score.trim().parse().unwrap();
        let position = Position::parse(moves).unwrap();
        assert_eq!(
            solver.solve(position.board(), false),
            expected,
            "{name}: {moves}"
        );
        let weak = solver.solve(position.board(), true);
        assert_eq!(weak, expected.signum(), "{name} weak: {moves}");
        count += 1;
    }
    assert_eq!(count, 1000);
}

#[test]
fn solves_end_game_positions_l3_r1() {
    solves_every_position("Test_L3_R1");
}

#[test]
fn solves_middle_game_positions_l2_r1() {
    solves_every_position("Test_L2_R1");
}

#[test]
fn solves_early_positions_l1_r1() {
    solves_every_position("Test_L1_R1");
}

#[test]
fn column_scores_agree_with_the_position_score() {
    // The best column's score is the position's score, for a sample of positions.
    let text = data("Test_L2_R1");
    let mut solver = Solver::with_tt_mib(16);
    for line in text.lines().take(100) {
        let (moves, score) = line.split_once(' ').unwrap();
        let expected: i32 = score.trim().parse().unwrap();
        let position = Position::parse(moves).unwrap();
        let scores = solver.column_scores(&position);
        assert_eq!(scores.iter().flatten().max(), Some(&expected), "{moves}");
        for (col, s) in scores.iter().enumerate() {
            assert_eq!(
                s.is_some(),
                position.can_play(col),
                "{moves} column {}",
                col + 1
            );
        }
    }
}

#[test]
fn best_column_is_one_of_the_best_scored_columns() {
    let text = data("Test_L2_R1");
    let mut solver = Solver::with_tt_mib(16);
    let orders = [
        [0, 1, 2, 3, 4, 5, 6],
        [6, 5, 4, 3, 2, 1, 0],
        [3, 0, 6, 1, 5, 2, 4],
    ];
    for (i, line) in text.lines().take(60).enumerate() {
        let (moves, _) = line.split_once(' ').unwrap();
        let position = Position::parse(moves).unwrap();
        let scores = solver.column_scores(&position);
        let best = scores.iter().flatten().max().copied();
        let col = solver.best_column(&position, &orders[i % 3]).unwrap();
        assert_eq!(scores[col], best, "{moves}: chose column {}", col + 1);
    }
}

#[test]
fn budgeted_column_values_are_exact_or_unknown() {
    use caro::connect4::solver::ColumnValue;
    use caro::game::Budget;
    // Late in a game every column solves at once, and agrees with the unbudgeted scores.
    let late = Position::parse("2252576253462244111563365343671351441").unwrap();
    let mut solver = Solver::with_tt_mib(8);
    let exact = solver.column_scores(&late);
    let values = solver.column_values_within(&late, Budget::nodes(1_000_000));
    for (col, (value, score)) in values.iter().zip(&exact).enumerate() {
        match score {
            None => assert_eq!(*value, ColumnValue::Full, "column {col}"),
            Some(s) => assert_eq!(*value, ColumnValue::Exact(*s), "column {col}"),
        }
    }
    // Three stones off the book with a 1,000-node budget: too early to solve any column,
    // except a column the book knows (none here) or an immediate win (none).
    let early = Position::parse("113").unwrap();
    let mut solver = Solver::with_tt_mib(8);
    let values = solver.column_values_within(&early, Budget::nodes(1_000));
    assert_eq!(values, vec![ColumnValue::Unknown; 7]);
}
