//! The Caro game page: draws the board once, then only the cells that change; hands clicks
//! to the engine's `Board` and bot moves to the worker.

use super::dom;
use super::worker;
use crate::caro::{notation, Board, Pos};
use crate::game::{Outcome, Side};
use crate::protocol::bot_request::{self, BotReply};
use crate::settings::{encode_component, CaroSettings, Mode};
use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Worker};

struct CaroPage {
    settings: CaroSettings,
    board: Board,
    table: Element,
    /// Set once the page exists (the worker's reply handler needs the page).
    worker: Option<Worker>,
    /// The id of the bot request whose reply we wait for; replies to others are stale.
    awaiting: Option<u32>,
    next_request: u32,
    /// A bot move is scheduled (computer-computer delay) but not yet asked for.
    scheduled: bool,
    paused: bool,
    /// Cells drawn with the last-move mark and the winning line, to clear them later.
    marked_last: Option<Pos>,
    marked_line: Vec<Pos>,
}

type Shared = Rc<RefCell<CaroPage>>;

fn side_letter(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}

fn cell_id(pos: Pos) -> String {
    format!("{}-{}", pos.row, pos.col)
}

/// The page's entry point (`caro.html`).
pub fn start() -> Result<(), JsValue> {
    let (settings, errors) = CaroSettings::from_query(&dom::query_pairs());
    if !errors.is_empty() {
        // Back to the home page, saying what was wrong, with the rest of the choices kept.
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        let url = format!(
            "./index.html?error={}&{}",
            encode_component(&message.join("; ")),
            settings.to_query()
        );
        return dom::replace_location(&url);
    }
    let board = Board::new(settings.rows, settings.cols, settings.rule)
        .map_err(|e| JsValue::from_str(&e.to_string()))?;
    let table = dom::by_id("table_game")?;
    build_table(&table, &settings)?;

    let page: Shared = Rc::new(RefCell::new(CaroPage {
        settings,
        board,
        table: table.clone(),
        worker: None,
        awaiting: None,
        next_request: 1,
        scheduled: false,
        paused: false,
        marked_last: None,
        marked_line: Vec::new(),
    }));
    let weak = Rc::downgrade(&page);
    let bot_worker = worker::spawn(move |id, reply| {
        if let Some(page) = weak.upgrade() {
            on_bot_reply(&page, id, reply);
        }
    })?;
    page.borrow_mut().worker = Some(bot_worker);

    wire_controls(&page)?;
    describe_game(&page.borrow())?;
    refresh(&page)?;
    Ok(())
}

/// Writes the whole table at once: one string, one parse, for any size up to 60x60.
fn build_table(table: &Element, settings: &CaroSettings) -> Result<(), JsValue> {
    let mut html = String::with_capacity(settings.rows * settings.cols * 48);
    for row in 0..settings.rows {
        html.push_str("<tr>");
        for col in 0..settings.cols {
            let _ = write!(
                html,
                "<td><div class=\"cell\" id=\"{row}-{col}\"></div></td>"
            );
        }
        html.push_str("</tr>");
    }
    table.set_inner_html(&html);
    // Cells as large as fit the window, between 14 and 36 pixels.
    let w = dom::window();
    let width = w.inner_width()?.as_f64().unwrap_or(800.0) - 32.0;
    let height = w.inner_height()?.as_f64().unwrap_or(800.0) - 180.0;
    let fit_w = width / settings.cols as f64;
    let fit_h = height / settings.rows as f64;
    let cell = fit_w
        .min(fit_h.max(fit_w.min(24.0)))
        .clamp(14.0, 36.0)
        .floor();
    table.set_attribute("style", &format!("--cell: {cell}px"))?;
    table.set_attribute("data-rows", &settings.rows.to_string())?;
    table.set_attribute("data-cols", &settings.cols.to_string())?;
    Ok(())
}

fn wire_controls(page: &Shared) -> Result<(), JsValue> {
    let table = page.borrow().table.clone();
    let p = page.clone();
    dom::on(&table, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(cell) = target.closest(".cell").ok().flatten() else {
            return;
        };
        if let Some(pos) = parse_cell_id(&cell.id()) {
            on_cell_click(&p, pos);
        }
    })?;

    let p = page.clone();
    dom::on(&dom::by_id("new-game")?, "click", move |_| new_game(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("undo")?, "click", move |_| undo(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("pause")?, "click", move |_| toggle_pause(&p))?;
    let p = page.clone();
    dom::on(&dom::by_id("home")?, "click", move |_| {
        let query = p.borrow().settings.to_query();
        let _ = dom::navigate(&format!("./index.html?{query}"));
    })?;

    let mode = page.borrow().settings.mode;
    dom::set_shown(&dom::by_id("undo")?, mode != Mode::ComputerComputer)?;
    dom::set_shown(&dom::by_id("pause")?, mode == Mode::ComputerComputer)?;
    Ok(())
}

fn parse_cell_id(id: &str) -> Option<Pos> {
    let (r, c) = id.split_once('-')?;
    Some(Pos::new(r.parse().ok()?, c.parse().ok()?))
}

/// A line under the title naming the rule, size and players.
fn describe_game(p: &CaroPage) -> Result<(), JsValue> {
    let s = &p.settings;
    let player = |side: Side| {
        if s.is_bot(side) {
            format!("computer ({})", s.levels[side.index()].title())
        } else if s.mode == Mode::PlayerComputer {
            "you".to_string()
        } else {
            "human".to_string()
        }
    };
    dom::set_text(
        "game-info",
        &format!(
            "{} rule, {}x{} board. X: {}, O: {}.",
            capitalize(s.rule.name()),
            s.rows,
            s.cols,
            player(Side::First),
            player(Side::Second)
        ),
    )
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn on_cell_click(page: &Shared, pos: Pos) {
    {
        let mut p = page.borrow_mut();
        let side = p.board.to_move();
        // Clicks count only on a human's turn, with no bot move under way.
        if p.board.is_over() || p.settings.is_bot(side) || p.awaiting.is_some() || p.scheduled {
            return;
        }
        match p.board.play(pos) {
            Ok(()) => {}
            Err(crate::caro::MoveError::Forbidden(kind)) => {
                let _ = dom::set_text(
                    "message",
                    &format!("That move is forbidden for X under renju ({kind})."),
                );
                return;
            }
            Err(_) => return, // occupied cell or outside: nothing happens
        }
        let _ = dom::set_text("message", "");
        p.draw_cell(pos);
    }
    let _ = refresh(page);
}

impl CaroPage {
    fn cell(&self, pos: Pos) -> Option<Element> {
        dom::document().get_element_by_id(&cell_id(pos))
    }

    fn draw_cell(&self, pos: Pos) {
        if let Some(el) = self.cell(pos) {
            let (text, class) = match self.board.get(pos) {
                Some(side) => (side_letter(side), side_letter(side).to_ascii_lowercase()),
                None => ("", String::new()),
            };
            el.set_text_content(Some(text));
            let _ = el.set_attribute(
                "class",
                if class.is_empty() {
                    "cell".to_string()
                } else {
                    format!("cell {class}")
                }
                .as_str(),
            );
        }
    }

    fn set_class(&self, pos: Pos, class: &str, on: bool) {
        if let Some(el) = self.cell(pos) {
            let list = el.class_list();
            let _ = if on {
                list.add_1(class)
            } else {
                list.remove_1(class)
            };
        }
    }

    /// Moves the last-move mark and the winning-line highlight to match the board.
    fn update_marks(&mut self) {
        if let Some(old) = self.marked_last.take() {
            self.set_class(old, "last", false);
        }
        if let Some(last) = self.board.last_move() {
            self.set_class(last, "last", true);
            self.marked_last = Some(last);
        }
        for pos in std::mem::take(&mut self.marked_line) {
            self.set_class(pos, "win", false);
        }
        self.marked_line = self.board.winning_line();
        for &pos in &self.marked_line {
            self.set_class(pos, "win", true);
        }
    }

    fn player_name(&self, side: Side) -> String {
        let letter = side_letter(side);
        match self.settings.mode {
            Mode::TwoPlayers => letter.to_string(),
            Mode::PlayerComputer if self.settings.is_bot(side) => format!("{letter} (computer)"),
            Mode::PlayerComputer => format!("{letter} (you)"),
            Mode::ComputerComputer => {
                format!("{letter} ({})", self.settings.levels[side.index()].title())
            }
        }
    }

    fn status_text(&self) -> String {
        match self.board.outcome() {
            Some(Outcome::Win(side)) => {
                if self.settings.mode == Mode::PlayerComputer {
                    if self.settings.is_bot(side) {
                        format!(
                            "{} wins. The computer got five in a row.",
                            side_letter(side)
                        )
                    } else {
                        format!("{} wins. You got five in a row!", side_letter(side))
                    }
                } else {
                    format!("{} wins with five in a row!", self.player_name(side))
                }
            }
            Some(Outcome::Draw) => "Draw: the board is full.".to_string(),
            None => {
                let side = self.board.to_move();
                if self.paused {
                    format!("Paused. {} to move.", self.player_name(side))
                } else if self.settings.is_bot(side) {
                    format!("{} is thinking…", self.player_name(side))
                } else {
                    format!("{} to move.", self.player_name(side))
                }
            }
        }
    }
}

/// Brings the marks, the table's state attributes and the status in line with the board,
/// then lets the bot move if it is its turn.
fn refresh(page: &Shared) -> Result<(), JsValue> {
    {
        let mut p = page.borrow_mut();
        p.update_marks();
        let (state, winner) = match p.board.outcome() {
            None => ("playing", None),
            Some(Outcome::Draw) => ("draw", None),
            Some(Outcome::Win(side)) => ("won", Some(side_letter(side))),
        };
        p.table.set_attribute("data-state", state)?;
        match winner {
            Some(w) => p.table.set_attribute("data-winner", w)?,
            None => p.table.remove_attribute("data-winner")?,
        }
        let to_move = side_letter(p.board.to_move());
        p.table.set_attribute("data-to-move", to_move)?;
        dom::set_text("status", &p.status_text())?;
        dom::set_text("move-count", &format!("Moves: {}", p.board.stone_count()))?;
        let undo_ok = p.board.stone_count() > 0 && p.settings.mode != Mode::ComputerComputer;
        dom::by_id("undo")?.toggle_attribute_with_force("disabled", !undo_ok)?;
    }
    schedule_bot(page)
}

/// If a bot is to move and nothing is under way, asks the worker (after the delay in
/// computer-computer, so people can watch).
fn schedule_bot(page: &Shared) -> Result<(), JsValue> {
    let delay = {
        let mut p = page.borrow_mut();
        let side = p.board.to_move();
        if p.board.is_over()
            || !p.settings.is_bot(side)
            || p.paused
            || p.awaiting.is_some()
            || p.scheduled
        {
            return Ok(());
        }
        p.scheduled = true;
        if p.settings.mode == Mode::ComputerComputer && p.board.stone_count() > 0 {
            p.settings.delay_ms
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

fn ask_bot(page: &Shared) {
    let mut p = page.borrow_mut();
    if !p.scheduled {
        return; // cancelled by undo, new game or pause
    }
    p.scheduled = false;
    let side = p.board.to_move();
    if p.board.is_over() || !p.settings.is_bot(side) || p.paused {
        return;
    }
    let id = p.next_request;
    p.next_request += 1;
    p.awaiting = Some(id);
    let seed = p
        .settings
        .seed
        .map(|s| s.wrapping_add(p.board.stone_count() as u64));
    let request = bot_request::format_request(
        id,
        "caro",
        p.settings.levels[side.index()].name(),
        seed,
        &notation::format_position(&p.board),
    );
    let sent = match &p.worker {
        Some(w) => w.post_message(&JsValue::from_str(&request)),
        None => Err(JsValue::from_str("no worker")),
    };
    if let Err(e) = sent {
        p.awaiting = None;
        dom::show_fatal(&format!("could not reach the computer player: {e:?}"));
    }
}

fn on_bot_reply(page: &Shared, id: u32, reply: BotReply) {
    {
        let mut p = page.borrow_mut();
        if p.awaiting != Some(id) {
            return; // an answer to a position that was undone or abandoned
        }
        p.awaiting = None;
        match reply {
            BotReply::Move { text, millis } => {
                let played = notation::parse_pos(&text)
                    .map_err(|e| e.to_string())
                    .and_then(|pos| p.board.play(pos).map(|_| pos).map_err(|e| e.to_string()));
                match played {
                    Ok(pos) => {
                        p.draw_cell(pos);
                        let _ = dom::set_text(
                            "bot-time",
                            &format!("Computer's last move took {millis} ms."),
                        );
                    }
                    Err(e) => {
                        dom::show_fatal(&format!("the computer chose a bad move ({text}): {e}"));
                        return;
                    }
                }
            }
            BotReply::Error(msg) => {
                dom::show_fatal(&msg);
                return;
            }
        }
    }
    let _ = refresh(page);
}

/// Forgets any bot move under way (its reply will be ignored).
fn cancel_bot(p: &mut CaroPage) {
    p.awaiting = None;
    p.scheduled = false;
}

fn new_game(page: &Shared) {
    {
        let mut p = page.borrow_mut();
        cancel_bot(&mut p);
        let played: Vec<Pos> = p.board.moves().to_vec();
        while p.board.undo().is_some() {}
        for pos in played {
            p.draw_cell(pos);
        }
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

/// Takes back the human's last move, and the computer's answer to it.
fn undo(page: &Shared) {
    {
        let mut p = page.borrow_mut();
        if p.settings.mode == Mode::ComputerComputer {
            return;
        }
        cancel_bot(&mut p);
        while let Some(pos) = p.board.undo() {
            p.draw_cell(pos);
            let mover = p.board.to_move(); // the side that had played `pos`
            if !p.settings.is_bot(mover) {
                break;
            }
        }
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

fn toggle_pause(page: &Shared) {
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
