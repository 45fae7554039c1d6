//! The listing (`-L`) in 64tass's layout: one row per line that wrote bytes
//! (`.` code, `>` data), reserved space (`.fill 2`, `.byte ?`), a label of
//! its own (`.0811 label`), or a constant (`=$fb zp = $fb`), with the
//! files entered and returned to. The rows are recorded by the last pass.

use std::fmt::Write as _;

use crate::program::{ListingColumns, Program};
use crate::source::FileId;

/// What a row of the listing shows.
#[derive(Clone, Debug)]
pub(crate) enum RowKind {
    /// Bytes of an instruction, with its disassembly.
    Code,
    /// Bytes of data, or space reserved without bytes (`len` 0).
    Data,
    /// A label on a line of its own (or before a directive that writes
    /// nothing): its address and its name.
    Label,
    /// A constant's value as 64tass shows it (`$fb`, `"str"`, `[1,2]`).
    Value(Box<str>),
    /// A file starts: the `-D` definitions, a file of the command line, or
    /// an include.
    Enter { file: FileId, what: Entered },
    /// Back in a file after an include.
    Return(FileId),
    /// A line that is only shown (`--verbose-list`): a comment, a directive.
    Text,
}

/// How a file came to be assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entered {
    Definitions,
    Input,
    Include,
}

/// One row of the listing.
#[derive(Clone, Debug)]
pub(crate) struct ListRow {
    pub kind: RowKind,
    /// Compile offset and program counter of the row's first byte.
    pub addr: u32,
    pub pc: u32,
    /// The bytes written (none for labels, constants and reserved space).
    pub bytes: Vec<u8>,
    /// The memory the row's offset is in (a section's moves when it is
    /// placed after its fragments).
    pub mem: crate::output::MemId,
    /// The source line as assembled (a macro's line with its parameters in).
    pub text: Box<str>,
    /// Which execution of a line the row comes from (the pass's line
    /// count), to join the bytes one line writes in parts.
    pub(crate) from: u32,
}

/// The listing's text (`title`: with its first comment line).
pub(crate) fn render(p: &Program, columns: ListingColumns, title: bool) -> String {
    let mut out = String::new();
    let lead = if columns.line_numbers { "\t" } else { "" };
    let mut w = Writer {
        out: String::new(),
        lead,
        // Offsets past 64 KiB wrap, as 64tass's do, unless it has long ones.
        wide: p.wide_offsets,
        verbose: p.verbose_listing,
        pc_column: false,
        hex_col: 0,
        monitor_col: 0,
        source_col: 0,
        columns,
    };
    // A program counter column when some bytes run elsewhere than they are
    // stored (`.logical`, `.offs`), as 64tass adds it.
    w.pc_column = p.rows.iter().any(|r| {
        matches!(r.kind, RowKind::Code | RowKind::Data | RowKind::Label)
            && w.shown(r.addr) != r.pc & 0xffff
    });
    let _ = writeln!(
        out,
        "\n{}\n{};Offset\t{};Hex\t\t;Monitor\t;Source\n",
        if title { "; c64kit listing file\n" } else { "" },
        if columns.line_numbers { ";Line\t" } else { "" },
        if w.pc_column { ";PC\t" } else { "" },
    );
    // Where the hex, the disassembly and the source start.
    let base = lead.len() * 8 + if w.pc_column { 8 } else { 0 };
    (w.hex_col, w.monitor_col) = (base + 8, base + 24);
    w.source_col = if columns.monitor {
        base + 40
    } else {
        base + 24
    };
    w.out = out;
    for (i, r) in p.rows.iter().enumerate() {
        match &r.kind {
            RowKind::Enter { file, what } => {
                let name = &p.sources.get(*file).name;
                let _ = match what {
                    Entered::Definitions => {
                        writeln!(w.out, "{lead};******  Command line definitions\n")
                    }
                    Entered::Input => writeln!(
                        w.out,
                        "{}{lead};******  Processing input file: {name}\n",
                        if i == 0 { "" } else { "\n" }
                    ),
                    Entered::Include => {
                        writeln!(w.out, "\n{lead};******  Processing file: {name}\n")
                    }
                };
            }
            RowKind::Return(file) => {
                let name = &p.sources.get(*file).name;
                let _ = writeln!(w.out, "\n{lead};******  Return to file: {name}\n");
            }
            RowKind::Value(v) => {
                // A value too long for its column is left out, as 64tass does;
                // `--verbose-list` shows it on a line of its own.
                if v.chars().count() + 1 < w.source_col {
                    w.row(&format!("={v}"), &[], None, Some(&r.text));
                } else if w.verbose {
                    let _ = writeln!(w.out, "{lead}={v}");
                    w.row(lead, &[], None, Some(&r.text));
                } else {
                    w.row("=", &[], None, Some(&r.text));
                }
            }
            RowKind::Label => {
                let head = w.head('.', r.addr, r.pc);
                w.row(&head, &[], None, Some(&r.text));
            }
            RowKind::Text if r.text.is_empty() => w.out.push('\n'),
            RowKind::Text => w.row(lead, &[], None, Some(&r.text)),
            RowKind::Code => w.code(r),
            RowKind::Data => w.data(r.addr, r.pc, &r.bytes, Some(&r.text)),
        }
    }
    let _ = writeln!(w.out, "\n;******  End of listing");
    w.out
}

/// Writes the rows of a listing in its columns.
struct Writer<'a> {
    out: String,
    lead: &'a str,
    wide: bool,
    /// Every row shown, none shortened (`--verbose-list`).
    verbose: bool,
    pc_column: bool,
    hex_col: usize,
    monitor_col: usize,
    source_col: usize,
    columns: ListingColumns,
}

impl Writer<'_> {
    /// An offset as the listing shows it.
    fn shown(&self, addr: u32) -> u32 {
        if self.wide { addr } else { addr & 0xffff }
    }

    /// `.1000\t` (and the program counter's column): a row's start.
    fn head(&self, prefix: char, addr: u32, pc: u32) -> String {
        let addr = self.shown(addr);
        let mut s = format!("{}{prefix}{addr:04x}\t", self.lead);
        if addr > 0xffff {
            s = format!("{}{prefix}{addr:06x}\t", self.lead);
        }
        if self.pc_column {
            if pc & 0xffff != addr {
                let _ = write!(s, "{:04x}", pc & 0xffff);
            }
            s.push('\t');
        }
        s
    }

    /// One row: its start, bytes, disassembly and source (when given).
    fn row(&mut self, head: &str, bytes: &[u8], monitor: Option<String>, source: Option<&str>) {
        let mut row = String::from(head);
        if source.is_none() && monitor.is_none() {
            row.push_str(&hex(bytes));
            let _ = writeln!(self.out, "{row}");
            return;
        }
        pad_to(&mut row, self.hex_col);
        row.push_str(&hex(bytes));
        if self.columns.monitor {
            pad_to(&mut row, self.monitor_col);
            row.push_str(monitor.as_deref().unwrap_or(""));
        }
        if let Some(text) = source.filter(|_| self.columns.source) {
            pad_to(&mut row, self.source_col);
            // Control characters (and the soft hyphen) show as `<91>`, as
            // 64tass writes them.
            for c in text.chars() {
                if (c.is_control() && c != '\t') || c == '\u{ad}' {
                    let _ = write!(row, "<{:02X}>", c as u32);
                } else {
                    row.push(c);
                }
            }
        }
        let _ = writeln!(self.out, "{}", row.trim_end());
    }

    /// An instruction's row; one that became several (a long branch) gets a
    /// row each, the source on the first.
    fn code(&mut self, r: &ListRow) {
        let (mut addr, mut pc) = (r.addr, r.pc);
        for (k, part) in instructions(&r.bytes).into_iter().enumerate() {
            let head = self.head('.', addr, pc);
            let monitor = crate::opcodes::disassemble(part, pc & 0xffff);
            let source = (k == 0).then_some(&r.text[..]);
            if k > 0 && monitor.is_some() {
                let mut row = head;
                row.push_str(&hex(part));
                if self.columns.monitor {
                    pad_to(&mut row, self.monitor_col);
                    row.push_str(monitor.as_deref().unwrap_or(""));
                }
                let _ = writeln!(self.out, "{row}");
            } else {
                let first = part.len().min(8);
                self.row(&head, &part[..first], monitor, source.or(Some("")));
            }
            addr += part.len() as u32;
            pc += part.len() as u32;
        }
    }

    /// Data: 8 bytes on the first row, 16 on each after it; a run of two or
    /// more rows the same as the one before is one line, as 64tass shortens
    /// them. The offset wrapping at 64 KiB starts over with a short row.
    fn data(&mut self, addr: u32, pc: u32, bytes: &[u8], source: Option<&str>) {
        if !self.wide && !bytes.is_empty() {
            let room = (0x10000 - (addr & 0xffff)) as usize;
            if bytes.len() > room {
                self.data(addr, pc, &bytes[..room], source);
                return self.data(addr + room as u32, pc + room as u32, &bytes[room..], None);
            }
        }
        let first = bytes.len().min(8);
        let head = self.head('>', addr, pc);
        self.row(&head, &bytes[..first], None, Some(source.unwrap_or("")));
        let rows: Vec<&[u8]> = bytes[first..].chunks(16).collect();
        let (mut addr, mut pc) = (addr + first as u32, pc + first as u32);
        let mut i = 0;
        while i < rows.len() {
            let head = self.head('>', addr, pc);
            self.row(&head, rows[i], None, None);
            addr += rows[i].len() as u32;
            pc += rows[i].len() as u32;
            // The last row is always shown.
            let last = rows.len() - 1;
            let same = rows
                .get(i + 1..last)
                .unwrap_or(&[])
                .iter()
                .take_while(|r| **r == rows[i])
                .count();
            if rows[i].len() == 16 && same >= 2 && !self.verbose {
                let _ = writeln!(
                    self.out,
                    "{};\t{}...repeated {same} times ({} bytes)...",
                    self.lead,
                    if self.pc_column { "\t" } else { "" },
                    same * 16
                );
                addr += same as u32 * 16;
                pc += same as u32 * 16;
                i += same;
            }
            i += 1;
        }
    }
}

/// A code row's bytes cut into instructions, when they are several.
fn instructions(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    while let Some(&op) = rest.first() {
        let len = crate::opcodes::instruction_len(op).unwrap_or(rest.len() as u32) as usize;
        if op == 0x00 || len >= rest.len() {
            out.push(rest);
            break;
        }
        let (one, more) = rest.split_at(len);
        out.push(one);
        rest = more;
    }
    if out.is_empty() {
        out.push(bytes);
    }
    out
}

fn hex(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex.join(" ")
}

/// Pad with tabs (8 columns each) to column `col`.
fn pad_to(s: &mut String, col: usize) {
    let mut len = s
        .chars()
        .fold(0, |c, ch| if ch == '\t' { (c / 8 + 1) * 8 } else { c + 1 });
    while len < col {
        s.push('\t');
        len = (len / 8 + 1) * 8;
    }
}
