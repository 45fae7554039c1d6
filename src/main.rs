//! `c64kit`: the command-line front of the toolchain. Each subcommand lives in its
//! own module; this file only parses arguments and dispatches.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::console::outln;

mod build;
mod console;
mod debug;
mod interrupt;
mod new;
mod output;
mod progress;
mod run;
mod test;

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

// Each subcommand's arguments are made only when it runs (or its help is
// shown): `build` no longer builds the emulator's hundred options each time.
#[derive(Subcommand)]
#[command(defer = true)]
enum Command {
    /// Assemble a source file into a .prg (64tass-compatible syntax)
    Build(Box<build::Args>),
    /// Boot a .prg (or assemble and boot a .asm) in a window or headless
    Run(Box<run::Args>),
    /// Debug a .asm or .prg from an editor: a Debug Adapter Protocol server on stdin/stdout
    Debug(Box<debug::Args>),
    /// Start a new C64 project: main.asm with the BASIC stub, a test file and a Rust test of one routine
    New(new::Args),
    /// Run the unit tests of *.test.toml files: calls, mocks and checks, no Rust needed
    Test(Box<test::Args>),
}

/// Whether the command line is a `build` (its first argument).
fn building() -> bool {
    std::env::args_os().nth(1).is_some_and(|a| a == "build")
}

/// Whether this program was started under the name `64tass` (a link or a copy
/// named so): then it is a drop-in 64tass, `c64kit build` with 64tass's
/// default output, so Makefiles and editors that call `64tass` work unchanged.
fn started_as_64tass() -> bool {
    std::env::args_os()
        .next()
        .as_deref()
        .and_then(|arg0| std::path::Path::new(arg0).file_stem())
        .is_some_and(|stem| stem.eq_ignore_ascii_case("64tass"))
}

/// The command line to parse: a drop-in 64tass's arguments are `build`'s.
fn command_line(as_64tass: bool) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if as_64tass {
        args.insert(1.min(args.len()), "build".into());
    }
    args
}

/// An option the command line gives that `build` doesn't know, as given
/// (with its `=value`, as 64tass names it).
fn unknown_option(e: &clap::Error, args: &[std::ffi::OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let given = args
        .iter()
        .filter_map(|a| a.to_str())
        .find(|a| {
            a == arg
                || a.strip_prefix(arg.as_str())
                    .is_some_and(|v| v.starts_with('='))
        })
        .unwrap_or(arg);
    Some(given.to_string())
}

fn main() -> ExitCode {
    interrupt::install();
    let as_64tass = started_as_64tass();
    // A build's peak RSS: the loader's and the C libraries' start-up code is
    // not run again (the command line's parser is given back in `build`).
    if as_64tass || building() {
        build::give_back_code();
    }
    // The matches are kept: `build` reads where each flag was given.
    let args = command_line(as_64tass);
    let matches = match Cli::command().try_get_matches_from(&args) {
        Ok(m) => m,
        // `build` takes 64tass's command line: an option it can't parse (one
        // of a newer 64tass) fails with 64tass's exit status, 1, one it
        // doesn't know in 64tass's words.
        Err(e) if (as_64tass || building()) && e.use_stderr() => {
            match unknown_option(&e, &args) {
                Some(given) => {
                    build::option_refused(&format!("option '{given}' not recognized"), as_64tass);
                }
                None => {
                    console::clap_exit(&e);
                }
            }
            return console::finish(ExitCode::FAILURE);
        }
        // A drop-in 64tass names itself as 64tass does (build tools check it).
        Err(e) if as_64tass && e.kind() == clap::error::ErrorKind::DisplayVersion => {
            outln!("{}", build::TASS_VERSION);
            return console::finish(ExitCode::SUCCESS);
        }
        Err(e) => return console::clap_exit(&e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return console::clap_exit(&e),
    };
    let code = match cli.command {
        Command::Build(mut args) => match matches.subcommand_matches("build") {
            Some(m) => {
                args.as_64tass = as_64tass;
                build::main(*args, m)
            }
            None => ExitCode::FAILURE,
        },
        Command::Run(args) => match matches.subcommand_matches("run") {
            Some(m) => run::main(*args, m),
            None => ExitCode::FAILURE,
        },
        Command::Debug(args) => match matches.subcommand_matches("debug") {
            Some(m) => debug::main(*args, m),
            None => ExitCode::FAILURE,
        },
        Command::New(args) => new::main(args),
        Command::Test(args) => test::main(*args),
    };
    // A signal that came while outputs were committed: they were written in full.
    let code = match interrupt::interrupted() {
        true => ExitCode::from(interrupt::EXIT_INTERRUPTED),
        false => code,
    };
    console::finish(code)
}
