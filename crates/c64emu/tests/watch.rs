//! Watches end runs at executed, read and written addresses (I/O included), and cost
//! a machine without one nothing it could see.

use c64emu::{Access, Machine, Stop, Watch, WatchHit};

/// LDA #$05; STA $D020; LDA $C000; INC $C001; JMP $0810 at $0810.
const PROGRAM: [u8; 14] = [
    0xA9, 0x05, 0x8D, 0x20, 0xD0, 0xAD, 0x00, 0xC0, 0xEE, 0x01, 0xC0, 0x4C, 0x10, 0x08,
];

fn machine() -> Machine {
    let mut m = Machine::new();
    m.load_raw(0x0810, &PROGRAM).unwrap();
    m.start_at(0x0810);
    m
}

#[test]
fn a_write_to_an_io_register_stops_after_the_instruction() {
    let mut m = machine();
    let mut w = Watch::new();
    w.add(Access::Write, 0xD020, 0xD020);
    m.set_watch(Some(w));
    let stop = m.run(1_000_000);
    assert_eq!(
        stop,
        Stop::Watch(WatchHit {
            access: Access::Write,
            addr: 0xD020,
            value: 0x05,
            pc: 0x0812
        })
    );
    assert_eq!(m.regs().pc, 0x0815, "after the STA");
    assert_eq!(m.vic_reg(0x20) & 0x0F, 5);
}

#[test]
fn reads_and_read_modify_writes_real_write_are_seen() {
    let mut m = machine();
    let mut w = Watch::new();
    w.add(Access::Read, 0xC000, 0xC000);
    m.set_watch(Some(w));
    let Stop::Watch(hit) = m.run(1_000_000) else {
        panic!()
    };
    assert_eq!(
        (hit.access, hit.addr, hit.pc),
        (Access::Read, 0xC000, 0x0815)
    );
    assert_eq!(m.regs().pc, 0x0818);
    let mut w = Watch::new();
    w.add(Access::Write, 0xC001, 0xC001);
    m.set_watch(Some(w));
    let before = m.peek(0xC001);
    let Stop::Watch(hit) = m.run(1_000_000) else {
        panic!()
    };
    // INC writes the old value back first (a dummy write, not seen), then the new one.
    assert_eq!(
        (hit.addr, hit.value, hit.pc),
        (0xC001, before.wrapping_add(1), 0x0818)
    );
    assert_eq!(m.peek(0xC001), before.wrapping_add(1));
}

#[test]
fn an_exec_watch_stops_before_the_instruction_and_a_run_resumes_from_it() {
    let mut m = machine();
    let mut w = Watch::new();
    w.add(Access::Exec, 0x0815, 0x0815);
    m.set_watch(Some(w));
    let Stop::Watch(hit) = m.run(1_000_000) else {
        panic!()
    };
    assert_eq!(
        (hit.access, hit.addr, hit.value),
        (Access::Exec, 0x0815, 0xAD)
    );
    assert_eq!(m.regs().pc, 0x0815);
    // Resuming at the hit does not hit again at once: the next time round the loop.
    let cycles = m.cycles();
    let Stop::Watch(again) = m.run(1_000_000) else {
        panic!()
    };
    assert_eq!(again.addr, 0x0815);
    assert!(m.cycles() > cycles + 10);
    m.set_watch(None);
    assert_eq!(m.run(10_000), Stop::CycleLimit);
}

#[test]
fn dummy_reads_are_not_seen() {
    // LDA $C0FF,X with X = 1 reads $C000 first (the page not yet carried): a dummy read.
    let mut m = Machine::new();
    let code = [0xA2, 0x01, 0xBD, 0xFF, 0xC0, 0x4C, 0x15, 0x08];
    m.load_raw(0x0810, &code).unwrap();
    m.start_at(0x0810);
    let mut w = Watch::new();
    w.add(Access::Read, 0xC000, 0xC000);
    m.set_watch(Some(w));
    assert_eq!(m.run(100_000), Stop::CycleLimit);
    let mut w = Watch::new();
    w.add(Access::Read, 0xC100, 0xC100);
    m.set_watch(Some(w));
    m.start_at(0x0810);
    let Stop::Watch(hit) = m.run(100_000) else {
        panic!()
    };
    assert_eq!((hit.addr, hit.pc), (0xC100, 0x0812));
}

#[test]
fn a_watched_machine_runs_the_same_cycles_as_an_unwatched_one() {
    let mut plain = machine();
    let mut watched = machine();
    let mut w = Watch::new();
    w.add(Access::Read, 0x0002, 0x0002);
    watched.set_watch(Some(w));
    plain.run(200_000);
    watched.run(200_000);
    assert_eq!(plain.regs(), watched.regs());
    assert_eq!(plain.cycles(), watched.cycles());
    assert_eq!(plain.ram(), watched.ram());
}
