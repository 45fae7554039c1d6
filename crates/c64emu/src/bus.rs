//! The C64 memory map as seen by the CPU: RAM, processor-port banking, ROM stubs and I/O.

use std::sync::Arc;

use mos6502::memory::Bus;

use crate::io::{Cia1, Cia2, Vic};
use crate::rom::Roms;

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
    pub addr: u16,
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
/// Pages that are RAM whatever the banking ($0-$9 and $C): reads and writes there take
/// the inline fast path (writes also need address >= 2, past the processor port).
const ALWAYS_RAM_PAGES: u16 = 0x13FF;

#[derive(Clone)]
pub struct C64Bus {
    pub ram: [u8; 0x10000],
    pub color: [u8; 1024],
    map: [Page; 16],
    port_ddr: u8,
    port_data: u8,
    pub vic: Vic,
    pub cia1: Cia1,
    pub cia2: Cia2,
    pub roms: Arc<Roms>,
    /// Cycle count at the start of the current instruction (raster, timers).
    pub now: u64,
    /// PC of the current instruction (strict reports).
    pub pc: u16,
    /// The step loop handles events (timer IRQ, cycle budget) once `cycles >= next_event`.
    pub next_event: u64,
    /// RAM under the ROM areas ($A000-$FFFF) the program has written, one bit per address.
    written: Box<[u64; 0x6000 / 64]>,
    pub strict: bool,
    pub violations: Vec<StrictViolation>,
    pub violation_count: u64,
    pub io_log: Option<Vec<IoNote>>,
}

impl C64Bus {
    pub fn new(roms: Arc<Roms>) -> C64Bus {
        let mut bus = C64Bus {
            ram: [0; 0x10000],
            color: [0; 1024],
            map: [Page::Ram; 16],
            port_ddr: 0x2F,
            port_data: 0x37,
            vic: Vic::default(),
            cia1: Cia1::default(),
            cia2: Cia2::default(),
            roms,
            now: 0,
            pc: 0,
            next_event: 0,
            written: Box::new([0; 0x6000 / 64]),
            strict: false,
            violations: Vec::new(),
            violation_count: 0,
            io_log: None,
        };
        bus.update_port();
        bus
    }

    /// Value the CPU reads from $01 (outputs from the port, pulled-up inputs elsewhere).
    fn port_read(&self) -> u8 {
        (self.port_data & self.port_ddr) | (0x17 & !self.port_ddr)
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
            self.map[(addr >> 12) as usize],
            Page::Basic | Page::Kernal | Page::Char
        )
    }

    /// What the CPU would read, without side effects (no strict reports, no I/O acks).
    pub fn peek_banked(&self, addr: u16) -> u8 {
        if addr < 0xA000 {
            return self.ram[addr as usize];
        }
        match self.map[(addr >> 12) as usize] {
            Page::Ram => self.ram[addr as usize],
            Page::Basic => self.roms.basic[addr as usize - 0xA000],
            Page::Kernal => self.roms.kernal[addr as usize - 0xE000],
            Page::Char => self.roms.chargen[addr as usize - 0xD000],
            Page::Io => self.peek_io(addr),
        }
    }

    fn was_written(&self, addr: u16) -> bool {
        let i = addr as usize - 0xA000;
        self.written[i / 64] & (1 << (i % 64)) != 0
    }

    fn check_strict(&mut self, addr: u16) {
        if self.strict && self.was_written(addr) {
            self.violation_count += 1;
            let v = StrictViolation { addr, pc: self.pc };
            if self.violations.len() < STRICT_KEEP && !self.violations.contains(&v) {
                self.violations.push(v);
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn read_high(&mut self, addr: u16) -> u8 {
        match self.map[(addr >> 12) as usize] {
            Page::Ram => self.ram[addr as usize],
            Page::Basic => {
                self.check_strict(addr);
                self.roms.basic[addr as usize - 0xA000]
            }
            Page::Kernal => {
                self.check_strict(addr);
                self.roms.kernal[addr as usize - 0xE000]
            }
            Page::Char => {
                self.check_strict(addr);
                self.roms.chargen[addr as usize - 0xD000]
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
        if addr >= 0xA000 && !(0xC000..0xD000).contains(&addr) {
            if self.map[(addr >> 12) as usize] == Page::Io {
                self.write_io(addr, value);
                return;
            }
            let i = addr as usize - 0xA000;
            self.written[i / 64] |= 1 << (i % 64);
        }
        self.ram[addr as usize] = value;
    }

    fn note_io(&mut self, write: bool, addr: u16, value: u8) {
        if let Some(log) = &mut self.io_log {
            log.push(IoNote { write, addr, value });
        }
    }

    fn raster_line(&self) -> u16 {
        crate::io::raster_line(self.now)
    }

    fn peek_io(&self, addr: u16) -> u8 {
        match addr {
            0xD000..=0xD3FF => self.vic.read(addr, self.raster_line()),
            0xD800..=0xDBFF => self.color[addr as usize & 0x3FF],
            0xDC00..=0xDCFF => self.cia1.peek(addr, self.now),
            0xDD00..=0xDDFF => self.cia2.read(addr),
            _ => 0xFF, // SID reads and the open I/O areas
        }
    }

    fn read_io(&mut self, addr: u16) -> u8 {
        let value = match addr {
            0xDC00..=0xDCFF => self.cia1.read(addr, self.now),
            _ => self.peek_io(addr),
        };
        if !crate::io::is_modelled(addr) {
            self.note_io(false, addr, value);
        }
        value
    }

    fn write_io(&mut self, addr: u16, value: u8) {
        match addr {
            0xD000..=0xD3FF => self.vic.write(addr, value),
            0xD800..=0xDBFF => self.color[addr as usize & 0x3FF] = value & 0x0F,
            0xDC00..=0xDCFF => {
                if let Some(at) = self.cia1.write(addr, value, self.now) {
                    self.next_event = self.next_event.min(at);
                }
            }
            0xDD00..=0xDDFF => self.cia2.write(addr, value),
            _ => {}
        }
        if !crate::io::is_modelled(addr) {
            self.note_io(true, addr, value);
        }
    }
}

impl Bus for C64Bus {
    #[inline(always)]
    fn get_byte(&mut self, address: u16) -> u8 {
        // $0000-$9FFF and $C000-$CFFF are RAM under every banking configuration.
        if ALWAYS_RAM_PAGES & (1 << (address >> 12)) != 0 {
            self.ram[address as usize]
        } else {
            self.read_high(address)
        }
    }

    #[inline(always)]
    fn set_byte(&mut self, address: u16, value: u8) {
        // $0002-$9FFF and $C000-$CFFF are plain RAM for writes whatever the banking.
        if (ALWAYS_RAM_PAGES & (1 << (address >> 12)) != 0) & (address >= 2) {
            self.ram[address as usize] = value;
        } else {
            self.write_slow(address, value);
        }
    }
}
