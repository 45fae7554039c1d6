//! The SID on the C64's bus: the `c64sid` chip, run up to the cycle of each access
//! (the bus gives absolute cycles, the chip counts cycles run), so a program that never
//! touches $D400-$D7FF costs nothing, and a run that makes no sound computes no samples.

use c64sid::ChipModel;

/// The chip's clock on the PAL C64 (the default).
const CLOCK_HZ: u32 = crate::map::pal::CLOCK_HZ as u32;

/// The SID and the cycle it has run up to.
#[derive(Clone, Debug)]
pub struct Sid {
    chip: c64sid::Sid,
    synced: u64,
    /// The machine's clock (what the samples are made from).
    clock_hz: u32,
    /// The last value written to each register (for debuggers: most are write-only).
    written: [u8; 0x20],
}

impl Default for Sid {
    fn default() -> Sid {
        Sid::new()
    }
}

impl Sid {
    /// A 6581 after power-on.
    pub fn new() -> Sid {
        Sid {
            chip: c64sid::Sid::new(ChipModel::Mos6581),
            synced: 0,
            clock_hz: CLOCK_HZ,
            written: [0; 0x20],
        }
    }

    /// Run the chip up to cycle `t`.
    pub fn sync(&mut self, t: u64) {
        while self.synced < t {
            let n = (t - self.synced).min(u64::from(u32::MAX)) as u32;
            self.chip.clock(n);
            self.synced += u64::from(n);
        }
    }

    /// Register `r` read at cycle `t`.
    pub fn read(&mut self, r: u8, t: u64) -> u8 {
        self.sync(t);
        self.chip.read(r)
    }

    /// The last value written to each register.
    pub fn written(&self) -> [u8; 0x20] {
        self.written
    }

    /// What reading `r` at `t` returns (no side effects).
    pub fn peek(&self, r: u8, t: u64) -> u8 {
        let ahead = t.saturating_sub(self.synced).min(u64::from(u32::MAX)) as u32;
        self.chip.peek_after(r, ahead)
    }

    /// Write register `r` at cycle `t`.
    pub fn write(&mut self, r: u8, value: u8, t: u64) {
        self.sync(t);
        self.written[usize::from(r & 0x1F)] = value;
        self.chip.write(r, value);
    }

    pub fn set_model(&mut self, model: ChipModel) {
        self.chip.set_model(model);
    }

    pub fn model(&self) -> ChipModel {
        self.chip.model()
    }

    /// The machine's clock, cycles per second (PAL's unless told).
    pub fn set_clock(&mut self, clock_hz: u32) {
        self.clock_hz = clock_hz;
    }

    /// Make samples at `rate_hz` from cycle `t` on.
    pub fn enable_output(&mut self, rate_hz: u32, t: u64) {
        self.sync(t);
        self.chip.enable_output(self.clock_hz, rate_hz);
    }

    /// The samples up to cycle `t`.
    pub fn take_samples(&mut self, t: u64) -> Vec<i16> {
        self.sync(t);
        self.chip.take_samples()
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Sid {
    chip,
    synced,
    clock_hz,
    written
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::sid::*;

    const WAVE_NOISE: u8 = 0x80;
    const CTRL_GATE: u8 = 0x01;

    #[test]
    fn noise_on_voice_3_gives_varied_random_bytes() {
        let noise_voice = || {
            let mut s = Sid::new();
            s.write(V3_FREQ_LO, 0xFF, 0);
            s.write(V3_FREQ_HI, 0xFF, 0);
            s.write(V3_CONTROL, WAVE_NOISE, 0);
            s
        };
        let mut s = noise_voice();
        let values: Vec<u8> = (1..=256).map(|i| s.read(OSC3, i * 37)).collect();
        let distinct: std::collections::BTreeSet<u8> = values.iter().copied().collect();
        assert!(distinct.len() > 100, "{} distinct values", distinct.len());
        let mut again = noise_voice();
        let second: Vec<u8> = (1..=256).map(|i| again.read(OSC3, i * 37)).collect();
        assert_eq!(values, second);
    }

    #[test]
    fn reads_see_the_chip_at_the_cycle_of_the_access_and_peeks_change_nothing() {
        // After power-on's envelope ($AA) has released to 0.
        let t = 20_000;
        let mut s = Sid::new();
        s.write(V3_AD, 0x00, t); // attack: 9 cycles a step
        s.write(V3_CONTROL, CTRL_GATE, t);
        // The first step comes within a period and the gate's few cycles of delay.
        let peeked = s.peek(ENV3, t + 9 * 100);
        assert!((99..=100).contains(&peeked), "{peeked}");
        let early = s.read(ENV3, t + 9 * 50);
        assert!((49..=50).contains(&early), "{early}");
        assert_eq!(
            s.read(ENV3, t + 9 * 100),
            peeked,
            "the peek changed nothing"
        );
        assert_eq!(
            s.read(ENV3, t + 9 * 255 + (1 << 40)),
            0x00,
            "decayed to sustain 0"
        );
    }

    #[test]
    fn write_only_registers_read_the_last_written_value_and_paddles_ff() {
        let mut s = Sid::new();
        s.write(VOLUME, 0x0F, 0);
        assert_eq!(s.read(0x00, 1), 0x0F);
        assert_eq!(s.read(POTX, 1), 0xFF);
    }

    #[test]
    fn samples_are_made_only_once_asked_for() {
        let mut s = Sid::new();
        s.write(VOLUME, 0x0F, 0);
        assert!(s.take_samples(100_000).is_empty());
        s.enable_output(44_100, 100_000);
        let n = s.take_samples(100_000 + u64::from(CLOCK_HZ)).len();
        assert!((44_099..=44_101).contains(&n), "{n}");
    }
}
