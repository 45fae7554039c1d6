//! Label files in 64tass's formats (`-l` with `--normal-labels`,
//! `--vice-labels`, `--vice-labels-numeric`, `--simple-labels`,
//! `--mesen-labels`, `--dump-labels`). The symbols come in 64tass's order,
//! so the files match 64tass's line for line.

use std::fmt::Write as _;

use crate::program::Symbol;
use crate::source::SourceMap;

/// A label file format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LabelFormat {
    /// `name = repr`, every global symbol (64tass's default).
    #[default]
    Tass,
    /// `al 0810 .scope:name` for code and addresses (VICE's monitor).
    Vice,
    /// As `Vice`, numeric constants too.
    ViceNumeric,
    /// `name = $0810` for global numeric constants and addresses.
    Simple,
    /// `:0810-0812:name` (Mesen's label import).
    Mesen,
    /// `file:line:col: scope.name = repr` for every symbol.
    Dump,
}

/// Where 64tass puts the `=` of a label list.
const EQUAL_COLUMN: usize = 16;

pub(crate) fn render(symbols: &[Symbol], sources: &SourceMap, format: LabelFormat) -> String {
    let mut out = String::new();
    for s in symbols {
        let f = &s.facts;
        match format {
            LabelFormat::Tass => {
                let Some(repr) = s.repr.as_ref().filter(|_| f.top) else { continue };
                let len = name_with_padding(&mut out, &s.name);
                out.push_str(match (s.variable, len < EQUAL_COLUMN) {
                    (false, _) => "= ",
                    (true, true) => ":= ",
                    (true, false) => " := ",
                });
                out.push_str(repr);
                out.push('\n');
            }
            LabelFormat::Vice | LabelFormat::ViceNumeric => {
                let wanted = f.address || format == LabelFormat::ViceNumeric;
                if let Some(n) = f.number.filter(|&n| wanted && f.vice_name && !s.variable && (0..1 << 24).contains(&n)) {
                    let _ = writeln!(out, "al {n:x} .{}", s.name.replace('.', ":"));
                }
            }
            LabelFormat::Simple => {
                let Some(n) = f.number.filter(|_| f.top && !s.variable) else { continue };
                let len = name_with_padding(&mut out, &s.name);
                if len >= EQUAL_COLUMN {
                    out.push(' ');
                }
                let sign = if n < 0 { "-" } else { "" };
                let _ = writeln!(out, "= {sign}${:x}", n.unsigned_abs());
            }
            LabelFormat::Mesen => {
                let Some(n) = f.number.filter(|&n| f.top && !s.variable && n >= 0) else { continue };
                match f.code_size {
                    Some(size) if size > 0 => {
                        let _ = writeln!(out, ":{n:X}-{:X}:{}", n + size as i64 - 1, s.name);
                    }
                    _ => {
                        let _ = writeln!(out, ":{n:X}:{}", s.name);
                    }
                }
            }
            LabelFormat::Dump => {
                let Some(repr) = &s.repr else { continue };
                let op = if s.variable { ":=" } else { "=" };
                let _ = writeln!(out, "{}: {} {op} {repr}", sources.location(s.span), s.name);
            }
        }
    }
    out
}

/// The name, then tabs (8 columns) up to column 16, as 64tass pads; the
/// name's length in characters.
fn name_with_padding(out: &mut String, name: &str) -> usize {
    out.push_str(name);
    let len = name.chars().count();
    let mut col = len;
    while col < EQUAL_COLUMN {
        out.push('\t');
        col = (col / 8 + 1) * 8;
    }
    len
}
