//! What every game page shares: the page's layout, whose turn it is, the bot worker and its
//! requests, the computer-vs-computer pace, pause, undo and redo, new game, the status line
//! and the table's `data-state` / `data-winner`; and the game's record: the move list, going
//! back and forth through it, the link that reopens the game (kept in the address bar after
//! every move, so a reload resumes it), sharing, export and import. Each game plugs in
//! through [`PageGame`], giving its notation and its drawing.

use super::board_view::BoardView;
use super::dom;
use super::lang::{self, t, tr};
use super::sound::{self, Sound};
use super::theme;
use super::worker;
use crate::game::{GameLevel, Outcome, Progress, Side};
use crate::protocol::bot_request::{self, BotReply};
use crate::settings::{with_moves, Mode, Players};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, KeyboardEvent, Worker};

/// A game as its page sees it. The implementor also owns the game's drawing: it keeps
/// what it has drawn and redraws only what changed.
pub trait PageGame: 'static {
    type Level: GameLevel;
    /// The game's name in bot requests and URLs (`caro`, `connect4`, `othello`).
    const ID: &'static str;
    /// The game, for the strings that name it and its sides.
    const GAME: crate::i18n::Game;
    /// The largest cell the fitted board gets, in CSS pixels.
    const MAX_CELL: f64;
    /// Whether the board can be zoomed (big boards).
    const ZOOMABLE: bool = false;

    /// A side's name in the table's `data-winner` and `data-to-move` (`X`, `Red`,
    /// `Black`...), the same in every language; players see [`side_label`]'s.
    fn side_name(side: Side) -> &'static str;
    fn to_move(&self) -> Side;
    fn outcome(&self) -> Option<Outcome>;
    /// Moves played (passes not counted).
    fn moves_played(&self) -> usize;
    /// The position in the text form the game's bot reads.
    fn position_text(&self) -> String;
    /// Plays a move the bot sent (in the game's move text).
    fn play_bot_move(&mut self, text: &str) -> Result<(), String>;
    /// A bot's move text in the game's notation (Caro `7,7` is `h8` on 15x15).
    fn bot_move_name(&self, text: &str) -> String;
    /// The move list: one entry a move in the game's notation (an Othello pass is `pass`).
    fn move_names(&self) -> Vec<String>;
    /// The moves as a link's `moves=` writes them.
    fn transcript(&self) -> String;
    /// Plays a move given by its name in the move list (for redo).
    fn play_named(&mut self, name: &str) -> Result<(), String>;
    /// Takes back the last move (and any pass it forced): its name, or `None` if there is none.
    fn undo(&mut self) -> Option<String>;
    /// Back to the start.
    fn reset(&mut self);
    /// Brings the board on the page in line with the position after the first `ply`
    /// entries of the move list (all of them: the game as it stands).
    fn redraw(&mut self, table: &Element, ply: usize) -> Result<(), JsValue>;
    /// How the game was won, after "X wins": e.g. "with five in a row".
    fn win_detail(&self) -> String {
        String::new()
    }
    /// A line of game facts under the status (disc counts, a pass...).
    fn note(&self) -> String {
        String::new()
    }
    /// Called when the board changed and the state is settled (for hints and marks that
    /// depend on whose turn it is). `is_human_turn` is false while an earlier move is shown.
    fn after_change(&mut self, _is_human_turn: bool) -> Result<(), JsValue> {
        Ok(())
    }
    /// Rows and columns of the board.
    fn grid(&self) -> (usize, usize);
    /// The element of the last move shown after `ply` entries of the move list, which the
    /// view brings into sight.
    fn last_move_element(&self, _ply: usize) -> Option<Element> {
        None
    }
    /// The cells a keyboard cursor moves over, as rows and columns (Connect Four: one row
    /// of columns).
    fn cursor_grid(&self) -> (usize, usize) {
        self.grid()
    }
    /// The element of the cursor's cell: it carries the cell's name and id, and a click on
    /// it plays there.
    fn cursor_element(&self, row: usize, col: usize) -> Option<Element>;
    /// Where the cursor starts: the last move, or the middle.
    fn cursor_start(&self) -> (usize, usize) {
        let (rows, cols) = self.cursor_grid();
        (rows / 2, cols / 2)
    }
    /// The stones after `ply` entries, as `(row, col, side)`, for the overview of big boards.
    fn stones_at(&self, _ply: usize) -> Vec<(usize, usize, Side)> {
        Vec::new()
    }
    /// What to ask the hint worker for the position now: the request's game (its kind of
    /// hint) and the position text. `None`: the game gives no hints.
    fn hint_request(&self) -> Option<(&'static str, String)> {
        None
    }
    /// Shows a hint reply on the board; returns what it says in words.
    fn show_hint(&mut self, _reply: &str) -> String {
        String::new()
    }
    /// Takes the hint's marks off the board.
    fn clear_hint(&mut self) {}
    /// The page's settings as a URL query, without the moves.
    fn settings_query(&self, players: &Players<Self::Level>) -> String;
    /// The formats the game can be exported in, as `(format id, label)`; the first is the default.
    fn export_formats() -> Vec<(&'static str, &'static str)>;
    /// The game as a file in `format`: its name and text.
    fn export(&self, format: &str, players: &Players<Self::Level>) -> (String, String);
    /// What an imported record (pasted text or a file's) opens: the game page and its
    /// query, or what is wrong with the record.
    fn import(
        &self,
        players: &Players<Self::Level>,
        text: &str,
    ) -> Result<(&'static str, String), String>;
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
    /// The move list entry shown while the player looks back (`None`: the game as it
    /// stands). Playing waits while an earlier position is shown.
    view: Option<usize>,
    /// Moves taken back, the next to redo last (names as in the move list).
    redo: Vec<String>,
    /// The move list as drawn, to update only the difference.
    drawn_list: Vec<String>,
    /// The address bar's moves, to write it only when they change.
    saved_transcript: Option<String>,
    /// The board's frame: fit, zoom, pan, overview.
    frame: Option<BoardView>,
    /// The ply the view last followed, to bring only new moves into sight.
    followed: Option<usize>,
    /// The keyboard cursor on the board, once the board had the focus.
    cursor: Option<(usize, usize)>,
    /// The hints' own worker (a hint never waits behind the computer's move).
    hint_worker: Option<Worker>,
    /// The hint asked for: its request id and the game's moves then.
    hint_awaiting: Option<(u32, String)>,
    /// The moves of the position whose hint is shown.
    hint_shown: Option<String>,
    /// Keep hints on: ask for one whenever a human is to move.
    hints_on: bool,
}

pub type Shared<G> = Rc<RefCell<GamePage<G>>>;

/// The controls every game page has, around `table#table_game`. The game's pages are
/// stubs; this is their one template. No outside text goes into it.
const LAYOUT: &str = r#"
<header class="bar">
  <h1 id="title"></h1>
  <span id="board-info"></span> <span id="game-info"></span>
  <div class="prefs">
    <button id="sound" type="button" aria-pressed="false" data-i18n-title="sound_title" title="Sounds for moves, wins and refused moves"><svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path class="sound-on" d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"/><path class="sound-off" d="M17 9l5 6M22 9l-5 6"/></svg><span data-i18n="sound">Sound</span></button>
    <label for="theme" data-i18n="theme">Theme</label>
    <select id="theme"></select>
    <label for="lang" data-i18n="language">Language</label>
    <select id="lang"></select>
  </div>
</header>
<div id="error" role="alert" hidden></div>
<div class="controls">
  <button id="new-game" type="button" data-i18n="new_game">New game</button>
  <button id="undo" type="button" data-i18n="undo">Undo</button>
  <button id="redo" type="button" disabled data-i18n="redo">Redo</button>
  <button id="pause" type="button" hidden data-i18n="pause">Pause</button>
  <button id="hint" type="button" hidden data-i18n="hint">Hint</button>
  <button id="home" type="button" data-i18n="home">Home</button>
  <a id="rules-link" class="rules-link" href="./rules.html" data-i18n="rules">Rules</a>
</div>
<div class="status-row">
  <p id="status" aria-live="polite" data-i18n="loading">Loading…</p>
  <button id="move-now" type="button" hidden data-i18n="move_now">Move now</button>
</div>
<p id="note"></p>
<p id="message" aria-live="polite"></p>
<div class="play-area">
  <div class="board-column">
    <div class="board-wrap"><table id="table_game" data-state="loading"></table></div>
  </div>
  <aside class="side-panel" aria-label="Moves and records" data-i18n-label="side_panel">
    <div class="board-tools" hidden>
      <button id="zoom-out" type="button" title="Smaller cells (Ctrl+wheel, pinch)" aria-label="Zoom out" data-i18n-title="zoom_out_title" data-i18n-label="zoom_out">&minus;</button>
      <button id="zoom-fit" type="button" title="The whole board" aria-label="Fit the board" data-i18n-title="zoom_fit_title" data-i18n-label="zoom_fit_label" data-i18n="zoom_fit">Fit</button>
      <button id="zoom-in" type="button" title="Larger cells (Ctrl+wheel, pinch)" aria-label="Zoom in" data-i18n-title="zoom_in_title" data-i18n-label="zoom_in">+</button>
      <canvas id="minimap" hidden aria-label="Overview of the board: click to look there" data-i18n-label="minimap" role="img"></canvas>
    </div>
    <div class="nav" role="group" aria-label="Go through the moves" data-i18n-label="nav">
      <button id="nav-first" type="button" title="Start (Home)" aria-label="First position" data-i18n-title="nav_first_title" data-i18n-label="nav_first">&laquo;</button>
      <button id="nav-prev" type="button" title="Back one move (Left arrow)" aria-label="Back one move" data-i18n-title="nav_prev_title" data-i18n-label="nav_prev">&lsaquo;</button>
      <button id="nav-next" type="button" title="Forward one move (Right arrow)" aria-label="Forward one move" data-i18n-title="nav_next_title" data-i18n-label="nav_next">&rsaquo;</button>
      <button id="nav-last" type="button" title="The game as it stands (End)" aria-label="Last position" data-i18n-title="nav_last_title" data-i18n-label="nav_last">&raquo;</button>
    </div>
    <div class="hints" id="hints-box" hidden>
      <label><input type="checkbox" id="hints-on"> <span data-i18n="hints_on">Keep hints on</span></label>
      <p id="hint-text" aria-live="polite"></p>
    </div>
    <ol id="moves" aria-label="Moves" data-i18n-label="moves" data-empty="No moves yet."></ol>
    <p id="view-note" hidden></p>
    <button id="continue" type="button" hidden data-i18n="continue_here">Continue from here</button>
    <label id="move-numbers-row" hidden><input type="checkbox" id="move-numbers"> <span data-i18n="move_numbers">Move numbers on the stones</span></label>
    <label id="confirm-row" hidden><input type="checkbox" id="confirm-taps"> <span data-i18n="confirm_taps">Tap twice to play (for small cells)</span></label>
    <div class="record-tools">
      <button id="share" type="button" data-i18n="share">Share</button>
      <select id="export-format" aria-label="Export format" data-i18n-label="export_format"></select>
      <button id="export" type="button" data-i18n="export">Export</button>
      <button id="import" type="button" data-i18n="import">Import</button>
    </div>
    <input id="share-link" type="text" readonly hidden aria-label="Link to this game" data-i18n-label="share_link">
    <div id="import-panel" hidden>
      <label for="import-text" data-i18n="import_paste">Paste a record, a move string or a link:</label>
      <textarea id="import-text" rows="4" spellcheck="false"></textarea>
      <label for="import-file" data-i18n="import_file">or open a file:</label>
      <input id="import-file" type="file" accept=".psq,.txt,text/plain">
      <div class="row">
        <button id="import-open" type="button" data-i18n="open">Open</button>
        <button id="import-cancel" type="button" data-i18n="cancel">Cancel</button>
      </div>
      <p id="import-error" role="alert"></p>
    </div>
  </aside>
</div>
<p class="footer"><span id="move-count"></span> <span id="bot-time"></span></p>
"#;

/// A side's name as players see it, in the page's language.
pub fn side_label<G: PageGame>(side: Side) -> &'static str {
    t().side(G::GAME, side)
}

/// Lays the page out in `#app` (the template above), titled for game `G`, in the page's
/// language.
pub fn build_layout<G: PageGame>() -> Result<(), JsValue> {
    let app = dom::by_id("app")?;
    app.set_inner_html(LAYOUT);
    lang::apply(&app)?;
    let title = t().game(G::GAME);
    dom::set_text("title", title)?;
    dom::document().set_title(title);
    dom::by_id("moves")?.set_attribute("data-empty", t().no_moves)?;
    dom::by_id("rules-link")?.set_attribute(
        "href",
        &format!("./rules.html?game={}{}", G::ID, lang::lang().query_suffix()),
    )?;
    let formats: Vec<(String, String)> = G::export_formats()
        .iter()
        .map(|&(id, label)| (id.to_string(), label.to_string()))
        .collect();
    let select = dom::select_by_id("export-format")?;
    dom::fill_select(&select, &formats, formats[0].0.as_str())?;
    dom::set_shown(&select, formats.len() > 1)?;
    theme::wire()?;
    lang::wire_switch()?;
    sound::wire()
}

/// Sends the browser to the home page with `message` (a bad URL: the good choices kept).
pub fn back_home_with_error(
    game: &str,
    message: &str,
    settings_query: &str,
) -> Result<(), JsValue> {
    let url = format!(
        "./index.html?game={game}&error={}&{settings_query}{}",
        crate::settings::encode_component(message),
        lang::lang().query_suffix()
    );
    dom::replace_location(&url)
}

/// Sets up the page around `game`: worker, buttons, keys, first drawing.
pub fn mount<G: PageGame>(
    game: G,
    players: Players<G::Level>,
    table: Element,
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
        view: None,
        redo: Vec::new(),
        drawn_list: Vec::new(),
        saved_transcript: None,
        frame: None,
        followed: None,
        cursor: None,
        hint_worker: None,
        hint_awaiting: None,
        hint_shown: None,
        hints_on: dom::stored(HINTS_KEY).as_deref() == Some("on"),
    }));
    mount_view(&page)?;

    let button = |id: &str, action: fn(&Shared<G>)| -> Result<(), JsValue> {
        let p = page.clone();
        dom::on(&dom::by_id(id)?, "click", move |_| action(&p))
    };
    button("new-game", new_game)?;
    button("undo", undo)?;
    button("redo", redo)?;
    button("pause", toggle_pause)?;
    button("move-now", move_now)?;
    button("nav-first", |p| set_view(p, Some(0)))?;
    button("nav-prev", |p| step_view(p, -1))?;
    button("nav-next", |p| step_view(p, 1))?;
    button("nav-last", |p| set_view(p, None))?;
    button("continue", continue_from_view)?;
    button("share", share)?;
    button("export", export)?;
    button("import", |_| toggle_import(true))?;
    button("import-cancel", |_| toggle_import(false))?;
    button("import-open", import_text)?;
    button("home", |p| {
        let query = {
            let p = p.borrow();
            p.game.settings_query(&p.players)
        };
        let _ = dom::navigate(&format!(
            "./index.html?game={}&{query}{}",
            G::ID,
            lang::lang().query_suffix()
        ));
    })?;

    let p = page.clone();
    dom::on(&dom::by_id("moves")?, "click", move |event| {
        let ply = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("li[data-ply]").ok().flatten())
            .and_then(|li| li.get_attribute("data-ply"))
            .and_then(|n| n.parse::<usize>().ok());
        if let Some(ply) = ply {
            set_view(&p, Some(ply));
        }
    })?;
    let p = page.clone();
    dom::on(&dom::document(), "keydown", move |event| {
        let Ok(key) = event.dyn_into::<KeyboardEvent>() else {
            return;
        };
        if key.alt_key() || key.ctrl_key() || key.meta_key() || typing_in_a_field() {
            return;
        }
        // On the board focused from the keyboard the arrows move its cursor (see
        // `mount_keyboard`); after a click on it they still step through the moves.
        let on_board = keyboard_on_board();
        let click = |id: &str| {
            if let Ok(el) = dom::by_id(id) {
                let shown = !el.has_attribute("hidden") && !el.has_attribute("disabled");
                if shown {
                    el.unchecked_into::<web_sys::HtmlElement>().click();
                }
            }
        };
        let handled = match key.key().as_str() {
            "ArrowLeft" if !on_board => {
                step_view(&p, -1);
                true
            }
            "ArrowRight" if !on_board => {
                step_view(&p, 1);
                true
            }
            "Home" => {
                set_view(&p, Some(0));
                true
            }
            "End" => {
                set_view(&p, None);
                true
            }
            "u" | "U" => {
                click("undo");
                true
            }
            "n" | "N" => {
                click("new-game");
                true
            }
            "h" | "H" => {
                click("hint");
                true
            }
            _ => false,
        };
        if handled {
            key.prevent_default();
        }
    })?;
    mount_keyboard(&page)?;
    mount_hints(&page)?;
    let p = page.clone();
    dom::on(&dom::by_id("import-file")?, "change", move |_| {
        import_file(&p)
    })?;
    // Leaving the page ends its worker (another wasm instance and its memory); should the
    // browser bring the page back from its cache, the computer starts again.
    let p = page.clone();
    dom::on(&dom::window(), "pagehide", move |_| {
        let mut g = p.borrow_mut();
        g.cancel_bot();
        if let Some(worker) = g.worker.take() {
            worker.terminate();
        }
        if let Some(worker) = g.hint_worker.take() {
            worker.terminate();
        }
        g.hint_awaiting = None;
    })?;
    let p = page.clone();
    dom::on(&dom::window(), "pageshow", move |_| {
        let _ = refresh(&p);
    })?;

    let mode = page.borrow().players.mode;
    dom::set_shown(&dom::by_id("undo")?, mode != Mode::ComputerComputer)?;
    dom::set_shown(&dom::by_id("redo")?, mode != Mode::ComputerComputer)?;
    dom::set_shown(&dom::by_id("pause")?, mode == Mode::ComputerComputer)?;
    dom::set_text("game-info", &page.borrow().describe_players())?;
    refresh(&page)?;
    Ok(page)
}

/// Frames the board (fit, zoom, pan, overview) and wires its controls and gestures.
fn mount_view<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let (table, grid) = {
        let p = page.borrow();
        (p.table.clone(), p.game.grid())
    };
    let view = BoardView::new(&table, G::MAX_CELL, grid)?;
    let wrap = view.wrap().clone();
    page.borrow_mut().frame = Some(view);
    dom::set_shown(
        &dom::by_id("zoom-in")?.parent_element().expect("the tools"),
        G::ZOOMABLE,
    )?;

    let with_view = |page: &Shared<G>, f: &dyn Fn(&mut BoardView) -> Result<(), JsValue>| {
        let mut p = page.borrow_mut();
        if let Some(view) = p.frame.as_mut() {
            let _ = f(view);
        }
        let ply = p.view_ply();
        if let Some(view) = &p.frame {
            let _ = view.draw_minimap(&p.game.stones_at(ply));
        }
    };
    for (id, step) in [("zoom-in", 1), ("zoom-out", -1), ("zoom-fit", 0)] {
        let p = page.clone();
        dom::on(&dom::by_id(id)?, "click", move |_| {
            with_view(&p, &|v: &mut BoardView| match step {
                0 => v.fit(),
                s => v.zoom(super::board_view::zoom_factor(s), None),
            })
        })?;
    }
    // Ctrl+wheel (and a trackpad's pinch, which browsers send as one) zooms at the pointer.
    let p = page.clone();
    dom::on_passive(&wrap, "wheel", false, move |event| {
        let Ok(wheel) = event.dyn_into::<web_sys::WheelEvent>() else {
            return;
        };
        if !(wheel.ctrl_key() || wheel.meta_key()) || !G::ZOOMABLE {
            return;
        }
        wheel.prevent_default();
        let factor = (-wheel.delta_y() / 300.0).exp().clamp(0.5, 2.0);
        let at = (wheel.client_x() as f64, wheel.client_y() as f64);
        with_view(&p, &|v: &mut BoardView| v.zoom(factor, Some(at)));
    })?;
    // Scrolling moves the overview's frame.
    let p = page.clone();
    dom::on(&wrap, "scroll", move |_| with_view(&p, &|_| Ok(())))?;
    // The window's size (a rotation) refits the board.
    let p = page.clone();
    dom::on(&dom::window(), "resize", move |_| {
        with_view(&p, &|v: &mut BoardView| v.window_changed())
    })?;
    // A click on the overview looks there.
    let p = page.clone();
    dom::on(&dom::by_id("minimap")?, "click", move |event| {
        let Ok(mouse) = event.dyn_into::<web_sys::MouseEvent>() else {
            return;
        };
        let at = (mouse.client_x() as f64, mouse.client_y() as f64);
        with_view(&p, &|v: &mut BoardView| {
            if let Some((fx, fy)) = v.minimap_point(at.0, at.1) {
                v.centre_on(fx, fy);
            }
            Ok(())
        });
    })?;
    if G::ZOOMABLE {
        super::board_view::pan_and_pinch(&wrap, {
            let p = page.clone();
            move |factor, at| with_view(&p, &|v: &mut BoardView| v.zoom(factor, Some(at)))
        })?;
    }
    Ok(())
}

/// The board as one tab stop (`role="grid"`): the arrow keys move a visible cursor, Enter
/// or Space plays there (as a click would), and the cursor's cell is the grid's active
/// descendant, so a screen reader says its name.
fn mount_keyboard<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let table = page.borrow().table.clone();
    table.set_attribute("tabindex", "0")?;
    table.set_attribute("role", "grid")?;
    table.set_attribute("aria-label", &(t().board_label)(t().game(G::GAME)))?;
    // A click plays; it does not focus the board (the page's arrow keys stay the move
    // list's). Tab gives the board the focus for keyboard play.
    dom::on(&table, "mousedown", |event| event.prevent_default())?;
    let p = page.clone();
    dom::on(&table, "focus", move |_| {
        if !keyboard_on_board() {
            return;
        }
        let start = {
            let g = p.borrow();
            g.cursor.unwrap_or_else(|| g.game.cursor_start())
        };
        move_cursor(&p, start);
    })?;
    let p = page.clone();
    dom::on(&table, "blur", move |_| {
        if let Ok(Some(old)) = dom::document().query_selector(".cursor") {
            let _ = old.class_list().remove_1("cursor");
        }
        let _ = p;
    })?;
    let p = page.clone();
    dom::on(&table, "keydown", move |event| {
        let Ok(key) = event.dyn_into::<KeyboardEvent>() else {
            return;
        };
        if key.alt_key() || key.ctrl_key() || key.meta_key() || !keyboard_on_board() {
            return;
        }
        let (cursor, (rows, cols)) = {
            let g = p.borrow();
            (
                g.cursor.unwrap_or_else(|| g.game.cursor_start()),
                g.game.cursor_grid(),
            )
        };
        let (r, c) = cursor;
        let target = match key.key().as_str() {
            "ArrowLeft" => Some((r, c.saturating_sub(1))),
            "ArrowRight" => Some((r, (c + 1).min(cols - 1))),
            "ArrowUp" => Some((r.saturating_sub(1), c)),
            "ArrowDown" => Some(((r + 1).min(rows - 1), c)),
            "Enter" | " " => {
                let el = p.borrow().game.cursor_element(r, c);
                if let Some(el) = el {
                    el.unchecked_into::<web_sys::HtmlElement>().click();
                }
                key.prevent_default();
                return;
            }
            _ => None,
        };
        if let Some(to) = target {
            key.prevent_default();
            key.stop_propagation();
            move_cursor(&p, to);
        }
    })?;
    Ok(())
}

/// Whether the board has the focus. Only the keyboard gives it (a click on the board does
/// not take the focus, see `mount_keyboard`), so after a click the arrows keep stepping
/// through the moves.
fn keyboard_on_board() -> bool {
    dom::document()
        .active_element()
        .is_some_and(|el| el.id() == "table_game")
}

fn move_cursor<G: PageGame>(page: &Shared<G>, to: (usize, usize)) {
    let el = {
        let mut g = page.borrow_mut();
        g.cursor = Some(to);
        g.game.cursor_element(to.0, to.1)
    };
    if let Ok(Some(old)) = dom::document().query_selector(".cursor") {
        let _ = old.class_list().remove_1("cursor");
    }
    let Some(el) = el else { return };
    let _ = el.class_list().add_1("cursor");
    let g = page.borrow();
    let _ = g.table.set_attribute("aria-activedescendant", &el.id());
    if let Some(view) = &g.frame {
        view.follow(&el);
    }
}

/// Whether the keyboard is busy with a form field (then the arrow keys are its own).
fn typing_in_a_field() -> bool {
    dom::document()
        .active_element()
        .is_some_and(|el| match el.tag_name().as_str() {
            "TEXTAREA" | "SELECT" => true,
            "INPUT" => !matches!(
                el.get_attribute("type").as_deref(),
                Some("checkbox" | "radio" | "button")
            ),
            _ => false,
        })
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
        let [first, second] =
            [Side::First, Side::Second].map(|s| who_plays(&self.players, s, side_label::<G>(s)));
        (t().players_line)(&first, &second)
    }

    fn player_name(&self, side: Side) -> String {
        let name = side_label::<G>(side);
        let t = t();
        match self.players.mode {
            Mode::TwoPlayers => name.to_string(),
            Mode::PlayerComputer if self.players.is_bot(side) => (t.player_computer)(name),
            Mode::PlayerComputer => (t.player_you)(name),
            Mode::ComputerComputer => {
                (t.player_bot)(name, t.level_title(self.players.levels[side.index()]))
            }
        }
    }

    fn status_text(&self) -> String {
        let t = t();
        if let Some(ply) = self.view {
            // An earlier position is shown: say whose move it was there (each entry of the
            // move list, a pass included, hands the move over).
            let len = self.game.move_names().len();
            let now = self.game.to_move();
            let then = if (len - ply) % 2 == 0 {
                now
            } else {
                now.opponent()
            };
            return (t.looking_back)(ply, len, side_label::<G>(then));
        }
        match self.game.outcome() {
            Some(Outcome::Win(side)) => {
                let detail = self.game.win_detail();
                let name = side_label::<G>(side);
                match self.players.mode {
                    Mode::PlayerComputer if self.players.is_bot(side) => {
                        (t.won_computer)(name, &detail)
                    }
                    Mode::PlayerComputer => (t.won_you)(name, &detail),
                    _ => (t.won)(&self.player_name(side), &detail),
                }
            }
            Some(Outcome::Draw) => (t.draw)(&self.game.win_detail()),
            None => {
                let side = self.game.to_move();
                if self.paused {
                    (t.paused)(&self.player_name(side))
                } else if self.players.is_bot(side) && self.awaiting.is_some() {
                    match &self.progress {
                        Some(p) => (t.thinking_progress)(
                            &self.player_name(side),
                            p.depth,
                            &self.game.bot_move_name(&p.best),
                            &tr(&p.score),
                            p.nodes,
                        ),
                        None => (t.thinking)(&self.player_name(side)),
                    }
                } else if self.players.is_bot(side) {
                    (t.thinking)(&self.player_name(side))
                } else {
                    (t.to_move)(&self.player_name(side))
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
            && self.view.is_none()
    }

    /// Whether a hint may be shown now: when a human is to move (in computer vs computer,
    /// whenever the game goes on), at the game as it stands.
    fn hint_allowed(&self) -> bool {
        self.game.outcome().is_none()
            && self.view.is_none()
            && (self.players.mode == Mode::ComputerComputer
                || !self.players.is_bot(self.game.to_move()))
    }

    /// The move list entries shown: all, or those up to the move looked back at.
    fn view_ply(&self) -> usize {
        self.view.unwrap_or_else(|| self.game.move_names().len())
    }

    /// Forgets any bot move under way (its reply will be ignored).
    fn cancel_bot(&mut self) {
        self.awaiting = None;
        self.scheduled = false;
        self.progress = None;
    }

    /// A move just played by either side: the redo list keeps going only if it was the
    /// move it held next.
    fn played(&mut self, name: &str) {
        if self.redo.last().is_some_and(|next| next == name) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
    }

    /// The link that reopens this game as it stands, relative to the site.
    fn link(&self) -> String {
        format!(
            "./{}.html?{}{}",
            G::ID,
            with_moves(
                &self.game.settings_query(&self.players),
                &self.game.transcript()
            ),
            lang::lang().query_suffix()
        )
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
                let _ = dom::set_text("message", &tr(&reason));
                sound::play(Sound::Refused);
            }
            return;
        }
        let name = p.game.move_names().pop().unwrap_or_default();
        p.played(&name);
        sound::move_played(p.game.outcome());
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

/// Brings the board, the move list, the address bar, the table's state attributes and the
/// status in line with the game.
fn show_state<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let mut guard = page.borrow_mut();
    let p = &mut *guard;
    let names = p.game.move_names();
    if p.view.is_some_and(|v| v >= names.len()) {
        p.view = None;
    }
    let ply = p.view.unwrap_or(names.len());
    p.game.redraw(&p.table, ply)?;
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
    match p.view {
        Some(v) => p.table.set_attribute("data-view-ply", &v.to_string())?,
        None => p.table.remove_attribute("data-view-ply")?,
    }
    dom::set_text("status", &p.status_text())?;
    dom::set_text("note", &p.game.note())?;
    dom::set_text("move-count", &(t().move_count)(p.game.moves_played()))?;
    let mode = p.players.mode;
    let undo_ok = p.game.moves_played() > 0 && mode != Mode::ComputerComputer;
    dom::by_id("undo")?.toggle_attribute_with_force("disabled", !undo_ok)?;
    let redo_ok = !p.redo.is_empty() && mode != Mode::ComputerComputer;
    dom::by_id("redo")?.toggle_attribute_with_force("disabled", !redo_ok)?;
    let thinking = p.awaiting.is_some() && p.progress.is_some();
    dom::set_shown(&dom::by_id("move-now")?, thinking)?;
    p.table
        .toggle_attribute_with_force("data-thinking", p.awaiting.is_some())?;
    let looking_back = p.view.is_some();
    dom::by_id("nav-first")?.toggle_attribute_with_force("disabled", ply == 0)?;
    dom::by_id("nav-prev")?.toggle_attribute_with_force("disabled", ply == 0)?;
    dom::by_id("nav-next")?.toggle_attribute_with_force("disabled", !looking_back)?;
    dom::by_id("nav-last")?.toggle_attribute_with_force("disabled", !looking_back)?;
    dom::set_shown(&dom::by_id("continue")?, looking_back)?;
    let view_note = dom::by_id("view-note")?;
    dom::set_shown(&view_note, looking_back)?;
    if looking_back {
        view_note.set_text_content(Some(&(t().view_note)(ply, names.len())));
    }
    let human_turn = p.human_may_move();
    p.game.after_change(human_turn)?;
    // What reads the layout comes after everything that changes the board: one layout of
    // its cells a refresh, not one for each read.
    if let Some(view) = p.frame.as_mut() {
        view.settle()?;
    }
    if p.followed != Some(ply) {
        // A move new on the board (played, or stepped to) comes into sight.
        if let (Some(view), Some(el)) = (&p.frame, p.game.last_move_element(ply)) {
            view.follow(&el);
        }
        p.followed = Some(ply);
    }
    if let Some(view) = &p.frame {
        view.draw_minimap(&p.game.stones_at(ply))?;
    }
    update_move_list(&mut p.drawn_list, &names, p.view)?;
    save_game(p);
    // A hint belongs to the position it was worked out for.
    let moves_now = p.game.transcript();
    if p.hint_shown.as_ref().is_some_and(|m| *m != moves_now) || p.view.is_some() {
        p.game.clear_hint();
        p.hint_shown = None;
        dom::set_text("hint-text", "")?;
    }
    let wanted = p.hints_on && p.hint_allowed() && p.hint_shown.is_none();
    let asked = p
        .hint_awaiting
        .as_ref()
        .is_some_and(|(_, m)| *m == moves_now);
    drop(guard);
    if wanted && !asked {
        request_hint(page);
    }
    Ok(())
}

/// Where the browser remembers "keep hints on".
const HINTS_KEY: &str = "caro-app.hints";

/// The Hint button, "keep hints on", and the hints' worker.
fn mount_hints<G: PageGame>(page: &Shared<G>) -> Result<(), JsValue> {
    let has_hints = page.borrow().game.hint_request().is_some();
    dom::set_shown(&dom::by_id("hint")?, has_hints)?;
    dom::set_shown(&dom::by_id("hints-box")?, has_hints)?;
    if !has_hints {
        return Ok(());
    }
    let toggle: HtmlInputElement = dom::by_id("hints-on")?.unchecked_into();
    toggle.set_checked(page.borrow().hints_on);
    let p = page.clone();
    let t = toggle.clone();
    dom::on(&toggle, "change", move |_| {
        let on = t.checked();
        dom::store(HINTS_KEY, if on { "on" } else { "off" });
        p.borrow_mut().hints_on = on;
        if on {
            request_hint(&p);
        } else {
            let mut g = p.borrow_mut();
            g.game.clear_hint();
            g.hint_shown = None;
            g.hint_awaiting = None;
            let _ = dom::set_text("hint-text", "");
        }
    })?;
    let p = page.clone();
    dom::on(&dom::by_id("hint")?, "click", move |_| request_hint(&p))?;
    Ok(())
}

/// Asks the hints' worker about the position now, if a human is to move there.
fn request_hint<G: PageGame>(page: &Shared<G>) {
    if page.borrow().hint_worker.is_none() {
        let weak = Rc::downgrade(page);
        match worker::spawn(move |id, reply| {
            if let Some(page) = weak.upgrade() {
                on_hint_reply(&page, id, reply);
            }
        }) {
            Ok(w) => page.borrow_mut().hint_worker = Some(w),
            Err(e) => {
                dom::show_fatal(&format!("could not start the hints: {e:?}"));
                return;
            }
        }
    }
    let mut p = page.borrow_mut();
    if !p.hint_allowed() {
        return;
    }
    let Some((kind, position)) = p.game.hint_request() else {
        return;
    };
    let id = p.next_request;
    p.next_request += 1;
    let moves = p.game.transcript();
    p.hint_awaiting = Some((id, moves));
    let request = bot_request::format_request(id, kind, "-", None, None, &position);
    if let Some(w) = &p.hint_worker {
        let _ = w.post_message(&JsValue::from_str(&request));
    }
    let _ = dom::set_text("hint-text", t().hint_working);
}

fn on_hint_reply<G: PageGame>(page: &Shared<G>, id: u32, reply: BotReply) {
    let mut p = page.borrow_mut();
    let Some((want, moves)) = p.hint_awaiting.clone() else {
        return;
    };
    if want != id || matches!(reply, BotReply::Progress(_)) {
        return;
    }
    p.hint_awaiting = None;
    // Only for the position still on the board, while a human is to move there.
    if moves != p.game.transcript() || !p.hint_allowed() {
        return;
    }
    let words = match reply {
        BotReply::Move { text, .. } => {
            p.game.clear_hint();
            let words = p.game.show_hint(&text);
            p.hint_shown = Some(moves);
            words
        }
        BotReply::Error(msg) => (t().no_hint)(&tr(&msg)),
        BotReply::Progress(_) => return,
    };
    let _ = dom::set_text("hint-text", &words);
}

/// Writes the game into the address bar (so a reload or a bookmark reopens it) and
/// remembers it as the last game played, when its moves changed. A game without moves (a
/// page just opened, New game) is not remembered: the game played before stays offered.
fn save_game<G: PageGame>(p: &mut GamePage<G>) {
    let transcript = p.game.transcript();
    if p.saved_transcript.as_ref() == Some(&transcript) {
        return;
    }
    let link = p.link();
    if let Ok(history) = dom::window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&link));
    }
    if !transcript.is_empty() {
        dom::store(LAST_GAME_KEY, &link);
    }
    p.saved_transcript = Some(transcript);
}

/// Who plays `side`, for records (written in English, as record files are): `X: you`, `O: computer (Master)`, `Black: human`.
pub fn player_label<L: GameLevel>(players: &Players<L>, side: Side, name: &str) -> String {
    let who = if players.is_bot(side) {
        format!("computer ({})", players.levels[side.index()].title())
    } else if players.mode == Mode::PlayerComputer {
        "you".to_string()
    } else {
        "human".to_string()
    };
    format!("{name}: {who}")
}

/// Who plays `side`, as the line under the title says it, in the page's language.
fn who_plays<L: GameLevel>(players: &Players<L>, side: Side, name: &str) -> String {
    let t = t();
    let who = if players.is_bot(side) {
        (t.who_computer)(t.level_title(players.levels[side.index()]))
    } else if players.mode == Mode::PlayerComputer {
        t.who_you.to_string()
    } else {
        t.who_human.to_string()
    };
    (t.who_plays)(name, &who)
}

/// Where the browser keeps the link to the last game played (the home page offers it).
pub const LAST_GAME_KEY: &str = "caro-app.last-game";

/// Updates `ol#moves` to `names` (one `li` a move, `data-ply` its number), marks the
/// shown move and keeps it in view.
fn update_move_list(
    drawn: &mut Vec<String>,
    names: &[String],
    view: Option<usize>,
) -> Result<(), JsValue> {
    let list = dom::by_id("moves")?;
    let same = drawn.iter().zip(names).take_while(|(a, b)| a == b).count();
    while drawn.len() > same {
        if let Some(last) = list.last_element_child() {
            last.remove();
        }
        drawn.pop();
    }
    let doc = dom::document();
    for (i, name) in names.iter().enumerate().skip(same) {
        let li = doc.create_element("li")?;
        li.set_attribute("data-ply", &(i + 1).to_string())?;
        li.set_class_name(if i % 2 == 0 { "first" } else { "second" });
        // The notation's words (an Othello pass) in the page's language.
        li.set_text_content(Some(if name == "pass" { t().pass } else { name }));
        list.append_child(&li)?;
        drawn.push(name.clone());
    }
    let current = view.unwrap_or(names.len());
    if let Ok(Some(old)) = list.query_selector("li.current") {
        old.class_list().remove_1("current")?;
        old.remove_attribute("aria-current")?;
    }
    if current > 0 {
        if let Some(li) = list.children().item(current as u32 - 1) {
            li.class_list().add_1("current")?;
            li.set_attribute("aria-current", "step")?;
            // Scroll the list only (never the page) so the shown move is visible.
            let li: web_sys::HtmlElement = li.unchecked_into();
            let list_el: &web_sys::HtmlElement = list.unchecked_ref();
            let top = li.offset_top() - list_el.offset_top();
            let bottom = top + li.offset_height();
            if top < list.scroll_top() {
                list.set_scroll_top(top);
            } else if bottom > list.scroll_top() + list.client_height() {
                list.set_scroll_top(bottom - list.client_height());
            }
        }
    } else {
        list.set_scroll_top(0);
    }
    Ok(())
}

/// Shows the position after `ply` moves of the list (`None` or the last: the game as it
/// stands, and play goes on).
fn set_view<G: PageGame>(page: &Shared<G>, ply: Option<usize>) {
    {
        let mut p = page.borrow_mut();
        let len = p.game.move_names().len();
        p.view = ply.filter(|&v| v < len);
    }
    let _ = refresh(page);
}

fn step_view<G: PageGame>(page: &Shared<G>, delta: isize) {
    let target = {
        let p = page.borrow();
        let len = p.game.move_names().len();
        let now = p.view.unwrap_or(len) as isize;
        (now + delta).clamp(0, len as isize) as usize
    };
    set_view(page, Some(target));
}

/// Takes the game back to the position shown and plays on from there (the moves after it
/// can be redone).
fn continue_from_view<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        let Some(target) = p.view else {
            return;
        };
        p.cancel_bot();
        while p.game.move_names().len() > target {
            match p.game.undo() {
                Some(name) => p.redo.push(name),
                None => break,
            }
        }
        // A move and the pass it forced go back together (Othello): shown at the move,
        // the position is the one after both, so that move stays played.
        if p.game.move_names().len() < target {
            if let Some(name) = p.redo.pop() {
                if let Err(e) = p.game.play_named(&name) {
                    dom::show_fatal(&format!("could not replay {name}: {e}"));
                }
            }
        }
        p.view = None;
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
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
            || p.view.is_some()
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
    // The worker (a second wasm instance) starts with the first move the computer makes:
    // two people on one device never need it.
    if page.borrow().worker.is_none() {
        if let Err(e) = start_worker(page) {
            dom::show_fatal(&format!("could not start the computer player: {e:?}"));
            return;
        }
    }
    let mut p = page.borrow_mut();
    if !p.scheduled {
        return; // cancelled by undo, new game or pause
    }
    p.scheduled = false;
    let side = p.game.to_move();
    if p.game.outcome().is_some() || !p.players.is_bot(side) || p.paused || p.view.is_some() {
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
                let name = p.game.move_names().pop().unwrap_or_default();
                p.played(&name);
                sound::move_played(p.game.outcome());
                let _ = dom::set_text("bot-time", &(t().bot_time)(millis));
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
    {
        let mut p = page.borrow_mut();
        if let Err(e) = p.game.play_bot_move(&best) {
            dom::show_fatal(&format!(
                "the computer's best move so far ({best}) is bad: {e}"
            ));
            return;
        }
        let name = p.game.move_names().pop().unwrap_or_default();
        p.played(&name);
        sound::move_played(p.game.outcome());
    }
    let _ = dom::set_text("bot-time", t().moved_now);
    let _ = refresh(page);
}

fn new_game<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        p.cancel_bot();
        p.game.reset();
        p.redo.clear();
        p.view = None;
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

/// Takes back one move between two humans; against the computer, the human's last move
/// and the computer's answer to it. The moves taken back can be redone.
fn undo<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        if p.players.mode == Mode::ComputerComputer {
            return;
        }
        p.cancel_bot();
        p.view = None;
        while let Some(name) = p.game.undo() {
            p.redo.push(name);
            let mover = p.game.to_move(); // the side that had made the move just undone
            if !p.players.is_bot(mover) {
                break;
            }
        }
        let _ = dom::set_text("message", "");
    }
    let _ = refresh(page);
}

/// Plays again what undo took back: one move between two humans; against the computer,
/// the human's move and the computer's answer.
fn redo<G: PageGame>(page: &Shared<G>) {
    {
        let mut p = page.borrow_mut();
        if p.players.mode == Mode::ComputerComputer {
            return;
        }
        p.cancel_bot();
        p.view = None;
        while let Some(name) = p.redo.pop() {
            if let Err(e) = p.game.play_named(&name) {
                p.redo.clear();
                let _ = dom::set_text("message", &(t().redo_failed)(&name, &tr(&e)));
                break;
            }
            // Stop once a human is to move again.
            if !p.players.is_bot(p.game.to_move()) || p.game.outcome().is_some() {
                break;
            }
        }
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
        let label = if p.paused { t().resume_play } else { t().pause };
        if let Ok(button) = dom::by_id("pause") {
            button.set_text_content(Some(label));
        }
    }
    let _ = refresh(page);
}

/// Shows the link to the game as it stands in `#share-link` and copies it to the
/// clipboard (where the browser allows; the field is there either way).
fn share<G: PageGame>(page: &Shared<G>) {
    let link = page.borrow().link();
    let absolute =
        web_sys::Url::new_with_base(&link, &dom::window().location().href().unwrap_or_default())
            .map(|u| u.href())
            .unwrap_or(link);
    let Ok(field) = dom::by_id("share-link") else {
        return;
    };
    let field: HtmlInputElement = field.unchecked_into();
    field.set_value(&absolute);
    let _ = dom::set_shown(&field, true);
    field.select();
    let _ = dom::set_text("message", t().share_shown);
    let clipboard = dom::window().navigator().clipboard();
    let copied = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {
        let _ = dom::set_text("message", t().share_copied);
    });
    let refused = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {
        let _ = dom::set_text("message", t().share_refused);
    });
    let _ = clipboard.write_text(&absolute).then2(&copied, &refused);
    // Each runs at most once, when the browser answers; a click's two small closures are
    // left to the page.
    copied.forget();
    refused.forget();
}

/// Offers the game as a file in the chosen format.
fn export<G: PageGame>(page: &Shared<G>) {
    let format = dom::select_by_id("export-format")
        .map(|s| s.value())
        .unwrap_or_default();
    let (name, text) = {
        let p = page.borrow();
        p.game.export(&format, &p.players)
    };
    if let Err(e) = dom::download(&name, &text) {
        let _ = dom::set_text("message", &(t().export_failed)(&format!("{e:?}")));
    }
}

fn toggle_import(open: bool) {
    if let Ok(panel) = dom::by_id("import-panel") {
        let _ = dom::set_shown(&panel, open);
    }
    let _ = dom::set_text("import-error", "");
    if open {
        if let Ok(text) = dom::by_id("import-text") {
            let _ = text.unchecked_into::<web_sys::HtmlElement>().focus();
        }
    }
}

/// Opens the pasted record, or says what is wrong with it (the game on the page stays).
fn import_text<G: PageGame>(page: &Shared<G>) {
    let text = dom::by_id("import-text")
        .map(|el| el.unchecked_into::<web_sys::HtmlTextAreaElement>().value())
        .unwrap_or_default();
    open_record(page, &text);
}

fn open_record<G: PageGame>(page: &Shared<G>, text: &str) {
    let opened = {
        let p = page.borrow();
        p.game.import(&p.players, text)
    };
    match opened {
        Ok((game, query)) => {
            let _ = dom::navigate(&format!(
                "./{game}.html?{query}{}",
                lang::lang().query_suffix()
            ));
        }
        Err(why) => {
            let _ = dom::set_text("import-error", &(t().import_failed)(&tr(&why)));
        }
    }
}

/// Reads the chosen file and opens it as a record.
fn import_file<G: PageGame>(page: &Shared<G>) {
    let Ok(input) = dom::by_id("import-file") else {
        return;
    };
    let input: HtmlInputElement = input.unchecked_into();
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    // Cleared, so that choosing the same file again (fixed after an error) is read again.
    input.set_value("");
    const MAX_BYTES: f64 = 1_000_000.0;
    if file.size() > MAX_BYTES {
        let _ = dom::set_text("import-error", &(t().import_too_big)(file.size() / 1000.0));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let weak = Rc::downgrade(page);
    let r = reader.clone();
    let onload = Closure::once_into_js(move |_: JsValue| {
        let text = r
            .result()
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        if let Some(page) = weak.upgrade() {
            open_record(&page, &text);
        }
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    let _ = reader.read_as_text(&file);
}
