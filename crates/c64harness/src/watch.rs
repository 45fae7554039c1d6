//! Watching what a routine does to memory while it runs: writes outside the places it
//! may write, reads of bytes nothing defined, writes over the program's code, and which
//! instructions ran. A [`Watch`] is an observer (see [`crate::Harness::set_observers`]);
//! it sees the program's own instructions, not the stub KERNAL's native routines.

use std::sync::{Arc, Mutex};

use c64emu::{Machine, Observer};

use crate::access::{Access, accesses};

/// A set of addresses of the 64 KiB, one bit each.
#[derive(Clone, PartialEq, Eq)]
pub struct AddrSet(Box<[u64; 1024]>);

impl Default for AddrSet {
    fn default() -> AddrSet {
        AddrSet(Box::new([0; 1024]))
    }
}

impl std::fmt::Debug for AddrSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AddrSet({} addresses)", self.len())
    }
}

impl AddrSet {
    /// No address.
    pub fn new() -> AddrSet {
        AddrSet::default()
    }

    /// Is `a` in the set?
    #[inline]
    pub fn contains(&self, a: u16) -> bool {
        self.0[usize::from(a >> 6)] & (1 << (a & 63)) != 0
    }

    /// Put `a` in.
    #[inline]
    pub fn insert(&mut self, a: u16) {
        self.0[usize::from(a >> 6)] |= 1 << (a & 63);
    }

    /// Take `a` out.
    pub fn remove(&mut self, a: u16) {
        self.0[usize::from(a >> 6)] &= !(1 << (a & 63));
    }

    /// Put in `len` addresses from `start` (wrapping at $FFFF).
    pub fn insert_range(&mut self, start: u16, len: usize) {
        for i in 0..len.min(0x1_0000) {
            self.insert(start.wrapping_add(i as u16));
        }
    }

    /// Put in every address of `other`.
    pub fn extend(&mut self, other: &AddrSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }

    /// How many addresses are in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// What to watch for.
#[derive(Clone, Debug, Default)]
pub struct WatchSpec {
    /// Report writes to addresses outside this set.
    pub writes_allowed: Option<AddrSet>,
    /// Report reads of addresses outside this set that nothing has written since
    /// (each written address joins it). Reads of the stack page, the processor port
    /// and $A000-$BFFF, $D000-$FFFF (ROM and I/O in the usual banking) are not checked.
    pub initialised: Option<AddrSet>,
    /// Report writes to these addresses (the program's instruction bytes).
    pub code: Option<AddrSet>,
}

/// An access the watch reports: where, and the instruction that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The address read or written.
    pub addr: u16,
    /// The instruction's address.
    pub pc: u16,
}

/// What a [`Watch`] saw (each address reported once, the first time; at most
/// [`Watched::LIMIT`] of each kind).
#[derive(Clone, Debug, Default)]
pub struct Watched {
    /// Writes outside [`WatchSpec::writes_allowed`].
    pub stray_writes: Vec<Hit>,
    /// Reads of bytes nothing had defined.
    pub uninitialised_reads: Vec<Hit>,
    /// Writes to the program's code.
    pub code_writes: Vec<Hit>,
    /// Every address an instruction ran at.
    pub executed: AddrSet,
}

impl Watched {
    /// The most hits of one kind kept.
    pub const LIMIT: usize = 1000;
}

/// The observer; its findings go to the [`WatchHandle`] when it is dropped (taken off
/// the machine).
pub struct Watch {
    spec: WatchSpec,
    seen: Watched,
    reported: AddrSet,
    buf: Vec<Access>,
    done: Arc<Mutex<Option<Watched>>>,
}

/// Where a [`Watch`] leaves what it saw.
#[derive(Clone)]
pub struct WatchHandle {
    done: Arc<Mutex<Option<Watched>>>,
}

impl WatchHandle {
    /// What the watch saw, once it is off the machine.
    pub fn take(&self) -> Option<Watched> {
        self.done.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

impl Watch {
    /// A watch for `spec`, and the handle to read its findings.
    pub fn new(spec: WatchSpec) -> (Box<Watch>, WatchHandle) {
        let done = Arc::new(Mutex::new(None));
        let w = Watch {
            spec,
            seen: Watched::default(),
            reported: AddrSet::new(),
            buf: Vec::with_capacity(4),
            done: done.clone(),
        };
        (Box::new(w), WatchHandle { done })
    }
}

/// Reads here are outside the uninitialised-read check.
fn unchecked_read(a: u16) -> bool {
    a < 2 || (0x0100..0x0200).contains(&a) || (0xA000..0xC000).contains(&a) || a >= 0xD000
}

fn note(list: &mut Vec<Hit>, addr: u16, pc: u16) {
    if list.len() < Watched::LIMIT {
        list.push(Hit { addr, pc });
    }
}

impl Observer for Watch {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        self.seen.executed.insert(pc);
        let spec = &mut self.spec;
        if spec.writes_allowed.is_none() && spec.initialised.is_none() && spec.code.is_none() {
            return;
        }
        self.buf.clear();
        accesses(m, pc, &mut self.buf);
        for &access in &self.buf {
            match access {
                Access::Read(a) => {
                    if let Some(init) = &mut spec.initialised
                        && !init.contains(a)
                        && !unchecked_read(a)
                    {
                        init.insert(a);
                        note(&mut self.seen.uninitialised_reads, a, pc);
                    }
                }
                Access::Write(a) => {
                    if let Some(init) = &mut spec.initialised {
                        init.insert(a);
                    }
                    if let Some(allowed) = &spec.writes_allowed
                        && !allowed.contains(a)
                        && !self.reported.contains(a)
                    {
                        self.reported.insert(a);
                        note(&mut self.seen.stray_writes, a, pc);
                    }
                    if let Some(code) = &mut spec.code
                        && code.contains(a)
                    {
                        code.remove(a);
                        note(&mut self.seen.code_writes, a, pc);
                    }
                }
            }
        }
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        let (w, _) = Watch::new(self.spec.clone());
        w
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let seen = std::mem::take(&mut self.seen);
        *self.done.lock().unwrap_or_else(|p| p.into_inner()) = Some(seen);
    }
}
