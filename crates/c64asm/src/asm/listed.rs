//! What the listing records while the last pass runs: a row for each line
//! that wrote bytes, reserved space, has a label or a value, and with
//! `--verbose-list` for every line assembled (see `crate::listing`, which
//! writes them out).

use super::Assembler;
use super::commands::Cmd;
use super::lines::LineRef;
use super::state::Wait;
use crate::listing::{Entered, NewRow, RowKind, RowText, Rows, trim_end};
use crate::program::SourceLine;
use crate::source::FileId;
use crate::syntax::scan::ident_len;
use crate::value::Value;

/// One execution of a line: `vline`, file, line index, where it starts.
pub type Execution = (u32, FileId, u32, usize);

/// `--verbose-list`: a line's text row listed ahead and not pushed yet. Most
/// lines replace it at once with a row of their own (an instruction's bytes,
/// a label), so it is pushed only when another row is to follow it or its
/// line ends without one; dropped before, it costs no row pushed and popped
/// again. Its text is a slice of its file's (`offset`, `len`): the execution
/// `from` of the line `index` of `file`.
#[derive(Clone, Copy)]
struct Ahead {
    from: u32,
    file: FileId,
    index: u32,
    offset: u32,
    len: u32,
}

/// A code label's row (`lbl lda #0`) listed ahead and not pushed yet: an
/// instruction after the label replaces it at once with its own row, so it
/// is pushed only when another row is to follow it (see [`Ahead`]); dropped
/// before, it costs no row pushed and popped again. Its text is a slice of
/// its file's (`offset`, `len`).
struct LabelAhead {
    row: NewRow,
    listed: crate::opcodes::Listed,
    from: u32,
    line: (FileId, u32),
    offset: u32,
    len: u32,
}

/// Bytes written by source lines, and the listing's rows, when recording
/// is on.
pub struct Recorder {
    pub on: bool,
    /// The source lines (`lines`) are kept, not only the listing's rows.
    pub lines_on: bool,
    pub lines: Vec<SourceLine>,
    pub rows: Rows,
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
    /// That text row while it is not pushed yet (see [`Ahead`]).
    ahead: Option<Ahead>,
    /// The `pending` line's label row while it is not pushed yet.
    label_ahead: Option<LabelAhead>,
    /// The text and place of the last loop's closing line, listed once
    /// after the loop.
    pub loop_end: Option<(Box<str>, (FileId, u32))>,
    /// A labelled closing line's row (`- .next`) and its whole text: its
    /// label alone each time round, the whole line after the last.
    loop_label: Option<(usize, Box<str>)>,
    /// The statement found last, by the line's execution (`vline`), file,
    /// index and start: a `.byte` line records its values one at a time.
    statement: std::cell::Cell<Option<(Execution, (usize, bool))>>,
    /// Where the statement after a code label read again starts, by the
    /// line's execution ([`Assembler::record_label_start_named`]).
    label_at: Option<(Execution, usize)>,
    /// The execution of a line (`vline`, file, index, start) that wrote the
    /// last source line's bytes.
    pub lines_from: Option<Execution>,
}

impl Recorder {
    pub fn new(on: bool, lines_on: bool, verbose: bool, line_numbers: bool) -> Recorder {
        Recorder {
            lines_on,
            verbose,
            shown: None,
            ahead: None,
            label_ahead: None,
            loop_end: None,
            loop_label: None,
            on,
            lines: Vec::new(),
            rows: Rows::new(line_numbers),
            off: false,
            quiet: 0,
            pending: None,
            statement: std::cell::Cell::new(None),
            label_at: None,
            lines_from: None,
        }
    }

    /// `--verbose-list` is on.
    #[inline]
    pub fn verbose(&self) -> bool {
        self.verbose
    }

    pub fn clear(&mut self) {
        self.lines.clear();
        self.rows.clear();
        self.off = false;
        self.quiet = 0;
        self.pending = None;
        self.shown = None;
        self.ahead = None;
        self.label_ahead = None;
        self.loop_end = None;
        self.loop_label = None;
        self.statement.set(None);
        self.label_at = None;
        self.lines_from = None;
    }
}

impl Assembler<'_> {
    /// Whether what lines write is recorded now: not in a pass already
    /// known to be followed by another (its rows would be thrown away).
    pub(super) fn recording(&self) -> bool {
        self.record.on && !self.doomed()
    }

    /// Whether rows are listed now.
    fn listing(&self) -> bool {
        self.recording() && self.listed_here()
    }

    /// Whether a recording pass lists rows here: not after `.proff`, not
    /// in a function called in an expression.
    #[inline(always)]
    fn listed_here(&self) -> bool {
        !self.record.off && self.record.quiet == 0
    }

    /// A labelled line starts: its label is listed (at the address before
    /// the line), unless the line lists something of its own (bytes, a
    /// value) or is not listed at all ([`Assembler::record_unlist`]).
    pub fn record_label_start(&mut self, line: &LineRef) {
        // A placeholder of this line's last run (a macro called again, the
        // line's row still the last) is that run's row, kept (64tass).
        self.record.pending = None;
        if self.listing() && self.push_label_row(line) {
            self.record.pending = Some((line.file, line.index));
        }
    }

    /// [`Self::record_label_start`] for a line that starts with a name at
    /// its first non-blank `start`, `len` bytes, that is no instruction's
    /// (a code label, or a label in front of a directive), with a path
    /// after it (`a.b`) when `dotted`: without one, the label and where the
    /// statement after it starts are found from the name's end, not by
    /// reading the line again ([`Self::label_of`]); that place is kept for
    /// the row of bytes an instruction there makes ([`Self::note_instruction`]).
    ///
    /// Inline: a run that records nothing (no `-L`) is answered without a
    /// call at every code label of every pass.
    #[inline]
    pub fn record_label_start_named(
        &mut self,
        line: &LineRef,
        (start, len): (usize, usize),
        dotted: bool,
    ) {
        if !self.record.on {
            // What `listing` answers then (dotted or not), without asking
            // `doomed`.
            self.record.pending = None;
            return;
        }
        self.record_label_start_named_on(line, (start, len), dotted);
    }

    /// [`Self::record_label_start_named`] in a run that records.
    #[inline(never)]
    fn record_label_start_named_on(
        &mut self,
        line: &LineRef,
        (start, len): (usize, usize),
        dotted: bool,
    ) {
        if dotted {
            return self.record_label_start(line);
        }
        self.record.pending = None;
        if !self.listing() {
            return;
        }
        let (label, statement) = self.kept_label_of(line, start, len);
        #[cfg(debug_assertions)]
        {
            let cached = self.record.statement.get();
            debug_assert_eq!(label, self.label_of(line));
            debug_assert!(statement == start || statement == self.find_statement(line).0);
            self.record.statement.set(cached);
        }
        if label.is_empty() {
            return;
        }
        let key = self.statement_key(line);
        if statement > start {
            self.record.label_at = Some((key, statement));
            // A directive (`lbl .byte 1`): no instruction's name starts with `.`.
            if line.at(statement) == b'.' {
                debug_assert_eq!(self.find_statement(line), (statement, false));
                self.record.statement.set(Some((key, (statement, false))));
            }
        }
        let branch = self.record.verbose && self.takes_branch_at(line, statement);
        if !(statement > start && self.label_before_instruction(line, label, statement, branch)) {
            self.push_label_row_of(line, label, branch);
        }
        self.record.pending = Some((line.file, line.index));
    }

    /// The label row [`Self::push_label_row_of`] would push for a label
    /// followed by what reads as an instruction (a name of three letters at
    /// `statement`), kept back instead ([`LabelAhead`]) when its text is its
    /// file's: the instruction's row most often replaces it. False: not
    /// kept back (nor pushed).
    fn label_before_instruction(
        &mut self,
        line: &LineRef,
        label: &str,
        statement: usize,
        branch: bool,
    ) -> bool {
        if branch
            || line.file == crate::listing::NO_FILE
            || ident_len(&line.text[..line.end], statement, self.dialect.unicode) != 3
        {
            return false;
        }
        let text = if self.record.verbose {
            self.listed_text(line)
        } else {
            label
        };
        let RowText::Source { offset, text } = self.row_text(line, text) else {
            return false;
        };
        // What `push_row` does before it pushes.
        self.take_placeholder(line);
        self.push_ahead();
        let at = (line.file, line.index);
        self.record.label_ahead = Some(LabelAhead {
            row: self.row_here(at, RowKind::Label),
            listed: self.listed(&[]),
            from: self.st.vline,
            line: at,
            offset,
            len: text.len() as u32,
        });
        true
    }

    /// A line starts with an anonymous label (`-`, `+`) at its first
    /// non-blank `label`, the next non-blank at `statement`: when something
    /// follows it after a blank, that is where the line's statement starts
    /// as [`Assembler::statement`] finds it, kept as a code label's place is
    /// ([`Self::record_label_start_named`]): an instruction there lists its
    /// row at once ([`Self::emit_listed_instruction`]), a directive's row
    /// finds its statement known. Only a listing run keeps it (not asked
    /// whether the pass records: that would keep the line from replay).
    #[inline]
    pub fn record_anonymous_label(&mut self, line: &LineRef, label: usize, statement: usize) {
        if !self.record.on || !matches!(line.at(label + 1), b' ' | b'\t') || line.at_end(statement)
        {
            return;
        }
        let key = self.statement_key(line);
        self.record.label_at = Some((key, statement));
        // A directive (`+ .word 0`): no instruction's name starts with `.`.
        if line.at(statement) == b'.' {
            debug_assert_eq!(self.find_statement(line), (statement, false));
            self.record.statement.set(Some((key, (statement, false))));
        }
    }

    /// What [`Self::label_of`] finds for a line that starts with the name at
    /// `start` (`len` bytes, no path after it), and where the line's
    /// statement starts as [`Assembler::statement`] finds it (`start` when
    /// there is none after the label): the name's end, a colon, blanks.
    fn kept_label_of<'l>(&self, line: &'l LineRef, start: usize, len: usize) -> (&'l str, usize) {
        let text = &line.text[..line.end];
        let name_end = start + len;
        let colon = line.at(name_end) == b':';
        let end = name_end + colon as usize;
        let next = line.skip_ws(end);
        if !line.at_end(next) {
            // A name followed by something without a blank (`name*2`):
            // no label, no statement after one.
            if next == end && !colon {
                return ("", start);
            }
            return (trim_end(&text[line.start..next]), next);
        }
        // A label alone, unless it names an instruction (`nop`).
        if !colon && self.is_mnemonic(&text[start..name_end]) {
            return ("", start);
        }
        (&text[line.start..end], start)
    }

    /// The line's label as a row of its own; false when it has none.
    fn push_label_row(&mut self, line: &LineRef) -> bool {
        let label = self.label_of(line);
        if label.is_empty() {
            return false;
        }
        let branch = self.record.verbose && self.takes_branch(line);
        self.push_label_row_of(line, label, branch);
        true
    }

    /// The row of a line's `label`: with `--verbose-list` the whole line,
    /// but for a branch directive (`branch`: `lbl .else`, whose lines after
    /// are skipped) the label alone.
    fn push_label_row_of(&mut self, line: &LineRef, label: &str, branch: bool) {
        let text = (!self.record.verbose || branch).then_some(label);
        self.push_row(line, RowKind::Label, text);
    }

    /// The line's label is not listed (an unused `.proc`); with
    /// `--verbose-list` the line is, as text.
    pub fn record_unlist(&mut self, line: &LineRef) {
        self.take_placeholder(line);
        if self.record.verbose && self.listing() {
            self.push_row(line, RowKind::Text, None);
        }
    }

    /// `--verbose-list`: a line starts; returns whether it is assembled
    /// (without `--verbose-list` false: [`Self::verbose_line_end`] does not
    /// ask). An assembled line's text is listed ahead, replaced by its own
    /// row if it has one.
    pub fn verbose_line_start(&mut self, line: &LineRef) -> bool {
        if !self.record.verbose {
            return false;
        }
        let active = self.st.active();
        if active && self.listing() {
            self.list_ahead(line);
            self.record.shown = Some((line.file, line.index));
        }
        active
    }

    /// The line's text row listed ahead (see [`Ahead`]): as `push_row` would
    /// push it, kept back when its text is its file's.
    fn list_ahead(&mut self, line: &LineRef) {
        self.take_placeholder(line);
        // Most lines: a line of their file ending without a blank, their
        // place found without `listed_text` and `row_text` (as they find it).
        if line.file != crate::listing::NO_FILE
            && let Some((offset, len)) = self.line_place(line)
        {
            #[cfg(debug_assertions)]
            match self.row_text(line, self.listed_text(line)) {
                RowText::Source { offset: o, text } => {
                    debug_assert_eq!((o, text.len() as u32), (offset, len))
                }
                RowText::Own(_) => debug_assert!(false, "a line of its file"),
            }
            self.keep_ahead(line, offset, len);
            return;
        }
        let text = self.listed_text(line);
        let at = (line.file, line.index);
        match self.row_text(line, text) {
            RowText::Source { offset, text } if line.file != crate::listing::NO_FILE => {
                self.keep_ahead(line, offset, text.len() as u32);
            }
            text => {
                self.push_ahead();
                self.record.rows.push_text(self.st.vline, at, text);
            }
        }
    }

    /// The line's text row, a slice of its file's (`offset`, `len`), kept
    /// back as [`Ahead`] (any row kept back before it pushed first).
    fn keep_ahead(&mut self, line: &LineRef, offset: u32, len: u32) {
        self.push_ahead();
        self.record.ahead = Some(Ahead {
            from: self.st.vline,
            file: line.file,
            index: line.index,
            offset,
            len,
        });
    }

    /// Every row kept back pushed: the rows are read as they stand (the
    /// run's end, the definitions' bytes copied).
    pub(super) fn rows_done(&mut self) {
        self.push_ahead();
    }

    /// The text row listed ahead, pushed now (another row follows it, or
    /// its line ended without one). Inline: asked at every line's end.
    #[inline]
    fn push_ahead(&mut self) {
        if self.record.ahead.is_some() || self.record.label_ahead.is_some() {
            self.push_ahead_row();
        }
    }

    #[inline(never)]
    fn push_ahead_row(&mut self) {
        // Never both: each is pushed before the other is kept back.
        debug_assert!(self.record.ahead.is_none() || self.record.label_ahead.is_none());
        if let Some(l) = self.record.label_ahead.take() {
            self.record
                .rows
                .push_source_row(l.row, l.listed, (l.offset, l.len));
        }
        if let Some(a) = self.record.ahead.take() {
            // Its text a slice of its file's: only its place is kept, as
            // `push_text` keeps a `RowText::Source` (not read from the file).
            let at = (a.file, a.index);
            self.record
                .rows
                .push_source_text(a.from, at, (a.offset, a.len));
        }
    }

    /// `--verbose-list`: a line ended. One that closed a block skipped so far
    /// (`.endif`, `.endm`, `.endc`) is listed; one that starts skipping after
    /// a branch taken (`.else`, `.elsif`, `.case`) is not.
    pub fn verbose_line_end(&mut self, line: &LineRef, was_active: bool) {
        if !self.record.verbose {
            return;
        }
        // Only `--verbose-list` lists a line ahead.
        self.push_ahead();
        if !self.listing() {
            return;
        }
        let active = self.st.active();
        if !was_active && active {
            // 64tass shows the closing line of a skipped block (`.endm`,
            // `.endf`, `.endif`, `.endc`) with its label blanked out.
            let text = (!self.label_of(line).is_empty()).then(|| self.label_blanked(line));
            self.push_row(line, RowKind::Text, text.as_deref());
        } else if was_active && !active && self.takes_branch(line) {
            self.drop_shown(line);
        }
        self.record.shown = None;
    }

    /// `--verbose-list`: a loop's closing line, met each time round, is
    /// listed once when the loop is done.
    pub fn verbose_loop_end(&mut self, line: &LineRef) {
        if !self.record.verbose || !self.listing() {
            return;
        }
        if !self.st.active() {
            // The round was left by `.continue`/`.break`: if it was the
            // last, 64tass lists the closing line after the loop as the
            // closing line of a skipped block.
            if matches!(
                self.st.top().what,
                Wait::EndFor2 | Wait::EndRept2 | Wait::EndWhile2
            ) {
                let at = (line.file, line.index);
                self.record.loop_end = Some((self.label_blanked(line).into(), at));
                self.record.loop_label = None;
            }
            return;
        }
        self.drop_shown(line);
        // A labelled one is listed by its label's row already: the label
        // alone while the loop goes round (64tass).
        let label = self.label_of(line);
        if label.is_empty() {
            let text = self.listed_text(line).into();
            self.record.loop_end = Some((text, (line.file, line.index)));
            return;
        }
        self.record.loop_end = None;
        self.push_ahead();
        if self.record.pending == Some((line.file, line.index))
            && let Some(last) = self.record.rows.last()
            && matches!(last.kind(), RowKind::Label)
        {
            let at = self.record.rows.len() - 1;
            let whole = self.record.rows.text(at, &self.src).into();
            self.record.rows.set_text(at, label);
            self.record.loop_label = Some((at, whole));
        }
    }

    /// `--verbose-list`: a loop starts. What an enclosing loop's closing
    /// line left from an earlier round is not this loop's: that line sets
    /// it again when met.
    pub fn verbose_loop_start(&mut self) {
        self.record.loop_end = None;
        self.record.loop_label = None;
    }

    /// `--verbose-list`: after a loop, its closing line.
    pub fn verbose_after_loop(&mut self) {
        self.push_ahead();
        if let Some((at, whole)) = self.record.loop_label.take()
            && at + 1 == self.record.rows.len()
        {
            self.record.rows.set_text(at, &whole);
        }
        if let Some((text, at)) = self.record.loop_end.take()
            && self.listing()
        {
            // After the loop's own row (not in place of it).
            let row = self.row_here(at, RowKind::Text);
            let listed = self.listed(&[]);
            self.record
                .rows
                .push(row, listed, &[], RowText::Own(&text), None);
        }
    }

    /// A line's text as 64tass lists it. A file's line without the blanks at
    /// its end (64tass drops them when it reads the line); a macro's expanded
    /// line as it is: its body line was trimmed before the arguments went in,
    /// and the blank before an argument left empty stays (`\op \arg`
    /// called without `arg` lists the opcode and a blank).
    fn listed_text<'t>(&self, line: &LineRef<'t>) -> &'t str {
        let text = &line.text[line.start..line.end];
        let trimmed = trim_end(text);
        // Most lines end without blanks: their file is not looked at.
        if trimmed.len() == text.len() {
            return text;
        }
        match self.src.try_get(line.file) {
            Ok(f) if f.expansion.is_some() => text,
            _ => trimmed,
        }
    }

    /// The line's text with its label blanked out, as 64tass lists the
    /// closing line of a block it skipped.
    fn label_blanked(&self, line: &LineRef) -> String {
        let label = self.label_of(line);
        let rest = &self.listed_text(line)[label.len()..];
        format!("{:w$}{rest}", "", w = label.chars().count())
    }

    /// `.else`, `.elsif`, `.case`, `.default`: a branch directive.
    fn takes_branch(&self, line: &LineRef) -> bool {
        let (stmt, _) = self.recorded_statement(line);
        self.takes_branch_at(line, stmt)
    }

    /// [`Self::takes_branch`], the line's statement starting at `stmt`.
    /// Inline: most statements asked about are no directive.
    #[inline(always)]
    fn takes_branch_at(&self, line: &LineRef, stmt: usize) -> bool {
        line.at(stmt) == b'.' && self.branch_directive_at(line, stmt + 1)
    }

    /// Whether the directive named at `pos` (just after its dot) is a
    /// branch's. Most often it is the one the line loop kept in the line's
    /// head when it ran the line ([`Assembler::kept_directive`]): read from
    /// there, not looked up again (~220 instructions a look-up, on every
    /// `.else` that `--verbose-list` meets).
    #[inline(never)]
    fn branch_directive_at(&self, line: &LineRef, pos: usize) -> bool {
        let cmd = match self.kept_directive(line) {
            Some((cmd, at, _)) if at == pos => Some(cmd),
            _ => self.command_at(line, pos).map(|(cmd, _)| cmd),
        };
        debug_assert_eq!(cmd, self.command_at(line, pos).map(|(cmd, _)| cmd));
        matches!(cmd, Some(Cmd::Else | Cmd::Elsif | Cmd::Case | Cmd::Default))
    }

    /// Drop the text row listed ahead for `line` (`--verbose-list`), if last.
    #[inline]
    pub fn drop_shown(&mut self, line: &LineRef) {
        self.drop_shown_at(line.file, line.index);
    }

    /// [`Self::drop_shown`] for line `index` of `file`.
    #[inline]
    fn drop_shown_at(&mut self, file: FileId, index: u32) {
        if self.record.shown == Some((file, index)) {
            self.drop_shown_row();
        }
    }

    /// [`Self::drop_shown`] once the line is the one listed ahead (out of
    /// line: only `--verbose-list` gets here).
    #[inline(never)]
    fn drop_shown_row(&mut self) {
        self.record.shown = None;
        match self.record.ahead.take() {
            // Never pushed: the rows are as a push and a pop leave them.
            Some(a) => self.record.rows.skip_row(a.from),
            None => self.pop_last(|k| matches!(k, RowKind::Text)),
        }
    }

    /// Drop the label row listed ahead for `line`, if it is the last row.
    #[inline]
    pub fn take_placeholder(&mut self, line: &LineRef) {
        self.take_placeholder_at(line.file, line.index);
    }

    /// [`Self::take_placeholder`] for line `index` of `file`: all it reads
    /// of the line (a line answered without reading it has no
    /// [`LineRef`] made).
    #[inline]
    pub fn take_placeholder_at(&mut self, file: FileId, index: u32) {
        self.drop_shown_at(file, index);
        if self.record.pending == Some((file, index)) {
            self.record.pending = None;
            match self.record.label_ahead.take() {
                // Never pushed: the rows are as a push and a pop leave them.
                Some(l) if l.line == (file, index) => self.record.rows.skip_row(l.from),
                ahead => {
                    self.record.label_ahead = ahead;
                    self.pop_last(|k| matches!(k, RowKind::Label));
                }
            }
        }
    }

    /// Remove the last row if it is of the kind `is`.
    fn pop_last(&mut self, is: impl Fn(&RowKind) -> bool) {
        self.push_ahead();
        if self.record.rows.last().is_some_and(|r| is(&r.kind())) {
            self.record.rows.pop();
        }
    }

    /// A line that wrote no bytes: listed when it has a label (the label
    /// alone, at the current address, as 64tass lists `label` or `blk .block`).
    pub fn record_line(&mut self, line: &LineRef, _note: Option<&str>) {
        if self.recording() {
            if self.label_row_stands(line) {
                self.record.pending = None;
                return;
            }
            self.push_label_row(line);
        }
    }

    /// [`Self::record_line`] for a blank or comment line (nothing but a
    /// comment from its first non-blank on): no label starts it, so
    /// [`Self::label_row_stands`] and [`Self::label_of`] find nothing to
    /// list; only the question whether the pass records is kept (it keeps
    /// the line from replay, as there).
    #[inline]
    pub fn record_blank_line(&mut self, line: &LineRef) {
        debug_assert!(line.at_end(line.skip_ws(line.start)));
        if self.recording() {
            debug_assert!(!self.label_row_stands(line) && self.label_of(line).is_empty());
        }
    }

    /// Whether the last row is the line's label row, listed at its start
    /// ([`Self::record_label_start_named`]) and still what
    /// [`Self::push_label_row`] would push in its place: the same execution,
    /// offset, program counter, memory and settings (nothing written or
    /// moved since), no text row listed ahead. Then the line's label is not
    /// read again ([`Self::label_of`]) to pop that row and push it again.
    /// Asked while the pass records.
    #[inline]
    fn label_row_stands(&self, line: &LineRef) -> bool {
        if self.record.pending != Some((line.file, line.index))
            || self.record.ahead.is_some()
            || self.record.label_ahead.is_some()
            || self.record.shown.is_some()
            || !self.listed_here()
            || self.record.rows.last_from() != Some(self.st.vline)
            || !self
                .record
                .rows
                .last()
                .is_some_and(|r| matches!(r.kind(), RowKind::Label))
        {
            return false;
        }
        let a = self.out.addr(self.st.addr);
        let (addr, pc, mem) = (a.address, a.l_address, a.mem);
        let stands = self
            .record
            .rows
            .last_row_at(addr, pc, mem, self.listed(&[]), line.file);
        debug_assert!(!stands || !self.label_of(line).is_empty());
        stands
    }

    /// A macro call's line: its label is listed, a macro called by its bare
    /// name (`mac 5`, which reads as a label) is not.
    /// Returns the row's place, for [`Assembler::record_call_value`].
    pub fn record_call_line(&mut self, line: &LineRef, call: crate::source::Span) -> Option<usize> {
        if !self.listing() {
            return None;
        }
        // A macro call's line is not listed, even with `--verbose-list`.
        self.drop_shown(line);
        // A call at the line's first non-blank (most: `#name args`) has no
        // label before it: the line is not read for one.
        if line.skip_ws(line.start) == call.start as usize {
            return None;
        }
        let label = self.label_of(line);
        // Where the label's name starts in the line's text.
        let at = line.start + (label.len() - label.trim_start().len());
        if label.is_empty() || at == call.start as usize {
            return None;
        }
        // The label alone, also with `--verbose-list` (64tass).
        self.push_row(line, RowKind::Label, Some(label));
        Some(self.record.rows.len() - 1)
    }

    /// The label of a macro call took the macro's value: its row shows the
    /// value and the whole line (64tass: `=$f1  ptr #reserve 2`).
    pub fn record_call_value(&mut self, row: Option<usize>, line: &LineRef, v: &Value) {
        let text = self.listed_text(line);
        self.record_row_value(row, v, Some(text));
    }

    /// A label row listed ahead shows the value its label got (`text`: the
    /// row's new source text after a macro call; none for a loop's label,
    /// which keeps its text).
    pub fn record_row_value(&mut self, row: Option<usize>, v: &Value, text: Option<&str>) {
        let Some(row) = row else { return };
        self.push_ahead();
        if row >= self.record.rows.len() {
            return;
        }
        let shown = self.record.rows.add_value(self.shown_value(v));
        let kind = match text {
            Some(text) => {
                self.record.rows.set_text(row, text);
                RowKind::Value(shown)
            }
            None => RowKind::LoopLabel(shown),
        };
        self.record.rows.set_kind(row, kind);
    }

    /// The place of the last row if it is the current line's label row.
    pub fn label_row(&mut self) -> Option<usize> {
        // A text row listed ahead is the last.
        if self.record.ahead.is_some() {
            return None;
        }
        if self.record.label_ahead.is_some() {
            self.push_ahead_row();
        }
        let last = self.record.rows.last()?;
        matches!(last.kind(), RowKind::Label).then(|| self.record.rows.len() - 1)
    }

    /// A value as a listing's `=` column shows it: an error kept in the
    /// value, or a value with no literal form (a namespace, a macro, a
    /// function, a type, or a list holding one), shows as nothing (64tass).
    /// With it, the room 64tass's `repr` needs for it.
    fn shown_value(&self, v: &Value) -> (String, usize) {
        if matches!(v, Value::None) || !crate::value::repr::has_literal_form(v) {
            return (String::new(), 0);
        }
        let need = crate::value::repr::repr_need(v, self);
        (crate::value::repr::repr(v, self), need)
    }

    /// A constant's line: its value first (`=$fb`).
    pub fn record_value(&mut self, line: &LineRef, v: &Value) {
        if !self.recording() {
            return;
        }
        if !self.listing() {
            return;
        }
        self.push_ahead();
        let shown = self.record.rows.add_value(self.shown_value(v));
        self.push_row(line, RowKind::Value(shown), None);
    }

    /// Bytes written to the memories `moved` went `change` further (a
    /// section placed after its fragments): their rows and source lines follow.
    pub fn record_relocated(&mut self, moved: &[crate::output::MemId], change: u32, mask: u32) {
        self.push_ahead();
        self.record.rows.relocate(moved, change, mask);
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
        if self.recording() {
            self.push_row(line, RowKind::Code, None);
        }
    }

    /// Space reserved without bytes (`.fill 2`, `.byte ?`, `.align`).
    pub fn record_gap(&mut self, line: &LineRef) {
        if !self.listing() {
            return;
        }
        self.take_placeholder(line);
        self.push_ahead();
        if self
            .record
            .rows
            .last_from()
            .is_some_and(|from| from == self.st.vline)
        {
            return;
        }
        self.push_row(line, RowKind::Data, None);
    }

    /// A file starts (`what`), or assembly returns to `file` after an include.
    pub fn record_file(&mut self, file: FileId, what: Option<Entered>) {
        if !self.listing() {
            return;
        }
        let kind = match what {
            Some(what) => RowKind::Enter { file, what },
            None => RowKind::Return(file),
        };
        self.push_ahead();
        let row = NewRow::new(kind, (0, 0, 0), u32::MAX, None);
        let listed = self.listed(&[]);
        self.record
            .rows
            .push(row, listed, &[], RowText::Own(""), None);
    }

    /// A listing row at the current address: the line's text, or `text`.
    fn push_row(&mut self, line: &LineRef, kind: RowKind, text: Option<&str>) {
        if !self.listing() {
            return;
        }
        self.take_placeholder(line);
        self.push_ahead();
        let text = text.unwrap_or_else(|| self.listed_text(line));
        let text = self.row_text(line, text);
        if kind == RowKind::Text {
            let at = (line.file, line.index);
            self.record.rows.push_text(self.st.vline, at, text);
            return;
        }
        let row = self.row_here((line.file, line.index), kind);
        let listed = self.listed(&[]);
        self.record.rows.push(row, listed, &[], text, None);
    }

    /// Where the line's listed text is in its file's text and how long it
    /// is, when the line's text is its file's (every line the line loop
    /// reads) and ends without a blank (most): what [`Self::listed_text`]
    /// and [`Self::row_text`] find then, without their look-ups and checks.
    #[inline(always)]
    fn line_place(&self, line: &LineRef) -> Option<(u32, u32)> {
        let whole = self.src.try_get(line.file).ok()?.text();
        if !std::ptr::eq(whole.as_ptr(), line.text.as_ptr()) || whole.len() >= u32::MAX as usize {
            return None;
        }
        let text = whole.as_bytes().get(line.start..line.end)?;
        if matches!(text.last(), Some(b' ' | b'\t')) {
            return None;
        }
        Some((line.start as u32, text.len() as u32))
    }

    /// Where a row's `text` is: a slice of its line's source text (kept
    /// there, not copied), or a text of its own.
    fn row_text<'t>(&self, line: &LineRef, text: &'t str) -> RowText<'t> {
        if let Ok(f) = self.src.try_get(line.file) {
            let whole = f.text();
            let (base, at) = (whole.as_ptr() as usize, text.as_ptr() as usize);
            if at >= base
                && at + text.len() <= base + whole.len()
                && whole.len() < u32::MAX as usize
            {
                let offset = (at - base) as u32;
                return RowText::Source { offset, text };
            }
        }
        RowText::Own(text)
    }

    /// A row without bytes at the current address, for the line (file and
    /// index) `at`.
    fn row_here(&self, at: (FileId, u32), kind: RowKind) -> NewRow {
        let a = self.out.addr(self.st.addr);
        let place = (a.address, a.l_address, a.mem);
        NewRow::new(kind, place, self.st.vline, Some(at))
    }

    /// The listing row of bytes a line wrote: joined to the row before when
    /// the same line wrote it there just before (`.byte 1, 2` in parts).
    /// Asked while the pass records ([`Self::recording`], asked once).
    #[inline(always)]
    pub(super) fn record_row_bytes(&mut self, line: &LineRef, addr: u32, pc: u32, bytes: &[u8]) {
        if !self.listed_here() {
            return;
        }
        self.take_placeholder(line);
        self.push_ahead();
        let from = self.st.vline;
        // The line's text is copied once per row, not per value (a long `.byte` line
        // adds its values one at a time).
        let mut with_text = true;
        if let Some(last) = self.record.rows.last()
            && self.record.rows.last_from() == Some(from)
        {
            // Contiguous past the image's end too: a `.word` that wrapped
            // is one row with the values after it (64tass).
            if matches!(last.kind(), RowKind::Code | RowKind::Data)
                && self
                    .record
                    .rows
                    .last_addr()
                    .wrapping_add(Rows::len_of(last))
                    & self.out.image_mask
                    == addr
            {
                let place = self.placed(bytes, self.out.addr(self.st.addr).mem);
                let out = &self.out;
                self.record
                    .rows
                    .extend_last(bytes, place, |m| out.mem_data(m));
                return;
            }
            // Bytes after a gap the line left: a row of their own, no source.
            with_text = false;
        }
        let (_, code) = self.recorded_statement(line);
        let mem = self.out.addr(self.st.addr).mem;
        if with_text && let Some(text) = self.line_place(line) {
            let listed = self.listed_row(code, bytes);
            let place = self.placed(bytes, mem);
            let at = (from, line.file, line.index);
            let row = (addr, pc, mem);
            let rows = &mut self.record.rows;
            rows.push_bytes(code, row, at, listed, bytes, text, place);
            return;
        }
        let text = match with_text {
            true => self.listed_text(line),
            false => "",
        };
        let kind = if code { RowKind::Code } else { RowKind::Data };
        let row = NewRow::new(kind, (addr, pc, mem), from, Some((line.file, line.index)));
        let text = self.row_text(line, text);
        let listed = self.listed_row(code, bytes);
        let place = self.placed(bytes, mem);
        self.record.rows.push(row, listed, bytes, text, place);
    }

    /// Where `bytes`, just written, are: the current memory and where they
    /// start in its bytes, when they are its last ones (each write appends
    /// its bytes to its memory's, see [`crate::output::Memory::data`];
    /// compared all the same, so that a row never shows other bytes than
    /// it was given). `None`: the row copies them.
    fn placed(&self, bytes: &[u8], mem: crate::output::MemId) -> Option<(u32, u32)> {
        let data = self.out.mem_data(mem);
        let at = data.len().checked_sub(bytes.len())?;
        // A few bytes each (no call to compare them).
        let same = data[at..].iter().zip(bytes).all(|(a, b)| a == b);
        (same && mem != u32::MAX).then_some((mem, at as u32))
    }

    /// [`Assembler::statement`] of the line being recorded, found once per
    /// execution of the line (an instruction's line: before its bytes are
    /// written, see [`Self::note_instruction`]).
    #[inline]
    pub(super) fn recorded_statement(&self, line: &LineRef) -> (usize, bool) {
        let key = self.statement_key(line);
        if let Some((k, found)) = self.record.statement.get()
            && k == key
        {
            return found;
        }
        let found = self.find_statement(line);
        self.record.statement.set(Some((key, found)));
        found
    }

    /// [`Self::recorded_statement`] not known yet.
    #[inline(never)]
    fn find_statement(&self, line: &LineRef) -> (usize, bool) {
        // A directive's line (`.byte 1`, most data lines): no label or
        // instruction before it, as `statement` finds it.
        let start = line.skip_ws(line.start);
        if line.at(start) == b'.' {
            debug_assert_eq!(self.statement(line), (start, false));
            return (start, false);
        }
        match self.instruction_statement(line) {
            Some(pos) => (pos, true),
            None => self.statement(line),
        }
    }

    /// Which execution of which line [`Self::recorded_statement`]'s answer
    /// is for.
    #[inline(always)]
    fn statement_key(&self, line: &LineRef) -> Execution {
        (self.st.vline, line.file, line.index, line.start)
    }

    /// Where the instruction a line starts with is, when its kept head says
    /// it starts with one (most lines with bytes): `statement` would find
    /// the same.
    #[inline(always)]
    fn instruction_statement(&self, line: &LineRef) -> Option<usize> {
        self.kept_instruction_first(line)
            .filter(|&pos| line.at(pos + 3) != b':')
    }

    /// An instruction whose name is at `at` is about to write its bytes:
    /// when the line starts with it as its kept head says (most lines),
    /// that is what [`Self::recorded_statement`] finds for the row its
    /// bytes make, kept for it now (a labelled line's is found as before).
    /// Asked only when the instruction is not written inline
    /// ([`Assembler::emit_small`]): in a pass that records, the most.
    #[inline]
    pub(super) fn note_instruction(&self, line: &LineRef, at: usize) {
        if self.instruction_statement(line) == Some(at) || self.labelled_instruction(line, at) {
            let key = self.statement_key(line);
            debug_assert_eq!(self.find_statement(line), (at, true));
            self.record.statement.set(Some((key, (at, true))));
        }
    }

    /// An instruction's bytes (1 to 4), whose name is at `at`, written and
    /// listed in one step in a pass that lists them, in the usual case:
    /// `.eor` off, the budget not spent, the statement known to be the
    /// instruction ([`Self::note_instruction`]'s two cases), the line's text
    /// its file's ([`Self::line_place`]), no row of the same execution
    /// before it, no source lines kept, and the bytes extending the block
    /// being written ([`crate::output::Output::poke_word`]). What
    /// [`Self::note_instruction`], [`Assembler::emit`], `poke_recorded`,
    /// `record_bytes` and [`Self::record_row_bytes`] do then, without their
    /// checks asked again, the bytes compared with the memory's or the
    /// statement looked up. False: no byte written (a label row listed
    /// ahead may be dropped: the general way drops it too).
    #[inline]
    pub(super) fn emit_listed_instruction(
        &mut self,
        line: &LineRef,
        bytes: &[u8],
        at: usize,
    ) -> bool {
        let n = bytes.len();
        if !(1..=4).contains(&n)
            || self.st.eor != 0
            || self.record.lines_on
            || !self.listed_here()
            || !self.affordable(0)
            || !self.recording()
        {
            return false;
        }
        if self.instruction_statement(line) != Some(at) && !self.labelled_instruction(line, at) {
            return false;
        }
        let Some(text) = self.line_place(line) else {
            return false;
        };
        self.take_placeholder(line);
        self.push_ahead();
        let from = self.st.vline;
        if self.record.rows.last_from() == Some(from) {
            return false;
        }
        let a = self.out.addr(self.st.addr);
        let (addr, pc, mem) = (a.address, a.l_address, a.mem);
        // Where the bytes go in their memory's (`placed` would find them
        // there: `poke_word` appends them).
        let start = self.out.data_len(mem);
        let at_ = |i: usize| bytes.get(i).copied().unwrap_or(0);
        let word = [bytes[0], at_(1), at_(2), at_(3)];
        if !self.out.poke_word(self.st.addr, word, n as u32) {
            return false;
        }
        debug_assert_eq!(self.placed(bytes, mem), Some((mem, start)));
        let key = self.statement_key(line);
        debug_assert_eq!(self.find_statement(line), (at, true));
        self.record.statement.set(Some((key, (at, true))));
        let listed = self.listed(bytes);
        let row = (addr, pc, mem);
        let rows = &mut self.record.rows;
        rows.push_bytes(
            true,
            row,
            (from, line.file, line.index),
            listed,
            bytes,
            text,
            Some((mem, start)),
        );
        true
    }

    /// Whether the instruction whose name is at `at` is the statement after
    /// the line's code label ([`Self::record_label_start_named`] kept where it
    /// starts): what `statement` finds there (a name of three letters, no
    /// `:` or path after it, an instruction's) is then known.
    #[inline(always)]
    fn labelled_instruction(&self, line: &LineRef, at: usize) -> bool {
        self.record.label_at == Some((self.statement_key(line), at))
            && line.at(at + 3) != b':'
            && !(line.at(at + 3) == b'.' && line.at(at + 4) != b'.')
            && ident_len(&line.text[..line.end], at, self.dialect.unicode) == 3
    }

    /// How a row of `bytes` is read back: the processor and the settings
    /// it was assembled with; a three-byte immediate is a word.
    fn listed(&self, bytes: &[u8]) -> crate::opcodes::Listed {
        let cpu = self.st.cpu;
        crate::opcodes::Listed {
            cpu,
            dpage: self.st.dpage,
            databank: self.st.databank,
            wide: bytes.len() == 3 && crate::opcodes::is_immediate(bytes[0], cpu),
        }
    }

    /// [`Self::listed`] of a row of `bytes` (`code`: an instruction's):
    /// a data row is never read back as an instruction, so whether its
    /// bytes would be a word immediate is not looked up (`wide` false, as
    /// a row without bytes has it).
    #[inline(always)]
    fn listed_row(&self, code: bool, bytes: &[u8]) -> crate::opcodes::Listed {
        self.listed(if code { bytes } else { &[] })
    }

    /// The label a line starts with (`name`, `name:`, `-`, `+`), or "".
    fn label_of<'l>(&self, line: &'l LineRef) -> &'l str {
        let text = &line.text[..line.end];
        let start = line.skip_ws(line.start);
        // A blank line or a comment (most of the lines without bytes).
        if line.at_end(start) {
            return "";
        }
        // Nor does a line that starts with no name or `-`/`+` (a directive,
        // `*=`): `statement` would find it starts there, without a label.
        let first = ident_len(text, start, self.dialect.unicode);
        if first == 0 && !matches!(line.at(start), b'-' | b'+') {
            return "";
        }
        let (statement, _) = self.recorded_statement(line);
        if statement > start {
            return trim_end(&text[line.start..statement]);
        }
        // A label alone: no instruction and nothing after it.
        let mut end = start + first;
        if end == start {
            while matches!(line.at(end), b'-' | b'+') {
                end += 1;
            }
        }
        // `a.b` alone defines `b` in `a`'s scope: listed as a label (64tass).
        let mut dotted = false;
        while end > start && line.at(end) == b'.' && line.at(end + 1) != b'.' {
            let l = ident_len(text, end + 1, self.dialect.unicode);
            if l == 0 {
                break;
            }
            end += 1 + l;
            dotted = true;
        }
        if end == start || (!dotted && line.at(end) != b':' && self.is_mnemonic(&text[start..end]))
        {
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
}
