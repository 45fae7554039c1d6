//! How values print: `repr()`, `str()` and the quoting in messages, spelled as
//! 64tass spells them (`$0f`, `1.5`, `"text"`, `[1,2]`, `x'03'`).

use super::convert::Env;
use super::{AddrMode, FuncId, Value};
use crate::syntax::ast::AddrOp;

/// C's `%e`, `%f` and `%g` conversions (`conv` is one of `e f g E F G`).
pub fn c_float(v: f64, conv: char, prec: usize, alt: bool) -> String {
    if !v.is_finite() {
        let s = if v.is_nan() {
            "nan"
        } else if v < 0.0 {
            "-inf"
        } else {
            "inf"
        };
        return if conv.is_ascii_uppercase() {
            s.to_uppercase()
        } else {
            s.to_string()
        };
    }
    let upper = conv.is_ascii_uppercase();
    let s = match conv.to_ascii_lowercase() {
        'f' => {
            let s = format!("{v:.prec$}");
            if alt && prec == 0 { format!("{s}.") } else { s }
        }
        'e' => c_exp(v, prec, alt),
        _ => {
            let p = prec.max(1);
            if v == 0.0 {
                let s = if alt {
                    with_point(format!("{:.*}", p - 1, 0.0))
                } else {
                    "0".to_string()
                };
                return if v.is_sign_negative() {
                    format!("-{s}")
                } else {
                    s
                };
            }
            // The exponent after rounding to p significant digits.
            let e_form = format!("{:.*e}", p - 1, v);
            let x: i32 = e_form
                .rsplit('e')
                .next()
                .and_then(|e| e.parse().ok())
                .unwrap_or(0);
            let s = if x < -4 || x >= p as i32 {
                c_exp(v, p - 1, alt)
            } else {
                format!("{:.*}", (p as i32 - 1 - x) as usize, v)
            };
            // `#`: the point stays, even with no digit after it (C).
            if alt { with_point(s) } else { strip_zeros(&s) }
        }
    };
    if upper { s.to_uppercase() } else { s }
}

/// A number with a decimal point before any exponent (`6` → `6.`).
fn with_point(s: String) -> String {
    if s.contains('.') {
        return s;
    }
    match s.find('e') {
        Some(i) => format!("{}.{}", &s[..i], &s[i..]),
        None => s + ".",
    }
}

/// `%e`: mantissa, `e`, sign and at least two exponent digits.
fn c_exp(v: f64, prec: usize, alt: bool) -> String {
    let s = format!("{v:.prec$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mant = if alt && prec == 0 {
        format!("{mant}.")
    } else {
        mant.to_string()
    };
    format!(
        "{mant}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.unsigned_abs()
    )
}

/// Remove trailing zeros of a fraction (and a bare point), keeping any exponent.
fn strip_zeros(s: &str) -> String {
    let (num, exp) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let num = if num.contains('.') {
        num.trim_end_matches('0').trim_end_matches('.')
    } else {
        num
    };
    format!("{num}{exp}")
}

/// A float as 64tass prints it: ten significant digits, always with a point
/// or an exponent.
pub fn float_repr(f: f64) -> String {
    let s = c_float(f, 'g', 10, false);
    if s.contains(['.', 'e', 'n', 'i']) {
        s
    } else {
        format!("{s}.0")
    }
}

fn quote(s: &str) -> String {
    // 64tass quotes with whichever quote doubles fewer characters.
    let count = |q: char| s.chars().filter(|&c| c == q).count();
    let q = if count('"') > count('\'') { '\'' } else { '"' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(q);
    for c in s.chars() {
        out.push(c);
        if c == q {
            out.push(q);
        }
    }
    out.push(q);
    out
}

const Z85: &[u8] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

fn z85(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(4) {
        let v = chunk.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64);
        let n = chunk.len() + 1;
        let mut digits = vec![0u8; n];
        let mut x = v;
        for d in digits.iter_mut().rev() {
            *d = Z85[(x % 85) as usize];
            x /= 85;
        }
        out.push_str(std::str::from_utf8(&digits).unwrap_or(""));
    }
    out
}

fn bytes_repr(b: &[u8]) -> String {
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    let z = z85(b);
    if z.len() < hex.len() {
        format!("z'{z}'")
    } else {
        format!("x'{hex}'")
    }
}

fn addr_repr(mode: AddrMode, inner: String) -> String {
    if mode.0 == 0 {
        return format!("address({inner})");
    }
    mode.ops().into_iter().fold(inner, |s, op| match op {
        AddrOp::Imm => format!("#{s}"),
        AddrOp::ImmSigned => format!("#+{s}"),
        AddrOp::Ind => format!("({s})"),
        AddrOp::LongInd => format!("[{s}]"),
        AddrOp::Index(r) => format!("{s},{}", r.letter()),
    })
}

fn join(items: &[Value], env: &dyn Env) -> String {
    items
        .iter()
        .map(|v| repr(v, env))
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether `v` has a form listings and label files can show: a macro, a
/// function, a scope, an encoding, a type, anywhere in it (`[m]`, `(1, f)`),
/// makes 64tass show nothing.
pub fn has_literal_form(v: &Value) -> bool {
    match v {
        Value::Macro(..)
        | Value::Func(_)
        | Value::Namespace(_)
        | Value::Encoding(_)
        | Value::Type(_)
        | Value::Builtin(_)
        | Value::Lbl(_)
        | Value::Error(_) => false,
        Value::List(items) | Value::Tuple(items) => items.iter().all(has_literal_form),
        Value::Dict(d) => {
            d.pairs
                .iter()
                .all(|(k, v)| has_literal_form(k) && v.as_ref().is_none_or(has_literal_form))
                && d.default.as_ref().is_none_or(has_literal_form)
        }
        Value::Addr(a) => has_literal_form(&a.val),
        Value::ColonList(items) => items.iter().all(has_literal_form),
        _ => true,
    }
}

/// `repr(v)`.
pub fn repr(v: &Value, env: &dyn Env) -> String {
    match v {
        Value::None => "none".into(),
        Value::Default => "default".into(),
        Value::Bool(b) => if *b { "true" } else { "false" }.into(),
        Value::Int(i) => i.to_string(),
        Value::BigInt(i) => i.to_string(),
        Value::Bits(b) => b.repr(),
        Value::BigBits(b) => b.repr(),
        Value::InvBytes(b) => format!("~{}", bytes_repr(b)),
        Value::Float(f) => float_repr(*f),
        Value::Str(s) => quote(s),
        Value::Bytes(b) => bytes_repr(b),
        Value::List(items) => format!("[{}]", join(items, env)),
        Value::Tuple(items) if items.len() == 1 => format!("({},)", repr(&items[0], env)),
        Value::Tuple(items) => format!("({})", join(items, env)),
        Value::Dict(d) => {
            let mut parts: Vec<String> = d
                .pairs
                .iter()
                .map(|(k, v)| match v {
                    Some(v) => format!("{}:{}", repr(k, env), repr(v, env)),
                    None => repr(k, env),
                })
                .collect();
            if let Some(def) = &d.default {
                parts.push(format!(":{}", repr(def, env)));
            }
            format!("{{{}}}", parts.join(","))
        }
        Value::Gap => "?".into(),
        Value::Code(c) => repr(&env.code_value(*c), env),
        Value::Addr(a) => addr_repr(a.mode, repr(&a.val, env)),
        Value::Type(t) => format!("<type '{}'>", t.name()),
        Value::Builtin(b) => format!("<native_function '{}'>", super::builtins::builtin_name(*b)),
        Value::Register(r) => format!("register(\"{r}\")"),
        // 64tass's type names: `<segment>`, `<struct>`, `<union>`, `<enc>`.
        Value::Macro(..) => format!("<{}>", v.type_of().name()),
        Value::Func(FuncId(_, true)) => "<sfunction>".into(),
        Value::Func(_) => "<function>".into(),
        Value::Namespace(ns) => match env.namespace_members(*ns) {
            Some(members) => format!("namespace({{{}}})", members.join(",")),
            None => "<namespace>".into(),
        },
        Value::Encoding(_) => "<enc>".into(),
        Value::Lbl(_) => "<lbl>".into(),
        Value::Symbol(_, w) => format!(".{}", env.name_of(*w)),
        Value::Fold => "...".into(),
        Value::ColonList(items) => format!("({})", colon_joined(items, env)),
        // Never printed: `repr()` reports it first (see `convert::deep_error`).
        Value::Error(_) => "<error>".into(),
    }
}

/// The least room 64tass's `repr` needs to write `v` (`repr`'s length but
/// where 64tass gives up early: an integer of more than 32 bits asks for
/// nine characters per 27 of its bits before it counts its digits, and a
/// list's element gets only what the elements before it left). The
/// listing's `=` column shows a value only if its column has this much.
pub fn repr_need(v: &Value, env: &dyn Env) -> usize {
    need_and_length(v, env).0
}

/// What a sequence of parts needs after `fixed` characters of its own, and
/// its length: each part is written with the room the fixed characters and
/// the parts before it left.
fn parts_need<'a>(
    fixed: usize,
    items: impl Iterator<Item = &'a Value>,
    env: &dyn Env,
) -> (usize, usize) {
    let (mut need, mut chars) = (fixed, fixed);
    for item in items {
        let (n, len) = need_and_length(item, env);
        need = need.max(chars + n);
        chars += len;
    }
    (need.max(chars), chars)
}

/// [`repr_need`] and the length of [`repr`], found in one walk.
fn need_and_length(v: &Value, env: &dyn Env) -> (usize, usize) {
    let len = || repr(v, env).chars().count();
    let words = |bits: u64| bits.div_ceil(32) as usize;
    match v {
        Value::Int(i) if i.unsigned_abs() >> 32 != 0 => {
            let bits = 64 - u64::from(i.unsigned_abs().leading_zeros());
            let len = len();
            ((words(bits) * 32 / 27 * 9).max(len), len)
        }
        Value::BigInt(i) => {
            let len = len();
            ((words(i.bits()) * 32 / 27 * 9).max(len), len)
        }
        Value::List(items) => parts_need(items.len().max(1) + 1, items.iter(), env),
        Value::Tuple(items) if items.len() == 1 => parts_need(3, items.iter(), env),
        Value::Tuple(items) => parts_need(items.len().max(1) + 1, items.iter(), env),
        Value::ColonList(items) => parts_need(items.len() + 1, items.iter(), env),
        Value::Dict(d) => {
            let def = usize::from(d.default.is_some());
            let alone = d.pairs.iter().filter(|(_, v)| v.is_none()).count();
            let fixed = (1 + 2 * d.pairs.len() - alone + 2 * def).max(2);
            let items = d
                .pairs
                .iter()
                .flat_map(|(k, v)| std::iter::once(k).chain(v));
            parts_need(fixed, items.chain(d.default.as_ref()), env)
        }
        Value::Code(c) => need_and_length(&env.code_value(*c), env),
        Value::Addr(a) => {
            let affix = addr_repr(a.mode, String::new()).chars().count();
            let (n, inner) = need_and_length(&a.val, env);
            (affix + n, affix + inner)
        }
        _ => {
            let len = len();
            (len, len)
        }
    }
}

/// A colon list's elements as `str` writes them: `1:2:3`, an element left
/// out as nothing (`:4`, `1:`).
fn colon_joined(items: &[Value], env: &dyn Env) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|v| match v {
            Value::Default => String::new(),
            v => repr(v, env),
        })
        .collect();
    parts.join(":")
}

/// `x'..'`: byte strings in hex, as `str()` and messages write them.
fn bytes_hex(b: &[u8], inv: bool) -> String {
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}x'{hex}'", if inv { "~" } else { "" })
}

/// `str(v)`: strings as they are, byte strings in hex, everything else as `repr`.
pub fn to_str(v: &Value, env: &dyn Env) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        Value::Bytes(b) => bytes_hex(b, false),
        Value::InvBytes(b) => bytes_hex(b, true),
        Value::ColonList(items) => colon_joined(items, env),
        Value::Register(r) => r.to_string(),
        // A built-in function as text is its name (`str(len)` is "len").
        Value::Builtin(b) => super::builtins::builtin_name(*b).to_string(),
        // A symbol as text is its name: `str(.cold)` is "cold" (repr keeps the dot).
        Value::Symbol(_, w) => env.name_of(*w),
        // An address without a mode as text is its value's repr (64tass's
        // `str`): `str(address($10))` is "$10".
        Value::Addr(a) if a.mode == super::AddrMode::NONE => repr(&a.val, env),
        _ => repr(v, env),
    }
}

/// The value as messages quote it (`int '256'`, strings unquoted): its
/// [`to_str`] where 64tass's `str` has room for it in 40 characters (see
/// [`repr_need`]); none where it hasn't, or for an error or none, which
/// 64tass names by their type alone.
pub fn quoted_in_message(v: &Value, env: &dyn Env) -> Option<String> {
    const ROOM: usize = 40;
    // 64tass can't write a value holding an error (`[1, "a" .. 3]`).
    if super::convert::deep_error(v).is_err() {
        return None;
    }
    let need = match v {
        Value::Error(_) | Value::None => return None,
        Value::Str(s) => s.chars().count(),
        Value::Bytes(b) | Value::InvBytes(b) => {
            3 + 2 * b.len() + usize::from(matches!(v, Value::InvBytes(_)))
        }
        // `str` writes it without the brackets.
        Value::ColonList(items) => parts_need(items.len() - 1, items.iter(), env).0,
        Value::Code(c) => return quoted_in_message(&env.code_value(*c), env),
        Value::Addr(a) if a.mode == super::AddrMode::NONE => repr_need(&a.val, env),
        _ => repr_need(v, env),
    };
    (need <= ROOM).then(|| to_str(v, env))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_64tass() {
        assert_eq!(float_repr(1.5), "1.5");
        assert_eq!(float_repr(3.0), "3.0");
        assert_eq!(float_repr(std::f64::consts::PI), "3.141592654");
        assert_eq!(float_repr(1e20), "1e+20");
        assert_eq!(float_repr(1e-5), "1e-05");
        assert_eq!(float_repr(123456789012.0), "1.23456789e+11");
        assert_eq!(float_repr(0.1 + 0.2), "0.3");
        assert_eq!(float_repr(-0.0), "-0.0");
        assert_eq!(c_float(1.5, 'f', 6, false), "1.500000");
        assert_eq!(c_float(1.5, 'e', 6, false), "1.500000e+00");
        assert_eq!(c_float(1.23456, 'f', 2, false), "1.23");
    }

    #[test]
    fn strings_and_bytes_quote_like_64tass() {
        assert_eq!(quote("a"), "\"a\"");
        assert_eq!(quote("it\"s"), "'it\"s'");
        assert_eq!(bytes_repr(&[3]), "x'03'");
        assert_eq!(bytes_repr(&[0x12, 0x34]), "z'0S*'");
        assert_eq!(bytes_repr(&[]), "x''");
    }
}
