//! The assembler proper, organised as 64tass is: every pass reads the source
//! line by line from the start; symbols persist between passes and remember
//! when they were defined and used, and passes repeat until no symbol read
//! before its definition changed value and no new constant appeared.
//!
//! - [`lines`]: reading lines and caching their parsed expressions;
//! - [`compile`]: one line: labels, assignments, dispatch;
//! - [`eval`]: expressions, symbol lookup and built-in functions;
//! - [`data`]: data directives; [`instr`]: instructions;
//! - [`control`]: conditionals and loops; [`blocks`]: scopes, sections and
//!   the other block directives; [`macros`]: macros, functions, structures;
//! - [`files`]: includes and binary files; [`state`]: per-pass state;
//!   [`head`]: how each line starts, found once.

mod blocks;
mod compile;
mod control;
mod data;
mod directives;
mod eval;
mod files;
mod functions;
mod head;
mod instr;
mod lines;
mod listed;
mod macros;
mod optimize;
mod result;
mod state;
mod target;
mod unused;
mod warnings;
mod wraps;

use std::path::Path;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::diag::{Diagnostic, Diagnostics, Kind, Severity};
use crate::encoding::Encodings;
use crate::intern::Interner;
use crate::options::Options;
use crate::output::Output;
use crate::program::Program;
use crate::source::{FileId, SourceMap, Span};
use crate::symbols::Symbols;
use crate::syntax::expr::Dialect;
use crate::value::convert::Kept;
use crate::value::{Fault, Value};
use eval::EResult;

pub(crate) use eval::builtin_name;
pub(crate) use state::PassState;

/// 64tass gives up after this many passes.
pub(crate) const MAX_PASSES: u32 = 20;

/// How many messages of one kind one line shows: a line of a million values that each
/// overflow would otherwise print itself a million times.
pub(crate) const PER_LINE: u32 = 10;

/// A line and a kind of message: file, line index, error (or warning), kind, switch,
/// and the call chain (a hash): a macro's line called from two places is two lines,
/// each reporting all of its own messages as 64tass does.
pub(crate) type LineKind = (FileId, usize, bool, Kind, Option<&'static str>, u64);

/// A hash of a call chain, for [`LineKind`].
fn chain_hash(chain: &[Span]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    chain.hash(&mut h);
    h.finish()
}

/// A diagnostic of the current pass, before the pass is known to be final.
#[derive(Clone)]
pub(crate) struct Pending {
    pub severity: Severity,
    pub kind: Kind,
    pub msg: String,
    pub span: Span,
    pub notes: Vec<String>,
    pub related: Option<(Span, String)>,
    pub switch: Option<&'static str>,
    /// Where the macro call or include that led here was (innermost first).
    pub chain: Vec<Span>,
    /// A "not defined" error's name and scope searched: kept in a value, it
    /// is reported where the value is used, once per name and scope and pass
    /// as any other (64tass checks when it reports).
    pub undefined: Option<Box<UndefinedKey>>,
}

/// A name reported "not defined", with the scope the search started from.
pub(crate) type UndefinedKey = (String, u32);

pub(crate) struct Assembler<'o> {
    pub opts: &'o Options,
    pub dialect: Dialect,
    pub src: SourceMap,
    pub files: files::Files,
    pub lines: lines::LineCaches,
    pub heads: head::Heads,
    pub names: Interner,
    pub syms: Symbols,
    pub encs: Encodings,
    pub macros: macros::Macros,
    pub out: Output,
    pub st: PassState,
    pub diags: Vec<Pending>,
    /// Hashes of this pass's diagnostics (each is reported once).
    diag_keys: rustc_hash::FxHashSet<u64>,
    /// Messages of one kind on one line (see [`PER_LINE`]): how many were kept, and
    /// how many more there were.
    per_line: rustc_hash::FxHashMap<LineKind, (u32, u64)>,
    /// Inside a constant's value: errors are kept, not reported yet.
    pub deferring: u32,
    /// Indexes of errors reported at once while deferring (`Fault::eager`).
    pub eager: Vec<usize>,
    /// Names reported "not defined" this pass, with the scope searched.
    pub undefined: rustc_hash::FxHashSet<UndefinedKey>,
    /// Encodings that reported a character they can't encode this pass
    /// (64tass reports one such error per encoding and pass).
    pub unencodable: rustc_hash::FxHashSet<crate::value::EncId>,
    /// Which source line wrote which bytes (when recording).
    pub record: result::Recorder,
    /// Work done in this run, bounded so runaway macros stop with an error.
    pub work: u64,
    /// Anonymous scopes by creating line and occurrence in the pass.
    pub anon_scopes: FxHashMap<(FileId, u32, u32), u32>,
    /// The code object `*` gave last (reused while the program counter stays).
    pub last_star: Option<crate::value::CodeId>,
    /// The first approximate float comparison of the operation being evaluated
    /// (see [`warnings`]).
    pub approx: std::cell::Cell<Option<(std::cmp::Ordering, std::cmp::Ordering)>>,
    /// A float was rounded to an integer since this was last cleared.
    pub rounded: std::cell::Cell<bool>,
    /// The operand node (its address) the last `<?` or `>?` gave as its
    /// value (see `eval::computed_here`).
    pub picked: std::cell::Cell<usize>,
    /// The register names defined (`a` in bit 0): those of every processor
    /// selected so far in the run, as in 64tass.
    pub registers: u32,
    /// Symbols read now count as used (64tass's `referenceit`): not while
    /// the value of a constant nobody has read since its last definition is
    /// computed, so what only that constant names (a `.proc`) stays unused.
    pub referencing: bool,
    /// What `-Wstrict-bool` has to say about bools used as numbers since
    /// the place they are reported at was last reached (see
    /// `Env::bool_misused`).
    pub bool_uses: std::cell::RefCell<Vec<String>>,
    /// A label plus an offset wrapped around the address space when taken as
    /// a number (`-Wwrap-addr`, reported where the number is used).
    pub addr_wrapped: std::cell::Cell<bool>,
    /// No encoding is in effect (the arguments of `.cdef`, `.tdef`,
    /// `.edef`): a one-character string is its code point, as in 64tass.
    pub no_encoding: bool,
    /// `-Woptimize`: each section's model of the registers (kept across
    /// passes, see [`optimize`]).
    pub optimizers: FxHashMap<crate::output::SecId, crate::optimizer::Optimizer>,
    /// Instructions made now are not reported by `-Woptimize` (in a
    /// macro's expansion, or a function called for its value).
    pub opt_quiet: bool,
}

impl<'o> Assembler<'o> {
    pub fn new(opts: &'o Options) -> Self {
        let dialect = Dialect {
            case_sensitive: opts.case_sensitive,
            unicode: opts.ascii,
        };
        let image_mask = if opts.flat_image {
            u32::MAX
        } else if opts.long_address && !opts.short_image {
            0xff_ffff
        } else {
            0xffff
        };
        Assembler {
            opts,
            dialect,
            src: SourceMap::default(),
            files: files::Files::new(opts),
            lines: lines::LineCaches::default(),
            heads: head::Heads::default(),
            names: Interner::default(),
            syms: Symbols::default(),
            encs: Encodings::new(opts.ascii),
            macros: macros::Macros::default(),
            out: Output::new(image_mask),
            st: PassState::new(opts),
            diags: Vec::new(),
            diag_keys: Default::default(),
            per_line: Default::default(),
            undefined: Default::default(),
            unencodable: Default::default(),
            deferring: 0,
            eager: Vec::new(),
            record: result::Recorder::new(opts.record_lines, opts.source_lines, opts.verbose_list),
            work: 0,
            anon_scopes: FxHashMap::default(),
            last_star: None,
            approx: std::cell::Cell::new(None),
            rounded: std::cell::Cell::new(false),
            picked: std::cell::Cell::new(0),
            registers: target::register_bits(opts.cpu),
            referencing: true,
            bool_uses: Default::default(),
            addr_wrapped: std::cell::Cell::new(false),
            no_encoding: false,
            optimizers: FxHashMap::default(),
            opt_quiet: false,
        }
    }

    /// Assemble files from disk, in order.
    pub fn run_files(mut self, paths: &[&Path]) -> Result<Program, Diagnostics> {
        let mut mains = Vec::new();
        for path in paths {
            match self.files.load_main(path, &mut self.src, self.opts.ascii) {
                Ok(id) => mains.push(id),
                Err(e) => {
                    return Err(Diagnostics::new(
                        vec![Diagnostic {
                            severity: Severity::Error,
                            kind: Kind::Io,
                            message: format!("cannot read source file: {e}"),
                            file: path.display().to_string(),
                            line: 0,
                            column: 0,
                            notes: Vec::new(),
                            switch: None,
                            span: None,
                            secondary: Vec::new(),
                        }],
                        None,
                    ));
                }
            }
        }
        self.run(&mains)
    }

    /// Assemble in-memory text as the main file.
    pub fn run_text(mut self, name: &str, text: &str) -> Result<Program, Diagnostics> {
        // The text is read as a file's bytes would be: without `-a` each
        // byte of its UTF-8 is a character, as 64tass reads a raw source.
        let text = crate::source::decode(text.as_bytes(), self.opts.ascii);
        let main = self.src.add(name.to_string(), None, text);
        self.run(&[main])
    }

    fn run(mut self, mains: &[FileId]) -> Result<Program, Diagnostics> {
        let defines = self.defines_file();
        loop {
            self.begin_pass();
            self.select_cpu(self.opts.cpu);
            if let Some(d) = defines {
                self.record_file(d, Some(crate::listing::Entered::Definitions));
                self.compile_file(d);
                // The definitions' bytes (if any) are not part of the output.
                self.out.reset();
            }
            for &main in mains {
                self.st.reset_file(&mut self.out);
                self.select_cpu(self.opts.cpu);
                self.record_file(main, Some(crate::listing::Entered::Input));
                self.compile_file(main);
            }
            if self.st.fixeddig && !self.out.sections_settled(self.st.pass) {
                self.st.fixeddig = false;
            }
            let again = !self.st.fixeddig || self.st.constcreated;
            if !again || self.has_fatal() {
                break;
            }
            if self.st.pass >= MAX_PASSES {
                let span = Span::new(mains[0], 0, 0);
                self.error(span, Kind::NoConvergence, "too many passes".to_string());
                break;
            }
        }
        self.unused_check();
        self.finish()
    }

    /// The `-D` definitions as a source text of their own.
    fn defines_file(&mut self) -> Option<FileId> {
        if self.opts.defines.is_empty() {
            return None;
        }
        let mut text = String::new();
        for d in &self.opts.defines {
            text.push_str(d);
            text.push('\n');
        }
        Some(self.src.add("<command line>".into(), None, text))
    }

    fn begin_pass(&mut self) {
        self.out.reset();
        self.st.begin_pass(&mut self.out, self.opts);
        if let Some(p) = &self.opts.progress {
            p.start_pass(self.st.pass);
        }
        self.diags.clear();
        self.diag_keys.clear();
        self.per_line.clear();
        self.undefined.clear();
        self.unencodable.clear();
        self.record.clear();
        self.anon_scopes.clear();
        self.syms.ns_mut(crate::symbols::GLOBAL).backr = 0;
        self.syms.ns_mut(crate::symbols::GLOBAL).forwr = 0;
        self.syms.extra_slot.clear();
        self.macros.begin_pass();
        self.mark_exported();
        self.opt_begin_pass();
    }

    /// An error that ends assembly at once (resource limits).
    fn has_fatal(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == Severity::Error && d.kind == Kind::Limit)
    }

    // ------------------------------------------------------------ diagnostics

    pub fn error(&mut self, span: Span, kind: Kind, msg: String) {
        self.push_diag(Severity::Error, kind, span, msg, None, None);
    }

    /// No further pass can be avoided already: messages about values not
    /// known yet would be thrown away, so they are not even made.
    pub fn doomed(&self) -> bool {
        (self.st.constcreated || !self.st.fixeddig) && self.st.pass < MAX_PASSES
    }

    /// A warning under a `-W` switch; `-Werror` turns it into an error.
    pub fn warn(&mut self, switch: &'static str, span: Span, msg: String) {
        self.switch_warning(switch, span, msg, None);
    }

    /// A user `.warn` or a warning without a switch.
    pub fn warn_plain(&mut self, kind: Kind, span: Span, msg: String) {
        if self.opts.warnings.none {
            return;
        }
        let sev = if self.opts.warnings.error {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.push_diag(sev, kind, span, msg, None, None);
    }

    /// A warning about a symbol of a scope entered `depth` macro calls deep
    /// (see `Context::depth`): it belongs to those calls, not to the ones
    /// that read the symbol later, so it is given once.
    pub fn warn_at_depth(&mut self, switch: &'static str, span: Span, msg: String, depth: usize) {
        self.switch_warning(switch, span, msg, Some(depth));
    }

    fn switch_warning(
        &mut self,
        switch: &'static str,
        span: Span,
        msg: String,
        depth: Option<usize>,
    ) {
        if self.opts.warnings.none {
            return;
        }
        let sev = if self.opts.warnings.is_error(switch) {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.push_diag(sev, Kind::Warning, span, msg, Some(switch), depth);
    }

    fn push_diag(
        &mut self,
        severity: Severity,
        kind: Kind,
        span: Span,
        msg: String,
        switch: Option<&'static str>,
        depth: Option<usize>,
    ) {
        // The next pass clears what this one reports; only an error kept in
        // a value (which changes how the value behaves) or one that ends
        // assembly matters before then.
        if self.deferring == 0 && kind != Kind::Limit && self.doomed() {
            return;
        }
        // A problem in a macro argument is shown at the call's argument.
        let calls = depth.map_or(self.st.chain.len(), |d| d.min(self.st.chain.len()));
        let (span, chain_len) = self
            .at_argument(span, &self.st.chain[..calls])
            .unwrap_or((span, calls));
        // The same message at the same place once per pass (loops repeat lines).
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            // The call chain too: one macro's error from two calls is two errors.
            (
                span.file,
                span.start,
                span.end,
                &msg,
                severity == Severity::Error,
                &self.st.chain[..chain_len],
            )
                .hash(&mut h);
            h.finish()
        };
        // Errors kept in a value are counted where the value is used; a
        // warning stays where it is, so it is counted at once.
        let fresh = if self.deferring > 0 && severity == Severity::Error {
            !self.diag_keys.contains(&key)
        } else {
            self.diag_keys.insert(key)
        };
        if !fresh
            || self.diags.len() >= 10_000
            || !self.within_line_bound(
                span,
                severity,
                kind,
                switch,
                chain_hash(&self.st.chain[..chain_len]),
            )
        {
            return;
        }
        self.diags.push(Pending {
            severity,
            kind,
            msg,
            span,
            notes: Vec::new(),
            related: None,
            switch,
            chain: self.st.chain[..chain_len].to_vec(),
            undefined: None,
        });
    }

    /// Counts a message against its line's bound for its kind: false if the line has
    /// shown [`PER_LINE`] of them already (the rest are counted, and summed up in a
    /// note on the last one shown).
    fn within_line_bound(
        &mut self,
        span: Span,
        severity: Severity,
        kind: Kind,
        switch: Option<&'static str>,
        chain: u64,
    ) -> bool {
        let line = self.src.get(span.file).line_index(span.start as usize);
        let key = (
            span.file,
            line,
            severity == Severity::Error,
            kind,
            switch,
            chain,
        );
        let (shown, more) = self.per_line.entry(key).or_default();
        if *shown < PER_LINE {
            *shown += 1;
            return true;
        }
        *more += 1;
        false
    }

    /// The key of a message for [`Assembler::within_line_bound`].
    pub(crate) fn line_kind(&self, p: &Pending) -> LineKind {
        let line = self.src.get(p.span.file).line_index(p.span.start as usize);
        (
            p.span.file,
            line,
            p.severity == Severity::Error,
            p.kind,
            p.switch,
            chain_hash(&p.chain),
        )
    }

    /// Report errors kept in a value (once per place and pass; inside another
    /// value's evaluation they are kept again, see `keep_errors`). `eager`:
    /// reported at once even there (see `Fault::eager`).
    pub fn raise_kept(&mut self, kept: &Kept, eager: bool) {
        let Some(list) = kept.0.downcast_ref::<Vec<Pending>>() else {
            return;
        };
        for p in list.iter().cloned() {
            let key = {
                use std::hash::{Hash, Hasher};
                let mut h = rustc_hash::FxHasher::default();
                (
                    p.span.file,
                    p.span.start,
                    p.span.end,
                    &p.msg,
                    true,
                    &p.chain,
                )
                    .hash(&mut h);
                h.finish()
            };
            let fresh = if self.deferring > 0 {
                !self.diag_keys.contains(&key)
            } else {
                self.diag_keys.insert(key)
            };
            let fresh = fresh
                && match &p.undefined {
                    Some(u) if self.deferring > 0 => !self.undefined.contains(&**u),
                    Some(u) => self.undefined.insert((**u).clone()),
                    None => true,
                };
            if fresh
                && self.diags.len() < 10_000
                && self.within_line_bound(
                    p.span,
                    p.severity,
                    p.kind,
                    p.switch,
                    chain_hash(&p.chain),
                )
            {
                if eager && self.deferring > 0 {
                    self.eager.push(self.diags.len());
                }
                self.diags.push(p);
            }
        }
    }

    /// Evaluate with errors kept in the value instead of reported (64tass's
    /// error values): what failed becomes a [`Value::Error`], reported only
    /// where that value is used.
    pub fn keeping<T>(
        &mut self,
        eval: impl FnOnce(&mut Self) -> EResult<T>,
        wrap: impl FnOnce(Value) -> T,
    ) -> EResult<T> {
        let before = self.diags.len();
        self.deferring += 1;
        let r = eval(self);
        self.deferring -= 1;
        match self.keep_errors(before) {
            Some(kept) => Ok(wrap(Value::Error(Rc::new(Fault::kept(kept))))),
            None => r,
        }
    }

    /// Move the errors reported since `before` (but not the eager ones, nor
    /// warnings) to a new kept list, if there were any.
    fn keep_errors(&mut self, before: usize) -> Option<Kept> {
        if self.diags.len() == before {
            return None;
        }
        let marks = std::mem::take(&mut self.eager);
        let (outer, inner): (Vec<usize>, Vec<usize>) = marks.into_iter().partition(|&i| i < before);
        self.eager = outer;
        let mut errors = Vec::new();
        let mut stay = Vec::new();
        let mut unreadable = false;
        for (i, p) in self.diags.drain(before..).enumerate() {
            unreadable |= p.kind == Kind::IncludeNotFound && p.severity == Severity::Error;
            // `.error` lines (of a function called here) report at once too,
            // and so does a file that can't be read (64tass's fatal error).
            let eager = inner.contains(&(before + i))
                || matches!(p.kind, Kind::UserError | Kind::IncludeNotFound);
            if p.severity != crate::diag::Severity::Error || eager {
                stay.push((p, eager));
            } else {
                errors.push(p);
            }
        }
        // A kept error counts against its line's bound where it is raised,
        // not here too (a line of a macro called again and again).
        for p in &errors {
            let key = self.line_kind(p);
            if let Some((shown, _)) = self.per_line.get_mut(&key) {
                *shown = shown.saturating_sub(1);
            }
        }
        for (p, eager) in stay {
            // Still eager for an enclosing evaluation that keeps errors.
            if eager && self.deferring > 0 {
                self.eager.push(self.diags.len());
            }
            self.diags.push(p);
        }
        // A file that can't be read leaves an error value that says nothing
        // more where it is used (64tass stops at its fatal error).
        if errors.is_empty() && !unreadable {
            return None;
        }
        Some(Kept(Rc::new(errors)))
    }

    /// Attach a note to the last diagnostic.
    pub fn note(&mut self, note: String) {
        if let Some(d) = self.diags.last_mut() {
            d.notes.push(note);
        }
    }

    /// Attach a secondary location to the last diagnostic.
    pub fn related(&mut self, span: Span, msg: &str) {
        if let Some(d) = self.diags.last_mut() {
            d.related = Some((span, msg.to_string()));
        }
    }

    /// 64tass's note under "duplicate definition" and "not a variable": where
    /// the symbol (named as the second definition writes it) was first defined.
    pub fn original_definition(&mut self, first: Span, text: &str) {
        self.related(first, &format!("original definition of '{text}' was here"));
    }

    /// Count work against the run's budget; `false` (and an error) when exhausted.
    pub fn spend(&mut self, units: u64, span: Span) -> bool {
        self.work += units;
        // Scopes stay for the whole run (a macro call's, a loop iteration's): they
        // count too, so an exponential expansion stops before it fills memory.
        let scopes = self.syms.spaces.len() as u64;
        if self.work + scopes * SCOPE_COST > WORK_LIMIT {
            if !self.has_fatal() {
                self.error(
                    span,
                    Kind::Limit,
                    format!(
                        "assembly stopped: more than {WORK_LIMIT} lines or bytes generated, \
                         or {} scopes opened (runaway macro or loop?)",
                        WORK_LIMIT / SCOPE_COST
                    ),
                );
            }
            return false;
        }
        true
    }
}

/// Lines executed plus bytes generated, over all passes: generous for real
/// programs (a 2-million-line source takes about 10 million), small enough
/// to stop exponential macro expansion.
pub const WORK_LIMIT: u64 = 200_000_000;

/// What one scope counts against [`WORK_LIMIT`]: a macro call's scope with its
/// labels takes a few hundred bytes, so the limit's million scopes stay well
/// under a gigabyte.
pub const SCOPE_COST: u64 = 200;

/// `v` in decimal, in `buf`: names and keys made on every macro call are
/// written without the formatter.
pub(crate) fn decimal(v: u32, buf: &mut [u8; 10]) -> &str {
    let mut at = buf.len();
    let mut v = v;
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}
