//! Built-in functions (`len`, `range`, `format`, `sin`, ...) that compute
//! on their arguments alone, and the helpers of the type conversions.
//! Numeric functions apply element-wise to lists, as in 64tass. Those that
//! read the assembler's state are in [`super::functions`].

use crate::syntax::ast::BinOp;
use crate::value::convert::{
    describe, has_no_number, numeric, to_bool, to_float, to_int, to_ival, to_uval,
};
use crate::value::repr::{c_float, repr, to_str};
use crate::value::{self, BigBits, Builtin, Env, FResult, Fault, Value, int};

/// A call's argument count against what the callee takes, in 64tass's words.
pub fn arg_count(got: usize, min: usize, max: usize) -> FResult<()> {
    if (min..=max).contains(&got) {
        return Ok(());
    }
    Err(Fault::new(argnum_message(got, min, max)))
}

/// 64tass's words for `got` arguments where `min` to `max` are taken:
/// "expected exactly 2 arguments, got 3", "expected no arguments, got 1".
pub fn argnum_message(got: usize, min: usize, max: usize) -> String {
    let (how, n) = if min == max {
        (if min == 0 { "" } else { "exactly " }, min)
    } else if got < min {
        ("at least ", min)
    } else {
        ("at most ", max)
    };
    let what = match n {
        0 => "no arguments".to_string(),
        1 => "one argument".to_string(),
        n => format!("{n} arguments"),
    };
    // 64tass says how many it got unless it got none.
    match got {
        0 => format!("expected {how}{what}"),
        got => format!("expected {how}{what}, got {got}"),
    }
}

/// How many arguments a built-in function takes (least, most).
pub fn arity(b: Builtin) -> (usize, usize) {
    match b {
        Builtin::Pow | Builtin::Hypot | Builtin::Atan2 => (2, 2),
        Builtin::Range | Builtin::Binary => (1, 3),
        Builtin::Random => (0, 3),
        Builtin::Format => (1, usize::MAX),
        _ => (1, 1),
    }
}

/// Apply `f` to a value, element by element through lists and tuples.
/// An element that fails holds its error (64tass keeps it in the list),
/// unless the error is one reported at once.
pub fn map1(v: &Value, f: &dyn Fn(&Value) -> FResult<Value>) -> FResult<Value> {
    let each = |items: &[Value]| -> FResult<Vec<Value>> {
        items
            .iter()
            .map(|x| value::convert::keep_lazy(map1(x, f)))
            .collect()
    };
    match v {
        Value::List(items) => Ok(Value::list(each(items)?)),
        Value::Tuple(items) => Ok(Value::tuple(each(items)?)),
        // 64tass maps over a dictionary's `key:value` entries.
        Value::Dict(d) => map1(&d.entries(), f),
        Value::None | Value::Error(_) => Ok(v.clone()),
        _ => f(v),
    }
}

/// A function of several arguments applied element by element, as 64tass
/// broadcasts `format`, `pow`, `hypot` and `atan2`: each list, tuple or
/// dictionary (its `key:value` entries) among the arguments is taken element
/// by element, all of one length, but for one of a single element, which
/// stands for that element (`format("%s%s", (1, 2), (3, 4))` is `("13",
/// "24")`); the result is a tuple when the first of them is (or holds as its
/// one element) a tuple, else a list.
pub fn broadcast(vals: &[&Value], f: &dyn Fn(&[&Value]) -> FResult<Value>) -> FResult<Value> {
    with_sequences(vals, &|seqs| broadcast_seqs(vals, seqs, f))
}

/// Each argument's elements, `None` for one that is not a sequence.
type Sequences<'a> = [Option<&'a [Value]>];

/// `f` given each argument's elements (a dictionary's entries), `None` for
/// one that is not a sequence.
fn with_sequences<R>(vals: &[&Value], f: &dyn Fn(&Sequences) -> R) -> R {
    let entries: smallvec::SmallVec<[Option<Value>; 3]> = vals
        .iter()
        .map(|v| match v {
            Value::Dict(d) => Some(d.entries()),
            _ => None,
        })
        .collect();
    let seqs: smallvec::SmallVec<[Option<&[Value]>; 3]> = vals
        .iter()
        .zip(&entries)
        .map(|(v, e)| e.as_ref().unwrap_or(v).elements())
        .collect();
    f(&seqs)
}

fn broadcast_seqs(
    vals: &[&Value],
    seqs: &Sequences,
    f: &dyn Fn(&[&Value]) -> FResult<Value>,
) -> FResult<Value> {
    let len = match shared_len(seqs) {
        Ok(len) => len,
        Err((len, j)) => {
            return Err(crate::value::ops::cant_broadcast(
                len,
                seqs[j].map_or(1, <[_]>::len),
            ));
        }
    };
    let Some(k) = seqs.iter().position(Option::is_some) else {
        return f(vals);
    };
    let tuple = match seqs[k] {
        Some([one]) => matches!(one, Value::Tuple(_)),
        _ => matches!(vals[k], Value::Tuple(_)),
    };
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let args: smallvec::SmallVec<[&Value; 3]> = (0..vals.len())
            .map(|j| match seqs[j] {
                Some([one]) => one,
                Some(seq) => &seq[i],
                None => vals[j],
            })
            .collect();
        out.push(value::convert::keep_lazy(broadcast(&args, f))?);
    }
    Ok(if tuple {
        Value::tuple(out)
    } else {
        Value::list(out)
    })
}

/// The length sequences broadcast together share (1 if all have one
/// element), or the length so far and the index of the one that differs.
fn shared_len(seqs: &Sequences) -> Result<usize, (usize, usize)> {
    let mut len = 1;
    for (j, seq) in seqs.iter().enumerate() {
        let Some(seq) = seq else { continue };
        if seq.len() != 1 && seq.len() != len {
            if len != 1 {
                return Err((len, j));
            }
            len = seq.len();
        }
    }
    Ok(len)
}

/// Which argument [`broadcast`] can't fit to the others (64tass reports
/// the failure there).
pub fn broadcast_misfit(vals: &[&Value]) -> Option<usize> {
    with_sequences(vals, &|seqs| shared_len(seqs).err().map(|(_, j)| j))
}

/// The integer value of a numeric operand (bool, int, bits).
pub fn int_of(n: &Value, env: &dyn Env) -> FResult<Value> {
    match int::int_value(n) {
        Some(v) => Ok(v),
        None => Ok(Value::int(to_int(n, env)?)),
    }
}

/// `bits(v, n)` and `bytes(v, n)`: `v` as a bit string (numbers in their
/// shortest form, negative ones inverted) of `|n|` bits or bytes, as 64tass
/// checks it: a string must not be longer, a signed one (`n` < 0) must also
/// hold its value; numbers must not be negative for an unsigned size.
pub fn sized_bits(v: &Value, width: Option<i128>, bytes: bool, env: &dyn Env) -> FResult<BigBits> {
    let n = numeric(v, env)?;
    let b = match &n {
        Value::Float(f) => {
            BigBits::from_bigint(&int::big(&int::from_f64_trunc(*f)?).unwrap_or_default())
        }
        Value::Int(_) | Value::BigInt(_) => BigBits::from_bigint(&int::big(&n).unwrap_or_default()),
        other => BigBits::of(other).ok_or_else(|| Fault::new("can't get bits"))?,
    };
    let Some(w) = width else {
        return Ok(b);
    };
    let unit = if bytes { 8 } else { 1 };
    let bits = u32::try_from(w.unsigned_abs() * unit)
        .ok()
        .filter(|&l| l as u64 <= value::bits::MAX_BITS)
        .ok_or_else(value::bits::too_long)?;
    let number = matches!(n, Value::Int(_) | Value::BigInt(_) | Value::Float(_));
    if w >= 0 && number && b.inv {
        return Err(Fault::new(format!(
            "value needs to be non-negative {}",
            describe(v, env)
        )));
    }
    let fits = b.len <= bits && (w >= 0 || b.val.bits() < bits as u64);
    if !fits {
        return Err(Fault::new(format!(
            "too large for a {} {} {} integer {}",
            w.unsigned_abs(),
            if bytes { "byte" } else { "bit" },
            if w < 0 { "signed" } else { "unsigned" },
            describe(v, env)
        )));
    }
    Ok(BigBits::new(b.val, bits, b.inv))
}

/// `all(v)` / `any(v)`: over the bits of a bit string, the bytes of a
/// string, the truth of a list's elements (nested lists recursively, so
/// `all([[]])` is true), else the truth of the value itself.
fn all_any(v: &Value, all: bool, env: &dyn Env, warned: &mut bool) -> FResult<bool> {
    // A label is its address here (a bit string: `all(label)` asks whether
    // all its bits are set), not the bytes at it.
    if let Value::Code(c) = v {
        return all_any(&env.code_value(*c), all, env, warned);
    }
    if let Some(bits) = BigBits::of(v).filter(|_| !matches!(v, Value::Bool(_))) {
        let ones = if bits.inv {
            bits.val.bits() == 0
        } else {
            bits.val.count_ones() == bits.len as u64
        };
        // 64tass: any() of an inverted bit string is true unless it is empty.
        return Ok(match (all, bits.inv) {
            (true, _) => ones,
            (false, true) => bits.len > 0,
            (false, false) => bits.val.bits() > 0,
        });
    }
    let bytes = match v {
        Value::Str(s) => Some(env.encode(s)?),
        _ => v.read_bytes().map(|b| b.into_owned()),
    };
    if let Some(bytes) = bytes {
        return Ok(if all {
            bytes.iter().all(|&x| x != 0)
        } else {
            bytes.iter().any(|&x| x != 0)
        });
    }
    if let Value::Dict(d) = v {
        return all_any(&d.entries(), all, env, warned);
    }
    let Some(items) = v.elements() else {
        return to_bool(v, env);
    };
    // An element that fails only counts if no other decides the answer.
    let mut failed = None;
    for x in items {
        let t = if x.elements().is_some() {
            all_any(x, all, env, warned)
        } else {
            // The first element that is not a bool (`-Wstrict-bool`).
            if !matches!(x, Value::Bool(_)) && !*warned {
                *warned = true;
                env.bool_misused(format!("can't get boolean value of {}", describe(x, env)));
            }
            to_bool(x, env)
        };
        match t {
            Ok(t) if t != all => return Ok(t),
            Ok(_) => {}
            Err(f) if f.eager => return Err(f),
            Err(f) => {
                failed.get_or_insert(f);
            }
        }
    }
    failed.map_or(Ok(all), Err)
}

pub fn real(f: f64) -> FResult<Value> {
    if f.is_finite() {
        Ok(Value::Float(f))
    } else {
        Err(Fault::new("floating point overflow"))
    }
}

fn math1(v: &Value, env: &dyn Env, f: fn(f64) -> FResult<f64>) -> FResult<Value> {
    map1(v, &|x| {
        // A value out of the function's domain is named, as 64tass names it
        // ("square root of negative number int '-1'").
        let y = f(to_float(x, env)?)
            .map_err(|e| Fault::new(format!("{} {}", e.msg, describe(x, env))))?;
        real(y)
    })
}

fn in_unit(x: f64) -> FResult<f64> {
    if (-1.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(Fault::new("not in range -1.0 to 1.0"))
    }
}

/// Little-endian bytes of a number (`byte()`, `word()`, `addr()`, ...).
fn int_bytes(v: &Value, size: u32, signed: bool, env: &dyn Env) -> FResult<Value> {
    let bits = size * 8;
    // 64tass reports these at once (see `Fault::eager`).
    let n = if signed {
        to_ival(v, bits, env).map_err(Fault::eager)? as u64
    } else {
        to_uval(v, bits, env).map_err(Fault::eager)?
    };
    Ok(Value::Bytes(
        (0..size)
            .map(|i| (n >> (8 * i)) as u8)
            .collect::<Vec<u8>>()
            .into(),
    ))
}

/// The value of built-in function `b` of `vals`, for the functions that
/// need nothing but them (the others read code, files or the random state,
/// which the assembler has: see `functions.rs`).
pub fn value(b: Builtin, vals: &[&Value], env: &dyn Env) -> FResult<Value> {
    match b {
        Builtin::Abs => {
            map1(vals[0], &|x| match numeric(x, env) {
                // 64tass: the absolute value of a gap is the gap.
                _ if matches!(x, Value::Gap) => Ok(Value::Gap),
                _ if has_no_number(x) => Err(Fault::new(format!(
                    "can't get absolute value of {}",
                    describe(x, env)
                ))),
                Err(f) => Err(f),
                Ok(Value::Bool(b)) => {
                    env.bool_misused(format!("can't get absolute value of {}", describe(x, env)));
                    Ok(Value::Int(b as i64))
                }
                // 64tass keeps -0.0 (it is not below zero).
                Ok(Value::Float(f)) => Ok(Value::Float(if f >= 0.0 { f } else { -f })),
                Ok(n) => match int::big(&n) {
                    Some(i) => Ok(int::from_big(num_traits::Signed::abs(&i))),
                    None => Ok(Value::int(to_int(&n, env)?.abs())),
                },
            })
        }
        Builtin::Sign => map1(vals[0], &|x| {
            if has_no_number(x) {
                return Err(Fault::new(format!(
                    "can't get sign of {}",
                    describe(x, env)
                )));
            }
            Ok(Value::Int(match numeric(x, env)? {
                Value::Bool(b) => {
                    env.bool_misused(format!("can't get sign of {}", describe(x, env)));
                    b as i64
                }
                Value::Float(f) => (f > 0.0) as i64 - (f < 0.0) as i64,
                n => match int::big(&n) {
                    Some(i) => int::signum(&i),
                    None => to_int(&n, env)?.signum() as i64,
                },
            }))
        }),
        Builtin::Floor | Builtin::Ceil | Builtin::Round | Builtin::Trunc => {
            map1(vals[0], &|x| match numeric(x, env) {
                // 64tass: a gap rounds to itself.
                _ if matches!(x, Value::Gap) => Ok(Value::Gap),
                Err(f) => Err(f),
                Ok(Value::Float(f)) => real(match b {
                    Builtin::Floor => f.floor(),
                    Builtin::Ceil => f.ceil(),
                    Builtin::Round => f.round(),
                    _ => f.trunc(),
                }),
                Ok(n) => int_of(&n, env),
            })
        }
        Builtin::Frac => map1(vals[0], &|x| match numeric(x, env) {
            // Not a number: as 64tass says it for a gap or a function.
            Err(_) if has_no_number(x) => real(to_float(x, env)?),
            Err(f) => Err(f),
            Ok(Value::Float(f)) => real(f.fract()),
            // An integer is made a float first: one beyond a float's range
            // overflows, as in 64tass.
            Ok(n) => real(to_float(&n, env)?.fract()),
        }),
        Builtin::Sqrt => math1(vals[0], env, |x| {
            if x < 0.0 {
                Err(Fault::new("square root of negative number"))
            } else {
                Ok(x.sqrt())
            }
        }),
        Builtin::Cbrt => math1(vals[0], env, |x| Ok(glibc_cbrt(x))),
        Builtin::Log | Builtin::Log10 => {
            let ten = b == Builtin::Log10;
            map1(vals[0], &|x| {
                let f = to_float(x, env)?;
                if f <= 0.0 {
                    return Err(Fault::new(format!(
                        "logarithm of non-positive number {}",
                        describe(x, env)
                    )));
                }
                real(if ten { f.log10() } else { f.ln() })
            })
        }
        Builtin::Exp => math1(vals[0], env, |x| Ok(x.exp())),
        Builtin::Sin => math1(vals[0], env, |x| Ok(x.sin())),
        Builtin::Cos => math1(vals[0], env, |x| Ok(x.cos())),
        Builtin::Tan => math1(vals[0], env, |x| Ok(x.tan())),
        Builtin::Asin => math1(vals[0], env, |x| Ok(in_unit(x)?.asin())),
        Builtin::Acos => math1(vals[0], env, |x| Ok(in_unit(x)?.acos())),
        Builtin::Atan => math1(vals[0], env, |x| Ok(x.atan())),
        Builtin::Sinh => math1(vals[0], env, |x| Ok(x.sinh())),
        Builtin::Cosh => math1(vals[0], env, |x| Ok(x.cosh())),
        Builtin::Tanh => math1(vals[0], env, |x| Ok(x.tanh())),
        Builtin::Rad => {
            // 64tass's order of operations (not Rust's one-constant form).
            math1(vals[0], env, |x| Ok(x * std::f64::consts::PI / 180.0))
        }
        Builtin::Deg => math1(vals[0], env, |x| Ok(x * 180.0 / std::f64::consts::PI)),
        Builtin::Pow | Builtin::Hypot | Builtin::Atan2 => broadcast(vals, &|pq| {
            if let Some(e) = pq.iter().find(|v| matches!(v, Value::Error(_))) {
                return Ok((*e).clone());
            }
            let p = to_float(pq[0], env)?;
            let q = to_float(pq[1], env)?;
            real(match b {
                Builtin::Pow => {
                    if p < 0.0 && q.fract() != 0.0 {
                        return Err(Fault::new("negative number raised on fractional power"));
                    }
                    if p == 0.0 && q < 0.0 {
                        return Err(Fault::new("zero raised to negative power"));
                    }
                    p.powf(q)
                }
                Builtin::Hypot => p.hypot(q),
                _ => p.atan2(q),
            })
        }),
        Builtin::Range => {
            // 64tass: 32-bit signed bounds and step.
            let ints: Vec<i128> = vals
                .iter()
                .map(|v| value::convert::to_ival(v, 32, env).map(i128::from))
                .collect::<FResult<_>>()?;
            let (start, end, step) = match ints.as_slice() {
                [e] => (0, *e, 1),
                [s, e] => (*s, *e, 1),
                [s, e, t] => (*s, *e, *t),
                _ => unreachable!(),
            };
            if step == 0 {
                return Err(Fault::new("zero value not allowed"));
            }
            let n = if step > 0 {
                (end - start + step - 1) / step
            } else {
                (start - end - step - 1) / -step
            };
            if n > 1 << 24 {
                return Err(Fault::new("range too large"));
            }
            let mut out = Vec::with_capacity(n.max(0) as usize);
            let mut i = start;
            while (step > 0 && i < end) || (step < 0 && i > end) {
                out.push(Value::int(i));
                i += step;
            }
            Ok(Value::list(out))
        }
        Builtin::Repr => map1(vals[0], &|x| {
            value::convert::deep_error(x)?;
            Ok(Value::str(&repr(x, env)))
        }),
        Builtin::Format => format(vals, env),
        Builtin::All | Builtin::Any => {
            all_any(vals[0], b == Builtin::All, env, &mut false).map(Value::Bool)
        }
        Builtin::Byte
        | Builtin::Char
        | Builtin::Word
        | Builtin::Sint
        | Builtin::Long
        | Builtin::Lint
        | Builtin::Dword
        | Builtin::Dint => {
            // The data directives' conversions (`is_data_conversion`): (bytes, signed).
            let (len, signed) = match b {
                Builtin::Byte => (1, false),
                Builtin::Char => (1, true),
                Builtin::Word => (2, false),
                Builtin::Sint => (2, true),
                Builtin::Long => (3, false),
                Builtin::Lint => (3, true),
                Builtin::Dword => (4, false),
                _ => (4, true),
            };
            // Like their range errors, an error among the elements at once.
            value::convert::deep_error(vals[0]).map_err(Fault::eager)?;
            // A value out of range is reported at once and zero bytes go on
            // (64tass: `sint(32768)` is `x'0000'` after its error).
            map1(vals[0], &|x| match int_bytes(x, len, signed, env) {
                Err(f) if !f.none && env.report_and_go_on(&f) => {
                    Ok(Value::Bytes(vec![0; len as usize].into()))
                }
                r => r,
            })
        }
        Builtin::Sort => {
            // 64tass gives anything but a list or tuple back as it is
            // (a dictionary: its entries).
            let entries;
            let v = match vals[0] {
                // Nothing to order: the dictionary itself.
                Value::Dict(d) if d.pairs.len() < 2 => {
                    return Ok(vals[0].clone());
                }
                Value::Dict(d) => {
                    entries = d.entries();
                    &entries
                }
                v => v,
            };
            let Some(items) = v.elements() else {
                return Ok(vals[0].clone());
            };
            let mut sorted: Vec<Value> = items.to_vec();
            let mut err = None;
            merge_sort_by(&mut sorted, &mut |a, b| {
                // 64tass compares with `<=>`, which `-Wstrict-bool` reports
                // where a bool is compared.
                value::ops::note_bool_operand(BinOp::Cmp, a, b, env);
                match value::compare(a, b, env) {
                    Some(Ok(o)) => o,
                    Some(Err(f)) => {
                        err.get_or_insert(f);
                        std::cmp::Ordering::Equal
                    }
                    None => {
                        err.get_or_insert_with(|| value::not_possible(BinOp::Cmp, a, b, env));
                        std::cmp::Ordering::Equal
                    }
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
            Ok(if matches!(vals[0], Value::List(_)) {
                Value::list(sorted)
            } else {
                Value::tuple(sorted)
            })
        }
        // These read code, files or the random state: the assembler
        // computes them (`functions.rs`) and never asks here.
        Builtin::Len
        | Builtin::Size
        | Builtin::Addr
        | Builtin::Rta
        | Builtin::Binary
        | Builtin::Random => Err(Fault::new(format!(
            "{}() needs the assembler",
            crate::value::builtins::builtin_name(b)
        ))),
    }
}

/// `format("...", values)`: C-style conversions as 64tass implements them.
pub fn format(vals: &[&Value], env: &dyn Env) -> FResult<Value> {
    let Some((fmt, rest)) = vals.split_first() else {
        return Err(Fault::new("format: expected at least 1 argument, got 0"));
    };
    if vals
        .iter()
        .any(|v| v.elements().is_some() || matches!(v, Value::Dict(_)))
    {
        return broadcast(vals, &|args| format(args, env));
    }
    let fmt = match fmt {
        Value::Str(s) => s.clone(),
        Value::None => return Ok(Value::None),
        other => return Err(Fault::new(format!("wrong type {}", describe(other, env)))),
    };
    let (mut taken, mut stopped) = (0usize, None::<Fault>);
    let mut out = String::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let start = i - 1;
        let Some(spec) = conversion_spec(&chars, &mut i) else {
            return Err(Fault::new("format character expected"));
        };
        let Spec {
            conv,
            mut left,
            zero,
            plus,
            space,
            alt,
            width_spec,
            prec_spec,
        } = spec;
        // `%%`; a `%` after anything is an unknown conversion.
        if conv == '%' && i == start + 2 {
            out.push('%');
            continue;
        }
        if !"dxXbcrseEfFgG".contains(conv) {
            // 64tass reports an unknown conversion at its character in the
            // string and goes on: the conversion's text is kept as it is
            // and its arguments are taken.
            let f = Fault {
                char_index: Some(i - 1),
                ..Fault::new(format!("unknown format character '{conv}'"))
            }
            .eager();
            if !env.report_and_go_on(&f) {
                return Err(f);
            }
            taken += 1 + usize::from(width_spec.is_none()) + usize::from(prec_spec.is_none());
            out.extend(&chars[start..i]);
            continue;
        }
        // 64tass takes no `*` argument for %c (and ignores the `*`).
        let (width_spec, prec_spec) = if conv == 'c' {
            (width_spec.or(Some(None)), prec_spec.or(Some(Some(0))))
        } else {
            (width_spec, prec_spec)
        };
        // The value, then a `*` width's and a `*` precision's arguments; every
        // conversion counts them, even past one missing or failing.
        let mut take = || {
            taken += 1;
            rest.get(taken - 1).copied()
        };
        let arg = take();
        let width_arg = width_spec.is_none().then(&mut take);
        let prec_arg = prec_spec.is_none().then(&mut take);
        let mut piece_of = |arg: Option<&Value>,
                            width_arg: Option<Option<&Value>>,
                            prec_arg: Option<Option<&Value>>|
         -> FResult<String> {
            let missing = || Fault::new("format: not enough arguments");
            let arg = arg.ok_or_else(missing)?;
            value::convert::error_of(arg)?;
            // A value not known yet (an earlier pass) is taken as 64tass takes
            // it, as no value: `%d` and `%x` are "0", `%c` is `?`, `%s` no
            // text, a `*` width or precision 0.
            let known = |v: &Value| {
                if v.is_none() {
                    Value::Int(0)
                } else {
                    v.clone()
                }
            };
            let unknown;
            let arg = if arg.is_none() {
                unknown = stand_in(conv, true);
                &unknown
            } else {
                arg
            };
            let width = match width_arg {
                None => width_spec.flatten().unwrap_or(0),
                Some(w) => {
                    let w = to_int(&known(w.ok_or_else(missing)?), env)?;
                    left |= w < 0;
                    usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX)
                }
            };
            let prec = match prec_arg {
                None => prec_spec.flatten(),
                Some(p) => usize::try_from(to_int(&known(p.ok_or_else(missing)?), env)?).ok(),
            };
            let sign_of = |negative: bool| match () {
                _ if negative => "-",
                _ if plus => "+",
                _ if space => " ",
                _ => "",
            };
            let (sign, body) = match conv {
                'd' | 'x' | 'X' | 'b' => {
                    if has_no_number(arg) {
                        return Err(Fault::new(format!(
                            "conversion of {} to int is not possible",
                            describe(arg, env)
                        )));
                    }
                    // Floats are cut toward zero.
                    let n = match numeric(arg, env)? {
                        Value::Float(f) => int::big(&int::from_f64_trunc(f)?),
                        n => int::big(&n),
                    }
                    .ok_or_else(|| Fault::new(format!("wrong type {}", describe(arg, env))))?;
                    let negative = num_traits::Signed::is_negative(&n);
                    let mag = n.magnitude();
                    let digits = match conv {
                        'd' => mag.to_string(),
                        'x' => mag.to_str_radix(16),
                        'X' => mag.to_str_radix(16).to_uppercase(),
                        _ => mag.to_str_radix(2),
                    };
                    let digits = match prec {
                        Some(p) if digits.len() < p => {
                            format!("{}{digits}", "0".repeat(p - digits.len()))
                        }
                        _ => digits,
                    };
                    let prefix = match (alt, conv) {
                        (true, 'x' | 'X') => "$",
                        (true, 'b') => "%",
                        _ => "",
                    };
                    (format!("{}{prefix}", sign_of(negative)), digits)
                }
                'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                    let f = to_float(arg, env)?;
                    // 64tass tests `f < 0`: -0.0 keeps its sign in the
                    // digits, after any `+` or space (`%+g` gives `+-0`).
                    let s = c_float(if f < 0.0 { -f } else { f }, conv, prec.unwrap_or(6), alt);
                    (sign_of(f < 0.0).to_string(), s)
                }
                'c' => {
                    let n = to_int(arg, env)?;
                    let ch = u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| {
                            Fault::new(format!("not a character {}", describe(arg, env)))
                        })?;
                    let s = if prec == Some(0) {
                        String::new()
                    } else {
                        ch.to_string()
                    };
                    (String::new(), s)
                }
                's' | 'r' => {
                    value::convert::deep_error(arg).map_err(Fault::eager)?;
                    let mut s = if conv == 's' {
                        to_str(arg, env)
                    } else {
                        repr(arg, env)
                    };
                    if let Some(p) = prec {
                        s = s.chars().take(p).collect();
                    }
                    (String::new(), s)
                }
                other => return Err(Fault::new(format!("unknown format character '{other}'"))),
            };
            let len = sign.chars().count() + body.chars().count();
            let pad = width.saturating_sub(len);
            // 64tass pads with zeros for every conversion, on the right too.
            let fill = if zero { '0' } else { ' ' };
            let mut piece = String::new();
            if left {
                piece.push_str(&sign);
                piece.push_str(&body);
                piece.extend(std::iter::repeat_n(fill, pad));
            } else if zero {
                piece.push_str(&sign);
                piece.extend(std::iter::repeat_n('0', pad));
                piece.push_str(&body);
            } else {
                piece.extend(std::iter::repeat_n(' ', pad));
                piece.push_str(&sign);
                piece.push_str(&body);
            }
            Ok(piece)
        };
        let piece = piece_of(arg, width_arg, prec_arg);
        // A conversion that fails (its value missing or not one it takes)
        // makes the text of a stand-in in 64tass, which goes on: no digits,
        // 0, 0.0, `?` or no text, a `*` width or precision 0.
        if piece.is_err() {
            let stand_in = stand_in(conv, false);
            let zero = Value::Int(0);
            let star = |a: Option<Option<&Value>>| a.map(|_| Some(&zero));
            if let Ok(text) = piece_of(Some(&stand_in), star(width_arg), star(prec_arg)) {
                out.push_str(&text);
            }
        }
        match piece {
            Ok(piece) => out.push_str(&piece),
            _ if stopped.is_some() => {}
            Err(f) => stopped = Some(f),
        }
    }
    // 64tass counts the arguments its conversions asked for, and names the
    // string among them: a count that differs is the error, before any
    // conversion's own, reported at once; the text made goes on.
    if taken != rest.len() {
        let f = Fault::new(argnum_message(vals.len(), taken + 1, taken + 1)).eager();
        if env.report_and_go_on(&f) {
            return Ok(Value::str(&out));
        }
        return Err(f);
    }
    match stopped {
        // 64tass reports a conversion that failed at once, and the text
        // made goes on.
        Some(f) if !f.none => {
            let f = f.eager();
            if env.report_and_go_on(&f) {
                Ok(Value::str(&out))
            } else {
                Err(f)
            }
        }
        Some(f) => Err(f),
        None => Ok(Value::str(&out)),
    }
}

/// A `format` conversion's flags, width and precision, as 64tass reads them
/// (in any order until the conversion's character).
struct Spec {
    /// The conversion's character (one not known is reported where it is).
    conv: char,
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    /// `None`: a `*` (its argument taken after the value); `Some(None)`: none.
    width_spec: Option<Option<usize>>,
    prec_spec: Option<Option<usize>>,
}

/// Read a conversion from after its `%` to its character (`i` left after
/// it), the way 64tass does: a flag after the `.`, a second `.` or `*`, a
/// digit after a `*` or a number too long ends it at that character (then
/// an unknown one). None at the string's end.
fn conversion_spec(chars: &[char], i: &mut usize) -> Option<Spec> {
    let (mut left, mut zero, mut plus, mut space, mut alt, mut dot) =
        (false, false, false, false, false, false);
    let (mut width, mut prec, mut star_w, mut star_p) =
        (None::<usize>, None::<usize>, false, false);
    let conv = loop {
        let c = *chars.get(*i)?;
        *i += 1;
        match c {
            ' ' | '#' | '+' | '-' if !dot => match c {
                ' ' => space = true,
                '#' => alt = true,
                '+' => plus = true,
                _ => left = true,
            },
            '*' if dot && prec.is_none() => (prec, star_p) = (Some(0), true),
            '*' if !dot && width.is_none() => (width, star_w) = (Some(0), true),
            '.' if !dot => {
                dot = true;
                width.get_or_insert(0);
            }
            '0' if width.is_none() => zero = true,
            '0'..='9' => {
                let d = c as usize - '0' as usize;
                let n = match (dot, star_p, star_w) {
                    (true, false, _) => &mut prec,
                    (false, _, false) => &mut width,
                    _ => break c,
                };
                let v = n.unwrap_or(0) * 10 + d;
                *n = Some(v);
                if v >= 100_000 {
                    break c;
                }
            }
            _ => break c,
        }
    };
    Some(Spec {
        conv,
        left,
        zero,
        plus,
        space,
        alt,
        width_spec: if star_w { None } else { Some(width) },
        prec_spec: match (star_p, dot) {
            (true, _) => None,
            (false, true) => Some(Some(prec.unwrap_or(0))),
            (false, false) => Some(None),
        },
    })
}

/// What a `format` conversion `conv` makes its text of in 64tass when its
/// value is not known yet (`unknown`: `%d` gives "0") or fails (`%d` gives
/// no digits): 0, 0.0, `?` or no text.
fn stand_in(conv: char, unknown: bool) -> Value {
    match conv {
        'd' if unknown => Value::Int(0),
        'x' | 'X' | 'b' => Value::Int(0),
        'e' | 'E' | 'f' | 'F' | 'g' | 'G' => Value::Float(0.0),
        'c' => Value::Int(63),
        _ => Value::str(""),
    }
}

/// A stable top-down merge sort that compares the pairs 64tass's sort (glibc's
/// `qsort`, a merge sort) compares, in the same order: which pair fails first
/// decides the error when elements can't be compared.
fn merge_sort_by<T: Clone>(v: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> std::cmp::Ordering) {
    if v.len() <= 1 {
        return;
    }
    let mid = v.len() / 2;
    merge_sort_by(&mut v[..mid], cmp);
    merge_sort_by(&mut v[mid..], cmp);
    let (left, right) = (v[..mid].to_vec(), v[mid..].to_vec());
    let (mut i, mut j) = (0, 0);
    for slot in v.iter_mut() {
        let take_left = j == right.len() || (i < left.len() && cmp(&left[i], &right[j]).is_le());
        if take_left {
            *slot = left[i].clone();
            i += 1;
        } else {
            *slot = right[j].clone();
            j += 1;
        }
    }
}

/// The cube root as glibc computes it (64tass calls the C library's `cbrt`):
/// a polynomial first guess and one rational refinement, up to one unit in
/// the last place from the true root, where Rust's `cbrt` is closer. Checked
/// against the C library on 200,000 random values; `cbrt_is_glibcs` keeps some.
#[allow(clippy::excessive_precision, clippy::unreadable_literal)]
fn glibc_cbrt(x: f64) -> f64 {
    const CBRT2: f64 = 1.2599210498948731648;
    const SQR_CBRT2: f64 = 1.5874010519681994748;
    const FACTOR: [f64; 5] = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2];
    if x == 0.0 || !x.is_finite() {
        return x + x;
    }
    // frexp: |x| = xm * 2^xe with xm in [0.5, 1).
    let (mut a, mut xe) = (x.abs(), 0i32);
    if a < f64::MIN_POSITIVE {
        a *= 2f64.powi(54);
        xe -= 54;
    }
    let bits = a.to_bits();
    xe += ((bits >> 52) & 0x7ff) as i32 - 1022;
    let xm = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    let u = 0.354895765043919860
        + ((1.50819193781584896
            + ((-2.11499494167371287
                + ((2.44693122563534430
                    + ((-1.83469277483613086
                        + (0.784932344976639262 - 0.145263899385486377 * xm) * xm)
                        * xm))
                    * xm))
                * xm))
            * xm);
    let t2 = u * u * u;
    let ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * FACTOR[(2 + xe % 3) as usize];
    // ldexp by xe / 3 (truncated, as C divides): a power of two, exact.
    let scale = f64::from_bits(((xe / 3 + 1023) as u64) << 52);
    if x > 0.0 { ym * scale } else { -ym * scale }
}

#[cfg(test)]
mod tests {
    use super::glibc_cbrt;

    #[test]
    fn cbrt_is_glibcs() {
        // Values the C library gives (Debian's glibc 2.36), bit for bit.
        for (x, bits) in [
            (228_427.0, 0x404e_908b_9f9a_7d22_u64),
            (27.0, 0x4008_0000_0000_0001),
            (-2.0, 0xbff4_28a2_f98d_728c),
            (0.001, 0x3fb9_9999_9999_999a),
            (1e-310, 0x2a7a_9d1b_0b5d_7428),
            (1e300, 0x54b2_49ad_2594_c37d),
        ] {
            assert_eq!(glibc_cbrt(x).to_bits(), bits, "cbrt({x})");
        }
        assert!(glibc_cbrt(f64::NAN).is_nan());
        assert_eq!(glibc_cbrt(f64::INFINITY), f64::INFINITY);
    }
}
