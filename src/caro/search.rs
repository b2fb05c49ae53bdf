//! The search: iterative-deepening principal-variation search (PVS) with a transposition
//! table, killer and history move ordering, threat-first move generation, forced-reply
//! extensions, late-move reductions, a VCF threat search at the root and at the leaves, and
//! (with a VCT budget) a VCT at the root and one for the opponent after each root move about
//! to become the best.
//!
//! ```text
//! let mut engine = Engine::new(EngineConfig::default());
//! let result = engine.search(&board, &Limits::nodes(50_000), &mut |info| println!("{info:?}"));
//! ```
//! The callback runs after every completed iteration, so a browser can show progress and
//! play the last reported best move when the player says "move now". Natively, another
//! thread can end a search early through [`Engine::stop_flag`].

use super::board::{Board, Pos};
use super::eval::{self, WIN, WIN_THRESHOLD};
use super::movegen;
use super::patterns::{B4, F4, FIVE};
use super::position::Position;
use super::threats::ThreatSearch;
use super::tt::{Bound, Entry, Table};
use super::weights::Weights;
use crate::game::{Budget, Deadline, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

const INF: i32 = WIN + 1;
/// The deepest VCT tried, in attacker moves.
const VCT_DEPTH: usize = 10;
const MAX_PLY: usize = 64;
/// The main search reads the clock after this many nodes. A node on a crowded 60x60 board
/// generates and scores a thousand moves, so this is a fraction of a millisecond.
const CHECK_EVERY: u64 = 256;

/// How the engine is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Transposition table size in megabytes.
    pub tt_megabytes: usize,
    /// The evaluation it uses.
    pub eval: EvalChoice,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            tt_megabytes: 16,
            eval: EvalChoice::Shipped,
        }
    }
}

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalChoice {
    /// The trained weights shipped with the program (the hand-set values where they are
    /// not loaded, in the web app before the fetch).
    Shipped,
    /// The hand-set pattern values.
    Classic,
    /// Other trained weights (to compare them).
    Weights(&'static Weights),
}

impl EvalChoice {
    /// The weights for `rule`, or `None` for the hand-set evaluation (also when the weights
    /// correct nothing: all zero, which keeps the engine at its full speed).
    pub fn for_rule(self, rule: super::Rule) -> Option<&'static super::weights::RuleWeights> {
        let weights = match self {
            EvalChoice::Shipped => Weights::shipped().map(|w| w.rule(rule)),
            EvalChoice::Classic => None,
            EvalChoice::Weights(w) => Some(w.rule(rule)),
        };
        weights.filter(|w| !w.is_zero())
    }
}

/// What one search may spend and how it picks among near-equal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time and node budget (VCF nodes included). With only a node budget the search is
    /// deterministic.
    pub budget: Budget,
    /// The deepest iteration.
    pub max_depth: u32,
    /// Root moves get a random bonus in `0..noise` (0: none), seeded by `seed`, so weak
    /// levels vary their play.
    pub noise: i32,
    pub seed: u64,
    /// Nodes for the VCF tried at the root before the main search.
    pub root_vcf_nodes: u64,
    /// Nodes for each small VCF at the main search's leaves (0: none).
    pub leaf_vcf_nodes: u64,
    /// Nodes for the VCT (threats of threes and fours) tried at the root after the VCF, and
    /// at most for each opponent's VCT a root move is checked for before it becomes the best
    /// (0: neither).
    pub root_vct_nodes: u64,
    /// Nodes for the safety check after the main search: the chosen move is dropped for the
    /// next one if it leaves the opponent a VCF (0: no check).
    pub safety_vcf_nodes: u64,
}

impl Limits {
    pub fn new(budget: Budget) -> Limits {
        Limits {
            budget,
            max_depth: 40,
            noise: 0,
            seed: 0,
            root_vcf_nodes: 20_000,
            leaf_vcf_nodes: 40,
            root_vct_nodes: 20_000,
            safety_vcf_nodes: 2_000,
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits::new(Budget::nodes(nodes))
    }

    pub fn time(time: Duration) -> Limits {
        Limits::new(Budget::time(time))
    }
}

/// Progress after one completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    /// For the side to move; above [`eval::WIN_THRESHOLD`] is a forced win.
    pub score: i32,
    pub best: Pos,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Pos>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is over or no move is legal.
    pub best: Option<Pos>,
    pub score: i32,
    /// The last completed iteration (0 when the move was decided before the main search).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// A forced win found by the threat search: the moves from here, attacker first.
    pub forced_win: Option<Vec<Pos>>,
}

/// A score as a person reads it: `win in 3` (own moves), `loss in 2`, or `+57`.
pub fn score_text(score: i32) -> String {
    if score > WIN_THRESHOLD {
        format!("win in {}", (WIN - score + 1) / 2)
    } else if score < -WIN_THRESHOLD {
        format!("loss in {}", (WIN + score + 1) / 2)
    } else {
        format!("{score:+}")
    }
}

pub struct Engine {
    eval: EvalChoice,
    tt: Table,
    threats: ThreatSearch,
    killers: [[u32; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    stop: Arc<AtomicBool>,
    deadline: Deadline,
    nodes: u64,
    /// The node count at which the clock is read next.
    next_check: u64,
    aborted: bool,
    leaf_vcf_nodes: u64,
    root_bonus: Vec<(usize, i32)>,
    root_best: Option<usize>,
    cells: Vec<Vec<usize>>,
    moves: Vec<Vec<(usize, i32)>>,
    /// Rule and size of the last search: the threat cache is cleared when they change.
    last_game: Option<(super::Rule, usize, usize)>,
    /// Set just before a null-move search, read (and cleared) by the node it searches: no
    /// two passes in a row.
    after_null: bool,
    /// Root moves checked for an opponent's VCT this search: the loss score of each one that
    /// leaves one, `None` for each that does not (or whose check ran out).
    verdicts: Vec<(usize, Option<i32>)>,
    /// The budget of one such check, and what is left of all of them this search.
    verify_each: Budget,
    verify_left: Budget,
    /// Null moves on the path from the root to the node being searched.
    nulls: u32,
    /// With [`Engine::sample_leaves`]: one leaf of each search picked at random.
    sampler: Option<LeafSampler>,
}

/// One leaf of a search picked uniformly at random among those it judged by the static
/// evaluation (reservoir sampling): what the evaluation is asked about, for training it.
struct LeafSampler {
    rng: StdRng,
    /// Leaves offered this search.
    seen: u64,
    /// The root's stones (the path starts after them).
    root: usize,
    /// The moves from the root to the picked leaf.
    path: Option<Vec<Pos>>,
}

impl Engine {
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            eval: config.eval,
            tt: Table::new(config.tt_megabytes),
            threats: ThreatSearch::new(),
            killers: [[u32::MAX; 2]; MAX_PLY + 1],
            history: Vec::new(),
            after_null: false,
            stop: Arc::new(AtomicBool::new(false)),
            deadline: Deadline::start(Budget::unlimited()),
            nodes: 0,
            next_check: 0,
            aborted: false,
            leaf_vcf_nodes: 0,
            root_bonus: Vec::new(),
            root_best: None,
            cells: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            moves: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            last_game: None,
            verdicts: Vec::new(),
            verify_each: Budget::nodes(0),
            verify_left: Budget::nodes(0),
            nulls: 0,
            sampler: None,
        }
    }

    /// From now on, each search picks one of its leaves at random (`seed` seeds the picks;
    /// `None` stops it): [`Engine::take_leaf_sample`] gives the moves that lead to it.
    /// Leaves reached through a null move are not offered (their moves do not alternate).
    pub fn sample_leaves(&mut self, seed: Option<u64>) {
        self.sampler = seed.map(|seed| LeafSampler {
            rng: StdRng::seed_from_u64(seed),
            seen: 0,
            root: 0,
            path: None,
        });
    }

    /// The moves from the last search's root to the leaf it picked (see
    /// [`Engine::sample_leaves`]), if it judged any leaf.
    pub fn take_leaf_sample(&mut self) -> Option<Vec<Pos>> {
        self.sampler.as_mut().and_then(|s| s.path.take())
    }

    /// Offers the leaf `pos` to the sampler.
    #[cold]
    fn offer_leaf(&mut self, pos: &Position) {
        if self.nulls > 0 {
            return;
        }
        let Some(s) = self.sampler.as_mut() else {
            return;
        };
        s.seen += 1;
        if s.rng.random_range(0..s.seen) == 0 {
            s.path = Some(pos.placed().skip(s.root).map(|i| pos.pos(i)).collect());
        }
    }

    /// A flag another thread may set to end the current search; it plays the best move of
    /// the last completed iteration.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets everything learnt (transposition table, caches, ordering statistics).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.threats.clear();
        self.history.clear();
        self.killers = [[u32::MAX; 2]; MAX_PLY + 1];
    }

    /// Searches `board` for the side to move.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_as(board, board.to_move(), limits, on_iteration)
    }

    /// A forced win by continuous fours for `side` (to move) within `budget`: the moves,
    /// attacker first, and the nodes searched. The last move is a five or a four that
    /// cannot be stopped.
    pub fn find_vcf(
        &mut self,
        board: &Board,
        side: Side,
        budget: Budget,
    ) -> (Option<Vec<Pos>>, u64) {
        let deadline = Deadline::start(budget);
        self.prepare(board);
        let mut pos = Position::with_weights(board, side, self.eval.for_rule(board.rule()));
        let line = self.threats.vcf(
            &mut pos,
            budget.nodes.unwrap_or(u64::MAX),
            Some(&deadline),
            0,
        );
        let moves = line.map(|l| l.iter().map(|&i| pos.pos(i)).collect());
        (moves, self.threats.nodes)
    }

    /// A forced win by threats (fours and threes) for `side` within `budget`, as
    /// [`Engine::find_vcf`]. The line follows one defence at each step; others lose too.
    pub fn find_vct(
        &mut self,
        board: &Board,
        side: Side,
        budget: Budget,
    ) -> (Option<Vec<Pos>>, u64) {
        let deadline = Deadline::start(budget);
        self.prepare(board);
        let mut pos = Position::with_weights(board, side, self.eval.for_rule(board.rule()));
        let line = self.threats.vct(
            &mut pos,
            VCT_DEPTH,
            budget.nodes.unwrap_or(u64::MAX),
            Some(&deadline),
            0,
        );
        let moves = line.map(|l| l.iter().map(|&i| pos.pos(i)).collect());
        (moves, self.threats.nodes)
    }

    fn prepare(&mut self, board: &Board) {
        let game = (board.rule(), board.rows(), board.cols());
        if self.last_game != Some(game) {
            self.clear();
            self.last_game = Some(game);
        }
    }

    /// Searches `board` with `side` to move (for positions set up without a move history).
    pub fn search_as(
        &mut self,
        board: &Board,
        side: Side,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let deadline = Deadline::start(limits.budget);
        self.stop.store(false, Ordering::Relaxed);
        // A search decided before its main search (a win at the root) picks no leaf.
        if let Some(s) = self.sampler.as_mut() {
            s.seen = 0;
            s.path = None;
        }
        let done = |best: Option<Pos>, score: i32, nodes: u64| SearchResult {
            best,
            score,
            depth: 0,
            nodes,
            elapsed: deadline.elapsed(),
            forced_win: None,
        };
        if board.is_over() {
            return done(None, 0, 0);
        }
        self.prepare(board);
        let mut pos = Position::with_weights(board, side, self.eval.for_rule(board.rule()));
        if pos.area().is_none() {
            let centre = Pos::new(board.rows() / 2, board.cols() / 2);
            return done(Some(centre), 0, 0);
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let mut cells = Vec::new();
        // 1. A five now.
        pos.five_points(me, &mut cells);
        if let Some(&i) = cells.first() {
            return done(Some(pos.pos(i)), WIN - 1, 0);
        }
        // 2. The opponent's five point must be taken (if it can be).
        pos.five_points(opp, &mut cells);
        if !cells.is_empty() {
            let fives = cells.clone();
            pos.stopping_blocks(&fives, &mut cells);
            if let Some(&i) = cells.first() {
                return done(Some(pos.pos(i)), 0, 0);
            }
            // Lost: block one five point anyway, if Black may.
            let block = fives.iter().find(|&&i| pos.is_legal(i, me));
            let best = block.map(|&i| pos.pos(i)).or_else(|| any_legal(&pos));
            return done(best, -(WIN - 2), 0);
        }
        // 3. A forced win by continuous fours.
        self.nodes = 0;
        if limits.root_vcf_nodes > 0 {
            let line = self
                .threats
                .vcf(&mut pos, limits.root_vcf_nodes, Some(&deadline), 0);
            self.nodes += self.threats.nodes;
            if let Some(line) = line {
                let score = WIN - line.len() as i32;
                let moves: Vec<Pos> = line.iter().map(|&i| pos.pos(i)).collect();
                return SearchResult {
                    forced_win: Some(moves.clone()),
                    ..done(Some(moves[0]), score, self.nodes)
                };
            }
        }
        // 4. A forced win by threes and fours.
        if limits.root_vct_nodes > 0 {
            // With a clock, the VCT gets 3% of it: most moves have none to find, and a full
            // 30,000-node VCT took about a third of a 200 ms move from the main search (a
            // tenth: +101 +/- 35 Elo in 400 games at 200 ms against no cap; 3%: +37 +/- 34
            // against a tenth; docs/caro-engine.md).
            let vct_deadline = match limits.budget.time {
                Some(t) => Deadline::start(Budget {
                    time: Some(t.mul_f64(0.03)),
                    nodes: limits.budget.nodes.map(|n| n.saturating_sub(self.nodes)),
                }),
                None => deadline,
            };
            let line = self.threats.vct(
                &mut pos,
                VCT_DEPTH,
                limits.root_vct_nodes,
                Some(&vct_deadline),
                0,
            );
            self.nodes += self.threats.nodes;
            if let Some(line) = line {
                let moves: Vec<Pos> = line.iter().map(|&i| pos.pos(i)).collect();
                return SearchResult {
                    forced_win: Some(moves.clone()),
                    ..done(Some(moves[0]), WIN - 2 * VCT_DEPTH as i32 - 1, self.nodes)
                };
            }
        }
        // 5. The main search. It stops at 96% of the time budget, leaving the rest for the
        // safety check after it (a VCF of a few thousand nodes: a few milliseconds).
        self.deadline = match limits.budget.time {
            Some(t) => {
                let left = t.saturating_sub(deadline.elapsed()).mul_f64(0.96);
                Deadline::start(Budget {
                    time: Some(left),
                    nodes: limits.budget.nodes,
                })
            }
            None => deadline,
        };
        self.aborted = false;
        self.next_check = 0;
        self.nulls = 0;
        if let Some(s) = self.sampler.as_mut() {
            s.root = pos.stones();
        }
        self.leaf_vcf_nodes = limits.leaf_vcf_nodes;
        let size = pos.index(Pos::new(board.rows() - 1, board.cols() - 1)) + 8;
        if self.history.len() != size {
            self.history = vec![0; size];
        }
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.killers = [[u32::MAX; 2]; MAX_PLY + 1];
        // A root move about to become the best is first checked for a VCT it leaves the
        // opponent: in half of 16 games lost to Rapfi, Master had walked into a threat line
        // beyond its horizon that a VCT finds in under 11,000 nodes. Each check may take 3%
        // of the time (and the root VCT's nodes), all of them together a fifth.
        self.verdicts.clear();
        let total = limits.budget.nodes.map(|n| n.saturating_sub(self.nodes));
        self.verify_each = Budget {
            nodes: Some(total.map_or(limits.root_vct_nodes, |n| limits.root_vct_nodes.min(n / 30))),
            time: limits.budget.time.map(|t| t.mul_f64(0.03)),
        };
        self.verify_left = Budget {
            nodes: Some(match total {
                _ if limits.root_vct_nodes == 0 => 0,
                Some(n) => n / 5,
                None => limits.root_vct_nodes.saturating_mul(6),
            }),
            time: limits.budget.time.map(|t| t.mul_f64(0.2)),
        };
        let mut first = Vec::new();
        movegen::generate(&pos, &mut cells, &mut first);
        first.sort_unstable_by(movegen::by_order);
        if first.is_empty() {
            return done(any_legal(&pos), 0, self.nodes);
        }
        self.root_bonus.clear();
        if limits.noise > 0 {
            let mut rng = StdRng::seed_from_u64(limits.seed);
            for &(i, _) in &first {
                self.root_bonus.push((i, rng.random_range(0..limits.noise)));
            }
        }
        let mut best = first[0].0;
        let mut best_score = 0;
        let mut depth_done = 0;
        // With a clock, the budget is the hard limit: an iteration still running then is cut
        // short (its best root move so far is kept). A new iteration starts only while the
        // time spent is below a target, two thirds of the budget, stretched when the best
        // move keeps changing or the score falls (a sharp position), never past nine tenths.
        // (0.65 against 0.45: +55 +/- 34 Elo in 400 games at 200 ms; 0.85 was no better.)
        let target = limits.budget.time.map(|t| t.mul_f64(0.65));
        let mut changes = 0u32;
        for depth in 1..=limits.max_depth.max(1) {
            self.root_best = None;
            let score = self.pvs(&mut pos, depth as i32, 0, -INF, INF);
            if self.aborted {
                // A root move that finished its search in the cut iteration and replaced the
                // first (the old best, searched first) beat it at the new depth: keep it.
                if let Some(b) = self.root_best.filter(|&b| b != best) {
                    best = b;
                }
                break;
            }
            let mut unstable = false;
            if let Some(b) = self.root_best {
                unstable = depth > 1 && (b != best || score < best_score - 30);
                best = b;
                best_score = score;
            }
            changes = if unstable {
                changes + 1
            } else {
                // Instability fades: each quiet iteration forgets a change.
                changes.saturating_sub(1)
            };
            depth_done = depth;
            let info = SearchInfo {
                depth,
                score: best_score,
                best: pos.pos(best),
                nodes: self.nodes,
                elapsed: deadline.elapsed(),
                pv: self.principal_variation(&mut pos, best, depth as usize),
            };
            on_iteration(&info);
            if best_score.abs() > WIN_THRESHOLD || first.len() == 1 {
                break;
            }
            if let (Some(t), Some(target)) = (limits.budget.time, target) {
                let stretch = 1.0 + 0.35 * changes.min(3) as f64;
                let soft = target.mul_f64(stretch).min(t.mul_f64(0.9));
                if deadline.elapsed() > soft {
                    break;
                }
            }
            if deadline.expired(self.nodes) {
                break;
            }
        }
        if limits.safety_vcf_nodes > 0 && best_score > -WIN_THRESHOLD {
            best = self.safe_move(&mut pos, best, &first, limits.safety_vcf_nodes, &deadline);
        }
        SearchResult {
            best: Some(pos.pos(best)),
            score: best_score,
            depth: depth_done,
            nodes: self.nodes,
            elapsed: deadline.elapsed(),
            forced_win: None,
        }
    }

    /// `best`, unless it leaves the opponent a win by continuous fours the search did not
    /// see; then the first of the next few moves (in ordering) that does not.
    fn safe_move(
        &mut self,
        pos: &mut Position,
        best: usize,
        moves: &[(usize, i32)],
        nodes: u64,
        deadline: &Deadline,
    ) -> usize {
        let candidates =
            std::iter::once(best).chain(moves.iter().map(|m| m.0).filter(|&m| m != best));
        for m in candidates.take(8) {
            pos.play(m);
            let threat = self.threats.vcf(pos, nodes, Some(deadline), 0);
            self.nodes += self.threats.nodes;
            pos.undo();
            if threat.is_none() {
                return m;
            }
        }
        best
    }

    /// Root move `m`'s check this search, if it had one: its loss score, or `None`.
    fn verdict(&self, m: usize) -> Option<Option<i32>> {
        self.verdicts.iter().find(|v| v.0 == m).map(|v| v.1)
    }

    /// The loss score of root move `m` if it leaves the opponent a VCT, checked once a
    /// search within the budget left for such checks.
    fn verify_root(&mut self, pos: &mut Position, m: usize) -> Option<i32> {
        if let Some(verdict) = self.verdict(m) {
            return verdict;
        }
        let left = self.verify_left;
        if left.nodes == Some(0) || left.time == Some(Duration::ZERO) {
            return None;
        }
        let each = self.verify_each;
        let budget = Budget {
            nodes: min_opt(each.nodes, left.nodes),
            time: min_opt(each.time, left.time),
        };
        let deadline = Deadline::start(budget);
        pos.play(m);
        let line = self.threats.vct(
            pos,
            VCT_DEPTH,
            budget.nodes.unwrap_or(u64::MAX),
            Some(&deadline),
            0,
        );
        pos.undo();
        let spent = self.threats.nodes;
        self.nodes += spent;
        self.verify_left = Budget {
            nodes: left.nodes.map(|n| n.saturating_sub(spent)),
            time: left.time.map(|t| t.saturating_sub(deadline.elapsed())),
        };
        // The opponent's five comes on the line's last move, `line.len()` plies after `m`.
        let verdict = line.map(|l| -(WIN - 1 - l.len() as i32));
        self.verdicts.push((m, verdict));
        verdict
    }

    fn principal_variation(&self, pos: &mut Position, best: usize, depth: usize) -> Vec<Pos> {
        let mut pv = vec![pos.pos(best)];
        pos.play(best);
        let mut played = 1;
        while played < depth {
            match self.tt.probe(pos.hash()) {
                Some(e) if e.best != u32::MAX && pos.is_empty(e.best as usize) => {
                    pv.push(pos.pos(e.best as usize));
                    pos.play(e.best as usize);
                    played += 1;
                }
                _ => break,
            }
        }
        for _ in 0..played {
            pos.undo();
        }
        pv
    }

    fn check_time(&mut self) {
        if self.deadline.expired(self.nodes) || self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
    }

    fn pvs(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        // Not `nodes % N == 0`: the leaf VCFs add their nodes in lumps, and a count that
        // steps over every multiple of N never checked the clock (a long-lived brain, whose
        // warm table let the search reach leaves with fours more often, overran its time).
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            self.check_time();
        }
        if self.aborted {
            return 0;
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let ply_score = ply as i32;
        if pos.count(me, FIVE) > 0 {
            return WIN - ply_score - 1;
        }
        let mut cells = std::mem::take(&mut self.cells[ply]);
        pos.five_points(opp, &mut cells);
        let forced = if cells.is_empty() {
            None
        } else {
            let fives = cells.clone();
            pos.stopping_blocks(&fives, &mut cells);
            match cells.first() {
                Some(&b) => Some(b),
                None => {
                    self.cells[ply] = cells;
                    return -(WIN - ply_score - 2);
                }
            }
        };
        let leaf = forced.is_none() && (depth <= 0 || ply >= MAX_PLY);
        // At a leaf with its VCF, an open four or double four to make is left to the VCF
        // (its first move), after the stand pat: no scan of every candidate.
        // (`has_winning_four` tests the counts itself; our own five returned above, so only
        // an open four or two fours can win here.)
        if forced.is_none()
            && !(leaf && self.leaf_vcf_nodes > 0)
            && movegen::has_winning_four(pos, me)
        {
            self.cells[ply] = cells;
            return WIN - ply_score - 3;
        }
        if leaf {
            self.cells[ply] = cells;
            // Stand pat: a leaf whose static value already reaches beta fails high whatever
            // a VCF would add, so the VCF (most of the nodes) runs only below beta
            // (+59 +/- 34 Elo in 400 games at 200 ms; docs/caro-engine.md).
            let stand = eval::evaluate(pos);
            if self.sampler.is_some() {
                self.offer_leaf(pos);
            }
            if stand >= beta {
                return stand;
            }
            if self.leaf_vcf_nodes > 0 && pos.count(me, B4) + pos.count(me, F4) > 0 {
                let line = self.threats.vcf(pos, self.leaf_vcf_nodes, None, self.nodes);
                self.nodes += self.threats.nodes;
                if let Some(line) = line {
                    return WIN - ply_score - line.len() as i32;
                }
            }
            return stand;
        }
        if ply >= MAX_PLY {
            self.cells[ply] = cells;
            return eval::evaluate(pos);
        }
        let key = pos.hash();
        let mut tt_move = u32::MAX;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if e.depth as i32 >= depth && ply > 0 {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.cells[ply] = cells;
                    return s;
                }
            }
        }
        // Null move: at a node with a null window whose static value already reaches beta,
        // pass and search the opponent's reply four plies shallower than a move would be; if
        // we still reach beta, so would a move (in gomoku a stone is never worse than none).
        // Not when the opponent may have an unstoppable four to make (an open three or two
        // fours: a pass there only shows the loss), nor right after a pass, nor near the
        // leaves.
        // (+22 +/- 24 Elo in 800 games at 200 ms against none with two plies; three against
        // two: +27 +/- 24 in 800 more; four against three: +25 +/- 24 in 800 more;
        // docs/caro-engine.md.)
        let after_null = std::mem::replace(&mut self.after_null, false);
        if forced.is_none()
            && ply > 0
            && depth >= 3
            && beta - alpha == 1
            && !after_null
            && beta.abs() < WIN_THRESHOLD
            && !eval::may_have_winning_four(pos, opp)
            && eval::evaluate(pos) >= beta
        {
            self.cells[ply] = cells;
            pos.pass();
            self.after_null = true;
            self.nulls += 1;
            let score = -self.pvs(pos, depth - 5, ply + 1, -beta, -beta + 1);
            self.nulls -= 1;
            self.after_null = false;
            pos.pass();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                // A win seen after a pass is not proven for the position with the move.
                return if score >= WIN_THRESHOLD { beta } else { score };
            }
            cells = std::mem::take(&mut self.cells[ply]);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut mode = movegen::Mode::All;
        // Where the width cut leaves moves out: how many come before them.
        let mut searched_first = usize::MAX;
        match forced {
            Some(b) => {
                moves.clear();
                moves.push((b, 0));
            }
            None => {
                mode = movegen::generate(pos, &mut cells, &mut moves);
                for m in moves.iter_mut() {
                    let i = m.0 as u32;
                    if i == tt_move {
                        m.1 += 1 << 28;
                    } else if self.killers[ply].contains(&i) {
                        m.1 += 3_000;
                    }
                    m.1 += self.history[m.0];
                }
                // Far fewer moves matter than are legal: search the most promising ones
                // (`width`). The rest are searched only if every move before them loses
                // (below).
                let width = if ply == 0 { usize::MAX } else { width(depth) };
                if moves.len() > width {
                    searched_first = width;
                }
            }
        }
        // The moves are put in order as they are needed (see `next_in_order`): the first
        // one now.
        next_in_order(&mut moves, 0, searched_first);
        self.cells[ply] = cells;
        if moves.is_empty() {
            self.moves[ply] = moves;
            // No defence against the opponent's open four in the making, or a full board.
            return if movegen::has_winning_four(pos, opp) {
                -(WIN - ply_score - 4)
            } else {
                0
            };
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = moves[0].0;
        for k in 0..moves.len() {
            // The moves past the width cut are searched only while every move before them
            // loses: a cut must not make a lost node of one that is not, or a win of its
            // parent. (With the cut alone the search proved false wins, stopped deepening
            // and played on as if winning: in 2 of 20 games lost to Rapfi, in one of them
            // at eight of its moves; docs/caro-engine.md.)
            if k == searched_first && best > -WIN_THRESHOLD {
                break;
            }
            if k > 0 {
                next_in_order(&mut moves, k, searched_first);
            }
            let (m, order) = moves[k];
            // Answering a four costs no depth, nor does answering an open three when there are
            // six answers or fewer: threat sequences are searched about twice as deep (four
            // answers or fewer: +37 +/- 34 Elo in 400 games at 200 ms against none; six
            // against four: +70 +/- 34; docs/caro-engine.md). Answering a four-three in one
            // move costs a ply like any move: free answers there measured no different
            // (-3 +/- 34 in 400 games).
            let free = mode == movegen::Mode::DefendFour && moves.len() <= 6;
            let child_depth = if forced.is_some() || free {
                depth
            } else {
                depth - 1
            };
            // Root noise: the move is judged as if it scored `bonus` more, so the window is
            // shifted by it too (adding it to a fail-low bound would pick unknown moves).
            let bonus = if ply == 0 {
                self.root_bonus.iter().find(|b| b.0 == m).map_or(0, |b| b.1)
            } else {
                0
            };
            let (lo, hi) = (alpha - bonus, beta - bonus);
            let known = if ply == 0 {
                self.verdict(m).flatten()
            } else {
                None
            };
            let mut score;
            if let Some(loss) = known {
                score = loss;
            } else {
                pos.play(m);
                if k == 0 {
                    score = -self.pvs(pos, child_depth, ply + 1, -hi, -lo);
                } else {
                    // Late quiet moves are searched shallower first.
                    let reduce = k >= 3 && depth >= 3 && order < QUIET_BELOW;
                    let d = if reduce { child_depth - 1 } else { child_depth };
                    score = -self.pvs(pos, d, ply + 1, -lo - 1, -lo);
                    if score > lo && (reduce || score < hi) {
                        score = -self.pvs(pos, child_depth, ply + 1, -hi, -lo);
                    }
                }
                pos.undo();
                if self.aborted {
                    self.moves[ply] = moves;
                    return 0;
                }
                if score.abs() < WIN_THRESHOLD {
                    score += bonus;
                }
                if ply == 0 && score > best && score.abs() < WIN_THRESHOLD {
                    if let Some(loss) = self.verify_root(pos, m) {
                        score = loss;
                    }
                }
            }
            if score > best {
                best = score;
                best_move = m;
                if ply == 0 {
                    self.root_best = Some(m);
                }
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if order < 100_000 {
                            let killers = &mut self.killers[ply];
                            if killers[0] != m as u32 {
                                killers[1] = killers[0];
                                killers[0] = m as u32;
                            }
                            self.history[m] = history_after_cutoff(self.history[m], depth);
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            score: to_tt(best, ply),
            best: best_move as u32,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        });
        best
    }
}

/// The most a cell's history score reaches (see [`history_after_cutoff`]).
const HISTORY_LIMIT: i32 = 1_000;

/// A cell's history score after its move cut the search off at `depth`: it gains depth²,
/// less the share of it that its score already holds of [`HISTORY_LIMIT`] ("gravity"), so
/// it nears the limit and never passes it, and a cell that keeps cutting off stays above
/// one that did once. Before, each cutoff added depth² and the ordering read the score
/// capped at 2,000: in a 500 ms search the busiest cells reached 6,000 to 21,000, and the
/// longer the search the more quiet cells sat at the cap, tied with each other above the
/// quiet mark (so never reduced) and ahead of threes. Against Rapfi, in the runs where
/// Master searched 1 s a move (three seeds at 1 s each, two at twice Rapfi's time), gravity
/// scored +0.13 a pair of games above the capped scores (250 pairs, z = 2.75); at 500 and
/// 200 ms no difference showed (docs/caro-engine.md).
fn history_after_cutoff(score: i32, depth: i32) -> i32 {
    let bonus = (depth * depth).min(HISTORY_LIMIT);
    score + bonus - score * bonus / HISTORY_LIMIT
}

/// How many of a node's moves, best ordered first, are searched with `depth` plies left
/// below the root: ten and one more a ply (+26 +/- 28 Elo in 600 games at 200 ms against
/// twelve and two more a ply), and from 9 plies on 3 + depth^1.32 (rounded down; the
/// growth of Rapfi's move count), which grows faster: 29 moves at 12 plies, 55 at 20, 133
/// from 40 on. Master reaches such nodes only in its longer searches, where the narrower
/// cut left moves out however long it searched: against Rapfi at 1 s a move each, +0.095
/// a pair of games over four seeds (z = 2.2), all of it in the games Master plays as X
/// (docs/caro-engine.md).
fn width(depth: i32) -> usize {
    // 3 + d^1.32 rounded down, for d = 9..=40.
    const DEEP: [u8; 32] = [
        21, 23, 26, 29, 32, 35, 38, 41, 45, 48, 51, 55, 58, 62, 65, 69, 73, 76, 80, 84, 88, 92, 96,
        100, 104, 108, 112, 116, 120, 124, 128, 133,
    ];
    let d = depth.max(0) as usize;
    if d < 9 {
        10 + d
    } else {
        DEEP[d.min(40) - 9] as usize
    }
}

/// Ordering scores below this mark the quiet moves, which late-move reductions take; from it
/// up are mostly moves making a three or more or answering a double threat
/// (`eval::threat_terms`), the table's move, killers and a good history.
const QUIET_BELOW: i32 = 1_000;

/// How many of a node's moves are picked one at a time (each a scan for the best left) before
/// the rest are sorted: most nodes cut off at one of the first few, and a scan costs less
/// than a sort.
const PICKED: usize = 3;

/// The best-ordered move of `moves[k..]` put at `k` (by ordering score, then cell: a total
/// order), given the first `k` in order; moves past `width` (the width cut) come after the
/// first `width` and are sorted only when reached. The first [`PICKED`] are picked one by
/// one; at [`PICKED`] the rest up to the cut are sorted at once, later calls find them in
/// order. The moves come out as sorting them all would put them.
fn next_in_order(moves: &mut [(usize, i32)], k: usize, width: usize) {
    use movegen::order_key;
    // The sorts' key: the larger order key first.
    let first = |m: &(usize, i32)| std::cmp::Reverse(order_key(m));
    if k >= moves.len() {
        return;
    }
    if k < PICKED.min(width) {
        // The best left is among the first `width` (those before it are the best ones).
        let (mut at, mut best) = (k, order_key(&moves[k]));
        for (j, m) in moves.iter().enumerate().skip(k + 1) {
            let key = order_key(m);
            if key > best {
                (at, best) = (j, key);
            }
        }
        moves.swap(k, at);
    } else if k == PICKED && k < width {
        let rest = &mut moves[k..];
        let cut = width - k;
        if rest.len() > cut {
            rest.select_nth_unstable_by_key(cut - 1, first);
            rest[..cut].sort_unstable_by_key(first);
        } else {
            rest.sort_unstable_by_key(first);
        }
    } else if k == width {
        moves[k..].sort_unstable_by_key(first);
    }
}

fn min_opt<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Win scores count plies from the root; in the table they count from the stored node.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// Any legal move at all, nearest the centre of the stones first (when every sensible
/// move is lost or forbidden).
fn any_legal(pos: &Position) -> Option<Pos> {
    let me = pos.to_move();
    let mut cells = Vec::new();
    pos.candidates(&mut cells);
    if let Some(&i) = cells.iter().find(|&&i| pos.is_legal(i, me)) {
        return Some(pos.pos(i));
    }
    (0..pos.rows())
        .flat_map(|r| (0..pos.cols()).map(move |c| Pos::new(r, c)))
        .find(|&p| {
            let i = pos.index(p);
            pos.is_empty(i) && pos.is_legal(i, me)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_cut_grows_by_a_ply_then_faster_from_nine_plies() {
        // Ten and one more a ply up to 8 plies (and at the leaves and below them).
        assert_eq!(width(-2), 10);
        assert_eq!(width(0), 10);
        assert_eq!(width(8), 18);
        // Then 3 + depth^1.32 rounded down: 9^1.32 = 18.18, 12^1.32 = 26.58, 20^1.32 = 52.16,
        // 40^1.32 = 130.23; and no more past 40 plies.
        assert_eq!(width(9), 21);
        assert_eq!(width(12), 29);
        assert_eq!(width(20), 55);
        assert_eq!(width(40), 133);
        assert_eq!(width(100), 133);
        // Never narrower than before, never narrower a ply deeper.
        for d in 0..60 {
            assert!(width(d) >= 10 + d as usize, "{d}");
            assert!(width(d + 1) >= width(d), "{d}");
        }
    }

    #[test]
    fn a_history_score_gains_less_the_nearer_it_is_to_its_limit() {
        // Known steps: 100 at depth 10 from nothing, then 100 less a tenth of 100.
        assert_eq!(history_after_cutoff(0, 10), 100);
        assert_eq!(history_after_cutoff(100, 10), 190);
        assert_eq!(history_after_cutoff(900, 10), 910);
        assert_eq!(history_after_cutoff(HISTORY_LIMIT, 10), HISTORY_LIMIT);
        // Any run of cutoffs at any depth (past 31 plies depth² passes the limit) keeps the
        // score rising and within the limit; a cell that cut off once more stands higher
        // until both reach it.
        let mut rng = StdRng::seed_from_u64(9);
        for _ in 0..200 {
            let (mut once_less, mut score) = (0, 0);
            for step in 0..rng.random_range(1..60) {
                let depth = rng.random_range(1..=64);
                let next = history_after_cutoff(score, depth);
                assert!(next >= score && next <= HISTORY_LIMIT, "{score} -> {next}");
                if step > 0 {
                    once_less = history_after_cutoff(once_less, depth);
                }
                score = next;
                assert!(once_less <= score, "{once_less} above {score}");
            }
        }
    }

    /// A higher ordering score comes first and, among equal scores, the lower cell, for
    /// scores of any sign and size (the table's move adds 2^28) and cells of any board.
    #[test]
    fn the_order_is_the_higher_score_then_the_lower_cell() {
        let mut rng = StdRng::seed_from_u64(6);
        let mut pick = || -> (usize, i32) {
            let score = match rng.random_range(0..4) {
                0 => rng.random_range(-4..4),
                1 => (1 << 28) + rng.random_range(-4..4),
                2 => [i32::MIN, i32::MAX, -1, 0][rng.random_range(0..4)],
                _ => rng.random(),
            };
            (rng.random_range(0..5_000), score)
        };
        for _ in 0..50_000 {
            let (a, b) = (pick(), pick());
            let expected = b.1.cmp(&a.1).then(a.0.cmp(&b.0));
            assert_eq!(movegen::by_order(&a, &b), expected, "{a:?} against {b:?}");
        }
        assert!(movegen::by_order(&(3, 5), &(3, 5)).is_eq());
    }

    /// Picking the moves as the search does gives the order a full sort gives, for lists
    /// shorter and longer than the width cut, with tied scores (then the cell decides).
    #[test]
    fn moves_come_out_in_the_order_a_full_sort_gives() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut cut_lists = 0;
        for _ in 0..2_000 {
            let len = rng.random_range(0..40);
            let width = if rng.random_range(0..4) == 0 {
                usize::MAX
            } else {
                rng.random_range(10..20)
            };
            // Distinct cells, scores from a small range so that many tie.
            let mut moves: Vec<(usize, i32)> = (0..len)
                .map(|c| (c * 7 % 97, rng.random_range(-3..4) * 1_000))
                .collect();
            let mut sorted = moves.clone();
            sorted.sort_by(movegen::by_order);
            let width = if len > width { width } else { usize::MAX };
            cut_lists += usize::from(width != usize::MAX);
            for k in 0..len {
                next_in_order(&mut moves, k, width);
                assert_eq!(moves[k], sorted[k], "move {k} of {len}, width {width}");
            }
            // Nothing was lost or made up.
            let mut left = moves.clone();
            left.sort();
            let mut all = sorted.clone();
            all.sort();
            assert_eq!(left, all);
        }
        assert!(cut_lists > 500, "{cut_lists}");
    }
}
