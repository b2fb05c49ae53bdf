//! Both ends of the bot worker: the exports `worker.js` calls inside the worker, and the
//! page's side that starts the worker and routes its replies.

use super::dom;
use crate::protocol::bot_request::{self, BotReply};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Inside the worker: answers one bot request line (see `protocol::bot_request`), posting
/// the search's progress lines to the page as they come.
#[wasm_bindgen]
pub fn bot_reply(request: &str) -> String {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    bot_request::answer_reporting(request, &mut |line| {
        let _ = scope.post_message(&JsValue::from_str(line));
    })
}

/// Inside the worker: remembers a panic's message, so `worker.js` can send it to the page.
#[wasm_bindgen]
pub fn init_worker() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        LAST_PANIC.with(|p| *p.borrow_mut() = info.to_string());
    }));
}

/// Inside the worker: the message of the last panic, if any.
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.with(|p| p.borrow().clone())
}

/// On the page: starts the bot worker; `on_reply` gets each reply with its request id.
pub fn spawn(mut on_reply: impl FnMut(u32, BotReply) + 'static) -> Result<Worker, JsValue> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./worker.js", &options)?;
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let line = event.data().as_string().unwrap_or_default();
        match bot_request::parse_reply(&line) {
            Ok((id, reply)) => on_reply(id, reply),
            Err(e) => dom::show_fatal(&e.to_string()),
        }
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let onerror = Closure::<dyn FnMut(web_sys::Event)>::new(move |_event: web_sys::Event| {
        dom::show_fatal("the computer player could not start (worker error)");
    });
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onerror.forget();
    Ok(worker)
}
