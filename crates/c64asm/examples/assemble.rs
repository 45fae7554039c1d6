//! Assemble one file with the library alone (for profiling the assembler
//! without the command line around it):
//! `cargo run --release -p c64asm --example assemble -- [-a] [-C] [-n N] FILE [OUT]`
//! `-n N` assembles N times (a longer run for `perf`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut opts = c64asm::Options::default();
    let mut files = Vec::new();
    let mut runs = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-a" => opts.ascii = true,
            "-C" => opts.case_sensitive = true,
            "-i" => opts.cpu = c64asm::Cpu::M6502i,
            "-n" => runs = args.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            _ => files.push(a),
        }
    }
    let Some(src) = files.first() else {
        eprintln!("usage: assemble [-a] [-C] [-i] [-n N] FILE [OUT]");
        return ExitCode::FAILURE;
    };
    for _ in 0..runs {
        match c64asm::assemble_with(std::path::Path::new(src), &opts) {
            Ok(p) => {
                if let Some(out) = files.get(1) {
                    if let Err(e) = std::fs::write(out, p.prg_bytes()) {
                        eprintln!("{out}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            Err(d) => {
                eprintln!("{d}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
