//! The Connect Four page: a 7x6 table; a click anywhere in a column drops a disc there.

use super::dom;
use super::game_page::{self, side_label, PageGame};
use super::lang::t;
use crate::connect4::{self, Position, HEIGHT, WIDTH};
use crate::game::{Outcome, Side};
use crate::settings::{connect4_replay, import_connect4, moves_param, players_from_query, Players};
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub struct Connect4Game {
    position: Position,
    /// The columns as drawn on the page, to redraw only the difference.
    drawn: Vec<u8>,
    marked_four: Vec<(usize, usize)>,
}

fn cell(row: usize, col: usize) -> Option<Element> {
    dom::document()
        .query_selector(&format!(
            "#table_game td[data-row=\"{row}\"][data-col=\"{col}\"]"
        ))
        .ok()
        .flatten()
}

/// The row (0 at the top) where the `n`-th disc of a column (0 = the bottom one) lands.
fn row_of(height_before: usize) -> usize {
    HEIGHT - 1 - height_before
}

impl Connect4Game {
    /// Every disc of `moves` as (row, col, side), in order.
    fn discs(moves: &[u8]) -> Vec<(usize, usize, Side)> {
        let mut heights = [0usize; WIDTH];
        moves
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let col = c as usize;
                let row = row_of(heights[col]);
                heights[col] += 1;
                let side = if i % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                (row, col, side)
            })
            .collect()
    }
}

impl PageGame for Connect4Game {
    type Level = connect4::Level;
    const ID: &'static str = "connect4";
    const GAME: crate::i18n::Game = crate::i18n::Game::Connect4;
    const MAX_CELL: f64 = 64.0;

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Red",
            Side::Second => "Yellow",
        }
    }

    fn to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn moves_played(&self) -> usize {
        self.position.moves()
    }

    fn position_text(&self) -> String {
        self.position.to_string()
    }

    fn play_bot_move(&mut self, text: &str) -> Result<(), String> {
        let col: usize = text
            .trim()
            .parse()
            .ok()
            .filter(|c| (1..=WIDTH).contains(c))
            .ok_or_else(|| format!("'{text}' is not a column"))?;
        self.position.play(col - 1).map_err(|e| e.to_string())
    }

    fn bot_move_name(&self, text: &str) -> String {
        text.to_string()
    }

    fn move_names(&self) -> Vec<String> {
        self.position
            .history()
            .iter()
            .map(|&c| char::from(b'1' + c).to_string())
            .collect()
    }

    fn transcript(&self) -> String {
        self.position.to_string()
    }

    fn play_named(&mut self, name: &str) -> Result<(), String> {
        self.play_bot_move(name)
    }

    fn undo(&mut self) -> Option<String> {
        let mut moves = self.position.to_string();
        let last = moves.pop()?;
        self.position = Position::parse(&moves).expect("a prefix of a legal game is legal");
        Some(last.to_string())
    }

    fn reset(&mut self) {
        self.position = Position::new();
    }

    fn redraw(&mut self, _table: &Element, ply: usize) -> Result<(), JsValue> {
        let all = self.position.history();
        let now = all[..ply.min(all.len())].to_vec();
        let live = now.len() == all.len();
        let same = self
            .drawn
            .iter()
            .zip(&now)
            .take_while(|(a, b)| a == b)
            .count();
        let old = Connect4Game::discs(&self.drawn);
        for &(row, col, _) in &old[same..] {
            if let Some(td) = cell(row, col) {
                td.set_class_name("");
            }
        }
        let new = Connect4Game::discs(&now);
        for &(row, col, side) in &new[same..] {
            if let Some(td) = cell(row, col) {
                let colour = if side == Side::First { "red" } else { "yellow" };
                // The disc falls from above the board: its distance sets the animation.
                dom::set_style(&td, "--fall", &(row + 1).to_string())?;
                td.set_class_name(&format!("{colour} drop"));
            }
        }
        self.drawn = now;
        for (row, col) in std::mem::take(&mut self.marked_four) {
            if let Some(td) = cell(row, col) {
                td.class_list().remove_1("win")?;
            }
        }
        if let Some(four) = self.position.winning_four().filter(|_| live) {
            self.marked_four = four.to_vec();
            for &(row, col) in &four {
                if let Some(td) = cell(row, col) {
                    td.class_list().add_1("win")?;
                }
            }
        }
        let shown = Connect4Game::discs(&self.drawn);
        for col in 0..WIDTH {
            let full = !self.position.can_play(col) && !self.position.is_over();
            if let Some(head) = dom::document().get_element_by_id(&format!("col-{}", col + 1)) {
                head.set_attribute("aria-label", &column_name(col, &shown))?;
            }
            if let Some(head) = dom::document()
                .query_selector(&format!("#table_game th[data-col=\"{col}\"]"))
                .ok()
                .flatten()
            {
                head.toggle_attribute_with_force("data-full", full)?;
            }
        }
        Ok(())
    }

    fn win_detail(&self) -> String {
        match self.position.outcome() {
            Some(Outcome::Win(_)) => (t().win_line)(4),
            Some(Outcome::Draw) => t().board_full.to_string(),
            None => String::new(),
        }
    }

    fn hint_request(&self) -> Option<(&'static str, String)> {
        Some(("connect4-hint", self.position.to_string()))
    }

    /// Every column's exact value under the board, in words.
    fn show_hint(&mut self, reply: &str) -> String {
        let moves = self.position.moves();
        let mut unknown = false;
        for (col, value) in reply.split(',').enumerate() {
            let words = match value.parse::<i32>() {
                Ok(score) => describe_score(score, moves),
                Err(_) if value == "?" => {
                    unknown = true;
                    "?".to_string()
                }
                Err(_) => t().value_full.to_string(),
            };
            if let Some(el) = dom::document().get_element_by_id(&format!("hint-{col}")) {
                el.set_text_content(Some(&words));
                let _ = el.set_attribute("data-score", value);
            }
        }
        let side = side_label::<Self>(self.position.side_to_move());
        let mut words = (t().connect4_hint)(side);
        if unknown {
            words.push_str(t().connect4_hint_unknown);
        }
        words
    }

    fn clear_hint(&mut self) {
        for col in 0..WIDTH {
            if let Some(el) = dom::document().get_element_by_id(&format!("hint-{col}")) {
                el.set_text_content(Some(""));
                let _ = el.remove_attribute("data-score");
            }
        }
    }

    fn grid(&self) -> (usize, usize) {
        (HEIGHT, WIDTH)
    }

    fn cursor_grid(&self) -> (usize, usize) {
        (1, WIDTH)
    }

    fn cursor_element(&self, _row: usize, col: usize) -> Option<Element> {
        dom::document().get_element_by_id(&format!("col-{}", col + 1))
    }

    fn settings_query(&self, players: &Players<connect4::Level>) -> String {
        players.to_query()
    }

    fn export_formats() -> Vec<(&'static str, &'static str)> {
        vec![("moves", t().format_moves)]
    }

    fn export(&self, _format: &str, _players: &Players<connect4::Level>) -> (String, String) {
        (
            format!("connect4-{}.txt", dom::date_stamp()),
            format!("{}\n", self.transcript()),
        )
    }

    fn import(
        &self,
        players: &Players<connect4::Level>,
        text: &str,
    ) -> Result<(&'static str, String), String> {
        import_connect4(players, text).map_err(|e| e.to_string())
    }
}

/// A column's accessible name: `column 4, 3 discs: Red, Yellow, Red` (from the bottom).
fn column_name(col: usize, discs: &[(usize, usize, Side)]) -> String {
    let held: Vec<&str> = discs
        .iter()
        .filter(|d| d.1 == col)
        .map(|d| side_label::<Connect4Game>(d.2))
        .collect();
    let n = col + 1;
    let t = t();
    match held.len() {
        0 => (t.column_empty)(n),
        HEIGHT => (t.column_full)(n, &held.join(", ")),
        k => (t.column_discs)(n, k, &held.join(", ")),
    }
}

/// A column's exact value in words, for the side to move after `moves` plies: wins and
/// losses count that side's own moves, this one included.
pub fn describe_score(score: i32, moves: usize) -> String {
    let own_stones = moves / 2;
    let their_stones = moves - own_stones;
    let t = t();
    match score {
        0 => t.value_draw.to_string(),
        s if s > 0 => (t.value_win)(22 - s - own_stones as i32),
        s => (t.value_loss)(22 + s - their_stones as i32),
    }
}

/// The page's entry point (`connect4.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let (players, mut errors) = players_from_query::<connect4::Level>(&pairs);
    // A bad `lang=` is a bad parameter like the others.
    errors.extend(super::lang::take_error());
    if !errors.is_empty() {
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return game_page::back_home_with_error(
            "connect4",
            &message.join("; "),
            &players.to_query(),
        );
    }
    let position = match moves_param(&pairs).map(connect4_replay) {
        Some(Ok(position)) => position,
        Some(Err(e)) => {
            return game_page::back_home_with_error("connect4", &e.to_string(), &players.to_query())
        }
        None => Position::new(),
    };
    game_page::build_layout::<Connect4Game>()?;
    dom::set_text("board-info", t().connect4_board_info)?;
    let table = dom::by_id("table_game")?;
    // The columns are what a player chooses: they are the grid's cells, named with what
    // they hold; the discs below are drawn for the eye.
    let mut html = String::from("<thead><tr role=\"row\">");
    for col in 0..WIDTH {
        let _ = write!(
            html,
            "<th data-col=\"{col}\" id=\"col-{0}\" role=\"gridcell\" aria-label=\"{1}\">{0}</th>",
            col + 1,
            (t().column_empty)(col + 1)
        );
    }
    html.push_str("</tr></thead><tbody aria-hidden=\"true\">");
    for row in 0..HEIGHT {
        html.push_str("<tr>");
        for col in 0..WIDTH {
            let _ = write!(
                html,
                "<td data-row=\"{row}\" data-col=\"{col}\"><div class=\"disc\"></div></td>"
            );
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody><tfoot aria-hidden=\"true\"><tr>");
    for col in 0..WIDTH {
        let _ = write!(html, "<td class=\"hint\" id=\"hint-{col}\"></td>");
    }
    html.push_str("</tr></tfoot>");
    table.set_inner_html(&html);

    let game = Connect4Game {
        position,
        drawn: Vec::new(),
        marked_four: Vec::new(),
    };
    let page = game_page::mount(game, players, table.clone())?;

    let p = page.clone();
    dom::on(&table, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(col) = target
            .closest("[data-col]")
            .ok()
            .flatten()
            .and_then(|el| el.get_attribute("data-col"))
            .and_then(|c| c.parse::<usize>().ok())
        else {
            return;
        };
        game_page::human_move(&p, |g: &mut Connect4Game| {
            if !g.position.can_play(col) {
                return Err((t().column_is_full)(col + 1));
            }
            g.position.play(col).map_err(|e| e.to_string())
        });
    })?;

    Ok(())
}
