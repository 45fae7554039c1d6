//! Diagnostics of the current pass: errors and warnings as they are met,
//! kept until the pass is known to be the last (a later pass clears them),
//! each given once per place and pass, at most [`PER_LINE`] of a kind per
//! line, and errors kept inside values (64tass's error values) until the
//! value is used. Also the bounds of a run: its passes and its work.
//! Every layer above reports here.

use std::rc::Rc;

use super::Assembler;
use super::macro_text::{Substitution, macro_column, split_args_at};
use crate::diag::{Kind, Severity};
use crate::source::{FileId, Span};
use crate::value::convert::Kept;
use crate::value::{Fault, Value};

/// 64tass's pass limit: from this pass on values not known yet are
/// reported, and it gives up after the pass that follows it.
pub const MAX_PASSES: u32 = 20;

/// An evaluation failed and the error was reported.
pub struct Reported;

pub type EResult<T> = Result<T, Reported>;

/// How many messages of one kind one line shows: a line of a million values that each
/// overflow would otherwise print itself a million times. 64tass has no bound: a
/// table line of a few hundred values, each warned about (`-Wleading-zeros` on
/// `.byte 02,03,...`), shows each as 64tass does.
pub(crate) const PER_LINE: u32 = 1000;

/// How many messages a run shows. 64tass has no bound (a source of upper-case
/// mnemonics read with `-C`, each then a label, gave 13,437 errors); this one
/// only keeps a runaway source's messages from filling the memory.
const MAX_MESSAGES: usize = 1_000_000;

/// The error value of a file that can't be read: its error was shown where
/// the file was read, and where the value is used nothing more is said.
pub(crate) fn silent_error() -> Fault {
    Fault::kept(Kept(Rc::new(Vec::<Pending>::new())))
}

/// A line and a kind of message: file, line index, error (or warning), kind, switch,
/// and the call chain (a hash): a macro's line called from two places is two lines,
/// each reporting all of its own messages as 64tass does.
pub(crate) type LineKind = (FileId, usize, bool, Kind, Option<&'static str>, u64);

/// The `-W` switches whose warnings 64tass words as it files their place;
/// the others' words come after it (see `push_diag`).
const WORDED_WITH_PLACE: [&str; 6] = [
    "shadow",
    "implied-reg",
    "unused-macro",
    "unused-const",
    "unused-label",
    "unused-variable",
];

/// A hash of a call chain, for [`LineKind`].
fn chain_hash(chain: &[Span]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    chain.hash(&mut h);
    h.finish()
}

/// The key of the call chain a symbol was defined in (0 outside any call),
/// as [`Assembler::note_def_chain`] keeps it for `-Wunused-*`.
pub(crate) fn def_chain_key(chain: &[Span]) -> u64 {
    if chain.is_empty() {
        0
    } else {
        chain_hash(chain)
    }
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
    /// A note only 64tass's layout gives (see [`Assembler::tass_note`]).
    pub tass_note: Option<Box<crate::diag::TassNote>>,
    pub switch: Option<&'static str>,
    /// Where the macro call or include that led here was (innermost first).
    pub chain: Vec<Span>,
    /// The column 64tass reports when it is not the span's: in a changed
    /// macro line, the macro's text's (see [`Assembler::macro_column`]).
    pub column: Option<u32>,
    /// A "not defined" error's name and scope searched: kept in a value, it
    /// is reported where the value is used, once per name and scope and pass
    /// as any other (64tass checks when it reports).
    pub undefined: Option<Box<UndefinedKey>>,
    /// A kept error's once-per-place-and-pass key, still to be checked if
    /// it is shown at once after all (an eager one, see `keep_errors`).
    pub once_key: Option<u64>,
    /// Shown at a call's argument: where it was in the expansion.
    pub expanded: Option<Box<Moved>>,
}

/// Where a message shown at a call's argument was in the expansion.
#[derive(Clone)]
pub(crate) struct Moved {
    pub span: Span,
    /// The calls that led there.
    pub chain: Vec<Span>,
    /// 64tass's column there, when not the span's.
    pub column: Option<u32>,
    /// 64tass words it only there (see `WORDED_WITH_PLACE`).
    pub wordless: bool,
}

/// A name reported "not defined", with the scope the search started from.
pub(crate) type UndefinedKey = (String, u32);

impl Assembler<'_> {
    /// Keep the call chain a label just made (`existed` false) was made in,
    /// when it is not made at the top: its `-Wunused` warning is told apart
    /// from another label's at the same place by it (so none is kept
    /// without those warnings: a macro call's scope is such a label).
    /// Inline: without `-Wshadow`, a label defined again (a later pass's
    /// usual label) or one defined outside a call chain (or without
    /// `-Wunused`) keeps nothing.
    #[inline]
    pub(crate) fn note_def_chain(&mut self, id: crate::symbols::LabelId, existed: bool) {
        if !self.opts.warnings.shadow
            && (existed || self.st.chain.is_empty() || !self.opts.warnings.any_unused())
        {
            return;
        }
        self.note_def_chain_kept(id, existed);
    }

    #[inline(never)]
    fn note_def_chain_kept(&mut self, id: crate::symbols::LabelId, existed: bool) {
        if !existed && !self.st.chain.is_empty() && self.opts.warnings.any_unused() {
            self.def_chains.insert(id, def_chain_key(&self.st.chain));
        }
        self.note_shadow_chain(id);
    }

    /// Keep the call chain of a label's (re)definition when it goes deeper
    /// than the scope the label is defined in: 64tass gives a `-Wshadow` in
    /// the chain of the definition (each `.segment` call that defines a
    /// label in the `.block` around it is its own message), while the
    /// scope's chain is enough for a label its scope's own lines define.
    fn note_shadow_chain(&mut self, id: crate::symbols::LabelId) {
        if !self.opts.warnings.shadow {
            return;
        }
        let scope_depth = self.st.contexts.last().map_or(0, |c| c.depth as usize);
        if self.st.chain.len() > scope_depth {
            self.shadow_chains.insert(id, self.st.chain.clone());
        } else if !self.shadow_chains.is_empty() {
            self.shadow_chains.remove(&id);
        }
    }

    /// Give a `-Wshadow` of the label `id` in `chain`, whatever chain it is
    /// found in.
    pub(crate) fn keep_shadow_chain(&mut self, id: crate::symbols::LabelId, chain: Vec<Span>) {
        self.shadow_chains.insert(id, chain);
    }

    /// A `-Wshadow` warning of the label `id`, in its definition's chain
    /// when that was kept (see [`Self::note_shadow_chain`]), else in the
    /// chain `depth` calls deep. Read on another line than its own, the
    /// definition is shown where it is (not at a call's argument).
    #[allow(clippy::too_many_arguments, reason = "one message's parts")]
    pub(crate) fn warn_shadow(
        &mut self,
        id: crate::symbols::LabelId,
        span: Span,
        msg: String,
        depth: usize,
        column: Option<u32>,
        on_its_line: bool,
    ) {
        let Some(def_chain) = self.shadow_chains.get(&id).cloned() else {
            self.warn_at_depth("shadow", span, msg, depth, column);
            return;
        };
        let depth = def_chain.len();
        let reader = std::mem::replace(&mut self.st.chain, def_chain);
        self.place_kept = !on_its_line;
        self.warn_at_depth("shadow", span, msg, depth, column);
        self.place_kept = false;
        self.st.chain = reader;
    }

    /// Any error so far (64tass's `error_serious`).
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.severity == Severity::Error)
    }

    /// An error that ends assembly at once (resource limits).
    pub fn has_fatal(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == Severity::Error && d.kind == Kind::Limit)
    }

    pub fn error(&mut self, span: Span, kind: Kind, msg: String) {
        self.push_diag(Severity::Error, kind, span, msg, None, None, None);
    }

    /// A symbol not found reads as nothing (no error value) while this pass
    /// has made a constant the last one didn't have: the symbol may be
    /// among the later ones. 64tass's rule, which unlike [`Self::doomed`]
    /// doesn't count a value that moved: an error value read ahead of its
    /// definition must stay one for the values to settle.
    pub fn undefined_is_none(&self) -> bool {
        self.replay.taint();
        self.st.constcreated && !self.st.last_allowed()
    }

    /// No further pass can be avoided already: messages about values not
    /// known yet would be thrown away, so they are not even made.
    pub fn doomed(&self) -> bool {
        // A message may be left out here: the line is not kept for replay.
        self.replay.taint();
        self.st.doomed()
    }

    /// A warning under a `-W` switch; `-Werror` turns it into an error.
    pub fn warn(&mut self, switch: &'static str, span: Span, msg: String) {
        self.switch_warning(switch, span, msg, None, None);
    }

    /// A user `.warn` or a warning without a switch.
    pub fn warn_plain(&mut self, kind: Kind, span: Span, msg: String) {
        if self.opts.warnings.none {
            return;
        }
        // `-Werror` leaves these warnings, as in 64tass: `.warn`, `.cwarn`
        // and the other warnings 64tass names no switch for (`.goto`
        // outside TASM mode).
        self.push_diag(Severity::Warning, kind, span, msg, None, None, None);
    }

    /// A warning about a symbol of a scope entered `depth` macro calls deep
    /// (see `Context::depth`): it belongs to those calls, not to the ones
    /// that read the symbol later, so it is given once. `column`: the column
    /// to report when it is not the span's (a distinct message then).
    pub fn warn_at_depth(
        &mut self,
        switch: &'static str,
        span: Span,
        msg: String,
        depth: usize,
        column: Option<u32>,
    ) {
        self.switch_warning(switch, span, msg, Some(depth), column);
    }

    fn switch_warning(
        &mut self,
        switch: &'static str,
        span: Span,
        msg: String,
        depth: Option<usize>,
        column: Option<u32>,
    ) {
        if self.opts.warnings.none {
            return;
        }
        let sev = if self.opts.warnings.is_error(switch) {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.push_diag(sev, Kind::Warning, span, msg, Some(switch), depth, column);
    }

    /// A message; `column`: the column to report when it is not the span's
    /// own (see [`Self::warn_at_depth`]).
    #[allow(clippy::too_many_arguments, reason = "one message's parts")]
    pub fn push_diag(
        &mut self,
        severity: Severity,
        kind: Kind,
        span: Span,
        msg: String,
        switch: Option<&'static str>,
        depth: Option<usize>,
        column: Option<u32>,
    ) {
        self.replay.taint();
        let msg = printable_message(msg);
        // The next pass clears what this one reports; only an error kept in
        // a value (which changes how the value behaves) or one that ends
        // assembly matters before then.
        if self.deferring == 0 && kind != Kind::Limit && self.doomed() {
            return;
        }
        // A problem in a macro argument is shown at the call's argument, and
        // at the argument of the call further out that the text came from.
        let (mut span, mut chain_len) = (
            span,
            depth.map_or(self.st.chain.len(), |d| d.min(self.st.chain.len())),
        );
        let mut moved = false;
        let inner = (span, chain_len);
        while !self.place_kept
            && let Some(outer) = self.at_argument(span, &self.st.chain[..chain_len])
        {
            (span, chain_len) = outer;
            moved = true;
        }
        // 64tass files a `-W` warning moved to a call's argument before its
        // words (they go to the note that follows): at the same place it is
        // the same message as the one before, whatever it says.
        let wordless = moved && switch.is_some_and(|w| !WORDED_WITH_PLACE.contains(&w));
        // The same message at the same place once per pass (loops repeat lines).
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            // The call chain too: one macro's error from two calls is two errors.
            (
                span.file,
                span.start,
                if wordless { span.start } else { span.end },
                if wordless { "" } else { &msg },
                severity == Severity::Error,
                &self.st.chain[..chain_len],
                column,
            )
                .hash(&mut h);
            h.finish()
        };
        // Errors kept in a value are counted, and shown once, where the value
        // is used: kept even when the same one was shown already this pass (a
        // constant's error value read ahead of its line, then made again
        // there, stays an error value, so the values settle); a warning
        // stays where it is, so it is counted at once.
        // (A warning `-Werror` makes an error is reported at once, as 64tass
        // reports it: never kept.)
        let kept = self.deferring > 0 && severity == Severity::Error && kind != Kind::Warning;
        let fresh = kept || self.diag_keys.insert(key);
        if !fresh
            || self.diags.len() >= MAX_MESSAGES
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
            tass_note: None,
            switch,
            chain: self.st.chain[..chain_len].to_vec(),
            // Moved to a call's argument, the place is the argument's in the
            // call's line as it reads (64tass maps no column back there).
            column: column.or_else(|| (!moved).then(|| self.macro_column(span)).flatten()),
            undefined: None,
            once_key: kept.then_some(key),
            expanded: moved.then(|| {
                let (span, len) = inner;
                Box::new(Moved {
                    span,
                    chain: self.st.chain[..len].to_vec(),
                    column: self.macro_column(span),
                    wordless,
                })
            }),
        });
    }

    /// The substitutions of a line of a macro expansion, line-relative (none
    /// for a line no argument changed or a file's own line).
    pub(crate) fn line_subs(&self, file: FileId, line: usize) -> Vec<Substitution> {
        let Some(subs) = self.macros.subs.get(file) else {
            return Vec::new();
        };
        let (from, to) = self.src.get(file).line_span(line);
        let (from, to) = (from as u32, to as u32);
        let first = subs.partition_point(|s| s.start < from);
        subs[first..]
            .iter()
            .take_while(|s| s.start <= to)
            .map(|s| Substitution {
                start: s.start - from,
                ..*s
            })
            .collect()
    }

    /// The column 64tass reports for a place in a macro line a parameter
    /// changed: counted in the macro's text (`lda #\1+nothere` called with
    /// `12345`: column 10, not 13), the caret still under the expanded line.
    /// Not in a `.for`'s condition or step or a `.while`'s condition, which
    /// 64tass reads from a copy of the expanded line.
    pub(crate) fn macro_column(&self, span: Span) -> Option<u32> {
        // A file no argument changed (most lines): no line to look up.
        if self.st.loop_head || self.macros.subs.get(span.file).is_none() {
            return None;
        }
        let f = self.src.get(span.file);
        let line = f.line_index(span.start as usize);
        let from = f.line_span(line).0 as u32;
        let on_line = self.line_subs(span.file, line);
        if on_line.is_empty() {
            return None;
        }
        let raw = macro_column(&on_line, span.start.saturating_sub(from));
        Some(self.origin_column(span.file, line, raw))
    }

    /// A byte offset in a line of an expansion (or of a file) as a column:
    /// 1-based, counted in characters of the line it came from (the macro's
    /// line), as columns are.
    pub(crate) fn origin_column(&self, file: FileId, line: usize, byte: u32) -> u32 {
        let (from, index) = self.src.origin(file, line as u32);
        let origin = self.src.get(from);
        origin.column(origin.line(index as usize), 0, byte as usize) as u32
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
        self.replay.taint();
        if let Some(list) = kept.0.downcast_ref::<Vec<Pending>>() {
            self.raise_list(list.iter().cloned(), eager);
        }
    }

    /// [`Self::raise_kept`] for the value's last holder: its errors are
    /// moved, not copied (a name read ahead of its definition in a pass
    /// that may be the last is made an error value and used at once).
    pub fn raise_kept_owned(&mut self, kept: Kept, eager: bool) {
        match Rc::downcast::<Vec<Pending>>(kept.0).map(Rc::try_unwrap) {
            Ok(Ok(list)) => {
                self.replay.taint();
                self.raise_list(list.into_iter(), eager);
            }
            Ok(Err(shared)) => self.raise_kept(&Kept(shared), eager),
            Err(other) => self.raise_kept(&Kept(other), eager),
        }
    }

    /// A value's kept errors reported one by one.
    fn raise_list(&mut self, list: impl ExactSizeIterator<Item = Pending>, eager: bool) {
        if list.len() == 0 {
            // A file that can't be read: its error was shown where it was read.
            self.silent_used += 1;
        }
        for p in list {
            self.raise_one(p, eager);
        }
    }

    /// One kept error reported: once per place and pass, within its line's
    /// bound.
    fn raise_one(&mut self, p: Pending, eager: bool) {
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
        // Kept again by an enclosing value: shown where that is used.
        let fresh = self.deferring > 0 || self.diag_keys.insert(key);
        let fresh = fresh
            && match &p.undefined {
                // Kept again by an enclosing value: decided where that
                // value is used (see `not_defined`).
                Some(_) if self.deferring > 0 => true,
                Some(u) => self.undefined.insert((**u).clone()),
                None => true,
            };
        if fresh
            && self.diags.len() < MAX_MESSAGES
            && self.within_line_bound(p.span, p.severity, p.kind, p.switch, chain_hash(&p.chain))
        {
            if eager && self.deferring > 0 {
                self.eager.push(self.diags.len());
            }
            self.diags.push(p);
        }
    }

    /// Evaluate with errors kept in the value instead of reported (64tass's
    /// error values): what failed becomes a [`Value::Error`], reported only
    /// where that value is used.
    #[inline]
    pub fn keeping<T>(
        &mut self,
        eval: impl FnOnce(&mut Self) -> EResult<T>,
        wrap: impl FnOnce(Value) -> T,
    ) -> EResult<T> {
        let before = self.diags.len();
        let silent = self.silent_used;
        self.deferring += 1;
        let r = eval(self);
        self.deferring -= 1;
        match self.keep_errors(before) {
            Some(kept) => Ok(wrap(Value::Error(Rc::new(Fault::kept(kept))))),
            // What failed used an error value that says nothing more (a file
            // that can't be read): the result is such a value too, as
            // 64tass's is (a variable or parameter given it stays defined).
            None if r.is_err() && self.silent_used != silent => {
                Ok(wrap(Value::Error(Rc::new(silent_error()))))
            }
            None => r,
        }
    }

    /// Move the errors reported since `before` (but not the eager ones, nor
    /// warnings) to a new kept list, if there were any.
    #[inline]
    fn keep_errors(&mut self, before: usize) -> Option<Kept> {
        if self.diags.len() == before {
            return None;
        }
        self.keep_reported(before)
    }

    /// [`Self::keep_errors`] once something was reported.
    #[cold]
    fn keep_reported(&mut self, before: usize) -> Option<Kept> {
        let marks = std::mem::take(&mut self.eager);
        let (outer, inner): (Vec<usize>, Vec<usize>) = marks.into_iter().partition(|&i| i < before);
        self.eager = outer;
        let mut errors = Vec::new();
        let mut stay = Vec::new();
        for (i, p) in self.diags.drain(before..).enumerate() {
            // `.error` lines (of a function called here) report at once too,
            // and so do a file that can't be read (64tass's fatal error) and
            // a warning made an error.
            let eager = inner.contains(&(before + i))
                || matches!(
                    p.kind,
                    Kind::UserError | Kind::IncludeNotFound | Kind::Warning
                );
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
        for (mut p, eager) in stay {
            // Shown at once after all: once per place and pass, as any other
            // (an encoding error in a loop's line).
            if let Some(key) = p.once_key.take()
                && !self.diag_keys.insert(key)
            {
                let line = self.line_kind(&p);
                if let Some((shown, _)) = self.per_line.get_mut(&line) {
                    *shown = shown.saturating_sub(1);
                }
                continue;
            }
            // Still eager for an enclosing evaluation that keeps errors.
            if eager && self.deferring > 0 {
                self.eager.push(self.diags.len());
            }
            self.diags.push(p);
        }
        // (A file that can't be read leaves its own error value: see
        // `silent_error`.)
        if errors.is_empty() {
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

    /// Attach a note to the last diagnostic that only 64tass's layout shows
    /// (c64kit's own keeps what it has always said): one about the current
    /// encoding, or about a built-in, which has no place in a file.
    pub fn tass_note(&mut self, at: crate::diag::NotePlace, msg: String) {
        self.tass_note_in(at, Vec::new(), msg);
    }

    /// [`Self::tass_note`] at a place reached through the macro calls `chain`.
    pub fn tass_note_in(&mut self, at: crate::diag::NotePlace, chain: Vec<Span>, msg: String) {
        if let Some(d) = self.diags.last_mut() {
            let note = crate::diag::TassNote {
                at,
                text: msg,
                chain,
            };
            d.tass_note = Some(Box::new(note));
        }
    }

    /// 64tass's note under a message about a built-in symbol (`a`, `len`):
    /// its "original definition", which is in no file.
    pub fn builtin_definition(&mut self, text: &str) {
        let text = format!("original definition of '{text}' was here");
        self.tass_note(crate::diag::NotePlace::Program, text);
    }

    /// 64tass's note under "duplicate definition" and "not a variable": where
    /// the symbol (named as the second definition writes it) was first defined.
    pub fn original_definition(&mut self, first: Span, text: &str) {
        self.related(first, &format!("original definition of '{text}' was here"));
    }

    /// The same note under a message made since there were `before`
    /// (a warning given already this pass, or not given, gets none).
    pub fn original_definition_under_new(&mut self, before: usize, first: Span, text: &str) {
        if self.diags.len() > before {
            self.original_definition(first, text);
        }
    }

    /// "duplicate definition" at `span`, with the note on where `text` was
    /// first defined.
    pub fn duplicate_definition(&mut self, span: Span, first: Span, text: &str) {
        self.error(
            span,
            Kind::DuplicateLabel,
            format!("duplicate definition '{text}'"),
        );
        self.original_definition(first, text);
    }

    /// An error inside an argument's text in an expansion belongs to the
    /// call's argument (as in 64tass): its span there, and the chain without
    /// that call. `None` when the span is not in a substituted argument.
    pub fn at_argument(&self, span: Span, chain: &[Span]) -> Option<(Span, usize)> {
        let marks = self.macros.arg_marks.get(span.file)?;
        let &(s, _, n) = marks
            .iter()
            .find(|&&(s, e, _)| s <= span.start && span.start < e.max(s + 1))?;
        // Only a macro call's arguments: a message about a definition read
        // further out may come with a chain that ends at an include
        // (`.binclude` of the file that called the macro).
        if self
            .st
            .include_frames
            .contains(&(chain.len().checked_sub(1)?))
        {
            return None;
        }
        let call = *chain.last()?;
        let cf = self.src.get(call.file);
        let line_start = cf.line_start(cf.line_col(call.start as usize).0 - 1);
        let line_text = cf.line(cf.line_col(call.start as usize).0 - 1);
        // The arguments follow the macro's name.
        let name_end = call.end as usize - line_start;
        let args_text = line_text.get(name_end..)?;
        let (a, b) = if n as usize == super::macro_text::ALL_ARGUMENTS {
            // `\@`: the arguments' whole text, as the expansion took it.
            let lead = args_text.len() - args_text.trim_start().len();
            (lead, lead + args_text.split(';').next()?.trim().len())
        } else {
            // `.dstruct TYPE, args`: the structure's arguments follow its type.
            let called = line_text.get(call.start as usize - line_start..)?;
            let typed = [".dstruct", ".dunion"].iter().any(|d| {
                called
                    .get(..d.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(d))
            });
            *split_args_at(args_text).get(n as usize + typed as usize)?
        };
        let offset = (span.start - s) as usize;
        let start = line_start + name_end + a + offset.min(b - a);
        let end =
            (start + (span.end - span.start) as usize).min(line_start + name_end + b.max(a + 1));
        Some((
            Span::new(call.file, start, end.max(start + 1)),
            chain.len() - 1,
        ))
    }

    /// Whether `units` more work fit in the run's budget ([`spend`](Self::spend) counts it).
    pub fn affordable(&self, units: u64) -> bool {
        let scopes = self.syms.spaces.len() as u64;
        self.work + units + scopes * SCOPE_COST <= WORK_LIMIT
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

/// A message as 64tass prints it: a character it doesn't show as it is (a
/// control but the tab, a separator but the space, a format character, one
/// of a text's, in a value it names) as its code, `<03>`, `<86>`, `<U+3000>`.
pub(crate) fn printable_message(msg: String) -> String {
    if msg.chars().all(crate::printable::shown_as_is) {
        return msg;
    }
    let mut out = Vec::with_capacity(msg.len() + 8);
    let mut buf = [0u8; 4];
    for c in msg.chars() {
        if crate::printable::shown_as_is(c) {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        } else {
            crate::printable::escape(c, &mut out);
        }
    }
    String::from_utf8(out).unwrap_or_default()
}
