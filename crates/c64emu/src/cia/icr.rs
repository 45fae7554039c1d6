//! The interrupt control register: the flags the timers, the time-of-day alarm and
//! the shift register raise, the mask, and the interrupt output (IRQ for CIA 1, NMI
//! for CIA 2), with the delays that tell the two chip revisions apart.
//!
//! A flag raised in a cycle shows in the ICR at once. If the mask has it, the
//! interrupt line goes low and bit 7 is set on that same cycle on the 6526A, one
//! cycle later on the 6526 (and on the 6526A too when the ICR was read the cycle
//! before). Setting a mask bit whose flag is already up asserts the line one cycle
//! after the write (6526A) or two (6526).
//!
//! Reading the ICR releases the line at once. The 6526 clears the flags on the read
//! (bit 7 two cycles later); the 6526A clears what it read two cycles later, and a
//! flag raised in between survives. A 6526 also loses the timer B flag (not the
//! interrupt) when timer B underflows the cycle after an ICR read: the next read
//! does not show it.
//!
//! `step` runs the delay line once per cycle, after the timers.

use super::CiaModel;

/// Timer A underflow.
pub const INT_TA: u8 = 0x01;
/// Timer B underflow.
pub const INT_TB: u8 = 0x02;
/// Time-of-day alarm.
pub const INT_ALARM: u8 = 0x04;
/// Serial data register full/empty.
pub const INT_SDR: u8 = 0x08;
/// Bit 7 of the ICR: an enabled flag is up.
pub const INT_ANY: u8 = 0x80;
const SOURCES: u8 = 0x1F;

// The delay line: per event, bit 0 is due on the next step, bit 1 on the step after.
const ACK: u16 = 0x001;
const ACK_LATER: u16 = 0x002;
const BIT7: u16 = 0x010;
const BIT7_LATER: u16 = 0x020;
const RAISE: u16 = 0x100;
const RAISE_LATER: u16 = 0x200;
const DUE: u16 = ACK | BIT7 | RAISE;

#[derive(Clone, Debug)]
pub struct Icr {
    pub model: CiaModel,
    /// Bits 0-4 the sources, bit 7 the interrupt.
    pub flags: u8,
    pub mask: u8,
    /// Flags raised on this cycle, for `step`.
    new: u8,
    /// Flags the last read will clear (6526A).
    ack: u8,
    line: u16,
    /// Cycle at which the output went low, while it is low.
    pub low_since: Option<u64>,
    /// The output's last low period a read ended: (the cycle it went low, the cycle of
    /// the read). A read can release the line on the cycle it went low: an NMI input
    /// sees that edge.
    pub last_low: Option<(u64, u64)>,
    last_read: Option<u64>,
    /// Timer B underflowed the cycle after the last read (6526).
    tb_lost: bool,
}

impl Icr {
    pub fn new(model: CiaModel) -> Icr {
        Icr {
            model,
            flags: 0,
            mask: 0,
            new: 0,
            ack: 0,
            line: 0,
            low_since: None,
            last_low: None,
            last_read: None,
            tb_lost: false,
        }
    }

    /// A source raises its flag on cycle `c` (before `step` of `c`).
    pub fn raise(&mut self, bits: u8, c: u64) {
        if bits & INT_TB != 0 {
            self.tb_lost =
                self.model == CiaModel::Mos6526 && self.last_read.is_some_and(|r| r + 1 == c);
        }
        self.flags |= bits;
        self.new |= bits;
        self.ack &= !bits;
    }

    /// Nothing in flight: `step` would do nothing.
    pub fn idle(&self) -> bool {
        self.line == 0 && self.new == 0
    }

    /// The delay line's work on cycle `c`.
    pub fn step(&mut self, c: u64) {
        if self.idle() {
            return;
        }
        if self.line & ACK != 0 {
            self.flags &= !self.ack;
            self.ack = 0;
            if self.model == CiaModel::Mos6526 {
                self.flags &= !INT_ANY;
            }
        }
        if self.new & self.mask & SOURCES != 0 {
            let read_before = self.last_read.is_some_and(|r| r + 1 == c);
            if self.model == CiaModel::Mos6526A && !read_before {
                self.line |= BIT7 | RAISE;
            } else {
                self.line |= BIT7_LATER | RAISE_LATER;
            }
        }
        if self.line & BIT7 != 0 {
            self.flags |= INT_ANY;
        }
        if self.line & RAISE != 0 && self.low_since.is_none() {
            self.low_since = Some(c);
        }
        self.new = 0;
        self.line = (self.line >> 1) & DUE;
    }

    /// Read on cycle `r` (after `step` of `r`).
    pub fn read(&mut self, r: u64) -> u8 {
        if self.tb_lost {
            self.flags &= !INT_TB;
            self.tb_lost = false;
        }
        let value = self.flags;
        match self.model {
            CiaModel::Mos6526A => {
                let mut value = value;
                if self.line & RAISE != 0 && self.flags & SOURCES != 0 {
                    value |= INT_ANY;
                    self.flags |= INT_ANY;
                }
                if value & (SOURCES | INT_ANY) != 0 {
                    self.ack |= value | INT_ANY;
                }
                self.line = (self.line | ACK_LATER) & !(RAISE | BIT7);
                self.finish_read(r);
                value
            }
            CiaModel::Mos6526 => {
                self.line = (self.line | ACK_LATER) & !RAISE;
                self.flags &= INT_ANY;
                self.new = 0;
                self.finish_read(r);
                value
            }
        }
    }

    fn finish_read(&mut self, r: u64) {
        self.last_read = Some(r);
        if let Some(fall) = self.low_since.take() {
            self.last_low = Some((fall, r));
        }
    }

    /// Write the mask on cycle `w` (after `step` of `w`): bit 7 set sets the bits
    /// given, clear clears them.
    pub fn write(&mut self, v: u8, w: u64) {
        if v & 0x80 != 0 {
            self.mask |= v & SOURCES;
        } else {
            self.mask &= !(v & SOURCES);
        }
        if self.flags & self.mask & SOURCES != 0 {
            if self.low_since.is_none() {
                match self.model {
                    CiaModel::Mos6526A => {
                        if self.last_read.is_none_or(|r| r + 1 != w) {
                            self.line |= RAISE | BIT7;
                        }
                    }
                    CiaModel::Mos6526 => self.line |= RAISE_LATER | BIT7_LATER,
                }
            }
        } else if self.model == CiaModel::Mos6526 && self.last_read.is_some_and(|r| r + 2 == w) {
            // The flags the read two cycles ago cleared cannot interrupt any more.
            self.line &= !(RAISE | BIT7);
        }
    }

    /// The cycle the output will go low from what is in the delay line (None:
    /// nothing is on its way).
    pub fn pending_low(&self, synced: u64) -> Option<u64> {
        if self.line & RAISE != 0 {
            Some(synced + 1)
        } else if self.line & RAISE_LATER != 0 {
            Some(synced + 2)
        } else if self.new & self.mask & SOURCES != 0 {
            Some(synced)
        } else {
            None
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Icr {
    model,
    flags,
    mask,
    new,
    ack,
    line,
    low_since,
    last_low,
    last_read,
    tb_lost
});
