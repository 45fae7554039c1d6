//! The C64 memory map as the CPU sees it: RAM, the 6510's port at $00/$01 and the
//! banking it selects, the ROMs, and the I/O chips at $D000-$DFFF.
//!
//! Two ways in. `read`/`write` take the cycle of the access: the CPU's sequencer
//! (`cpu/exact.rs`) makes every bus cycle through them, and the chips see each access at
//! its cycle. The `mos6502::memory::Bus` implementation is the fast path's: RAM that no
//! banking can hide ($0002-$9FFF, $C000-$CFFF) inline, the ROMs on a slower path, and an
//! access to I/O or the port, which needs its cycle, is not made: the bus notes it
//! (`aborted`) and the step loop runs the instruction again through the sequencer.

use std::sync::Arc;

use mos6502::memory::Bus;

use crate::cia::Cia;
use crate::cpu::{Lines, Port};
use crate::expansion::{DmaBus, Expansion, Mode};
use crate::keyboard::{self, Matrix};
use crate::map::{io, rom};
use crate::rom::Roms;
use crate::sid::Sid;
use crate::typist::Typist;
use crate::vic::{Pages, Reads, Vic, VicMem, reads_page};

/// What a 4 KiB page at $A000 and above currently reads from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Page {
    Ram,
    Basic,
    Kernal,
    Io,
    Char,
    /// The cartridge's ROML ($8000-$9FFF).
    Roml,
    /// The cartridge's ROMH ($A000-$BFFF, or $E000-$FFFF in Ultimax mode).
    Romh,
    /// Nothing (Ultimax mode's holes).
    Open,
    /// RAM of another bank than the C64's own (a +60K's or +256K's latch picked it).
    Plus,
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
/// What the fast path's aborted read returns: a JAM opcode (left to the sequencer).
const ABORTED_READ: u8 = 0x02;
/// Cycle counts fit in 48 bits (nine years of C64 time).
const STAMP_CYCLES: u64 = (1 << 48) - 1;
/// The processor port as the KERNAL's IOINIT sets it: LORAM, HIRAM, CHAREN and the
/// cassette lines out, the memory lines high (bits 6 and 7 of the data register set).
pub(crate) const PORT_DDR_KERNAL: u8 = 0x2F;
pub(crate) const PORT_DATA_KERNAL: u8 = 0xE7;

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
    port: Port,
    pub vic: Vic,
    pub sid: Sid,
    pub cia1: Cia,
    pub cia2: Cia,
    pub keys: Keys,
    pub roms: Arc<Roms>,
    /// The current instruction's start: its cycle count in the low 48 bits, its PC in
    /// the top 16 (one store per instruction; see `now` and `pc`).
    pub stamp: u64,
    /// The step loop runs instructions through the CPU's sequencer once `cycles >=
    /// exact_from` (something may happen within the longest instruction from then on).
    pub exact_from: u64,
    /// The step loop looks at the events (chips, typing, budget) once `cycles >= event_at`.
    pub event_at: u64,
    /// An instruction whose accesses all come before this cycle (the next event or BA
    /// window) may run on the fast path even from `exact_from` on (0: none may).
    pub(crate) fast_until: u64,
    /// BA cannot go low before this cycle (as the last look at the events saw it): the
    /// CPU asks the VIC about BA only from then on.
    pub(crate) ba_from: u64,
    /// `exact_from` is where the next BA window (or event) starts, less the longest
    /// instruction, as `Machine::events` last worked it out: when a read moves
    /// `ba_from` on past a window, `exact_from` follows, so the fast path resumes after
    /// the window without a look at the events. Off while the loop wants every
    /// instruction in the sequencer (watches, tests, a jam, an REU transfer).
    pub(crate) follow_ba: bool,
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
    /// The interrupt lines as the CPU samples them.
    pub(crate) lines: Lines,
    /// The chips' interrupt outputs as `observe_lines` last noted them (None: not
    /// known): noting the same outputs again changes nothing on the lines.
    seen_outputs: Option<Outputs>,
    /// Cycles the VIC has halted the CPU since power-on (BA low at a read).
    pub stalled: u64,
    /// The fast path met an access that needs its cycle (I/O, the port) and did not
    /// make it: the instruction must run again through the sequencer.
    pub aborted: bool,
    /// Accesses to I/O so far (the sequencer asks whether an instruction made one: only
    /// those can move an interrupt line).
    pub(crate) io_count: u64,
    /// Every instruction through the sequencer (tests compare both paths).
    pub(crate) force_exact: bool,
    /// Every access to I/O and the port: (cycle, address, value, write) (tests).
    pub(crate) io_accesses: Option<Vec<(u64, u16, u8, bool)>>,
    /// The expansion port: cartridge, REU, GeoRAM.
    pub expansion: Expansion,
    /// The fast path's RAM that no banking hides: $0002 up to this ($A000, or less
    /// with a cartridge), and $C000-$CFFF unless in Ultimax mode (`c000_ram`).
    ram_below: u16,
    c000_ram: bool,
    /// What RAM the VIC reads (as of its last sync or register change): a write it
    /// may read before the write's cycle runs the VIC up to that cycle first, so the
    /// fast path leaves such a write to the sequencer. `vic_pages`: every page it
    /// reads, the fast path's first test.
    vic_reads: Reads,
    vic_pages: Pages,
    /// An REU transfer has the bus from this cycle until `dma_until`.
    dma_from: u64,
    /// An REU transfer has the bus until this cycle.
    pub(crate) dma_until: u64,
    /// Watched addresses (`watch.rs`); None costs the sequencer one test per access.
    pub(crate) watching: Option<Box<crate::watch::Watching>>,
    /// What a device on the userport drives on CIA 2's port B lines ($FF: nothing).
    pub(crate) userport: u8,
    /// A true 1541 on the serial bus (None: only the virtual drive, through traps).
    pub drive: Option<Box<c64drive::Drive>>,
}

impl C64Bus {
    pub fn new(roms: Arc<Roms>) -> C64Bus {
        let mut bus = C64Bus {
            ram: crate::power_on::ram(),
            color: [0; 1024],
            map: [Page::Ram; 16],
            port: Port::new(),
            vic: Vic::new(),
            sid: Sid::new(),
            cia1: Cia::new(),
            cia2: Cia::new(),
            keys: Keys::default(),
            roms,
            stamp: 0,
            exact_from: 0,
            event_at: 0,
            fast_until: 0,
            ba_from: 0,
            follow_ba: false,
            written: Box::new([0; 0x6000 / 64]),
            strict: false,
            violations: Vec::new(),
            violation_count: 0,
            io_log: None,
            debugcart: false,
            debugcart_exit: None,
            lines: Lines::default(),
            seen_outputs: None,
            stalled: 0,
            aborted: false,
            io_count: 0,
            force_exact: false,
            io_accesses: None,
            expansion: Expansion::default(),
            ram_below: rom::BASIC,
            c000_ram: true,
            vic_reads: Reads::default(),
            vic_pages: [0; 4],
            dma_from: 0,
            dma_until: 0,
            watching: None,
            userport: 0xFF,
            drive: None,
        };
        // The port as the 6510 leaves reset: every line an input, so the pull-ups hold
        // LORAM, HIRAM and CHAREN high (BASIC, KERNAL and I/O in) until the KERNAL sets it.
        bus.update_map();
        bus
    }

    /// Make the step loop look at the events before the next instruction.
    pub fn wake(&mut self) {
        self.exact_from = 0;
        self.event_at = 0;
        self.fast_until = 0;
        self.ba_from = 0;
        self.follow_ba = false;
    }

    /// A CPU access the sequencer made: if it is watched, the run ends after the
    /// instruction (`Machine::events` looks).
    #[cold]
    pub(crate) fn note_watch(&mut self, access: crate::watch::Access, addr: u16, value: u8) {
        let pc = self.pc();
        if let Some(w) = &mut self.watching
            && w.access(access, addr, value, pc)
        {
            self.wake();
        }
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

    /// A cartridge's start address when $8004 holds the CBM80 signature the KERNAL's
    /// reset routine looks for (the word at $8000).
    pub(crate) fn cbm80_start(&self) -> Option<u16> {
        (0..5)
            .map(|i| self.peek_banked(0x8004 + i))
            .eq(*b"\xC3\xC2\xCD80")
            .then(|| u16::from_le_bytes([self.peek_banked(0x8000), self.peek_banked(0x8001)]))
    }

    /// Set the processor port as a program writing $00/$01 would.
    pub fn set_port(&mut self, ddr: u8, data: u8) {
        self.port.set(ddr, data);
        self.update_map();
    }

    /// What the CPU reads at $00/$01 now.
    pub fn port_reg(&self, addr: u16) -> u8 {
        if addr == 0 {
            self.port.ddr()
        } else {
            self.port.read_data(self.now())
        }
    }

    /// Plug in the expansion port's devices (the memory map follows their lines).
    pub fn set_expansion(&mut self, expansion: Expansion) {
        self.expansion = expansion;
        self.update_map();
    }

    /// The PLA's memory map from the port lines LORAM, HIRAM, CHAREN and the
    /// expansion port's EXROM and GAME.
    pub(crate) fn update_map(&mut self) {
        let lines = self.port.lines();
        let (loram, hiram, charen) = (lines & 1 != 0, lines & 2 != 0, lines & 4 != 0);
        let mode = self.expansion.mode();
        self.map = [Page::Ram; 16];
        let io_or_char = if charen { Page::Io } else { Page::Char };
        match mode {
            Mode::Ultimax => {
                self.map[1..8].fill(Page::Open);
                self.map[0x8] = Page::Roml;
                self.map[0x9] = Page::Roml;
                self.map[0xA..=0xC].fill(Page::Open);
                self.map[0xD] = Page::Io;
                self.map[0xE] = Page::Romh;
                self.map[0xF] = Page::Romh;
            }
            Mode::Off | Mode::Game8k => {
                if loram && hiram {
                    self.map[0xA] = Page::Basic;
                    self.map[0xB] = Page::Basic;
                    if mode == Mode::Game8k {
                        self.map[0x8] = Page::Roml;
                        self.map[0x9] = Page::Roml;
                    }
                }
                if loram || hiram {
                    self.map[0xD] = io_or_char;
                }
                if hiram {
                    self.map[0xE] = Page::Kernal;
                    self.map[0xF] = Page::Kernal;
                }
            }
            Mode::Game16k => {
                if loram && hiram {
                    self.map[0x8] = Page::Roml;
                    self.map[0x9] = Page::Roml;
                }
                if hiram {
                    self.map[0xA] = Page::Romh;
                    self.map[0xB] = Page::Romh;
                    self.map[0xD] = io_or_char;
                    self.map[0xE] = Page::Kernal;
                    self.map[0xF] = Page::Kernal;
                } else if loram && charen {
                    self.map[0xD] = Page::Io;
                }
            }
        }
        (self.ram_below, self.c000_ram) = match mode {
            Mode::Off => (rom::BASIC, true),
            Mode::Ultimax => (0x1000, false),
            _ => (0x8000, true),
        };
        if let Some(from) = self.expansion.banked_from() {
            // Another bank: every RAM access from there up takes the slow path (the
            // port at $00/$01 always does).
            for page in &mut self.map[usize::from(from >> 12)..] {
                if *page == Page::Ram {
                    *page = Page::Plus;
                }
            }
            (self.ram_below, self.c000_ram) = (from.max(2), false);
        }
    }

    /// The RAM byte the CPU reaches at `addr` (another bank when a +60K's or +256K's
    /// latch picks one).
    fn ram_byte(&self, addr: u16) -> u8 {
        self.expansion
            .banked_read(addr)
            .unwrap_or(self.ram[usize::from(addr)])
    }

    /// The RAM byte the CPU reaches at `addr`, to write.
    fn ram_slot(&mut self, addr: u16) -> &mut u8 {
        match self.expansion.banked_slot(addr) {
            Some(b) => b,
            None => &mut self.ram[usize::from(addr)],
        }
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
        if addr < 2 {
            return self.port_reg(addr);
        }
        let a = usize::from(addr);
        match self.map[a >> 12] {
            Page::Ram => self.ram[a],
            Page::Basic => self.roms.basic[a - usize::from(rom::BASIC)],
            Page::Kernal => self.roms.kernal[a - usize::from(rom::KERNAL)],
            Page::Char => self.roms.chargen[a - usize::from(rom::CHARGEN)],
            Page::Io => self.peek_io(addr, self.now()),
            Page::Roml | Page::Romh | Page::Open => self.peek_cart(addr),
            Page::Plus => self.ram_byte(addr),
        }
    }

    /// Does a read of `addr` reach a chip or the I/O port (not RAM or ROM)?
    pub(crate) fn is_io_or_port(&self, addr: u16) -> bool {
        addr < 2 || self.map[usize::from(addr >> 12)] == Page::Io
    }

    fn was_written(&self, addr: u16) -> bool {
        let i = usize::from(addr) - usize::from(rom::BASIC);
        self.written[i / 64] & (1 << (i % 64)) != 0
    }

    #[inline(always)]
    fn check_strict(&mut self, addr: u16) {
        if self.strict {
            self.check_strict_slow(addr);
        }
    }

    #[cold]
    fn check_strict_slow(&mut self, addr: u16) {
        // Reads by the ROM code itself (the real KERNAL's RAM test) are its business.
        if self.was_written(addr) && !self.rom_visible(self.pc()) {
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

    /// The fast path's read of anything but always-visible RAM: a ROM, or RAM under
    /// one; I/O and the port are left to the sequencer. What an aborted read returns is
    /// an opcode the fast path does not decode, so an aborted opcode fetch ends the
    /// crate's step at once (an aborted operand or data read goes on with it, writing
    /// nothing: writes are off until the step loop rolls the instruction back).
    #[cold]
    #[inline(never)]
    fn read_high(&mut self, addr: u16) -> u8 {
        let a = usize::from(addr);
        match self.map[a >> 12] {
            _ if addr < 2 => {
                self.aborted = true;
                ABORTED_READ
            }
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
            Page::Io => {
                self.aborted = true;
                ABORTED_READ
            }
            Page::Roml | Page::Romh | Page::Open => match self.cart_drives(addr) {
                Some(v) => v,
                // An Ultimax hole reads the bus: the sequencer knows the cycle.
                None if self.expansion.mode() == Mode::Ultimax => {
                    self.aborted = true;
                    ABORTED_READ
                }
                None => self.ram_byte(addr),
            },
            Page::Plus => self.ram_byte(addr),
        }
    }

    /// The byte ROML or ROMH drives at `addr` where the map selects them.
    fn cart_drives(&self, addr: u16) -> Option<u8> {
        let e = &self.expansion;
        match self.map[usize::from(addr) >> 12] {
            Page::Roml if e.roml_contended() => e.read_roml(addr).map(|v| v | self.ram_byte(addr)),
            Page::Roml => e.read_roml(addr),
            Page::Romh => e.read_romh(addr),
            _ => None,
        }
    }

    /// What the cartridge drives at `addr` (ROML, ROMH; the RAM below where nothing
    /// answers outside Ultimax mode, $FF in its holes).
    fn peek_cart(&self, addr: u16) -> u8 {
        match self.cart_drives(addr) {
            Some(v) => v,
            None if self.expansion.mode() == Mode::Ultimax => 0xFF,
            None => self.ram_byte(addr),
        }
    }

    /// RAM or ROM at `addr` (not the port, not I/O).
    fn read_memory(&mut self, addr: u16) -> u8 {
        let a = usize::from(addr);
        match self.map[a >> 12] {
            Page::Ram | Page::Io => self.ram[a],
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
            Page::Roml | Page::Romh | Page::Open => self.peek_cart(addr),
            Page::Plus => self.ram_byte(addr),
        }
    }

    /// The fast path's write of anything but always-visible RAM (and of any address
    /// once the instruction is aborted).
    #[cold]
    #[inline(never)]
    fn write_slow(&mut self, addr: u16, value: u8) {
        if self.aborted {
            return;
        }
        if addr < 2
            || self.map[usize::from(addr >> 12)] == Page::Io
            || (addr == REU_TRIGGER && self.expansion.ff00_armed())
            // The instruction's writes come within 8 cycles of its start.
            || self.vic_reads.waits(addr, self.now() + 8)
        {
            self.aborted = true;
            return;
        }
        if self.plain_ram(addr) {
            // A page the VIC reads, but not before this write.
            self.ram[usize::from(addr)] = value;
            return;
        }
        self.write_memory(addr, value);
    }

    /// Is `addr` RAM under every banking ($0002 up to `ram_below`, $C000-$CFFF
    /// unless Ultimax), written and read without a look at the map?
    #[inline(always)]
    fn plain_ram(&self, addr: u16) -> bool {
        addr.wrapping_sub(2) < self.ram_below.wrapping_sub(2)
            || (addr >> 12 == 0xC && self.c000_ram)
    }

    /// RAM at `addr`, noting writes under the ROM areas (not the port, not I/O).
    fn write_memory(&mut self, addr: u16, value: u8) {
        if self.expansion.mode() != Mode::Off && !self.cart_write(addr, value) {
            return;
        }
        if addr >= rom::BASIC && !(rom::BASIC_END..rom::CHARGEN).contains(&addr) {
            let i = usize::from(addr) - usize::from(rom::BASIC);
            self.written[i / 64] |= 1 << (i % 64);
        }
        *self.ram_slot(addr) = value;
    }

    /// A write the cartridge may take (its lines select a mode): at $8000-$9FFF, where
    /// ROMH is mapped, in Ultimax mode's holes. Returns whether the C64's RAM takes it.
    #[cold]
    fn cart_write(&mut self, addr: u16, value: u8) -> bool {
        let page = self.map[usize::from(addr >> 12)];
        let e = &mut self.expansion;
        match page {
            _ if (0x8000..0xA000).contains(&addr) => e.write_roml(addr, value),
            Page::Romh => e.write_romh(addr, value),
            Page::Open => false,
            // 16K mode with HIRAM low: the cartridge still sees writes at $A000.
            Page::Ram | Page::Plus if (0xA000..0xC000).contains(&addr) => {
                e.write_ramh(addr, value);
                true
            }
            _ => true,
        }
    }

    /// Read `addr` in cycle `t`, as the CPU does.
    pub fn read(&mut self, addr: u16, t: u64) -> u8 {
        let value = if addr < 2 {
            if addr == 0 {
                self.port.ddr()
            } else {
                self.port.read_data(t)
            }
        } else if self.map[usize::from(addr >> 12)] == Page::Io {
            self.io_count += 1;
            self.read_io(addr, t)
        } else if self.expansion.mode() == Mode::Ultimax
            && matches!(
                self.map[usize::from(addr >> 12)],
                Page::Roml | Page::Romh | Page::Open
            )
            && self.cart_drives(addr).is_none()
        {
            // Nothing drives the bus in an Ultimax hole: the CPU reads what the VIC
            // left there in the cycle's first half.
            let (vic, mem) = self.vic_parts();
            return vic.phi1_byte(t, &mem);
        } else {
            return self.read_memory(addr);
        };
        if let Some(log) = &mut self.io_accesses {
            log.push((t, addr, value, false));
        }
        value
    }

    /// A read in cycle `t` whose value the CPU does not use (a dummy cycle): `read`,
    /// except that a VIC register without a side effect on reading (all but the
    /// collision registers) needs no VIC run up to `t` (the indexed stores to $D0xx of
    /// a raster interrupt read their target first). Traced I/O reads take the value.
    pub fn read_unused(&mut self, addr: u16, t: u64) -> u8 {
        let free = (io::VIC..=io::VIC_END).contains(&addr)
            && self.map[usize::from(addr >> 12)] == Page::Io
            && is_modelled(addr)
            && !matches!(
                addr as u8 & 0x3F,
                crate::map::vic::SS_COLLISION | crate::map::vic::SB_COLLISION
            )
            && self.io_accesses.is_none()
            && self.vic.bus_free(t);
        if !free {
            return self.read(addr, t);
        }
        self.io_count += 1;
        self.sync_for_access(t);
        let value = self.vic.peek(addr as u8, t);
        self.observe_lines(t);
        value
    }

    /// Write `value` to `addr` in cycle `t`, as the CPU does. A write to the port also
    /// writes the RAM underneath, with what is on the data bus then: the byte the VIC
    /// read in the cycle's first half (the 6510 does not drive the bus for its port).
    pub fn write(&mut self, addr: u16, value: u8, t: u64) {
        if (self.dma_from..self.dma_until).contains(&t) {
            // /DMA takes the CPU off the bus at once (RDY only stops it at a read):
            // the second write of a read-modify-write that started a transfer goes
            // nowhere.
            return;
        }
        if (addr < 2 || self.map[usize::from(addr >> 12)] == Page::Io)
            && let Some(log) = &mut self.io_accesses
        {
            log.push((t, addr, value, true));
        }
        if addr < 2 {
            if addr == 0 {
                self.port.write_ddr(value, t);
            } else {
                self.port.write_data(value, t);
            }
            let byte = self.phi1_byte(t);
            *self.ram_slot(addr) = byte;
            self.update_map();
            return;
        }
        if self.map[usize::from(addr >> 12)] == Page::Io {
            self.io_count += 1;
            self.write_io(addr, value, t);
            return;
        }
        if self.vic_reads.waits(addr, t) {
            if self.vic_reads.matrix_only(addr) {
                self.sync_vic_for_cell(addr & 0x3FF, t);
            } else {
                self.sync_vic(t);
            }
            self.write_memory(addr, value);
            // A sprite pointer may have moved to another page.
            self.update_vic_reads();
        } else {
            self.write_memory(addr, value);
        }
        if addr == REU_TRIGGER
            && let Some(reu) = &mut self.expansion.reu
            && reu.trigger()
        {
            self.run_reu(t);
        }
    }

    /// An REU transfer started by a write in cycle `t`: it has the bus from the next
    /// cycle (the CPU stops at its next read until `dma_until`).
    fn run_reu(&mut self, t: u64) {
        let Some(mut reu) = self.expansion.reu.take() else {
            return;
        };
        let start = t + crate::expansion::reu::DMA_DELAY;
        self.dma_until = reu.run(self, start);
        self.dma_from = start;
        self.expansion.reu = Some(reu);
        self.observe_lines(self.dma_until);
        self.wake();
    }

    fn note_io(&mut self, write: bool, addr: u16, value: u8) {
        if let Some(log) = &mut self.io_log {
            log.push(IoNote { write, addr, value });
        }
    }

    /// CIA 2 port A input levels: the serial bus lines, pulled high unless the C64
    /// or a true drive pulls them (the virtual drive works through KERNAL traps); CLK
    /// in (bit 6) and DATA in (bit 7) read the lines the C64 drives through its
    /// inverting outputs (bits 4 and 5). Port B: the userport's lines. `drive_pulls`:
    /// what the true drive pulls (CLK, DATA).
    fn cia2_inputs_with(&self, drive_pulls: (bool, bool)) -> (u8, u8) {
        let out = self.cia2.pa_out();
        let clk = out & 0x10 != 0 || drive_pulls.0;
        let data = out & 0x20 != 0 || drive_pulls.1;
        (0x3F | c64drive::iec::cia2_inputs(clk, data), self.userport)
    }

    /// CIA 2's inputs without running the true drive (what it pulled when last run).
    fn cia2_inputs(&self) -> (u8, u8) {
        let pulls = self
            .drive
            .as_ref()
            .map_or((false, false), |d| d.last_pulls());
        self.cia2_inputs_with(pulls)
    }

    /// CIA 2's inputs at cycle `t`, the true drive run up to it first.
    fn cia2_inputs_at(&mut self, t: u64) -> (u8, u8) {
        let pulls = match &mut self.drive {
            Some(d) => d.pulls(t),
            None => (false, false),
        };
        self.cia2_inputs_with(pulls)
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

    pub(crate) fn peek_io(&self, addr: u16, t: u64) -> u8 {
        let reg = addr as u8;
        match addr {
            LATCH..=io::VIC_END if self.expansion.has_latch() => 0xFF,
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
            // I/O 1 and 2: the expansion port ($FF where nothing answers).
            _ => self.expansion.peek_io(addr).unwrap_or(0xFF),
        }
    }

    fn read_io(&mut self, addr: u16, t: u64) -> u8 {
        let reg = addr as u8;
        let irq_chip = is_interrupting(addr);
        if irq_chip {
            self.sync_for_access(t);
        }
        let value = match addr {
            // A +60K's or +256K's latch takes $D100-$D1FF (it reads $FF); $D200-$D3FF
            // answers nothing.
            LATCH..=io::VIC_END if self.expansion.has_latch() => {
                if addr < UNWIRED {
                    0xFF
                } else {
                    self.phi1_byte(t)
                }
            }
            io::VIC..=io::VIC_END => {
                let (vic, mem) = self.vic_parts();
                vic.read(reg, t, &mem)
            }
            io::SID..=io::SID_END => self.sid.read(reg, t),
            io::CIA1..=io::CIA1_END => {
                let (pa, pb) = self.cia1_inputs();
                let v = self.cia1.read(reg, t, pa, pb) & self.joy_lines(reg);
                if reg & 0x0F <= 1 {
                    self.note_matrix_read();
                }
                if reg & 0x0F == crate::map::cia::ICR {
                    self.wake();
                }
                v
            }
            io::CIA2..=io::CIA2_END => {
                let (pa, pb) = self.cia2_inputs_at(t);
                let v = self.cia2.read(reg, t, pa, pb);
                if reg & 0x0F == crate::map::cia::ICR {
                    self.wake();
                }
                v
            }
            // Colour RAM drives the low nibble only; the rest of the bus, and all of
            // it where no cartridge answers at I/O 1 and 2, still holds what the VIC
            // read in the cycle's first half.
            io::COLOR_RAM..=io::COLOR_RAM_END => {
                let nibble = self.color[usize::from(addr - io::COLOR_RAM)] & 0x0F;
                (self.phi1_byte(t) & 0xF0) | nibble
            }
            io::IO1.. => {
                let v = match self.expansion.read_io(addr) {
                    Some(v) => match self.expansion.undriven(addr) {
                        0 => v,
                        float => (v & !float) | (self.phi1_byte(t) & float),
                    },
                    None => self.phi1_byte(t),
                };
                self.observe_lines(t);
                v
            }
            _ => self.peek_io(addr, t),
        };
        if irq_chip {
            self.observe_lines(t);
        }
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
            self.wake();
        }
    }

    pub(crate) fn write_io(&mut self, addr: u16, value: u8, t: u64) {
        let reg = addr as u8;
        let irq_chip = is_interrupting(addr);
        if irq_chip {
            self.sync_for_access(t);
        }
        match addr {
            LATCH..=LATCH_END if self.expansion.has_latch() => {
                // The VIC's fetches up to now come from the bank it had.
                self.sync_vic(t);
                self.expansion.write_latch(value);
                self.update_map();
                self.update_vic_reads();
            }
            // $D200-$D3FF: nothing there.
            UNWIRED..=io::VIC_END if self.expansion.has_latch() => {}
            io::VIC..=io::VIC_END => {
                let quiet = leaves_lines_and_ba(reg);
                let event = if quiet { self.vic.next_event() } else { None };
                let (vic, mem) = self.vic_parts();
                vic.write(reg, value, t, &mem);
                if moves_reads(reg) {
                    self.update_vic_reads();
                }
                // The step loop's look ahead (BA windows, the VIC's next event) stands
                // unless the write moved it.
                if !quiet || self.vic.next_event() != event {
                    self.wake();
                }
            }
            io::DEBUGCART if self.debugcart => {
                self.debugcart_exit = Some(value);
                self.wake();
            }
            io::SID..=io::SID_END => self.sid.write(reg, value, t),
            io::COLOR_RAM..=io::COLOR_RAM_END => {
                // The VIC's c-accesses before the write see the old colour.
                if t >= self.vic_reads.no_bad_line_until {
                    self.sync_vic_for_cell(addr - io::COLOR_RAM, t);
                }
                self.color[usize::from(addr - io::COLOR_RAM)] = value & 0x0F
            }
            io::CIA1..=io::CIA1_END => {
                self.cia1.write(reg, value, t);
                self.sync_light_pen(t);
                self.wake();
            }
            io::CIA2..=io::CIA2_END => {
                self.cia2.write(reg, value, t);
                if let Some(drive) = &mut self.drive {
                    drive.set_c64_lines(t, c64drive::Lines::from_cia2(self.cia2.pa_out()));
                }
                self.sync_vic_bank(t);
                self.wake();
            }
            io::IO1.. => {
                let (remap, dma) = self.expansion.write_io(addr, value, t);
                if remap {
                    self.update_map();
                }
                if dma {
                    self.run_reu(t);
                } else {
                    self.observe_lines(t);
                }
                self.wake();
            }
            _ => {}
        }
        if irq_chip {
            self.observe_lines(t);
        }
        if !is_modelled(addr) {
            self.note_io(true, addr, value);
        }
    }

    /// What the VIC reads: RAM, colour RAM, the character ROM.
    pub fn vic_mem(&self) -> VicMem<'_> {
        VicMem {
            ram: self.expansion.vic_ram().unwrap_or(&self.ram),
            color: &self.color,
            chargen: &self.roms.chargen[..],
            cpu_pc: self.pc(),
            ultimax: self.expansion.vic_romh(),
            ultimax_phi2: self.expansion.vic_romh_phi2(),
        }
    }

    /// The VIC and what it reads, borrowed apart.
    fn vic_parts(&mut self) -> (&mut Vic, VicMem<'_>) {
        let cpu_pc = self.pc();
        let mem = VicMem {
            ram: self.expansion.vic_ram().unwrap_or(&self.ram),
            color: &self.color,
            chargen: &self.roms.chargen[..],
            cpu_pc,
            ultimax: self.expansion.vic_romh(),
            ultimax_phi2: self.expansion.vic_romh_phi2(),
        };
        (&mut self.vic, mem)
    }

    /// The byte the VIC read in the first half of cycle `t`: what a read nothing
    /// answers finds on the data bus in the second half.
    fn phi1_byte(&mut self, t: u64) -> u8 {
        let (vic, mem) = self.vic_parts();
        vic.phi1_byte(t, &mem)
    }

    /// Run the VIC up to cycle `t` (before the CPU's access in it).
    pub fn sync_vic(&mut self, t: u64) {
        let (vic, mem) = self.vic_parts();
        vic.sync(t, &mem);
        self.update_vic_reads();
    }

    /// Before a write in cycle `t` to video matrix or colour RAM cell `cell`, which
    /// only a bad line's c-accesses read: the VIC up to `t` if one of them up to `t`
    /// reads the cell, else only up to `t`'s line.
    fn sync_vic_for_cell(&mut self, cell: u16, t: u64) {
        let (vic, mem) = self.vic_parts();
        if vic.c_access_before(cell, t, &mem) {
            self.sync_vic(t);
        } else {
            self.update_vic_reads();
        }
    }

    /// Note the pages the VIC reads now (after its registers, its bank or a sprite
    /// pointer changed; at each sync for RAM written behind the CPU's back).
    fn update_vic_reads(&mut self) {
        let (vic, mem) = self.vic_parts();
        self.vic_reads = vic.reads(&mem);
        self.vic_pages = self.vic_reads.any();
    }

    /// Run the VIC up to cycle `t` if its interrupt line may have gone low by then (it
    /// runs lazily: RAM the CPU wrote meanwhile is read when it catches up).
    #[inline(always)]
    fn sync_vic_interrupt(&mut self, t: u64) {
        if t >= self.vic.irq_horizon() {
            self.sync_vic(t);
        }
    }

    /// Set a VIC register at cycle `t` without the CPU (the stub screen editor).
    pub fn set_vic_reg(&mut self, r: u8, value: u8, t: u64) {
        self.sync_vic(t);
        self.vic.set_reg(r, value, t);
        self.update_vic_reads();
    }

    /// Tell the VIC the level of its light pen input at cycle `t`: CIA 1's PB4 line
    /// (joystick 1's fire button, a key in the matrix, or the CIA driving it low).
    pub fn sync_light_pen(&mut self, t: u64) {
        let (_, pb) = self.cia1_inputs();
        let low = (self.cia1.pb_out() & pb) & 0x10 == 0;
        if low || self.vic.light_pen_low() {
            self.sync_vic(t);
            self.vic.set_light_pen(low, t);
        }
    }

    /// Tell the VIC the bank CIA 2's port A selects now (its bits 0-1, inverted).
    pub fn sync_vic_bank(&mut self, t: u64) {
        let bank = !self.cia2.pa_out() & 3;
        let (vic, mem) = self.vic_parts();
        vic.set_bank(bank, t, &mem);
        self.update_vic_reads();
    }

    /// Bring every chip up to cycle `t`.
    pub fn sync_chips(&mut self, t: u64) {
        self.sync_interrupts(t);
    }

    /// Bring the chips that interrupt up to cycle `t` and note their lines.
    pub(crate) fn sync_interrupts(&mut self, t: u64) {
        self.sync_to(t, t);
    }

    /// Before an access at cycle `t` to a chip that interrupts: the VIC up to `t`, the
    /// CIAs up to the cycle before (a CIA runs its access's cycle itself, in the order
    /// its parts come), and their lines noted.
    fn sync_for_access(&mut self, t: u64) {
        self.sync_to(t.saturating_sub(1), t);
    }

    /// The CIAs up to cycle `cias`, the VIC up to `t` (as far as its interrupt line
    /// needs), and the lines noted at `t`.
    fn sync_to(&mut self, cias: u64, t: u64) {
        self.cia1.sync(cias);
        self.cia2.sync(cias);
        self.sync_vic_interrupt(t);
        self.observe_lines(t);
    }

    /// Note the chips' interrupt outputs as they are (at cycle `t`); a new low period of
    /// CIA 2's is an NMI edge.
    fn observe_lines(&mut self, t: u64) {
        let outputs = Outputs {
            cia1: (self.cia1.irq_since(), self.cia1.last_low()),
            vic: self.vic.irq_since(),
            reu: self.expansion.reu.as_ref().and_then(|r| r.irq_since()),
            cia2: (self.cia2.irq_since(), self.cia2.last_low()),
        };
        if self.seen_outputs == Some(outputs) {
            return;
        }
        self.seen_outputs = Some(outputs);
        let lines = &mut self.lines;
        lines.cia1.observe(outputs.cia1.0, outputs.cia1.1, t);
        lines.vic.observe(outputs.vic, None, t);
        lines.expansion.observe(outputs.reu, None, t);
        if let Some(a) = lines.cia2.observe(outputs.cia2.0, outputs.cia2.1, t) {
            lines.nmi_falls(a);
        }
    }

    /// If the VIC holds BA low in cycle `t`: the first cycle at or after `t` in which a
    /// read can happen. Moves `ba_from` on to where BA can next go low.
    pub fn ba_low(&mut self, t: u64) -> Option<u64> {
        if t < self.dma_until {
            // An REU transfer has the bus; the VIC may hold it after that.
            let end = self.dma_until;
            let after = self.ba_low(end).unwrap_or(end);
            return Some(after);
        }
        let (vic, mem) = self.vic_parts();
        let end = vic.ba_low(t, &mem);
        self.ba_from = self.vic.ba_horizon(end.unwrap_or(t) + 1);
        if self.follow_ba {
            self.fast_until = self.event_at.min(self.ba_from);
            self.exact_from = self.fast_until.saturating_sub(crate::cpu::LONGEST - 1);
        }
        end
    }
}

/// What the chips drive on the interrupt lines: each one's low-since cycle, and for the
/// CIAs the last low period a read ended (see `Line::observe`, which gives the lines
/// the same state for the same outputs seen twice in a row).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Outputs {
    cia1: (Option<u64>, Option<(u64, u64)>),
    vic: Option<u64>,
    reu: Option<u64>,
    cia2: (Option<u64>, Option<(u64, u64)>),
}

/// The REU's $FF00 trigger: a write there starts a transfer armed by the command register.
const REU_TRIGGER: u16 = 0xFF00;
/// A +60K's or +256K's latch: $D100, decoded through $D1FF.
const LATCH: u16 = 0xD100;
const LATCH_END: u16 = 0xD1FF;
/// With such a latch, $D200-$D3FF: neither the VIC nor the latch answers.
const UNWIRED: u16 = 0xD200;

/// The REU's side of the bus: the memory as the CPU sees it, each access at its cycle,
/// the VIC's bad lines and sprite fetches keeping it waiting as they keep the CPU.
impl DmaBus for C64Bus {
    fn dma_cycle(&mut self, t: u64) -> u64 {
        let (vic, mem) = self.vic_parts();
        // The VIC up to the cycle before: its predictions from further back do not
        // know what the frame decides on the way (DEN in line $30 allowing bad lines).
        vic.sync(t.saturating_sub(1), &mem);
        vic.ba_low(t, &mem).unwrap_or(t)
    }

    fn ba_late(&mut self, t: u64) -> bool {
        self.vic.sprite0_ba_late(t)
    }

    /// The processor port is inside the 6510: at $0000/$0001 the REU meets RAM.
    fn dma_read(&mut self, addr: u16, t: u64) -> u8 {
        if addr < 2 {
            return self.ram[usize::from(addr)];
        }
        self.read(addr, t)
    }

    /// The VIC's first half of cycle `t` (its fetch) comes before the REU's write.
    fn dma_write(&mut self, addr: u16, value: u8, t: u64) {
        self.sync_vic(t);
        if addr < 2 {
            self.ram[usize::from(addr)] = value;
            return;
        }
        self.write(addr, value, t);
    }
}

/// Can a write to VIC register `reg` change what RAM the VIC reads, or from when
/// (`vic::Reads`): a sprite's Y, enable or Y expansion (its DMA), control register 1
/// (bad lines, bitmap mode), the memory pointers. After a write to another register the
/// pages stay; their cycles, worked out at an earlier VIC cycle, only make writes wait
/// sooner than they must (the VIC running on without a register change never brings a
/// bad line or a BA window earlier).
fn moves_reads(reg: u8) -> bool {
    let r = reg & 0x3F;
    (r < 0x10 && r & 1 == 1)
        || matches!(
            r,
            crate::map::vic::CTRL1 | 0x15 | 0x17 | crate::map::vic::MEMPTR
        )
}

/// Does a write to VIC register `reg` leave its interrupt line and BA alone (until its
/// next event, which the caller compares): a sprite's X, the X expansion, priority and
/// multicolour bits (they move only sprite collisions), the colours.
fn leaves_lines_and_ba(reg: u8) -> bool {
    let r = reg & 0x3F;
    (r < 0x10 && r & 1 == 0) || matches!(r, 0x10 | 0x1B..=0x1D | 0x20..=0x2E)
}

/// Is `addr` a register of a chip that drives an interrupt line (CIA 1, CIA 2, VIC)?
fn is_interrupting(addr: u16) -> bool {
    matches!(addr, io::VIC..=io::VIC_END | io::CIA1..=io::CIA2_END)
}

/// Registers the emulator models; accesses elsewhere are noted in traces.
pub fn is_modelled(addr: u16) -> bool {
    match addr {
        io::VIC..=io::VIC_END => !matches!(addr & 0x3F, 0x2F..=0x3F),
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
        // $0002-$9FFF and $C000-$CFFF are RAM under every banking configuration.
        if self.plain_ram(address) {
            self.ram[usize::from(address)]
        } else if address >= rom::KERNAL
            && self.map[usize::from(address >> 12)] == Page::Kernal
            && !self.strict
        {
            // The KERNAL's own code (its interrupt handler, key waits) runs here.
            self.roms.kernal[usize::from(address - rom::KERNAL)]
        } else {
            self.read_high(address)
        }
    }

    #[inline(always)]
    fn set_byte(&mut self, address: u16, value: u8) {
        // $0002-$9FFF and $C000-$CFFF are plain RAM for writes whatever the banking
        // (unless the instruction met I/O: then it writes nothing).
        if self.plain_ram(address) && !self.aborted && !reads_page(&self.vic_pages, address) {
            self.ram[usize::from(address)] = value;
        } else {
            self.write_slow(address, value);
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(Page {
    Ram,
    Basic,
    Kernal,
    Io,
    Char,
    Roml,
    Romh,
    Open,
    Plus
});
c64state::persist!(Keys {
    live,
    joy_live,
    typist
});
// Not the machine's state: the ROM images (the file names them by checksum), the
// diagnostics a run asked for (strict, its violations, the I/O logs), the debugger's
// watch, and `aborted`, which only holds inside an instruction.
c64state::persist!(C64Bus {
    ram, color, map, port, vic, sid, cia1, cia2, keys, stamp, exact_from, event_at, ba_from,
    follow_ba, written, debugcart, debugcart_exit, lines, stalled, io_count, expansion, ram_below,
    c000_ram, dma_from, dma_until, userport
} skip {
    roms, strict, violations, violation_count, io_log, aborted, force_exact, io_accesses,
    watching, vic_reads, vic_pages, drive, seen_outputs, fast_until
} then |b: &mut C64Bus| {
    b.update_vic_reads();
    b.seen_outputs = None;
    b.fast_until = 0;
});
