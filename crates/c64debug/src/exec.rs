//! Running and stepping. The machine runs at full speed with an observer
//! ([`Watch`]) that sees each instruction before it executes: it follows the call stack,
//! checks the breakpoints and the step in progress, and ends the run where one stops.

use std::sync::{Arc, Mutex, MutexGuard};

use c64emu::{Access, Machine, Observer, Stop, WatchHit};

use crate::breakpoints::{Action, Breakpoints};
use crate::info::DebugInfo;
use crate::launch::Loaded;
use crate::reverse::Replay;
use crate::stack::{CallStack, Step};

/// Cycles the machine runs between two looks at the client's requests (a fifth of
/// an emulated second: a few milliseconds).
const SLICE_CYCLES: u64 = 200_000;

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

/// A run to start.
pub struct Run {
    /// How far it goes.
    pub mode: Mode,
    /// Check the breakpoints at the PC before the first instruction (a run that starts
    /// the program; a run from a stop goes past the breakpoint it stopped at).
    pub check_first: bool,
}

/// The instruction about to execute, kept until the next one shows what it did.
#[derive(Clone, Copy)]
struct Pending {
    opcode: u8,
    pc: u16,
    operand: u16,
    sp: u8,
}

impl Pending {
    fn at(m: &Machine, pc: u16) -> Pending {
        Pending {
            opcode: m.peek_banked(pc),
            pc,
            operand: u16::from_le_bytes([
                m.peek_banked(pc.wrapping_add(1)),
                m.peek_banked(pc.wrapping_add(2)),
            ]),
            sp: m.regs().sp,
        }
    }

    /// What it did, seen from the machine after it.
    fn done(self, m: &Machine) -> Step {
        let after = m.regs();
        let at = |o: u8| 0x0100 | u16::from(after.sp.wrapping_add(o));
        Step {
            opcode: self.opcode,
            pc: self.pc,
            operand: self.operand,
            sp_before: self.sp,
            sp_after: after.sp,
            pc_after: after.pc,
            interrupt_return: u16::from_le_bytes([m.peek(at(2)), m.peek(at(3))]),
        }
    }
}

/// What the debugger follows while the machine runs: shared by the session and the
/// machine's observer.
pub struct Tracker {
    /// Source lines and labels.
    pub info: Arc<DebugInfo>,
    /// The frames the program opened.
    pub stack: CallStack,
    /// The breakpoints the client set.
    pub breakpoints: Breakpoints,
    /// The run in progress (None: stopped).
    mode: Option<Mode>,
    /// The next instruction is the run's first: it runs whatever is there.
    skip_next: bool,
    pending: Option<Pending>,
    halt: Option<Halt>,
    logs: Vec<String>,
    /// A replay of the history in progress (going back).
    replay: Option<Replay>,
}

impl Tracker {
    /// A tracker for a program's debug information.
    pub fn new(info: Arc<DebugInfo>) -> Tracker {
        Tracker {
            info,
            stack: CallStack::default(),
            breakpoints: Breakpoints::default(),
            mode: None,
            skip_next: false,
            pending: None,
            halt: None,
            logs: Vec::new(),
            replay: None,
        }
    }

    /// Replay the history: the run ends before instruction number `replay.until`.
    pub fn begin_replay(&mut self, replay: Replay) {
        self.mode = None;
        self.pending = None;
        self.halt = None;
        self.replay = Some(replay);
    }

    /// The replay in progress.
    pub fn replay_mut(&mut self) -> Option<&mut Replay> {
        self.replay.as_mut()
    }

    /// The replay done.
    pub fn end_replay(&mut self) -> Option<Replay> {
        self.pending = None;
        self.replay.take()
    }

    /// An instruction of a replay: follow the stack, show it to the replay, and end
    /// before instruction `until`.
    fn replay_at(&mut self, m: &Machine, pc: u16) -> bool {
        self.follow(m);
        let at = m.instructions();
        let Some(r) = self.replay.as_mut() else {
            return false;
        };
        if at >= r.until {
            return true;
        }
        self.pending = Some(Pending::at(m, pc));
        let (bps, labels) = (&self.breakpoints, &self.info.labels);
        r.see(at, pc, self.stack.depth(), || {
            if bps.armed(pc) {
                bps.stop_backward(pc, &m.regs(), labels)
            } else {
                Vec::new()
            }
        });
        false
    }

    /// The instruction at `pc` is next: end the run here?
    fn halt_at(&mut self, m: &Machine, pc: u16) -> bool {
        if self.replay.is_some() {
            return self.replay_at(m, pc);
        }
        let Some(mode) = self.mode else {
            return false;
        };
        let depth = self.stack.depth();
        self.follow(m);
        self.pending = Some(Pending::at(m, pc));
        if std::mem::take(&mut self.skip_next) {
            return false;
        }
        if self.breakpoints.armed(pc) {
            let regs = m.regs();
            match self.breakpoints.reached(pc, &regs, &self.info.labels) {
                (Action::Pass, _) => {}
                (Action::Log(text), _) => self.logs.push(text),
                (Action::Stop(text), ids) => {
                    return self.stop(Halt::Stopped {
                        reason: "breakpoint",
                        text,
                        ids,
                    });
                }
            }
        }
        let done = match mode {
            Mode::Continue => false,
            Mode::Instruction => true,
            Mode::In if self.info.line_at(pc).is_some() => true,
            Mode::In if self.stack.depth() > depth => {
                // Into code without source (the KERNAL, an interrupt): run it whole.
                self.mode = Some(Mode::Over { depth, from: pc });
                false
            }
            Mode::In => true,
            Mode::Over { depth, from } => self.stack.depth() <= depth && pc != from,
            Mode::Out { depth } => self.stack.depth() < depth,
        };
        done && self.stop(Halt::stopped("step"))
    }

    /// The stack after the pending instruction.
    fn follow(&mut self, m: &Machine) {
        if let Some(p) = self.pending.take() {
            self.stack.step(&p.done(m));
        }
    }

    fn stop(&mut self, halt: Halt) -> bool {
        // The instruction at the PC did not run.
        self.pending = None;
        self.halt = Some(halt);
        true
    }
}

/// The machine's observer: the tracker, behind a lock the session shares.
pub struct Watch(pub Arc<Mutex<Tracker>>);

impl Observer for Watch {
    fn instruction(&mut self, _m: &Machine, _pc: u16) {}

    fn halt(&mut self, m: &Machine, pc: u16) -> bool {
        lock(&self.0).halt_at(m, pc)
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        Box::new(Watch(Arc::clone(&self.0)))
    }
}

/// A data breakpoint's stop, as the client shows it: `write $D020 = $06 at $0812`.
pub fn describe_hit(hit: &WatchHit) -> String {
    let what = match hit.access {
        Access::Read => "read",
        Access::Write => "write",
        Access::Exec => "exec",
    };
    format!(
        "{what} ${:04X} = ${:02X} at ${:04X}",
        hit.addr, hit.value, hit.pc
    )
}

/// The tracker, also after a panic elsewhere (its state is still consistent).
pub fn lock(t: &Mutex<Tracker>) -> MutexGuard<'_, Tracker> {
    t.lock().unwrap_or_else(|e| e.into_inner())
}

impl Loaded {
    /// Start a run (the place it starts from is a checkpoint of the history).
    pub fn start(&mut self, run: Run) {
        self.checkpoint(false);
        let mut t = lock(&self.tracker);
        t.mode = Some(run.mode);
        t.skip_next = !run.check_first;
        t.pending = None;
        t.halt = None;
    }

    /// Run a slice: the halt, if the run ended. Logpoints' texts go to `logs`. Data
    /// breakpoints end the machine's run through its watch, raster breakpoints by a
    /// run that ends where their line starts; one that does not stop (its condition,
    /// its hit count, a logpoint) lets the slice go on.
    pub fn run_slice(&mut self, logs: &mut Vec<String>) -> Option<Halt> {
        let end = self.machine.cycles() + SLICE_CYCLES;
        let stop = loop {
            let now = self.machine.cycles();
            if now >= end {
                break Stop::CycleLimit;
            }
            let raster = self.next_raster(now + 1).filter(|&(at, _)| at < end);
            let stop = self.machine.run(raster.map_or(end, |(at, _)| at) - now);
            let mut t = lock(&self.tracker);
            logs.append(&mut t.logs);
            let regs = self.machine.regs();
            let labels = &self.info.labels;
            let (action, ids, text) = match (&stop, raster) {
                (Stop::Watch(hit), _) => {
                    let (a, ids) = t.breakpoints.data_hit(hit, &regs, labels);
                    (a, ids, describe_hit(hit))
                }
                (Stop::CycleLimit, Some((at, line))) if self.machine.cycles() >= at => {
                    let (a, ids) = t.breakpoints.raster_reached(line, &regs, labels);
                    let late = self.machine.cycles() - at;
                    (
                        a,
                        ids,
                        format!("raster line {line} (${line:02X}), {late} cycles into it"),
                    )
                }
                _ => break stop,
            };
            match action {
                Action::Pass => {}
                Action::Log(text) => logs.push(text),
                Action::Stop(why) => {
                    t.follow(&self.machine);
                    t.mode = None;
                    let reason = if matches!(stop, Stop::Watch(_)) {
                        "data breakpoint"
                    } else {
                        "function breakpoint"
                    };
                    return Some(Halt::Stopped {
                        reason,
                        text: Some(why.map_or(text.clone(), |w| format!("{text}: {w}"))),
                        ids,
                    });
                }
            }
        };
        let mut t = lock(&self.tracker);
        logs.append(&mut t.logs);
        if stop == Stop::CycleLimit {
            t.follow(&self.machine);
            drop(t);
            self.checkpoint(false);
            return None;
        }
        t.mode = None;
        if let (Stop::Reached(_), Some(h)) = (&stop, t.halt.take()) {
            return Some(h);
        }
        t.follow(&self.machine);
        Some(match stop {
            Stop::ReturnedToBasic => Halt::Ended(None),
            Stop::DebugCart(code) => Halt::Ended(Some(code)),
            other => Halt::Stopped {
                reason: "exception",
                text: Some(self.machine.describe_stop(&other)),
                ids: Vec::new(),
            },
        })
    }

    /// The first cycle at or after `from` where a raster breakpoint's line starts,
    /// and the line.
    pub(crate) fn next_raster(&self, from: u64) -> Option<(u64, u16)> {
        let timing = self.machine.vic_model().timing();
        lock(&self.tracker)
            .breakpoints
            .raster_lines()
            .into_iter()
            .map(|line| (timing.next_raster_match(line, from), line))
            .min()
    }

    /// Arm the machine's watch for the data breakpoints now set.
    pub fn arm_watch(&mut self) {
        let watch = lock(&self.tracker).breakpoints.watch();
        self.machine.set_watch(watch);
    }

    /// Record the machine in the history; `pinned` when the debugger changed it (a
    /// replay would not do that again). Between runs or slices only.
    pub fn checkpoint(&mut self, pinned: bool) {
        let t = lock(&self.tracker);
        self.history.record(&self.machine, &t.stack, pinned);
    }

    /// End the run in progress (a pause): the stack is up to date.
    pub fn pause(&mut self) {
        let mut t = lock(&self.tracker);
        t.follow(&self.machine);
        t.mode = None;
    }
}
