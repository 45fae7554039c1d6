//! The serial data register and its shift register.
//!
//! Output mode (CRA bit 6 set): a byte written to the SDR goes into the shift
//! register a cycle later if it is empty (else it waits there). Timer A's underflows
//! clock CNT: each one toggles CNT a cycle later; on the falling half a bit leaves on
//! SP, on the rising half the register shifts. Sixteen underflows send a byte; two
//! cycles after the last bit left, the SDR flag goes up, and a waiting byte follows
//! at once. Underflows on consecutive cycles are too close for the toggle to see:
//! the later ones are lost.
//!
//! Input mode: bits come in on CNT from outside. Nothing drives CNT on a C64, so
//! no byte ever arrives; the SDR reads what was written to it.
//!
//! Switching the direction in the middle of a byte leaves traces: depending on how
//! far the byte got, the SDR flag goes up two cycles later, now or when switching
//! back. The pipeline of events runs once per cycle while anything is in flight, in
//! the part of the cycle after the CPU's access.

use super::CiaModel;

/// Each event's countdown: bit 0 is due on the next step, bit 1 on the one after...
const LOAD: u32 = 0x0001;
const TOGGLE: u32 = 0x0010;
/// A clock edge that came too soon after the last: it does nothing, but it blocks
/// the next one too.
const NO_TOGGLE: u32 = 0x0100;
const FLAG: u32 = 0x1000;
const GROUPS: u32 = 0x7777;
const ALL_EDGES: u32 = (TOGGLE | NO_TOGGLE) * 0x7;

#[derive(Clone, Debug)]
pub struct Serial {
    /// The register the CPU sees.
    pub sdr: u8,
    /// Bit 8 is the bit on SP next.
    shifter: u16,
    /// Half bits (CNT edges) left of the byte in the shift register.
    half_bits: u8,
    /// A byte waits in the SDR for the shift register.
    waiting: bool,
    events: u32,
    /// CNT as this chip drives it (high when idle).
    cnt: bool,
    /// CNT after the last steps, bit 0 the latest.
    cnt_history: u8,
    /// A switch to input left a byte unfinished: its flag comes on switching back.
    owe_flag: bool,
    /// The pipeline runs on the next cycle.
    pub armed: bool,
}

impl Serial {
    pub fn new() -> Serial {
        Serial {
            sdr: 0,
            shifter: 0,
            half_bits: 0,
            waiting: false,
            events: 0,
            cnt: true,
            cnt_history: 0x0F,
            owe_flag: false,
            armed: false,
        }
    }

    fn schedule(&mut self, event: u32) {
        self.events |= event;
        self.armed = true;
    }

    /// A write of the SDR (`output`: the register is in output mode).
    pub fn write(&mut self, v: u8, output: bool) {
        self.sdr = v;
        if output {
            self.schedule(LOAD << 1);
        }
    }

    /// Timer A underflowed on this cycle (output mode).
    pub fn timer_underflow(&mut self) {
        if self.half_bits == 0 && !self.waiting {
            return;
        }
        let edge = if self.events & (TOGGLE | NO_TOGGLE) != 0 {
            NO_TOGGLE
        } else {
            TOGGLE
        };
        self.schedule(edge << 1);
    }

    /// CRA's bit 6 changed (to `output` now): the byte in progress is dropped.
    pub fn switch_direction(&mut self, output: bool, model: CiaModel) {
        let bits = self.half_bits;
        if (2..15).contains(&bits) || (bits == 15 && self.cnt_history & 0x04 == 0) {
            self.schedule(FLAG << 2);
        }
        if output {
            if !self.cnt && bits != 0 {
                self.shifter <<= 1;
            }
            if self.owe_flag {
                self.schedule(FLAG << 2);
                self.owe_flag = false;
            }
        } else {
            // The byte counts as finished if CNT was high on the two steps before
            // the last (6526A), on the last three (6526: the batch with date code
            // 4485 that the old-CIA shift register tests were measured on).
            let high = match model {
                CiaModel::Mos6526A => 0x06,
                CiaModel::Mos6526 => 0x07,
            };
            let mut owe = self.cnt_history & high != high;
            if !owe && bits != 2 && self.events & (TOGGLE * 0x6) == 0 && self.events & TOGGLE != 0 {
                owe = true;
            }
            self.owe_flag = owe;
        }
        self.half_bits = 0;
        self.waiting = false;
        self.events &= !ALL_EDGES;
        self.cnt = true;
    }

    /// One cycle of the pipeline (when `armed`); true when the SDR flag goes up.
    pub fn step(&mut self) -> bool {
        let due = self.events;
        let mut feed = 0;
        if due & LOAD != 0 {
            match self.half_bits {
                0 => {
                    self.half_bits = 16;
                    self.shifter = u16::from(self.sdr) << 1;
                }
                1 => {
                    self.shifter |= u16::from(self.sdr);
                    self.half_bits = 17;
                }
                _ => self.waiting = true,
            }
        }
        if due & TOGGLE != 0 {
            let falling = self.half_bits != 0 && {
                self.half_bits -= 1;
                self.half_bits & 1 == 1
            };
            if falling {
                // A bit goes out on SP (nothing listens on a C64).
                self.cnt = false;
                if self.half_bits == 1 {
                    feed |= FLAG << 2;
                    if self.waiting {
                        self.shifter |= u16::from(self.sdr);
                        self.waiting = false;
                        self.half_bits = 17;
                    }
                }
            } else {
                self.shifter <<= 1;
                self.cnt = true;
            }
        }
        let flag = due & FLAG != 0;
        self.events = ((self.events | feed) >> 1) & GROUPS;
        self.cnt_history = ((self.cnt_history << 1) | u8::from(self.cnt)) & 0x0F;
        self.armed = self.events != 0 || (self.cnt_history != 0 && self.cnt_history != 0x0F);
        flag
    }

    /// Bytes are on their way out: timer A's underflows matter.
    pub fn shifting(&self) -> bool {
        self.half_bits != 0 || self.waiting
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Serial {
    sdr,
    shifter,
    half_bits,
    waiting,
    events,
    cnt,
    cnt_history,
    owe_flag,
    armed
});
