//! `caro selfplay` and `caro train` through the binary: repeatable games, and weights
//! fitted to them that change only the rules trained.

mod common;

use caro::caro::net::Net;
use caro::caro::selfplay::GameRecord;
use caro::caro::weights::Weights;
use caro::caro::Rule;
use common::{caro, scratch_dir};

fn games(args: &[&str]) -> Vec<String> {
    let (out, err, ok) = caro(args, "");
    assert!(ok, "{err}");
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

#[test]
fn selfplay_games_are_finished_repeatable_and_the_same_on_any_number_of_threads() {
    let args = [
        "selfplay",
        "--rule",
        "freestyle",
        "--size",
        "12",
        "--games",
        "4",
        "--nodes",
        "500",
        "--seed",
        "9",
    ];
    let one = games(&args);
    assert_eq!(one.len(), 4);
    for line in &one {
        let game = GameRecord::parse(line).unwrap();
        assert_eq!(game.board.rule(), Rule::Freestyle);
        assert_eq!((game.board.rows(), game.board.cols()), (12, 12));
        // Played to the end: a win is a five on the board, a draw a full board.
        assert!(game.board.is_over(), "{line}");
    }
    let mut threaded = args.to_vec();
    threaded.extend(["--threads", "3"]);
    assert_eq!(games(&threaded), one);
    let mut other_seed = args.to_vec();
    other_seed[10] = "10";
    assert_ne!(games(&other_seed), one);
}

#[test]
fn train_fits_the_rules_of_its_games_and_keeps_the_others() {
    let dir = scratch_dir("train");
    let games_file = dir.join("games.txt");
    // One game in twenty (chosen by a hash of its opening) is held out and the weights that
    // predict it best are kept: with twenty games that was one game, whose eleven positions
    // the first epochs could predict worse than the starting weights (then the fit rightly
    // keeps them, and this test failed after an engine change altered the games). Sixty
    // games hold out a few. One thread and the hand-set evaluation, so the games are the
    // same on every run and whatever weights ship. Whether some epoch predicts the few
    // held-out games better than the start is up to the games (from the shipped weights it
    // stopped being so once standard's combinations were refitted), so the test reads the
    // losses the fit prints: the training loss must fall, and the file must hold the start
    // (no correction) exactly when no epoch beat it on the held-out games.
    let (out, err, ok) = caro(
        &[
            "selfplay",
            "--rule",
            "standard",
            "--games",
            "60",
            "--nodes",
            "300",
            "--seed",
            "2",
            "--threads",
            "1",
            "--eval",
            "classic",
        ],
        "",
    );
    assert!(ok, "{err}");
    std::fs::write(&games_file, out).unwrap();
    let weights_file = dir.join("eval.bin");
    let (_, err, ok) = caro(
        &[
            "train",
            "--out",
            weights_file.to_str().unwrap(),
            "--epochs",
            "3",
            "--from-classic",
            games_file.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(err.contains("standard: 60 games"), "{err}");
    let fitted = Weights::from_bytes(&std::fs::read(&weights_file).unwrap()).unwrap();
    let shipped = Weights::shipped().unwrap();
    // "standard epoch N: loss T, held out H", epochs 0 (the start) to 3.
    let losses: Vec<(f64, f64)> = err
        .lines()
        .filter_map(|line| line.strip_prefix("standard epoch "))
        .map(|rest| {
            let numbers: Vec<f64> = rest
                .split([':', ',', ' '])
                .filter_map(|word| word.parse().ok())
                .collect();
            (numbers[1], numbers[2])
        })
        .collect();
    assert_eq!(losses.len(), 4, "{err}");
    assert!(losses[3].0 < losses[0].0, "the training loss falls: {err}");
    let improved = losses[1..].iter().any(|l| l.1 < losses[0].1);
    let standard = fitted.rule(Rule::Standard);
    assert_eq!(
        !standard.is_zero(),
        improved,
        "the best held-out epoch kept: {err}"
    );
    for rule in [Rule::Caro, Rule::Freestyle, Rule::Renju] {
        assert_eq!(fitted.rule(rule), shipped.rule(rule), "{rule:?} untouched");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_names_bad_lines_and_refuses_files_without_games() {
    let dir = scratch_dir("train-bad");
    let file = dir.join("junk.txt");
    std::fs::write(&file, "hello\nfreestyle 15x15 7,7 = Z\n").unwrap();
    let out_file = dir.join("eval.bin");
    let (_, err, ok) = caro(
        &[
            "train",
            "--out",
            out_file.to_str().unwrap(),
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok);
    assert!(err.contains("line 1:"), "{err}");
    assert!(err.contains("line 2: unknown result 'Z'"), "{err}");
    assert!(err.contains("no game could be read"), "{err}");
    assert!(!out_file.exists(), "nothing is written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Self-play games for the labelling tests, written to `dir/games.txt`: the hand-set
/// evaluation's, so that they do not change each time the shipped weights are fitted anew.
fn write_games(dir: &std::path::Path, rule: &str, count: &str) -> std::path::PathBuf {
    let (out, err, ok) = caro(
        &[
            "selfplay", "--rule", rule, "--size", "13", "--games", count, "--nodes", "400",
            "--seed", "5", "--eval", "classic",
        ],
        "",
    );
    assert!(ok, "{err}");
    let file = dir.join("games.txt");
    std::fs::write(&file, out).unwrap();
    file
}

#[test]
fn label_scores_the_quiet_positions_as_a_search_does_on_any_number_of_threads() {
    use caro::caro::selfplay::label_limits;
    use caro::caro::{Engine, EngineConfig, EvalChoice};
    let dir = scratch_dir("label");
    let games_file = write_games(&dir, "freestyle", "3");
    let games_text = std::fs::read_to_string(&games_file).unwrap();
    let args = [
        "label",
        "--nodes",
        "1500",
        "--skip",
        "4",
        "--eval",
        "classic",
        games_file.to_str().unwrap(),
    ];
    let one = games(&args);
    assert!(one.len() >= 6, "{one:?}");
    let mut threaded = args.to_vec();
    threaded.extend(["--threads", "2"]);
    assert_eq!(games(&threaded), one);
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 16,
        eval: EvalChoice::Classic,
    });
    for line in &one {
        let (record, score) = line.rsplit_once(' ').unwrap();
        let label = GameRecord::parse(record).unwrap();
        // The position is a prefix of one of the games, past the skipped moves, with the
        // game's result, and nobody has won yet.
        let (moves, result) = record.rsplit_once(" = ").unwrap();
        let game = games_text
            .lines()
            .find(|g| g.starts_with(&format!("{moves} ")))
            .unwrap_or_else(|| panic!("{line}: from no game"));
        assert!(game.ends_with(&format!(" = {result}")), "{line}");
        assert!(label.board.moves().len() >= 4, "{line}");
        assert!(!label.board.is_over(), "{line}");
        // Its score is what the same search says.
        engine.clear();
        let searched = engine.search(&label.board, &label_limits(1500), &mut |_| {});
        assert_eq!(score.parse::<i32>().unwrap(), searched.score, "{line}");
    }
    let mut sparser = args.to_vec();
    sparser.extend(["--every", "3"]);
    let third = games(&sparser);
    assert!(third.len() < one.len() && third.iter().all(|l| one.contains(l)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every quiet position of the games in `games_file` from the fifth move on, as the game up
/// to it (what `caro label` would label).
fn quiet_prefixes(games_file: &std::path::Path) -> Vec<GameRecord> {
    let mut prefixes = Vec::new();
    for line in std::fs::read_to_string(games_file).unwrap().lines() {
        let game = GameRecord::parse(line).unwrap();
        caro::caro::selfplay::visit_quiet_positions(&game, 4, &mut |_, ply| {
            prefixes.push(game.prefix(ply))
        });
    }
    prefixes
}

/// Whether combination `c` holds an open two or more in some direction.
fn holds_open_two(c: usize) -> bool {
    caro::caro::weights::tables().levels[c][3] >= caro::caro::patterns::F2
}

/// The combination holding an open two or more that `seen` (a count for each combination)
/// counts most often.
fn commonest_with_open_two(seen: &[u32]) -> usize {
    (0..seen.len())
        .filter(|&c| holds_open_two(c))
        .max_by_key(|&c| seen[c])
        .unwrap()
}

/// The combination `side` would make on each empty cell of `pos`, cell by cell.
fn cell_combos(pos: &caro::caro::position::Position, side: caro::game::Side) -> Vec<usize> {
    let cells = (0..pos.rows()).flat_map(|row| (0..pos.cols()).map(move |col| (row, col)));
    cells
        .map(|(row, col)| pos.index(caro::caro::Pos::new(row, col)))
        .filter(|&i| pos.is_empty(i))
        .map(|i| pos.combo(i, side))
        .collect()
}

/// A quiet position of the games for a network's fit: the game so far, the side to move,
/// its evaluation under the shipped weights with `rule`'s network left out, and the
/// combination the side to move would make on each empty cell.
type NetCase = (GameRecord, caro::game::Side, i32, Vec<usize>);

/// How many of `mine`'s cells make the combination `c`.
fn count(mine: &[usize], c: usize) -> usize {
    mine.iter().filter(|&&m| m == c).count()
}

/// The quiet positions of `games_file` as [`NetCase`]s, and the combination whose count
/// splits them most evenly into "at most one" and "two or more", among those with an open
/// two or more in some direction.
fn net_cases(games_file: &std::path::Path, rule: Rule) -> (Vec<NetCase>, usize) {
    use caro::caro::position::Position;
    use caro::caro::weights::COMBOS;
    let mut plain = Weights::shipped().unwrap().clone();
    plain.rule_mut(rule).set_net(None);
    let plain = plain.leak();
    let mut positions = Vec::new();
    let mut seen = vec![0u32; COMBOS];
    for prefix in quiet_prefixes(games_file) {
        let (board, me) = (&prefix.board, prefix.board.to_move());
        let pos = Position::with_weights(board, me, Some(plain.rule(rule)));
        let mine = cell_combos(&pos, me);
        for &c in &mine {
            seen[c] += 1;
        }
        let value = caro::caro::eval::evaluate(&pos);
        positions.push((prefix, me, value, mine));
    }
    let chosen = (0..COMBOS)
        .filter(|&c| holds_open_two(c))
        .filter(|&c| seen[c] > 0)
        .min_by_key(|&c| {
            let many = positions.iter().filter(|p| count(&p.3, c) >= 2).count();
            (many as i64 * 2 - positions.len() as i64).abs()
        })
        .unwrap();
    (positions, chosen)
}

/// Writes `labels` to `dir/labels.txt` and runs `caro train` with `flags` on them, writing
/// to `dir/<out>`: that path, what the command printed, and whether it succeeded.
fn run_train(
    dir: &std::path::Path,
    labels: &str,
    out: &str,
    flags: &[&str],
) -> (std::path::PathBuf, String, bool) {
    let labels_file = dir.join("labels.txt");
    std::fs::write(&labels_file, labels).unwrap();
    let out = dir.join(out);
    let mut args = vec!["train"];
    args.extend_from_slice(flags);
    args.extend_from_slice(&[
        "--out",
        out.to_str().unwrap(),
        labels_file.to_str().unwrap(),
    ]);
    let (_, err, ok) = caro(&args, "");
    (out, err, ok)
}

/// Fits `labels` for 150 epochs with `caro train` and `flags` into `dir/eval.bin`: the
/// weights read back, and what the command printed.
fn train_on_labels(dir: &std::path::Path, labels: &str, flags: &[&str]) -> (Weights, String) {
    let (weights_file, err, ok) = run_train(
        dir,
        labels,
        "eval.bin",
        &[flags, &["--epochs", "150"]].concat(),
    );
    assert!(ok, "{err}");
    let fitted = Weights::from_bytes(&std::fs::read(&weights_file).unwrap()).unwrap();
    (fitted, err)
}

/// What `rw`'s network adds to the evaluation of a [`NetCase`] (its `value` is the
/// evaluation without the network).
fn net_correction(rw: &'static caro::caro::weights::RuleWeights, case: &NetCase) -> i32 {
    use caro::caro::position::Position;
    let (prefix, me, value, _) = case;
    let pos = Position::with_weights(&prefix.board, *me, Some(rw));
    caro::caro::eval::evaluate(&pos) - value
}

fn mean(v: &[i32]) -> f64 {
    v.iter().sum::<i32>() as f64 / v.len().max(1) as f64
}

/// A network's fit for `rule` kept everything else: its linear values, and the other rules.
fn assert_only_the_network_changed(fitted: &Weights, shipped: &Weights, rule: Rule) {
    let (rw, before) = (fitted.rule(rule), shipped.rule(rule));
    assert_eq!(rw.pair(), before.pair());
    assert_eq!(rw.combo(), before.combo());
    assert_eq!(rw.threat(), before.threat());
    for other in Rule::ALL.into_iter().filter(|&r| r != rule) {
        assert_eq!(
            fitted.rule(other),
            shipped.rule(other),
            "{other:?} untouched"
        );
    }
}

#[test]
fn train_pairs_recovers_a_known_correction_and_keeps_the_other_rules() {
    use caro::caro::eval::PAIRS;
    use caro::caro::position::Position;
    use caro::caro::train::PairSample;
    // Labels made by a known model: the hand-set evaluation plus 25 points for the move.
    // The fit, started from no correction, must find the tempo's +25 and leave the pair
    // values about where they are. Eighty games, so that whole games are held out (one in
    // twenty, by a hash of the opening): of forty games none was, only a position or two of
    // fewer than six moves (hashed by the moves they have), and the fit kept an epoch that
    // one position happened to favour.
    let dir = scratch_dir("train-pairs");
    let games_file = write_games(&dir, "caro", "80");
    let mut labels = String::new();
    for prefix in quiet_prefixes(&games_file) {
        let pos = Position::with_weights(&prefix.board, prefix.board.to_move(), None);
        labels += &format!("{} {}\n", prefix.to_line(), pos.pair_value() + 25);
    }
    assert!(labels.lines().count() > 300, "{labels}");
    let (fitted, err) = train_on_labels(&dir, &labels, &["--pairs", "--from-classic"]);
    let pair = fitted.rule(Rule::Caro).pair();
    assert!(
        (pair[PAIRS - 1] - 25).abs() <= 3,
        "tempo {}: {err}",
        pair[PAIRS - 1]
    );
    let worst = pair[..PAIRS - 1].iter().map(|v| v.abs()).max().unwrap();
    assert!(worst <= 4, "pair corrections {pair:?}");
    let shipped = Weights::shipped().unwrap();
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert_eq!(fitted.rule(rule), shipped.rule(rule), "{rule:?} untouched");
    }
    let tempo = pair[PAIRS - 1];
    let first_file = dir.join("first.bin");
    std::fs::copy(dir.join("eval.bin"), &first_file).unwrap();
    // --keep-tempo, from that fit, on labels without its tempo that value the commonest
    // corrected pair 20 points more: the fit finds that pair's +20 (and moves the tempo
    // back to nothing), and the file keeps the tempo it started from.
    let mut positions = Vec::new();
    let mut seen = [0u32; PAIRS];
    for prefix in quiet_prefixes(&games_file) {
        let pos = Position::with_weights(&prefix.board, prefix.board.to_move(), None);
        let counts = PairSample::new(&pos, 0.5).counts;
        for &(index, n) in &counts {
            seen[index as usize] += n as u32;
        }
        positions.push((prefix.to_line(), pos.pair_value(), counts));
    }
    let common = (0..PAIRS - 1).max_by_key(|&i| seen[i]).unwrap();
    let mut labels = String::new();
    for (line, value, counts) in &positions {
        let n = counts
            .iter()
            .find(|c| c.0 as usize == common)
            .map_or(0.0, |c| c.1);
        labels += &format!("{line} {}\n", value + (20.0 * n) as i32);
    }
    let from = first_file.to_str().unwrap();
    let flags = ["--pairs", "--keep-tempo", "--from", from];
    let (fitted, err) = train_on_labels(&dir, &labels, &flags);
    let pair = fitted.rule(Rule::Caro).pair();
    assert_eq!(pair[PAIRS - 1], tempo, "the tempo kept: {err}");
    assert!((pair[common] - 20).abs() <= 3, "pair {common}: {pair:?}");
    let worst = (0..PAIRS - 1)
        .filter(|&i| i != common)
        .map(|i| pair[i].abs())
        .max()
        .unwrap();
    assert!(worst <= 4, "pair corrections {pair:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_combos_recovers_a_known_combination_value_and_keeps_the_rest() {
    use caro::caro::position::Position;
    use caro::caro::weights::COMBOS;
    use caro::game::Side;
    // Labels made by a known model: the shipped caro pair values plus 30 points for each
    // empty cell where the side to move's stone would make a chosen combination of levels,
    // less 30 for each such cell of the opponent's. Fitted from no combination value
    // (--from-classic: over the shipped pair values), the fit must find that combination's
    // +30 for both sides and leave the others near nothing, the pair values, the threat
    // values and the other rules as they were.
    let dir = scratch_dir("train-combos");
    let games_file = write_games(&dir, "caro", "80");
    let shipped = Weights::shipped().unwrap();
    let mut positions = Vec::new();
    let mut seen = vec![0u32; COMBOS];
    for prefix in quiet_prefixes(&games_file) {
        let (board, me) = (&prefix.board, prefix.board.to_move());
        let pos = Position::with_weights(board, me, Some(shipped.rule(Rule::Caro)));
        let combos = [Side::First, Side::Second].map(|side| cell_combos(&pos, side));
        for &c in combos.iter().flatten() {
            seen[c] += 1;
        }
        positions.push((prefix.to_line(), me, pos.pair_value(), combos));
    }
    let chosen = commonest_with_open_two(&seen);
    let mut labels = String::new();
    for (line, me, value, combos) in &positions {
        let n = |side: Side| {
            combos[side.index()]
                .iter()
                .filter(|&&c| c == chosen)
                .count() as i32
        };
        let score = value + 30 * (n(*me) - n(me.opponent()));
        labels += &format!("{line} {score}\n");
    }
    assert!(labels.lines().count() > 300, "{labels}");
    let (fitted, err) = train_on_labels(&dir, &labels, &["--combos", "--from-classic"]);
    let (rw, before) = (fitted.rule(Rule::Caro), shipped.rule(Rule::Caro));
    for side in 0..2 {
        let value = rw.combo()[side][chosen];
        assert!((value - 30).abs() <= 4, "side {side}: {value}; {err}");
        let worst = (0..COMBOS)
            .filter(|&c| c != chosen)
            .map(|c| rw.combo()[side][c].abs())
            .max()
            .unwrap();
        assert!(worst <= 6, "side {side}: another combination moved {worst}");
    }
    assert_eq!(rw.pair(), before.pair(), "the pair values kept");
    assert_eq!(rw.threat(), before.threat(), "the threat values kept");
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert_eq!(fitted.rule(rule), shipped.rule(rule), "{rule:?} untouched");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_pairs_and_combos_together_recover_a_known_pair_and_combination_value() {
    use caro::caro::eval::PAIRS;
    use caro::caro::position::Position;
    use caro::caro::train::PairSample;
    use caro::caro::weights::COMBOS;
    use caro::game::Side;
    // Labels made by a known model: the hand-set evaluation, plus 25 points for the move, 20
    // for each of the side to move's commonest corrected pair, and 30 for each empty cell
    // where the side to move's stone would make a chosen combination of levels, less 30 for
    // each such cell of the opponent's. Fitted together from nothing with --keep-tempo, both
    // values must be found (the tempo taking up the 25 while fitting), the rest left near
    // nothing, and the file must keep the tempo it started from and the threat values.
    let dir = scratch_dir("train-joint");
    let games_file = write_games(&dir, "caro", "80");
    let mut positions = Vec::new();
    let (mut pairs_seen, mut combos_seen) = ([0u32; PAIRS], vec![0u32; COMBOS]);
    for prefix in quiet_prefixes(&games_file) {
        let (board, me) = (&prefix.board, prefix.board.to_move());
        let pos = Position::with_weights(board, me, None);
        let pairs = PairSample::new(&pos, 0.5).counts;
        for &(index, n) in &pairs {
            pairs_seen[index as usize] += n as u32;
        }
        // Each empty cell's combination for the side to move, then for the opponent.
        let combos = [me, me.opponent()].map(|side| cell_combos(&pos, side));
        for &c in combos.iter().flatten() {
            combos_seen[c] += 1;
        }
        positions.push((prefix.to_line(), pos.pair_value(), pairs, combos));
    }
    let common = (0..PAIRS - 1).max_by_key(|&i| pairs_seen[i]).unwrap();
    let chosen = commonest_with_open_two(&combos_seen);
    let mut labels = String::new();
    for (line, value, pairs, combos) in &positions {
        let n_pair = pairs
            .iter()
            .find(|c| c.0 as usize == common)
            .map_or(0, |c| c.1 as i32);
        let n = |k: usize| combos[k].iter().filter(|&&c| c == chosen).count() as i32;
        let score = value + 25 + 20 * n_pair + 30 * (n(0) - n(1));
        labels += &format!("{line} {score}\n");
    }
    assert!(labels.lines().count() > 300, "{labels}");
    let flags = ["--pairs", "--combos", "--from-classic", "--keep-tempo"];
    let (fitted, err) = train_on_labels(&dir, &labels, &flags);
    let rw = fitted.rule(Rule::Caro);
    let pair = rw.pair();
    assert_eq!(pair[PAIRS - 1], 0, "the tempo kept: {err}");
    assert!(
        (pair[common] - 20).abs() <= 4,
        "pair {common}: {pair:?}; {err}"
    );
    let worst = (0..PAIRS - 1)
        .filter(|&i| i != common)
        .map(|i| pair[i].abs())
        .max()
        .unwrap();
    assert!(worst <= 6, "pair corrections {pair:?}");
    for side in [Side::First, Side::Second] {
        let value = rw.combo()[side.index()][chosen];
        assert!((value - 30).abs() <= 4, "{side:?}: {value}; {err}");
        let worst = (0..COMBOS)
            .filter(|&c| c != chosen)
            .map(|c| rw.combo()[side.index()][c].abs())
            .max()
            .unwrap();
        assert!(worst <= 6, "{side:?}: another combination moved {worst}");
    }
    let shipped = Weights::shipped().unwrap();
    assert_eq!(
        rw.threat(),
        shipped.rule(Rule::Caro).threat(),
        "the threat values kept"
    );
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert_eq!(fitted.rule(rule), shipped.rule(rule), "{rule:?} untouched");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_pairs_names_bad_label_lines() {
    let dir = scratch_dir("train-pairs-bad");
    let file = dir.join("labels.txt");
    std::fs::write(
        &file,
        "freestyle 15x15 7,7 7,8 = X\nfreestyle 15x15 7,7 7,8 = X 99999\nfreestyle 15x15 7,7 7,7 = X 5\n",
    )
    .unwrap();
    let out_file = dir.join("eval.bin");
    let (_, err, ok) = caro(
        &[
            "train",
            "--pairs",
            "--out",
            out_file.to_str().unwrap(),
            file.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok);
    assert!(err.contains("line 1: 'X' is not a score"), "{err}");
    assert!(
        err.contains("line 2: score 99999 is beyond a forced win"),
        "{err}"
    );
    assert!(err.contains("line 3: move 2 (7,7)"), "{err}");
    assert!(err.contains("no labelled position could be read"), "{err}");
    assert!(!out_file.exists(), "nothing is written");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn selfplay_leaves_are_positions_its_searches_reached_and_label_last_scores_the_quiet_ones() {
    use caro::caro::selfplay::label_limits;
    use caro::caro::{Engine, EngineConfig, EvalChoice};
    let dir = scratch_dir("leaves");
    let args = [
        "selfplay",
        "--rule",
        "freestyle",
        "--size",
        "13",
        "--games",
        "3",
        "--nodes",
        "600",
        "--seed",
        "5",
        "--eval",
        "classic",
    ];
    let games_lines = games(&args);
    let mut leaf_args = args.to_vec();
    leaf_args.push("--leaves");
    let leaves = games(&leaf_args);
    // One leaf a search at most, and most searches give one.
    let moves: usize = games_lines
        .iter()
        .map(|g| GameRecord::parse(g).unwrap().board.moves().len())
        .sum();
    assert!(
        leaves.len() <= moves && leaves.len() >= 10,
        "{}",
        leaves.len()
    );
    let mut threaded = leaf_args.clone();
    threaded.extend(["--threads", "2"]);
    assert_eq!(games(&threaded), leaves);
    let mut beyond = 0;
    for line in &leaves {
        let leaf = GameRecord::parse(line).unwrap();
        assert!(!leaf.board.is_over(), "{line}");
        // It starts as one of the games (at least its opening) with that game's result...
        let from = games_lines
            .iter()
            .map(|g| GameRecord::parse(g).unwrap())
            .find(|g| g.winner == leaf.winner && g.board.moves()[..2] == leaf.board.moves()[..2]);
        let game = from.unwrap_or_else(|| panic!("{line}: from no game"));
        // ... and usually goes where the game did not.
        if !game.board.moves().starts_with(leaf.board.moves()) {
            beyond += 1;
        }
    }
    assert!(2 * beyond > leaves.len(), "{beyond} of {}", leaves.len());

    // `label --last` scores the last position of each line when it is quiet. One more line
    // ends with X to move and an open three to make an open four of: not quiet.
    let open_three = "freestyle 13x13 6,3 0,0 6,4 0,2 6,5 0,4 = X";
    let file = dir.join("leaves.txt");
    std::fs::write(&file, format!("{}\n{open_three}\n", leaves.join("\n"))).unwrap();
    let label_args = ["label", "--last", "--nodes", "800", "--eval", "classic"];
    let mut label_args = label_args.to_vec();
    label_args.push(file.to_str().unwrap());
    let labelled = games(&label_args);
    assert!(labelled.len() >= leaves.len() / 2, "{}", labelled.len());
    assert!(labelled
        .iter()
        .all(|l| !l.starts_with(open_three.trim_end_matches(" = X"))));
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 16,
        eval: EvalChoice::Classic,
    });
    for line in &labelled {
        let (record, score) = line.rsplit_once(' ').unwrap();
        assert!(
            leaves.iter().any(|l| l == record),
            "{line}: not a whole line"
        );
        let leaf = GameRecord::parse(record).unwrap();
        engine.clear();
        let searched = engine.search(&leaf.board, &label_limits(800), &mut |_| {});
        assert_eq!(score.parse::<i32>().unwrap(), searched.score, "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_learns_a_threshold_a_sum_of_cell_values_cannot_and_keeps_the_rest() {
    // Labels made by a known model a sum of per-cell values cannot be: the shipped
    // freestyle evaluation, plus 300 points when the side to move has at least two empty
    // cells of a chosen combination (one cell alone is worth nothing). The network fitted
    // on top must find the step: its correction where the side to move has two or more
    // such cells must stand well above its correction where it has one.
    let dir = scratch_dir("train-net");
    let games_file = write_games(&dir, "freestyle", "80");
    let shipped = Weights::shipped().unwrap();
    let (positions, chosen) = net_cases(&games_file, Rule::Freestyle);
    let mut labels = String::new();
    for (prefix, _, value, mine) in &positions {
        let step = if count(mine, chosen) >= 2 { 300 } else { 0 };
        labels += &format!("{} {}\n", prefix.to_line(), value + step);
    }
    assert!(labels.lines().count() > 300, "{labels}");
    let (fitted, err) = train_on_labels(&dir, &labels, &["--net", "--seed", "3"]);
    let fitted = fitted.leak();
    let rw = fitted.rule(Rule::Freestyle);
    assert!(rw.net().is_some(), "{err}");
    // The corrections the network adds, by the count of the chosen combination.
    let (mut one, mut many) = (Vec::new(), Vec::new());
    for case in &positions {
        match count(&case.3, chosen) {
            0 => {}
            1 => one.push(net_correction(rw, case)),
            _ => many.push(net_correction(rw, case)),
        }
    }
    assert!(
        one.len() >= 20 && many.len() >= 20,
        "{} {}",
        one.len(),
        many.len()
    );
    assert!(
        mean(&many) - mean(&one) > 150.0,
        "two or more: {:.0}, one: {:.0}; {err}",
        mean(&many),
        mean(&one)
    );
    assert_only_the_network_changed(fitted, shipped, Rule::Freestyle);
    assert_held_out_losses_above_the_labels_entropy(&err, "freestyle");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The fit prints its held-out labels' own entropy (what a fit predicting every label
/// exactly would lose), and no epoch's held-out loss goes below it: a cross entropy is
/// never less than the entropy of its target.
fn assert_held_out_losses_above_the_labels_entropy(err: &str, rule: &str) {
    let floor: f64 = err
        .lines()
        .filter(|l| l.starts_with(&format!("{rule}: ")))
        .find_map(|l| {
            l.split_once("labels' own entropy ")?
                .1
                .split_once(':')?
                .0
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no entropy line in: {err}"));
    // The labels are search scores, neither all won nor all even.
    assert!(
        floor > 0.05 && floor < std::f64::consts::LN_2,
        "{floor}; {err}"
    );
    let losses: Vec<f64> = err
        .lines()
        .filter(|l| l.starts_with(&format!("{rule} epoch ")))
        .filter_map(|l| l.split_once("held out ")?.1.parse().ok())
        .collect();
    assert!(losses.len() >= 2, "{err}");
    for loss in losses {
        assert!(loss >= floor - 5e-6, "held out {loss} below {floor}; {err}");
    }
}

#[test]
fn train_net_by_colour_learns_what_only_one_colour_is_worth() {
    use caro::game::Side;
    // Labels made by a known model that tells the colours apart, as renju's rules do: the
    // shipped renju evaluation without its network, plus 300 points when the side to move
    // is X and has at least two empty cells of a chosen combination. With O to move the
    // same cells are worth nothing. A network with embeddings by colour must learn the step
    // for X and not for O; a colour-blind one tells them apart only through what goes with
    // the colour, which falls short of the bounds below.
    let dir = scratch_dir("train-colour");
    let games_file = write_games(&dir, "renju", "80");
    let shipped = Weights::shipped().unwrap();
    let (positions, chosen) = net_cases(&games_file, Rule::Renju);
    let mut labels = String::new();
    for (prefix, me, value, mine) in &positions {
        let step = if *me == Side::First && count(mine, chosen) >= 2 {
            300
        } else {
            0
        };
        labels += &format!("{} {}\n", prefix.to_line(), value + step);
    }
    let (fitted, err) = train_on_labels(&dir, &labels, &["--net", "--by-colour", "--seed", "3"]);
    let fitted = fitted.leak();
    let rw = fitted.rule(Rule::Renju);
    assert!(rw.net().is_some_and(|n| n.by_colour()), "{err}");
    // The corrections the network adds, by colour to move and the chosen combination's count.
    let mut by = [[Vec::new(), Vec::new()], [Vec::new(), Vec::new()]];
    for case in &positions {
        match count(&case.3, chosen) {
            0 => {}
            n => by[case.1.index()][usize::from(n >= 2)].push(net_correction(rw, case)),
        }
    }
    let step = |side: usize| mean(&by[side][1]) - mean(&by[side][0]);
    for side in &by {
        assert!(
            side[0].len() >= 10 && side[1].len() >= 10,
            "{} {}",
            side[0].len(),
            side[1].len()
        );
    }
    // (A colour-blind network, fitted the same way, made the steps 160 and 51.)
    assert!(step(0) > 220.0, "X's step {:.0}; {err}", step(0));
    assert!(step(1).abs() < 30.0, "O's step {:.0}; {err}", step(1));
    assert_only_the_network_changed(fitted, shipped, Rule::Renju);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Fits `labels` (written to `dir/labels.txt`) with `caro train --net` and `flags` into
/// `dir/<name>.bin`: the weights read back, the held-out loss at the start (epoch 0), and
/// what the command printed.
fn short_net_fit(
    dir: &std::path::Path,
    labels: &str,
    name: &str,
    flags: &[&str],
) -> (&'static Weights, f64, String) {
    let flags = [&["--net"], flags].concat();
    let (out, err, ok) = run_train(dir, labels, &format!("{name}.bin"), &flags);
    assert!(ok, "{err}");
    let start = err
        .lines()
        .find_map(|l| {
            l.split_once("epoch 0: ")?
                .1
                .split_once("held out ")?
                .1
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no epoch 0 in: {err}"));
    let fitted = Weights::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    (fitted.leak(), start, err)
}

#[test]
fn train_net_warm_starts_from_the_starting_network_and_keeps_what_it_knows() {
    // Labels made by the shipped freestyle network itself: its evaluation, network and
    // all. Started from that network (--warm), a short fit is already where it would go,
    // and its corrections stay those of the shipped network; started from random weights,
    // the same fit is far from them and starts from a worse held-out loss.
    let dir = scratch_dir("train-warm");
    let games_file = write_games(&dir, "freestyle", "60");
    let shipped = Weights::shipped().unwrap();
    let rw = shipped.rule(Rule::Freestyle);
    assert!(
        rw.net().is_some(),
        "the shipped freestyle weights have a network"
    );
    let (positions, _) = net_cases(&games_file, Rule::Freestyle);
    let mut labels = String::new();
    for case in &positions {
        labels += &format!(
            "{} {}\n",
            case.0.to_line(),
            case.2 + net_correction(rw, case)
        );
    }
    // The shipped freestyle network has a view and reads the lines' shapes, so both fits
    // have them (the cold one random ones).
    let shipped_net = rw.net().unwrap();
    assert!(shipped_net.conv().is_some() && shipped_net.keys().is_some());
    let flags = ["--view", "--shapes", "--epochs", "2", "--seed", "3"];
    let (cold, cold_start, _) = short_net_fit(&dir, &labels, "cold", &flags);
    let (warm, warm_start, err) =
        short_net_fit(&dir, &labels, "warm", &[&["--warm"], &flags[..]].concat());
    assert!(
        err.contains("starts from the starting weights' network"),
        "{err}"
    );
    assert!(warm_start < cold_start, "{warm_start} {cold_start}; {err}");
    // How far each fitted network's corrections lie from the shipped one's, on average.
    let off = |fitted: &'static Weights| {
        let d: Vec<i32> = positions
            .iter()
            .map(|case| {
                let f = net_correction(fitted.rule(Rule::Freestyle), case);
                (f - net_correction(rw, case)).abs()
            })
            .collect();
        mean(&d)
    };
    let (warm_off, cold_off) = (off(warm), off(cold));
    assert!(warm_off < 5.0, "warm: {warm_off:.1} points off; {err}");
    assert!(
        cold_off > 4.0 * warm_off.max(3.0),
        "cold: {cold_off:.1}, warm: {warm_off:.1}"
    );
    assert_only_the_network_changed(warm, shipped, Rule::Freestyle);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_warm_refuses_to_make_a_network_by_colour_colour_blind() {
    // The shipped renju network tells the colours apart: --warm without --by-colour
    // cannot start from it, and says so, writing nothing.
    assert!(Weights::shipped()
        .unwrap()
        .rule(Rule::Renju)
        .net()
        .is_some_and(|n| n.by_colour()));
    let dir = scratch_dir("train-warm-colour");
    let games_file = write_games(&dir, "renju", "10");
    let (positions, _) = net_cases(&games_file, Rule::Renju);
    let labels: String = positions
        .iter()
        .map(|case| format!("{} {}\n", case.0.to_line(), case.2))
        .collect();
    let (out, err, ok) = run_train(
        &dir,
        &labels,
        "out.bin",
        &["--net", "--warm", "--epochs", "1"],
    );
    assert!(!ok, "{err}");
    assert!(
        err.contains("renju") && err.contains("--by-colour"),
        "{err}"
    );
    assert!(!out.exists(), "nothing is written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Freestyle positions of 60 short self-play games written into `dir`, and labels for them
/// with the shipped network's corrections: something for a network to learn.
fn shipped_freestyle_labels(dir: &std::path::Path) -> (Vec<NetCase>, String) {
    let games_file = write_games(dir, "freestyle", "60");
    let (positions, _) = net_cases(&games_file, Rule::Freestyle);
    let shipped_rw = Weights::shipped().unwrap().rule(Rule::Freestyle);
    let labels: String = positions
        .iter()
        .map(|case| {
            let score = case.2 + net_correction(shipped_rw, case);
            format!("{} {score}\n", case.0.to_line())
        })
        .collect();
    (positions, labels)
}

/// What a fitted freestyle network reads beyond `without` (the same network with a part of
/// it left out) changes most positions' corrections.
fn assert_most_corrections_differ(fitted: &Weights, without: Net, positions: &[NetCase]) {
    let mut blind = fitted.rule(Rule::Freestyle).clone();
    blind.set_net(Some(without));
    let blind: &'static _ = Box::leak(Box::new(blind));
    let full: &'static _ = Box::leak(Box::new(fitted.rule(Rule::Freestyle).clone()));
    let differs = positions
        .iter()
        .filter(|case| net_correction(full, case) != net_correction(blind, case))
        .count();
    assert!(
        differs * 2 > positions.len(),
        "{differs} of {}",
        positions.len()
    );
}

/// A warm fit from the network in `from` fails with `without` (flags lacking a part it
/// has), naming `flag` and writing nothing, and succeeds with `with`.
fn assert_warm_start_needs(
    dir: &std::path::Path,
    labels: &str,
    from: &std::path::Path,
    (without, with): (&[&str], &[&str]),
    flag: &str,
) {
    let from = from.to_str().unwrap();
    let warm = ["--warm", "--from", from, "--epochs", "1"];
    let (again, err, ok) = run_train(dir, labels, "again.bin", &[without, &warm].concat());
    assert!(!ok, "{err}");
    assert!(err.contains(flag), "{err}");
    assert!(!again.exists(), "nothing is written");
    let (_, err, ok) = run_train(dir, labels, "again.bin", &[with, &warm].concat());
    assert!(ok, "{err}");
    assert!(
        err.contains("starts from the starting weights' network"),
        "{err}"
    );
}

#[test]
fn train_net_view_writes_a_network_with_a_view_that_a_fit_without_one_cannot_start_from() {
    let dir = scratch_dir("train-view");
    let (positions, labels) = shipped_freestyle_labels(&dir);
    let (fitted, err) = train_on_labels(&dir, &labels, &["--net", "--view"]);
    let shipped = Weights::shipped().unwrap();
    let net = fitted.rule(Rule::Freestyle).net().unwrap();
    assert!(net.conv().is_some(), "{err}");
    assert_only_the_network_changed(&fitted, shipped, Rule::Freestyle);
    // The kernel was fitted tied by the square's symmetries (a board turned or mirrored is
    // judged the same): its four corners alike, its four edges alike, in every channel.
    let conv = net.conv().unwrap();
    for ch in 0..caro::caro::net::CHANNELS {
        let k: Vec<i16> = (0..caro::caro::net::TAPS)
            .map(|t| conv.kernel(ch, t))
            .collect();
        let alike = |taps: [usize; 4]| taps.iter().all(|&t| k[t] == k[taps[0]]);
        assert!(
            alike([0, 2, 6, 8]) && alike([1, 3, 5, 7]),
            "channel {ch}: {k:?}"
        );
    }
    // The view is read: most positions' corrections differ from the same network's
    // without it.
    assert_most_corrections_differ(&fitted, net.clone().with_conv(None), &positions);
    // A fit without --view cannot start from it, and says so, writing nothing; with
    // --view it can.
    let flags: (&[&str], &[&str]) = (&["--net"], &["--net", "--view"]);
    assert_warm_start_needs(&dir, &labels, &dir.join("eval.bin"), flags, "--view");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_net_shapes_writes_a_network_that_reads_the_lines_shapes() {
    let dir = scratch_dir("train-shapes");
    let (positions, labels) = shipped_freestyle_labels(&dir);
    // Shapes only with a view.
    let (out, err, ok) = run_train(
        &dir,
        &labels,
        "shapes.bin",
        &["--net", "--shapes", "--epochs", "1"],
    );
    assert!(!ok && err.contains("--view"), "{err}");
    assert!(!out.exists(), "nothing is written");
    let (out, err, ok) = run_train(
        &dir,
        &labels,
        "shapes.bin",
        &["--net", "--view", "--shapes", "--epochs", "60"],
    );
    assert!(ok, "{err}");
    assert_held_out_losses_above_the_labels_entropy(&err, "freestyle");
    let fitted = Weights::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    let shipped = Weights::shipped().unwrap();
    let net = fitted.rule(Rule::Freestyle).net().unwrap();
    assert!(net.conv().is_some() && net.keys().is_some(), "{err}");
    assert_only_the_network_changed(&fitted, shipped, Rule::Freestyle);
    // The shapes are read: most positions' corrections differ from the same network's
    // without them.
    assert_most_corrections_differ(&fitted, net.clone().with_keys(None), &positions);
    // A fit without --shapes cannot start from it, and says so, writing nothing; with
    // --shapes it can.
    let flags: (&[&str], &[&str]) = (&["--net", "--view"], &["--net", "--view", "--shapes"]);
    assert_warm_start_needs(&dir, &labels, &out, flags, "--shapes");
    std::fs::remove_dir_all(&dir).unwrap();
}
