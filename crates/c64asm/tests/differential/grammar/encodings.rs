//! Text encodings: `none` (raw 8-bit, or ASCII to PETSCII with `-a` and its
//! `{escapes}`), `screen`, user encodings built with `.cdef` (both forms),
//! `.tdef` and `.edef`, `.encode` areas and encodings used as functions;
//! characters as numbers (`lda #"a"`) under each. Texts are mostly made of
//! what the encoding defines, now and then of anything (an error).

use super::Ctx;
use super::values::str_literal;
use crate::case::{Line, line};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    match cx.weighted(&[(3, "builtin"), (4, "user"), (2, "encode")]) {
        "builtin" => {
            let enc = cx.pick(&["\"screen\"", "\"none\"", "\"screen\""]);
            lines.push(line!(format!(" .enc {enc}")));
            let mut tokens = plain_tokens();
            if cx.flags.ascii {
                tokens.extend(["{cr}", "{clr}", "{space}", "{rvs on}"].map(String::from));
            }
            show_text(cx, &tokens, &mut lines);
            lines.push(line!(" .enc \"none\""));
        }
        "user" => {
            // Encoding names are global in 64tass: the case id keeps them apart.
            let name = format!("\"e{}\"", cx.id);
            lines.push(line!(format!(" .enc {name}")));
            let tokens = definitions(cx, &mut lines);
            show_text(cx, &tokens, &mut lines);
            lines.push(line!(" .enc \"none\""));
        }
        _ => {
            let e = cx.name("en");
            lines.push(line!(format!("{e} .encode")));
            let tokens = definitions(cx, &mut lines);
            lines.push(line!(" .endencode"));
            lines.push(line!(format!(" .encode {e}")));
            show_text(cx, &tokens, &mut lines);
            lines.push(line!(" .endencode"));
            if cx.chance(50) {
                // the encoding as a function, outside its area
                let text = text_of(cx, &tokens);
                lines.push(line!(format!(" .text {e}(\"{text}\")")));
            }
            lines.push(line!(" .text \"abc\""));
        }
    }
    lines
}

fn plain_tokens() -> Vec<String> {
    ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain([' ', '.', ',', '!'])
        .map(String::from)
        .collect()
}

/// A user encoding: ranges that don't overlap (lower case, upper case,
/// digits, space), some single characters and escapes, and now and then a
/// range defined twice (an error). Returns what it can encode.
fn definitions(cx: &mut Ctx, lines: &mut Vec<Line>) -> Vec<String> {
    // (the definition, what it makes encodable)
    let mut defs: Vec<(String, Vec<String>)> = Vec::new();
    let ranges: [(&str, char, char); 4] = [
        ("az", 'a', 'z'),
        ("AZ", 'A', 'Z'),
        ("09", '0', '9'),
        ("  ", ' ', ' '),
    ];
    for (range, first, last) in ranges {
        if cx.chance(70) {
            let def = format!(" .cdef \"{range}\", {}", cx.range(0, 200));
            defs.push((def, (first..=last).map(String::from).collect()));
        }
    }
    let chars = |s: &str| s.chars().map(String::from).collect::<Vec<_>>();
    if cx.chance(30) {
        defs.push((
            format!(" .cdef 58, 62, {}", cx.range(0, 250)),
            chars(":;<=>"),
        ));
    }
    if cx.chance(30) {
        defs.push((
            format!(" .tdef \"[]^\", {}", cx.range(0, 250)),
            chars("[]^"),
        ));
    }
    if cx.chance(30) {
        let def = format!(
            " .tdef \"@#\", [{}, {}]",
            cx.range(0, 255),
            cx.range(0, 255)
        );
        defs.push((def, chars("@#")));
    }
    if cx.chance(50) {
        let esc = cx.pick(&["{x}", "<n>", "\\n", "ab"]);
        defs.push((
            format!(" .edef \"{esc}\", {}", cx.range(0, 255)),
            vec![esc.to_string()],
        ));
    }
    if cx.chance(30) {
        let (esc, bytes) = if cx.chance(50) {
            (
                "{yy}",
                format!("[{}, {}]", cx.range(0, 255), cx.range(0, 255)),
            )
        } else {
            ("{nothing}", "[]".to_string())
        };
        defs.push((format!(" .edef \"{esc}\", {bytes}"), vec![esc.to_string()]));
    }
    if cx.chance(8) {
        defs.push((" .cdef \"aa\", 1".to_string(), Vec::new())); // twice if "az" is defined
    }
    if defs.iter().all(|(_, t)| t.is_empty()) {
        defs.push((" .cdef \" ~\", 32".to_string(), chars("x~ ")));
    }
    let mut tokens = Vec::new();
    for (def, t) in defs {
        lines.push(line!(def));
        tokens.extend(t);
    }
    tokens
}

/// A text of a few encodable pieces.
fn text_of(cx: &mut Ctx, tokens: &[String]) -> String {
    let n = cx.range(0, 8);
    (0..n)
        .map(|_| tokens[cx.pick_index(tokens.len())].as_str())
        .collect()
}

/// Texts and character constants under the current encoding.
fn show_text(cx: &mut Ctx, tokens: &[String], lines: &mut Vec<Line>) {
    for _ in 0..cx.range(1, 3) {
        let l = match cx.weighted(&[
            (2, "any"),
            (8, "text"),
            (2, "null"),
            (3, "char"),
            (2, "byte"),
        ]) {
            "any" => line!(format!(" .text {}", str_literal(cx))),
            "text" => line!(format!(" .text \"{}\"", text_of(cx, tokens))),
            "null" => line!(format!(" .null \"{}\"", text_of(cx, tokens))),
            "char" => {
                let t = &tokens[cx.pick_index(tokens.len())];
                line!(format!(" lda #\"{t}\""))
            }
            _ => {
                let t = &tokens[cx.pick_index(tokens.len())];
                line!(format!(" .byte '{t}', \"{t}\" + 1"))
            }
        };
        lines.push(l);
    }
}
