//! A 64tass-compatible 6502 cross-assembler.
//!
//! Sources that use the supported subset assemble byte for byte like
//! `64tass --ascii --case-sensitive --cbm-prg`. See `docs/assembler.md` for the
//! syntax. Typical use:
//!
//! ```
//! let program = c64asm::assemble_str("demo.asm", "* = $c000\n lda #1\n rts\n", &Default::default()).unwrap();
//! assert_eq!(program.prg_bytes(), [0x00, 0xc0, 0xa9, 0x01, 0x60]);
//! ```

mod asm;
mod diag;
mod encoding;
mod expr;
mod intern;
mod opcodes;
mod parse;
mod program;
mod source;

use std::path::{Path, PathBuf};

pub use diag::{Diagnostic, Diagnostics, Kind, Severity};
pub use program::Program;

/// Assembly options (the defaults match 64tass with `--ascii --case-sensitive --cbm-prg`).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Constants defined before the first line (`-D name=value`).
    pub defines: Vec<(String, i64)>,
    /// Extra directories searched by `.include` and `.binary` (`-I dir`).
    pub include_dirs: Vec<PathBuf>,
    /// Accept undocumented NMOS opcodes from the start (`-i`).
    pub illegal_opcodes: bool,
}

/// Assemble a file with default options.
pub fn assemble(path: impl AsRef<Path>) -> Result<Program, Diagnostics> {
    assemble_with(path, &Options::default())
}

/// Assemble a file.
pub fn assemble_with(path: impl AsRef<Path>, opts: &Options) -> Result<Program, Diagnostics> {
    let path = path.as_ref();
    match asm::Assembler::new(opts).run_file(path) {
        Ok(result) => result,
        Err(e) => Err(Diagnostics::new(
            vec![Diagnostic {
                severity: Severity::Error,
                kind: Kind::Io,
                message: format!("cannot read source file: {e}"),
                file: path.display().to_string(),
                line: 0,
                column: 0,
                notes: Vec::new(),
                span: None,
                secondary: Vec::new(),
            }],
            None,
        )),
    }
}

/// Assemble source text; `name` is used in diagnostics. Relative `.include`
/// and `.binary` paths resolve against the current directory, then `include_dirs`.
pub fn assemble_str(name: &str, source: &str, opts: &Options) -> Result<Program, Diagnostics> {
    asm::Assembler::new(opts).run_text(name, source.to_string())
}
