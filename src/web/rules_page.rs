//! The rules page (`rules.html`): a short text of each game's rules, and of each Caro rule,
//! from the page language's table. `game=` shows one game's (all three without it);
//! `rule=` marks the Caro rule of the game the player came from. A bad value is said in
//! `#message` and the page shows all it can.

use super::dom;
use super::lang::{self, t, tr};
use crate::caro::Rule;
use crate::game::InputError;
use crate::i18n::Game;
use wasm_bindgen::prelude::*;
use web_sys::Element;

const GAMES: [(&str, Game); 3] = [
    ("caro", Game::Caro),
    ("connect4", Game::Connect4),
    ("othello", Game::Othello),
];

fn add(parent: &Element, tag: &str, text: &str) -> Result<Element, JsValue> {
    let el = dom::document().create_element(tag)?;
    el.set_text_content(Some(text));
    parent.append_child(&el)?;
    Ok(el)
}

/// The page's entry point.
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let mut errors: Vec<InputError> = lang::take_error().into_iter().collect();
    let value = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let shown: Option<Game> = value("game").and_then(|id| {
        let game = GAMES.iter().find(|(g, _)| *g == id).map(|&(_, g)| g);
        if game.is_none() {
            errors.push(InputError::new(format!("unknown game '{id}'")));
        }
        game
    });
    let rule: Option<Rule> =
        value("rule").and_then(|r| r.parse().map_err(|e: InputError| errors.push(e)).ok());
    let t = t();
    let suffix = lang::lang().query_suffix();
    for (id, game) in GAMES {
        let section = dom::by_id(&format!("rules-{id}"))?;
        section.set_inner_html("");
        add(&section, "h2", t.game(game))?;
        let paragraphs = match game {
            Game::Caro => t.rules_caro,
            Game::Connect4 => t.rules_connect4,
            Game::Othello => t.rules_othello,
        };
        for p in paragraphs {
            add(&section, "p", p)?;
        }
        if game == Game::Caro {
            let list = add(&section, "ul", "")?;
            list.set_class_name("rules-list");
            for r in Rule::ALL {
                let item = dom::document().create_element("li")?;
                item.set_id(&format!("rule-{}", r.name()));
                let texts: Vec<&str> = match r {
                    Rule::Caro => vec![t.rules_caro_caro],
                    Rule::Freestyle => vec![t.rules_caro_freestyle],
                    Rule::Standard => vec![t.rules_caro_standard],
                    Rule::Renju => t.rules_caro_renju.to_vec(),
                };
                for text in texts {
                    add(&item, "p", text)?;
                }
                if rule == Some(r) {
                    item.set_class_name("current");
                    item.set_attribute("aria-current", "true")?;
                    let note = add(&item, "p", &format!("({})", t.rules_this_rule))?;
                    note.set_class_name("rules-current");
                }
                list.append_child(&item)?;
            }
        }
        let play = add(&section, "p", "")?;
        let link = add(&play, "a", t.rules_play)?;
        link.set_attribute("href", &format!("./index.html?game={id}{suffix}"))?;
        link.set_class_name("rules-play");
        dom::set_shown(&section, shown.is_none_or(|g| g == game))?;
    }
    if let Some(game) = shown {
        dom::document().set_title(&format!("{}: {}", t.rules_title, t.game(game)));
    }
    dom::by_id("rules-home")?.set_attribute(
        "href",
        &format!("./index.html{}", suffix.replacen('&', "?", 1)),
    )?;
    let message = dom::by_id("message")?;
    if !errors.is_empty() {
        let text: Vec<String> = errors.iter().map(|e| tr(&e.to_string())).collect();
        message.set_text_content(Some(&text.join("; ")));
    }
    dom::set_shown(&message, !errors.is_empty())?;
    super::theme::wire()?;
    lang::wire_switch()
}
