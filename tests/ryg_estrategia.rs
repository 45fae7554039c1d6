//! The level-3 cats (asm/Estrategia.asm, asm/TablaEstrategia.asm, asm/Minimax.asm): the
//! strategy table is exactly what the exact solver gives, the 6502 finds every entry
//! and nothing else, and against every mouse strategy the cats win as fast as perfect
//! play allows (44 plies from the start). See docs/ryg-ai.md.

mod common;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use c64emu::Machine;
use common::ia::*;
use common::*;
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{Move, Position, Side, Solver, Strategy};

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

fn strategy() -> &'static Strategy {
    static STRATEGY: OnceLock<Strategy> = OnceLock::new();
    STRATEGY.get_or_init(|| {
        Strategy::fastest(solver(), &Position::initial()).expect("the cats win the start")
    })
}

const TABLE_SOURCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/TablaEstrategia.asm");

/// The table in the program's memory, decoded: (position, move number, plies).
fn table_in_memory(m: &Machine) -> Vec<(Position, u8, u8)> {
    let mut at = sym("tblEstrategia");
    let mut out = Vec::new();
    loop {
        let head = m.read(at, 5);
        if head[0] == 0 {
            break;
        }
        let cats = [0, 1, 2, 3].map(|i| square_at(head[i]));
        for k in 0..u16::from(head[4]) {
            let entry = m.read(at + 5 + 3 * k, 3);
            let p = Position::new(square_at(entry[0]), cats, Side::Cats).expect("a position");
            assert_eq!(
                p.cats().map(offset),
                [0, 1, 2, 3].map(|i| head[i]),
                "scan order"
            );
            out.push((p, entry[1], entry[2]));
        }
        at += 5 + 3 * u16::from(head[4]);
    }
    assert_eq!(
        usize::from(at + 1 - sym("tblEstrategia")),
        strategy().table_len()
    );
    out
}

/// Fields the level-3 AI may write besides its search's.
fn writable() -> BTreeSet<u16> {
    let mut allowed = ai_writable(3);
    allowed.extend(field_bytes(&["be"]));
    allowed
}

#[test]
fn the_table_is_exactly_what_the_solver_gives() {
    let source = std::fs::read_to_string(TABLE_SOURCE).expect("asm/TablaEstrategia.asm");
    let generated = strategy().to_asm();
    assert!(
        source == generated,
        "asm/TablaEstrategia.asm is not what the solver gives: run tools/ryg-table"
    );
    assert_eq!(
        (
            strategy().len(),
            strategy().cat_sets(),
            strategy().table_len()
        ),
        (455, 152, 2126)
    );
    // The assembled bytes say the same, entry by entry.
    let entries = table_in_memory(&machine());
    assert_eq!(entries.len(), strategy().len());
    for (p, mv, plies) in entries {
        let reply = strategy().reply(&p).expect("a position of the strategy");
        assert_eq!(move_of(Side::Cats, mv), reply.mv, "{p:?}");
        assert_eq!(u16::from(plies), reply.plies, "{p:?}");
    }
}

#[test]
fn every_move_of_the_table_keeps_the_shortest_win() {
    for (p, reply) in strategy().iter() {
        let before = solver().outcome(p);
        assert_eq!(before.winner, Side::Cats, "{p:?}");
        assert_eq!(before.plies, reply.plies, "{p:?}");
        let after = p.apply(reply.mv).expect("a legal move");
        let judgement = solver().judge_cat_move(p, &after).expect("a cat move");
        assert!(judgement.is_optimal(), "{p:?}: {judgement:?}");
    }
}

#[test]
fn busca_estrategia_finds_every_position_of_the_table_and_nothing_else() {
    let mut m = machine();
    let load = |m: &mut Machine, p: &Position| {
        set(m, "evRaton", offset(p.mouse()));
        m.write(sym("evGatos"), &p.cats().map(offset));
    };
    let allowed = field_bytes(&["be"]);
    for (p, reply) in strategy().iter() {
        load(&mut m, p);
        let called = call_xy(&mut m, "buscaEstrategia", (0x5A, 0xA5));
        called.assert_only_changed("buscaEstrategia", &allowed);
        assert_eq!(called.regs.p & 1, 0, "carry clear: found {p:?}");
        assert_eq!(move_of(Side::Cats, get(&m, "beJugada")), reply.mv);
        assert_eq!(u16::from(get(&m, "beDistancia")), reply.plies);
    }
    let mut rng = XorShift64::new(0x7AB1A);
    let mut missing = 0;
    while missing < 2000 {
        let p = random_position(&mut rng).with_to_move(Side::Cats);
        if strategy().reply(&p).is_some() {
            continue;
        }
        load(&mut m, &p);
        let called = call_xy(&mut m, "buscaEstrategia", (0x5A, 0xA5));
        called.assert_only_changed("buscaEstrategia", &allowed);
        assert_eq!(called.regs.p & 1, 1, "carry set: not in the table {p:?}");
        assert_eq!(get(&m, "beJugada"), 0xFF);
        missing += 1;
    }
}

#[test]
fn level_3_plays_the_table_move_in_every_position_it_holds() {
    let mut m = machine();
    let untouched = vec![0x5E; 4 * BOARD_LEN];
    let mut worst = 0;
    for (p, reply) in strategy().iter() {
        m.write(tree_board(0), &untouched);
        let got = run_ai(&mut m, p, 3);
        worst = worst.max(got.cycles);
        assert!(got.from_table, "{p:?}");
        assert_eq!(move_of(Side::Cats, got.mv), reply.mv, "{p:?}");
        assert_eq!(
            u16::from(got.value),
            reply.plies,
            "a cats' win in that many plies"
        );
        assert_eq!((got.nodes, got.evals), (0, 0), "nothing searched");
        // tableroActual holds the move; the tree holds the root only.
        let after = p.apply(reply.mv).expect("legal");
        let mut b = board(after.to_matrix());
        b.value = got.value;
        assert_eq!(board_at(&m, sym("tableroActual")), b.to_bytes().to_vec());
        let mut root = board(p.to_matrix());
        root.turn = TURN_CATS;
        root.value = got.value;
        assert_eq!(board_at(&m, tree_board(0)), root.to_bytes().to_vec());
        assert_eq!(
            m.read(tree_board(1), 3 * BOARD_LEN as u16),
            untouched[..3 * BOARD_LEN]
        );
        assert_eq!(get_ptr(&m, "arbolLibre"), tree_board(1));
    }
    assert!(worst <= MOVE_BUDGET, "a table move took {worst} cycles");
    assert!(worst < 20_000, "a look-up stays cheap: {worst} cycles");
}

/// Outside the table level 3 is the depth-3 search, the same as with the table off.
#[test]
fn outside_the_table_level_3_searches() {
    let mut with_table = machine();
    let mut search = search_machine();
    let mut rng = XorShift64::new(0x5EA2C4);
    let mut checked = 0;
    while checked < 60 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Cats || strategy().reply(&p).is_some() {
            continue;
        }
        let got = run_ai(&mut with_table, &p, 3);
        let want = run_ai(&mut search, &p, 3);
        assert!(!got.from_table);
        assert_eq!(
            (got.mv, got.value, got.nodes, got.evals),
            (want.mv, want.value, want.nodes, want.evals),
            "{p:?}"
        );
        assert_eq!(
            board_at(&with_table, sym("tableroActual")),
            board_at(&search, sym("tableroActual"))
        );
        checked += 1;
    }
    // Levels 1, 2 (and the unoffered 4, 5) never look at the table.
    for (p, _) in strategy().iter().step_by(40) {
        for depth in [1, 2, 4] {
            let got = run_ai(&mut with_table, p, depth);
            let want = run_ai(&mut search, p, depth);
            assert!(!got.from_table);
            assert_eq!(
                (got.mv, got.value, got.nodes),
                (want.mv, want.value, want.nodes)
            );
        }
    }
}

/// The proof in small (`tools/ryg-proof` prints the same): every mouse strategy from the
/// start against the level-3 cats. They never lose, every move keeps the shortest win,
/// so no game lasts longer than 44 plies, and every move is a table look-up well
/// within one PAL second.
#[test]
fn every_mouse_strategy_loses_within_44_plies_against_level_3() {
    let proof = prove(&mut machine(), 3, solver());
    assert_eq!(proof.mouse_wins, 0);
    assert_eq!(proof.threw_win, 0);
    assert_eq!(proof.lines.max_plies(), 44);
    assert_eq!((proof.optimal, proof.moves), (455, 455));
    assert_eq!(proof.cat_positions, strategy().len());
    assert_eq!(proof.from_table, proof.cat_positions);
    assert!(proof.max_cycles <= MOVE_BUDGET);
    check_game_lengths_in_docs(&proof, 2);
    check_figures_row_in_docs("**3 (perfect, default)**", &proof);
    let line = proof_line(&proof);
    let text = docs::doc("ryg-ai.md");
    assert!(
        text.contains(&format!("{line}\n")),
        "docs/ryg-ai.md shows `tools/ryg-proof`'s last line: {line}"
    );
    let worst = u128::from(proof.max_cycles);
    for figure in [
        format!("The slowest move takes {} cycles", docs::thousands(worst)),
        format!(
            "worst level-3 move stays {} cycles under that",
            docs::thousands(u128::from(MOVE_BUDGET) - worst)
        ),
    ] {
        assert!(text.contains(&figure), "docs/ryg-ai.md: {figure}");
    }
    assert!(
        docs::doc("performance.md").contains(&format!("`{line}`")),
        "docs/performance.md shows the proof's last line: {line}"
    );
}

/// The demo's C64 mouse (juegaRaton, the search) holds out as long as perfect play
/// allows against the level-3 cats and against the solver's own perfect cats: every
/// mouse move is one of longest resistance, and the cats win in 44 plies.
#[test]
fn juega_raton_holds_out_44_plies_against_perfect_cats() {
    for cats_from_the_emulator in [true, false] {
        let mut m = machine();
        m.write(
            sym("tableroActual"),
            &board_bytes(&Position::initial(), TURN_MOUSE),
        );
        let mut p = Position::initial();
        let mut plies = 0;
        while !p.is_over() {
            let side = p.to_move();
            let mv = if side == Side::Mouse || cats_from_the_emulator {
                let got = call_ai(&mut m, 3, side);
                move_of(side, got.mv)
            } else {
                let mv = solver().best_moves(&p)[0];
                let next = p.apply(mv).expect("legal");
                m.write(sym("tableroActual"), &board_bytes(&next, TURN_MOUSE));
                mv
            };
            assert!(
                solver().best_moves(&p).contains(&mv),
                "ply {plies}: {mv} is not a best move in {p:?}"
            );
            p = p.apply(mv).expect("legal");
            plies += 1;
            let matrix = &board_at(&m, sym("tableroActual"))[OFFSET_MATRIX..];
            assert_eq!(matrix, &p.to_matrix()[..], "ply {plies}");
        }
        assert_eq!(p.winner(), Some(Side::Cats));
        assert_eq!(plies, 44);
    }
}

/// Any bytes at all in tableroActual: with the table on, juegaGatos still returns,
/// writes only its own areas and either plays a cat or reports it could not.
#[test]
fn level_3_survives_arbitrary_boards() {
    let mut m = machine();
    let mut rng = XorShift64::new(0xB0A2D);
    let actual = sym("tableroActual");
    let allowed = writable();
    for _ in 0..200 {
        cats_on_arbitrary_board(&mut m, &arbitrary_board(&mut rng), &allowed);
    }
    // And every position of the table, played from tableroActual with its links set.
    for (p, reply) in strategy().iter().step_by(25) {
        let mut b = board(p.to_matrix());
        b.turn = TURN_CATS;
        b.children[3] = 0x1234;
        b.level = 9;
        put_board(&mut m, actual, &b);
        let called = call_checked(&mut m, "juegaGatos");
        called.assert_only_changed("juegaGatos", &allowed);
        let after = p.apply(reply.mv).expect("legal");
        let mut want = b;
        want.matrix = after.to_matrix();
        want.turn = TURN_MOUSE;
        want.value = reply.plies as u8;
        assert_eq!(
            board_at(&m, actual),
            want.to_bytes().to_vec(),
            "links and level kept"
        );
        assert!(matches!(
            move_of(Side::Cats, get(&m, "jgJugada")),
            Move::Cat { .. }
        ));
    }
}
