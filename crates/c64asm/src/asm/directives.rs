//! Directive dispatch: which handler a directive goes to when lines are
//! assembled, what is still done with it in skipped lines (keeping blocks
//! balanced), and the directives that treat the label in front specially.

use std::rc::Rc;

use super::Assembler;
use super::commands::{Cmd, breaks_straight_line};
use super::compile::{NewLabel, Step};
use super::lines::{LineRef, ParseKind};
use super::state::{FrameData, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::source::Span;
use crate::symbols::SKIPPED;
use crate::value::NsId;

impl Assembler<'_> {
    /// A directive in an assembled line.
    pub fn command(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        pos: usize,
        newlabel: Option<NewLabel>,
    ) -> Step {
        let span = line.span(pos, pos + 1);
        if breaks_straight_line(cmd) {
            self.opt_invalidate();
        }
        match cmd {
            Cmd::Byte
            | Cmd::Char
            | Cmd::Word
            | Cmd::Sint
            | Cmd::Addr
            | Cmd::Rta
            | Cmd::Long
            | Cmd::Lint
            | Cmd::Dword
            | Cmd::Dint => {
                self.st.data_directive = pos as u32;
                self.data_numbers(line, cmd, args, newlabel)
            }
            Cmd::Text | Cmd::Ptext | Cmd::Shift | Cmd::Shiftl | Cmd::Null => {
                self.data_text(line, (cmd, pos), args, newlabel)
            }
            Cmd::Fill | Cmd::Align => {
                self.fill(line, cmd, args, newlabel);
                self.st.emit_at = None;
                self.st.pc_first = false;
            }
            Cmd::Binary => self.binary_directive(line, args, newlabel),
            Cmd::Offs => self.offs(line, args),
            Cmd::Include | Cmd::Binclude => {
                self.include(line, cmd, args, newlabel, span);
            }
            Cmd::If | Cmd::Ifeq | Cmd::Ifne | Cmd::Ifpl | Cmd::Ifmi => {
                self.if_directive(line, cmd, args, span, newlabel)
            }
            Cmd::Elsif => self.elsif(line, args, span),
            Cmd::Else => self.else_directive(line, span),
            Cmd::Fi => self.fi(line, span),
            Cmd::Switch => self.switch(line, args, span, newlabel),
            Cmd::Case => self.case(line, args, span),
            Cmd::Default => self.default_case(line, span),
            Cmd::Endswitch => self.endswitch(line, span),
            Cmd::Comment => {
                self.record_line(line, None);
                self.st.push_frame(Wait::EndC, span);
                self.st.top_mut().skip = 0;
            }
            Cmd::Endc => {
                if self.st.close(Wait::EndC).is_none() {
                    self.error(
                        span,
                        Kind::ConditionalMismatch,
                        "opening directive '.comment' not found".into(),
                    );
                }
            }
            Cmd::For | Cmd::Rept | Cmd::While | Cmd::Bfor | Cmd::Brept | Cmd::Bwhile => {
                return self.loop_directive(line, cmd, args, span, None);
            }
            Cmd::Next | Cmd::Endfor | Cmd::Endrept | Cmd::Endwhile => {
                return self.loop_end(line, cmd, span);
            }
            Cmd::Break | Cmd::Continue | Cmd::Breakif | Cmd::Continueif => {
                self.break_continue(line, cmd, args, span)
            }
            Cmd::Macro | Cmd::Segment | Cmd::Function => {
                self.error(span, Kind::MacroMisuse, "label required".into());
                let w = match cmd {
                    Cmd::Macro => Wait::EndMacro,
                    Cmd::Segment => Wait::EndSegment,
                    _ => Wait::EndF,
                };
                self.st.push_frame(w, span);
                self.st.top_mut().skip = 0;
            }
            Cmd::Sfunction | Cmd::Var => {
                self.error(span, Kind::Syntax, "label required".into());
            }
            Cmd::Lbl => {
                // Still a directive without arguments: the line's end is
                // checked after the error (64tass).
                self.error(span, Kind::Syntax, "label required".into());
                self.expect_end(line, args);
            }
            Cmd::Endm | Cmd::Endmacro | Cmd::Endsegment => {
                return self.end_macro(line, cmd, args, span);
            }
            Cmd::Endf => return self.end_function(line, args, span),
            Cmd::Proc => self.proc_directive(line, span, newlabel),
            Cmd::Pend => self.pend(line, span),
            Cmd::Block => self.block(line, span, newlabel),
            Cmd::Bend => self.bend(line, span),
            Cmd::Namespace => self.namespace(line, args, span, None),
            Cmd::Endn => self.endn(span),
            Cmd::Logical => self.logical(line, args, span, newlabel),
            Cmd::Here => self.here(span),
            Cmd::Virtual => {
                self.virtual_directive(line, args, span, newlabel);
            }
            Cmd::Endv => self.endv(span),
            Cmd::Section => self.section(line, args, span, newlabel),
            Cmd::Send => self.send(line, args, span),
            Cmd::Dsection => self.dsection(line, args, span),
            Cmd::Struct | Cmd::Union => {
                // Parameters are for a named one; here the block is still
                // opened, as in 64tass.
                self.anonymous_struct(line, cmd, span);
                self.expect_end(line, args);
            }
            Cmd::Ends => return self.ends(line, args, span),
            Cmd::Endu => return self.endu(line, span),
            Cmd::Dstruct | Cmd::Dunion => self.dstruct(line, cmd, args, span, None),
            Cmd::Page => self.page(line, span, newlabel),
            Cmd::Endp => self.endp(line, span),
            Cmd::Weak => self.weak(line, span, newlabel),
            Cmd::Endweak => self.endweak(span),
            Cmd::With => self.with(line, args, span, newlabel),
            Cmd::Endwith => self.endwith(span),
            Cmd::Encode => self.encode_directive(line, args, span, None),
            Cmd::Endencode => self.endencode(span),
            Cmd::Enc => self.enc(line, args),
            Cmd::Cdef => self.cdef(line, args),
            Cmd::Tdef => self.tdef(line, args),
            Cmd::Edef => self.edef(line, args),
            Cmd::Error | Cmd::Warn | Cmd::Cerror | Cmd::Cwarn => {
                self.message(line, cmd, args, span)
            }
            Cmd::Assert | Cmd::Check => self.assert_check(line, cmd, args, span),
            Cmd::Cpu => self.cpu(line, args, span),
            Cmd::End => return Step::End,
            Cmd::Eor => self.eor(line, args),
            Cmd::Seed => self.seed(line, args),
            Cmd::Option => self.option(line, args, span),
            // The listing off and on again; off before its own line is
            // listed, so a label on it is not (64tass).
            Cmd::Proff => {
                self.take_placeholder(line);
                self.record.off = true;
            }
            Cmd::Pron => self.record.off = false,
            Cmd::Showmac | Cmd::Hidemac => {
                if self.opts.warnings.ignored {
                    self.warn("ignored", span, "directive ignored".into());
                }
            }
            Cmd::As | Cmd::Al | Cmd::Xs | Cmd::Xl | Cmd::Autsiz | Cmd::Mansiz => {
                self.register_size(line, cmd)
            }
            Cmd::Databank | Cmd::Dpage => self.bank_or_page(line, cmd, args),
            Cmd::Goto => self.goto(line, args, span),
        }
        Step::Next
    }

    /// A directive that takes no arguments, done (`before`: the count of
    /// messages before it) with lines assembled after it: only a comment
    /// may follow it. As in 64tass, one that leads to skipped lines (an
    /// `.else` after a taken branch) or already failed is not checked.
    pub fn nothing_after(&mut self, line: &LineRef, cmd: Cmd, args: usize, before: usize) {
        let no_arguments = matches!(
            cmd,
            Cmd::Block
                | Cmd::Bend
                | Cmd::Proc
                | Cmd::Pend
                | Cmd::Page
                | Cmd::Endp
                | Cmd::Weak
                | Cmd::Endweak
                | Cmd::Else
                | Cmd::Fi
                | Cmd::Default
                | Cmd::Endswitch
                | Cmd::Next
                | Cmd::Endfor
                | Cmd::Endrept
                | Cmd::Endwhile
                | Cmd::Here
                | Cmd::Endv
                | Cmd::Endn
                | Cmd::Endu
                | Cmd::Endc
                | Cmd::Endwith
                | Cmd::Endencode
                | Cmd::Pron
                | Cmd::Proff
                | Cmd::End
                | Cmd::As
                | Cmd::Al
                | Cmd::Xs
                | Cmd::Xl
                | Cmd::Autsiz
                | Cmd::Mansiz
        );
        if no_arguments && self.st.active() && self.diags.len() == before {
            self.expect_end(line, args);
        }
    }

    /// A directive in a skipped line: open and close blocks so the nesting stays right.
    pub fn skipped_command(&mut self, line: &LineRef, cmd: Cmd, pos: usize) -> Step {
        let span = line.span(pos, pos + 1);
        let push = |a: &mut Self, w: Wait| {
            a.st.push_frame(w, span);
        };
        match cmd {
            Cmd::If | Cmd::Ifeq | Cmd::Ifne | Cmd::Ifpl | Cmd::Ifmi => {
                push(self, Wait::Fi2);
                self.st.top_mut().skip = 0;
            }
            Cmd::Switch => {
                push(self, Wait::Switch2);
                self.st.top_mut().skip = 0;
            }
            Cmd::Elsif | Cmd::Else => {
                let top = self.st.top().what;
                if top == Wait::Fi2 {
                    self.st.top_mut().span = span;
                    let skip = self.st.top().skip;
                    if cmd == Cmd::Else {
                        self.st.top_mut().skip = skip >> 1;
                        self.st.top_mut().what = Wait::Fi;
                    } else if skip == 2 {
                        // The condition decides: evaluate it like an active .elsif.
                        let args = line.skip_ws(pos + 6);
                        self.elsif(line, args, span);
                    } else {
                        self.st.top_mut().skip = 0;
                    }
                } else if top == Wait::Fi {
                    self.error(span, Kind::ConditionalMismatch, "'.endif' expected".into());
                } else {
                    self.unopened(span, ".if");
                }
            }
            Cmd::Case | Cmd::Default => match self.st.top().what {
                Wait::Switch2 => {
                    self.st.top_mut().span = span;
                    let skip = self.st.top().skip;
                    if cmd == Cmd::Default {
                        self.st.top_mut().skip = skip >> 1;
                        self.st.top_mut().what = Wait::Switch;
                    } else if skip == 2 {
                        let args = line.skip_ws(pos + 5);
                        self.case(line, args, span);
                    } else {
                        self.st.top_mut().skip = skip & 2;
                    }
                }
                Wait::Switch => self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "'.endswitch' expected".into(),
                ),
                _ => self.unopened(span, ".switch"),
            },
            // The end of a conditional whose last branch was skipped: a label
            // in front of it still gets its size (and so its place in the
            // label list), as when the branch was taken.
            Cmd::Fi => {
                if !matches!(self.st.top().what, Wait::Fi | Wait::Fi2) {
                    self.unopened(span, ".if");
                } else if let Some(f) = self.st.frames.pop()
                    && let FrameData::Sized(Some(s)) = f.data
                {
                    self.close_sized(s);
                }
            }
            Cmd::Endswitch => {
                if !matches!(self.st.top().what, Wait::Switch | Wait::Switch2) {
                    self.unopened(span, ".switch");
                } else if let Some(f) = self.st.frames.pop()
                    && let FrameData::Switch { label: Some(s), .. } = f.data
                {
                    self.close_sized(s);
                }
            }
            Cmd::Comment => {
                push(self, Wait::EndC);
                self.st.top_mut().skip = 0;
            }
            Cmd::Endc => self.close_skipped(Wait::EndC, span, ".comment"),
            Cmd::Macro | Cmd::Segment | Cmd::Function => {
                let w = match cmd {
                    Cmd::Macro => Wait::EndMacro,
                    Cmd::Segment => Wait::EndSegment,
                    _ => Wait::EndF,
                };
                push(self, w);
                self.st.top_mut().skip = 0;
            }
            Cmd::Endm | Cmd::Endmacro | Cmd::Endsegment | Cmd::Endf => {
                return self.skipped_end(line, cmd, pos, span);
            }
            Cmd::For | Cmd::Rept | Cmd::While => {
                let w = match cmd {
                    Cmd::For => Wait::EndFor,
                    Cmd::Rept => Wait::EndRept,
                    _ => Wait::EndWhile,
                };
                push(self, w);
            }
            Cmd::Bfor | Cmd::Brept | Cmd::Bwhile => {
                let w = match cmd {
                    Cmd::Bfor => Wait::EndFor3,
                    Cmd::Brept => Wait::EndRept3,
                    _ => Wait::EndWhile3,
                };
                self.st.push_context(SKIPPED);
                push(self, w);
            }
            Cmd::Next | Cmd::Endfor | Cmd::Endrept | Cmd::Endwhile => {
                return self.loop_end(line, cmd, span);
            }
            Cmd::Proc => {
                self.st.push_context(SKIPPED);
                push(self, Wait::Pend);
                self.st.top_mut().skip = 0;
            }
            Cmd::Pend => {
                if self.st.close(Wait::Pend).is_some() {
                    self.st.pop_context();
                } else {
                    self.unopened(span, ".proc");
                }
            }
            Cmd::Block => {
                self.st.push_context(SKIPPED);
                push(self, Wait::Bend);
            }
            Cmd::Bend => {
                if self.st.close(Wait::Bend).is_some() {
                    self.st.pop_context();
                } else {
                    self.unopened(span, ".block");
                }
            }
            Cmd::Namespace => {
                self.st.push_context(SKIPPED);
                push(self, Wait::EndN);
            }
            Cmd::Endn => {
                if self.st.close(Wait::EndN).is_some() {
                    self.st.pop_context();
                } else {
                    self.unopened(span, ".namespace");
                }
            }
            Cmd::Logical => push(self, Wait::Here),
            Cmd::Here => self.close_skipped(Wait::Here, span, ".logical"),
            Cmd::Virtual => push(self, Wait::EndV),
            Cmd::Endv => self.close_skipped(Wait::EndV, span, ".virtual"),
            Cmd::Section => push(self, Wait::Send),
            Cmd::Send => self.close_skipped(Wait::Send, span, ".section"),
            Cmd::Struct => push(self, Wait::EndS),
            Cmd::Ends => {
                if self.st.top().what == Wait::EndS {
                    self.st.frames.pop();
                } else if matches!(self.st.top().what, Wait::EndS2 | Wait::EndS3) {
                    return Step::Return(crate::value::Value::None);
                } else {
                    self.unopened(span, ".struct");
                }
            }
            Cmd::Union => push(self, Wait::EndU),
            Cmd::Endu => {
                if self.st.top().what == Wait::EndU {
                    self.st.frames.pop();
                } else if matches!(self.st.top().what, Wait::EndU2 | Wait::EndU3) {
                    return Step::Return(crate::value::Value::None);
                } else {
                    self.unopened(span, ".union");
                }
            }
            Cmd::Page => push(self, Wait::EndP),
            Cmd::Endp => self.close_skipped(Wait::EndP, span, ".page"),
            Cmd::Weak => push(self, Wait::Weak),
            Cmd::Endweak => self.close_skipped(Wait::Weak, span, ".weak"),
            Cmd::With => push(self, Wait::EndWith),
            Cmd::Endwith => self.close_skipped(Wait::EndWith, span, ".with"),
            Cmd::Encode => push(self, Wait::EndEncode),
            Cmd::Endencode => self.close_skipped(Wait::EndEncode, span, ".encode"),
            // 64tass stops at `.end` where lines are skipped too (not in a
            // `.comment`, which skips every line): a definition or `.if` left
            // open there is then missing its closing directive.
            Cmd::End => return Step::End,
            _ => {}
        }
        Step::Next
    }

    /// The label in front of a block that moved the program counter
    /// (`.virtual`, `.section`), defined where the block starts; sized when
    /// it closes.
    fn label_inside(
        &mut self,
        line: &LineRef,
        name: Name,
        text: &str,
        span: Span,
        ns: NsId,
        local: bool,
    ) -> Option<super::state::SizedLabel> {
        self.st.star = self.out.addr(self.st.addr).l_address;
        let nl = self
            .code_label(line, name, text, span, ns, true, local)
            .ok()??;
        Some(super::state::SizedLabel {
            label: nl.id,
            addr: nl.oaddr,
        })
    }

    /// Directives that give the label in front a meaning of their own
    /// (`x .var 1`, `m .macro`, ...). `None`: an ordinary directive.
    /// (`text`, the label as written, is copied only by what keeps it.)
    #[allow(clippy::too_many_arguments)]
    pub fn labelled_command(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        name: Name,
        text: &str,
        span: Span,
        dir: Span,
        ns: NsId,
        args: usize,
        _local: bool,
    ) -> Option<Step> {
        let cmd_span = line.span(args, args + 1);
        match cmd {
            Cmd::Virtual if self.st.active() => {
                // The label names the virtual area: it is defined after the
                // program counter moves (`zp .virtual $02` then `lda zp`),
                // and not at all without an address (not known yet, or
                // wrong), as 64tass leaves it.
                if !self.virtual_directive(line, args, dir, None) {
                    return Some(Step::Next);
                }
                let sized = self.label_inside(line, name, text, span, ns, _local);
                if let FrameData::Virtual { label, .. } = &mut self.st.top_mut().data {
                    *label = sized;
                }
                Some(Step::Next)
            }
            Cmd::Section if self.st.active() => {
                // The label is where the section goes on (64tass defines it
                // once the section has started), sized by this fragment.
                self.enter_section(line, args, dir, None);
                if self.st.top().what == Wait::Send2 {
                    let sized = self.label_inside(line, name, text, span, ns, _local);
                    if let FrameData::Section { label, .. } = &mut self.st.top_mut().data {
                        *label = sized;
                    }
                }
                self.record_line(line, None);
                Some(Step::Next)
            }
            Cmd::Var => {
                let parsed = self.parse_exprs(line, args, ParseKind::List)?;
                let Ok(exprs) = &parsed.result else {
                    return Some(Step::Next);
                };
                if exprs.is_empty() {
                    self.error(cmd_span, Kind::Syntax, "an expression is expected".into());
                    return Some(Step::Next);
                }
                let Ok(v) = self.symbol_value(line, exprs) else {
                    return Some(Step::Next);
                };
                self.record_value(line, &v);
                self.set_variable(line, name, text, span, ns, v, false);
                Some(Step::Next)
            }
            Cmd::Macro | Cmd::Segment => {
                self.define_macro(line, cmd, name, &Rc::from(text), span, dir, ns, args);
                Some(Step::Next)
            }
            Cmd::Function | Cmd::Sfunction => {
                self.define_function(line, cmd, name, &Rc::from(text), span, dir, ns, args);
                Some(Step::Next)
            }
            Cmd::Struct | Cmd::Union => {
                Some(self.define_struct(line, cmd, name, &Rc::from(text), span, dir, ns, args))
            }
            Cmd::Namespace => {
                // The block is opened at the directive, the label named at its place.
                let label = (!self.defined_again(name, text, span, ns))
                    .then(|| (name, Rc::from(text), span, ns));
                self.namespace(line, args, dir, label);
                Some(Step::Next)
            }
            Cmd::Encode => {
                // The block is opened at the directive, the label named at its place.
                let label = (!self.defined_again(name, text, span, ns))
                    .then(|| (name, Rc::from(text), span, ns));
                self.encode_directive(line, args, dir, label);
                Some(Step::Next)
            }
            Cmd::Bfor | Cmd::Brept | Cmd::Bwhile => {
                let label = (!self.defined_again(name, text, span, ns))
                    .then(|| (name, Rc::from(text), span, ns));
                Some(self.loop_directive(line, cmd, args, dir, label))
            }
            Cmd::Dstruct | Cmd::Dunion => {
                // Called at the directive, as unlabelled: an argument's
                // error is placed in the call's arguments after the type.
                self.dstruct(line, cmd, args, dir, Some((name, Rc::from(text), span, ns)));
                Some(Step::Next)
            }
            Cmd::Lbl => {
                self.define_lbl(line, (name, &Rc::from(text), span, ns), dir);
                // It takes no arguments: 64tass checks the line's end.
                self.expect_end(line, args);
                Some(Step::Next)
            }
            _ => None,
        }
    }

    /// `.endm`/`.endf` in skipped lines: close a definition, or return from
    /// the expansion that is being skipped through.
    fn skipped_end(&mut self, _line: &LineRef, cmd: Cmd, _pos: usize, span: Span) -> Step {
        let top = self.st.top().what;
        match (cmd, top) {
            (Cmd::Endf, Wait::EndF) => {
                self.close_definition();
            }
            (Cmd::Endf, Wait::EndF2 | Wait::EndF3) => {
                return Step::Return(crate::value::Value::None);
            }
            (Cmd::Endm | Cmd::Endmacro, Wait::EndMacro)
            | (Cmd::Endm | Cmd::Endsegment, Wait::EndSegment) => {
                self.close_definition();
            }
            (Cmd::Endm | Cmd::Endmacro, Wait::EndMacro2)
            | (Cmd::Endm | Cmd::Endsegment, Wait::EndSegment2) => {
                return Step::Return(crate::value::Value::None);
            }
            (Cmd::Endf, _) => self.unopened(span, ".function"),
            (Cmd::Endmacro, _) => self.unopened_macro(span, ".macro"),
            (Cmd::Endsegment, _) => self.unopened_macro(span, ".segment"),
            _ => self.unopened_macro(span, ".macro' or '.segment"),
        }
        Step::Next
    }

    /// A closing directive in skipped lines (an unused `.proc`, a false
    /// `.if`, a macro's body) closes the block opened there, or is an error
    /// as it is where lines are assembled (64tass).
    fn close_skipped(&mut self, what: Wait, span: Span, opener: &str) {
        if self.st.close(what).is_none() {
            self.unopened(span, opener);
        }
    }

    fn unopened(&mut self, span: Span, opener: &str) {
        self.error(
            span,
            Kind::ConditionalMismatch,
            format!("opening directive '{opener}' not found"),
        );
    }

    fn unopened_macro(&mut self, span: Span, opener: &str) {
        self.error(
            span,
            Kind::MacroMisuse,
            format!("opening directive '{opener}' not found"),
        );
    }

    /// The end of a macro or function definition: remember where its body ends.
    pub fn close_definition(&mut self) {
        if let Some(f) = self.st.frames.pop()
            && let FrameData::Macro(Some(id)) = f.data
        {
            // In the coordinates of the definition's own file (see `macro_at`).
            let cursor = self.st.cursor;
            let (_, end) = self.src.origin(cursor.file, cursor.line.saturating_sub(1));
            self.macros.set_end(id, end);
        }
    }
}
