//! Game settings as they travel in a page URL: parsed, checked and written back.
//!
//! The original article's query string `caro.html?type=...&rows=...&columns=...` still works;
//! the extra choices are extra parameters with defaults. Parsing never fails outright: a bad
//! value is reported and replaced by its default, so the home page can show what was wrong
//! with the rest filled in.

pub use crate::caro::Level;
use crate::caro::Rule;
use crate::game::{GameLevel, InputError, Side};

/// The web app's board sizes: the engine allows smaller boards, the app does not.
pub const MIN_WEB_SIDE: usize = 10;
pub const MAX_WEB_SIDE: usize = 60;
/// The sizes the home page offers; any whole number in range works through the URL.
pub const OFFERED_SIDES: [usize; 8] = [10, 15, 19, 20, 30, 40, 50, 60];
pub const DEFAULT_SIDE: usize = 15;
pub const DEFAULT_DELAY_MS: u32 = 400;
pub const MAX_DELAY_MS: u32 = 10_000;
/// The thinking times a page accepts (`time=` in milliseconds).
pub const THINK_MS_RANGE: std::ops::RangeInclusive<u32> = 100..=60_000;
/// The thinking times the home page offers (the URL takes any in [`THINK_MS_RANGE`]).
pub const OFFERED_THINK_MS: [u32; 5] = [500, 1_000, 3_000, 10_000, 30_000];

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    TwoPlayers,
    PlayerComputer,
    ComputerComputer,
}

impl Mode {
    pub const ALL: [Mode; 3] = [
        Mode::TwoPlayers,
        Mode::PlayerComputer,
        Mode::ComputerComputer,
    ];

    /// The original article's `type` values.
    pub fn name(self) -> &'static str {
        match self {
            Mode::TwoPlayers => "2-players",
            Mode::PlayerComputer => "player-computer",
            Mode::ComputerComputer => "computer-computer",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Mode::TwoPlayers => "Two players",
            Mode::PlayerComputer => "Player vs computer",
            Mode::ComputerComputer => "Computer vs computer",
        }
    }

    pub fn parse(s: &str) -> Result<Mode, InputError> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| {
                InputError::new(format!(
                "unknown game type '{s}': expected 2-players, player-computer or computer-computer"
            ))
            })
    }
}

/// Settings of a game page without board choices (Connect Four, Othello).
pub fn players_from_query<L: GameLevel>(
    pairs: &[(String, String)],
) -> (Players<L>, Vec<InputError>) {
    let mut errors = Vec::new();
    let players = Players::from_query(pairs, &mut errors);
    (players, errors)
}

/// Who plays, for any game: the mode, the bots' levels, the human's side, the pace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players<L> {
    pub mode: Mode,
    /// The computer's level for the first and for the second player (only the bot sides'
    /// levels matter).
    pub levels: [L; 2],
    /// The human's side in player-computer.
    pub human: Side,
    /// Pause between bot moves in computer-computer, in milliseconds.
    pub delay_ms: u32,
    /// Fixes the bots' random choices, for reproducible games.
    pub seed: Option<u64>,
    /// Thinking time per move of the levels that plan by the clock (Caro Master, Othello
    /// Strong, Connect Four Perfect's budget before its fallback); `None`: their default.
    pub think_ms: Option<u32>,
}

impl<L: GameLevel> Default for Players<L> {
    fn default() -> Players<L> {
        Players {
            mode: Mode::PlayerComputer,
            levels: [L::default_level(); 2],
            human: Side::First,
            delay_ms: DEFAULT_DELAY_MS,
            seed: None,
            think_ms: None,
        }
    }
}

impl<L: GameLevel> Players<L> {
    /// Reads the keys every game shares (`type`, `level`, `level_x`, `level_o`, `human`,
    /// `delay`, `seed`, `time`). Other keys are left to the caller; a bad value is reported and its
    /// default kept.
    pub fn from_query(pairs: &[(String, String)], errors: &mut Vec<InputError>) -> Players<L> {
        let mut s = Players::default();
        let mut keep = |r: Result<(), InputError>| {
            if let Err(e) = r {
                errors.push(e);
            }
        };
        let mut common_level = None;
        for (key, value) in pairs {
            match key.as_str() {
                "type" => keep(Mode::parse(value).map(|m| s.mode = m)),
                "level" => keep(L::parse_name(value).map(|l| common_level = Some(l))),
                "level_x" => keep(L::parse_name(value).map(|l| s.levels[0] = l)),
                "level_o" => keep(L::parse_name(value).map(|l| s.levels[1] = l)),
                "human" => keep(parse_side(value).map(|side| s.human = side)),
                "delay" => keep(
                    value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&d| d <= MAX_DELAY_MS)
                        .map(|d| s.delay_ms = d)
                        .ok_or_else(|| {
                            InputError::new(format!(
                                "delay '{value}' must be a whole number of milliseconds from 0 to {MAX_DELAY_MS}"
                            ))
                        }),
                ),
                "seed" => keep(
                    value
                        .trim()
                        .parse::<u64>()
                        .map(|n| s.seed = Some(n))
                        .map_err(|_| InputError::new(format!("seed '{value}' is not a whole number"))),
                ),
                "time" => keep(
                    value
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|t| THINK_MS_RANGE.contains(t))
                        .map(|t| s.think_ms = Some(t))
                        .ok_or_else(|| {
                            InputError::new(format!(
                                "time '{value}' must be a whole number of milliseconds from {} to {}",
                                THINK_MS_RANGE.start(),
                                THINK_MS_RANGE.end()
                            ))
                        }),
                ),
                _ => {}
            }
        }
        // `level` is the computer's level in player-computer; in computer-computer it sets
        // both bots unless a valid `level_x` / `level_o` says otherwise (a bad one is
        // reported above and falls back to `level`, not to the default).
        if let Some(level) = common_level {
            let valid = |key: &str| {
                pairs
                    .iter()
                    .any(|(k, v)| k == key && L::parse_name(v).is_ok())
            };
            if !valid("level_x") {
                s.levels[0] = level;
            }
            if !valid("level_o") {
                s.levels[1] = level;
            }
        }
        s
    }

    /// The query pairs (`&key=value` each) that [`Players::from_query`] reads back.
    pub fn to_query(&self) -> String {
        let mut q = format!("type={}", self.mode.name());
        match self.mode {
            Mode::TwoPlayers => {}
            Mode::PlayerComputer => {
                let bot = self.human.opponent();
                q += &format!(
                    "&level={}&human={}",
                    self.levels[bot.index()].name(),
                    side_name(self.human)
                );
            }
            Mode::ComputerComputer => {
                q += &format!(
                    "&level_x={}&level_o={}&delay={}",
                    self.levels[0].name(),
                    self.levels[1].name(),
                    self.delay_ms
                );
            }
        }
        if let Some(ms) = self.think_ms {
            if self.mode != Mode::TwoPlayers {
                q += &format!("&time={ms}");
            }
        }
        if let Some(seed) = self.seed {
            q += &format!("&seed={seed}");
        }
        q
    }

    /// Whether `side` is played by the computer.
    pub fn is_bot(&self, side: Side) -> bool {
        match self.mode {
            Mode::TwoPlayers => false,
            Mode::PlayerComputer => side != self.human,
            Mode::ComputerComputer => true,
        }
    }
}

/// Everything that decides a Caro game on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaroSettings {
    pub players: Players<Level>,
    pub rows: usize,
    pub cols: usize,
    pub rule: Rule,
}

impl Default for CaroSettings {
    fn default() -> CaroSettings {
        CaroSettings {
            players: Players::default(),
            rows: DEFAULT_SIDE,
            cols: DEFAULT_SIDE,
            rule: Rule::Caro,
        }
    }
}

fn parse_side_length(what: &str, value: &str) -> Result<usize, InputError> {
    let n: usize = value.trim().parse().map_err(|_| {
        InputError::new(format!(
            "{what} '{value}' is not a whole number (allowed: {MIN_WEB_SIDE} to {MAX_WEB_SIDE})"
        ))
    })?;
    if (MIN_WEB_SIDE..=MAX_WEB_SIDE).contains(&n) {
        Ok(n)
    } else {
        Err(InputError::new(format!(
            "{what} {n} is out of range (allowed: {MIN_WEB_SIDE} to {MAX_WEB_SIDE})"
        )))
    }
}

/// The human's side: `x` (or `first`, `black`, `red`) moves first, `o` (or `second`, `white`, `yellow`)
/// second; any case.
pub fn parse_side(value: &str) -> Result<Side, InputError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "x" | "first" | "black" | "red" => Ok(Side::First),
        "o" | "second" | "white" | "yellow" => Ok(Side::Second),
        _ => Err(InputError::new(format!(
            "unknown side '{value}': expected x (first) or o (second)"
        ))),
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "x",
        Side::Second => "o",
    }
}

impl CaroSettings {
    /// Reads settings from URL query pairs. Unknown keys are ignored; a bad value is
    /// reported and its default kept.
    pub fn from_query(pairs: &[(String, String)]) -> (CaroSettings, Vec<InputError>) {
        let mut errors = Vec::new();
        let mut s = CaroSettings {
            players: Players::from_query(pairs, &mut errors),
            ..CaroSettings::default()
        };
        for (key, value) in pairs {
            let result = match key.as_str() {
                "rows" => parse_side_length("rows", value).map(|n| s.rows = n),
                "columns" => parse_side_length("columns", value).map(|n| s.cols = n),
                "rule" => value.parse().map(|r| s.rule = r),
                _ => Ok(()),
            };
            if let Err(e) = result {
                errors.push(e);
            }
        }
        (s, errors)
    }

    /// The query string (without `?`) that [`CaroSettings::from_query`] reads back.
    pub fn to_query(&self) -> String {
        let players = self.players.to_query();
        // `type` first, then the original's `rows` and `columns`, as in the article's URLs.
        let (mode, rest) = players.split_once('&').unwrap_or((&players, ""));
        let mut q = format!(
            "{mode}&rows={}&columns={}&rule={}",
            self.rows,
            self.cols,
            self.rule.name()
        );
        if !rest.is_empty() {
            q.push('&');
            q.push_str(rest);
        }
        q
    }
}

/// Splits a URL query (`?a=1&b=x%20y`, the `?` optional) into decoded pairs.
/// Malformed escapes are kept as written rather than rejected.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            (decode_component(k), decode_component(v))
        })
        .collect()
}

/// Percent-decoding with `+` as a space, as in form-encoded query strings.
pub fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                // Two hex digits exactly: `from_str_radix` alone would take `+4` as 4.
                let hex = hex.filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encodes everything but unreserved characters.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The `moves=` parameter: the game so far in the game's notation (Caro `h8i9h9`,
/// Connect Four `4453`, Othello `f5d6c3`), if the URL has one.
pub fn moves_param(pairs: &[(String, String)]) -> Option<&str> {
    pairs
        .iter()
        .find(|(k, _)| k == "moves")
        .map(|(_, v)| v.as_str())
}

/// Writes `moves=` after a page's settings query (nothing for an empty game).
pub fn with_moves(settings_query: &str, moves: &str) -> String {
    if moves.is_empty() {
        settings_query.to_string()
    } else {
        format!("{settings_query}&moves={}", encode_component(moves))
    }
}

fn moves_error(e: InputError) -> InputError {
    InputError::new(format!("moves: {e}"))
}

impl CaroSettings {
    /// The game a `moves=` string gives on this board under this rule, or the first bad
    /// move and why.
    pub fn replay(&self, moves: &str) -> Result<crate::caro::Board, InputError> {
        crate::caro::notation::replay_moves(self.rows, self.cols, self.rule, moves)
            .map_err(moves_error)
    }
}

/// The Connect Four game a `moves=` string gives, or the first bad move and why.
pub fn connect4_replay(moves: &str) -> Result<crate::connect4::Position, InputError> {
    crate::connect4::Position::parse(moves).map_err(moves_error)
}

/// Everything that decides an Othello game on the page: the players and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloSettings {
    pub players: Players<crate::othello::Level>,
    /// `position=` (OBF), for studying an endgame; the standard start otherwise.
    pub start: crate::othello::Position,
}

impl OthelloSettings {
    /// Reads the players and `position=`; a bad value is reported and its default kept.
    pub fn from_query(pairs: &[(String, String)]) -> (OthelloSettings, Vec<InputError>) {
        let (players, mut errors) = players_from_query(pairs);
        let mut start = crate::othello::Position::start();
        if let Some((_, text)) = pairs.iter().find(|(k, _)| k == "position") {
            match crate::othello::parse_obf(text) {
                Ok(p) if p.must_pass() => errors.push(InputError::new(
                    "position: the side to move has no legal move there",
                )),
                Ok(p) => start = p,
                Err(e) => errors.push(InputError::new(format!("position: {e}"))),
            }
        }
        (OthelloSettings { players, start }, errors)
    }

    /// The query that [`OthelloSettings::from_query`] reads back.
    pub fn to_query(&self) -> String {
        let mut q = self.players.to_query();
        if self.start != crate::othello::Position::start() {
            q += &format!(
                "&position={}",
                encode_component(&crate::othello::format_obf(&self.start))
            );
        }
        q
    }

    /// The game a `moves=` string gives from this start, or the first bad move and why.
    pub fn replay(&self, moves: &str) -> Result<crate::othello::notation::Replay, InputError> {
        crate::othello::notation::replay_moves(self.start, moves).map_err(moves_error)
    }
}

/// The games' pages, by the id that names them in URLs (`caro.html`, ...).
pub const GAME_PAGES: [&str; 3] = ["caro", "connect4", "othello"];

/// Reads a pasted link to one of the app's games (`.../othello.html?type=...&moves=...`):
/// the game's id and its query, checked as the page would check it. `None` when the text
/// is not a link.
pub fn import_link(text: &str) -> Option<Result<(&'static str, String), InputError>> {
    let text = text.trim();
    let (path, query) = text.split_once('?')?;
    if text.contains(char::is_whitespace) {
        return None;
    }
    let file = path.rsplit('/').next().unwrap_or("");
    let Some(game) = GAME_PAGES.into_iter().find(|g| file == format!("{g}.html")) else {
        return Some(Err(InputError::new(format!(
            "the link does not open a game of this app (expected caro.html, connect4.html or othello.html, found '{file}')"
        ))));
    };
    let pairs = parse_query(query);
    let moves = moves_param(&pairs).unwrap_or("");
    let checked = match game {
        "caro" => {
            let (s, errors) = CaroSettings::from_query(&pairs);
            first_error(errors).and_then(|()| s.replay(moves).map(|_| s.to_query()))
        }
        "connect4" => {
            let (p, errors) = players_from_query::<crate::connect4::Level>(&pairs);
            first_error(errors).and_then(|()| connect4_replay(moves).map(|_| p.to_query()))
        }
        _ => {
            let (s, errors) = OthelloSettings::from_query(&pairs);
            first_error(errors).and_then(|()| s.replay(moves).map(|_| s.to_query()))
        }
    };
    Some(checked.map(|query| (game, with_moves(&query, moves))))
}

fn first_error(errors: Vec<InputError>) -> Result<(), InputError> {
    match errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What a record pasted or opened on the Caro page opens: a link, a Piskvork `.psq`
/// record (its board size, the page's rule) or a move string on the page's board. Returns
/// the game page and query that show it, or what is wrong with the record.
pub fn import_caro(
    current: &CaroSettings,
    text: &str,
) -> Result<(&'static str, String), InputError> {
    if let Some(link) = import_link(text) {
        return link;
    }
    if text.trim().is_empty() {
        return Err(InputError::new(
            "there is nothing to open: paste a record or choose a file",
        ));
    }
    if crate::caro::record::is_psq(text) {
        let board = crate::caro::record::replay_psq(text, current.rule)?;
        for (what, n) in [("rows", board.rows()), ("columns", board.cols())] {
            if !(MIN_WEB_SIDE..=MAX_WEB_SIDE).contains(&n) {
                return Err(InputError::new(format!(
                    "line 1: the record's board has {n} {what}; this app plays {MIN_WEB_SIDE} to {MAX_WEB_SIDE}"
                )));
            }
        }
        let settings = CaroSettings {
            rows: board.rows(),
            cols: board.cols(),
            ..current.clone()
        };
        let moves = crate::caro::notation::format_moves(&board);
        return Ok(("caro", with_moves(&settings.to_query(), &moves)));
    }
    let board = current.replay(text.trim())?;
    let moves = crate::caro::notation::format_moves(&board);
    Ok(("caro", with_moves(&current.to_query(), &moves)))
}

/// What a record pasted or opened on the Connect Four page opens: a link or a move string.
pub fn import_connect4(
    current: &Players<crate::connect4::Level>,
    text: &str,
) -> Result<(&'static str, String), InputError> {
    if let Some(link) = import_link(text) {
        return link;
    }
    if text.trim().is_empty() {
        return Err(InputError::new(
            "there is nothing to open: paste a record or choose a file",
        ));
    }
    let position = connect4_replay(text)?;
    Ok((
        "connect4",
        with_moves(&current.to_query(), &position.to_string()),
    ))
}

/// What a record pasted or opened on the Othello page opens: a link or a transcript from
/// the page's start position.
pub fn import_othello(
    current: &OthelloSettings,
    text: &str,
) -> Result<(&'static str, String), InputError> {
    if let Some(link) = import_link(text) {
        return link;
    }
    if text.trim().is_empty() {
        return Err(InputError::new(
            "there is nothing to open: paste a record or choose a file",
        ));
    }
    let replay = current.replay(text)?;
    let squares: Vec<_> = replay.moves.iter().map(|&(s, _)| s).collect();
    let moves = crate::othello::notation::format_moves(&squares);
    Ok(("othello", with_moves(&current.to_query(), &moves)))
}
