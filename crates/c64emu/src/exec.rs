//! Running the machine: the step loop, the events between instructions (chips, typing,
//! the cycle budget), and what happens at trapped addresses (native KERNAL routines, the
//! real KERNAL's serial routines, GETIN/CHRIN).
//!
//! Per instruction the loop does a few cheap checks: the cycle count against the cycle
//! from which instructions run through the CPU's sequencer (one comparison),
//! `run_until`'s address and the trap table (one byte per address, looked at only in
//! the blocks where the ROMs can be). Instructions run on the CPU's fast path while no
//! chip can act within one (`cpu` explains the two paths); one that may not end before
//! the next event or BA window runs through the sequencer, which makes every bus cycle at its
//! cycle and polls the interrupt lines. `events`, which the chips schedule (a timer's
//! underflow, a raster line's points, a typed key's release), brings the chips up to
//! date and says when the next one comes.
//!
//! While an interrupt line is low (masked) or an NMI edge waits, the loop looks at the
//! lines after every fast instruction too (`WATCH`): they cannot change during one, so
//! only the I flag as the instruction's poll saw it decides.

use mos6502::registers::Status;

use crate::cpu::{self, Kind, Next};
use crate::files::{self, SerialTrap};
use crate::kernal::{self, Effect};
use crate::keyboard;
use crate::machine::{Machine, Stop, Target};
use crate::map::{ram, rom as map_rom};
use crate::rom;
use crate::typist::Action;

/// Cycles of a JSR (the call harness pushes the return address itself).
const JSR_CYCLES: u64 = 6;
const NO_UNTIL: u32 = 0x1_0000;
const OP_BRK: u8 = 0x00;
/// The 8 KiB blocks a trap can be in: BASIC's ($A000, block 5) and the KERNAL's
/// ($E000, block 7), one bit each (checked by a test), so code running anywhere else
/// costs the step loop no look-up.
const TRAP_BLOCKS: u8 = 1 << 5 | 1 << 7;

/// Can `pc` be trapped? (Code below $A000, the usual place, answers in one comparison.)
#[inline(always)]
fn in_trap_block(pc: u16) -> bool {
    pc >= map_rom::BASIC && TRAP_BLOCKS & (1 << (pc >> 13)) != 0
}

/// Run state kept between runs (part of snapshots).
#[derive(Clone, Debug)]
pub(crate) struct ExecState {
    /// An interrupt line is low or an NMI edge waits: the loop polls after every
    /// instruction.
    watch: bool,
    /// The CPU is jammed: the opcode and where.
    pub jammed: Option<(u16, u8)>,
    /// A JAM ends the run (`Stop::Jam`); otherwise the machine runs on with the CPU
    /// stopped, as VICE's "continue" JAM action.
    pub jam_stops: bool,
    /// Stop once the program waits for keys with nothing left to type.
    stop_when_idle: bool,
    /// Returned to BASIC with the stub ROMs (the run ends at the next look).
    halt: Option<Stop>,
}

impl Default for ExecState {
    fn default() -> ExecState {
        ExecState {
            watch: false,
            jammed: None,
            jam_stops: true,
            stop_when_idle: false,
            halt: None,
        }
    }
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

/// How a loop variant ended: halted, or the interrupt watch must switch on or off.
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
        let stolen_before = self.cpu.memory.stalled;
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
                let stolen = self.cpu.memory.stalled - stolen_before;
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
        self.cpu.memory.wake();
        let traced = self.trace.is_some();
        if traced {
            self.cpu.memory.io_log = Some(Vec::new());
        }
        // Observers share the traced loop, so the others carry no check for them.
        let observed = traced || self.observer.is_some() || self.watches_exec();
        let mut first = true;
        let halt = loop {
            let end_of = match (observed, self.exec.watch) {
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

    /// The step loop. TRACE writes trace lines; WATCH polls the interrupt lines after
    /// each fast instruction. Both are constants so the common loop carries neither.
    /// (Strict mode is the bus's business: it needs nothing here.)
    fn exec_loop<const TRACE: bool, const WATCH: bool>(
        &mut self,
        end: u64,
        until: u32,
        first: &mut bool,
    ) -> LoopEnd {
        // A local copy, so the hot loop keeps it in a register.
        let mut at_start = *first;
        let ended = loop {
            if self.cpu.cycles >= self.cpu.memory.exact_from {
                if self.cpu.cycles >= self.cpu.memory.event_at {
                    if let Some(h) = self.events(end) {
                        break LoopEnd::Halt(h);
                    }
                    if self.exec.watch != WATCH {
                        break LoopEnd::Switch;
                    }
                }
                if self.exec.jammed.is_some() {
                    // The clock runs on; nothing but the events happens.
                    self.cpu.cycles = self.cpu.cycles.max(self.cpu.memory.event_at);
                    continue;
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
            let first_here = at_start;
            at_start = false;
            if TRACE && self.observer_halts(pc) {
                break LoopEnd::Halt(Halt::Stop(Stop::Reached(pc)));
            }
            if TRACE
                && !first_here
                && let Some(hit) = self.exec_watched(pc)
            {
                break LoopEnd::Halt(Halt::Stop(Stop::Watch(hit)));
            }
            self.instructions += 1;
            let next = if TRACE {
                self.traced_step(pc)
            } else {
                self.step_cpu::<WATCH>(pc)
            };
            match next {
                Next::Fetch => {}
                Next::Interrupt(kind) => self.take_interrupt(kind),
                Next::Jammed => {
                    let opcode = self.peek_banked(pc);
                    self.cpu.registers.program_counter = pc;
                    if self.exec.jam_stops {
                        break LoopEnd::Halt(Halt::Stop(Stop::Jam { pc, opcode }));
                    }
                    self.exec.jammed = Some((pc, opcode));
                    self.cpu.memory.wake();
                }
            }
        };
        *first = at_start;
        ended
    }

    /// One instruction at `pc`: on the fast path unless something may happen during it,
    /// then what the CPU does next. Within `LONGEST` cycles of the next event or BA
    /// window, an instruction that surely ends before it still runs fast.
    #[inline(always)]
    fn step_cpu<const WATCH: bool>(&mut self, pc: u16) -> Next {
        let cycles = self.cpu.cycles;
        let bus = &self.cpu.memory;
        if (cycles < bus.exact_from
            || cycles + cpu::most_cycles(bus.peek_banked(pc)) <= bus.fast_until)
            && !(WATCH && self.cpu.memory.lines.nmi_edge.is_some())
        {
            let i_before = WATCH && self.i_flag();
            self.cpu.memory.set_stamp(cycles, pc);
            if cpu::step_fast(&mut self.cpu) {
                return if WATCH {
                    self.poll_fast(pc, i_before)
                } else {
                    Next::Fetch
                };
            }
        }
        cpu::step_exact(&mut self.cpu)
    }

    fn i_flag(&self) -> bool {
        self.cpu
            .registers
            .status
            .contains(Status::PS_DISABLE_INTERRUPTS)
    }

    /// The interrupt poll of a fast instruction: the lines did not change during it, so
    /// only the I flag it saw decides (an NMI edge sends instructions to the sequencer).
    fn poll_fast(&mut self, pc: u16, i_before: bool) -> Next {
        if !self.cpu.memory.lines.irq() {
            return Next::Fetch;
        }
        let i_after = self.i_flag();
        let i = if i_before == i_after {
            i_after
        } else {
            cpu::i_sampled(self.peek_banked(pc), i_before, i_after)
        };
        if i || self.peek_banked(pc) == OP_BRK {
            Next::Fetch
        } else {
            Next::Interrupt(Kind::Irq)
        }
    }

    fn watches_exec(&self) -> bool {
        let w = self.cpu.memory.watching.as_deref();
        w.is_some_and(|w| w.watch.watches_exec())
    }

    fn watches_memory(&self) -> bool {
        let w = self.cpu.memory.watching.as_deref();
        w.is_some_and(|w| w.watch.watches_memory())
    }

    /// Is the instruction at `pc` watched for execution?
    fn exec_watched(&self, pc: u16) -> Option<crate::watch::WatchHit> {
        let w = self.cpu.memory.watching.as_deref()?;
        w.watch
            .has(crate::watch::Access::Exec, pc)
            .then(|| crate::watch::WatchHit {
                access: crate::watch::Access::Exec,
                addr: pc,
                value: self.peek_banked(pc),
                pc,
            })
    }

    /// Does the observer end the run before the instruction at `pc`?
    fn observer_halts(&mut self, pc: u16) -> bool {
        let Some(mut o) = self.observer.take() else {
            return false;
        };
        let halt = o.halt(self, pc);
        self.observer = Some(o);
        halt
    }

    fn traced_step(&mut self, pc: u16) -> Next {
        if let Some(mut o) = self.observer.take() {
            o.instruction(self, pc);
            self.observer = Some(o);
        }
        if self.trace.is_none() {
            // Observed, not traced.
            return self.step_cpu::<true>(pc);
        }
        let cycles = self.cpu.cycles;
        let before = self.regs();
        if let Some(log) = &mut self.cpu.memory.io_log {
            log.clear();
        }
        let next = self.step_cpu::<true>(pc);
        if let Some(t) = &self.trace {
            let notes = self.cpu.memory.io_log.as_deref().unwrap_or(&[]);
            t.instruction(self, before, cycles, notes);
        }
        next
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
        let typist = &mut self.cpu.memory.keys.typist;
        typist.note_request(line, empty);
        // The typist acts on a request only with strokes left, and an idle stop looks
        // at once; otherwise a program polling GETIN costs the loop no look per call.
        if self.exec.stop_when_idle || typist.pending() != 0 {
            self.cpu.memory.wake();
        }
    }

    /// Chips, typing, the interrupt lines and the budget. Returns Some when the run must
    /// end.
    fn events(&mut self, end: u64) -> Option<Halt> {
        if let Some(s) = self.exec.halt.take() {
            return Some(Halt::Stop(s));
        }
        if let Some(v) = self.cpu.memory.debugcart_exit.take() {
            return Some(Halt::Stop(crate::Stop::DebugCart(v)));
        }
        if let Some(hit) = self.cpu.memory.watching.as_mut().and_then(|w| w.hit.take()) {
            return Some(Halt::Stop(Stop::Watch(hit)));
        }
        let now = self.cpu.cycles;
        if now >= end {
            return Some(Halt::Stop(Stop::CycleLimit));
        }
        self.cpu.memory.sync_chips(now);
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
                // RESTORE pulls the NMI line low for a moment (an edge unless CIA 2
                // holds it low already).
                Action::Restore => {
                    if !self.cpu.memory.lines.cia2.low() {
                        self.cpu.memory.lines.nmi_falls(now);
                    }
                }
            }
        }
        if self.exec.stop_when_idle && self.cpu.memory.keys.typist.starved {
            return Some(Halt::Stop(Stop::Idle));
        }
        self.exec.watch = self.cpu.memory.lines.pending() && self.exec.jammed.is_none();
        let bus = &mut self.cpu.memory;
        let vic_next = bus.vic.next_event();
        for e in [bus.cia1.next_event(), bus.cia2.next_event(), vic_next]
            .into_iter()
            .flatten()
        {
            next = next.min(e.max(now + 1));
        }
        // Instructions that start within LONGEST cycles of a change (or of BA going
        // low) run through the sequencer. The reads that meet a BA window move
        // `ba_from` on past it and `exact_from` with it (`follow_ba`), so the fast path
        // resumes after the window without the loop looking here again.
        let ba = self.cpu.memory.vic.ba_horizon(now);
        // BA can go low no earlier than a known window or the VIC's next event.
        self.cpu.memory.ba_from = ba.min(vic_next.unwrap_or(u64::MAX));
        // An REU transfer holds the CPU at its next read (see `C64Bus::ba_low`).
        let dma = self.cpu.memory.dma_until > now;
        let ba = if dma {
            self.cpu.memory.ba_from = now;
            now
        } else {
            ba
        };
        let normal =
            self.exec.jammed.is_none() && !self.cpu.memory.force_exact && !self.watches_memory();
        let follow = normal && !dma;
        if !follow && let Some((_, to)) = self.cpu.memory.vic.next_ba_window(now) {
            // Nothing follows the window: the loop looks again at its end.
            next = next.min(to);
        }
        self.cpu.memory.follow_ba = follow;
        self.cpu.memory.event_at = next;
        self.cpu.memory.fast_until = if normal { next.min(ba) } else { 0 };
        self.cpu.memory.exact_from = if self.exec.jammed.is_some() {
            next
        } else if !normal {
            0
        } else {
            next.min(ba).saturating_sub(cpu::LONGEST - 1)
        };
        None
    }

    /// The interrupt sequence (after the instruction whose poll saw the line).
    fn take_interrupt(&mut self, kind: Kind) {
        if let Some(t) = &self.trace {
            let lines = &self.cpu.memory.lines;
            let what = match kind {
                Kind::Nmi if lines.cia2.low() => "NMI (CIA 2)",
                Kind::Nmi => "NMI (RESTORE)",
                Kind::Irq => match (lines.cia1.low(), lines.vic.low()) {
                    (true, true) => "IRQ (CIA 1, VIC)",
                    (false, true) => "IRQ (VIC)",
                    _ => "IRQ (CIA 1)",
                },
            };
            let pc = self.cpu.registers.program_counter;
            t.event(&format!("---- {what}, return to ${pc:04X} ----"));
        }
        cpu::interrupt(&mut self.cpu, kind);
        // The lines may have changed during the sequence: look again after the
        // handler's first instruction.
        self.cpu.memory.wake();
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
// `halt` is only set and taken within a run.
c64state::persist!(ExecState { watch, jammed, jam_stops, stop_when_idle } skip { halt });

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
