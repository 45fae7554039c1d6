//! `-Wwrap-dpage`, `-Wwrap-addr`, `-Wwrap-pbank` of instruction operands: a
//! label plus an offset beyond the address space (or its direct page) wraps
//! around, and 64tass says so. It also sizes an indexed or indirect operand
//! of a label plus an offset by the label's own address (`lda zp + $20,x` of
//! a direct page label is `lda $10,x` with a warning, not `lda $0110,x`).

use super::Assembler;
use super::lines::LineRef;
use crate::opcodes::{Mnemonic, Mode};
use crate::syntax::ast::Pos;
use crate::value::Value;

impl Assembler<'_> {
    /// A label plus an offset as the unwrapped sum (`None`: not a label).
    fn raw_code_address(&self, v: &Value) -> Option<i64> {
        match v {
            Value::Code(c) => Some(self.syms.code(c.id).addr as i64 + c.offs as i64),
            Value::Addr(a) if a.mode.0 == 0 => self.raw_code_address(&a.val),
            _ => None,
        }
    }

    /// The address that decides between zero page and absolute: the
    /// operand's, but a label's own for a label plus an offset in an
    /// indexed or indirect mode (`zp` is not `ZeroPage`), as 64tass does.
    pub fn sizing_address(&self, v: &Value, addr: Option<u32>, zp: Mode) -> Option<u32> {
        match v {
            Value::Code(c) if zp != Mode::ZeroPage && addr.is_some() => {
                Some(self.syms.code(c.id).addr & self.out.image_mask)
            }
            _ => addr,
        }
    }

    /// Remember whether a label-plus-offset operand wrapped: beyond $ff on
    /// the direct page, beyond the address space otherwise (the program
    /// bank for `jmp` and `jsr`).
    pub fn note_operand_wrap(&self, m: &Mnemonic, v: &Value, direct_page: bool) {
        let Some(raw) = self.raw_code_address(v) else {
            return;
        };
        let w = &self.opts.warnings;
        let wrap = if direct_page {
            (!(0..=0xff).contains(&raw) && w.wrap_dpage)
                .then_some(("wrap-dpage", "direct page address overflow"))
        } else if raw != raw & self.out.image_mask as i64 {
            if matches!(m.name, "jmp" | "jsr") {
                w.wrap_pbank
                    .then_some(("wrap-pbank", "program bank address overflow"))
            } else {
                w.wrap_addr
                    .then_some(("wrap-addr", "memory location address overflow"))
            }
        } else {
            None
        };
        self.operand_wrap.set(wrap);
        // Decided here, for the operand: not again as a plain number.
        self.addr_wrapped.set(false);
    }

    /// Report the operand wrap remembered for the instruction just made, or
    /// a label plus an offset that wrapped where a number was taken.
    pub fn operand_wrap_warning(&mut self, line: &LineRef, pos: Pos) {
        let wrapped = self.addr_wrapped.take();
        let (switch, msg) = match self.operand_wrap.take() {
            Some(w) => w,
            None if wrapped && self.opts.warnings.wrap_addr => {
                ("wrap-addr", "memory location address overflow")
            }
            None => return,
        };
        let span = self.span_at(line, pos);
        self.warn(switch, span, msg.into());
    }
}
