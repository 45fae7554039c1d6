//! GenJugadas.asm: move tables, move generation, `validaJugada` and child boards,
//! also against the rules model `rygsolve` on random positions and every placement.

use std::collections::BTreeSet;

use c64emu::Machine;
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{CAT_DELTAS, MOUSE_DELTAS, Move, Position, Side, Square};

use crate::common::*;
use crate::*;

/// Results of the child-making routines.
const JUGADA_OK: u8 = 0x00;

const JUGADA_INVALIDA: u8 = 0xFF;

const SIN_HUECO: u8 = 0xFE;

const SIN_MEMORIA: u8 = 0xFD;

#[test]
fn move_tables_hold_the_blog_deltas() {
    let m = machine();
    assert_eq!(m.read(sym("tblRatonF"), 4), [0xFF, 0xFF, 0x01, 0x01]);
    assert_eq!(m.read(sym("tblRatonC"), 4), [0xFF, 0x01, 0x01, 0xFF]);
    assert_eq!(m.read(sym("tablaGatosF"), 2), [0x01, 0x01]);
    assert_eq!(m.read(sym("tablaGatosC"), 2), [0xFF, 0x01]);
}

#[test]
fn genera_jugada_raton_adds_the_table_deltas() {
    let mut m = machine();
    for row in (0..8u8).chain([0xFF]) {
        for col in (0..8u8).chain([0xFF]) {
            for jugada in 0..=5u8 {
                set(&mut m, "gjrFila", row);
                set(&mut m, "gjrColumna", col);
                set(&mut m, "gjrJugada", jugada);
                let c = call_checked(&mut m, "generaJugadaRaton");
                let expected = MOUSE_DELTAS
                    .get(usize::from(jugada))
                    .map_or((0xFF, 0xFF), |&d| step(row, col, d));
                let got = (get(&m, "gjrNuevaFila"), get(&m, "gjrNuevaColumna"));
                assert_eq!(got, expected, "generaJugadaRaton({row}, {col}, {jugada})");
                c.assert_only_changed("generaJugadaRaton", &fields(&["gjr"]));
            }
        }
    }
}

#[test]
fn genera_jugada_gato_finds_the_cat_and_steps_down() {
    for (name, board) in scenarios() {
        let cats = offsets_of(&board, CAT);
        for cat in 0..=4u8 {
            for jugada in 0..=2u8 {
                let mut m = machine();
                put_board(&mut m, PARENT, &board);
                set_ptr(&mut m, "gjgTablero", PARENT);
                set(&mut m, "gjgNumGato", cat);
                set(&mut m, "gjgJugada", jugada);
                let c = call_checked(&mut m, "generaJugadaGato");
                let from = cats
                    .get(usize::from(cat))
                    .map(|&o| ((o - 24) / 8, (o - 24) % 8));
                let (from_expected, to_expected) = match (from, CAT_DELTAS.get(usize::from(jugada)))
                {
                    (Some((r, c)), Some(&d)) => ((r, c), step(r, c, d)),
                    (Some(rc), None) => (rc, (0xFF, 0xFF)),
                    (None, _) => ((0xFF, 0xFF), (0xFF, 0xFF)),
                };
                let got_from = (get(&m, "gjgFila"), get(&m, "gjgColumna"));
                let got_to = (get(&m, "gjgNuevaFila"), get(&m, "gjgNuevaColumna"));
                assert_eq!(
                    (got_from, got_to),
                    (from_expected, to_expected),
                    "cat {cat} move {jugada} on {name}"
                );
                c.assert_only_changed("generaJugadaGato", &fields(&["gjg", "dg", "dfc"]));
            }
        }
    }
}

#[test]
fn valida_jugada_rejects_off_board_and_occupied_squares() {
    for (name, board) in scenarios() {
        let mut m = machine();
        // The current board elsewhere must not matter: validaJugada works on any board.
        put_board(&mut m, sym("tableroActual"), &initial_board());
        put_board(&mut m, PARENT, &board);
        for row in (0..=8u8).chain([0xFF]) {
            for col in (0..=8u8).chain([0xFF]) {
                set_ptr(&mut m, "vjTablero", PARENT);
                set(&mut m, "vjFila", row);
                set(&mut m, "vjColumna", col);
                let c = call_checked(&mut m, "validaJugada");
                let expected = if free(&board, row, col) { 0x00 } else { 0xFF };
                assert_eq!(
                    get(&m, "vjValida"),
                    expected,
                    "validaJugada({row}, {col}) on {name}"
                );
                c.assert_only_changed("validaJugada", &fields(&["vj", "dc", "do"]));
            }
        }
    }
}

/// Fields the child-making routines may change besides the boards.
fn child_fields(own: &str) -> BTreeSet<u16> {
    fields(&[
        own, "gjr", "gjg", "dr", "dg", "dfc", "vj", "dc", "do", "ch", "dh", "ct", "dn", "fn", "fp",
        "fh", "fc", "ft", "arbol",
    ])
}

/// A machine with `board` at PARENT and the tree's free pointer at `free`.
fn tree_machine(board: &Board, free: u16) -> Machine {
    let mut m = machine();
    put_board(&mut m, PARENT, board);
    set_ptr(&mut m, "arbolLibre", free);
    m
}

/// A piece moved from one square to another (row, column).
#[derive(Clone, Copy)]
struct Moved {
    from: (u8, u8),
    to: (u8, u8),
    piece: u8,
}

/// Checks the parent, the child and the free pointer after a child-making call.
/// `moved` is the move the child must show, or None when no child may be made.
fn check_child(
    m: &Machine,
    c: &Called,
    label: &str,
    parent: &Board,
    moved: Option<Moved>,
    own: &str,
) {
    let result = get(m, &format!("{own}Resultado"));
    let child_ptr = get_ptr(m, &format!("{own}Hijo"));
    match moved {
        Some(Moved {
            from: (fr, fc),
            to: (tr, tc),
            piece,
        }) => {
            assert_eq!(result, JUGADA_OK, "{label}: result");
            assert_eq!(child_ptr, TREE, "{label}: child address");
            let slot = parent
                .children
                .iter()
                .position(|&p| p == 0)
                .expect("free slot");
            let mut parent_after = *parent;
            parent_after.children[slot] = TREE;
            assert_eq!(
                board_at(m, PARENT),
                parent_after.to_bytes(),
                "{label}: parent"
            );
            let mut child = *parent;
            child.level = parent.level.wrapping_add(1);
            child.turn = if piece == MOUSE {
                TURN_CATS
            } else {
                TURN_MOUSE
            };
            child.parent = PARENT;
            child.children = [0; 8];
            child.put(fr.into(), fc.into(), EMPTY);
            child.put(tr.into(), tc.into(), piece);
            assert_eq!(board_at(m, TREE), child.to_bytes(), "{label}: child");
            assert_eq!(get_ptr(m, "arbolLibre"), TREE + 88, "{label}: free pointer");
            let slot_addr = PARENT + (OFFSET_CHILDREN + 2 * slot) as u16;
            c.assert_only_changed(
                label,
                &union(&[
                    &child_fields(own),
                    &range(slot_addr, 2),
                    &range(TREE, BOARD_LEN),
                ]),
            );
        }
        None => {
            assert_eq!(result, JUGADA_INVALIDA, "{label}: result");
            assert_eq!(child_ptr, 0, "{label}: no child");
            assert_eq!(
                get_ptr(m, "arbolLibre"),
                TREE,
                "{label}: free pointer unchanged"
            );
            c.assert_only_changed(label, &child_fields(own));
        }
    }
}

#[test]
fn aplica_jugada_raton_hijo_makes_linked_children_for_legal_moves_only() {
    for (name, board) in scenarios() {
        let mouse = offsets_of(&board, MOUSE)
            .first()
            .map(|&o| ((o - 24) / 8, (o - 24) % 8));
        for jugada in 0..=4u8 {
            let mut m = tree_machine(&board, TREE);
            set_ptr(&mut m, "ajrTablero", PARENT);
            set(&mut m, "ajrJugada", jugada);
            let c = call_checked(&mut m, "aplicaJugadaRatonHijo");
            let moved = mouse.and_then(|(r, col)| {
                let (tr, tc) = step(r, col, *MOUSE_DELTAS.get(usize::from(jugada))?);
                free(&board, tr, tc).then_some(Moved {
                    from: (r, col),
                    to: (tr, tc),
                    piece: MOUSE,
                })
            });
            check_child(
                &m,
                &c,
                &format!("aplicaJugadaRatonHijo {jugada} on {name}"),
                &board,
                moved,
                "ajr",
            );
            if let Some(Moved { from, to, .. }) = moved {
                assert_eq!((get(&m, "ajrFila"), get(&m, "ajrColumna")), from);
                assert_eq!((get(&m, "ajrNuevaFila"), get(&m, "ajrNuevaColumna")), to);
            }
        }
    }
}

#[test]
fn aplica_jugada_gato_hijo_makes_linked_children_for_legal_moves_only() {
    for (name, board) in scenarios() {
        let cats = offsets_of(&board, CAT);
        for cat in 0..=4u8 {
            for jugada in 0..=2u8 {
                let mut m = tree_machine(&board, TREE);
                set_ptr(&mut m, "ajgTablero", PARENT);
                set(&mut m, "ajgNumGato", cat);
                set(&mut m, "ajgJugada", jugada);
                let c = call_checked(&mut m, "aplicaJugadaGatoHijo");
                let moved = cats.get(usize::from(cat)).and_then(|&o| {
                    let (r, col) = ((o - 24) / 8, (o - 24) % 8);
                    let (tr, tc) = step(r, col, *CAT_DELTAS.get(usize::from(jugada))?);
                    free(&board, tr, tc).then_some(Moved {
                        from: (r, col),
                        to: (tr, tc),
                        piece: CAT,
                    })
                });
                check_child(
                    &m,
                    &c,
                    &format!("aplicaJugadaGatoHijo {cat} {jugada} on {name}"),
                    &board,
                    moved,
                    "ajg",
                );
            }
        }
    }
}

#[test]
fn children_fill_the_slots_in_order_and_the_ninth_is_refused() {
    let board = initial_board();
    let mut m = tree_machine(&board, TREE);
    // Mouse moves 0 and 1 are legal on the initial board; make each four times.
    for k in 0..8u16 {
        set_ptr(&mut m, "ajrTablero", PARENT);
        set(&mut m, "ajrJugada", (k % 2) as u8);
        call_checked(&mut m, "aplicaJugadaRatonHijo");
        assert_eq!(get(&m, "ajrResultado"), JUGADA_OK);
        assert_eq!(get_ptr(&m, "ajrHijo"), TREE + 88 * k);
        let child = board_at(&m, TREE + 88 * k);
        assert_eq!(u16::from_le_bytes([child[6], child[7]]), PARENT);
    }
    let mut expected = board;
    for (k, slot) in expected.children.iter_mut().enumerate() {
        *slot = TREE + 88 * k as u16;
    }
    assert_eq!(board_at(&m, PARENT), expected.to_bytes());
    set_ptr(&mut m, "dnhTablero", PARENT);
    call_checked(&mut m, "dameNumHijos");
    assert_eq!(get(&m, "dnhNumHijos"), 8);

    set_ptr(&mut m, "ajrTablero", PARENT);
    set(&mut m, "ajrJugada", 0);
    let c = call_checked(&mut m, "aplicaJugadaRatonHijo");
    assert_eq!(get(&m, "ajrResultado"), SIN_HUECO);
    assert_eq!(get_ptr(&m, "ajrHijo"), 0);
    assert_eq!(get_ptr(&m, "arbolLibre"), TREE + 88 * 8);
    c.assert_only_changed("aplicaJugadaRatonHijo", &child_fields("ajr"));
}

#[test]
fn no_child_is_made_past_fin_arbol() {
    let board = initial_board();
    // Exactly one board fits below $A000.
    let last = 0xA000 - 88;
    let mut m = tree_machine(&board, last);
    set_ptr(&mut m, "ajgTablero", PARENT);
    set(&mut m, "ajgNumGato", 1);
    set(&mut m, "ajgJugada", 0);
    call_checked(&mut m, "aplicaJugadaGatoHijo");
    assert_eq!(get(&m, "ajgResultado"), JUGADA_OK);
    assert_eq!(get_ptr(&m, "ajgHijo"), last);
    assert_eq!(get_ptr(&m, "arbolLibre"), 0xA000);

    for free in [0xA000u16, 0xA000 - 87, 0xFFF0] {
        let mut m = tree_machine(&board, free);
        set_ptr(&mut m, "ajgTablero", PARENT);
        set(&mut m, "ajgNumGato", 1);
        set(&mut m, "ajgJugada", 0);
        let c = call_checked(&mut m, "aplicaJugadaGatoHijo");
        assert_eq!(
            get(&m, "ajgResultado"),
            SIN_MEMORIA,
            "free pointer {free:#06x}"
        );
        assert_eq!(get_ptr(&m, "arbolLibre"), free);
        assert_eq!(board_at(&m, PARENT), board.to_bytes());
        c.assert_only_changed("aplicaJugadaGatoHijo", &child_fields("ajg"));
    }
}

fn board_of(position: &Position) -> Board {
    let mut board = board(position.to_matrix());
    board.turn = position.to_move().turn_byte();
    board
}

/// Positions the model check runs on: reachable ones from random games, and random
/// placements of the five pieces on dark squares (cats on the last row, mouse on row 0).
fn model_positions(count: usize) -> Vec<Position> {
    let mut rng = XorShift64::new(0x5259_4721);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        if out.len() % 2 == 0 {
            out.push(random_position(&mut rng));
        } else {
            let squares: Vec<Square> = Square::all().collect();
            let mut pick = Vec::new();
            while pick.len() < 5 {
                let sq = squares[rng.below(squares.len())];
                if !pick.contains(&sq) {
                    pick.push(sq);
                }
            }
            let side = if rng.below(2) == 0 {
                Side::Mouse
            } else {
                Side::Cats
            };
            let position = Position::new(pick[0], [pick[1], pick[2], pick[3], pick[4]], side)
                .expect("distinct squares");
            out.push(position);
        }
    }
    out
}

fn all_moves() -> Vec<Move> {
    let mouse = (0..4).map(|dir| Move::Mouse { dir });
    let cats = (0..4).flat_map(|cat| (0..2).map(move |dir| Move::Cat { cat, dir }));
    mouse.chain(cats).collect()
}

/// Generates every move of every position with the asm (generaJugadaRaton /
/// generaJugadaGato + validaJugada) and compares with the model's board check.
/// Returns how many moves were accepted and rejected.
fn check_generation_against_model(positions: impl IntoIterator<Item = Position>) -> (usize, usize) {
    let mut m = machine();
    let mut accepted = 0usize;
    let mut rejected = 0usize;
    for position in positions {
        let position = &position;
        let board = board_of(position);
        put_board(&mut m, PARENT, &board);
        for mv in all_moves() {
            let model = position.check_on_board(mv);
            let (to, label) = match mv {
                Move::Mouse { dir } => {
                    let from = position.mouse();
                    set(&mut m, "gjrFila", from.row());
                    set(&mut m, "gjrColumna", from.col());
                    set(&mut m, "gjrJugada", dir);
                    m.call("generaJugadaRaton", CALL_BUDGET).expect("returns");
                    (
                        (get(&m, "gjrNuevaFila"), get(&m, "gjrNuevaColumna")),
                        "generaJugadaRaton",
                    )
                }
                Move::Cat { cat, dir } => {
                    set_ptr(&mut m, "gjgTablero", PARENT);
                    set(&mut m, "gjgNumGato", cat);
                    set(&mut m, "gjgJugada", dir);
                    m.call("generaJugadaGato", CALL_BUDGET).expect("returns");
                    let from = position.cats_in_scan_order()[usize::from(cat)];
                    assert_eq!(
                        (get(&m, "gjgFila"), get(&m, "gjgColumna")),
                        (from.row(), from.col()),
                        "{mv} in\n{position}"
                    );
                    (
                        (get(&m, "gjgNuevaFila"), get(&m, "gjgNuevaColumna")),
                        "generaJugadaGato",
                    )
                }
            };
            if let Some(dest) = position.destination(mv) {
                assert_eq!(to, (dest.row(), dest.col()), "{label} {mv} in\n{position}");
            }
            set_ptr(&mut m, "vjTablero", PARENT);
            set(&mut m, "vjFila", to.0);
            set(&mut m, "vjColumna", to.1);
            m.call("validaJugada", CALL_BUDGET).expect("returns");
            let valid = get(&m, "vjValida");
            assert_eq!(
                valid == 0x00,
                model.is_ok(),
                "validaJugada {mv} ({valid:#04x}) vs model {model:?} in\n{position}"
            );
            assert!(valid == 0x00 || valid == 0xFF);
            if model.is_ok() {
                accepted += 1
            } else {
                rejected += 1
            }
        }
    }
    (accepted, rejected)
}

#[test]
fn move_generation_and_validation_agree_with_the_rust_model() {
    let (accepted, rejected) = check_generation_against_model(model_positions(1200));
    assert!(
        accepted > 3000 && rejected > 3000,
        "both kinds of moves covered: {accepted} / {rejected}"
    );
}

/// Every placement of four cats and the mouse on dark squares (1,006,880 positions,
/// about 12 million checks, 1.5 minutes) with `C64KIT_FULL_CHECKS=1`
/// (`tools/full-checks`); every 8th of them (every cat placement with some mice) in CI:
/// `cargo test --test ryg_part1 -- --ignored`.
#[test]
#[ignore]
fn move_generation_and_validation_agree_with_the_model_on_every_placement() {
    let squares: Vec<Square> = Square::all().collect();
    let mut positions = Vec::new();
    for a in 0..32 {
        for b in a + 1..32 {
            for c in b + 1..32 {
                for d in c + 1..32 {
                    let cats = [squares[a], squares[b], squares[c], squares[d]];
                    for &mouse in squares.iter().filter(|sq| !cats.contains(sq)) {
                        let position = Position::new(mouse, cats, Side::Mouse).expect("distinct");
                        positions.push(position);
                    }
                }
            }
        }
    }
    assert_eq!(positions.len(), 35_960 * 28);
    let every = if full_checks() { 1 } else { 8 };
    let sample: Vec<Position> = positions.into_iter().step_by(every).collect();
    let checked = sample.len();
    let (accepted, rejected) = check_generation_against_model(sample);
    assert_eq!(accepted + rejected, checked * 12);
}

#[test]
fn child_boards_agree_with_the_rust_model() {
    let positions = model_positions(1000);
    let base = machine();
    for position in &positions {
        let board = board_of(position);
        for mv in all_moves() {
            let mut m = base.clone();
            put_board(&mut m, PARENT, &board);
            set_ptr(&mut m, "arbolLibre", TREE);
            let own = match mv {
                Move::Mouse { dir } => {
                    set_ptr(&mut m, "ajrTablero", PARENT);
                    set(&mut m, "ajrJugada", dir);
                    m.call("aplicaJugadaRatonHijo", CALL_BUDGET)
                        .expect("returns");
                    "ajr"
                }
                Move::Cat { cat, dir } => {
                    set_ptr(&mut m, "ajgTablero", PARENT);
                    set(&mut m, "ajgNumGato", cat);
                    set(&mut m, "ajgJugada", dir);
                    m.call("aplicaJugadaGatoHijo", CALL_BUDGET)
                        .expect("returns");
                    "ajg"
                }
            };
            let result = get(&m, &format!("{own}Resultado"));
            let child = board_at(&m, TREE);
            match position.check_on_board(mv) {
                Ok(to) => {
                    assert_eq!(result, JUGADA_OK, "{mv} in\n{position}");
                    let from = match mv {
                        Move::Mouse { .. } => position.mouse(),
                        Move::Cat { cat, .. } => position.cats_in_scan_order()[usize::from(cat)],
                    };
                    let mut expected = position.to_matrix();
                    expected[to.matrix_offset()] = expected[from.matrix_offset()];
                    expected[from.matrix_offset()] = EMPTY;
                    assert_eq!(&child[OFFSET_MATRIX..], &expected, "{mv} in\n{position}");
                    assert_eq!(child[OFFSET_TURN], mv.side().opponent().turn_byte());
                    // Where the model allows the move now (game not over), it agrees too.
                    if let Ok(next) = position.with_to_move(mv.side()).apply(mv) {
                        assert_eq!(
                            &child[OFFSET_MATRIX..],
                            &next.to_matrix(),
                            "{mv} in\n{position}"
                        );
                        assert_eq!(child[OFFSET_TURN], next.to_move().turn_byte());
                    }
                }
                Err(_) => {
                    assert_eq!(result, JUGADA_INVALIDA, "{mv} in\n{position}");
                    assert_eq!(get_ptr(&m, "arbolLibre"), TREE);
                }
            }
        }
    }
}
