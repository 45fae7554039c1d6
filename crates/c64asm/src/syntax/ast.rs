//! Expression trees. Positions are byte offsets into the text the line belongs to.

use std::marker::PhantomData;
use std::ptr::NonNull;
use std::rc::Rc;

use crate::intern::Name;
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
}

impl BinOp {
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

/// An operator's operand(s): boxed, or in the parse cache's chunk of
/// expressions (see [`Arena`]): a large source's operators then cost no
/// allocation each, and sit next to the rest of their line.
///
/// The low bit of the pointer tells which: set, the value is an element of
/// an arena chunk that also holds (or will hold) the node's parent, and that
/// chunk owns and drops it; clear, the node owns a box. A clone is always
/// boxed, so only the chunk's own elements point into it.
pub struct Node<T> {
    ptr: NonNull<T>,
    _owns: PhantomData<T>,
}

const IN_ARENA: usize = 1;

impl<T> Node<T> {
    pub fn boxed(value: T) -> Node<T> {
        Node {
            // SAFETY: `Box::into_raw` never returns null.
            ptr: unsafe { NonNull::new_unchecked(Box::into_raw(Box::new(value))) },
            _owns: PhantomData,
        }
    }

    fn in_arena(&self) -> bool {
        self.ptr.as_ptr() as usize & IN_ARENA != 0
    }

    fn get(&self) -> *mut T {
        self.ptr.as_ptr().map_addr(|a| a & !IN_ARENA)
    }
}

impl<T> std::ops::Deref for Node<T> {
    type Target = T;

    fn deref(&self) -> &T {
        // SAFETY: a boxed node is owned by `self`; an arena node is an
        // element of a chunk that outlives its parent (see `Arena`).
        unsafe { &*self.get() }
    }
}

impl<T> std::ops::DerefMut for Node<T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as for `deref`; only the parent's node points to it.
        unsafe { &mut *self.get() }
    }
}

impl<T> Drop for Node<T> {
    fn drop(&mut self) {
        if !self.in_arena() {
            // SAFETY: a boxed node came from `Box::into_raw` and is owned here.
            drop(unsafe { Box::from_raw(self.get()) });
        }
    }
}

impl<T: Clone> Clone for Node<T> {
    fn clone(&self) -> Self {
        Node::boxed((**self).clone())
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Node<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Node<Expr> {
    /// The node's expression, taken out (an arena slot keeps a placeholder,
    /// dropped with its chunk).
    pub fn into_inner(mut self) -> Expr {
        let placeholder = Expr {
            pos: 0,
            height: 1,
            kind: ExprKind::Fold,
        };
        std::mem::replace(&mut *self, placeholder)
    }
}

/// Where the parser puts operands: a chunk of expressions whose capacity is
/// fixed (it is never grown, so elements don't move). The caller must keep
/// every tree parsed with it in the same chunk (or drop it) and never move an
/// element out of it: the trees point into it.
pub struct Arena<'a> {
    chunk: &'a mut Vec<Expr>,
    /// A node did not fit: the parse must be redone with more room.
    pub full: bool,
}

impl<'a> Arena<'a> {
    /// # Safety
    /// Trees built in `chunk` must end up in `chunk` itself or be dropped
    /// before it is dropped, grown or truncated below them; its elements
    /// must not be moved out (only cloned, which boxes).
    pub unsafe fn new(chunk: &'a mut Vec<Expr>) -> Arena<'a> {
        Arena { chunk, full: false }
    }

    /// Room for `n` more expressions without growing.
    pub fn has_room(&self, n: usize) -> bool {
        self.chunk.capacity() - self.chunk.len() >= n
    }

    /// Store `items` contiguously, as one `T` (`Expr` or an array of
    /// them); the items back when the chunk is full.
    fn put<T, const N: usize>(&mut self, items: [Expr; N]) -> Result<Node<T>, [Expr; N]> {
        const { assert!(std::mem::size_of::<T>() == N * std::mem::size_of::<Expr>()) };
        if self.full || !self.has_room(N) {
            self.full = true;
            return Err(items);
        }
        let at = self.chunk.len();
        self.chunk.extend(items);
        // SAFETY: `at + N <= len <= capacity`: in bounds, and nothing was
        // reallocated. `T` is `Expr` or `[Expr; N]`, laid out as N elements.
        let p = unsafe { self.chunk.as_mut_ptr().add(at) }.cast::<T>();
        let p = p.map_addr(|a| a | IN_ARENA);
        // SAFETY: a non-null pointer with its low (alignment) bit set.
        Ok(Node {
            ptr: unsafe { NonNull::new_unchecked(p) },
            _owns: PhantomData,
        })
    }
}

/// An operand node: in the arena when there is one with room, else boxed.
pub fn node(arena: &mut Option<Arena<'_>>, e: Expr) -> Node<Expr> {
    match arena {
        Some(a) => a.put::<Expr, 1>([e]).unwrap_or_else(|[e]| Node::boxed(e)),
        None => Node::boxed(e),
    }
}

/// Two or three operands as one node (see [`node`]).
pub fn nodes<const N: usize>(arena: &mut Option<Arena<'_>>, items: [Expr; N]) -> Node<[Expr; N]> {
    match arena {
        Some(a) => a.put::<[Expr; N], N>(items).unwrap_or_else(Node::boxed),
        None => Node::boxed(items),
    }
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub pos: Pos,
    /// How deep the tree below is (1 for a leaf): the parser refuses
    /// expressions deeper than [`MAX_HEIGHT`], so evaluating one can't
    /// exhaust the stack.
    pub height: u32,
    pub kind: ExprKind,
}

// A large source's parsed lines are mostly `Expr`s: keep it this size
// (every payload wider than 8 bytes is boxed).
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Expr>() == 24);

/// A line's expressions as parsed (inline: a line has few; the parse
/// cache copies them into its shared chunks).
pub type ExprList = smallvec::SmallVec<[Expr; 4]>;

/// The items of a list, tuple or slice: boxed twice so that the node's
/// payload is one pointer (they are rare).
pub type Items = Box<Box<[Expr]>>;

/// A dictionary literal's entry; a `None` key is the default value.
pub type DictPair = (Option<Expr>, Expr);

/// A bit string literal (`$ff`, `%1010`) small enough to sit in a node;
/// wider ones are [`ExprKind::Big`].
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

    pub fn bits(self) -> Bits {
        Bits {
            val: self.val as u64,
            len: self.len as u32,
            inv: self.inv,
        }
    }
}

/// The deepest expression tree accepted: 64tass takes tens of thousands of
/// nested parentheses; beyond this an expression is an error, not a crash
/// (the assembler runs on a stack sized for it, see `on_big_stack`).
pub const MAX_HEIGHT: u32 = 100_000;

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Bits(SmallBits),
    /// An integer or bit string literal beyond 64 bits (boxed, like every
    /// large or rare payload: an `Expr` is 32 bytes, and a large source's
    /// parsed lines are most of the assembler's memory).
    Big(Box<crate::value::Value>),
    Float(f64),
    Str(Box<Rc<str>>),
    /// `x"..."` and `z"..."`: literal bytes.
    Bytes(Box<Rc<[u8]>>),
    /// `b"..."` and friends: encoded with the current encoding when evaluated.
    EncStr(Box<(TextMode, Rc<str>)>),
    /// `?`: uninitialized memory.
    Gap,
    /// `*`: the program counter at the start of the line.
    Star,
    /// An omitted argument (`,,`) or slice bound.
    Default,
    /// Anonymous label reference: 0 = `+`, 1 = `++`, -1 = `-`, -2 = `--`.
    Anon(i32),
    /// A symbol looked up in the current scope.
    Ident(Name),
    /// A symbol name as a value (`.name`, and the right side of `.`).
    Symbol(Name),
    /// `.+`, `.-`: anonymous symbols as values.
    AnonSymbol(i32),
    Unary(UnOp, Node<Expr>),
    Binary(BinOp, Node<[Expr; 2]>),
    /// `c ? a : b`
    Cond(Node<[Expr; 3]>),
    /// `c ?? a : b`
    DCond(Node<[Expr; 3]>),
    /// `a.b`: member lookup (the right side is a symbol, or a list of them).
    Member(Node<[Expr; 2]>),
    /// `f(args)`: the function and the arguments.
    Call(Box<(Expr, Box<[Expr]>)>),
    /// `v[args]`
    Index(Box<(Expr, Box<[Expr]>)>),
    /// `a:b:c` inside an index.
    Slice(Items),
    List(Items),
    Tuple(Items),
    /// `{k: v, ...}`; a `None` key is the default value.
    Dict(Box<Box<[DictPair]>>),
    /// A parenthesized expression (kept so instruction operands can tell
    /// indirection from grouping).
    Paren(Node<Expr>),
    Addr(AddrOp, Node<Expr>),
    /// `...`: the fold placeholder.
    Fold,
}

impl Expr {
    pub fn new(pos: Pos, kind: ExprKind) -> Expr {
        let height = height(&kind);
        Expr { pos, height, kind }
    }

    /// Where the expression's text starts, prefixes like `#` included: an
    /// operand's addressing mode is reported there.
    pub fn text_start(&self) -> Pos {
        match &self.kind {
            ExprKind::Binary(_, ab) => ab[0].text_start(),
            ExprKind::Member(ab) => ab[0].text_start(),
            ExprKind::Cond(abc) | ExprKind::DCond(abc) => abc[0].text_start(),
            ExprKind::Call(c) | ExprKind::Index(c) => c.0.text_start(),
            ExprKind::Addr(AddrOp::Index(_), inner) => inner.text_start().min(self.pos),
            _ => self.pos,
        }
    }

    /// Where the expression's text starts (`pos` is its operator's): a value
    /// that doesn't fit is reported there, as 64tass does; an immediate's
    /// value after its `#`.
    pub fn start(&self) -> Pos {
        match &self.kind {
            ExprKind::Binary(_, ab) => ab[0].start(),
            ExprKind::Member(ab) => ab[0].start(),
            ExprKind::Cond(abc) | ExprKind::DCond(abc) => abc[0].start(),
            ExprKind::Call(c) | ExprKind::Index(c) => c.0.start(),
            ExprKind::Addr(_, inner) => inner.start(),
            // 64tass places a value after its opening brackets.
            ExprKind::Paren(inner) => inner.start(),
            _ => self.pos,
        }
    }
}

/// How deep a node with these children is (1 for a leaf).
fn height(kind: &ExprKind) -> u32 {
    let below = |items: &[Expr]| items.iter().map(|e| e.height).max().unwrap_or(0);
    1 + match kind {
        ExprKind::Unary(_, a) | ExprKind::Paren(a) | ExprKind::Addr(_, a) => a.height,
        ExprKind::Binary(_, ab) | ExprKind::Member(ab) => below(&ab[..]),
        ExprKind::Cond(abc) | ExprKind::DCond(abc) => below(&abc[..]),
        ExprKind::Call(c) | ExprKind::Index(c) => c.0.height.max(below(&c.1)),
        ExprKind::Slice(items) | ExprKind::List(items) | ExprKind::Tuple(items) => below(items),
        ExprKind::Dict(pairs) => pairs
            .iter()
            .map(|(k, v)| k.as_ref().map_or(0, |k| k.height).max(v.height))
            .max()
            .unwrap_or(0),
        _ => 0,
    }
}

/// Turn the parentheses of an instruction operand into indirection, as
/// 64tass does: `(x)` is indirect when nothing but `,x`-style indexing, a
/// closing bracket, a comma or the end of the operand follows it (`(2),y`,
/// `len((2))`, `[1, (2)]`), and plain grouping when it is the operand of an
/// operator, indexed or an index (`(2)+3`, `#(2)`, `(2)[0]`, `x[(0)]`). In place: the
/// parser's nodes are reused.
pub fn mark_indirect(e: &mut Expr) {
    resolve(e, true);
}

fn resolve(e: &mut Expr, top: bool) {
    match &mut e.kind {
        ExprKind::Paren(inner) => {
            resolve(inner, true);
            let ExprKind::Paren(inner) = std::mem::replace(&mut e.kind, ExprKind::Fold) else {
                unreachable!("matched above")
            };
            if top {
                e.kind = ExprKind::Addr(AddrOp::Ind, inner);
            } else {
                // Grouping only: the node becomes its content (its own
                // position included, as a rebuilt tree would have it).
                *e = inner.into_inner();
                return;
            }
        }
        ExprKind::Addr(AddrOp::Index(_) | AddrOp::LongInd, base) => resolve(base, true),
        ExprKind::Addr(_, base) => resolve(base, false),
        ExprKind::List(items) | ExprKind::Tuple(items) => {
            items.iter_mut().for_each(|x| resolve(x, true))
        }
        ExprKind::Call(c) => {
            resolve(&mut c.0, false);
            c.1.iter_mut().for_each(|x| resolve(x, true));
        }
        // 64tass 1.58 groups in an index (`x[(0)]`) and a dictionary (`{1: (2)}`).
        ExprKind::Index(c) => {
            resolve(&mut c.0, false);
            c.1.iter_mut().for_each(|x| resolve(x, false));
        }
        ExprKind::Slice(items) => items.iter_mut().for_each(|x| resolve(x, false)),
        ExprKind::Member(ab) => resolve(&mut ab[0], false),
        ExprKind::Dict(pairs) => pairs.iter_mut().for_each(|(k, v)| {
            if let Some(k) = k {
                resolve(k, false);
            }
            resolve(v, false);
        }),
        ExprKind::Unary(_, a) => resolve(a, false),
        ExprKind::Binary(_, ab) => ab.iter_mut().for_each(|x| resolve(x, false)),
        // A branch's own `(a),y` is indirect; a bare `(a)` there is grouping.
        ExprKind::Cond(parts) | ExprKind::DCond(parts) => {
            parts.iter_mut().for_each(|x| resolve(x, false))
        }
        _ => return,
    }
    e.height = height(&e.kind);
}
