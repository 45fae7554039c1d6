//! Random and mutated sources must produce a result or diagnostics, never a panic.

use c64asm::{Options, assemble_str};
use proptest::prelude::*;

const SEED_SOURCE: &str = include_str!("data/compare/labels.asm");
const SEED_MACROS: &str = include_str!("data/compare/macros.asm");
const SEED_EXPR: &str = include_str!("data/compare/precedence.asm");

/// Fragments that exercise every syntax path when glued together at random.
const PIECES: &[&str] = &[
    "lda",
    "#",
    "$",
    "%",
    "(",
    ")",
    ",x",
    ",y",
    "*",
    "=",
    "+",
    "-",
    "<",
    ">",
    "<>",
    "**",
    "/",
    "%",
    "&&",
    "||",
    "?",
    ":",
    ".byte",
    ".word",
    ".text",
    ".null",
    ".fill",
    ".if",
    ".elsif",
    ".else",
    ".endif",
    ".macro",
    ".endm",
    "#m",
    ".m",
    ".cpu \"6502i\"",
    ".include \"x\"",
    ".binary \"y\"",
    ".error",
    ".warn",
    ".comment",
    ".endc",
    ".end",
    "\\1",
    "\\a",
    "\"",
    "'",
    "{clr}",
    "{",
    "}",
    "_l",
    "lbl",
    "a",
    "x",
    "y",
    "-",
    "+",
    "--",
    "++",
    "$ffff",
    "65536",
    "0",
    "1",
    "255",
    "256",
    "-1",
    "\n",
    " ",
    ";",
    "jmp",
    "bne",
    "lax",
    "asl",
    "nop",
    "rts",
    "m .macro p",
    "* = $fff0",
    "*=$ffff",
    "é",
    "\t",
];

fn assemble(src: &str) {
    let opts = Options::default();
    let _ =
        assemble_str("fuzz.asm", src, &opts).map(|p| (p.prg_bytes(), p.listing(), p.vice_labels()));
    let _ = assemble_str("fuzz.asm", src, &opts).map_err(|d| d.render());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(src in "\\PC{0,200}") {
        assemble(&src);
    }

    #[test]
    fn glued_fragments_never_panic(parts in proptest::collection::vec(0..PIECES.len(), 0..60)) {
        let src: String = parts.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join("");
        assemble(&src);
    }

    #[test]
    fn mutated_sources_never_panic(
        which in 0..3usize,
        edits in proptest::collection::vec((any::<usize>(), 0..PIECES.len(), 0..4u8), 1..8),
    ) {
        let mut src = [SEED_SOURCE, SEED_MACROS, SEED_EXPR][which].to_string();
        for (pos, piece, op) in edits {
            let mut at = pos % (src.len() + 1);
            while !src.is_char_boundary(at) {
                at -= 1;
            }
            match op {
                0 => src.insert_str(at, PIECES[piece]),
                1 => {
                    let mut end = (at + 1 + piece % 7).min(src.len());
                    while !src.is_char_boundary(end) {
                        end += 1;
                    }
                    src.replace_range(at..end, "");
                }
                2 => src.replace_range(at..at, "\n"),
                _ => {
                    let mut end = (at + 3).min(src.len());
                    while !src.is_char_boundary(end) {
                        end += 1;
                    }
                    src.replace_range(at..end, PIECES[piece]);
                }
            }
        }
        assemble(&src);
    }
}

#[test]
fn hostile_nesting_is_rejected_not_overflowed() {
    for src in [
        format!("* = 0\n .byte {}1{}\n", "(".repeat(5000), ")".repeat(5000)),
        format!("* = 0\n .byte {}1\n", "-".repeat(5000)),
        format!("* = 0\n .byte 1{}\n", "+1".repeat(5000)),
        format!("* = 0\n .byte {}1\n", "<".repeat(5000)),
    ] {
        let result = assemble_str("deep.asm", &src, &Options::default());
        assert!(result.is_err());
    }
}

#[test]
fn carets_on_multibyte_characters_and_very_long_lines_render() {
    let long = format!("* = 0\n .byte {}\u{e9}\n", "1+".repeat(40_000));
    let long_text = format!("* = 0\n .text \"{}\u{e9}^\"\n", "\u{e9}".repeat(40_000));
    for src in [
        "* = 0\n lda \u{e9}\n".to_string(),
        "\u{e9}\u{e9} nop\n".to_string(),
        "* = 0\n .byte 1, \u{1f600}\n".to_string(),
        "* = 0\n lda #1 \u{e9}\n".to_string(),
        long,
        long_text,
    ] {
        let d = assemble_str("mb.asm", &src, &Options::default()).unwrap_err();
        assert!(d.has_errors());
        assert!(d.render().contains("mb.asm:"), "{d}");
    }
}
