//! `c64kit build`'s command line: 64tass's, so a Makefile can swap `64tass`
//! for `c64kit build`. Flags that choose a format apply to the output or label
//! file named after them, and the last such flag to the last file, as in 64tass.

use std::path::PathBuf;

use clap::{ArgAction, ArgMatches};

use c64asm::{LabelFormat, OutputFormat};

// `c64kit build` takes 64tass's command line: swap `64tass` for
// `c64kit build` in a Makefile and get the same bytes.
// Its switches are `Option<bool>`, `Some(true)` when given (`num_args = 0` with
// "true" for the missing value), not `bool`: clap gives a `bool` switch a default
// `false` that each run parses, stores, copies and drops for all 37 of them, a
// quarter of a short build's instructions (docs/performance.md, session 33).
// (Not a doc comment: the subcommand's arguments are made after its help line is
// set, and clap would make the struct's doc comment its help line.)
#[derive(clap::Args)]
#[command(
    infer_long_args = true,
    args_override_self = true,
    version,
    after_help = "Flags as in 64tass: short flags combine (-Ca), long ones may be abbreviated.\n\
                  Format flags (--nostart, --vice-labels, ...) apply to the -o or -l after them;\n\
                  the last one also to the last file, as in 64tass."
)]
pub struct Args {
    /// Source files (64tass syntax), assembled in order
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output file [default: the first source with extension .prg; `a.out` when started
    /// as `64tass`]; `-` is standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Vec<PathBuf>,
    /// As -o, but add the bytes to the end of FILE
    #[arg(long, value_name = "FILE")]
    pub output_append: Vec<PathBuf>,
    /// Only this section (dotted path, e.g. main.code) and its children go into the next -o
    #[arg(long, value_name = "NAME")]
    pub output_section: Vec<String>,
    /// Write no program file (labels, listing and the rest still are)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_output: Option<bool>,
    /// The flags that change what is assembled (shared with `c64kit run`).
    #[command(flatten)]
    pub asm: AsmFlags,
    /// Print nothing but diagnostics
    #[arg(short = 'q', long, overrides_with = "no_quiet")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub quiet: Option<bool>,
    /// 64tass's --no-quiet: undo -q (the last of the two counts)
    #[arg(long, hide = true, overrides_with = "quiet")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_quiet: Option<bool>,
    /// Write diagnostics to this file instead of standard error
    #[arg(short = 'E', long = "error", value_name = "FILE")]
    pub error_file: Option<PathBuf>,
    /// As -E, but add to the end of FILE
    #[arg(long, value_name = "FILE")]
    pub error_append: Option<PathBuf>,
    /// Print no diagnostics (the exit status still tells)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_error: Option<bool>,
    /// Messages as c64kit prints them, or one line each (`file:line:col: error: text`) and the summary as 64tass prints them, for editors and tools that read 64tass's output [default: c64kit; 64tass when started as `64tass`]
    #[arg(long, value_name = "STYLE", value_enum)]
    pub message_format: Option<MessageFormat>,
    /// With --message-format 64tass: no source line and caret under messages
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_caret_diag: Option<bool>,
    /// With --message-format 64tass: source line and caret only for macro lines their arguments changed
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub macro_caret_diag: Option<bool>,
    /// 64tass's --caret-diag: source line and caret under every message (the default)
    #[arg(long, hide = true)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub caret_diag: Option<bool>,
    /// Started under the name `64tass`: 64tass's default output name.
    #[arg(skip)]
    pub as_64tass: bool,
    /// Print the switches in short and stop (64tass's --usage)
    #[arg(long, action = ArgAction::HelpShort)]
    pub usage: (),
    /// 64tass's -?: the help
    #[arg(short = '?', action = ArgAction::Help, hide = true)]
    pub question_help: (),

    // Output formats, for the -o before them.
    /// CBM .prg output with a load address (the default)
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub cbm_prg: Vec<bool>,
    /// Raw output: no load address
    #[arg(short = 'b', long, visible_alias = "raw", action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub nostart: Vec<bool>,
    /// Flat output: memory from address 0 to the last byte written
    #[arg(short = 'f', long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub flat: Vec<bool>,
    /// Nonlinear output: (length, address, bytes) per block, then a zero length
    #[arg(short = 'n', long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub nonlinear: Vec<bool>,
    /// Apple II DOS 3.3 binary: address, length, bytes
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub apple_ii: Vec<bool>,
    /// Atari XEX executable
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub atari_xex: Vec<bool>,
    /// Intel HEX
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub intel_hex: Vec<bool>,
    /// MOS Technology hex (paper tape)
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub mos_hex: Vec<bool>,
    /// Motorola S-record
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub s_record: Vec<bool>,

    /// Write a label file (64tass's format, or the one chosen by the flags below)
    #[arg(short = 'l', long, value_name = "FILE")]
    pub labels: Vec<PathBuf>,
    /// As -l, but add to the end of FILE
    #[arg(long, value_name = "FILE")]
    pub labels_append: Vec<PathBuf>,
    /// The next label file lists this scope only (dotted path, e.g. io.vic)
    #[arg(long, value_name = "SCOPE")]
    pub labels_root: Vec<String>,
    /// Label file: `name = value` for global symbols (the default)
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub normal_labels: Vec<bool>,
    /// Label file for VICE's monitor: `al 0810 .scope:name`
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub vice_labels: Vec<bool>,
    /// As --vice-labels, numeric constants too
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub vice_labels_numeric: Vec<bool>,
    /// Label file: `name = $0810` for global numbers and addresses
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub simple_labels: Vec<bool>,
    /// Label file for Mesen: `:0810-0812:name`
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub mesen_labels: Vec<bool>,
    /// Label file: `file:line:col: scope.name = value` for every symbol
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub dump_labels: Vec<bool>,
    /// Label file for another source to include; its .procs are assembled even if unused
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub export_labels: Vec<bool>,

    /// Write a listing: offset, bytes, disassembly, source
    #[arg(
        short = 'L',
        long = "list",
        visible_alias = "listing",
        value_name = "FILE"
    )]
    pub list: Option<PathBuf>,
    /// As --list, but add to the end of FILE
    #[arg(long, value_name = "FILE")]
    pub list_append: Option<PathBuf>,
    /// List every line assembled, also comments and empty lines
    #[arg(long, overrides_with = "no_verbose_list")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub verbose_list: Option<bool>,
    /// 64tass's --no-verbose-list: undo --verbose-list
    #[arg(long, hide = true, overrides_with = "verbose_list")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_verbose_list: Option<bool>,
    /// Listing without the disassembly column
    #[arg(short = 'm', long, overrides_with = "monitor")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_monitor: Option<bool>,
    /// 64tass's --monitor: undo -m
    #[arg(long, hide = true, overrides_with = "no_monitor")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub monitor: Option<bool>,
    /// Listing without the source column
    #[arg(short = 's', long, overrides_with = "source")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_source: Option<bool>,
    /// 64tass's --source: undo -s
    #[arg(long, hide = true, overrides_with = "no_source")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub source: Option<bool>,
    /// Listing and label tab size (1-64; 1: spaces only)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    pub tab_size: Option<u8>,
    /// Write the memory map (64tass's `Data:`/`Gap:` lines) of the next -o to this file
    #[arg(long, value_name = "FILE")]
    pub map: Vec<PathBuf>,
    /// As --map, but add to the end of FILE
    #[arg(long, value_name = "FILE")]
    pub map_append: Vec<PathBuf>,
    /// No memory map for the next -o (undoes a --map given for it)
    #[arg(long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub no_map: Vec<bool>,

    /// Write Makefile dependencies (target: sources and binaries read)
    #[arg(short = 'M', long = "dependencies", value_name = "FILE")]
    pub dependencies: Option<PathBuf>,
    /// With -M: an empty rule per dependency, so deleted files don't break make
    #[arg(long, overrides_with = "no_make_phony")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub make_phony: Option<bool>,
    /// 64tass's --no-make-phony: undo --make-phony
    #[arg(long, hide = true, overrides_with = "make_phony")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_make_phony: Option<bool>,
    /// Write which source line made each byte (see docs/assembler.md)
    #[arg(long, value_name = "FILE")]
    pub source_map: Option<PathBuf>,
    /// Also write a 35-track 1541 disk image holding the program
    #[arg(long, value_name = "FILE.d64")]
    pub d64: Option<PathBuf>,
    /// Disk and file name on the D64 [default: the source file's name, upper case]
    #[arg(long, value_name = "NAME", requires = "d64")]
    pub disk_name: Option<String>,

    /// Listing with a line-number column
    #[arg(long, overrides_with = "no_line_numbers")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub line_numbers: Option<bool>,
    /// 64tass's --no-line-numbers: undo --line-numbers
    #[arg(long, hide = true, overrides_with = "line_numbers")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_line_numbers: Option<bool>,
}

// 64tass's flags that change what is assembled: `c64kit build` and `c64kit run`
// (which assembles a .asm before running it) take the same ones.
// (Not a doc comment either: see [`Args`].)
#[derive(clap::Args)]
pub struct AsmFlags {
    /// Source is ASCII/Unicode: `none` encoding maps a-z to PETSCII, {escapes} work
    #[arg(short = 'a', long, overrides_with = "no_ascii")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub ascii: Option<bool>,
    /// 64tass's --no-ascii: undo --ascii (the last of the two counts)
    #[arg(long, hide = true, overrides_with = "ascii")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_ascii: Option<bool>,
    /// Case-sensitive symbols (and directives, registers)
    #[arg(short = 'C', long, overrides_with = "no_case_sensitive")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub case_sensitive: Option<bool>,
    /// 64tass's --no-case-sensitive: undo --case-sensitive (the last of the two counts)
    #[arg(long, hide = true, overrides_with = "case_sensitive")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_case_sensitive: Option<bool>,
    /// TASM-compatible: left-to-right 16-bit expressions, `!` forces a word address, `@1` macro text
    #[arg(short = 'T', long, overrides_with = "no_tasm_compatible")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub tasm_compatible: Option<bool>,
    /// 64tass's --no-tasm-compatible: undo --tasm-compatible (the last of the two counts)
    #[arg(long, hide = true, overrides_with = "tasm_compatible")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_tasm_compatible: Option<bool>,
    /// Out-of-range branches become a branch over a jmp
    #[arg(short = 'B', long, overrides_with = "no_long_branch")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub long_branch: Option<bool>,
    /// 64tass's --no-long-branch: undo --long-branch (the last of the two counts)
    #[arg(long, hide = true, overrides_with = "long_branch")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_long_branch: Option<bool>,
    /// 3-byte load address and a 16 MiB address space
    #[arg(short = 'X', long, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub long_address: Vec<bool>,
    /// 64tass's --no-long-address: undo --long-address (the last of the two counts)
    #[arg(long, hide = true, action = ArgAction::Append, num_args = 0, default_missing_value = "true")]
    pub no_long_address: Vec<bool>,
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
    #[arg(short = 'w', long = "no-warn", overrides_with = "warn")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub no_warn: Option<bool>,
    /// 64tass's --warn: undo -w
    #[arg(long, hide = true, overrides_with = "no_warn")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub warn: Option<bool>,
    /// Processor: NMOS 6502 with undocumented opcodes
    #[arg(short = 'i', long = "m6502", visible_alias = "m6502i")]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub illegal: Option<bool>,
    /// Processor: standard 6502 (the default)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65xx: Option<bool>,
    /// Processor: CMOS 65C02 (stz, bra, (zp) addressing...)
    #[arg(short = 'c', long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65c02: Option<bool>,
    /// Processor: Rockwell R65C02 (65C02 with bbr, bbs, rmb, smb)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub mr65c02: Option<bool>,
    /// Processor: WDC W65C02 (R65C02 with stp, wai)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub mw65c02: Option<bool>,
    /// Processor: CSG 65CE02 (R65C02 with the Z register, 16-bit branches, word instructions)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65ce02: Option<bool>,
    /// Processor: W65C816 (16-bit registers, 24-bit addresses, .al/.xl, .databank, .dpage)
    #[arg(short = 'x', long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65816: Option<bool>,
    /// Processor: 65DTV02, the C64 DTV's (bra, sac, sir)
    #[arg(short = 't', long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65dtv02: Option<bool>,
    /// Processor: 65EL02 (RedPower: 65C02 with stack-relative modes, mul, div...)
    #[arg(short = 'e', long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m65el02: Option<bool>,
    /// Processor: CSG 4510 (65CE02 with map; the C65 and the MEGA65)
    #[arg(long)]
    #[arg(num_args = 0, default_missing_value = "true")]
    pub m4510: Option<bool>,
}

impl AsmFlags {
    /// The assembler's options these flags choose (the rest at their defaults).
    pub fn options(&self, m: &ArgMatches) -> Result<c64asm::Options, String> {
        let mut warnings = c64asm::Warnings::default();
        for w in &self.warnings {
            if !warnings.apply(w) {
                return Err(format!("unrecognized option '-W{w}'"));
            }
        }
        warnings.none = self.no_warn.is_some();
        Ok(c64asm::Options {
            defines: self.defines.clone(),
            include_dirs: self.include_dirs.clone(),
            cpu: Self::cpu(m),
            ascii: self.ascii.is_some(),
            case_sensitive: self.case_sensitive.is_some(),
            tasm_compatible: self.tasm_compatible.is_some(),
            long_branch: self.long_branch.is_some(),
            long_address: Self::long_address(m),
            warnings,
            ..c64asm::Options::default()
        })
    }

    /// `-X` in force at the end of the command line: given, and not undone
    /// by a `--no-long-address` after it.
    fn long_address(m: &ArgMatches) -> bool {
        let last = |id| positions(m, id).max();
        last("long_address") > last("no_long_address")
    }

    /// The processor switch given last (64tass's rule), or the 6502.
    fn cpu(m: &ArgMatches) -> c64asm::Cpu {
        use c64asm::Cpu;
        let switches = [
            ("m65xx", Cpu::M6502),
            ("illegal", Cpu::M6502i),
            ("m65c02", Cpu::M65C02),
            ("mr65c02", Cpu::R65C02),
            ("mw65c02", Cpu::W65C02),
            ("m65ce02", Cpu::M65CE02),
            ("m65816", Cpu::M65816),
            ("m65dtv02", Cpu::M65DTV02),
            ("m65el02", Cpu::M65EL02),
            ("m4510", Cpu::M4510),
        ];
        switches
            .into_iter()
            .filter_map(|(id, cpu)| Some((m.indices_of(id)?.next_back()?, cpu)))
            .max_by_key(|&(index, _)| index)
            .map_or(Cpu::M6502, |(_, cpu)| cpu)
    }
}

/// How errors and warnings are printed (`--message-format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    // c64kit's: each message with its source lines around a caret. (Plain
    // comments: a documented value would turn `--help` into the long layout.)
    C64kit,
    // 64tass 1.58's, exactly: one line a message, then the line and a caret.
    #[value(name = "64tass")]
    Tass,
}

/// One file to write and what goes into it.
pub struct Target<F> {
    pub path: PathBuf,
    pub format: F,
    /// Added to the end of the file (`--output-append`, `--labels-append`).
    pub append: bool,
    /// Only this section (`--output-section`) or label scope (`--labels-root`).
    pub scope: Option<String>,
    /// The output's memory map (`--map`, `--map-append`: appended if true).
    pub map: Option<(PathBuf, bool)>,
    /// `-X` in force at this `-o` (the last output: at the end of the line).
    pub long: bool,
}

impl Args {
    /// The assembler's options.
    pub fn options(&self, m: &ArgMatches) -> Result<c64asm::Options, String> {
        let base = self.asm.options(m)?;
        let outputs = self.outputs(m);
        let smallest = outputs
            .iter()
            .map(|t| t.format.image_size(t.long))
            .min()
            .unwrap_or(1 << 16);
        let long_address = match outputs.is_empty() {
            true => base.long_address,
            false => outputs.iter().any(|t| t.long),
        };
        Ok(c64asm::Options {
            // 64tass assembles in the smallest image among the outputs'
            // formats, each with the `-X` in force at its `-o`.
            flat_image: !outputs.is_empty() && smallest > 1 << 24,
            long_address,
            short_image: long_address && smallest == 1 << 16,
            image_of_outputs: true,
            record_lines: self.list_target(m).is_some() || self.source_map.is_some(),
            listing_written: self.list_target(m).is_some(),
            source_lines: self.source_map.is_some(),
            verbose_list: self.verbose_list.is_some(),
            list_line_numbers: self.line_numbers.is_some(),
            list_symbols: !self.label_files(m).is_empty(),
            // The lists of the top scope alone need no scope's symbols.
            nested_symbols: self.label_files(m).iter().any(|t| {
                t.scope.is_some()
                    || !matches!(
                        t.format,
                        LabelFormat::Tass
                            | LabelFormat::Export
                            | LabelFormat::Simple
                            | LabelFormat::Mesen
                    )
            }),
            free_memory: false,
            tab_size: self.tab_size.unwrap_or(8),
            export_labels: self
                .label_files(m)
                .into_iter()
                .filter(|t| t.format == LabelFormat::Export)
                .map(|t| t.scope.unwrap_or_default())
                .collect(),
            ..base
        })
    }

    /// Whether messages and the summary are printed as 64tass prints them:
    /// `--message-format 64tass`, or started as `64tass` without
    /// `--message-format c64kit`.
    pub fn tass_messages(&self) -> bool {
        match self.message_format {
            Some(f) => f == MessageFormat::Tass,
            None => self.as_64tass,
        }
    }

    /// Where diagnostics go: `-E` or `--error-append` (the last given), and whether
    /// they are added to the end of the file.
    pub fn error_target(&self, m: &ArgMatches) -> Option<(PathBuf, bool)> {
        last_of(m, &[("error_file", false), ("error_append", true)])
    }

    /// Where the listing goes: `-L` or `--list-append` (the last given), and whether
    /// it is added to the end of the file.
    pub fn list_target(&self, m: &ArgMatches) -> Option<(PathBuf, bool)> {
        last_of(m, &[("list", false), ("list_append", true)])
    }

    /// A memory map with no output to belong to (`--no-output`): the whole
    /// program's (64tass 1.58 crashes there).
    pub fn lone_map(&self, m: &ArgMatches) -> Option<(PathBuf, bool)> {
        let outputs = named_files(m, &[("output", false), ("output_append", true)]);
        match self.no_output.is_some() && outputs.is_empty() {
            true => last_of(m, &[("map", false), ("map_append", true)]),
            false => None,
        }
    }

    /// The program files to write, in command-line order, each with its format,
    /// section and memory map.
    /// Where the program goes without `-o`: the first source's name with `.prg`,
    /// or 64tass's `a.out` when started as `64tass`.
    pub fn default_output(&self) -> PathBuf {
        match self.as_64tass {
            true => PathBuf::from("a.out"),
            false => self.files[0].with_extension("prg"),
        }
    }

    pub fn outputs(&self, m: &ArgMatches) -> Vec<Target<OutputFormat>> {
        const LONG: [(&str, bool); 2] = [("long_address", true), ("no_long_address", false)];
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
        let mut files = named_files(m, &[("output", false), ("output_append", true)]);
        if files.is_empty() && self.no_output.is_none() {
            // The default output comes after every flag.
            files.push((usize::MAX, self.default_output(), false));
        }
        // `--no-output` is one of 64tass's outputs too, written nowhere: the
        // switches after it are its own, not the last -o's.
        let nowhere: Vec<usize> = positions(m, "no_output").collect();
        files.extend(nowhere.iter().map(|&i| (i, PathBuf::new(), false)));
        files.sort_by_key(|f| f.0);
        let sections = values::<String>(m, "output_section");
        let maps = map_choices(m);
        // 64tass keeps one "append" switch for maps, set by each --map or
        // --map-append and never reset: the last file's map takes the last one.
        let last_append = maps.iter().rev().find_map(|(_, c)| c.as_ref().map(|c| c.1));
        let at: Vec<usize> = files.iter().map(|f| f.0).collect();
        let longs = in_force(m, &LONG, files.clone(), &[]);
        let mut targets = in_force(m, &FORMATS, files, &sections);
        let count = targets.len();
        for (n, (t, l)) in targets.iter_mut().zip(longs).enumerate() {
            t.long = l.format;
            // A map (or --no-map) given after the last -o counts only if none came
            // before it.
            t.map = own(&maps, &at, n)
                .or_else(|| after_last(&maps, &at, n))
                .flatten();
            if n + 1 == count
                && let (Some(map), Some(append)) = (t.map.as_mut(), last_append)
            {
                map.1 = append;
            }
        }
        let mut written = at.iter().map(|i| !nowhere.contains(i));
        targets.retain(|_| written.next().unwrap_or(true));
        targets
    }

    /// The label files to write, in command-line order, each with its format and scope.
    pub fn label_files(&self, m: &ArgMatches) -> Vec<Target<LabelFormat>> {
        const FORMATS: [(&str, LabelFormat); 7] = [
            ("normal_labels", LabelFormat::Tass),
            ("export_labels", LabelFormat::Export),
            ("vice_labels", LabelFormat::Vice),
            ("vice_labels_numeric", LabelFormat::ViceNumeric),
            ("simple_labels", LabelFormat::Simple),
            ("mesen_labels", LabelFormat::Mesen),
            ("dump_labels", LabelFormat::Dump),
        ];
        let files = named_files(m, &[("labels", false), ("labels_append", true)]);
        in_force(m, &FORMATS, files, &values(m, "labels_root"))
    }
}

/// Each `--map`, `--map-append` (the file, and whether it is appended to) and
/// `--no-map` (none), in command-line order.
fn map_choices(m: &ArgMatches) -> Vec<(usize, Option<(PathBuf, bool)>)> {
    let maps = named_files(m, &[("map", false), ("map_append", true)]);
    let mut all: Vec<(usize, Option<(PathBuf, bool)>)> = maps
        .into_iter()
        .map(|(i, p, a)| (i, Some((p, a))))
        .chain(positions(m, "no_map").map(|i| (i, None)))
        .collect();
    all.sort_by_key(|c| c.0);
    all
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

/// Each value of an option given on the command line, with where it was given.
fn values<T: Clone + Send + Sync + 'static>(m: &ArgMatches, id: &str) -> Vec<(usize, T)> {
    match m.get_many::<T>(id) {
        Some(v) => positions(m, id).zip(v.cloned()).collect(),
        None => Vec::new(),
    }
}

/// The files named by options that write one (`-o` and `--output-append`, ...), in
/// command-line order, each with whether it is appended to.
fn named_files(m: &ArgMatches, ids: &[(&str, bool)]) -> Vec<(usize, PathBuf, bool)> {
    let mut all: Vec<(usize, PathBuf, bool)> = ids
        .iter()
        .flat_map(|&(id, append)| {
            values::<PathBuf>(m, id)
                .into_iter()
                .map(move |(i, p)| (i, p, append))
        })
        .collect();
    all.sort_by_key(|f| f.0);
    all
}

/// The last file given with any of `ids` (`-L` or `--list-append`).
fn last_of(m: &ArgMatches, ids: &[(&str, bool)]) -> Option<(PathBuf, bool)> {
    named_files(m, ids).pop().map(|(_, p, a)| (p, a))
}

/// A per-file option (a section, a scope, a map) for file `n` of those at `at`: the
/// last one given after the file before it and before this one.
fn own<T: Clone>(flags: &[(usize, T)], at: &[usize], n: usize) -> Option<T> {
    let prev = n.checked_sub(1).map(|p| at[p]);
    flags
        .iter()
        .rev()
        .find(|(i, _)| prev.is_none_or(|p| *i > p) && *i < at[n])
        .map(|(_, v)| v.clone())
}

/// For the last file only: the last per-file option given after it.
fn after_last<T: Clone>(flags: &[(usize, T)], at: &[usize], n: usize) -> Option<T> {
    if n + 1 != at.len() {
        return None;
    }
    flags
        .iter()
        .rev()
        .find(|(i, _)| *i > at[n])
        .map(|(_, v)| v.clone())
}

/// 64tass's rules, found by experiment with 64tass 1.58: each file gets the format
/// flag last given before it (a format stays until another is chosen), and the last
/// file the last format flag given at all. A section or label scope belongs to the
/// file after it only (it must be repeated for each); one given after the last file
/// is the last file's.
fn in_force<F: Copy + Default>(
    m: &ArgMatches,
    formats: &[(&str, F)],
    files: Vec<(usize, PathBuf, bool)>,
    scopes: &[(usize, String)],
) -> Vec<Target<F>> {
    let mut flags: Vec<(usize, F)> = formats
        .iter()
        .flat_map(|(id, f)| positions(m, id).map(move |i| (i, *f)))
        .collect();
    flags.sort_by_key(|&(i, _)| i);
    let last = flags.last().map(|&(_, f)| f);
    let at: Vec<usize> = files.iter().map(|f| f.0).collect();
    let count = files.len();
    files
        .into_iter()
        .enumerate()
        .map(|(n, (i, path, append))| {
            let before = flags.iter().rev().find(|&&(f, _)| f < i).map(|&(_, f)| f);
            let format = if n + 1 == count {
                last.or(before)
            } else {
                before
            };
            Target {
                path,
                format: format.unwrap_or_default(),
                append,
                scope: after_last(scopes, &at, n).or_else(|| own(scopes, &at, n)),
                map: None,
                long: false,
            }
        })
        .collect()
}
