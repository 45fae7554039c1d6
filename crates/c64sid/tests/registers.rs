//! What the CPU reads: the write-only registers return the bus's last value until it
//! fades, the paddles, OSC3/ENV3; and the output stream.
use c64sid::*;

#[test]
fn write_only_registers_read_the_last_bus_value_until_it_fades() {
    for (model, hold) in [(ChipModel::Mos6581, 0x2000), (ChipModel::Mos8580, 0xA_0000)] {
        let mut s = Sid::new(model);
        s.write(MODE_VOL, 0x5A);
        assert_eq!(s.read(0x00), 0x5A);
        assert_eq!(s.read(FC_HI), 0x5A);
        s.clock(hold - 1);
        assert_eq!(s.peek(0x12), 0x5A);
        s.clock(1);
        assert_eq!(s.read(0x12), 0x00, "{model:?}: faded");
        // A read of a readable register drives the bus too.
        s.write(0x1F, 0x33);
        assert_eq!(s.read(POTX), 0xFF);
        assert_eq!(s.read(0x1D), 0xFF);
    }
}

#[test]
fn reading_a_write_only_register_does_not_keep_the_bus_value() {
    for (model, hold) in [(ChipModel::Mos6581, 0x2000), (ChipModel::Mos8580, 0xA_0000)] {
        let mut s = Sid::new(model);
        s.write(FREQ_LO, 0x01);
        // Read every 63 cycles (once a PAL raster line): the value still fades on time.
        let mut ran = 0;
        while ran + 63 < hold {
            s.clock(63);
            ran += 63;
            assert_eq!(s.read(FREQ_LO), 0x01, "{model:?}: after {ran} cycles");
        }
        s.clock(hold - ran);
        assert_eq!(s.read(FREQ_LO), 0x00, "{model:?}: faded at {hold} cycles");
        // ENV3 drives the bus: a write-only register then reads ENV3's value.
        s.write(FC_HI, 0x77);
        let env3 = s.read(ENV3);
        assert_ne!(env3, 0x77);
        assert_eq!(s.read(FREQ_LO), env3);
    }
}

#[test]
fn paddles_read_their_positions_and_mirrors_repeat_every_32() {
    let mut s = Sid::default();
    s.set_pots(0x12, 0x80);
    assert_eq!(s.read(POTX), 0x12);
    assert_eq!(s.read(POTY + 0x20), 0x80);
    s.write(0x20 + 0x0E + CONTROL, NOISE);
    assert_eq!(s.read(OSC3 + 0x40), 0xFE);
}

fn tone(model: ChipModel, seconds: u32) -> Vec<i16> {
    let mut s = Sid::new(model);
    s.enable_output(PAL_CLOCK_HZ, 44_100);
    // 440 Hz: freq = 440 * 2^24 / 985248.
    let freq = (440u64 << 24) / u64::from(PAL_CLOCK_HZ);
    s.write(FREQ_LO, freq as u8);
    s.write(FREQ_HI, (freq >> 8) as u8);
    s.write(ATTACK_DECAY, 0x00);
    s.write(SUSTAIN_RELEASE, 0xF0);
    s.write(MODE_VOL, 0x0F);
    s.write(CONTROL, SAWTOOTH | GATE);
    let mut out = Vec::new();
    for _ in 0..seconds * 50 {
        s.clock(PAL_CLOCK_HZ / 50);
        out.extend(s.take_samples());
    }
    out
}

#[test]
fn a_sawtooth_comes_out_at_its_pitch_and_the_output_rate() {
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let out = tone(model, 2);
        let cycles = 100 * u64::from(PAL_CLOCK_HZ / 50);
        let expect = cycles * 44_100 / u64::from(PAL_CLOCK_HZ);
        assert!(
            (out.len() as i64 - expect as i64).abs() <= 2,
            "{} samples, {expect} expected",
            out.len()
        );
        // One falling edge per period of the ramp, counted in the second second.
        let second = &out[44_100..];
        let drop = |a: i16, b: i16| i32::from(a) - i32::from(b) > 1500;
        let falls = second
            .windows(3)
            .filter(|w| drop(w[1], w[2]) && !drop(w[0], w[1]))
            .count();
        assert!((falls as i64 - 440).abs() <= 2, "{model:?}: {falls} ramps");
        let peak = second.iter().map(|v| v.unsigned_abs()).max().unwrap();
        // One voice at volume 15 peaks at 1/6 of full scale (5461; the band-limited
        // ramp's overshoot adds a little).
        assert!(peak > 5000 && peak < 6500, "{model:?}: peak {peak}");
    }
}

#[test]
fn volume_writes_are_heard_on_the_6581_and_faint_on_the_8580() {
    let step = |model| {
        let mut s = Sid::new(model);
        s.enable_output(PAL_CLOCK_HZ, 44_100);
        s.clock(PAL_CLOCK_HZ / 10);
        s.take_samples();
        s.write(MODE_VOL, 0x0F);
        s.clock(PAL_CLOCK_HZ / 100);
        s.take_samples()
            .iter()
            .map(|v| v.unsigned_abs())
            .max()
            .unwrap()
    };
    let (old, new) = (step(ChipModel::Mos6581), step(ChipModel::Mos8580));
    // The 6581's mixer DC (0.3 of a voice's swing) over the full scale (six swings):
    // 0.05 of full scale, 1638.
    assert!((1400..1900).contains(&old), "6581 volume step {old}");
    assert!(new < old / 10, "8580 volume step {new}");
}

#[test]
fn a_silent_chip_without_output_makes_no_samples() {
    let mut s = Sid::default();
    s.clock(1_000_000);
    assert!(s.take_samples().is_empty());
}
