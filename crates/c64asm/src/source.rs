//! The texts an assembly run reads: source files (each read from disk once),
//! the command-line definitions and the text of macro expansions. Every text
//! is split into lines once; the assembler addresses lines by (file, index).

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// Name shown in diagnostics.
    pub name: String,
    /// Where the file was read from (relative includes resolve against it).
    pub path: Option<PathBuf>,
    /// The decoded text: UTF-8, or one character per byte for raw 8-bit sources.
    /// (An `Arc<String>`, not an `Arc<str>`: the text read is kept where it
    /// was read, not copied; a large source's copy was its largest
    /// allocation, freed at once, which left the allocator keeping memory.)
    text: Arc<String>,
    /// Byte offset of each line's start; one extra entry holds the text's
    /// end. A line ends before the line break in front of the next start
    /// (one table of 4 bytes a line: a large source's lines are its memory).
    line_starts: Box<[u32]>,
    /// Set for macro expansions.
    pub expansion: Option<Expansion>,
    /// The text has a NUL byte somewhere (lines need checking for one).
    pub has_nul: bool,
}

impl SourceFile {
    fn new(name: String, path: Option<PathBuf>, text: String) -> SourceFile {
        let line_starts = split_lines(&text);
        let has_nul = memchr::memchr(0, text.as_bytes()).is_some();
        SourceFile {
            has_nul,
            name,
            path,
            text: Arc::new(text),
            line_starts,
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

    /// Byte range of a line without its line break.
    pub fn line_span(&self, index: usize) -> (usize, usize) {
        match (self.line_starts.get(index), self.line_starts.get(index + 1)) {
            (Some(&s), Some(&next)) => {
                let (s, mut e) = (s as usize, next as usize);
                let b = self.text.as_bytes();
                if e > s && matches!(b[e - 1], b'\n' | b'\r') {
                    e -= 1;
                    if b[e] == b'\n' && e > s && b[e - 1] == b'\r' {
                        e -= 1;
                    }
                }
                if index == 0 && self.text.starts_with("#!") && e > 1 {
                    // A `#!` first line (a script's interpreter) is empty to 64tass.
                    e = s;
                }
                (s, e)
            }
            _ => (self.text.len(), self.text.len()),
        }
    }

    /// Number of lines (a final line without a line break counts).
    pub fn line_count(&self) -> usize {
        self.line_starts.len() - 1
    }

    /// The text of a line without its line break.
    pub fn line(&self, index: usize) -> &str {
        let (s, e) = self.line_span(index);
        &self.text[s..e]
    }

    /// Byte offset of a line's first character.
    pub fn line_start(&self, index: usize) -> usize {
        self.line_starts
            .get(index)
            .map_or(self.text.len(), |&s| s as usize)
    }

    /// 0-based line index of a byte offset.
    pub fn line_index(&self, byte: usize) -> usize {
        match self.line_starts.binary_search(&(byte as u32)) {
            Ok(i) => i.min(self.line_count().saturating_sub(1)),
            Err(i) => i.saturating_sub(1),
        }
    }

    fn line_range(&self, index: usize) -> Range<usize> {
        let start = self.line_start(index);
        let end = self
            .line_starts
            .get(index + 1)
            .map_or(self.text.len(), |&e| e as usize);
        start.min(self.text.len())..end.max(start).min(self.text.len())
    }

    /// 1-based (line, column) of a byte offset; columns count characters.
    pub fn line_col(&self, byte: usize) -> (usize, usize) {
        let byte = byte.min(self.text.len());
        let index = self.line_index(byte);
        let start = self.line_start(index).min(byte);
        let col = self
            .text
            .get(start..byte)
            .map_or(byte - start, |s| s.chars().count());
        (index + 1, col + 1)
    }
}

/// Line starts for LF, CR LF and lone CR line breaks, with the text's end
/// after the last line; sized exactly. Line breaks are found with `memchr`
/// (vectorised): a large source is split in a few milliseconds.
fn split_lines(text: &str) -> Box<[u32]> {
    let bytes = text.as_bytes();
    let breaks = memchr::memchr2_iter(b'\n', b'\r', bytes).count();
    let mut starts = Vec::with_capacity(breaks + 2);
    starts.push(0);
    let mut skip_lf = usize::MAX;
    for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        if i == skip_lf {
            // The LF of a CR LF: its line started after both.
            continue;
        }
        let mut next = i + 1;
        if bytes[i] == b'\r' && bytes.get(next) == Some(&b'\n') {
            skip_lf = next;
            next += 1;
        }
        starts.push(next as u32);
    }
    // A last line without a line break (or an empty text's one line); and,
    // as 64tass reads it, an empty line after a final CR LF (its CR ends the
    // line, and the LF left over starts one more).
    if *starts.last().unwrap_or(&0) as usize != bytes.len()
        || starts.len() == 1
        || bytes.ends_with(b"\r\n")
    {
        starts.push(bytes.len() as u32);
    }
    starts.into_boxed_slice()
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
}

impl SourceMap {
    pub fn add(&mut self, name: String, path: Option<PathBuf>, text: String) -> FileId {
        self.files.push(SourceFile::new(name, path, text));
        (self.files.len() - 1) as FileId
    }

    /// A macro expansion: its own text, reported with the call's location.
    pub fn add_expansion(&mut self, name: String, text: String, expansion: Expansion) -> FileId {
        let id = self.add(name, None, text);
        self.files[id as usize].expansion = Some(expansion);
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

    #[test]
    fn columns_count_characters() {
        let f = SourceFile::new("t".into(), None, "ab\n é x".into());
        let x = f.text().find('x').unwrap();
        assert_eq!(f.line_col(x), (2, 4));
    }
}
