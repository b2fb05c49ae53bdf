//! The URL settings of the web app and the bot worker's request lines, checked natively.

use caro::caro::{Level, Rule};
use caro::game::Side;
use caro::protocol::bot_request::{
    answer, answer_reporting, format_request, parse_reply, BotReply,
};
use caro::settings::{
    decode_component, encode_component, parse_query, CaroSettings, Mode, Players,
};

fn settings(query: &str) -> (CaroSettings, Vec<String>) {
    let (s, errors) = CaroSettings::from_query(&parse_query(query));
    (s, errors.into_iter().map(|e| e.to_string()).collect())
}

#[test]
fn the_original_query_string_still_works() {
    let (s, errors) = settings("?type=2-players&rows=20&columns=30");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(s.players.mode, Mode::TwoPlayers);
    assert_eq!((s.rows, s.cols), (20, 30));
    assert_eq!(s.rule, Rule::Caro);
    // Without a level the computer plays Normal, the engine's default level.
    let (s, _) = settings("?type=player-computer&rows=15&columns=15");
    assert_eq!(s.players.levels, [Level::Normal, Level::Normal]);
}

#[test]
fn any_whole_number_from_10_to_60_is_a_size() {
    for n in [10, 11, 33, 59, 60] {
        let (s, errors) = settings(&format!("type=player-computer&rows={n}&columns={n}"));
        assert!(errors.is_empty());
        assert_eq!((s.rows, s.cols), (n, n));
    }
}

#[test]
fn bad_values_are_named_and_replaced_by_defaults() {
    let (s, errors) = settings("type=robot&rows=9&columns=abc&rule=gomoku&level=godlike&delay=-5");
    assert_eq!(s, CaroSettings::default());
    let text = errors.join(" | ");
    for needle in [
        "robot",
        "rows 9",
        "columns 'abc'",
        "gomoku",
        "godlike",
        "delay '-5'",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in {text}");
    }
    assert_eq!(errors.len(), 6);
    let (_, errors) = settings("rows=61");
    assert!(errors[0].contains("out of range"));
}

#[test]
fn settings_round_trip_through_the_query() {
    let mut s = CaroSettings {
        players: Players {
            mode: Mode::ComputerComputer,
            levels: [Level::Greedy, Level::Greedy],
            human: Side::First,
            delay_ms: 0,
            seed: Some(42),
            think_ms: Some(2500),
        },
        rows: 12,
        cols: 45,
        rule: Rule::Standard,
    };
    let (back, errors) = settings(&s.to_query());
    assert!(errors.is_empty());
    assert_eq!(back, s);
    s.players.mode = Mode::PlayerComputer;
    s.players.human = Side::Second;
    s.players.delay_ms = caro::settings::DEFAULT_DELAY_MS;
    let (back, _) = settings(&s.to_query());
    assert_eq!(back, s);
    // The article's keys come first.
    assert!(s
        .to_query()
        .starts_with("type=player-computer&rows=12&columns=45"));
}

#[test]
fn who_is_a_bot_follows_the_mode() {
    let (s, _) = settings("type=player-computer&human=o");
    assert!(s.players.is_bot(Side::First) && !s.players.is_bot(Side::Second));
    let (s, _) = settings("type=2-players");
    assert!(!s.players.is_bot(Side::First) && !s.players.is_bot(Side::Second));
    let (s, _) = settings("type=computer-computer");
    assert!(s.players.is_bot(Side::First) && s.players.is_bot(Side::Second));
}

#[test]
fn query_components_decode_and_encode() {
    assert_eq!(decode_component("a%20b+c%2Cd"), "a b c,d");
    assert_eq!(decode_component("100%"), "100%");
    assert_eq!(decode_component("%zz"), "%zz");
    // Two hex digits or nothing: a sign is not a digit (from_str_radix would take `+4`).
    assert_eq!(decode_component("%+4"), "% 4");
    assert_eq!(decode_component("%-1x"), "%-1x");
    assert_eq!(decode_component("%41%4a"), "AJ");
    let text = "rows 9 is out of range; é&=?";
    assert_eq!(decode_component(&encode_component(text)), text);
    assert_eq!(
        parse_query("?error=x%3Dy&&rows=10"),
        vec![
            ("error".to_string(), "x=y".to_string()),
            ("rows".to_string(), "10".to_string())
        ]
    );
}

#[test]
fn a_bad_level_for_one_bot_falls_back_to_the_common_level() {
    let (s, errors) = settings("type=computer-computer&level=master&level_x=godlike");
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("godlike"), "{errors:?}");
    assert_eq!(s.players.levels, [Level::Master, Level::Master]);
    let (s, _) = settings("type=computer-computer&level=master&level_o=easy");
    assert_eq!(s.players.levels, [Level::Master, Level::Easy]);
}

#[test]
fn the_worker_answers_a_caro_request_with_a_legal_move() {
    let request = format_request(
        7,
        "caro",
        "greedy",
        Some(1),
        None,
        "caro 15x15 7,4 3,3 7,5 3,4 7,6 3,5 7,7 3,6",
    );
    let (id, reply) = parse_reply(&answer(&request)).unwrap();
    assert_eq!(id, 7);
    match reply {
        BotReply::Move { text, .. } => assert!(text == "7,8" || text == "7,3", "got {text}"),
        other => panic!("unexpected reply {other:?}"),
    }
}

#[test]
fn thinking_time_travels_in_the_url_and_the_request() {
    let (s, errors) = settings("type=player-computer&level=master&time=3000");
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(s.players.think_ms, Some(3000));
    assert!(s.to_query().contains("&time=3000"));
    for bad in ["time=50", "time=60001", "time=fast", "time=-1"] {
        let (s, errors) = settings(&format!("type=player-computer&{bad}"));
        assert_eq!(s.players.think_ms, None);
        assert_eq!(errors.len(), 1, "{bad}");
        assert!(errors[0].contains("time '"), "{}", errors[0]);
    }
    let line = format_request(4, "caro", "master", Some(1), Some(150), "caro 15x15 7,7");
    let req = caro::protocol::bot_request::parse_request(&line).unwrap();
    assert_eq!(
        (req.level, req.think_ms, req.seed),
        ("master", Some(150), Some(1))
    );
    match parse_reply(&answer(&line)).unwrap().1 {
        BotReply::Move { text, .. } => {
            let board = caro::caro::notation::parse_position("caro 15x15 7,7").unwrap();
            let (r, c) = text.split_once(',').unwrap();
            let pos = caro::caro::Pos::new(r.parse().unwrap(), c.parse().unwrap());
            assert!(board.check_move(pos).is_ok(), "illegal {text}");
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn the_worker_explains_bad_requests() {
    for (request, needle) in [
        ("3\tcaro\tgreedy\t-\t-\tcaro 15x15 7,7 7,7", "already taken"),
        ("3\tchess\tgreedy\t-\t-\tcaro 15x15", "unknown game"),
        ("3\tcaro\tgenius\t-\t-\tcaro 15x15", "unknown level"),
        ("3\tcaro\tgreedy\tnope\t-\tcaro 15x15", "bad seed"),
        ("3\tcaro\tmaster\t-\tsoon\tcaro 15x15", "bad time"),
        ("3\tcaro\tmaster\t-\t0\tcaro 15x15", "bad time"),
        ("3\tcaro greedy", "6 tab-separated fields"),
    ] {
        let (id, reply) = parse_reply(&answer(request)).unwrap();
        assert_eq!(id, 3);
        match reply {
            BotReply::Error(e) => assert!(e.contains(needle), "{request:?}: {e}"),
            other => panic!("{request:?} gave {other:?}"),
        }
    }
    // Without a readable id the reply still parses, with id 0.
    let (id, reply) = parse_reply(&answer("nonsense")).unwrap();
    assert_eq!(id, 0);
    assert!(matches!(reply, BotReply::Error(_)));
}

#[test]
fn a_searching_caro_level_reports_progress_before_its_move() {
    // X has an open three on row 7 (columns 5-7) and O, to move, must stop it: next to it
    // (7,4 or 7,8) or, under the caro rule, one further out (7,3 or 7,9): with O on 7,9, X's
    // four at 7,4 has two five points, but O's block at 7,3 takes one and shuts the other five
    // (7,4-7,8) at both ends, and a caro five shut at both ends does not win. Every progress
    // line parses and names a cell on the board.
    let request = format_request(
        9,
        "caro",
        "normal",
        Some(3),
        None,
        "caro 15x15 7,5 6,6 7,6 8,8 7,7",
    );
    let mut lines = Vec::new();
    let last = answer_reporting(&request, &mut |line| lines.push(line.to_string()));
    assert!(!lines.is_empty(), "no progress reported");
    for line in &lines {
        let (id, reply) = parse_reply(line).unwrap();
        assert_eq!(id, 9);
        match reply {
            BotReply::Progress(p) => {
                assert!(p.depth >= 1);
                assert!(p.nodes > 0);
                let (r, c) = p.best.split_once(',').expect("row,col");
                assert!(r.parse::<usize>().unwrap() < 15 && c.parse::<usize>().unwrap() < 15);
            }
            other => panic!("expected progress, got {other:?}"),
        }
    }
    match parse_reply(&last).unwrap().1 {
        BotReply::Move { text, .. } => {
            assert!(
                ["7,3", "7,4", "7,8", "7,9"].contains(&text.as_str()),
                "open three not stopped: {text}"
            )
        }
        other => panic!("unexpected reply {other:?}"),
    }
}

#[test]
fn progress_lines_parse_back() {
    let (id, reply) = parse_reply("12\tinfo\t7,8\t6\t+35\t40213").unwrap();
    assert_eq!(id, 12);
    match reply {
        BotReply::Progress(p) => {
            assert_eq!(
                (p.best.as_str(), p.depth, p.score.as_str(), p.nodes),
                ("7,8", 6, "+35", 40213)
            );
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(parse_reply("12\tinfo\t7,8\tdeep").is_err());
}

#[test]
fn the_worker_answers_connect4_and_othello() {
    // Connect Four: Red has three in column 1 and Yellow must block it.
    match parse_reply(&answer(&format_request(
        1,
        "connect4",
        "minimax",
        Some(1),
        None,
        "121212",
    )))
    .unwrap()
    .1
    {
        BotReply::Move { text, .. } => assert_eq!(text, "1"),
        other => panic!("unexpected {other:?}"),
    }
    // Othello: from the start, Positional plays one of the four legal moves.
    let start = "---------------------------OX------XO--------------------------- X";
    match parse_reply(&answer(&format_request(
        2,
        "othello",
        "positional",
        Some(1),
        None,
        start,
    )))
    .unwrap()
    .1
    {
        BotReply::Move { text, .. } => {
            assert!(["d3", "c4", "f5", "e6"].contains(&text.as_str()), "{text}")
        }
        other => panic!("unexpected {other:?}"),
    }
    // Hints: one value per column.
    match parse_reply(&answer(&format_request(
        3,
        "connect4-hint",
        "-",
        None,
        None,
        "4444443",
    )))
    .unwrap()
    .1
    {
        BotReply::Move { text, .. } => {
            let values: Vec<&str> = text.split(',').collect();
            assert_eq!(values.len(), 7);
            assert_eq!(values[3], "-", "column 4 is full");
        }
        other => panic!("unexpected {other:?}"),
    }
    // Bad positions are explained.
    match parse_reply(&answer(&format_request(
        4, "connect4", "random", None, None, "1111111",
    )))
    .unwrap()
    .1
    {
        BotReply::Error(e) => assert!(e.contains("full") || e.contains("column"), "{e}"),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn the_human_side_takes_each_game_s_colour_names() {
    use caro::settings::parse_side;
    for (text, side) in [
        ("x", Side::First),
        ("Black", Side::First),
        ("red", Side::First),
        ("O", Side::Second),
        ("white", Side::Second),
        ("YELLOW", Side::Second),
        ("second", Side::Second),
    ] {
        assert_eq!(parse_side(text).unwrap(), side, "{text}");
    }
    assert!(parse_side("green")
        .unwrap_err()
        .to_string()
        .contains("green"));
}

#[test]
fn othello_strong_reports_its_search_to_the_page() {
    let start = "---------------------------OX------XO--------------------------- X";
    let request = format_request(8, "othello", "strong", Some(1), Some(300), start);
    let mut lines = Vec::new();
    let last = answer_reporting(&request, &mut |line| lines.push(line.to_string()));
    assert!(!lines.is_empty(), "no progress reported");
    let legal = ["d3", "c4", "f5", "e6"];
    let mut depths = Vec::new();
    for line in &lines {
        match parse_reply(line).unwrap().1 {
            BotReply::Progress(p) => {
                assert!(legal.contains(&p.best.as_str()), "{line}");
                assert!(p.score.ends_with("discs"), "{line}");
                depths.push(p.depth);
            }
            other => panic!("expected progress, got {other:?}"),
        }
    }
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    match parse_reply(&last).unwrap().1 {
        BotReply::Move { text, .. } => assert!(legal.contains(&text.as_str()), "{text}"),
        other => panic!("unexpected {other:?}"),
    }
}

mod records {
    use caro::caro::notation::format_moves;
    use caro::caro::Rule;
    use caro::settings::{
        import_caro, import_connect4, import_link, import_othello, moves_param, parse_query,
        with_moves, CaroSettings, OthelloSettings, Players,
    };

    fn caro(query: &str) -> CaroSettings {
        let (s, errors) = CaroSettings::from_query(&parse_query(query));
        assert!(errors.is_empty(), "{errors:?}");
        s
    }

    #[test]
    fn a_moves_link_replays_on_the_board_of_its_settings() {
        let pairs = parse_query("type=2-players&rows=15&columns=15&rule=freestyle&moves=h8i9h9");
        let s = caro("type=2-players&rows=15&columns=15&rule=freestyle");
        let board = s.replay(moves_param(&pairs).unwrap()).unwrap();
        assert_eq!(format_moves(&board), "h8i9h9");
        assert_eq!(
            with_moves(&s.to_query(), "h8i9h9"),
            format!("{}&moves=h8i9h9", s.to_query())
        );
        assert_eq!(with_moves("type=2-players", ""), "type=2-players");
        // The same moves off a smaller board are refused with the move named.
        let small = caro("rows=10&columns=10");
        assert_eq!(
            small.replay("h8i9o9").unwrap_err().to_string(),
            "moves: move 3 (o9) is off the 10x10 board"
        );
    }

    #[test]
    fn othello_settings_read_the_start_position_and_write_it_back() {
        let (s, errors) = OthelloSettings::from_query(&parse_query("type=2-players"));
        assert!(errors.is_empty());
        assert_eq!(s.start, caro::othello::Position::start());
        assert_eq!(s.to_query(), "type=2-players");
        let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let query = format!(
            "type=2-players&position={}",
            caro::settings::encode_component(obf)
        );
        let (s, errors) = OthelloSettings::from_query(&parse_query(&query));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(caro::othello::format_obf(&s.start), obf);
        assert_eq!(s.to_query(), query);
        let (_, errors) = OthelloSettings::from_query(&parse_query("position=nonsense"));
        assert!(errors[0]
            .to_string()
            .starts_with("position: OBF position too short"));
        assert_eq!(
            s.replay("a1").unwrap_err().to_string(),
            "moves: move 1 (a1) is illegal: it flips nothing"
        );
    }

    #[test]
    fn pasted_links_open_their_game_once_checked() {
        let (game, query) =
            import_link("http://example.org/app/connect4.html?type=2-players&moves=4453")
                .unwrap()
                .unwrap();
        assert_eq!(
            (game, query.as_str()),
            ("connect4", "type=2-players&moves=4453")
        );
        let (game, query) = import_link("./othello.html?type=2-players&moves=f5d6c3")
            .unwrap()
            .unwrap();
        assert_eq!(
            (game, query.as_str()),
            ("othello", "type=2-players&moves=f5d6c3")
        );
        let (game, query) = import_link("caro.html?type=2-players&rows=19&columns=19&moves=j10k11")
            .unwrap()
            .unwrap();
        assert_eq!(game, "caro");
        assert!(query.ends_with("&moves=j10k11"), "{query}");
        // Not a link at all: the caller tries the other formats.
        assert!(import_link("h8i9h9").is_none());
        // A link to something else, or with a bad move, says so.
        assert!(import_link("https://example.org/chess.html?moves=e4")
            .unwrap()
            .unwrap_err()
            .to_string()
            .contains("does not open a game of this app"));
        assert_eq!(
            import_link("caro.html?type=2-players&moves=h8h8")
                .unwrap()
                .unwrap_err()
                .to_string(),
            "moves: move 2 (h8) is already taken"
        );
        assert!(import_link("connect4.html?type=robot&moves=44")
            .unwrap()
            .unwrap_err()
            .to_string()
            .contains("unknown game type 'robot'"));
    }

    #[test]
    fn caro_imports_psq_records_move_strings_and_links() {
        let current = caro("type=player-computer&level=master&rows=15&columns=15&rule=renju");
        let psq = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n-1\n";
        let (game, query) = import_caro(&current, psq).unwrap();
        assert_eq!(game, "caro");
        // The record's board size, the page's rule and players.
        let opened = caro(query.split("&moves=").next().unwrap());
        assert_eq!(
            (opened.rows, opened.cols, opened.rule),
            (20, 20, Rule::Renju)
        );
        assert_eq!(opened.players, current.players);
        assert!(query.ends_with("&moves=j11k10"), "{query}");
        let (_, query) = import_caro(&current, "  h8 i9\n").unwrap();
        assert!(query.ends_with("&moves=h8i9"), "{query}");
        // Errors name the line or the move.
        assert_eq!(
            import_caro(&current, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n")
                .unwrap_err()
                .to_string(),
            "line 3: the move 8,8 (h8): that cell is already taken"
        );
        assert_eq!(
            import_caro(&current, "Piskvorky 80x80, 11:11, 0\n1,1,0\n")
                .unwrap_err()
                .to_string(),
            "line 1: rows must be between 5 and 60, got 80"
        );
        assert_eq!(
            import_caro(&current, "Piskvorky 8x8, 11:11, 0\n1,1,0\n")
                .unwrap_err()
                .to_string(),
            "line 1: the record's board has 8 rows; this app plays 10 to 60"
        );
        assert!(import_caro(&current, "   ")
            .unwrap_err()
            .to_string()
            .contains("nothing to open"));
        assert_eq!(
            import_caro(&current, "h8 zz").unwrap_err().to_string(),
            "moves: move 2 ('zz') is not a cell: expected column letters and a row number, like h8"
        );
    }

    #[test]
    fn connect4_and_othello_import_move_strings() {
        let players: Players<caro::connect4::Level> = Players::default();
        let (game, query) = import_connect4(&players, "4453").unwrap();
        assert_eq!(game, "connect4");
        assert_eq!(query, format!("{}&moves=4453", players.to_query()));
        assert_eq!(
            import_connect4(&players, "44444444")
                .unwrap_err()
                .to_string(),
            "moves: move 7 (4) is illegal: column 4 is full"
        );
        let (s, _) = OthelloSettings::from_query(&[]);
        let (game, query) = import_othello(&s, "F5 D6 C3").unwrap();
        assert_eq!(game, "othello");
        assert_eq!(query, format!("{}&moves=f5d6c3", s.to_query()));
        assert_eq!(
            import_othello(&s, "f5f5").unwrap_err().to_string(),
            "moves: move 2 (f5) is already taken"
        );
    }
}

mod hints {
    use caro::protocol::bot_request::{answer, format_request, parse_reply, BotReply};

    fn reply(game: &str, ms: u32, position: &str) -> String {
        let line = answer(&format_request(1, game, "-", None, Some(ms), position));
        match parse_reply(&line).unwrap().1 {
            BotReply::Move { text, .. } => text,
            other => panic!("{game} hint: {other:?}"),
        }
    }

    #[test]
    fn a_caro_hint_gives_the_winning_four_and_says_how_it_wins() {
        // X's open three on row 7 (O far away): an open four at either end wins at once.
        let text = reply(
            "caro-hint",
            500,
            "freestyle 15x15 7,5 0,0 7,6 0,14 7,7 14,0",
        );
        let (best, rest) = text.split_once(';').unwrap();
        assert!(["7,4", "7,8"].contains(&best), "{text}");
        assert_eq!(rest, "vcf;1");
    }

    #[test]
    fn a_caro_hint_for_a_lost_side_says_so() {
        // X has an open four: O to move cannot stop both fives.
        let text = reply(
            "caro-hint",
            500,
            "freestyle 15x15 7,5 0,0 7,6 0,14 7,7 14,0 7,8",
        );
        let (best, rest) = text.split_once(';').unwrap();
        assert!(["7,4", "7,9"].contains(&best), "{text}");
        assert_eq!(rest, "loss;1");
    }

    #[test]
    fn a_caro_hint_in_a_quiet_position_is_a_score() {
        let text = reply("caro-hint", 300, "caro 15x15 7,7 6,8");
        let fields: Vec<&str> = text.split(';').collect();
        assert_eq!(fields[1], "eval", "{text}");
        let score: i32 = fields[2].parse().unwrap();
        assert!(score.abs() < 300, "{text}");
        let (r, c) = fields[0].split_once(',').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        assert!(
            r.abs_diff(7) <= 2 && c.abs_diff(7) <= 2,
            "a move near the stones: {text}"
        );
    }

    #[test]
    fn an_othello_hint_near_the_end_gives_every_move_its_exact_value() {
        // FFO #1 lists every legal move's exact value.
        let line = include_str!("data/othello/fforum-1-19.obf")
            .lines()
            .next()
            .unwrap();
        let (position, listed) = line.split_once(';').unwrap();
        let text = reply("othello-hint", 60_000, position);
        let mut got: Vec<String> = text.split(',').map(|v| v.to_string()).collect();
        got.sort();
        let mut want: Vec<String> = listed
            .split(';')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| {
                let (m, score) = v.split_once(':').unwrap();
                let score: i32 = score.parse().unwrap();
                format!("{}:{score:+}:x", m.to_ascii_lowercase())
            })
            .collect();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn an_othello_hint_at_the_start_values_the_four_symmetric_moves_alike() {
        let start = "---------------------------OX------XO--------------------------- X";
        let text = reply("othello-hint", 400, start);
        let values: Vec<(&str, &str)> = text
            .split(',')
            .map(|v| {
                let mut f = v.split(':');
                let (m, value, mark) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
                assert_eq!(mark, "e", "{text}");
                (m, value)
            })
            .collect();
        let mut moves: Vec<&str> = values.iter().map(|v| v.0).collect();
        moves.sort();
        assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
        assert!(values.iter().all(|v| v.1 == values[0].1), "{text}");
    }
}
