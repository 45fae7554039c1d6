//! The listing (`-L`) in 64tass's layout: one row per line that wrote bytes
//! (`.` code, `>` data), reserved space (`.fill 2`, `.byte ?`), a label of
//! its own (`.0811 label`), or a constant (`=$fb zp = $fb`), with the
//! files entered and returned to. The rows are recorded by the last pass.

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
        row.text = self.keep_text(row.file, text);
        self.list.push(row);
    }

    /// A row that shows its source text alone (`--verbose-list`, from the
    /// execution `from` of the line `file`, `index`): no offset, program
    /// counter or processor settings are shown on it, so it adds no run
    /// (it reads the row's before it), the cheaper for a row per line.
    pub fn push_text(&mut self, from: u32, (file, index): (FileId, u32), text: RowText) {
        let (tag, len) = RowKind::Text.split();
        let addr = self.list.last().map_or(0, |r| r.addr);
        let text = self.keep_text(file, text);
        self.list.push(ListRow {
            tag,
            addr,
            len,
            text,
            file,
            index,
            from,
        });
    }

    /// Where a row of `file` finds `text`: in the file's text, or kept in
    /// the rows' own.
    fn keep_text(&mut self, file: FileId, text: RowText) -> (u32, u32) {
        match text {
            RowText::Source { offset, text } if file != NO_FILE => (offset, text.len() as u32),
            RowText::Source { text, .. } | RowText::Own(text) => self.own_text(text),
        }
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

mod printing;
/// A line's text without the spaces and tabs at its end: all that 64tass
/// drops from a line when it reads it (a no-break space there is listed, as
/// `<A0>`). Told byte by byte: both are ASCII.
pub(crate) fn trim_end(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut n = bytes.len();
    while n > 0 && matches!(bytes[n - 1], b' ' | b'\t') {
        n -= 1;
    }
    &text[..n]
}

/// How long `bytes` (UTF-8) are without trailing white space (as
/// `str::trim_end` counts it).
fn trimmed_len(bytes: &[u8]) -> usize {
    let mut n = bytes.len();
    while let Some(&b) = n.checked_sub(1).map(|i| &bytes[i]) {
        match b {
            b' ' | b'\t'..=b'\r' => n -= 1,
            0..0x80 => break,
            _ => {
                let text = std::str::from_utf8(&bytes[..n]).unwrap_or_default();
                return text.trim_end().len();
            }
        }
    }
    n
}

mod render;
pub(crate) use render::render_to;

/// The listing's text (`title`: with its first comment line).
pub(crate) fn render(p: &Program, columns: ListingColumns, title: bool) -> String {
    let mut out = Vec::new();
    // Writing into a `Vec` cannot fail.
    let _ = render_to(p, columns, title, &mut out);
    // Made of UTF-8 texts and ASCII.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
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
