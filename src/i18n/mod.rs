//! The languages of the web app: every string a player sees comes from one table per
//! language ([`en::TEXT`], [`vi::TEXT`]), a [`Text`] of `&'static str` fields and
//! formatting functions, so a language that lacks a string does not compile. A third
//! language is one more table (a file like `vi.rs`) and one more [`Lang`] variant.
//!
//! The engines and the URL parser speak English (their messages are tested word for
//! word, and the command-line tools print them): [`translate`] turns such a message into
//! another language by matching it against the English table's message templates
//! ([`Messages`]) and filling the other language's template with the same values.
//!
//! Natively testable: nothing here touches the browser.

pub mod en;
pub mod vi;

use crate::game::InputError;

/// A language of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Vi,
}

/// Where the browser keeps the chosen language (the code, `en` or `vi`).
pub const STORAGE_KEY: &str = "caro-app.lang";

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Vi];
    /// The language of a browser that asks for none of ours.
    pub const DEFAULT: Lang = Lang::En;

    /// The code in URLs (`lang=vi`), in storage and in `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
        }
    }

    /// The language's table.
    pub fn text(self) -> &'static Text {
        match self {
            Lang::En => &en::TEXT,
            Lang::Vi => &vi::TEXT,
        }
    }

    /// The language a `lang=` value names: a code of ours, any case, spaces around
    /// ignored. The error lists the codes.
    pub fn parse(value: &str) -> Result<Lang, InputError> {
        let code = value.trim().to_ascii_lowercase();
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| {
                let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                InputError::new(format!(
                    "unknown language '{value}': expected one of {}",
                    codes.join(", ")
                ))
            })
    }

    /// Ours among a browser's language tags (`vi-VN`, `en-GB`...): by the primary subtag.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next().unwrap_or("").trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The query pair a link carries to keep this language (`&lang=vi`); nothing for the
    /// default, so English links stay as they always were.
    pub fn query_suffix(self) -> String {
        if self == Lang::DEFAULT {
            String::new()
        } else {
            format!("&lang={}", self.code())
        }
    }
}

/// The page's language: `lang=` in the URL wins, then the choice the browser keeps, then
/// the browser's languages in order of preference (`navigator.languages`), else English.
/// A bad `lang=` is reported (as other bad URL parameters are) and the next source decides.
pub fn choose(
    url: Option<&str>,
    stored: Option<&str>,
    browser: &[String],
) -> (Lang, Option<InputError>) {
    let mut error = None;
    if let Some(value) = url {
        match Lang::parse(value) {
            Ok(lang) => return (lang, None),
            Err(e) => error = Some(e),
        }
    }
    let lang = stored
        .and_then(|s| Lang::parse(s).ok())
        .or_else(|| browser.iter().find_map(|tag| Lang::from_tag(tag)))
        .unwrap_or(Lang::DEFAULT);
    (lang, error)
}

/// The games, for the strings that name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Caro,
    Connect4,
    Othello,
}

/// One language's strings. Plain fields are fixed text; `fn` fields format text with
/// values (the same values in every language, in the order the English names them).
pub struct Text {
    /// The language's name in itself, for the `#lang` switch.
    pub name: &'static str,
    pub language: &'static str,

    // --- every page ---
    pub theme: &'static str,
    pub theme_auto: &'static str,
    pub theme_light: &'static str,
    pub theme_dark: &'static str,
    pub sound: &'static str,
    pub sound_title: &'static str,
    pub rules: &'static str,
    pub home: &'static str,
    pub reload: &'static str,
    /// Shown when a page's wasm cannot start, by www/start-text.js, which copies this and
    /// `reload` (a test keeps the copy equal): the page then has no tables to ask.
    pub start_failed: &'static str,
    pub loading: &'static str,
    /// A failure on the page: the (technical) reason, what to do.
    pub fatal: fn(&str) -> String,

    // --- the games, sides, modes, levels, rules ---
    pub caro: &'static str,
    pub caro_long: &'static str,
    pub connect4: &'static str,
    pub othello: &'static str,
    pub red: &'static str,
    pub yellow: &'static str,
    pub black: &'static str,
    pub white: &'static str,
    pub mode_two_players: &'static str,
    pub mode_player_computer: &'static str,
    pub mode_computer_computer: &'static str,
    pub level_greedy: &'static str,
    pub level_easy: &'static str,
    pub level_normal: &'static str,
    pub level_hard: &'static str,
    pub level_master: &'static str,
    pub level_random: &'static str,
    pub level_minimax: &'static str,
    pub level_perfect: &'static str,
    pub level_positional: &'static str,
    pub level_strong: &'static str,
    /// The rules as the home page offers them (a short reminder in brackets).
    pub rule_caro: &'static str,
    pub rule_freestyle: &'static str,
    pub rule_standard: &'static str,
    pub rule_renju: &'static str,
    /// The rules' bare names (headings of the rules page).
    pub rule_name_caro: &'static str,
    pub rule_name_freestyle: &'static str,
    pub rule_name_standard: &'static str,
    pub rule_name_renju: &'static str,

    // --- the home page ---
    pub home_title: &'static str,
    pub home_heading: &'static str,
    pub tagline: &'static str,
    pub resume: &'static str,
    /// The last game: its game's title and how many moves.
    pub resume_info: fn(&str, usize) -> String,
    pub label_game: &'static str,
    pub label_mode: &'static str,
    pub label_rows: &'static str,
    pub label_columns: &'static str,
    pub label_rule: &'static str,
    pub label_human: &'static str,
    pub label_level: &'static str,
    /// The label of one bot's level in computer vs computer: the side's name.
    pub label_bot: fn(&str) -> String,
    pub label_time: &'static str,
    pub label_time_title: &'static str,
    pub label_delay: &'static str,
    pub go: &'static str,
    pub side_first: fn(&str) -> String,
    pub side_second: fn(&str) -> String,
    pub time_default: &'static str,
    /// A thinking time in milliseconds.
    pub time_per_move: fn(u32) -> String,
    /// What was wrong with the game asked for (the reasons, joined).
    pub home_error: fn(&str) -> String,
    pub bench_link: &'static str,
    pub bench_note: &'static str,
    pub rules_link: &'static str,

    // --- the game pages: controls ---
    pub new_game: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub pause: &'static str,
    pub resume_play: &'static str,
    pub hint: &'static str,
    pub move_now: &'static str,
    pub zoom_out: &'static str,
    pub zoom_out_title: &'static str,
    pub zoom_fit: &'static str,
    pub zoom_fit_label: &'static str,
    pub zoom_fit_title: &'static str,
    pub zoom_in: &'static str,
    pub zoom_in_title: &'static str,
    pub minimap: &'static str,
    pub side_panel: &'static str,
    pub nav: &'static str,
    pub nav_first: &'static str,
    pub nav_first_title: &'static str,
    pub nav_prev: &'static str,
    pub nav_prev_title: &'static str,
    pub nav_next: &'static str,
    pub nav_next_title: &'static str,
    pub nav_last: &'static str,
    pub nav_last_title: &'static str,
    pub hints_on: &'static str,
    pub moves: &'static str,
    /// The move list before the first move.
    pub no_moves: &'static str,
    pub continue_here: &'static str,
    pub move_numbers: &'static str,
    pub confirm_taps: &'static str,
    pub share: &'static str,
    pub export_format: &'static str,
    pub export: &'static str,
    pub import: &'static str,
    pub share_link: &'static str,
    pub import_paste: &'static str,
    pub import_file: &'static str,
    pub open: &'static str,
    pub cancel: &'static str,
    pub format_psq: &'static str,
    pub format_moves: &'static str,
    /// An Othello pass in the move list.
    pub pass: &'static str,
    /// The board's accessible name: the game's title.
    pub board_label: fn(&str) -> String,

    // --- the game pages: players and the status ---
    /// A side played by the computer (player vs computer): the side's name.
    pub player_computer: fn(&str) -> String,
    pub player_you: fn(&str) -> String,
    /// A bot in computer vs computer: the side's name, the level's.
    pub player_bot: fn(&str, &str) -> String,
    /// Who plays a side, in the line under the title: the side, who.
    pub who_plays: fn(&str, &str) -> String,
    /// "computer (Master)": the level's name.
    pub who_computer: fn(&str) -> String,
    pub who_you: &'static str,
    pub who_human: &'static str,
    /// Both players, each as [`Text::who_plays`] says.
    pub players_line: fn(&str, &str) -> String,
    /// An earlier position shown: the move, of how many, who was to move there.
    pub looking_back: fn(usize, usize, &str) -> String,
    /// Won against the human: the winner's name, how.
    pub won_computer: fn(&str, &str) -> String,
    pub won_you: fn(&str, &str) -> String,
    pub won: fn(&str, &str) -> String,
    /// A draw, with how (may be empty).
    pub draw: fn(&str) -> String,
    pub paused: fn(&str) -> String,
    /// The computer thinking: who, the depth, the best move so far, its score, nodes.
    pub thinking_progress: fn(&str, u32, &str, &str, u64) -> String,
    pub thinking: fn(&str) -> String,
    pub to_move: fn(&str) -> String,
    /// Looking back: the move shown, of how many.
    pub view_note: fn(usize, usize) -> String,
    pub move_count: fn(usize) -> String,
    pub bot_time: fn(u64) -> String,
    pub moved_now: &'static str,
    /// Redo failed: the move, why.
    pub redo_failed: fn(&str, &str) -> String,
    pub share_shown: &'static str,
    pub share_copied: &'static str,
    pub share_refused: &'static str,
    pub export_failed: fn(&str) -> String,
    pub import_failed: fn(&str) -> String,
    /// A file too big to be a record: its size in KB.
    pub import_too_big: fn(f64) -> String,
    pub hint_working: &'static str,
    pub no_hint: fn(&str) -> String,
    /// How a game was won: by a line of this many.
    pub win_line: fn(usize) -> String,
    pub board_full: &'static str,

    // --- Caro ---
    /// The board line: the rule's title, rows, columns.
    pub caro_board_info: fn(&str, usize, usize) -> String,
    pub tap_again: fn(&str) -> String,
    /// A renju-forbidden move refused: why (a [`Text::forbidden_kind`]).
    pub forbidden_move: fn(&str) -> String,
    pub double_three: &'static str,
    pub double_four: &'static str,
    pub overline: &'static str,
    /// "N moves" in the Caro hints.
    pub n_moves: fn(i32) -> String,
    /// Hints: who, in how many (from [`Text::n_moves`]), the cell.
    pub hint_vcf: fn(&str, &str, &str) -> String,
    pub hint_vct: fn(&str, &str, &str) -> String,
    pub hint_win: fn(&str, &str, &str) -> String,
    /// A lost position: the winner, in how many, the loser, the cell.
    pub hint_loss: fn(&str, &str, &str, &str) -> String,
    pub hint_even: &'static str,
    pub hint_little_better: fn(&str) -> String,
    pub hint_better: fn(&str) -> String,
    pub hint_much_better: fn(&str) -> String,
    /// The judgement, the engine's cell.
    pub hint_engine_move: fn(&str, &str) -> String,
    pub hint_bad_reply: fn(&str) -> String,

    // --- Connect Four ---
    pub connect4_board_info: &'static str,
    /// A column's accessible name: the column, its discs from the bottom.
    pub column_empty: fn(usize) -> String,
    pub column_full: fn(usize, &str) -> String,
    pub column_discs: fn(usize, usize, &str) -> String,
    pub column_is_full: fn(usize) -> String,
    pub value_draw: &'static str,
    pub value_win: fn(i32) -> String,
    pub value_loss: fn(i32) -> String,
    pub value_full: &'static str,
    /// What the values under the columns mean, for the side to move.
    pub connect4_hint: fn(&str) -> String,
    pub connect4_hint_unknown: &'static str,

    // --- Othello ---
    pub othello_board_info: &'static str,
    pub discs: fn(u32, u32) -> String,
    /// A pass: who passed, who moves again.
    pub passes: fn(&str, &str) -> String,
    pub legal_square: fn(&str) -> String,
    pub flips_nothing: fn(&str) -> String,
    pub othello_hint_exact: fn(&str) -> String,
    pub othello_hint_estimate: fn(&str) -> String,

    // --- the rules page ---
    pub rules_title: &'static str,
    pub rules_intro: &'static str,
    pub rules_play: &'static str,
    /// Caro: the board and the moves, then one paragraph a rule.
    pub rules_caro: &'static [&'static str],
    pub rules_caro_caro: &'static str,
    pub rules_caro_freestyle: &'static str,
    pub rules_caro_standard: &'static str,
    pub rules_caro_renju: &'static [&'static str],
    pub rules_connect4: &'static [&'static str],
    pub rules_othello: &'static [&'static str],
    pub rules_this_rule: &'static str,

    /// The messages of the engines and the URL parser (see [`translate`]).
    pub messages: Messages,
}

/// The messages that come in English from the engines, the record readers and the URL
/// parser, as templates. In the English table each is the message's pattern: `{}` stands
/// for a value kept as it is, `{t}` for a value that is itself a message (or a word) to
/// translate. In another language's table `{0}`, `{1}`... place those values, in order.
pub struct Messages {
    pub unknown_type: &'static str,
    pub unknown_level: &'static str,
    pub unknown_side: &'static str,
    pub unknown_rule: &'static str,
    pub unknown_game: &'static str,
    pub unknown_lang: &'static str,
    pub bad_delay: &'static str,
    pub bad_seed: &'static str,
    pub bad_time: &'static str,
    pub rows_not_number: &'static str,
    pub columns_not_number: &'static str,
    pub rows_out_of_range: &'static str,
    pub columns_out_of_range: &'static str,
    pub board_size_range: &'static str,
    pub word_rows: &'static str,
    pub word_columns: &'static str,
    pub moves_prefix: &'static str,
    pub position_no_move: &'static str,
    pub position_prefix: &'static str,
    pub link_not_game: &'static str,
    pub nothing_to_open: &'static str,
    pub record_board_size: &'static str,
    pub not_a_cell: &'static str,
    pub not_a_column: &'static str,
    pub not_a_square: &'static str,
    pub off_board: &'static str,
    pub taken: &'static str,
    pub after_end: &'static str,
    pub forbidden: &'static str,
    pub column_full: &'static str,
    pub flips_nothing: &'static str,
    pub move_error: &'static str,
    pub word_double_three: &'static str,
    pub word_double_four: &'static str,
    pub word_overline: &'static str,
    pub obf_short: &'static str,
    pub obf_char: &'static str,
    pub obf_space: &'static str,
    pub obf_no_side: &'static str,
    pub obf_bad_side: &'static str,
    pub record_empty: &'static str,
    pub record_header: &'static str,
    pub record_numbers: &'static str,
    pub record_off_board: &'static str,
    pub record_move: &'static str,
    pub record_after_end: &'static str,
    pub record_line: &'static str,
    pub cell_taken: &'static str,
    pub cell_outside: &'static str,
    pub game_over: &'static str,
    pub forbidden_black: &'static str,
    pub score_win: &'static str,
    pub score_loss: &'static str,
    pub score_discs: &'static str,
    pub score_wins: &'static str,
    pub score_loses: &'static str,
}

impl Messages {
    /// Every template, in one order for every language (the most specific first: the
    /// first that matches a message is used).
    pub fn all(&self) -> [&'static str; 56] {
        [
            self.unknown_type,
            self.unknown_level,
            self.unknown_side,
            self.unknown_rule,
            self.unknown_game,
            self.unknown_lang,
            self.bad_delay,
            self.bad_seed,
            self.bad_time,
            self.rows_not_number,
            self.columns_not_number,
            self.rows_out_of_range,
            self.columns_out_of_range,
            self.board_size_range,
            self.word_rows,
            self.word_columns,
            self.position_no_move,
            self.link_not_game,
            self.nothing_to_open,
            self.record_board_size,
            self.not_a_cell,
            self.not_a_column,
            self.not_a_square,
            self.off_board,
            self.taken,
            self.after_end,
            self.forbidden,
            self.column_full,
            self.flips_nothing,
            self.move_error,
            self.word_double_three,
            self.word_double_four,
            self.word_overline,
            self.obf_short,
            self.obf_char,
            self.obf_space,
            self.obf_no_side,
            self.obf_bad_side,
            self.record_empty,
            self.record_header,
            self.record_numbers,
            self.record_off_board,
            self.record_move,
            self.record_after_end,
            self.cell_taken,
            self.cell_outside,
            self.game_over,
            self.forbidden_black,
            self.score_win,
            self.score_loss,
            self.score_discs,
            self.score_wins,
            self.score_loses,
            // The prefixes last: what follows them is matched on its own.
            self.moves_prefix,
            self.position_prefix,
            self.record_line,
        ]
    }
}

impl Text {
    /// A game's name.
    pub fn game(&self, game: Game) -> &'static str {
        match game {
            Game::Caro => self.caro,
            Game::Connect4 => self.connect4,
            Game::Othello => self.othello,
        }
    }

    /// A side's name as players see it: X and O in Caro, colours in the others.
    pub fn side(&self, game: Game, side: crate::game::Side) -> &'static str {
        use crate::game::Side::{First, Second};
        match (game, side) {
            (Game::Caro, First) => "X",
            (Game::Caro, Second) => "O",
            (Game::Connect4, First) => self.red,
            (Game::Connect4, Second) => self.yellow,
            (Game::Othello, First) => self.black,
            (Game::Othello, Second) => self.white,
        }
    }

    pub fn mode(&self, mode: crate::settings::Mode) -> &'static str {
        use crate::settings::Mode;
        match mode {
            Mode::TwoPlayers => self.mode_two_players,
            Mode::PlayerComputer => self.mode_player_computer,
            Mode::ComputerComputer => self.mode_computer_computer,
        }
    }

    /// A computer level's name, by the name URLs give it (`master`); `None` for a level
    /// this table does not know.
    pub fn level(&self, name: &str) -> Option<&'static str> {
        Some(match name {
            "greedy" => self.level_greedy,
            "easy" => self.level_easy,
            "normal" => self.level_normal,
            "hard" => self.level_hard,
            "master" => self.level_master,
            "random" => self.level_random,
            "minimax" => self.level_minimax,
            "perfect" => self.level_perfect,
            "positional" => self.level_positional,
            "strong" => self.level_strong,
            _ => return None,
        })
    }

    /// A level's name for players (the engine's own title if the table lacks it).
    pub fn level_title<L: crate::game::GameLevel>(&self, level: L) -> &'static str {
        self.level(level.name()).unwrap_or(level.title())
    }

    /// A rule as the home page offers it.
    pub fn rule(&self, rule: crate::caro::Rule) -> &'static str {
        use crate::caro::Rule;
        match rule {
            Rule::Caro => self.rule_caro,
            Rule::Freestyle => self.rule_freestyle,
            Rule::Standard => self.rule_standard,
            Rule::Renju => self.rule_renju,
        }
    }

    pub fn rule_name(&self, rule: crate::caro::Rule) -> &'static str {
        use crate::caro::Rule;
        match rule {
            Rule::Caro => self.rule_name_caro,
            Rule::Freestyle => self.rule_name_freestyle,
            Rule::Standard => self.rule_name_standard,
            Rule::Renju => self.rule_name_renju,
        }
    }

    /// A renju-forbidden shape's name.
    pub fn forbidden_kind(&self, kind: crate::caro::renju::Forbidden) -> &'static str {
        use crate::caro::renju::Forbidden;
        match kind {
            Forbidden::DoubleThree => self.double_three,
            Forbidden::DoubleFour => self.double_four,
            Forbidden::Overline => self.overline,
        }
    }

    /// The text of a key written in the pages' markup (`data-i18n="new_game"`, and
    /// `data-i18n-title`, `data-i18n-label` for the `title` and `aria-label`), so the
    /// static HTML takes its words from the table too.
    pub fn key(&self, key: &str) -> Option<&'static str> {
        Some(match key {
            "language" => self.language,
            "theme" => self.theme,
            "sound" => self.sound,
            "sound_title" => self.sound_title,
            "rules" => self.rules,
            "home" => self.home,
            "loading" => self.loading,
            "home_title" => self.home_title,
            "home_heading" => self.home_heading,
            "tagline" => self.tagline,
            "resume" => self.resume,
            "label_game" => self.label_game,
            "label_mode" => self.label_mode,
            "label_rows" => self.label_rows,
            "label_columns" => self.label_columns,
            "label_rule" => self.label_rule,
            "label_human" => self.label_human,
            "label_level" => self.label_level,
            "label_time" => self.label_time,
            "label_time_title" => self.label_time_title,
            "label_delay" => self.label_delay,
            "go" => self.go,
            "bench_link" => self.bench_link,
            "bench_note" => self.bench_note,
            "rules_link" => self.rules_link,
            "mode_two_players" => self.mode_two_players,
            "mode_player_computer" => self.mode_player_computer,
            "mode_computer_computer" => self.mode_computer_computer,
            "new_game" => self.new_game,
            "undo" => self.undo,
            "redo" => self.redo,
            "pause" => self.pause,
            "hint" => self.hint,
            "move_now" => self.move_now,
            "zoom_out" => self.zoom_out,
            "zoom_out_title" => self.zoom_out_title,
            "zoom_fit" => self.zoom_fit,
            "zoom_fit_label" => self.zoom_fit_label,
            "zoom_fit_title" => self.zoom_fit_title,
            "zoom_in" => self.zoom_in,
            "zoom_in_title" => self.zoom_in_title,
            "minimap" => self.minimap,
            "side_panel" => self.side_panel,
            "nav" => self.nav,
            "nav_first" => self.nav_first,
            "nav_first_title" => self.nav_first_title,
            "nav_prev" => self.nav_prev,
            "nav_prev_title" => self.nav_prev_title,
            "nav_next" => self.nav_next,
            "nav_next_title" => self.nav_next_title,
            "nav_last" => self.nav_last,
            "nav_last_title" => self.nav_last_title,
            "hints_on" => self.hints_on,
            "moves" => self.moves,
            "continue_here" => self.continue_here,
            "move_numbers" => self.move_numbers,
            "confirm_taps" => self.confirm_taps,
            "share" => self.share,
            "export_format" => self.export_format,
            "export" => self.export,
            "import" => self.import,
            "share_link" => self.share_link,
            "import_paste" => self.import_paste,
            "import_file" => self.import_file,
            "open" => self.open,
            "cancel" => self.cancel,
            "rules_title" => self.rules_title,
            "rules_intro" => self.rules_intro,
            _ => return None,
        })
    }
}

/// A template split into literal text and value slots.
#[derive(Debug, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    /// A value: whether it is translated itself (`{t}`), or its number (`{0}`) in a
    /// language's template.
    Value(bool),
    Index(usize),
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        if open > 0 {
            out.push(Piece::Text(&rest[..open]));
        }
        match &rest[open + 1..close] {
            "" => out.push(Piece::Value(false)),
            "t" => out.push(Piece::Value(true)),
            n => match n.parse() {
                Ok(i) => out.push(Piece::Index(i)),
                Err(_) => out.push(Piece::Text(&rest[open..=close])),
            },
        }
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// Matches `text` against a pattern's pieces, every value non-empty; the values found.
fn match_pieces<'t>(pattern: &[Piece<'_>], text: &'t str) -> Option<Vec<(&'t str, bool)>> {
    match pattern.split_first() {
        None => text.is_empty().then(Vec::new),
        Some((Piece::Text(lit), rest)) => match_pieces(rest, text.strip_prefix(lit)?),
        Some((Piece::Value(translated), rest)) => {
            // Every split point, the shortest value first.
            let ends = text
                .char_indices()
                .map(|(i, _)| i)
                .skip(1)
                .chain([text.len()]);
            for end in ends {
                if let Some(mut values) = match_pieces(rest, &text[end..]) {
                    values.insert(0, (&text[..end], *translated));
                    return Some(values);
                }
            }
            None
        }
        Some((Piece::Index(_), _)) => None,
    }
}

/// A message of the engines or the URL parser (English) in `lang`: matched against the
/// English templates, then written with `lang`'s template and the same values (a value
/// that is a message itself translated too). Several messages joined by `; ` are
/// translated each. A message no template knows stays as it is.
pub fn translate(lang: Lang, message: &str) -> String {
    if lang == Lang::En {
        return message.to_string();
    }
    message
        .split("; ")
        .map(|part| translate_one(lang, part).unwrap_or_else(|| part.to_string()))
        .collect::<Vec<_>>()
        .join("; ")
}

/// One message in `lang`, or `None` when no template matches it.
pub fn translate_one(lang: Lang, message: &str) -> Option<String> {
    let english = en::TEXT.messages.all();
    let theirs = lang.text().messages.all();
    for (pattern, target) in english.iter().zip(theirs) {
        let Some(values) = match_pieces(&pieces(pattern), message) else {
            continue;
        };
        let values: Vec<String> = values
            .into_iter()
            .map(|(v, translated)| {
                if translated {
                    translate_one(lang, v).unwrap_or_else(|| v.to_string())
                } else {
                    v.to_string()
                }
            })
            .collect();
        let mut out = String::new();
        for piece in pieces(target) {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Index(i) => out.push_str(values.get(i).map_or("", String::as_str)),
                Piece::Value(_) => {}
            }
        }
        return Some(out);
    }
    None
}

/// A decimal number as `lang` writes it (`0.5`, `0,5`).
pub fn decimal(lang: Lang, value: f64) -> String {
    let text = format!("{value}");
    match lang {
        Lang::En => text,
        Lang::Vi => text.replace('.', ","),
    }
}

#[cfg(test)]
mod tests;
