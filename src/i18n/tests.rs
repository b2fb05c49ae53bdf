use super::*;
use crate::caro::Rule;
use crate::game::{GameLevel, Side};
use crate::settings::{self, CaroSettings, OthelloSettings};

fn strs(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_url_wins_then_the_stored_choice_then_the_browser_then_english() {
    let vi_browser = strs(&["vi-VN", "en-US"]);
    let en_browser = strs(&["en-US", "vi"]);
    assert_eq!(
        choose(Some("vi"), Some("en"), &en_browser),
        (Lang::Vi, None)
    );
    assert_eq!(
        choose(Some("EN "), Some("vi"), &vi_browser),
        (Lang::En, None)
    );
    assert_eq!(choose(None, Some("vi"), &en_browser), (Lang::Vi, None));
    assert_eq!(choose(None, Some("en"), &vi_browser), (Lang::En, None));
    assert_eq!(choose(None, None, &vi_browser), (Lang::Vi, None));
    assert_eq!(choose(None, None, &en_browser), (Lang::En, None));
    // The first of the browser's languages that we have decides.
    assert_eq!(
        choose(None, None, &strs(&["fr-FR", "vi", "en"])),
        (Lang::Vi, None)
    );
    assert_eq!(
        choose(None, None, &strs(&["fr-FR", "de"])),
        (Lang::En, None)
    );
    assert_eq!(choose(None, None, &[]), (Lang::En, None));
    // A stored value that is not ours (an older version's, say) is passed over.
    assert_eq!(choose(None, Some("klingon"), &vi_browser), (Lang::Vi, None));
}

#[test]
fn a_bad_lang_parameter_is_reported_and_the_next_source_decides() {
    let (lang, error) = choose(Some("fr"), Some("vi"), &[]);
    assert_eq!(lang, Lang::Vi);
    assert_eq!(
        error.unwrap().to_string(),
        "unknown language 'fr': expected one of en, vi"
    );
    let (lang, error) = choose(Some(""), None, &strs(&["en-GB"]));
    assert_eq!(lang, Lang::En);
    assert!(error.is_some());
    // In Vietnamese too.
    assert_eq!(
        translate(Lang::Vi, "unknown language 'fr': expected one of en, vi"),
        "ngôn ngữ 'fr' không hợp lệ: cần một trong en, vi"
    );
}

#[test]
fn browser_tags_by_their_primary_subtag() {
    assert_eq!(Lang::from_tag("vi-VN"), Some(Lang::Vi));
    assert_eq!(Lang::from_tag("VI"), Some(Lang::Vi));
    assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
    assert_eq!(Lang::from_tag("fr"), None);
    assert_eq!(Lang::from_tag("vie"), None);
    assert_eq!(Lang::from_tag(""), None);
}

#[test]
fn codes_round_trip_and_links_keep_a_language_other_than_english() {
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.code()).unwrap(), lang);
    }
    assert_eq!(Lang::En.query_suffix(), "");
    assert_eq!(Lang::Vi.query_suffix(), "&lang=vi");
}

/// Every fixed string of a table, named.
fn fixed(t: &Text) -> Vec<(&'static str, &'static str)> {
    let mut all = vec![
        ("name", t.name),
        ("theme_auto", t.theme_auto),
        ("theme_light", t.theme_light),
        ("theme_dark", t.theme_dark),
        ("reload", t.reload),
        ("start_failed", t.start_failed),
        ("caro", t.caro),
        ("caro_long", t.caro_long),
        ("connect4", t.connect4),
        ("othello", t.othello),
        ("red", t.red),
        ("yellow", t.yellow),
        ("black", t.black),
        ("white", t.white),
        ("rule_caro", t.rule_caro),
        ("rule_freestyle", t.rule_freestyle),
        ("rule_standard", t.rule_standard),
        ("rule_renju", t.rule_renju),
        ("resume_play", t.resume_play),
        ("format_psq", t.format_psq),
        ("format_moves", t.format_moves),
        ("pass", t.pass),
        ("no_moves", t.no_moves),
        ("who_you", t.who_you),
        ("who_human", t.who_human),
        ("moved_now", t.moved_now),
        ("share_shown", t.share_shown),
        ("share_copied", t.share_copied),
        ("share_refused", t.share_refused),
        ("hint_working", t.hint_working),
        ("board_full", t.board_full),
        ("double_three", t.double_three),
        ("double_four", t.double_four),
        ("overline", t.overline),
        ("hint_even", t.hint_even),
        ("connect4_board_info", t.connect4_board_info),
        ("value_draw", t.value_draw),
        ("value_full", t.value_full),
        ("connect4_hint_unknown", t.connect4_hint_unknown),
        ("othello_board_info", t.othello_board_info),
        ("rules_intro", t.rules_intro),
        ("rules_play", t.rules_play),
        ("rules_caro_caro", t.rules_caro_caro),
        ("rules_caro_freestyle", t.rules_caro_freestyle),
        ("rules_caro_standard", t.rules_caro_standard),
        ("rules_this_rule", t.rules_this_rule),
    ];
    for key in MARKUP_KEYS {
        all.push((key, t.key(key).unwrap_or("")));
    }
    for level in ["greedy", "easy", "normal", "hard", "master"] {
        all.push((level, t.level(level).unwrap_or("")));
    }
    for list in [
        t.rules_caro,
        t.rules_caro_renju,
        t.rules_connect4,
        t.rules_othello,
    ] {
        assert!(!list.is_empty());
        for p in list {
            all.push(("rules paragraph", p));
        }
    }
    all
}

/// The keys the pages' markup names (`data-i18n`...), read from the markup itself below.
const MARKUP_KEYS: [&str; 68] = [
    "language",
    "theme",
    "sound",
    "sound_title",
    "rules",
    "home",
    "loading",
    "home_title",
    "home_heading",
    "tagline",
    "resume",
    "label_game",
    "label_mode",
    "label_rows",
    "label_columns",
    "label_rule",
    "label_human",
    "label_level",
    "label_time",
    "label_time_title",
    "label_delay",
    "go",
    "bench_link",
    "bench_note",
    "rules_link",
    "mode_two_players",
    "mode_player_computer",
    "mode_computer_computer",
    "new_game",
    "undo",
    "redo",
    "pause",
    "hint",
    "move_now",
    "zoom_out",
    "zoom_out_title",
    "zoom_fit",
    "zoom_fit_label",
    "zoom_fit_title",
    "zoom_in",
    "zoom_in_title",
    "minimap",
    "side_panel",
    "nav",
    "nav_first",
    "nav_first_title",
    "nav_prev",
    "nav_prev_title",
    "nav_next",
    "nav_next_title",
    "nav_last",
    "nav_last_title",
    "hints_on",
    "moves",
    "continue_here",
    "move_numbers",
    "confirm_taps",
    "share",
    "export_format",
    "export",
    "import",
    "share_link",
    "import_paste",
    "import_file",
    "open",
    "cancel",
    "rules_title",
    "rules_intro",
];

#[test]
fn every_language_has_every_string() {
    for lang in Lang::ALL {
        for (name, text) in fixed(lang.text()) {
            assert!(!text.trim().is_empty(), "{lang:?}: {name} is empty");
        }
        assert_eq!(
            lang.text().messages.all().len(),
            en::TEXT.messages.all().len()
        );
        for template in lang.text().messages.all() {
            assert!(!template.trim().is_empty(), "{lang:?}: an empty message");
        }
    }
}

#[test]
fn every_key_in_the_markup_is_in_the_tables() {
    let markup = [
        include_str!("../../www/index.html"),
        include_str!("../../www/rules.html"),
        include_str!("../web/game_page.rs"),
    ];
    let mut found = Vec::new();
    for text in markup {
        for attr in ["data-i18n=\"", "data-i18n-title=\"", "data-i18n-label=\""] {
            for (i, _) in text.match_indices(attr) {
                let rest = &text[i + attr.len()..];
                let key = &rest[..rest.find('"').unwrap()];
                found.push(key.to_string());
            }
        }
    }
    assert!(found.len() > 40, "only {} keys found", found.len());
    for key in &found {
        assert!(en::TEXT.key(key).is_some(), "unknown key {key}");
        assert!(MARKUP_KEYS.contains(&key.as_str()), "{key} is not tested");
    }
}

#[test]
fn vietnamese_differs_from_english_wherever_a_word_is_shown() {
    let en = fixed(&en::TEXT);
    let vi = fixed(&vi::TEXT);
    // Names that are the same in both languages: the renju rule's own name and the
    // file formats' extensions stay, but the words around them change.
    for ((name, e), (_, v)) in en.iter().zip(&vi) {
        assert_ne!(e, v, "{name} is not translated");
    }
    for level in ["random", "minimax", "perfect", "positional", "strong"] {
        assert_ne!(en::TEXT.level(level), vi::TEXT.level(level), "{level}");
    }
}

#[test]
fn every_level_of_every_game_has_a_name_in_every_language() {
    fn check<L: GameLevel>() {
        for &level in L::all() {
            for lang in Lang::ALL {
                assert!(
                    lang.text().level(level.name()).is_some(),
                    "{lang:?} lacks {}",
                    level.name()
                );
            }
            assert_eq!(en::TEXT.level_title(level), level.title());
        }
    }
    check::<crate::caro::Level>();
    check::<crate::connect4::Level>();
    check::<crate::othello::Level>();
}

#[test]
fn formatting_functions_give_known_text() {
    let (en, vi) = (&en::TEXT, &vi::TEXT);
    let moves = (en.n_moves)(4);
    assert_eq!(
        (en.hint_vcf)("X", &moves, "h8"),
        "X wins by continuous fours in 4 moves: play h8."
    );
    assert_eq!((en.n_moves)(1), "1 move");
    assert_eq!(
        (vi.hint_vcf)("X", &(vi.n_moves)(4), "h8"),
        "X thắng bằng chuỗi nước bốn liên tục trong 4 nước: hãy đi h8."
    );
    assert_eq!(
        (en.thinking_progress)("O (computer)", 7, "h8", "+35", 41000),
        "O (computer) is thinking… depth 7, best so far h8 (+35), 41000 nodes."
    );
    assert_eq!(
        (vi.thinking_progress)("O (máy)", 7, "h8", "+35", 41000),
        "O (máy) đang nghĩ… độ sâu 7, nước tốt nhất đến giờ h8 (+35), 41000 nút."
    );
    assert_eq!((en.to_move)("X (you)"), "X (you) to move.");
    assert_eq!((vi.to_move)("X (bạn)"), "Đến lượt X (bạn).");
    assert_eq!((en.win_line)(5), "with five in a row");
    assert_eq!((en.win_line)(4), "with four in a row");
    assert_eq!((en.win_line)(12), "with 12 in a row");
    assert_eq!((vi.win_line)(6), "với sáu quân liên tiếp");
    assert_eq!((en.draw)(en.board_full), "Draw: the board is full.");
    assert_eq!((en.draw)("32-32"), "Draw 32-32.");
    assert_eq!((vi.draw)(vi.board_full), "Hòa: bàn cờ đã kín.");
    assert_eq!((en.time_per_move)(500), "0.5 s per move");
    assert_eq!((vi.time_per_move)(500), "0,5 giây mỗi nước");
    assert_eq!((vi.time_per_move)(3000), "3 giây mỗi nước");
    assert_eq!((en.resume_info)("Othello", 1), "Othello: 1 move so far");
    assert_eq!((en.resume_info)("Caro", 2), "Caro: 2 moves so far");
    assert_eq!((en.column_discs)(4, 1, "Red"), "column 4, 1 disc: Red");
    assert_eq!(
        (vi.column_discs)(4, 3, "Đỏ, Vàng, Đỏ"),
        "cột 4, 3 quân: Đỏ, Vàng, Đỏ"
    );
    assert_eq!(en.side(Game::Connect4, Side::Second), "Yellow");
    assert_eq!(vi.side(Game::Othello, Side::First), "Đen");
    assert_eq!(vi.side(Game::Caro, Side::First), "X");
    assert_eq!(
        en.rule(Rule::Renju),
        "Renju (X may not make 3-3, 4-4, overline)"
    );
}

/// The messages the URL parser and the engines really give, each translated: no English
/// template is left whole, and the values stay.
#[test]
fn the_engines_and_the_url_parsers_messages_translate() {
    let q = |s: &str| settings::parse_query(s);
    let mut messages: Vec<String> = Vec::new();
    let (_, errors) = CaroSettings::from_query(&q(
        "type=solo&rows=x&columns=99&rule=gomoku&level=godlike&human=z&delay=-1&seed=a&time=5",
    ));
    messages.extend(errors.iter().map(|e| e.to_string()));
    let (_, errors) = CaroSettings::from_query(&q("rows=9&columns=abc"));
    messages.extend(errors.iter().map(|e| e.to_string()));
    let caro = CaroSettings::default();
    for moves in ["h8h8", "h8z99", "h8 x", "h8h9i8i9j8j9k8k9l8a1"] {
        messages.push(caro.replay(moves).unwrap_err().to_string());
    }
    let renju = CaroSettings {
        rule: Rule::Renju,
        ..CaroSettings::default()
    };
    messages.push(renju.replay("h8a1i8a2g9a3g7a4g8").unwrap_err().to_string());
    for moves in ["4449", "4444444", "11223345"] {
        messages.push(settings::connect4_replay(moves).unwrap_err().to_string());
    }
    let othello = OthelloSettings::from_query(&[]).0;
    for moves in ["f5a1", "f5f5", "f5zz"] {
        messages.push(othello.replay(moves).unwrap_err().to_string());
    }
    let (_, errors) = OthelloSettings::from_query(&q("position=XO"));
    messages.extend(errors.iter().map(|e| e.to_string()));
    for record in [
        "Piskvorky fifteen\n",
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n",
        "Piskvorky 15x15, 11:11, 0\n8,8,0,1\n",
        "Piskvorky 15x15, 11:11, 0\n99,8\n",
        "Piskvorky 70x15, 11:11, 0\n",
        "",
        "http://x/chess.html?a=1",
    ] {
        messages.push(
            settings::import_caro(&caro, record)
                .unwrap_err()
                .to_string(),
        );
    }
    messages.push(Lang::parse("xx").unwrap_err().to_string());
    assert!(messages.len() > 25, "{messages:?}");
    for message in &messages {
        let vi = translate_one(Lang::Vi, message)
            .unwrap_or_else(|| panic!("no template for '{message}'"));
        assert_ne!(&vi, message);
        assert_eq!(translate(Lang::En, message), *message);
        // No English left: none of the English templates' words of four letters or
        // more, outside quoted values and the parameter names.
        for word in [
            "unknown",
            "expected",
            "whole",
            "number",
            "range",
            "move ",
            "already",
            "taken",
            "illegal",
            "forbidden",
            "after",
            "column",
            "board",
            "line ",
            "record",
            "square",
            "nothing",
            "flips",
            "found",
            "moves:",
            "position:",
            "must",
            "double",
            "overline",
        ] {
            let outside_quotes: String = vi.split('\'').step_by(2).collect();
            assert!(
                !outside_quotes.contains(word),
                "'{word}' left in '{vi}' (from '{message}')"
            );
        }
    }
    assert_eq!(
        translate(Lang::Vi, "moves: move 2 (h8) is already taken"),
        "nước đi: nước 2 (h8): ô đó đã có quân"
    );
    assert_eq!(
        translate(
            Lang::Vi,
            "moves: move 9 (g8) is illegal: forbidden for X under renju (double three)"
        ),
        "nước đi: nước 9 (g8) không hợp lệ: X bị cấm đi ở đó theo luật renju (hai đường ba, 3-3)"
    );
    assert_eq!(
        translate(Lang::Vi, "rows 9 is out of range (allowed: 10 to 60); unknown rule 'x': expected caro, freestyle, standard or renju"),
        "số hàng 9 nằm ngoài khoảng cho phép (từ 10 đến 60); luật 'x' không hợp lệ: cần caro, freestyle, standard hoặc renju"
    );
    // What no template knows stays as it is.
    assert_eq!(translate(Lang::Vi, "a new message"), "a new message");
    assert_eq!(translate_one(Lang::Vi, "a new message"), None);
}

#[test]
fn engine_scores_translate() {
    for (en, vi) in [
        ("win in 3", "thắng sau 3"),
        ("loss in 2", "thua sau 2"),
        ("+3.5 discs", "+3.5 quân"),
        ("wins", "thắng"),
        ("loses", "thua"),
        ("+35", "+35"),
    ] {
        assert_eq!(translate(Lang::Vi, en), vi);
    }
}

#[test]
fn templates_place_every_value() {
    use super::{pieces, Piece};
    let en = en::TEXT.messages.all();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for (e, theirs) in en.iter().zip(lang.text().messages.all()) {
            let values = pieces(e)
                .iter()
                .filter(|p| matches!(p, Piece::Value(_)))
                .count();
            let mut used: Vec<usize> = pieces(theirs)
                .iter()
                .filter_map(|p| match p {
                    Piece::Index(i) => Some(*i),
                    _ => None,
                })
                .collect();
            used.sort_unstable();
            used.dedup();
            assert_eq!(
                used,
                (0..values).collect::<Vec<_>>(),
                "{lang:?}: '{theirs}' for '{e}'"
            );
        }
    }
}

/// www/start-text.js carries `start_failed` and `reload` for the moment a page's wasm cannot
/// start (the tables are in the wasm): its copy of every language's words is the tables'.
#[test]
fn the_start_failure_words_of_the_pages_are_the_tables() {
    let js = include_str!("../../www/start-text.js");
    for lang in Lang::ALL {
        let t = lang.text();
        let entry = format!(
            "{}: {{ failed: {:?}, reload: {:?} }},",
            lang.code(),
            t.start_failed,
            t.reload
        );
        assert!(
            js.contains(&entry),
            "www/start-text.js should hold `{entry}`"
        );
    }
    // And no language the tables lack.
    let entries = js.matches("{ failed: ").count();
    assert_eq!(entries, Lang::ALL.len());
    assert!(js.contains(STORAGE_KEY), "the stored choice's key");
}
