//! The NMOS 6510's arithmetic where the `mos6502` crate's differs: decimal-mode ADC and
//! SBC (and ARR, RRA, ISC, which use them) with the flags the 6510 sets, as documented
//! by Bruce Clark ("Decimal Mode", 6502.org, appendix A) and in 64doc: Z from the binary
//! sum, N and V from the sum after the low digit's correction, C from the high digit's;
//! SBC sets every flag from the binary difference. Also the value of the two unstable
//! immediates ANE and LXA.
//!
//! The crate computes these from private types (`ArithmeticOutput` has no constructor),
//! so the sequencer lets the crate run the instruction and then sets A and the flags
//! from the inputs (`fix_decimal`).

use std::sync::LazyLock;

use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};
use mos6502::registers::{Registers, Status};
use mos6502::{ArithmeticOutput, Variant};

/// The decoding the fast path uses: the crate's, through a 256-entry table (an indexed
/// load instead of the crate's `match`), with the opcodes the crate does not run as the
/// 6510 does left undecoded, so the crate's `single_step` reports them (returns false)
/// and the step loop hands them to the sequencer: JAM, ANE, the NOPs that read memory
/// (the crate skips the read) and the six it does not decode itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nmos6502Table;

type Decoded = Option<(Instruction, AddressingMode)>;

/// Does the fast path leave `opcode` to the sequencer?
pub(crate) fn sequencer_only(opcode: u8) -> bool {
    use Instruction::*;
    match Nmos6502::decode(opcode) {
        None => true,
        Some((i, _)) => matches!(i, JAM | XAA | NOPZ | NOPZX | NOPA | NOPAX),
    }
}

static DECODE: LazyLock<[Decoded; 256]> = LazyLock::new(|| {
    std::array::from_fn(|op| {
        let op = op as u8;
        if sequencer_only(op) {
            None
        } else {
            Nmos6502::decode(op)
        }
    })
});

impl Variant for Nmos6502Table {
    #[inline(always)]
    fn decode(opcode: u8) -> Decoded {
        DECODE[usize::from(opcode)]
    }
    fn adc_binary(accumulator: u8, value: u8, carry_set: bool) -> ArithmeticOutput {
        Nmos6502::adc_binary(accumulator, value, carry_set)
    }
    fn adc_decimal(accumulator: u8, value: u8, carry_set: bool) -> ArithmeticOutput {
        Nmos6502::adc_decimal(accumulator, value, carry_set)
    }
    fn sbc_binary(accumulator: u8, value: u8, carry_set: bool) -> ArithmeticOutput {
        Nmos6502::sbc_binary(accumulator, value, carry_set)
    }
    fn sbc_decimal(accumulator: u8, value: u8, carry_set: bool) -> ArithmeticOutput {
        Nmos6502::sbc_decimal(accumulator, value, carry_set)
    }
}

/// A and the flags an arithmetic instruction leaves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Flags {
    pub a: u8,
    pub n: bool,
    pub v: bool,
    pub z: bool,
    pub c: bool,
}

/// ADC with the D flag set.
pub(crate) fn adc_decimal(a: u8, b: u8, c: bool) -> Flags {
    let binary = a.wrapping_add(b).wrapping_add(u8::from(c));
    let mut low = u16::from(a & 0x0F) + u16::from(b & 0x0F) + u16::from(c);
    if low >= 0x0A {
        low = ((low + 0x06) & 0x0F) + 0x10;
    }
    let mut sum = u16::from(a & 0xF0) + u16::from(b & 0xF0) + low;
    // N and V see the sum before the high digit is corrected.
    let n = sum & 0x80 != 0;
    let v = (u16::from(a) ^ sum) & 0x80 != 0 && (a ^ b) & 0x80 == 0;
    if sum >= 0xA0 {
        sum += 0x60;
    }
    Flags {
        a: sum as u8,
        n,
        v,
        z: binary == 0,
        c: sum >= 0x100,
    }
}

/// SBC with the D flag set: the flags are the binary subtraction's.
pub(crate) fn sbc_decimal(a: u8, b: u8, c: bool) -> Flags {
    let borrow = i16::from(!c);
    let binary = i16::from(a) - i16::from(b) - borrow;
    let mut low = i16::from(a & 0x0F) - i16::from(b & 0x0F) - borrow;
    if low < 0 {
        low = ((low - 0x06) & 0x0F) - 0x10;
    }
    let mut diff = i16::from(a & 0xF0) - i16::from(b & 0xF0) + low;
    if diff < 0 {
        diff -= 0x60;
    }
    let r = binary as u8;
    Flags {
        a: diff as u8,
        n: r & 0x80 != 0,
        v: (a ^ b) & (a ^ r) & 0x80 != 0,
        z: r == 0,
        c: binary >= 0,
    }
}

/// ARR (AND #imm, then ROR A) with the D flag set: N is the carry that came in, Z and V
/// are from the rotated value, and each digit of the AND's result is corrected as ADC's
/// would be after the rotation (the high digit's correction sets C).
pub(crate) fn arr_decimal(a: u8, imm: u8, c: bool) -> Flags {
    let and = a & imm;
    let mut r = (and >> 1) | (u8::from(c) << 7);
    let (n, z, v) = (c, r == 0, (r ^ and) & 0x40 != 0);
    if u16::from(and & 0x0F) + u16::from(and & 0x01) > 0x05 {
        r = (r & 0xF0) | (r.wrapping_add(0x06) & 0x0F);
    }
    let carry = u16::from(and & 0xF0) + u16::from(and & 0x10) > 0x50;
    if carry {
        r = (r & 0x0F) | (r.wrapping_add(0x60) & 0xF0);
    }
    Flags {
        a: r,
        n,
        v,
        z,
        c: carry,
    }
}

/// The decimal-mode instructions the crate gets wrong, and what ADC/SBC sees as its
/// operand: ADC and SBC (the value read), RRA (the value rotated right through C, with
/// the carry that came out), ISC (the value plus one), ARR (the immediate).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum DecimalOp {
    Adc,
    Sbc,
    Rra,
    Isc,
    Arr,
}

pub(crate) fn decimal_op(opcode: u8) -> Option<DecimalOp> {
    DECIMAL_OPS[usize::from(opcode)]
}

static DECIMAL_OPS: LazyLock<[Option<DecimalOp>; 256]> = LazyLock::new(|| {
    use Instruction::*;
    std::array::from_fn(|op| {
        let (i, _) = Nmos6502::decode(op as u8)?;
        Some(match i {
            ADC => DecimalOp::Adc,
            SBC | USBC => DecimalOp::Sbc,
            RRA => DecimalOp::Rra,
            ISC => DecimalOp::Isc,
            ARR => DecimalOp::Arr,
            _ => return None,
        })
    })
});

/// Set A and the flags of a decimal-mode `op` that read `value`, with the registers as
/// the instruction found them in `before`.
pub(crate) fn fix_decimal(regs: &mut Registers, before: &Registers, op: DecimalOp, value: u8) {
    let a = before.accumulator;
    let c = before.status.contains(Status::PS_CARRY);
    let f = match op {
        DecimalOp::Adc => adc_decimal(a, value, c),
        DecimalOp::Sbc => sbc_decimal(a, value, c),
        DecimalOp::Rra => adc_decimal(a, (value >> 1) | (u8::from(c) << 7), value & 1 != 0),
        DecimalOp::Isc => sbc_decimal(a, value.wrapping_add(1), c),
        DecimalOp::Arr => arr_decimal(a, value, c),
    };
    regs.accumulator = f.a;
    let s = &mut regs.status;
    s.set(Status::PS_NEGATIVE, f.n);
    s.set(Status::PS_OVERFLOW, f.v);
    s.set(Status::PS_ZERO, f.z);
    s.set(Status::PS_CARRY, f.c);
}

/// ANE's constant: A is ORed with it before the AND with X and the immediate. $EF as a
/// C64's 6510 usually shows it; $EE when the VIC stopped the CPU in the cycle that read
/// the immediate (the value is then latched differently).
pub(crate) const ANE_MAGIC: u8 = 0xEF;
pub(crate) const ANE_MAGIC_RDY: u8 = 0xEE;
/// LXA's constant (A = X = (A | magic) & immediate).
pub(crate) const LXA_MAGIC: u8 = 0xEE;

#[cfg(test)]
mod tests {
    use super::*;

    /// Bruce Clark's decimal ADC, digit by digit as his appendix states it, with N and
    /// V computed in signed arithmetic (sequence 2).
    fn clark_adc(a: u8, b: u8, c: bool) -> Flags {
        let (a, b, c) = (i32::from(a), i32::from(b), i32::from(c));
        let digit = |al: i32| {
            if al >= 0x0A {
                ((al + 6) & 0x0F) + 0x10
            } else {
                al
            }
        };
        let al = digit((a & 0x0F) + (b & 0x0F) + c);
        let mut s = (a & 0xF0) + (b & 0xF0) + al;
        let signed = (a as u8 as i8 as i32 & !0x0F) + (b as u8 as i8 as i32 & !0x0F) + al;
        let (n, v) = (signed & 0x80 != 0, !(-128..=127).contains(&signed));
        if s >= 0xA0 {
            s += 0x60;
        }
        Flags {
            a: s as u8,
            n,
            v,
            z: (a + b + c) & 0xFF == 0,
            c: s >= 0x100,
        }
    }

    fn clark_sbc(a: u8, b: u8, c: bool) -> Flags {
        let (a, b, c) = (i32::from(a), i32::from(b), i32::from(c));
        let mut al = (a & 0x0F) - (b & 0x0F) + c - 1;
        if al < 0 {
            al = ((al - 6) & 0x0F) - 0x10;
        }
        let mut s = (a & 0xF0) - (b & 0xF0) + al;
        if s < 0 {
            s -= 0x60;
        }
        let bin = a - b + c - 1;
        let r = bin & 0xFF;
        Flags {
            a: s as u8,
            n: r & 0x80 != 0,
            v: (a ^ b) & (a ^ r) & 0x80 != 0,
            z: r == 0,
            c: bin >= 0,
        }
    }

    #[test]
    fn decimal_adc_and_sbc_match_the_documented_nmos_rules_for_every_input() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for c in [false, true] {
                    assert_eq!(
                        adc_decimal(a, b, c),
                        clark_adc(a, b, c),
                        "ADC {a:02X} {b:02X} {c}"
                    );
                    assert_eq!(
                        sbc_decimal(a, b, c),
                        clark_sbc(a, b, c),
                        "SBC {a:02X} {b:02X} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn decimal_examples() {
        // 09 + 01 = 10; 99 + 01 = 00 carry, Z clear (binary $9A), N set ($A0 before
        // the correction); 58 - 46 = 12.
        let f = adc_decimal(0x09, 0x01, false);
        assert_eq!((f.a, f.c, f.z), (0x10, false, false));
        let f = adc_decimal(0x99, 0x01, false);
        assert_eq!((f.a, f.c, f.z, f.n), (0x00, true, false, true));
        let f = sbc_decimal(0x58, 0x46, true);
        assert_eq!((f.a, f.c), (0x12, true));
        let f = sbc_decimal(0x00, 0x01, true);
        assert_eq!((f.a, f.c, f.n), (0x99, false, true));
    }

    #[test]
    fn arr_decimal_examples() {
        // $FF & $FF = $FF, ROR with C clear = $7F; both digits corrected: low $F+6
        // -> $5, high $7+6 -> $D: $D5 with C set; N = carry in (0), V = bit 6 changed (no).
        let f = arr_decimal(0xFF, 0xFF, false);
        assert_eq!(
            f,
            Flags {
                a: 0xD5,
                n: false,
                v: false,
                z: false,
                c: true
            }
        );
        // $00 with C set: $80, no correction, N set, Z clear.
        let f = arr_decimal(0x00, 0xFF, true);
        assert_eq!(
            f,
            Flags {
                a: 0x80,
                n: true,
                v: false,
                z: false,
                c: false
            }
        );
    }

    #[test]
    fn the_fast_path_decodes_like_the_crate_except_the_sequencers_opcodes() {
        for op in 0..=255u8 {
            let expected = if sequencer_only(op) {
                None
            } else {
                Nmos6502::decode(op)
            };
            // Neither type has PartialEq: compare what Debug shows.
            assert_eq!(
                format!("{:?}", Nmos6502Table::decode(op)),
                format!("{expected:?}"),
                "opcode ${op:02X}"
            );
        }
        let own = (0..=255u8).filter(|&op| sequencer_only(op)).count();
        // 12 JAM, 6 undecoded, ANE, 16 NOPs with a memory operand.
        assert_eq!(own, 12 + 6 + 1 + 16);
    }
}
