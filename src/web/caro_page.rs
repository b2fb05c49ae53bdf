//! The Caro page: the board drawn once as a table, then only the cells that change.

use super::dom;
use super::game_page::{self, PageGame};
use crate::caro::{notation, renju, Board, MoveError, Pos, Rule};
use crate::game::{Outcome, Side};
use crate::settings::{encode_component, CaroSettings, Level};
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub struct CaroGame {
    board: Board,
    /// The moves as drawn on the page, to redraw only the difference.
    drawn: Vec<Pos>,
    marked_last: Option<Pos>,
    marked_line: Vec<Pos>,
    marked_forbidden: Vec<Pos>,
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

fn draw_stone(pos: Pos, stone: Option<Side>) {
    if let Some(el) = cell(pos) {
        let (text, class) = match stone {
            Some(Side::First) => ("X", "cell x"),
            Some(Side::Second) => ("O", "cell o"),
            None => ("", "cell"),
        };
        el.set_text_content(Some(text));
        let _ = el.set_attribute("class", class);
    }
}

impl PageGame for CaroGame {
    type Level = Level;
    const ID: &'static str = "caro";

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

    fn undo(&mut self) -> bool {
        self.board.undo().is_some()
    }

    fn reset(&mut self) {
        while self.board.undo().is_some() {}
    }

    fn redraw(&mut self, _table: &Element) -> Result<(), JsValue> {
        let moves = self.board.moves();
        let same = self
            .drawn
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        for &pos in &self.drawn[same..] {
            draw_stone(pos, None);
        }
        for &pos in &moves[same..] {
            draw_stone(pos, self.board.get(pos));
        }
        self.drawn = moves.to_vec();

        if let Some(old) = self.marked_last.take() {
            set_class(old, "last", false);
        }
        if let Some(last) = self.board.last_move() {
            set_class(last, "last", true);
            self.marked_last = Some(last);
        }
        for pos in std::mem::take(&mut self.marked_line) {
            set_class(pos, "win", false);
        }
        self.marked_line = self.board.winning_line();
        for &pos in &self.marked_line {
            set_class(pos, "win", true);
        }
        Ok(())
    }

    fn win_detail(&self) -> String {
        match self.board.outcome() {
            Some(Outcome::Win(_)) => {
                let len = self.board.winning_line().len();
                let words = ["five", "six", "seven", "eight", "nine"];
                match words.get(len.wrapping_sub(5)) {
                    Some(w) => format!("with {w} in a row"),
                    None => format!("with {len} in a row"),
                }
            }
            Some(Outcome::Draw) => ": the board is full".to_string(),
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
    board
        .empty_cells()
        .filter(|p| near[p.row * board.cols() + p.col])
        .filter(|&p| renju::forbidden(board, p).is_some())
        .collect()
}

/// The page's entry point (`caro.html`).
pub fn start() -> Result<(), JsValue> {
    let (settings, errors) = CaroSettings::from_query(&dom::query_pairs());
    if !errors.is_empty() {
        // Back to the home page, saying what was wrong, with the rest of the choices kept.
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        let url = format!(
            "./index.html?game=caro&error={}&{}",
            encode_component(&message.join("; ")),
            settings.to_query()
        );
        return dom::replace_location(&url);
    }
    let board = Board::new(settings.rows, settings.cols, settings.rule)
        .map_err(|e| JsValue::from_str(&e.to_string()))?;
    let table = dom::by_id("table_game")?;
    build_table(&table, &settings)?;
    dom::set_text(
        "board-info",
        &format!(
            "{} rule, {}x{} board.",
            crate::web::home::rule_title(settings.rule),
            settings.rows,
            settings.cols
        ),
    )?;
    let game = CaroGame {
        board,
        drawn: Vec::new(),
        marked_last: None,
        marked_line: Vec::new(),
        marked_forbidden: Vec::new(),
    };
    let home_query = format!("game=caro&{}", settings.to_query());
    let page = game_page::mount(game, settings.players, table.clone(), home_query)?;
    dom::on(&table, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(el) = target.closest(".cell").ok().flatten() else {
            return;
        };
        if let Some(pos) = parse_cell_id(&el.id()) {
            game_page::human_move(&page, |g: &mut CaroGame| match g.board.play(pos) {
                Ok(()) => Ok(()),
                Err(MoveError::Forbidden(kind)) => Err(format!(
                    "That move is forbidden for X under renju ({kind})."
                )),
                Err(_) => Err(String::new()), // a taken cell: nothing happens
            });
        }
    })?;
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
    let height = w.inner_height()?.as_f64().unwrap_or(800.0) - 200.0;
    // Each cell also takes a pixel of border.
    let fit = (width / settings.cols as f64).min(height / settings.rows as f64) - 1.0;
    let cell = fit.clamp(14.0, 36.0).floor();
    table.set_attribute("style", &format!("--cell: {cell}px"))?;
    Ok(())
}

fn parse_cell_id(id: &str) -> Option<Pos> {
    let (r, c) = id.split_once('-')?;
    Some(Pos::new(r.parse().ok()?, c.parse().ok()?))
}
