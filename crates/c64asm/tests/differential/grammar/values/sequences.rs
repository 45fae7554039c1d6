//! Lists, tuples, dictionaries and deliberate type mixes.

use super::*;
use crate::expr::{self, Expr, Sub, atom, call, frozen, int};

pub(super) fn list_expr(cx: &mut Ctx, d: u32, tuple: bool) -> Expr {
    let make = |items: Vec<Expr>| {
        if tuple {
            Expr::Tuple(items)
        } else {
            Expr::List(items)
        }
    };
    match cx.weighted(&[
        (6, "literal"),
        (4, "range"),
        (2, "sort"),
        (2, "concat"),
        (1, "repeat"),
        (3, "slice"),
        (3, "broadcast"),
        (1, "pick"),
        (1, "matrix"),
        (1, "convert"),
    ]) {
        "literal" => {
            let n = cx.range(0, 5);
            let t = cx.weighted(&[
                (6, Ty::Int),
                (1, Ty::Str),
                (1, Ty::Float),
                (1, Ty::Any),
                (1, Ty::List),
            ]);
            make((0..n).map(|_| expr(cx, t, d.min(2))).collect())
        }
        "range" => {
            let args = match cx.range(0, 2) {
                0 => vec![small(cx, -2, 12)],
                1 => vec![small(cx, -5, 5), small(cx, -5, 12)],
                _ => vec![
                    small(cx, -10, 10),
                    small(cx, -10, 10),
                    frozen(int(cx.weighted(&[
                        (3, 1),
                        (2, 2),
                        (1, 3),
                        (3, -1),
                        (1, -2),
                        (1, -3),
                        (1, 0),
                    ]) as i128)),
                ],
            };
            call("range", args)
        }
        "sort" => {
            let n = cx.range(0, 5);
            let t = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Float]);
            let items = (0..n).map(|_| expr(cx, t, d.min(1))).collect();
            call("sort", vec![make(items)])
        }
        "concat" => {
            let (l, r) = (expr(cx, Ty::List, d), expr(cx, Ty::List, d));
            bin(cx, "..", l, r)
        }
        "repeat" => {
            let l = expr(cx, Ty::List, d);
            let n = small(cx, 0, 3);
            bin(cx, "x", l, n)
        }
        "slice" => {
            let e = postfix_base(expr(cx, Ty::List, d));
            let sub = slice_or_index(cx, 6);
            let sub = match sub {
                Sub::At(_) => Sub::Slice(None, None, Some(int(-1))),
                s => s,
            };
            expr::index(e, vec![sub])
        }
        "broadcast" => {
            let op = cx.pick(&["+", "-", "*", "|", "&", "<<", "==", "<?"]);
            let l = list_of_ints(cx, d);
            let r = if op == "<<" {
                small(cx, 0, 9)
            } else if cx.chance(60) {
                int_leaf(cx)
            } else {
                list_of_ints(cx, d)
            };
            bin(cx, op, l, r)
        }
        "pick" => {
            let l = postfix_base(list_of_ints(cx, d));
            let n = cx.range(0, 3);
            let idx = (0..n).map(|_| int(cx.range(-2, 3) as i128)).collect();
            expr::index(l, vec![Sub::At(Expr::List(idx))])
        }
        "matrix" => {
            let rows = cx.range(1, 3);
            let cols = cx.range(1, 3);
            let m = Expr::List(
                (0..rows)
                    .map(|_| Expr::Tuple((0..cols).map(|_| int_leaf(cx)).collect()))
                    .collect(),
            );
            let col = cx.range(-1, cols);
            expr::index(
                m,
                vec![Sub::Slice(None, None, None), Sub::At(int(col as i128))],
            )
        }
        _ => {
            let f = if tuple { "tuple" } else { "list" };
            let t = cx.pick(&[Ty::List, Ty::Tuple, Ty::Str, Ty::Bytes]);
            let e = expr(cx, t, d);
            call(f, vec![e])
        }
    }
}

fn list_of_ints(cx: &mut Ctx, d: u32) -> Expr {
    let n = cx.range(1, 4);
    let items = (0..n).map(|_| expr(cx, Ty::Int, d.min(1))).collect();
    if cx.chance(70) {
        Expr::List(items)
    } else {
        Expr::Tuple(items)
    }
}

pub(super) fn dict_expr(cx: &mut Ctx, d: u32) -> Expr {
    let n = cx.range(0, 4);
    let mut entries = Vec::new();
    for i in 0..n {
        let key = if cx.chance(70) {
            int(i as i128)
        } else {
            atom(format!("\"k{i}\""))
        };
        let t = cx.pick(SCALARS);
        entries.push((Some(key), expr(cx, t, d.min(1))));
    }
    if cx.chance(30) {
        entries.push((None, int_leaf(cx)));
    }
    let dict = Expr::Dict(entries);
    if cx.chance(30) {
        let other = expr(cx, Ty::Dict, d);
        return bin(cx, "..", dict, other);
    }
    dict
}

/// Type mixes: most are errors, the point is that both assemblers agree.
pub(super) fn any_expr(cx: &mut Ctx, d: u32) -> Expr {
    match cx.range(0, 5) {
        0 => {
            let op = cx.pick(&[
                "+", "-", "*", "/", "..", "x", "==", "<", "&", "|", "<<", "in", "&&", "||", "<?",
                "%", "**",
            ]);
            let (lt, rt) = (cx.pick(ALL), cx.pick(ALL));
            let (l, r) = (expr(cx, lt, d), expr(cx, rt, d));
            if matches!(op, "x" | "**" | "<<") {
                let n = small(cx, 0, 3);
                return bin(cx, op, l, n);
            }
            bin(cx, op, l, r)
        }
        1 => {
            let op = cx.pick(&["-", "+", "~", "!", "<", ">", "<>", ">`", "`", "><"]);
            let t = cx.pick(ALL);
            let e = expr(cx, t, d);
            pre(cx, op, e)
        }
        2 => {
            let t = cx.pick(ALL);
            let e = expr(cx, t, d);
            call("type", vec![e])
        }
        3 => {
            let f = cx.pick(&[
                "int", "float", "str", "bool", "bits", "bytes", "list", "tuple", "len", "abs",
                "repr", "sort", "all", "any", "size", "sign",
            ]);
            let t = cx.pick(ALL);
            let e = expr(cx, t, d);
            call(f, vec![e])
        }
        4 => atom(cx.pick(&[
            "int", "float", "str", "bool", "bits", "bytes", "list", "tuple", "dict", "type", "gap",
            "code", "address", "sin", "len", "format", "?", "true",
        ])),
        _ => {
            let t = cx.pick(ALL);
            expr(cx, t, d)
        }
    }
}
