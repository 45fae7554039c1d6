//! `-Wwrap-addr` where a label plus an offset beyond the address space is
//! taken as a number (in data, in arithmetic): 64tass wraps it around and
//! says so where the number is used. Instruction operands are checked by
//! the encoder itself (see `instr::operand`).

use super::Assembler;
use super::eval::Located;
use super::lines::LineRef;
use crate::syntax::ast::Pos;
use crate::value::Value;

impl Assembler<'_> {
    /// Report a label plus an offset that wrapped where a number was taken
    /// (since the line started or the last report), at `pos`.
    pub fn operand_wrap_warning(&mut self, line: &LineRef, pos: Pos) {
        if self.addr_wrapped.take() && self.opts.warnings.wrap_addr {
            let span = self.span_at(line, pos);
            self.warn("wrap-addr", span, "memory location address overflow".into());
        }
    }

    /// After a call or a message took its arguments as numbers: each label
    /// plus an offset that wrapped is reported at its argument, where 64tass
    /// converts it (`format("%x", * - $8001)`, `.warn "at ", * - $8001`).
    /// A wrap inside some other value is left for the place that reports it.
    pub fn argument_wrap_warnings(&mut self, line: &LineRef, args: &[Located]) {
        if !self.addr_wrapped.get() {
            return;
        }
        let wrapped: Vec<Pos> = args
            .iter()
            .filter(|a| matches!(a.val, Value::Code(c) if self.code_wraps(c)))
            .map(|a| a.pos)
            .collect();
        for pos in wrapped {
            self.addr_wrapped.set(true);
            self.operand_wrap_warning(line, pos);
        }
    }
}
