//! TASM-compatible mode (`-T`; only in batches whose flags ask for it, see
//! `Flags::tasm`): Turbo Assembler's expressions, strictly left to right in
//! 16-bit words, in constants, data and operands; `<`/`>` over a whole
//! element (also carried to a symbol straight after a comma), `#`, `,x`/`,y`,
//! indirect operands and `!` word addresses. Written as text: TASM's
//! operators (`.` or, `:` exclusive or) are not 64tass's, so the
//! expression trees of the other families don't render them.

use super::Ctx;
use crate::case::{Line, line};

const OPERATORS: &[&str] = &["+", "-", "*", "/", "&", ".", ":"];

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut consts: Vec<String> = Vec::new();
    for _ in 0..cx.range(2, 7) {
        match cx.weighted(&[(4, "const"), (5, "word"), (3, "byte"), (5, "insn")]) {
            "const" => {
                let e = expr(cx, &consts, 2);
                let name = cx.name("t");
                lines.push(line!(format!("{name} = {e}")));
                consts.push(name);
            }
            "word" => {
                let items: Vec<String> = (0..cx.range(1, 4))
                    .map(|_| element(cx, &consts, false))
                    .collect();
                lines.push(line!(format!(" .word {}", join(cx, &items))));
            }
            "byte" => {
                let items: Vec<String> = (0..cx.range(1, 4))
                    .map(|_| element(cx, &consts, true))
                    .collect();
                lines.push(line!(format!(" .byte {}", join(cx, &items))));
            }
            _ => {
                let e = expr(cx, &consts, 2);
                let text = match cx.range(0, 8) {
                    0 => format!(" lda #<{e}"),
                    1 => format!(" ldx #>{e}"),
                    2 => format!(" lda {e},x"),
                    3 => format!(" ldy !{e}"),
                    4 => format!(" sta ({e}&255),y"),
                    5 => format!(" lda ({e}&255,x)"),
                    6 => format!(" jmp ({e})"),
                    7 => format!(" cmp {e}"),
                    _ => format!(" ldx {e},y"),
                };
                lines.push(line!(text));
            }
        }
    }
    lines
}

/// Elements after `.byte`/`.word`: `, ` (a new element) or `,` (which
/// carries a `<` or `>` on to a symbol straight after it, as in 64tass).
fn join(cx: &mut Ctx, items: &[String]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if cx.chance(50) { ", " } else { "," });
        }
        out.push_str(item);
    }
    out
}

/// A data element: a byte of an expression for `.byte`, which must fit.
fn element(cx: &mut Ctx, consts: &[String], byte: bool) -> String {
    let e = expr(cx, consts, 2);
    match cx.range(0, 3) {
        0 => format!("<{e}"),
        1 => format!(">{e}"),
        _ if byte => format!("{e}&255"),
        _ => e,
    }
}

/// An expression: operands and TASM's operators, left to right.
fn expr(cx: &mut Ctx, consts: &[String], depth: u32) -> String {
    let mut out = operand(cx, consts, depth);
    for _ in 0..cx.range(0, 3) {
        let op = cx.pick(OPERATORS);
        let space = if cx.chance(20) { " " } else { "" };
        // Never a division by zero: a literal divisor that isn't.
        let right = if op == "/" {
            cx.range(1, 300).to_string()
        } else {
            operand(cx, consts, depth)
        };
        out = format!("{out}{space}{op}{space}{right}");
    }
    out
}

fn operand(cx: &mut Ctx, consts: &[String], depth: u32) -> String {
    match cx.weighted(&[
        (5, "dec"),
        (4, "hex"),
        (2, "bin"),
        (1, "str"),
        (1, "star"),
        (4, "sym"),
        (2, "paren"),
    ]) {
        "dec" => cx.range(0, 70000).to_string(),
        "hex" => format!("${:x}", cx.range(0, 0xfffff)),
        "bin" => format!("%{:b}", cx.range(0, 0xffff)),
        "str" => {
            let a = cx.pick(&["a", "Z", "0", " "]);
            if cx.chance(50) {
                format!("\"{a}\"")
            } else {
                format!("\"{a}b\"")
            }
        }
        "star" => "*".to_string(),
        "sym" if !consts.is_empty() => {
            let n = cx.pick_index(consts.len());
            let name = consts[n].clone();
            cx.refer(&name)
        }
        "paren" if depth > 0 => format!("({})", expr(cx, consts, depth - 1)),
        _ => cx.range(0, 300).to_string(),
    }
}
