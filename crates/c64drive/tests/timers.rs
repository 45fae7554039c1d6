//! Drive code run on the drive's own CPU: VIA timer values as a loop reads them.

use c64drive::Drive;

/// A 16 KiB ROM with `code` at $C000 and the reset vector pointing there.
fn rom_with(code: &[u8]) -> Vec<u8> {
    let mut rom = vec![0xEA; 0x4000];
    rom[..code.len()].copy_from_slice(code);
    rom[0x3FFC] = 0x00;
    rom[0x3FFD] = 0xC0;
    rom
}

#[test]
fn timer2_read_in_a_loop_steps_by_the_loop_length() {
    let code = [
        0x78, // SEI
        0xA9, 0x20, 0x8D, 0x0B, 0x18, // LDA #$20 STA $180B: T2 counts PB6 (stopped)
        0xA9, 0x00, 0x8D, 0x08, 0x18, 0x8D, 0x09, 0x18, // T2 = 0
        0xA9, 0x00, 0x8D, 0x0B, 0x18, // ACR = 0: T2 counts cycles
        0xA2, 0x00, // LDX #0
        0xAD, 0x08, 0x18, // loop: LDA $1808
        0x9D, 0x00, 0x07, // STA $0700,X
        0xE8, // INX
        0xD0, 0xF7, // BNE loop
        0x4C, 0x1F, 0xC0, // JMP *
    ];
    let mut d = Drive::new(&rom_with(&code), 1_000_000).unwrap();
    while d.pc() != 0xC01F {
        d.step();
        assert!(d.cycle() < 100_000);
    }
    let got: Vec<u8> = (0..256).map(|i| d.peek(0x0700 + i)).collect();
    // The first read 5 cycles after the mode switch took effect, then 14 cycles a turn.
    for (i, &v) in got.iter().enumerate() {
        let expected = (0u8)
            .wrapping_sub(5)
            .wrapping_sub((i as u8).wrapping_mul(14));
        assert_eq!(v, expected, "read {i}: {got:02X?}");
    }
}
