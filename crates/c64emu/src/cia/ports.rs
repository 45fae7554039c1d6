//! The two 8-bit ports: data and direction registers, what the chip drives, what a
//! read sees, and the timers' outputs on PB6 and PB7.
//!
//! A bit set in the direction register makes the pin an output driven from the data
//! register; an input pin floats high unless the outside pulls it low. With CRA/CRB
//! bit 1 set, PB6/PB7 is an output whatever the direction register says, showing the
//! timer: high for the cycle of an underflow (pulse), or a flip-flop that each
//! underflow flips and starting the timer sets (toggle).

use super::timer::{CR_PB_ON, CR_TOGGLE};

#[derive(Clone, Debug, Default)]
pub struct Ports {
    pub pra: u8,
    pub prb: u8,
    pub ddra: u8,
    pub ddrb: u8,
}

/// A timer's PB6/PB7 output: its control register, pulse and toggle states.
#[derive(Clone, Copy, Debug)]
pub struct TimerPin {
    pub cr: u8,
    pub pulse: bool,
    pub toggle: bool,
}

impl TimerPin {
    /// The level on the pin, or None while the port register drives it.
    fn level(self) -> Option<bool> {
        (self.cr & CR_PB_ON != 0).then_some(if self.cr & CR_TOGGLE != 0 {
            self.toggle
        } else {
            self.pulse
        })
    }
}

impl Ports {
    /// What port A drives: outputs from the register, inputs pulled high.
    pub fn pa_out(&self) -> u8 {
        self.pra | !self.ddra
    }

    /// What port B drives, timer outputs `pins` (A on PB6, B on PB7) included.
    pub fn pb_out(&self, pins: [TimerPin; 2]) -> u8 {
        timer_pins(self.prb | !self.ddrb, pins)
    }

    /// Port A read: outputs from the register, inputs at the levels `pa_in` of the
    /// outside.
    pub fn read_pa(&self, pa_in: u8) -> u8 {
        (self.pra & self.ddra) | (pa_in & !self.ddra)
    }

    /// Port B read, the timer outputs in bits 6 and 7.
    pub fn read_pb(&self, pb_in: u8, pins: [TimerPin; 2]) -> u8 {
        timer_pins((self.prb & self.ddrb) | (pb_in & !self.ddrb), pins)
    }
}

fn timer_pins(mut v: u8, pins: [TimerPin; 2]) -> u8 {
    for (pin, bit) in pins.into_iter().zip([0x40u8, 0x80]) {
        match pin.level() {
            Some(true) => v |= bit,
            Some(false) => v &= !bit,
            None => {}
        }
    }
    v
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Ports {
    pra,
    prb,
    ddra,
    ddrb
});
