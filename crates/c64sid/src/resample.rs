//! From one sample per cycle (985248 Hz) down to the output rate, in two stages:
//! 1. a third-order CIC decimator by 8 (three running sums, three differences; exact
//!    integer arithmetic): 123156 Hz, with nulls at the multiples of that rate, which
//!    are what would fold onto the audio band;
//! 2. a windowed-sinc low-pass and fractional-rate resampler (32 taps, Blackman window,
//!    cutoff 0.45 of the output rate, at most 20 kHz; the kernel precomputed at 512
//!    phases) to the output rate.
//!
//! The CIC's droop at 20 kHz is about 1.1 dB; the sinc stage's stopband is below -70 dB.

const STAGE1_DECIMATION: u32 = 8;
const TAPS: usize = 32;
const PHASES: usize = 512;
/// Fixed-point scale of the input (a sample of 1.0 is this many units).
const INPUT_SCALE: f32 = 8192.0;

#[derive(Clone, Debug)]
pub struct Resampler {
    integrators: [i64; 3],
    combs: [i64; 3],
    count: u32,
    /// Stage 1's outputs, the newest last (a window of TAPS).
    history: [f32; TAPS],
    /// Position of the next output between the history's samples, in stage-1 samples.
    position: f64,
    step: f64,
    kernel: Vec<f32>,
    out: Vec<i16>,
}

impl Resampler {
    /// From `clock_hz` (one input a cycle) to `rate_hz`.
    pub fn new(clock_hz: u32, rate_hz: u32) -> Resampler {
        let stage1_hz = f64::from(clock_hz) / f64::from(STAGE1_DECIMATION);
        let cutoff = (0.45 * f64::from(rate_hz)).min(20_000.0) / stage1_hz;
        let mut kernel = vec![0f32; PHASES * TAPS];
        for phase in 0..PHASES {
            let frac = phase as f64 / PHASES as f64;
            let mut sum = 0.0;
            for tap in 0..TAPS {
                // Distance from the output instant to this tap, in stage-1 samples.
                let x = tap as f64 - (TAPS / 2 - 1) as f64 - frac;
                let sinc = if x.abs() < 1e-9 {
                    2.0 * cutoff
                } else {
                    (2.0 * std::f64::consts::PI * cutoff * x).sin() / (std::f64::consts::PI * x)
                };
                let n = (x + TAPS as f64 / 2.0) / TAPS as f64;
                let tau = 2.0 * std::f64::consts::PI * n;
                let window = 0.42 - 0.5 * tau.cos() + 0.08 * (2.0 * tau).cos();
                let h = sinc * window;
                kernel[phase * TAPS + tap] = h as f32;
                sum += h;
            }
            for tap in 0..TAPS {
                kernel[phase * TAPS + tap] /= sum as f32;
            }
        }
        Resampler {
            integrators: [0; 3],
            combs: [0; 3],
            count: 0,
            history: [0.0; TAPS],
            position: 0.0,
            step: stage1_hz / f64::from(rate_hz),
            kernel,
            out: Vec::new(),
        }
    }

    /// One input sample (full scale about ±1.0).
    #[inline]
    pub fn push(&mut self, sample: f32) {
        let x = (sample * INPUT_SCALE) as i64;
        let [a, b, c] = &mut self.integrators;
        *a = a.wrapping_add(x);
        *b = b.wrapping_add(*a);
        *c = c.wrapping_add(*b);
        self.count += 1;
        if self.count == STAGE1_DECIMATION {
            self.count = 0;
            self.decimated();
        }
    }

    fn decimated(&mut self) {
        let mut v = self.integrators[2];
        for comb in &mut self.combs {
            let d = v.wrapping_sub(*comb);
            *comb = v;
            v = d;
        }
        let gain = f64::from(STAGE1_DECIMATION).powi(3) * f64::from(INPUT_SCALE);
        self.history.copy_within(1.., 0);
        self.history[TAPS - 1] = (v as f64 / gain) as f32;
        // The next output's place relative to the history's middle sample (index
        // TAPS/2 - 1); the history moved one sample on.
        self.position -= 1.0;
        while self.position < 1.0 {
            let frac = self.position.max(0.0);
            let phase = ((frac * PHASES as f64) as usize).min(PHASES - 1);
            let k = &self.kernel[phase * TAPS..(phase + 1) * TAPS];
            let y: f32 = k.iter().zip(&self.history).map(|(a, b)| a * b).sum();
            self.out.push((y.clamp(-1.0, 1.0) * 32767.0) as i16);
            self.position += self.step;
        }
    }

    /// The samples made so far, taken.
    pub fn take(&mut self) -> Vec<i16> {
        std::mem::take(&mut self.out)
    }
}
