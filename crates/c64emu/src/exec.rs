//! Running the machine: the step loop, the events between instructions (chips,
//! interrupts, typing, the cycle budget), and what happens at trapped addresses
//! (native KERNAL routines, the real KERNAL's serial routines, GETIN/CHRIN).
//!
//! Per instruction the loop does a few cheap checks: the cycle count against the next
//! event (one comparison), `run_until`'s address, the trap table (one byte per address,
//! looked at only in the blocks where the ROMs can be), and the JAM state.
//! Everything else happens in `events`, which the chips schedule: a timer's underflow,
//! the cycle an interrupt becomes visible to the CPU, a typed key's release. This is the
//! per-line event point the VIC's raster interrupt, bad lines and sprite DMA hook into
//! through `Vic::next_event`; the cycles the VIC steals are added to the cycle count here.
//!
//! Interrupt timing follows the 6502: the IRQ/NMI line is sampled in an instruction's
//! next-to-last cycle, so an interrupt asserted at cycle `a` is taken before the first
//! instruction that starts at `a + 2` or later; CLI/SEI/PLP change the I flag after that
//! sample (the interrupt is taken one instruction after CLI, and still after SEI), RTI
//! before it.

use mos6502::cpu::WaitState;
use mos6502::memory::Bus;
use mos6502::registers::Status;

use crate::cpu_fixes;
use crate::files::{self, SerialTrap};
use crate::kernal::{self, Effect};
use crate::keyboard;
use crate::machine::{Cpu, Machine, Regs, Stop, Target};
use crate::map::{ram, rom as map_rom};
use crate::rom;
use crate::typist::Action;

/// Cycles of a JSR (the call harness pushes the return address itself).
const JSR_CYCLES: u64 = 6;
const NO_UNTIL: u32 = 0x1_0000;
/// The 8 KiB blocks a trap can be in: BASIC's ($A000, block 5) and the KERNAL's
/// ($E000, block 7), one bit each (checked by a test), so code running anywhere else
/// costs the step loop no look-up.
const TRAP_BLOCKS: u8 = 1 << 5 | 1 << 7;
const OP_CLI: u8 = 0x58;
const OP_SEI: u8 = 0x78;
const OP_PLP: u8 = 0x28;

/// Can `pc` be trapped? (Code below $A000, the usual place, answers in one comparison.)
#[inline(always)]
fn in_trap_block(pc: u16) -> bool {
    pc >= map_rom::BASIC && TRAP_BLOCKS & (1 << (pc >> 13)) != 0
}

/// Interrupt bookkeeping kept between runs (part of snapshots).
#[derive(Clone, Debug, Default)]
pub(crate) struct ExecState {
    /// The NMI line's level at the last look (NMI is edge-triggered).
    nmi_line: bool,
    /// The CIA 2 line's last fall seen (a fall and a release between two looks is an
    /// edge too).
    cia_fall_seen: Option<u64>,
    /// An NMI edge seen at this cycle, not yet taken.
    nmi_at: Option<u64>,
    /// RESTORE pressed at this cycle (the NMI line is low for a moment).
    restore_at: Option<u64>,
    /// The I flag at the last event check, and the cycle of that check.
    last_i: (bool, u64),
    /// An IRQ is pending while interrupts are masked: the loop watches the I flag.
    watch_i: bool,
    /// Stop once the program waits for keys with nothing left to type.
    stop_when_idle: bool,
    /// Returned to BASIC with the stub ROMs (the run ends at the next look).
    halt: Option<Stop>,
}

enum Halt {
    Stop(Stop),
    CallDone,
}

enum Flow {
    Step,
    Again,
    Halt(Halt),
}

/// How a loop variant ended: halted, or the I-flag watch must switch on or off.
enum LoopEnd {
    Halt(Halt),
    Switch,
}

impl Machine {
    /// Run until something stops the program or `max_cycles` have passed.
    pub fn run(&mut self, max_cycles: u64) -> Stop {
        match self.execute(max_cycles, NO_UNTIL, false) {
            Halt::Stop(s) => s,
            Halt::CallDone => Stop::ReturnedToBasic,
        }
    }

    /// Run until the program waits for a key and every typed key has been taken
    /// (a GETIN or keyboard CHRIN found nothing to give): Ok(cycles used), or the stop
    /// that came first. With the user's ROMs this is how BASIC's READY prompt shows.
    pub fn run_until_idle(&mut self, max_cycles: u64) -> Result<u64, Stop> {
        let start = self.cycles();
        match self.execute(max_cycles, NO_UNTIL, true) {
            Halt::Stop(Stop::Idle) => Ok(self.cycles() - start),
            Halt::Stop(s) => Err(s),
            Halt::CallDone => Err(Stop::ReturnedToBasic),
        }
    }

    /// Execute one instruction or native KERNAL routine (after taking a due interrupt).
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
        match self.execute(max_cycles, u32::from(addr), false) {
            Halt::Stop(Stop::Reached(_)) => Ok(self.cycles() - start),
            Halt::Stop(s) => Err(s),
            Halt::CallDone => Err(Stop::ReturnedToBasic),
        }
    }

    /// JSR to `target` and run until the matching RTS. The routine runs with IRQs masked
    /// (unless it enables them itself) so `cycles` is its own cost, JSR and RTS included,
    /// and `stolen` the cycles the VIC took meanwhile (bad lines, sprite DMA); the I flag
    /// is restored afterwards and PC is back where it was.
    pub fn call(
        &mut self,
        target: impl Into<Target>,
        max_cycles: u64,
    ) -> Result<crate::CallResult, Stop> {
        let addr = self.target_addr(target.into())?;
        if let Some(mut o) = self.observer.take() {
            o.call(self, addr);
            self.observer = Some(o);
        }
        let saved_pc = self.cpu.registers.program_counter;
        let saved_i = self
            .cpu
            .registers
            .status
            .contains(Status::PS_DISABLE_INTERRUPTS);
        let start = self.cycles();
        let stolen_before = self.cpu.memory.vic.stolen();
        let sp_before = self.cpu.registers.stack_pointer.0;
        self.push_word(rom::CALL_SENTINEL.wrapping_sub(1));
        self.cpu
            .registers
            .status
            .insert(Status::PS_DISABLE_INTERRUPTS);
        self.cpu.registers.program_counter = addr;
        self.cpu.cycles += JSR_CYCLES;
        let outer = self.call_trap.replace((rom::CALL_SENTINEL, sp_before));
        let halt = self.execute(max_cycles.saturating_sub(JSR_CYCLES), NO_UNTIL, false);
        self.call_trap = outer;
        match halt {
            Halt::CallDone => {
                self.cpu.registers.program_counter = saved_pc;
                self.cpu
                    .registers
                    .status
                    .set(Status::PS_DISABLE_INTERRUPTS, saved_i);
                let stolen = self.cpu.memory.vic.stolen() - stolen_before;
                Ok(crate::CallResult {
                    regs: self.regs(),
                    cycles: self.cycles() - start - stolen,
                    stolen,
                })
            }
            Halt::Stop(s) => Err(s),
        }
    }

    fn execute(&mut self, max_cycles: u64, until: u32, idle: bool) -> Halt {
        let end = self.cycles().saturating_add(max_cycles);
        self.exec.stop_when_idle = idle;
        self.cpu.memory.next_event = 0;
        let traced = self.trace.is_some();
        if traced {
            self.cpu.memory.io_log = Some(Vec::new());
        }
        // Observers share the traced loop, so the others carry no check for them.
        let observed = traced || self.observer.is_some();
        let mut first = true;
        let halt = loop {
            let end_of = match (observed, self.exec.watch_i) {
                (true, _) => self.exec_loop::<true, true>(end, until, &mut first),
                (false, true) => self.exec_loop::<false, true>(end, until, &mut first),
                (false, false) => self.exec_loop::<false, false>(end, until, &mut first),
            };
            match end_of {
                LoopEnd::Halt(h) => break h,
                LoopEnd::Switch => continue,
            }
        };
        self.exec.stop_when_idle = false;
        if traced {
            self.cpu.memory.io_log = None;
            if let Some(t) = &self.trace {
                t.flush();
            }
        }
        halt
    }

    /// The step loop. TRACE writes trace lines; WATCH looks at the I flag after each
    /// instruction (an IRQ waits for it to clear). Both are constants so the common loop
    /// carries neither. (Strict mode is the bus's business: it needs nothing here.)
    fn exec_loop<const TRACE: bool, const WATCH: bool>(
        &mut self,
        end: u64,
        until: u32,
        first: &mut bool,
    ) -> LoopEnd {
        // A local copy, so the hot loop keeps it in a register.
        let mut at_start = *first;
        let ended = loop {
            if self.cpu.cycles >= self.cpu.memory.next_event {
                if let Some(h) = self.events(end) {
                    break LoopEnd::Halt(h);
                }
                if self.exec.watch_i != WATCH {
                    break LoopEnd::Switch;
                }
            }
            let pc = self.cpu.registers.program_counter;
            if (u32::from(pc) == until && !at_start)
                || (in_trap_block(pc) && self.traps[usize::from(pc)] != 0)
            {
                match self.at_trap(pc, until, at_start) {
                    Flow::Step => {}
                    Flow::Again => {
                        at_start = false;
                        continue;
                    }
                    Flow::Halt(h) => break LoopEnd::Halt(h),
                }
            }
            at_start = false;
            self.instructions += 1;
            let jammed = if TRACE {
                self.traced_step(pc)
            } else {
                let cycles = self.cpu.cycles;
                self.cpu.memory.set_stamp(cycles, pc);
                step_cpu(&mut self.cpu)
            };
            if WATCH
                && !self
                    .cpu
                    .registers
                    .status
                    .contains(Status::PS_DISABLE_INTERRUPTS)
            {
                self.cpu.memory.next_event = 0;
            }
            if jammed {
                let opcode = self.peek_banked(pc);
                // Leave the CPU usable for the next run (a real C64 would need a reset).
                self.clear_jam(pc);
                break LoopEnd::Halt(Halt::Stop(Stop::Jam { pc, opcode }));
            }
        };
        *first = at_start;
        ended
    }

    /// Take the CPU out of its halted state (mos6502 only clears it on reset),
    /// keeping registers, with PC on the JAM opcode.
    fn clear_jam(&mut self, pc: u16) {
        let regs = self.regs();
        let cycles = self.cpu.cycles;
        let strict = std::mem::replace(&mut self.cpu.memory.strict, false);
        self.cpu.reset();
        self.cpu.cycles = cycles;
        self.cpu.memory.strict = strict;
        self.set_regs(Regs { pc, ..regs });
    }

    fn traced_step(&mut self, pc: u16) -> bool {
        if let Some(mut o) = self.observer.take() {
            o.instruction(self, pc);
            self.observer = Some(o);
        }
        let cycles = self.cpu.cycles;
        if self.trace.is_none() {
            // Observed, not traced.
            self.cpu.memory.set_stamp(cycles, pc);
            return step_cpu(&mut self.cpu);
        }
        let before = self.regs();
        if let Some(log) = &mut self.cpu.memory.io_log {
            log.clear();
        }
        self.cpu.memory.set_stamp(cycles, pc);
        let jammed = step_cpu(&mut self.cpu);
        if let Some(t) = &self.trace {
            let notes = self.cpu.memory.io_log.as_deref().unwrap_or(&[]);
            t.instruction(self, before, cycles, notes);
        }
        jammed
    }

    fn at_trap(&mut self, pc: u16, until: u32, first: bool) -> Flow {
        let sp = self.cpu.registers.stack_pointer.0;
        if self.call_trap == Some((pc, sp)) {
            return Flow::Halt(Halt::CallDone);
        }
        if u32::from(pc) == until && !first {
            return Flow::Halt(Halt::Stop(Stop::Reached(pc)));
        }
        let trap = self.traps[usize::from(pc)];
        if trap == rom::TRAP_NONE
            || trap == rom::TRAP_CALL_RETURN
            || !self.cpu.memory.rom_visible(pc)
        {
            return Flow::Step;
        }
        let effect = match trap {
            rom::TRAP_UNIMPLEMENTED => Effect::Stop(Stop::UnimplementedKernal {
                entry: pc,
                caller: self.stack_word(1).wrapping_sub(2),
            }),
            rom::TRAP_ASK_GETIN | rom::TRAP_ASK_CHRIN => {
                self.observe_key_request(trap == rom::TRAP_ASK_CHRIN);
                return Flow::Step;
            }
            t => {
                if let Some(s) = SerialTrap::from_trap(t) {
                    return match files::serial_trap(self, s) {
                        Some(resume) => {
                            if let Some(t) = &self.trace {
                                t.native(self, pc);
                            }
                            self.cpu.registers.program_counter = resume;
                            Flow::Again
                        }
                        None => Flow::Step,
                    };
                }
                match kernal::native(t) {
                    Some(n) => (n.run)(self),
                    None => return Flow::Step,
                }
            }
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
            Effect::Rti => {
                let p = self.pull();
                self.cpu.registers.status = Status::from_bits_truncate((p & !0x10) | 0x20);
                self.cpu.registers.program_counter = self.pull_word();
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

    /// Real ROMs: the program called GETIN or CHRIN. Reading the keyboard with the
    /// buffer empty asks for a key; CHRIN asks for a whole line unless it is still
    /// handing out the last one ($D0).
    fn observe_key_request(&mut self, line: bool) {
        let bus = &self.cpu.memory;
        if bus.peek(ram::DFLTN) != 0 || (line && bus.peek(ram::CRSW) != 0) {
            return;
        }
        let empty = bus.peek(ram::NDX) == 0;
        self.cpu.memory.keys.typist.note_request(line, empty);
        self.cpu.memory.next_event = 0;
    }

    /// Chips, typing, interrupts and the budget. Returns Some when the run must end.
    fn events(&mut self, end: u64) -> Option<Halt> {
        if let Some(s) = self.exec.halt.take() {
            return Some(Halt::Stop(s));
        }
        if let Some(v) = self.cpu.memory.debugcart_exit.take() {
            return Some(Halt::Stop(crate::Stop::DebugCart(v)));
        }
        if self.cpu.cycles >= end {
            return Some(Halt::Stop(Stop::CycleLimit));
        }
        // Bad lines and sprite DMA stop the CPU: it loses the cycles the VIC took
        // (which may run into the next DMA).
        loop {
            let stolen = self.cpu.memory.sync_chips(self.cpu.cycles);
            if stolen == 0 {
                break;
            }
            self.cpu.cycles += stolen;
        }
        let now = self.cpu.cycles;
        let mut next = end;
        // Typing.
        let mut actions = Vec::new();
        if let Some(t) = self.cpu.memory.keys.typist.advance(now, &mut actions) {
            next = next.min(t.max(now + 1));
        }
        for a in actions {
            match a {
                Action::Buffer(c) => {
                    keyboard::put_in_buffer(&mut self.cpu.memory.ram, c);
                }
                Action::Restore => self.exec.restore_at = Some(now),
            }
        }
        if self.exec.stop_when_idle && self.cpu.memory.keys.typist.starved {
            return Some(Halt::Stop(Stop::Idle));
        }
        // NMI: CIA 2 or RESTORE, edge-triggered.
        let restore = self.exec.restore_at.take();
        let cia2 = &self.cpu.memory.cia2;
        let cia_fall = cia2.last_fall();
        let cia_nmi = cia_fall.filter(|_| cia_fall != self.exec.cia_fall_seen);
        if cia_nmi.is_some() || (restore.is_some() && !self.exec.nmi_line) {
            self.exec.nmi_at = Some(cia_nmi.unwrap_or(now).max(restore.unwrap_or(0)));
        }
        self.exec.cia_fall_seen = cia_fall;
        self.exec.nmi_line = cia2.irq_since().is_some();
        if let Some(a) = self.exec.nmi_at {
            if now >= a + 2 {
                self.exec.nmi_at = None;
                self.interrupt(
                    map_rom::NMI_VECTOR,
                    if cia_nmi.is_some() || self.exec.nmi_line {
                        "NMI (CIA 2)"
                    } else {
                        "NMI (RESTORE)"
                    },
                );
            } else {
                next = next.min(a + 2);
            }
        }
        // IRQ: CIA 1 and the VIC share the line.
        let bus = &self.cpu.memory;
        let (cia_irq, vic_irq) = (bus.cia1.irq_since(), bus.vic.irq_since());
        // A line an ICR read released in the instruction's last cycle was sampled low.
        let cia_irq = cia_irq.or_else(|| {
            let sampled = now.checked_sub(2)?;
            bus.cia1.irq_low_at(sampled).then(|| bus.cia1.last_fall())?
        });
        let irq = match (cia_irq, vic_irq) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let i_now = self
            .cpu
            .registers
            .status
            .contains(Status::PS_DISABLE_INTERRUPTS);
        let mut watch = false;
        if let Some(a) = irq {
            let last_op = bus.peek_banked(bus.pc());
            let i_before = (self.exec.last_i.1 == bus.now()).then_some(self.exec.last_i.0);
            // CLI, SEI and PLP change I after the interrupt sample, so it saw the old
            // value (when unknown: CLI found it set, SEI clear); RTI changes it before.
            let i_sampled = match last_op {
                OP_CLI | OP_SEI | OP_PLP => i_before.unwrap_or(match last_op {
                    OP_CLI => true,
                    OP_SEI => false,
                    _ => i_now,
                }),
                _ => i_now,
            };
            let due = now >= a + 2;
            if due && !i_sampled {
                let source = match (cia_irq, vic_irq) {
                    (Some(_), Some(_)) => "IRQ (CIA 1, VIC)",
                    (None, Some(_)) => "IRQ (VIC)",
                    _ => "IRQ (CIA 1)",
                };
                self.interrupt(map_rom::IRQ_VECTOR, source);
                // The line stays low until the handler reads the ICR: watch for RTI/CLI.
                watch = true;
            } else if !due {
                next = next.min(a + 2);
            } else if !i_now {
                // I was cleared after the sample: one more instruction first.
                next = next.min(now + 1);
            } else {
                watch = true;
            }
        }
        let i_after = self
            .cpu
            .registers
            .status
            .contains(Status::PS_DISABLE_INTERRUPTS);
        self.exec.last_i = (i_after, self.cpu.cycles);
        self.exec.watch_i = watch && i_after;
        let bus = &self.cpu.memory;
        for e in [
            bus.cia1.next_event(),
            bus.cia2.next_event(),
            bus.vic.next_event(),
        ]
        .into_iter()
        .flatten()
        {
            next = next.min(e.max(now + 1));
        }
        self.cpu.memory.next_event = next;
        None
    }

    /// The interrupt sequence: push PC and P (B clear), set I, jump through the vector.
    fn interrupt(&mut self, vector: u16, what: &str) {
        let pc = self.cpu.registers.program_counter;
        if let Some(t) = &self.trace {
            t.event(&format!("---- {what}, return to ${pc:04X} ----"));
        }
        self.push_word(pc);
        let p = (self.cpu.registers.status.bits() | 0x20) & !0x10;
        self.push(p);
        self.cpu
            .registers
            .status
            .insert(Status::PS_DISABLE_INTERRUPTS);
        let lo = self.cpu.memory.get_byte(vector);
        let hi = self.cpu.memory.get_byte(vector + 1);
        self.cpu.registers.program_counter = u16::from_le_bytes([lo, hi]);
        self.cpu.cycles += 7;
        self.exec.last_i = (true, self.cpu.cycles);
        self.exec.watch_i = false;
        self.cpu.memory.next_event = 0;
    }
}

/// One instruction; true when it jammed the CPU. Interrupts are the machine's business
/// (see `events`) and the bus never raises one for the crate, so `single_step`'s
/// polling finds nothing. Where the crate is not the NMOS 6502 (`cpu_fixes`), its own
/// report tells: an opcode it cannot decode, a cycle count only an RMW crossing gives.
#[inline(always)]
fn step_cpu(cpu: &mut Cpu) -> bool {
    let (before, pc) = (cpu.cycles, cpu.registers.program_counter);
    if !cpu.single_step() {
        // Not decoded (single_step counted one cycle): one of the unstable opcodes.
        cpu.cycles = before;
        cpu_fixes::unstable_opcode(cpu);
        return false;
    }
    let spent = cpu.cycles - before;
    let len = cpu.registers.program_counter.wrapping_sub(pc);
    if spent >= 8 && cpu_fixes::rmw_crossing_overcharged(spent, len) {
        // The NMOS 6502 spends a fixed 7 (abs,X/abs,Y) or 8 ((zp),Y) there.
        cpu.cycles -= 1;
    }
    cpu.wait_state() != WaitState::Running
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trap_is_where_the_step_loop_looks() {
        let roms = crate::rom::Roms::stub(&crate::charset::CHARGEN);
        let (real, _) = rom::rom_traps(&roms, true);
        for table in [rom::stub_traps(), real] {
            for (addr, &trap) in table.iter().enumerate() {
                let addr = addr as u16;
                assert!(trap == 0 || in_trap_block(addr), "a trap at ${addr:04X}");
            }
            assert_ne!(table[0xFF00], 0);
        }
        assert!(in_trap_block(0xA000) && in_trap_block(0xBFFF) && in_trap_block(0xE000));
        assert!(!in_trap_block(0x9FFF) && !in_trap_block(0xC000) && !in_trap_block(0xDFFF));
    }
}
