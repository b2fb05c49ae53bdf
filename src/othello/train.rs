//! Fitting the evaluation's weights to labelled positions (least squares).
//!
//! Each position gives its pattern indices, mobilities and parity (see
//! [`super::weights`]); the model is the sum of their weights, fitted phase by phase to the
//! positions' final scores. The fit is the conjugate gradient method on the normal
//! equations with a ridge term, preconditioned by each weight's number of occurrences;
//! the held-out positions decide when to stop.

use super::board::legal_moves;
use super::patterns::{features, PLACEMENTS};
use super::weights::{packed_layout, packing, phase, Layout, MOBILITY_MAX, PHASES};

/// A position as the model sees it: packed indices within each family's table.
#[derive(Clone, Copy)]
pub struct Sample {
    pub indices: [u16; PLACEMENTS],
    pub mobility: u8,
    pub opponent_mobility: u8,
    pub empties: u8,
    /// The label: the final disc difference for the side to move (exact, or as a game or
    /// a search predicts it).
    pub target: f32,
}

impl Sample {
    pub fn new(player: u64, opponent: u64, target: f64) -> Sample {
        let mut full = [0u16; PLACEMENTS];
        features(player, opponent, &mut full);
        let packing = packing();
        let mut indices = [0u16; PLACEMENTS];
        let mut k = 0;
        for (f, family) in super::patterns::FAMILIES.iter().enumerate() {
            for _ in 0..family.placements {
                indices[k] = packing[f][full[k] as usize] as u16;
                k += 1;
            }
        }
        let cap = |n: u32| (n as usize).min(MOBILITY_MAX) as u8;
        Sample {
            indices,
            mobility: cap(legal_moves(player, opponent).count_ones()),
            opponent_mobility: cap(legal_moves(opponent, player).count_ones()),
            empties: (!(player | opponent)).count_ones() as u8,
            target: target.clamp(-64.0, 64.0) as f32,
        }
    }

    /// The weights this sample uses, in a phase's packed layout.
    #[inline]
    fn weights(&self, layout: &Layout) -> Row {
        let mut out = [0; PLACEMENTS + 3];
        for (k, slot) in out.iter_mut().take(PLACEMENTS).enumerate() {
            *slot = (layout.placement[k] + self.indices[k] as usize) as u32;
        }
        out[PLACEMENTS] = (layout.mobility + self.mobility as usize) as u32;
        out[PLACEMENTS + 1] = (layout.opponent_mobility + self.opponent_mobility as usize) as u32;
        out[PLACEMENTS + 2] = (layout.parity + (self.empties & 1) as usize) as u32;
        out
    }
}

/// The weights a sample uses.
type Row = [u32; PLACEMENTS + 3];

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// The ridge term: pulls weights seen rarely towards zero.
    pub ridge: f64,
    /// Most conjugate gradient steps a phase.
    pub iterations: usize,
    /// A phase also learns from positions this many empties beyond its own range.
    pub overlap: u32,
    /// Scale each weight's step by its number of occurrences (Jacobi preconditioning).
    pub precondition: bool,
}

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            ridge: 2.0,
            iterations: 150,
            overlap: 2,
            precondition: true,
        }
    }
}

/// How one phase's fit went.
#[derive(Clone, Debug)]
pub struct PhaseReport {
    pub phase: usize,
    pub train_samples: usize,
    pub test_samples: usize,
    /// Root mean square errors in discs, on the phase's own training and held-out positions.
    pub train_rmse: f64,
    pub test_rmse: f64,
    pub iterations: usize,
}

/// The empties of the positions a phase is fitted on.
fn phase_window(p: usize, overlap: u32) -> (u32, u32) {
    let lo = (4 * p as u32).saturating_sub(overlap);
    let hi = if p == PHASES - 1 {
        64
    } else {
        4 * p as u32 + 3 + overlap
    };
    (lo, hi)
}

fn predict(x: &[f64], row: &Row) -> f64 {
    row.iter().map(|&i| x[i as usize]).sum()
}

fn rmse(x: &[f64], layout: &Layout, samples: &[&Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = s.target as f64 - predict(x, &s.weights(layout));
            e * e
        })
        .sum();
    (sum / samples.len() as f64).sqrt()
}

/// Fits every phase; returns the packed weights of all phases in hundredths of a disc, and
/// a report a phase. `report` is called as each phase is done.
pub fn fit(
    train: &[Sample],
    test: &[Sample],
    config: FitConfig,
    report: &mut dyn FnMut(&PhaseReport),
) -> Vec<i16> {
    let layout = packed_layout();
    let n = layout.size;
    let mut all = vec![0i16; PHASES * n];
    let mut warm = vec![0f64; n];
    for p in 0..PHASES {
        let (lo, hi) = phase_window(p, config.overlap);
        let window: Vec<&Sample> = train
            .iter()
            .filter(|s| (lo..=hi).contains(&(s.empties as u32)))
            .collect();
        let own = |s: &&Sample| phase(s.empties as u32) == p;
        let own_train: Vec<&Sample> = window.iter().copied().filter(own).collect();
        let own_test: Vec<&Sample> = test.iter().filter(own).collect();
        let (x, iterations) = fit_phase(&window, &own_test, layout, config, &warm);
        let r = PhaseReport {
            phase: p,
            train_samples: own_train.len(),
            test_samples: own_test.len(),
            train_rmse: rmse(&x, layout, &own_train),
            test_rmse: rmse(&x, layout, &own_test),
            iterations,
        };
        report(&r);
        for (i, &w) in x.iter().enumerate() {
            all[p * n + i] = (w * 100.0).round().clamp(-32000.0, 32000.0) as i16;
        }
        warm = x;
    }
    all
}

/// Preconditioned conjugate gradient on (A'A + ridge I) x = A'y; keeps the iterate with
/// the lowest error on `test` (or the last, without test positions).
fn fit_phase(
    samples: &[&Sample],
    test: &[&Sample],
    layout: &Layout,
    config: FitConfig,
    warm: &[f64],
) -> (Vec<f64>, usize) {
    let n = layout.size;
    let mut x = warm.to_vec();
    if samples.is_empty() {
        return (x, 0);
    }
    let rows: Vec<Row> = samples.iter().map(|s| s.weights(layout)).collect();
    let mut diag = vec![config.ridge; n];
    for row in &rows {
        for &i in row {
            diag[i as usize] += 1.0;
        }
    }
    // r = A'y - (A'A + ridge) x
    let apply = |v: &[f64]| -> Vec<f64> {
        let mut out: Vec<f64> = v.iter().map(|&vi| config.ridge * vi).collect();
        for row in &rows {
            let u = predict(v, row);
            for &i in row {
                out[i as usize] += u;
            }
        }
        out
    };
    let mut r = vec![0f64; n];
    for (row, s) in rows.iter().zip(samples) {
        for &i in row {
            r[i as usize] += s.target as f64;
        }
    }
    let ax = apply(&x);
    for i in 0..n {
        r[i] -= ax[i];
    }
    if !config.precondition {
        diag.fill(1.0);
    }
    let mut z: Vec<f64> = (0..n).map(|i| r[i] / diag[i]).collect();
    let mut d = z.clone();
    let mut rz: f64 = (0..n).map(|i| r[i] * z[i]).sum();
    let mut best = (f64::INFINITY, x.clone(), 0);
    let mut since_best = 0;
    for it in 1..=config.iterations {
        let q = apply(&d);
        let dq: f64 = (0..n).map(|i| d[i] * q[i]).sum();
        if dq <= 0.0 {
            break;
        }
        let alpha = rz / dq;
        for i in 0..n {
            x[i] += alpha * d[i];
            r[i] -= alpha * q[i];
        }
        for i in 0..n {
            z[i] = r[i] / diag[i];
        }
        let rz_next: f64 = (0..n).map(|i| r[i] * z[i]).sum();
        let beta = rz_next / rz;
        rz = rz_next;
        for i in 0..n {
            d[i] = z[i] + beta * d[i];
        }
        if test.is_empty() {
            best = (0.0, x.clone(), it);
            continue;
        }
        let e = rmse(&x, layout, test);
        if e < best.0 {
            best = (e, x.clone(), it);
            since_best = 0;
        } else {
            since_best += 1;
            if since_best >= 10 {
                break;
            }
        }
        if rz <= 1e-12 {
            break;
        }
    }
    (best.1, best.2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::board::{flips, Squares};

    #[test]
    fn fitting_recovers_a_rule_the_samples_follow() {
        // Label random positions by a rule the model can express exactly: two discs for
        // each disc of the side to move on the short diagonals (a5-d8 and its images), minus
        // two for each of the opponent's, plus the difference in mobility. The fit must
        // follow it on the positions it saw and cut the error well down on the others (a few
        // thousand positions are too few for the large patterns to generalise fully).
        let mut next = crate::othello::xorshift(0x1234_5678);
        let diagonals = [32, 41, 50, 59, 4, 13, 22, 31, 24, 17, 10, 3, 60, 53, 46, 39]
            .iter()
            .fold(0u64, |m, &sq| m | 1 << sq);
        let mut samples = Vec::new();
        for _ in 0..8000 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let plies = 20 + next() % 30;
            for _ in 0..plies {
                let moves = legal_moves(p, o);
                if moves == 0 {
                    std::mem::swap(&mut p, &mut o);
                    continue;
                }
                let k = (next() % moves.count_ones() as u64) as usize;
                let sq = Squares(moves).nth(k).unwrap().index();
                let f = flips(p, o, sq);
                (p, o) = (o & !f, p | f | 1 << sq);
            }
            let count = |x: u64| x.count_ones() as i32;
            let target = 2 * (count(p & diagonals) - count(o & diagonals))
                + count(legal_moves(p, o)).min(32)
                - count(legal_moves(o, p)).min(32);
            samples.push(Sample::new(p, o, target as f64));
        }
        let (train, test) = samples.split_at(7000);
        let mut reports = Vec::new();
        let weights = fit(
            train,
            test,
            FitConfig {
                ridge: 2.0,
                iterations: 200,
                overlap: 0,
                precondition: false,
            },
            &mut |r| reports.push(r.clone()),
        );
        assert_eq!(weights.len(), PHASES * packed_layout().size);
        let measured: Vec<&PhaseReport> = reports.iter().filter(|r| r.test_samples > 100).collect();
        // Random games of 20 to 49 plies (40 to 11 empties) give phases 3 to 9 more than
        // 100 held-out positions each: every one of them is judged.
        assert_eq!(
            measured.iter().map(|r| r.phase).collect::<Vec<_>>(),
            [3, 4, 5, 6, 7, 8, 9],
            "{reports:?}"
        );
        for r in measured {
            let p = r.phase;
            let own: Vec<f64> = test
                .iter()
                .filter(|s| phase(s.empties as u32) == p)
                .map(|s| s.target as f64)
                .collect();
            let rms = (own.iter().map(|t| t * t).sum::<f64>() / own.len() as f64).sqrt();
            assert!(r.test_rmse < rms / 3.0, "{r:?}: rms {rms}");
            assert!(r.train_rmse < rms / 5.0, "{r:?}: rms {rms}");
        }
    }
}

/// The error of a shallow search against the exact score: mean and standard deviation in
/// discs, over the positions measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct ErrorStats {
    pub count: usize,
    pub mean: f64,
    pub sd: f64,
}

impl ErrorStats {
    fn of(errors: &[f64]) -> ErrorStats {
        let count = errors.len();
        if count == 0 {
            return ErrorStats::default();
        }
        let mean = errors.iter().sum::<f64>() / count as f64;
        let var = errors.iter().map(|e| (e - mean) * (e - mean)).sum::<f64>() / count as f64;
        ErrorStats {
            count,
            mean,
            sd: var.sqrt(),
        }
    }
}

/// The error of the midgame search of each depth in `depths` against the exact score (or,
/// with `reference`, against the search of that depth), over `positions` (player,
/// opponent; each with a legal move): one [`ErrorStats`] a depth.
pub fn shallow_errors(
    positions: &[(u64, u64)],
    depths: &[u32],
    reference: Option<u32>,
    searcher: &mut super::search::Searcher,
    solver: &mut super::endgame::Solver,
) -> Vec<ErrorStats> {
    use super::search::score_in_discs;
    let mut errors = vec![Vec::with_capacity(positions.len()); depths.len()];
    for &(p, o) in positions {
        let truth = match reference {
            Some(d) => score_in_discs(searcher.score(p, o, d)),
            None => {
                let pos = super::board::Position::from_player(p, o, crate::game::Side::First);
                solver.solve(&pos).score as f64
            }
        };
        for (k, &d) in depths.iter().enumerate() {
            errors[k].push(score_in_discs(searcher.score(p, o, d)) - truth);
        }
    }
    errors.iter().map(|e| ErrorStats::of(e)).collect()
}
