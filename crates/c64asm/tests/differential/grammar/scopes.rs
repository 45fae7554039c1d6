//! Scopes: `.proc` (left out when nothing refers to it), named and
//! anonymous `.block`, `.namespace` (opened again later), dotted access
//! (`a.b.c`, `a.(x, y)`, `.x in a`, and of lists of scopes: `[a, b].x`,
//! `(a, b)[1:].x`), local `_labels`, `.weak` defaults (also naming a `.proc`
//! that only the overridden default uses) and `.with`.

use super::Ctx;
use super::values::{Ty, expr, small};
use crate::case::{Line, line};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..cx.range(1, 3) {
        match cx.weighted(&[
            (3, "proc"),
            (3, "block"),
            (2, "namespace"),
            (2, "local"),
            (1, "weak"),
            (1, "weak proc"),
            (1, "with"),
            (1, "member"),
            (1, "list member"),
        ]) {
            "proc" => proc_case(cx, &mut lines),
            "block" => block_case(cx, &mut lines),
            "namespace" => {
                let ns = cx.name("ns");
                let (k1, k2) = (cx.name("k"), cx.name("k"));
                let v = expr(cx, Ty::Int, 1);
                lines.push(line!(format!("{ns} .namespace")));
                lines.push(line!(format!("{k1} = "), v));
                lines.push(line!(cx.pick(&[" .endn", " .endnamespace"])));
                lines.push(line!(format!(
                    " .text repr({}.{})",
                    cx.refer(&ns),
                    cx.refer(&k1)
                )));
                if cx.chance(50) {
                    lines.push(line!(format!(" .namespace {ns}")));
                    lines.push(line!(format!("{k2} = {k1} + 1")));
                    lines.push(line!(" .endn"));
                    lines.push(line!(format!(" .text repr({ns}.{k2})")));
                }
            }
            "local" => {
                let (a, b) = (cx.name("lab"), cx.name("lab"));
                lines.push(line!(format!("{a} nop")));
                lines.push(line!("_loc .byte 1"));
                if cx.chance(50) {
                    lines.push(line!(" .word _loc"));
                }
                lines.push(line!(format!("{b} nop")));
                lines.push(line!("_loc .byte 2"));
                lines.push(line!(format!(
                    " .word {}._loc, {}._loc, _loc",
                    cx.refer(&a),
                    cx.refer(&b)
                )));
            }
            "weak" => {
                let w = cx.name("wk");
                lines.push(line!(" .weak"));
                lines.push(line!(format!("{w} = "), small(cx, 0, 99)));
                lines.push(line!(" .endweak"));
                if cx.chance(60) {
                    lines.push(line!(format!("{w} = "), small(cx, 100, 200)));
                }
                lines.push(line!(format!(" .byte {w}")));
            }
            "weak proc" => weak_proc_case(cx, &mut lines),
            "list member" => list_member_case(cx, &mut lines),
            "with" => {
                let b = cx.name("wb");
                let k = cx.name("k");
                lines.push(line!(format!("{b} .block")));
                lines.push(line!(format!("{k} = "), small(cx, 0, 255)));
                lines.push(line!(" .bend"));
                lines.push(line!(format!(" .with {b}")));
                lines.push(line!(format!(" .byte {}", cx.refer(&k))));
                lines.push(line!(cx.pick(&[" .endwith", " .endwith"])));
            }
            _ => {
                let b = cx.name("mb");
                let (x, y) = (cx.name("m"), cx.name("m"));
                lines.push(line!(format!("{b} .block")));
                lines.push(line!(format!("{x} = "), small(cx, 0, 255)));
                lines.push(line!(format!("{y} = "), small(cx, 0, 255)));
                lines.push(line!(" .bend"));
                let probe = cx.pick(&[x.as_str(), y.as_str(), "nosuch"]).to_string();
                match cx.range(0, 2) {
                    0 => lines.push(line!(format!(" .byte {b}.({x}, {y})"))),
                    1 => lines.push(line!(format!(" .text repr(.{probe} in {b})"))),
                    _ => lines.push(line!(format!(" .text repr({b}.{probe})"))),
                }
            }
        }
    }
    lines
}

/// A `.weak` default naming a `.proc`, then maybe a stronger definition:
/// what only the overridden default names is not used (not assembled).
fn weak_proc_case(cx: &mut Ctx, lines: &mut Vec<Line>) {
    let (w, p, q) = (cx.name("wk"), cx.name("dp"), cx.name("ov"));
    lines.push(line!(" .weak"));
    lines.push(line!(format!("{w} = {p}")));
    lines.push(line!(" .endweak"));
    let overridden = cx.chance(70);
    if overridden {
        lines.push(line!(format!("{w} = {q}")));
    }
    if cx.chance(80) {
        lines.push(line!(format!(" jsr {w}")));
    }
    for name in [&p, &q] {
        lines.push(line!(format!("{name} .proc")));
        lines.push(line!(" inx"));
        lines.push(line!(" rts"));
        lines.push(line!(" .pend"));
    }
    if cx.chance(30) {
        // a constant that is never read names one too
        let spare = cx.name("sp");
        lines.push(line!(format!("{spare} = {}", cx.refer(&q))));
    }
}

/// `.` of a list or tuple of scopes: the member of each element.
fn list_member_case(cx: &mut Ctx, lines: &mut Vec<Line>) {
    let n = cx.range(2, 3) as usize;
    let x = cx.name("m");
    let y = cx.name("m");
    let mut blocks = Vec::new();
    for _ in 0..n {
        let b = cx.name("lb");
        lines.push(line!(format!("{b} .block")));
        lines.push(line!(format!("{x} = "), small(cx, 0, 255)));
        lines.push(line!(format!("{y} .byte "), small(cx, 0, 255)));
        lines.push(line!(" .bend"));
        blocks.push(cx.refer(&b));
    }
    let (open, close) = if cx.chance(50) {
        ("[", "]")
    } else {
        ("(", ")")
    };
    let seq = format!("{open}{}{close}", blocks.join(", "));
    let use_ = match cx.range(0, 5) {
        0 => format!(" .byte {seq}.{x}"),
        1 => format!(" .word {seq}[1:].{y}"),
        2 => format!(" .byte len({seq}.{x})"),
        3 => {
            let members: Vec<&str> = (0..n)
                .map(|i| if i % 2 == 0 { x.as_str() } else { y.as_str() })
                .collect();
            format!(" .text repr({seq}.({}))", members.join(", "))
        }
        4 => format!(" .text repr({seq}.({x}, {y}, {x}))"), // broadcast fails unless n == 3
        _ => format!(" .byte {seq}[::-1].{x}[0]"),
    };
    lines.push(line!(use_));
}

fn proc_case(cx: &mut Ctx, lines: &mut Vec<Line>) {
    let p = cx.name("pr");
    let inner = cx.name("in");
    lines.push(line!(format!("{p} .proc")));
    lines.push(line!(" lda #1"));
    lines.push(line!(format!("{inner} rts")));
    lines.push(line!(cx.pick(&[" .pend", " .endproc"])));
    match cx.range(0, 3) {
        0 => {} // unused: not assembled at all
        1 => lines.push(line!(format!(" jsr {}", cx.refer(&p)))),
        2 => lines.push(line!(format!(" jmp {}.{}", cx.refer(&p), cx.refer(&inner)))),
        _ => lines.push(line!(format!(" .byte size({})", cx.refer(&p)))),
    }
}

fn block_case(cx: &mut Ctx, lines: &mut Vec<Line>) {
    let named = cx.chance(70);
    let b = cx.name("bl");
    let (x, inner, y) = (cx.name("x"), cx.name("ib"), cx.name("y"));
    lines.push(line!(if named {
        format!("{b} .block")
    } else {
        " .block".to_string()
    }));
    let v = expr(cx, Ty::Int, 1);
    lines.push(line!(format!("{x} = "), v));
    lines.push(line!(format!("{inner} .block")));
    lines.push(line!(format!("{y} .byte ({x}) & $ff")));
    lines.push(line!(cx.pick(&[" .bend", " .endblock"])));
    lines.push(line!(" .bend"));
    if named {
        lines.push(line!(format!(
            " .text repr({}.{})",
            cx.refer(&b),
            cx.refer(&x)
        )));
        lines.push(line!(format!(
            " .word {}.{}.{}",
            cx.refer(&b),
            cx.refer(&inner),
            cx.refer(&y)
        )));
    } else {
        lines.push(line!(format!(" .text repr({x})"))); // not visible outside: an error
    }
}
