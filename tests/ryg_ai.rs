//! The cats' AI of RYG (asm/Evalua.asm, asm/Minimax.asm), run in the emulator and
//! checked against the verified prototype's golden data and a Rust model of the same
//! search (see docs/ryg-ai.md).

mod common;

use std::collections::BTreeSet;

use c64emu::{Machine, Regs};
use common::*;
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{Move, Position, Side, Solver, Square};

/// Golden data of the prototype: every cat-to-move position the depth-3 proof reaches.
const VECTORS: &str = include_str!("data/ryg_ai_vectors.txt");

const SIN_JUGADA: u8 = 0xFF;
const TABLERO_INVALIDO: u8 = 0xFE;
/// Cycle budget for one AI call; depth 5 needs a few million.
const AI_BUDGET: u64 = 50_000_000;
/// The interrupt-disable bit of P: with it set no IRQ runs, so RAM diffs are the AI's own.
const FLAG_I: u8 = 0x04;

// ---------------------------------------------------------------------------------------
// A Rust model of the 6502 search, move for move (docs/ryg-ai.md).
// ---------------------------------------------------------------------------------------

/// What the model says about one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Decision {
    mv: Option<u8>,
    value: u8,
    nodes: u32,
    evals: u32,
    /// The board each level holds afterwards: (position, value, child slots linked).
    /// `None` for levels no board was made at.
    boards: Vec<Option<(Position, u8, u8)>>,
}

/// The board offset (24-87) of a square.
fn offset(sq: Square) -> u8 {
    24 + sq.matrix_offset() as u8
}

fn square_at(offset: u8) -> Square {
    let m = offset - 24;
    Square::new(m / 8, m % 8).expect("a dark square")
}

/// `mv` played on the board regardless of whose turn it is or whether the game is over.
fn play(p: &Position, mv: Move) -> Option<Position> {
    let to = p.check_on_board(mv).ok()?;
    let mut mouse = p.mouse();
    let mut cats = p.cats();
    match mv {
        Move::Mouse { .. } => mouse = to,
        Move::Cat { cat, .. } => cats[cat as usize] = to,
    }
    Position::new(mouse, cats, p.to_move().opponent()).ok()
}

fn move_of(side: Side, number: u8) -> Move {
    match side {
        Side::Mouse => Move::Mouse { dir: number },
        Side::Cats => Move::Cat {
            cat: number / 2,
            dir: number % 2,
        },
    }
}

/// The static evaluation REC.
fn static_eval(p: &Position) -> u8 {
    let cats: BTreeSet<Square> = p.cats().into_iter().collect();
    let free = |sq: Square| sq != p.mouse() && !cats.contains(&sq);
    let steps = |sq: Square| {
        rygsolve::MOUSE_DELTAS
            .iter()
            .filter_map(move |&(dr, dc)| sq.offset(dr, dc))
    };
    let mut seen = BTreeSet::from([p.mouse()]);
    let mut frontier = vec![p.mouse()];
    let mut dist = None;
    let mut d = 0;
    while !frontier.is_empty() && dist.is_none() {
        d += 1;
        let mut next = Vec::new();
        for &sq in &frontier {
            for to in steps(sq) {
                if free(to) && seen.insert(to) {
                    if to.row() == 0 && dist.is_none() {
                        dist = Some(d);
                    }
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    let row = i32::from(p.mouse().row());
    let mut v: i32 = match dist {
        Some(d) => 161 + 5 * (7 - row) - d,
        None => 17 + 2 * seen.len() as i32,
    };
    let rows: Vec<i32> = p.cats().iter().map(|c| i32::from(c.row())).collect();
    v += rows.iter().max().unwrap_or(&0) - rows.iter().min().unwrap_or(&0);
    v += 4 * steps(p.mouse()).filter(|&s| free(s)).count() as i32;
    v += 12
        * p.cats()
            .iter()
            .filter(|c| c.col() == 0 || c.col() == 7)
            .count() as i32;
    v.clamp(0x10, 0xEF) as u8
}

struct Model {
    depth: u8,
    killers: [u8; 8],
    nodes: u32,
    evals: u32,
    boards: Vec<Option<(Position, u8, u8)>>,
}

impl Model {
    fn legal(p: &Position, side: Side) -> Vec<u8> {
        let count = if side == Side::Cats { 8 } else { 4 };
        (0..count)
            .filter(|&n| p.check_on_board(move_of(side, n)).is_ok())
            .collect()
    }

    /// Node test, then evaluation or search, of a board just made at `level`.
    fn value(&mut self, p: &Position, level: u8, alpha: u8, beta: u8) -> u8 {
        let side = p.to_move();
        if p.mouse().row() <= p.cats()[0].row() {
            return 0xFF - level;
        }
        if Self::legal(p, side).is_empty() {
            return if side == Side::Cats {
                0xFF - level
            } else {
                level
            };
        }
        if level == self.depth {
            self.evals += 1;
            return static_eval(p);
        }
        self.search(p, level, alpha, beta).0
    }

    /// Fail-soft alpha-beta with a killer per level; returns (value, first best move).
    fn search(&mut self, p: &Position, level: u8, mut alpha: u8, mut beta: u8) -> (u8, Option<u8>) {
        let side = p.to_move();
        let mut order = Self::legal(p, side);
        let killer = self.killers[level as usize];
        if let Some(i) = order.iter().position(|&m| m == killer) {
            let m = order.remove(i);
            order.insert(0, m);
        }
        let cats = side == Side::Cats;
        let mut best = if cats { 0xFF } else { 0x00 };
        let mut best_move = None;
        for m in order {
            let Some(child) = play(p, move_of(side, m)) else {
                continue;
            };
            self.nodes += 1;
            let c = level as usize + 1;
            self.boards[c] = Some((child, 0x80, 0));
            if let Some(parent) = &mut self.boards[level as usize] {
                parent.2 |= 1 << m;
            }
            let v = self.value(&child, level + 1, alpha, beta);
            if let Some(board) = &mut self.boards[c] {
                board.1 = v;
            }
            if cats {
                if v < best {
                    best = v;
                    best_move = Some(m);
                }
                beta = beta.min(best);
                if best <= alpha {
                    self.killers[level as usize] = m;
                    break;
                }
            } else {
                if v > best {
                    best = v;
                    best_move = Some(m);
                }
                alpha = alpha.max(best);
                if best >= beta {
                    self.killers[level as usize] = m;
                    break;
                }
            }
        }
        (best, best_move)
    }
}

/// The model's decision for the cats in `p` (taken as cats to move) at `depth`.
fn decide(p: &Position, depth: u8) -> Decision {
    decide_for(p, depth, Side::Cats)
}

/// The model's decision for `side` to move in `p` at `depth`.
fn decide_for(p: &Position, depth: u8, side: Side) -> Decision {
    let root = p.with_to_move(side);
    let mut model = Model {
        depth,
        killers: [0xFF; 8],
        nodes: 0,
        evals: 0,
        boards: vec![None; depth as usize + 1],
    };
    model.boards[0] = Some((root, 0x80, 0));
    let (value, mv) = model.search(&root, 0, 0x00, 0xFF);
    if let Some(board) = &mut model.boards[0] {
        board.1 = value;
    }
    Decision {
        mv,
        value,
        nodes: model.nodes,
        evals: model.evals,
        boards: model.boards,
    }
}

// ---------------------------------------------------------------------------------------
// The emulated AI
// ---------------------------------------------------------------------------------------

/// What the 6502 decided.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Emulated {
    mv: u8,
    value: u8,
    nodes: u32,
    evals: u32,
    cycles: u64,
}

fn board_bytes(p: &Position, turn: u8) -> [u8; BOARD_LEN] {
    let mut b = Board::new(p.to_matrix());
    b.turn = turn;
    b.bytes()
}

/// Puts `p` into tableroActual (cats to move), runs juegaGatos with IRQs masked.
fn run_ai(m: &mut Machine, p: &Position, depth: u8) -> Emulated {
    run_side(m, p, depth, Side::Cats)
}

/// Puts `p` into tableroActual with `side` to move and runs that side's entry
/// (juegaGatos or juegaRaton).
fn run_side(m: &mut Machine, p: &Position, depth: u8, side: Side) -> Emulated {
    m.write(sym("tableroActual"), &board_bytes(p, side.turn_byte()));
    call_ai(m, depth, side)
}

/// Runs juegaGatos / juegaRaton on whatever tableroActual holds, IRQs masked.
fn call_ai(m: &mut Machine, depth: u8, side: Side) -> Emulated {
    let entry = match side {
        Side::Cats => "juegaGatos",
        Side::Mouse => "juegaRaton",
    };
    set(m, "profundidad", depth);
    let regs = m.regs();
    m.set_regs(Regs {
        p: regs.p | FLAG_I,
        x: 0x5A,
        y: 0xA5,
        ..regs
    });
    let result = m
        .call(entry, AI_BUDGET)
        .unwrap_or_else(|stop| panic!("{entry} did not return: {stop:?}"));
    assert_eq!((result.regs.x, result.regs.y), (0x5A, 0xA5), "X and Y kept");
    Emulated {
        mv: get(m, "jgJugada"),
        value: get(m, "jgValor"),
        nodes: u32::from(get(m, "jgNodosLo")) | u32::from(get(m, "jgNodosHi")) << 8,
        evals: u32::from(get(m, "jgEvalLo")) | u32::from(get(m, "jgEvalHi")) << 8,
        cycles: result.cycles,
    }
}

/// One line of the golden data: (position, E, move, value, nodes, evals).
fn vectors() -> Vec<(Position, u8, u8, u8, u32, u32)> {
    VECTORS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let parts: Vec<&str> = line.split('|').collect();
            let squares: Vec<u8> = parts[0]
                .split_whitespace()
                .map(|s| s.parse().expect("offset"))
                .collect();
            let e: u8 = parts[1].trim().parse().expect("E");
            let r: Vec<u32> = parts[2]
                .split_whitespace()
                .map(|s| s.parse().expect("number"))
                .collect();
            let cats = [
                square_at(squares[1]),
                square_at(squares[2]),
                square_at(squares[3]),
                square_at(squares[4]),
            ];
            let p = Position::new(square_at(squares[0]), cats, Side::Cats).expect("position");
            (p, e, r[0] as u8, r[1] as u8, r[2], r[3])
        })
        .collect()
}

/// Every byte of the fields named `prefix` + a capital letter, each up to the next label
/// (so multi-byte fields such as `evGatos` or `mmRaton` count whole).
fn field_bytes(prefixes: &[&str]) -> BTreeSet<u16> {
    let mut labels: Vec<u16> = program()
        .address_labels()
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    labels.sort_unstable();
    labels.dedup();
    fields(prefixes)
        .into_iter()
        .flat_map(|start| {
            let end = labels
                .iter()
                .copied()
                .find(|&a| a > start)
                .unwrap_or(start + 1);
            start..end
        })
        .collect()
}

/// What juegaGatos at `depth` may write: its own fields (ev*, jg*, mm*, gh*), the
/// tree's free pointer, tableroActual and the tree boards 0..=depth.
fn ai_writable(depth: u8) -> BTreeSet<u16> {
    let mut allowed = field_bytes(&["ev", "jg", "mm", "gh", "arbolLibre"]);
    allowed.extend(range(sym("tableroActual"), BOARD_LEN));
    allowed.extend(range(tree_board(0), usize::from(depth + 1) * BOARD_LEN));
    allowed
}

fn tree_board(level: u8) -> u16 {
    sym("tableroArbol") + u16::from(level) * BOARD_LEN as u16
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[test]
fn the_model_reproduces_the_golden_vectors() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 344);
    for (p, e, mv, value, nodes, evals) in vectors {
        assert_eq!(static_eval(&p), e, "E of {p:?}");
        let d = decide(&p, 3);
        assert_eq!(
            (d.mv, d.value, d.nodes, d.evals),
            (Some(mv), value, nodes, evals),
            "{p:?}"
        );
    }
}

#[test]
fn evalua_tablero_matches_every_golden_evaluation() {
    let mut m = machine();
    let board = sym("tableroActual");
    for (p, e, ..) in vectors() {
        m.write(board, &board_bytes(&p, TURN_CATS));
        set_ptr(&mut m, "evTablero", board);
        let called = call_checked(&mut m, "evaluaTablero");
        assert_eq!(get(&m, "evValor"), e, "E of {p:?}");
        called.assert_only_changed("evaluaTablero", &field_bytes(&["ev"]));
    }
}

#[test]
fn evalua_tablero_reports_distance_region_and_mobility() {
    let mut m = machine();
    let board = sym("tableroActual");
    // Closed in: the cats fill row 0 (the first golden position, E = 101).
    let mut b = Board::new(matrix([
        "G.G.G.G.", "........", "........", "........", "........", "........", "..R.....",
        "........",
    ]));
    b.turn = TURN_CATS;
    put_board(&mut m, board, &b);
    set_ptr(&mut m, "evTablero", board);
    call_checked(&mut m, "evaluaTablero");
    assert_eq!(
        get(&m, "evDistancia"),
        0xFF,
        "row 0 is full: no free square"
    );
    assert_eq!(get(&m, "evRegion"), 28);
    assert_eq!(get(&m, "evJugadas"), 4);
    assert_eq!(get(&m, "evValor"), 17 + 2 * 28 + 16 + 12);
    // A free path of 4 steps from (4,4); 3 moves (a cat on (5,5)); one edge cat on (2,0).
    let b = Board::new(matrix([
        "........", ".G......", "G.......", "........", "....R...", ".....G..", "......G.",
        "........",
    ]));
    put_board(&mut m, board, &b);
    call_checked(&mut m, "evaluaTablero");
    assert_eq!(get(&m, "evDistancia"), 4);
    assert_eq!(get(&m, "evJugadas"), 3);
    let p = Position::from_matrix(&b.matrix, Side::Cats).expect("position");
    assert_eq!(get(&m, "evValor"), static_eval(&p));
    assert_eq!(static_eval(&p), 161 + 15 - 4 + 5 + 12 + 12);
    // No mouse: neutral value.
    put_board(&mut m, board, &Board::new([0; 64]));
    call_checked(&mut m, "evaluaTablero");
    assert_eq!(get(&m, "evValor"), 0x80);
}

#[test]
fn juega_gatos_reproduces_every_golden_decision() {
    let mut m = machine();
    let mut worst = 0;
    let mut total = 0;
    for (p, _, mv, value, nodes, evals) in vectors() {
        let got = run_ai(&mut m, &p, 3);
        assert_eq!(
            (got.mv, got.value, got.nodes, got.evals),
            (mv, value, nodes, evals),
            "decision in {p:?}"
        );
        worst = worst.max(got.cycles);
        total += got.cycles;
    }
    assert!(worst <= 985_248, "a depth-3 move took {worst} cycles");
    assert!(total > 0);
}

#[test]
fn juega_gatos_matches_the_model_on_random_positions_at_every_depth() {
    let mut m = machine();
    let mut rng = XorShift64::new(0x5259_4741);
    let mut checked = 0;
    while checked < 120 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Cats {
            continue;
        }
        for depth in 1..=4u8 {
            let want = decide(&p, depth);
            let got = run_ai(&mut m, &p, depth);
            assert_eq!(
                (got.mv, got.value, got.nodes, got.evals),
                (
                    want.mv.unwrap_or(SIN_JUGADA),
                    want.value,
                    want.nodes,
                    want.evals
                ),
                "depth {depth} in {p:?}"
            );
        }
        checked += 1;
    }
}

/// Checks every tree board against the model after one decision. Boards the call did
/// not make must still hold the fill pattern.
fn assert_tree(m: &Machine, p: &Position, depth: u8, want: &Decision) {
    for level in 0..=depth {
        let addr = tree_board(level);
        let bytes = board_at(m, addr);
        match &want.boards[level as usize] {
            None => assert!(
                bytes.iter().all(|&b| b == 0x5E),
                "board {level} was not made but changed"
            ),
            Some((pos, value, slots)) => {
                let turn = pos.to_move().turn_byte();
                let mut b = Board::new(pos.to_matrix());
                b.level = level;
                b.turn = turn;
                b.value = *value;
                b.parent = if level == 0 { 0 } else { tree_board(level - 1) };
                for slot in 0..8 {
                    if slots & (1 << slot) != 0 {
                        b.children[slot] = tree_board(level + 1);
                    }
                }
                assert_eq!(
                    bytes,
                    b.bytes().to_vec(),
                    "board {level} at ${addr:04X} after the decision in {p:?}"
                );
            }
        }
    }
}

#[test]
fn tree_boards_hold_levels_turns_links_and_values() {
    let mut m = machine();
    let mut rng = XorShift64::new(88);
    let mut positions = vec![Position::initial().with_to_move(Side::Cats)];
    positions.extend(vectors().into_iter().step_by(7).map(|v| v.0));
    while positions.len() < 120 {
        let p = random_position(&mut rng);
        if p.to_move() == Side::Cats {
            positions.push(p);
        }
    }
    for p in positions {
        for depth in 1..=3u8 {
            let area = usize::from(depth + 1) * BOARD_LEN;
            m.write(tree_board(0), &vec![0x5E; 6 * BOARD_LEN]);
            let want = decide(&p, depth);
            run_ai(&mut m, &p, depth);
            assert_tree(&m, &p, depth, &want);
            // Nothing past the boards of this depth.
            assert!(
                m.read(tree_board(0) + area as u16, 6 * BOARD_LEN - area)
                    .iter()
                    .all(|&b| b == 0x5E)
            );
            assert_eq!(get_ptr(&m, "arbolLibre"), tree_board(depth + 1));
        }
    }
}

#[test]
fn the_root_links_every_legal_cat_move_and_keeps_the_first_lowest_value() {
    let mut m = machine();
    let start = Position::initial()
        .apply(Move::Mouse { dir: 0 })
        .expect("mouse to (6,2)");
    let got = run_ai(&mut m, &start, 3);
    assert_eq!((got.mv, got.value, got.nodes, got.evals), (1, 0x56, 63, 46));
    let root = board_at(&m, tree_board(0));
    assert_eq!(&root[..6], &[0xAA, 0xAA, 0xAA, 0, TURN_CATS, 0x56]);
    assert_eq!(&root[6..8], &[0, 0], "the root has no parent");
    // Row 0 cats: cat 0 can only go right (move 1); cats 1-3 both ways: moves 1..7.
    let child = tree_board(1).to_le_bytes();
    for slot in 0..8 {
        let link = &root[8 + 2 * slot..10 + 2 * slot];
        if slot == 0 {
            assert_eq!(link, &[0, 0], "move 0 is off the board");
        } else {
            assert_eq!(link, &child, "move {slot} was searched");
        }
    }
    // The level-1 board holds the last root child: cat 3 to (1,7).
    let level1 = board_at(&m, tree_board(1));
    assert_eq!(level1[3], 1);
    assert_eq!(level1[4], TURN_MOUSE);
    assert_eq!(&level1[6..8], &tree_board(0).to_le_bytes());
    assert_eq!(level1[24 + 8 + 7], CAT);
    assert_eq!(level1[24 + 6], EMPTY);
}

#[test]
fn juega_gatos_plays_on_tablero_actual_and_touches_only_its_areas() {
    let mut m = machine();
    let board = sym("tableroActual");
    let mut rng = XorShift64::new(7);
    let allowed = ai_writable(3);
    let mut played = 0;
    while played < 40 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Cats || p.is_over() {
            continue;
        }
        m.write(board, &board_bytes(&p, TURN_CATS));
        set(&mut m, "profundidad", 3);
        let regs = m.regs();
        m.set_regs(Regs {
            p: regs.p | FLAG_I,
            ..regs
        });
        let called = call_checked(&mut m, "juegaGatos");
        called.assert_only_changed("juegaGatos", &allowed);
        let want = decide(&p, 3);
        let mv = want.mv.expect("the cats can move");
        let after = play(&p, move_of(Side::Cats, mv)).expect("legal");
        let mut b = Board::new(after.to_matrix());
        b.turn = TURN_MOUSE;
        b.value = want.value;
        assert_eq!(
            board_at(&m, board),
            b.bytes().to_vec(),
            "tableroActual after {p:?}"
        );
        assert_eq!(get(&m, "jgGato"), mv / 2);
        assert_eq!(get(&m, "jgDireccion"), mv % 2);
        let cat = p.cats()[usize::from(mv / 2)];
        assert_eq!(get(&m, "jgDesde"), offset(cat));
        let to = p
            .destination(move_of(Side::Cats, mv))
            .expect("on the board");
        assert_eq!(get(&m, "jgHasta"), offset(to));
        played += 1;
    }
}

#[test]
fn juega_gatos_without_a_cat_move_or_a_position_changes_nothing_on_the_board() {
    let mut m = machine();
    let board = sym("tableroActual");
    // Every cat blocked: cats on row 7.
    let mut blocked = Board::new(matrix([
        "........", "........", "........", "...R....", "........", "........", "........",
        "G.G.G.G.",
    ]));
    blocked.turn = TURN_CATS;
    put_board(&mut m, board, &blocked);
    call_checked(&mut m, "juegaGatos");
    assert_eq!(get(&m, "jgJugada"), SIN_JUGADA);
    assert_eq!(get(&m, "jgValor"), 0xFF);
    assert_eq!(get(&m, "jgNodosLo"), 0);
    assert_eq!(board_at(&m, board), blocked.bytes().to_vec());
    // No mouse, and only three cats.
    for rows in [
        [
            "G.G.G.G.", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        [
            "G.G.G...", "........", "........", "........", "........", "........", "........",
            "...R....",
        ],
    ] {
        let mut b = Board::new(matrix(rows));
        b.turn = TURN_CATS;
        put_board(&mut m, board, &b);
        call_checked(&mut m, "juegaGatos");
        assert_eq!(get(&m, "jgJugada"), TABLERO_INVALIDO);
        assert_eq!(board_at(&m, board), b.bytes().to_vec());
    }
}

#[test]
fn out_of_range_depths_mean_the_default() {
    let mut m = machine();
    let p = Position::initial()
        .apply(Move::Mouse { dir: 1 })
        .expect("legal");
    let want = run_ai(&mut m, &p, 3);
    for depth in [0u8, 6, 0x80, 0xFF] {
        let got = run_ai(&mut m, &p, depth);
        assert_eq!(got.mv, want.mv);
        assert_eq!(
            (got.value, got.nodes, got.evals),
            (want.value, want.nodes, want.evals)
        );
        assert_eq!(
            get(&m, "profundidad"),
            depth,
            "the setting itself is left alone"
        );
    }
}

/// Plays `games` random-mouse games against the AI at `depth`. After every cat move:
/// a legal move (or an honest "no move"), only the AI's own fields, tableroActual and
/// the tree boards changed (zero-page pointers $FB-$FE and the stack aside), and the
/// $AA $AA $AA prefix of tableroActual and of every tree board made so far is intact.
/// Returns (games the mouse won, cat moves played).
fn random_games(games: usize, seed: u64, depth: u8) -> (usize, usize) {
    let mut m = machine();
    let mut rng = XorShift64::new(seed);
    let board = sym("tableroActual");
    let allowed = ai_writable(depth);
    let untouched: Vec<Vec<u8>> = (0..=depth).map(|l| board_at(&m, tree_board(l))).collect();
    let mut mouse_wins = 0;
    let mut cat_moves = 0;
    for _ in 0..games {
        let mut p = Position::initial();
        while let Some(mv) = rng.pick(&p.legal_moves()) {
            p = p.apply(mv).expect("legal mouse move");
            if p.mouse().row() == 0 {
                mouse_wins += 1;
                break;
            }
            let before = m.ram().to_vec();
            let sp = m.regs().sp;
            let got = run_ai(&mut m, &p, depth);
            cat_moves += 1;
            let stray: Vec<String> = before
                .iter()
                .zip(m.ram())
                .enumerate()
                .filter(|(_, (old, new))| old != new)
                .map(|(a, _)| a)
                .filter(|&a| !allowed.contains(&(a as u16)))
                .filter(|a| !(0xFB..=0xFE).contains(a))
                .filter(|&a| !(0x100..=0x100 + usize::from(sp)).contains(&a))
                .map(|a| format!("${a:04X}"))
                .collect();
            assert!(stray.is_empty(), "juegaGatos wrote {stray:?} in {p:?}");
            let after_board = board_at(&m, board);
            assert_eq!(&after_board[..3], &[0xAA; 3], "tableroActual prefix");
            for level in 0..=depth {
                let b = board_at(&m, tree_board(level));
                assert!(
                    b[..3] == [0xAA; 3] || b == untouched[level as usize],
                    "board {level} prefix"
                );
            }
            if got.mv == SIN_JUGADA {
                assert!(p.cat_moves().is_empty(), "no move claimed in {p:?}");
                mouse_wins += 1;
                break;
            }
            let next = play(&p, move_of(Side::Cats, got.mv)).expect("a legal cat move");
            assert_eq!(&after_board[24..], &next.to_matrix()[..], "tableroActual");
            p = next;
        }
    }
    (mouse_wins, cat_moves)
}

#[test]
fn random_mouse_games_never_beat_depth_three() {
    let (wins, moves) = random_games(60, 2026, 3);
    assert_eq!(wins, 0);
    assert!(moves > 300);
}

#[test]
#[ignore = "1000 games, about 45 s on two cores; run with --ignored"]
fn a_thousand_random_mouse_games_never_beat_depth_three() {
    // Two halves with their own seeds and machines, one per core.
    let halves: Vec<(usize, usize)> = std::thread::scope(|s| {
        let runs: Vec<_> = [1u64, 2]
            .into_iter()
            .map(|seed| s.spawn(move || random_games(500, seed, 3)))
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("no panic"))
            .collect()
    });
    let wins: usize = halves.iter().map(|h| h.0).sum();
    let moves: usize = halves.iter().map(|h| h.1).sum();
    assert_eq!(wins, 0);
    assert!(moves > 5000, "{moves} cat moves");
}

#[test]
fn every_cat_move_of_the_golden_data_keeps_the_win() {
    let solver = Solver::new();
    for (p, _, mv, ..) in vectors() {
        let after = p.apply(move_of(Side::Cats, mv)).expect("legal");
        assert!(solver.cats_keep_win(&p, &after), "{p:?} move {mv}");
    }
}

/// Plays scripted mouse moves against the AI, checking each cat reply (move, value) and
/// tableroActual after it; returns the final position (mouse to move).
fn scripted_game(depth: u8, line: &[(u8, u8, Option<u8>)]) -> Position {
    let mut m = machine();
    let mut p = Position::initial();
    for (ply, &(mouse, cats, value)) in line.iter().enumerate() {
        p = p
            .apply(Move::Mouse { dir: mouse })
            .expect("legal mouse move");
        let got = run_ai(&mut m, &p, depth);
        assert_eq!(got.mv, cats, "cat move {ply}");
        if let Some(value) = value {
            assert_eq!(got.value, value, "value of cat move {ply}");
        }
        p = p.apply(move_of(Side::Cats, cats)).expect("legal cat move");
        let mut b = Board::new(p.to_matrix());
        b.value = got.value;
        assert_eq!(
            board_at(&m, sym("tableroActual")),
            b.bytes().to_vec(),
            "after cat move {ply}"
        );
    }
    p
}

#[test]
fn the_longest_line_against_depth_three_ends_with_the_mouse_trapped() {
    let line = [
        (0, 1, 0x56),
        (0, 1, 0x54),
        (0, 1, 0x5D),
        (1, 1, 0x50),
        (0, 4, 0x4E),
        (2, 2, 0x4C),
        (2, 0, 0x55),
        (0, 0, 0x44),
        (2, 1, 0xB2),
        (1, 4, 0xB3),
        (2, 1, 0xB4),
        (2, 7, 0x40),
        (0, 1, 0x3A),
        (2, 4, 0x3C),
        (2, 0, 0x3D),
        (0, 0, 0x38),
        (3, 1, 0x2B),
        (0, 7, 0x2D),
        (2, 1, 0x21),
        (2, 1, 0x27),
        (0, 1, 0x1C),
        (2, 4, 0x1B),
        (0, 5, 0x03),
        (2, 1, 0x01),
    ]
    .map(|(mouse, cats, value)| (mouse, cats, Some(value)));
    let end = scripted_game(3, &line);
    assert_eq!(
        end.winner(),
        Some(Side::Cats),
        "48 plies, then the mouse cannot move"
    );
}

#[test]
fn the_shortest_mouse_win_against_depth_one() {
    let line = [
        (0, 1),
        (1, 1),
        (1, 1),
        (1, 1),
        (1, 1),
        (3, 4),
        (3, 5),
        (3, 6),
        (1, 4),
        (0, 0),
        (1, 3),
        (0, 0),
    ]
    .map(|(mouse, cats)| (mouse, cats, None));
    let end = scripted_game(1, &line);
    let last = end.apply(Move::Mouse { dir: 0 }).expect("legal");
    assert_eq!(last.mouse().row(), 0);
    assert_eq!(last.winner(), Some(Side::Mouse));
}

/// The proof in small (tools/ryg-proof has the full report): every mouse strategy from
/// the start against the emulated depth-3 cats, memoised by position.
#[test]
fn every_mouse_strategy_loses_against_depth_three() {
    let solver = Solver::new();
    let mut m = machine();
    let mut seen = BTreeSet::from([Position::initial()]);
    let mut asked: BTreeSet<Position> = BTreeSet::new();
    let mut stack = vec![Position::initial()];
    let mut mouse_wins = 0;
    let mut worst = 0;
    while let Some(p) = stack.pop() {
        for mv in p.mouse_moves() {
            let q = p.apply(mv).expect("legal mouse move");
            if q.mouse().row() == 0 {
                mouse_wins += 1;
                continue;
            }
            if !asked.insert(q) {
                continue;
            }
            let got = run_ai(&mut m, &q, 3);
            worst = worst.max(got.cycles);
            if got.mv == SIN_JUGADA {
                mouse_wins += 1;
                continue;
            }
            let next = q
                .apply(move_of(Side::Cats, got.mv))
                .expect("legal cat move");
            assert!(
                solver.cats_keep_win(&q, &next),
                "the cats threw the win in {q:?}"
            );
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    assert_eq!(mouse_wins, 0);
    assert_eq!((seen.len(), asked.len()), (285, 344));
    assert!(worst <= 985_248, "{worst} cycles");
}

/// Any bytes at all in tableroActual: juegaGatos returns, writes only its own areas and
/// either plays a cat (one $FF byte moves one row down) or reports it could not.
#[test]
fn juega_gatos_survives_arbitrary_boards() {
    let mut m = machine();
    let mut rng = XorShift64::new(0xBAD);
    let board = sym("tableroActual");
    let allowed = ai_writable(3);
    for _ in 0..300 {
        let mut bytes = [0u8; BOARD_LEN];
        for b in &mut bytes {
            *b = match rng.below(10) {
                0..=5 => EMPTY,
                6 => MOUSE,
                7 | 8 => CAT,
                _ => rng.below(256) as u8,
            };
        }
        m.write(board, &bytes);
        set(&mut m, "profundidad", 3);
        let called = call_checked(&mut m, "juegaGatos");
        called.assert_only_changed("juegaGatos", &allowed);
        let after = board_at(&m, board);
        let mv = get(&m, "jgJugada");
        if mv == SIN_JUGADA || mv == TABLERO_INVALIDO {
            assert_eq!(after, bytes.to_vec(), "nothing played, nothing changed");
            continue;
        }
        let (from, to) = (
            usize::from(get(&m, "jgDesde")),
            usize::from(get(&m, "jgHasta")),
        );
        assert_eq!((bytes[from], bytes[to]), (CAT, EMPTY));
        assert_eq!((after[from], after[to]), (EMPTY, CAT));
        assert!(to == from + 7 || to == from + 9, "one row down, diagonally");
        let changed: Vec<usize> = (0..BOARD_LEN).filter(|&i| after[i] != bytes[i]).collect();
        assert!(
            changed.iter().all(|&i| [from, to, 4, 5].contains(&i)),
            "{changed:?}"
        );
    }
}

#[test]
fn juega_raton_matches_the_model_with_the_mouse_at_the_root() {
    let mut m = machine();
    let mut rng = XorShift64::new(0x4D4F_5553);
    let board = sym("tableroActual");
    let mut checked = 0;
    while checked < 80 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Mouse || p.is_over() {
            continue;
        }
        for depth in 1..=4u8 {
            m.write(tree_board(0), &vec![0x5E; 6 * BOARD_LEN]);
            let want = decide_for(&p, depth, Side::Mouse);
            let got = run_side(&mut m, &p, depth, Side::Mouse);
            let mv = want.mv.expect("the mouse can move");
            assert_eq!(
                (got.mv, got.value, got.nodes, got.evals),
                (mv, want.value, want.nodes, want.evals),
                "depth {depth} in {p:?}"
            );
            if depth <= 3 {
                assert_tree(&m, &p, depth, &want);
            }
            let after = p.apply(Move::Mouse { dir: mv }).expect("legal");
            let mut b = Board::new(after.to_matrix());
            b.turn = TURN_CATS;
            b.value = want.value;
            assert_eq!(board_at(&m, board), b.bytes().to_vec(), "tableroActual");
            assert_eq!(
                (get(&m, "jgDireccion"), get(&m, "jgGato")),
                (mv, 0xFF),
                "move fields"
            );
            assert_eq!(get(&m, "jgDesde"), offset(p.mouse()));
            assert_eq!(get(&m, "jgHasta"), offset(after.mouse()));
        }
        checked += 1;
    }
}

#[test]
fn juega_raton_without_a_mouse_move_changes_nothing_on_the_board() {
    let mut m = machine();
    let board = sym("tableroActual");
    let trapped = Board::new(matrix([
        "G.......", "........", "........", "........", "........", "G.......", ".G.G....",
        "..R.....",
    ]));
    let mut b = trapped;
    b.children[0] = 0x1234; // tableroActual's own links are left alone
    put_board(&mut m, board, &b);
    let regs = m.regs();
    m.set_regs(Regs {
        p: regs.p | FLAG_I,
        ..regs
    });
    let called = call_checked(&mut m, "juegaRaton");
    called.assert_only_changed("juegaRaton", &ai_writable(3));
    assert_eq!(get(&m, "jgJugada"), SIN_JUGADA);
    assert_eq!(get(&m, "jgValor"), 0x00);
    assert_eq!(board_at(&m, board), b.bytes().to_vec());
}

/// C64 against C64 as a demo mode would play it: juegaRaton and juegaGatos take turns
/// on tableroActual with nothing else touching it.
#[test]
fn c64_against_c64_the_cats_win() {
    for mouse_depth in 1..=3u8 {
        let mut m = machine();
        let board = sym("tableroActual");
        m.write(board, &board_bytes(&Position::initial(), TURN_MOUSE));
        let mut p = Position::initial();
        let mut plies = 0;
        let winner = loop {
            let side = p.to_move();
            let depth = if side == Side::Mouse { mouse_depth } else { 3 };
            let want = decide_for(&p, depth, side);
            let got = call_ai(&mut m, depth, side);
            let Some(mv) = want.mv else {
                assert_eq!(got.mv, SIN_JUGADA);
                break side.opponent();
            };
            assert_eq!((got.mv, got.value), (mv, want.value), "ply {plies}");
            p = p.apply(move_of(side, mv)).expect("legal");
            plies += 1;
            let mut b = Board::new(p.to_matrix());
            b.turn = p.to_move().turn_byte();
            b.value = got.value;
            assert_eq!(board_at(&m, board), b.bytes().to_vec(), "ply {plies}");
            if let Some(winner) = p.winner() {
                break winner;
            }
        };
        assert_eq!(
            winner,
            Side::Cats,
            "mouse depth {mouse_depth}, {plies} plies"
        );
    }
}
