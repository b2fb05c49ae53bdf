//! The Caro page: the board drawn once as a table, then only the cells that change. Cells
//! are named as players name them: columns lettered from the left, rows numbered from the
//! bottom (`h8` is the centre of 15x15); the ids stay `{row}-{col}`, 0-based from the top.

use super::dom;
use super::game_page::{self, side_label, PageGame};
use super::lang::t;
use crate::caro::notation::{cell_name, column_name, format_moves, parse_cell_name};
use crate::caro::{notation, record, renju, Board, MoveError, Pos, Rule};
use crate::game::{Outcome, Side};
use crate::settings::{import_caro, moves_param, CaroSettings, Level, Players};
use std::cell::Cell;
use std::fmt::Write as _;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// Whether move numbers are shown on the stones, as the browser remembers it.
const NUMBERS_KEY: &str = "caro-app.move-numbers";

pub struct CaroGame {
    board: Board,
    settings: CaroSettings,
    /// Show each stone's move number instead of its letter.
    numbers: bool,
    /// The moves as drawn on the page, to redraw only the difference.
    drawn: Vec<Pos>,
    drawn_numbers: bool,
    marked_last: Option<Pos>,
    marked_line: Vec<Pos>,
    marked_forbidden: Vec<Pos>,
    marked_hint: Option<Pos>,
}

fn cell(pos: Pos) -> Option<Element> {
    dom::document().get_element_by_id(&format!("{}-{}", pos.row, pos.col))
}

fn set_class(pos: Pos, class: &str, on: bool) {
    if let Some(el) = cell(pos) {
        let list = el.class_list();
        let _ = if on {
            list.add_1(class)
        } else {
            list.remove_1(class)
        };
    }
}

impl CaroGame {
    /// Draws one cell: its stone (letter or move number) and its accessible name.
    fn draw_stone(&self, pos: Pos, stone: Option<(Side, usize)>) {
        let Some(el) = cell(pos) else { return };
        let name = cell_name(self.board.rows(), pos);
        let (text, class, label) = match stone {
            Some((side, number)) => {
                let letter = <CaroGame as PageGame>::side_name(side);
                let text = if self.numbers {
                    number.to_string()
                } else {
                    letter.to_string()
                };
                let class = match (side, self.numbers) {
                    (Side::First, false) => "cell x",
                    (Side::Second, false) => "cell o",
                    (Side::First, true) => "cell x numbered",
                    (Side::Second, true) => "cell o numbered",
                };
                (text, class, format!("{name} {letter}"))
            }
            None => (String::new(), "cell", name),
        };
        el.set_text_content(Some(&text));
        let _ = el.set_attribute("class", class);
        let _ = el.set_attribute("aria-label", &label);
    }
}

impl PageGame for CaroGame {
    type Level = Level;
    const ID: &'static str = "caro";
    const GAME: crate::i18n::Game = crate::i18n::Game::Caro;
    const MAX_CELL: f64 = 40.0;
    const ZOOMABLE: bool = true;

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "X",
            Side::Second => "O",
        }
    }

    fn to_move(&self) -> Side {
        self.board.to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.board.outcome()
    }

    fn moves_played(&self) -> usize {
        self.board.stone_count()
    }

    fn position_text(&self) -> String {
        notation::format_position(&self.board)
    }

    fn play_bot_move(&mut self, text: &str) -> Result<(), String> {
        let pos = notation::parse_pos(text).map_err(|e| e.to_string())?;
        self.board.play(pos).map_err(|e| e.to_string())
    }

    fn bot_move_name(&self, text: &str) -> String {
        match notation::parse_pos(text) {
            Ok(pos) if self.board.contains(pos) => cell_name(self.board.rows(), pos),
            _ => text.to_string(),
        }
    }

    fn move_names(&self) -> Vec<String> {
        let rows = self.board.rows();
        self.board
            .moves()
            .iter()
            .map(|&p| cell_name(rows, p))
            .collect()
    }

    fn transcript(&self) -> String {
        format_moves(&self.board)
    }

    fn play_named(&mut self, name: &str) -> Result<(), String> {
        let pos = parse_cell_name(self.board.rows(), self.board.cols(), name)
            .map_err(|e| e.to_string())?;
        self.board.play(pos).map_err(|e| e.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        let rows = self.board.rows();
        self.board.undo().map(|pos| cell_name(rows, pos))
    }

    fn reset(&mut self) {
        while self.board.undo().is_some() {}
    }

    fn redraw(&mut self, _table: &Element, ply: usize) -> Result<(), JsValue> {
        let moves = &self.board.moves()[..ply.min(self.board.stone_count())];
        let same = if self.drawn_numbers == self.numbers {
            self.drawn
                .iter()
                .zip(moves)
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0 // every stone's text changes
        };
        for &pos in &self.drawn[same..] {
            self.draw_stone(pos, None);
        }
        for (i, &pos) in moves.iter().enumerate().skip(same) {
            let side = if i % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            self.draw_stone(pos, Some((side, i + 1)));
        }
        self.drawn = moves.to_vec();
        self.drawn_numbers = self.numbers;

        if let Some(old) = self.marked_last.take() {
            set_class(old, "last", false);
        }
        if let Some(&last) = moves.last() {
            set_class(last, "last", true);
            self.marked_last = Some(last);
        }
        for pos in std::mem::take(&mut self.marked_line) {
            set_class(pos, "win", false);
        }
        if moves.len() == self.board.stone_count() {
            self.marked_line = self.board.winning_line();
        }
        for &pos in &self.marked_line {
            set_class(pos, "win", true);
        }
        Ok(())
    }

    fn win_detail(&self) -> String {
        match self.board.outcome() {
            Some(Outcome::Win(_)) => (t().win_line)(self.board.winning_line().len()),
            Some(Outcome::Draw) => t().board_full.to_string(),
            None => String::new(),
        }
    }

    /// Under renju, marks the cells where a human Black may not play.
    fn after_change(&mut self, is_human_turn: bool) -> Result<(), JsValue> {
        for pos in std::mem::take(&mut self.marked_forbidden) {
            set_class(pos, "forbidden", false);
        }
        if self.board.rule() == Rule::Renju && is_human_turn && self.board.to_move() == Side::First
        {
            self.marked_forbidden = forbidden_points(&self.board);
            for &pos in &self.marked_forbidden {
                set_class(pos, "forbidden", true);
            }
        }
        Ok(())
    }

    fn grid(&self) -> (usize, usize) {
        (self.board.rows(), self.board.cols())
    }

    fn hint_request(&self) -> Option<(&'static str, String)> {
        Some(("caro-hint", notation::format_position(&self.board)))
    }

    /// Marks the engine's move and says what it thinks (see `protocol::bot_request`).
    fn show_hint(&mut self, reply: &str) -> String {
        let mut fields = reply.split(';');
        let (Some(mv), Some(kind), Some(value)) = (fields.next(), fields.next(), fields.next())
        else {
            return (t().hint_bad_reply)(reply);
        };
        let Ok(pos) = notation::parse_pos(mv) else {
            return (t().hint_bad_reply)(reply);
        };
        let value: i32 = value.parse().unwrap_or(0);
        set_class(pos, "hint", true);
        self.marked_hint = Some(pos);
        hint_words(
            self.board.to_move(),
            kind,
            value,
            &cell_name(self.board.rows(), pos),
        )
    }

    fn clear_hint(&mut self) {
        if let Some(pos) = self.marked_hint.take() {
            set_class(pos, "hint", false);
        }
    }

    fn cursor_element(&self, row: usize, col: usize) -> Option<Element> {
        cell(Pos::new(row, col))
    }

    fn cursor_start(&self) -> (usize, usize) {
        match self.board.last_move() {
            Some(p) => (p.row, p.col),
            None => (self.board.rows() / 2, self.board.cols() / 2),
        }
    }

    fn last_move_element(&self, ply: usize) -> Option<Element> {
        let moves = self.board.moves();
        ply.checked_sub(1)
            .and_then(|i| moves.get(i))
            .and_then(|&p| cell(p))
    }

    fn stones_at(&self, ply: usize) -> Vec<(usize, usize, Side)> {
        self.board.moves()[..ply.min(self.board.stone_count())]
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    p.row,
                    p.col,
                    if i % 2 == 0 {
                        Side::First
                    } else {
                        Side::Second
                    },
                )
            })
            .collect()
    }

    fn settings_query(&self, players: &Players<Level>) -> String {
        CaroSettings {
            players: players.clone(),
            ..self.settings.clone()
        }
        .to_query()
    }

    fn export_formats() -> Vec<(&'static str, &'static str)> {
        vec![("psq", t().format_psq), ("moves", t().format_moves)]
    }

    fn export(&self, format: &str, players: &Players<Level>) -> (String, String) {
        let stem = format!(
            "caro-{}x{}-{}-{}",
            self.board.rows(),
            self.board.cols(),
            self.board.rule(),
            dom::date_stamp()
        );
        if format == "moves" {
            (format!("{stem}.txt"), format!("{}\n", self.transcript()))
        } else {
            let names = [Side::First, Side::Second]
                .map(|s| game_page::player_label(players, s, Self::side_name(s)));
            let text = record::format_psq(&self.board, &[], [&names[0], &names[1]]);
            (format!("{stem}.psq"), text)
        }
    }

    fn import(
        &self,
        players: &Players<Level>,
        text: &str,
    ) -> Result<(&'static str, String), String> {
        let current = CaroSettings {
            players: players.clone(),
            ..self.settings.clone()
        };
        import_caro(&current, text).map_err(|e| e.to_string())
    }
}

/// A Caro hint in words, for `side` to move: who wins and how, or who is better, and the
/// move (`cell`).
pub fn hint_words(side: Side, kind: &str, value: i32, cell: &str) -> String {
    let t = t();
    let me = side_label::<CaroGame>(side);
    let them = side_label::<CaroGame>(side.opponent());
    let moves = (t.n_moves)(value);
    match kind {
        "vcf" => (t.hint_vcf)(me, &moves, cell),
        "vct" => (t.hint_vct)(me, &moves, cell),
        "win" => (t.hint_win)(me, &moves, cell),
        "loss" => (t.hint_loss)(them, &moves, me, cell),
        _ => {
            let (better, margin) = if value >= 0 {
                (me, value)
            } else {
                (them, -value)
            };
            let judgement = match margin {
                0..=15 => t.hint_even.to_string(),
                16..=60 => (t.hint_little_better)(better),
                61..=200 => (t.hint_better)(better),
                _ => (t.hint_much_better)(better),
            };
            (t.hint_engine_move)(&judgement, cell)
        }
    }
}

/// Empty cells near stones where Black's move would be forbidden (a forbidden shape needs
/// Black stones within four cells).
fn forbidden_points(board: &Board) -> Vec<Pos> {
    let mut near = vec![false; board.rows() * board.cols()];
    for &m in board.moves() {
        if board.get(m) != Some(Side::First) {
            continue;
        }
        for dr in -4..=4 {
            for dc in -4..=4 {
                if let Some(p) = board.step(m, dr, dc) {
                    near[p.row * board.cols() + p.col] = true;
                }
            }
        }
    }
    let padded = renju::Padded::new(board);
    board
        .empty_cells()
        .filter(|p| near[p.row * board.cols() + p.col])
        .filter(|&p| padded.forbidden(p).is_some())
        .collect()
}

/// The page's entry point (`caro.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let (settings, mut errors) = CaroSettings::from_query(&pairs);
    // A bad `lang=` is a bad parameter like the others.
    errors.extend(super::lang::take_error());
    if !errors.is_empty() {
        // Back to the home page, saying what was wrong, with the rest of the choices kept.
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return game_page::back_home_with_error("caro", &message.join("; "), &settings.to_query());
    }
    let board = match moves_param(&pairs) {
        Some(moves) => match settings.replay(moves) {
            Ok(board) => board,
            Err(e) => {
                return game_page::back_home_with_error(
                    "caro",
                    &e.to_string(),
                    &settings.to_query(),
                )
            }
        },
        None => Board::new(settings.rows, settings.cols, settings.rule)
            .map_err(|e| JsValue::from_str(&e.to_string()))?,
    };
    game_page::build_layout::<CaroGame>()?;
    // The rules page opens at this game's rule.
    dom::by_id("rules-link")?.set_attribute(
        "href",
        &format!(
            "./rules.html?game=caro&rule={}{}",
            settings.rule.name(),
            super::lang::lang().query_suffix()
        ),
    )?;
    let table = dom::by_id("table_game")?;
    build_table(&table, &settings)?;
    dom::set_text(
        "board-info",
        &(t().caro_board_info)(t().rule(settings.rule), settings.rows, settings.cols),
    )?;
    let numbers = dom::stored(NUMBERS_KEY).as_deref() == Some("on");
    let game = CaroGame {
        board,
        settings: settings.clone(),
        numbers,
        drawn: Vec::new(),
        drawn_numbers: numbers,
        marked_last: None,
        marked_line: Vec::new(),
        marked_forbidden: Vec::new(),
        marked_hint: None,
    };
    let page = game_page::mount(game, settings.players, table.clone())?;

    let toggle: HtmlInputElement = dom::by_id("move-numbers")?.unchecked_into();
    toggle.set_checked(numbers);
    dom::set_shown(&dom::by_id("move-numbers-row")?, true)?;
    let p = page.clone();
    dom::on(&toggle.clone(), "change", move |_| {
        let on = toggle.checked();
        dom::store(NUMBERS_KEY, if on { "on" } else { "off" });
        p.borrow_mut().game.numbers = on;
        let _ = game_page::refresh(&p);
    })?;

    // "Tap twice to play": the first tap marks the cell, a second on it plays there.
    let confirm: HtmlInputElement = dom::by_id("confirm-taps")?.unchecked_into();
    confirm.set_checked(dom::stored(CONFIRM_KEY).as_deref() == Some("on"));
    dom::set_shown(&dom::by_id("confirm-row")?, true)?;
    let c = confirm.clone();
    dom::on(&confirm.clone(), "change", move |_| {
        dom::store(CONFIRM_KEY, if c.checked() { "on" } else { "off" });
        clear_pending();
    })?;
    let pending: Rc<Cell<Option<Pos>>> = Rc::new(Cell::new(None));
    dom::on(&table, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(el) = target.closest(".cell").ok().flatten() else {
            return;
        };
        let Some(pos) = parse_cell_id(&el.id()) else {
            return;
        };
        if confirm.checked() && pending.get() != Some(pos) {
            let empty = page.borrow().game.board.get(pos).is_none();
            if empty && page.borrow().human_may_move() {
                clear_pending();
                let _ = el.class_list().add_1("pending");
                pending.set(Some(pos));
                let _ = dom::set_text(
                    "message",
                    &(t().tap_again)(&cell_name(page.borrow().game.board.rows(), pos)),
                );
            }
            return;
        }
        pending.set(None);
        clear_pending();
        game_page::human_move(&page, |g: &mut CaroGame| match g.board.play(pos) {
            Ok(()) => Ok(()),
            Err(MoveError::Forbidden(kind)) => Err((t().forbidden_move)(t().forbidden_kind(kind))),
            Err(_) => Err(String::new()), // a taken cell: nothing happens
        });
    })?;
    Ok(())
}

/// Whether "tap twice to play" is on, as the browser remembers it.
const CONFIRM_KEY: &str = "caro-app.confirm-taps";

fn clear_pending() {
    if let Ok(Some(old)) = dom::document().query_selector("#table_game .pending") {
        let _ = old.class_list().remove_1("pending");
    }
}

/// Writes the whole table at once: one string, one parse, for any size up to 60x60. The
/// first row's cells carry their column's letters and the first column's their row's
/// number (`data-top`, `data-left`), drawn along the edges by the style sheet.
fn build_table(table: &Element, settings: &CaroSettings) -> Result<(), JsValue> {
    let (rows, cols) = (settings.rows, settings.cols);
    let mut html = String::with_capacity(rows * cols * 80);
    for row in 0..rows {
        html.push_str("<tr role=\"row\">");
        for col in 0..cols {
            html.push_str("<td role=\"none\"");
            if row == 0 {
                let _ = write!(html, " data-top=\"{}\"", column_name(col));
            }
            if col == 0 {
                let _ = write!(html, " data-left=\"{}\"", rows - row);
            }
            // Where cells are too small for every label, every fifth stays (a, f, k...; 1,
            // 5, 10...).
            if (row == 0 && col % 5 == 0)
                || (col == 0 && ((rows - row) % 5 == 0 || row == rows - 1))
            {
                html.push_str(" class=\"major\"");
            }
            let _ = write!(
                html,
                "><div class=\"cell\" id=\"{row}-{col}\" role=\"gridcell\" aria-label=\"{}\"></div></td>",
                cell_name(rows, Pos::new(row, col))
            );
        }
        html.push_str("</tr>");
    }
    table.set_inner_html(&html);
    Ok(())
}

fn parse_cell_id(id: &str) -> Option<Pos> {
    let (r, c) = id.split_once('-')?;
    Some(Pos::new(r.parse().ok()?, c.parse().ok()?))
}
