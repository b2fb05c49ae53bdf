//! Property tests (proptest) of the invariants the engines live by, each on random games
//! drawn from a seed: undo restores the exact state; Caro's incremental line patterns and
//! evaluation equal a from-scratch computation, and its move-ordering scores a plain reading
//! of the levels; the renju forbidden-point check agrees with
//! a slow, plain reading of the RIF rules; Othello's move generation and flips, and Connect
//! Four's win test, agree with square-by-square references; the parsers read back what the
//! formatters write; no level plays an illegal move.
//!
//! 24 cases a property by default (a few seconds in all); `PROPTEST_CASES=2000 cargo test
//! --test properties` runs more. A failure is shrunk and its input saved in
//! `tests/properties.proptest-regressions`, which is replayed first on every run: commit it.

use caro::caro::movegen::{self, Mode};
use caro::caro::notation::{format_position, parse_position};
use caro::caro::patterns::{B4, F3};
use caro::caro::position::{Position as CaroPosition, COUNTED};
use caro::caro::renju::forbidden;
use caro::caro::threats::ThreatSearch;
use caro::caro::{eval, new_bot, Board, BotOptions, Level, Pos, Rule};
use caro::game::{Budget, Side};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// 24 cases, or `PROPTEST_CASES`.
fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

fn rule_of(k: usize) -> Rule {
    Rule::ALL[k % Rule::ALL.len()]
}

/// A random legal Caro game of at most `moves` moves, played near the stones so that lines
/// form (and the rule's special cases come up).
fn caro_game(rng: &mut StdRng, rows: usize, cols: usize, rule: Rule, moves: usize) -> Board {
    let mut board = Board::new(rows, cols, rule).unwrap();
    while board.stone_count() < moves && !board.is_over() {
        let pos = match board.last_move() {
            Some(last) if rng.random_range(0..4) > 0 => Pos::new(
                (last.row + rng.random_range(0..5))
                    .saturating_sub(2)
                    .min(rows - 1),
                (last.col + rng.random_range(0..5))
                    .saturating_sub(2)
                    .min(cols - 1),
            ),
            _ => Pos::new(rng.random_range(0..rows), rng.random_range(0..cols)),
        };
        if board.check_move(pos).is_ok() {
            board.play(pos).unwrap();
        } else if board.empty_cells().all(|p| board.check_move(p).is_err()) {
            break;
        }
    }
    board
}

/// The first `stones` moves of `game`.
fn game_prefix(game: &Board, stones: usize) -> Board {
    let mut board = Board::new(game.rows(), game.cols(), game.rule()).unwrap();
    for &m in &game.moves()[..stones] {
        board.play(m).unwrap();
    }
    board
}

/// Everything the engine's position knows: hash, cells with their line patterns for X and
/// O, the pair value for the side to move, the count of each counted pattern level, the
/// evaluation.
type Snapshot = (u64, Vec<(u8, [u8; 4], [u8; 4])>, i32, Vec<u32>, i32);

fn snapshot(p: &CaroPosition) -> Snapshot {
    let mut cells = Vec::new();
    for row in 0..p.rows() {
        for col in 0..p.cols() {
            let i = p.index(Pos::new(row, col));
            // Line patterns are kept for empty cells, the only ones a stone may go to.
            let levels = if p.is_empty(i) {
                [p.levels(i, Side::First), p.levels(i, Side::Second)]
            } else {
                [[0; 4]; 2]
            };
            cells.push((p.cell(i), levels[0], levels[1]));
        }
    }
    let counts = [Side::First, Side::Second]
        .into_iter()
        .flat_map(|s| COUNTED.into_iter().map(move |l| (s, l)))
        .map(|(s, l)| p.count(s, l))
        .collect();
    (p.hash(), cells, p.pair_value(), counts, eval::evaluate(p))
}

/// The hand-set pair value for the side to move (its pattern values less the opponent's,
/// and the tempo: 12, and 3 for each open three and 2 for each four it could make) and the
/// counted level counts, added up cell by cell from the line patterns, independently of
/// the position's own running sums.
fn recount(p: &CaroPosition) -> (i32, Vec<u32>) {
    let mut values = [0; 2];
    let mut counts = vec![0; 2 * COUNTED.len()];
    for row in 0..p.rows() {
        for col in 0..p.cols() {
            let i = p.index(Pos::new(row, col));
            if !p.is_empty(i) {
                continue;
            }
            for (s, side) in [Side::First, Side::Second].into_iter().enumerate() {
                for level in p.levels(i, side) {
                    values[s] += eval::LEVEL_VALUE[level as usize];
                    if let Some(j) = COUNTED.iter().position(|&c| c == level) {
                        counts[s * COUNTED.len() + j] += 1;
                    }
                }
            }
        }
    }
    let me = p.to_move().index();
    let own = |level| {
        counts[me * COUNTED.len() + COUNTED.iter().position(|&c| c == level).unwrap()] as i32
    };
    let value = values[me] - values[1 - me] + 12 + 3 * own(F3) + 2 * own(B4);
    (value, counts)
}

/// The combination terms of a move's four levels for one side, read plainly: a four or
/// an open three with an open two or a blocked three on another line 300, a blocked three
/// with another such 600, two open twos 1,000; nothing for double threats and single shapes.
fn plain_combo_terms(levels: [u8; 4]) -> i32 {
    use caro::caro::patterns::{B3, B4, F2, F3, F4, FIVE};
    let count = |l: u8| levels.iter().filter(|&&x| x == l).count();
    let (fives, open_fours, fours, threes) = (count(FIVE), count(F4), count(B4), count(F3));
    let (twos, blocked_threes) = (count(F2), count(B3));
    if fives > 0 || open_fours > 0 || fours + threes >= 2 {
        0
    } else if fours + threes == 1 && twos + blocked_threes >= 1 {
        300
    } else if blocked_threes >= 1 && twos + blocked_threes >= 2 {
        600
    } else if twos >= 2 {
        1_000
    } else {
        0
    }
}

proptest! {
    #![proptest_config(config())]

    /// Caro: the engine's incremental patterns, counts, hash and evaluation (with the
    /// hand-set values, which `recount` adds up; tests/caro_eval.rs checks trained ones)
    /// after random moves and undos equal those computed from scratch, and undoing every
    /// move gives back the empty position; the board's undo restores its earlier state too.
    #[test]
    fn caro_incremental_state_equals_a_fresh_computation(
        seed in any::<u64>(), rows in 5usize..=20, cols in 5usize..=20, rule in 0usize..4,
        moves in 0usize..70,
    ) {
        let rule = rule_of(rule);
        let mut rng = StdRng::seed_from_u64(seed);
        let game = caro_game(&mut rng, rows, cols, rule, moves);
        let empty = Board::new(rows, cols, rule).unwrap();
        let mut board = empty.clone();
        let mut pos = CaroPosition::with_weights(&empty, Side::First, None);
        let fresh = snapshot(&pos);
        for &m in game.moves() {
            board.play(m).unwrap();
            pos.play(pos.index(m));
            if rng.random_range(0..4) == 0 {
                // Take back one or two moves and play them again.
                let back = rng.random_range(1..=2).min(board.stone_count());
                let before = (format_position(&board), snapshot(&pos));
                let mut undone = Vec::new();
                for _ in 0..back {
                    undone.push(board.undo().unwrap());
                    pos.undo();
                }
                let scratch = CaroPosition::with_weights(&board, board.to_move(), None);
                prop_assert_eq!(snapshot(&pos), snapshot(&scratch));
                for &u in undone.iter().rev() {
                    board.play(u).unwrap();
                    pos.play(pos.index(u));
                }
                prop_assert_eq!((format_position(&board), snapshot(&pos)), before);
            }
        }
        let scratch = CaroPosition::with_weights(&board, board.to_move(), None);
        prop_assert_eq!(snapshot(&pos), snapshot(&scratch));
        let (_, _, values, counts, _) = snapshot(&pos);
        prop_assert_eq!((values, counts), recount(&pos));
        for _ in 0..board.stone_count() {
            pos.undo();
        }
        prop_assert_eq!(snapshot(&pos), fresh);
    }

    /// Caro: after a move from a position where its side had no five point, the five
    /// points found on the move's four lines are all the side's five points (the VCF reads
    /// only those); and a lone five point, once taken by the other side, leaves none
    /// (`stopping_blocks` relies on it instead of playing the block).
    #[test]
    fn caro_five_points_after_a_move_lie_on_its_lines(
        seed in any::<u64>(), rows in 6usize..=16, cols in 6usize..=16, rule in 0usize..4,
        moves in 10usize..90,
    ) {
        let rule = rule_of(rule);
        let mut rng = StdRng::seed_from_u64(seed);
        let game = caro_game(&mut rng, rows, cols, rule, moves);
        let mut pos = CaroPosition::new(&Board::new(rows, cols, rule).unwrap(), Side::First);
        let (mut all, mut near, mut blocks) = (Vec::new(), Vec::new(), Vec::new());
        for &m in game.moves() {
            let side = pos.to_move();
            pos.five_points(side, &mut all);
            let had_none = all.is_empty();
            let i = pos.index(m);
            pos.play(i);
            pos.five_points(side, &mut all);
            if had_none {
                pos.five_points_through(i, side, &mut near);
                all.sort_unstable();
                near.sort_unstable();
                prop_assert_eq!(&near, &all);
            }
            if let [f] = *all {
                pos.stopping_blocks(&[f], &mut blocks);
                let legal = pos.is_legal(f, pos.to_move());
                prop_assert_eq!(blocks.clone(), if legal { vec![f] } else { vec![] });
                pos.play(f);
                prop_assert_eq!(pos.count(side, caro::caro::patterns::FIVE), 0);
                pos.undo();
            }
        }
    }

    /// Caro: a move's ordering score, read from its four pair-table bytes through tables,
    /// equals the plain reading of both sides' four levels: the terms of the mover's threat
    /// class and of the opponent's it takes away (each class read from the levels), the
    /// shape term of every direction, and in the main search's score the combination terms
    /// of lesser shapes.
    #[test]
    fn caro_move_scores_agree_with_a_plain_reading_of_the_levels(
        seed in any::<u64>(), rows in 6usize..=16, cols in 6usize..=16, rule in 0usize..4,
        moves in 1usize..80,
    ) {
        use caro::caro::eval::{threat, threat_terms, LEVEL_VALUE};
        use caro::caro::patterns::{B3, F2};
        let rule = rule_of(rule);
        let mut rng = StdRng::seed_from_u64(seed);
        let game = caro_game(&mut rng, rows, cols, rule, moves);
        let pos = CaroPosition::new(&game, game.to_move());
        let me = pos.to_move();
        let mut cells = Vec::new();
        pos.candidates(&mut cells);
        for &i in &cells {
            let (mine, theirs) = (pos.levels(i, me), pos.levels(i, me.opponent()));
            let mut shape = 0;
            for d in 0..4 {
                let (m, t) = (mine[d] as usize, theirs[d] as usize);
                shape += 2 * LEVEL_VALUE[m] + LEVEL_VALUE[t];
                if mine[d] == F2 || mine[d] == B3 {
                    shape += 10;
                }
            }
            let terms = threat_terms(threat(mine), threat(theirs));
            prop_assert_eq!(eval::threat_move_score(&pos, i), terms + shape, "cell {}", i);
            let combos = plain_combo_terms(mine) + plain_combo_terms(theirs) * 2 / 5;
            prop_assert_eq!(eval::move_score(&pos, i), terms + shape + combos, "cell {}", i);
        }
    }

    /// When the opponent has a four-three in one move, the move generator keeps only the
    /// moves that break it and our fours: every legal move it leaves out loses to a win by
    /// continuous fours (the four, its forced block, then the open four).
    #[test]
    fn caro_moves_left_out_against_a_four_three_all_lose(
        seed in any::<u64>(), size in 10usize..=16, rule in 0usize..4, moves in 12usize..70,
    ) {
        let rule = rule_of(rule);
        let mut rng = StdRng::seed_from_u64(seed);
        let game = caro_game(&mut rng, size, size, rule, moves);
        let mut pos = CaroPosition::new(&Board::new(size, size, rule).unwrap(), Side::First);
        let mut threats = ThreatSearch::new();
        let (mut cells, mut generated, mut all) = (Vec::new(), Vec::new(), Vec::new());
        for &m in game.moves() {
            pos.play(pos.index(m));
            let me = pos.to_move();
            let mut fives = Vec::new();
            pos.five_points(me.opponent(), &mut fives);
            if !fives.is_empty() || pos.count(me, caro::caro::patterns::FIVE) > 0 {
                continue;
            }
            if movegen::generate(&pos, &mut cells, &mut generated) != Mode::DefendFourThree {
                continue;
            }
            pos.candidates(&mut all);
            for &i in &all {
                if !pos.is_legal(i, me) || generated.iter().any(|g| g.0 == i) {
                    continue;
                }
                pos.play(i);
                let win = threats.vcf(&mut pos, 20_000, None, 0);
                pos.undo();
                prop_assert!(
                    win.is_some(),
                    "{} left out {:?}, which does not lose to a VCF",
                    format_position(&game_prefix(&game, pos.stones())),
                    pos.pos(i)
                );
            }
        }
    }

    /// Renju: the forbidden-point check agrees with a slow reading of the RIF rules, on a
    /// [`Board`] and on the engine's own board (its legality test for Black).
    #[test]
    fn renju_forbidden_points_agree_with_the_rif_rules(seed in any::<u64>(), stones in 10usize..60) {
        let mut rng = StdRng::seed_from_u64(seed);
        // Stones of both colours in a small area, placed directly (not a legal game): many
        // threes and fours, and the shapes around them.
        let mut grid = [[0u8; 15]; 15];
        let mut board = Board::new(15, 15, Rule::Renju).unwrap();
        for k in 0..stones {
            let (r, c) = (rng.random_range(3..12), rng.random_range(3..12));
            if grid[r][c] == 0 {
                let side = if k % 2 == 0 { Side::First } else { Side::Second };
                grid[r][c] = 1 + side.index() as u8;
                board.set_stone(Pos::new(r, c), Some(side));
            }
        }
        let pos = CaroPosition::new(&board, Side::First);
        for r in 0..15 {
            for c in 0..15 {
                if grid[r][c] != 0 {
                    continue;
                }
                let engine = forbidden(&board, Pos::new(r, c)).map(|f| f.to_string());
                let reference = rif::forbidden(&grid, r as isize, c as isize, 0);
                prop_assert_eq!(
                    engine.as_deref(), reference, "at {},{} in\n{}", r, c, board
                );
                let legal = pos.is_legal(pos.index(Pos::new(r, c)), Side::First);
                prop_assert_eq!(legal, reference.is_none(), "engine board at {},{} in\n{}", r, c, board);
            }
        }
    }

    /// Othello: legal moves and flips agree with a square-by-square walk, for every square
    /// of random positions from random games.
    #[test]
    fn othello_moves_and_flips_agree_with_a_plain_walk(seed in any::<u64>(), plies in 0usize..60) {
        use caro::othello::board::{flips, legal_moves};
        use caro::othello::Position;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::start();
        for _ in 0..plies {
            let moves: Vec<_> = position.moves().collect();
            if moves.is_empty() {
                if position.pass().is_err() {
                    break;
                }
                continue;
            }
            position.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let (p, o) = (position.player(), position.opponent());
        let mut legal = 0u64;
        for sq in 0..64 {
            let plain = plain_flips(p, o, sq);
            if plain != 0 {
                legal |= 1 << sq;
                prop_assert_eq!(flips(p, o, sq), plain, "square {}", sq);
            }
        }
        prop_assert_eq!(legal_moves(p, o), legal);
    }

    /// Connect Four: the bitboard's winning-move test agrees with counting along the grid.
    #[test]
    fn connect4_winning_moves_agree_with_a_plain_count(seed in any::<u64>(), plies in 0usize..42) {
        use caro::connect4::Position;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::new();
        while position.moves() < plies && !position.is_over() {
            let cols = position.legal_columns();
            let col = cols[rng.random_range(0..cols.len())];
            // Stop short of a win, so the position is still being played.
            if position.board().is_winning_move(col) {
                break;
            }
            position.play(col).unwrap();
        }
        let me = position.side_to_move();
        for col in 0..7 {
            if !position.can_play(col) {
                continue;
            }
            let row = (0..6).rev().find(|&r| position.cell(r, col).is_none()).unwrap();
            let at = |r: isize, c: isize| {
                (r == row as isize && c == col as isize)
                    || (0..6).contains(&r) && (0..7).contains(&c)
                        && position.cell(r as usize, c as usize) == Some(me)
            };
            let wins = [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
                let run = |sign: isize| {
                    (1..4).take_while(|k| at(row as isize + dr * k * sign, col as isize + dc * k * sign)).count()
                };
                1 + run(1) + run(-1) >= 4
            });
            prop_assert_eq!(position.board().is_winning_move(col), wins, "{} column {}", position, col + 1);
        }
    }

    /// The parsers read back what the formatters write: Caro position strings, move strings
    /// and Piskvork records, Gomocup coordinates, Othello OBF, Connect Four move strings.
    #[test]
    fn parsers_read_back_what_formatters_write(
        seed in any::<u64>(), rows in 5usize..=60, cols in 5usize..=60, rule in 0usize..4,
        moves in 0usize..40,
    ) {
        use caro::protocol::gomocup::{format_pos, parse_xy};
        let mut rng = StdRng::seed_from_u64(seed);
        let board = caro_game(&mut rng, rows, cols, rule_of(rule), moves);
        let text = format_position(&board);
        let back = parse_position(&text).unwrap();
        prop_assert_eq!(back.moves(), board.moves());
        prop_assert_eq!(back.outcome(), board.outcome());
        prop_assert_eq!(format_position(&back), text);
        for &m in board.moves() {
            prop_assert_eq!(parse_xy(&format_pos(m)).unwrap(), m);
        }
        // Move strings (links) and Piskvork records.
        let moves_text = caro::caro::notation::format_moves(&board);
        let replayed =
            caro::caro::notation::replay_moves(rows, cols, board.rule(), &moves_text).unwrap();
        prop_assert_eq!(replayed.moves(), board.moves());
        let psq = caro::caro::record::format_psq(&board, &[], ["x", "o"]);
        let replayed = caro::caro::record::replay_psq(&psq, board.rule()).unwrap();
        prop_assert_eq!(replayed.moves(), board.moves());

        let mut othello = caro::othello::Position::start();
        for _ in 0..moves {
            let legal: Vec<_> = othello.moves().collect();
            if legal.is_empty() {
                break;
            }
            othello.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        let obf = caro::othello::format_obf(&othello);
        prop_assert_eq!(caro::othello::parse_obf(&obf).unwrap(), othello);

        let mut c4 = caro::connect4::Position::new();
        while c4.moves() < moves.min(30) && !c4.is_over() {
            let cols = c4.legal_columns();
            c4.play(cols[rng.random_range(0..cols.len())]).unwrap();
        }
        let text = c4.to_string();
        let back = caro::connect4::Position::parse(&text).unwrap();
        prop_assert_eq!(back.history(), c4.history());
        prop_assert_eq!(back.to_string(), text);
    }

    /// No level plays an illegal move: every Caro level under every rule (renju fouls
    /// included), Connect Four's and Othello's levels, in random positions.
    #[test]
    fn no_level_plays_an_illegal_move(
        seed in any::<u64>(), size in 5usize..=15, rule in 0usize..4, moves in 0usize..40,
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let board = caro_game(&mut rng, size, size, rule_of(rule), moves);
        if !board.is_over() {
            for level in Level::ALL {
                let mut bot = new_bot(level, BotOptions {
                    seed: Some(seed),
                    budget: Some(Budget::nodes(300)),
                    ..BotOptions::default()
                });
                let m = bot.choose_move(&board);
                let legal = board.empty_cells().any(|p| board.check_move(p).is_ok());
                match m {
                    Some(m) => prop_assert!(board.check_move(m).is_ok(), "{} played {} in {}", level, m, format_position(&board)),
                    None => prop_assert!(!legal, "{} found no move in {}", level, format_position(&board)),
                }
            }
        }

        let mut c4 = caro::connect4::Position::new();
        // Deep enough that Perfect answers at once.
        while c4.moves() < 20 + moves % 10 && !c4.is_over() {
            let cols = c4.legal_columns();
            c4.play(cols[rng.random_range(0..cols.len())]).unwrap();
        }
        if !c4.is_over() {
            for level in caro::connect4::Level::ALL {
                let mut bot = caro::connect4::new_bot(level, Some(seed));
                let col = bot.choose_move(&c4).unwrap();
                prop_assert!(c4.can_play(col), "{} played column {} in {}", level, col + 1, c4);
            }
        }

        let mut othello = caro::othello::Position::start();
        for _ in 0..moves {
            let legal: Vec<_> = othello.moves().collect();
            if legal.is_empty() {
                break;
            }
            othello.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if othello.legal_moves() != 0 {
            for level in caro::othello::Level::ALL {
                let mut bot = caro::othello::new_bot_with_budget(level, Some(seed), Some(Budget::nodes(2_000)));
                let sq = bot.choose_move(&othello).unwrap();
                prop_assert!(othello.is_legal(sq), "{} played {}", level, sq);
            }
        }
    }
}

/// The discs `player` would flip with a disc on `sq`, walking each of the eight directions
/// square by square.
fn plain_flips(player: u64, opponent: u64, sq: usize) -> u64 {
    if (player | opponent) >> sq & 1 != 0 {
        return 0;
    }
    let (row, col) = ((sq / 8) as isize, (sq % 8) as isize);
    let mut all = 0;
    for (dr, dc) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        let (mut r, mut c, mut line) = (row + dr, col + dc, 0u64);
        while (0..8).contains(&r) && (0..8).contains(&c) {
            let bit = 1u64 << (r * 8 + c);
            if opponent & bit != 0 {
                line |= bit;
            } else {
                if player & bit != 0 {
                    all |= line;
                }
                break;
            }
            r += dr;
            c += dc;
        }
    }
    all
}

/// The renju rules as the RIF states them, read as plainly as possible on a 15x15 grid of
/// 0 (empty), 1 (Black), 2 (White), with no attention to speed.
mod rif {
    const N: isize = 15;
    const DIRS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

    fn at(g: &[[u8; 15]; 15], r: isize, c: isize) -> Option<u8> {
        ((0..N).contains(&r) && (0..N).contains(&c)).then(|| g[r as usize][c as usize])
    }

    /// The length of the Black run through (r, c) along d (the cell itself Black).
    fn run(g: &[[u8; 15]; 15], r: isize, c: isize, d: (isize, isize)) -> usize {
        let mut n = 1;
        for s in [-1, 1] {
            let mut k = 1;
            while at(g, r + d.0 * k * s, c + d.1 * k * s) == Some(1) {
                n += 1;
                k += 1;
            }
        }
        n
    }

    /// The empty cells on d through (r, c), within four of it, where one more Black stone
    /// makes exactly five along d with (r, c) in it.
    fn five_points(
        g: &[[u8; 15]; 15],
        r: isize,
        c: isize,
        d: (isize, isize),
    ) -> Vec<(isize, isize)> {
        let mut out = Vec::new();
        for k in -4..=4isize {
            let (q0, q1) = (r + d.0 * k, c + d.1 * k);
            if k == 0 || at(g, q0, q1) != Some(0) {
                continue;
            }
            let mut h = *g;
            h[q0 as usize][q1 as usize] = 1;
            // Exactly five along d through q, and (r, c) inside that five.
            if run(&h, q0, q1, d) == 5 {
                let inside = (1..5).any(|j| {
                    [(-1isize), 1].iter().any(|&s| {
                        (q0 + d.0 * j * s, q1 + d.1 * j * s) == (r, c)
                            && (1..j).all(|i| {
                                h[(q0 + d.0 * i * s) as usize][(q1 + d.1 * i * s) as usize] == 1
                            })
                    })
                });
                if inside {
                    out.push((q0, q1));
                }
            }
        }
        out
    }

    /// The fours along d through the Black stone on (r, c): the distinct groups of four
    /// stones, (r, c) among them, that one empty cell turns into exactly five.
    fn fours(g: &[[u8; 15]; 15], r: isize, c: isize, d: (isize, isize)) -> usize {
        let mut groups: Vec<Vec<(isize, isize)>> = Vec::new();
        for (q0, q1) in five_points(g, r, c, d) {
            // The five made through q: the other four stones.
            let mut stones = Vec::new();
            for s in [-1isize, 1] {
                let mut k = 1;
                while at(g, q0 + d.0 * k * s, q1 + d.1 * k * s) == Some(1) {
                    stones.push((q0 + d.0 * k * s, q1 + d.1 * k * s));
                    k += 1;
                }
            }
            stones.sort();
            if !groups.contains(&stones) {
                groups.push(stones);
            }
        }
        groups.len()
    }

    /// Whether d through (r, c) holds a three: an empty cell on it (within four) where a
    /// Black stone, itself not forbidden, makes a straight four (two five points) holding
    /// (r, c).
    fn three(g: &[[u8; 15]; 15], r: isize, c: isize, d: (isize, isize), depth: usize) -> bool {
        (-4..=4isize).any(|k| {
            let (q0, q1) = (r + d.0 * k, c + d.1 * k);
            if k == 0 || at(g, q0, q1) != Some(0) {
                return false;
            }
            let mut h = *g;
            h[q0 as usize][q1 as usize] = 1;
            let points = five_points(&h, r, c, d);
            let straight = points.len() >= 2 && fours(&h, r, c, d) == 1 && {
                // Both five points make a five with q and (r, c): a straight four.
                points
                    .iter()
                    .all(|&(a, b)| five_points(&h, q0, q1, d).contains(&(a, b)))
            };
            if !straight {
                return false;
            }
            let mut before = *g;
            before[r as usize][c as usize] = 1;
            forbidden(&before, q0, q1, depth + 1).is_none()
        })
    }

    /// What a Black stone on the empty (r, c) would be: `None` when allowed.
    pub fn forbidden(g: &[[u8; 15]; 15], r: isize, c: isize, depth: usize) -> Option<&'static str> {
        let mut h = *g;
        h[r as usize][c as usize] = 1;
        if DIRS.iter().any(|&d| run(&h, r, c, d) == 5) {
            return None;
        }
        if DIRS.iter().any(|&d| run(&h, r, c, d) > 5) {
            return Some("overline");
        }
        if DIRS.iter().map(|&d| fours(&h, r, c, d)).sum::<usize>() >= 2 {
            return Some("double four");
        }
        if depth < 6 && DIRS.iter().filter(|&&d| three(&h, r, c, d, depth)).count() >= 2 {
            return Some("double three");
        }
        None
    }
}

/// The reference itself finds each forbidden shape (so the property above cannot pass by
/// both sides saying "allowed" everywhere), and agrees with the engine on them.
#[test]
fn the_rif_reference_finds_every_forbidden_shape() {
    let grid = |black: &[(usize, usize)], white: &[(usize, usize)]| {
        let mut g = [[0u8; 15]; 15];
        let mut board = Board::new(15, 15, Rule::Renju).unwrap();
        for &(r, c) in black {
            g[r][c] = 1;
            board.set_stone(Pos::new(r, c), Some(Side::First));
        }
        for &(r, c) in white {
            g[r][c] = 2;
            board.set_stone(Pos::new(r, c), Some(Side::Second));
        }
        (g, board)
    };
    for (black, white, at, want) in [
        // Two open threes through 8,8 on the diagonals.
        (
            vec![(7, 7), (7, 9), (9, 7), (9, 9)],
            vec![],
            (8, 8),
            Some("double three"),
        ),
        // One three blocked by White at one end and the board's far side: a single three.
        (
            vec![(7, 7), (7, 9), (9, 7), (9, 9)],
            vec![(6, 6)],
            (8, 8),
            None,
        ),
        // Two fours through 7,7: a row and a column.
        (
            vec![(7, 4), (7, 5), (7, 6), (4, 7), (5, 7), (6, 7)],
            vec![(7, 3), (3, 7)],
            (7, 7),
            Some("double four"),
        ),
        // X.XXX.X completed in the middle: two fours in one line.
        (
            vec![(7, 3), (7, 5), (7, 7), (7, 9)],
            vec![],
            (7, 6),
            Some("double four"),
        ),
        // Exactly five, with stones beyond a gap: a win, whatever else it makes.
        (
            vec![(7, 3), (7, 5), (7, 6), (7, 8), (7, 9)],
            vec![],
            (7, 7),
            None,
        ),
        (
            vec![(7, 2), (7, 4), (7, 5), (7, 6), (7, 8)],
            vec![],
            (7, 7),
            None,
        ),
        (
            vec![(7, 3), (7, 5), (7, 6), (7, 7), (7, 9)],
            vec![],
            (7, 4),
            None,
        ),
        (
            vec![(7, 3), (7, 4), (7, 5), (7, 7), (7, 8), (7, 9)],
            vec![],
            (7, 6),
            Some("overline"),
        ),
        // A five wins even when it also makes a double four.
        (
            vec![(7, 3), (7, 4), (7, 5), (7, 6), (3, 7), (4, 7), (5, 7)],
            vec![],
            (7, 7),
            None,
        ),
    ] {
        let (g, board) = grid(&black, &white);
        let reference = rif::forbidden(&g, at.0 as isize, at.1 as isize, 0);
        let engine = forbidden(&board, Pos::new(at.0, at.1)).map(|f| f.to_string());
        assert_eq!(reference, want, "reference at {at:?} in\n{board}");
        assert_eq!(engine.as_deref(), want, "engine at {at:?} in\n{board}");
    }
}
