//! One voice's envelope generator (ADSR), as the published analyses of the die describe it.
//!
//! - A 15-bit rate counter counts every cycle. When it equals the current rate's period
//!   it restarts at 0 and the envelope takes one step. Otherwise it runs on and wraps
//!   at 2^15: a period set below the counter's value (a lower rate written, or the
//!   gate switching to a faster phase) is met only after the wrap, up to 32768 cycles
//!   later: the "ADSR delay bug".
//! - Attack adds 1 per step; reaching $FF starts decay. Decay and release subtract 1 per
//!   step of the exponential counter, which divides the steps by 1, 2, 4, 8, 16 or 30
//!   (set when the envelope reaches $FF, $5D, $36, $1A, $0E, $06; back to 1 at $00), so
//!   the fall is roughly exponential. Decay stops at the sustain level (the nibble
//!   times $11); lowering the sustain lets it fall on, raising it does not go back up.
//! - At $00 decay and release stop (the counter freezes) until the gate starts a new
//!   attack. Attack has no such check: an attack begun at $FF (the gate toggled while
//!   the envelope is still at the top) wraps the envelope to $00 and climbs again.

/// Cycles per envelope step for each rate nibble (the datasheet's attack times at
/// 1 MHz over 256 steps, as measured on the chips: 2 ms -> 9, ..., 8 s -> 31251).
pub const RATE_PERIOD: [u16; 16] = [
    9, 32, 63, 95, 149, 220, 267, 313, 392, 977, 1954, 3126, 3907, 11720, 19532, 31251,
];
const COUNTER_STATES: u32 = 0x8000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Attack,
    DecaySustain,
    Release,
}

#[derive(Clone, Debug)]
pub struct Envelope {
    /// The 8-bit envelope (ENV3 for voice 3).
    pub level: u8,
    pub phase: Phase,
    rate_counter: u16,
    period: u16,
    exp_counter: u8,
    exp_period: u8,
    /// Decay/release reached $00: no more steps until the next attack.
    frozen: bool,
    gate: bool,
    attack: u8,
    decay: u8,
    sustain: u8,
    release: u8,
}

impl Envelope {
    pub fn new() -> Envelope {
        Envelope {
            level: 0,
            phase: Phase::Release,
            rate_counter: 0,
            period: RATE_PERIOD[0],
            exp_counter: 0,
            exp_period: 1,
            frozen: true,
            gate: false,
            attack: 0,
            decay: 0,
            sustain: 0,
            release: 0,
        }
    }

    fn phase_period(&self) -> u16 {
        RATE_PERIOD[usize::from(match self.phase {
            Phase::Attack => self.attack,
            Phase::DecaySustain => self.decay,
            Phase::Release => self.release,
        })]
    }

    pub fn set_gate(&mut self, gate: bool) {
        if gate && !self.gate {
            self.phase = Phase::Attack;
            self.frozen = false;
        } else if !gate && self.gate {
            self.phase = Phase::Release;
        }
        self.gate = gate;
        self.period = self.phase_period();
    }

    pub fn set_attack_decay(&mut self, value: u8) {
        self.attack = value >> 4;
        self.decay = value & 0x0F;
        self.period = self.phase_period();
    }

    pub fn set_sustain_release(&mut self, value: u8) {
        self.sustain = value >> 4;
        self.release = value & 0x0F;
        self.period = self.phase_period();
    }

    /// Cycles until the rate counter next equals the period.
    fn cycles_to_step(&self) -> u32 {
        let (c, p) = (u32::from(self.rate_counter), u32::from(self.period));
        if c < p { p - c } else { COUNTER_STATES - c + p }
    }

    /// Steps change nothing now (frozen at $00, or decay resting at the sustain level):
    /// only the counters move.
    fn resting(&self) -> bool {
        match self.phase {
            Phase::Attack => false,
            Phase::DecaySustain => self.frozen || self.level == self.sustain * 0x11,
            Phase::Release => self.frozen,
        }
    }

    /// Run `n` cycles.
    pub fn clock(&mut self, mut n: u32) {
        loop {
            let to_step = self.cycles_to_step();
            if n < to_step {
                self.rate_counter = ((u32::from(self.rate_counter) + n) % COUNTER_STATES) as u16;
                return;
            }
            n -= to_step;
            self.rate_counter = 0;
            self.step();
            if self.resting() {
                // Whole periods from here change only the counters.
                let period = u32::from(self.period);
                let steps = n / period;
                let exp = (u32::from(self.exp_counter) + steps) % u32::from(self.exp_period);
                self.exp_counter = exp as u8;
                self.rate_counter = (n % period) as u16;
                return;
            }
        }
    }

    /// One step of the envelope (the rate counter met the period).
    fn step(&mut self) {
        match self.phase {
            Phase::Attack => {
                self.exp_counter = 0;
                self.level = self.level.wrapping_add(1);
                if self.level == 0xFF {
                    self.phase = Phase::DecaySustain;
                    self.period = self.phase_period();
                }
            }
            Phase::DecaySustain | Phase::Release => {
                self.exp_counter += 1;
                if self.exp_counter < self.exp_period {
                    return;
                }
                self.exp_counter = 0;
                if self.frozen
                    || (self.phase == Phase::DecaySustain && self.level == self.sustain * 0x11)
                {
                    return;
                }
                self.level -= 1;
                if self.level == 0 {
                    self.frozen = true;
                }
            }
        }
        self.exp_period = match self.level {
            0xFF | 0x00 => 1,
            0x5D => 2,
            0x36 => 4,
            0x1A => 8,
            0x0E => 16,
            0x06 => 30,
            _ => self.exp_period,
        };
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(Phase {
    Attack,
    DecaySustain,
    Release
});
c64state::persist!(Envelope {
    level,
    phase,
    rate_counter,
    period,
    exp_counter,
    exp_period,
    frozen,
    gate,
    attack,
    decay,
    sustain,
    release
});
