//! The one-line requests the web page sends its bot worker, and the replies.
//!
//! Request: `ID<TAB>GAME<TAB>LEVEL<TAB>SEED<TAB>POSITION`, where SEED is a number or `-`
//! and POSITION is the game's own position text (for Caro, see `caro::notation`).
//! Reply: `ID<TAB>ok<TAB>MOVE<TAB>MILLISECONDS` or `ID<TAB>err<TAB>MESSAGE`, after any
//! number of progress lines `ID<TAB>info<TAB>BEST<TAB>DEPTH<TAB>SCORE<TAB>NODES` from a
//! searching bot (the page shows them, and may play BEST at once: "move now").
//! The id lets the page drop replies to requests it no longer wants (after an undo, say).
//!
//! Games and their texts: `caro` (position: `caro::notation`; move `row,col`), `connect4`
//! (position: the columns played, 1-based; move: a column 1-7), `connect4-hint` (level
//! ignored; reply: the seven columns' exact scores joined by `,`, `-` for a full column),
//! `othello` (position: OBF; move like `d3`).

use crate::caro;
use crate::connect4;
use crate::game::{Bot, InputError, Progress};
use crate::othello;
use std::cell::RefCell;
use web_time::Instant;

/// The Connect Four solver's table in the worker: the browser gets less than the native
/// 64 MiB default.
pub const WORKER_C4_TABLE_MIB: usize = 16;

thread_local! {
    /// The Perfect solver outlives a request, so its table helps the next move too.
    static C4_PERFECT: RefCell<Option<connect4::levels::PerfectBot>> = const { RefCell::new(None) };
}

/// A parsed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRequest<'a> {
    pub id: &'a str,
    pub game: &'a str,
    pub level: &'a str,
    pub seed: Option<u64>,
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
    let fields: Vec<&str> = line.splitn(5, '\t').collect();
    let [id, game, level, seed, position] = fields[..] else {
        return Err(InputError::new(
            "bot request needs 5 tab-separated fields: id, game, level, seed, position",
        ));
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
        position,
    })
}

pub fn format_request(
    id: u32,
    game: &str,
    level: &str,
    seed: Option<u64>,
    position: &str,
) -> String {
    let seed = seed.map_or("-".to_string(), |s| s.to_string());
    format!("{id}\t{game}\t{level}\t{seed}\t{position}")
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
        "othello" => othello_move(req),
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
    let mut bot = caro::new_bot(
        level,
        caro::BotOptions {
            seed: req.seed,
            budget: None,
        },
    );
    bot.choose_move_reporting(&board, report)
        .map(|p| p.to_string())
        .ok_or_else(|| InputError::new("no move: the game is over"))
}

fn connect4_move(req: &BotRequest) -> Result<String, InputError> {
    let level: connect4::Level = req.level.parse()?;
    let position = connect4::Position::parse(req.position)?;
    let column = if level == connect4::Level::Perfect && req.seed.is_none() {
        with_perfect_bot(|bot| bot.choose_move(&position))
    } else if level == connect4::Level::Perfect {
        connect4::levels::PerfectBot::with_tt_mib(WORKER_C4_TABLE_MIB, req.seed)
            .choose_move(&position)
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
    let scores = with_perfect_bot(|bot| bot.solver().column_scores(&position));
    let text: Vec<String> = scores
        .iter()
        .map(|s| s.map_or("-".to_string(), |v| v.to_string()))
        .collect();
    Ok(text.join(","))
}

fn othello_move(req: &BotRequest) -> Result<String, InputError> {
    let level: othello::Level = req.level.parse()?;
    let position = othello::parse_obf(req.position)?;
    othello::new_bot(level, req.seed)
        .choose_move(&position)
        .map(|sq| sq.to_string())
        .ok_or_else(|| InputError::new("no move: the side to move must pass or the game is over"))
}
