//! The browser app: a thin web-sys layer over the engines (wasm32 only). Each page's
//! HTML calls one `start_*` export; the bot worker calls the exports of `worker`.

mod board_view;
mod caro_page;
mod connect4_page;
mod dom;
mod game_page;
pub(crate) mod home;
mod lang;
mod othello_page;
mod rules_page;
mod sound;
mod theme;
mod worker;

use wasm_bindgen::prelude::*;

pub use worker::{bot_reply, init_worker, last_panic};

/// Runs a page's start-up, putting any failure on the page.
fn start_page(start: fn() -> Result<(), JsValue>) -> Result<(), JsValue> {
    dom::install_panic_hook();
    lang::init();
    start().inspect_err(|e| {
        dom::show_fatal(&e.as_string().unwrap_or_else(|| format!("{e:?}")));
    })
}

#[wasm_bindgen]
pub fn start_home() -> Result<(), JsValue> {
    start_page(home::start)
}

#[wasm_bindgen]
pub fn start_rules() -> Result<(), JsValue> {
    start_page(rules_page::start)
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

/// The bench page's own controls (the theme switch); its benchmarks are the exports below.
#[wasm_bindgen]
pub fn start_bench() -> Result<(), JsValue> {
    start_page(theme::wire)
}

/// The Caro engine bench of `caro bench` (same positions, `nodes` per position), as text.
/// The bench page (`bench.html`) runs it to compare the wasm build with the native one.
#[wasm_bindgen]
pub fn bench_caro(nodes: u32) -> Result<String, JsValue> {
    dom::install_panic_hook();
    let mut text = String::new();
    let limits = crate::caro::Limits::nodes(nodes.into());
    crate::bench::caro(&limits, &mut |line| {
        text.push_str(line);
        text.push('\n');
    })
    .map_err(|e| JsValue::from_str(&e.to_string()))?;
    Ok(text)
}

/// Installs the Caro engine's trained evaluation from the bytes of `data/caro/eval.bin`,
/// which the bot worker and the bench page fetch (`pkg/caro-eval.bin`). Until then the
/// engine evaluates with its hand-set values.
#[wasm_bindgen]
pub fn install_caro_weights(bytes: &[u8]) -> Result<(), JsValue> {
    crate::caro::weights::Weights::install(bytes)
        .map_err(|e| JsValue::from_str(&format!("the Caro evaluation: {e}")))
}

/// Installs Othello Strong's evaluation from the bytes of `eval.bin`, which the bot worker
/// and the bench page fetch (`pkg/othello-eval.bin`) rather than carry in the wasm.
#[wasm_bindgen]
pub fn install_othello_weights(bytes: &[u8]) -> Result<(), JsValue> {
    crate::othello::eval::Weights::install(bytes)
        .map_err(|e| JsValue::from_str(&format!("the Othello evaluation: {e}")))
}

/// FFO #40-44 solved exactly, as `caro othello bench` prints it (after
/// [`install_othello_weights`]).
#[wasm_bindgen]
pub fn bench_othello() -> Result<String, JsValue> {
    dom::install_panic_hook();
    let mut text = String::new();
    crate::bench::othello_ffo(20, &mut |line| {
        text.push_str(line);
        text.push('\n');
    })
    .map_err(|e| JsValue::from_str(&e.to_string()))?;
    Ok(text)
}
