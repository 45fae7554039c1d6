//! Real-ROM mode with the test ROMs (tests/roms/testrom.asm): reset through $FFFC,
//! the IRQ and the keyboard scan through CIA 1, BASIC's READY prompt, typing a program
//! through the matrix, autostart, and the virtual drive behind the KERNAL's serial
//! routines.
mod common;

use c64emu::{Machine, Stop};
use common::testrom::test_roms;

fn booted() -> Machine {
    let mut m = Machine::with_roms(&test_roms());
    m.run_until_idle(5_000_000).expect("boots to READY");
    m
}

fn screen(m: &Machine) -> Vec<String> {
    (0..25).map(|r| m.screen_line(r)).collect()
}

#[test]
fn resets_through_the_vector_and_boots_to_ready() {
    let mut m = Machine::with_roms(&test_roms());
    assert!(m.real_roms());
    assert_eq!(m.regs().pc, 0xFCE2, "the reset vector");
    let used = m.run_until_idle(5_000_000).expect("boots");
    assert!(used < 100_000, "{used} cycles");
    let s = screen(&m);
    assert_eq!(s[0], "TEST BASIC");
    assert_eq!(s[1], "READY.");
    assert_eq!(m.cursor(), (2, 0));
    assert!(m.waiting_for_input());
}

#[test]
fn a_program_typed_through_the_keyboard_matrix_runs() {
    let mut m = booted();
    m.type_keys("10 PRINT \"HELLO\"\n20 PRINT \"WORLD\"\nRUN\n");
    m.run_until_idle(50_000_000).expect("runs and waits again");
    let s = screen(&m);
    assert_eq!(
        &s[2..8],
        &[
            "10 PRINT \"HELLO\"",
            "20 PRINT \"WORLD\"",
            "RUN",
            "HELLO",
            "WORLD",
            ""
        ]
    );
    assert_eq!(s[8], "READY.");
    // Every key went through the matrix: each took at least the hold and release time.
    let keys = "10 PRINT \"HELLO\"\n20 PRINT \"WORLD\"\nRUN\n".len() as u64;
    // (the run ends when BASIC asks again, maybe before the last RETURN is released)
    let least = (keys - 1) * (c64emu::timing::HOLD + c64emu::timing::GAP);
    assert!(m.cycles() > least, "{} cycles for {keys} keys", m.cycles());
}

#[test]
fn an_unknown_line_is_echoed_after_a_question_mark() {
    let mut m = booted();
    m.type_keys("HI THERE\n");
    m.run_until_idle(20_000_000).unwrap();
    assert_eq!(m.screen_line(3), "?HI THERE");
}

#[test]
fn autostart_injects_the_prg_and_types_run() {
    let mut m = booted();
    // 10 SYS 2061; LDA #'O'; JSR $FFD2; LDA #'K'; JSR $FFD2; RTS
    let mut prg = vec![
        0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
    ];
    prg.extend([
        0xA9, b'O', 0x20, 0xD2, 0xFF, 0xA9, b'K', 0x20, 0xD2, 0xFF, 0x60,
    ]);
    m.load_prg(&prg).unwrap();
    m.type_keys("RUN\n");
    m.run_until_idle(20_000_000).unwrap();
    assert_eq!(m.screen_line(2), "RUN");
    assert_eq!(m.screen_line(3), "OK");
    assert_eq!(m.screen_line(4), "READY.");
}

#[test]
fn sys_in_direct_mode_calls_machine_code() {
    let mut m = booted();
    m.load_raw(0xC000, &[0xEE, 0x20, 0xD0, 0x60]).unwrap(); // INC $D020; RTS
    m.type_keys("SYS 49152\n");
    m.run_until_idle(20_000_000).unwrap();
    assert_eq!(m.vic_reg(0x20) & 15, 15);
}

#[test]
fn the_jiffy_clock_runs_from_the_cia_timer_interrupt() {
    let mut m = booted();
    let t0 = u32::from_be_bytes([0, m.peek(0xA0), m.peek(0xA1), m.peek(0xA2)]);
    assert_eq!(m.run(16422 * 60), Stop::CycleLimit);
    let t1 = u32::from_be_bytes([0, m.peek(0xA0), m.peek(0xA1), m.peek(0xA2)]);
    assert_eq!(t1 - t0, 60);
}
