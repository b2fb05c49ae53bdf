//! The browser app: a thin web-sys layer over the engines (wasm32 only). Each page's
//! HTML calls one `start_*` export; the bot worker calls the exports of `worker`.

mod caro_page;
mod connect4_page;
mod dom;
mod game_page;
pub(crate) mod home;
mod othello_page;
mod worker;

use wasm_bindgen::prelude::*;

pub use worker::{bot_reply, init_worker, last_panic};

/// Runs a page's start-up, putting any failure on the page.
fn start_page(start: fn() -> Result<(), JsValue>) -> Result<(), JsValue> {
    dom::install_panic_hook();
    start().inspect_err(|e| {
        dom::show_fatal(&e.as_string().unwrap_or_else(|| format!("{e:?}")));
    })
}

#[wasm_bindgen]
pub fn start_home() -> Result<(), JsValue> {
    start_page(home::start)
}

#[wasm_bindgen]
pub fn start_caro() -> Result<(), JsValue> {
    start_page(caro_page::start)
}

#[wasm_bindgen]
pub fn start_connect4() -> Result<(), JsValue> {
    start_page(connect4_page::start)
}

#[wasm_bindgen]
pub fn start_othello() -> Result<(), JsValue> {
    start_page(othello_page::start)
}
