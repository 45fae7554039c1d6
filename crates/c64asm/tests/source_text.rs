//! What a source file may hold (issue 10, item 9), byte for byte as 64tass 1.58
//! takes it: a UTF-8 byte-order mark (with `-a`) and CR-only line ends are accepted, long sums
//! are no problem, a NUL byte is an error with its place outside strings and
//! comments and an ordinary byte inside them, and an empty program is empty.

use c64asm::{Options, assemble_str};

fn image(src: &str) -> Result<Vec<u8>, Vec<(usize, usize, String)>> {
    assemble_str("text.asm", src, &Options::default())
        .map(|p| p.image.clone())
        .map_err(|d| {
            d.errors()
                .map(|e| (e.line, e.column, e.message.clone()))
                .collect()
        })
}

#[test]
fn a_byte_order_mark_and_cr_line_ends_are_accepted() {
    // A byte order mark is read as one with `--ascii`; a raw source is read
    // byte by byte, the mark too ("general syntax" at its start, as 64tass).
    let ascii = Options {
        ascii: true,
        ..Options::default()
    };
    let with_mark = "\u{feff}* = $1000\n nop\n";
    let p = assemble_str("text.asm", with_mark, &ascii).expect("read with -a");
    assert_eq!(p.image, [0xEA]);
    assert_eq!(
        image(with_mark),
        Err(vec![(1, 1, "general syntax".to_string())])
    );
    assert_eq!(image("* = $1000\r nop\r rts\r"), Ok(vec![0xEA, 0x60]));
    assert_eq!(image("* = $1000\r\n nop\r\n rts\r\n"), Ok(vec![0xEA, 0x60]));
}

#[test]
fn sums_of_hundreds_of_terms_are_accepted() {
    for n in [200usize, 400, 2_000] {
        let sum = vec!["1"; n].join("+");
        assert_eq!(
            image(&format!(" .word {sum}\n")),
            Ok((n as u16).to_le_bytes().to_vec())
        );
    }
}

#[test]
fn a_nul_byte_is_an_error_outside_strings_and_comments() {
    let nul = "unexpected character '<00>' (U+0000)".to_string();
    assert_eq!(image("* = $1000\n nop\0\n"), Err(vec![(2, 5, nul.clone())]));
    assert_eq!(image("\0\n"), Err(vec![(1, 1, nul.clone())]));
    assert_eq!(image(" lda #1\0+1\n"), Err(vec![(1, 8, nul)]));
    // Inside a string or a comment it is a byte like any other.
    assert_eq!(
        image("* = $1000\n nop ;\0 comment\n .text \"a\0b\"\n"),
        Ok(vec![0xEA, b'a', 0, b'b'])
    );
    // A line that is not assembled is not looked at.
    assert_eq!(image(" .if 0\n nop\0\n .endif\n rts\n"), Ok(vec![0x60]));
}

#[test]
fn an_empty_program_has_no_bytes() {
    assert_eq!(image("; nothing here\n"), Ok(vec![]));
    assert_eq!(image(""), Ok(vec![]));
}
