//! The 1541's address space and everything on it: 2 KiB RAM ($0000-$07FF, mirrored
//! wherever A15, A12 and A11 are low), VIA 1 at $1800 (serial bus), VIA 2 at $1C00
//! (disk controller), each mirrored every 16 bytes up to $1BFF/$1FFF, and the 16 KiB
//! DOS ROM at $C000, mirrored at $8000 (A14 is not decoded). Nothing answers at
//! $1000-$17FF and the other unused ranges: a read there sees the last byte that was
//! on the data bus.
//!
//! The CPU runs whole instructions; an access to a VIA is placed at the cycle a real
//! 6502 makes it (reads and writes in an instruction's last cycle, a read-modify-write
//! instruction's read three cycles and its writes two and one cycle before its end), and
//! the chips are advanced cycle by cycle up to that point first.

use std::sync::Arc;

use mos6502::Variant;
use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};
use mos6502::memory::Bus;

use crate::iec::Lines;
use crate::mech::Mechanism;
use crate::via::Via;

/// Size of the DOS ROM.
pub const ROM_SIZE: usize = 0x4000;

/// How an instruction uses its operand: where in it the data access falls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Read,
    Write,
    ReadModifyWrite,
    Other,
}

fn access_kind(i: Instruction, mode: AddressingMode) -> Access {
    use AddressingMode as M;
    use Instruction::*;
    if matches!(
        mode,
        M::Implied | M::Accumulator | M::Immediate | M::Relative
    ) {
        return Access::Other;
    }
    match i {
        STA | STX | STY | SAX => Access::Write,
        ASL | LSR | ROL | ROR | INC | DEC | SLO | SRE | RLA | RRA | DCP | ISC => {
            Access::ReadModifyWrite
        }
        JMP | JSR | BRK | RTS | RTI | PHA | PHP | PLA | PLP => Access::Other,
        _ => Access::Read,
    }
}

/// The bus: memory, the two VIAs, the mechanism and the serial bus lines.
#[derive(Clone)]
pub struct DriveBus {
    pub(crate) ram: [u8; 0x800],
    pub(crate) rom: Arc<[u8]>,
    pub(crate) via1: Via,
    pub(crate) via2: Via,
    pub(crate) mech: Mechanism,
    /// The serial bus as the C64 drives it.
    pub(crate) c64: Lines,
    /// The device number's jumpers (0-3 for devices 8-11) on VIA 1 PB5/PB6.
    pub(crate) device_jumpers: u8,
    /// Drive cycle the chips have been advanced to.
    pub(crate) now: u64,
    /// Cycle at which the current instruction started.
    pub(crate) start: u64,
    /// Accesses made so far by the current instruction, and what it is.
    accesses: u8,
    kind: Access,
    mode: AddressingMode,
    base: u8,
    /// Bytes read by the current instruction (opcode, operands, pointers).
    fetched: [u8; 4],
    /// The last byte on the data bus (what an unmapped read sees).
    last: u8,
    /// The value an RMW instruction read, written back in its dummy write.
    rmw_value: u8,
    /// The instruction is done; the CPU is checking for interrupts.
    pub(crate) after: bool,
    /// An interrupt sequence started (7 more cycles).
    pub(crate) interrupted: bool,
    /// BYTE READY reached the CPU's SO pin: V is to be set.
    pub(crate) so: bool,
    /// What the drive pulled low on the serial bus before its last change, and when
    /// that change happened (so a C64 catching up sees the lines of its own cycle).
    pub(crate) pulls: (bool, bool),
    pub(crate) pulls_before: (bool, bool),
    pub(crate) pulls_changed: u64,
    /// BYTE READY is low (held for a couple of cycles after each byte).
    byte_ready_low: u8,
    /// Changes the C64 made to the bus that the drive has not reached yet: (drive
    /// cycle from which they hold, the lines), oldest first.
    pub(crate) pending: std::collections::VecDeque<(u64, Lines)>,
}

impl DriveBus {
    pub(crate) fn new(rom: Arc<[u8]>) -> DriveBus {
        DriveBus {
            ram: [0; 0x800],
            rom,
            via1: Via::new(),
            via2: Via::new(),
            mech: Mechanism::new(),
            c64: Lines::default(),
            device_jumpers: 0,
            now: 0,
            start: 0,
            accesses: 0,
            kind: Access::Other,
            mode: AddressingMode::Implied,
            base: 0,
            fetched: [0; 4],
            last: 0,
            rmw_value: 0,
            after: false,
            interrupted: false,
            so: false,
            pulls: (false, false),
            pulls_before: (false, false),
            pulls_changed: 0,
            byte_ready_low: 0,
            pending: std::collections::VecDeque::new(),
        }
    }

    /// A new instruction starts at cycle `at`.
    pub(crate) fn begin(&mut self, at: u64) {
        self.start = at;
        self.accesses = 0;
        self.after = false;
        self.interrupted = false;
        self.kind = Access::Other;
    }

    /// The cycle of this instruction's access number `n` (0: the opcode fetch) to
    /// `addr`, a read or not.
    fn access_cycle(&self, n: u8, addr: u16, write: bool) -> u64 {
        if self.after {
            return self.now;
        }
        let base = u64::from(self.base);
        let last = self.start + base.saturating_sub(1);
        match self.kind {
            Access::Read if n > 0 => {
                let crossed = match self.mode {
                    AddressingMode::AbsoluteX | AddressingMode::AbsoluteY => {
                        u16::from_le_bytes([self.fetched[1], self.fetched[2]]) & 0xFF00
                            != addr & 0xFF00
                    }
                    AddressingMode::IndirectIndexedY => {
                        u16::from_le_bytes([self.fetched[2], self.fetched[3]]) & 0xFF00
                            != addr & 0xFF00
                    }
                    _ => false,
                };
                if n >= self.operand_accesses() {
                    last + u64::from(crossed)
                } else {
                    self.start + u64::from(n)
                }
            }
            Access::Write if write => last,
            Access::ReadModifyWrite if n >= self.operand_accesses() => {
                if write {
                    last
                } else {
                    last - 2
                }
            }
            _ => (self.start + u64::from(n)).max(self.now),
        }
    }

    /// Accesses before the data access: the opcode, the operand bytes and (indirect
    /// modes) the pointer bytes.
    fn operand_accesses(&self) -> u8 {
        use AddressingMode as M;
        match self.mode {
            M::ZeroPage | M::ZeroPageX | M::ZeroPageY => 2,
            M::Absolute | M::AbsoluteX | M::AbsoluteY => 3,
            M::IndexedIndirectX | M::IndirectIndexedY => 4,
            _ => 1,
        }
    }

    /// Advance the chips to cycle `to`.
    pub(crate) fn run_chips(&mut self, to: u64) {
        while self.now < to {
            self.tick();
        }
    }

    /// One drive cycle of the VIAs and the mechanism.
    fn tick(&mut self) {
        self.now += 1;
        while let Some(&(at, lines)) = self.pending.front() {
            if at > self.now {
                break;
            }
            self.pending.pop_front();
            self.set_c64(lines);
        }
        self.via1.tick();
        self.via2.tick();
        let pb = self.via2.pb_out();
        self.mech.step_to(pb & 3);
        let motor = pb & 0x04 != 0;
        // CB2 low selects write mode.
        let reading = self.via2.cb2_output().unwrap_or(true);
        let zone = (pb >> 5) & 3;
        let sig = self.mech.tick(motor, reading, self.via2.pa_out(), zone);
        if self.byte_ready_low > 0 {
            self.byte_ready_low -= 1;
            if self.byte_ready_low == 0 {
                self.via2.set_ca1(true, self.mech.data());
            }
        }
        // SOE (CA2 high) gates BYTE READY to the CPU and to CA1.
        let soe = self.via2.ca2_output().unwrap_or(true);
        if sig.byte_ready && soe {
            self.so = true;
            self.byte_ready_low = 2;
            self.via2.set_ca1(false, self.mech.data());
        }
        let pb2 = self.via2_pb_inputs();
        self.via2.set_pb6(pb2 & 0x40 != 0);
    }

    /// VIA 1 port B inputs: DATA IN (0), CLK IN (2), the jumpers (5-6), ATN IN (7), each
    /// 1 when the line is low; the outputs read back through the gates.
    fn via1_pb_inputs(&self) -> u8 {
        let (clk, data) = self.line_levels();
        u8::from(data)
            | (u8::from(clk) << 2)
            | ((self.device_jumpers & 3) << 5)
            | (u8::from(self.c64.atn) << 7)
            | 0x1A
    }

    /// VIA 2 port B inputs: write protect (4, low when protected), SYNC (7, low on a
    /// sync mark).
    fn via2_pb_inputs(&self) -> u8 {
        let reading = self.via2.cb2_output().unwrap_or(true);
        let wp = if self.mech.write_protect_line() {
            0x10
        } else {
            0
        };
        let sync = if self.mech.sync(reading) { 0 } else { 0x80 };
        0x6F | wp | sync
    }

    /// What the drive pulls low: (CLK, DATA). DATA also by the ATN acknowledge
    /// gate: ATN IN exclusive-or ATNA (PB4).
    pub(crate) fn drive_pulls(&self) -> (bool, bool) {
        let pb = self.via1.pb_out();
        let atna = pb & 0x10 != 0;
        let data = pb & 0x02 != 0 || (self.c64.atn != atna);
        (pb & 0x08 != 0, data)
    }

    /// The bus lines (CLK, DATA), true when low.
    fn line_levels(&self) -> (bool, bool) {
        let (clk, data) = self.drive_pulls();
        (clk || self.c64.clk, data || self.c64.data)
    }

    /// After a change to VIA 1's port or the C64's lines: record what the drive pulls.
    pub(crate) fn update_pulls(&mut self, at: u64) {
        let p = self.drive_pulls();
        if p != self.pulls {
            self.pulls_before = self.pulls;
            self.pulls = p;
            self.pulls_changed = at;
        }
        self.via1.set_ca1(self.c64.atn, 0xFF);
    }

    /// The C64's lines change now.
    pub(crate) fn set_c64(&mut self, lines: Lines) {
        if self.c64 != lines {
            self.c64 = lines;
            let now = self.now;
            self.update_pulls(now);
        }
    }

    /// The drive's pulls as they were at drive cycle `at`.
    pub(crate) fn pulls_at(&self, at: u64) -> (bool, bool) {
        if at < self.pulls_changed {
            self.pulls_before
        } else {
            self.pulls
        }
    }

    fn read_io(&mut self, addr: u16) -> Option<u8> {
        match addr & 0x9C00 {
            0x1800 => {
                let pb = self.via1_pb_inputs();
                Some(self.via1.read(addr as u8, 0xFF, pb))
            }
            0x1C00 => {
                let pb = self.via2_pb_inputs();
                Some(self.via2.read(addr as u8, self.mech.data(), pb))
            }
            _ => None,
        }
    }

    fn peek(&self, addr: u16) -> Option<u8> {
        if addr & 0x8000 != 0 {
            return Some(self.rom[usize::from(addr) & (ROM_SIZE - 1)]);
        }
        if addr & 0x1800 == 0 {
            return Some(self.ram[usize::from(addr) & 0x7FF]);
        }
        None
    }

    /// Read memory without side effects (for the monitor and tests).
    pub fn peek_memory(&self, addr: u16) -> u8 {
        match addr & 0x9C00 {
            0x1800 => self.via1.peek(addr as u8, 0xFF, self.via1_pb_inputs()),
            0x1C00 => self
                .via2
                .peek(addr as u8, self.mech.data(), self.via2_pb_inputs()),
            _ => self.peek(addr).unwrap_or(self.last),
        }
    }
}

impl Bus for DriveBus {
    fn get_byte(&mut self, addr: u16) -> u8 {
        let n = self.accesses;
        if n == 0 && !self.after {
            // The opcode fetch: what the instruction is decides its access cycles.
            let op = self.peek(addr).unwrap_or(self.last);
            let (i, mode) =
                Nmos6502::decode(op).unwrap_or((Instruction::NOP, AddressingMode::Implied));
            self.kind = access_kind(i, mode);
            self.mode = mode;
            self.base = i.base_cycles(mode).max(2);
        }
        if self.after && addr == 0xFFFE {
            self.interrupted = true;
        }
        self.accesses = n.saturating_add(1);
        if n > 0 && n == self.operand_accesses() && self.kind == Access::Read {
            self.dummy_read(addr);
        }
        let v = match self.peek(addr) {
            Some(v) => v,
            None => {
                let at = self.access_cycle(n, addr, false);
                self.run_chips(at);
                self.read_io(addr).unwrap_or(self.last)
            }
        };
        if usize::from(n) < self.fetched.len() {
            self.fetched[usize::from(n)] = v;
        }
        self.rmw_value = v;
        self.last = v;
        v
    }

    fn set_byte(&mut self, addr: u16, value: u8) {
        let n = self.accesses;
        self.accesses = n.saturating_add(1);
        if n > 0 && n == self.operand_accesses() && self.kind == Access::Write {
            self.dummy_read(addr);
        }
        self.last = value;
        if addr & 0x8000 != 0 {
            return;
        }
        if addr & 0x1800 == 0 {
            self.ram[usize::from(addr) & 0x7FF] = value;
            return;
        }
        let via = match addr & 0x9C00 {
            0x1800 => 1,
            0x1C00 => 2,
            _ => return,
        };
        let at = self.access_cycle(n, addr, true);
        if self.kind == Access::ReadModifyWrite && !self.after {
            // The dummy write of the unmodified value, a cycle earlier.
            self.run_chips(at - 1);
            let old = self.rmw_value;
            self.write_via(via, addr, old);
        }
        self.run_chips(at);
        self.write_via(via, addr, value);
    }

    fn irq_pending(&mut self) -> bool {
        // The CPU polls the line before the instruction's last cycle.
        if !self.after {
            let at = self.start + u64::from(self.base).saturating_sub(1);
            self.run_chips(at.max(self.now));
            self.after = true;
        }
        self.via1.irq() || self.via2.irq()
    }
}

impl DriveBus {
    /// An indexed access first reads at the address before the index's carry reached
    /// the high byte, a cycle before the real access: always for a write, on a page
    /// crossing for a read. Only its effects matter (the data bus, a VIA's flags).
    fn dummy_read(&mut self, addr: u16) {
        let base = match self.mode {
            AddressingMode::AbsoluteX | AddressingMode::AbsoluteY => {
                u16::from_le_bytes([self.fetched[1], self.fetched[2]])
            }
            AddressingMode::IndirectIndexedY => {
                u16::from_le_bytes([self.fetched[2], self.fetched[3]])
            }
            _ => return,
        };
        let at = (base & 0xFF00) | (addr & 0x00FF);
        if at == addr && self.kind == Access::Read {
            return;
        }
        self.last = match self.peek(at) {
            Some(v) => v,
            None => {
                // A read's extra cycle comes after its base cycles; a write's
                // dummy read is within them.
                let back = if self.kind == Access::Write { 2 } else { 1 };
                let cycle = self.start + u64::from(self.base).saturating_sub(back);
                self.run_chips(cycle.max(self.now));
                self.read_io(at).unwrap_or(self.last)
            }
        };
    }

    fn write_via(&mut self, via: u8, addr: u16, value: u8) {
        if via == 1 {
            self.via1.write(addr as u8, value);
            let now = self.now;
            self.update_pulls(now);
        } else {
            self.via2.write(addr as u8, value);
        }
    }
}
