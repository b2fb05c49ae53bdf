//! The theme switch (`select#theme`: auto, light, dark) on every page. The choice is kept
//! in the browser; `www/boot.js`, which runs before the page is drawn, applies it (`<html
//! data-theme="light|dark">`, the system's choice for auto) and follows the system's.

use super::dom;
use wasm_bindgen::prelude::*;

/// Where the browser keeps the choice (`boot.js` reads it under the same name).
const THEME_KEY: &str = "caro-app.theme";

/// The switch's choices, as kept.
const CHOICES: [&str; 3] = ["auto", "light", "dark"];

/// Fills the page's `#theme` with the choices, the kept one selected, and keeps a new
/// choice and has it applied at once.
pub fn wire() -> Result<(), JsValue> {
    let select = dom::select_by_id("theme")?;
    let kept = dom::stored(THEME_KEY);
    let choice = CHOICES
        .iter()
        .copied()
        .find(|&value| kept.as_deref() == Some(value))
        .unwrap_or("auto");
    let t = super::lang::t();
    let labels = [t.theme_auto, t.theme_light, t.theme_dark];
    let options: Vec<(String, String)> = CHOICES
        .iter()
        .zip(labels)
        .map(|(&value, label)| (value.to_string(), label.to_string()))
        .collect();
    dom::fill_select(&select, &options, choice)?;
    let switch = select.clone();
    dom::on(&select, "change", move |_| {
        dom::store(THEME_KEY, &switch.value());
        // boot.js applies the theme on this event.
        if let Ok(event) = web_sys::Event::new("caro-theme") {
            let _ = dom::document().dispatch_event(&event);
        }
    })
}
