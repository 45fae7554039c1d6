//! Running and stepping: one instruction at a time, so the call stack is followed and
//! every instruction's address is checked against the breakpoints before it runs.

use c64emu::Stop;

use crate::breakpoints::Action;
use crate::launch::Loaded;
use crate::stack::Step;

/// How far a run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Until a breakpoint or a pause.
    Continue,
    /// One instruction.
    Instruction,
    /// To the next line, into routines that have source.
    In,
    /// To the next line in this routine or its callers (JSRs and interrupts run whole).
    Over {
        /// The frames open when the step started.
        depth: usize,
        /// Where it started.
        from: u16,
    },
    /// Until the routine returns: fewer frames than `depth` are open.
    Out {
        /// The frames open when the step started.
        depth: usize,
    },
}

/// Why a run stopped.
#[derive(Debug)]
pub enum Halt {
    /// Stopped, the machine still usable: DAP's stop reason, a text, the breakpoints.
    Stopped {
        /// `breakpoint`, `step`, `exception`, ...
        reason: &'static str,
        /// What the client shows.
        text: Option<String>,
        /// The breakpoints that stopped it.
        ids: Vec<u64>,
    },
    /// The program ended (returned to BASIC, or the debug cartridge's exit code).
    Ended(Option<u8>),
}

impl Halt {
    fn stopped(reason: &'static str) -> Halt {
        Halt::Stopped {
            reason,
            text: None,
            ids: Vec::new(),
        }
    }
}

/// A run in progress.
pub struct Run {
    /// How far it goes.
    pub mode: Mode,
    /// Check the breakpoints at the PC before the first instruction (a run that starts
    /// the program; a run from a stop goes past the breakpoint it stopped at).
    pub check_first: bool,
}

impl Loaded {
    /// Run at most `budget` instructions: the halt, if the run ended. Logpoints' texts
    /// go to `logs`.
    pub fn run_slice(
        &mut self,
        run: &mut Run,
        budget: u32,
        logs: &mut Vec<String>,
    ) -> Option<Halt> {
        if std::mem::take(&mut run.check_first)
            && let Some(h) = self.at_breakpoint(logs)
        {
            return Some(h);
        }
        for _ in 0..budget {
            let depth = self.stack.depth();
            if let Err(stop) = self.step_one() {
                return Some(self.ended(stop));
            }
            if let Some(h) = self.at_breakpoint(logs) {
                return Some(h);
            }
            let pc = self.machine.regs().pc;
            let has_source = self.info.line_at(pc).is_some();
            match run.mode {
                Mode::Continue => {}
                Mode::Instruction => return Some(Halt::stopped("step")),
                Mode::In if has_source => return Some(Halt::stopped("step")),
                Mode::In if self.stack.depth() > depth => {
                    // Into code without source (the KERNAL, an interrupt): run it whole.
                    run.mode = Mode::Over { depth, from: pc };
                }
                Mode::In => return Some(Halt::stopped("step")),
                Mode::Over { depth, from } => {
                    if self.stack.depth() <= depth && pc != from {
                        return Some(Halt::stopped("step"));
                    }
                }
                Mode::Out { depth } => {
                    if self.stack.depth() < depth {
                        return Some(Halt::stopped("step"));
                    }
                }
            }
        }
        None
    }

    /// Execute one instruction (or native KERNAL routine) and follow the stack.
    fn step_one(&mut self) -> Result<(), Stop> {
        let m = &mut self.machine;
        let before = m.regs();
        let opcode = m.peek_banked(before.pc);
        let operand = u16::from_le_bytes([
            m.peek_banked(before.pc.wrapping_add(1)),
            m.peek_banked(before.pc.wrapping_add(2)),
        ]);
        m.step()?;
        let after = m.regs();
        let at = |o: u8| 0x0100 | u16::from(after.sp.wrapping_add(o));
        let interrupt_return = u16::from_le_bytes([m.peek(at(2)), m.peek(at(3))]);
        self.stack.step(&Step {
            opcode,
            pc: before.pc,
            operand,
            sp_before: before.sp,
            sp_after: after.sp,
            pc_after: after.pc,
            interrupt_return,
        });
        Ok(())
    }

    /// The breakpoints at the PC: a halt if one stops.
    fn at_breakpoint(&mut self, logs: &mut Vec<String>) -> Option<Halt> {
        let regs = self.machine.regs();
        if !self.breakpoints.armed(regs.pc) {
            return None;
        }
        let (action, ids) = self.breakpoints.reached(regs.pc, &regs, &self.info.labels);
        match action {
            Action::Pass => None,
            Action::Log(text) => {
                logs.push(text);
                None
            }
            Action::Stop(text) => Some(Halt::Stopped {
                reason: "breakpoint",
                text,
                ids,
            }),
        }
    }

    fn ended(&self, stop: Stop) -> Halt {
        match stop {
            Stop::ReturnedToBasic => Halt::Ended(None),
            Stop::DebugCart(code) => Halt::Ended(Some(code)),
            other => Halt::Stopped {
                reason: "exception",
                text: Some(self.machine.describe_stop(&other)),
                ids: Vec::new(),
            },
        }
    }
}
