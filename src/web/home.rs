//! The home page: pick a game and its settings; open the game page with them in the URL.

use super::dom;
use super::lang::{self, t, tr};
use crate::caro::Rule;
use crate::game::{GameLevel, InputError, Side};
use crate::settings::{
    players_from_query, side_name, CaroSettings, Mode, Players, OFFERED_THINK_MS,
};
use wasm_bindgen::prelude::*;

/// The games the app offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    Caro,
    Connect4,
    Othello,
}

impl Game {
    const ALL: [Game; 3] = [Game::Caro, Game::Connect4, Game::Othello];

    fn id(self) -> &'static str {
        match self {
            Game::Caro => "caro",
            Game::Connect4 => "connect4",
            Game::Othello => "othello",
        }
    }

    /// The game's name as the form offers it, in the page's language.
    fn title(self) -> &'static str {
        match self {
            Game::Caro => t().caro_long,
            Game::Connect4 => t().connect4,
            Game::Othello => t().othello,
        }
    }

    fn side_names(self) -> [&'static str; 2] {
        let game = match self {
            Game::Caro => crate::i18n::Game::Caro,
            Game::Connect4 => crate::i18n::Game::Connect4,
            Game::Othello => crate::i18n::Game::Othello,
        };
        [Side::First, Side::Second].map(|side| t().side(game, side))
    }

    fn has_board_choice(self) -> bool {
        self == Game::Caro
    }

    fn parse(id: &str) -> Result<Game, InputError> {
        Game::ALL
            .into_iter()
            .find(|g| g.id() == id)
            .ok_or_else(|| InputError::new(format!("unknown game '{id}'")))
    }

    fn level_options(self) -> Vec<(String, String)> {
        match self {
            Game::Caro => options_of::<crate::caro::Level>(),
            Game::Connect4 => options_of::<crate::connect4::Level>(),
            Game::Othello => options_of::<crate::othello::Level>(),
        }
    }

    /// The form's values for this game from a query, and what was wrong in it.
    fn form_from_query(self, pairs: &[(String, String)]) -> (Form, Vec<InputError>) {
        match self {
            Game::Caro => {
                let (s, errors) = CaroSettings::from_query(pairs);
                let mut form = Form::from_players(&s.players);
                form.rows = s.rows;
                form.cols = s.cols;
                form.rule = s.rule;
                (form, errors)
            }
            Game::Connect4 => {
                let (p, errors) = players_from_query::<crate::connect4::Level>(pairs);
                (Form::from_players(&p), errors)
            }
            Game::Othello => {
                let (p, errors) = players_from_query::<crate::othello::Level>(pairs);
                (Form::from_players(&p), errors)
            }
        }
    }
}

fn options_of<L: GameLevel>() -> Vec<(String, String)> {
    L::all()
        .iter()
        .map(|&l| (l.name().to_string(), t().level_title(l).to_string()))
        .collect()
}

/// What the form shows, as plain values.
struct Form {
    mode: Mode,
    levels: [String; 2],
    human: Side,
    delay_ms: u32,
    think_ms: Option<u32>,
    rows: usize,
    cols: usize,
    rule: Rule,
}

impl Form {
    fn from_players<L: GameLevel>(p: &Players<L>) -> Form {
        let defaults = CaroSettings::default();
        Form {
            mode: p.mode,
            levels: [
                p.levels[0].name().to_string(),
                p.levels[1].name().to_string(),
            ],
            human: p.human,
            delay_ms: p.delay_ms,
            think_ms: p.think_ms,
            rows: defaults.rows,
            cols: defaults.cols,
            rule: defaults.rule,
        }
    }
}

/// The page's entry point (`index.html`).
pub fn start() -> Result<(), JsValue> {
    let pairs = dom::query_pairs();
    let mut errors: Vec<InputError> = lang::take_error().into_iter().collect();
    let game = match pairs.iter().find(|(k, _)| k == "game") {
        Some((_, id)) => Game::parse(id).unwrap_or_else(|e| {
            errors.push(e);
            Game::Caro
        }),
        None => Game::Caro,
    };
    // A bad game URL lands here with `error=` and its good choices: show both.
    if let Some((_, message)) = pairs.iter().find(|(k, _)| k == "error") {
        errors.push(InputError::new(message.clone()));
    }
    let (form, query_errors) = game.form_from_query(&pairs);
    errors.extend(query_errors);
    let message = dom::by_id("message")?;
    if errors.is_empty() {
        dom::set_shown(&message, false)?;
    } else {
        let text: Vec<String> = errors.iter().map(|e| tr(&e.to_string())).collect();
        message.set_text_content(Some(&(t().home_error)(&text.join("; "))));
        dom::set_shown(&message, true)?;
    }
    let games: Vec<(String, String)> = Game::ALL
        .iter()
        .map(|g| (g.id().to_string(), g.title().to_string()))
        .collect();
    dom::fill_select(&dom::select_by_id("list-game")?, &games, game.id())?;
    fill_form(game, &form)?;
    update_visibility()?;
    dom::on(&dom::by_id("list-type-play")?, "change", |_| {
        let _ = update_visibility();
    })?;
    dom::on(&dom::by_id("list-game")?, "change", |_| {
        if let Ok(game) = selected_game() {
            let (form, _) = game.form_from_query(&[]);
            let _ = fill_game_choices(game, &form);
            let _ = update_visibility();
        }
    })?;
    show_resume()?;
    super::theme::wire()?;
    lang::wire_switch()?;
    dom::by_id("rules-link")?.set_attribute(
        "href",
        &format!(
            "./rules.html{}",
            lang::lang().query_suffix().replacen('&', "?", 1)
        ),
    )?;
    // Enter in the delay field submits the form, which would reload the page: the game
    // starts with "Let's go!" only. (An inline onsubmit is refused by the pages'
    // Content-Security-Policy.)
    dom::on(&dom::by_id("settings")?, "submit", |event| {
        event.prevent_default()
    })?;
    dom::on(&dom::by_id("button")?, "click", |_| match read_form() {
        Ok((game, query)) => {
            let lang = lang::lang().query_suffix();
            // Back from the game comes here with the same choices.
            if let Ok(history) = dom::window().history() {
                let home = format!("./index.html?game={}&{query}{lang}", game.id());
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&home));
            }
            let _ = dom::navigate(&format!("./{}.html?{query}{lang}", game.id()));
        }
        Err(e) => {
            if let Ok(m) = dom::by_id("message") {
                m.set_text_content(Some(&tr(&e)));
                let _ = dom::set_shown(&m, true);
            }
        }
    })?;
    Ok(())
}

fn selected_game() -> Result<Game, JsValue> {
    Game::parse(&dom::select_by_id("list-game")?.value()).map_err(|e| e.to_string().into())
}

fn fill_form(game: Game, form: &Form) -> Result<(), JsValue> {
    dom::select_by_id("list-type-play")?.set_value(form.mode.name());
    let rows = form.rows.to_string();
    dom::select_value(&dom::select_by_id("list-row")?, &rows, &rows)?;
    let cols = form.cols.to_string();
    dom::select_value(&dom::select_by_id("list-column")?, &cols, &cols)?;
    let rules: Vec<(String, String)> = Rule::ALL
        .iter()
        .map(|&r| (r.name().to_string(), t().rule(r).to_string()))
        .collect();
    dom::fill_select(&dom::select_by_id("list-rule")?, &rules, form.rule.name())?;
    dom::by_id("input-delay")?.set_attribute("value", &form.delay_ms.to_string())?;
    let mut times = vec![(String::new(), t().time_default.to_string())];
    let mut offered = OFFERED_THINK_MS.to_vec();
    if let Some(ms) = form.think_ms.filter(|ms| !offered.contains(ms)) {
        offered.push(ms); // a time from the URL stays selectable
        offered.sort_unstable();
    }
    times.extend(
        offered
            .iter()
            .map(|&ms| (ms.to_string(), (t().time_per_move)(ms))),
    );
    let chosen = form.think_ms.map_or(String::new(), |ms| ms.to_string());
    dom::fill_select(&dom::select_by_id("list-time")?, &times, &chosen)?;
    fill_game_choices(game, form)
}

/// The choices whose options depend on the game: levels and side names.
fn fill_game_choices(game: Game, form: &Form) -> Result<(), JsValue> {
    let levels = game.level_options();
    let bot = form.human.opponent();
    dom::fill_select(
        &dom::select_by_id("list-level")?,
        &levels,
        &form.levels[bot.index()],
    )?;
    dom::fill_select(
        &dom::select_by_id("list-level-x")?,
        &levels,
        &form.levels[0],
    )?;
    dom::fill_select(
        &dom::select_by_id("list-level-o")?,
        &levels,
        &form.levels[1],
    )?;
    let [first, second] = game.side_names();
    let t = t();
    dom::set_text("label-level-x", &(t.label_bot)(first))?;
    dom::set_text("label-level-o", &(t.label_bot)(second))?;
    let sides = vec![
        ("x".to_string(), (t.side_first)(first)),
        ("o".to_string(), (t.side_second)(second)),
    ];
    dom::fill_select(
        &dom::select_by_id("list-human")?,
        &sides,
        side_name(form.human),
    )?;
    Ok(())
}

/// Shows only the choices that matter for the selected game and mode.
fn update_visibility() -> Result<(), JsValue> {
    let mode = Mode::parse(&dom::select_by_id("list-type-play")?.value()).ok();
    let board = selected_game()?.has_board_choice();
    let show = |id: &str, on: bool| -> Result<(), JsValue> { dom::set_shown(&dom::by_id(id)?, on) };
    show("row-size", board)?;
    show("row-rule", board)?;
    show("row-level", mode == Some(Mode::PlayerComputer))?;
    show("row-human", mode == Some(Mode::PlayerComputer))?;
    show("row-levels-cvc", mode == Some(Mode::ComputerComputer))?;
    show("row-delay", mode == Some(Mode::ComputerComputer))?;
    show("row-time", mode != Some(Mode::TwoPlayers))?;
    Ok(())
}

/// Offers the last game played in this browser, if it has moves (the game pages keep it).
fn show_resume() -> Result<(), JsValue> {
    let last = dom::stored(crate::web::game_page::LAST_GAME_KEY);
    let Some(Ok((id, query))) = last.as_deref().and_then(crate::settings::import_link) else {
        return Ok(());
    };
    let pairs = crate::settings::parse_query(&query);
    let Some(moves) = crate::settings::moves_param(&pairs) else {
        return Ok(());
    };
    let game = Game::parse(id).map_err(|e| JsValue::from_str(&e.to_string()))?;
    let link = dom::by_id("resume-link")?;
    link.set_attribute(
        "href",
        &format!("./{id}.html?{query}{}", lang::lang().query_suffix()),
    )?;
    let count = count_moves(game, moves);
    dom::set_text("resume-info", &(t().resume_info)(game.title(), count))?;
    dom::set_shown(&dom::by_id("resume")?, true)
}

/// How many moves a checked `moves=` string holds.
fn count_moves(game: Game, moves: &str) -> usize {
    match game {
        Game::Caro => crate::caro::notation::split_moves(moves).map_or(0, |m| m.len()),
        Game::Connect4 => moves.chars().filter(char::is_ascii_digit).count(),
        Game::Othello => moves.chars().filter(char::is_ascii_digit).count(),
    }
}

/// The game and the query of its page for the form's choices, or what is wrong with them.
fn read_form() -> Result<(Game, String), String> {
    let value = |id: &str| -> Result<String, String> {
        dom::select_by_id(id)
            .map(|s| s.value())
            .map_err(|_| format!("the form has no #{id}"))
    };
    let game = Game::parse(&value("list-game")?).map_err(|e| e.to_string())?;
    let delay = dom::by_id("input-delay")
        .map_err(|_| "the form has no delay".to_string())?
        .unchecked_into::<web_sys::HtmlInputElement>()
        .value();
    let mode = value("list-type-play")?;
    let mut pairs = vec![
        ("type".to_string(), mode.clone()),
        ("human".to_string(), value("list-human")?),
        ("delay".to_string(), delay),
    ];
    let time = value("list-time")?;
    if !time.is_empty() {
        pairs.push(("time".to_string(), time));
    }
    if game.has_board_choice() {
        pairs.push(("rows".to_string(), value("list-row")?));
        pairs.push(("columns".to_string(), value("list-column")?));
        pairs.push(("rule".to_string(), value("list-rule")?));
    }
    if Mode::parse(&mode) == Ok(Mode::ComputerComputer) {
        pairs.push(("level_x".to_string(), value("list-level-x")?));
        pairs.push(("level_o".to_string(), value("list-level-o")?));
    } else {
        pairs.push(("level".to_string(), value("list-level")?));
    }
    let query = match game {
        Game::Caro => {
            let (s, errors) = CaroSettings::from_query(&pairs);
            check(errors)?;
            s.to_query()
        }
        Game::Connect4 => {
            let (p, errors) = players_from_query::<crate::connect4::Level>(&pairs);
            check(errors)?;
            p.to_query()
        }
        Game::Othello => {
            let (p, errors) = players_from_query::<crate::othello::Level>(&pairs);
            check(errors)?;
            p.to_query()
        }
    };
    Ok((game, query))
}

fn check(errors: Vec<InputError>) -> Result<(), String> {
    if errors.is_empty() {
        Ok(())
    } else {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        Err(text.join("; "))
    }
}
