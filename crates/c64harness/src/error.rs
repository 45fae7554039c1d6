//! The harness's one error type.

use std::fmt;

/// What can go wrong getting a program into a machine or reading its debug files.
#[derive(Debug)]
pub enum Error {
    /// The source did not assemble (the diagnostics, rendered with file:line:col).
    Assembly(c64asm::Diagnostics),
    /// The program does not fit or has no SYS line.
    Load(c64emu::LoadError),
    /// A malformed line of a source map file.
    SourceMap {
        /// 1-based line of the file.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A malformed record of an LCOV tracefile.
    Lcov {
        /// 1-based line of the file.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A malformed line of a label file.
    Labels(c64asm::LabelFileError),
    /// Writing a report failed.
    Io(String),
    /// A test file that cannot be read as one (every problem, each with its place).
    TestFile(crate::suite::Diags),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Assembly(d) => write!(f, "{}", d.to_string().trim_end()),
            Error::Load(e) => write!(f, "cannot load the program: {e}"),
            Error::SourceMap { line, message } => write!(f, "source map line {line}: {message}"),
            Error::Lcov { line, message } => write!(f, "LCOV line {line}: {message}"),
            Error::Labels(e) => write!(f, "label file {e}"),
            Error::Io(e) => write!(f, "{e}"),
            Error::TestFile(d) => write!(f, "{d}"),
        }
    }
}

impl std::error::Error for Error {}
