//! The filter as heard: a low pass at a low cutoff takes most of a 1 kHz sawtooth away,
//! at the top it lets it through; the high pass does the opposite; voices not routed
//! through the filter pass unchanged, and 3OFF silences voice 3 unless it is filtered.
use c64sid::*;

/// RMS of the second half of `seconds` of voice `v`'s 1 kHz sawtooth.
fn rms(model: ChipModel, v: u8, fc: u16, res_filt: u8, mode_vol: u8) -> f64 {
    let mut s = Sid::new(model);
    s.enable_output(PAL_CLOCK_HZ, 44_100);
    let base = voice_base(v);
    let freq = (1000u64 << 24) / u64::from(PAL_CLOCK_HZ);
    s.write(base + FREQ_LO, freq as u8);
    s.write(base + FREQ_HI, (freq >> 8) as u8);
    s.write(base + SUSTAIN_RELEASE, 0xF0);
    s.write(FC_LO, (fc & 7) as u8);
    s.write(FC_HI, (fc >> 3) as u8);
    s.write(RES_FILT, res_filt);
    s.write(MODE_VOL, mode_vol);
    s.write(base + CONTROL, SAWTOOTH | GATE);
    s.clock(PAL_CLOCK_HZ / 5);
    s.take_samples();
    s.clock(PAL_CLOCK_HZ / 5);
    let out = s.take_samples();
    (out.iter().map(|&x| f64::from(x).powi(2)).sum::<f64>() / out.len() as f64).sqrt()
}

#[test]
fn low_and_high_pass_follow_the_cutoff() {
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let direct = rms(model, 0, 0, 0x00, 0x0F);
        let low_closed = rms(model, 0, 0, 0x01, 0x1F);
        let low_open = rms(model, 0, 0x7FF, 0x01, 0x1F);
        let high_closed = rms(model, 0, 0x7FF, 0x01, 0x4F);
        let high_open = rms(model, 0, 0, 0x01, 0x4F);
        assert!(
            low_closed < direct / 4.0,
            "{model:?}: {low_closed} vs {direct}"
        );
        assert!(low_open > direct * 0.7, "{model:?}: {low_open} vs {direct}");
        assert!(
            high_closed < direct / 2.0,
            "{model:?}: {high_closed} vs {direct}"
        );
        assert!(
            high_open > direct * 0.7,
            "{model:?}: {high_open} vs {direct}"
        );
    }
}

#[test]
fn voice_3_off_mutes_it_only_outside_the_filter() {
    let model = ChipModel::Mos8580;
    let on = rms(model, 2, 0x7FF, 0x00, 0x0F);
    assert!(on > 1000.0);
    assert!(rms(model, 2, 0x7FF, 0x00, 0x8F) < on / 50.0, "3OFF");
    assert!(
        rms(model, 2, 0x7FF, 0x04, 0x9F) > on * 0.7,
        "3OFF, filtered"
    );
    assert!(
        rms(model, 2, 0x7FF, 0x04, 0x0F) < on / 50.0,
        "filtered, no mode"
    );
}
