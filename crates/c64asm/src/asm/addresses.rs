//! Values taken as addresses: what the program counter may be set to, and
//! an address in the program bank (`.addr`, `.rta`, `addr()`, `rta()`).

use super::Assembler;
use crate::syntax::ast::{AddrOp, Reg};
use crate::value::convert::{describe, to_uval};
use crate::value::{AddrMode, FResult, Fault, Value};

impl Assembler<'_> {
    /// A value the program counter is set to (`* =`, `.logical`,
    /// `.virtual`): a number, or an address with operators that index it
    /// (`1,s` for stack variables; no indirection).
    pub fn pc_address(&self, v: &Value, bits: u32) -> FResult<u64> {
        match v {
            Value::Addr(a) if a.mode != AddrMode::NONE => {
                let u = self.pc_address(&a.val, bits)?;
                let indirect = a
                    .mode
                    .ops()
                    .iter()
                    .any(|op| matches!(op, AddrOp::Ind | AddrOp::LongInd));
                if indirect {
                    return Err(Fault::new(format!(
                        "no {} addressing mode accepted",
                        a.mode.describe()
                    )));
                }
                Ok(u)
            }
            _ => to_uval(v, bits, self),
        }
    }

    /// An address in the program bank (`.addr`, `.rta`, `addr()`, `rta()`):
    /// its low 16 bits; `$1234,k` is one already.
    pub fn program_bank_address(&self, v: &Value) -> FResult<u32> {
        let all_mem = self.out.all_mem;
        match v {
            Value::Addr(a) if a.mode.ops()[..] == [AddrOp::Index(Reg::K)] => {
                Ok(to_uval(&a.val, 16, self)? as u32)
            }
            Value::Addr(a) if a.mode != AddrMode::NONE => Err(Fault::new(format!(
                "no {} addressing mode accepted",
                a.mode.describe()
            ))),
            _ => {
                let bits = if all_mem == 0xffff { 16 } else { 24 };
                let u = to_uval(v, bits, self)? as u32 & all_mem;
                let pc = self.out.addr(self.st.addr).l_address;
                if (pc ^ u) > 0xffff {
                    return Err(Fault::new(format!(
                        "address in different program bank {}",
                        describe(v, self)
                    )));
                }
                Ok(u)
            }
        }
    }
}
