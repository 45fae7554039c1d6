//! Replaying lines whose inputs did not change since they were last
//! assembled: a later pass (or a loop's next iteration) emits the bytes kept
//! for an instruction line or a data line of numbers (`.byte`, `.word`, ...)
//! instead of evaluating its operands and choosing its addressing mode again.
//!
//! A line is kept ([`Assembler::replay_record`], [`Assembler::replay_record_data`])
//! only when what made its bytes is known exactly:
//! - its operands are pure arithmetic on integer literals and symbols (no
//!   `*`, strings, functions, members, comparisons,
//!   floats: see [`pure_names`]); every symbol resolved to a label whose value is
//!   an integer, a bit string or a code address of integer or bits type;
//! - the instruction is no branch (a branch reads the program counter and,
//!   to a label ahead, where it ended in the last pass: kept, it was
//!   measured to cost more than it saves, as most branches move with the
//!   code whose size changes) and `.autsiz` is off (`rep`/`sep` change the
//!   register sizes); a data line is not under `.eor`;
//! - anonymous labels (`-`, `+`) read are kept as names of their own
//!   ([`ANON`]) and searched for again on replay;
//! - nothing tried to report anything while the line was evaluated
//!   ([`Replay::taint`] is called wherever a message is made or a
//!   message is left out because another pass follows, see `doomed`).
//!
//! What is kept: the processor context ([`Ctx`]: processor, register sizes,
//! direct page, data bank, address space, the program counter's bank), and
//! for each symbol the label it resolved to (noted where the evaluator
//! resolves a name, [`Replay::read`]) and its value then. A line is
//! replayed ([`Assembler::replay_instruction`], [`Assembler::replay_data`])
//! when the context is the same, every such label still has the same value
//! (checked first: what differs when a label moved; an integer compared in
//! place), and every name still resolves to the same label
//! (see [`Assembler::resolves_same`]: found again without a search when it was
//! found with strength 0 in the scope searched first, else by the ordinary
//! [`Assembler::lookup`]; the name is read only for a search). The
//! replay marks the labels read as the evaluation would ([`Assembler::touch`],
//! and `-Wshadow` once the values have settled); the bytes then go out the
//! ordinary way (listing, `.eor`, wrap messages).
//!
//! Replay is off where the evaluation has more effects than these:
//! `-Woptimize` (the optimizer's model) and `-Wcase-symbol` (checked at each
//! read against the name as written).

use std::cell::Cell;

use super::Assembler;
use super::line_ids::LineIds;
use super::lines::LineRef;
use super::mnemonics::Op;
use crate::cpu::Cpu;
use crate::intern::Name;
use crate::opcodes::{Mode, table};
use crate::symbols::{LabelId, PcType};
use crate::syntax::ast::{BinOp, UnOp};
use crate::syntax::compiled::{Expr, ExprKind};
use crate::value::ops::{is_arith, is_shift};
use crate::value::{CodeRef, Value};

/// Bytes a record holds in itself; more go to [`Replay::bytes`].
pub const INLINE: usize = 4;

/// A replayed line's bytes: in the record (little-endian, and how many),
/// or where they start in [`Replay::bytes`] and how many.
pub enum Kept {
    Inline([u8; INLINE], u8),
    Far(u32, u8),
}

/// What the addressing mode and the bytes depend on besides the operands.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Ctx {
    cpu: Cpu,
    long_accu: bool,
    long_index: bool,
    dpage: u32,
    databank: u32,
    all_mem: u32,
    /// The program counter's bank (`jmp`/`jsr` stay in it).
    bank: u32,
}

/// One kept line as read and written (none yet: all 0, a line's place
/// kept before its bytes are); kept as a [`Slot`].
#[derive(Clone, Copy)]
struct Record {
    /// First of its reads in [`Replay::reads`].
    reads: u32,
    nreads: u8,
    len: u8,
    ctx: u16,
    /// Up to [`INLINE`] bytes in itself (little-endian), else where they
    /// start in [`Replay::bytes`].
    bytes: u32,
}

impl Record {
    /// The record packed in a [`Slot`]'s word, if its fields fit.
    #[inline(always)]
    fn pack(&self) -> Option<u32> {
        (self.reads < READS_MAX
            && u32::from(self.nreads) < 1 << NREADS_BITS
            && u32::from(self.len) < 1 << LEN_BITS
            && u32::from(self.ctx) < 1 << CTX_BITS)
            .then(|| {
                u32::from(self.len)
                    | u32::from(self.ctx) << CTX_SHIFT
                    | u32::from(self.nreads) << NREADS_SHIFT
                    | self.reads << READS_SHIFT
            })
    }
}

/// A [`Record`] as kept, in 8 bytes: its bytes word, and its other fields
/// packed in one word (its length in the low [`LEN_BITS`], then its
/// context, how many reads and where they start), or [`ASIDE`] and the record's place
/// in [`Replay::aside`] when one of them does not fit (a line of more
/// than 7 symbols or 31 bytes, a 16th context, a millionth read).
#[derive(Clone, Copy)]
struct Slot {
    word: u32,
    bytes: u32,
}

const LEN_BITS: u32 = 5;
const CTX_BITS: u32 = 4;
const NREADS_BITS: u32 = 3;
const READS_BITS: u32 = 20;
const CTX_SHIFT: u32 = LEN_BITS;
const NREADS_SHIFT: u32 = CTX_SHIFT + CTX_BITS;
const READS_SHIFT: u32 = NREADS_SHIFT + NREADS_BITS;
const _: () = assert!(READS_SHIFT + READS_BITS == 32);
/// Reads start below this in a packed word (so that none is [`ASIDE`]).
const READS_MAX: u32 = (1 << READS_BITS) - 1;
/// A [`Slot`] whose record is in [`Replay::aside`].
const ASIDE: u32 = u32::MAX;

impl Slot {
    #[inline(always)]
    fn unpack(self) -> Record {
        let w = self.word;
        Record {
            reads: w >> READS_SHIFT,
            nreads: ((w >> NREADS_SHIFT) & ((1 << NREADS_BITS) - 1)) as u8,
            len: (w & ((1 << LEN_BITS) - 1)) as u8,
            ctx: ((w >> CTX_SHIFT) & ((1 << CTX_BITS) - 1)) as u16,
            bytes: self.bytes,
        }
    }
}

/// A symbol a kept line read: the label it resolved to (whose name is the
/// name read, see [`Assembler::read_name`]), where it was found, and the
/// label's value then (an integer, a bit string, or a code address), as the
/// evaluation saw it; kept as a [`Read`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Seen {
    label: u32,
    /// The scope searched first ([`Assembler::first_scope`]) when the label
    /// was found there with no `.weak` strength (with [`CHEAP`] for a
    /// cheap local's, so the check needs not read the name); [`UNIQUE`] and the scope
    /// it is in when it was the only label of its name; else [`FAR`]: then
    /// the look-up is known without searching (see
    /// [`Assembler::resolves_same`]). An anonymous label's read:
    /// [`ANON_READ`] and its name's offset from [`ANON`].
    near: u32,
    /// [`INT`], [`BITS`], or the code object's id.
    kind: u32,
    /// An integer's low and high halves and 0; a bit string's value's
    /// halves and its length (top bit: inverted); a code's offset, address
    /// and address type (0: integer, `1 + n`: `n` bits).
    x: u32,
    y: u32,
    z: u32,
}

/// A label's value as a [`Seen`] holds it: kind, x, y, z.
type Packed = (u32, u32, u32, u32);

/// A [`Seen`] kept in 12 bytes (a 500,000-line source keeps some 230,000):
/// the label's id (below [`FORM_SHIFT`]), how its value is kept (its form,
/// two bits) and 8 bits of value ([`Read::extra`]) in one word, the `near`
/// word, and a word of value. Most values fit these 40 bits: an integer
/// below 2^40 (its low half in `a`, its high byte in the extra bits), a
/// bit string of up to 32 bits and a length below 128 (its value; its
/// length and whether it is inverted), a code address with no offset below
/// 2^16 of a code object below 2^19, of an address type below 32 (the address and the id's low
/// 16 bits in `a`, the id's top 3 bits and the type in the extra bits); the rest
/// are kept in [`Replay::wide`] (`a` their place there).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Read {
    label: u32,
    near: u32,
    a: u32,
}

const FORM_SHIFT: u32 = 22;
const LABEL_MASK: u32 = (1 << FORM_SHIFT) - 1;
/// The 8 bits of value in a [`Read`]'s label word.
const EXTRA_SHIFT: u32 = FORM_SHIFT + 2;
const F_INT: u32 = 0;
const F_BITS: u32 = 1;
const F_CODE: u32 = 2;
const F_WIDE: u32 = 3;
/// An [`F_CODE`] read's code object id is below 2^`CODE_ID_BITS` (its low
/// 16 bits in `a` above the address, the rest in the extra bits' low
/// [`CODE_ID_BITS`]` - 16`, the address type above them).
const CODE_ID_BITS: u32 = 19;
const CODE_HIGH_BITS: u32 = CODE_ID_BITS - 16;
const _: () = assert!(EXTRA_SHIFT + 8 == 32 && CODE_HIGH_BITS + 5 == 8);
const _: () = assert!(std::mem::size_of::<Read>() == 12);

impl Read {
    fn label(&self) -> u32 {
        self.label & LABEL_MASK
    }

    fn form(&self) -> u32 {
        (self.label >> FORM_SHIFT) & 3
    }

    /// The 8 bits of value kept beside the label (see [`Read`]).
    fn extra(&self) -> u32 {
        self.label >> EXTRA_SHIFT
    }

    /// An [`F_CODE`] read's code object id, address and address type.
    #[inline(always)]
    fn code(&self) -> (u32, u32, u32) {
        let e = self.extra();
        (
            self.a >> 16 | (e & ((1 << CODE_HIGH_BITS) - 1)) << 16,
            self.a & 0xffff,
            e >> CODE_HIGH_BITS,
        )
    }

    /// An [`F_BITS`] read's length word (the length, the top bit: inverted).
    #[inline(always)]
    fn bits_len(&self) -> u32 {
        let e = self.extra();
        (e & 0x7f) | (e >> 7) << 31
    }
}

/// Anonymous labels read (`-`, `+`, ...) are names from here on up:
/// `ANON + 128 + n` for the `n` of [`ExprKind::Anon`].
const ANON: Name = u32::MAX - 512;

/// The name a read of the anonymous label `n` is kept under, if any.
fn anon_name(n: i32) -> Option<Name> {
    (-128..128).contains(&n).then(|| ANON + (n + 128) as u32)
}

const INT: u32 = u32::MAX;
const BITS: u32 = u32::MAX - 1;
const FAR: u32 = u32::MAX;
/// In [`Read::near`]: the label was the only one of its name (the rest
/// is its scope, below this bit).
const UNIQUE: u32 = 1 << 30;
/// In [`Read::near`]: an anonymous label's read.
const ANON_READ: u32 = 1 << 31;
/// In [`Read::near`]: a cheap local (`_name`) found in the cheap scope
/// (the rest), so the check needs not read the name.
const CHEAP: u32 = 1 << 29;

/// No record's place kept with the known read (see [`Known::at`]).
const NO_PLACE: u32 = u32::MAX;

/// No read known (see [`Replay::known_name`]).
pub const NO_NAME: Name = u32::MAX;
/// [`Replay::known_name`] when the replay check has just found a branch
/// record (see [`Assembler::replay_record_branch`]): no name read is this
/// (interned names and [`ANON`]'s are below it), and a check that fails
/// tells it the way a moved read is told, with no test more.
pub const BRANCH_NAME: Name = u32::MAX - 1;
const _: () = assert!(ANON + 256 < BRANCH_NAME);

/// A data line's record whose labels moved (see
/// [`Assembler::moved_data`]): its place and what it holds.
pub struct Moved {
    at: usize,
    record: Record,
    /// The record's bytes word (its bytes when they are [`INLINE`]).
    word: [u8; INLINE],
}

impl Moved {
    /// How many labels the record reads.
    #[inline(always)]
    pub fn reads(&self) -> usize {
        self.record.nreads as usize
    }
}

/// A read of a line whose record did not hold only because the label's
/// value changed (a label that moved): the name still resolves to the
/// label without a search (see [`Assembler::found_without_search`]), so the
/// line's evaluation, which follows, takes it from here once
/// ([`Assembler::known_read`]), if it is that line's, in the same pass and
/// scopes.
#[derive(Clone, Copy, Default)]
struct Known {
    id: u32,
    /// The place of the record whose check failed only because this
    /// read's label moved, the record's one read ([`NO_PLACE`]: none kept).
    at: u32,
    file: crate::source::FileId,
    index: u32,
    pass: u32,
    depth: u32,
    top: u32,
    cheap: u32,
}

/// Kept lines, by file and line.
#[derive(Default)]
pub struct Replay {
    on: bool,
    /// Per file, per line: its record's index.
    index: LineIds,
    /// Per line kept (in the order of [`Replay::index`]'s ids).
    records: Vec<Slot>,
    /// The records that do not pack into a [`Slot`].
    aside: Vec<Record>,
    reads: Vec<Read>,
    /// The values of reads that don't fit a [`Read`] (see there).
    wide: Vec<Packed>,
    /// The bytes of records that hold more than [`INLINE`].
    bytes: Vec<u8>,
    contexts: Vec<Ctx>,
    /// The index in `contexts` of the context lines are assembled in now,
    /// and the program counter's bank it was found for: known from one
    /// line to the next (one comparison a replayed line, not a context
    /// built and compared field by field) until a directive changes the
    /// processor, a register's size, the direct page or the data bank
    /// ([`Replay::context_changed`]) or the bank is another.
    now: Option<(u16, u32)>,
    /// Something was (or would have been) reported since the line began.
    tainted: Cell<bool>,
    /// The symbols read since the line began (see [`Replay::read`]),
    /// while `collecting`.
    pending: Vec<(Name, LabelId)>,
    collecting: bool,
    /// The place [`Assembler::first_instruction_visit`] gave the last
    /// instruction line it saw (its file, its line, its record's index):
    /// keeping the line's bytes then needs no search for it.
    visited: Option<(crate::source::FileId, u32, u32)>,
    /// The target's read of the branch record (see
    /// [`Assembler::replay_record_branch`]) an instruction's replay check
    /// has just found ([`Replay::known_name`] is then [`BRANCH_NAME`]):
    /// taken by [`Assembler::replay_branch_target`], the line's next step.
    branch: Read,
    /// The name of [`Replay::known`]'s read ([`NO_NAME`]: none), compared
    /// first where a symbol is read.
    pub known_name: Name,
    known: Known,
    /// Per name: how many labels have it (2: more than one), counted up
    /// to the first `counted` labels (labels are never removed).
    per_name: Vec<u8>,
    counted: usize,
    /// Lines replayed and lines kept, for measurements and tests.
    pub replayed: u64,
    pub kept: u64,
}

impl Replay {
    /// The bytes of `kept` from the `skip`th on (a literal record's key
    /// skipped), where they are kept.
    #[inline]
    pub fn kept_bytes<'a>(&'a self, kept: &'a Kept, skip: usize) -> &'a [u8] {
        match kept {
            Kept::Inline(b, n) => b.get(skip..*n as usize).unwrap_or(&[]),
            Kept::Far(from, n) => {
                let from = *from as usize;
                self.bytes
                    .get(from + skip..from + *n as usize)
                    .unwrap_or(&[])
            }
        }
    }

    /// The processor, a register's size, the direct page or the data bank
    /// may have changed (a directive, `rep`/`sep` under `.autsiz`, a pass
    /// or file begun): the context's index is found again.
    #[inline]
    pub fn context_changed(&mut self) {
        self.now = None;
    }

    /// Something was reported, or left out because another pass follows:
    /// the line being assembled is not kept.
    pub fn taint(&self) {
        self.tainted.set(true);
    }

    /// A symbol read resolved to `id` (the one place names resolve to
    /// labels in an evaluation, `Assembler::symbol`): the line's reads are
    /// kept from these rather than looked up again.
    #[inline]
    pub fn read(&mut self, name: Name, id: LabelId) {
        if self.collecting {
            if self.pending.len() < u8::MAX as usize {
                self.pending.push((name, id));
            } else {
                // More than a line keeps: given up until the next line.
                self.collecting = false;
                self.pending.clear();
                self.tainted.set(true);
            }
        }
    }

    /// An anonymous label read resolved to `id` (see [`Replay::read`]).
    #[inline]
    pub fn read_anon(&mut self, n: i32, id: LabelId) {
        match anon_name(n) {
            Some(name) => self.read(name, id),
            None => self.tainted.set(true),
        }
    }

    pub fn new(opts: &crate::options::Options) -> Replay {
        let w = &opts.warnings;
        Replay {
            on: !(w.optimize || w.case_symbol),
            known_name: NO_NAME,
            ..Replay::default()
        }
    }

    /// `seen` (whose label's id fits, see [`Assembler::read_of`]) as kept
    /// over `old` (whose place in [`Replay::wide`], if it has one, is used
    /// again).
    // Always inlined: out of line it leaves the passes' ordered code (see
    // `link/assembler-first.ld`), and the build maps one more block of code.
    #[inline(always)]
    fn pack(&mut self, seen: &Seen, old: Option<Read>) -> Read {
        debug_assert!(seen.label <= LABEL_MASK);
        let Seen {
            near,
            kind,
            x,
            y,
            z,
            ..
        } = *seen;
        let (form, a, extra) = match compact(kind, x, y, z) {
            Some(c) => c,
            None => {
                let v = (kind, x, y, z);
                let at = match old {
                    Some(o) if o.form() == F_WIDE => {
                        self.wide[o.a as usize] = v;
                        o.a
                    }
                    _ => {
                        self.wide.push(v);
                        self.wide.len() as u32 - 1
                    }
                };
                (F_WIDE, at, 0)
            }
        };
        Read {
            label: seen.label | form << FORM_SHIFT | extra << EXTRA_SHIFT,
            near,
            a,
        }
    }

    /// The value `r` kept, as [`Assembler::value_now`] gives it.
    #[inline]
    fn value_of(&self, r: &Read) -> Packed {
        match r.form() {
            F_INT => (INT, r.a, r.extra(), 0),
            F_BITS => (BITS, r.a, 0, r.bits_len()),
            F_CODE => {
                let (id, addr, typ) = r.code();
                (id, 0, addr, typ)
            }
            _ => self.wide[r.a as usize],
        }
    }

    #[inline(always)]
    fn slot(&self, line: &LineRef) -> Option<usize> {
        self.index.get(line.file, line.index).map(|i| i as usize)
    }

    /// A new record for `line` (of a text of `lines` lines), which has
    /// none: empty, all 0. Its place.
    #[inline]
    fn add(&mut self, line: &LineRef, lines: usize) -> usize {
        let id = self.records.len();
        if self.index.set(line.file, lines, line.index, id as u32) {
            // No record yet (no line makes no bytes).
            self.records.push(Slot { word: 0, bytes: 0 });
        }
        id
    }

    /// The record at `at`.
    #[inline(always)]
    fn record(&self, at: usize) -> Record {
        let s = self.records[at];
        if s.word == ASIDE {
            self.aside[s.bytes as usize]
        } else {
            s.unpack()
        }
    }

    /// The record at `at` is now `r`.
    #[inline(always)]
    fn set_record(&mut self, at: usize, r: Record) {
        match r.pack() {
            Some(word) => {
                self.records[at] = Slot {
                    word,
                    bytes: r.bytes,
                }
            }
            None => self.set_aside(at, r),
        }
    }

    /// [`Replay::set_record`] for a record that does not pack (one kept
    /// aside keeps its place there).
    #[cold]
    fn set_aside(&mut self, at: usize, r: Record) {
        let s = &mut self.records[at];
        if s.word == ASIDE {
            self.aside[s.bytes as usize] = r;
        } else {
            *s = Slot {
                word: ASIDE,
                bytes: self.aside.len() as u32,
            };
            self.aside.push(r);
        }
    }

    /// The record at `at` has `bytes` as its bytes word (the rest as it was).
    #[inline(always)]
    fn set_bytes(&mut self, at: usize, bytes: u32) {
        let s = &mut self.records[at];
        if s.word == ASIDE {
            self.aside[s.bytes as usize].bytes = bytes;
        } else {
            s.bytes = bytes;
        }
    }
}

/// Up to [`INLINE`] bytes as a record holds them: little-endian, the
/// rest 0 (read one by one: no copy of a slice of unknown length).
#[inline(always)]
fn inline_word(bytes: &[u8]) -> u32 {
    let at = |i: usize| u32::from(bytes.get(i).copied().unwrap_or(0));
    at(0) | at(1) << 8 | at(2) << 16 | at(3) << 24
}

/// A label's value (kind, x, y, z as a [`Seen`] holds it) in a compact
/// form of a [`Read`]: the form, its word of value and its 8 extra bits;
/// `None` for a value kept in [`Replay::wide`].
#[inline(always)]
fn compact(kind: u32, x: u32, y: u32, z: u32) -> Option<(u32, u32, u32)> {
    if kind == INT && y < 1 << 8 {
        Some((F_INT, x, y))
    } else if kind == BITS && y == 0 && z & !(0x7f | 1 << 31) == 0 {
        Some((F_BITS, x, (z & 0x7f) | (z >> 31) << 7))
    } else if kind < BITS
        && x == 0
        && kind < 1 << CODE_ID_BITS
        && y < 1 << 16
        && z < 1 << (8 - CODE_HIGH_BITS)
    {
        Some((F_CODE, y | kind << 16, kind >> 16 | z << CODE_HIGH_BITS))
    } else {
        None
    }
}

/// Is the expression pure arithmetic whose only inputs are its symbols?
/// Its names are added to `out` in the order they are read (an impure
/// expression leaves some added: the caller drops them).
fn pure_names(e: &Expr, out: &mut smallvec::SmallVec<[Name; 4]>) -> bool {
    match e.kind() {
        ExprKind::Int(_) | ExprKind::Bits(_) => true,
        ExprKind::Ident(n) => {
            out.push(n);
            true
        }
        ExprKind::Anon(n) => match anon_name(n) {
            Some(name) => {
                out.push(name);
                true
            }
            None => false,
        },
        ExprKind::Paren(inner) | ExprKind::Addr(_, inner) => pure_names(inner, out),
        ExprKind::Unary(op, inner) => kept_unary(op) && pure_names(inner, out),
        ExprKind::Binary(op, ab) => {
            kept_binary(op) && pure_names(&ab[0], out) && pure_names(&ab[1], out)
        }
        _ => false,
    }
}

/// The unary operators a kept record's operand may use: integer ones.
#[inline(always)]
fn kept_unary(op: UnOp) -> bool {
    matches!(
        op,
        UnOp::Neg
            | UnOp::Pos
            | UnOp::Inv
            | UnOp::Lower
            | UnOp::Higher
            | UnOp::Word
            | UnOp::HWord
            | UnOp::BSWord
            | UnOp::Bank
    )
}

/// The binary operators a kept record's operand may use: integer ones
/// (`**` can make a float: not kept).
#[inline(always)]
fn kept_binary(op: BinOp) -> bool {
    (is_arith(op) && op != BinOp::Exp) || is_shift(op)
}

/// The one name `exprs` read when they are one expression of a name under
/// brackets, address modes and integer unary operators only (`jsr fwd`,
/// `lda #<fwd`): what [`pure_names`] gathers for them then, found without
/// the list.
fn one_name(exprs: &[Expr]) -> Option<Name> {
    let [first] = exprs else { return None };
    let mut e = first;
    loop {
        match e.kind() {
            ExprKind::Ident(n) => return Some(n),
            ExprKind::Anon(n) => return anon_name(n),
            ExprKind::Paren(inner) | ExprKind::Addr(_, inner) => e = inner,
            ExprKind::Unary(op, inner) if kept_unary(op) => e = inner,
            _ => return None,
        }
    }
}

/// [`pure_names`] of an expression that names nothing: pure arithmetic
/// on literals (most operands a first pass keeps: `#0`, `$d020`), asked
/// with no list of names to gather.
fn pure_literals(e: &Expr) -> bool {
    let pure = match e.kind() {
        ExprKind::Int(_) | ExprKind::Bits(_) => true,
        ExprKind::Paren(inner) | ExprKind::Addr(_, inner) => pure_literals(inner),
        ExprKind::Unary(op, inner) => kept_unary(op) && pure_literals(inner),
        ExprKind::Binary(op, ab) => {
            kept_binary(op) && pure_literals(&ab[0]) && pure_literals(&ab[1])
        }
        _ => false,
    };
    debug_assert_eq!(
        pure,
        {
            let mut names = smallvec::SmallVec::<[Name; 4]>::new();
            pure_names(e, &mut names) && names.is_empty()
        },
        "pure_literals differs from pure_names"
    );
    pure
}

impl Assembler<'_> {
    /// A line starts: nothing reported or read yet.
    pub fn replay_begin(&mut self) {
        let rp = &mut self.replay;
        rp.tainted.set(false);
        rp.pending.clear();
        rp.collecting = rp.on;
    }

    /// The index of the current context in [`Replay::contexts`], if a
    /// record has it.
    #[inline]
    fn ctx_index(&mut self) -> Option<u16> {
        let bank = self.out.addr(self.st.addr).l_address >> 16;
        match self.replay.now {
            Some((i, b)) if b == bank => {
                debug_assert!(self.replay.contexts[i as usize] == self.replay_ctx());
                Some(i)
            }
            _ => self.find_ctx(bank),
        }
    }

    /// [`Self::ctx_index`] when it is not known: searched for, and known
    /// from now on if found.
    #[inline(never)]
    fn find_ctx(&mut self, bank: u32) -> Option<u16> {
        let ctx = self.replay_ctx();
        let i = self.replay.contexts.iter().position(|&c| c == ctx)? as u16;
        self.replay.now = Some((i, bank));
        Some(i)
    }

    fn replay_ctx(&self) -> Ctx {
        Ctx {
            cpu: self.st.cpu,
            long_accu: self.st.long_accu,
            long_index: self.st.long_index,
            dpage: self.st.dpage,
            databank: self.st.databank,
            all_mem: self.out.all_mem,
            bank: self.out.addr(self.st.addr).l_address >> 16,
        }
    }

    /// May `op` be kept at all (see the module's notes)? Inline: asked
    /// for every instruction kept.
    #[inline(always)]
    fn replayable(&self, op: Op) -> bool {
        let Op::Real(i) = op else { return false };
        let m = &table(self.st.cpu)[i as usize];
        self.replay.on && !self.st.autosize && !m.is_branch() && !m.has(Mode::ZeroPageBitRelative)
    }

    /// The scope [`Assembler::lookup`] searches first for `name`, if any.
    fn first_scope(&self, name: Name) -> Option<crate::value::NsId> {
        if self.reads_cheap(name) {
            return Some(self.st.cheap);
        }
        let c = &self.st.contexts;
        (c.len() > self.st.bottom).then(|| c[c.len() - 1].ns)
    }

    /// Count the names of the labels made since the last count.
    fn count_names(&mut self) {
        let labels = &self.syms.labels;
        let rp = &mut self.replay;
        if rp.counted == labels.len() {
            return;
        }
        for l in &labels[rp.counted..] {
            // Anonymous labels, and anonymous scopes' unlisted names
            // (never read by name).
            if l.lookup_name() >= crate::intern::UNLISTED {
                continue;
            }
            let i = l.lookup_name() as usize;
            if rp.per_name.len() <= i {
                rp.per_name.resize(i + 1, 0);
            }
            rp.per_name[i] = (rp.per_name[i] + 1).min(2);
        }
        rp.counted = labels.len();
    }

    /// Is `id` the only label named `name` (as last counted)?
    fn only_one(&self, name: Name) -> bool {
        self.replay.per_name.get(name as usize) == Some(&1)
    }

    /// The name `r` was read by: its label's (the look-up name), or an
    /// anonymous label's kept in it.
    fn read_name(&self, r: &Read) -> Name {
        if r.near != FAR && r.near & ANON_READ != 0 {
            ANON + (r.near & !ANON_READ)
        } else {
            self.syms.label(LabelId(r.label())).lookup_name()
        }
    }

    /// What a read of `name` that resolved to `id` is, as a [`Seen`]
    /// (`None`: not kept, as its value's kind, or a label id beyond what a
    /// [`Read`] holds).
    fn read_of(&mut self, name: Name, id: LabelId) -> Option<Seen> {
        if id.0 > LABEL_MASK {
            return None;
        }
        let near = self.read_near(name, id);
        let (kind, x, y, z) = self.value_now(id)?;
        Some(Seen {
            label: id.0,
            near,
            kind,
            x,
            y,
            z,
        })
    }

    /// Where a read of `name` that resolved to `id` was found, as
    /// [`Seen::near`] keeps it.
    #[inline(always)]
    fn read_near(&mut self, name: Name, id: LabelId) -> u32 {
        if name >= ANON {
            // Found again by searching (see `resolves_same`).
            return ANON_READ | (name - ANON);
        }
        // Found in the scope searched first with strength 0 (the strongest:
        // what that scope gives while the label is visible). When that
        // scope is the only one searched, the label is in it.
        let cheap = self.reads_cheap(name);
        let only = cheap || self.st.contexts.len() == self.st.bottom + 1;
        let near = match self.first_scope(name) {
            Some(ns) if self.syms.label(id).strength() == 0 && ns.0 < CHEAP => {
                if !(only || self.syms.get(ns, name, 0) == Some(id)) {
                    FAR
                } else if cheap {
                    CHEAP | ns.0
                } else {
                    ns.0
                }
            }
            _ => FAR,
        };
        if near == FAR && !cheap && {
            self.count_names();
            self.only_one(name)
        } {
            // The scope it is in: the look-up finds it while that scope is
            // searched and no other label has the name.
            let strength = self.syms.label(id).strength();
            let c = &self.st.contexts;
            (self.st.bottom..c.len())
                .rev()
                .map(|i| c[i].ns)
                .find(|&ns| self.syms.get(ns, name, strength) == Some(id))
                .filter(|ns| ns.0 < UNIQUE)
                .map_or(FAR, |ns| UNIQUE | ns.0)
        } else {
            near
        }
    }

    /// A label's value packed as a [`Read`] holds it, if it is of a kind
    /// kept.
    fn value_now(&self, id: LabelId) -> Option<Packed> {
        Some(match self.syms.label(id).value {
            Value::Int(v) => (INT, v as u32, (v >> 32) as u32, 0),
            Value::Bits(b) if b.len < 1 << 31 => (
                BITS,
                b.val as u32,
                (b.val >> 32) as u32,
                b.len | u32::from(b.inv) << 31,
            ),
            Value::Code(CodeRef { id: cid, offs }) if cid.0 < BITS => {
                let c = self.syms.code(cid);
                let typ = match c.typ.int_or_bits() {
                    Some(typ) => typ,
                    None => self.wide_type(cid)?,
                };
                (cid.0, offs as u32, c.addr, typ)
            }
            _ => return None,
        })
    }

    /// A code type kept aside, as a read keeps it (`1 + n` for `n` bits,
    /// the longest ones; `None` for types no read keeps).
    #[cold]
    fn wide_type(&self, id: crate::value::CodeId) -> Option<u32> {
        match self.syms.code_type(id) {
            PcType::Bits(n) if n < u32::MAX => Some(1 + n),
            _ => None,
        }
    }

    /// Has `want`'s label still the value kept (`value_now` is what
    /// [`Replay::value_of`] gives)? Compared in place for the compact forms.
    #[inline(always)]
    fn still_has(&self, want: &Read) -> bool {
        let label = self.syms.label(LabelId(want.label()));
        match (want.form(), &label.value) {
            (F_INT, &Value::Int(v)) => v as u32 == want.a && (v >> 32) as u32 == want.extra(),
            (F_BITS, &Value::Bits(b)) => {
                b.len < 1 << 31
                    && b.val >> 32 == 0
                    && b.val as u32 == want.a
                    && b.len | u32::from(b.inv) << 31 == want.bits_len()
            }
            (F_CODE, &Value::Code(CodeRef { id, offs })) => {
                let (kept_id, addr, kept_typ) = want.code();
                id.0 == kept_id && offs == 0 && {
                    let c = self.syms.code(id);
                    let Some(typ) = c.typ.int_or_bits().or_else(|| self.wide_type(id)) else {
                        return false;
                    };
                    c.addr == addr && typ == kept_typ
                }
            }
            (F_WIDE, _) => {
                self.value_now(LabelId(want.label())) == Some(self.replay.value_of(want))
            }
            _ => false,
        }
    }

    /// Does the name read still resolve to `want`'s label? A label found in the
    /// scope searched first, with no `.weak` strength, is what the look-up
    /// finds again while that scope is searched first and the label is
    /// visible (names are never taken back from a scope, and strength 0 is
    /// the strongest); anything else is looked up again.
    #[inline(always)]
    fn resolves_same(&mut self, want: &Read) -> bool {
        let near = want.near;
        if near != FAR && near & ANON_READ != 0 {
            let name = ANON + (near & !ANON_READ);
            let id = LabelId(want.label());
            return self.find_anon(name as i32 - (ANON + 128) as i32) == Some(id);
        }
        if self.found_without_search(want) {
            return true;
        }
        let name = self.read_name(want);
        self.read_lookup(name) == Some(LabelId(want.label()))
    }

    /// Is `want`'s label (a named read's) what a look-up of its name finds
    /// now, known without the look-up (see [`Self::resolves_same`])? False:
    /// not known so.
    #[inline(always)]
    fn found_without_search(&mut self, want: &Read) -> bool {
        let id = LabelId(want.label());
        let near = want.near;
        debug_assert!(near == FAR || near & ANON_READ == 0);
        let found_so = if near == FAR {
            false
        } else if near & UNIQUE != 0 {
            // The only label of its name, in a scope searched: what
            // `lookup` finds when it is visible.
            let ns = near & !UNIQUE;
            let name = self.read_name(want);
            self.count_names();
            self.only_one(name)
                && self
                    .st
                    .contexts
                    .get(self.st.bottom..)
                    .is_some_and(|c| c.iter().any(|c| c.ns.0 == ns))
        } else if near & CHEAP != 0 {
            // A cheap local's scope searched first is the current one.
            self.st.cheap.0 == near & !CHEAP
        } else {
            let c = &self.st.contexts;
            c.len() > self.st.bottom && c[c.len() - 1].ns.0 == near
        };
        found_so && self.syms.label(id).visible(self.st.pass, self.st.fixeddig)
    }

    /// A record of `line` did not hold because `want`'s label has another
    /// value now: when its name is known to resolve to it still, the
    /// line's evaluation (next) is told (see [`Known`]), else nothing is.
    #[inline(never)]
    fn note_known(&mut self, line: &LineRef, want: &Read) {
        self.replay.known_name = NO_NAME;
        if want.near == FAR || want.near & ANON_READ != 0 || !self.found_without_search(want) {
            return;
        }
        let c = &self.st.contexts;
        self.replay.known = Known {
            id: want.label(),
            at: NO_PLACE,
            file: line.file,
            index: line.index,
            pass: self.st.pass,
            depth: c.len() as u32,
            top: c.last().map_or(u32::MAX, |c| c.ns.0),
            cheap: self.st.cheap.0,
        };
        self.replay.known_name = self.read_name(want);
    }

    /// The label `name` resolves to, read by `line`'s evaluation, when
    /// [`Replay::known_name`] is `name` (the caller compares): the known
    /// read's label if it is `line`'s in the same pass and scopes (taken:
    /// once), else looked up.
    #[inline(never)]
    pub fn known_read(&mut self, line: &LineRef, name: Name) -> Option<LabelId> {
        self.replay.known_name = NO_NAME;
        if self.known_here(line) {
            let id = LabelId(self.replay.known.id);
            debug_assert!(
                self.read_lookup(name) == Some(id),
                "a known read differs from the look-up"
            );
            return Some(id);
        }
        self.read_lookup(name)
    }

    /// Is the known read (see [`Known`]) `line`'s, in this pass and scopes?
    #[inline(always)]
    fn known_here(&self, line: &LineRef) -> bool {
        let k = &self.replay.known;
        let c = &self.st.contexts;
        k.file == line.file
            && k.index == line.index
            && k.pass == self.st.pass
            && k.depth == c.len() as u32
            && k.top == c.last().map_or(u32::MAX, |c| c.ns.0)
            && k.cheap == self.st.cheap.0
    }

    /// The label of the one read of `line`'s record, when the record's
    /// check has just failed only because that label moved and its name
    /// still resolves to it (the known read, see [`Known`]; the caller
    /// has seen [`Replay::known_name`] set): the line's bytes may then be
    /// made from the label's value without evaluating the line
    /// (`Assembler::moved_operand`). The label and the record's place,
    /// kept with the known read by the check
    /// ([`Self::instruction_reads_hold`]); nothing is taken or changed.
    #[inline(always)]
    pub fn moved_read(&self, line: &LineRef) -> Option<(LabelId, usize)> {
        let k = &self.replay.known;
        if k.at == NO_PLACE || !self.known_here(line) {
            return None;
        }
        let (id, at) = (k.id, k.at as usize);
        debug_assert!(
            self.replay.slot(line) == Some(at) && {
                let r = self.replay.record(at);
                r.nreads == 1 && self.replay.reads[r.reads as usize].label() == id
            },
            "a moved read's place is not its line's record of one read"
        );
        Some((LabelId(id), at))
    }

    /// `line`'s record (at `at`, see [`Self::moved_read`]) made again for its new
    /// bytes (`n` of them in `word`, little-endian, the rest 0), its read
    /// holding its label's value now, as the line's evaluation and
    /// `keep_again` would leave it; the label marked read as the
    /// evaluation marks it (and `-Wshadow`'s check). False, nothing done:
    /// the record holds another number of bytes, or the value is of a kind
    /// no read keeps (the general path then decides).
    #[inline(always)]
    pub fn moved_rewrite(&mut self, line: &LineRef, at: usize, word: [u8; INLINE], n: u32) -> bool {
        let r = self.replay.record(at);
        if u32::from(r.len) != n || r.nreads != 1 {
            return false;
        }
        let i = r.reads as usize;
        let Some(read) = self.read_again(self.replay.reads[i]) else {
            return false;
        };
        debug_assert_eq!(
            u32::from_le_bytes(word),
            inline_word(&word[..n as usize]),
            "bytes beyond the instruction's in its word"
        );
        self.replay.reads[i] = read;
        self.replay.set_bytes(at, u32::from_le_bytes(word));
        self.replay.kept += 1;
        #[cfg(test)]
        tests::MOVED.with(|n| n.set(n.get() + 1));
        let name = self.replay.known_name;
        self.replay.known_name = NO_NAME;
        let id = LabelId(read.label());
        self.touch(id);
        if self.opts.warnings.shadow && self.st.fixeddig && !self.st.constcreated {
            self.shadow_check(name, id, line);
        }
        true
    }

    /// May a data directive's line be kept (its bytes go out as they are)?
    fn data_replayable(&self) -> bool {
        self.replay.on && self.st.eor == 0
    }

    /// The bytes kept for this line, if its inputs are what they were
    /// (the labels it reads are then marked read). Inline in the data
    /// directives (a replayed line's usual way, with no reads, needs no
    /// frame of its own); a first visit and a record's reads out of line.
    #[inline(always)]
    fn replay_bytes(&mut self, line: &LineRef) -> Option<Kept> {
        let Some(at) = self.replay.slot(line) else {
            self.first_data_visit(line);
            return None;
        };
        let s = self.replay.records[at];
        if s.word == 0 {
            // No bytes kept yet.
            self.replay.known_name = NO_NAME;
            return None;
        }
        let r = self.replay.record(at);
        if r.len == 0 || self.ctx_index() != Some(r.ctx) {
            self.replay.known_name = NO_NAME;
            return None;
        }
        if r.nreads != 0 && !self.data_reads_hold(line, &r, at) {
            return None;
        }
        self.note_replayed();
        Some(if r.len as usize <= INLINE {
            Kept::Inline(r.bytes.to_le_bytes(), r.len)
        } else {
            Kept::Far(r.bytes, r.len)
        })
    }

    /// A data line's first visit: its place taken. Records are made in
    /// line order (see `LineIds`), whichever pass first keeps the line's
    /// bytes (one that reads a label defined further on: the next).
    #[inline(never)]
    fn first_data_visit(&mut self, line: &LineRef) {
        let lines = self.src.get(line.file).line_count();
        self.replay.add(line, lines);
    }

    /// [`Self::reads_hold`] for a data line's record (at `at`) that reads
    /// labels: out of line, as [`Self::replay_bytes`] is inline. A record
    /// that failed because a label it read moved, its name known to resolve
    /// to it still, has its place kept with the known read (see
    /// [`Self::moved_data`]).
    #[inline(never)]
    fn data_reads_hold(&mut self, line: &LineRef, r: &Record, at: usize) -> bool {
        if self.reads_hold(line, r) {
            return true;
        }
        if self.replay.known_name != NO_NAME {
            self.replay.known.at = at as u32;
        }
        false
    }

    /// The record of `line`, a data line, when its check has just failed
    /// because a label it read moved (the known read, see [`Known`]; the
    /// caller has seen [`Replay::known_name`] set) and each of its reads'
    /// names still resolves to its label: its bytes may then be made from
    /// the labels' values without evaluating the line
    /// (`Assembler::data_moved`). Nothing is taken or changed (a name
    /// not known without a search is looked up, as the evaluation would).
    #[inline(always)]
    pub fn moved_data(&mut self, line: &LineRef) -> Option<Moved> {
        let k = &self.replay.known;
        if k.at == NO_PLACE || !self.known_here(line) {
            return None;
        }
        let at = k.at as usize;
        debug_assert_eq!(self.replay.slot(line), Some(at), "a moved record's place");
        let record = self.replay.record(at);
        let reads = record.reads as usize..record.reads as usize + record.nreads as usize;
        for i in reads {
            let want = self.replay.reads[i];
            if !self.resolves_same(&want) {
                return None;
            }
        }
        Some(Moved {
            at,
            record,
            word: record.bytes.to_le_bytes(),
        })
    }

    /// The bytes `moved`'s record holds (read here, not by
    /// [`Replay::kept_bytes`]: one more caller moved how the data paths
    /// inline it).
    #[inline(always)]
    pub fn moved_bytes<'a>(&'a self, moved: &'a Moved) -> &'a [u8] {
        let r = &moved.record;
        let n = r.len as usize;
        if n <= INLINE {
            &moved.word[..n]
        } else {
            let from = r.bytes as usize;
            self.replay.bytes.get(from..from + n).unwrap_or(&[])
        }
    }

    /// The label of the `i`th read of `moved`'s record.
    #[inline(always)]
    pub fn moved_label(&self, moved: &Moved, i: usize) -> LabelId {
        LabelId(self.replay.reads[moved.record.reads as usize + i].label())
    }

    /// `moved`'s record made again for its new `bytes` (as many as it
    /// held), each read holding its label's value now, as the line's
    /// evaluation and `keep_again` would leave it; the labels marked read
    /// as a replayed line's are (and `-Wshadow`'s check). Where its bytes
    /// are now; `None`, nothing done: a value of a kind no read keeps (the
    /// general path then decides).
    #[inline(never)]
    pub fn moved_data_rewrite(
        &mut self,
        line: &LineRef,
        moved: &Moved,
        bytes: &[u8],
    ) -> Option<Kept> {
        let r = moved.record;
        debug_assert_eq!(bytes.len(), r.len as usize, "a moved record's length");
        let reads = r.reads as usize..r.reads as usize + r.nreads as usize;
        for i in reads.clone() {
            let Some(again) = self.read_again(self.replay.reads[i]) else {
                // A value no read keeps (rare): the record, part written,
                // says nothing true any more (as in `keep_again`).
                self.replay.set_record(moved.at, Record { len: 0, ..r });
                return None;
            };
            self.replay.reads[i] = again;
        }
        let kept = if bytes.len() <= INLINE {
            let word = inline_word(bytes);
            self.replay.set_bytes(moved.at, word);
            Kept::Inline(word.to_le_bytes(), r.len)
        } else {
            let from = r.bytes as usize;
            self.replay.bytes[from..from + bytes.len()].copy_from_slice(bytes);
            Kept::Far(r.bytes, r.len)
        };
        self.replay.kept += 1;
        #[cfg(test)]
        tests::MOVED.with(|n| n.set(n.get() + 1));
        self.replay.known_name = NO_NAME;
        self.mark_reads(line, reads);
        Some(kept)
    }

    /// Does every label `r` read still have its value, and every name
    /// resolve to it? If so each is marked read, as reading the symbol
    /// does (`Assembler::symbol`), with `-Wshadow` once the values have
    /// settled.
    #[inline(always)]
    fn reads_hold(&mut self, line: &LineRef, r: &Record) -> bool {
        let reads = r.reads as usize..r.reads as usize + r.nreads as usize;
        for i in reads.clone() {
            let want = self.replay.reads[i];
            // The value first: what differs when a label moved.
            if !self.still_has(&want) {
                self.note_known(line, &want);
                return false;
            }
            if !self.resolves_same(&want) {
                self.replay.known_name = NO_NAME;
                return false;
            }
        }
        self.mark_reads(line, reads);
        true
    }

    /// The labels a replayed record reads (`reads`, its slots) marked read,
    /// as reading the symbol does (`Assembler::symbol`), with `-Wshadow`
    /// once the values have settled.
    #[inline(always)]
    fn mark_reads(&mut self, line: &LineRef, reads: std::ops::Range<usize>) {
        let shadow = self.opts.warnings.shadow && self.st.fixeddig && !self.st.constcreated;
        for i in reads {
            let r = self.replay.reads[i];
            self.touch(LabelId(r.label()));
            if shadow {
                let name = self.read_name(&r);
                if name < ANON {
                    self.shadow_check(name, LabelId(r.label()), line);
                }
            }
        }
    }

    /// [`Self::reads_hold`] for an instruction that reads labels (its
    /// record `r` at `at`): out of line (most replayed instructions read
    /// none, or one). A record that failed only because its one read's
    /// label moved, its name known to resolve to it still (the known read
    /// [`Self::note_known`] has just set), has its place kept with the
    /// known read: [`Self::moved_read`] then needs no search for it.
    #[inline(never)]
    fn instruction_reads_hold(&mut self, line: &LineRef, r: &Record, at: usize) -> bool {
        if self.reads_hold(line, r) {
            return true;
        }
        if r.nreads == 1 && self.replay.known_name != NO_NAME {
            self.replay.known.at = at as u32;
        }
        false
    }

    #[inline(always)]
    fn note_replayed(&mut self) {
        self.replay.replayed += 1;
        #[cfg(test)]
        tests::REPLAYED.with(|n| n.set(n.get() + 1));
    }

    /// The bytes kept for this instruction line (see [`Self::replay_bytes`]):
    /// at most [`INLINE`] (an instruction that is no branch), in an array
    /// and its length. Inline, the record found first: a line's record was
    /// kept only when `op` was [`Self::replayable`] under the record's
    /// context, processor included, so a record under the current context
    /// needs the table's entry not read again (`.autsiz` is no part of
    /// the context: asked first, with the switch).
    #[inline(always)]
    pub fn replay_instruction(&mut self, line: &LineRef, op: Op) -> Option<([u8; INLINE], usize)> {
        if !self.replay.on || self.st.autosize {
            return None;
        }
        let Some(at) = self.replay.slot(line) else {
            self.first_instruction_visit(line, op);
            return None;
        };
        let kept = self.instruction_record_holds(line, at)?;
        debug_assert!(self.replayable(op));
        Some(kept)
    }

    /// The place of this line's record when replay may be asked for it
    /// (on, `.autsiz` off): `None` for a line with no record yet (its
    /// first reading: the general way takes its place).
    #[inline(always)]
    pub fn replay_slot(&self, line: &LineRef) -> Option<usize> {
        if !self.replay.on || self.st.autosize {
            return None;
        }
        self.replay.slot(line)
    }

    /// [`Self::replay_instruction`] for an instruction written after a
    /// label (at `mpos`; its record at `at`, see [`Self::replay_slot`]),
    /// its name not looked up: the record, kept only for a replayable
    /// instruction under the same context (processor included), says the
    /// word is one.
    #[inline(always)]
    pub fn replay_instruction_unnamed(
        &mut self,
        line: &LineRef,
        mpos: usize,
        at: usize,
    ) -> Option<([u8; INLINE], usize)> {
        let kept = self.instruction_record_holds(line, at)?;
        debug_assert!(
            line.text
                .get(mpos..mpos + 3)
                .and_then(|word| self.mnemonic_of(word))
                .is_some_and(|op| self.replayable(op))
                && !line.at(mpos + 3).is_ascii_alphanumeric()
        );
        Some(kept)
    }

    /// The bytes of the instruction record at `at` when it is replayed
    /// now: some kept, under the current context, its reads unchanged.
    #[inline(always)]
    fn instruction_record_holds(
        &mut self,
        line: &LineRef,
        at: usize,
    ) -> Option<([u8; INLINE], usize)> {
        let r = self.replay.record(at);
        // No bytes kept yet (0), or more than an instruction's (never
        // kept: made again if they were).
        if r.len == 0 || r.len as usize > INLINE || self.ctx_index() != Some(r.ctx) {
            self.replay.known_name = NO_NAME;
            // A branch record's shape (see `replay_record_branch`).
            if r.len == 0 && r.nreads == 0 && r.reads != 0 {
                self.replay.branch = Read {
                    label: r.reads - 1,
                    near: r.bytes,
                    a: 0,
                };
                self.replay.known_name = BRANCH_NAME;
            }
            return None;
        }
        if r.nreads != 0 && !self.instruction_reads_hold(line, &r, at) {
            return None;
        }
        self.note_replayed();
        Some((r.bytes.to_le_bytes(), r.len as usize))
    }

    /// An instruction line with no record: its place taken (see
    /// [`Self::replay_bytes`]) if it may be kept.
    #[inline(never)]
    fn first_instruction_visit(&mut self, line: &LineRef, op: Op) {
        if self.replayable(op) {
            let lines = self.src.get(line.file).line_count();
            let at = self.replay.add(line, lines);
            if at < self.replay.records.len() {
                self.replay.visited = Some((line.file, line.index, at as u32));
            }
        }
    }

    /// Where the bytes kept for this data directive's line (`.byte`,
    /// `.word`, ...) are, if they can be replayed (see
    /// [`Self::replay_bytes`]; [`Replay::kept_bytes`] reads them).
    #[inline(always)]
    pub fn replay_data(&mut self, line: &LineRef) -> Option<Kept> {
        if !self.data_replayable() {
            return None;
        }
        self.replay_bytes(line)
    }

    /// What a data line of literals only (a text directive's, see
    /// `Assembler::data_text`, or a `.fill`'s) made its bytes under besides
    /// its text, kept as its record's first byte: in the low two bits the encoding its
    /// strings were encoded in (0: none encoded; `1 + id`: a built-in
    /// encoding the source defined nothing in, whose characters are the
    /// same in every pass), above them the budget units writing them
    /// spends (see `Assembler::emit`). `None`: not kept (another encoding).
    fn literal_key(&self, strings: bool, units: u64) -> Option<u8> {
        let enc = if strings {
            let id = self.st.encoding;
            if id.0 > 1 || !self.encs.is_plain(id) {
                return None;
            }
            1 + id.0 as u8
        } else {
            0
        };
        (units < 64).then_some(enc | (units as u8) << 2)
    }

    /// Where the bytes kept for this line of literals are (its record's
    /// key first, see [`Self::literal_key`]), if its encoding is still what
    /// made them and the budget holds the units writing them spends; and
    /// those units.
    #[inline]
    pub fn replay_literal(&mut self, line: &LineRef) -> Option<(Kept, u64)> {
        let kept = self.replay_data(line)?;
        // A literal record holds its key and at least one byte.
        let key = *self.replay.kept_bytes(&kept, 0).first()?;
        let enc = key & 3;
        if enc != 0 && self.literal_key(true, 0) != Some(enc) {
            return None;
        }
        let units = u64::from(key >> 2);
        self.affordable(units).then_some((kept, units))
    }

    /// Keep the bytes a data line of literals made (`strings`:
    /// some of them strings, encoded), which writing spends `units` of the
    /// budget.
    pub fn replay_record_literal(
        &mut self,
        line: &LineRef,
        strings: bool,
        units: u64,
        bytes: &[u8],
    ) {
        let Some(key) = self.literal_key(strings, units) else {
            self.replay.collecting = false;
            return;
        };
        let mut record = smallvec::SmallVec::<[u8; 64]>::new();
        record.push(key);
        record.extend_from_slice(bytes);
        // Literals only: nothing read.
        self.replay_record_data(line, &[], &record);
    }

    /// Keep the bytes an instruction line made from `exprs` (its operands),
    /// if the line qualifies (see the module's notes).
    #[inline]
    pub fn replay_record(&mut self, line: &LineRef, op: Op, exprs: &[Expr], bytes: &[u8]) {
        self.replay.collecting = false;
        if self.replayable(op) {
            self.keep(line, exprs, bytes);
        }
    }

    /// [`Self::replay_record`] of a line never kept (a branch: see
    /// [`Self::replayable`]), its table entry not read again.
    #[inline(always)]
    pub fn replay_not_kept(&mut self) {
        self.replay.collecting = false;
    }

    /// A first pass's short branch to a label known (a branch back; its
    /// operand one name or anonymous label starting the operand's text:
    /// `plain`), its target's read kept as the line's branch record, not
    /// its bytes (a branch is made from its target's value each pass, see
    /// [`Self::replayable`]): a record of no bytes and no reads whose
    /// reads' place is the label's id plus one, and whose bytes word is
    /// where the name was found (a [`Read`]'s `near`). No record of bytes
    /// has that shape; a later pass's replay check finds it
    /// ([`Replay::branch_at`]) and [`Self::replay_branch_target`] checks it.
    /// Made only here: a record made in a later pass is read once more at
    /// most; none under `-Wshadow` (its check would come before the
    /// branch's messages: never replayed) nor in a loop, a function call or
    /// a macro's expansion (its lines are the same for every call: the
    /// target another label each time).
    #[inline(never)]
    pub fn replay_record_branch(&mut self, line: &LineRef, plain: bool) {
        let rp = &mut self.replay;
        rp.collecting = false;
        if !plain
            || !rp.on
            || rp.tainted.get()
            || rp.pending.len() != 1
            || self.opts.warnings.shadow
            || self.st.loops != 0
            || self.st.fn_calls != 0
            || self.st.depth as usize != self.st.include_frames.len()
        {
            return;
        }
        let (name, id) = rp.pending[0];
        if id.0 + 1 >= READS_MAX {
            return;
        }
        // (The value is read again each pass: not kept.)
        let near = self.read_near(name, id);
        let record = Record {
            reads: id.0 + 1,
            nreads: 0,
            len: 0,
            ctx: 0,
            bytes: near,
        };
        let at = match self.replay.slot(line) {
            Some(at) => at,
            None => {
                let lines = self.src.get(line.file).line_count();
                self.replay.add(line, lines)
            }
        };
        if at < self.replay.records.len() {
            self.replay.set_record(at, record);
        }
    }

    /// The label `line`'s branch record (see [`Self::replay_record_branch`])
    /// names, when the replay check has just found the record (the
    /// caller has seen [`Replay::known_name`] be [`BRANCH_NAME`]: taken
    /// here) and the name still resolves to that label (as a record's
    /// read is checked). Nothing is marked read.
    #[inline]
    pub fn replay_branch_target(&mut self, line: &LineRef) -> Option<LabelId> {
        debug_assert_eq!(self.replay.known_name, BRANCH_NAME);
        self.replay.known_name = NO_NAME;
        let want = self.replay.branch;
        debug_assert!(
            self.replay.slot(line).is_some_and(|at| {
                let r = self.replay.record(at);
                r.len == 0 && r.nreads == 0 && r.reads == want.label() + 1 && r.bytes == want.near
            }),
            "a branch record's read is not its line's"
        );
        self.resolves_same(&want).then_some(LabelId(want.label()))
    }

    /// [`Self::replay_record`] of the `n` bytes (1 to [`INLINE`]) of
    /// `word`, little-endian: an instruction a quick path made, kept as
    /// `keep` would keep its bytes.
    #[inline(always)]
    pub fn replay_record_word(
        &mut self,
        line: &LineRef,
        op: Op,
        exprs: &[Expr],
        word: [u8; INLINE],
        n: u32,
    ) {
        self.replay.collecting = false;
        if self.replayable(op) && !self.replay.tainted.get() {
            if self.replay.pending.is_empty() {
                self.keep_unread(line, exprs, u32::from_le_bytes(word), n as usize);
            } else {
                self.keep_read(line, exprs, &word[..n as usize]);
            }
        }
    }

    /// Keep the bytes a data directive's line made from `exprs`.
    pub fn replay_record_data(&mut self, line: &LineRef, exprs: &[Expr], bytes: &[u8]) {
        self.replay.collecting = false;
        if self.data_replayable() {
            self.keep(line, exprs, bytes);
        }
    }

    /// The line's record updated in place when this evaluation read the
    /// labels the record names, by the same names, in the same context and
    /// made as many bytes (a line whose labels moved): what was learnt about
    /// where each label is stays true (a label never changes its scope), and
    /// the text, so its operands' names, is the same (`slot`: the record's place
    /// and the record). False: not done.
    fn keep_again(&mut self, slot: Option<(usize, Record)>, bytes: &[u8]) -> bool {
        let Some((at, old)) = slot else {
            return false;
        };
        let n = self.replay.pending.len();
        if old.len as usize != bytes.len()
            || old.nreads as usize != n
            || self.ctx_index() != Some(old.ctx)
        {
            return false;
        }
        let start = old.reads as usize;
        let same = (0..n).all(|i| {
            let (name, id) = self.replay.pending[i];
            let r = &self.replay.reads[start + i];
            r.label() == id.0 && self.read_name(r) == name
        });
        if !same {
            return false;
        }
        // Each read's value written over the old one as it is made: the
        // reads, names and places stay.
        for i in start..start + n {
            let old_read = self.replay.reads[i];
            let Some(r) = self.read_again(old_read) else {
                // A value no read keeps (rare): the record, part written,
                // says nothing true any more; the general path keeps none.
                self.replay.set_record(at, Record { len: 0, ..old });
                return false;
            };
            self.replay.reads[i] = r;
        }
        let rp = &mut self.replay;
        if bytes.len() <= INLINE {
            rp.set_bytes(at, inline_word(bytes));
        } else {
            let from = old.bytes as usize;
            rp.bytes[from..from + bytes.len()].copy_from_slice(bytes);
        }
        rp.kept += 1;
        true
    }

    /// `old` (a read of a label) with the label's value now, as
    /// [`Replay::pack`] keeps it over `old`; `None`: a value no read keeps.
    /// An integer, a bit string or a code address of a compact form is
    /// packed straight from the label, the rest through [`Self::value_now`].
    #[inline(always)]
    fn read_again(&mut self, old: Read) -> Option<Read> {
        let id = old.label();
        let quick = match self.syms.label(LabelId(id)).value {
            Value::Int(v) if ((v >> 32) as u32) < 1 << 8 => {
                Some((F_INT, v as u32, (v >> 32) as u32))
            }
            // `$70`, `%1010`: a bit string of 32 bits or fewer.
            Value::Bits(b) if b.val >> 32 == 0 && b.len < 1 << 7 => {
                Some((F_BITS, b.val as u32, b.len | u32::from(b.inv) << 7))
            }
            Value::Code(CodeRef { id: cid, offs: 0 }) if cid.0 < 1 << CODE_ID_BITS => {
                let c = self.syms.code(cid);
                match c.typ.int_or_bits() {
                    Some(typ) if c.addr < 1 << 16 && typ < 1 << (8 - CODE_HIGH_BITS) => Some((
                        F_CODE,
                        c.addr | cid.0 << 16,
                        cid.0 >> 16 | typ << CODE_HIGH_BITS,
                    )),
                    _ => None,
                }
            }
            _ => None,
        };
        let Some((form, a, extra)) = quick else {
            return self.read_again_slow(old);
        };
        debug_assert!(
            self.value_now(LabelId(id))
                .and_then(|(kind, x, y, z)| compact(kind, x, y, z))
                == Some((form, a, extra)),
            "a read packed straight differs from its packing"
        );
        Some(Read {
            label: id | form << FORM_SHIFT | extra << EXTRA_SHIFT,
            near: old.near,
            a,
        })
    }

    /// [`Self::read_again`] for the values not packed straight.
    #[inline(never)]
    fn read_again_slow(&mut self, old: Read) -> Option<Read> {
        let (kind, x, y, z) = self.value_now(LabelId(old.label()))?;
        let seen = Seen {
            label: old.label(),
            near: old.near,
            kind,
            x,
            y,
            z,
        };
        Some(self.replay.pack(&seen, Some(old)))
    }

    #[inline]
    fn keep(&mut self, line: &LineRef, exprs: &[Expr], bytes: &[u8]) {
        if self.replay.tainted.get() || bytes.is_empty() || bytes.len() > u8::MAX as usize {
            return;
        }
        if self.replay.pending.is_empty() && bytes.len() <= INLINE {
            self.keep_unread(line, exprs, inline_word(bytes), bytes.len());
        } else {
            self.keep_read(line, exprs, bytes);
        }
    }

    /// [`Self::keep`] for a line that read labels or made more than
    /// [`INLINE`] bytes.
    #[inline(never)]
    fn keep_read(&mut self, line: &LineRef, exprs: &[Expr], bytes: &[u8]) {
        let slot = self.replay.slot(line);
        let old = slot.map(|at| self.replay.record(at));
        if self.keep_again(slot.zip(old), bytes) {
            return;
        }
        // The usual first record of a line read ahead (`jsr fwd`, `lda #<fwd`):
        // one name read, and its parse that name alone.
        if let [(name, id)] = self.replay.pending[..]
            && bytes.len() <= INLINE
            && one_name(exprs) == Some(name)
        {
            self.keep_one_read(line, exprs, slot, old, (name, id), bytes);
        } else {
            self.keep_reads(line, exprs, slot, old, bytes);
        }
    }

    /// [`Self::keep_read`] of a line whose one read is its operand's one
    /// name ([`one_name`]) and that made at most [`INLINE`] bytes: what the
    /// general path keeps, with no list of the names gathered and compared
    /// (they are known to be the one read) and the read packed straight
    /// from the label's value ([`Self::read_again`]).
    #[inline(always)]
    fn keep_one_read(
        &mut self,
        line: &LineRef,
        exprs: &[Expr],
        slot: Option<usize>,
        old: Option<Record>,
        (name, id): (Name, LabelId),
        bytes: &[u8],
    ) {
        debug_assert!(
            {
                let mut wanted = smallvec::SmallVec::<[Name; 4]>::new();
                exprs.iter().all(|e| pure_names(e, &mut wanted)) && wanted[..] == [name]
            },
            "one_name differs from pure_names"
        );
        if id.0 > LABEL_MASK {
            return;
        }
        let near = self.read_near(name, id);
        // An old record of one read has it overwritten in place (its place
        // in `wide`, if any, used again), as the general path does.
        let over = old.filter(|o| o.nreads == 1);
        let base = match over {
            Some(o) => {
                let r = self.replay.reads[o.reads as usize];
                Read {
                    label: id.0 | (r.label & !LABEL_MASK),
                    near,
                    a: r.a,
                }
            }
            None => Read {
                label: id.0,
                near,
                a: 0,
            },
        };
        let Some(read) = self.read_again(base) else {
            return;
        };
        debug_assert!(
            self.read_of(name, id)
                .map(|s| (s.near, (s.kind, s.x, s.y, s.z)))
                == Some((read.near, self.replay.value_of(&read))),
            "a read kept straight differs from read_of's"
        );
        let numbers = matches!(self.syms.label(id).value, Value::Int(_) | Value::Bits(_));
        let ctx = match self.ctx_index() {
            Some(i) => i,
            None if self.replay.contexts.len() < u16::MAX as usize => {
                self.replay.contexts.push(self.replay_ctx());
                (self.replay.contexts.len() - 1) as u16
            }
            None => return,
        };
        let rp = &mut self.replay;
        let start = match over {
            Some(o) => {
                rp.reads[o.reads as usize] = read;
                o.reads
            }
            None => {
                rp.reads.push(read);
                rp.reads.len() as u32 - 1
            }
        };
        let record = Record {
            reads: start,
            nreads: 1,
            len: bytes.len() as u8,
            ctx,
            bytes: inline_word(bytes),
        };
        self.place_record(line, slot, record);
        if numbers {
            self.release_parse(exprs);
        }
    }

    /// [`Self::keep_read`]'s general path: any reads, any bytes.
    #[inline(never)]
    fn keep_reads(
        &mut self,
        line: &LineRef,
        exprs: &[Expr],
        slot: Option<usize>,
        old: Option<Record>,
        bytes: &[u8],
    ) {
        // The reads the evaluation noted are the operands' names, in order
        // (each name of pure arithmetic is read once).
        let mut wanted = smallvec::SmallVec::<[Name; 4]>::new();
        if !exprs.iter().all(|e| pure_names(e, &mut wanted)) {
            return;
        }
        let pending = &self.replay.pending;
        if wanted.len() != pending.len() || wanted.iter().zip(pending).any(|(&w, &(n, _))| w != n) {
            return;
        }
        let mut reads = smallvec::SmallVec::<[Seen; 4]>::new();
        for i in 0..self.replay.pending.len() {
            let (name, id) = self.replay.pending[i];
            let Some(r) = self.read_of(name, id) else {
                return;
            };
            reads.push(r);
        }
        let ctx = match self.ctx_index() {
            Some(i) => i as usize,
            None if self.replay.contexts.len() < u16::MAX as usize => {
                self.replay.contexts.push(self.replay_ctx());
                self.replay.contexts.len() - 1
            }
            None => return,
        };
        let rp = &mut self.replay;
        // A line reads as many names each time (its text is the same) and
        // mostly makes as many bytes: an old record's are overwritten in
        // place. A line that reads none (most) needs no place in the reads.
        let over = old.filter(|o| o.nreads as usize == reads.len() && !reads.is_empty());
        let start = match over {
            Some(o) => o.reads,
            None if reads.is_empty() => 0,
            None => rp.reads.len() as u32,
        };
        // Whether every label read is a number (see below).
        let mut numbers = true;
        for (i, seen) in reads.iter().enumerate() {
            if over.is_some() {
                let at = start as usize + i;
                rp.reads[at] = rp.pack(seen, Some(rp.reads[at]));
            } else {
                let r = rp.pack(seen, None);
                rp.reads.push(r);
            }
            numbers &= seen.kind >= BITS;
        }
        let kept = if bytes.len() <= INLINE {
            inline_word(bytes)
        } else {
            match old {
                Some(o) if o.len as usize == bytes.len() => {
                    let from = o.bytes as usize;
                    rp.bytes[from..from + bytes.len()].copy_from_slice(bytes);
                    o.bytes
                }
                _ => {
                    rp.bytes.extend_from_slice(bytes);
                    (rp.bytes.len() - bytes.len()) as u32
                }
            }
        };
        let record = Record {
            reads: start,
            nreads: reads.len() as u8,
            len: bytes.len() as u8,
            ctx: ctx as u16,
            bytes: kept,
        };
        self.place_record(line, slot, record);
        // A line that reads a code address is evaluated again when the code
        // before that label changes size in the next pass (each time parsed
        // again if its parse were given back); one that reads numbers only
        // is replayed.
        if numbers {
            self.release_parse(exprs);
        }
    }

    /// [`Self::keep`] for a line that read no label and made at most
    /// [`INLINE`] bytes (most lines a first pass keeps: an instruction with
    /// literal operands or none; `len` of them in `word`, little-endian,
    /// the rest 0): its record is its context and its bytes,
    /// with none of the general path's reads to gather, compare or place.
    /// What it keeps is what the general path would: the bytes of a record
    /// of the same shape updated in place (`keep_again`), else a new record
    /// and the line's parse given back.
    #[inline(never)]
    fn keep_unread(&mut self, line: &LineRef, exprs: &[Expr], word: u32, len: usize) {
        // The place its first visit gave the line (an instruction's), else
        // searched for.
        let slot = match self.replay.visited {
            Some((file, index, at)) if file == line.file && index == line.index => {
                debug_assert_eq!(self.replay.slot(line), Some(at as usize));
                Some(at as usize)
            }
            _ => self.replay.slot(line),
        }
        .filter(|&at| at < self.replay.records.len());
        let ctx = self.ctx_index();
        if let Some(at) = slot {
            let old = self.replay.record(at);
            if old.len as usize == len && old.nreads == 0 && ctx == Some(old.ctx) {
                self.replay.set_bytes(at, word);
                self.replay.kept += 1;
                return;
            }
        }
        // Nothing read: the operands must be pure arithmetic on literals.
        if !exprs.iter().all(pure_literals) {
            return;
        }
        let ctx = match ctx {
            Some(i) => i,
            None if self.replay.contexts.len() < u16::MAX as usize => {
                self.replay.contexts.push(self.replay_ctx());
                (self.replay.contexts.len() - 1) as u16
            }
            None => return,
        };
        let record = Record {
            reads: 0,
            nreads: 0,
            len: len as u8,
            ctx,
            bytes: word,
        };
        self.place_record(line, slot, record);
        self.release_parse(exprs);
    }

    /// `record` set as `line`'s, at its place in the records (`slot`) or
    /// at one given it now (its first visit), and counted as kept.
    #[inline(always)]
    fn place_record(&mut self, line: &LineRef, slot: Option<usize>, record: Record) {
        let at = match slot {
            Some(at) => at,
            None => {
                let lines_in_file = self.src.get(line.file).line_count();
                self.replay.add(line, lines_in_file)
            }
        };
        let rp = &mut self.replay;
        if at < rp.records.len() {
            rp.set_record(at, record);
        }
        rp.kept += 1;
    }

    /// A kept line's parse given back (see `LineCaches::release`), unless
    /// the line runs again in this pass with other values (a loop's body, a
    /// function's): parsing it each time would cost more than its nodes. A
    /// macro call's lines are a text of their own, run again only by a call
    /// with the same arguments.
    #[inline]
    fn release_parse(&mut self, exprs: &[Expr]) {
        // No operands (`clc`): no parse of the line's to give back (the
        // fresh one, if any, is an earlier line's).
        if !exprs.is_empty()
            && self.lines.has_fresh()
            && self.st.loops == 0
            && self.st.fn_calls == 0
        {
            self.lines.release(exprs);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Assembler;
    use crate::Options;

    thread_local! {
        /// Lines replayed on this thread (each test assembles on its own).
        pub static REPLAYED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Lines made again from a moved label (`moved_rewrite`).
        pub static MOVED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// The program's bytes (load address first) and how many lines were
    /// replayed, assembled on this thread.
    fn assemble(src: &str, opts: &Options) -> (Vec<u8>, u64) {
        REPLAYED.with(|n| n.set(0));
        let p = Assembler::new(opts)
            .run_text("t.asm", src)
            .unwrap_or_else(|_| panic!("assembles"));
        (p.prg_bytes(), REPLAYED.with(|n| n.get()))
    }

    /// Data lines whose few bytes the record holds, written in the later
    /// passes as one word (a text's or `.fill`'s key skipped): 64tass
    /// 1.58's bytes, each line replayed in passes 2 and 3.
    #[test]
    fn replayed_data_words_are_64tass_bytes() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n .fill 2, 7\n\
                   .fill 3, $a5\n .text \"ab\"\n .text \"abc\"\n .null \"ab\"\n .shift \"ab\"\n\
                   .byte 1, 2, 3\n .byte 9\n .word $1234, $5678\n .text \"abcdefg\"\nfin\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xea, 0x07, 0x07, 0xa5, 0xa5, 0xa5, 0x61, 0x62, 0x61, 0x62, 0x63, 0x61,
                0x62, 0x00, 0x61, 0xe2, 0x01, 0x02, 0x03, 0x09, 0x34, 0x12, 0x78, 0x56, 0x61, 0x62,
                0x63, 0x64, 0x65, 0x66, 0x67
            ]
        );
        assert!(replayed >= 20, "{replayed}");
    }

    /// The errors of a source that must be refused: their count and the
    /// rendered text.
    fn refused(src: &str, what: &str) -> (usize, String) {
        let Err(e) = crate::assemble_str("t.asm", src, &Options::default()) else {
            panic!("{what} assembled");
        };
        (e.errors().count(), e.render())
    }

    /// Every kind of value a read keeps comes back as it was, whichever
    /// form holds it (a wide value's place is used again when it is kept
    /// again over it).
    #[test]
    fn reads_keep_every_value_exactly() {
        use super::{BITS, INT, Read, Replay, Seen};
        let values = [
            (INT, 5, 0, 0),
            (INT, u32::MAX, u32::MAX, 0),
            (BITS, 0x21, 0, 8),
            (BITS, 0x3456_789a, 0x12, 40),
            (BITS, 1, 0, 1 | 1 << 31),
            (7, 0, 0x1000, 17),
            (7, 1, 0x1000, 17),
            (7, 0, 0x1_0000, 0),
            ((1 << 24) - 1, 0, 0xffff, 255),
            (1 << 24, 0, 0xffff, 17),
            (7, 0, 0x1000, 256),
            // The largest of each compact form, then one past it.
            (INT, 7, 0xff, 0),
            (BITS, 0x7f, 0, 127 | 1 << 31),
            ((1 << 19) - 1, 0, 0xffff, 31),
            (INT, 0, 0x100, 0),
            (BITS, 1, 0, 128),
            (1 << 19, 0, 0x10, 17),
            (7, 0, 0x1000, 32),
        ];
        let mut rp = Replay::default();
        let mut kept: Vec<Read> = Vec::new();
        for (i, &(kind, x, y, z)) in values.iter().enumerate() {
            let seen = Seen {
                label: super::LABEL_MASK - i as u32,
                near: i as u32,
                kind,
                x,
                y,
                z,
            };
            let r = rp.pack(&seen, None);
            assert_eq!((r.label(), r.near), (seen.label, seen.near));
            assert_eq!(rp.value_of(&r), (kind, x, y, z), "value {i}");
            kept.push(r);
        }
        let wide = rp.wide.len();
        assert_eq!(wide, 11, "the values that fit no compact form");
        // Kept again over a wide read: in its place; over a compact one: anew.
        for (i, r) in kept.iter().enumerate() {
            let (kind, x, y, z) = values[(i + 3) % values.len()];
            let seen = Seen {
                label: r.label(),
                near: r.near,
                kind,
                x,
                y,
                z,
            };
            let again = rp.pack(&seen, Some(*r));
            assert_eq!(rp.value_of(&again), (kind, x, y, z), "again {i}");
            for (j, k) in kept.iter().enumerate().filter(|&(j, _)| j != i) {
                let shared =
                    k.form() == super::F_WIDE && again.form() == super::F_WIDE && again.a == k.a;
                assert!(!shared, "{i} shares {j}'s wide place");
            }
        }
        assert!(rp.wide.len() <= wide + values.len());
    }

    /// Lines reading labels whose values are kept in each form (an integer,
    /// a short and a long bit string, a code address with and without an
    /// offset) are replayed when nothing changed, and read again when a
    /// label moved (the forward zero-page constant shrinks `lda zp` in
    /// pass 2). The bytes are 64tass's.
    #[test]
    fn reads_of_every_form_are_replayed() {
        let src = "* = $1000\ni = 5\nb = $21\nw = $123456789a\n lda zp\n lda #i\n lda #b\n lda #<w\n ldx #>(w >> 24)\n lda l\n lda p\n lda #<p\n .word l, p, i, b\nl rts\np = l + 1\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0xa9, 0x05, 0xa9, 0x21, 0xa9, 0x9a, 0xa2, 0x12, 0xad, 0x1a,
                0x10, 0xad, 0x1b, 0x10, 0xa9, 0x1b, 0x1a, 0x10, 0x1b, 0x10, 0x05, 0x00, 0x21, 0x00,
                0x60
            ]
        );
        assert!(replayed >= 8, "replayed {replayed}");
    }

    /// Lines whose labels keep their values are replayed in later passes
    /// (the zero-page constant at the end makes a second and third pass).
    #[test]
    fn settled_lines_are_replayed() {
        let src = "* = $1000\nval = 5\n lda #val\n ldx #<val\n clc\n lda zp\nl rts\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [0x00, 0x10, 0xa9, 0x05, 0xa2, 0x05, 0x18, 0xa5, 0x12, 0x60]
        );
        assert!(replayed >= 3, "replayed {replayed}");
    }

    /// A forward zero-page constant shrinks `lda zp` in pass 2: the label
    /// after it moves, and the line reading the label must see the move.
    #[test]
    fn a_moved_label_is_read_again() {
        let src = "* = $1000\nstart lda #<later\n ldx #>later\n lda zp\nlater rts\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [0x00, 0x10, 0xa9, 0x06, 0xa2, 0x10, 0xa5, 0x12, 0x60]
        );
    }

    /// The outer `val` in pass 1, the block's own (defined below) later.
    #[test]
    fn a_name_shadowed_later_is_looked_up_again() {
        let src = "* = $1000\nval = $20\nblk .block\n lda val\n rts\nval = $1234\n .bend\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(bytes, [0x00, 0x10, 0xad, 0x34, 0x12, 0x60]);
    }

    /// The same line under two accumulator sizes and two direct pages (a
    /// loop's iterations, replayable between them): assembled for each.
    #[test]
    fn register_size_and_direct_page_are_inputs() {
        let src = "* = $1000\nzp = $34\n .for i = 0, i < 3, i += 1\n .if i == 1\n .al\n .dpage $100\n .fi\n lda #zp\n lda zp\n .next\n";
        let opts = Options {
            cpu: crate::Cpu::M65816,
            ..Options::default()
        };
        let (bytes, replayed) = assemble(src, &opts);
        assert_eq!(
            bytes,
            [
                0x00, 0x10, // load address
                0xa9, 0x34, 0xa5, 0x34, // 8 bits, direct page 0
                0xa9, 0x34, 0x00, 0xad, 0x34, 0x00, // 16 bits, direct page $100
                0xa9, 0x34, 0x00, 0xad, 0x34, 0x00, // the same again
            ]
        );
        assert!(replayed >= 2, "replayed {replayed}");
    }

    /// `.cpu` and `.databank` change what the same text assembles to.
    #[test]
    fn the_processor_is_an_input() {
        let src = "* = $1000\nv = $1234\n .for i = 0, i < 2, i += 1\n lda v\n .cpu \"65816\"\n .databank $12\n .next\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [0x00, 0x10, 0xad, 0x34, 0x12, 0xaf, 0x34, 0x12, 0x00]
        );
    }

    /// A variable changed by the loop is read again each iteration.
    #[test]
    fn a_changed_variable_is_read_again() {
        let src = "* = $1000\nv := 1\n .rept 3\n lda #v\nv := v * 3\n .endrept\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(bytes, [0x00, 0x10, 0xa9, 0x01, 0xa9, 0x03, 0xa9, 0x09]);
    }

    /// A line that reported something is never kept: the warning comes
    /// again in the pass that shows it.
    #[test]
    fn lines_with_messages_are_not_kept() {
        let src = "* = $1000\n jmp ($10ff)\n lda zp\nzp = $12\n";
        let p = crate::assemble_str("t.asm", src, &Options::default())
            .unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(p.prg_bytes(), [0x00, 0x10, 0x6c, 0xff, 0x10, 0xa5, 0x12]);
        assert_eq!(p.warnings.len(), 1);
    }

    /// Data lines are replayed too, and a moved label is read again.
    /// Records that do not pack into a slot (more than 7 reads, more than
    /// 31 bytes, a 16th context) are kept aside and replayed from there.
    #[test]
    fn records_kept_aside_are_replayed() {
        let mut src = String::from(
            "a = 3\nb = $1234\n * = $1000\n lda zp\n .byte a, a, a, a, a, a, a, a, <l\n .byte 0",
        );
        for i in 1..40 {
            src += &format!(", {i}");
        }
        src += "\n .word l, a\n";
        for i in 0..18 {
            src += &format!(" .dpage {}\n lda b\n", i * 256);
        }
        src += "l rts\nzp = $12\n";
        let (bytes, replayed) = assemble(&src, &Options::default());
        let mut want = vec![0x00, 0x10, 0xa5, 0x12, 3, 3, 3, 3, 3, 3, 3, 3, 0x6d];
        want.extend(0..40);
        want.extend([0x6d, 0x10, 3, 0]);
        for _ in 0..18 {
            want.extend([0xad, 0x34, 0x12]);
        }
        want.extend([0x60]);
        assert_eq!(bytes, want);
        // In pass 2: the 40 bytes and the 18 loads.
        assert!(replayed >= 19, "replayed {replayed}");
    }

    #[test]
    fn data_lines_are_replayed_and_read_again() {
        let src = "* = $1000\nv = $21\n lda zp\n .byte v, <l, >l\n .word v * 2\nl rts\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [0x00, 0x10, 0xa5, 0x12, 0x21, 0x07, 0x10, 0x42, 0x00, 0x60]
        );
        // `.word v * 2` in pass 2 and 3; the `.byte` line in pass 3 only.
        assert!(replayed >= 3, "replayed {replayed}");
    }

    /// `-Wshadow` is said where a replayed line reads the symbol.
    #[test]
    fn shadow_is_checked_on_replay() {
        let src = "* = $1000\nval = 1\nb .block\nval = 2\n lda #val\n lda zp\n .bend\nzp = $12\n";
        let mut opts = Options::default();
        assert!(opts.warnings.apply("shadow"));
        REPLAYED.with(|n| n.set(0));
        let p = Assembler::new(&opts)
            .run_text("t.asm", src)
            .unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(p.prg_bytes(), [0x00, 0x10, 0xa9, 0x02, 0xa5, 0x12]);
        assert_eq!(p.warnings.len(), 1);
        assert!(REPLAYED.with(|n| n.get()) >= 1);
    }

    /// Branches to a label, a cheap local or an anonymous label are made
    /// again each pass (never replayed), whatever moved.
    #[test]
    fn branches_are_made_each_pass() {
        let src = "* = $1000\n-\tlda zp\n bne -\n_l dey\n bne _l\n beq +\n nop\n+ bmi fwd\n nop\nfwd rts\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0xd0, 0xfc, 0x88, 0xd0, 0xfd, 0xf0, 0x01, 0xea, 0x30, 0x01,
                0xea, 0x60
            ]
        );
    }

    /// A branch to a fixed address moves with the code before it: the
    /// offset is made again where the program counter differs.
    #[test]
    fn a_moved_branch_is_made_again() {
        let src = "* = $1000\n lda zp\n bne $1010\n rts\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(bytes, [0x00, 0x10, 0xa5, 0x12, 0xd0, 0x0c, 0x60]);
    }

    /// A branch to a label ahead is measured from where it ended in the
    /// last pass (as 64tass does): when that changed, it is made again,
    /// even though it is where it was and its target is too.
    #[test]
    fn a_branch_ahead_reads_where_it_ended_last_pass() {
        let src = "* = $1000\n lda zp\n bne fwd\n* = $1010\nfwd rts\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        let mut want = vec![0x00, 0x10, 0xa5, 0x12, 0xd0, 0x0c];
        want.resize(2 + 16, 0);
        want.push(0x60);
        assert_eq!(bytes, want);
    }

    /// `-Wbranch-page`: a branch that crosses a page only once the code
    /// before it shrank (pass 2) is warned about.
    #[test]
    fn a_branch_crossing_a_page_in_a_later_pass_warns() {
        let src = "* = $10f8\n lda zp\n lda zp\n dey\n bne $1110\n rts\nzp = $12\n";
        let mut opts = Options::default();
        assert!(opts.warnings.apply("branch-page"));
        let p = Assembler::new(&opts)
            .run_text("t.asm", src)
            .unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(
            p.prg_bytes(),
            [0xf8, 0x10, 0xa5, 0x12, 0xa5, 0x12, 0x88, 0xd0, 0x11, 0x60]
        );
        assert_eq!(p.warnings.len(), 1);
    }

    /// In a loop, `-` and `+` name another label each time round.
    #[test]
    fn anonymous_labels_in_a_loop_are_found_again() {
        let src =
            "* = $1000\n lda zp\n .rept 3\n- nop\n bne -\n beq +\n nop\n+\n .endrept\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        let mut want = vec![0x00, 0x10, 0xa5, 0x12];
        for _ in 0..3 {
            want.extend([0xea, 0xd0, 0xfd, 0xf0, 0x01, 0xea]);
        }
        assert_eq!(bytes, want);
    }

    /// A line made again because its label moved (pass 2) keeps its new
    /// bytes and values in its record: pass 3 (made by `jmp fwd`, whose
    /// label moved after being read) replays them.
    #[test]
    fn a_record_made_again_holds_the_new_bytes() {
        let src =
            "* = $1000\n lda zp\nback rts\n lda #<back\n ldx #>back\n jmp fwd\nfwd rts\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x60, 0xa9, 0x02, 0xa2, 0x10, 0x4c, 0x0a, 0x10, 0x60
            ]
        );
        assert!(replayed >= 2, "replayed {replayed}");
    }

    /// Lines whose labels moved (`back` behind them in pass 2, `fwd` ahead
    /// of them in pass 3) are evaluated again with the name taken from the
    /// record's read where it still resolves so (a label, a cheap local, a
    /// global read inside a block, a loop's line), and their records
    /// written over in place; a block's own `back`, defined below the
    /// read, is found by the look-up from pass 2 on. 64tass's bytes.
    #[test]
    fn moved_labels_are_read_again_from_their_records() {
        let src = "* = $1000\n lda zp\nback nop\n_c rts\n lda back,x\n jsr fwd\n\
                   lda #<fwd\n ldx #>_c\n .word fwd, back\nblk .block\n lda back\n\
                   jmp fwd\n lda val\nval = back + 1\n .bend\n .rept 2\n lda back\n\
                   .endrept\nblk2 .block\n lda back\nback nop\n .bend\nfwd rts\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0xea, 0x60, 0xbd, 0x02, 0x10, 0x20, 0x25, 0x10, 0xa9, 0x25,
                0xa2, 0x10, 0x25, 0x10, 0x02, 0x10, 0xad, 0x02, 0x10, 0x4c, 0x25, 0x10, 0xad, 0x03,
                0x10, 0xad, 0x02, 0x10, 0xad, 0x02, 0x10, 0xad, 0x24, 0x10, 0xea, 0x60
            ]
        );
        assert!(replayed >= 6, "replayed {replayed}");
    }

    /// Lines whose one label moved, of the usual operand shapes (a name,
    /// indexed, after `#`, `#<`, `#>`, a comment after it, after a label,
    /// in a loop), are made again from the label's value without
    /// evaluating them (`moved_operand`; debug builds check each against
    /// the parse and the general encoding); a value that crosses $100
    /// (`near`: direct page, then absolute) and other shapes take the
    /// general path. 64tass's bytes (five passes).
    #[test]
    fn moved_labels_of_usual_operands_are_made_again_from_their_values() {
        let src = "* = $1000\n lda zp\nback nop\n lda back\n lda back,x\n\
                   ldx back,y ; a comment\n jsr fwd\n jmp fwd\t\n lda #<fwd\n ldx #>back\n\
                   lda #<(fwd)\nlab lda back\n lda near\n lda near,x\n sta inzp\n\
                   sta inzp,x\n .rept 2\n lda back\n .endrept\n lda #<_c\n\
                   near = fwd - $1000 + $f0\ninzp = fwd - $1000\n_c = fwd\nfwd rts\nzp = $12\n";
        // At least `lda back`, `lda back,x`, `ldx back,y`, `ldx #>back` and
        // `lab lda back` in pass 2, `jsr fwd`, `jmp fwd` and `lda #<fwd` later.
        assert_made_again(
            src,
            &[
                0x00, 0x10, 0xa5, 0x12, 0xea, 0xad, 0x02, 0x10, 0xbd, 0x02, 0x10, 0xbe, 0x02, 0x10,
                0x20, 0x2e, 0x10, 0x4c, 0x2e, 0x10, 0xa9, 0x2e, 0xa2, 0x10, 0xa9, 0x2e, 0xad, 0x02,
                0x10, 0xad, 0x1e, 0x01, 0xbd, 0x1e, 0x01, 0x85, 0x2e, 0x9d, 0x2e, 0x00, 0xad, 0x02,
                0x10, 0xad, 0x02, 0x10, 0xa9, 0x2e, 0x60,
            ],
            8,
        );
    }

    /// Data lines whose labels moved, of every shape `data_moved` makes
    /// again (names alone, under `<` and `>`, plus or minus a number, with
    /// plain numbers and literal arithmetic around them; each width,
    /// `.sint`, `.addr` and `.rta`; labels read ahead and behind, a code
    /// label's offset) and of shapes it leaves to the general path (a name
    /// in brackets or arithmetic, a value crossing $100 in the last pass):
    /// 64tass 1.58's bytes.
    #[test]
    fn moved_labels_of_data_lines_are_made_again_from_their_values() {
        let src = "* = $1000\n lda zp\nback nop\ntab .byte 0, 0, 9, (0 + 1) & $ff, <back, >back\n\
                   .word back, tab, fwd + 0, 0 * 256 + 0\n .word fwd - 2, fwd+3 ; a comment\n\
                   .byte <fwd, >fwd\n .word fwd\n .long fwd, back\n .dword back + 1\n\
                   .sint fwd\n .addr fwd\n .rta fwd\n .word $1234, fwd, %1010\n\
                   .byte <ptr, >ptr\n .word num + 1, num\n .byte 1, <num, $ff\nptr = tab + 0\n\
                   num = fwd - $0f00\n .byte near\n .word (fwd), fwd * 1\n\
                   near = fwd - $1000 + $c2\nfwd rts\nzp = $12\n";
        assert_made_again(
            src,
            &[
                0x00, 0x10, 0xa5, 0x12, 0xea, 0x00, 0x00, 0x09, 0x01, 0x02, 0x10, 0x02, 0x10, 0x03,
                0x10, 0x3d, 0x10, 0x00, 0x00, 0x3b, 0x10, 0x40, 0x10, 0x3d, 0x10, 0x3d, 0x10, 0x3d,
                0x10, 0x00, 0x02, 0x10, 0x00, 0x03, 0x10, 0x00, 0x00, 0x3d, 0x10, 0x3d, 0x10, 0x3c,
                0x10, 0x34, 0x12, 0x3d, 0x10, 0x0a, 0x00, 0x03, 0x10, 0x3e, 0x01, 0x3d, 0x01, 0x01,
                0x3d, 0xff, 0xff, 0x3d, 0x10, 0x3d, 0x10, 0x60,
            ],
            11,
        );
    }

    /// `src` assembles to `bytes` (64tass's), with at least `made` lines
    /// made again from their moved label's value.
    fn assert_made_again(src: &str, bytes: &[u8], made: u64) {
        MOVED.with(|n| n.set(0));
        let (out, _) = assemble(src, &Options::default());
        assert_eq!(out, bytes);
        let moved = MOVED.with(|n| n.get());
        assert!(moved >= made, "moved {moved}");
    }

    /// Instructions after a label (a code label, an anonymous one, in a
    /// `.brept`) whose one label read moved are made again where they are
    /// found after the label, as 64tass assembles them; one whose value
    /// crosses $100 (`lab3 lda near`) or is an address (`lab4 sta inzp,x`)
    /// as the general path assembles it.
    #[test]
    fn moved_labels_after_a_label_are_made_again() {
        let src = "* = $1000\n lda zp\nlab1 lda fwd,x\n- lda #<fwd\n bne -\n+ jsr fwd\n\
                   lab2 jmp fwd ; a comment\nlab3 lda near\nlab4 sta inzp,x\nlab5 ldy #>fwd\n\
                   .brept 2\nlab6 lda fwd\n .next\nnear = fwd - $1000 + $f0\n\
                   inzp = fwd - $1000\nfwd rts\nzp = $12\n";
        // `lab1`, `-`, `+`, `lab2`, `lab5` and `lab6`'s lines in the last pass.
        assert_made_again(
            src,
            &[
                0x00, 0x10, 0xa5, 0x12, 0xbd, 0x1d, 0x10, 0xa9, 0x1d, 0xd0, 0xfc, 0x20, 0x1d, 0x10,
                0x4c, 0x1d, 0x10, 0xad, 0x0d, 0x01, 0x9d, 0x1d, 0x00, 0xa0, 0x10, 0xad, 0x1d, 0x10,
                0xad, 0x1d, 0x10, 0x60,
            ],
            6,
        );
    }

    /// Inside a macro's expansion (a scope of its own) a global label is
    /// found without searching while it is the only one of its name; once
    /// a block of the expansion's own defines one too (below the read, in
    /// the first pass), the read finds that one.
    #[test]
    fn a_name_in_a_macro_expansion_is_found_again() {
        let src = "* = $1000\nm .macro\n lda v\n .endm\nv = $1234\n #m\n #m\n lda zp\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [0x00, 0x10, 0xad, 0x34, 0x12, 0xad, 0x34, 0x12, 0xa5, 0x12]
        );
        assert!(replayed >= 1, "replayed {replayed}");
        let src = "* = $1000\nv = $20\nm .macro\n lda v\nv = $1234\n .endm\n #m\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(bytes, [0x00, 0x10, 0xad, 0x34, 0x12]);
    }

    /// `jmp -` and `.word +` read anonymous labels: replayed while they name
    /// the same label with the same value, made again when it moved.
    #[test]
    fn anonymous_labels_read_by_other_lines() {
        let src = "* = $1000\n- lda zp\n jmp -\n .word +, -\n+ rts\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x4c, 0x00, 0x10, 0x09, 0x10, 0x00, 0x10, 0x60
            ]
        );
    }

    /// A cheap local (`_v`) is kept as found in the cheap scope of its
    /// line; the same line run under another code label (a `.brept`
    /// iteration, a `.segment` expanded after another label) reads that
    /// label's `_v`, and a label that moved in pass 2 is read again.
    #[test]
    fn cheap_locals_are_read_in_the_scope_of_each_time() {
        let src = "* = $1000\ngetv .segment\n lda #_v\n ldx _w\n .endm\n\
                   first lda zp\n_v = 1\n_w = $1234\n #getv\n\
                   second lda zp\n_v = 2\n_w = $5678\n #getv\n\
                   .brept 3\nthird lda #_v\n .byte _v, <_w\n_v = 3\n_w = third\n .next\n\
                   again lda zp\n_v = 9\n_w = again\n lda #_v\n ldy _w\n #getv\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0xa9, 0x01, 0xae, 0x34, 0x12, 0xa5, 0x12, 0xa9, 0x02, 0xae,
                0x78, 0x56, 0xa9, 0x03, 0x03, 0x0e, 0xa9, 0x03, 0x03, 0x12, 0xa9, 0x03, 0x03, 0x16,
                0xa5, 0x12, 0xa9, 0x09, 0xac, 0x1a, 0x10, 0xa9, 0x09, 0xae, 0x1a, 0x10
            ]
        );
        assert!(replayed >= 4, "replayed {replayed}");
    }

    /// Text directives and `.fill` of literals are replayed, in the
    /// encoding they were made in only: `.enc "screen"` comes in ahead of
    /// them in pass 2 (`fin` is known then), so pass 2 encodes them again
    /// and pass 3 (the forward zero-page constant moved `fin`) replays them.
    /// The bytes are 64tass's, for a Unicode and a raw 8-bit source.
    #[test]
    fn texts_are_replayed_in_the_encoding_they_were_made_in() {
        let src = "* = $1000\n .if fin > $1000\n .enc \"screen\"\n .fi\n lda zp\n\
                   .text \"Hi\", 13\n .null \"ab\"\n .shift \"ab\"\n .shiftl \"ab\"\n\
                   .ptext \"a\"\n .fill 3, $ea\n .enc \"none\"\n .text \"Hi\"\nfin rts\nzp = $12\n";
        let unicode = Options {
            ascii: true,
            ..Options::default()
        };
        let (bytes, replayed) = assemble(src, &unicode);
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x48, 0x09, 0x0d, 0x01, 0x02, 0x00, 0x01, 0x82, 0x02, 0x05,
                0x01, 0x01, 0xea, 0xea, 0xea, 0xc8, 0x49, 0x60
            ]
        );
        // `.fill` and the last `.text` in passes 2 and 3, the rest in pass 3.
        assert!(replayed >= 9, "replayed {replayed}");
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x08, 0x49, 0x0d, 0x41, 0x42, 0x00, 0x41, 0xc2, 0x82, 0x85,
                0x01, 0x41, 0xea, 0xea, 0xea, 0x48, 0x69, 0x60
            ]
        );
    }

    /// A text in a built-in encoding the source defines an escape in
    /// (further on: found ahead of its definition in pass 2) is encoded
    /// again each pass, as is text in an encoding of the source's; a
    /// character that can't be encoded is reported once (64tass's bytes
    /// and count).
    #[test]
    fn texts_in_defined_encodings_are_encoded_each_pass() {
        let src = "* = $1000\n lda zp\n .text \"a{x}\"\n .enc \"mine\"\n .cdef \"az\", 1\n\
                   .text \"ab\"\n .enc \"none\"\n .edef \"{x}\", 9\nzp = $12\n";
        let unicode = Options {
            ascii: true,
            ..Options::default()
        };
        let (bytes, _) = assemble(src, &unicode);
        assert_eq!(bytes, [0x00, 0x10, 0xa5, 0x12, 0x41, 0x09, 0x01, 0x02]);
        let src = "* = $1000\n lda zp\n .text \"a\u{3b1}\"\n .text \"\u{3b1}\"\nzp = $12\n";
        let p = crate::assemble_str("t.asm", src, &unicode);
        let errors = p.err().map(|e| e.errors().count());
        assert_eq!(errors, Some(1));
    }

    /// Data lines of plain numbers, their bytes read straight from the
    /// text (`Assembler::data_numbers`), of every width, signed and not,
    /// decimal, hexadecimal and binary: 64tass's bytes, and the lines
    /// replayed once the code before them moved; one that does not fit is
    /// reported at its value, as 64tass does, once.
    #[test]
    fn plain_number_lines_are_read_from_their_text() {
        let src = "* = $1000\n lda zp\n .byte 1, $ff, %101\n .char 127, $80\n\
                   .word 65535, $1234\n .sint 32767, $ffff\n .long $123456\n\
                   .lint 8388607\n .dword $89abcdef\n .dint 2147483647\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x01, 0xff, 0x05, 0x7f, 0x80, 0xff, 0xff, 0x34, 0x12, 0xff,
                0x7f, 0xff, 0xff, 0x56, 0x34, 0x12, 0xff, 0xff, 0x7f, 0xef, 0xcd, 0xab, 0x89, 0xff,
                0xff, 0xff, 0x7f
            ]
        );
        assert!(replayed >= 8, "replayed {replayed}");
        let src = "* = $1000\n .byte 1, 256, 2\n .char 128\n .word $10000\n";
        let (errors, text) = refused(src, "three values that do not fit");
        assert_eq!(errors, 3, "{text}");
        for want in [
            "too large for a 8 bit unsigned integer int '256'",
            "too large for a 8 bit signed integer int '128'",
            "too large for a 16 bit unsigned integer bits '$10000'",
            "t.asm:2:11",
        ] {
            assert!(text.contains(want), "{want} not in {text}");
        }
    }

    /// Text lines and fills of literals, and a data line's plain numbers in
    /// front of its expressions, read straight from their text in pass 1,
    /// make 64tass's bytes; the literal lines are replayed in the next pass.
    #[test]
    fn texts_and_fills_of_literals_are_read_from_their_text() {
        let src = "* = $1000\n lda zp\n .text \"ab\", 13\n .null \"ab\"\n .shift \"ab\"\n\
                   .shiftl \"ab\"\n .ptext \"ab\"\n .fill 3, $ea\n .byte 1, 2, <zp\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0x61, 0x62, 0x0d, 0x61, 0x62, 0x00, 0x61, 0xe2, 0xc2, 0xc5,
                0x02, 0x61, 0x62, 0xea, 0xea, 0xea, 0x01, 0x02, 0x12
            ]
        );
        // Not the `.byte` line: `zp` is defined after it, read from pass 2 on.
        assert!(replayed >= 6, "replayed {replayed}");
        // A zero a `.null` refuses, from the screen encoding's `@`.
        let src = "* = $1000\n .enc \"screen\"\n .text \"@a\"\n .null \"@\"\n";
        let (_, text) = refused(src, "a zero in .null");
        assert!(text.contains("zero value not allowed"), "{text}");
    }

    /// Data values that are a label, a byte or word of one, or a number
    /// (`Assembler::quick_value`), and those of a label defined further on
    /// (read from pass 2 on), of numbers, bit strings, code and a virtual
    /// block's labels, make 64tass's bytes; the lines are replayed once
    /// the code before them moved, as the evaluator's would be.
    #[test]
    fn data_values_of_labels_make_the_evaluators_bytes() {
        let src = "* = $1000\n lda zp\nnum = $1234\nbits = %1010101011110000\n\
                   big = $123456\nlab nop\n_loc .byte <num, >num, <bits, >bits, `big\n\
                   .word num, lab, bits, _loc, <>big, >`big, ><num\n\
                   .byte <lab, >lab, `lab, <fwd, >fwd, <_loc\n .long num, big, lab, fwd\n\
                   .text <lab, >lab, lab\n .word <>lab, >`lab, ><lab\n .virtual $d000\n\
                   vlab .byte ?\n .endv\n .byte <vlab, >vlab\n .word vlab\nfwd rts\nzp = $12\n";
        let (bytes, replayed) = assemble(src, &Options::default());
        assert_eq!(
            bytes,
            [
                0x00, 0x10, 0xa5, 0x12, 0xea, 0x34, 0x12, 0xf0, 0xaa, 0x12, 0x34, 0x12, 0x02, 0x10,
                0xf0, 0xaa, 0x03, 0x10, 0x56, 0x34, 0x34, 0x12, 0x12, 0x34, 0x02, 0x10, 0x00, 0x36,
                0x10, 0x03, 0x34, 0x12, 0x00, 0x56, 0x34, 0x12, 0x02, 0x10, 0x00, 0x36, 0x10, 0x00,
                0x02, 0x10, 0x02, 0x10, 0x02, 0x10, 0x10, 0x00, 0x10, 0x02, 0x00, 0xd0, 0x00, 0xd0,
                0x60
            ]
        );
        assert!(replayed >= 8, "replayed {replayed}");
        // A byte too large, reported at its value as the evaluator's is.
        let src = "* = $1000\nbig = $123456\n .byte 1, <big, <>big\n";
        let (errors, text) = refused(src, "a word in .byte");
        assert_eq!(errors, 1, "{text}");
        assert!(
            text.contains("too large for a 8 bit unsigned integer bits '$3456'")
                && text.contains("t.asm:3:17"),
            "{text}"
        );
    }

    /// A `.weak` symbol read before the stronger one below is defined:
    /// later passes must read the stronger one (same scope, same name).
    #[test]
    fn a_weak_symbol_overridden_later_is_looked_up_again() {
        let src =
            "* = $1000\n .weak\nw = 1\n .endweak\n .byte w\n lda #w\nw = 2\n lda zp\nzp = $12\n";
        let (bytes, _) = assemble(src, &Options::default());
        assert_eq!(bytes, [0x00, 0x10, 0x02, 0xa9, 0x02, 0xa5, 0x12]);
    }
}
