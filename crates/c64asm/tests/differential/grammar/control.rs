//! Conditionals and loops: `.if/.elsif/.else` (and `.ifne` & co.),
//! `.switch/.case/.default`, `.comment`, both forms of `.for`, `.rept`,
//! `.while`, their scoped `b` variants, `.break/.continue` (and the `if`
//! forms), nested; skipped branches hold text that isn't even parsed.
//! Loop headers and counters are fixed lines: every loop ends.

use super::Ctx;
use super::values::{Ty, expr, int_leaf, small};
use crate::case::{Line, line};
use crate::expr::{Expr, atom, int};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..cx.range(1, 2) {
        construct(cx, 2, false, &mut lines);
    }
    lines
}

/// Body lines: a few emitters and maybe a nested construct.
fn body(cx: &mut Ctx, depth: u32, in_loop: bool, lines: &mut Vec<Line>) {
    for _ in 0..cx.range(1, 3) {
        if depth > 0 && cx.chance(30) {
            construct(cx, depth - 1, in_loop, lines);
            continue;
        }
        if in_loop && cx.chance(12) {
            let c = expr(cx, Ty::Bool, 1);
            lines.push(match cx.range(0, 3) {
                0 => line!(" .break"),
                1 => line!(" .continue"),
                2 => line!(" .breakif ", c),
                _ => line!(" .continueif ", c),
            });
            continue;
        }
        lines.push(emit(cx, in_loop));
    }
}

/// A line that shows a value (loop variables included).
fn emit(cx: &mut Ctx, in_loop: bool) -> Line {
    // a label repeated by a loop is a double definition (unless the loop is scoped)
    match cx.range(0, if in_loop { 2 } else { 3 }) {
        0 => {
            let e = expr(cx, Ty::Int, 1);
            line!(" .byte (", e, ") & $ff")
        }
        1 => {
            let t = cx.pick(&[Ty::Int, Ty::Str, Ty::Bool]);
            let e = expr(cx, t, 1);
            line!(" .text repr(", e, ")")
        }
        2 => line!(" nop"),
        _ => {
            let name = cx.name("t");
            line!(format!("{name} .byte "), small(cx, 0, 255))
        }
    }
}

fn construct(cx: &mut Ctx, depth: u32, in_loop: bool, lines: &mut Vec<Line>) {
    match cx.weighted(&[
        (5, "if"),
        (1, "ifxx"),
        (3, "switch"),
        (1, "comment"),
        (3, "for"),
        (2, "forin"),
        (2, "rept"),
        (2, "while"),
    ]) {
        "if" => {
            let c = condition(cx);
            lines.push(line!(" .if ", c));
            body(cx, depth, in_loop, lines);
            for _ in 0..cx.range(0, 2) {
                let c = condition(cx);
                lines.push(line!(" .elsif ", c));
                body(cx, depth, in_loop, lines);
            }
            if cx.chance(50) {
                lines.push(line!(" .else"));
                body(cx, depth, in_loop, lines);
            }
            if cx.chance(30) {
                lines.push(skipped_garbage(cx));
            }
            lines.push(line!(cx.pick(&[" .endif", " .fi"])));
        }
        "ifxx" => {
            let d = cx.pick(&[".ifne", ".ifeq", ".ifpl", ".ifmi"]);
            let v = expr(cx, Ty::Int, 1);
            lines.push(line!(format!(" {d} "), v));
            body(cx, depth, in_loop, lines);
            if cx.chance(40) {
                lines.push(line!(" .else"));
                body(cx, depth, in_loop, lines);
            }
            lines.push(line!(" .endif"));
        }
        "switch" => {
            let t = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Bool]);
            let v = if cx.chance(60) {
                int(cx.range(0, 4) as i128)
            } else {
                expr(cx, t, 1)
            };
            lines.push(line!(" .switch ", v));
            for _ in 0..cx.range(0, 3) {
                let n = cx.range(1, 2);
                let mut pieces = vec![" .case ".into()];
                for i in 0..n {
                    if i > 0 {
                        pieces.push(", ".into());
                    }
                    let c = if cx.chance(70) {
                        int(cx.range(0, 4) as i128)
                    } else {
                        expr(cx, t, 1)
                    };
                    pieces.push(c.into());
                }
                lines.push(Line::new(pieces));
                body(cx, depth, in_loop, lines);
            }
            if cx.chance(50) {
                lines.push(line!(" .default"));
                body(cx, depth, in_loop, lines);
            }
            lines.push(line!(" .endswitch"));
        }
        "comment" => {
            lines.push(line!(" .comment"));
            lines.push(skipped_garbage(cx));
            lines.push(line!(cx.pick(&[" .endc", " .endcomment"])));
        }
        "for" => {
            let g = cx.group();
            let scoped = if cx.chance(25) { ".bfor" } else { ".for" };
            // Sometimes named like a cheap local: it lives in the scope of
            // the code label before the loop (a label in the body hides it).
            let v = if scoped == ".for" && cx.chance(10) {
                cx.name("_i")
            } else {
                cx.name("i")
            };
            let (start, end, step) = (cx.range(-3, 3), cx.range(-3, 8), cx.range(1, 3));
            let assign = if cx.chance(20) { "=" } else { ":=" };
            let cmp = cx.pick(&["<", "<=", "!="]);
            let end = if cmp == "!=" {
                start + step * cx.range(0, 4)
            } else {
                end
            };
            lines.push(
                line!(format!(
                    " {scoped} {v} {assign} {start}, {v} {cmp} {end}, {v} += {step}"
                ))
                .fixed(g),
            );
            cx.syms.push((v, Ty::Int));
            body(cx, depth, true, lines);
            cx.syms.pop();
            lines.push(line!(cx.pick(&[" .next", " .endfor"])).fixed(g));
        }
        "forin" => {
            let g = cx.group();
            let scoped = if cx.chance(25) { ".bfor" } else { ".for" };
            let v = cx.name("e");
            if cx.chance(25) {
                // several variables, from a list of tuples
                let w = cx.name("e");
                let n = cx.range(0, 3);
                let pairs = Expr::List(
                    (0..n)
                        .map(|_| Expr::Tuple(vec![int_leaf(cx), int_leaf(cx)]))
                        .collect(),
                );
                lines.push(
                    line!(
                        format!(" {scoped} {v}, {w} in "),
                        crate::expr::frozen(pairs)
                    )
                    .fixed(g),
                );
                cx.syms.push((v, Ty::Int));
                cx.syms.push((w, Ty::Int));
                body(cx, depth, true, lines);
                cx.syms.pop();
                cx.syms.pop();
            } else {
                let seq = match cx.range(0, 2) {
                    0 => atom(format!("range({})", cx.range(0, 6))),
                    1 => {
                        let n = cx.range(0, 4);
                        Expr::List((0..n).map(|_| int_leaf(cx)).collect())
                    }
                    _ => atom(format!(
                        "{}, {}, {}",
                        cx.range(0, 9),
                        cx.range(0, 9),
                        cx.range(0, 9)
                    )),
                };
                lines.push(line!(format!(" {scoped} {v} in "), crate::expr::frozen(seq)).fixed(g));
                cx.syms.push((v, Ty::Int));
                body(cx, depth, true, lines);
                cx.syms.pop();
            }
            lines.push(line!(cx.pick(&[" .next", " .endfor"])).fixed(g));
        }
        "rept" => {
            let g = cx.group();
            let scoped = if cx.chance(25) { ".brept" } else { ".rept" };
            lines.push(line!(format!(" {scoped} "), small(cx, 0, 5)).fixed(g));
            body(cx, depth, true, lines);
            lines.push(line!(cx.pick(&[" .next", " .endrept"])).fixed(g));
        }
        _ => {
            // the counter moves first, so `.continue` can't make it endless
            let g = cx.group();
            let v = cx.name("w");
            let n = cx.range(0, 5);
            lines.push(line!(format!("{v} := 0")).fixed(g));
            let scoped = if cx.chance(25) { ".bwhile" } else { ".while" };
            lines.push(line!(format!(" {scoped} {v} < {n}")).fixed(g));
            let update = if scoped == ".bwhile" {
                format!("{v} ::= {v} + 1")
            } else {
                format!("{v} += 1")
            };
            lines.push(line!(update).fixed(g));
            cx.syms.push((v, Ty::Int));
            body(cx, depth, true, lines);
            cx.syms.pop();
            lines.push(line!(cx.pick(&[" .next", " .endwhile"])).fixed(g));
        }
    }
}

/// A condition: usually a comparison, sometimes any value (truthiness).
fn condition(cx: &mut Ctx) -> Expr {
    match cx.range(0, 4) {
        0 => atom(cx.pick(&["true", "false", "1", "0"])),
        1 => {
            let t = cx.pick(&[Ty::Int, Ty::Str, Ty::Float, Ty::List, Ty::Bits]);
            expr(cx, t, 1)
        }
        _ => expr(cx, Ty::Bool, 2),
    }
}

/// A line a skipped branch never parses (64tass doesn't look at it).
fn skipped_garbage(cx: &mut Ctx) -> Line {
    line!(cx.pick(&[
        " lda #(((",
        " .byte 1 +",
        " fooop 1",
        "-",
        " .text \"unterminated",
        " lda #1",
        "+ nop",
        " .bogus"
    ]))
}
