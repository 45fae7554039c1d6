//! Klaus Dormann's 6502 functional test (see `tests/common/dormann.rs`) run to its
//! success address three ways, alternating, 5 rounds (`--rounds N`):
//!
//! - bare: the `mos6502` CPU over a flat 64 KiB array, `single_step` until PC is $331C;
//! - machine: `Machine` (bus, banking, traps, strict checks, IRQ timing, CIA timers)
//!   with `run_until($331C)`, in this process;
//! - process: `c64kit run --headless --start 0x4000 --until 0x331C` as a whole process,
//!   when `C64KIT` names the binary (`tools/bench-emu` builds and passes it).
//!
//! Prints each run, the medians and the speed ratios against the bare core. For profiling
//! one side alone: `--only bare` or `--only machine`.
use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use c64emu::Machine;
use mos6502::cpu::CPU;
use mos6502::instruction::Nmos6502;
use mos6502::memory::{Bus, Memory};

#[path = "../tests/common/dormann.rs"]
mod dormann;

use dormann::{ENTRY, STARTER, SUCCESS};

const BUDGET: u64 = 150_000_000;

/// Seconds and cycles of one run.
struct Run {
    seconds: f64,
    cycles: u64,
}

fn bare(image: &[u8]) -> Run {
    let mut cpu = CPU::new(Memory::new(), Nmos6502);
    cpu.memory.set_bytes(0, image);
    cpu.registers.program_counter = ENTRY;
    let t = Instant::now();
    while cpu.registers.program_counter != SUCCESS {
        cpu.single_step();
    }
    let seconds = t.elapsed().as_secs_f64();
    black_box(cpu.registers.accumulator);
    Run {
        seconds,
        cycles: cpu.cycles,
    }
}

fn machine(prg: &[u8]) -> Run {
    let t = Instant::now();
    let mut m = Machine::new();
    m.load_prg(prg).expect("the .prg loads");
    m.start_at(STARTER);
    if let Err(stop) = m.run_until(SUCCESS, BUDGET) {
        panic!(
            "the machine did not pass the test: {}",
            m.describe_stop(&stop)
        );
    }
    Run {
        seconds: t.elapsed().as_secs_f64(),
        cycles: m.cycles(),
    }
}

fn process(c64kit: &PathBuf, prg: &PathBuf) -> Run {
    let t = Instant::now();
    let out = Command::new(c64kit)
        .args([
            "run",
            "--headless",
            "--start",
            "0x4000",
            "--until",
            "0x331C",
        ])
        .args(["--max-cycles", &BUDGET.to_string()])
        .arg(prg)
        .output()
        .expect("c64kit runs");
    let seconds = t.elapsed().as_secs_f64();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.contains("$331C"),
        "c64kit did not pass the test ({}): {said}",
        out.status
    );
    // "reached $331C after N cycles"
    let cycles = said
        .split_whitespace()
        .skip_while(|w| *w != "after")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Run { seconds, cycles }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(5usize);
    let image = dormann::binary();
    let prg = dormann::prg(&image);
    match args
        .iter()
        .position(|a| a == "--only")
        .map(|i| args.get(i + 1))
    {
        Some(Some(side)) if side == "bare" => {
            let b = bare(&image);
            println!("bare {:.3} s ({} cycles)", b.seconds, b.cycles);
            return;
        }
        Some(Some(side)) if side == "machine" => {
            let m = machine(&prg);
            println!("machine {:.3} s ({} cycles)", m.seconds, m.cycles);
            return;
        }
        Some(side) => panic!("--only bare or --only machine, not {side:?}"),
        None => {}
    }
    let c64kit = std::env::var_os("C64KIT").map(PathBuf::from);
    let prg_file = std::env::temp_dir().join(format!("dormann-{}.prg", std::process::id()));
    if c64kit.is_some() {
        std::fs::write(&prg_file, &prg).expect("the .prg is written to the temp dir");
    }

    println!("Klaus Dormann's 6502 functional test to ${SUCCESS:04X}, {rounds} alternating rounds");
    let (mut tb, mut tm, mut tp) = (Vec::new(), Vec::new(), Vec::new());
    for round in 1..=rounds {
        let b = bare(&image);
        let m = machine(&prg);
        let mut line = format!(
            "  round {round}: bare {:.3} s ({} cycles)  machine {:.3} s ({} cycles)",
            b.seconds, b.cycles, m.seconds, m.cycles
        );
        tb.push(b.seconds);
        tm.push(m.seconds);
        if let Some(c) = &c64kit {
            let p = process(c, &prg_file);
            line += &format!("  c64kit run {:.3} s ({} cycles)", p.seconds, p.cycles);
            tp.push(p.seconds);
        }
        println!("{line}");
    }
    let _ = std::fs::remove_file(&prg_file);
    let (b, m) = (median(tb), median(tm));
    println!("medians: bare {b:.3} s, machine {m:.3} s");
    println!("  machine (in process) speed / bare: {:.2}x", b / m);
    if !tp.is_empty() {
        let p = median(tp);
        println!("  c64kit run --headless (whole process) {p:.3} s");
        println!("  c64kit run --headless speed / bare:    {:.2}x", b / p);
    } else {
        println!(
            "  (set C64KIT=path/to/c64kit, or use tools/bench-emu, to time the whole process)"
        );
    }
}
