//! `caro play caro` (a game in the terminal) and `caro match` (two levels or engines against
//! each other). The match logic lives in [`arena`].

pub mod arena;

use super::{has_flag, option_value, parse_option};
use crate::caro::notation::{parse_pos, parse_size};
use crate::caro::{new_bot, Board, BotOptions, CaroBot, Level, Pos, Rule};
use crate::game::{InputError, Outcome, Side};
use crate::protocol::gomocup::default_level;
use arena::{describe_game, elo_estimate, run_match as play_match, MatchConfig, PlayerSpec};
use std::io::{BufRead, Write};
use std::time::Duration;

const PLAY_USAGE: &str = "\
usage: caro play caro [--x human|LEVEL] [--o human|LEVEL] [--rule R] [--size N|RxC]
                      [--time-ms T] [--seed S]

Plays Caro in the terminal. X moves first. Defaults: --x human, --o the strongest level,
--rule caro, --size 15 (15x15), --time-ms 1000.

Moves: a column letter and a row number, like h8 (columns a, b, ... from the left, then
aa, ab, ... past z; rows numbered from 1 at the bottom, as in printed gomoku diagrams),
or row,col counted from 0 at the top-left corner, like 7,7 (the position-string form).
Commands: undo (take back your last move and the computer's answer), exit, help.
";

const MATCH_USAGE: &str = "\
usage: caro match --a LEVEL|PATH --b LEVEL|PATH [--games N] [--rule R] [--size N|RxC]
                  [--time-ms T] [--seed S] [--openings K] [--tolerance-ms M]

Plays N games (default 10) between A and B: built-in levels, or Gomocup brain executables
(started per game and driven over the protocol). Each random opening of K stones (default 3)
near the centre is played twice with colours swapped. T is the time per move (default 1000);
an engine that has not answered after T+M ms (M default 1000) loses the game, as does any
player making an illegal move or crashing. Prints a line per game, then W-L-D and an Elo
estimate for A with its 95% margin. Default rule caro, size 15, seed random (printed).
";

/// A board size: `15` (square) or `ROWSxCOLS`.
fn parse_board_size(text: &str) -> Result<(usize, usize), InputError> {
    match text.trim().parse::<usize>() {
        Ok(n) => Ok((n, n)),
        Err(_) => parse_size(text),
    }
}

/// Who plays one colour in the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Bot(Level),
}

impl Seat {
    pub fn parse(text: &str) -> Result<Seat, InputError> {
        if text.eq_ignore_ascii_case("human") {
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

/// The letters of column `col`: a..z, then aa, ab, ... (as spreadsheets count).
pub fn column_name(col: usize) -> String {
    let mut name = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        n -= 1;
        name.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

/// `h8` style: column letters then the row number counted from 1 at the bottom.
pub fn cell_name(board: &Board, pos: Pos) -> String {
    format!("{}{}", column_name(pos.col), board.rows() - pos.row)
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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
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
                        side_name(side),
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
                        side_name(side),
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
        write!(out, "{} to move> ", side_name(side)).map_err(io)?;
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
                write!(out, "{PLAY_USAGE}").map_err(io)?;
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
pub fn play(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{PLAY_USAGE}");
        return Ok(());
    }
    check_options(
        args,
        &["--x", "--o", "--rule", "--size", "--time-ms", "--seed"],
        &[],
    )?;
    let x = Seat::parse(option_value(args, "--x")?.unwrap_or("human"))?;
    let o = match option_value(args, "--o")? {
        Some(v) => Seat::parse(v)?,
        None => Seat::Bot(default_level()),
    };
    let (rows, cols) = parse_board_size(option_value(args, "--size")?.unwrap_or("15"))?;
    let setup = PlaySetup {
        x,
        o,
        rule: parse_option(args, "--rule", Rule::Caro)?,
        rows,
        cols,
        time_ms: parse_option(args, "--time-ms", 1_000)?,
        seed: match option_value(args, "--seed")? {
            Some(v) => Some(
                v.parse()
                    .map_err(|_| InputError::new(format!("bad value '{v}' for --seed")))?,
            ),
            None => None,
        },
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    play_session(&setup, &mut input, &mut out).map(|_| ())
}

/// Refuses options not in `valued` (which take a value) or `flags`.
fn check_options(args: &[String], valued: &[&str], flags: &[&str]) -> Result<(), InputError> {
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        if valued.contains(&arg) {
            i += 2;
        } else if flags.contains(&arg) {
            i += 1;
        } else {
            return Err(InputError::new(format!(
                "unexpected argument '{arg}' (see --help)"
            )));
        }
    }
    Ok(())
}

/// `caro match`.
pub fn run_match(args: &[String]) -> Result<(), InputError> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{MATCH_USAGE}");
        return Ok(());
    }
    check_options(
        args,
        &[
            "--a",
            "--b",
            "--games",
            "--rule",
            "--size",
            "--time-ms",
            "--seed",
            "--openings",
            "--tolerance-ms",
        ],
        &[],
    )?;
    let spec = |name: &str| -> Result<PlayerSpec, InputError> {
        let value = option_value(args, name)?
            .ok_or_else(|| InputError::new(format!("match needs {name} LEVEL|PATH")))?;
        PlayerSpec::parse(value)
    };
    let mut config = MatchConfig::new(spec("--a")?, spec("--b")?);
    config.games = parse_option(args, "--games", config.games)?;
    config.rule = parse_option(args, "--rule", config.rule)?;
    let (rows, cols) = parse_board_size(option_value(args, "--size")?.unwrap_or("15"))?;
    (config.rows, config.cols) = (rows, cols);
    config.time_ms = parse_option(args, "--time-ms", config.time_ms)?;
    config.tolerance_ms = parse_option(args, "--tolerance-ms", config.tolerance_ms)?;
    config.opening_stones = parse_option(args, "--openings", config.opening_stones)?;
    config.seed = match option_value(args, "--seed")? {
        Some(v) => v
            .parse()
            .map_err(|_| InputError::new(format!("bad value '{v}' for --seed")))?,
        None => rand::random(),
    };
    println!(
        "match: A={} vs B={}, {} games, rule {}, {}x{}, {} ms a move, openings of {} stones, seed {}",
        config.a,
        config.b,
        config.games,
        config.rule,
        config.rows,
        config.cols,
        config.time_ms,
        config.opening_stones,
        config.seed
    );
    let total = config.games;
    let score = play_match(&config, &mut |n, record, score| {
        println!("{}", describe_game(n, total, &config, record));
        println!(
            "  score A-B-draws: {}-{}-{}",
            score.a_wins, score.b_wins, score.draws
        );
    })?;
    let percent = 100.0 * (score.a_wins as f64 + score.draws as f64 / 2.0) / score.games() as f64;
    println!(
        "result: A={} vs B={}: W-L-D {}-{}-{} ({percent:.1}% for A)",
        config.a, config.b, score.a_wins, score.b_wins, score.draws
    );
    if let Some(elo) = elo_estimate(score.a_wins, score.b_wins, score.draws) {
        println!("Elo of A relative to B: {elo} (95%)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
