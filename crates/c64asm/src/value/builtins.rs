//! The symbols every source starts with: the built-in functions, the types
//! and a few constants, by name (sorted: looked up by binary search).

use super::{Builtin, Type, Value};

/// The name a built-in function is known by (`<native_function 'len'>`).
pub fn builtin_name(b: Builtin) -> &'static str {
    BUILTINS
        .iter()
        .find(|(_, v)| matches!(v, Value::Builtin(x) if *x == b))
        .map_or("?", |(n, _)| n)
}

/// The symbols every source starts with.
pub const BUILTINS: &[(&str, Value)] = &[
    ("abs", Value::Builtin(Builtin::Abs)),
    ("acos", Value::Builtin(Builtin::Acos)),
    ("addr", Value::Builtin(Builtin::Addr)),
    ("address", Value::Type(Type::Address)),
    ("all", Value::Builtin(Builtin::All)),
    ("any", Value::Builtin(Builtin::Any)),
    ("asin", Value::Builtin(Builtin::Asin)),
    ("atan", Value::Builtin(Builtin::Atan)),
    ("atan2", Value::Builtin(Builtin::Atan2)),
    ("binary", Value::Builtin(Builtin::Binary)),
    ("bits", Value::Type(Type::Bits)),
    ("bool", Value::Type(Type::Bool)),
    ("byte", Value::Builtin(Builtin::Byte)),
    ("bytes", Value::Type(Type::Bytes)),
    ("cbrt", Value::Builtin(Builtin::Cbrt)),
    ("ceil", Value::Builtin(Builtin::Ceil)),
    ("char", Value::Builtin(Builtin::Char)),
    ("code", Value::Type(Type::Code)),
    ("cos", Value::Builtin(Builtin::Cos)),
    ("cosh", Value::Builtin(Builtin::Cosh)),
    ("deg", Value::Builtin(Builtin::Deg)),
    ("dict", Value::Type(Type::Dict)),
    ("dint", Value::Builtin(Builtin::Dint)),
    ("dword", Value::Builtin(Builtin::Dword)),
    ("exp", Value::Builtin(Builtin::Exp)),
    ("false", Value::Bool(false)),
    ("float", Value::Type(Type::Float)),
    ("floor", Value::Builtin(Builtin::Floor)),
    ("format", Value::Builtin(Builtin::Format)),
    ("frac", Value::Builtin(Builtin::Frac)),
    ("gap", Value::Type(Type::Gap)),
    ("hypot", Value::Builtin(Builtin::Hypot)),
    ("int", Value::Type(Type::Int)),
    ("len", Value::Builtin(Builtin::Len)),
    ("lint", Value::Builtin(Builtin::Lint)),
    ("list", Value::Type(Type::List)),
    ("log", Value::Builtin(Builtin::Log)),
    ("log10", Value::Builtin(Builtin::Log10)),
    ("long", Value::Builtin(Builtin::Long)),
    ("namespace", Value::Type(Type::Namespace)),
    ("pi", Value::Float(std::f64::consts::PI)),
    ("pow", Value::Builtin(Builtin::Pow)),
    ("rad", Value::Builtin(Builtin::Rad)),
    ("random", Value::Builtin(Builtin::Random)),
    ("range", Value::Builtin(Builtin::Range)),
    ("register", Value::Type(Type::Register)),
    ("repr", Value::Builtin(Builtin::Repr)),
    ("round", Value::Builtin(Builtin::Round)),
    ("rta", Value::Builtin(Builtin::Rta)),
    ("sign", Value::Builtin(Builtin::Sign)),
    ("sin", Value::Builtin(Builtin::Sin)),
    ("sinh", Value::Builtin(Builtin::Sinh)),
    ("sint", Value::Builtin(Builtin::Sint)),
    ("size", Value::Builtin(Builtin::Size)),
    ("sort", Value::Builtin(Builtin::Sort)),
    ("sqrt", Value::Builtin(Builtin::Sqrt)),
    ("str", Value::Type(Type::Str)),
    ("tan", Value::Builtin(Builtin::Tan)),
    ("tanh", Value::Builtin(Builtin::Tanh)),
    ("true", Value::Bool(true)),
    ("trunc", Value::Builtin(Builtin::Trunc)),
    ("tuple", Value::Type(Type::Tuple)),
    ("type", Value::Type(Type::Type)),
    ("word", Value::Builtin(Builtin::Word)),
];
