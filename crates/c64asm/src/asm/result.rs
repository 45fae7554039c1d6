//! What a run produces: the recorded origin of every byte (for source maps
//! and, with `listed.rs`, listings), and the final [`Program`] built from the
//! last pass.

use std::sync::Arc;

use super::Assembler;
use super::lines::LineRef;
pub use super::listed::Recorder;
use crate::diag::{Diagnostic, Diagnostics, Kind, Severity};
use crate::program::{Program, SourceLine, SymbolFacts, SymbolLists, SymbolValue};
use crate::source::FileId;
use crate::symbols::{GLOBAL, LabelId};
use crate::syntax::scan::ident_len;
use crate::value::{CodeRef, FuncId, MacroKind, NsId, Value};

impl Assembler<'_> {
    /// Whether a label plus its offset lies outside the address space
    /// (64tass wraps the address around where it is taken as a number).
    pub(super) fn code_wraps(&self, code: CodeRef) -> bool {
        let raw = self.syms.code(code.id).addr as i64 + code.offs as i64;
        raw & self.out.all_mem as i64 != raw
    }

    pub fn record_bytes(&mut self, line: &LineRef, addr: u32, pc: u32, bytes: &[u8]) {
        if !self.recording() {
            return;
        }
        self.record_row_bytes(line, addr, pc, bytes);
        if !self.record.lines_on {
            return;
        }
        let len = bytes.len() as u32;
        // More bytes of the line that wrote the last ones, right after them
        // (`.byte 1, 2` writes its values one at a time).
        let from = (self.st.vline, line.file, line.index, line.start);
        if self.record.lines_from == Some(from)
            && let Some(last) = self.record.lines.last_mut()
            && last.addr + last.len == addr
            && last.pc + last.len == pc
        {
            last.len += len;
            return;
        }
        self.record.lines_from = Some(from);
        // Lines of macro expansions are attributed to the macro's body line,
        // and remember the outermost call.
        let (file, index) = self.src.origin(line.file, line.index);
        let (statement, code) = self.recorded_statement(line);
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

    /// Where a line's statement starts, after a leading label (`name`,
    /// `name:`, `-`, `+`), and whether it is an instruction (code) rather
    /// than data: the column a source map names for the line's bytes.
    pub(super) fn statement(&self, line: &LineRef) -> (usize, bool) {
        let text = &line.text[..line.end];
        let unicode = self.dialect.unicode;
        // `lda.b` is a dotted label, not `lda` (64tass reads the path first).
        let dotted = |pos: usize| line.at(pos) == b'.' && line.at(pos + 1) != b'.';
        let instruction = |pos: usize| {
            ident_len(text, pos, unicode) == 3
                && line.at(pos + 3) != b':'
                && !dotted(pos + 3)
                && self.is_mnemonic(&text[pos..pos + 3])
        };
        let start = line.skip_ws(line.start);
        if instruction(start) {
            return (start, true);
        }
        let mut pos = start + ident_len(text, start, unicode);
        // `scope.name lda #1` defines `name` in `scope`: the label is the path.
        while pos > start && dotted(pos) {
            let part = ident_len(text, pos + 1, unicode);
            if part == 0 {
                break;
            }
            pos += 1 + part;
        }
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

    /// Every label and constant, with its scoped name, in 64tass's order
    /// (each namespace's table order, a scope's members right after the
    /// label that made it).
    fn symbols(&self) -> SymbolLists {
        let mut lists = SymbolLists::default();
        let mut seen = rustc_hash::FxHashSet::default();
        self.collect_symbols(GLOBAL, "", true, true, &mut lists, &mut seen, 0);
        // Kept to the run's end: no room left over (shrunk in place).
        lists.shrink_to_fit();
        lists
    }

    /// `vice_path`: every scope on the way has a name VICE accepts (64tass's
    /// `--vice-labels` list only goes into such scopes).
    /// `listed`: the scope is assembled; below a `.proc` left out, or in a
    /// structure's fields, symbols go to `--dump-labels` only (64tass dumps
    /// every namespace it has, its other lists skip code not assembled).
    #[allow(clippy::too_many_arguments)]
    fn collect_symbols(
        &self,
        ns: NsId,
        prefix: &str,
        vice_path: bool,
        listed: bool,
        out: &mut SymbolLists,
        seen: &mut rustc_hash::FxHashSet<u32>,
        depth: u32,
    ) {
        if depth > 32 || (depth > 0 && !self.opts.nested_symbols) || !seen.insert(ns.0) {
            return;
        }
        for id in self.syms.table_order(ns, &self.names) {
            let l = self.syms.label(id);
            let display = self.syms.display(id, &self.names);
            if matches!(display, "-" | "+") || display.starts_with('\u{1}') {
                // Anonymous labels and scopes are not reachable by name.
                continue;
            }
            // What only an earlier pass defined (in left-out code, or under
            // a condition that turned false) is only dumped, with the value
            // it had then; a `.weak` definition a stronger one hides too.
            let listed = listed && l.defpass == self.st.pass && !self.shadowed(ns, id);
            let this_listed = match &l.value {
                Value::Macro(MacroKind::Struct | MacroKind::Union, m) => {
                    // Not a symbol of any list, but its fields are dumped.
                    let names = self.macros.get(*m).names;
                    let name = self.scoped(prefix, display);
                    self.collect_symbols(names, &name, false, false, out, seen, depth + 1);
                    out.structures.push(name);
                    continue;
                }
                Value::Macro(..) | Value::Lbl(_) => continue,
                // As 64tass: code whose size was not set where it was last
                // defined (a `.proc` left out) is left out; `*` read in a
                // structure and named (`top = s.here`) is not.
                Value::Code(c) => {
                    let code = self.syms.code(c.id);
                    listed && (code.pass == self.st.pass || code.pass == code.apass)
                }
                _ => listed,
            };
            let at = out.start_name(prefix, display);
            let (address, number) = match &l.value {
                Value::Code(c) => (true, Some(crate::value::Env::code_value(self, *c))),
                Value::Addr(a) if a.mode.0 == 0 => (true, Some(a.val.clone())),
                Value::Bits(_) | Value::Int(_) => (false, Some(l.value.clone())),
                _ => (false, None),
            };
            // Most labels' numbers are bit strings (a code label's address,
            // a `$` constant): read straight, their repr written in place.
            let mut hex = [0u8; 18];
            let quick = match &number {
                Some(Value::Bits(b)) => self.quick_bits_facts(*b, &mut hex),
                _ => None,
            };
            let (vice_value, int) = match quick {
                Some((vice_value, int, _)) => (vice_value, Some(int)),
                None => self.number_facts(number.as_ref()),
            };
            let value = match (&l.value, int) {
                (_, Some(a)) if address && (0..1 << 32).contains(&a) => {
                    SymbolValue::Address(a as u32)
                }
                (Value::Int(i), _) => SymbolValue::Number(*i as i128),
                (Value::Bool(b), _) => SymbolValue::Number(*b as i128),
                (Value::Bits(b), _) => SymbolValue::Number(b.to_i128()),
                _ => SymbolValue::Other,
            };
            // Code is spelled as its value, a bit string as itself.
            let quick_repr = quick
                .and_then(|(_, _, repr)| repr)
                .filter(|_| matches!(l.value, Value::Code(_) | Value::Bits(_)));
            let repr_made = match (&l.value, quick_repr) {
                (_, Some(_)) => None,
                // A constant whose value failed or was not looked for (never
                // used): 64tass lists nothing.
                (Value::Error(_) | Value::None, _) => None,
                // No literal form, or a list holding one (`[m]`): not listed.
                (v, _) if !crate::value::repr::has_literal_form(v) => None,
                // Code is spelled as its value (made above once).
                (Value::Code(_), _) => number.as_ref().map(|n| crate::value::repr::repr(n, self)),
                (v, _) => Some(crate::value::repr::repr(v, self)),
            };
            debug_assert!(quick_repr.is_none_or(|r| {
                let general = match &l.value {
                    Value::Code(_) => number.as_ref().map(|n| crate::value::repr::repr(n, self)),
                    v => Some(crate::value::repr::repr(v, self)),
                };
                general.as_deref() == Some(r)
            }));
            let repr = quick_repr.or(repr_made.as_deref());
            let vice_name = vice_path
                && l.constant()
                && display
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_');
            let inner = match &l.value {
                Value::Code(c) => Some(self.syms.code(c.id).names),
                Value::Namespace(n) => Some(*n),
                // What a `.function`'s own scope holds (`f.count := 1`).
                Value::Func(f @ FuncId(_, false)) => Some(self.macros.func(*f).names),
                _ => None,
            }
            // A label that owns its value (64tass's `owner`: not a constant
            // naming another's scope, `top = s.here`) is looked into, also
            // when the scope is another's: a label given a function's result
            // (`music #load "x.sid"`) lists that label's members under its name.
            .filter(|_| l.owner())
            // Most code labels' scopes are empty: their name not copied.
            .filter(|&n| !self.syms.ns(n).is_empty());
            let scope_name = inner.map(|_| out.name_from(at).to_string());
            let facts = SymbolFacts {
                address,
                number: int,
                vice_value,
                wrapped: matches!(l.value, Value::Code(c) if self.code_wraps(c)),
                code_size: match &l.value {
                    Value::Code(c) => self.code_size(*c).ok(),
                    _ => None,
                },
                vice_name,
                top: depth == 0,
                scope: matches!(l.value, Value::Code(_) | Value::Namespace(_)),
            };
            let span = self.syms.span(id);
            out.push(at, repr, &value, !l.constant(), &facts, span, this_listed);
            if let (Some(n), Some(name)) = (inner, scope_name) {
                self.collect_symbols(n, &name, vice_name, this_listed, out, seen, depth + 1);
            }
        }
    }

    /// A label file's numbers of a value: as VICE lists it (24 bits), and
    /// as a signed number; `None` where it is not one.
    fn number_facts(&self, number: Option<&Value>) -> (Option<u32>, Option<i64>) {
        let vice_value = number
            .and_then(|v| crate::value::convert::to_uval(v, 24, self).ok())
            .map(|u| (u & 0xff_ffff) as u32);
        let int = number.and_then(|v| crate::value::convert::to_ival(v, 64, self).ok());
        (vice_value, int)
    }

    /// [`Assembler::number_facts`] of a bit string that fits 64 bits, and
    /// its repr where it is short hex (written into `hex`), without the
    /// conversions' general paths or a `String`: `None` where either
    /// conversion would fail (the general path says so). A debug build
    /// checks the answer against the general one.
    #[inline]
    fn quick_bits_facts<'h>(
        &self,
        b: crate::value::Bits,
        hex: &'h mut [u8; 18],
    ) -> Option<(Option<u32>, i64, Option<&'h str>)> {
        let int = b.to_uval(64)? as i64;
        let vice_value = b.to_uval(24).map(|u| (u & 0xff_ffff) as u32);
        debug_assert_eq!(
            self.number_facts(Some(&Value::Bits(b))),
            (vice_value, Some(int))
        );
        Some((vice_value, int, b.short_repr(hex)))
    }

    /// `prefix.name`, or `name` at the top.
    fn scoped(&self, prefix: &str, name: &str) -> String {
        if prefix.is_empty() {
            return name.to_string();
        }
        let mut scoped = String::with_capacity(prefix.len() + 1 + name.len());
        scoped.push_str(prefix);
        scoped.push('.');
        scoped.push_str(name);
        scoped
    }

    /// A weaker (`.weak`) label hidden by a stronger one of the same name
    /// (the lookup name: `WEAKLING` hides `Weakling` in a case-insensitive
    /// source, as in 64tass).
    fn shadowed(&self, ns: NsId, id: LabelId) -> bool {
        let l = self.syms.label(id);
        l.strength() != 0
            && self.syms.entries(ns).iter().any(|&(name, o)| {
                o != id && name == l.lookup_name() && {
                    let other = self.syms.label(o);
                    other.strength() < l.strength() && other.defpass == self.st.pass
                }
            })
    }

    fn to_diagnostic(&self, p: &super::report::Pending) -> Diagnostic {
        // A main file that could not be read: no place (see `run_files`).
        if p.kind == Kind::Io {
            return Diagnostic {
                severity: p.severity,
                kind: p.kind,
                message: p.msg.clone(),
                file: String::new(),
                line: 0,
                column: 0,
                notes: Vec::new(),
                switch: None,
                span: None,
                secondary: Vec::new(),
                tass_note: None,
                chain: Vec::new(),
                expanded: None,
            };
        }
        let f = self.src.get(p.span.file);
        let (line, column) = f.line_col(p.span.start as usize);
        let column = p.column.map_or(column, |c| c as usize);
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
            tass_note: p.tass_note.as_deref().cloned(),
            chain: p.chain.clone(),
            expanded: p.expanded.as_ref().map(|x| {
                let at = self.src.get(x.span.file).line_col(x.span.start as usize).1;
                Box::new(crate::diag::Expanded {
                    span: x.span,
                    chain: x.chain.clone(),
                    column: x.column.map_or(at, |c| c as usize),
                    words_in_note: x.wordless,
                })
            }),
        }
    }

    /// The last message shown of a kind whose line had more of them than
    /// [`super::report::PER_LINE`] says how many more there were.
    fn note_lines_over_bound(&mut self) {
        let over: Vec<(super::report::LineKind, u64)> = self
            .per_line
            .iter()
            .filter(|(_, (_, more))| *more > 0)
            .map(|(k, (_, more))| (*k, *more))
            .collect();
        for (key, more) in over {
            let last = (0..self.diags.len())
                .rev()
                .find(|&i| self.line_kind(&self.diags[i]) == key);
            if let Some(i) = last {
                let what = match self.diags[i].severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                self.diags[i].notes.push(format!(
                    "{more} more {what}{} of this kind on this line not shown",
                    if more == 1 { "" } else { "s" }
                ));
            }
        }
    }

    /// Line number and file name as the user knows them.
    fn display_position(&self, file: FileId, line: usize) -> (usize, String) {
        let f = self.src.get(file);
        match f.expansion {
            Some(e) => {
                let (bf, bl) = self.src.origin(file, (line - 1) as u32);
                let _ = e;
                (bl as usize + 1, self.src.get(bf).name.to_string())
            }
            None => (line, f.name.to_string()),
        }
    }

    // Never inlined: tools/gen-link-order splits a build's profile here (what
    // runs after the passes, past the build's peak memory, is laid out last).
    #[inline(never)]
    pub fn finish(mut self) -> Result<Program, Diagnostics> {
        self.rows_done();
        self.note_lines_over_bound();
        let has_errors = self.has_errors();
        // A failed run shows its errors only, as 64tass does.
        let diags: Vec<Diagnostic> = self
            .diags
            .iter()
            .filter(|p| !has_errors || p.severity == Severity::Error)
            .map(|p| self.to_diagnostic(p))
            .collect();
        let hidden_warnings = match has_errors {
            true => self.diags.len() - diags.len(),
            false => 0,
        };
        // The lines kept for replay and the line heads are done with: their
        // memory (in few large blocks, quick to free) goes back before the
        // program's copies of the output are made, so that the two don't
        // add up at the run's end.
        drop(std::mem::take(&mut self.replay));
        drop(std::mem::take(&mut self.heads));
        let symbols = if self.opts.list_symbols {
            // So do the parsed lines (most of the run's memory, but many
            // blocks: only freed when the symbol list would come on top).
            drop(std::mem::take(&mut self.lines));
            self.symbols()
        } else {
            SymbolLists::default()
        };
        let passes = self.st.pass;
        let Assembler {
            src,
            mut out,
            mut record,
            files,
            opts,
            lines,
            names,
            mut syms,
            macros,
            st,
            ..
        } = self;
        let entered = st.entered;
        if !opts.free_memory {
            // The labels' and code objects' vectors are the symbol table's
            // largest blocks, each its own mapping: given back, the label
            // files and the listing are written in their pages. What their
            // entries own (many small blocks) is left to the OS with the rest.
            release_buffer(&mut syms.labels);
            release_buffer(&mut syms.codes);
            std::mem::forget((lines, names, syms, macros));
        }
        let mut src = src;
        src.entered_again = entered_again(&entered);
        let sources = Arc::new(src);
        if has_errors {
            return Err(Diagnostics::new(diags, Some(sources))
                .with_files_read(files.read, files.read_binary)
                .with_hidden_warnings(hidden_warnings));
        }
        let (load_address, image) = out.image().unwrap_or((0, Vec::new()));
        let blocks = out
            .blocks()
            .into_iter()
            .map(|(a, b)| (a, b.to_vec()))
            .collect();
        let sections = out.section_ranges();
        let map = crate::memmap::MapTree::new(&out);
        // The listing's rows read their bytes from the memories (not copies).
        record.rows.take_memories(out.take_data());
        Ok(Program {
            load_address,
            image,
            blocks,
            sections,
            map,
            case_sensitive: opts.case_sensitive,
            tab_size: opts.tab_size.max(1) as usize,
            warnings: Diagnostics::new(diags, Some(sources.clone())),
            labels: symbols,
            symbols: Default::default(),
            lines: record.lines,
            rows: record.rows,
            files: files.read,
            files_binary: files.read_binary,
            looked_up: files.looked_up,
            long_address: opts.long_address,
            wide_offsets: (opts.long_address && !opts.short_image) || opts.flat_image,
            long_image: opts.long_address && !opts.short_image,
            verbose_listing: opts.verbose_list,
            flat_image: opts.flat_image,
            differs_in_4gib: out.differs_in_4gib,
            image_mask: out.image_mask,
            image_of_outputs: opts.image_of_outputs,
            sources,
            passes,
        })
    }
}

/// Frees a vector's buffer without dropping its elements (what they own
/// stays allocated, as with the `forget` of a run's working memory).
fn release_buffer<T>(v: &mut Vec<T>) {
    v.drain(..).for_each(std::mem::forget);
    *v = Vec::new();
}

/// The files entered at more than one place (see
/// [`crate::source::SourceMap::entered_again`]).
fn entered_again(entered: &[u64]) -> rustc_hash::FxHashSet<FileId> {
    (0..entered.len())
        .filter(|&f| entered[f] == 1)
        .map(|f| f as FileId)
        .collect()
}
