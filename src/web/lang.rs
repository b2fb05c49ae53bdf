//! The page's language: chosen once at start (see [`crate::i18n::choose`]), written into
//! `<html lang>`, the markup's `data-i18n` keys filled from the language's table, and the
//! `#lang` switch, which keeps a new choice and reloads the page in it (the game in
//! progress is in the address bar, so it comes back as it was).

use super::dom;
use crate::game::InputError;
use crate::i18n::{self, Lang, Text};
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::DEFAULT) };
    /// What was wrong with the URL's `lang=`, for the page to report with its own errors.
    static ERROR: std::cell::RefCell<Option<InputError>> = const { std::cell::RefCell::new(None) };
}

/// What was wrong with the URL's `lang=` (once: the page reports it).
pub fn take_error() -> Option<InputError> {
    ERROR.with(|e| e.borrow_mut().take())
}

/// The page's language.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// The page's table of strings.
pub fn t() -> &'static Text {
    lang().text()
}

/// An English message of the engines or the URL parser, in the page's language.
pub fn tr(message: &str) -> String {
    i18n::translate(lang(), message)
}

/// The browser's languages, in its order of preference.
fn browser_languages() -> Vec<String> {
    let navigator = dom::window().navigator();
    let mut tags: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if tags.is_empty() {
        tags.extend(navigator.language());
    }
    tags
}

/// Chooses the page's language (the URL's `lang=`, the kept choice, the browser's), sets
/// `<html lang>` and fills the markup's keys. What was wrong with `lang=`, if it was, waits
/// for the page in [`take_error`].
pub fn init() {
    let pairs = dom::query_pairs();
    let url = pairs
        .iter()
        .find(|(k, _)| k == "lang")
        .map(|(_, v)| v.as_str());
    let stored = dom::stored(i18n::STORAGE_KEY);
    let (lang, error) = i18n::choose(url, stored.as_deref(), &browser_languages());
    LANG.with(|l| l.set(lang));
    if let Some(html) = dom::document().document_element() {
        let _ = html.set_attribute("lang", lang.code());
    }
    ERROR.with(|e| *e.borrow_mut() = error);
    if let Some(root) = dom::document().document_element() {
        let _ = apply(&root);
    }
}

/// Fills every element under `root` that names a key: `data-i18n` (its text),
/// `data-i18n-title` (its `title`), `data-i18n-label` (its `aria-label`). A key the table
/// lacks leaves the element as it is.
pub fn apply(root: &Element) -> Result<(), JsValue> {
    let text = t();
    for (attr, target) in [
        ("data-i18n", None),
        ("data-i18n-title", Some("title")),
        ("data-i18n-label", Some("aria-label")),
    ] {
        let list = root.query_selector_all(&format!("[{attr}]"))?;
        for i in 0..list.length() {
            let Some(el) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            let Some(value) = el.get_attribute(attr).and_then(|k| text.key(&k)) else {
                continue;
            };
            match target {
                None if el.tag_name() == "TITLE" => dom::document().set_title(value),
                None => el.set_text_content(Some(value)),
                Some(name) => el.set_attribute(name, value)?,
            }
        }
    }
    Ok(())
}

/// The page's address with `lang=` set to `lang` (added, or the old value replaced).
fn address_in(lang: Lang) -> String {
    let location = dom::window().location();
    let path = location.pathname().unwrap_or_default();
    let mut query: Vec<String> = location
        .search()
        .unwrap_or_default()
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang=") && *p != "lang")
        .map(str::to_string)
        .collect();
    query.push(format!("lang={}", lang.code()));
    format!("{path}?{}", query.join("&"))
}

/// Fills the page's `#lang` switch with the languages (each named in itself), the page's
/// selected; a new choice is kept and the page reloads in it.
pub fn wire_switch() -> Result<(), JsValue> {
    let select = dom::select_by_id("lang")?;
    let options: Vec<(String, String)> = Lang::ALL
        .iter()
        .map(|l| (l.code().to_string(), l.text().name.to_string()))
        .collect();
    dom::fill_select(&select, &options, lang().code())?;
    let switch = select.clone();
    dom::on(&select, "change", move |_| {
        let Ok(chosen) = Lang::parse(&switch.value()) else {
            return;
        };
        dom::store(i18n::STORAGE_KEY, chosen.code());
        let _ = dom::replace_location(&address_in(chosen));
    })
}
