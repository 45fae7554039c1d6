//! One voice's oscillator: the 24-bit phase accumulator, the 23-bit noise shift register
//! and the 12-bit waveform output (before the envelope).
//!
//! From the datasheet, the published descriptions of the die and measurements of OSC3:
//! - the accumulator adds the 16-bit frequency every cycle; the TEST bit holds it at
//!   zero; at power-on its even bits are high ($555555);
//! - sawtooth is the accumulator's top 12 bits; triangle bits 22-12 on lines 11-1
//!   (line 0 is 0), inverted while the MSB is 1 (with RING and without sawtooth: the
//!   MSB XOR NOT the ring source's MSB);
//! - pulse is high while the top 12 bits are at least the 12-bit pulse width, the
//!   comparator's result reaching the output a cycle late (TEST forces it high);
//! - noise is eight bits (20, 18, 14, 11, 9, 5, 2, 0) of a 23-bit shift register with
//!   feedback bit 22 XOR bit 17, shifted two cycles after accumulator bit 19 rises;
//! - on the 8580, OSC3 latches triangle and sawtooth a cycle late;
//! - selecting several waveforms connects their outputs to the same lines: see
//!   [`crate::combined`]; with noise among them, a line held at 0 forces the register
//!   bit that drives it to 0, so zeros accumulate (the noise "lock-up"); on the 6581 a
//!   sawtooth combination's top line at 0 drives the accumulator's MSB to 0.
//!
//! The shift register is dynamic and shifts in two phases (as the die shows and the
//! fast LFSR reset that reSID's author published relies on): phase 1 latches each bit's
//! output, phase 2 writes the latch into the next bit. Bit 19 rising runs both, a cycle
//! apart (no write-back in the latching cycle); the TEST bit runs them apart: while it
//! is held the latch follows the register, releasing it writes, with bit 0's feedback
//! still seeing TEST (`(bit 22 OR TEST) XOR bit 17`, so it shifts in NOT bit 17).
//! Measured on the chips (VICE's noise write-back suite, both revisions): at that
//! release the lines write back into the latch only when a combined noise waveform was
//! selected during TEST and one still is after it; on the 6581 only when the same
//! triangle or sawtooth stays selected; noise+pulse during TEST writes back on the 8580
//! only, and there only into noise+triangle or noise+pulse+sawtooth. The write that
//! sets TEST with a combined noise waveform writes the lines back once (VICE's
//! noiselfsrinit). Held in TEST the register's cells leak towards 1, from bit 0 up: after
//! a first stretch (35000 cycles on the 6581, 2519864 on the 8580) bit 0 reads 1, and
//! from then on every further stretch (1000 or 315000 cycles) each cell takes the 1 of
//! the cell below it, so a run of ones grows upwards one bit a step until the register
//! reads all ones (the timings are those of reSID's measurements, the fade one bit at
//! a time its published description; resid-test's oscsample samples noise after TEST
//! held one to two frames, shorter than the whole fade).

use crate::ChipModel;
use crate::combined;

/// The shift register after power-on: RESET holds every cell at 1, and its release
/// clocks the register once, shifting in bit 22 XOR bit 17 = 0 (noise reads $FE).
pub const NOISE_RESET: u32 = 0x7F_FFFE;
/// The accumulator after power-on: its even bits come up high (sawtooth reads $55).
pub const ACC_POWER_ON: u32 = 0x55_5555;
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

/// Cycles TEST must be held before the first cell (bit 0) has leaked to 1.
fn noise_leak_cycles(model: ChipModel) -> u32 {
    match model {
        ChipModel::Mos6581 => 35_000,
        ChipModel::Mos8580 => 2_519_864,
    }
}

/// Cycles of each further leak step (every cell takes the 1 of the cell below).
fn noise_fade_cycles(model: ChipModel) -> u32 {
    match model {
        ChipModel::Mos6581 => 1_000,
        ChipModel::Mos8580 => 315_000,
    }
}

/// Leak steps after which every cell reads 1 (bit 0 first, bit 22 at the last).
const LEAK_STEPS: u32 = 23;

/// One leak step: bit 0 reads 1, and every cell takes the 1 of the cell below it.
fn leak_step(noise: u32) -> u32 {
    let n = noise | 1;
    (n | n << 1) & NOISE_MASK
}

/// A combination of noise with another waveform (its lines write back).
#[inline(always)]
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
    /// The accumulator at the end of the previous cycle: the pulse comparator's latch
    /// (pulse follows the accumulator a cycle late) and the 8580's OSC3 pipeline.
    acc_prev: u32,
    /// Cycles until the noise register's pending shift (0: none): bit 19 rising
    /// latches (phase 1) a cycle later and writes (phase 2) the cycle after.
    shift_pending: u8,
    pub freq: u32,
    /// 12-bit pulse width.
    pub pw: u32,
    pub control: u8,
    /// The 23-bit noise shift register.
    pub noise: u32,
    /// The register bits that combined waveform lines wrote to 0 in this cycle: the
    /// 8580's OSC3 latch (the clock's first phase) still saw them.
    written_back: u32,
    /// Cycles TEST has been held (up to the end of the leak).
    test_cycles: u32,
    /// The model's leak timing: cycles until the first step, cycles of each further.
    leak_cycles: u32,
    fade_cycles: u32,
    /// The last output while a waveform was selected, and the cycles it still floats.
    held: u16,
    held_cycles: u32,
}

impl Oscillator {
    pub fn new() -> Oscillator {
        Oscillator {
            acc: ACC_POWER_ON,
            acc_prev: ACC_POWER_ON,
            shift_pending: 0,
            freq: 0,
            pw: 0,
            control: 0,
            noise: NOISE_RESET,
            written_back: 0,
            test_cycles: 0,
            leak_cycles: noise_leak_cycles(ChipModel::Mos6581),
            fade_cycles: noise_fade_cycles(ChipModel::Mos6581),
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
        self.fade_cycles = noise_fade_cycles(model);
        if value & 0xF0 == 0 && old & 0xF0 != 0 {
            // The output lines float at their last value for a while.
            self.held = self.output(ring_msb, model);
            self.held_cycles = floating_cycles(model);
        }
        if value & TEST != 0 {
            if old & TEST == 0 && combined_noise(value) {
                // The write that sets TEST and selects a combined noise waveform: its
                // lines (from the accumulator TEST is about to clear) write back once
                // before TEST joins the cells (measured: VICE's noiselfsrinit; with
                // TEST already held, as in the write-back suite, nothing is written).
                self.control = value & !TEST;
                self.write_back(ring_msb, model);
            }
            self.acc = 0;
            if old & TEST == 0 {
                self.test_cycles = 0;
                // A shift under way is lost: TEST interconnects the cells.
                self.shift_pending = 0;
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
        self.pull_msb(ring_msb, model);
        self.write_back(ring_msb, model);
    }

    /// The 6581's sawtooth combined with another waveform: a 0 on the top output line
    /// drives the accumulator's MSB (the sawtooth's own driver) to 0.
    #[inline(always)]
    pub fn pull_msb(&mut self, ring_msb: bool, model: ChipModel) {
        if self.pulls_msb(model) {
            self.pull_msb_now(ring_msb, model);
        }
    }

    #[inline(never)]
    fn pull_msb_now(&mut self, ring_msb: bool, model: ChipModel) {
        if self.output(ring_msb, model) & 0x800 == 0 {
            self.acc &= !MSB;
        }
    }

    /// Does this oscillator's output drive its accumulator's MSB (see `pull_msb`)?
    #[inline(always)]
    fn pulls_msb(&self, model: ChipModel) -> bool {
        model == ChipModel::Mos6581
            && self.control & SAWTOOTH != 0
            && self.control & (TRIANGLE | PULSE | NOISE) != 0
    }

    /// Do the output lines write back into the noise register now? Not while TEST is
    /// held, nor in the cycle a shift's phase 1 latches the cells.
    #[inline(always)]
    pub fn writes_back(&self) -> bool {
        combined_noise(self.control) && !self.test() && self.shift_pending != 1
    }

    /// With combined noise selected (and TEST off) a line at 0 forces its register bit
    /// to 0.
    #[inline(always)]
    pub fn write_back(&mut self, ring_msb: bool, model: ChipModel) {
        if self.writes_back() {
            self.write_back_now(ring_msb, model);
        }
    }

    #[inline(never)]
    fn write_back_now(&mut self, ring_msb: bool, model: ChipModel) {
        let cleared = self.noise & noise_taps_cleared_by(self.output(ring_msb, model));
        self.written_back |= cleared;
        self.noise &= !cleared;
    }

    /// Leak steps done after TEST has been held `cycles`.
    fn leak_steps(&self, cycles: u32) -> u32 {
        match cycles.checked_sub(self.leak_cycles) {
            None => 0,
            Some(past) => (past / self.fade_cycles.max(1) + 1).min(LEAK_STEPS),
        }
    }

    /// TEST held: the register's cells leak towards 1.
    fn leak(&mut self, cycles: u32) {
        let end = self.leak_cycles + (LEAK_STEPS - 1) * self.fade_cycles;
        if self.test_cycles < end {
            let before = self.leak_steps(self.test_cycles);
            self.test_cycles = self.test_cycles.saturating_add(cycles).min(end);
            for _ in before..self.leak_steps(self.test_cycles) {
                self.noise = leak_step(self.noise);
            }
        }
    }

    /// One cycle of the accumulator: returns whether its MSB rose and whether the
    /// noise register shifts now (its phase 2, two cycles after bit 19 rose). The
    /// caller shifts it ([`Oscillator::shift_noise`]) after sync.
    #[inline(always)]
    pub fn advance(&mut self) -> (bool, bool) {
        let old = self.acc;
        self.acc_prev = old;
        self.written_back = 0;
        if self.held_cycles > 0 {
            self.held_cycles -= 1;
        }
        if self.control & TEST != 0 {
            self.leak(1);
            return (false, false);
        }
        self.acc = (old + self.freq) & ACC_MASK;
        let rose = !old & self.acc;
        let shift = self.shift_pending == 1;
        self.shift_pending = self.shift_pending.saturating_sub(1);
        if rose & BIT19 != 0 {
            self.shift_pending = 2;
        }
        (rose & MSB != 0, shift)
    }

    /// Hard sync: the accumulator restarts.
    pub fn reset_phase(&mut self) {
        self.acc = 0;
    }

    /// Shift the noise register once (phase 2: the latched cells move up one, bit 0
    /// takes bit 22 XOR bit 17).
    pub fn shift_noise(&mut self) {
        let feedback = ((self.noise >> 22) ^ (self.noise >> 17)) & 1;
        self.noise = ((self.noise << 1) | feedback) & NOISE_MASK;
    }

    /// One cycle alone (no sync partner, no write-back): what [`Oscillator::skip`]
    /// does where the noise pipeline is under way.
    fn step_alone(&mut self) {
        if self.advance().1 {
            self.shift_noise();
        }
    }

    /// Advance `n` cycles when nothing needs each cycle (no sync, no combined noise):
    /// the accumulator and the shifts in bulk; the pipeline's cycles one by one.
    pub fn skip(&mut self, mut n: u32) {
        while n > 0 && (self.shift_pending > 0 || n <= 2) {
            self.step_alone();
            n -= 1;
        }
        if n == 0 {
            return;
        }
        // In bulk up to two cycles before the end (a shift whose bit 19 rose there is
        // done at once: it would be due by the end), then the last two one by one.
        let bulk = n - 2;
        self.held_cycles = self.held_cycles.saturating_sub(bulk);
        if self.test() {
            self.leak(bulk);
        } else {
            let old = u64::from(self.acc);
            let new = old + u64::from(self.freq) * u64::from(bulk);
            self.acc = (new as u32) & ACC_MASK;
            // Rising edges of bit 19: the unwrapped sum passes (2k + 1) * 2^19.
            let edges = |x: u64| (x + (1 << 19)) >> 20;
            let shifts = (edges(new) - edges(old)) % ((1 << 23) - 1);
            for _ in 0..shifts {
                self.shift_noise();
            }
        }
        self.step_alone();
        self.step_alone();
    }

    /// Does this oscillator need to be stepped cycle by cycle?
    pub fn needs_cycles(&self, model: ChipModel) -> bool {
        self.control & SYNC != 0
            || (combined_noise(self.control) && !self.test())
            || (self.pulls_msb(model) && !self.test())
    }

    fn noise_bits(n: u32) -> u16 {
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

    /// The 12-bit waveform output (what the DAC gets); `ring_msb` is the ring
    /// source's accumulator MSB.
    #[inline(always)]
    pub fn output(&self, ring_msb: bool, model: ChipModel) -> u16 {
        self.output_from(self.acc, self.noise, ring_msb, model)
    }

    /// What OSC3 reads: the output, except that on the 8580 the triangle and sawtooth
    /// lines reach the register a cycle late (they are latched in the clock's first
    /// phase, where the noise cells have shifted but not yet taken this cycle's
    /// write-back of combined waveforms: VICE's noise_writeback_test2 on the 8580);
    /// `ring_msb_prev` is the ring source's MSB a cycle ago.
    pub fn osc3(&self, ring_msb: bool, ring_msb_prev: bool, model: ChipModel) -> u16 {
        if model == ChipModel::Mos8580 && self.control & (TRIANGLE | SAWTOOTH) != 0 {
            let noise = self.noise | self.written_back;
            self.output_from(self.acc_prev, noise, ring_msb_prev, model)
        } else {
            self.output(ring_msb, model)
        }
    }

    /// The accumulator's MSB a cycle ago (for the next voice's delayed ring).
    pub fn msb_prev(&self) -> bool {
        self.acc_prev & MSB != 0
    }

    /// The output as if the accumulator were `acc` and the noise register `noise` (the
    /// pulse comparator always sees the previous cycle's accumulator).
    #[inline(always)]
    fn output_from(&self, acc: u32, noise: u32, ring_msb: bool, model: ChipModel) -> u16 {
        let wave = self.control & 0xF0;
        let triangle = || {
            // Ring modulation (without sawtooth, whose driver blocks it) replaces the
            // MSB that folds the ramp with MSB XOR NOT the ring source's MSB.
            let ring = self.control & (RING | SAWTOOTH) == RING && !ring_msb;
            let flip = (acc & MSB != 0) ^ ring;
            // The lines carry accumulator bits 22-12 at DAC bits 11-1; bit 0 is 0.
            let t = (acc >> 11) & 0xFFE;
            (if flip { t ^ 0xFFE } else { t }) as u16
        };
        let saw = || (acc >> 12) as u16;
        let pulse = || {
            if self.test() || (self.acc_prev >> 12) >= self.pw {
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
            NOISE => Self::noise_bits(noise),
            w if w == NOISE | PULSE => Self::noise_bits(noise) & pulse() & !noise_pulse_pull(model),
            _ => {
                // The lines are pulled together only where the die connects them: the
                // pulse line runs across every bit, triangle with sawtooth joins
                // neighbouring bits. The noise cells drive their lines alone: they
                // only AND.
                let mut v = 0xFFF;
                let mut drivers = 0;
                if wave & TRIANGLE != 0 {
                    v &= triangle();
                    drivers += 1;
                }
                if wave & SAWTOOTH != 0 {
                    v &= saw();
                    drivers += 1;
                }
                if wave & PULSE != 0 {
                    v &= pulse();
                    drivers += 1;
                }
                if drivers > 1 {
                    v = combined::pull_down(v, model);
                }
                if wave & NOISE != 0 {
                    v &= Self::noise_bits(noise);
                }
                v
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
    acc_prev,
    shift_pending,
    freq,
    pw,
    control,
    noise,
    written_back,
    test_cycles,
    leak_cycles,
    fade_cycles,
    held,
    held_cycles
});
