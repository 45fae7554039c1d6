//! Evalua.asm: the static evaluation REC and what its BFS reports.

use rygsolve::{Position, Side};

use crate::common::ia::*;
use crate::common::*;
use crate::modelo::*;

#[test]
fn evalua_tablero_matches_every_golden_evaluation() {
    let mut m = search_machine();
    let actual = sym("tableroActual");
    for (p, e, ..) in vectors() {
        m.write(actual, &board_bytes(&p, TURN_CATS));
        set_ptr(&mut m, "evTablero", actual);
        let called = call_checked(&mut m, "evaluaTablero");
        assert_eq!(get(&m, "evValor"), e, "E of {p:?}");
        called.assert_only_changed("evaluaTablero", &field_bytes(&["ev"]));
    }
}

#[test]
fn evalua_tablero_reports_distance_region_and_mobility() {
    let mut m = search_machine();
    let actual = sym("tableroActual");
    // Closed in: the cats fill row 0 (the first golden position, E = 101).
    let mut b = board(matrix([
        "G.G.G.G.", "........", "........", "........", "........", "........", "..R.....",
        "........",
    ]));
    b.turn = TURN_CATS;
    put_board(&mut m, actual, &b);
    set_ptr(&mut m, "evTablero", actual);
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
    let b = board(matrix([
        "........", ".G......", "G.......", "........", "....R...", ".....G..", "......G.",
        "........",
    ]));
    put_board(&mut m, actual, &b);
    call_checked(&mut m, "evaluaTablero");
    assert_eq!(get(&m, "evDistancia"), 4);
    assert_eq!(get(&m, "evJugadas"), 3);
    let p = Position::from_matrix(&b.matrix, Side::Cats).expect("position");
    assert_eq!(get(&m, "evValor"), static_eval(&p));
    assert_eq!(static_eval(&p), 161 + 15 - 4 + 5 + 12 + 12);
    // No mouse: neutral value.
    put_board(&mut m, actual, &board([0; 64]));
    call_checked(&mut m, "evaluaTablero");
    assert_eq!(get(&m, "evValor"), 0x80);
}
