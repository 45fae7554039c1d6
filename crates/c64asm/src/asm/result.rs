//! What a run produces: the recorded origin of every byte (for listings and
//! source maps), and the final [`Program`] built from the last pass.

use std::sync::Arc;

use super::Assembler;
use super::lines::LineRef;
use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::listing::{Entered, ListRow, RowKind};
use crate::program::{Program, SourceLine, Symbol, SymbolFacts, SymbolValue};
use crate::source::FileId;
use crate::symbols::{GLOBAL, LabelId};
use crate::syntax::scan::ident_len;
use crate::value::{NsId, Value};

/// Bytes written by source lines, and the listing's rows, when recording
/// is on.
pub struct Recorder {
    on: bool,
    pub lines: Vec<SourceLine>,
    pub rows: Vec<ListRow>,
    /// `.proff` is in force (until `.pron`).
    pub off: bool,
    /// Inside a function called in an expression: nothing of it is listed.
    pub quiet: u32,
    /// The line (file and line index: a function called in the line runs
    /// lines of its own) whose label row was listed ahead, to be replaced by
    /// the line's own row if it has one.
    pending: Option<(FileId, u32)>,
    /// `--verbose-list`: every line assembled is listed.
    verbose: bool,
    /// The line whose text row was listed ahead (`--verbose-list`), to be
    /// replaced by the line's own row if it has one.
    shown: Option<(FileId, u32)>,
    /// The text of the last loop's closing line, listed once after the loop.
    pub loop_end: Option<Box<str>>,
}

impl Recorder {
    pub fn new(on: bool, verbose: bool) -> Recorder {
        Recorder {
            verbose,
            shown: None,
            loop_end: None,
            on,
            lines: Vec::new(),
            rows: Vec::new(),
            off: false,
            quiet: 0,
            pending: None,
        }
    }

    pub fn clear(&mut self) {
        self.lines.clear();
        self.rows.clear();
        self.off = false;
        self.quiet = 0;
        self.pending = None;
        self.shown = None;
        self.loop_end = None;
    }

    /// Whether rows are listed now.
    fn listing(&self) -> bool {
        self.on && !self.off && self.quiet == 0
    }
}

impl Assembler<'_> {
    /// A labelled line starts: its label is listed (at the address before
    /// the line), unless the line lists something of its own (bytes, a
    /// value) or is not listed at all ([`Assembler::record_unlist`]).
    pub fn record_label_start(&mut self, line: &LineRef) {
        if !self.record.listing() {
            return;
        }
        let label = self.label_of(line);
        if label.is_empty() {
            return;
        }
        let label = self.label_text(line, label);
        self.push_row(line, RowKind::Label, Some(label));
        self.record.pending = Some((line.file, line.index));
    }

    /// A label row's text: the label, or with `--verbose-list` the whole line.
    fn label_text(&self, line: &LineRef, label: &str) -> String {
        if self.record.verbose {
            line.text[line.start..line.end].trim_end().to_string()
        } else {
            label.to_string()
        }
    }

    /// The line's label is not listed (an unused `.proc`); with
    /// `--verbose-list` the line is, as text.
    pub fn record_unlist(&mut self, line: &LineRef) {
        self.take_placeholder(line);
        if self.record.verbose && self.record.listing() {
            self.push_row(line, RowKind::Text, None);
        }
    }

    /// `--verbose-list`: a line starts; returns whether it is assembled.
    /// An assembled line's text is listed ahead, replaced by its own row if
    /// it has one.
    pub fn verbose_line_start(&mut self, line: &LineRef) -> bool {
        let active = self.st.active();
        if self.record.verbose && active && self.record.listing() {
            self.push_row(line, RowKind::Text, None);
            self.record.shown = Some((line.file, line.index));
        }
        active
    }

    /// `--verbose-list`: a line ended. One that closed a block skipped so far
    /// (`.endif`, `.endm`, `.endc`) is listed; one that starts skipping after
    /// a branch taken (`.else`, `.elsif`, `.case`) is not.
    pub fn verbose_line_end(&mut self, line: &LineRef, was_active: bool) {
        if !self.record.verbose || !self.record.listing() {
            return;
        }
        let active = self.st.active();
        if !was_active && active {
            self.push_row(line, RowKind::Text, None);
        } else if was_active && !active && self.takes_branch(line) {
            self.drop_shown(line);
        }
        self.record.shown = None;
    }

    /// `--verbose-list`: a loop's closing line, met each time round, is
    /// listed once when the loop is done.
    pub fn verbose_loop_end(&mut self, line: &LineRef) {
        if self.record.verbose && self.record.listing() && self.st.active() {
            self.drop_shown(line);
            // A labelled one is listed by its label's row already.
            if self.label_of(line).is_empty() {
                self.record.loop_end = Some(line.text[line.start..line.end].trim_end().into());
            }
        }
    }

    /// `--verbose-list`: after a loop, its closing line.
    pub fn verbose_after_loop(&mut self) {
        if let Some(text) = self.record.loop_end.take()
            && self.record.listing()
        {
            // After the loop's own row (not in place of it).
            let at = self.out.addr(self.st.addr);
            self.record.rows.push(ListRow {
                kind: RowKind::Text,
                addr: at.address,
                pc: at.l_address,
                mem: at.mem,
                bytes: Vec::new(),
                text,
                from: self.st.vline,
            });
        }
    }

    /// `.else`, `.elsif`, `.case`, `.default`: a branch directive.
    fn takes_branch(&self, line: &LineRef) -> bool {
        let start = line.skip_ws(line.start);
        let (stmt, _) = self.statement(line);
        let at = if line.at(stmt) == b'.' { stmt } else { start };
        if line.at(at) != b'.' {
            return false;
        }
        let word: String = line.text[at + 1..line.end]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        matches!(
            word.as_str(),
            "else" | "elsif" | "elif" | "case" | "default"
        )
    }

    /// Drop the text row listed ahead for `line` (`--verbose-list`), if last.
    pub fn drop_shown(&mut self, line: &LineRef) {
        if self.record.shown != Some((line.file, line.index)) {
            return;
        }
        self.record.shown = None;
        if self
            .record
            .rows
            .last()
            .is_some_and(|r| matches!(r.kind, RowKind::Text))
        {
            self.record.rows.pop();
        }
    }

    /// Drop the label row listed ahead for `line`, if it is the last row.
    fn take_placeholder(&mut self, line: &LineRef) {
        self.drop_shown(line);
        if self.record.pending != Some((line.file, line.index)) {
            return;
        }
        self.record.pending = None;
        if self
            .record
            .rows
            .last()
            .is_some_and(|r| matches!(r.kind, RowKind::Label))
        {
            self.record.rows.pop();
        }
    }

    /// A line that wrote no bytes: listed when it has a label (the label
    /// alone, at the current address, as 64tass lists `label` or `blk .block`).
    pub fn record_line(&mut self, line: &LineRef, _note: Option<&str>) {
        if !self.record.on {
            return;
        }
        let label = self.label_of(line);
        if label.is_empty() {
            return;
        }
        let label = self.label_text(line, label);
        self.push_row(line, RowKind::Label, Some(label));
    }

    /// A macro call's line: its label is listed, a macro called by its bare
    /// name (`mac 5`, which reads as a label) is not.
    /// Returns the row's place, for [`Assembler::record_call_value`].
    pub fn record_call_line(&mut self, line: &LineRef, call: crate::source::Span) -> Option<usize> {
        if !self.record.listing() {
            return None;
        }
        // A macro call's line is not listed, even with `--verbose-list`.
        self.drop_shown(line);
        let label = self.label_of(line);
        // Where the label's name starts in the line's text.
        let at = line.start + (label.len() - label.trim_start().len());
        if label.is_empty() || at == call.start as usize {
            return None;
        }
        // The label alone, also with `--verbose-list` (64tass).
        let label = label.to_string();
        self.push_row(line, RowKind::Label, Some(label));
        Some(self.record.rows.len() - 1)
    }

    /// The label of a macro call took the macro's value: its row shows the
    /// value and the whole line (64tass: `=$f1  ptr #reserve 2`).
    pub fn record_call_value(&mut self, row: Option<usize>, line: &LineRef, v: &Value) {
        let text = line.text[line.start..line.end].trim_end().into();
        self.record_row_value(row, v, Some(text));
    }

    /// A label row listed ahead shows the value its label got (`text`: the
    /// row's new source text).
    pub fn record_row_value(&mut self, row: Option<usize>, v: &Value, text: Option<Box<str>>) {
        let Some(row) = row else { return };
        let shown = self.shown_value(v);
        if let Some(r) = self.record.rows.get_mut(row) {
            r.kind = RowKind::Value(shown.into());
            if let Some(text) = text {
                r.text = text;
            }
        }
    }

    /// The place of the last row if it is the current line's label row.
    pub fn label_row(&self) -> Option<usize> {
        let last = self.record.rows.last()?;
        matches!(last.kind, RowKind::Label).then(|| self.record.rows.len() - 1)
    }

    /// A value as a listing's `=` column shows it: an error kept in the
    /// value, or a value with no literal form (a namespace, a macro, a
    /// function, a type), shows as nothing (64tass).
    fn shown_value(&self, v: &Value) -> String {
        match crate::value::repr::repr(v, self) {
            r if matches!(v, Value::Error(_)) || r.starts_with('<') => String::new(),
            r => r,
        }
    }

    /// A constant's line: its value first (`=$fb`).
    pub fn record_value(&mut self, line: &LineRef, v: &Value) {
        if !self.record.on {
            return;
        }
        let shown = self.shown_value(v);
        self.push_row(line, RowKind::Value(shown.into()), None);
    }

    /// Bytes written to the memories `moved` went `change` further (a
    /// section placed after its fragments): their rows and source lines follow.
    pub fn record_relocated(&mut self, moved: &[crate::output::MemId], change: u32, mask: u32) {
        let rows = self
            .record
            .rows
            .iter_mut()
            .filter(|r| moved.contains(&r.mem));
        for r in rows {
            if !matches!(r.kind, RowKind::Enter { .. } | RowKind::Return(_)) {
                r.addr = r.addr.wrapping_add(change) & mask;
            }
        }
        for l in self
            .record
            .lines
            .iter_mut()
            .filter(|l| moved.contains(&l.mem))
        {
            l.addr = l.addr.wrapping_add(change) & mask;
        }
    }

    /// An instruction that assembled to nothing (`gne` to the next line).
    pub fn record_empty_instruction(&mut self, line: &LineRef) {
        if self.record.on {
            self.push_row(line, RowKind::Code, None);
        }
    }

    /// Space reserved without bytes (`.fill 2`, `.byte ?`, `.align`).
    pub fn record_gap(&mut self, line: &LineRef) {
        if !self.record.listing() {
            return;
        }
        self.take_placeholder(line);
        if self
            .record
            .rows
            .last()
            .is_some_and(|r| r.from == self.st.vline)
        {
            return;
        }
        self.push_row(line, RowKind::Data, None);
    }

    /// A file starts (`what`), or assembly returns to `file` after an include.
    pub fn record_file(&mut self, file: FileId, what: Option<Entered>) {
        if !self.record.listing() {
            return;
        }
        let kind = match what {
            Some(what) => RowKind::Enter { file, what },
            None => RowKind::Return(file),
        };
        self.record.rows.push(ListRow {
            kind,
            addr: 0,
            pc: 0,
            mem: 0,
            bytes: Vec::new(),
            text: "".into(),
            from: u32::MAX,
        });
    }

    /// A listing row at the current address: the line's text, or `text`.
    fn push_row(&mut self, line: &LineRef, kind: RowKind, text: Option<String>) {
        if !self.record.listing() {
            return;
        }
        self.take_placeholder(line);
        let at = self.out.addr(self.st.addr);
        let text = text.unwrap_or_else(|| line.text[line.start..line.end].trim_end().to_string());
        self.record.rows.push(ListRow {
            kind,
            addr: at.address,
            pc: at.l_address,
            mem: at.mem,
            bytes: Vec::new(),
            text: text.into(),
            from: self.st.vline,
        });
    }

    pub fn record_bytes(&mut self, line: &LineRef, addr: u32, pc: u32, bytes: &[u8]) {
        if !self.record.on {
            return;
        }
        self.record_row_bytes(line, addr, pc, bytes);
        let len = bytes.len() as u32;
        // Lines of macro expansions are attributed to the macro's body line,
        // and remember the outermost call.
        let (file, index) = self.origin(line.file, line.index);
        let (statement, code) = self.statement(line);
        let column = (statement - line.start) as u32 + 1;
        let call = (line.file != file)
            .then(|| self.st.chain.first().copied())
            .flatten();
        if let Some(last) = self.record.lines.last_mut()
            && last.file == file
            && last.line == index + 1
            && last.column == column
            && last.addr + last.len == addr
            && last.pc + last.len == pc
            && last.code == code
            && last.call == call
        {
            last.len += len;
            return;
        }
        self.record.lines.push(SourceLine {
            file,
            line: index + 1,
            column,
            addr,
            pc,
            len,
            expanded: line.file != file,
            code,
            call,
            text_file: line.file,
            text_line: line.index,
            mem: self.out.addr(self.st.addr).mem,
        });
    }

    /// The listing row of bytes a line wrote: joined to the row before when
    /// the same line wrote it there just before (`.byte 1, 2` in parts).
    fn record_row_bytes(&mut self, line: &LineRef, addr: u32, pc: u32, bytes: &[u8]) {
        if !self.record.listing() {
            return;
        }
        self.take_placeholder(line);
        let (_, code) = self.statement(line);
        let from = self.st.vline;
        let mut text: Box<str> = line.text[line.start..line.end].trim_end().into();
        if let Some(last) = self.record.rows.last_mut()
            && last.from == from
        {
            if matches!(last.kind, RowKind::Code | RowKind::Data)
                && last.addr + last.bytes.len() as u32 == addr
            {
                last.bytes.extend_from_slice(bytes);
                return;
            }
            // Bytes after a gap the line left: a row of their own, no source.
            text = "".into();
        }
        let mem = self.out.addr(self.st.addr).mem;
        self.record.rows.push(ListRow {
            kind: if code { RowKind::Code } else { RowKind::Data },
            addr,
            pc,
            mem,
            bytes: bytes.to_vec(),
            text,
            from,
        });
    }

    /// The label a line starts with (`name`, `name:`, `-`, `+`), or "".
    fn label_of<'l>(&self, line: &'l LineRef) -> &'l str {
        let text = &line.text[..line.end];
        let start = line.skip_ws(line.start);
        let (statement, _) = self.statement(line);
        if statement > start {
            return text[line.start..statement].trim_end();
        }
        // A label alone: no instruction and nothing after it.
        let mut end = start + ident_len(text, start, self.dialect.unicode);
        if end == start {
            while matches!(line.at(end), b'-' | b'+') {
                end += 1;
            }
        }
        if end == start || (line.at(end) != b':' && self.is_mnemonic(&text[start..end])) {
            return "";
        }
        if line.at(end) == b':' {
            end += 1;
        }
        if !line.at_end(line.skip_ws(end)) {
            return "";
        }
        &text[line.start..end]
    }

    /// Where a line's statement starts, after a leading label (`name`,
    /// `name:`, `-`, `+`), and whether it is an instruction (code) rather
    /// than data: the column a source map names for the line's bytes.
    fn statement(&self, line: &LineRef) -> (usize, bool) {
        let text = &line.text[..line.end];
        let unicode = self.dialect.unicode;
        let instruction = |pos: usize| {
            ident_len(text, pos, unicode) == 3
                && line.at(pos + 3) != b':'
                && self.is_mnemonic(&text[pos..pos + 3])
        };
        let start = line.skip_ws(line.start);
        if instruction(start) {
            return (start, true);
        }
        let mut pos = start + ident_len(text, start, unicode);
        if pos == start {
            while matches!(line.at(pos), b'-' | b'+') {
                pos += 1;
            }
        }
        if pos == start {
            return (start, false);
        }
        if line.at(pos) == b':' {
            pos += 1;
        }
        let next = line.skip_ws(pos);
        // A label ends at a blank, or at its colon (`loop:inx`).
        if (next == pos && line.at(pos - 1) != b':') || line.at_end(next) {
            return (start, false);
        }
        (next, instruction(next))
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

    /// Every label and constant, with its scoped name, in 64tass's order
    /// (each namespace's table order, a scope's members right after the
    /// label that made it).
    fn symbols(&self) -> Vec<Symbol> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.collect_symbols(GLOBAL, "", true, &mut out, &mut seen, 0);
        out
    }

    /// `vice_path`: every scope on the way has a name VICE accepts (64tass's
    /// `--vice-labels` list only goes into such scopes).
    fn collect_symbols(
        &self,
        ns: NsId,
        prefix: &str,
        vice_path: bool,
        out: &mut Vec<Symbol>,
        seen: &mut std::collections::HashSet<u32>,
        depth: u32,
    ) {
        if depth > 32 || !seen.insert(ns.0) {
            return;
        }
        for id in self.syms.table_order(ns, &self.names) {
            let l = self.syms.label(id);
            let display = l.display(&self.names);
            if matches!(display, "-" | "+") || display.starts_with('\u{1}') {
                // Anonymous labels and scopes are not reachable by name.
                continue;
            }
            if l.defpass != self.st.pass || self.shadowed(ns, id) {
                continue;
            }
            let assembled = match &l.value {
                Value::Macro(..) | Value::Lbl(_) => false,
                Value::Code(c) => self.syms.code(c.id).pass == self.st.pass,
                _ => true,
            };
            if !assembled {
                continue;
            }
            let name = if prefix.is_empty() {
                display.to_string()
            } else {
                format!("{prefix}.{display}")
            };
            let (address, number) = match &l.value {
                Value::Code(c) => (true, Some(crate::value::Env::code_value(self, *c))),
                Value::Addr(a) if a.mode.0 == 0 => (true, Some(a.val.clone())),
                Value::Bits(_) | Value::Int(_) => (false, Some(l.value.clone())),
                _ => (false, None),
            };
            let number = number.and_then(|v| crate::value::convert::to_ival(&v, 64, self).ok());
            let value = match (&l.value, number) {
                (_, Some(a)) if address && (0..1 << 32).contains(&a) => {
                    SymbolValue::Address(a as u32)
                }
                (Value::Int(i), _) => SymbolValue::Number(*i as i128),
                (Value::Bool(b), _) => SymbolValue::Number(*b as i128),
                (Value::Bits(b), _) => SymbolValue::Number(b.to_i128()),
                _ => SymbolValue::Other,
            };
            let repr = match &l.value {
                // A constant whose value failed (never used): 64tass lists nothing.
                Value::Error(_) => None,
                Value::Func(_)
                | Value::Namespace(_)
                | Value::Encoding(_)
                | Value::Type(_)
                | Value::Builtin(_) => None,
                v => Some(crate::value::repr::repr(v, self)),
            };
            let vice_name = vice_path
                && l.constant
                && display
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_');
            out.push(Symbol {
                name: name.clone(),
                value,
                repr,
                variable: !l.constant,
                facts: SymbolFacts {
                    address,
                    number,
                    code_size: match &l.value {
                        Value::Code(c) => self.code_size(*c).ok(),
                        _ => None,
                    },
                    vice_name,
                    top: depth == 0,
                    scope: matches!(l.value, Value::Code(_) | Value::Namespace(_)),
                },
                span: l.span,
            });
            let inner = match &l.value {
                Value::Code(c) => Some(self.syms.code(c.id).names),
                Value::Namespace(n) => Some(*n),
                _ => None,
            };
            if let Some(n) = inner
                && self.syms.ns(n).creator.is_none_or(|c| c == id)
            {
                self.collect_symbols(n, &name, vice_name, out, seen, depth + 1);
            }
        }
    }

    /// A weaker (`.weak`) label hidden by a stronger one of the same name.
    fn shadowed(&self, ns: NsId, id: LabelId) -> bool {
        let l = self.syms.label(id);
        l.strength != 0
            && self.syms.entries(ns).iter().any(|&(_, o)| {
                o != id && {
                    let other = self.syms.label(o);
                    other.display(&self.names) == l.display(&self.names)
                        && other.strength < l.strength
                        && other.defpass == self.st.pass
                }
            })
    }

    fn to_diagnostic(&self, p: &super::Pending) -> Diagnostic {
        let f = self.src.get(p.span.file);
        let (line, column) = f.line_col(p.span.start as usize);
        let mut notes = p.notes.clone();
        // Where a macro expansion's line comes from.
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
            secondary: p.related.iter().map(|(s, m)| (*s, m.clone())).collect(),
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

    pub fn finish(mut self) -> Result<Program, Diagnostics> {
        let has_errors = self.diags.iter().any(|d| d.severity == Severity::Error);
        // A failed run shows its errors only, as 64tass does.
        let diags: Vec<Diagnostic> = self
            .diags
            .iter()
            .filter(|p| !has_errors || p.severity == Severity::Error)
            .map(|p| self.to_diagnostic(p))
            .collect();
        let symbols = if self.opts.list_symbols {
            // The parsed lines are done with: their memory (most of the
            // run's) goes back before the symbol list is made, so the two
            // don't add up.
            drop(std::mem::take(&mut self.lines));
            self.symbols()
        } else {
            Vec::new()
        };
        let passes = self.st.pass;
        let Assembler {
            src,
            out,
            record,
            files,
            opts,
            lines,
            names,
            syms,
            macros,
            ..
        } = self;
        if !opts.free_memory {
            std::mem::forget((lines, names, syms, macros));
        }
        let sources = Arc::new(src);
        if has_errors {
            return Err(Diagnostics::new(diags, Some(sources)));
        }
        let (load_address, image) = out.image().unwrap_or((0, Vec::new()));
        let blocks = out
            .blocks()
            .into_iter()
            .map(|(a, b)| (a, b.to_vec()))
            .collect();
        let sections = out.section_ranges();
        Ok(Program {
            load_address,
            image,
            blocks,
            sections,
            case_sensitive: opts.case_sensitive,
            warnings: Diagnostics::new(diags, Some(sources.clone())),
            symbols,
            lines: record.lines,
            rows: record.rows,
            files: files.read,
            long_address: opts.long_address,
            wide_offsets: opts.long_address || opts.flat_image,
            verbose_listing: opts.verbose_list,
            flat_image: opts.flat_image,
            differs_in_4gib: out.differs_in_4gib,
            sources,
            passes,
        })
    }
}
