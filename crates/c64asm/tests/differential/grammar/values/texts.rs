//! Strings (with `format`), booleans and byte strings.

use super::*;
use crate::expr::{self, Expr, atom, call, int};

pub(super) fn str_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (4, "concat"),
        (2, "repeat"),
        (3, "index"),
        (3, "str"),
        (3, "repr"),
        (8, "format"),
        (1, "cond"),
        (1, "decimal"),
    ]) {
        "concat" => {
            let (l, r) = (expr(cx, Ty::Str, d), expr(cx, Ty::Str, d));
            bin(cx, "..", l, r)
        }
        "repeat" => {
            let l = expr(cx, Ty::Str, d);
            let n = small(cx, 0, 4);
            bin(cx, "x", l, n)
        }
        "index" => {
            let e = postfix_base(expr(cx, Ty::Str, d));
            let sub = slice_or_index(cx, 8);
            expr::index(e, vec![sub])
        }
        "str" => {
            let t = cx.pick(SCALARS);
            let e = expr(cx, t, d);
            call("str", vec![e])
        }
        "repr" => {
            let t = cx.pick(SCALARS);
            let e = expr(cx, t, d);
            call("repr", vec![e])
        }
        "format" => format_call(cx, d),
        "cond" => {
            let c = expr(cx, Ty::Bool, d);
            let (a, b) = (expr(cx, Ty::Str, d), expr(cx, Ty::Str, d));
            ternary(cx, c, a, b)
        }
        _ => {
            // `^x`: the deprecated decimal string operator
            let e = expr(cx, Ty::Int, d);
            pre(cx, "^", e)
        }
    }
}

/// `format("...", args)`: conversions with flags, widths and precisions, and
/// arguments of the types they convert (now and then not).
pub fn format_call(cx: &mut Ctx, d: u32) -> Expr {
    let mut fmt = String::new();
    let mut args = Vec::new();
    let n = cx.range(1, 3);
    for _ in 0..n {
        if cx.chance(40) {
            fmt.push_str(cx.pick(&["a", "x=", " ", "-", "ab ", ":", "#"]));
        }
        fmt.push('%');
        let conv = cx.pick(&[
            'd', 'd', 'x', 'X', 'b', 'c', 'e', 'E', 'f', 'F', 'g', 'G', 's', 's', 'r', '%',
        ]);
        if conv == '%' {
            fmt.push('%');
            continue;
        }
        let mut star = false;
        if cx.chance(40) {
            let nflags = cx.range(1, 2);
            for _ in 0..nflags {
                fmt.push(cx.pick(&['#', '0', '-', ' ', '+']));
            }
        }
        if cx.chance(40) {
            if cx.chance(15) {
                fmt.push('*');
                star = true;
            } else {
                fmt.push_str(&cx.range(0, 12).to_string());
            }
        }
        if cx.chance(25) {
            fmt.push('.');
            fmt.push_str(&cx.range(0, 8).to_string());
        }
        fmt.push(conv);
        if star {
            // the width is an argument: keep it and the value small
            args.push(small(cx, 0, 10));
            args.push(small(cx, 0, 10));
            continue;
        }
        let arg = match conv {
            'd' | 'x' | 'X' | 'b' => {
                let t = cx.weighted(&[(8, Ty::Int), (2, Ty::Bits), (1, Ty::Float), (1, Ty::Bool)]);
                expr(cx, t, d)
            }
            'c' => {
                if cx.flags.ascii && cx.chance(20) {
                    int(cx.pick(&[0xe9, 0x3c0, 0x2190, 0xa3]) as i128)
                } else {
                    int(cx.range(32, 126) as i128)
                }
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let t = cx.weighted(&[(4, Ty::Float), (1, Ty::Int)]);
                expr(cx, t, d)
            }
            _ => {
                let t = cx.pick(SCALARS);
                expr(cx, t, d)
            }
        };
        args.push(arg);
    }
    if cx.chance(5) && !args.is_empty() {
        args.pop();
    }
    let q = '"';
    let mut all = vec![atom(format!("{q}{fmt}{q}"))];
    all.extend(args);
    call("format", all)
}

pub(super) fn bool_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (8, "compare"),
        (4, "logic"),
        (2, "not"),
        (2, "in"),
        (2, "allany"),
        (2, "bool"),
        (1, "identity"),
    ]) {
        "compare" => {
            let op = cx.pick(&["==", "!=", "<", ">", "<=", ">="]);
            let t = cx.weighted(&[
                (8, Ty::Int),
                (2, Ty::Float),
                (2, Ty::Str),
                (1, Ty::Bits),
                (1, Ty::List),
                (1, Ty::Bytes),
                (1, Ty::Bool),
            ]);
            let l = expr(cx, t, d);
            let rt = if t == Ty::Float { Ty::Int } else { t };
            let r = expr(cx, rt, d);
            bin(cx, op, l, r)
        }
        "logic" => {
            let op = cx.pick(&["&&", "||", "^^"]);
            let lt = cx.weighted(&[(5, Ty::Bool), (1, Ty::Int)]);
            let (l, r) = (expr(cx, lt, d), expr(cx, Ty::Bool, d));
            bin(cx, op, l, r)
        }
        "not" => {
            let t = cx.pick(&[Ty::Bool, Ty::Bool, Ty::Int, Ty::Str, Ty::Float]);
            let e = expr(cx, t, d);
            pre(cx, "!", e)
        }
        "in" => {
            let op = cx.pick(&["in", "in", "!in"]);
            let (l, r) = match cx.range(0, 3) {
                0 => (expr(cx, Ty::Int, d), expr(cx, Ty::List, d)),
                1 => (expr(cx, Ty::Str, d), expr(cx, Ty::Str, d)),
                2 => (expr(cx, Ty::Bytes, d), expr(cx, Ty::Bytes, d)),
                _ => (int_leaf(cx), expr(cx, Ty::Dict, d)),
            };
            bin(cx, op, l, r)
        }
        "allany" => {
            let f = cx.pick(&["all", "any"]);
            let t = cx.pick(&[Ty::List, Ty::Str, Ty::Bytes, Ty::Bits, Ty::Tuple]);
            let e = expr(cx, t, d);
            call(f, vec![e])
        }
        "bool" => {
            let t = cx.pick(SCALARS);
            let e = expr(cx, t, d);
            call("bool", vec![e])
        }
        _ => {
            let op = cx.pick(&["===", "!=="]);
            let t = cx.pick(SCALARS);
            let (l, r) = (expr(cx, t, d), expr(cx, t, d));
            bin(cx, op, l, r)
        }
    }
}

const BYTE_FNS: &[(&str, i64, i64)] = &[
    ("byte", 0, 255),
    ("char", -128, 127),
    ("word", 0, 65535),
    ("sint", -32768, 32767),
    ("long", 0, 0xff_ffff),
    ("lint", -0x80_0000, 0x7f_ffff),
    ("dword", 0, 0xffff_ffff),
    ("dint", -0x8000_0000, 0x7fff_ffff),
    ("addr", 0, 65535),
    ("rta", 0, 65535),
];

pub(super) fn bytes_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (4, "fn"),
        (3, "bytes"),
        (3, "concat"),
        (2, "repeat"),
        (3, "index"),
    ]) {
        "fn" => {
            let (f, lo, hi) = cx.pick(BYTE_FNS);
            let e = if cx.chance(70) {
                let edge = cx.pick(&[lo, hi, lo - 1, hi + 1, 0, 1]);
                if cx.chance(50) {
                    int(edge as i128)
                } else {
                    int(cx.range(lo, hi) as i128)
                }
            } else {
                expr(cx, Ty::Int, d)
            };
            call(f, vec![e])
        }
        "bytes" => {
            let t = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Bits, Ty::Bytes]);
            let e = expr(cx, t, d);
            if cx.chance(50) {
                call("bytes", vec![e])
            } else {
                call("bytes", vec![e, small(cx, -4, 6)])
            }
        }
        "concat" => {
            let (l, r) = (expr(cx, Ty::Bytes, d), expr(cx, Ty::Bytes, d));
            bin(cx, "..", l, r)
        }
        "repeat" => {
            let l = expr(cx, Ty::Bytes, d);
            let n = small(cx, 0, 4);
            bin(cx, "x", l, n)
        }
        _ => {
            let e = postfix_base(expr(cx, Ty::Bytes, d));
            let sub = slice_or_index(cx, 6);
            expr::index(e, vec![sub])
        }
    }
}
