//! Places in a test file and messages about them, rendered as the assembler renders
//! its errors: `error: message`, `--> file:line:col`, the line and a caret.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Chars, Config};

/// A test file's name (as given) and text.
#[derive(Debug)]
pub struct FileText {
    /// The path as the user gave it (or as discovery found it).
    pub name: String,
    /// The whole file.
    pub text: String,
}

/// A byte range of a test file.
#[derive(Clone, Debug)]
pub struct Place {
    /// The file.
    pub file: Arc<FileText>,
    /// Bytes of the text.
    pub span: Range<usize>,
}

impl Place {
    /// 1-based line and column (in characters) of the start.
    pub fn line_col(&self) -> (usize, usize) {
        let text = &self.file.text;
        let start = self.span.start.min(text.len());
        let before = &text[..floor_char(text, start)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    /// `file:line:col`.
    pub fn location(&self) -> String {
        let (l, c) = self.line_col();
        format!("{}:{l}:{c}", self.file.name)
    }

    /// The `--> file:line:col` line, the source line and a caret under the place,
    /// with `label` beside the caret.
    pub fn snippet(&self, label: &str) -> String {
        let rendered = self.render(Diagnostic::error(), label, &[]);
        // Without the header line the renderer puts first.
        rendered
            .split_once('\n')
            .map_or(String::new(), |(_, rest)| rest.to_string())
    }

    fn render(&self, d: Diagnostic<()>, label: &str, notes: &[String]) -> String {
        let config = Config {
            chars: Chars::ascii(),
            ..Config::default()
        };
        let text = &self.file.text;
        let start = floor_char(text, self.span.start.min(text.len()));
        let mut end = self.span.end.clamp(start, text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let file = SimpleFile::new(self.file.name.as_str(), text.as_str());
        let d = d
            .with_label(Label::primary((), start..end).with_message(label))
            .with_notes(notes.to_vec());
        term::emit_into_string(&config, &file, &d)
            .unwrap_or_else(|_| format!("{}: {label}\n", self.location()))
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A problem with a test file: where, what, and notes (`= did you mean ...`).
#[derive(Clone, Debug)]
pub struct Diag {
    /// Where.
    pub place: Place,
    /// What is wrong.
    pub message: String,
    /// Further explanations.
    pub notes: Vec<String>,
}

impl Diag {
    /// A problem at `place`.
    pub fn new(place: Place, message: impl Into<String>) -> Diag {
        Diag {
            place,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// With a note.
    pub fn note(mut self, note: impl Into<String>) -> Diag {
        self.notes.push(note.into());
        self
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = Diagnostic::error().with_message(&self.message);
        f.write_str(self.place.render(d, "", &self.notes).trim_end())
    }
}

/// The problems of one or more test files.
#[derive(Clone, Debug, Default)]
pub struct Diags(pub Vec<Diag>);

impl fmt::Display for Diags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diag_names_line_and_column_with_a_caret() {
        let file = Arc::new(FileText {
            name: "t.test.toml".into(),
            text: "[program]\nsource = 5\n".into(),
        });
        let place = Place { file, span: 19..20 };
        assert_eq!(place.line_col(), (2, 10));
        let d = Diag::new(place, "a source is a file name").note("source = \"main.asm\"");
        let text = d.to_string();
        assert!(
            text.starts_with("error: a source is a file name\n"),
            "{text}"
        );
        assert!(text.contains("--> t.test.toml:2:10"), "{text}");
        assert!(text.contains("2 | source = 5"), "{text}");
        assert!(text.contains("^"), "{text}");
        assert!(text.contains("= source = \"main.asm\""), "{text}");
    }
}
