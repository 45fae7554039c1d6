//! Label files in 64tass's formats (`-l` with `--normal-labels`,
//! `--vice-labels`, `--vice-labels-numeric`, `--simple-labels`,
//! `--mesen-labels`, `--dump-labels`, `--export-labels`). The symbols come in 64tass's order,
//! so the files match 64tass's line for line.

use std::fmt::Write as _;

use crate::program::Label;
use crate::source::SourceMap;

/// A label file format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LabelFormat {
    /// `name = repr`, every global symbol (64tass's default).
    #[default]
    Tass,
    /// `--export-labels`: as `Tass`, for another source to include. The
    /// assembler must know (see [`crate::Options::export_labels`]): the
    /// `.proc`s such a list names are assembled even where unused.
    Export,
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

/// The value a VICE label file lists a symbol with, if it lists it: a
/// constant with a name VICE accepts, an address (or, numeric, any number).
fn vice_value(s: &Label<'_>, format: LabelFormat) -> Option<u32> {
    let f = &s.facts;
    let wanted = f.address || format == LabelFormat::ViceNumeric;
    f.vice_value
        .filter(|_| wanted && f.vice_name && !s.variable)
}

/// Whether a label file lists an address that wrapped around memory (only
/// VICE's formats take addresses as numbers; the others write them as the
/// source has them).
pub(crate) fn address_wrapped<'a>(
    symbols: impl IntoIterator<Item = Label<'a>>,
    format: LabelFormat,
) -> bool {
    matches!(format, LabelFormat::Vice | LabelFormat::ViceNumeric)
        && symbols
            .into_iter()
            .any(|s| s.facts.wrapped && vice_value(&s, format).is_some())
}

pub(crate) fn render<'a>(
    symbols: impl IntoIterator<Item = Label<'a>>,
    sources: &SourceMap,
    format: LabelFormat,
    tab: usize,
) -> String {
    // One buffer for the whole file, about a line per symbol reserved at
    // once; each line written piece by piece (no formatting machinery, no
    // name copied to be respelled).
    let symbols = symbols.into_iter();
    let mut out = String::with_capacity(symbols.size_hint().0 * 32);
    for s in symbols {
        let f = &s.facts;
        match format {
            LabelFormat::Tass | LabelFormat::Export => {
                let Some(repr) = s.repr.filter(|_| f.top) else {
                    continue;
                };
                let len = name_with_padding(&mut out, s.name, tab);
                out.push_str(match (s.variable, len < EQUAL_COLUMN) {
                    (false, _) => "= ",
                    (true, true) => ":= ",
                    (true, false) => " := ",
                });
                out.push_str(repr);
                out.push('\n');
            }
            LabelFormat::Vice | LabelFormat::ViceNumeric => {
                if let Some(n) = vice_value(&s, format) {
                    out.push_str("al ");
                    push_hex(&mut out, n as u64, false);
                    out.push_str(" .");
                    // VICE's scopes are joined with `:`.
                    out.extend(s.name.chars().map(|c| if c == '.' { ':' } else { c }));
                    out.push('\n');
                }
            }
            LabelFormat::Simple => {
                let Some(n) = f.number.filter(|_| f.top && !s.variable) else {
                    continue;
                };
                let len = name_with_padding(&mut out, s.name, tab);
                if len >= EQUAL_COLUMN {
                    out.push(' ');
                }
                out.push_str(if n < 0 { "= -$" } else { "= $" });
                push_hex(&mut out, n.unsigned_abs(), false);
                out.push('\n');
            }
            LabelFormat::Mesen => {
                let Some(n) = f.number.filter(|&n| f.top && !s.variable && n >= 0) else {
                    continue;
                };
                out.push(':');
                push_hex(&mut out, n as u64, true);
                if let Some(size) = f.code_size.filter(|&size| size > 0) {
                    out.push('-');
                    push_hex(&mut out, (n + size as i64 - 1) as u64, true);
                }
                out.push(':');
                out.push_str(s.name);
                out.push('\n');
            }
            LabelFormat::Dump => {
                let Some(repr) = s.repr else { continue };
                let op = if s.variable { ":=" } else { "=" };
                let _ = writeln!(out, "{}: {} {op} {repr}", sources.location(s.span), s.name);
            }
        }
    }
    out
}

/// `n` in hex without leading zeros (`{:x}`, or `{:X}` when `upper`).
fn push_hex(out: &mut String, n: u64, upper: bool) {
    let digits: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut buf = [0u8; 16];
    let mut at = buf.len();
    let mut n = n;
    loop {
        at -= 1;
        buf[at] = digits[(n & 15) as usize];
        n >>= 4;
        if n == 0 {
            break;
        }
    }
    // Hex digits are ASCII.
    out.push_str(std::str::from_utf8(&buf[at..]).unwrap_or_default());
}

/// The symbols inside the scope at the dotted path `root`, named relative to
/// it, those directly in it marked as top (64tass's `--labels-root`); None if
/// no scope has that path. Symbols come scope by scope, each scope's own
/// after its name, so a scope's symbols are the run that follows it.
pub(crate) fn under_root<'a>(
    mut symbols: impl Iterator<Item = Label<'a>>,
    root: &str,
    case_sensitive: bool,
) -> Option<Vec<Label<'a>>> {
    let scope = symbols.find(|s| s.facts.scope && same_name(s.name, root, case_sensitive))?;
    let inside = symbols
        .map_while(|mut s| {
            let name = s.name.strip_prefix(scope.name)?.strip_prefix('.')?;
            s.facts.top = !name.contains('.');
            s.name = name;
            Some(s)
        })
        .collect();
    Some(inside)
}

/// The fields of the structure or union `root` names, as [`under_root`]
/// gives a scope's symbols (a structure has no symbol of its own in the
/// lists, only its fields).
pub(crate) fn fields_under<'a>(
    symbols: impl Iterator<Item = Label<'a>>,
    root: &str,
    case_sensitive: bool,
) -> Vec<Label<'a>> {
    symbols
        .filter_map(|mut s| {
            let (scope, name) = s.name.split_at_checked(root.len())?;
            let name = name
                .strip_prefix('.')
                .filter(|_| same_name(scope, root, case_sensitive))?;
            s.facts.top = !name.contains('.');
            // Listed from the root, a field's name is the whole VICE path
            // (a nested structure's fields stay out, as in 64tass).
            s.facts.vice_name =
                s.facts.top && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            s.name = name;
            Some(s)
        })
        .collect()
}

/// Whether two dotted names are one, as the symbols' case rule has it.
pub(crate) fn same_name(a: &str, b: &str, case_sensitive: bool) -> bool {
    match case_sensitive {
        true => a == b,
        false => a.to_lowercase() == b.to_lowercase(),
    }
}

/// The name, then padding up to column 16 as 64tass pads (tabs `tab`
/// columns wide, spaces for the rest); the name's length in characters.
fn name_with_padding(out: &mut String, name: &str, tab: usize) -> usize {
    out.push_str(name);
    let len = name.chars().count();
    pad(out, len, EQUAL_COLUMN, tab);
    len
}

/// Pad from column `from` to column `to` as 64tass does: tabs of `tab`
/// columns while a whole one fits (none when `tab` is 1), then spaces.
fn pad(out: &mut String, from: usize, to: usize, tab: usize) {
    let mut col = from;
    if tab > 1 && col < to {
        let stop = col - col % tab;
        let tabs = (to - stop) / tab;
        if tabs > 0 {
            col = stop + tabs * tab;
            out.extend(std::iter::repeat_n('\t', tabs));
        }
    }
    if col < to {
        out.extend(std::iter::repeat_n(' ', to - col));
    }
}

/// A malformed `al` line of a VICE label file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong, with the line's text.
    pub message: String,
}

impl std::fmt::Display for LabelFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LabelFileError {}

/// Read a VICE label file as [`LabelFormat::Vice`] writes it (`al 810 .scope:name`,
/// 64tass's `--vice-labels`) or as VICE saves it (`al C:0810 .name`): the reader of
/// the same spelling the writer uses. Scopes come back joined with `.`, the way the
/// assembler names them (`scope.name`). Lines that are not `al` commands (other
/// monitor commands, blank lines) are skipped; a malformed `al` line is an error.
pub fn parse_vice_labels(text: &str) -> Result<Vec<(String, u16)>, LabelFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("al")) {
            continue;
        }
        let bad = |why: &str| LabelFileError {
            line: i + 1,
            message: format!("{why}: {:?}", line.trim()),
        };
        let addr = words.next().ok_or_else(|| bad("no address"))?;
        let addr = addr
            .strip_prefix("C:")
            .or_else(|| addr.strip_prefix("c:"))
            .unwrap_or(addr);
        let addr = u16::from_str_radix(addr, 16)
            .map_err(|_| bad("the address is not a 16-bit hex number"))?;
        let name = words.next().ok_or_else(|| bad("no label name"))?;
        let name = name
            .strip_prefix('.')
            .ok_or_else(|| bad("a label name starts with '.'"))?;
        if name.is_empty() || words.next().is_some() {
            return Err(bad("expected `al ADDRESS .NAME`"));
        }
        out.push((name.replace(':', "."), addr));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::LabelFormat;

    /// The label formats newer than the 64tass the comparisons run
    /// (`--simple-labels`, `--mesen-labels`), exactly: names padded to the
    /// `=` column with tabs 3 wide and spaces, one blank after a name that
    /// reaches it, negative and wide values in hex, a code label's size as
    /// a range, in 64tass's order.
    #[test]
    fn simple_and_mesen_labels_are_written_exactly() {
        let src = "* = $1000
neg = -42
big = $123456
huge = $12345678
a_name_longer_than_sixteen = 5
exactly_fifteen = 6
exactly_sixteen_ = 7
var := 3
outer .block
one     lda #1
        .bend
p       .proc
        rts
        .pend
        jsr p
lab     .byte 1, 2
dir     .fill 2
glob    rts
";
        let opts = crate::Options {
            tab_size: 3,
            ..Default::default()
        };
        let p = crate::assemble_str("s.asm", src, &opts).unwrap();
        let simple: String = p.labels(LabelFormat::Simple);
        let mesen: String = p.labels(LabelFormat::Mesen);
        let line = |name: &str, tabs: &str, value: &str| format!("{name}{tabs}= {value}\n");
        let mut want_simple = String::new();
        let mut want_mesen = String::new();
        // Written in the order the label file lists them.
        for l in simple.lines() {
            let name = l.split(['\t', ' ']).next().unwrap();
            let (tabs, value, mesen) = match name {
                "neg" => ("\t\t\t\t ", "-$2a", None),
                "big" => ("\t\t\t\t ", "$123456", Some(":123456:big")),
                "huge" => ("\t\t\t\t ", "$12345678", Some(":12345678:huge")),
                "a_name_longer_than_sixteen" => (" ", "$5", Some(":5:a_name_longer_than_sixteen")),
                "exactly_fifteen" => (" ", "$6", Some(":6:exactly_fifteen")),
                "exactly_sixteen_" => (" ", "$7", Some(":7:exactly_sixteen_")),
                "outer" => ("\t\t\t\t ", "$1000", Some(":1000-1001:outer")),
                "p" => ("\t\t\t\t\t ", "$1002", Some(":1002-1002:p")),
                "lab" => ("\t\t\t\t ", "$1006", Some(":1006-1007:lab")),
                "dir" => ("\t\t\t\t ", "$1008", Some(":1008-1009:dir")),
                "glob" => ("\t\t\t\t ", "$100a", Some(":100A-100A:glob")),
                other => panic!("unexpected label {other:?} in {simple}"),
            };
            want_simple.push_str(&line(name, tabs, value));
            if let Some(m) = mesen {
                want_mesen.push_str(m);
                want_mesen.push('\n');
            }
        }
        assert_eq!(simple.lines().count(), 11, "{simple}");
        assert_eq!(simple, want_simple);
        assert_eq!(mesen, want_mesen);
    }
}
