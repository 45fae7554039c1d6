//! Sequences: character strings, byte strings, bit strings, lists, tuples and
//! dictionaries — indexing, slicing, `..`, `x` and `in`.

use std::rc::Rc;

use super::bits::BigBits;
use super::convert::{Env, FResult, Fault, describe, error_of, keep_lazy, numeric, to_ival};
use super::ops::not_possible;
use super::{Bits, Dict, Value};
use crate::syntax::ast::BinOp;

/// `len(v)` for the types that have one.
pub fn len_of(v: &Value, env: &dyn Env) -> FResult<usize> {
    Ok(match v {
        Value::Str(s) => s.chars().count(),
        Value::Bytes(b) | Value::InvBytes(b) => b.len(),
        Value::Bits(b) => b.len as usize,
        Value::BigBits(b) => b.len as usize,
        Value::List(x) | Value::Tuple(x) => x.len(),
        Value::Dict(d) => d.pairs.len(),
        _ => {
            return Err(Fault::new(format!(
                "can't get length of {}",
                describe(v, env)
            )));
        }
    })
}

/// One index argument: a position, a slice or a list of positions.
enum Sel {
    One(usize),
    Many(Vec<usize>),
}

/// An index or a slice's bound: a 32-bit signed number, as 64tass reads it
/// (`[1, 2][1e10]` is "too large for a 32 bit signed integer"; a 32-bit
/// bit string is its two's complement, `$ffffffff` the last element).
fn index_int(v: &Value, env: &dyn Env) -> FResult<i128> {
    to_ival(v, 32, env).map(|i| i as i32 as i128)
}

fn position(i: i128, len: usize) -> FResult<usize> {
    let j = if i < 0 { i + len as i128 } else { i };
    if j < 0 || j >= len as i128 {
        return Err(Fault::new(format!("index out of range int '{i}'")));
    }
    Ok(j as usize)
}

fn slice(parts: &[Value], len: usize, env: &dyn Env) -> FResult<Vec<usize>> {
    let get = |i: usize| -> FResult<Option<i128>> {
        match parts.get(i) {
            None | Some(Value::Default) => Ok(None),
            Some(v) => index_int(v, env).map(Some),
        }
    };
    let step = get(2)?.unwrap_or(1);
    if step == 0 {
        return Err(Fault::new("zero value not allowed"));
    }
    let n = len as i128;
    let clamp = |v: i128, lo: i128, hi: i128| v.max(lo).min(hi);
    let fix = |v: i128| if v < 0 { v + n } else { v };
    let mut out = Vec::new();
    if step > 0 {
        let start = get(0)?.map_or(0, |s| clamp(fix(s), 0, n));
        let end = get(1)?.map_or(n, |e| clamp(fix(e), 0, n));
        let mut i = start;
        while i < end {
            out.push(i as usize);
            i += step;
        }
    } else {
        let start = get(0)?.map_or(n - 1, |s| clamp(fix(s), -1, n - 1));
        let end = get(1)?.map_or(-1, |e| clamp(fix(e), -1, n - 1));
        let mut i = start;
        while i > end {
            out.push(i as usize);
            i += step;
        }
    }
    Ok(out)
}

fn selection(arg: &IndexArg, len: usize, env: &dyn Env) -> FResult<Sel> {
    match arg {
        IndexArg::Slice(parts) => Ok(Sel::Many(slice(parts, len, env)?)),
        IndexArg::Value(v) => match v.elements() {
            Some(items) => Ok(Sel::Many(
                items
                    .iter()
                    .map(|x| position(index_int(x, env)?, len))
                    .collect::<FResult<_>>()?,
            )),
            None => Ok(Sel::One(position(index_int(v, env)?, len)?)),
        },
    }
}

/// An index argument as the evaluator hands it over.
pub enum IndexArg {
    Value(Value),
    Slice(Vec<Value>),
}

/// `v[args...]`: one argument per axis of nested lists.
pub fn index(v: &Value, args: &[IndexArg], env: &dyn Env) -> FResult<Value> {
    let Some((first, rest)) = args.split_first() else {
        return Ok(v.clone());
    };
    let deeper = |x: &Value| -> FResult<Value> {
        if rest.is_empty() {
            Ok(x.clone())
        } else {
            index(x, rest, env)
        }
    };
    match v {
        // A list of positions or keys picks element by element; one that
        // fails is an error element (64tass keeps it until it is used).
        Value::List(items) | Value::Tuple(items)
            if let IndexArg::Value(w) = first
                && let Some(picks) = w.elements() =>
        {
            let out: Vec<Value> = picks
                .iter()
                .map(|p| {
                    keep_lazy(
                        index_int(p, env)
                            .and_then(|i| position(i, items.len()))
                            .and_then(|i| deeper(&items[i])),
                    )
                })
                .collect::<FResult<_>>()?;
            Ok(seq_like(v, out))
        }
        Value::Dict(d)
            if let IndexArg::Value(w) = first
                && let Some(keys) = w.elements() =>
        {
            let out: Vec<Value> = keys
                .iter()
                .map(|k| keep_lazy(dict_lookup(d, k, env).and_then(|x| deeper(&x))))
                .collect::<FResult<_>>()?;
            // A list whatever the keys came in, as 64tass.
            Ok(Value::list(out))
        }
        Value::List(items) | Value::Tuple(items) => {
            let list = matches!(v, Value::List(_));
            match selection(first, items.len(), env)? {
                Sel::One(i) => deeper(&items[i]),
                Sel::Many(ix) => {
                    let out: Vec<Value> = ix
                        .iter()
                        .map(|&i| keep_lazy(deeper(&items[i])))
                        .collect::<FResult<_>>()?;
                    Ok(if list {
                        Value::list(out)
                    } else {
                        Value::tuple(out)
                    })
                }
            }
        }
        Value::Str(s) => {
            let chars: Vec<char> = s.chars().collect();
            let picked: String = match selection(first, chars.len(), env)? {
                Sel::One(i) => chars[i].to_string(),
                Sel::Many(ix) => ix.iter().map(|&i| chars[i]).collect(),
            };
            only_one_axis(rest)?;
            Ok(Value::str(&picked))
        }
        Value::Bytes(b) | Value::InvBytes(b) => {
            // The bytes of an inverted byte string read complemented.
            let flip = if matches!(v, Value::InvBytes(_)) {
                0xff
            } else {
                0
            };
            let picked: Vec<u8> = match selection(first, b.len(), env)? {
                Sel::One(i) => vec![b[i] ^ flip],
                Sel::Many(ix) => ix.iter().map(|&i| b[i] ^ flip).collect(),
            };
            only_one_axis(rest)?;
            Ok(Value::Bytes(picked.into()))
        }
        Value::Bits(b) => {
            only_one_axis(rest)?;
            Ok(match selection(first, b.len as usize, env)? {
                Sel::One(i) => Value::Bits(Bits::from_bool(b.bit(i as u64))),
                Sel::Many(ix) => {
                    let ix: Vec<u64> = ix.iter().map(|&i| i as u64).collect();
                    BigBits::from(*b).pick(&ix).into_value()
                }
            })
        }
        Value::BigBits(b) => {
            only_one_axis(rest)?;
            Ok(match selection(first, b.len as usize, env)? {
                Sel::One(i) => Value::Bits(Bits::from_bool(b.bit(i as u64))),
                Sel::Many(ix) => {
                    let ix: Vec<u64> = ix.iter().map(|&i| i as u64).collect();
                    b.pick(&ix).into_value()
                }
            })
        }
        Value::Dict(d) => {
            let IndexArg::Value(key) = first else {
                return Err(Fault::new("dictionaries can't be sliced"));
            };
            deeper(&dict_lookup(d, key, env)?)
        }
        _ => Err(Fault::new(format!(
            "indexing '[]' of {} not possible",
            describe(v, env)
        ))),
    }
}

/// A list if `like` is one, else a tuple.
fn seq_like(like: &Value, items: Vec<Value>) -> Value {
    if matches!(like, Value::List(_)) {
        Value::list(items)
    } else {
        Value::tuple(items)
    }
}

/// `dict[key]`: the value, or "key not in dictionary".
fn dict_lookup(d: &Dict, key: &Value, env: &dyn Env) -> FResult<Value> {
    dict_get(d, key, env)?
        .ok_or_else(|| Fault::new(format!("key not in dictionary {}", describe(key, env))))
}

fn only_one_axis(rest: &[IndexArg]) -> FResult<()> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(Fault::new("too many index dimensions"))
    }
}

pub fn dict_get(d: &Dict, key: &Value, env: &dyn Env) -> FResult<Option<Value>> {
    for (k, v) in &d.pairs {
        if matches!(
            super::ops::binary(BinOp::Eq, k, key, env)?,
            Value::Bool(true)
        ) && k.type_of() == key.type_of()
        {
            // A key alone gives itself (64tass).
            return Ok(Some(v.as_ref().unwrap_or(k).clone()));
        }
    }
    Ok(d.default.clone())
}

/// `needle in haystack`: a bool, except that, as in 64tass, an element
/// compared with a list gives a list (`5 == [0, 5]` is `[false, true]`), and
/// when no element equals the needle the last such list is the result.
/// With `not` set, `needle !in haystack`. In a list 64tass compares
/// `needle == element` (`needle != element`), so its messages name the
/// needle first.
pub fn contains_or_not(
    haystack: &Value,
    needle: &Value,
    not: bool,
    env: &dyn Env,
) -> FResult<Value> {
    if let Value::Symbol(name, _) = needle
        && let Some(found) = env.has_member(haystack, *name)
    {
        return found.map(|f| Value::Bool(f != not));
    }
    error_of(haystack)?;
    let found = match haystack {
        // An error (in the needle or an element) only counts if nothing
        // decided: 64tass compares element by element (and an element that
        // is a list compares element-wise, giving a list).
        Value::List(items) | Value::Tuple(items) => {
            let (compare, undecided) = if not {
                (BinOp::Ne, true)
            } else {
                (BinOp::Eq, false)
            };
            let mut result = Value::Bool(undecided);
            let mut failed = None;
            for x in items.iter() {
                match super::ops::binary(compare, needle, x, env)? {
                    Value::Bool(b) if b != undecided => return Ok(Value::Bool(b)),
                    Value::Bool(_) => {}
                    Value::Error(f) => {
                        failed.get_or_insert(f);
                    }
                    list => result = list,
                }
            }
            return match failed {
                Some(f) if matches!(result, Value::Bool(b) if b == undecided) => Err((*f).clone()),
                _ => Ok(result),
            };
        }
        Value::Dict(d) if d.pairs.is_empty() => Ok(false),
        _ if matches!(needle, Value::Error(_)) => error_of(needle).map(|_| false),
        Value::Str(s) => match needle {
            Value::Str(n) => Ok(s.contains(n.as_ref())),
            _ => Err(not_possible(BinOp::In, needle, haystack, env)),
        },
        Value::Bytes(_) | Value::InvBytes(_) => {
            match (needle.read_bytes(), haystack.read_bytes()) {
                (Some(n), Some(b)) => {
                    Ok(n.is_empty() || b.windows(n.len()).any(|w| w == n.as_ref()))
                }
                _ => Err(not_possible(BinOp::In, needle, haystack, env)),
            }
        }
        // Looking a key up hashes it whole: an error anywhere in it counts.
        Value::Dict(d) => {
            super::convert::deep_error(needle)?;
            Ok(d.pairs.iter().any(|(k, _)| super::same(k, needle)))
        }
        _ => Err(not_possible(BinOp::In, needle, haystack, env)),
    };
    found.map(|f| Value::Bool(f != not))
}

/// `a .. b`
pub fn concat(a: &Value, b: &Value, env: &dyn Env) -> FResult<Value> {
    Ok(match (a, b) {
        (Value::Str(x), Value::Str(y)) => Value::str(&format!("{x}{y}")),
        (Value::Bytes(x), Value::Bytes(y)) => {
            Value::Bytes([x.as_ref(), y.as_ref()].concat().into())
        }
        // With an inverted side, the result takes the first one's inversion.
        (Value::Bytes(_) | Value::InvBytes(_), Value::Bytes(_) | Value::InvBytes(_)) => {
            let ((x, xinv), (y, yinv)) = (
                a.as_bytes().unwrap_or_default(),
                b.as_bytes().unwrap_or_default(),
            );
            // An empty (not inverted) left side gives the right one as it is.
            if x.is_empty() && !xinv {
                return Ok(b.clone());
            }
            let flip = if xinv != yinv { 0xff } else { 0 };
            let mut out = x.to_vec();
            out.extend(y.iter().map(|&c| c ^ flip));
            Value::bytes(out, xinv)
        }
        // A string next to a byte string is its encoded bytes.
        (Value::Str(x), Value::Bytes(_) | Value::InvBytes(_)) => {
            concat(&Value::Bytes(env.encode(x)?.into()), b, env)?
        }
        (Value::Bytes(_) | Value::InvBytes(_), Value::Str(y)) => {
            concat(a, &Value::Bytes(env.encode(y)?.into()), env)?
        }
        // An empty left side gives the right one as it is (64tass: `[] ..
        // (1,)` is a tuple, so a list grown with `..=` from `[]` takes the
        // type of what is added first).
        (Value::List(x) | Value::Tuple(x), Value::List(_) | Value::Tuple(_)) if x.is_empty() => {
            b.clone()
        }
        // A list and a tuple join into the first one's type.
        (Value::List(x), Value::List(y) | Value::Tuple(y)) => {
            Value::list([x.as_ref(), y.as_ref()].concat())
        }
        (Value::Tuple(x), Value::List(y) | Value::Tuple(y)) => {
            Value::tuple([x.as_ref(), y.as_ref()].concat())
        }
        // A string or byte string next to a bit string (or bool) is its bits.
        (
            Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_),
            Value::Bits(_) | Value::BigBits(_) | Value::Bool(_),
        )
        | (
            Value::Bits(_) | Value::BigBits(_) | Value::Bool(_),
            Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_),
        ) => concat(&numeric(a, env)?, &numeric(b, env)?, env)?,
        (Value::Bits(x), Value::Bits(y)) if x.concat(*y).is_some() => {
            Value::Bits(x.concat(*y).unwrap_or(*x))
        }
        (
            Value::Bits(_) | Value::BigBits(_) | Value::Bool(_),
            Value::Bits(_) | Value::BigBits(_) | Value::Bool(_),
        ) => match (BigBits::of(a), BigBits::of(b)) {
            (Some(x), Some(y)) => x.concat(&y)?.into_value(),
            _ => return Err(not_possible(BinOp::Concat, a, b, env)),
        },
        (Value::Dict(x), Value::Dict(y)) => {
            let mut d = (**x).clone();
            for (k, v) in &y.pairs {
                d.put(k.clone(), v.clone());
            }
            if y.default.is_some() {
                d.default = y.default.clone();
            }
            Value::Dict(Rc::new(d))
        }
        (Value::None, _) | (_, Value::None) => Value::None,
        _ => {
            // 64tass encodes a string before it finds the types don't join:
            // a character it can't encode is reported (at once) instead.
            for v in [a, b] {
                if let Value::Str(s) = v {
                    env.encode(s)?;
                }
            }
            return Err(not_possible(BinOp::Concat, a, b, env));
        }
    })
}

/// `a x n`
pub fn repeat(a: &Value, n: &Value, env: &dyn Env) -> FResult<Value> {
    if matches!(a, Value::None) || matches!(n, Value::None) {
        return Ok(Value::None);
    }
    // 64tass: only a text, a list or a bit string repeats ("repeat 'x' of
    // int '3' not possible", naming the left alone); the count is any
    // unsigned number (a float, a string, a label's address).
    let cant_repeat = || {
        Fault::new(format!(
            "{} '{}' of {} not possible",
            BinOp::Repeat.name(),
            BinOp::Repeat.symbol(),
            describe(a, env)
        ))
    };
    if !repeats(a) {
        return Err(cant_repeat());
    }
    // 64tass: a 32-bit unsigned count.
    let count = super::convert::to_uval(n, 32, env)?;
    let too_big = || Fault::new("repetition too large");
    let count = usize::try_from(count).map_err(|_| too_big())?;
    let limit = |len: usize| {
        len.checked_mul(count)
            .filter(|&t| t <= 1 << 26)
            .ok_or_else(too_big)
    };
    Ok(match a {
        Value::Str(s) => {
            limit(s.len())?;
            Value::str(&s.repeat(count))
        }
        Value::Bytes(b) => {
            limit(b.len())?;
            Value::Bytes(b.repeat(count).into())
        }
        Value::InvBytes(b) => {
            limit(b.len())?;
            Value::InvBytes(b.repeat(count).into())
        }
        Value::List(x) => {
            limit(x.len())?;
            Value::list(x.iter().cycle().take(x.len() * count).cloned().collect())
        }
        Value::Tuple(x) => {
            limit(x.len())?;
            Value::tuple(x.iter().cycle().take(x.len() * count).cloned().collect())
        }
        Value::Bits(_) | Value::BigBits(_) => BigBits::of(a)
            .unwrap_or_else(|| BigBits::from(Bits::new(0, 0)))
            .repeat(count as u64)?
            .into_value(),
        _ => return Err(cant_repeat()),
    })
}

/// What `x` repeats: a string, a byte string, a list or tuple, a bit string.
pub fn repeats(v: &Value) -> bool {
    matches!(
        v,
        Value::Str(_)
            | Value::Bytes(_)
            | Value::InvBytes(_)
            | Value::List(_)
            | Value::Tuple(_)
            | Value::Bits(_)
            | Value::BigBits(_)
    )
}
