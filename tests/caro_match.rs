//! `caro match` logic: levels and external engines against each other.

use caro::caro::notation::{format_position, parse_position};
use caro::caro::{Level, Rule};
use caro::cli::caro_play::arena::{
    elo_estimate, run_match, GameRecord, GameResult, MatchConfig, MatchScore, PlayerSpec,
};
use caro::game::{Outcome, Side};
use std::path::PathBuf;

fn greedy() -> PlayerSpec {
    PlayerSpec::Level(Level::Greedy)
}

fn pbrain_greedy() -> PlayerSpec {
    PlayerSpec::Engine {
        path: PathBuf::from(env!("CARGO_BIN_EXE_pbrain-caro")),
        args: vec!["--level".into(), "greedy".into()],
    }
}

fn collect(config: &MatchConfig) -> (MatchScore, Vec<GameRecord>) {
    let mut records = Vec::new();
    let mut last_score = MatchScore::default();
    let score = run_match(config, &mut |n, record, score| {
        assert_eq!(n, records.len() + 1);
        assert_eq!(score.games(), n);
        last_score = *score;
        records.push(record.clone());
    })
    .expect("the match runs");
    assert_eq!(score, last_score);
    (score, records)
}

/// Replays the game from its position string: every move legal, the same result.
fn check_legal(record: &GameRecord) {
    let text = format_position(&record.board);
    let replay = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(replay.moves(), record.board.moves());
    if record.reason == "five in a row" || record.reason == "full board" {
        assert_eq!(replay.outcome(), Some(record.outcome), "{text}");
    }
}

#[test]
fn a_short_greedy_match_plays_every_game_legally() {
    let mut config = MatchConfig::new(greedy(), greedy());
    config.games = 6;
    config.rows = 11;
    config.cols = 13;
    config.rule = Rule::Freestyle;
    config.seed = 42;
    config.opening_stones = 3;
    let (score, records) = collect(&config);
    assert_eq!(score.a_wins + score.b_wins + score.draws, 6);
    assert_eq!(records.len(), 6);
    for (i, record) in records.iter().enumerate() {
        check_legal(record);
        assert_eq!((record.board.rows(), record.board.cols()), (11, 13));
        assert_eq!(record.board.rule(), Rule::Freestyle);
        // Colours alternate and each opening is played twice.
        let a_side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        assert_eq!(record.a_side, a_side);
        assert_eq!(record.opening.len(), 3);
        assert_eq!(&record.board.moves()[..3], &record.opening[..]);
        if i % 2 == 1 {
            assert_eq!(record.opening, records[i - 1].opening);
        }
        let expected = match record.outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Win(side) if side == record.a_side => GameResult::AWins,
            Outcome::Win(_) => GameResult::BWins,
        };
        assert_eq!(record.result, expected);
    }
    assert_ne!(records[0].opening, records[2].opening);
    let counted = records
        .iter()
        .filter(|r| r.result == GameResult::AWins)
        .count();
    assert_eq!(counted, score.a_wins);
    // Three openings, each a pair of games; the same seed replays the same match (tested
    // below), whatever the engine's evaluation makes of the openings.
    assert_eq!(score.pairs.iter().sum::<usize>(), 3);
}

#[test]
fn games_in_parallel_are_the_games_played_one_after_another() {
    // Each game has its own players and its opening comes from the seed and the pair's
    // number, so running four at once changes only the order the games finish in.
    let mut config = MatchConfig::new(greedy(), PlayerSpec::Level(Level::Easy));
    config.games = 8;
    config.rows = 12;
    config.cols = 12;
    config.seed = 11;
    let (one_score, one) = collect(&config);
    config.concurrency = 4;
    let (four_score, mut four) = collect(&config);
    four.sort_by_key(|r| r.number);
    assert_eq!(one_score, four_score);
    for (a, b) in one.iter().zip(&four) {
        assert_eq!(a.number, b.number);
        assert_eq!(a.board.moves(), b.board.moves(), "game {}", a.number);
    }
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let mut config = MatchConfig::new(greedy(), greedy());
    config.games = 2;
    config.rows = 10;
    config.cols = 10;
    config.seed = 9;
    let (_, first) = collect(&config);
    let (_, second) = collect(&config);
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(a.board.moves(), b.board.moves());
    }
}

#[test]
fn a_match_against_the_pbrain_binary_as_an_external_engine() {
    let mut config = MatchConfig::new(greedy(), pbrain_greedy());
    config.games = 2;
    config.rows = 12;
    config.cols = 16;
    config.rule = Rule::Caro;
    config.time_ms = 500;
    config.tolerance_ms = 5_000;
    config.seed = 3;
    let (score, records) = collect(&config);
    assert_eq!(score.games(), 2);
    for record in &records {
        check_legal(record);
        // Both sides played real games: no faults, no early stop.
        assert!(
            record.reason == "five in a row" || record.reason == "full board",
            "{}",
            record.reason
        );
        assert!(record.board.stone_count() > 9);
    }
}

#[test]
fn two_external_engines_from_an_opening_on_an_empty_board() {
    let mut config = MatchConfig::new(pbrain_greedy(), pbrain_greedy());
    config.games = 2;
    config.rows = 15;
    config.cols = 15;
    config.opening_stones = 0;
    config.time_ms = 500;
    config.tolerance_ms = 5_000;
    let (score, records) = collect(&config);
    assert_eq!(score.games(), 2);
    for record in &records {
        check_legal(record);
        // BEGIN: the first engine opened in the centre (Greedy's choice on an empty board).
        assert_eq!(record.board.moves()[0], caro::caro::Pos::new(7, 7));
        assert!(record.reason == "five in a row" || record.reason == "full board");
    }
}

/// A fake brain written as a shell script, alone in a directory of its own (which
/// [`faulty_match`] removes).
#[cfg(unix)]
fn script_engine(name: &str, body: &str) -> PlayerSpec {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("caro-match-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    PlayerSpec::Engine {
        path,
        args: Vec::new(),
    }
}

/// The directory of a [`script_engine`], which the test removes when done.
#[cfg(unix)]
fn script_dir(engine: &PlayerSpec) -> PathBuf {
    let PlayerSpec::Engine { path, .. } = engine else {
        panic!("a script engine");
    };
    path.parent().unwrap().to_path_buf()
}

#[cfg(unix)]
fn faulty_match(engine: PlayerSpec) -> Vec<GameRecord> {
    let dir = script_dir(&engine);
    let mut config = MatchConfig::new(greedy(), engine);
    config.games = 2;
    config.time_ms = 100;
    config.tolerance_ms = 400;
    config.seed = 5;
    let (score, records) = collect(&config);
    std::fs::remove_dir_all(&dir).unwrap();
    // The faulty engine loses every game.
    assert_eq!(
        score.a_wins,
        2,
        "{:?}",
        records.iter().map(|r| &r.reason).collect::<Vec<_>>()
    );
    records
}

#[cfg(unix)]
#[test]
fn an_engine_playing_an_occupied_cell_loses() {
    let records = faulty_match(script_engine(
        "always-corner",
        r#"while read -r line; do
  case "$line" in
    START*|RECTSTART*) echo OK ;;
    BEGIN*|TURN*|DONE*) echo MESSAGE thinking; echo 0,0 ;;
    END*) exit 0 ;;
  esac
done"#,
    ));
    for record in &records {
        assert!(
            record.reason.contains("illegal move 0,0"),
            "{}",
            record.reason
        );
        check_legal(record);
    }
}

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_or_stalls_or_refuses_loses() {
    let crash = faulty_match(script_engine(
        "crash",
        r#"read -r line; echo OK; read -r line; exit 3"#,
    ));
    assert!(crash[0].reason.contains("exited") || crash[0].reason.contains("closed"));
    let stall = faulty_match(script_engine(
        "stall",
        r#"while read -r line; do case "$line" in START*) echo OK ;; esac; done"#,
    ));
    assert!(
        stall[0].reason.contains("no answer in time"),
        "{}",
        stall[0].reason
    );
    let refuse = faulty_match(script_engine("refuse", r#"read -r line; echo ERROR no"#));
    assert!(
        refuse[0].reason.contains("failed to start"),
        "{}",
        refuse[0].reason
    );
    let nonsense = faulty_match(script_engine(
        "nonsense",
        r#"while read -r line; do case "$line" in START*) echo OK ;; INFO*) ;; *) echo hello ;; esac; done"#,
    ));
    assert!(
        nonsense[0].reason.contains("expected a move"),
        "{}",
        nonsense[0].reason
    );
}

#[test]
fn elo_estimate_on_known_scores() {
    // 75% -> 400 log10(3) = +190.8 Elo.
    let e = elo_estimate(30, 10, 0).unwrap();
    assert!((e.elo - 190.85).abs() < 0.1, "{e:?}");
    assert!(e.margin > 100.0 && e.margin < 200.0, "{e:?}");
    let even = elo_estimate(10, 10, 5).unwrap();
    assert!(even.elo.abs() < 1e-9);
    let weaker = elo_estimate(10, 30, 0).unwrap();
    assert!((weaker.elo + 190.85).abs() < 0.1);
    assert!(elo_estimate(5, 0, 0).unwrap().elo.is_infinite());
}

#[test]
fn bad_configurations_are_refused() {
    let mut config = MatchConfig::new(greedy(), greedy());
    config.rows = 100;
    assert!(run_match(&config, &mut |_, _, _| {}).is_err());
    let mut config = MatchConfig::new(greedy(), greedy());
    config.games = 0;
    assert!(run_match(&config, &mut |_, _, _| {}).is_err());
    assert!(PlayerSpec::parse("no-such-level").is_err());
    let spec = PlayerSpec::parse(&format!(
        "{} --level greedy",
        env!("CARGO_BIN_EXE_pbrain-caro")
    ));
    assert_eq!(spec.unwrap(), pbrain_greedy());
}

#[cfg(unix)]
#[test]
fn under_a_match_clock_an_engine_hears_its_time_and_loses_when_it_runs_out() {
    // The script notes every line it gets beside itself and thinks 300 ms a move: within
    // its 1000 ms turn, not within the 100 ms its match clock holds for the whole game.
    let engine = script_engine(
        "slow-clock",
        r#"while read -r line; do
  echo "$line" >> "$(dirname "$0")/heard.txt"
  case "$line" in
    START*|RECTSTART*) echo OK ;;
    BEGIN*|TURN*|DONE*) sleep 0.3; echo 0,0 ;;
    END*) exit 0 ;;
  esac
done"#,
    );
    let dir = script_dir(&engine);
    let mut config = MatchConfig::new(greedy(), engine);
    config.games = 2;
    config.time_ms = 1_000;
    config.match_ms = Some(100);
    config.tolerance_ms = 100;
    config.seed = 5;
    let (score, records) = collect(&config);
    let heard = std::fs::read_to_string(dir.join("heard.txt")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(score.a_wins, 2);
    for record in &records {
        assert!(
            record
                .reason
                .contains("no answer in time (100 ms left of its match time)"),
            "{}",
            record.reason
        );
    }
    let lines: Vec<&str> = heard.lines().collect();
    assert!(lines.contains(&"INFO timeout_turn 1000"), "{heard}");
    assert!(lines.contains(&"INFO timeout_match 100"), "{heard}");
    // The time left comes just before the move's command.
    let told = lines
        .iter()
        .position(|l| *l == "INFO time_left 100")
        .unwrap_or_else(|| panic!("{heard}"));
    assert!(
        ["BEGIN", "TURN", "BOARD"]
            .iter()
            .any(|c| lines[told + 1].starts_with(c)),
        "{heard}"
    );
}

#[test]
fn master_plans_its_moves_within_a_match_clock() {
    // Two seconds for a whole game, one a move: Master must spread them and never lose on
    // time (the grace is a tenth of the clock).
    let mut config = MatchConfig::new(PlayerSpec::Level(Level::Master), greedy());
    config.games = 2;
    config.rule = Rule::Freestyle;
    config.time_ms = 1_000;
    config.match_ms = Some(2_000);
    config.tolerance_ms = 200;
    config.seed = 8;
    let (score, records) = collect(&config);
    for record in &records {
        assert!(!record.reason.contains("time"), "{}", record.reason);
        check_legal(record);
        let mine: u64 = record
            .times_ms
            .iter()
            .skip(usize::from(record.a_side != Side::First) ^ (record.opening.len() % 2))
            .step_by(2)
            .sum();
        assert!(mine <= 2_200, "Master thought {mine} ms in a game");
    }
    assert_eq!(score.a_wins, 2, "Master beats Greedy");
}

#[cfg(unix)]
#[test]
fn the_managers_wait_before_a_command_is_not_the_engines_time() {
    // The manager waits 10 ms after an engine's last line before its next command (Rapfi
    // drops a command that comes sooner). Greedy answers at once, so the wait falls on
    // nearly every move of an engine that answers at once too: it must not be counted.
    let engine = script_engine(
        "quick-row",
        r#"n=0
while read -r line; do
  case "$line" in
    START*|RECTSTART*) echo OK ;;
    BEGIN*|TURN*|DONE*) echo "$n,14"; n=$((n+1)) ;;
    END*) exit 0 ;;
  esac
done"#,
    );
    let dir = script_dir(&engine);
    let mut config = MatchConfig::new(greedy(), engine);
    config.games = 4;
    config.seed = 5;
    let (_, records) = collect(&config);
    std::fs::remove_dir_all(&dir).unwrap();
    let mut engine_times: Vec<u64> = Vec::new();
    for record in &records {
        // B, the engine, moves first after the opening when A's colour is not to move.
        let first_is_a = (record.opening.len() % 2 == 0) == (record.a_side == Side::First);
        engine_times.extend(
            record
                .times_ms
                .iter()
                .skip(usize::from(first_is_a))
                .step_by(2),
        );
    }
    assert!(engine_times.len() >= 8, "{engine_times:?}");
    let quick = engine_times.iter().filter(|&&ms| ms < 8).count();
    assert!(2 * quick > engine_times.len(), "{engine_times:?}");
}
