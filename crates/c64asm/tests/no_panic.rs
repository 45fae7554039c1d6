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
    "@1",
    "!",
    ".",
    "é",
    "\t",
];

fn assemble(src: &str) {
    // 64tass's own expressions, and TASM's (`-T`).
    for tasm_compatible in [false, true] {
        let opts = Options {
            tasm_compatible,
            ..Options::default()
        };
        let _ = assemble_str("fuzz.asm", src, &opts)
            .map(|p| (p.prg_bytes(), p.listing(), p.vice_labels()));
        let _ = assemble_str("fuzz.asm", src, &opts).map_err(|d| d.render());
    }
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

/// Deeply nested expressions, as 64tass assembles them (it has no nesting
/// limit): `(((1)))`, `--1`, `<<1` are 1 and `1+1+...` is too large a byte.
fn nested(depth: usize) -> [(String, Result<Vec<u8>, String>); 4] {
    let ok = Ok(vec![0x00, 0x00, 0x01]);
    [
        (
            format!(
                "* = 0\n .byte {}1{}\n",
                "(".repeat(depth),
                ")".repeat(depth)
            ),
            ok.clone(),
        ),
        (
            format!("* = 0\n .byte {}1\n", "-".repeat(2 * depth)),
            ok.clone(),
        ),
        (format!("* = 0\n .byte {}1\n", "<".repeat(depth)), ok),
        (
            format!("* = 0\n .byte 1{}\n", "+1".repeat(depth)),
            Err(format!(
                "deep.asm:2:8: too large for a 8 bit unsigned integer int '{}'",
                depth + 1
            )),
        ),
    ]
}

fn assemble_nested(depth: usize) {
    for (src, expected) in nested(depth) {
        let got = match assemble_str("deep.asm", &src, &Options::default()) {
            Ok(p) => Ok(p.prg_bytes()),
            Err(d) => {
                let e = d.errors().next().expect("an error");
                Err(format!("{}:{}:{}: {}", e.file, e.line, e.column, e.message))
            }
        };
        assert_eq!(
            got,
            expected,
            "depth {depth}: {}",
            &src[..src.len().min(40)]
        );
    }
}

#[test]
fn nested_expressions_assemble_as_in_64tass() {
    assemble_nested(300);
}

#[test]
fn very_deep_nesting_does_not_overflow_the_stack() {
    assemble_nested(5000);
    assemble_nested(40_000);
}

/// Each source's first error is at `line:col` and renders with its caret.
#[test]
fn carets_on_multibyte_characters_and_very_long_lines_render() {
    let ascii = Options {
        ascii: true,
        ..Options::default()
    };
    let long_list = format!("* = 0\n .byte {}\u{e9}\n", "1,".repeat(40_000));
    let long_text = format!("* = 0\n .text \"{}\u{e9}^\"\n", "\u{e9}".repeat(40_000));
    for (src, opts, line, col) in [
        (
            "* = 0\n lda \u{e9}\n".to_string(),
            &Options::default(),
            2,
            6,
        ),
        ("\u{e9}\u{e9} nop\n".to_string(), &Options::default(), 1, 1),
        (
            "* = 0\n .byte 1, \u{1f600}\n".to_string(),
            &Options::default(),
            2,
            11,
        ),
        (
            "* = 0\n lda #1 \u{e9}\n".to_string(),
            &Options::default(),
            2,
            9,
        ),
        (long_list, &Options::default(), 2, 80_008),
        // At the first 'é', as 64tass.
        (long_text, &ascii, 2, 9),
    ] {
        let d = assemble_str("mb.asm", &src, opts).unwrap_err();
        let e = d.errors().next().unwrap();
        assert_eq!((e.line, e.column), (line, col), "{d}");
        let rendered = d.render();
        assert!(
            rendered.contains(&format!("--> mb.asm:{line}:{col}\n")),
            "{rendered}"
        );
        assert!(rendered.contains('^'), "{rendered}");
    }
}
