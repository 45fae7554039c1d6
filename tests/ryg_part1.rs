//! RYG part 1 (asm/): boards, painting and move generation, called routine by routine
//! in the emulator and checked byte by byte. See docs/ryg.md.

mod common;

use std::collections::BTreeSet;

use c64emu::{Machine, Regs, Stop};
use common::*;
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{Move, Position, Side, Square};

/// Where the tests put their boards: free memory of the tree area.
const PARENT: u16 = 0x4000;
const OTHER: u16 = 0x4800;
const TREE: u16 = 0x6000;

/// Results of the child-making routines.
const JUGADA_OK: u8 = 0x00;
const JUGADA_INVALIDA: u8 = 0xFF;
const SIN_HUECO: u8 = 0xFE;
const SIN_MEMORIA: u8 = 0xFD;

const MOUSE_DELTAS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, 1), (1, -1)];
const CAT_DELTAS: [(i8, i8); 2] = [(1, -1), (1, 1)];

/// The prepared boards: (name, board). Header fields differ so a wrong offset shows.
fn scenarios() -> Vec<(&'static str, Board)> {
    let mut mid = Board::new(matrix([
        "......G.", ".G.G....", "....G...", "........", "....R...", "........", "........",
        "........",
    ]));
    mid.level = 5;
    mid.turn = TURN_CATS;
    mid.value = 0x93;
    mid.parent = 0x4321;
    mid.children = [0x5000, 0x5058, 0, 0, 0, 0, 0, 0];
    let mut corner = Board::new(matrix([
        "G.......", "........", "..G.....", "........", "....G...", "........", "......G.",
        ".......R",
    ]));
    corner.level = 2;
    let mut edge = Board::new(matrix([
        "G.......", "........", "G.......", ".......R", "G.......", "........", "G.......",
        "........",
    ]));
    edge.value = 0x01;
    let trapped = Board::new(matrix([
        "....G.G.", "........", "........", "........", "........", "........", "G.G.....",
        ".R......",
    ]));
    let mut last_row = Board::new(matrix([
        "........", "........", "........", "...G....", "....R...", ".....G..", "........",
        "G......G",
    ]));
    last_row.turn = TURN_CATS;
    let mut top = Board::new(matrix([
        "R.......", ".G......", "........", "...G....", "........", ".....G..", "........",
        ".......G",
    ]));
    top.level = 0x30;
    let mut no_mouse = Board::new(matrix([
        "G.G.....", "........", "....G...", "........", "........", ".....G..", "........",
        "........",
    ]));
    no_mouse.turn = TURN_CATS;
    vec![
        ("initial", Board::initial()),
        ("mid-game", mid),
        ("corner", corner),
        ("edge", edge),
        ("trapped mouse", trapped),
        ("cat on the last row", last_row),
        ("mouse on row 0", top),
        ("no mouse", no_mouse),
    ]
}

fn scenario(name: &str) -> Board {
    scenarios()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| b)
        .expect("scenario exists")
}

/// Offset (24..88) of each piece of a kind, in row-major order.
fn offsets_of(board: &Board, piece: u8) -> Vec<u8> {
    (0..64)
        .filter(|&i| board.matrix[i] == piece)
        .map(|i| (OFF_MATRIX + i) as u8)
        .collect()
}

/// (row, col) + delta with the byte arithmetic of the 6502 (-1 is $FF).
fn step(row: u8, col: u8, delta: (i8, i8)) -> (u8, u8) {
    (
        row.wrapping_add(delta.0 as u8),
        col.wrapping_add(delta.1 as u8),
    )
}

/// Whether a piece may move to (row, col) on `board`: on the board and empty.
fn free(board: &Board, row: u8, col: u8) -> bool {
    row < 8 && col < 8 && board.at(row as usize, col as usize) == EMPTY
}

// ---------------------------------------------------------------------------
// The program file
// ---------------------------------------------------------------------------

#[test]
fn prg_starts_with_the_basic_line_10_sys_2064_and_code_at_0810() {
    let prg = program().prg_bytes();
    assert_eq!(program().load_address, 0x0801);
    #[rustfmt::skip]
    let expected_start = [
        0x01, 0x08,             // load address $0801
        0x0B, 0x08,             // link to the next line at $080B
        0x0A, 0x00,             // line number 10
        0x9E,                   // SYS
        b'2', b'0', b'6', b'4', // "2064"
        0x00,                   // end of line
        0x00, 0x00,             // end of program
        0x00, 0x00, 0x00,       // padding up to $0810
    ];
    assert_eq!(&prg[..expected_start.len()], &expected_start);
    assert_eq!(sym("inicio"), 0x0810);
    // $0810: jsr inicializaArbol
    let init = sym("inicializaArbol");
    assert_eq!(
        &prg[2 + 0x0F..2 + 0x12],
        &[0x20, init as u8, (init >> 8) as u8]
    );
    let loaded = Machine::new().load_prg(&prg).expect("loads");
    assert_eq!(loaded.sys, Some(2064));
}

#[test]
fn c64asm_output_equals_64tass_output() {
    let Ok(status) = std::process::Command::new("64tass")
        .arg("--version")
        .output()
    else {
        eprintln!("64tass is not installed: comparison skipped (.ci/run installs it)");
        return;
    };
    assert!(status.status.success());
    let dir = std::env::temp_dir();
    let out = dir.join(format!("ryg-64tass-{}.prg", std::process::id()));
    let labels = dir.join(format!("ryg-64tass-{}.labels", std::process::id()));
    let run = std::process::Command::new("64tass")
        .args(["-q", "--ascii", "--case-sensitive", "--cbm-prg", "-o"])
        .arg(&out)
        .arg(format!("--labels={}", labels.display()))
        .arg(RYG_ASM)
        .output()
        .expect("64tass runs");
    assert!(
        run.status.success(),
        "64tass failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let reference = std::fs::read(&out).expect("64tass wrote the .prg");
    let label_text = std::fs::read_to_string(&labels).expect("64tass wrote the labels");
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&labels);
    assert_eq!(
        program().prg_bytes(),
        reference,
        "c64asm and 64tass disagree on asm/RYG.asm"
    );
    // 64tass lists every global symbol as `name = $hex` or `name = decimal`.
    let mut compared = 0;
    for line in label_text.lines() {
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        let value = match value.strip_prefix('$') {
            Some(hex) => i64::from_str_radix(hex, 16),
            None => value.parse(),
        }
        .unwrap_or_else(|_| panic!("64tass label line {line:?}"));
        assert_eq!(program().symbol(name), Some(value), "symbol {name}");
        compared += 1;
    }
    assert!(compared > 200, "only {compared} symbols compared");
}

#[test]
fn the_tree_area_lies_below_the_basic_rom() {
    let start = sym("inicioArbol");
    assert_eq!(sym("finArbol"), 0xA000);
    let end = program().load_address as usize + program().image.len();
    assert_eq!(end, start as usize, "the .prg ends where the tree starts");
    assert!(
        start < 0xA000 - 88 * 300,
        "room for at least 300 tree boards"
    );
}

// ---------------------------------------------------------------------------
// Tableros.asm
// ---------------------------------------------------------------------------

#[test]
fn inicializa_tablero_writes_the_initial_position_over_garbage() {
    let mut m = machine();
    m.write(PARENT - 16, &[0x55; 120]);
    set_ptr(&mut m, "itTablero", PARENT);
    let c = call_checked(&mut m, "inicializaTablero");
    let expected = Board::initial().bytes();
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
            let mut expected = board.bytes();
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
    check_byte_field("fijaNivel", "dameNivel", "fn", "dn", "Nivel", OFF_LEVEL);
}

#[test]
fn fija_and_dame_turno() {
    check_byte_field("fijaTurno", "dameTurno", "ft", "dt", "Turno", OFF_TURN);
}

#[test]
fn fija_and_dame_valor() {
    check_byte_field("fijaValor", "dameValor", "fv", "dv", "Valor", OFF_VALUE);
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
                expected.bytes(),
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
        assert_eq!(board_at(&m, PARENT), expected.bytes(), "fijaHijo {n}");
        let slot = PARENT + (OFF_CHILDREN + 2 * n as usize) as u16;
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
        assert_eq!(board_at(&m, PARENT), board.bytes());
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
                    expected.bytes(),
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
        assert_eq!(board_at(&m, PARENT), board.bytes());
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
        assert_eq!(board_at(&m, PARENT), board.bytes());
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
    assert_eq!(offsets_of(&Board::initial(), MOUSE), [24 + 7 * 8 + 3]);
}

#[test]
fn dame_gato_counts_cats_in_row_major_order() {
    let mut three = scenario("mid-game");
    three.put(2, 4, EMPTY);
    let mut cases = scenarios();
    cases.push(("three cats", three));
    cases.push((
        "no cats",
        Board::new(matrix([
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
        assert_eq!(board_at(&m, OTHER), expected.bytes(), "copy of {name}");
        assert_eq!(
            board_at(&m, PARENT),
            source.bytes(),
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

// ---------------------------------------------------------------------------
// GenJugadas.asm
// ---------------------------------------------------------------------------

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
        put_board(&mut m, sym("tableroActual"), &Board::initial());
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
            assert_eq!(board_at(m, PARENT), parent_after.bytes(), "{label}: parent");
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
            assert_eq!(board_at(m, TREE), child.bytes(), "{label}: child");
            assert_eq!(get_ptr(m, "arbolLibre"), TREE + 88, "{label}: free pointer");
            let slot_addr = PARENT + (OFF_CHILDREN + 2 * slot) as u16;
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
    let board = Board::initial();
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
    assert_eq!(board_at(&m, PARENT), expected.bytes());
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
    let board = Board::initial();
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
        assert_eq!(board_at(&m, PARENT), board.bytes());
        c.assert_only_changed("aplicaJugadaGatoHijo", &child_fields("ajg"));
    }
}

#[test]
fn inicializa_arbol_points_at_the_tree_start() {
    let mut m = machine();
    set_ptr(&mut m, "arbolLibre", 0x8000);
    let c = call_checked(&mut m, "inicializaArbol");
    assert_eq!(get_ptr(&m, "arbolLibre"), sym("inicioArbol"));
    c.assert_only_changed("inicializaArbol", &fields(&["arbol"]));
}

#[test]
fn boards_under_the_basic_rom_would_read_back_wrong() {
    // Why finArbol is $A000: a board the program writes at $A000 lands in the RAM under
    // the BASIC ROM, and reading it back returns ROM. Strict mode catches it.
    let mut m = machine();
    set_ptr(&mut m, "itTablero", 0xA000);
    m.call("inicializaTablero", CALL_BUDGET).expect("returns");
    assert_eq!(m.strict_violations(), &[]);
    set_ptr(&mut m, "drTablero", 0xA000);
    m.call("dameRaton", CALL_BUDGET).expect("returns");
    assert!(
        m.strict_violations().iter().any(|v| v.addr == 0xA000 + 24),
        "{:?}",
        m.strict_violations()
    );
}

// ---------------------------------------------------------------------------
// The rules model: rygsolve
// ---------------------------------------------------------------------------

fn board_of(position: &Position) -> Board {
    let mut board = Board::new(position.to_matrix());
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

/// Every placement of four cats and the mouse on dark squares (1,006,880 positions).
/// About 12 million checks, 1.5 minutes: `cargo test --test ryg_part1 -- --ignored`.
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
    let (accepted, rejected) = check_generation_against_model(positions);
    assert_eq!(accepted + rejected, 35_960 * 28 * 12);
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
                    assert_eq!(&child[OFF_MATRIX..], &expected, "{mv} in\n{position}");
                    assert_eq!(child[OFF_TURN], mv.side().opponent().turn_byte());
                    // Where the model allows the move now (game not over), it agrees too.
                    if let Ok(next) = position.with_to_move(mv.side()).apply(mv) {
                        assert_eq!(
                            &child[OFF_MATRIX..],
                            &next.to_matrix(),
                            "{mv} in\n{position}"
                        );
                        assert_eq!(child[OFF_TURN], next.to_move().turn_byte());
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

// ---------------------------------------------------------------------------
// PintaTableros.asm and LibText.asm
// ---------------------------------------------------------------------------

fn screen_lines(m: &Machine) -> Vec<String> {
    m.screen_text()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn pinta_hex_prints_two_digits_and_keeps_x_and_y() {
    let mut m = machine();
    for value in [0x00u8, 0x3C, 0xA5, 0xFF, 0x09] {
        let regs = m.regs();
        m.set_regs(Regs { a: value, ..regs });
        call_xy(&mut m, "pintaHex", (value, !value));
    }
    assert_eq!(screen_lines(&m)[0], "003CA5FF09");
}

#[test]
fn pinta_cadena_prints_long_strings_and_leaves_fb_fc_alone() {
    let mut m = machine();
    // 300 PETSCII letters: crosses a page inside the string.
    let text: Vec<u8> = (0..300).map(|i| b'A' + (i % 26) as u8).collect();
    m.write(OTHER, &text);
    m.poke(OTHER + 300, 0);
    m.write(0xFB, &[0x34, 0x12]);
    set_ptr(&mut m, "pcCadena", OTHER);
    call_checked(&mut m, "pintaCadena");
    assert_eq!(
        m.read(0xFB, 2),
        [0x34, 0x12],
        "the board pointer survives printing"
    );
    let expected: String = text.iter().map(|&b| b as char).collect();
    let printed: String = screen_lines(&m).concat();
    assert_eq!(&printed[..300], expected);
}

#[test]
fn pinta_tablero_paints_header_and_matrix() {
    let mut m = machine();
    put_board(&mut m, PARENT, &scenario("mid-game"));
    set_ptr(&mut m, "ptTablero", PARENT);
    call_checked(&mut m, "pintaTablero");
    let lines = screen_lines(&m);
    let expected = [
        "--------------------",
        "TABLERO: 4000",
        "NIVEL: 05 TURNO: FF VALOR: 93",
        "PADRE: 4321",
        "HIJOS: 5000 5058 0000 0000",
        "       0000 0000 0000 0000",
        "--------------------",
        "  01234567",
        "0 ......G.",
        "1 .G.G....",
        "2 ....G...",
        "3 ........",
        "4 ....R...",
        "5 ........",
        "6 ........",
        "7 ........",
        "--------------------",
    ];
    assert_eq!(&lines[..expected.len()], &expected);
    assert!(
        lines[expected.len()..].iter().all(|l| l.is_empty()),
        "nothing more is printed"
    );
}

/// What painting may change besides the painting routines' fields (and those of the
/// board routines they call): the KERNAL's zero page, stack and work area, and the
/// screen. The board itself and everything else in the 64 KiB stay as they were.
fn painting_allowed() -> BTreeSet<u16> {
    let own = fields(&[
        "pt", "pph", "pta", "pf", "pc", "ph", "pd", "pjr", "ddb", "dp", "dh", "dc", "do", "dr",
        "dfc", "gjr", "vj",
    ]);
    union(&[&own, &range(0x0000, 0x0400), &range(0x0400, 1000)])
}

#[test]
fn pinta_tablero_changes_only_the_screen_and_its_fields() {
    let mut m = machine();
    put_board(&mut m, PARENT, &scenario("corner"));
    set_ptr(&mut m, "ptTablero", PARENT);
    let c = call_checked(&mut m, "pintaTablero");
    c.assert_only_changed("pintaTablero", &painting_allowed());
    assert_eq!(board_at(&m, PARENT), scenario("corner").bytes());
}

#[test]
fn pinta_tablero_parts_paint_their_lines_and_keep_x_and_y() {
    let board = scenario("mid-game");
    let cases: [(&str, &[&str]); 4] = [
        ("pintaSeparador", &["--------------------"]),
        (
            "pintaDatosBasicos",
            &["TABLERO: 4000", "NIVEL: 05 TURNO: FF VALOR: 93"],
        ),
        (
            "pintaPadreHijos",
            &[
                "PADRE: 4321",
                "HIJOS: 5000 5058 0000 0000",
                "       0000 0000 0000 0000",
            ],
        ),
        (
            "pintaTabla",
            &[
                "  01234567",
                "0 ......G.",
                "1 .G.G....",
                "2 ....G...",
                "3 ........",
                "4 ....R...",
                "5 ........",
                "6 ........",
                "7 ........",
            ],
        ),
    ];
    for (routine, expected) in cases {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "ptTablero", PARENT);
        let c = call_checked(&mut m, routine);
        c.assert_only_changed(routine, &painting_allowed());
        let lines = screen_lines(&m);
        assert_eq!(&lines[..expected.len()], expected, "{routine}");
        assert!(
            lines[expected.len()..].iter().all(|l| l.is_empty()),
            "{routine} prints nothing more"
        );
    }
    for row in 0..8u8 {
        let mut m = machine();
        put_board(&mut m, PARENT, &board);
        set_ptr(&mut m, "ptTablero", PARENT);
        set(&mut m, "pfFila", row);
        call_checked(&mut m, "pintaFila");
        let expected: String = (0..8)
            .map(|col| match board.at(row.into(), col) {
                MOUSE => 'R',
                CAT => 'G',
                _ => '.',
            })
            .collect();
        assert_eq!(screen_lines(&m)[0], expected, "pintaFila {row}");
    }
}

#[test]
fn pinta_ficha_and_pinta_digito_print_one_character() {
    let mut m = machine();
    for (content, xy) in [
        (MOUSE, (1, 2)),
        (CAT, (3, 4)),
        (EMPTY, (5, 6)),
        (0xAA, (7, 8)),
    ] {
        let regs = m.regs();
        m.set_regs(Regs { a: content, ..regs });
        call_xy(&mut m, "pintaFicha", xy);
    }
    for digit in [0x00u8, 0x07, 0x0A, 0x1F] {
        let regs = m.regs();
        m.set_regs(Regs { a: digit, ..regs });
        call_checked(&mut m, "pintaDigito");
    }
    assert_eq!(screen_lines(&m)[0], "RG..07AF");
}

#[test]
fn pinta_jugadas_raton_marks_each_move_of_the_current_board() {
    let cases: [(&str, [&str; 4]); 3] = [
        (
            "mid-game",
            [
                "0: 03,03 VALIDA",
                "1: 03,05 VALIDA",
                "2: 05,05 VALIDA",
                "3: 05,03 VALIDA",
            ],
        ),
        (
            "corner",
            [
                "0: 06,06 NO VALIDA",
                "1: 06,08 NO VALIDA",
                "2: 08,08 NO VALIDA",
                "3: 08,06 NO VALIDA",
            ],
        ),
        (
            "trapped mouse",
            [
                "0: 06,00 NO VALIDA",
                "1: 06,02 NO VALIDA",
                "2: 08,02 NO VALIDA",
                "3: 08,00 NO VALIDA",
            ],
        ),
    ];
    for (name, moves) in cases {
        let mut m = machine();
        put_board(&mut m, sym("tableroActual"), &scenario(name));
        let c = call_checked(&mut m, "pintaJugadasRaton");
        c.assert_only_changed("pintaJugadasRaton", &painting_allowed());
        let lines = screen_lines(&m);
        assert_eq!(lines[0], "JUGADAS DEL RATON (FILA,COL):");
        assert_eq!(&lines[1..5], &moves, "{name}");
    }
}

#[test]
fn lee_teclado_reads_hex_digits_and_skips_other_keys() {
    let mut m = machine();
    m.type_keys("Z1G-E9");
    set(&mut m, "ltNumDigitos", 2);
    call_checked(&mut m, "leeTeclado");
    assert_eq!(get(&m, "ltValor"), 0x1E);
    assert_eq!(screen_lines(&m)[0], "1E");
    set(&mut m, "ltNumDigitos", 1);
    call_checked(&mut m, "leeTeclado");
    assert_eq!(get(&m, "ltValor"), 0x09);
    set(&mut m, "ltNumDigitos", 0);
    call_checked(&mut m, "leeTeclado");
    assert_eq!(get(&m, "ltValor"), 0x00);
}

// ---------------------------------------------------------------------------
// The whole program
// ---------------------------------------------------------------------------

/// Runs until the program waits for a key with every typed key taken.
fn run_until_waiting(m: &mut Machine) {
    for _ in 0..10_000 {
        m.run_until("esperandoTecla", 50_000_000)
            .unwrap_or_else(|stop| panic!("stopped: {stop}\n{}", m.screen_text()));
        if m.keys_pending() == 0 && m.peek(0xC6) == 0 {
            return;
        }
    }
    panic!("the program never waited for a key");
}

#[test]
fn the_program_boots_to_the_title_then_paints_the_game_board_and_returns() {
    let mut m = machine();
    let before = m.ram().to_vec();
    assert_eq!(m.autostart().expect("SYS line"), 0x0810);
    let actual = sym("tableroActual");
    run_until_waiting(&mut m);
    let lines = screen_lines(&m);
    assert_eq!(
        lines[0],
        "   RYG - EL RATON Y LOS GATOS",
        "title:\n{}",
        m.screen_text()
    );
    assert_eq!(board_at(&m, actual), Board::initial().bytes());

    // RETURN plays the default mode: the game board with the initial position.
    m.type_keys("\n");
    run_until_waiting(&mut m);
    assert_eq!(board_at(&m, actual), Board::initial().bytes());
    assert_eq!(get_ptr(&m, "arbolLibre"), sym("inicioArbol"));
    let lines = screen_lines(&m);
    let board: Vec<&str> = lines[2..19].iter().map(|l| &l[..l.len().min(27)]).collect();
    let expected = [
        "    0  1  2  3  4  5  6  7",
        " 0  G     G     G     G",
        "    1     2     3     4",
        " 1",
        "",
        " 2",
        "",
        " 3",
        "",
        " 4",
        "",
        " 5",
        "",
        " 6",
        "",
        " 7           R",
        "",
    ];
    let board: Vec<String> = board.iter().map(|l| l.trim_end().to_string()).collect();
    assert_eq!(board, expected, "screen:\n{}", m.screen_text());
    assert_eq!(lines[21], "MOUSE TO MOVE: Q W A S");

    // X ends the game, X on the title returns to BASIC.
    m.type_keys("xx");
    let stop = m.run(50_000_000);
    assert_eq!(stop, Stop::ReturnedToBasic);
    assert_eq!(m.strict_violations(), &[], "strict mode stays clean");
    // Only fields, tableroActual, the KERNAL's pages and the screen change: the code,
    // the tables, the strings and the tree area stay as loaded.
    let run = Called {
        cycles: 0,
        regs: m.regs(),
        before,
        after: m.ram().to_vec(),
        sp: 0xFF,
    };
    let allowed = union(&[
        &painting_allowed(),
        &fields(&["it", "arbol", "pa", "ptj", "pdj", "pct"]),
        &range(actual, BOARD_LEN),
    ]);
    run.assert_only_changed("the program", &allowed);
    assert_eq!(board_at(&m, actual), Board::initial().bytes());
}

// ---------------------------------------------------------------------------
// Cycle counts (the table in docs/ryg.md)
// ---------------------------------------------------------------------------

/// (routine, case, cycles as reported by `Machine::call`, JSR and RTS included).
/// Pure 6502 code: the same figures as py65 plus the 6 cycles of the JSR.
const CYCLES: &[(&str, &str, u64)] = &[
    ("inicializaTablero", "any board", 1217),
    ("fijaNivel", "any board", 46),
    ("dameNivel", "any board", 45),
    ("fijaPadre", "any board", 58),
    ("damePadre", "any board", 56),
    ("fijaHijo", "child 7", 74),
    ("dameHijo", "child 7", 82),
    ("dameOffset", "(7,3)", 60),
    ("dameFilaCol", "offset 83 (row 7)", 63),
    ("dameFilaCol", "row 0", 140),
    ("fijaContenido", "(7,3)", 128),
    ("dameContenido", "(7,3)", 129),
    ("dameRaton", "initial board", 1000),
    ("dameGato", "cat 0", 72),
    ("dameGato", "cat 3", 189),
    ("copiaTableroSinHijos", "any board", 1844),
    ("dameNumHijos", "any board", 225),
    ("dameDatosBasicos", "any board", 67),
    ("generaJugadaRaton", "(7,3) move 1", 67),
    ("generaJugadaGato", "initial board, cat 3 move 0", 447),
    ("validaJugada", "valid (6,2)", 209),
    ("validaJugada", "off the board", 27),
    ("aplicaJugadaRatonHijo", "initial board, move 1", 4332),
    ("aplicaJugadaGatoHijo", "initial board, cat 3 move 0", 3610),
];

/// Prepares one cycle-count case on a machine holding the initial board at PARENT.
fn prepare_cycle_case(m: &mut Machine, routine: &str, case: &str) {
    let fill_ptr = |m: &mut Machine, prefix: &str| set_ptr(m, prefix, PARENT);
    match (routine, case) {
        ("inicializaTablero", _) => fill_ptr(m, "itTablero"),
        ("fijaNivel", _) => fill_ptr(m, "fnTablero"),
        ("dameNivel", _) => fill_ptr(m, "dnTablero"),
        ("fijaPadre", _) => fill_ptr(m, "fpTablero"),
        ("damePadre", _) => fill_ptr(m, "dpTablero"),
        ("fijaHijo", _) => {
            fill_ptr(m, "fhTablero");
            set(m, "fhNumHijo", 7);
        }
        ("dameHijo", _) => {
            fill_ptr(m, "dhTablero");
            set(m, "dhNumHijo", 7);
        }
        ("dameOffset", _) => {
            set(m, "doFila", 7);
            set(m, "doColumna", 3);
        }
        ("dameFilaCol", "row 0") => set(m, "dfcOffset", 24),
        ("dameFilaCol", _) => set(m, "dfcOffset", 83),
        ("fijaContenido", _) => {
            fill_ptr(m, "fcTablero");
            set(m, "fcFila", 7);
            set(m, "fcColumna", 3);
            set(m, "fcContenido", MOUSE);
        }
        ("dameContenido", _) => {
            fill_ptr(m, "dcTablero");
            set(m, "dcFila", 7);
            set(m, "dcColumna", 3);
        }
        ("dameRaton", _) => fill_ptr(m, "drTablero"),
        ("dameGato", "cat 3") => {
            fill_ptr(m, "dgTablero");
            set(m, "dgNumGato", 3);
        }
        ("dameGato", _) => {
            fill_ptr(m, "dgTablero");
            set(m, "dgNumGato", 0);
        }
        ("copiaTableroSinHijos", _) => {
            fill_ptr(m, "ctOrigen");
            set_ptr(m, "ctDestino", OTHER);
        }
        ("dameNumHijos", _) => fill_ptr(m, "dnhTablero"),
        ("dameDatosBasicos", _) => fill_ptr(m, "ddbTablero"),
        ("generaJugadaRaton", _) => {
            set(m, "gjrFila", 7);
            set(m, "gjrColumna", 3);
            set(m, "gjrJugada", 1);
        }
        ("generaJugadaGato", _) => {
            fill_ptr(m, "gjgTablero");
            set(m, "gjgNumGato", 3);
            set(m, "gjgJugada", 0);
        }
        ("validaJugada", "off the board") => {
            fill_ptr(m, "vjTablero");
            set(m, "vjFila", 8);
            set(m, "vjColumna", 4);
        }
        ("validaJugada", _) => {
            fill_ptr(m, "vjTablero");
            set(m, "vjFila", 6);
            set(m, "vjColumna", 2);
        }
        ("aplicaJugadaRatonHijo", _) => {
            set_ptr(m, "arbolLibre", TREE);
            fill_ptr(m, "ajrTablero");
            set(m, "ajrJugada", 1);
        }
        ("aplicaJugadaGatoHijo", _) => {
            set_ptr(m, "arbolLibre", TREE);
            fill_ptr(m, "ajgTablero");
            set(m, "ajgNumGato", 3);
            set(m, "ajgJugada", 0);
        }
        ("pintaTablero", _) => fill_ptr(m, "ptTablero"),
        (other, case) => panic!("no cycle case {other} / {case}"),
    }
}

#[test]
fn cycle_counts_of_the_main_routines() {
    let base = {
        let mut m = machine();
        put_board(&mut m, PARENT, &Board::initial());
        m
    };
    let measure = |routine: &str, case: &str| {
        let mut m = base.clone();
        prepare_cycle_case(&mut m, routine, case);
        call_checked(&mut m, routine).cycles
    };
    println!("| routine | case | cycles |\n|---|---|---:|");
    let mut measured = Vec::new();
    for &(routine, case, _) in CYCLES {
        let cycles = measure(routine, case);
        println!("| `{routine}` | {case} | {cycles} |");
        measured.push((routine, case, cycles));
    }
    // Painting spends most of its time in CHROUT, which the emulator runs natively: its
    // figure depends on the emulator's cost model, so it is reported, not pinned.
    let paint = measure("pintaTablero", "initial board");
    let mut boot = machine();
    boot.autostart().expect("SYS line");
    let start = boot.cycles();
    boot.run_until("esperandoTecla", 5_000_000)
        .expect("the title screen waits for a key");
    let program = boot.cycles() - start;
    println!("| `pintaTablero` | initial board (CHROUT native) | {paint} |");
    println!("| whole program | SYS 2064 to the title screen (CHROUT native) | {program} |");
    assert!(
        paint > 16_000 && paint < 100_000,
        "pintaTablero took {paint} cycles"
    );
    assert!(
        program > paint && program < 200_000,
        "the program took {program} cycles"
    );
    assert_eq!(
        measured,
        CYCLES.to_vec(),
        "cycle counts changed: update CYCLES and docs/ryg.md"
    );
}
