//! Source lines to statements. Each file (and each distinct macro expansion) is
//! parsed once; the assembler's passes then walk the statements.

use std::rc::Rc;

use crate::diag::Kind;
use crate::expr::{
    Arg, Cursor, Expr, ExprParser, PResult, ParseError, SymRef, is_ident_char, is_ident_start,
};
use crate::intern::{Interner, Name};
use crate::opcodes;
use crate::source::{FileId, LSpan, Span};

/// How an instruction's operand was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    Implied,
    /// A bare `a`: the accumulator, unless a symbol named `a` exists.
    RegA,
    Immediate,
    Direct,
    DirectX,
    DirectY,
    Indirect,
    IndirectX,
    IndirectY,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    Byte,
    Char,
    Word,
    Text,
    Null,
}

#[derive(Clone, Debug)]
pub enum MsgPart {
    Text(String),
    Value(Arg),
}

#[derive(Debug)]
pub struct MacroDef {
    pub name: Name,
    pub name_text: String,
    pub params: Vec<(String, Option<String>)>,
    pub file: FileId,
    /// The body lines, unexpanded.
    pub body: String,
    /// 1-based line number of the first body line.
    pub body_line: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct BinaryDir {
    pub path: String,
    pub span: LSpan,
    pub offset: Option<Arg>,
    pub length: Option<Arg>,
}

#[derive(Clone, Debug)]
pub struct MacroCall {
    pub name: Name,
    /// The name with its `#` or `.`.
    pub name_span: LSpan,
    /// Called as `.name` (could be a misspelt directive) rather than `#name`.
    pub dotted: bool,
    /// The argument texts, substituted into the body as written.
    pub args: Vec<String>,
    /// The arguments joined with NUL: identifies the expansion in a cache.
    pub args_key: String,
    pub span: LSpan,
}

#[derive(Clone, Debug)]
pub struct Message {
    pub error: bool,
    pub parts: Vec<MsgPart>,
    pub span: LSpan,
}

/// One statement. Kept small (rare directives are boxed) because one is
/// stored for every source line.
#[derive(Clone, Debug)]
pub enum Body {
    Empty,
    Assign {
        var: bool,
        value: Box<Arg>,
    },
    SetPc(Box<Arg>),
    /// `col` is the mnemonic's offset from the line start. The operand's span
    /// is not stored (it is found again by [`operand_span`] for messages).
    Instr {
        mnem: u8,
        kind: OpKind,
        col: u16,
        expr: Expr,
    },
    Data {
        kind: DataKind,
        args: Box<[Arg]>,
    },
    Fill(Box<(Arg, Option<Arg>)>),
    Include(Box<(String, LSpan)>),
    Binary(Box<BinaryDir>),
    If {
        cond: Box<Arg>,
        next: u32,
        end: u32,
    },
    Elsif {
        cond: Box<Arg>,
        next: u32,
        end: u32,
    },
    Else {
        end: u32,
    },
    Endif,
    MacroDef(Rc<MacroDef>),
    MacroCall(Box<MacroCall>),
    Cpu(Box<(String, LSpan)>),
    Message(Box<Message>),
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelDef {
    Named(SymRef),
    /// `+` at the start of a line.
    AnonForward,
    /// `-` at the start of a line.
    AnonBackward,
}

pub const NO_LABEL: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct Stmt {
    /// Offset of the line's first byte in the file.
    pub line: u32,
    /// Index into [`ParsedFile::labels`], or [`NO_LABEL`].
    pub label: u32,
    pub body: Body,
}

pub struct ParsedFile {
    pub file: FileId,
    pub stmts: Vec<Stmt>,
    pub labels: Vec<LabelDef>,
}

impl ParsedFile {
    pub fn label(&self, stmt: &Stmt) -> Option<LabelDef> {
        self.labels.get(stmt.label as usize).copied()
    }
}

/// Parse a whole file held in memory. Errors are collected; bad lines become
/// empty statements.
pub fn parse_file(
    file: FileId,
    text: &str,
    names: &mut Interner,
    errors: &mut Vec<ParseError>,
) -> ParsedFile {
    let lines = text.bytes().filter(|&b| b == b'\n').count() + 1;
    let mut parser = FileParser::new(file, lines);
    parser.feed(text, 0, true, names);
    parser.finish(errors)
}

/// Parses a file piece by piece, so that large files never have to be held
/// in memory whole.
pub struct FileParser {
    file: FileId,
    stmts: Vec<Stmt>,
    labels: Vec<LabelDef>,
    errors: Vec<ParseError>,
    /// Inside `.comment` ... `.endc`.
    skip_comment: bool,
    /// 1-based number of the next line to parse.
    line_no: usize,
    /// Trimmed spans of the conditional directives, for unbalanced-`.if` messages.
    cond_spans: Vec<(u32, Span)>,
}

impl FileParser {
    /// `lines`: the number of lines expected (the statement vector is sized once).
    pub fn new(file: FileId, lines: usize) -> FileParser {
        FileParser {
            file,
            stmts: Vec::with_capacity(lines),
            labels: Vec::new(),
            errors: Vec::new(),
            skip_comment: false,
            line_no: 1,
            cond_spans: Vec::new(),
        }
    }

    /// Parse the complete lines of `text`, which starts at file offset `base`.
    /// Returns how many bytes were consumed: less than `text.len()` when the
    /// last line has no line break yet or a macro body continues past the end
    /// (unless `last`, when everything is consumed).
    pub fn feed(&mut self, text: &str, base: usize, last: bool, names: &mut Interner) -> usize {
        let file = self.file;
        let bytes = text.as_bytes();
        let mut pos = 0;
        while pos < bytes.len() {
            let end = memchr_newline(bytes, pos);
            if end == bytes.len() && !last {
                return pos;
            }
            let line = &bytes[pos..end];
            let line_start = (base + pos) as u32;
            let next = if end < bytes.len() { end + 1 } else { end };
            let mut cur = Cursor::new(line, file, base + pos);
            if self.skip_comment {
                cur.skip_ws();
                if cur.eat(b'.') && cur.at_word_ci(b"endc") {
                    self.skip_comment = false;
                }
                pos = next;
                self.line_no += 1;
                continue;
            }
            match parse_line(&mut cur, names) {
                Ok(Line::Stmt(label, body)) => {
                    if matches!(
                        body,
                        Body::If { .. } | Body::Elsif { .. } | Body::Else { .. } | Body::Endif
                    ) {
                        self.cond_spans.push((
                            self.stmts.len() as u32,
                            trimmed_span(file, line, base + pos),
                        ));
                    }
                    let label = match label {
                        Some(l) => {
                            self.labels.push(l);
                            (self.labels.len() - 1) as u32
                        }
                        None => NO_LABEL,
                    };
                    self.stmts.push(Stmt {
                        line: line_start,
                        label,
                        body,
                    })
                }
                Ok(Line::Comment) => self.skip_comment = true,
                Ok(Line::Macro {
                    name,
                    name_text,
                    params,
                    span,
                }) => {
                    // Collect the body up to the matching `.endm`.
                    let (body_end, after, found) = find_endm(bytes, next, last);
                    if !found {
                        if !last {
                            return pos;
                        }
                        self.errors.push(ParseError {
                            kind: Kind::MacroMisuse,
                            span,
                            message: format!("macro '{name_text}' has no matching .endm"),
                        });
                    }
                    let body = text.get(next..body_end).unwrap_or("").to_string();
                    let body_line = self.line_no + 1;
                    self.line_no += 1 + bytes[next.min(after)..after]
                        .iter()
                        .filter(|&&b| b == b'\n')
                        .count();
                    let def = MacroDef {
                        name,
                        name_text,
                        params,
                        file,
                        body,
                        body_line,
                        span,
                    };
                    self.stmts.push(Stmt {
                        line: line_start,
                        label: NO_LABEL,
                        body: Body::MacroDef(Rc::new(def)),
                    });
                    pos = after;
                    continue;
                }
                Err(e) => {
                    self.errors.push(e);
                    self.stmts.push(Stmt {
                        line: line_start,
                        label: NO_LABEL,
                        body: Body::Empty,
                    });
                }
            }
            self.line_no += 1;
            pos = next;
        }
        pos
    }

    pub fn finish(mut self, errors: &mut Vec<ParseError>) -> ParsedFile {
        self.stmts.shrink_to_fit();
        link_conditionals(&mut self.stmts, &self.cond_spans, &mut self.errors);
        errors.append(&mut self.errors);
        ParsedFile {
            file: self.file,
            stmts: self.stmts,
            labels: self.labels,
        }
    }
}

/// The statement on a line without indentation, comment or trailing blanks.
fn trimmed_span(file: FileId, line: &[u8], start: usize) -> Span {
    let lead = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let body = line.iter().position(|&b| b == b';').unwrap_or(line.len());
    let mut end = body.max(lead);
    while end > lead && line[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    Span::new(file, start + lead, start + end)
}

/// Position of the next `\n` at or after `from` (or `bytes.len()`), eight
/// bytes at a time: this runs over every byte of the source.
#[inline]
pub(crate) fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = LO * b'\n' as u64;
    let mut i = from;
    while i + 8 <= bytes.len() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[i..i + 8]);
        let x = u64::from_le_bytes(w) ^ NL;
        let found = x.wrapping_sub(LO) & !x & HI;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    bytes[i.min(bytes.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| i + p)
}

/// Find the `.endm`/`.endmacro` closing a macro body starting at `from`
/// (nested definitions count). Returns (body end, position after the `.endm`
/// line, found). Unless `last`, an unterminated final line is not looked at.
fn find_endm(bytes: &[u8], from: usize, last: bool) -> (usize, usize, bool) {
    let mut depth = 0usize;
    let mut pos = from;
    while pos < bytes.len() {
        let end = memchr_newline(bytes, pos);
        if end == bytes.len() && !last {
            // The line may continue in the next piece of the file.
            break;
        }
        let next = if end < bytes.len() { end + 1 } else { end };
        let line = &bytes[pos..end];
        if let Some(word) = directive_word(line) {
            if word.eq_ignore_ascii_case(b"macro") {
                depth += 1;
            } else if word.eq_ignore_ascii_case(b"endm") || word.eq_ignore_ascii_case(b"endmacro") {
                if depth == 0 {
                    return (pos, next, true);
                }
                depth -= 1;
            }
        }
        pos = next;
    }
    (bytes.len(), bytes.len(), false)
}

/// The directive name on a line (after an optional label), if any.
fn directive_word(line: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    while i < line.len() && matches!(line[i], b' ' | b'\t') {
        i += 1;
    }
    if i < line.len() && is_ident_start(line[i]) {
        while i < line.len() && is_ident_char(line[i]) {
            i += 1;
        }
        if i < line.len() && line[i] == b':' {
            i += 1;
        }
        while i < line.len() && matches!(line[i], b' ' | b'\t') {
            i += 1;
        }
    }
    if i < line.len() && line[i] == b'.' {
        let s = i + 1;
        let mut e = s;
        while e < line.len() && is_ident_char(line[e]) {
            e += 1;
        }
        return Some(&line[s..e]);
    }
    None
}

/// Fill in the jump targets of `.if`/`.elsif`/`.else`; report unbalanced ones.
fn link_conditionals(stmts: &mut [Stmt], cond_spans: &[(u32, Span)], errors: &mut Vec<ParseError>) {
    let trimmed = |i: usize| {
        let k = cond_spans.partition_point(|&(idx, _)| (idx as usize) < i);
        cond_spans
            .get(k)
            .filter(|c| c.0 as usize == i)
            .map(|c| c.1)
            .unwrap_or_default()
    };
    // Stack of (index of .if, indices of its branches).
    let mut stack: Vec<Vec<usize>> = Vec::new();
    for i in 0..stmts.len() {
        match &stmts[i].body {
            Body::If { .. } => stack.push(vec![i]),
            Body::Elsif { .. } | Body::Else { .. } => match stack.last_mut() {
                Some(branches) => branches.push(i),
                None => {
                    errors.push(ParseError {
                        kind: Kind::ConditionalMismatch,
                        span: trimmed(i),
                        message: "'.elsif'/'.else' without '.if'".into(),
                    });
                    stmts[i].body = Body::Empty;
                }
            },
            Body::Endif => match stack.pop() {
                Some(branches) => {
                    for (k, &b) in branches.iter().enumerate() {
                        let next = branches.get(k + 1).copied().unwrap_or(i) as u32;
                        match &mut stmts[b].body {
                            Body::If { next: n, end, .. } | Body::Elsif { next: n, end, .. } => {
                                *n = next;
                                *end = i as u32;
                            }
                            Body::Else { end } => *end = i as u32,
                            _ => {}
                        }
                    }
                }
                None => {
                    errors.push(ParseError {
                        kind: Kind::ConditionalMismatch,
                        span: trimmed(i),
                        message: "'.endif' without '.if'".into(),
                    });
                    stmts[i].body = Body::Empty;
                }
            },
            _ => {}
        }
    }
    for branches in stack {
        let i = branches[0];
        errors.push(ParseError {
            kind: Kind::ConditionalMismatch,
            span: trimmed(i),
            message: "'.if' without matching '.endif'".into(),
        });
        // Treat the rest of the file as the conditional's body.
        let end = stmts.len() as u32;
        for &b in &branches {
            match &mut stmts[b].body {
                Body::If { next, end: e, .. } | Body::Elsif { next, end: e, .. } => {
                    *next = end;
                    *e = end;
                }
                Body::Else { end: e } => *e = end,
                _ => {}
            }
        }
    }
}

enum Line {
    Stmt(Option<LabelDef>, Body),
    Comment,
    Macro {
        name: Name,
        name_text: String,
        params: Vec<(String, Option<String>)>,
        span: Span,
    },
}

fn syntax<T>(cur: &Cursor, message: impl Into<String>) -> PResult<T> {
    cur.err(Kind::Syntax, cur.here(), message)
}

fn parse_line(cur: &mut Cursor, names: &mut Interner) -> PResult<Line> {
    cur.skip_ws();
    let mut label = None;
    let c = cur.peek();
    let start = cur.pos;
    if c == b'*' {
        cur.pos += 1;
        cur.skip_ws();
        if cur.peek() == b'=' && cur.peek_at(1) != b'=' {
            cur.pos += 1;
            let value = ExprParser::new(cur, names).arg()?;
            expect_end(cur)?;
            return Ok(Line::Stmt(None, Body::SetPc(Box::new(value))));
        }
        return syntax(cur, "expected '=' after '*'");
    }
    if (c == b'-' || c == b'+') && matches!(cur.peek_at(1), 0 | b' ' | b'\t' | b'\r' | b';') {
        cur.pos += 1;
        label = Some(if c == b'+' {
            LabelDef::AnonForward
        } else {
            LabelDef::AnonBackward
        });
    } else if is_ident_start(c) {
        let bytes = cur.ident_bytes().unwrap_or(b"");
        if let Some(m) = opcodes::lookup(bytes)
            && cur.peek() != b':'
            && !next_is_assignment(cur)
        {
            return instruction(cur, names, m, start).map(|b| Line::Stmt(None, b));
        }
        let word = std::str::from_utf8(bytes).unwrap_or("");
        let word_span = cur.lspan(start, cur.pos);
        cur.eat(b':');
        let local = word.starts_with('_');
        label = Some(LabelDef::Named(SymRef::new(
            names.intern(word),
            local,
            word_span,
        )));
        cur.skip_ws();
        // A word we do not know followed by an operand: most likely a misspelt mnemonic.
        let n = cur.peek();
        let looks_like_operand = (n == b'#' && !is_ident_start(cur.peek_at(1)))
            || matches!(
                n,
                b'$' | b'%' | b'(' | b'0'..=b'9' | b'"' | b'\'' | b'<' | b'>'
            );
        if looks_like_operand && cur.pos > start + word.len() {
            let span = cur.span(start, start + word.len());
            return cur.err(
                Kind::UnknownMnemonic,
                span,
                format!("unknown mnemonic '{word}'"),
            );
        }
    }
    cur.skip_ws();
    let c = cur.peek();
    let body = match c {
        0 | b';' => Body::Empty,
        b'=' | b':' if c == b'=' || cur.peek_at(1) == b'=' => {
            let var = c == b':';
            cur.pos += if var { 2 } else { 1 };
            if !matches!(label, Some(LabelDef::Named(_))) {
                return cur.err(
                    Kind::Syntax,
                    cur.span(start, cur.pos),
                    "assignment needs a symbol name",
                );
            }
            let value = ExprParser::new(cur, names).arg()?;
            expect_end(cur)?;
            Body::Assign {
                var,
                value: Box::new(value),
            }
        }
        b'.' => {
            cur.pos += 1;
            let dstart = cur.pos;
            let Some(word) = cur.ident() else {
                return syntax(cur, "expected a directive name after '.'");
            };
            let span = cur.span(dstart - 1, cur.pos);
            if word.eq_ignore_ascii_case("macro") {
                let Some(LabelDef::Named(sym)) = label else {
                    return cur.err(
                        Kind::MacroMisuse,
                        span,
                        "'.macro' needs a name label before it",
                    );
                };
                let params = macro_params(cur)?;
                let name_text = names.name(sym.name).to_string();
                return Ok(Line::Macro {
                    name: sym.name,
                    name_text,
                    params,
                    span: sym.span().in_file(cur.file),
                });
            }
            if word.eq_ignore_ascii_case("comment") {
                return Ok(Line::Comment);
            }
            match directive(cur, names, word, span)? {
                Some(body) => body,
                None => macro_call(cur, names, word, dstart - 1)?,
            }
        }
        b'#' if is_ident_start(cur.peek_at(1)) => {
            let hash = cur.pos;
            cur.pos += 1;
            let word = cur.ident().unwrap_or("");
            macro_call(cur, names, word, hash)?
        }
        c if is_ident_start(c) => {
            let wstart = cur.pos;
            let bytes = cur.ident_bytes().unwrap_or(b"");
            match opcodes::lookup(bytes) {
                Some(m) => instruction(cur, names, m, wstart)?,
                None => {
                    let word = String::from_utf8_lossy(bytes);
                    let span = cur.span(wstart, cur.pos);
                    return cur.err(
                        Kind::UnknownMnemonic,
                        span,
                        format!("unknown mnemonic '{word}'"),
                    );
                }
            }
        }
        _ => {
            return syntax(
                cur,
                "unexpected character; expected a label, mnemonic or directive",
            );
        }
    };
    Ok(Line::Stmt(label, body))
}

fn next_is_assignment(cur: &Cursor) -> bool {
    let mut i = cur.pos;
    while matches!(cur.s.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    matches!((cur.s.get(i), cur.s.get(i + 1)), (Some(b'='), c) if c != Some(&b'='))
        || matches!((cur.s.get(i), cur.s.get(i + 1)), (Some(b':'), Some(b'=')))
}

fn expect_end(cur: &mut Cursor) -> PResult<()> {
    if cur.rest_is_empty() {
        Ok(())
    } else {
        syntax(cur, "unexpected text after the statement")
    }
}

/// `x`/`y` index register name, case-insensitive, as a whole word.
fn index_reg(cur: &mut Cursor) -> Option<OpKind> {
    cur.skip_ws();
    let r = match cur.peek() {
        b'x' | b'X' => OpKind::DirectX,
        b'y' | b'Y' => OpKind::DirectY,
        _ => return None,
    };
    if is_ident_char(cur.peek_at(1)) {
        return None;
    }
    cur.pos += 1;
    Some(r)
}

fn no_arg() -> Arg {
    Arg {
        expr: Expr::Num(0),
        span: LSpan::default(),
    }
}

/// `mstart` is the mnemonic's offset in the line.
fn instruction(cur: &mut Cursor, names: &mut Interner, mnem: u8, mstart: usize) -> PResult<Body> {
    cur.skip_ws();
    let (kind, arg) = operand(cur, names)?;
    expect_end(cur)?;
    Ok(Body::Instr {
        mnem,
        kind,
        col: mstart.min(u16::MAX as usize) as u16,
        expr: arg.expr,
    })
}

/// The operand span of the instruction whose mnemonic starts at `mnemonic`
/// (a file offset), found by parsing the line again.
pub fn operand_span(text: &str, file: FileId, mnemonic: usize) -> LSpan {
    let line_end = memchr_newline(text.as_bytes(), mnemonic.min(text.len()));
    let Some(line) = text.as_bytes().get(mnemonic..line_end) else {
        return LSpan::default();
    };
    let mut cur = Cursor::new(line, file, mnemonic);
    let _ = cur.ident_bytes();
    cur.skip_ws();
    let mut names = Interner::default();
    match operand(&mut cur, &mut names) {
        Ok((_, arg)) if arg.span.len > 0 => arg.span,
        _ => LSpan::new(mnemonic, mnemonic + 3),
    }
}

fn operand(cur: &mut Cursor, names: &mut Interner) -> PResult<(OpKind, Arg)> {
    if cur.rest_is_empty() {
        return Ok((OpKind::Implied, no_arg()));
    }
    let start = cur.pos;
    match cur.peek() {
        b'#' => {
            cur.pos += 1;
            let arg = ExprParser::new(cur, names).arg()?;
            cur.skip_ws();
            if cur.peek() == b',' {
                return cur.err(
                    Kind::AddressingMode,
                    cur.span(start, cur.s.len()),
                    "immediate operand cannot be indexed",
                );
            }
            return Ok((OpKind::Immediate, arg));
        }
        b'a' | b'A' if !is_ident_char(cur.peek_at(1)) => {
            cur.pos += 1;
            if cur.rest_is_empty() {
                let span = cur.lspan(start, start + 1);
                let name = names.intern(if cur.s[start] == b'a' { "a" } else { "A" });
                return Ok((
                    OpKind::RegA,
                    Arg {
                        expr: Expr::Sym(SymRef::new(name, false, span)),
                        span,
                    },
                ));
            }
            cur.pos = start;
        }
        b'(' => {
            if let Some(op) = indirect(cur, names)? {
                return Ok(op);
            }
            cur.pos = start;
        }
        _ => {}
    }
    let arg = ExprParser::new(cur, names).arg()?;
    cur.skip_ws();
    if cur.eat(b',') {
        return match index_reg(cur) {
            Some(r) => Ok((r, arg)),
            None => syntax(cur, "expected 'x' or 'y' after ','"),
        };
    }
    Ok((OpKind::Direct, arg))
}

/// `(expr)`, `(expr,x)` or `(expr),y`; `None` if the parenthesis is just part
/// of an expression such as `(a+1)*2`.
fn indirect(cur: &mut Cursor, names: &mut Interner) -> PResult<Option<(OpKind, Arg)>> {
    let open = cur.pos;
    cur.pos += 1;
    let inner_start = cur.pos;
    let expr = ExprParser::new(cur, names).expr()?;
    let mut inner_end = cur.pos;
    while inner_end > inner_start && matches!(cur.s[inner_end - 1], b' ' | b'\t') {
        inner_end -= 1;
    }
    let arg = Arg {
        expr,
        span: cur.lspan(inner_start, inner_end),
    };
    cur.skip_ws();
    if cur.eat(b',') {
        return match index_reg(cur) {
            Some(OpKind::DirectX) => {
                cur.skip_ws();
                if !cur.eat(b')') {
                    return syntax(cur, "expected ')'");
                }
                Ok(Some((OpKind::IndirectX, arg)))
            }
            _ => cur.err(
                Kind::AddressingMode,
                cur.span(open, cur.s.len()),
                "only (zp,x) indexed indirect exists",
            ),
        };
    }
    if !cur.eat(b')') {
        return syntax(cur, "expected ')'");
    }
    let after = cur.pos;
    if cur.rest_is_empty() {
        return Ok(Some((OpKind::Indirect, arg)));
    }
    if cur.eat(b',') {
        let save = cur.pos;
        if index_reg(cur) == Some(OpKind::DirectY) && cur.rest_is_empty() {
            return Ok(Some((OpKind::IndirectY, arg)));
        }
        cur.pos = save;
    }
    cur.pos = after;
    Ok(None)
}

fn macro_params(cur: &mut Cursor) -> PResult<Vec<(String, Option<String>)>> {
    let mut params = Vec::new();
    if cur.rest_is_empty() {
        return Ok(params);
    }
    loop {
        cur.skip_ws();
        let Some(name) = cur.ident() else {
            return cur.err(Kind::MacroMisuse, cur.here(), "expected a parameter name");
        };
        cur.skip_ws();
        let default = if cur.eat(b'=') {
            let (s, e) = raw_arg(cur);
            Some(String::from_utf8_lossy(&cur.s[s..e]).into_owned())
        } else {
            None
        };
        params.push((name.to_string(), default));
        cur.skip_ws();
        if !cur.eat(b',') {
            break;
        }
    }
    expect_end(cur)?;
    Ok(params)
}

/// Skip one comma-separated raw argument (respecting quotes and brackets);
/// returns its trimmed range in the line.
fn raw_arg(cur: &mut Cursor) -> (usize, usize) {
    cur.skip_ws();
    let start = cur.pos;
    let mut depth = 0i32;
    while let Some(&c) = cur.s.get(cur.pos) {
        match c {
            b'"' | b'\'' => {
                cur.pos += 1;
                while let Some(&d) = cur.s.get(cur.pos) {
                    cur.pos += 1;
                    if d == c {
                        break;
                    }
                }
                continue;
            }
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            b',' if depth <= 0 => break,
            b';' => break,
            _ => {}
        }
        cur.pos += 1;
    }
    let mut end = cur.pos;
    while end > start && matches!(cur.s[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    (start, end)
}

/// `name_start` is the offset of the `#` or `.` before the name.
fn macro_call(
    cur: &mut Cursor,
    names: &mut Interner,
    word: &str,
    name_start: usize,
) -> PResult<Body> {
    let name = names.intern(word);
    let name_span = cur.lspan(name_start, name_start + 1 + word.len());
    let mut args = Vec::new();
    if !cur.rest_is_empty() {
        loop {
            let (s, e) = raw_arg(cur);
            args.push(String::from_utf8_lossy(&cur.s[s..e]).into_owned());
            if !cur.eat(b',') {
                break;
            }
        }
        expect_end(cur)?;
    }
    let mut end = cur.pos.min(cur.s.len());
    while end > name_start
        && matches!(
            cur.s.get(end.wrapping_sub(1)),
            Some(b' ' | b'\t' | b'\r' | b';')
        )
    {
        end -= 1;
    }
    let span = cur.lspan(name_start, end.max(name_start + 1 + word.len()));
    let dotted = cur.s.get(name_start) == Some(&b'.');
    let args_key = args.join("\u{0}");
    Ok(Body::MacroCall(Box::new(MacroCall {
        name,
        name_span,
        dotted,
        args,
        args_key,
        span,
    })))
}

fn arg_list(cur: &mut Cursor, names: &mut Interner) -> PResult<Vec<Arg>> {
    // Size the list once (commas outside strings; a guess, exact in practice).
    let mut quote = 0u8;
    let mut commas = 0;
    for &c in &cur.s[cur.pos..] {
        if quote != 0 {
            if c == quote {
                quote = 0;
            }
        } else if c == b'"' || c == b'\'' {
            quote = c;
        } else if c == b',' {
            commas += 1;
        } else if c == b';' {
            break;
        }
    }
    let mut args = Vec::with_capacity(commas + 1);
    if cur.rest_is_empty() {
        return Ok(args);
    }
    loop {
        args.push(ExprParser::new(cur, names).arg()?);
        cur.skip_ws();
        if !cur.eat(b',') {
            break;
        }
    }
    expect_end(cur)?;
    Ok(args)
}

fn string_arg(cur: &mut Cursor, names: &mut Interner, what: &str) -> PResult<(String, LSpan)> {
    cur.skip_ws();
    let start = cur.pos;
    if !matches!(cur.peek(), b'"' | b'\'') {
        return cur.err(
            Kind::Syntax,
            cur.here(),
            format!("{what} expects a quoted string"),
        );
    }
    let (text, _) = ExprParser::new(cur, names).raw_string()?;
    Ok((text, cur.lspan(start, cur.pos)))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Data(DataKind),
    Fill,
    Include,
    Binary,
    If,
    Elsif,
    Else,
    Endif,
    Endm,
    Endc,
    Cpu,
    Error,
    Warn,
    End,
}

/// Directive names, lower case, sorted.
const DIRECTIVES: &[(&str, Dir)] = &[
    ("addr", Dir::Data(DataKind::Word)),
    ("binary", Dir::Binary),
    ("byte", Dir::Data(DataKind::Byte)),
    ("char", Dir::Data(DataKind::Char)),
    ("cpu", Dir::Cpu),
    ("else", Dir::Else),
    ("elsif", Dir::Elsif),
    ("end", Dir::End),
    ("endc", Dir::Endc),
    ("endif", Dir::Endif),
    ("endm", Dir::Endm),
    ("endmacro", Dir::Endm),
    ("error", Dir::Error),
    ("fi", Dir::Endif),
    ("fill", Dir::Fill),
    ("if", Dir::If),
    ("include", Dir::Include),
    ("null", Dir::Data(DataKind::Null)),
    ("text", Dir::Data(DataKind::Text)),
    ("warn", Dir::Warn),
    ("word", Dir::Data(DataKind::Word)),
];

fn directive_kind(word: &str) -> Option<Dir> {
    let mut buf = [0u8; 12];
    let bytes = word.as_bytes();
    if bytes.len() > buf.len() {
        return None;
    }
    for (d, s) in buf.iter_mut().zip(bytes) {
        *d = s.to_ascii_lowercase();
    }
    let key = &buf[..bytes.len()];
    DIRECTIVES
        .binary_search_by(|(n, _)| n.as_bytes().cmp(key))
        .ok()
        .map(|i| DIRECTIVES[i].1)
}

/// Known directives; `None` if `word` is not one (then it is a macro call).
fn directive(
    cur: &mut Cursor,
    names: &mut Interner,
    word: &str,
    span: Span,
) -> PResult<Option<Body>> {
    let Some(dir) = directive_kind(word) else {
        return Ok(None);
    };
    let body = match dir {
        Dir::Data(kind) => {
            let args = arg_list(cur, names)?;
            if args.is_empty() && kind != DataKind::Text {
                return cur.err(
                    Kind::Syntax,
                    span,
                    format!("'.{word}' needs at least one value"),
                );
            }
            Body::Data {
                kind,
                args: args.into_boxed_slice(),
            }
        }
        Dir::Fill => {
            let mut args = arg_list(cur, names)?.into_iter();
            let Some(count) = args.next() else {
                return cur.err(Kind::Syntax, span, "'.fill' needs a byte count");
            };
            let value = args.next();
            if args.next().is_some() {
                return cur.err(
                    Kind::Syntax,
                    span,
                    "'.fill' takes a count and an optional value",
                );
            }
            Body::Fill(Box::new((count, value)))
        }
        Dir::Include => {
            let (path, pspan) = string_arg(cur, names, "'.include'")?;
            expect_end(cur)?;
            Body::Include(Box::new((path, pspan)))
        }
        Dir::Binary => {
            let (path, pspan) = string_arg(cur, names, "'.binary'")?;
            cur.skip_ws();
            let mut rest = Vec::new();
            if cur.eat(b',') {
                rest = arg_list(cur, names)?;
            } else {
                expect_end(cur)?;
            }
            if rest.len() > 2 {
                return cur.err(
                    Kind::Syntax,
                    span,
                    "'.binary' takes a file name, an offset and a length",
                );
            }
            let mut rest = rest.into_iter();
            Body::Binary(Box::new(BinaryDir {
                path,
                span: pspan,
                offset: rest.next(),
                length: rest.next(),
            }))
        }
        Dir::If | Dir::Elsif => {
            let cond = Box::new(ExprParser::new(cur, names).arg()?);
            expect_end(cur)?;
            if dir == Dir::If {
                Body::If {
                    cond,
                    next: 0,
                    end: 0,
                }
            } else {
                Body::Elsif {
                    cond,
                    next: 0,
                    end: 0,
                }
            }
        }
        Dir::Else => {
            expect_end(cur)?;
            Body::Else { end: 0 }
        }
        Dir::Endif => {
            expect_end(cur)?;
            Body::Endif
        }
        Dir::Endm => return cur.err(Kind::MacroMisuse, span, "'.endm' without '.macro'"),
        Dir::Endc => return cur.err(Kind::Syntax, span, "'.endc' without '.comment'"),
        Dir::Cpu => {
            let (name, nspan) = string_arg(cur, names, "'.cpu'")?;
            expect_end(cur)?;
            Body::Cpu(Box::new((name, nspan)))
        }
        Dir::Error | Dir::Warn => {
            let mut parts = Vec::new();
            if !cur.rest_is_empty() {
                loop {
                    cur.skip_ws();
                    let s = cur.pos;
                    if matches!(cur.peek(), b'"' | b'\'') {
                        let (text, _) = ExprParser::new(cur, names).raw_string()?;
                        cur.skip_ws();
                        if matches!(cur.peek(), b',' | b';' | 0) {
                            parts.push(MsgPart::Text(text));
                        } else {
                            cur.pos = s;
                            parts.push(MsgPart::Value(ExprParser::new(cur, names).arg()?));
                        }
                    } else {
                        parts.push(MsgPart::Value(ExprParser::new(cur, names).arg()?));
                    }
                    cur.skip_ws();
                    if !cur.eat(b',') {
                        break;
                    }
                }
                expect_end(cur)?;
            }
            let lspan = LSpan {
                start: span.start,
                len: (span.end - span.start) as u16,
            };
            Body::Message(Box::new(Message {
                error: dir == Dir::Error,
                parts,
                span: lspan,
            }))
        }
        Dir::End => {
            expect_end(cur)?;
            Body::End
        }
    };
    Ok(Some(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newline_search_matches_a_plain_scan() {
        let text = b"abc\ndefghijklmnop\n\nqrstuvwxyz0123456789\x80\xff\n tail";
        for from in 0..text.len() {
            let plain = text[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |p| from + p);
            assert_eq!(memchr_newline(text, from), plain, "from {from}");
        }
    }

    #[test]
    fn directive_table_is_sorted() {
        assert!(DIRECTIVES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(directive_kind("BYTE").is_some());
        assert!(directive_kind("Text").is_some());
        assert!(directive_kind("nosuchdirective").is_none());
    }

    #[test]
    fn statements_stay_small() {
        assert!(
            std::mem::size_of::<Stmt>() <= 32,
            "Stmt is {} bytes",
            std::mem::size_of::<Stmt>()
        );
        assert_eq!(std::mem::size_of::<Expr>(), 16);
    }
}

#[cfg(test)]
mod chunk_tests {
    use super::*;

    /// Feeding a file in small pieces gives the same statements as parsing it whole.
    #[test]
    fn pieces_parse_like_the_whole() {
        let text = concat!(
            "* = $1000\n",
            "start   lda #1 ; comment\n",
            "m       .macro a, b\n",
            "        .byte \\a, \\b\n",
            "        .endm\n",
            "        .comment\n",
            "        nonsense\n",
            "        .endc\n",
            "        .if 1\n",
            "        #m 1, 2\n",
            "        .endif\n",
            "        .text \"h\u{e9}llo\"\n",
            "end     rts",
        );
        let mut names = Interner::default();
        let mut errors = Vec::new();
        let whole = parse_file(0, text, &mut names, &mut errors);
        for size in [1, 2, 3, 7, 16] {
            let mut parser = FileParser::new(0, 1);
            let mut pending = String::new();
            let mut base = 0;
            let mut rest = text;
            loop {
                let mut cut = size.min(rest.len());
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                pending.push_str(&rest[..cut]);
                rest = &rest[cut..];
                let last = rest.is_empty();
                let consumed = parser.feed(&pending, base, last, &mut names);
                base += consumed;
                pending.drain(..consumed);
                if last {
                    break;
                }
            }
            let mut errs = Vec::new();
            let pieces = parser.finish(&mut errs);
            assert_eq!(pieces.stmts.len(), whole.stmts.len(), "piece size {size}");
            for (a, b) in pieces.stmts.iter().zip(&whole.stmts) {
                assert_eq!(a.line, b.line, "piece size {size}");
                assert_eq!(
                    format!("{:?}", a.body),
                    format!("{:?}", b.body),
                    "piece size {size}"
                );
            }
            assert_eq!(pieces.labels, whole.labels);
        }
    }
}
