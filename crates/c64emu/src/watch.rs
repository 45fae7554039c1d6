//! Watches: end a run when the CPU executes, reads or writes an address in chosen
//! ranges (I/O registers included), for debuggers' breakpoints and data breakpoints
//! (`c64kit run --binary-monitor`'s checkpoints, the DAP debugger's).
//!
//! A machine without a watch pays nothing: exec watches live in the observed step loop
//! (which the plain loops do not carry), and read/write watches send every instruction
//! through the CPU's sequencer, whose bus accesses look at them; without read/write
//! watches that costs one test of an `Option` per sequencer access.
//!
//! What is seen: the CPU's bus accesses whose values it uses (opcode and operand
//! fetches, data, the stack, an interrupt's pushes and vector), as VICE's watchpoints
//! see them by default; not its dummy accesses (the byte after an implied opcode, a
//! page-crossing index's read of the wrong page, a taken branch's reads, read-modify-
//! write's first write of the old value). Not seen either: the stub KERNAL's native routines (they reach RAM
//! directly), an REU's DMA, and the VIC's own fetches.

/// What the CPU did at an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// It was about to execute the instruction there (the run ends before it).
    Exec,
    /// It read it (the run ends after the instruction).
    Read,
    /// It wrote it (the run ends after the instruction).
    Write,
}

/// The access that ended a run ([`Stop::Watch`](crate::Stop::Watch)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchHit {
    /// What kind.
    pub access: Access,
    /// Where.
    pub addr: u16,
    /// The byte read or written (an exec hit: the opcode).
    pub value: u8,
    /// The instruction that made it.
    pub pc: u16,
}

const WORDS: usize = 0x10000 / 64;

/// A set of watched addresses per kind of access, one bit per address.
#[derive(Clone)]
pub struct Watch {
    bits: [Box<[u64; WORDS]>; 3],
    any: [bool; 3],
}

impl Default for Watch {
    fn default() -> Watch {
        Watch::new()
    }
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Watch {{ exec: {}, read: {}, write: {} }}",
            self.any[0], self.any[1], self.any[2]
        )
    }
}

fn slot(access: Access) -> usize {
    match access {
        Access::Exec => 0,
        Access::Read => 1,
        Access::Write => 2,
    }
}

impl Watch {
    /// Nothing watched.
    pub fn new() -> Watch {
        Watch {
            bits: [
                Box::new([0; WORDS]),
                Box::new([0; WORDS]),
                Box::new([0; WORDS]),
            ],
            any: [false; 3],
        }
    }

    /// Watch `access` at `first..=last` (a range given backwards is taken forwards).
    pub fn add(&mut self, access: Access, first: u16, last: u16) {
        let (lo, hi) = (first.min(last), first.max(last));
        let s = slot(access);
        for a in lo..=hi {
            self.bits[s][usize::from(a) / 64] |= 1 << (a % 64);
        }
        self.any[s] = true;
    }

    /// Is `access` at `addr` watched?
    #[inline]
    pub fn has(&self, access: Access, addr: u16) -> bool {
        let s = slot(access);
        self.any[s] && self.bits[s][usize::from(addr) / 64] & (1 << (addr % 64)) != 0
    }

    /// Are any executions watched?
    pub fn watches_exec(&self) -> bool {
        self.any[0]
    }

    /// Are any reads or writes watched?
    pub fn watches_memory(&self) -> bool {
        self.any[1] || self.any[2]
    }
}

/// The bus's side: the watch and the first hit of the current instruction.
#[derive(Clone, Debug)]
pub(crate) struct Watching {
    pub watch: Watch,
    pub hit: Option<WatchHit>,
}

impl Watching {
    /// A CPU access in the sequencer: note it if watched (the first of the instruction
    /// wins). Returns whether it was a new hit.
    #[inline]
    pub fn access(&mut self, access: Access, addr: u16, value: u8, pc: u16) -> bool {
        if self.hit.is_none() && self.watch.has(access, addr) {
            self.hit = Some(WatchHit {
                access,
                addr,
                value,
                pc,
            });
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_set_bits_per_kind() {
        let mut w = Watch::new();
        assert!(!w.watches_exec() && !w.watches_memory());
        w.add(Access::Write, 0xD021, 0xD020);
        assert!(w.has(Access::Write, 0xD020) && w.has(Access::Write, 0xD021));
        assert!(!w.has(Access::Write, 0xD022) && !w.has(Access::Read, 0xD020));
        assert!(w.watches_memory() && !w.watches_exec());
        w.add(Access::Exec, 0xFFFF, 0xFFFF);
        assert!(w.has(Access::Exec, 0xFFFF));
    }
}
