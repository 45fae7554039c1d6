//! `c64kit build`: owned by the assembler work (issue 2).
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Source file
    pub file: std::path::PathBuf,
}

pub fn main(_args: Args) -> ExitCode {
    eprintln!("build: not implemented yet");
    ExitCode::FAILURE
}
