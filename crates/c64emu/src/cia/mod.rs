//! The 6526 CIA (and its revision, the 6526A): two 16-bit timers, the interrupt
//! control register, the time-of-day clock with alarm, the serial shift register and
//! two 8-bit ports, each in its own module.
//!
//! The chip runs cycle by cycle, lazily: `sync` catches up from the last cycle it ran
//! to the one asked for, and jumps over cycles in which nothing happens but timers
//! counting down, so a running timer costs nothing until someone looks.
//!
//! A cycle has three parts. First the timers count (an underflow raises its flag and
//! clocks timer B and the shift register). Then the CPU's access, if any. Then the
//! shift register's and the time-of-day clock's events. The interrupt delay line runs
//! before the access for the registers that go through the interrupt logic (timers,
//! ICR, control registers), else at the end of the cycle.
//!
//! What the outside world connects to the ports (keyboard, joysticks, serial bus) is
//! the bus's business: `read` takes the levels the outside pulls the pins to. CNT is
//! pulled high on a C64 and nothing pulses it, so a timer set to count CNT stands
//! still and timer B's "timer A underflows while CNT is high" counts them all.

mod icr;
mod ports;
mod serial;
mod timer;
mod tod;

#[cfg(test)]
mod tests;

use crate::map::cia::*;
use crate::map::pal::{CLOCK_HZ, MAINS_HZ};
use icr::Icr;
use icr::{INT_ALARM, INT_SDR, INT_TA, INT_TB};
use ports::{Ports, TimerPin};
use serial::Serial;
use timer::{CR_PB_ON, CR_START, Timer};
use tod::Tod;

/// CRA bit 5: timer A counts CNT edges instead of the system clock.
const CRA_COUNT_CNT: u8 = 0x20;
/// CRA bit 6: the serial port sends.
const CRA_SP_OUT: u8 = 0x40;
/// CRA bit 7: the time-of-day input is 50 Hz.
const CRA_TOD_50HZ: u8 = 0x80;
/// CRB bits 5-6: timer B's input (00 system clock, 01 CNT, 1x timer A underflows).
const CRB_INPUT: u8 = 0x60;
const CRB_COUNT_TA: u8 = 0x40;
/// CRB bit 7: writes to the time-of-day registers set the alarm.
const CRB_ALARM: u8 = 0x80;

/// The chip revision: they differ in the interrupt's timing (see `icr`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CiaModel {
    /// The original 6526 (C64s until about 1987): the interrupt one cycle after its cause.
    Mos6526,
    /// The 6526A / 8521 (the C64C): the interrupt on the cycle of its cause.
    #[default]
    Mos6526A,
}

/// One CIA.
#[derive(Clone, Debug)]
pub struct Cia {
    ports: Ports,
    ta: Timer,
    tb: Timer,
    /// The PB6/PB7 toggle flip-flops.
    ta_toggle: bool,
    tb_toggle: bool,
    icr: Icr,
    serial: Serial,
    tod: Tod,
    /// The CPU's clock and the mains frequency (Hz) the TOD input ticks at.
    mains: (u64, u64),
    /// The timers have run every cycle up to and including this one.
    synced: u64,
    /// Of cycle `synced`: its events after the access, its interrupt step.
    late_pending: bool,
    icr_pending: bool,
    /// Derived, not state: up to this cycle nothing happens but the timers counting
    /// down (0: not known), so `sync` only subtracts; and `next_event`'s answer, which
    /// counting alone does not move (None: not known). Both are forgotten whenever
    /// anything but counting happens (`changed`).
    quiet_until: u64,
    next_event: Option<Option<u64>>,
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
            ports: Ports::default(),
            ta: Timer::new(),
            tb: Timer::new(),
            ta_toggle: false,
            tb_toggle: false,
            icr: Icr::new(CiaModel::default()),
            serial: Serial::new(),
            tod: Tod::new(),
            mains: (CLOCK_HZ, MAINS_HZ),
            synced: 0,
            late_pending: false,
            icr_pending: false,
            quiet_until: 0,
            next_event: None,
        }
    }

    /// Forget what was derived from the state (something other than counting down
    /// happened or is about to).
    #[inline(always)]
    fn changed(&mut self) {
        self.quiet_until = 0;
        self.next_event = None;
    }

    /// Which revision this chip is.
    pub fn set_model(&mut self, model: CiaModel) {
        self.changed();
        self.icr.model = model;
    }

    /// The machine's clock (cycles per second) and its TOD input's frequency (50 Hz on
    /// a PAL C64, 60 Hz on an NTSC one; from power-on).
    pub fn set_mains(&mut self, clock_hz: u64, mains_hz: u64) {
        self.changed();
        self.mains = (clock_hz, mains_hz);
    }

    /// Timer A running continuously from `latch` with its interrupt enabled, as the
    /// KERNAL leaves CIA 1 (the counter at `latch` at cycle `now`).
    pub fn start_jiffy_timer(&mut self, latch: u16, now: u64) {
        self.sync(now);
        self.changed();
        self.ta.latch = latch;
        self.ta.counter = latch;
        self.ta.start_steady();
        self.icr.mask |= INT_TA;
    }

    /// Set the port registers directly (cold-start state).
    pub fn set_ports(&mut self, pra: u8, ddra: u8, prb: u8, ddrb: u8) {
        let p = &mut self.ports;
        (p.pra, p.ddra, p.prb, p.ddrb) = (pra, ddra, prb, ddrb);
    }

    /// What port A drives: outputs from the register, inputs pulled high.
    pub fn pa_out(&self) -> u8 {
        self.ports.pa_out()
    }

    /// What port B drives, the timers' PB6/PB7 outputs included.
    pub fn pb_out(&self) -> u8 {
        self.ports.pb_out(self.timer_pins())
    }

    /// Cycle at which the interrupt line went low, while it is low.
    pub fn irq_since(&self) -> Option<u64> {
        self.icr.low_since
    }

    /// The interrupt line's last low period that a read of the ICR ended: (the cycle
    /// it went low, the cycle of the read). The two can be one cycle: CIA 2's NMI
    /// input sees that edge.
    pub fn last_low(&self) -> Option<(u64, u64)> {
        self.icr.last_low
    }

    fn timer_pins(&self) -> [TimerPin; 2] {
        [
            TimerPin {
                cr: self.ta.cr,
                pulse: self.ta.underflowed(),
                toggle: self.ta_toggle,
            },
            TimerPin {
                cr: self.tb.cr,
                pulse: self.tb.underflowed(),
                toggle: self.tb_toggle,
            },
        ]
    }

    // ----- running -----

    /// Run every cycle up to and including `t`.
    #[inline]
    pub fn sync(&mut self, t: u64) {
        // The usual case: only counting down since the last look (no division, no
        // look at the timers' chains).
        if t <= self.quiet_until && !(self.late_pending || self.icr_pending) {
            if t > self.synced {
                let n = t - self.synced;
                self.ta.skip(n);
                self.tb.skip(n);
                self.synced = t;
            }
            return;
        }
        self.sync_slow(t);
    }

    #[inline(never)]
    fn sync_slow(&mut self, t: u64) {
        if self.late_pending || self.icr_pending {
            self.changed();
        }
        self.finish_cycle();
        while self.synced < t {
            let quiet = self.quiet_cycles().min(t - self.synced);
            if quiet > 0 {
                self.ta.skip(quiet);
                self.tb.skip(quiet);
                self.synced += quiet;
                continue;
            }
            self.changed();
            self.synced += 1;
            let c = self.synced;
            self.clock_timers(c);
            self.late_events(c);
            self.icr.step(c);
        }
        self.quiet_until = self.synced + self.quiet_cycles();
    }

    /// Run up to cycle `t`'s access: every earlier cycle, the timers of `t`, and its
    /// interrupt step first if `icr_first`.
    fn sync_for_access(&mut self, t: u64, icr_first: bool) {
        if t <= self.synced {
            self.changed();
            return;
        }
        self.sync(t - 1);
        self.changed();
        self.synced = t;
        self.clock_timers(t);
        if icr_first {
            self.icr.step(t);
        }
        self.icr_pending = !icr_first;
        self.late_pending = true;
    }

    /// The rest of a cycle an access interrupted.
    fn finish_cycle(&mut self) {
        if self.late_pending {
            self.late_pending = false;
            self.late_events(self.synced);
        }
        if self.icr_pending {
            self.icr_pending = false;
            self.icr.step(self.synced);
        }
    }

    fn clock_timers(&mut self, c: u64) {
        let a = self.ta.clock();
        let b = self.tb.clock();
        if a {
            self.ta_toggle = !self.ta_toggle;
            self.icr.raise(INT_TA, c);
            if self.tb.cr & (CRB_COUNT_TA | CR_START) == CRB_COUNT_TA | CR_START {
                self.tb.step();
            }
            if self.ta.cr & CRA_SP_OUT != 0 {
                self.serial.timer_underflow();
            }
        }
        if b {
            self.tb_toggle = !self.tb_toggle;
            self.icr.raise(INT_TB, c);
        }
    }

    /// The shift register's and the time-of-day clock's part of cycle `c`.
    fn late_events(&mut self, c: u64) {
        if self.serial.armed && self.serial.step() {
            self.icr.raise(INT_SDR, c);
        }
        while self.tick_cycle(self.tod.ticks + 1) <= c {
            if self.tod.tick(self.ta.cr & CRA_TOD_50HZ != 0) {
                self.icr.raise(INT_ALARM, c);
            }
        }
    }

    /// Cycles after `synced` in which nothing happens but timers counting down.
    fn quiet_cycles(&self) -> u64 {
        if self.late_pending || self.icr_pending || !self.icr.idle() || self.serial.armed {
            return 0;
        }
        let timers = [self.ta.quiet_cycles(), self.tb.quiet_cycles()];
        let tod = self.tick_cycle(self.tod.ticks + 1) - 1 - self.synced;
        timers.into_iter().flatten().fold(tod, u64::min)
    }

    /// The cycle at which the machine must next look at this CIA (its interrupt line
    /// may go low then), or None while nothing can change it. While the line is low
    /// nothing does until the ICR is read (the machine handles the line itself).
    pub fn next_event(&mut self) -> Option<u64> {
        if let Some(known) = self.next_event {
            return known;
        }
        let next = self.work_out_next_event();
        self.next_event = Some(next);
        next
    }

    fn work_out_next_event(&self) -> Option<u64> {
        if self.icr.low_since.is_some() {
            return None;
        }
        let s = self.synced;
        let mask = self.icr.mask;
        let ta_next = self.ta.cycles_to_change().map(|n| s + n);
        let tb_next = self.tb.cycles_to_change().map(|n| s + n);
        let tb_counts_ta = self.tb.cr & CRB_COUNT_TA != 0;
        let candidates = [
            self.icr.pending_low(s),
            // The rest of a cycle an access interrupted may raise a flag.
            (self.late_pending && (self.serial.armed || self.tick_cycle(self.tod.ticks + 1) <= s))
                .then_some(s + 1),
            ta_next.filter(|_| {
                mask & INT_TA != 0
                    || (mask & INT_SDR != 0 && self.serial.shifting())
                    || (mask & INT_TB != 0 && tb_counts_ta)
            }),
            tb_next.filter(|_| mask & INT_TB != 0),
            (mask & INT_SDR != 0 && self.serial.armed).then_some(s + 1),
            (mask & INT_ALARM != 0 && self.tod.running())
                .then(|| self.tick_cycle(self.tod.ticks + 1)),
        ];
        candidates.into_iter().flatten().min()
    }

    // ----- registers -----

    /// Does an access to `reg` go through the interrupt logic first?
    fn icr_first(&self, reg: u8) -> bool {
        match reg {
            TA_LO..=TB_HI | ICR | CRA | CRB => true,
            PRB | DDRB => (self.ta.cr | self.tb.cr) & CR_PB_ON != 0,
            _ => false,
        }
    }

    /// Read register `reg` at cycle `t`. `pa_in`/`pb_in`: the levels the outside world
    /// pulls the port pins to (1 = released).
    pub fn read(&mut self, reg: u8, t: u64, pa_in: u8, pb_in: u8) -> u8 {
        let reg = reg & 0x0F;
        self.sync_for_access(t, self.icr_first(reg));
        match reg {
            ICR => self.icr.read(t),
            TOD_10THS..=TOD_HR => self.tod.read(usize::from(reg - TOD_10THS)),
            _ => self.value(reg, pa_in, pb_in),
        }
    }

    /// What reading `reg` at cycle `t` would return, without its side effects.
    pub fn peek(&self, reg: u8, t: u64, pa_in: u8, pb_in: u8) -> u8 {
        let mut copy = self.clone();
        copy.sync(t.max(self.synced));
        copy.value(reg & 0x0F, pa_in, pb_in)
    }

    fn value(&self, reg: u8, pa_in: u8, pb_in: u8) -> u8 {
        let cr = |t: &Timer| (t.cr & !CR_START) | u8::from(t.running());
        match reg {
            PRA => self.ports.read_pa(pa_in),
            PRB => self.ports.read_pb(pb_in, self.timer_pins()),
            DDRA => self.ports.ddra,
            DDRB => self.ports.ddrb,
            TA_LO => self.ta.counter as u8,
            TA_HI => (self.ta.counter >> 8) as u8,
            TB_LO => self.tb.counter as u8,
            TB_HI => (self.tb.counter >> 8) as u8,
            TOD_10THS..=TOD_HR => self.tod.peek(usize::from(reg - TOD_10THS)),
            SDR => self.serial.sdr,
            ICR => self.icr.flags,
            CRA => cr(&self.ta),
            _ => cr(&self.tb),
        }
    }

    /// Write register `reg` at cycle `t`.
    pub fn write(&mut self, reg: u8, v: u8, t: u64) {
        let reg = reg & 0x0F;
        self.sync_for_access(t, self.icr_first(reg));
        match reg {
            PRA => self.ports.pra = v,
            PRB => self.ports.prb = v,
            DDRA => self.ports.ddra = v,
            DDRB => self.ports.ddrb = v,
            TA_LO => self.ta.write_latch_lo(v),
            TA_HI => self.ta.write_latch_hi(v),
            TB_LO => self.tb.write_latch_lo(v),
            TB_HI => self.tb.write_latch_hi(v),
            TOD_10THS..=TOD_HR => {
                let alarm = self.tb.cr & CRB_ALARM != 0;
                if self.tod.write(usize::from(reg - TOD_10THS), v, alarm) {
                    self.icr.raise(INT_ALARM, t);
                }
            }
            SDR => self.serial.write(v, self.ta.cr & CRA_SP_OUT != 0),
            ICR => self.icr.write(v, t),
            CRA => {
                if v & CR_START != 0 && self.ta.cr & CR_START == 0 {
                    self.ta_toggle = true;
                }
                if (v ^ self.ta.cr) & CRA_SP_OUT != 0 {
                    self.serial
                        .switch_direction(v & CRA_SP_OUT != 0, self.icr.model);
                }
                self.ta.write_cr(v, v & CRA_COUNT_CNT == 0);
            }
            _ => {
                if v & CR_START != 0 && self.tb.cr & CR_START == 0 {
                    self.tb_toggle = true;
                }
                self.tb.write_cr(v, v & CRB_INPUT == 0);
            }
        }
    }
}

impl Cia {
    /// The cycle of mains tick `n` (tick 0 at power-on).
    fn tick_cycle(&self, n: u64) -> u64 {
        n * self.mains.0 / self.mains.1
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(CiaModel { Mos6526, Mos6526A });
c64state::persist!(Cia {
    ports,
    ta,
    tb,
    ta_toggle,
    tb_toggle,
    icr,
    serial,
    tod,
    mains,
    synced,
    late_pending,
    icr_pending
} skip {
    quiet_until,
    next_event
} then |c: &mut Cia| c.changed());
