//! Tableros.asm: the 88-byte board and the routines that read and write its fields.

use crate::common::*;
use crate::*;

#[test]
fn inicializa_tablero_writes_the_initial_position_over_garbage() {
    let mut m = machine();
    m.write(PARENT - 16, &[0x55; 120]);
    set_ptr(&mut m, "itTablero", PARENT);
    let c = call_checked(&mut m, "inicializaTablero");
    let expected = initial_board().to_bytes();
    assert_eq!(board_at(&m, PARENT), expected);
    #[rustfmt::skip]
    assert_eq!(&expected[..24], &[0xAA, 0xAA, 0xAA, 0x00, 0x01, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    c.assert_only_changed(
        "inicializaTablero",
        &union(&[&fields(&["it"]), &range(PARENT, BOARD_LEN)]),
    );
}

/// fija<Field> writes one header byte and nothing else; dame<Field> reads it back.
fn check_byte_field(fija: &str, dame: &str, fp: &str, dp: &str, field: &str, offset: usize) {
    for (name, board) in scenarios() {
        for value in [0x00, 0x01, 0x7F, 0x80, 0xFF] {
            let mut m = machine();
            put_board(&mut m, PARENT, &board);
            set_ptr(&mut m, &format!("{fp}Tablero"), PARENT);
            set(&mut m, &format!("{fp}{field}"), value);
            let c = call_checked(&mut m, fija);
            let mut expected = board.to_bytes();
            expected[offset] = value;
            assert_eq!(
                board_at(&m, PARENT),
                expected,
                "{fija} {value:#04x} on {name}"
            );
            c.assert_only_changed(
                fija,
                &union(&[&fields(&[fp]), &range(PARENT + offset as u16, 1)]),
            );

            set_ptr(&mut m, &format!("{dp}Tablero"), PARENT);
            let c = call_checked(&mut m, dame);
            assert_eq!(get(&m, &format!("{dp}{field}")), value, "{dame} on {name}");
            c.assert_only_changed(dame, &fields(&[dp]));
        }
    }
}

#[test]
fn fija_and_dame_nivel() {
    check_byte_field("fijaNivel", "dameNivel", "fn", "dn", "Nivel", OFFSET_LEVEL);
}

#[test]
fn fija_and_dame_turno() {
    check_byte_field("fijaTurno", "dameTurno", "ft", "dt", "Turno", OFFSET_TURN);
}

#[test]
fn fija_and_dame_valor() {
    check_byte_field("fijaValor", "dameValor", "fv", "dv", "Valor", OFFSET_VALUE);
}

#[test]
fn fija_and_dame_padre() {
    for (name, board) in scenarios() {
        for parent in [0x0000u16, 0x1234, 0xFFFF, 0x9FA8] {
            let mut m = machine();
            put_board(&mut m, PARENT, &board);
            set_ptr(&mut m, "fpTablero", PARENT);
            set_ptr(&mut m, "fpPadre", parent);
            let c = call_checked(&mut m, "fijaPadre");
            let mut expected = board;
            expected.parent = parent;
            assert_eq!(
                board_at(&m, PARENT),
                expected.to_bytes(),
                "fijaPadre {parent:#06x} on {name}"
            );
            c.assert_only_changed(
                "fijaPadre",
                &union(&[&fields(&["fp"]), &range(PARENT + 6, 2)]),
            );

            set_ptr(&mut m, "dpTablero", PARENT);
            let c = call_checked(&mut m, "damePadre");
            assert_eq!(get_ptr(&m, "dpPadre"), parent);
            c.assert_only_changed("damePadre", &fields(&["dp"]));
        }
    }
}

#[test]
fn fija_and_dame_hijo_for_every_slot() {
    let board = scenario("mid-game");
    for n in 0..8u8 {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        let child = 0x7000 + u16::from(n) * 0x0101;
        set_ptr(&mut m, "fhTablero", PARENT);
        set(&mut m, "fhNumHijo", n);
        set_ptr(&mut m, "fhHijo", child);
        let c = call_checked(&mut m, "fijaHijo");
        let mut expected = board;
        expected.children[n as usize] = child;
        assert_eq!(board_at(&m, PARENT), expected.to_bytes(), "fijaHijo {n}");
        let slot = PARENT + (OFFSET_CHILDREN + 2 * n as usize) as u16;
        c.assert_only_changed("fijaHijo", &union(&[&fields(&["fh"]), &range(slot, 2)]));

        for k in 0..8u8 {
            set_ptr(&mut m, "dhTablero", PARENT);
            set(&mut m, "dhNumHijo", k);
            let c = call_checked(&mut m, "dameHijo");
            assert_eq!(
                get_ptr(&m, "dhHijo"),
                expected.children[k as usize],
                "dameHijo {k}"
            );
            c.assert_only_changed("dameHijo", &fields(&["dh"]));
        }
    }
}

#[test]
fn hijo_numbers_above_7_touch_nothing() {
    let board = scenario("mid-game");
    for n in [8u8, 9, 0x80, 0xFF] {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "fhTablero", PARENT);
        set(&mut m, "fhNumHijo", n);
        set_ptr(&mut m, "fhHijo", 0xBEEF);
        let c = call_checked(&mut m, "fijaHijo");
        assert_eq!(board_at(&m, PARENT), board.to_bytes());
        c.assert_only_changed("fijaHijo", &fields(&["fh"]));

        set_ptr(&mut m, "dhTablero", PARENT);
        set(&mut m, "dhNumHijo", n);
        set_ptr(&mut m, "dhHijo", 0xBEEF);
        let c = call_checked(&mut m, "dameHijo");
        assert_eq!(get_ptr(&m, "dhHijo"), 0);
        c.assert_only_changed("dameHijo", &fields(&["dh"]));
    }
}

#[test]
fn dame_offset_maps_every_square_and_rejects_the_rest() {
    let mut m = machine();
    let coords: Vec<u8> = (0..=9).chain([0x7F, 0x80, 0xFE, 0xFF]).collect();
    for &row in &coords {
        for &col in &coords {
            set(&mut m, "doFila", row);
            set(&mut m, "doColumna", col);
            let c = call_xy(&mut m, "dameOffset", (row, col));
            let expected = if row < 8 && col < 8 {
                24 + 8 * row + col
            } else {
                0xFF
            };
            assert_eq!(get(&m, "doOffset"), expected, "dameOffset({row}, {col})");
            c.assert_only_changed("dameOffset", &fields(&["do"]));
        }
    }
}

#[test]
fn dame_fila_col_inverts_dame_offset_for_every_byte() {
    let mut m = machine();
    for offset in 0..=255u8 {
        set(&mut m, "dfcOffset", offset);
        let c = call_xy(&mut m, "dameFilaCol", (offset, !offset));
        let expected = if (24..88).contains(&offset) {
            ((offset - 24) / 8, (offset - 24) % 8)
        } else {
            (0xFF, 0xFF)
        };
        assert_eq!(
            (get(&m, "dfcFila"), get(&m, "dfcColumna")),
            expected,
            "dameFilaCol({offset})"
        );
        c.assert_only_changed("dameFilaCol", &fields(&["dfc"]));
    }
}

#[test]
fn fija_contenido_writes_exactly_one_square() {
    for (name, board) in scenarios() {
        for row in 0..8u8 {
            for col in 0..8u8 {
                let mut m = machine();
                put_board(&mut m, PARENT, &board);
                let piece = [EMPTY, MOUSE, CAT][usize::from(row + col) % 3];
                set_ptr(&mut m, "fcTablero", PARENT);
                set(&mut m, "fcFila", row);
                set(&mut m, "fcColumna", col);
                set(&mut m, "fcContenido", piece);
                let c = call_checked(&mut m, "fijaContenido");
                let mut expected = board;
                expected.put(row.into(), col.into(), piece);
                assert_eq!(
                    board_at(&m, PARENT),
                    expected.to_bytes(),
                    "fijaContenido({row}, {col}) on {name}"
                );
                let square = PARENT + u16::from(24 + 8 * row + col);
                c.assert_only_changed(
                    "fijaContenido",
                    &union(&[&fields(&["fc", "do"]), &range(square, 1)]),
                );
            }
        }
    }
}

#[test]
fn fija_contenido_ignores_squares_off_the_board() {
    let board = scenario("mid-game");
    for (row, col) in [
        (8, 0),
        (0, 8),
        (0xFF, 3),
        (3, 0xFF),
        (8, 8),
        (0xFF, 0xFF),
        (0x40, 1),
    ] {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "fcTablero", PARENT);
        set(&mut m, "fcFila", row);
        set(&mut m, "fcColumna", col);
        set(&mut m, "fcContenido", MOUSE);
        let c = call_checked(&mut m, "fijaContenido");
        assert_eq!(board_at(&m, PARENT), board.to_bytes());
        c.assert_only_changed("fijaContenido", &fields(&["fc", "do"]));
    }
}

#[test]
fn dame_contenido_reads_every_square_and_off_board_as_blocked() {
    for (name, board) in scenarios() {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        for row in (0..=8u8).chain([0xFF]) {
            for col in (0..=8u8).chain([0xFF]) {
                set_ptr(&mut m, "dcTablero", PARENT);
                set(&mut m, "dcFila", row);
                set(&mut m, "dcColumna", col);
                let c = call_checked(&mut m, "dameContenido");
                let expected = if row < 8 && col < 8 {
                    board.at(row.into(), col.into())
                } else {
                    0xFF
                };
                assert_eq!(
                    get(&m, "dcContenido"),
                    expected,
                    "dameContenido({row}, {col}) on {name}"
                );
                c.assert_only_changed("dameContenido", &fields(&["dc", "do"]));
            }
        }
        assert_eq!(board_at(&m, PARENT), board.to_bytes());
    }
}

#[test]
fn dame_raton_finds_the_mouse_or_says_ff() {
    for (name, board) in scenarios() {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "drTablero", PARENT);
        let c = call_checked(&mut m, "dameRaton");
        let expected = offsets_of(&board, MOUSE).first().copied().unwrap_or(0xFF);
        assert_eq!(get(&m, "drOffset"), expected, "dameRaton on {name}");
        c.assert_only_changed("dameRaton", &fields(&["dr"]));
    }
    assert_eq!(offsets_of(&initial_board(), MOUSE), [24 + 7 * 8 + 3]);
}

#[test]
fn dame_gato_counts_cats_in_row_major_order() {
    let mut three = scenario("mid-game");
    three.put(2, 4, EMPTY);
    let mut cases = scenarios();
    cases.push(("three cats", three));
    cases.push((
        "no cats",
        board(matrix([
            "........", "........", "........", "...R....", "........", "........", "........",
            "........",
        ])),
    ));
    for (name, board) in cases {
        let cats = offsets_of(&board, CAT);
        for n in [0u8, 1, 2, 3, 4, 0xFF] {
            let mut m = machine();
            put_board(&mut m, PARENT, &board);
            set_ptr(&mut m, "dgTablero", PARENT);
            set(&mut m, "dgNumGato", n);
            let c = call_checked(&mut m, "dameGato");
            let expected = cats.get(usize::from(n)).copied().unwrap_or(0xFF);
            assert_eq!(get(&m, "dgOffset"), expected, "dameGato({n}) on {name}");
            c.assert_only_changed("dameGato", &fields(&["dg"]));
        }
    }
}

#[test]
fn copia_tablero_sin_hijos_copies_88_bytes_and_clears_the_children() {
    for (name, board) in scenarios() {
        let mut source = board;
        source.children = [0x1111, 0x2222, 0, 0x4444, 0x5555, 0x6666, 0x7777, 0x8888];
        let mut m = machine();
        put_board(&mut m, PARENT, &source);
        m.write(OTHER - 8, &[0x77; 104]);
        set_ptr(&mut m, "ctOrigen", PARENT);
        set_ptr(&mut m, "ctDestino", OTHER);
        let c = call_checked(&mut m, "copiaTableroSinHijos");
        let mut expected = source;
        expected.children = [0; 8];
        assert_eq!(board_at(&m, OTHER), expected.to_bytes(), "copy of {name}");
        assert_eq!(
            board_at(&m, PARENT),
            source.to_bytes(),
            "source of {name} unchanged"
        );
        c.assert_only_changed(
            "copiaTableroSinHijos",
            &union(&[&fields(&["ct"]), &range(OTHER, BOARD_LEN)]),
        );
    }
}

#[test]
fn dame_num_hijos_counts_the_non_null_pointers() {
    let cases: [([u16; 8], u8); 5] = [
        ([0; 8], 0),
        ([0x5000, 0, 0, 0, 0, 0, 0, 0], 1),
        ([0x5000, 0x5058, 0x50B0, 0, 0, 0, 0, 0], 3),
        ([0, 0x0100, 0, 0x0001, 0, 0, 0, 0xFFFF], 3),
        ([0x6000; 8], 8),
    ];
    for (children, count) in cases {
        let mut board = scenario("mid-game");
        board.children = children;
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "dnhTablero", PARENT);
        let c = call_checked(&mut m, "dameNumHijos");
        assert_eq!(get(&m, "dnhNumHijos"), count, "{children:04x?}");
        c.assert_only_changed("dameNumHijos", &fields(&["dnh"]));
    }
}

#[test]
fn dame_datos_basicos_returns_level_turn_and_value() {
    for (name, board) in scenarios() {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "ddbTablero", PARENT);
        let c = call_checked(&mut m, "dameDatosBasicos");
        let got = (
            get(&m, "ddbNivel"),
            get(&m, "ddbTurno"),
            get(&m, "ddbValor"),
        );
        assert_eq!(got, (board.level, board.turn, board.value), "{name}");
        c.assert_only_changed("dameDatosBasicos", &fields(&["ddb"]));
    }
}
