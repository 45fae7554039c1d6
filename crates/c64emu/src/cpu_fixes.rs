//! Where the NMOS 6502 differs from what the `mos6502` crate does: cycle counts of
//! read-modify-write instructions that cross a page, and the six "unstable" opcodes the
//! crate does not decode (implemented here the way VICE does). The step loop learns of
//! both from what the crate reports, so every other instruction costs it nothing.

use std::sync::LazyLock;

use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};
use mos6502::memory::Bus;
use mos6502::registers::Status;
use mos6502::{ArithmeticOutput, Variant};

use crate::machine::Cpu;

/// The NMOS 6502 as the crate models it, decoding through a 256-entry table instead of
/// the crate's `match` (an indirect jump per instruction that the host CPU often
/// mispredicts). Everything else is `Nmos6502`'s.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nmos6502Table;

type Decoded = Option<(Instruction, AddressingMode)>;

static DECODE: LazyLock<[Decoded; 256]> =
    LazyLock::new(|| std::array::from_fn(|op| Nmos6502::decode(op as u8)));

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

/// Instructions whose indexed forms take no extra cycle on a page crossing.
pub fn is_read_modify_write(i: Instruction) -> bool {
    use Instruction::*;
    matches!(
        i,
        ASL | LSR | ROL | ROR | INC | DEC | SLO | RLA | SRE | RRA | DCP | ISC
    )
}

/// The crate took `spent` cycles for an instruction `len` bytes long: was that a
/// read-modify-write instruction crossing a page, charged one cycle too many? The crate
/// charges 8 cycles only for RMW abs,X/abs,Y (7) that crossed and for RMW (zp,X) (8,
/// two bytes), and 9 only for RMW (zp),Y (8) that crossed (checked by a test).
#[inline(always)]
pub fn rmw_crossing_overcharged(spent: u64, len: u16) -> bool {
    spent == 9 || (spent == 8 && len == 3)
}

/// "Magic" constant of LXA: the value VICE uses.
const LXA_MAGIC: u8 = 0xEE;

/// Execute the opcode at PC, one the crate does not decode.
#[cold]
#[inline(never)]
pub fn unstable_opcode(cpu: &mut Cpu) {
    let pc = cpu.registers.program_counter;
    let op = cpu.memory.get_byte(pc);
    let b1 = cpu.memory.get_byte(pc.wrapping_add(1));
    let r = cpu.registers;
    let (a, x, y) = (r.accumulator, r.index_x, r.index_y);
    match op {
        // LXA #imm: A = X = (A | magic) & imm
        0xAB => {
            let v = (a | LXA_MAGIC) & b1;
            cpu.registers.accumulator = v;
            cpu.registers.index_x = v;
            cpu.registers.status.set(Status::PS_ZERO, v == 0);
            cpu.registers.status.set(Status::PS_NEGATIVE, v & 0x80 != 0);
            finish(cpu, 2, 2);
        }
        // SHA (zp),Y: store A & X & (high byte of the base + 1)
        0x93 => {
            let lo = cpu.memory.get_byte(u16::from(b1));
            let hi = cpu.memory.get_byte(u16::from(b1.wrapping_add(1)));
            let base = u16::from_le_bytes([lo, hi]);
            store_and_high(cpu, base, y, a & x);
            finish(cpu, 2, 6);
        }
        _ => {
            let b2 = cpu.memory.get_byte(pc.wrapping_add(2));
            let base = u16::from_le_bytes([b1, b2]);
            match op {
                // TAS abs,Y: SP = A & X, store SP & (high + 1)
                0x9B => {
                    let sp = a & x;
                    cpu.registers.stack_pointer.0 = sp;
                    store_and_high(cpu, base, y, sp);
                }
                0x9C => store_and_high(cpu, base, x, y), // SHY abs,X
                0x9E => store_and_high(cpu, base, y, x), // SHX abs,Y
                _ => store_and_high(cpu, base, y, a & x), // $9F SHA abs,Y
            }
            finish(cpu, 3, 5);
        }
    }
}

/// The SH* family: store `value & (base high byte + 1)`; on a page crossing the stored
/// value also replaces the high byte of the address.
fn store_and_high(cpu: &mut Cpu, base: u16, index: u8, value: u8) {
    let target = base.wrapping_add(u16::from(index));
    let v = value & ((base >> 8) as u8).wrapping_add(1);
    let addr = if (target ^ base) & 0xFF00 != 0 {
        (u16::from(v) << 8) | (target & 0xFF)
    } else {
        target
    };
    cpu.memory.set_byte(addr, v);
}

fn finish(cpu: &mut Cpu, len: u16, cycles: u64) {
    cpu.registers.program_counter = cpu.registers.program_counter.wrapping_add(len);
    cpu.cycles += cycles;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_decodes_like_the_crate() {
        for op in 0..=255u8 {
            // Neither type has PartialEq: compare what Debug shows.
            assert_eq!(
                format!("{:?}", Nmos6502Table::decode(op)),
                format!("{:?}", Nmos6502::decode(op)),
                "opcode ${op:02X}"
            );
        }
    }

    #[test]
    fn only_page_crossing_rmw_instructions_look_overcharged() {
        use AddressingMode::*;
        for op in 0..=255u8 {
            let Some((instr, mode)) = Nmos6502::decode(op) else {
                continue;
            };
            let base = u64::from(instr.base_cycles(mode));
            let len = 1 + mode.extra_bytes();
            let store = matches!(
                instr,
                Instruction::STA | Instruction::STX | Instruction::STY
            );
            let may_cross = matches!(mode, AbsoluteX | AbsoluteY | IndirectIndexedY) && !store;
            let branch = matches!(mode, Relative);
            let rmw = is_read_modify_write(instr);
            // Every cycle count the crate can charge for this opcode.
            let extra = if branch { 2 } else { u64::from(may_cross) };
            for spent in base..=base + extra {
                let crossed = rmw && may_cross && spent == base + 1;
                assert_eq!(
                    rmw_crossing_overcharged(spent, len),
                    crossed,
                    "opcode ${op:02X} {instr:?} {mode:?} charged {spent}"
                );
            }
        }
    }
}
