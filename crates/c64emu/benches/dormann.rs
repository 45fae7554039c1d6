//! Klaus Dormann's 6502 functional test (see `tests/common/dormann.rs`) run to its
//! success address three ways, alternating, 5 rounds (`--rounds N`):
//!
//! - bare: the `mos6502` CPU over a flat 64 KiB array, `single_step` until PC is $331C;
//! - Machine: `Machine` (bus, banking, traps, strict checks, IRQ timing, CIA timers)
//!   with `run_until($331C)`, in this process;
//! - process: `c64kit run --headless --start 0x4000 --until 0x331C` as a whole process,
//!   when `C64KIT` names the binary (`tools/bench-emu` builds and passes it).
//!
//! Prints each run, the medians and the speed ratios against the bare core, by wall time
//! and by CPU time (on Linux: this thread's run time from `/proc/thread-self/schedstat`,
//! the child's user+system time from `/proc/self/stat`), which other load on a shared
//! machine disturbs much less. For profiling one side alone: `--only bare|machine`.
use std::hint::black_box;
use std::path::{Path, PathBuf};
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

/// Wall seconds, CPU seconds (when the system tells) and cycles of one run.
struct Run {
    wall: f64,
    cpu: Option<f64>,
    cycles: u64,
}

/// CPU time this thread has run, in seconds.
fn thread_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// User + system time of the waited-for children, in seconds (in clock ticks of 10 ms).
fn children_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = s[s.rfind(')')? + 1..].split_whitespace().collect();
    let ticks = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Time `f` by the wall clock and by `cpu_clock`.
fn timed(cpu_clock: fn() -> Option<f64>, f: impl FnOnce() -> u64) -> Run {
    let (t, c) = (Instant::now(), cpu_clock());
    let cycles = f();
    let wall = t.elapsed().as_secs_f64();
    let cpu = c.zip(cpu_clock()).map(|(before, after)| after - before);
    Run { wall, cpu, cycles }
}

fn bare(image: &[u8]) -> Run {
    let mut cpu = CPU::new(Memory::new(), Nmos6502);
    cpu.memory.set_bytes(0, image);
    cpu.registers.program_counter = ENTRY;
    timed(thread_cpu, || {
        while cpu.registers.program_counter != SUCCESS {
            cpu.single_step();
        }
        black_box(cpu.registers.accumulator);
        cpu.cycles
    })
}

fn machine(prg: &[u8]) -> Run {
    timed(thread_cpu, || {
        let mut m = Machine::new();
        m.load_prg(prg).expect("the .prg loads");
        m.start_at(STARTER);
        if let Err(stop) = m.run_until(SUCCESS, BUDGET) {
            panic!(
                "the machine did not pass the test: {}",
                m.describe_stop(&stop)
            );
        }
        m.cycles()
    })
}

fn process(c64kit: &Path, prg: &Path) -> Run {
    timed(children_cpu, || {
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
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && said.contains("reached $331C"),
            "c64kit did not pass the test ({}): {said}",
            out.status
        );
        // "reached $331C after N cycles"
        said.split_whitespace()
            .skip_while(|w| *w != "after")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn show(cpu: Option<f64>) -> String {
    cpu.map_or("-".to_string(), |c| format!("{c:.3}"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        let i = args.iter().position(|a| a == flag)?;
        Some(args.get(i + 1).map(String::as_str).unwrap_or(""))
    };
    let rounds = value("--rounds").map_or(5, |n| n.parse().expect("--rounds N"));
    let image = dormann::binary();
    let prg = dormann::prg(&image);
    let one = match value("--only") {
        Some("bare") => Some(("bare mos6502", bare(&image))),
        Some("machine") => Some(("Machine", machine(&prg))),
        Some(other) => panic!("--only bare or --only machine, not {other:?}"),
        None => None,
    };
    if let Some((name, r)) = one {
        println!(
            "{name} {:.3} s wall, {} s CPU, {} cycles",
            r.wall,
            show(r.cpu),
            r.cycles
        );
        return;
    }
    let c64kit = std::env::var_os("C64KIT").map(PathBuf::from);
    let prg_file = std::env::temp_dir().join(format!("dormann-{}.prg", std::process::id()));
    if c64kit.is_some() {
        std::fs::write(&prg_file, &prg).expect("the .prg is written to the temp dir");
    }

    println!(
        "Klaus Dormann's 6502 functional test to ${SUCCESS:04X}, {rounds} alternating rounds (wall s / CPU s)"
    );
    let mut sides: Vec<(&str, Vec<Run>)> = vec![("bare mos6502", vec![]), ("Machine", vec![])];
    if c64kit.is_some() {
        sides.push(("c64kit run --headless", vec![]));
    }
    for round in 1..=rounds {
        let mut line = format!("  round {round}:");
        for (i, (name, runs)) in sides.iter_mut().enumerate() {
            let r = match (i, &c64kit) {
                (0, _) => bare(&image),
                (1, _) => machine(&prg),
                (_, Some(c)) => process(c, &prg_file),
                (_, None) => unreachable!("the process side is there only with C64KIT"),
            };
            line += &format!(
                "  {name} {:.3}/{} ({} cycles)",
                r.wall,
                show(r.cpu),
                r.cycles
            );
            runs.push(r);
        }
        println!("{line}");
    }
    let _ = std::fs::remove_file(&prg_file);
    let medians: Vec<(f64, Option<f64>)> = sides
        .iter()
        .map(|(_, runs)| {
            let cpu: Option<Vec<f64>> = runs.iter().map(|r| r.cpu).collect();
            (
                median(runs.iter().map(|r| r.wall).collect()),
                cpu.map(median),
            )
        })
        .collect();
    for ((name, _), &(wall, cpu)) in sides.iter().zip(&medians) {
        println!("  {name:22} median {wall:.3} s wall, {} s CPU", show(cpu));
    }
    let (bare_wall, bare_cpu) = medians[0];
    for ((name, _), &(wall, cpu)) in sides.iter().zip(&medians).skip(1) {
        let by_cpu = bare_cpu
            .zip(cpu)
            .map_or("-".to_string(), |(b, c)| format!("{:.2}x", b / c));
        println!(
            "  {name} speed / bare mos6502: {by_cpu} by CPU time, {:.2}x by wall time",
            bare_wall / wall
        );
    }
    if c64kit.is_none() {
        println!(
            "  (set C64KIT=path/to/c64kit, or use tools/bench-emu, to time the whole process)"
        );
    }
}
