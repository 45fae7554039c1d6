//! PintaTableros.asm: the blog's plain view of a board.

use c64emu::Regs;

use crate::common::*;
use crate::*;

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

#[test]
fn pinta_tablero_changes_only_the_screen_and_its_fields() {
    let mut m = machine();
    put_board(&mut m, PARENT, &scenario("corner"));
    set_ptr(&mut m, "ptTablero", PARENT);
    let c = call_checked(&mut m, "pintaTablero");
    c.assert_only_changed("pintaTablero", &painting_allowed());
    assert_eq!(board_at(&m, PARENT), scenario("corner").to_bytes());
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
