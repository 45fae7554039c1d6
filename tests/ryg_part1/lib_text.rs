//! LibText.asm: hex and string printing, hex keyboard input.

use c64emu::Regs;

use crate::common::*;
use crate::*;

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
