//! Expressions as trees: rendered as 64tass source text, and shrunk to
//! smaller trees when a mismatch is minimized.

use std::fmt;

#[derive(Clone, Debug)]
pub enum Expr {
    /// A literal, a symbol or anything else written as it is.
    Atom(String),
    /// A prefix operator: `-x`, `!x`, `<x`, ...
    Prefix(&'static str, Box<Expr>),
    /// `l op r`; `tight` leaves out the spaces around the operator.
    Binary {
        op: &'static str,
        l: Box<Expr>,
        r: Box<Expr>,
        tight: bool,
    },
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `name(args)`
    Call(String, Vec<Expr>),
    List(Vec<Expr>),
    /// `(a,)` for one element, `()` for none.
    Tuple(Vec<Expr>),
    /// `{k: v, :default}`
    Dict(Vec<(Option<Expr>, Expr)>),
    /// `a[i]`, `a[s:e:step]`, `a[:, 0]`
    Index(Box<Expr>, Vec<Sub>),
    /// `a.b`
    Member(Box<Expr>, String),
    Paren(Box<Expr>),
    /// `... op seq` (left) or `seq op ...` (right)
    Fold {
        op: &'static str,
        left: bool,
        seq: Box<Expr>,
    },
    /// `*seq` as a function argument
    Splat(Box<Expr>),
    /// Rendered as it is but never shrunk: it bounds a size (a count, a shift,
    /// an exponent) and a smaller tree could make the program huge or endless.
    Frozen(Box<Expr>),
}

/// One subscript of an index expression.
#[derive(Clone, Debug)]
pub enum Sub {
    At(Expr),
    Slice(Option<Expr>, Option<Expr>, Option<Expr>),
}

pub fn atom(s: impl Into<String>) -> Expr {
    Expr::Atom(s.into())
}

pub fn int(n: i128) -> Expr {
    if n < 0 {
        Expr::Prefix("-", Box::new(atom(n.unsigned_abs().to_string())))
    } else {
        atom(n.to_string())
    }
}

pub fn prefix(op: &'static str, e: Expr) -> Expr {
    Expr::Prefix(op, Box::new(e))
}

pub fn binary(op: &'static str, l: Expr, r: Expr) -> Expr {
    Expr::Binary {
        op,
        l: Box::new(l),
        r: Box::new(r),
        tight: false,
    }
}

pub fn call(name: &str, mut args: Vec<Expr>) -> Expr {
    // 64tass 1.58 bug: bytes() of a bit string `&` that came out zero gives
    // the left operand's bytes (`bytes($ab & $0)` is x'ab', though the value
    // is $00 everywhere else), so such an argument goes through int() here.
    if name == "bytes" && args.first().is_some_and(|a| a.to_string().contains('&')) {
        let a = args.remove(0);
        args.insert(0, Expr::Call("int".into(), vec![a]));
    }
    Expr::Call(name.to_string(), args)
}

pub fn paren(e: Expr) -> Expr {
    Expr::Paren(Box::new(e))
}

pub fn frozen(e: Expr) -> Expr {
    Expr::Frozen(Box::new(e))
}

pub fn cond(c: Expr, a: Expr, b: Expr) -> Expr {
    Expr::Cond(Box::new(c), Box::new(a), Box::new(b))
}

pub fn index(e: Expr, subs: Vec<Sub>) -> Expr {
    Expr::Index(Box::new(e), subs)
}

/// 64tass's binding strength of a binary operator (higher binds tighter),
/// as measured with 64tass 1.58.
pub fn binary_priority(op: &str) -> u8 {
    match op {
        "||" => 2,
        "^^" => 3,
        "&&" => 4,
        "==" | "!=" | "<" | ">" | "<=" | ">=" | "<=>" | "===" | "!==" | "in" | "!in" => 5,
        "<?" | ">?" => 6,
        "|" => 7,
        "^" => 8,
        "&" => 9,
        "<<" | ">>" => 10,
        "+" | "-" => 11,
        "*" | "/" | "%" | "//" => 12,
        "**" => 14,
        ".." => 15,
        "x" => 16,
        _ => panic!("unknown binary operator {op}"),
    }
}

/// Unary `- + ~ !` bind tighter than `*` but looser than `**`; the byte
/// extraction operators (`<`, `>`, ...) take the whole expression to their right.
pub fn prefix_priority(op: &str) -> u8 {
    match op {
        "-" | "+" | "~" | "!" => 13,
        _ => 1,
    }
}

impl Expr {
    /// The priority the tree binds with when written without parentheses.
    pub fn priority(&self) -> u8 {
        match self {
            Expr::Binary { op, .. } => binary_priority(op),
            Expr::Prefix(op, _) => prefix_priority(op),
            Expr::Cond(..) => 1,
            Expr::Fold { .. } => 0,
            Expr::Frozen(e) => e.priority(),
            _ => 100,
        }
    }

    /// Does the tree bound a size somewhere (see `Frozen`)?
    pub fn has_frozen(&self) -> bool {
        match self {
            Expr::Frozen(_) => true,
            Expr::Atom(_) => false,
            Expr::Prefix(_, e) | Expr::Member(e, _) | Expr::Paren(e) | Expr::Splat(e) => {
                e.has_frozen()
            }
            Expr::Fold { seq, .. } => seq.has_frozen(),
            Expr::Binary { l, r, .. } => l.has_frozen() || r.has_frozen(),
            Expr::Cond(c, a, b) => c.has_frozen() || a.has_frozen() || b.has_frozen(),
            Expr::Call(_, items) | Expr::List(items) | Expr::Tuple(items) => {
                items.iter().any(Expr::has_frozen)
            }
            Expr::Dict(entries) => entries
                .iter()
                .any(|(k, v)| k.as_ref().is_some_and(Expr::has_frozen) || v.has_frozen()),
            Expr::Index(e, subs) => {
                e.has_frozen()
                    || subs.iter().any(|s| match s {
                        Sub::At(x) => x.has_frozen(),
                        Sub::Slice(a, b, c) => [a, b, c]
                            .iter()
                            .any(|x| x.as_ref().is_some_and(Expr::has_frozen)),
                    })
            }
        }
    }

    /// Everything this tree could shrink to, simplest first.
    pub fn shrinks(&self) -> Vec<Expr> {
        let mut out = Vec::new();
        match self {
            Expr::Atom(s) => {
                for simpler in ["0", "1"] {
                    if s != simpler && s.len() > 1 {
                        out.push(atom(simpler));
                    }
                }
                if s.len() > 3 && (s.starts_with('"') || s.starts_with('\'')) {
                    let q = &s[..1];
                    let first: String = s[1..].chars().take(1).collect();
                    if first != q {
                        out.push(atom(format!("{q}{first}{q}")));
                    }
                }
            }
            Expr::Prefix(op, e) => {
                out.push((**e).clone());
                out.extend(e.shrinks().into_iter().map(|e| prefix(op, e)));
            }
            Expr::Binary { op, l, r, tight } => {
                out.push((**l).clone());
                out.push((**r).clone());
                let t = *tight;
                out.extend(l.shrinks().into_iter().map(|l| Expr::Binary {
                    op,
                    l: Box::new(l),
                    r: r.clone(),
                    tight: t,
                }));
                out.extend(r.shrinks().into_iter().map(|r| Expr::Binary {
                    op,
                    l: l.clone(),
                    r: Box::new(r),
                    tight: t,
                }));
            }
            Expr::Cond(c, a, b) => {
                out.extend([(**a).clone(), (**b).clone(), (**c).clone()]);
                out.extend(
                    c.shrinks()
                        .into_iter()
                        .map(|c| cond(c, (**a).clone(), (**b).clone())),
                );
                out.extend(
                    a.shrinks()
                        .into_iter()
                        .map(|a| cond((**c).clone(), a, (**b).clone())),
                );
                out.extend(
                    b.shrinks()
                        .into_iter()
                        .map(|b| cond((**c).clone(), (**a).clone(), b)),
                );
            }
            Expr::Call(name, args) => {
                out.extend(
                    args.iter()
                        .filter(|a| !matches!(a, Expr::Splat(_)))
                        .cloned(),
                );
                shrink_items(args, &mut out, |v| Expr::Call(name.clone(), v));
            }
            Expr::List(items) => {
                out.extend(items.iter().cloned());
                shrink_items(items, &mut out, Expr::List);
            }
            Expr::Tuple(items) => {
                out.extend(items.iter().cloned());
                shrink_items(items, &mut out, Expr::Tuple);
            }
            Expr::Dict(entries) => {
                out.extend(entries.iter().map(|(_, v)| v.clone()));
                for i in 0..entries.len() {
                    let mut v = entries.clone();
                    v.remove(i);
                    out.push(Expr::Dict(v));
                }
            }
            Expr::Index(e, subs) => {
                out.push((**e).clone());
                if subs.len() > 1 {
                    for i in 0..subs.len() {
                        let mut v = subs.clone();
                        v.remove(i);
                        out.push(index((**e).clone(), v));
                    }
                }
                out.extend(e.shrinks().into_iter().map(|e| index(e, subs.clone())));
                for (i, sub) in subs.iter().enumerate() {
                    if let Sub::At(x) = sub {
                        for x in x.shrinks() {
                            let mut v = subs.clone();
                            v[i] = Sub::At(x);
                            out.push(index((**e).clone(), v));
                        }
                    }
                }
            }
            Expr::Member(e, name) => {
                out.extend(
                    e.shrinks()
                        .into_iter()
                        .map(|e| Expr::Member(Box::new(e), name.clone())),
                );
            }
            Expr::Paren(e) => {
                // Without the parentheses a bounded size could bind to more
                // (`(a << 3) * 9999` is not `a << 3 * 9999`).
                if !e.has_frozen() {
                    out.push((**e).clone());
                }
                out.extend(e.shrinks().into_iter().map(paren));
            }
            Expr::Fold { op, left, seq } => {
                out.push((**seq).clone());
                out.extend(seq.shrinks().into_iter().map(|s| Expr::Fold {
                    op,
                    left: *left,
                    seq: Box::new(s),
                }));
            }
            Expr::Splat(e) => out.extend(e.shrinks().into_iter().map(|e| Expr::Splat(Box::new(e)))),
            Expr::Frozen(_) => {}
        }
        out
    }
}

/// Shrinks of a sequence: one item left out, or one item shrunk.
fn shrink_items(items: &[Expr], out: &mut Vec<Expr>, make: impl Fn(Vec<Expr>) -> Expr) {
    for i in 0..items.len() {
        let mut v = items.to_vec();
        v.remove(i);
        out.push(make(v));
    }
    for (i, item) in items.iter().enumerate() {
        for s in item.shrinks() {
            let mut v = items.to_vec();
            v[i] = s;
            out.push(make(v));
        }
    }
}

fn comma_list(f: &mut fmt::Formatter<'_>, items: &[Expr]) -> fmt::Result {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{e}")?;
    }
    Ok(())
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Atom(s) => f.write_str(s),
            Expr::Prefix(op, e) => write!(f, "{op}{e}"),
            Expr::Binary { op, l, r, tight } => {
                let spaced = !*tight || matches!(*op, "x" | "in" | "!in");
                if spaced {
                    write!(f, "{l} {op} {r}")
                } else {
                    write!(f, "{l}{op}{r}")
                }
            }
            Expr::Cond(c, a, b) => write!(f, "{c} ? {a} : {b}"),
            Expr::Call(name, args) => {
                write!(f, "{name}(")?;
                comma_list(f, args)?;
                f.write_str(")")
            }
            Expr::List(items) => {
                f.write_str("[")?;
                comma_list(f, items)?;
                f.write_str("]")
            }
            Expr::Tuple(items) => {
                f.write_str("(")?;
                comma_list(f, items)?;
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            Expr::Dict(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match k {
                        Some(k) => write!(f, "{k}: {v}")?,
                        None => write!(f, ":{v}")?,
                    }
                }
                f.write_str("}")
            }
            Expr::Index(e, subs) => {
                write!(f, "{e}[")?;
                for (i, s) in subs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    match s {
                        Sub::At(x) => write!(f, "{x}")?,
                        Sub::Slice(a, b, c) => {
                            if let Some(a) = a {
                                write!(f, "{a}")?;
                            }
                            f.write_str(":")?;
                            if let Some(b) = b {
                                write!(f, "{b}")?;
                            }
                            if let Some(c) = c {
                                write!(f, ":{c}")?;
                            }
                        }
                    }
                }
                f.write_str("]")
            }
            Expr::Member(e, name) => write!(f, "{e}.{name}"),
            Expr::Paren(e) => write!(f, "({e})"),
            Expr::Fold {
                op,
                left: true,
                seq,
            } => write!(f, "... {op} {seq}"),
            Expr::Fold {
                op,
                left: false,
                seq,
            } => write!(f, "{seq} {op} ..."),
            Expr::Splat(e) => write!(f, "*{e}"),
            Expr::Frozen(e) => write!(f, "{e}"),
        }
    }
}
