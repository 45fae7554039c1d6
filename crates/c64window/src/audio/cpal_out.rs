//! Sound out where it is not Linux: `cpal` (Core Audio, WASAPI), at the device's
//! own rate and sample format, reading the FIFO from the device's callback.

use std::sync::{Arc, Mutex};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SizedSample};

use super::Fifo;

/// A playing output stream.
pub struct Output {
    _stream: cpal::Stream,
}

impl Output {
    /// Open the default output device: the stream, its rate and the FIFO it reads.
    pub fn open() -> Result<(Output, u32, Arc<Mutex<Fifo>>), String> {
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
        Ok((Output { _stream: stream }, rate, fifo))
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
