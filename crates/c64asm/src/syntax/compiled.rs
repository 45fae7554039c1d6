//! The compiled form of a line's expressions: small fixed-size nodes (16
//! bytes), read through [`Expr::kind`].
//!
//! A node holds its text position, a tag, an operator byte, and one 8-byte
//! payload: a literal already converted (an integer, a float, a short bit
//! string), an interned name, or where its operands are. Operands sit
//! contiguously in a run of nodes: two for a binary operator, three for
//! `?:`, and for a call, a list or a dictionary a run that starts with a
//! header node holding the count. The parse cache keeps runs in shared
//! chunks (many lines' nodes in one allocation, see [`Arena`]); a parse
//! without one boxes each run. Nothing here knows about evaluation: the
//! assembler walks the nodes (data flows text → parser → compiled nodes →
//! values).

use std::marker::PhantomData;
use std::rc::Rc;

use super::ast::{AddrOp, BinOp, Pos, Reg, SmallBits, TextMode, UnOp};
use crate::intern::Name;
use crate::value::Value;

pub mod packed;

/// What a node is (and how its payload is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Tag {
    Int,
    Bits,
    Big,
    Float,
    Str,
    Bytes,
    EncStr,
    Gap,
    Star,
    Default,
    Anon,
    Ident,
    Symbol,
    AnonSymbol,
    Fold,
    /// A value whose error is reported already.
    Failed,
    /// A dictionary entry's missing key (the default value's).
    NoKey,
    /// The first node of a variable-length run: how many follow.
    Header,
    Unary,
    Paren,
    Addr,
    Binary,
    Member,
    Cond,
    DCond,
    Call,
    Index,
    Slice,
    List,
    Tuple,
    Dict,
}

impl Tag {
    /// Operands in the run of a fixed-size operator; `None` for a leaf or a
    /// run with a header.
    fn fixed(self) -> Option<usize> {
        match self {
            Tag::Unary | Tag::Paren | Tag::Addr => Some(1),
            Tag::Binary | Tag::Member => Some(2),
            Tag::Cond | Tag::DCond => Some(3),
            _ => None,
        }
    }

    fn counted(self) -> bool {
        matches!(
            self,
            Tag::Call | Tag::Index | Tag::Slice | Tag::List | Tag::Tuple | Tag::Dict
        )
    }
}

/// The 8-byte payload; which field is live is the node's [`Tag`].
#[derive(Clone, Copy)]
union Data {
    int: i64,
    float: f64,
    /// A name, an anonymous reference's count, a bit string's value.
    word: u32,
    /// A symbol's name as it is looked up and as it is written (`.SEG`).
    names: [u32; 2],
    /// The operand run: low bit set, it is in an arena chunk (owned by the
    /// chunk), clear, it is boxed (owned by this node).
    run: *mut Expr,
    big: *mut Value,
    text: *mut Rc<str>,
    bytes: *mut Rc<[u8]>,
    count: usize,
}

/// One compiled expression node (see the module's description).
pub struct Expr {
    /// Byte offset of the node in its text (for messages).
    pub pos: Pos,
    tag: Tag,
    /// The operator (unary, binary, addressing mode), text mode, or a bit
    /// string's inversion.
    op: u8,
    /// An operator's height (saturated), or a bit string's length.
    aux: u16,
    data: Data,
    _owns: PhantomData<(Box<Expr>, Box<Value>, Rc<str>)>,
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Expr>() == 16);

const IN_ARENA: usize = 1;

/// The tallest operator chain accepted (`1+1+...`: heights are kept in
/// 16 bits, saturated): beyond this an expression is an error, not a crash
/// (evaluation recurses as deep as the tree; the parser bounds its own
/// nesting of brackets and prefix operators apart).
pub const MAX_HEIGHT: u32 = u16::MAX as u32 - 1;

/// A line's expressions as parsed (inline: a line has few; the parse
/// cache copies them into its shared chunks).
pub type ExprList = smallvec::SmallVec<[Expr; 4]>;

/// Drop `v`, emptied (its nodes moved out), without `SmallVec`'s drop,
/// which is a call: an empty list that never spilled owns nothing.
#[inline(always)]
pub fn drop_emptied(v: ExprList) {
    debug_assert!(v.is_empty(), "only an emptied list");
    if v.spilled() || !v.is_empty() {
        drop_list(v);
    } else {
        std::mem::forget(v);
    }
}

#[inline(never)]
#[cold]
fn drop_list(v: ExprList) {
    drop(v);
}

/// A node read back: literals by value, operands as references into the
/// node's run.
#[derive(Clone, Copy, Debug)]
pub enum ExprKind<'a> {
    Int(i64),
    Bits(SmallBits),
    /// An integer or bit string literal beyond 64 bits.
    Big(&'a Value),
    Float(f64),
    Str(&'a Rc<str>),
    /// `x"..."` and `z"..."`: literal bytes.
    Bytes(&'a Rc<[u8]>),
    /// `b"..."` and friends: encoded with the current encoding when evaluated.
    EncStr(TextMode, &'a Rc<str>),
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
    /// The name as it is looked up, and as it is written.
    Symbol(Name, Name),
    /// `.+`, `.-`: anonymous symbols as values.
    AnonSymbol(i32),
    Unary(UnOp, &'a Expr),
    Binary(BinOp, &'a [Expr; 2]),
    /// `c ? a : b`
    Cond(&'a [Expr; 3]),
    /// `c ?? a : b`
    DCond(&'a [Expr; 3]),
    /// `a.b`: member lookup (the right side is a symbol, or a list of them).
    Member(&'a [Expr; 2]),
    /// `f(args)`: the function and the arguments.
    Call(&'a Expr, &'a [Expr]),
    /// `v[args]`
    Index(&'a Expr, &'a [Expr]),
    /// `a:b:c` inside an index.
    Slice(&'a [Expr]),
    List(&'a [Expr]),
    Tuple(&'a [Expr]),
    /// `{k: v, ...}`; a `None` key is the default value.
    Dict(DictPairs<'a>),
    /// A parenthesized expression (kept so instruction operands can tell
    /// indirection from grouping).
    Paren(&'a Expr),
    Addr(AddrOp, &'a Expr),
    /// `...`: the fold placeholder.
    Fold,
    /// A value whose error is reported already (a string the line ends
    /// in, a misplaced splat): 64tass goes on with the value `none` (a
    /// label given it is defined).
    Failed,
}

/// A dictionary literal's entries: key (none for the default value) and
/// value (none for a key alone, as in 64tass's `{1, 2:3}`).
#[derive(Clone, Copy, Debug)]
pub struct DictPairs<'a>(&'a [Expr]);

impl<'a> DictPairs<'a> {
    pub fn iter(self) -> impl Iterator<Item = (Option<&'a Expr>, Option<&'a Expr>)> {
        self.0.chunks_exact(2).map(|kv| {
            let key = (kv[0].tag != Tag::NoKey).then_some(&kv[0]);
            let value = (kv[1].tag != Tag::NoKey).then_some(&kv[1]);
            (key, value)
        })
    }
}

/// A list, tuple or slice (the variable-length runs without a callee).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seq {
    Slice,
    List,
    Tuple,
}

// Operators in one byte: decoded through these tables (their order is the
// enums', checked by a test).
const UNOPS: [UnOp; 16] = [
    UnOp::Neg,
    UnOp::Pos,
    UnOp::Inv,
    UnOp::Not,
    UnOp::Lower,
    UnOp::Higher,
    UnOp::Word,
    UnOp::HWord,
    UnOp::BSWord,
    UnOp::Bank,
    UnOp::DecStr,
    UnOp::Splat,
    UnOp::TasmWord,
    UnOp::TasmLow,
    UnOp::TasmHigh,
    UnOp::TasmCheck,
];
/// Every binary operator, in the order of their numbers.
pub(crate) const BINOPS: [BinOp; 50] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Mod,
    BinOp::Exp,
    BinOp::Or,
    BinOp::Xor,
    BinOp::And,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::LOr,
    BinOp::LXor,
    BinOp::LAnd,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Gt,
    BinOp::Le,
    BinOp::Ge,
    BinOp::Cmp,
    BinOp::Identity,
    BinOp::NIdentity,
    BinOp::Min,
    BinOp::Max,
    BinOp::In,
    BinOp::NotIn,
    BinOp::Concat,
    BinOp::Repeat,
    BinOp::VarAssign,
    BinOp::Reassign,
    BinOp::MinAssign,
    BinOp::MaxAssign,
    BinOp::OrAssign,
    BinOp::XorAssign,
    BinOp::AndAssign,
    BinOp::ShlAssign,
    BinOp::ShrAssign,
    BinOp::AddAssign,
    BinOp::SubAssign,
    BinOp::MulAssign,
    BinOp::DivAssign,
    BinOp::ModAssign,
    BinOp::ExpAssign,
    BinOp::ConcatAssign,
    BinOp::RepeatAssign,
    BinOp::MemberAssign,
    BinOp::LOrAssign,
    BinOp::LAndAssign,
    BinOp::CondAssign,
];
const REGS: [Reg; 8] = [
    Reg::X,
    Reg::Y,
    Reg::Z,
    Reg::S,
    Reg::R,
    Reg::D,
    Reg::B,
    Reg::K,
];
const MODES: [TextMode; 5] = [
    TextMode::Text,
    TextMode::Null,
    TextMode::Shift,
    TextMode::ShiftL,
    TextMode::PText,
];

pub fn addr_code(op: AddrOp) -> u8 {
    match op {
        AddrOp::Imm => 0,
        AddrOp::ImmSigned => 1,
        AddrOp::Ind => 2,
        AddrOp::LongInd => 3,
        AddrOp::Index(r) => 8 + r as u8,
    }
}

pub fn addr_op(code: u8) -> AddrOp {
    match code {
        0 => AddrOp::Imm,
        1 => AddrOp::ImmSigned,
        2 => AddrOp::Ind,
        3 => AddrOp::LongInd,
        c => AddrOp::Index(REGS[(c - 8) as usize & 7]),
    }
}

/// Where operator runs go while parsing: a chunk of nodes whose capacity
/// is fixed (it is never grown, so nodes don't move). The caller must keep
/// every tree built with it in the same chunk (or drop it) and never move
/// an element out of it: the trees point into it.
pub struct Arena<'a> {
    chunk: &'a mut Vec<Expr>,
    /// A run did not fit: the parse must be redone with more room (its
    /// runs were boxed meanwhile).
    pub full: bool,
    /// Fold integer arithmetic on literals into one literal node (see
    /// [`fold_ints`]): set for the parses kept for every pass.
    pub fold: bool,
}

impl<'a> Arena<'a> {
    /// # Safety
    /// Trees built in `chunk` must end up in `chunk` itself or be dropped
    /// before it is dropped, grown or truncated below them; its elements
    /// must not be moved out.
    pub unsafe fn new(chunk: &'a mut Vec<Expr>) -> Arena<'a> {
        Arena {
            chunk,
            full: false,
            fold: false,
        }
    }

    /// Room for `n` more nodes without growing.
    pub fn has_room(&self, n: usize) -> bool {
        self.chunk.capacity() - self.chunk.len() >= n
    }

    /// Drop `e`, a folded operation's operand, and if it is brackets whose
    /// literal is the chunk's last node, that node too (nothing else
    /// points to it: it was the brackets' own run).
    #[inline]
    fn take_back(&mut self, e: Expr) {
        let last = self.chunk.len().checked_sub(1);
        let own = e.tag == Tag::Paren
            && e.in_arena()
            && last.is_some_and(|l| std::ptr::eq(e.run_ptr().cast_const(), &self.chunk[l]));
        drop(e);
        if own {
            // An integer literal: nothing to drop.
            self.chunk.pop();
        }
    }
}

/// Store a run of nodes in the arena if it has room, else boxed; the
/// payload pointer (low bit: in the arena).
fn put_run(arena: &mut Option<Arena<'_>>, items: impl ExactSizeIterator<Item = Expr>) -> Data {
    let n = items.len();
    if let Some(a) = arena {
        if !a.full && a.has_room(n) {
            let at = a.chunk.len();
            a.chunk.extend(items);
            // SAFETY: `at < len <= capacity`, nothing was reallocated; the
            // pointer keeps the whole buffer's provenance.
            let p = unsafe { a.chunk.as_mut_ptr().add(at) };
            return Data {
                run: p.map_addr(|x| x | IN_ARENA),
            };
        }
        a.full = true;
    }
    let boxed: Box<[Expr]> = items.collect();
    debug_assert_eq!(boxed.len(), n);
    Data {
        run: Box::into_raw(boxed).cast::<Expr>(),
    }
}

impl Expr {
    fn leaf(pos: Pos, tag: Tag, op: u8, aux: u16, data: Data) -> Expr {
        Expr {
            pos,
            tag,
            op,
            aux,
            data,
            _owns: PhantomData,
        }
    }

    pub fn int(pos: Pos, v: i64) -> Expr {
        Expr::leaf(pos, Tag::Int, 0, 0, Data { int: v })
    }

    /// A bit string literal: small ones in the node, wider ones boxed.
    pub fn bits(pos: Pos, b: crate::value::Bits) -> Expr {
        match SmallBits::new(b) {
            Some(s) => {
                let b = s.bits();
                Expr::leaf(
                    pos,
                    Tag::Bits,
                    b.inv as u8,
                    b.len as u16,
                    Data { word: b.val as u32 },
                )
            }
            None => Expr::big(pos, Value::Bits(b)),
        }
    }

    pub fn big(pos: Pos, v: Value) -> Expr {
        Expr::leaf(
            pos,
            Tag::Big,
            0,
            0,
            Data {
                big: Box::into_raw(Box::new(v)),
            },
        )
    }

    pub fn float(pos: Pos, f: f64) -> Expr {
        Expr::leaf(pos, Tag::Float, 0, 0, Data { float: f })
    }

    pub fn string(pos: Pos, s: Rc<str>) -> Expr {
        Expr::leaf(
            pos,
            Tag::Str,
            0,
            0,
            Data {
                text: Box::into_raw(Box::new(s)),
            },
        )
    }

    pub fn bytes(pos: Pos, b: Rc<[u8]>) -> Expr {
        Expr::leaf(
            pos,
            Tag::Bytes,
            0,
            0,
            Data {
                bytes: Box::into_raw(Box::new(b)),
            },
        )
    }

    pub fn enc_str(pos: Pos, mode: TextMode, s: Rc<str>) -> Expr {
        Expr::leaf(
            pos,
            Tag::EncStr,
            mode as u8,
            0,
            Data {
                text: Box::into_raw(Box::new(s)),
            },
        )
    }

    fn bare(pos: Pos, tag: Tag) -> Expr {
        Expr::leaf(pos, tag, 0, 0, Data { int: 0 })
    }

    pub fn gap(pos: Pos) -> Expr {
        Expr::bare(pos, Tag::Gap)
    }

    pub fn star(pos: Pos) -> Expr {
        Expr::bare(pos, Tag::Star)
    }

    pub fn default(pos: Pos) -> Expr {
        Expr::bare(pos, Tag::Default)
    }

    pub fn fold(pos: Pos) -> Expr {
        Expr::bare(pos, Tag::Fold)
    }

    pub fn failed(pos: Pos) -> Expr {
        Expr::bare(pos, Tag::Failed)
    }

    pub fn anon(pos: Pos, n: i32) -> Expr {
        Expr::leaf(pos, Tag::Anon, 0, 0, Data { word: n as u32 })
    }

    pub fn ident(pos: Pos, name: Name) -> Expr {
        Expr::leaf(pos, Tag::Ident, 0, 0, Data { word: name })
    }

    /// A name (`false`) or an anonymous reference (`true`) and its word, if
    /// that is all the node is: it can be made again from them (see
    /// [`Expr::named`]), so the parse cache keeps such a line's lone node
    /// in its entry, not in a chunk.
    #[inline]
    pub fn as_named(&self) -> Option<(bool, u32)> {
        let anon = match self.tag {
            Tag::Ident => false,
            Tag::Anon => true,
            _ => return None,
        };
        // SAFETY: both tags store a word.
        let word = unsafe { self.data.word };
        (self.op == 0 && self.aux == 0).then_some((anon, word))
    }

    /// The node [`Expr::as_named`] read, at `pos`.
    #[inline]
    pub fn named(pos: Pos, anon: bool, word: u32) -> Expr {
        let tag = if anon { Tag::Anon } else { Tag::Ident };
        Expr::leaf(pos, tag, 0, 0, Data { word })
    }

    /// A number literal: an integer (maybe folded literal arithmetic, see
    /// [`fold_ints`]) or a short bit string (`$d020`, `%1010`). Its parts:
    /// whether it is a bit string, its value, and its operator and aux
    /// fields (an integer's: how far before it its text starts, its
    /// height; a bit string's: its inversion, its length). It can be made
    /// again from them (see [`Expr::number_of`]), so the parse cache keeps a
    /// plain number's operand in its entry.
    #[inline]
    pub fn as_number_parts(&self) -> Option<(bool, i64, u8, u16)> {
        // SAFETY: an `Int` node's payload is its value, a `Bits` node's its
        // value's word.
        match self.tag {
            Tag::Int => Some((false, unsafe { self.data.int }, self.op, self.aux)),
            Tag::Bits => Some((true, unsafe { self.data.word } as i64, self.op, self.aux)),
            _ => None,
        }
    }

    /// The node [`Expr::as_number_parts`] read, at `pos` (`v` of a bit
    /// string fits its word).
    #[inline]
    pub fn number_of(pos: Pos, bits: bool, v: i64, op: u8, aux: u16) -> Expr {
        let (tag, data) = if bits {
            (Tag::Bits, Data { word: v as u32 })
        } else {
            (Tag::Int, Data { int: v })
        };
        Expr::leaf(pos, tag, op, aux, data)
    }

    /// A copy of a leaf that owns nothing and refers to no run (an integer,
    /// a short bit string, a name, an anonymous reference); `None` for any
    /// other node.
    #[inline]
    pub fn copy_plain_leaf(&self) -> Option<Expr> {
        matches!(self.tag, Tag::Int | Tag::Bits | Tag::Ident | Tag::Anon)
            .then(|| Expr::leaf(self.pos, self.tag, self.op, self.aux, self.data))
    }

    /// An addressing mode: the mode and its operand's node.
    #[inline]
    pub fn as_addressed(&self) -> Option<(AddrOp, &Expr)> {
        if self.tag != Tag::Addr {
            return None;
        }
        // SAFETY: an `Addr` node's run is its one operand.
        Some((addr_op(self.op), unsafe { &*self.run_ptr() }))
    }

    /// A byte operator (`<`, `>`, `` ` ``) over a name (`#>tab`): the
    /// operator and the name's node.
    #[inline]
    pub fn as_byte_of_name(&self) -> Option<(UnOp, &Expr)> {
        if self.tag != Tag::Unary {
            return None;
        }
        let op = UNOPS[self.op as usize];
        if !matches!(op, UnOp::Lower | UnOp::Higher | UnOp::Bank) {
            return None;
        }
        // SAFETY: a `Unary` node's run is its one operand.
        let operand = unsafe { &*self.run_ptr() };
        operand.as_named().filter(|&(anon, _)| !anon)?;
        Some((op, operand))
    }

    /// `.name`: `name` as it is looked up (folded unless case-sensitive),
    /// `written` as the source spells it (what `str` and messages show).
    pub fn symbol(pos: Pos, name: Name, written: Name) -> Expr {
        Expr::leaf(
            pos,
            Tag::Symbol,
            0,
            0,
            Data {
                names: [name, written],
            },
        )
    }

    pub fn anon_symbol(pos: Pos, n: i32) -> Expr {
        Expr::leaf(pos, Tag::AnonSymbol, 0, 0, Data { word: n as u32 })
    }

    /// An operator node over a run of `N` operands.
    #[inline(always)]
    fn fixed<const N: usize>(
        arena: &mut Option<Arena<'_>>,
        pos: Pos,
        tag: Tag,
        op: u8,
        items: [Expr; N],
    ) -> Expr {
        let h = items.iter().map(Expr::height).max().unwrap_or(0);
        let data = match arena {
            Some(a) if !a.full && a.has_room(N) => {
                let at = a.chunk.len();
                // SAFETY: as in `put_run`: `at + N <= capacity`, nothing is
                // reallocated; the nodes are moved in as one array.
                let p = unsafe {
                    let p = a.chunk.as_mut_ptr().add(at);
                    p.cast::<[Expr; N]>().write(items);
                    a.chunk.set_len(at + N);
                    p
                };
                Data {
                    run: p.map_addr(|x| x | IN_ARENA),
                }
            }
            _ => put_run(arena, items.into_iter()),
        };
        Expr::leaf(pos, tag, op, height_of(h), data)
    }

    /// An operator node over a counted run (a header, then `items`).
    fn counted(arena: &mut Option<Arena<'_>>, pos: Pos, tag: Tag, items: Vec<Expr>) -> Expr {
        let h = items.iter().map(Expr::height).max().unwrap_or(0);
        let header = Expr::leaf(pos, Tag::Header, 0, 0, Data { count: items.len() });
        let data = put_run(arena, ExactChain(std::iter::once(header).chain(items)));
        Expr::leaf(pos, tag, 0, height_of(h), data)
    }

    #[inline(always)]
    pub fn unary(arena: &mut Option<Arena<'_>>, pos: Pos, op: UnOp, e: Expr) -> Expr {
        Expr::fixed(arena, pos, Tag::Unary, op as u8, [e])
    }

    #[inline(always)]
    pub fn paren(arena: &mut Option<Arena<'_>>, pos: Pos, e: Expr) -> Expr {
        Expr::fixed(arena, pos, Tag::Paren, 0, [e])
    }

    #[inline(always)]
    pub fn addr(arena: &mut Option<Arena<'_>>, pos: Pos, op: AddrOp, e: Expr) -> Expr {
        Expr::fixed(arena, pos, Tag::Addr, addr_code(op), [e])
    }

    #[inline(always)]
    pub fn binary(arena: &mut Option<Arena<'_>>, pos: Pos, op: BinOp, a: Expr, b: Expr) -> Expr {
        if arena.as_ref().is_some_and(|a| a.fold)
            && foldable(&a)
            && foldable(&b)
            && let Some(e) = fold_ints(op, &a, &b)
        {
            if let Some(ar) = arena {
                // Brackets' literals written last are taken back.
                ar.take_back(b);
                ar.take_back(a);
            }
            return e;
        }
        Expr::fixed(arena, pos, Tag::Binary, op as u8, [a, b])
    }

    /// `a op b` over two leaves as [`Expr::binary`] folds it in a kept
    /// parse (see [`fold_ints`]), without the operation's node; `None`
    /// where that keeps the operation.
    #[inline]
    pub fn folded(op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
        if foldable(a) && foldable(b) {
            fold_ints(op, a, b)
        } else {
            None
        }
    }

    pub fn member(arena: &mut Option<Arena<'_>>, pos: Pos, base: Expr, member: Expr) -> Expr {
        Expr::fixed(arena, pos, Tag::Member, 0, [base, member])
    }

    /// `c ? a : b`, or `c ?? a : b` when `double`.
    pub fn cond(arena: &mut Option<Arena<'_>>, pos: Pos, double: bool, parts: [Expr; 3]) -> Expr {
        let tag = if double { Tag::DCond } else { Tag::Cond };
        Expr::fixed(arena, pos, tag, 0, parts)
    }

    pub fn call(arena: &mut Option<Arena<'_>>, pos: Pos, f: Expr, args: Vec<Expr>) -> Expr {
        let mut items = Vec::with_capacity(args.len() + 1);
        items.push(f);
        items.extend(args);
        Expr::counted(arena, pos, Tag::Call, items)
    }

    pub fn index(arena: &mut Option<Arena<'_>>, pos: Pos, base: Expr, args: Vec<Expr>) -> Expr {
        let mut items = Vec::with_capacity(args.len() + 1);
        items.push(base);
        items.extend(args);
        Expr::counted(arena, pos, Tag::Index, items)
    }

    pub fn seq(arena: &mut Option<Arena<'_>>, pos: Pos, seq: Seq, items: Vec<Expr>) -> Expr {
        let tag = match seq {
            Seq::Slice => Tag::Slice,
            Seq::List => Tag::List,
            Seq::Tuple => Tag::Tuple,
        };
        Expr::counted(arena, pos, tag, items)
    }

    /// A dictionary literal: each entry a key (none: the default value) and
    /// a value (none: a key alone).
    pub fn dict(
        arena: &mut Option<Arena<'_>>,
        pos: Pos,
        pairs: Vec<(Option<Expr>, Option<Expr>)>,
    ) -> Expr {
        let mut items = Vec::with_capacity(2 * pairs.len());
        for (k, v) in pairs {
            let at = v.as_ref().or(k.as_ref()).map_or(pos, |e| e.pos);
            items.push(k.unwrap_or_else(|| Expr::bare(at, Tag::NoKey)));
            items.push(v.unwrap_or_else(|| Expr::bare(at, Tag::NoKey)));
        }
        Expr::counted(arena, pos, Tag::Dict, items)
    }

    /// How deep the tree below is (1 for a leaf; saturated at `u16::MAX`):
    /// the parser refuses expressions deeper than [`MAX_HEIGHT`], so
    /// evaluating one can't exhaust the stack.
    pub fn height(&self) -> u32 {
        if self.tag.fixed().is_some() || self.tag.counted() {
            self.aux as u32
        } else if self.tag == Tag::Int {
            // A folded operation keeps its height (see `fold_ints`).
            (self.aux as u32).max(1)
        } else {
            1
        }
    }

    fn run_ptr(&self) -> *mut Expr {
        // SAFETY: called for operator tags only, whose payload is the run.
        unsafe { self.data.run }.map_addr(|a| a & !IN_ARENA)
    }

    fn in_arena(&self) -> bool {
        // SAFETY: as for `run_ptr`.
        unsafe { self.data.run }.addr() & IN_ARENA != 0
    }

    /// The node's run, header included.
    fn run(&self) -> &[Expr] {
        let len = match self.tag.fixed() {
            Some(n) => n,
            // SAFETY: a counted run starts with its header.
            None => (unsafe { (*self.run_ptr()).data.count }) + 1,
        };
        // SAFETY: the run is `len` initialized nodes, owned by this node's
        // box or by a chunk that outlives it (see `Arena`).
        unsafe { std::slice::from_raw_parts(self.run_ptr(), len) }
    }

    /// The operands, mutable (the parser rewrites its own trees).
    fn operands_mut(&mut self) -> &mut [Expr] {
        let (len, skip) = match self.tag.fixed() {
            Some(n) => (n, 0),
            None if self.tag.counted() => {
                // SAFETY: as for `run`.
                (unsafe { (*self.run_ptr()).data.count } + 1, 1)
            }
            None => return &mut [],
        };
        // SAFETY: as for `run`; `&mut self` is the only way to the run.
        unsafe { &mut std::slice::from_raw_parts_mut(self.run_ptr(), len)[skip..] }
    }

    /// The node read back (inlined: the caller's match on the result
    /// then folds into this one's).
    #[inline(always)]
    pub fn kind(&self) -> ExprKind<'_> {
        // SAFETY: each arm reads the payload field its tag stores.
        unsafe {
            match self.tag {
                Tag::Int => ExprKind::Int(self.data.int),
                Tag::Ident => ExprKind::Ident(self.data.word),
                Tag::Bits => ExprKind::Bits(SmallBits::from_parts(
                    self.data.word,
                    self.aux,
                    self.op != 0,
                )),
                Tag::Big => ExprKind::Big(&*self.data.big),
                Tag::Float => ExprKind::Float(self.data.float),
                Tag::Str => ExprKind::Str(&*self.data.text),
                Tag::Bytes => ExprKind::Bytes(&*self.data.bytes),
                Tag::EncStr => ExprKind::EncStr(MODES[self.op as usize], &*self.data.text),
                Tag::Gap => ExprKind::Gap,
                Tag::Star => ExprKind::Star,
                Tag::Default | Tag::NoKey | Tag::Header => ExprKind::Default,
                Tag::Anon => ExprKind::Anon(self.data.word as i32),
                Tag::Symbol => ExprKind::Symbol(self.data.names[0], self.data.names[1]),
                Tag::AnonSymbol => ExprKind::AnonSymbol(self.data.word as i32),
                Tag::Fold => ExprKind::Fold,
                Tag::Failed => ExprKind::Failed,
                Tag::Unary => ExprKind::Unary(UNOPS[self.op as usize], &*self.run_ptr()),
                Tag::Paren => ExprKind::Paren(&*self.run_ptr()),
                Tag::Addr => ExprKind::Addr(addr_op(self.op), &*self.run_ptr()),
                Tag::Binary => ExprKind::Binary(
                    BINOPS[self.op as usize],
                    &*self.run_ptr().cast::<[Expr; 2]>(),
                ),
                Tag::Member => ExprKind::Member(&*self.run_ptr().cast::<[Expr; 2]>()),
                Tag::Cond => ExprKind::Cond(&*self.run_ptr().cast::<[Expr; 3]>()),
                Tag::DCond => ExprKind::DCond(&*self.run_ptr().cast::<[Expr; 3]>()),
                Tag::Call => {
                    let run = &self.run()[1..];
                    ExprKind::Call(&run[0], &run[1..])
                }
                Tag::Index => {
                    let run = &self.run()[1..];
                    ExprKind::Index(&run[0], &run[1..])
                }
                Tag::Slice => ExprKind::Slice(&self.run()[1..]),
                Tag::List => ExprKind::List(&self.run()[1..]),
                Tag::Tuple => ExprKind::Tuple(&self.run()[1..]),
                Tag::Dict => ExprKind::Dict(DictPairs(&self.run()[1..])),
            }
        }
    }

    /// Whether the value may be one of its branches' (`?:`, `<?`, `>?`,
    /// or one of them in brackets): where such a value is placed depends
    /// on the branch taken.
    pub fn may_choose(&self) -> bool {
        match self.tag {
            Tag::Paren | Tag::Cond => true,
            Tag::Binary => matches!(BINOPS[self.op as usize], BinOp::Min | BinOp::Max),
            _ => false,
        }
    }

    /// Whether this is `*x`, the splat operator.
    pub fn is_splat(&self) -> bool {
        self.tag == Tag::Unary && UNOPS[self.op as usize] == UnOp::Splat
    }

    /// The node, taken out (its place keeps a placeholder).
    fn take(&mut self) -> Expr {
        std::mem::replace(self, Expr::fold(0))
    }

    /// Where the expression's text starts, prefixes like `#` included: an
    /// operand's addressing mode is reported there.
    pub fn text_start(&self) -> Pos {
        match self.tag {
            Tag::Binary | Tag::Member | Tag::Cond | Tag::DCond => self.first().text_start(),
            Tag::Call | Tag::Index => self.callee().text_start(),
            Tag::Addr if matches!(addr_op(self.op), AddrOp::Index(_)) => {
                self.first().text_start().min(self.pos)
            }
            // A folded operation's text starts at its brackets (see `fold_ints`).
            Tag::Int => self.pos - self.op as Pos,
            _ => self.pos,
        }
    }

    /// Where 64tass places a condition's value when it is a bracket in an
    /// instruction operand, or starts with one (`(f) ? 1 : 2`, `[f] ? 1 : 2`,
    /// `(f) && g ? 1 : 2`): at the bracket, where outside an operand it is
    /// after it. `None`: placed as any value.
    pub fn operand_bracket(&self) -> Option<Pos> {
        let mut e = self;
        loop {
            match e.tag {
                Tag::Paren if e.op == OPERAND_GROUP => return Some(e.pos),
                Tag::Addr if matches!(addr_op(e.op), AddrOp::Ind | AddrOp::LongInd) => {
                    return Some(e.pos);
                }
                Tag::Binary => e = e.first(),
                _ => return None,
            }
        }
    }

    /// An operator's first operand.
    fn first(&self) -> &Expr {
        // SAFETY: for a fixed-size operator the run is its operands.
        unsafe { &*self.run_ptr() }
    }

    /// A call's function or an index's base (after the run's header).
    fn callee(&self) -> &Expr {
        // SAFETY: a call's or index's run is a header and at least one node.
        unsafe { &*self.run_ptr().add(1) }
    }

    /// Where the expression's text starts (`pos` is its operator's): a value
    /// that doesn't fit is reported there, as 64tass does. An immediate is
    /// placed at its `#` (`.byte #1` can't be an integer there); an
    /// instruction's operand is placed by its own rules, after the `#`.
    pub fn start(&self) -> Pos {
        let mut e = self;
        loop {
            e = match e.tag {
                Tag::Addr if matches!(addr_op(e.op), AddrOp::Imm | AddrOp::ImmSigned) => {
                    return e.pos;
                }
                // 64tass places a value after its opening brackets.
                Tag::Binary | Tag::Member | Tag::Cond | Tag::DCond | Tag::Addr | Tag::Paren => {
                    e.first()
                }
                Tag::Call | Tag::Index => e.callee(),
                _ => return e.pos,
            }
        }
    }

    /// A copy of this tree with every position moved by `delta` (wrapping):
    /// what parsing the same text `delta` bytes further on would build
    /// (the parse cache's copy of a text met before). Runs go to `arena`
    /// as the parser's would.
    pub fn relocated(&self, arena: &mut Option<Arena<'_>>, delta: Pos) -> Expr {
        let pos = self.pos.wrapping_add(delta);
        // SAFETY: each arm reads the payload field its tag stores (and
        // makes its own copy of what the node owns).
        let data = unsafe {
            match self.tag {
                Tag::Big => Data {
                    big: Box::into_raw(Box::new((*self.data.big).clone())),
                },
                Tag::Str | Tag::EncStr => Data {
                    text: Box::into_raw(Box::new((*self.data.text).clone())),
                },
                Tag::Bytes => Data {
                    bytes: Box::into_raw(Box::new((*self.data.bytes).clone())),
                },
                // The operands first (their runs go before this one's, as
                // the parser lays them out). A fixed run (most copies: an
                // addressing mode, a byte operator, a binary operator) as an
                // array, without a vector's length and spill checks.
                t if t.fixed() == Some(1) => {
                    let a = self.run()[0].relocated(arena, delta);
                    put_run(arena, [a].into_iter())
                }
                t if t.fixed() == Some(2) => {
                    let run = self.run();
                    let a = run[0].relocated(arena, delta);
                    let b = run[1].relocated(arena, delta);
                    put_run(arena, [a, b].into_iter())
                }
                t if t.fixed().is_some() || t.counted() => {
                    let run: smallvec::SmallVec<[Expr; 4]> = self
                        .run()
                        .iter()
                        .map(|x| x.relocated(arena, delta))
                        .collect();
                    put_run(arena, run.into_iter())
                }
                _ => self.data,
            }
        };
        Expr::leaf(pos, self.tag, self.op, self.aux, data)
    }

    /// Recompute the height after the operands changed.
    fn refresh_height(&mut self) {
        if self.tag.fixed().is_some() || self.tag.counted() {
            let h = self
                .operands_mut()
                .iter()
                .map(Expr::height)
                .max()
                .unwrap_or(0);
            self.aux = height_of(h);
        }
    }
}

/// Whether `e` may be an operand [`fold_ints`] takes (checked first: most
/// operations have a name on one side).
#[inline(always)]
fn foldable(e: &Expr) -> bool {
    matches!(e.tag, Tag::Int | Tag::Bits | Tag::Paren)
}

/// A literal operand of a foldable operation, maybe in brackets (grouping
/// only: an operand's own brackets are never folded away, so indirection
/// is kept): an integer, or a bit string not inverted (`$ff`, `%1010`:
/// bit strings in 64tass), taken as its value. Its value, whether it is a
/// bit string, its node, where its value and its text start, and its height.
fn literal_operand(e: &Expr) -> Option<(i64, bool, &Expr, Pos, Pos, u32)> {
    let (lit, paren) = match e.tag {
        Tag::Paren => (e.first(), true),
        _ => (e, false),
    };
    // SAFETY: an `Int` node's payload is its value, a `Bits` node's its
    // value's word (a small bit string's value fits it).
    let (v, bits) = match lit.tag {
        Tag::Int => (unsafe { lit.data.int }, false),
        Tag::Bits if lit.op == 0 => (unsafe { lit.data.word } as i64, true),
        _ => return None,
    };
    // `text_start` without its call: a literal's text starts at its value,
    // a folded one's at its brackets.
    let text_start = match (paren, bits) {
        (true, _) => e.pos,
        (false, true) => lit.pos,
        (false, false) => lit.pos - lit.op as Pos,
    };
    debug_assert!(paren || text_start == e.text_start());
    Some((v, bits, lit, lit.pos, text_start, e.height()))
}

/// `a op b` over two literals (integers, or bit strings where the result
/// is an integer: 64tass takes a bit string's value in arithmetic, and
/// in a bitwise operation with an integer) as one integer literal node,
/// when the result is what evaluating the operation gives (an integer in
/// 64 bits, no error, nothing to warn about): each pass then reads one
/// node instead of three. The node keeps where the operation's text and
/// value start and its height (messages and the parser's depth limit see
/// no difference). Debug builds check each fold against the evaluator's
/// operation.
#[inline(never)]
fn fold_ints(op: BinOp, a: &Expr, b: &Expr) -> Option<Expr> {
    let (x, x_bits, x_node, start, text_start, ha) = literal_operand(a)?;
    let (y, y_bits, y_node, _, _, hb) = literal_operand(b)?;
    let v = match op {
        BinOp::Add => x.checked_add(y)?,
        BinOp::Sub => x.checked_sub(y)?,
        BinOp::Mul => x.checked_mul(y)?,
        // Two bit strings' bitwise operation is a bit string; a negative
        // integer's follows 64tass's 32-bit digits: neither is folded.
        BinOp::And | BinOp::Or | BinOp::Xor if (x_bits && y_bits) || x < 0 || y < 0 => {
            return None;
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        // Non-negative operands only: no rounding or sign rules to follow.
        BinOp::Div if x >= 0 && y > 0 => x / y,
        BinOp::Mod if x >= 0 && y > 0 => x % y,
        // A bit string shifted stays one.
        BinOp::Shl | BinOp::Shr if x_bits => return None,
        BinOp::Shl if x >= 0 && (0..63).contains(&y) && x.leading_zeros() as i64 > y => x << y,
        BinOp::Shr if x >= 0 && (0..63).contains(&y) => x >> y,
        _ => return None,
    };
    #[cfg(debug_assertions)]
    check_fold(op, x_node, y_node, v);
    #[cfg(not(debug_assertions))]
    let _ = (x_node, y_node);
    let back = u8::try_from(start.checked_sub(text_start)?).ok()?;
    Some(Expr::leaf(
        start,
        Tag::Int,
        back,
        height_of(ha.max(hb)),
        Data { int: v },
    ))
}

/// In debug builds: evaluating `a op b` (two literal nodes) gives the
/// integer `v` [`fold_ints`] made of them, and tells the environment nothing.
#[cfg(debug_assertions)]
fn check_fold(op: BinOp, a: &Expr, b: &Expr, v: i64) {
    use crate::value::{CodeRef, Env, FResult};
    /// What an operation on literals may ask of its environment: nothing.
    struct Literals;
    impl Env for Literals {
        fn encode(&self, _: &str) -> FResult<Vec<u8>> {
            unreachable!("a literal operation encodes no text")
        }
        fn code_value(&self, _: CodeRef) -> Value {
            unreachable!("a literal operation reads no code label")
        }
        fn name_of(&self, _: u32) -> String {
            unreachable!("a literal operation names nothing")
        }
        fn approximate(&self, _: std::cmp::Ordering, _: std::cmp::Ordering) {
            unreachable!("a literal operation compares no floats")
        }
        fn rounded(&self) {
            unreachable!("a literal operation rounds no float")
        }
        fn bool_misused(&self, _: String) {
            unreachable!("a literal operation takes no bool")
        }
    }
    let value = |e: &Expr| match e.kind() {
        ExprKind::Int(i) => Value::Int(i),
        ExprKind::Bits(b) => Value::Bits(b.bits()),
        _ => unreachable!("a literal operand"),
    };
    let (x, y) = (value(a), value(b));
    let general = crate::value::binary(op, &x, &y, &Literals);
    debug_assert!(
        matches!(general, Ok(Value::Int(g)) if g == v),
        "{x:?} {op:?} {y:?}: folded {v}, evaluated {general:?}"
    );
}

fn height_of(below: u32) -> u16 {
    (below + 1).min(u16::MAX as u32) as u16
}

/// An iterator of known length over a chained header and items.
struct ExactChain<I>(I);

impl<I: Iterator<Item = Expr>> Iterator for ExactChain<I> {
    type Item = Expr;
    fn next(&mut self) -> Option<Expr> {
        self.0.next()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<I: Iterator<Item = Expr>> ExactSizeIterator for ExactChain<I> {}

/// The tags of a boxed literal (see [`Expr::drop_owned`]).
const BOXED: u64 =
    1 << Tag::Big as u64 | 1 << Tag::Str as u64 | 1 << Tag::Bytes as u64 | 1 << Tag::EncStr as u64;

/// The tags whose payload may own memory (see [`Expr::drop_owned`]): a
/// boxed literal, or an operator's run (boxed when not in an arena).
const MAY_OWN: u64 = BOXED
    | 1 << Tag::Unary as u64
    | 1 << Tag::Paren as u64
    | 1 << Tag::Addr as u64
    | 1 << Tag::Binary as u64
    | 1 << Tag::Member as u64
    | 1 << Tag::Cond as u64
    | 1 << Tag::DCond as u64
    | 1 << Tag::Call as u64
    | 1 << Tag::Index as u64
    | 1 << Tag::Slice as u64
    | 1 << Tag::List as u64
    | 1 << Tag::Tuple as u64
    | 1 << Tag::Dict as u64;

impl Drop for Expr {
    /// Most nodes dropped own nothing (numbers, names: a parse's leaves,
    /// literals folded away; operators whose run is in an arena): a test
    /// of the tag (and the run's pointer), no call.
    #[inline(always)]
    fn drop(&mut self) {
        let tag = 1 << self.tag as u64;
        if tag & MAY_OWN != 0 && (tag & BOXED != 0 || !self.in_arena()) {
            self.drop_owned();
        }
    }
}

impl Expr {
    #[inline(never)]
    fn drop_owned(&mut self) {
        // SAFETY: each arm frees what its tag's payload owns: a boxed
        // literal, or a boxed run (an arena run is the chunk's).
        unsafe {
            match self.tag {
                Tag::Big => drop(Box::from_raw(self.data.big)),
                Tag::Str | Tag::EncStr => drop(Box::from_raw(self.data.text)),
                Tag::Bytes => drop(Box::from_raw(self.data.bytes)),
                t if (t.fixed().is_some() || t.counted()) && !self.in_arena() => {
                    let len = self.run().len();
                    drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
                        self.run_ptr(),
                        len,
                    )));
                }
                _ => {}
            }
        }
    }
}

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{:?}", self.pos, self.kind())
    }
}

/// Turn the parentheses of an instruction operand into indirection, as
/// 64tass does: `(x)` is indirect when nothing but `,x`-style indexing, a
/// closing bracket, a comma or the end of the operand follows it (`(2),y`,
/// `len((2))`, `[1, (2)]`), and plain grouping when it is the operand of an
/// operator, indexed or an index (`(2)+3`, `#(2)`, `(2)[0]`, `x[(0)]`). In
/// place: the parser's nodes are reused.
pub fn mark_indirect(e: &mut Expr) {
    resolve(e, true);
}

fn resolve(e: &mut Expr, top: bool) {
    match e.tag {
        Tag::Paren => {
            resolve(&mut e.operands_mut()[0], true);
            if top {
                e.tag = Tag::Addr;
                e.op = addr_code(AddrOp::Ind);
            } else {
                // Grouping only: the node becomes its content (its own
                // position included, as a rebuilt tree would have it).
                let inner = e.operands_mut()[0].take();
                *e = inner;
                return;
            }
        }
        Tag::Addr => {
            let top = matches!(addr_op(e.op), AddrOp::Index(_) | AddrOp::LongInd);
            resolve(&mut e.operands_mut()[0], top);
        }
        Tag::List | Tag::Tuple => e.operands_mut().iter_mut().for_each(|x| resolve(x, true)),
        Tag::Call => {
            let ops = e.operands_mut();
            resolve(&mut ops[0], false);
            ops[1..].iter_mut().for_each(|x| resolve(x, true));
        }
        // A condition's value is placed at a bracket it starts with.
        Tag::Cond | Tag::DCond => {
            let ops = e.operands_mut();
            resolve_condition(&mut ops[0]);
            ops[1..].iter_mut().for_each(|x| resolve(x, false));
        }
        // 64tass 1.58 groups in an index (`x[(0)]`) and a dictionary
        // (`{1: (2)}`); a branch's own `(a),y` is indirect, a bare `(a)`
        // there is grouping.
        Tag::Index | Tag::Slice | Tag::Dict | Tag::Unary | Tag::Binary => {
            e.operands_mut().iter_mut().for_each(|x| resolve(x, false))
        }
        Tag::Member => resolve(&mut e.operands_mut()[0], false),
        // A folded operation's brackets were its operands', grouping only:
        // gone, as they would be from the operation (see `fold_ints`).
        Tag::Int => {
            e.op = 0;
            return;
        }
        _ => return,
    }
    e.refresh_height();
}

/// A `?:` condition in an operand: as [`resolve`]'s grouping, but brackets
/// the condition starts with (`(f) ? 1 : 2`, `(f) + 1 ? 1 : 2`) are kept,
/// marked [`OPERAND_GROUP`]: 64tass places the value of a bracket in an
/// operand at the bracket, and reports the condition there.
fn resolve_condition(e: &mut Expr) {
    match e.tag {
        Tag::Paren => {
            resolve(&mut e.operands_mut()[0], true);
            e.op = OPERAND_GROUP;
        }
        Tag::Binary => {
            let ops = e.operands_mut();
            resolve_condition(&mut ops[0]);
            resolve(&mut ops[1], false);
        }
        _ => return resolve(e, false),
    }
    e.refresh_height();
}

/// A [`Tag::Paren`] that [`resolve_condition`] kept in an operand.
const OPERAND_GROUP: u8 = 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tags_tested_before_a_drop_are_those_that_own() {
        use Tag::*;
        let all = [
            Int, Bits, Big, Float, Str, Bytes, EncStr, Gap, Star, Default, Anon, Ident, Symbol,
            AnonSymbol, Fold, Failed, NoKey, Header, Unary, Paren, Addr, Binary, Member, Cond,
            DCond, Call, Index, Slice, List, Tuple, Dict,
        ];
        // Every tag, in order (the last one is the enum's last).
        assert!(all.iter().enumerate().all(|(i, &t)| t as usize == i));
        assert_eq!(Dict as usize, all.len() - 1);
        for t in all {
            let owns =
                matches!(t, Big | Str | Bytes | EncStr) || t.fixed().is_some() || t.counted();
            assert_eq!(MAY_OWN >> t as u64 & 1 != 0, owns, "{t:?}");
        }
    }

    #[test]
    fn operator_tables_follow_the_enums() {
        assert!(UNOPS.iter().enumerate().all(|(i, &op)| op as usize == i));
        assert!(BINOPS.iter().enumerate().all(|(i, &op)| op as usize == i));
        assert!(REGS.iter().enumerate().all(|(i, &r)| r as usize == i));
        assert!(MODES.iter().enumerate().all(|(i, &m)| m as usize == i));
        for op in [AddrOp::Imm, AddrOp::ImmSigned, AddrOp::Ind, AddrOp::LongInd]
            .into_iter()
            .chain(REGS.iter().map(|&r| AddrOp::Index(r)))
        {
            assert_eq!(addr_op(addr_code(op)), op);
        }
    }

    /// Every literal reads back as built, boxed and in an arena.
    #[test]
    fn nodes_read_back_what_they_hold() {
        let mut chunk = Vec::with_capacity(64);
        for arena in [false, true] {
            // SAFETY: the trees are dropped before the chunk.
            let mut a = arena.then(|| unsafe { Arena::new(&mut chunk) });
            let big = Value::Bits(crate::value::Bits::new(0x00ff_ffff_ffff, 40));
            let items = vec![
                Expr::int(1, -5),
                Expr::int(2, i64::MIN),
                Expr::float(3, 1.5),
                Expr::bits(4, crate::value::Bits::new(0xff, 8)),
                Expr::bits(5, crate::value::Bits::new(0x00ff_ffff_ffff, 40)),
                Expr::string(6, "ab".into()),
                Expr::enc_str(7, TextMode::PText, "cd".into()),
                Expr::bytes(8, Rc::from(&[1u8, 2][..])),
                Expr::anon(9, -2),
                Expr::ident(10, 77),
            ];
            let list = Expr::seq(&mut a, 0, Seq::List, items);
            let shown = format!("{list:?}");
            let ExprKind::List(items) = list.kind() else {
                panic!("a list: {shown}")
            };
            assert_eq!(items.len(), 10);
            assert!(matches!(items[0].kind(), ExprKind::Int(-5)));
            assert!(matches!(items[1].kind(), ExprKind::Int(i64::MIN)));
            assert!(matches!(items[2].kind(), ExprKind::Float(f) if f == 1.5));
            assert!(
                matches!(items[3].kind(), ExprKind::Bits(b) if b.bits() == crate::value::Bits::new(0xff, 8))
            );
            assert!(matches!(items[4].kind(), ExprKind::Big(v) if crate::value::same(v, &big)));
            assert!(matches!(items[5].kind(), ExprKind::Str(s) if &**s == "ab"));
            assert!(
                matches!(items[6].kind(), ExprKind::EncStr(TextMode::PText, s) if &**s == "cd")
            );
            assert!(matches!(items[7].kind(), ExprKind::Bytes(b) if **b == [1, 2]));
            assert!(matches!(items[8].kind(), ExprKind::Anon(-2)));
            assert!(matches!(items[9].kind(), ExprKind::Ident(77)));
            assert_eq!(items[9].pos, 10);
            assert_eq!(list.height(), 2);
            assert!(!a.as_ref().is_some_and(|a| a.full));
        }
    }

    /// Literal arithmetic folded in a kept parse reads as the operation
    /// would: its value, where its value and text start, its height.
    #[test]
    fn folded_operations_keep_their_places() {
        // `((6 * 7) + 1) & $ff` as the parser builds it.
        fn build(a: &mut Option<Arena<'_>>) -> Expr {
            let mul = Expr::binary(a, 4, BinOp::Mul, Expr::int(2, 6), Expr::int(6, 7));
            let inner = Expr::paren(a, 1, mul);
            let sum = Expr::binary(a, 9, BinOp::Add, inner, Expr::int(11, 1));
            let outer = Expr::paren(a, 0, sum);
            Expr::binary(a, 14, BinOp::And, outer, Expr::int(16, 0xff))
        }
        let (mut chunk, mut kept) = (Vec::with_capacity(16), Vec::with_capacity(16));
        // SAFETY: the trees are dropped before the chunks.
        let mut a = Some(unsafe { Arena::new(&mut chunk) });
        let mut fold = Some(unsafe { Arena::new(&mut kept) });
        if let Some(f) = &mut fold {
            f.fold = true;
        }
        let (plain, folded) = (build(&mut a), build(&mut fold));
        // The brackets' literals are taken back: nothing is left.
        assert_eq!(fold.as_ref().map(|f| f.chunk.len()), Some(0));
        assert!(matches!(folded.kind(), ExprKind::Int(43)));
        assert!(matches!(plain.kind(), ExprKind::Binary(BinOp::And, _)));
        let places = |e: &Expr| (e.start(), e.text_start(), e.height());
        assert_eq!(places(&folded), places(&plain));
        assert_eq!(places(&folded), (2, 0, 6));
        // As an instruction's operand the brackets are grouping only.
        let (mut plain, mut folded) = (plain, folded);
        mark_indirect(&mut plain);
        mark_indirect(&mut folded);
        assert_eq!(
            (folded.start(), folded.text_start()),
            (plain.start(), plain.text_start())
        );
        // What evaluating would not give as such is left alone.
        for (op, x, y) in [
            (BinOp::Add, i64::MAX, 1),
            (BinOp::Div, 1, 0),
            (BinOp::Div, -7, 2),
            (BinOp::Shr, -8, 1),
            (BinOp::Shl, 1, 63),
            (BinOp::Exp, 2, 3),
            (BinOp::Eq, 1, 1),
        ] {
            let e = Expr::binary(&mut fold, 1, op, Expr::int(0, x), Expr::int(2, y));
            assert!(matches!(e.kind(), ExprKind::Binary(..)), "{op:?}");
        }
    }

    #[test]
    fn operators_keep_their_operands_and_heights() {
        let mut chunk = Vec::with_capacity(3);
        // SAFETY: the trees are dropped before the chunk.
        let mut a = Some(unsafe { Arena::new(&mut chunk) });
        let sum = Expr::binary(&mut a, 5, BinOp::Add, Expr::int(4, 1), Expr::int(6, 2));
        // The chunk is full now: the next runs are boxed.
        let neg = Expr::unary(&mut a, 3, UnOp::Neg, sum);
        let imm = Expr::addr(&mut a, 2, AddrOp::Index(Reg::Y), neg);
        assert!(a.as_ref().is_some_and(|a| a.full));
        assert_eq!(imm.height(), 4);
        let ExprKind::Addr(AddrOp::Index(Reg::Y), neg) = imm.kind() else {
            panic!("{imm:?}")
        };
        let ExprKind::Unary(UnOp::Neg, sum) = neg.kind() else {
            panic!("{neg:?}")
        };
        let ExprKind::Binary(BinOp::Add, ab) = sum.kind() else {
            panic!("{sum:?}")
        };
        assert!(matches!(ab[0].kind(), ExprKind::Int(1)));
        assert!(matches!(ab[1].kind(), ExprKind::Int(2)));
        assert_eq!((imm.start(), imm.text_start(), sum.start()), (3, 2, 4));
        drop(imm);
    }
}
