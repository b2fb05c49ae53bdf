//! The one-line requests the web page sends its bot worker, and the replies.
//!
//! Request: `ID<TAB>GAME<TAB>LEVEL<TAB>SEED<TAB>TIME<TAB>POSITION`, where SEED is a number or
//! `-`, TIME the thinking time in milliseconds of a level that plans by the clock (Caro
//! Master, Othello Strong, Connect Four Perfect's budget) or `-` for its default, and
//! POSITION the game's own position text (for Caro, see `caro::notation`).
//! Reply: `ID<TAB>ok<TAB>MOVE<TAB>MILLISECONDS` or `ID<TAB>err<TAB>MESSAGE`, after any
//! number of progress lines `ID<TAB>info<TAB>BEST<TAB>DEPTH<TAB>SCORE<TAB>NODES` from a
//! searching bot (the page shows them, and may play BEST at once: "move now").
//! The id lets the page drop replies to requests it no longer wants (after an undo, say).
//! A request without a seed is answered by a bot the worker keeps from move to move (see
//! [`KeptBots`]); a seeded one by a bot made for it.
//!
//! Games and their texts: `caro` (position: `caro::notation`; move `row,col`), `connect4`
//! (position: the columns played, 1-based; move: a column 1-7), `connect4-hint` (level
//! ignored; reply: the seven columns' exact scores joined by `,`, `-` for a full column, `?`
//! for one not solved within the hint budget),
//! `othello` (position: OBF; move like `d3`).

use crate::caro;
use crate::connect4;
use crate::connect4::solver::ColumnValue;
use crate::game::{Bot, Budget, InputError, Progress};
use crate::othello;
use std::cell::RefCell;
use std::thread::LocalKey;
use std::time::Duration;
use web_time::Instant;

/// The Connect Four solver's table in the worker: the browser gets less than the native
/// 64 MiB default.
pub const WORKER_C4_TABLE_MIB: usize = 16;

/// The most Perfect spends on one move in the worker unless the request gives a time. Off the
/// opening book an early position can take the solver minutes; past this budget Perfect
/// plays its minimax fallback (see [`connect4::PerfectBot::set_budget`]), so the page never
/// stalls.
pub const WORKER_C4_MOVE_BUDGET: Budget = Budget {
    nodes: None,
    time: Some(Duration::from_secs(3)),
};

/// The most a hint spends on each column; a column not solved in time shows as unknown.
pub const WORKER_C4_HINT_BUDGET: Budget = Budget {
    nodes: None,
    time: Some(Duration::from_millis(1500)),
};

thread_local! {
    /// The Perfect solver outlives a request, so its table helps the next move too.
    static C4_PERFECT: RefCell<Option<connect4::levels::PerfectBot>> = const { RefCell::new(None) };
    /// Caro's bots for requests without a seed, kept from move to move (see [`KeptBots`]).
    static CARO_BOTS: RefCell<KeptBots<caro::Level, caro::CaroBot>> = const { RefCell::new(KeptBots::new()) };
    /// Othello's, the same way.
    static OTHELLO_BOTS: RefCell<KeptBots<othello::Level, othello::OthelloBot>> = const { RefCell::new(KeptBots::new()) };
}

/// The bots a worker keeps between requests, one a level, so that a searching level keeps
/// its transposition table from one move to the next, as it does in a native game (`caro
/// match`, the Gomocup brain): made anew for every move, the browser's Master would start
/// each search from an empty table, and would not be the player the measured one is.
///
/// Only requests without a seed use them. A seeded request gets a bot of its own, made for
/// it, so the same seed and position give the same move whatever the worker answered before
/// (the page's `seed=` replays, the tests). The two levels used last are kept (the two
/// sides of a game between computers), so the worker holds at most two tables.
pub struct KeptBots<L, B> {
    bots: Vec<(L, B)>,
    made: u64,
}

impl<L: Copy + PartialEq, B> KeptBots<L, B> {
    /// How many levels' bots are kept.
    pub const KEEP: usize = 2;

    pub const fn new() -> KeptBots<L, B> {
        KeptBots {
            bots: Vec::new(),
            made: 0,
        }
    }

    /// The bot kept for `level`, made by `make` if there is none (dropping the bot used
    /// longest ago when [`KeptBots::KEEP`] are kept already).
    pub fn get(&mut self, level: L, make: impl FnOnce() -> B) -> &mut B {
        match self.bots.iter().position(|(l, _)| *l == level) {
            Some(i) => {
                let kept = self.bots.remove(i);
                self.bots.push(kept);
            }
            None => {
                if self.bots.len() >= Self::KEEP {
                    self.bots.remove(0);
                }
                self.bots.push((level, make()));
                self.made += 1;
            }
        }
        let (_, bot) = self.bots.last_mut().expect("pushed just above");
        bot
    }

    /// Bots made so far.
    pub fn made(&self) -> u64 {
        self.made
    }

    /// The levels kept, the one used last at the end.
    pub fn levels(&self) -> Vec<L> {
        self.bots.iter().map(|(l, _)| *l).collect()
    }
}

impl<L: Copy + PartialEq, B> Default for KeptBots<L, B> {
    fn default() -> Self {
        KeptBots::new()
    }
}

/// Runs `choose` on the bot for a request: without a seed, the one `kept` holds for `level`
/// (made by `make` if there is none); with a seed, a new one from `make`.
fn with_bot<L: Copy + PartialEq + 'static, B: 'static, T>(
    kept: &'static LocalKey<RefCell<KeptBots<L, B>>>,
    level: L,
    seed: Option<u64>,
    make: impl FnOnce() -> B,
    choose: impl FnOnce(&mut B) -> T,
) -> T {
    match seed {
        Some(_) => choose(&mut make()),
        None => kept.with(|bots| choose(bots.borrow_mut().get(level, make))),
    }
}

/// A parsed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRequest<'a> {
    pub id: u32,
    pub game: &'a str,
    pub level: &'a str,
    pub seed: Option<u64>,
    pub think_ms: Option<u32>,
    pub position: &'a str,
}

/// A bot's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotReply {
    Move {
        text: String,
        millis: u64,
    },
    Error(String),
    /// Not an answer yet: how the search goes.
    Progress(Progress),
}

pub fn parse_request(line: &str) -> Result<BotRequest<'_>, InputError> {
    let fields: Vec<&str> = line.splitn(6, '\t').collect();
    let [id, game, level, seed, time, position] = fields[..] else {
        return Err(InputError::new(
            "bot request needs 6 tab-separated fields: id, game, level, seed, time, position",
        ));
    };
    let id: u32 = id
        .parse()
        .map_err(|_| InputError::new(format!("bad id '{id}' in bot request")))?;
    let think_ms = match time {
        "-" | "" => None,
        t => Some(
            t.parse()
                .ok()
                .filter(|&ms| ms > 0)
                .ok_or_else(|| InputError::new(format!("bad time '{t}' in bot request")))?,
        ),
    };
    let seed = match seed {
        "-" | "" => None,
        s => Some(
            s.parse()
                .map_err(|_| InputError::new(format!("bad seed '{s}' in bot request")))?,
        ),
    };
    Ok(BotRequest {
        id,
        game,
        level,
        seed,
        think_ms,
        position,
    })
}

pub fn format_request(
    id: u32,
    game: &str,
    level: &str,
    seed: Option<u64>,
    think_ms: Option<u32>,
    position: &str,
) -> String {
    let seed = seed.map_or("-".to_string(), |s| s.to_string());
    let time = think_ms.map_or("-".to_string(), |t| t.to_string());
    format!("{id}\t{game}\t{level}\t{seed}\t{time}\t{position}")
}

/// Answers one request line with one reply line.
pub fn answer(line: &str) -> String {
    answer_reporting(line, &mut |_| {})
}

/// Answers one request line with one reply line, sending progress lines to `report` while
/// a searching bot thinks.
pub fn answer_reporting(line: &str, report: &mut dyn FnMut(&str)) -> String {
    match parse_request(line) {
        Ok(req) => {
            let id = req.id;
            let mut progress = |p: &Progress| {
                // Tabs would break the line format; no engine puts them in its texts.
                let clean = |s: &str| s.replace('\t', " ");
                report(&format!(
                    "{id}\tinfo\t{}\t{}\t{}\t{}",
                    clean(&p.best),
                    p.depth,
                    clean(&p.score),
                    p.nodes
                ));
            };
            match reply_to(&req, &mut progress) {
                BotReply::Move { text, millis } => format!("{id}\tok\t{text}\t{millis}"),
                BotReply::Error(msg) => format!("{id}\terr\t{msg}"),
                BotReply::Progress(_) => unreachable!("reply_to returns a final reply"),
            }
        }
        Err(e) => {
            let id: u32 = line
                .split('\t')
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0);
            format!("{id}\terr\t{e}")
        }
    }
}

/// Splits a reply line into the request id and the reply.
pub fn parse_reply(line: &str) -> Result<(u32, BotReply), InputError> {
    let mut fields = line.split('\t');
    let bad = || InputError::new(format!("malformed bot reply '{line}'"));
    let id: u32 = fields.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
    match fields.next() {
        Some("ok") => {
            let text = fields.next().ok_or_else(bad)?.to_string();
            let millis = fields.next().and_then(|s| s.parse().ok()).unwrap_or(0);
            Ok((id, BotReply::Move { text, millis }))
        }
        Some("err") => Ok((id, BotReply::Error(fields.collect::<Vec<_>>().join("\t")))),
        Some("info") => {
            let best = fields.next().ok_or_else(bad)?.to_string();
            let depth = fields.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
            let score = fields.next().ok_or_else(bad)?.to_string();
            let nodes = fields.next().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
            Ok((
                id,
                BotReply::Progress(Progress {
                    best,
                    depth,
                    score,
                    nodes,
                }),
            ))
        }
        _ => Err(bad()),
    }
}

fn reply_to(req: &BotRequest, report: &mut dyn FnMut(&Progress)) -> BotReply {
    let start = Instant::now();
    let result = match req.game {
        "caro" => caro_move(req, report),
        "connect4" => connect4_move(req),
        "connect4-hint" => connect4_hint(req),
        "caro-hint" => caro_hint(req),
        "othello" => othello_move(req, report),
        "othello-hint" => othello_hint(req),
        other => Err(InputError::new(format!("unknown game '{other}'"))),
    };
    match result {
        Ok(text) => BotReply::Move {
            text,
            millis: start.elapsed().as_millis() as u64,
        },
        Err(e) => BotReply::Error(e.to_string()),
    }
}

fn caro_move(req: &BotRequest, report: &mut dyn FnMut(&Progress)) -> Result<String, InputError> {
    let level: caro::Level = req.level.parse()?;
    let board = caro::notation::parse_position(req.position)?;
    let budget = caro_budget(level, req.think_ms);
    let options = caro::BotOptions {
        seed: req.seed,
        ..caro::BotOptions::default()
    };
    with_bot(
        &CARO_BOTS,
        level,
        req.seed,
        || caro::new_bot(level, options),
        |bot| {
            if let Some(budget) = budget {
                bot.set_budget(budget);
            }
            bot.choose_move_reporting(&board, report)
        },
    )
    .map(|p| p.to_string())
    .ok_or_else(|| InputError::new("no move: the game is over"))
}

/// A Caro level's budget for a request: Master thinks for the time given, the other levels
/// keep their budgets within it; without a time, the level's own budget (a kept bot may have
/// been given another before). `None` for Greedy, which does not search.
pub fn caro_budget(level: caro::Level, think_ms: Option<u32>) -> Option<Budget> {
    match think_ms {
        Some(ms) => level.budget_within(Duration::from_millis(ms.into())),
        None => level.limits().map(|limits| limits.budget),
    }
}

/// A Caro hint: the engine's best move for the side to move and what it thinks of the
/// position, as `ROW,COL;KIND;VALUE`. KIND `vcf` or `vct`: the side to move wins by
/// continuous fours or by threats, VALUE its moves to the five; `win`/`loss`: the search
/// proved a win or a loss in VALUE moves of the side to move; `eval`: VALUE is the score in
/// points for the side to move.
fn caro_hint(req: &BotRequest) -> Result<String, InputError> {
    let board = caro::notation::parse_position(req.position)?;
    if board.is_over() {
        return Err(InputError::new("no hint: the game is over"));
    }
    let ms = req.think_ms.unwrap_or(WORKER_HINT_MS);
    let mut limits = caro::Level::Master.limits().expect("Master searches");
    limits.budget = Budget::time(Duration::from_millis(ms.into()));
    let mut engine = caro::Engine::new(caro::EngineConfig {
        tt_megabytes: 8,
        ..caro::EngineConfig::default()
    });
    let side = board.to_move();
    let (vcf, _) = engine.find_vcf(&board, side, Budget::nodes(limits.root_vcf_nodes));
    if let Some(line) = vcf {
        return Ok(format!("{};vcf;{}", line[0], line.len().div_ceil(2)));
    }
    let result = engine.search(&board, &limits, &mut |_| {});
    let best = result
        .best
        .ok_or_else(|| InputError::new("no hint: no move is legal"))?;
    let (kind, value) = match (&result.forced_win, result.score) {
        (Some(line), _) => ("vct", line.len().div_ceil(2) as i32),
        (None, s) if s > caro::eval::WIN_THRESHOLD => ("win", (caro::eval::WIN - s + 1) / 2),
        (None, s) if s < -caro::eval::WIN_THRESHOLD => ("loss", (caro::eval::WIN + s + 1) / 2),
        (None, s) => ("eval", s),
    };
    Ok(format!("{best};{kind};{value}"))
}

/// An Othello hint: the value of every legal move for the side to move, in discs at the
/// end, as `d3:+4:x,c4:-2.5:e,...` (`x` exact by the endgame solver, `e` the midgame
/// search's estimate), best first.
fn othello_hint(req: &BotRequest) -> Result<String, InputError> {
    let position = othello::parse_obf(req.position)?;
    let moves: Vec<othello::Square> = position.moves().collect();
    if moves.is_empty() {
        return Err(InputError::new(
            "no hint: the side to move has no legal move",
        ));
    }
    let ms = req.think_ms.unwrap_or(WORKER_HINT_MS);
    let per_move = Budget::time(Duration::from_millis(
        (ms as u64 / moves.len() as u64).max(20),
    ));
    // The trained weights where the worker has them, the hand-tuned terms otherwise.
    let eval = othello::search::Eval::default_patterns();
    let mut solver = othello::Solver::with_eval(18, eval.clone());
    let mut searcher = othello::search::Searcher::with_eval(16, eval);
    let mut values: Vec<(f64, String)> = Vec::new();
    for square in moves {
        let child = position
            .after(square)
            .map_err(|e| InputError::new(e.to_string()))?;
        let exact = if child.empties() <= OTHELLO_HINT_EXACT_EMPTIES {
            solver
                .solve_within(&child, per_move)
                .map(|s| -s.score as f64)
        } else {
            None
        };
        let (value, mark) = match exact {
            Some(v) => (v, 'x'),
            None => {
                let score = searcher.score(child.player(), child.opponent(), OTHELLO_HINT_DEPTH);
                (-othello::search::score_in_discs(score), 'e')
            }
        };
        let shown = if mark == 'x' || value.fract() == 0.0 {
            format!("{value:+.0}")
        } else {
            format!("{value:+.1}")
        };
        values.push((value, format!("{square}:{shown}:{mark}")));
    }
    values.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(values
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join(","))
}

/// The time a hint thinks when the page gives none.
pub const WORKER_HINT_MS: u32 = 1_000;
/// Othello hints are exact from this many empty squares after the move.
const OTHELLO_HINT_EXACT_EMPTIES: u32 = 16;
/// The midgame search depth of an Othello hint's estimates.
const OTHELLO_HINT_DEPTH: u32 = 6;

fn connect4_move(req: &BotRequest) -> Result<String, InputError> {
    let level: connect4::Level = req.level.parse()?;
    let position = connect4::Position::parse(req.position)?;
    let budget = req.think_ms.map_or(WORKER_C4_MOVE_BUDGET, |ms| {
        Budget::time(Duration::from_millis(ms.into()))
    });
    let column = if level == connect4::Level::Perfect && req.seed.is_none() {
        with_perfect_bot(|bot| {
            bot.set_budget(Some(budget));
            bot.choose_move(&position)
        })
    } else if level == connect4::Level::Perfect {
        let mut bot = connect4::levels::PerfectBot::with_tt_mib(WORKER_C4_TABLE_MIB, req.seed);
        bot.set_budget(Some(budget));
        bot.choose_move(&position)
    } else {
        connect4::new_bot(level, req.seed).choose_move(&position)
    };
    column
        .map(|c| (c + 1).to_string())
        .ok_or_else(|| InputError::new("no move: the game is over"))
}

fn with_perfect_bot<T>(f: impl FnOnce(&mut connect4::levels::PerfectBot) -> T) -> T {
    C4_PERFECT.with(|cell| {
        let mut slot = cell.borrow_mut();
        let bot = slot.get_or_insert_with(|| {
            connect4::levels::PerfectBot::with_tt_mib(WORKER_C4_TABLE_MIB, None)
        });
        f(bot)
    })
}

fn connect4_hint(req: &BotRequest) -> Result<String, InputError> {
    let position = connect4::Position::parse(req.position)?;
    if position.is_over() {
        return Err(InputError::new("no hint: the game is over"));
    }
    let values = with_perfect_bot(|bot| {
        bot.solver()
            .column_values_within(&position, WORKER_C4_HINT_BUDGET)
    });
    let text: Vec<String> = values
        .iter()
        .map(|v| match v {
            ColumnValue::Full => "-".to_string(),
            ColumnValue::Exact(score) => score.to_string(),
            ColumnValue::Unknown => "?".to_string(),
        })
        .collect();
    Ok(text.join(","))
}

fn othello_move(req: &BotRequest, report: &mut dyn FnMut(&Progress)) -> Result<String, InputError> {
    let level: othello::Level = req.level.parse()?;
    if level == othello::Level::Strong && othello::eval::Weights::shipped().is_none() {
        return Err(InputError::new(
            "Strong's evaluation is not loaded (pkg/othello-eval.bin could not be fetched)",
        ));
    }
    let position = othello::parse_obf(req.position)?;
    let budget = req
        .think_ms
        .map_or(Budget::time(othello::levels::STRONG_DEFAULT_TIME), |ms| {
            Budget::time(Duration::from_millis(ms.into()))
        });
    with_bot(
        &OTHELLO_BOTS,
        level,
        req.seed,
        || othello::new_bot(level, req.seed),
        |bot| {
            bot.set_budget(budget);
            bot.choose_move_reporting(&position, report)
        },
    )
    .map(|sq| sq.to_string())
    .ok_or_else(|| InputError::new("no move: the side to move must pass or the game is over"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request's progress lines and its final reply.
    fn ask(request: &str) -> (Vec<String>, String) {
        let mut lines = Vec::new();
        let reply = answer_reporting(request, &mut |l| lines.push(l.to_string()));
        (lines, reply)
    }

    /// The move of a final reply, without its time.
    fn move_of(reply: &str) -> String {
        match parse_reply(reply) {
            Ok((_, BotReply::Move { text, .. })) => text,
            other => panic!("not a move: {other:?}"),
        }
    }

    /// A quiet opening: no side has a threat, so a search goes as deep as its nodes allow.
    const QUIET: &str = "freestyle 15x15 7,7 7,8 8,8 6,6 8,6";

    #[test]
    fn kept_bots_keep_the_two_levels_used_last() {
        let mut kept: KeptBots<char, u32> = KeptBots::new();
        *kept.get('a', || 1) += 10;
        assert_eq!(*kept.get('a', || 99), 11, "the same bot, not a new one");
        assert_eq!(kept.made(), 1);
        kept.get('b', || 2);
        assert_eq!((kept.made(), kept.levels()), (2, vec!['a', 'b']));
        // Using 'a' again makes it the last used, so 'b' is the one dropped for 'c'.
        kept.get('a', || 99);
        assert_eq!(kept.levels(), vec!['b', 'a']);
        kept.get('c', || 3);
        assert_eq!((kept.made(), kept.levels()), (3, vec!['a', 'c']));
        assert_eq!(*kept.get('a', || 99), 11);
        assert_eq!(
            *kept.get('b', || 4),
            4,
            "a dropped level's bot is made anew"
        );
        assert_eq!((kept.made(), kept.levels()), (4, vec!['a', 'b']));
    }

    /// The nodes a search had taken when it completed `depth`, from its progress lines.
    fn nodes_at(lines: &[String], depth: u32) -> u64 {
        lines
            .iter()
            .find_map(|l| match parse_reply(l) {
                Ok((_, BotReply::Progress(p))) if p.depth == depth => Some(p.nodes),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no progress line at depth {depth}: {lines:?}"))
    }

    #[test]
    fn unseeded_caro_requests_are_answered_by_one_kept_bot() {
        // The kept bot's table makes a search again cheaper (the bot's own test,
        // `caro::bot::tests`, with its noise seeded); here, that every unseeded request of a
        // level reaches that one bot, whose progress stays a search's.
        let request = format_request(1, "caro", "normal", None, None, QUIET);
        for _ in 0..4 {
            let (lines, reply) = ask(&request);
            move_of(&reply);
            nodes_at(&lines, 2);
        }
        CARO_BOTS.with(|b| {
            let b = b.borrow();
            assert_eq!((b.made(), b.levels()), (1, vec![caro::Level::Normal]));
        });
    }

    #[test]
    fn a_seeded_caro_request_gives_the_same_search_whatever_came_before() {
        let seeded = format_request(2, "caro", "hard", Some(5), None, QUIET);
        let (lines, reply) = ask(&seeded);
        // Unseeded requests fill the kept bot's table; the seeded one does not use it.
        for _ in 0..2 {
            ask(&format_request(3, "caro", "hard", None, None, QUIET));
        }
        let (again, reply_again) = ask(&seeded);
        assert_eq!(lines, again, "the same progress, line for line");
        assert_eq!(move_of(&reply), move_of(&reply_again));
        CARO_BOTS.with(|b| assert_eq!(b.borrow().made(), 1, "seeded requests keep no bot"));
    }

    #[test]
    fn a_kept_caro_bot_gets_each_request_s_budget() {
        use caro::Level;
        let own = |level: Level| level.limits().map(|l| l.budget);
        // Without a time, each level's own budget: what a kept bot given a time before
        // must go back to.
        for level in Level::ALL {
            assert_eq!(caro_budget(level, None), own(level), "{level:?}");
        }
        assert_eq!(
            caro_budget(Level::Master, Some(300)),
            Some(Budget::time(Duration::from_millis(300)))
        );
        let hard = caro_budget(Level::Hard, Some(300)).expect("Hard searches");
        assert_eq!(hard.nodes, own(Level::Hard).unwrap().nodes);
        assert_eq!(caro_budget(Level::Greedy, Some(300)), None);
        // The kept Hard given 1 ms, then no time: it searches its own 20,000 nodes (within
        // its 3 s) again, about 15,000 to its last full depth here (fewer in a slow debug
        // build), not what 1 ms allows (a few hundred at most).
        let hurried = format_request(4, "caro", "hard", None, Some(1), QUIET);
        move_of(&answer(&hurried));
        let other = "freestyle 15x15 7,7 7,8 8,8 6,6 8,6 9,9 5,5";
        let mut nodes = 0;
        let reply = answer_reporting(
            &format_request(5, "caro", "hard", None, None, other),
            &mut |l| {
                if let Ok((_, BotReply::Progress(p))) = parse_reply(l) {
                    nodes = nodes.max(p.nodes);
                }
            },
        );
        move_of(&reply);
        assert!(
            nodes > 2_000,
            "{nodes} nodes: the 1 ms budget stayed with the bot"
        );
        CARO_BOTS.with(|b| assert_eq!(b.borrow().made(), 1, "the same bot both times"));
    }

    #[test]
    fn othello_keeps_an_unseeded_strong_bot_and_makes_a_seeded_one() {
        let start = "---------------------------OX------XO--------------------------- X";
        for id in 0..2 {
            let request = format_request(id, "othello", "strong", None, Some(50), start);
            let reply = answer(&request);
            assert!(["d3", "c4", "f5", "e6"].contains(&move_of(&reply).as_str()));
        }
        answer(&format_request(
            3,
            "othello",
            "strong",
            Some(1),
            Some(50),
            start,
        ));
        answer(&format_request(
            4,
            "othello",
            "positional",
            None,
            None,
            start,
        ));
        OTHELLO_BOTS.with(|b| {
            let b = b.borrow();
            assert_eq!(b.made(), 2, "one Strong and one Positional");
            assert_eq!(
                b.levels(),
                vec![othello::Level::Strong, othello::Level::Positional]
            );
        });
    }
}
