//! The values expressions compute, with 64tass's types: integers, bit strings,
//! floats, booleans, character and byte strings, lists, tuples, dictionaries,
//! code (labels), addressing modes, gaps, and the assembler's own objects
//! (macros, namespaces, encodings, ...) referred to by id.

pub mod bits;
pub mod builtins;
pub mod convert;
pub mod int;
pub(crate) mod ops;
pub mod repr;
pub mod seq;

use std::rc::Rc;

use num_bigint::BigInt;

pub use bits::{BigBits, Bits};
pub use convert::{Env, FResult, Fault};
pub use ops::{binary, compare, int_byte, member_of_values, unary};
pub(crate) use ops::{binary_quick, is_byte_op, not_possible};
pub use seq::{index, len_of};

use crate::syntax::ast::{AddrOp, Reg};

/// Index of a code object (the value of a label in front of code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeId(pub u32);
/// A code object as a value: a label's (or `*`'s) code plus a byte offset.
/// As in 64tass, `label + 2` is still code (its members, size and bytes stay
/// reachable); other arithmetic works on the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeRef {
    pub id: CodeId,
    pub offs: i32,
}

impl CodeRef {
    pub fn new(id: CodeId) -> CodeRef {
        CodeRef { id, offs: 0 }
    }
}
/// Index of a namespace (scope).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NsId(pub u32);
/// Index of a macro, segment, structure or union definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MacroId(pub u32);
/// Index of a user function, and whether it is an `.sfunction` (an
/// expression: a type of its own, not callable as a statement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuncId(pub u32, pub bool);
/// Index of a text encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncId(pub u32);

/// An addressing mode: a stack of up to eight operators, newest in the low nibble.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct AddrMode(pub u32);

impl AddrMode {
    pub const NONE: AddrMode = AddrMode(0);
    /// `#value` (what `NONE.push(AddrOp::Imm)` makes).
    pub const IMMEDIATE: AddrMode = AddrMode(1);

    /// The mode as 64tass numbers it (its operators' codes, newest in the low
    /// nibble): addresses of different modes compare by this.
    pub fn tass_rank(self) -> u32 {
        let mut rank = 0;
        for i in (0..8).rev() {
            let code = match Self::op((self.0 >> (4 * i)) & 0xf) {
                None => 0,
                Some(AddrOp::Imm) => 1,
                Some(AddrOp::ImmSigned) => 2,
                Some(AddrOp::Index(r)) => match r {
                    Reg::X => 3,
                    Reg::Y => 4,
                    Reg::Z => 5,
                    Reg::R => 6,
                    Reg::S => 7,
                    Reg::D => 8,
                    Reg::B => 9,
                    Reg::K => 10,
                },
                Some(AddrOp::Ind) => 11,
                Some(AddrOp::LongInd) => 12,
            };
            rank = rank << 4 | code;
        }
        rank
    }

    fn code(op: AddrOp) -> u32 {
        match op {
            AddrOp::Imm => 1,
            AddrOp::ImmSigned => 2,
            AddrOp::Ind => 3,
            AddrOp::LongInd => 4,
            AddrOp::Index(r) => 5 + r as u32,
        }
    }

    fn op(code: u32) -> Option<AddrOp> {
        Some(match code {
            1 => AddrOp::Imm,
            2 => AddrOp::ImmSigned,
            3 => AddrOp::Ind,
            4 => AddrOp::LongInd,
            5..=12 => AddrOp::Index(match code - 5 {
                0 => Reg::X,
                1 => Reg::Y,
                2 => Reg::Z,
                3 => Reg::S,
                4 => Reg::R,
                5 => Reg::D,
                6 => Reg::B,
                _ => Reg::K,
            }),
            _ => return None,
        })
    }

    /// This mode with `op` applied on top.
    pub fn push(self, op: AddrOp) -> Option<AddrMode> {
        if self.0 >> 28 != 0 {
            return None;
        }
        Some(AddrMode((self.0 << 4) | AddrMode::code(op)))
    }

    /// The operators from the innermost (applied first) to the outermost
    /// (at most eight: kept inline, as instructions ask for them every pass).
    pub fn ops(self) -> smallvec::SmallVec<[AddrOp; 8]> {
        let mut out = smallvec::SmallVec::new();
        let mut m = self.0;
        while m != 0 {
            if let Some(op) = AddrMode::op(m & 15) {
                out.push(op);
            }
            m >>= 4;
        }
        out.reverse();
        out
    }

    /// The operators of the usual 6502 modes (`#`, `#+`, `()`, `,x`, `,y`,
    /// `(,x)`, `(),y`) as [`AddrMode::ops`] gives them, without building a
    /// list (every instruction operand of every pass asks).
    pub fn common_ops(self) -> Option<&'static [AddrOp]> {
        const X: AddrOp = AddrOp::Index(Reg::X);
        const Y: AddrOp = AddrOp::Index(Reg::Y);
        Some(match self.0 {
            0x1 => &[AddrOp::Imm],
            0x2 => &[AddrOp::ImmSigned],
            0x3 => &[AddrOp::Ind],
            0x5 => &[X],
            0x6 => &[Y],
            0x53 => &[X, AddrOp::Ind],
            0x36 => &[AddrOp::Ind, Y],
            _ => return None,
        })
    }

    /// Words for messages, outermost first: "indirect y indexed".
    pub fn describe(self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut m = self.0;
        while m != 0 {
            parts.push(match AddrMode::op(m & 15) {
                Some(AddrOp::Imm) => "immediate".into(),
                Some(AddrOp::ImmSigned) => "signed immediate".into(),
                Some(AddrOp::Ind) => "indirect".into(),
                Some(AddrOp::LongInd) => "long indirect".into(),
                Some(AddrOp::Index(Reg::S)) => "stack".into(),
                Some(AddrOp::Index(Reg::R)) => "data stack".into(),
                Some(AddrOp::Index(Reg::D)) => "direct page".into(),
                Some(AddrOp::Index(Reg::B)) => "data bank".into(),
                Some(AddrOp::Index(Reg::K)) => "program bank".into(),
                Some(AddrOp::Index(r)) => format!("{} indexed", r.letter()),
                None => String::new(),
            });
            m >>= 4;
        }
        parts.reverse();
        parts.join(" ")
    }
}

/// A value with an addressing mode (`#1`, `(ptr),y`, `$10,x`).
#[derive(Clone, Debug)]
pub struct Address {
    pub mode: AddrMode,
    pub val: Value,
}

/// A dictionary: key/value pairs in insertion order (a key may stand alone,
/// without a value, as in 64tass's `{1, 2:3}`) and an optional default.
#[derive(Clone, Debug, Default)]
pub struct Dict {
    pub pairs: Vec<(Value, Option<Value>)>,
    pub default: Option<Value>,
}

impl Dict {
    /// The entries as functions mapping over a dictionary see them: a list
    /// of `key:value` colonlists, and the keys that stand alone (the default
    /// value is not among them).
    pub fn entries(&self) -> Value {
        Value::list(self.entry_values())
    }

    /// [`Dict::entries`]' elements, for what iterates them (`.for`, `list()`).
    pub fn entry_values(&self) -> Vec<Value> {
        self.pairs
            .iter()
            .map(|(k, v)| entry(k, v.as_ref()))
            .collect()
    }

    /// Adds `key` (with its value, or alone), or gives a key already there
    /// the new one, in place (64tass: a later entry wins).
    pub fn put(&mut self, key: Value, val: Option<Value>) {
        match self.pairs.iter_mut().find(|(k, _)| same(k, &key)) {
            Some(slot) => slot.1 = val,
            None => self.pairs.push((key, val)),
        }
    }

    /// A dictionary made of a sequence's elements: each a `key:value`
    /// colonlist, `:value` (the default) or a key alone (64tass's `dict()`
    /// and `{*list}`). `None` names the element that is neither.
    pub fn add_elements(&mut self, items: &[Value]) -> Result<(), usize> {
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::ColonList(kv) => match &kv[..] {
                    [Value::Default, Value::Default] => self.default = None,
                    [Value::Default, v] => self.default = Some(v.clone()),
                    [_, Value::Default] => return Err(i),
                    [k, v] => self.put(k.clone(), Some(v.clone())),
                    _ => return Err(i),
                },
                key => self.put(key.clone(), None),
            }
        }
        Ok(())
    }
}

/// One entry of a dictionary as a value: `key:value`, or the key alone.
fn entry(key: &Value, val: Option<&Value>) -> Value {
    match val {
        Some(v) => Value::ColonList(Rc::new([key.clone(), v.clone()])),
        None => key.clone(),
    }
}

/// The built-in type objects (also the conversion functions of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::enum_variant_names, reason = "`type` is one of 64tass's types")]
pub enum Type {
    Address,
    Bits,
    Bool,
    Bytes,
    Code,
    Dict,
    Float,
    Gap,
    Int,
    List,
    Str,
    Tuple,
    Type,
    None,
    Function,
    Macro,
    Segment,
    Struct,
    Union,
    Mfunc,
    Sfunc,
    Namespace,
    Enc,
    Register,
    Fold,
    Symbol,
    ColonList,
    Error,
}

impl Type {
    pub fn name(self) -> &'static str {
        match self {
            Type::Address => "address",
            Type::Bits => "bits",
            Type::Bool => "bool",
            Type::Bytes => "bytes",
            Type::Code => "code",
            Type::Dict => "dict",
            Type::Float => "float",
            Type::Gap => "gap",
            Type::Int => "int",
            Type::List => "list",
            Type::Str => "str",
            Type::Tuple => "tuple",
            Type::Type => "type",
            Type::None => "none",
            Type::Function => "function",
            Type::Macro => "macro",
            Type::Segment => "segment",
            Type::Struct => "struct",
            Type::Union => "union",
            Type::Mfunc => "function",
            Type::Sfunc => "sfunction",
            Type::Namespace => "namespace",
            Type::Enc => "enc",
            Type::Register => "register",
            Type::Symbol => "symbol",
            Type::Fold => "fold",
            Type::ColonList => "colonlist",
            Type::Error => "error",
        }
    }
}

/// Built-in functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    Abs,
    Acos,
    Addr,
    All,
    Any,
    Asin,
    Atan,
    Atan2,
    Binary,
    Byte,
    Cbrt,
    Ceil,
    Char,
    Cos,
    Cosh,
    Deg,
    Dint,
    Dword,
    Exp,
    Floor,
    Format,
    Frac,
    Hypot,
    Len,
    Lint,
    Log,
    Log10,
    Long,
    Pow,
    Rad,
    Random,
    Range,
    Repr,
    Round,
    Rta,
    Sign,
    Sin,
    Sinh,
    Sint,
    Size,
    Sort,
    Sqrt,
    Tan,
    Tanh,
    Trunc,
    Word,
}

impl Builtin {
    /// `byte()`, `word()`, `sint()` and the other conversions of the data
    /// directives, whose range errors 64tass reports at once, at the value.
    pub fn is_data_conversion(self) -> bool {
        matches!(
            self,
            Builtin::Byte
                | Builtin::Char
                | Builtin::Word
                | Builtin::Addr
                | Builtin::Sint
                | Builtin::Long
                | Builtin::Lint
                | Builtin::Dword
                | Builtin::Dint
        )
    }
}

/// What kind of definition a [`MacroId`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MacroKind {
    Macro,
    Segment,
    Struct,
    Union,
}

#[derive(Clone, Debug, Default)]
pub enum Value {
    /// Not known (yet): a forward reference in an early pass.
    #[default]
    None,
    Bool(bool),
    Int(i64),
    /// An integer beyond 64 bits (never one that fits an `i64`).
    BigInt(Rc<BigInt>),
    Bits(Bits),
    /// A bit string whose value needs more than 64 bits.
    BigBits(Rc<BigBits>),
    Float(f64),
    Str(Rc<str>),
    Bytes(Rc<[u8]>),
    /// An inverted byte string (`~x'01'`, `bytes(-2)`): it reads as the
    /// complements of these bytes.
    InvBytes(Rc<[u8]>),
    List(Rc<[Value]>),
    Tuple(Rc<[Value]>),
    Dict(Rc<Dict>),
    /// `?`: uninitialized memory.
    Gap,
    Code(CodeRef),
    Addr(Rc<Address>),
    Type(Type),
    Builtin(Builtin),
    /// A processor register used as an operand (`asl a`, `lda 2, x`).
    Register(char),
    Macro(MacroKind, MacroId),
    Func(FuncId),
    Namespace(NsId),
    Encoding(EncId),
    /// A `.lbl` jump label: the line to continue from.
    Lbl(u32),
    /// `.name`: a symbol name as a value (dictionary keys, `.name in label`),
    /// as it is looked up (compared) and as it is written (shown).
    Symbol(u32, u32),
    /// The `...` fold placeholder.
    Fold,
    /// An omitted argument.
    Default,
    /// A colon list, `a:b:c` (64tass's colonlist): the value of the `:`
    /// operator, with `Default` for an element left out (`:4`, `1:`); a
    /// dictionary entry `key:value` is one, as functions mapping over a
    /// dictionary see it.
    ColonList(Rc<[Value]>),
    /// A failed operation's error, kept in the value as 64tass does: it is
    /// reported where the value is used (emitted, tested, converted), never
    /// if the value is dropped (`[1/0, 2][1]` is 2).
    Error(Rc<Fault>),
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }

    /// An integer in its smallest form.
    pub fn int(v: i128) -> Value {
        int::from_i128(v)
    }

    /// A byte string, inverted or not.
    pub fn bytes(raw: Vec<u8>, inv: bool) -> Value {
        if inv {
            Value::InvBytes(raw.into())
        } else {
            Value::Bytes(raw.into())
        }
    }

    /// The bytes of a byte string as they read (an inverted one complemented).
    pub fn read_bytes(&self) -> Option<std::borrow::Cow<'_, [u8]>> {
        match self {
            Value::Bytes(b) => Some(std::borrow::Cow::Borrowed(b)),
            Value::InvBytes(b) => Some(std::borrow::Cow::Owned(b.iter().map(|x| !x).collect())),
            _ => None,
        }
    }

    /// The raw bytes and the inversion of a byte string.
    pub fn as_bytes(&self) -> Option<(&[u8], bool)> {
        match self {
            Value::Bytes(b) => Some((b, false)),
            Value::InvBytes(b) => Some((b, true)),
            _ => None,
        }
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(items.into())
    }

    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(items.into())
    }

    pub fn type_of(&self) -> Type {
        match self {
            Value::None => Type::None,
            Value::Bool(_) => Type::Bool,
            Value::Int(_) | Value::BigInt(_) => Type::Int,
            Value::Bits(_) | Value::BigBits(_) => Type::Bits,
            Value::Float(_) => Type::Float,
            Value::Str(_) => Type::Str,
            Value::Bytes(_) | Value::InvBytes(_) => Type::Bytes,
            Value::List(_) => Type::List,
            Value::Tuple(_) => Type::Tuple,
            Value::Dict(_) => Type::Dict,
            Value::Gap => Type::Gap,
            Value::Code(_) => Type::Code,
            Value::Addr(_) => Type::Address,
            Value::Type(_) => Type::Type,
            Value::Builtin(_) => Type::Function,
            Value::Register(_) => Type::Register,
            Value::Macro(MacroKind::Macro, _) => Type::Macro,
            Value::Macro(MacroKind::Segment, _) => Type::Segment,
            Value::Macro(MacroKind::Struct, _) => Type::Struct,
            Value::Macro(MacroKind::Union, _) => Type::Union,
            Value::Func(FuncId(_, true)) => Type::Sfunc,
            Value::Func(_) => Type::Mfunc,
            Value::Namespace(_) => Type::Namespace,
            Value::Encoding(_) => Type::Enc,
            Value::Lbl(_) => Type::Namespace,
            Value::Symbol(..) => Type::Symbol,
            Value::Fold => Type::Fold,
            Value::ColonList(_) => Type::ColonList,
            Value::Default => Type::None,
            Value::Error(_) => Type::Error,
        }
    }

    pub fn type_name(&self) -> &'static str {
        self.type_of().name()
    }

    /// Lists, tuples (and dictionaries) hold elements that data directives
    /// and broadcasting operators work on one by one.
    pub fn elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(v) | Value::Tuple(v) => Some(v),
            _ => None,
        }
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }
}

/// Values are equal in the sense 64tass uses to decide whether a symbol
/// changed between passes (code objects: the same object).
pub fn same(a: &Value, b: &Value) -> bool {
    same_with(a, b, &|x, y| x == y)
}

/// As [`same`], with code objects compared by `same_code` (by content, when
/// each pass makes new ones: `label = *`).
pub fn same_with(a: &Value, b: &Value, same_code: &dyn Fn(CodeRef, CodeRef) -> bool) -> bool {
    let same = |x: &Value, y: &Value| same_with(x, y, same_code);
    match (a, b) {
        (Value::None, Value::None) | (Value::Gap, Value::Gap) => true,
        // Errors settle like values: a pass keeps new copies of the same one.
        (Value::Error(_), Value::Error(_)) => true,
        (Value::ColonList(x), Value::ColonList(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q))
        }
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::BigInt(x), Value::BigInt(y)) => x == y,
        (Value::Bits(x), Value::Bits(y)) => x == y,
        (Value::BigBits(x), Value::BigBits(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Bytes(x), Value::Bytes(y)) | (Value::InvBytes(x), Value::InvBytes(y)) => x == y,
        (Value::List(x), Value::List(y)) | (Value::Tuple(x), Value::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same(a, b))
        }
        (Value::Dict(x), Value::Dict(y)) => {
            x.pairs.len() == y.pairs.len()
                && x.pairs.iter().zip(y.pairs.iter()).all(|((a, b), (c, d))| {
                    same(a, c)
                        && match (b, d) {
                            (None, None) => true,
                            (Some(b), Some(d)) => same(b, d),
                            _ => false,
                        }
                })
                && match (&x.default, &y.default) {
                    (None, None) => true,
                    (Some(a), Some(b)) => same(a, b),
                    _ => false,
                }
        }
        (Value::Code(x), Value::Code(y)) => same_code(*x, *y),
        (Value::Addr(x), Value::Addr(y)) => x.mode == y.mode && same(&x.val, &y.val),
        (Value::Type(x), Value::Type(y)) => x == y,
        (Value::Builtin(x), Value::Builtin(y)) => x == y,
        (Value::Register(x), Value::Register(y)) => x == y,
        (Value::Macro(k, x), Value::Macro(l, y)) => k == l && x == y,
        (Value::Func(x), Value::Func(y)) => x == y,
        (Value::Namespace(x), Value::Namespace(y)) => x == y,
        (Value::Encoding(x), Value::Encoding(y)) => x == y,
        (Value::Lbl(x), Value::Lbl(y)) => x == y,
        (Value::Symbol(x, _), Value::Symbol(y, _)) => x == y,
        (Value::Fold, Value::Fold) | (Value::Default, Value::Default) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The usual modes' operator lists are those the general decoding gives.
    #[test]
    fn common_ops_are_the_ops() {
        let x = AddrOp::Index(Reg::X);
        let y = AddrOp::Index(Reg::Y);
        let shapes: &[&[AddrOp]] = &[
            &[AddrOp::Imm],
            &[AddrOp::ImmSigned],
            &[AddrOp::Ind],
            &[x],
            &[y],
            &[x, AddrOp::Ind],
            &[AddrOp::Ind, y],
        ];
        for ops in shapes {
            let mode = ops
                .iter()
                .try_fold(AddrMode::NONE, |m, &op| m.push(op))
                .unwrap();
            assert_eq!(mode.common_ops(), Some(*ops));
            assert_eq!(&mode.ops()[..], *ops);
        }
        let other = AddrMode::NONE.push(AddrOp::Index(Reg::B)).unwrap();
        assert_eq!(other.common_ops(), None);
    }
}
