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

/// One row of the listing, in 4 bytes (a listing keeps one for every
/// line that wrote bytes): the row's kind, its number (its bytes' count, a
/// value's place, a file), its text's length and how far its text starts
/// past the end of the text of the row before (most rows are the next line
/// of the same file: the line break and the lines listed without a row)
/// share a word. The execution of the line a row comes from is kept for
/// the last rows only, the only ones it is asked of (see
/// [`Rows::last_from`]); its offset and its line's file are kept by
/// [`Rows`] by runs of rows, and so is where a row's text starts when it is
/// not so near (see [`Rows::text_runs`]); its line's index, read only for
/// line numbers, is kept aside by [`Rows`] when they may be written.
#[derive(Clone, Debug)]
pub(crate) struct ListRow {
    /// The row's number (the low [`NUMBER_BITS`]: how many bytes the row
    /// wrote, in [`Rows`]'s bytes after the rows' before it, none for
    /// labels, constants and reserved space; a row without bytes keeps its
    /// kind's number here instead, a value's place or a file), the gap
    /// from the text before ([`GAP_BITS`] from [`GAP_SHIFT`]), the text's
    /// length ([`LEN_BITS`] from [`LEN_SHIFT`]; [`LONG_TEXT`]: kept in
    /// [`Rows`]'s table of long texts instead, as a text of the rows' own
    /// is), and what the row shows (a [`Tag`]'s number, the top 4 bits).
    /// A row with [`FAR`] set keeps a larger number in the bits below it
    /// instead, and its text in the table.
    word: u32,
    // The source line as assembled (a macro's line with its parameters
    // in) is a slice of the text of its line's file (most rows: the line
    // is not copied), or in [`Rows`]'s text. The compile offset of the
    // row's first byte ([`Rows::offsets`]: most rows start where the row
    // before ended), how far the program counter is from it, the memory
    // the offset is in, the processor settings the row is disassembled
    // with and the row's line's file (the text read, a macro expansion for
    // a macro's line; [`NO_FILE`]: none) change seldom: [`Rows`] keeps
    // them by runs of rows ([`Rows::files`]).
}

/// How many bits of [`ListRow::word`] hold the row's number.
const NUMBER_BITS: u32 = 8;
const NUMBER_MASK: u32 = (1 << NUMBER_BITS) - 1;
/// How many bits hold the gap between the text before and the row's, and
/// where.
const GAP_BITS: u32 = 8;
const GAP_SHIFT: u32 = NUMBER_BITS;
const GAP_MASK: u32 = ((1 << GAP_BITS) - 1) << GAP_SHIFT;
/// How many bits of [`ListRow::word`] hold the text's length, and where.
const LEN_BITS: u32 = 11;
const LEN_SHIFT: u32 = GAP_SHIFT + GAP_BITS;
const LEN_MASK: u32 = ((1 << LEN_BITS) - 1) << LEN_SHIFT;
/// A text too long for the row's word (or of the rows' own), kept in
/// [`Rows`]'s table.
const LONG_TEXT: u32 = (1 << LEN_BITS) - 1;
/// A number too large for the row's number bits: in the bits below this
/// one (a row's bytes come from one line, far below 2^27 bytes), the
/// text in [`Rows`]'s table.
const FAR: u32 = 1 << (LEN_SHIFT + LEN_BITS);
const FAR_MASK: u32 = FAR - 1;
const TAG_SHIFT: u32 = 28;
const _: () = assert!(FAR < 1 << TAG_SHIFT);
/// A long text ([`Rows`]'s table) is in the rows' own text.
const LONG_OWN: u32 = 1 << 31;
/// At most this many rows from a run of [`Rows::text_runs`] to the next:
/// a row's text found out of order sums at most so many rows' gaps.
const TEXT_RUN_ROWS: u32 = 256;

/// A row made, with what [`Rows`] keeps of it by runs: its program counter
/// and the memory its offset is in (a section's moves when it is placed
/// after its fragments).
pub(crate) struct NewRow {
    tag: Tag,
    addr: u32,
    len: u32,
    file: FileId,
    index: u32,
    /// Which execution of a line the row comes from (the pass's line
    /// count), to join the bytes one line writes in parts.
    from: u32,
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
        NewRow {
            tag,
            addr,
            len,
            file,
            index,
            from,
            pc,
            mem,
        }
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

impl Tag {
    /// The tag as a number below 16, for a row's word.
    #[inline(always)]
    const fn code(self) -> u32 {
        match self {
            Tag::Code => 0,
            Tag::Data => 1,
            Tag::Label => 2,
            Tag::Value => 3,
            Tag::LoopLabel => 4,
            Tag::Enter(Entered::Definitions) => 5,
            Tag::Enter(Entered::Input) => 6,
            Tag::Enter(Entered::Include) => 7,
            Tag::Return => 8,
            Tag::Text => 9,
        }
    }

    /// The tag of [`Tag::code`]'s number (one read of a table).
    #[inline(always)]
    fn of_code(code: u32) -> Tag {
        TAGS[code as usize & 15]
    }
}

/// The tags by their [`Tag::code`] (the numbers past them: text rows).
const TAGS: [Tag; 16] = [
    Tag::Code,
    Tag::Data,
    Tag::Label,
    Tag::Value,
    Tag::LoopLabel,
    Tag::Enter(Entered::Definitions),
    Tag::Enter(Entered::Input),
    Tag::Enter(Entered::Include),
    Tag::Return,
    Tag::Text,
    Tag::Text,
    Tag::Text,
    Tag::Text,
    Tag::Text,
    Tag::Text,
    Tag::Text,
];

// Each tag's number leads back to it.
const _: () = {
    let mut i = 0;
    while i < 10 {
        assert!(TAGS[i].code() == i as u32);
        i += 1;
    }
};

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
pub(crate) const NO_FILE: FileId = FileId::MAX;

// [`ListRow::has_bytes`] reads these numbers.
const _: () = assert!(Tag::Code.code() == 0 && Tag::Data.code() == 1);

// A listing keeps a row for every line that wrote bytes.
const _: () = assert!(std::mem::size_of::<ListRow>() == 4);

impl ListRow {
    /// What the row shows, without its number.
    fn tag(&self) -> Tag {
        Tag::of_code(self.word >> TAG_SHIFT)
    }

    fn set_tag(&mut self, tag: Tag) {
        self.word = (self.word & !(15 << TAG_SHIFT)) | (tag.code() << TAG_SHIFT);
    }

    /// What the row shows.
    pub(crate) fn kind(&self) -> RowKind {
        match self.tag() {
            Tag::Code => RowKind::Code,
            Tag::Data => RowKind::Data,
            Tag::Label => RowKind::Label,
            Tag::Value => RowKind::Value(self.number()),
            Tag::LoopLabel => RowKind::LoopLabel(self.number()),
            Tag::Enter(what) => RowKind::Enter {
                file: self.number(),
                what,
            },
            Tag::Return => RowKind::Return(self.number()),
            Tag::Text => RowKind::Text,
        }
    }

    /// The row's number: its bytes' count, or its kind's number.
    #[inline]
    fn number(&self) -> u32 {
        if self.word & FAR != 0 {
            self.word & FAR_MASK
        } else {
            self.word & NUMBER_MASK
        }
    }

    /// The length field of the row's word ([`LONG_TEXT`]: in the table).
    #[inline]
    fn text_len(&self) -> u32 {
        if self.word & FAR != 0 {
            LONG_TEXT
        } else {
            (self.word & LEN_MASK) >> LEN_SHIFT
        }
    }

    /// Whether the row's text is found from the text before it (else it
    /// is in [`Rows`]'s table).
    #[inline(always)]
    fn chained(&self) -> bool {
        self.word & (FAR | LEN_MASK) < LONG_TEXT << LEN_SHIFT
    }

    /// How far the row's text starts past the end of the text before.
    #[inline(always)]
    fn gap(&self) -> u32 {
        (self.word & GAP_MASK) >> GAP_SHIFT
    }

    /// Where the text after a chained row's starts counting its gap from,
    /// the text before ending at `before`.
    #[inline(always)]
    fn end_after(&self, before: u32) -> u32 {
        before
            .wrapping_add(self.gap())
            .wrapping_add(self.text_len())
    }

    /// Whether `len` counts the row's bytes: the tag's number alone (code
    /// and data are 0 and 1), no table read (asked for every row as the
    /// rows are walked).
    #[inline(always)]
    fn has_bytes(&self) -> bool {
        self.word >> TAG_SHIFT <= Tag::Data.code()
    }

    /// Whether the row is an instruction's: the tag's number alone (the
    /// listing's writer asks it first of every row).
    #[inline(always)]
    fn is_code(&self) -> bool {
        self.word >> TAG_SHIFT == Tag::Code.code()
    }

    /// Whether the row is data's: the tag's number alone.
    #[inline(always)]
    fn is_data(&self) -> bool {
        self.word >> TAG_SHIFT == Tag::Data.code()
    }

    /// How many bytes the row has.
    fn bytes_len(&self) -> u32 {
        if self.has_bytes() { self.number() } else { 0 }
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

/// How many of the last rows' line executions [`Rows`] keeps.
const RECENT: usize = 8;

/// The listing's rows, their bytes and texts each in one allocation (a row
/// of its own would be two allocations, and its bytes grown value by value).
#[derive(Clone, Debug, Default)]
pub(crate) struct Rows {
    list: Vec<ListRow>,
    /// The bytes the rows keep themselves (see [`Rows::pieces`]).
    bytes: Vec<u8>,
    /// The rows' bytes counted: where the next row's start, in the order
    /// [`Rows::pieces`] places them.
    end: usize,
    /// Where the rows' bytes are. Most are the output's: a row's bytes were
    /// the last ones its memory was given ([`Rows::push`]), and a
    /// memory's bytes are only ever appended to until the pass ends
    /// ([`crate::output::Memory::data`]), so they are read from there when
    /// the listing is written ([`Rows::take_memories`]) instead of copied.
    /// The rest (rows made without their place) are in `bytes`.
    pieces: Vec<Piece>,
    /// Where bytes that follow the last piece's are (its memory, and the
    /// place after its bytes there): they add no piece.
    next: Option<(u32, u32)>,
    /// The memories' bytes, given when the run ends.
    memories: Vec<Vec<u8>>,
    text: String,
    /// The values the rows show (constants and loop labels) one after
    /// another, and each value's end in that text with the room 64tass's
    /// `repr` needs for it ([`crate::value::repr::repr_need`]): a value of
    /// its own would be an allocation (32 bytes for most) and a pointer.
    value_text: String,
    values: Vec<(u32, u32)>,
    /// The processor settings that do not pack into a row's word (none in
    /// practice), and the last one packed.
    listed_aside: Vec<crate::opcodes::Listed>,
    last_listed: Option<(crate::opcodes::Listed, u32)>,
    /// The settings the four runs below end with (`None`: not known, after
    /// a row was dropped or the runs were made again): a row pushed with the
    /// same ones (most: an instruction after an instruction of the same
    /// file) is one comparison, the runs' vectors not read.
    last_key: Option<RunKey>,
    /// The rows' packed settings ([`Rows::listed`]), memories and program
    /// counters (less the offset), by runs: the first row of each run and
    /// its value.
    listed_runs: Runs,
    mems: Runs,
    pcs: Runs,
    /// The rows' lines' files ([`NO_FILE`]: none), by runs: a macro's
    /// expansion is a file of its own, so a run is a call's rows at the
    /// least, and a row's file takes no word of its own.
    files: Runs,
    /// The rows' offsets, by runs of rows each starting where the row
    /// before ended (see [`Offsets`]).
    offsets: Offsets,
    /// The texts of [`LONG_TEXT`] rows, by row, in row order: the row,
    /// where the text is and its length, with [`LONG_OWN`] when it is in
    /// the rows' own text.
    long: Vec<(u32, u32, u32)>,
    /// Where the text of the other rows' lines starts, by runs: a run's
    /// first row and where the text before it is taken to end. A row's
    /// text starts its gap past that end, and ends its length later (rows
    /// in the table leave it as it is); a row whose gap does not fit its
    /// word, or [`TEXT_RUN_ROWS`] after the run's first, starts a run.
    text_runs: Vec<(u32, u32)>,
    /// Where the text of the last row in the runs ends, as above.
    cursor: u32,
    /// The rows' lines' indices in their files, by row, when the listing
    /// may show line numbers (`Some`: see [`Rows::new`]); else none are
    /// kept.
    indices: Option<Vec<u32>>,
    /// The line executions ([`NewRow::from`]) of the last rows (the last
    /// at `known - 1`, by [`RECENT`] places round), and how many rows have
    /// been pushed less popped since the rows were cleared: a row made is
    /// compared with the last row only, and only the rows a line listed
    /// ahead for itself are dropped again (two at most).
    recent: [u32; RECENT],
    known: usize,
    /// `known` when it was last smaller than [`RECENT`] behind: the rows
    /// before are no longer in `recent`.
    forgotten: usize,
}

/// Where the rows' bytes from `at` on (in [`Rows::end`]'s count) are, up to
/// the next piece's: from `from` on in the memory `mem`'s bytes, or in the
/// rows' own ([`OWN`]). A row's bytes are in one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    at: u32,
    mem: u32,
    from: u32,
}

/// A [`Piece`] of the rows' own bytes.
const OWN: u32 = u32::MAX;

/// `len` bytes from `at` (in [`Rows::end`]'s count) of the piece `p`, whose
/// bytes are in `source` (what of them is there).
fn slice_of<'a>(source: &'a [u8], p: &Piece, at: usize, len: usize) -> &'a [u8] {
    let start = (p.from as usize + (at - p.at as usize)).min(source.len());
    let end = (start + len).min(source.len());
    &source[start..end]
}

/// [`Rows::with_bytes`]: the bytes of rows asked for in order.
struct PieceWalk<'a> {
    rows: &'a Rows,
    /// The next piece, and where it starts.
    next: usize,
    limit: usize,
    /// Where the current piece starts (in [`Rows::end`]'s count), and its
    /// bytes from there on.
    at: usize,
    source: &'a [u8],
}

impl<'a> PieceWalk<'a> {
    /// `len` bytes from `at` (no earlier than the last asked for).
    #[inline]
    fn bytes(&mut self, at: usize, len: usize) -> &'a [u8] {
        if at >= self.limit {
            self.enter(at);
        }
        let start = at.wrapping_sub(self.at);
        self.source
            .get(start..start.wrapping_add(len))
            .unwrap_or(&[])
    }

    /// The piece `at` is in becomes the current one.
    #[inline(never)]
    fn enter(&mut self, at: usize) {
        let rows = self.rows;
        while let Some(p) = rows.pieces.get(self.next)
            && p.at as usize <= at
        {
            let source = match p.mem {
                OWN => &rows.bytes[..],
                m => rows.memories.get(m as usize).map_or(&[][..], |m| &m[..]),
            };
            self.source = source.get(p.from as usize..).unwrap_or(&[]);
            self.at = p.at as usize;
            self.next += 1;
        }
        let next = rows.pieces.get(self.next);
        self.limit = next.map_or(usize::MAX, |p| p.at as usize);
    }
}

/// What [`Rows`] keeps by runs of rows for a row pushed with bytes or
/// settings: its processor settings, its offset's memory, how far its
/// program counter is from its offset, and its line's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RunKey {
    listed: crate::opcodes::Listed,
    mem: crate::output::MemId,
    apart: u32,
    file: FileId,
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

    /// The first row of the next run after the rows asked for: the rows
    /// before it have the value [`RunWalk::at`] gave last.
    fn until(&self) -> usize {
        self.runs
            .get(self.next)
            .map_or(usize::MAX, |&(at, _)| at as usize)
    }
}

/// The rows' offsets by runs: a run's first row, its offset, and where its
/// bytes start in [`Rows`]'s bytes. A row of the run is at the run's offset
/// plus the bytes of the run's rows before it (in wrapping arithmetic, as
/// offsets wrap): a row that starts where the row before ended (most: an
/// instruction after an instruction, a label after them) adds no run.
#[derive(Clone, Debug, Default)]
struct Offsets(Vec<(u32, u32, u32)>);

impl Offsets {
    /// The offset a row whose bytes start at `bytes_at` has in the last run
    /// (0 without rows).
    #[inline]
    fn follow(&self, bytes_at: usize) -> u32 {
        self.0.last().map_or(0, |&(_, addr, at)| {
            addr.wrapping_add((bytes_at as u32).wrapping_sub(at))
        })
    }

    /// Row `row` (the next one), its bytes starting at `bytes_at`, is at
    /// `addr`.
    #[inline]
    fn push(&mut self, row: usize, addr: u32, bytes_at: usize) {
        if self.0.is_empty() || self.follow(bytes_at) != addr {
            self.0.push((row as u32, addr, bytes_at as u32));
        }
    }

    /// The rows from `len` on are gone.
    fn truncate(&mut self, len: usize) {
        while self.0.last().is_some_and(|&(at, _, _)| at as usize >= len) {
            self.0.pop();
        }
    }

    /// The rows' offsets in order, each row asked with where its bytes
    /// start.
    fn walk(&self) -> OffsetWalk<'_> {
        OffsetWalk {
            runs: &self.0,
            next: 0,
            run: (0, 0),
        }
    }
}

/// [`Offsets::walk`]: the offset of rows asked for in order.
struct OffsetWalk<'a> {
    runs: &'a [(u32, u32, u32)],
    next: usize,
    /// The current run's offset and bytes' start.
    run: (u32, u32),
}

impl OffsetWalk<'_> {
    /// Row `i`'s offset (`i` no smaller than the last asked for), its bytes
    /// starting at `bytes_at`.
    #[inline]
    fn at(&mut self, i: usize, bytes_at: usize) -> u32 {
        while let Some(&(at, addr, b)) = self.runs.get(self.next)
            && at as usize <= i
        {
            self.run = (addr, b);
            self.next += 1;
        }
        self.run
            .0
            .wrapping_add((bytes_at as u32).wrapping_sub(self.run.1))
    }
}

impl Rows {
    pub fn clear(&mut self) {
        self.list.clear();
        self.bytes.clear();
        self.end = 0;
        self.pieces.clear();
        self.next = None;
        self.memories.clear();
        self.text.clear();
        self.value_text.clear();
        self.values.clear();
        self.listed_aside.clear();
        self.last_listed = None;
        self.last_key = None;
        self.listed_runs.0.clear();
        self.mems.0.clear();
        self.pcs.0.clear();
        self.files.0.clear();
        self.offsets.0.clear();
        self.long.clear();
        self.text_runs.clear();
        self.cursor = 0;
        if let Some(v) = &mut self.indices {
            v.clear();
        }
        self.known = 0;
        self.forgotten = 0;
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
    pub fn add_value(&mut self, (shown, need): (String, usize)) -> u32 {
        let need = u32::try_from(need).unwrap_or(u32::MAX);
        self.value_text.push_str(&shown);
        let end = self.value_text.len() as u32;
        self.values.push((end, need));
        self.values.len() as u32 - 1
    }

    /// A row's value and the room it needs.
    fn value(&self, i: u32) -> (&str, usize) {
        let i = i as usize;
        let Some(&(end, need)) = self.values.get(i) else {
            return ("", 0);
        };
        let start = i.checked_sub(1).map_or(0, |b| self.values[b].0 as usize);
        (&self.value_text[start..end as usize], need as usize)
    }

    /// No rows yet; `line_numbers`: they keep their lines' indices, for a
    /// listing with line numbers (4 bytes a row).
    pub fn new(line_numbers: bool) -> Rows {
        Rows {
            indices: line_numbers.then(Vec::new),
            ..Rows::default()
        }
    }

    pub fn rows(&self) -> &[ListRow] {
        &self.list
    }

    /// The rows whose offsets are in the memories `moved` move by `change`
    /// (a section placed after its fragments), in `mask`'s range.
    /// Their program counters stay.
    pub fn relocate(&mut self, moved: &[crate::output::MemId], change: u32, mask: u32) {
        let (mut pcs, mut offsets) = (Runs::default(), Offsets::default());
        let (mut old, mut mems) = (self.pcs.walk(), self.mems.walk());
        for (i, (r, addr, bytes_at)) in self.in_order().enumerate() {
            let pc = addr.wrapping_add(old.at(i));
            let mut addr = addr;
            if !matches!(r.tag(), Tag::Enter(_) | Tag::Return) && moved.contains(&mems.at(i)) {
                addr = addr.wrapping_add(change) & mask;
            }
            pcs.push(i, pc.wrapping_sub(addr));
            offsets.push(i, addr, bytes_at);
        }
        (self.pcs, self.offsets) = (pcs, offsets);
        self.last_key = None;
    }

    pub fn last(&self) -> Option<&ListRow> {
        self.list.last()
    }

    /// Whether every row runs where it is stored (its program counter its
    /// offset) and ends within the first 64 KiB, told from the runs alone:
    /// then no row shows a program counter of its own (the processors'
    /// address spaces and the images are all at least 64 KiB), and the
    /// listing's writer need not walk the rows to find one that does.
    pub fn plain_offsets(&self) -> bool {
        if self.pcs.0.iter().any(|&(_, apart)| apart != 0) {
            return false;
        }
        let runs = &self.offsets.0;
        runs.iter().enumerate().all(|(k, &(_, addr, at))| {
            // The run's rows' bytes end where the next run's start.
            let end = runs.get(k + 1).map_or(self.end as u64, |n| n.2 as u64);
            end >= at as u64 && addr as u64 + (end - at as u64) <= 0xffff
        })
    }

    /// Whether the last row was pushed at the offset `addr` (the program
    /// counter `pc`, in the memory `mem`), assembled with `listed`, for a
    /// line of `file`: what [`Rows::push`] keeps of a row without bytes
    /// pushed there again (not known after a row was dropped).
    pub fn last_row_at(
        &self,
        addr: u32,
        pc: u32,
        mem: crate::output::MemId,
        listed: crate::opcodes::Listed,
        file: FileId,
    ) -> bool {
        let key = RunKey {
            listed,
            mem,
            apart: pc.wrapping_sub(addr),
            file,
        };
        self.last_key == Some(key) && self.last_addr() == addr
    }

    /// The last row's offset (0 without rows).
    pub fn last_addr(&self) -> u32 {
        let len = self.list.last().map_or(0, |r| r.bytes_len() as usize);
        self.offsets.follow(self.end.saturating_sub(len))
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The line execution the last row comes from (the pass's line count
    /// given to [`NewRow::new`] or [`Rows::push_text`]), when known.
    pub fn last_from(&self) -> Option<u32> {
        (self.known > self.forgotten && !self.list.is_empty())
            .then(|| self.recent[(self.known - 1) % RECENT])
    }

    /// `row`, assembled with `listed`, with `bytes` and `text`; `place`
    /// says where the bytes are: the memory and where they start in its
    /// bytes, when they are its last ones (not copied then: see
    /// [`Rows::pieces`]); `None`: they are copied.
    pub fn push(
        &mut self,
        new: NewRow,
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        text: RowText,
        place: Option<(u32, u32)>,
    ) {
        self.start_row((new.addr, new.pc, new.mem), listed, new.file);
        let mut len = new.len;
        if matches!(new.tag, Tag::Code | Tag::Data) {
            len = bytes.len() as u32;
            self.put_bytes(place, bytes);
        }
        let text = self.text_place(new.file, text);
        self.add_row(new.tag, len, new.index, new.from, text);
    }

    /// [`Rows::push`] of a row without bytes whose text is a slice of its
    /// file's (not [`NO_FILE`]'s), given by its place there (`offset`,
    /// `len`): what `push` keeps of a `RowText::Source`.
    pub fn push_source_row(
        &mut self,
        new: NewRow,
        listed: crate::opcodes::Listed,
        (offset, len): (u32, u32),
    ) {
        debug_assert!(new.file != NO_FILE && !matches!(new.tag, Tag::Code | Tag::Data));
        self.start_row((new.addr, new.pc, new.mem), listed, new.file);
        self.add_row(new.tag, new.len, new.index, new.from, (offset, len, false));
    }

    /// What every pushed row starts with: its run's settings (the row at
    /// the offset `addr`, the program counter `pc`, in the memory `mem`,
    /// assembled with `listed`, of a line of `file`) checked against the
    /// last row's, and its address's offset kept.
    #[inline(always)]
    fn start_row(
        &mut self,
        (addr, pc, mem): (u32, u32, crate::output::MemId),
        listed: crate::opcodes::Listed,
        file: FileId,
    ) {
        let at = self.list.len();
        let key = RunKey {
            listed,
            mem,
            apart: pc.wrapping_sub(addr),
            file,
        };
        self.runs_for(at, key);
        self.offsets.push(at, addr, self.end);
    }

    /// A row of the bytes a line wrote (`code`: an instruction's, else
    /// data's), as [`Rows::push`] with a [`NewRow`] of them would push it:
    /// at the offset `addr` of the memory `mem`, the program counter `pc`,
    /// from the execution `from` of the line `index` of `file`, its text
    /// `text` (where it starts in the file's text, and its length). The
    /// way most rows come, without a row's parts made and read again.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn push_bytes(
        &mut self,
        code: bool,
        (addr, pc, mem): (u32, u32, crate::output::MemId),
        (from, file, index): (u32, FileId, u32),
        listed: crate::opcodes::Listed,
        bytes: &[u8],
        (offset, len): (u32, u32),
        place: Option<(u32, u32)>,
    ) {
        self.start_row((addr, pc, mem), listed, file);
        self.put_bytes(place, bytes);
        let tag = if code { Tag::Code } else { Tag::Data };
        self.add_row(tag, bytes.len() as u32, index, from, (offset, len, false));
    }

    /// Row `at` (the next one) is pushed with `key`'s settings: the runs
    /// are read only when they differ from the last row's.
    #[inline(always)]
    fn runs_for(&mut self, at: usize, key: RunKey) {
        if self.last_key != Some(key) {
            self.new_runs(at, key);
        }
    }

    /// [`Rows::runs_for`] with other settings than the last row's (or
    /// those not known): each run that changes starts one.
    #[inline(never)]
    fn new_runs(&mut self, at: usize, key: RunKey) {
        let packed = self.pack(key.listed);
        self.listed_runs.push(at, packed);
        self.mems.push(at, key.mem);
        self.pcs.push(at, key.apart);
        self.files.push(at, key.file);
        self.last_key = Some(key);
    }

    /// What pushing a row of the execution `from` and popping it again
    /// leaves: the rows as they were, the last executions' ring as the push
    /// left it (a row listed ahead and dropped before it was pushed).
    pub fn skip_row(&mut self, from: u32) {
        self.recent[self.known % RECENT] = from;
        self.forgotten = self.forgotten.max((self.known + 1).saturating_sub(RECENT));
    }

    /// A row that shows its source text alone (`--verbose-list`, from the
    /// execution `from` of the line `file`, `index`): no offset, program
    /// counter or processor settings are shown on it, so it adds no run
    /// (it reads the row's before it; its offset, never read, is where the
    /// row before ended), the cheaper for a row per line.
    pub fn push_text(&mut self, from: u32, line: (FileId, u32), text: RowText) {
        let (tag, len) = RowKind::Text.split();
        let (file, index) = line;
        // Only the file's run: the last row's settings stay known when it
        // is theirs.
        if self.last_key.is_some_and(|k| k.file != file) {
            self.last_key = None;
        }
        self.files.push(self.list.len(), file);
        let text = self.text_place(file, text);
        self.add_row(tag, len, index, from, text);
    }

    /// [`Rows::push_text`] of a `RowText::Source` of a file (not
    /// [`NO_FILE`]), given by its place in the file's text (`offset`, `len`).
    pub fn push_source_text(&mut self, from: u32, line: (FileId, u32), (offset, len): (u32, u32)) {
        let (tag, number) = RowKind::Text.split();
        let (file, index) = line;
        debug_assert_ne!(file, NO_FILE);
        if self.last_key.is_some_and(|k| k.file != file) {
            self.last_key = None;
        }
        self.files.push(self.list.len(), file);
        self.add_row(tag, number, index, from, (offset, len, false));
    }

    /// Where a row's text is kept: a slice of its line's file's text stays
    /// there, any other is copied into the rows' own text.
    #[inline(always)]
    fn text_place(&mut self, file: FileId, text: RowText) -> (u32, u32, bool) {
        match text {
            RowText::Source { offset, text } if file != NO_FILE => {
                (offset, text.len() as u32, false)
            }
            RowText::Source { text, .. } | RowText::Own(text) => self.own_text(text),
        }
    }

    /// The row (its file's run already pushed), its text (as
    /// [`Rows::text_place`] gives it) kept where [`Rows::text`] finds it.
    #[inline(always)]
    fn add_row(&mut self, tag: Tag, number: u32, index: u32, from: u32, text: (u32, u32, bool)) {
        if let Some(v) = &mut self.indices {
            v.push(index);
        }
        let i = self.list.len();
        let row = self.new_row(i, tag, number, text);
        self.list.push(row);
        self.recent[self.known % RECENT] = from;
        self.known += 1;
        self.forgotten = self.forgotten.max(self.known.saturating_sub(RECENT));
    }

    /// Row `i` (the next one) of `tag` with `number` and the text at `at`,
    /// `len` long (`own`: in the rows' own text): its text found from the
    /// text before, or kept in the table.
    #[inline(always)]
    fn new_row(
        &mut self,
        i: usize,
        tag: Tag,
        number: u32,
        (at, len, own): (u32, u32, bool),
    ) -> ListRow {
        let tag = tag.code() << TAG_SHIFT;
        if !own && len < LONG_TEXT && number <= NUMBER_MASK {
            let mut gap = at.wrapping_sub(self.cursor);
            let far_run = self
                .text_runs
                .last()
                .is_none_or(|&(r, _)| i as u32 - r >= TEXT_RUN_ROWS);
            if gap >= 1 << GAP_BITS || far_run {
                self.text_runs.push((i as u32, at));
                gap = 0;
            }
            self.cursor = at.wrapping_add(len);
            return ListRow {
                word: tag | len << LEN_SHIFT | gap << GAP_SHIFT | number,
            };
        }
        self.set_long(i, (at, len, own));
        ListRow {
            word: tag | Self::number_word(number),
        }
    }

    /// The number bits of a row whose text is in the table.
    fn number_word(n: u32) -> u32 {
        if n > NUMBER_MASK {
            FAR | n.min(FAR_MASK)
        } else {
            LONG_TEXT << LEN_SHIFT | n
        }
    }

    /// Row `i`'s text, kept in the table, is the text at `at`, `len` long
    /// (`own`: in the rows' own text).
    fn set_long(&mut self, i: usize, (at, len, own): (u32, u32, bool)) {
        let found = self.long.binary_search_by_key(&(i as u32), |&(r, _, _)| r);
        let kept = (i as u32, at, len.min(!LONG_OWN) | ((own as u32) * LONG_OWN));
        match found {
            Ok(k) => self.long[k] = kept,
            Err(k) => self.long.insert(k, kept),
        }
    }

    /// Where the text before row `i` ends, as [`Rows::text_runs`] counts
    /// (the rows from the run's first to `i` summed: at most
    /// [`TEXT_RUN_ROWS`]).
    fn text_end_before(&self, i: usize) -> u32 {
        let k = self.text_runs.partition_point(|&(r, _)| r as usize <= i);
        let Some(&(first, end)) = k.checked_sub(1).map(|k| &self.text_runs[k]) else {
            return 0;
        };
        let rows = self.list.get(first as usize..i).unwrap_or(&[]);
        rows.iter()
            .filter(|r| r.chained())
            .fold(end, |end, r| r.end_after(end))
    }

    /// Row `i`'s text is kept in the table from now on (`text`, as for
    /// [`Rows::set_long`]); the rows after it still find theirs.
    fn make_long(&mut self, i: usize, text: (u32, u32, bool)) {
        let Some(mut row) = self.list.get(i).cloned() else {
            return;
        };
        if row.chained() {
            let before = self.text_end_before(i);
            if i + 1 < self.list.len() {
                // The rows after it counted from its text's end.
                let k = self
                    .text_runs
                    .partition_point(|&(r, _)| r as usize <= i + 1);
                if k == 0 || self.text_runs[k - 1].0 as usize != i + 1 {
                    self.text_runs
                        .insert(k, ((i + 1) as u32, row.end_after(before)));
                }
            } else {
                self.cursor = before;
            }
            row.word = (row.word & (15 << TAG_SHIFT)) | Self::number_word(row.number());
            self.list[i] = row;
        }
        self.set_long(i, text);
    }

    /// Row `i` has the number `n` (its bytes' count, or its kind's
    /// number). One too large for the number bits moves the row's text
    /// to the table (where it stays).
    fn set_number(&mut self, i: usize, n: u32) {
        let Some(row) = self.list.get(i).cloned() else {
            return;
        };
        if row.chained() {
            if n <= NUMBER_MASK {
                self.list[i].word = (row.word & !NUMBER_MASK) | n;
                return;
            }
            let text = self.text_of(i, &row);
            self.make_long(i, text);
        }
        let row = &mut self.list[i];
        row.word = (row.word & (15 << TAG_SHIFT)) | Self::number_word(n);
    }

    /// The row at `i` shows `kind` instead (a label's row its value): a row
    /// of bytes keeps its kind.
    pub(crate) fn set_kind(&mut self, i: usize, kind: RowKind) {
        let Some(row) = self.list.get_mut(i) else {
            return;
        };
        if !row.has_bytes() {
            let (tag, n) = kind.split();
            row.set_tag(tag);
            self.set_number(i, n);
        }
    }

    /// `text` kept in the rows' text: where it is, its length, and that it
    /// is there.
    fn own_text(&mut self, text: &str) -> (u32, u32, bool) {
        let at = self.text.len() as u32;
        self.text.push_str(text);
        (at, text.len() as u32, true)
    }

    /// The last row goes (its bytes, and its text when it is the last).
    pub fn pop(&mut self) {
        if let Some(r) = self.list.pop() {
            let row = self.list.len() as u32;
            // A row's bytes follow the rows' before it: the last row's are last.
            if r.bytes_len() > 0 {
                self.cut(self.end.saturating_sub(r.bytes_len() as usize));
            }
            if !r.chained() {
                let (at, len, own) = self.text_of(row as usize, &r);
                if own && at as usize + len as usize == self.text.len() {
                    self.text.truncate(at as usize);
                }
                if self.long.last().is_some_and(|&(i, _, _)| i == row) {
                    self.long.pop();
                }
            }
            let runs = self.text_runs.len();
            while self.text_runs.last().is_some_and(|&(i, _)| i >= row) {
                self.text_runs.pop();
            }
            if self.text_runs.len() != runs {
                self.cursor = self.text_end_before(row as usize);
            } else if r.chained() {
                self.cursor = self.cursor.wrapping_sub(r.gap() + r.text_len());
            }
            if let Some(v) = &mut self.indices {
                v.truncate(self.list.len());
            }
            self.last_key = None;
            self.listed_runs.truncate(self.list.len());
            self.mems.truncate(self.list.len());
            self.pcs.truncate(self.list.len());
            self.files.truncate(self.list.len());
            self.offsets.truncate(self.list.len());
            self.known = self.known.saturating_sub(1);
        }
    }

    /// More bytes on the end of the last row's (which are the last bytes),
    /// `place` as for [`Rows::push`]; `memory` gives a memory's bytes
    /// (read when the row's and these are not in one place: then the row's
    /// bytes are copied into the rows' own, and these after them).
    pub fn extend_last<'m>(
        &mut self,
        bytes: &[u8],
        place: Option<(u32, u32)>,
        memory: impl Fn(u32) -> &'m [u8],
    ) {
        let Some(r) = self.list.last().filter(|r| r.has_bytes()).cloned() else {
            return;
        };
        let i = self.list.len() - 1;
        let n = r.number() + bytes.len() as u32;
        self.set_number(i, n);
        let len = n as usize - bytes.len();
        let (mem, from) = place.unwrap_or((OWN, self.bytes.len() as u32));
        if len > 0 && !bytes.is_empty() && !self.follows(mem, from) {
            let start = self.end - len;
            let old = self.copy_of(start, len, memory);
            self.cut(start);
            self.put_bytes(None, &old);
            self.put_bytes(None, bytes);
        } else {
            self.put_bytes(place, bytes);
        }
    }

    /// Whether bytes from `from` on in memory `mem` ([`OWN`]: the rows'
    /// own) follow the last piece's.
    #[inline]
    fn follows(&self, mem: u32, from: u32) -> bool {
        self.next == Some((mem, from))
    }

    /// [`Rows::next`] found again from the last piece.
    fn reach(&mut self) {
        let end = self.end as u32;
        self.next = self
            .pieces
            .last()
            .map(|p| (p.mem, p.from.wrapping_add(end.wrapping_sub(p.at))));
    }

    /// `bytes` after the rows' bytes: where they are (see
    /// [`Rows::push`]), or copied into the rows' own.
    #[inline]
    fn put_bytes(&mut self, place: Option<(u32, u32)>, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let (mem, from) = match place {
            Some(place) => place,
            None => {
                let from = self.bytes.len() as u32;
                self.bytes.extend_from_slice(bytes);
                (OWN, from)
            }
        };
        if !self.follows(mem, from) {
            let at = self.end as u32;
            self.pieces.push(Piece { at, mem, from });
        }
        self.next = Some((mem, from.wrapping_add(bytes.len() as u32)));
        self.end += bytes.len();
    }

    /// The rows' bytes from `at` on are gone.
    fn cut(&mut self, at: usize) {
        while self.pieces.last().is_some_and(|p| p.at as usize >= at) {
            self.pieces.pop();
        }
        if let Some(p) = self.pieces.last()
            && p.mem == OWN
        {
            self.bytes.truncate(p.from as usize + (at - p.at as usize));
        } else if self.pieces.is_empty() {
            self.bytes.clear();
        }
        self.end = at;
        self.reach();
    }

    /// A copy of the rows' bytes from `at`, `len` of them (in one piece).
    fn copy_of<'m>(&self, at: usize, len: usize, memory: impl Fn(u32) -> &'m [u8]) -> Vec<u8> {
        let Some(p) = self.pieces.iter().rev().find(|p| p.at as usize <= at) else {
            return Vec::new();
        };
        let source = if p.mem == OWN {
            &self.bytes[..]
        } else {
            memory(p.mem)
        };
        slice_of(source, p, at, len).to_vec()
    }

    /// The memories' bytes, now that the run has ended (the rows' bytes that
    /// are theirs are read from there).
    pub fn take_memories(&mut self, memories: Vec<Vec<u8>>) {
        self.memories = memories;
    }

    /// The rows' bytes that are the memories' are copied into their own:
    /// the memories are about to be emptied (the definitions' bytes, which
    /// are not output, before the input's are written).
    pub fn own_bytes<'m>(&mut self, memory: impl Fn(u32) -> &'m [u8]) {
        for i in 0..self.pieces.len() {
            let p = self.pieces[i];
            if p.mem == OWN {
                continue;
            }
            let end = self.pieces.get(i + 1).map_or(self.end, |n| n.at as usize);
            let from = self.bytes.len() as u32;
            let len = end - p.at as usize;
            self.bytes
                .extend_from_slice(slice_of(memory(p.mem), &p, p.at as usize, len));
            self.pieces[i] = Piece {
                mem: OWN,
                from,
                ..p
            };
        }
        self.reach();
    }

    /// Row `i`'s text becomes `text`.
    pub fn set_text(&mut self, i: usize, text: &str) {
        if i < self.list.len() {
            let own = self.own_text(text);
            self.make_long(i, own);
        }
    }

    /// The rows in order, each with its offset and bytes.
    pub fn with_bytes(&self) -> impl Iterator<Item = (&ListRow, u32, &[u8])> {
        let mut walk = PieceWalk {
            rows: self,
            next: 0,
            limit: self.pieces.first().map_or(usize::MAX, |p| p.at as usize),
            at: 0,
            source: &[],
        };
        self.in_order().map(move |(r, addr, at)| {
            let len = r.bytes_len() as usize;
            (r, addr, if len == 0 { &[] } else { walk.bytes(at, len) })
        })
    }

    /// [`Rows::with_bytes`], each row also with where its text is, its
    /// length and whether it is in the rows' own text (found from the
    /// text before as the rows are walked: no search per row).
    pub fn with_bytes_and_texts(
        &self,
    ) -> impl Iterator<Item = (&ListRow, u32, &[u8], (u32, u32, bool))> {
        let runs = &self.text_runs;
        let (mut run, mut end) = (0, 0u32);
        let mut next_run = runs.first().map_or(u32::MAX, |r| r.0);
        self.with_bytes()
            .enumerate()
            .map(move |(i, (r, addr, bytes))| {
                if i as u32 == next_run {
                    end = runs[run].1;
                    run += 1;
                    next_run = runs.get(run).map_or(u32::MAX, |r| r.0);
                }
                let text = if r.chained() {
                    let at = end.wrapping_add(r.gap());
                    end = at.wrapping_add(r.text_len());
                    (at, r.text_len(), false)
                } else {
                    self.text_of(i, r)
                };
                (r, addr, bytes, text)
            })
    }

    /// The rows in order, each with its offset and where its bytes start.
    #[inline]
    fn in_order(&self) -> impl Iterator<Item = (&ListRow, u32, usize)> {
        let (mut at, mut offsets) = (0, self.offsets.walk());
        self.list.iter().enumerate().map(move |(i, r)| {
            let start = at;
            at += r.bytes_len() as usize;
            (r, offsets.at(i, start), start)
        })
    }

    /// Where row `i`'s (`r`'s) text is, its length, and whether it is in
    /// the rows' own text.
    #[inline]
    fn text_of(&self, i: usize, r: &ListRow) -> (u32, u32, bool) {
        let len = r.text_len();
        if len != LONG_TEXT {
            let at = self.text_end_before(i).wrapping_add(r.gap());
            return (at, len, false);
        }
        let found = self.long.binary_search_by_key(&(i as u32), |&(r, _, _)| r);
        found.map_or((0, 0, false), |k| {
            let (_, at, len) = self.long[k];
            (at, len & !LONG_OWN, len & LONG_OWN != 0)
        })
    }

    /// Row `i`'s line's file ([`NO_FILE`]: none), searched in its runs
    /// (rows read in order walk them instead: [`Rows::files`]).
    fn file(&self, i: usize) -> FileId {
        let runs = &self.files.0;
        let n = runs.partition_point(|&(at, _)| at as usize <= i);
        n.checked_sub(1).map_or(NO_FILE, |k| runs[k].1)
    }

    /// Row `i`'s source text (`sources`: the texts it may be a slice of).
    pub fn text<'a>(&'a self, i: usize, sources: &'a crate::source::SourceMap) -> &'a str {
        match self.list.get(i) {
            Some(r) => self.text_in(i, r, self.file(i), sources),
            None => "",
        }
    }

    /// Row `i`'s (`r`'s, of the line's file `file`) source text.
    #[inline(always)]
    fn text_in<'a>(
        &'a self,
        i: usize,
        r: &ListRow,
        file: FileId,
        sources: &'a crate::source::SourceMap,
    ) -> &'a str {
        let file_text = sources.try_get(file).map_or("", |f| f.text());
        self.text_from(self.text_of(i, r), file_text)
    }

    /// Row `i`'s (`r`'s) source text, its line's file's text being
    /// `file_text` (the listing's writer keeps that while the rows' file
    /// stays the same).
    #[inline(always)]
    fn text_from<'a>(&'a self, (at, len, own): (u32, u32, bool), file_text: &'a str) -> &'a str {
        let range = at as usize..at as usize + len as usize;
        let text = match own {
            false => file_text.get(range),
            true => self.text.get(range),
        };
        text.unwrap_or_default()
    }

    /// The file and line index row `i`'s line (of the file `file`) was
    /// written in (a macro's line: in the macro's body), for
    /// `--line-numbers` (none when the rows keep no indices).
    fn line(
        &self,
        i: usize,
        file: FileId,
        sources: &crate::source::SourceMap,
    ) -> Option<(FileId, u32)> {
        let index = *self.indices.as_ref()?.get(i)?;
        (file != NO_FILE).then(|| sources.origin(file, index))
    }

    /// How many bytes row `r` has.
    pub fn len_of(r: &ListRow) -> u32 {
        r.bytes_len()
    }
}

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
pub(crate) use render::{render_to, shell_quoted};

/// The listing's text (`head`: its comment lines before the column titles).
pub(crate) fn render(p: &Program, columns: ListingColumns, head: &str) -> String {
    let mut out = Vec::new();
    // Writing into a `Vec` cannot fail.
    let _ = render_to(p, columns, head, &mut out);
    // Made of UTF-8 texts and ASCII.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::{NO_FILE, NewRow, RowKind, RowText, Rows, Runs};

    /// The processor settings of every row here.
    fn listed() -> crate::opcodes::Listed {
        crate::opcodes::Listed {
            cpu: crate::cpu::Cpu::default(),
            dpage: 0,
            databank: 0,
            wide: false,
        }
    }

    /// A row's line index is kept only by rows made for line numbers, and
    /// follows the rows as they are dropped and cleared.
    #[test]
    fn rows_keep_line_indices_only_for_line_numbers() {
        let mut sources = crate::source::SourceMap::default();
        let file = sources.add("a.asm".into(), None, "a\nb\nc\nd\n".into());
        for numbered in [false, true] {
            let mut rows = Rows::new(numbered);
            for round in 0..2 {
                for k in 0..4u32 {
                    let row = NewRow::new(RowKind::Label, (k, k, 0), k, Some((file, k)));
                    rows.push(row, listed(), &[], RowText::Own("x"), None);
                }
                rows.pop();
                for i in 0..rows.len() {
                    let line = rows.line(i, rows.file(i), &sources);
                    assert_eq!(line, numbered.then_some((file, i as u32)), "row {i}");
                }
                assert_eq!(rows.line(3, file, &sources), None);
                if round == 0 {
                    rows.clear();
                }
            }
        }
    }

    /// A row's kind, texts (a slice of its file's text or its own), and
    /// the line execution of the last row come back as given, also after
    /// rows are dropped from the end (more than [`super::RECENT`] of them:
    /// then the last row's execution is no longer known), and a row's text
    /// changed later.
    #[test]
    fn rows_keep_kinds_texts_and_the_last_rows_executions() {
        let mut sources = crate::source::SourceMap::default();
        let text = "lab  lda #1  \n  .byte 2\n";
        let file = sources.add("a.asm".into(), None, text.into());
        let listed = listed();
        let mut rows = Rows::default();
        let kinds = [
            RowKind::Code,
            RowKind::Data,
            RowKind::Label,
            RowKind::Value(3),
        ];
        let mut expected = Vec::new();
        for k in 0..40u32 {
            let kind = kinds[k as usize % kinds.len()];
            let bytes: &[u8] = match kind {
                RowKind::Code | RowKind::Data => &[0xa9, k as u8],
                _ => &[],
            };
            let own = format!("row {k}");
            let (shown, row_text) = match k % 3 {
                0 => (
                    "lab  lda #1",
                    RowText::Source {
                        offset: 0,
                        text: &text[0..11],
                    },
                ),
                1 => (
                    "lab",
                    RowText::Source {
                        offset: 0,
                        text: &text[0..3],
                    },
                ),
                _ => (own.as_str(), RowText::Own(&own)),
            };
            let row = NewRow::new(kind, (0x1000 + k, 0x1000 + k, 0), 100 + k, Some((file, 0)));
            rows.push(row, listed, bytes, row_text, None);
            assert_eq!(rows.last_from(), Some(100 + k));
            expected.push((kind, shown.to_string()));
        }
        rows.push_text(
            7,
            (file, 1),
            RowText::Source {
                offset: 14,
                text: &text[14..21],
            },
        );
        expected.push((RowKind::Text, "  .byte".into()));
        rows.set_text(5, "changed");
        expected[5].1 = "changed".into();
        for (i, (kind, shown)) in expected.iter().enumerate() {
            assert_eq!(rows.rows()[i].kind(), *kind, "row {i}");
            assert_eq!(rows.text(i, &sources), shown, "row {i}");
        }
        // Dropped one by one: the last rows' executions are known again.
        assert_eq!(rows.last_from(), Some(7));
        // The text row and 6 more go: the last 8 rows pushed were known.
        for last in (33..40u32).rev() {
            rows.pop();
            assert_eq!(rows.last_from(), Some(100 + last), "row {last} last");
        }
        rows.pop();
        assert_eq!(rows.last_from(), None, "more dropped than kept");
        assert_eq!(rows.len(), 33);
        assert_eq!(rows.text(32, &sources), "row 32");
        // A row pushed again is known again.
        let row = NewRow::new(RowKind::Label, (0, 0, 0), 9, Some((file, 0)));
        rows.push(row, listed, &[], RowText::Own("x"), None);
        assert_eq!((rows.last_from(), rows.text(33, &sources)), (Some(9), "x"));
    }

    /// A number too large for a row's number bits (64 KiB of bytes on one
    /// row, a file or value place beyond 255) is kept in the row's word
    /// and its text aside, both found again, and gone with the row.
    #[test]
    fn far_numbers_are_kept_in_the_row() {
        let sources = crate::source::SourceMap::default();
        let mut rows = Rows::default();
        let big = vec![7u8; 70_000];
        let row = NewRow::new(RowKind::Data, (0, 0, 0), 0, None);
        rows.push(row, listed(), &big[..65_000], RowText::Own("a"), None);
        rows.extend_last(&big[65_000..], None, |_| &[]);
        let row = NewRow::new(RowKind::Label, (1, 1, 0), 1, None);
        rows.push(row, listed(), &[], RowText::Own("bc"), None);
        rows.set_kind(1, RowKind::Value(100_000));
        let row = NewRow::new(RowKind::Return(70_001), (2, 2, 0), 2, None);
        rows.push(row, listed(), &[], RowText::Own("def"), None);
        assert_eq!(Rows::len_of(&rows.rows()[0]), 70_000);
        assert_eq!(rows.rows()[1].kind(), RowKind::Value(100_000));
        assert_eq!(rows.rows()[2].kind(), RowKind::Return(70_001));
        let texts: Vec<_> = (0..3).map(|i| rows.text(i, &sources)).collect();
        assert_eq!(texts, ["a", "bc", "def"]);
        assert_eq!(rows.long.len(), 3);
        let lens: Vec<_> = rows.with_bytes().map(|(_, _, b)| b.len()).collect();
        assert_eq!(lens, [70_000, 0, 0]);
        // A small number again: the text stays aside, still found.
        rows.set_kind(1, RowKind::Value(3));
        assert_eq!(rows.rows()[1].kind(), RowKind::Value(3));
        assert_eq!(rows.text(1, &sources), "bc");
        rows.set_text(1, "gh");
        assert_eq!((rows.text(1, &sources), rows.long.len()), ("gh", 3));
        rows.pop();
        assert_eq!(rows.long.len(), 2);
        rows.pop();
        rows.pop();
        assert!(rows.long.is_empty() && rows.bytes.is_empty());
    }

    /// A text too long for a row's word (a macro's line of 128 MiB or more,
    /// too large to make here: its place and length given as such) is kept
    /// aside by row, found again, replaced, and gone with its row.
    #[test]
    fn long_texts_are_kept_aside() {
        use super::LONG_TEXT;
        let mut rows = Rows::default();
        for k in 0..4u32 {
            let row = NewRow::new(RowKind::Label, (k, k, 0), k, None);
            rows.push(row, listed(), &[], RowText::Own("ab"), None);
        }
        let huge = LONG_TEXT + 5;
        for (i, own) in [(1, true), (3, false)] {
            rows.make_long(i, (7, huge, own));
        }
        // Texts of the rows' own are all kept aside.
        assert_eq!(rows.long.len(), 4);
        assert_eq!(rows.text_of(1, &rows.list[1]), (7, huge, true));
        assert_eq!(rows.text_of(3, &rows.list[3]), (7, huge, false));
        assert_eq!(rows.text_of(2, &rows.list[2]), (4, 2, true));
        assert_eq!(rows.rows()[3].kind(), RowKind::Label);
        assert_eq!(rows.file(3), NO_FILE);
        // A short text again: replaced in its place.
        rows.set_text(1, "cd");
        assert_eq!(rows.long.len(), 4);
        let sources = crate::source::SourceMap::default();
        assert_eq!(rows.text(1, &sources), "cd");
        rows.pop();
        assert_eq!(rows.long.len(), 3);
        assert_eq!(rows.text(2, &sources), "ab");
    }

    /// Rows whose texts are their file's lines find them from the text
    /// before (gaps that fit the word and gaps that start a run, across
    /// files, a run every [`super::TEXT_RUN_ROWS`] rows), in order and out
    /// of order, after a row's text is made its own or moved aside by a
    /// far number in the middle and at the end, and after rows are dropped
    /// past a run's first row.
    #[test]
    fn source_texts_are_found_from_the_text_before() {
        let mut sources = crate::source::SourceMap::default();
        let mut text = String::new();
        let mut lines = Vec::new();
        for k in 0..900usize {
            let start = text.len();
            text.push_str(&format!("l{k} nop"));
            lines.push((start, text.len()));
            // Lines between rows: none, a few, more than a gap holds.
            let skipped = [0, 1, 3, 40][k % 4];
            text.push('\n');
            for _ in 0..skipped {
                text.push_str(";;;;;;;\n");
            }
        }
        let other_text = "x1\nx2 lda #3\n";
        let a = sources.add("a.asm".into(), None, text.clone());
        let b = sources.add("b.asm".into(), None, other_text.into());
        let mut rows = Rows::default();
        let mut expected: Vec<String> = Vec::new();
        for (k, &place) in lines.iter().enumerate() {
            let (file, whole, (start, end)) = if k % 50 == 49 {
                (b, other_text, (3, 12))
            } else {
                (a, text.as_str(), place)
            };
            let kind = if k == 500 {
                RowKind::Label
            } else {
                RowKind::Code
            };
            let row = NewRow::new(kind, (k as u32, k as u32, 0), k as u32, Some((file, 0)));
            let t = RowText::Source {
                offset: start as u32,
                text: &whole[start..end],
            };
            let bytes: &[u8] = if k == 500 { &[] } else { &[0xea] };
            rows.push(row, listed(), bytes, t, None);
            expected.push(whole[start..end].into());
        }
        assert!(
            rows.text_runs.len() > 900 / 256,
            "runs at gaps and by count"
        );
        // A text of its own and a far number in the middle, and at the end.
        rows.set_text(300, "own");
        expected[300] = "own".into();
        rows.set_kind(500, RowKind::Value(1000));
        assert_eq!(rows.rows()[500].kind(), RowKind::Value(1000));
        rows.set_text(899, "last");
        expected[899] = "last".into();
        let row = NewRow::new(RowKind::Code, (0, 0, 0), 900, Some((a, 0)));
        let (start, end) = lines[0];
        rows.push(
            row,
            listed(),
            &[1],
            RowText::Source {
                offset: start as u32,
                text: &text[start..end],
            },
            None,
        );
        expected.push(text[start..end].into());
        assert_eq!(Rows::len_of(&rows.rows()[899]), 1);
        assert_eq!(Rows::len_of(&rows.rows()[900]), 1);
        let check = |rows: &Rows, expected: &[String]| {
            assert_eq!(rows.len(), expected.len());
            for (i, e) in expected.iter().enumerate() {
                assert_eq!(rows.text(i, &sources), e, "row {i}");
            }
            let mut files = rows.files.walk();
            for (i, (_, _, _, text)) in rows.with_bytes_and_texts().enumerate() {
                let file = sources.get(files.at(i)).text();
                assert_eq!(rows.text_from(text, file), expected[i], "row {i} in order");
            }
        };
        check(&rows, &expected);
        // The last row's bytes grown past the number bits: its text aside.
        rows.extend_last(&[2; 300], None, |_| &[]);
        assert_eq!(Rows::len_of(&rows.rows()[900]), 301);
        check(&rows, &expected);
        // Dropped back past runs' first rows, and pushed again.
        for _ in 0..400 {
            rows.pop();
            expected.pop();
        }
        check(&rows, &expected);
        for (k, &(start, end)) in lines.iter().enumerate().skip(501) {
            let row = NewRow::new(RowKind::Code, (0, 0, 0), k as u32, Some((a, 0)));
            rows.push(
                row,
                listed(),
                &[0xea],
                RowText::Source {
                    offset: start as u32,
                    text: &text[start..end],
                },
                None,
            );
            expected.push(text[start..end].into());
        }
        check(&rows, &expected);
    }

    /// Values kept one after another in one text: each is read back with
    /// the room it needs, the empty one too, also after the rows are cleared.
    #[test]
    fn values_are_kept_in_one_text() {
        let mut rows = Rows::new(false);
        let shown = [
            ("$fb", 3),
            ("", 0),
            ("\"str\"", 5),
            ("[1,2]", 9),
            ("$0801", 5),
        ];
        for (i, &(v, need)) in shown.iter().enumerate() {
            assert_eq!(rows.add_value((v.to_string(), need)), i as u32);
        }
        for (i, &(v, need)) in shown.iter().enumerate() {
            assert_eq!(rows.value(i as u32), (v, need), "value {i}");
        }
        assert_eq!(rows.value(shown.len() as u32), ("", 0), "no such value");
        rows.clear();
        assert_eq!(rows.add_value(("%101".to_string(), 4)), 0);
        assert_eq!(rows.value(0), ("%101", 4));
    }

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
    /// Rows' bytes read from the memories they were written to: a piece per
    /// run of bytes in one place, a row whose parts are in two places copied
    /// into the rows' own, and every row's bytes read back as given, before
    /// and after the memories' bytes are copied in (`own_bytes`).
    #[test]
    fn bytes_are_read_from_their_memories() {
        // Two memories as the output appends to them, and the rows' bytes
        // as they were given: (memory, bytes, placed, joined to the row before).
        let made: [(u32, &[u8], bool, bool); 10] = [
            (0, &[0xa9, 1], true, false),
            (0, &[0xea], true, false),
            // Another memory, then back: a piece each.
            (1, &[1, 2, 3], true, false),
            (0, &[0x60], true, false),
            // A line's bytes in parts, in one place, then in two (a write
            // of another memory between): the row's bytes are copied.
            (1, &[4], true, false),
            (1, &[5, 6], true, true),
            (0, &[7], true, false),
            (1, &[8], true, true),
            // Bytes without their place (copied), and a placed row after.
            (0, &[9, 9], false, false),
            (0, &[10], true, false),
        ];
        let mut memories: Vec<Vec<u8>> = vec![Vec::new(), Vec::new()];
        let mut expected: Vec<Vec<u8>> = Vec::new();
        let mut rows = Rows::default();
        for (k, &(mem, bytes, placed, joined)) in made.iter().enumerate() {
            let from = memories[mem as usize].len() as u32;
            memories[mem as usize].extend_from_slice(bytes);
            let place = placed.then_some((mem, from));
            if joined {
                let m = &memories;
                rows.extend_last(bytes, place, |i| &m[i as usize]);
                expected.last_mut().unwrap().extend_from_slice(bytes);
            } else {
                let row = NewRow::new(RowKind::Data, (0x1000, 0x1000, mem), k as u32, None);
                rows.push(row, listed(), bytes, RowText::Own(""), place);
                expected.push(bytes.to_vec());
            }
        }
        // The row whose parts are in two places is copied, and the row
        // without its place after it.
        let owned: &[u8] = &[7, 8, 9, 9];
        assert_eq!(rows.bytes, owned);
        let pieces = |rows: &Rows| {
            rows.pieces
                .iter()
                .map(|p| (p.at, p.mem))
                .collect::<Vec<_>>()
        };
        let own = super::OWN;
        let placed = [(0, 0), (3, 1), (6, 0), (7, 1), (10, own), (14, 0)];
        assert_eq!(pieces(&rows), placed);
        // Before the memories are given, what is theirs reads as nothing.
        let read = |rows: &Rows| {
            rows.with_bytes()
                .map(|(_, _, b)| b.to_vec())
                .collect::<Vec<_>>()
        };
        assert_eq!(read(&rows)[5..7], [vec![7, 8], vec![9, 9]]);
        assert!(read(&rows)[0].is_empty());
        let (mut kept, given) = (rows.clone(), memories.clone());
        rows.take_memories(memories);
        assert_eq!(read(&rows), expected);
        // Rows dropped: their pieces and own bytes go.
        rows.pop();
        rows.pop();
        assert_eq!(pieces(&rows), placed[..5]);
        assert_eq!(rows.bytes, [7, 8]);
        assert_eq!(read(&rows), expected[..6]);
        // Copied into their own before the memories are emptied.
        kept.own_bytes(|i| &given[i as usize]);
        assert!(kept.pieces.iter().all(|p| p.mem == own));
        assert_eq!(read(&kept), expected);
    }

    /// Whether no row needs a program counter column is told from the
    /// offsets' and program counters' runs as the rows themselves tell it.
    #[test]
    fn plain_offsets_are_told_from_the_runs() {
        // (offset, program counter, bytes); each list's rows pushed in order.
        type Made = (u32, u32, &'static [u8]);
        let plain = |made: &[Made]| {
            let mut rows = Rows::default();
            for (k, &(addr, pc, bytes)) in made.iter().enumerate() {
                let kind = if bytes.is_empty() {
                    RowKind::Label
                } else {
                    RowKind::Data
                };
                let row = NewRow::new(kind, (addr, pc, 0), k as u32, None);
                rows.push(row, listed(), bytes, RowText::Own(""), None);
            }
            // What the runs tell is what the rows themselves tell.
            let mut pcs = rows.pcs.walk();
            let walked = rows.in_order().enumerate().all(|(i, (r, addr, _))| {
                pcs.at(i) == 0 && addr as u64 + Rows::len_of(r) as u64 <= 0xffff
            });
            assert_eq!(rows.plain_offsets(), walked, "{made:x?}");
            walked
        };
        assert!(plain(&[]));
        assert!(plain(&[
            (0x1000, 0x1000, &[1, 2]),
            (0x1002, 0x1002, &[3]),
            (0x1003, 0x1003, &[])
        ]));
        // A gap, a row before the one before, the last byte at $fffe.
        assert!(plain(&[
            (0x1000, 0x1000, &[1]),
            (0x0800, 0x0800, &[2]),
            (0xfffc, 0xfffc, &[1, 2, 3])
        ]));
        // Ending at 64 KiB, past it, and a row run elsewhere (`.logical`).
        assert!(!plain(&[(0x1000, 0x1000, &[1]), (0xfffe, 0xfffe, &[1, 2])]));
        assert!(!plain(&[(0x1_0000, 0x1_0000, &[1])]));
        assert!(!plain(&[(0x1000, 0x1000, &[1]), (0x1001, 0xc000, &[2])]));
        assert!(!plain(&[(0xffff_ffff, 0xffff_ffff, &[1, 2])]));
    }

    /// Rows' offsets by runs: a row that starts where the row before ended
    /// (a label or value row after bytes, an instruction after an
    /// instruction, across the wrap of offsets) adds no run, a gap or a
    /// jump back adds one; each row reads its offset back in order, after
    /// rows are dropped, a row's bytes grown, rows of text pushed (at the
    /// end of the row before) and a relocation that moves one memory's rows.
    #[test]
    fn offsets_are_kept_by_runs() {
        use super::Offsets;
        // (kind, offset, memory, bytes)
        let made: [(RowKind, u32, u32, &[u8]); 9] = [
            (RowKind::Label, 0x1000, 0, &[]),
            (RowKind::Code, 0x1000, 0, &[0xa9, 0]),
            (RowKind::Code, 0x1002, 0, &[0xea]),
            (RowKind::Value(0), 0x1003, 0, &[]),
            (RowKind::Data, 0x1003, 0, &[1, 2, 3]),
            // A gap (`.fill 5` with no bytes before it), then a jump.
            (RowKind::Data, 0x100b, 1, &[4]),
            (RowKind::Code, 0xffff_fffe, 1, &[0x60, 0]),
            // Across the end of the offsets.
            (RowKind::Data, 0, 1, &[5, 6, 7, 8]),
            (RowKind::Label, 4, 1, &[]),
        ];
        let mut rows = Rows::default();
        for (k, &(kind, addr, mem, bytes)) in made.iter().enumerate() {
            let row = NewRow::new(kind, (addr, addr, mem), k as u32, None);
            rows.push(row, listed(), bytes, RowText::Own(""), None);
            assert_eq!(rows.last_addr(), addr, "row {k} last");
        }
        let runs = |rows: &Rows| rows.offsets.0.iter().map(|r| r.0).collect::<Vec<_>>();
        assert_eq!(runs(&rows), [0, 5, 6]);
        let offsets = |rows: &Rows| rows.with_bytes().map(|(_, a, _)| a).collect::<Vec<_>>();
        let expected: Vec<u32> = made.iter().map(|m| m.1).collect();
        assert_eq!(offsets(&rows), expected);
        // A row's bytes grown: the rows after it follow its end.
        rows.pop();
        rows.extend_last(&[9, 9], None, |_| &[]);
        rows.push_text(20, (NO_FILE, 0), RowText::Own(";"));
        let row = NewRow::new(RowKind::Label, (6, 6, 1), 21, None);
        rows.push(row, listed(), &[], RowText::Own(""), None);
        assert_eq!(runs(&rows), [0, 5, 6]);
        let mut expected: Vec<u32> = expected[..8].to_vec();
        expected.extend([6, 6]);
        assert_eq!(offsets(&rows), expected);
        // Dropped back into the first run, and a row that does not follow.
        while rows.len() > 3 {
            rows.pop();
        }
        assert_eq!((runs(&rows), rows.last_addr()), (vec![0], 0x1002));
        let row = NewRow::new(RowKind::Code, (0x2000, 0x2000, 1), 30, None);
        rows.push(row, listed(), &[0xea], RowText::Own(""), None);
        assert_eq!(runs(&rows), [0, 3]);
        assert_eq!(offsets(&rows), [0x1000, 0x1000, 0x1002, 0x2000]);
        // Memory 1's rows move up by $100; their program counters stay.
        rows.relocate(&[1], 0x100, 0xffff);
        assert_eq!(offsets(&rows), [0x1000, 0x1000, 0x1002, 0x2100]);
        let mut pcs = rows.pcs.walk();
        let pcs: Vec<u32> = rows
            .with_bytes()
            .enumerate()
            .map(|(i, (_, a, _))| a.wrapping_add(pcs.at(i)))
            .collect();
        assert_eq!(pcs, [0x1000, 0x1000, 0x1002, 0x2000]);
        rows.clear();
        assert!(rows.offsets.0.is_empty());
        assert_eq!(Offsets::default().follow(0), 0);
    }

    /// A row of bytes pushed by [`Rows::push_bytes`] is the row
    /// [`Rows::push`] makes of the same: rows, runs (settings, memories,
    /// program counters, files, offsets) and texts alike, with rows of
    /// other kinds and files, text rows, rows dropped and moved between
    /// them (the last row's settings known, then not).
    #[test]
    fn rows_of_bytes_pushed_in_one_call_are_those_push_makes() {
        let mut sources = crate::source::SourceMap::default();
        let text = "  lda #1\n  nop\n  .byte 1, 2\n";
        let a = sources.add("a.asm".into(), None, text.into());
        let b = sources.add("b.asm".into(), None, text.into());
        let (mut by_push, mut by_bytes) = (Rows::new(true), Rows::new(true));
        let wide = crate::opcodes::Listed {
            wide: true,
            ..listed()
        };
        for k in 0..60u32 {
            let file = if k % 7 < 4 { a } else { b };
            let (start, len) = [(0, 8), (9, 5), (15, 12)][k as usize % 3];
            let bytes: &[u8] = &[0xa9, k as u8, 0][..1 + k as usize % 3];
            let code = k % 5 != 2;
            let settings = if k % 11 == 3 { wide } else { listed() };
            let (addr, pc, mem) = (0x1000 + 2 * k, 0x1000 + 2 * k + (k / 20), k / 30);
            let place = (k % 4 == 0).then_some((mem, k));
            let kind = if code { RowKind::Code } else { RowKind::Data };
            let row = NewRow::new(kind, (addr, pc, mem), k, Some((file, k)));
            let source = RowText::Source {
                offset: start,
                text: &text[start as usize..(start + len) as usize],
            };
            by_push.push(row, settings, bytes, source, place);
            let at = (k, file, k);
            by_bytes.push_bytes(
                code,
                (addr, pc, mem),
                at,
                settings,
                bytes,
                (start, len),
                place,
            );
            for rows in [&mut by_push, &mut by_bytes] {
                match k % 9 {
                    4 => rows.push_text(k, (b, k), RowText::Own("; text")),
                    5 => rows.push_text(k, (file, k), source),
                    6 => {
                        let row = NewRow::new(RowKind::Label, (addr, addr, 0), k, Some((a, k)));
                        rows.push(row, listed(), &[], source, None);
                    }
                    7 => rows.pop(),
                    _ => {}
                }
                if k == 40 {
                    rows.relocate(&[1], 0x100, 0xffff);
                }
            }
        }
        assert_eq!(format!("{by_bytes:?}"), format!("{by_push:?}"));
        let texts = |rows: &Rows| -> Vec<String> {
            (0..rows.len())
                .map(|i| rows.text(i, &sources).to_string())
                .collect()
        };
        assert_eq!(texts(&by_bytes), texts(&by_push));
        assert!(texts(&by_bytes).iter().any(|t| t == "  .byte 1, 2"));
    }

    /// Rows' files by runs: each row's text is read from its line's file,
    /// in order and by index, a row without a line has none.
    #[test]
    fn files_are_kept_by_runs() {
        let mut sources = crate::source::SourceMap::default();
        let a = sources.add("a.asm".into(), None, "aaa\n".into());
        let b = sources.add("b.asm".into(), None, "bbb\n".into());
        let mut rows = Rows::default();
        let lines = [Some(a), Some(a), Some(b), None, Some(b), Some(a)];
        for (k, &file) in lines.iter().enumerate() {
            let row = NewRow::new(RowKind::Label, (0, 0, 0), k as u32, file.map(|f| (f, 0)));
            let text = RowText::Source {
                offset: 1,
                text: "xx",
            };
            rows.push(row, listed(), &[], text, None);
        }
        assert_eq!(rows.files.0.len(), 5, "a run per change of file");
        let shown: Vec<_> = (0..rows.len()).map(|i| rows.text(i, &sources)).collect();
        assert_eq!(shown, ["aa", "aa", "bb", "xx", "bb", "aa"]);
        let mut walk = rows.files.walk();
        for (i, &file) in lines.iter().enumerate() {
            assert_eq!(walk.at(i), file.unwrap_or(NO_FILE), "row {i}");
        }
        rows.pop();
        rows.pop();
        assert_eq!((rows.files.0.len(), rows.file(2)), (3, b));
        assert_eq!(rows.file(3), NO_FILE);
    }
}
