//! Integers as 64tass has them: no width limit. The common case is an `i64`
//! (`Value::Int`, no allocation, computed in `i128` so sums and products of
//! two of them can't overflow); a result beyond 64 bits becomes a
//! `Value::BigInt` backed by `num-bigint`, the well-kept arbitrary-precision
//! crate (exact floor division, two's-complement bitwise operators and
//! shifts, decimal conversion), so c64kit doesn't carry its own bignum code.
//! A `BigInt` never holds a value that fits an `i64`.

use std::rc::Rc;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::Value;
use super::bits::MAX_BITS;
use super::convert::{FResult, Fault};
use crate::syntax::ast::BinOp;

/// An `i128` in its smallest form.
pub fn from_i128(v: i128) -> Value {
    match i64::try_from(v) {
        Ok(i) => Value::Int(i),
        Err(_) => Value::BigInt(Rc::new(BigInt::from(v))),
    }
}

/// A big integer in its smallest form.
pub fn from_big(v: BigInt) -> Value {
    match v.to_i64() {
        Some(i) => Value::Int(i),
        None => Value::BigInt(Rc::new(v)),
    }
}

/// The value of an integer-like operand (bool, int, bits) if it is small.
pub fn small(v: &Value) -> Option<i128> {
    match v {
        Value::Bool(b) => Some(*b as i128),
        Value::Int(i) => Some(*i as i128),
        Value::Bits(b) => Some(b.to_i128()),
        _ => None,
    }
}

/// The value of any integer-like operand (bool, int, bits) in the general form.
pub fn big(v: &Value) -> Option<BigInt> {
    match v {
        Value::BigInt(b) => Some((**b).clone()),
        Value::BigBits(b) => Some(b.to_bigint()),
        _ => small(v).map(BigInt::from),
    }
}

pub fn too_wide() -> Fault {
    Fault::new("integer too large (c64kit supports 2^26 bits)")
}

fn division_by_zero() -> Fault {
    Fault::new("division by zero")
}

/// How an integer-like operand is quoted in messages (`int '5'`, `bits '$0f'`).
fn describe(v: &Value) -> String {
    match v {
        Value::Bool(b) => format!("bool '{b}'"),
        Value::Int(i) => format!("int '{i}'"),
        Value::BigInt(i) => format!("int '{i}'"),
        Value::Bits(b) => format!("bits '{}'", b.repr()),
        Value::BigBits(b) => format!("bits '{}'", b.repr()),
        _ => v.type_name().to_string(),
    }
}

/// A shift amount: 64tass takes a 32-bit signed integer.
pub fn shift_amount(v: &Value) -> FResult<i64> {
    match small(v) {
        Some(n) if i32::try_from(n).is_ok() => Ok(n as i64),
        _ => Err(Fault::new(format!(
            "too large for a 32 bit signed integer {}",
            describe(v)
        ))),
    }
}

/// An arithmetic, bitwise or shift operator on two integers (bools and bit
/// strings count as their integer values). `None` for other operators and
/// operands.
pub fn int_op(op: BinOp, x: &Value, y: &Value) -> Option<FResult<Value>> {
    if matches!(op, BinOp::Shl | BinOp::Shr) {
        // An integer-like `x` (what `big` takes), without making a big one.
        if !matches!(x, Value::BigInt(_) | Value::BigBits(_)) && small(x).is_none() {
            return None;
        }
        let n = match shift_amount(y) {
            Ok(n) => n,
            Err(f) => return Some(Err(f)),
        };
        let n = if op == BinOp::Shl { n } else { -n };
        return Some(shift(x, n));
    }
    if let (Some(a), Some(b)) = (small(x), small(y))
        && let Some(r) = small_op(op, a, b)
    {
        return Some(r);
    }
    big_op(op, big(x)?, big(y)?)
}

/// `x >> y` for a negative integer of more than one 32-bit digit that a
/// symbol holds: 64tass 1.58 then shifts exactly (rounding toward negative
/// infinity); its digit-by-digit shortcut (`negative_shr`) only runs on a
/// value just computed (`v >> 30` is -4 for `v = -(1 << 32)`, while
/// `-(1 << 32) >> 30` is -8 there). `None` when the usual rules apply.
pub fn stored_shr(x: &Value, y: &Value) -> Option<FResult<Value>> {
    if !matches!(x, Value::Int(_) | Value::BigInt(_)) || small(x).is_some_and(|a| a > -(1 << 32)) {
        return None;
    }
    let n = match shift_amount(y) {
        Ok(n) if n > 0 => n,
        Ok(_) => return None,
        Err(f) => return Some(Err(f)),
    };
    Some(Ok(from_big(big(x)? >> n as u64)))
}

/// `x << n` (right for a negative `n`, rounding toward negative infinity).
fn shift(x: &Value, n: i64) -> FResult<Value> {
    if let Some(a) = small(x) {
        if n < 0 {
            // One 32-bit digit: exact (see `negative_shr` for more).
            if a > -(1 << 32) {
                return Ok(from_i128(a >> (-n).min(127)));
            }
        } else if a == 0 {
            return Ok(Value::Int(0));
        } else if n < 127 && (a.unsigned_abs().leading_zeros() as i64) > n {
            return Ok(from_i128(a << n));
        }
    }
    let a = big(x).unwrap_or_default();
    if n >= 0 {
        if a.bits() + n as u64 > MAX_BITS {
            return Err(too_wide());
        }
        Ok(from_big(a << n as u64))
    } else if a.sign() == Sign::Minus {
        Ok(from_big(negative_shr(&a, n.unsigned_abs())))
    } else {
        Ok(from_big(a >> n.unsigned_abs()))
    }
}

/// `a >> s` for a negative `a` of more than one 32-bit digit, digit for
/// digit as 64tass 1.58 computes it: `-(((|a| - 1) >> s) + 1)`, except that
/// for a shift by less than 32 the borrow of `|a| - 1` goes on to the next
/// digit when the shifted digit came out zero rather than when the digit
/// was zero (so `-(1 << 40) >> 25` is -32896, not -32768; fitted to 64tass
/// 1.58 on 1,200 random cases; shifts by 32 or more are exact there).
fn negative_shr(a: &BigInt, s: u64) -> BigInt {
    let m = a.magnitude().to_u32_digits();
    let word = (s / 32) as usize;
    let bit = (s % 32) as u32;
    if m.len() <= word {
        return BigInt::from(-1);
    }
    let v1 = &m[word..];
    let sz = v1.len();
    let mut c = m[..word].iter().all(|&d| d == 0);
    let mut v = vec![0u32; sz];
    if bit != 0 {
        let mut c2 = true;
        for i in 0..sz - 1 {
            if c {
                v[i] = v1[i].wrapping_sub(1) >> bit;
                c = if word == 0 { v[i] == 0 } else { v1[i] == 0 };
            } else {
                v[i] = v1[i] >> bit;
            }
            let next = if c {
                v1[i + 1].wrapping_sub(1)
            } else {
                v1[i + 1]
            };
            v[i] |= next << (32 - bit);
            if c2 {
                v[i] = v[i].wrapping_add(1);
                c2 = v[i] == 0;
            }
        }
        let i = sz - 1;
        v[i] = if c { v1[i].wrapping_sub(1) } else { v1[i] } >> bit;
        if c2 {
            v[i] = v[i].wrapping_add(1);
        }
    } else if c {
        v.copy_from_slice(v1);
    } else {
        v.copy_from_slice(v1);
        for d in v.iter_mut() {
            *d = d.wrapping_add(1);
            if *d != 0 {
                break;
            }
        }
    }
    -BigInt::from_slice(Sign::Plus, &v)
}

/// The fast path; `None` when the result may not fit (or for other operators).
fn small_op(op: BinOp, a: i128, b: i128) -> Option<FResult<Value>> {
    Some(Ok(from_i128(match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a.checked_mul(b)?,
        BinOp::Div => {
            if b == 0 {
                return Some(Err(division_by_zero()));
            }
            Integer::div_floor(&a, &b)
        }
        BinOp::Mod => {
            if b == 0 {
                return Some(Err(division_by_zero()));
            }
            Integer::mod_floor(&a, &b)
        }
        BinOp::Exp => {
            if b < 0 {
                return None;
            }
            a.checked_pow(u32::try_from(b).ok()?)?
        }
        BinOp::Or | BinOp::Xor | BinOp::And if a.abs() < 1 << 32 && b.abs() < 1 << 32 => {
            one_digit_bitwise(op, a, b)
        }
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::And => a & b,
        _ => return None,
    })))
}

/// `|`, `^`, `&` of two integers of one 32-bit digit each as 64tass 1.58
/// computes them: in 32-bit two's complement, the sign decided by the
/// operands' signs, so a result that needs more bits wraps
/// (`-3912054866 & -2147483648` is 0).
fn one_digit_bitwise(op: BinOp, a: i128, b: i128) -> i128 {
    let (n1, n2) = (a < 0, b < 0);
    let (x, y) = (a as u32, b as u32); // two's complement, low 32 bits
    let (c, neg) = match op {
        BinOp::Or => (x | y, n1 || n2),
        BinOp::Xor => (x ^ y, n1 != n2),
        _ => (x & y, n1 && n2),
    };
    if neg {
        -(c.wrapping_neg() as i128)
    } else {
        c as i128
    }
}

fn big_op(op: BinOp, a: BigInt, b: BigInt) -> Option<FResult<Value>> {
    Some(match op {
        BinOp::Add => Ok(from_big(a + b)),
        BinOp::Sub => Ok(from_big(a - b)),
        BinOp::Mul => {
            if a.bits() + b.bits() > MAX_BITS {
                Err(too_wide())
            } else {
                Ok(from_big(a * b))
            }
        }
        BinOp::Div if b.is_zero() => Err(division_by_zero()),
        BinOp::Mod if b.is_zero() => Err(division_by_zero()),
        BinOp::Div => Ok(from_big(a.div_floor(&b))),
        BinOp::Mod => Ok(from_big(a.mod_floor(&b))),
        BinOp::Exp => power(a, b),
        BinOp::Or => Ok(from_big(a | b)),
        BinOp::Xor => Ok(from_big(a ^ b)),
        BinOp::And => Ok(from_big(a & b)),
        _ => return None,
    })
}

/// `a ** b`: exact for a non-negative exponent, a float for a negative one.
fn power(a: BigInt, b: BigInt) -> FResult<Value> {
    if b.is_negative() {
        if a.is_zero() {
            return Err(Fault::new("zero raised to negative power"));
        }
        let r = to_f64(&a)?.powf(b.to_f64().unwrap_or(f64::NEG_INFINITY));
        return Ok(Value::Float(r));
    }
    if a.is_zero() {
        return Ok(Value::Int(b.is_zero() as i64));
    }
    if a.is_one() {
        return Ok(Value::Int(1));
    }
    if a == -BigInt::one() {
        return Ok(Value::Int(if b.is_even() { 1 } else { -1 }));
    }
    let e = match b.to_u64() {
        Some(e) if e.saturating_mul(a.bits()) <= MAX_BITS => e,
        _ => return Err(too_wide()),
    };
    Ok(from_big(a.pow(e as u32)))
}

/// A big integer as a float; 64tass reports an overflow beyond the double range.
pub fn to_f64(v: &BigInt) -> FResult<f64> {
    let f = uint_to_f64(v.magnitude());
    if !f.is_finite() {
        return Err(Fault::new("floating point overflow"));
    }
    Ok(if v.sign() == Sign::Minus { -f } else { f })
}

/// An integer as a float the way 64tass converts it: its 32-bit digits
/// summed from the lowest up (each sum rounded), not correctly rounded.
pub fn uint_to_f64(m: &num_bigint::BigUint) -> f64 {
    let mut digits = m.iter_u32_digits();
    let mut d = digits.next().unwrap_or(0) as f64;
    for (i, g) in digits.enumerate() {
        d += ldexp(g as f64, 32 * (i as i32 + 1));
    }
    d
}

/// A float's integer part (toward zero) as an exact integer.
pub fn from_f64_trunc(f: f64) -> FResult<Value> {
    if !f.is_finite() {
        return Err(Fault::new("floating point overflow"));
    }
    let t = f.trunc();
    if t.abs() < 9.0e18 {
        return Ok(Value::Int(t as i64));
    }
    num_traits::FromPrimitive::from_f64(t)
        .map(from_big)
        .ok_or_else(|| Fault::new("floating point overflow"))
}

/// A float rounded down to an exact integer.
pub fn from_f64_floor(f: f64) -> FResult<Value> {
    from_f64_trunc(f.floor())
}

/// `-x` of a big integer (or of `i64::MIN`).
pub fn negate(v: &Value) -> Option<Value> {
    match v {
        Value::Int(i) => Some(from_i128(-(*i as i128))),
        Value::BigInt(b) => Some(from_big(-(**b).clone())),
        _ => None,
    }
}

/// The sign of a big integer: -1, 0 or 1.
pub fn signum(v: &BigInt) -> i64 {
    match v.sign() {
        Sign::Minus => -1,
        Sign::NoSign => 0,
        Sign::Plus => 1,
    }
}

/// The integer value of a bool, int or bit string, in its smallest form.
pub fn int_value(v: &Value) -> Option<Value> {
    match v {
        Value::Int(_) | Value::BigInt(_) => Some(v.clone()),
        Value::BigBits(b) => Some(from_big(b.to_bigint())),
        _ => small(v).map(from_i128),
    }
}

/// C's `frexp`: `x = m * 2^e` with `0.5 <= |m| < 1` (`(0, 0)` for zero).
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), -64) // subnormal: normalize first
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, e + bias)
}

/// C's `ldexp`: `x * 2^e`, scaled in steps that stay exact.
pub fn ldexp(mut x: f64, mut e: i32) -> f64 {
    while e != 0 && x != 0.0 && x.is_finite() {
        let step = e.clamp(-1000, 1000);
        x *= f64::from_bits(((step + 1023) as u64) << 52); // 2^step, exactly
        e -= step;
    }
    x
}

/// `|`, `^`, `&` of floats as 64tass 1.58 computes them: both scaled to
/// 63-bit integers at the larger one's exponent (the smaller one's low bits
/// are lost), combined in two's complement, and scaled back.
pub fn float_bitwise(op: BinOp, a: f64, b: f64) -> FResult<f64> {
    let (r1, e1) = frexp(a);
    let (r2, e2) = frexp(b);
    let (neg1, neg2) = (r1 < 0.0, r2 < 0.0);
    let (e, s1, s2) = if e1 > e2 {
        (e1 - 63, 63, 63 - (e1 - e2))
    } else {
        (e2 - 63, 63 - (e2 - e1), 63)
    };
    // C's conversion truncates toward zero (in 1.58 a negative operand
    // that truncates to 0 stays 0: `1.0 | -1e-300` is -3.0).
    let (v1, v2) = (ldexp(r1.abs(), s1) as u64, ldexp(r2.abs(), s2) as u64);
    let (n1, n2) = (v1.wrapping_neg(), v2.wrapping_neg());
    let (v, neg) = match op {
        BinOp::And => (
            match (neg1, neg2) {
                (true, true) => !(n1 & n2),
                (true, false) => n1 & v2,
                (false, true) => v1 & n2,
                (false, false) => v1 & v2,
            },
            neg1 && neg2,
        ),
        BinOp::Or => (
            match (neg1, neg2) {
                (true, true) => !(n1 | n2),
                (true, false) => !(n1 | v2),
                (false, true) => !(v1 | n2),
                (false, false) => v1 | v2,
            },
            neg1 || neg2,
        ),
        _ => (
            match (neg1, neg2) {
                (true, true) => n1 ^ n2,
                (true, false) => !(n1 ^ v2),
                (false, true) => !(v1 ^ n2),
                (false, false) => v1 ^ v2,
            },
            neg1 != neg2,
        ),
    };
    let r = ldexp(v as f64, e);
    Ok(if neg { -r } else { r })
}
