//! The value grammar: typed random expressions over 64tass's types,
//! operators (with parentheses placed by 64tass's priorities, sometimes left
//! out on purpose) and built-in functions. Sizes that could explode (counts,
//! shifts, exponents, widths) are small frozen literals.

mod leaves;
mod numbers;
mod sequences;
mod texts;

use super::Ctx;
use crate::expr::{self, Expr, atom, binary, cond, frozen, int, paren, prefix};
use leaves::float_leaf;
pub use leaves::{int_leaf, leaf, str_literal};
use numbers::slice_or_index;
use numbers::{bits_expr, float_expr, int_expr};
use sequences::{any_expr, dict_expr, list_expr};
pub use texts::format_call;
use texts::{bool_expr, bytes_expr, str_expr};

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
    // 64tass 1.58 reads a string or byte string of 3 bytes or more wrongly
    // for `<`, `>`, `` ` ``... (`>"abc"` is $63, `` `"abc" `` is $00, though
    // `int("abc")` is $636261): a 64tass bug, so those operands go through
    // int() here.
    let e = if expr::prefix_priority(op) < 13 && e.to_string().contains(['"', '\'']) {
        expr::call("int", vec![e])
    } else {
        e
    };
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
