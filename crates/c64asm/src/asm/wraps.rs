//! `-Wwrap-addr` where a label plus an offset beyond the address space is
//! taken as a number (in data, in arithmetic): 64tass wraps it around and
//! says so where the number is used. Instruction operands are checked by
//! the encoder itself (see `instr::operand`).

use super::Assembler;
use super::lines::LineRef;
use crate::syntax::ast::Pos;

impl Assembler<'_> {
    /// Report a label plus an offset that wrapped where a number was taken
    /// (since the line started or the last report), at `pos`.
    pub fn operand_wrap_warning(&mut self, line: &LineRef, pos: Pos) {
        if self.addr_wrapped.take() && self.opts.warnings.wrap_addr {
            let span = self.span_at(line, pos);
            self.warn("wrap-addr", span, "memory location address overflow".into());
        }
    }
}
