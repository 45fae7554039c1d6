//! A 64tass-compatible 6502 cross-assembler.
//!
//! Sources assemble byte for byte as 64tass (1.58) assembles them, with
//! 64tass's options ([`Options`]): the default is 64tass without switches
//! (raw 8-bit source, case-insensitive symbols). Typical use:
//!
//! ```
//! let program = c64asm::assemble_str("demo.asm", "* = $c000\n lda #1\n rts\n", &Default::default()).unwrap();
//! assert_eq!(program.prg_bytes(), [0x00, 0xc0, 0xa9, 0x01, 0x60]);
//! ```
//!
//! The modules follow the data: [`source`] texts are split into lines,
//! [`syntax`] parses expressions, the assembler (`asm`) runs the passes over
//! the lines with [`value`]s and [`symbols`], writes bytes into [`output`],
//! and the last pass becomes a [`Program`].

mod asm;
mod diag;
mod encoding;
mod intern;
mod labels;
mod opcodes;
mod options;
mod output;
mod program;
mod source;
mod symbols;
mod syntax;
mod value;

use std::path::Path;

pub use diag::{Diagnostic, Diagnostics, Kind, Severity};
pub use options::{Cpu, Options, WARNING_NAMES, Warnings};
pub use labels::LabelFormat;
pub use program::{Program, SourceLine, Symbol, SymbolValue};

/// Assemble a file with 64tass's default options.
pub fn assemble(path: impl AsRef<Path>) -> Result<Program, Diagnostics> {
    assemble_with(path, &Options::default())
}

/// Assemble a file.
pub fn assemble_with(path: impl AsRef<Path>, opts: &Options) -> Result<Program, Diagnostics> {
    asm::Assembler::new(opts).run_files(&[path.as_ref()])
}

/// Assemble several files in order, as 64tass does with several sources:
/// symbols are shared, each file starts at address 0 with the default settings.
pub fn assemble_files(paths: &[impl AsRef<Path>], opts: &Options) -> Result<Program, Diagnostics> {
    let paths: Vec<&Path> = paths.iter().map(|p| p.as_ref()).collect();
    asm::Assembler::new(opts).run_files(&paths)
}

/// Assemble source text; `name` is used in diagnostics. Relative `.include`
/// and `.binary` paths resolve against the current directory, then `include_dirs`.
pub fn assemble_str(name: &str, source: &str, opts: &Options) -> Result<Program, Diagnostics> {
    asm::Assembler::new(opts).run_text(name, source)
}
