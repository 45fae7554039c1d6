//! What a failed test shows of its last moments: its last instructions with their
//! source lines, and for a routine that never returned, the loop it was caught in.
//! Both come from running the failed test again with a ring of the last addresses run
//! (the machine is deterministic: the second run is the first), so passing tests pay
//! nothing for them.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use c64emu::{Machine, Observer, Regs};

use crate::debug::DebugInfo;

use super::check::source_of;

/// Where a [`PcRing`] leaves what it saw.
pub(crate) type Ring = Arc<Mutex<Vec<(u16, Regs)>>>;

/// The last instructions run: their addresses and the registers before each.
pub(crate) struct PcRing {
    pcs: VecDeque<(u16, Regs)>,
    done: Ring,
}

/// How many instructions the ring keeps.
const RING: usize = 4096;

impl PcRing {
    pub fn new() -> (Box<PcRing>, Ring) {
        let done = Arc::new(Mutex::new(Vec::new()));
        let ring = PcRing {
            pcs: VecDeque::with_capacity(RING),
            done: done.clone(),
        };
        (Box::new(ring), done)
    }
}

impl Observer for PcRing {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        if self.pcs.len() == RING {
            self.pcs.pop_front();
        }
        self.pcs.push_back((pc, m.regs()));
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        PcRing::new().0
    }
}

impl Drop for PcRing {
    fn drop(&mut self) {
        *self.done.lock().unwrap_or_else(|p| p.into_inner()) = self.pcs.iter().copied().collect();
    }
}

/// Where a run that did not end was going round: the shortest sequence of
/// instructions that repeats at the end of `pcs`, or the span of the last ones.
pub(crate) fn describe_loop(pcs: &[u16], info: &DebugInfo) -> Option<String> {
    let n = pcs.len();
    if n < 8 {
        return None;
    }
    let (window, what) = match period(pcs) {
        Some(p) => (&pcs[n - p..], format!("{p} instruction(s) repeating")),
        None => (
            &pcs[n.saturating_sub(256)..],
            "the last instructions".to_string(),
        ),
    };
    let lo = *window.iter().min()?;
    let hi = *window.iter().max()?;
    let place = match lo == hi {
        true => source_of(info, lo),
        false => format!("{} to {}", source_of(info, lo), source_of(info, hi)),
    };
    Some(format!("looping in {place}: {what}"))
}

/// The length of the shortest sequence of addresses that repeats (at least three
/// times, or as often as fits) at the end of `pcs`.
pub(crate) fn period(pcs: &[u16]) -> Option<usize> {
    let n = pcs.len();
    if n < 8 {
        return None;
    }
    let repeats = |p: usize| {
        let span = (3 * p).min(n - p);
        span >= p && (0..span).all(|k| pcs[n - 1 - k] == pcs[n - 1 - k - p])
    };
    (1..=n / 3).find(|&p| repeats(p))
}

/// The last `n` instructions of `pcs` as lines: address, place, source text.
pub(crate) fn listing(pcs: &[u16], n: usize, info: &DebugInfo) -> Vec<String> {
    pcs[pcs.len().saturating_sub(n)..]
        .iter()
        .map(|&pc| {
            let text = info.text(pc).unwrap_or("").trim();
            let line = format!("{pc:04X}  {:<36} {text}", source_of(info, pc));
            line.trim_end().to_string()
        })
        .collect()
}
