//! A cycle-stepped MOS 6581/8580 SID, written from the chip's published descriptions
//! (the datasheet, its designer's interviews, the analyses of the die): three voices
//! (oscillator, waveforms, envelope), the filter and the master volume, the registers
//! as the CPU reads them, and a resampled sample stream.
//!
//! [`Sid::clock`] runs the chip. Without an output ([`Sid::enable_output`]) no sample is
//! computed and the voices run in bulk wherever no cycle can matter (an accumulator
//! adds `freq * n`, the envelope counts between the rate counter's matches and skips
//! whole periods while it rests), so a headless machine that writes no audio pays next
//! to nothing; the pipelines around a noise shift or an envelope step, hard sync,
//! combined noise and the 6581's sawtooth combinations step cycle by cycle.
//!
//! Modules: `oscillator` (accumulator, waveforms, noise), `combined` (the combined
//! waveforms' model), `envelope` (ADSR), `filter` (filter, mixer, volume),
//! `resample` (cycles to 44.1/48 kHz).

mod combined;
mod envelope;
mod filter;
mod oscillator;
pub mod psid;
mod registers;
mod resample;

use envelope::Envelope;
pub use envelope::RATE_PERIOD;
use filter::Filter;
use oscillator::Oscillator;
pub use oscillator::{GATE, NOISE, NOISE_RESET, PULSE, RING, SAWTOOTH, SYNC, TEST, TRIANGLE};
pub use registers::*;
use resample::Resampler;

/// The SID's revision.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ChipModel {
    /// The original C64's SID (NMOS): non-linear filter, DC offsets that make volume
    /// writes audible.
    #[default]
    Mos6581,
    /// The C64C's SID (HMOS): linear filter, hardly any DC.
    Mos8580,
}

/// The PAL C64's clock, cycles per second.
pub const PAL_CLOCK_HZ: u32 = 985_248;

/// Cycles the data bus keeps the last value written or read (then reads as 0): the
/// value is held by the bus lines' capacitance, longer on the 8580. Approximations.
fn bus_hold_cycles(model: ChipModel) -> u32 {
    match model {
        ChipModel::Mos6581 => 0x2000,
        ChipModel::Mos8580 => 0xA_0000,
    }
}

/// Where the waveform DAC's output is silent: the 6581's waveforms swing around a
/// point well below their middle (a voice's envelope alone moves the output, the DC
/// that makes gate clicks), the 8580's around the middle.
fn wave_zero(model: ChipModel) -> f32 {
    match model {
        ChipModel::Mos6581 => 0x380 as f32,
        ChipModel::Mos8580 => 0x800 as f32,
    }
}

#[derive(Clone, Debug)]
struct Voice {
    osc: Oscillator,
    env: Envelope,
}

/// The chip's state (cheap to clone: what [`Sid::peek_after`] copies).
#[derive(Clone, Debug)]
struct Core {
    model: ChipModel,
    voices: [Voice; 3],
    filter: Filter,
    bus: u8,
    bus_cycles: u32,
    pots: [u8; 2],
}

/// A SID.
#[derive(Clone, Debug)]
pub struct Sid {
    core: Core,
    output: Option<Box<Resampler>>,
}

impl Default for Sid {
    fn default() -> Sid {
        Sid::new(ChipModel::default())
    }
}

impl Sid {
    /// A SID after power-on: silent, the noise registers at their reset value, the paddles
    /// unconnected ($FF).
    pub fn new(model: ChipModel) -> Sid {
        let voice = || Voice {
            osc: Oscillator::new(),
            env: Envelope::new(),
        };
        Sid {
            core: Core {
                model,
                voices: [voice(), voice(), voice()],
                filter: Filter::new(model),
                bus: 0,
                bus_cycles: 0,
                pots: [0xFF; 2],
            },
            output: None,
        }
    }

    /// The chip's revision.
    pub fn model(&self) -> ChipModel {
        self.core.model
    }

    /// Change the revision (as if the other chip were in the socket, state kept).
    pub fn set_model(&mut self, model: ChipModel) {
        self.core.model = model;
        self.core.filter.set_model(model);
    }

    /// From now on make samples at `rate_hz` from a clock of `clock_hz` (see
    /// [`Sid::take_samples`]).
    pub fn enable_output(&mut self, clock_hz: u32, rate_hz: u32) {
        self.output = Some(Box::new(Resampler::new(clock_hz, rate_hz)));
    }

    /// The samples made since the last call (mono, 16-bit).
    pub fn take_samples(&mut self) -> Vec<i16> {
        self.output.as_mut().map(|o| o.take()).unwrap_or_default()
    }

    /// The paddles' positions (what POTX and POTY read; $FF: nothing connected).
    pub fn set_pots(&mut self, x: u8, y: u8) {
        self.core.pots = [x, y];
    }

    /// Write register `reg` ($00-$1F; higher bits ignored, as the mirrors).
    pub fn write(&mut self, reg: u8, value: u8) {
        self.core.write(reg & 0x1F, value);
    }

    /// Read register `reg`: what the CPU gets. A readable register (POTX, POTY, OSC3,
    /// ENV3) drives the chip's data bus, which then holds that value; a write-only one
    /// drives nothing, so its read gives the bus's charge without renewing it (it fades
    /// however often it is read).
    pub fn read(&mut self, reg: u8) -> u8 {
        let reg = reg & 0x1F;
        let value = self.core.value(reg);
        if (POTX..=ENV3).contains(&reg) {
            self.core.bus = value;
            self.core.bus_cycles = bus_hold_cycles(self.core.model);
        }
        value
    }

    /// What reading `reg` would return now (no side effects).
    pub fn peek(&self, reg: u8) -> u8 {
        self.core.value(reg & 0x1F)
    }

    /// What reading `reg` would return `cycles` from now (no side effects).
    pub fn peek_after(&self, reg: u8, cycles: u32) -> u8 {
        let mut core = self.core.clone();
        core.skip(cycles);
        core.value(reg & 0x1F)
    }

    /// Voice `v`'s (0-2) accumulator, noise shift register and envelope level.
    pub fn voice_state(&self, v: usize) -> (u32, u32, u8) {
        let voice = &self.core.voices[v % 3];
        (voice.osc.acc, voice.osc.noise, voice.env.level)
    }

    /// Run `cycles` cycles.
    pub fn clock(&mut self, cycles: u32) {
        match &mut self.output {
            None => self.core.skip(cycles),
            Some(out) => {
                let mut left = cycles;
                while left > 0 {
                    let n = left.min(ENVELOPE_CHUNK);
                    self.core.run_audio(n, out);
                    left -= n;
                }
                self.core.age_bus(cycles);
            }
        }
    }
}

/// Cycles the audio path holds the envelopes' levels: they step at most once every 9
/// cycles, and the stepping itself stays exact (in bulk after each chunk), so what
/// ENV3 reads never differs; only the sound may lag a step by a few microseconds.
const ENVELOPE_CHUNK: u32 = 8;

impl Core {
    fn write(&mut self, reg: u8, value: u8) {
        self.bus = value;
        self.bus_cycles = bus_hold_cycles(self.model);
        let model = self.model;
        if reg < 0x15 {
            let v = usize::from(reg / 7);
            let ring_msb = self.voices[(v + 2) % 3].osc.msb();
            let voice = &mut self.voices[v];
            let osc = &mut voice.osc;
            match reg % 7 {
                0 => osc.freq = (osc.freq & 0xFF00) | u32::from(value),
                1 => osc.freq = (osc.freq & 0x00FF) | (u32::from(value) << 8),
                2 => osc.pw = (osc.pw & 0xF00) | u32::from(value),
                3 => osc.pw = (osc.pw & 0x0FF) | (u32::from(value & 0x0F) << 8),
                4 => {
                    osc.set_control(value, model, ring_msb);
                    voice.env.set_gate(value & GATE != 0);
                }
                5 => voice.env.set_attack_decay(value),
                _ => voice.env.set_sustain_release(value),
            }
            return;
        }
        match reg {
            FC_LO => self.filter.set_fc_lo(value),
            FC_HI => self.filter.set_fc_hi(value),
            RES_FILT => self.filter.set_res_route(value),
            MODE_VOL => self.filter.set_mode_volume(value),
            _ => {}
        }
    }

    fn value(&self, reg: u8) -> u8 {
        match reg {
            POTX => self.pots[0],
            POTY => self.pots[1],
            OSC3 => {
                let ring = &self.voices[1].osc;
                let osc3 = self.voices[2]
                    .osc
                    .osc3(ring.msb(), ring.msb_prev(), self.model);
                (osc3 >> 4) as u8
            }
            ENV3 => self.voices[2].env.env3(),
            _ if self.bus_cycles > 0 => self.bus,
            _ => 0,
        }
    }

    fn age_bus(&mut self, cycles: u32) {
        self.bus_cycles = self.bus_cycles.saturating_sub(cycles);
    }

    /// Run `cycles` without output: in bulk unless an oscillator needs every cycle.
    fn skip(&mut self, cycles: u32) {
        self.age_bus(cycles);
        let model = self.model;
        if self.voices.iter().any(|v| v.osc.needs_cycles(model)) {
            for _ in 0..cycles {
                self.cycle_oscillators();
            }
        } else {
            for v in &mut self.voices {
                v.osc.skip(cycles);
            }
        }
        for v in &mut self.voices {
            v.env.clock(cycles);
        }
    }

    /// One cycle of the three accumulators, hard sync, the noise registers' shifts,
    /// then what the output lines do to their own voice (the 6581's sawtooth MSB, the
    /// combined noise's write-back).
    #[inline(always)]
    fn cycle_oscillators(&mut self) {
        let (mut msb_rose, mut shifts) = (0u8, 0u8);
        for (i, v) in self.voices.iter_mut().enumerate() {
            let (msb, shift) = v.osc.advance();
            msb_rose |= u8::from(msb) << i;
            shifts |= u8::from(shift) << i;
        }
        if msb_rose != 0 {
            for source in 0..3 {
                let dest = (source + 1) % 3;
                // A source synced itself on the cycle its MSB rose syncs nothing.
                let source_synced = self.voices[source].osc.control & oscillator::SYNC != 0
                    && msb_rose & (1 << ((source + 2) % 3)) != 0;
                if msb_rose & (1 << source) != 0
                    && self.voices[dest].osc.control & oscillator::SYNC != 0
                    && !source_synced
                {
                    self.voices[dest].osc.reset_phase();
                }
            }
        }
        for i in 0..3 {
            if shifts & (1 << i) != 0 {
                self.voices[i].osc.shift_noise();
            }
        }
        for i in 0..3 {
            let ring_msb = self.voices[(i + 2) % 3].osc.msb();
            let osc = &mut self.voices[i].osc;
            osc.pull_msb(ring_msb, self.model);
            osc.write_back(ring_msb, self.model);
        }
    }

    /// `n` cycles with output (see [`ENVELOPE_CHUNK`]): the mixed, volume-scaled level
    /// of each (full scale about ±1) into `out`.
    #[inline]
    fn run_audio(&mut self, n: u32, out: &mut Resampler) {
        let zero = wave_zero(self.model);
        let levels = [0, 1, 2].map(|i| f32::from(self.voices[i].env.level));
        for _ in 0..n {
            self.cycle_oscillators();
            let mut outs = [0f32; 3];
            for (i, o) in outs.iter_mut().enumerate() {
                let ring_msb = self.voices[(i + 2) % 3].osc.msb();
                let wave = f32::from(self.voices[i].osc.output(ring_msb, self.model));
                *o = (wave - zero) * levels[i];
            }
            out.push(self.filter.mix(outs));
        }
        for v in &mut self.voices {
            v.env.clock(n);
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(ChipModel { Mos6581, Mos8580 });
c64state::persist!(Voice { osc, env });
c64state::persist!(Core {
    model,
    voices,
    filter,
    bus,
    bus_cycles,
    pots
});
// The resampler makes the host's audio from the chip's output: not the chip's state.
c64state::persist!(Sid { core } skip { output });
