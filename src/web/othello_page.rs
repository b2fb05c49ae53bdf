//! The Othello page: an 8x8 table with the legal moves shown, flips animated, the disc
//! count always on screen, and passes announced.

use super::dom;
use super::game_page::{self, side_label, PageGame};
use super::lang::t;
use crate::game::{Outcome, Side};
use crate::othello::notation::format_moves;
use crate::othello::{self, format_obf, parse_square, Position, Square};
use crate::settings::{import_othello, moves_param, OthelloSettings, Players};
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub struct OthelloGame {
    /// Where the game starts: the standard start, or a `position=` from the URL.
    start: Position,
    position: Position,
    /// The positions before each move, for undo and for looking back.
    history: Vec<Position>,
    /// Each move, and whether the other side had to pass after it.
    moves: Vec<(Square, bool)>,
    /// What each square shows now, to redraw only changes.
    drawn: [Option<Side>; 64],
    /// The squares carrying a hint's value.
    hinted: Vec<Square>,
}

fn cell(square: Square) -> Option<Element> {
    dom::document()
        .query_selector(&format!(
            "#table_game td[data-row=\"{}\"][data-col=\"{}\"]",
            square.row(),
            square.col()
        ))
        .ok()
        .flatten()
}

impl OthelloGame {
    fn new(start: Position) -> OthelloGame {
        OthelloGame {
            start,
            position: start,
            history: Vec::new(),
            moves: Vec::new(),
            drawn: [None; 64],
            hinted: Vec::new(),
        }
    }

    /// Plays `square` for the side to move; if the other side then has no move, it passes
    /// at once, so the side to move always has a move until the game ends.
    fn play(&mut self, square: Square) -> Result<(), String> {
        let before = self.position;
        self.position.play(square).map_err(|e| e.to_string())?;
        self.history.push(before);
        let passed = self.position.must_pass();
        if passed {
            self.position.pass().map_err(|e| e.to_string())?;
        }
        self.moves.push((square, passed));
        Ok(())
    }

    /// The move that the first `ply` entries of the move list end with (its index), if any.
    fn move_at(&self, ply: usize) -> Option<usize> {
        let mut entries = 0;
        for (i, &(_, passed)) in self.moves.iter().enumerate() {
            entries += 1 + usize::from(passed);
            if entries >= ply {
                return Some(i);
            }
        }
        None
    }

    /// The position after move `i` (and the pass it forced).
    fn after_move(&self, i: usize) -> Position {
        self.history.get(i + 1).copied().unwrap_or(self.position)
    }
}

impl PageGame for OthelloGame {
    type Level = othello::Level;
    const ID: &'static str = "othello";
    const GAME: crate::i18n::Game = crate::i18n::Game::Othello;
    const MAX_CELL: f64 = 60.0;

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Black",
            Side::Second => "White",
        }
    }

    fn to_move(&self) -> Side {
        self.position.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn position_text(&self) -> String {
        format_obf(&self.position)
    }

    fn play_bot_move(&mut self, text: &str) -> Result<(), String> {
        let square = parse_square(text).map_err(|e| e.to_string())?;
        self.play(square)
    }

    fn bot_move_name(&self, text: &str) -> String {
        text.to_string()
    }

    fn move_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.moves.len() + 2);
        for &(square, passed) in &self.moves {
            names.push(square.to_string());
            if passed {
                names.push("pass".to_string());
            }
        }
        names
    }

    fn transcript(&self) -> String {
        let squares: Vec<Square> = self.moves.iter().map(|&(s, _)| s).collect();
        format_moves(&squares)
    }

    fn play_named(&mut self, name: &str) -> Result<(), String> {
        self.play_bot_move(name)
    }

    fn undo(&mut self) -> Option<String> {
        let before = self.history.pop()?;
        let (square, _) = self.moves.pop()?;
        self.position = before;
        Some(square.to_string())
    }

    fn reset(&mut self) {
        self.clear_hint();
        *self = OthelloGame {
            drawn: self.drawn,
            ..OthelloGame::new(self.start)
        };
    }

    fn redraw(&mut self, _table: &Element, ply: usize) -> Result<(), JsValue> {
        let shown = self.move_at(ply).filter(|_| ply > 0);
        let (position, last, flipped) = match shown {
            Some(i) => {
                let (before, after) = (self.history[i], self.after_move(i));
                // The discs there before whose colour the move changed.
                let flipped = (before.black() ^ after.black()) & (before.black() | before.white());
                (after, Some(self.moves[i].0), flipped)
            }
            None => (
                self.history.first().copied().unwrap_or(self.position),
                None,
                0,
            ),
        };
        for square in (0..64).filter_map(Square::from_index) {
            let now = position.at(square);
            let was = self.drawn[square.index()];
            let Some(td) = cell(square) else { continue };
            let mut class = match now {
                Some(Side::First) => "black".to_string(),
                Some(Side::Second) => "white".to_string(),
                None => String::new(),
            };
            if now.is_some() && was.is_some() && was != now && flipped >> square.index() & 1 == 1 {
                class.push_str(" flip");
            }
            if last == Some(square) {
                class.push_str(" last");
            }
            td.set_class_name(class.trim());
            self.drawn[square.index()] = now;
        }
        Ok(())
    }

    fn win_detail(&self) -> String {
        let black = self.position.count(Side::First);
        let white = self.position.count(Side::Second);
        match self.position.outcome() {
            Some(Outcome::Win(_)) => format!("{}-{}", black.max(white), black.min(white)),
            Some(Outcome::Draw) => format!("{black}-{white}"),
            None => String::new(),
        }
    }

    fn note(&self) -> String {
        let black = self.position.count(Side::First);
        let white = self.position.count(Side::Second);
        let t = t();
        let mut note = (t.discs)(black, white);
        if self.moves.last().is_some_and(|&(_, passed)| passed) && self.outcome().is_none() {
            let mover = self.position.side_to_move();
            note.push_str(&(t.passes)(
                side_label::<Self>(mover.opponent()),
                side_label::<Self>(mover),
            ));
        }
        note
    }

    /// Shows where the side to move may play, when a human is to move.
    fn after_change(&mut self, is_human_turn: bool) -> Result<(), JsValue> {
        let legal = if is_human_turn {
            self.position.legal_moves()
        } else {
            0
        };
        for square in (0..64).filter_map(Square::from_index) {
            if let Some(td) = cell(square) {
                let is_legal = legal >> square.index() & 1 == 1;
                td.toggle_attribute_with_force("data-legal", is_legal)?;
                // Its name: the square and what it shows (`d3 Black`, `c4, legal move`).
                let label = match self.drawn[square.index()] {
                    Some(side) => format!("{square} {}", side_label::<Self>(side)),
                    None if is_legal => (t().legal_square)(&square.to_string()),
                    None => square.to_string(),
                };
                td.set_attribute("aria-label", &label)?;
            }
        }
        Ok(())
    }

    fn grid(&self) -> (usize, usize) {
        (8, 8)
    }

    fn cursor_element(&self, row: usize, col: usize) -> Option<Element> {
        Square::new(row, col).and_then(cell)
    }

    fn hint_request(&self) -> Option<(&'static str, String)> {
        Some(("othello-hint", format_obf(&self.position)))
    }

    /// Writes each legal move's value on its square (see `protocol::bot_request`).
    fn show_hint(&mut self, reply: &str) -> String {
        let mut exact = true;
        for item in reply.split(',') {
            let mut f = item.split(':');
            let (Some(sq), Some(value), Some(mark)) = (f.next(), f.next(), f.next()) else {
                continue;
            };
            let Ok(square) = parse_square(sq) else {
                continue;
            };
            exact &= mark == "x";
            if let Some(td) = cell(square) {
                let _ = td.set_attribute("data-hint", value);
            }
            self.hinted.push(square);
        }
        let side = side_label::<Self>(self.position.side_to_move());
        if exact {
            (t().othello_hint_exact)(side)
        } else {
            (t().othello_hint_estimate)(side)
        }
    }

    fn clear_hint(&mut self) {
        for square in self.hinted.drain(..) {
            if let Some(td) = cell(square) {
                let _ = td.remove_attribute("data-hint");
            }
        }
    }

    fn settings_query(&self, players: &Players<othello::Level>) -> String {
        self.settings(players).to_query()
    }

    fn export_formats() -> Vec<(&'static str, &'static str)> {
        vec![("moves", t().format_moves)]
    }

    fn export(&self, _format: &str, _players: &Players<othello::Level>) -> (String, String) {
        (
            format!("othello-{}.txt", dom::date_stamp()),
            format!("{}\n", self.transcript()),
        )
    }

    fn import(
        &self,
        players: &Players<othello::Level>,
        text: &str,
    ) -> Result<(&'static str, String), String> {
        import_othello(&self.settings(players), text).map_err(|e| e.to_string())
    }
}

impl OthelloGame {
    fn settings(&self, players: &Players<othello::Level>) -> OthelloSettings {
        OthelloSettings {
            players: players.clone(),
            start: self.start,
        }
    }
}

/// The page's entry point (`othello.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let (settings, mut errors) = OthelloSettings::from_query(&pairs);
    // A bad `lang=` is a bad parameter like the others.
    errors.extend(super::lang::take_error());
    if !errors.is_empty() {
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return game_page::back_home_with_error(
            "othello",
            &message.join("; "),
            &settings.to_query(),
        );
    }
    let mut game = OthelloGame::new(settings.start);
    if let Some(moves) = moves_param(&pairs) {
        match settings.replay(moves) {
            Ok(replay) => {
                for (square, _) in replay.moves {
                    game.play(square).map_err(|e| JsValue::from_str(&e))?;
                }
            }
            Err(e) => {
                return game_page::back_home_with_error(
                    "othello",
                    &e.to_string(),
                    &settings.to_query(),
                )
            }
        }
    }
    game_page::build_layout::<OthelloGame>()?;
    dom::set_text("board-info", t().othello_board_info)?;
    let table = dom::by_id("table_game")?;
    let mut html = String::from("<thead><tr role=\"row\"><th role=\"none\"></th>");
    for col in 0..8u8 {
        let _ = write!(
            html,
            "<th role=\"columnheader\">{}</th>",
            (b'a' + col) as char
        );
    }
    html.push_str("</tr></thead><tbody>");
    for row in 0..8 {
        let _ = write!(
            html,
            "<tr role=\"row\"><th role=\"rowheader\">{}</th>",
            row + 1
        );
        for col in 0..8 {
            let name = format!("{}{}", (b'a' + col as u8) as char, row + 1);
            let _ = write!(
                html,
                "<td data-row=\"{row}\" data-col=\"{col}\" id=\"{name}\" role=\"gridcell\" aria-label=\"{name}\"><div class=\"disc\"></div></td>"
            );
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody>");
    table.set_inner_html(&html);

    let page = game_page::mount(game, settings.players, table.clone())?;
    dom::on(&table, "click", move |event| {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(td) = target.closest("td[data-row]").ok().flatten() else {
            return;
        };
        let attr = |name: &str| td.get_attribute(name).and_then(|v| v.parse::<usize>().ok());
        let (Some(row), Some(col)) = (attr("data-row"), attr("data-col")) else {
            return;
        };
        let Some(square) = Square::new(row, col) else {
            return;
        };
        game_page::human_move(&page, |g: &mut OthelloGame| {
            if g.position.at(square).is_some() {
                return Err(String::new());
            }
            if !g.position.is_legal(square) {
                return Err((t().flips_nothing)(&square.to_string()));
            }
            g.play(square)
        });
    })?;
    Ok(())
}
