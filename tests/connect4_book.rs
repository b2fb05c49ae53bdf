//! The opening book: its file format, its lookups, and the shipped book's known answers.

use caro::connect4::solver::win_next_score;
use caro::connect4::{Book, Position, Solver, WIDTH};
use std::sync::Arc;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The mirror image of a column sequence.
fn mirror(moves: &str) -> String {
    moves
        .chars()
        .map(|c| char::from(b'8' - (c as u8 - b'0')))
        .collect()
}

#[test]
fn a_book_of_solved_positions_answers_for_them_and_their_mirrors() {
    let mut solver = Solver::with_tt_mib(8);
    solver.set_book(None);
    let positions: Vec<(Position, i32)> = data("Test_L2_R2")
        .lines()
        .take(30)
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            let position = Position::parse(moves).unwrap();
            let solved = solver.solve(position.board(), false);
            assert_eq!(solved, score.parse::<i32>().unwrap(), "{moves}");
            (position, solved)
        })
        .collect();
    let book = Book::from_scores(positions.iter().map(|(p, s)| (*p.board(), *s)));
    let book = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(book.len(), 30);

    let mut with_book = Solver::with_tt_mib(1);
    with_book.set_book(Some(Arc::new(book.clone())));
    for (position, score) in &positions {
        assert_eq!(book.get(position.board()), Some(*score));
        let mirrored = Position::parse(&mirror(&position.to_string())).unwrap();
        assert_eq!(book.get(mirrored.board()), Some(*score));
        // The solver takes the book's word at the root's first search.
        with_book.reset_nodes();
        assert_eq!(with_book.solve(mirrored.board(), false), *score);
        assert!(with_book.nodes() < 10, "{} nodes", with_book.nodes());
    }
    // A position that is not in the book.
    assert_eq!(book.get(Position::parse("4444").unwrap().board()), None);
}

#[test]
fn malformed_book_files_are_refused() {
    assert!(Book::from_bytes(b"").is_err());
    assert!(Book::from_bytes(b"C4BOOK1\n").is_err());
    assert!(Book::from_bytes(b"C4BOOK1\n\x01\x00\x00").is_err());
    assert!(Book::from_bytes(b"NOTABOOK\x01").is_err());
}

#[test]
fn shipped_book_knows_the_first_player_wins_only_in_the_centre() {
    // Known since Allis (1988): the first player wins, and only by starting in the centre
    // column; with perfect play the win comes with the last stone (score 1).
    let book = Book::shipped();
    assert!(
        book.depth() >= 1,
        "the shipped book must cover the first move"
    );
    let empty = Position::new();
    assert_eq!(book.get(empty.board()), Some(1));
    let mut solver = Solver::with_tt_mib(1);
    let scores = solver.column_scores(&empty);
    assert_eq!(scores.iter().flatten().max(), Some(&1));
    for (col, score) in scores.iter().enumerate() {
        let score = score.unwrap();
        assert_eq!(score > 0, col == WIDTH / 2, "column {}: {score}", col + 1);
        // The book's children agree with the scores the solver derived from them.
        let mut child = empty;
        child.play(col).unwrap();
        assert_eq!(book.get(child.board()), Some(-score), "column {}", col + 1);
    }
}

#[test]
fn perfect_plays_its_first_moves_at_once_from_the_book() {
    use caro::game::Budget;
    // Without the book, these take the solver many minutes and billions of nodes.
    let mut solver = Solver::with_tt_mib(1);
    let budget = Budget::nodes(50_000);
    let order = [0, 1, 2, 3, 4, 5, 6];
    let empty = Position::new();
    assert_eq!(solver.best_column_within(&empty, &order, budget), Some(3));
    // The first player opened in the centre: the book holds the reply.
    let centre = Position::parse("4").unwrap();
    assert_eq!(solver.best_column_within(&centre, &order, budget), Some(3));
    // Whatever the first move, the reply comes from the book, and keeps the score.
    let book = Book::shipped();
    for first in 0..WIDTH {
        let mut position = Position::new();
        position.play(first).unwrap();
        let reply = solver
            .best_column_within(&position, &order, budget)
            .unwrap_or_else(|| panic!("no quick reply to column {}", first + 1));
        let mut after = position;
        after.play(reply).unwrap();
        assert_eq!(
            book.get(after.board()),
            book.get(position.board()).map(|s| -s),
            "reply {} to {}",
            reply + 1,
            first + 1
        );
    }
}

/// `data/connect4/scores.txt`, the source of the shipped book: `(columns, score)` lines
/// (`#` starts a comment line).
fn book_source() -> Vec<(String, i32)> {
    let path = format!("{}/data/connect4/scores.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (moves, score) = line
                .trim_end()
                .rsplit_once(' ')
                .unwrap_or(("", line.trim()));
            (moves.trim().to_string(), score.parse().unwrap())
        })
        .collect()
}

#[test]
fn shipped_book_holds_its_source_file_and_agrees_with_itself() {
    let book = Book::shipped();
    let source = book_source();
    assert!(source.len() > 2000, "{} lines", source.len());
    for (moves, score) in &source {
        let position = Position::parse(moves).unwrap();
        assert_eq!(book.get(position.board()), Some(*score), "'{moves}'");
    }
    // Negamax consistency: where the book knows every move of a position (a move that
    // connects four counts as known), the position's score is the best of them.
    let mut checked = 0;
    for (moves, score) in &source {
        let position = Position::parse(moves).unwrap();
        let values: Option<Vec<i32>> = position
            .legal_columns()
            .into_iter()
            .map(|col| {
                if position.board().is_winning_move(col) {
                    return Some(win_next_score(position.moves()));
                }
                let mut child = position;
                child.play(col).unwrap();
                book.get(child.board()).map(|s| -s)
            })
            .collect();
        if let Some(values) = values {
            assert_eq!(values.iter().max(), Some(score), "'{moves}': {values:?}");
            checked += 1;
        }
    }
    // 201 of the source's positions have every move in the book (each is checked above).
    assert_eq!(checked, 201, "positions with all their moves in the book");
}

#[test]
fn shipped_book_entries_match_a_fresh_solve() {
    // A sample of the deeper entries, solved again without the book.
    let mut solver = Solver::with_tt_mib(16);
    solver.set_book(None);
    let source = book_source();
    let deep: Vec<&(String, i32)> = source.iter().filter(|(m, _)| m.len() >= 6).collect();
    assert!(!deep.is_empty());
    let step = (deep.len() / 6).max(1);
    for (moves, score) in deep.iter().step_by(step).take(6) {
        let position = Position::parse(moves).unwrap();
        solver.clear();
        assert_eq!(solver.solve(position.board(), false), *score, "'{moves}'");
    }
}

/// Plays Perfect's `perfect_moves` moves from each of `layer` (Perfect to move) against every
/// reply. Each of its moves must come at once (from the book: a few nodes, not a search of
/// seconds), and so must the hint (every column's exact value) in each position the human
/// then faces, but for the last. Perfect picks at random among the best columns the book
/// knows, so every such column is followed. Returns the moves checked and the positions
/// without a quick move or hint.
fn walk_perfect_lines(mut layer: Vec<Position>, perfect_moves: usize) -> (usize, Vec<String>) {
    use caro::connect4::solver::ColumnValue;
    use caro::game::Budget;
    let book = Book::shipped();
    let mut solver = Solver::with_tt_mib(1);
    let mut checked = 0;
    let mut slow = Vec::new();
    for turn in 0..perfect_moves {
        let mut next = Vec::new();
        for position in &layer {
            solver.clear();
            checked += 1;
            let Some(col) =
                solver.best_column_within(position, &[3, 2, 4, 1, 5, 0, 6], Budget::nodes(50_000))
            else {
                slow.push(position.to_string());
                continue;
            };
            if position.board().is_winning_move(col) {
                continue;
            }
            let child_score = |c: usize| {
                let mut child = *position.board();
                child.play_col(c);
                book.get(&child)
            };
            let choices: Vec<usize> = match child_score(col) {
                None => vec![col],
                best => (0..WIDTH)
                    .filter(|&c| position.can_play(c) && child_score(c) == best)
                    .collect(),
            };
            for col in choices {
                let mut after = *position;
                after.play(col).unwrap();
                if turn + 1 < perfect_moves {
                    let values = solver.column_values_within(&after, Budget::nodes(1_000));
                    if !values
                        .iter()
                        .all(|v| matches!(v, ColumnValue::Exact(_) | ColumnValue::Full))
                    {
                        slow.push(format!("hint {after}"));
                    }
                }
                for reply in 0..WIDTH {
                    if after.can_play(reply) && !after.board().is_winning_move(reply) {
                        let mut child = after;
                        child.play(reply).unwrap();
                        next.push(child);
                    }
                }
            }
        }
        layer = next;
    }
    for position in &slow {
        eprintln!("no quick move: {position}");
    }
    (checked, slow)
}

#[test]
fn perfect_as_the_first_player_answers_every_reply_at_once_for_five_moves() {
    // To the 9th stone. (Not exactly 7^n lines: Perfect connects four early against some
    // careless replies, and follows every best book move where it has several.)
    let (checked, slow) = walk_perfect_lines(vec![Position::new()], 5);
    assert!(slow.is_empty(), "{} of {checked}: {slow:?}", slow.len());
    assert!(checked > 2000, "{checked}");
}

#[test]
fn perfect_as_the_second_player_answers_every_reply_at_once_for_four_moves() {
    // To the 8th stone, after each of the seven openings.
    let openings = (0..WIDTH)
        .map(|col| {
            let mut position = Position::new();
            position.play(col).unwrap();
            position
        })
        .collect();
    let (checked, slow) = walk_perfect_lines(openings, 4);
    assert!(slow.is_empty(), "{} of {checked}: {slow:?}", slow.len());
    assert!(checked > 2000, "{checked}");
}
