//! Conversions of values to numbers, truth values and bytes, with 64tass's
//! range rules and messages.

use super::bits::{BigBits, too_long};
use super::{CodeRef, Value, int};

/// A failed operation. `none` marks "a value is not known yet", which is only
/// an error once the assembler knows no further pass will define it.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    pub msg: String,
    pub none: bool,
    /// For a character a string can't hold: its index in the string, so the
    /// message can point at it.
    pub char_index: Option<usize>,
    /// Reported at once even inside a constant's value: 64tass reports these
    /// (encoding, `byte()`-style range, `format()` argument count errors)
    /// where they happen, while other errors stay in the value until used.
    pub eager: bool,
    /// Errors already located and kept by the assembler: an error value
    /// being used reports these instead of `msg`.
    pub kept: Option<Kept>,
}

/// The assembler's record of errors kept in a value (opaque here; freed
/// with the last value holding it).
#[derive(Clone)]
pub struct Kept(pub std::rc::Rc<dyn std::any::Any>);

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept(..)")
    }
}

impl PartialEq for Kept {
    fn eq(&self, other: &Kept) -> bool {
        std::rc::Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Fault {
    pub fn new(msg: impl Into<String>) -> Fault {
        Fault {
            msg: msg.into(),
            none: false,
            char_index: None,
            eager: false,
            kept: None,
        }
    }

    /// Errors the assembler kept (see `kept`).
    pub fn kept(errors: Kept) -> Fault {
        Fault {
            kept: Some(errors),
            ..Fault::new("")
        }
    }

    /// An operand was a forward reference not known yet.
    pub fn none() -> Fault {
        Fault {
            msg: "expression value is not known yet".into(),
            none: true,
            char_index: None,
            eager: false,
            kept: None,
        }
    }

    /// This fault, reported at once (see `eager`).
    pub fn eager(self) -> Fault {
        Fault {
            eager: true,
            ..self
        }
    }
}

pub type FResult<T> = Result<T, Fault>;

/// The error an error value holds, if `v` is one: using such a value
/// reports it (64tass keeps errors in values until they are used).
pub fn error_of(v: &Value) -> FResult<()> {
    match v {
        Value::Error(f) => Err((**f).clone()),
        _ => Ok(()),
    }
}

/// The first error value anywhere in `v` (in its elements, keys, ...): what
/// a function that looks at every part of a value (`repr`, `str`) reports.
pub fn deep_error(v: &Value) -> FResult<()> {
    match v {
        Value::Error(f) => Err((**f).clone()),
        Value::List(items) | Value::Tuple(items) => items.iter().try_for_each(deep_error),
        Value::Dict(d) => {
            for (k, x) in &d.pairs {
                deep_error(k)?;
                x.as_ref().map_or(Ok(()), deep_error)?;
            }
            d.default.as_ref().map_or(Ok(()), deep_error)
        }
        Value::Addr(a) => deep_error(&a.val),
        Value::ColonList(items) => items.iter().try_for_each(deep_error),
        _ => Ok(()),
    }
}

/// A failed element of a list operation as an element: 64tass keeps the
/// error in the result (`[1/0] + 1` is a list holding an error).
pub fn keep(r: FResult<Value>) -> Value {
    r.unwrap_or_else(|f| Value::Error(std::rc::Rc::new(f)))
}

/// As [`keep`], but an error reported at once (`Fault::eager`) stays one.
pub fn keep_lazy(r: FResult<Value>) -> FResult<Value> {
    match r {
        Err(f) if f.eager => Err(f),
        r => Ok(keep(r)),
    }
}

/// What conversions need from the assembler: the current text encoding and
/// the numeric value of labels.
pub trait Env {
    /// Encode a character string with the current encoding.
    fn encode(&self, s: &str) -> FResult<Vec<u8>>;
    /// The value a code object stands for in arithmetic (its address, typed
    /// like the program counter it was taken from).
    fn code_value(&self, code: CodeRef) -> Value;
    /// The text of an interned name (for symbol values).
    fn name_of(&self, name: u32) -> String;
    /// `.name in scope`: does the scope (a block, namespace, ...) define
    /// the name? `None` if the value has no scope.
    fn has_member(&self, _scope: &Value, _name: u32) -> Option<FResult<bool>> {
        None
    }
    /// Two floats compared only approximately equal, or only approximately
    /// different: `approx` is the order the comparison used, `exact` the
    /// order of the exact values (`-Wfloat-compare` decides if it matters).
    fn approximate(&self, _approx: std::cmp::Ordering, _exact: std::cmp::Ordering) {}
    /// A float with a fraction was rounded to an integer (`-Wfloat-round`).
    fn rounded(&self) {}
    /// A bool was used as a number or by an operator other than the
    /// logical ones (`-Wstrict-bool`): what 64tass says about it.
    fn bool_misused(&self, _msg: String) {}
    /// A data conversion (`byte(300)`) failed: 64tass reports it at once and
    /// goes on with zero bytes. True if `f` is taken to be reported so.
    fn report_and_go_on(&self, _f: &Fault) -> bool {
        false
    }
    /// A namespace's members as its `repr()` lists them (`<label 'a'>`, in
    /// 64tass's table order); `None` where no symbols are known.
    fn namespace_members(&self, _ns: super::NsId) -> Option<Vec<String>> {
        None
    }
}

/// A bool taken as a number where an integer is needed (`.byte true`).
fn bool_as_int(v: &Value, env: &dyn Env) {
    if let Value::Bool(_) = v {
        env.bool_misused(format!("can't get integer value of {}", describe(v, env)));
    }
}

/// A value no number, truth value or bytes can be made of, whatever the
/// conversion (64tass: "conversion of function to int is not possible",
/// "can't get absolute value of macro").
pub fn has_no_number(v: &Value) -> bool {
    matches!(
        v,
        Value::Gap
            | Value::Func(_)
            | Value::Builtin(_)
            | Value::Macro(..)
            | Value::Namespace(_)
            | Value::Type(_)
            | Value::Register(_)
    )
}

/// `type 'repr'`, as 64tass quotes values in messages.
/// A value with no literal form (a macro, a user function, a namespace, an
/// encoding, a type) is named by its type alone (`of macro and int '1'`).
pub fn describe(v: &Value, env: &dyn Env) -> String {
    match v {
        Value::Macro(..)
        | Value::Func(_)
        | Value::Namespace(_)
        | Value::Encoding(_)
        | Value::Type(_) => v.type_name().to_string(),
        _ => match super::repr::quoted_in_message(v, env) {
            Some(text) => format!("{} '{text}'", v.type_name()),
            None => v.type_name().to_string(),
        },
    }
}

/// 64tass's words for a value where a string is needed (a file or an
/// encoding name).
pub fn not_a_string(v: &Value) -> String {
    format!("wrong type '{}', expected 'str'", v.type_name())
}

/// Little-endian bytes as a bit string (inverted for an inverted byte string).
pub fn bits_from_bytes(bytes: &[u8], inv: bool) -> FResult<Value> {
    let len = u32::try_from(8 * bytes.len() as u64)
        .ok()
        .filter(|&l| l as u64 <= super::bits::MAX_BITS)
        .ok_or_else(too_long)?;
    let val = num_bigint::BigUint::from_bytes_le(bytes);
    Ok(BigBits::new(val, len, inv).into_value())
}

/// A value as a number the integer operators can work on: bool, int and
/// bit strings stay; strings, bytes and code become bits or ints.
pub fn numeric(v: &Value, env: &dyn Env) -> FResult<Value> {
    Ok(match v {
        Value::Bool(_)
        | Value::Int(_)
        | Value::BigInt(_)
        | Value::Bits(_)
        | Value::BigBits(_)
        | Value::Float(_) => v.clone(),
        Value::Str(s) => bits_from_bytes(&env.encode(s)?, false)?,
        Value::Bytes(b) => bits_from_bytes(b, false)?,
        Value::InvBytes(b) => bits_from_bytes(b, true)?,
        Value::Code(c) => numeric(&env.code_value(*c), env)?,
        Value::Addr(a) if a.mode.0 == 0 => numeric(&a.val, env)?,
        Value::None => return Err(Fault::none()),
        Value::Error(f) => return Err((**f).clone()),
        _ => {
            return Err(Fault::new(format!(
                "can't get integer value of {}",
                describe(v, env)
            )));
        }
    })
}

/// The integer value (floats round down, as 64tass does by default).
pub fn to_int(v: &Value, env: &dyn Env) -> FResult<i128> {
    match numeric(v, env)? {
        Value::Bool(b) => Ok(b as i128),
        Value::Int(i) => Ok(i as i128),
        Value::Bits(b) => Ok(b.to_i128()),
        Value::Float(f) => {
            if f.fract() != 0.0 {
                env.rounded();
            }
            float_to_int(f)
        }
        n @ (Value::BigInt(_) | Value::BigBits(_)) => int::big(&n)
            .and_then(|b| num_traits::ToPrimitive::to_i128(&b))
            .ok_or_else(int::too_wide),
        _ => Err(Fault::new(format!(
            "can't get integer value of {}",
            describe(v, env)
        ))),
    }
}

/// A float whose integer part `float_to_int` can't make: 64tass's range
/// checks call it too large for any field (`.word 1e20`).
fn beyond_int(f: f64) -> bool {
    !f.is_finite() || f.floor().abs() > 9.0e18
}

pub fn float_to_int(f: f64) -> FResult<i128> {
    let f = f.floor();
    if beyond_int(f) {
        return Err(Fault::new("floating point value too large for an integer"));
    }
    Ok(f as i128)
}

pub fn to_float(v: &Value, env: &dyn Env) -> FResult<f64> {
    // What has no number (a gap, a function, a macro, ...) is 64tass's
    // conversion error (`cos(f)`, `pow(m, 2)`).
    if has_no_number(v) {
        return Err(Fault::new(format!(
            "conversion of {} to float is not possible",
            describe(v, env)
        )));
    }
    match numeric(v, env)? {
        Value::Float(f) => Ok(f),
        other @ (Value::BigInt(_) | Value::BigBits(_)) => {
            int::to_f64(&int::big(&other).unwrap_or_default())
        }
        other => Ok(to_int(&other, env)? as f64),
    }
}

/// `v` (converted to the number `n`) does not fit: a string or byte string
/// is named as written, anything else as the number it became (64tass).
fn too_large(v: &Value, n: &Value, bits: u32, signed: bool, env: &dyn Env) -> Fault {
    let v = if matches!(v, Value::Str(_) | Value::Bytes(_) | Value::InvBytes(_)) {
        v
    } else {
        n
    };
    Fault::new(format!(
        "too large for a {bits} bit {} integer {}",
        if signed { "signed" } else { "unsigned" },
        describe(v, env)
    ))
}

/// A byte string longer than `bits` is too large whatever its bytes are, as
/// 64tass checks it (`.byte x"0000"`).
fn longer_bytes(v: &Value, bits: u32, signed: bool, env: &dyn Env) -> FResult<()> {
    match v {
        Value::Bytes(b) | Value::InvBytes(b) if b.len() as u64 * 8 > bits as u64 => {
            Err(too_large(v, v, bits, signed, env))
        }
        _ => Ok(()),
    }
}

/// An unsigned number of `bits` bits (`.byte`, `.word`, `#`), as 64tass checks it.
pub fn to_uval(v: &Value, bits: u32, env: &dyn Env) -> FResult<u64> {
    bool_as_int(v, env);
    // An integer, bit string or label that fits: no copies (every operand
    // and data value of every pass comes here). What doesn't fit takes the
    // general path below, which says why.
    let fits = |n: &Value| match n {
        Value::Int(i) => (*i >= 0 && (*i as i128) < 1i128 << bits).then_some(*i as u64),
        Value::Bits(b) => b.to_uval(bits),
        _ => None,
    };
    let quick = match v {
        Value::Code(c) => fits(&env.code_value(*c)),
        v => fits(v),
    };
    if let Some(u) = quick {
        return Ok(u);
    }
    longer_bytes(v, bits, false, env)?;
    let n = numeric(v, env)?;
    let limit: i128 = 1i128 << bits;
    let negative = || {
        Fault::new(format!(
            "value needs to be non-negative {}",
            describe(&n, env)
        ))
    };
    match &n {
        Value::Bits(b) => b
            .to_uval(bits)
            .ok_or_else(|| too_large(v, &n, bits, false, env)),
        // Longer than 64 bits: never fits.
        Value::BigBits(_) => Err(too_large(v, &n, bits, false, env)),
        Value::BigInt(b) if num_traits::Signed::is_negative(&**b) => Err(negative()),
        Value::BigInt(_) => Err(too_large(v, &n, bits, false, env)),
        // Beyond any integer the conversion makes: too large, or negative.
        Value::Float(f) if beyond_int(*f) => Err(match *f > 0.0 {
            true => too_large(v, &n, bits, false, env),
            false => negative(),
        }),
        _ => {
            let i = to_int(&n, env)?;
            if i < 0 {
                Err(negative())
            } else if i >= limit {
                Err(too_large(v, &n, bits, false, env))
            } else {
                Ok(i as u64)
            }
        }
    }
}

/// A count, size or setting (`.fill`, `.align`, `.binary`'s length,
/// `.rept`, `.eor`, `.databank`, `.dpage`, `.assert`/`.check` masks,
/// `.cdef`'s ranges and codes): as [`to_uval`], but an inverted bit or byte
/// string (`~%1`, `-x"12"`) is a negative number here, not a bit pattern
/// (64tass's `uval2`).
pub fn to_count(v: &Value, bits: u32, env: &dyn Env) -> FResult<u64> {
    let inverted = match v {
        Value::Bits(b) => b.inv,
        Value::BigBits(b) => b.inv,
        Value::InvBytes(_) => true,
        _ => false,
    };
    if inverted {
        return Err(Fault::new(format!(
            "value needs to be non-negative {}",
            describe(v, env)
        )));
    }
    to_uval(v, bits, env)
}

/// A signed number of `bits` bits (`.char`, `.sint`, `#+`).
pub fn to_ival(v: &Value, bits: u32, env: &dyn Env) -> FResult<i64> {
    bool_as_int(v, env);
    // The usual cases without copies, as in `to_uval`.
    let half = 1i128 << (bits - 1);
    let in_range = |i: i128| (i >= -half && i < half).then_some(i as i64);
    let quick = match v {
        Value::Int(i) => in_range(*i as i128),
        Value::Bits(b) => b.to_uval(bits).map(|u| u as i64),
        // A label's address is a number, not a bit pattern.
        Value::Code(c) => match env.code_value(*c) {
            Value::Int(i) => in_range(i as i128),
            Value::Bits(b) => in_range(b.to_i128()),
            _ => None,
        },
        _ => None,
    };
    if let Some(i) = quick {
        return Ok(i);
    }
    longer_bytes(v, bits, true, env)?;
    let n = numeric(v, env)?;
    // A bit string is a bit pattern: it only has to fit (`.char $ff`); a
    // label's address is a number.
    if let Value::Bits(b) = &n
        && !matches!(v, Value::Code(_))
    {
        return b
            .to_uval(bits)
            .map(|u| u as i64)
            .ok_or_else(|| too_large(v, &n, bits, true, env));
    }
    if matches!(n, Value::BigInt(_) | Value::BigBits(_))
        || matches!(n, Value::Float(f) if beyond_int(f))
    {
        return Err(too_large(v, &n, bits, true, env));
    }
    let i = to_int(&n, env)?;
    let half = 1i128 << (bits - 1);
    if i < -half || i >= half {
        Err(too_large(v, &n, bits, true, env))
    } else {
        Ok(i as i64)
    }
}

/// Truth value, by 64tass's rules per type.
pub fn to_bool(v: &Value, env: &dyn Env) -> FResult<bool> {
    Ok(match v {
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::BigInt(_) => true,
        Value::Bits(b) => b.val != 0 || b.inv,
        Value::BigBits(_) => true,
        Value::Float(f) => *f != 0.0,
        Value::Str(s) => env.encode(s)?.iter().any(|&b| b != 0),
        Value::Bytes(b) => b.iter().any(|&b| b != 0),
        // 64tass: an inverted byte string is always true (even `~x''`).
        Value::InvBytes(_) => true,
        Value::Code(c) => to_bool(&env.code_value(*c), env)?,
        Value::Addr(a) if a.mode.0 == 0 => to_bool(&a.val, env)?,
        Value::None => return Err(Fault::none()),
        Value::Error(f) => return Err((**f).clone()),
        _ => {
            return Err(Fault::new(format!(
                "can't get boolean value of {}",
                describe(v, env)
            )));
        }
    })
}
