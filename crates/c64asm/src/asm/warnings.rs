//! Warnings about what a value's computation hid: floating point comparisons
//! that only held approximately (`-Wfloat-compare`), a size measured from
//! before its area (`-Wsize-larger`), a float rounded where an integer was
//! needed (`-Wfloat-round`), a bool taken as a number or a number as a
//! condition (`-Wstrict-bool`); and an instruction's alias (`-Walias`).
//! (`-Wshadow` is checked where symbols are read.) What they test is in
//! [`super::checks`].

use super::Assembler;
use super::checks::{alias_target, answer};
use super::eval::Located;
use super::lines::LineRef;
use crate::source::Span;
use crate::syntax::ast::{BinOp, Pos};
use crate::value::Value;

impl Assembler<'_> {
    /// After `op` was applied: if a float comparison in it came out otherwise than
    /// the exact values would have it, warn as 64tass does (`2.1 + 0.2 == 2.3` is
    /// true, and a warning). `in` warns as `==`, `!in` as `!=`.
    pub fn float_compare_warning(&mut self, line: &LineRef, op: BinOp, pos: Pos) {
        if self.approx.get().is_some() {
            let span = self.span_at(line, pos);
            self.float_compare_warning_at(span, op);
        }
    }

    /// [`Self::float_compare_warning`] at a place that is not an operand's.
    pub fn float_compare_warning_at(&mut self, span: Span, op: BinOp) {
        let Some((approx, exact)) = self.approx.take() else {
            return;
        };
        if !self.opts.warnings.float_compare {
            return;
        }
        let (Some(a), Some(e)) = (answer(op, approx), answer(op, exact)) else {
            return;
        };
        if a == e {
            return;
        }
        let shown = match op {
            BinOp::In => BinOp::Eq,
            BinOp::NotIn => BinOp::Ne,
            other => other,
        };
        self.warn(
            "float-compare",
            span,
            format!(
                "approximate floating point {} '{}'",
                shown.name(),
                shown.symbol()
            ),
        );
    }

    /// `size()` or `len()` of a label moved back from its area (`var - 2`) counts
    /// the bytes ahead of it too: 64tass warns, at the argument.
    pub fn size_larger_warning(&mut self, line: &LineRef, arg: &Located) {
        if let Value::Code(c) = &arg.val
            && c.offs < 0
            && self.opts.warnings.size_larger
        {
            let span = self.span_at(line, arg.pos);
            self.warn(
                "size-larger",
                span,
                "larger than original due to negative offset".into(),
            );
        }
    }

    /// A float with a fraction was rounded to the integer this place needed: 64tass
    /// warns under `-Wfloat-round` (`.byte 3.5`, `lda #1.5`); explicit rounding
    /// (`int()`, `floor()`, ...) and integral floats don't.
    /// Asked inline: mostly nothing is pending (an integer operand), and
    /// the call with its three checks cost 36 instructions an operand.
    #[inline(always)]
    pub fn float_round_warning(&mut self, line: &LineRef, pos: Pos) {
        if self.rounded.get() || self.addr_wrapped.get() || !self.bool_uses.borrow().is_empty() {
            self.float_round_said(line, pos);
        }
    }

    /// [`Self::float_round_warning`] when something is pending.
    #[inline(never)]
    fn float_round_said(&mut self, line: &LineRef, pos: Pos) {
        // A bool taken as a number here is reported at the same place, and
        // so is an operand address that wrapped.
        self.strict_bool_warnings(line, pos);
        self.operand_wrap_warning(line, pos);
        if self.rounded.take() && self.opts.warnings.float_round {
            let span = self.span_at(line, pos);
            self.warn(
                "float-round",
                span,
                "implicit floating point rounding".into(),
            );
        }
    }
}

impl Assembler<'_> {
    /// `-Wstrict-bool`: a condition that is not a bool (64tass converts it).
    pub fn strict_bool(&mut self, line: &LineRef, v: &Value, pos: u32) {
        if self.opts.warnings.strict_bool && !matches!(v, Value::Bool(_)) {
            let msg = format!(
                "can't get boolean value of {}",
                crate::value::convert::describe(v, self)
            );
            let span = self.span_at(line, pos);
            self.warn("strict-bool", span, msg);
        }
    }

    /// `-Wstrict-bool`: the bools used as numbers or with an operator since
    /// the last report, at `pos` (the operator, or the value converted).
    pub fn strict_bool_warnings(&mut self, line: &LineRef, pos: Pos) {
        // Asked after every operation: mostly there are none.
        if self.bool_uses.borrow().is_empty() {
            return;
        }
        let span = self.span_at(line, pos);
        self.strict_bool_warnings_at(span);
    }

    /// The same, at `span` (a `.case`: 64tass places its comparisons there).
    pub fn strict_bool_warnings_at(&mut self, span: Span) {
        for msg in self.bool_uses.take() {
            self.warn("strict-bool", span, msg);
        }
    }

    /// `-Walias`: an instruction was written under another name than the
    /// one 64tass gives it (`blt` for `bcc`), at the mnemonic.
    #[inline]
    pub fn alias_warning(&mut self, line: &LineRef, start: usize, end: usize) {
        if self.opts.warnings.alias {
            self.alias_said(line, start, end);
        }
    }

    fn alias_said(&mut self, line: &LineRef, start: usize, end: usize) {
        let name = line.text[start..end].to_ascii_lowercase();
        if let Some(target) = alias_target(&name, self.st.cpu) {
            let span = line.span(start, end);
            self.warn(
                "alias",
                span,
                format!("instruction '{name}' is alias of '{target}'"),
            );
        }
    }
}
