//! Built-in functions as an expression calls them: their argument counts,
//! the warnings they give, the functions that read the assembler's state
//! (`len` and `size` of code, `addr`, `binary`, `random`), and the type
//! conversions (`int(x)`, `str(x)`, ...). The functions that compute on
//! values alone are in [`super::builtins`].

use std::rc::Rc;

use super::Assembler;
use super::builtins::{self, arg_count, arity, int_of, map1, real, sized_bits};
use super::eval::{Located, has_loose_error};
use super::lines::LineRef;
use super::report::EResult;
use crate::syntax::ast::{BinOp, Pos};
use crate::value::convert::{describe, has_no_number, numeric, to_bool, to_float, to_int};
use crate::value::repr::to_str;
use crate::value::{self, Builtin, Env, FResult, Fault, Type, Value, int};

impl Assembler<'_> {
    pub fn call_builtin(
        &mut self,
        line: &LineRef,
        b: Builtin,
        args: &[Located],
        pos: Pos,
    ) -> EResult<Value> {
        self.approx.set(None);
        self.rounded.set(false);
        let (min, max) = arity(b);
        if let Err(f) = arg_count(args.len(), min, max) {
            // At the first argument, as 64tass (at the parenthesis if none).
            let at = args.first().map_or(pos, |a| a.pos);
            return self.check_value(line, at, Err(f));
        }
        let r = self.builtin_value(line, b, args);
        self.argument_wrap_warnings(line, args);
        if !self.conversions_failed.borrow().is_empty() {
            self.report_conversions(line, b, args, pos);
        }
        if let Some(a) = args.first()
            && matches!(
                b,
                Builtin::Abs | Builtin::Sign | Builtin::All | Builtin::Any | Builtin::Sort
            )
        {
            self.strict_bool_warnings(line, a.pos);
        }
        if let Some(a) = args.first() {
            match b {
                Builtin::Sort => self.float_compare_warning(line, BinOp::Cmp, a.pos),
                Builtin::Len | Builtin::Size if r.is_ok() => self.size_larger_warning(line, a),
                _ if b == Builtin::Range || b.is_data_conversion() => {
                    self.float_round_warning(line, a.pos)
                }
                _ => {}
            }
        }
        match r {
            Err(f) => {
                let at = self.builtin_error_place(b, args, &f, pos);
                self.check_value(line, at, Err(f))
            }
            // Applied to a list, a function keeps each element's error in
            // the result: placed where the argument is, as 64tass places it
            // (`abs([f])` at the `[`, not at `abs`).
            Ok(v) if has_loose_error(&v) => {
                Ok(self.place_errors(line, v, &|a, f| a.builtin_error_place(b, args, f, pos)))
            }
            Ok(v) => Ok(v),
        }
    }

    /// The data conversions of this call that failed, reported where 64tass
    /// places them (their value went on as zero bytes).
    #[cold]
    fn report_conversions(&mut self, line: &LineRef, b: Builtin, args: &[Located], pos: Pos) {
        for f in self.conversions_failed.take() {
            let at = self.builtin_error_place(b, args, &f, pos);
            self.fault(line, at, f);
        }
    }

    /// Where 64tass places the error `f` of built-in `b` called at `pos`:
    /// a byte()-style range error at the value, the error of a function of
    /// one value (`sqrt(-1)`, `len(1)`) at it too.
    fn builtin_error_place(&self, b: Builtin, args: &[Located], f: &Fault, pos: Pos) -> Pos {
        match args {
            // `format()`'s count of the arguments its string asks for: at
            // the call (see `Assembler::call`).
            _ if b == Builtin::Format && f.msg.starts_with("expected ") => pos,
            // An unknown conversion: at its character in the string.
            [fmt, ..] if b == Builtin::Format && f.char_index.is_some() => fmt.pos,
            // Sequences that don't broadcast together: at the one that
            // doesn't fit.
            _ if f.msg.starts_with("operands could not be broadcast") => {
                let vals: Vec<&Value> = args.iter().map(|a| &a.val).collect();
                builtins::broadcast_misfit(&vals).map_or(pos, |j| args[j].pos)
            }
            // A zero step: at the step.
            [_, _, step] if b == Builtin::Range && f.msg == "zero value not allowed" => step.pos,
            // (An address in brackets is placed inside them; 64tass: at them.)
            [a] if !matches!(a.val, Value::Addr(_)) => a.pos,
            [a, ..] if b.is_data_conversion() => a.pos,
            // Of several values, at the one the message names (`range(1, ?)`,
            // `format("%d", ?)`, `pow(2, [1, f])`), as 64tass places it.
            [_, _, ..] => args
                .iter()
                .rev()
                .find(|a| !matches!(a.val, Value::Addr(_)) && self.named_in(&a.val, &f.msg))
                .map_or(pos, |a| a.pos),
            _ => pos,
        }
    }

    fn builtin_value(&mut self, line: &LineRef, b: Builtin, args: &[Located]) -> FResult<Value> {
        // On the stack: most calls have one to three arguments.
        let vals: smallvec::SmallVec<[&Value; 3]> = args.iter().map(|a| &a.val).collect();
        let env: &dyn Env = self;
        match b {
            Builtin::Len => {
                if let Value::Code(c) = vals[0] {
                    return Ok(Value::Int(
                        (self.code_size(*c)? / self.syms.code(c.id).dtype.size()) as i64,
                    ));
                }
                Ok(Value::Int(value::len_of(vals[0], env)? as i64))
            }
            Builtin::Size => {
                if let Value::Dict(d) = vals[0] {
                    return map1(&d.entries(), &|x| {
                        Err(Fault::new(format!(
                            "can't get size of {}",
                            describe(x, env)
                        )))
                    });
                }
                if vals[0].elements().is_some() {
                    // Element by element, as 64tass.
                    let syms = &self.syms;
                    let macros = &self.macros;
                    return map1(vals[0], &|x| match x {
                        Value::Code(c) => {
                            let size = syms.code(c.id).size as i64 - c.offs as i64;
                            Ok(Value::Int(size))
                        }
                        Value::Macro(
                            crate::value::MacroKind::Struct | crate::value::MacroKind::Union,
                            id,
                        ) => Ok(Value::Int(macros.get(*id).size as i64)),
                        v => Err(Fault::new(format!(
                            "can't get size of {}",
                            describe(v, env)
                        ))),
                    });
                }
                match vals[0] {
                    Value::Code(c) => Ok(Value::Int(self.code_size(*c)? as i64)),
                    Value::Macro(
                        crate::value::MacroKind::Struct | crate::value::MacroKind::Union,
                        id,
                    ) => Ok(Value::Int(self.macros.get(*id).size as i64)),
                    Value::None => Ok(Value::None),
                    v => Err(Fault::new(format!(
                        "can't get size of {}",
                        describe(v, env)
                    ))),
                }
            }
            // An address in the program bank, as two bytes.
            Builtin::Addr | Builtin::Rta => {
                value::convert::deep_error(vals[0]).map_err(Fault::eager)?;
                let rta = b == Builtin::Rta;
                map1(vals[0], &|x| {
                    let a = self.program_bank_address(x).map_err(Fault::eager)? as u16;
                    let a = if rta { a.wrapping_sub(1) } else { a };
                    Ok(Value::Bytes(a.to_le_bytes().to_vec().into()))
                })
            }
            Builtin::Binary => {
                let Value::Str(path) = vals[0] else {
                    return Err(Fault::new(crate::value::convert::not_a_string(vals[0])));
                };
                let offset = vals.get(1).map(|v| to_int(v, env)).transpose()?;
                let length = vals.get(2).map(|v| to_int(v, env)).transpose()?;
                let path = path.to_string();
                let pos = args[0].pos;
                // Reported where the file is read (once a pass): the result
                // is an error value that says nothing more where it is used.
                let data = self
                    .binary_file(line, &path, pos)
                    .map_err(|_| super::report::silent_error())?;
                let slice = super::files::window(&data, offset, length);
                Ok(Value::Bytes(slice.to_vec().into()))
            }
            Builtin::Random => self.random_value(&vals),
            _ => builtins::value(b, &vals, env),
        }
    }

    /// A pseudo-random number (deterministic; `.seed` changes the sequence).
    /// 64tass's generator: xorshift128+.
    fn next_random(&mut self) -> u64 {
        let [mut a, b] = self.st.random;
        a ^= a << 23;
        a ^= a >> 17;
        a ^= b ^ (b >> 26);
        self.st.random = [b, a];
        a.wrapping_add(b)
    }

    /// `int(x)`, `str(x)`, `bits(x, n)`, ...
    pub fn convert(
        &mut self,
        line: &LineRef,
        t: Type,
        args: &[Located],
        pos: Pos,
    ) -> EResult<Value> {
        let r = self.convert_value(t, args);
        // 64tass points at the value converted (and at a list whose
        // elements can't be: `int([f])` at the `[`).
        let at = args.first().map_or(pos, |a| a.pos);
        match r {
            Ok(v) if has_loose_error(&v) => Ok(self.place_errors(line, v, &|_, _| at)),
            r => self.check_value(line, at, r),
        }
    }

    fn convert_value(&mut self, t: Type, args: &[Located]) -> FResult<Value> {
        let env: &dyn Env = self;
        // On the stack: most calls have one to three arguments.
        let vals: smallvec::SmallVec<[&Value; 3]> = args.iter().map(|a| &a.val).collect();
        let name = t.name();
        let max = if matches!(t, Type::Bits | Type::Bytes) {
            2
        } else {
            1
        };
        arg_count(vals.len(), 1, max)?;
        let v = vals[0];
        // A gap converts to a string, its type or itself only, and what has
        // no number (a function, a macro, ...) to no number (64tass).
        let numbers = matches!(
            t,
            Type::Int | Type::Float | Type::Bool | Type::Bits | Type::Bytes
        );
        let not_gap = |x: &Value| -> FResult<()> {
            if matches!(x, Value::Gap) || (numbers && has_no_number(x)) {
                return Err(Fault::new(format!(
                    "conversion of {} to {name} is not possible",
                    describe(x, env)
                )));
            }
            Ok(())
        };
        if !matches!(t, Type::Str | Type::Type | Type::Gap) {
            not_gap(v)?;
        }
        match t {
            Type::Int => map1(v, &|x| match numeric(not_gap(x).map(|_| x)?, env)? {
                Value::Float(f) => int::from_f64_trunc(f),
                n => int_of(&n, env),
            }),
            Type::Float => map1(v, &|x| {
                not_gap(x)?;
                real(to_float(x, env)?)
            }),
            Type::Bool => map1(v, &|x| {
                not_gap(x)?;
                Ok(Value::Bool(to_bool(x, env)?))
            }),
            Type::Str => map1(v, &|x| {
                value::convert::deep_error(x)?;
                Ok(Value::str(&to_str(x, env)))
            }),
            Type::Bits | Type::Bytes => {
                let one = |v: &Value, width: Option<i128>| match (t, v, width) {
                    (Type::Bits, ..) => Ok(sized_bits(v, width, false, env)?.into_value()),
                    (_, Value::Bytes(_) | Value::InvBytes(_), None) => Ok(v.clone()),
                    (_, Value::Str(s), None) => Ok(Value::Bytes(env.encode(s)?.into())),
                    _ => {
                        let b = sized_bits(v, width, true, env)?;
                        Ok(Value::bytes(b.raw_bytes(), b.inv))
                    }
                };
                // With a size, 64tass broadcasts the value and the size
                // together, as `format` its arguments (`bits((3,), 2)` is a
                // list).
                match vals.get(1) {
                    Some(_) => builtins::broadcast(&vals, &|p| one(p[0], Some(to_int(p[1], env)?))),
                    None => map1(v, &|x| one(x, None)),
                }
            }
            Type::List | Type::Tuple => {
                let items: Vec<Value> = match v {
                    Value::List(x) | Value::Tuple(x) => x.to_vec(),
                    Value::Code(c) => self.code_elements(*c)?,
                    // A dictionary's `key:value` entries.
                    Value::Dict(d) => d.entry_values(),
                    // Text, a number, a type, a colon list: 64tass's words.
                    _ => {
                        return Err(Fault::new(format!(
                            "conversion of {} to {name} is not possible",
                            describe(v, env)
                        )));
                    }
                };
                Ok(if t == Type::List {
                    Value::list(items)
                } else {
                    Value::tuple(items)
                })
            }
            Type::Type => Ok(Value::Type(v.type_of())),
            Type::Namespace => match v {
                Value::Namespace(_) => Ok(v.clone()),
                Value::Code(c) => Ok(Value::Namespace(self.syms.code(c.id).names)),
                _ => Err(Fault::new(format!(
                    "can't get namespace of {}",
                    describe(v, env)
                ))),
            },
            Type::Register => match v {
                Value::Register(_) => Ok(v.clone()),
                Value::Str(s) if s.chars().count() == 1 => {
                    Ok(Value::Register(s.chars().next().unwrap_or('a')))
                }
                _ => Err(Fault::new(format!(
                    "can't convert {} to register",
                    describe(v, env)
                ))),
            },
            Type::Address => Ok(match v {
                Value::Addr(_) => v.clone(),
                // A label already is an address of its own kind.
                Value::Code(_) => {
                    return Err(Fault::new(format!(
                        "conversion of {} to address is not possible",
                        describe(v, env)
                    )));
                }
                _ => Value::Addr(Rc::new(value::Address {
                    mode: value::AddrMode(0),
                    val: v.clone(),
                })),
            }),
            Type::Gap => map1(v, &|x| match x {
                Value::Gap => Ok(Value::Gap),
                _ => Err(Fault::new(format!(
                    "conversion of {} to gap is not possible",
                    describe(x, env)
                ))),
            }),
            Type::Code if matches!(v, Value::Code(_)) => Ok(v.clone()),
            Type::Code => Err(Fault::new(format!(
                "conversion of {} to code is not possible",
                describe(v, env)
            ))),
            // A list's or tuple's elements are the entries (`key:value`,
            // `:default` or a key alone); an element that is none or an
            // error is the result, as in 64tass.
            Type::Dict => match v {
                Value::None | Value::Error(_) | Value::Dict(_) => Ok(v.clone()),
                Value::List(items) | Value::Tuple(items) => {
                    if let Some(bad) = items
                        .iter()
                        .find(|x| x.is_none() || matches!(x, Value::Error(_)))
                    {
                        return Ok(bad.clone());
                    }
                    let mut d = value::Dict::default();
                    match d.add_elements(items) {
                        Ok(()) => Ok(Value::Dict(Rc::new(d))),
                        Err(i) => Err(Fault::new(format!(
                            "not a key and value pair {}",
                            describe(&items[i], env)
                        ))),
                    }
                }
                _ => Err(Fault::new(format!(
                    "conversion of {} to {name} is not possible",
                    describe(v, env)
                ))),
            },
            _ => Err(Fault::new(format!(
                "conversion of {} to {name} is not possible",
                describe(v, env)
            ))),
        }
    }

    /// `random()`, `random(end)`, `random(start, end[, step])`; a list
    /// argument gives a list of random numbers, one per element, in order.
    fn random_value(&mut self, vals: &[&Value]) -> FResult<Value> {
        if let [v] = vals
            && let Some(items) = v.elements()
        {
            let list = matches!(v, Value::List(_));
            let out = items
                .iter()
                .map(|x| self.random_value(&[x]))
                .collect::<FResult<Vec<_>>>()?;
            return Ok(if list {
                Value::list(out)
            } else {
                Value::tuple(out)
            });
        }
        if vals.is_empty() {
            let r = self.next_random();
            return Ok(Value::Float(
                (r & ((1 << 53) - 1)) as f64 / (1u64 << 53) as f64,
            ));
        }
        let ints: Vec<i128> = vals
            .iter()
            .map(|v| to_int(v, &*self))
            .collect::<FResult<_>>()?;
        let (s, e, t) = match ints.as_slice() {
            [e] => (0, *e, 1),
            [s, e] => (*s, *e, 1),
            [s, e, t] => (*s, *e, *t),
            _ => unreachable!("random takes at most 3 arguments"),
        };
        if t == 0 {
            return Err(Fault::new("zero value not allowed"));
        }
        let n = if t > 0 {
            (e - s + t - 1) / t
        } else {
            (s - e - t - 1) / -t
        };
        if n <= 0 {
            return Err(Fault::new("empty range not allowed"));
        }
        let n = n as u64;
        // As 64tass: a mask for power-of-two counts, else rejection sampling.
        if t == 1 && n.is_power_of_two() {
            return Ok(Value::int(s + (self.next_random() & (n - 1)) as i128));
        }
        // (64tass draws 32 bits here; counts above that can't be asked for.)
        let n = u32::try_from(n).map_err(|_| Fault::new("range too large for random()"))?;
        let a = u32::MAX / n;
        let b = a * n;
        let r = loop {
            let r = self.next_random() as u32;
            if r < b {
                break r;
            }
        };
        Ok(Value::int(s + (r / a) as i128 * t))
    }
}
