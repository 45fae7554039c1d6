//! One of the 6526's two interval timers: a 16-bit down counter, its latch, and the
//! chain of flip-flops between the control register and the counter.
//!
//! A control register write reaches the counter through that chain, one stage per
//! cycle: the start bit (with the clock source) enables counting two cycles after the
//! write, and counting shows in the counter the cycle after that; a force load reloads
//! the counter two cycles after the write. On the cycle the counter would reach zero
//! it underflows instead: it reloads from the latch and the next cycle does not count,
//! so latch N gives an underflow every N + 1 cycles (latch 0: every cycle). A one-shot
//! timer clears its start bit on the underflow. Timer B counting timer A's underflows
//! gets one pulse per underflow that goes down the same chain.
//!
//! `clock` runs one cycle. Between events a timer is "steady" (counting down, or
//! stopped, with nothing in the chain), and `skip` jumps over such cycles at once.

/// CR bit 0: start.
pub const CR_START: u8 = 0x01;
/// CR bit 1: timer output on PB6 (A) / PB7 (B).
pub const CR_PB_ON: u8 = 0x02;
/// CR bit 2: that output toggles (else it pulses for one cycle).
pub const CR_TOGGLE: u8 = 0x04;
/// CR bit 3: one-shot.
pub const CR_ONESHOT: u8 = 0x08;
/// CR bit 4: force load (a strobe, reads 0).
pub const CR_LOAD: u8 = 0x10;

// The flip-flops, one bit each. The first three follow the control register.
/// The start bit as the counter sees it (the one-shot underflow clears it).
const RUN: u16 = 1 << 0;
/// The clock source is the system clock.
const PHI2: u16 = 1 << 1;
/// One-shot mode selected.
const ONESHOT: u16 = 1 << 2;
/// Force load written this cycle.
const LOAD_REQ: u16 = 1 << 3;
/// RUN and PHI2 were both set a cycle ago.
const COUNT1: u16 = 1 << 4;
/// The counter decrements on the next cycle (and may underflow on this one).
const COUNT2: u16 = 1 << 5;
/// The counter decremented on this cycle.
const COUNT3: u16 = 1 << 6;
const LOAD1: u16 = 1 << 7;
/// The counter loads from the latch on this cycle.
const LOAD2: u16 = 1 << 8;
const ONESHOT1: u16 = 1 << 9;
const ONESHOT2: u16 = 1 << 10;
/// A count pulse from outside (timer B counting timer A's underflows).
const STEP: u16 = 1 << 11;
/// The counter underflowed on this cycle.
const UNDERFLOW: u16 = 1 << 12;

/// The bits that decide whether the timer is steady.
const MOTION: u16 = RUN | PHI2 | LOAD_REQ | COUNT1 | COUNT2 | COUNT3 | LOAD1 | LOAD2 | STEP;
/// Steady counting: started on the system clock, every stage of the chain set.
const COUNTING: u16 = RUN | PHI2 | COUNT1 | COUNT2 | COUNT3;
const ONESHOT_ALL: u16 = ONESHOT | ONESHOT1 | ONESHOT2;

#[derive(Clone, Debug)]
pub struct Timer {
    pub counter: u16,
    pub latch: u16,
    /// The control register as last written, without the force-load strobe.
    pub cr: u8,
    chain: u16,
}

impl Timer {
    /// As after a reset: stopped, counter and latch $FFFF.
    pub fn new() -> Timer {
        Timer {
            counter: 0xFFFF,
            latch: 0xFFFF,
            cr: 0,
            chain: 0,
        }
    }

    /// One cycle; true when the counter underflowed on it.
    pub fn clock(&mut self) -> bool {
        let old = self.chain;
        if self.counter != 0 && old & COUNT2 != 0 {
            self.counter -= 1;
        }
        let mut new = old & (RUN | PHI2 | ONESHOT);
        if old & (RUN | PHI2) == RUN | PHI2 {
            new |= COUNT1;
        }
        if old & COUNT1 != 0 || old & (STEP | RUN) == STEP | RUN {
            new |= COUNT2;
        }
        if old & COUNT2 != 0 {
            new |= COUNT3;
        }
        if old & LOAD_REQ != 0 {
            new |= LOAD1;
        }
        if old & LOAD1 != 0 {
            new |= LOAD2;
        }
        if old & ONESHOT != 0 {
            new |= ONESHOT1;
        }
        if old & ONESHOT1 != 0 {
            new |= ONESHOT2;
        }
        let underflow = self.counter == 0 && new & COUNT2 != 0;
        if underflow {
            new |= UNDERFLOW | LOAD2;
        }
        if new & LOAD2 != 0 {
            self.counter = self.latch;
            new &= !COUNT2;
        }
        if underflow && new & (ONESHOT1 | ONESHOT2) != 0 {
            new &= !(RUN | COUNT1);
        }
        self.chain = new;
        underflow
    }

    /// A control register write. `phi2`: the written value selects the system clock
    /// as the source (timer B counting timer A's underflows gets `step`s instead).
    pub fn write_cr(&mut self, v: u8, phi2: bool) {
        let mut bits = 0;
        if v & CR_START != 0 {
            bits |= RUN;
        }
        if phi2 {
            bits |= PHI2;
        }
        if v & CR_ONESHOT != 0 {
            bits |= ONESHOT;
        }
        if v & CR_LOAD != 0 {
            bits |= LOAD_REQ;
        }
        self.chain = (self.chain & !(RUN | PHI2 | ONESHOT | LOAD_REQ)) | bits;
        self.cr = v & !CR_LOAD;
    }

    /// The latch's low byte; a load on this very cycle takes it too.
    pub fn write_latch_lo(&mut self, v: u8) {
        self.latch = (self.latch & 0xFF00) | u16::from(v);
        if self.chain & LOAD2 != 0 {
            self.counter = (self.counter & 0xFF00) | u16::from(v);
        }
    }

    /// The latch's high byte; a stopped timer (or a load on this cycle) takes the
    /// whole latch into the counter.
    pub fn write_latch_hi(&mut self, v: u8) {
        self.latch = (self.latch & 0x00FF) | (u16::from(v) << 8);
        if self.chain & LOAD2 != 0 || !self.running() {
            self.counter = self.latch;
        }
    }

    /// One count pulse from outside, counted two cycles later if the timer runs.
    pub fn step(&mut self) {
        if self.running() {
            self.chain |= STEP;
        }
    }

    /// The start bit as read back (a one-shot clears it on its underflow).
    pub fn running(&self) -> bool {
        self.chain & RUN != 0
    }

    /// Did the counter underflow on the cycle just run (the PB6/PB7 pulse)?
    pub fn underflowed(&self) -> bool {
        self.chain & UNDERFLOW != 0
    }

    /// Cycles from now in which `clock` would only decrement the counter (None: any
    /// number, the timer is stopped).
    pub fn quiet_cycles(&self) -> Option<u64> {
        let oneshot = self.chain & ONESHOT_ALL;
        if self.chain & UNDERFLOW != 0 || (oneshot != 0 && oneshot != ONESHOT_ALL) {
            return Some(0);
        }
        match self.chain & MOTION {
            COUNTING => Some(u64::from(self.counter.saturating_sub(1))),
            m if m & (COUNT1 | COUNT2 | COUNT3 | LOAD_REQ | LOAD1 | LOAD2 | STEP) == 0
                && m & (RUN | PHI2) != RUN | PHI2 =>
            {
                None
            }
            _ => Some(0),
        }
    }

    /// Run `n` quiet cycles (at most `quiet_cycles`).
    pub fn skip(&mut self, n: u64) {
        if self.chain & MOTION == COUNTING {
            self.counter -= n as u16;
        }
    }

    /// Cycles from now to the next cycle that does more than count down: the
    /// underflow of a steadily counting timer, the next cycle while something is in
    /// the chain, None while the timer is stopped.
    pub fn cycles_to_change(&self) -> Option<u64> {
        match self.quiet_cycles() {
            None => None,
            Some(0) => Some(1),
            Some(_) => Some(u64::from(self.counter)),
        }
    }

    /// Start counting from the current value as if started long ago (the KERNAL's
    /// jiffy timer at a cold start without ROMs).
    pub fn start_steady(&mut self) {
        self.cr = CR_START;
        self.chain = COUNTING;
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Timer {
    counter,
    latch,
    cr,
    chain
});
