//! `c64kit run`: owned by the emulator work (issue 3).
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Program file (.prg or .asm)
    pub file: std::path::PathBuf,
}

pub fn main(_args: Args) -> ExitCode {
    eprintln!("run: not implemented yet");
    ExitCode::FAILURE
}
