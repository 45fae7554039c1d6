//! Errors and warnings with file:line:col, rendered with the source line and a
//! caret by `codespan-reporting`.

use std::fmt;
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::term::{self, Chars, Config};

use crate::source::{SourceMap, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// What went wrong, so callers and tests can match on it without parsing text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Syntax,
    UnknownMnemonic,
    UnknownDirective,
    AddressingMode,
    IllegalOpcode,
    UndefinedSymbol,
    DuplicateLabel,
    ValueOutOfRange,
    BranchOutOfRange,
    DivisionByZero,
    IncludeNotFound,
    MacroMisuse,
    ConditionalMismatch,
    Encoding,
    Overlap,
    AddressOverflow,
    UserError,
    UserWarning,
    NoConvergence,
    Io,
    /// A type or operation the values don't support.
    Type,
    /// A 64tass feature c64kit does not implement (yet): never silently ignored.
    NotSupported,
    /// A resource limit (macro expansion, file size, nesting) was reached.
    Limit,
    /// A warning 64tass also gives, named by its `-W` switch.
    Warning,
}

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub kind: Kind,
    pub message: String,
    /// Display name of the file, 1-based line and column of the caret.
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub notes: Vec<String>,
    /// The `-W` switch that controls this diagnostic, if any.
    pub switch: Option<&'static str>,
    pub(crate) span: Option<Span>,
    pub(crate) secondary: Vec<(Span, String)>,
}

impl Diagnostic {
    /// The message as printed: with the `-W` switch of a warning (and of a
    /// warning made an error), as 64tass prints it.
    pub fn headline(&self) -> String {
        match (self.switch, self.severity) {
            (Some(w), Severity::Warning) => format!("{} [-W{w}]", self.message),
            (Some(w), Severity::Error) => format!("{} [-Werror={w}]", self.message),
            (None, _) => self.message.clone(),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// All diagnostics of one run, in source order of discovery.
#[derive(Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
    sources: Option<Arc<SourceMap>>,
}

impl Diagnostics {
    pub(crate) fn new(items: Vec<Diagnostic>, sources: Option<Arc<SourceMap>>) -> Diagnostics {
        Diagnostics { items, sources }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn has_errors(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.is_error())
    }

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
                    term::emit_into_string(&config, sources.as_ref(), &cs).ok()
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
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
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
