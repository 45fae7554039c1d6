//! Tests that assemble main.asm in-process and run it in the emulator through the
//! c64harness crate (coverage: `C64KIT_COVERAGE=target/coverage cargo test`, then
//! `genhtml target/coverage/*.lcov -o target/coverage/html`).

use c64harness::{Build, Harness};

fn machine() -> Harness {
    let build = Build::assemble("main.asm").unwrap_or_else(|e| panic!("{e}"));
    build.machine().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn suma_adds_two_bytes_and_keeps_x_and_y() {
    let mut m = machine();
    let (a, b) = (m.addr("opA"), m.addr("opB"));
    m.poke(a, 200);
    m.poke(b, 100);
    let mut regs = m.regs();
    regs.x = 0x12;
    regs.y = 0x34;
    m.set_regs(regs);
    let r = m.call("suma", 1_000).expect("suma returns");
    assert_eq!(m.peek(m.addr("result")), 44); // 300 mod 256
    assert_eq!((r.regs.x, r.regs.y), (0x12, 0x34));
    assert_eq!(r.cycles, 6 + 2 + 4 + 4 + 4 + 6); // jsr, clc, lda, adc, sta, rts
}

#[test]
fn the_program_greets_and_returns_to_basic() {
    let mut m = machine();
    m.autostart().expect("SYS line");
    let stop = m.run(1_000_000);
    assert!(matches!(stop, c64emu::Stop::ReturnedToBasic), "{stop:?}");
    assert!(m.screen_text().starts_with("HELLO FROM {{UPPER}}! 2+3=5"));
}
