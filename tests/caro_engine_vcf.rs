//! The VCF solver against public problem sets with known forced wins by continuous fours
//! (tests/data/gomoku; its README says where they come from). Every sequence found is checked by
//! playing it out on a `caro::Board` with the board's own rules: each attacker move legal
//! and a four or a five, each defender reply the only one that stops the five, the line
//! ending in a five or a four the defender cannot stop.

use caro::caro::problem::parse_problem;
use caro::caro::{Board, Engine, EngineConfig, Pos};
use caro::game::{Budget, Outcome, Side};

/// Cells where `side` would win at once.
fn five_points(board: &Board, side: Side) -> Vec<Pos> {
    board
        .empty_cells()
        .filter(|&p| board.wins_with(p, side))
        .collect()
}

/// Plays `line` for the side to move on `board`; `Err` says what is wrong with it.
fn verify_vcf(mut board: Board, line: &[Pos]) -> Result<(), String> {
    let attacker = board.to_move();
    let defender = attacker.opponent();
    let mut k = 0;
    while k < line.len() {
        let a = line[k];
        board
            .check_move(a)
            .map_err(|e| format!("attacker move {a} illegal: {e}"))?;
        board.play(a).unwrap();
        if board.outcome() == Some(Outcome::Win(attacker)) {
            return if k + 1 == line.len() {
                Ok(())
            } else {
                Err("moves after the five".into())
            };
        }
        if !five_points(&board, defender).is_empty() {
            return Err(format!("after {a} the defender can make five"));
        }
        let fives = five_points(&board, attacker);
        match fives.as_slice() {
            [] => return Err(format!("attacker move {a} is not a four")),
            [f] => {
                if board.check_move(*f).is_err() {
                    // Renju: Black may not take the five point, so the four wins.
                    return if k + 1 == line.len() {
                        Ok(())
                    } else {
                        Err("moves after a four the defender cannot block".into())
                    };
                }
                match line.get(k + 1) {
                    Some(&d) if d == *f => {
                        board.play(d).unwrap();
                        k += 2;
                    }
                    Some(&d) => return Err(format!("defender reply {d} is not the forced {f}")),
                    None => return Err("line ends on a four that can be blocked".into()),
                }
            }
            _ => {
                // Two five points: whatever the defender plays, one stays open.
                return if k + 1 == line.len() {
                    Ok(())
                } else {
                    Err("moves after an unstoppable four".into())
                };
            }
        }
    }
    Err("line ends without a win".into())
}

/// An engine with a small transposition table (the threat searches do not use it).
fn small_engine() -> Engine {
    Engine::new(EngineConfig {
        tt_megabytes: 1,
        ..EngineConfig::default()
    })
}

/// Solves every problem of a file; returns (solved, total, verified, skipped for replay).
fn run_set(path: &str, nodes: u64) -> (usize, usize, usize, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut engine = small_engine();
    let (mut solved, mut total, mut verified, mut skipped) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let problem = parse_problem(line).unwrap();
        total += 1;
        let (win, _) = engine.find_vcf(&problem.board, problem.to_move, Budget::nodes(nodes));
        let Some(win) = win else { continue };
        solved += 1;
        match problem.playable_board() {
            Some(board) => {
                if let Err(e) = verify_vcf(board, &win) {
                    panic!("{}: bad VCF {:?}: {e}", problem.id, win);
                }
                verified += 1;
            }
            None => skipped += 1,
        }
    }
    (solved, total, verified, skipped)
}

#[test]
fn vcf_freestyle_problems_are_solved_and_verified() {
    let (solved, total, verified, skipped) =
        run_set("tests/data/gomoku/vcf_freestyle.txt", 100_000);
    println!("freestyle VCF: solved {solved}/{total}, verified {verified}, skipped {skipped}");
    assert!(total > 500);
    assert!(solved * 100 >= total * 98, "solved only {solved}/{total}");
    assert_eq!(verified + skipped, solved);
}

#[test]
fn vcf_renju_problems_are_solved_and_verified() {
    let (solved, total, verified, skipped) = run_set("tests/data/gomoku/vcf_renju.txt", 100_000);
    println!("renju VCF: solved {solved}/{total}, verified {verified}, skipped {skipped}");
    assert!(total > 700);
    assert!(solved * 100 >= total * 98, "solved only {solved}/{total}");
    // A few lists cannot be replayed move by move without a forbidden or finished position.
    assert!(skipped <= 10, "{skipped} positions could not be replayed");
}

#[test]
fn no_vcf_is_claimed_where_there_is_none() {
    // X has a three blocked at one end: one four to make, then nothing.
    let board =
        caro::caro::notation::parse_position("freestyle 15x15 7,7 7,6 7,8 0,0 7,9 0,14").unwrap();
    let mut engine = Engine::new(EngineConfig::default());
    let (win, _) = engine.find_vcf(&board, Side::First, Budget::nodes(100_000));
    assert_eq!(win, None);
    let (win, _) = engine.find_vcf(&board, Side::Second, Budget::nodes(100_000));
    assert_eq!(win, None);
}

#[test]
fn vct_finds_a_double_three_and_respects_renju() {
    // X holds the corners of a square: (8,8) makes two open threes on the diagonals.
    let text = "7,7 0,0 7,9 0,14 9,7 14,0 9,9 14,14";
    let board = caro::caro::notation::parse_position(&format!("freestyle 15x15 {text}")).unwrap();
    let mut engine = Engine::new(EngineConfig::default());
    let (vcf, _) = engine.find_vcf(&board, Side::First, Budget::nodes(100_000));
    assert_eq!(vcf, None);
    let (vct, _) = engine.find_vct(&board, Side::First, Budget::nodes(100_000));
    let vct = vct.expect("a win by threats");
    assert_eq!(vct[0], Pos::new(8, 8));
    // Under renju (8,8) is a double three for Black: any win found must start elsewhere.
    let board = caro::caro::notation::parse_position(&format!("renju 15x15 {text}")).unwrap();
    assert!(board.check_move(Pos::new(8, 8)).is_err());
    let (vct, _) = engine.find_vct(&board, Side::First, Budget::nodes(100_000));
    // The win found starts elsewhere; after 10,10 and the defence 6,6, 8,8 is a four-three,
    // no longer a double three, and Black may play it.
    let line = vct.expect("a win by threats under renju too");
    assert_eq!(
        line,
        [(10, 10), (6, 6), (8, 8), (11, 11), (6, 10)].map(|(r, c)| Pos::new(r, c))
    );
    let mut replay = board.clone();
    for &pos in &line {
        replay.play(pos).unwrap_or_else(|e| panic!("{pos}: {e}"));
    }
}

#[test]
fn caro_vcf_wins_with_a_four_that_two_blocks_answer_when_both_lose() {
    // O (to move) plays h8 (7,7): a four on the anti-diagonal (g7 h8 i9 j10, five points f6
    // and k11; under caro one block can shut the other five at its far end, as X's stones on
    // e5 and l12 do here, so X has two answers) and a split three on the diagonal (f10 h8
    // i7). Whichever block X takes, g9 (6,6) then makes an open four: a VCF in which the
    // defender has a choice. The VCF used to pass over such fours.
    let board = caro::caro::notation::parse_position(
        "caro 15x15 6,9 8,11 7,11 5,9 7,9 8,8 1,9 3,7 4,9 6,8 5,7 3,6 14,14 13,13 6,1 2,7 0,6 \
         10,3 10,4 9,4 9,2 9,1 7,0 6,0 7,2 5,5 7,6 8,6 3,11",
    )
    .unwrap();
    let mut engine = Engine::new(EngineConfig::default());
    let (win, _) = engine.find_vcf(&board, Side::Second, Budget::nodes(100_000));
    let line = win.expect("a win by continuous fours");
    assert_eq!(line[0], Pos::new(7, 7));
    // Both answers to the four lose to a VCF of their own.
    for block in [Pos::new(4, 10), Pos::new(9, 5)] {
        let mut after = board.clone();
        after.play(Pos::new(7, 7)).unwrap();
        after.play(block).unwrap();
        let (win, _) = engine.find_vcf(&after, Side::Second, Budget::nodes(100_000));
        assert_eq!(win.map(|l| l[0]), Some(Pos::new(6, 6)), "after {block}");
    }
}

/// Positions where the side to move has a win by threats, from a file of
/// tests/data/gomoku (its README says where they come from).
fn vct_positions(file: &str) -> Vec<Board> {
    let text = std::fs::read_to_string(format!("tests/data/gomoku/{file}")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| caro::caro::notation::parse_position(l).unwrap())
        .collect()
}

/// Checks that `attacker` (to move) wins on `board`, trusting only the VCF solver: the VCT's
/// first move is played and every legal reply of the defender (not only the answers the VCT
/// searched) must lose, to a VCF or, `depth` more times, to a win checked the same way.
/// `Ok(false)` when the check ran out of depth.
fn check_threat_win(
    engine: &mut Engine,
    board: &Board,
    attacker: Side,
    depth: u32,
) -> Result<bool, String> {
    if engine
        .find_vcf(board, attacker, Budget::nodes(20_000))
        .0
        .is_some()
    {
        return Ok(true);
    }
    if depth == 0 {
        return Ok(false);
    }
    let (line, _) = engine.find_vct(board, attacker, Budget::nodes(500_000));
    let line = line.ok_or_else(|| format!("no win found in {board}"))?;
    let mut after = board.clone();
    after.play(line[0]).map_err(|e| e.to_string())?;
    if after.outcome() == Some(Outcome::Win(attacker)) {
        return Ok(true);
    }
    for d in after.empty_cells() {
        let mut next = after.clone();
        if next.play(d).is_err() {
            // Not a legal reply (renju: forbidden to Black).
            continue;
        }
        if next.outcome().is_some() {
            return Err(format!("{d} ends the game in {after}"));
        }
        if !check_threat_win(engine, &next, attacker, depth - 1)? {
            return Ok(false);
        }
    }
    Ok(true)
}

#[test]
fn every_reply_to_a_proved_threat_win_loses() {
    // The VCT searches only the defender's answers to a threat (the cells where the attacker
    // would make a four or more, and the defender's own fours). Here every legal reply is
    // tried instead, and each must lose to a VCF or, up to four threats on, to a threat win
    // checked the same way. An answer the VCT left out would be a reply that does not lose.
    const DEPTH: u32 = 4;
    let mut engine = small_engine();
    let mut checked = 0;
    let positions = vct_positions("vct_short.txt");
    for (n, board) in positions.iter().enumerate() {
        let attacker = board.to_move();
        engine.clear();
        if engine
            .find_vct(board, attacker, Budget::nodes(10_000))
            .0
            .is_none()
        {
            continue;
        }
        match check_threat_win(&mut engine, board, attacker, DEPTH) {
            Ok(true) => checked += 1,
            Ok(false) => {}
            Err(e) => panic!("position {n}: {e}"),
        }
    }
    println!("threat wins checked reply by reply: {checked}");
    assert!(
        checked >= 12,
        "only {checked} of {} checked to the end",
        positions.len()
    );
}
