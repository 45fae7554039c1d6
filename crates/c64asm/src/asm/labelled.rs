//! A line that starts with a name: the label it defines (`name`, `name:`,
//! `a.b.c`), an assignment to it, or an instruction or macro call written
//! first — as 64tass's `compile()` reads it. The label's own entry is found
//! once a line and serves both the macro check and its definition.

use std::rc::Rc;

use super::Assembler;
use super::commands::{Cmd, data_directive};
use super::compile::{Assign, Step, assignment, unlabelled_assignment};
use super::head::KeptLabel;
use super::lines::LineRef;
use crate::diag::Kind;
use crate::intern::Name;
use crate::symbols::LabelId;
use crate::syntax::ast::BinOp;
use crate::syntax::expr::intern_name;
use crate::syntax::scan::ident_len;
use crate::value::NsId;

impl Assembler<'_> {
    /// A line starting with a name (`len` bytes at `start`): a label, an
    /// assignment, or an instruction or macro call written first; `kept`,
    /// the line's code label (or constant) as its head keeps it.
    #[inline(never)]
    pub(super) fn labelled_line(
        &mut self,
        line: &LineRef,
        start: usize,
        len: usize,
        kept: Option<KeptLabel>,
    ) -> Step {
        if let Some(kept) = kept {
            if kept.constant {
                return self.constant_line(line, start, kept);
            }
            return self.code_label_line(line, start, kept);
        }
        if let Some((cmd, dir_at, dir_end)) = self.kept_directive(line)
            && data_directive(cmd)
            && self.st.active()
        {
            return self.label_before_data(line, (start, len), cmd, (dir_at, dir_end));
        }
        self.labelled_line_read(line, start, len)
    }

    /// An active line read before as a label (`name` of `len` bytes at
    /// `start`) in front of a data directive (kept in the line's head:
    /// `cmd`, its name from `dir_at` to `dir_end`), read again: what
    /// [`Self::labelled_line_read`] does for it, without reading the
    /// name's text again or asking for an assignment (a `.` followed by
    /// a directive's name is none) or `labelled_command` (which takes no
    /// data directive). Any other shape (dotted, a three-letter name
    /// without its colon, reserved) goes the whole way.
    #[inline(never)]
    fn label_before_data(
        &mut self,
        line: &LineRef,
        (start, len): (usize, usize),
        cmd: Cmd,
        (dir_at, dir_end): (usize, usize),
    ) -> Step {
        let end = start + len;
        let mut pos = end;
        if line.at(pos) == b':' && !matches!(line.at(pos + 1), b'=' | b':' | b'?') {
            pos += 1;
        } else if len == 3 || line.at(pos) == b'.' {
            return self.labelled_line_read(line, start, len);
        }
        let after = dir_at - 1;
        let text: &str = &line.text[start..end];
        if line.skip_ws(pos) != after || text.starts_with("__") {
            return self.labelled_line_read(line, start, len);
        }
        debug_assert!(
            assignment(line, after).is_none()
                && self.command_at(line, dir_at) == Some((cmd, dir_end))
        );
        let mycontext = if line.at(start) == b'_' {
            self.st.cheap
        } else {
            self.st.context()
        };
        self.mark_extra_slot_in(mycontext);
        self.record_label_start_named(line, (start, len), false);
        let name = self.label_name_kept(line, start, len);
        let name_span = line.span(start, end);
        let found = self.syms.get(mycontext, name, self.st.strength);
        let nl = match self.code_label_again(name_span, found, false) {
            Some((nl, _)) => Some(nl),
            None => match self.code_label_found(line, (name, text, name_span), mycontext, found) {
                Ok(nl) => nl,
                Err(_) => return self.rest_of_line(line, after, None, None, mycontext),
            },
        };
        self.rest_of_line(line, after, nl, Some((start, text)), mycontext)
    }

    /// [`Self::labelled_line`] reading the line's text.
    #[inline(never)]
    fn labelled_line_read(&mut self, line: &LineRef, start: usize, len: usize) -> Step {
        let active = self.st.active();
        let mut pos = start + len;
        let mut mycontext = self.st.context();
        let mut name_start = start;
        let mut name_len = len;
        let mut dotted = false;
        let mut failed = !active;
        let mut no_scope = None;
        // `a.b.c`: define into the scope of `a.b`.
        while line.at(pos) == b'.' && line.at(pos + 1) != b'.' {
            if !failed {
                let text = &line.text[name_start..name_start + name_len];
                let name = if dotted {
                    intern_name(&mut self.names, text, self.dialect)
                } else {
                    self.label_name_kept(line, start, len)
                };
                let found = if dotted {
                    self.lookup_in(mycontext, name)
                } else {
                    self.lookup(name)
                };
                // A first part no label names may be a built-in (a register
                // letter, `len`): 64tass finds it as a read does, and it has
                // no scope to define into (`a.x nop`).
                let builtin = match found {
                    None if !dotted && !self.names.is_cheap_local(name) => self.builtin(name),
                    _ => None,
                };
                match (found, builtin) {
                    (_, Some(v)) => no_scope = Some(v),
                    (Some(id), None) => {
                        self.touch(id);
                        let v = self.syms.label(id).value.clone();
                        match self.namespace_of(&v) {
                            Some(ns) => mycontext = ns,
                            None => no_scope = Some(v),
                        }
                    }
                    // Reported as a read is: once per name and scope a pass.
                    (None, None) => {
                        let searched = if dotted {
                            super::eval::Searched::Object(mycontext)
                        } else {
                            super::eval::Searched::Scopes
                        };
                        let text = text.to_string();
                        self.not_defined(
                            line,
                            name_start as crate::syntax::ast::Pos,
                            text,
                            searched,
                        );
                        failed = true;
                    }
                }
            }
            dotted = true;
            pos += 1;
            let l = ident_len(&line.text[..line.end], pos, self.dialect.unicode);
            if l == 0 {
                if !failed {
                    self.error(
                        line.span(pos, pos + 1),
                        Kind::Syntax,
                        "a symbol is expected".into(),
                    );
                }
                return Step::Next;
            }
            // A name with no scope (`count.next := 1`, `count` a number):
            // 64tass's words for the member operator, at the dot.
            if let Some(v) = no_scope.take() {
                if !v.is_none() {
                    let msg = format!(
                        "member '.' of {} and symbol '{}' not possible",
                        crate::value::convert::describe(&v, self),
                        &line.text[pos..pos + l]
                    );
                    self.error(line.span(pos - 1, pos), Kind::Type, msg);
                }
                failed = true;
            }
            name_start = pos;
            name_len = l;
            pos += l;
        }
        // Borrowed from the line's shared text: no allocation per line and pass.
        let text: &str = &line.text[name_start..name_start + name_len];
        let cheap = !dotted && text.starts_with('_');
        if cheap {
            mycontext = self.st.cheap;
        }
        let mut islabel = dotted;
        if line.at(pos) == b':'
            && line.at(pos + 1) != b'='
            && line.at(pos + 1) != b':'
            && line.at(pos + 1) != b'?'
        {
            islabel = true;
            pos += 1;
        }
        if !islabel
            && name_len == 3
            && let Some(op) = self.mnemonic_of(text)
        {
            if failed {
                return Step::Next;
            }
            return self.instruction_line(line, op, start, start + 3, None);
        }
        let after = line.skip_ws(pos);
        // A dotted name that failed, assigned to: 64tass goes no further
        // (the name stands, so no "label required").
        if failed && active && dotted && unlabelled_assignment(line, after) && !self.dialect.tasm {
            return Step::Next;
        }
        if failed {
            // Skipped line: only what keeps blocks balanced matters.
            return self.rest_of_line(line, after, None, None, mycontext);
        }
        if name_len > 1 && text.starts_with("__") {
            self.error(
                line.span(name_start, name_start + name_len),
                Kind::Syntax,
                format!("reserved symbol name '{text}'"),
            );
            return Step::Next;
        }
        let name = if dotted {
            intern_name(&mut self.names, text, self.dialect)
        } else {
            self.label_name_kept(line, start, len)
        };
        let name_span = line.span(name_start, name_start + name_len);
        let lookup_local = dotted || cheap;

        // Assignments (TASM knows only `=`: `x += 1` is a label, then an
        // error).
        if let Some((op, oplen)) = assignment(line, after).filter(|_| !self.dialect.tasm) {
            let value_pos = after + oplen;
            match op {
                Assign::Op(BinOp::Mul)
                    if !islabel && self.star_mul_is_label(name, mycontext, lookup_local) =>
                {
                    // `label *= expr`: a label, then `*=` for the program counter.
                    // The name was looked up as a compound assignment's is:
                    // `-Wshadow` looks at what it found, first.
                    if self.st.active()
                        && !lookup_local
                        && self.opts.warnings.shadow
                        && self.st.fixeddig
                        && !self.st.constcreated
                        && let Some(id) = self.lookup(name)
                    {
                        self.shadow_check(name, id, line);
                    }
                    if self.st.active() && self.opts.warnings.star_assign {
                        self.warn(
                            "star-assign",
                            line.span(after, after + 2),
                            "label defined instead of variable multiplication for compatibility"
                                .into(),
                        );
                        // `name *= *` meant to reserve space: 64tass's hint,
                        // once a pass, at the warning's place.
                        if line.at(line.skip_ws(after + 2)) == b'*'
                            && !std::mem::replace(&mut self.st.pitfall_noted.star_assign, true)
                        {
                            self.related(
                                line.span(after, after + 2),
                                "for reserving space use '.fill x' or '.byte ?' [-Wpitfalls]",
                            );
                        }
                    }
                    let nl = self.code_label(
                        line,
                        name,
                        text,
                        name_span,
                        mycontext,
                        islabel,
                        lookup_local,
                    );
                    if let Ok(nl) = nl {
                        self.star_assign(line, after + 2, after);
                        self.finish_line(line, nl);
                    }
                    return Step::Next;
                }
                _ => {
                    self.assign(
                        line,
                        name,
                        &Rc::from(text),
                        name_span,
                        mycontext,
                        lookup_local,
                        op,
                        (after, value_pos),
                    );
                    return Step::Next;
                }
            }
        }
        match line.at(after) {
            // `x == 1` too: a constant whose value is missing (64tass).
            b'=' => {
                // Only the text brought the line here (`constant_line`).
                if !dotted && (islabel || name_len != 3) {
                    self.keep_constant(line, name_len, after - (start + len));
                }
                self.define_constant(line, name, text, name_span, mycontext, after + 1);
                return Step::Next;
            }
            b'.' => {
                if let Some((cmd, end)) = self.command_kept(line, after + 1) {
                    if self.st.active() && cmd != Cmd::Var {
                        self.mark_extra_slot_in(mycontext);
                    }
                    let args = line.skip_ws(end);
                    let dir = line.span(after, after + 1);
                    match self.labelled_command(
                        line,
                        cmd,
                        name,
                        text,
                        name_span,
                        dir,
                        mycontext,
                        args,
                        lookup_local,
                    ) {
                        Some(step) => return step,
                        None => {
                            // A label in front of an ordinary directive.
                            if self.st.active() {
                                self.record_label_start_named(line, (start, len), dotted);
                            }
                            let Ok(nl) = self.code_label(
                                line,
                                name,
                                text,
                                name_span,
                                mycontext,
                                islabel,
                                lookup_local,
                            ) else {
                                // Defined twice: the directive is still done, as
                                // 64tass does it (`lbl .next` keeps its loop). A
                                // `.proc` keeps the name there (no "a label is
                                // required"): its body is skipped.
                                if cmd == Cmd::Proc {
                                    self.st.skip_proc(line.span(after, end));
                                    return Step::Next;
                                }
                                return self.rest_of_line(line, after, None, None, mycontext);
                            };
                            return self.rest_of_line(
                                line,
                                after,
                                nl,
                                Some((name_start, text)),
                                mycontext,
                            );
                        }
                    }
                }
            }
            _ => {}
        }
        // The label of this name in the scope it goes to, found once for the
        // macro check and its definition (a later pass finds last pass's).
        let own = self.syms.get(mycontext, name, self.st.strength);
        // A name written without its colon is looked up first, as 64tass
        // does (to call a macro): one found spelt otherwise is `-Wcase-symbol`.
        if !islabel && !dotted && self.opts.warnings.case_symbol && !self.dialect.case_sensitive {
            let found = if cheap {
                self.lookup_in(self.st.cheap, name)
            } else {
                self.lookup(name)
            };
            if let Some(id) = found {
                self.case_symbol_check(line, name_start as crate::syntax::ast::Pos, id);
            }
        }
        // A word on its own or before an instruction/macro call: a macro call
        // when it names a macro, otherwise a label.
        if !islabel
            && !lookup_local
            && let Some(id) = self.lookup_from_own(name, mycontext, own)
            && self.names_a_macro(id)
        {
            let v = self.syms.label(id).value.clone();
            self.touch(id);
            if self.opts.warnings.macro_prefix && line.at_end(after) {
                self.warn(
                    "macro-prefix",
                    name_span,
                    "macro call without prefix".into(),
                );
            }
            let r = self.call_macro_value(line, &v, after, None, mycontext, name_span);
            return self.after_call(line, r);
        }
        if self.st.active() {
            // Only the text brought the line here: later readings come
            // straight to this point (`code_label_line`).
            if !dotted && (islabel || name_len != 3) {
                self.keep_code_label(line, name_len, after - (start + len));
            }
            self.record_label_start_named(line, (start, len), dotted);
            // `name:` (or `a.name`) is defined without looking it up first,
            // as a labelled directive is (see `mark_extra_slot`).
            if islabel {
                self.mark_extra_slot_in(mycontext);
            }
        }
        let Ok(nl) = self.code_label_found(line, (name, text, name_span), mycontext, own) else {
            // A label defined twice: the rest of the line is read as if it had
            // none, as 64tass reads it (its errors are reported too).
            return self.rest_of_line(line, after, None, None, mycontext);
        };
        if let Some(n) = nl
            && name_len == 3
            && start != line.start
            && !islabel
            && line.at(after) != b'.'
            && self.opts.warnings.label_left
            && !self.syms.label(n.id).referenced()
            // Lower case letters only (any case without `-C`): what could
            // be a mnemonic mistyped as a label.
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || !self.dialect.case_sensitive && b.is_ascii_uppercase())
        {
            self.warn("label-left", name_span, "label not on left side".into());
        }
        self.rest_of_line(line, after, nl, Some((name_start, text)), mycontext)
    }

    /// A line [`Self::labelled_line`] has read as a code label (its head
    /// kept, see [`Self::keep_code_label`]) read again: the label defined
    /// as that would, without reading the line's text again. A name that
    /// calls a macro, or a `-Wcase-symbol` check, goes the whole way.
    #[inline(never)]
    pub(super) fn code_label_line(
        &mut self,
        line: &LineRef,
        start: usize,
        kept: KeptLabel,
    ) -> Step {
        if !self.st.active() {
            // Nothing after a code label is read in a skipped line.
            return Step::Next;
        }
        let end = start + kept.len;
        let islabel = line.at(end) == b':';
        if !islabel && self.opts.warnings.case_symbol && !self.dialect.case_sensitive {
            return self.labelled_line_read(line, start, kept.len);
        }
        let after = end + kept.gap;
        let cheap = line.at(start) == b'_';
        let name = self.label_name_kept(line, start, kept.len);
        let mycontext = if cheap {
            self.st.cheap
        } else {
            self.st.context()
        };
        let own = self.syms.get(mycontext, name, self.st.strength);
        if !islabel
            && !cheap
            && let Some(id) = self.lookup_from_own(name, mycontext, own)
            && self.names_a_macro(id)
        {
            return self.labelled_line_read(line, start, kept.len);
        }
        self.record_label_start_named(line, (start, kept.len), false);
        if islabel {
            self.mark_extra_slot_in(mycontext);
        }
        let name_span = line.span(start, end);
        // The usual later reading: the label defined again in one look, its
        // read mark cleared there (nothing after it is a directive), the
        // line ended without reading the label again.
        if let Some((nl, cid)) = self.code_label_again(name_span, own, true) {
            if matches!(line.at(after), 0 | b';') {
                self.known_label_alone_end(line, nl, cid, !cheap);
                return Step::Next;
            }
            if self.known_label_then_replayed(line, after, nl, cid, !cheap) {
                return Step::Next;
            }
            let text: &str = &line.text[start..end];
            return self.rest_of_line(line, after, Some(nl), Some((start, text)), mycontext);
        }
        let text: &str = &line.text[start..end];
        let nl = match self.code_label_found(line, (name, text, name_span), mycontext, own) {
            Ok(nl) => nl,
            Err(_) => return self.rest_of_line(line, after, None, None, mycontext),
        };
        if matches!(line.at(after), 0 | b';') {
            self.label_alone_end(line, nl, &Some((start, text)));
            return Step::Next;
        }
        if self.label_then_replayed(line, after, nl, &Some((start, text))) {
            return Step::Next;
        }
        self.rest_of_line(line, after, nl, Some((start, text)), mycontext)
    }

    /// A line [`Self::labelled_line`] has read as a constant's definition
    /// (`name = value`, its head kept, see [`Self::keep_constant`]) read
    /// again: the constant defined without reading the name's text again.
    /// A skipped line goes the whole way.
    #[inline(never)]
    fn constant_line(&mut self, line: &LineRef, start: usize, kept: KeptLabel) -> Step {
        if !self.st.active() {
            return self.labelled_line_read(line, start, kept.len);
        }
        let end = start + kept.len;
        let mycontext = if line.at(start) == b'_' {
            self.st.cheap
        } else {
            self.st.context()
        };
        let name = self.label_name_kept(line, start, kept.len);
        let text: &str = &line.text[start..end];
        let name_span = line.span(start, end);
        self.define_constant(line, name, text, name_span, mycontext, end + kept.gap + 1);
        Step::Next
    }

    /// [`Self::lookup`] of the name a line's label has, given `own`, the
    /// label of that name in `ns`, the scope it is defined in: when `ns` is
    /// searched first and `own` is seen there, the search would end at it.
    #[inline]
    fn lookup_from_own(&mut self, name: Name, ns: NsId, own: Option<LabelId>) -> Option<LabelId> {
        if let Some(id) = own
            && self.st.strength == 0
            && self.syms.no_weak()
            && !self.names.is_cheap_local(name)
            && self.st.contexts.len() > self.st.bottom
            && self.st.contexts.last().is_some_and(|c| c.ns == ns)
            && self.syms.label(id).visible(self.st.pass, self.st.fixeddig)
        {
            return Some(id);
        }
        // A name first met on this line (a label defined the first time)
        // names nothing to look for.
        if own.is_none() && self.syms.named_nowhere(name) {
            debug_assert!(self.lookup(name).is_none());
            return None;
        }
        self.lookup(name)
    }

    /// Should `name *= ...` define a label (64tass: when `name` is not a variable)?
    fn star_mul_is_label(&self, name: Name, ns: NsId, local: bool) -> bool {
        let id = if local {
            self.lookup_in(ns, name)
        } else {
            self.syms.lookup_in(ns, name).or_else(|| {
                (0..self.st.contexts.len())
                    .rev()
                    .find_map(|i| self.lookup_in(self.st.contexts[i].ns, name))
            })
        };
        match id {
            Some(id) => self.syms.label(id).constant(),
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Assembler;
    use crate::Options;

    fn prg(src: &str) -> Vec<u8> {
        Assembler::new(&Options::default())
            .run_text("t.asm", src)
            .unwrap_or_else(|_| panic!("assembles"))
            .prg_bytes()
    }

    /// A name alone on its line, over three passes (`fin` is known from the
    /// second, and the `nop` moves what follows): the scope's macro of that
    /// name is called each pass, a label is defined again where it moved.
    #[test]
    fn a_name_alone_calls_its_macro_or_defines_its_label_each_pass() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n\
                   m .macro\n inx\n .endm\n\
                   b .block\nm2 .macro\n iny\n .endm\nm2\nlab\n jmp lab\n .bend\n\
                   m\n jmp b.lab\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0xc8, 0x4c, 0x02, 0x10, 0xe8, 0x4c, 0x02, 0x10
            ]
        );
    }

    /// Code labels read again in later passes and iterations (a line's
    /// head kept, `code_label_line`): each iteration's `_l` in its own
    /// scope, a label alone moved by the `nop` of the second pass, one in
    /// a block before an instruction, and a three-letter name with its colon.
    #[test]
    fn code_labels_are_defined_again_each_pass_and_iteration() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\nlab\nb .block\n\
                   .rept 2\n .block\n_l  inx\n jmp _l\n .bend\n .endrept\n\
                   lab rts\n .bend\nbra: nop\n .cpu \"65c02\"\n jmp b.lab\n jmp lab\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0xe8, 0x4c, 0x01, 0x10, 0xe8, 0x4c, 0x05, 0x10, 0x60, 0xea, 0x4c,
                0x09, 0x10, 0x4c, 0x01, 0x10
            ]
        );
    }

    /// A label alone on its line (or before a comment) read again, moved
    /// by the second pass's `nop`: each iteration's in its own scope, of
    /// size 0, and the scope of the `_locals` after it (64tass's bytes).
    #[test]
    fn a_label_alone_is_defined_again_with_its_size_and_locals() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n.rept 2\n .block\n\
                   lab ; here\n_l  inx\n jmp _l\n .byte size(lab)\n .bend\n .endrept\n\
                   end2 ; end\n jmp end2\n jmp _l2\n_l2 rts\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0xe8, 0x4c, 0x01, 0x10, 0x00, 0xe8, 0x4c, 0x06, 0x10, 0x00, 0x4c,
                0x0b, 0x10, 0x4c, 0x11, 0x10, 0x60
            ]
        );
    }

    /// Constants read again in later passes and iterations (a line's head
    /// kept, `constant_line`): one whose value moves with the second pass's
    /// `nop`, `_locals` and a block's own of the same name, each
    /// iteration's in its own scope, one in a skipped `.if` left out, and
    /// three-letter names with their colon (64tass's bytes).
    #[test]
    fn constants_are_defined_again_each_pass_and_iteration() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\nptr = lab + 1\n_c = 2\n\
                   .byte _c\nb .block\nptr = 7\n_c = 3\n .byte ptr, _c\n .bend\n\
                   .for i = 0, i < 2, i += 1\n .block\nv   =   i * 3\n .byte v\n .bend\n\
                   .next\ncol: = 5\n .if 0\nptr = 9\n .endif\nbra: = 6\n\
                   .byte <ptr, >ptr, col, b.ptr, bra\nlab nop\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0x02, 0x07, 0x03, 0x00, 0x03, 0x0c, 0x10, 0x05, 0x07, 0x06, 0xea
            ]
        );
    }

    /// Labels read again in later passes (moved by the second pass's
    /// `nop`): anonymous labels before an instruction, a directive and
    /// an assignment, labels before directives (a `.proc` among them), and
    /// the usual operations of expressions (a label plus or minus a
    /// number, numbers, bytes of labels) in data, operands and a
    /// constant (64tass's bytes).
    #[test]
    fn labels_and_their_usual_expressions_are_read_again() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n-   lda -\n+   ldx +\n\
                   +   .byte <-, >-\ntab .byte 1, 2\np   .proc\n    rts\n    .pend\n- = 3\n\
                   -   ldy #<-\n    jmp p\n    bne -\nlab: .word tab, lab\n\
                   .byte 3 + 4, 7 - 2, <(tab + 1), >tab, tab - 1 & $ff\n .char 1 - 2\n\
                   v   = lab - 2\n .word v, 1 + v\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0xad, 0x01, 0x10, 0xae, 0x07, 0x10, 0x01, 0x10, 0x01, 0x02, 0x60,
                0xa0, 0x0c, 0x4c, 0x0b, 0x10, 0xd0, 0xf9, 0x09, 0x10, 0x13, 0x10, 0x07, 0x05, 0x0a,
                0x10, 0x08, 0xff, 0x11, 0x10, 0x12, 0x10
            ]
        );
    }

    /// Labels read again in later passes (moved by the second pass's
    /// `nop`) before a replayed instruction (`label_then_replayed`: one
    /// that reads its own label, one whose `_local` operand is the
    /// label's, an anonymous label's) and before data directives
    /// (`label_before_data`: with a colon, a `_local`, sizes, a three
    /// letter name without its colon going the whole way), 64tass's bytes.
    #[test]
    fn labels_before_replayed_instructions_and_data_are_read_again() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\nlab lda lab\n    jmp lab\n\
                   b1 .block\nlab2 ldx _x\n    sty lab2\n_x  .byte 7\n    .bend\n-   lda -\n\
                   ldy b1.lab2\ntabl .byte <tabl, >tabl\ndat: .word dat, tab\n_d  .text \"ab\"\n\
                   long .fill 2, size(long)\nsz  .byte size(sz), size(dat), <_d\n+   .char -1\n\
                   tab .byte 1\n    jmp b1.lab2\nfin\n";
        assert_eq!(
            prg(src),
            [
                0x00, 0x10, 0xea, 0xad, 0x01, 0x10, 0x4c, 0x01, 0x10, 0xae, 0x0d, 0x10, 0x8c, 0x07,
                0x10, 0x07, 0xad, 0x0e, 0x10, 0xac, 0x07, 0x10, 0x14, 0x10, 0x16, 0x10, 0x22, 0x10,
                0x61, 0x62, 0x02, 0x02, 0x03, 0x04, 0x1a, 0xff, 0x01, 0x4c, 0x07, 0x10
            ]
        );
    }

    /// `.weak` labels: the look-up is the ordinary one (the strongest
    /// definition wins), not the label of the line's own strength.
    #[test]
    fn a_weak_label_is_overridden() {
        let src = "* = $1000\n .weak\nlab\n .endweak\n jmp lab\nlab\n nop\n";
        assert_eq!(prg(src), [0x00, 0x10, 0x4c, 0x03, 0x10, 0xea]);
    }
}
