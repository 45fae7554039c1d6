//! Combined waveforms: a model of our own, derived from how the chip is built.
//!
//! Selecting several waveforms connects their output drivers to the same twelve lines
//! into the waveform DAC. A driver that outputs 0 sinks its line, so a line is at most
//! the AND of the selected waveforms' bits. Where the die also joins the lines to each
//! other (the pulse line runs across all twelve bits; triangle with sawtooth connects
//! neighbouring bits) the weak drivers fight, so a line that is 1 is also dragged down
//! by lines near it that are 0 (the noise cells drive their lines alone: noise with one
//! other waveform is a plain AND, see `oscillator`): its level is roughly a weighted mean of
//! its neighbourhood, the weight falling by a factor per bit of distance, and the DAC's
//! input reads it as 1 only above a threshold. That is why the real combinations are
//! "AND with holes": sawtooth+pulse sounds only near the top of the ramp, where many
//! neighbouring high bits are 1, and sawtooth+triangle keeps a few isolated spikes.
//!
//! The 6581's drivers are weaker than the 8580's (its combined waveforms are known to
//! be quieter and thinner): a wider neighbourhood and a higher threshold. The two
//! parameters per chip are our estimates, not measured tables; the output depends only
//! on the AND of the selected waveforms, so each chip's model is a 4096-entry table
//! computed once.

use std::sync::OnceLock;

use crate::ChipModel;

/// (weight falloff per bit of distance, threshold of the weighted mean).
fn parameters(model: ChipModel) -> (f32, f32) {
    match model {
        ChipModel::Mos6581 => (0.5, 0.72),
        ChipModel::Mos8580 => (0.3, 0.6),
    }
}

/// The level each line reads after its neighbours drag it down.
fn derive(and: u16, falloff: f32, threshold: f32) -> u16 {
    let mut out = 0;
    for bit in 0..12 {
        if and & (1 << bit) == 0 {
            continue;
        }
        let (mut sum, mut weight) = (0.0f32, 0.0f32);
        for other in 0..12i32 {
            let w = falloff.powi((other - bit).abs());
            weight += w;
            if and & (1 << other) != 0 {
                sum += w;
            }
        }
        if sum / weight > threshold {
            out |= 1 << bit;
        }
    }
    out
}

fn table(model: ChipModel) -> &'static [u16; 4096] {
    static TABLES: [OnceLock<Box<[u16; 4096]>>; 2] = [OnceLock::new(), OnceLock::new()];
    let index = match model {
        ChipModel::Mos6581 => 0,
        ChipModel::Mos8580 => 1,
    };
    TABLES[index].get_or_init(|| {
        let (falloff, threshold) = parameters(model);
        let mut t = Box::new([0u16; 4096]);
        for (and, out) in t.iter_mut().enumerate() {
            *out = derive(and as u16, falloff, threshold);
        }
        t
    })
}

/// The output of several waveforms whose bits ANDed are `and` (12 bits).
#[inline]
pub fn pull_down(and: u16, model: ChipModel) -> u16 {
    table(model)[usize::from(and & 0xFFF)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_ones_and_all_zeros_pass_and_a_lone_bit_is_pulled_down() {
        for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
            assert_eq!(pull_down(0xFFF, model), 0xFFF);
            assert_eq!(pull_down(0, model), 0);
            assert_eq!(pull_down(0x010, model), 0, "{model:?}");
            // Never more than the AND.
            for v in 0..4096u16 {
                assert_eq!(pull_down(v, model) & !v, 0);
            }
        }
    }

    #[test]
    fn the_6581_keeps_less_of_a_ramp_top_than_the_8580() {
        // A sawtooth value near the top with pulse high: high bits 1, low bits 0.
        assert_eq!(pull_down(0xF80, ChipModel::Mos8580), 0xF80);
        assert_eq!(pull_down(0xF80, ChipModel::Mos6581), 0xF00);
        let ones = |m| {
            (0..4096u16)
                .map(|v| pull_down(v, m).count_ones())
                .sum::<u32>()
        };
        assert!(ones(ChipModel::Mos6581) < ones(ChipModel::Mos8580));
    }
}
