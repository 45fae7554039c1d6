use super::icr::INT_ANY;
use super::*;

const MODELS: [CiaModel; 2] = [CiaModel::Mos6526, CiaModel::Mos6526A];

fn cia(model: CiaModel) -> Cia {
    let mut c = Cia::new();
    c.set_model(model);
    c
}

/// Timer A's latch (and, the timer being stopped, its counter).
fn set_ta(c: &mut Cia, v: u16, t: u64) {
    c.write(TA_LO, v as u8, t);
    c.write(TA_HI, (v >> 8) as u8, t);
}

fn set_tb(c: &mut Cia, v: u16, t: u64) {
    c.write(TB_LO, v as u8, t);
    c.write(TB_HI, (v >> 8) as u8, t);
}

/// A 16-bit counter read at cycle `t` (both bytes as of `t`).
fn counter(c: &mut Cia, lo: u8, t: u64) -> u16 {
    let l = c.read(lo, t, 0xFF, 0xFF);
    u16::from_le_bytes([l, c.peek(lo + 1, t, 0xFF, 0xFF)])
}

fn ta_values(c: &mut Cia, from: u64, n: u64) -> Vec<u16> {
    (from..from + n).map(|t| counter(c, TA_LO, t)).collect()
}

fn icr_at(c: &Cia, t: u64) -> u8 {
    c.peek(ICR, t, 0xFF, 0xFF)
}

// ----- timers -----

#[test]
fn force_load_and_start_count_three_cycles_later_and_latch_n_means_period_n_plus_1() {
    let mut c = Cia::new();
    set_ta(&mut c, 3, 0);
    // Written at 10: loaded at 12, counting from 14; 0 is never read, the underflow
    // cycle reads the latch.
    c.write(CRA, 0x11, 10);
    assert_eq!(
        ta_values(&mut c, 11, 12),
        [3, 3, 3, 2, 1, 3, 3, 2, 1, 3, 3, 2]
    );
}

#[test]
fn latch_0_underflows_every_cycle_and_latch_1_every_other() {
    for (latch, period) in [(0u16, 1u64), (1, 2)] {
        let mut c = Cia::new();
        set_ta(&mut c, latch, 0);
        c.write(CRA, 0x11, 0);
        let mut underflows = Vec::new();
        for t in 1..20 {
            if c.read(ICR, t, 0xFF, 0xFF) & INT_TA != 0 {
                underflows.push(t);
            }
        }
        let gaps: Vec<u64> = underflows.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            gaps.iter().all(|&g| g == period),
            "latch {latch}: {underflows:?}"
        );
    }
}

#[test]
fn start_counts_from_the_counter_two_cycles_later_and_stop_takes_two_cycles() {
    let mut c = Cia::new();
    set_ta(&mut c, 16, 0);
    c.write(CRA, 0x01, 100);
    assert_eq!(ta_values(&mut c, 101, 4), [16, 16, 15, 14]);
    // 13 at 105, stopped by a write at 105: two more counts.
    c.write(CRA, 0x00, 105);
    assert_eq!(ta_values(&mut c, 106, 4), [12, 11, 11, 11]);
    assert_eq!(c.read(CRA, 110, 0xFF, 0xFF) & 1, 0);
}

#[test]
fn writing_the_high_latch_byte_loads_a_stopped_timer_only() {
    let mut c = Cia::new();
    set_ta(&mut c, 0x1234, 0);
    assert_eq!(counter(&mut c, TA_LO, 1), 0x1234);
    c.write(TA_LO, 0x00, 2);
    assert_eq!(
        counter(&mut c, TA_LO, 3),
        0x1234,
        "the low byte alone does not load"
    );
    c.write(CRA, 0x01, 10);
    c.write(TA_HI, 0x40, 20);
    assert_eq!(
        counter(&mut c, TA_LO, 21),
        0x1234 - 9,
        "a running timer keeps counting"
    );
    assert_eq!(
        counter(&mut c, TA_LO, 0x1234 + 12),
        0x4000,
        "the underflow loads the latch"
    );
}

#[test]
fn a_one_shot_timer_clears_its_start_bit_on_the_underflow_and_stays_loaded() {
    let mut c = Cia::new();
    set_ta(&mut c, 4, 0);
    c.write(CRA, 0x19, 0); // underflow at 2 + 1 + 4
    assert_eq!(c.read(CRA, 6, 0xFF, 0xFF), 0x09);
    assert_eq!(c.read(CRA, 7, 0xFF, 0xFF), 0x08);
    assert_eq!(c.read(ICR, 7, 0xFF, 0xFF), INT_TA);
    assert_eq!(ta_values(&mut c, 8, 3), [4, 4, 4]);
    assert_eq!(c.read(ICR, 1000, 0xFF, 0xFF), 0, "no second underflow");
}

#[test]
fn switching_between_the_system_clock_and_cnt_takes_effect_two_cycles_later() {
    // Counting CNT (never pulsed on a C64) stands still.
    let mut c = Cia::new();
    set_ta(&mut c, 255, 0);
    c.write(CRA, 0x21, 0);
    assert_eq!(counter(&mut c, TA_LO, 50), 255);
    c.write(CRA, 0x01, 60);
    assert_eq!(counter(&mut c, TA_LO, 64), 253);
    c.write(CRA, 0x21, 68);
    assert_eq!(counter(&mut c, TA_LO, 72), 247);
    assert_eq!(counter(&mut c, TA_LO, 90), 247);
}

#[test]
fn timer_b_counts_timer_a_underflows_two_cycles_late_and_underflows_on_the_next() {
    let mut c = Cia::new();
    set_ta(&mut c, 9, 0);
    set_tb(&mut c, 3, 0);
    c.write(CRB, 0x51, 0);
    c.write(CRA, 0x11, 0); // timer A underflows at 12, 22, 32, 42
    let tb = |c: &mut Cia, t: u64| counter(c, TB_LO, t);
    assert_eq!(tb(&mut c, 13), 3);
    assert_eq!(tb(&mut c, 14), 2);
    assert_eq!(tb(&mut c, 24), 1);
    assert_eq!(tb(&mut c, 34), 0, "B reads 0 until the next underflow of A");
    assert_eq!(tb(&mut c, 42), 0);
    assert_eq!(icr_at(&c, 42) & INT_TB, 0);
    assert_eq!(tb(&mut c, 43), 3);
    assert_eq!(icr_at(&c, 43) & INT_TB, INT_TB);
}

#[test]
fn timer_b_on_the_system_clock_ignores_timer_a() {
    let mut c = Cia::new();
    set_ta(&mut c, 2, 0);
    set_tb(&mut c, 100, 0);
    c.write(CRA, 0x11, 0);
    c.write(CRB, 0x11, 0);
    assert_eq!(counter(&mut c, TB_LO, 53), 50);
}

// ----- PB6/PB7 -----

fn pb(c: &mut Cia, t: u64) -> u8 {
    c.read(PRB, t, 0xFF, 0xFF) & 0xC0
}

#[test]
fn pb6_pulses_high_for_the_underflow_cycle() {
    let mut c = Cia::new();
    set_ta(&mut c, 3, 0);
    c.write(CRA, 0x13, 10); // start, PB6 on, pulse, force load: underflows at 16, 20
    let levels: Vec<u8> = (11..22).map(|t| pb(&mut c, t) & 0x40).collect();
    assert_eq!(levels, [0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0x40, 0]);
}

#[test]
fn pb7_toggles_on_each_underflow_and_starting_sets_it_high() {
    let mut c = Cia::new();
    set_tb(&mut c, 3, 0);
    c.write(CRB, 0x17, 10); // start, PB7 on, toggle, force load: underflows at 16, 20
    let levels: Vec<u8> = (11..22).map(|t| pb(&mut c, t) & 0x80).collect();
    let (hi, lo) = (0x80, 0);
    assert_eq!(levels, [hi, hi, hi, hi, hi, lo, lo, lo, lo, hi, hi]);
    c.write(CRB, 0x06, 30); // stopped: the level stays
    assert_eq!(pb(&mut c, 40) & 0x80, pb(&mut c, 31) & 0x80);
    c.write(CRB, 0x07, 50);
    assert_eq!(pb(&mut c, 51) & 0x80, 0x80, "starting sets it high");
}

#[test]
fn the_timer_outputs_override_the_port_register_and_direction() {
    let mut c = Cia::new();
    c.write(DDRB, 0xFF, 0);
    c.write(PRB, 0xC0, 0);
    assert_eq!(c.pb_out(), 0xC0);
    c.write(CRA, 0x02, 1); // PB6 on, pulse, stopped: low
    assert_eq!(c.read(PRB, 2, 0xFF, 0xFF), 0x80);
    assert_eq!(c.pb_out(), 0x80);
    c.write(CRA, 0x00, 3);
    assert_eq!(c.read(PRB, 4, 0xFF, 0xFF), 0xC0);
}

// ----- the interrupt control register -----

/// Timer A started at 0 with force load and `latch`: underflows at 3 + latch.
fn timer_a_interrupting(model: CiaModel, latch: u16, oneshot: bool) -> Cia {
    let mut c = cia(model);
    set_ta(&mut c, latch, 0);
    c.write(ICR, 0x81, 0);
    c.write(CRA, if oneshot { 0x19 } else { 0x11 }, 0);
    c
}

#[test]
fn the_6526a_interrupts_on_the_underflow_cycle_the_6526_one_cycle_later() {
    for (model, delay) in [(CiaModel::Mos6526A, 0), (CiaModel::Mos6526, 1)] {
        let mut c = timer_a_interrupting(model, 10, false);
        let u = 13;
        c.sync(u - 1);
        assert_eq!((icr_at(&c, u - 1), c.irq_since()), (0, None));
        c.sync(u);
        assert_eq!(
            icr_at(&c, u) & INT_TA,
            INT_TA,
            "{model:?}: the flag at once"
        );
        c.sync(u + 1);
        assert_eq!(c.irq_since(), Some(u + delay), "{model:?}");
        assert_eq!(icr_at(&c, u + 1), INT_TA | INT_ANY);
        assert_eq!(c.next_event(), None, "low until read");
        // Reading acknowledges: line released at once, flags cleared.
        assert_eq!(c.read(ICR, u + 3, 0xFF, 0xFF), INT_TA | INT_ANY);
        assert_eq!(c.irq_since(), None);
        c.sync(u + 6);
        assert_eq!(icr_at(&c, u + 6), 0);
        // The next underflow 11 cycles later.
        assert_eq!(c.next_event(), Some(u + 11));
    }
}

#[test]
fn reading_the_icr_on_the_underflow_cycle() {
    // 6526: the flag without bit 7, and no interrupt; bit 7 shows for one cycle.
    let mut c = timer_a_interrupting(CiaModel::Mos6526, 2, true);
    assert_eq!(c.read(ICR, 5, 0xFF, 0xFF), INT_TA);
    assert_eq!(icr_at(&c, 6), INT_ANY);
    assert_eq!(icr_at(&c, 7), 0);
    c.sync(100);
    assert_eq!((c.irq_since(), c.last_low()), (None, None));
    // 6526A: bit 7 too, and the line went low for that cycle (an NMI input sees it).
    let mut c = timer_a_interrupting(CiaModel::Mos6526A, 2, true);
    assert_eq!(c.read(ICR, 5, 0xFF, 0xFF), INT_TA | INT_ANY);
    assert_eq!((c.irq_since(), c.last_low()), (None, Some((5, 5))));
}

#[test]
fn a_read_ends_the_low_period_on_its_cycle() {
    let mut c = timer_a_interrupting(CiaModel::Mos6526A, 2, true);
    c.sync(5);
    assert_eq!(c.irq_since(), Some(5));
    c.read(ICR, 6, 0xFF, 0xFF);
    assert_eq!((c.irq_since(), c.last_low()), (None, Some((5, 6))));
}

#[test]
fn the_6526a_clears_what_it_read_two_cycles_later_and_keeps_newer_flags() {
    // One-shots: timer B underflows at 5, timer A at 13; the ICR read at 12.
    for (model, after_read) in [
        (CiaModel::Mos6526A, [INT_TB | INT_TA, INT_TA]),
        (CiaModel::Mos6526, [INT_TA, INT_TA]),
    ] {
        let mut c = cia(model);
        set_ta(&mut c, 10, 0);
        set_tb(&mut c, 2, 0);
        c.write(CRA, 0x19, 0);
        c.write(CRB, 0x19, 0);
        assert_eq!(c.read(ICR, 12, 0xFF, 0xFF), INT_TB, "{model:?}");
        let expected_12 = if model == CiaModel::Mos6526A {
            INT_TB
        } else {
            0
        };
        assert_eq!(icr_at(&c, 12), expected_12, "{model:?}");
        assert_eq!([icr_at(&c, 13), icr_at(&c, 14)], after_read, "{model:?}");
    }
}

#[test]
fn after_a_read_the_6526a_delays_the_next_interrupt_by_a_cycle() {
    let mut c = timer_a_interrupting(CiaModel::Mos6526A, 10, false);
    c.read(ICR, 12, 0xFF, 0xFF); // the cycle before the underflow at 13
    c.sync(13);
    assert_eq!(c.irq_since(), None);
    c.sync(14);
    assert_eq!(c.irq_since(), Some(14));
}

#[test]
fn enabling_a_flag_that_is_up_interrupts_one_or_two_cycles_after_the_write() {
    for (model, delay) in [(CiaModel::Mos6526A, 1), (CiaModel::Mos6526, 2)] {
        let mut c = cia(model);
        set_ta(&mut c, 5, 0);
        c.write(CRA, 0x11, 0);
        c.sync(100);
        assert_eq!(c.irq_since(), None);
        assert_eq!(icr_at(&c, 100), INT_TA, "{model:?}: flag up, not enabled");
        c.write(ICR, 0x81, 101);
        assert_eq!(c.next_event(), Some(101 + delay));
        c.sync(101 + delay);
        assert_eq!(c.irq_since(), Some(101 + delay), "{model:?}");
        c.write(ICR, 0x01, 110);
        assert!(
            c.irq_since().is_some(),
            "clearing the mask does not release the line"
        );
    }
}

#[test]
fn a_6526_hides_a_timer_b_underflow_the_cycle_after_a_read_from_the_next_read() {
    for (model, shown) in [(CiaModel::Mos6526, 0), (CiaModel::Mos6526A, INT_TB)] {
        let mut c = cia(model);
        set_tb(&mut c, 4, 0);
        c.write(ICR, 0x82, 0);
        c.write(CRB, 0x19, 0); // underflow at 7
        c.read(ICR, 6, 0xFF, 0xFF);
        c.sync(9);
        assert!(c.irq_since().is_some(), "{model:?}: the interrupt happens");
        assert_eq!(c.read(ICR, 10, 0xFF, 0xFF) & INT_TB, shown, "{model:?}");
    }
}

#[test]
fn next_event_predicts_the_interrupt_for_each_model() {
    for (model, delay) in [(CiaModel::Mos6526A, 0), (CiaModel::Mos6526, 1)] {
        let mut c = cia(model);
        c.start_jiffy_timer(0x4025, 0);
        let e = c.next_event().unwrap();
        assert_eq!(e, 0x4025);
        c.sync(e + 1);
        assert_eq!(c.irq_since(), Some(0x4025 + delay));
    }
}

#[test]
fn a_million_cycles_of_a_running_timer_are_exact() {
    let mut c = Cia::new();
    c.start_jiffy_timer(0x4025, 0);
    // Underflows at k * 16422 + 16421; the last one at 60 * 16422 - 1.
    assert_eq!(counter(&mut c, TA_LO, 16422 * 60 + 5), 0x4025 - 5);
}

// ----- time of day -----

/// The cycle of mains tick `n`.
fn tick(n: u64) -> u64 {
    Cia::new().tick_cycle(n)
}

fn time(c: &mut Cia, t: u64) -> [u8; 4] {
    let h = c.read(TOD_HR, t, 0xFF, 0xFF);
    let m = c.read(TOD_MIN, t, 0xFF, 0xFF);
    let s = c.read(TOD_SEC, t, 0xFF, 0xFF);
    [c.read(TOD_10THS, t, 0xFF, 0xFF), s, m, h]
}

fn set_time(c: &mut Cia, [t, s, m, h]: [u8; 4], at: u64) {
    c.write(TOD_HR, h, at);
    c.write(TOD_MIN, m, at);
    c.write(TOD_SEC, s, at);
    c.write(TOD_10THS, t, at);
}

#[test]
fn the_clock_stands_at_1_am_from_power_on_until_the_tenths_are_written() {
    let mut c = Cia::new();
    assert_eq!(time(&mut c, tick(100)), [0, 0, 0, 0x01]);
    c.write(TOD_10THS, 0, tick(100) + 1);
    // A tick counts after the CPU's access of its cycle; at 60 Hz six make a tenth.
    assert_eq!(time(&mut c, tick(106)), [0, 0, 0, 0x01]);
    assert_eq!(time(&mut c, tick(106) + 1), [1, 0, 0, 0x01]);
}

#[test]
fn tenths_come_every_5_mains_ticks_at_50_hz_and_every_6_at_60() {
    for (cra, per_tenth) in [(0x80, 5), (0x00, 6)] {
        let mut c = Cia::new();
        c.write(CRA, cra, 1);
        set_time(&mut c, [0, 0, 0, 0x01], 2);
        // The divider starts at zero: the first tenth on tick `per_tenth`.
        assert_eq!(time(&mut c, tick(per_tenth))[0], 0);
        assert_eq!(time(&mut c, tick(per_tenth) + 1)[0], 1);
        assert_eq!(
            time(&mut c, tick(10 * per_tenth) + 1)[0..2],
            [0, 1],
            "one second"
        );
    }
}

#[test]
fn on_an_ntsc_machine_the_mains_ticks_60_times_a_second_of_its_clock() {
    let mut c = Cia::new();
    c.set_mains(1_022_727, 60);
    assert_eq!(c.tick_cycle(60), 1_022_727);
    // CRA bit 7 clear (60 Hz): one second after 60 ticks, one NTSC second.
    set_time(&mut c, [0, 0, 0, 0x01], 0);
    assert_eq!(time(&mut c, 1_022_727)[0..2], [9, 0]);
    assert_eq!(time(&mut c, 1_022_728)[0..2], [0, 1]);
}

#[test]
fn writing_the_hours_stops_the_clock_and_12_flips_am_pm() {
    let mut c = Cia::new();
    c.write(CRA, 0x80, 0);
    set_time(&mut c, [0, 0, 0, 0x12], 1);
    assert_eq!(
        time(&mut c, 2),
        [0, 0, 0, 0x92],
        "12 AM written reads 12 PM"
    );
    // Stopped by the write on tick 10's cycle, before the tick: one tenth counted.
    c.write(TOD_HR, 0x92, tick(10));
    assert_eq!(
        time(&mut c, tick(50)),
        [1, 0, 0, 0x12],
        "stopped at the write"
    );
    c.write(TOD_10THS, 2, tick(51) + 1);
    assert_eq!(time(&mut c, tick(56)), [2, 0, 0, 0x12]);
    assert_eq!(
        time(&mut c, tick(56) + 1),
        [3, 0, 0, 0x12],
        "running after the tenths"
    );
}

#[test]
fn hours_count_to_12_flipping_pm_and_on_to_1() {
    let mut c = Cia::new();
    c.write(CRA, 0x80, 0);
    set_time(&mut c, [9, 0x59, 0x59, 0x11], 1);
    assert_eq!(time(&mut c, tick(5) + 1), [0, 0, 0, 0x92]);
    set_time(&mut c, [9, 0x59, 0x59, 0x12], tick(5) + 2); // written 12 AM: 12 PM
    assert_eq!(time(&mut c, tick(10) + 1), [0, 0, 0, 0x81]);
    set_time(&mut c, [9, 0x59, 0x59, 0x09], tick(10) + 2);
    assert_eq!(time(&mut c, tick(15) + 1), [0, 0, 0, 0x10]);
}

#[test]
fn invalid_digits_count_within_their_bits_without_carrying() {
    let mut c = Cia::new();
    c.write(CRA, 0x80, 0);
    set_time(&mut c, [0x0F, 0x5B, 0x7F, 0x1F], 1);
    assert_eq!(
        time(&mut c, tick(5) + 1),
        [0, 0x5B, 0x7F, 0x1F],
        "tenths 15 -> 0, no carry"
    );
    set_time(&mut c, [9, 0x7F, 0x00, 0x01], tick(5) + 2);
    assert_eq!(
        time(&mut c, tick(10) + 1),
        [0, 0x70, 0, 0x01],
        "seconds 7F -> 70"
    );
}

#[test]
fn reading_the_hours_latches_the_time_until_the_tenths_are_read() {
    let mut c = Cia::new();
    c.write(CRA, 0x80, 0);
    set_time(&mut c, [0, 0, 0, 0x01], 1);
    assert_eq!(c.read(TOD_HR, 2, 0xFF, 0xFF), 0x01);
    assert_eq!(c.read(TOD_SEC, tick(60), 0xFF, 0xFF), 0, "latched");
    assert_eq!(
        c.read(TOD_HR, tick(60), 0xFF, 0xFF),
        0x01,
        "still the old latch"
    );
    assert_eq!(c.read(TOD_10THS, tick(60), 0xFF, 0xFF), 0);
    assert_eq!(
        c.read(TOD_SEC, tick(60) + 1, 0xFF, 0xFF),
        1,
        "released: 1.2 s"
    );
    assert_eq!(c.read(TOD_10THS, tick(60) + 1, 0xFF, 0xFF), 2);
}

#[test]
fn the_alarm_flag_rises_when_the_time_reaches_or_is_set_to_the_alarm() {
    for model in MODELS {
        let mut c = cia(model);
        c.write(CRA, 0x80, 0);
        c.write(CRB, 0x80, 1);
        set_time(&mut c, [2, 0, 0, 0x01], 2); // alarm 01:00:00.2
        c.write(CRB, 0x00, 3);
        set_time(&mut c, [0, 0, 0, 0x01], 4);
        // Writing the alarm's hours made it equal to the time for a moment.
        assert_eq!(c.read(ICR, 5, 0xFF, 0xFF), INT_ALARM);
        c.write(ICR, 0x84, 9);
        assert_eq!(c.next_event(), Some(tick(1)));
        c.sync(tick(10) - 1);
        assert_eq!(c.irq_since(), None);
        c.sync(tick(10) + 1);
        let delay = u64::from(model == CiaModel::Mos6526);
        assert_eq!(c.irq_since(), Some(tick(10) + delay), "{model:?}");
        assert_eq!(c.read(ICR, tick(10) + 3, 0xFF, 0xFF), INT_ALARM | INT_ANY);
        // Writing the time equal to the alarm raises it too.
        // Writing the time equal to the alarm raises it too (at 01:00:00.3 now).
        c.write(TOD_10THS, 2, tick(16));
        assert_eq!(c.read(ICR, tick(16) + 4, 0xFF, 0xFF) & INT_ALARM, INT_ALARM);
    }
}

// ----- serial shift register -----

#[test]
fn a_byte_goes_out_in_16_timer_a_underflows_and_then_the_flag_rises() {
    for model in MODELS {
        let mut c = cia(model);
        set_ta(&mut c, 3, 0);
        c.write(CRA, 0x51, 0); // SP out, force load, start: underflows at 6 + 4k
        c.write(SDR, 0xA5, 1);
        // Each underflow moves CNT a cycle later; the 15th (6 + 14 * 4 = 62) sends
        // the last bit at 63, and the flag rises two cycles after that, after the
        // CPU's access of that cycle.
        assert_eq!(c.read(ICR, 65, 0xFF, 0xFF) & INT_SDR, 0, "{model:?}");
        assert_eq!(c.read(ICR, 66, 0xFF, 0xFF) & INT_SDR, INT_SDR, "{model:?}");
        assert_eq!(
            c.read(SDR, 67, 0xFF, 0xFF),
            0xA5,
            "the SDR keeps what was written"
        );
        assert_eq!(
            c.read(ICR, 500, 0xFF, 0xFF) & INT_SDR,
            0,
            "one byte, one flag"
        );
    }
}

#[test]
fn a_byte_written_while_one_is_going_out_follows_it() {
    let mut c = Cia::new();
    set_ta(&mut c, 3, 0);
    c.write(CRA, 0x51, 0);
    c.write(SDR, 0x01, 1);
    c.write(SDR, 0x02, 20);
    assert_eq!(c.read(ICR, 66, 0xFF, 0xFF) & INT_SDR, INT_SDR);
    assert_eq!(c.read(ICR, 66 + 63, 0xFF, 0xFF) & INT_SDR, 0);
    assert_eq!(
        c.read(ICR, 66 + 64, 0xFF, 0xFF) & INT_SDR,
        INT_SDR,
        "16 underflows later"
    );
}

#[test]
fn the_serial_flag_interrupts_too() {
    let mut c = Cia::new();
    set_ta(&mut c, 3, 0);
    c.write(ICR, 0x88, 0);
    c.write(CRA, 0x51, 0);
    c.write(SDR, 0x01, 1);
    c.sync(60);
    assert_eq!(c.irq_since(), None);
    c.sync(80);
    assert!(c.irq_since().is_some());
}

#[test]
fn with_nothing_on_cnt_the_input_mode_receives_nothing() {
    let mut c = Cia::new();
    set_ta(&mut c, 3, 0);
    c.write(CRA, 0x11, 0);
    c.write(SDR, 0x5A, 1);
    assert_eq!(c.read(ICR, 1000, 0xFF, 0xFF) & INT_SDR, 0);
    assert_eq!(c.read(SDR, 1001, 0xFF, 0xFF), 0x5A);
}

// ----- ports -----

#[test]
fn ports_mix_outputs_with_external_inputs() {
    let mut c = Cia::new();
    c.write(DDRA, 0x0F, 0);
    c.write(PRA, 0x05, 0);
    assert_eq!(c.read(PRA, 1, 0xF0, 0xFF), 0xF5);
    assert_eq!(c.read(PRA, 1, 0x70, 0xFF), 0x75);
    assert_eq!(c.pa_out(), 0xF5);
    assert_eq!(c.read(DDRA, 2, 0, 0), 0x0F);
}
