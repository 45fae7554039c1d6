//! Random and mutated sources must produce a result or diagnostics, never a panic.

use c64asm::{Options, OutputFormat, assemble_str};
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

/// A line that writes or places something, in a section or not.
const SECTION_LEAVES: &[&str] = &[
    "#m",
    ".byte 1, 2",
    ".fill 3",
    ".fill 2, 7",
    "lda #1",
    ".align 4",
];

/// What a body can be wrapped in (its first and last lines).
const SECTION_WRAPS: &[(&str, &str)] = &[
    (".section a", ".send a"),
    (".section b", ".send b"),
    (".section c", ".send c"),
    (".virtual $2000", ".endv"),
    (".logical $3000", ".here"),
    (".union\n.struct", ".ends\n.endu"),
    (".block", ".bend"),
];

/// Well-nested sources that place sections anywhere: written before or
/// after their `.dsection` (each placed once, at the top, or in a
/// `.virtual` or a section), first met inside others, a macro writing one.
fn section_source() -> impl Strategy<Value = String> {
    let leaf = (0..SECTION_LEAVES.len()).prop_map(|i| SECTION_LEAVES[i].to_string());
    let body = leaf.prop_recursive(4, 40, 5, |inner| {
        (
            0..SECTION_WRAPS.len(),
            proptest::collection::vec(inner, 0..5),
        )
            .prop_map(|(w, lines)| {
                let (open, close) = SECTION_WRAPS[w];
                format!("{open}\n{}\n{close}", lines.join("\n"))
            })
    });
    let places = proptest::collection::vec((any::<usize>(), 0..3u8), 3);
    (proptest::collection::vec(body, 1..8), places, any::<bool>()).prop_map(
        |(mut parts, places, high)| {
            for (name, (at, how)) in ["a", "b", "c"].into_iter().zip(places) {
                let place = match how {
                    0 => format!(".dsection {name}"),
                    1 => format!(".virtual $4000\n.dsection {name}\n.endv"),
                    // Inside another section (`b` in `a`, `c` in `b`: no circle).
                    _ if name != "a" => {
                        let outer = if name == "b" { "a" } else { "b" };
                        format!(".section {outer}\n.dsection {name}\n.send {outer}")
                    }
                    _ => format!(".dsection {name}"),
                };
                parts.insert(at % (parts.len() + 1), place);
            }
            let start = if high { "* = $fff0" } else { "* = $1000" };
            format!(
                "m .macro\n.section c\n.byte 9\n.send c\n.endm\n{start}\n{}\n",
                parts.join("\n")
            )
        },
    )
}

/// Every output format of the program and of each section path it may
/// have, one after another as a command line writes them (an output
/// changes what the next finds: 64tass flattens in place).
fn write_every_output(src: &str) {
    let Ok(program) = assemble_str("sections.asm", src, &Options::default()) else {
        return;
    };
    let formats = [
        OutputFormat::Cbm,
        OutputFormat::Raw,
        OutputFormat::Nonlinear,
        OutputFormat::AppleII,
        OutputFormat::AtariXex,
        OutputFormat::IntelHex,
        OutputFormat::SRecord,
        OutputFormat::MosHex,
    ];
    let paths = ["a", "b", "c", "a.c", "b.c", "c.c", "a.b", "b.a"];
    let mut run = program.output_run();
    for (i, format) in formats.into_iter().enumerate() {
        let _ = run.output(format, None);
        for path in paths.iter().skip(i % 3) {
            let _ = run.output(format, Some(path));
            let _ = program.memory_map_of("x", Some(path), Some("c64kit"), &[]);
        }
    }
    let _ = program.memory_map("x");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn sections_anywhere_write_every_output(src in section_source()) {
        write_every_output(&src);
    }
}

/// The section first met inside another, then placed at the top
/// (`tools/asm-mutation-compare` found it: writing any output panicked).
#[test]
fn a_section_first_met_inside_another_writes_every_output() {
    write_every_output(
        "m .macro\n.section late\n.byte 9\n.send late\n.endm\n.section code\n#m\n.send code\n\
         .dsection zp\n.dsection code\n.dsection data\n.section zp\n.union\n.struct\n.ends\n\
         .endu\n.send zp\n.section data\n.fill 16, 7\n.send data\n.dsection late\n",
    );
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
