//! `c64kit build`'s command line: 64tass's, so a Makefile can swap `64tass`
//! for `c64kit build`. Flags that choose a format apply to the output or label
//! file named after them, and the last such flag to the last file, as in 64tass.

use std::path::PathBuf;

use clap::{ArgAction, ArgMatches};

use c64asm::{LabelFormat, OutputFormat};

/// `c64kit build` takes 64tass's command line: swap `64tass` for
/// `c64kit build` in a Makefile and get the same bytes.
#[derive(clap::Args)]
#[command(
    infer_long_args = true,
    args_override_self = true,
    after_help = "Flags as in 64tass: short flags combine (-Ca), long ones may be abbreviated.\n\
                  Format flags (--nostart, --vice-labels, ...) apply to the -o or -l after them;\n\
                  the last one also to the last file, as in 64tass."
)]
pub struct Args {
    /// Source files (64tass syntax), assembled in order
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output file [default: the first source with extension .prg]; `-` is standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Vec<PathBuf>,
    /// Write no program file (labels, listing and the rest still are)
    #[arg(long)]
    pub no_output: bool,
    /// Source is ASCII/Unicode: `none` encoding maps a-z to PETSCII, {escapes} work
    #[arg(short = 'a', long)]
    pub ascii: bool,
    /// Case-sensitive symbols (and directives, registers)
    #[arg(short = 'C', long)]
    pub case_sensitive: bool,
    /// Out-of-range branches become a branch over a jmp
    #[arg(short = 'B', long)]
    pub long_branch: bool,
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
    /// Write diagnostics to this file instead of standard error
    #[arg(short = 'E', long = "error", value_name = "FILE")]
    pub error_file: Option<PathBuf>,
    /// Print no diagnostics (the exit status still tells)
    #[arg(long)]
    pub no_error: bool,
    /// Accepted for 64tass compatibility: c64kit always shows the line and a caret
    #[arg(long)]
    pub no_caret_diag: bool,
    /// Accepted for 64tass compatibility: c64kit always names the macro call
    #[arg(long)]
    pub macro_caret_diag: bool,

    // Output formats, for the -o before them.
    /// CBM .prg output with a load address (the default)
    #[arg(long, action = ArgAction::Count)]
    pub cbm_prg: u8,
    /// Raw output: no load address
    #[arg(short = 'b', long, visible_alias = "raw", action = ArgAction::Count)]
    pub nostart: u8,
    /// Flat output: memory from address 0 to the last byte written
    #[arg(short = 'f', long, action = ArgAction::Count)]
    pub flat: u8,
    /// Nonlinear output: (length, address, bytes) per block, then a zero length
    #[arg(short = 'n', long, action = ArgAction::Count)]
    pub nonlinear: u8,
    /// Apple II DOS 3.3 binary: address, length, bytes
    #[arg(long, action = ArgAction::Count)]
    pub apple_ii: u8,
    /// Atari XEX executable
    #[arg(long, action = ArgAction::Count)]
    pub atari_xex: u8,
    /// Intel HEX
    #[arg(long, action = ArgAction::Count)]
    pub intel_hex: u8,
    /// MOS Technology hex (paper tape)
    #[arg(long, action = ArgAction::Count)]
    pub mos_hex: u8,
    /// Motorola S-record
    #[arg(long, action = ArgAction::Count)]
    pub s_record: u8,

    /// Write a label file (64tass's format, or the one chosen by the flags below)
    #[arg(short = 'l', long, value_name = "FILE")]
    pub labels: Vec<PathBuf>,
    /// Label file: `name = value` for global symbols (the default)
    #[arg(long, action = ArgAction::Count)]
    pub normal_labels: u8,
    /// Label file for VICE's monitor: `al 0810 .scope:name`
    #[arg(long, action = ArgAction::Count)]
    pub vice_labels: u8,
    /// As --vice-labels, numeric constants too
    #[arg(long, action = ArgAction::Count)]
    pub vice_labels_numeric: u8,
    /// Label file: `name = $0810` for global numbers and addresses
    #[arg(long, action = ArgAction::Count)]
    pub simple_labels: u8,
    /// Label file for Mesen: `:0810-0812:name`
    #[arg(long, action = ArgAction::Count)]
    pub mesen_labels: u8,
    /// Label file: `file:line:col: scope.name = value` for every symbol
    #[arg(long, action = ArgAction::Count)]
    pub dump_labels: u8,

    /// Write a listing: offset, bytes, disassembly, source
    #[arg(
        short = 'L',
        long = "list",
        visible_alias = "listing",
        value_name = "FILE"
    )]
    pub list: Option<PathBuf>,
    /// Listing without the disassembly column
    #[arg(short = 'm', long)]
    pub no_monitor: bool,
    /// Listing without the source column
    #[arg(short = 's', long)]
    pub no_source: bool,
    /// Listing and label tab size
    #[arg(long, value_name = "N")]
    pub tab_size: Option<u8>,
    /// Write the memory map (64tass's `Data:`/`Gap:` lines) to this file
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// Accepted for 64tass compatibility: c64kit prints no memory map unless --map asks
    #[arg(long)]
    pub no_map: bool,

    /// Processor: NMOS 6502 with undocumented opcodes
    #[arg(short = 'i', long = "m6502", visible_alias = "m6502i")]
    pub illegal: bool,
    /// Processor: standard 6502 (the default)
    #[arg(long)]
    pub m65xx: bool,
    /// Write Makefile dependencies (target: sources and binaries read)
    #[arg(short = 'M', long = "dependencies", value_name = "FILE")]
    pub dependencies: Option<PathBuf>,
    /// With -M: an empty rule per dependency, so deleted files don't break make
    #[arg(long)]
    pub make_phony: bool,
    /// Write which source line made each byte (see docs/assembler.md)
    #[arg(long, value_name = "FILE")]
    pub source_map: Option<PathBuf>,
    /// Also write a 35-track 1541 disk image holding the program
    #[arg(long, value_name = "FILE.d64")]
    pub d64: Option<PathBuf>,
    /// Disk and file name on the D64 [default: the source file's name, upper case]
    #[arg(long, value_name = "NAME", requires = "d64")]
    pub disk_name: Option<String>,

    // 64tass options c64kit does not implement: each stops the build with a
    // message that names it (see `unsupported`).
    #[arg(short = 'c', long = "m65c02", hide = true, action = ArgAction::Count)]
    pub m65c02: u8,
    #[arg(long = "m65ce02", hide = true, action = ArgAction::Count)]
    pub m65ce02: u8,
    #[arg(short = 't', long = "m65dtv02", hide = true, action = ArgAction::Count)]
    pub m65dtv02: u8,
    #[arg(short = 'x', long = "m65816", hide = true, action = ArgAction::Count)]
    pub m65816: u8,
    #[arg(short = 'e', long = "m65el02", hide = true, action = ArgAction::Count)]
    pub m65el02: u8,
    #[arg(long = "mr65c02", hide = true, action = ArgAction::Count)]
    pub mr65c02: u8,
    #[arg(long = "mw65c02", hide = true, action = ArgAction::Count)]
    pub mw65c02: u8,
    #[arg(long = "m4510", hide = true, action = ArgAction::Count)]
    pub m4510: u8,
    #[arg(short = 'T', long = "tasm-compatible", hide = true, action = ArgAction::Count)]
    pub tasm_compatible: u8,
    #[arg(long, hide = true, value_name = "FILE")]
    pub output_append: Option<PathBuf>,
    #[arg(long, hide = true, value_name = "NAME")]
    pub output_section: Option<String>,
    #[arg(long, hide = true, value_name = "FILE")]
    pub output_exec: Option<String>,
    #[arg(long, hide = true, value_name = "FILE")]
    pub map_append: Option<PathBuf>,
    #[arg(long, hide = true, value_name = "FILE")]
    pub labels_append: Option<PathBuf>,
    #[arg(long, hide = true, value_name = "PATH")]
    pub labels_root: Option<String>,
    #[arg(long, hide = true, value_name = "NAME")]
    pub labels_section: Option<String>,
    #[arg(long, hide = true, value_name = "PREFIX")]
    pub labels_add_prefix: Option<String>,
    #[arg(long, hide = true, action = ArgAction::Count)]
    pub export_labels: u8,
    #[arg(long, hide = true, value_name = "FILE")]
    pub list_append: Option<PathBuf>,
    /// Listing with a line-number column
    #[arg(long)]
    pub line_numbers: bool,
    #[arg(long, hide = true, action = ArgAction::Count)]
    pub verbose_list: u8,
    #[arg(long, hide = true, value_name = "FILE")]
    pub error_append: Option<PathBuf>,
}

/// One file to write and its format.
pub struct Target<F> {
    pub path: PathBuf,
    pub format: F,
}

impl Args {
    /// The assembler's options.
    pub fn options(&self) -> Result<c64asm::Options, String> {
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
            cpu: if self.illegal {
                c64asm::Cpu::M6502i
            } else {
                c64asm::Cpu::M6502
            },
            ascii: self.ascii,
            case_sensitive: self.case_sensitive,
            long_branch: self.long_branch,
            long_address: self.long_address,
            warnings,
            record_lines: self.list.is_some() || self.source_map.is_some(),
            list_symbols: !self.labels.is_empty(),
            free_memory: false,
        })
    }

    /// A 64tass option given that c64kit does not implement, named in words.
    pub fn unsupported(&self, m: &ArgMatches) -> Option<String> {
        const CPUS: [(&str, &str); 8] = [
            ("m65c02", "the 65C02"),
            ("m65ce02", "the 65CE02"),
            ("m65dtv02", "the 65DTV02"),
            ("m65816", "the 65816"),
            ("m65el02", "the 65EL02"),
            ("mr65c02", "the R65C02"),
            ("mw65c02", "the W65C02"),
            ("m4510", "the 4510"),
        ];
        for (id, cpu) in CPUS {
            if m.get_count(id) > 0 {
                return Some(format!(
                    "--{id}: c64kit assembles for the 6502 only (with -i, its undocumented opcodes too), not for {cpu}"
                ));
            }
        }
        const OTHERS: [(&str, &str); 13] = [
            ("tasm_compatible", "--tasm-compatible"),
            ("output_append", "--output-append"),
            ("output_section", "--output-section"),
            ("output_exec", "--output-exec"),
            ("map_append", "--map-append"),
            ("labels_append", "--labels-append"),
            ("labels_root", "--labels-root"),
            ("labels_section", "--labels-section"),
            ("labels_add_prefix", "--labels-add-prefix"),
            ("export_labels", "--export-labels"),
            ("list_append", "--list-append"),
            ("verbose_list", "--verbose-list"),
            ("error_append", "--error-append"),
        ];
        OTHERS
            .iter()
            .find(|(id, _)| m.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
            .map(|(_, flag)| format!("{flag} is a 64tass option c64kit does not support yet"))
    }

    /// The program files to write and their formats.
    pub fn outputs(&self, m: &ArgMatches) -> Vec<Target<OutputFormat>> {
        const FORMATS: [(&str, OutputFormat); 9] = [
            ("cbm_prg", OutputFormat::Cbm),
            ("nostart", OutputFormat::Raw),
            ("flat", OutputFormat::Flat),
            ("nonlinear", OutputFormat::Nonlinear),
            ("apple_ii", OutputFormat::AppleII),
            ("atari_xex", OutputFormat::AtariXex),
            ("intel_hex", OutputFormat::IntelHex),
            ("mos_hex", OutputFormat::MosHex),
            ("s_record", OutputFormat::SRecord),
        ];
        let mut paths: Vec<(usize, PathBuf)> = positions(m, "output")
            .zip(self.output.iter().cloned())
            .collect();
        if paths.is_empty() && !self.no_output {
            // The default output comes after every flag.
            paths.push((usize::MAX, self.files[0].with_extension("prg")));
        }
        in_force(m, &FORMATS, paths)
    }

    /// The label files to write and their formats.
    pub fn label_files(&self, m: &ArgMatches) -> Vec<Target<LabelFormat>> {
        const FORMATS: [(&str, LabelFormat); 6] = [
            ("normal_labels", LabelFormat::Tass),
            ("vice_labels", LabelFormat::Vice),
            ("vice_labels_numeric", LabelFormat::ViceNumeric),
            ("simple_labels", LabelFormat::Simple),
            ("mesen_labels", LabelFormat::Mesen),
            ("dump_labels", LabelFormat::Dump),
        ];
        let paths = positions(m, "labels")
            .zip(self.labels.iter().cloned())
            .collect();
        in_force(m, &FORMATS, paths)
    }
}

/// Where on the command line each value of an option was given.
fn positions<'a>(m: &'a ArgMatches, id: &str) -> Box<dyn Iterator<Item = usize> + 'a> {
    if m.value_source(id) != Some(clap::parser::ValueSource::CommandLine) {
        return Box::new(std::iter::empty());
    }
    match m.indices_of(id) {
        Some(i) => Box::new(i),
        None => Box::new(std::iter::empty()),
    }
}

/// 64tass's rule: each file gets the format flag last given before it, the last
/// file the last format flag given at all.
fn in_force<F: Copy + Default>(
    m: &ArgMatches,
    formats: &[(&str, F)],
    paths: Vec<(usize, PathBuf)>,
) -> Vec<Target<F>> {
    let mut flags: Vec<(usize, F)> = formats
        .iter()
        .flat_map(|(id, f)| positions(m, id).map(move |i| (i, *f)))
        .collect();
    flags.sort_by_key(|&(i, _)| i);
    let last = flags.last().map(|&(_, f)| f);
    let count = paths.len();
    paths
        .into_iter()
        .enumerate()
        .map(|(n, (at, path))| {
            let before = flags.iter().rev().find(|&&(i, _)| i < at).map(|&(_, f)| f);
            let format = if n + 1 == count {
                last.or(before)
            } else {
                before
            };
            Target {
                path,
                format: format.unwrap_or_default(),
            }
        })
        .collect()
}
