//! The home page: pick the game's settings; open the game page with them in the URL.

use super::dom;
use crate::caro::{Level, Rule};
use crate::game::Side;
use crate::settings::{parse_side, side_name, CaroSettings, Mode, MAX_DELAY_MS};
use wasm_bindgen::prelude::*;

/// The page's entry point (`index.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    // A bad game URL lands here with `error=` and its good choices: show both.
    let (settings, mut errors) = CaroSettings::from_query(&pairs);
    if let Some((_, message)) = pairs.iter().find(|(k, _)| k == "error") {
        errors.insert(0, crate::game::InputError::new(message.clone()));
    }
    let message = dom::by_id("message")?;
    if errors.is_empty() {
        dom::set_shown(&message, false)?;
    } else {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        message.set_text_content(Some(&format!(
            "Could not open that game: {}. The defaults are filled in; check the choices and press Let's go!",
            text.join("; ")
        )));
        dom::set_shown(&message, true)?;
    }
    fill_form(&settings)?;
    update_visibility()?;
    dom::on(&dom::by_id("list-type-play")?, "change", |_| {
        let _ = update_visibility();
    })?;
    dom::on(&dom::by_id("button")?, "click", |_| match read_form() {
        Ok(settings) => {
            let _ = dom::navigate(&format!("./caro.html?{}", settings.to_query()));
        }
        Err(e) => {
            if let Ok(m) = dom::by_id("message") {
                m.set_text_content(Some(&e));
                let _ = dom::set_shown(&m, true);
            }
        }
    })?;
    Ok(())
}

fn level_options() -> Vec<(String, String)> {
    Level::ALL
        .iter()
        .map(|l| (l.name().to_string(), l.title().to_string()))
        .collect()
}

fn fill_form(s: &CaroSettings) -> Result<(), JsValue> {
    dom::select_by_id("list-type-play")?.set_value(s.mode.name());
    dom::select_value(
        &dom::select_by_id("list-row")?,
        &s.rows.to_string(),
        &s.rows.to_string(),
    )?;
    dom::select_value(
        &dom::select_by_id("list-column")?,
        &s.cols.to_string(),
        &s.cols.to_string(),
    )?;
    let rules: Vec<(String, String)> = Rule::ALL
        .iter()
        .map(|r| (r.name().to_string(), rule_title(*r).to_string()))
        .collect();
    dom::fill_select(&dom::select_by_id("list-rule")?, &rules, s.rule.name())?;
    let bot = s.human.opponent();
    dom::fill_select(
        &dom::select_by_id("list-level")?,
        &level_options(),
        s.levels[bot.index()].name(),
    )?;
    dom::fill_select(
        &dom::select_by_id("list-level-x")?,
        &level_options(),
        s.levels[0].name(),
    )?;
    dom::fill_select(
        &dom::select_by_id("list-level-o")?,
        &level_options(),
        s.levels[1].name(),
    )?;
    dom::select_by_id("list-human")?.set_value(side_name(s.human));
    dom::by_id("input-delay")?.set_attribute("value", &s.delay_ms.to_string())?;
    Ok(())
}

pub fn rule_title(rule: Rule) -> &'static str {
    match rule {
        Rule::Caro => "Caro (5+ wins, not if blocked at both ends)",
        Rule::Freestyle => "Freestyle (5 or more wins)",
        Rule::Standard => "Standard (exactly 5 wins)",
        Rule::Renju => "Renju (X may not make 3-3, 4-4, overline)",
    }
}

/// Shows only the choices that matter for the selected mode.
fn update_visibility() -> Result<(), JsValue> {
    let mode = Mode::parse(&dom::select_by_id("list-type-play")?.value()).ok();
    let show = |id: &str, on: bool| -> Result<(), JsValue> { dom::set_shown(&dom::by_id(id)?, on) };
    show("row-level", mode == Some(Mode::PlayerComputer))?;
    show("row-human", mode == Some(Mode::PlayerComputer))?;
    show("row-levels-cvc", mode == Some(Mode::ComputerComputer))?;
    show("row-delay", mode == Some(Mode::ComputerComputer))?;
    Ok(())
}

fn read_form() -> Result<CaroSettings, String> {
    let value = |id: &str| -> Result<String, String> {
        dom::select_by_id(id)
            .map(|s| s.value())
            .map_err(|_| format!("the form has no #{id}"))
    };
    let delay = dom::by_id("input-delay")
        .map_err(|_| "the form has no delay".to_string())?
        .unchecked_into::<web_sys::HtmlInputElement>()
        .value();
    let human = parse_side(&value("list-human")?).unwrap_or(Side::First);
    let bot = human.opponent();
    let mut pairs = vec![
        ("type".to_string(), value("list-type-play")?),
        ("rows".to_string(), value("list-row")?),
        ("columns".to_string(), value("list-column")?),
        ("rule".to_string(), value("list-rule")?),
        ("human".to_string(), side_name(human).to_string()),
        ("delay".to_string(), delay),
    ];
    if Mode::parse(&value("list-type-play")?) == Ok(Mode::ComputerComputer) {
        pairs.push(("level_x".to_string(), value("list-level-x")?));
        pairs.push(("level_o".to_string(), value("list-level-o")?));
    } else {
        let key = if bot == Side::First {
            "level_x"
        } else {
            "level_o"
        };
        pairs.push((key.to_string(), value("list-level")?));
    }
    let (settings, errors) = CaroSettings::from_query(&pairs);
    if errors.is_empty() {
        Ok(settings)
    } else {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        Err(format!(
            "{} (delay: 0 to {MAX_DELAY_MS} ms)",
            text.join("; ")
        ))
    }
}
