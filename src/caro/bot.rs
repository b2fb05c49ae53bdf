//! The computer levels of Caro behind one interface.

use super::board::{Board, Pos};
use super::greedy;
use super::search::{score_text, Engine, EngineConfig, Limits, SearchInfo};
use crate::game::{Bot, Budget, Progress};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

crate::game_levels! {
    /// A computer level, weakest first.
    pub enum Level default Normal {
        /// The original article's attack/defense scorer.
        Greedy => ("greedy", "Greedy"),
        /// A one-ply search (with the threat checks) and much randomness: 1,000 nodes.
        Easy => ("easy", "Easy"),
        /// A 2,500-node search with threat search, somewhat varied. The default: a fair game
        /// for most players, and it answers at once.
        Normal => ("normal", "Normal"),
        /// A 20,000-node search (at most 3 s), slightly varied.
        Hard => ("hard", "Hard"),
        /// The full engine, about one second per move.
        Master => ("master", "Master"),
    }
}

impl Level {
    /// The search limits of a searching level (`None` for Greedy), before any override.
    pub fn limits(self) -> Option<Limits> {
        let mut limits = match self {
            Level::Greedy => return None,
            Level::Easy => Limits::nodes(1_000),
            Level::Normal => Limits::nodes(2_500),
            Level::Hard => Limits::new(Budget {
                nodes: Some(20_000),
                time: Some(Duration::from_secs(3)),
            }),
            Level::Master => Limits::time(Duration::from_millis(1_000)),
        };
        match self {
            Level::Easy => {
                limits.max_depth = 1;
                limits.noise = 80;
                limits.root_vcf_nodes = 500;
                limits.leaf_vcf_nodes = 0;
                limits.root_vct_nodes = 0;
                limits.safety_vcf_nodes = 0;
            }
            Level::Normal => {
                limits.max_depth = 40;
                limits.noise = 30;
                limits.root_vcf_nodes = 3_000;
                limits.leaf_vcf_nodes = 20;
                limits.root_vct_nodes = 0;
                limits.safety_vcf_nodes = 500;
            }
            Level::Hard => {
                limits.noise = 5;
                limits.root_vct_nodes = 0;
            }
            Level::Master => {
                limits.root_vcf_nodes = 100_000;
                limits.leaf_vcf_nodes = 60;
                limits.root_vct_nodes = 30_000;
                limits.safety_vcf_nodes = 5_000;
            }
            _ => {}
        }
        Some(limits)
    }

    /// The transposition table a searching level gets unless told otherwise, in MB (small
    /// enough for a browser tab; a Gomocup brain keeps it within max_memory).
    pub fn hash_megabytes(self) -> usize {
        match self {
            Level::Greedy | Level::Easy | Level::Normal => 4,
            Level::Hard | Level::Master => 16,
        }
    }

    /// This level's budget when a move may take at most `time`: Master, which plans by the
    /// clock, takes all of it; the node-budgeted levels keep their node budgets and are only
    /// cut off at `time` (so a match or a tournament clock never makes them stronger).
    /// `None` for Greedy, which does not search.
    pub fn budget_within(self, time: Duration) -> Option<Budget> {
        let own = self.limits()?.budget;
        Some(match self {
            Level::Master => Budget::time(time),
            _ => Budget {
                nodes: own.nodes,
                time: Some(own.time.map_or(time, |t| t.min(time))),
            },
        })
    }
}

/// How a bot is set up beyond its level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotOptions {
    /// Seed for tie-breaking and any randomness: the same seed replays the same game.
    pub seed: Option<u64>,
    /// Overrides the level's own time/node budget (searching levels only).
    pub budget: Option<Budget>,
    /// Overrides the level's transposition-table size in MB (searching levels only).
    pub hash_megabytes: Option<usize>,
}

/// A boxed Caro bot of any level.
pub type CaroBot = Box<dyn Bot<Board, Move = Pos> + Send>;

/// Makes a bot of `level`.
pub fn new_bot(level: Level, options: BotOptions) -> CaroBot {
    let rng = match options.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    match level.limits() {
        None => Box::new(GreedyBot { rng }),
        Some(mut limits) => {
            if let Some(budget) = options.budget {
                limits.budget = budget;
            }
            let tt_megabytes = options
                .hash_megabytes
                .unwrap_or_else(|| level.hash_megabytes());
            Box::new(EngineBot::new(limits, tt_megabytes, rng))
        }
    }
}

/// A searching level as a [`Bot`].
pub struct EngineBot {
    engine: Engine,
    limits: Limits,
    rng: StdRng,
}

impl EngineBot {
    /// A bot searching with `limits` and a `tt_megabytes` table; `rng` seeds the noise.
    pub fn new(limits: Limits, tt_megabytes: usize, rng: StdRng) -> EngineBot {
        EngineBot {
            engine: Engine::new(EngineConfig {
                tt_megabytes,
                ..EngineConfig::default()
            }),
            limits,
            rng,
        }
    }
}

impl Bot<Board> for EngineBot {
    type Move = Pos;

    fn choose_move(&mut self, board: &Board) -> Option<Pos> {
        self.choose_move_reporting(board, &mut |_| {})
    }

    fn choose_move_reporting(
        &mut self,
        board: &Board,
        report: &mut dyn FnMut(&Progress),
    ) -> Option<Pos> {
        let mut limits = self.limits;
        limits.seed = self.rng.random();
        self.engine
            .search(board, &limits, &mut |info: &SearchInfo| {
                report(&Progress {
                    best: info.best.to_string(),
                    depth: info.depth,
                    score: score_text(info.score),
                    nodes: info.nodes,
                })
            })
            .best
    }

    fn set_budget(&mut self, budget: Budget) {
        self.limits.budget = budget;
    }
}

/// The article's scorer as a [`Bot`].
pub struct GreedyBot {
    rng: StdRng,
}

impl Bot<Board> for GreedyBot {
    type Move = Pos;

    fn choose_move(&mut self, board: &Board) -> Option<Pos> {
        greedy::choose_move(board, &mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::notation::parse_position;

    /// The nodes `bot`'s search of `board` had spent when it completed depth `depth`.
    fn nodes_to_depth(bot: &mut EngineBot, board: &Board, depth: u32) -> u64 {
        let mut nodes = None;
        bot.choose_move_reporting(board, &mut |p| {
            if p.depth == depth {
                nodes = Some(p.nodes);
            }
        });
        nodes.unwrap_or_else(|| panic!("no iteration completed depth {depth}"))
    }

    #[test]
    fn a_bot_searching_a_position_again_starts_from_what_it_learnt() {
        // Normal searches 2,500 nodes whatever the clock, so with its noise seeded its counts
        // are exact. Each search again is set against a new bot with the same noise (its
        // generator cloned): the only difference is the kept bot's table and history. (The
        // counts: 99 to 113 nodes to depth 2 again, 148 for the new bot.)
        let board = parse_position("freestyle 15x15 7,7 7,8 8,8 6,6 8,6").unwrap();
        let limits = Level::Normal.limits().unwrap();
        let tt = Level::Normal.hash_megabytes();
        for seed in [3, 11, 29] {
            let mut kept = EngineBot::new(limits, tt, StdRng::seed_from_u64(seed));
            nodes_to_depth(&mut kept, &board, 2);
            for _ in 0..3 {
                let mut new = EngineBot::new(limits, tt, kept.rng.clone());
                let fresh = nodes_to_depth(&mut new, &board, 2);
                let again = nodes_to_depth(&mut kept, &board, 2);
                assert!(
                    again * 5 < fresh * 4,
                    "seed {seed}: {again} nodes to depth 2 searching again, {fresh} for a new bot \
                     with the same noise: the kept bot did not use what it learnt"
                );
            }
        }
    }
}
