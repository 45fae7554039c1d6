//! The listing (`-L`) in 64tass's layout: one row per line that wrote bytes
//! (`.` code, `>` data), reserved space (`.fill 2`, `.byte ?`), a label of
//! its own (`.0811 label`), or a constant (`=$fb zp = $fb`), with the
//! files entered and returned to. The rows are recorded by the last pass.

use std::io::Write as _;

use crate::program::{ListingColumns, Program};
use crate::source::FileId;

/// What a row of the listing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// Bytes of an instruction, with its disassembly.
    Code,
    /// Bytes of data, or space reserved without bytes (`len` 0).
    Data,
    /// A label on a line of its own (or before a directive that writes
    /// nothing): its address and its name.
    Label,
    /// A constant's value as 64tass shows it (`$fb`, `"str"`, `[1,2]`; its
    /// place in [`Rows`]'s values).
    Value(u32),
    /// A loop's label (`lst .brept 3`): its value, the loop's scopes,
    /// shown once the loop is done.
    LoopLabel(u32),
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
    /// What the row shows ([`RowKind`] without its number: see `len`).
    tag: Tag,
    /// Compile offset of the row's first byte (its program counter:
    /// [`Rows::pc`]).
    pub addr: u32,
    /// How many bytes the row wrote (none for labels, constants and
    /// reserved space): in [`Rows`]'s bytes, after the rows' before it.
    /// A row without bytes keeps its kind's number here instead (a value's
    /// place, a file).
    len: u32,
    /// The source line as assembled (a macro's line with its parameters
    /// in): its offset in the text of `file` (most rows: the line is not
    /// copied), or in [`Rows`]'s text with [`OWN_TEXT`] set; its length.
    text: (u32, u32),
    /// The row's line: its file (the text read, a macro expansion for a
    /// macro's line) and index there; [`NO_FILE`]: none.
    file: FileId,
    index: u32,
    /// Which execution of a line the row comes from (the pass's line
    /// count), to join the bytes one line writes in parts.
    pub(crate) from: u32,
    // How far the program counter is from the offset, the memory the
    // offset is in and the processor settings the row is disassembled with
    // change seldom: [`Rows`] keeps them by runs of rows.
}

/// A row made, with what [`Rows`] keeps of it by runs: its program counter
/// and the memory its offset is in (a section's moves when it is placed
/// after its fragments).
pub(crate) struct NewRow {
    row: ListRow,
    pc: u32,
    mem: crate::output::MemId,
}

impl NewRow {
    /// A row without bytes or text yet, for [`Rows::push`]; `line`: the
    /// file and index of the line it lists (its text's file).
    pub(crate) fn new(
        kind: RowKind,
        (addr, pc, mem): (u32, u32, crate::output::MemId),
        from: u32,
        line: Option<(FileId, u32)>,
    ) -> NewRow {
        let (file, index) = line.unwrap_or((NO_FILE, 0));
        let (tag, len) = kind.split();
        let row = ListRow {
            tag,
            addr,
            len,
            text: (0, OWN_TEXT),
            file,
            index,
            from,
        };
        NewRow { row, pc, mem }
    }
}

/// A [`RowKind`] without its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    Code,
    Data,
    Label,
    Value,
    LoopLabel,
    Enter(Entered),
    Return,
    Text,
}

impl RowKind {
    /// The kind's tag and number.
    fn split(self) -> (Tag, u32) {
        match self {
            RowKind::Code => (Tag::Code, 0),
            RowKind::Data => (Tag::Data, 0),
            RowKind::Label => (Tag::Label, 0),
            RowKind::Value(v) => (Tag::Value, v),
            RowKind::LoopLabel(v) => (Tag::LoopLabel, v),
            RowKind::Enter { file, what } => (Tag::Enter(what), file),
            RowKind::Return(file) => (Tag::Return, file),
            RowKind::Text => (Tag::Text, 0),
        }
    }
}

/// No file: a row without a line.
const NO_FILE: FileId = FileId::MAX;

/// A row's text is in [`Rows`]'s text (the bit in its length's word).
const OWN_TEXT: u32 = 1 << 31;

// A listing keeps a row for every line that wrote bytes.
const _: () = assert!(std::mem::size_of::<ListRow>() <= 32);

impl ListRow {
    /// What the row shows.
    pub(crate) fn kind(&self) -> RowKind {
        match self.tag {
            Tag::Code => RowKind::Code,
            Tag::Data => RowKind::Data,
            Tag::Label => RowKind::Label,
            Tag::Value => RowKind::Value(self.len),
            Tag::LoopLabel => RowKind::LoopLabel(self.len),
            Tag::Enter(what) => RowKind::Enter {
                file: self.len,
                what,
            },
            Tag::Return => RowKind::Return(self.len),
            Tag::Text => RowKind::Text,
        }
    }

    /// The row shows `kind` instead (a label's row its value): a row of
    /// bytes keeps its kind.
    pub(crate) fn set_kind(&mut self, kind: RowKind) {
        if !self.has_bytes() {
            (self.tag, self.len) = kind.split();
        }
    }

    /// Whether `len` counts the row's bytes.
    fn has_bytes(&self) -> bool {
        matches!(self.tag, Tag::Code | Tag::Data)
    }

    /// How many bytes the row has.
    fn bytes_len(&self) -> u32 {
        if self.has_bytes() { self.len } else { 0 }
    }
}

/// Where a row's text is: a slice of its line's source text (at `offset`),
/// not copied, or a text of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RowText<'t> {
    Source { offset: u32, text: &'t str },
    Own(&'t str),
}

/// A row's [`crate::opcodes::Listed`] in one word: the processor's place in
/// [`crate::cpu::CPUS`] (4 bits), `wide` (1), the data bank (9) and the
/// direct page (17); anything wider is kept in [`Rows`]'s table instead
/// (the top bit set, the rest its place there).
fn pack_listed(l: crate::opcodes::Listed) -> Option<u32> {
    let cpu = crate::cpu::CPUS.iter().position(|&c| c == l.cpu)? as u32;
    (cpu < 16 && l.databank < 1 << 9 && l.dpage < 1 << 17)
        .then_some(cpu | (l.wide as u32) << 4 | l.databank << 5 | l.dpage << 14)
}

const LISTED_ASIDE: u32 = 1 << 31;

/// The listing's rows, their bytes and texts each in one allocation (a row
/// of its own would be two allocations, and its bytes grown value by value).
#[derive(Clone, Debug, Default)]
pub(crate) struct Rows {
    list: Vec<ListRow>,
    bytes: Vec<u8>,
    text: String,
    /// The values the rows show (few: constants and loop labels).
    values: Vec<Box<str>>,
    /// The processor settings that do not pack into a row's word (none in
    /// practice), and the last one packed.
    listed_aside: Vec<crate::opcodes::Listed>,
    last_listed: Option<(crate::opcodes::Listed, u32)>,
    /// The rows' packed settings ([`Rows::listed`]), memories and program
    /// counters (less the offset), by runs: the first row of each run and
    /// its value.
    listed_runs: Runs,
    mems: Runs,
    pcs: Runs,
}

/// A value per row kept by runs of rows with the same value: each run's
/// first row and value, in order.
#[derive(Clone, Debug, Default)]
struct Runs(Vec<(u32, u32)>);

impl Runs {
    /// Row `at` (the next one) has `v`.
    fn push(&mut self, at: usize, v: u32) {
        if self.0.last().is_none_or(|&(_, last)| last != v) {
            self.0.push((at as u32, v));
        }
    }

    /// The rows from `len` on are gone.
    fn truncate(&mut self, len: usize) {
        while self.0.last().is_some_and(|&(at, _)| at as usize >= len) {
            self.0.pop();
        }
    }

    /// The rows' values in order, without a search per row.
    fn walk(&self) -> RunWalk<'_> {
        RunWalk {
            runs: &self.0,
            next: 0,
            value: 0,
        }
    }
}

/// [`Runs::walk`]: the value of rows asked for in order.
struct RunWalk<'a> {
    runs: &'a [(u32, u32)],
    next: usize,
    value: u32,
}

impl RunWalk<'_> {
    /// Row `i`'s value (`i` no smaller than the last asked for).
    fn at(&mut self, i: usize) -> u32 {
        while let Some(&(at, v)) = self.runs.get(self.next)
            && at as usize <= i
        {
            self.value = v;
            self.next += 1;
        }
        self.value
    }
}

impl Rows {
    pub fn clear(&mut self) {
        self.list.clear();
        self.bytes.clear();
        self.text.clear();
        self.values.clear();
        self.listed_aside.clear();
        self.last_listed = None;
        self.listed_runs.0.clear();
        self.mems.0.clear();
        self.pcs.0.clear();
    }

    /// `l` as a row keeps it.
    fn pack(&mut self, l: crate::opcodes::Listed) -> u32 {
        if let Some((last, packed)) = self.last_listed
            && last == l
        {
            return packed;
        }
        let packed = pack_listed(l).unwrap_or_else(|| {
            self.listed_aside.push(l);
            LISTED_ASIDE | (self.listed_aside.len() as u32 - 1)
        });
        self.last_listed = Some((l, packed));
        packed
    }

    /// How a row is disassembled, the processor and settings it was
    /// assembled with, from their packed word ([`Rows::pack`]).
    fn unpack(&self, p: u32) -> crate::opcodes::Listed {
        if p & LISTED_ASIDE != 0 {
            let aside = self.listed_aside.get((p & !LISTED_ASIDE) as usize);
            return aside.copied().unwrap_or(crate::opcodes::Listed {
                cpu: crate::cpu::Cpu::default(),
                dpage: 0,
                databank: 0,
                wide: false,
            });
        }
        crate::opcodes::Listed {
            cpu: crate::cpu::CPUS[(p & 15) as usize % crate::cpu::CPUS.len()],
            wide: p & 16 != 0,
            databank: (p >> 5) & 0x1ff,
            dpage: (p >> 14) & 0x1_ffff,
        }
    }

    /// A value for a row to show ([`RowKind::Value`]).
    pub fn add_value(&mut self, shown: String) -> u32 {
        self.values.push(shown.into());
        self.values.len() as u32 - 1
    }

    fn value(&self, i: u32) -> &str {
        self.values.get(i as usize).map_or("", |v| v)
    }

    pub fn rows(&self) -> &[ListRow] {
        &self.list
    }

    /// The rows whose offsets are in the memories `moved` move by `change`
    /// (a section placed after its fragments), in `mask`'s range.
    /// Their program counters stay.
    pub fn relocate(&mut self, moved: &[crate::output::MemId], change: u32, mask: u32) {
        let mut pcs = Runs::default();
        let (mut old, mut mems) = (self.pcs.walk(), self.mems.walk());
        for (i, r) in self.list.iter_mut().enumerate() {
            let pc = r.addr.wrapping_add(old.at(i));
            if !matches!(r.tag, Tag::Enter(_) | Tag::Return) && moved.contains(&mems.at(i)) {
                r.addr = r.addr.wrapping_add(change) & mask;
            }
            pcs.push(i, pc.wrapping_sub(r.addr));
        }
        self.pcs = pcs;
    }

    pub fn last(&self) -> Option<&ListRow> {
        self.list.last()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// `row`, assembled with `listed`, with `bytes` and `text`.
    pub fn push(
        &mut self,
        new: NewRow,
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        text: RowText,
    ) {
        let NewRow { mut row, pc, mem } = new;
        let packed = self.pack(listed);
        let at = self.list.len();
        self.listed_runs.push(at, packed);
        self.mems.push(at, mem);
        self.pcs.push(at, pc.wrapping_sub(row.addr));
        if row.has_bytes() {
            row.len = bytes.len() as u32;
            self.bytes.extend_from_slice(bytes);
        }
        row.text = match text {
            RowText::Source { offset, text } if row.file != NO_FILE => (offset, text.len() as u32),
            RowText::Source { text, .. } | RowText::Own(text) => self.own_text(text),
        };
        self.list.push(row);
    }

    /// `text` kept in the rows' text: where it is, marked [`OWN_TEXT`].
    fn own_text(&mut self, text: &str) -> (u32, u32) {
        let at = self.text.len() as u32;
        self.text.push_str(text);
        (at, OWN_TEXT | text.len() as u32)
    }

    /// The last row goes (its bytes, and its text when it is the last).
    pub fn pop(&mut self) {
        if let Some(r) = self.list.pop() {
            // A row's bytes follow the rows' before it: the last row's are last.
            let start = self.bytes.len().saturating_sub(r.bytes_len() as usize);
            self.bytes.truncate(start);
            let (at, len) = r.text;
            if len & OWN_TEXT != 0 && at + (len & !OWN_TEXT) == self.text.len() as u32 {
                self.text.truncate(at as usize);
            }
            self.listed_runs.truncate(self.list.len());
            self.mems.truncate(self.list.len());
            self.pcs.truncate(self.list.len());
        }
    }

    /// More bytes on the end of the last row's (which are the last bytes).
    pub fn extend_last(&mut self, bytes: &[u8]) {
        let Some(r) = self.list.last_mut().filter(|r| r.has_bytes()) else {
            return;
        };
        r.len += bytes.len() as u32;
        self.bytes.extend_from_slice(bytes);
    }

    /// Row `i`'s text becomes `text`.
    pub fn set_text(&mut self, i: usize, text: &str) {
        if i < self.list.len() {
            let own = self.own_text(text);
            self.list[i].text = own;
        }
    }

    pub fn get_mut(&mut self, i: usize) -> Option<&mut ListRow> {
        self.list.get_mut(i)
    }

    /// The rows in order, each with its bytes.
    pub fn with_bytes(&self) -> impl Iterator<Item = (&ListRow, &[u8])> {
        let mut at = 0;
        self.list.iter().map(move |r| {
            let end = (at + r.bytes_len() as usize).min(self.bytes.len());
            let bytes = &self.bytes[at.min(end)..end];
            at = end;
            (r, bytes)
        })
    }

    /// Row `r`'s source text (`sources`: the texts it may be a slice of).
    pub fn text<'a>(&'a self, r: &ListRow, sources: &'a crate::source::SourceMap) -> &'a str {
        let (at, len) = r.text;
        let range = at as usize..(at + (len & !OWN_TEXT)) as usize;
        let text = match len & OWN_TEXT {
            0 => sources
                .try_get(r.file)
                .ok()
                .and_then(|f| f.text().get(range)),
            _ => self.text.get(range),
        };
        text.unwrap_or_default()
    }

    /// The file and line index row `r`'s line was written in (a macro's
    /// line: in the macro's body), for `--line-numbers`.
    fn line(r: &ListRow, sources: &crate::source::SourceMap) -> Option<(FileId, u32)> {
        (r.file != NO_FILE).then(|| sources.origin(r.file, r.index))
    }

    /// How many bytes row `r` has.
    pub fn len_of(r: &ListRow) -> u32 {
        r.bytes_len()
    }
}

/// The listing's text (`title`: with its first comment line).
pub(crate) fn render(p: &Program, columns: ListingColumns, title: bool) -> String {
    let mut out = Vec::new();
    // Writing into a `Vec` cannot fail.
    let _ = render_to(p, columns, title, &mut out);
    // Made of UTF-8 texts and ASCII.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// How much of the listing is kept before it goes to its writer: the
/// listing is written as it is made, not held whole (as 64tass writes it).
const FLUSH_AT: usize = 1 << 16;

/// The listing written to `sink` a piece at a time (`title`: with its first
/// comment line).
pub(crate) fn render_to(
    p: &Program,
    columns: ListingColumns,
    title: bool,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut out = Vec::new();
    let tab = p.tab_size;
    let mut w = Writer {
        out: Vec::new(),
        number: String::new(),
        tab,
        // Offsets past 64 KiB wrap, as 64tass's do, unless it has long ones.
        wide: p.wide_offsets,
        verbose: p.verbose_listing,
        pc_column: false,
        pc_mask: 0xffff,
        hex_col: 0,
        monitor_col: 0,
        source_col: 0,
        columns,
        spare: Vec::new(),
        monitor: String::new(),
    };
    // A program counter column when some bytes run elsewhere than they are
    // stored (`.logical`, `.offs`), as 64tass adds it.
    let rows = &p.rows;
    let (mut pcs, mut settings) = (rows.pcs.walk(), rows.listed_runs.walk());
    w.pc_column = rows.rows().iter().enumerate().any(|(i, r)| {
        let pc = r.addr.wrapping_add(pcs.at(i));
        matches!(r.tag, Tag::Code | Tag::Data | Tag::Label)
            && w.shown(r.addr) != pc & rows.unpack(settings.at(i)).cpu.address_mask()
    });
    let (mut pcs, mut settings) = (rows.pcs.walk(), rows.listed_runs.walk());
    // Where the hex, the disassembly and the source start.
    let lead_width = if columns.line_numbers { 8 } else { 0 };
    let base = lead_width + if w.pc_column { 8 } else { 0 };
    (w.hex_col, w.monitor_col) = (base + 8, base + 24);
    w.source_col = if columns.monitor {
        base + 40
    } else {
        base + 24
    };
    // The column titles, each padded to where its column starts (only the
    // columns shown, as 64tass writes them).
    let mut header = Line::default();
    if columns.line_numbers {
        header.text.extend_from_slice(b";Line");
        header.pad(lead_width, tab);
    }
    header.text.extend_from_slice(b";Offset");
    for (name, col, shown) in [
        (";PC", lead_width + 8, w.pc_column),
        (";Hex", w.hex_col, true),
        (";Monitor", w.monitor_col, columns.monitor),
        (";Source", w.source_col, columns.source),
    ] {
        if shown {
            header.pad(col, tab);
            header.text.extend_from_slice(name.as_bytes());
        }
    }
    let _ = writeln!(
        out,
        "\n{}\n{}\n",
        if title { "; c64kit listing file\n" } else { "" },
        text_of(&header.text),
    );
    w.out = out;
    // The buffer in one allocation instead of a growing one copied as it
    // doubles: a row is its source, its bytes in hex and about 40 columns.
    // (A data row's 16 bytes take about 64 characters.)
    let estimate = rows.text.len() + 4 * rows.bytes.len() + 40 * rows.len();
    w.out.reserve(estimate.min(2 * FLUSH_AT));
    let mut numbers = Numbers::new(rows.rows());
    for (i, (r, bytes)) in rows.with_bytes().enumerate() {
        if w.out.len() >= FLUSH_AT {
            sink.write_all(&w.out)?;
            w.out.clear();
        }
        let text = rows.text(r, &p.sources);
        // Without the source column only the rows with bytes are left.
        let kind = r.kind();
        let bare = match kind {
            RowKind::Value(_) | RowKind::LoopLabel(_) | RowKind::Label | RowKind::Text => true,
            RowKind::Data => bytes.is_empty(),
            _ => false,
        };
        if bare && !columns.source {
            continue;
        }
        if columns.line_numbers {
            w.number = numbers.of(r, Rows::line(r, &p.sources));
        }
        let listed = rows.unpack(settings.at(i));
        let pc = r.addr.wrapping_add(pcs.at(i));
        w.pc_mask = listed.cpu.address_mask();
        match kind {
            RowKind::Enter { file, what } => {
                let name = &p.sources.get(file).name;
                let lead = w.lead().text;
                let lead = text_of(&lead);
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
                let name = &p.sources.get(file).name;
                let lead = w.lead().text;
                let lead = text_of(&lead);
                let _ = writeln!(w.out, "\n{lead};******  Return to file: {name}\n");
            }
            RowKind::Value(v) | RowKind::LoopLabel(v) => {
                let v = rows.value(v);
                // 64tass writes a loop label's line number (and its
                // column's padding) after its value.
                let after = matches!(kind, RowKind::LoopLabel(_)) && columns.line_numbers;
                let mut head = if after { Line::default() } else { w.lead() };
                let number = std::mem::take(&mut w.number);
                let end = |head: &mut Line| {
                    if after {
                        head.lead_after(&number, w.tab);
                    }
                };
                // A value too long for its column goes on a line of its own
                // when it is shorter than the source column is from the
                // row's start (or always with `--verbose-list`); longer, it
                // is left out. So 64tass lists it.
                head.text.push(b'=');
                let width = v.chars().count() + 1;
                if width < w.source_col - w.lead_width() {
                    head.text.extend_from_slice(v.as_bytes());
                    end(&mut head);
                    w.row(head, &[], None, Some(text));
                } else if w.verbose || width < w.source_col {
                    head.text.extend_from_slice(v.as_bytes());
                    end(&mut head);
                    w.out.extend_from_slice(&head.text);
                    w.out.push(b'\n');
                    // The source's own row, padded straight from its start.
                    w.row(Line::default(), &[], None, Some(text));
                } else {
                    end(&mut head);
                    w.row(head, &[], None, Some(text));
                }
            }
            RowKind::Label => {
                let head = w.head(b'.', r.addr, pc);
                w.row(head, &[], None, Some(text));
            }
            RowKind::Text if text.is_empty() => w.out.push(b'\n'),
            RowKind::Text => {
                // Only the source follows: 64tass pads from the line number
                // straight to the source column (no stop after the line
                // column, which shows with tab sizes that do not divide 8).
                let lead = Line::new(w.take_number());
                w.row(lead, &[], None, Some(text));
            }
            RowKind::Code => w.code((r.addr, pc), listed, bytes, text),
            RowKind::Data => w.data(r.addr, pc, bytes, Some(text)),
        }
    }
    let _ = writeln!(w.out, "\n;******  End of listing");
    sink.write_all(&w.out)
}

/// A row's bytes as text (made of UTF-8 texts and ASCII).
fn text_of(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap_or_default()
}

/// How many characters UTF-8 `bytes` hold (the bytes that start one; most
/// are ASCII, told a word at a time).
fn count_chars(bytes: &[u8]) -> usize {
    match bytes.is_ascii() {
        true => bytes.len(),
        false => bytes.iter().filter(|&&b| (b as i8) >= -0x40).count(),
    }
}

/// Whether a source text is only tabs and printable ASCII (shown as it is).
/// Without a short cut so that it runs many bytes at a time.
fn plain(text: &[u8]) -> bool {
    text.iter().fold(true, |ok, &b| {
        ok & ((b == b'\t') | (b.wrapping_sub(b' ') < 0x5f))
    })
}

/// `bytes` without trailing white space (as `str::trim_end` would).
fn trimmed_len(bytes: &[u8]) -> usize {
    let mut n = bytes.len();
    while let Some(&b) = n.checked_sub(1).map(|i| &bytes[i]) {
        match b {
            b' ' | b'\t'..=b'\r' => n -= 1,
            0..0x80 => break,
            _ => return text_of(&bytes[..n]).trim_end().len(),
        }
    }
    n
}

/// The line-number column (`--line-numbers`) as 64tass fills it: a
/// file's number (files count from 0 in the order they were first entered)
/// on the rows that enter and leave it; on each line's first row its line
/// number, followed by `:file` when the line is from another file than the
/// row numbered before it (a macro's line). Lines of file 0 get no number,
/// as in 64tass.
struct Numbers {
    files: rustc_hash::FxHashMap<FileId, u32>,
    /// The number of the file entered or returned to last, or of the
    /// last row's line if that was another.
    current: Option<u32>,
}

impl Numbers {
    fn new(rows: &[ListRow]) -> Numbers {
        let mut files = rustc_hash::FxHashMap::default();
        for r in rows {
            if let RowKind::Enter { file, .. } = r.kind() {
                let next = files.len() as u32;
                files.entry(file).or_insert(next);
            }
        }
        Numbers {
            files,
            current: None,
        }
    }

    /// What the column shows for `r`.
    fn of(&mut self, r: &ListRow, line: Option<(FileId, u32)>) -> String {
        match r.kind() {
            RowKind::Enter {
                what: Entered::Definitions,
                file,
            } => {
                self.current = self.files.get(&file).copied();
                String::new()
            }
            RowKind::Enter { file, .. } | RowKind::Return(file) => {
                self.current = self.files.get(&file).copied();
                self.current.map_or(String::new(), |n| format!(":{n}"))
            }
            _ => match line.and_then(|(f, i)| Some((self.files.get(&f).copied()?, i))) {
                None | Some((0, _)) => String::new(),
                Some((n, i)) if Some(n) == self.current => format!("{}", i + 1),
                Some((n, i)) => {
                    self.current = Some(n);
                    format!("{}:{n}", i + 1)
                }
            },
        }
    }
}

/// Writes the rows of a listing in its columns.
struct Writer {
    out: Vec<u8>,
    /// The line-number column's text for the next row (its first line).
    number: String,
    /// How wide a tab is (`--tab-size`).
    tab: usize,
    wide: bool,
    /// Every row shown, none shortened (`--verbose-list`).
    verbose: bool,
    pc_column: bool,
    /// The program counter's range on the current row's processor.
    pc_mask: u32,
    hex_col: usize,
    monitor_col: usize,
    source_col: usize,
    columns: ListingColumns,
    /// The last row's buffer, emptied, for the next row (a row is built
    /// apart from `out` to be trimmed and padded as 64tass pads it).
    spare: Vec<u8>,
    /// The disassembly's buffer, likewise.
    monitor: String,
}

impl Writer {
    /// An offset as the listing shows it.
    fn shown(&self, addr: u32) -> u32 {
        if self.wide { addr } else { addr & 0xffff }
    }

    /// A row's start when it has no offset: the line-number column (what
    /// [`Writer::number`] holds on a row's first line, then nothing).
    fn lead(&mut self) -> Line {
        let mut lead = Line::new(self.take_number());
        if self.columns.line_numbers {
            lead.pad(8, self.tab);
        }
        lead
    }

    /// The line-number column's text for the row, in the last row's
    /// buffer when it has none (the buffer is not grown again each row).
    fn take_number(&mut self) -> Vec<u8> {
        let number = std::mem::take(&mut self.number);
        match number.is_empty() {
            true => std::mem::take(&mut self.spare),
            false => number.into_bytes(),
        }
    }

    fn lead_width(&self) -> usize {
        if self.columns.line_numbers { 8 } else { 0 }
    }

    /// `.1000` (and the program counter's column): a row's start.
    fn head(&mut self, prefix: u8, addr: u32, pc: u32) -> Line {
        let addr = self.shown(addr);
        let mut row = self.lead();
        row.text.push(prefix);
        push_hex(&mut row.text, addr);
        let pc = pc & self.pc_mask;
        if self.pc_column && pc != addr {
            row.pad(self.lead_width() + 8, self.tab);
            push_hex(&mut row.text, pc);
        }
        row
    }

    /// One row: its start, bytes, disassembly and source (when given). The
    /// columns are padded to only where something follows, as 64tass pads.
    fn row(&mut self, head: Line, bytes: &[u8], monitor: Option<&str>, source: Option<&str>) {
        let mut row = head;
        if source.is_none() && monitor.is_none() {
            row.pad(self.hex_col, self.tab);
            push_bytes(&mut row.text, bytes);
            self.end_row(row, false);
            return;
        }
        if !bytes.is_empty() {
            row.pad(self.hex_col, self.tab);
            push_bytes(&mut row.text, bytes);
        }
        if let Some(monitor) = monitor.filter(|_| self.columns.monitor) {
            row.pad(self.monitor_col, self.tab);
            row.text.extend_from_slice(monitor.as_bytes());
        }
        if let Some(text) = source.filter(|t| self.columns.source && !t.trim().is_empty()) {
            row.pad(self.source_col, self.tab);
            let row = &mut row.text;
            // Control characters (and the soft hyphen) show as `<91>`, as
            // 64tass writes them.
            if plain(text.as_bytes()) {
                row.extend_from_slice(text.as_bytes());
            } else {
                for c in text.chars() {
                    if (c.is_control() && c != '\t') || c == '\u{ad}' {
                        let _ = write!(row, "<{:02X}>", c as u32);
                    } else {
                        row.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    }
                }
            }
        }
        self.end_row(row, true);
    }

    /// A row is done: into the listing (`trim`: without trailing blanks),
    /// its buffer kept for the next.
    fn end_row(&mut self, row: Line, trim: bool) {
        let mut text = row.text;
        let end = if trim { trimmed_len(&text) } else { text.len() };
        self.out.extend_from_slice(&text[..end]);
        self.out.push(b'\n');
        text.clear();
        self.spare = text;
    }

    /// An instruction's row; one that became several (a long branch) gets a
    /// row each, the source on the first.
    fn code(
        &mut self,
        (mut addr, mut pc): (u32, u32),
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        source: &str,
    ) {
        for (k, part) in instructions(bytes, listed).into_iter().enumerate() {
            let head = self.head(b'.', addr, pc);
            let mut text = std::mem::take(&mut self.monitor);
            text.clear();
            let shown = crate::opcodes::disassemble_into(&mut text, part, pc, listed);
            let monitor = shown.then_some(&text[..]);
            let source = (k == 0).then_some(source);
            if k > 0 && monitor.is_some() {
                let mut row = head;
                row.pad(self.hex_col, self.tab);
                push_bytes(&mut row.text, part);
                if let Some(monitor) = monitor.filter(|_| self.columns.monitor) {
                    row.pad(self.monitor_col, self.tab);
                    row.text.extend_from_slice(monitor.as_bytes());
                }
                self.end_row(row, false);
            } else {
                let first = part.len().min(8);
                self.row(head, &part[..first], monitor, source.or(Some("")));
            }
            self.monitor = text;
            addr += part.len() as u32;
            pc += part.len() as u32;
        }
    }

    /// Data: 8 bytes on the first row (4 without the disassembly, 16
    /// without the source), 16 on each after it; a run of two or
    /// more rows the same as the one before is one line, as 64tass shortens
    /// them. The offset wrapping at 64 KiB starts over with a short row.
    fn data(&mut self, addr: u32, pc: u32, bytes: &[u8], source: Option<&str>) {
        if !self.wide && !bytes.is_empty() {
            let room = (0x10000 - (addr & 0xffff)) as usize;
            if bytes.len() > room {
                self.data(addr, pc, &bytes[..room], source);
                // The program counter shown goes back by 64 KiB with the
                // offset (on the 65816 too: `$12fff0` + 16 is `$120000`).
                let pc = pc.wrapping_add(room as u32).wrapping_sub(0x10000);
                return self.data(addr + room as u32, pc, &bytes[room..], None);
            }
        }
        // The first row has room for 8 bytes before the disassembly, 4
        // before the source without it; without the source column every
        // row has 16 (and the first counts for the repeats), as in 64tass.
        let first = match (self.columns.source, self.columns.monitor) {
            (false, _) => 0,
            (true, false) => bytes.len().min(4),
            (true, true) => bytes.len().min(8),
        };
        if self.columns.source {
            let head = self.head(b'>', addr, pc);
            self.row(head, &bytes[..first], None, Some(source.unwrap_or("")));
        }
        let rows: smallvec::SmallVec<[&[u8]; 8]> = bytes[first..].chunks(16).collect();
        let (mut addr, mut pc) = (addr + first as u32, pc + first as u32);
        let mut i = 0;
        while i < rows.len() {
            let head = self.head(b'>', addr, pc);
            self.row(head, rows[i], None, None);
            addr += rows[i].len() as u32;
            pc += rows[i].len() as u32;
            // The last row is always shown. Repeats are only looked for where
            // they are folded (a long `.fill` listed with --verbose-list row by
            // row compared every row with all the rows after it).
            let last = rows.len() - 1;
            let same = if rows[i].len() == 16 && !self.verbose {
                rows.get(i + 1..last)
                    .unwrap_or(&[])
                    .iter()
                    .take_while(|r| **r == rows[i])
                    .count()
            } else {
                0
            };
            if same >= 2 {
                let mut row = self.lead();
                row.text.push(b';');
                row.pad(self.hex_col, self.tab);
                self.out.extend_from_slice(&row.text);
                let _ = writeln!(
                    self.out,
                    "...repeated {same} times ({} bytes)...",
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
fn instructions(bytes: &[u8], listed: crate::opcodes::Listed) -> smallvec::SmallVec<[&[u8]; 2]> {
    let mut out = smallvec::SmallVec::new();
    let mut rest = bytes;
    while let Some(&op) = rest.first() {
        let len = crate::opcodes::instruction_len(op, listed).unwrap_or(rest.len() as u32) as usize;
        if crate::opcodes::takes_signature(op, listed.cpu) || len >= rest.len() {
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

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// An offset in hex: 4 digits, at least 6 past 64 KiB.
fn push_hex(out: &mut Vec<u8>, v: u32) {
    let digit = |k: u32| DIGITS[(v >> (4 * k)) as usize & 15];
    if v <= 0xffff {
        out.extend_from_slice(&[digit(3), digit(2), digit(1), digit(0)]);
        return;
    }
    let digits = (32 - v.leading_zeros()).div_ceil(4).max(6);
    for k in (0..digits).rev() {
        out.push(digit(k));
    }
}

/// Bytes in hex, a blank between them.
fn push_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    let hex = |b: u8| [DIGITS[(b >> 4) as usize], DIGITS[(b & 15) as usize]];
    let Some((&first, rest)) = bytes.split_first() else {
        return;
    };
    out.reserve(3 * bytes.len());
    out.extend_from_slice(&hex(first));
    for &b in rest {
        let [hi, lo] = hex(b);
        out.extend_from_slice(&[b' ', hi, lo]);
    }
}

/// `n` times `b` (a column's padding: a copy of a few bytes, most often).
fn push_run(out: &mut Vec<u8>, b: u8, n: usize) {
    const RUN: usize = 32;
    match (b, n) {
        (b'\t', ..=RUN) => out.extend_from_slice(&[b'\t'; RUN][..n]),
        (b' ', ..=RUN) => out.extend_from_slice(&[b' '; RUN][..n]),
        _ => out.resize(out.len() + n, b),
    }
}

/// A listing line being written, with the column 64tass counts for it.
#[derive(Default)]
struct Line {
    text: Vec<u8>,
    /// The column at `mark` (a byte index into `text`), as 64tass counts.
    col: usize,
    mark: usize,
}

impl Line {
    fn new(text: Vec<u8>) -> Line {
        Line {
            text,
            col: 0,
            mark: 0,
        }
    }

    /// Write the line-number column after what the row has so far, as
    /// 64tass does for a loop label's value: `number` padded to the column's
    /// end as if it started the row; the column then counts on from there by
    /// the width written before it.
    fn lead_after(&mut self, number: &str, tab: usize) {
        let width = self.col + count_chars(&self.text[self.mark..]);
        let mut lead = Line::new(number.as_bytes().to_vec());
        lead.pad(8, tab);
        self.text.extend_from_slice(&lead.text);
        (self.col, self.mark) = (lead.col + width, self.text.len());
    }

    /// Pad to column `to` as 64tass's listing does: the count goes back to
    /// the last tab stop, then tabs of `tab` columns while a whole one fits,
    /// then spaces (so with a tab size that does not divide the columns, the
    /// spaces start from that stop: `;Offset` and 2 spaces with 3). A column
    /// already reached with nothing written since is left as it is; one
    /// passed by what was written is reached on a new line.
    fn pad(&mut self, to: usize, tab: usize) {
        let written = count_chars(&self.text[self.mark..]);
        let mut col = self.col + written;
        if written == 0 && col >= to {
            return;
        }
        // Past the column (a long disassembly): the rest on a line of its own.
        if col >= to {
            self.text.push(b'\n');
            col = 0;
        }
        if col < to {
            if tab > 1 {
                col -= col % tab;
                let tabs = (to - col) / tab;
                push_run(&mut self.text, b'\t', tabs);
                col += tabs * tab;
            }
            push_run(&mut self.text, b' ', to - col);
            col = to;
        }
        self.col = col;
        self.mark = self.text.len();
    }
}

#[cfg(test)]
mod tests {
    use super::Runs;

    /// A value per row by runs: each row reads the value it was pushed
    /// with, also after rows are dropped from the end and others pushed.
    #[test]
    fn runs_keep_each_rows_value() {
        let mut runs = Runs::default();
        let values = [7, 7, 7, 3, 3, 7, 9, 9];
        for (i, &v) in values.iter().enumerate() {
            runs.push(i, v);
        }
        assert_eq!(runs.0.len(), 4, "one entry per run");
        let mut walk = runs.walk();
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(walk.at(i), v, "row {i}");
        }
        // Rows skipped on the way.
        let mut walk = runs.walk();
        assert_eq!((walk.at(2), walk.at(6), walk.at(7)), (7, 9, 9));
        // Drop the last three rows (a run of its own among them), push others.
        runs.truncate(5);
        assert_eq!(runs.0, [(0, 7), (3, 3)]);
        runs.push(5, 3);
        runs.push(6, 1);
        let after = [7, 7, 7, 3, 3, 3, 1];
        let mut walk = runs.walk();
        for (i, &v) in after.iter().enumerate() {
            assert_eq!(walk.at(i), v, "row {i}");
        }
        runs.truncate(0);
        assert!(runs.0.is_empty());
        assert_eq!(runs.walk().at(0), 0);
    }
}
