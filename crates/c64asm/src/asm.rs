//! The assembler proper: runs passes over parsed statements until every
//! address is stable, then turns the last pass into a [`Program`].
//!
//! A pass reads symbols defined earlier in the same pass exactly, and symbols
//! defined later ("forward references") from the previous pass. A pass is final
//! when it read nothing stale or unknown, or when no symbol changed value
//! compared to the pass before. Only the final pass's errors are reported.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use crate::Options;
use crate::diag::{Diagnostic, Diagnostics, Kind, Severity};
use crate::expr::{self, Arg, BinOp, Expr, ParseError, SymRef};
use crate::intern::{FxHashMap, Interner, Name};
use crate::opcodes::{MNEMONICS, Mnemonic, Mode};
use crate::parse::{
    self, Body, DataKind, LabelDef, MacroCall, MacroDef, MsgPart, OpKind, ParsedFile, Stmt,
};
use crate::program::{ListingLog, Program};
use crate::source::{FileId, LSpan, SourceMap, Span};

const MAX_PASSES: u32 = 40;
const NO_SLOT: u32 = u32::MAX;
/// `LSpan::len` marking "the operand of the instruction at `start`".
const LAZY: u16 = u16::MAX;
const MAX_INCLUDE_DEPTH: usize = 64;
const MAX_MACRO_DEPTH: usize = 64;
/// Scope keys with this bit are cheap-local scopes (owned by a global label slot).
const CHEAP: u32 = 0x8000_0000;
/// Cheap-local owner before the first global label.
const NO_OWNER: u32 = 0x7fff_ffff;
/// Cheap-local owners of macro expansions (ORed with the expansion's scope id), so each
/// expansion has its own `_x` labels, as in 64tass.
const MACRO_OWNER: u32 = 0x4000_0000;

type Val = Option<i64>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum SymKind {
    Label,
    Const,
    Var,
}

struct Slot {
    name: Name,
    /// Scope key the symbol lives in (0 = global, CHEAP|owner = cheap local, else macro scope).
    scope: u32,
    value: i64,
    /// Pass that last defined it (0 = never).
    pass: u32,
    kind: SymKind,
    span: Span,
}

enum Msg {
    Undefined(Name),
    Text(String),
}

struct Pending {
    severity: Severity,
    kind: Kind,
    span: Span,
    msg: Msg,
    notes: Vec<String>,
    /// Innermost macro call site, if raised inside a macro expansion.
    macro_call: Option<Span>,
    /// Secondary location, e.g. the first definition of a duplicate label.
    related: Option<(Span, &'static str)>,
}

enum Flow {
    Continue,
    End,
}

pub(crate) struct Assembler<'o> {
    opts: &'o Options,
    sources: SourceMap,
    names: Interner,
    parsed: FxHashMap<FileId, Rc<ParsedFile>>,
    file_by_path: HashMap<PathBuf, FileId>,
    binaries: HashMap<PathBuf, Rc<Vec<u8>>>,
    /// Parsed expansions by macro definition, then by argument texts.
    expansions: FxHashMap<usize, FxHashMap<String, Rc<ParsedFile>>>,
    persistent: Vec<Pending>,

    /// Slot of each global symbol, indexed by name (`NO_SLOT` if none).
    globals: Vec<u32>,
    /// Slots of cheap locals and of labels inside macro expansions, by (scope key, name).
    symtab: FxHashMap<(u32, Name), u32>,
    slots: Vec<Slot>,
    macros: FxHashMap<Name, (Rc<MacroDef>, u32)>,

    // Per-pass state.
    pass: u32,
    pc: u32,
    /// `*`: the address at the start of the current statement.
    line_pc: u32,
    mem: Vec<u8>,
    written: Vec<u64>,
    lo: u32,
    hi: u32,
    overlap_warned: bool,
    overflow_reported: bool,
    anon_fwd: Vec<u32>,
    prev_anon_fwd: Vec<u32>,
    anon_back: Vec<u32>,
    scope: u32,
    scope_parents: Vec<u32>,
    cheap: u32,
    illegal: bool,
    errors: Vec<Pending>,
    unsure_reads: u32,
    changed: bool,
    defs: u32,
    prev_defs: u32,
    listing: ListingLog,
    /// File of the statements being run (spans in statements are relative to it).
    file: FileId,
    include_stack: Vec<Span>,
    macro_stack: Vec<Span>,
}

impl<'o> Assembler<'o> {
    pub fn new(opts: &'o Options) -> Self {
        Assembler {
            opts,
            sources: SourceMap::default(),
            names: Interner::default(),
            parsed: FxHashMap::default(),
            file_by_path: HashMap::new(),
            binaries: HashMap::new(),
            expansions: FxHashMap::default(),
            persistent: Vec::new(),
            globals: Vec::new(),
            symtab: FxHashMap::default(),
            slots: Vec::new(),
            macros: FxHashMap::default(),
            pass: 0,
            pc: 0,
            line_pc: 0,
            mem: vec![0; 0x10000],
            written: vec![0; 0x10000 / 64],
            lo: u32::MAX,
            hi: 0,
            overlap_warned: false,
            overflow_reported: false,
            anon_fwd: Vec::new(),
            prev_anon_fwd: Vec::new(),
            anon_back: Vec::new(),
            scope: 0,
            scope_parents: vec![0],
            cheap: NO_OWNER,
            illegal: opts.illegal_opcodes,
            errors: Vec::new(),
            unsure_reads: 0,
            changed: false,
            defs: 0,
            prev_defs: 0,
            listing: ListingLog::default(),
            file: 0,
            include_stack: Vec::new(),
            macro_stack: Vec::new(),
        }
    }

    /// Assemble `text` as the main file.
    /// Assemble in-memory text as the main file.
    pub fn run_text(mut self, name: &str, text: String) -> Result<Program, Diagnostics> {
        let main = self.sources.add(name.to_string(), None, text);
        self.parse(main);
        self.assemble(main)
    }

    /// Assemble a file from disk; `Err` if it cannot be read.
    pub fn run_file(mut self, path: &Path) -> std::io::Result<Result<Program, Diagnostics>> {
        let main = self.load(path)?;
        Ok(self.assemble(main))
    }

    fn assemble(mut self, main: FileId) -> Result<Program, Diagnostics> {
        loop {
            self.begin_pass();
            self.define_command_line();
            if let Some(pf) = self.parsed.get(&main).cloned() {
                let _ = self.block(&pf);
            }
            let settled = !self.changed && self.defs == self.prev_defs;
            if self.unsure_reads == 0 || settled {
                break;
            }
            if self.pass >= MAX_PASSES {
                self.errors.push(Pending {
                    severity: Severity::Error,
                    kind: Kind::NoConvergence,
                    span: Span::new(main, 0, 0),
                    msg: Msg::Text(format!(
                        "addresses did not settle after {MAX_PASSES} passes"
                    )),
                    notes: vec![
                        "a symbol's value keeps changing the size of the code that defines it"
                            .into(),
                    ],
                    macro_call: None,
                    related: None,
                });
                break;
            }
        }
        self.finish()
    }

    fn begin_pass(&mut self) {
        self.pass += 1;
        self.prev_defs = self.defs;
        self.defs = 0;
        self.changed = false;
        self.unsure_reads = 0;
        self.pc = 0;
        self.mem.fill(0);
        self.written.fill(0);
        self.lo = u32::MAX;
        self.hi = 0;
        self.overlap_warned = false;
        self.overflow_reported = false;
        self.prev_anon_fwd = std::mem::take(&mut self.anon_fwd);
        self.anon_back.clear();
        self.scope = 0;
        self.scope_parents.clear();
        self.scope_parents.push(0);
        self.cheap = NO_OWNER;
        self.illegal = self.opts.illegal_opcodes;
        self.errors.clear();
        self.listing.clear();
        self.include_stack.clear();
        self.macro_stack.clear();
    }

    fn define_command_line(&mut self) {
        for (name, value) in &self.opts.defines {
            let n = self.names.intern(name);
            let sym = SymRef::new(n, false, LSpan::default());
            self.define(sym, *value, SymKind::Const);
        }
    }

    // ---------------------------------------------------------------- parsing

    /// Read and parse a file in pieces (large sources are never held whole).
    fn load(&mut self, path: &Path) -> std::io::Result<FileId> {
        use std::io::Read;
        const CHUNK: u64 = 1 << 18;
        let mut f = std::fs::File::open(path)?;
        let size = f.metadata().map_or(0, |m| m.len()) as usize;
        let file = self
            .sources
            .add_unloaded(path.display().to_string(), path.to_path_buf());
        // About one statement per 20 bytes; the vector grows if needed and is
        // trimmed at the end (capacity never touched costs no memory).
        let mut parser = parse::FileParser::new(file, size / 16 + 16);
        let mut pending: Vec<u8> = Vec::with_capacity(2 * CHUNK as usize);
        let mut base = 0;
        loop {
            let n = (&mut f).take(CHUNK).read_to_end(&mut pending)?;
            let eof = n == 0;
            let text = match std::str::from_utf8(&pending) {
                Ok(t) => t,
                // A character split between two reads: parse up to it.
                Err(e) if e.error_len().is_none() && !eof => {
                    std::str::from_utf8(&pending[..e.valid_up_to()]).unwrap_or("")
                }
                Err(_) => return self.load_lossy(path, file),
            };
            let consumed = parser.feed(text, base, eof, &mut self.names);
            base += consumed;
            pending.drain(..consumed);
            if eof {
                break;
            }
        }
        let mut errors = Vec::new();
        let parsed = parser.finish(&mut errors);
        self.persistent
            .extend(errors.into_iter().map(|e| pending_from_parse(e, None)));
        self.seed_constants(&parsed);
        self.parsed.insert(file, Rc::new(parsed));
        self.file_by_path.insert(path.to_path_buf(), file);
        Ok(file)
    }

    /// Give `name = number` constants their value before the first pass, as if
    /// an earlier pass had defined them. Forward references to them (typically
    /// zero-page addresses defined at the end of a source) then get the right
    /// instruction size at once, which usually saves a pass. The values are
    /// checked like any other forward reference, so a wrong guess only costs
    /// the pass it would have cost anyway.
    fn seed_constants(&mut self, parsed: &ParsedFile) {
        if self.pass > 0 {
            return;
        }
        for stmt in &parsed.stmts {
            let (Body::Assign { var: false, value }, Some(LabelDef::Named(sym))) =
                (&stmt.body, parsed.label(stmt))
            else {
                continue;
            };
            let Expr::Num(v) = value.expr else { continue };
            if sym.local
                || self
                    .globals
                    .get(sym.name as usize)
                    .is_some_and(|&s| s != NO_SLOT)
            {
                continue;
            }
            let slot = self.slots.len() as u32;
            let span = sym.span().in_file(parsed.file);
            self.slots.push(Slot {
                name: sym.name,
                scope: 0,
                value: v,
                pass: 0,
                kind: SymKind::Const,
                span,
            });
            let i = sym.name as usize;
            if self.globals.len() <= i {
                self.globals.resize(i + 1, NO_SLOT);
            }
            self.globals[i] = slot;
        }
    }

    /// A file that is not UTF-8: parse it whole with replacement characters
    /// (the same text is produced again when messages need it).
    fn load_lossy(&mut self, path: &Path, file: FileId) -> std::io::Result<FileId> {
        let bytes = std::fs::read(path)?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        drop(bytes);
        let mut errors = Vec::new();
        let parsed = parse::parse_file(file, &text, &mut self.names, &mut errors);
        self.persistent
            .extend(errors.into_iter().map(|e| pending_from_parse(e, None)));
        self.seed_constants(&parsed);
        self.parsed.insert(file, Rc::new(parsed));
        self.file_by_path.insert(path.to_path_buf(), file);
        Ok(file)
    }

    fn parse(&mut self, file: FileId) {
        let mut errors = Vec::new();
        let text = self.sources.take_text(file);
        let parsed = parse::parse_file(file, &text, &mut self.names, &mut errors);
        self.sources.restore_text(file, text);
        for e in errors {
            self.persistent.push(pending_from_parse(e, None));
        }
        self.seed_constants(&parsed);
        self.parsed.insert(file, Rc::new(parsed));
    }

    // ---------------------------------------------------------------- errors

    /// A span of the current file. Instruction operands are marked with
    /// `LAZY` (their spans are not stored) and are located by parsing again.
    fn at(&self, l: LSpan) -> Span {
        if l.len == LAZY {
            let text = self.sources.get(self.file).text();
            return parse::operand_span(text, self.file, l.start as usize).in_file(self.file);
        }
        l.in_file(self.file)
    }

    /// This pass read values that are not final and changed some symbol: it
    /// will be repeated, so its diagnostics would be thrown away anyway.
    fn doomed(&self) -> bool {
        self.changed && self.unsure_reads > 0 && self.pass < MAX_PASSES
    }

    fn error(&mut self, kind: Kind, span: LSpan, msg: impl FnOnce() -> String) {
        self.diagnose(Severity::Error, kind, span, msg);
    }

    fn warning(&mut self, kind: Kind, span: LSpan, msg: impl FnOnce() -> String) {
        self.diagnose(Severity::Warning, kind, span, msg);
    }

    /// Report unless this pass is doomed to be repeated (then the report would be stale).
    fn diagnose(&mut self, sev: Severity, kind: Kind, span: LSpan, msg: impl FnOnce() -> String) {
        if !self.doomed() {
            let span = self.at(span);
            self.report(sev, kind, span, Msg::Text(msg()), Vec::new(), None);
        }
    }

    fn report(
        &mut self,
        severity: Severity,
        kind: Kind,
        span: Span,
        msg: Msg,
        notes: Vec<String>,
        related: Option<(Span, &'static str)>,
    ) {
        if self.doomed() {
            return;
        }
        let macro_call = self.macro_stack.last().copied();
        self.errors.push(Pending {
            severity,
            kind,
            span,
            msg,
            notes,
            macro_call,
            related,
        });
    }

    fn location(&self, span: Span) -> String {
        let f = self.sources.get(span.file);
        let (line, col) = f.line_col(span.start as usize);
        format!("{}:{}:{}", f.name, line, col)
    }

    // ---------------------------------------------------------------- symbols

    fn lookup(&self, r: &SymRef) -> Option<u32> {
        if r.local {
            return self.symtab.get(&(CHEAP | self.cheap, r.name)).copied();
        }
        let mut scope = self.scope;
        while scope != 0 {
            if let Some(&slot) = self.symtab.get(&(scope, r.name)) {
                return Some(slot);
            }
            scope = self.scope_parents.get(scope as usize).copied().unwrap_or(0);
        }
        match self.globals.get(r.name as usize) {
            Some(&slot) if slot != NO_SLOT => Some(slot),
            _ => None,
        }
    }

    fn read_symbol(&mut self, r: &SymRef) -> Val {
        if let Some(slot) = self.lookup(r) {
            let s = &self.slots[slot as usize];
            if s.pass == self.pass {
                return Some(s.value);
            }
            if s.pass + 1 == self.pass {
                self.unsure_reads += 1;
                return Some(s.value);
            }
        }
        self.unsure_reads += 1;
        let span = self.at(r.span());
        self.report(
            Severity::Error,
            Kind::UndefinedSymbol,
            span,
            Msg::Undefined(r.name),
            Vec::new(),
            None,
        );
        None
    }

    fn define(&mut self, sym: SymRef, value: i64, kind: SymKind) {
        let scope = if sym.local {
            CHEAP | self.cheap
        } else {
            self.scope
        };
        let key = (scope, sym.name);
        let existing = if scope == 0 {
            self.globals
                .get(sym.name as usize)
                .copied()
                .filter(|&s| s != NO_SLOT)
        } else {
            self.symtab.get(&key).copied()
        };
        let span = self.at(sym.span());
        let slot = match existing {
            Some(slot) => {
                let pass = self.pass;
                let s = &mut self.slots[slot as usize];
                if s.pass == pass && !(s.kind == SymKind::Var && kind == SymKind::Var) {
                    let first = s.span;
                    let name = self.names.name(sym.name).to_string();
                    self.report(
                        Severity::Error,
                        Kind::DuplicateLabel,
                        span,
                        Msg::Text(format!("duplicate definition of '{name}'")),
                        Vec::new(),
                        Some((first, "first defined here")),
                    );
                    return;
                }
                if s.pass != pass {
                    if s.value != value || s.pass + 1 != pass {
                        self.changed = true;
                    }
                    self.defs += 1;
                }
                s.value = value;
                s.pass = pass;
                s.kind = kind;
                s.span = span;
                slot
            }
            None => {
                let slot = self.slots.len() as u32;
                self.slots.push(Slot {
                    name: sym.name,
                    scope,
                    value,
                    pass: self.pass,
                    kind,
                    span,
                });
                if scope == 0 {
                    let i = sym.name as usize;
                    if self.globals.len() <= i {
                        self.globals.resize(i + 1, NO_SLOT);
                    }
                    self.globals[i] = slot;
                } else {
                    self.symtab.insert(key, slot);
                }
                self.changed = true;
                self.defs += 1;
                slot
            }
        };
        if !sym.local && kind != SymKind::Var && self.scope == 0 {
            self.cheap = slot;
        }
    }

    // ---------------------------------------------------------------- evaluation

    fn eval_arg(&mut self, arg: &Arg) -> Val {
        self.eval(&arg.expr, arg.span)
    }

    fn eval(&mut self, e: &Expr, span: LSpan) -> Val {
        Some(match e {
            Expr::Num(n) => *n,
            Expr::Str(bytes) => {
                if bytes.len() > 8 {
                    self.error(Kind::ValueOutOfRange, span, || {
                        "string is too long to be used as a number".into()
                    });
                    return None;
                }
                bytes
                    .iter()
                    .rev()
                    .fold(0i64, |acc, &b| (acc << 8) | b as i64)
            }
            Expr::Pc => self.line_pc as i64,
            Expr::Sym(r) => return self.read_symbol(r),
            Expr::Anon {
                forward,
                count,
                start,
            } => {
                return self.anon(
                    *forward,
                    *count,
                    LSpan {
                        start: *start,
                        len: *count as u16,
                    },
                );
            }
            Expr::Unary(op, inner) => expr::apply_unary(*op, self.eval(inner, span)?),
            Expr::Cond(parts) => {
                let c = self.eval(&parts.0, span);
                let a = self.eval(&parts.1, span);
                let b = self.eval(&parts.2, span);
                return if c? != 0 { a } else { b };
            }
            Expr::Binary(op, pair) => {
                // Both sides are evaluated (no short cut for && and ||) so that
                // undefined symbols are reported wherever they appear.
                let a = self.eval(&pair.0, span);
                let b = self.eval(&pair.1, span);
                match op {
                    BinOp::LOr => return if a? != 0 { a } else { b },
                    BinOp::LAnd => return if a? != 0 { b } else { a },
                    _ => {}
                }
                match expr::fold(*op, a?, b?) {
                    Some(v) => v,
                    None => {
                        self.error(Kind::DivisionByZero, span, || "division by zero".into());
                        return None;
                    }
                }
            }
        })
    }

    fn anon(&mut self, forward: bool, count: u8, span: LSpan) -> Val {
        let count = count as usize;
        if forward {
            let index = self.anon_fwd.len() + count - 1;
            self.unsure_reads += 1;
            if let Some(&v) = self.prev_anon_fwd.get(index) {
                return Some(v as i64);
            }
            self.error(Kind::UndefinedSymbol, span, || {
                format!("no anonymous '{}' label after this line", "+".repeat(count))
            });
            None
        } else {
            if let Some(i) = self.anon_back.len().checked_sub(count) {
                return Some(self.anon_back[i] as i64);
            }
            self.error(Kind::UndefinedSymbol, span, || {
                format!(
                    "no anonymous '{}' label before this line",
                    "-".repeat(count)
                )
            });
            None
        }
    }

    // ---------------------------------------------------------------- output

    fn emit(&mut self, bytes: &[u8], span: LSpan) {
        let start = self.pc;
        let end = start + bytes.len() as u32;
        if end > 0x10000 && !self.overflow_reported {
            self.overflow_reported = true;
            self.error(Kind::AddressOverflow, span, || {
                "code or data goes past address $FFFF".into()
            });
        }
        let fits = end.min(0x10000);
        if start < fits {
            let mut overlap = None;
            for pc in start..fits {
                let (word, bit) = ((pc >> 6) as usize, 1u64 << (pc & 63));
                if self.written[word] & bit != 0 && overlap.is_none() {
                    overlap = Some(pc);
                }
                self.written[word] |= bit;
            }
            self.mem[start as usize..fits as usize]
                .copy_from_slice(&bytes[..(fits - start) as usize]);
            self.lo = self.lo.min(start);
            self.hi = self.hi.max(fits);
            if let Some(pc) = overlap
                && !self.overlap_warned
            {
                self.overlap_warned = true;
                self.warning(Kind::Overlap, span, || {
                    format!("overwrites bytes already written at ${pc:04X}")
                });
            }
        }
        self.pc = end;
    }

    /// Leave `n` bytes unwritten (they read as zero if inside the image).
    fn skip(&mut self, n: u32, span: LSpan) {
        let end = self.pc.saturating_add(n);
        if end > 0x10000 && !self.overflow_reported {
            self.overflow_reported = true;
            self.error(Kind::AddressOverflow, span, || {
                "reserved space goes past address $FFFF".into()
            });
        }
        self.pc = end;
    }

    // ---------------------------------------------------------------- statements

    fn block(&mut self, pf: &ParsedFile) -> Flow {
        let saved_file = self.file;
        self.file = pf.file;
        let flow = self.run_stmts(pf);
        self.file = saved_file;
        flow
    }

    fn run_stmts(&mut self, pf: &ParsedFile) -> Flow {
        let stmts = &pf.stmts;
        // Per .if nesting level: has a branch been taken already?
        let mut taken: Vec<bool> = Vec::new();
        let mut i = 0usize;
        while i < stmts.len() {
            let stmt = &stmts[i];
            match &stmt.body {
                Body::If { cond, next, .. } => {
                    let c = self.condition(cond);
                    taken.push(c);
                    i = if c { i + 1 } else { *next as usize };
                    continue;
                }
                Body::Elsif { cond, next, end } => {
                    if taken.last().copied().unwrap_or(true) {
                        i = *end as usize;
                    } else if self.condition(cond) {
                        if let Some(t) = taken.last_mut() {
                            *t = true;
                        }
                        i += 1;
                    } else {
                        i = *next as usize;
                    }
                    continue;
                }
                Body::Else { end } => {
                    match taken.last_mut() {
                        Some(t) if !*t => {
                            *t = true;
                            i += 1;
                        }
                        _ => i = *end as usize,
                    }
                    continue;
                }
                Body::Endif => {
                    taken.pop();
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let start_pc = self.pc;
            if let Flow::End = self.statement(pf, stmt) {
                return Flow::End;
            }
            let (pc, len) = match stmt.body {
                Body::SetPc(_) => (self.pc, 0),
                _ => (start_pc, self.pc.saturating_sub(start_pc)),
            };
            // A doomed pass is repeated; its listing would be thrown away.
            if !self.doomed() {
                self.listing.push(pf.file, stmt.line, pc, len);
            }
            i += 1;
        }
        Flow::Continue
    }

    fn condition(&mut self, cond: &Arg) -> bool {
        self.eval_arg(cond).is_some_and(|v| v != 0)
    }

    fn statement(&mut self, pf: &ParsedFile, stmt: &Stmt) -> Flow {
        self.line_pc = self.pc;
        match pf.label(stmt) {
            None => {}
            // `name = value` and `name .macro` define the name differently.
            Some(LabelDef::Named(_))
                if matches!(stmt.body, Body::Assign { .. } | Body::MacroDef(_)) => {}
            Some(LabelDef::Named(sym)) => {
                let pc = self.pc as i64;
                self.define(sym, pc, SymKind::Label);
            }
            Some(LabelDef::AnonForward) => self.anon_fwd.push(self.pc),
            Some(LabelDef::AnonBackward) => self.anon_back.push(self.pc),
        }
        match &stmt.body {
            Body::Empty
            | Body::If { .. }
            | Body::Elsif { .. }
            | Body::Else { .. }
            | Body::Endif => {}
            Body::Assign { value, var } => {
                if let Some(LabelDef::Named(sym)) = pf.label(stmt) {
                    // An unknown value still defines the name (as 0) so that
                    // later references are not reported as undefined too.
                    let v = self.eval_arg(value).unwrap_or(0);
                    self.define(sym, v, if *var { SymKind::Var } else { SymKind::Const });
                }
            }
            Body::SetPc(arg) => {
                if let Some(v) = self.eval_arg(arg) {
                    if (0..=0xffff).contains(&v) {
                        self.pc = v as u32;
                        self.overlap_warned = false;
                    } else {
                        self.error(Kind::ValueOutOfRange, arg.span, || {
                            format!(
                                "program counter value {} is outside $0000-$FFFF",
                                fmt_value(v)
                            )
                        });
                    }
                }
            }
            Body::Instr {
                mnem,
                kind,
                col,
                expr,
            } => {
                let start = stmt.line + *col as u32;
                let span = LSpan { start, len: 3 };
                let operand = LSpan { start, len: LAZY };
                self.instruction(&MNEMONICS[*mnem as usize], *kind, expr, operand, span);
            }
            Body::Data { kind, args } => self.data(*kind, args),
            Body::Fill(fill) => self.fill(&fill.0, fill.1.as_ref()),
            Body::Include(inc) => self.include(&inc.0, inc.1),
            Body::Binary(b) => self.binary(&b.path, b.span, b.offset.as_ref(), b.length.as_ref()),
            Body::MacroDef(def) => self.define_macro(def),
            Body::MacroCall(call) => self.call_macro(call),
            Body::Cpu(cpu) => match cpu.0.to_ascii_lowercase().as_str() {
                "6502" => self.illegal = false,
                "6502i" => self.illegal = true,
                "default" => self.illegal = self.opts.illegal_opcodes,
                other => {
                    let other = other.to_string();
                    self.error(Kind::Syntax, cpu.1, || {
                        format!("unsupported cpu \"{other}\"; this assembler knows \"6502\", \"6502i\" and \"default\"")
                    })
                }
            },
            Body::Message(m) => {
                let mut text = String::new();
                for part in &m.parts {
                    match part {
                        MsgPart::Text(t) => text.push_str(t),
                        MsgPart::Value(arg) => match self.eval_arg(arg) {
                            Some(v) => text.push_str(&v.to_string()),
                            None => text.push('?'),
                        },
                    }
                }
                let (severity, kind) = if m.error {
                    (Severity::Error, Kind::UserError)
                } else {
                    (Severity::Warning, Kind::UserWarning)
                };
                let span = self.at(m.span);
                self.report(severity, kind, span, Msg::Text(text), Vec::new(), None);
            }
            Body::End => return Flow::End,
        }
        Flow::Continue
    }

    /// `span` is the mnemonic's.
    fn instruction(&mut self, m: &Mnemonic, kind: OpKind, expr: &Expr, aspan: LSpan, span: LSpan) {
        let name = m.name;
        let (mode, value, vspan) = match kind {
            OpKind::Implied => {
                if m.has(Mode::Implied) {
                    (Mode::Implied, 0, span)
                } else if m.has(Mode::Accumulator) {
                    (Mode::Accumulator, 0, span)
                } else {
                    self.error(Kind::AddressingMode, span, || {
                        format!("'{name}' needs an operand")
                    });
                    return;
                }
            }
            OpKind::RegA => {
                // `asl a` means the accumulator unless a symbol `a` exists (as in 64tass).
                if let Expr::Sym(sym) = expr
                    && self.lookup(sym).is_some()
                {
                    return self.direct(m, expr, aspan, OpKind::Direct, span);
                }
                if !m.has(Mode::Accumulator) {
                    self.error(Kind::AddressingMode, aspan, || {
                        format!("'{name}' has no accumulator addressing mode")
                    });
                    return;
                }
                (Mode::Accumulator, 0, span)
            }
            OpKind::Immediate => {
                if !m.has(Mode::Immediate) {
                    self.error(Kind::AddressingMode, aspan, || {
                        format!("'{name}' has no immediate addressing mode")
                    });
                    return;
                }
                let v = self.eval(expr, aspan).unwrap_or(0);
                if !(-128..=255).contains(&v) {
                    self.error(Kind::ValueOutOfRange, aspan, || {
                        format!(
                            "immediate value {} does not fit in a byte (-128..255)",
                            fmt_value(v)
                        )
                    });
                }
                (Mode::Immediate, v & 0xff, aspan)
            }
            OpKind::Direct | OpKind::DirectX | OpKind::DirectY => {
                return self.direct(m, expr, aspan, kind, span);
            }
            OpKind::Indirect => {
                if !m.has(Mode::Indirect) {
                    self.error(Kind::AddressingMode, aspan, || {
                        format!("'{name}' has no indirect addressing mode")
                    });
                    return;
                }
                let v = self.eval(expr, aspan).unwrap_or(0);
                self.check_range(v, 0xffff, aspan, "address");
                (Mode::Indirect, v, aspan)
            }
            OpKind::IndirectX | OpKind::IndirectY => {
                let mode = if kind == OpKind::IndirectX {
                    Mode::IndirectX
                } else {
                    Mode::IndirectY
                };
                if !m.has(mode) {
                    self.error(Kind::AddressingMode, aspan, || {
                        format!("'{name}' has no {} addressing mode", mode.describe())
                    });
                    return;
                }
                let v = self.eval(expr, aspan).unwrap_or(0);
                if !(0..=0xff).contains(&v) {
                    self.error(Kind::ValueOutOfRange, aspan, || {
                        format!("indirect address {} is not in the zero page", fmt_value(v))
                    });
                }
                (mode, v, aspan)
            }
        };
        let _ = vspan;
        self.encode(m, mode, value, span);
    }

    fn direct(&mut self, m: &Mnemonic, expr: &Expr, aspan: LSpan, kind: OpKind, span: LSpan) {
        let name = m.name;
        if m.is_branch() {
            if kind != OpKind::Direct {
                self.error(Kind::AddressingMode, aspan, || {
                    format!("branch '{name}' cannot be indexed")
                });
                return;
            }
            let target = self.eval(expr, aspan);
            let mut offset = 0i64;
            if let Some(t) = target {
                if !(0..=0xffff).contains(&t) {
                    self.error(Kind::ValueOutOfRange, aspan, || {
                        format!("branch target {} is outside $0000-$FFFF", fmt_value(t))
                    });
                } else {
                    offset = t - (self.pc as i64 + 2);
                    if !(-128..=127).contains(&offset) {
                        let by = if offset > 0 {
                            offset - 127
                        } else {
                            offset + 128
                        };
                        self.error(Kind::BranchOutOfRange, aspan, || {
                            format!("branch target out of range by {by:+} bytes (distance {offset}, allowed -128..+127)")
                        });
                        offset = 0;
                    }
                }
            }
            self.encode(m, Mode::Relative, offset & 0xff, span);
            return;
        }
        let (zp, abs) = match kind {
            OpKind::DirectX => (Mode::ZeroPageX, Mode::AbsoluteX),
            OpKind::DirectY => (Mode::ZeroPageY, Mode::AbsoluteY),
            _ => (Mode::ZeroPage, Mode::Absolute),
        };
        let v = self.eval(expr, aspan);
        let fits_zp = v.is_some_and(|v| (0..=0xff).contains(&v));
        let mode = if m.has(zp) && fits_zp {
            zp
        } else if m.has(abs) {
            abs
        } else if m.has(zp) {
            zp
        } else {
            let what = match kind {
                OpKind::DirectX => "an x-indexed operand",
                OpKind::DirectY => "a y-indexed operand",
                _ => "an address operand",
            };
            self.error(Kind::AddressingMode, aspan, || {
                format!("'{name}' cannot take {what}")
            });
            return;
        };
        let v = v.unwrap_or(0);
        if mode == zp {
            if !(0..=0xff).contains(&v) {
                self.error(Kind::ValueOutOfRange, aspan, || {
                    format!(
                        "'{name}' needs a zero-page address here, {} does not fit",
                        fmt_value(v)
                    )
                });
            }
        } else {
            self.check_range(v, 0xffff, aspan, "address");
        }
        self.encode(m, mode, v, span);
    }

    fn check_range(&mut self, v: i64, max: i64, span: LSpan, what: &str) {
        if !(0..=max).contains(&v) {
            self.error(Kind::ValueOutOfRange, span, || {
                format!("{what} {} is outside 0..{}", fmt_value(v), fmt_value(max))
            });
        }
    }

    fn encode(&mut self, m: &Mnemonic, mode: Mode, value: i64, span: LSpan) {
        let Some((opcode, illegal)) = m.opcode(mode) else {
            return;
        };
        if illegal && !self.illegal {
            self.error(Kind::IllegalOpcode, span, || {
                format!(
                    "'{}' ({}) is an undocumented opcode; enable with -i or .cpu \"6502i\"",
                    m.name,
                    mode.describe()
                )
            });
        }
        let v = value as u16;
        match mode.len() {
            1 => self.emit(&[opcode], span),
            2 => self.emit(&[opcode, v as u8], span),
            _ => self.emit(&[opcode, v as u8, (v >> 8) as u8], span),
        }
    }

    fn data(&mut self, kind: DataKind, args: &[Arg]) {
        let mut any_zero = None;
        for arg in args {
            if let (Expr::Str(bytes), DataKind::Text | DataKind::Null) = (&arg.expr, kind) {
                if kind == DataKind::Null && bytes.contains(&0) {
                    any_zero = Some(arg.span);
                }
                let bytes: &[u8] = bytes;
                let bytes = bytes.to_vec();
                self.emit(&bytes, arg.span);
                continue;
            }
            let v = self.eval_arg(arg);
            let value = v.unwrap_or(0);
            match kind {
                DataKind::Byte | DataKind::Text | DataKind::Null => {
                    if !(0..=0xff).contains(&value) {
                        self.error(Kind::ValueOutOfRange, arg.span, || {
                            format!("value {} does not fit in a byte (0..255)", fmt_value(value))
                        });
                    }
                    if kind == DataKind::Null && value == 0 && v.is_some() {
                        any_zero = Some(arg.span);
                    }
                    self.emit(&[value as u8], arg.span);
                }
                DataKind::Char => {
                    if !(-128..=127).contains(&value) {
                        self.error(Kind::ValueOutOfRange, arg.span, || {
                            format!(
                                "value {} does not fit in a signed byte (-128..127)",
                                fmt_value(value)
                            )
                        });
                    }
                    self.emit(&[value as u8], arg.span);
                }
                DataKind::Word => {
                    if !(0..=0xffff).contains(&value) {
                        self.error(Kind::ValueOutOfRange, arg.span, || {
                            format!(
                                "value {} does not fit in a word (0..65535)",
                                fmt_value(value)
                            )
                        });
                    }
                    self.emit(&[value as u8, (value >> 8) as u8], arg.span);
                }
            }
        }
        if kind == DataKind::Null {
            if let Some(span) = any_zero {
                self.error(Kind::ValueOutOfRange, span, || {
                    "'.null' text must not contain a zero byte".into()
                });
            }
            let span = args.last().map_or(LSpan::default(), |a| a.span);
            self.emit(&[0], span);
        }
    }

    fn fill(&mut self, count: &Arg, value: Option<&Arg>) {
        let Some(n) = self.eval_arg(count) else {
            return;
        };
        if !(0..=0x10000).contains(&n) {
            self.error(Kind::ValueOutOfRange, count.span, || {
                format!("fill count {} is outside 0..65536", fmt_value(n))
            });
            return;
        }
        match value {
            None => self.skip(n as u32, count.span),
            Some(arg) => {
                let v = self.eval_arg(arg).unwrap_or(0);
                if !(0..=0xff).contains(&v) {
                    self.error(Kind::ValueOutOfRange, arg.span, || {
                        format!(
                            "fill value {} does not fit in a byte (0..255)",
                            fmt_value(v)
                        )
                    });
                }
                let bytes = vec![v as u8; n as usize];
                self.emit(&bytes, arg.span);
            }
        }
    }

    // ---------------------------------------------------------------- files

    /// Candidate locations for a file named in the source: next to the file
    /// that names it, then the current directory, then each include directory.
    fn candidates(&self, from: FileId, name: &str) -> Vec<PathBuf> {
        let p = Path::new(name);
        if p.is_absolute() {
            return vec![p.to_path_buf()];
        }
        let mut out = Vec::new();
        match &self.sources.get(from).path {
            Some(path) => out.push(path.parent().unwrap_or(Path::new("")).join(p)),
            None => out.push(p.to_path_buf()),
        }
        for dir in &self.opts.include_dirs {
            out.push(dir.join(p));
        }
        out
    }

    fn include_chain_notes(&self) -> Vec<String> {
        self.include_stack
            .iter()
            .rev()
            .map(|s| format!("included from {}", self.location(*s)))
            .collect()
    }

    fn include(&mut self, name: &str, lspan: LSpan) {
        let span = self.at(lspan);
        if self.include_stack.len() >= MAX_INCLUDE_DEPTH {
            self.error(Kind::IncludeNotFound, lspan, || {
                "includes nested too deeply (recursive .include?)".into()
            });
            return;
        }
        let candidates = self.candidates(span.file, name);
        let mut file = None;
        for c in &candidates {
            if let Some(&id) = self.file_by_path.get(c) {
                file = Some(id);
                break;
            }
            if let Ok(id) = self.load(c) {
                file = Some(id);
                break;
            }
        }
        let Some(file) = file else {
            self.report_not_found("include", name, span, &candidates);
            return;
        };
        let Some(pf) = self.parsed.get(&file).cloned() else {
            return;
        };
        self.include_stack.push(span);
        let _ = self.block(&pf);
        self.include_stack.pop();
    }

    /// `.include` / `.binary` file missing: say where we looked and how we got here.
    fn report_not_found(&mut self, what: &str, name: &str, span: Span, searched: &[PathBuf]) {
        let paths: Vec<String> = searched.iter().map(|c| c.display().to_string()).collect();
        let mut notes = vec![format!("searched: {}", paths.join(", "))];
        notes.extend(self.include_chain_notes());
        self.report(
            Severity::Error,
            Kind::IncludeNotFound,
            span,
            Msg::Text(format!("{what} file \"{name}\" not found")),
            notes,
            None,
        );
    }

    fn binary(&mut self, name: &str, lspan: LSpan, offset: Option<&Arg>, length: Option<&Arg>) {
        let span = self.at(lspan);
        let candidates = self.candidates(span.file, name);
        let mut data = None;
        for c in &candidates {
            if let Some(d) = self.binaries.get(c) {
                data = Some(d.clone());
                break;
            }
            if let Ok(bytes) = std::fs::read(c) {
                let d = Rc::new(bytes);
                self.binaries.insert(c.clone(), d.clone());
                data = Some(d);
                break;
            }
        }
        let Some(data) = data else {
            self.report_not_found("binary", name, span, &candidates);
            return;
        };
        let start = match offset {
            Some(a) => match self.eval_arg(a) {
                Some(v) if (0..=data.len() as i64).contains(&v) => v as usize,
                Some(v) => {
                    self.error(Kind::ValueOutOfRange, a.span, || {
                        format!("offset {v} is outside the file (0..{})", data.len())
                    });
                    return;
                }
                None => return,
            },
            None => 0,
        };
        let len = match length {
            Some(a) => match self.eval_arg(a) {
                Some(v) if (0..=(data.len() - start) as i64).contains(&v) => v as usize,
                Some(v) => {
                    self.error(Kind::ValueOutOfRange, a.span, || format!("length {v} reaches past the end of the file ({} bytes after the offset)", data.len() - start));
                    return;
                }
                None => return,
            },
            None => data.len() - start,
        };
        self.emit(&data[start..start + len], lspan);
    }

    // ---------------------------------------------------------------- macros

    fn define_macro(&mut self, def: &Rc<MacroDef>) {
        let pass = self.pass;
        match self.macros.get_mut(&def.name) {
            Some((existing, defined)) => {
                if *defined == pass && !Rc::ptr_eq(existing, def) {
                    let first = existing.span;
                    self.report(
                        Severity::Error,
                        Kind::DuplicateLabel,
                        def.span,
                        Msg::Text(format!("duplicate definition of macro '{}'", def.name_text)),
                        Vec::new(),
                        Some((first, "first defined here")),
                    );
                    return;
                }
                if !Rc::ptr_eq(existing, def) {
                    self.changed = true;
                }
                *existing = def.clone();
                *defined = pass;
            }
            None => {
                self.macros.insert(def.name, (def.clone(), pass));
                self.changed = true;
            }
        }
    }

    fn call_macro(&mut self, call: &MacroCall) {
        let def = match self.macros.get(&call.name) {
            Some((def, _)) => def.clone(),
            None => {
                self.unsure_reads += 1;
                let text = self.names.name(call.name).to_string();
                if call.dotted {
                    self.error(Kind::UnknownDirective, call.name_span, || {
                        format!("unknown directive or macro '.{text}'")
                    });
                } else {
                    self.error(Kind::MacroMisuse, call.name_span, || {
                        format!("unknown macro '{text}'")
                    });
                }
                return;
            }
        };
        let span = self.at(call.span);
        if self.macro_stack.len() >= MAX_MACRO_DEPTH {
            let name = def.name_text.clone();
            self.error(Kind::MacroMisuse, call.span, || {
                format!("macro '{name}' nested too deeply (recursive macro?)")
            });
            return;
        }
        let def_key = Rc::as_ptr(&def) as usize;
        let cached = self
            .expansions
            .get(&def_key)
            .and_then(|m| m.get(call.args_key.as_str()))
            .cloned();
        let pf = match cached {
            Some(pf) => pf,
            None => match self.expand(&def, &call.args, span) {
                Some(pf) => {
                    let pf = Rc::new(pf);
                    self.expansions
                        .entry(def_key)
                        .or_default()
                        .insert(call.args_key.clone(), pf.clone());
                    pf
                }
                None => return,
            },
        };
        // Each expansion gets its own scope, so labels inside do not clash.
        let saved_scope = self.scope;
        let saved_cheap = self.cheap;
        let id = self.scope_parents.len() as u32;
        self.scope_parents.push(self.scope);
        self.scope = id;
        self.cheap = MACRO_OWNER | id;
        self.macro_stack.push(span);
        let _ = self.block(&pf);
        self.macro_stack.pop();
        self.scope = saved_scope;
        self.cheap = saved_cheap;
    }

    /// Substitute the arguments into the body text and parse the result.
    fn expand(&mut self, def: &MacroDef, args: &[String], call: Span) -> Option<ParsedFile> {
        let body = &def.body;
        let mut out = String::with_capacity(body.len() + 16);
        let bytes = body.as_bytes();
        let mut i = 0;
        let mut missing: Option<String> = None;
        while i < bytes.len() {
            let c = bytes[i];
            if c != b'\\' {
                let next = body[i..].find('\\').map_or(bytes.len(), |n| i + n);
                out.push_str(&body[i..next]);
                i = next;
                continue;
            }
            let rest = &body[i + 1..];
            let (param, used) = if let Some(d) = rest.bytes().next().filter(u8::is_ascii_digit) {
                ((d - b'0') as usize, 1)
            } else {
                let (name, used) = if rest.starts_with('{') {
                    match rest.find('}') {
                        Some(e) => (&rest[1..e], e + 1),
                        None => ("", 0),
                    }
                } else {
                    let n = rest
                        .bytes()
                        .take_while(|&b| b.is_ascii_alphanumeric() || b == b'_')
                        .count();
                    (&rest[..n], n)
                };
                match def.params.iter().position(|(p, _)| p == name) {
                    Some(p) if used > 0 => (p + 1, used),
                    _ => {
                        out.push('\\');
                        i += 1;
                        continue;
                    }
                }
            };
            i += 1 + used;
            if param == 0 {
                out.push_str(&def.name_text);
                continue;
            }
            let value = args
                .get(param - 1)
                .filter(|a| !a.is_empty())
                .cloned()
                .or_else(|| def.params.get(param - 1).and_then(|(_, d)| d.clone()));
            match value {
                Some(v) => out.push_str(&v),
                None => {
                    if missing.is_none() {
                        missing = Some(match def.params.get(param - 1) {
                            Some((p, _)) => format!("argument {param} ('{p}')"),
                            None => format!("argument {param}"),
                        });
                    }
                }
            }
        }
        if let Some(what) = missing {
            self.report(
                Severity::Error,
                Kind::MacroMisuse,
                call,
                Msg::Text(format!(
                    "macro '{}' uses {what} but the call does not supply it",
                    def.name_text
                )),
                vec![format!(
                    "'{}' takes {} parameter(s): {}",
                    def.name_text,
                    def.params.len(),
                    def.params
                        .iter()
                        .map(|p| p.0.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )],
                Some((def.span, "macro defined here")),
            );
            return None;
        }
        let name = self.sources.get(def.file).name.clone();
        let file = self.sources.add_at_line(name, None, out, def.body_line);
        let mut errors = Vec::new();
        let text = self.sources.take_text(file);
        let parsed = parse::parse_file(file, &text, &mut self.names, &mut errors);
        self.sources.restore_text(file, text);
        for e in errors {
            self.persistent.push(pending_from_parse(e, Some(call)));
        }
        Some(parsed)
    }

    // ---------------------------------------------------------------- result

    fn finish(mut self) -> Result<Program, Diagnostics> {
        // The parsed statements are no longer needed; free them before the
        // result is built so they do not add to the peak memory use.
        self.parsed = FxHashMap::default();
        self.expansions = FxHashMap::default();
        self.binaries = HashMap::new();
        let mut pending = std::mem::take(&mut self.persistent);
        pending.append(&mut self.errors);
        // Report in source order: by file (main file first), then position.
        pending.sort_by_key(|p| (p.span.file, p.span.start));
        let diags: Vec<Diagnostic> = pending.iter().map(|p| self.diagnostic(p)).collect();
        let has_errors = diags.iter().any(Diagnostic::is_error);
        let (errors, warnings): (Vec<_>, Vec<_>) =
            diags.into_iter().partition(Diagnostic::is_error);
        let sources = Arc::new(std::mem::take(&mut self.sources));
        if has_errors {
            let mut all = errors;
            all.extend(warnings);
            return Err(Diagnostics::new(all, Some(sources)));
        }
        let (load_address, image) = if self.lo <= self.hi && self.lo != u32::MAX {
            (
                self.lo as u16,
                self.mem[self.lo as usize..self.hi as usize].to_vec(),
            )
        } else {
            (0, Vec::new())
        };
        let mut symbols: Vec<(u64, String, i64, bool)> = Vec::with_capacity(self.slots.len());
        for s in &self.slots {
            if s.pass != self.pass {
                continue;
            }
            let name = if s.scope == 0 {
                self.names.name(s.name).to_string()
            } else if s.scope & CHEAP != 0 {
                let owner = s.scope & !CHEAP;
                match self.slots.get(owner as usize) {
                    Some(o) if owner != NO_OWNER => {
                        format!("{}.{}", self.names.name(o.name), self.names.name(s.name))
                    }
                    _ => self.names.name(s.name).to_string(),
                }
            } else {
                continue;
            };
            let is_label = s.kind == SymKind::Label && (0..=0xffff).contains(&s.value);
            symbols.push((sort_prefix(&name), name, s.value, is_label));
        }
        // The first eight bytes as a number decide most comparisons without memcmp.
        symbols.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        symbols.dedup_by(|a, b| a.1 == b.1);
        let label_flags: Vec<bool> = symbols.iter().map(|s| s.3).collect();
        // Sorted input lets the map be built in one sweep.
        let symbols: BTreeMap<String, i64> =
            symbols.into_iter().map(|(_, n, v, _)| (n, v)).collect();
        Ok(Program {
            load_address,
            image,
            symbols,
            warnings: Diagnostics::new(warnings, Some(sources.clone())),
            label_flags,
            passes: self.pass,
            listing: std::mem::take(&mut self.listing),
            sources,
        })
    }

    fn diagnostic(&self, p: &Pending) -> Diagnostic {
        let message = match &p.msg {
            Msg::Text(t) => t.clone(),
            Msg::Undefined(n) => format!("undefined symbol '{}'", self.names.name(*n)),
        };
        let f = self.sources.get(p.span.file);
        let (line, column) = f.line_col(p.span.start as usize);
        let mut notes = p.notes.clone();
        let mut secondary = Vec::new();
        if let Some(call) = p.macro_call {
            notes.push(format!("in a macro expanded at {}", self.location(call)));
        }
        if let Some((span, label)) = p.related {
            secondary.push((span, label.to_string()));
            notes.push(format!("{label}: {}", self.location(span)));
        }
        Diagnostic {
            severity: p.severity,
            kind: p.kind,
            message,
            file: f.name.clone(),
            line,
            column,
            notes,
            span: Some(p.span),
            secondary,
        }
    }
}

fn pending_from_parse(e: ParseError, macro_call: Option<Span>) -> Pending {
    Pending {
        severity: Severity::Error,
        kind: e.kind,
        span: e.span,
        msg: Msg::Text(e.message),
        notes: Vec::new(),
        macro_call,
        related: None,
    }
}

/// The first eight bytes of a name, big-endian and zero-padded: ordering these
/// numbers orders the names the same way (names contain no NUL bytes).
fn sort_prefix(name: &str) -> u64 {
    let mut k = [0u8; 8];
    let n = name.len().min(8);
    k[..n].copy_from_slice(&name.as_bytes()[..n]);
    u64::from_be_bytes(k)
}

/// A value for messages: decimal, plus hex when that is how addresses are read.
fn fmt_value(v: i64) -> String {
    if v >= 256 {
        format!("${v:X} ({v})")
    } else {
        v.to_string()
    }
}
