//! Errors and warnings with file:line:col, rendered with the source line and a
//! caret by `codespan-reporting`.

use std::fmt;
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Chars, Config};

use crate::source::{SourceMap, Span};

mod as_64tass;

pub use as_64tass::{Caret, TassReport, TassStyle};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The program is not built.
    Error,
    /// Reported; the program is still built.
    Warning,
}

/// What went wrong, so callers and tests can match on it without parsing text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Malformed source: an unexpected character, a missing expression or symbol.
    Syntax,
    /// Neither an instruction of the current CPU, a macro call nor a label.
    UnknownMnemonic,
    /// A `.name` that is neither a directive nor a macro.
    UnknownDirective,
    /// An addressing mode the instruction does not have.
    AddressingMode,
    /// An undocumented opcode; not produced at present (an unknown one is an
    /// `UnknownMnemonic` that names the 6502i CPU).
    IllegalOpcode,
    /// A symbol or section that is never defined.
    UndefinedSymbol,
    /// A symbol defined twice, or a constant assigned as if it were a variable.
    DuplicateLabel,
    /// A value too large or too small for where it is used (a byte, a word, an
    /// operand).
    ValueOutOfRange,
    /// A relative branch further than -128..=127 bytes away.
    BranchOutOfRange,
    /// Division or modulo by zero.
    DivisionByZero,
    /// A file for `.include` or `.binary` that can't be opened, or an include
    /// that includes itself.
    IncludeNotFound,
    /// A macro or function called with wrong arguments, or a closing directive
    /// without its opening one.
    MacroMisuse,
    /// A block or conditional (`.if`, `.block`, `.macro`, ...) without its closing
    /// directive.
    ConditionalMismatch,
    /// A bad `.enc`/`.cdef`/`.edef` definition, or text the encoding can't encode.
    Encoding,
    /// Bytes written twice to the same address; not produced at present.
    Overlap,
    /// The compile offset left its section, or a `.page` block crossed a page
    /// (with `-Werror=page`, the default).
    AddressOverflow,
    /// `.error` or `.cerror` in the source.
    UserError,
    /// `.warn` or `.cwarn` in the source.
    UserWarning,
    /// Values that did not settle after the maximum number of passes.
    NoConvergence,
    /// A source file that can't be read.
    Io,
    /// A type or operation the values don't support.
    Type,
    /// A 64tass feature c64kit does not implement (yet): never silently ignored.
    NotSupported,
    /// A resource limit (macro expansion, file size, nesting) was reached.
    Limit,
    /// A macro or function that calls itself 100 deep. As in 64tass it ends
    /// nothing: later passes go on (a call in a `.proc` nothing uses is gone
    /// by the last one), and the callee is not expanded again in the pass.
    Recursion,
    /// A warning 64tass also gives, named by its `-W` switch.
    Warning,
}

/// One error or warning, with where it is and what it is.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What went wrong, for matching.
    pub kind: Kind,
    /// The message as 64tass words it, without the `-W` switch.
    pub message: String,
    /// Display name of the file; empty when the diagnostic is about no file.
    pub file: String,
    /// 1-based line of the caret; 0 when there is no place in a file.
    pub line: usize,
    /// 1-based column of the caret, counted in characters; 0 when there is none.
    pub column: usize,
    /// Further explanations, printed after the source line as `= note`.
    pub notes: Vec<String>,
    /// The `-W` switch that controls this diagnostic, if any.
    pub switch: Option<&'static str>,
    pub(crate) span: Option<Span>,
    pub(crate) secondary: Vec<(Span, String)>,
    /// A note 64tass gives that c64kit's own layout leaves out.
    pub(crate) tass_note: Option<TassNote>,
    /// The macro calls and includes that led here, innermost first.
    pub(crate) chain: Vec<Span>,
    /// Where in a macro's expansion it was, when it is shown at the call's
    /// argument the text came from (64tass's note "original location in an
    /// expanded macro was here").
    pub(crate) expanded: Option<Box<Expanded>>,
}

/// A note of 64tass's that c64kit's own layout doesn't give: where the
/// encoding in use was named ("definition of encoding was here"), a
/// built-in's "original definition", where a missing anonymous label was
/// searched.
#[derive(Clone, Debug)]
pub(crate) struct TassNote {
    pub at: NotePlace,
    pub text: String,
    /// The macro calls that led to a place in an expansion, outermost
    /// first (64tass names them above the note).
    pub chain: Vec<Span>,
}

/// Where a [`TassNote`] is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NotePlace {
    /// At a place in a file, shown with its line.
    At(Span),
    /// In the message's file, without a line (64tass's `file: note:`).
    File,
    /// In no file: a built-in's (64tass names itself there).
    Program,
}

/// A place in a macro expansion, with the calls that led to it.
#[derive(Clone, Debug)]
pub(crate) struct Expanded {
    pub span: Span,
    pub chain: Vec<Span>,
    /// The column 64tass gives: in the macro's text.
    pub column: usize,
    /// 64tass prints the message's words after this note's, not on its own
    /// line (a `-W` warning it words only after it has filed the place).
    pub words_in_note: bool,
}

impl Diagnostic {
    /// The words of its notes, those placed in the source (64tass's
    /// `-Wpitfalls` hints at the directive) included.
    pub fn note_texts(&self) -> impl Iterator<Item = &str> {
        let placed = self.secondary.iter().map(|(_, text)| text.as_str());
        self.notes.iter().map(String::as_str).chain(placed)
    }

    /// The message as printed: with the `-W` switch of a warning (and of a
    /// warning made an error: `[-Wjmp-bug]` still), as 64tass 1.58 prints it.
    pub fn headline(&self) -> String {
        match self.switch {
            Some(w) => format!("{} [-W{w}]", self.message),
            None => self.message.clone(),
        }
    }

    /// Is it an error (a warning made an error by `-Werror` is one)?
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Is it one of 64tass's fatal errors (a file that can't be opened, read
    /// or written, a recursion too deep, too many passes), which 64tass
    /// prints as "fatal error" though most let assembly go on?
    pub fn is_fatal(&self) -> bool {
        self.is_error() && FATAL.iter().any(|w| self.message.starts_with(w))
    }

    /// Is it "too many passes" (64tass's assembly given up), which 64tass
    /// gives about no place, with one pass more counted than it ran?
    pub fn gave_up(&self) -> bool {
        self.kind == Kind::NoConvergence && self.is_fatal()
    }

    /// The word the message is printed with: "error", "fatal error" or "warning".
    pub fn severity_word(&self) -> &'static str {
        match self.severity {
            Severity::Error if self.is_fatal() => "fatal error",
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// How 64tass's fatal errors begin (its table of them, in its words).
const FATAL: [&str; 14] = [
    "can't open file",
    "error reading file",
    "can't write object file",
    "can't write listing file",
    "can't write label file",
    "can't write make file",
    "can't write error file",
    "can't write map file",
    "file recursion",
    "macro recursion too deep",
    "function recursion too deep",
    "weak recursion too deep",
    "too many passes",
    "unknown option",
];

/// All diagnostics of one run, in source order of discovery.
#[derive(Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
    sources: Option<Arc<SourceMap>>,
    /// Of a failed assembly: every file it read, sources and binaries.
    read: Vec<std::path::PathBuf>,
    /// For each of `read`, whether it was read by `.binary`.
    read_binary: Vec<bool>,
    /// Of a failed assembly: the warnings it found but does not show.
    hidden_warnings: usize,
}

impl Diagnostics {
    pub(crate) fn new(items: Vec<Diagnostic>, sources: Option<Arc<SourceMap>>) -> Diagnostics {
        Diagnostics {
            items,
            sources,
            read: Vec::new(),
            read_binary: Vec::new(),
            hidden_warnings: 0,
        }
    }

    /// The diagnostics of a failed assembly, which shows its errors only,
    /// with how many warnings it found before it failed (64tass counts
    /// them in its `Warning messages:` line without showing them).
    pub(crate) fn with_hidden_warnings(mut self, count: usize) -> Diagnostics {
        self.hidden_warnings = count;
        self
    }

    /// The diagnostics of a failed assembly, with the files it read before it stopped.
    pub(crate) fn with_files_read(
        mut self,
        read: Vec<std::path::PathBuf>,
        binary: Vec<bool>,
    ) -> Diagnostics {
        self.read = read;
        self.read_binary = binary;
        self
    }

    /// The files a failed assembly read before it stopped, sources and
    /// `.binary` files, in the order first read (64tass names them all in
    /// its `Assembling file:` and `Reading file:` lines, also when it fails);
    /// empty for the warnings of an assembly that succeeded.
    pub fn files_read(&self) -> &[std::path::PathBuf] {
        &self.read
    }

    /// For each of [`Self::files_read`], whether it was read by `.binary`.
    pub fn files_read_binary(&self) -> &[bool] {
        &self.read_binary
    }

    /// The source files the assembly read before it stopped (for a tool that must not
    /// write over them: `.binary` files are not among them).
    pub fn files(&self) -> Vec<std::path::PathBuf> {
        let paths = self.sources.iter().flat_map(|s| s.paths());
        paths.map(|p| p.to_path_buf()).collect()
    }

    /// How many diagnostics, errors and warnings together.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// No errors and no warnings.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Is at least one of them an error?
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// All of them, in the order they were found.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// Only the errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.is_error())
    }

    /// Only the warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| !d.is_error())
    }

    /// Every diagnostic as text: `error: message`, `--> file:line:col`, the
    /// source line and a caret under the offending part, then any notes.
    pub fn render(&self) -> String {
        let config = Config {
            chars: Chars::ascii(),
            ..Config::default()
        };
        let mut out = String::new();
        for d in &self.items {
            let rendered = match (&self.sources, d.span) {
                (Some(sources), Some(span)) if long_line(sources, span).is_some() => {
                    Some(render_long_line(d, sources, span))
                }
                (Some(sources), Some(span)) => {
                    let mut cs = match d.severity {
                        Severity::Error => CsDiagnostic::error(),
                        Severity::Warning => CsDiagnostic::warning(),
                    }
                    .with_message(d.headline())
                    .with_label(Label::primary(span.file, char_range(sources, span)));
                    for (s, msg) in &d.secondary {
                        cs = cs.with_label(
                            Label::secondary(s.file, char_range(sources, *s)).with_message(msg),
                        );
                    }
                    cs = cs.with_notes(d.notes.clone());
                    let files = AtColumn {
                        sources,
                        file: span.file,
                        start: char_range(sources, span).start,
                        column: d.column,
                    };
                    term::emit_into_string(&config, &files, &cs)
                        .ok()
                        .map(|text| match d.is_fatal() {
                            // The renderer knows no such severity.
                            true => text.replacen("error", "fatal error", 1),
                            false => text,
                        })
                }
                _ => None,
            };
            match rendered {
                Some(text) => out.push_str(&text),
                None => {
                    out.push_str(&plain_line(d));
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// The sources as the renderer reads them, with the column the message
/// reports at its place (`-->`): in a changed macro line that is 64tass's
/// column in the macro's text, while the caret stays under the expansion.
struct AtColumn<'a> {
    sources: &'a SourceMap,
    file: crate::source::FileId,
    start: usize,
    column: usize,
}

impl<'a> Files<'a> for AtColumn<'a> {
    type FileId = crate::source::FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: Self::FileId) -> Result<&'a str, FilesError> {
        self.sources.name(id)
    }

    fn source(&'a self, id: Self::FileId) -> Result<&'a str, FilesError> {
        self.sources.source(id)
    }

    fn line_index(&'a self, id: Self::FileId, byte_index: usize) -> Result<usize, FilesError> {
        self.sources.line_index(id, byte_index)
    }

    fn line_number(&'a self, id: Self::FileId, line_index: usize) -> Result<usize, FilesError> {
        self.sources.line_number(id, line_index)
    }

    fn line_range(
        &'a self,
        id: Self::FileId,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, FilesError> {
        self.sources.line_range(id, line_index)
    }

    fn column_number(
        &'a self,
        id: Self::FileId,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        if id == self.file && byte_index == self.start && self.column > 0 {
            return Ok(self.column);
        }
        self.sources.column_number(id, line_index, byte_index)
    }
}

/// Lines longer than this are shown cut down to the part around the caret.
const LONG_LINE: usize = 1000;
/// How much of a long line is shown on each side of the caret.
const AROUND: usize = 60;

/// The byte range of the line `span` starts on, if that line is longer than
/// [`LONG_LINE`] (a line of a million values would be printed whole for each message).
fn long_line(sources: &SourceMap, span: Span) -> Option<std::ops::Range<usize>> {
    let file = sources.try_get(span.file).ok()?;
    let start = char_range(sources, span).start;
    let (from, to) = file.line_span(file.line_index(start));
    (to - from > LONG_LINE).then_some(from..to)
}

/// A message on a long line, laid out as the renderer lays out the others, with the
/// line cut to [`AROUND`] bytes on each side of the caret (`...` where it is cut).
fn render_long_line(d: &Diagnostic, sources: &SourceMap, span: Span) -> String {
    let file = sources.get(span.file);
    let text = file.text();
    let line = long_line(sources, span).unwrap_or(0..0);
    let at = char_range(sources, span);
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let from = floor(at.start.saturating_sub(AROUND).max(line.start));
    let caret_end = floor(at.end.min(at.start + AROUND).max(at.start));
    let to = floor((caret_end + AROUND).min(line.end));
    let (before, after) = (
        if from > line.start { "..." } else { "" },
        if to < line.end { "..." } else { "" },
    );
    let sev = d.severity_word();
    let number = d.line.to_string();
    let pad = " ".repeat(number.len());
    let indent = before.len() + text[from..at.start].chars().count();
    let carets = text[at.start..caret_end].chars().count().max(1);
    let mut out = format!(
        "{sev}: {}\n{pad} --> {}:{}:{}\n{pad} |\n{number} | {before}{}{after}\n{pad} | {}{}\n",
        d.headline(),
        d.file,
        d.line,
        d.column,
        &text[from..to],
        " ".repeat(indent),
        "^".repeat(carets)
    );
    for note in &d.notes {
        out.push_str(&format!("{pad} = {note}\n"));
    }
    out.push('\n');
    out
}

/// The span as a byte range widened to character boundaries and clamped to the
/// text (the renderer slices the source with it).
fn char_range(sources: &SourceMap, span: Span) -> std::ops::Range<usize> {
    let Ok(file) = sources.try_get(span.file) else {
        return 0..0;
    };
    let text = file.text();
    let mut start = (span.start as usize).min(text.len());
    let mut end = (span.end as usize).clamp(start, text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

fn plain_line(d: &Diagnostic) -> String {
    let sev = d.severity_word();
    let mut s = if d.line > 0 {
        format!(
            "{}:{}:{}: {sev}: {}",
            d.file,
            d.line,
            d.column,
            d.headline()
        )
    } else if !d.file.is_empty() {
        format!("{}: {sev}: {}", d.file, d.headline())
    } else {
        format!("{sev}: {}", d.headline())
    };
    for n in &d.notes {
        s.push_str("\n  = ");
        s.push_str(n);
    }
    s
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl fmt::Debug for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}
