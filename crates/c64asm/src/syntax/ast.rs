//! The operators and literal pieces expressions are made of (the nodes
//! themselves are in [`super::compiled`]). Positions are byte offsets into
//! the text the line belongs to.

use crate::value::Bits;

/// Byte offset of a node in its text (for messages).
pub type Pos = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Pos,
    Inv,
    Not,
    /// `<`: low byte.
    Lower,
    /// `>`: high byte.
    Higher,
    /// `<>`: low word.
    Word,
    /// `>``: high word.
    HWord,
    /// `><`: byte-swapped word.
    BSWord,
    /// `` ` ``: bank byte.
    Bank,
    /// `^`: decimal string (deprecated).
    DecStr,
    /// `*`: convert a list into arguments.
    Splat,
    /// `-T` (TASM-compatible): the value as a 16-bit unsigned word, what
    /// every TASM operator reads and makes.
    TasmWord,
    /// `-T`: `<` before a whole TASM expression, the low byte of its word.
    TasmLow,
    /// `-T`: `>` before a whole TASM expression, the high byte of its word.
    TasmHigh,
    /// `-T`: an operand made immediate, indexed or indirect, which must
    /// have a word (64tass takes it first); the value itself is kept.
    TasmCheck,
}

impl UnOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Pos => "+",
            UnOp::Inv => "~",
            UnOp::Not => "!",
            UnOp::Lower => "<",
            UnOp::Higher => ">",
            UnOp::Word => "<>",
            UnOp::HWord => ">`",
            UnOp::BSWord => "><",
            UnOp::Bank => "`",
            UnOp::DecStr => "^",
            UnOp::Splat => "*",
            UnOp::TasmWord => "",
            UnOp::TasmLow => "<",
            UnOp::TasmHigh => ">",
            UnOp::TasmCheck => "",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            UnOp::Neg => "unary negative",
            UnOp::Pos => "unary positive",
            UnOp::Inv => "binary invert",
            UnOp::Not => "logical not",
            UnOp::Lower => "low byte",
            UnOp::Higher => "high byte",
            UnOp::Word => "word",
            UnOp::HWord => "high word",
            UnOp::BSWord => "swapped word",
            UnOp::Bank => "bank byte",
            UnOp::DecStr => "decimal string",
            UnOp::Splat => "unary splat",
            UnOp::TasmWord => "word",
            UnOp::TasmLow => "low byte",
            UnOp::TasmHigh => "high byte",
            UnOp::TasmCheck => "word",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Exp,
    Or,
    Xor,
    And,
    Shl,
    Shr,
    LOr,
    LXor,
    LAnd,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Cmp,
    Identity,
    NIdentity,
    Min,
    Max,
    In,
    NotIn,
    Concat,
    Repeat,
    // The assignment operators: 64tass reads them in any expression (where
    // they are no statement's) and refuses them when evaluated.
    VarAssign,
    Reassign,
    MinAssign,
    MaxAssign,
    OrAssign,
    XorAssign,
    AndAssign,
    ShlAssign,
    ShrAssign,
    AddAssign,
    SubAssign,
    MulAssign,
    DivAssign,
    ModAssign,
    ExpAssign,
    ConcatAssign,
    RepeatAssign,
    MemberAssign,
    LOrAssign,
    LAndAssign,
    CondAssign,
}

impl BinOp {
    /// Whether it is one of the assignment operators (`+=`, `:=`, ...).
    pub fn is_assign(self) -> bool {
        self.prio() == 2
    }

    /// 64tass's operator priority (higher binds tighter).
    pub fn prio(self) -> u8 {
        match self {
            BinOp::LOr => 5,
            BinOp::LXor => 6,
            BinOp::LAnd => 7,
            BinOp::In
            | BinOp::NotIn
            | BinOp::Cmp
            | BinOp::Eq
            | BinOp::Ne
            | BinOp::Lt
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Le
            | BinOp::Identity
            | BinOp::NIdentity => 8,
            BinOp::Min | BinOp::Max => 9,
            BinOp::Or => 10,
            BinOp::Xor => 11,
            BinOp::And => 12,
            BinOp::Shl | BinOp::Shr => 13,
            BinOp::Add | BinOp::Sub => 14,
            BinOp::Mul | BinOp::Div | BinOp::Mod => 15,
            BinOp::Exp => 16,
            BinOp::Concat => 19,
            BinOp::Repeat => 20,
            _ => 2,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Exp => "**",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::And => "&",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::LOr => "||",
            BinOp::LXor => "^^",
            BinOp::LAnd => "&&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::Le => "<=",
            BinOp::Ge => ">=",
            BinOp::Cmp => "<=>",
            BinOp::Identity => "===",
            BinOp::NIdentity => "!==",
            BinOp::Min => "<?",
            BinOp::Max => ">?",
            BinOp::In => "in",
            BinOp::NotIn => "!in",
            BinOp::Concat => "..",
            BinOp::Repeat => "x",
            BinOp::VarAssign => ":=",
            BinOp::Reassign => "::=",
            BinOp::MinAssign => "<?=",
            BinOp::MaxAssign => ">?=",
            BinOp::OrAssign => "|=",
            BinOp::XorAssign => "^=",
            BinOp::AndAssign => "&=",
            BinOp::ShlAssign => "<<=",
            BinOp::ShrAssign => ">>=",
            BinOp::AddAssign => "+=",
            BinOp::SubAssign => "-=",
            BinOp::MulAssign => "*=",
            BinOp::DivAssign => "/=",
            BinOp::ModAssign => "%=",
            BinOp::ExpAssign => "**=",
            BinOp::ConcatAssign => "..=",
            BinOp::RepeatAssign => "x=",
            BinOp::MemberAssign => ".=",
            BinOp::LOrAssign => "||=",
            BinOp::LAndAssign => "&&=",
            BinOp::CondAssign => ":?=",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "subtract",
            BinOp::Mul => "multiply",
            BinOp::Div => "division",
            BinOp::Mod => "modulo",
            BinOp::Exp => "exponent",
            BinOp::Or => "binary or",
            BinOp::Xor => "binary exclusive or",
            BinOp::And => "binary and",
            BinOp::Shl => "binary left shift",
            BinOp::Shr => "binary right shift",
            BinOp::LOr => "logical or",
            BinOp::LXor => "logical xor",
            BinOp::LAnd => "logical and",
            BinOp::Eq => "equal",
            BinOp::Ne => "not equal",
            BinOp::Lt => "less than",
            BinOp::Gt => "greater than",
            BinOp::Le => "less than or equal",
            BinOp::Ge => "greater than or equal",
            BinOp::Cmp => "compare",
            BinOp::Identity => "identical",
            BinOp::NIdentity => "not identical",
            BinOp::Min => "smaller of",
            BinOp::Max => "greater of",
            BinOp::In => "contains",
            BinOp::NotIn => "excludes",
            BinOp::Concat => "concatenate",
            BinOp::Repeat => "repeat",
            BinOp::VarAssign => "variable assign",
            BinOp::Reassign => "variable reassign",
            BinOp::MinAssign => "smaller of assign",
            BinOp::MaxAssign => "greater of assign",
            BinOp::OrAssign => "binary or assign",
            BinOp::XorAssign => "binary exclusive or assign",
            BinOp::AndAssign => "binary and assign",
            BinOp::ShlAssign => "binary left shift assign",
            BinOp::ShrAssign => "binary right shift assign",
            BinOp::AddAssign => "add assign",
            BinOp::SubAssign => "subtract assign",
            BinOp::MulAssign => "multiply assign",
            BinOp::DivAssign => "division assign",
            BinOp::ModAssign => "modulo assign",
            BinOp::ExpAssign => "exponent assign",
            BinOp::ConcatAssign => "concatenate assign",
            BinOp::RepeatAssign => "repeat assign",
            BinOp::MemberAssign => "member assign",
            BinOp::LOrAssign => "logical or assign",
            BinOp::LAndAssign => "logical and assign",
            BinOp::CondAssign => "conditional assign",
        }
    }
}

/// Index registers of the `,x`-style operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    X,
    Y,
    Z,
    S,
    R,
    D,
    B,
    K,
}

impl Reg {
    pub fn from_letter(c: u8) -> Option<Reg> {
        Some(match c {
            b'x' => Reg::X,
            b'y' => Reg::Y,
            b'z' => Reg::Z,
            b's' => Reg::S,
            b'r' => Reg::R,
            b'd' => Reg::D,
            b'b' => Reg::B,
            b'k' => Reg::K,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            Reg::X => 'x',
            Reg::Y => 'y',
            Reg::Z => 'z',
            Reg::S => 's',
            Reg::R => 'r',
            Reg::D => 'd',
            Reg::B => 'b',
            Reg::K => 'k',
        }
    }
}

/// Addressing-mode operators: they wrap a value into an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddrOp {
    /// `#`
    Imm,
    /// `#+` / `#-`
    ImmSigned,
    /// Parentheses around an instruction operand.
    Ind,
    /// Square brackets around an instruction operand.
    LongInd,
    /// `,x` and friends.
    Index(Reg),
}

/// How a prefixed string literal is turned into bytes (`b"..."`, `n"..."`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMode {
    /// `.text`
    Text,
    /// `.null`
    Null,
    /// `.shift`
    Shift,
    /// `.shiftl`
    ShiftL,
    /// `.ptext`
    PText,
}

/// A bit string literal (`$ff`, `%1010`) small enough to sit in a node;
/// wider ones are boxed (see `compiled::ExprKind::Big`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallBits {
    val: u32,
    len: u16,
    inv: bool,
}

impl SmallBits {
    pub fn new(b: Bits) -> Option<SmallBits> {
        Some(SmallBits {
            val: u32::try_from(b.val).ok()?,
            len: u16::try_from(b.len).ok()?,
            inv: b.inv,
        })
    }

    /// From the fields [`SmallBits::bits`] gives (the compiled form keeps them apart).
    pub fn from_parts(val: u32, len: u16, inv: bool) -> SmallBits {
        SmallBits { val, len, inv }
    }

    pub fn bits(self) -> Bits {
        Bits {
            val: self.val as u64,
            len: self.len as u32,
            inv: self.inv,
        }
    }
}
