//! Data directives: numbers of every width and signedness at and beyond
//! their limits, `?` gaps, lists, strings as numbers, texts with their end
//! markers, `.fill` and `.align`, and reading data back through its label
//! (`size`, `len`, indexing).

use super::Ctx;
use super::values::{Ty, expr, int_leaf, small, str_literal};
use crate::case::{Line, Piece, line};
use crate::expr::{Expr, atom, int};

/// Numeric directives and the range of values they accept.
const NUMERIC: &[(&str, i64, i64)] = &[
    (".byte", 0, 255),
    (".char", -128, 127),
    (".word", 0, 65535),
    (".sint", -32768, 32767),
    (".addr", 0, 65535),
    (".rta", 1, 65536),
    (".long", 0, 0xff_ffff),
    (".lint", -0x80_0000, 0x7f_ffff),
    (".dword", 0, 0xffff_ffff),
    (".dint", -0x8000_0000, 0x7fff_ffff),
];

const TEXTS: &[&str] = &[".text", ".null", ".ptext", ".shift", ".shiftl"];

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut labels: Vec<String> = Vec::new();
    for _ in 0..cx.range(1, 4) {
        let label = if cx.chance(40) {
            cx.name("d")
        } else {
            String::new()
        };
        let body = match cx.weighted(&[
            (10, "numeric"),
            (6, "text"),
            (2, "fill"),
            (2, "align"),
            (3, "readback"),
            (1, "star"),
        ]) {
            "numeric" => numeric(cx, &labels),
            "text" => text(cx),
            "fill" => {
                let n = small(cx, 0, 24);
                match cx.range(0, 3) {
                    0 => line!(" .fill ", n),
                    1 => line!(" .fill ", n, ", ", byte_value(cx)),
                    2 => line!(" .fill ", n, ", ", small_list(cx)),
                    _ => line!(" .fill ", n, ", ?"),
                }
            }
            "align" => {
                let n = frozen_pick(cx, &[1, 2, 3, 4, 8, 16, 32, 64, 256, 1, 2, 4]);
                match cx.range(0, 2) {
                    0 => line!(" .align ", n),
                    1 => line!(" .align ", n, ", ", byte_value(cx)),
                    _ => line!(" .align ", n, ", ", small_list(cx)),
                }
            }
            "readback" if !labels.is_empty() => {
                let l = labels[cx.pick_index(labels.len())].clone();
                let l = cx.refer(&l);
                let f = cx.pick(&["size", "len"]);
                let i = cx.range(-2, 3);
                match cx.range(0, 2) {
                    0 => line!(format!(" .byte {f}({l})")),
                    1 => line!(format!(" .text repr({l}[{i}])")),
                    _ => line!(format!(" .text repr({l}[1:]), repr({l}[::-1])")),
                }
            }
            _ => line!(" .word *, * + ", int_leaf(cx), ", ", small(cx, 0, 3)),
        };
        let mut pieces = vec![Piece::Text(label.clone())];
        pieces.extend(body.pieces);
        lines.push(Line::new(pieces));
        if !label.is_empty() {
            labels.push(label);
        }
    }
    lines
}

fn frozen_pick(cx: &mut Ctx, items: &[i64]) -> Expr {
    crate::expr::frozen(int(cx.pick(items) as i128))
}

fn byte_value(cx: &mut Ctx) -> Expr {
    if cx.chance(85) {
        int(cx.range(0, 255) as i128)
    } else {
        int_leaf(cx)
    }
}

fn small_list(cx: &mut Ctx) -> Expr {
    let n = cx.range(1, 3);
    Expr::List((0..n).map(|_| int(cx.range(0, 255) as i128)).collect())
}

/// `.byte 1, ?, [2, 3], "a", $ff & x, label, ...`
fn numeric(cx: &mut Ctx, labels: &[String]) -> Line {
    let (dir, lo, hi) = cx.pick(NUMERIC);
    let mut pieces: Vec<Piece> = vec![Piece::Text(format!(" {dir} "))];
    let n = cx.range(1, 4);
    for i in 0..n {
        if i > 0 {
            pieces.push(", ".into());
        }
        let item = match cx.weighted(&[
            (6, "edge"),
            (8, "inside"),
            (2, "gap"),
            (2, "list"),
            (2, "expr"),
            (1, "char"),
            (1, "float"),
            (1, "label"),
            (1, "masked"),
        ]) {
            "edge" => {
                let outside = cx.chance(20);
                int(if outside {
                    cx.pick(&[lo - 1, hi + 1, -1])
                } else {
                    cx.pick(&[lo, hi, 0])
                } as i128)
            }
            "inside" => int(cx.range(lo, hi) as i128),
            "gap" => atom("?"),
            "list" => {
                let k = cx.range(0, 3);
                let items = (0..k)
                    .map(|_| {
                        if cx.chance(15) {
                            atom("?")
                        } else {
                            int(cx.range(lo.max(-300), hi.min(300)) as i128)
                        }
                    })
                    .collect();
                if cx.chance(50) {
                    Expr::List(items)
                } else {
                    Expr::Tuple(items)
                }
            }
            "expr" => expr(cx, Ty::Int, 2),
            "char" => {
                let s = str_literal(cx);
                atom(s)
            }
            "float" => atom(format!(
                "{}.{}",
                cx.range(lo.max(-100), hi.min(300)),
                cx.range(0, 99)
            )),
            "label" if !labels.is_empty() => {
                let l = labels[cx.pick_index(labels.len())].clone();
                atom(cx.refer(&l))
            }
            _ => {
                let e = expr(cx, Ty::Int, 2);
                crate::grammar::values::bin(cx, "&", e, atom("$ff"))
            }
        };
        pieces.push(Piece::Expr(item));
    }
    Line::new(pieces)
}

/// `.text "abc", 13, ?, x"12", $1234, ...` and the texts with end markers.
fn text(cx: &mut Ctx) -> Line {
    let dir = cx.pick(TEXTS);
    let mut pieces: Vec<Piece> = vec![Piece::Text(format!(" {dir} "))];
    let n = cx.range(1, 3);
    for i in 0..n {
        if i > 0 {
            pieces.push(", ".into());
        }
        let item = match cx.weighted(&[
            (8, "str"),
            (3, "byte"),
            (1, "gap"),
            (1, "bits"),
            (1, "bytes"),
            (1, "list"),
            (2, "expr"),
        ]) {
            "str" => atom(str_literal(cx)),
            "byte" => int(cx.weighted(&[
                (8, 13),
                (8, 32),
                (8, 65),
                (4, 127),
                (4, 128),
                (4, 255),
                (2, 0),
                (1, 256),
                (1, -1),
            ]) as i128),
            "gap" => atom("?"),
            "bits" => atom(cx.pick(&["$1234", "%1010", "$0", "$abcdef", "~$12"])),
            "bytes" => expr(cx, Ty::Bytes, 1),
            "list" => {
                let k = cx.range(0, 3);
                Expr::List((0..k).map(|_| int(cx.range(0, 130) as i128)).collect())
            }
            _ => expr(cx, Ty::Str, 2),
        };
        pieces.push(Piece::Expr(item));
    }
    Line::new(pieces)
}
