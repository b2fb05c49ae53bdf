//! Threat-space search (after Allis, "Go-Moku and Threat-Space Search"): VCF, a win by
//! continuous fours. Every attacker move is a four, so the defender's reply is forced (the
//! one five point), and the tree stays narrow enough to search deep.
//!
//! The attacker wins when a move makes a five, or a four with two five points (an open four
//! or a double four), or a four whose five point the defender may not take (renju: a
//! forbidden point for Black). When the defender's forced block makes a four of its own, the
//! attacker must block it next, and only a block that is itself a four keeps the sequence
//! going.

use super::eval::{self, threat, Threat};
use super::movegen;
use super::patterns::{B4, F4};
use super::position::Position;
use crate::game::Deadline;

/// A found win: the moves in order, attacker first, defender's forced replies between. The
/// last move is the attacker's five, or a four the defender cannot stop.
pub type Line = Vec<usize>;

pub struct ThreatSearch {
    /// Zobrist keys of positions already proved to hold no VCF (a lossy cache).
    fails: Vec<u64>,
    /// The same for VCT, keyed with the remaining depth.
    vct_fails: Vec<u64>,
    pub nodes: u64,
    limit: u64,
    aborted: bool,
    /// Per VCF depth: the attacker's fours, their ordering scores, and the blocks of one
    /// (kept between searches, so a VCF node allocates nothing).
    scratch: Vec<Vec<usize>>,
    scored: Vec<Vec<(usize, i32)>>,
    blocks: Vec<Vec<usize>>,
}

const FAIL_BITS: usize = 16;
/// The deepest VCF tried, in attacker moves.
pub const MAX_VCF_DEPTH: usize = 40;

impl Default for ThreatSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl ThreatSearch {
    pub fn new() -> ThreatSearch {
        ThreatSearch {
            fails: vec![0; 1 << FAIL_BITS],
            vct_fails: vec![0; 1 << FAIL_BITS],
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            scratch: (0..=MAX_VCF_DEPTH + 1).map(|_| Vec::new()).collect(),
            scored: (0..=MAX_VCF_DEPTH + 1).map(|_| Vec::new()).collect(),
            blocks: (0..=MAX_VCF_DEPTH + 1).map(|_| Vec::new()).collect(),
        }
    }

    /// Forgets the proved failures (call when the game or rule changes).
    pub fn clear(&mut self) {
        self.fails.fill(0);
        self.vct_fails.fill(0);
    }

    /// Whether the last search ran out of nodes or time before it finished.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Looks for a VCF for the side to move within `node_limit` nodes (and the deadline, if
    /// given, checked every few hundred nodes). `pos` is left as it was.
    pub fn vcf(
        &mut self,
        pos: &mut Position,
        node_limit: u64,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> Option<Line> {
        self.nodes = 0;
        self.limit = node_limit;
        self.aborted = false;
        let mut line = Vec::new();
        let won =
            pos.lines_only(|pos| self.attack(pos, MAX_VCF_DEPTH, &mut line, deadline, outer_nodes));
        if won {
            Some(line)
        } else {
            None
        }
    }

    fn fail_slot(key: u64) -> usize {
        (key >> (64 - FAIL_BITS)) as usize
    }

    fn attack(
        &mut self,
        pos: &mut Position,
        depth: usize,
        line: &mut Line,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.aborted = true;
        }
        if self.nodes % 256 == 0 {
            if let Some(d) = deadline {
                if d.expired(outer_nodes + self.nodes) {
                    self.aborted = true;
                }
            }
        }
        if self.aborted {
            return false;
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let mut moves = std::mem::take(&mut self.scratch[depth]);
        pos.five_points(me, &mut moves);
        if let Some(&five) = moves.first() {
            line.push(five);
            self.scratch[depth] = moves;
            return true;
        }
        let key = pos.hash();
        if depth == 0 || self.fails[Self::fail_slot(key)] == key {
            self.scratch[depth] = moves;
            return false;
        }
        pos.five_points(opp, &mut moves);
        match moves.len() {
            0 => {
                if pos.count(me, B4) + pos.count(me, F4) == 0 {
                    self.scratch[depth] = moves;
                    return false;
                }
                moves.clear();
                pos.any_four_cell(me, |i, levels| {
                    if levels.iter().any(|&l| l == B4 || l == F4) && pos.is_legal(i, me) {
                        moves.push(i);
                    }
                    false
                });
            }
            1 => {
                let block = moves[0];
                let four = pos.levels(block, me).iter().any(|&l| l == B4 || l == F4);
                if !four || !pos.is_legal(block, me) {
                    moves.clear();
                }
            }
            _ => moves.clear(),
        }
        // Strongest fours first: open fours and double fours, then fours that also make a
        // three, then by the ordering score.
        let mut scored = std::mem::take(&mut self.scored[depth]);
        scored.clear();
        scored.extend(moves.iter().map(|&i| {
            let t = threat(pos.levels(i, me));
            let bonus = match t {
                Threat::WinningFour => 1 << 24,
                Threat::FourThree => 1 << 22,
                _ => 0,
            };
            (i, bonus + eval::threat_move_score(pos, i))
        }));
        scored.sort_unstable_by(movegen::by_order);
        let mut found = false;
        let mut blocks = std::mem::take(&mut self.blocks[depth]);
        for &(m, _) in &scored {
            pos.play(m);
            // The attacker had no five point before `m`: any now lies on a line through it.
            pos.five_points_through(m, me, &mut moves);
            // The defender's possible answers: the blocks that leave no five point.
            pos.stopping_blocks(&moves, &mut blocks);
            if moves.is_empty() {
                // Not a four.
                pos.undo();
                continue;
            }
            if blocks.len() > 1 {
                // A four the defender may answer in more than one way (caro: one block can
                // shut the other five at its far end): it wins only if every answer loses.
                let won =
                    self.every_block_loses(pos, m, &blocks, depth, line, deadline, outer_nodes);
                pos.undo();
                if won {
                    found = true;
                    break;
                }
                if self.aborted {
                    break;
                }
                continue;
            }
            if blocks.is_empty() {
                // Two five points, or one the defender may not take: a win.
                pos.undo();
                line.push(m);
                found = true;
                break;
            }
            let block = blocks[0];
            pos.play(block);
            line.push(m);
            line.push(block);
            let ok = self.attack(pos, depth - 1, line, deadline, outer_nodes);
            pos.undo();
            pos.undo();
            if ok {
                found = true;
                break;
            }
            line.truncate(line.len() - 2);
            if self.aborted {
                break;
            }
        }
        if !found && !self.aborted {
            self.fails[Self::fail_slot(key)] = key;
        }
        self.scratch[depth] = moves;
        self.scored[depth] = scored;
        self.blocks[depth] = blocks;
        found
    }

    /// After the attacker's four `m` (played), whether the attack goes on to a win after each
    /// of the defender's `blocks`; then `line` gets `m`, the first block and its win.
    #[allow(clippy::too_many_arguments)]
    fn every_block_loses(
        &mut self,
        pos: &mut Position,
        m: usize,
        blocks: &[usize],
        depth: usize,
        line: &mut Line,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> bool {
        let mut first = Vec::new();
        for (n, &block) in blocks.iter().enumerate() {
            let mut branch = Vec::new();
            pos.play(block);
            let ok = self.attack(pos, depth - 1, &mut branch, deadline, outer_nodes);
            pos.undo();
            if !ok {
                return false;
            }
            if n == 0 {
                first = branch;
            }
        }
        line.push(m);
        line.push(blocks[0]);
        line.extend(first);
        true
    }

    /// Looks for a VCT (victory by continuous threats: fours and open threes) for the side
    /// to move, at most `depth` attacker moves deep, within `node_limit` nodes. Returns the
    /// main line (attacker first; each defender reply is the first one tried). Sound but not
    /// complete: a found win is a win, a miss proves nothing.
    pub fn vct(
        &mut self,
        pos: &mut Position,
        depth: usize,
        node_limit: u64,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> Option<Line> {
        self.nodes = 0;
        self.limit = node_limit;
        self.aborted = false;
        let mut line = Vec::new();
        let depth = depth.min(MAX_VCF_DEPTH);
        let won =
            pos.lines_only(|pos| self.vct_attack(pos, depth, &mut line, deadline, outer_nodes));
        if won {
            Some(line)
        } else {
            None
        }
    }

    fn tick(&mut self, deadline: Option<&Deadline>, outer_nodes: u64) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.aborted = true;
        }
        if self.nodes % 256 == 0 {
            if let Some(d) = deadline {
                if d.expired(outer_nodes + self.nodes) {
                    self.aborted = true;
                }
            }
        }
        !self.aborted
    }

    /// The attacker (to move) wins by threats within `depth` moves.
    fn vct_attack(
        &mut self,
        pos: &mut Position,
        depth: usize,
        line: &mut Line,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> bool {
        if !self.tick(deadline, outer_nodes) {
            return false;
        }
        let me = pos.to_move();
        let opp = me.opponent();
        let mut cells = Vec::new();
        pos.five_points(me, &mut cells);
        if let Some(&five) = cells.first() {
            line.push(five);
            return true;
        }
        if depth == 0 {
            return false;
        }
        let key = pos.hash() ^ depth as u64;
        if self.vct_fails[Self::fail_slot(key)] == key {
            return false;
        }
        pos.five_points(opp, &mut cells);
        let moves: Vec<usize> = if !cells.is_empty() {
            // The defender's four must be blocked first; the block need not be a threat,
            // but then the attacker must still hold one (checked by the defence).
            let fives = cells.clone();
            pos.stopping_blocks(&fives, &mut cells);
            cells.clone()
        } else {
            pos.candidates(&mut cells);
            let mut scored: Vec<(usize, i32)> = cells
                .iter()
                .filter_map(|&i| {
                    let t = threat(pos.levels(i, me));
                    if t < Threat::Three || !pos.is_legal(i, me) {
                        return None;
                    }
                    let bonus = match t {
                        Threat::WinningFour => 1 << 24,
                        Threat::FourThree => 1 << 22,
                        Threat::ThreeThree => 1 << 20,
                        _ => 0,
                    };
                    Some((i, bonus + eval::threat_move_score(pos, i)))
                })
                .collect();
            scored.sort_unstable_by(movegen::by_order);
            scored.into_iter().map(|m| m.0).collect()
        };
        for m in moves {
            pos.play(m);
            line.push(m);
            let ok = self.vct_defend(pos, depth - 1, line, deadline, outer_nodes);
            pos.undo();
            if ok {
                return true;
            }
            line.truncate(line.len() - 1);
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            self.vct_fails[Self::fail_slot(key)] = key;
        }
        false
    }

    /// The attacker (who just moved) wins whatever the defender (to move) replies.
    fn vct_defend(
        &mut self,
        pos: &mut Position,
        depth: usize,
        line: &mut Line,
        deadline: Option<&Deadline>,
        outer_nodes: u64,
    ) -> bool {
        if !self.tick(deadline, outer_nodes) {
            return false;
        }
        let defender = pos.to_move();
        let attacker = defender.opponent();
        if pos.count(defender, super::patterns::FIVE) > 0 {
            return false;
        }
        let mut cells = Vec::new();
        pos.five_points(attacker, &mut cells);
        let replies: Vec<usize> = if !cells.is_empty() {
            let fives = cells.clone();
            pos.stopping_blocks(&fives, &mut cells);
            if cells.is_empty() {
                return true;
            }
            cells.clone()
        } else {
            if !movegen::has_winning_four(pos, attacker) {
                return false;
            }
            pos.candidates(&mut cells);
            // Every move that takes a point of the attacker's coming four, and every four of
            // the defender's own (it gains a tempo).
            cells
                .iter()
                .copied()
                .filter(|&i| {
                    let takes = pos
                        .levels(i, attacker)
                        .iter()
                        .any(|l| (B4..=super::patterns::FIVE).contains(l));
                    let four = pos.levels(i, defender).iter().any(|&l| l == B4 || l == F4);
                    (takes || four) && pos.is_legal(i, defender)
                })
                .collect()
        };
        if replies.is_empty() {
            return true;
        }
        let mut first_line = None;
        for d in replies {
            pos.play(d);
            let mut sub = vec![d];
            let ok = self.vct_attack(pos, depth, &mut sub, deadline, outer_nodes);
            pos.undo();
            if !ok {
                return false;
            }
            if first_line.is_none() {
                first_line = Some(sub);
            }
        }
        line.extend(first_line.unwrap_or_default());
        true
    }
}
