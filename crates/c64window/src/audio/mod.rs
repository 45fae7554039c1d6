//! The window's sound: the SID's samples, made at the output device's rate, played
//! (ALSA on Linux, `alsa.rs`; `cpal` elsewhere, `cpal_out.rs`) through a small buffer
//! whose read speed adapts (within ±0.5 %, inaudible) so
//! that a machine running a little slower or faster than real time neither starves the
//! device nor makes the lag grow. Emptied, the output eases to silence instead of
//! stopping dead; far overfilled (warp, a stall), the oldest samples are dropped.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

#[cfg(target_os = "linux")]
mod alsa;
#[cfg(target_os = "linux")]
use alsa as backend;
#[cfg(not(target_os = "linux"))]
mod cpal_out;
#[cfg(not(target_os = "linux"))]
use cpal_out as backend;

/// The latency the buffer aims at.
const TARGET_SECONDS: f64 = 0.06;
/// The largest change of read speed that pulls the fill back to the target.
const MAX_SPEED_CHANGE: f64 = 0.005;

/// The buffer between the machine (writer) and the device's callback (reader).
#[derive(Debug)]
pub struct Fifo {
    samples: VecDeque<f32>,
    target: usize,
    /// Where the reader is between the first two samples (0..1).
    pos: f64,
    last: f32,
}

impl Fifo {
    pub fn new(rate_hz: u32) -> Fifo {
        let target = (f64::from(rate_hz) * TARGET_SECONDS) as usize;
        Fifo {
            samples: VecDeque::with_capacity(target * 4),
            target: target.max(2),
            pos: 0.0,
            last: 0.0,
        }
    }

    /// Samples from the machine (16-bit mono).
    pub fn push(&mut self, samples: &[i16]) {
        self.samples
            .extend(samples.iter().map(|&s| f32::from(s) / 32768.0));
        if self.samples.len() > 4 * self.target {
            let excess = self.samples.len() - self.target;
            self.samples.drain(..excess);
        }
    }

    /// Samples waiting.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.samples.len()
    }

    /// The next sample for the device.
    pub fn next(&mut self) -> f32 {
        if self.samples.len() < 2 {
            // Starved: ease the last level to silence (no click).
            self.last *= 0.995;
            return self.last;
        }
        let fill = self.samples.len() as f64 / self.target as f64;
        let speed =
            1.0 + (MAX_SPEED_CHANGE * (fill - 1.0)).clamp(-MAX_SPEED_CHANGE, MAX_SPEED_CHANGE);
        let (a, b) = (self.samples[0], self.samples[1]);
        let v = a + (b - a) * self.pos as f32;
        self.pos += speed;
        while self.pos >= 1.0 && self.samples.len() >= 2 {
            self.samples.pop_front();
            self.pos -= 1.0;
        }
        self.last = v;
        v
    }
}

/// A playing output.
pub struct Audio {
    _output: backend::Output,
    fifo: Arc<Mutex<Fifo>>,
    rate: u32,
}

impl Audio {
    /// Opens the default output device; the error says why there is no sound.
    pub fn open() -> Result<Audio, String> {
        let (output, rate, fifo) = backend::Output::open()?;
        Ok(Audio {
            _output: output,
            fifo,
            rate,
        })
    }

    /// The device's rate: make the SID's samples at this rate.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Queue the samples made since the last call.
    pub fn push(&self, samples: &[i16]) {
        if let Ok(mut f) = self.fifo.lock() {
            f.push(samples);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_read_speed_pulls_the_fill_towards_the_target() {
        let mut f = Fifo::new(48_000);
        let target = f.target;
        // Twice the target queued, nothing more arriving: read faster than 1:1.
        f.push(&vec![1000; 2 * target]);
        for _ in 0..target {
            f.next();
        }
        assert!(f.len() < target, "{} left", f.len());
        // A steady level comes out unchanged (interpolation between equal samples).
        assert!((f.next() - 1000.0 / 32768.0).abs() < 1e-6);
    }

    #[test]
    fn starved_it_eases_to_silence_and_overfilled_it_drops_the_oldest() {
        let mut f = Fifo::new(48_000);
        f.push(&[16384, 16384]);
        let first = f.next();
        let mut v = first;
        for _ in 0..2000 {
            let n = f.next();
            assert!(n.abs() <= v.abs() + 1e-6, "no jump");
            v = n;
        }
        assert!(v.abs() < 0.001);
        f.push(&vec![0; 10 * f.target]);
        assert_eq!(f.len(), f.target);
    }
}
