//! The window's sound: the SID's samples, made at the output device's rate, played by
//! `cpal` through a small buffer whose read speed adapts (within ±0.5 %, inaudible) so
//! that a machine running a little slower or faster than real time neither starves the
//! device nor makes the lag grow. Emptied, the output eases to silence instead of
//! stopping dead; far overfilled (warp, a stall), the oldest samples are dropped.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SizedSample};

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

/// A playing output stream.
pub struct Audio {
    _stream: cpal::Stream,
    fifo: Arc<Mutex<Fifo>>,
    rate: u32,
}

impl Audio {
    /// Opens the default output device; the error says why there is no sound.
    pub fn open() -> Result<Audio, String> {
        let host = cpal::default_host();
        let device = host
            .default_output_device()
            .ok_or("no audio output device")?;
        let supported = device.default_output_config().map_err(|e| e.to_string())?;
        let config = supported.config();
        let rate = config.sample_rate;
        let fifo = Arc::new(Mutex::new(Fifo::new(rate)));
        let stream = match supported.sample_format() {
            cpal::SampleFormat::F32 => build::<f32>(&device, config, fifo.clone()),
            cpal::SampleFormat::I16 => build::<i16>(&device, config, fifo.clone()),
            cpal::SampleFormat::U16 => build::<u16>(&device, config, fifo.clone()),
            cpal::SampleFormat::I32 => build::<i32>(&device, config, fifo.clone()),
            other => Err(format!("unsupported sample format {other}")),
        }?;
        stream.play().map_err(|e| e.to_string())?;
        Ok(Audio {
            _stream: stream,
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

fn build<T>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    fifo: Arc<Mutex<Fifo>>,
) -> Result<cpal::Stream, String>
where
    T: SizedSample + FromSample<f32>,
{
    let channels = usize::from(config.channels.max(1));
    device
        .build_output_stream(
            config,
            move |out: &mut [T], _| {
                let Ok(mut f) = fifo.lock() else { return };
                for frame in out.chunks_mut(channels) {
                    let v = T::from_sample(f.next());
                    frame.fill(v);
                }
            },
            |e| eprintln!("c64kit: audio: {e}"),
            None,
        )
        .map_err(|e| e.to_string())
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
