//! Integers, bit strings and floats: every operator and numeric function.

use super::*;
use crate::expr::{self, Expr, Sub, atom, call, frozen, int, paren};

pub(super) fn int_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (10, "arith"),
        (3, "divmod"),
        (2, "pow"),
        (3, "shift"),
        (4, "bitwise"),
        (2, "minmax"),
        (4, "unary"),
        (2, "cond"),
        (1, "cmp3"),
        (3, "len"),
        (2, "abs"),
        (2, "int"),
        (2, "index"),
        (1, "fold"),
        (1, "bool"),
        (1, "dict"),
        (1, "ord"),
    ]) {
        "arith" => {
            let op = cx.pick(&["+", "-", "*"]);
            let (l, r) = (expr(cx, Ty::Int, d), expr(cx, Ty::Int, d));
            bin(cx, op, l, r)
        }
        "divmod" => {
            let op = cx.pick(&["/", "%", "//"]);
            let l = expr(cx, Ty::Int, d);
            let r = if cx.chance(80) {
                int(cx.pick(&[1, 2, 3, 7, 10, 16, -3, 255, 256, -1]) as i128)
            } else {
                expr(cx, Ty::Int, d)
            };
            bin(cx, op, l, r)
        }
        "pow" => {
            let l = expr(cx, Ty::Int, d.min(1));
            let r = small(cx, 0, 5);
            bin(cx, "**", l, r)
        }
        "shift" => {
            let op = cx.pick(&["<<", ">>"]);
            let l = expr(cx, Ty::Int, d);
            let r = small(cx, -1, 40);
            bin(cx, op, l, r)
        }
        "bitwise" => {
            let op = cx.pick(&["|", "^", "&"]);
            let lt = cx.pick(&[Ty::Int, Ty::Int, Ty::Bits]);
            let (l, r) = (expr(cx, lt, d), expr(cx, Ty::Int, d));
            bin(cx, op, l, r)
        }
        "minmax" => {
            let op = cx.pick(&["<?", ">?"]);
            let (l, r) = (expr(cx, Ty::Int, d), expr(cx, Ty::Int, d));
            bin(cx, op, l, r)
        }
        "unary" => {
            let op = cx.pick(&["-", "+", "~", "-"]);
            let e = expr(cx, Ty::Int, d);
            pre(cx, op, e)
        }
        "cond" => {
            let c = expr(cx, Ty::Bool, d);
            let (a, b) = (expr(cx, Ty::Int, d), expr(cx, Ty::Int, d));
            ternary(cx, c, a, b)
        }
        "cmp3" => {
            let t = cx.pick(&[Ty::Int, Ty::Str, Ty::Float, Ty::List]);
            let (l, r) = (expr(cx, t, d), expr(cx, t, d));
            bin(cx, "<=>", l, r)
        }
        "len" => {
            let t = cx.pick(&[Ty::List, Ty::Str, Ty::Bytes, Ty::Bits, Ty::Tuple, Ty::Dict]);
            let e = expr(cx, t, d);
            call("len", vec![e])
        }
        "abs" => {
            let f = cx.pick(&["abs", "sign"]);
            let e = expr(cx, Ty::Int, d);
            call(f, vec![e])
        }
        "int" => {
            let t = cx.pick(&[Ty::Float, Ty::Bool, Ty::Bits, Ty::Int, Ty::Str, Ty::Bytes]);
            let e = expr(cx, t, d);
            call("int", vec![e])
        }
        "index" => {
            let n = cx.range(1, 5);
            let items: Vec<Expr> = (0..n).map(|_| expr(cx, Ty::Int, d.min(1))).collect();
            let i = cx.range(-n - 1, n);
            let seq = if cx.chance(50) {
                Expr::List(items)
            } else {
                Expr::Tuple(items)
            };
            expr::index(seq, vec![Sub::At(int(i as i128))])
        }
        "fold" => {
            let op = cx.pick(&["+", "-", "*", "|", "^", "&", "<?", ">?"]);
            let n = cx.range(1, 4);
            let items: Vec<Expr> = (0..n).map(|_| expr(cx, Ty::Int, d.min(1))).collect();
            let left = cx.chance(50);
            let seq = if cx.chance(50) {
                Expr::List(items)
            } else {
                Expr::Tuple(items)
            };
            paren(Expr::Fold {
                op,
                left,
                seq: Box::new(seq),
            })
        }
        "bool" => {
            let b = expr(cx, Ty::Bool, d);
            let r = expr(cx, Ty::Int, d);
            bin(cx, "+", b, r)
        }
        "dict" => {
            let n = cx.range(1, 3);
            let entries: Vec<(Option<Expr>, Expr)> = (0..n)
                .map(|i| (Some(int(i as i128)), expr(cx, Ty::Int, d.min(1))))
                .collect();
            if cx.chance(25) {
                // symbol keys, looked up as members
                let entries = entries
                    .into_iter()
                    .enumerate()
                    .map(|(i, (_, v))| (Some(atom(format!(".s{i}"))), v))
                    .collect();
                let k = cx.range(0, n);
                return Expr::Member(Box::new(Expr::Dict(entries)), format!("s{k}"));
            }
            let k = cx.range(0, n);
            expr::index(Expr::Dict(entries), vec![Sub::At(int(k as i128))])
        }
        _ => {
            // a character constant as a number: its code in the current encoding
            let s = str_literal(cx);
            let c: String = s.chars().take(2).collect();
            let q = &s[..1];
            let lit = if c.len() == 2 && !c.ends_with(q) {
                format!("{c}{q}")
            } else {
                format!("{q}a{q}")
            };
            let r = expr(cx, Ty::Int, d);
            bin(cx, "+", atom(lit), r)
        }
    }
}

pub(super) fn bits_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (3, "invert"),
        (3, "concat"),
        (2, "repeat"),
        (3, "index"),
        (3, "bits"),
        (4, "extract"),
        (4, "bitwise"),
        (2, "shift"),
    ]) {
        "invert" => {
            let e = expr(cx, Ty::Bits, d);
            pre(cx, "~", e)
        }
        "concat" => {
            let (l, r) = (expr(cx, Ty::Bits, d), expr(cx, Ty::Bits, d));
            bin(cx, "..", l, r)
        }
        "repeat" => {
            let l = expr(cx, Ty::Bits, d);
            let n = small(cx, 0, 4);
            bin(cx, "x", l, n)
        }
        "index" => {
            let e = postfix_base(expr(cx, Ty::Bits, d));
            let sub = slice_or_index(cx, 20);
            expr::index(e, vec![sub])
        }
        "bits" => {
            let e = expr(cx, Ty::Int, d);
            if cx.chance(50) {
                call("bits", vec![e])
            } else {
                call("bits", vec![e, small(cx, -24, 32)])
            }
        }
        "extract" => {
            let op = cx.pick(&["<", ">", "<>", ">`", "><", "`"]);
            let t = cx.pick(&[Ty::Int, Ty::Bits]);
            let e = expr(cx, t, d);
            pre(cx, op, e)
        }
        "bitwise" => {
            let op = cx.pick(&["|", "^", "&"]);
            let (l, r) = (expr(cx, Ty::Bits, d), expr(cx, Ty::Bits, d));
            bin(cx, op, l, r)
        }
        _ => {
            let op = cx.pick(&["<<", ">>"]);
            let l = expr(cx, Ty::Bits, d);
            let r = small(cx, 0, 20);
            bin(cx, op, l, r)
        }
    }
}

/// `[i]`, `[a:b]`, `[::step]` with small numbers (`n` bounds the indexes).
pub(super) fn slice_or_index(cx: &mut Ctx, n: i64) -> Sub {
    if cx.chance(40) {
        let i = if cx.chance(80) {
            cx.range(-2, 2)
        } else {
            cx.range(-n / 2, n)
        };
        return Sub::At(int(i as i128));
    }
    let part = |cx: &mut Ctx| {
        if cx.chance(50) {
            Some(int(cx.range(-n / 2, n) as i128))
        } else {
            None
        }
    };
    let a = part(cx);
    let b = part(cx);
    let step = if cx.chance(30) {
        Some(int(cx.pick(&[1, 2, 3, -1, -2]) as i128))
    } else {
        None
    };
    Sub::Slice(a, b, step)
}

const FLOAT_FNS: &[&str] = &[
    "floor", "ceil", "round", "trunc", "frac", "sqrt", "cbrt", "log10", "log", "exp", "sin",
    "asin", "sinh", "cos", "acos", "cosh", "tan", "atan", "tanh", "rad", "deg", "abs", "sign",
    "float",
];

pub(super) fn float_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.weighted(&[
        (8, "arith"),
        (3, "div"),
        (2, "pow"),
        (8, "fn"),
        (2, "fn2"),
        (1, "pi"),
        (2, "unary"),
        (2, "bitwise"),
        (1, "cond"),
        (1, "minmax"),
    ]) {
        "arith" => {
            let op = cx.pick(&["+", "-", "*"]);
            let l = expr(cx, Ty::Float, d);
            let rt = cx.pick(&[Ty::Float, Ty::Int]);
            let r = expr(cx, rt, d);
            if cx.chance(50) {
                bin(cx, op, l, r)
            } else {
                bin(cx, op, r, l)
            }
        }
        "div" => {
            let op = cx.pick(&["/", "%"]);
            let lt = cx.pick(&[Ty::Float, Ty::Int]);
            let l = expr(cx, lt, d);
            let r = if cx.chance(85) {
                float_leaf(cx)
            } else {
                expr(cx, Ty::Float, d)
            };
            bin(cx, op, l, r)
        }
        "pow" => {
            let l = expr(cx, Ty::Float, d.min(1));
            let r = if cx.chance(50) {
                small(cx, -3, 4)
            } else {
                frozen(float_leaf(cx))
            };
            bin(cx, "**", l, r)
        }
        "fn" => {
            let f = cx.pick(FLOAT_FNS);
            let t = cx.pick(&[Ty::Float, Ty::Float, Ty::Int]);
            let mut e = expr(cx, t, d);
            if matches!(f, "exp" | "sinh" | "cosh") {
                e = bin(cx, "%", e, atom("20"));
            }
            call(f, vec![e])
        }
        "fn2" => {
            let f = cx.pick(&["pow", "hypot", "atan2"]);
            let a = expr(cx, Ty::Float, d);
            let b = if f == "pow" {
                small(cx, -3, 5)
            } else {
                expr(cx, Ty::Float, d)
            };
            call(f, vec![a, b])
        }
        "pi" => {
            let e = expr(cx, Ty::Int, d);
            bin(cx, "*", atom("pi"), e)
        }
        "unary" => {
            let op = cx.pick(&["-", "+", "~"]);
            let e = expr(cx, Ty::Float, d);
            pre(cx, op, e)
        }
        "bitwise" => {
            let op = cx.pick(&["|", "^", "&", "<<", ">>"]);
            let l = expr(cx, Ty::Float, d);
            let r = if op.len() == 2 {
                small(cx, 0, 8)
            } else {
                expr(cx, Ty::Float, d)
            };
            bin(cx, op, l, r)
        }
        "cond" => {
            let c = expr(cx, Ty::Bool, d);
            let (a, b) = (expr(cx, Ty::Float, d), expr(cx, Ty::Float, d));
            ternary(cx, c, a, b)
        }
        _ => {
            let op = cx.pick(&["<?", ">?"]);
            let (l, r) = (expr(cx, Ty::Float, d), expr(cx, Ty::Int, d));
            bin(cx, op, l, r)
        }
    }
}
