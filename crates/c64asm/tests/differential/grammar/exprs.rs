//! Values: expressions of every type printed with `.text repr(...)` (in raw
//! 8-bit mode `repr` shows a value exactly), through symbols defined before
//! or after the use; and every built-in function with fitting, odd and list
//! (broadcast) arguments.

use super::Ctx;
use super::values::{self, Ty, expr, format_call, leaf, small};
use crate::case::{Line, line};
use crate::expr::{Expr, atom, call, int};

const TYPES: &[(u32, Ty)] = &[
    (12, Ty::Int),
    (4, Ty::Bits),
    (5, Ty::Float),
    (5, Ty::Str),
    (4, Ty::Bool),
    (3, Ty::Bytes),
    (3, Ty::List),
    (2, Ty::Tuple),
    (1, Ty::Dict),
    (2, Ty::Any),
];

/// `.text repr(E)` lines, some through constants defined before or after.
pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut later = Vec::new();
    for _ in 0..cx.range(0, 2) {
        let ty = cx.weighted(TYPES);
        let e = expr(cx, ty, 3);
        let name = cx.name("v");
        let def = line!(format!("{name} = "), e);
        if cx.chance(30) {
            later.push(def); // a forward reference
        } else {
            lines.push(def);
        }
        // 64tass never evaluates a constant nobody uses (its errors don't
        // count): most of them are shown, some are left alone.
        if cx.chance(60) {
            let used = atom(cx.refer(&name));
            lines.push(show(cx, used, ty));
        }
        cx.syms.push((name, ty));
    }
    for _ in 0..cx.range(1, 3) {
        let ty = cx.weighted(TYPES);
        let depth = cx.weighted(&[(2, 1), (4, 2), (4, 3), (2, 4)]);
        let e = expr(cx, ty, depth);
        lines.push(show(cx, e, ty));
    }
    lines.extend(later);
    lines
}

/// A line that writes what a value is.
pub fn show(cx: &mut Ctx, e: Expr, ty: Ty) -> Line {
    match ty {
        Ty::Str if cx.chance(30) => line!(" .text ", e),
        Ty::Int if cx.chance(15) => line!(" .text format(\"%d\", ", e, ")"),
        Ty::List | Ty::Tuple if cx.chance(30) => {
            line!(" .text repr(len(", e.clone(), ")), repr(", e, ")")
        }
        _ => line!(" .text repr(", e, ")"),
    }
}

/// How a built-in function is called: the types of its arguments.
const FUNCTIONS: &[(&str, &[Ty])] = &[
    ("len", &[Ty::List]),
    ("len", &[Ty::Str]),
    ("len", &[Ty::Bytes]),
    ("len", &[Ty::Bits]),
    ("range", &[Ty::Int]),
    ("repr", &[Ty::Any]),
    ("str", &[Ty::Any]),
    ("int", &[Ty::Float]),
    ("int", &[Ty::Str]),
    ("int", &[Ty::Bits]),
    ("float", &[Ty::Int]),
    ("float", &[Ty::Bits]),
    ("bool", &[Ty::Any]),
    ("bits", &[Ty::Int]),
    ("bits", &[Ty::Str]),
    ("bits", &[Ty::Bytes]),
    ("bytes", &[Ty::Int]),
    ("bytes", &[Ty::Str]),
    ("bytes", &[Ty::Bits]),
    ("abs", &[Ty::Int]),
    ("abs", &[Ty::Float]),
    ("sign", &[Ty::Float]),
    ("floor", &[Ty::Float]),
    ("ceil", &[Ty::Float]),
    ("round", &[Ty::Float]),
    ("trunc", &[Ty::Float]),
    ("frac", &[Ty::Float]),
    ("sqrt", &[Ty::Float]),
    ("cbrt", &[Ty::Float]),
    ("log", &[Ty::Float]),
    ("log10", &[Ty::Float]),
    ("exp", &[Ty::Int]),
    ("pow", &[Ty::Float, Ty::Int]),
    ("sin", &[Ty::Float]),
    ("asin", &[Ty::Float]),
    ("sinh", &[Ty::Int]),
    ("cos", &[Ty::Float]),
    ("acos", &[Ty::Float]),
    ("cosh", &[Ty::Int]),
    ("tan", &[Ty::Float]),
    ("atan", &[Ty::Float]),
    ("tanh", &[Ty::Float]),
    ("rad", &[Ty::Float]),
    ("deg", &[Ty::Float]),
    ("hypot", &[Ty::Float, Ty::Float]),
    ("atan2", &[Ty::Float, Ty::Float]),
    ("all", &[Ty::List]),
    ("any", &[Ty::List]),
    ("all", &[Ty::Bits]),
    ("any", &[Ty::Str]),
    ("sort", &[Ty::List]),
    ("byte", &[Ty::Int]),
    ("char", &[Ty::Int]),
    ("word", &[Ty::Int]),
    ("sint", &[Ty::Int]),
    ("long", &[Ty::Int]),
    ("lint", &[Ty::Int]),
    ("dword", &[Ty::Int]),
    ("dint", &[Ty::Int]),
    ("addr", &[Ty::Int]),
    ("rta", &[Ty::Int]),
    ("type", &[Ty::Any]),
    ("list", &[Ty::Tuple]),
    ("tuple", &[Ty::List]),
];

/// Built-in functions called directly, with small arguments.
pub fn functions(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..cx.range(1, 4) {
        let e = match cx.weighted(&[
            (12, "call"),
            (3, "format"),
            (2, "broadcast"),
            (1, "arity"),
            (1, "random"),
            (1, "splat"),
            (1, "alias"),
            (1, "range"),
        ]) {
            "call" => {
                let (f, args) = cx.pick(FUNCTIONS);
                let depth = cx.range(0, 2) as u32;
                let args = args.iter().map(|&t| arg(cx, f, t, depth)).collect();
                call(f, args)
            }
            "format" => format_call(cx, 1),
            "broadcast" => {
                let (f, args) = cx.pick(FUNCTIONS);
                if args.len() != 1 || f == "range" {
                    continue;
                }
                let n = cx.range(1, 3);
                let items = (0..n).map(|_| arg(cx, f, args[0], 0)).collect();
                call(f, vec![Expr::List(items)])
            }
            "arity" => {
                let (f, args) = cx.pick(FUNCTIONS);
                let n = if cx.chance(50) && !args.is_empty() {
                    args.len() - 1
                } else {
                    args.len() + 1
                };
                // small: an extra argument may be a size (`bits(x, n)`)
                let args = (0..n).map(|_| small(cx, -3, 20)).collect();
                call(f, args)
            }
            "random" => {
                lines.push(line!(" .seed ", small(cx, 0, 100_000)));
                let args = match cx.range(0, 3) {
                    0 => vec![],
                    1 => vec![small(cx, 1, 300)],
                    2 => vec![small(cx, -10, 10), small(cx, 11, 300)],
                    _ => vec![small(cx, 0, 10), small(cx, 20, 300), small(cx, 1, 5)],
                };
                lines.push(line!(" .text repr(", call("random", args.clone()), ")"));
                call("random", args)
            }
            "splat" => {
                // `*list` spreads a list into the arguments
                let (f, n) = cx.pick(&[
                    ("hypot", 2),
                    ("atan2", 2),
                    ("pow", 2),
                    ("range", 3),
                    ("format", 3),
                ]);
                let mut items: Vec<Expr> = (0..n).map(|_| small(cx, 1, 9)).collect();
                if f == "format" {
                    items[0] = atom("\"%d-%x\"");
                }
                if cx.chance(50) {
                    let first = items.remove(0);
                    call(f, vec![first, Expr::Splat(Box::new(Expr::List(items)))])
                } else {
                    call(f, vec![Expr::Splat(Box::new(Expr::Tuple(items)))])
                }
            }
            "alias" => {
                // built-in functions are values: they can be given other names
                let (f, args) = cx.pick(FUNCTIONS);
                let name = cx.name("fn");
                lines.push(line!(format!("{name} = {f}")));
                let args = args.iter().map(|&t| arg(cx, f, t, 1)).collect();
                call(&cx.refer(&name), args)
            }
            _ => {
                let args: Vec<Expr> = match cx.range(0, 2) {
                    0 => vec![small(cx, -3, 20)],
                    1 => vec![small(cx, -20, 20), small(cx, -20, 20)],
                    _ => vec![small(cx, -20, 20), small(cx, -20, 20), small(cx, -4, 4)],
                };
                call("range", args)
            }
        };
        lines.push(line!(" .text repr(", e, ")"));
    }
    lines
}

/// An argument for function `f` of type `t`, inside the function's domain most of the time.
fn arg(cx: &mut Ctx, f: &str, t: Ty, depth: u32) -> Expr {
    match (f, t) {
        ("range", _) => small(cx, -3, 20),
        ("asin" | "acos" | "tanh", _) if cx.chance(70) => atom(format!(
            "{}0.{}",
            if cx.chance(30) { "-" } else { "" },
            cx.range(0, 999)
        )),
        ("sqrt" | "log" | "log10" | "cbrt", _) if cx.chance(70) => {
            atom(format!("{}.{}", cx.range(0, 10000), cx.range(0, 99)))
        }
        ("exp" | "sinh" | "cosh", _) => small(cx, -20, 20),
        ("pow", Ty::Int) => small(cx, -3, 6),
        ("bytes" | "bits", Ty::Int) if cx.chance(50) => int(cx.range(-300, 70000) as i128),
        (
            "byte" | "char" | "word" | "sint" | "long" | "lint" | "dword" | "dint" | "addr" | "rta",
            _,
        ) if cx.chance(50) => int(cx.pick(&[
            0i64,
            1,
            -1,
            127,
            128,
            255,
            256,
            -128,
            -129,
            32767,
            32768,
            65535,
            65536,
            -32768,
            -32769,
            0xffffff,
            0x1000000,
            -0x800000,
            0xffffffff,
            0x100000000,
        ]) as i128),
        _ if depth == 0 => leaf(cx, t),
        _ => values::expr(cx, t, depth),
    }
}
