use super::*;

/// Write T1 with `n` (latch low then counter high): returns the VIA in the cycle after
/// the write.
fn started_t1(n: u16, acr: u8) -> Via {
    let mut v = Via::new();
    v.write(reg::ACR, acr);
    v.write(reg::T1CL, n as u8);
    v.write(reg::T1CH, (n >> 8) as u8);
    v.tick();
    v
}

#[test]
fn timer1_counts_n_to_zero_then_ffff_then_reloads() {
    let mut v = started_t1(3, 0x40);
    let mut seen = Vec::new();
    for _ in 0..10 {
        seen.push(v.timer1());
        v.tick();
    }
    // N, N-1, .., 0, $FFFF, then N again: a period of N + 2 cycles.
    assert_eq!(seen, [3, 2, 1, 0, 0xFFFF, 3, 2, 1, 0, 0xFFFF]);
}

#[test]
fn timer1_flag_sets_with_ffff_and_reading_low_byte_clears_it() {
    let mut v = started_t1(2, 0x00);
    v.write(reg::IER, 0x80 | irq::T1);
    for _ in 0..2 {
        assert!(!v.irq());
        v.tick();
    }
    assert_eq!(v.timer1(), 0);
    assert!(!v.irq());
    v.tick();
    assert_eq!(v.timer1(), 0xFFFF);
    assert!(v.irq());
    assert_eq!(v.peek(reg::IFR, 0, 0), 0x80 | irq::T1);
    v.read(reg::T1CL, 0, 0);
    assert!(!v.irq());
}

#[test]
fn timer1_switched_to_free_running_after_its_one_shot_stays_silent() {
    // A one-shot of 1 fires, then the VIA is switched to free-running: the timer
    // runs on (period 3), but only writing its high byte arms the interrupt again.
    let mut v = started_t1(1, 0x00);
    for _ in 0..3 {
        v.tick();
    }
    v.write(reg::IFR, irq::T1);
    v.write(reg::ACR, 0x40);
    for _ in 0..30 {
        v.tick();
        assert_eq!(v.peek(reg::IFR, 0, 0) & irq::T1, 0);
    }
    v.write(reg::T1CH, 0);
    let flags: Vec<bool> = (0..9)
        .map(|_| {
            v.tick();
            let f = v.peek(reg::IFR, 0, 0) & irq::T1 != 0;
            v.write(reg::IFR, irq::T1);
            f
        })
        .collect();
    // Every time-out signals now: 1, 0, $FFFF(flag), reload, ...
    assert_eq!(
        flags,
        [false, false, true, false, false, true, false, false, true]
    );
}

#[test]
fn timer1_one_shot_flags_once_but_reloads() {
    let mut v = started_t1(1, 0x00);
    for _ in 0..3 {
        v.tick();
    }
    assert_eq!(v.peek(reg::IFR, 0, 0) & irq::T1, irq::T1);
    v.write(reg::IFR, irq::T1);
    // Reloaded from the latch, it runs on, but no second interrupt.
    assert_eq!(v.timer1(), 1);
    for _ in 0..20 {
        v.tick();
        assert_eq!(v.peek(reg::IFR, 0, 0) & irq::T1, 0);
    }
}

#[test]
fn timer1_free_run_toggles_pb7() {
    let mut v = started_t1(2, 0xC0);
    let mut levels = Vec::new();
    for _ in 0..8 {
        levels.push(v.pb_out() >> 7);
        v.tick();
    }
    // Low from the load until the first time-out, high for the next period.
    assert_eq!(levels, [0, 0, 0, 1, 1, 1, 1, 0]);
}

#[test]
fn timer2_one_shot_does_not_reload() {
    let mut v = Via::new();
    v.write(reg::T2CL, 1);
    v.write(reg::T2CH, 0);
    v.tick();
    let mut seen = Vec::new();
    for _ in 0..5 {
        seen.push((v.timer2(), v.peek(reg::IFR, 0, 0) & irq::T2 != 0));
        v.tick();
    }
    assert_eq!(
        seen,
        [
            (1, false),
            (0, false),
            (0xFFFF, true),
            (0xFFFE, true),
            (0xFFFD, true)
        ]
    );
    v.read(reg::T2CL, 0, 0);
    for _ in 0..0x10000 {
        v.tick();
        assert_eq!(v.peek(reg::IFR, 0, 0) & irq::T2, 0);
    }
}

#[test]
fn ier_sets_and_clears_and_reads_bit7_high() {
    let mut v = Via::new();
    v.write(reg::IER, 0x80 | 0x42);
    assert_eq!(v.peek(reg::IER, 0, 0), 0xC2);
    v.write(reg::IER, 0x02);
    assert_eq!(v.peek(reg::IER, 0, 0), 0xC0);
}

#[test]
fn ca1_edge_and_input_latching() {
    let mut v = Via::new();
    v.write(reg::ACR, 0x01);
    // Negative edge (PCR bit 0 clear): latches the pins.
    v.set_ca1(false, 0x5A);
    assert_eq!(v.peek(reg::IFR, 0, 0) & irq::CA1, irq::CA1);
    assert_eq!(v.read(reg::ORA, 0xFF, 0), 0x5A);
    assert_eq!(v.peek(reg::IFR, 0, 0) & irq::CA1, 0);
    // A rising edge is not the active one.
    v.set_ca1(true, 0x11);
    assert_eq!(v.peek(reg::IFR, 0, 0) & irq::CA1, 0);
    assert_eq!(v.peek(reg::ORA_NH, 0xFF, 0), 0x5A);
}

#[test]
fn ports_mix_outputs_and_inputs() {
    let mut v = Via::new();
    v.write(reg::DDRB, 0x0F);
    v.write(reg::ORB, 0x05);
    assert_eq!(v.read(reg::ORB, 0, 0xA0), 0xA5);
    // Input bits are pulled high on the outside.
    assert_eq!(v.pb_out(), 0xF5);
}

#[test]
fn shift_out_under_phi2_takes_sixteen_cycles() {
    let mut v = Via::new();
    v.write(reg::ACR, 0x18);
    v.write(reg::SR, 0x81);
    let mut cycles = 0;
    while v.peek(reg::IFR, 0, 0) & irq::SR == 0 {
        v.tick();
        cycles += 1;
        assert!(cycles < 100);
    }
    assert_eq!(cycles, 16);
}

#[test]
fn timer2_clocking_the_shift_register_times_out_once_when_its_high_byte_passes_0() {
    // Shift out free-running at timer 2's rate (ACR $10); T2 = $0101: the low byte
    // counts 1, 0, reloads (high byte 0), 0, reloads with the high byte passing 0.
    let mut v = Via::new();
    v.write(reg::ACR, 0x10);
    v.write(reg::T2CL, 0x01);
    v.write(reg::T2CH, 0x01);
    let mut seen = Vec::new();
    for _ in 0..6 {
        v.tick();
        seen.push((v.timer2(), v.peek(reg::IFR, 0, 0) & irq::T2 != 0));
    }
    assert_eq!(
        seen,
        [
            (0x0101, false),
            (0x0100, false),
            (0x0001, false),
            (0x0000, false),
            (0xFF01, true),
            (0xFF00, true),
        ]
    );
    // Once: the high byte passing 0 again ($FF reloads later) is no time-out.
    v.write(reg::IFR, irq::T2);
    for _ in 0..2000 {
        v.tick();
        assert_eq!(v.peek(reg::IFR, 0, 0) & irq::T2, 0);
    }
}
