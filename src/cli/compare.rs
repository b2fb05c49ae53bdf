//! `caro compare`: two `caro match` runs on the same openings, compared opening by opening.
//!
//! With an openings file each opening is played twice, once with each colour for A, as
//! games 2k-1 and 2k. Two runs with the same seed and openings give their A the same
//! openings with the same colours, so their pairs of games can be set side by side: the
//! difference of A's points on each pair (from -2 to +2) has far less noise than the
//! difference of the two runs' totals, as an opening that one side wins whoever plays it
//! counts the same in both.

use super::lines::{clip, read_text};
use crate::game::InputError;
use clap::Args;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const COMPARE_HELP: &str = "\
Compares two runs of `caro match` on the same openings, opening by opening. Each run is the
text `caro match` printed (its standard output saved to a file). Games 2k-1 and 2k are one
opening played with each colour, so both runs' A played the same openings with the same
colours when the runs share their seed, rule, board and openings; the command checks that
from each run's first line. For every pair of games both runs finished it takes A's points
in the first run less A's points in the second (from -2 to +2), and prints their mean, its
standard deviation and z (the mean over its standard error), and A's points in both runs with
X and with O. More runs come as more pairs of files (NEW BASE NEW BASE ...): their pairs are
pooled.";

/// `caro compare`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Compare two `caro match` runs on the same openings, opening by opening",
    long_about = COMPARE_HELP
)]
pub struct CompareArgs {
    /// The runs' outputs, in pairs: the run to judge, then the run it is set against
    #[arg(value_name = "NEW BASE", num_args = 2.., required = true)]
    pub runs: Vec<PathBuf>,
}

/// One `caro match` run as its output tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// What must agree for two runs to have played the same openings: seed, rule, board
    /// and openings, from the first line.
    pub setting: String,
    /// A's name, from the first line.
    pub a: String,
    /// A's points in each finished game, by game number.
    pub points: BTreeMap<usize, f64>,
    /// The games, by number, where A played X (the first player).
    pub a_as_x: BTreeMap<usize, bool>,
}

/// Reads the output of one `caro match` run.
pub fn parse_run(text: &str) -> Result<Run, String> {
    let header = text
        .lines()
        .find(|l| l.starts_with("match: "))
        .ok_or("no 'match: ' line: not the output of caro match")?;
    let setting = setting_of(header).ok_or_else(|| {
        format!(
            "its first line does not read as caro match's: '{}'",
            clip(header)
        )
    })?;
    let a = header
        .strip_prefix("match: A=")
        .and_then(|h| h.split(" vs B=").next())
        .unwrap_or_default()
        .to_string();
    let mut points = BTreeMap::new();
    let mut a_as_x = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if !line.starts_with("game ") {
            continue;
        }
        let (number, p, x) = game_points(line)
            .ok_or_else(|| format!("line {}: not a game line: '{}'", n + 1, clip(line)))?;
        if points.insert(number, p).is_some() {
            return Err(format!("line {}: game {number} a second time", n + 1));
        }
        a_as_x.insert(number, x);
    }
    if points.is_empty() {
        return Err("no finished game in it".to_string());
    }
    Ok(Run {
        setting,
        a,
        points,
        a_as_x,
    })
}

/// The seed, rule, board and openings of a `match: ` line.
fn setting_of(header: &str) -> Option<String> {
    let rule = header.find(", rule ")?;
    let seed_at = header.find(", seed ")?;
    let seed: String = header[seed_at + ", seed ".len()..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    if seed.is_empty() {
        return None;
    }
    // "rule R, RxC, TIMES, OPENINGS, seed S": the rule and board, then the openings (the
    // last field before the seed; only the file's name, as runs may read it from
    // different places).
    let fields: Vec<&str> = header.get(rule + 2..seed_at)?.split(", ").collect();
    if fields.len() < 3 {
        return None;
    }
    let openings = fields[fields.len() - 1];
    let openings = match openings.split_once(" from ") {
        Some((count, path)) => format!(
            "{count} from {}",
            Path::new(path)
                .file_name()
                .map_or(path.into(), |f| f.to_string_lossy())
        ),
        None => openings.to_string(),
    };
    Some(format!(
        "{}, {}, {openings}, seed {seed}",
        fields[0], fields[1]
    ))
}

/// A game line's number, A's points in it, and whether A played X.
fn game_points(line: &str) -> Option<(usize, f64, bool)> {
    let rest = line.strip_prefix("game ")?;
    let (number, rest) = rest.split_once('/')?;
    let number: usize = number.parse().ok()?;
    let rest = &rest[rest.find(": X=")? + 2..];
    let a_is_x = rest.starts_with("X=A:");
    if !a_is_x && !rest.starts_with("X=B:") {
        return None;
    }
    // The result follows the players: "X (..) wins", "O (..) wins" or "draw".
    let o = rest.find(" O=")?;
    let rest = &rest[o..];
    let at = [": X (", ": O (", ": draw, "]
        .iter()
        .filter_map(|p| rest.find(p).map(|i| (i, *p)))
        .min()?;
    let points = match at.1 {
        ": draw, " => 0.5,
        p => {
            let x_won = p == ": X (";
            if x_won == a_is_x {
                1.0
            } else {
                0.0
            }
        }
    };
    Some((number, points, a_is_x))
}

/// The comparison of runs, pair of games by pair of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Pairs both runs of a couple finished, over all couples.
    pub pairs: usize,
    /// A's points on those pairs in the new runs and in the base runs.
    pub new_points: f64,
    pub base_points: f64,
    /// Pairs where the new run's A scored more, the same, less.
    pub better: usize,
    pub same: usize,
    pub worse: usize,
    /// Mean difference a pair, its standard deviation, and z (the mean over its
    /// standard error; 0 when every difference is the same).
    pub mean: f64,
    pub sd: f64,
    pub z: f64,
    /// A's points on those pairs' games by A's colour, X then O: in the new runs, in the
    /// base runs, and the games.
    pub by_colour: [(f64, f64, usize); 2],
}

/// Compares each new run with its base, pooling the pairs.
pub fn compare(couples: &[(Run, Run)]) -> Result<Comparison, String> {
    let mut diffs = Vec::new();
    let (mut new_points, mut base_points) = (0.0, 0.0);
    let mut by_colour = [(0.0, 0.0, 0); 2];
    for (k, (new, base)) in couples.iter().enumerate() {
        if new.setting != base.setting {
            return Err(format!(
                "runs {} and {} did not play the same openings: '{}' against '{}'",
                2 * k + 1,
                2 * k + 2,
                new.setting,
                base.setting
            ));
        }
        let last = new.points.keys().chain(base.points.keys()).max().copied();
        for pair in 1..=last.unwrap_or(0).div_ceil(2) {
            let games = [2 * pair - 1, 2 * pair];
            let points = |run: &Run| -> Option<f64> {
                Some(run.points.get(&games[0])? + run.points.get(&games[1])?)
            };
            if let (Some(n), Some(b)) = (points(new), points(base)) {
                diffs.push(n - b);
                new_points += n;
                base_points += b;
                for g in games {
                    // Both runs' A had the same colour in game g (the same openings); a
                    // game with points has its colour (parse_run records both).
                    let colour = usize::from(!new.a_as_x[&g]);
                    let c = &mut by_colour[colour];
                    c.0 += new.points[&g];
                    c.1 += base.points[&g];
                    c.2 += 1;
                }
            }
        }
    }
    let pairs = diffs.len();
    if pairs == 0 {
        return Err("no pair of games that both runs finished".to_string());
    }
    let mean = diffs.iter().sum::<f64>() / pairs as f64;
    let sd = if pairs > 1 {
        (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (pairs - 1) as f64).sqrt()
    } else {
        0.0
    };
    let z = if sd > 0.0 {
        mean / (sd / (pairs as f64).sqrt())
    } else {
        0.0
    };
    Ok(Comparison {
        pairs,
        new_points,
        base_points,
        better: diffs.iter().filter(|&&d| d > 0.0).count(),
        same: diffs.iter().filter(|&&d| d == 0.0).count(),
        worse: diffs.iter().filter(|&&d| d < 0.0).count(),
        mean,
        sd,
        z,
        by_colour,
    })
}

pub fn run_compare(args: &CompareArgs) -> Result<(), InputError> {
    if args.runs.len() % 2 != 0 {
        return Err(InputError::new(format!(
            "runs come in pairs (NEW BASE ...); {} given",
            args.runs.len()
        )));
    }
    let mut runs = Vec::new();
    for path in &args.runs {
        let text = read_text(path)?;
        runs.push(
            parse_run(&text).map_err(|e| InputError::new(format!("{}: {e}", path.display())))?,
        );
    }
    let couples: Vec<(Run, Run)> = runs
        .chunks(2)
        .map(|c| (c[0].clone(), c[1].clone()))
        .collect();
    let c = compare(&couples).map_err(InputError::new)?;
    for (new, base) in &couples {
        println!("{}: A={} against A={}", new.setting, new.a, base.a);
    }
    println!(
        "pairs of games: {} (A's points: {} in the new runs, {} in the base runs, of {})",
        c.pairs,
        c.new_points,
        c.base_points,
        2 * c.pairs
    );
    println!(
        "pairs where the new A scored more: {}, the same: {}, less: {}",
        c.better, c.same, c.worse
    );
    let [x, o] = c.by_colour;
    println!(
        "A's points as X: {} in the new runs, {} in the base runs, of {}; as O: {}, {}, of {}",
        x.0, x.1, x.2, o.0, o.1, o.2
    );
    println!(
        "difference a pair of games: {:+.3} (sd {:.3}, z {:+.2})",
        c.mean, c.sd, c.z
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(seed: u64) -> String {
        format!(
            "match: A=new vs B=rapfi, 6 games, rule freestyle, 15x15, 500 ms a move, \
             3 openings from /some/where/openings.txt, seed {seed}, 2 at once\n"
        )
    }

    /// A log with A's results given as 'W', 'L' or 'D' for games 1, 2, ... (A is X in odd
    /// games), printed out of order as concurrent games finish.
    fn log(seed: u64, results: &str) -> String {
        let mut text = header(seed);
        let games: Vec<(usize, char)> = results.chars().enumerate().collect();
        for &(i, r) in games.iter().rev() {
            let n = i + 1;
            let (x, o) = if n % 2 == 1 {
                ("A:new", "B:rapfi")
            } else {
                ("B:rapfi", "A:new")
            };
            let a_is_x = n % 2 == 1;
            let result = match (r, a_is_x) {
                ('D', _) => "draw".to_string(),
                ('W', true) | ('L', false) => format!("X ({x}) wins"),
                _ => format!("O ({o}) wins"),
            };
            text.push_str(&format!(
                "game {n}/6: X={x} O={o}: {result}, five in a row after 9 moves; freestyle 15x15 7,7\n"
            ));
            text.push_str(&format!("  score A-B-draws: 0-0-{n}\n{n}/6 games\n"));
        }
        text
    }

    #[test]
    fn a_run_reads_as_points_by_game() {
        let run = parse_run(&log(7, "WLDW")).unwrap();
        assert_eq!(run.a, "new");
        assert_eq!(
            run.setting,
            "rule freestyle, 15x15, 3 openings from openings.txt, seed 7"
        );
        let points: Vec<(usize, f64)> = run.points.into_iter().collect();
        assert_eq!(points, vec![(1, 1.0), (2, 0.0), (3, 0.5), (4, 1.0)]);
    }

    #[test]
    fn pairs_are_compared_opening_by_opening() {
        // New: pairs 1+0, 1/2+1, 1+1 = 1, 1.5, 2. Base: 0+0, 1+1, 1+0 = 0, 2, 1.
        let new = parse_run(&log(7, "WLDWWW")).unwrap();
        let base = parse_run(&log(7, "LLWWWL")).unwrap();
        let c = compare(&[(new, base)]).unwrap();
        assert_eq!(c.pairs, 3);
        assert_eq!((c.new_points, c.base_points), (4.5, 3.0));
        assert_eq!((c.better, c.same, c.worse), (2, 0, 1));
        // Differences +1, -0.5, +1: mean 0.5, variance (0.25 + 1 + 0.25) / 2 = 0.75.
        assert!((c.mean - 0.5).abs() < 1e-12);
        assert!((c.sd - 0.75f64.sqrt()).abs() < 1e-12);
        assert!((c.z - 0.5 / (0.75f64.sqrt() / 3f64.sqrt())).abs() < 1e-12);
        // A is X in the odd games: new W, D, W against base L, W, W; as O L, W, W against
        // L, W, L.
        assert_eq!(c.by_colour, [(2.5, 2.0, 3), (2.0, 1.0, 3)]);
    }

    #[test]
    fn a_pair_one_run_did_not_finish_is_left_out() {
        let new = parse_run(&log(7, "WLDWW")).unwrap();
        let base = parse_run(&log(7, "LLWWWL")).unwrap();
        let c = compare(&[(new, base)]).unwrap();
        assert_eq!(c.pairs, 2);
        assert_eq!((c.new_points, c.base_points), (2.5, 2.0));
    }

    #[test]
    fn runs_on_other_openings_are_refused() {
        let new = parse_run(&log(7, "WL")).unwrap();
        let base = parse_run(&log(8, "WL")).unwrap();
        let e = compare(&[(new, base)]).unwrap_err();
        assert!(e.contains("did not play the same openings"), "{e}");
    }

    #[test]
    fn text_that_is_not_a_match_run_is_refused() {
        assert!(parse_run("hello\n")
            .unwrap_err()
            .contains("no 'match: ' line"));
        assert!(parse_run(&header(3))
            .unwrap_err()
            .contains("no finished game"));
        let bad = format!("{}game 1/6: X=C:what O=B:x: draw, y\n", header(3));
        assert!(parse_run(&bad)
            .unwrap_err()
            .contains("line 2: not a game line"));
        let twice = log(3, "W") + log(3, "W").lines().nth(1).unwrap();
        assert!(parse_run(&twice)
            .unwrap_err()
            .contains("game 1 a second time"));
        assert!(parse_run("match: A=x vs B=y, nothing else\n")
            .unwrap_err()
            .contains("does not read as caro match's"));
    }
}
