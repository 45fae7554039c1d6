//! From one sample per cycle (985248 Hz) down to the output rate, in two stages:
//! 1. decimation by 8 through the impulse response of a third-order CIC filter (three
//!    8-sample boxes convolved: 22 taps, nulls at the multiples of 123156 Hz, which are
//!    what would fold onto the audio band), computed as three running products a cycle;
//! 2. the C64's output capacitor (a high pass at 16 Hz), then a windowed-sinc low-pass
//!    and fractional-rate resampler (32 taps, Blackman window, cutoff 0.45 of the output
//!    rate and at most 20 kHz, the kernel precomputed at 512 phases) to the output rate.
//!
//! The first stage's droop at 20 kHz is about 1.1 dB.

const DECIMATION: usize = 8;
const TAPS: usize = 32;
const PHASES: usize = 512;
const HIGH_PASS_HZ: f64 = 16.0;

#[derive(Clone, Debug)]
pub struct Resampler {
    /// Stage 1's kernel (24 taps, the last two zero), oldest input first.
    box3: [f32; 3 * DECIMATION],
    /// The three stage-1 outputs the current input contributes to.
    partial: [f32; 3],
    phase: usize,
    high_pass: f32,
    dc: f32,
    /// Stage 1's outputs, each written twice (at `newest` and `newest + TAPS`) so the
    /// last TAPS are always one slice, oldest first, ending at `newest + TAPS`.
    history: [f32; 2 * TAPS],
    newest: usize,
    /// Where the next output lies after the history's middle sample (index TAPS/2 - 1),
    /// in stage-1 samples.
    position: f64,
    step: f64,
    kernel: Vec<f32>,
    out: Vec<i16>,
}

/// Three 8-sample boxes convolved (sum 1).
fn box3() -> [f32; 3 * DECIMATION] {
    let mut h = [0f64; 3 * DECIMATION];
    for a in 0..DECIMATION {
        for b in 0..DECIMATION {
            for c in 0..DECIMATION {
                h[a + b + c] += 1.0;
            }
        }
    }
    let total = (DECIMATION * DECIMATION * DECIMATION) as f64;
    h.map(|v| (v / total) as f32)
}

fn sinc_kernel(cutoff: f64) -> Vec<f32> {
    let mut kernel = vec![0f32; PHASES * TAPS];
    for phase in 0..PHASES {
        let frac = phase as f64 / PHASES as f64;
        let taps: Vec<f64> = (0..TAPS)
            .map(|tap| {
                // The tap's distance from the output instant, in stage-1 samples.
                let x = tap as f64 - (TAPS / 2 - 1) as f64 - frac;
                let sinc = if x.abs() < 1e-9 {
                    2.0 * cutoff
                } else {
                    (2.0 * std::f64::consts::PI * cutoff * x).sin() / (std::f64::consts::PI * x)
                };
                let tau = 2.0 * std::f64::consts::PI * (x + TAPS as f64 / 2.0) / TAPS as f64;
                sinc * (0.42 - 0.5 * tau.cos() + 0.08 * (2.0 * tau).cos())
            })
            .collect();
        let sum: f64 = taps.iter().sum();
        for (k, h) in kernel[phase * TAPS..][..TAPS].iter_mut().zip(&taps) {
            *k = (h / sum) as f32;
        }
    }
    kernel
}

impl Resampler {
    /// From `clock_hz` (one input a cycle) to `rate_hz`.
    pub fn new(clock_hz: u32, rate_hz: u32) -> Resampler {
        let stage1_hz = f64::from(clock_hz) / DECIMATION as f64;
        let cutoff = (0.45 * f64::from(rate_hz)).min(20_000.0) / stage1_hz;
        Resampler {
            box3: box3(),
            partial: [0.0; 3],
            phase: 0,
            high_pass: (2.0 * std::f64::consts::PI * HIGH_PASS_HZ / stage1_hz) as f32,
            dc: 0.0,
            history: [0.0; 2 * TAPS],
            newest: 0,
            position: 0.0,
            step: stage1_hz / f64::from(rate_hz),
            kernel: sinc_kernel(cutoff),
            out: Vec::new(),
        }
    }

    /// One input sample (full scale about ±1.0).
    #[inline]
    pub fn push(&mut self, x: f32) {
        // This input is tap p + 16 of the output that completes now, p + 8 of the next,
        // p of the one after.
        let p = self.phase;
        self.partial[0] += x * self.box3[p + 2 * DECIMATION];
        self.partial[1] += x * self.box3[p + DECIMATION];
        self.partial[2] += x * self.box3[p];
        self.phase += 1;
        if self.phase == DECIMATION {
            self.phase = 0;
            let y = self.partial[0];
            self.partial = [self.partial[1], self.partial[2], 0.0];
            self.decimated(y);
        }
    }

    fn decimated(&mut self, y: f32) {
        self.dc += (y - self.dc) * self.high_pass;
        self.newest = (self.newest + 1) % TAPS;
        self.history[self.newest] = y - self.dc;
        self.history[self.newest + TAPS] = y - self.dc;
        let window = &self.history[self.newest + 1..][..TAPS];
        // The history moved one sample on.
        self.position -= 1.0;
        while self.position < 1.0 {
            let frac = self.position.max(0.0);
            let phase = ((frac * PHASES as f64) as usize).min(PHASES - 1);
            let k = &self.kernel[phase * TAPS..(phase + 1) * TAPS];
            let v: f32 = k.iter().zip(window).map(|(a, b)| a * b).sum();
            self.out.push((v.clamp(-1.0, 1.0) * 32767.0) as i16);
            self.position += self.step;
        }
    }

    /// The samples made so far, taken.
    pub fn take(&mut self) -> Vec<i16> {
        std::mem::take(&mut self.out)
    }
}
