//! Operators on values: the numeric tower (bool < bits < int < float),
//! broadcasting over lists and tuples, sequence operators and comparisons.

use std::cmp::Ordering;
use std::rc::Rc;

use super::bits::BigBits;
use super::convert::{
    Env, FResult, Fault, describe, error_of, float_to_int, keep_lazy, numeric, to_bool, to_int,
};
use super::{AddrMode, Address, Bits, CodeRef, Value, int, seq};
use crate::syntax::ast::{AddrOp, BinOp, UnOp};

fn not_possible1(op: UnOp, v: &Value, env: &dyn Env) -> Fault {
    Fault::new(format!(
        "{} '{}' of {} not possible",
        op.name(),
        op.symbol(),
        describe(v, env)
    ))
}

pub(crate) fn not_possible(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> Fault {
    Fault::new(format!(
        "{} '{}' of {} and {} not possible",
        op.name(),
        op.symbol(),
        describe(a, env),
        describe(b, env)
    ))
}

fn bool_bits(b: bool) -> Bits {
    Bits::new(b as u64, 1)
}

/// An operator applied to each element; an element that fails holds its error.
fn mapped(items: &[Value], list: bool, f: impl Fn(&Value) -> FResult<Value>) -> FResult<Value> {
    let out: Vec<Value> = items
        .iter()
        .map(|x| keep_lazy(f(x)))
        .collect::<FResult<_>>()?;
    Ok(if list {
        Value::list(out)
    } else {
        Value::tuple(out)
    })
}

/// Does `op` work on the value inside an address of that mode (`<#label`
/// is `#<label`)? The byte operators always; sign and inversion inside an
/// immediate.
pub fn works_inside(op: UnOp, mode: AddrMode) -> bool {
    match op {
        UnOp::Lower | UnOp::Higher | UnOp::Bank | UnOp::Word | UnOp::HWord | UnOp::BSWord => true,
        UnOp::Neg | UnOp::Pos | UnOp::Inv => mode
            .ops()
            .iter()
            .all(|o| matches!(o, AddrOp::Imm | AddrOp::ImmSigned)),
        _ => false,
    }
}

/// A unary operator (`-x`, `~x`, `<x`, `!x`, ...), applied element-wise to lists.
pub fn unary(op: UnOp, v: &Value, env: &dyn Env) -> FResult<Value> {
    match v {
        Value::List(items) => return mapped(items, true, |x| unary(op, x, env)),
        Value::Tuple(items) => return mapped(items, false, |x| unary(op, x, env)),
        Value::None | Value::Error(_) => return Ok(v.clone()),
        // 64tass: the byte, sign and inversion operators leave a gap one
        // (`.word <>?` in a structure's definition reserves the word).
        Value::Gap => {
            return match op {
                UnOp::Not | UnOp::DecStr | UnOp::Splat => Err(not_possible1(op, v, env)),
                _ => Ok(Value::Gap),
            };
        }
        _ => {}
    }
    if matches!(op, UnOp::TasmWord | UnOp::TasmLow | UnOp::TasmHigh) {
        return tasm_word(op, v, env);
    }
    if op == UnOp::TasmCheck {
        // An addressing mode is indexed or made indirect again as it is.
        if !matches!(v, Value::Addr(a) if a.mode.0 != 0) {
            tasm_word(UnOp::TasmWord, v, env)?;
        }
        return Ok(v.clone());
    }
    if op == UnOp::Not {
        // A dictionary has no truth value to negate in 64tass.
        if let Value::Dict(_) = v {
            return Err(not_possible1(op, v, env));
        }
        return Ok(Value::Bool(!to_bool(v, env)?));
    }
    if let Value::Bool(_) = v {
        env.bool_misused(not_possible1(op, v, env).msg);
    }
    // `<#label` is `#<label`: byte operators (and sign, inversion of an
    // immediate) work inside the addressing mode, as in 64tass.
    if let Value::Addr(a) = v
        && a.mode.0 != 0
        && works_inside(op, a.mode)
    {
        return Ok(Value::Addr(Rc::new(Address {
            mode: a.mode,
            val: unary(op, &a.val, env)?,
        })));
    }
    if matches!(op, UnOp::Neg | UnOp::Pos | UnOp::Inv)
        && matches!(v, Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_))
    {
        return bytes_unary(op, v, env);
    }
    if is_byte_op(op) && matches!(v, Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_)) {
        return Ok(byte_op(op, bytes_word(v, env)?));
    }
    let n = match numeric(v, env) {
        // A label's bytes are its whole address, without the fraction a
        // counter set from a float adds (64tass: no `-Wfloat-round`).
        Ok(Value::Float(f)) if is_byte_op(op) && matches!(v, Value::Code(_)) => {
            Value::Float(f.floor())
        }
        Ok(n) => n,
        Err(f) if f.none => return Ok(Value::None),
        Err(f) if f.eager => return Err(f),
        Err(_) => return Err(not_possible1(op, v, env)),
    };
    let as_int = |n: &Value| -> FResult<i128> {
        match n {
            Value::Float(f) => float_to_int(*f),
            other => to_int(other, env),
        }
    };
    match op {
        UnOp::Neg => match n {
            Value::Int(_) | Value::BigInt(_) => Ok(int::negate(&n).unwrap_or(n)),
            Value::Bits(b) => Ok(b.negate()),
            Value::BigBits(b) => Ok(b.negate()),
            Value::Bool(b) => Ok(bool_bits(b).negate()),
            Value::Float(f) => Ok(Value::Float(-f)),
            _ => Err(not_possible1(op, v, env)),
        },
        UnOp::Pos => match n {
            Value::Bool(b) => Ok(Value::Bits(bool_bits(b))),
            other => Ok(other),
        },
        UnOp::Inv => match n {
            Value::Int(i) => Ok(Value::Int(!i)),
            Value::BigInt(b) => Ok(int::from_big(-(*b).clone() - 1)),
            Value::Bits(b) => Ok(Value::Bits(b.invert())),
            Value::BigBits(b) => {
                let mut b = (*b).clone();
                b.inv = !b.inv;
                Ok(b.into_value())
            }
            Value::Bool(b) => Ok(Value::Bits(bool_bits(b).invert())),
            // 64tass: one fixed-point unit (2^-32) below the negation.
            Value::Float(f) => Ok(Value::Float(-f - 1.0 / 4294967296.0)),
            _ => Err(not_possible1(op, v, env)),
        },
        UnOp::Lower | UnOp::Higher | UnOp::Bank | UnOp::Word | UnOp::HWord | UnOp::BSWord => {
            if let Value::Float(f) = n
                && f.fract() != 0.0
            {
                env.rounded();
            }
            // A float beyond 64 bits is its exact integer (`<(pi * 2 ** 63)`).
            let n = match n {
                Value::Float(f) if f.abs() >= 9.0e18 => int::from_f64_floor(f)?,
                n => n,
            };
            let big = match n {
                // (No big integer made for these: every `<label` comes here.)
                Value::Int(_) | Value::Bool(_) | Value::Bits(_) => None,
                _ => int::big(&n),
            };
            let u = match big {
                // Two's complement of the low 64 bits.
                Some(b) => {
                    let low: num_bigint::BigInt = b & num_bigint::BigInt::from(u64::MAX);
                    num_traits::ToPrimitive::to_u64(&low).unwrap_or(0)
                }
                None => as_int(&n)? as u64, // two's complement: <-1 is $ff
            };
            Ok(byte_op(op, u))
        }
        // A float is shown as it is (`^2.5` is "2.5"), as `repr()` shows it.
        UnOp::DecStr => Ok(Value::str(&match (&n, int::big(&n)) {
            (Value::Float(f), _) => super::repr::float_repr(*f),
            (_, Some(b)) => b.to_string(),
            _ => as_int(&n)?.to_string(),
        })),
        UnOp::Splat | UnOp::Not => Ok(n),
        UnOp::TasmWord | UnOp::TasmLow | UnOp::TasmHigh | UnOp::TasmCheck => {
            unreachable!("TASM's words are taken before the numeric tower")
        }
    }
}

/// `-T`: the 16-bit unsigned word that TASM's operators read and make
/// (64tass truncates each operand and each result to it), or a byte of it.
fn tasm_word(op: UnOp, v: &Value, env: &dyn Env) -> FResult<Value> {
    // An addressing mode has no byte (`<tab,x`); as an operand it has no
    // integer value, in 64tass's words.
    if op != UnOp::TasmWord && matches!(v, Value::Addr(a) if a.mode.0 != 0) {
        return Err(not_possible1(op, v, env));
    }
    let n = match numeric(v, env) {
        Ok(n) => n,
        Err(f) if f.none => return Ok(Value::None),
        Err(f) => return Err(f),
    };
    let int = match n {
        Value::Float(f) => float_to_int(f)?,
        other => to_int(&other, env)?,
    };
    // Two's complement: `1-2` is $ffff.
    let word = int as u64 & 0xffff;
    Ok(Value::Int(match op {
        UnOp::TasmLow => word & 0xff,
        UnOp::TasmHigh => word >> 8,
        _ => word,
    } as i64))
}

pub(crate) fn is_byte_op(op: UnOp) -> bool {
    matches!(
        op,
        UnOp::Lower | UnOp::Higher | UnOp::Bank | UnOp::Word | UnOp::HWord | UnOp::BSWord
    )
}

/// A byte operator (`<`, `>`, `` ` ``, `<>`, `>``, `><`) of an integer or
/// a bit string, as [`unary`] gives it, without the numeric tower: every
/// `<label` comes here (a label set from `* = $1000` is a bit string).
/// `None`: another operator or value.
#[inline]
pub fn int_byte(op: UnOp, v: &Value) -> Option<Value> {
    if !is_byte_op(op) {
        return None;
    }
    match v {
        Value::Int(i) => Some(byte_op(op, *i as u64)),
        Value::Bits(b) => Some(byte_op(op, b.to_i128() as u64)),
        _ => None,
    }
}

/// `<`, `>`, `` ` ``, `<>`, `>``, `><` of a number's low bits.
fn byte_op(op: UnOp, u: u64) -> Value {
    let (val, len) = match op {
        UnOp::Lower => (u & 0xff, 8),
        UnOp::Higher => ((u >> 8) & 0xff, 8),
        UnOp::Bank => ((u >> 16) & 0xff, 8),
        UnOp::Word => (u & 0xffff, 16),
        UnOp::HWord => ((u >> 8) & 0xffff, 16),
        _ => (((u & 0xff) << 8) | ((u >> 8) & 0xff), 16),
    };
    Value::Bits(Bits::new(val, len))
}

/// The number 64tass 1.58's byte operators see in a (byte) string: its
/// first byte, then its second and third ORed together as the next byte
/// (so `>x"010204"` is `$06` and `` `x"010204"`` is `$00`), all inverted
/// for an inverted byte string.
fn bytes_word(v: &Value, env: &dyn Env) -> FResult<u64> {
    let (raw, inv) = match v {
        Value::Str(s) => (env.encode(s)?, false),
        other => {
            let (b, inv) = other.as_bytes().unwrap_or_default();
            (b.to_vec(), inv)
        }
    };
    let at = |i: usize| raw.get(i).copied().unwrap_or(0) as u64;
    let u = at(0) | (at(1) | at(2)) << 8;
    Ok(if inv { !u } else { u })
}

/// `-`, `+` and `~` of a string or byte string give a byte string of the
/// same length, as 64tass: `~x"01"` is `~x'01'`, `-x"01"` is `~x'00'`.
fn bytes_unary(op: UnOp, v: &Value, env: &dyn Env) -> FResult<Value> {
    let (raw, inv) = match v {
        Value::Str(s) => (env.encode(s)?, false),
        other => {
            let (b, inv) = other.as_bytes().unwrap_or_default();
            (b.to_vec(), inv)
        }
    };
    match op {
        UnOp::Pos => Ok(Value::bytes(raw, inv)),
        UnOp::Inv => Ok(Value::bytes(raw, !inv)),
        _ => {
            let len = raw.len();
            let bits = BigBits::new(
                num_bigint::BigUint::from_bytes_le(&raw),
                8 * len as u32,
                inv,
            );
            Ok(match BigBits::of(&bits.negate()) {
                Some(n) if n.len as usize == 8 * len => Value::bytes(n.raw_bytes(), n.inv),
                _ => bits.negate(),
            })
        }
    }
}

/// A bool meeting another value under an operator (but the logical ones
/// and identity, which the caller leaves out) is what `-Wstrict-bool`
/// reports, operand by operand: noted for the caller to place.
pub fn note_bool_operand(op: BinOp, a: &Value, b: &Value, env: &dyn Env) {
    if (matches!(a, Value::Bool(_)) || matches!(b, Value::Bool(_))) && !is_seq(a) && !is_seq(b) {
        env.bool_misused(not_possible(op, a, b, env).msg);
        // 64tass then makes bits or an int of text next to the bool, and
        // the operation meets the bool again, said again with that value.
        let left = !matches!(a, Value::Bool(_));
        let text = if left { a } else { b };
        if let Some(n) = text_as_number(op, text, left, env) {
            let (a, b) = if left { (&n, b) } else { (a, &n) };
            env.bool_misused(not_possible(op, a, b, env).msg);
        }
    }
}

/// A string's or byte string's value as 64tass takes it next to a number:
/// bits for the bit operators (the shifts too on the left), else an int.
#[cold]
fn text_as_number(op: BinOp, v: &Value, left: bool, env: &dyn Env) -> Option<Value> {
    let bytes = match v {
        Value::Str(s) => env.encode(s).ok()?,
        Value::Bytes(b) => b.to_vec(),
        _ => return None,
    };
    let bits = matches!(op, BinOp::Concat | BinOp::And | BinOp::Or | BinOp::Xor)
        || (left && matches!(op, BinOp::Shl | BinOp::Shr));
    if bits {
        super::convert::bits_from_bytes(&bytes, false).ok()
    } else {
        let n = num_bigint::BigUint::from_bytes_le(&bytes);
        Some(super::int::from_big(n.into()))
    }
}

fn is_seq(v: &Value) -> bool {
    matches!(v, Value::List(_) | Value::Tuple(_))
}

/// Operators that apply element by element to lists and tuples.
fn broadcasts(op: BinOp) -> bool {
    !matches!(
        op,
        BinOp::Concat
            | BinOp::Repeat
            | BinOp::In
            | BinOp::NotIn
            | BinOp::Identity
            | BinOp::NIdentity
            | BinOp::LAnd
            | BinOp::LOr
            | BinOp::LXor
    )
}

/// One pair of elements of a broadcast operation. `&&`, `||` and `^^` of
/// elements that are not both bools are what `-Wstrict-bool` reports.
fn pairwise(op: BinOp, p: &Value, q: &Value, env: &dyn Env) -> FResult<Value> {
    let plain = |v: &Value| !is_seq(v) && !matches!(v, Value::None | Value::Error(_));
    let both_bools = matches!((p, q), (Value::Bool(_), Value::Bool(_)));
    if matches!(op, BinOp::LAnd | BinOp::LOr | BinOp::LXor) && plain(p) && plain(q) && !both_bools {
        env.bool_misused(not_possible(op, p, q, env).msg);
    }
    binary(op, p, q, env)
}

fn broadcast(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    // The result takes the left list's type (`(0, 0) | [0, 0]` is a tuple).
    let list = match a {
        Value::List(_) => true,
        Value::Tuple(_) => false,
        _ => matches!(b, Value::List(_)),
    };
    let out: Vec<Value> = match (a.elements(), b.elements()) {
        (Some(x), Some(y)) => {
            if x.len() == y.len() {
                x.iter()
                    .zip(y.iter())
                    .map(|(p, q)| keep_lazy(pairwise(op, p, q, env)))
                    .collect::<FResult<_>>()?
            } else if x.len() == 1 {
                // As 64tass: the lone element meets the other side whole
                // (`[[1, 2]] + [1, 2, 3]` can't broadcast 2 and 3).
                return broadcast(op, &x[0], b, env);
            } else if y.len() == 1 {
                return broadcast(op, a, &y[0], env);
            } else {
                return Err(cant_broadcast(x.len(), y.len()));
            }
        }
        // A kept error (or an unknown value) next to a list stays itself.
        (Some(_), None) | (None, Some(_))
            if matches!(a, Value::Error(_) | Value::None)
                || matches!(b, Value::Error(_) | Value::None) =>
        {
            return Ok(if matches!(a, Value::Error(_) | Value::None) {
                a.clone()
            } else {
                b.clone()
            });
        }
        (Some(x), None) => x
            .iter()
            .map(|p| keep_lazy(pairwise(op, p, b, env)))
            .collect::<FResult<_>>()?,
        (None, Some(y)) => y
            .iter()
            .map(|q| keep_lazy(pairwise(op, a, q, env)))
            .collect::<FResult<_>>()?,
        (None, None) => unreachable!("broadcast needs a list"),
    };
    Ok(if list {
        Value::list(out)
    } else {
        Value::tuple(out)
    })
}

/// A binary operator. `&&`, `||` and `^^` short-circuit in the evaluator;
/// here they see both values.
pub fn binary(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    binary_of(op, a, b, env).map_err(|mut f| {
        // 64tass names the divisor, or the exponent.
        if f.msg == "division by zero" || f.msg == "zero raised to negative power" {
            f.msg = format!("{} {}", f.msg, super::convert::describe(b, env));
        }
        f
    })
}

/// `name .= value`, 64tass's member compound assignment: the member
/// operator between two values, which no value takes ("member '.' of int
/// '1' and int '2' not possible"), element by element for lists; a value
/// not known yet or an error on either side is the result.
pub fn member_of_values(a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    match (a, b) {
        (Value::None, _) | (_, Value::None) => Ok(Value::None),
        (Value::Error(_), _) => Ok(a.clone()),
        (_, Value::Error(_)) => Ok(b.clone()),
        // Lists on the left go element by element (with a right list of
        // the same length, pairwise); a dictionary takes each element of
        // a right list; any other value meets a right list whole.
        _ => match (a.elements(), b.elements()) {
            (Some(x), Some(y)) if x.len() != y.len() => Err(cant_broadcast(x.len(), y.len())),
            (Some(x), Some(y)) => {
                let out: Vec<Value> = x
                    .iter()
                    .zip(y)
                    .map(|(p, q)| keep_lazy(member_of_values(p, q, env)))
                    .collect::<FResult<_>>()?;
                Ok(match a {
                    Value::List(_) => Value::list(out),
                    _ => Value::tuple(out),
                })
            }
            (Some(x), None) => mapped(x, matches!(a, Value::List(_)), |p| {
                member_of_values(p, b, env)
            }),
            (None, Some(y)) if matches!(a, Value::Dict(_)) => {
                mapped(y, matches!(b, Value::List(_)), |q| {
                    member_of_values(a, q, env)
                })
            }
            _ => Err(Fault::new(format!(
                "member '.' of {} and {} not possible",
                describe(a, env),
                describe(b, env)
            ))),
        },
    }
}

/// The arithmetic and bitwise operators (not the shifts).
pub(crate) fn is_arith(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div
            | BinOp::Mod
            | BinOp::Exp
            | BinOp::And
            | BinOp::Or
            | BinOp::Xor
    )
}

/// `<<` and `>>`.
pub(crate) fn is_shift(op: BinOp) -> bool {
    matches!(op, BinOp::Shl | BinOp::Shr)
}

/// The logical operators, identity and membership: they take their
/// operands as they are (no truth or number of them is noted, a code label
/// is not its address).
fn takes_values_as_they_are(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::LAnd
            | BinOp::LOr
            | BinOp::LXor
            | BinOp::Identity
            | BinOp::NIdentity
            | BinOp::In
            | BinOp::NotIn
    )
}

/// An operator on two integers or bit strings where the general way below
/// ends at the integers' values: comparisons (as `compare` orders them),
/// arithmetic, bitwise operators unless both are bit strings (which stay
/// bit strings), shifts of an integer. `None` for the rest and for what
/// fails, which the general way words.
fn int_or_bits_quick(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    let ord = || Some(int::small(a)?.cmp(&int::small(b)?));
    let bitwise = matches!(op, BinOp::And | BinOp::Or | BinOp::Xor);
    match op {
        BinOp::Eq => Some(Value::Bool(ord()? == Ordering::Equal)),
        BinOp::Ne => Some(Value::Bool(ord()? != Ordering::Equal)),
        BinOp::Lt => Some(Value::Bool(ord()? == Ordering::Less)),
        BinOp::Gt => Some(Value::Bool(ord()? == Ordering::Greater)),
        BinOp::Le => Some(Value::Bool(ord()? != Ordering::Greater)),
        BinOp::Ge => Some(Value::Bool(ord()? != Ordering::Less)),
        BinOp::Cmp => Some(Value::Int(ord()? as i64)),
        _ if bitwise && matches!((a, b), (Value::Bits(_), Value::Bits(_))) => None,
        _ if is_arith(op) || (is_shift(op) && matches!(a, Value::Int(_))) => {
            int::int_op(op, a, b)?.ok()
        }
        _ => None,
    }
}

/// The usual operations answered at once, each as [`binary`] answers it
/// (the tests compare them): two integers or bit strings as
/// [`int_or_bits_quick`] takes them, and a code label plus or minus an
/// integer (`label + 1`, `1 + label`, `label - 1`) as [`code_arith`] makes
/// it, an offset that is a small number. None of these note anything in
/// the environment. `None`: the general way.
#[inline]
pub(crate) fn binary_quick(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    match (a, b) {
        (Value::Int(_) | Value::Bits(_), Value::Int(_) | Value::Bits(_)) => {
            int_or_bits_quick(op, a, b)
        }
        (Value::Code(c), &Value::Int(n)) if op == BinOp::Add => code_offset(c, n, false),
        (Value::Code(c), &Value::Int(n)) if op == BinOp::Sub => code_offset(c, n, true),
        (&Value::Int(n), Value::Code(c)) if op == BinOp::Add => code_offset(c, n, false),
        _ => None,
    }
}

/// [`code_arith`]'s `code + n` (`code - n` when `minus`) for an integer
/// that is a small offset (as `to_ival` of 30 bits takes it).
#[inline]
fn code_offset(c: &CodeRef, n: i64, minus: bool) -> Option<Value> {
    const HALF: i64 = 1 << 29;
    if !(-HALF..HALF).contains(&n) {
        return None;
    }
    let n = if minus { -n } else { n };
    let offs = (c.offs as i64 + n).clamp(-(1 << 30), (1 << 30) - 1) as i32;
    Some(Value::Code(CodeRef { id: c.id, offs }))
}

fn binary_of(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    // Arithmetic on two integers (most operators of most sources): none of
    // the cases below apply to them but the last. What fails goes the
    // general way, which words the error.
    if let (Value::Int(_) | Value::Bits(_), Value::Int(_) | Value::Bits(_)) = (a, b)
        && let Some(v) = int_or_bits_quick(op, a, b)
    {
        return Ok(v);
    }
    binary_general(op, a, b, env)
}

/// The general way of [`binary_of`], which the quick way above must agree with.
fn binary_general(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    if matches!(a, Value::None) || matches!(b, Value::None) {
        return Ok(Value::None);
    }
    // An error value stays one (`in` looks for itself; `&&` and `||` of a
    // single value may not take the right side).
    if !matches!(op, BinOp::In | BinOp::NotIn) {
        if let Value::Error(_) = a {
            return Ok(a.clone());
        }
        if let Value::Error(_) = b
            && (!matches!(op, BinOp::LAnd | BinOp::LOr) || is_seq(a))
        {
            return Ok(b.clone());
        }
    }
    // An assignment operator in an expression (`.byte x += 1`): no value
    // takes one, a list's elements each refuse it (an address the way it
    // refuses any operator: `#1 += 2` names the value it holds).
    if op.is_assign() && !matches!(a, Value::Addr(_)) && !matches!(b, Value::Addr(_)) {
        return if is_seq(a) || is_seq(b) {
            broadcast(op, a, b, env)
        } else {
            Err(not_possible(op, a, b, env))
        };
    }
    if let Some(r) = fold(op, a, b, env) {
        return r;
    }
    if let Some(r) = gap_binary(op, a, b) {
        return Ok(r);
    }
    if !takes_values_as_they_are(op) && op != BinOp::Repeat {
        note_bool_operand(op, a, b, env);
    }
    // A list on the left of `&&`, `||`, `^^` works element by element; so
    // does one on the right when the left has no truth value (a dictionary).
    if matches!(op, BinOp::LAnd | BinOp::LOr | BinOp::LXor)
        && (is_seq(a) || (is_seq(b) && to_bool(a, env).is_err()))
    {
        return broadcast(op, a, b, env);
    }
    // A code label meets a register as its address (64tass: `label | x` is
    // "of bits '$1000' and register 'x'", `label + x` indexes the address).
    if let (Value::Code(c), Value::Register(_)) = (a, b)
        && !takes_values_as_they_are(op)
    {
        return binary_of(op, &env.code_value(*c), b, env);
    }
    // A dictionary or a gap has no truth value: the operation is what fails.
    let truth = |v: &Value| {
        to_bool(v, env).map_err(|f| match v {
            Value::Dict(_) | Value::Gap => not_possible(op, a, b, env),
            _ => f,
        })
    };
    match op {
        BinOp::LAnd => {
            return Ok(if truth(a)? { b.clone() } else { a.clone() });
        }
        BinOp::LOr => {
            return Ok(if truth(a)? { a.clone() } else { b.clone() });
        }
        BinOp::LXor => {
            let (x, y) = (truth(a)?, to_bool(b, env)?);
            return Ok(match (x, y) {
                (true, true) | (false, false) => Value::Bool(false),
                (true, false) => a.clone(),
                (false, true) => b.clone(),
            });
        }
        BinOp::Identity => return Ok(Value::Bool(super::same(a, b))),
        BinOp::NIdentity => return Ok(Value::Bool(!super::same(a, b))),
        BinOp::In => return seq::contains_or_not(b, a, false, env),
        BinOp::NotIn => return seq::contains_or_not(b, a, true, env),
        // A list next to a single value joins it to each element.
        BinOp::Concat if is_seq(a) != is_seq(b) => return broadcast(op, a, b, env),
        BinOp::Concat => return seq::concat(a, b, env),
        BinOp::Repeat => return seq::repeat(a, b, env),
        // Comparisons of lists work element by element, as 64tass 1.58's do.
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Cmp
            if is_seq(a) || is_seq(b) =>
        {
            return broadcast(op, a, b, env);
        }
        BinOp::Eq => return Ok(Value::Bool(equal(a, b, env)?)),
        BinOp::Ne => return Ok(Value::Bool(!equal(a, b, env)?)),
        BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Cmp => {
            let ord = compare(a, b, env).ok_or_else(|| not_possible(op, a, b, env))??;
            return Ok(match op {
                BinOp::Lt => Value::Bool(ord == Ordering::Less),
                BinOp::Gt => Value::Bool(ord == Ordering::Greater),
                BinOp::Le => Value::Bool(ord != Ordering::Greater),
                BinOp::Ge => Value::Bool(ord != Ordering::Less),
                _ => Value::Int(ord as i64),
            });
        }
        _ => {}
    }
    if (is_seq(a) || is_seq(b)) && broadcasts(op) {
        return broadcast(op, a, b, env);
    }
    if matches!(op, BinOp::Min | BinOp::Max) {
        let ord = compare(a, b, env).ok_or_else(|| not_possible(op, a, b, env))??;
        // On a tie 64tass gives the second operand (`1 <? true` is true).
        let first = if op == BinOp::Min {
            ord == Ordering::Less
        } else {
            ord == Ordering::Greater
        };
        return Ok(if first { a.clone() } else { b.clone() });
    }
    // `&`, `|`, `^` of two (byte) strings give a byte string (64tass).
    let text = |v: &Value| matches!(v, Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_));
    if matches!(op, BinOp::And | BinOp::Or | BinOp::Xor) && text(a) && text(b) {
        let r = binary(op, &numeric(a, env)?, &numeric(b, env)?, env)?;
        return Ok(match BigBits::of(&r) {
            Some(bits) => Value::bytes(bits.raw_bytes(), bits.inv),
            None => r,
        });
    }
    if let Some(r) = register_arith(op, a, b, env) {
        return r;
    }
    if let Some(r) = code_arith(op, a, b, env) {
        return Ok(r);
    }
    if let (Value::Addr(x), _) | (_, Value::Addr(x)) = (a, b) {
        return address_arith(op, a, b, x, env);
    }
    let (x, y) = match (numeric(a, env), numeric(b, env)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(f), _) | (_, Err(f)) if f.none => return Ok(Value::None),
        // A string that can't be encoded: that error, at once.
        (Err(f), _) | (_, Err(f)) if f.eager => return Err(f),
        _ => return Err(not_possible(op, a, b, env)),
    };
    match (&x, &y) {
        (Value::Float(_), _) | (_, Value::Float(_)) => float_op(op, &x, &y, env),
        _ => int_op(op, &x, &y, env).map_err(|f| {
            if f.msg.is_empty() {
                not_possible(op, a, b, env)
            } else {
                f
            }
        }),
    }
}

/// `(... op list)` folds the list from the left, `(list op ...)` from the
/// right, as 64tass: `... - [10, 2, 3]` is 5, `[1, 2, 3] - ...` is 2.
fn fold(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> Option<FResult<Value>> {
    let (items, left) = match (a, b) {
        (Value::Fold, v) => (v.elements()?, true),
        (v, Value::Fold) => (v.elements()?, false),
        _ => return None,
    };
    let Some((first, rest)) = (if left {
        items.split_first()
    } else {
        items.split_last()
    }) else {
        return Some(Err(Fault::new("empty list not allowed")));
    };
    let mut acc = first.clone();
    let order: Box<dyn Iterator<Item = &Value>> = if left {
        Box::new(rest.iter())
    } else {
        Box::new(rest.iter().rev())
    };
    for x in order {
        let r = if left {
            binary(op, &acc, x, env)
        } else {
            binary(op, x, &acc, env)
        };
        match r {
            Ok(v) => acc = v,
            Err(f) => return Some(Err(f)),
        }
    }
    Some(Ok(acc))
}

/// `code + n`, `n + code` and `code - n` stay code with an offset (so
/// `label + 1` keeps its address type in label lists); `code - code` is the
/// distance. Anything else works on the address (None here).
fn code_arith(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> Option<Value> {
    // An offset is a signed number: an inverted bit string such as `-$80`
    // moves the address down, not by its bit pattern.
    let number = |v: &Value| match v {
        Value::Bits(b) => b.to_ival(30),
        _ => super::convert::to_ival(v, 30, env).ok(),
    };
    let small = |v: &Value| match v {
        Value::Bool(_)
        | Value::Int(_)
        | Value::Bits(_)
        | Value::Float(_)
        | Value::Str(_)
        | Value::Bytes(_) => number(v),
        Value::Addr(x) if x.mode.0 == 0 => number(&x.val),
        _ => None,
    };
    let shifted = |c: &CodeRef, n: i64| {
        let offs = (c.offs as i64 + n).clamp(-(1 << 30), (1 << 30) - 1) as i32;
        Value::Code(CodeRef { id: c.id, offs })
    };
    match (op, a, b) {
        (BinOp::Add, Value::Code(c), v) | (BinOp::Add, v, Value::Code(c))
            if !matches!(v, Value::Code(_)) =>
        {
            small(v).map(|n| shifted(c, n))
        }
        (BinOp::Sub, Value::Code(c), v) if !matches!(v, Value::Code(_)) => {
            small(v).map(|n| shifted(c, -n))
        }
        _ => None,
    }
}

/// An index register plus or minus a value is that value indexed, as in
/// 64tass: `x + 1` is `1, x` and `y - 2` is `-2, y` (a number, string or
/// code value after the register; only a number before it, with `+`).
fn register_arith(op: BinOp, a: &Value, b: &Value, env: &dyn Env) -> Option<FResult<Value>> {
    let indexed = |r: char, v: Value| {
        let reg = crate::syntax::ast::Reg::from_letter(r as u8)?;
        let mode = super::AddrMode::NONE.push(AddrOp::Index(reg))?;
        Some(Value::Addr(Rc::new(Address { mode, val: v })))
    };
    let number = |v: &Value| {
        matches!(
            v,
            Value::Bool(_)
                | Value::Int(_)
                | Value::Bits(_)
                | Value::Float(_)
                | Value::Bytes(_)
                | Value::InvBytes(_)
        )
    };
    let after = |v: &Value| number(v) || matches!(v, Value::Str(_) | Value::Code(_));
    match (op, a, b) {
        (BinOp::Add, &Value::Register(r), v) if after(v) => indexed(r, v.clone()).map(Ok),
        (BinOp::Sub, &Value::Register(r), v) if after(v) => {
            indexed(r, Value::Int(0))?;
            Some(
                binary(BinOp::Sub, &Value::Int(0), v, env)
                    .map(|n| indexed(r, n).unwrap_or_default()),
            )
        }
        (BinOp::Add, v, &Value::Register(r)) if number(v) => indexed(r, v.clone()).map(Ok),
        _ => None,
    }
}

/// Arithmetic on an address with a mode, as 64tass: `$10,x + 1` is `$11,x`
/// and `#$0d + 1` is `#$0e` (adding to an indexed or immediate address);
/// an immediate also takes `-`, `*`, `|`, `&`, `^`, shifts... The address
/// must be on the left, except for `+`, `*`, `|`, `&`, `^`.
fn address_arith(
    op: BinOp,
    a: &Value,
    b: &Value,
    addr: &Rc<Address>,
    env: &dyn Env,
) -> FResult<Value> {
    let ops = addr.mode.ops();
    let immediate = ops
        .iter()
        .all(|o| matches!(o, AddrOp::Imm | AddrOp::ImmSigned));
    let simple = ops
        .iter()
        .all(|o| matches!(o, AddrOp::Imm | AddrOp::ImmSigned | AddrOp::Index(_)));
    let left = matches!(a, Value::Addr(_)) && !matches!(b, Value::Addr(_));
    let right = matches!(b, Value::Addr(_)) && !matches!(a, Value::Addr(_));
    let allowed = match op {
        BinOp::Add => (left || right) && simple,
        BinOp::Sub => left && simple,
        BinOp::Mul | BinOp::Or | BinOp::Xor | BinOp::And => (left || right) && immediate,
        _ => left && immediate,
    };
    if !allowed {
        return Err(not_possible(op, a, b, env));
    }
    let v = if left {
        binary(op, &addr.val, b, env)?
    } else {
        binary(op, a, &addr.val, env)?
    };
    Ok(Value::Addr(Rc::new(Address {
        mode: addr.mode,
        val: v,
    })))
}

fn bits_of(v: &Value) -> Option<Bits> {
    match v {
        Value::Bool(b) => Some(bool_bits(*b)),
        Value::Bits(b) => Some(*b),
        _ => None,
    }
}

/// Bitwise operators and shifts keep bit strings (and bools) as bit strings;
/// everything else computes with integers ([`int::int_op`]).
fn int_op(op: BinOp, x: &Value, y: &Value, _env: &dyn Env) -> FResult<Value> {
    let bitwise = matches!(op, BinOp::Or | BinOp::Xor | BinOp::And);
    if bitwise && let (Value::Bool(p), Value::Bool(q)) = (x, y) {
        return Ok(Value::Bool(match op {
            BinOp::Or => *p | *q,
            BinOp::Xor => *p ^ *q,
            _ => *p & *q,
        }));
    }
    if bitwise {
        if let (Some(p), Some(q)) = (bits_of(x), bits_of(y)) {
            return Ok(Value::Bits(match op {
                BinOp::Or => p.or(q),
                BinOp::Xor => p.xor(q),
                _ => p.and(q),
            }));
        }
        if let (Some(p), Some(q)) = (BigBits::of(x), BigBits::of(y)) {
            return Ok(match op {
                BinOp::Or => p.or(&q),
                BinOp::Xor => p.xor(&q),
                _ => p.and(&q),
            }
            .into_value());
        }
    }
    if matches!(op, BinOp::Shl | BinOp::Shr)
        && let Some(p) = BigBits::of(x)
    {
        let n = int::shift_amount(y)?;
        let n = if op == BinOp::Shl { n } else { -n };
        if let Some(b) = bits_of(x) {
            if n < 0 {
                return Ok(Value::Bits(b.shr(n.unsigned_abs())));
            }
            if let Some(r) = b.shl(n as u64) {
                return Ok(Value::Bits(r));
            }
        }
        return Ok(p.shift(n)?.into_value());
    }
    int::int_op(op, x, y).unwrap_or_else(|| Err(Fault::new(String::new())))
}

fn float_op(op: BinOp, x: &Value, y: &Value, env: &dyn Env) -> FResult<Value> {
    let a = super::convert::to_float(x, env)?;
    let b = super::convert::to_float(y, env)?;
    let r = match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => {
            if b == 0.0 {
                return Err(Fault::new("division by zero"));
            }
            a / b
        }
        BinOp::Mod => {
            if b == 0.0 {
                return Err(Fault::new("division by zero"));
            }
            let r = a % b;
            if r != 0.0 && (r < 0.0) != (b < 0.0) {
                r + b
            } else {
                r
            }
        }
        BinOp::Exp => {
            if a == 0.0 && b < 0.0 {
                return Err(Fault::new("zero raised to negative power"));
            }
            if a < 0.0 && b.fract() != 0.0 {
                return Err(Fault::new("negative number raised on fractional power"));
            }
            a.powf(b)
        }
        BinOp::Shl => a * 2f64.powf(b),
        BinOp::Shr => a / 2f64.powf(b),
        BinOp::Or | BinOp::Xor | BinOp::And => int::float_bitwise(op, a, b)?,
        _ => return Err(not_possible(op, x, y, env)),
    };
    if !r.is_finite() {
        return Err(Fault::new("floating point overflow"));
    }
    Ok(Value::Float(r))
}

/// A gap (`?`) meeting a single value, as 64tass 1.58 has it: arithmetic
/// gives the gap back (shifts only with the gap on the left), `==` and `!=`
/// tell it apart from any other value, and two gaps are equal. `None` where
/// the general way decides (lists broadcast, the rest is not possible).
fn gap_binary(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    let scalar = |v: &Value| {
        matches!(
            v,
            Value::Str(_)
                | Value::Bool(_)
                | Value::Int(_)
                | Value::BigInt(_)
                | Value::Bits(_)
                | Value::BigBits(_)
                | Value::Float(_)
                | Value::Code(_)
                | Value::Addr(_)
                | Value::Bytes(_)
                | Value::InvBytes(_)
                | Value::Register(_)
        )
    };
    let (arith, shift) = (is_arith(op), is_shift(op));
    match (a, b) {
        (Value::Gap, Value::Gap) if arith || shift => Some(Value::Gap),
        (Value::Gap, x) | (x, Value::Gap) if scalar(x) => match op {
            BinOp::Eq => Some(Value::Bool(false)),
            BinOp::Ne => Some(Value::Bool(true)),
            _ if arith || (shift && matches!(a, Value::Gap)) => Some(Value::Gap),
            _ => None,
        },
        _ => None,
    }
}

/// Equality as `==` sees it: numbers by value across bool/int/bits/float,
/// strings and bytes by content, lists and tuples element by element.
fn equal(a: &Value, b: &Value, env: &dyn Env) -> FResult<bool> {
    error_of(a)?;
    error_of(b)?;
    Ok(match (a, b) {
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Bytes(_) | Value::InvBytes(_), Value::Bytes(_) | Value::InvBytes(_)) => {
            a.read_bytes() == b.read_bytes()
        }
        (Value::List(x), Value::List(y)) | (Value::Tuple(x), Value::Tuple(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !equal(p, q, env)? {
                    return Ok(false);
                }
            }
            true
        }
        (Value::List(_) | Value::Tuple(_), _) | (_, Value::List(_) | Value::Tuple(_)) => false,
        (Value::Gap, Value::Gap) => true,
        (Value::Symbol(x, _), Value::Symbol(y, _)) => x == y,
        (Value::Symbol(..), _) | (_, Value::Symbol(..)) => false,
        (Value::Addr(x), Value::Addr(y)) => x.mode == y.mode && equal(&x.val, &y.val, env)?,
        _ => match compare(a, b, env) {
            Some(Ok(o)) => o == Ordering::Equal,
            Some(Err(f)) => return Err(f),
            None => super::same(a, b),
        },
    })
}

/// Floats compare as 64tass compares them: nearly equal values (within
/// 5e-10 of the larger magnitude) are equal, so `2.1 + 0.2 == 2.3` holds
/// and `2.1 + 0.2 < 2.3` does not.
fn float_compare(a: f64, b: f64) -> Ordering {
    if a == b || (a - b).abs() <= a.abs().max(b.abs()) * 5e-10 {
        Ordering::Equal
    } else {
        a.partial_cmp(&b).unwrap_or(Ordering::Equal)
    }
}

/// Ordering of two values, `None` if they can't be compared.
pub fn compare(a: &Value, b: &Value, env: &dyn Env) -> Option<FResult<Ordering>> {
    if let (Value::Int(x), Value::Int(y)) = (a, b) {
        return Some(Ok(x.cmp(y)));
    }
    if let Err(f) = error_of(a).and_then(|_| error_of(b)) {
        return Some(Err(f));
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => return Some(Ok(x.as_ref().cmp(y.as_ref()))),
        (Value::Gap, Value::Gap) => return Some(Ok(Ordering::Equal)),
        // Addresses of one mode compare by their values, of two by the modes.
        (Value::Addr(x), Value::Addr(y)) => {
            return if x.mode == y.mode {
                compare(&x.val, &y.val, env)
            } else {
                Some(Ok(x.mode.tass_rank().cmp(&y.mode.tass_rank())))
            };
        }
        (Value::Bytes(_) | Value::InvBytes(_), Value::Bytes(_) | Value::InvBytes(_)) => {
            return Some(Ok(a.read_bytes().cmp(&b.read_bytes())));
        }
        // A string next to a byte string is compared as its encoded bytes.
        (Value::Bytes(_) | Value::InvBytes(_), Value::Str(s)) => {
            return Some(
                env.encode(s)
                    .map(|y| a.read_bytes().as_deref().cmp(&Some(&y[..]))),
            );
        }
        (Value::Str(s), Value::Bytes(_) | Value::InvBytes(_)) => {
            return Some(
                env.encode(s)
                    .map(|x| Some(&x[..]).cmp(&b.read_bytes().as_deref())),
            );
        }
        // As 64tass's `<=>` on lists: element by element, broadcasting a
        // single value (or a one-element list); the first difference decides.
        (Value::List(x) | Value::Tuple(x), Value::List(y) | Value::Tuple(y)) => {
            if x.len() != y.len() && x.len() != 1 && y.len() != 1 {
                return Some(Err(cant_broadcast(x.len(), y.len())));
            }
            // A lone element meets the other side whole, as in `broadcast`.
            if x.len() != y.len() {
                return if x.len() == 1 {
                    compare(&x[0], b, env)
                } else {
                    compare(a, &y[0], env)
                };
            }
            let n = if x.is_empty() || y.is_empty() {
                0
            } else {
                x.len().max(y.len())
            };
            let is_list = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_));
            for i in 0..n {
                let (p, q) = (&x[i.min(x.len() - 1)], &y[i.min(y.len() - 1)]);
                // Lists order by their elements' `<=>`, which is a list (not
                // an order) for an element that is a list itself.
                if is_list(p) || is_list(q) {
                    return None;
                }
                match compare(p, q, env)? {
                    Ok(Ordering::Equal) => {}
                    other => return Some(other),
                }
            }
            return Some(Ok(Ordering::Equal));
        }
        (Value::List(x) | Value::Tuple(x), _) => {
            for p in x.iter() {
                match compare(p, b, env)? {
                    Ok(Ordering::Equal) => {}
                    other => return Some(other),
                }
            }
            return Some(Ok(Ordering::Equal));
        }
        (_, Value::List(y) | Value::Tuple(y)) => {
            for q in y.iter() {
                match compare(a, q, env)? {
                    Ok(Ordering::Equal) => {}
                    other => return Some(other),
                }
            }
            return Some(Ok(Ordering::Equal));
        }
        // Dictionary entries (what sorting a dictionary sees): key, then value.
        (Value::ColonList(x), Value::ColonList(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match compare(p, q, env)? {
                    Ok(Ordering::Equal) => {}
                    other => return Some(other),
                }
            }
            return Some(Ok(x.len().cmp(&y.len())));
        }
        _ => {}
    }
    // A string that can't be encoded is an error, not "different".
    let num = |v: &Value| match numeric(v, env) {
        Ok(n) => Some(Ok(n)),
        Err(f) if matches!(v, Value::Str(_)) && !f.none => Some(Err(f)),
        Err(_) => None,
    };
    let x = match num(a)? {
        Ok(x) => x,
        Err(f) => return Some(Err(f)),
    };
    let y = match num(b)? {
        Ok(y) => y,
        Err(f) => return Some(Err(f)),
    };
    Some(match (&x, &y) {
        (Value::Float(_), _) | (_, Value::Float(_)) => {
            // An integer beyond a float's range is made one first, as in
            // 64tass: "floating point overflow", not "different".
            let p = match super::convert::to_float(&x, env) {
                Ok(p) => p,
                Err(f) => return Some(Err(f)),
            };
            let q = match super::convert::to_float(&y, env) {
                Ok(q) => q,
                Err(f) => return Some(Err(f)),
            };
            let approx = float_compare(p, q);
            let exact = p.partial_cmp(&q).unwrap_or(Ordering::Equal);
            if approx != exact {
                env.approximate(approx, exact);
            }
            Ok(approx)
        }
        _ => match (int::small(&x), int::small(&y)) {
            (Some(p), Some(q)) => Ok(p.cmp(&q)),
            _ => Ok(int::big(&x)?.cmp(&int::big(&y)?)),
        },
    })
}

/// Two sequences of different lengths met element by element (64tass's words).
pub fn cant_broadcast(a: usize, b: usize) -> Fault {
    Fault::new(format!(
        "operands could not be broadcast together with shapes {a} and {b}"
    ))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    /// An environment that notes what the operators tell it (the quick way
    /// tells it nothing, so the general way must not either).
    #[derive(Default)]
    struct Noting(RefCell<Vec<String>>);

    impl Env for Noting {
        fn encode(&self, s: &str) -> FResult<Vec<u8>> {
            Ok(s.as_bytes().to_vec())
        }
        fn code_value(&self, _: CodeRef) -> Value {
            Value::None
        }
        fn name_of(&self, _: u32) -> String {
            String::new()
        }
        fn approximate(&self, approx: Ordering, exact: Ordering) {
            self.0
                .borrow_mut()
                .push(format!("approximate {approx:?} {exact:?}"));
        }
        fn rounded(&self) {
            self.0.borrow_mut().push("rounded".into());
        }
        fn bool_misused(&self, msg: String) {
            self.0.borrow_mut().push(msg);
        }
    }

    /// Integers at the edges of bytes, words, 32 and 64 bits, and the shift
    /// widths (each with its neighbours and negative).
    fn ints() -> Vec<i64> {
        let mut edges: Vec<i64> =
            vec![0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256];
        edges.extend([32767, 32768, 65535, 65536, 0xff_ffff, 1 << 24]);
        edges.extend([i32::MAX as i64, 1 << 31, u32::MAX as i64, 1 << 32, 1 << 40]);
        edges.extend([1 << 52, 1 << 53, 1 << 62, i64::MAX - 1, i64::MAX]);
        let mut out = Vec::new();
        for e in edges {
            for v in [e.saturating_sub(1), e, e.saturating_add(1)] {
                out.extend([v, v.wrapping_neg()]);
            }
        }
        out.extend([i64::MIN, i64::MIN + 1, 65, 129, 0x1234_5678, -0x1234_5678]);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Bit strings of several lengths (zero-length ones too), plain and
    /// inverted (`~$ff`).
    fn bits() -> Vec<Bits> {
        let mut out = Vec::new();
        for (val, len) in [
            (0, 0),
            (0, 1),
            (1, 1),
            (5, 3),
            (0, 8),
            (1, 8),
            (0x20, 8),
            (0x7f, 8),
            (0x80, 8),
            (0xff, 8),
            (0x100, 12),
            (0x1234, 16),
            (0xffff, 16),
            (0x8000, 16),
            (0xff_ffff, 24),
            (0x8000_0000, 32),
            (0xffff_ffff, 32),
            (1 << 40, 48),
            (i64::MAX as u64, 63),
            (1 << 63, 64),
            (u64::MAX, 64),
        ] {
            out.extend([Bits::new(val, len), Bits::new(val, len).invert()]);
        }
        out
    }

    fn agree(general: &FResult<Value>, quick: &Value) -> bool {
        matches!(general, Ok(g) if g.type_name() == quick.type_name() && super::super::same(g, quick))
    }

    /// What the quick way gives for an integer or a bit string with an
    /// integer or a bit string is what the general way gives (kind, value,
    /// no error and nothing noted), for every operator it takes.
    #[test]
    fn quick_int_and_bits_operators_are_the_general_ones() {
        let mut vals: Vec<Value> = ints().into_iter().map(Value::Int).collect();
        vals.extend(bits().into_iter().map(Value::Bits));
        let mut mismatches = Vec::new();
        for op in crate::syntax::compiled::BINOPS {
            let mut taken = 0;
            for a in &vals {
                for b in &vals {
                    // A power with a result of thousands of bits is the same
                    // `int::int_op` either way, only slow.
                    if op == BinOp::Exp
                        && int::small(b).is_some_and(|e| e > 64 && e < 1 << 26)
                        && int::small(a).is_some_and(|x| !(-1..=1).contains(&x))
                    {
                        continue;
                    }
                    let Some(quick) = int_or_bits_quick(op, a, b) else {
                        continue;
                    };
                    taken += 1;
                    let env = Noting::default();
                    let general = binary_general(op, a, b, &env);
                    if !agree(&general, &quick) || !env.0.borrow().is_empty() {
                        mismatches.push(format!(
                            "{a:?} {op:?} {b:?}: quick {quick:?}, general {general:?} {:?}",
                            env.0.borrow()
                        ));
                    }
                }
            }
            // The comparisons, arithmetic, bitwise operators and shifts are
            // taken on most pairs; the other operators never.
            let comparison = matches!(
                op,
                BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Cmp
            );
            if comparison || is_arith(op) || is_shift(op) {
                assert!(taken > 10_000, "{op:?} taken {taken} times");
            } else {
                assert_eq!(taken, 0, "{op:?}");
            }
        }
        assert!(
            mismatches.is_empty(),
            "{} mismatches:\n{}",
            mismatches.len(),
            mismatches[..mismatches.len().min(40)].join("\n")
        );
    }

    /// What `binary_quick` answers (integers, bit strings, a code label
    /// plus or minus an integer, offsets at the edges) is what the general
    /// way gives, with nothing noted; code labels with other operators or
    /// other values, and bools, floats and strings, are left to it.
    #[test]
    fn quick_binary_is_the_general_one() {
        let mut vals: Vec<Value> = ints().into_iter().map(Value::Int).collect();
        vals.extend(bits().into_iter().map(Value::Bits));
        for offs in [-(1 << 30), -(1 << 30) + 1, -(1 << 29), -1, 0, 1, 3, 1 << 29] {
            for offs in [offs, (1 << 30) - 1 - offs.max(0)] {
                vals.push(Value::Code(CodeRef {
                    id: super::super::CodeId(7),
                    offs,
                }));
            }
        }
        vals.extend([Value::Bool(true), Value::Float(1.5), Value::Str("a".into())]);
        let (mut codes, mut mismatches) = (0, Vec::new());
        for op in crate::syntax::compiled::BINOPS {
            for a in &vals {
                for b in &vals {
                    let code = matches!(a, Value::Code(_)) || matches!(b, Value::Code(_));
                    // Integers and bit strings are `int_or_bits_quick`'s (its
                    // own test compares it with the general way).
                    if !code {
                        continue;
                    }
                    let Some(quick) = binary_quick(op, a, b) else {
                        continue;
                    };
                    codes += 1;
                    assert!(matches!(op, BinOp::Add | BinOp::Sub), "{a:?} {op:?} {b:?}");
                    let env = Noting::default();
                    let general = binary(op, a, b, &env);
                    if !agree(&general, &quick) || !env.0.borrow().is_empty() {
                        mismatches.push(format!("{a:?} {op:?} {b:?}: {quick:?} {general:?}"));
                    }
                }
            }
        }
        // Each code label with each small integer, both ways for `+`.
        assert!(codes > 16 * 100, "{codes}");
        assert!(
            mismatches.is_empty(),
            "{}",
            mismatches[..mismatches.len().min(40)].join("\n")
        );
    }

    /// A byte operator of an integer the short way is what the general
    /// way gives (kind, value, nothing noted); other operators and values
    /// are left to it.
    #[test]
    fn int_bytes_are_the_general_ones() {
        for op in [
            UnOp::Lower,
            UnOp::Higher,
            UnOp::Bank,
            UnOp::Word,
            UnOp::HWord,
            UnOp::BSWord,
        ] {
            for i in ints() {
                let v = Value::Int(i);
                let quick = int_byte(op, &v).expect("an integer's byte");
                let env = Noting::default();
                let general = unary(op, &v, &env);
                assert!(agree(&general, &quick), "{op:?} {i}: {quick:?} {general:?}");
                assert!(env.0.borrow().is_empty(), "{op:?} {i}");
            }
            for b in bits() {
                let v = Value::Bits(b);
                let quick = int_byte(op, &v).expect("a bit string's byte");
                let env = Noting::default();
                let general = unary(op, &v, &env);
                assert!(
                    agree(&general, &quick),
                    "{op:?} {v:?}: {quick:?} {general:?}"
                );
                assert!(env.0.borrow().is_empty(), "{op:?} {v:?}");
            }
            assert!(int_byte(op, &Value::Bool(true)).is_none(), "{op:?}");
            assert!(int_byte(op, &Value::Float(1.5)).is_none(), "{op:?}");
        }
        for op in [
            UnOp::Neg,
            UnOp::Pos,
            UnOp::Inv,
            UnOp::Not,
            UnOp::DecStr,
            UnOp::TasmLow,
        ] {
            assert!(int_byte(op, &Value::Int(5)).is_none(), "{op:?}");
            assert!(
                int_byte(op, &Value::Bits(Bits::new(5, 8))).is_none(),
                "{op:?}"
            );
        }
    }

    /// Shift counts beyond what the quick way computes directly (negative,
    /// 64 and more, beyond 32 bits): same results or the same refusal.
    #[test]
    fn quick_shifts_by_odd_counts_are_the_general_ones() {
        let counts: Vec<Value> = [-65, -64, -63, -1, 0, 62, 63, 64, 65, 127, 128, 200]
            .into_iter()
            .chain([i32::MAX as i64, i32::MIN as i64, 1 << 31, -(1 << 31) - 1])
            .map(Value::Int)
            .chain(bits().into_iter().map(Value::Bits))
            .collect();
        let env = Noting::default();
        for op in [BinOp::Shl, BinOp::Shr] {
            for a in ints() {
                let a = Value::Int(a);
                for b in &counts {
                    let general = binary_general(op, &a, b, &env);
                    match int_or_bits_quick(op, &a, b) {
                        Some(quick) => assert!(
                            agree(&general, &quick),
                            "{a:?} {op:?} {b:?}: quick {quick:?}, general {general:?}"
                        ),
                        // Declined: the general way answers, as before.
                        None => assert!(general.is_err(), "{a:?} {op:?} {b:?}: {general:?}"),
                    }
                }
            }
        }
        assert!(env.0.borrow().is_empty());
    }
}
