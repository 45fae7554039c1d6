//! The filter and the mixer: a state-variable filter (low, band and high pass from one
//! pair of integrators, as the chip's two-integrator loop is built) stepped every cycle,
//! and the master volume.
//!
//! Cutoff (11-bit FC). The 8580's is close to the datasheet's line: about 30 Hz at 0 to
//! 12 kHz at $7FF. The 6581's varies from chip to chip and is far from linear: it stays
//! near 200 Hz for low FC values and rises steeply in the upper half, to about 18 kHz.
//! We use an exponential curve through those points (215 Hz at 0, about 2.9 kHz at
//! half scale, 18 kHz at the top): an approximation of a typical chip, not a measured
//! curve. Resonance (4 bits) raises Q from 0.707: on the 8580 to about 2.6, doubling
//! every 8 steps; the 6581's is weaker (to about 1.7).
//!
//! Volume. The volume DAC multiplies the mix by VOL/15. On the 6581 the mix carries a
//! DC offset, so every write to $D418 moves the output: the 4-bit "digis" that write
//! samples to the volume register. The 8580's offset is small (such digis are faint).

use crate::ChipModel;

/// One voice at full swing: a 12-bit waveform times an 8-bit envelope.
pub const VOICE_FULL: f32 = 2048.0 * 255.0;

/// The output's full scale, as a multiple of one voice's swing: the chip sums three
/// voices into one output, and the filter's resonance can lift the filtered voices
/// about twice over (the 8580's Q reaches 2.6), so three voices at full swing fill
/// half the range and the rest is headroom. One voice at volume 15 thus peaks at
/// about -15.6 dBFS (1/6 of full scale), where reSID puts it too.
const FULL_SCALE_VOICES: f32 = 3.0 * 2.0;
const CLOCK_HZ: f32 = 985_248.0;

pub fn cutoff_hz(model: ChipModel, fc: u16) -> f32 {
    let x = f32::from(fc & 0x7FF) / 2047.0;
    match model {
        ChipModel::Mos8580 => 30.0 + x * 12_000.0,
        ChipModel::Mos6581 => {
            let k = 3.5f32;
            215.0 + 17_800.0 * ((k * x).exp() - 1.0) / (k.exp() - 1.0)
        }
    }
}

fn q(model: ChipModel, res: u8) -> f32 {
    let r = f32::from(res & 0x0F);
    match model {
        ChipModel::Mos8580 => 0.707 * (r / 8.0).exp2(),
        ChipModel::Mos6581 => 0.707 + r / 15.0,
    }
}

/// The DC in the mix that the volume DAC scales (see the module's notes).
fn mixer_dc(model: ChipModel) -> f32 {
    match model {
        ChipModel::Mos6581 => 0.3 * VOICE_FULL,
        ChipModel::Mos8580 => 0.01 * VOICE_FULL,
    }
}

#[derive(Clone, Debug)]
pub struct Filter {
    model: ChipModel,
    fc: u16,
    res: u8,
    /// $D417's low nibble: voices 1-3 and the external input through the filter.
    pub route: u8,
    /// $D418: bits 4-6 low/band/high pass, bit 7 voice 3 off, bits 0-3 volume.
    mode_volume: u8,
    /// The volume and the output's scale in one factor (no division per cycle).
    gain: f32,
    dc: f32,
    low: f32,
    band: f32,
    w: f32,
    damping: f32,
}

impl Filter {
    pub fn new(model: ChipModel) -> Filter {
        let mut f = Filter {
            model,
            fc: 0,
            res: 0,
            route: 0,
            mode_volume: 0,
            gain: 0.0,
            dc: mixer_dc(model),
            low: 0.0,
            band: 0.0,
            w: 0.0,
            damping: 0.0,
        };
        f.update();
        f
    }

    pub fn set_model(&mut self, model: ChipModel) {
        self.model = model;
        self.dc = mixer_dc(model);
        self.update();
    }

    pub fn set_mode_volume(&mut self, value: u8) {
        self.mode_volume = value;
        self.gain = f32::from(value & 0x0F) / 15.0 / (FULL_SCALE_VOICES * VOICE_FULL);
    }

    pub fn set_fc_lo(&mut self, value: u8) {
        self.fc = (self.fc & 0x7F8) | u16::from(value & 7);
        self.update();
    }

    pub fn set_fc_hi(&mut self, value: u8) {
        self.fc = (u16::from(value) << 3) | (self.fc & 7);
        self.update();
    }

    pub fn set_res_route(&mut self, value: u8) {
        self.res = value >> 4;
        self.route = value & 0x0F;
        self.update();
    }

    fn update(&mut self) {
        let f = cutoff_hz(self.model, self.fc);
        self.w = 2.0 * (std::f32::consts::PI * f / CLOCK_HZ).sin();
        self.damping = 1.0 / q(self.model, self.res);
    }

    /// One cycle: the voices' outputs (waveform times envelope, centred) in, the mixed
    /// and volume-scaled output out (one voice at full swing and volume 15: ±0.5).
    #[inline]
    pub fn mix(&mut self, voices: [f32; 3]) -> f32 {
        let mut filtered = 0.0;
        let mut direct = 0.0;
        for (i, v) in voices.into_iter().enumerate() {
            if self.route & (1 << i) != 0 {
                filtered += v;
            } else if i != 2 || self.mode_volume & 0x80 == 0 {
                direct += v;
            }
        }
        let high = filtered - self.low - self.damping * self.band;
        self.band += self.w * high;
        self.low += self.w * self.band;
        let mode = self.mode_volume >> 4;
        let mut out = direct + self.dc;
        if mode & 1 != 0 {
            out += self.low;
        }
        if mode & 2 != 0 {
            out += self.band;
        }
        if mode & 4 != 0 {
            out += high;
        }
        out * self.gain
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Filter {
    model,
    fc,
    res,
    route,
    mode_volume,
    gain,
    dc,
    low,
    band,
    w,
    damping
});
