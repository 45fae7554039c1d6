//! The oscillators, waveforms, noise, sync and ring modulation, cycle by cycle, through
//! the registers and OSC3, in both run modes (bulk without output, per cycle with).
use c64sid::*;

const V1: u8 = 0;
const V2: u8 = 7;
const V3: u8 = 14;

fn both() -> [Sid; 2] {
    let mut with_output = Sid::new(ChipModel::Mos6581);
    with_output.enable_output(PAL_CLOCK_HZ, 44_100);
    [Sid::new(ChipModel::Mos6581), with_output]
}

fn set_freq(s: &mut Sid, voice: u8, freq: u16) {
    s.write(voice + FREQ_LO, freq as u8);
    s.write(voice + FREQ_HI, (freq >> 8) as u8);
}

/// The shift register as the datasheet describes it: taps 22 and 17 into bit 0.
fn lfsr_step(x: u32) -> u32 {
    ((x << 1) | (((x >> 22) ^ (x >> 17)) & 1)) & 0x7F_FFFF
}

/// Restart a voice's accumulator at 0 (TEST set and released), leaving `control`.
fn restart(s: &mut Sid, voice: u8, control: u8) {
    s.write(voice + CONTROL, control | TEST);
    s.write(voice + CONTROL, control);
}

fn noise_byte(x: u32) -> u8 {
    [20, 18, 14, 11, 9, 5, 2, 0]
        .iter()
        .fold(0, |acc, &b| (acc << 1) | ((x >> b) & 1) as u8)
}

#[test]
fn power_on_leaves_the_accumulators_at_555555_and_the_noise_at_7ffffe() {
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let mut s = Sid::new(model);
        assert_eq!(s.voice_state(0).0, 0x55_5555);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFE);
        s.write(V3 + CONTROL, SAWTOOTH);
        assert_eq!(s.read(OSC3), 0x55);
        s.write(V3 + CONTROL, NOISE);
        assert_eq!(s.read(OSC3), 0xFE);
    }
}

#[test]
fn the_accumulator_adds_the_frequency_every_cycle_and_sawtooth_reads_its_top() {
    for mut s in both() {
        set_freq(&mut s, V3, 0x1234);
        restart(&mut s, V3, SAWTOOTH);
        s.clock(1000);
        assert_eq!(s.voice_state(2).0, 1000 * 0x1234);
        assert_eq!(s.read(OSC3), ((1000 * 0x1234) >> 16) as u8);
        s.clock(100_000);
        let acc = (101_000u32 * 0x1234) & 0xFF_FFFF;
        assert_eq!(s.voice_state(2).0, acc);
        assert_eq!(s.read(OSC3), (acc >> 16) as u8);
    }
}

#[test]
fn the_8580s_osc3_sees_triangle_and_sawtooth_a_cycle_late() {
    let mut s = Sid::new(ChipModel::Mos8580);
    set_freq(&mut s, V3, 0xFFFF);
    restart(&mut s, V3, SAWTOOTH);
    s.clock(300);
    assert_eq!(s.read(OSC3), ((299 * 0xFFFF) >> 16) as u8);
    s.write(V3 + CONTROL, TRIANGLE);
    assert_eq!(s.read(OSC3), ((299 * 0xFFFF) >> 15) as u8);
    s.write(V3 + CONTROL, NOISE);
    assert_eq!(
        s.read(OSC3),
        noise_byte(s.voice_state(2).1),
        "noise is not delayed"
    );
}

#[test]
fn triangle_rises_then_falls_and_pulse_compares_with_the_width() {
    for mut s in both() {
        set_freq(&mut s, V3, 0x1000); // the accumulator's top byte +1 every 16 cycles
        restart(&mut s, V3, TRIANGLE);
        s.clock(16 * 0x40); // acc $400000: triangle bits 22..11 = $800 -> OSC3 $80
        assert_eq!(s.read(OSC3), 0x80);
        s.clock(16 * 0x60); // acc $A00000: MSB set, falling: $3FF >> 4... bits inverted
        assert_eq!(s.read(OSC3), 0xBF);
        s.write(V3 + PW_LO, 0x00);
        s.write(V3 + PW_HI, 0x0B); // width $B00: high from acc $B00000
        s.write(V3 + CONTROL, PULSE);
        assert_eq!(s.read(OSC3), 0x00);
        // The comparator's result reaches the output a cycle late.
        s.clock(16 * 0x10);
        assert_eq!(s.voice_state(2).0, 0xB0_0000);
        assert_eq!(s.read(OSC3), 0x00);
        s.clock(1);
        assert_eq!(s.read(OSC3), 0xFF);
        s.write(V3 + PW_HI, 0x0C);
        assert_eq!(s.read(OSC3), 0x00);
        s.write(V3 + CONTROL, PULSE | TEST);
        assert_eq!(s.read(OSC3), 0xFF, "TEST forces the pulse high");
        s.clock(500);
        assert_eq!(s.voice_state(2).0, 0, "TEST holds the accumulator at 0");
    }
}

#[test]
fn noise_shifts_the_23_bit_register_two_cycles_after_bit_19_rises() {
    for mut s in both() {
        // Frequency $8000 from 0: bit 19 rises every 32 cycles, the first time after 16.
        set_freq(&mut s, V3, 0x8000);
        restart(&mut s, V3, NOISE);
        let start = 0x7F_FFFC; // power-on's $7FFFFE, shifted once by TEST's release
        assert_eq!(s.voice_state(2).1, start);
        s.clock(17);
        assert_eq!(s.voice_state(2).1, start, "latched, not yet written");
        s.clock(1);
        assert_eq!(s.voice_state(2).1, lfsr_step(start));
        let mut expect = lfsr_step(start);
        for _ in 0..200 {
            s.clock(32);
            expect = lfsr_step(expect);
            assert_eq!(s.voice_state(2).1, expect);
            assert_eq!(s.read(OSC3), noise_byte(expect));
        }
        // TEST holds the register; held long enough its cells leak to all ones.
        let before = s.voice_state(2).1;
        s.write(V3 + CONTROL, NOISE | TEST);
        assert_eq!(s.voice_state(2).1, before);
        s.clock(57_000); // 35000 cycles to the first step, 22 steps of 1000
        assert_eq!(s.voice_state(2).1, 0x7F_FFFF);
        assert_eq!(s.read(OSC3), 0xFF);
    }
}

/// One shift by TEST: set (phase 1 latches), released (phase 2 writes, bit 0 = NOT bit 17).
fn test_shift(s: &mut Sid, during: u8, after: u8) {
    s.write(V3 + CONTROL, during | TEST);
    s.write(V3 + CONTROL, after);
}

#[test]
fn releasing_test_shifts_once_with_bit_0_fed_not_bit_17() {
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, NOISE | TEST);
        s.clock(0x95_0000);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFF);
        let mut expect = 0x7F_FFFFu32;
        for _ in 0..30 {
            test_shift(&mut s, NOISE, NOISE);
            expect = ((expect << 1) & 0x7F_FFFF) | (!expect >> 17 & 1);
            assert_eq!(s.voice_state(2).1, expect, "{model:?}");
        }
    }
}

#[test]
fn combined_noise_writes_back_zeros_that_a_test_shift_carries_on() {
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, NOISE | TEST);
        s.clock(0x95_0000);
        // Noise+triangle at phase 0 drives every line low: selected while TEST is held
        // and after its release, the taps are written 0 before the shift (and again
        // after it, while it stays selected).
        test_shift(&mut s, NOISE | TRIANGLE, NOISE | TRIANGLE);
        let taps = [20, 18, 14, 11, 9, 5, 2, 0]
            .iter()
            .map(|b| 1 << b)
            .sum::<u32>();
        let shifted = ((0x7F_FFFF & !taps) << 1) & 0x7F_FFFF; // bit 0: NOT bit 17 = 0
        assert_eq!(s.voice_state(2).1, shifted & !taps, "{model:?}");
        test_shift(&mut s, NOISE, NOISE);
        // The zeros one bit up, bit 0 fed 0: what the chips read after this sequence.
        assert_eq!(s.read(OSC3), 0x6C);
        // Noise alone during TEST: the release writes nothing back, but the
        // noise+triangle selected after it clears the taps while it stays selected.
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, NOISE | TEST);
        s.clock(0x95_0000);
        test_shift(&mut s, NOISE, NOISE | TRIANGLE);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFE & !taps, "{model:?}");
    }
}

#[test]
fn hard_sync_restarts_the_next_voice_when_the_previous_msb_rises() {
    for mut s in both() {
        set_freq(&mut s, V1, 0x8000); // voice 1's MSB rises after 256 cycles
        set_freq(&mut s, V2, 0x0100);
        restart(&mut s, V1, 0);
        restart(&mut s, V2, SYNC | TRIANGLE);
        s.clock(255);
        assert_eq!(s.voice_state(1).0, 255 * 0x100);
        s.clock(1);
        assert_eq!(s.voice_state(1).0, 0);
        s.clock(1);
        assert_eq!(s.voice_state(1).0, 0x100);
        // Voice 1 syncs from voice 3, voice 3 from voice 2.
        set_freq(&mut s, V3, 0x4000);
        s.write(V3 + CONTROL, SYNC);
        s.write(V1 + CONTROL, SYNC);
        s.clock(10_000);
    }
}

#[test]
fn ring_modulation_folds_the_triangle_with_not_the_previous_voices_msb() {
    for mut s in both() {
        set_freq(&mut s, V2, 0xFFFF); // voice 2's MSB: 0 until cycle 129
        restart(&mut s, V2, 0);
        restart(&mut s, V3, TRIANGLE | RING);
        // Voice 3 at 0 with voice 2's MSB 0: MSB XOR NOT 0 folds the ramp: $FFE.
        s.clock(128);
        assert_eq!(s.read(OSC3), 0xFF);
        s.clock(1);
        assert_eq!(s.read(OSC3), 0x00);
        s.write(V3 + CONTROL, TRIANGLE);
        assert_eq!(s.read(OSC3), 0x00, "without RING voice 3's own triangle");
        s.write(V3 + CONTROL, TRIANGLE | RING | SAWTOOTH);
        assert_eq!(s.read(OSC3), 0x00, "sawtooth blocks the ring's MSB");
    }
}

#[test]
fn the_6581s_sawtooth_combined_drives_the_accumulators_msb_low() {
    for (model, msb) in [(ChipModel::Mos6581, 0), (ChipModel::Mos8580, 0x80_0000)] {
        let mut s = Sid::new(model);
        s.write(V3 + PW_HI, 0x0F);
        set_freq(&mut s, V3, 0x1000);
        restart(&mut s, V3, SAWTOOTH | PULSE);
        // At $800000 the pulse (width $F00) is low: the top output line reads 0.
        s.clock(16 * 0x80 + 1);
        assert_eq!(s.voice_state(2).0 & 0x80_0000, msb, "{model:?}");
    }
}

#[test]
fn combined_noise_writes_zeros_back_and_locks_up_until_test() {
    for mut s in both() {
        set_freq(&mut s, V3, 0xFFFF);
        s.write(V3 + CONTROL, NOISE | PULSE | SAWTOOTH);
        s.clock(200_000);
        s.write(V3 + CONTROL, NOISE);
        assert_eq!(s.voice_state(2).1, 0, "every bit written back to zero");
        s.clock(100_000);
        assert_eq!(s.read(OSC3), 0, "locked: zero feeds back zero");
        // TEST held until the register leaks to ones, then released: it runs again.
        s.write(V3 + CONTROL, NOISE | TEST);
        s.clock(57_000);
        s.write(V3 + CONTROL, NOISE);
        assert_eq!(s.read(OSC3), 0xFE, "one shift: NOT bit 17 into bit 0");
        s.clock(1000);
        assert_ne!(s.read(OSC3), 0xFE, "runs again");
    }
}

#[test]
fn combined_waveforms_are_at_most_the_and_of_their_parts() {
    // (The 8580: the 6581's sawtooth combinations move the accumulator's MSB.)
    for model in [ChipModel::Mos8580] {
        let mut s = Sid::new(model);
        set_freq(&mut s, V3, 0x0123);
        s.write(V3 + PW_HI, 0x08);
        let mut ones = 0;
        for _ in 0..5000 {
            s.clock(7);
            let mut parts = [0u8; 3];
            for (i, w) in [TRIANGLE, SAWTOOTH, PULSE].into_iter().enumerate() {
                s.write(V3 + CONTROL, w);
                parts[i] = s.read(OSC3);
            }
            s.write(V3 + CONTROL, SAWTOOTH | PULSE);
            let combined = s.read(OSC3);
            assert_eq!(combined & !(parts[1] & parts[2]), 0);
            ones += combined.count_ones();
            s.write(V3 + CONTROL, SAWTOOTH | TRIANGLE);
            assert_eq!(s.read(OSC3) & !(parts[0] & parts[1]), 0);
        }
        assert!(
            ones > 0,
            "{model:?}: saw+pulse is heard near the ramp's top"
        );
    }
}

#[test]
fn noise_with_one_other_waveform_is_a_plain_and_of_their_lines() {
    // The noise cells drive their lines alone: noise+triangle keeps isolated ones that
    // triangle+sawtooth or a pulse combination would pull down.
    let mut s = Sid::new(ChipModel::Mos6581);
    s.write(V3 + CONTROL, TEST);
    s.clock(57_000); // the register leaks to all ones
    s.write(V3 + CONTROL, NOISE | TRIANGLE); // one shift (bit 0: NOT bit 17 = 0)
    assert_eq!(s.read(OSC3), 0x00, "triangle at 0 writes every tap to 0");
    set_freq(&mut s, V3, 0xFFFF);
    // Bit 19 rises in cycle 9, the register shifts in cycle 11: the taps take their
    // lower neighbours' ones (bit 0 takes 1 XOR 1 = 0): lines $FE0.
    s.clock(10);
    assert_eq!(s.read(OSC3), 0x00);
    s.clock(1);
    // Triangle at $AFFF5: $15E; AND $FE0: $140.
    assert_eq!(s.read(OSC3), 0x14);
}

#[test]
fn setting_test_with_a_combined_noise_waveform_writes_its_lines_back_once() {
    let taps = [20, 18, 14, 11, 9, 5, 2, 0]
        .iter()
        .map(|b| 1 << b)
        .sum::<u32>();
    let all = NOISE | PULSE | SAWTOOTH | TRIANGLE;
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        // Noise running, then TEST set with all four waveforms: the lines (triangle AND
        // sawtooth of $555555 is 0) clear the taps; the release to noise alone writes
        // nothing and shifts once (bit 0: NOT bit 17 = 0).
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, NOISE);
        s.write(V3 + CONTROL, all | TEST);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFE & !taps, "{model:?}");
        s.write(V3 + CONTROL, NOISE);
        assert_eq!(s.voice_state(2).1, ((0x7F_FFFE & !taps) << 1) & 0x7F_FFFF);
        // TEST already held when the combination is selected: nothing is written.
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, NOISE | TEST);
        s.write(V3 + CONTROL, all | TEST);
        s.write(V3 + CONTROL, NOISE);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFC, "{model:?}");
    }
}

#[test]
fn test_held_leaks_the_noise_cells_to_one_from_bit_0_up_a_step_at_a_time() {
    // 6581: the first step after 35000 cycles, then one every 1000; 8580: 2519864 and
    // 315000. A step sets bit 0 and gives every cell the 1 of the cell below it.
    for (model, first, step) in [
        (ChipModel::Mos6581, 35_000, 1_000),
        (ChipModel::Mos8580, 2_519_864, 315_000),
    ] {
        let mut s = Sid::new(model);
        // TEST clears the accumulator; its release shifts once (bit 0: NOT bit 17 = 0),
        // then noise+triangle at phase 0 writes every tap to 0.
        s.write(V3 + CONTROL, TEST);
        s.write(V3 + CONTROL, NOISE | TRIANGLE);
        s.write(V3 + CONTROL, NOISE | TRIANGLE | TEST);
        let start = 0x7F_FFFC & !0x14_4A25; // taps 20 18 14 11 9 5 2 0 cleared
        assert_eq!(s.voice_state(2).1, start, "{model:?}");
        s.clock(first - 1);
        assert_eq!(s.voice_state(2).1, start, "{model:?}: not yet");
        s.clock(1);
        // 0x6BB5D8 | 1 = 0x6BB5D9, OR'd with itself shifted up one: bit 2 stays 0
        // (bit 1 was 0), every other cell has a 1 at or below it.
        assert_eq!(s.voice_state(2).1, 0x7F_FFFB, "{model:?}: first step");
        s.clock(step - 1);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFB, "{model:?}");
        s.clock(1);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFF, "{model:?}: second step");
        // Bit by bit from a register of zeros: a run of ones growing from bit 0.
        let mut s = Sid::new(model);
        set_freq(&mut s, V3, 0xFFFF);
        s.write(V3 + CONTROL, NOISE | PULSE | SAWTOOTH);
        s.clock(200_000);
        assert_eq!(
            s.voice_state(2).1,
            0,
            "{model:?}: every bit written back to 0"
        );
        s.write(V3 + CONTROL, NOISE | TEST);
        s.clock(first);
        assert_eq!(s.voice_state(2).1, 0b11, "{model:?}");
        s.clock(step * 5);
        assert_eq!(s.voice_state(2).1, 0b111_1111, "{model:?}");
        s.clock(step * 100);
        assert_eq!(s.voice_state(2).1, 0x7F_FFFF, "{model:?}");
    }
}

#[test]
fn the_8580s_osc3_latch_sees_the_noise_shift_before_the_cycles_write_back() {
    // Noise+triangle from phase 0 (every tap written 0), then a high frequency: in the
    // cycle the register shifts, the taps take the bits below them and the triangle's
    // lines write the zeros back at once. The 6581's OSC3 reads the lines after that
    // write-back; the 8580's latches the cycle-old triangle with the shifted cells
    // before it (VICE's noise_writeback_test2: $14 on the 6581, $12 on the 8580).
    for (model, read) in [(ChipModel::Mos6581, 0x14), (ChipModel::Mos8580, 0x12)] {
        let mut s = Sid::new(model);
        s.write(V3 + CONTROL, TEST);
        s.clock(10_000_000);
        s.write(V3 + CONTROL, NOISE | TRIANGLE);
        assert_eq!(s.voice_state(2).1, 0x6B_B5DA, "{model:?}");
        s.clock(4);
        assert_eq!(s.read(OSC3), 0, "{model:?}");
        s.clock(4);
        s.write(V3 + FREQ_LO, 0xFF);
        s.clock(4);
        s.write(V3 + FREQ_HI, 0xFF);
        s.clock(9);
        assert_eq!(s.voice_state(2).1, 0x6B_B5DA, "{model:?}: not shifted yet");
        s.clock(1);
        // Shifted (0x576BB4: taps 20 18 14 11 9 5 2 set, bit 0 fed 0), then written
        // back by the triangle's lines 8 and 6 (accumulator $0A03F2).
        assert_eq!(s.voice_state(2).0, 0x0A_03F2, "{model:?}");
        assert_eq!(s.voice_state(2).1, 0x43_29B0, "{model:?}");
        assert_eq!(s.read(OSC3), read, "{model:?}");
        s.clock(1);
        assert_eq!(
            s.read(OSC3),
            0x14,
            "{model:?}: a cycle on, both read lines 8 and 6"
        );
    }
}
