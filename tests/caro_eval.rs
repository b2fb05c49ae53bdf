//! The evaluation: its incremental sums (pair values, combinations, threat classes) equal a
//! from-scratch count after any moves and undos (every rule, square and rectangular boards),
//! the hand-set pair values are the pattern values and the tempo, the weights file is
//! checked on load, and a network whose view is tied by the board's symmetries judges a
//! square board the same turned or mirrored.

use caro::caro::eval::{PAIRS, TEMPO};
use caro::caro::net::{self, Conv, Net};
use caro::caro::patterns::{self, B4, F3, LEVELS};
use caro::caro::position::Position;
use caro::caro::threats::ThreatSearch;
use caro::caro::weights::{self, RuleWeights, Weights, COMBOS, MASKS};
use caro::caro::{eval, Board, Pos, Rule};
use caro::game::Side;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Weights with every entry different, so a miscounted cell shows; with `threats` false
/// every threat value is zero (the engine then keeps the combinations' values by key and no
/// threat classes).
fn random_weights(seed: u64, threats: bool) -> &'static RuleWeights {
    let mut rng = StdRng::seed_from_u64(seed);
    let w = RuleWeights::zero();
    let mut combo = w.combo().clone();
    let mut threat = w.threat().clone();
    let filled = if threats { &mut threat[..] } else { &mut [] };
    for table in combo.iter_mut().chain(filled) {
        for v in table.iter_mut() {
            *v = rng.random_range(-500..500);
        }
    }
    let pair = std::array::from_fn(|_| rng.random_range(-500..500));
    let w = RuleWeights::new(combo, threat, pair);
    assert!(w.corrects_combos());
    assert_eq!(w.corrects_threats(), threats);
    Box::leak(Box::new(w))
}

/// A network with random weights (embeddings up to a third of an input's full range each);
/// with `by_colour`, X's and O's combinations have embeddings of their own.
fn random_net(seed: u64, by_colour: bool) -> Net {
    let mut rng = StdRng::seed_from_u64(seed);
    let q = net::QA as i16 / 3;
    let embeddings = if by_colour { 2 * COMBOS } else { COMBOS };
    let embed = (0..embeddings)
        .map(|_| std::array::from_fn(|_| rng.random_range(-q..=q)))
        .collect();
    let bias = std::array::from_fn(|_| rng.random_range(-q..=q));
    let mut f = || rng.random_range(-1.0f32..1.0);
    let hidden = std::array::from_fn(|_| std::array::from_fn(|_| f()));
    let hidden_bias = std::array::from_fn(|_| f());
    let out = std::array::from_fn(|_| f());
    Net::new(embed, bias, hidden, hidden_bias, out, f())
}

/// A random view of the cells' neighbourhoods, its values small enough that many cells'
/// kernel outputs fall inside the clip and many outside.
fn random_conv(seed: u64) -> Conv {
    let mut rng = StdRng::seed_from_u64(seed ^ 0xC0);
    let t = net::QT as i16 / 2;
    let k = net::QK as i16;
    let table = (0..net::CODES)
        .map(|_| std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-t..=t))))
        .collect();
    let kernel = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-k..=k)));
    let hidden = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-1.0..1.0)));
    Conv::new(table, kernel, hidden).unwrap()
}

/// A random reading of the lines' shapes, its values small enough that many cells' sums
/// fall inside the clip and many outside.
fn random_keys(seed: u64) -> net::Keys {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5A);
    let q = net::QL as i16 / 2;
    let table = (0..net::SHAPES)
        .map(|_| std::array::from_fn(|_| rng.random_range(-q..=q)))
        .collect();
    let hidden = std::array::from_fn(|_| std::array::from_fn(|_| rng.random_range(-1.0..1.0)));
    net::Keys::new(table, hidden).unwrap()
}

/// [`random_weights`] with a random network (with `conv`, one with a view; with `shapes`
/// too, one that reads the lines' shapes).
fn random_weights_with_net(
    seed: u64,
    threats: bool,
    by_colour: bool,
    (conv, shapes): (bool, bool),
) -> &'static RuleWeights {
    let mut w = random_weights(seed, threats).clone();
    let view = conv.then(|| random_conv(seed));
    let keys = (conv && shapes).then(|| random_keys(seed));
    w.set_net(Some(
        random_net(seed, by_colour).with_conv(view).with_keys(keys),
    ));
    Box::leak(Box::new(w))
}

/// The lines' shapes' sums of clipped lanes ([`net::KeySums`]: X to move, X not to move, O
/// to move, O not to move), counted cell by cell from the cells read off the board (all zero
/// without shapes).
fn shapes_from_scratch(pos: &Position, w: &RuleWeights) -> net::KeySums {
    let mut sums = [0; 4 * net::KEY_LANES];
    let Some(keys) = w.net().and_then(Net::keys) else {
        return sums;
    };
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            let i = pos.index(Pos::new(row, col));
            if !pos.is_empty(i) {
                continue;
            }
            for (s, o) in [(0, false), (1, true)] {
                let mut lanes = [0i32; 2 * net::KEY_LANES];
                for d in 0..4 {
                    // The eight cells within four, offsets -4..=-1 then 1..=4.
                    let mut key = 0u32;
                    for (n, k) in [-4isize, -3, -2, -1, 1, 2, 3, 4].into_iter().enumerate() {
                        let cell = pos.cell((i as isize + k * pos.offset(d)) as usize);
                        key |= (cell as u32) << (2 * n);
                    }
                    let shape = net::shape_of(key, o);
                    if shape != net::NO_SHAPE {
                        for (lane, &v) in lanes.iter_mut().zip(keys.row(shape as usize)) {
                            *lane += v as i32;
                        }
                    }
                }
                for (j, v) in lanes.into_iter().enumerate() {
                    sums[s * 2 * net::KEY_LANES + j] += v.clamp(0, net::QL);
                }
            }
        }
    }
    sums
}

/// The view's sums of clipped kernel outputs with X and with O to move, counted cell by
/// cell (all zero without a view).
fn view_from_scratch(pos: &Position, w: &RuleWeights) -> [[i32; net::CHANNELS]; 2] {
    let mut sums = [[0; net::CHANNELS]; 2];
    let Some(conv) = w.net().and_then(Net::conv) else {
        return sums;
    };
    let (rows, cols) = (pos.rows() as isize, pos.cols() as isize);
    // What a cell reads with `side` to move.
    let reads = |row: isize, col: isize, side: Side, ch: usize| -> i64 {
        if row < 0 || col < 0 || row >= rows || col >= cols {
            return 0;
        }
        let i = pos.index(Pos::new(row as usize, col as usize));
        if !pos.is_empty(i) {
            let code = if pos.cell(i) == patterns::BLACK && side == Side::First
                || pos.cell(i) == patterns::WHITE && side == Side::Second
            {
                net::STONE_MINE
            } else {
                net::STONE_THEIRS
            };
            return (conv.table(code, 0)[ch] + conv.table(code, 1)[ch]) as i64;
        }
        let code = |s: Side| {
            let levels = pos.levels(i, s);
            net::viewed(levels).then(|| weights::combo_index(levels))
        };
        let mine = code(side).map_or(0, |c| conv.table(c, 0)[ch]);
        let theirs = code(side.opponent()).map_or(0, |c| conv.table(c, 1)[ch]);
        (mine + theirs) as i64
    };
    for side in [Side::First, Side::Second] {
        for (ch, sum) in sums[side.index()].iter_mut().enumerate() {
            // The board's cells and the ring around it.
            for row in -1..=rows {
                for col in -1..=cols {
                    let mut z = 0i64;
                    for t in 0..net::TAPS {
                        let (dr, dc) = (t as isize / 3 - 1, t as isize % 3 - 1);
                        z += conv.kernel(ch, t) as i64 * reads(row + dr, col + dc, side, ch);
                    }
                    *sum += z.clamp(0, net::QZ as i64) as i32;
                }
            }
        }
    }
    sums
}

/// The pair value of `pos` for its side to move under the corrections `pair`, counted cell
/// by cell from the hand-set values.
fn pair_value_from_scratch(pos: &Position, pair: &[i16; PAIRS]) -> i32 {
    let me = pos.to_move();
    let mut value = TEMPO + pair[PAIRS - 1] as i32;
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            let i = pos.index(Pos::new(row, col));
            if !pos.is_empty(i) {
                continue;
            }
            let (mine, theirs) = (pos.levels(i, me), pos.levels(i, me.opponent()));
            for d in 0..4 {
                let (m, o) = (mine[d] as usize, theirs[d] as usize);
                value += eval::classic_pair(m, o) + pair[m * LEVELS + o] as i32;
            }
        }
    }
    value
}

/// The incremental sums as they should be, counted cell by cell: each side's combination
/// values, threat classes and (with a network) embeddings.
type Scratch = ([i32; 2], [[u32; weights::CLASSES]; 2], [net::Acc; 2]);

fn from_scratch(pos: &Position, w: &RuleWeights) -> Scratch {
    let mut value = [0; 2];
    let mut classes = [[0; weights::CLASSES]; 2];
    let mut embedded = [[0; net::INPUTS]; 2];
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            let i = pos.index(Pos::new(row, col));
            if !pos.is_empty(i) {
                continue;
            }
            for side in [Side::First, Side::Second] {
                let combo = pos.combo(i, side);
                value[side.index()] += w.combo_value(side, combo);
                let class = eval::threat(pos.levels(i, side)) as usize;
                classes[side.index()][class] += 1;
                if let Some(net) = w.net() {
                    let sums = &mut embedded[side.index()];
                    for (sum, &e) in sums
                        .iter_mut()
                        .zip(net.embedding(combo, side == Side::Second))
                    {
                        *sum += e as i32;
                    }
                }
            }
        }
    }
    (value, classes, embedded)
}

fn check(pos: &Position, board: &Board, w: &'static RuleWeights, context: &str) {
    let (value, classes, embedded) = from_scratch(pos, w);
    for side in [Side::First, Side::Second] {
        assert_eq!(
            pos.combo_value(side),
            value[side.index()],
            "{context}: value of {side:?}"
        );
        // The threat classes are kept only for weights that value them.
        let expected = if w.corrects_threats() {
            classes[side.index()]
        } else {
            [0; weights::CLASSES]
        };
        assert_eq!(
            pos.class_counts(side),
            &expected,
            "{context}: classes of {side:?}"
        );
    }
    assert_eq!(
        pos.pair_value(),
        pair_value_from_scratch(pos, w.pair()),
        "{context}: pair value"
    );
    let view = view_from_scratch(pos, w);
    assert_eq!(pos.view_sums(), view, "{context}: view sums");
    let shapes = shapes_from_scratch(pos, w);
    assert_eq!(pos.shape_sums(), &shapes, "{context}: shape sums");
    match w.net() {
        Some(net) => {
            let sums = embedded;
            assert_eq!(pos.net_sums(), &sums, "{context}: network sums");
            if pos.stones() > 0 && net.conv().is_some() {
                assert!(view.iter().flatten().any(|&v| v != 0), "{context}: view");
            }
            if pos.stones() > 0 && net.keys().is_some() {
                assert!(shapes.iter().any(|&v| v != 0), "{context}: shapes");
            }
            if pos.stones() > 0 {
                assert!(sums.iter().flatten().any(|&v| v != 0), "{context}: sums");
            }
            let (side, other) = (pos.to_move(), pos.to_move().opponent());
            let (me, them) = (side.index(), other.index());
            let l = net::KEY_LANES;
            let keys = std::array::from_fn(|j| {
                if j < l {
                    shapes[me * 2 * l + j]
                } else {
                    shapes[them * 2 * l + j]
                }
            });
            let mut value = pos.pair_value() + pos.combo_value(side) - pos.combo_value(other)
                + net.correction(&sums[me], &sums[them], &view[me], &keys);
            if w.corrects_threats() {
                let mask = weights::threat_mask(pos.class_counts(side), pos.class_counts(other));
                value += w.threat_value(side, mask);
            }
            assert_eq!(
                eval::evaluate(pos),
                value.clamp(-eval::EVAL_LIMIT, eval::EVAL_LIMIT),
                "{context}: evaluation with the network"
            );
        }
        None => assert_eq!(pos.net_sums(), &[[0; net::INPUTS]; 2], "{context}"),
    }
    // A position built afresh from the same stones agrees, and so does its evaluation.
    let fresh = Position::with_weights(board, pos.to_move(), Some(w));
    assert_eq!(
        eval::evaluate(&fresh),
        eval::evaluate(pos),
        "{context}: evaluation"
    );
    assert_eq!(fresh.hash(), pos.hash(), "{context}: hash");
    // Every empty cell's levels, both sides, all four lines, as the full pattern table gives
    // them for the ten cells around it read off the board.
    let table = patterns::pair_table(board.rule());
    for row in 0..pos.rows() {
        for col in 0..pos.cols() {
            let i = pos.index(Pos::new(row, col));
            if !pos.is_empty(i) {
                continue;
            }
            for d in 0..4 {
                let mut key = 0u32;
                for k in (-5..=5isize).filter(|&k| k != 0) {
                    let cell = pos.cell((i as isize + k * pos.offset(d)) as usize);
                    key |= (cell as u32) << (2 * patterns::slot(k));
                }
                assert_eq!(
                    pos.pairs(i)[d],
                    table[key as usize],
                    "{context}: levels at {row},{col} along {d}"
                );
            }
        }
    }
}

#[test]
fn incremental_sums_equal_a_count_from_scratch_after_moves_and_undos() {
    let mut rng = StdRng::seed_from_u64(7);
    for (k, rule) in [Rule::Caro, Rule::Freestyle, Rule::Standard, Rule::Renju]
        .into_iter()
        .enumerate()
    {
        // (board, threat values, a network: none, one, one with embeddings by colour, one
        // with a view, one with both; 5 and 6: with a view and the lines' shapes, without
        // and with colours)
        for ((rows, cols), threats, net) in [
            ((15, 15), true, 0),
            ((10, 23), true, 0),
            ((19, 12), true, 0),
            ((15, 15), false, 0),
            ((12, 17), false, 0),
            ((30, 30), false, 0),
            ((24, 41), false, 0),
            ((15, 15), false, 1),
            ((13, 21), false, 1),
            ((30, 30), false, 1),
            ((16, 14), true, 1),
            ((15, 15), false, 2),
            ((11, 19), false, 2),
            ((17, 17), true, 2),
            ((15, 15), false, 3),
            ((10, 10), false, 3),
            ((13, 21), false, 3),
            ((14, 16), true, 3),
            ((15, 15), false, 4),
            ((15, 15), false, 5),
            ((11, 18), false, 5),
            ((20, 20), true, 5),
            ((15, 15), false, 6),
            ((12, 12), false, 6),
        ] {
            let seed = k as u64 * 100 + rows as u64;
            let w = match net {
                0 => random_weights(seed, threats),
                n => random_weights_with_net(seed, threats, n % 2 == 0, (n >= 3, n >= 5)),
            };
            let mut board = Board::new(rows, cols, rule).unwrap();
            let mut pos = Position::with_weights(&board, Side::First, Some(w));
            let mut played: Vec<Pos> = Vec::new();
            // The same stones in a position that keeps only its lines, for the threat search.
            let mut plain = Position::with_weights(&board, Side::First, None);
            let (mut threats, mut threats_plain) = (ThreatSearch::new(), ThreatSearch::new());
            for step in 0..160 {
                let undo = !played.is_empty() && rng.random_range(0..4) == 0;
                if undo {
                    pos.undo();
                    plain.undo();
                    let last = board.undo().unwrap();
                    assert_eq!(Some(last), played.pop());
                } else {
                    // A random legal cell near the middle, so lines form.
                    let mut tries = 0;
                    let cell = loop {
                        tries += 1;
                        let r = rng.random_range(rows / 4..rows - rows / 4);
                        let c = rng.random_range(cols / 4..cols - cols / 4);
                        let p = Pos::new(r, c);
                        if board.check_move(p).is_ok() || tries > 200 {
                            break p;
                        }
                    };
                    if board.is_over() || board.check_move(cell).is_err() {
                        continue;
                    }
                    board.play(cell).unwrap();
                    pos.play(pos.index(cell));
                    plain.play(plain.index(cell));
                    played.push(cell);
                }
                if step % 3 == 0 && !board.is_over() {
                    // The threat search plays and takes back stones keeping only the lines:
                    // it leaves every sum as it found it (the check below), and finds what
                    // it finds on a position that keeps nothing else.
                    let vcf = threats.vcf(&mut pos, 3_000, None, 0);
                    assert_eq!(vcf, threats_plain.vcf(&mut plain, 3_000, None, 0));
                    let vct = threats.vct(&mut pos, 4, 3_000, None, 0);
                    assert_eq!(vct, threats_plain.vct(&mut plain, 4, 3_000, None, 0));
                    assert_eq!(pos.hash(), plain.hash());
                }
                check(
                    &pos,
                    &board,
                    w,
                    &format!("{rule:?} {rows}x{cols} step {step}"),
                );
            }
        }
    }
}

#[test]
fn the_weights_file_round_trips() {
    let mut w = Weights::zero();
    let mut rng = StdRng::seed_from_u64(3);
    for rule in weights::RULES {
        let rw = w.rule_mut(rule);
        let mut combo = rw.combo().clone();
        let mut threat = rw.threat().clone();
        for table in combo.iter_mut().chain(threat.iter_mut()) {
            for v in table.iter_mut() {
                *v = rng.random_range(i16::MIN..=i16::MAX);
            }
        }
        *rw = RuleWeights::new(combo, threat, *rw.pair());
    }
    w.rule_mut(Rule::Renju).set_pair(std::array::from_fn(|_| {
        rng.random_range(i16::MIN..=i16::MAX)
    }));
    let bytes = w.to_bytes();
    let values = 20 + 4 * (PAIRS + 2 * (COMBOS + MASKS)) * 2;
    assert_eq!(bytes.len(), values + 4 * 4 + 8);
    assert_eq!(Weights::from_bytes(&bytes).unwrap(), w);
    // With networks for two rules.
    w.rule_mut(Rule::Freestyle)
        .set_net(Some(random_net(1, false)));
    w.rule_mut(Rule::Caro).set_net(Some(random_net(2, false)));
    let bytes = w.to_bytes();
    assert_eq!(bytes.len(), values + 4 * 4 + 2 * Net::BYTES + 8);
    let read = Weights::from_bytes(&bytes).unwrap();
    assert_eq!(read, w);
    assert!(
        read.rule(Rule::Freestyle).net().is_some() && read.rule(Rule::Standard).net().is_none()
    );
    assert_ne!(
        read.rule(Rule::Freestyle).net(),
        read.rule(Rule::Caro).net()
    );
    // And one whose colours have embeddings of their own.
    w.rule_mut(Rule::Renju).set_net(Some(random_net(3, true)));
    let bytes = w.to_bytes();
    assert_eq!(
        bytes.len(),
        values + 4 * 4 + 2 * Net::BYTES + Net::BYTES_BY_COLOUR + 8
    );
    let read = Weights::from_bytes(&bytes).unwrap();
    assert_eq!(read, w);
    let renju = read.rule(Rule::Renju).net().unwrap();
    assert!(renju.by_colour() && !read.rule(Rule::Caro).net().unwrap().by_colour());
    // X's embeddings and O's differ (the network would be colour-blind otherwise).
    let c = weights::combo_index([patterns::F3, patterns::F3, 0, 0]);
    assert_ne!(renju.embedding(c, false), renju.embedding(c, true));
    // And networks with a view, with and without embeddings by colour.
    w.rule_mut(Rule::Standard)
        .set_net(Some(random_net(4, false).with_conv(Some(random_conv(4)))));
    w.rule_mut(Rule::Renju)
        .set_net(Some(random_net(3, true).with_conv(Some(random_conv(3)))));
    let bytes = w.to_bytes();
    let [plain, by_colour, viewed, both, _, _] = Net::LENGTHS;
    assert_eq!(both - by_colour, viewed - plain);
    assert_eq!(bytes.len(), values + 4 * 4 + 2 * plain + viewed + both + 8);
    let read = Weights::from_bytes(&bytes).unwrap();
    assert_eq!(read, w);
    let conv = read.rule(Rule::Standard).net().unwrap().conv().unwrap();
    assert_eq!(conv, &random_conv(4));
    assert!(read.rule(Rule::Caro).net().unwrap().conv().is_none());
    // And with the lines' shapes, with and without embeddings by colour.
    w.rule_mut(Rule::Freestyle).set_net(Some(
        random_net(6, false)
            .with_conv(Some(random_conv(6)))
            .with_keys(Some(random_keys(6))),
    ));
    w.rule_mut(Rule::Renju).set_net(Some(
        random_net(3, true)
            .with_conv(Some(random_conv(3)))
            .with_keys(Some(random_keys(3))),
    ));
    let bytes = w.to_bytes();
    let [.., shaped, shaped_by_colour] = Net::LENGTHS;
    assert_eq!(shaped - viewed, shaped_by_colour - both);
    assert_eq!(shaped - viewed, net::Keys::bytes());
    assert_eq!(
        bytes.len(),
        values + 4 * 4 + plain + shaped + viewed + shaped_by_colour + 8
    );
    let read = Weights::from_bytes(&bytes).unwrap();
    assert_eq!(read, w);
    let keys = read.rule(Rule::Freestyle).net().unwrap().keys().unwrap();
    assert_eq!(keys, &random_keys(6));
    assert!(read.rule(Rule::Standard).net().unwrap().keys().is_none());
}

#[test]
fn a_line_s_shape_is_its_reverse_s_and_the_other_side_s_with_the_colours_swapped() {
    use net::{shape_of, NO_SHAPE};
    // Offsets -4..=-1 are cells 0..=3 (the nearest last), 1..=4 cells 4..=7.
    let key = |cells: [u32; 8]| {
        cells
            .iter()
            .enumerate()
            .fold(0, |k, (n, &c)| k | c << (2 * n))
    };
    let reverse = |mut cells: [u32; 8]| {
        cells.reverse();
        cells
    };
    let swap = |cells: [u32; 8]| cells.map(|c| [0, 2, 1, 3][c as usize]);
    let (mut seen, mut distinct) = (0, std::collections::HashSet::new());
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..5_000 {
        // A line a board can hold: each side's cells, then walls past the edge.
        let mut cells = [0u32; 8];
        let (wall_behind, wall_ahead) = (rng.random_range(0..=4), rng.random_range(0..=4));
        for (n, c) in cells.iter_mut().enumerate() {
            let walled = if n < 4 {
                n < wall_behind
            } else {
                n >= 8 - wall_ahead
            };
            *c = if walled { 3 } else { rng.random_range(0..3) };
        }
        let stones = cells.iter().any(|&c| c == 1 || c == 2);
        let shape = shape_of(key(cells), false);
        assert_eq!(shape == NO_SHAPE, !stones, "{cells:?}");
        if !stones {
            continue;
        }
        assert!((shape as usize) < net::shapes());
        assert_eq!(shape_of(key(reverse(cells)), false), shape, "{cells:?}");
        assert_eq!(shape_of(key(swap(cells)), true), shape, "{cells:?}");
        // A line and its colours swapped are different shapes for the same side, unless
        // the swap is a reversal of it.
        if swap(cells) != cells && swap(cells) != reverse(cells) {
            assert_ne!(shape_of(key(swap(cells)), false), shape, "{cells:?}");
        }
        seen += 1;
        distinct.insert(shape);
    }
    assert!(
        seen > 3_000 && distinct.len() > 1_000,
        "{seen} {}",
        distinct.len()
    );
    assert_eq!(net::shapes(), net::SHAPES);
    // Lines no board holds (a wall before a cell of the board) read nothing.
    assert_eq!(shape_of(key([1, 3, 0, 0, 0, 0, 0, 0]), false), NO_SHAPE);
    assert_eq!(shape_of(key([0, 0, 0, 1, 0, 0, 3, 0]), false), NO_SHAPE);
}

#[test]
fn a_truncated_or_corrupted_weights_file_is_refused_with_a_message() {
    let bytes = Weights::zero().to_bytes();
    let err = Weights::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(err.contains("truncated"), "{err}");
    let err = Weights::from_bytes(&bytes[..10]).unwrap_err();
    assert!(err.contains("not a Caro evaluation file"), "{err}");
    let mut corrupted = bytes.clone();
    corrupted[100] ^= 1;
    let err = Weights::from_bytes(&corrupted).unwrap_err();
    assert!(err.contains("checksum"), "{err}");
    for field in [4, 8, 12, 16] {
        // rules, pair values, combinations, threat masks
        let mut other_layout = bytes.clone();
        other_layout[field] ^= 2;
        let err = Weights::from_bytes(&other_layout).unwrap_err();
        assert!(err.contains("expects"), "field at {field}: {err}");
    }
    let err = Weights::from_bytes(b"OEV1 some othello file").unwrap_err();
    assert!(err.contains("CEV3"), "{err}");
    // The layout before the pair values is refused by name.
    // And the layout before the networks.
    for version in [b'1', b'2'] {
        let mut old = bytes.clone();
        old[3] = version;
        let err = Weights::from_bytes(&old).unwrap_err();
        assert!(
            err.contains("not a Caro evaluation file of this program"),
            "{err}"
        );
    }
    // A network: cut short, of the wrong length, or with a weight that is not a number
    // (the checksum made right, as a careless tool would write it).
    let mut w = Weights::zero();
    w.rule_mut(Rule::Standard)
        .set_net(Some(random_net(5, false)));
    let bytes = w.to_bytes();
    let err = Weights::from_bytes(&bytes[..bytes.len() - 100]).unwrap_err();
    assert!(err.contains("truncated"), "{err}");
    let values = 20 + 4 * (PAIRS + 2 * (COMBOS + MASKS)) * 2;
    let standard = values + 4 + 4; // after the caro and freestyle lengths (no networks)
    let resum = |mut b: Vec<u8>| {
        let n = b.len() - 8;
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &x in &b[..n] {
            h = (h ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        b[n..].copy_from_slice(&h.to_le_bytes());
        b
    };
    // The checksum as written is right: the test's own sum agrees.
    assert_eq!(resum(bytes.clone()), bytes);
    let mut wrong_length = bytes.clone();
    wrong_length[standard] ^= 4;
    let err = Weights::from_bytes(&resum(wrong_length)).unwrap_err();
    assert!(err.contains("network for standard"), "{err}");
    let mut not_a_number = bytes.clone();
    let last_float = standard + 4 + Net::BYTES - 4;
    not_a_number[last_float..last_float + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let err = Weights::from_bytes(&resum(not_a_number)).unwrap_err();
    assert!(err.contains("not a finite number"), "{err}");
    let mut corrupted = bytes.clone();
    corrupted[standard + 40] ^= 1;
    let err = Weights::from_bytes(&corrupted).unwrap_err();
    assert!(err.contains("checksum"), "{err}");
    // A view with a kernel weight past the limit that keeps its sums in range.
    w.rule_mut(Rule::Standard)
        .set_net(Some(random_net(5, false).with_conv(Some(random_conv(5)))));
    let bytes = w.to_bytes();
    assert!(Weights::from_bytes(&bytes).is_ok());
    let kernel = standard + 4 + Net::BYTES + net::CODES * 2 * net::CHANNELS * 2;
    let mut too_big = bytes.clone();
    too_big[kernel..kernel + 2].copy_from_slice(&i16::MAX.to_le_bytes());
    let err = Weights::from_bytes(&resum(too_big)).unwrap_err();
    assert!(
        err.contains("network for standard: its view: a kernel weight"),
        "{err}"
    );
    // Shapes with a value past the limit (i16::MIN, whose absolute value no i16 holds).
    w.rule_mut(Rule::Standard).set_net(Some(
        random_net(5, false)
            .with_conv(Some(random_conv(5)))
            .with_keys(Some(random_keys(5))),
    ));
    let bytes = w.to_bytes();
    assert!(Weights::from_bytes(&bytes).is_ok());
    let shape = standard + 4 + Net::BYTES + net::Conv::BYTES + 2 * 17;
    let mut too_big = bytes.clone();
    too_big[shape..shape + 2].copy_from_slice(&i16::MIN.to_le_bytes());
    let err = Weights::from_bytes(&resum(too_big)).unwrap_err();
    assert!(
        err.contains("network for standard: its lines' shapes: a shape's value"),
        "{err}"
    );
    let mut not_a_number = bytes.clone();
    let last_float = standard + 4 + Net::LENGTHS[4] - 4;
    not_a_number[last_float..last_float + 4].copy_from_slice(&f32::INFINITY.to_le_bytes());
    let err = Weights::from_bytes(&resum(not_a_number)).unwrap_err();
    assert!(
        err.contains("its lines' shapes: a weight is not a finite number"),
        "{err}"
    );
}

#[test]
fn the_shipped_weights_load_and_a_zero_correction_keeps_the_hand_set_evaluation() {
    let w = Weights::shipped().expect("natively the weights are built in");
    for rule in weights::RULES {
        let rw = w.rule(rule);
        // What ships is checked on load; a rule whose corrections are all zero runs the
        // hand-set evaluation at full speed (no combination bookkeeping), any other uses them.
        let chosen = caro::caro::search::EvalChoice::Shipped.for_rule(rule);
        assert_eq!(chosen.is_none(), rw.is_zero(), "{rule:?}");
    }
    // Random (non-zero) weights are never filtered out.
    let rw = random_weights(3, true);
    assert!(!rw.is_zero());
    // Zero corrections give exactly the hand-set value.
    let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
    for (row, col) in [(7, 7), (7, 8), (8, 8)] {
        board.play(Pos::new(row, col)).unwrap();
    }
    let zero: &'static RuleWeights = Box::leak(Box::new(RuleWeights::zero()));
    let with = Position::with_weights(&board, Side::Second, Some(zero));
    let without = Position::with_weights(&board, Side::Second, None);
    assert_eq!(eval::evaluate(&with), without.pair_value());
    assert_ne!(eval::evaluate(&with), 0, "the position has a value");
}

#[test]
fn every_quadruple_of_levels_maps_to_its_sorted_combination() {
    let t = weights::tables();
    assert_eq!(t.levels.len(), COMBOS);
    assert_eq!(weights::combo_index([0, 0, 0, 0]), 0);
    assert_eq!(
        weights::combo_index([3, 9, 1, 3]),
        weights::combo_index([9, 3, 3, 1])
    );
    for (i, l) in t.levels.iter().enumerate() {
        assert_eq!(weights::combo_index(*l), i);
        let mut rev = *l;
        rev.reverse();
        assert_eq!(weights::combo_index(rev), i);
    }
}

#[test]
fn the_hand_set_pair_values_are_the_pattern_values_and_the_tempo() {
    // The hand-set evaluation, written out: each side's pattern values over the empty cells'
    // directions, the side to move's less the opponent's, plus 12 for the move and 3 for each
    // open three and 2 for each four the side to move could make (counted by direction).
    let mut rng = StdRng::seed_from_u64(11);
    for rule in [Rule::Caro, Rule::Freestyle, Rule::Standard, Rule::Renju] {
        let mut board = Board::new(15, 15, rule).unwrap();
        let mut seen_threes = false;
        for _ in 0..30 {
            let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
            if board.is_over() || board.check_move(p).is_err() {
                continue;
            }
            board.play(p).unwrap();
            let pos = Position::with_weights(&board, board.to_move(), None);
            let me = pos.to_move();
            let mut value = [0i32; 2];
            let (mut threes, mut fours) = (0, 0);
            for row in 0..15 {
                for col in 0..15 {
                    let i = pos.index(Pos::new(row, col));
                    if !pos.is_empty(i) {
                        continue;
                    }
                    for side in [Side::First, Side::Second] {
                        for level in pos.levels(i, side) {
                            value[side.index()] += eval::LEVEL_VALUE[level as usize];
                            if side == me {
                                threes += (level == F3) as i32;
                                fours += (level == B4) as i32;
                            }
                        }
                    }
                }
            }
            seen_threes |= threes > 0;
            let expected =
                value[me.index()] - value[me.opponent().index()] + 12 + 3 * threes + 2 * fours;
            assert_eq!(pos.pair_value(), expected, "{rule:?} {board:?}");
            assert_eq!(eval::evaluate(&pos), expected);
        }
        assert!(seen_threes, "{rule:?}: the positions had open threes");
    }
}

#[test]
fn the_counts_tell_a_winning_four_only_where_its_cell_is_surely_legal() {
    use caro::caro::eval::{surely_has_winning_four, threat, Threat};
    use caro::caro::movegen::has_winning_four;
    use caro::caro::patterns::F4;
    // The candidates, and whether a scan of them finds a legal cell making a winning four.
    let scan = |pos: &Position, side: Side| {
        let mut cells = Vec::new();
        pos.candidates(&mut cells);
        cells
            .iter()
            .any(|&i| threat(pos.levels(i, side)) >= Threat::WinningFour && pos.is_legal(i, side))
    };
    // Black: a broken three in row 7 (cols 4, 6, 7) whose only open-four point is (7,5), and
    // a three in column 5 shut above by White (3,5), which (7,5) turns into a four as well:
    // under renju (7,5) is a forbidden four-four, so Black has no winning four there.
    let moves = [
        (7, 4),
        (3, 5),
        (7, 6),
        (0, 0),
        (7, 7),
        (0, 2),
        (4, 5),
        (0, 14),
        (5, 5),
        (14, 0),
        (6, 5),
        (14, 14),
    ];
    for rule in [Rule::Freestyle, Rule::Renju] {
        let mut board = Board::new(15, 15, rule).unwrap();
        for (r, c) in moves {
            board.play(Pos::new(r, c)).unwrap();
        }
        let pos = Position::new(&board, Side::First);
        assert!(pos.count(Side::First, F4) > 0, "{rule:?}");
        let found = scan(&pos, Side::First);
        assert_eq!(found, rule == Rule::Freestyle, "{rule:?}");
        assert_eq!(
            surely_has_winning_four(&pos, Side::First),
            found,
            "{rule:?}"
        );
        assert_eq!(has_winning_four(&pos, Side::First), found, "{rule:?}");
    }
    // On random positions of every rule, what the counts tell is always so.
    let mut rng = StdRng::seed_from_u64(11);
    let mut told = 0;
    for rule in Rule::ALL {
        for _ in 0..300 {
            let mut board = Board::new(15, 15, rule).unwrap();
            let stones = rng.random_range(6..40);
            while board.moves().len() < stones && !board.is_over() {
                let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
                let _ = board.play(p);
            }
            if board.is_over() {
                continue;
            }
            let pos = Position::new(&board, board.to_move());
            for side in [Side::First, Side::Second] {
                let found = scan(&pos, side);
                if surely_has_winning_four(&pos, side) {
                    told += 1;
                    assert!(found, "{rule:?} {side:?}");
                }
                // The move generator's check, with the counts' shortcut, agrees with the scan.
                assert_eq!(has_winning_four(&pos, side), found, "{rule:?} {side:?}");
            }
        }
    }
    assert!(told > 100, "{told}");
}

#[test]
fn the_scan_for_four_cells_meets_every_cell_making_a_four_or_a_five_and_no_other() {
    // `any_four_cell` stops once it has met as many (cell, direction) fours and fives as the
    // counts hold, trusting that each such cell is a candidate: read every empty cell of the
    // board instead and compare, on random positions of every rule and on several boards.
    use caro::caro::patterns::{F4, FIVE};
    let mut rng = StdRng::seed_from_u64(29);
    let mut met = 0;
    for rule in Rule::ALL {
        for (rows, cols) in [(15, 15), (20, 20), (12, 17)] {
            for _ in 0..150 {
                let mut board = Board::new(rows, cols, rule).unwrap();
                let stones = rng.random_range(4..45);
                while board.moves().len() < stones && !board.is_over() {
                    let p = Pos::new(rng.random_range(0..rows), rng.random_range(0..cols));
                    let _ = board.play(p);
                }
                if board.is_over() {
                    continue;
                }
                let pos = Position::new(&board, board.to_move());
                let mut candidates = Vec::new();
                pos.candidates(&mut candidates);
                for side in [Side::First, Side::Second] {
                    let makes_four =
                        |i: usize| pos.levels(i, side).iter().any(|l| (B4..=FIVE).contains(l));
                    let mut everywhere: Vec<usize> = (0..rows)
                        .flat_map(|r| (0..cols).map(move |c| Pos::new(r, c)))
                        .map(|p| pos.index(p))
                        .filter(|&i| pos.is_empty(i) && makes_four(i))
                        .collect();
                    let in_order: Vec<usize> = candidates
                        .iter()
                        .copied()
                        .filter(|&i| makes_four(i))
                        .collect();
                    let mut seen = Vec::new();
                    assert!(!pos.any_four_cell(side, |i, levels| {
                        assert_eq!(levels, pos.levels(i, side));
                        seen.push(i);
                        false
                    }));
                    assert_eq!(seen, in_order, "{rule:?} {rows}x{cols} {side:?} {board:?}");
                    let mut sorted = seen.clone();
                    sorted.sort_unstable();
                    everywhere.sort_unstable();
                    assert_eq!(
                        sorted, everywhere,
                        "{rule:?} {rows}x{cols} {side:?} {board:?}"
                    );
                    // Stopped by its caller at the last cell, it says so.
                    if let Some(&last) = seen.last() {
                        met += seen.len();
                        assert!(pos.any_four_cell(side, |i, _| i == last));
                    }
                    let fours = pos.count(side, B4) + pos.count(side, F4) + pos.count(side, FIVE);
                    assert_eq!(fours == 0, seen.is_empty(), "{rule:?} {side:?}");
                }
            }
        }
    }
    assert!(met > 1000, "{met}");
}

#[test]
fn the_evaluation_of_the_same_stones_does_not_grow_with_the_board() {
    // The same few stones in the middle of boards of 25 to 60 cells a side (far enough from
    // the edges that no line through them reaches one) must be worth the same on every
    // board, to both sides, under any weights: the empty cells far from the stones and the
    // cells along the edges are left at nothing by the pair values and the combinations.
    // Weights that valued a far or edge cell's combination gave standard 60x60 a 3,600-point
    // lean to X for a single stone.
    let stones = [(0, 0), (1, 1), (0, 1), (-1, 1), (1, -1)];
    for (k, rule) in weights::RULES.into_iter().enumerate() {
        for threats in [false, true] {
            let w = random_weights(40 + k as u64, threats);
            let mut seen: Option<[i32; 2]> = None;
            for (rows, cols) in [(25, 25), (40, 40), (60, 60), (25, 60), (60, 31)] {
                let mut board = Board::new(rows, cols, rule).unwrap();
                for (dr, dc) in stones {
                    let (row, col) = (rows as isize / 2 + dr, cols as isize / 2 + dc);
                    board.play(Pos::new(row as usize, col as usize)).unwrap();
                }
                let value = [Side::First, Side::Second]
                    .map(|side| eval::evaluate(&Position::with_weights(&board, side, Some(w))));
                let at = format!("{rule:?} {rows}x{cols}, threat values {threats}");
                assert_ne!(value, [0, 0], "{at}");
                match seen {
                    None => seen = Some(value),
                    Some(first) => assert_eq!(value, first, "{at}"),
                }
            }
        }
    }
}

/// `kernel` with its taps made equal within each class of the square's symmetries (the
/// four corners, the four edges, the centre): the mean of each class.
fn symmetric(kernel: [[i16; net::TAPS]; net::CHANNELS]) -> [[i16; net::TAPS]; net::CHANNELS] {
    kernel.map(|k| {
        let mean = |c: [usize; 4]| (c.iter().map(|&t| k[t] as i32).sum::<i32>() / 4) as i16;
        let (corner, edge) = (mean([0, 2, 6, 8]), mean([1, 3, 5, 7]));
        [corner, edge, corner, edge, k[4], edge, corner, edge, corner]
    })
}

/// The evaluation of the stones `moves` (played in order; the side to move next), turned and
/// mirrored by symmetry `t` of the `n` x `n` board (bit 0: rows reversed, bit 1: columns,
/// bit 2: rows and columns swapped first).
fn evaluate_turned(rule: Rule, n: usize, moves: &[Pos], t: usize, w: &'static RuleWeights) -> i32 {
    let mut board = Board::new(n, n, rule).unwrap();
    for p in moves {
        let (r, c) = if t & 4 != 0 {
            (p.col, p.row)
        } else {
            (p.row, p.col)
        };
        let r = if t & 1 != 0 { n - 1 - r } else { r };
        let c = if t & 2 != 0 { n - 1 - c } else { c };
        board.play(Pos::new(r, c)).unwrap();
    }
    eval::evaluate(&Position::with_weights(&board, board.to_move(), Some(w)))
}

/// Square boards of several sizes with stones played anywhere (so that most positions are
/// not yet decided), each as its size and moves: the ones `w` judges below its limit (not a
/// won or lost position), at least eight.
fn undecided_boards(
    rule: Rule,
    w: &'static RuleWeights,
    rng: &mut StdRng,
) -> Vec<(usize, Vec<Pos>)> {
    let mut boards = Vec::new();
    for (n, stones) in [(15, 10), (15, 16), (12, 12), (19, 20)].repeat(4) {
        let mut board = Board::new(n, n, rule).unwrap();
        let mut moves = Vec::new();
        while moves.len() < stones && !board.is_over() {
            let p = Pos::new(rng.random_range(0..n), rng.random_range(0..n));
            if board.play(p).is_ok() {
                moves.push(p);
            }
        }
        if evaluate_turned(rule, n, &moves, 0, w).abs() < eval::EVAL_LIMIT {
            boards.push((n, moves));
        }
    }
    assert!(
        boards.len() >= 8,
        "{rule:?}: only {} positions not yet decided",
        boards.len()
    );
    boards
}

/// Asserts that `w` judges the stones `moves` on the `n` x `n` board the same under all
/// eight symmetries.
fn assert_alike_turned(rule: Rule, n: usize, moves: &[Pos], w: &'static RuleWeights, at: &str) {
    let value = evaluate_turned(rule, n, moves, 0, w);
    for t in 1..8 {
        assert_eq!(
            evaluate_turned(rule, n, moves, t, w),
            value,
            "{at}, turn {t}"
        );
    }
}

#[test]
fn the_shipped_evaluations_judge_a_square_board_the_same_turned_or_mirrored() {
    // Freestyle's and renju's networks have a view, each fitted with a tied kernel (freestyle's
    // since the fortieth session, renju's since the forty-first); standard's and caro's
    // networks have none, and the pair values and combinations read every line alike.
    let mut rng = StdRng::seed_from_u64(41);
    for rule in weights::RULES {
        let w = Weights::shipped().unwrap().rule(rule);
        if matches!(rule, Rule::Freestyle | Rule::Renju) {
            assert!(
                w.net().and_then(|n| n.conv()).is_some(),
                "{rule:?}'s network has a view"
            );
        }
        for (n, moves) in undecided_boards(rule, w, &mut rng) {
            let at = format!("{rule:?} {n}x{n}, {} stones", moves.len());
            assert_alike_turned(rule, n, &moves, w, &at);
        }
    }
}

#[test]
fn a_network_whose_view_is_symmetric_judges_a_square_board_the_same_turned_or_mirrored() {
    // Every rule's shipped weights, with each of the shipped networks that have a view in
    // place of its own (freestyle's, which reads the lines' shapes too, and renju's, by
    // colour). With the view's kernel tied by the square's symmetries (as `caro train` fits it) the
    // evaluation is the same under all eight; with the same kernel tilted (its top row up,
    // its bottom row down) it is not, so the eight boards are really different boards.
    let mut rng = StdRng::seed_from_u64(40);
    let shipped = Weights::shipped().unwrap();
    for rule in weights::RULES {
        for from in [Rule::Freestyle, Rule::Renju] {
            let by_colour = from == Rule::Renju;
            let base = shipped.rule(rule);
            let net = shipped.rule(from).net().unwrap();
            let conv = net.conv().unwrap();
            let with_kernel = |kernel| -> &'static RuleWeights {
                let table = (0..net::CODES)
                    .map(|c| [*conv.table(c, 0), *conv.table(c, 1)])
                    .collect();
                let view = Conv::new(table, kernel, conv.hidden()).unwrap();
                let mut w = base.clone();
                w.set_net(Some(net.clone().with_conv(Some(view))));
                Box::leak(Box::new(w))
            };
            let tied = symmetric(std::array::from_fn(|ch| {
                std::array::from_fn(|t| conv.kernel(ch, t))
            }));
            let tilt = net::QK as i16;
            let tilted = tied.map(|k| std::array::from_fn(|t| k[t] + [tilt, 0, -tilt][t / 3]));
            let (tied, tilted) = (with_kernel(tied), with_kernel(tilted));
            let mut tilted_differs = false;
            for (n, moves) in undecided_boards(rule, tied, &mut rng) {
                let at = format!(
                    "{rule:?} {n}x{n}, {} stones, colours {by_colour}",
                    moves.len()
                );
                assert_alike_turned(rule, n, &moves, tied, &at);
                let upright = evaluate_turned(rule, n, &moves, 0, tilted);
                tilted_differs |=
                    (1..8).any(|t| evaluate_turned(rule, n, &moves, t, tilted) != upright);
            }
            assert!(
                tilted_differs,
                "{rule:?}: a tilted kernel made no difference"
            );
        }
    }
}
