//! Expressions: syntax tree, parser with 64tass precedence, and a byte cursor
//! shared with the statement parser.
//!
//! Precedence, loosest first (as 64tass 1.58 evaluates them):
//! `?:`; the byte prefixes `<` `>` `<>` `` ` `` (which apply to everything up to
//! `?`); `||`; `^^`; `&&`; comparisons; `|`; `^`; `&`; `<<` `>>`; `+` `-`;
//! `*` `/` `%`; unary `-` `+` `!` `~`; `**` (right-associative); primaries.

use crate::diag::Kind;
use crate::encoding;
use crate::intern::{Interner, Name};
use crate::source::{FileId, LSpan, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    Invert,
    Low,
    High,
    Word,
    Bank,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    LOr,
    LXor,
    LAnd,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Or,
    Xor,
    And,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
}

/// A reference to a named symbol; `local` for cheap locals (`_name`).
/// Packed into 12 bytes: one is kept for every symbol use in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymRef {
    pub name: Name,
    start: u32,
    len: u16,
    pub local: bool,
}

impl SymRef {
    pub fn new(name: Name, local: bool, span: LSpan) -> SymRef {
        SymRef {
            name,
            start: span.start,
            len: span.len,
            local,
        }
    }

    pub fn span(&self) -> LSpan {
        LSpan {
            start: self.start,
            len: self.len,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(i64),
    /// A string literal, already converted to PETSCII. Boxed twice so that
    /// `Expr` stays 16 bytes (a fat pointer would make it 24).
    #[allow(clippy::box_collection)]
    Str(Box<Vec<u8>>),
    /// `*`, the program counter.
    Pc,
    Sym(SymRef),
    /// `+`/`++`/`-`/`--`: the `count`-th nearest anonymous label forward/back.
    Anon {
        forward: bool,
        count: u8,
        start: u32,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<(Expr, Expr)>),
    Cond(Box<(Expr, Expr, Expr)>),
}

/// An expression with the source range it came from (for carets).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub expr: Expr,
    pub span: LSpan,
}

#[derive(Clone, Debug)]
pub struct ParseError {
    pub kind: Kind,
    pub span: Span,
    pub message: String,
}

pub type PResult<T> = Result<T, ParseError>;

/// Byte cursor over one line of source.
pub struct Cursor<'a> {
    pub s: &'a [u8],
    pub pos: usize,
    pub file: FileId,
    /// Offset of `s[0]` in the file.
    pub base: usize,
}

/// Character classes: bit 0 = may start an identifier, bit 1 = may continue one.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'_' {
            t[c] = 3;
        } else if b.is_ascii_digit() {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

#[inline]
pub fn is_ident_start(c: u8) -> bool {
    CLASS[c as usize] & 1 != 0
}

#[inline]
pub fn is_ident_char(c: u8) -> bool {
    CLASS[c as usize] & 2 != 0
}

impl<'a> Cursor<'a> {
    pub fn new(s: &'a [u8], file: FileId, base: usize) -> Cursor<'a> {
        Cursor {
            s,
            pos: 0,
            file,
            base,
        }
    }

    #[inline]
    pub fn peek(&self) -> u8 {
        self.s.get(self.pos).copied().unwrap_or(0)
    }

    #[inline]
    pub fn peek_at(&self, n: usize) -> u8 {
        self.s.get(self.pos + n).copied().unwrap_or(0)
    }

    #[inline]
    pub fn skip_ws(&mut self) {
        while let Some(&c) = self.s.get(self.pos) {
            if c == b' ' || c == b'\t' || c == b'\r' {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start, self.base + end)
    }

    pub fn lspan(&self, start: usize, end: usize) -> LSpan {
        LSpan::new(self.base + start, self.base + end)
    }

    /// Span of the current character (or an empty span at the end).
    pub fn here(&self) -> Span {
        let end = if self.pos < self.s.len() {
            // The whole character, so that a caret never splits a UTF-8 sequence.
            let mut e = self.pos + 1;
            while e < self.s.len() && self.s[e] & 0xc0 == 0x80 {
                e += 1;
            }
            e
        } else {
            self.pos
        };
        self.span(self.pos, end)
    }

    pub fn err<T>(&self, kind: Kind, span: Span, message: impl Into<String>) -> PResult<T> {
        Err(ParseError {
            kind,
            span,
            message: message.into(),
        })
    }

    pub fn ident(&mut self) -> Option<&'a str> {
        let bytes = self.ident_bytes()?;
        // Identifier characters are ASCII, so this cannot fail.
        std::str::from_utf8(bytes).ok()
    }

    #[inline]
    pub fn ident_bytes(&mut self) -> Option<&'a [u8]> {
        if !is_ident_start(self.peek()) {
            return None;
        }
        let start = self.pos;
        while is_ident_char(self.peek()) {
            self.pos += 1;
        }
        Some(&self.s[start..self.pos])
    }

    pub fn eat(&mut self, c: u8) -> bool {
        if self.peek() == c {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// True if `word` (case-insensitive) is next and is not followed by an identifier character.
    pub fn at_word_ci(&self, word: &[u8]) -> bool {
        let end = self.pos + word.len();
        end <= self.s.len()
            && self.s[self.pos..end].eq_ignore_ascii_case(word)
            && !is_ident_char(self.s.get(end).copied().unwrap_or(0))
    }

    /// The rest of the statement after skipping blanks is empty?
    pub fn rest_is_empty(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.s.len() || self.s[self.pos] == b';'
    }
}

/// Characters that end an operand, for recognising anonymous label references.
fn is_terminator(c: u8) -> bool {
    matches!(c, 0 | b',' | b')' | b';' | b']' | b'\n')
}

pub struct ExprParser<'c, 'a, 'i> {
    cur: &'c mut Cursor<'a>,
    names: &'i mut Interner,
    /// Operators and operands still allowed; bounds recursion depth of parsing,
    /// evaluating and dropping the tree for hostile input.
    budget: u32,
}

/// Most operators plus operands one expression may contain.
const EXPR_BUDGET: u32 = 400;

impl<'c, 'a, 'i> ExprParser<'c, 'a, 'i> {
    pub fn new(cur: &'c mut Cursor<'a>, names: &'i mut Interner) -> Self {
        ExprParser {
            cur,
            names,
            budget: EXPR_BUDGET,
        }
    }

    fn spend(&mut self) -> PResult<()> {
        if self.budget == 0 {
            return self
                .cur
                .err(Kind::Syntax, self.cur.here(), "expression is too complex");
        }
        self.budget -= 1;
        Ok(())
    }

    /// Parse a full expression with its span.
    pub fn arg(&mut self) -> PResult<Arg> {
        self.cur.skip_ws();
        let start = self.cur.pos;
        if let Some(expr) = self.simple()? {
            return Ok(Arg {
                expr,
                span: self.cur.lspan(start, self.cur.pos),
            });
        }
        let expr = self.expr()?;
        let mut end = self.cur.pos;
        while end > start && matches!(self.cur.s[end - 1], b' ' | b'\t' | b'\r') {
            end -= 1;
        }
        Ok(Arg {
            expr,
            span: self.cur.lspan(start, end),
        })
    }

    /// Fast path for the most common operands: a lone number or symbol
    /// followed by the end of the operand. `None` (with the cursor unmoved)
    /// for anything else.
    fn simple(&mut self) -> PResult<Option<Expr>> {
        let start = self.cur.pos;
        let c = self.cur.peek();
        if !(c == b'$' || c.is_ascii_digit() || is_ident_start(c)) {
            return Ok(None);
        }
        let mut end = start + 1;
        while end < self.cur.s.len() && (is_ident_char(self.cur.s[end])) {
            end += 1;
        }
        let after = self.cur.s.get(end).copied().unwrap_or(0);
        if !matches!(after, 0 | b',' | b';' | b')' | b' ' | b'\t' | b'\r') {
            return Ok(None);
        }
        let mut next = end;
        while matches!(self.cur.s.get(next), Some(b' ' | b'\t' | b'\r')) {
            next += 1;
        }
        if !matches!(
            self.cur.s.get(next).copied().unwrap_or(0),
            0 | b',' | b';' | b')'
        ) {
            return Ok(None);
        }
        let e = self.primary()?;
        debug_assert_eq!(self.cur.pos, end);
        Ok(Some(e))
    }

    pub fn expr(&mut self) -> PResult<Expr> {
        self.spend()?;
        let cond = self.binary(1)?;
        self.cur.skip_ws();
        if self.cur.peek() == b'?' {
            self.cur.pos += 1;
            let a = self.expr()?;
            self.cur.skip_ws();
            if !self.cur.eat(b':') {
                return self.cur.err(
                    Kind::Syntax,
                    self.cur.here(),
                    "expected ':' in conditional expression",
                );
            }
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new((cond, a, b))));
        }
        Ok(cond)
    }

    fn peek_binop(&self) -> Option<(BinOp, u8, usize)> {
        let c = self.cur.peek();
        let d = self.cur.peek_at(1);
        Some(match (c, d) {
            (b'|', b'|') => (BinOp::LOr, 1, 2),
            (b'^', b'^') => (BinOp::LXor, 2, 2),
            (b'&', b'&') => (BinOp::LAnd, 3, 2),
            (b'=', b'=') => (BinOp::Eq, 4, 2),
            (b'!', b'=') => (BinOp::Ne, 4, 2),
            (b'<', b'=') => (BinOp::Le, 4, 2),
            (b'>', b'=') => (BinOp::Ge, 4, 2),
            (b'<', b'<') => (BinOp::Shl, 8, 2),
            (b'>', b'>') => (BinOp::Shr, 8, 2),
            (b'<', _) => (BinOp::Lt, 4, 1),
            (b'>', _) => (BinOp::Gt, 4, 1),
            (b'|', _) => (BinOp::Or, 5, 1),
            (b'^', _) => (BinOp::Xor, 6, 1),
            (b'&', _) => (BinOp::And, 7, 1),
            (b'+', _) => (BinOp::Add, 9, 1),
            (b'-', _) => (BinOp::Sub, 9, 1),
            (b'*', b'*') => return None,
            (b'*', _) => (BinOp::Mul, 10, 1),
            (b'/', _) => (BinOp::Div, 10, 1),
            (b'%', _) => (BinOp::Mod, 10, 1),
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        loop {
            self.cur.skip_ws();
            let Some((op, level, len)) = self.peek_binop() else {
                break;
            };
            if level < min {
                break;
            }
            self.cur.pos += len;
            self.spend()?;
            let rhs = self.binary(level + 1)?;
            lhs = binary_node(op, lhs, rhs);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.spend()?;
        self.cur.skip_ws();
        let c = self.cur.peek();
        let op = match c {
            b'-' | b'+' => {
                if let Some(anon) = self.anon_ref(c) {
                    return Ok(anon);
                }
                if c == b'-' { UnOp::Neg } else { UnOp::Plus }
            }
            b'!' => UnOp::Not,
            b'~' => UnOp::Invert,
            b'<' | b'>' | b'`' => {
                let op = if c == b'<' && self.cur.peek_at(1) == b'>' {
                    self.cur.pos += 1;
                    UnOp::Word
                } else if c == b'<' {
                    UnOp::Low
                } else if c == b'>' {
                    UnOp::High
                } else {
                    UnOp::Bank
                };
                self.cur.pos += 1;
                // The byte selectors cover the whole operand up to `?:`.
                let inner = self.binary(1)?;
                return Ok(match inner {
                    Expr::Num(n) => Expr::Num(apply_unary(op, n)),
                    e => Expr::Unary(op, Box::new(e)),
                });
            }
            _ => return self.power(),
        };
        self.cur.pos += 1;
        let inner = self.unary()?;
        Ok(match (op, inner) {
            (op, Expr::Num(n)) => Expr::Num(apply_unary(op, n)),
            (UnOp::Plus, e) => e,
            (op, e) => Expr::Unary(op, Box::new(e)),
        })
    }

    /// `-`, `--`, `+`, `++` standing alone as an operand.
    fn anon_ref(&mut self, c: u8) -> Option<Expr> {
        let start = self.cur.pos;
        let mut end = start;
        while self.cur.s.get(end) == Some(&c) {
            end += 1;
        }
        let mut after = end;
        while matches!(self.cur.s.get(after), Some(b' ' | b'\t' | b'\r')) {
            after += 1;
        }
        if !is_terminator(self.cur.s.get(after).copied().unwrap_or(0)) || end - start > 255 {
            return None;
        }
        self.cur.pos = end;
        Some(Expr::Anon {
            forward: c == b'+',
            count: (end - start) as u8,
            start: (self.cur.base + start) as u32,
        })
    }

    fn power(&mut self) -> PResult<Expr> {
        let base = self.primary()?;
        self.cur.skip_ws();
        if self.cur.peek() == b'*' && self.cur.peek_at(1) == b'*' {
            self.cur.pos += 2;
            let exp = self.unary()?;
            return Ok(binary_node(BinOp::Pow, base, exp));
        }
        Ok(base)
    }

    fn primary(&mut self) -> PResult<Expr> {
        self.cur.skip_ws();
        let start = self.cur.pos;
        match self.cur.peek() {
            b'$' => {
                self.cur.pos += 1;
                self.digits(start, 16)
            }
            b'%' => {
                self.cur.pos += 1;
                self.digits(start, 2)
            }
            b'0'..=b'9' => self.digits(start, 10),
            b'"' | b'\'' => Ok(Expr::Str(Box::new(self.string()?))),
            b'*' => {
                self.cur.pos += 1;
                Ok(Expr::Pc)
            }
            b'(' => {
                self.cur.pos += 1;
                let e = self.expr()?;
                self.cur.skip_ws();
                if !self.cur.eat(b')') {
                    return self.cur.err(Kind::Syntax, self.cur.here(), "expected ')'");
                }
                Ok(e)
            }
            c if is_ident_start(c) => {
                let name = self.cur.ident_bytes().unwrap_or(b"");
                let local = name.first() == Some(&b'_');
                let span = self.cur.lspan(start, self.cur.pos);
                Ok(Expr::Sym(SymRef::new(
                    self.names.intern_bytes(name),
                    local,
                    span,
                )))
            }
            0 | b';' => self
                .cur
                .err(Kind::Syntax, self.cur.here(), "expected an expression"),
            c => {
                let what = if c.is_ascii_graphic() {
                    format!("'{}'", c as char)
                } else {
                    "character".into()
                };
                self.cur.err(
                    Kind::Syntax,
                    self.cur.here(),
                    format!("expected an expression, found {what}"),
                )
            }
        }
    }

    fn digits(&mut self, start: usize, radix: u32) -> PResult<Expr> {
        let digits_start = self.cur.pos;
        let mut value: i64 = 0;
        let mut overflow = false;
        while let Some(d) = (self.cur.peek() as char).to_digit(radix) {
            match value
                .checked_mul(radix as i64)
                .and_then(|v| v.checked_add(d as i64))
            {
                Some(v) => value = v,
                None => overflow = true,
            }
            self.cur.pos += 1;
        }
        let span = self.cur.span(start, self.cur.pos.max(start + 1));
        if self.cur.pos == digits_start {
            let what = if radix == 16 { "hexadecimal" } else { "binary" };
            return self
                .cur
                .err(Kind::Syntax, span, format!("expected {what} digits"));
        }
        if is_ident_char(self.cur.peek()) {
            let bad = self.cur.here();
            return self.cur.err(Kind::Syntax, bad, "invalid digit in number");
        }
        if overflow {
            return self
                .cur
                .err(Kind::ValueOutOfRange, span, "number is too large");
        }
        Ok(Expr::Num(value))
    }

    /// A quoted string (either quote; the quote doubled inside stands for itself),
    /// converted to PETSCII.
    pub fn string(&mut self) -> PResult<Vec<u8>> {
        let quote = self.cur.peek();
        let start = self.cur.pos;
        let body = self.cur.pos + 1;
        // Fast path: plain ASCII letters, digits and punctuation without
        // escapes or doubled quotes convert byte by byte.
        let mut i = body;
        let mut out = Vec::new();
        while let Some(&c) = self.cur.s.get(i) {
            if c == quote {
                if self.cur.s.get(i + 1) == Some(&quote) {
                    break;
                }
                self.cur.pos = i + 1;
                return Ok(out);
            }
            if c == b'{' || c >= 0x80 || c == b'\n' {
                break;
            }
            match encoding::petscii(c as char) {
                Some(b) => out.push(b),
                None => break,
            }
            i += 1;
        }
        self.cur.pos = start;
        let (raw, raw_start) = self.raw_string()?;
        encode_text(&raw, self.cur.file, raw_start)
    }

    /// The unconverted text of a quoted string and the file offset of its first character.
    pub fn raw_string(&mut self) -> PResult<(String, usize)> {
        let quote = self.cur.peek();
        let start = self.cur.pos;
        self.cur.pos += 1;
        let content_start = self.cur.pos;
        let mut out = Vec::new();
        loop {
            match self.cur.s.get(self.cur.pos) {
                None | Some(b'\n') => {
                    return self.cur.err(
                        Kind::Syntax,
                        self.cur.span(start, self.cur.pos),
                        "unterminated string",
                    );
                }
                Some(&c) if c == quote => {
                    if self.cur.peek_at(1) == quote {
                        out.push(quote);
                        self.cur.pos += 2;
                    } else {
                        self.cur.pos += 1;
                        break;
                    }
                }
                Some(&c) => {
                    out.push(c);
                    self.cur.pos += 1;
                }
            }
        }
        let text = String::from_utf8_lossy(&out).into_owned();
        Ok((text, self.cur.base + content_start))
    }
}

/// Convert string text to PETSCII; `offset` is the file offset of the text (for error carets).
/// Doubled quotes were already collapsed, so carets after one may be off by a column.
pub fn encode_text(text: &str, file: FileId, offset: usize) -> PResult<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if c == '{'
            && let Some(close) = text[i..].find('}')
            && let Some(code) = encoding::escape(&text[i + 1..i + close])
        {
            out.push(code);
            while iter.peek().is_some_and(|&(j, _)| j <= i + close) {
                iter.next();
            }
            continue;
        }
        match encoding::petscii(c) {
            Some(b) => out.push(b),
            None => {
                let span = Span::new(file, offset + i, offset + i + c.len_utf8());
                let message = if c == '{' {
                    "unknown '{...}' escape or unencodable character '{'".to_string()
                } else {
                    format!(
                        "can't encode character '{}' (U+{:04X}) in PETSCII",
                        c.escape_default(),
                        c as u32
                    )
                };
                return Err(ParseError {
                    kind: Kind::Encoding,
                    span,
                    message,
                });
            }
        }
    }
    Ok(out)
}

/// A binary node, folded to a number when both sides are constants.
fn binary_node(op: BinOp, a: Expr, b: Expr) -> Expr {
    if let (Expr::Num(x), Expr::Num(y)) = (&a, &b)
        && let Some(v) = fold(op, *x, *y)
    {
        return Expr::Num(v);
    }
    Expr::Binary(op, Box::new((a, b)))
}

pub fn apply_unary(op: UnOp, v: i64) -> i64 {
    match op {
        UnOp::Neg => v.wrapping_neg(),
        UnOp::Plus => v,
        UnOp::Not => (v == 0) as i64,
        UnOp::Invert => !v,
        UnOp::Low => v & 0xff,
        UnOp::High => (v >> 8) & 0xff,
        UnOp::Word => v & 0xffff,
        UnOp::Bank => (v >> 16) & 0xff,
    }
}

/// Evaluate a binary operator on two numbers; `None` if it can fail (division
/// by zero), which is then left for the assembler to report with a location.
pub fn fold(op: BinOp, a: i64, b: i64) -> Option<i64> {
    Some(match op {
        BinOp::LOr => {
            if a != 0 {
                a
            } else {
                b
            }
        }
        BinOp::LAnd => {
            if a != 0 {
                b
            } else {
                a
            }
        }
        BinOp::LXor => match (a != 0, b != 0) {
            (true, false) => a,
            (false, true) => b,
            _ => 0,
        },
        BinOp::Eq => (a == b) as i64,
        BinOp::Ne => (a != b) as i64,
        BinOp::Lt => (a < b) as i64,
        BinOp::Gt => (a > b) as i64,
        BinOp::Le => (a <= b) as i64,
        BinOp::Ge => (a >= b) as i64,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::And => a & b,
        BinOp::Shl => shift_left(a, b),
        BinOp::Shr => shift_left(a, b.saturating_neg()),
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div | BinOp::Mod => {
            if b == 0 {
                return None;
            }
            let q = a.wrapping_div(b);
            let r = a.wrapping_rem(b);
            // Floor division and modulo, as 64tass does.
            let adjust = r != 0 && ((r < 0) != (b < 0));
            if op == BinOp::Div {
                if adjust { q - 1 } else { q }
            } else if adjust {
                r + b
            } else {
                r
            }
        }
        BinOp::Pow => power(a, b),
    })
}

fn shift_left(a: i64, by: i64) -> i64 {
    if by >= 0 {
        if by >= 64 {
            0
        } else {
            a.wrapping_shl(by as u32)
        }
    } else {
        let by = by.unsigned_abs();
        if by >= 64 {
            if a < 0 { -1 } else { 0 }
        } else {
            a >> by
        }
    }
}

fn power(a: i64, b: i64) -> i64 {
    if b < 0 {
        return match a {
            1 => 1,
            -1 => {
                if b % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let mut result: i64 = 1;
    let mut base = a;
    let mut e = b;
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        e >>= 1;
    }
    result
}
