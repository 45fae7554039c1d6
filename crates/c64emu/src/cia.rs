//! The 6526 CIA: two 16-bit timers, the interrupt control register, the time-of-day
//! clock with alarm, the serial data register and the two ports' registers.
//!
//! Timing follows the 6526's pipeline as Christian Bauer's single-cycle Frodo models it
//! (the published reference for cycle-exact CIA emulation): a write to a control
//! register takes effect one cycle later; a started timer counts two cycles after the
//! write (three with force load); the counter reloads on the underflow cycle and skips
//! a count in the next one, so latch N gives an underflow every N+1 cycles; the ICR flag
//! is set on the underflow cycle and the interrupt line goes low one cycle later; timer
//! B in cascade mode counts timer A's underflows two cycles late. `step` is one cycle of
//! that state machine; `sync` runs it lazily, jumping over cycles in which the timers
//! only count down, so a running timer costs nothing until someone looks.
//!
//! What the outside world connects to the ports (keyboard, joysticks, serial bus) is
//! the bus's business: `read` takes the levels the outside pulls the pins to.

use crate::map::cia::*;
use crate::map::pal::{CLOCK_HZ, MAINS_HZ};

/// ICR bits.
pub const INT_TA: u8 = 0x01;
/// Timer B underflow.
pub const INT_TB: u8 = 0x02;
/// Time-of-day alarm.
pub const INT_ALARM: u8 = 0x04;
/// Serial data register full/empty.
pub const INT_SDR: u8 = 0x08;
/// Bit 7 of the ICR: the interrupt line is asserted.
pub const INT_ANY: u8 = 0x80;

const CR_START: u8 = 0x01;
const CR_ONESHOT: u8 = 0x08;
const CR_LOAD: u8 = 0x10;
const CRA_SP_OUT: u8 = 0x40;
const CRA_TOD_50HZ: u8 = 0x80;
const CRB_ALARM: u8 = 0x80;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Stop,
    WaitThenCount,
    LoadThenStop,
    LoadThenCount,
    LoadThenWaitThenCount,
    Count,
    CountThenStop,
}

#[derive(Clone, Debug)]
struct Timer {
    is_b: bool,
    state: State,
    counter: u16,
    latch: u16,
    cr: u8,
    /// A control register write waiting for the next cycle.
    new_cr: Option<u8>,
    /// Underflowed last cycle: the interrupt flag goes up this cycle.
    int_next: bool,
    /// PB6/PB7 toggle output.
    toggle: bool,
}

impl Timer {
    fn new(is_b: bool) -> Timer {
        Timer {
            is_b,
            state: State::Stop,
            counter: 0xFFFF,
            latch: 0xFFFF,
            cr: 0,
            new_cr: None,
            int_next: false,
            toggle: false,
        }
    }

    fn counts_phi2(&self) -> bool {
        let source = if self.is_b { 0x60 } else { 0x20 };
        self.cr & source == 0
    }

    /// Timer B counting timer A's underflows (CNT is pulled high on the C64).
    fn counts_ta(&self) -> bool {
        self.is_b && self.cr & 0x40 != 0
    }

    /// Reload and flag the underflow; returns true (the ICR bit goes up now).
    fn expire(&mut self) -> bool {
        self.counter = self.latch;
        self.int_next = true;
        self.toggle = !self.toggle;
        if self.cr & CR_ONESHOT != 0 {
            self.cr &= !CR_START;
            if let Some(n) = &mut self.new_cr {
                *n &= !CR_START;
            }
            self.state = State::LoadThenStop;
        } else {
            self.state = State::LoadThenCount;
        }
        true
    }

    /// One cycle. `ta_pipe` holds timer A's underflows of the previous cycles (bit 0 the
    /// last one), for timer B's cascade mode. Returns (expired, underflowed).
    fn clock(&mut self, ta_pipe: u8) -> (bool, bool) {
        let phi2 = self.counts_phi2();
        let (mut expired, mut underflow) = (false, false);
        let count = match self.state {
            State::WaitThenCount => {
                self.state = State::Count;
                false
            }
            State::Stop => false,
            State::LoadThenStop => {
                self.counter = self.latch;
                self.state = State::Stop;
                false
            }
            State::LoadThenCount => {
                self.counter = self.latch;
                self.state = State::Count;
                false
            }
            State::LoadThenWaitThenCount => {
                self.state = State::WaitThenCount;
                if self.counter == 1 && phi2 {
                    expired = self.expire();
                    underflow = true;
                } else {
                    self.counter = self.latch;
                }
                false
            }
            State::Count => true,
            State::CountThenStop => {
                self.state = State::Stop;
                true
            }
        };
        if count {
            if !self.is_b {
                if phi2 {
                    self.counter = self.counter.saturating_sub(1);
                    if self.counter == 0 {
                        if self.state != State::Stop {
                            expired = self.expire();
                        }
                        underflow = true;
                    }
                }
            } else if phi2 || self.counts_ta() {
                if self.counter != 0 && (phi2 || ta_pipe & 0x03 == 0x02) {
                    self.counter -= 1;
                }
                if self.counter == 0
                    && self.state != State::Stop
                    && (!self.counts_ta() || ta_pipe & 0x06 == 0)
                {
                    expired = self.expire();
                }
            }
        }
        self.apply_new_cr(phi2);
        (expired, underflow)
    }

    fn apply_new_cr(&mut self, phi2: bool) {
        let Some(mut n) = self.new_cr.take() else {
            return;
        };
        let start = n & CR_START != 0;
        let load = n & CR_LOAD != 0;
        match self.state {
            State::Stop | State::LoadThenStop => {
                if start {
                    self.toggle = true;
                    self.state = if load {
                        State::LoadThenWaitThenCount
                    } else {
                        State::WaitThenCount
                    };
                } else if load {
                    self.state = State::LoadThenStop;
                }
            }
            State::Count => {
                if start {
                    if load {
                        self.state = State::LoadThenWaitThenCount;
                    }
                } else if load {
                    self.state = State::LoadThenStop;
                } else if phi2 {
                    self.state = State::CountThenStop;
                } else {
                    self.state = State::Stop;
                }
            }
            State::LoadThenCount | State::WaitThenCount => {
                if start {
                    if n & CR_ONESHOT != 0 {
                        n &= !CR_START;
                        self.state = State::Stop;
                    } else if load {
                        self.state = State::LoadThenWaitThenCount;
                    }
                } else {
                    self.state = State::Stop;
                }
            }
            State::LoadThenWaitThenCount | State::CountThenStop => {}
        }
        self.cr = n & !CR_LOAD;
    }

    /// Cycles this timer can run without anything but a plain decrement (None: any number).
    fn quiet_cycles(&self) -> Option<u64> {
        if self.int_next || self.new_cr.is_some() {
            return Some(0);
        }
        match self.state {
            State::Stop => None,
            State::Count if self.counts_phi2() => Some(u64::from(self.counter.saturating_sub(1))),
            // Cascade: quiet while timer A does not underflow (checked by the caller) and
            // the counter is not sitting at zero waiting to reload.
            State::Count if self.counts_ta() => Some(if self.counter != 0 { u64::MAX } else { 0 }),
            State::Count => None,
            _ => Some(0),
        }
    }

    fn skip(&mut self, n: u64) {
        if self.state == State::Count && self.counts_phi2() {
            self.counter -= n as u16;
        }
    }

    /// Cycles from now until this (phi2-counting, quiet) timer underflows.
    fn cycles_to_underflow(&self) -> Option<u64> {
        (self.state == State::Count && self.counts_phi2()).then_some(u64::from(self.counter))
    }
}

/// Time-of-day clock: BCD tenths, seconds, minutes, hours (1-12, bit 7 PM), counting
/// tenths from the 50 Hz mains input (every 5th tick with CRA bit 7 set, as a PAL
/// machine should; every 6th with it clear, so the clock runs slow, as on a real PAL
/// C64). Halted from reset (01:00:00.0) until the tenths are written, as in Frodo.
#[derive(Clone, Debug)]
struct Tod {
    time: [u8; 4],
    alarm: [u8; 4],
    latch: Option<[u8; 4]>,
    halted: bool,
    divider: u8,
    /// Mains ticks handled so far (tick n happens at cycle n * CLOCK_HZ / MAINS_HZ).
    ticks: u64,
    matched: bool,
}

impl Tod {
    fn new() -> Tod {
        Tod {
            time: [0, 0, 0, 0x01],
            alarm: [0; 4],
            latch: None,
            halted: true,
            divider: 0,
            ticks: 0,
            matched: false,
        }
    }

    fn tick_cycle(n: u64) -> u64 {
        n * CLOCK_HZ / MAINS_HZ
    }

    /// One tenth of a second.
    fn count(&mut self) {
        let [t, s, m, h] = &mut self.time;
        *t = (*t + 1) & 0x0F;
        if *t != 10 {
            return;
        }
        *t = 0;
        if !bcd_increment(s, 0x60) {
            return;
        }
        if !bcd_increment(m, 0x60) {
            return;
        }
        let pm = *h & 0x80;
        let mut hour = *h & 0x1F;
        hour = if hour == 0x09 { 0x10 } else { hour + 1 };
        if hour == 0x13 {
            hour = 0x01;
        }
        *h = pm | hour;
        if hour == 0x12 {
            *h ^= 0x80; // 11:59 -> 12:00 flips AM/PM
        }
    }

    /// Mains tick: a tenth every 5 (50 Hz setting) or 6 (60 Hz setting) ticks.
    fn tick(&mut self, fifty_hz: bool) -> bool {
        if self.halted {
            return false;
        }
        let compare = if fifty_hz { 4 } else { 5 };
        if self.divider != compare {
            self.divider += 1;
            if self.divider > 5 {
                self.divider = 0;
            }
            return false;
        }
        self.divider = 0;
        self.count();
        self.check_alarm()
    }

    /// True on the tick the time starts matching the alarm.
    fn check_alarm(&mut self) -> bool {
        let m = self.time == self.alarm;
        let edge = m && !self.matched;
        self.matched = m;
        edge
    }
}

/// Increment a BCD byte; true when it wrapped at `limit`.
fn bcd_increment(v: &mut u8, limit: u8) -> bool {
    let mut lo = (*v & 0x0F) + 1;
    let mut hi = (*v >> 4) & 0x07;
    if lo == 10 {
        lo = 0;
        hi += 1;
    }
    let next = (hi << 4) | lo;
    if next >= limit {
        *v = 0;
        true
    } else {
        *v = next;
        false
    }
}

/// One 6526.
#[derive(Clone, Debug)]
pub struct Cia {
    pra: u8,
    prb: u8,
    ddra: u8,
    ddrb: u8,
    ta: Timer,
    tb: Timer,
    /// Timer A underflows of the last cycles, bit 0 the latest.
    ta_pipe: u8,
    icr: u8,
    mask: u8,
    /// Cycle at which the interrupt line went low (while it is low).
    irq_since: Option<u64>,
    sdr: u8,
    /// Timer A underflows left until a serial byte has been shifted out.
    sdr_shift: u8,
    tod: Tod,
    /// Every cycle up to and including this one has been run.
    synced: u64,
}

impl Default for Cia {
    fn default() -> Cia {
        Cia::new()
    }
}

impl Cia {
    /// A CIA as after a reset: ports input, timers stopped at $FFFF, no interrupts.
    pub fn new() -> Cia {
        Cia {
            pra: 0,
            prb: 0,
            ddra: 0,
            ddrb: 0,
            ta: Timer::new(false),
            tb: Timer::new(true),
            ta_pipe: 0,
            icr: 0,
            mask: 0,
            irq_since: None,
            sdr: 0,
            sdr_shift: 0,
            tod: Tod::new(),
            synced: 0,
        }
    }

    /// Timer A running continuously from `latch` with its interrupt enabled, as the
    /// KERNAL leaves CIA 1 (the counter at `latch` at cycle `now`).
    pub fn start_jiffy_timer(&mut self, latch: u16, now: u64) {
        self.sync(now);
        self.ta.latch = latch;
        self.ta.counter = latch;
        self.ta.cr = CR_START;
        self.ta.state = State::Count;
        self.mask |= INT_TA;
    }

    /// Set the port registers directly (cold-start state).
    pub fn set_ports(&mut self, pra: u8, ddra: u8, prb: u8, ddrb: u8) {
        (self.pra, self.ddra, self.prb, self.ddrb) = (pra, ddra, prb, ddrb);
    }

    /// What port A drives: outputs from the register, inputs pulled high.
    pub fn pa_out(&self) -> u8 {
        self.pra | !self.ddra
    }

    /// What port B drives.
    pub fn pb_out(&self) -> u8 {
        self.prb | !self.ddrb
    }

    /// Cycle at which the interrupt line went low, while it is low.
    pub fn irq_since(&self) -> Option<u64> {
        self.irq_since
    }

    fn set_int(&mut self, bit: u8, c: u64) {
        self.icr |= bit;
        if self.mask & bit != 0 && self.icr & INT_ANY == 0 {
            self.icr |= INT_ANY;
            self.irq_since = Some(c);
        }
    }

    /// One cycle of both timers.
    fn step(&mut self, c: u64) {
        if self.ta.int_next {
            self.ta.int_next = false;
            self.set_int(INT_TA, c);
        }
        if self.tb.int_next {
            self.tb.int_next = false;
            self.set_int(INT_TB, c);
        }
        let (expired_a, under_a) = self.ta.clock(0);
        if expired_a {
            self.icr |= INT_TA;
        }
        if under_a && self.sdr_shift > 0 {
            self.sdr_shift -= 1;
            if self.sdr_shift == 0 {
                self.set_int(INT_SDR, c);
            }
        }
        let (expired_b, _) = self.tb.clock(self.ta_pipe);
        if expired_b {
            self.icr |= INT_TB;
        }
        self.ta_pipe = (self.ta_pipe << 1) | u8::from(under_a);
    }

    /// Run every cycle up to and including `t`.
    pub fn sync(&mut self, t: u64) {
        self.sync_tod(t);
        while self.synced < t {
            let quiet = self.quiet_cycles().min(t - self.synced);
            if quiet > 0 {
                self.ta.skip(quiet);
                self.tb.skip(quiet);
                self.synced += quiet;
            } else {
                self.synced += 1;
                self.step(self.synced);
            }
        }
    }

    /// Cycles after `synced` that are plain decrements for both timers.
    fn quiet_cycles(&self) -> u64 {
        if self.ta_pipe != 0 {
            return 0;
        }
        // Timer A's quiet window ends before its underflow, so a cascaded timer B sees
        // no underflow inside it either.
        let a = self.ta.quiet_cycles().unwrap_or(u64::MAX);
        a.min(self.tb.quiet_cycles().unwrap_or(u64::MAX))
    }

    fn sync_tod(&mut self, t: u64) {
        loop {
            let next = Tod::tick_cycle(self.tod.ticks + 1);
            if next > t {
                break;
            }
            // The tick happens at `next`; the timers must be there first only if the
            // alarm raises an interrupt, which does not depend on them.
            self.tod.ticks += 1;
            if self.tod.tick(self.ta.cr & CRA_TOD_50HZ != 0) {
                self.set_int(INT_ALARM, next.max(self.synced));
            }
        }
    }

    /// The cycle at which the machine must next look at this CIA (its interrupt line
    /// may go low then), or None while nothing can change it. While the line is low
    /// nothing does until the ICR is read (the machine handles the line itself).
    pub fn next_event(&self) -> Option<u64> {
        if self.irq_since.is_some() {
            return None;
        }
        let mut next: Option<u64> = None;
        let mut consider = |t: u64| next = Some(next.map_or(t, |n: u64| n.min(t)));
        for (timer, bit) in [(&self.ta, INT_TA), (&self.tb, INT_TB)] {
            if self.mask & bit == 0 && !(bit == INT_TA && self.sdr_shift > 0) {
                continue;
            }
            if timer.int_next || timer.new_cr.is_some() || self.ta_pipe != 0 {
                consider(self.synced + 1);
                continue;
            }
            match timer.state {
                State::Stop => {}
                State::Count if timer.counts_phi2() => {
                    // Underflow at synced + counter, line low one cycle later.
                    if let Some(n) = timer.cycles_to_underflow() {
                        consider(self.synced + n.max(1));
                    }
                }
                State::Count if timer.counts_ta() => {
                    if let Some(n) = self.ta.cycles_to_underflow() {
                        consider(self.synced + n.max(1));
                    }
                }
                State::Count => {}
                _ => consider(self.synced + 1),
            }
        }
        if self.mask & INT_ALARM != 0 && !self.tod.halted {
            consider(Tod::tick_cycle(self.tod.ticks + 1));
        }
        next
    }

    /// Read register `reg` at cycle `t`. `pa_in`/`pb_in`: the levels the outside world
    /// pulls the port pins to (1 = released).
    pub fn read(&mut self, reg: u8, t: u64, pa_in: u8, pb_in: u8) -> u8 {
        self.sync(t);
        match reg & 0x0F {
            ICR => {
                let v = self.icr;
                self.icr = 0;
                self.irq_since = None;
                self.ta.int_next = false;
                self.tb.int_next = false;
                v
            }
            TOD_HR => {
                let time = self.tod.time;
                self.tod.latch = Some(time);
                time[3]
            }
            TOD_10THS => {
                let v = self.tod.latch.unwrap_or(self.tod.time)[0];
                self.tod.latch = None;
                v
            }
            r => self.value(r, pa_in, pb_in),
        }
    }

    /// What reading `reg` at cycle `t` would return, without its side effects.
    pub fn peek(&self, reg: u8, t: u64, pa_in: u8, pb_in: u8) -> u8 {
        let mut copy = self.clone();
        copy.sync(t.max(self.synced));
        copy.value(reg & 0x0F, pa_in, pb_in)
    }

    fn value(&self, reg: u8, pa_in: u8, pb_in: u8) -> u8 {
        match reg {
            PRA => (self.pra & self.ddra) | (pa_in & !self.ddra),
            PRB => self.timer_outputs((self.prb & self.ddrb) | (pb_in & !self.ddrb)),
            DDRA => self.ddra,
            DDRB => self.ddrb,
            TA_LO => self.ta.counter as u8,
            TA_HI => (self.ta.counter >> 8) as u8,
            TB_LO => self.tb.counter as u8,
            TB_HI => (self.tb.counter >> 8) as u8,
            TOD_10THS..=TOD_HR => {
                self.tod.latch.unwrap_or(self.tod.time)[usize::from(reg - TOD_10THS)]
            }
            SDR => self.sdr,
            ICR => self.icr,
            CRA => self.ta.cr,
            _ => self.tb.cr,
        }
    }

    /// Timer outputs on PB6/PB7 when CRA/CRB bit 1 asks for them.
    fn timer_outputs(&self, mut v: u8) -> u8 {
        for (timer, bit) in [(&self.ta, 0x40u8), (&self.tb, 0x80u8)] {
            if timer.cr & 0x02 != 0 {
                let high = if timer.cr & 0x04 != 0 {
                    timer.toggle
                } else {
                    timer.int_next
                };
                v = if high { v | bit } else { v & !bit };
            }
        }
        v
    }

    /// Write register `reg` at cycle `t`.
    pub fn write(&mut self, reg: u8, v: u8, t: u64) {
        self.sync(t);
        match reg & 0x0F {
            PRA => self.pra = v,
            PRB => self.prb = v,
            DDRA => self.ddra = v,
            DDRB => self.ddrb = v,
            TA_LO => self.ta.latch = (self.ta.latch & 0xFF00) | u16::from(v),
            TA_HI => {
                self.ta.latch = (self.ta.latch & 0x00FF) | (u16::from(v) << 8);
                if self.ta.cr & CR_START == 0 {
                    self.ta.counter = self.ta.latch;
                }
            }
            TB_LO => self.tb.latch = (self.tb.latch & 0xFF00) | u16::from(v),
            TB_HI => {
                self.tb.latch = (self.tb.latch & 0x00FF) | (u16::from(v) << 8);
                if self.tb.cr & CR_START == 0 {
                    self.tb.counter = self.tb.latch;
                }
            }
            r @ TOD_10THS..=TOD_HR => {
                let i = usize::from(r - TOD_10THS);
                let v = v & [0x0F, 0x7F, 0x7F, 0x9F][i];
                if self.tb.cr & CRB_ALARM != 0 {
                    self.tod.alarm[i] = v;
                } else {
                    self.tod.time[i] = v;
                    if r == TOD_HR {
                        self.tod.halted = true;
                    } else if r == TOD_10THS {
                        self.tod.halted = false;
                        self.tod.divider = 0;
                    }
                }
                if self.tod.check_alarm() {
                    self.set_int(INT_ALARM, t);
                }
            }
            SDR => {
                self.sdr = v;
                if self.ta.cr & CRA_SP_OUT != 0 {
                    // Eight bits leave at half the timer A underflow rate.
                    self.sdr_shift = 16;
                }
            }
            ICR => {
                if v & 0x80 != 0 {
                    self.mask |= v & 0x1F;
                    if self.icr & self.mask & 0x1F != 0 && self.icr & INT_ANY == 0 {
                        self.icr |= INT_ANY;
                        self.irq_since = Some(t);
                    }
                } else {
                    self.mask &= !(v & 0x1F);
                }
            }
            CRA => self.ta.new_cr = Some(v),
            _ => self.tb.new_cr = Some(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Timer A values read at cycles `from..from+n`.
    fn ta_values(cia: &mut Cia, from: u64, n: u64) -> Vec<u16> {
        (from..from + n)
            .map(|t| {
                let lo = cia.read(TA_LO, t, 0xFF, 0xFF);
                let hi = cia.peek(TA_HI, t, 0xFF, 0xFF);
                u16::from_le_bytes([lo, hi])
            })
            .collect()
    }

    #[test]
    fn latch_n_underflows_every_n_plus_1_cycles_and_never_reads_zero() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 3, 0);
        cia.write(TA_HI, 0, 0);
        // Start with force load at cycle 10: load at 12, first count at 14.
        cia.write(CRA, 0x11, 10);
        assert_eq!(
            ta_values(&mut cia, 11, 12),
            vec![3, 3, 3, 2, 1, 3, 3, 2, 1, 3, 3, 2]
        );
    }

    #[test]
    fn icr_flag_on_underflow_and_interrupt_line_one_cycle_later() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 2, 0);
        cia.write(TA_HI, 0, 0);
        cia.write(ICR, 0x81, 0);
        cia.write(CRA, 0x11, 0); // load at 2, counts 4 (1), underflow at 5
        cia.sync(4);
        assert_eq!(cia.peek(ICR, 4, 0xFF, 0xFF), 0);
        assert_eq!(cia.irq_since(), None);
        cia.sync(5);
        assert_eq!(cia.peek(ICR, 5, 0xFF, 0xFF), INT_TA);
        assert_eq!(cia.irq_since(), None);
        cia.sync(6);
        assert_eq!(cia.peek(ICR, 6, 0xFF, 0xFF), INT_TA | INT_ANY);
        assert_eq!(cia.irq_since(), Some(6));
        // Reading acknowledges: flags clear, line released.
        assert_eq!(cia.read(ICR, 7, 0xFF, 0xFF), INT_TA | INT_ANY);
        assert_eq!(cia.peek(ICR, 7, 0xFF, 0xFF), 0);
        assert_eq!(cia.irq_since(), None);
        // Next underflow 3 cycles after the last (latch 2 -> period 3).
        cia.sync(8);
        assert_eq!(cia.peek(ICR, 8, 0xFF, 0xFF), INT_TA);
    }

    #[test]
    fn unmasked_flags_do_not_interrupt_until_the_mask_is_set() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 5, 0);
        cia.write(TA_HI, 0, 0);
        cia.write(CRA, 0x11, 0);
        cia.sync(100);
        assert_eq!(cia.irq_since(), None);
        assert_eq!(cia.peek(ICR, 100, 0xFF, 0xFF) & INT_TA, INT_TA);
        cia.write(ICR, 0x81, 101);
        assert_eq!(cia.irq_since(), Some(101));
        cia.write(ICR, 0x01, 102); // clearing the mask does not release the line
        assert_eq!(cia.irq_since(), Some(101));
    }

    #[test]
    fn one_shot_stops_after_one_underflow_and_reloads() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 4, 0);
        cia.write(TA_HI, 0, 0);
        cia.write(CRA, 0x19, 0); // start, force load, one-shot: underflow at 2+1+4 = 7
        cia.sync(6);
        assert_eq!(cia.peek(CRA, 6, 0xFF, 0xFF) & 1, 1);
        cia.sync(7);
        assert_eq!(cia.read(ICR, 7, 0xFF, 0xFF) & INT_TA, INT_TA);
        assert_eq!(cia.peek(CRA, 7, 0xFF, 0xFF) & 1, 0, "start bit cleared");
        assert_eq!(ta_values(&mut cia, 8, 3), vec![4, 4, 4]);
        cia.sync(1000);
        assert_eq!(cia.read(ICR, 1000, 0xFF, 0xFF), 0, "no second underflow");
    }

    #[test]
    fn start_without_force_load_counts_from_the_current_value() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 0x10, 0);
        cia.write(TA_HI, 0, 0); // stopped: counter = latch = 16
        cia.write(CRA, 0x01, 100); // WaitThenCount at 101, Count at 102, first -1 at 103
        assert_eq!(ta_values(&mut cia, 101, 4), vec![16, 16, 15, 14]);
        // Stopping freezes it one cycle later.
        // 13 at 105; the stop takes effect at 106, which still counts (12), as does 107.
        cia.write(CRA, 0x00, 105);
        assert_eq!(ta_values(&mut cia, 106, 4), vec![12, 11, 11, 11]);
    }

    #[test]
    fn timer_b_counts_timer_a_underflows_two_cycles_late() {
        let mut cia = Cia::new();
        cia.write(TA_LO, 9, 0);
        cia.write(TA_HI, 0, 0);
        cia.write(TB_LO, 3, 0);
        cia.write(TB_HI, 0, 0);
        cia.write(CRB, 0x51, 0); // count TA underflows, force load
        cia.write(CRA, 0x11, 0); // TA underflows at 2+1+9 = 12, 22, 32, ...
        let tb = |cia: &mut Cia, t: u64| {
            cia.sync(t);
            cia.peek(TB_LO, t, 0xFF, 0xFF)
        };
        assert_eq!(tb(&mut cia, 13), 3);
        assert_eq!(tb(&mut cia, 14), 2);
        assert_eq!(tb(&mut cia, 24), 1);
        assert_eq!(tb(&mut cia, 33), 1);
        assert_eq!(tb(&mut cia, 34), 0, "B reads 0 in cascade mode");
        cia.sync(36);
        assert_eq!(cia.peek(ICR, 36, 0xFF, 0xFF) & INT_TB, INT_TB);
        assert_eq!(tb(&mut cia, 37), 3, "reloaded");
    }

    #[test]
    fn next_event_predicts_the_interrupt_delivery_cycle() {
        let mut cia = Cia::new();
        cia.start_jiffy_timer(0x4025, 0);
        // Underflow at 0x4025, line low one cycle later, CPU sees it 2 cycles after that.
        let e = cia.next_event().unwrap();
        assert_eq!(e, 0x4025);
        cia.sync(e);
        cia.sync(e + 1);
        assert_eq!(cia.irq_since(), Some(0x4026));
        assert_eq!(cia.next_event(), None, "low until acknowledged");
    }

    #[test]
    fn a_million_cycles_of_a_running_timer_are_cheap_and_exact() {
        let mut cia = Cia::new();
        cia.start_jiffy_timer(0x4025, 0);
        cia.sync(16422 * 60 + 5);
        // Underflows at k*16422 + 16421; the last one was at 60*16422 - 1.
        let v = u16::from_le_bytes([
            cia.peek(TA_LO, 16422 * 60 + 5, 0xFF, 0xFF),
            cia.peek(TA_HI, 16422 * 60 + 5, 0xFF, 0xFF),
        ]);
        assert_eq!(v, 0x4025 - 5);
    }

    #[test]
    fn tod_counts_tenths_at_50_hz_and_raises_the_alarm() {
        let mut cia = Cia::new();
        cia.write(CRA, 0x80, 0); // 50 Hz input
        cia.sync(2);
        // Alarm at 01:00:01.0, then start the clock by writing the time.
        cia.write(CRB, 0x80, 3);
        for (r, v) in [(TOD_HR, 0x01), (TOD_MIN, 0), (TOD_SEC, 1), (TOD_10THS, 0)] {
            cia.write(r, v, 4);
        }
        cia.write(CRB, 0x00, 5);
        for (r, v) in [(TOD_HR, 0x01), (TOD_MIN, 0), (TOD_SEC, 0), (TOD_10THS, 0)] {
            cia.write(r, v, 6);
        }
        // Writing the alarm hours matched the reset time 01:00:00.0 on the way.
        assert_eq!(cia.read(ICR, 7, 0xFF, 0xFF), INT_ALARM);
        cia.write(ICR, 0x84, 8);
        let second = CLOCK_HZ;
        let t = second * 45 / 100;
        assert_eq!(cia.read(TOD_10THS, t, 0xFF, 0xFF), 0x04);
        assert_eq!(cia.irq_since(), None);
        cia.sync(second + 2 * CLOCK_HZ / 50);
        assert_eq!(cia.read(TOD_SEC, second + 40_000, 0xFF, 0xFF), 0x01);
        assert!(cia.irq_since().is_some(), "alarm interrupt");
        assert_eq!(
            cia.read(ICR, second + 40_001, 0xFF, 0xFF),
            INT_ALARM | INT_ANY
        );
    }

    #[test]
    fn tod_hours_latch_until_tenths_are_read_and_wrap_at_12() {
        let mut tod = Tod::new();
        tod.time = [9, 0x59, 0x59, 0x11];
        tod.halted = false;
        tod.count();
        assert_eq!(tod.time, [0, 0, 0, 0x92], "11:59:59.9 AM -> 12:00:00.0 PM");
        tod.time = [9, 0x59, 0x59, 0x92];
        tod.count();
        assert_eq!(tod.time, [0, 0, 0, 0x81], "12:59:59.9 PM -> 1:00:00.0 PM");
        let mut cia = Cia::new();
        let h = cia.read(TOD_HR, 1, 0xFF, 0xFF);
        assert_eq!(h, 0x01);
        assert!(cia.tod.latch.is_some());
        cia.read(TOD_10THS, 2, 0xFF, 0xFF);
        assert!(cia.tod.latch.is_none());
    }

    #[test]
    fn ports_mix_outputs_with_external_inputs() {
        let mut cia = Cia::new();
        cia.write(DDRA, 0x0F, 0);
        cia.write(PRA, 0x05, 0);
        assert_eq!(cia.read(PRA, 1, 0xF0, 0xFF), 0xF5);
        assert_eq!(cia.read(PRA, 1, 0x70, 0xFF), 0x75);
        assert_eq!(cia.pa_out(), 0xF5);
    }
}
