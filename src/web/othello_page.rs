//! The Othello page: an 8x8 table with the legal moves shown, flips animated, the disc
//! count always on screen, and passes announced.

use super::dom;
use super::game_page::{self, PageGame};
use crate::game::{Outcome, Side};
use crate::othello::{self, format_obf, parse_square, Position, Square};
use crate::settings::{encode_component, players_from_query};
use std::fmt::Write as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub struct OthelloGame {
    /// Where the game starts: the standard start, or a `position=` from the URL.
    start: Position,
    position: Position,
    /// The positions before each move, for undo.
    history: Vec<Position>,
    /// The last move and the discs it flipped, to show them.
    last: Option<(Square, u64)>,
    /// Set when the move just played left the other side without a move.
    pass_note: Option<String>,
    /// What each square shows now, to redraw only changes.
    drawn: [Option<Side>; 64],
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
            last: None,
            pass_note: None,
            drawn: [None; 64],
        }
    }

    /// Plays `square` for the side to move; if the other side then has no move, it passes
    /// at once, so the side to move always has a move until the game ends.
    fn play(&mut self, square: Square) -> Result<(), String> {
        let before = self.position;
        let flips = self.position.play(square).map_err(|e| e.to_string())?;
        self.history.push(before);
        self.last = Some((square, flips));
        self.pass_note = None;
        if self.position.must_pass() {
            let passer = self.position.side_to_move();
            self.position.pass().map_err(|e| e.to_string())?;
            self.pass_note = Some(format!(
                "{} has no legal move and passes; {} moves again.",
                <OthelloGame as PageGame>::side_name(passer),
                <OthelloGame as PageGame>::side_name(passer.opponent())
            ));
        }
        Ok(())
    }
}

impl PageGame for OthelloGame {
    type Level = othello::Level;
    const ID: &'static str = "othello";

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

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(before) => {
                self.position = before;
                self.last = None;
                self.pass_note = None;
                true
            }
            None => false,
        }
    }

    fn reset(&mut self) {
        *self = OthelloGame {
            drawn: self.drawn,
            ..OthelloGame::new(self.start)
        };
    }

    fn redraw(&mut self, _table: &Element) -> Result<(), JsValue> {
        let flipped = self.last.map_or(0, |(_, f)| f);
        for square in (0..64).filter_map(Square::from_index) {
            let now = self.position.at(square);
            let is_last = self.last.is_some_and(|(s, _)| s == square);
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
            if is_last {
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
        let mut note = format!("Discs: Black {black}, White {white}.");
        if let Some(pass) = &self.pass_note {
            note.push(' ');
            note.push_str(pass);
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
                td.toggle_attribute_with_force("data-legal", legal >> square.index() & 1 == 1)?;
            }
        }
        Ok(())
    }
}

/// The page's entry point (`othello.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let (players, mut errors) = players_from_query::<othello::Level>(&pairs);
    // `position=` starts from a given position (OBF: 64 squares a1..h8, a space, the side
    // to move), for studying an endgame.
    let mut start = Position::start();
    if let Some((_, text)) = pairs.iter().find(|(k, _)| k == "position") {
        match othello::parse_obf(text) {
            Ok(p) if p.must_pass() => errors.push(crate::game::InputError::new(
                "position: the side to move has no legal move there",
            )),
            Ok(p) => start = p,
            Err(e) => errors.push(crate::game::InputError::new(format!("position: {e}"))),
        }
    }
    if !errors.is_empty() {
        let message: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        let url = format!(
            "./index.html?game=othello&error={}&{}",
            encode_component(&message.join("; ")),
            players.to_query()
        );
        return dom::replace_location(&url);
    }
    let table = dom::by_id("table_game")?;
    let mut html = String::from("<thead><tr><th></th>");
    for col in 0..8u8 {
        let _ = write!(html, "<th>{}</th>", (b'a' + col) as char);
    }
    html.push_str("</tr></thead><tbody>");
    for row in 0..8 {
        let _ = write!(html, "<tr><th>{}</th>", row + 1);
        for col in 0..8 {
            let _ = write!(
                html,
                "<td data-row=\"{row}\" data-col=\"{col}\" id=\"{}{}\"><div class=\"disc\"></div></td>",
                (b'a' + col as u8) as char,
                row + 1
            );
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody>");
    table.set_inner_html(&html);

    let home_query = format!("game=othello&{}", players.to_query());
    let page = game_page::mount(OthelloGame::new(start), players, table.clone(), home_query)?;
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
                return Err(format!(
                    "{square} flips nothing: a move must outflank at least one disc."
                ));
            }
            g.play(square)
        });
    })?;
    Ok(())
}
