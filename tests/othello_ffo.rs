//! The FFO endgame suite: every position solved to its exact score, with a best move.

use caro::othello::endgame::SolverConfig;
use caro::othello::search::Eval;
use caro::othello::{parse_obf, parse_square, Solver};

/// One FFO line: the position, and every legal move with its exact score, best first.
struct Case {
    line: String,
    scores: Vec<(String, i32)>,
}

fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let scores = l
                .split(';')
                .skip(1)
                .filter_map(|m| {
                    let (mv, score) = m.trim().split_once(':')?;
                    Some((mv.to_string(), score.trim().parse().ok()?))
                })
                .collect();
            Case {
                line: l.to_string(),
                scores,
            }
        })
        .collect()
}

fn solve_all(text: &str, first_number: usize) {
    solve_all_with(Solver::new(20), text, first_number);
}

fn solve_all_with(mut solver: Solver, text: &str, first_number: usize) {
    for (i, case) in cases(text).iter().enumerate() {
        let number = first_number + i;
        let position = parse_obf(&case.line).expect("FFO positions parse");
        let solution = solver.solve(&position);
        let best_score = case.scores[0].1;
        assert_eq!(solution.score, best_score, "FFO #{number}: score");
        let best = solution.best.expect("FFO positions have moves");
        let (_, move_score) = case
            .scores
            .iter()
            .find(|(mv, _)| parse_square(mv).ok() == Some(best))
            .unwrap_or_else(|| panic!("FFO #{number}: {best} is not among the legal moves"));
        assert_eq!(
            *move_score, best_score,
            "FFO #{number}: {best} is not a best move"
        );
    }
}

#[test]
fn ffo_1_to_19_are_solved_exactly() {
    solve_all(include_str!("data/othello/fforum-1-19.obf"), 1);
}

/// The selective passes before the exact search only prepare it: with probcut margins far
/// too narrow (cutting on a tenth of a disc) and the passes run from 14 empties, every
/// #1..#19 score must still come out exact, so no cut of a selective pass may reach the
/// exact answer through the shared table.
#[test]
fn wrong_probcut_margins_cost_time_not_exactness() {
    let mut config = SolverConfig::default();
    for (name, value) in [
        ("staged_from", 14),
        ("probcut_from", 8),
        ("probcut_sigma", 1),
    ] {
        config.set(name, value).unwrap();
    }
    let solver = Solver::with_config(20, Eval::default_patterns(), config);
    solve_all_with(solver, include_str!("data/othello/fforum-1-19.obf"), 1);
}

/// Ordering by the hand-tuned evaluation instead of the trained one changes the tree, not
/// the answers.
#[test]
fn ordering_by_the_classic_evaluation_is_exact_too() {
    let solver = Solver::with_eval(20, Eval::Classic);
    solve_all_with(solver, include_str!("data/othello/fforum-1-19.obf"), 1);
}

#[test]
fn ffo_20_to_39_are_solved_exactly() {
    solve_all(include_str!("data/othello/fforum-20-39.obf"), 20);
}

/// #40..#44, as the benchmark (`caro othello bench`, the browser's bench page) solves them:
/// the same positions as the suite's, and every score exact. A few seconds.
#[test]
fn ffo_40_to_44_are_solved_exactly_by_the_benchmark() {
    let suite = cases(include_str!("data/othello/fforum-40-59.obf"));
    let mut lines = Vec::new();
    let scores = caro::bench::othello_ffo(20, &mut |line| lines.push(line.to_string())).unwrap();
    let expected: Vec<i32> = suite[..5].iter().map(|c| c.scores[0].1).collect();
    // +38, +0, +6, -12, -14: the published exact scores of #40..#44.
    assert_eq!(expected, [38, 0, 6, -12, -14]);
    assert_eq!(scores, expected, "{lines:?}");
    for (k, text) in caro::bench::FFO_40_44.iter().enumerate() {
        assert_eq!(
            parse_obf(text).unwrap(),
            parse_obf(&suite[k].line).unwrap(),
            "FFO #{}",
            40 + k
        );
    }
}
