//! `-Woptimize` in the assembler: each section's [`Optimizer`] is told of
//! the instructions made in it and of whatever breaks the straight line
//! there (64tass's places: a label something reads, data, `*`, a block or
//! loop, a macro or function call...), and what it says is reported at the
//! instruction's name, unless the instruction comes from a macro or from a
//! function called in an expression, as in 64tass.

use super::Assembler;
use super::lines::LineRef;
use crate::diag::{Kind, Severity};
use crate::optimizer::{Advice, OptPart, SeenAs};
use crate::syntax::ast::Pos;

impl Assembler<'_> {
    /// Start the current section's optimizer afresh (with `-Woptimize`).
    pub fn opt_invalidate(&mut self) {
        if self.opts.warnings.optimize
            && let Some(o) = self.optimizers.get_mut(&self.st.section)
        {
            o.invalidate();
        }
    }

    /// Tell the optimizer of an instruction about to be emitted (`bytes`,
    /// its name at `mnemonic`) and report what it says.
    ///
    /// Only with `-Woptimize`: kept out of `emit_instruction`, into which
    /// LTO once inlined the optimizer's steps (the function grew from 4.5
    /// to 12 KiB and every instruction assembled paid two more machine
    /// instructions for the registers it saved).
    #[inline(never)]
    pub fn opt_instruction(&mut self, line: &LineRef, bytes: &[u8], mnemonic: Pos) {
        let parts = std::mem::take(&mut self.st.opt_parts);
        if !self.opts.warnings.optimize {
            return;
        }
        let cpu = self.st.cpu;
        let mut pc = self.out.addr(self.st.addr).l_address;
        let whole = [OptPart::new(bytes.len(), SeenAs::Itself)];
        let parts: &[OptPart] = if parts.is_empty() { &whole } else { &parts };
        let mut at = 0;
        let mut said = Vec::new();
        let o = self.optimizers.entry(self.st.section).or_default();
        for &OptPart { len, seen, operand } in parts {
            let part = &bytes[at..at + len];
            let (opcode, ln) = match (part.first(), seen) {
                (Some(&op), _) => (op, len as i32 - 1),
                // A pseudo branch that became nothing: its own opcode.
                (None, SeenAs::Opcode(op) | SeenAs::Away(op)) => (op, -1),
                (None, SeenAs::Itself) => continue,
            };
            let adr = operand.unwrap_or_else(|| {
                part.iter()
                    .skip(1)
                    .rev()
                    .fold(0u32, |a, &b| a << 8 | b as u32)
            });
            let seen = if part.is_empty() {
                SeenAs::Itself
            } else {
                seen
            };
            o.see_as(seen);
            if let Some(advice) = o.instruction(cpu, opcode, adr, ln, pc) {
                said.push(advice);
            }
            o.see_as(SeenAs::Itself);
            pc = pc.wrapping_add(len as u32);
            at += len;
        }
        if self.opt_quiet {
            return;
        }
        for advice in said {
            let span = self.span_at(line, mnemonic);
            match advice {
                // A plain warning in 64tass: no switch, not made an error.
                Advice::IndependentResult => {
                    if !self.opts.warnings.none {
                        self.push_diag(
                            Severity::Warning,
                            Kind::Warning,
                            span,
                            advice.message(),
                            None,
                            None,
                            None,
                        );
                    }
                }
                _ => self.warn("optimize", span, advice.message()),
            }
        }
    }

    /// A section's optimizer, kept across passes as 64tass keeps it; the
    /// root's starts afresh with each pass.
    pub fn opt_begin_pass(&mut self) {
        self.opt_quiet = false;
        self.opt_invalidate();
    }

    /// Run `f` with reports from the instructions it makes on (`false`) or
    /// off (`true`: a macro's expansion, a function called for its value).
    pub fn opt_quiet_while<T>(&mut self, quiet: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = std::mem::replace(&mut self.opt_quiet, quiet);
        let r = f(self);
        self.opt_quiet = saved;
        r
    }
}
