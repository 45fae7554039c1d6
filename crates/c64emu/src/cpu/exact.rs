//! The sequencer: one instruction with every bus cycle at its own cycle. The crate runs
//! the instruction over `ExactBus`, which makes the dummy cycles of the opcode's plan
//! (`plan.rs`) before each of the crate's accesses, stops at a read while the VIC holds
//! BA low (the 6510 goes on through write cycles and halts at its first read), and
//! counts the cycles. The instructions the crate cannot run as the 6510 does are run
//! here from their documented cycles; so is the interrupt sequence.
//!
//! The interrupt lines are polled as the 6510 does, in the cycle before the
//! instruction's last one: an interrupt asserted in cycle `a` is taken after the
//! instruction whose last access happens at `a + 1` or later. A stalled last cycle
//! counts (the CPU samples during the stall). A taken branch that stays in its page
//! polls a cycle earlier, before its operand fetch's cycle ends (the branch quirk).
//! CLI, SEI and PLP change I after the poll, RTI before it. BRK and the interrupt
//! sequence do not poll: the handler's first instruction always runs. An NMI edge
//! latched by the cycle a BRK or IRQ sequence pushes PCL takes over the sequence (the
//! NMI vector is fetched; the pushed B flag stays as it was). Halted by the VIC in its
//! last cycle, SEI samples IRQ before the stall, and CLI polls again while RDY holds
//! the cycle, by then with I clear: an IRQ that waited comes right after it (what
//! VICE's tests of interrupts during DMA measure).

use mos6502::Variant;
use mos6502::cpu::CPU;
use mos6502::instruction::{Instruction, Nmos6502, OpInput};
use mos6502::memory::Bus;
use mos6502::registers::{Registers, StackPointer, Status};

use super::Cpu;
use super::nmos::{self, ANE_MAGIC, ANE_MAGIC_RDY, LXA_MAGIC};
use super::plan::{Cycle, PLANS};
use crate::bus::C64Bus;
use crate::map::rom::{IRQ_VECTOR, NMI_VECTOR};

/// The bus as one instruction sees it: each access at its cycle, dummy cycles where the
/// plan has them, stalls while BA is low.
pub(crate) struct ExactBus<'a> {
    pub bus: &'a mut C64Bus,
    /// The cycle of the next access.
    pub t: u64,
    pc: u16,
    sp: u8,
    plan: &'static [Cycle],
    pos: usize,
    /// The value of the crate's last read (operand, pointer, data).
    pub last_read: u8,
    /// Cycles of the last two accesses.
    pub recent: [u64; 2],
    /// Accesses so far.
    pub accesses: u8,
    /// Bit n: the CPU stalled before its access n (0: the opcode fetch).
    pub stalled: u16,
    /// The access being made is a dummy one: watches do not see it (as VICE's
    /// watchpoints by default).
    dummy: bool,
}

impl<'a> ExactBus<'a> {
    pub fn new(bus: &'a mut C64Bus, t: u64, regs: &Registers) -> ExactBus<'a> {
        ExactBus {
            bus,
            t,
            pc: regs.program_counter,
            sp: regs.stack_pointer.0,
            plan: &[],
            pos: 0,
            last_read: 0,
            recent: [t.wrapping_sub(2), t.wrapping_sub(1)],
            accesses: 0,
            stalled: 0,
            dummy: false,
        }
    }

    /// Follow `opcode`'s plan for the crate's accesses.
    fn with_plan(mut self, opcode: u8) -> Self {
        if let Some(p) = &PLANS[usize::from(opcode)] {
            self.plan = p.cycles();
        }
        self
    }

    /// A read at the current cycle, after any stall.
    pub fn read(&mut self, addr: u16) -> u8 {
        if self.t >= self.bus.ba_from
            && let Some(end) = self.bus.ba_low(self.t)
        {
            self.bus.stalled += end - self.t;
            self.t = end;
            self.stalled |= 1 << self.accesses.min(15);
        }
        let v = if self.dummy {
            self.bus.read_unused(addr, self.t)
        } else {
            self.bus.read(addr, self.t)
        };
        if self.bus.watching.is_some() && !self.dummy {
            self.bus.note_watch(crate::watch::Access::Read, addr, v);
        }
        self.done();
        v
    }

    /// A write at the current cycle (writes do not wait for BA).
    pub fn write(&mut self, addr: u16, value: u8) {
        self.bus.write(addr, value, self.t);
        if self.bus.watching.is_some() && !self.dummy {
            self.bus
                .note_watch(crate::watch::Access::Write, addr, value);
        }
        self.done();
    }

    /// A read whose value the CPU does not use.
    pub fn read_dummy(&mut self, addr: u16) -> u8 {
        self.dummy = true;
        let v = self.read(addr);
        self.dummy = false;
        v
    }

    fn done(&mut self) {
        self.recent = [self.recent[1], self.t];
        self.t += 1;
        self.accesses = self.accesses.saturating_add(1);
    }

    /// Did the CPU stall before access `n`?
    pub fn stalled_before(&self, n: u8) -> bool {
        self.stalled & (1 << n) != 0
    }

    /// The plan's dummy cycles up to the crate's next access (at `next`), which the
    /// plan's position then passes.
    fn dummies(&mut self, next: u16) {
        while let Some(&c) = self.plan.get(self.pos) {
            self.pos += 1;
            if c == Cycle::Crate {
                return;
            }
            self.dummy(c, next);
        }
    }

    fn dummy(&mut self, c: Cycle, next: u16) {
        let uncarried = (u16::from(self.last_read) << 8) | (next & 0x00FF);
        self.dummy = true;
        match c {
            Cycle::Crate => {}
            Cycle::ReadNext => {
                self.read(self.pc.wrapping_add(1));
            }
            Cycle::ReadStack => {
                self.read(0x0100 | u16::from(self.sp));
            }
            Cycle::ReadZeroPage => {
                self.read(u16::from(self.last_read));
            }
            Cycle::ReadUncarriedIfCrossed => {
                if uncarried != next {
                    self.read(uncarried);
                }
            }
            Cycle::ReadUncarried => {
                self.read(uncarried);
            }
            Cycle::WriteBack => self.write(next, self.last_read),
        }
        self.dummy = false;
    }

    /// The plan's dummy cycles after the crate's last access.
    fn finish(&mut self) {
        while let Some(&c) = self.plan.get(self.pos) {
            self.pos += 1;
            self.dummy(c, 0);
        }
    }
}

impl Bus for ExactBus<'_> {
    fn get_byte(&mut self, address: u16) -> u8 {
        self.dummies(address);
        let v = self.read(address);
        self.last_read = v;
        v
    }

    fn set_byte(&mut self, address: u16, value: u8) {
        self.dummies(address);
        self.write(address, value);
    }
}

/// What the CPU does after an instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Next {
    /// The next instruction.
    Fetch,
    /// The interrupt sequence through this vector.
    Interrupt(Kind),
    /// Nothing: the CPU is jammed.
    Jammed,
}

/// An interrupt the CPU takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Irq,
    Nmi,
}

/// How an instruction polls the interrupt lines.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Poll {
    /// In the cycle before its last access (a stall before that access counts).
    Normal,
    /// A taken branch that stayed in its page: before its operand fetch ended.
    Early,
    /// Not at all (BRK: the handler's first instruction runs).
    None,
}

const OP_BRK: u8 = 0x00;
const OP_JSR: u8 = 0x20;
const OP_RTS: u8 = 0x60;
const OP_ANE: u8 = 0x8B;
const OP_SHA_IND_Y: u8 = 0x93;
const OP_SHS: u8 = 0x9B;
const OP_SHY: u8 = 0x9C;
const OP_SHX: u8 = 0x9E;
const OP_SHA_ABS_Y: u8 = 0x9F;
const OP_LXA: u8 = 0xAB;
const OP_CLI: u8 = 0x58;
const OP_SEI: u8 = 0x78;
const OP_PLP: u8 = 0x28;

/// Run the instruction at PC with every bus cycle at its cycle, then poll the
/// interrupt lines. The opcode is read again by the instruction (a side-effect-free
/// look first decides who runs it). The VIC is asked about BA only from the cycle the
/// step loop says it may go low (`C64Bus::ba_from`), and the chips are brought up to the
/// poll only when an event may have come by then or the instruction touched I/O:
/// otherwise the lines are as they were.
pub(crate) fn step(cpu: &mut Cpu) -> Next {
    let before = cpu.registers;
    let pc = before.program_counter;
    let opcode = cpu.memory.peek_banked(pc);
    cpu.memory.set_stamp(cpu.cycles, pc);
    let io_before = cpu.memory.io_count;
    let mut regs = before;
    let mut bus = ExactBus::new(&mut cpu.memory, cpu.cycles, &before).with_plan(opcode);
    let mut poll = Poll::Normal;
    match opcode {
        OP_JSR => jsr(&mut bus, &mut regs),
        OP_BRK => {
            brk(&mut bus, &mut regs);
            poll = Poll::None;
        }
        OP_ANE | OP_LXA => ane_lxa(&mut bus, &mut regs, opcode),
        OP_SHA_IND_Y | OP_SHS | OP_SHY | OP_SHX | OP_SHA_ABS_Y => sh(&mut bus, &mut regs, opcode),
        _ if Nmos6502::decode(opcode).is_some_and(|(i, _)| i == Instruction::JAM) => {
            bus.read(pc);
            bus.read(pc.wrapping_add(1));
            cpu.cycles = bus.t;
            return Next::Jammed;
        }
        _ => {
            let mut c = CPU::new(bus, Nmos6502);
            c.registers = before;
            c.cycles = c.memory.t;
            let decoded = c.fetch_next_and_decode();
            match decoded {
                Some((
                    Instruction::NOPZ | Instruction::NOPZX | Instruction::NOPA | Instruction::NOPAX,
                    _,
                    OpInput::UseAddress { address, .. },
                )) => {
                    // The crate skips the read.
                    c.memory.get_byte(address);
                }
                Some(d) => c.execute_instruction(d),
                None => {}
            }
            regs = c.registers;
            bus = c.memory;
            bus.finish();
            if before.status.contains(Status::PS_DECIMAL_MODE)
                && let Some(op) = nmos::decimal_op(opcode)
            {
                nmos::fix_decimal(&mut regs, &before, op, bus.last_read);
            }
            poll = after_crate(&mut bus, &before, &regs, opcode);
        }
    }
    let last = bus.recent[1];
    let p = match poll {
        Poll::Normal => last - 1,
        Poll::Early => bus.recent[0] - 1,
        Poll::None => 0,
    };
    // Halted by the VIC before its last cycle, SEI samples IRQ before the stall (NMI
    // as usual), and CLI's poll during the stall sees the I it cleared.
    let p_irq = if opcode == OP_SEI {
        p.min(bus.recent[0])
    } else {
        p
    };
    let cli_stalled = opcode == OP_CLI && bus.stalled_before(1);
    let t = bus.t;
    cpu.registers = regs;
    cpu.cycles = t;
    if poll == Poll::None {
        return Next::Fetch;
    }
    let i_before = before.status.contains(Status::PS_DISABLE_INTERRUPTS);
    let i_after = regs.status.contains(Status::PS_DISABLE_INTERRUPTS);
    let i = if cli_stalled {
        i_after
    } else {
        i_sampled(opcode, i_before, i_after)
    };
    if p < cpu.memory.event_at && cpu.memory.io_count == io_before {
        let lines = &cpu.memory.lines;
        return if lines.nmi_edge.is_some() {
            Next::Interrupt(Kind::Nmi)
        } else if !i && lines.irq() {
            Next::Interrupt(Kind::Irq)
        } else {
            Next::Fetch
        };
    }
    poll_lines(&mut cpu.memory, p, p_irq, i)
}

/// The I flag the poll saw: CLI, SEI and PLP change it after their poll.
pub(crate) fn i_sampled(opcode: u8, i_before: bool, i_after: bool) -> bool {
    match opcode {
        OP_CLI | OP_SEI | OP_PLP => i_before,
        _ => i_after,
    }
}

/// Poll the lines as they were: NMI at cycle `p`, IRQ at `p_irq`.
fn poll_lines(bus: &mut C64Bus, p: u64, p_irq: u64, i: bool) -> Next {
    bus.sync_interrupts(p);
    if bus.lines.nmi_at(p) {
        Next::Interrupt(Kind::Nmi)
    } else if !i && bus.lines.irq_at(p_irq) {
        Next::Interrupt(Kind::Irq)
    } else {
        Next::Fetch
    }
}

/// The cycles after the crate's accesses: a taken branch's reads, RTS's read of the
/// address it returns to (before adding one). Returns how the instruction polls.
fn after_crate(bus: &mut ExactBus, before: &Registers, regs: &Registers, opcode: u8) -> Poll {
    let pc = before.program_counter;
    if opcode == OP_RTS {
        bus.read_dummy(regs.program_counter.wrapping_sub(1));
        return Poll::Normal;
    }
    // Branches: opcodes $10, $30, ... $F0. (Taken or not is the condition's: a
    // branch to the next instruction is taken too.)
    if opcode & 0x1F == 0x10 && branch_taken(opcode, before.status) {
        let next = pc.wrapping_add(2);
        let to = regs.program_counter;
        bus.read_dummy(next);
        if (to ^ next) & 0xFF00 != 0 {
            bus.read_dummy((next & 0xFF00) | (to & 0x00FF));
        } else {
            return Poll::Early;
        }
    }
    Poll::Normal
}

/// Does the branch `opcode` ($10, $30, ... $F0) branch with these flags? Bits 6-7 pick
/// the flag (N, V, C, Z), bit 5 the value it branches on.
fn branch_taken(opcode: u8, status: Status) -> bool {
    let flag = [
        Status::PS_NEGATIVE,
        Status::PS_OVERFLOW,
        Status::PS_CARRY,
        Status::PS_ZERO,
    ][usize::from(opcode >> 6)];
    status.contains(flag) == (opcode & 0x20 != 0)
}

fn push(bus: &mut ExactBus, regs: &mut Registers, value: u8) {
    bus.write(0x0100 | u16::from(regs.stack_pointer.0), value);
    regs.stack_pointer = StackPointer(regs.stack_pointer.0.wrapping_sub(1));
}

/// JSR: the target's high byte is read last, after the return address is pushed.
fn jsr(bus: &mut ExactBus, regs: &mut Registers) {
    let pc = regs.program_counter;
    bus.read(pc);
    let lo = bus.read(pc.wrapping_add(1));
    bus.read_dummy(0x0100 | u16::from(regs.stack_pointer.0));
    let [ret_lo, ret_hi] = pc.wrapping_add(2).to_le_bytes();
    push(bus, regs, ret_hi);
    push(bus, regs, ret_lo);
    let hi = bus.read(pc.wrapping_add(2));
    regs.program_counter = u16::from_le_bytes([lo, hi]);
}

/// BRK: the interrupt sequence with B set, after the opcode and the byte after it.
fn brk(bus: &mut ExactBus, regs: &mut Registers) {
    let pc = regs.program_counter;
    bus.read(pc);
    bus.read(pc.wrapping_add(1));
    let status = regs.status.bits() | 0x30;
    vector_sequence(bus, regs, pc.wrapping_add(2), status, IRQ_VECTOR);
}

/// The interrupt sequence for `kind` (its two reads of PC, the pushes, the vector).
pub(crate) fn interrupt(cpu: &mut Cpu, kind: Kind) {
    let mut regs = cpu.registers;
    let pc = regs.program_counter;
    cpu.memory.set_stamp(cpu.cycles, pc);
    let mut bus = ExactBus::new(&mut cpu.memory, cpu.cycles, &regs);
    bus.read_dummy(pc);
    bus.read_dummy(pc);
    let status = (regs.status.bits() | 0x20) & !0x10;
    let vector = match kind {
        Kind::Irq => IRQ_VECTOR,
        Kind::Nmi => NMI_VECTOR,
    };
    vector_sequence(&mut bus, &mut regs, pc, status, vector);
    cpu.cycles = bus.t;
    cpu.registers = regs;
}

/// Push `ret` and `status`, set I, and jump through `vector` (or NMI's, when an NMI edge
/// was latched by the cycle PCL is pushed).
fn vector_sequence(bus: &mut ExactBus, regs: &mut Registers, ret: u16, status: u8, vector: u16) {
    let [lo, hi] = ret.to_le_bytes();
    push(bus, regs, hi);
    push(bus, regs, lo);
    let pushed_lo = bus.recent[1];
    push(bus, regs, status);
    regs.status.insert(Status::PS_DISABLE_INTERRUPTS);
    bus.bus.sync_interrupts(pushed_lo);
    let vector = if bus.bus.lines.nmi_at(pushed_lo) {
        bus.bus.lines.nmi_edge = None;
        NMI_VECTOR
    } else {
        if vector == NMI_VECTOR {
            bus.bus.lines.nmi_edge = None;
        }
        vector
    };
    let lo = bus.read(vector);
    let hi = bus.read(vector.wrapping_add(1));
    regs.program_counter = u16::from_le_bytes([lo, hi]);
}

/// ANE (A = (A | magic) & X & imm) and LXA (A = X = (A | magic) & imm).
fn ane_lxa(bus: &mut ExactBus, regs: &mut Registers, opcode: u8) {
    let pc = regs.program_counter;
    bus.read(pc);
    let imm = bus.read(pc.wrapping_add(1));
    let a = regs.accumulator;
    let v = if opcode == OP_ANE {
        let magic = if bus.stalled_before(1) {
            ANE_MAGIC_RDY
        } else {
            ANE_MAGIC
        };
        (a | magic) & regs.index_x & imm
    } else {
        let v = (a | LXA_MAGIC) & imm;
        regs.index_x = v;
        v
    };
    regs.accumulator = v;
    regs.status.set(Status::PS_ZERO, v == 0);
    regs.status.set(Status::PS_NEGATIVE, v & 0x80 != 0);
    regs.program_counter = pc.wrapping_add(2);
}

/// SHA, SHX, SHY, SHS: store a register value ANDed with the base address's high byte
/// plus one, in the cycle after the dummy read of the un-carried address. When the index
/// carries, that AND also replaces the address's high byte. When the VIC halted the CPU
/// in the dummy read's cycle, the AND drops out of the value written (not of the
/// address).
fn sh(bus: &mut ExactBus, regs: &mut Registers, opcode: u8) {
    let pc = regs.program_counter;
    bus.read(pc);
    let (base, index, len) = if opcode == OP_SHA_IND_Y {
        let zp = bus.read(pc.wrapping_add(1));
        let lo = bus.read(u16::from(zp));
        let hi = bus.read(u16::from(zp.wrapping_add(1)));
        (u16::from_le_bytes([lo, hi]), regs.index_y, 2)
    } else {
        let lo = bus.read(pc.wrapping_add(1));
        let hi = bus.read(pc.wrapping_add(2));
        let index = if opcode == OP_SHY {
            regs.index_x
        } else {
            regs.index_y
        };
        (u16::from_le_bytes([lo, hi]), index, 3)
    };
    let (a, x, y) = (regs.accumulator, regs.index_x, regs.index_y);
    let source = match opcode {
        OP_SHS => {
            regs.stack_pointer = StackPointer(a & x);
            a & x
        }
        OP_SHY => y,
        OP_SHX => x,
        _ => a & x,
    };
    let target = base.wrapping_add(u16::from(index));
    let dummy_at = bus.accesses;
    bus.read((base & 0xFF00) | (target & 0x00FF));
    let anded = source & ((base >> 8) as u8).wrapping_add(1);
    let value = if bus.stalled_before(dummy_at) {
        source
    } else {
        anded
    };
    // The carried high byte is ANDed with the register: with the AND's result, even
    // when the value written dropped it.
    let addr = if (target ^ base) & 0xFF00 != 0 {
        (u16::from(anded) << 8) | (target & 0x00FF)
    } else {
        target
    };
    bus.write(addr, value);
    regs.program_counter = pc.wrapping_add(len);
}
