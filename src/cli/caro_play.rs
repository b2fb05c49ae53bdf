//! `caro play caro` (a game in the terminal) and `caro match` (two levels or engines against
//! each other). The match logic lives in [`arena`].

pub mod arena;

use super::{in_range, progress::Progress};
use crate::caro::notation::{column_name, parse_pos, parse_size};
use crate::caro::{new_bot, Board, BotOptions, CaroBot, Level, Pos, Rule};
use crate::game::{InputError, Outcome, Side};
use crate::protocol::gomocup::default_level;
use arena::{
    check_openings, describe_game, elo_estimate, parse_openings, psq, run_match as play_match,
    tally_times, MatchConfig, MatchScore, PlayerSpec, Sprt, SprtDecision, ThinkTime,
};
use clap::Args;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The most thinking time a move may be given on the command line: an hour.
pub const MAX_MOVE_MS: u64 = 3_600_000;

const PLAY_HELP: &str = "\
Plays Caro in the terminal. X moves first.

Moves: a column letter and a row number, like h8 (columns a, b, ... from the left, then
aa, ab, ... past z; rows numbered from 1 at the bottom, as in printed gomoku diagrams),
or row,col counted from 0 at the top-left corner, like 7,7 (the position-string form).
Commands: undo (take back your last move and the computer's answer), exit, help.";

/// `caro play caro`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Caro (gomoku) against a level, between two levels or two people",
    long_about = PLAY_HELP
)]
pub struct PlayArgs {
    /// Who plays X (moves first): human or a level
    #[arg(long, value_name = "human|LEVEL", default_value = "human")]
    pub x: Seat,
    /// Who plays O: human or a level [default: the strongest level]
    #[arg(long, value_name = "human|LEVEL")]
    pub o: Option<Seat>,
    /// The rule: caro, freestyle, standard or renju
    #[arg(long, default_value = "caro")]
    pub rule: Rule,
    /// The board: N (square) or ROWSxCOLS, each 5 to 60 (10 to 60 in the browser)
    #[arg(long, value_name = "N|RxC", default_value = "15")]
    pub size: BoardSize,
    /// Thinking time per move in ms: Master's time, a cap for the other levels
    #[arg(long, value_name = "MS", default_value_t = 1_000, value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub time_ms: u64,
    /// Seed the bots' random choices, for a replayable game
    #[arg(long)]
    pub seed: Option<u64>,
}

/// A board size on the command line: `15` (square) or `ROWSxCOLS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    pub rows: usize,
    pub cols: usize,
}

impl FromStr for BoardSize {
    type Err = InputError;

    fn from_str(text: &str) -> Result<BoardSize, InputError> {
        let (rows, cols) = match text.trim().parse::<usize>() {
            Ok(n) => (n, n),
            Err(_) => parse_size(text)?,
        };
        // The board checks its own limits; this only gives the message early.
        Board::new(rows, cols, Rule::Freestyle)?;
        Ok(BoardSize { rows, cols })
    }
}

impl std::fmt::Display for BoardSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// Who plays one colour in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(Level),
}

impl FromStr for Seat {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Seat, InputError> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Bot(text.parse()?))
        }
    }
}

/// A terminal game's settings.
#[derive(Clone, Copy, Debug)]
pub struct PlaySetup {
    pub x: Seat,
    pub o: Seat,
    pub rule: Rule,
    pub rows: usize,
    pub cols: usize,
    pub time_ms: u64,
    pub seed: Option<u64>,
}

/// `h8` style: column letters then the row number counted from 1 at the bottom.
pub fn cell_name(board: &Board, pos: Pos) -> String {
    crate::caro::notation::cell_name(board.rows(), pos)
}

/// Reads a move typed by a person: `h8` style or `row,col`; checks it is on the board (not
/// whether it is legal now).
pub fn parse_cell(board: &Board, text: &str) -> Result<Pos, InputError> {
    let text = text.trim().to_ascii_lowercase();
    let pos = if text.contains(',') {
        parse_pos(&text)?
    } else {
        let split = text
            .find(|c: char| !c.is_ascii_lowercase())
            .unwrap_or(text.len());
        let (letters, digits) = text.split_at(split);
        let bad = || {
            InputError::new(format!(
                "'{text}' is not a move: type a column letter and a row number like h8, or row,col like 7,7"
            ))
        };
        if letters.is_empty() || letters.len() > 2 || digits.is_empty() {
            return Err(bad());
        }
        let col = letters
            .bytes()
            .fold(0usize, |acc, b| acc * 26 + (b - b'a') as usize + 1)
            - 1;
        let number: usize = digits.parse().map_err(|_| bad())?;
        if number == 0 || number > board.rows() {
            return Err(InputError::new(format!(
                "row {number} is off the board: rows go from 1 to {}",
                board.rows()
            )));
        }
        Pos::new(board.rows() - number, col)
    };
    if !board.contains(pos) {
        return Err(InputError::new(format!(
            "{} is off the {}x{} board",
            text,
            board.rows(),
            board.cols()
        )));
    }
    Ok(pos)
}

/// The board with column letters above and below and row numbers on both sides; the last
/// move is bracketed and a winning line is drawn in lower case.
pub fn render_board(board: &Board) -> String {
    let width = column_name(board.cols() - 1).len() + 1;
    let label_width = board.rows().to_string().len();
    let line = board.winning_line();
    let mut header = " ".repeat(label_width + 1);
    for col in 0..board.cols() {
        header.push_str(&format!("{:>width$}", column_name(col)));
    }
    let mut out = format!("{header}\n");
    for row in 0..board.rows() {
        let number = board.rows() - row;
        // Each cell is `width` characters: padding, then the mark. The last move's brackets
        // take the gap characters either side of its mark.
        let mut text: Vec<char> = format!("{number:>label_width$} ").chars().collect();
        let mut last_mark = None;
        for col in 0..board.cols() {
            let pos = Pos::new(row, col);
            let mut mark = match board.get(pos) {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None => '.',
            };
            if line.contains(&pos) {
                mark = mark.to_ascii_lowercase();
            }
            text.extend(std::iter::repeat_n(' ', width - 1));
            if board.last_move() == Some(pos) {
                last_mark = Some(text.len());
            }
            text.push(mark);
        }
        text.push(' ');
        if let Some(i) = last_mark {
            text[i - 1] = '[';
            text[i + 1] = ']';
        }
        let text: String = text.into_iter().collect();
        out.push_str(&format!("{text} {number}\n"));
    }
    out.push_str(&header);
    out.push('\n');
    out
}

/// Plays one terminal game reading moves from `input` and writing to `out`. Ends at the
/// game's end, on `exit`, or when the input ends. Returns the outcome if the game ended.
pub fn play_session(
    setup: &PlaySetup,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<Outcome>, InputError> {
    let io = |e: std::io::Error| InputError::new(format!("cannot write to the terminal: {e}"));
    let mut board = Board::new(setup.rows, setup.cols, setup.rule)?;
    let time = Duration::from_millis(setup.time_ms);
    let mut bots: [Option<CaroBot>; 2] = [None, None];
    for (i, seat) in [setup.x, setup.o].into_iter().enumerate() {
        if let Seat::Bot(level) = seat {
            bots[i] = Some(new_bot(
                level,
                BotOptions {
                    seed: setup.seed.map(|s| s.wrapping_add(i as u64)),
                    budget: level.budget_within(time),
                    ..BotOptions::default()
                },
            ));
        }
    }
    let seat_name = |side: Side| match [setup.x, setup.o][side.index()] {
        Seat::Human => "you".to_string(),
        Seat::Bot(level) => level.name().to_string(),
    };
    writeln!(
        out,
        "Caro, rule {}, {}x{}: X = {}, O = {}. Type help for the commands.",
        setup.rule,
        setup.rows,
        setup.cols,
        seat_name(Side::First),
        seat_name(Side::Second)
    )
    .map_err(io)?;
    let mut show = true;
    let mut line = String::new();
    loop {
        if show {
            write!(out, "\n{}", render_board(&board)).map_err(io)?;
        }
        show = true;
        if let Some(outcome) = board.outcome() {
            let text = match outcome {
                Outcome::Win(side) => {
                    let cells = board.winning_line();
                    format!(
                        "{} ({}) wins with {} from {} to {}.",
                        side.name(),
                        seat_name(side),
                        cells.len(),
                        cell_name(&board, cells[0]),
                        cell_name(&board, cells[cells.len() - 1])
                    )
                }
                Outcome::Draw => "Draw: the board is full.".to_string(),
            };
            writeln!(out, "{text}").map_err(io)?;
            return Ok(Some(outcome));
        }
        let side = board.to_move();
        if let Some(bot) = bots[side.index()].as_mut() {
            match bot.choose_move(&board) {
                Some(pos) => match board.play(pos) {
                    Ok(()) => writeln!(
                        out,
                        "{} ({}) plays {}",
                        side.name(),
                        seat_name(side),
                        cell_name(&board, pos)
                    )
                    .map_err(io)?,
                    Err(e) => {
                        return Err(InputError::new(format!(
                            "the {} bot chose an illegal move: {e}",
                            seat_name(side)
                        )))
                    }
                },
                None => return Err(InputError::new("the bot found no move")),
            }
            continue;
        }
        write!(out, "{} to move> ", side.name()).map_err(io)?;
        out.flush().map_err(io)?;
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) => {
                writeln!(out, "\ninput ended; bye").map_err(io)?;
                return Ok(None);
            }
            Ok(_) => {}
            Err(e) => return Err(InputError::new(format!("cannot read input: {e}"))),
        }
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => show = false,
            "exit" | "quit" => {
                writeln!(out, "bye").map_err(io)?;
                return Ok(None);
            }
            "help" | "?" => {
                writeln!(out, "{PLAY_HELP}").map_err(io)?;
                show = false;
            }
            "undo" => {
                if board.undo().is_none() {
                    writeln!(out, "nothing to undo").map_err(io)?;
                    show = false;
                }
                // Take back the computer's answers too, so that a person moves next.
                while bots[board.to_move().index()].is_some() && board.undo().is_some() {}
            }
            _ => match parse_cell(&board, text) {
                Ok(pos) => {
                    if let Err(e) = board.play(pos) {
                        writeln!(out, "cannot play {}: {e}", cell_name(&board, pos)).map_err(io)?;
                        show = false;
                    } else if !board.is_over() && bots[board.to_move().index()].is_some() {
                        // The board is shown once the computer has answered.
                        show = false;
                    }
                }
                Err(e) => {
                    writeln!(out, "{e}").map_err(io)?;
                    show = false;
                }
            },
        }
    }
}

/// `caro play caro`.
pub fn play(args: &PlayArgs) -> Result<(), InputError> {
    let setup = PlaySetup {
        x: args.x,
        o: args.o.unwrap_or(Seat::Bot(default_level())),
        rule: args.rule,
        rows: args.size.rows,
        cols: args.size.cols,
        time_ms: args.time_ms,
        seed: args.seed,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    play_session(&setup, &mut input, &mut out).map(|_| ())
}

const MATCH_HELP: &str = "\
Plays games between A and B: built-in levels, or Gomocup brain executables (started per game
and driven over the protocol, with INFO timeout_turn). Each opening is played twice with
colours swapped: random balanced openings of K stones near the centre, or the lines of
--openings-file in turn. An engine that has not answered after its time plus M ms loses the
game, as does any player making an illegal move or crashing (the message says which).
Prints a line per game, then W-L-D and the Elo of A over B with its 95% margin. With --sprt
the match stops as soon as the test decides (alpha = beta = 0.05), --games being then the
most it plays.

An openings file has one opening a line: stones x,y;x,y;... in Gomocup coordinates (x the
column from the left, y the row from the top, both from 0), Black first, colours
alternating; # starts a comment.";

/// `caro match`.
#[derive(Args, Debug, Clone)]
#[command(
    about = "Play two Caro levels or Gomocup engines against each other",
    long_about = MATCH_HELP
)]
pub struct MatchArgs {
    /// Player A: a level, or the path of a Gomocup brain (with its arguments in the same word)
    #[arg(long, value_name = "LEVEL|PATH")]
    pub a: PlayerSpec,
    /// Player B, as A
    #[arg(long, value_name = "LEVEL|PATH")]
    pub b: PlayerSpec,
    /// Games to play [default: 10; twice the openings of --openings-file; with --sprt, 20000
    /// at most]
    #[arg(long, value_name = "N", value_parser = in_range(1usize, 1_000_000))]
    pub games: Option<usize>,
    /// The rule: caro, freestyle, standard or renju
    #[arg(long, default_value = "caro")]
    pub rule: Rule,
    /// The board: N (square) or ROWSxCOLS
    #[arg(long, value_name = "N|RxC", default_value = "15")]
    pub size: BoardSize,
    /// Thinking time per move in ms for both sides (a level's cap, an engine's timeout_turn)
    #[arg(long, value_name = "T", default_value_t = 1_000, value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub time_ms: u64,
    /// A's time per move in ms, for time-odds runs [default: --time-ms]
    #[arg(long, value_name = "T", value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub time_a: Option<u64>,
    /// B's time per move in ms [default: --time-ms]
    #[arg(long, value_name = "T", value_parser = in_range(1u64, MAX_MOVE_MS))]
    pub time_b: Option<u64>,
    /// A match clock: each player's thinking time for a whole game in ms, as Gomocup's
    /// timeout_match (engines are told it, and their time_left before each move); a player
    /// whose moves add up to more loses the game [default: none]
    #[arg(long, value_name = "G", value_parser = in_range(1u64, 24 * MAX_MOVE_MS))]
    pub match_ms: Option<u64>,
    /// Seed of the openings and the levels' random choices [default: random, printed]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Stones in each random opening (0: every game starts on an empty board)
    #[arg(long, value_name = "K", default_value_t = 3, value_parser = in_range(0usize, 200))]
    pub openings: usize,
    /// Play these openings (one a line, see below) instead of random ones, in turn
    #[arg(long, value_name = "FILE")]
    pub openings_file: Option<PathBuf>,
    /// Games played at once, each on a thread of its own (one engine process or level per
    /// game)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = in_range(1usize, 64))]
    pub concurrency: usize,
    /// Stop when a sequential probability ratio test between these Elo differences of A over
    /// B decides
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<Sprt>,
    /// Write each game to this directory as a Piskvork file (game-0001.psq, ...)
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// The grace an engine gets beyond its time before it loses on time
    #[arg(long, value_name = "M", default_value_t = 1_000, value_parser = in_range(0u64, MAX_MOVE_MS))]
    pub tolerance_ms: u64,
}

impl FromStr for PlayerSpec {
    type Err = InputError;

    fn from_str(text: &str) -> Result<PlayerSpec, InputError> {
        PlayerSpec::parse(text)
    }
}

/// `caro match`.
pub fn run_match(args: &MatchArgs) -> Result<(), InputError> {
    let mut config = MatchConfig::new(args.a.clone(), args.b.clone());
    config.rule = args.rule;
    (config.rows, config.cols) = (args.size.rows, args.size.cols);
    config.time_ms = args.time_ms;
    config.time_a_ms = args.time_a;
    config.time_b_ms = args.time_b;
    config.match_ms = args.match_ms;
    config.tolerance_ms = args.tolerance_ms;
    config.opening_stones = args.openings;
    config.concurrency = args.concurrency;
    config.sprt = args.sprt;
    config.seed = args.seed.unwrap_or_else(rand::random);
    let mut openings_text = format!("random openings of {} stones", config.opening_stones);
    if let Some(path) = &args.openings_file {
        let name = path.display();
        let text = super::lines::read_text(path)?;
        let openings =
            parse_openings(&text).map_err(|e| InputError::new(format!("{name}: {e}")))?;
        let empty = Board::new(config.rows, config.cols, config.rule)?;
        check_openings(&openings, &empty).map_err(|e| InputError::new(format!("{name}: {e}")))?;
        openings_text = format!("{} openings from {name}", openings.len());
        config.openings = Some(openings);
    }
    config.games = match (args.games, &config.openings, &config.sprt) {
        (Some(n), _, _) => n,
        (None, _, Some(_)) => 20_000,
        (None, Some(openings), None) => 2 * openings.len(),
        (None, None, None) => 10,
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).map_err(|e| {
            InputError::new(format!("cannot make the directory {}: {e}", dir.display()))
        })?;
    }
    let mut times = if config.time_a() == config.time_b() {
        format!("{} ms a move", config.time_a())
    } else {
        format!(
            "{} ms a move for A, {} for B",
            config.time_a(),
            config.time_b()
        )
    };
    if let Some(total) = config.match_ms {
        times.push_str(&format!(" and {total} ms a game each"));
    }
    println!(
        "match: A={} vs B={}, {} games, rule {}, {}x{}, {times}, {openings_text}, seed {}{}",
        config.a,
        config.b,
        config.games,
        config.rule,
        config.rows,
        config.cols,
        config.seed,
        if config.concurrency > 1 {
            format!(", {} at once", config.concurrency)
        } else {
            String::new()
        }
    );
    if let Some(sprt) = &config.sprt {
        println!(
            "SPRT: H0 elo {} vs H1 elo {}, alpha {} beta {}, LLR bounds {:.2} {:.2}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.lower(),
            sprt.upper()
        );
    }
    let total = config.games;
    let mut progress = Progress::new("games", Some(total as u64));
    let mut write_error = None;
    let mut times = [ThinkTime::default(); 2];
    // A's wins, losses and draws with X (the first player) and with O.
    let mut by_colour = [MatchScore::default(); 2];
    let score = play_match(&config, &mut |_, record, score| {
        tally_times(record, &mut times);
        by_colour[usize::from(record.a_side != Side::First)].add(record.result);
        progress.println(&describe_game(total, &config, record));
        let mut line = format!(
            "  score A-B-draws: {}-{}-{}",
            score.a_wins, score.b_wins, score.draws
        );
        if let Some(sprt) = &config.sprt {
            line.push_str(&format!(
                "  LLR {:.2} ({:.2}, {:.2})",
                sprt.llr(score),
                sprt.lower(),
                sprt.upper()
            ));
        }
        progress.println(&line);
        progress.inc(1);
        progress.set_message(format!(
            "A-B-draws {}-{}-{}",
            score.a_wins, score.b_wins, score.draws
        ));
        if let Some(dir) = &args.records {
            let (x, o) = if record.a_side == Side::First {
                (config.a.to_string(), config.b.to_string())
            } else {
                (config.b.to_string(), config.a.to_string())
            };
            let path = dir.join(format!("game-{:04}.psq", record.number));
            if let Err(e) = std::fs::write(&path, psq(record, &x, &o)) {
                write_error.get_or_insert(format!("cannot write {}: {e}", path.display()));
            }
        }
    });
    progress.finish();
    let score = score?;
    if let Some(e) = write_error {
        return Err(InputError::new(e));
    }
    let percent = score.percent().unwrap_or(0.0);
    println!(
        "result: A={} vs B={}: W-L-D {}-{}-{} ({percent:.1}% for A)",
        config.a, config.b, score.a_wins, score.b_wins, score.draws
    );
    println!(
        "by colour: A as X {}; as O {}",
        colour_text(&by_colour[0]),
        colour_text(&by_colour[1])
    );
    let p = score.pairs;
    println!(
        "pairs (A's points 0, 1/2, 1, 3/2, 2): {} {} {} {} {}",
        p[0], p[1], p[2], p[3], p[4]
    );
    let [a, b] = times;
    println!(
        "time a move: A {} ms on average, {} at most; B {} ms on average, {} at most",
        a.mean_ms(),
        a.max_ms,
        b.mean_ms(),
        b.max_ms
    );
    if let Some(elo) = elo_estimate(score.a_wins, score.b_wins, score.draws) {
        println!("Elo of A relative to B: {elo} (95%)");
    }
    if let Some(sprt) = &config.sprt {
        let verdict = match sprt.decision(&score) {
            Some(SprtDecision::AcceptH1) => {
                format!("H1 accepted: A is at least {} Elo better", sprt.elo1)
            }
            Some(SprtDecision::AcceptH0) => {
                format!("H0 accepted: A is not {} Elo better", sprt.elo1)
            }
            None => "no decision within the games played".to_string(),
        };
        println!(
            "SPRT: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
            sprt.llr(&score),
            sprt.lower(),
            sprt.upper()
        );
    }
    Ok(())
}

/// One colour's W-L-D and A's share of the points, for the result's by-colour line.
fn colour_text(score: &MatchScore) -> String {
    let counts = format!("W-L-D {}-{}-{}", score.a_wins, score.b_wins, score.draws);
    match score.percent() {
        Some(percent) => format!("{counts} ({percent:.1}%)"),
        None => counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colours_line_gives_its_counts_and_share() {
        let score = |a_wins, b_wins, draws| MatchScore {
            a_wins,
            b_wins,
            draws,
            ..MatchScore::default()
        };
        assert_eq!(colour_text(&score(10, 40, 0)), "W-L-D 10-40-0 (20.0%)");
        assert_eq!(colour_text(&score(1, 0, 1)), "W-L-D 1-0-1 (75.0%)");
        assert_eq!(colour_text(&score(0, 0, 0)), "W-L-D 0-0-0");
    }

    #[test]
    fn column_names_go_past_z_like_a_spreadsheet() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(59), "bh");
    }

    #[test]
    fn cells_are_read_as_letter_number_or_row_col() {
        let board = Board::new(15, 15, Rule::Caro).unwrap();
        assert_eq!(parse_cell(&board, "h8").unwrap(), Pos::new(7, 7));
        assert_eq!(parse_cell(&board, " H8 ").unwrap(), Pos::new(7, 7));
        assert_eq!(parse_cell(&board, "a1").unwrap(), Pos::new(14, 0));
        assert_eq!(parse_cell(&board, "o15").unwrap(), Pos::new(0, 14));
        assert_eq!(parse_cell(&board, "7,7").unwrap(), Pos::new(7, 7));
        for bad in ["h0", "h16", "p1", "8", "h", "h8x", "15,0", "", "abc1"] {
            assert!(parse_cell(&board, bad).is_err(), "{bad}");
        }
        let big = Board::new(60, 60, Rule::Caro).unwrap();
        assert_eq!(parse_cell(&big, "bh1").unwrap(), Pos::new(59, 59));
        assert_eq!(cell_name(&big, Pos::new(0, 26)), "aa60");
    }

    #[test]
    fn the_board_marks_the_last_move_and_the_winning_line() {
        let mut board = Board::new(6, 6, Rule::Freestyle).unwrap();
        for (r, c) in [
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (0, 2),
            (1, 2),
            (0, 3),
            (1, 3),
            (0, 4),
        ] {
            board.play(Pos::new(r, c)).unwrap();
        }
        let text = render_board(&board);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].trim(), "a b c d e f");
        assert_eq!(lines[1], "6  x x x x[x].  6");
        assert_eq!(lines[2], "5  O O O O . .  5");
    }
}
