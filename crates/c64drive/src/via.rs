//! The MOS 6522 VIA, stepped one Φ2 cycle at a time: two ports with data direction
//! registers and input latching, timer 1 (one-shot or free-running, PB7 output),
//! timer 2 (one-shot or PB6 pulse counting), the shift register, the CA1/CA2/CB1/CB2
//! control lines and the interrupt flag and enable registers.
//!
//! Timing follows the datasheet and measurements of real chips: a timer loaded with N
//! reads N in the cycle after the write, counts down to 0, shows $FFFF in the cycle in
//! which its interrupt flag sets, and (timer 1) is reloaded from its latch in the next
//! cycle, a period of N + 2 cycles. Timer 1 reloads in one-shot mode too (contrary to
//! the datasheet; only its interrupt is one-shot).

/// Register numbers.
pub mod reg {
    /// Port B (output register / input).
    pub const ORB: u8 = 0;
    /// Port A with handshake.
    pub const ORA: u8 = 1;
    /// Port B data direction.
    pub const DDRB: u8 = 2;
    /// Port A data direction.
    pub const DDRA: u8 = 3;
    /// Timer 1 counter low (read) / latch low (write).
    pub const T1CL: u8 = 4;
    /// Timer 1 counter high; writing it starts the timer.
    pub const T1CH: u8 = 5;
    /// Timer 1 latch low.
    pub const T1LL: u8 = 6;
    /// Timer 1 latch high.
    pub const T1LH: u8 = 7;
    /// Timer 2 counter low (read) / latch low (write).
    pub const T2CL: u8 = 8;
    /// Timer 2 counter high; writing it starts the timer.
    pub const T2CH: u8 = 9;
    /// Shift register.
    pub const SR: u8 = 10;
    /// Auxiliary control register.
    pub const ACR: u8 = 11;
    /// Peripheral control register.
    pub const PCR: u8 = 12;
    /// Interrupt flag register.
    pub const IFR: u8 = 13;
    /// Interrupt enable register.
    pub const IER: u8 = 14;
    /// Port A without handshake.
    pub const ORA_NH: u8 = 15;
}

/// Interrupt flag bits.
pub mod irq {
    /// CA2 active edge.
    pub const CA2: u8 = 0x01;
    /// CA1 active edge.
    pub const CA1: u8 = 0x02;
    /// Shift register: eight bits shifted.
    pub const SR: u8 = 0x04;
    /// CB2 active edge.
    pub const CB2: u8 = 0x08;
    /// CB1 active edge.
    pub const CB1: u8 = 0x10;
    /// Timer 2 time-out.
    pub const T2: u8 = 0x20;
    /// Timer 1 time-out.
    pub const T1: u8 = 0x40;
}

/// One 6522.
#[derive(Clone, Debug)]
pub struct Via {
    ora: u8,
    orb: u8,
    ddra: u8,
    ddrb: u8,
    /// Port A pins as latched by the last CA1 edge (ACR bit 0).
    ira_latch: u8,
    /// Port B pins as latched by the last CB1 edge (ACR bit 1).
    irb_latch: u8,
    t1: u16,
    t1_latch: u16,
    /// The counter is reloaded from the latch in the next cycle (after showing $FFFF).
    t1_reload: bool,
    /// The counter was just written: it does not count in the next cycle.
    t1_hold: bool,
    /// Time-outs signal (set by writing the high byte, cleared by a one-shot's
    /// time-out).
    t1_armed: bool,
    /// PB7 as timer 1 drives it (ACR bit 7).
    pb7: bool,
    t2: u16,
    t2_latch_lo: u8,
    t2_hold: bool,
    t2_armed: bool,
    sr: u8,
    /// Bits still to shift in this byte (0: idle).
    sr_bits: u8,
    /// Cycles until the next shift clock edge.
    sr_wait: u16,
    /// The shift clock's level (CB1 as output).
    sr_clock: bool,
    acr: u8,
    pcr: u8,
    ifr: u8,
    ier: u8,
    ca1: bool,
    ca2_in: bool,
    cb1: bool,
    cb2_in: bool,
    /// CA2 in handshake/pulse output mode: low until the given event.
    ca2_out: bool,
    cb2_out: bool,
    /// Previous PB6 level, for pulse counting.
    pb6: bool,
    /// ACR as timer 2 counts by it: a write takes effect a cycle later.
    t2_acr: u8,
}

impl Default for Via {
    fn default() -> Self {
        Via::new()
    }
}

impl Via {
    /// A VIA after reset: ports input, timers stopped (counters and latches hold
    /// arbitrary values on a real chip; here $FFFF), interrupts disabled.
    pub fn new() -> Via {
        Via {
            ora: 0,
            orb: 0,
            ddra: 0,
            ddrb: 0,
            ira_latch: 0xFF,
            irb_latch: 0xFF,
            t1: 0xFFFF,
            t1_latch: 0xFFFF,
            t1_reload: false,
            t1_hold: false,
            t1_armed: false,
            pb7: true,
            t2: 0xFFFF,
            t2_latch_lo: 0xFF,
            t2_hold: false,
            t2_armed: false,
            sr: 0,
            sr_bits: 0,
            sr_wait: 0,
            sr_clock: true,
            acr: 0,
            pcr: 0,
            ifr: 0,
            ier: 0,
            ca1: true,
            ca2_in: true,
            cb1: true,
            cb2_in: true,
            ca2_out: true,
            cb2_out: true,
            pb6: true,
            t2_acr: 0,
        }
    }

    /// The hardware reset: registers cleared (the timers and shift register keep
    /// their contents, as on the chip).
    pub fn reset(&mut self) {
        let (t1, t1_latch, t2, sr) = (self.t1, self.t1_latch, self.t2, self.sr);
        *self = Via::new();
        self.t1 = t1;
        self.t1_latch = t1_latch;
        self.t2 = t2;
        self.sr = sr;
    }

    /// Is the IRQ output low?
    pub fn irq(&self) -> bool {
        self.ifr & self.ier & 0x7F != 0
    }

    /// What port A drives: output bits, input bits pulled high.
    pub fn pa_out(&self) -> u8 {
        self.ora | !self.ddra
    }

    /// What port B drives: output bits, input bits pulled high, PB7 from timer 1
    /// when ACR bit 7 is set.
    pub fn pb_out(&self) -> u8 {
        let v = self.orb | !self.ddrb;
        if self.acr & 0x80 != 0 {
            (v & 0x7F) | if self.pb7 { 0x80 } else { 0 }
        } else {
            v
        }
    }

    /// The level CA2 drives when it is an output (PCR bit 3 set), else None.
    pub fn ca2_output(&self) -> Option<bool> {
        match (self.pcr >> 1) & 7 {
            4 | 5 => Some(self.ca2_out),
            6 => Some(false),
            7 => Some(true),
            _ => None,
        }
    }

    /// The level CB2 drives when it is an output, else None (the shift register's
    /// output modes drive it too).
    pub fn cb2_output(&self) -> Option<bool> {
        if self.acr & 0x10 != 0 {
            return Some(self.cb2_out);
        }
        match (self.pcr >> 5) & 7 {
            4 | 5 => Some(self.cb2_out),
            6 => Some(false),
            7 => Some(true),
            _ => None,
        }
    }

    /// CA1 at `level`: the active edge (PCR bit 0: 1 rising, 0 falling) sets the flag
    /// and latches port A (`pa_pins`) when latching is on.
    pub fn set_ca1(&mut self, level: bool, pa_pins: u8) {
        if level != self.ca1 {
            self.ca1 = level;
            if level == (self.pcr & 0x01 != 0) {
                self.ifr |= irq::CA1;
                if self.acr & 0x01 != 0 {
                    self.ira_latch = pa_pins;
                }
                // Handshake output mode: CA2 back high on the CA1 edge.
                if (self.pcr >> 1) & 7 == 4 {
                    self.ca2_out = true;
                }
            }
        }
    }

    /// CB1 at `level` (PCR bit 4 selects the active edge).
    pub fn set_cb1(&mut self, level: bool, pb_pins: u8) {
        if level != self.cb1 {
            self.cb1 = level;
            if level == (self.pcr & 0x10 != 0) {
                self.ifr |= irq::CB1;
                if self.acr & 0x02 != 0 {
                    self.irb_latch = pb_pins;
                }
                if (self.pcr >> 5) & 7 == 4 {
                    self.cb2_out = true;
                }
            }
        }
    }

    /// CA2 as an input at `level` (PCR bit 2 selects the active edge).
    pub fn set_ca2(&mut self, level: bool) {
        if level != self.ca2_in {
            self.ca2_in = level;
            let mode = (self.pcr >> 1) & 7;
            if mode < 4 && level == (mode & 2 != 0) {
                self.ifr |= irq::CA2;
            }
        }
    }

    /// PB6 at `level`: timer 2 counts its falling edges in pulse-counting mode.
    pub fn set_pb6(&mut self, level: bool) {
        if self.pb6 && !level && self.t2_acr & 0x20 != 0 && !self.t2_hold {
            self.count_t2();
        }
        self.pb6 = level;
    }

    /// Advance one Φ2 cycle.
    pub fn tick(&mut self) {
        // Timer 1.
        if self.t1_hold {
            self.t1_hold = false;
        } else if self.t1_reload {
            self.t1_reload = false;
            self.t1 = self.t1_latch;
        } else if self.t1 == 0 {
            self.t1 = 0xFFFF;
            self.t1_reload = true;
            // Only a timer armed by a write of its high byte signals; a one-shot
            // disarms it, free-running keeps it armed (so a timer switched to
            // free-running after its one-shot has fired stays silent).
            let free_run = self.acr & 0x40 != 0;
            if self.t1_armed {
                self.ifr |= irq::T1;
                self.pb7 = if free_run { !self.pb7 } else { true };
                self.t1_armed = free_run;
            }
        } else {
            self.t1 -= 1;
        }
        // Timer 2 in timed mode.
        if self.t2_hold {
            self.t2_hold = false;
        } else if self.t2_acr & 0x20 == 0 {
            self.count_t2();
        }
        self.t2_acr = self.acr;
        self.tick_shift();
        self.end_pulses();
    }

    fn count_t2(&mut self) {
        let shift_by_t2 = matches!((self.acr >> 2) & 7, 1 | 4 | 5);
        if shift_by_t2 && self.t2 & 0xFF == 0 {
            // The shift register's clock: timer 2's low byte reloads from its latch,
            // the high byte counts the reloads, and its passing 0 is the time-out.
            if self.t2 & 0xFF00 == 0 && self.t2_armed {
                self.ifr |= irq::T2;
                self.t2_armed = false;
            }
            self.t2 = (self.t2 & 0xFF00).wrapping_sub(0x100) | u16::from(self.t2_latch_lo);
            self.shift_clock_edge();
        } else {
            let before = self.t2;
            self.t2 = self.t2.wrapping_sub(1);
            if before == 0 && self.t2_armed {
                self.ifr |= irq::T2;
                self.t2_armed = false;
            }
        }
    }

    /// The shift clock for the Φ2 modes (one bit every two cycles).
    fn tick_shift(&mut self) {
        let mode = (self.acr >> 2) & 7;
        if matches!(mode, 2 | 6) && self.sr_bits > 0 {
            if self.sr_wait > 0 {
                self.sr_wait -= 1;
            } else {
                self.sr_wait = 0;
                self.shift_clock_edge();
            }
        }
    }

    /// One edge of the shift clock (CB1 as output): falling edges shift out, rising
    /// edges shift in; each full clock moves one bit.
    fn shift_clock_edge(&mut self) {
        let mode = (self.acr >> 2) & 7;
        if mode == 0 || mode == 3 || mode == 7 {
            return;
        }
        if self.sr_bits == 0 && mode != 4 {
            return;
        }
        self.sr_clock = !self.sr_clock;
        if self.sr_clock {
            // Rising edge: a bit in (from CB2) or the output bit's end.
            if mode < 4 {
                self.sr = (self.sr << 1) | u8::from(self.cb2_in);
            }
            if self.sr_bits > 0 {
                self.sr_bits -= 1;
                if self.sr_bits == 0 {
                    self.ifr |= irq::SR;
                    if mode == 4 {
                        // Free-running: shifts on without end (and without more flags).
                        self.sr_bits = 0;
                    }
                }
            }
        } else if mode >= 4 {
            // Falling edge: the top bit goes out on CB2 (and around, the register rotates).
            self.cb2_out = self.sr & 0x80 != 0;
            self.sr = self.sr.rotate_left(1);
        }
        if matches!(mode, 2 | 6) {
            self.sr_wait = 0;
        }
    }

    /// What reading register `r` returns (with `pa_pins`/`pb_pins` the levels on the
    /// ports' pins); reading has side effects (flags cleared).
    pub fn read(&mut self, r: u8, pa_pins: u8, pb_pins: u8) -> u8 {
        let v = self.peek(r, pa_pins, pb_pins);
        match r & 15 {
            reg::ORB => self.clear_port_flags(irq::CB1, irq::CB2, self.pcr >> 5),
            reg::ORA => {
                self.clear_port_flags(irq::CA1, irq::CA2, self.pcr >> 1);
                self.handshake_a();
            }
            reg::T1CL => self.ifr &= !irq::T1,
            reg::T2CL => self.ifr &= !irq::T2,
            reg::SR => self.start_shift(),
            _ => {}
        }
        v
    }

    /// Reading register `r` without side effects.
    pub fn peek(&self, r: u8, pa_pins: u8, pb_pins: u8) -> u8 {
        match r & 15 {
            reg::ORB => {
                let pins = if self.acr & 0x02 != 0 {
                    self.irb_latch
                } else {
                    pb_pins
                };
                // Output bits read the output register (PB7 the timer's level).
                let out = self.pb_out();
                (out & self.ddrb) | (pins & !self.ddrb)
            }
            reg::ORA | reg::ORA_NH => {
                if self.acr & 0x01 != 0 {
                    self.ira_latch
                } else {
                    pa_pins
                }
            }
            reg::DDRB => self.ddrb,
            reg::DDRA => self.ddra,
            reg::T1CL => self.t1 as u8,
            reg::T1CH => (self.t1 >> 8) as u8,
            reg::T1LL => self.t1_latch as u8,
            reg::T1LH => (self.t1_latch >> 8) as u8,
            reg::T2CL => self.t2 as u8,
            reg::T2CH => (self.t2 >> 8) as u8,
            reg::SR => self.sr,
            reg::ACR => self.acr,
            reg::PCR => self.pcr,
            reg::IFR => self.ifr | if self.irq() { 0x80 } else { 0 },
            _ => self.ier | 0x80,
        }
    }

    /// Write `v` to register `r`.
    pub fn write(&mut self, r: u8, v: u8) {
        match r & 15 {
            reg::ORB => {
                self.orb = v;
                self.clear_port_flags(irq::CB1, irq::CB2, self.pcr >> 5);
                if (self.pcr >> 5) & 7 == 4 || (self.pcr >> 5) & 7 == 5 {
                    self.cb2_out = false;
                }
            }
            reg::ORA => {
                self.ora = v;
                self.clear_port_flags(irq::CA1, irq::CA2, self.pcr >> 1);
                self.handshake_a();
            }
            reg::ORA_NH => self.ora = v,
            reg::DDRB => self.ddrb = v,
            reg::DDRA => self.ddra = v,
            reg::T1CL | reg::T1LL => self.t1_latch = (self.t1_latch & 0xFF00) | u16::from(v),
            reg::T1CH => {
                self.t1_latch = (self.t1_latch & 0x00FF) | (u16::from(v) << 8);
                self.t1 = self.t1_latch;
                self.t1_hold = true;
                self.t1_reload = false;
                self.t1_armed = true;
                self.ifr &= !irq::T1;
                if self.acr & 0x80 != 0 {
                    self.pb7 = false;
                }
            }
            reg::T1LH => {
                self.t1_latch = (self.t1_latch & 0x00FF) | (u16::from(v) << 8);
                self.ifr &= !irq::T1;
            }
            reg::T2CL => self.t2_latch_lo = v,
            reg::T2CH => {
                self.t2 = u16::from(self.t2_latch_lo) | (u16::from(v) << 8);
                self.t2_hold = true;
                self.t2_armed = true;
                self.ifr &= !irq::T2;
            }
            reg::SR => {
                self.sr = v;
                self.start_shift();
            }
            reg::ACR => {
                // Switching PB7 output on shows the timer's level, which is high
                // unless a one-shot is running.
                if v & 0x80 != 0 && self.acr & 0x80 == 0 {
                    self.pb7 = !(self.t1_armed && v & 0x40 == 0);
                }
                self.acr = v;
            }
            reg::PCR => self.pcr = v,
            reg::IFR => self.ifr &= !(v & 0x7F),
            _ => {
                if v & 0x80 != 0 {
                    self.ier |= v & 0x7F;
                } else {
                    self.ier &= !(v & 0x7F);
                }
            }
        }
    }

    /// A read or write of port A in handshake/pulse mode takes CA2 low.
    fn handshake_a(&mut self) {
        if matches!((self.pcr >> 1) & 7, 4 | 5) {
            self.ca2_out = false;
        }
    }

    /// An access to a port clears its control lines' flags (C?2 not in its
    /// "independent interrupt" input modes, `ctl` bits 0-2 being the C?2 control).
    fn clear_port_flags(&mut self, c1: u8, c2: u8, ctl: u8) {
        self.ifr &= !c1;
        let mode = ctl & 7;
        if !(mode == 1 || mode == 3) {
            self.ifr &= !c2;
        }
    }

    fn start_shift(&mut self) {
        self.ifr &= !irq::SR;
        if (self.acr >> 2) & 7 != 0 {
            self.sr_bits = 8;
            self.sr_wait = 0;
        }
    }

    /// Counter value of timer 1 (for tests and the monitor).
    pub fn timer1(&self) -> u16 {
        self.t1
    }

    /// Counter value of timer 2.
    pub fn timer2(&self) -> u16 {
        self.t2
    }

    /// Pulse mode CA2/CB2: high again one cycle after the access that took it low.
    fn end_pulses(&mut self) {
        if (self.pcr >> 1) & 7 == 5 {
            self.ca2_out = true;
        }
        if (self.pcr >> 5) & 7 == 5 && self.acr & 0x10 == 0 {
            self.cb2_out = true;
        }
    }
}

#[cfg(test)]
mod tests;
