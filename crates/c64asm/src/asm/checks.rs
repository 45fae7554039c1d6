//! What the warnings check, without the assembler: what a comparison
//! answers (`-Wfloat-compare`), which instruction a name is an alias of
//! (`-Walias`). The reports themselves are in [`super::warnings`].

use std::cmp::Ordering;

use crate::cpu::Cpu;
use crate::syntax::ast::BinOp;

/// What a comparison operator answers for an ordering (`None`: not a comparison).
/// `in` and `!in` compare for equality, `<=>` gives the ordering itself.
pub fn answer(op: BinOp, o: Ordering) -> Option<i8> {
    Some(match op {
        BinOp::Eq | BinOp::In => i8::from(o == Ordering::Equal),
        BinOp::Ne | BinOp::NotIn => i8::from(o != Ordering::Equal),
        BinOp::Lt => i8::from(o == Ordering::Less),
        BinOp::Le => i8::from(o != Ordering::Greater),
        BinOp::Gt => i8::from(o == Ordering::Greater),
        BinOp::Ge => i8::from(o != Ordering::Less),
        BinOp::Cmp => o as i8,
        _ => return None,
    })
}

/// The instruction 64tass names where another mnemonic is its alias
/// (`-Walias`), per processor as 64tass 1.58 reports them (`tas` is `shs` on
/// the NMOS 6502, `tcs` on the 65816). Asked only of names the processor has.
pub fn alias_target(name: &str, cpu: Cpu) -> Option<&'static str> {
    use Cpu::*;
    let cmos = !matches!(cpu, M6502 | M6502i | M65DTV02);
    let wdc = matches!(cpu, W65C02 | M65816 | M65EL02);
    let csg = matches!(cpu, M65CE02 | M4510);
    let stack_relative = matches!(cpu, M65816 | M65EL02);
    Some(match name {
        "bge" => "bcs",
        "blt" => "bcc",
        "cpa" => "cmp",
        "shl" => "asl",
        "shr" => "lsr",
        "gge" => "gcs",
        "glt" => "gcc",
        // The undocumented opcodes' other names.
        "ahx" => "sha",
        "alr" => "asr",
        "axs" => "sbx",
        "dcm" => "dcp",
        "ins" | "isc" => "isb",
        "lae" | "las" => "lds",
        "lxa" => "lax",
        "tas" if cpu == M6502i => "shs",
        "xaa" => "ane",
        // The 65C02's and its successors'.
        "clr" if cmos && !csg => "stz",
        "dea" if cmos => "dec",
        "ina" if cmos => "inc",
        "hlt" if wdc => "stp",
        // The 65CE02's and the 4510's.
        "rtn" if csg => "rts",
        "eom" if cpu == M4510 => "nop",
        // The 65816's and the 65EL02's.
        "clp" if stack_relative => "rep",
        "swa" if stack_relative => "xba",
        "csp" if cpu == M65816 => "cop",
        "jml" if cpu == M65816 => "jmp",
        "tad" if cpu == M65816 => "tcd",
        "tas" if cpu == M65816 => "tcs",
        "tda" if cpu == M65816 => "tdc",
        "tsa" if cpu == M65816 => "tsc",
        _ => return None,
    })
}
