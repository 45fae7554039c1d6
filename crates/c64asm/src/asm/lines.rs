//! Reading lines, and parsing each expression list of a line once: later
//! passes (and loop iterations) reuse the parsed trees.

use std::rc::Rc;

use super::Assembler;
use crate::source::{FileId, Span};
use crate::syntax::ast::{Expr, Pos};
use crate::syntax::expr::Parser;
use crate::syntax::scan::SyntaxError;

/// One line being assembled.
#[derive(Clone)]
pub struct LineRef {
    pub file: FileId,
    pub index: u32,
    pub text: std::sync::Arc<str>,
    pub start: usize,
    pub end: usize,
}

impl LineRef {
    pub fn at(&self, pos: usize) -> u8 {
        if pos < self.end {
            self.text.as_bytes()[pos]
        } else {
            0
        }
    }

    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end.max(start))
    }

    pub fn skip_ws(&self, mut pos: usize) -> usize {
        while pos < self.end && matches!(self.text.as_bytes()[pos], b' ' | b'\t') {
            pos += 1;
        }
        pos
    }

    /// At the end of the line or a comment.
    pub fn at_end(&self, pos: usize) -> bool {
        matches!(self.at(pos), 0 | b';')
    }
}

/// What a line's text is parsed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseKind {
    /// Comma-separated values to the end of the line.
    List,
    /// Instruction operands.
    Operands,
    /// One value, stopping before a top-level comma.
    Single,
}

/// One parse, kept for every later pass: sized exactly (a large source has
/// one per line, so its size is the assembler's memory).
pub struct Parsed {
    pub result: Result<Box<[Expr]>, Box<SyntaxError>>,
    /// Where parsing stopped (for `Single`).
    pub end: u32,
    /// Deprecated operators met, for warnings.
    pub deprecated: Box<[(Pos, &'static str)]>,
}

struct Entry {
    line: u32,
    offset: u32,
    kind: ParseKind,
    parsed: Rc<Parsed>,
}

/// Parsed expressions by file and line.
#[derive(Default)]
pub struct LineCaches {
    /// Per file: per line, the index of its first entry (u32::MAX: none yet).
    first: Vec<Vec<u32>>,
    entries: Vec<Entry>,
    /// Next entry of the same line.
    next: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl LineCaches {
    fn find(&self, file: FileId, line: u32, offset: u32, kind: ParseKind) -> Option<Rc<Parsed>> {
        let mut i = *self.first.get(file as usize)?.get(line as usize)?;
        while i != NONE {
            let e = &self.entries[i as usize];
            if e.offset == offset && e.kind == kind && e.line == line {
                return Some(e.parsed.clone());
            }
            i = self.next[i as usize];
        }
        None
    }

    fn insert(
        &mut self,
        file: FileId,
        lines: usize,
        line: u32,
        offset: u32,
        kind: ParseKind,
        parsed: Rc<Parsed>,
    ) {
        let f = file as usize;
        if self.first.len() <= f {
            self.first.resize(f + 1, Vec::new());
        }
        if self.first[f].len() < lines {
            self.first[f].resize(lines, NONE);
        }
        let id = self.entries.len() as u32;
        self.entries.push(Entry {
            line,
            offset,
            kind,
            parsed,
        });
        self.next.push(self.first[f][line as usize]);
        self.first[f][line as usize] = id;
    }
}

impl Assembler<'_> {
    /// The next line of the current text, advancing the cursor.
    pub fn next_line(&mut self) -> Option<LineRef> {
        let c = self.st.cursor;
        let f = self.src.get(c.file);
        if c.line as usize >= f.line_count() {
            return None;
        }
        let (start, end) = f.line_span(c.line as usize);
        self.st.cursor.line += 1;
        Some(LineRef {
            file: c.file,
            index: c.line,
            text: f.shared_text(),
            start,
            end,
        })
    }

    /// Parse the text of `line` from `pos` as `kind`, once per place.
    pub fn parse(&mut self, line: &LineRef, pos: usize, kind: ParseKind) -> Rc<Parsed> {
        if let Some(p) = self.lines.find(line.file, line.index, pos as u32, kind) {
            return p;
        }
        let mut p = Parser::new(&line.text, pos, line.end, &mut self.names, self.dialect);
        let result = match kind {
            ParseKind::List => p.list(),
            ParseKind::Operands => p.operands(),
            ParseKind::Single => p.single().map(|e| vec![e]),
        };
        let parsed = Rc::new(Parsed {
            result: result.map(Vec::into_boxed_slice).map_err(Box::new),
            end: p.pos as u32,
            deprecated: std::mem::take(&mut p.deprecated).into_boxed_slice(),
        });
        let lines = self.src.get(line.file).line_count();
        self.lines.insert(
            line.file,
            lines,
            line.index,
            pos as u32,
            kind,
            parsed.clone(),
        );
        parsed
    }

    /// Parse and report a syntax error; `None` on error.
    pub fn parse_exprs(
        &mut self,
        line: &LineRef,
        pos: usize,
        kind: ParseKind,
    ) -> Option<Rc<Parsed>> {
        let parsed = self.parse(line, pos, kind);
        match &parsed.result {
            Ok(_) => {
                for &(at, what) in &parsed.deprecated {
                    self.deprecation(line, at as usize, what);
                }
                Some(parsed)
            }
            Err(e) => {
                let span = line.span(e.pos as usize, e.pos as usize + 1);
                self.error(span, crate::diag::Kind::Syntax, e.msg.clone());
                None
            }
        }
    }

    fn deprecation(&mut self, line: &LineRef, at: usize, what: &str) {
        let span = line.span(at, at + 1);
        let w = &self.opts.warnings;
        match what {
            "equal" if w.old_equal => self.warn(
                "old-equal",
                span,
                "deprecated equal operator, use '==' instead".into(),
            ),
            "not equal" if w.deprecated => self.warn(
                "deprecated",
                span,
                "deprecated not equal operator, use '!=' instead".into(),
            ),
            "modulo" if w.deprecated => self.warn(
                "deprecated",
                span,
                "deprecated modulo operator, use '%' instead".into(),
            ),
            "string" if w.deprecated => self.warn(
                "deprecated",
                span,
                "please use format(\"%d\", ...) as '^' will change it's meaning".into(),
            ),
            "leading zeros" if w.leading_zeros => {
                self.warn("leading-zeros", span, "leading zeros ignored".into())
            }
            _ => {}
        }
    }
}
