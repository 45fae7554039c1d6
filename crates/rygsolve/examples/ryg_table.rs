//! Writes the level-3 cats' strategy table of the 6502 program, `asm/TablaEstrategia.asm`,
//! from the exact solver: `rygsolve::Strategy::fastest` rendered by `Strategy::to_asm`.
//!
//! `tools/ryg-table` runs it. Without arguments it (re)writes the file in the repository;
//! `--check` only compares and fails when the file differs; `--output PATH` writes
//! elsewhere (`-` for stdout). The output is the same on every run and machine.

use std::path::PathBuf;
use std::process::ExitCode;

use rygsolve::{Position, Solver, Strategy};

/// `asm/TablaEstrategia.asm` of the repository this crate lies in (crates/rygsolve).
fn default_output() -> PathBuf {
    let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir
        .parent()
        .and_then(|p| p.parent())
        .unwrap_or(crate_dir);
    repo.join("asm").join("TablaEstrategia.asm")
}
const USAGE: &str = "usage: ryg-table [--check] [--output PATH|-]";

fn main() -> ExitCode {
    let mut check = false;
    let mut output = default_output();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--output" | "-o" => match args.next() {
                Some(path) => output = PathBuf::from(path),
                None => return fail(&format!("--output needs a path\n{USAGE}")),
            },
            "--help" | "-h" => {
                println!("Writes asm/TablaEstrategia.asm from the exact solver.\n{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => return fail(&format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    let solver = Solver::new();
    let strategy = match Strategy::fastest(&solver, &Position::initial()) {
        Ok(strategy) => strategy,
        Err(e) => return fail(&e.to_string()),
    };
    let text = strategy.to_asm();
    let summary = format!(
        "{} positions, {} sets of cat squares, {} bytes",
        strategy.len(),
        strategy.cat_sets(),
        strategy.table_len()
    );
    if output.as_os_str() == "-" {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => ExitCode::SUCCESS,
            // A reader that stopped early (`| head`) is not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(&format!("cannot write to stdout: {e}")),
        };
    }
    if check {
        return match std::fs::read_to_string(&output) {
            Ok(current) if current == text => {
                eprintln!("{} is up to date ({summary})", output.display());
                ExitCode::SUCCESS
            }
            Ok(_) => fail(&format!(
                "{} differs from what the solver gives: run tools/ryg-table",
                output.display()
            )),
            Err(e) => fail(&format!("cannot read {}: {e}", output.display())),
        };
    }
    // Written whole, through links, in one call: nothing partial is left on an error.
    match std::fs::write(&output, text) {
        Ok(()) => {
            eprintln!("wrote {} ({summary})", output.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("cannot write {}: {e}", output.display())),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("ryg-table: {message}");
    ExitCode::FAILURE
}
