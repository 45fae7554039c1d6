//! The texts an assembly run reads: source files (each read from disk once),
//! the command-line definitions and the text of macro expansions. Every text
//! is split into lines once; the assembler addresses lines by (file, index).

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use codespan_reporting::files::{Error as FilesError, Files};

/// Index of a text in the [`SourceMap`].
pub type FileId = u32;

/// A byte range inside one text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }
}

/// Where a macro expansion's lines come from, for "in expansion of" notes.
#[derive(Clone, Copy, Debug)]
pub struct Expansion {
    /// The macro's body: its defining file and the index of the first body line.
    pub body_file: FileId,
    pub body_line: u32,
}

pub struct SourceFile {
    /// Name shown in diagnostics: shared, a macro expansion's is its body
    /// file's (an expansion is a file of its own, one per call that differs,
    /// so it copies none).
    pub name: Arc<str>,
    /// Where the file was read from (relative includes resolve against it).
    pub path: Option<Box<Path>>,
    /// The decoded text: UTF-8, or one character per byte for raw 8-bit sources.
    /// (An `Arc<String>`, not an `Arc<str>`: the text read is kept where it
    /// was read, not copied; a large source's copy was its largest
    /// allocation, freed at once, which left the allocator keeping memory.)
    text: Arc<String>,
    /// Where lines start, found as they are read: see [`LineIndex`].
    lines: LineIndex,
    /// Set for macro expansions.
    pub expansion: Option<Expansion>,
    /// The text has a NUL byte somewhere (lines need checking for one).
    pub has_nul: bool,
    /// Columns count bytes of the decoded text, not characters (see
    /// [`SourceMap::raw_columns`]).
    raw_columns: bool,
    /// Every line ends with a lone LF (the text too, so its last line has
    /// one), no CR anywhere, no `#!` first line: a line's text is its
    /// length less one, without looking at its end.
    lf_only: bool,
}

impl SourceFile {
    fn new(name: Arc<str>, path: Option<PathBuf>, text: String) -> SourceFile {
        let (lines, cr) = LineIndex::new(text.as_bytes());
        let b = text.as_bytes();
        let lf_only = !cr && b.ends_with(b"\n") && !b.starts_with(b"#!");
        let has_nul = memchr::memchr(0, text.as_bytes()).is_some();
        SourceFile {
            has_nul,
            raw_columns: false,
            lf_only,
            name,
            path: path.map(PathBuf::into_boxed_path),
            text: Arc::new(text),
            lines,
            expansion: None,
        }
    }

    /// A text made line by line, each line's end (the offset after its
    /// LF) known: its line index made from those ends without reading the
    /// text for them. A text with a CR or a NUL (which [`SourceFile::new`]
    /// notes), or ends that are not its LFs', is read the general way.
    fn with_line_ends(name: Arc<str>, text: String, ends: &[u32]) -> SourceFile {
        let b = text.as_bytes();
        let plain = ends.last().is_some_and(|&e| e as usize == b.len())
            && memchr::memchr2(b'\r', 0, b).is_none();
        if !plain {
            return SourceFile::new(name, None, text);
        }
        let lines = LineIndex::of_line_ends(ends);
        debug_assert!({
            let (general, cr) = LineIndex::new(b);
            !cr && general.lens == lines.lens
                && general.long == lines.long
                && general.marks == lines.marks
        });
        SourceFile {
            has_nul: false,
            raw_columns: false,
            lf_only: b.ends_with(b"\n") && !b.starts_with(b"#!"),
            name,
            path: None,
            text: Arc::new(text),
            lines,
            expansion: None,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text, shared (the assembler reads lines while changing its state).
    pub fn shared_text(&self) -> Arc<String> {
        self.text.clone()
    }

    /// Byte range of a line without its line break. Inlined: the line loop
    /// reads every line of every pass through here (out of line, with its
    /// bounds checks, it was about 40 instructions a line).
    #[inline(always)]
    pub fn line_span(&self, index: usize) -> (usize, usize) {
        match self.lines.bounds(index) {
            // The usual text: no line break but LF to look for.
            Some((s, next)) if self.lf_only => {
                debug_assert_eq!(self.text.as_bytes()[next - 1], b'\n');
                (s, next - 1)
            }
            Some((s, next)) => {
                let b = self.text.as_bytes();
                let mut e = next;
                // The line break: LF, CR, or CR LF.
                if e > s
                    && let Some(&c @ (b'\n' | b'\r')) = b.get(e - 1)
                {
                    e -= 1;
                    if c == b'\n' && e > s && b.get(e - 1) == Some(&b'\r') {
                        e -= 1;
                    }
                }
                if index == 0 && self.text.starts_with("#!") && e > 1 {
                    // A `#!` first line (a script's interpreter) is empty to 64tass.
                    e = s;
                }
                (s, e)
            }
            None => (self.text.len(), self.text.len()),
        }
    }

    /// Line `index` passed over unread: the start of the line after it
    /// remembered, as [`Self::line_span`] would leave it (the next line's
    /// bounds are then found without a search).
    #[inline(always)]
    pub fn pass_line(&self, index: usize) {
        let _ = self.lines.bounds(index);
    }

    /// Number of lines (a final line without a line break counts).
    pub fn line_count(&self) -> usize {
        self.lines.count()
    }

    /// The text of a line without its line break.
    pub fn line(&self, index: usize) -> &str {
        let (s, e) = self.line_span(index);
        &self.text[s..e]
    }

    /// Byte offset of a line's first character.
    pub fn line_start(&self, index: usize) -> usize {
        self.lines.bounds(index).map_or(self.text.len(), |(s, _)| s)
    }

    /// 0-based line index of a byte offset.
    pub fn line_index(&self, byte: usize) -> usize {
        self.lines.index_of(self.text.len(), byte)
    }

    fn line_range(&self, index: usize) -> Range<usize> {
        let len = self.text.len();
        let (start, end) = self.lines.bounds(index).unwrap_or((len, len));
        start.min(len)..end.max(start).min(len)
    }

    /// 1-based (line, column) of a byte offset; columns count characters
    /// (or, in a raw source, bytes: see [`SourceMap::raw_columns`]).
    pub fn line_col(&self, byte: usize) -> (usize, usize) {
        let byte = byte.min(self.text.len());
        let index = self.line_index(byte);
        let start = self.line_start(index).min(byte);
        (index + 1, self.column(&self.text, start, byte))
    }

    /// The 1-based column of the byte offset `byte` in `text`, whose line
    /// starts at `start`.
    pub fn column(&self, text: &str, start: usize, byte: usize) -> usize {
        let before = text.get(start..byte);
        let col = match before {
            Some(s) if !self.raw_columns => s.chars().count(),
            _ => byte - start,
        };
        col + 1
    }
}

/// Lines of one text: they start at its beginning and after each line break
/// (LF, CR LF or a lone CR). Kept as each line's length with its line break,
/// one byte a line (a table of 4-byte starts was a large source's second
/// largest part after its text), and every [`STEP`]th line's start: a line
/// starts where the one before it ends. The assembler reads lines in order,
/// so the start of the line after the one last read is remembered; so is the
/// last line reached otherwise (a loop's first line, read on every iteration).
struct LineIndex {
    /// Each line's length with its line break; [`LONG`] for a line that long
    /// or longer, whose length is in `long`.
    lens: Box<[u8]>,
    /// The lengths of those lines, by line index (in order: few texts have
    /// one, and a table would be 32 bytes in every text's index).
    long: Box<[(u32, u32)]>,
    /// The start of every [`STEP`]th line (line 0, STEP, 2 STEP...).
    marks: Box<[u32]>,
    /// Lines found, each as its index (high half) and start (low half):
    /// the line after the last one read, and the last line reached
    /// otherwise. Atomics, not cells: a source map is shared between
    /// threads with the diagnostics.
    next: AtomicU64,
    jump: AtomicU64,
}

/// Every how many lines a start is kept.
const STEP: usize = 32;

/// A line length kept aside.
const LONG: u8 = u8::MAX;

/// Nothing remembered (no line has this index).
const FORGOTTEN: u64 = u64::MAX;

/// A [`LineIndex`]'s tables as its lines are found, in order.
struct LinesFound {
    lens: Vec<u8>,
    long: Vec<(u32, u32)>,
    marks: Vec<u32>,
}

impl LinesFound {
    fn with_capacity(lines: usize, marks: usize) -> LinesFound {
        LinesFound {
            lens: Vec::with_capacity(lines),
            long: Vec::new(),
            marks: Vec::with_capacity(marks),
        }
    }

    /// The line from `start` to `next` (the start of the line after it).
    #[inline(always)]
    fn push(&mut self, start: usize, next: usize) {
        if self.lens.len().is_multiple_of(STEP) {
            self.marks.push(start as u32);
        }
        let len = next - start;
        if len >= LONG as usize {
            self.long.push((self.lens.len() as u32, len as u32));
        }
        self.lens.push(len.min(LONG as usize) as u8);
    }

    fn finish(self) -> LineIndex {
        LineIndex {
            lens: self.lens.into_boxed_slice(),
            long: self.long.into_boxed_slice(),
            marks: self.marks.into_boxed_slice(),
            next: AtomicU64::new(FORGOTTEN),
            jump: AtomicU64::new(FORGOTTEN),
        }
    }
}

impl LineIndex {
    /// The lines of a text, found in one pass over it eight bytes at a
    /// time ([`next_break`]; `memchr2` paid a call and its set-up per line,
    /// twice: once to count them). A final line without a line break
    /// counts; so does, as 64tass reads it, an empty line after a final CR
    /// LF (its CR ends the line, and the LF left over starts one more); an
    /// empty text has one line. Also whether the text has a CR.
    fn new(bytes: &[u8]) -> (LineIndex, bool) {
        // About a line in 24 bytes: the vectors grow if the lines are shorter.
        let mut lines =
            LinesFound::with_capacity(bytes.len() / 24 + 1, bytes.len() / (24 * STEP) + 1);
        let mut start = 0;
        let mut cr = false;
        loop {
            let i = next_break(bytes, start);
            let Some(&b) = bytes.get(i) else { break };
            let mut next = i + 1;
            cr |= b == b'\r';
            if b == b'\r' && bytes.get(next) == Some(&b'\n') {
                // A CR LF: its line ends after both.
                next += 1;
            }
            lines.push(start, next);
            start = next;
        }
        if start != bytes.len() || lines.lens.is_empty() || bytes.ends_with(b"\r\n") {
            lines.push(start, bytes.len());
        }
        (lines.finish(), cr)
    }

    /// The lines of a text whose line ends are known (each the offset just
    /// after its line break; the text's end the last one): an expansion's,
    /// made line by line. The text is not read again, and the vectors are
    /// their exact size (no `realloc` to shrink them).
    fn of_line_ends(ends: &[u32]) -> LineIndex {
        let mut lines = LinesFound::with_capacity(ends.len(), ends.len().div_ceil(STEP));
        let mut start = 0;
        for &end in ends {
            lines.push(start, end as usize);
            start = end as usize;
        }
        lines.finish()
    }

    #[inline]
    fn count(&self) -> usize {
        self.lens.len()
    }

    /// Length of line `index` with its line break.
    #[inline]
    fn len(&self, index: usize) -> usize {
        match self.lens[index] {
            LONG => self.long_len(index),
            l => l as usize,
        }
    }

    #[cold]
    fn long_len(&self, index: usize) -> usize {
        let i = self.long.binary_search_by_key(&(index as u32), |&(i, _)| i);
        i.map_or(0, |i| self.long[i].1 as usize)
    }

    /// Start of line `index` and of the line after it (or the text's end).
    /// Inlined: the line loop reads every line of every pass through here.
    #[inline]
    fn bounds(&self, index: usize) -> Option<(usize, usize)> {
        let len = match *self.lens.get(index)? {
            LONG => self.long_len(index),
            l => l as usize,
        };
        let v = self.next.load(Ordering::Relaxed);
        let start = if v >> 32 == index as u64 {
            v as u32 as usize
        } else {
            self.start(index)
        };
        let next = start + len;
        self.next
            .store(remembered(index + 1, next), Ordering::Relaxed);
        Some((start, next))
    }

    /// Start of line `index` (less than the count), not the one after the
    /// line last read.
    #[cold]
    fn start(&self, index: usize) -> usize {
        let v = self.jump.load(Ordering::Relaxed);
        if v >> 32 == index as u64 {
            return v as u32 as usize;
        }
        let first = index / STEP * STEP;
        let at =
            self.marks[index / STEP] as usize + (first..index).map(|i| self.len(i)).sum::<usize>();
        self.jump.store(remembered(index, at), Ordering::Relaxed);
        at
    }

    /// 0-based index of the line a byte offset is in: the last line for
    /// the text's end, the line count past it (as a search in a table of
    /// every line's start gave).
    fn index_of(&self, text_len: usize, byte: usize) -> usize {
        if byte > text_len {
            return self.count();
        }
        // Most often asked about the line last read (a message about it):
        // the one before the start remembered by `bounds`.
        let v = self.next.load(Ordering::Relaxed);
        let (after, start) = ((v >> 32) as usize, v as u32 as usize);
        if after > 0 && after <= self.count() && byte < start && byte + self.len(after - 1) >= start
        {
            return after - 1;
        }
        let mark = self.marks.partition_point(|&m| m as usize <= byte).max(1) - 1;
        let last = self.count() - 1;
        let mut index = mark * STEP;
        let mut next = self.marks[mark] as usize + self.len(index);
        while index < last && next <= byte {
            index += 1;
            next += self.len(index);
        }
        index
    }
}

/// The first LF or CR at or after `from`, or the text's end. Eight bytes
/// are tested at once: a byte equal to LF or CR becomes a zero after an
/// exclusive or, and `(x - 0x01..) & !x & 0x80..` marks a word's lowest
/// zero byte exactly (only bytes above a zero can be marked wrongly).
#[inline]
fn next_break(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(word) = bytes.get(i..i + 8) {
        let w = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let lf = w ^ (ONES * b'\n' as u64);
        let cr = w ^ (ONES * b'\r' as u64);
        let hit = (lf.wrapping_sub(ONES) & !lf | cr.wrapping_sub(ONES) & !cr) & HIGHS;
        if hit != 0 {
            return i + (hit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while let Some(&b) = bytes.get(i) {
        if matches!(b, b'\n' | b'\r') {
            return i;
        }
        i += 1;
    }
    i
}

#[inline]
fn remembered(index: usize, start: usize) -> u64 {
    (index as u64) << 32 | start as u64
}

/// Decode a source file as 64tass does: raw sources (without `--ascii`) have
/// one character per byte, a byte order mark too; in `unicode` sources a byte
/// order mark selects UTF-8 or UTF-16, else they are UTF-8. Bytes that are not
/// valid UTF-8 are taken one character per byte.
pub fn decode(bytes: &[u8], unicode: bool) -> String {
    if !unicode {
        return latin1(bytes);
    }
    if let Some(rest) = bytes.strip_prefix(&[0xef, 0xbb, 0xbf]) {
        return composed(utf8_or_latin1(rest));
    }
    if let Some(rest) = bytes.strip_prefix(&[0xff, 0xfe]) {
        return composed(utf16(rest, u16::from_le_bytes));
    }
    if let Some(rest) = bytes.strip_prefix(&[0xfe, 0xff]) {
        return composed(utf16(rest, u16::from_be_bytes));
    }
    composed(utf8_or_latin1(bytes))
}

/// [`decode`] of bytes the caller gives up: a plain UTF-8 (or, without
/// `unicode`, ASCII) text is taken as it is, not copied.
pub fn decode_owned(bytes: Vec<u8>, unicode: bool) -> String {
    let bom = [&[0xef, 0xbb, 0xbf][..], &[0xff, 0xfe], &[0xfe, 0xff]]
        .iter()
        .any(|b| bytes.starts_with(b));
    if bom || !(unicode || bytes.is_ascii()) {
        return decode(&bytes, unicode);
    }
    let text = String::from_utf8(bytes).unwrap_or_else(|e| utf8_or_latin1(e.as_bytes()));
    if unicode { composed(text) } else { text }
}

/// Unicode text composed (NFC), as 64tass reads a source with `--ascii`:
/// an `e` and a combining acute accent are one `é`, and U+FEFF is left out.
/// Plain ASCII, and text that is composed already, is kept as it is.
fn composed(text: String) -> String {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    if text.is_ascii() {
        return text;
    }
    // A zero-width no-break space (a byte order mark) is dropped wherever
    // it is, as 64tass reads it.
    let text = match text.contains('\u{feff}') {
        true => text.replace('\u{feff}', ""),
        false => text,
    };
    if is_nfc_quick(text.chars()) == IsNormalized::Yes {
        return text;
    }
    text.nfc().collect()
}

fn latin1(bytes: &[u8]) -> String {
    if bytes.is_ascii() {
        // The usual source: copied at once, not a character at a time.
        return String::from_utf8(bytes.to_vec()).unwrap_or_default();
    }
    bytes.iter().map(|&b| b as char).collect()
}

/// Whether a `unicode` source is read as UTF-8 (as [`utf8_or_latin1`]
/// guesses, or by its byte order mark), not as Latin-1 or UTF-16: 64tass
/// counts a message's column in characters only then.
fn read_as_utf8(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
        return true;
    }
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return false;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => true,
        Err(e) => !bytes[..e.valid_up_to()].is_ascii(),
    }
}

/// UTF-8 as 64tass guesses it: the first byte that is not ASCII decides. If
/// it starts a valid UTF-8 character the text is UTF-8, a later invalid byte
/// each a replacement character; if not, the text is Latin-1 from there on.
fn utf8_or_latin1(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(e) if !bytes[..e.valid_up_to()].is_ascii() => {
            String::from_utf8_lossy(bytes).into_owned()
        }
        Err(_) => latin1(bytes),
    }
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

#[derive(Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    /// The sources are raw 8-bit text (read without `-a`): 64tass holds each
    /// byte above $7f as two bytes of UTF-8 and counts columns in those
    /// bytes, so a message after such a byte is further right than the
    /// characters before it. (A source it read as UTF-8 counts characters.)
    pub raw_columns: bool,
    /// The files (not expansions) the assembly entered at more than one
    /// place: 64tass names the includes that lead to a message in a file
    /// when one on the way is such a file.
    pub entered_again: rustc_hash::FxHashSet<FileId>,
}

impl SourceMap {
    /// An empty map whose sources are raw 8-bit text, or not.
    pub fn with_raw_columns(raw_columns: bool) -> SourceMap {
        SourceMap {
            raw_columns,
            ..SourceMap::default()
        }
    }

    pub fn add(&mut self, name: Arc<str>, path: Option<PathBuf>, text: String) -> FileId {
        let mut file = SourceFile::new(name, path, text);
        file.raw_columns = self.raw_columns;
        self.files.push(file);
        (self.files.len() - 1) as FileId
    }

    /// A file read from its bytes, decoded as [`decode_owned`] does. Its
    /// columns count characters only when 64tass reads it as UTF-8 (see
    /// [`read_as_utf8`]); in a source it reads as Latin-1 or UTF-16, even
    /// with `-a`, they count the bytes of the text's UTF-8 as in a raw one.
    pub fn add_read(
        &mut self,
        name: Arc<str>,
        path: Option<PathBuf>,
        bytes: Vec<u8>,
        unicode: bool,
    ) -> FileId {
        if bytes.is_ascii() {
            // The usual source, taken as it is (read as UTF-8, and no byte
            // order mark or character to compose is ASCII) without checking
            // it as UTF-8 twice more.
            // SAFETY: ASCII is UTF-8.
            let text = unsafe { String::from_utf8_unchecked(bytes) };
            debug_assert!(
                read_as_utf8(text.as_bytes()) && decode(text.as_bytes(), unicode) == text
            );
            return self.add(name, path, text);
        }
        let raw_columns = self.raw_columns || !read_as_utf8(&bytes);
        let id = self.add(name, path, decode_owned(bytes, unicode));
        self.files[id as usize].raw_columns = raw_columns;
        id
    }

    /// A macro expansion: its own text, reported with the call's location
    /// (columns counted as in the body's file).
    /// `line_ends`: each line's end, the offset after its LF, as the text
    /// was made (see [`SourceFile::with_line_ends`]).
    pub fn add_expansion(
        &mut self,
        name: Arc<str>,
        text: String,
        line_ends: &[u32],
        expansion: Expansion,
    ) -> FileId {
        self.files
            .push(SourceFile::with_line_ends(name, text, line_ends));
        let id = (self.files.len() - 1) as FileId;
        let raw_columns = self.files[expansion.body_file as usize].raw_columns;
        let file = &mut self.files[id as usize];
        file.expansion = Some(expansion);
        file.raw_columns = raw_columns;
        id
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// The paths of the files read (not macro expansions), in the order read.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().filter_map(|f| f.path.as_deref())
    }

    /// The real file and line index of a line: a macro expansion's lines
    /// are the macro body's lines in its file (through nested expansions).
    pub fn origin(&self, file: FileId, index: u32) -> (FileId, u32) {
        let (mut f, mut i) = (file, index);
        for _ in 0..64 {
            match self.files.get(f as usize).and_then(|s| s.expansion) {
                Some(e) => {
                    i += e.body_line;
                    f = e.body_file;
                }
                None => break,
            }
        }
        (f, i)
    }

    pub fn try_get(&self, id: FileId) -> Result<&SourceFile, FilesError> {
        self.files.get(id as usize).ok_or(FilesError::FileMissing)
    }

    /// `file:line:col` of a span's start.
    pub fn location(&self, span: Span) -> String {
        match self.files.get(span.file as usize) {
            Some(f) => {
                let (line, col) = f.line_col(span.start as usize);
                // A macro expansion's line is its body line in the macro's file.
                let line = codespan_reporting::files::Files::line_number(self, span.file, line - 1)
                    .unwrap_or(line);
                format!("{}:{line}:{col}", f.name)
            }
            None => String::new(),
        }
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(&self.try_get(id)?.name)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.try_get(id)?.text())
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.try_get(id)?.line_index(byte_index))
    }

    /// Characters, or bytes in a raw source (see [`SourceMap::raw_columns`]).
    fn column_number(
        &'a self,
        id: FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let f = self.try_get(id)?;
        let line = self.line_range(id, line_index)?;
        Ok(f.column(f.text(), line.start, byte_index.clamp(line.start, line.end)))
    }

    /// A macro expansion's lines are numbered as the macro body's lines in
    /// its file, so messages name the line a reader can find.
    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, FilesError> {
        self.try_get(id)?;
        Ok(self.origin(id, line_index as u32).1 as usize + 1)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let f = self.try_get(id)?;
        let max = f.line_count();
        if line_index > max {
            return Err(FilesError::LineTooLarge {
                given: line_index,
                max,
            });
        }
        Ok(f.line_range(line_index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        let f = SourceFile::new("t".into(), None, text.into());
        (0..f.line_count()).map(|i| f.line(i).to_string()).collect()
    }

    #[test]
    fn every_line_break_style_splits_lines() {
        assert_eq!(lines("a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
        assert_eq!(lines("a\n"), ["a"]);
        assert_eq!(lines(""), [""]);
        assert_eq!(lines("\n\n"), ["", ""]);
        assert_eq!(lines("a\r\r\nb"), ["a", "", "b"]);
        // 64tass: a final CR LF leaves one more, empty, line; a final LF or CR not.
        assert_eq!(lines("a\r\nb\r\n"), ["a", "b", ""]);
        assert_eq!(lines("a\r"), ["a"]);
        assert_eq!(lines("\r\n"), ["", ""]);
        // A script's `#!` line is empty, as in 64tass; only the first.
        assert_eq!(lines("#!/usr/bin/64tass\n#!x"), ["", "#!x"]);
    }

    /// A text of LF line breaks only, ending with one, has its lines cut
    /// without their ends looked at: the lines the general cut gives (the
    /// same text with its first break a CR, whose lines are the same),
    /// read in order, backwards, and past a long line.
    #[test]
    fn lf_only_texts_give_the_general_cut() {
        let long = "x".repeat(300);
        for text in [
            "a\n".to_string(),
            "\n\n".to_string(),
            "a\nbc\n\n d ;e\n".to_string(),
            format!("a\n{long}\nb\n\n"),
        ] {
            let f = SourceFile::new("t".into(), None, text.clone());
            assert!(f.lf_only);
            let general = text.replacen('\n', "\r", 1);
            let g = SourceFile::new("g".into(), None, general.clone());
            assert!(!g.lf_only);
            assert_eq!(lines(&text), lines(&general));
            let n = f.line_count();
            assert_eq!(n, text.matches('\n').count());
            for i in (0..n).rev() {
                assert_eq!(f.line(i), g.line(i));
                let (s, e) = f.line_span(i);
                assert_eq!(&text[s..=e], format!("{}\n", f.line(i)));
            }
        }
        for text in ["a\nb", "a\r\nb\n", "#!x\na\n", ""] {
            assert!(!SourceFile::new("t".into(), None, text.into()).lf_only);
        }
    }

    #[test]
    fn decoding_follows_the_byte_order_mark_and_the_mode() {
        assert_eq!(decode(b"\xef\xbb\xbfA", true), "A");
        // 64tass reads a raw source byte by byte, its byte order mark too.
        assert_eq!(decode(b"\xef\xbb\xbfA", false), "\u{ef}\u{bb}\u{bf}A");
        assert_eq!(decode(b"\xff\xfeA\x00", true), "A");
        assert_eq!(decode(b"\xfe\xff\x00A", true), "A");
        assert_eq!(decode("é".as_bytes(), true), "é");
        assert_eq!(decode("é".as_bytes(), false), "\u{c3}\u{a9}");
        assert_eq!(decode(b"\xe9", true), "é");
        // The first byte past ASCII decides, as in 64tass: UTF-8 with a
        // replacement character for a later stray byte, or Latin-1.
        assert_eq!(decode(b"\xc3\xa9 \xe9", true), "é \u{fffd}");
        assert_eq!(decode(b"\xe9 \xc3\xa9", true), "é Ã©");
        // Composed as 64tass composes it, only with `--ascii`.
        assert_eq!(decode("e\u{301}".as_bytes(), true), "é");
        assert_eq!(decode_owned("e\u{301}".as_bytes().to_vec(), true), "é");
        assert_eq!(decode("e\u{301}".as_bytes(), false), "e\u{cc}\u{81}");
        for (bytes, unicode) in [
            (&b"\xef\xbb\xbfA"[..], false),
            (b"\xff\xfeA\x00", true),
            ("é".as_bytes(), true),
            ("é".as_bytes(), false),
            (b"\xe9", true),
            (b"plain", false),
        ] {
            assert_eq!(
                decode_owned(bytes.to_vec(), unicode),
                decode(bytes, unicode)
            );
        }
    }

    /// A line break is found eight bytes at a time: at every place in a
    /// word, after every other byte value (those a bit away from LF and CR
    /// too, which a wrong mask would take for them), and in the tail.
    #[test]
    fn line_breaks_are_found_wherever_they_are() {
        let naive = |b: &[u8], from: usize| {
            (from..b.len())
                .find(|&i| matches!(b[i], b'\n' | b'\r'))
                .unwrap_or(b.len())
        };
        for filler in 0..=255u8 {
            for len in 0..20 {
                for at in 0..=len {
                    let mut b = vec![filler; len];
                    if at < len {
                        b[at] = if at % 2 == 0 { b'\n' } else { b'\r' };
                    }
                    for from in 0..=len {
                        assert_eq!(next_break(&b, from), naive(&b, from), "{b:?} {from}");
                    }
                }
            }
        }
    }

    /// An ASCII source is read as it is: the text and columns the general
    /// reading gives (decoded, and read as UTF-8), in either mode, CRs and
    /// NULs and all; a source past ASCII is read the general way.
    #[test]
    fn ascii_sources_are_read_as_the_general_reading_reads_them() {
        let texts: [&[u8]; 7] = [
            b"",
            b"a\nb ;c\n\n",
            b"\r\n x\r\0\x7f",
            b"#!x\n lda #0",
            b"\xef\xbb\xbfA",
            b"\xc3\xa9 \xe9",
            b"\xff\xfeA\x00",
        ];
        for bytes in texts {
            for unicode in [false, true] {
                for raw in [false, true] {
                    let mut map = SourceMap::with_raw_columns(raw);
                    let f = map.add_read("t".into(), None, bytes.to_vec(), unicode);
                    let f = map.get(f);
                    assert_eq!(f.text(), decode(bytes, unicode), "{bytes:?}");
                    assert_eq!(f.raw_columns, raw || !read_as_utf8(bytes), "{bytes:?}");
                    let general = SourceFile::new("g".into(), None, decode(bytes, unicode));
                    assert_eq!(f.line_count(), general.line_count());
                    assert_eq!((f.lf_only, f.has_nul), (general.lf_only, general.has_nul));
                }
            }
        }
    }

    /// The line starts as a table of every line (as they were kept before
    /// lines were found as read): a line starts at the text's beginning and
    /// after each LF, CR LF or lone CR; the table ends with the text's end.
    fn every_start(text: &str) -> Vec<usize> {
        let b = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            if matches!(b[i], b'\n' | b'\r') {
                starts.push(i + 1);
            }
            i += 1;
        }
        if *starts.last().unwrap_or(&0) != b.len() || starts.len() == 1 || text.ends_with("\r\n") {
            starts.push(b.len());
        }
        starts
    }

    /// Lines found as they are read give every line's span, start and range,
    /// and every byte's line, as the full table does, whatever order the
    /// lines are read in (in order, backwards, jumping back as a loop does,
    /// across the kept starts).
    #[test]
    fn lines_found_as_read_are_the_lines_of_the_whole_table() {
        let mut seed = 0x2545_f491_u32;
        let mut texts: Vec<String> = [
            "",
            "a",
            "a\n",
            "a\r\n",
            "\r\n",
            "\n\n",
            "a\r\r\nb",
            "a\rb\rc\r",
            "#!x\ny",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        // Lines whose length (with the line break) is kept aside.
        for len in [253, 254, 255, 256, 300, 70_000] {
            texts.push(format!("a\n{}\r\nb\n{}", "x".repeat(len), "y".repeat(len)));
        }
        // Many long lines between short ones (their lengths found by index).
        texts.push(
            (0..40)
                .map(|i| format!("{}\n", "z".repeat(if i % 3 == 0 { 250 + 7 * i } else { i })))
                .collect(),
        );
        for len in [40, 200, 1000, 3000] {
            let mut t = String::new();
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                t.push(match seed % 9 {
                    0 => '\n',
                    1 => '\r',
                    2 => 'x',
                    3 => ' ',
                    4 => 'é',
                    _ if seed.is_multiple_of(7) => '\n',
                    _ => 'a',
                });
                if seed.is_multiple_of(23) {
                    t.push_str("\r\n");
                }
            }
            texts.push(t);
        }
        for text in texts {
            let starts = every_start(&text);
            let count = starts.len() - 1;
            let f = SourceFile::new("t".into(), None, text.clone());
            assert_eq!(f.line_count(), count, "{text:?}");
            let expected_span = |i: usize| {
                let (s, mut e) = (starts[i], starts[i + 1]);
                let b = text.as_bytes();
                if e > s && matches!(b[e - 1], b'\n' | b'\r') {
                    e -= 1;
                    if b[e] == b'\n' && e > s && b[e - 1] == b'\r' {
                        e -= 1;
                    }
                }
                if i == 0 && text.starts_with("#!") && e > 1 {
                    e = s;
                }
                (s, e)
            };
            let mut order: Vec<usize> = (0..count).collect();
            order.extend((0..count).rev());
            for i in 0..count {
                // A loop: a few lines read again and again from its first.
                order.extend(
                    [i, i + 1, i + 2, i, i + 1, i + 2]
                        .iter()
                        .filter(|&&j| j < count),
                );
            }
            order.extend([count, count + 5]);
            for i in order {
                if i >= count {
                    assert_eq!(f.line_span(i), (text.len(), text.len()));
                    assert_eq!(f.line_start(i), text.len());
                    continue;
                }
                assert_eq!(f.line_span(i), expected_span(i), "line {i} of {text:?}");
                assert_eq!(f.line_start(i), starts[i]);
                assert_eq!(f.line_range(i), starts[i]..starts[i + 1]);
            }
            for byte in 0..=text.len() + 2 {
                let i = match starts.binary_search(&byte) {
                    Ok(i) => i.min(count.saturating_sub(1)),
                    Err(i) => i.saturating_sub(1),
                };
                assert_eq!(f.line_index(byte), i, "byte {byte} of {text:?}");
            }
        }
    }

    #[test]
    fn expansions_share_their_body_files_name() {
        let mut map = SourceMap::default();
        let body = map.add(
            "main.asm".into(),
            Some("dir/main.asm".into()),
            "m .macro\n".into(),
        );
        let name = map.get(body).name.clone();
        let expansion = Expansion {
            body_file: body,
            body_line: 1,
        };
        let e = map.add_expansion(name, " nop\n".into(), &[5], expansion);
        let nested = map.add_expansion(map.get(e).name.clone(), " rts\n".into(), &[5], expansion);
        for f in [e, nested] {
            assert!(Arc::ptr_eq(&map.get(f).name, &map.get(body).name));
            assert_eq!(map.get(f).path, None);
        }
        assert_eq!(map.paths().collect::<Vec<_>>(), [Path::new("dir/main.asm")]);
        // One is kept for every macro call that differs.
        assert!(std::mem::size_of::<SourceFile>() <= 120);
    }

    /// An expansion's index made from its line ends is the index read from
    /// its text: lines of every length (long ones kept aside), counts past
    /// a mark's step, and texts the general reading must take (a CR, a
    /// NUL, ends that stop short).
    #[test]
    fn an_index_from_line_ends_is_the_index_read() {
        for lines in [1usize, 2, 31, 32, 33, 64, 65, 100] {
            let mut text = String::new();
            let mut ends = Vec::new();
            for i in 0..lines {
                let len = (i * 37) % 300;
                text.extend(std::iter::repeat_n('a', len));
                text.push('\n');
                ends.push(text.len() as u32);
            }
            let made = SourceFile::with_line_ends("t".into(), text.clone(), &ends);
            let read = SourceFile::new("t".into(), None, text.clone());
            assert_eq!(made.line_count(), lines);
            assert_eq!(made.lines.lens, read.lines.lens);
            assert_eq!(made.lines.long, read.lines.long);
            assert_eq!(made.lines.marks, read.lines.marks);
            assert_eq!((made.lf_only, made.has_nul), (read.lf_only, read.has_nul));
            for i in 0..lines {
                assert_eq!(made.line_span(i), read.line_span(i));
            }
        }
        for (text, ends) in [
            ("a\rb\n", &[2u32, 4][..]),
            ("a\0\nb\n", &[3, 5][..]),
            ("ab\ncd\n", &[3][..]),
            ("", &[][..]),
        ] {
            let made = SourceFile::with_line_ends("t".into(), text.into(), ends);
            let read = SourceFile::new("t".into(), None, text.into());
            assert_eq!(made.lines.lens, read.lines.lens);
            assert_eq!(made.lines.marks, read.lines.marks);
            assert_eq!((made.lf_only, made.has_nul), (read.lf_only, read.has_nul));
        }
    }

    #[test]
    fn columns_count_characters() {
        let f = SourceFile::new("t".into(), None, "ab\n é x".into());
        let x = f.text().find('x').unwrap();
        assert_eq!(f.line_col(x), (2, 4));
    }
}
