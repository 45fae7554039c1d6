//! `Machine`: the whole C64 (CPU + bus + drive + input state) and its harness API for
//! loading, memory and registers. Running is in `exec.rs`, keys, joysticks and the disk
//! in `input.rs`, the screen in `screen.rs`.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::sync::Arc;

use mos6502::cpu::CPU;
use mos6502::registers::{StackPointer, Status};

use crate::bus::{C64Bus, PORT_DATA_KERNAL, PORT_DDR_KERNAL, StrictViolation};
use crate::cia::CiaModel;
use crate::cpu::Nmos6502Table;
use crate::iec::Iec;
use crate::kernal;
use crate::loader::{self, LoadError, Loaded};
use crate::map::{pal, ram};
use crate::observer::Observer;
use crate::rom::{self, Roms, TrapTable};
use crate::roms::RomSet;
use crate::trace::Trace;
use crate::{editor, vic};

pub(crate) use crate::cpu::Cpu;

/// CPU registers. `p` is the status byte as PHP would push it (bit 5 set, B clear).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Regs {
    /// Accumulator.
    pub a: u8,
    /// X index register.
    pub x: u8,
    /// Y index register.
    pub y: u8,
    /// Stack pointer.
    pub sp: u8,
    /// Program counter.
    pub pc: u16,
    /// Status register (NV-BDIZC).
    pub p: u8,
}

/// Why a run ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The program returned to BASIC (RTS from the SYS, a jump to READY or the warm
    /// start, RUN/STOP+RESTORE). Stub ROMs only: with real ROMs BASIC goes on.
    ReturnedToBasic,
    /// PC reached the requested address.
    Reached(u16),
    /// The cycle budget ran out.
    CycleLimit,
    /// The program waits for a key and every typed key has been taken
    /// (`run_until_idle`).
    Idle,
    /// A JAM (KIL) opcode halted the CPU (see [`Machine::set_jam_stops`]).
    Jam {
        /// Where.
        pc: u16,
        /// The opcode.
        opcode: u8,
    },
    /// A BRK instruction at `pc` reached the KERNAL's BRK handler (stub ROMs).
    Brk {
        /// Where the BRK is.
        pc: u16,
    },
    /// PC entered a stub KERNAL/BASIC ROM routine the emulator does not implement.
    /// `caller` is the JSR that called it, taken from the return address on the stack.
    UnimplementedKernal {
        /// The ROM address reached.
        entry: u16,
        /// The JSR that called it.
        caller: u16,
    },
    /// A KERNAL routine was asked to use the tape (device 1) or RS-232 (device 2).
    UnsupportedDevice {
        /// The routine (LOAD, OPEN, ...).
        routine: &'static str,
        /// The device number.
        device: u8,
        /// The JSR that called it.
        caller: u16,
    },
    /// A label given as a target is not known.
    UnknownTarget(String),
    /// The program wrote this value to the debug cartridge's register ($D7FF, see
    /// [`Machine::set_debugcart`]): the test programs' way to say pass ($00) or fail ($FF).
    DebugCart(u8),
    /// A watched address was executed (the run ends before the instruction), read or
    /// written (after the instruction); see [`Machine::set_watch`].
    Watch(crate::watch::WatchHit),
}

fn device_name(d: u8) -> &'static str {
    match d {
        1 => "tape",
        2 => "RS-232",
        _ => "device",
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::ReturnedToBasic => write!(f, "returned to BASIC"),
            Stop::Reached(a) => write!(f, "reached ${a:04X}"),
            Stop::CycleLimit => write!(f, "cycle limit reached"),
            Stop::Idle => write!(f, "waiting for keys (every typed key was taken)"),
            Stop::Jam { pc, opcode } => write!(f, "CPU jammed: opcode ${opcode:02X} at ${pc:04X}"),
            Stop::Brk { pc } => write!(f, "BRK at ${pc:04X}"),
            Stop::UnimplementedKernal { entry, caller } => write!(
                f,
                "unimplemented KERNAL/BASIC entry ${entry:04X} (called from ${caller:04X})"
            ),
            Stop::UnsupportedDevice {
                routine,
                device,
                caller,
            } => write!(
                f,
                "{routine} on device {device} ({}) is not emulated (called from ${caller:04X})",
                device_name(*device)
            ),
            Stop::UnknownTarget(name) => write!(f, "unknown label or address {name:?}"),
            Stop::DebugCart(v) => write!(f, "debug cartridge: ${v:02X} written to $D7FF"),
            Stop::Watch(h) => {
                let what = match h.access {
                    crate::watch::Access::Exec => "executed",
                    crate::watch::Access::Read => "read",
                    crate::watch::Access::Write => "written",
                };
                write!(
                    f,
                    "watched ${:04X} {what} (${:02X}, by ${:04X})",
                    h.addr, h.value, h.pc
                )
            }
        }
    }
}

impl std::error::Error for Stop {}

/// An address, or a label / number string resolved with [`Machine::resolve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An address.
    Addr(u16),
    /// A label or a number as text.
    Name(String),
}

impl From<u16> for Target {
    fn from(a: u16) -> Target {
        Target::Addr(a)
    }
}
impl From<&str> for Target {
    fn from(s: &str) -> Target {
        Target::Name(s.to_string())
    }
}
impl From<String> for Target {
    fn from(s: String) -> Target {
        Target::Name(s)
    }
}
impl From<&String> for Target {
    fn from(s: &String) -> Target {
        Target::Name(s.clone())
    }
}

/// What `call` reports: the registers after the RTS (PC restored to where it was before
/// the call), the CPU cycles the routine took (including the JSR and RTS), and the
/// cycles the VIC stopped the CPU meanwhile. On a real C64 the call takes
/// `cycles + stolen`; `cycles` alone is the routine's own cost, the same wherever the
/// raster beam is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CallResult {
    /// Registers after the routine.
    pub regs: Regs,
    /// CPU cycles it took, JSR and RTS included (stolen cycles not counted).
    pub cycles: u64,
    /// Cycles the VIC took from the CPU during the call (bad lines, sprite DMA).
    pub stolen: u64,
}

/// The stub KERNAL's line input (CHRIN from the keyboard or screen).
#[derive(Clone, Default, Debug)]
pub(crate) struct Input {
    pub line: VecDeque<u8>,
    pub line_start: Option<(u8, u8)>,
    /// CHRIN is waiting for the user to finish a line (the window shows the cursor).
    pub in_line_input: bool,
}

/// Complete machine state, for cheap save/restore (e.g. exploring game trees). The
/// disk is not part of it (as with a real drive, what was saved stays saved).
#[derive(Clone)]
pub struct Snapshot {
    cpu: Cpu,
    input: Input,
    exec: crate::exec::ExecState,
    instructions: u64,
}

#[derive(Default)]
pub(crate) struct Symbols {
    by_name: BTreeMap<String, u16>,
    by_addr: BTreeMap<u16, String>,
}

/// A C64: 6502 CPU, 64 KiB RAM with the processor-port banking, VIC-II registers,
/// two CIAs, SID registers, the keyboard matrix and joysticks, a virtual disk drive,
/// and either the emulator's stub KERNAL (native routines, the default) or the
/// user's own ROMs. See `docs/emulator.md` and `docs/harness.md`.
#[derive(Clone)]
pub struct Machine {
    pub(crate) cpu: Cpu,
    pub(crate) input: Input,
    pub(crate) iec: Iec,
    pub(crate) exec: crate::exec::ExecState,
    pub(crate) symbols: Arc<Symbols>,
    pub(crate) traps: Arc<TrapTable>,
    pub(crate) trace: Option<Trace>,
    pub(crate) observer: Option<Box<dyn Observer>>,
    pub(crate) call_trap: Option<(u16, u8)>,
    pub(crate) instructions: u64,
}

impl Default for Machine {
    fn default() -> Machine {
        Machine::new()
    }
}

impl fmt::Debug for Machine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Machine {{ {:?}, cycles: {} }}",
            self.regs(),
            self.cycles()
        )
    }
}

impl Machine {
    /// A machine with the stub ROMs in the state the KERNAL cold start leaves: screen
    /// cleared, cursor home, colours 14 on 6 with border 14, $01 = $37, the 60 Hz timer
    /// interrupt running, interrupts on, PC at BASIC's READY.
    pub fn new() -> Machine {
        Machine::with_chargen(&crate::charset::CHARGEN)
    }

    /// Like `new`, with the user's own 4 KiB character ROM image.
    pub fn with_chargen(chargen: &[u8; 4096]) -> Machine {
        let bus = C64Bus::new(Arc::new(Roms::stub(chargen)));
        let mut m = Machine::around(bus, rom::stub_traps());
        m.cpu.memory.vic = vic::Vic::kernal_defaults();
        m.stub_cold_start();
        m
    }

    /// The stub-ROM machine just reset (`chargen`: the user's character ROM, or the
    /// built-in one): PC at the reset routine, the processor port as the 6510 leaves
    /// reset (every line an input: $00 reads $00, $01 reads $17, BASIC, KERNAL and I/O
    /// banked in). Its first step does the KERNAL's cold start (or starts a CBM80
    /// cartridge), then stops at BASIC's READY as `new`'s machine does.
    pub fn stub_just_reset(chargen: Option<&[u8; 4096]>) -> Machine {
        let chargen = chargen.unwrap_or(&crate::charset::CHARGEN);
        let bus = C64Bus::new(Arc::new(Roms::stub(chargen)));
        let mut m = Machine::around(bus, rom::stub_traps());
        m.enter_reset();
        m.cpu.cycles = 7; // the reset sequence
        m
    }

    /// What the stub KERNAL's cold start leaves (IOINIT, RAMTAS, RESTOR, CINT, BASIC's
    /// init), PC at BASIC's READY.
    pub(crate) fn stub_cold_start(&mut self) {
        let now = self.cycles();
        cold_start(&mut self.cpu.memory, now);
        let r = &mut self.cpu.registers;
        r.program_counter = kernal::BASIC_READY;
        r.stack_pointer = StackPointer(0xFA);
        r.status = Status::PS_UNUSED;
    }

    /// The CPU as the RESET line leaves it: PC from the reset vector, interrupts off.
    fn enter_reset(&mut self) {
        let bus = &self.cpu.memory;
        let reset = u16::from_le_bytes([
            bus.peek_banked(crate::map::rom::RESET_VECTOR),
            bus.peek_banked(crate::map::rom::RESET_VECTOR + 1),
        ]);
        let r = &mut self.cpu.registers;
        r.program_counter = reset;
        r.stack_pointer = StackPointer(0xFD);
        r.status = Status::PS_UNUSED | Status::PS_DISABLE_INTERRUPTS;
    }

    /// A machine with the user's ROMs, just powered on: PC at the reset vector, RAM in
    /// its power-on pattern, the chips in their reset state. Run it to let the KERNAL boot
    /// (`run_until_idle` waits for BASIC's READY prompt).
    pub fn with_roms(roms: &RomSet) -> Machine {
        let roms = Roms::real(roms);
        let (traps, _) = rom::rom_traps(&roms, false);
        let bus = C64Bus::new(Arc::new(roms));
        let mut m = Machine::around(bus, traps);
        m.enter_reset();
        m.cpu.cycles = 7; // the reset sequence
        m
    }

    /// Plug devices into the expansion port, as at power-on: the memory map follows the
    /// cartridge's lines, and the CPU starts where the machine would start with it (the
    /// reset vector, from the cartridge in Ultimax mode; with the stub KERNAL, a
    /// cartridge's CBM80 start vector at $8000).
    pub fn plug(&mut self, expansion: crate::expansion::Expansion) {
        let real = self.real_roms();
        let bus = &mut self.cpu.memory;
        bus.set_expansion(expansion);
        let ultimax = bus.expansion.mode() == crate::expansion::Mode::Ultimax;
        let just_reset = self.cpu.registers.program_counter == rom::RESET_HANDLER;
        if real || ultimax {
            self.enter_reset();
        } else if let Some(start) = bus.cbm80_start()
            && !just_reset
        {
            // The cold-started stub machine (a just-reset one's reset routine looks).
            self.cpu.registers.program_counter = start;
        }
    }

    fn around(bus: C64Bus, traps: Arc<TrapTable>) -> Machine {
        Machine {
            cpu: CPU::new(bus, Nmos6502Table),
            input: Input::default(),
            iec: Iec::default(),
            exec: crate::exec::ExecState::default(),
            symbols: Arc::new(Symbols::default()),
            traps,
            trace: None,
            observer: None,
            call_trap: None,
            instructions: 0,
        }
    }

    /// Does the machine run the user's ROMs (true) or the stub KERNAL (false)?
    pub fn real_roms(&self) -> bool {
        self.cpu.memory.roms.real
    }

    // ----- loading and starting -----

    /// Load a .prg (2-byte load address + data) at its load address, like LOAD"",8,1:
    /// sets the device number $BA to 8 and the end address in $AE/$AF, and for a program that holds BASIC's start
    /// $0801 (loaded there, or at $0800 with its BASIC line at $0801) also the start of
    /// variables $2D/$2E, so RUN keeps its variables past the program.
    pub fn load_prg(&mut self, prg: &[u8]) -> Result<Loaded, LoadError> {
        let (addr, data) = loader::split_prg(prg)?;
        let loaded = self.load_raw(addr, data)?;
        let end = loaded.end.min(0xFFFF) as u16;
        self.cpu.memory.poke_word(ram::EAL, end);
        self.cpu.memory.poke(ram::FA, 8);
        if loader::holds_basic_start(addr, data.len()) {
            self.cpu.memory.poke_word(ram::VARTAB, end);
        }
        Ok(loaded)
    }

    /// Copy raw bytes to RAM at `addr` (nothing else changes).
    pub fn load_raw(&mut self, addr: u16, bytes: &[u8]) -> Result<Loaded, LoadError> {
        let end = loader::check_range(addr, bytes.len())?;
        self.write(addr, bytes);
        let sys = if loader::holds_basic_start(addr, bytes.len()) {
            loader::find_sys(self.ram())
        } else {
            None
        };
        Ok(Loaded {
            start: addr,
            end,
            sys,
        })
    }

    /// Start the program as RUN would run its `SYS n` line: returns n.
    pub fn autostart(&mut self) -> Result<u16, LoadError> {
        let sys = loader::find_sys(self.ram()).ok_or(LoadError::NoSysLine)?;
        self.start_at(sys);
        Ok(sys)
    }

    /// Enter code at `addr` the way SYS does: registers from $030C-$030F, and a return
    /// address on the stack that leads back to BASIC's READY (with the stub ROMs that
    /// ends the run as `ReturnedToBasic`).
    pub fn start_at(&mut self, addr: u16) {
        self.cpu.registers.stack_pointer = StackPointer(0xFA);
        self.push_word(kernal::BASIC_READY - 1);
        let bus = &self.cpu.memory;
        let (a, x, y, p) = (
            bus.peek(ram::SAREG),
            bus.peek(ram::SAREG + 1),
            bus.peek(ram::SAREG + 2),
            bus.peek(ram::SAREG + 3),
        );
        let r = &mut self.cpu.registers;
        r.accumulator = a;
        r.index_x = x;
        r.index_y = y;
        r.status = Status::from_bits_truncate((p & !0x10) | 0x20);
        r.program_counter = addr;
    }

    // ----- symbols -----

    /// Labels for `resolve`, stop reasons and traces (replaces earlier ones).
    pub fn set_symbols(&mut self, labels: impl IntoIterator<Item = (String, u16)>) {
        let mut s = Symbols::default();
        for (name, addr) in labels {
            let keep = match s.by_addr.get(&addr) {
                Some(old) => name.len() < old.len() || (name.len() == old.len() && name < *old),
                None => true,
            };
            if keep {
                s.by_addr.insert(addr, name.clone());
            }
            s.by_name.insert(name, addr);
        }
        self.symbols = Arc::new(s);
    }

    /// A label name, `$0810`, `0x0810` or decimal `2064`.
    pub fn resolve(&self, target: &str) -> Option<u16> {
        let t = target.trim();
        let num = if let Some(h) = t.strip_prefix('$') {
            u16::from_str_radix(h, 16).ok()
        } else if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            u16::from_str_radix(h, 16).ok()
        } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            t.parse().ok()
        } else {
            None
        };
        num.or_else(|| self.symbols.by_name.get(t).copied())
    }

    /// The label naming exactly `addr`, if any.
    pub fn label_at(&self, addr: u16) -> Option<&str> {
        self.symbols.by_addr.get(&addr).map(String::as_str)
    }

    /// `$0810 (main_loop)` or `$0810`.
    pub fn describe_addr(&self, addr: u16) -> String {
        match self.label_at(addr) {
            Some(l) => format!("${addr:04X} ({l})"),
            None => format!("${addr:04X}"),
        }
    }

    /// A stop reason with label names.
    pub fn describe_stop(&self, stop: &Stop) -> String {
        let d = |a: u16| self.describe_addr(a);
        match stop {
            Stop::Reached(a) => format!("reached {}", d(*a)),
            Stop::Jam { pc, opcode } => format!("CPU jammed: opcode ${opcode:02X} at {}", d(*pc)),
            Stop::Brk { pc } => format!("BRK at {}", d(*pc)),
            Stop::UnimplementedKernal { entry, caller } => format!(
                "unimplemented KERNAL/BASIC entry ${entry:04X} (called from {})",
                d(*caller)
            ),
            Stop::UnsupportedDevice {
                routine,
                device,
                caller,
            } => format!(
                "{routine} on device {device} ({}) is not emulated (called from {})",
                device_name(*device),
                d(*caller)
            ),
            other => other.to_string(),
        }
    }

    pub(crate) fn target_addr(&self, target: Target) -> Result<u16, Stop> {
        match target {
            Target::Addr(a) => Ok(a),
            Target::Name(n) => self.resolve(&n).ok_or(Stop::UnknownTarget(n)),
        }
    }

    // ----- memory and registers -----

    /// RAM underneath, whatever is banked in (at $00/$01 the RAM under the processor
    /// port; `peek_banked` reads the port).
    pub fn peek(&self, addr: u16) -> u8 {
        self.cpu.memory.peek(addr)
    }
    /// Set a RAM byte (whatever is banked in).
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.cpu.memory.poke(addr, value);
    }
    /// `len` RAM bytes from `addr` (wrapping at $FFFF). A `u16` length: anything
    /// longer would only repeat bytes (all 64 KiB at once are [`Machine::ram`]), and a
    /// length the machine can't honour does not compile:
    ///
    /// ```compile_fail
    /// let m = c64emu::Machine::new();
    /// m.read(0, 1 << 40);
    /// ```
    ///
    /// ```
    /// let m = c64emu::Machine::new();
    /// assert_eq!(m.read(0xFFFF, 2).len(), 2);
    /// ```
    pub fn read(&self, addr: u16, len: u16) -> Vec<u8> {
        (0..len).map(|i| self.peek(addr.wrapping_add(i))).collect()
    }
    /// Copy bytes to RAM from `addr` (wrapping at $FFFF).
    pub fn write(&mut self, addr: u16, bytes: &[u8]) {
        for (i, &b) in bytes.iter().enumerate() {
            self.poke(addr.wrapping_add(i as u16), b);
        }
    }
    /// All 64 KiB of RAM.
    pub fn ram(&self) -> &[u8] {
        &self.cpu.memory.ram[..]
    }
    /// What the CPU would read at `addr` with the current banking (ROM, I/O or RAM),
    /// without side effects: I/O registers as they read now (timers, raster, colour
    /// RAM, the keyboard), with no flag acknowledged.
    pub fn peek_banked(&self, addr: u16) -> u8 {
        self.cpu.memory.peek_banked(addr)
    }
    /// The ROM byte at `addr` whatever is banked in: BASIC ($A000-$BFFF), the
    /// character ROM ($D000-$DFFF), the KERNAL ($E000-$FFFF); None elsewhere. (A
    /// cartridge's ROM is not among them.)
    pub fn peek_rom(&self, addr: u16) -> Option<u8> {
        let roms = &self.cpu.memory.roms;
        let a = usize::from(addr);
        match addr {
            0xA000..=0xBFFF => Some(roms.basic[a - 0xA000]),
            0xD000..=0xDFFF => Some(roms.chargen[a - 0xD000]),
            0xE000..=0xFFFF => Some(roms.kernal[a - 0xE000]),
            _ => None,
        }
    }
    /// The I/O register at `addr` ($D000-$DFFF) as the CPU would read it now, without
    /// side effects, whatever is banked in; outside I/O, what the CPU would read.
    pub fn peek_io(&self, addr: u16) -> u8 {
        match addr {
            0xD000..=0xDFFF => self.cpu.memory.peek_io(addr, self.cycles()),
            _ => self.peek_banked(addr),
        }
    }
    /// Write `value` at `addr` as the CPU would now: the processor port at $00/$01,
    /// an I/O register when I/O is banked in (with its effects: a VIC or CIA register
    /// acts), RAM otherwise (under a ROM too).
    pub fn poke_banked(&mut self, addr: u16, value: u8) {
        let now = self.cycles();
        self.cpu.memory.write(addr, value, now);
        self.cpu.memory.wake();
    }
    /// Write the I/O register at `addr` ($D000-$DFFF) as the CPU would, whatever is
    /// banked in; outside I/O, as [`Machine::poke_banked`].
    pub fn poke_io(&mut self, addr: u16, value: u8) {
        match addr {
            0xD000..=0xDFFF => {
                let now = self.cycles();
                self.cpu.memory.write_io(addr, value, now);
                self.cpu.memory.wake();
            }
            _ => self.poke_banked(addr, value),
        }
    }
    /// Colour RAM ($D800-$DBFF), 4-bit values.
    pub fn color_ram(&self) -> &[u8; 1024] {
        &self.cpu.memory.color
    }
    /// Set a colour RAM nibble (offset 0-1023).
    pub fn set_color_ram(&mut self, offset: usize, value: u8) {
        if let Some(c) = self.cpu.memory.color.get_mut(offset) {
            *c = value & 0x0F;
        }
    }
    /// The last value the CPU wrote to each SID register ($D400 + index; most of them
    /// read back nothing).
    pub fn sid_written(&self) -> [u8; 0x20] {
        self.cpu.memory.sid.written()
    }
    /// A VIC-II register ($D000 + reg) as the CPU would read it now.
    pub fn vic_reg(&self, reg: u8) -> u8 {
        self.cpu.memory.vic.peek(reg & 0x3F, self.cycles())
    }

    /// The CPU registers.
    pub fn regs(&self) -> Regs {
        let r = &self.cpu.registers;
        Regs {
            a: r.accumulator,
            x: r.index_x,
            y: r.index_y,
            sp: r.stack_pointer.0,
            pc: r.program_counter,
            p: (r.status.bits() | 0x20) & !0x10,
        }
    }
    /// Set the CPU registers.
    pub fn set_regs(&mut self, regs: Regs) {
        let r = &mut self.cpu.registers;
        r.accumulator = regs.a;
        r.index_x = regs.x;
        r.index_y = regs.y;
        r.stack_pointer = StackPointer(regs.sp);
        r.program_counter = regs.pc;
        r.status = Status::from_bits_truncate((regs.p | 0x20) & !0x10);
    }
    /// 6502 instructions executed since power-on (native KERNAL routines not counted).
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Emulated cycles since power-on.
    pub fn cycles(&self) -> u64 {
        self.cpu.cycles
    }

    pub(crate) fn push_word(&mut self, w: u16) {
        let [lo, hi] = w.to_le_bytes();
        self.push(hi);
        self.push(lo);
    }

    pub(crate) fn push(&mut self, b: u8) {
        let sp = &mut self.cpu.registers.stack_pointer;
        self.cpu.memory.ram[0x100 + usize::from(sp.0)] = b;
        sp.0 = sp.0.wrapping_sub(1);
    }

    pub(crate) fn pull(&mut self) -> u8 {
        let sp = &mut self.cpu.registers.stack_pointer;
        sp.0 = sp.0.wrapping_add(1);
        self.cpu.memory.ram[0x100 + usize::from(sp.0)]
    }

    pub(crate) fn pull_word(&mut self) -> u16 {
        let lo = self.pull();
        let hi = self.pull();
        u16::from_le_bytes([lo, hi])
    }

    /// The word `depth` bytes above the stack pointer (1 = top of stack).
    pub(crate) fn stack_word(&self, depth: u8) -> u16 {
        let sp = self.cpu.registers.stack_pointer.0;
        let lo = self.peek(ram::STACK + u16::from(sp.wrapping_add(depth)));
        let hi = self.peek(ram::STACK + u16::from(sp.wrapping_add(depth).wrapping_add(1)));
        u16::from_le_bytes([lo, hi])
    }

    // ----- snapshots -----

    /// The whole machine state (CPU, memory, chips, typing queue).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            cpu: self.cpu.clone(),
            input: self.input.clone(),
            exec: self.exec.clone(),
            instructions: self.instructions,
        }
    }
    /// Go back to a snapshot.
    pub fn restore(&mut self, s: &Snapshot) {
        // The watch is the debugger's, not the machine state's: it stays.
        let watching = self.cpu.memory.watching.take();
        self.cpu.clone_from(&s.cpu);
        self.cpu.memory.watching = watching;
        self.input.clone_from(&s.input);
        self.exec.clone_from(&s.exec);
        self.instructions = s.instructions;
    }

    // ----- diagnostics -----

    /// Report reads of ROM at addresses the program wrote (the write went to the RAM
    /// underneath; the read returns ROM). Off by default.
    pub fn set_strict(&mut self, on: bool) {
        self.cpu.memory.strict = on;
    }

    /// What a JAM opcode does: end the run with [`Stop::Jam`] (true, the default: a
    /// program that jams has gone wrong), or stop the CPU and let the machine run on
    /// until the cycle budget ends, as on a C64 (false; VICE's "continue" JAM action,
    /// which its test programs expect). Only a reset would restart the CPU.
    pub fn set_jam_stops(&mut self, stops: bool) {
        self.exec.jam_stops = stops;
    }

    /// Does a JAM end the run ([`Machine::set_jam_stops`])?
    pub fn jam_stops(&self) -> bool {
        self.exec.jam_stops
    }

    /// Is the CPU jammed (with [`Machine::set_jam_stops`] off)?
    pub fn jammed(&self) -> bool {
        self.exec.jammed.is_some()
    }

    /// Which CIA revision both CIAs are (default the 6526A of the C64C): the 6526
    /// interrupts one cycle after the cause, the 6526A on its cycle (docs/emulator.md).
    pub fn set_cia_model(&mut self, model: CiaModel) {
        self.cpu.memory.cia1.set_model(model);
        self.cpu.memory.cia2.set_model(model);
    }

    /// Plug in VICE's debug cartridge: a write to $D7FF (otherwise a SID mirror) ends the
    /// run with [`Stop::DebugCart`] carrying the value written. Off by default.
    pub fn set_debugcart(&mut self, on: bool) {
        self.cpu.memory.debugcart = on;
    }
    /// Distinct (address, PC) strict reports so far (the first 1000).
    pub fn strict_violations(&self) -> &[StrictViolation] {
        &self.cpu.memory.violations
    }
    /// Every strict report counted, duplicates included.
    pub fn strict_violation_count(&self) -> u64 {
        self.cpu.memory.violation_count
    }

    /// Write one line per instruction to `trace` (or stop tracing with None).
    pub fn set_trace(&mut self, trace: Option<Trace>) {
        self.trace = trace;
    }

    /// Show every instruction to `observer` before it runs (None: stop). Returns the
    /// observer that was there, so a tool can take back what it recorded.
    pub fn set_observer(
        &mut self,
        observer: Option<Box<dyn Observer>>,
    ) -> Option<Box<dyn Observer>> {
        std::mem::replace(&mut self.observer, observer)
    }

    /// End runs when the CPU executes, reads or writes watched addresses ([`Watch`](
    /// crate::Watch)); None removes the watch. A run then stops with
    /// [`Stop::Watch`]: before a watched instruction executes (but not at the first
    /// instruction of a run, so a run resumes from a hit), or after the instruction
    /// that read or wrote a watched address. Read and write watches run every
    /// instruction through the CPU's sequencer (slower than its fast path).
    pub fn set_watch(&mut self, watch: Option<crate::watch::Watch>) {
        self.cpu.memory.watching =
            watch.map(|watch| Box::new(crate::watch::Watching { watch, hit: None }));
        self.cpu.memory.wake();
    }

    /// The watch set by [`Machine::set_watch`].
    pub fn watch(&self) -> Option<&crate::watch::Watch> {
        self.cpu.memory.watching.as_deref().map(|w| &w.watch)
    }

    /// Emulate VIC-II `model` (the 6569 unless told), at power-on: an NTSC chip makes
    /// the machine an NTSC C64 (its line and frame, its clock, 60 Hz mains for the
    /// CIAs' time-of-day clocks; the genuine KERNAL finds out from the raster counter).
    pub fn set_vic_model(&mut self, model: vic::Model) {
        let bus = &mut self.cpu.memory;
        bus.vic.set_model(model);
        bus.cia1.set_mains(model.clock_hz(), model.mains_hz());
        bus.cia2.set_mains(model.clock_hz(), model.mains_hz());
        bus.sid.set_clock(model.clock_hz() as u32);
        if !self.real_roms() && self.cycles() == 0 {
            // The stub KERNAL's cold start finds the chip out as the genuine one does:
            // PAL or NTSC ($02A6) and the 60 Hz timer for its clock.
            let bus = &mut self.cpu.memory;
            bus.poke(ram::PALNTS, u8::from(kernal::pal(bus)));
            let latch = kernal::jiffy_latch(bus);
            bus.cia1.start_jiffy_timer(latch, 0);
        }
    }

    /// The VIC-II emulated.
    pub fn vic_model(&self) -> vic::Model {
        self.cpu.memory.vic.model()
    }

    /// Cycles per frame of the VIC-II emulated (19656 on PAL).
    pub fn cycles_per_frame(&self) -> u64 {
        self.cpu.memory.vic.timing().frame
    }

    /// The CPU's clock, cycles per second (985248 on PAL, 1022727 on NTSC).
    pub fn clock_hz(&self) -> u64 {
        self.vic_model().clock_hz()
    }

    /// The SID's revision (6581 by default).
    pub fn set_sid_model(&mut self, model: c64sid::ChipModel) {
        self.cpu.memory.sid.set_model(model);
    }

    /// The SID's revision.
    pub fn sid_model(&self) -> c64sid::ChipModel {
        self.cpu.memory.sid.model()
    }

    /// From now on the SID makes samples at `rate_hz` (see [`Machine::take_audio`]).
    pub fn enable_audio(&mut self, rate_hz: u32) {
        let now = self.cycles();
        self.cpu.memory.sid.enable_output(rate_hz, now);
    }

    /// The SID's samples (mono, 16-bit) up to now since the last call.
    pub fn take_audio(&mut self) -> Vec<i16> {
        let now = self.cycles();
        self.cpu.memory.sid.take_samples(now)
    }

    /// Keep drawing the picture (`render`); a run nobody watches may turn it off.
    pub fn set_drawing(&mut self, on: bool) {
        self.cpu.memory.vic.set_drawing(on);
    }

    /// Raster line the VIC is on now.
    pub fn raster_line(&self) -> u16 {
        self.cpu.memory.vic.raster_line(self.cycles())
    }

    /// Cycles the VIC has taken from the CPU since power-on (bad lines, sprite DMA: the
    /// CPU halted at a read while BA was low); they are part of `cycles`.
    pub fn stolen_cycles(&self) -> u64 {
        self.cpu.memory.stalled
    }

    /// Cycles the CPU itself ran since power-on: `cycles` without those the VIC took.
    /// A routine's cost counted this way is the same wherever the raster beam is (what
    /// `call` reports and profiles add up).
    pub fn cpu_cycles(&self) -> u64 {
        self.cycles() - self.stolen_cycles()
    }

    /// Whole frames (19656 cycles on PAL) emulated so far.
    pub fn frames(&self) -> u64 {
        self.cycles() / self.cycles_per_frame()
    }
}

/// RAM, I/O and zero-page state after the KERNAL cold start and BASIC's init, at
/// cycle `now` (the VIC's registers are CINT's: the machine's first state has them).
fn cold_start(bus: &mut C64Bus, now: u64) {
    // IOINIT sets the processor port first thing (the 6510 left reset with every line
    // an input).
    bus.set_port(PORT_DDR_KERNAL, PORT_DATA_KERNAL);
    // RAMTAS clears the zero page from $02 and pages 2 and 3; BASIC's NEW leaves an
    // empty program ($0800-$0802 zero). The rest of RAM keeps its power-on pattern.
    bus.ram[0x0002..0x0102].fill(0);
    bus.ram[0x0200..0x0400].fill(0);
    bus.ram[0x0800..0x0803].fill(0);
    bus.ram[usize::from(ram::SCREEN)..usize::from(ram::SCREEN) + 1000].fill(0x20);
    for (i, v) in rom::ram_vectors().iter().enumerate() {
        bus.poke_word(ram::CINV + 2 * i as u16, *v);
    }
    // USRCMD ($032E) points at the BRK handler too.
    bus.poke_word(ram::USRCMD, kernal::BRK_HANDLER);
    let words: [(u16, u16); 8] = [
        (ram::TXTTAB, ram::BASIC_START),
        (ram::VARTAB, 0x0803),
        (ram::ARYTAB, 0x0803),
        (ram::STREND, 0x0803),
        (ram::FRETOP, crate::map::rom::BASIC),
        (ram::MEMSIZ, crate::map::rom::BASIC),
        (ram::MEMSTR, 0x0800),
        (ram::MEMTOP, crate::map::rom::BASIC),
    ];
    for (addr, w) in words {
        bus.poke_word(addr, w);
    }
    let bytes: [(u16, u8); 16] = [
        (ram::COLOR, 14),
        (ram::HIBASE, 0x04),
        (ram::XMAX, 10),
        (ram::RPTFLG, 0x00),
        (ram::KOUNT, 4),
        (ram::DELAY, 16),
        (ram::DFLTO, 3),
        (ram::DFLTN, 0),
        (ram::STKEY, 0xFF),
        (ram::LSTX, 64),
        (ram::SFDX, 64),
        (ram::BLNSW, 1),
        (ram::PALNTS, 1),
        (ram::LDTND, 0),
        (ram::MSGFLG, 0),
        (ram::STATUS, 0),
    ];
    for (addr, v) in bytes {
        bus.poke(addr, v);
    }
    for (r, value) in vic::KERNAL_INIT {
        bus.write_io(crate::map::io::VIC + u16::from(r), value, now);
    }
    bus.cia1.set_ports(0x7F, 0xFF, 0xFF, 0x00);
    bus.cia2.set_ports(0x17, 0x3F, 0xFF, 0x00);
    bus.sync_vic_bank(0);
    bus.cia1.start_jiffy_timer(pal::JIFFY_LATCH, now);
    bus.color.fill(14);
    editor::set_cursor(bus, 0, 0);
}

// Snapshot files (c64state): every field named.
c64state::persist!(Input {
    line,
    line_start,
    in_line_input
});
