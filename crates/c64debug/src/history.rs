//! The recorded past of a run, for going back: checkpoints (a machine snapshot and the
//! call stack) at least [`INTERVAL`] cycles apart, at most [`MAX_CHECKPOINTS`] of them.
//! Any earlier instruction is found again by restoring the checkpoint before it and
//! running forward: the machine is deterministic (its clocks, its typing queue and its
//! noise generator are all in the snapshot; nothing reads the wall clock).
//!
//! What the debugger changes (memory, registers, typed keys) is not re-done by running
//! forward, so such a change is a checkpoint of its own that thinning never drops.

use std::collections::VecDeque;

use c64emu::{Machine, Snapshot};

use crate::stack::CallStack;

/// Cycles between two kept checkpoints (about a tenth of an emulated second).
pub const INTERVAL: u64 = 100_000;
/// Checkpoints kept. Thinning keeps any two neighbours' neighbours at least
/// [`INTERVAL`] apart, so the history spans at least `(MAX / 2 - 1) * INTERVAL` =
/// 2,300,000 cycles once the run is that long (less only when the debugger changed
/// the machine more often than that).
pub const MAX_CHECKPOINTS: usize = 48;

/// A point of the run to start again from.
pub struct Checkpoint {
    /// Instructions executed before it: the run's clock, one tick per instruction.
    pub at: u64,
    /// The machine's cycle count there.
    pub cycles: u64,
    /// The machine.
    pub machine: Snapshot,
    /// The frames open there.
    pub stack: CallStack,
    /// The debugger changed the machine here: never thinned away.
    pinned: bool,
}

/// The checkpoints, oldest first.
#[derive(Default)]
pub struct History {
    points: VecDeque<Checkpoint>,
}

impl History {
    /// Record the machine as it is now (at an instruction boundary, with `stack` its
    /// frames). A checkpoint later than now belongs to a future this run has left: gone.
    pub fn record(&mut self, m: &Machine, stack: &CallStack, pinned: bool) {
        let at = m.instructions();
        self.forget_after(at);
        if self.points.back().is_some_and(|p| p.at == at) {
            let last = self.points.pop_back().unwrap();
            if last.pinned && !pinned {
                self.points.push_back(last);
                return;
            }
        }
        let n = self.points.len();
        if n >= 2 {
            let last = &self.points[n - 1];
            if !last.pinned && m.cycles() - self.points[n - 2].cycles < INTERVAL {
                self.points.pop_back();
            }
        }
        self.points.push_back(Checkpoint {
            at,
            cycles: m.cycles(),
            machine: m.snapshot(),
            stack: stack.clone(),
            pinned,
        });
        while self.points.len() > MAX_CHECKPOINTS {
            self.points.pop_front();
        }
    }

    /// Drop the checkpoints after instruction `at`.
    pub fn forget_after(&mut self, at: u64) {
        while self.points.back().is_some_and(|p| p.at > at) {
            self.points.pop_back();
        }
    }

    /// The latest checkpoint at or before instruction `at`, with its index.
    pub fn at_or_before(&self, at: u64) -> Option<(usize, &Checkpoint)> {
        let i = self.points.partition_point(|p| p.at <= at).checked_sub(1)?;
        Some((i, &self.points[i]))
    }

    /// Checkpoint `i` (oldest first).
    pub fn get(&self, i: usize) -> Option<&Checkpoint> {
        self.points.get(i)
    }

    /// The oldest checkpoint.
    pub fn oldest(&self) -> Option<&Checkpoint> {
        self.points.front()
    }

    /// How many checkpoints are kept.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// No checkpoint yet.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine running a loop, `n` cycles on.
    fn run(m: &mut Machine, n: u64) {
        m.run(n);
    }

    fn looping() -> Machine {
        let mut m = Machine::new();
        // $C000: INX; JMP $C000
        m.write(0xC000, &[0xE8, 0x4C, 0x00, 0xC0]);
        m.start_at(0xC000);
        m
    }

    #[test]
    fn thinning_keeps_the_span_and_the_bound() {
        let mut m = looping();
        let mut h = History::default();
        let stack = CallStack::default();
        for _ in 0..2000 {
            run(&mut m, 7_000);
            h.record(&m, &stack, false);
        }
        assert!(h.len() <= MAX_CHECKPOINTS);
        let span = m.cycles() - h.oldest().unwrap().cycles;
        assert!(
            span >= (MAX_CHECKPOINTS as u64 / 2 - 1) * INTERVAL,
            "{span} cycles"
        );
        // Neighbours' neighbours are INTERVAL apart.
        for i in 2..h.len() {
            let (a, b) = (h.get(i - 2).unwrap(), h.get(i).unwrap());
            assert!(b.cycles - a.cycles >= INTERVAL);
        }
    }

    #[test]
    fn pinned_points_stay_and_the_future_goes() {
        let mut m = looping();
        let mut h = History::default();
        let stack = CallStack::default();
        h.record(&m, &stack, false);
        run(&mut m, 100);
        h.record(&m, &stack, true);
        let pinned_at = m.instructions();
        run(&mut m, 100);
        h.record(&m, &stack, false);
        run(&mut m, 100);
        h.record(&m, &stack, false);
        assert!(h.at_or_before(pinned_at).unwrap().1.at == pinned_at);
        // Back at the pinned point, a new run replaces what came after it.
        let s = h.at_or_before(pinned_at).unwrap().1.machine.clone();
        m.restore(&s);
        h.record(&m, &stack, false);
        assert_eq!(h.len(), 2);
        assert_eq!(h.at_or_before(u64::MAX).unwrap().1.at, pinned_at);
    }
}
