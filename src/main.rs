//! `c64kit`: the command-line front of the toolchain. Each subcommand lives in its
//! own module; this file only parses arguments and dispatches.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod build;
mod console;
mod new;
mod output;
mod run;

#[derive(Parser)]
#[command(
    name = "c64kit",
    version,
    about = "6502 cross-assembler and C64-subset emulator"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Assemble a source file into a .prg (64tass-compatible syntax)
    Build(build::Args),
    /// Boot a .prg (or assemble and boot a .asm) in a window or headless
    Run(run::Args),
    /// Start a new C64 project: main.asm with the BASIC stub and a Rust test of one routine
    New(new::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return console::clap_exit(&e),
    };
    let code = match cli.command {
        Command::Build(args) => build::main(args),
        Command::Run(args) => run::main(args),
        Command::New(args) => new::main(args),
    };
    console::finish(code)
}
