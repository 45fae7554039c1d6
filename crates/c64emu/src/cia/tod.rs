//! The time-of-day clock: BCD tenths, seconds, minutes and hours (1-12, bit 7 PM),
//! counted from the mains frequency, with an alarm.
//!
//! A divider counts mains ticks in a ring of six states; it passes a tick to the
//! tenths on state 4 (CRA bit 7 set: 50 Hz) or 5 (clear: 60 Hz), so a PAL machine
//! set to 60 Hz runs slow by a sixth. Each digit is a binary counter that carries
//! when it reaches its limit by value, so "invalid" digits count on up to their
//! width and wrap without a carry. The hour goes 9 -> 10, 12 -> 1, and the PM bit
//! flips whenever the hour becomes 12, by counting or by a write of the time.
//!
//! Writing the hours stops the clock, writing the tenths starts it again (with the
//! divider from zero). Reading the hours latches all four registers until the tenths
//! are read. At power-on the clock stands at 01:00:00.0, stopped, alarm 00:00:00.0.
//! The alarm flag goes up whenever the time becomes equal to the alarm, by a tick or
//! by a write of either.

/// Register offsets from the tenths register.
const TENTHS: usize = 0;
const HOURS: usize = 3;
/// Bits each register keeps.
const WIDTH: [u8; 4] = [0x0F, 0x7F, 0x7F, 0x9F];

#[derive(Clone, Debug)]
pub struct Tod {
    time: [u8; 4],
    alarm: [u8; 4],
    latch: [u8; 4],
    latched: bool,
    stopped: bool,
    /// The mains divider's ring state, 0-5.
    divider: u8,
    /// Mains ticks seen so far.
    pub ticks: u64,
}

impl Tod {
    pub fn new() -> Tod {
        let time = [0, 0, 0, 0x01];
        Tod {
            time,
            alarm: [0; 4],
            latch: time,
            latched: false,
            stopped: true,
            divider: 0,
            ticks: 0,
        }
    }

    /// Is the clock running?
    pub fn running(&self) -> bool {
        !self.stopped
    }

    /// One mains tick; true when it made the time equal to the alarm.
    pub fn tick(&mut self, fifty_hz: bool) -> bool {
        self.ticks += 1;
        if self.stopped {
            return false;
        }
        let due = if fifty_hz { 4 } else { 5 };
        if self.divider != due {
            self.divider = if self.divider == 5 {
                0
            } else {
                self.divider + 1
            };
            return false;
        }
        self.divider = 0;
        self.count_tenth();
        self.time == self.alarm
    }

    fn count_tenth(&mut self) {
        let [t, s, m, h] = &mut self.time;
        if !count_digit(t, 0x0F, 10) {
            return;
        }
        if !count_bcd(s) || !count_bcd(m) {
            return;
        }
        let pm = *h & 0x80;
        let hour = *h & 0x1F;
        *h = match hour {
            0x09 => 0x10 | pm,
            0x12 => 0x01 | pm,
            _ => {
                let next = (hour & 0x10) | ((hour + 1) & 0x0F);
                if next == 0x12 {
                    next | (pm ^ 0x80)
                } else {
                    next | pm
                }
            }
        };
    }

    /// Read register `i` (0 tenths .. 3 hours).
    pub fn read(&mut self, i: usize) -> u8 {
        if !self.latched {
            self.latch = self.time;
        }
        match i {
            TENTHS => self.latched = false,
            HOURS => self.latched = true,
            _ => {}
        }
        self.latch[i]
    }

    /// What a read of register `i` would return, without latching.
    pub fn peek(&self, i: usize) -> u8 {
        if self.latched {
            self.latch[i]
        } else {
            self.time[i]
        }
    }

    /// Write register `i` of the time or (`alarm`) of the alarm; true when the write
    /// made them equal.
    pub fn write(&mut self, i: usize, v: u8, alarm: bool) -> bool {
        let mut v = v & WIDTH[i];
        let target = if alarm {
            &mut self.alarm[i]
        } else {
            if i == HOURS && v & 0x1F == 0x12 {
                v ^= 0x80;
            }
            match i {
                TENTHS if self.stopped => {
                    self.stopped = false;
                    self.divider = 0;
                }
                HOURS => self.stopped = true,
                _ => {}
            }
            &mut self.time[i]
        };
        let changed = *target != v;
        *target = v;
        changed && self.time == self.alarm
    }
}

/// Count a 4-bit digit up; true when it reached `limit` (and went to 0).
fn count_digit(d: &mut u8, width: u8, limit: u8) -> bool {
    *d = (*d + 1) & width;
    if *d == limit {
        *d = 0;
        true
    } else {
        false
    }
}

/// Count seconds or minutes (low digit 4 bits to 10, high digit 3 bits to 6); true on
/// the carry out.
fn count_bcd(v: &mut u8) -> bool {
    let mut lo = *v & 0x0F;
    let mut hi = (*v >> 4) & 0x07;
    let mut carry = false;
    if count_digit(&mut lo, 0x0F, 10) {
        hi = (hi + 1) & 0x07;
        if hi == 6 {
            hi = 0;
            carry = true;
        }
    }
    *v = (hi << 4) | lo;
    carry
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Tod {
    time,
    alarm,
    latch,
    latched,
    stopped,
    divider,
    ticks
});
