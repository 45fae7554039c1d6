//! The 6510: the `mos6502` crate runs the instructions (decoding, addressing results,
//! ALU, flags, registers); the bus cycles around them are ours, so the VIC and the CIAs
//! see every access at the cycle a real 6510 makes it.
//!
//! - `plan`: every opcode's bus cycles in order, the crate's accesses and the dummy ones
//!   between them;
//! - `exact`: the sequencer, which runs an instruction cycle by cycle over those plans:
//!   dummy reads and writes at their cycles, the CPU halted at a read while the VIC holds
//!   BA low, the interrupt poll, the interrupt sequence, and the instructions it runs
//!   itself (JSR, BRK, SHA/SHX/SHY/SHS, ANE, LXA, JAM, the NOPs' reads);
//! - `nmos`: NMOS decimal arithmetic and the unstable constants;
//! - `irq`: the interrupt lines as the CPU samples them;
//! - `port`: the I/O port at $00/$01.
//!
//! Speed comes from a fast path: most instructions touch only RAM and ROM, and while no
//! chip can change anything the CPU sees (no interrupt line can move, BA stays high) the
//! cycle at which each of their accesses happens is invisible. The step loop runs such
//! an instruction with the crate's `single_step` over the bus's inline RAM path, and
//! only its cycle count matters (the crate's, corrected where it differs: `step_fast`).
//! The loop knows when a chip may next act (`next_event`, `Vic::next_ba_low`) and runs
//! every instruction that may not end before that (it starts within its opcode's most
//! cycles, `plan::MOST`, of it) through the sequencer.
//! An instruction that turns out to touch I/O or the port, or that is the sequencer's
//! (an opcode the fast path leaves undecoded, decimal-mode arithmetic, a JSR whose operand
//! is in the stack page, where its late operand read matters), is rolled back before it has written anything and
//! run again through the sequencer. A test runs programs both ways and compares every
//! cycle of every I/O access.

mod exact;
mod irq;
mod nmos;
mod plan;
mod port;

pub(crate) use exact::{Kind, Next, i_sampled, interrupt, step as step_exact};
pub(crate) use irq::Lines;
pub use nmos::Nmos6502Table;
pub(crate) use port::Port;

use mos6502::Variant;
use mos6502::cpu::CPU;
use mos6502::instruction::{AddressingMode, Nmos6502};
use mos6502::registers::Status;

use crate::bus::C64Bus;

pub(crate) type Cpu = CPU<C64Bus, Nmos6502Table>;

/// The most cycles an instruction takes (without stalls): the read-modify-write
/// instructions with (zp,X) and (zp),Y.
pub(crate) const LONGEST: u64 = plan::MAX_CYCLES as u64;

/// The most cycles `opcode` takes without stalls (a carried index, a branch taken to
/// another page).
#[inline(always)]
pub(crate) fn most_cycles(opcode: u8) -> u64 {
    u64::from(plan::MOST[usize::from(opcode)])
}

/// Run the instruction at PC on the fast path; false when it must run through the
/// sequencer instead (nothing has changed then).
#[inline(always)]
pub(crate) fn step_fast(cpu: &mut Cpu) -> bool {
    // The registers one by one (a copy of the whole struct reads the bytes the last
    // instruction stored as wider words, which the host CPU forwards slowly).
    let r = &cpu.registers;
    let (pc, a, x, y, sp, status) = (
        r.program_counter,
        r.accumulator,
        r.index_x,
        r.index_y,
        r.stack_pointer,
        r.status,
    );
    let before = cpu.cycles;
    // A JSR that may push over its own operand (its last byte in the stack page) is the
    // sequencer's.
    if pc.wrapping_add(2) & 0xFF00 == 0x0100 {
        return false;
    }
    // In decimal mode the crate's flags are not the 6510's: ADC and SBC get them from
    // their operand, looked at first; ARR, RRA and ISC go to the sequencer.
    let mut decimal = None;
    if status.contains(Status::PS_DECIMAL_MODE) {
        let opcode = cpu.memory.peek_banked(pc);
        match nmos::decimal_op(opcode) {
            None => {}
            Some(op @ (nmos::DecimalOp::Adc | nmos::DecimalOp::Sbc)) => {
                match operand(cpu, opcode) {
                    Some(v) => decimal = Some((op, v)),
                    None => return false,
                }
            }
            Some(_) => return false,
        }
    }
    // Left undecoded for the sequencer (single_step counted one cycle), or it met I/O
    // or the port: it wrote nothing after that, and nothing before (no instruction
    // writes before its last read but BRK, whose vector is never I/O).
    if !cpu.single_step() || cpu.memory.aborted {
        cpu.memory.aborted = false;
        let r = &mut cpu.registers;
        r.program_counter = pc;
        r.accumulator = a;
        r.index_x = x;
        r.index_y = y;
        r.stack_pointer = sp;
        r.status = status;
        cpu.cycles = before;
        return false;
    }
    if let Some((op, value)) = decimal {
        let mut regs = cpu.registers;
        regs.accumulator = a;
        regs.status = status;
        nmos::fix_decimal(&mut cpu.registers, &regs, op, value);
    }
    let spent = cpu.cycles - before;
    if spent >= 8 {
        let len = cpu.registers.program_counter.wrapping_sub(pc);
        if rmw_crossing_overcharged(spent, len) {
            // The 6510 spends a fixed 7 (abs,X/abs,Y) or 8 ((zp),Y) there.
            cpu.cycles -= 1;
        }
    }
    true
}

/// The value the ADC or SBC at PC reads, looked at without side effects; None when it
/// reads I/O or the port (the sequencer runs it).
fn operand(cpu: &Cpu, opcode: u8) -> Option<u8> {
    let (_, mode) = Nmos6502::decode(opcode)?;
    let bus = &cpu.memory;
    let r = &cpu.registers;
    let byte = bus.peek_banked(r.program_counter.wrapping_add(1));
    let word =
        |a: u16| u16::from_le_bytes([bus.peek_banked(a), bus.peek_banked(a.wrapping_add(1))]);
    let zp_word = |z: u8| {
        u16::from_le_bytes([
            bus.peek_banked(u16::from(z)),
            bus.peek_banked(u16::from(z.wrapping_add(1))),
        ])
    };
    let addr = match mode {
        AddressingMode::Immediate => return Some(byte),
        AddressingMode::ZeroPage => u16::from(byte),
        AddressingMode::ZeroPageX => u16::from(byte.wrapping_add(r.index_x)),
        AddressingMode::Absolute => word(r.program_counter.wrapping_add(1)),
        AddressingMode::AbsoluteX => {
            word(r.program_counter.wrapping_add(1)).wrapping_add(u16::from(r.index_x))
        }
        AddressingMode::AbsoluteY => {
            word(r.program_counter.wrapping_add(1)).wrapping_add(u16::from(r.index_y))
        }
        AddressingMode::IndexedIndirectX => zp_word(byte.wrapping_add(r.index_x)),
        AddressingMode::IndirectIndexedY => zp_word(byte).wrapping_add(u16::from(r.index_y)),
        _ => return None,
    };
    (!bus.is_io_or_port(addr)).then(|| bus.peek_banked(addr))
}

/// The crate took `spent` cycles for an instruction `len` bytes long: was that a
/// read-modify-write instruction crossing a page, charged one cycle too many? The crate
/// charges 8 cycles only for RMW abs,X/abs,Y (7) that crossed and for RMW (zp,X) (8,
/// two bytes), and 9 only for RMW (zp),Y (8) that crossed (checked by a test).
#[inline(always)]
fn rmw_crossing_overcharged(spent: u64, len: u16) -> bool {
    spent == 9 || (spent == 8 && len == 3)
}

#[cfg(test)]
mod tests;
