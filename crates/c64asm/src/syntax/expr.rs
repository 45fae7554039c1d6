//! The expression parser: 64tass's operators and priorities, as a precedence
//! climbing parser over one line of text.

use super::ast::{AddrOp, BinOp, Pos, Reg, TextMode, UnOp};
use super::compiled::{Arena, Expr, ExprList, MAX_HEIGHT, Seq};

/// How deeply the parser may recurse (nested brackets and prefix
/// operators): 64tass takes tens of thousands of nested parentheses; beyond
/// this an expression is an error, not a crash (the assembler runs on a
/// stack sized for it, see `on_big_stack`).
const MAX_DEPTH: u32 = 100_000;
use super::scan::{self, Number, PResult, error, ident_len};
use crate::intern::{Interner, Name, short_word};
use smallvec::SmallVec;

/// How the parser reads names and letters.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// `-C`: symbols (and register letters, `x`, `in`) are case-sensitive.
    pub case_sensitive: bool,
    /// `-a`: Unicode letters may appear in identifiers.
    pub unicode: bool,
    /// `-T`: expressions are read as Turbo Assembler read them (see [`tasm`]).
    pub tasm: bool,
}

mod tasm;

/// Whether looking `text` up folds it to another name (not case-sensitive,
/// and a capital or a non-ASCII letter in it).
fn folds(text: &str, d: Dialect) -> bool {
    !d.case_sensitive && text.bytes().any(|b| b.is_ascii_uppercase() || b >= 0x80)
}

/// Whether a byte of `word` (see [`short_word`]) is a capital or not ASCII.
#[inline(always)]
fn capital_or_high(word: u64) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * LOW;
    if word & HIGH != 0 {
        return true;
    }
    // Bytes below 0x80 now: no carry between them. A byte has bit 7 set
    // after adding 0x80 - 'A' when it is 'A' or above, and after adding
    // 0x7f - 'Z' when it is above 'Z'.
    let from_a = word + (0x80 - b'A' as u64) * LOW;
    let above_z = word + (0x7f - b'Z' as u64) * LOW;
    from_a & !above_z & HIGH != 0
}

/// Intern an identifier as it is looked up: folded to lower case unless the
/// source is case-sensitive.
pub fn intern_name(names: &mut Interner, text: &str, d: Dialect) -> Name {
    // A short name (most are) is checked for capitals in its word, which
    // also gives its hash: one pass over it instead of two.
    if let Some(word) = short_word(text.as_bytes()) {
        if d.case_sensitive || !capital_or_high(word) {
            return names.intern_short(text, word);
        }
    } else if !folds(text, d) {
        return names.intern(text);
    }
    // An ASCII name in capitals (`HAS_RTC`): folded on the stack.
    let mut buf = [0u8; 32];
    if text.len() <= buf.len() && text.is_ascii() {
        let folded = &mut buf[..text.len()];
        folded.copy_from_slice(text.as_bytes());
        folded.make_ascii_lowercase();
        return names.intern_bytes(folded);
    }
    names.intern(&text.to_lowercase())
}

pub struct Parser<'t, 'n> {
    text: &'t str,
    bytes: &'t [u8],
    pub pos: usize,
    /// Offset of the end of the line.
    end: usize,
    names: &'n mut Interner,
    dialect: Dialect,
    /// What is reported with the line's values: deprecated operators seen
    /// (`<>`, `//`, `^`, single `=`), for warnings, and the errors that
    /// 64tass goes on from ([`scan::goes_on_after`]).
    pub notes: Vec<(Pos, &'static str)>,
    /// How deeply the parser has recursed (bounded by [`MAX_DEPTH`]).
    depth: u32,
    /// A run of `-` (or `+`) signs known to end before an operand: each sign
    /// in it is a unary operator (saves rescanning `----x` for every sign).
    sign_run: (usize, u8),
    /// Parsing an instruction's operands, where a one-element `[x]` is a
    /// long indirect address, as in 64tass (`lda #len([0])` is an error).
    operand: bool,
    /// How many brackets (parentheses of grouping or a call, brackets)
    /// enclose the parse, and whether the outermost is a grouping one: only
    /// there may `(ptr, x)` with a blank be the indexed form.
    nest: u32,
    outer_group: bool,
    /// Where operator runs go (boxed without one).
    arena: Option<Arena<'n>>,
    /// A position known to hold no binary operator: each enclosing
    /// operator level asks again there as the parse unwinds.
    no_binop: usize,
    /// Where the list element being read starts: the only place a splat
    /// (`*list`) may be, as in 64tass.
    splat_at: usize,
    /// Whether a parenthesized expression was read (operands then look for
    /// indirection, see [`super::compiled::mark_indirect`]).
    parens: bool,
    /// Tests compare [`Parser::lone_value`] with the general path.
    #[cfg(test)]
    general_only: bool,
}

/// Characters that can start an operand (besides identifier starts and digits).
/// Whether an operand starts at `bytes[i]`, as 64tass decides after a prefix
/// `*`, `+` or `-`: a `%` only with a binary digit after it (or `.` and one),
/// otherwise it is the modulo operator (`*%(8*8)` is the program counter
/// modulo 64, `-%3` the anonymous label's).
fn operand_at(bytes: &[u8], i: usize) -> bool {
    match bytes.get(i) {
        Some(b'%') => binary_at(bytes, i),
        c => starts_operand(c.copied().unwrap_or(0)),
    }
}

/// Whether the `%` at `bytes[i]` starts a binary literal: a binary digit
/// follows it, or `.` and one.
fn binary_at(bytes: &[u8], i: usize) -> bool {
    let at = |k: usize| bytes.get(k).copied().unwrap_or(0);
    matches!(at(i + 1), b'0' | b'1') || (at(i + 1) == b'.' && matches!(at(i + 2), b'0' | b'1'))
}

fn starts_operand(c: u8) -> bool {
    matches!(
        c,
        b'(' | b'['
            | b'{'
            | b'+'
            | b'-'
            | b'*'
            | b'!'
            | b'~'
            | b'<'
            | b'>'
            | b'#'
            | b'`'
            | b'^'
            | b'$'
            | b'%'
            | b'"'
            | b'\''
            | b'.'
            | b'?'
    ) || c.is_ascii_alphanumeric()
        || c == b'_'
        || c >= 0x80
}

/// A binary operator waiting for its right operand ([`Parser::infix`]),
/// and the limit of the level it was read at.
struct Pending {
    lhs: Expr,
    op: BinOp,
    pos: Pos,
    limit: u8,
}

/// The operands an error left pending (or a chain long enough to spill).
#[inline(never)]
#[cold]
fn drop_pending(pending: SmallVec<[Pending; 4]>) {
    drop(pending);
}

/// What [`Parser::lone_value`] read.
enum Lone {
    /// The whole element.
    Whole(Expr),
    /// The element's condition (`cond`), read by the general path from the
    /// value scanned; what follows (an index) is the element's to read.
    Head(PResult<Expr>),
}

/// A whole list or operand list that is one lone value (see
/// [`Parser::lone_parse`]): the value's node, a name or a number (its
/// name interned), the byte operator right before it, the addressing mode
/// around it and its place, and where the parse stops.
pub struct LoneParse {
    pub value: Expr,
    pub byte_op: Option<UnOp>,
    pub mode: Option<(AddrOp, Pos)>,
    pub end: usize,
}

impl<'t, 'n> Parser<'t, 'n> {
    /// A parser over `text[pos..end]` (`end` is the end of the line).
    pub fn new(
        text: &'t str,
        pos: usize,
        end: usize,
        names: &'n mut Interner,
        dialect: Dialect,
    ) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos,
            // Never past the text: `peek` relies on it.
            end: end.min(text.len()),
            names,
            dialect,
            notes: Vec::new(),
            depth: 0,
            sign_run: (0, 0),
            operand: false,
            nest: 0,
            outer_group: false,
            arena: None,
            no_binop: usize::MAX,
            splat_at: usize::MAX,
            parens: false,
            #[cfg(test)]
            general_only: false,
        }
    }

    /// Put operator nodes in `arena` (see [`Arena`] for what the caller
    /// must keep).
    pub fn set_arena(&mut self, arena: Arena<'n>) {
        self.arena = Some(arena);
    }

    /// Whether the arena ran out of room: the parse must be redone with a
    /// larger one (its result is incomplete).
    pub fn arena_full(&self) -> bool {
        self.arena.as_ref().is_some_and(|a| a.full)
    }

    #[inline(always)]
    fn peek(&self) -> u8 {
        self.byte_at(self.pos)
    }

    #[inline(always)]
    fn peek_at(&self, n: usize) -> u8 {
        self.byte_at(self.pos + n)
    }

    /// The byte at `i`, 0 at or past the line's end: one compare (the
    /// most read thing in the parser).
    #[inline(always)]
    fn byte_at(&self, i: usize) -> u8 {
        if i < self.end {
            // SAFETY: `end` is at most the text's length (see `new`) and
            // never changes.
            unsafe { *self.bytes.get_unchecked(i) }
        } else {
            0
        }
    }

    /// Past the blanks at the cursor. Most calls are at a byte above the
    /// blank or at the line's end (nothing to skip), most others at one
    /// blank (after a comma, around an operator); a longer run or a
    /// control byte go the general way.
    #[inline(always)]
    pub fn skip_ws(&mut self) {
        let b = self.peek();
        if b > b' ' || self.pos >= self.end {
            debug_assert_eq!(scan::skip_blanks(self.bytes, self.pos, self.end), self.pos);
            return;
        }
        if matches!(b, b' ' | b'\t') && self.peek_at(1) > b' ' {
            self.pos += 1;
            debug_assert_eq!(
                scan::skip_blanks(self.bytes, self.pos - 1, self.end),
                self.pos
            );
            return;
        }
        self.skip_blank_run();
    }

    #[inline(never)]
    fn skip_blank_run(&mut self) {
        self.pos = scan::skip_blanks(self.bytes, self.pos, self.end);
    }

    /// At the end of the line or at a comment.
    pub fn at_end(&self) -> bool {
        matches!(self.peek(), 0 | b';')
    }

    fn letter_is(&self, at: usize, lower: u8) -> bool {
        let b = self.bytes.get(at).copied().unwrap_or(0);
        if self.dialect.case_sensitive {
            b == lower
        } else {
            b | 0x20 == lower
        }
    }

    /// [`Parser::ident_len_at`] inline for the usual name, all ASCII (one
    /// table load a byte, no call); at a non-ASCII byte the general way.
    #[inline(always)]
    fn name_len_at(&self, at: usize) -> usize {
        let mut i = at;
        while i < self.end {
            // SAFETY: `end` is at most the text's length (see `new`).
            let b = unsafe { *self.bytes.get_unchecked(i) };
            if !scan::continues_ascii_name(b) {
                if b >= 0x80 {
                    return self.ident_len_at(at);
                }
                break;
            }
            i += 1;
        }
        // A digit continues a name but does not start one.
        let len = if i > at && !self.bytes[at].is_ascii_digit() {
            i - at
        } else {
            0
        };
        debug_assert_eq!(len, self.ident_len_at(at));
        len
    }

    fn ident_len_at(&self, at: usize) -> usize {
        if at >= self.end {
            return 0;
        }
        ident_len(&self.text[..self.end], at, self.dialect.unicode)
    }

    fn name(&mut self, start: usize, len: usize) -> Name {
        intern_name(self.names, &self.text[start..start + len], self.dialect)
    }

    /// A symbol's name as it is looked up, and as it is written: 64tass
    /// compares `.SEG` and `.seg` alike unless case-sensitive, but shows
    /// the spelling (`str(.SEG)` is "SEG").
    fn symbol_name(&mut self, start: usize, len: usize) -> (Name, Name) {
        let name = self.name(start, len);
        let text = &self.text[start..start + len];
        if !folds(text, self.dialect) {
            return (name, name);
        }
        (name, self.names.intern(text))
    }

    fn unexpected<T>(&self, what: &str) -> PResult<T> {
        let c = self.peek();
        if (c < b' ' && c != 0 && c != b'\t') || c == 0x7f {
            let ch = self.text[self.pos..].chars().next().unwrap_or('\0');
            return error(
                self.pos,
                format!(
                    "unexpected character '<{:02x}>' (U+{:04X})",
                    ch as u32, ch as u32
                ),
            );
        }
        // At the end of the line: 64tass drops a line's trailing blanks as
        // it reads it, so the place is after its last character.
        let mut at = self.pos;
        if at >= self.end {
            at = self.end.min(self.bytes.len());
            while at > 0 && matches!(self.bytes[at - 1], b' ' | b'\t') {
                at -= 1;
            }
        }
        error(at, format!("{what} expected"))
    }

    /// After an element inside brackets: the closing bracket is expected at
    /// the end of the line, and an operator before anything else there
    /// (`(1 2)`), as 64tass words it.
    fn unclosed<T>(&self, what: &str) -> PResult<T> {
        let c = self.peek();
        if c == 0 || c == b';' || (c < b' ' && c != b'\t') || c == 0x7f {
            return self.unexpected(what);
        }
        error(self.pos, "an operator is expected")
    }

    // ------------------------------------------------------------- lists

    /// Comma-separated values up to the end of the line.
    pub fn list(&mut self) -> PResult<ExprList> {
        if self.dialect.tasm {
            return self.tasm(tasm::Stop::List);
        }
        let mut out = ExprList::new();
        self.skip_ws();
        if self.at_end() {
            return Ok(out);
        }
        loop {
            let e = match self.plain_number_element() {
                Some(e) => e,
                None => self.element()?,
            };
            out.push(e);
            self.skip_ws();
            if self.peek() == b',' {
                self.pos += 1;
                continue;
            }
            if self.at_end() {
                return Ok(out);
            }
            let c = self.peek();
            if matches!(c, b')' | b']' | b'}') {
                // A closing bracket with none open (64tass's words).
                return error(self.pos, format!("'{}' not expected", c as char));
            }
            return self.unexpected("an operator is");
        }
    }

    /// One value; stops before a top-level `,` (or `=` when `stop_at_equal`).
    pub fn single(&mut self) -> PResult<Expr> {
        if self.dialect.tasm {
            let start = self.pos;
            return match self.tasm(tasm::Stop::One)?.into_iter().next() {
                Some(e) => Ok(e),
                None => error(
                    scan::skip_blanks(self.bytes, start, self.end),
                    "an expression is expected",
                ),
            };
        }
        self.skip_ws();
        self.element()
    }

    /// Instruction operands: like [`Parser::list`], with parentheses turned
    /// into indirection where 64tass does.
    pub fn operands(&mut self) -> PResult<ExprList> {
        if self.dialect.tasm {
            return self.tasm(tasm::Stop::Operand);
        }
        self.operand = true;
        let mut list = self.list()?;
        // Without parentheses there is nothing to mark (the usual operand).
        if self.parens {
            list.iter_mut().for_each(super::compiled::mark_indirect);
        }
        Ok(list)
    }

    /// A list element: colon lists joined by the assignment operators (see
    /// [`Parser::element_tail`]). Most elements are one value the line or a
    /// comma ends: [`Parser::lone_value`]'s, returned as it is.
    fn element(&mut self) -> PResult<Expr> {
        self.skip_ws();
        let start = self.pos;
        if self.at_colon() {
            // `:4`: the first element left out.
            return self.element_tail(start, Expr::default(start as Pos));
        }
        self.splat_at = self.pos;
        let e = match self.lone_value() {
            Some(Lone::Whole(e)) => return Ok(e),
            Some(Lone::Head(e)) => e?,
            None => self.cond()?,
        };
        let e = self.indexed(e)?;
        // Most elements end at a comma, a bracket or the line's end.
        if matches!(self.peek(), b',' | b')' | b']' | b'}' | 0 | b';') {
            return Ok(e);
        }
        self.element_tail(start, e)
    }

    /// What follows an element's first value `first` (starting at `start`):
    /// 64tass's `:` operator, binding looser than `?:` and tighter than
    /// `,`, makes a colon list of any length (`1:2:3`, `1:` and `::` with
    /// elements left out), and the assignment operators (`+=`, `:=`, ...),
    /// looser still and left to right, join colon lists: `1:2 += 3` is
    /// `(1:2) += 3`, `1 += 2:3` is `1 += (2:3)`. A colon list is a
    /// [`Seq::Slice`] node (an index's slice is the same list).
    #[inline(never)]
    fn element_tail(&mut self, start: usize, first: Expr) -> PResult<Expr> {
        let mut e = self.colon_rest(start, first)?;
        loop {
            self.skip_ws();
            let Some((op, len)) = self.assign_op() else {
                return Ok(e);
            };
            let pos = self.pos;
            self.pos += len;
            self.skip_ws();
            // Its right side starts no colon list with a left-out element.
            let at = self.pos;
            let rhs = self.element_core()?;
            let rhs = self.colon_rest(at, rhs)?;
            e = Expr::binary(&mut self.arena, pos as Pos, op, e, rhs);
            if e.height() > MAX_HEIGHT {
                return error(
                    pos,
                    format!("expression too complex (more than {MAX_HEIGHT} operators in a chain)"),
                );
            }
        }
    }

    /// The colon list `first` starts at `start`, or `first` when no `:`
    /// follows it.
    fn colon_rest(&mut self, start: usize, first: Expr) -> PResult<Expr> {
        self.skip_ws();
        if !self.at_colon() {
            return Ok(first);
        }
        let mut parts = vec![first];
        while self.at_colon() {
            self.pos += 1;
            self.skip_ws();
            let left_out = self.at_end()
                || matches!(self.peek(), b')' | b']' | b'}' | b',')
                || self.at_colon();
            parts.push(if left_out {
                Expr::default(self.pos as Pos)
            } else {
                self.element_core()?
            });
            self.skip_ws();
        }
        Ok(Expr::seq(&mut self.arena, start as Pos, Seq::Slice, parts))
    }

    /// A `:` that is the colon operator (not `:=`, `:?=`, `::=`).
    #[inline(always)]
    fn at_colon(&self) -> bool {
        self.peek() == b':'
            && self.peek_at(1) != b'='
            && !(matches!(self.peek_at(1), b'?' | b':') && self.peek_at(2) == b'=')
    }

    /// The assignment operator at the cursor and its length, if any.
    fn assign_op(&self) -> Option<(BinOp, usize)> {
        let (c1, c2) = (self.peek_at(1), self.peek_at(2));
        Some(match (self.peek(), c1, c2) {
            (b':', b'=', _) => (BinOp::VarAssign, 2),
            (b':', b':', b'=') => (BinOp::Reassign, 3),
            (b':', b'?', b'=') => (BinOp::CondAssign, 3),
            (b'<', b'?', b'=') => (BinOp::MinAssign, 3),
            (b'>', b'?', b'=') => (BinOp::MaxAssign, 3),
            (b'<', b'<', b'=') => (BinOp::ShlAssign, 3),
            (b'>', b'>', b'=') => (BinOp::ShrAssign, 3),
            (b'|', b'|', b'=') => (BinOp::LOrAssign, 3),
            (b'&', b'&', b'=') => (BinOp::LAndAssign, 3),
            (b'*', b'*', b'=') => (BinOp::ExpAssign, 3),
            (b'.', b'.', b'=') => (BinOp::ConcatAssign, 3),
            (b'|', b'=', _) => (BinOp::OrAssign, 2),
            (b'^', b'=', _) => (BinOp::XorAssign, 2),
            (b'&', b'=', _) => (BinOp::AndAssign, 2),
            (b'+', b'=', _) => (BinOp::AddAssign, 2),
            (b'-', b'=', _) => (BinOp::SubAssign, 2),
            (b'*', b'=', _) => (BinOp::MulAssign, 2),
            (b'/', b'=', _) => (BinOp::DivAssign, 2),
            (b'%', b'=', _) => (BinOp::ModAssign, 2),
            (b'.', b'=', _) => (BinOp::MemberAssign, 2),
            (_, b'=', _) if self.ident_len_at(self.pos) == 1 && self.letter_is(self.pos, b'x') => {
                (BinOp::RepeatAssign, 2)
            }
            _ => return None,
        })
    }

    /// An element without its colon list or assignment operators (a `?:`
    /// branch, a dictionary's key or value, an index's part): a conditional
    /// expression followed by any number of `,x`-style index operators
    /// (which bind everything before them back to an open `?` or `:`).
    /// (The general path only: [`Parser::lone_value`], the usual element's
    /// shortcut, makes the same nodes and is kept to one caller.)
    fn element_core(&mut self) -> PResult<Expr> {
        self.skip_ws();
        self.splat_at = self.pos;
        let e = self.cond()?;
        self.indexed(e)
    }

    /// `e` with the `,x`-style index operators after it (the cursor left
    /// after blanks).
    #[inline(always)]
    fn indexed(&mut self, mut e: Expr) -> PResult<Expr> {
        loop {
            self.skip_ws();
            let Some((reg, len)) = self.index_reg() else {
                return Ok(e);
            };
            let pos = self.pos as Pos;
            self.pos += len;
            e = Expr::addr(&mut self.arena, pos, AddrOp::Index(reg), e);
            if e.height() > MAX_HEIGHT {
                return error(
                    pos as usize,
                    format!("expression too complex (more than {MAX_HEIGHT} operators in a chain)"),
                );
            }
            e = self.infix(e, 3)?;
            e = self.cond_tail(e)?;
        }
    }

    /// A plain number (`12`, `$1f`, see [`scan::plain_number`]) that is a
    /// whole list element, as [`Parser::lone_value`] takes it, without the
    /// general scanner: most data values. `None` (nothing changed) for
    /// anything else, leading zeros included (their warning is noted on
    /// the general path).
    #[inline]
    fn plain_number_element(&mut self) -> Option<Expr> {
        #[cfg(test)]
        if self.general_only {
            return None;
        }
        let (n, start, after) = scan::plain_element(self.bytes, self.pos, self.end, self.operand)?;
        let at = start as Pos;
        let e = match n {
            Number::Int(v) => Expr::int(at, v),
            Number::Bits(b) => Expr::bits(at, b),
            _ => return None,
        };
        self.pos = after;
        Some(e)
    }

    /// The usual element built straight from its bytes: a number or a name,
    /// optionally after `#`, `<`, `>` or `#<`, `#>`, optionally followed by
    /// one `,r` index (`.byte $00, 12`, `jsr label`, `lda #0`, `lda #<table`,
    /// `sta screen,x`, `.byte <label`): the nodes [`Parser::cond`] and the
    /// index loop make of it, without each operator's checks in between.
    /// Taken only when the value (or its index) ends the line or is
    /// followed by a comma that can't start an index register (see
    /// [`Parser::lone_end`]); the shape is checked before any node is made,
    /// so `None` leaves the cursor, the arena and the deprecations as they
    /// were. When something other than an index follows the value (`$0400+1,x`,
    /// `#0 ^ $55`), the value scanned is the general path's first operand:
    /// [`Lone::Head`] goes on from it rather than scanning it again.
    fn lone_value(&mut self) -> Option<Lone> {
        #[cfg(test)]
        if self.general_only {
            return None;
        }
        // The general path nests up to three levels for these (`#`, `<`,
        // the value): near the limit it reports the depth itself.
        if self.depth + 3 >= MAX_DEPTH {
            return None;
        }
        let start = self.pos;
        let (imm, byte_op, at) = self.lone_prefix(start);
        // The value, scanned (a name is interned only once the shape is known).
        let (number, end) = match self.byte_at(at) {
            b'$' | b'0'..=b'9' => {
                let (n, end) = match scan::plain_number(&self.bytes[..self.end], at) {
                    Some(plain) => plain,
                    None => scan::number(&self.text[..self.end], at).ok()?,
                };
                (Some(n), end)
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => (None, self.lone_name_end(at)?),
            b'(' if byte_op.is_none() => return self.paren_value(start, imm),
            _ => return None,
        };
        // What follows: the end of the element, or `,r` and then its end.
        let (index, after) = match self.lone_end(end) {
            Some(after) => (None, after),
            None => {
                let comma = scan::skip_blanks(self.bytes, end, self.end);
                if comma >= self.end || self.bytes[comma] != b',' {
                    // An operator or a postfix: the general path, from
                    // the value read.
                    let value = self.value_node(at, number, end);
                    self.pos = end;
                    return Some(Lone::Head(self.cond_after(start, imm, byte_op, value)));
                }
                let (index, after) = self.lone_index(comma, start)?;
                (Some(index), after)
            }
        };
        let mut e = self.value_node(at, number, end);
        if let Some(op) = byte_op {
            e = Expr::unary(&mut self.arena, (at - 1) as Pos, op, e);
        }
        Some(self.lone_whole(e, start, imm, index, after))
    }

    /// [`Parser::list`] (or [`Parser::operands`]) when the whole text is
    /// one value [`Parser::lone_value`] reads as [`Lone::Whole`] and a
    /// parse's entry can hold by itself: a name or a plain number, alone,
    /// after `#`, or before one `,r` index, a name also after `#<`, `#>`
    /// or before `,r` with `<`, `>` (`jsr label`, `lda #0`, `sta $d020`,
    /// `lda tab,x`, `lda #<table`), then the line's end or a comment. Its
    /// parts, read as `lone_value` reads them, so that the caller packs
    /// them without the general list, its nodes or its moves; `None`
    /// (nothing interned) for anything else, which the caller parses the
    /// general way.
    #[inline(always)]
    pub fn lone_parse(&mut self) -> Option<LoneParse> {
        if self.dialect.tasm {
            return None;
        }
        self.skip_ws();
        let start = self.pos;
        let (imm, byte_op, at) = self.lone_prefix(start);
        let (number, value_end) = match self.byte_at(at) {
            // No byte operator over a number (its node may be folded), no
            // leading zeros (noted for a warning).
            b'$' | b'0'..=b'9'
                if byte_op.is_none()
                    && !(self.byte_at(at) == b'0' && self.byte_at(at + 1).is_ascii_digit()) =>
            {
                let (n, end) = scan::plain_number(&self.bytes[..self.end], at)?;
                (Some(n), end)
            }
            b'%' if byte_op.is_none() => {
                let (n, end) = self.lone_binary_number(at)?;
                (Some(n), end)
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => (None, self.lone_name_end(at)?),
            _ => return None,
        };
        let mut after = scan::skip_blanks(self.bytes, value_end, self.end);
        // A number and an operator over a second one (`$0400+1,x`,
        // `#0 ^ $55`): the literal the general parse folds them into.
        let mut folded = None;
        if let Some(n) = &number
            && !matches!(self.byte_at(after), 0 | b';' | b',')
        {
            let (e, e_end) = self.lone_literal_operation(at, n, after)?;
            folded = Some(e);
            after = scan::skip_blanks(self.bytes, e_end, self.end);
        }
        let (mode, end) = match self.byte_at(after) {
            // A byte operator alone is no entry's.
            0 | b';' if imm || byte_op.is_none() => {
                (imm.then_some((AddrOp::Imm, start as Pos)), after)
            }
            // `#` and an index are two modes: no entry's.
            b',' if !imm => {
                let ((reg, comma), after) = self.lone_index(after, start)?;
                if !matches!(self.byte_at(after), 0 | b';') {
                    return None;
                }
                (Some((AddrOp::Index(reg), comma as Pos)), after)
            }
            _ => return None,
        };
        let value = match folded {
            Some(e) => e,
            None => self.value_node(at, number, value_end),
        };
        Some(LoneParse {
            value,
            byte_op,
            mode,
            end,
        })
    }

    /// A binary literal (`%1010`) at `at` as [`Parser::primary`] reads it
    /// at an operand's start (a binary digit after the `%`), when it is a
    /// bit string: the number and where it ends; `None` for anything else
    /// (a fraction, an exponent, the modulo operator).
    #[inline(never)]
    fn lone_binary_number(&self, at: usize) -> Option<(Number, usize)> {
        if !matches!(self.byte_at(at + 1), b'0' | b'1') {
            return None;
        }
        match scan::number(&self.text[..self.end], at) {
            Ok((n @ Number::Bits(_), end)) => Some((n, end)),
            _ => None,
        }
    }

    /// [`Parser::lone_parse`]'s number `lhs` (at `at`, a plain or binary
    /// literal with no leading zero) followed at `op_at` by one of the usual
    /// operators and a second plain number, where the operation ends
    /// there (`$0400+1,x`, `#0 ^ $55`, `#%1010 | 1`): the literal the
    /// general parse folds the operation into (see [`Expr::folded`]), and
    /// where the second number ends. `None` (nothing noted or interned)
    /// where the general parse keeps the operation, reads on or notes
    /// something (a leading zero).
    #[inline(never)]
    fn lone_literal_operation(
        &mut self,
        at: usize,
        lhs: &Number,
        op_at: usize,
    ) -> Option<(Expr, usize)> {
        let (op, len) = self.simple_binop_at(op_at)?;
        let rhs_at = scan::skip_blanks(self.bytes, op_at + len, self.end);
        let (rhs, rhs_end) = match self.byte_at(rhs_at) {
            b'0' if self.byte_at(rhs_at + 1).is_ascii_digit() => return None,
            b'$' | b'0'..=b'9' => scan::plain_number(&self.bytes[..self.end], rhs_at)?,
            _ => return None,
        };
        // Nothing binds to the second number: its element ends after it,
        // or an index follows.
        let next = scan::skip_blanks(self.bytes, rhs_end, self.end);
        if !matches!(self.byte_at(next), 0 | b';' | b',') {
            return None;
        }
        let lhs = match *lhs {
            Number::Int(v) => Expr::int(at as Pos, v),
            Number::Bits(b) => Expr::bits(at as Pos, b),
            _ => return None,
        };
        let rhs = self.plain_number_node(rhs_at, rhs);
        Some((Expr::folded(op, &lhs, &rhs)?, rhs_end))
    }

    /// A lone value's `#` and `<`/`>` read from `start`: whether `#` is
    /// there, the byte operator, and where the value itself starts.
    #[inline(always)]
    fn lone_prefix(&self, start: usize) -> (bool, Option<UnOp>, usize) {
        let imm = self.byte_at(start) == b'#';
        let at = start + imm as usize;
        let byte_op = match self.byte_at(at) {
            b'<' => Some(UnOp::Lower),
            b'>' => Some(UnOp::Higher),
            _ => None,
        };
        (imm, byte_op, at + byte_op.is_some() as usize)
    }

    /// `,r` at `comma` (the parse back at `start` after reading it) and
    /// where the element ends after it, as [`Parser::lone_value`] reads an
    /// index: the register with its comma's place, and that end.
    #[inline(always)]
    fn lone_index(&mut self, comma: usize, start: usize) -> Option<((Reg, usize), usize)> {
        self.pos = comma;
        let reg = self.index_reg();
        self.pos = start;
        let (reg, len) = reg?;
        Some(((reg, comma), self.lone_end(comma + len)?))
    }

    /// A lone element's node `e` as written around it: `#` when `imm`,
    /// then its `,r` index; the parse goes on at `after`.
    #[inline(always)]
    fn lone_whole(
        &mut self,
        mut e: Expr,
        start: usize,
        imm: bool,
        index: Option<(Reg, usize)>,
        after: usize,
    ) -> Lone {
        if imm {
            e = Expr::addr(&mut self.arena, start as Pos, AddrOp::Imm, e);
        }
        if let Some((reg, comma)) = index {
            e = Expr::addr(&mut self.arena, comma as Pos, AddrOp::Index(reg), e);
        }
        self.pos = after;
        Lone::Whole(e)
    }

    /// [`Parser::lone_value`] for a bracketed value (after `#` when `imm`):
    /// a name or plain number, or two joined by one arithmetic operator
    /// (`(zp),y`, `(vector)`, `(3 + 1) & $ff`, `#(a * 2)`), made into the
    /// nodes `cond`, `paren`, `group` and the inner element's path make of
    /// it, without that chain of calls. What follows the `)` is taken as
    /// `lone_value` takes it: the element's end, one `,r` index and its end
    /// ([`Lone::Whole`]), or anything else, the general path from the
    /// bracket's node ([`Lone::Head`]). The shape is checked before any
    /// node is made, so `None` leaves everything as it was.
    #[inline(never)]
    fn paren_value(&mut self, start: usize, imm: bool) -> Option<Lone> {
        // The general path nests a few levels more for these (`expr`, the
        // inner element's, its operator's operand): near the limit it
        // reports the depth itself.
        if self.depth + 8 >= MAX_DEPTH {
            return None;
        }
        let open = start + imm as usize;
        let at = open + 1;
        let (lhs, lhs_end) = self.simple_value_at(at)?;
        let mut close = scan::skip_blanks(self.bytes, lhs_end, self.end);
        let mut rhs = None;
        if self.byte_at(close) != b')' {
            let (op, len) = self.simple_binop_at(close)?;
            let rhs_at = scan::skip_blanks(self.bytes, close + len, self.end);
            let (number, rhs_end) = self.simple_value_at(rhs_at)?;
            rhs = Some((op, close, number, rhs_at, rhs_end));
            close = scan::skip_blanks(self.bytes, rhs_end, self.end);
            if self.byte_at(close) != b')' {
                return None;
            }
        }
        let close = close + 1;
        // What follows: the end of the element, `,r` and then its end, or
        // something else (the general path goes on from the bracket).
        let (index, after) = match self.lone_end(close) {
            Some(after) => (None, Some(after)),
            None => {
                let comma = scan::skip_blanks(self.bytes, close, self.end);
                if comma < self.end && self.bytes[comma] == b',' {
                    let (index, after) = self.lone_index(comma, start)?;
                    (Some(index), Some(after))
                } else {
                    (None, None)
                }
            }
        };
        // The inner element's start, as `group`'s `element` leaves it.
        self.splat_at = at;
        let mut e = self.value_node(at, lhs, lhs_end);
        if let Some((op, op_at, number, rhs_at, rhs_end)) = rhs {
            let rhs = self.value_node(rhs_at, number, rhs_end);
            e = Expr::binary(&mut self.arena, op_at as Pos, op, e, rhs);
        }
        e = Expr::paren(&mut self.arena, open as Pos, e);
        self.parens = true;
        let Some(after) = after else {
            self.pos = close;
            return Some(Lone::Head(self.cond_after(start, imm, None, e)));
        };
        Some(self.lone_whole(e, start, imm, index, after))
    }

    /// A name or plain number at `at` as [`Parser::lone_value`] and
    /// [`Parser::plain_primary`] read it (a number scanned, or `None` for a
    /// name), and where it ends; `None` for anything else.
    #[inline(always)]
    fn simple_value_at(&self, at: usize) -> Option<(Option<Number>, usize)> {
        match self.byte_at(at) {
            b'$' | b'0'..=b'9' => {
                let (n, end) = scan::plain_number(&self.bytes[..self.end], at)?;
                Some((Some(n), end))
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Some((None, self.lone_name_end(at)?)),
            _ => None,
        }
    }

    /// Where a plain name starting at `at` ends, as the lone paths read it;
    /// `None` for a one-letter string prefix (`b"..."`) or a reserved `__`
    /// name (the general path).
    #[inline(always)]
    fn lone_name_end(&self, at: usize) -> Option<usize> {
        let len = self.name_len_at(at);
        if len == 0
            || (len == 1 && matches!(self.byte_at(at + len), b'"' | b'\''))
            || self.bytes[at..].starts_with(b"__")
        {
            return None;
        }
        Some(at + len)
    }

    /// The usual arithmetic operators at `at` (the ones
    /// [`Parser::binop_at_cursor`] reads there without a note), and their
    /// length; `None` for any other.
    #[inline(always)]
    fn simple_binop_at(&self, at: usize) -> Option<(BinOp, usize)> {
        let (c1, c2) = (self.byte_at(at + 1), self.byte_at(at + 2));
        Some(match (self.byte_at(at), c1) {
            (b'+', _) if c1 != b'=' => (BinOp::Add, 1),
            (b'-', _) if c1 != b'=' => (BinOp::Sub, 1),
            (b'*', _) if !matches!(c1, b'*' | b'=') => (BinOp::Mul, 1),
            (b'&', _) if !matches!(c1, b'&' | b'=') => (BinOp::And, 1),
            (b'|', _) if !matches!(c1, b'|' | b'=') => (BinOp::Or, 1),
            (b'^', _) if !matches!(c1, b'^' | b'=') => (BinOp::Xor, 1),
            (b'<', b'<') if c2 != b'=' => (BinOp::Shl, 2),
            (b'>', b'>') if c2 != b'=' => (BinOp::Shr, 2),
            _ => return None,
        })
    }

    /// The node of [`Parser::lone_value`]'s value at `at` (a number scanned,
    /// or a name ending at `end`), as [`Parser::primary`] makes it.
    #[inline(always)]
    fn value_node(&mut self, at: usize, number: Option<Number>, end: usize) -> Expr {
        match number {
            Some(n) => self.plain_number_node(at, n),
            None => Expr::ident(at as Pos, self.name(at, end - at)),
        }
    }

    /// What [`Parser::cond`] reads from `start` for a value that
    /// [`Parser::lone_value`] scanned (after `#`, `<` or `>` when `imm`,
    /// `byte_op`), with `value` its node and the cursor after it: the
    /// same calls in the same order as `cond`, `expr` and `prefix` make
    /// them once they have read it (so the same nodes, depths, notes and
    /// errors).
    #[inline(never)]
    fn cond_after(
        &mut self,
        start: usize,
        imm: bool,
        byte_op: Option<UnOp>,
        value: Expr,
    ) -> PResult<Expr> {
        if imm {
            // `expr(3)` around the prefix `#` and its operand's `cond`.
            self.depth += 1;
            let e = self
                .cond_after(start + 1, false, byte_op, value)
                .and_then(|operand| {
                    let e = Expr::addr(&mut self.arena, start as Pos, AddrOp::Imm, operand);
                    self.infix(e, 3)
                });
            self.depth -= 1;
            return self.cond_tail(e?);
        }
        let e = match byte_op {
            Some(op) => {
                // `expr(3)` around the prefix and its operand's `expr(4)`.
                self.depth += 1;
                let e = self.expr_after(value, 4).and_then(|operand| {
                    let e = Expr::unary(&mut self.arena, start as Pos, op, operand);
                    self.infix(e, 3)
                });
                self.depth -= 1;
                e
            }
            None => self.expr_after(value, 3),
        };
        self.cond_tail(e?)
    }

    /// [`Parser::expr`] after its first primary, `value`, was read.
    #[inline]
    fn expr_after(&mut self, value: Expr, limit: u8) -> PResult<Expr> {
        self.depth += 1;
        let e = self
            .postfix_if_any(value)
            .and_then(|e| self.infix(e, limit));
        self.depth -= 1;
        e
    }

    /// Where the element ends if a primary value ending at `end` is all of
    /// it: the line ends there (after blanks), or a comma follows that can't
    /// start an index register (a digit or `$` after it; or a blank, outside
    /// operands). `None` when anything else follows (an operator, a postfix,
    /// `?`, `,x`).
    #[inline]
    fn lone_end(&self, end: usize) -> Option<usize> {
        scan::element_end(self.bytes, end, self.end, self.operand)
    }

    /// A branch of `?:`: an element, but not a splat.
    fn branch(&mut self) -> PResult<Expr> {
        let e = self.element_core()?;
        if e.is_splat() {
            return Ok(self.misplaced_splat(e.start() as usize));
        }
        Ok(e)
    }

    /// A splat where only a list element's whole value may be one: an
    /// error that 64tass goes on from, with the value `none`.
    fn misplaced_splat(&mut self, at: usize) -> Expr {
        self.notes.push((at as Pos, scan::EXPRESSION_SYNTAX));
        Expr::failed(at as Pos)
    }

    /// `,r` where r is a single register letter directly after the comma, or
    /// after blanks in an operand when the bracket closes after it and no
    /// index follows it (64tass takes `($12, x)` as `($12,x)`, but `$12, x+1`
    /// as two operands, and `($12, x), y` as a tuple holding a register
    /// indexed: "can't get integer value of register 'x'"); and how many
    /// bytes that takes. Inlined for the usual answer: no comma follows.
    #[inline(always)]
    fn index_reg(&self) -> Option<(Reg, usize)> {
        if self.peek() != b',' {
            return None;
        }
        self.index_reg_after_comma()
    }

    #[inline(never)]
    fn index_reg_after_comma(&self) -> Option<(Reg, usize)> {
        let mut at = self.pos + 1;
        if self.operand && matches!(self.peek_at(1), b' ' | b'\t') {
            // Inside other brackets (`((ptr, x))`, `[(ptr, x)]`, `f(ptr, x)`)
            // it is a tuple holding a register, as in 64tass.
            if self.nest != 1 || !self.outer_group {
                return None;
            }
            at = scan::skip_blanks(self.bytes, at, self.end);
            let close = scan::skip_blanks(self.bytes, at + 1, self.end);
            if self.bytes.get(close).filter(|_| close < self.end) != Some(&b')') {
                return None;
            }
            let after = scan::skip_blanks(self.bytes, close + 1, self.end);
            if self.bytes.get(after).filter(|_| after < self.end) == Some(&b',') {
                return None;
            }
        }
        let after = at + 1;
        if self.name_len_at(at) != 1
            || matches!(
                self.bytes.get(after).filter(|_| after < self.end),
                Some(b'"' | b'\'')
            )
        {
            return None;
        }
        let b = self.bytes[at];
        let b = if self.dialect.case_sensitive {
            b
        } else {
            b | 0x20
        };
        Reg::from_letter(b).map(|r| (r, after - self.pos))
    }

    /// `c ? a : b` (right-associative) around an operator expression.
    fn cond(&mut self) -> PResult<Expr> {
        let c = self.expr(3)?;
        self.cond_tail(c)
    }

    /// Inlined for the usual answer: no `?` follows.
    #[inline(always)]
    fn cond_tail(&mut self, c: Expr) -> PResult<Expr> {
        self.skip_ws();
        if self.peek() != b'?' {
            return Ok(c);
        }
        self.cond_branches(c)
    }

    #[inline(never)]
    fn cond_branches(&mut self, c: Expr) -> PResult<Expr> {
        let double = self.peek_at(1) == b'?';
        let qpos = self.pos;
        self.pos += if double { 2 } else { 1 };
        // The branches take their own `,x` index operators (they bind
        // tighter than `?:`): `c ? a : b,x` is `c ? a : (b,x)`.
        self.skip_ws();
        let a = self.branch()?;
        self.skip_ws();
        if self.peek() != b':' {
            return error(qpos, "':' expected");
        }
        self.pos += 1;
        self.skip_ws();
        let b = self.branch()?;
        Ok(Expr::cond(&mut self.arena, qpos as Pos, double, [c, a, b]))
    }

    /// An expression whose binary operators bind tighter than `limit`
    /// (`**` always binds: it never gives way to a pending operator).
    fn expr(&mut self, limit: u8) -> PResult<Expr> {
        self.enter()?;
        let e = self.operand().and_then(|lhs| self.infix(lhs, limit));
        self.depth -= 1;
        e
    }

    /// One level deeper ([`Parser::expr`]'s count, bounded by [`MAX_DEPTH`]).
    #[inline(always)]
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            return error(
                self.pos,
                format!("expression too complex (nested more than {MAX_DEPTH} deep)"),
            );
        }
        self.depth += 1;
        Ok(())
    }

    /// An operand with its prefix operators and postfixes. Most operands
    /// are a number or a name: read here, without `prefix`, `primary` and
    /// `number` in between.
    #[inline(always)]
    fn operand(&mut self) -> PResult<Expr> {
        self.skip_ws();
        match self.plain_primary() {
            Some(v) => self.postfix_if_any(v),
            None => self.prefix(),
        }
    }

    /// A plain number (see [`scan::plain_number`]) or a name at the cursor,
    /// read as [`Parser::primary`] reads it; `None` (nothing read) for
    /// anything else, and for what `primary` treats apart (a one-letter
    /// string prefix, a reserved `__` name).
    #[inline(always)]
    fn plain_primary(&mut self) -> Option<Expr> {
        #[cfg(test)]
        if self.general_only {
            return None;
        }
        let at = self.pos;
        match self.peek() {
            b'$' | b'0'..=b'9' => {
                let (n, end) = scan::plain_number(&self.bytes[..self.end], at)?;
                self.pos = end;
                Some(self.plain_number_node(at, n))
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let len = self.name_len_at(at);
                if (len == 1 && matches!(self.peek_at(1), b'"' | b'\''))
                    || (len > 1 && self.bytes[at + 1] == b'_' && self.bytes[at] == b'_')
                {
                    return None;
                }
                let name = self.name(at, len);
                self.pos = at + len;
                Some(Expr::ident(at as Pos, name))
            }
            _ => None,
        }
    }

    /// [`Parser::postfix`] after an operand, called only when a postfix
    /// may follow (most operands have none).
    #[inline(always)]
    fn postfix_if_any(&mut self, e: Expr) -> PResult<Expr> {
        self.skip_ws();
        match self.peek() {
            b'(' | b'[' | b'.' => self.postfix(e),
            _ => Ok(e),
        }
    }

    /// The binary operators after `lhs` that bind tighter than `limit`, by
    /// precedence: an operator that binds tighter than the one before it
    /// waits on `pending` with its left operand while its right one is
    /// read. The parse is the precedence climbing's (each right operand an
    /// `expr` at the operator's priority, `**`'s at 15) without a call per
    /// operand: the same operators looked for at the same places, the same
    /// nodes made in the same order, the same depths counted.
    fn infix(&mut self, lhs: Expr, limit: u8) -> PResult<Expr> {
        let mut pending: SmallVec<[Pending; 4]> = SmallVec::new();
        let e = self.climb(lhs, limit, &mut pending);
        if e.is_err() {
            // The levels an error leaves, as their calls would have.
            self.depth -= pending.len() as u32;
        }
        // Empty on success and never spilled (the usual chain): nothing to
        // free, without `SmallVec`'s drop (a call).
        if pending.spilled() || !pending.is_empty() {
            drop_pending(pending);
        } else {
            std::mem::forget(pending);
        }
        e
    }

    #[inline(always)]
    fn climb(
        &mut self,
        mut lhs: Expr,
        mut limit: u8,
        pending: &mut SmallVec<[Pending; 4]>,
    ) -> PResult<Expr> {
        loop {
            self.skip_ws();
            match self.binop() {
                Some((op, len)) if op.prio() > limit || op == BinOp::Exp => {
                    let pos = self.pos as Pos;
                    self.pos += len;
                    self.skip_ws();
                    // The right operand's `expr`, up to its `infix`.
                    self.enter()?;
                    let rhs = self.operand().inspect_err(|_| self.depth -= 1)?;
                    pending.push(Pending {
                        lhs: std::mem::replace(&mut lhs, rhs),
                        op,
                        pos,
                        limit,
                    });
                    limit = if op == BinOp::Exp { 15 } else { op.prio() };
                }
                _ => {
                    // The right operand is whole: its `expr` returns.
                    let Some(p) = pending.pop() else {
                        return Ok(lhs);
                    };
                    self.depth -= 1;
                    lhs = Expr::binary(&mut self.arena, p.pos, p.op, p.lhs, lhs);
                    if lhs.height() > MAX_HEIGHT {
                        return error(
                            p.pos as usize,
                            format!(
                                "expression too complex (more than {MAX_HEIGHT} operators in a chain)"
                            ),
                        );
                    }
                    limit = p.limit;
                }
            }
        }
    }

    /// The binary operator at the cursor and its length, if any. Inlined
    /// for the usual answer: most operands end the line, an element or a
    /// bracket, where no operator starts (nor a name, which `x` and `in`
    /// are).
    #[inline(always)]
    fn binop(&mut self) -> Option<(BinOp, usize)> {
        if self.pos == self.no_binop {
            return None;
        }
        if matches!(
            self.peek(),
            0 | b',' | b')' | b']' | b';' | b':' | b'?' | b'}'
        ) {
            self.no_binop = self.pos;
            return None;
        }
        self.binop_found()
    }

    #[inline(never)]
    fn binop_found(&mut self) -> Option<(BinOp, usize)> {
        let op = self.binop_at_cursor();
        if op.is_none() {
            self.no_binop = self.pos;
        }
        op
    }

    fn binop_at_cursor(&mut self) -> Option<(BinOp, usize)> {
        let c = self.peek();
        let c1 = self.peek_at(1);
        let c2 = self.peek_at(2);
        let op = match c {
            b'&' => match (c1, c2) {
                (b'&', b'=') | (b'=', _) => return None,
                (b'&', _) => (BinOp::LAnd, 2),
                _ => (BinOp::And, 1),
            },
            b'|' => match (c1, c2) {
                (b'|', b'=') | (b'=', _) => return None,
                (b'|', _) => (BinOp::LOr, 2),
                _ => (BinOp::Or, 1),
            },
            b'^' => match c1 {
                b'^' => (BinOp::LXor, 2),
                b'=' => return None,
                _ => (BinOp::Xor, 1),
            },
            b'*' => match (c1, c2) {
                (b'*', b'=') | (b'=', _) => return None,
                (b'*', _) => (BinOp::Exp, 2),
                _ => (BinOp::Mul, 1),
            },
            b'%' => match c1 {
                b'=' => return None,
                _ => (BinOp::Mod, 1),
            },
            b'/' => match c1 {
                b'/' => {
                    self.notes.push((self.pos as Pos, "modulo"));
                    (BinOp::Mod, 2)
                }
                b'=' => return None,
                _ => (BinOp::Div, 1),
            },
            b'+' | b'-' if c1 == b'=' => return None,
            b'+' => (BinOp::Add, 1),
            b'-' => (BinOp::Sub, 1),
            b'.' => match (c1, c2) {
                (b'.', b'=') => return None,
                (b'.', b'.') => return None,
                (b'.', _) => (BinOp::Concat, 2),
                _ => return None, // member access is handled as a postfix
            },
            b'=' => match (c1, c2) {
                (b'=', b'=') => (BinOp::Identity, 3),
                (b'=', _) => (BinOp::Eq, 2),
                _ => {
                    self.notes.push((self.pos as Pos, "equal"));
                    (BinOp::Eq, 1)
                }
            },
            b'<' => match (c1, c2) {
                (b'>', _) => {
                    self.notes.push((self.pos as Pos, "not equal"));
                    (BinOp::Ne, 2)
                }
                (b'<', b'=') | (b'?', b'=') => return None,
                (b'<', _) => (BinOp::Shl, 2),
                (b'?', _) => (BinOp::Min, 2),
                (b'=', b'>') => (BinOp::Cmp, 3),
                (b'=', _) => (BinOp::Le, 2),
                _ => (BinOp::Lt, 1),
            },
            b'>' => match (c1, c2) {
                (b'<', _) => {
                    self.notes.push((self.pos as Pos, "not equal"));
                    (BinOp::Ne, 2)
                }
                (b'>', b'=') | (b'?', b'=') => return None,
                (b'>', _) => (BinOp::Shr, 2),
                (b'?', _) => (BinOp::Max, 2),
                (b'=', _) => (BinOp::Ge, 2),
                _ => (BinOp::Gt, 1),
            },
            b'!' => match (c1, c2) {
                (b'=', b'=') => (BinOp::NIdentity, 3),
                (b'=', _) => (BinOp::Ne, 2),
                _ if self.ident_len_at(self.pos + 1) == 2
                    && self.letter_is(self.pos + 1, b'i')
                    && self.letter_is(self.pos + 2, b'n') =>
                {
                    (BinOp::NotIn, 3)
                }
                _ => return None,
            },
            // Only `x` and `in` are named operators.
            b'x' | b'X' | b'i' | b'I' => match self.ident_len_at(self.pos) {
                1 if self.letter_is(self.pos, b'x') && c1 != b'=' => (BinOp::Repeat, 1),
                2 if self.letter_is(self.pos, b'i') && self.letter_is(self.pos + 1, b'n') => {
                    (BinOp::In, 2)
                }
                _ => return None,
            },
            _ => return None,
        };
        Some(op)
    }

    // ------------------------------------------------------------- prefix

    fn prefix(&mut self) -> PResult<Expr> {
        self.skip_ws();
        let start = self.pos;
        let c = self.peek();
        let unary = |p: &mut Self, op: UnOp, len: usize, prio: u8| -> PResult<Expr> {
            p.pos += len;
            let operand = p.expr(prio)?;
            Ok(Expr::unary(&mut p.arena, start as Pos, op, operand))
        };
        match c {
            b'+' | b'-' => self.sign(),
            b'*' => {
                // `*` is the program counter unless an operand follows it
                // directly (then it is the splat operator).
                let mut i = self.pos + 1;
                while i < self.end && matches!(self.bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                let n = if i < self.end { self.bytes[i] } else { 0 };
                let operand = operand_at(&self.bytes[..self.end], i)
                    && !matches!(
                        n,
                        b'+' | b'-' | b'*' | b'!' | b'~' | b'<' | b'>' | b'#' | b'`' | b'^' | b'?'
                    );
                if operand {
                    // Only a list element's whole value, as in 64tass: not
                    // an operand of another operator, nor followed by one
                    // (an error the line goes on from).
                    let whole = start == self.splat_at;
                    let splat = unary(self, UnOp::Splat, 1, 18)?;
                    self.skip_ws();
                    if !whole
                        || self.binop().is_some()
                        || self.peek() == b'?'
                        || self.index_reg().is_some()
                    {
                        return Ok(self.misplaced_splat(start));
                    }
                    Ok(splat)
                } else {
                    // 64tass reads `*` as a splat first and the `^` after it
                    // as its decimal-string operator (warning there) before
                    // taking both back as the program counter and a xor.
                    if n == b'^' {
                        self.notes.push((i as Pos, "string"));
                    }
                    self.pos += 1;
                    self.postfix(Expr::star(start as Pos))
                }
            }
            b'!' => unary(self, UnOp::Not, 1, 17),
            b'~' => unary(self, UnOp::Inv, 1, 17),
            b'<' => match self.peek_at(1) {
                b'>' => unary(self, UnOp::Word, 2, 4),
                _ => unary(self, UnOp::Lower, 1, 4),
            },
            b'>' => match self.peek_at(1) {
                b'`' => unary(self, UnOp::HWord, 2, 4),
                b'<' => unary(self, UnOp::BSWord, 2, 4),
                _ => unary(self, UnOp::Higher, 1, 4),
            },
            b'`' => unary(self, UnOp::Bank, 1, 4),
            b'^' => {
                self.notes.push((self.pos as Pos, "string"));
                unary(self, UnOp::DecStr, 1, 4)
            }
            b'#' => {
                let op = if matches!(self.peek_at(1), b'+' | b'-') {
                    AddrOp::ImmSigned
                } else {
                    AddrOp::Imm
                };
                self.pos += 1;
                let operand = self.cond()?;
                Ok(Expr::addr(&mut self.arena, start as Pos, op, operand))
            }
            _ => {
                let e = self.primary()?;
                self.postfix(e)
            }
        }
    }

    /// A run of `+` or `-`: an anonymous label reference when no operand
    /// follows, otherwise unary operators.
    fn sign(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let c = self.peek();
        if self.pos < self.sign_run.0 && self.sign_run.1 == c {
            return self.unary_sign(start, c);
        }
        let mut count = 0;
        let mut i = self.pos;
        loop {
            while i < self.end && matches!(self.bytes[i], b' ' | b'\t') {
                i += 1;
            }
            if i < self.end && self.bytes[i] == c {
                count += 1;
                i += 1;
            } else {
                break;
            }
        }
        let next = if i < self.end { self.bytes[i] } else { 0 };
        if !operand_at(&self.bytes[..self.end], i) || next == b'?' {
            self.pos = i;
            let n = if c == b'+' { count - 1 } else { -count };
            let e = Expr::anon(start as Pos, n);
            return self.postfix(e);
        }
        self.sign_run = (i, c);
        self.unary_sign(start, c)
    }

    fn unary_sign(&mut self, start: usize, c: u8) -> PResult<Expr> {
        self.pos += 1;
        let operand = self.expr(17)?;
        let op = if c == b'+' { UnOp::Pos } else { UnOp::Neg };
        Ok(Expr::unary(&mut self.arena, start as Pos, op, operand))
    }

    fn primary(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let c = self.peek();
        let at = start as Pos;
        match c {
            b'$' | b'0'..=b'9' => self.number(),
            b'%' if binary_at(&self.bytes[..self.end], self.pos) => self.number(),
            b'"' | b'\'' => Ok(match self.string_at(self.pos, at)? {
                Ok(s) => Expr::string(at, s.into()),
                Err(unclosed) => unclosed,
            }),
            b'?' => {
                self.pos += 1;
                Ok(Expr::gap(at))
            }
            b'(' => self.paren(),
            b'[' => {
                self.pos += 1;
                let mut items = self.within(|p| p.items(b']'))?;
                if self.operand && items.len() == 1 && !self.comma_before_close() {
                    let inner = items.pop().expect("one item");
                    return Ok(Expr::addr(&mut self.arena, at, AddrOp::LongInd, inner));
                }
                Ok(Expr::seq(&mut self.arena, at, Seq::List, items))
            }
            b'{' => self.dict(),
            b'.' => self.dot_primary(),
            _ => {
                let len = self.name_len_at(self.pos);
                if len == 0 {
                    return self.unexpected("an expression is");
                }
                let q = self.peek_at(len);
                if len == 1 && matches!(q, b'"' | b'\'') {
                    return self.prefixed_string(c);
                }
                if len > 1 && self.bytes[start] == b'_' && self.bytes[start + 1] == b'_' {
                    return error(
                        start,
                        format!("reserved symbol name '{}'", &self.text[start..start + len]),
                    );
                }
                let name = self.name(start, len);
                self.pos += len;
                Ok(Expr::ident(at, name))
            }
        }
    }

    fn number(&mut self) -> PResult<Expr> {
        let start = self.pos;
        // The usual literal inline; the others the general way.
        let (n, end) = match scan::plain_number(&self.bytes[..self.end], start) {
            Some(plain) => plain,
            None => scan::number(&self.text[..self.end], start)?,
        };
        self.pos = end;
        Ok(self.number_node(start, n))
    }

    /// [`Parser::number_node`] inline for the usual number, an integer or a
    /// bit string without a leading zero (`12`, `$d020`); the others (a
    /// leading zero to note, a float, a big one) out of line.
    #[inline(always)]
    fn plain_number_node(&mut self, start: usize, n: Number) -> Expr {
        let at = start as Pos;
        let leading_zero = self.byte_at(start) == b'0' && self.byte_at(start + 1).is_ascii_digit();
        match n {
            Number::Int(v) if !leading_zero => Expr::int(at, v),
            Number::Bits(b) if !leading_zero => Expr::bits(at, b),
            n => self.number_node(start, n),
        }
    }

    /// The node of a number scanned at `start` (and its leading zeros noted).
    fn number_node(&mut self, start: usize, n: Number) -> Expr {
        let next = |i: usize| if i < self.end { self.bytes[i] } else { 0 };
        if next(start) == b'0' && next(start + 1).is_ascii_digit() {
            self.notes.push((start as Pos, "leading zeros"));
        }
        let at = start as Pos;
        match n {
            Number::Int(v) => Expr::int(at, v),
            Number::Bits(b) => Expr::bits(at, b),
            Number::Float(f) => Expr::float(at, f),
            Number::Big(v) => Expr::big(at, v.into_value()),
        }
    }

    /// `b"..."`, `x"..."` and the other one-letter string prefixes.
    fn prefixed_string(&mut self, letter: u8) -> PResult<Expr> {
        let start = self.pos;
        let lower = if self.dialect.case_sensitive {
            letter
        } else {
            letter | 0x20
        };
        let mode = match lower {
            b'b' => Some(TextMode::Text),
            b'n' => Some(TextMode::Null),
            b's' => Some(TextMode::Shift),
            b'l' => Some(TextMode::ShiftL),
            b'p' => Some(TextMode::PText),
            b'x' | b'z' => None,
            _ => {
                // Any other letter before a quote is just a symbol.
                let name = self.name(start, 1);
                self.pos += 1;
                return Ok(Expr::ident(start as Pos, name));
            }
        };
        let at = start as Pos;
        let s = match self.string_at(self.pos + 1, at)? {
            Ok(s) => s,
            Err(unclosed) => return Ok(unclosed),
        };
        Ok(match mode {
            Some(m) => Expr::enc_str(at, m, s.into()),
            None if lower == b'x' => Expr::bytes(at, scan::hex_bytes(&s, start)?.into()),
            None => Expr::bytes(at, scan::z85_bytes(&s, start)?.into()),
        })
    }

    /// The string at `pos`. One the line ends in is noted (its error is
    /// reported with the line's values) and read, as 64tass does, as `none`
    /// to the line's end: the line goes on (a label it defines is defined).
    fn string_at(&mut self, pos: usize, at: Pos) -> PResult<Result<String, Expr>> {
        match scan::string(&self.text[..self.end], pos) {
            Ok((s, end)) => {
                self.pos = end;
                Ok(Ok(s))
            }
            Err(e) => {
                let unclosed = [scan::UNCLOSED_SINGLE, scan::UNCLOSED_DOUBLE]
                    .into_iter()
                    .find(|&m| e.msg == m)
                    .ok_or_else(|| e.clone())?;
                self.notes.push((e.pos, unclosed));
                self.pos = e.pos as usize;
                Ok(Err(Expr::failed(at)))
            }
        }
    }

    /// `.name`, `.+`, `...`, `.5` and friends at the start of an operand.
    fn dot_primary(&mut self) -> PResult<Expr> {
        let start = self.pos;
        if self.peek_at(1).is_ascii_digit() {
            return self.number();
        }
        let len = self.ident_len_at(self.pos + 1);
        if len > 0 {
            let (name, written) = self.symbol_name(start + 1, len);
            self.pos += 1 + len;
            return Ok(Expr::symbol(start as Pos, name, written));
        }
        match self.peek_at(1) {
            c @ (b'+' | b'-') => {
                let mut n = 0;
                let mut i = self.pos + 1;
                while i < self.end && self.bytes[i] == c {
                    n += 1;
                    i += 1;
                }
                self.pos = i;
                let v = if c == b'+' { n - 1 } else { -n };
                Ok(Expr::anon_symbol(start as Pos, v))
            }
            b'.' if self.peek_at(2) == b'.' => {
                self.pos += 3;
                Ok(Expr::fold(start as Pos))
            }
            _ => self.unexpected("an expression is"),
        }
    }

    /// `(...)`: grouping, or a tuple when empty or with a comma.
    fn paren(&mut self) -> PResult<Expr> {
        if self.nest == 0 {
            self.outer_group = true;
        }
        self.within(Self::group)
    }

    /// `f` inside one more bracket (see `nest`).
    fn within<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.nest += 1;
        let r = f(self);
        self.nest -= 1;
        if self.nest == 0 {
            self.outer_group = false;
        }
        r
    }

    /// A parenthesis: grouping, or a tuple.
    fn group(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == b')' {
            self.pos += 1;
            return Ok(Expr::seq(
                &mut self.arena,
                start as Pos,
                Seq::Tuple,
                Vec::new(),
            ));
        }
        let first = self.element()?;
        self.skip_ws();
        match self.peek() {
            b')' => {
                self.pos += 1;
                self.parens = true;
                Ok(Expr::paren(&mut self.arena, start as Pos, first))
            }
            b',' => {
                self.pos += 1;
                let mut items = vec![first];
                items.extend(self.items(b')')?);
                Ok(Expr::seq(&mut self.arena, start as Pos, Seq::Tuple, items))
            }
            _ => self.unclosed("')'"),
        }
    }

    /// Whether the bracket just closed has a trailing comma (`[x,]`).
    fn comma_before_close(&self) -> bool {
        let before = &self.bytes[..self.pos - 1];
        before
            .iter()
            .rev()
            .find(|&&b| !matches!(b, b' ' | b'\t'))
            .is_some_and(|&b| b == b',')
    }

    /// Elements up to the closing bracket (a trailing comma is allowed).
    fn items(&mut self, close: u8) -> PResult<Vec<Expr>> {
        let mut out = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == close {
                self.pos += 1;
                return Ok(out);
            }
            out.push(self.element()?);
            self.skip_ws();
            match self.peek() {
                b',' => self.pos += 1,
                c if c == close => {}
                _ => {
                    let what = if close == b')' { "')'" } else { "']'" };
                    return self.unclosed(what);
                }
            }
        }
    }

    fn dict(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.pos += 1;
        let mut pairs = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == b'}' {
                self.pos += 1;
                return Ok(Expr::dict(&mut self.arena, start as Pos, pairs));
            }
            // A key, unless the entry is `:default`.
            let key = if self.peek() == b':' {
                None
            } else {
                Some(self.element_core()?)
            };
            self.skip_ws();
            match key {
                Some(k) if self.peek() != b':' => {
                    // `*d`: the entries of another dictionary (or of a
                    // list), kept as a value without a key; any other key
                    // stands alone (64tass's `{1, 2:3}`).
                    let entry = if k.is_splat() {
                        (None, Some(k))
                    } else {
                        (Some(k), None)
                    };
                    pairs.push(entry);
                }
                _ => {
                    self.pos += 1;
                    let value = self.element_core()?;
                    pairs.push((key, Some(value)));
                    self.skip_ws();
                }
            }
            match self.peek() {
                b',' => self.pos += 1,
                b'}' => {}
                _ => return self.unexpected("'}'"),
            }
        }
    }

    // ------------------------------------------------------------- postfix

    /// Calls, indexing and member access after an operand.
    fn postfix(&mut self, mut e: Expr) -> PResult<Expr> {
        loop {
            self.skip_ws();
            let pos = self.pos as Pos;
            match self.peek() {
                b'(' => {
                    self.pos += 1;
                    let args = self.within(|p| p.items(b')'))?;
                    e = Expr::call(&mut self.arena, pos, e, args);
                }
                b'[' => {
                    self.pos += 1;
                    let args = self.within(Self::index_args)?;
                    e = Expr::index(&mut self.arena, pos, e, args);
                }
                b'.' if self.peek_at(1) != b'.' && self.peek_at(1) != b'=' => {
                    self.pos += 1;
                    // Blanks may follow the dot as they may follow any
                    // operator (`jsr txt. print`).
                    self.skip_ws();
                    let mut member = self.member()?;
                    self.skip_ws();
                    if let Some((BinOp::Exp, len)) = self.binop() {
                        // 64tass reads `a.b ** 2` as `a.(b ** 2)`, which is an error.
                        let at = self.pos as Pos;
                        self.pos += len;
                        self.skip_ws();
                        let rhs = self.expr(15)?;
                        member = Expr::binary(&mut self.arena, at, BinOp::Exp, member, rhs);
                    }
                    e = Expr::member(&mut self.arena, pos, e, member);
                }
                _ => return Ok(e),
            }
        }
    }

    /// The right side of `.`: a symbol, an anonymous symbol, or a list of them.
    fn member(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let len = self.ident_len_at(self.pos);
        if len > 0 {
            let (name, written) = self.symbol_name(start, len);
            self.pos += len;
            return Ok(Expr::symbol(start as Pos, name, written));
        }
        match self.peek() {
            c @ (b'+' | b'-') => {
                let mut n = 0;
                while self.peek() == c {
                    n += 1;
                    self.pos += 1;
                }
                let v = if c == b'+' { n - 1 } else { -n };
                Ok(Expr::anon_symbol(start as Pos, v))
            }
            open @ (b'(' | b'[') => {
                self.pos += 1;
                let close = if open == b'(' { b')' } else { b']' };
                let mut items = Vec::new();
                loop {
                    self.skip_ws();
                    if self.peek() == close {
                        self.pos += 1;
                        break;
                    }
                    items.push(self.member()?);
                    self.skip_ws();
                    match self.peek() {
                        b',' => self.pos += 1,
                        c if c == close => {}
                        _ => return self.unexpected("a symbol is"),
                    }
                }
                let seq = if open == b'(' { Seq::Tuple } else { Seq::List };
                Ok(Expr::seq(&mut self.arena, start as Pos, seq, items))
            }
            // 64tass reads an expression after `.` (`abc.` at the end of
            // the line: "an expression is expected").
            _ => self.unexpected("an expression is"),
        }
    }

    /// Index arguments: values or slices (`a:b:c`), comma-separated per axis.
    fn index_args(&mut self) -> PResult<Vec<Expr>> {
        let mut out = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == b']' {
                self.pos += 1;
                return Ok(out);
            }
            let start = self.pos;
            let mut parts = Vec::new();
            loop {
                self.skip_ws();
                if matches!(self.peek(), b':' | b',' | b']') {
                    parts.push(Expr::default(self.pos as Pos));
                } else {
                    parts.push(self.element_core()?);
                }
                self.skip_ws();
                if self.peek() == b':' {
                    self.pos += 1;
                    continue;
                }
                break;
            }
            let item = if parts.len() == 1 {
                parts.pop().unwrap_or(Expr::default(start as Pos))
            } else if parts.len() <= 3 {
                Expr::seq(&mut self.arena, start as Pos, Seq::Slice, parts)
            } else {
                return error(start, "too many ':' in slice");
            };
            out.push(item);
            self.skip_ws();
            match self.peek() {
                b',' => self.pos += 1,
                b']' => {}
                _ => return self.unclosed("']'"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::compiled::ExprKind;

    /// [`Parser::name_len_at`], the usual name read inline, gives
    /// [`Parser::ident_len_at`]'s length at every place of texts with
    /// non-ASCII letters, digits and separators, and at every line end.
    #[test]
    fn names_read_inline_have_the_general_length() {
        let texts = [
            "tab0,x",
            "_loop ; c",
            "9abc",
            "a9_Z+1",
            "x",
            "äbc",
            "abcä_d(1)",
            "ab\u{e9}\u{301}c ",
            "__x",
            "a\tb",
            "",
        ];
        let mut names = Interner::default();
        for unicode in [false, true] {
            let d = Dialect {
                case_sensitive: false,
                unicode,
                tasm: false,
            };
            for text in texts {
                // Lines end, and names are read, at characters' starts.
                let starts = || (0..=text.len() + 1).filter(|&i| text.get(i..).is_some());
                for end in starts() {
                    let p = Parser::new(text, 0, end, &mut names, d);
                    for at in starts().chain([text.len() + 1]) {
                        assert_eq!(p.name_len_at(at), p.ident_len_at(at), "{text:?} {end} {at}");
                    }
                    // The lengths themselves: a name of four bytes, none
                    // from a digit.
                    if text == "a9_Z+1" && end == text.len() {
                        assert_eq!((p.name_len_at(0), p.name_len_at(1)), (4, 0));
                    }
                }
            }
        }
    }

    /// A short name's one-word case check (`capital_or_high` of
    /// `short_word`) says what a byte-by-byte look says, for every byte at
    /// every place of names of 1 to 8 bytes; and names fold and intern
    /// alike whichever way they are read, up to and past 8 bytes.
    #[test]
    fn short_names_are_case_checked_and_interned_as_their_bytes() {
        for len in 1..=8 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut name = vec![b'a'; len];
                    name[at] = b;
                    let bytewise = name.iter().any(|&c| c.is_ascii_uppercase() || c >= 0x80);
                    let word = short_word(&name).expect("a short name");
                    assert_eq!(capital_or_high(word), bytewise, "{name:?}");
                }
            }
        }
        let mut names = Interner::default();
        let folding = Dialect {
            case_sensitive: false,
            unicode: true,
            tasm: false,
        };
        let exact = Dialect {
            case_sensitive: true,
            ..folding
        };
        let letters = "abcdefghijkl_0123";
        for len in 1..=letters.len() {
            let lower = &letters[..len];
            let first = intern_name(&mut names, lower, folding);
            assert_eq!(names.name(first), lower);
            assert_eq!(names.intern(lower), first);
            assert_eq!(intern_name(&mut names, lower, exact), first);
            for at in 0..len {
                let upper: String = lower
                    .char_indices()
                    .map(|(i, c)| if i == at { c.to_ascii_uppercase() } else { c })
                    .collect();
                assert_eq!(intern_name(&mut names, &upper, folding), first, "{upper}");
                if upper != lower {
                    let own = intern_name(&mut names, &upper, exact);
                    assert_ne!(own, first, "{upper}");
                    assert_eq!(names.name(own), upper);
                }
            }
        }
    }

    fn show(e: &Expr, names: &Interner) -> String {
        match e.kind() {
            ExprKind::Int(v) => v.to_string(),
            ExprKind::Bits(b) => format!("${:x}", b.bits().val),
            ExprKind::Float(f) => format!("{f}f"),
            ExprKind::Str(s) => format!("{s:?}"),
            ExprKind::Ident(n) => names.name(n).to_string(),
            ExprKind::Symbol(_, w) => format!(".{}", names.name(w)),
            ExprKind::Anon(n) => format!("anon{n}"),
            ExprKind::Star => "*".into(),
            ExprKind::Gap => "?".into(),
            ExprKind::Unary(op, a) => format!("{}({})", op.symbol(), show(a, names)),
            ExprKind::Binary(op, ab) => {
                format!(
                    "({} {} {})",
                    show(&ab[0], names),
                    op.symbol(),
                    show(&ab[1], names)
                )
            }
            ExprKind::Cond(p) => format!(
                "({} ? {} : {})",
                show(&p[0], names),
                show(&p[1], names),
                show(&p[2], names)
            ),
            ExprKind::Paren(a) => format!("[{}]", show(a, names)),
            ExprKind::Addr(op, a) => format!("{op:?}({})", show(a, names)),
            ExprKind::Member(ab) => format!("{}{}", show(&ab[0], names), show(&ab[1], names)),
            ExprKind::Call(f, args) => format!(
                "{}({})",
                show(f, names),
                args.iter()
                    .map(|a| show(a, names))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            ExprKind::Default => "_".into(),
            ExprKind::Slice(parts) => format!("{{{}}}", shown_joined(parts, ":", names)),
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                format!("<{}>", shown_joined(items, ",", names))
            }
            other => format!("{other:?}"),
        }
    }

    fn shown_joined(items: &[Expr], sep: &str, names: &Interner) -> String {
        let shown: Vec<String> = items.iter().map(|a| show(a, names)).collect();
        shown.join(sep)
    }

    fn parse(src: &str) -> String {
        parse_by(src, false)
    }

    /// A parse shown, by the general path alone or the usual one.
    fn parse_by(src: &str, general: bool) -> String {
        let mut names = Interner::default();
        let d = Dialect {
            case_sensitive: false,
            unicode: true,
            tasm: false,
        };
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        p.general_only = general;
        match p.list() {
            Ok(v) => v
                .iter()
                .map(|e| show(e, &names))
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error@{}: {}", e.pos, e.msg),
        }
    }

    fn operands(src: &str) -> String {
        let mut names = Interner::default();
        let d = Dialect {
            case_sensitive: false,
            unicode: true,
            tasm: false,
        };
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        match p.operands() {
            Ok(v) => v
                .iter()
                .map(|e| show(e, &names))
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error@{}: {}", e.pos, e.msg),
        }
    }

    /// Everything a parse leaves: the nodes with their positions and
    /// heights, where it stopped, the deprecations and the names interned.
    fn parse_dump(src: &str, operand: bool, d: Dialect, general: bool) -> String {
        fn dump(e: &Expr, out: &mut String) {
            out.push_str(&format!("{}@{}h{}", e.start(), e.text_start(), e.height()));
        }
        let mut names = Interner::default();
        let mut chunk = Vec::with_capacity(64);
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        p.general_only = general;
        // SAFETY: the parsed list is dropped before the chunk.
        p.set_arena(unsafe { Arena::new(&mut chunk) });
        let list = if operand { p.operands() } else { p.list() };
        let mut out = format!("{list:?} end {} dep {:?}", p.pos, p.notes);
        drop(p);
        if let Ok(v) = &list {
            v.iter().for_each(|e| dump(e, &mut out));
        }
        drop(list);
        out.push_str(&format!(" runs {}", chunk.len()));
        for i in 0..names.len() {
            out.push_str(&format!(" {}", names.name(i as Name)));
        }
        out
    }

    /// [`Parser::lone_value`]'s shapes and their near misses parse exactly
    /// as the general path parses them, as lists and as operands, in every
    /// dialect.
    #[test]
    fn lone_values_parse_as_the_general_path() {
        let sources = [
            "0",
            "$ff",
            "12, 34",
            "$00, $1d, $3a",
            "007",
            "#007",
            "#$10",
            "#10",
            "#a",
            "#<table",
            "#>table",
            "#< table",
            "#<>table",
            "#>`table",
            "#><t",
            "<a, >b",
            ">a,x",
            "<a,x",
            "a,x",
            "a,X",
            "a, x",
            "a ,x",
            "a,x ; c",
            "a,x;c",
            "a,xy",
            "a,x+1",
            "a+1,x",
            "a,x,y",
            "#a,x",
            "#<a,y",
            "a,q",
            "a,b\"c\"",
            "b\"c\"",
            "#b\"c\"",
            "__a",
            "#__a",
            "a.b,x",
            "a(1),x",
            "a[1]",
            "#a+1",
            "#a ?1:2",
            "a,x ? 1 : 2",
            "lda",
            "a,1",
            "a, 1",
            "a,$2",
            "#1,2",
            "1.5",
            "#1.5e2",
            "$1_0",
            "#1_",
            "1..2",
            "#99999999999999999999",
            "#$",
            "#'a'",
            "#\"ab, c\"",
            "x",
            "#x",
            "a x 3",
            "#a in b",
            "#a=1",
            "#a==1",
            "a,x=1",
            "\u{e9}t\u{e9},x",
            "a\u{e9},x",
            "a,x\u{e9}",
            "#<\u{e9}",
            "<1,x",
            "#-1",
            "#+a",
            "-a,x",
            "+",
            "a,s",
            "a,r",
            "a,z",
            "a,d,k",
            "(a),y",
            "(a,x)",
            "a ,x , y",
            "#\t1",
            "#1\t",
            "a\t,x",
            "a,\tx",
            "a,x\t",
            "$10,x ;",
            "#>a ;",
            "a,x,",
            "a,,x",
            "a,",
            "1,x",
            "$10 ;c",
            "12345678901234567890, 1",
            "$123456789, 2",
            "1_0, 2",
            "1.5, 2",
            "1e3, 2",
            "$1e, 2",
            "1 , 2",
            "1 ,x",
            "0, 00",
            "$0,$",
            "9 9",
            "1,\t2",
            "$ff\t; c",
            "1)",
            "1;",
            "\t 7",
            // Values the general path goes on from (`Lone::Head`).
            "$0400+0,x",
            "#0 ^ $55",
            "#0 >> 2, 1",
            "a + 1, b",
            "<a+1",
            ">a * 2,y",
            "#<a+1,x",
            "#>a.b",
            "<a(1)",
            "#a[1] ? 2 : 3,x",
            "1 ? 2 : 3",
            "007+1",
            "#007 * 2",
            "a+",
            "a+)",
            "1 2",
            "a ** 2 ** 3",
            "#a ?? 1 : 2",
            "a .. b",
            "a \"b\"",
            "a x 2, 3",
            "$12 , x",
            "a+1 ; c",
            "0 % 3 == 0",
            "blk + 0, 0 * 256 + 0",
            // Operands read without `prefix` (`Parser::plain_primary`).
            "(1 + a) * 2",
            "1+b(1)",
            "1+a.b",
            "1+a [2]",
            "1+a .. b",
            "2*_x",
            "1+__a",
            "1+_",
            "1+b\"c\"",
            "1 + $1_0",
            "1+007",
            "1+$",
            "a+ b . c",
            "1+ (2)",
            "-a+1",
            "!a || b",
            "(a,x)",
            "f(a, 1+b)",
            "[1, a*2]",
            "1 ? a+1 : b-1",
            "a x 2 + 1",
            "1+\u{e9}t\u{e9}",
            "1+X",
            // Numbers made inline (`Parser::plain_number_node`), a leading
            // zero's note included.
            "0, 00, 09, $00, #0",
            "#00+1",
            "$00ff+0",
            "0+00",
            "<01 * $0f",
            "1+0.5",
            // Bracketed values (`Parser::paren_value`) and near misses.
            "(zp),y",
            "(zp),x",
            "(zp), y",
            "(zp) ,y",
            "(zp),y ; c",
            "(zp),y;c",
            "(zp),y, 1",
            "(zp),y,z",
            "(zp),yy",
            "(zp),y+1",
            "(zp)",
            "(zp), 1",
            "(zp),1",
            "(zp) ; c",
            "($12),y",
            "($12)",
            "(012),y",
            "(00)",
            "(1.5),y",
            "(zp ),y",
            "( zp),y",
            "(zp)+1,y",
            "(zp).b",
            "(zp)(1)",
            "(zp)[1]",
            "(zp) ? 1 : 2",
            "(zp) x 2",
            "(zp):1",
            "(zp) := 1",
            "(zp,x)",
            "(b\"c\"),y",
            "(__a),y",
            "(_),y",
            "(\u{e9}t\u{e9}),y",
            "(X),Y",
            "((zp)),y",
            "[(zp),y]",
            "f((zp),y)",
            "#(zp)",
            "1, (zp),y",
            "(zp),y, (a)",
            "(3 + 1) & $ff",
            "(3+1)&$ff, 2",
            "#((3 * 3) + 1) & $ff",
            "#(a * 2)",
            "#(a * 2),x",
            "#(a*2) ; c",
            "( a - b )",
            "(a - -1)",
            "(a -)",
            "(a + b + c)",
            "(a + b) * c, d",
            "(a ** b)",
            "(a *= b)",
            "(a && b)",
            "(a &= b)",
            "(a || b)",
            "(a ^^ b)",
            "(a ^ b),y",
            "(a | b),x",
            "(a & b)",
            "(a << 2)",
            "(a >> 2)",
            "(a <<= 2)",
            "(a >>= 2)",
            "(a < 2)",
            "(a // 2)",
            "(a / 2)",
            "(a .. b)",
            "(a x 2)",
            "(1 + 007)",
            "(007 + 1)",
            "(1 + 0.5)",
            "(1 + a.b)",
            "(1 + a(2))",
            "(a.b + 1)",
            "(1 + b\"c\")",
            "(1 + __a)",
            "(a+1)?2:3",
            "(a+1):2",
            "(a+1) := 2",
            "<(a + 1)",
            "#<(a + 1)",
            "-(a + 1)",
            "(a + 1)[0]",
            "(a + 1).b",
            "(a + 1)(0)",
            "((a + 1), x)",
            "[(a + 1), b]",
            "(a + 1",
            "(a +",
            "(",
            "#(",
            "#(1+2)+(3*4)",
            "#+(1)",
            // Short operator chains after a lone value or a bracket (the
            // general path goes on from `Lone::Head`), near misses.
            "#<(tab0 + 3 * 2)",
            "#>(tab0 + 3 * 2)",
            "<(a + b * c), 1",
            ">(a * b + c),x",
            "#<(a + 1) + 2",
            "#<a + 2 * 3",
            "<a | 1",
            "<a == 1",
            "#((0 * 3) + 1) & $ff",
            "((0 * 3) + 1) & $ff, 2",
            "(0 + 1) & $ff",
            "( ( a ) ),y",
            "((a)),y",
            "(((((a))))),y",
            "((((((a)))))),y",
            "#0 ^ $55",
            "#%10101010 | 0",
            "#%1010",
            "#%102",
            "#%2",
            "#%.1",
            "#% 1",
            "%1010 % 3",
            "#0 >> 2",
            "0 % 3 == 0",
            "0 %3 == 0",
            "a %= 3",
            "a / b / c",
            "a // b",
            "a /= b",
            "a == b",
            "a === b",
            "a != b",
            "a !== b",
            "a = b",
            "a == = b",
            "a != !b",
            "a + b - c * d / e % f & g | h ^ i << j >> k",
            "a | b ^ c & d << e + f * g",
            "a * b + c * d, e",
            "a * (b + c) * d",
            "a - (b - (c - (d - (e - f))))",
            "a + b + c + d + e + f + g + h + i",
            "(a + b + c + d + e + f + g + h)",
            "$0400+1,x",
            "$0400 + 1 ,x",
            "$0400+1, x",
            "$0400+1,x+1",
            "a+1,q",
            "tab0 + 1",
            "37 * 256 + 1",
            "a + b ? 1 : 2",
            "a + b:1",
            "a + b := 1",
            "a + (b, c)",
            "a + ()",
            "a + (b",
            "a + b)",
            "(a + b))",
            "a + (b),y",
            "a + -1",
            "a + <b",
            "a + f(1)",
            "a + b.c",
            "a + b[1]",
            "a + 1.5",
            "a + 007",
            "007 + a",
            "a + __b",
            "a + b\"c\"",
            "a x 2 + 1",
            "a + b x 2",
            "a + b in c",
            "a ** b + 1",
            "a + b ** 2",
            "a && b + 1",
            "a + b < c",
            "a + b <> c",
            "a + b <= c",
            "a + b ; c",
            "a + b;c",
            "*a + 1",
            "a + *b",
            "a + *",
        ];
        for src in sources {
            for operand in [false, true] {
                for (case_sensitive, unicode) in [(false, false), (true, true), (false, true)] {
                    let d = Dialect {
                        case_sensitive,
                        unicode,
                        tasm: false,
                    };
                    assert_eq!(
                        parse_dump(src, operand, d, false),
                        parse_dump(src, operand, d, true),
                        "{src:?} operand {operand} {d:?}"
                    );
                }
            }
        }
    }

    /// `src` parsed as a list, its runs in a chunk of room for `room` nodes
    /// (the rest boxed), read back through the compiled form.
    fn parse_in_chunk(src: &str, room: usize) -> String {
        let mut names = Interner::default();
        let d = Dialect {
            case_sensitive: false,
            unicode: true,
            tasm: false,
        };
        let mut chunk = Vec::with_capacity(room);
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        // SAFETY: the parsed list is dropped before the chunk.
        p.set_arena(unsafe { Arena::new(&mut chunk) });
        let list = p.list();
        drop(p);
        let shown = match &list {
            Ok(v) => v
                .iter()
                .map(|e| show(e, &names))
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error@{}: {}", e.pos, e.msg),
        };
        drop(list);
        shown
    }

    /// Random expressions written with every operator grouped, and how
    /// [`show`] prints their compiled form.
    fn written_and_shown() -> impl proptest::strategy::Strategy<Value = (String, String)> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            (0u32..100_000).prop_map(|n| (n.to_string(), n.to_string())),
            "[a-w][a-z0-9_]{1,6}"
                .prop_filter("not an operator word", |n| n != "in")
                .prop_map(|n| (n.clone(), n)),
        ];
        leaf.prop_recursive(6, 48, 3, |inner| {
            let ops = prop::sample::select(vec![
                "+", "-", "*", "/", "&", "|", "^", "<<", ">>", "==", "!=", "<=", ">=", "..", "**",
                "&&", "||",
            ]);
            let unops = prop::sample::select(vec!["-", "!", "~", "<", ">", "`"]);
            prop_oneof![
                (inner.clone(), ops, inner.clone()).prop_map(|((a, sa), op, (b, sb))| (
                    format!("({a} {op} {b})"),
                    format!("[({sa} {op} {sb})]")
                )),
                (unops, inner.clone())
                    .prop_map(|(op, (a, sa))| (format!("({op}({a}))"), format!("[{op}([{sa}])]"))),
                (inner.clone(), inner.clone(), inner.clone()).prop_map(
                    |((c, sc), (a, sa), (b, sb))| (
                        format!("({c} ? {a} : {b})"),
                        format!("[({sc} ? {sa} : {sb})]")
                    )
                ),
                prop::collection::vec(inner.clone(), 0..4).prop_map(|items| {
                    let (w, s): (Vec<_>, Vec<_>) = items.into_iter().unzip();
                    (
                        format!("len({})", w.join(", ")),
                        format!("len({})", s.join(",")),
                    )
                }),
                prop::collection::vec(inner, 0..4).prop_map(|items| {
                    let (w, s): (Vec<_>, Vec<_>) = items.into_iter().unzip();
                    (format!("[{}]", w.join(", ")), format!("<{}>", s.join(",")))
                }),
            ]
        })
    }

    /// Random short chains (the operators, near misses among them,
    /// operands, brackets, prefixes and what may follow an element): the
    /// lone paths' shapes (`Parser::lone_value`, `Parser::paren_value`,
    /// `Parser::plain_primary`) and what they must leave to the general
    /// path.
    fn chain_texts() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let leaf = prop::sample::select(vec![
            "a", "zp", "x", "y", "0", "1", "$ff", "007", "%101", "1.5", "__a", "b\"c\"", "in",
            "-1", "<a", "*", "f(1)", "a.b",
        ])
        .prop_map(str::to_string);
        let ops = prop::sample::select(vec![
            "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "==", "!=", " + ", " * ", "**",
            "//", "&&", "||", "<", ">", "=", "===", "x", " in ", ":", "?", ",", ",x", ", y",
        ]);
        let chain = leaf.prop_recursive(4, 24, 4, move |inner| {
            prop_oneof![
                (inner.clone(), ops.clone(), inner.clone())
                    .prop_map(|(a, op, b)| format!("{a}{op}{b}")),
                inner.clone().prop_map(|a| format!("({a})")),
                inner.prop_map(|a| format!("( {a} )")),
            ]
        });
        let head = prop::sample::select(vec!["", "#", "<", ">", "#<", "#>", "#(", "("]);
        let tail = prop::sample::select(vec![
            "", ",x", ",y", ", x", " ; c", ", 1", ",1", ")", ")),y", ") & $ff", " ? 1 : 2",
        ]);
        (head, chain, tail).prop_map(|(h, c, t)| format!("{h}{c}{t}"))
    }

    proptest::proptest! {
        /// Short chains parse to the general path's nodes, positions,
        /// notes and names, as lists and as operands, through the lone
        /// paths.
        #[test]
        fn short_chains_parse_as_the_general_path(src in chain_texts(), operand: bool) {
            let d = Dialect { case_sensitive: false, unicode: true, tasm: false };
            proptest::prop_assert_eq!(
                parse_dump(&src, operand, d, false),
                parse_dump(&src, operand, d, true),
                "{:?}", src
            );
        }

        /// Every operator, literal and name reads back from the compiled
        /// nodes as written, whether its runs are in a chunk or boxed.
        #[test]
        fn compiled_nodes_read_back_as_written(
            (written, shown) in written_and_shown(),
            room in 0usize..64,
        ) {
            proptest::prop_assert_eq!(&parse(&written), &shown);
            proptest::prop_assert_eq!(&parse_in_chunk(&written, room), &shown);
            let two = format!("{written}, {written}");
            proptest::prop_assert_eq!(parse_in_chunk(&two, room), format!("{shown} | {shown}"));
        }
    }

    /// A chain of binary operators may be as tall as a node's 16-bit height
    /// holds, then it is an error at the operator that goes beyond.
    #[test]
    fn operator_chains_are_bounded_by_the_nodes_height() {
        let outcome = |terms: usize| {
            let src = format!("0{}", "+1".repeat(terms));
            let mut names = Interner::default();
            let d = Dialect {
                case_sensitive: true,
                unicode: false,
                tasm: false,
            };
            // In a chunk: dropping the tree then needs no recursion.
            let mut chunk = Vec::with_capacity(2 * terms + 2);
            let mut p = Parser::new(&src, 0, src.len(), &mut names, d);
            // SAFETY: the parsed list is dropped before the chunk.
            p.set_arena(unsafe { Arena::new(&mut chunk) });
            let r = p.list().map(|v| v[0].height()).map_err(|e| (e.pos, e.msg));
            drop(p);
            r
        };
        let most = MAX_HEIGHT as usize - 1;
        assert_eq!(outcome(most), Ok(MAX_HEIGHT));
        assert_eq!(
            outcome(most + 1),
            Err((
                (1 + 2 * most) as u32,
                format!("expression too complex (more than {MAX_HEIGHT} operators in a chain)")
            ))
        );
    }

    #[test]
    fn priorities_follow_64tass() {
        assert_eq!(parse("-2**2"), "-((2 ** 2))");
        assert_eq!(parse("2**3**2"), "(2 ** (3 ** 2))");
        assert_eq!(parse("10-2-3"), "((10 - 2) - 3)");
        assert_eq!(parse("1|2^3&4"), "(1 | (2 ^ (3 & 4)))");
        assert_eq!(parse("<a+1"), "<((a + 1))");
        assert_eq!(parse("<a ? 1 : 2"), "(<(a) ? 1 : 2)");
        assert_eq!(parse("1 ? 2 : 0 ? 3 : 4"), "(1 ? 2 : (0 ? 3 : 4))");
        assert_eq!(parse("-a .. b"), "-((a .. b))");
        assert_eq!(parse("!1+1"), "(!(1) + 1)");
    }

    /// Every binary operator as 64tass's manual ranks them ("Operators"),
    /// with its priority: `(text, priority)`. Written here apart from
    /// [`BinOp::prio`], so the parse is checked against the table.
    const RANKED: [(&str, u8); 29] = [
        ("||", 5),
        ("^^", 6),
        ("&&", 7),
        ("<=>", 8),
        ("==", 8),
        ("!=", 8),
        ("<", 8),
        (">", 8),
        ("<=", 8),
        (">=", 8),
        ("===", 8),
        ("!==", 8),
        ("in", 8),
        ("!in", 8),
        ("<?", 9),
        (">?", 9),
        ("|", 10),
        ("^", 11),
        ("&", 12),
        ("<<", 13),
        (">>", 13),
        ("+", 14),
        ("-", 14),
        ("*", 15),
        ("/", 15),
        ("%", 15),
        ("**", 16),
        ("..", 19),
        ("x", 20),
    ];

    /// How an operator is shown (`!in` may be shown otherwise than written).
    fn shown_op(text: &str) -> String {
        let one = parse(&format!("a {text} b"));
        one["(a ".len()..one.len() - " b)".len()].to_string()
    }

    /// Whether the binary operator `text` of priority `prio` takes the
    /// operand before it from a level of limit `limit` (`**` always does).
    fn takes_operand(text: &str, prio: u8, limit: u8) -> bool {
        text == "**" || prio > limit
    }

    fn parses_by_both_paths_as(src: &str, expected: &str) {
        for general in [false, true] {
            assert_eq!(parse_by(src, general), expected, "{src} general {general}");
        }
    }

    /// `a op1 b op2 c` for every pair of binary operators: `op2` takes `b`
    /// when it ranks above `op1` (`**` always does, and `**` itself is
    /// right-associative: its right operand is read above `* / %`);
    /// otherwise the left operator takes it (left-associative). The exact
    /// tree, by both paths.
    #[test]
    fn every_operator_pair_nests_by_its_priority() {
        for (t1, p1) in RANKED {
            for (t2, p2) in RANKED {
                let (s1, s2) = (shown_op(t1), shown_op(t2));
                let right_limit = if t1 == "**" { 15 } else { p1 };
                let expected = if takes_operand(t2, p2, right_limit) {
                    format!("(a {s1} (b {s2} c))")
                } else {
                    format!("((a {s1} b) {s2} c)")
                };
                parses_by_both_paths_as(&format!("a {t1} b {t2} c"), &expected);
                // Three levels: the pending operators unwind in order.
                let src = format!("a {t1} b {t2} c {t1} d");
                let tree = parse_by(&src, true);
                assert_eq!(parse_by(&src, false), tree, "{src}");
                assert!(!tree.starts_with("error"), "{src}: {tree}");
            }
        }
    }

    /// A prefix operator's operand takes the binary operators ranked above
    /// the prefix: the sign, `!` and `~` (17) only `**`, `..` and `x`; the
    /// byte and string operators (4) all of them.
    #[test]
    fn prefix_operators_take_what_ranks_above_them() {
        let prefixes = [
            ("-", 17),
            ("+", 17),
            ("!", 17),
            ("~", 17),
            ("<", 4),
            (">", 4),
            ("<>", 4),
            (">`", 4),
            ("><", 4),
            ("`", 4),
            ("^", 4),
        ];
        for (pre, pp) in prefixes {
            let shown = parse(&format!("{pre}a"));
            let sym = &shown[..shown.len() - "(a)".len()];
            for (t, p) in RANKED {
                let s = shown_op(t);
                let expected = if takes_operand(t, p, pp) {
                    format!("{sym}((a {s} b))")
                } else {
                    format!("({sym}(a) {s} b)")
                };
                parses_by_both_paths_as(&format!("{pre}a {t} b"), &expected);
            }
        }
    }

    /// `?:` is below every binary operator, on both sides of its branches.
    #[test]
    fn the_conditional_is_below_every_operator() {
        for (t, _) in RANKED {
            let s = shown_op(t);
            let src = format!("a {t} b ? c {t} d : e {t} f");
            parses_by_both_paths_as(&src, &format!("((a {s} b) ? (c {s} d) : (e {s} f))"));
        }
    }

    /// 64tass's `:` (priority 2) makes a colon list of any length: looser
    /// than `?:` (3) and every binary operator, tighter than `,` (1); an
    /// element may be left out (`_`) at either end or between two colons.
    /// The exact tree, by both paths.
    #[test]
    fn colon_lists_rank_between_the_comma_and_the_conditional() {
        for (src, tree) in [
            ("1:2", "{1:2}"),
            ("1:2:3", "{1:2:3}"),
            (":4", "{_:4}"),
            ("1:", "{1:_}"),
            ("1::2", "{1:_:2}"),
            (":", "{_:_}"),
            ("a ? b : c : d", "{(a ? b : c):d}"),
            ("a ? b : c ? d : e : f", "{(a ? b : (c ? d : e)):f}"),
            ("a : b ? c : d", "{a:(b ? c : d)}"),
            ("a || b : c || d", "{(a || b):(c || d)}"),
            ("a .. b : c .. d", "{(a .. b):(c .. d)}"),
            ("a : b, c : d", "{a:b} | {c:d}"),
            ("a:, :b", "{a:_} | {_:b}"),
            ("(1:2)", "[{1:2}]"),
            ("(1:2, :3)", "<{1:2},{_:3}>"),
            ("[1:2, :]", "<{1:2},{_:_}>"),
            ("f(1:2)", "f({1:2})"),
            ("#1:2", "{Imm(1):2}"),
            ("a:b,x", "{a:Index(X)(b)}"),
        ] {
            parses_by_both_paths_as(src, tree);
        }
        // A dictionary's entries and a slice's parts are read as before.
        for src in [
            "x[1:2]",
            "x[::2]",
            "x[1:], y[:2, 3]",
            "{1:2, :3}",
            "c ? {1:2} : x[1:2]",
        ] {
            assert!(!parse(src).starts_with("error"), "{src}: {}", parse(src));
        }
    }

    /// The assignment operators (priority 2, as `:`) in an expression:
    /// looser than `:` before them (`1:2 += 3` is `(1:2) += 3`) while a
    /// colon list after one is its right side; left to right among
    /// themselves; looser than `?:` and `||`; tighter than `,`.
    #[test]
    fn assignment_operators_rank_with_the_colon() {
        for op in [
            "+=", "-=", "*=", "/=", "%=", "**=", "|=", "^=", "&=", "<<=", ">>=", "..=", "<?=",
            ">?=", "x=", ".=", "||=", "&&=", ":=", "::=", ":?=",
        ] {
            parses_by_both_paths_as(&format!("a {op} b"), &format!("(a {op} b)"));
            // (`ax=b` is the name `ax` and `=`, in 64tass too.)
            if op != "x=" {
                parses_by_both_paths_as(&format!("a{op}b"), &format!("(a {op} b)"));
            }
        }
        for (src, tree) in [
            ("a += b -= c", "((a += b) -= c)"),
            ("a : b += c", "({a:b} += c)"),
            ("a += b : c", "(a += {b:c})"),
            ("a += b : c -= d", "((a += {b:c}) -= d)"),
            ("a ? b : c += d", "((a ? b : c) += d)"),
            ("a || b += c || d", "((a || b) += (c || d))"),
            ("a .. b += c", "((a .. b) += c)"),
            ("a += b, c", "(a += b) | c"),
            ("1 x 2 x= 3", "((1 x 2) x= 3)"),
            ("(a += 1)", "[(a += 1)]"),
        ] {
            parses_by_both_paths_as(src, tree);
        }
    }

    /// Depths counted as one call per level: a right-associative chain
    /// deeper than the limit is an error at the operand beyond it, and the
    /// parse goes on at the same depth after an error inside a chain.
    #[test]
    fn a_chain_too_deep_is_an_error_at_its_operand() {
        let n = MAX_DEPTH as usize;
        let src = format!("2{}", "**2".repeat(n + 2));
        assert_eq!(
            parse_by(&src, false),
            format!(
                "error@{}: expression too complex (nested more than {MAX_DEPTH} deep)",
                3 * n
            )
        );
        let mut names = Interner::default();
        let d = Dialect {
            case_sensitive: false,
            unicode: false,
            tasm: false,
        };
        let text = "1+2*3**(4-)";
        let mut p = Parser::new(text, 0, text.len(), &mut names, d);
        assert!(p.list().is_err());
        assert_eq!(p.depth, 0);
    }

    #[test]
    fn anonymous_references_and_signs() {
        assert_eq!(parse("-"), "anon-1");
        assert_eq!(parse("--"), "anon-2");
        assert_eq!(parse("+ , ++"), "anon0 | anon1");
        assert_eq!(parse("-+1"), "-(+(1))");
        assert_eq!(parse("- +1"), "-(+(1))");
        assert_eq!(parse("+-"), "+(anon-1)");
        assert_eq!(parse("<-"), "<(anon-1)");
        assert_eq!(parse("(-)"), "[anon-1]");
    }

    #[test]
    fn star_and_splat() {
        assert_eq!(parse("*+2"), "(* + 2)");
        assert_eq!(parse("*"), "*");
        assert_eq!(parse("* - 1"), "(* - 1)");
        assert_eq!(parse("f(\"%d\", *lst)"), "f(\"%d\",*(lst))");
    }

    #[test]
    fn operands_tell_indirection_from_grouping() {
        assert_eq!(operands("(2+3)*4"), "((2 + 3) * 4)");
        assert_eq!(operands("((2+3)*4)"), "Ind(((2 + 3) * 4))");
        assert_eq!(operands("(2),y"), "Index(Y)(Ind(2))");
        assert_eq!(operands("(2,x)"), "Ind(Index(X)(2))");
        assert_eq!(operands("#(2)+1"), "Imm((2 + 1))");
        assert_eq!(operands("#((2))"), "Imm(Ind(2))");
        assert_eq!(operands("2,x+1"), "(Index(X)(2) + 1)");
        assert_eq!(operands("2, x"), "2 | x");
        assert_eq!(operands("(2, x)"), "Ind(Index(X)(2))");
        assert_eq!(operands("(2 , x )"), "Ind(Index(X)(2))");
        assert_eq!(operands("#len((2))"), "Imm(len(Ind(2)))");
        assert_eq!(operands("[1, (2)]"), "<1,Ind(2)>");
    }

    #[test]
    fn operands_read_one_element_brackets_as_long_indirect() {
        assert_eq!(operands("[2],y"), "Index(Y)(LongInd(2))");
        assert_eq!(operands("#len([0])"), "Imm(len(LongInd(0)))");
        assert_eq!(operands("#[1]+1"), "Imm((LongInd(1) + 1))");
        assert_eq!(operands("#[1,]"), "Imm(<1>)");
        assert_eq!(operands("#[1, 2]"), "Imm(<1,2>)");
        assert_eq!(parse("len([0])"), "len(<0>)");
    }

    #[test]
    fn a_members_exponent_belongs_to_the_member() {
        assert_eq!(parse("a.b ** 2"), "a(.b ** 2)");
        assert_eq!(parse("a.b * 2"), "(a.b * 2)");
    }

    #[test]
    fn conditional_branches_take_their_own_index() {
        assert_eq!(operands("1 ? 2 : 3,x"), "(1 ? 2 : Index(X)(3))");
        assert_eq!(operands("1 ? 2,x : 3"), "(1 ? Index(X)(2) : 3)");
        assert_eq!(operands("1 ? (2),y : 3"), "(1 ? Index(Y)(Ind(2)) : 3)");
        assert_eq!(operands("1 ? (2) : 3"), "(1 ? 2 : 3)");
        assert_eq!(operands("(1 ? 2 : 3,x)"), "Ind((1 ? 2 : Index(X)(3)))");
        assert_eq!(operands("2 || 3,x"), "Index(X)((2 || 3))");
    }

    #[test]
    fn words_x_and_in_are_operators() {
        assert_eq!(parse("[1,2] x 2"), "(<1,2> x 2)");
        assert_eq!(parse("2 in [1,2]"), "(2 in <1,2>)");
        assert_eq!(parse("a.b.c"), "a.b.c");
        assert!(parse("1 2").starts_with("error"));
    }
}
