//! Assembly options: the meaning of 64tass's command-line switches.

use std::path::PathBuf;

pub use crate::cpu::Cpu;

/// The diagnostics that `-W<name>` switches on or off. Defaults follow 64tass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warnings {
    /// `-Wimplied-reg`: implied addressing written where the register form exists (`asl` for `asl a`). Off by default.
    pub implied_reg: bool,
    /// `-Wjmp-bug`: `jmp ($xxff)`, whose high byte the NMOS 6502 reads from `$xx00`. On by default.
    pub jmp_bug: bool,
    /// `-Wwrap-pc` (`-Wpc-wrap`): the program counter wrapping around its address space. On by default.
    pub wrap_pc: bool,
    /// `-Wwrap-mem` (`-Wmem-wrap`): the compile offset wrapping around the output's address space. On by default.
    pub wrap_mem: bool,
    /// `-Wwrap-addr`: an operand's address wrapping around memory (`lda l + $fff0` past $ffff). On by default.
    pub wrap_addr: bool,
    /// `-Wwrap-dpage`: a direct page address wrapping around its page. On by default.
    pub wrap_dpage: bool,
    /// `-Wwrap-bank0`: an address that must be in bank 0 (`jmp (abs)`) wrapping around it. On by default.
    pub wrap_bank0: bool,
    /// `-Wwrap-pbank`: a jump's address wrapping around the program bank. On by default.
    pub wrap_pbank: bool,
    /// `-Waltmode`: another addressing mode than the address's own, as the
    /// instruction has none such (`lda $12,y` is absolute). Off by default.
    pub altmode: bool,
    /// `-Wlabel-left`: an unreferenced three-letter label not in the first column, likely a mistyped instruction. On by default.
    pub label_left: bool,
    /// `-Wbranch-page`: a branch that crosses a page (one cycle slower when taken). Off by default.
    pub branch_page: bool,
    /// `-Wdeprecated`: a deprecated 64tass feature (operator, directive). On by default.
    pub deprecated: bool,
    /// `-Wold-equal`: the single `=` comparison operator instead of `==`. Off by default.
    pub old_equal: bool,
    /// `-Wleading-zeros`: a number with leading zeros (could be meant as octal). Off by default.
    pub leading_zeros: bool,
    /// `-Wpitfalls`: notes on common mistakes after an error. On by default.
    pub pitfalls: bool,
    /// `-Wstar-assign`: `label *= value` read as a label and a program counter assignment, not a compound multiply. On by default.
    pub star_assign: bool,
    /// `-Wignored`: a directive that is accepted but has no effect. On by default.
    pub ignored: bool,
    /// `-Wlong-branch`: a branch that `-B` turned into a branch over a `jmp`. Off by default.
    pub long_branch: bool,
    /// `-Wfloat-round`: a floating point value implicitly rounded to an integer. Off by default.
    pub float_round: bool,
    /// `-Wpage`: a `.page` block that crosses a page; an error unless `-Wno-error=page`. On by default.
    pub page: bool,
    /// `-Wmacro-prefix`: a macro called without its `.` or `#` prefix. Off by default.
    pub macro_prefix: bool,
    /// `-Wsize-larger`: `size()`/`len()` larger than the area because of a negative offset. On by default.
    pub size_larger: bool,
    /// `-Wfloat-compare`: a floating point comparison whose answer holds only
    /// approximately (`2.1 + 0.2 == 2.3`). On by default.
    pub float_compare: bool,
    /// `-Wshadow`: a symbol found in an inner scope while an outer scope (or the
    /// built-ins) has one of the same name. Off by default, on with `-Wall`.
    pub shadow: bool,
    /// `-Wstrict-bool`: a value other than a bool used as a condition (`.if 1`,
    /// `.cerror`, `.for`/`.while` conditions, `?:`). Off by default, on with `-Wall`.
    pub strict_bool: bool,
    /// `-Wimmediate`: a zero page operand given as a plain number where the
    /// instruction has an immediate form (`cpx 4`: was `#4` meant?). Off by
    /// default, not in `-Wall`.
    pub immediate: bool,
    /// `-Wcase-symbol`: a symbol written with other letter case than its
    /// definition (case-insensitive sources). Off by default, not in `-Wall`.
    pub case_symbol: bool,
    /// `-Wportable`: a file name that would not work elsewhere (an absolute path,
    /// Windows' reserved characters). On by default.
    pub portable: bool,
    /// `-Wunused-macro` (`-Wunused` sets all four): a macro, structure,
    /// function or namespace never used. Off by default, not in `-Wall`.
    pub unused_macro: bool,
    /// `-Wunused-const`: a constant (`=`) never read.
    pub unused_const: bool,
    /// `-Wunused-label`: a label never read.
    pub unused_label: bool,
    /// `-Wunused-variable`: a variable never read, or set again before it was.
    pub unused_variable: bool,
    /// `-Walias`: an instruction written under an alias (`blt` for `bcc`).
    /// Off by default, not in `-Wall`.
    pub alias: bool,
    /// `-Woptimize`: an instruction that changes nothing, tests a decided
    /// condition, or could be a shorter one, as 64tass's register model
    /// finds them. Off by default, not in `-Wall`.
    pub optimize: bool,
    /// `-Werror`: every warning is an error.
    pub error: bool,
    /// `-Werror=<name>` for these names.
    pub error_names: Vec<String>,
    /// `-Wno-error=<name>` for these names: warnings even with `-Werror`,
    /// whichever comes first, as in 64tass.
    pub warning_names: Vec<String>,
    /// `-w`: no warnings at all.
    pub none: bool,
    /// `-W<name>` and `-Wno-<name>` given so far, in order: `-Wall` and
    /// `-Wno-all` keep them, given before or after (64tass writes each into
    /// the tables those two copy).
    pub explicit: Vec<(String, bool)>,
}

impl Default for Warnings {
    fn default() -> Self {
        Warnings {
            implied_reg: false,
            jmp_bug: true,
            wrap_pc: true,
            wrap_mem: true,
            wrap_addr: true,
            wrap_dpage: true,
            wrap_bank0: true,
            wrap_pbank: true,
            altmode: false,
            label_left: true,
            branch_page: false,
            deprecated: true,
            old_equal: false,
            leading_zeros: false,
            pitfalls: true,
            star_assign: true,
            ignored: true,
            long_branch: false,
            float_round: false,
            shadow: false,
            strict_bool: false,
            immediate: false,
            case_symbol: false,
            page: true,
            macro_prefix: false,
            size_larger: true,
            float_compare: true,
            portable: true,
            unused_macro: false,
            unused_const: false,
            unused_label: false,
            unused_variable: false,
            alias: false,
            optimize: false,
            error: false,
            // `.page` crossings are errors unless `-Wno-error=page`.
            error_names: vec!["page".to_string()],
            warning_names: Vec::new(),
            none: false,
            explicit: Vec::new(),
        }
    }
}

/// Names 64tass accepts after `-W` (and `-Wno-`, `-Werror=`).
pub const WARNING_NAMES: &[&str] = &[
    "optimize",
    "shadow",
    "strict-bool",
    "implied-reg",
    "jmp-bug",
    "pc-wrap",
    "mem-wrap",
    "wrap-pc",
    "wrap-mem",
    "wrap-addr",
    "wrap-dpage",
    "wrap-bank0",
    "wrap-pbank",
    "label-left",
    "branch-page",
    "deprecated",
    "old-equal",
    "portable",
    "unused",
    "unused-macro",
    "unused-const",
    "unused-label",
    "unused-variable",
    "case-symbol",
    "immediate",
    "float-compare",
    "leading-zeros",
    "alias",
    "pitfalls",
    "star-assign",
    "ignored",
    "long-branch",
    "altmode",
    "page",
    "macro-prefix",
    "float-round",
    "size-larger",
];

/// The warnings 64tass's `-Wall` table has off (all others on; `pc-wrap`
/// and `mem-wrap` come before the names they stand for, which are on).
const OFF_IN_ALL: &[&str] = &[
    "alias",
    "altmode",
    "branch-page",
    "case-symbol",
    "immediate",
    "long-branch",
    "macro-prefix",
    "mem-wrap",
    "optimize",
    "pc-wrap",
    "unused",
    "unused-const",
    "unused-label",
    "unused-macro",
    "unused-variable",
];

impl Warnings {
    /// Is any `-Wunused-*` on (symbols never read are looked for after
    /// the last pass)?
    pub fn any_unused(&self) -> bool {
        self.unused_macro || self.unused_const || self.unused_label || self.unused_variable
    }

    /// Apply one `-W` argument (`all`, `error`, `error=name`, `no-name`, `name`).
    /// Returns `false` for a name 64tass doesn't know.
    pub fn apply(&mut self, arg: &str) -> bool {
        let (on, name) = match arg.strip_prefix("no-") {
            Some(rest) => (false, rest),
            None => (true, arg),
        };
        if name == "all" {
            self.set_all(on);
            return true;
        }
        if name == "error" {
            self.error = on;
            return true;
        }
        if let Some(target) = name.strip_prefix("error=") {
            // 64tass 1.58 takes `-Wunused` for its four kinds, but not
            // `-Werror=unused`.
            if !WARNING_NAMES.contains(&target) || target == "unused" {
                return false;
            }
            self.error_names.retain(|n| n != target);
            self.warning_names.retain(|n| n != target);
            if on {
                self.error_names.push(target.to_string());
                self.set(target, true);
            } else {
                self.warning_names.push(target.to_string());
            }
            return true;
        }
        if !WARNING_NAMES.contains(&name) {
            return false;
        }
        self.set(name, on);
        self.explicit.push((name.to_string(), on));
        true
    }

    /// `-Wall` (`on`) or `-Wno-all`: every warning as 64tass's table for the
    /// switch has it (`-Wall`'s a fixed set, so one a `-Werror=` turned on is
    /// off again unless the set has it; `-Wno-all`'s none), then the
    /// `-W<name>` switches given so far again. `-Werror`'s lists and `-w` stay.
    fn set_all(&mut self, on: bool) {
        for name in WARNING_NAMES {
            self.set(name, on && !OFF_IN_ALL.contains(name));
        }
        let explicit = std::mem::take(&mut self.explicit);
        for (name, on) in &explicit {
            self.set(name, *on);
        }
        self.explicit = explicit;
    }

    fn set(&mut self, name: &str, on: bool) {
        match name {
            "implied-reg" => self.implied_reg = on,
            "immediate" => self.immediate = on,
            "case-symbol" => self.case_symbol = on,
            "jmp-bug" => self.jmp_bug = on,
            "pc-wrap" | "wrap-pc" => self.wrap_pc = on,
            "mem-wrap" | "wrap-mem" => self.wrap_mem = on,
            "wrap-addr" => self.wrap_addr = on,
            "wrap-dpage" => self.wrap_dpage = on,
            "wrap-bank0" => self.wrap_bank0 = on,
            "wrap-pbank" => self.wrap_pbank = on,
            "altmode" => self.altmode = on,
            "label-left" => self.label_left = on,
            "branch-page" => self.branch_page = on,
            "deprecated" => self.deprecated = on,
            "old-equal" => self.old_equal = on,
            "leading-zeros" => self.leading_zeros = on,
            "pitfalls" => self.pitfalls = on,
            "star-assign" => self.star_assign = on,
            "ignored" => self.ignored = on,
            "long-branch" => self.long_branch = on,
            "float-round" => self.float_round = on,
            "page" => self.page = on,
            "macro-prefix" => self.macro_prefix = on,
            "size-larger" => self.size_larger = on,
            "float-compare" => self.float_compare = on,
            "shadow" => self.shadow = on,
            "strict-bool" => self.strict_bool = on,
            "portable" => self.portable = on,
            "unused" => {
                self.unused_macro = on;
                self.unused_const = on;
                self.unused_label = on;
                self.unused_variable = on;
            }
            "unused-macro" => self.unused_macro = on,
            "unused-const" => self.unused_const = on,
            "unused-label" => self.unused_label = on,
            "unused-variable" => self.unused_variable = on,
            "alias" => self.alias = on,
            "optimize" => self.optimize = on,
            // Accepted, not checked by c64kit (they never change the bytes).
            _ => {}
        }
    }

    /// Is this warning made an error (`-Werror=name`, or `-Werror` without
    /// `-Wno-error=name`)?
    pub fn is_error(&self, name: &str) -> bool {
        self.error_names.iter().any(|n| n == name)
            || (self.error && !self.warning_names.iter().any(|n| n == name))
    }
}

/// Assembly options. `Options::default()` is 64tass without switches: raw
/// 8-bit source (`none` encoding is the identity), case-insensitive symbols,
/// NMOS 6502, CBM .prg output.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-D NAME=VALUE` definitions, as written (the value is an expression).
    pub defines: Vec<String>,
    /// `-I DIR`: searched by `.include` and `.binary` after the including file's directory.
    pub include_dirs: Vec<PathBuf>,
    /// Target processor: `--m65xx` (default), `-i` (undocumented opcodes), `--m65c02`, `--mr65c02`, `--mw65c02`, `--m65ce02`, `--m65816`, `--m65dtv02`, `--m65el02`, `--m4510`; `.cpu` changes it in the source.
    pub cpu: Cpu,
    /// `-a`, `--ascii`: Unicode source; `none` encodes ASCII to PETSCII and knows `{escapes}`.
    pub ascii: bool,
    /// `-C`, `--case-sensitive`
    pub case_sensitive: bool,
    /// `-T`, `--tasm-compatible`: Turbo Assembler's expressions (strictly
    /// left to right in 16-bit unsigned words, `.` for or, `:` for
    /// exclusive or, `<`/`>` over a whole element), `!` to force a word
    /// address, `@1`..`@9` for a macro parameter's text without its quotes,
    /// no doubled quotes in strings and no compound assignments.
    pub tasm_compatible: bool,
    /// `-B`, `--long-branch`: out-of-range branches become a branch over a `jmp`.
    pub long_branch: bool,
    /// `-X`, `--long-address`: 3-byte load address, 16 MiB image.
    pub long_address: bool,
    /// Every output is in a format with a 4 GiB image (`--flat`,
    /// `--intel-hex`, `--s-record`): 64tass then assembles into a 4 GiB
    /// image, and `* =` outside `.logical` takes a 32-bit value as the
    /// compile offset (the program counter gets its low 16 bits), so a
    /// 256 KiB NES ROM can be laid out with `* = bank * $2000 + $10`.
    pub flat_image: bool,
    /// With `long_address`, an output is in a format with a 64 KiB image
    /// (`--apple-ii`, `--atari-xex`, `--mos-hex`): 64tass then assembles
    /// every output in 64 KiB, compile offsets wrapping there (a CBM file
    /// still gets its 3-byte load address).
    pub short_image: bool,
    /// `flat_image` and `short_image` were chosen from every output of the
    /// command line, as the CLI does: 64tass assembles all of them in that one
    /// image, so a 4 GiB format beside a 64 KiB or 16 MiB one (`-b -o a.bin
    /// --intel-hex -o a.hex`) is written from it as it is, never refused.
    pub image_of_outputs: bool,
    /// Which warnings are on and which are errors (`-W`, `-w`).
    pub warnings: Warnings,
    /// Record which source line produced each byte (listing, source map);
    /// on by default, off saves time when neither is wanted.
    pub record_lines: bool,
    /// A listing is written (64tass's `-L`): 64tass makes it in a pass of
    /// its own after the others and only then looks for unused symbols; as
    /// that pass is left out when there are errors, so are the `-Wunused`
    /// reports. Off by default (the unused symbols are always reported).
    pub listing_written: bool,
    /// With `record_lines`, also keep [`Program::source_lines`](crate::Program::source_lines)
    /// (the source map's runs of bytes); on by default, off saves time and
    /// memory when only a listing is wanted.
    pub source_lines: bool,
    /// The listing shows every line assembled, comments and empty lines
    /// too (64tass's `--verbose-list`).
    pub verbose_list: bool,
    /// The listing may be written with line numbers
    /// ([`ListingColumns::line_numbers`](crate::ListingColumns), 64tass's
    /// `--line-numbers`): each row keeps its line's index for them. On by
    /// default; off, a row is 4 bytes smaller (a listing keeps one for
    /// every line that writes bytes) and a listing written with line
    /// numbers shows none.
    pub list_line_numbers: bool,
    /// Build the symbol list ([`Program::symbols`](crate::Program::symbols),
    /// label files, [`Program::symbol`](crate::Program::symbol)); on by
    /// default, off saves time (a tenth of a large build's) when no label
    /// file is wanted: the program then lists no symbols.
    pub list_symbols: bool,
    /// With `list_symbols`, also the symbols inside scopes (a `.proc`'s,
    /// a `.block`'s, a label's locals); on by default. Off when the only
    /// label files wanted list the top scope alone (64tass's default list,
    /// `--export-labels`, `--simple-labels`, `--mesen-labels`): the program
    /// then lists the top scope's symbols, without collecting and naming
    /// every local one (most of a large program's symbols).
    pub nested_symbols: bool,
    /// Free the assembler's working memory when done (the default). A
    /// command-line run that exits right after turns it off: the OS takes the
    /// memory back at once, which saves freeing millions of small allocations
    /// one by one (what clang's `-disable-free` does).
    pub free_memory: bool,
    /// `--export-labels`: the scopes (dotted paths, `""` for the global one)
    /// whose label list goes to another source. Their `.proc`s are assembled
    /// even where unused, as 64tass does, so the list can name them.
    pub export_labels: Vec<String>,
    /// `--tab-size N`: how wide a tab is in the listing and the label files.
    /// 64tass lines their columns up with tabs of this width, spaces for the
    /// rest (spaces only with 1); 8 by default.
    pub tab_size: u8,
    /// Counters the assembly updates as it goes (pass, lines), for a caller that shows
    /// progress from another thread; None by default.
    pub progress: Option<std::sync::Arc<Progress>>,
    /// Called as each pass begins, with its number (1 for the first): the
    /// binary gives back the code pages the last pass ran (its RSS); None by default.
    pub at_pass: Option<fn(u32)>,
}

/// How far an assembly is: its pass and the lines done in that pass, read while it runs
/// (see [`Options::progress`]).
#[derive(Debug, Default)]
pub struct Progress {
    pass: std::sync::atomic::AtomicU32,
    lines: std::sync::atomic::AtomicU64,
}

impl Progress {
    /// The pass under way (1 for the first; 0 before it starts).
    pub fn pass(&self) -> u32 {
        self.pass.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Lines assembled in this pass so far (a macro's or loop's lines each time).
    pub fn lines(&self) -> u64 {
        self.lines.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub(crate) fn start_pass(&self, pass: u32) {
        self.pass.store(pass, std::sync::atomic::Ordering::Relaxed);
        self.lines.store(0, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn line_done(&self) {
        self.lines
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            cpu: Cpu::default(),
            ascii: false,
            case_sensitive: false,
            tasm_compatible: false,
            long_branch: false,
            long_address: false,
            flat_image: false,
            short_image: false,
            image_of_outputs: false,
            warnings: Warnings::default(),
            record_lines: true,
            listing_written: false,
            source_lines: true,
            verbose_list: false,
            list_line_numbers: true,
            list_symbols: true,
            nested_symbols: true,
            free_memory: true,
            export_labels: Vec::new(),
            tab_size: 8,
            progress: None,
            at_pass: None,
        }
    }
}

impl Options {
    /// `--ascii --case-sensitive`: how c64kit's own sources (RYG) and most
    /// modern 64tass projects are written.
    pub fn ascii_case_sensitive() -> Options {
        Options {
            ascii: true,
            case_sensitive: true,
            ..Options::default()
        }
    }
}
