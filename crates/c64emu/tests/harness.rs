//! The harness API: load, call, peek/poke, run_until, screen_text, snapshot.
mod common;

use c64emu::{Machine, Regs, Stop};
use common::*;

#[test]
fn call_runs_to_rts_with_exact_cycles() {
    let mut m = Machine::new();
    // $C000: LDA #$05 (2) CLC (2) ADC #$03 (2) RTS (6); JSR adds 6.
    m.load_raw(0xC000, &[0xA9, 0x05, 0x18, 0x69, 0x03, 0x60])
        .unwrap();
    let pc_before = m.regs().pc;
    let r = m.call(0xC000, 1000).unwrap();
    assert_eq!(r.regs.a, 8);
    assert_eq!(r.cycles, 18);
    assert_eq!(r.regs.pc, pc_before);
    assert_eq!(r.regs.sp, 0xFA);
}

#[test]
fn call_counts_page_crossing_and_branches() {
    let mut m = Machine::new();
    // LDX #$00 (2); loop: INX (2); CPX #$03 (2); BNE loop (3 taken, 2 not); LDA $C0FF,X (5, crosses); RTS (6)
    m.load_raw(
        0xC000,
        &[
            0xA2, 0x00, 0xE8, 0xE0, 0x03, 0xD0, 0xFB, 0xBD, 0xFF, 0xC0, 0x60,
        ],
    )
    .unwrap();
    m.poke(0xC102, 0x77);
    let r = m.call(0xC000, 1000).unwrap();
    assert_eq!(r.regs.x, 3);
    assert_eq!(r.regs.a, 0x77);
    assert_eq!(r.cycles, 6 + 2 + 3 * (2 + 2) + 3 + 3 + 2 + 5 + 6);
}

#[test]
fn call_by_label_and_unknown_label() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xA9, 0x2A, 0x60]).unwrap();
    m.set_symbols([("answer".to_string(), 0xC000)]);
    assert_eq!(m.resolve("answer"), Some(0xC000));
    assert_eq!(m.resolve("$c000"), Some(0xC000));
    assert_eq!(m.resolve("0xC000"), Some(0xC000));
    assert_eq!(m.resolve("49152"), Some(0xC000));
    assert_eq!(m.call("answer", 100).unwrap().regs.a, 42);
    assert_eq!(m.call("nope", 100), Err(Stop::UnknownTarget("nope".into())));
}

#[test]
fn call_fails_on_brk_jam_and_budget() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xEA, 0x00, 0x00]).unwrap();
    assert_eq!(m.call(0xC000, 1000), Err(Stop::Brk { pc: 0xC001 }));
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xEA, 0x02]).unwrap();
    assert_eq!(
        m.call(0xC000, 1000),
        Err(Stop::Jam {
            pc: 0xC001,
            opcode: 0x02
        })
    );
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0x4C, 0x00, 0xC0]).unwrap();
    assert_eq!(m.call(0xC000, 1000), Err(Stop::CycleLimit));
}

#[test]
fn nested_jsr_inside_call_returns_at_the_outer_rts() {
    let mut m = Machine::new();
    // $C000: JSR $C004; RTS; $C004: INX; RTS
    m.load_raw(0xC000, &[0x20, 0x04, 0xC0, 0x60, 0xE8, 0x60])
        .unwrap();
    let r = m.call(0xC000, 1000).unwrap();
    assert_eq!(r.regs.x, 1);
    assert_eq!(r.cycles, 6 + 6 + 2 + 6 + 6);
}

#[test]
fn peek_poke_read_write_and_regs() {
    let mut m = Machine::new();
    m.poke(0x1234, 0xAB);
    assert_eq!(m.peek(0x1234), 0xAB);
    m.write(0xFFFE, &[1, 2, 3]);
    assert_eq!(m.read(0xFFFE, 3), vec![1, 2, 3]);
    assert_eq!(m.ram().len(), 65536);
    // RAM under the KERNAL is RAM to peek; the CPU still sees ROM there.
    assert_eq!(m.peek(0xFFFE), 1);
    assert_eq!(m.peek_banked(0xFFFE), 0x48);
    let regs = Regs {
        a: 1,
        x: 2,
        y: 3,
        sp: 0xF0,
        pc: 0x1000,
        p: 0x21,
    };
    m.set_regs(regs);
    assert_eq!(m.regs(), Regs { p: 0x21, ..regs });
}

#[test]
fn autostart_runs_sys_line_and_returns_to_basic() {
    let mut m = Machine::new();
    let mut code = print_code(b"HI");
    code.push(0x60);
    let loaded = m.load_prg(&sys_prg(&code)).unwrap();
    assert_eq!(loaded.start, 0x0801);
    assert_eq!(loaded.sys, Some(2061));
    assert_eq!(m.autostart().unwrap(), 2061);
    assert_eq!(m.regs().pc, 2061);
    assert_eq!(m.run(100_000), Stop::ReturnedToBasic);
    assert_eq!(&m.screen_text()[..3], "HI ");
}

#[test]
fn run_until_label_then_continue() {
    let mut m = Machine::new();
    // $C000: INX; INX; INX; RTS   "third" = $C002
    m.load_raw(0xC000, &[0xE8, 0xE8, 0xE8, 0x60]).unwrap();
    m.set_symbols([("third".to_string(), 0xC002)]);
    m.start_at(0xC000);
    assert_eq!(m.run_until("third", 1000), Ok(4));
    assert_eq!(m.regs().x, 2);
    assert_eq!(m.run(1000), Stop::ReturnedToBasic);
    assert_eq!(m.regs().x, 3);
}

#[test]
fn screen_text_has_25_lines_of_40() {
    let m = Machine::new();
    let text = m.screen_text();
    assert_eq!(text.lines().count(), 25);
    assert!(text.lines().all(|l| l.chars().count() == 40));
}

#[test]
fn snapshot_restores_everything() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xE6, 0xFB, 0x60]).unwrap(); // INC $FB; RTS
    let snap = m.snapshot();
    let cycles = m.cycles();
    m.call(0xC000, 100).unwrap();
    m.call(0xC000, 100).unwrap();
    m.print_petscii(b"X");
    assert_eq!(m.peek(0xFB), 2);
    m.restore(&snap);
    assert_eq!(m.peek(0xFB), 0);
    assert_eq!(m.cycles(), cycles);
    assert!(m.screen_text().starts_with("    "));
    let clone = m.clone();
    m.call(0xC000, 100).unwrap();
    assert_eq!(clone.peek(0xFB), 0);
}

#[test]
fn call_a_kernal_routine_directly() {
    let mut m = Machine::new();
    let mut regs = m.regs();
    regs.a = b'Q';
    m.set_regs(regs);
    let r = m.call(0xFFD2, 1000).unwrap();
    assert_eq!(m.screen_line(0), "Q");
    // JSR 6 + JMP ($0326) 5 + native 20 + RTS 6
    assert_eq!(r.cycles, 37);
    assert_eq!(r.regs.a, b'Q');
}

#[test]
fn load_prg_sets_the_end_pointers_and_load_raw_only_copies() {
    let mut m = Machine::new();
    let l = m.load_prg(&sys_prg(&[0x60])).unwrap();
    assert_eq!((l.start, l.end), (0x0801, 0x080E));
    assert_eq!(m.read(0xAE, 2), vec![0x0E, 0x08]);
    assert_eq!(m.read(0x2D, 2), vec![0x0E, 0x08]);
    let before = m.read(0, 256);
    let l = m.load_raw(0xC000, &[1, 2, 3]).unwrap();
    assert_eq!((l.start, l.end, l.sys), (0xC000, 0xC003, None));
    assert_eq!(m.read(0, 256), before);
    assert_eq!(
        m.load_raw(0xFFFF, &[1, 2]),
        Err(c64emu::LoadError::PastEnd {
            start: 0xFFFF,
            len: 2
        })
    );
    assert_eq!(
        m.load_prg(&[1]),
        Err(c64emu::LoadError::TooShort { len: 1 })
    );
    assert_eq!(m.load_raw(0xFFFF, &[9]).unwrap().end, 0x10000);
}

#[test]
fn an_image_loaded_from_zero_page_keeps_its_bytes_where_basic_has_pointers() {
    // A machine-code image from $0002 to $0FFF covers $0801 but is not BASIC: its
    // zero page (including $2D/$2E, the start of BASIC's variables) stays as loaded.
    let mut image = vec![0x02, 0x00];
    image.extend((0x0002..0x1000).map(|a: u32| (a % 251) as u8));
    let mut m = Machine::new();
    let l = m.load_prg(&image).unwrap();
    assert_eq!(l.sys, None);
    assert_eq!(m.read(0x2D, 2), vec![0x2D, 0x2E]);
    assert_eq!(
        m.read(0xAE, 2),
        vec![0x00, 0x10],
        "the end address as LOAD leaves it"
    );
    // From $0800 (BASIC's zero byte first) it is BASIC, as from $0801.
    let mut basic = vec![0x00, 0x08, 0x00];
    basic.extend(&sys_prg(&[0x60])[2..]);
    let l = m.load_prg(&basic).unwrap();
    assert_eq!(l.sys, Some(0x080D));
    assert_eq!(m.read(0x2D, 2), vec![0x0E, 0x08]);
}

#[test]
fn machines_and_snapshots_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Machine>();
    send_sync::<c64emu::Snapshot>();
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xE8, 0x60]).unwrap();
    let snap = m.snapshot();
    let handle = std::thread::spawn(move || {
        let mut other = Machine::new();
        other.restore(&snap);
        other.call(0xC000, 100).unwrap().regs.x
    });
    assert_eq!(handle.join().unwrap(), 1);
}

#[test]
fn instruction_count() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xE8, 0xE8, 0x60]).unwrap();
    let before = m.instructions();
    m.call(0xC000, 100).unwrap();
    assert_eq!(m.instructions() - before, 3);
}

#[test]
fn step_executes_one_instruction() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0xA2, 0x05, 0xE8, 0x02]).unwrap(); // LDX #5; INX; JAM
    m.start_at(0xC000);
    m.step().unwrap();
    assert_eq!((m.regs().pc, m.regs().x), (0xC002, 5));
    m.step().unwrap();
    assert_eq!((m.regs().pc, m.regs().x), (0xC003, 6));
    assert_eq!(
        m.step(),
        Err(Stop::Jam {
            pc: 0xC003,
            opcode: 0x02
        })
    );
    assert_eq!(m.regs().pc, 0xC003);
}

#[test]
fn read_modify_write_cycles_do_not_grow_on_page_crossing() {
    for (code, cycles) in [
        (vec![0xA2, 0x01, 0xFE, 0xFF, 0xC0, 0x60], 6 + 2 + 7 + 6), // INC $C0FF,X crosses
        (vec![0xA2, 0x01, 0xFE, 0x00, 0xC1, 0x60], 6 + 2 + 7 + 6), // INC $C100,X
        (vec![0xA2, 0x01, 0xBD, 0xFF, 0xC0, 0x60], 6 + 2 + 5 + 6), // LDA $C0FF,X crosses
        (vec![0xA0, 0x01, 0xD3, 0xFB, 0x60], 6 + 2 + 8 + 6),       // DCP ($FB),Y crosses
        (vec![0xA0, 0x00, 0xD3, 0xFB, 0x60], 6 + 2 + 8 + 6),       // DCP ($FB),Y
        (vec![0xA0, 0x01, 0xDB, 0xFF, 0xC0, 0x60], 6 + 2 + 7 + 6), // DCP $C0FF,Y crosses
        (vec![0xA2, 0x00, 0xC3, 0xFB, 0x60], 6 + 2 + 8 + 6),       // DCP ($FB,X)
    ] {
        let mut m = Machine::new();
        m.write(0xFB, &[0xFF, 0xC1]);
        m.load_raw(0xC000, &code).unwrap();
        assert_eq!(m.call(0xC000, 100).unwrap().cycles, cycles, "{code:02X?}");
    }
}

#[test]
fn unstable_opcodes_run_like_on_the_c64() {
    let mut m = Machine::new();
    // LDA #$FF; LDX #$0F; LDY #$01; SHA $C1FF,Y (crosses: stored $0F & $C2 = $02 at $0200)
    // SHX $C200,Y -> $0F & $C3 = $03 at $C201; LXA #$F0 -> A = X = ($FF|$EE) & $F0 = $F0
    m.load_raw(
        0xC000,
        &[
            0xA9, 0xFF, 0xA2, 0x0F, 0xA0, 0x01, 0x9F, 0xFF, 0xC1, 0x9E, 0x00, 0xC2, 0xAB, 0xF0,
            0x60,
        ],
    )
    .unwrap();
    let r = m.call(0xC000, 100).unwrap();
    assert_eq!(m.peek(0x0200), 0x02);
    assert_eq!(m.peek(0xC201), 0x03);
    assert_eq!((r.regs.a, r.regs.x), (0xF0, 0xF0));
    assert_eq!(r.cycles, 6 + 2 + 2 + 2 + 5 + 5 + 2 + 6);
}
