//! The binary monitor's CPU history: c64debug's history of the run (machine snapshots
//! a bounded distance apart, the debugger's own changes pinned) replayed forward from
//! the snapshot before the instructions asked for, on a copy of the machine. The
//! machine is deterministic, so the replay executes what the run executed.

use std::collections::VecDeque;

use c64binmon::reply::{Executed, HISTORY_REGISTERS, reg};
use c64debug::history::History;
use c64debug::stack::CallStack;
use c64emu::{Machine, Stop};

/// The most instructions one CPU history answer holds (48 bytes each: 3 MiB).
pub const MAX_COUNT: u32 = 65_536;

/// The run's past.
#[derive(Default)]
pub struct Past {
    history: History,
    /// The history keeps call stacks for the DAP debugger; the monitor has none.
    stack: CallStack,
}

impl Past {
    /// Note the machine as it is now; `changed` when a client changed it (memory,
    /// registers, input, a reset): replays start again from there.
    pub fn record(&mut self, m: &Machine, changed: bool) {
        self.history.record(m, &self.stack, changed);
    }

    /// The last `count` instructions executed (at most [`MAX_COUNT`], and no further
    /// back than the history reaches), oldest first.
    pub fn last(&self, m: &Machine, count: u32) -> Vec<Executed> {
        let now = m.instructions();
        let count = count.min(MAX_COUNT);
        let from = now.saturating_sub(count.into());
        let Some((_, point)) = self
            .history
            .at_or_before(from)
            .or_else(|| self.history.oldest().map(|p| (0, p)))
        else {
            return Vec::new();
        };
        let mut replay = m.clone();
        replay.set_watch(None);
        replay.restore(&point.machine);
        let mut out = VecDeque::with_capacity(count as usize);
        while replay.instructions() < now && replay.cycles() < m.cycles() {
            let before = executed(&replay);
            let (done, cycles) = (replay.instructions(), replay.cycles());
            match replay.step() {
                // The stub KERNAL's return to BASIC goes on, as the run did.
                Ok(()) | Err(Stop::ReturnedToBasic) => {}
                Err(_) => break,
            }
            if replay.instructions() == done {
                // A native KERNAL routine (stub ROMs) is no instruction; nothing at all
                // ran (a jammed CPU): the run did not get further either.
                if replay.cycles() == cycles {
                    break;
                }
                continue;
            }
            if done >= from {
                if out.len() == count as usize {
                    out.pop_front();
                }
                out.push_back(before);
            }
        }
        out.into()
    }
}

/// The value of the binary monitor's register `id` now (the raster cycle for an id it
/// does not otherwise name).
pub(super) fn register(m: &Machine, id: u8) -> u16 {
    let r = m.regs();
    match id {
        reg::PC => r.pc,
        reg::A => r.a.into(),
        reg::X => r.x.into(),
        reg::Y => r.y.into(),
        reg::SP => r.sp.into(),
        reg::ZERO => m.peek_banked(0).into(),
        reg::ONE => m.peek_banked(1).into(),
        reg::FL => r.p.into(),
        reg::LIN => m.raster_line(),
        _ => (m.cycles() % c64emu::timing::CYCLES_PER_LINE) as u16,
    }
}

/// The instruction at PC, about to execute.
fn executed(m: &Machine) -> Executed {
    let r = m.regs();
    let regs = HISTORY_REGISTERS.map(|id| (id, register(m, id)));
    Executed {
        regs,
        clock: m.cycles(),
        bytes: [0, 1, 2].map(|i| m.peek_banked(r.pc.wrapping_add(i))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_instructions_come_back_in_order() {
        let mut m = Machine::new();
        // $C000: LDX #0; loop: INX; JMP loop
        m.write(0xC000, &[0xA2, 0x00, 0xE8, 0x4C, 0x02, 0xC0]);
        m.start_at(0xC000);
        let mut past = Past::default();
        past.record(&m, true);
        for _ in 0..30 {
            m.run(10_000);
            past.record(&m, false);
        }
        let items = past.last(&m, 10);
        assert_eq!(items.len(), 10);
        // The newest is the instruction just before the current PC.
        let pcs: Vec<u16> = items.iter().map(|e| e.regs[0].1).collect();
        for w in pcs.windows(2) {
            assert!(matches!((w[0], w[1]), (0xC002, 0xC003) | (0xC003, 0xC002)));
        }
        let last = items.last().unwrap();
        let next = if last.regs[0].1 == 0xC002 {
            0xC003
        } else {
            0xC002
        };
        assert_eq!(m.regs().pc, next);
        // X counts the INXs: the last INX's X is one below the machine's (mod 256).
        let inx = items.iter().rev().find(|e| e.bytes[0] == 0xE8).unwrap();
        assert_eq!(inx.regs[2].1 as u8, m.regs().x.wrapping_sub(1));
        assert_eq!(inx.bytes, [0xE8, 0x4C, 0x02]);
        // Clocks rise.
        assert!(items.windows(2).all(|w| w[0].clock < w[1].clock));
        assert!(last.clock < m.cycles());
    }
}
