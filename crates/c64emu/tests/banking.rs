//! Processor-port banking, the strict ROM-shadow check, and the I/O subset.
mod common;

use c64emu::{Machine, StrictViolation};

fn run(m: &mut Machine, code: &[u8]) {
    let mut bytes = code.to_vec();
    bytes.push(0x60);
    m.load_raw(0xC000, &bytes).unwrap();
    m.call(0xC000, 1_000_000).expect("code returns");
}

/// LDA #port STA $01; LDA addr STA $FB; LDA #$37 STA $01
fn read_with_port(m: &mut Machine, port: u8, addr: u16) -> u8 {
    let [lo, hi] = addr.to_le_bytes();
    run(
        m,
        &[
            0xA9, port, 0x85, 0x01, 0xAD, lo, hi, 0x85, 0xFB, 0xA9, 0x37, 0x85, 0x01,
        ],
    );
    m.peek(0xFB)
}

#[test]
fn processor_port_banks_basic_kernal_io_and_chargen() {
    let mut m = Machine::new();
    m.poke(0xA000, 0x11);
    m.poke(0xE000, 0x22);
    m.poke(0xD020, 0x33);
    m.poke(0xFFFE, 0x44);
    // $37: BASIC, KERNAL, I/O
    assert_eq!(read_with_port(&mut m, 0x37, 0xA000), 0x94); // BASIC cold-start vector
    assert_eq!(read_with_port(&mut m, 0x37, 0xFFFE), 0x48); // KERNAL IRQ vector
    assert_eq!(read_with_port(&mut m, 0x37, 0xD020), 0xFE); // border 14, high nibble set
    // $36: BASIC out
    assert_eq!(read_with_port(&mut m, 0x36, 0xA000), 0x11);
    assert_eq!(read_with_port(&mut m, 0x36, 0xE000), 0x00); // KERNAL stub still in
    // $35: KERNAL and BASIC out, I/O in
    assert_eq!(read_with_port(&mut m, 0x35, 0xE000), 0x22);
    assert_eq!(read_with_port(&mut m, 0x35, 0xD020), 0xFE);
    // $34: all RAM
    assert_eq!(read_with_port(&mut m, 0x34, 0xD020), 0x33);
    // $33: character ROM at $D000
    assert_eq!(
        read_with_port(&mut m, 0x33, 0xD008),
        c64emu::charset::CHARGEN[8]
    );
    assert_eq!(read_with_port(&mut m, 0x33, 0xA000), 0x94);
}

#[test]
fn port_reads_back_and_io_writes_do_not_touch_ram() {
    let mut m = Machine::new();
    assert_eq!(m.peek_banked(0x01), 0x37);
    assert_eq!(m.peek_banked(0x00), 0x2F);
    let under = m.peek(0xD020); // the RAM's power-on pattern
    run(&mut m, &[0xA9, 0x02, 0x8D, 0x20, 0xD0]); // STA $D020
    assert_eq!(m.vic_reg(0x20) & 0x0F, 2);
    assert_eq!(m.peek(0xD020), under);
    // with I/O banked out the write goes to RAM
    run(
        &mut m,
        &[
            0xA9, 0x34, 0x85, 0x01, 0xA9, 0x07, 0x8D, 0x20, 0xD0, 0xA9, 0x37, 0x85, 0x01,
        ],
    );
    assert_eq!(m.peek(0xD020), 7);
    assert_eq!(m.vic_reg(0x20) & 0x0F, 2);
}

#[test]
fn colour_ram_keeps_four_bits() {
    let mut m = Machine::new();
    run(
        &mut m,
        &[0xA9, 0xF5, 0x8D, 0x00, 0xD8, 0xAD, 0x00, 0xD8, 0x85, 0xFB],
    );
    assert_eq!(m.screen_colors()[0], 5);
    assert_eq!(m.peek(0xFB), 5);
}

#[test]
fn strict_reports_reads_of_rom_over_written_ram() {
    let mut m = Machine::new();
    m.set_strict(true);
    // $C000: LDA #1; STA $E100 (RAM under KERNAL); LDA $E100 (reads ROM!); STA $FB
    run(
        &mut m,
        &[0xA9, 0x01, 0x8D, 0x00, 0xE1, 0xAD, 0x00, 0xE1, 0x85, 0xFB],
    );
    assert_eq!(m.peek(0xFB), 0x00, "ROM byte, not the value written");
    assert_eq!(m.peek(0xE100), 0x01);
    assert_eq!(
        m.strict_violations(),
        &[StrictViolation {
            addr: 0xE100,
            pc: 0xC005
        }]
    );
    assert_eq!(m.strict_violation_count(), 1);
}

#[test]
fn strict_is_quiet_when_the_rom_is_banked_out_or_not_written() {
    let mut m = Machine::new();
    m.set_strict(true);
    // write $A123, bank BASIC out, read it back, bank in; read unwritten $A124 with BASIC in
    run(
        &mut m,
        &[
            0xA9, 0x05, 0x8D, 0x23, 0xA1, 0xA9, 0x36, 0x85, 0x01, 0xAD, 0x23, 0xA1, 0x85, 0xFB,
            0xA9, 0x37, 0x85, 0x01, 0xAD, 0x24, 0xA1,
        ],
    );
    assert_eq!(m.peek(0xFB), 5);
    assert!(m.strict_violations().is_empty());
}

#[test]
fn strict_off_by_default() {
    let mut m = Machine::new();
    run(&mut m, &[0x8D, 0x00, 0xE1, 0xAD, 0x00, 0xE1]);
    assert!(m.strict_violations().is_empty());
}

#[test]
fn raster_counter_advances_so_wait_loops_end() {
    let mut m = Machine::new();
    // wait: LDA $D012; CMP #$80; BNE wait; LDA $D011; STA $FB
    run(
        &mut m,
        &[
            0xAD, 0x12, 0xD0, 0xC9, 0x80, 0xD0, 0xF9, 0xAD, 0x11, 0xD0, 0x85, 0xFB,
        ],
    );
    assert_eq!(m.raster_line() & 0xFF, 0x80);
    assert_eq!(m.peek(0xFB) & 0x80, 0);
    // line 256+ sets bit 7 of $D011
    run(
        &mut m,
        &[0xAD, 0x11, 0xD0, 0x10, 0xFB, 0xAD, 0x12, 0xD0, 0x85, 0xFB],
    );
    assert!(m.peek(0xFB) < 56, "lines 256..311");
}

#[test]
fn sid_and_unmodelled_io_are_harmless() {
    let mut m = Machine::new();
    let under = m.peek(0xD418);
    run(
        &mut m,
        &[
            0xA9, 0x0F, 0x8D, 0x18, 0xD4, 0xAD, 0x1B, 0xD4, 0x8D, 0x00, 0xDE, 0xAD, 0x00, 0xDF,
        ],
    );
    assert_eq!(m.peek(0xD418), under);
}

#[test]
fn cia_interrupt_mask_and_latch_control_the_jiffy_rate() {
    // Masking timer A interrupts ($DC0D = $7F) stops the jiffy clock.
    let mut m = Machine::new();
    m.load_raw(
        0xC000,
        &[0xA9, 0x7F, 0x8D, 0x0D, 0xDC, 0x58, 0x4C, 0x05, 0xC0],
    )
    .unwrap();
    m.start_at(0xC000);
    m.run(200_000);
    assert_eq!(m.read(0xA0, 3), vec![0, 0, 0]);

    // Latch $2000 (8193-cycle period), force-load and start: about twice the rate.
    let mut m = Machine::new();
    m.load_raw(
        0xC000,
        &[
            0xA9, 0x00, 0x8D, 0x04, 0xDC, 0xA9, 0x20, 0x8D, 0x05, 0xDC, 0xA9, 0x11, 0x8D, 0x0E,
            0xDC, 0x58, 0x4C, 0x0F, 0xC0,
        ],
    )
    .unwrap();
    m.start_at(0xC000);
    m.run(8193 * 20 + 100);
    assert_eq!(m.peek(0xA2), 20);
    // the timer counts down between underflows
    let lo = m.peek_banked(0xDC04);
    let hi = m.peek_banked(0xDC05);
    assert!(u16::from_le_bytes([lo, hi]) <= 0x2000);
}

#[test]
fn the_port_leaves_reset_with_every_line_an_input_until_the_kernal_sets_it() {
    let mut m = Machine::with_roms(&common::testrom::test_roms());
    let (kernal, basic) = common::testrom::images();
    // DDR $00: $01 reads the pull-ups on bits 0-2 and 4 (no cassette button down), the
    // motor line low, the floating bits 6 and 7 uncharged; the data register is $00.
    assert_eq!(m.peek_banked(0x00), 0x00);
    assert_eq!(m.peek_banked(0x01), 0x17);
    // The PLA sees LORAM, HIRAM and CHAREN pulled high: BASIC, KERNAL and I/O are in.
    assert_eq!(m.peek_banked(0xA000), basic[0]);
    assert_eq!(m.peek_banked(0xE000), kernal[0]);
    assert_eq!(m.peek_banked(0xFFFC), kernal[0x1FFC]);
    assert_eq!(m.peek_banked(0xDC03), 0x00); // CIA 1's DDRB after reset, not RAM
    m.run_until_idle(5_000_000).expect("boots");
    assert_eq!(m.peek_banked(0x00), 0x2F);
    assert_eq!(m.peek_banked(0x01), 0x37);
}

#[test]
fn inputs_bank_as_high_whatever_the_data_register_holds() {
    let mut m = Machine::new();
    assert_eq!(m.peek_banked(0x00), 0x2F);
    // $01 = $00 (all RAM), then DDR = $00: the lines float up, the ROMs come back.
    run(
        &mut m,
        &[
            0xA9, 0x00, 0x85, 0x01, // LDA #$00; STA $01
            0xA9, 0x00, 0x85, 0x00, // LDA #$00; STA $00
            0xAD, 0x00, 0xA0, 0x85, 0xFB, // LDA $A000; STA $FB
            0xA5, 0x01, 0x85, 0xFC, // LDA $01; STA $FC
            0xA9, 0x37, 0x85, 0x01, 0xA9, 0x2F, 0x85, 0x00, // the KERNAL's setting back
        ],
    );
    assert_eq!(m.peek(0xFB), 0x94); // BASIC's cold-start vector
    assert_eq!(m.peek(0xFC), 0x17);
}

#[test]
fn the_stub_kernal_just_reset_sets_the_port_in_its_cold_start() {
    let mut m = Machine::stub_just_reset(None);
    assert_eq!(m.regs().pc, 0xFCE2);
    assert_eq!(m.peek_banked(0x00), 0x00);
    assert_eq!(m.peek_banked(0x01), 0x17);
    assert_eq!(m.peek_banked(0xA000), 0x94); // pulled-up lines: BASIC in
    assert_eq!(m.run(100_000), c64emu::Stop::ReturnedToBasic);
    assert_eq!(m.peek_banked(0x00), 0x2F);
    assert_eq!(m.peek_banked(0x01), 0x37);
    assert_eq!((m.peek(0x2B), m.peek(0x2C)), (0x01, 0x08)); // BASIC's start
    assert_eq!(m.peek(0x0400), 0x20); // the screen cleared
}
