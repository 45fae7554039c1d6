//! The envelope in cycles: attack, decay and release times per rate, the exponential
//! counter, the ADSR delay bug (the rate counter's wrap), the $FF -> $00 wrap of a
//! retriggered attack, and the freeze at zero.
use c64sid::*;

const V3: u8 = 14;

/// The datasheet's attack times in ms (decay and release take three times as long).
const ATTACK_MS: [f64; 16] = [
    2.0, 8.0, 16.0, 24.0, 38.0, 56.0, 68.0, 80.0, 100.0, 250.0, 500.0, 800.0, 1000.0, 3000.0,
    5000.0, 8000.0,
];

/// Decay steps from $FF to $00: one per rate period while above $5D, then 2, 4, 8, 16
/// and 30 per decrement below $5D, $36, $1A, $0E, $06.
const DECAY_STEPS: u32 = 162 + 39 * 2 + 28 * 4 + 12 * 8 + 8 * 16 + 6 * 30;

fn env(s: &mut Sid) -> u8 {
    s.read(ENV3)
}

/// Both run modes, after power-on's envelope ($AA, released at rate 0) has reached $00.
fn both() -> [Sid; 2] {
    let mut with_output = Sid::new(ChipModel::Mos8580);
    with_output.enable_output(PAL_CLOCK_HZ, 48_000);
    let mut all = [Sid::new(ChipModel::Mos8580), with_output];
    for s in &mut all {
        s.clock(20_000);
        assert_eq!(s.read(ENV3), 0);
    }
    all
}

/// Clock one cycle at a time until ENV3 changes (at most `limit` cycles): the cycles.
fn until_change(s: &mut Sid, limit: u32) -> u32 {
    let start = env(s);
    for n in 1..=limit {
        s.clock(1);
        if env(s) != start {
            return n;
        }
    }
    panic!("ENV3 stayed {start:#04x} for {limit} cycles");
}

#[test]
fn power_on_reads_aa_and_releases_to_zero() {
    let mut s = Sid::new(ChipModel::Mos6581);
    s.clock(1);
    assert_eq!(env(&mut s), 0xAA, "the counter's odd bits come up high");
    s.clock(20_000);
    assert_eq!(env(&mut s), 0x00);
}

#[test]
fn attack_and_decay_take_the_rate_period_per_step() {
    assert_eq!(DECAY_STEPS, 756);
    for rate in 0..16u8 {
        let period = u32::from(RATE_PERIOD[usize::from(rate)]);
        // The slow rates cycle by cycle only in bulk (the per-cycle path is the same code).
        let runs = if rate < 9 { 2 } else { 1 };
        for mut s in both().into_iter().take(runs) {
            s.write(V3 + ATTACK_DECAY, rate << 4 | rate);
            s.write(V3 + SUSTAIN_RELEASE, 0x00);
            s.write(V3 + CONTROL, GATE);
            // The first step comes within a period (the rate counter runs on from
            // where it was) and the two cycles of the gate's state change.
            assert!(until_change(&mut s, period + 3) <= period + 3);
            assert_eq!(env(&mut s), 0x01);
            let attack = 254 * period;
            s.clock(attack - 1);
            assert_eq!(env(&mut s), 0xFE, "rate {rate}");
            s.clock(1);
            assert_eq!(env(&mut s), 0xFF, "rate {rate}");
            // Decay: the steps whose exponential period is above one come a cycle
            // later (the comparison's extra pipeline stage), the first at $5D.
            let decay = DECAY_STEPS * period + 1;
            s.clock(decay - 1);
            assert_eq!(env(&mut s), 0x01, "rate {rate}");
            s.clock(1);
            assert_eq!(env(&mut s), 0x00, "rate {rate}");
            // Within 17 % of the datasheet's times at 1 MHz.
            let ms = |cycles: u32| f64::from(cycles) / 1000.0;
            let close = |got: f64, want: f64| (got / want - 1.0).abs() < 0.17;
            assert!(
                close(ms(attack + period), ATTACK_MS[usize::from(rate)]),
                "attack {rate}: {} ms",
                ms(attack)
            );
            assert!(
                close(ms(decay), 3.0 * ATTACK_MS[usize::from(rate)]),
                "decay {rate}: {} ms",
                ms(decay)
            );
        }
    }
}

#[test]
fn decay_stops_at_the_sustain_level_and_release_falls_exponentially() {
    for mut s in both() {
        s.write(V3 + ATTACK_DECAY, 0x00);
        s.write(V3 + SUSTAIN_RELEASE, 0xA0); // sustain $AA, release 9 cycles/step
        s.write(V3 + CONTROL, GATE);
        until_change(&mut s, 12);
        s.clock(254 * 9 + (0xFF - 0xAA) * 9);
        assert_eq!(env(&mut s), 0xAA);
        s.clock(9 * 111_111);
        assert_eq!(env(&mut s), 0xAA, "holds");
        s.write(V3 + CONTROL, 0);
        until_change(&mut s, 12);
        assert_eq!(env(&mut s), 0xA9);
        // $A9 -> $5D: 76 steps of 1; below $5D every second step, a cycle later.
        s.clock(76 * 9);
        assert_eq!(env(&mut s), 0x5D);
        s.clock(2 * 9);
        assert_eq!(env(&mut s), 0x5D);
        s.clock(1);
        assert_eq!(env(&mut s), 0x5C);
        s.clock(2 * 9);
        assert_eq!(env(&mut s), 0x5B);
        s.clock(3_000_000);
        assert_eq!(env(&mut s), 0, "frozen at zero");
    }
}

#[test]
fn a_lower_rate_below_the_counter_waits_for_the_counter_to_wrap() {
    for mut s in both() {
        s.write(V3 + ATTACK_DECAY, 0x00);
        s.write(V3 + CONTROL, GATE);
        // ENV3 shows a step three cycles after the cycle that reset the rate counter
        // (it counts on to 1 in that cycle): the counter now reads 4.
        until_change(&mut s, 12);
        s.write(V3 + ATTACK_DECAY, 0xF0); // attack 31251 cycles per step
        s.clock(20_000); // the counter: 20004
        assert_eq!(env(&mut s), 1);
        s.write(V3 + ATTACK_DECAY, 0x00); // compare 8: the counter is past it
        // Up to $7FFF, then 1 (15 bits, 2^15 - 1 states), up to 8, a cycle that sees
        // the match, one that resets, three to show.
        let wait = (0x7FFF - 20_004) + 1 + 7 + 1 + 1 + 3;
        s.clock(wait - 1);
        assert_eq!(env(&mut s), 1, "the ADSR delay bug");
        s.clock(1);
        assert_eq!(env(&mut s), 2);
        s.clock(9);
        assert_eq!(env(&mut s), 3, "then every 9 cycles");
    }
}

#[test]
fn an_attack_begun_at_ff_wraps_to_zero_and_is_held_there() {
    for mut s in both() {
        s.write(V3 + ATTACK_DECAY, 0x00);
        s.write(V3 + SUSTAIN_RELEASE, 0xF0); // sustain $FF: decay rests at the top
        s.write(V3 + CONTROL, GATE);
        s.clock(300 * 9);
        assert_eq!(env(&mut s), 0xFF);
        s.write(V3 + CONTROL, 0);
        s.write(V3 + CONTROL, GATE);
        until_change(&mut s, 12);
        assert_eq!(env(&mut s), 0x00, "$FF + 1 wraps");
        s.clock(100_000);
        assert_eq!(env(&mut s), 0x00, "held at zero although the gate is on");
        // Release, then attack again: it climbs.
        s.write(V3 + CONTROL, 0);
        s.clock(20);
        s.write(V3 + CONTROL, GATE);
        s.clock(3 * 9 + 3);
        assert!(env(&mut s) >= 2);
    }
}

#[test]
fn the_gate_takes_effect_through_the_state_change() {
    // Gate on while the release at rate 0 is held at $00, decay rate $F, attack 0:
    // for a cycle the decay rate is compared, then the attack's; the first step shows
    // within the attack's period plus the change's cycles.
    for mut s in both() {
        s.write(V3 + ATTACK_DECAY, 0x0F);
        s.write(V3 + CONTROL, GATE);
        let n = until_change(&mut s, 20);
        assert!((3..=12).contains(&n), "{n}");
    }
}

#[test]
fn bulk_runs_equal_cycle_by_cycle_runs() {
    // Random writes to voice 3's envelope, frequency and control (TEST too), then a run:
    // one SID runs it in one call, the other a cycle at a time.
    let mut seed = 0x1234_5678u32;
    let mut next = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        seed >> 8
    };
    for model in [ChipModel::Mos6581, ChipModel::Mos8580] {
        let (mut bulk, mut single) = (Sid::new(model), Sid::new(model));
        for round in 0..400 {
            let (reg, value) = match next() % 4 {
                0 => (V3 + ATTACK_DECAY, (next() & 0x33) as u8),
                1 => (V3 + SUSTAIN_RELEASE, (next() & 0xF3) as u8),
                2 => (V3 + FREQ_HI, next() as u8),
                _ => {
                    let wave = [SAWTOOTH, NOISE, PULSE][(next() % 3) as usize];
                    (V3 + CONTROL, (next() as u8 & (GATE | TEST)) | wave)
                }
            };
            bulk.write(reg, value);
            single.write(reg, value);
            let n = next() % 3000;
            bulk.clock(n);
            for _ in 0..n {
                single.clock(1);
            }
            assert_eq!(bulk.voice_state(2), single.voice_state(2), "round {round}");
            assert_eq!(bulk.read(ENV3), single.read(ENV3), "round {round}");
        }
    }
}
