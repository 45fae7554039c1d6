//! One voice's oscillator: the 24-bit phase accumulator, the 23-bit noise shift register
//! and the 12-bit waveform output (before the envelope).
//!
//! From the datasheet and the published descriptions of the die:
//! - the accumulator adds the 16-bit frequency every cycle; the TEST bit holds it at zero;
//! - sawtooth is the accumulator's top 12 bits; triangle the 12 bits below the MSB,
//!   inverted while the MSB (XOR the ring source's MSB when RING is set) is 1;
//! - pulse is high while the top 12 bits are at least the 12-bit pulse width (TEST
//!   forces it high);
//! - noise is eight bits (20, 18, 14, 11, 9, 5, 2, 0) of a 23-bit shift register with
//!   feedback bit 22 XOR bit 17, shifted when accumulator bit 19 rises;
//! - selecting several waveforms connects their outputs to the same lines: see
//!   [`crate::combined`]; with noise among them, a line held at 0 forces the register
//!   bit that drives it to 0, so zeros accumulate (the noise "lock-up").
//!
//! The shift register is dynamic and shifts in two phases (as the die shows and the
//! fast LFSR reset that reSID's author published relies on): phase 1 latches each bit's
//! output, phase 2 writes the latch into the next bit. Bit 19 rising runs both; the
//! TEST bit runs them apart: while it is held the latch follows the register,
//! releasing it writes, with bit 0's
//! feedback still seeing TEST (`(bit 22 OR TEST) XOR bit 17`, so it shifts in NOT bit
//! 17). Measured on the chips (VICE's noise write-back suite, both revisions): at that
//! release the lines write back into the latch only when a combined noise waveform was
//! selected during TEST and one still is after it; on the 6581 only when the same
//! triangle or sawtooth stays selected; noise+pulse during TEST writes back on the 8580
//! only, and there only into noise+triangle or noise+pulse+sawtooth.
//! Held in TEST the register's cells leak towards 1: after about 0x8000 cycles (6581)
//! or 0x950000 (8580) it reads all ones.

use crate::ChipModel;
use crate::combined;

/// The shift register after power-on and after the TEST bit (all ones but the low
/// three, whose output taps then read 0: OSC3 reads $FC, as measured on the chips).
pub const NOISE_RESET: u32 = 0x7F_FFF8;
const NOISE_MASK: u32 = 0x7F_FFFF;
const ACC_MASK: u32 = 0xFF_FFFF;
const MSB: u32 = 0x80_0000;
const BIT19: u32 = 1 << 19;

/// Control register bits.
pub const GATE: u8 = 0x01;
/// Hard sync with the previous voice.
pub const SYNC: u8 = 0x02;
/// Ring modulation by the previous voice.
pub const RING: u8 = 0x04;
/// TEST: accumulator held at zero, noise reset, pulse high.
pub const TEST: u8 = 0x08;
/// Waveform selection bits.
pub const TRIANGLE: u8 = 0x10;
/// Sawtooth.
pub const SAWTOOTH: u8 = 0x20;
/// Pulse.
pub const PULSE: u8 = 0x40;
/// Noise.
pub const NOISE: u8 = 0x80;

/// Cycles TEST must be held before the noise register has leaked to all ones.
fn noise_leak_cycles(model: ChipModel) -> u32 {
    match model {
        ChipModel::Mos6581 => 0x8000,
        ChipModel::Mos8580 => 0x95_0000,
    }
}

/// A combination of noise with another waveform (its lines write back).
fn combined_noise(control: u8) -> bool {
    let wave = control & 0xF0;
    wave & NOISE != 0 && wave != NOISE
}

/// Do the lines write back into the latch when TEST is released (see the module notes)?
fn writes_back_at_release(during: u8, after: u8, model: ChipModel) -> bool {
    if !combined_noise(during) || !combined_noise(after) {
        return false;
    }
    match model {
        // Only while the same triangle or sawtooth drivers stay connected.
        ChipModel::Mos6581 => during & after & (TRIANGLE | SAWTOOTH) != 0,
        ChipModel::Mos8580 if during & 0xF0 == NOISE | PULSE => {
            let after = after & 0xF0;
            after == NOISE | TRIANGLE || after == NOISE | PULSE | SAWTOOTH
        }
        ChipModel::Mos8580 => true,
    }
}

/// Noise with pulse: the noise drives no line below bit 4, so those lines sit at 0 and
/// pull the lowest noise lines down with them (one on the 6581, two on the 8580).
fn noise_pulse_pull(model: ChipModel) -> u16 {
    match model {
        ChipModel::Mos6581 => 0x010,
        ChipModel::Mos8580 => 0x030,
    }
}

/// Cycles a floating waveform output (no waveform selected) keeps its last value.
fn floating_cycles(model: ChipModel) -> u32 {
    match model {
        ChipModel::Mos6581 => 100_000,
        ChipModel::Mos8580 => 300_000,
    }
}

#[derive(Clone, Debug)]
pub struct Oscillator {
    /// The 24-bit phase accumulator.
    pub acc: u32,
    pub freq: u32,
    /// 12-bit pulse width.
    pub pw: u32,
    pub control: u8,
    /// The 23-bit noise shift register.
    pub noise: u32,
    /// Cycles TEST has been held (up to the leak time).
    test_cycles: u32,
    leak_cycles: u32,
    /// The last output while a waveform was selected, and the cycles it still floats.
    held: u16,
    held_cycles: u32,
}

impl Oscillator {
    pub fn new() -> Oscillator {
        Oscillator {
            acc: 0,
            freq: 0,
            pw: 0,
            control: 0,
            noise: NOISE_RESET,
            test_cycles: 0,
            leak_cycles: noise_leak_cycles(ChipModel::Mos6581),
            held: 0,
            held_cycles: 0,
        }
    }

    pub fn test(&self) -> bool {
        self.control & TEST != 0
    }

    pub fn msb(&self) -> bool {
        self.acc & MSB != 0
    }

    /// A write to the control register.
    pub fn set_control(&mut self, value: u8, model: ChipModel, ring_msb: bool) {
        let old = self.control;
        self.leak_cycles = noise_leak_cycles(model);
        if value & 0xF0 == 0 && old & 0xF0 != 0 {
            // The output lines float at their last value for a while.
            self.held = self.output(ring_msb, model);
            self.held_cycles = floating_cycles(model);
        }
        if value & TEST != 0 {
            self.acc = 0;
            if old & TEST == 0 {
                self.test_cycles = 0;
            }
        } else if old & TEST != 0 {
            // Phase 2: the latch (which followed the register while TEST was held),
            // shifted, with bit 0 fed NOT bit 17.
            let mut latch = self.noise;
            if writes_back_at_release(old, value, model) {
                latch &= !noise_taps_cleared_by(self.output(ring_msb, model));
            }
            self.noise = ((latch << 1) & NOISE_MASK) | (!latch >> 17 & 1);
        }
        self.control = value;
        self.write_back(ring_msb, model);
    }

    /// Do the output lines write back into the noise register now?
    #[inline]
    pub fn writes_back(&self) -> bool {
        combined_noise(self.control) && !self.test()
    }

    /// With combined noise selected (and TEST off) a line at 0 forces its register bit
    /// to 0.
    #[inline]
    pub fn write_back(&mut self, ring_msb: bool, model: ChipModel) {
        if self.writes_back() {
            self.noise &= !noise_taps_cleared_by(self.output(ring_msb, model));
        }
    }

    /// TEST held: the register's cells leak towards 1.
    fn leak(&mut self, cycles: u32) {
        if self.test_cycles < self.leak_cycles {
            self.test_cycles = self.test_cycles.saturating_add(cycles);
            if self.test_cycles >= self.leak_cycles {
                self.noise = NOISE_MASK;
            }
        }
    }

    /// One cycle of the accumulator: returns whether its MSB rose. The noise register
    /// is shifted separately ([`Oscillator::shift_if_bit19_rose`]) after sync.
    #[inline(always)]
    pub fn advance(&mut self) -> (bool, bool) {
        let old = self.acc;
        if self.control & TEST == 0 {
            self.acc = (old + self.freq) & ACC_MASK;
        } else {
            self.leak(1);
        }
        if self.held_cycles > 0 {
            self.held_cycles -= 1;
        }
        let rose = !old & self.acc;
        (rose & MSB != 0, rose & BIT19 != 0)
    }

    /// Hard sync: the accumulator restarts.
    pub fn reset_phase(&mut self) {
        self.acc = 0;
    }

    /// Shift the noise register once; with noise combined with other waveforms, the
    /// output lines first write their zeros back into the register's output bits.
    pub fn shift_noise(&mut self, ring_msb: bool, model: ChipModel) {
        self.write_back(ring_msb, model);
        let feedback = ((self.noise >> 22) ^ (self.noise >> 17)) & 1;
        self.noise = ((self.noise << 1) | feedback) & NOISE_MASK;
    }

    /// Advance `n` cycles when nothing needs each cycle (no sync, no combined noise).
    pub fn skip(&mut self, n: u32) {
        self.held_cycles = self.held_cycles.saturating_sub(n);
        if self.test() {
            self.leak(n);
            return;
        }
        let old = u64::from(self.acc);
        let new = old + u64::from(self.freq) * u64::from(n);
        self.acc = (new as u32) & ACC_MASK;
        // Rising edges of bit 19: the unwrapped sum passes (2k + 1) * 2^19.
        let edges = |x: u64| (x + (1 << 19)) >> 20;
        let shifts = (edges(new) - edges(old)) % ((1 << 23) - 1);
        for _ in 0..shifts {
            let feedback = ((self.noise >> 22) ^ (self.noise >> 17)) & 1;
            self.noise = ((self.noise << 1) | feedback) & NOISE_MASK;
        }
    }

    /// Does this oscillator need to be stepped cycle by cycle?
    pub fn needs_cycles(&self) -> bool {
        self.control & SYNC != 0 || (combined_noise(self.control) && !self.test())
    }

    fn noise_bits(&self) -> u16 {
        let n = self.noise;
        let bit = |from: u32, to: u32| (((n >> from) & 1) << to) as u16;
        bit(20, 11)
            | bit(18, 10)
            | bit(14, 9)
            | bit(11, 8)
            | bit(9, 7)
            | bit(5, 6)
            | bit(2, 5)
            | bit(0, 4)
    }

    /// The 12-bit waveform output; `ring_msb` is the ring source's accumulator MSB.
    #[inline(always)]
    pub fn output(&self, ring_msb: bool, model: ChipModel) -> u16 {
        let wave = self.control & 0xF0;
        let acc = self.acc;
        let triangle = || {
            let flip = (acc & MSB != 0) ^ (self.control & RING != 0 && ring_msb);
            let t = (acc >> 11) & 0xFFF;
            (if flip { t ^ 0xFFF } else { t }) as u16
        };
        let saw = || (acc >> 12) as u16;
        let pulse = || {
            if self.test() || (acc >> 12) >= self.pw {
                0xFFF
            } else {
                0
            }
        };
        match wave {
            0 => {
                if self.held_cycles > 0 {
                    self.held
                } else {
                    0
                }
            }
            TRIANGLE => triangle(),
            SAWTOOTH => saw(),
            PULSE => pulse(),
            NOISE => self.noise_bits(),
            w if w == NOISE | PULSE => self.noise_bits() & pulse() & !noise_pulse_pull(model),
            _ => {
                let mut v = 0xFFF;
                if wave & TRIANGLE != 0 {
                    v &= triangle();
                }
                if wave & SAWTOOTH != 0 {
                    v &= saw();
                }
                if wave & PULSE != 0 {
                    v &= pulse();
                }
                if wave & NOISE != 0 {
                    v &= self.noise_bits();
                }
                combined::pull_down(v, model)
            }
        }
    }
}

/// The shift register bits to clear when the output lines read `out` (a zero on an
/// output line forces the register bit that drives it to zero).
fn noise_taps_cleared_by(out: u16) -> u32 {
    const TAPS: [(u32, u32); 8] = [
        (20, 11),
        (18, 10),
        (14, 9),
        (11, 8),
        (9, 7),
        (5, 6),
        (2, 5),
        (0, 4),
    ];
    TAPS.iter()
        .filter(|&&(_, line)| out & (1 << line) == 0)
        .map(|&(bit, _)| 1 << bit)
        .sum()
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Oscillator {
    acc,
    freq,
    pw,
    control,
    noise,
    test_cycles,
    leak_cycles,
    held,
    held_cycles
});
