//! Conditional assembly (`.if`, `.switch`, `.comment`) and the conditions
//! and integer arguments other directives read too. Repetition is in
//! [`super::loops`].

use super::Assembler;
use super::commands::Cmd;
use super::compile::NewLabel;
use super::lines::{LineRef, ParseKind};
use super::state::{FrameData, SizedLabel, Wait};
use crate::diag::Kind;
use crate::source::Span;
use crate::syntax::ast::BinOp;
use crate::value::convert::{to_bool, to_int};
use crate::value::{self, Value};

impl Assembler<'_> {
    pub fn truth(&mut self, line: &LineRef, v: &Value, pos: u32) -> Option<bool> {
        if v.is_none() {
            return None;
        }
        let r = to_bool(v, self);
        if r.is_ok() {
            self.strict_bool(line, v, pos);
        }
        self.check(line, pos, r).ok()
    }

    /// The label in front of a block gets the block's size at its end (not
    /// the line's, which is empty).
    fn sized(&mut self, newlabel: Option<NewLabel>) -> Option<SizedLabel> {
        newlabel.map(|nl| {
            self.syms.label_mut(nl.id).set_update_after(true);
            SizedLabel {
                label: nl.id,
                addr: nl.oaddr,
            }
        })
    }

    pub fn if_directive(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        span: Span,
        newlabel: Option<NewLabel>,
    ) {
        let parent_skip = self.st.top().skip;
        self.record_line(line, None);
        self.st.push_frame(Wait::Fi2, span);
        let sized = self.sized(newlabel);
        self.st.top_mut().data = FrameData::Sized(sized);
        if parent_skip != 1 {
            self.st.top_mut().skip = 0;
            return;
        }
        let Some((v, pos)) = self.one_value(line, args) else {
            self.st.top_mut().skip = 0;
            return;
        };
        let taken = match cmd {
            Cmd::If => self.truth(line, &v, pos),
            _ => {
                if v.is_none() {
                    None
                } else {
                    // The sign of one number (a list has none).
                    let r = match v.elements() {
                        Some(_) => Err(value::Fault::new(format!(
                            "can't get sign of {}",
                            value::convert::describe(&v, self)
                        ))),
                        // TASM's sign is bit 15 of the word (`.ifmi $8000`).
                        None if self.dialect.tasm && matches!(cmd, Cmd::Ifpl | Cmd::Ifmi) => {
                            to_int(&v, self)
                                .map(|i| Value::Int(if i & 0x8000 != 0 { -1 } else { 0 }))
                        }
                        None => value::binary(BinOp::Cmp, &v, &Value::Int(0), self),
                    };
                    match self.check(line, pos, r) {
                        Ok(Value::Int(sign)) => Some(match cmd {
                            Cmd::Ifne => sign != 0,
                            Cmd::Ifeq => sign == 0,
                            Cmd::Ifpl => sign >= 0,
                            _ => sign < 0,
                        }),
                        _ => None,
                    }
                }
            }
        };
        self.st.top_mut().skip = match taken {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        };
    }

    pub fn elsif(&mut self, line: &LineRef, args: usize, span: Span) {
        match self.st.top().what {
            Wait::Fi => {
                self.error(span, Kind::ConditionalMismatch, "'.endif' expected".into());
                return;
            }
            Wait::Fi2 => {}
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.if' not found".into(),
                );
                return;
            }
        }
        // An unclosed block is reported at its last branch, as in 64tass.
        self.st.top_mut().span = span;
        if self.st.top().skip != 2 {
            self.st.top_mut().skip = 0;
            return;
        }
        self.st.top_mut().skip = 1;
        let taken = match self.one_value(line, args) {
            Some((v, pos)) => self.truth(line, &v, pos),
            None => None,
        };
        self.st.top_mut().skip = match taken {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        };
    }

    pub fn else_directive(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Fi => self.error(span, Kind::ConditionalMismatch, "'.endif' expected".into()),
            Wait::Fi2 => {
                let f = self.st.top_mut();
                f.skip >>= 1;
                f.what = Wait::Fi;
                f.span = span;
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.if' not found".into(),
            ),
        }
    }

    pub fn fi(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Fi | Wait::Fi2 => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Sized(Some(s)) = f.data
                {
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.if' not found".into(),
            ),
        }
    }

    pub fn switch(&mut self, line: &LineRef, args: usize, span: Span, newlabel: Option<NewLabel>) {
        let parent_skip = self.st.top().skip;
        self.record_line(line, None);
        self.st.push_frame(Wait::Switch2, span);
        let label = self.sized(newlabel);
        if parent_skip != 1 {
            self.st.top_mut().skip = 0;
            self.st.top_mut().data = FrameData::Switch {
                value: Value::None,
                label,
            };
            return;
        }
        let v = self
            .one_value(line, args)
            .map(|(v, _)| v)
            .unwrap_or(Value::None);
        let skip = if v.is_none() { 0 } else { 2 };
        let f = self.st.top_mut();
        f.skip = skip;
        f.data = FrameData::Switch { value: v, label };
    }

    pub fn case(&mut self, line: &LineRef, args: usize, span: Span) {
        match self.st.top().what {
            Wait::Switch => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "'.endswitch' expected".into(),
                );
                return;
            }
            Wait::Switch2 => {}
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.switch' not found".into(),
                );
                return;
            }
        }
        self.st.top_mut().span = span;
        let skip = self.st.top().skip;
        let mut truth = false;
        if skip == 2 {
            let FrameData::Switch { value, .. } = self.st.top().data.clone() else {
                return;
            };
            self.st.top_mut().skip = 1;
            let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
                self.st.top_mut().skip = 0;
                return;
            };
            let Ok(exprs) = &parsed.result else { return };
            if exprs.is_empty() {
                self.error(span, Kind::Syntax, "expected at least one argument".into());
                self.st.top_mut().skip = 0;
                return;
            }
            // As `in`: a value that fails only counts if none matches; a
            // comparison that fails at once (a string that can't be encoded)
            // is reported at once, as 64tass does.
            match self.eval_list(line, exprs, true) {
                Ok(vals) => {
                    let mut failed = None;
                    for v in &vals {
                        self.approx.set(None);
                        let r = value::binary(BinOp::Eq, &value, &v.val, self);
                        // 64tass shows where the `.case` is.
                        self.float_compare_warning_at(span, BinOp::Eq);
                        self.strict_bool_warnings_at(span);
                        match r {
                            Ok(Value::Bool(true)) => {
                                truth = true;
                                break;
                            }
                            Ok(Value::Error(f)) => {
                                failed.get_or_insert(((*f).clone(), v.pos));
                            }
                            Ok(_) => {}
                            Err(f) => {
                                let _ = self.fault(line, v.pos, f);
                            }
                        }
                    }
                    if !truth && let Some((f, pos)) = failed {
                        let _ = self.fault(line, pos, f);
                    }
                }
                Err(_) => {
                    self.st.top_mut().skip = 0;
                    return;
                }
            }
        }
        self.st.top_mut().skip = if truth { skip >> 1 } else { skip & 2 };
    }

    pub fn default_case(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Switch => self.error(
                span,
                Kind::ConditionalMismatch,
                "'.endswitch' expected".into(),
            ),
            Wait::Switch2 => {
                let f = self.st.top_mut();
                f.skip >>= 1;
                f.what = Wait::Switch;
                f.span = span;
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.switch' not found".into(),
            ),
        }
    }

    pub fn endswitch(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Switch | Wait::Switch2 => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Switch { label: Some(s), .. } = f.data
                {
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.switch' not found".into(),
            ),
        }
    }
}
