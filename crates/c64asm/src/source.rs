//! The files an assembly run reads: real source files, included files and the
//! text of macro expansions (which report their lines as the macro body's lines).

use std::ops::Range;
use std::path::PathBuf;
use std::sync::OnceLock;

use codespan_reporting::files::{Error as FilesError, Files};

/// Index of a file in the [`SourceMap`].
pub type FileId = u32;

/// A byte range inside one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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

/// A byte range inside a file known from context (8 bytes instead of 12, for
/// the parsed statements that are kept for every line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LSpan {
    pub start: u32,
    pub len: u16,
}

impl LSpan {
    pub fn new(start: usize, end: usize) -> LSpan {
        LSpan {
            start: start as u32,
            len: end.saturating_sub(start).min(u16::MAX as usize) as u16,
        }
    }

    pub fn end(self) -> u32 {
        self.start + self.len as u32
    }

    pub fn in_file(self, file: FileId) -> Span {
        Span {
            file,
            start: self.start,
            end: self.end(),
        }
    }
}

pub struct SourceFile {
    /// Name shown in diagnostics.
    pub name: String,
    /// Where the file was read from (for resolving relative includes).
    pub path: Option<PathBuf>,
    /// The text. Files read from disk release it once parsed (the statements
    /// are all the passes need) and read it again only for messages and listings.
    text: OnceLock<String>,
    /// Computed on first use: only diagnostics and listings need line numbers.
    line_starts: OnceLock<Vec<u32>>,
    /// Line number (1-based) of the file's first line; macro expansions start
    /// at the line of the macro body in the defining file.
    first_line: usize,
}

impl SourceFile {
    fn new(name: String, path: Option<PathBuf>, text: String, first_line: usize) -> SourceFile {
        SourceFile {
            name,
            path,
            text: OnceLock::from(text),
            line_starts: OnceLock::new(),
            first_line,
        }
    }

    pub fn text(&self) -> &str {
        self.text.get_or_init(|| match &self.path {
            Some(p) => std::fs::read(p)
                .map(|b| {
                    String::from_utf8(b)
                        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
                })
                .unwrap_or_default(),
            None => String::new(),
        })
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let text = self.text().as_bytes();
            let mut starts = vec![0];
            let mut from = 0;
            loop {
                let nl = crate::parse::memchr_newline(text, from);
                if nl >= text.len() {
                    break;
                }
                from = nl + 1;
                starts.push(from as u32);
            }
            starts
        })
    }

    /// 0-based line index of a byte offset.
    pub fn line_index(&self, byte: usize) -> usize {
        match self.line_starts().binary_search(&(byte as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    pub fn line_range(&self, index: usize) -> Range<usize> {
        let starts = self.line_starts();
        let start = starts
            .get(index)
            .copied()
            .unwrap_or(self.text().len() as u32) as usize;
        let end = starts
            .get(index + 1)
            .map(|&e| e as usize)
            .unwrap_or(self.text().len());
        start.min(self.text().len())..end
    }

    /// 1-based (line, column) of a byte offset, as shown to the user.
    pub fn line_col(&self, byte: usize) -> (usize, usize) {
        let byte = byte.min(self.text().len());
        let index = self.line_index(byte);
        let start = self.line_range(index).start;
        let col = self
            .text()
            .get(start..byte)
            .map_or(byte - start, |s| s.chars().count());
        (index + self.first_line, col + 1)
    }

    /// The text of the line starting at `start`, without its line break.
    pub fn line_at(&self, start: usize) -> &str {
        let rest = self.text().get(start..).unwrap_or("");
        let end = rest.find('\n').unwrap_or(rest.len());
        rest[..end].trim_end_matches('\r')
    }
}

#[derive(Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn add(&mut self, name: String, path: Option<PathBuf>, text: String) -> FileId {
        self.add_at_line(name, path, text, 1)
    }

    /// A file read from `path` whose text is loaded only when needed.
    pub fn add_unloaded(&mut self, name: String, path: PathBuf) -> FileId {
        self.files.push(SourceFile {
            name,
            path: Some(path),
            text: OnceLock::new(),
            line_starts: OnceLock::new(),
            first_line: 1,
        });
        (self.files.len() - 1) as FileId
    }

    pub fn add_at_line(
        &mut self,
        name: String,
        path: Option<PathBuf>,
        text: String,
        first_line: usize,
    ) -> FileId {
        self.files
            .push(SourceFile::new(name, path, text, first_line.max(1)));
        (self.files.len() - 1) as FileId
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// Take a file's text out for parsing. Files with a path are left without
    /// text (it is read again if a message or listing needs it); others get
    /// it back through [`SourceMap::restore_text`].
    pub fn take_text(&mut self, id: FileId) -> String {
        let f = &mut self.files[id as usize];
        f.line_starts = OnceLock::new();
        f.text.take().unwrap_or_default()
    }

    pub fn restore_text(&mut self, id: FileId, text: String) {
        let f = &mut self.files[id as usize];
        if f.path.is_none() {
            f.text = OnceLock::from(text);
        }
    }

    pub fn try_get(&self, id: FileId) -> Result<&SourceFile, FilesError> {
        self.files.get(id as usize).ok_or(FilesError::FileMissing)
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

    fn line_number(&'a self, id: FileId, line_index: usize) -> Result<usize, FilesError> {
        Ok(line_index + self.try_get(id)?.first_line)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let f = self.try_get(id)?;
        let max = f.line_starts().len();
        if line_index > max {
            return Err(FilesError::LineTooLarge {
                given: line_index,
                max,
            });
        }
        Ok(f.line_range(line_index))
    }
}
