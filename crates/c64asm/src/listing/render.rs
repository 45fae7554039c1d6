//! The listing's text, written from the recorded rows straight into the
//! buffer that goes to the file: each column padded by counting the
//! columns written since the last stop (as 64tass writes its listing), no
//! row built apart and copied, no formatting machinery per field.

use super::{Entered, ListRow, RowKind, Rows, Tag, trimmed_len};
use crate::printable;
use crate::program::{ListingColumns, Program};
use crate::source::FileId;

/// How much of the listing is kept before it goes to its writer: the
/// listing is written as it is made, not held whole (as 64tass writes it).
const FLUSH_AT: usize = 1 << 14;

/// The listing written to `sink` a piece at a time (`head`: its comment
/// lines before the column titles, each ending in a newline).
pub(crate) fn render_to(
    p: &Program,
    columns: ListingColumns,
    head: &str,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let rows = &p.rows;
    let mut w = Writer {
        out: Vec::new(),
        number: Vec::new(),
        tab: p.tab_size,
        // Offsets past 64 KiB wrap, as 64tass's do, unless it has long ones.
        wide: p.wide_offsets,
        verbose: p.verbose_listing,
        pc_column: false,
        pc_mask: 0xffff,
        hex_col: 0,
        monitor_col: 0,
        source_col: 0,
        columns,
        quick: false,
        source_plain: false,
    };
    // A program counter column when some bytes run elsewhere than they are
    // stored (`.logical`, `.offs`), as 64tass adds it.
    let (mut pcs, mut settings) = (rows.pcs.walk(), rows.listed_runs.walk());
    // An instruction's offset is compared within the image, a label's and
    // data's as it is (past 64 KiB in a `.virtual` of the 65816: one column).
    // 64tass also compares the two after each instruction, where they part
    // when one wraps and the other doesn't (an instruction ending at $ffff
    // of a 4 GiB image: offset $10000, program counter $0000).
    // The settings change seldom: a row's mask is unpacked only when they do.
    let mut last_mask: Option<(u32, u32)> = None;
    w.pc_column = !rows.plain_offsets()
        && rows.in_order().enumerate().any(|(i, (r, addr, _))| {
            let pc = addr.wrapping_add(pcs.at(i));
            let packed = settings.at(i);
            let mask = match last_mask {
                Some((p, m)) if p == packed => m,
                _ => {
                    let m = rows.unpack(packed).cpu.address_mask();
                    last_mask = Some((packed, m));
                    m
                }
            };
            match r.tag() {
                Tag::Code => {
                    let len = Rows::len_of(r);
                    w.shown(addr) != pc & mask
                        || addr.wrapping_add(len) & p.image_mask != pc.wrapping_add(len) & mask
                }
                Tag::Data => addr != pc & mask,
                // A line without bytes counts only where its source is listed
                // (64tass's `listing_line`, not under `--no-source`).
                Tag::Label => columns.source && addr != pc & mask,
                _ => false,
            }
        });
    let (mut pcs, mut settings) = (rows.pcs.walk(), rows.listed_runs.walk());
    let mut files = rows.files.walk();
    // Where the hex, the disassembly and the source start.
    let lead_width = w.lead_width();
    let base = lead_width + if w.pc_column { 8 } else { 0 };
    (w.hex_col, w.monitor_col) = (base + 8, base + 24);
    w.source_col = if columns.monitor {
        base + 40
    } else {
        base + 24
    };
    w.quick = w.tab == 8 && !columns.line_numbers && columns.monitor && columns.source;
    // The buffer in one allocation instead of a growing one copied as it
    // doubles: a row is its source, its bytes in hex and about 40 columns.
    // (A data row's 16 bytes take about 64 characters.)
    let estimate = rows.text.len() + 4 * rows.end + 40 * rows.len();
    w.out.reserve(estimate.min(2 * FLUSH_AT) + 256);
    w.out.push(b'\n');
    w.out.extend_from_slice(head.as_bytes());
    w.out.push(b'\n');
    w.header();
    w.out.extend_from_slice(b"\n\n");
    // The files' numbers are only read for line numbers.
    let mut numbers = Numbers::new(if columns.line_numbers {
        rows.rows()
    } else {
        &[]
    });
    // The processor settings, program counters (less the offsets) and
    // files change seldom: what a run of rows shares is read where one of
    // them starts a run (`until`), not on each row.
    let mut until = 0;
    let mut unpacked: Option<(u32, crate::opcodes::Listed)> = None;
    let mut listed = rows.unpack(0);
    let mut forms = crate::opcodes::forms(listed.cpu);
    let mut apart = 0;
    // The disassembly's buffer for rows not written in one go
    // ([`Writer::quick_code`] writes it straight into the listing's),
    // reused (apart from the writer: a row's disassembly is read while the
    // writer writes it).
    let mut monitor = Vec::new();
    // The text of the rows' file.
    let mut file_text = (super::NO_FILE, "");
    // Whether the rows' file's text is plain but for its line breaks
    // ([`plain_but_lines`]), found once for each file (0: not yet).
    let mut plain_files: Vec<u8> = Vec::new();
    let mut file_plain = false;
    for (i, (r, addr, bytes, text)) in rows.with_bytes_and_texts().enumerate() {
        if w.out.len() >= FLUSH_AT {
            sink.write_all(&w.out)?;
            w.out.clear();
        }
        if i >= until {
            let file = files.at(i);
            if file != file_text.0 {
                file_text = (file, p.sources.try_get(file).map_or("", |f| f.text()));
                file_plain = file_is_plain(&mut plain_files, file, file_text.1);
            }
            let packed = settings.at(i);
            if unpacked.is_none_or(|(p, _)| p != packed) {
                listed = rows.unpack(packed);
                unpacked = Some((packed, listed));
                w.pc_mask = listed.cpu.address_mask();
                forms = crate::opcodes::forms(listed.cpu);
            }
            apart = pcs.at(i);
            until = files.until().min(settings.until()).min(pcs.until());
        }
        let pc = addr.wrapping_add(apart);
        // A slice of a plain file's text is a line of it (no line break):
        // plain, not told again.
        w.source_plain = !text.2 && file_plain;
        if r.is_code()
            && w.ready_code(
                addr,
                pc,
                (forms, &listed),
                bytes,
                rows.text_from(text, file_text.1),
            )
        {
            continue;
        }
        if r.is_data() && w.ready_data(addr, pc, bytes, rows.text_from(text, file_text.1)) {
            continue;
        }
        // Without the source column only the rows with bytes are left.
        let kind = r.kind();
        let bare = match kind {
            RowKind::Value(_) | RowKind::LoopLabel(_) | RowKind::Label | RowKind::Text => true,
            // A pseudo branch that needs no instruction (`gne` to the next
            // line) lists no bytes either.
            RowKind::Data | RowKind::Code => bytes.is_empty(),
            _ => false,
        };
        if bare && !columns.source {
            continue;
        }
        let file = file_text.0;
        let text = rows.text_from(text, file_text.1);
        // An empty line (listed with `--verbose-list`) is a bare newline:
        // 64tass numbers nothing on it, so the next line's file is told
        // against the row before it (`7:3` after a structure's rows from
        // another file).
        let empty = matches!(kind, RowKind::Text) && text.is_empty();
        if columns.line_numbers && !empty {
            w.number.clear();
            numbers.of(r, &p.sources, rows.line(i, file, &p.sources), &mut w.number);
        }
        match kind {
            RowKind::Enter { file, what } => {
                let name = &p.sources.get(file).name;
                let banner: &[u8] = match what {
                    Entered::Definitions => b";******  Command line definitions",
                    Entered::Input => b";******  Processing input file: ",
                    Entered::Include => b";******  Processing file: ",
                };
                if matches!(what, Entered::Include) || (i > 0 && matches!(what, Entered::Input)) {
                    w.out.push(b'\n');
                }
                w.lead();
                w.out.extend_from_slice(banner);
                if !matches!(what, Entered::Definitions) {
                    shell_quoted(name, &mut w.out);
                }
                w.out.extend_from_slice(b"\n\n");
            }
            RowKind::Return(file) => {
                let name = &p.sources.get(file).name;
                w.out.push(b'\n');
                w.lead();
                w.out.extend_from_slice(b";******  Return to file: ");
                shell_quoted(name, &mut w.out);
                w.out.extend_from_slice(b"\n\n");
            }
            RowKind::Value(v) | RowKind::LoopLabel(v) => {
                let loop_label = matches!(kind, RowKind::LoopLabel(_));
                let (v, need) = rows.value(v);
                w.value(v, need, loop_label, text);
            }
            RowKind::Label if w.quick_row(Some((addr, pc)), text) => {}
            RowKind::Label => {
                let row = w.head(b'.', addr, pc);
                w.row(row, &[], None, Some(text));
            }
            RowKind::Text if text.is_empty() => w.out.push(b'\n'),
            RowKind::Text if w.quick_row(None, text) => {}
            RowKind::Text => {
                // Only the source follows: 64tass pads from the line number
                // straight to the source column (no stop after the line
                // column, which shows with tab sizes that do not divide 8).
                let row = w.begin();
                w.out.extend_from_slice(&w.number);
                w.number.clear();
                w.row(row, &[], None, Some(text));
            }
            RowKind::Code => w.code((addr, pc), listed, bytes, text, &mut monitor),
            RowKind::Data => w.data(addr, pc, bytes, Some(text)),
        }
    }
    w.out.extend_from_slice(b"\n;******  End of listing\n");
    sink.write_all(&w.out)
}

/// How many characters UTF-8 `bytes` hold (the bytes that start one; most
/// are ASCII, told a word at a time).
fn count_chars(bytes: &[u8]) -> usize {
    match bytes.is_ascii() {
        true => bytes.len(),
        false => bytes.iter().filter(|&&b| (b as i8) >= -0x40).count(),
    }
}

/// Whether a source text is only tabs and printable ASCII (shown as it is),
/// told 8 bytes at a time.
fn plain(text: &[u8]) -> bool {
    let mut words = text.chunks_exact(8);
    let mut odd = 0;
    for w in words.by_ref() {
        odd |= unusual(u64::from_le_bytes([
            w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7],
        ]));
    }
    let rest = words.remainder().len();
    let n = text.len();
    // The last bytes: the text's last 8 read again (overlapping what was
    // told), or a short text's bytes in a word padded with blanks (its
    // first and last 4, or its first, middle and last byte: overlapping
    // too), without a copy of a length not known.
    let last = match n {
        _ if rest == 0 => u64::from_le_bytes(*b"        "),
        8.. => u64::from_le_bytes(text[n - 8..].try_into().unwrap_or([b' '; 8])),
        4.. => {
            let word =
                |at: usize| u32::from_le_bytes(text[at..at + 4].try_into().unwrap_or([b' '; 4]));
            word(0) as u64 | (word(n - 4) as u64) << 32
        }
        _ => u64::from_le_bytes([
            text[0],
            text[n / 2],
            text[n - 1],
            b' ',
            b' ',
            b' ',
            b' ',
            b' ',
        ]),
    };
    odd |= unusual(last);
    odd == 0
}

/// Whether `file`'s text (`text`) is plain but for its line breaks
/// ([`plain_but_lines`]), found once (`known`: by file, 0 not yet, 1 plain,
/// 2 not).
fn file_is_plain(known: &mut Vec<u8>, file: FileId, text: &str) -> bool {
    let at = file as usize;
    // No file (`NO_FILE`: no text), or one past what is worth a table.
    if file == super::NO_FILE || at > 1 << 24 {
        return plain_but_lines(text.as_bytes());
    }
    if known.len() <= at {
        known.resize(at + 1, 0);
    }
    if known[at] == 0 {
        known[at] = if plain_but_lines(text.as_bytes()) {
            1
        } else {
            2
        };
    }
    known[at] == 1
}

/// Whether a whole text is only tabs, printable ASCII and line feeds: then
/// each line of it is plain ([`plain`]). Told in blocks of 32 bytes (the
/// last one padded with blanks) with no early exit within a block, which
/// the compiler turns into vector compares (not inlined: it stays so).
#[inline(never)]
fn plain_but_lines(text: &[u8]) -> bool {
    const BLOCK: usize = 32;
    let odd = |b: u8| (b.wrapping_sub(0x20) > 0x5e && b != b'\t' && b != b'\n') as u8;
    let mut blocks = text.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        if block.iter().fold(0, |acc, &b| acc | odd(b)) != 0 {
            return false;
        }
    }
    let rest = blocks.remainder();
    let mut last = [b' '; BLOCK];
    last[..rest.len()].copy_from_slice(rest);
    last.iter().fold(0, |acc, &b| acc | odd(b)) == 0
}

/// The high bit of each byte of `x` that is not a tab or printable ASCII
/// (a control character, DEL, or a byte past ASCII), exactly when every
/// byte is ASCII; some high bit when one is not (a byte past ASCII may
/// carry into the next byte's sums, but it is told by its own high bit
/// already, and only whether any bit is set counts).
fn unusual(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Tabs found exactly: the high bit of each byte that is not 9 (no
    // borrow between bytes: each is cleared of its high bit first).
    let nine = x ^ (ONES * 9);
    let not_tab = (((nine & !HIGH) + !HIGH) | nine) & HIGH;
    // Below a blank: a byte plus 0x60 stays below 0x80.
    let below = !x.wrapping_add(ONES * 0x60) & not_tab;
    // DEL and past ASCII: a byte plus 1 reaches 0x80, or has the bit itself.
    let del_or_past = (x | x.wrapping_add(ONES)) & HIGH;
    below | del_or_past
}

/// Whether a source text is only white space (as `str::trim` counts it),
/// told from its last byte when that is ASCII (a recorded text is most
/// often trimmed already).
fn blank(text: &str) -> bool {
    match text.as_bytes().last() {
        None => true,
        Some(b' ' | b'\t'..=b'\r') => text.trim().is_empty(),
        Some(0..0x80) => false,
        Some(_) => text.trim().is_empty(),
    }
}

/// `n` in decimal.
fn push_decimal(out: &mut Vec<u8>, n: u32) {
    let mut digits = [0u8; 10];
    out.extend_from_slice(crate::intern::decimal(n, &mut digits).as_bytes());
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

    /// What the column shows for `r`, onto `out`.
    fn of(
        &mut self,
        r: &ListRow,
        sources: &crate::source::SourceMap,
        line: Option<(FileId, u32)>,
        out: &mut Vec<u8>,
    ) {
        match r.kind() {
            RowKind::Enter {
                what: Entered::Definitions,
                file,
            } => {
                self.current = self.files.get(&file).copied();
            }
            RowKind::Enter { file, .. } | RowKind::Return(file) => {
                // Back in a macro's or a structure's expansion, 64tass numbers
                // the file its lines came from.
                let file = sources.origin(file, 0).0;
                let n = self.files.get(&file).copied();
                // 64tass names the file only when the rows before were from
                // another (an expansion of a macro the file defines, listed
                // just before it is entered, leaves the number out).
                if n.is_some() && n == self.current {
                    return;
                }
                self.current = n;
                if let Some(n) = self.current {
                    out.push(b':');
                    push_decimal(out, n);
                }
            }
            _ => match line.and_then(|(f, i)| Some((self.files.get(&f).copied()?, i))) {
                None | Some((0, _)) => {}
                Some((n, i)) if Some(n) == self.current => push_decimal(out, i + 1),
                Some((n, i)) => {
                    self.current = Some(n);
                    push_decimal(out, i + 1);
                    out.push(b':');
                    push_decimal(out, n);
                }
            },
        }
    }
}

/// A listing line being written at the end of [`Writer::out`]: where it
/// starts, and the column 64tass counts at `mark` (a byte index there).
#[derive(Clone, Copy)]
struct Row {
    start: usize,
    col: usize,
    mark: usize,
    /// Only ASCII written since `mark` (no value or source text).
    ascii: bool,
}

/// Writes the rows of a listing in its columns.
struct Writer {
    out: Vec<u8>,
    /// The line-number column's text for the next row (its first line).
    number: Vec<u8>,
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
    /// The columns are the usual ones (tab size 8, no line numbers, the
    /// disassembly and the source shown): an instruction's, a label's, a
    /// text's or data's row can be written in one go ([`Writer::quick_code`],
    /// [`Writer::quick_row`], [`Writer::quick_data`], [`Writer::quick_bytes`]).
    quick: bool,
    /// The current row's source is known to be plain ([`plain`]): a line
    /// of a file whose text is plain but for its line breaks.
    source_plain: bool,
}

/// Where the offset (and the program counter, when `pc_shown`) that
/// [`Writer::ready_head`] writes end, in the row and in columns: the tabs to
/// the source count from there on a row with no bytes.
#[inline(always)]
fn head_end(pc_shown: bool) -> (usize, usize) {
    if pc_shown { (10, 12) } else { (5, 5) }
}

impl Writer {
    /// An offset as the listing shows it.
    fn shown(&self, addr: u32) -> u32 {
        if self.wide { addr } else { addr & 0xffff }
    }

    fn lead_width(&self) -> usize {
        if self.columns.line_numbers { 8 } else { 0 }
    }

    /// A line starts here.
    fn begin(&self) -> Row {
        let at = self.out.len();
        Row {
            start: at,
            col: 0,
            mark: at,
            ascii: true,
        }
    }

    /// Pad `row` to column `to`, `written` columns written since its mark,
    /// as 64tass's listing pads: the count goes back to the last tab stop,
    /// then tabs of `tab` columns while a whole one fits, then spaces (so
    /// with a tab size that does not divide the columns, the spaces start
    /// from that stop: `;Offset` and 2 spaces with 3). A column already
    /// reached with nothing written since is left as it is; one passed by
    /// what was written is reached on a new line.
    fn pad_from(&mut self, row: &mut Row, written: usize, to: usize) {
        let mut col = row.col + written;
        if col >= to {
            if written == 0 {
                return;
            }
            // Past the column (a long disassembly): the rest on a line of
            // its own.
            self.out.push(b'\n');
            col = 0;
        }
        // From the stop at or before `col`, the tabs that fit to `to`, then
        // what is left of a tab: `to`'s own distance from its stop.
        let (tabs, spaces) = match self.tab {
            8 => ((to >> 3) - (col >> 3), to & 7),
            tab if tab > 1 => (to / tab - col / tab, to % tab),
            _ => (0, to - col),
        };
        push_run(&mut self.out, b'\t', tabs);
        push_run(&mut self.out, b' ', spaces);
        row.col = to;
        row.mark = self.out.len();
    }

    /// [`Writer::pad_from`] after any text.
    fn pad(&mut self, row: &mut Row, to: usize) {
        let written = count_chars(&self.out[row.mark..]);
        self.pad_from(row, written, to);
    }

    /// [`Writer::pad_from`] after ASCII (offsets, hex, disassembly).
    fn pad_ascii(&mut self, row: &mut Row, to: usize) {
        let written = self.out.len() - row.mark;
        self.pad_from(row, written, to);
    }

    /// A row's start when it has no offset: the line-number column (what
    /// [`Writer::number`] holds on a row's first line, then nothing).
    fn lead(&mut self) -> Row {
        let mut row = self.begin();
        if self.columns.line_numbers {
            self.out.extend_from_slice(&self.number);
            self.number.clear();
            self.pad_ascii(&mut row, 8);
        }
        row
    }

    /// `.1000` (and the program counter's column): a row's start. 64tass
    /// shows an instruction's offset and data rows after a line's first
    /// within the image ([`Self::shown`]), a label's and a line's first data
    /// as they are.
    fn head(&mut self, prefix: u8, addr: u32, pc: u32) -> Row {
        let mut row = self.lead();
        self.out.push(prefix);
        push_hex(&mut self.out, addr);
        let pc = pc & self.pc_mask;
        if self.pc_column && pc != addr {
            let to = self.lead_width() + 8;
            self.pad_ascii(&mut row, to);
            push_hex(&mut self.out, pc);
        }
        row
    }

    /// The column titles, each padded to where its column starts (only the
    /// columns shown, as 64tass writes them).
    fn header(&mut self) {
        let mut row = self.begin();
        let lead_width = self.lead_width();
        if self.columns.line_numbers {
            self.out.extend_from_slice(b";Line");
            self.pad_ascii(&mut row, lead_width);
        }
        self.out.extend_from_slice(b";Offset");
        for (name, col, shown) in [
            (&b";PC"[..], lead_width + 8, self.pc_column),
            (b";Hex", self.hex_col, true),
            (b";Monitor", self.monitor_col, self.columns.monitor),
            (b";Source", self.source_col, self.columns.source),
        ] {
            if shown {
                self.pad_ascii(&mut row, col);
                self.out.extend_from_slice(name);
            }
        }
    }

    /// One row: its start, bytes, disassembly and source (when given). The
    /// columns are padded to only where something follows, as 64tass pads.
    fn row(&mut self, mut row: Row, bytes: &[u8], monitor: Option<&[u8]>, source: Option<&str>) {
        if source.is_none() && monitor.is_none() {
            self.pad_ascii(&mut row, self.hex_col);
            push_bytes(&mut self.out, bytes);
            self.out.push(b'\n');
            return;
        }
        if !bytes.is_empty() {
            self.pad_ascii(&mut row, self.hex_col);
            push_bytes(&mut self.out, bytes);
        }
        if let Some(monitor) = monitor.filter(|_| self.columns.monitor) {
            self.pad_ascii(&mut row, self.monitor_col);
            self.out.extend_from_slice(monitor);
        }
        if let Some(text) = source.filter(|t| self.columns.source && !blank(t)) {
            match row.ascii {
                true => self.pad_ascii(&mut row, self.source_col),
                false => self.pad(&mut row, self.source_col),
            }
            self.escaped(text);
            // The text as given, blanks at its end included: a macro's line
            // keeps those an empty argument left, as 64tass prints it (a
            // file's line comes without them).
            self.out.push(b'\n');
            return;
        }
        self.end_row(row);
    }

    /// A source text or a value as 64tass shows it: characters that do not
    /// print as `<91>` or `<U+200B>` (see [`printable`]; a byte past ASCII
    /// read without `-a` is a character below U+0100).
    fn escaped(&mut self, text: &str) {
        let out = &mut self.out;
        if plain(text.as_bytes()) {
            out.extend_from_slice(text.as_bytes());
            return;
        }
        for c in text.chars() {
            if printable::shown_as_is(c) {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            } else {
                printable::escape(c, out);
            }
        }
    }

    /// A row is done: without trailing blanks, to the line's end.
    fn end_row(&mut self, row: Row) {
        let end = row.start + trimmed_len(&self.out[row.start..]);
        self.out.truncate(end);
        self.out.push(b'\n');
    }

    /// A constant's row (or a loop label's, `loop_label`): its value, then
    /// its source.
    fn value(&mut self, v: &str, need: usize, loop_label: bool, text: &str) {
        // 64tass writes a loop label's line number (and its column's
        // padding) after its value.
        let after = loop_label && self.columns.line_numbers;
        let mut row = if after { self.begin() } else { self.lead() };
        let number = std::mem::take(&mut self.number);
        // A value too long for its column goes on a line of its own when
        // 64tass's `repr` has room for it before the source column (always
        // with `--verbose-list`); else it is left out. So 64tass lists it.
        self.out.push(b'=');
        row.ascii = v.is_ascii();
        let width = v.chars().count() + 1;
        let shown = self.verbose || need + 1 < self.source_col;
        if shown && width < self.source_col - self.lead_width() {
            self.escaped(v);
            if after {
                self.lead_after(&mut row, &number);
            }
            self.row(row, &[], None, Some(text));
        } else if shown {
            self.escaped(v);
            if after {
                self.lead_after(&mut row, &number);
            }
            self.out.push(b'\n');
            // The source's own row, padded straight from its start.
            let row = self.begin();
            self.row(row, &[], None, Some(text));
        } else {
            if after {
                self.lead_after(&mut row, &number);
            }
            self.row(row, &[], None, Some(text));
        }
        self.number = number;
        self.number.clear();
    }

    /// Write the line-number column after what the row has so far, as
    /// 64tass does for a loop label's value: `number` padded to the column's
    /// end as if it started the row; the column then counts on from there by
    /// the width written before it.
    fn lead_after(&mut self, row: &mut Row, number: &[u8]) {
        let width = row.col + count_chars(&self.out[row.mark..]);
        let mut lead = self.begin();
        self.out.extend_from_slice(number);
        self.pad_ascii(&mut lead, 8);
        (row.col, row.mark) = (lead.col + width, self.out.len());
    }

    /// A label's or a text's row in the usual columns ([`Writer::quick`])
    /// with a plain source, written straight: `.0801  source` (`head`: the
    /// offset and program counter, none on a text row), padded as
    /// [`Writer::pad_from`] pads (tabs of 8 to the source column) with no
    /// row kept. False, with nothing written, for any other row.
    fn quick_row(&mut self, head: Option<(u32, u32)>, source: &str) -> bool {
        if !self.quick_source(source) {
            return false;
        }
        // Made in a local array and added in one write, as
        // [`Writer::ready_code`] makes an instruction's row: the offset and
        // program counter (when shown) of 4 digits, the tabs to the source.
        let mut row = [b'\t'; crate::opcodes::ROW];
        let (at, col) = match head {
            None => (0, 0),
            Some((addr, pc)) => match self.ready_head(&mut row, b'.', addr, pc) {
                Some((_, pc_shown)) => head_end(pc_shown),
                None => return self.quick_row_long(head, source),
            },
        };
        self.ready_end(&row, at + (self.source_col >> 3) - (col >> 3), source);
        true
    }

    /// [`Writer::quick_row`] of a row whose offset or program counter is
    /// shown past 16 bits, written piece by piece.
    #[inline(never)]
    fn quick_row_long(&mut self, head: Option<(u32, u32)>, source: &str) -> bool {
        self.out.reserve(24 + source.len());
        let mut col = 0;
        if let Some((addr, pc)) = head {
            match self.quick_head(b'.', addr, pc) {
                Some(c) => col = c,
                None => return false,
            }
        }
        push_tabs(&mut self.out, (self.source_col >> 3) - (col >> 3));
        self.out.extend_from_slice(source.as_bytes());
        self.out.push(b'\n');
        true
    }

    /// An instruction's row of one instruction in the usual columns with a
    /// plain source, written straight as [`Writer::quick_row`] writes a
    /// label's, the disassembly made in place (not apart and copied):
    /// `.0801  a9 00  lda #$00  source`; a disassembly that reaches the
    /// source column puts the source on a line of its own. At most 5 bytes
    /// (15 columns from the hex column). False, with nothing written, for
    /// any other row, or bytes that are not one instruction.
    fn quick_code(
        &mut self,
        (addr, pc): (u32, u32),
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        source: &str,
    ) -> bool {
        if bytes.is_empty() || bytes.len() > 5 || !self.quick_source(source) {
            return false;
        }
        let start = self.out.len();
        // The offset and program counter, tabs, the bytes, a disassembly
        // (19 characters at most) and the source.
        self.out.reserve(64 + source.len());
        let Some(col) = self.quick_head(b'.', addr, pc) else {
            return false;
        };
        let (hex_col, monitor_col, source_col) = (self.hex_col, self.monitor_col, self.source_col);
        let out = &mut self.out;
        push_tabs(out, (hex_col >> 3) - (col >> 3));
        push_bytes(out, bytes);
        let col = hex_col + 3 * bytes.len() - 1;
        push_tabs(out, (monitor_col >> 3) - (col >> 3));
        let at = out.len();
        if !crate::opcodes::disassemble_into(out, bytes, pc, listed) {
            out.truncate(start);
            return false;
        }
        let mut col = monitor_col + (out.len() - at);
        if col >= source_col {
            out.push(b'\n');
            col = 0;
        }
        push_tabs(out, (source_col >> 3) - (col >> 3));
        out.extend_from_slice(source.as_bytes());
        out.push(b'\n');
        true
    }

    /// An instruction's row of one instruction in the usual columns, its
    /// offset and program counter (when shown) of 4 digits, and its
    /// disassembly one of `ready`'s forms (an instruction of up to 3
    /// bytes): written as [`Writer::quick_code`] writes it, the offset's
    /// and bytes' hex from a table of pairs, each piece in one write of a
    /// fixed size cut to its length. False, with nothing written, for any
    /// other row.
    #[inline(always)]
    fn ready_code(
        &mut self,
        addr: u32,
        pc: u32,
        (forms, listed): (&crate::opcodes::Forms, &crate::opcodes::Listed),
        bytes: &[u8],
        source: &str,
    ) -> bool {
        use crate::opcodes::hex_pair;
        let addr = self.shown(addr);
        let pc = pc & self.pc_mask;
        if !self.quick_source(source) {
            return false;
        }
        // The bytes in hex, a blank between them (tabs after them).
        let (hex, len) = match *bytes {
            [a] => {
                let [a1, a0] = hex_pair(a);
                ([a1, a0, b'\t', b'\t', b'\t', b'\t', b'\t', b'\t'], 2)
            }
            [a, b] => {
                let ([a1, a0], [b1, b0]) = (hex_pair(a), hex_pair(b));
                ([a1, a0, b' ', b1, b0, b'\t', b'\t', b'\t'], 5)
            }
            [a, b, c] => {
                let ([a1, a0], [b1, b0], [c1, c0]) = (hex_pair(a), hex_pair(b), hex_pair(c));
                ([a1, a0, b' ', b1, b0, b' ', c1, c0], 8)
            }
            _ => return false,
        };
        let (hex_col, monitor_col, source_col) = (self.hex_col, self.monitor_col, self.source_col);
        // The row before its source made in a local array, each piece in a
        // write of a fixed size at a place known to fit (`min`: the columns
        // are 8 or 16 apart), then added in one write: the vector's length
        // is not kept up piece by piece.
        let mut row = [b'\t'; crate::opcodes::ROW];
        // `.0801` (and the program counter) and the tabs to the hex column.
        let Some((at, _)) = self.ready_head(&mut row, b'.', addr, pc) else {
            return false;
        };
        let at = at.min(16);
        row[at..at + 8].copy_from_slice(&hex);
        // The tabs to the disassembly (16 columns on: 1 or 2).
        let at = (at + len + (monitor_col >> 3) - ((hex_col + len) >> 3)).min(24);
        let Some(n) = forms.write(&mut row, at, bytes, pc, listed, self.pc_mask) else {
            return false;
        };
        // A disassembly reaching the source column is left to `quick_code`.
        let col = monitor_col + n;
        if col >= source_col {
            return false;
        }
        let at = (at + n).min(48);
        row[at..at + 8].copy_from_slice(&[b'\t'; 8]);
        self.ready_end(&row, at + (source_col >> 3) - (col >> 3), source);
        true
    }

    /// A data line of at most 24 bytes in the usual columns: its first
    /// row of up to 8 bytes and its source, and a row of the rest, its
    /// offset and program counter (when shown) of 4 digits, written as
    /// [`Writer::data`] writes them, each made in a local array as
    /// [`Writer::ready_code`] makes an instruction's row. False, with
    /// nothing written, for any other line. (Not inlined: the loop over
    /// the rows stays as small as it is for instructions.)
    #[inline(never)]
    fn ready_data(&mut self, addr: u32, pc: u32, bytes: &[u8], source: &str) -> bool {
        const ROW: usize = crate::opcodes::ROW;
        // The bytes past 64 KiB start another row ([`Writer::data`]).
        if bytes.len() > 24 || addr as usize + bytes.len() > 0x10000 || !self.quick_source(source) {
            return false;
        }
        let (first, rest) = bytes.split_at(bytes.len().min(8));
        let mut row = [b'\t'; ROW];
        let Some((hex_at, pc_shown)) = self.ready_head(&mut row, b'>', addr, pc) else {
            return false;
        };
        // The row of the rest (after the first 8 bytes, at most 16).
        let mut next = [b'\t'; ROW];
        let mut next_end = 0;
        if !rest.is_empty() {
            let Some((at, _)) = self.ready_head(&mut next, b'>', addr + 8, pc.wrapping_add(8))
            else {
                return false;
            };
            next_end = at.min(16) + 3 * rest.len();
            put_hex(&mut next, at.min(16), rest);
            next[next_end - 1] = b'\n';
        }
        // The tabs to the source from the bytes, or from the offset (and
        // program counter) when there are none.
        let (at, col) = match first.len().checked_sub(1) {
            Some(last) => {
                let at = hex_at.min(16);
                put_hex(&mut row, at, first);
                (at + 3 * last + 2, self.hex_col + 3 * last + 2)
            }
            None => head_end(pc_shown),
        };
        let at = at.min(40);
        row[at..at + 8].copy_from_slice(&[b'\t'; 8]);
        self.ready_end(&row, at + (self.source_col >> 3) - (col >> 3), source);
        if next_end > 0 {
            self.out.extend_from_slice(&next[..next_end.min(ROW)]);
        }
        true
    }

    /// A row's offset after `prefix` (`.` or `>`) and its program counter
    /// when shown, as [`Writer::head`] writes them, at the start of `row`
    /// (tabs after them, in the usual columns): where the hex column
    /// starts in `row`, and whether the program counter is shown. None for
    /// an offset or a program counter shown past 16 bits.
    #[inline(always)]
    fn ready_head(
        &self,
        row: &mut [u8; crate::opcodes::ROW],
        prefix: u8,
        addr: u32,
        pc: u32,
    ) -> Option<(usize, bool)> {
        use crate::opcodes::hex_pair;
        let pc = pc & self.pc_mask;
        if addr > 0xffff {
            return None;
        }
        let [h1, h0] = hex_pair((addr >> 8) as u8);
        let [l1, l0] = hex_pair(addr as u8);
        row[..5].copy_from_slice(&[prefix, h1, h0, l1, l0]);
        // The offset ends in column 5: the hex column is a tab or two on.
        if !self.pc_column || pc == addr {
            return Some((5 + (self.hex_col >> 3), false));
        }
        if pc > 0xffff {
            return None;
        }
        // A tab to the program counter's column (8); it ends in column 12.
        let [h1, h0] = hex_pair((pc >> 8) as u8);
        let [l1, l0] = hex_pair(pc as u8);
        row[5..10].copy_from_slice(&[b'\t', h1, h0, l1, l0]);
        Some((10 + (self.hex_col >> 3) - 1, true))
    }

    /// A row made in a local array by [`Writer::ready_code`] or
    /// [`Writer::ready_data`] added to the listing in one write, cut to
    /// its first `end` bytes, and its source after it.
    #[inline(always)]
    fn ready_end(&mut self, row: &[u8; crate::opcodes::ROW], end: usize, source: &str) {
        let out = &mut self.out;
        out.reserve(crate::opcodes::ROW + source.len() + 1);
        let start = out.len();
        out.extend_from_slice(row);
        out.truncate(start + end);
        out.extend_from_slice(source.as_bytes());
        out.push(b'\n');
    }

    /// Whether a row in the usual columns can end in `source` written as it
    /// is: plain, and ending in something shown (not blank, nothing for the
    /// row's end to trim).
    #[inline(always)]
    fn quick_source(&self, source: &str) -> bool {
        self.quick
            && matches!(source.as_bytes().last(), Some(b'!'..=b'~'))
            && (self.source_plain && {
                debug_assert!(plain(source.as_bytes()));
                true
            } || plain(source.as_bytes()))
    }

    /// A data line's first row in the usual columns with a plain source,
    /// written straight as [`Writer::quick_code`] writes an instruction's:
    /// `>0801  01 02 03  source`; at most 8 bytes (23 columns from the hex
    /// column, short of the source column). False, with nothing written,
    /// for any other row.
    fn quick_data(&mut self, addr: u32, pc: u32, bytes: &[u8], source: &str) -> bool {
        if bytes.len() > 8 || !self.quick_source(source) {
            return false;
        }
        self.out.reserve(64 + source.len());
        let Some(mut col) = self.quick_head(b'>', addr, pc) else {
            return false;
        };
        let (hex_col, source_col) = (self.hex_col, self.source_col);
        let out = &mut self.out;
        if !bytes.is_empty() {
            push_tabs(out, (hex_col >> 3) - (col >> 3));
            push_bytes(out, bytes);
            col = hex_col + 3 * bytes.len() - 1;
        }
        push_tabs(out, (source_col >> 3) - (col >> 3));
        out.extend_from_slice(source.as_bytes());
        out.push(b'\n');
        true
    }

    /// A row's offset after `prefix` and its program counter (when shown)
    /// in the usual columns, as [`Writer::head`] writes them: the column
    /// reached, or None with nothing written for offsets past 24 bits.
    #[inline(always)]
    fn quick_head(&mut self, prefix: u8, addr: u32, pc: u32) -> Option<usize> {
        let out = &mut self.out;
        let pc = pc & self.pc_mask;
        let show_pc = self.pc_column && pc != addr;
        if addr >= 1 << 24 || (show_pc && pc >= 1 << 24) {
            return None;
        }
        let start = out.len();
        out.push(prefix);
        push_hex(out, addr);
        let mut col = out.len() - start;
        if show_pc {
            out.push(b'\t');
            let at = out.len();
            push_hex(out, pc);
            col = 8 + out.len() - at;
        }
        Some(col)
    }

    /// A data row after a line's first in the usual columns, written
    /// straight: its offset (and program counter), tabs to the hex column,
    /// the bytes. False, with nothing written, where [`Writer::quick_head`]
    /// is.
    fn quick_bytes(&mut self, addr: u32, pc: u32, bytes: &[u8]) -> bool {
        if !self.quick {
            return false;
        }
        self.out.reserve(64);
        let Some(col) = self.quick_head(b'>', addr, pc) else {
            return false;
        };
        push_tabs(&mut self.out, (self.hex_col >> 3) - (col >> 3));
        push_bytes(&mut self.out, bytes);
        self.out.push(b'\n');
        true
    }

    /// An instruction's row; one that became several (a long branch) gets a
    /// row each, the source on the first.
    fn code(
        &mut self,
        (mut addr, mut pc): (u32, u32),
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        source: &str,
        text: &mut Vec<u8>,
    ) {
        if self.quick
            && first_instruction(bytes, listed).len() == bytes.len()
            && self.quick_code((self.shown(addr), pc), listed, bytes, source)
        {
            return;
        }
        let mut rest = bytes;
        // Without the source column 64tass numbers each instruction of the
        // line (a long branch's jump too): the line waits to be listed.
        let again = (!self.columns.source).then(|| self.number_again());
        for k in 0.. {
            if k > 0
                && let Some(number) = &again
            {
                self.number.clone_from(number);
            }
            let part = first_instruction(rest, listed);
            rest = &rest[part.len()..];
            text.clear();
            let shown = crate::opcodes::disassemble_into(text, part, pc, listed);
            let monitor = shown.then_some(&text[..]);
            let mut row = self.head(b'.', self.shown(addr), pc);
            if k > 0 && monitor.is_some() {
                self.pad_ascii(&mut row, self.hex_col);
                push_bytes(&mut self.out, part);
                if let Some(monitor) = monitor.filter(|_| self.columns.monitor) {
                    self.pad_ascii(&mut row, self.monitor_col);
                    self.out.extend_from_slice(monitor);
                }
                self.out.push(b'\n');
            } else {
                let first = part.len().min(8);
                let source = if k == 0 { source } else { "" };
                self.row(row, &part[..first], monitor, Some(source));
            }
            addr += part.len() as u32;
            pc += part.len() as u32;
            if rest.is_empty() {
                break;
            }
        }
    }

    /// The line's number for another row of it (without the file, named
    /// on the first).
    fn number_again(&self) -> Vec<u8> {
        let mut number = self.number.clone();
        if let Some(colon) = number.iter().position(|&b| b == b':') {
            number.truncate(colon);
        }
        number
    }

    /// Data: 8 bytes on the first row (4 without the disassembly, 16
    /// without the source), 16 on each after it; a run of two or
    /// more rows the same as the one before is one line, as 64tass shortens
    /// them. The offset wrapping at 64 KiB starts over with a short row
    /// (numbered again).
    fn data(&mut self, addr: u32, pc: u32, bytes: &[u8], source: Option<&str>) {
        if !self.wide && !bytes.is_empty() {
            let room = (0x10000 - (addr & 0xffff)) as usize;
            if bytes.len() > room {
                // The part after the wrap is another block of memory to
                // 64tass: its first row shows the line's number again
                // (without the file, named already).
                let number = self.number_again();
                self.data(addr, pc, &bytes[..room], source);
                self.number = number;
                // The program counter shown goes back by 64 KiB with the
                // offset (on the 65816 too: `$12fff0` + 16 is `$120000`).
                let pc = pc.wrapping_add(room as u32).wrapping_sub(0x10000);
                return self.data(self.shown(addr + room as u32), pc, &bytes[room..], None);
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
        let source = source.unwrap_or("");
        if self.columns.source && !self.quick_data(addr, pc, &bytes[..first], source) {
            let row = self.head(b'>', addr, pc);
            self.row(row, &bytes[..first], None, Some(source));
        }
        let rest = &bytes[first..];
        let count = rest.len().div_ceil(16);
        let chunk = |i: usize| &rest[16 * i..(16 * i + 16).min(rest.len())];
        let (mut addr, mut pc) = (addr + first as u32, pc + first as u32);
        let mut i = 0;
        while i < count {
            // The line's first row (no source column) shows its offset as it is.
            let shown = match i == 0 && first == 0 {
                true => addr,
                false => self.shown(addr),
            };
            let this = chunk(i);
            if !self.quick_bytes(shown, pc, this) {
                let row = self.head(b'>', shown, pc);
                self.row(row, this, None, None);
            }
            addr += this.len() as u32;
            pc += this.len() as u32;
            // The last row is always shown. Repeats are only looked for where
            // they are folded (a long `.fill` listed with --verbose-list row by
            // row compared every row with all the rows after it).
            let last = count - 1;
            let same = if this.len() == 16 && !self.verbose {
                (i + 1..last).take_while(|&j| chunk(j) == this).count()
            } else {
                0
            };
            if same >= 2 {
                let mut row = self.lead();
                self.out.push(b';');
                self.pad_ascii(&mut row, self.hex_col);
                self.out.extend_from_slice(b"...repeated ");
                push_decimal(&mut self.out, same as u32);
                self.out.extend_from_slice(b" times (");
                push_decimal(&mut self.out, same as u32 * 16);
                self.out.extend_from_slice(b" bytes)...\n");
                addr += same as u32 * 16;
                pc += same as u32 * 16;
                i += same;
            }
            i += 1;
        }
    }
}

/// The first instruction of a code row's bytes (a row may hold several:
/// a long branch); all of them when they are one, or cannot be cut.
fn first_instruction(bytes: &[u8], listed: crate::opcodes::Listed) -> &[u8] {
    let Some(&op) = bytes.first() else {
        return bytes;
    };
    let len = crate::opcodes::instruction_len(op, listed).unwrap_or(bytes.len() as u32) as usize;
    if len == 0 || len >= bytes.len() || crate::opcodes::takes_signature(op, listed.cpu) {
        return bytes;
    }
    &bytes[..len]
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

/// Each byte's two hex digits and a blank after them.
const HEX_BLANK: [[u8; 3]; 256] = {
    let mut t = [[0; 3]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [DIGITS[b >> 4], DIGITS[b & 15], b' '];
        b += 1;
    }
    t
};

/// Bytes (at most 16) in hex into `row` from `at` (at most 16), a blank
/// after each: each byte's three characters in one write of a fixed size.
#[inline(always)]
fn put_hex(row: &mut [u8; crate::opcodes::ROW], at: usize, bytes: &[u8]) {
    let at = at.min(16);
    for (k, &b) in bytes.iter().take(16).enumerate() {
        row[at + 3 * k..at + 3 * k + 3].copy_from_slice(&HEX_BLANK[b as usize]);
    }
}

/// Bytes in hex, a blank between them: each byte's three characters in
/// one write of a fixed size (a row's bytes are most often 1 to 3; a
/// buffer of their own cost its clearing and a call to copy it).
fn push_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    for &b in bytes {
        out.extend_from_slice(&HEX_BLANK[b as usize]);
    }
    // No blank after the last byte.
    if !bytes.is_empty() {
        out.pop();
    }
}

/// `n` tabs (at most 6: a column's padding in [`Writer::quick_code`]),
/// written as 6 and cut to `n`.
fn push_tabs(out: &mut Vec<u8>, n: usize) {
    let end = out.len() + n;
    out.extend_from_slice(b"\t\t\t\t\t\t");
    out.truncate(end);
}

/// `n` times `b` (a column's padding: a byte or two, most often).
fn push_run(out: &mut Vec<u8>, b: u8, n: usize) {
    if n <= 4 {
        for _ in 0..n {
            out.push(b);
        }
    } else {
        out.resize(out.len() + n, b);
    }
}

/// A file name as 64tass lists it: quoted or escaped for a POSIX shell, so
/// `a(b).asm` is `"a(b).asm"` and `a!(b).asm` is `a\!\(b\).asm`; a control
/// character is `$'\xNN'`.
pub(crate) fn shell_quoted(name: &str, out: &mut Vec<u8>) {
    const SPECIAL: &[u8] = b" \"$&()*;<>'?[\\]`{|}";
    let quote = !name.contains('!') && name.bytes().any(|b| SPECIAL.contains(&b));
    if quote {
        out.push(b'"');
    } else if name.starts_with(['~', '#']) {
        out.push(b'\\');
    }
    for c in name.chars() {
        let b = c as u32;
        if b < 0x20 || b == 0x7f {
            out.extend_from_slice(format!("$'\\x{b:x}'").as_bytes());
            continue;
        }
        let escaped = if quote {
            matches!(c, '$' | '`' | '"' | '\\')
        } else {
            c == '!' || (c.is_ascii() && SPECIAL.contains(&(c as u8)))
        };
        if escaped {
            out.push(b'\\');
        }
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    if quote {
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::{Writer, file_is_plain, plain, plain_but_lines};
    use crate::cpu::Cpu;
    use crate::opcodes::Listed;
    use crate::program::ListingColumns;

    /// A writer in the usual columns (with a program counter column when
    /// `pc_column`), writing rows in one go when `quick`.
    fn writer(quick: bool, pc_column: bool) -> Writer {
        let base = if pc_column { 8 } else { 0 };
        Writer {
            out: Vec::new(),
            number: Vec::new(),
            tab: 8,
            wide: false,
            verbose: false,
            pc_column,
            pc_mask: 0xffff,
            hex_col: base + 8,
            monitor_col: base + 24,
            source_col: base + 40,
            columns: ListingColumns::default(),
            quick,
            source_plain: false,
        }
    }

    /// An instruction's row written in one go (its disassembly made in the
    /// listing's buffer) is the row the general writer pads column by
    /// column: short and long disassemblies (one reaching the source
    /// column), a program counter shown, bytes that are no instruction,
    /// two instructions in a row, a source the quick path does not take.
    #[test]
    fn code_rows_in_one_go_are_the_general_rows() {
        let plain = Listed {
            cpu: Cpu::M6502,
            dpage: 0,
            databank: 0,
            wide: false,
        };
        let long = Listed {
            cpu: Cpu::M65816,
            dpage: 0x1200,
            databank: 0x12,
            wide: true,
        };
        let paged = Listed {
            cpu: Cpu::R65C02,
            dpage: 0x1200,
            ..plain
        };
        let rows: &[(Listed, u32, u32, &[u8], &str)] = &[
            (paged, 0x1000, 0x1000, &[0x9f, 0x17, 0xfd], "\tbbs 1,$17,*"),
            (plain, 0x0801, 0x0801, &[0xa9, 0x00], "\tlda #0"),
            (plain, 0x0801, 0x0801, &[0xea], "nop ; x"),
            (
                plain,
                0x0801,
                0x0801,
                &[0x20, 0xd2, 0xff],
                "\tjsr $ffd2\t; print",
            ),
            (plain, 0x1000, 0x1000, &[0xd0, 0xfe], "-\tbne -"),
            (plain, 0x1000, 0x1000, &[0x00, 0x05], "\tbrk #5"),
            (plain, 0x1000, 0x1000, &[0x02], "\t.byte 2"),
            (plain, 0x1000, 0xc000, &[0xad, 0x34, 0x12], "\tlda $1234"),
            (
                plain,
                0x1000,
                0x1000,
                &[0xd0, 0x03, 0x4c, 0x00, 0x20],
                "\tjne $2000",
            ),
            (plain, 0x1000, 0x1000, &[0xa9, 0x00], "\tlda #0   "),
            (plain, 0x1000, 0x1000, &[0xa9, 0x00], "\tlda #\u{e4}"),
            (long, 0x1000, 0x1000, &[0xa9, 0x34, 0x12], "\tlda #$1234"),
            (
                long,
                0x1000,
                0x1000,
                &[0xbf, 0x56, 0x34, 0x12],
                "\tlda $123456,x",
            ),
            (long, 0x1000, 0x1000, &[0x7c, 0x34, 0x12], "\tjmp ($1234,x)"),
            (long, 0x1000, 0x1000, &[0xb7, 0x34], "\tlda [$34],y"),
        ];
        for pc_column in [false, true] {
            for &(listed, addr, pc, bytes, source) in rows {
                let [mut quick, mut general] = [true, false].map(|q| writer(q, pc_column));
                let mut text = Vec::new();
                quick.code((addr, pc), listed, bytes, source, &mut text);
                general.code((addr, pc), listed, bytes, source, &mut text);
                assert_eq!(
                    String::from_utf8_lossy(&quick.out),
                    String::from_utf8_lossy(&general.out),
                    "{bytes:02x?} at {pc:#x}"
                );
            }
        }
        // A disassembly reaching the source column puts the source on a
        // line of its own.
        let mut w = writer(true, true);
        w.code(
            (0x1000, 0x2000),
            paged,
            &[0x9f, 0x17, 0xfd],
            "bbs x",
            &mut Vec::new(),
        );
        assert_eq!(
            String::from_utf8_lossy(&w.out),
            ".1000\t2000\t9f 17 fd\tbbs 1,$1217,$2000\n\t\t\t\t\t\tbbs x\n"
        );
    }

    /// A row made ready ([`Writer::ready_code`], [`Writer::ready_data`]) is
    /// the general writer's, or nothing when it was not `written`.
    fn assert_ready_is_general(written: bool, ready: &Writer, general: &Writer, what: &str) {
        if written {
            assert_eq!(
                String::from_utf8_lossy(&ready.out),
                String::from_utf8_lossy(&general.out),
                "{what}"
            );
        } else {
            assert!(ready.out.is_empty(), "{what}");
        }
    }

    /// An instruction's and a data line's row made in a local array
    /// ([`Writer::ready_code`], [`Writer::ready_data`]) are the rows the
    /// general writer pads column by column, with and without a program
    /// counter column: the program counter the offset's or another, past
    /// 16 bits, offsets near and past 64 KiB, 0 to 26 bytes of data, a
    /// source told plain or not; rows they do not take write nothing.
    #[test]
    fn rows_made_ready_are_the_general_rows() {
        let listed = Listed {
            cpu: Cpu::M6502,
            dpage: 0,
            databank: 0,
            wide: false,
        };
        let forms = crate::opcodes::forms(listed.cpu);
        let code: &[&[u8]] = &[
            &[0xea],
            &[0xa9, 0x00],
            &[0xd0, 0xfe],
            &[0x20, 0xd2, 0xff],
            &[0x02],
        ];
        let places = [
            (0x0801, 0x0801),
            (0x0801, 0xc000),
            (0x1000, 0x1_2000),
            (0xfffe, 0xfffe),
            (0xffff, 0x0000),
            (0x1_0000, 0x1_0000),
        ];
        let sources = ["\tlda #0", "x", "l\u{e4}nge", "\tnop ; x  "];
        for pc_column in [false, true] {
            for &(addr, pc) in &places {
                for source in sources {
                    for &bytes in code {
                        let [mut ready, mut general] = [true, false].map(|q| writer(q, pc_column));
                        let written = ready.ready_code(addr, pc, (forms, &listed), bytes, source);
                        general.code((addr, pc), listed, bytes, source, &mut Vec::new());
                        let what = format!("code {bytes:02x?} at {addr:#x}/{pc:#x}, {pc_column}");
                        assert_ready_is_general(written, &ready, &general, &what);
                    }
                    for n in 0..27u8 {
                        let bytes: Vec<u8> = (0..n).map(|b| b.wrapping_mul(37)).collect();
                        let [mut ready, mut general] = [true, false].map(|q| writer(q, pc_column));
                        let written = ready.ready_data(addr, pc, &bytes, source);
                        general.data(addr, pc, &bytes, Some(source));
                        let what = format!("data {bytes:02x?} at {addr:#x}/{pc:#x}, {pc_column}");
                        assert_ready_is_general(written, &ready, &general, &what);
                    }
                }
            }
        }
        // The usual rows are taken.
        let mut w = writer(true, true);
        assert!(w.ready_data(0x0801, 0xc000, &[1, 2, 3], "\t.byte 1,2,3"));
        assert!(w.ready_code(0x0804, 0x0804, (forms, &listed), &[0xea], "\tnop"));
        assert_eq!(
            String::from_utf8_lossy(&w.out),
            ">0801\tc000\t01 02 03\t\t\t\t.byte 1,2,3\n.0804\t\tea\t\tnop\t\t\tnop\n"
        );
    }

    /// A label's and a text's row made in a local array ([`Writer::quick_row`])
    /// are the rows the general writer pads column by column, with and
    /// without a program counter column: the program counter the offset's
    /// or another, past 16 and 24 bits, offsets near and past 64 KiB and
    /// 16 MiB; a source it does not take writes nothing.
    #[test]
    fn label_and_text_rows_made_ready_are_the_general_rows() {
        let places = [
            (0x0801, 0x0801),
            (0x0801, 0xc000),
            (0x1000, 0x1_2000),
            (0xffff, 0x0000),
            (0x1_0000, 0x1_0000),
            (0x1_0000, 0x0801),
            (0x100_0000, 0x100_0000),
            (0x0801, 0x100_0000),
        ];
        let sources = ["lbl", "x", "\tlabel:\t; it", "l\u{e4}nge", "lbl  ", ""];
        for pc_column in [false, true] {
            for source in sources {
                for &(addr, pc) in &places {
                    let [mut ready, mut general] = [true, false].map(|q| writer(q, pc_column));
                    let written = ready.quick_row(Some((addr, pc)), source);
                    let row = general.head(b'.', addr, pc);
                    general.row(row, &[], None, Some(source));
                    let what = format!("label {source:?} at {addr:#x}/{pc:#x}, {pc_column}");
                    assert_ready_is_general(written, &ready, &general, &what);
                }
                let [mut ready, mut general] = [true, false].map(|q| writer(q, pc_column));
                let written = ready.quick_row(None, source);
                let row = general.begin();
                general.row(row, &[], None, Some(source));
                assert_ready_is_general(written, &ready, &general, &format!("text {source:?}"));
            }
        }
        // The usual rows are taken.
        let mut w = writer(true, true);
        assert!(w.quick_row(Some((0x0801, 0xc000)), "lbl"));
        assert!(w.quick_row(Some((0x0804, 0x0804)), "x:"));
        assert!(w.quick_row(None, "; note"));
        assert_eq!(
            String::from_utf8_lossy(&w.out),
            ".0801\tc000\t\t\t\t\tlbl\n.0804\t\t\t\t\t\tx:\n\t\t\t\t\t\t; note\n"
        );
    }

    /// `plain` tells 8 bytes at a time what a byte-by-byte test tells:
    /// every byte value in every place of texts of every length to 20.
    #[test]
    fn plain_is_tabs_and_printable_ascii() {
        let one = |b: u8| b == b'\t' || (b' '..0x7f).contains(&b);
        for len in 1..20 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    assert_eq!(plain(&text), one(b), "byte {b:#x} at {at} of {len}");
                }
            }
        }
        assert!(plain(b""));
        assert!(plain(
            b"\tlda #1\t; a comment ~ with every sign !\"#$%&'()*+,-./"
        ));
        assert!(!plain("l\u{e4}nge".as_bytes()));
    }

    /// `plain_but_lines` is true exactly when each line of the text is
    /// `plain` and only line feeds part them: every byte value in every
    /// place of texts of lengths about its blocks of 32.
    #[test]
    fn a_plain_file_is_plain_lines() {
        let lines_plain = |text: &[u8]| text.split(|&b| b == b'\n').all(plain);
        for len in [1, 2, 31, 32, 33, 64, 70] {
            for at in [0, len / 2, len - 1] {
                for b in 0..=255u8 {
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    let what = format!("byte {b:#x} at {at} of {len}");
                    assert_eq!(plain_but_lines(&text), lines_plain(&text), "{what}");
                }
            }
        }
        assert!(plain_but_lines(b"x lda #1\n\tnop\n\n~"));
        assert!(!plain_but_lines(b"x lda #1\r\n\tnop\n"));
        // Each file's answer is kept; no file has no text.
        let mut known = Vec::new();
        assert!(file_is_plain(&mut known, 3, "lda #1\n"));
        assert!(!file_is_plain(&mut known, 1, "lda #\x7f\n"));
        assert_eq!(known, [0, 2, 0, 1]);
        assert!(file_is_plain(&mut known, crate::listing::NO_FILE, ""));
    }
}
