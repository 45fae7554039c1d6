//! One voice's envelope generator (ADSR), cycle by cycle, as the published analyses of
//! the die and the measurements of ENV3 describe it.
//!
//! - The rate counter is a 15-bit counter with 2^15 - 1 states (after $7FFF comes 1).
//!   When it equals the current rate's comparison value (the period minus one) it sets
//!   a flag; the next cycle clears the counter (which then counts on to 1) and takes an
//!   envelope step. So a period is the comparison value plus one cycles (9 to 31251),
//!   and a comparison value set below the counter is met only after the wrap, up to
//!   32767 cycles later: the "ADSR delay bug".
//! - A step does not change the counter at once: in attack the envelope counter rises
//!   two cycles after the rate counter's reset (and the exponential counter restarts);
//!   in decay and release the exponential counter counts the steps, and when it reaches
//!   its period (1, 2, 4, 8, 16 or 30, set when the envelope reaches $FF, $5D, $36,
//!   $1A, $0E, $06; back to 1 at $00) the envelope falls one or, for periods above
//!   one, two cycles later; decay does not fall below the sustain level (the nibble
//!   times $11), lowering the sustain lets it fall on.
//! - At $00 the counter is held (no more steps) until an attack starts; reached during
//!   an attack (one begun at $FF wraps to $00) it is held there too.
//! - The gate's changes take effect through the state logic over two or three cycles:
//!   gate on first selects the decay rate for a cycle (the counting direction turns),
//!   then the attack; gate off switches to release one cycle later from decay, two from
//!   attack, a cycle more when a step is under way.
//! - ENV3 reads the envelope counter as it was at the start of the cycle.

/// Cycles per envelope step for each rate nibble (the datasheet's attack times at
/// 1 MHz over 256 steps, as measured on the chips: 2 ms -> 9, ..., 8 s -> 31251).
pub const RATE_PERIOD: [u16; 16] = [
    9, 32, 63, 95, 149, 220, 267, 313, 392, 977, 1954, 3126, 3907, 11720, 19532, 31251,
];

/// The rate counter's largest value: the next is 1.
const COUNTER_TOP: u16 = 0x7FFF;

/// Cycles from the rate counter's match to the end of what a step sets going in a
/// resting envelope: the match, the reset, the exponential counter's two.
const PIPELINE_CYCLES: u32 = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Attack,
    DecaySustain,
    Release,
}

#[derive(Clone, Debug)]
pub struct Envelope {
    /// The 8-bit envelope counter.
    pub level: u8,
    /// What ENV3 reads: the counter at the start of the last cycle.
    env3: u8,
    pub phase: Phase,
    rate_counter: u16,
    /// The comparison value of the current phase's rate (period - 1).
    compare: u16,
    /// The counter met the comparison value: the next cycle resets it and steps.
    reset_pending: bool,
    exp_counter: u8,
    exp_period: u8,
    /// Cycles until the envelope counter moves (0: no move under way).
    step_pipeline: u8,
    /// Cycles until the exponential counter's match takes effect (0: none).
    exp_pipeline: u8,
    /// The gate's change under way: its target and the cycles left.
    next_phase: Phase,
    state_pipeline: u8,
    /// At $00: no steps until an attack begins.
    hold_zero: bool,
    gate: bool,
    attack: u8,
    decay: u8,
    sustain: u8,
    release: u8,
}

fn compare_value(rate: u8) -> u16 {
    RATE_PERIOD[usize::from(rate & 0x0F)] - 1
}

impl Envelope {
    /// After power-on: the counter's odd bits come up high ($AA), release at rate 0.
    pub fn new() -> Envelope {
        Envelope {
            level: 0xAA,
            env3: 0xAA,
            phase: Phase::Release,
            rate_counter: 0,
            compare: compare_value(0),
            reset_pending: false,
            exp_counter: 0,
            exp_period: 1,
            step_pipeline: 0,
            exp_pipeline: 0,
            next_phase: Phase::Release,
            state_pipeline: 0,
            hold_zero: false,
            gate: false,
            attack: 0,
            decay: 0,
            sustain: 0,
            release: 0,
        }
    }

    /// What ENV3 reads.
    pub fn env3(&self) -> u8 {
        self.env3
    }

    pub fn set_gate(&mut self, gate: bool) {
        if gate == self.gate {
            return;
        }
        self.gate = gate;
        if gate {
            // The counting direction turns first: for a cycle the decay rate is in force.
            self.next_phase = Phase::Attack;
            self.phase = Phase::DecaySustain;
            self.compare = compare_value(self.decay);
            self.state_pipeline = 2;
            if self.reset_pending || self.exp_pipeline == 2 {
                self.step_pipeline = if self.exp_period == 1 || self.exp_pipeline == 2 {
                    2
                } else {
                    4
                };
            } else if self.exp_pipeline == 1 {
                self.state_pipeline = 3;
            }
        } else {
            self.next_phase = Phase::Release;
            self.state_pipeline = if self.step_pipeline > 0 { 3 } else { 2 };
        }
    }

    pub fn set_attack_decay(&mut self, value: u8) {
        self.attack = value >> 4;
        self.decay = value & 0x0F;
        match self.phase {
            Phase::Attack => self.compare = compare_value(self.attack),
            Phase::DecaySustain => self.compare = compare_value(self.decay),
            Phase::Release => {}
        }
    }

    pub fn set_sustain_release(&mut self, value: u8) {
        self.sustain = value >> 4;
        self.release = value & 0x0F;
        if self.phase == Phase::Release {
            self.compare = compare_value(self.release);
        }
    }

    fn sustain_level(&self) -> u8 {
        self.sustain * 0x11
    }

    /// Nothing under way: only the rate counter moves until it meets the comparison.
    fn idle(&self) -> bool {
        self.state_pipeline == 0
            && self.step_pipeline == 0
            && self.exp_pipeline == 0
            && !self.reset_pending
    }

    /// Cycles of counting before the counter meets the comparison value.
    fn cycles_to_match(&self) -> u32 {
        let (c, p) = (u32::from(self.rate_counter), u32::from(self.compare));
        if c <= p {
            p - c
        } else {
            u32::from(COUNTER_TOP) - c + p
        }
    }

    /// Count `n` cycles that cannot meet the comparison value.
    fn count(&mut self, n: u32) {
        if n == 0 {
            return;
        }
        let c = u32::from(self.rate_counter) + n;
        let top = u32::from(COUNTER_TOP);
        // After $7FFF comes 1: the states 1..=$7FFF repeat.
        self.rate_counter = if c > top {
            ((c - 1) % top + 1) as u16
        } else {
            c as u16
        };
        self.env3 = self.level;
    }

    /// Run `n` cycles: in bulk between the counter's matches, cycle by cycle around
    /// them; whole periods at once while the counter is held at $00.
    pub fn clock(&mut self, mut n: u32) {
        while n > 0 {
            if self.idle() {
                let jump = self.cycles_to_match().min(n);
                self.count(jump);
                n -= jump;
                if n == 0 {
                    return;
                }
                n = self.skip_resting_periods(n);
                if n == 0 {
                    return;
                }
            }
            self.cycle();
            n -= 1;
        }
    }

    /// At the counter's match with nothing under way: while the envelope rests (held
    /// at $00, or decay at the sustain level), a whole period only clears the rate
    /// counter and counts the exponential counter round its period, so skip the whole
    /// periods in `n`; the cycles left.
    fn skip_resting_periods(&mut self, n: u32) -> u32 {
        let held = self.hold_zero && self.phase != Phase::Attack;
        let sustained = self.phase == Phase::DecaySustain
            && self.level == self.sustain_level()
            && self.exp_counter < self.exp_period;
        if !held && !sustained {
            return n;
        }
        let period = u32::from(self.compare) + 1;
        let mut periods = n / period;
        let mut left = n - periods * period;
        // A part of a period past the reset and the exponential counter's pipeline
        // (the match, the reset, at most two cycles): the counter has counted on from 1.
        let partial = left >= PIPELINE_CYCLES;
        if partial {
            periods += 1;
        }
        if sustained && !self.hold_zero {
            let exp = (u32::from(self.exp_counter) + periods) % u32::from(self.exp_period);
            self.exp_counter = exp as u8;
        }
        if partial {
            self.rate_counter = (left - 1) as u16;
            left = 0;
        }
        self.env3 = self.level;
        left
    }

    /// One cycle.
    fn cycle(&mut self) {
        self.env3 = self.level;
        if self.state_pipeline > 0 {
            self.state_change();
        }
        if self.step_pipeline > 0 {
            self.step_pipeline -= 1;
            if self.step_pipeline == 0 && !self.hold_zero {
                self.step();
            }
        }
        if self.exp_pipeline > 0 {
            self.exp_pipeline -= 1;
            if self.exp_pipeline == 0 {
                self.exp_counter = 0;
                let falls = match self.phase {
                    Phase::DecaySustain => self.level != self.sustain_level(),
                    Phase::Release => true,
                    Phase::Attack => false,
                };
                if falls {
                    self.step_pipeline = 1;
                }
            }
        } else if self.reset_pending {
            self.reset_pending = false;
            self.rate_counter = 0;
            if self.phase == Phase::Attack {
                self.exp_counter = 0;
                self.step_pipeline = 2;
            } else if !self.hold_zero {
                self.exp_counter = self.exp_counter.wrapping_add(1);
                if self.exp_counter == self.exp_period {
                    self.exp_pipeline = if self.exp_period == 1 { 1 } else { 2 };
                }
            }
        }
        if self.rate_counter == self.compare {
            self.reset_pending = true;
        } else {
            self.rate_counter = if self.rate_counter == COUNTER_TOP {
                1
            } else {
                self.rate_counter + 1
            };
        }
    }

    /// A cycle of the gate's change (see the module notes).
    fn state_change(&mut self) {
        self.state_pipeline -= 1;
        match self.next_phase {
            Phase::Attack if self.state_pipeline == 0 => {
                self.phase = Phase::Attack;
                self.compare = compare_value(self.attack);
                self.hold_zero = false;
            }
            Phase::Release
                if (self.phase == Phase::Attack && self.state_pipeline == 0)
                    || (self.phase == Phase::DecaySustain && self.state_pipeline == 1) =>
            {
                self.phase = Phase::Release;
                self.compare = compare_value(self.release);
            }
            _ => {}
        }
    }

    /// The envelope counter moves one step.
    fn step(&mut self) {
        match self.phase {
            Phase::Attack => {
                self.level = self.level.wrapping_add(1);
                if self.level == 0xFF {
                    self.phase = Phase::DecaySustain;
                    self.compare = compare_value(self.decay);
                }
            }
            Phase::DecaySustain | Phase::Release => self.level = self.level.wrapping_sub(1),
        }
        match self.level {
            0xFF => self.exp_period = 1,
            0x5D => self.exp_period = 2,
            0x36 => self.exp_period = 4,
            0x1A => self.exp_period = 8,
            0x0E => self.exp_period = 16,
            0x06 => self.exp_period = 30,
            0x00 => {
                self.exp_period = 1;
                self.hold_zero = true;
            }
            _ => {}
        }
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
    env3,
    phase,
    rate_counter,
    compare,
    reset_pending,
    exp_counter,
    exp_period,
    step_pipeline,
    exp_pipeline,
    next_phase,
    state_pipeline,
    hold_zero,
    gate,
    attack,
    decay,
    sustain,
    release
});
