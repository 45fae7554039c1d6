//! `Machine`: the whole C64 subset (CPU + bus + input state) and the harness API.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::sync::Arc;

use mos6502::cpu::{CPU, WaitState};
use mos6502::instruction::Nmos6502;
use mos6502::memory::Bus;
use mos6502::registers::{StackPointer, Status};

use crate::bus::{C64Bus, StrictViolation};
use crate::io::{CYCLES_PER_FRAME, raster_line};
use crate::kernal::{self, Effect};
use crate::loader::{self, LoadError, Loaded};
use crate::rom::{self, Roms};
use crate::trace::Trace;
use crate::{cpu_fixes, editor, petscii, unicode};

pub(crate) type Cpu = CPU<C64Bus, Nmos6502>;

/// CPU registers. `p` is the status byte as PHP would push it (bit 5 set, B clear).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Regs {
    pub a: u8,
    pub x: u8,
    pub y: u8,
    pub sp: u8,
    pub pc: u16,
    pub p: u8,
}

/// Why a run ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The program returned to BASIC (RTS from the SYS, or a jump to READY/warm start).
    ReturnedToBasic,
    /// PC reached the requested address.
    Reached(u16),
    /// The cycle budget ran out.
    CycleLimit,
    /// A JAM (KIL) opcode halted the CPU.
    Jam { pc: u16, opcode: u8 },
    /// A BRK instruction at `pc` reached the KERNAL's BRK handler.
    Brk { pc: u16 },
    /// PC entered a KERNAL/BASIC ROM routine the emulator does not implement.
    /// `caller` is the JSR that called it, taken from the return address on the stack.
    UnimplementedKernal { entry: u16, caller: u16 },
    /// A label given as a target is not known.
    UnknownTarget(String),
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::ReturnedToBasic => write!(f, "returned to BASIC"),
            Stop::Reached(a) => write!(f, "reached ${a:04X}"),
            Stop::CycleLimit => write!(f, "cycle limit reached"),
            Stop::Jam { pc, opcode } => write!(f, "CPU jammed: opcode ${opcode:02X} at ${pc:04X}"),
            Stop::Brk { pc } => write!(f, "BRK at ${pc:04X}"),
            Stop::UnimplementedKernal { entry, caller } => write!(
                f,
                "unimplemented KERNAL/BASIC entry ${entry:04X} (called from ${caller:04X})"
            ),
            Stop::UnknownTarget(name) => write!(f, "unknown label or address {name:?}"),
        }
    }
}

impl std::error::Error for Stop {}

/// An address, or a label / number string resolved with [`Machine::resolve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Addr(u16),
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
/// the call) and the cycles the routine took, including the JSR and RTS.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CallResult {
    pub regs: Regs,
    pub cycles: u64,
}

/// Keyboard input state: keys queued by `type_keys` and the line CHRIN is handing out.
#[derive(Clone, Default, Debug)]
pub(crate) struct Input {
    pub queue: VecDeque<u8>,
    pub line: VecDeque<u8>,
    pub line_start: Option<(u8, u8)>,
    /// The program asked for a key and none was available.
    pub starved: bool,
    /// CHRIN is waiting for the user to finish a line (the window shows the cursor).
    pub in_line_input: bool,
}

/// Complete machine state, for cheap save/restore (e.g. exploring game trees).
#[derive(Clone)]
pub struct Snapshot {
    cpu: Cpu,
    input: Input,
    instructions: u64,
}

#[derive(Default)]
struct Symbols {
    by_name: BTreeMap<String, u16>,
    by_addr: BTreeMap<u16, String>,
}

/// Cycles of a JSR (the call harness pushes the return address itself).
const JSR_CYCLES: u64 = 6;
/// While the IRQ line is asserted, look again this often (one raster line).
const MASKED_IRQ_POLL: u64 = 63;
const NO_UNTIL: u32 = 0x1_0000;

enum Halt {
    Stop(Stop),
    CallDone,
}

/// A C64 subset: 6502 CPU, 64 KiB RAM, banking, stub ROMs with native KERNAL routines,
/// VIC/CIA subset. See `docs/emulator.md` and `docs/harness.md`.
#[derive(Clone)]
pub struct Machine {
    pub(crate) cpu: Cpu,
    pub(crate) input: Input,
    symbols: Arc<Symbols>,
    flags: &'static [u8; 0x10000],
    trace: Option<Trace>,
    call_trap: Option<(u16, u8)>,
    instructions: u64,
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
    /// A machine in the state the KERNAL cold start leaves: screen cleared, cursor home,
    /// colours 14 on 6 with border 14, $01 = $37, interrupts on, PC at BASIC's READY.
    pub fn new() -> Machine {
        Machine::with_chargen(&crate::charset::CHARGEN)
    }

    /// Like `new`, with the user's own 4 KiB character ROM image.
    pub fn with_chargen(chargen: &[u8; 4096]) -> Machine {
        let bus = C64Bus::new(Arc::new(Roms::new(chargen)));
        let mut cpu = CPU::new(bus, Nmos6502);
        cold_start(&mut cpu.memory);
        cpu.registers.program_counter = rom::BASIC_READY;
        cpu.registers.stack_pointer = StackPointer(0xFA);
        cpu.registers.status = Status::PS_UNUSED;
        Machine {
            cpu,
            input: Input::default(),
            symbols: Arc::new(Symbols::default()),
            flags: rom::trap_flags(),
            trace: None,
            call_trap: None,
            instructions: 0,
        }
    }

    // ----- loading and starting -----

    /// Load a .prg (2-byte load address + data) at its load address, like LOAD"",8,1:
    /// sets the end address in $AE/$AF, and for a BASIC program at $0801 also the
    /// start of variables $2D/$2E.
    pub fn load_prg(&mut self, prg: &[u8]) -> Result<Loaded, LoadError> {
        let (addr, data) = loader::split_prg(prg)?;
        let loaded = self.load_raw(addr, data)?;
        let end = loaded.end.min(0xFFFF) as u16;
        self.write(0xAE, &end.to_le_bytes());
        if addr == 0x0801 {
            self.write(0x2D, &end.to_le_bytes());
        }
        Ok(loaded)
    }

    /// Copy raw bytes to RAM at `addr` (nothing else changes).
    pub fn load_raw(&mut self, addr: u16, bytes: &[u8]) -> Result<Loaded, LoadError> {
        let end = loader::check_range(addr, bytes.len())?;
        self.write(addr, bytes);
        let sys = if addr == 0x0801 {
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
    /// address on the stack that leads back to BASIC (ending the run as `ReturnedToBasic`).
    pub fn start_at(&mut self, addr: u16) {
        let r = &mut self.cpu.registers;
        r.stack_pointer = StackPointer(0xFA);
        self.push_word(rom::BASIC_READY - 1);
        let ram = &self.cpu.memory.ram;
        let (a, x, y, p) = (ram[0x030C], ram[0x030D], ram[0x030E], ram[0x030F]);
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
            other => other.to_string(),
        }
    }

    fn target_addr(&self, target: Target) -> Result<u16, Stop> {
        match target {
            Target::Addr(a) => Ok(a),
            Target::Name(n) => self.resolve(&n).ok_or(Stop::UnknownTarget(n)),
        }
    }

    // ----- memory and registers -----

    /// RAM underneath, whatever is banked in.
    pub fn peek(&self, addr: u16) -> u8 {
        self.cpu.memory.ram[addr as usize]
    }
    pub fn poke(&mut self, addr: u16, value: u8) {
        self.cpu.memory.ram[addr as usize] = value;
    }
    /// `len` RAM bytes from `addr` (wrapping at $FFFF).
    pub fn read(&self, addr: u16, len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| self.peek(addr.wrapping_add(i as u16)))
            .collect()
    }
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
    /// without side effects.
    pub fn peek_banked(&self, addr: u16) -> u8 {
        self.cpu.memory.peek_banked(addr)
    }
    /// Colour RAM ($D800-$DBFF), 4-bit values.
    pub fn color_ram(&self) -> &[u8; 1024] {
        &self.cpu.memory.color
    }
    pub fn set_color_ram(&mut self, offset: usize, value: u8) {
        if let Some(c) = self.cpu.memory.color.get_mut(offset) {
            *c = value & 0x0F;
        }
    }
    /// A VIC-II register ($D000 + reg) as the CPU would read it.
    pub fn vic_reg(&self, reg: u8) -> u8 {
        self.cpu
            .memory
            .vic
            .read(0xD000 + u16::from(reg & 0x3F), raster_line(self.cycles()))
    }

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
        let sp = &mut self.cpu.registers.stack_pointer;
        let ram = &mut self.cpu.memory.ram;
        ram[0x100 + sp.0 as usize] = (w >> 8) as u8;
        sp.0 = sp.0.wrapping_sub(1);
        ram[0x100 + sp.0 as usize] = w as u8;
        sp.0 = sp.0.wrapping_sub(1);
    }

    pub(crate) fn pull_word(&mut self) -> u16 {
        let sp = &mut self.cpu.registers.stack_pointer;
        let ram = &self.cpu.memory.ram;
        sp.0 = sp.0.wrapping_add(1);
        let lo = ram[0x100 + sp.0 as usize];
        sp.0 = sp.0.wrapping_add(1);
        let hi = ram[0x100 + sp.0 as usize];
        u16::from_le_bytes([lo, hi])
    }

    /// The word `depth` bytes above the stack pointer (1 = top of stack).
    pub(crate) fn stack_word(&self, depth: u8) -> u16 {
        let sp = self.cpu.registers.stack_pointer.0;
        let lo = self.peek(0x100 + u16::from(sp.wrapping_add(depth)));
        let hi = self.peek(0x100 + u16::from(sp.wrapping_add(depth).wrapping_add(1)));
        u16::from_le_bytes([lo, hi])
    }

    // ----- running -----

    /// Run until something stops the program or `max_cycles` have passed.
    pub fn run(&mut self, max_cycles: u64) -> Stop {
        match self.execute(max_cycles, NO_UNTIL) {
            Halt::Stop(s) => s,
            Halt::CallDone => unreachable_call(),
        }
    }

    /// Execute one instruction or native KERNAL routine (after taking a due IRQ, if any).
    /// Ok(()) when the machine can go on, or why it cannot.
    pub fn step(&mut self) -> Result<(), Stop> {
        match self.run(1) {
            Stop::CycleLimit => Ok(()),
            other => Err(other),
        }
    }

    /// Run until PC gets to `target` (the instruction at the current PC is not checked).
    /// Ok(cycles used), or the stop that came first.
    pub fn run_until(&mut self, target: impl Into<Target>, max_cycles: u64) -> Result<u64, Stop> {
        let addr = self.target_addr(target.into())?;
        let start = self.cycles();
        match self.execute(max_cycles, u32::from(addr)) {
            Halt::Stop(Stop::Reached(_)) => Ok(self.cycles() - start),
            Halt::Stop(s) => Err(s),
            Halt::CallDone => Err(unreachable_call()),
        }
    }

    /// JSR to `target` and run until the matching RTS. The routine runs with IRQs masked
    /// (unless it enables them itself) so `cycles` is its own cost, JSR and RTS included;
    /// the I flag is restored afterwards and PC is back where it was.
    pub fn call(&mut self, target: impl Into<Target>, max_cycles: u64) -> Result<CallResult, Stop> {
        let addr = self.target_addr(target.into())?;
        let saved_pc = self.cpu.registers.program_counter;
        let saved_i = self
            .cpu
            .registers
            .status
            .contains(Status::PS_DISABLE_INTERRUPTS);
        let start = self.cycles();
        let sp_before = self.cpu.registers.stack_pointer.0;
        self.push_word(rom::CALL_SENTINEL.wrapping_sub(1));
        self.cpu
            .registers
            .status
            .insert(Status::PS_DISABLE_INTERRUPTS);
        self.cpu.registers.program_counter = addr;
        self.cpu.cycles += JSR_CYCLES;
        let outer = self.call_trap.replace((rom::CALL_SENTINEL, sp_before));
        let halt = self.execute(max_cycles.saturating_sub(JSR_CYCLES), NO_UNTIL);
        self.call_trap = outer;
        match halt {
            Halt::CallDone => {
                self.cpu.registers.program_counter = saved_pc;
                self.cpu
                    .registers
                    .status
                    .set(Status::PS_DISABLE_INTERRUPTS, saved_i);
                Ok(CallResult {
                    regs: self.regs(),
                    cycles: self.cycles() - start,
                })
            }
            Halt::Stop(s) => Err(s),
        }
    }

    fn execute(&mut self, max_cycles: u64, until: u32) -> Halt {
        let end = self.cycles().saturating_add(max_cycles);
        if self.trace.is_some() {
            self.cpu.memory.io_log = Some(Vec::new());
            let h = self.exec_loop::<true, true>(end, until);
            self.cpu.memory.io_log = None;
            if let Some(t) = &self.trace {
                t.flush();
            }
            h
        } else if self.cpu.memory.strict {
            self.exec_loop::<false, true>(end, until)
        } else {
            self.exec_loop::<false, false>(end, until)
        }
    }

    /// The step loop. TRACE writes trace lines; STRICT keeps the bus told of the PC for
    /// strict reports. Both are constants so the common loop carries neither.
    fn exec_loop<const TRACE: bool, const STRICT: bool>(&mut self, end: u64, until: u32) -> Halt {
        self.cpu.memory.next_event = 0;
        let mut first = true;
        loop {
            if self.cpu.cycles >= self.cpu.memory.next_event {
                if self.cpu.cycles >= end {
                    return Halt::Stop(Stop::CycleLimit);
                }
                self.events(end);
            }
            let pc = self.cpu.registers.program_counter;
            if (u32::from(pc) == until && !first) || self.flags[pc as usize] != 0 {
                match self.at_flagged(pc, until, first) {
                    Flow::Step => {}
                    Flow::Again => {
                        first = false;
                        continue;
                    }
                    Flow::Halt(h) => return h,
                }
            }
            first = false;
            self.instructions += 1;
            if TRACE {
                self.traced_step(pc);
            } else {
                self.cpu.memory.now = self.cpu.cycles;
                if STRICT {
                    self.cpu.memory.pc = pc;
                }
                step_cpu(&mut self.cpu);
            }
            if self.cpu.wait_state() != WaitState::Running {
                let opcode = self.peek_banked(pc);
                // Leave the CPU usable for the next run (a real C64 would need a reset).
                self.clear_jam(pc);
                return Halt::Stop(Stop::Jam { pc, opcode });
            }
        }
    }

    /// Take the CPU out of its halted state (mos6502 only clears it on reset),
    /// keeping registers, with PC on the JAM opcode.
    fn clear_jam(&mut self, pc: u16) {
        let regs = self.regs();
        let strict = std::mem::replace(&mut self.cpu.memory.strict, false);
        self.cpu.reset();
        self.cpu.memory.strict = strict;
        self.set_regs(Regs { pc, ..regs });
    }

    fn traced_step(&mut self, pc: u16) {
        let before = self.regs();
        let cycles = self.cycles();
        if let Some(log) = &mut self.cpu.memory.io_log {
            log.clear();
        }
        self.cpu.memory.now = self.cpu.cycles;
        self.cpu.memory.pc = pc;
        step_cpu(&mut self.cpu);
        if let Some(t) = &self.trace {
            let notes = self.cpu.memory.io_log.as_deref().unwrap_or(&[]);
            t.instruction(self, before, cycles, notes);
        }
    }

    fn at_flagged(&mut self, pc: u16, until: u32, first: bool) -> Flow {
        let sp = self.cpu.registers.stack_pointer.0;
        if self.call_trap == Some((pc, sp)) {
            return Flow::Halt(Halt::CallDone);
        }
        if u32::from(pc) == until && !first {
            return Flow::Halt(Halt::Stop(Stop::Reached(pc)));
        }
        if self.flags[pc as usize] == 0 || !self.cpu.memory.rom_visible(pc) {
            return Flow::Step;
        }
        let effect = match pc {
            rom::BASIC_READY
            | rom::BASIC_NEWSTT
            | rom::BASIC_WARM_START
            | rom::BASIC_COLD_START => Effect::Stop(Stop::ReturnedToBasic),
            rom::BRK_HANDLER => {
                // Stack from the IRQ entry: Y X A P PCL PCH; PC points 2 past the BRK.
                let ret = self.stack_word(5);
                Effect::Stop(Stop::Brk {
                    pc: ret.wrapping_sub(2),
                })
            }
            _ => match kernal::native(self, pc) {
                Some(e) => e,
                None => Effect::Stop(Stop::UnimplementedKernal {
                    entry: pc,
                    caller: self.stack_word(1).wrapping_sub(2),
                }),
            },
        };
        if let Some(t) = &self.trace
            && !matches!(effect, Effect::Stop(_))
        {
            t.native(self, pc);
        }
        match effect {
            Effect::Rts => {
                let ret = self.pull_word();
                self.cpu.registers.program_counter = ret.wrapping_add(1);
                self.cpu.cycles += kernal::NATIVE_CYCLES + 6;
                Flow::Again
            }
            Effect::Jump(to) => {
                self.cpu.registers.program_counter = to;
                self.cpu.cycles += kernal::NATIVE_CYCLES;
                Flow::Again
            }
            Effect::Block => {
                self.cpu.cycles += kernal::BLOCK_CYCLES;
                Flow::Again
            }
            Effect::Stop(s) => Flow::Halt(Halt::Stop(s)),
        }
    }

    /// Timer underflows, the IRQ, and the next time the loop has to look.
    fn events(&mut self, end: u64) {
        let now = self.cpu.cycles;
        let bus = &mut self.cpu.memory;
        let irq = bus.cia1.advance(now);
        let mut next = end;
        if let Some(t) = bus.cia1.next_underflow(now) {
            next = next.min(t);
        }
        if irq {
            // Look again soon: a masked IRQ is taken once the I flag clears, and one the
            // handler does not acknowledge is taken again after its RTI.
            next = next.min(now + MASKED_IRQ_POLL);
            if !self
                .cpu
                .registers
                .status
                .contains(Status::PS_DISABLE_INTERRUPTS)
            {
                self.service_irq();
            }
        }
        self.cpu.memory.next_event = next;
    }

    fn service_irq(&mut self) {
        let pc = self.cpu.registers.program_counter;
        if let Some(t) = &self.trace {
            t.event(&format!(
                "---- IRQ (CIA1 timer A), return to ${pc:04X} ----"
            ));
        }
        self.push_word(pc);
        let p = (self.cpu.registers.status.bits() | 0x20) & !0x10;
        let sp = &mut self.cpu.registers.stack_pointer;
        self.cpu.memory.ram[0x100 + sp.0 as usize] = p;
        sp.0 = sp.0.wrapping_sub(1);
        self.cpu
            .registers
            .status
            .insert(Status::PS_DISABLE_INTERRUPTS);
        let lo = self.cpu.memory.get_byte(0xFFFE);
        let hi = self.cpu.memory.get_byte(0xFFFF);
        self.cpu.registers.program_counter = u16::from_le_bytes([lo, hi]);
        self.cpu.cycles += 7;
    }

    // ----- keyboard -----

    /// Queue keys (see `petscii::parse_keys` for the `{RETURN}`-style escapes; `\n` is
    /// RETURN). They reach the KERNAL key buffer as the program asks for keys. Characters
    /// that cannot be typed are skipped; use `try_type_keys` to get an error instead.
    pub fn type_keys(&mut self, text: &str) {
        self.input.queue.extend(petscii::parse_keys_lossy(text));
    }

    /// Queue key text, failing on unknown escapes or characters.
    pub fn try_type_keys(&mut self, text: &str) -> Result<(), String> {
        let codes = petscii::parse_keys(text)?;
        self.input.queue.extend(codes);
        Ok(())
    }

    /// Queue PETSCII codes as key presses.
    pub fn type_petscii(&mut self, codes: &[u8]) {
        self.input.queue.extend(codes);
    }

    /// Keys queued and not yet taken by the program.
    pub fn keys_pending(&self) -> usize {
        self.input.queue.len()
    }

    /// The program asked for a key while none was queued (since the last key it got).
    pub fn waiting_for_input(&self) -> bool {
        self.input.starved
    }

    /// Where CHRIN's line input has its cursor, while it waits for a line.
    pub fn input_cursor(&self) -> Option<(u8, u8)> {
        self.input
            .in_line_input
            .then(|| editor::cursor(&self.cpu.memory))
    }

    /// Hold or release a key in the CIA1 matrix (column = $DC00 bit, row = $DC01 bit).
    pub fn set_matrix_key(&mut self, col: u8, row: u8, pressed: bool) {
        let keys = &mut self.cpu.memory.cia1.keys[(col & 7) as usize];
        if pressed {
            *keys |= 1 << (row & 7);
        } else {
            *keys &= !(1 << (row & 7));
        }
    }

    /// Release every key in the matrix.
    pub fn release_all_keys(&mut self) {
        self.cpu.memory.cia1.keys = [0; 8];
    }

    // ----- screen -----

    /// Base of the 16 KiB bank the VIC sees ($DD00).
    pub fn vic_bank(&self) -> u16 {
        self.cpu.memory.cia2.vic_bank()
    }

    /// A byte as the VIC sees it in `bank`: the character ROM at $1000-$1FFF of banks
    /// 0 and 2, RAM elsewhere.
    pub fn vic_read(&self, bank: u16, addr: u16) -> u8 {
        let addr = bank | (addr & 0x3FFF);
        if (bank == 0x0000 || bank == 0x8000) && (addr & 0x3000) == 0x1000 {
            self.cpu.memory.roms.chargen[(addr & 0x0FFF) as usize]
        } else {
            self.peek(addr)
        }
    }

    /// Address of the text screen the VIC shows ($DD00 bank + $D018).
    pub fn screen_address(&self) -> u16 {
        let bus = &self.cpu.memory;
        bus.cia2.vic_bank() + u16::from(bus.vic.regs[0x18] >> 4) * 0x400
    }

    /// Lower/upper case character set selected ($D018 bit 1)?
    pub fn lowercase(&self) -> bool {
        self.cpu.memory.vic.regs[0x18] & 0x02 != 0
    }

    /// The 40x25 screen as text: 25 lines of 40 characters joined by '\n', screen codes
    /// mapped to the nearest Unicode character.
    pub fn screen_text(&self) -> String {
        let base = self.screen_address();
        let lower = self.lowercase();
        let mut s = String::with_capacity(25 * 41);
        for row in 0..25u16 {
            if row > 0 {
                s.push('\n');
            }
            for col in 0..40u16 {
                let code = self.peek(base.wrapping_add(row * 40 + col));
                s.push(unicode::screen_code_to_char(code, lower));
            }
        }
        s
    }

    /// One line of `screen_text` with trailing spaces removed.
    pub fn screen_line(&self, row: usize) -> String {
        self.screen_text()
            .lines()
            .nth(row)
            .unwrap_or("")
            .trim_end()
            .to_string()
    }

    /// The 1000 colour RAM nibbles, row by row.
    pub fn screen_colors(&self) -> Vec<u8> {
        self.cpu.memory.color[..1000].to_vec()
    }

    /// Screen codes of the 1000 cells.
    pub fn screen_codes(&self) -> Vec<u8> {
        self.read(self.screen_address(), 1000)
    }

    /// Text cursor of the screen editor as (row, column).
    pub fn cursor(&self) -> (u8, u8) {
        editor::cursor(&self.cpu.memory)
    }

    /// Print PETSCII through the screen editor, as CHROUT would.
    pub fn print_petscii(&mut self, codes: &[u8]) {
        for &c in codes {
            editor::chrout(&mut self.cpu.memory, c);
        }
    }

    // ----- snapshots -----

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            cpu: self.cpu.clone(),
            input: self.input.clone(),
            instructions: self.instructions,
        }
    }
    pub fn restore(&mut self, s: &Snapshot) {
        self.cpu.clone_from(&s.cpu);
        self.input.clone_from(&s.input);
        self.instructions = s.instructions;
    }

    // ----- diagnostics -----

    /// Report reads of ROM at addresses the program wrote (the write went to the RAM
    /// underneath; the read returns ROM). Off by default.
    pub fn set_strict(&mut self, on: bool) {
        self.cpu.memory.strict = on;
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

    /// Raster line the VIC is on now.
    pub fn raster_line(&self) -> u16 {
        raster_line(self.cycles())
    }

    /// Whole frames (PAL, 19656 cycles) emulated so far.
    pub fn frames(&self) -> u64 {
        self.cycles() / CYCLES_PER_FRAME
    }
}

/// One instruction. Interrupts are the machine's business (see `events`), so this skips
/// `single_step`'s interrupt polling. Kept out of line so that every loop variant shares
/// one copy of the CPU's fetch/decode/execute.
#[inline(never)]
fn step_cpu(cpu: &mut Cpu) {
    match cpu.fetch_next_and_decode() {
        Some(decoded) => {
            // mos6502 adds the page-crossing cycle to read-modify-write instructions
            // too; the NMOS 6502 spends a fixed 7 (abs,X/abs,Y) or 8 ((zp),Y) there.
            let fix = decoded.2.page_crossed() && cpu_fixes::is_read_modify_write(decoded.0);
            cpu.execute_instruction(decoded);
            if fix {
                cpu.cycles -= 1;
            }
        }
        // The unstable opcodes mos6502 leaves out ($93 $9B $9C $9E $9F $AB).
        None => cpu_fixes::unstable_opcode(cpu),
    }
}

enum Flow {
    Step,
    Again,
    Halt(Halt),
}

fn unreachable_call() -> Stop {
    // Only `call` installs a call trap, and it consumes CallDone itself.
    Stop::ReturnedToBasic
}

/// RAM, I/O and zero-page state after the KERNAL cold start and BASIC's init.
fn cold_start(bus: &mut C64Bus) {
    let ram = &mut bus.ram;
    ram[0x0400..0x07E8].fill(0x20);
    for (i, v) in rom::RAM_VECTORS.iter().enumerate() {
        ram[0x0314 + 2 * i] = *v as u8;
        ram[0x0315 + 2 * i] = (*v >> 8) as u8;
    }
    let words: [(usize, u16); 8] = [
        (0x2B, 0x0801), // start of BASIC text
        (0x2D, 0x0803), // start of variables
        (0x2F, 0x0803),
        (0x31, 0x0803),
        (0x33, 0xA000),
        (0x37, 0xA000), // top of BASIC memory
        (0x0281, 0x0800),
        (0x0283, 0xA000),
    ];
    for (addr, w) in words {
        ram[addr] = w as u8;
        ram[addr + 1] = (w >> 8) as u8;
    }
    ram[0x0286] = 14; // text colour
    ram[0x0288] = 0x04; // screen page
    ram[0x0289] = 10; // key buffer size
    ram[0x028A] = 0x00; // repeat cursor keys only
    ram[0x028B] = 4;
    ram[0x028C] = 16;
    ram[0x9A] = 3; // output to screen
    ram[0x91] = 0xFF; // STOP key not pressed
    ram[0xC5] = 64; // no key
    ram[0xCB] = 64;
    ram[0xCC] = 1; // cursor blink off
    bus.color.fill(14);
    editor::set_cursor(bus, 0, 0);
}
