//! `c64kit build`: assemble a source file into a .prg (or raw binary), with
//! optional VICE label file, listing and disk image. Nothing is written unless
//! assembly succeeds, and then all outputs are written or none (see `output`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::console::{err, errln, outln};
use crate::output::{OutputError, Outputs};

/// `c64kit build` takes 64tass's command line: swap `64tass` for
/// `c64kit build` in a Makefile and get the same bytes.
#[derive(clap::Args)]
#[command(
    infer_long_args = true,
    after_help = "Flags as in 64tass: short flags combine (-Ca), long ones may be abbreviated."
)]
pub struct Args {
    /// Source files (64tass syntax), assembled in order
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output file [default: the first source with extension .prg]
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Source is ASCII/Unicode: `none` encoding maps a-z to PETSCII, {escapes} work
    #[arg(short = 'a', long)]
    pub ascii: bool,
    /// Case-sensitive symbols (and directives, registers)
    #[arg(short = 'C', long)]
    pub case_sensitive: bool,
    /// Out-of-range branches become a branch over a jmp
    #[arg(short = 'B', long)]
    pub long_branch: bool,
    /// Raw output: no load address (64tass --nostart)
    #[arg(short = 'b', long, visible_alias = "raw")]
    pub nostart: bool,
    /// CBM .prg output with a load address (the default)
    #[arg(long)]
    pub cbm_prg: bool,
    /// 3-byte load address and a 16 MiB address space
    #[arg(short = 'X', long)]
    pub long_address: bool,
    /// Define a symbol before the source, e.g. -D DEBUG=1 or -D name=\"text\" (the value is an expression)
    #[arg(short = 'D', value_name = "NAME=VALUE")]
    pub defines: Vec<String>,
    /// Also search this directory for .include and .binary files
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Warnings: -Wall, -Werror, -Werror=<name>, -Wno-<name>, -W<name>
    #[arg(short = 'W', value_name = "NAME")]
    pub warnings: Vec<String>,
    /// No warnings
    #[arg(short = 'w', long = "no-warn")]
    pub no_warn: bool,
    /// Print nothing but diagnostics
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Write a label list (64tass format; VICE format with --vice-labels)
    #[arg(short = 'l', long, value_name = "FILE")]
    pub labels: Vec<PathBuf>,
    /// Label lists are for VICE's monitor (`al 0810 .name`)
    #[arg(long)]
    pub vice_labels: bool,
    /// Write a listing: offset, bytes, disassembly, source
    #[arg(short = 'L', long = "list", visible_alias = "listing", value_name = "FILE")]
    pub list: Option<PathBuf>,
    /// Listing tab size (accepted for 64tass compatibility)
    #[arg(long, value_name = "N")]
    pub tab_size: Option<u8>,
    /// Processor: NMOS 6502 with undocumented opcodes (64tass -i / --m6502)
    #[arg(short = 'i', long = "m6502", visible_alias = "m6502i")]
    pub illegal: bool,
    /// Processor: standard 6502 (the default)
    #[arg(long)]
    pub m65xx: bool,
    /// Write Makefile dependencies (target: sources and binaries read)
    #[arg(short = 'M', long = "dependencies", value_name = "FILE")]
    pub dependencies: Option<PathBuf>,
    /// Write which source line made each byte (see docs/assembler.md)
    #[arg(long, value_name = "FILE")]
    pub source_map: Option<PathBuf>,
    /// Also write a 35-track 1541 disk image holding the program
    #[arg(long, value_name = "FILE.d64")]
    pub d64: Option<PathBuf>,
    /// Disk and file name on the D64 [default: the source file's name, upper case]
    #[arg(long, value_name = "NAME", requires = "d64")]
    pub disk_name: Option<String>,
}

impl Args {
    fn options(&self) -> Result<c64asm::Options, String> {
        let mut warnings = c64asm::Warnings::default();
        for w in &self.warnings {
            if !warnings.apply(w) {
                return Err(format!("unrecognized option '-W{w}'"));
            }
        }
        warnings.none = self.no_warn;
        Ok(c64asm::Options {
            defines: self.defines.clone(),
            include_dirs: self.include_dirs.clone(),
            cpu: if self.illegal { c64asm::Cpu::M6502i } else { c64asm::Cpu::M6502 },
            ascii: self.ascii,
            case_sensitive: self.case_sensitive,
            long_branch: self.long_branch,
            long_address: self.long_address,
            warnings,
            record_lines: self.list.is_some() || self.source_map.is_some(),
        })
    }
}

pub fn main(args: Args) -> ExitCode {
    let opts = match args.options() {
        Ok(o) => o,
        Err(msg) => {
            errln!("error: {msg}");
            return ExitCode::FAILURE;
        }
    };
    // Checked before assembling: a name the disk can't hold stops the build early.
    let disk_name = match disk_name(&args) {
        Ok(name) => name,
        Err(msg) => {
            errln!("error: {msg} - nothing written");
            return ExitCode::FAILURE;
        }
    };
    let source = &args.files[0];
    let program = match c64asm::assemble_files(&args.files, &opts) {
        Ok(p) => p,
        Err(diags) => {
            err!("{diags}");
            let errors = diags.errors().count();
            errln!(
                "{}: {errors} error{} - nothing written",
                source.display(),
                if errors == 1 { "" } else { "s" }
            );
            return ExitCode::FAILURE;
        }
    };
    if !program.warnings.is_empty() {
        err!("{}", program.warnings);
    }
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| source.with_extension("prg"));
    if let Err(msg) = write_outputs(&args, &output, &program, disk_name.as_deref()) {
        errln!("error: {msg}");
        return ExitCode::FAILURE;
    }
    if !args.quiet {
        let len = program.image.len();
        if len == 0 {
            outln!("{}: no bytes assembled", output.display());
        } else {
            outln!(
                "{}: ${:04X}-${:04X} ({len} byte{})",
                output.display(),
                program.load_address,
                program.end_address() - 1,
                if len == 1 { "" } else { "s" }
            );
        }
    }
    // The process ends here: skip freeing the symbol table piece by piece.
    std::mem::forget(program);
    ExitCode::SUCCESS
}

/// Every file the build writes, as one group: all are written, or none changes.
fn write_outputs(
    args: &Args,
    output: &Path,
    program: &c64asm::Program,
    disk_name: Option<&str>,
) -> Result<(), String> {
    let nothing = |e: OutputError| {
        if e.partial() {
            format!("{e} (other outputs were already written)")
        } else {
            format!("{e} - nothing written")
        }
    };
    let mut outputs = Outputs::new();
    for f in &args.files {
        outputs.input(f, "the source");
    }
    for f in program.files() {
        outputs.input(f, "a file the source reads");
    }
    let bytes = if args.nostart {
        program.image.clone()
    } else {
        program.prg_bytes()
    };
    let what = if args.output.is_some() {
        "-o"
    } else {
        "the output"
    };
    outputs.add(output, what, &bytes).map_err(nothing)?;
    for p in &args.labels {
        let text = if args.vice_labels {
            program.vice_labels()
        } else {
            program.label_list()
        };
        outputs.add(p, "--labels", text.as_bytes()).map_err(nothing)?;
    }
    if let Some(p) = &args.list {
        let text = program.listing();
        outputs.add(p, "--list", text.as_bytes()).map_err(nothing)?;
    }
    if let Some(p) = &args.source_map {
        let text = program.source_map();
        outputs.add(p, "--source-map", text.as_bytes()).map_err(nothing)?;
    }
    if let Some(p) = &args.dependencies {
        let mut text = format!("{}:", output.display());
        for f in args.files.iter().chain(program.files()) {
            text.push(' ');
            text.push_str(&f.display().to_string().replace(' ', "\\ "));
        }
        text.push('\n');
        outputs.add(p, "--dependencies", text.as_bytes()).map_err(nothing)?;
    }
    if let (Some(p), Some(name)) = (&args.d64, disk_name) {
        let image = c64d64::image_with_prg(name, &program.prg_bytes())
            .map_err(|e| format!("--d64 {}: {e} - nothing written", p.display()))?;
        outputs.add(p, "--d64", &image).map_err(nothing)?;
    }
    outputs.commit().map_err(nothing)
}

/// The name of the disk and of the file on it: `--disk-name`, or the source file's
/// name in upper case (its first 16 characters). None without `--d64`.
fn disk_name(args: &Args) -> Result<Option<String>, String> {
    let Some(d64) = &args.d64 else {
        return Ok(None);
    };
    if let Some(name) = &args.disk_name {
        c64d64::check_name(name).map_err(|e| format!("--disk-name: {e}"))?;
        return Ok(Some(name.clone()));
    }
    let stem = args.files[0].file_stem().unwrap_or_default().to_string_lossy();
    let name: String = stem
        .chars()
        .take(16)
        .collect::<String>()
        .to_ascii_uppercase();
    match c64d64::check_name(&name) {
        Ok(()) => Ok(Some(name)),
        Err(e) => Err(format!(
            "--d64 {}: {e} (the name comes from the source file's); \
             name the disk with --disk-name, e.g. --disk-name \"{}\"",
            d64.display(),
            c64d64::suggest_name(&stem)
        )),
    }
}
