//! One line at a time: the label in front, assignments, and dispatch to the
//! directive, instruction or macro call that follows — as 64tass's
//! `compile()` does it, including what is still looked at in skipped lines.

use std::rc::Rc;

use super::Assembler;
use super::commands::Cmd;
use super::head::LineHead;
use super::lines::{LineRef, ParseKind};
use super::report::{EResult, Reported};
use super::stars::{CallNode, Entered};
use super::state::{FrameData, SizedLabel, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::source::Span;
use crate::symbols::{Code, DataType, LabelId, PassNo, TypeWord};
use crate::syntax::ast::BinOp;
use crate::syntax::compiled::Expr;
use crate::syntax::expr::intern_name;
use crate::syntax::scan::ident_len;
use crate::value::{self, CodeId, CodeRef, FuncId, MacroKind, NsId, Value};

/// What the line loop does after a line.
pub enum Step {
    Next,
    /// A closing directive of the caller's block: return (with a value for
    /// macros and functions that give one).
    Return(Value),
    /// `.end`
    End,
}

/// The label in front of the current line, for directives that use it.
#[derive(Clone, Copy)]
pub struct NewLabel {
    pub id: LabelId,
    /// Compile offset at the start of the line.
    pub oaddr: u32,
}

/// The anonymous label `-` or `+` a line starts with.
struct AnonLabel {
    /// The scope it is counted in.
    ns: NsId,
    /// `-` (read back by `-`), not `+`.
    back: bool,
    /// Its number among the scope's `-` (`+`) labels this pass.
    count: u32,
    span: Span,
}

impl AnonLabel {
    /// Its name in messages.
    fn text(&self) -> &'static str {
        if self.back { "-" } else { "+" }
    }
}

/// Compound assignment operators (`+=`, `..=`, `<?=`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Assign {
    /// `:=`
    Var,
    /// `::=`
    Reassign,
    /// `:?=`
    CondVar,
    Op(BinOp),
}

/// The assignment operator at `pos`, if any, and its length.
pub(super) fn assignment(line: &LineRef, pos: usize) -> Option<(Assign, usize)> {
    let c = line.at(pos);
    let c1 = line.at(pos + 1);
    let c2 = line.at(pos + 2);
    if c1 == b'=' {
        let op = match c {
            b':' => return Some((Assign::Var, 2)),
            b'*' => BinOp::Mul,
            b'+' => BinOp::Add,
            b'-' => BinOp::Sub,
            b'/' => BinOp::Div,
            b'%' => BinOp::Mod,
            b'|' => BinOp::Or,
            b'&' => BinOp::And,
            b'^' => BinOp::Xor,
            // `.=`: the member operator, which no value takes (see
            // `value::member_of_values`).
            b'.' => BinOp::MemberAssign,
            b'x' | b'X' => BinOp::Repeat,
            _ => return None,
        };
        return Some((Assign::Op(op), 2));
    }
    if c2 != b'=' || c1 == 0 {
        return None;
    }
    let op = match (c, c1) {
        (b'&', b'&') => BinOp::LAnd,
        (b'|', b'|') => BinOp::LOr,
        (b'>', b'>') => BinOp::Shr,
        (b'<', b'<') => BinOp::Shl,
        (b'.', b'.') => BinOp::Concat,
        (b'*', b'*') => BinOp::Exp,
        (b':', b':') => return Some((Assign::Reassign, 3)),
        (b'<', b'?') => BinOp::Min,
        (b'>', b'?') => BinOp::Max,
        (b':', b'?') => return Some((Assign::CondVar, 3)),
        _ => return None,
    };
    Some((Assign::Op(op), 3))
}

/// Whether an assignment 64tass knows starts at `pos` of a line with no label
/// in front (`= 1`, `+= 1`, `<<= 1`): 64tass reports "label required" there,
/// and "general syntax" for any other operator (`::=`, `<?=`, `<=`).
pub(super) fn unlabelled_assignment(line: &LineRef, pos: usize) -> bool {
    let (c, c1, c2) = (line.at(pos), line.at(pos + 1), line.at(pos + 2));
    match c {
        b'=' => true,
        b'+' | b'-' | b'/' | b'%' | b'^' | b':' | b'|' | b'&' if c1 == b'=' => true,
        b'|' | b'&' | b'<' | b'>' | b'*' => c1 == c && c2 == b'=',
        _ => false,
    }
}

/// Where a line has a NUL byte outside its strings and comment, if it has one.
fn stray_nul(line: &LineRef) -> Option<usize> {
    let bytes = &line.text.as_bytes()[line.start..line.end];
    if !bytes.contains(&0) {
        return None;
    }
    let mut quote = None;
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, 0) => return Some(line.start + i),
            (None, b';') => return None,
            (None, b'"' | b'\'') => quote = Some(b),
            (None, _) => {}
        }
    }
    None
}

impl Assembler<'_> {
    /// Assemble lines from the cursor until the text ends or a closing
    /// directive of a block opened by the caller (a loop or macro body).
    pub fn compile(&mut self) -> Option<Value> {
        let base = self.st.frames.len();
        let mut result = None;
        // The file being read: its text, and whether it has a NUL byte.
        let mut held: Option<(crate::source::FileId, std::sync::Arc<String>, bool)> = None;
        let opts = self.opts;
        let progress = opts.progress.as_ref();
        // `--verbose-list` lists every line's text: no line passed over.
        let pass_blanks = !self.record.verbose();
        loop {
            // The line's kept head, read once here for `line`.
            let head = self.kept_head(self.st.cursor.file, self.st.cursor.line);
            if super::head::is_blank(head) && pass_blanks && self.blank_line_passed() {
                if let Some(p) = progress {
                    p.line_done();
                }
                continue;
            }
            let Some((file, index, start, end)) = self.next_line() else {
                if self.st.cursor.line != self.st.cursor.stop {
                    break;
                }
                // Read on from the stop; its line is read as any other
                // unless it closes this expansion.
                self.st.cursor.stop = super::state::Cursor::NO_STOP;
                if self.closes_expansion(base) && self.close_expansion() {
                    result = Some(Value::None);
                    break;
                }
                continue;
            };
            if let Some(p) = progress {
                p.line_done();
            }
            if held.as_ref().is_none_or(|h| h.0 != file) {
                let f = self.src.get(file);
                held = Some((file, f.shared_text(), f.has_nul));
            }
            let Some((_, text, has_nul)) = &held else {
                break;
            };
            let line = LineRef {
                file,
                index,
                text,
                start,
                end,
            };
            if !self.spend_line(&line) {
                break;
            }
            self.st.count_line();
            if *has_nul && self.expansion_line_faults(file, index) {
                continue;
            }
            if *has_nul
                && let Some(at) = stray_nul(&line)
                && self.st.active()
            {
                // 64tass rejects a NUL byte outside strings and comments; the
                // parsers here would take it for the end of the line.
                let span = line.span(at, at + 1);
                self.error(
                    span,
                    Kind::Syntax,
                    "unexpected character '<00>' (U+0000)".into(),
                );
                continue;
            }
            let was_active = self.verbose_line_start(&line);
            let step = self.line(&line, head);
            self.verbose_line_end(&line, was_active);
            match step {
                Step::Next => {}
                Step::Return(v) => {
                    result = Some(v);
                    break;
                }
                Step::End => break,
            }
        }
        while self.st.frames.len() > base {
            let Some(frame) = self.st.frames.pop() else {
                break;
            };
            let closer = self.abandon(&frame);
            if !closer.is_empty() {
                self.error(
                    frame.span,
                    Kind::ConditionalMismatch,
                    format!("closing directive '{closer}' not found"),
                );
            }
        }
        result
    }

    /// What substituting an expansion's arguments found wrong (a name no
    /// parameter has, a missing argument) on its line `index`, reported as
    /// the line is read (the expansion's call the top of the chain): false
    /// where the line has none.
    #[cold]
    #[inline(never)]
    fn expansion_line_faults(&mut self, file: crate::source::FileId, index: u32) -> bool {
        let Some(faults) = self.macros.faults.get(&file) else {
            return false;
        };
        let here: Vec<_> = faults.iter().filter(|f| f.0 == index).cloned().collect();
        if here.is_empty() {
            return false;
        }
        for (_, msg, at, at_call) in here {
            if msg.is_empty() {
                continue;
            }
            if !at_call {
                // In the macro's text, under the call, as 64tass shows it.
                self.error(at, Kind::MacroMisuse, msg);
                continue;
            }
            // At the call, under the calls around it; 64tass's layout adds
            // where the reference is.
            let Some(call) = self.st.chain.pop() else {
                continue;
            };
            let before = self.diags.len();
            self.error(call, Kind::MacroMisuse, msg);
            self.st.chain.push(call);
            if self.diags.len() > before {
                let note = "argument reference was here".to_string();
                let chain = self.st.chain.clone();
                self.tass_note_in(crate::diag::NotePlace::At(at), chain, note);
            }
        }
        true
    }

    /// The line at the cursor, blank or a comment alone (its kept head
    /// says so: it was read before), passed over without reading its text:
    /// what reading it does, the line counted and spent, its start
    /// ([`Self::line_start`]); there is nothing else (no label, no row, no
    /// NUL byte outside a comment). False where it is read as any line:
    /// the reading's stop, the work budget spent (reported at the line).
    #[inline(always)]
    fn blank_line_passed(&mut self) -> bool {
        let c = self.st.cursor;
        if c.line == c.stop || !self.affordable(1) {
            return false;
        }
        // The head is kept only for a line of the text: `c.line` is in it.
        let f = self.src.get(c.file);
        debug_assert!({
            let (start, end) = f.line_span(c.line as usize);
            let text = &f.text().as_bytes()[start..end];
            let first = text.iter().position(|b| !matches!(b, b' ' | b'\t'));
            first.is_none_or(|i| text[i] == b';')
        });
        f.pass_line(c.line as usize);
        self.st.cursor.line += 1;
        self.work += 1;
        self.st.count_line();
        self.line_start();
        true
    }

    /// A line's work counted against the run's budget (see
    /// [`Self::spend`]); its span made only for the message.
    #[inline]
    fn spend_line(&mut self, line: &LineRef) -> bool {
        if self.affordable(1) {
            self.work += 1;
            return true;
        }
        self.spend(1, line.span(line.start, line.start))
    }

    /// Reading stopped before an expansion's plain closing line (see
    /// `plain_close_line` in [`super::macros`]): does the line close the expansion, as
    /// reading it would (`end_macro`: the expansion's own frame on
    /// top, `base` the frames of the `compile` that runs it, and active)?
    /// With `--verbose-list` the line is read (its row listed ahead).
    fn closes_expansion(&self, base: usize) -> bool {
        !self.record.verbose()
            && self.st.frames.len() == base
            && (self.st.frames.last())
                .is_some_and(|f| matches!(f.what, Wait::EndMacro2 | Wait::EndSegment2))
            && self.st.active()
    }

    /// An expansion's plain closing line that closes it, at the cursor,
    /// answered without reading it: counted as any line, then what reading
    /// it does (the line started, a label row waiting for it taken back, no
    /// value returned). `false` where it is read as any line: a file with a
    /// NUL byte (reported where it is outside strings), the work budget
    /// spent (reported at the line).
    #[inline(never)]
    fn close_expansion(&mut self) -> bool {
        let c = self.st.cursor;
        let f = self.src.get(c.file);
        if f.has_nul || c.line as usize >= f.line_count() || !self.affordable(1) {
            return false;
        }
        self.st.cursor.line += 1;
        if let Some(p) = self.opts.progress.as_ref() {
            p.line_done();
        }
        self.work += 1;
        self.st.count_line();
        self.line_start();
        // All reading it would take of the line is its place.
        self.take_placeholder_at(c.file, c.line);
        true
    }

    /// Assemble a whole file from its first line.
    pub fn compile_file(&mut self, file: crate::source::FileId) {
        let saved = self.st.cursor;
        self.st.cursor = super::state::Cursor::start_of(file);
        self.compile();
        self.st.cursor = saved;
    }

    /// What every line starts with: its warnings' notes cleared, and the
    /// program counter it starts at (in a union, the union's start).
    #[inline(always)]
    pub(super) fn line_start(&mut self) {
        // What a value's computation noted for a warning belongs to its line
        // (through `&mut`: no borrow flag checked).
        *self.addr_wrapped.get_mut() = false;
        self.bool_uses.get_mut().clear();
        // In a union every line starts at the union's start.
        let a = self.out.addr_mut(self.st.addr);
        if !a.unionmode {
            self.st.star = a.l_address;
        } else {
            // A member that ran up to a bank's end leaves no "crossed
            // bank" behind for the next member, which starts again.
            if a.l_address != a.l_union {
                a.l_address = a.l_union;
                a.bankwarn = false;
            }
            if a.address != a.start {
                if !a.moved {
                    if a.address > a.end {
                        a.end = a.address;
                    }
                    a.moved = true;
                }
                a.wrapwarn = false;
                a.address = a.start;
                self.out.close_block(self.st.addr);
            }
            self.st.star = self.out.addr(self.st.addr).l_address;
        }
    }

    /// One source line.
    /// `head`: its kept head (see [`Self::line_head`]).
    fn line(&mut self, line: &LineRef, head: u16) -> Step {
        self.line_start();
        let active = self.st.active();
        // The usual line, an instruction with no label in front: as
        // `labelled_line` would find it, known from the last pass. A code
        // label read before goes to its definition (its name's length kept).
        match self.line_head(line, head) {
            LineHead::Instruction(op, mpos) => {
                if !active {
                    return Step::Next;
                }
                return self.instruction_line(line, op, mpos, mpos + 3, None);
            }
            LineHead::CodeLabel(kept) => {
                let pos = line.skip_ws(line.start);
                return self.labelled_line(line, pos, kept.len, Some(kept));
            }
            LineHead::Other => {}
        }
        let pos = line.skip_ws(line.start);
        let c = line.at(pos);
        if matches!(c, 0 | b';') {
            // A blank or comment line: what `rest_of_line` does with no label.
            if active {
                self.record_blank_line(line);
            }
            return Step::Next;
        }
        let mycontext = self.st.context();

        if c.is_ascii_alphabetic() || c == b'_' || (c >= 0x80 && self.dialect.unicode) {
            let len = ident_len(&line.text[..line.end], pos, self.dialect.unicode);
            if len > 0 {
                return self.labelled_line(line, pos, len, None);
            }
        }
        match c {
            b'*' if matches!(line.at(pos + 1), b' ' | b'\t' | b';' | b'=' | 0) => {
                let after = line.skip_ws(pos + 1);
                if !active {
                    return Step::Next;
                }
                // `*==1` too: an assignment whose value is missing, as 64tass reads it.
                if line.at(after) == b'=' {
                    self.star_assign(line, after + 1, pos);
                    self.finish_line(line, None);
                    return Step::Next;
                }
                match assignment(line, after).filter(|_| !self.dialect.tasm) {
                    // `* := $8000`: the program counter set, as by `=`.
                    Some((Assign::Var, oplen)) => {
                        self.star_assign(line, after + oplen, pos);
                        self.finish_line(line, None);
                        return Step::Next;
                    }
                    // `* += 2`: compound assignment of the program counter.
                    Some((Assign::Op(op), oplen)) => {
                        self.star_compound(line, op, after, oplen, pos);
                        self.finish_line(line, None);
                        return Step::Next;
                    }
                    _ => {}
                }
                self.error(
                    line.span(pos, pos + 1),
                    Kind::Syntax,
                    "reserved symbol name '*'".into(),
                );
                // 64tass reads on, as after a label (`* x`: "general syntax").
                return self.rest_of_line(line, after, None, None, mycontext);
            }
            b'-' | b'+' if matches!(line.at(pos + 1), b' ' | b'\t' | b';' | 0) => {
                return self.anonymous_labelled_line(line, pos, c == b'-', active, mycontext);
            }
            _ => {}
        }
        self.rest_of_line(line, pos, None, None, mycontext)
    }

    /// A line starting with an anonymous label `-` or `+` (counted even in
    /// skipped lines): the label, an assignment to it, or the rest of the
    /// line after it. Out of line: the usual line has none.
    #[inline(never)]
    fn anonymous_labelled_line(
        &mut self,
        line: &LineRef,
        pos: usize,
        back: bool,
        active: bool,
        mycontext: NsId,
    ) -> Step {
        // The line's scope (`line` took it just before).
        let ns = mycontext;
        debug_assert!(ns == self.st.context());
        let space = self.syms.ns_mut(ns);
        let count = if back {
            space.backr += 1;
            space.backr - 1
        } else {
            space.forwr += 1;
            space.forwr - 1
        };
        if !active {
            let rest = line.skip_ws(pos + 1);
            return self.rest_of_line(line, rest, None, None, mycontext);
        }
        let anon = AnonLabel {
            ns,
            back,
            count,
            span: line.span(pos, pos + 1),
        };
        let rest = line.skip_ws(pos + 1);
        self.record_anonymous_label(line, pos, rest);
        // The usual line: an instruction or a macro's name after the label
        // (no `=`, no assignment: only `x=` starts with a letter).
        if line.at(rest).is_ascii_alphabetic() && line.at(rest + 1) != b'=' {
            return self.anonymous_label(line, &anon, rest, false, mycontext);
        }
        if line.at(rest) == b'=' && line.at(rest + 1) != b'=' {
            self.define_anon_constant(line, &anon, rest + 1);
            return Step::Next;
        }
        // The other assignments and `.var`, as 64tass takes them after
        // an anonymous label (TASM knows none of them).
        let assigned = assignment(line, rest).filter(|_| !self.dialect.tasm);
        match assigned {
            Some((Assign::Var, oplen)) => {
                self.define_anon_variable(line, &anon, rest + oplen);
                return Step::Next;
            }
            Some((Assign::CondVar, oplen)) => {
                self.anon_cond_variable(line, &anon, rest + oplen);
                return Step::Next;
            }
            Some((op, oplen)) => {
                // Not a new label: the one `-` (`+`) names is changed.
                self.uncount_anon(&anon);
                self.anon_update(line, &anon, op, (rest, rest + oplen));
                return Step::Next;
            }
            None => {}
        }
        let directive = if line.at(rest) == b'.' {
            self.command_kept(line, rest + 1)
        } else {
            None
        };
        if let Some((Cmd::Var, end)) = directive {
            let args = line.skip_ws(end);
            self.define_anon_variable(line, &anon, args);
            return Step::Next;
        }
        self.anonymous_label(line, &anon, rest, directive.is_some(), mycontext)
    }

    /// An active line's anonymous label `anon` defined at the current
    /// address, then what follows it (at `rest`; `directive`: a directive).
    /// Inline: its caller's usual step.
    #[inline]
    fn anonymous_label(
        &mut self,
        line: &LineRef,
        anon: &AnonLabel,
        rest: usize,
        directive: bool,
        mycontext: NsId,
    ) -> Step {
        self.mark_extra_slot_in(anon.ns);
        let found = self.syms.anon(anon.ns, anon.back, anon.count);
        // The usual later reading: the label defined again in one look,
        // ended as a code label is, without reading it again.
        if let Some((nl, cid)) = found.and_then(|id| self.anon_defined_again(anon, id)) {
            if directive {
                self.record_label_start(line);
            } else if self.known_label_then_replayed(line, rest, nl, cid, false) {
                return Step::Next;
            }
            return self.rest_of_line(line, rest, Some(nl), None, mycontext);
        }
        let id = self.define_anon(anon, found);
        let newlabel = id.map(|id| NewLabel {
            id,
            oaddr: self.out.addr(self.st.addr).address,
        });
        // In front of a directive it is listed as a named label is
        // (`+ .fi` closing a macro's branch: a row `+`, as 64tass).
        if directive {
            self.record_label_start(line);
        } else if self.label_then_replayed(line, rest, newlabel, &None) {
            return Step::Next;
        }
        self.rest_of_line(line, rest, newlabel, None, mycontext)
    }

    /// Is the label a macro, segment or function (called when its name
    /// starts a line)? Asked of every label in front of code: no copy of
    /// its value.
    pub(super) fn names_a_macro(&self, id: LabelId) -> bool {
        matches!(
            self.syms.label(id).value,
            Value::Macro(MacroKind::Macro | MacroKind::Segment, _) | Value::Func(FuncId(_, false))
        )
    }

    /// What follows the label (or starts the line): a directive, an
    /// instruction, a macro call, or nothing.
    pub(super) fn rest_of_line(
        &mut self,
        line: &LineRef,
        pos: usize,
        newlabel: Option<NewLabel>,
        label_text: Option<(usize, &str)>,
        mycontext: NsId,
    ) -> Step {
        let active = self.st.active();
        let c = line.at(pos);
        // A label's "referenced" mark starts over at its definition, except
        // for `.proc`, which looks at it first.
        if let Some(nl) = newlabel
            && !(c == b'.' && matches!(self.command_kept(line, pos + 1), Some((Cmd::Proc, _))))
        {
            self.syms.label_mut(nl.id).set_referenced(false);
        }
        let step = match c {
            0 | b';' => {
                if active {
                    self.set_cheap(newlabel, &label_text);
                    self.record_line(line, None);
                }
                Step::Next
            }
            b'.' => {
                let Some((cmd, end)) = self.command_kept(line, pos + 1) else {
                    if !active {
                        return Step::Next;
                    }
                    // `.name`: a macro call by name.
                    let r = self.call_by_expression(line, pos + 1, newlabel, mycontext);
                    let step = self.after_call(line, r);
                    self.finish_line(line, newlabel);
                    return step;
                };
                if !active {
                    if let Some(top) = self.st.frames.last()
                        && top.what == Wait::EndC
                        && !matches!(cmd, Cmd::Endc | Cmd::Comment)
                    {
                        return Step::Next;
                    }
                    let before = self.diags.len();
                    let step = self.skipped_command(line, cmd, pos);
                    self.nothing_after(line, cmd, end, before);
                    return step;
                }
                let args = line.skip_ws(end);
                let before = self.diags.len();
                let step = self.command(line, cmd, args, pos, newlabel);
                self.nothing_after(line, cmd, args, before);
                // A label on a closing line that returns (`_done .endm`) or
                // on `.end` is defined there as any other (64tass lists it
                // as a symbol).
                self.finish_line(line, newlabel);
                return step;
            }
            b'#' => {
                if !active {
                    return Step::Next;
                }
                let r = self.call_by_expression(line, pos + 1, newlabel, mycontext);
                let step = self.after_call(line, r);
                self.finish_line(line, newlabel);
                return step;
            }
            _ if !active => Step::Next,
            // `label * = value` (and `label: * =`, `- * =`): the label at the
            // current address, then the program counter set, as 64tass does.
            // The label is not the scope of the `_locals` after it.
            b'*' if line.at(line.skip_ws(pos + 1)) == b'=' => {
                self.star_assign(line, line.skip_ws(pos + 1) + 1, pos);
                self.finish_line(line, newlabel);
                return Step::Next;
            }
            _ => {
                // An operator character after the label is "general syntax"
                // and leaves the scope of `_locals` as it was (64tass).
                if !b"<>*|&+-/%^:=".contains(&c) {
                    self.set_cheap(newlabel, &label_text);
                }
                let len = ident_len(&line.text[..line.end], pos, self.dialect.unicode);
                if len == 3
                    && let Some(op) = self.mnemonic_of(&line.text[pos..pos + 3])
                {
                    let step = self.instruction_line(line, op, pos, pos + 3, newlabel);
                    self.finish_line(line, newlabel);
                    return step;
                }
                if len > 0 {
                    let text = &line.text[pos..pos + len];
                    let name = intern_name(&mut self.names, text, self.dialect);
                    let id = if text.starts_with('_') {
                        self.lookup_in(self.st.cheap, name)
                    } else {
                        self.lookup(name)
                    };
                    if let Some(id) = id
                        && self.names_a_macro(id)
                    {
                        let v = self.syms.label(id).value.clone();
                        self.touch(id);
                        let after = line.skip_ws(pos + len);
                        if self.opts.warnings.macro_prefix && line.at_end(after) {
                            self.warn(
                                "macro-prefix",
                                line.span(pos, pos + len),
                                "macro call without prefix".into(),
                            );
                        }
                        let r = self.call_macro_value(
                            line,
                            &v,
                            after,
                            newlabel,
                            mycontext,
                            line.span(pos, pos + len),
                        );
                        let step = self.after_call(line, r);
                        self.finish_line(line, newlabel);
                        return step;
                    }
                    // 64tass's words; an instruction of another processor
                    // is named in a note (with `-C` a mnemonic in capitals
                    // is no instruction at all).
                    let span = line.span(pos, pos + len);
                    self.error(span, Kind::UnknownMnemonic, "general syntax".into());
                    if (!self.dialect.case_sensitive
                        || !text.bytes().any(|b| b.is_ascii_uppercase()))
                        && let Some(hint) = super::mnemonics::other_cpu_hint(text)
                    {
                        self.note(hint);
                    }
                } else {
                    let assigns = if self.dialect.tasm {
                        line.at(pos) == b'='
                    } else {
                        unlabelled_assignment(line, pos)
                    };
                    let msg = if assigns {
                        "label required"
                    } else {
                        "general syntax"
                    };
                    self.error(line.span(pos, pos + 1), Kind::Syntax, msg.into());
                }
                self.finish_line(line, newlabel);
                Step::Next
            }
        };
        if active {
            self.finish_line(line, newlabel);
        }
        step
    }

    /// A macro call's value goes to the label in front; errors are already reported.
    pub(super) fn after_call(&mut self, _line: &LineRef, r: EResult<Option<Value>>) -> Step {
        let _ = r;
        Step::Next
    }

    /// An active line that ends after its label (nothing more, or a
    /// comment), as `rest_of_line` ends it: the label's read mark cleared,
    /// its `_locals`, its row, its size. Inline: a later pass's label
    /// alone (`code_label_line`) ends here without `rest_of_line`'s call.
    #[inline(always)]
    pub(super) fn label_alone_end(
        &mut self,
        line: &LineRef,
        newlabel: Option<NewLabel>,
        label_text: &Option<(usize, &str)>,
    ) {
        if let Some(nl) = newlabel {
            self.syms.label_mut(nl.id).set_referenced(false);
        }
        self.set_cheap(newlabel, label_text);
        self.record_line(line, None);
        self.finish_line(line, newlabel);
    }

    /// An active line's label followed by an instruction (at `pos`) that
    /// its record replays, as `rest_of_line` ends it — the label's read
    /// mark cleared, its `_locals` (both before the replay's reads: `lab
    /// jmp lab`, `lab lda _x`), the bytes, its size — without looking the
    /// instruction's name up (see
    /// [`Self::labelled_instruction_replayed`]). False: nothing replayed
    /// (what was done is done again the same by `rest_of_line`).
    #[inline(always)]
    pub(super) fn label_then_replayed(
        &mut self,
        line: &LineRef,
        pos: usize,
        newlabel: Option<NewLabel>,
        label_text: &Option<(usize, &str)>,
    ) -> bool {
        if !line.at(pos).is_ascii_alphabetic() {
            return false;
        }
        // A first reading has no record: only the look-up is paid.
        let Some(at) = self.replay_slot(line) else {
            return false;
        };
        if let Some(nl) = newlabel {
            self.syms.label_mut(nl.id).set_referenced(false);
        }
        self.set_cheap(newlabel, label_text);
        if !self.labelled_instruction_replayed(line, pos, at) {
            return false;
        }
        self.finish_line(line, newlabel);
        true
    }

    /// [`Self::label_alone_end`] of a label [`Self::code_label_again`]
    /// defined (its read mark cleared, `cid` its own code object; `plain`:
    /// not a `_local`), without reading the label again.
    #[inline(always)]
    pub(super) fn known_label_alone_end(
        &mut self,
        line: &LineRef,
        nl: NewLabel,
        cid: CodeId,
        plain: bool,
    ) {
        self.set_cheap_known(cid, plain);
        self.record_line(line, None);
        self.size_known_label(nl, cid);
    }

    /// [`Self::label_then_replayed`] of a label as
    /// [`Self::known_label_alone_end`] takes it.
    #[inline(always)]
    pub(super) fn known_label_then_replayed(
        &mut self,
        line: &LineRef,
        pos: usize,
        nl: NewLabel,
        cid: CodeId,
        plain: bool,
    ) -> bool {
        if !line.at(pos).is_ascii_alphabetic() {
            return false;
        }
        let Some(at) = self.replay_slot(line) else {
            return false;
        };
        self.set_cheap_known(cid, plain);
        if !self.labelled_instruction_replayed(line, pos, at) {
            return false;
        }
        self.size_known_label(nl, cid);
        true
    }

    /// [`Self::set_cheap`] of a plain code label whose own code is `cid`.
    #[inline(always)]
    fn set_cheap_known(&mut self, cid: CodeId, plain: bool) {
        if plain {
            self.st.cheap = self.syms.code(cid).names;
        }
    }

    /// [`Self::finish_line`] of a label whose own code is `cid`: still so
    /// (a replayed instruction after it does not change its value).
    #[inline(always)]
    fn size_known_label(&mut self, nl: NewLabel, cid: CodeId) {
        debug_assert!({
            let l = self.syms.label(nl.id);
            !l.update_after()
                && matches!(l.value, Value::Code(CodeRef { id, offs: 0 }) if id == cid)
        });
        self.size_code_label(nl, cid);
    }

    /// `_locals` after a plain code label belong to it.
    fn set_cheap(&mut self, newlabel: Option<NewLabel>, label_text: &Option<(usize, &str)>) {
        if let (Some(nl), Some((_, text))) = (newlabel, label_text)
            && !text.starts_with('_')
            && let Value::Code(c) = self.syms.label(nl.id).value
        {
            self.st.cheap = self.syms.code(c.id).names;
        }
    }

    /// The label's size is what the line assembled. Inline (at every
    /// line's end): a line without a label, or whose label is sized later
    /// or is no code of its own, is done here; the usual code label is
    /// read once for those questions and its code sized without
    /// [`Self::set_size`]'s second read.
    #[inline(always)]
    pub fn finish_line(&mut self, _line: &LineRef, newlabel: Option<NewLabel>) {
        if let Some(nl) = newlabel {
            let l = self.syms.label(nl.id);
            if !l.update_after()
                && let Value::Code(CodeRef { id: cid, offs: 0 }) = l.value
            {
                self.size_code_label(nl, cid);
            }
        }
    }

    /// [`Self::set_size`] for `nl`, whose own code is `cid`: sized to what
    /// its line assembled.
    #[inline(never)]
    fn size_code_label(&mut self, nl: NewLabel, cid: CodeId) {
        let size = self.out.addr(self.st.addr).address.wrapping_sub(nl.oaddr) & self.out.image_mask;
        let settled = self.st.fixeddig;
        if self.set_code_size(cid, size, nl.oaddr) && settled {
            self.unsettled(nl.id);
        }
    }

    /// Set the size of a code label; a change means another pass.
    pub fn set_size(&mut self, id: LabelId, size: u32, oaddr: u32) {
        let Value::Code(CodeRef { id: cid, offs: 0 }) = self.syms.label(id).value else {
            return;
        };
        let settled = self.st.fixeddig;
        if self.set_code_size(cid, size, oaddr) && settled {
            self.unsettled(id);
        }
    }

    /// A block's label takes the size of what the block laid out.
    pub fn close_sized(&mut self, s: SizedLabel) {
        let size = self.out.addr(self.st.addr).address.wrapping_sub(s.addr) & self.out.image_mask;
        self.give_block_size(s.label, size, s.addr);
    }

    /// A `.virtual`'s label takes the size of what it laid out (its
    /// furthest address, not where it ended).
    pub fn close_virtual_label(&mut self, s: SizedLabel) {
        let a = self.out.addr(self.st.addr);
        let size = a.end.max(a.address).wrapping_sub(a.start);
        self.give_block_size(s.label, size, a.start);
    }

    /// A `.section`'s label takes the size of what the section grew by.
    pub fn close_section_label(&mut self, s: SizedLabel) {
        let size = self.out.addr(self.st.addr).address.wrapping_sub(s.addr);
        self.give_block_size(s.label, size, s.addr);
    }

    /// A block's label, sized when its block closed (not at its line).
    fn give_block_size(&mut self, label: LabelId, size: u32, start: u32) {
        self.syms.label_mut(label).set_update_after(false);
        self.set_size(label, size, start);
    }

    /// Set the size of a code object (a label's or a scoped loop
    /// iteration's); whether a size known before changed.
    pub fn set_code_size(&mut self, cid: CodeId, size: u32, oaddr: u32) -> bool {
        let mem = self.out.addr(self.st.addr).mem;
        let pass = self.st.pass;
        let c = self.syms.code_mut(cid);
        let moved = c.size != size && c.pass != 0;
        if moved {
            self.st.unsettle();
        }
        c.size = size;
        c.pass = PassNo::of(pass);
        c.memaddr = oaddr;
        if c.mem != mem {
            c.data_from = 0; // defined in another section's memory
        }
        c.mem = mem;
        moved
    }

    /// Text after a directive or instruction must be a comment.
    pub fn expect_end(&mut self, line: &LineRef, pos: usize) {
        let p = line.skip_ws(pos);
        if !line.at_end(p) {
            self.error(
                line.span(p, p + 1),
                Kind::Syntax,
                "extra characters on line".into(),
            );
        }
    }

    /// After a syntax error in a directive's value that 64tass goes on from
    /// (`.namespace x {`), the text where the parse stopped is also "extra
    /// characters on line", as 64tass checks the line's end after it.
    pub fn rest_after_syntax_error(&mut self, line: &LineRef, pos: usize) {
        if let Some(at) = self.syntax_error_at(line, pos) {
            self.expect_end(line, at);
        }
    }

    // ------------------------------------------------------------ definitions

    /// `name = value`. Inline: a line read the first time and one read
    /// again from its kept head (`constant_line`) each have it in place.
    #[inline]
    pub(super) fn define_constant(
        &mut self,
        line: &LineRef,
        name: Name,
        text: &str,
        span: Span,
        ns: NsId,
        pos: usize,
    ) {
        let strength = self.st.strength;
        let unused = self.syms.get(ns, name, strength);
        let Some(val) = self.unreferenced_constant_value(line, pos, unused) else {
            return;
        };
        // A label found stays: the look-up is not made again.
        let (id, exists) = match unused {
            Some(id) => (id, true),
            None => (self.syms).entry(ns, name, strength, text, span, &self.names),
        };
        self.note_def_chain(id, exists);
        self.set_constant(id, exists, span, text, val);
    }

    /// The label of the anonymous label `anon` defines (made if new), and
    /// whether it was there; its place in the chain of definitions noted.
    fn anon_entry(&mut self, anon: &AnonLabel) -> (LabelId, bool) {
        let (id, exists) = (self.syms).anon_entry(anon.ns, anon.back, anon.count, anon.span);
        self.note_def_chain(id, exists);
        (id, exists)
    }

    /// `- = value`: an anonymous label with any value (`-`/`+` then refer to it).
    fn define_anon_constant(&mut self, line: &LineRef, anon: &AnonLabel, pos: usize) {
        let unused = self.syms.anon(anon.ns, anon.back, anon.count);
        let Some(val) = self.unreferenced_constant_value(line, pos, unused) else {
            return;
        };
        let (id, exists) = self.anon_entry(anon);
        self.set_constant(id, exists, anon.span, anon.text(), val);
    }

    /// `- := value` and `- .var value`: an anonymous label that is a
    /// variable with any value (a new one, counted as any `-`/`+`; 64tass
    /// takes it as a label).
    fn define_anon_variable(&mut self, line: &LineRef, anon: &AnonLabel, pos: usize) {
        let Some(val) = self.constant_value(line, pos) else {
            return;
        };
        let (id, exists) = self.anon_entry(anon);
        self.set_variable_label(id, exists, anon.text(), anon.span, val, false);
    }

    /// `- :?= value`: 64tass looks up the anonymous label counted before
    /// this one, in this scope only. Found, this line is no label of its
    /// own and that one is kept or set as `:?=` does; not found, this
    /// line's own label is the variable. Not listed.
    fn anon_cond_variable(&mut self, line: &LineRef, anon: &AnonLabel, pos: usize) {
        let Some(val) = self.variable_value(line, pos) else {
            return;
        };
        self.drop_shown(line);
        let before =
            (anon.count.checked_sub(1)).and_then(|c| self.syms.anon(anon.ns, anon.back, c));
        let (id, exists) = match before {
            Some(id) => {
                self.uncount_anon(anon);
                self.note_def_chain(id, true);
                (id, true)
            }
            None => {
                self.mark_extra_slot();
                self.anon_entry(anon)
            }
        };
        self.set_variable_label(id, exists, anon.text(), anon.span, val, true);
    }

    /// `- += value`, `+ ::= value`: the label `-` (`+`) reads is changed,
    /// looked up before the value is read (64tass: an error there ends
    /// the line).
    fn anon_update(
        &mut self,
        line: &LineRef,
        anon: &AnonLabel,
        op: Assign,
        (op_at, pos): (usize, usize),
    ) {
        let span = anon.span;
        let n = if anon.back { -1 } else { 0 };
        let Some(id) = self.find_anon(n) else {
            self.anon_not_defined(line, n, span.start);
            return;
        };
        if self.variable_not_constant(id, anon.text(), span).is_none() {
            return;
        }
        let Some(val) = self.variable_value(line, pos) else {
            return;
        };
        self.update_variable(line, id, span, op, val, op_at);
    }

    /// Take back the count of the anonymous label a line starts with: it
    /// names an existing one.
    fn uncount_anon(&mut self, anon: &AnonLabel) {
        let space = self.syms.ns_mut(anon.ns);
        if anon.back {
            space.backr -= 1;
        } else {
            space.forwr -= 1;
        }
    }

    /// A variable's label set in this pass: no constant, owns nothing, not
    /// read since (its value is this one).
    fn variable_defined(&mut self, id: LabelId, val: Value, span: Span) {
        let pass = self.st.pass;
        let l = self.syms.label_mut(id);
        l.set_constant(false);
        l.set_owner(false);
        l.defpass = PassNo::of(pass);
        l.set_referenced(false);
        l.usepass = PassNo::default();
        self.syms.set_value(id, val);
        self.syms.set_span(id, span);
    }

    /// [`Self::constant_value`] of an existing constant: when nothing read it
    /// since its last definition, the symbols its value names are not marked
    /// used by this (as 64tass: a `.proc` only such a constant names is left
    /// out, so is one only a `.weak` definition overridden later names).
    fn unreferenced_constant_value(
        &mut self,
        line: &LineRef,
        pos: usize,
        existing: Option<LabelId>,
    ) -> Option<Value> {
        let unread = existing.is_some_and(|id| !self.syms.label(id).referenced());
        let saved = self.referencing;
        if unread {
            self.referencing = false;
        }
        let val = self.constant_value(line, pos);
        self.referencing = saved;
        val
    }

    /// The value after `=`: one expression, or a tuple of several. Errors in
    /// it are kept in the value (a [`Value::Error`]) and reported where it is
    /// used, as 64tass does: an unused constant's errors never show.
    fn constant_value(&mut self, line: &LineRef, pos: usize) -> Option<Value> {
        let val = self.assigned_value(line, pos)?.unwrap_or(Value::None);
        self.record_value(line, &val);
        Some(val)
    }

    /// The expressions after an assignment's `=` or operator at `pos` read
    /// as a symbol's value; `None` when the line has an error (reported),
    /// or none is there ("an expression is expected").
    #[inline(always)]
    fn assigned_value(&mut self, line: &LineRef, pos: usize) -> Option<EResult<Value>> {
        let parsed = self.parse_exprs(line, pos, ParseKind::List)?;
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        if exprs.is_empty() {
            self.error(
                line.span(pos, pos + 1),
                Kind::Syntax,
                "an expression is expected".into(),
            );
            return None;
        }
        Some(self.symbol_value(line, exprs))
    }

    /// A symbol's value (one expression, or a tuple of several) with its
    /// errors kept in it, reported where it is used (64tass's error values).
    pub fn symbol_value(&mut self, line: &LineRef, exprs: &[Expr]) -> EResult<Value> {
        // The usual one value: evaluated as `eval_args` evaluates it (not
        // spread, nothing chosen to place), without a list made for it.
        if let [e] = exprs
            && !e.may_choose()
            && !e.is_splat()
        {
            return self.keeping(|a| a.eval(line, e), |v| v);
        }
        self.keeping(|a| Ok(tuple_of(a.eval_args(line, exprs)?)), |v| v)
    }

    fn set_constant(&mut self, id: LabelId, exists: bool, span: Span, text: &str, val: Value) {
        // The usual later pass: defined in the pass before (its checks,
        // flags and span in one look; no duplicate, not made again).
        if exists && let Some(usepass) = self.syms.define_constant_again(id, span, self.st.pass) {
            self.constant_value_again(id, usepass, val);
            return;
        }
        if exists {
            let l = self.syms.label(id);
            if l.defpass == self.st.pass {
                let first = self.syms.span(id);
                self.duplicate_definition(span, first, text);
                return;
            }
            if l.defpass + 1 != self.st.pass {
                self.label_created(id, span);
            }
            let l = self.syms.label_mut(id);
            l.set_constant(true);
            l.set_owner(false);
            l.set_referenced(false);
            self.syms.set_span(id, span);
            self.const_assign(id, val);
        } else {
            self.label_created(id, span);
            let pass = self.st.pass;
            let l = self.syms.label_mut(id);
            l.set_constant(true);
            l.set_owner(false);
            l.defpass = PassNo::of(pass);
            self.syms.set_value(id, val);
        }
    }

    /// [`Self::const_assign`] after `define_constant_again` wrote the
    /// label's pass (`usepass`: the pass that last read it).
    #[inline]
    fn constant_value_again(&mut self, id: LabelId, usepass: PassNo, val: Value) {
        if self.st.fixeddig && usepass >= self.st.pass {
            let syms = &self.syms;
            let same_code = |x: CodeRef, y: CodeRef| syms.same_code(x, y, false);
            if !value::same_with(&val, &syms.label(id).value, &same_code) {
                self.st.unsettle();
                self.unsettled(id);
            }
        }
        self.syms.set_value(id, val);
    }

    /// Give a constant its value for this pass.
    pub fn const_assign(&mut self, id: LabelId, val: Value) {
        let pass = self.st.pass;
        let fixeddig = self.st.fixeddig;
        let l = self.syms.label(id);
        let syms = &self.syms;
        let same_code = |x: CodeRef, y: CodeRef| syms.same_code(x, y, false);
        if fixeddig && l.usepass >= pass && !value::same_with(&val, &l.value, &same_code) {
            self.st.unsettle();
            self.unsettled(id);
        }
        self.syms.label_mut(id).defpass = PassNo::of(pass);
        self.syms.set_value(id, val);
    }

    /// The value after an assignment's operator at `pos` (`None` when the
    /// line has an error, reported). As a constant's, a variable's value
    /// keeps its errors until used.
    fn variable_value(&mut self, line: &LineRef, pos: usize) -> Option<Value> {
        self.assigned_value(line, pos)?.ok()
    }

    /// `:=`, `::=`, `:?=` and compound assignments.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn assign(
        &mut self,
        line: &LineRef,
        name: Name,
        text: &Rc<str>,
        span: Span,
        ns: NsId,
        local: bool,
        op: Assign,
        (op_at, pos): (usize, usize),
    ) {
        match op {
            Assign::Var => {
                let Some(val) = self.variable_value(line, pos) else {
                    return;
                };
                // Listed with its new value; `:?=` is not listed (64tass).
                self.record_value(line, &val);
                self.set_variable(line, name, text, span, ns, val, false);
            }
            Assign::CondVar => {
                let Some(val) = self.variable_value(line, pos) else {
                    return;
                };
                // `:?=` is not listed, not even with `--verbose-list` (64tass).
                self.mark_extra_slot();
                self.drop_shown(line);
                self.set_variable(line, name, text, span, ns, val, true);
            }
            // The variable is found first: an error there ends the line
            // before its value is read (64tass).
            Assign::Reassign | Assign::Op(_) => {
                let Some(id) = self.assigned_variable(line, name, text, span, ns, local) else {
                    return;
                };
                // Its new value is unread so far: `v += 1` reads the old one
                // without using the variable, `v ::= v + 1` uses it again
                // (64tass: `-Wunused-variable` looks at the last value).
                self.syms.label_mut(id).usepass = PassNo::default();
                let Some(val) = self.variable_value(line, pos) else {
                    return;
                };
                self.update_variable(line, id, span, op, val, op_at);
            }
        }
    }

    /// The variable `name ::= value` or a compound assignment changes,
    /// looked up through the scopes (in `ns` only when `local`); `None`
    /// when there is none or it is a constant (reported).
    #[allow(clippy::too_many_arguments)]
    fn assigned_variable(
        &mut self,
        line: &LineRef,
        name: Name,
        text: &str,
        span: Span,
        ns: NsId,
        local: bool,
    ) -> Option<LabelId> {
        let found = if local {
            self.lookup_in(ns, name)
        } else {
            self.lookup(name)
        };
        let Some(id) = found else {
            // A built-in (`x`, `len`) is found through the scopes
            // too, as a constant (64tass).
            if !local && !self.names.is_cheap_local(name) && self.builtin(name).is_some() {
                let before = self.diags.len();
                self.error(span, Kind::Type, format!("not a variable '{text}'"));
                if self.diags.len() > before {
                    self.builtin_definition(text);
                }
                return None;
            }
            // Once per name and scope a pass, as a name read is
            // (64tass: `m ::= 1` then `.byte m` is one error).
            let searched = super::eval::Searched::Object(ns);
            self.not_defined(line, span.start, text.to_string(), searched);
            return None;
        };
        // Found through the scopes as a name read is: `-Wshadow`
        // looks at it there, before the new value moves it.
        if !local && self.opts.warnings.shadow && self.st.fixeddig && !self.st.constcreated {
            self.shadow_check(name, id, line);
        }
        self.variable_not_constant(id, text, span)
    }

    /// `id` unless it is a constant: then "not a variable" at `span`, with
    /// where it was defined.
    fn variable_not_constant(&mut self, id: LabelId, text: &str, span: Span) -> Option<LabelId> {
        if !self.syms.label(id).constant() {
            return Some(id);
        }
        let first = self.syms.span(id);
        let before = self.diags.len();
        self.error(span, Kind::Type, format!("not a variable '{text}'"));
        self.original_definition_under_new(before, first, text);
        None
    }

    /// `name ::= value` and compound assignments once the variable `id` is
    /// found: its new value (listed) and this place.
    fn update_variable(
        &mut self,
        line: &LineRef,
        id: LabelId,
        span: Span,
        op: Assign,
        val: Value,
        op_at: usize,
    ) {
        let new = match op {
            Assign::Op(op) => {
                let old = self.syms.label(id).value.clone();
                let at = op_at as crate::syntax::ast::Pos;
                if matches!(op, BinOp::LAnd | BinOp::LOr | BinOp::LXor)
                    && self.opts.warnings.strict_bool
                {
                    let what = format!("{} '{}'", op.name(), op.symbol());
                    self.strict_logic(line, at, &what, &[&old, &val]);
                }
                let r = self.compound(op, &old, &val);
                self.strict_bool_warnings(line, at);
                // A failure stays in the variable until it is used;
                // placed at the operator, as in an expression.
                let Ok(v) = self.check_value(line, at, r) else {
                    return;
                };
                // A list's elements that failed are placed there too.
                if super::eval::has_loose_error(&v) {
                    self.place_errors(line, v, &|_, _| at)
                } else {
                    v
                }
            }
            _ => val,
        };
        self.record_value(line, &new);
        self.syms.set_value(id, new);
        self.syms.set_span(id, span);
    }

    /// A compound assignment's new value: `op` of the old value and the new
    /// one (`.=` is the member operator's).
    fn compound(
        &self,
        op: BinOp,
        old: &Value,
        val: &Value,
    ) -> crate::value::convert::FResult<Value> {
        match op {
            BinOp::MemberAssign => value::member_of_values(old, val, self),
            _ => value::binary(op, old, val, self),
        }
    }

    /// `name := value` (or `.var`); `keep` for `:?=` (only if not defined yet).
    /// The variable, unless the name is a constant's (reported).
    #[allow(clippy::too_many_arguments)]
    pub fn set_variable(
        &mut self,
        _line: &LineRef,
        name: Name,
        text: &str,
        span: Span,
        ns: NsId,
        val: Value,
        keep: bool,
    ) -> Option<LabelId> {
        let strength = self.st.strength;
        let (id, exists) = self.syms.entry(ns, name, strength, text, span, &self.names);
        self.note_def_chain(id, exists);
        self.set_variable_label(id, exists, text, span, val, keep)
    }

    /// [`Self::set_variable`] once the label is found (`exists`) or made.
    fn set_variable_label(
        &mut self,
        id: LabelId,
        exists: bool,
        text: &str,
        span: Span,
        val: Value,
        keep: bool,
    ) -> Option<LabelId> {
        let pass = self.st.pass;
        let l = self.syms.label(id);
        if exists && l.defpass != 0 {
            if l.constant() {
                let first = self.syms.span(id);
                if keep {
                    self.error(
                        span,
                        Kind::DuplicateLabel,
                        format!("not a variable '{text}'"),
                    );
                } else {
                    self.error(
                        span,
                        Kind::DuplicateLabel,
                        format!("duplicate definition '{text}'"),
                    );
                }
                self.original_definition(first, text);
                return None;
            }
            if keep && l.defpass == pass {
                return Some(id);
            }
            // Set again in this pass before anything read it.
            if l.defpass == pass && l.usepass != pass && self.opts.warnings.unused_variable {
                let (before, name) = (
                    self.syms.span(id),
                    self.syms.display(id, &self.names).to_string(),
                );
                self.warn(
                    "unused-variable",
                    before,
                    format!("unused variable '{name}'"),
                );
            }
        }
        self.variable_defined(id, val, span);
        Some(id)
    }

    /// A label in front of code or data: its value is a code object at the
    /// current address. `None` when the line has an error.
    #[allow(clippy::too_many_arguments)]
    pub fn code_label(
        &mut self,
        line: &LineRef,
        name: Name,
        text: &str,
        span: Span,
        ns: NsId,
        _islabel: bool,
        _local: bool,
    ) -> Result<Option<NewLabel>, Reported> {
        let found = self.syms.get(ns, name, self.st.strength);
        self.code_label_found(line, (name, text, span), ns, found)
    }

    /// [`Self::code_label`] given `found`, what [`crate::symbols::Symbols::get`]
    /// answered for the label's key (`name` in `ns`, of this strength).
    pub fn code_label_found(
        &mut self,
        _line: &LineRef,
        (name, text, span): (Name, &str, Span),
        ns: NsId,
        found: Option<LabelId>,
    ) -> Result<Option<NewLabel>, Reported> {
        let strength = self.st.strength;
        // A bank the program counter crossed just before is reported at the
        // label that sees the new bank (64tass's create_code/update_code).
        let a = self.out.addr_mut(self.st.addr);
        let oaddr = a.address;
        if a.bankwarn {
            a.bankwarn = false;
            if self.opts.warnings.wrap_pc {
                self.warn(
                    "wrap-pc",
                    span,
                    "processor program counter crossed bank".into(),
                );
            }
        }
        let Some(id) = found else {
            let id = self.code_label_new(ns, (name, text, span), strength);
            return Ok(Some(NewLabel { id, oaddr }));
        };
        self.note_def_chain(id, true);
        let pass = self.st.pass;
        // The usual later pass: a code label the pass before defined, its
        // label written in one look.
        if let Some(again) = self.syms.define_code_again(id, span, pass, false) {
            self.code_defined_again(id, again);
            return Ok(Some(NewLabel { id, oaddr }));
        }
        let l = self.syms.label(id);
        if l.defpass == pass {
            let first = self.syms.span(id);
            self.duplicate_definition(span, first, text);
            return Err(Reported);
        }
        let update_after = l.update_after();
        let is_code = matches!(l.value, Value::Code(CodeRef { offs: 0, .. }));
        if l.defpass + 1 != pass {
            self.label_created(id, span);
        }
        let l = self.syms.label_mut(id);
        l.set_constant(true);
        l.set_owner(true);
        self.syms.set_span(id, span);
        let l = self.syms.label_mut(id);
        if update_after {
            // The block that sets its value (macro call, `.dstruct`,
            // `.binclude`, ...) runs next; its address is known now.
            // A macro's result may have replaced the value: the label's
            // own code (its scope) is kept aside.
            l.set_update_after(false);
            l.defpass = PassNo::of(pass);
            let own = match self.syms.label(id).value {
                Value::Code(CodeRef { id: cid, offs: 0 })
                    if self.syms.own_code(id).is_none_or(|c| c == cid) =>
                {
                    Some(cid)
                }
                _ => self.syms.own_code(id),
            };
            if let Some(cid) = own {
                self.update_code(id, cid);
            }
        } else if is_code {
            let Value::Code(CodeRef { id: cid, .. }) = l.value else {
                unreachable!()
            };
            // Code may jump here: `-Woptimize` starts afresh.
            if l.referenced() {
                self.opt_invalidate();
            }
            self.update_code(id, cid);
            self.syms.label_mut(id).defpass = PassNo::of(pass);
        } else {
            self.opt_invalidate();
            let cid = self.create_code(id);
            self.syms.set_value(id, Value::Code(CodeRef::new(cid)));
            self.syms.set_own_code(id, cid);
            self.syms.label_mut(id).defpass = PassNo::of(pass);
        }
        Ok(Some(NewLabel { id, oaddr }))
    }

    /// A later reading's usual code label, `found` (a plain code label the
    /// pass before defined, no bank crossed before it), defined again in
    /// one look: what
    /// [`Self::code_label_found`] does for it, without its call. `None`,
    /// with nothing done, for any other case (that way then). Answers the
    /// label's own code object too (it stays its own to the line's end: the
    /// line's size goes to it without reading the label again).
    /// `clear_read`: see `Symbols::define_code_again`.
    #[inline(always)]
    pub(super) fn code_label_again(
        &mut self,
        span: Span,
        found: Option<LabelId>,
        clear_read: bool,
    ) -> Option<(NewLabel, CodeId)> {
        let id = found?;
        let a = self.out.addr(self.st.addr);
        if a.bankwarn {
            return None;
        }
        let oaddr = a.address;
        let pass = self.st.pass;
        let again = self.syms.define_code_again(id, span, pass, clear_read)?;
        self.note_def_chain(id, true);
        self.code_defined_again(id, again);
        Some((NewLabel { id, oaddr }, again.0))
    }

    /// A code label defined again as the pass before left it
    /// (`Symbols::define_code_again`'s code, whether it was referenced,
    /// and its last use): its code object brought up to date.
    #[inline(always)]
    fn code_defined_again(
        &mut self,
        id: LabelId,
        (cid, referenced, usepass): (CodeId, bool, PassNo),
    ) {
        // Code may jump here: `-Woptimize` starts afresh.
        if referenced {
            self.opt_invalidate();
        }
        self.update_code_used(id, cid, usepass >= self.st.pass);
    }

    /// A code label defined the first time (no label of its name in `ns`):
    /// its code object made first, then the label written once, finished
    /// (see `Symbols::create_code_label`).
    fn code_label_new(
        &mut self,
        ns: NsId,
        (name, text, span): (Name, &str, Span),
        strength: u8,
    ) -> LabelId {
        let cid = self.create_code(self.syms.next_label_id());
        let id = self.syms.create_code_label(
            ns,
            name,
            strength,
            (text, span),
            &self.names,
            cid,
            self.st.pass,
        );
        self.note_def_chain(id, false);
        self.label_created(id, span);
        self.opt_invalidate();
        id
    }

    pub fn create_code(&mut self, label: LabelId) -> CodeId {
        let names = self.syms.new_namespace();
        self.syms.ns_mut(names).set_creator_once(label);
        let a = self.out.addr(self.st.addr);
        let data_from = self.out.data_len(a.mem);
        let code = Code::new(
            self.st.star,
            names,
            self.st.pass,
            a.address,
            a.mem,
            data_from,
        );
        self.syms.new_code(code, a.l_type)
    }

    /// The type `*` takes after `* = v` (code keeps the type of the counter
    /// it was taken from).
    pub fn pc_type_of(&self, v: &Value) -> crate::symbols::PcType {
        use crate::symbols::PcType;
        match v {
            Value::Bits(b) => PcType::Bits(b.len),
            Value::Float(f) => PcType::float(*f),
            Value::Bytes(b) => PcType::Bytes(b.len() as u32),
            Value::Str(_) => PcType::Bytes(2),
            // `.virtual 1,s`: the labels are addresses of this mode; and
            // `.logical address($8000)`: of none, `*` and the labels then
            // `address($8000)`, as in 64tass.
            Value::Addr(a) => match self.pc_type_of(&a.val) {
                PcType::Bits(len) => PcType::Address(a.mode, len),
                _ => PcType::Address(a.mode, 0),
            },
            Value::Code(c) => self.syms.code_type(c.id),
            _ => PcType::Int,
        }
    }

    /// The code of a scoped loop iteration at the program counter: last
    /// pass's (same scope, updated address) or a new one.
    pub fn iteration_code(&mut self, old: Option<CodeId>) -> CodeId {
        let star = self.st.star;
        let a = self.out.addr(self.st.addr);
        let (typ, memaddr, mem) = (a.l_type, a.address, a.mem);
        let data_from = self.out.data_len(mem);
        match old {
            Some(cid) => {
                let moved = self.syms.code(cid).addr != star || !self.syms.code_type_is(cid, typ);
                let c = self.syms.code_mut(cid);
                c.data_from = data_from;
                c.apass = PassNo::of(self.st.pass);
                if moved {
                    c.addr = star;
                    self.syms.set_code_type(cid, typ);
                    self.st.unsettle();
                }
                let ns = self.syms.ns_mut(self.syms.code(cid).names);
                ns.backr = 0;
                ns.forwr = 0;
                cid
            }
            None => {
                let names = self.syms.new_namespace();
                let code = Code::new(star, names, self.st.pass, memaddr, mem, data_from);
                self.syms.new_code(code, typ)
            }
        }
    }

    /// `*` as a value: code at the program counter, of size 0, whose members
    /// are the current scope's (as in 64tass).
    pub fn star_code(&mut self) -> CodeRef {
        self.opt_invalidate();
        let a = self.out.addr(self.st.addr);
        let typ = a.l_type;
        let code = Code {
            addr: self.st.star,
            typ: TypeWord::of(typ),
            size: 0,
            dtype: DataType::None,
            names: self.st.context(),
            pass: PassNo::of(self.st.pass),
            apass: PassNo::of(self.st.pass),
            memaddr: a.address,
            mem: a.mem,
            data_from: self.out.data_len(a.mem),
        };
        // (A type kept aside is compared there.)
        if let Some(id) = self.last_star
            && *self.syms.code(id) == code
            && (code.typ != TypeWord::ASIDE || self.syms.code_type(id) == typ)
        {
            return CodeRef::new(id);
        }
        let id = self.syms.new_code(code, typ);
        self.last_star = Some(id);
        CodeRef::new(id)
    }

    /// A code label defined again in a later pass: a changed address (that
    /// was read before) needs another pass. Inline: once a code label's
    /// line each later pass.
    #[inline(always)]
    pub fn update_code(&mut self, id: LabelId, cid: CodeId) {
        let used = self.syms.label(id).usepass >= self.st.pass;
        self.update_code_used(id, cid, used);
    }

    /// [`Self::update_code`] given whether this pass read the label before.
    #[inline(always)]
    fn update_code_used(&mut self, id: LabelId, cid: CodeId, used: bool) {
        let star = self.st.star;
        let a = self.out.addr(self.st.addr);
        let typ = a.l_type;
        let data_from = self.out.data_len(a.mem);
        let pass = self.st.pass;
        let moved = self.syms.code(cid).addr != star || !self.syms.code_type_is(cid, typ);
        let c = self.syms.code_mut(cid);
        c.data_from = data_from;
        c.apass = PassNo::of(pass);
        if moved {
            c.addr = star;
            self.syms.set_code_type(cid, typ);
        }
        let c = self.syms.code(cid);
        let names = c.names;
        // Only the first change of a pass is named (the later ones follow from it).
        if moved && used && self.st.unsettle() {
            self.unsettled(id);
        }
        let ns = self.syms.ns_mut(names);
        ns.backr = 0;
        ns.forwr = 0;
    }

    /// Enter the node of the line that starts a loop, a call or an include
    /// ([`super::stars`]). A start that moved since the last pass needs
    /// another pass, as in 64tass; in the last pass allowed it is an error.
    pub fn enter_star(&mut self, span: Span) -> Entered {
        let entered = self.st.stars.enter(self.st.pass, self.st.star);
        self.entered(span, entered)
    }

    /// [`Assembler::enter_star`] for a call whose node was found already.
    pub fn enter_call_node(&mut self, span: Span, node: CallNode) -> Entered {
        let entered = self.st.stars.enter_node(self.st.star, node);
        self.entered(span, entered)
    }

    fn entered(&mut self, span: Span, (entered, moved): (Entered, bool)) -> Entered {
        if moved {
            self.moved(span);
        }
        entered
    }

    /// What this line sets differs from the last pass's: another pass is
    /// needed; past the pass limit it is an error, as in 64tass.
    pub fn moved(&mut self, span: Span) {
        if self.st.fixeddig && self.st.past_limit() {
            self.error(
                span,
                Kind::NoConvergence,
                "can't calculate stable value".into(),
            );
        }
        self.st.unsettle();
    }

    /// A label defined at `span` that the last pass did not define: another
    /// pass is needed. Past the pass limit the first such label of the pass
    /// is named, as 64tass does (its `constcreated`).
    pub(super) fn label_created(&mut self, id: LabelId, span: Span) {
        if self.st.constcreated {
            return;
        }
        self.st.create_const();
        if self.st.past_limit() {
            let name = self.syms.display(id, &self.names).to_string();
            self.error(
                span,
                Kind::NoConvergence,
                format!("can't calculate stable value '{name}'"),
            );
        }
    }

    /// A used label changed past the pass limit: name it, as 64tass does
    /// ("too many passes" alone wouldn't say where to look). Cold: a
    /// moved label's first change in a pass.
    #[cold]
    #[inline(never)]
    fn unsettled(&mut self, id: LabelId) {
        if self.st.past_limit() {
            let (span, msg) = (
                self.syms.span(id),
                format!(
                    "can't calculate stable value '{}'",
                    self.syms.display(id, &self.names)
                ),
            );
            self.error(span, Kind::NoConvergence, msg);
        }
    }

    /// An anonymous label the pass before defined as a plain code label
    /// (`found`, the label `anon` counts), defined again in one look: what
    /// [`Self::define_anon`] does for it, the span written after the code
    /// object's update as there (a label that never settles is reported at
    /// its last span). Answers its own code object too, as
    /// [`Self::code_label_again`] does; `None`, with nothing done, for any
    /// other case.
    #[inline(always)]
    fn anon_defined_again(
        &mut self,
        anon: &AnonLabel,
        found: LabelId,
    ) -> Option<(NewLabel, CodeId)> {
        let oaddr = self.out.addr(self.st.addr).address;
        let again = self.syms.define_anon_again(found, self.st.pass)?;
        self.note_def_chain(found, true);
        self.code_defined_again(found, again);
        self.syms.set_span(found, anon.span);
        Some((NewLabel { id: found, oaddr }, again.0))
    }

    /// An anonymous `-`/`+` label: a code object like any label (`found`,
    /// the label `anon` counts, if there is one).
    fn define_anon(&mut self, anon: &AnonLabel, found: Option<LabelId>) -> Option<LabelId> {
        let (id, exists) = match found {
            Some(id) => (id, true),
            None => (
                self.syms
                    .anon_new(anon.ns, anon.back, anon.count, anon.span),
                false,
            ),
        };
        self.note_def_chain(id, exists);
        let span = anon.span;
        let pass = self.st.pass;
        if exists {
            let l = self.syms.label(id);
            if l.defpass == pass {
                self.error(
                    span,
                    Kind::DuplicateLabel,
                    "duplicate definition of an anonymous label".into(),
                );
                return None;
            }
            if l.defpass + 1 != pass {
                self.st.create_const();
            }
            if let Value::Code(CodeRef { id: cid, offs: 0 }) = l.value {
                if l.referenced() {
                    self.opt_invalidate();
                }
                self.update_code(id, cid);
            } else {
                self.opt_invalidate();
                let cid = self.create_code(id);
                self.syms.set_value(id, Value::Code(CodeRef::new(cid)));
            }
        } else {
            self.st.create_const();
            self.opt_invalidate();
            let cid = self.create_code(id);
            self.syms.set_value(id, Value::Code(CodeRef::new(cid)));
        }
        let l = self.syms.label_mut(id);
        l.defpass = PassNo::of(pass);
        l.set_owner(true);
        l.set_referenced(false);
        self.syms.set_span(id, span);
        Some(id)
    }

    /// A line whose label 64tass makes without looking it up first: the
    /// load of the table of the namespace it is assembled in is checked
    /// (see `Symbols::extra_slot`): that namespace's and, as the label
    /// lists of whole programs show, the root's.
    pub(super) fn mark_extra_slot(&mut self) {
        self.mark_extra_slot_in(self.st.context());
    }

    /// As [`Self::mark_extra_slot`], for a line whose label goes into `ns`
    /// (a `_cheap` or `scope.name` label's namespace).
    pub(super) fn mark_extra_slot_in(&mut self, ns: NsId) {
        self.syms.note_load_check(crate::symbols::GLOBAL);
        // (The root's own lines: checked once is the same.)
        if ns != crate::symbols::GLOBAL {
            self.syms.note_load_check(ns);
        }
    }

    /// `* = value`: move the program counter (and the compile offset with it).
    pub(super) fn star_assign(&mut self, line: &LineRef, pos: usize, at: usize) {
        self.opt_invalidate();
        let Some(parsed) = self.parse_exprs(line, pos, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        let Some(e) = exprs.first() else {
            self.error(
                line.span(pos, pos + 1),
                Kind::Syntax,
                "an expression is expected".into(),
            );
            return;
        };
        // Several values are a tuple, refused as an address (64tass's words).
        let v = if exprs.len() == 1 {
            self.eval(line, e)
        } else {
            self.eval_args(line, exprs).map(tuple_of)
        };
        let Ok(v) = v else { return };
        self.record_line(line, None);
        if v.is_none() {
            return;
        }
        // Reported at the value's start (its parentheses too), as in 64tass.
        self.set_pc(line, &v, e.start() as usize, at);
    }

    /// `* op= value`
    fn star_compound(&mut self, line: &LineRef, op: BinOp, op_at: usize, oplen: usize, at: usize) {
        let pos = op_at + oplen;
        self.opt_invalidate();
        let Some(parsed) = self.parse_exprs(line, pos, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        let [e] = &exprs[..] else {
            self.error(
                line.span(pos, pos + 1),
                Kind::Syntax,
                "an expression is expected".into(),
            );
            return;
        };
        let Ok(v) = self.eval(line, e) else { return };
        let star = Value::Code(self.star_code());
        let r = self.compound(op, &star, &v);
        // The operator's failure is placed at the operator, as in 64tass.
        let Ok(nv) = self.check(line, op_at as crate::syntax::ast::Pos, r) else {
            return;
        };
        self.record_line(line, None);
        if nv.is_none() {
            return;
        }
        self.set_pc(line, &nv, e.start() as usize, at);
    }

    /// Set the program counter from a value, as `* =` does.
    pub fn set_pc(&mut self, line: &LineRef, v: &Value, pos: usize, _at: usize) {
        let logical = self.out.sections[self.st.section as usize].logicalrecursion != 0;
        // In the 4 GiB image (flat output) the value is the compile offset itself.
        let flat = self.out.image_mask == u32::MAX && !logical;
        let max_bits = if flat {
            32
        } else if self.out.all_mem == 0xffff {
            16
        } else {
            24
        };
        let r = self.pc_address(v, max_bits);
        let Ok(uval) = self.check(line, pos as u32, r) else {
            return;
        };
        // A label plus an offset past the end of memory (`* = * + $ffff`).
        self.operand_wrap_warning(line, pos as u32);
        // A float with a fraction (`* = 8192 / 4.0 + 0.25`) is rounded
        // down to the address, as 64tass warns; the labels keep it.
        self.rounded.set(false);
        if let Value::Float(f) = v
            && f.fract() != 0.0
            && self.opts.warnings.float_round
        {
            let span = self.span_at(line, pos as u32);
            self.warn(
                "float-round",
                span,
                "implicit floating point rounding".into(),
            );
        }
        let uval = uval as u32;
        let typ = self.pc_type_of(v);
        let image_mask = self.out.image_mask;
        let all_mem = self.out.all_mem;
        let a = self.out.addr_mut(self.st.addr);
        // Outside `.logical`, 64tass's 4 GiB image takes the value itself as the offset.
        let apart = !logical && a.address != a.l_address;
        a.wrapwarn = false;
        a.bankwarn = false;
        if !a.moved {
            if a.end < a.address {
                a.end = a.address;
            }
            a.moved = true;
        }
        let laddr = a.l_address;
        let addr = uval & all_mem;
        let addr = if flat {
            uval
        } else if self.dialect.tasm {
            // TASM: the value is the address itself, also in `.logical`.
            addr & 0xffff
        } else if addr >= laddr {
            a.address.wrapping_add(addr - laddr) & image_mask
        } else {
            a.address.wrapping_sub(laddr - addr) & image_mask
        };
        a.address = addr;
        a.l_address = uval & all_mem;
        a.l_type = typ;
        self.out.differs_in_4gib |= apart && image_mask != u32::MAX;
    }
}

/// One value, or a tuple of several (`x = 1, 2`).
pub fn tuple_of(mut vals: super::eval::Args) -> Value {
    // The usual one value: no list made for it.
    if vals.len() == 1
        && let Some(one) = vals.pop()
    {
        return one.val;
    }
    Value::tuple(vals.into_iter().map(|l| l.val).collect())
}

impl Assembler<'_> {
    /// The frame's cleanup when its closing directive never came: as 64tass,
    /// a block's label still takes its size (so an unused `.proc` is left
    /// out in the next pass, as a closed one is).
    pub fn abandon(&mut self, f: &super::state::Frame) -> &'static str {
        match f.data {
            FrameData::Sized(Some(s))
            | FrameData::Switch { label: Some(s), .. }
            | FrameData::Page { label: Some(s), .. } => self.close_sized(s),
            FrameData::Virtual { label: Some(s), .. } => self.close_virtual_label(s),
            FrameData::Section { label: Some(s), .. } => self.close_section_label(s),
            _ => {}
        }
        match (&f.what, &f.data) {
            (Wait::None, _) => "",
            (Wait::Pend | Wait::Bend | Wait::Bend2 | Wait::EndN | Wait::EndN2, _) => {
                self.st.pop_context();
                f.what.closer()
            }
            (Wait::EndFor3 | Wait::EndRept3 | Wait::EndWhile3, _) => {
                self.st.pop_context();
                f.what.closer()
            }
            (Wait::EndWith2, _) => {
                self.st.pop_with();
                f.what.closer()
            }
            (Wait::Weak2, _) => {
                self.st.strength = self.st.strength.saturating_sub(1);
                f.what.closer()
            }
            (Wait::EndEncode2, FrameData::Encode { prev }) => {
                self.st.encoding = *prev;
                f.what.closer()
            }
            (
                Wait::Send2,
                FrameData::Section {
                    prev_section,
                    prev_addr,
                    ..
                },
            ) => {
                self.st.section = *prev_section;
                self.st.addr = *prev_addr;
                f.what.closer()
            }
            (Wait::Here2, FrameData::Logical { .. }) => {
                self.close_logical(f, None);
                f.what.closer()
            }
            (Wait::EndV2, FrameData::Virtual { prev, .. }) => {
                self.st.addr = *prev;
                f.what.closer()
            }
            (Wait::EndU, FrameData::Union { .. }) if f.skip & 1 != 0 => {
                self.close_union(f, None);
                f.what.closer()
            }
            (Wait::EndS, FrameData::Struct { unionmode }) if f.skip & 1 != 0 => {
                self.out.addr_mut(self.st.addr).unionmode = *unionmode;
                f.what.closer()
            }
            (
                Wait::EndU3
                | Wait::EndS3
                | Wait::EndSegment2
                | Wait::EndMacro2
                | Wait::EndF2
                | Wait::EndF3,
                _,
            )
            | (Wait::EndFor2 | Wait::EndRept2 | Wait::EndWhile2 | Wait::EndS2 | Wait::EndU2, _) => {
                ""
            }
            _ => f.what.closer(),
        }
    }
}
