//! Mocks: a routine replaced, for the length of a test, by the results it should give
//! (registers, flags, memory), with its calls counted.
//!
//! How: while a [`Harness`] call or run goes on, every `JSR target` and `JMP target` of
//! the program (from its source map) becomes `JSR TRAP`, and so does the routine's own
//! entry when it is in RAM and at least 3 bytes long (that catches calls through
//! vectors and jump tables). The machine runs until PC reaches [`TRAP`]; the return
//! address the patched JSR pushed names the site, so the harness knows which mock was
//! called and from where, puts the mock's results in, and returns to the caller as the
//! routine's RTS would. The patched bytes are put back when the call ends.
//!
//! Cycles: a mocked routine costs what a routine holding only an RTS costs (JSR + RTS,
//! 12 cycles), in [`CallResult::cycles`]. The machine's own clock lags by 6 cycles per
//! call of a mock from a patched JSR (3 from a patched JMP), and by the 6 of the
//! harness's own JSR: chips see the routine a little earlier than without mocks.

use c64emu::{CallResult, Machine, Regs, Stop, Target};

use crate::build::Harness;
use crate::regs::RegValues;

/// Where mocked routines and calls with mocks return to: four bytes the real KERNAL
/// leaves unused before its NMI vector, so no program runs code there.
pub const TRAP: u16 = 0xFFF6;

const JSR: u8 = 0x20;
const JMP: u8 = 0x4C;
const JSR_CYCLES: u64 = 6;
const STACK: u16 = 0x0100;
/// The I flag: a harness call runs with interrupts masked, as `Machine::call`.
const FLAG_I: u8 = 0x04;

/// What a mocked routine does: the results it gives on every call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mock {
    /// Registers and flags as the routine leaves them (unnamed ones unchanged).
    pub regs: RegValues,
    /// Bytes it writes: (address, bytes).
    pub mem: Vec<(u16, Vec<u8>)>,
}

/// A mock installed on a harness ([`Harness::mock`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MockId(usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SiteKind {
    /// The routine's own entry.
    Entry,
    /// A `JSR target` of the program.
    Jsr,
    /// A `JMP target` of the program.
    Jmp,
}

#[derive(Clone, Debug)]
struct Site {
    addr: u16,
    kind: SiteKind,
    /// The bytes the program has there.
    original: [u8; 3],
}

/// One installed mock.
#[derive(Clone, Debug)]
pub(crate) struct MockSlot {
    target: u16,
    mock: Mock,
    sites: Vec<Site>,
    calls: u64,
}

/// A site patched for the length of one call.
struct Patch {
    slot: usize,
    site: usize,
}

/// How a drive towards the trap ends.
enum Goal {
    /// A call returned: SP back where it was before the harness pushed its return.
    Return(u8),
    /// PC reached the address on its own.
    Reach,
    /// Only mocks stop there: run until the machine stops.
    Never,
}

impl Harness {
    /// Replace the routine at `target` by `mock` for every [`Harness::call`],
    /// [`Harness::run_until`] and [`Harness::run`] from now on (until
    /// [`Harness::clear_mocks`]; `run_until_idle` and `step` run the real routine).
    /// Fails if `target` is unknown.
    pub fn mock(&mut self, target: impl Into<Target>, mock: Mock) -> Result<MockId, Stop> {
        let target = self.target(target.into())?;
        let sites = self.sites(target);
        self.mocks.push(MockSlot {
            target,
            mock,
            sites,
            calls: 0,
        });
        Ok(MockId(self.mocks.len() - 1))
    }

    /// How often the mocked routine was called.
    pub fn mock_calls(&self, id: MockId) -> u64 {
        self.mocks.get(id.0).map_or(0, |s| s.calls)
    }

    /// The address a mock replaces.
    pub fn mock_target(&self, id: MockId) -> Option<u16> {
        self.mocks.get(id.0).map(|s| s.target)
    }

    /// Take every mock off.
    pub fn clear_mocks(&mut self) {
        self.mocks.clear();
    }

    /// [`Machine::call`] with the mocks in place (without mocks it is exactly that).
    pub fn call(&mut self, target: impl Into<Target>, max_cycles: u64) -> Result<CallResult, Stop> {
        let target = target.into();
        if let (Some(program), true) = (&self.program, crate::dap::wanted())
            && let Ok(addr) = self.target(target.clone())
        {
            crate::dap::before_call(&self.machine, program, &self.info().name, addr);
        }
        if self.mocks.is_empty() {
            return self.machine.call(target, max_cycles);
        }
        let addr = self.target(target)?;
        if let Some(c) = &self.coverage {
            c.count_call(addr);
        }
        let saved = self.machine.regs();
        let start = self.machine.cycles();
        let stolen = self.machine.stolen_cycles();
        let end = start.saturating_add(max_cycles.saturating_sub(JSR_CYCLES));
        let mut regs = saved;
        let [lo, hi] = TRAP.wrapping_sub(1).to_le_bytes();
        self.machine.poke(STACK + u16::from(regs.sp), hi);
        self.machine
            .poke(STACK + u16::from(regs.sp.wrapping_sub(1)), lo);
        regs.sp = regs.sp.wrapping_sub(2);
        regs.p |= FLAG_I;
        regs.pc = addr;
        self.machine.set_regs(regs);
        let extra = self.drive(TRAP, end, Goal::Return(saved.sp))?;
        let mut after = self.machine.regs();
        after.pc = saved.pc;
        after.p = (after.p & !FLAG_I) | (saved.p & FLAG_I);
        self.machine.set_regs(after);
        let stolen = self.machine.stolen_cycles() - stolen;
        Ok(CallResult {
            regs: after,
            cycles: self.machine.cycles() - start - stolen + JSR_CYCLES + extra,
            stolen,
        })
    }

    /// [`Machine::run_until`] with the mocks in place.
    pub fn run_until(&mut self, target: impl Into<Target>, max_cycles: u64) -> Result<u64, Stop> {
        if self.mocks.is_empty() {
            return self.machine.run_until(target, max_cycles);
        }
        let addr = self.target(target.into())?;
        let start = self.machine.cycles();
        let extra = self.drive(addr, start.saturating_add(max_cycles), Goal::Reach)?;
        Ok(self.machine.cycles() - start + extra)
    }

    /// [`Machine::run`] with the mocks in place.
    pub fn run(&mut self, max_cycles: u64) -> Stop {
        if self.mocks.is_empty() {
            return self.machine.run(max_cycles);
        }
        let end = self.machine.cycles().saturating_add(max_cycles);
        match self.drive(TRAP, end, Goal::Never) {
            Ok(_) => Stop::Reached(TRAP),
            Err(s) => s,
        }
    }

    fn target(&self, t: Target) -> Result<u16, Stop> {
        match t {
            Target::Addr(a) => Ok(a),
            Target::Name(n) => self.machine.resolve(&n).ok_or(Stop::UnknownTarget(n)),
        }
    }

    /// Where the program calls or jumps to `target`, and its entry when that can be
    /// patched (RAM the program never banks out, and 3 bytes before the next label).
    fn sites(&self, target: u16) -> Vec<Site> {
        let info = self.info();
        let mem = &info.memory;
        let bytes = |a: u16| [0, 1, 2].map(|i| mem[usize::from(a.wrapping_add(i))]);
        let mut sites: Vec<Site> = info
            .instructions()
            .filter_map(|(pc, _)| {
                let b = bytes(pc);
                let kind = match b[0] {
                    JSR => SiteKind::Jsr,
                    JMP => SiteKind::Jmp,
                    _ => return None,
                };
                (u16::from_le_bytes([b[1], b[2]]) == target).then_some(Site {
                    addr: pc,
                    kind,
                    original: b,
                })
            })
            .collect();
        let in_ram = (0x0002..0xA000).contains(&target) || (0xC000..0xD000).contains(&target);
        let room = info
            .names
            .range(target.wrapping_add(1)..)
            .next()
            .is_none_or(|(&next, _)| next >= target.saturating_add(3));
        let clear = sites.iter().all(|s| s.addr.abs_diff(target) >= 3);
        if in_ram && room && clear && target <= 0xFFFD {
            sites.push(Site {
                addr: target,
                kind: SiteKind::Entry,
                original: bytes(target),
            });
        }
        sites
    }

    /// Patch the sites (each still holding the program's bytes), run until `goal` at
    /// `stop`, put the bytes back. Ok(the cycles mocks are owed beyond the clock's).
    fn drive(&mut self, stop: u16, end: u64, goal: Goal) -> Result<u64, Stop> {
        let mut patches = Vec::new();
        let [lo, hi] = stop.to_le_bytes();
        for (slot, m) in self.mocks.iter().enumerate() {
            for (site, s) in m.sites.iter().enumerate() {
                let now = self.machine.read(s.addr, 3);
                let visible = (0..3)
                    .all(|i| self.machine.peek_banked(s.addr.wrapping_add(i)) == now[i as usize]);
                if now == s.original && visible {
                    self.machine.write(s.addr, &[JSR, lo, hi]);
                    patches.push(Patch { slot, site });
                }
            }
        }
        let result = self.drive_patched(stop, end, &goal, &patches);
        for p in &patches {
            let s = &self.mocks[p.slot].sites[p.site];
            // Bytes the program wrote over the patch stay.
            if self.machine.read(s.addr, 3) == [JSR, lo, hi] {
                self.machine.write(s.addr, &s.original);
            }
        }
        result
    }

    fn drive_patched(
        &mut self,
        stop: u16,
        end: u64,
        goal: &Goal,
        patches: &[Patch],
    ) -> Result<u64, Stop> {
        let mut extra = 0;
        loop {
            let now = self.machine.cycles();
            self.machine.run_until(stop, end.saturating_sub(now))?;
            // At `stop`: a mock's site, the goal, or code that happens to run there.
            loop {
                let regs = self.machine.regs();
                let pushed = stack_word(&self.machine, regs.sp);
                let arrival = patches.iter().find(|p| {
                    let s = &self.mocks[p.slot].sites[p.site];
                    s.addr.wrapping_add(2) == pushed
                });
                if let Some(p) = arrival {
                    extra += self.answer(p, regs);
                    if self.machine.regs().pc == stop {
                        continue;
                    }
                    break;
                }
                let done = match goal {
                    Goal::Return(sp) => regs.sp == *sp,
                    Goal::Reach => true,
                    Goal::Never => false,
                };
                if done {
                    return Ok(extra);
                }
                break;
            }
        }
    }

    /// A mock was called through `p`: count it, put its results in and return to the
    /// caller. Returns the cycles owed beyond the machine's clock.
    fn answer(&mut self, p: &Patch, mut regs: Regs) -> u64 {
        let slot = &mut self.mocks[p.slot];
        slot.calls += 1;
        let site = &slot.sites[p.site];
        // Drop the return address the patched JSR pushed.
        regs.sp = regs.sp.wrapping_add(2);
        let owed = match site.kind {
            SiteKind::Jsr => {
                regs.pc = site.addr.wrapping_add(3);
                6 // the routine's RTS
            }
            SiteKind::Entry | SiteKind::Jmp => {
                regs.pc = stack_word(&self.machine, regs.sp).wrapping_add(1);
                regs.sp = regs.sp.wrapping_add(2);
                if site.kind == SiteKind::Jmp { 3 } else { 0 }
            }
        };
        let regs = slot.mock.regs.apply(regs);
        let writes = slot.mock.mem.clone();
        self.machine.set_regs(regs);
        for (addr, bytes) in writes {
            self.machine.write(addr, &bytes);
        }
        owed
    }
}

/// The word on top of the stack (what an RTS would pull).
fn stack_word(m: &Machine, sp: u8) -> u16 {
    let lo = m.peek(STACK + u16::from(sp.wrapping_add(1)));
    let hi = m.peek(STACK + u16::from(sp.wrapping_add(2)));
    u16::from_le_bytes([lo, hi])
}
