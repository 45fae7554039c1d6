//! The full machine (bus with banking, trap table, timer IRQ + KERNAL IRQ handler,
//! event checks) against the bare mos6502 core over a flat 64 KiB array, both running
//! the same CPU-bound program at $C000. Prints instructions/s, cycles/s and the ratio,
//! then lets criterion time 1M-cycle slices of each.
use std::hint::black_box;
use std::time::Instant;

use c64emu::Machine;
use criterion::{Criterion, Throughput};
use mos6502::cpu::CPU;
use mos6502::instruction::Nmos6502;
use mos6502::memory::{Bus, Memory};

/// CLI; then forever: fill 16 pages through ($FB),Y calling a subroutine per byte,
/// sum two pages with ADC abs,X (see docs/emulator.md for the source).
const PROGRAM: [u8; 61] = [
    0x58, 0xa9, 0x00, 0x85, 0xfb, 0xa9, 0x20, 0x85, 0xfc, 0xa2, 0x10, 0xa0, 0x00, 0x98, 0x45, 0xfd,
    0x91, 0xfb, 0x20, 0x33, 0xc0, 0xc8, 0xd0, 0xf5, 0xe6, 0xfc, 0xca, 0xd0, 0xf0, 0xe6, 0xfd, 0xa2,
    0x00, 0xa9, 0x00, 0x18, 0x7d, 0x00, 0x20, 0x7d, 0x00, 0x21, 0x2a, 0xe8, 0xd0, 0xf5, 0x85, 0xfe,
    0x4c, 0x01, 0xc0, 0x48, 0xa5, 0xfe, 0x0a, 0x69, 0x07, 0x85, 0xfe, 0x68, 0x60,
];
const START: u16 = 0xC000;

fn machine() -> Machine {
    let mut m = Machine::new();
    m.load_raw(START, &PROGRAM).unwrap();
    m.start_at(START);
    m
}

fn bare() -> CPU<Memory, Nmos6502> {
    let mut mem = Memory::new();
    mem.set_bytes(START, &PROGRAM);
    let mut cpu = CPU::new(mem, Nmos6502);
    cpu.registers.program_counter = START;
    cpu
}

/// Run `cycles` on the bare core; returns instructions executed.
fn run_bare(cpu: &mut CPU<Memory, Nmos6502>, cycles: u64) -> u64 {
    let end = cpu.cycles + cycles;
    let mut n = 0;
    while cpu.cycles < end {
        cpu.single_step();
        n += 1;
    }
    n
}

struct Rate {
    instructions_per_s: f64,
    cycles_per_s: f64,
}

/// Alternate slices of the two runs so that load changes on the host hit both alike.
fn measure(total_cycles: u64, slices: u64) -> (Rate, Rate) {
    let slice = total_cycles / slices;
    let mut m = machine();
    let mut cpu = bare();
    let (mut tm, mut tb, mut ib) = (0.0, 0.0, 0);
    for _ in 0..slices {
        let t = Instant::now();
        black_box(m.run(slice));
        tm += t.elapsed().as_secs_f64();
        let t = Instant::now();
        ib += run_bare(&mut cpu, slice);
        tb += t.elapsed().as_secs_f64();
        black_box(cpu.registers.accumulator);
    }
    (
        Rate {
            instructions_per_s: m.instructions() as f64 / tm,
            cycles_per_s: m.cycles() as f64 / tm,
        },
        Rate {
            instructions_per_s: ib as f64 / tb,
            cycles_per_s: cpu.cycles as f64 / tb,
        },
    )
}

/// The machine with VIC registers set first (LDA #/STA from a routine at $CF00).
fn machine_with_vic(writes: &[(u16, u8)]) -> Machine {
    let mut m = machine();
    let mut code = Vec::new();
    for &(addr, v) in writes {
        let [lo, hi] = addr.to_le_bytes();
        code.extend([0xA9, v, 0x8D, lo, hi]);
    }
    code.push(0x60);
    m.load_raw(0xCF00, &code).unwrap();
    m.call(0xCF00, 10_000).unwrap();
    m
}

/// What the VIC costs: the same program with the screen blanked (no bad lines, no
/// sprites) and with the screen on and eight sprites shown, in alternating slices.
fn vic_cost(total_cycles: u64, slices: u64) {
    let mut blank = machine_with_vic(&[(0xD011, 0x0B)]);
    let mut sprites: Vec<(u16, u8)> = (0..8u16)
        .flat_map(|i| {
            [
                (0xD000 + 2 * i, 40 + 30 * i as u8),
                (0xD001 + 2 * i, 60 + 20 * i as u8),
            ]
        })
        .collect();
    sprites.push((0xD015, 0xFF));
    let mut busy = machine_with_vic(&sprites);
    let slice = total_cycles / slices;
    let (mut tb, mut ts) = (0.0, 0.0);
    for _ in 0..slices {
        let t = Instant::now();
        black_box(blank.run(slice));
        tb += t.elapsed().as_secs_f64();
        let t = Instant::now();
        black_box(busy.run(slice));
        ts += t.elapsed().as_secs_f64();
    }
    let rate = |m: &Machine, t: f64| (m.cycles() as f64 / t, m.instructions() as f64 / t);
    let (bc, bi) = rate(&blank, tb);
    let (sc, si) = rate(&busy, ts);
    println!("The VIC's cost, same program, {total_cycles} cycles each:");
    println!(
        "  screen blanked:          {:7.1} M cycles/s  {:7.1} M instructions/s",
        bc / 1e6,
        bi / 1e6
    );
    println!(
        "  screen on, 8 sprites:    {:7.1} M cycles/s  {:7.1} M instructions/s ({:.1} % of cycles stolen)",
        sc / 1e6,
        si / 1e6,
        busy.stolen_cycles() as f64 * 100.0 / busy.cycles() as f64
    );
    println!(
        "  ratio on/blanked: {:.2}x (cycles/s), {:.2}x (instructions/s)",
        sc / bc,
        si / bi
    );
}

fn main() {
    let cycles = 1_000_000_000;
    let (m, b) = measure(cycles, 100);
    println!("CPU-bound program, {cycles} cycles each, in alternating slices of 10 M:");
    println!(
        "  machine:  {:7.1} M instructions/s  {:7.1} M cycles/s",
        m.instructions_per_s / 1e6,
        m.cycles_per_s / 1e6
    );
    println!(
        "  bare CPU: {:7.1} M instructions/s  {:7.1} M cycles/s",
        b.instructions_per_s / 1e6,
        b.cycles_per_s / 1e6
    );
    println!(
        "  ratio machine/bare: {:.2}x (cycles/s), {:.2}x (instructions/s); {:.0}x a PAL C64",
        m.cycles_per_s / b.cycles_per_s,
        m.instructions_per_s / b.instructions_per_s,
        m.cycles_per_s / 985_248.0
    );

    vic_cost(300_000_000, 30);

    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("1M cycles");
    g.throughput(Throughput::Elements(1_000_000));
    g.bench_function("machine", |bench| {
        let mut m = machine();
        bench.iter(|| black_box(m.run(1_000_000)))
    });
    g.bench_function("bare mos6502", |bench| {
        let mut cpu = bare();
        bench.iter(|| black_box(run_bare(&mut cpu, 1_000_000)))
    });
    g.finish();
    c.final_summary();
}
