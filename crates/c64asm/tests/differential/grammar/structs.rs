//! Structures and unions: named ones with parameters and defaults, their
//! field offsets and sizes, instances by `.dstruct`/`.dunion` and by the
//! `.name` call, field access through instances, anonymous ones inline.

use super::Ctx;
use super::values::small;
use crate::case::{Line, Piece, line};
use crate::expr::int;

const FIELDS: &[&str] = &[
    ".byte", ".word", ".char", ".long", ".dword", ".fill 2,", ".text",
];

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let union = cx.chance(35);
    let mut lines = Vec::new();
    if cx.chance(25) {
        // anonymous: the content is assembled here, the labels are visible
        lines.push(line!(if union { " .union" } else { " .struct" }));
        let mut names = Vec::new();
        for _ in 0..cx.range(1, 3) {
            let f = cx.name("f");
            let dir = cx.pick(&[".byte", ".word", ".long"]);
            lines.push(line!(format!("{f} {dir} "), small(cx, 0, 255)));
            names.push(f);
        }
        lines.push(line!(if union { " .endunion" } else { " .endstruct" }));
        lines.push(line!(format!(" .word {}", names.join(", "))));
        return lines;
    }
    let name = cx.name(if union { "un" } else { "st" });
    let nparams = cx.range(0, 2) as usize;
    let params: Vec<String> = (0..nparams).map(|i| format!("q{i}")).collect();
    let mut header = format!("{name} .{}", if union { "union" } else { "struct" });
    for (i, p) in params.iter().enumerate() {
        header.push_str(if i == 0 { " " } else { ", " });
        header.push_str(p);
        if cx.chance(40) {
            header.push_str(&format!("={}", cx.range(0, 99)));
        }
    }
    lines.push(line!(header));
    let mut fields = Vec::new();
    for _ in 0..cx.range(1, 3) {
        let f = cx.name("f");
        let dir = cx.pick(FIELDS);
        let value = if !params.is_empty() && cx.chance(60) {
            let p = &params[cx.pick_index(params.len())];
            if cx.chance(50) {
                format!("\\{p}")
            } else {
                format!("\\{}", cx.range(1, nparams as i64))
            }
        } else if cx.chance(30) {
            "?".to_string()
        } else {
            cx.range(0, 99).to_string()
        };
        let value = if dir == ".text" && !value.starts_with('\\') {
            "\"ab\"".to_string()
        } else {
            value
        };
        lines.push(line!(format!("{f} {dir} {value}")));
        fields.push(f);
    }
    let end = if union {
        cx.pick(&[" .endunion", " .endu"])
    } else {
        cx.pick(&[" .endstruct", " .ends"])
    };
    lines.push(line!(end));
    // Offsets and size of the definition.
    let fld = fields[cx.pick_index(fields.len())].clone();
    lines.push(line!(format!(
        " .byte {}.{}, size({})",
        cx.refer(&name),
        cx.refer(&fld),
        cx.refer(&name)
    )));
    // Instances.
    for _ in 0..cx.range(1, 2) {
        let inst = cx.name("inst");
        let nargs = if cx.chance(85) {
            nparams
        } else {
            cx.range(0, 3) as usize
        };
        // A union instantiated as `.name` is left to `.dunion`: 64tass 1.58
        // lays its fields out one after another there (not overlapping, as
        // its manual and `.dunion` do), a 64tass bug c64asm doesn't copy.
        let directive = cx.chance(50);
        let how = if directive || union {
            format!(
                "{inst} .{} {}",
                if union { "dunion" } else { "dstruct" },
                cx.refer(&name)
            )
        } else {
            format!("{inst} .{}", cx.refer(&name))
        };
        let mut pieces: Vec<Piece> = vec![Piece::Text(how.clone())];
        let mut first = !how.contains(".dstruct") && !how.contains(".dunion");
        for _ in 0..nargs {
            pieces.push(if first { " ".into() } else { ", ".into() });
            first = false;
            pieces.push(int(cx.range(0, 255) as i128).into());
        }
        lines.push(Line::new(pieces));
        let f = fields[cx.pick_index(fields.len())].clone();
        lines.push(line!(format!(
            " .word {}.{}",
            cx.refer(&inst),
            cx.refer(&f)
        )));
    }
    lines
}
