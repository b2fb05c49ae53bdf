//! The computer levels of Connect Four behind one interface: Random, the original
//! article's Minimax, and Perfect (the exact solver).

use super::position::{Board, Position, WIDTH};
use super::solver::Solver;
use crate::game::{Bot, Budget};
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::SeedableRng;

crate::game_levels! {
    /// A computer level, weakest first.
    pub enum Level default Minimax {
        /// A random column that has room.
        Random => ("random", "Random"),
        /// The article's window-scoring minimax, 4 plies deep.
        Minimax => ("minimax", "Minimax"),
        /// The exact solver: never misses a win, and loses as late as possible.
        Perfect => ("perfect", "Perfect"),
    }
}

/// A boxed Connect Four bot of any level. Its move is a column, 0-based.
pub type Connect4Bot = Box<dyn Bot<Position, Move = usize> + Send>;

/// Makes a bot of `level`; the same `seed` replays the same choices among equal moves.
/// Perfect gets a solver with the default table size ([`super::solver::DEFAULT_TT_MIB`])
/// and no budget (always exact, however long it takes).
pub fn new_bot(level: Level, seed: Option<u64>) -> Connect4Bot {
    new_bot_with(
        level,
        BotOptions {
            seed,
            ..BotOptions::default()
        },
    )
}

/// How a bot is set up beyond its level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotOptions {
    /// Seed for choosing among equal moves: the same seed replays the same game.
    pub seed: Option<u64>,
    /// Perfect: the transposition table size in MiB (default [`super::solver::DEFAULT_TT_MIB`]).
    pub tt_mib: Option<usize>,
    /// Perfect: the most it may spend solving one move before falling back to minimax.
    pub budget: Option<Budget>,
}

/// Makes a bot of `level` with `options`.
pub fn new_bot_with(level: Level, options: BotOptions) -> Connect4Bot {
    let rng = match options.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    };
    match level {
        Level::Random => Box::new(RandomBot { rng }),
        Level::Minimax => Box::new(MinimaxBot::new(MinimaxBot::DEFAULT_DEPTH, rng)),
        Level::Perfect => {
            let solver = match options.tt_mib {
                Some(mib) => Solver::with_tt_mib(mib),
                None => Solver::new(),
            };
            let mut bot = PerfectBot::new(solver, rng);
            bot.set_budget(options.budget);
            Box::new(bot)
        }
    }
}

/// Plays a random column that has room.
pub struct RandomBot {
    rng: StdRng,
}

impl Bot<Position> for RandomBot {
    type Move = usize;

    fn choose_move(&mut self, position: &Position) -> Option<usize> {
        position.legal_columns().choose(&mut self.rng).copied()
    }
}

/// The article's minimax: a fixed-depth alpha-beta search over a score that counts every
/// window of four cells, with random choice among equally good moves.
pub struct MinimaxBot {
    depth: u32,
    rng: StdRng,
}

/// Greater than any window score total (69 windows of at most 100, plus the centre).
const WIN: i32 = 1_000_000;

impl MinimaxBot {
    /// The article's depth.
    pub const DEFAULT_DEPTH: u32 = 4;

    /// A bot looking `depth` plies ahead (its own move included; at least 1).
    pub fn new(depth: u32, rng: StdRng) -> MinimaxBot {
        MinimaxBot {
            depth: depth.max(1),
            rng,
        }
    }

    /// The score of every legal column for the side to move, from a `depth`-ply search.
    pub fn column_scores(&self, position: &Position) -> Vec<Option<i32>> {
        let me = position.moves() % 2;
        (0..WIDTH)
            .map(|col| {
                if !position.can_play(col) {
                    return None;
                }
                let mut child = *position.board();
                child.play_col(col);
                Some(minimax(&child, self.depth - 1, 1, -WIN * 2, WIN * 2, me))
            })
            .collect()
    }
}

impl Bot<Position> for MinimaxBot {
    type Move = usize;

    fn choose_move(&mut self, position: &Position) -> Option<usize> {
        let scores = self.column_scores(position);
        choose_best(&scores, &mut self.rng)
    }
}

/// A random column among those with the best score.
fn choose_best(scores: &[Option<i32>], rng: &mut StdRng) -> Option<usize> {
    let best = scores.iter().flatten().max()?;
    let ties: Vec<usize> = (0..scores.len())
        .filter(|&c| scores[c] == Some(*best))
        .collect();
    ties.choose(rng).copied()
}

/// Minimax after `ply` plies from the root, from the point of view of player `me` (0 first,
/// 1 second). Wins score `WIN - ply` so that sooner wins (and later losses) are preferred.
fn minimax(board: &Board, depth: u32, ply: i32, mut alpha: i32, mut beta: i32, me: usize) -> i32 {
    if board.last_player_won() {
        // The player who just moved is `me` exactly when it is now the other's turn.
        let mover = (board.moves() + 1) % 2;
        return if mover == me { WIN - ply } else { -(WIN - ply) };
    }
    if board.moves() == super::position::CELLS {
        return 0;
    }
    if depth == 0 {
        return evaluate(board, me);
    }
    let maximizing = board.moves() % 2 == me;
    let mut best = if maximizing { -WIN * 2 } else { WIN * 2 };
    for col in [3, 2, 4, 1, 5, 0, 6] {
        if !board.can_play(col) {
            continue;
        }
        let mut child = *board;
        child.play_col(col);
        let score = minimax(&child, depth - 1, ply + 1, alpha, beta, me);
        if maximizing {
            best = best.max(score);
            alpha = alpha.max(best);
        } else {
            best = best.min(score);
            beta = beta.min(best);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Every line of four cells on the board, as bitboards.
fn windows() -> &'static [u64] {
    use std::sync::OnceLock;
    static WINDOWS: OnceLock<Vec<u64>> = OnceLock::new();
    WINDOWS.get_or_init(|| {
        let bit = |col: i32, row: i32| 1u64 << (col * 7 + row);
        let mut out = Vec::new();
        for col in 0..WIDTH as i32 {
            for row in 0..super::position::HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let end_c = col + 3 * dc;
                    let end_r = row + 3 * dr;
                    if (0..WIDTH as i32).contains(&end_c)
                        && (0..super::position::HEIGHT as i32).contains(&end_r)
                    {
                        out.push((0..4).map(|i| bit(col + i * dc, row + i * dr)).sum());
                    }
                }
            }
        }
        out
    })
}

/// The article's score of `board` for player `me`: each window of four scores +100 for
/// four of ours, +10 for three and an empty cell, +5 for two and two empty, -80 for three
/// of the opponent's and an empty cell; each of our stones in the centre column adds 6.
fn evaluate(board: &Board, me: usize) -> i32 {
    let to_move = board.moves() % 2;
    let (mine, theirs) = if to_move == me {
        (board.current(), board.current() ^ board.mask())
    } else {
        (board.current() ^ board.mask(), board.current())
    };
    let centre = super::position::column_mask(WIDTH / 2);
    let mut score = 6 * (mine & centre).count_ones() as i32;
    for &w in windows() {
        let own = (mine & w).count_ones();
        let opp = (theirs & w).count_ones();
        let empty = 4 - own - opp;
        score += match (own, empty) {
            (4, _) => 100,
            (3, 1) => 10,
            (2, 2) => 5,
            _ => 0,
        };
        if opp == 3 && empty == 1 {
            score -= 80;
        }
    }
    score
}

/// Plays the move with the best exact score: the fastest win, else a draw, else the
/// slowest loss; random among equal moves.
///
/// Early positions beyond the opening book can take the solver minutes. With a budget set
/// ([`PerfectBot::set_budget`]), a move whose solving runs out of budget is chosen by the
/// article's minimax searching [`PerfectBot::FALLBACK_DEPTH`] plies instead (and
/// [`PerfectBot::last_move_exact`] says so). Without a budget (the default) it is always exact.
pub struct PerfectBot {
    solver: Solver,
    rng: StdRng,
    budget: Option<Budget>,
    last_move_exact: bool,
}

impl PerfectBot {
    /// Depth of the minimax used when the budget runs out.
    pub const FALLBACK_DEPTH: u32 = 6;

    /// A bot using `solver` (choose its table size for the browser with
    /// [`Solver::with_tt_mib`]).
    pub fn new(solver: Solver, rng: StdRng) -> PerfectBot {
        PerfectBot {
            solver,
            rng,
            budget: None,
            last_move_exact: true,
        }
    }

    /// A seeded bot with a table of about `tt_mib` MiB.
    pub fn with_tt_mib(tt_mib: usize, seed: Option<u64>) -> PerfectBot {
        let rng = match seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        PerfectBot::new(Solver::with_tt_mib(tt_mib), rng)
    }

    /// Limits the solving of each move (`None`: no limit, always exact).
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.budget = budget;
    }

    /// The limit on the solving of each move (`None`: none).
    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    /// Whether the last move chosen came from the exact solver.
    pub fn last_move_exact(&self) -> bool {
        self.last_move_exact
    }

    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }
}

impl Bot<Position> for PerfectBot {
    type Move = usize;

    fn set_budget(&mut self, budget: Budget) {
        PerfectBot::set_budget(self, Some(budget));
    }

    fn choose_move(&mut self, position: &Position) -> Option<usize> {
        self.last_move_exact = true;
        let mut order: Vec<usize> = (0..WIDTH).collect();
        order.shuffle(&mut self.rng);
        match self.budget {
            None => self.solver.best_column(position, &order),
            Some(budget) => match self.solver.best_column_within(position, &order, budget) {
                Some(col) => Some(col),
                None => {
                    self.last_move_exact = false;
                    let scores = MinimaxBot::new(Self::FALLBACK_DEPTH, self.rng.clone())
                        .column_scores(position);
                    choose_best(&scores, &mut self.rng)
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        Position::parse(s).unwrap()
    }

    #[test]
    fn level_names_parse_back() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>().unwrap(), level);
        }
        assert_eq!(" Perfect ".parse::<Level>().unwrap(), Level::Perfect);
        let e = "expert".parse::<Level>().unwrap_err();
        assert!(e.0.contains("expert") && e.0.contains("minimax"), "{e}");
    }

    #[test]
    fn minimax_takes_a_win() {
        // First player to move with three on the bottom row (columns 1-3), column 4 open.
        // Also the second player threatens column 7: winning beats blocking.
        for seed in 0..5 {
            let mut bot = new_bot(Level::Minimax, Some(seed));
            assert_eq!(bot.choose_move(&pos("172737")), Some(3));
        }
    }

    #[test]
    fn minimax_blocks_three_in_a_row() {
        // Second player to move; the first has three stacked in column 2.
        for seed in 0..5 {
            let mut bot = new_bot(Level::Minimax, Some(seed));
            assert_eq!(bot.choose_move(&pos("27262")), Some(1));
        }
        // A horizontal three on the bottom row (columns 1-3) with column 4 open.
        for seed in 0..5 {
            let mut bot = new_bot(Level::Minimax, Some(seed));
            assert_eq!(bot.choose_move(&pos("17273")), Some(3));
        }
    }

    #[test]
    fn random_plays_only_legal_columns() {
        // Columns 1 and 4 are full here.
        let p = pos("111111444444");
        assert!(!p.can_play(0) && !p.can_play(3));
        let mut bot = new_bot(Level::Random, Some(7));
        let mut seen = [false; WIDTH];
        for _ in 0..200 {
            let col = bot.choose_move(&p).unwrap();
            assert!(p.can_play(col), "played full column {}", col + 1);
            seen[col] = true;
        }
        assert_eq!(seen, [false, true, true, false, true, true, true]);
        let over = pos("1212121");
        assert_eq!(bot.choose_move(&over), None);
    }

    #[test]
    fn perfect_wins_at_once_and_blocks() {
        let mut bot = PerfectBot::with_tt_mib(4, Some(3));
        // Column 6 connects now; column 7 also wins, but later.
        let win = pos("55542243332345117644151151");
        assert!(win.board().is_winning_move(5) && !win.board().is_winning_move(6));
        assert_eq!(bot.choose_move(&win), Some(5));
        // The opponent threatens to connect in column 6 (from Pons' L2_R1 set, score 4).
        assert_eq!(bot.choose_move(&pos("5554224333234511764415115")), Some(5));
        // Blocking column 1 only delays the loss; every other move loses at once.
        assert_eq!(bot.choose_move(&pos("271713432331713132")), Some(0));
        assert!(bot.last_move_exact());
    }

    #[test]
    fn perfect_with_a_tiny_budget_falls_back_to_minimax() {
        let mut bot = PerfectBot::with_tt_mib(1, Some(3));
        bot.set_budget(Some(Budget::nodes(20_000)));
        // Three stones in, off the book's lines: far too hard to solve in 20,000 nodes.
        let col = bot.choose_move(&pos("123")).unwrap();
        assert!(!bot.last_move_exact());
        assert!(col < WIDTH);
        // Late positions are solved within the budget.
        assert_eq!(bot.choose_move(&pos("271713432331713132")), Some(0));
        assert!(bot.last_move_exact());
    }

    #[test]
    fn perfect_takes_a_budget_through_the_bot_interface() {
        let mut bot = PerfectBot::with_tt_mib(1, Some(3));
        let as_bot: &mut dyn Bot<Position, Move = usize> = &mut bot;
        as_bot.set_budget(Budget::nodes(20_000));
        assert_eq!(bot.budget(), Some(Budget::nodes(20_000)));
    }
}
