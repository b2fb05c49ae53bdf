//! What every game page shares: whose turn it is, the bot worker and its requests, the
//! computer-vs-computer pace, pause, undo, new game, the status line and the table's
//! `data-state` / `data-winner`. Each game plugs in through [`PageGame`].

use super::dom;
use super::worker;
use crate::game::{GameLevel, Outcome, Progress, Side};
use crate::protocol::bot_request::{self, BotReply};
use crate::settings::{Mode, Players};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{Element, Worker};

/// A game as its page sees it. The implementor also owns the game's drawing: it keeps
/// what it has drawn and redraws only what changed.
pub trait PageGame: 'static {
    type Level: GameLevel;
    /// The game's name in bot requests and URLs (`caro`, `connect4`, `othello`).
    const ID: &'static str;

    /// How players call a side: `X`, `Red`, `Black`...
    fn side_name(side: Side) -> &'static str;
    fn to_move(&self) -> Side;
    fn outcome(&self) -> Option<Outcome>;
    fn moves_played(&self) -> usize;
    /// The position in the text form the game's bot reads.
    fn position_text(&self) -> String;
    /// Plays a move the bot sent (in the game's move text).
    fn play_bot_move(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move (and any pass it forced); false if there is none.
    fn undo(&mut self) -> bool;
    /// Back to the start.
    fn reset(&mut self);
    /// Brings the board on the page in line with the game.
    fn redraw(&mut self, table: &Element) -> Result<(), JsValue>;
    /// How the game was won, after "X wins": e.g. "with five in a row".
    fn win_detail(&self) -> String {
        String::new()
    }
    /// A line of game facts under the status (disc counts, a pass...).
    fn note(&self) -> String {
        String::new()
    }
    /// Called when the board changed and the state is settled (for hints and marks that
    /// depend on whose turn it is).
    fn after_change(&mut self, _is_human_turn: bool) -> Result<(), JsValue> {
        Ok(())
    }
}

pub struct GamePage<G: PageGame> {
    pub game: G,
    pub players: Players<G::Level>,
    table: Element,
    /// Set once the page exists (the worker's reply handler needs the page).
    worker: Option<Worker>,
    /// The id of the bot request whose reply we wait for; replies to others are stale.
    awaiting: Option<u32>,
    next_request: u32,
    /// A bot move is scheduled (computer-computer delay) but not yet asked for.
    scheduled: bool,
    paused: bool,
    /// The awaited search's latest progress: its best move so far is what "move now" plays.
    progress: Option<Progress>,
}

pub type Shared<G> = Rc<RefCell<GamePage<G>>>;

/// Sets up the page around `game`: worker, buttons, first drawing. `home_query` is the
/// query that reopens the home page with this game's settings.
pub fn mount<G: PageGame>(
    game: G,
    players: Players<G::Level>,
    table: Element,
    home_query: String,
) -> Result<Shared<G>, JsValue> {
    let page = Rc::new(RefCell::new(GamePage {
        game,
        players,
        table,
        worker: None,
        awaiting: None,
        next_request: 1,
        scheduled: false,
        paused: false,
        progress: None,
    }));
    start_worker(&page)?;

    let p = page.clone();
    dom::on(&dom::by_id("new-game")?, "click", move |_| new_game(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("undo")?, "click", move |_| undo(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("pause")?, "click", move |_| toggle_pause(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("move-now")?, "click", move |_| move_now(&p))?;
    dom::on(&dom::by_id("home")?, "click", move |_| {
        let _ = dom::navigate(&format!("./index.html?{home_query}"));
    })?;
    let mode = page.borrow().players.mode;
    dom::set_shown(&dom::by_id("undo")?, mode != Mode::ComputerComputer)?;
    dom::set_shown(&dom::by_id("pause")?, mode == Mode::ComputerComputer)?;
    dom::set_text("game-info", &page.borrow().describe_players())?;
    refresh(&page)?;
    Ok(page)
}

/// Starts (or restarts) the page's bot worker.
fn start_worker<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let weak = Rc::downgrade(page);
    let bot_worker = worker::spawn(move |id, reply| {
        if let Some(page) = weak.upgrade() {
            on_bot_reply(&page, id, reply);
        }
    })?;
    if let Some(old) = page.borrow_mut().worker.replace(bot_worker) {
        old.terminate();
    }
    Ok(())
}

impl<G: PageGame> GamePage<G> {
    fn describe_players(&self) -> String {
        let who = |side: Side| {
            if self.players.is_bot(side) {
                format!("computer ({})", self.players.levels[side.index()].title())
            } else if self.players.mode == Mode::PlayerComputer {
                "you".to_string()
            } else {
                "human".to_string()
            }
        };
        format!(
            "{}: {}, {}: {}.",
            G::side_name(Side::First),
            who(Side::First),
            G::side_name(Side::Second),
            who(Side::Second)
        )
    }

    fn player_name(&self, side: Side) -> String {
        let name = G::side_name(side);
        match self.players.mode {
            Mode::TwoPlayers => name.to_string(),
            Mode::PlayerComputer if self.players.is_bot(side) => format!("{name} (computer)"),
            Mode::PlayerComputer => format!("{name} (you)"),
            Mode::ComputerComputer => {
                format!("{name} ({})", self.players.levels[side.index()].title())
            }
        }
    }

    fn status_text(&self) -> String {
        match self.game.outcome() {
            Some(Outcome::Win(side)) => {
                let detail = self.game.win_detail();
                let name = G::side_name(side);
                match self.players.mode {
                    Mode::PlayerComputer if self.players.is_bot(side) => {
                        format!("{name} wins {detail}. The computer won.")
                    }
                    Mode::PlayerComputer => format!("{name} wins {detail}. You won!"),
                    _ => format!("{} wins {detail}!", self.player_name(side)),
                }
            }
            Some(Outcome::Draw) => format!("Draw{}.", {
                let d = self.game.win_detail();
                if d.is_empty() {
                    String::new()
                } else {
                    format!(" {d}")
                }
            }),
            None => {
                let side = self.game.to_move();
                if self.paused {
                    format!("Paused. {} to move.", self.player_name(side))
                } else if self.players.is_bot(side) {
                    match &self.progress {
                        Some(p) => format!(
                            "{} is thinking… depth {}, best so far {} ({}), {} nodes.",
                            self.player_name(side),
                            p.depth,
                            p.best,
                            p.score,
                            p.nodes
                        ),
                        None => format!("{} is thinking…", self.player_name(side)),
                    }
                } else {
                    format!("{} to move.", self.player_name(side))
                }
            }
        }
    }

    /// Whether a human may move now.
    pub fn human_may_move(&self) -> bool {
        self.game.outcome().is_none()
            && !self.players.is_bot(self.game.to_move())
            && self.awaiting.is_none()
            && !self.scheduled
    }

    /// Forgets any bot move under way (its reply will be ignored).
    fn cancel_bot(&mut self) {
        self.awaiting = None;
        self.scheduled = false;
        self.progress = None;
    }
}

/// A human's move: `play` applies it to the game, or says why not (an empty reason means
/// the click simply does nothing, like a click on a taken cell).
pub fn human_move<G: PageGame>(page: &Shared<G>, play: impl FnOnce(&mut G) -> Result<(), String>) {
    {
        let mut p = page.borrow_mut();
        if !p.human_may_move() {
            return;
        }
        if let Err(reason) = play(&mut p.game) {
            if !reason.is_empty() {
                let _ = dom::set_text("message", &reason);
            }
            return;
        }
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

/// Brings the board, the table's state attributes and the status in line with the game,
/// then lets the bot move if it is its turn.
pub fn refresh<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    show_state(page)?;
    schedule_bot(page)
}

/// Brings the board, the table's state attributes and the status in line with the game.
fn show_state<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    {
        let mut guard = page.borrow_mut();
        let p = &mut *guard;
        p.game.redraw(&p.table)?;
        let (state, winner) = match p.game.outcome() {
            None => ("playing", None),
            Some(Outcome::Draw) => ("draw", None),
            Some(Outcome::Win(side)) => ("won", Some(G::side_name(side))),
        };
        p.table.set_attribute("data-state", state)?;
        match winner {
            Some(w) => p.table.set_attribute("data-winner", w)?,
            None => p.table.remove_attribute("data-winner")?,
        }
        p.table
            .set_attribute("data-to-move", G::side_name(p.game.to_move()))?;
        dom::set_text("status", &p.status_text())?;
        dom::set_text("note", &p.game.note())?;
        dom::set_text("move-count", &format!("Moves: {}", p.game.moves_played()))?;
        let undo_ok = p.game.moves_played() > 0 && p.players.mode != Mode::ComputerComputer;
        dom::by_id("undo")?.toggle_attribute_with_force("disabled", !undo_ok)?;
        let thinking = p.awaiting.is_some() && p.progress.is_some();
        dom::set_shown(&dom::by_id("move-now")?, thinking)?;
        p.table
            .toggle_attribute_with_force("data-thinking", p.awaiting.is_some())?;
        let human_turn = p.human_may_move();
        p.game.after_change(human_turn)?;
    }
    Ok(())
}

/// If a bot is to move and nothing is under way, asks the worker (after the delay in
/// computer-computer, so people can watch).
fn schedule_bot<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let delay = {
        let mut p = page.borrow_mut();
        let side = p.game.to_move();
        if p.game.outcome().is_some()
            || !p.players.is_bot(side)
            || p.paused
            || p.awaiting.is_some()
            || p.scheduled
        {
            return Ok(());
        }
        p.scheduled = true;
        if p.players.mode == Mode::ComputerComputer && p.game.moves_played() > 0 {
            p.players.delay_ms
        } else {
            0
        }
    };
    let weak = Rc::downgrade(page);
    dom::set_timeout(delay, move || {
        if let Some(page) = weak.upgrade() {
            ask_bot(&page);
        }
    })?;
    Ok(())
}

fn ask_bot<G: PageGame>(page: &Shared<G>) {
    let mut p = page.borrow_mut();
    if !p.scheduled {
        return; // cancelled by undo, new game or pause
    }
    p.scheduled = false;
    let side = p.game.to_move();
    if p.game.outcome().is_some() || !p.players.is_bot(side) || p.paused {
        return;
    }
    let id = p.next_request;
    p.next_request += 1;
    p.awaiting = Some(id);
    p.progress = None;
    let seed = p
        .players
        .seed
        .map(|s| s.wrapping_add(p.game.moves_played() as u64));
    let request = bot_request::format_request(
        id,
        G::ID,
        p.players.levels[side.index()].name(),
        seed,
        p.players.think_ms,
        &p.game.position_text(),
    );
    let sent = match &p.worker {
        Some(w) => w.post_message(&JsValue::from_str(&request)),
        None => Err(JsValue::from_str("no worker")),
    };
    if let Err(e) = sent {
        p.awaiting = None;
        dom::show_fatal(&format!("could not reach the computer player: {e:?}"));
        return;
    }
    drop(p);
    // Shows "thinking" (the status and the table's data-thinking) at once.
    let _ = show_state(page);
}

fn on_bot_reply<G: PageGame>(page: &Shared<G>, id: u32, reply: BotReply) {
    {
        let mut p = page.borrow_mut();
        if p.awaiting != Some(id) {
            return; // an answer to a position that was undone or abandoned
        }
        if let BotReply::Progress(progress) = reply {
            p.progress = Some(progress);
            drop(p);
            let _ = show_state(page);
            return;
        }
        p.awaiting = None;
        p.progress = None;
        match reply {
            BotReply::Move { text, millis } => {
                if let Err(e) = p.game.play_bot_move(&text) {
                    dom::show_fatal(&format!("the computer chose a bad move ({text}): {e}"));
                    return;
                }
                let _ = dom::set_text(
                    "bot-time",
                    &format!("Computer's last move took {millis} ms."),
                );
            }
            BotReply::Error(msg) => {
                dom::show_fatal(&msg);
                return;
            }
            BotReply::Progress(_) => unreachable!("handled above"),
        }
    }
    let _ = refresh(page);
}

/// Plays the searching bot's best move so far at once, and starts a fresh worker (the old
/// one is still busy with the search).
fn move_now<G: PageGame>(page: &Shared<G>) {
    let best = {
        let mut p = page.borrow_mut();
        let (Some(_), Some(progress)) = (p.awaiting, p.progress.take()) else {
            return;
        };
        p.awaiting = None;
        progress.best
    };
    if let Err(e) = start_worker(page) {
        dom::show_fatal(&format!("could not restart the computer player: {e:?}"));
        return;
    }
    if let Err(e) = page.borrow_mut().game.play_bot_move(&best) {
        dom::show_fatal(&format!(
            "the computer's best move so far ({best}) is bad: {e}"
        ));
        return;
    }
    let _ = dom::set_text("bot-time", "Computer moved at once, on request.");
    let _ = refresh(page);
}

fn new_game<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        p.cancel_bot();
        p.game.reset();
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

/// Takes back one move between two humans; against the computer, the human's last move
/// and the computer's answer to it.
fn undo<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        if p.players.mode == Mode::ComputerComputer {
            return;
        }
        p.cancel_bot();
        while p.game.undo() {
            let mover = p.game.to_move(); // the side that had made the move just undone
            if !p.players.is_bot(mover) {
                break;
            }
        }
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

fn toggle_pause<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        p.paused = !p.paused;
        if p.paused {
            // A move already being computed still lands; only the next one waits.
            p.scheduled = false;
        }
        let label = if p.paused { "Resume" } else { "Pause" };
        if let Ok(button) = dom::by_id("pause") {
            button.set_text_content(Some(label));
        }
    }
    let _ = refresh(page);
}
