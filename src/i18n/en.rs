//! English: the app's first language, and the patterns of the engines' messages.

use super::{Messages, Text};

pub static TEXT: Text = Text {
    name: "English",
    language: "Language",

    theme: "Theme",
    theme_auto: "Auto",
    theme_light: "Light",
    theme_dark: "Dark",
    sound: "Sound",
    sound_title: "Sounds for moves, wins and refused moves",
    rules: "Rules",
    home: "Home",
    reload: "Reload",
    start_failed: "The game could not start",
    loading: "Loading…",
    fatal: |why| format!("Something went wrong: {why}. Reload the page to start again. "),

    caro: "Caro",
    caro_long: "Caro (five in a row)",
    connect4: "Connect Four",
    othello: "Othello",
    red: "Red",
    yellow: "Yellow",
    black: "Black",
    white: "White",
    mode_two_players: "Two players",
    mode_player_computer: "Player vs computer",
    mode_computer_computer: "Computer vs computer",
    level_greedy: "Greedy",
    level_easy: "Easy",
    level_normal: "Normal",
    level_hard: "Hard",
    level_master: "Master",
    level_random: "Random",
    level_minimax: "Minimax",
    level_perfect: "Perfect",
    level_positional: "Positional",
    level_strong: "Strong",
    rule_caro: "Caro (5+ wins, not if blocked at both ends)",
    rule_freestyle: "Freestyle (5 or more wins)",
    rule_standard: "Standard (exactly 5 wins)",
    rule_renju: "Renju (X may not make 3-3, 4-4, overline)",
    rule_name_caro: "Caro",
    rule_name_freestyle: "Freestyle",
    rule_name_standard: "Standard",
    rule_name_renju: "Renju",

    home_title: "Caro, Connect Four, Othello",
    home_heading: "Caro",
    tagline: "Five in a row on boards from 10x10 to 60x60, Connect Four and Othello. Play a friend, the computer, or watch two bots.",
    resume: "Resume your last game",
    resume_info: |game, n| {
        let noun = if n == 1 { "move" } else { "moves" };
        format!("{game}: {n} {noun} so far")
    },
    label_game: "Game",
    label_mode: "Mode",
    label_rows: "Rows",
    label_columns: "Columns",
    label_rule: "Rule",
    label_human: "You play",
    label_level: "Computer",
    label_bot: |side| format!("{side} bot"),
    label_time: "Thinking time",
    label_time_title: "For the levels that think by the clock: Caro Master, Othello Strong, Connect Four Perfect",
    label_delay: "Delay between moves (ms)",
    go: "Let's go!",
    side_first: |side| format!("{side} (moves first)"),
    side_second: |side| format!("{side} (moves second)"),
    time_default: "Level's default",
    time_per_move: |ms| format!("{} s per move", ms as f64 / 1000.0),
    home_error: |why| {
        format!("Could not open that game: {why}. The defaults are filled in; check the choices and press Let's go!")
    },
    bench_link: "Engine benchmarks",
    bench_note: "(how fast the engines run in this browser)",
    rules_link: "Rules of the games",

    new_game: "New game",
    undo: "Undo",
    redo: "Redo",
    pause: "Pause",
    resume_play: "Resume",
    hint: "Hint",
    move_now: "Move now",
    zoom_out: "Zoom out",
    zoom_out_title: "Smaller cells (Ctrl+wheel, pinch)",
    zoom_fit: "Fit",
    zoom_fit_label: "Fit the board",
    zoom_fit_title: "The whole board",
    zoom_in: "Zoom in",
    zoom_in_title: "Larger cells (Ctrl+wheel, pinch)",
    minimap: "Overview of the board: click to look there",
    side_panel: "Moves and records",
    nav: "Go through the moves",
    nav_first: "First position",
    nav_first_title: "Start (Home)",
    nav_prev: "Back one move",
    nav_prev_title: "Back one move (Left arrow)",
    nav_next: "Forward one move",
    nav_next_title: "Forward one move (Right arrow)",
    nav_last: "Last position",
    nav_last_title: "The game as it stands (End)",
    hints_on: "Keep hints on",
    moves: "Moves",
    no_moves: "No moves yet.",
    continue_here: "Continue from here",
    move_numbers: "Move numbers on the stones",
    confirm_taps: "Tap twice to play (for small cells)",
    share: "Share",
    export_format: "Export format",
    export: "Export",
    import: "Import",
    share_link: "Link to this game",
    import_paste: "Paste a record, a move string or a link:",
    import_file: "or open a file:",
    open: "Open",
    cancel: "Cancel",
    format_psq: "Piskvork record (.psq)",
    format_moves: "Move string (.txt)",
    pass: "pass",
    board_label: |game| format!("{game} board"),

    player_computer: |side| format!("{side} (computer)"),
    player_you: |side| format!("{side} (you)"),
    player_bot: |side, level| format!("{side} ({level})"),
    who_plays: |side, who| format!("{side}: {who}"),
    who_computer: |level| format!("computer ({level})"),
    who_you: "you",
    who_human: "human",
    players_line: |first, second| format!("{first}, {second}."),
    looking_back: |ply, len, side| {
        format!("Looking back: after move {ply} of {len}, {side} to move there.")
    },
    won_computer: |side, how| format!("{side} wins {how}. The computer won."),
    won_you: |side, how| format!("{side} wins {how}. You won!"),
    won: |player, how| format!("{player} wins {how}!"),
    draw: |how| {
        if how.is_empty() {
            "Draw.".to_string()
        } else if how.starts_with(':') {
            format!("Draw{how}.")
        } else {
            format!("Draw {how}.")
        }
    },
    paused: |player| format!("Paused. {player} to move."),
    thinking_progress: |player, depth, best, score, nodes| {
        format!("{player} is thinking… depth {depth}, best so far {best} ({score}), {nodes} nodes.")
    },
    thinking: |player| format!("{player} is thinking…"),
    to_move: |player| format!("{player} to move."),
    view_note: |ply, len| {
        format!("Showing the position after move {ply} of {len}. Play waits until you go to the last move or continue from here.")
    },
    move_count: |n| format!("Moves: {n}"),
    bot_time: |ms| format!("Computer's last move took {ms} ms."),
    moved_now: "Computer moved at once, on request.",
    redo_failed: |name, why| format!("Could not redo {name}: {why}"),
    share_shown: "The link below opens this game as it stands.",
    share_copied: "Link copied: it opens this game as it stands. Send it to anyone, or to your opponent to play on.",
    share_refused: "Copy the link below: it opens this game as it stands (the browser did not allow copying).",
    export_failed: |why| format!("Could not export the game: {why}"),
    import_failed: |why| format!("Could not open that record: {why}."),
    import_too_big: |kb| {
        format!("Could not open that record: the file is {kb:.0} KB; a game record is far smaller.")
    },
    hint_working: "Working out a hint…",
    no_hint: |why| format!("No hint: {why}."),
    win_line: |n| {
        let words = ["four", "five", "six", "seven", "eight", "nine"];
        match words.get(n.wrapping_sub(4)) {
            Some(w) => format!("with {w} in a row"),
            None => format!("with {n} in a row"),
        }
    },
    board_full: ": the board is full",

    caro_board_info: |rule, rows, cols| format!("{rule} rule, {rows}x{cols} board."),
    tap_again: |cell| format!("Tap {cell} again to play there."),
    forbidden_move: |kind| format!("That move is forbidden for X under renju ({kind})."),
    double_three: "double three",
    double_four: "double four",
    overline: "overline",
    n_moves: |n| {
        if n == 1 {
            "1 move".to_string()
        } else {
            format!("{n} moves")
        }
    },
    hint_vcf: |me, moves, cell| format!("{me} wins by continuous fours in {moves}: play {cell}."),
    hint_vct: |me, moves, cell| format!("{me} wins by threats in {moves}: play {cell}."),
    hint_win: |me, moves, cell| format!("{me} wins in {moves}: play {cell}."),
    hint_loss: |them, moves, me, cell| {
        format!("{them} wins in {moves} whatever {me} plays; {cell} holds out longest.")
    },
    hint_even: "The game is even",
    hint_little_better: |side| format!("{side} is a little better"),
    hint_better: |side| format!("{side} is better"),
    hint_much_better: |side| format!("{side} is much better"),
    hint_engine_move: |judgement, cell| format!("{judgement}. The engine's move: {cell}."),
    hint_bad_reply: |reply| format!("No hint: the engine answered '{reply}'."),

    connect4_board_info: "7 columns, 6 rows: connect four to win.",
    column_empty: |n| format!("column {n}, empty"),
    column_full: |n, discs| format!("column {n}, full: {discs}"),
    column_discs: |n, k, discs| {
        if k == 1 {
            format!("column {n}, 1 disc: {discs}")
        } else {
            format!("column {n}, {k} discs: {discs}")
        }
    },
    column_is_full: |n| format!("Column {n} is full."),
    value_draw: "draw",
    value_win: |n| format!("win in {n}"),
    value_loss: |n| format!("loss in {n}"),
    value_full: "full",
    connect4_hint: |side| {
        format!("Under each column, its exact value for {side}, to move: \"win in N\" means {side} wins with its Nth disc from now whatever the reply, \"loss in N\" that the opponent wins with its Nth, \"draw\" that best play fills the board.")
    },
    connect4_hint_unknown: " ? marks a column not solved within the hint's time.",

    othello_board_info: "8x8: most discs wins.",
    discs: |black, white| format!("Discs: Black {black}, White {white}."),
    passes: |passer, mover| format!(" {passer} has no legal move and passes; {mover} moves again."),
    legal_square: |square| format!("{square}, legal move"),
    flips_nothing: |square| {
        format!("{square} flips nothing: a move must outflank at least one disc.")
    },
    othello_hint_exact: |side| {
        format!("On each legal square: the final disc difference for {side} with perfect play after that move (exact).")
    },
    othello_hint_estimate: |side| {
        format!("On each legal square: the final disc difference the engine expects for {side} after that move (an estimate; exact from 16 empty squares on).")
    },

    rules_title: "Rules of the games",
    rules_intro: "Short rules of the three games, as this app plays them.",
    rules_play: "Play",
    rules_caro: &[
        "Two players take turns putting a stone on an empty cell of the board: X moves first, then O. Stones never move and are never taken. The board is from 10x10 to 60x60 cells.",
        "The aim is a line of five stones of your own in a row: across, down or diagonally. A full board with no win is a draw. How a line of five wins depends on the rule:",
    ],
    rules_caro_caro: "Caro: five or more in a row wins, except a line of exactly five blocked by the opponent's stones at both ends. A line of six or more always wins. The edge of the board does not block.",
    rules_caro_freestyle: "Freestyle: five or more in a row wins.",
    rules_caro_standard: "Standard: exactly five in a row wins; six or more does not.",
    rules_caro_renju: &[
        "Renju: X (Black) may not make a double three (two open threes at once), a double four (two fours at once) or an overline (six or more in a row); such a move is refused. X wins only with exactly five, and a five wins even when it also makes one of those shapes.",
        "O (White) has no restriction and wins with five or more.",
    ],
    rules_connect4: &[
        "A board of 7 columns and 6 rows stands upright. Red moves first, then Yellow; a disc dropped into a column falls to the lowest empty place. A full column takes no more discs.",
        "Four discs of your colour in a row win: across, down or diagonally. A full board with no four is a draw.",
    ],
    rules_othello: &[
        "An 8x8 board starts with two black and two white discs in the middle. Black moves first.",
        "A move puts a disc of your colour so that it outflanks a straight line of the opponent's discs (across, down or diagonally) between it and another of your discs; every outflanked disc turns to your colour. A move must turn at least one disc.",
        "A side with no legal move passes; the game ends when neither side can move. The side with more discs wins; equal counts are a draw.",
    ],
    rules_this_rule: "the rule of this game",

    messages: Messages {
        unknown_type: "unknown game type '{}': expected 2-players, player-computer or computer-computer",
        unknown_level: "unknown level '{}': expected one of {}",
        unknown_side: "unknown side '{}': expected x (first) or o (second)",
        unknown_rule: "unknown rule '{}': expected caro, freestyle, standard or renju",
        unknown_game: "unknown game '{}'",
        unknown_lang: "unknown language '{}': expected one of {}",
        bad_delay: "delay '{}' must be a whole number of milliseconds from 0 to {}",
        bad_seed: "seed '{}' is not a whole number",
        bad_time: "time '{}' must be a whole number of milliseconds from {} to {}",
        rows_not_number: "rows '{}' is not a whole number (allowed: {} to {})",
        columns_not_number: "columns '{}' is not a whole number (allowed: {} to {})",
        rows_out_of_range: "rows {} is out of range (allowed: {} to {})",
        columns_out_of_range: "columns {} is out of range (allowed: {} to {})",
        board_size_range: "{t} must be between {} and {}, got {}",
        word_rows: "rows",
        word_columns: "columns",
        moves_prefix: "moves: {t}",
        position_no_move: "position: the side to move has no legal move there",
        position_prefix: "position: {t}",
        link_not_game: "the link does not open a game of this app (expected caro.html, connect4.html or othello.html, found '{}')",
        nothing_to_open: "there is nothing to open: paste a record or choose a file",
        record_board_size: "line 1: the record's board has {} {t}; this app plays {} to {}",
        not_a_cell: "move {} ('{}') is not a cell: expected column letters and a row number, like h8",
        not_a_column: "move {} ('{}') is not a column: expected a digit from 1 to 7",
        not_a_square: "move {} ('{}') is not a square: expected a file letter a..h and a rank 1..8, like d3",
        off_board: "move {} ({}) is off the {}x{} board",
        taken: "move {} ({}) is already taken",
        after_end: "move {} ({}) comes after the end: the game was over after move {}",
        forbidden: "move {} ({}) is illegal: forbidden for X under renju ({t})",
        column_full: "move {} ({}) is illegal: column {} is full",
        flips_nothing: "move {} ({}) is illegal: it flips nothing",
        move_error: "move {} ({}): {t}",
        word_double_three: "double three",
        word_double_four: "double four",
        word_overline: "overline",
        obf_short: "OBF position too short: {} board characters, expected 64 (X, O or -) then a space and the side to move",
        obf_char: "bad OBF character '{}' for square {}: expected X, O or -",
        obf_space: "OBF position: expected a space after the 64 board characters, then the side to move (X or O)",
        obf_no_side: "OBF position has no side to move: expected X (Black) or O (White) after the board",
        obf_bad_side: "bad side to move '{}' in OBF position: expected X (Black) or O (White)",
        record_empty: "the record is empty",
        record_header: "line {}: expected a Piskvork header like 'Piskvorky 15x15, 11:11, 0', found '{}'",
        record_numbers: "line {}: '{}' has {} numbers; a move is x,y or x,y,milliseconds",
        record_off_board: "line {}: {},{} is off the {}x{} board (x from 1 to {}, y from 1 to {})",
        record_move: "line {}: the move {},{} ({}): {t}",
        record_after_end: "comes after the end: the game was over after {} moves",
        record_line: "line {}: {t}",
        cell_taken: "that cell is already taken",
        cell_outside: "that cell is outside the board",
        game_over: "the game is over",
        forbidden_black: "forbidden for Black under renju: {t}",
        score_win: "win in {}",
        score_loss: "loss in {}",
        score_discs: "{} discs",
        score_wins: "wins",
        score_loses: "loses",
    },
};
