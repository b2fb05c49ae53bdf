//! The searching levels: immediate wins and blocks, the caro rule's blocked fives, legality
//! on random positions of every rule and size, determinism and progress reports, and
//! Master's check of its moves against the opponent's threat lines.

use caro::caro::eval::WIN_THRESHOLD;
use caro::caro::notation::parse_position;
use caro::caro::search::score_text;
use caro::caro::{new_bot, Board, BotOptions, Engine, EngineConfig, Level, Limits, Pos, Rule};
use caro::game::{Budget, Outcome, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const SEARCHING: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Master];

/// A bot of `level` with a node budget small enough for tests (Master keeps its own
/// settings otherwise).
fn bot(level: Level, seed: u64) -> caro::caro::CaroBot {
    let budget = match level {
        Level::Hard | Level::Master => Some(Budget::nodes(30_000)),
        _ => None,
    };
    new_bot(
        level,
        BotOptions {
            seed: Some(seed),
            budget,
            ..BotOptions::default()
        },
    )
}

/// Plays `moves` (row,col pairs, X first) on a fresh board.
fn game(rule: Rule, rows: usize, cols: usize, moves: &[(usize, usize)]) -> Board {
    let mut b = Board::new(rows, cols, rule).unwrap();
    for &(r, c) in moves {
        b.play(Pos::new(r, c)).unwrap();
    }
    b
}

#[test]
fn every_level_takes_an_immediate_win_under_every_rule() {
    // X: four in row 7 (cols 3..6, col 2 blocked by O); O: four in row 9 (cols 3..6, col 2
    // blocked by X). X to move must play (7,7), not block O at (9,7).
    let moves = [
        (7, 3),
        (9, 3),
        (7, 4),
        (9, 4),
        (7, 5),
        (9, 5),
        (7, 6),
        (7, 2),
        (9, 2),
        (9, 6),
    ];
    for rule in Rule::ALL {
        let board = game(rule, 15, 15, &moves);
        assert_eq!(board.to_move(), Side::First);
        for level in SEARCHING {
            let m = bot(level, 1).choose_move(&board);
            assert_eq!(m, Some(Pos::new(7, 7)), "{level} under {rule}");
        }
    }
}

#[test]
fn every_level_blocks_an_immediate_four() {
    // O has four in column 5 (rows 3..6) blocked above; X has nothing comparable: X must
    // take (7,5).
    let moves = [
        (2, 5),
        (3, 5),
        (10, 10),
        (4, 5),
        (10, 12),
        (5, 5),
        (12, 10),
        (6, 5),
    ];
    for rule in Rule::ALL {
        let board = game(rule, 15, 15, &moves);
        for level in SEARCHING {
            let m = bot(level, 2).choose_move(&board);
            assert_eq!(m, Some(Pos::new(7, 5)), "{level} under {rule}");
        }
    }
}

#[test]
fn caro_five_blocked_at_both_ends_is_not_a_win_for_the_engine() {
    // Row 7: O X X X X . O -> X on (7,6) would make an exactly-five blocked at both ends:
    // no win under caro. O meanwhile has four in column 12 (rows 3..6, row 2 blocked):
    // X must block at (7,12), not "win" at (7,6).
    let moves = [
        (7, 2),
        (7, 1),
        (7, 3),
        (7, 7),
        (7, 4),
        (3, 12),
        (7, 5),
        (4, 12),
        (2, 12),
        (5, 12),
        (14, 0),
        (6, 12),
    ];
    let board = game(Rule::Caro, 15, 15, &moves);
    assert!(!board.wins_with(Pos::new(7, 6), Side::First));
    let mut engine = Engine::new(EngineConfig::default());
    let r = engine.search(&board, &Limits::nodes(20_000), &mut |_| {});
    assert_eq!(r.best, Some(Pos::new(7, 12)));
    assert!(r.score < 20_000, "claims a win: {}", score_text(r.score));
    for level in SEARCHING {
        assert_eq!(
            bot(level, 3).choose_move(&board),
            Some(Pos::new(7, 12)),
            "{level}"
        );
    }
}

#[test]
fn caro_five_against_the_edge_and_overlines_win() {
    // Row 7: X X X X . O with the X run starting at the edge (col 0): (7,4) wins.
    let moves = [
        (7, 0),
        (7, 5),
        (7, 1),
        (0, 14),
        (7, 2),
        (1, 14),
        (7, 3),
        (2, 14),
    ];
    let board = game(Rule::Caro, 15, 15, &moves);
    for level in SEARCHING {
        assert_eq!(
            bot(level, 4).choose_move(&board),
            Some(Pos::new(7, 4)),
            "{level}"
        );
    }
    // Row 3: O X X . X X X O -> (3,3) makes six blocked at both ends: an overline wins.
    let moves = [
        (3, 1),
        (3, 0),
        (3, 2),
        (3, 7),
        (3, 4),
        (10, 10),
        (3, 5),
        (10, 12),
        (3, 6),
        (12, 10),
    ];
    let board = game(Rule::Caro, 15, 15, &moves);
    for level in SEARCHING {
        let mut b = board.clone();
        let m = bot(level, 5).choose_move(&b).unwrap();
        assert_eq!(m, Pos::new(3, 3), "{level}");
        b.play(m).unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Side::First)));
    }
}

#[test]
fn standard_overline_is_not_a_win_for_the_engine() {
    // Row 3: X X . X X X (cols 1..6): (3,3) makes six, no win under standard. O has a four
    // in column 12 (rows 3..6, row 2 blocked), so X must block it at (7,12).
    let moves = [
        (3, 1),
        (3, 12),
        (3, 2),
        (4, 12),
        (3, 4),
        (5, 12),
        (3, 5),
        (6, 12),
        (2, 12),
        (10, 0),
        (3, 6),
        (12, 0),
    ];
    let board = game(Rule::Standard, 15, 15, &moves);
    assert!(!board.wins_with(Pos::new(3, 3), Side::First));
    for level in SEARCHING {
        assert_eq!(
            bot(level, 6).choose_move(&board),
            Some(Pos::new(7, 12)),
            "{level}"
        );
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_winning_looking_point() {
    // Black at (7,4),(7,5),(7,6) and (4,7),(5,7),(6,7), White blocking (7,3) and (3,7):
    // (7,7) would make two fours, a double four, forbidden though it looks like a win.
    let moves = [
        (7, 4),
        (7, 3),
        (7, 5),
        (3, 7),
        (7, 6),
        (7, 12),
        (4, 7),
        (12, 2),
        (5, 7),
        (12, 4),
        (6, 7),
        (12, 6),
    ];
    let board = game(Rule::Renju, 15, 15, &moves);
    assert_eq!(board.to_move(), Side::First);
    assert!(board.check_move(Pos::new(7, 7)).is_err());
    for level in SEARCHING {
        let m = bot(level, 7).choose_move(&board).unwrap();
        assert!(board.check_move(m).is_ok(), "{level} chose forbidden {m}");
    }
}

#[test]
fn engine_never_plays_an_illegal_move_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(42);
    let sizes = [(10, 10), (15, 15), (19, 19), (12, 30), (40, 11), (60, 60)];
    let mut checked = 0;
    for round in 0..36 {
        let rule = Rule::ALL[round % 4];
        let (rows, cols) = sizes[round % sizes.len()];
        let mut board = Board::new(rows, cols, rule).unwrap();
        // Random stones near a random centre, played through the rules.
        let target = rng.random_range(0..40);
        let (cr, cc) = (rng.random_range(0..rows), rng.random_range(0..cols));
        let mut tries = 0;
        while board.stone_count() < target && !board.is_over() && tries < 2000 {
            tries += 1;
            let r =
                (cr as isize + rng.random_range(-5i64..=5) as isize).clamp(0, rows as isize - 1);
            let c =
                (cc as isize + rng.random_range(-5i64..=5) as isize).clamp(0, cols as isize - 1);
            let _ = board.play(Pos::new(r as usize, c as usize));
        }
        if board.is_over() {
            board.undo();
        }
        let level = SEARCHING[round % 4];
        let mut b = new_bot(
            level,
            BotOptions {
                seed: Some(round as u64),
                budget: Some(Budget::nodes(3_000)),
                ..BotOptions::default()
            },
        );
        let m = b
            .choose_move(&board)
            .expect("a move on a board with empty cells");
        assert!(
            board.check_move(m).is_ok(),
            "{level} {rule} {rows}x{cols}: illegal {m} in {}",
            caro::caro::notation::format_position(&board)
        );
        checked += 1;
    }
    assert_eq!(checked, 36);
}

#[test]
fn node_budget_search_is_deterministic_and_reports_progress() {
    let board = parse_position("freestyle 15x15 7,7 7,8 8,7 6,7 8,8 8,6 9,9 10,10").unwrap();
    let run = || {
        let mut engine = Engine::new(EngineConfig::default());
        let mut depths = Vec::new();
        let r = engine.search(&board, &Limits::nodes(30_000), &mut |info| {
            depths.push(info.depth);
            assert!(board.check_move(info.best).is_ok());
            assert_eq!(info.pv.first(), Some(&info.best));
        });
        (r, depths)
    };
    let (a, da) = run();
    let (b, db) = run();
    assert_eq!(a.best, b.best);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(da, db);
    assert!(
        da.len() >= 2 && da.windows(2).all(|w| w[0] < w[1]),
        "{da:?}"
    );
}

#[test]
fn a_bot_searches_within_the_budget_it_is_given_later() {
    let board = parse_position("freestyle 15x15 7,7 7,8 8,7 6,7 8,8 8,6 9,9 10,10").unwrap();
    let mut master = bot(Level::Master, 5);
    let most_nodes = |bot: &mut caro::caro::CaroBot| {
        let mut nodes = 0;
        bot.choose_move_reporting(&board, &mut |p| nodes = nodes.max(p.nodes));
        nodes
    };
    let before = most_nodes(&mut master);
    master.set_budget(Budget::nodes(3_000));
    let small = most_nodes(&mut master);
    master.set_budget(Budget::nodes(300_000));
    let large = most_nodes(&mut master);
    assert!(before > 3_000 && before <= 30_000, "{before}");
    assert!(small > 0 && small <= 3_000, "{small}");
    assert!(large > 30_000, "{large}");
}

#[test]
fn engine_finds_a_forced_win_it_is_given() {
    // X has an open three with O far away: the root threat search finds the win.
    let board = parse_position("freestyle 15x15 7,7 0,0 7,8 0,14 7,9 14,0").unwrap();
    let mut engine = Engine::new(EngineConfig::default());
    let r = engine.search(&board, &Limits::nodes(10_000), &mut |_| {});
    assert!(r.forced_win.is_some());
    assert!(matches!(
        r.best,
        Some(Pos { row: 7, col: 6 }) | Some(Pos { row: 7, col: 10 })
    ));
    assert!(r.score > 29_000);
}

/// O to move, from a game Master lost to Rapfi. The search used to keep only the best
/// 10 + depth moves at a node; at depth 4 it "proved" a win for O this way (an answer of X's
/// lay past the cut) and stopped deepening, playing on as if winning. The VCT finds no win
/// here in 4 million nodes, and the game went on for 36 more moves. Moves past the cut are
/// now searched whenever every move before them loses, so a claimed win is a real one.
const FALSE_WIN: &str = "freestyle 15x15 7,6 7,4 7,10 6,5 5,6 8,5 8,4 6,6 6,4 5,5 4,5";

/// A search with depth and nodes as the only limits: no threat search at the root.
fn main_search(text: &str, depth: u32, nodes: u64) -> caro::caro::SearchResult {
    let board = parse_position(text).unwrap();
    let mut limits = Level::Master.limits().unwrap();
    limits.budget = Budget::nodes(nodes);
    limits.max_depth = depth;
    limits.root_vcf_nodes = 0;
    limits.root_vct_nodes = 0;
    let mut engine = Engine::new(EngineConfig::default());
    engine.search(&board, &limits, &mut |_| {})
}

#[test]
fn the_search_claims_no_win_a_width_cut_made() {
    let r = main_search(FALSE_WIN, 4, 2_000_000);
    assert_eq!(r.depth, 4);
    assert!(
        r.score < WIN_THRESHOLD,
        "claimed {} at depth 4",
        score_text(r.score)
    );
    // A real threat win is still proved by the main search alone: X wins by a VCT of three
    // moves starting at 10,8 (the threat search proves it; the bench's third position).
    let r = main_search(
        "freestyle 15x15 7,8 5,8 9,9 7,6 10,7 8,5 6,7 8,9 9,7 8,7 9,8 8,8 8,6 9,10 9,5 9,6",
        8,
        3_000_000,
    );
    assert!(r.score > WIN_THRESHOLD, "{}", score_text(r.score));
    assert_eq!(r.best, Some(Pos::new(10, 8)));
}

#[test]
fn levels_have_names_and_parse() {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(names, ["greedy", "easy", "normal", "hard", "master"]);
    for l in Level::ALL {
        assert_eq!(l.name().parse::<Level>().unwrap(), l);
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn a_clock_caps_the_node_levels_and_feeds_master() {
    use std::time::Duration;
    let second = Duration::from_secs(1);
    assert_eq!(Level::Greedy.budget_within(second), None);
    assert_eq!(
        Level::Master.budget_within(second),
        Some(Budget::time(second))
    );
    // Normal keeps its node budget; Hard keeps its own 3 s cap under a longer clock.
    let normal = Level::Normal.budget_within(second).unwrap();
    assert_eq!(normal.nodes, Level::Normal.limits().unwrap().budget.nodes);
    assert_eq!(normal.time, Some(second));
    let hard = Level::Hard.budget_within(Duration::from_secs(10)).unwrap();
    assert_eq!(hard.time, Some(Duration::from_secs(3)));
    assert_eq!(hard.nodes, Level::Hard.limits().unwrap().budget.nodes);
    assert!(hard.nodes.is_some());
}

#[test]
fn the_bench_searches_every_position_deterministically() {
    let run = || {
        let mut lines = Vec::new();
        let totals = caro::bench::caro(&Limits::nodes(3_000), &mut |l| lines.push(l.to_string()))
            .expect("bench positions parse");
        (totals.nodes, lines)
    };
    let (nodes, lines) = run();
    let positions = caro::bench::CARO_POSITIONS.len();
    // One line per position between the header and the totals, each with a best move.
    let rows: Vec<&String> = lines.iter().filter(|l| l.contains("x")).collect();
    assert!(rows.len() >= positions, "{lines:?}");
    assert!(nodes >= 3_000 * positions as u64 / 2, "{nodes}");
    assert!(lines.iter().any(|l| l == &format!("nodes: {nodes}")));
    assert_eq!(run().0, nodes, "a node budget makes the count repeatable");
}

/// Positions from Master's games against Rapfi (freestyle 15x15, 500 ms a move), each just
/// before the move that lost it: most moves here leave the opponent a win by threats that a
/// short VCT finds, and Master played one of them.
const VCT_TRAPS: [&str; 2] = [
    "freestyle 15x15 4,9 9,7 7,6 8,6 7,5 7,7 6,7 8,5 5,8 3,10 6,8 8,8 8,7 10,6 11,5 6,6 9,9 9,6 4,8 3,8 4,7",
    "freestyle 15x15 7,8 8,10 10,5 9,10 7,10 8,7 7,9 7,7 8,11 9,7 7,11 7,12 10,7 9,8 9,11 10,11 10,6 10,8 6,9 5,8 6,11 5,11 10,4 10,3",
];

/// A third position of the same kind, once among the traps above: O to move is lost. Master
/// plays 7,9, a four, which leaves X no win a VCT finds (not in 16 million nodes), yet X's
/// forced block 8,9, which threatens nothing, then wins: every reply of O's leaves X a VCT.
/// Whether Master's move here leaves a VCT says only whether the loss starts with a threat.
const LOST_TRAP: &str = "freestyle 15x15 9,8 10,6 4,6 9,7 8,8 10,8 8,6 10,7 10,5 8,7 11,7 11,8 7,7 12,9 13,10 10,9 10,10 9,6 8,5 9,9 11,9 9,10 8,11 13,6 12,7 6,9 7,8 11,6 12,6";

/// Whether the side to move in `board` wins by threats within `nodes` (a fresh engine).
fn has_vct(board: &Board, nodes: u64) -> bool {
    let mut engine = Engine::new(EngineConfig::default());
    engine
        .find_vct(board, board.to_move(), Budget::nodes(nodes))
        .0
        .is_some()
}

#[test]
fn master_checks_its_move_against_the_opponents_threat_lines() {
    for text in VCT_TRAPS {
        let board = parse_position(text).unwrap();
        // A trap: most moves next to the stones leave the opponent a VCT.
        let near: Vec<Pos> = board
            .empty_cells()
            .filter(|&p| {
                (-1..=1).any(|dr| {
                    (-1..=1).any(|dc| {
                        board
                            .step(p, dr, dc)
                            .is_some_and(|q| board.get(q).is_some())
                    })
                })
            })
            .collect();
        let losing = near
            .iter()
            .filter(|&&p| {
                let mut after = board.clone();
                after.play(p).unwrap();
                has_vct(&after, 200_000)
            })
            .count();
        assert!(
            losing * 4 > near.len() * 3,
            "{text}: {losing} of {} moves lose",
            near.len()
        );
        // Master (with a node budget, so the test is deterministic) finds a move that does not.
        let mut limits = Level::Master.limits().unwrap();
        limits.budget = Budget::nodes(300_000);
        let mut engine = Engine::new(EngineConfig::default());
        let best = engine.search(&board, &limits, &mut |_| {}).best.unwrap();
        let mut after = board.clone();
        after.play(best).unwrap();
        assert!(!has_vct(&after, 1_000_000), "{text}: {best:?} loses");
    }
}

#[test]
fn a_quiet_move_wins_after_masters_move_in_the_lost_trap() {
    // After 7,9 the VCT finds no win for X: the win goes through the forced block 8,9, a
    // quiet move (it threatens nothing), after which O is free to answer anywhere.
    let board = parse_position(&format!("{LOST_TRAP} 7,9")).unwrap();
    assert!(!has_vct(&board, 1_000_000));
    // After X's 8,9 every move of O's loses: a search of one ply proves it.
    let after = format!("{LOST_TRAP} 7,9 8,9");
    let r = main_search(&after, 1, 1_000_000);
    assert!(r.score < -WIN_THRESHOLD, "{}", score_text(r.score));
    // The threat search confirms it after the answer that search plays.
    let mut answered = parse_position(&after).unwrap();
    answered.play(r.best.unwrap()).unwrap();
    assert!(has_vct(&answered, 1_000_000));
}

#[test]
fn a_sampling_search_picks_one_of_its_leaves_at_random_and_repeatably() {
    // A quiet middle game: the main search runs (no forced win at the root).
    let board = game(Rule::Freestyle, 15, 15, &[(7, 7), (6, 8), (8, 8), (6, 6)]);
    let limits = Limits::nodes(6_000);
    let sample = |seed: Option<u64>| {
        let mut engine = Engine::new(EngineConfig::default());
        engine.sample_leaves(seed);
        let result = engine.search(&board, &limits, &mut |_| {});
        let path = engine.take_leaf_sample();
        // Taken once: the next call has nothing until the next search.
        assert_eq!(engine.take_leaf_sample(), None);
        (result, path)
    };
    let (plain, none) = sample(None);
    assert_eq!(plain.forced_win, None, "the main search decides this move");
    assert_eq!(none, None, "no sampling asked for");
    let mut paths = Vec::new();
    for seed in 0..12 {
        let (result, path) = sample(Some(seed));
        // Sampling changes nothing in the search.
        assert_eq!(
            (result.best, result.score, result.depth, result.nodes),
            (plain.best, plain.score, plain.depth, plain.nodes)
        );
        let path = path.expect("a search of 6,000 nodes judges leaves");
        // The path leads from the root by alternating legal moves to a position where nobody
        // has won, at least one move deep (the first iteration's leaves are the root's moves).
        assert!(!path.is_empty());
        let mut leaf = board.clone();
        for &m in &path {
            leaf.play(m).unwrap_or_else(|e| panic!("{path:?}: {e:?}"));
        }
        assert!(!leaf.is_over(), "{path:?}");
        let again = sample(Some(seed)).1;
        assert_eq!(
            again.as_ref(),
            Some(&path),
            "seed {seed} picks the same leaf again"
        );
        paths.push(path);
    }
    // The picks spread over the tree: twelve seeds, many different leaves and depths.
    let mut distinct = paths.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 8, "{paths:?}");
    let longest = paths.iter().map(Vec::len).max().unwrap();
    assert!(longest >= 3, "{paths:?}");
    // A search decided before its main search picks no leaf, even when the last one's was
    // not taken.
    let mut engine = Engine::new(EngineConfig::default());
    engine.sample_leaves(Some(1));
    engine.search(&board, &limits, &mut |_| {});
    let five = game(
        Rule::Freestyle,
        15,
        15,
        &[
            (7, 3),
            (0, 0),
            (7, 4),
            (0, 2),
            (7, 5),
            (0, 4),
            (7, 6),
            (0, 6),
        ],
    );
    let won = engine.search(&five, &limits, &mut |_| {});
    assert_eq!(
        won.depth, 0,
        "a five to make is played without the main search"
    );
    assert_eq!(engine.take_leaf_sample(), None);
}
