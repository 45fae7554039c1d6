//! Text encodings: `none` (raw 8-bit, or ASCII to PETSCII with `-a` and its
//! `{escapes}`), `screen`, user encodings built with `.cdef` (both forms),
//! `.tdef` and `.edef`, `.encode` areas and encodings used as functions;
//! characters as numbers (`lda #"a"`) under each.

use super::Ctx;
use super::values::str_literal;
use crate::case::{Line, line};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    match cx.weighted(&[(3, "builtin"), (4, "user"), (2, "encode")]) {
        "builtin" => {
            let enc = cx.pick(&["\"screen\"", "\"none\"", "\"screen\""]);
            lines.push(line!(format!(" .enc {enc}")));
            show_text(cx, &mut lines);
            lines.push(line!(" .enc \"none\""));
        }
        "user" => {
            // Encoding names are global in 64tass: the case id keeps them apart.
            let name = format!("\"e{}\"", cx.id);
            lines.push(line!(format!(" .enc {name}")));
            definitions(cx, &mut lines);
            show_text(cx, &mut lines);
            lines.push(line!(" .enc \"none\""));
        }
        _ => {
            let e = cx.name("en");
            lines.push(line!(format!("{e} .encode")));
            definitions(cx, &mut lines);
            lines.push(line!(" .endencode"));
            lines.push(line!(format!(" .encode {e}")));
            show_text(cx, &mut lines);
            lines.push(line!(" .endencode"));
            if cx.chance(50) {
                lines.push(line!(format!(" .text {e}(\"abc\")")));
            }
            lines.push(line!(" .text \"abc\""));
        }
    }
    lines
}

fn definitions(cx: &mut Ctx, lines: &mut Vec<Line>) {
    let mut kinds: Vec<i64> = (0..=6).collect();
    for _ in 0..cx.range(1, 3) {
        // each kind once: the same characters defined twice are an error
        let kind = kinds.remove(cx.pick_index(kinds.len()));
        let def = match kind {
            0 => format!(
                " .cdef \"{}\", {}",
                cx.pick(&["az", "AZ", " ~", "09", "aa"]),
                cx.range(0, 200)
            ),
            1 => format!(
                " .cdef {}, {}, {}",
                cx.range(32, 64),
                cx.range(64, 127),
                cx.range(0, 128)
            ),
            2 => format!(
                " .tdef \"{}\", {}",
                cx.pick(&["xyz", "q", "!?"]),
                cx.range(0, 250)
            ),
            3 => format!(
                " .tdef \"abc\", [{}, {}, {}]",
                cx.range(0, 255),
                cx.range(0, 255),
                cx.range(0, 255)
            ),
            4 => format!(
                " .edef \"{}\", {}",
                cx.pick(&["{x}", "<n>", "\\n", "ab"]),
                cx.range(0, 255)
            ),
            5 => format!(
                " .edef \"{}\", [{}, {}]",
                cx.pick(&["{yy}", "@@"]),
                cx.range(0, 255),
                cx.range(0, 255)
            ),
            _ => format!(" .edef \"{}\", []", cx.pick(&["{nothing}", "#"])),
        };
        lines.push(line!(def));
    }
}

/// Texts and character constants under the current encoding.
fn show_text(cx: &mut Ctx, lines: &mut Vec<Line>) {
    for _ in 0..cx.range(1, 3) {
        let l = match cx.range(0, 4) {
            0 => line!(format!(" .text {}", str_literal(cx))),
            1 => line!(format!(
                " .text \"{}\"",
                cx.pick(&[
                    "abc",
                    "ABC",
                    "a{x}b",
                    "<n>ab",
                    "xyz",
                    "hello world",
                    "@[]^_",
                    "09!?",
                    "{clr}{cr}",
                    "\\n"
                ])
            )),
            2 => line!(format!(
                " lda #{}",
                cx.pick(&["\"a\"", "'Z'", "' '", "\"@\"", "'x'"])
            )),
            3 => line!(format!(
                " .byte {}",
                cx.pick(&["\"q\"", "'0'", "\"a\" + 1", "'{x}'"])
            )),
            _ => line!(format!(" .null {}", str_literal(cx))),
        };
        lines.push(l);
    }
}
