//! Small helpers over web-sys, so the pages read as what they do.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, EventTarget, HtmlSelectElement, Window};

pub fn window() -> Window {
    web_sys::window().expect("the page has a window")
}

pub fn document() -> Document {
    window().document().expect("the window has a document")
}

/// The element with this id; an error naming it if the page lacks it.
pub fn by_id(id: &str) -> Result<Element, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(&format!("the page has no element #{id}")))
}

pub fn select_by_id(id: &str) -> Result<HtmlSelectElement, JsValue> {
    by_id(id)?
        .dyn_into::<HtmlSelectElement>()
        .map_err(|_| JsValue::from_str(&format!("#{id} is not a select")))
}

pub fn set_text(id: &str, text: &str) -> Result<(), JsValue> {
    by_id(id)?.set_text_content(Some(text));
    Ok(())
}

/// Sets one property of an element's inline style (a custom property such as `--cell`
/// too). Through the CSSOM, which the pages' Content-Security-Policy allows, where a
/// `style` attribute (in markup or set with `setAttribute`) would be refused.
pub fn set_style(el: &Element, property: &str, value: &str) -> Result<(), JsValue> {
    match el.dyn_ref::<web_sys::HtmlElement>() {
        Some(el) => el.style().set_property(property, value),
        None => Err(JsValue::from_str("only HTML elements have a style")),
    }
}

/// Shows or hides an element with the `hidden` attribute.
pub fn set_shown(el: &Element, shown: bool) -> Result<(), JsValue> {
    if shown {
        el.remove_attribute("hidden")
    } else {
        el.set_attribute("hidden", "")
    }
}

/// Calls `f` on every `event` at `target` for the life of the page.
pub fn on(
    target: &impl AsRef<EventTarget>,
    event: &str,
    f: impl FnMut(Event) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(Event)>::new(f);
    target
        .as_ref()
        .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // The listener lives as long as the page, so its closure does too.
    closure.forget();
    Ok(())
}

/// Like [`on`], saying whether the listener is passive (a passive one may not cancel the
/// event; a touch or wheel listener that cancels must say it is not).
pub fn on_passive(
    target: &impl AsRef<EventTarget>,
    event: &str,
    passive: bool,
    f: impl FnMut(Event) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(Event)>::new(f);
    let options = web_sys::AddEventListenerOptions::new();
    options.set_passive(passive);
    target
        .as_ref()
        .add_event_listener_with_callback_and_add_event_listener_options(
            event,
            closure.as_ref().unchecked_ref(),
            &options,
        )?;
    closure.forget();
    Ok(())
}

/// Calls `f` once, `ms` milliseconds from now.
pub fn set_timeout(ms: u32, f: impl FnOnce() + 'static) -> Result<i32, JsValue> {
    let callback = Closure::once_into_js(f);
    window().set_timeout_with_callback_and_timeout_and_arguments_0(
        callback.unchecked_ref(),
        ms.min(i32::MAX as u32) as i32,
    )
}

/// The page's query string, decoded into pairs.
pub fn query_pairs() -> Vec<(String, String)> {
    let search = window().location().search().unwrap_or_default();
    crate::settings::parse_query(&search)
}

pub fn navigate(url: &str) -> Result<(), JsValue> {
    window().location().set_href(url)
}

/// Replaces the current history entry (no Back step to the bad URL).
pub fn replace_location(url: &str) -> Result<(), JsValue> {
    window().location().replace(url)
}

/// Fills a select with `(value, label)` options and selects `selected`.
pub fn fill_select(
    select: &HtmlSelectElement,
    options: &[(String, String)],
    selected: &str,
) -> Result<(), JsValue> {
    select.set_inner_html("");
    for (value, label) in options {
        let option = document().create_element("option")?;
        option.set_attribute("value", value)?;
        option.set_text_content(Some(label));
        select.append_child(&option)?;
    }
    select.set_value(selected);
    Ok(())
}

/// Selects `value` in `select`, adding it as an option first if it is not offered.
pub fn select_value(select: &HtmlSelectElement, value: &str, label: &str) -> Result<(), JsValue> {
    select.set_value(value);
    if select.value() != value {
        let option = document().create_element("option")?;
        option.set_attribute("value", value)?;
        option.set_text_content(Some(label));
        select.append_child(&option)?;
        select.set_value(value);
    }
    Ok(())
}

/// Puts a fatal error on the page, in `#error` (created if the page lacks it).
pub fn show_fatal(message: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let el = match doc.get_element_by_id("error") {
        Some(el) => el,
        None => {
            let Ok(el) = doc.create_element("div") else {
                return;
            };
            el.set_id("error");
            if let Some(body) = doc.body() {
                let _ = body.prepend_with_node_1(&el);
            }
            el
        }
    };
    el.set_attribute("role", "alert").ok();
    el.remove_attribute("hidden").ok();
    let text = super::lang::t();
    el.set_text_content(Some(&(text.fatal)(message)));
    // A button that reloads (the game in progress is in the address bar, so it comes back).
    if let Ok(button) = doc.create_element("button") {
        button.set_id("reload");
        let _ = button.set_attribute("type", "button");
        button.set_text_content(Some(text.reload));
        let _ = on(&button, "click", |_| {
            let _ = window().location().reload();
        });
        let _ = el.append_child(&button);
    }
}

/// Routes Rust panics to the console (with a stack trace) and onto the page.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_fatal(&info.to_string());
    }));
}

/// Offers `text` to the user as a file named `name` (the browser's download).
pub fn download(name: &str, text: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.set_hidden(true);
    let body = document()
        .body()
        .ok_or_else(|| JsValue::from_str("the page has no body"))?;
    body.append_child(&link)?;
    link.click();
    link.remove();
    // The download has its own copy; the object URL can go once the click is handled.
    let _ = set_timeout(1000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    Ok(())
}

/// What the browser keeps under `key` (local storage), if anything; `None` where storage
/// is refused (a private window, say).
pub fn stored(key: &str) -> Option<String> {
    window()
        .local_storage()
        .ok()
        .flatten()?
        .get_item(key)
        .ok()
        .flatten()
}

/// Keeps `value` under `key` in the browser (silently nothing where storage is refused).
pub fn store(key: &str, value: &str) {
    if let Ok(Some(storage)) = window().local_storage() {
        let _ = storage.set_item(key, value);
    }
}

/// Today's date and time as `2026-11-23-1530`, for file names.
pub fn date_stamp() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}-{:02}{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}
