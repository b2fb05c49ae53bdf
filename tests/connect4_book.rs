//! The opening book: its file format, its lookups, and the shipped book's known answers.

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
