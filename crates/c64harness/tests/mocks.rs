//! Mocks and watches on small programs whose every count is known: a mocked routine
//! gives its results and costs what a bare RTS costs, whether it is reached by JSR, by a
//! tail JMP, through a vector or in ROM; the patches leave no trace; watches see stray
//! writes, uninitialised reads and writes over code.

use c64asm::Options;
use c64harness::{AddrSet, Build, Flag, Harness, Mock, Reg, RegValues, Watch, WatchSpec};

const PROGRAM: &str = r#"
chrout  = $ffd2
        * = $c000
main    jsr getval      ; A = 7, twice, summed into result
        sta result
        jsr getval
        clc
        adc result
        sta result
        rts
getval  lda #7
        ldx #1
        rts
result  .byte 0
tail    jmp getval
viavec  jmp (vector)
vector  .word getval
hello   lda #'h'
        jsr chrout
        lda #'i'
        jmp chrout
spin    inc counter
        jmp spin
counter .byte 0
scratch .byte 0
selfmod lda #1
        sta selfmod+1
        lda scratch+1
        rts
"#;

fn build(source: &str) -> Build {
    let program = c64asm::assemble_str("mocks.asm", source, &Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    Build::from_program("mocks.asm", program)
}

fn machine() -> Harness {
    build(PROGRAM).machine().unwrap()
}

fn returns_a(a: u8) -> Mock {
    Mock {
        regs: RegValues {
            regs: vec![(Reg::A, a)],
            flags: vec![(Flag::C, true)],
        },
        mem: vec![],
    }
}

/// The same program with `getval` a bare RTS: what a mock must cost.
fn bare_cycles(label: &str) -> u64 {
    let bare = PROGRAM.replace(
        "getval  lda #7\n        ldx #1\n        rts",
        "getval  rts\n        nop\n        nop\n        nop\n        nop",
    );
    let mut m = build(&bare).machine().unwrap();
    m.call(label, 10_000).unwrap().cycles
}

#[test]
fn a_mock_gives_its_results_and_costs_a_bare_rts() {
    let mut m = machine();
    let before = m.read(0xC000, 0x60);
    let id = m.mock("getval", returns_a(5)).unwrap();
    let r = m.call("main", 10_000).unwrap();
    assert_eq!(m.peek(m.addr("result")), 10);
    assert_eq!(m.mock_calls(id), 2);
    assert_eq!(r.regs.x, 0, "the real getval would have set X");
    assert_eq!(r.cycles, bare_cycles("main"));
    assert_eq!(r.regs.pc, m.regs().pc);
    // No patch is left behind.
    let mut after = m.read(0xC000, 0x60);
    let result = usize::from(m.addr("result") - 0xC000);
    after[result] = before[result];
    assert_eq!(after, before);
}

#[test]
fn tail_jumps_and_vectors_reach_the_mock() {
    let mut m = machine();
    let id = m.mock("getval", returns_a(9)).unwrap();
    let r = m.call("tail", 10_000).unwrap();
    assert_eq!((r.regs.a, r.regs.p & Flag::C.bit()), (9, 1));
    assert_eq!(r.cycles, bare_cycles("tail"));
    let r = m.call("viavec", 10_000).unwrap();
    assert_eq!(r.regs.a, 9);
    assert_eq!(r.cycles, bare_cycles("viavec"));
    assert_eq!(m.mock_calls(id), 2);
}

#[test]
fn a_kernal_routine_can_be_mocked() {
    let mut m = machine();
    let plain = m.clone().call("hello", 10_000).unwrap();
    let id = m
        .mock(
            0xFFD2,
            Mock {
                regs: RegValues::default(),
                mem: vec![(m.addr("scratch"), vec![0x42])],
            },
        )
        .unwrap();
    let r = m.call("hello", 10_000).unwrap();
    assert_eq!(m.mock_calls(id), 2);
    assert_eq!(m.screen_line(0), "", "nothing printed");
    assert_eq!(m.peek(m.addr("scratch")), 0x42);
    // JSR, LDA, JSR + RTS of the mock, LDA, JMP + RTS of the mock.
    assert_eq!(r.cycles, 6 + 2 + 12 + 2 + 3 + 6);
    assert!(plain.cycles > r.cycles);
}

#[test]
fn without_mocks_a_call_is_the_machines() {
    let mut m = machine();
    let mut plain = m.clone().into_machine();
    let a = m.call("main", 10_000).unwrap();
    let b = plain.call("main", 10_000).unwrap();
    assert_eq!(a, b);
    assert_eq!(m.cycles(), plain.cycles());
}

#[test]
fn a_routine_that_never_returns_stops_at_its_budget() {
    let mut m = machine();
    m.mock("getval", returns_a(1)).unwrap();
    assert_eq!(m.call("spin", 1_000), Err(c64emu::Stop::CycleLimit));
    // Mocks and run_until: the label is reached.
    let main = m.addr("main");
    m.start_at(main);
    let stop = m.run_until("result", 10);
    assert_eq!(stop, Err(c64emu::Stop::CycleLimit));
}

#[test]
fn watches_see_stray_writes_uninitialised_reads_and_code_writes() {
    let b = build(PROGRAM);
    let mut m = b.machine().unwrap();
    let mut allowed = AddrSet::new();
    allowed.insert(m.addr("result"));
    allowed.insert_range(0x0100, 0x100);
    let mut init = AddrSet::new();
    init.insert_range(0xC000, 0x60);
    init.remove(m.addr("scratch") + 1);
    let code = b.info.code_bytes();
    let (w, handle) = Watch::new(WatchSpec {
        writes_allowed: Some(allowed),
        initialised: Some(init),
        code: Some(code),
    });
    m.set_observers(vec![w]);
    m.call("selfmod", 1_000).unwrap();
    m.set_observers(vec![]);
    let seen = handle.take().unwrap();
    let selfmod = m.addr("selfmod");
    let sta = selfmod + 2;
    assert_eq!(
        seen.stray_writes
            .iter()
            .map(|h| (h.addr, h.pc))
            .collect::<Vec<_>>(),
        [(selfmod + 1, sta)]
    );
    assert_eq!(
        seen.code_writes
            .iter()
            .map(|h| (h.addr, h.pc))
            .collect::<Vec<_>>(),
        [(selfmod + 1, sta)]
    );
    assert_eq!(
        seen.uninitialised_reads
            .iter()
            .map(|h| (h.addr, h.pc))
            .collect::<Vec<_>>(),
        [(m.addr("scratch") + 1, sta + 3)]
    );
    assert!(seen.executed.contains(selfmod) && !seen.executed.contains(m.addr("main")));
}
