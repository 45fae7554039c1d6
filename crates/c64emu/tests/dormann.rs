//! Klaus Dormann's 6502 functional test run on the whole machine (see
//! `common/dormann.rs`): every documented opcode, flag and addressing mode, decimal mode
//! included, through the C64's bus and banking, with and without strict mode.

mod common;

use c64emu::{Machine, Stop};
use common::dormann::{self, ENTRY, STARTER, SUCCESS};
use mos6502::cpu::CPU;
use mos6502::instruction::Nmos6502;
use mos6502::memory::{Bus, Memory};

/// The test takes 96.2 M cycles; a failing check loops forever.
const BUDGET: u64 = 150_000_000;
/// Instructions the starter runs before the test (10 to set up, LDX, 6 × 4 to copy the
/// vectors, JMP), and their cycles.
const STARTER_INSTRUCTIONS: u64 = 10 + 1 + 6 * 4 + 1;
const STARTER_CYCLES: u64 = 2 + 2 + 4 * 4 + 2 + 4 + 2 + 3 + 2 + 6 * (4 + 5 + 2 + 3) - 1 + 3;

fn machine(strict: bool) -> Machine {
    let mut m = Machine::new();
    m.load_prg(&dormann::prg(&dormann::binary())).unwrap();
    m.start_at(STARTER);
    m.set_strict(strict);
    m
}

fn run_to_success(m: &mut Machine) -> u64 {
    match m.run_until(SUCCESS, BUDGET) {
        Ok(cycles) => cycles,
        Err(stop) => panic!(
            "the functional test did not pass: {} after {} cycles, {:?}",
            m.describe_stop(&stop),
            m.cycles(),
            m.regs()
        ),
    }
}

/// Instructions and cycles the bare mos6502 core takes from $0400 to the success address.
fn bare_run() -> (u64, u64) {
    let mut cpu = CPU::new(Memory::new(), Nmos6502);
    cpu.memory.set_bytes(0, &dormann::binary());
    cpu.registers.program_counter = ENTRY;
    let mut n = 0;
    while cpu.registers.program_counter != SUCCESS {
        cpu.single_step();
        n += 1;
        assert!(n < BUDGET, "the bare core did not reach ${SUCCESS:04X}");
    }
    (n, cpu.cycles)
}

#[test]
fn the_starter_banks_the_roms_out_and_enters_the_test() {
    let mut m = machine(false);
    m.run_until(ENTRY, 1000).unwrap();
    assert_eq!(m.instructions(), STARTER_INSTRUCTIONS);
    assert_eq!(m.cycles(), STARTER_CYCLES);
    assert_eq!(m.peek_banked(0x01), 0x35);
    assert_eq!(m.peek_banked(0xD011) & 0x10, 0, "the screen is off");
    let image = dormann::binary();
    for a in 0xFFFA..=0xFFFF_u16 {
        assert_eq!(
            m.peek_banked(a),
            image[usize::from(a)],
            "vector byte ${a:04X}"
        );
    }
    // The first test passes through its first checks (a failed one is a JMP * there).
    m.run(100_000);
    assert!(m.regs().pc >= ENTRY && m.regs().pc < 0x4000);
}

#[test]
#[ignore = "runs 96 M cycles (about 1-2 s optimised, much more unoptimised)"]
fn the_functional_test_passes_on_the_machine() {
    let mut m = machine(false);
    run_to_success(&mut m);
    assert_eq!(m.regs().pc, SUCCESS);
    // Every instruction of the test ran, as on the bare core, in the same cycles (the
    // test has no read-modify-write instruction crossing a page, where they differ):
    // 96,165,268 (docs/performance.md).
    let (instructions, cycles) = bare_run();
    assert_eq!(m.instructions() - STARTER_INSTRUCTIONS, instructions);
    assert_eq!(m.cycles() - STARTER_CYCLES, cycles);
    assert_eq!(cycles, 96_165_268);
    let docs = include_str!("../../../docs/performance.md");
    assert!(
        docs.contains("takes 96,165,268 cycles")
            && docs.contains(&format!("plus {STARTER_CYCLES} for the starter")),
        "docs/performance.md gives the cycles the test takes"
    );
    // It stays there: the success address is a JMP to itself.
    assert_eq!(m.run(100), Stop::CycleLimit);
    assert_eq!(m.regs().pc, SUCCESS);
}

#[test]
#[ignore = "runs 96 M cycles (about 1-2 s optimised, much more unoptimised)"]
fn the_functional_test_passes_under_strict_mode() {
    let mut m = machine(true);
    run_to_success(&mut m);
    assert_eq!(m.strict_violation_count(), 0);
}
