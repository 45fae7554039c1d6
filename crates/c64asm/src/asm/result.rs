//! What a run produces: the recorded origin of every byte (for listings and
//! source maps), and the final [`Program`] built from the last pass.

use std::rc::Rc;
use std::sync::Arc;

use super::Assembler;
use super::lines::LineRef;
use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::program::{Program, SourceLine, Symbol, SymbolValue};
use crate::source::{FileId, Span};
use crate::symbols::GLOBAL;
use crate::value::{NsId, Value};

/// Bytes written by source lines, when recording is on.
pub struct Recorder {
    on: bool,
    pub lines: Vec<SourceLine>,
}

impl Recorder {
    pub fn new(on: bool) -> Recorder {
        Recorder { on, lines: Vec::new() }
    }

    pub fn clear(&mut self) {
        self.lines.clear();
    }
}

impl Assembler<'_> {
    /// A line that wrote no bytes (kept for listings).
    pub fn record_line(&mut self, _line: &LineRef, _note: Option<&str>) {}

    pub fn record_bytes(&mut self, line: &LineRef, addr: u32, pc: u32, len: u32) {
        if !self.record.on {
            return;
        }
        // Lines of macro expansions are attributed to the call site's chain,
        // innermost (the expanded line) first.
        let (file, index) = self.origin(line.file, line.index);
        let col = line.skip_ws(line.start) - line.start;
        if let Some(last) = self.record.lines.last_mut()
            && last.file == file
            && last.line == index + 1
            && last.addr + last.len == addr
            && last.pc + last.len == pc
            && last.expanded == (line.file != file)
        {
            last.len += len;
            return;
        }
        self.record.lines.push(SourceLine {
            file,
            line: index + 1,
            column: col as u32 + 1,
            addr,
            pc,
            len,
            expanded: line.file != file,
            text_file: line.file,
            text_line: line.index,
        });
    }

    /// The real file and line of a line (macro expansions map to their body).
    fn origin(&self, file: FileId, index: u32) -> (FileId, u32) {
        let mut f = file;
        let mut i = index;
        for _ in 0..64 {
            match self.src.get(f).expansion {
                Some(e) => {
                    i += e.body_line;
                    f = e.body_file;
                }
                None => break,
            }
        }
        (f, i)
    }

    /// Every label and constant, with its scoped name.
    fn symbols(&self) -> Vec<Symbol> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.collect_symbols(GLOBAL, String::new(), &mut out, &mut seen, 0);
        out
    }

    fn collect_symbols(&self, ns: NsId, prefix: String, out: &mut Vec<Symbol>, seen: &mut std::collections::HashSet<u32>, depth: u32) {
        if depth > 32 || !seen.insert(ns.0) {
            return;
        }
        for (_, id) in self.syms.entries(ns) {
            let l = self.syms.label(id);
            if l.display.starts_with('\u{1}') {
                // An anonymous scope: its labels are not reachable by name.
                continue;
            }
            if l.defpass != self.st.pass {
                continue;
            }
            let name = if prefix.is_empty() {
                l.display.to_string()
            } else {
                format!("{prefix}.{}", l.display)
            };
            let value = match &l.value {
                Value::Code(cid) => {
                    let c = self.syms.code(*cid);
                    SymbolValue::Address(c.addr)
                }
                Value::Int(i) => SymbolValue::Number(*i as i128),
                Value::Bool(b) => SymbolValue::Number(*b as i128),
                Value::Bits(b) => SymbolValue::Number(b.to_i128()),
                _ => SymbolValue::Other,
            };
            let repr = match &l.value {
                Value::Macro(..) | Value::Func(_) | Value::Namespace(_) | Value::Encoding(_) | Value::Lbl(_) => None,
                v => Some(crate::value::repr::repr(v, self)),
            };
            out.push(Symbol {
                name: name.clone(),
                value,
                repr,
                variable: !l.constant,
                span: l.span,
            });
            let inner = match &l.value {
                Value::Code(cid) => Some(self.syms.code(*cid).names),
                Value::Namespace(n) => Some(*n),
                _ => None,
            };
            if let Some(n) = inner {
                self.collect_symbols(n, name, out, seen, depth + 1);
            }
        }
    }

    fn to_diagnostic(&self, p: &super::Pending) -> Diagnostic {
        let f = self.src.get(p.span.file);
        let (line, column) = f.line_col(p.span.start as usize);
        let mut notes = p.notes.clone();
        // Where a macro expansion's line comes from.
        if let Some(e) = f.expansion {
            let body = self.src.get(e.body_file);
            let (bl, _) = body.line_col(body.line_start((e.body_line as usize) + line - 1));
            notes.push(format!("original location in an expanded macro: {}:{}", body.name, bl));
        }
        for s in p.chain.iter().rev() {
            notes.push(format!("from {}", self.src.location(*s)));
        }
        let (line, name) = self.display_position(p.span.file, line);
        Diagnostic {
            severity: p.severity,
            kind: p.kind,
            message: p.msg.clone(),
            file: name,
            line,
            column,
            notes,
            switch: p.switch,
            span: Some(p.span),
            secondary: p
                .related
                .iter()
                .map(|(s, m)| (*s, m.clone()))
                .collect(),
        }
    }

    /// Line number and file name as the user knows them.
    fn display_position(&self, file: FileId, line: usize) -> (usize, String) {
        let f = self.src.get(file);
        match f.expansion {
            Some(e) => {
                let (bf, bl) = self.origin(file, (line - 1) as u32);
                let _ = e;
                (bl as usize + 1, self.src.get(bf).name.clone())
            }
            None => (line, f.name.clone()),
        }
    }

    pub fn finish(self) -> Result<Program, Diagnostics> {
        let diags: Vec<Diagnostic> = self.diags.iter().map(|p| self.to_diagnostic(p)).collect();
        let has_errors = diags.iter().any(|d| d.severity == Severity::Error);
        let symbols = self.symbols();
        let passes = self.st.pass;
        let Assembler { src, out, record, files, opts, .. } = self;
        let sources = Arc::new(src);
        if has_errors {
            return Err(Diagnostics::new(diags, Some(sources)));
        }
        let (load_address, image) = out.image().unwrap_or((0, Vec::new()));
        Ok(Program {
            load_address,
            image,
            warnings: Diagnostics::new(diags, Some(sources.clone())),
            symbols,
            lines: record.lines,
            files: files.read,
            long_address: opts.long_address,
            sources,
            passes,
        })
    }
}

/// Unused helper kept for spans of synthesized lines.
pub fn _span(file: FileId) -> Span {
    Span::new(file, 0, 0)
}

pub fn _rc(s: &str) -> Rc<str> {
    Rc::from(s)
}
