//! Where the NMOS 6502 differs from what the `mos6502` crate does: cycle counts of
//! read-modify-write instructions that cross a page, and the six "unstable" opcodes the
//! crate does not decode (implemented here the way VICE does).

use mos6502::instruction::Instruction;
use mos6502::memory::Bus;
use mos6502::registers::Status;

use crate::machine::Cpu;

/// Instructions whose indexed forms take no extra cycle on a page crossing.
pub fn is_read_modify_write(i: Instruction) -> bool {
    use Instruction::*;
    matches!(
        i,
        ASL | LSR | ROL | ROR | INC | DEC | SLO | RLA | SRE | RRA | DCP | ISC
    )
}

/// "Magic" constant of LXA: the value VICE uses.
const LXA_MAGIC: u8 = 0xEE;

/// Execute the opcode at PC, one the crate does not decode.
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
