//! The SID as the CPU sees it (no sound is produced): writes land in the register file;
//! reads of the write-only registers return the last value written to any SID
//! register (the data bus' leftover, without its decay); the paddles read $FF (nothing
//! connected); voice 3's oscillator ($D41B) and envelope ($D41C) are emulated so the
//! classic random-number idiom (voice 3 at frequency $FFFF with the noise waveform,
//! then LDA $D41B) and envelope-following code work.
//!
//! The oscillator is a 24-bit phase accumulator adding the frequency every cycle; the
//! noise waveform is the 23-bit shift register (taps 22 and 17) clocked when bit 19 of
//! the accumulator rises, read through bits 20, 18, 14, 11, 9, 5, 2, 0, as in reSID.
//! The envelope steps at the ADSR rate periods, with the exponential decay/release
//! divider. Not modelled: combined-waveform distortions (the waveforms are ANDed),
//! ring modulation and sync from voice 2, and the ADSR delay bug.

use crate::map::sid::*;

const NOISE_RESET: u32 = 0x7F_FFF8;
const NOISE_PERIOD: u64 = (1 << 23) - 1;
/// Cycles per envelope step for each rate nibble.
const RATE_PERIOD: [u64; 16] = [
    9, 32, 63, 95, 149, 220, 267, 313, 392, 977, 1954, 3126, 3907, 11720, 19532, 31251,
];

const CTRL_GATE: u8 = 0x01;
const CTRL_TEST: u8 = 0x08;
const WAVE_TRIANGLE: u8 = 0x10;
const WAVE_SAW: u8 = 0x20;
const WAVE_PULSE: u8 = 0x40;
const WAVE_NOISE: u8 = 0x80;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Attack,
    DecaySustain,
    Release,
}

/// The SID register file and voice 3's oscillator and envelope.
#[derive(Clone, Debug)]
pub struct Sid {
    regs: [u8; 32],
    bus: u8,
    acc: u32,
    noise: u32,
    env: u8,
    phase: Phase,
    /// Cycles counted towards the next envelope step.
    rate_count: u64,
    /// Envelope steps counted towards the next exponential decrement.
    exp_count: u64,
    synced: u64,
}

impl Default for Sid {
    fn default() -> Sid {
        Sid::new()
    }
}

impl Sid {
    /// A SID after reset: silent, voice 3's noise register at its reset value.
    pub fn new() -> Sid {
        Sid {
            regs: [0; 32],
            bus: 0,
            acc: 0,
            noise: NOISE_RESET,
            env: 0,
            phase: Phase::Release,
            rate_count: 0,
            exp_count: 0,
            synced: 0,
        }
    }

    fn reg(&self, r: u8) -> u8 {
        self.regs[usize::from(r)]
    }

    fn freq(&self) -> u64 {
        u64::from(u16::from_le_bytes([
            self.reg(V3_FREQ_LO),
            self.reg(V3_FREQ_HI),
        ]))
    }

    /// Run voice 3 up to cycle `t`.
    pub fn sync(&mut self, t: u64) {
        if t <= self.synced {
            return;
        }
        let n = t - self.synced;
        self.synced = t;
        self.run_oscillator(n);
        self.run_envelope(n);
    }

    fn run_oscillator(&mut self, n: u64) {
        if self.reg(V3_CONTROL) & CTRL_TEST != 0 {
            return;
        }
        let old = u64::from(self.acc);
        let new = old + self.freq() * n;
        self.acc = (new & 0xFF_FFFF) as u32;
        // Rising edges of bit 19: the unwrapped accumulator passes k * 2^20 + 2^19.
        let edges = |x: u64| (x + (1 << 19)) >> 20;
        let clocks = (edges(new) - edges(old)) % NOISE_PERIOD;
        for _ in 0..clocks {
            let bit = ((self.noise >> 22) ^ (self.noise >> 17)) & 1;
            self.noise = ((self.noise << 1) | bit) & 0x7F_FFFF;
        }
    }

    fn rate(&self) -> u64 {
        let nibble = match self.phase {
            Phase::Attack => self.reg(V3_AD) >> 4,
            Phase::DecaySustain => self.reg(V3_AD) & 0x0F,
            Phase::Release => self.reg(V3_SR) & 0x0F,
        };
        RATE_PERIOD[usize::from(nibble)]
    }

    /// Envelope steps per decrement at the current level (decay and release).
    fn exp_period(&self) -> u64 {
        match self.env {
            0x5E..=0xFF => 1,
            0x37..=0x5D => 2,
            0x1B..=0x36 => 4,
            0x0F..=0x1A => 8,
            0x07..=0x0E => 16,
            0x01..=0x06 => 30,
            0 => 1,
        }
    }

    fn sustain(&self) -> u8 {
        (self.reg(V3_SR) >> 4) * 0x11
    }

    /// Is the envelope at rest (nothing would change)? Decay stops at the sustain
    /// level, or at zero when the level was raised above the envelope.
    fn settled(&self) -> bool {
        match self.phase {
            Phase::Attack => false,
            Phase::DecaySustain => self.env == self.sustain() || self.env == 0,
            Phase::Release => self.env == 0,
        }
    }

    fn run_envelope(&mut self, mut n: u64) {
        while n > 0 && !self.settled() {
            let period = self.rate();
            let need = period - self.rate_count.min(period - 1);
            if n < need {
                self.rate_count += n;
                return;
            }
            n -= need;
            self.rate_count = 0;
            match self.phase {
                Phase::Attack => {
                    self.env = self.env.saturating_add(1);
                    if self.env == 0xFF {
                        self.phase = Phase::DecaySustain;
                    }
                }
                Phase::DecaySustain | Phase::Release => {
                    self.exp_count += 1;
                    if self.exp_count >= self.exp_period() {
                        self.exp_count = 0;
                        self.env -= 1;
                    }
                }
            }
        }
    }

    /// Voice 3's waveform output, upper 8 bits.
    fn osc3(&self) -> u8 {
        let control = self.reg(V3_CONTROL);
        let wave = control & 0xF0;
        if wave == 0 {
            return 0;
        }
        let acc = self.acc;
        let mut out = 0xFFu8;
        if wave & WAVE_TRIANGLE != 0 {
            let folded = if acc & 0x80_0000 != 0 { !acc } else { acc };
            out &= ((folded >> 15) & 0xFF) as u8;
        }
        if wave & WAVE_SAW != 0 {
            out &= (acc >> 16) as u8;
        }
        if wave & WAVE_PULSE != 0 {
            let width = u32::from(u16::from_le_bytes([
                self.reg(V3_PW_LO),
                self.reg(V3_PW_HI) & 0x0F,
            ]));
            let high = control & CTRL_TEST != 0 || (acc >> 12) >= width;
            out &= if high { 0xFF } else { 0 };
        }
        if wave & WAVE_NOISE != 0 {
            let n = self.noise;
            let bit = |from: u32, to: u32| (((n >> from) & 1) << to) as u8;
            out &= bit(20, 7)
                | bit(18, 6)
                | bit(14, 5)
                | bit(11, 4)
                | bit(9, 3)
                | bit(5, 2)
                | bit(2, 1)
                | bit(0, 0);
        }
        out
    }

    /// Register `r` read at cycle `t`.
    pub fn read(&mut self, r: u8, t: u64) -> u8 {
        self.sync(t);
        self.value(r)
    }

    /// What reading `r` at `t` returns (no side effects).
    pub fn peek(&self, r: u8, t: u64) -> u8 {
        let mut copy = self.clone();
        copy.sync(t.max(self.synced));
        copy.value(r)
    }

    fn value(&self, r: u8) -> u8 {
        match r & 0x1F {
            POTX | POTY => 0xFF,
            OSC3 => self.osc3(),
            ENV3 => self.env,
            _ => self.bus,
        }
    }

    /// Write register `r` at cycle `t`.
    pub fn write(&mut self, r: u8, value: u8, t: u64) {
        self.sync(t);
        let r = r & 0x1F;
        self.bus = value;
        if r > ENV3 {
            return;
        }
        let old = self.regs[usize::from(r)];
        self.regs[usize::from(r)] = value;
        if r == V3_CONTROL {
            if value & CTRL_TEST != 0 {
                self.acc = 0;
                self.noise = NOISE_RESET;
            }
            let (was, is) = (old & CTRL_GATE != 0, value & CTRL_GATE != 0);
            if is && !was {
                self.phase = Phase::Attack;
            } else if was && !is {
                self.phase = Phase::Release;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noise_voice() -> Sid {
        let mut s = Sid::new();
        s.write(V3_FREQ_LO, 0xFF, 0);
        s.write(V3_FREQ_HI, 0xFF, 0);
        s.write(V3_CONTROL, WAVE_NOISE, 0);
        s
    }

    #[test]
    fn noise_on_voice_3_gives_varied_random_bytes() {
        let mut s = noise_voice();
        let values: Vec<u8> = (1..=256).map(|i| s.read(OSC3, i * 37)).collect();
        let distinct: std::collections::BTreeSet<u8> = values.iter().copied().collect();
        assert!(distinct.len() > 100, "{} distinct values", distinct.len());
        // Reproducible: the same reads give the same numbers.
        let mut again = noise_voice();
        let second: Vec<u8> = (1..=256).map(|i| again.read(OSC3, i * 37)).collect();
        assert_eq!(values, second);
    }

    #[test]
    fn noise_register_clocks_once_per_bit_19_rise() {
        // Frequency $8000: bit 19 rises every 32 cycles; at 16 cycles it is up the first time.
        let mut s = Sid::new();
        s.write(V3_FREQ_HI, 0x80, 0);
        s.write(V3_CONTROL, WAVE_NOISE, 0);
        s.sync(15);
        assert_eq!(s.noise, NOISE_RESET);
        let clock = |x: u32| ((x << 1) | (((x >> 22) ^ (x >> 17)) & 1)) & 0x7F_FFFF;
        s.sync(16);
        assert_eq!(s.noise, clock(NOISE_RESET));
        s.sync(16 + 32 * 10 - 1);
        let expect = (0..10).fold(NOISE_RESET, |x, _| clock(x));
        assert_eq!(s.noise, expect);
        s.sync(16 + 32 * 10);
        assert_eq!(s.noise, clock(expect));
    }

    #[test]
    fn sawtooth_reads_the_accumulator_top_byte() {
        let mut s = Sid::new();
        s.write(V3_FREQ_LO, 0x00, 0);
        s.write(V3_FREQ_HI, 0x01, 0); // +256 per cycle: top byte +1 every 256 cycles
        s.write(V3_CONTROL, WAVE_SAW, 0);
        assert_eq!(s.read(OSC3, 256 * 5), 5);
        s.write(V3_CONTROL, WAVE_SAW | CTRL_TEST, 256 * 5);
        assert_eq!(
            s.read(OSC3, 256 * 9),
            0,
            "test bit holds the oscillator at 0"
        );
    }

    #[test]
    fn envelope_attacks_decays_to_sustain_and_releases() {
        let mut s = Sid::new();
        s.write(V3_AD, 0x00, 0); // attack 9 cycles/step, decay 9
        s.write(V3_SR, 0x80, 0); // sustain $88, release 9
        s.write(V3_CONTROL, CTRL_GATE, 0);
        assert_eq!(s.read(ENV3, 9 * 100), 100);
        assert_eq!(s.read(ENV3, 9 * 255), 0xFF);
        assert_eq!(s.read(ENV3, 100_000), 0x88, "holds at the sustain level");
        s.write(V3_CONTROL, 0, 100_000);
        assert_eq!(s.read(ENV3, 2_000_000), 0, "released");
        // Sustain raised above the envelope: decay runs down to zero, then rests.
        s.write(V3_SR, 0x20, 2_000_000);
        s.write(V3_CONTROL, CTRL_GATE, 2_000_000);
        assert_eq!(s.read(ENV3, 2_010_000), 0x22);
        s.write(V3_SR, 0xF0, 2_010_000);
        // Decay only counts down: it passes below the new level and rests at zero,
        // however long nobody looks.
        assert_eq!(s.read(ENV3, u64::MAX / 4), 0);
    }

    #[test]
    fn write_only_registers_read_the_last_written_value_and_paddles_ff() {
        let mut s = Sid::new();
        s.write(VOLUME, 0x0F, 0);
        assert_eq!(s.read(0x00, 1), 0x0F);
        assert_eq!(s.read(POTX, 1), 0xFF);
    }
}
