//! Going back: DAP's `stepBack` and `reverseContinue`. The target is found by
//! replaying the [`History`](crate::history::History) one checkpoint interval at a
//! time, newest first, noting every instruction that would have stopped the step; the
//! latest one before now is where the machine goes, by restoring the checkpoint before
//! it and running forward to exactly that instruction.

use c64emu::Stop;

use crate::error::{Error, bad};
use crate::exec::{Halt, lock};
use crate::launch::Loaded;

/// Cycles a replay may run past the checkpoint interval it expects before the
/// debugger calls it diverged (it never should: the run is deterministic).
const SLACK: u64 = 1_000;

/// Where going back stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The previous instruction.
    Instruction,
    /// The previous instruction in this routine or its callers, not at `from`: the
    /// reverse of `next` (routines and interrupts that ran meanwhile are passed over).
    Over {
        /// Frames open now.
        depth: usize,
        /// The PC now.
        from: u16,
    },
    /// The latest earlier instruction where a breakpoint stops.
    Breakpoint,
}

/// A replay in progress: the tracker shows it each instruction before it runs.
pub struct Replay {
    /// The replay ends before instruction number `until` runs.
    pub until: u64,
    goal: Option<Goal>,
    /// Stops are before instruction number `now` (where going back started).
    now: u64,
    /// The latest instruction so far where the goal stops, and the breakpoints there.
    found: Option<(u64, Vec<u64>)>,
}

impl Replay {
    /// The replay sees instruction number `at`, at `pc` with `depth` frames open;
    /// `breakpoints` names the breakpoints that would stop there going backward.
    pub fn see(&mut self, at: u64, pc: u16, depth: usize, breakpoints: impl FnOnce() -> Vec<u64>) {
        let hit = match self.goal {
            None => return,
            Some(Goal::Instruction) => Some(Vec::new()),
            Some(Goal::Over { depth: d, from }) => (depth <= d && pc != from).then(Vec::new),
            Some(Goal::Breakpoint) => Some(breakpoints()).filter(|ids| !ids.is_empty()),
        };
        if let Some(ids) = hit {
            self.found = Some((at, ids));
        }
    }
}

impl Replay {
    /// The replay's watch saw a data access, or the raster reached a breakpoint's line;
    /// `breakpoints` names the breakpoints that would stop there going backward: before
    /// instruction number `at` (which may be `until`: the instruction before it is this
    /// replay's).
    fn see_data(&mut self, at: u64, breakpoints: Vec<u64>) {
        if self.goal == Some(Goal::Breakpoint) && at < self.now && !breakpoints.is_empty() {
            self.found = Some((at, breakpoints));
        }
    }
}

impl Loaded {
    /// Go back to where `goal` stops; the stop to report. With nothing earlier in the
    /// history, the machine goes to the history's start and says so.
    pub fn go_back(&mut self, goal: Goal) -> Result<Halt, Error> {
        // The segment searched ends at instruction `end`, at cycle `end_cycles`.
        let (mut end, mut end_cycles) = (self.machine.instructions(), self.machine.cycles());
        let (now, now_cycles) = (end, end_cycles);
        let found = loop {
            let Some((i, at, cycles)) = end
                .checked_sub(1)
                .and_then(|e| self.history.at_or_before(e))
                .map(|(i, c)| (i, c.at, c.cycles))
            else {
                break None;
            };
            if let Some(f) = self.replay(i, end, end_cycles, Some(goal), now)? {
                break Some(f);
            }
            (end, end_cycles) = (at, cycles);
        };
        let (target, halt) = match found {
            Some((at, ids)) => {
                let reason = if ids.is_empty() { "step" } else { "breakpoint" };
                (
                    at,
                    Halt::Stopped {
                        reason,
                        text: None,
                        ids,
                    },
                )
            }
            None => {
                let start = self
                    .history
                    .oldest()
                    .ok_or_else(|| bad("no history recorded yet"))?;
                let back = now_cycles - start.cycles;
                (
                    start.at,
                    Halt::Stopped {
                        reason: "step",
                        text: Some(format!(
                            "at the start of the recorded history ({back} cycles back)"
                        )),
                        ids: Vec::new(),
                    },
                )
            }
        };
        let (i, _) = self
            .history
            .at_or_before(target)
            .ok_or_else(|| bad("the history has no checkpoint before the target"))?;
        self.replay(i, target, end_cycles, None, now)?;
        Ok(halt)
    }

    /// Restore checkpoint `i` and run to just before instruction number `until` (at
    /// or before cycle `by`), looking for `goal`'s stops before instruction `now` on
    /// the way.
    fn replay(
        &mut self,
        i: usize,
        until: u64,
        by: u64,
        goal: Option<Goal>,
        now: u64,
    ) -> Result<Option<(u64, Vec<u64>)>, Error> {
        let cp = self
            .history
            .get(i)
            .ok_or_else(|| bad("no such checkpoint"))?;
        let budget = by.saturating_sub(cp.cycles) + SLACK;
        self.machine.restore(&cp.machine);
        {
            let mut t = lock(&self.tracker);
            t.stack = cp.stack.clone();
            t.begin_replay(Replay {
                until,
                goal,
                now,
                found: None,
            });
        }
        // The data breakpoints' watch ends runs on the way, and so do runs to the raster
        // breakpoints' lines: note their stops, go on (to the observer's stop before
        // instruction `until`, which follows the stack).
        let end = self.machine.cycles() + budget;
        let stop = if self.machine.instructions() >= until {
            Stop::Reached(self.machine.regs().pc)
        } else {
            loop {
                let now = self.machine.cycles();
                let raster = self.next_raster(now + 1).filter(|&(at, _)| at < end);
                let left = raster.map_or(end, |(at, _)| at).saturating_sub(now).max(1);
                let stop = self.machine.run(left);
                let regs = self.machine.regs();
                let labels = &self.info.labels;
                let mut t = lock(&self.tracker);
                let ids = match (&stop, raster) {
                    (Stop::Watch(hit), _) => t.breakpoints.data_stop_backward(hit, &regs, labels),
                    (Stop::CycleLimit, Some((at, line))) if self.machine.cycles() >= at => {
                        t.breakpoints.raster_stop_backward(line, &regs, labels)
                    }
                    _ => break stop,
                };
                if let Some(r) = t.replay_mut() {
                    r.see_data(self.machine.instructions(), ids);
                }
            }
        };
        let replay = lock(&self.tracker).end_replay();
        let reached = self.machine.instructions() == until;
        match stop {
            Stop::Reached(_) if reached => Ok(replay.and_then(|r| r.found)),
            other => Err(bad(format!(
                "replaying the history went another way ({}, at instruction {} of {until}): \
                 the run was not deterministic",
                self.machine.describe_stop(&other),
                self.machine.instructions()
            ))),
        }
    }
}
