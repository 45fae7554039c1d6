//! Assembly options: the meaning of 64tass's command-line switches.

use std::path::PathBuf;

/// Target processor (`--m6502`, `-i`/`--m6502i`, `.cpu`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cpu {
    /// Standard NMOS 6502 (`--m65xx`, 64tass's default).
    #[default]
    M6502,
    /// 6502 with the undocumented NMOS opcodes (`-i`, `--m6502`).
    M6502i,
}

impl Cpu {
    /// The `.cpu` name.
    pub fn from_name(name: &str) -> Option<Cpu> {
        match name {
            "6502" => Some(Cpu::M6502),
            "6502i" => Some(Cpu::M6502i),
            _ => None,
        }
    }
}

/// The diagnostics that `-W<name>` switches on or off. Defaults follow 64tass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warnings {
    pub implied_reg: bool,
    pub jmp_bug: bool,
    pub wrap: bool,
    pub label_left: bool,
    pub branch_page: bool,
    pub deprecated: bool,
    pub old_equal: bool,
    pub leading_zeros: bool,
    pub pitfalls: bool,
    pub star_assign: bool,
    pub ignored: bool,
    pub long_branch: bool,
    pub float_round: bool,
    pub page: bool,
    pub macro_prefix: bool,
    pub size_larger: bool,
    /// `-Werror`: every warning is an error.
    pub error: bool,
    /// `-Werror=<name>` for these names.
    pub error_names: Vec<String>,
    /// `-w`: no warnings at all.
    pub none: bool,
}

impl Default for Warnings {
    fn default() -> Self {
        Warnings {
            implied_reg: false,
            jmp_bug: true,
            wrap: true,
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
            page: true,
            macro_prefix: false,
            size_larger: true,
            error: false,
            error_names: Vec::new(),
            none: false,
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

impl Warnings {
    /// Apply one `-W` argument (`all`, `error`, `error=name`, `no-name`, `name`).
    /// Returns `false` for a name 64tass doesn't know.
    pub fn apply(&mut self, arg: &str) -> bool {
        let (on, name) = match arg.strip_prefix("no-") {
            Some(rest) => (false, rest),
            None => (true, arg),
        };
        if name == "all" {
            if on {
                self.implied_reg = true;
                self.jmp_bug = true;
                self.wrap = true;
                self.label_left = true;
                self.deprecated = true;
                self.old_equal = true;
                self.leading_zeros = true;
                self.pitfalls = true;
                self.star_assign = true;
                self.ignored = true;
                self.float_round = true;
                self.page = true;
                self.size_larger = true;
            } else {
                let error = (self.error, std::mem::take(&mut self.error_names));
                *self = Warnings {
                    jmp_bug: false,
                    wrap: false,
                    label_left: false,
                    deprecated: false,
                    pitfalls: false,
                    star_assign: false,
                    ignored: false,
                    page: false,
                    size_larger: false,
                    ..Warnings::default()
                };
                (self.error, self.error_names) = error;
            }
            return true;
        }
        if name == "error" {
            self.error = on;
            return true;
        }
        if let Some(target) = name.strip_prefix("error=") {
            if !WARNING_NAMES.contains(&target) {
                return false;
            }
            if on {
                self.error_names.push(target.to_string());
                self.set(target, true);
            } else {
                self.error_names.retain(|n| n != target);
            }
            return true;
        }
        if !WARNING_NAMES.contains(&name) {
            return false;
        }
        self.set(name, on);
        true
    }

    fn set(&mut self, name: &str, on: bool) {
        match name {
            "implied-reg" => self.implied_reg = on,
            "jmp-bug" => self.jmp_bug = on,
            "pc-wrap" | "mem-wrap" | "wrap-pc" | "wrap-mem" | "wrap-addr" | "wrap-dpage"
            | "wrap-bank0" | "wrap-pbank" => self.wrap = on,
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
            // Accepted, not checked by c64kit (they never change the bytes).
            _ => {}
        }
    }

    /// Is this warning made an error (`-Werror`, `-Werror=name`)?
    pub fn is_error(&self, name: &str) -> bool {
        self.error || self.error_names.iter().any(|n| n == name)
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
    pub cpu: Cpu,
    /// `-a`, `--ascii`: Unicode source; `none` encodes ASCII to PETSCII and knows `{escapes}`.
    pub ascii: bool,
    /// `-C`, `--case-sensitive`
    pub case_sensitive: bool,
    /// `-B`, `--long-branch`: out-of-range branches become a branch over a `jmp`.
    pub long_branch: bool,
    /// `-X`, `--long-address`: 3-byte load address, 16 MiB image.
    pub long_address: bool,
    pub warnings: Warnings,
    /// Record which source line produced each byte (listing, source map);
    /// on by default, off saves time when neither is wanted.
    pub record_lines: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            cpu: Cpu::default(),
            ascii: false,
            case_sensitive: false,
            long_branch: false,
            long_address: false,
            warnings: Warnings::default(),
            record_lines: true,
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
