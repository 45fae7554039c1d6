//! The value grammar: typed random expressions over 64tass's types,
//! operators (with parentheses placed by 64tass's priorities, sometimes left
//! out on purpose) and built-in functions. Sizes that could explode (counts,
//! shifts, exponents, widths) are small frozen literals.

use super::Ctx;
use crate::expr::{self, Expr, Sub, atom, binary, call, cond, frozen, int, paren, prefix};

/// The type an expression is meant to have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Int,
    Bits,
    Float,
    Str,
    Bool,
    Bytes,
    List,
    Tuple,
    Dict,
    /// Anything, including type mixes that may well be errors.
    Any,
}

const SCALARS: &[Ty] = &[
    Ty::Int,
    Ty::Int,
    Ty::Int,
    Ty::Bits,
    Ty::Float,
    Ty::Str,
    Ty::Bool,
    Ty::Bytes,
];
const ALL: &[Ty] = &[
    Ty::Int,
    Ty::Bits,
    Ty::Float,
    Ty::Str,
    Ty::Bool,
    Ty::Bytes,
    Ty::List,
    Ty::Tuple,
    Ty::Dict,
];

/// An expression of type `ty`, at most `depth` operators deep.
pub fn expr(cx: &mut Ctx, ty: Ty, depth: u32) -> Expr {
    if depth == 0 || cx.chance(25) {
        if cx.chance(25)
            && let Some(name) = cx.sym_of(ty)
        {
            return atom(name);
        }
        return leaf(cx, ty);
    }
    let d = depth - 1;
    match ty {
        Ty::Int => int_expr(cx, d),
        Ty::Bits => bits_expr(cx, d),
        Ty::Float => float_expr(cx, d),
        Ty::Str => str_expr(cx, d),
        Ty::Bool => bool_expr(cx, d),
        Ty::Bytes => bytes_expr(cx, d),
        Ty::List => list_expr(cx, d, false),
        Ty::Tuple => list_expr(cx, d, true),
        Ty::Dict => dict_expr(cx, d),
        Ty::Any => any_expr(cx, d),
    }
}

/// A binary operation, parenthesized by priority (5% of the time not at all,
/// to test the priorities themselves).
pub fn bin(cx: &mut Ctx, op: &'static str, l: Expr, r: Expr) -> Expr {
    // (never around bounded sizes: `a << 3` in `(a << 3) * 9999` must stay small)
    if !l.has_frozen() && !r.has_frozen() && cx.chance(5) {
        return binary(op, l, r);
    }
    let p = expr::binary_priority(op);
    let right_assoc = op == "**";
    let l = if l.priority() < p || (right_assoc && l.priority() == p) || low_prefix(&l) {
        paren(l)
    } else {
        l
    };
    let r = if r.priority() < p || (!right_assoc && r.priority() == p) || low_prefix(&r) {
        paren(r)
    } else {
        r
    };
    let simple =
        |e: &Expr| matches!(e, Expr::Atom(s) if s.starts_with(|c: char| c.is_ascii_alphanumeric()));
    let tight = simple(&l) && simple(&r) && cx.chance(20);
    Expr::Binary {
        op,
        l: Box::new(l),
        r: Box::new(r),
        tight,
    }
}

/// A prefix operation; operands that are operations get parentheses.
pub fn pre(cx: &mut Ctx, op: &'static str, e: Expr) -> Expr {
    let needs = match &e {
        Expr::Prefix(..) | Expr::Cond(..) | Expr::Fold { .. } => true,
        other => other.priority() < expr::prefix_priority(op),
    };
    if needs && (e.has_frozen() || !cx.chance(3)) {
        prefix(op, paren(e))
    } else {
        prefix(op, e)
    }
}

fn low_prefix(e: &Expr) -> bool {
    matches!(e, Expr::Prefix(op, _) if expr::prefix_priority(op) < 13)
}

/// Something indexed, called or member-accessed: operations get parentheses.
pub fn postfix_base(e: Expr) -> Expr {
    if e.priority() < 100 || matches!(e, Expr::Atom(ref s) if s.starts_with('-')) {
        paren(e)
    } else {
        e
    }
}

fn ternary(cx: &mut Ctx, c: Expr, a: Expr, b: Expr) -> Expr {
    let c = if c.priority() <= 1 { paren(c) } else { c };
    let a = if a.priority() <= 1 { paren(a) } else { a };
    let b = if b.priority() < 1
        || (matches!(b, Expr::Prefix(..)) && b.priority() <= 1)
        || cx.chance(10)
    {
        paren(b)
    } else {
        b
    };
    cond(c, a, b)
}

/// A small count, frozen: `lo..=hi`.
pub fn small(cx: &mut Ctx, lo: i64, hi: i64) -> Expr {
    frozen(int(cx.range(lo, hi) as i128))
}

// ---------------------------------------------------------------- leaves

pub fn leaf(cx: &mut Ctx, ty: Ty) -> Expr {
    match ty {
        Ty::Int => int_leaf(cx),
        Ty::Bits => bits_leaf(cx),
        Ty::Float => float_leaf(cx),
        Ty::Str => atom(str_literal(cx)),
        Ty::Bool => atom(cx.pick(&["true", "false"])),
        Ty::Bytes => bytes_leaf(cx),
        Ty::List => {
            let n = cx.range(0, 4);
            let t = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Float, Ty::Bool]);
            Expr::List((0..n).map(|_| leaf(cx, t)).collect())
        }
        Ty::Tuple => {
            let n = cx.range(0, 3);
            Expr::Tuple((0..n).map(|_| int_leaf(cx)).collect())
        }
        Ty::Dict => {
            let n = cx.range(0, 3);
            Expr::Dict(
                (0..n)
                    .map(|i| (Some(int(i as i128 + 1)), leaf(cx, Ty::Int)))
                    .collect(),
            )
        }
        Ty::Any => {
            let t = cx.pick(SCALARS);
            leaf(cx, t)
        }
    }
}

pub fn int_leaf(cx: &mut Ctx) -> Expr {
    let n: i128 = match cx.weighted(&[(40, 0), (15, 1), (12, 2), (8, 3), (2, 4), (1, 5), (3, 6)]) {
        0 => cx.range(0, 20) as i128,
        1 => *cx.rng.pick(&[
            0i128,
            1,
            2,
            7,
            8,
            15,
            16,
            127,
            128,
            255,
            256,
            32767,
            32768,
            65535,
            65536,
            -1,
            -128,
            -129,
            -32768,
            16777215,
            16777216,
            4294967295,
            4294967296,
            -2147483648,
            -2147483649,
            9223372036854775807,
            9223372036854775808,
            -9223372036854775808,
        ]),
        2 => cx.range(0, 100_000) as i128,
        3 => cx.range(-(1 << 32), 1 << 32) as i128,
        4 => ((cx.rng.next_u64() as i128) << 32) ^ cx.rng.next_u64() as i128,
        5 => ((cx.rng.next_u64() as i128) << 64) | cx.rng.next_u64() as i128,
        _ => return atom(cx.pick(&["1_000", "0_1", "007", "1_2_3", "65_535"])),
    };
    int(n)
}

fn bits_leaf(cx: &mut Ctx) -> Expr {
    let mut s = String::new();
    if cx.chance(60) {
        s.push('$');
        let n = cx.range(1, 8);
        for i in 0..n {
            if i > 0 && cx.chance(5) {
                s.push('_');
            }
            s.push(cx.pick(&[
                '0', '1', '2', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'A', 'F',
            ]));
        }
    } else {
        s.push('%');
        let n = cx.range(1, 16);
        for i in 0..n {
            if i > 0 && cx.chance(5) {
                s.push('_');
            }
            s.push(cx.pick(&['0', '1']));
        }
    }
    if cx.chance(15) {
        return prefix("~", atom(s));
    }
    atom(s)
}

fn float_leaf(cx: &mut Ctx) -> Expr {
    let whole = cx.weighted(&[(5, 0), (5, 1), (3, 2)]);
    let i = match whole {
        0 => cx.range(0, 9),
        1 => cx.range(0, 1000),
        _ => cx.range(0, 1 << 40),
    };
    let digits = cx.range(1, 4) as usize;
    let frac: String = (0..digits)
        .map(|_| char::from(b'0' + cx.range(0, 9) as u8))
        .collect();
    let s = match cx.weighted(&[(10, 0), (3, 1), (2, 2), (2, 3), (1, 4), (1, 5)]) {
        0 => format!("{i}.{frac}"),
        1 => format!("{i}.{frac}e{}", cx.range(-12, 12)),
        2 => format!("{i}e{}", cx.range(-3, 5)),
        3 => format!(
            "${:x}.{}p{}",
            cx.range(0, 255),
            cx.pick(&["8", "4", "c", "01", "ff"]),
            cx.range(-8, 8)
        ),
        4 => format!(
            "%1{}.{}",
            cx.pick(&["", "0", "1", "01"]),
            cx.pick(&["1", "01", "11"])
        ),
        _ => format!("{i}.{frac}p{}", cx.range(-4, 8)),
    };
    atom(s)
}

/// A string literal in single or double quotes, quotes inside doubled.
pub fn str_literal(cx: &mut Ctx) -> String {
    const PLAIN: &[char] = &[
        'a', 'b', 'c', 'x', 'y', 'z', 'A', 'B', 'Z', '0', '1', '9', ' ', '.', ',', '!', '-', '#',
        '@', '*',
    ];
    const ODD: &[char] = &[
        '"', '\'', '%', '$', '[', ']', '(', ';', '\\', '^', '_', '~', '`', '|', '{', '}', '&', '?',
    ];
    let q = cx.pick(&['"', '"', '\'']);
    let n = cx.weighted(&[(2, 0), (6, 1), (8, 3), (4, 8), (1, 20)]);
    let mut s = String::new();
    s.push(q);
    for _ in 0..n {
        let c = if cx.chance(12) {
            cx.pick(ODD)
        } else {
            cx.pick(PLAIN)
        };
        if cx.chance(2) {
            // Unicode with -a; without it the source is raw 8-bit and these
            // are their UTF-8 bytes, one character each
            s.push(cx.pick(&['é', 'ä', '£', 'π', '←', '€']));
            continue;
        }
        // In -a mode braces start escapes; keep them paired and known.
        if cx.flags.ascii && (c == '{' || c == '}') {
            s.push_str(cx.pick(&["{cr}", "{clr}", "{red}", "{pound}", "{rvs on}", "{space}"]));
            continue;
        }
        s.push(c);
        if c == q {
            s.push(q);
        }
    }
    s.push(q);
    s
}

fn bytes_leaf(cx: &mut Ctx) -> Expr {
    match cx.range(0, 4) {
        0 => {
            let n = cx.range(0, 6);
            let hex: Vec<String> = (0..n)
                .map(|_| format!("{:02x}", cx.range(0, 255)))
                .collect();
            let sep = if cx.chance(30) { " " } else { "" };
            atom(format!("x\"{}\"", hex.join(sep)))
        }
        1 => {
            let n = cx.range(0, 9) as usize;
            let bytes: Vec<u8> = (0..n).map(|_| cx.range(0, 255) as u8).collect();
            atom(format!("z\"{}\"", z85(&bytes)))
        }
        _ => {
            let p = cx.pick(&["b", "n", "p", "s", "l"]);
            let s = str_literal(cx);
            atom(format!("{p}{s}"))
        }
    }
}

/// Z85 as 64tass writes it: groups of 4 bytes as 5 characters, a short last
/// group without its leading zeros.
fn z85(bytes: &[u8]) -> String {
    const DIGITS: &[u8] =
        b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
    let mut out = String::new();
    for chunk in bytes.chunks(4) {
        let mut v: u32 = 0;
        for b in chunk {
            v = (v << 8) | *b as u32;
        }
        let n = chunk.len() + 1;
        let mut chars = [0u8; 5];
        for c in chars.iter_mut().rev() {
            *c = DIGITS[(v % 85) as usize];
            v /= 85;
        }
        out.push_str(std::str::from_utf8(&chars[5 - n..]).unwrap());
    }
    out
}

// ---------------------------------------------------------------- per type

fn int_expr(cx: &mut Ctx, d: u32) -> Expr {
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

fn bits_expr(cx: &mut Ctx, d: u32) -> Expr {
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
fn slice_or_index(cx: &mut Ctx, n: i64) -> Sub {
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

fn float_expr(cx: &mut Ctx, d: u32) -> Expr {
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

fn str_expr(cx: &mut Ctx, d: u32) -> Expr {
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

fn bool_expr(cx: &mut Ctx, d: u32) -> Expr {
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

fn bytes_expr(cx: &mut Ctx, d: u32) -> Expr {
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

fn list_expr(cx: &mut Ctx, d: u32, tuple: bool) -> Expr {
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

fn dict_expr(cx: &mut Ctx, d: u32) -> Expr {
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
fn any_expr(cx: &mut Ctx, d: u32) -> Expr {
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
