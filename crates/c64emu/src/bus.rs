//! The C64 memory map as the CPU sees it: RAM, processor-port banking, the ROMs, and the
//! I/O chips at $D000-$DFFF. This is the `mos6502::memory::Bus` the CPU runs on.
//!
//! RAM that no banking can hide ($0002-$9FFF, $C000-$CFFF) takes an inline fast path;
//! everything else takes the slow path, where I/O accesses learn the exact cycle they
//! happen on (the last cycle of the instruction, or the read/write cycles of a
//! read-modify-write) from the opcode at `pc` and the cycle count at its start (`now`).

use std::sync::Arc;

use mos6502::Variant;
use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};
use mos6502::memory::Bus;

use crate::cia::Cia;
use crate::cpu_fixes;
use crate::keyboard::{self, Matrix};
use crate::map::{io, rom};
use crate::rom::Roms;
use crate::sid::Sid;
use crate::typist::Typist;
use crate::vic::{Vic, VicMem};

/// What a 4 KiB page at $A000 and above currently reads from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Page {
    Ram,
    Basic,
    Kernal,
    Io,
    Char,
}

/// A read of ROM at an address the program had written (the write went to RAM underneath).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StrictViolation {
    /// The address read.
    pub addr: u16,
    /// The instruction that read it.
    pub pc: u16,
}

/// An access to I/O the emulator does not model (accepted, logged while tracing).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IoNote {
    pub write: bool,
    pub addr: u16,
    pub value: u8,
}

const STRICT_KEEP: usize = 1000;
/// Cycle counts fit in 48 bits (nine years of C64 time).
const STAMP_CYCLES: u64 = (1 << 48) - 1;
/// The processor port after reset, as the KERNAL sets it: LORAM, HIRAM, CHAREN out and high.
const PORT_DDR_RESET: u8 = 0x2F;
const PORT_DATA_RESET: u8 = 0x37;
/// Port bits read as inputs: pulled up, the cassette switch (bit 4) open.
const PORT_INPUTS: u8 = 0x17;

/// The keyboard and joysticks: what the front end holds and what the typist types.
#[derive(Clone, Debug, Default)]
pub struct Keys {
    /// Keys the front end (window, harness) holds down.
    pub live: Matrix,
    /// Joystick bits the front end holds (port 1, port 2).
    pub joy_live: [u8; 2],
    /// Typed strokes.
    pub typist: Typist,
}

impl Keys {
    /// All keys down now.
    pub fn matrix(&self) -> Matrix {
        let mut m = self.live;
        for (a, b) in m.iter_mut().zip(self.typist.keys) {
            *a |= b;
        }
        m
    }

    /// Joystick bits now (port 1, port 2).
    pub fn joy(&self) -> [u8; 2] {
        [
            self.joy_live[0] | self.typist.joy[0],
            self.joy_live[1] | self.typist.joy[1],
        ]
    }
}

#[derive(Clone)]
pub struct C64Bus {
    pub ram: [u8; 0x10000],
    pub color: [u8; 1024],
    map: [Page; 16],
    port_ddr: u8,
    port_data: u8,
    pub vic: Vic,
    pub sid: Sid,
    pub cia1: Cia,
    pub cia2: Cia,
    pub keys: Keys,
    pub roms: Arc<Roms>,
    /// The current instruction's start: its cycle count in the low 48 bits, its PC in
    /// the top 16 (one store per instruction; see `now` and `pc`).
    pub stamp: u64,
    /// The step loop handles events (interrupts, typing, budget) once `cycles >= next_event`.
    pub next_event: u64,
    /// RAM under the ROM areas ($A000-$FFFF) the program has written, one bit per address.
    written: Box<[u64; 0x6000 / 64]>,
    pub strict: bool,
    pub violations: Vec<StrictViolation>,
    pub violation_count: u64,
    pub io_log: Option<Vec<IoNote>>,
    /// VICE's debug cartridge is plugged in: $D7FF is its register, not a SID mirror.
    pub debugcart: bool,
    /// A value written to the debug cartridge, not yet seen by the step loop.
    pub debugcart_exit: Option<u8>,
}

impl C64Bus {
    pub fn new(roms: Arc<Roms>) -> C64Bus {
        let mut bus = C64Bus {
            ram: [0; 0x10000],
            color: [0; 1024],
            map: [Page::Ram; 16],
            port_ddr: PORT_DDR_RESET,
            port_data: PORT_DATA_RESET,
            vic: Vic::new(),
            sid: Sid::new(),
            cia1: Cia::new(),
            cia2: Cia::new(),
            keys: Keys::default(),
            roms,
            stamp: 0,
            next_event: 0,
            written: Box::new([0; 0x6000 / 64]),
            strict: false,
            violations: Vec::new(),
            violation_count: 0,
            io_log: None,
            debugcart: false,
            debugcart_exit: None,
        };
        bus.update_port();
        bus
    }

    /// Cycle count at the start of the current instruction.
    pub fn now(&self) -> u64 {
        self.stamp & STAMP_CYCLES
    }

    /// PC of the current instruction.
    pub fn pc(&self) -> u16 {
        (self.stamp >> 48) as u16
    }

    /// Note the instruction about to run.
    #[inline(always)]
    pub fn set_stamp(&mut self, cycles: u64, pc: u16) {
        self.stamp = (cycles & STAMP_CYCLES) | (u64::from(pc) << 48);
    }

    /// A RAM byte.
    pub fn peek(&self, addr: u16) -> u8 {
        self.ram[usize::from(addr)]
    }

    /// Set a RAM byte.
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.ram[usize::from(addr)] = value;
    }

    /// A little-endian word from RAM.
    pub fn peek_word(&self, addr: u16) -> u16 {
        u16::from_le_bytes([self.peek(addr), self.peek(addr.wrapping_add(1))])
    }

    /// Store a little-endian word in RAM.
    pub fn poke_word(&mut self, addr: u16, w: u16) {
        let [lo, hi] = w.to_le_bytes();
        self.poke(addr, lo);
        self.poke(addr.wrapping_add(1), hi);
    }

    /// Set the processor port as a program writing $00/$01 would.
    pub fn set_port(&mut self, ddr: u8, data: u8) {
        self.port_ddr = ddr;
        self.port_data = data;
        self.update_port();
    }

    /// Value the CPU reads from $01 (outputs from the port, pulled-up inputs elsewhere;
    /// bit 4, the cassette switch, reads 1: no button pressed).
    fn port_read(&self) -> u8 {
        (self.port_data & self.port_ddr) | (PORT_INPUTS & !self.port_ddr)
    }

    fn update_port(&mut self) {
        self.ram[0] = self.port_ddr;
        self.ram[1] = self.port_read();
        let lines = (self.port_data | !self.port_ddr) & 7;
        let (loram, hiram, charen) = (lines & 1 != 0, lines & 2 != 0, lines & 4 != 0);
        let basic = if loram && hiram {
            Page::Basic
        } else {
            Page::Ram
        };
        let kernal = if hiram { Page::Kernal } else { Page::Ram };
        let d = match (loram || hiram, charen) {
            (false, _) => Page::Ram,
            (true, true) => Page::Io,
            (true, false) => Page::Char,
        };
        self.map = [Page::Ram; 16];
        self.map[0xA] = basic;
        self.map[0xB] = basic;
        self.map[0xD] = d;
        self.map[0xE] = kernal;
        self.map[0xF] = kernal;
    }

    /// Is the ROM that covers `addr` banked in (BASIC, KERNAL or character ROM)?
    pub fn rom_visible(&self, addr: u16) -> bool {
        matches!(
            self.map[usize::from(addr >> 12)],
            Page::Basic | Page::Kernal | Page::Char
        )
    }

    /// What the CPU would read, without side effects (no strict reports, no I/O acks).
    pub fn peek_banked(&self, addr: u16) -> u8 {
        if addr < rom::BASIC {
            return self.ram[usize::from(addr)];
        }
        let a = usize::from(addr);
        match self.map[a >> 12] {
            Page::Ram => self.ram[a],
            Page::Basic => self.roms.basic[a - usize::from(rom::BASIC)],
            Page::Kernal => self.roms.kernal[a - usize::from(rom::KERNAL)],
            Page::Char => self.roms.chargen[a - usize::from(rom::CHARGEN)],
            Page::Io => self.peek_io(addr, self.now()),
        }
    }

    fn was_written(&self, addr: u16) -> bool {
        let i = usize::from(addr) - usize::from(rom::BASIC);
        self.written[i / 64] & (1 << (i % 64)) != 0
    }

    fn check_strict(&mut self, addr: u16) {
        // Reads by the ROM code itself (the real KERNAL's RAM test) are its business.
        if self.strict && self.was_written(addr) && !self.rom_visible(self.pc()) {
            self.violation_count += 1;
            let v = StrictViolation {
                addr,
                pc: self.pc(),
            };
            if self.violations.len() < STRICT_KEEP && !self.violations.contains(&v) {
                self.violations.push(v);
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn read_high(&mut self, addr: u16) -> u8 {
        let a = usize::from(addr);
        match self.map[a >> 12] {
            Page::Ram => self.ram[a],
            Page::Basic => {
                self.check_strict(addr);
                self.roms.basic[a - usize::from(rom::BASIC)]
            }
            Page::Kernal => {
                self.check_strict(addr);
                self.roms.kernal[a - usize::from(rom::KERNAL)]
            }
            Page::Char => {
                self.check_strict(addr);
                self.roms.chargen[a - usize::from(rom::CHARGEN)]
            }
            Page::Io => self.read_io(addr),
        }
    }

    #[cold]
    #[inline(never)]
    fn write_slow(&mut self, addr: u16, value: u8) {
        if addr < 2 {
            if addr == 0 {
                self.port_ddr = value;
            } else {
                self.port_data = value;
            }
            self.update_port();
            return;
        }
        if addr >= rom::BASIC && !(rom::BASIC_END..rom::CHARGEN).contains(&addr) {
            if self.map[usize::from(addr >> 12)] == Page::Io {
                self.write_io(addr, value);
                return;
            }
            let i = usize::from(addr) - usize::from(rom::BASIC);
            self.written[i / 64] |= 1 << (i % 64);
        }
        self.ram[usize::from(addr)] = value;
    }

    fn note_io(&mut self, write: bool, addr: u16, value: u8) {
        if let Some(log) = &mut self.io_log {
            log.push(IoNote { write, addr, value });
        }
    }

    /// The cycle on which the current instruction accesses `addr`: its last cycle, or for
    /// read-modify-write instructions the read two cycles before the final write.
    fn access_cycle(&self, addr: u16, write: bool) -> u64 {
        let (now, pc) = (self.now(), self.pc());
        let op = self.peek_banked(pc);
        let Some((instr, mode)) = Nmos6502::decode(op) else {
            // The unstable stores cpu_fixes runs: (zp),Y takes 6 cycles, abs,Y/X 5.
            return now + if op == 0x93 { 5 } else { 4 };
        };
        let base = u64::from(instr.base_cycles(mode));
        if cpu_fixes::is_read_modify_write(instr) {
            return now + base - if write { 1 } else { 3 };
        }
        let operand = pc.wrapping_add(1);
        let base_addr = match mode {
            AddressingMode::AbsoluteX | AddressingMode::AbsoluteY => u16::from_le_bytes([
                self.peek_banked(operand),
                self.peek_banked(operand.wrapping_add(1)),
            ]),
            AddressingMode::IndirectIndexedY => {
                let zp = self.peek_banked(operand);
                u16::from_le_bytes([
                    self.ram[usize::from(zp)],
                    self.ram[usize::from(zp.wrapping_add(1))],
                ])
            }
            _ => addr,
        };
        let store = matches!(
            instr,
            Instruction::STA | Instruction::STX | Instruction::STY
        );
        let crossed = (base_addr ^ addr) & 0xFF00 != 0;
        now + base + u64::from(crossed && !store) - 1
    }

    /// Is the current instruction a read-modify-write (INC, ASL, ... on memory)?
    fn in_read_modify_write(&self) -> bool {
        Nmos6502::decode(self.peek_banked(self.pc()))
            .is_some_and(|(instr, _)| cpu_fixes::is_read_modify_write(instr))
    }

    /// CIA 2 port A input levels: the serial bus lines (no real device is on the bus;
    /// the virtual drive works through KERNAL traps), pulled high unless the C64 pulls
    /// them; CLK in (bit 6) and DATA in (bit 7) read the lines the C64 drives through
    /// its inverting outputs (bits 4 and 5).
    fn cia2_inputs(&self) -> (u8, u8) {
        let out = self.cia2.pa_out();
        (0x3F | (((!out) & 0x30) << 2), 0xFF)
    }

    fn cia1_inputs(&self) -> (u8, u8) {
        keyboard::cia1_inputs(
            &self.keys.matrix(),
            self.keys.joy(),
            self.cia1.pa_out(),
            self.cia1.pb_out(),
        )
    }

    /// Joystick lines ANDed over what the CIA reads on port A (port 2) / B (port 1).
    fn joy_lines(&self, reg: u8) -> u8 {
        let joy = self.keys.joy();
        match reg & 0x0F {
            0 => !(joy[1] & 0x1F),
            1 => !(joy[0] & 0x1F),
            _ => 0xFF,
        }
    }

    fn peek_io(&self, addr: u16, t: u64) -> u8 {
        let reg = addr as u8;
        match addr {
            io::VIC..=io::VIC_END => self.vic.peek(reg, t),
            io::SID..=io::SID_END => self.sid.peek(reg, t),
            io::COLOR_RAM..=io::COLOR_RAM_END => self.color[usize::from(addr - io::COLOR_RAM)],
            io::CIA1..=io::CIA1_END => {
                let (pa, pb) = self.cia1_inputs();
                self.cia1.peek(reg, t, pa, pb) & self.joy_lines(reg)
            }
            io::CIA2..=io::CIA2_END => {
                let (pa, pb) = self.cia2_inputs();
                self.cia2.peek(reg, t, pa, pb)
            }
            _ => 0xFF, // I/O 1 and 2: nothing on the expansion port
        }
    }

    fn read_io(&mut self, addr: u16) -> u8 {
        let t = self.access_cycle(addr, false);
        let reg = addr as u8;
        let value = match addr {
            io::VIC..=io::VIC_END => {
                let mem = VicMem {
                    ram: &self.ram,
                    color: &self.color,
                    chargen: &self.roms.chargen[..],
                };
                self.vic.read(reg, t, &mem)
            }
            io::SID..=io::SID_END => self.sid.read(reg, t),
            io::CIA1..=io::CIA1_END => {
                let (pa, pb) = self.cia1_inputs();
                let v = self.cia1.read(reg, t, pa, pb) & self.joy_lines(reg);
                if reg & 0x0F <= 1 {
                    self.note_matrix_read();
                }
                if reg & 0x0F == crate::map::cia::ICR {
                    self.next_event = 0;
                }
                v
            }
            io::CIA2..=io::CIA2_END => {
                let (pa, pb) = self.cia2_inputs();
                let v = self.cia2.read(reg, t, pa, pb);
                if reg & 0x0F == crate::map::cia::ICR {
                    self.next_event = 0;
                }
                v
            }
            _ => self.peek_io(addr, t),
        };
        if !is_modelled(addr) {
            self.note_io(false, addr, value);
        }
        value
    }

    /// A read of the keyboard/joystick ports: the typist waits for these.
    fn note_matrix_read(&mut self) {
        let own = !self.rom_visible(self.pc());
        let typist = &mut self.keys.typist;
        typist.reads += 1;
        if own {
            typist.program_scan = true;
        }
        if typist.wants_read() {
            self.next_event = 0;
        }
    }

    fn write_io(&mut self, addr: u16, value: u8) {
        let t = self.access_cycle(addr, true);
        let reg = addr as u8;
        match addr {
            io::VIC..=io::VIC_END => {
                let mem = VicMem {
                    ram: &self.ram,
                    color: &self.color,
                    chargen: &self.roms.chargen[..],
                };
                // A read-modify-write writes the value it read one cycle before its
                // result: `INC $D019` / `ASL $D019` acknowledge what they read.
                if reg & 0x3F == crate::map::vic::IRQ_FLAGS && self.in_read_modify_write() {
                    let read = self.vic.peek(reg, t - 1);
                    self.vic.write(reg, read, t - 1, &mem);
                }
                self.vic.write(reg, value, t, &mem);
                self.next_event = 0;
            }
            io::DEBUGCART if self.debugcart => {
                self.debugcart_exit = Some(value);
                self.next_event = 0;
            }
            io::SID..=io::SID_END => self.sid.write(reg, value, t),
            io::COLOR_RAM..=io::COLOR_RAM_END => {
                self.color[usize::from(addr - io::COLOR_RAM)] = value & 0x0F
            }
            io::CIA1..=io::CIA1_END => {
                self.cia1.write(reg, value, t);
                self.next_event = 0;
            }
            io::CIA2..=io::CIA2_END => {
                self.cia2.write(reg, value, t);
                self.sync_vic_bank(t);
                self.next_event = 0;
            }
            _ => {}
        }
        if !is_modelled(addr) {
            self.note_io(true, addr, value);
        }
    }

    /// What the VIC reads: RAM, colour RAM, the character ROM.
    pub fn vic_mem(&self) -> VicMem<'_> {
        VicMem {
            ram: &self.ram,
            color: &self.color,
            chargen: &self.roms.chargen[..],
        }
    }

    /// Tell the VIC the bank CIA 2's port A selects now (its bits 0-1, inverted).
    pub fn sync_vic_bank(&mut self, t: u64) {
        let bank = !self.cia2.pa_out() & 3;
        let mem = VicMem {
            ram: &self.ram,
            color: &self.color,
            chargen: &self.roms.chargen[..],
        };
        self.vic.set_bank(bank, t, &mem);
    }

    /// Bring every chip up to cycle `t`. Returns the cycles the VIC has stolen from
    /// the CPU by then (bad lines, sprite DMA), which the CPU has yet to lose.
    pub fn sync_chips(&mut self, t: u64) -> u64 {
        self.cia1.sync(t);
        self.cia2.sync(t);
        let mem = VicMem {
            ram: &self.ram,
            color: &self.color,
            chargen: &self.roms.chargen[..],
        };
        self.vic.sync(t, &mem);
        self.vic.take_stolen()
    }
}

/// Registers the emulator models; accesses elsewhere are noted in traces.
pub fn is_modelled(addr: u16) -> bool {
    match addr {
        io::VIC..=io::VIC_END => !matches!(addr & 0x3F, 0x13 | 0x14 | 0x2F..=0x3F),
        io::SID..=io::SID_END => true,
        io::COLOR_RAM..=io::COLOR_RAM_END => true,
        io::CIA1..=io::CIA2_END => true,
        _ => false,
    }
}

/// What part of I/O an address is, for trace notes.
pub fn io_area(addr: u16) -> &'static str {
    match addr {
        io::VIC..=io::VIC_END => "VIC register not emulated",
        io::SID..=io::SID_END => "SID",
        io::CIA1..=io::CIA1_END => "CIA1",
        io::CIA2..=io::CIA2_END => "CIA2",
        _ => "open I/O",
    }
}

impl Bus for C64Bus {
    #[inline(always)]
    fn get_byte(&mut self, address: u16) -> u8 {
        // $0000-$9FFF and $C000-$CFFF are RAM under every banking configuration.
        if address < rom::BASIC || address >> 12 == 0xC {
            self.ram[usize::from(address)]
        } else {
            self.read_high(address)
        }
    }

    #[inline(always)]
    fn set_byte(&mut self, address: u16, value: u8) {
        // $0002-$9FFF and $C000-$CFFF are plain RAM for writes whatever the banking.
        if address.wrapping_sub(2) < rom::BASIC - 2 || address >> 12 == 0xC {
            self.ram[usize::from(address)] = value;
        } else {
            self.write_slow(address, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rom::Roms;

    fn bus_with(code_at_c000: &[u8]) -> C64Bus {
        let mut b = C64Bus::new(Arc::new(Roms::stub(&crate::charset::CHARGEN)));
        for (i, &v) in code_at_c000.iter().enumerate() {
            b.ram[0xC000 + i] = v;
        }
        b.set_stamp(100, 0xC000);
        b
    }

    #[test]
    fn io_accesses_happen_on_the_instructions_data_cycle() {
        // LDA $DC04: 4 cycles, read on the 4th.
        assert_eq!(
            bus_with(&[0xAD, 0x04, 0xDC]).access_cycle(0xDC04, false),
            103
        );
        // STA $D020: write on the 4th.
        assert_eq!(
            bus_with(&[0x8D, 0x20, 0xD0]).access_cycle(0xD020, true),
            103
        );
        // LDA $DBFF,X crossing into $DC00: 5 cycles.
        assert_eq!(
            bus_with(&[0xBD, 0xFF, 0xDB]).access_cycle(0xDC04, false),
            104
        );
        // STA $DC00,X: always 5 cycles.
        assert_eq!(
            bus_with(&[0x9D, 0x00, 0xDC]).access_cycle(0xDC01, true),
            104
        );
        // INC $D019: 6 cycles, read on the 4th, final write on the 6th.
        let b = bus_with(&[0xEE, 0x19, 0xD0]);
        assert_eq!(b.access_cycle(0xD019, false), 103);
        assert_eq!(b.access_cycle(0xD019, true), 105);
    }
}
