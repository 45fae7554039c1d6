//! Calling RYG's AI (asm/Minimax.asm, asm/Estrategia.asm) from the tests, and the
//! proof against every mouse strategy that `tools/ryg-proof` runs in full.

use std::collections::{BTreeMap, BTreeSet};

use c64emu::{Machine, Regs};
use rygsolve::{Lines, Move, Position, Side, Solver, every_mouse_line};

use super::*;

/// `jgJugada` when the side to move cannot move.
pub const SIN_JUGADA: u8 = 0xFF;
/// `jgJugada` when tableroActual holds no position.
pub const TABLERO_INVALIDO: u8 = 0xFE;
/// Cycle limit for one AI call; depth 5 needs a few million.
pub const AI_BUDGET: u64 = 50_000_000;
/// The interrupt-disable bit of P: with it set no IRQ runs, so RAM diffs are the AI's own.
pub const FLAG_I: u8 = 0x04;
/// One PAL second of 6502 cycles: the budget for a cat move.
pub const PAL_SECOND: u64 = 985_248;
/// The budget the AI is held to: one PAL second less what VIC-II badlines steal with
/// the screen on (about 1,000 of every 19,656 cycles of a frame, 5 %).
pub const MOVE_BUDGET: u64 = 930_000;

/// Cats to play on `bytes`, an arbitrary (often invalid) board written to tableroActual
/// with depth 3: the AI writes only within `allowed`, and either reports it could not play
/// (the board unchanged) or moves one cat. Returns the move and the board after it.
pub fn cats_on_arbitrary_board(
    m: &mut Machine,
    bytes: &[u8; BOARD_LEN],
    allowed: &BTreeSet<u16>,
) -> Option<(usize, usize, Vec<u8>)> {
    let actual = sym("tableroActual");
    m.write(actual, bytes);
    set(m, "profundidad", 3);
    let called = call_checked(m, "juegaGatos");
    called.assert_only_changed("juegaGatos", allowed);
    let after = board_at(m, actual);
    let mv = get(m, "jgJugada");
    if mv == SIN_JUGADA || mv == TABLERO_INVALIDO {
        assert_eq!(after, bytes.to_vec(), "nothing played, nothing changed");
        return None;
    }
    let (from, to) = (
        usize::from(get(m, "jgDesde")),
        usize::from(get(m, "jgHasta")),
    );
    assert_eq!((bytes[from], bytes[to]), (CAT, EMPTY));
    assert_eq!((after[from], after[to]), (EMPTY, CAT));
    Some((from, to, after))
}

/// A board of mostly empty squares, mice and cats, and some bytes that are none of them.
pub fn arbitrary_board(rng: &mut rygsolve::random::XorShift64) -> [u8; BOARD_LEN] {
    let mut bytes = [0u8; BOARD_LEN];
    for b in &mut bytes {
        *b = match rng.below(10) {
            0..=5 => EMPTY,
            6 => MOUSE,
            7 | 8 => CAT,
            _ => rng.below(256) as u8,
        };
    }
    bytes
}

/// A machine whose level-3 cats only search (`jgConTabla` = 0): the engine of levels
/// 1 and 2, and of level 3 outside its strategy table.
pub fn search_machine() -> Machine {
    let mut m = machine();
    set(&mut m, "jgConTabla", 0);
    m
}

/// What the 6502 decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emulated {
    pub mv: u8,
    pub value: u8,
    pub nodes: u32,
    pub evals: u32,
    pub cycles: u64,
    /// The move came from the strategy table (`jgDeTabla`).
    pub from_table: bool,
}

/// The 88 bytes of a level-0 board holding `p` with turn byte `turn`.
pub fn board_bytes(p: &Position, turn: u8) -> [u8; BOARD_LEN] {
    let mut b = board(p.to_matrix());
    b.turn = turn;
    b.to_bytes()
}

/// Move `number` of `side` as the program numbers it (`2 * cat + dir` for the cats).
pub fn move_of(side: Side, number: u8) -> Move {
    match side {
        Side::Mouse => Move::Mouse { dir: number },
        Side::Cats => Move::Cat {
            cat: number / 2,
            dir: number % 2,
        },
    }
}

/// Puts `p` into tableroActual (cats to move) and runs juegaGatos.
pub fn run_ai(m: &mut Machine, p: &Position, depth: u8) -> Emulated {
    run_side(m, p, depth, Side::Cats)
}

/// Puts `p` into tableroActual with `side` to move and runs that side's entry
/// (juegaGatos or juegaRaton).
pub fn run_side(m: &mut Machine, p: &Position, depth: u8, side: Side) -> Emulated {
    m.write(sym("tableroActual"), &board_bytes(p, side.turn_byte()));
    call_ai(m, depth, side)
}

/// Runs juegaGatos / juegaRaton on whatever tableroActual holds, IRQs masked; X and Y
/// must come back unchanged.
pub fn call_ai(m: &mut Machine, depth: u8, side: Side) -> Emulated {
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
        from_table: get(m, "jgDeTabla") == 0xFF,
    }
}

/// What juegaGatos at `depth` may write: its own fields (ev*, jg*, mm*, gh*), the
/// tree's free pointer, tableroActual and the tree boards 0..=depth.
pub fn ai_writable(depth: u8) -> BTreeSet<u16> {
    let mut allowed = field_bytes(&["ev", "jg", "mm", "gh", "arbolLibre"]);
    allowed.extend(range(sym("tableroActual"), BOARD_LEN));
    allowed.extend(range(tree_board(0), usize::from(depth + 1) * BOARD_LEN));
    allowed
}

pub fn tree_board(level: u8) -> u16 {
    sym("tableroArbol") + u16::from(level) * BOARD_LEN as u16
}

/// Every mouse strategy from the start against the emulated cats: the figures
/// `tools/ryg-proof` prints.
#[derive(Debug)]
pub struct Proof {
    /// Every game the cats allow, by length and winner.
    pub lines: Lines,
    /// Distinct mouse-to-move positions met, the start and finished ones included.
    pub mouse_positions: usize,
    /// Distinct cat-to-move positions the AI was asked.
    pub cat_positions: usize,
    /// Distinct finished positions the mouse won.
    pub mouse_wins: usize,
    /// Cat moves made, and those among the solver's best moves (the fastest win).
    pub moves: usize,
    pub optimal: usize,
    /// Cat moves that turned a won position into a lost one.
    pub threw_win: usize,
    /// Cat moves the strategy table gave.
    pub from_table: usize,
    pub max_cycles: u64,
    pub mean_cycles: u64,
    /// Cat moves over one PAL second.
    pub over_second: usize,
    /// Boards generated and static evaluations per cat move: maximum and mean.
    pub max_nodes: u32,
    pub mean_nodes: f64,
    pub max_evals: u32,
    pub mean_evals: f64,
}

/// Runs the proof on `m` (its `jgConTabla` chooses the engine) at `depth`. Every cat
/// move must be legal; each cat-to-move position is asked once (the AI is
/// deterministic).
pub fn prove(m: &mut Machine, depth: u8, solver: &Solver) -> Proof {
    let start = Position::initial();
    let mut seen = BTreeSet::from([start]);
    let mut replies: BTreeMap<Position, Option<Move>> = BTreeMap::new();
    let mut mouse_won: BTreeSet<Position> = BTreeSet::new();
    let mut stack = vec![start];
    let (mut moves, mut optimal, mut threw_win, mut from_table) = (0, 0, 0, 0);
    let (mut max_cycles, mut sum_cycles, mut over_second) = (0, 0, 0);
    let (mut max_nodes, mut sum_nodes, mut max_evals, mut sum_evals) = (0, 0u64, 0, 0u64);
    while let Some(p) = stack.pop() {
        for mv in p.mouse_moves() {
            let q = p.apply(mv).expect("legal mouse move");
            if q.mouse().row() == 0 {
                mouse_won.insert(q);
                continue;
            }
            if replies.contains_key(&q) {
                continue;
            }
            let got = run_ai(m, &q, depth);
            max_cycles = max_cycles.max(got.cycles);
            sum_cycles += got.cycles;
            over_second += usize::from(got.cycles > PAL_SECOND);
            from_table += usize::from(got.from_table);
            max_nodes = max_nodes.max(got.nodes);
            sum_nodes += u64::from(got.nodes);
            max_evals = max_evals.max(got.evals);
            sum_evals += u64::from(got.evals);
            if got.mv == SIN_JUGADA {
                assert!(q.cat_moves().is_empty(), "no move claimed in {q:?}");
                replies.insert(q, None);
                mouse_won.insert(q);
                continue;
            }
            let cat = move_of(Side::Cats, got.mv);
            let next = q.apply(cat).expect("a legal cat move");
            replies.insert(q, Some(cat));
            moves += 1;
            optimal += usize::from(solver.best_moves(&q).contains(&cat));
            threw_win += usize::from(
                solver.outcome(&q).winner == Side::Cats
                    && solver.outcome(&next).winner == Side::Mouse,
            );
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    let lines = every_mouse_line(&start, |p| replies.get(p).copied().flatten())
        .expect("the replies make a game tree");
    let asked = replies.len();
    Proof {
        lines,
        mouse_positions: seen.len(),
        cat_positions: asked,
        mouse_wins: mouse_won.len(),
        moves,
        optimal,
        threw_win,
        from_table,
        max_cycles,
        mean_cycles: (sum_cycles + asked as u64 / 2) / asked.max(1) as u64,
        over_second,
        max_nodes,
        mean_nodes: sum_nodes as f64 / asked.max(1) as f64,
        max_evals,
        mean_evals: sum_evals as f64 / asked.max(1) as f64,
    }
}

/// The games of a distribution as `plies:count` pairs, as ryg-proof prints them.
pub fn lengths(games: &BTreeMap<u16, u128>) -> String {
    games
        .iter()
        .map(|(plies, count)| format!("{plies}:{count}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The last line `tools/ryg-proof` prints for this proof.
pub fn proof_line(proof: &Proof) -> String {
    format!(
        "mouse_wins={} positions={} max_cycles={} mean_cycles={} max_plies={} optimal_moves={}/{}",
        proof.mouse_wins,
        proof.mouse_positions + proof.cat_positions,
        proof.max_cycles,
        proof.mean_cycles,
        proof.lines.max_plies(),
        proof.optimal,
        proof.moves
    )
}

/// Holds column `column` (1 = before the strategy table, 2 = with it) of the table of
/// game lengths in docs/ryg-ai.md to the games the proof counted: one row per length
/// (an empty cell is none), then the total.
pub fn check_game_lengths_in_docs(proof: &Proof, column: usize) {
    assert!(
        proof.lines.mouse_wins.is_empty(),
        "the table counts cat wins only"
    );
    let rows = docs::table(&docs::doc("ryg-ai.md"), "plies");
    let mut documented = BTreeMap::new();
    let mut total = None;
    for row in &rows {
        let cell = &row[column];
        match row[0].as_str() {
            "all games" => total = Some(docs::number(cell)),
            plies if !cell.is_empty() => {
                documented.insert(docs::number(plies) as u16, docs::number(cell));
            }
            _ => {}
        }
    }
    assert_eq!(
        documented, proof.lines.cats_win,
        "docs/ryg-ai.md, game lengths, column {column}"
    );
    assert_eq!(
        total,
        Some(proof.lines.games()),
        "docs/ryg-ai.md, all games"
    );
    let games = proof.lines.games() as f64;
    let plies: f64 = proof
        .lines
        .cats_win
        .iter()
        .map(|(&p, &n)| f64::from(p) * n as f64)
        .sum();
    let mean = format!("{:.1}", plies / games);
    let sentence = if column == 1 {
        format!("falls from {mean} to")
    } else {
        format!(" to {mean} plies")
    };
    assert!(
        docs::doc("ryg-ai.md").contains(&sentence),
        "docs/ryg-ai.md gives the mean game length: {sentence}"
    );
}

/// Holds the row of docs/ryg-ai.md's figures table whose first cell is `label` to the
/// proof.
pub fn check_figures_row_in_docs(label: &str, proof: &Proof) {
    let t = |n: usize| docs::thousands(n as u128);
    let want = vec![
        label.to_string(),
        proof.mouse_wins.to_string(),
        t(proof.mouse_positions + proof.cat_positions),
        proof.threw_win.to_string(),
        format!("{}/{}", t(proof.optimal), t(proof.moves)),
        proof.lines.max_plies().to_string(),
        docs::thousands(u128::from(proof.max_cycles)),
        docs::thousands(u128::from(proof.mean_cycles)),
        format!("{} / {:.1}", proof.max_nodes, proof.mean_nodes),
        format!("{} / {:.1}", proof.max_evals, proof.mean_evals),
    ];
    let rows = docs::table(&docs::doc("ryg-ai.md"), "depth");
    let row = rows
        .iter()
        .find(|r| r[0] == label)
        .unwrap_or_else(|| panic!("docs/ryg-ai.md has no figures row `{label}`"));
    assert_eq!(row, &want, "docs/ryg-ai.md figures, {label}");
}
