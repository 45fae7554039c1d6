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
//! and the last pass becomes a [`Program`], which writes itself in any of
//! 64tass's [`OutputFormat`]s.

mod asm;
mod cpu;
mod diag;
mod encoding;
mod formats;
mod intern;
mod labels;
mod listing;
mod memmap;
mod opcodes;
mod optimizer;
mod options;
mod output;
mod output_run;
mod pair_hash;
mod printable;
mod program;
mod source;
mod symbols;
mod syntax;
mod value;

use std::path::Path;

pub use cpu::CPUS;
pub use diag::{Caret, Diagnostic, Diagnostics, Kind, Severity, TassReport, TassStyle};
pub use formats::OutputFormat;
pub use labels::{LabelFileError, LabelFormat, parse_vice_labels};
pub use options::{Cpu, Options, Progress, WARNING_NAMES, Warnings};
pub use output_run::OutputRun;
pub use program::{
    LABEL_ADDRESS_WRAPPED, LISTING_TITLE, ListingColumns, Location, Program, SOURCE_MAP_HEADER,
    SourceLine, Symbol, SymbolValue,
};

/// A file name as 64tass prints it (`Assembling file:`, `Output file:`):
/// quoted or escaped for a POSIX shell.
pub fn shell_quoted_name(name: &str) -> String {
    let mut out = Vec::new();
    listing::shell_quoted(name, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Assemble a file with 64tass's default options.
pub fn assemble(path: impl AsRef<Path>) -> Result<Program, Diagnostics> {
    assemble_with(path, &Options::default())
}

/// Assemble a file.
pub fn assemble_with(path: impl AsRef<Path>, opts: &Options) -> Result<Program, Diagnostics> {
    let path = path.as_ref();
    on_big_stack(|| asm::Assembler::new(opts).run_files(&[path]))
}

/// Assemble several files in order, as 64tass does with several sources:
/// symbols are shared, each file starts at address 0 with the default settings.
pub fn assemble_files(paths: &[impl AsRef<Path>], opts: &Options) -> Result<Program, Diagnostics> {
    let paths: Vec<&Path> = paths.iter().map(|p| p.as_ref()).collect();
    on_big_stack(|| asm::Assembler::new(opts).run_files(&paths))
}

/// Assemble source text; `name` is used in diagnostics. Relative `.include`
/// and `.binary` paths resolve against the current directory, then `include_dirs`.
pub fn assemble_str(name: &str, source: &str, opts: &Options) -> Result<Program, Diagnostics> {
    on_big_stack(|| asm::Assembler::new(opts).run_text(name, source))
}

/// Stack for one assembly: expressions nest as deep as 64tass allows (tens
/// of thousands of parentheses) and are evaluated recursively. The memory is
/// only reserved; pages are used as the recursion reaches them.
const STACK_SIZE: usize = 1 << 30;

/// Run an assembly on its own thread with a stack deep enough for any
/// expression the parser accepts, whatever thread the caller is on.
fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let job = std::sync::Mutex::new(Some(f));
    let take = || job.lock().unwrap_or_else(|e| e.into_inner()).take();
    let done = std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .name("c64asm".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(s, || take().map(|f| f()));
        worker.ok().map(|h| h.join())
    });
    match done {
        Some(Ok(Some(v))) => v,
        Some(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread could be started: assemble here, on the caller's stack.
        _ => match take() {
            Some(f) => f(),
            None => unreachable!("the job runs exactly once"),
        },
    }
}
