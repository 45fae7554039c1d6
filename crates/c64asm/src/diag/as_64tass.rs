//! Diagnostics laid out as 64tass 1.58 prints them, for editors and build
//! tools that read its output (VS64, Vim's errorformat, Emacs compilation
//! mode, `^(.*):(\d+):(\d+): (error|warning): (.*)$` problem matchers): one
//! line `file:line:col: error: text` per message and note, each followed (by
//! default) by the source line and a line with the caret; "In file included
//! from" lines above a message in a macro expansion.

use std::fmt::Write;

use unicode_width::UnicodeWidthChar;

use super::{Diagnostic, Diagnostics, NotePlace};
use crate::printable::{escape, shown_as_is};
use crate::source::{SourceMap, Span};

/// When the source line and caret are shown under a message (64tass's
/// `--caret-diag`, the default; `--macro-caret-diag`; `--no-caret-diag`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Caret {
    /// Under every message with a place.
    #[default]
    Always,
    /// Only under a macro expansion's line that its arguments changed.
    Macro,
    /// Never.
    Never,
}

/// How the messages are written: 64tass's switches and what it knows of its run.
#[derive(Clone, Copy, Debug)]
pub struct TassStyle<'a> {
    /// When the source line and caret are shown.
    pub caret: Caret,
    /// Warnings shown (false with `-w`: neither shown nor counted).
    pub warnings: bool,
    /// The program's name, for a message about no file (`64tass: fatal error: ...`).
    pub program: &'a str,
    /// ANSI colours and bold, as 64tass uses them on a terminal.
    pub color: bool,
}

/// The messages' text and how many errors and warnings 64tass counts in
/// them (its `Error messages:` and `Warning messages:` lines).
pub struct TassReport {
    /// The messages, each line ended by a line break.
    pub text: String,
    /// Errors, fatal ones included.
    pub errors: usize,
    /// Warnings: also those left out because there are errors.
    pub warnings: usize,
}

/// One line 64tass keeps in its list of messages: a message or a note.
#[derive(PartialEq)]
struct Entry {
    severity: &'static str,
    /// `file:line:col`, `file`, or the program's name.
    place: String,
    text: String,
    /// The source line shown under it and the caret's byte offset in it; and
    /// whether it is a macro expansion's line that differs from the macro's
    /// text (64tass keeps a copy of those: `--macro-caret-diag` shows only them).
    shown: Option<(String, usize, bool)>,
    /// The macro calls (and includes) that led here, outermost last, as
    /// `file:line:col`; empty when 64tass names none.
    node: Vec<String>,
    /// Told apart from the message before (a warning and the notes after it
    /// are left out when there are errors).
    note: bool,
}

const BOLD: &str = "\x1b[1m";
const DEFAULT_BOLD: &str = "\x1b[0;1m";
const DEFAULT: &str = "\x1b[m";
const REVERSE: &str = "\x1b[7m";

impl Diagnostics {
    /// Every diagnostic in 64tass's layout, in the order found; with errors,
    /// the warnings are left out (and counted), as 64tass leaves them out.
    pub fn render_64tass(&self, style: &TassStyle) -> TassReport {
        let entries: Vec<Entry> = self.iter().flat_map(|d| self.entries(d, style)).collect();
        let any_error = entries.iter().any(|e| !e.note && e.severity != "warning");
        let (mut errors, mut warnings) = (0, 0);
        let mut shown: Vec<&Entry> = Vec::new();
        let mut keep_notes = false;
        for e in &entries {
            if e.note {
                if keep_notes {
                    shown.push(e);
                }
                continue;
            }
            keep_notes = true;
            if e.severity == "warning" {
                if !style.warnings {
                    keep_notes = false;
                    continue;
                }
                warnings += 1;
                if any_error {
                    keep_notes = false;
                    continue;
                }
            } else {
                errors += 1;
            }
            shown.push(e);
        }
        if style.warnings {
            warnings += self.hidden_warnings;
        }
        let mut text = String::new();
        let mut node: Option<&[String]> = None;
        for (i, e) in shown.iter().enumerate() {
            // 64tass prints a message when the one two after it comes: a note
            // the same as it takes its place (one "searched in the global
            // scope" for a row of errors), and the caret is left out when that
            // note, or else the next message, is at the same place.
            let after = match shown.get(i + 2) {
                Some(n) if n.note => Some(n),
                _ => shown.get(i + 1),
            };
            if shown.get(i + 2).is_some_and(|n| n.note && **n == **e) {
                continue;
            }
            if node != Some(&e.node) {
                write_node(&mut text, &e.node, style.color);
                node = Some(&e.node);
            }
            let caret = match (&e.shown, style.caret) {
                (None, _) | (_, Caret::Never) => None,
                (Some((_, _, false)), Caret::Macro) => None,
                (Some(s), _) if after.is_none_or(|n| n.place != e.place || n.shown != e.shown) => {
                    Some(s)
                }
                _ => None,
            };
            write_entry(&mut text, e, caret, style.color);
        }
        TassReport {
            text,
            errors,
            warnings,
        }
    }

    /// The message and the notes 64tass gives for one diagnostic.
    fn entries(&self, d: &Diagnostic, style: &TassStyle) -> Vec<Entry> {
        // 64tass gives "too many passes" about no place (c64kit's own
        // layout shows where the source starts).
        let sources = self.sources.as_deref().filter(|_| !d.gave_up());
        let node = match (sources, d.span) {
            (Some(s), Some(span)) => node_of(s, span, &d.chain),
            _ => Vec::new(),
        };
        let place = match (d.line, d.file.is_empty()) {
            _ if d.gave_up() => printable(style.program),
            (0, true) => printable(style.program),
            (0, false) => printable(&d.file),
            _ => format!("{}:{}:{}", printable(&d.file), d.line, d.column),
        };
        let words = printable(&d.headline());
        let late_words = d.expanded.as_ref().is_some_and(|x| x.words_in_note);
        let shown = match (sources, d.span) {
            // Shown at a call's argument: the call's line as its file has it.
            (Some(s), Some(span)) if d.expanded.is_some() || found_later(d) => {
                Some(file_line(s, span, d.column))
            }
            (Some(s), Some(span)) => Some(shown_line(s, span)),
            _ => None,
        };
        let mut out = vec![Entry {
            severity: d.severity_word(),
            place,
            text: if late_words {
                String::new()
            } else {
                words.clone()
            },
            shown,
            node: node.clone(),
            note: false,
        }];
        // Moved to a call's argument: where it was in the expansion.
        let mut inner = node;
        if let (Some(s), Some(x)) = (sources, &d.expanded) {
            inner = node_of(s, x.span, &x.chain);
            let (line, _) = s.get(x.span.file).line_col(x.span.start as usize);
            let (line, name) = display_line(s, x.span.file, line);
            let mut text = String::from("original location in an expanded macro was here");
            if x.words_in_note {
                text.push_str(&words);
            }
            out.push(Entry {
                severity: "note",
                place: format!("{}:{line}:{}", printable(&name), x.column),
                text,
                shown: Some(shown_line(s, x.span)),
                node: inner.clone(),
                note: true,
            });
        }
        if let Some(s) = sources {
            // A note of 64tass's own takes the place of c64kit's in the same words.
            let replaced = |t: &String| d.tass_note.as_ref().is_some_and(|n| n.text == *t);
            for (span, text) in d.secondary.iter().filter(|(_, t)| !replaced(t)) {
                out.push(placed_note(s, *span, &[], text));
            }
        }
        if let Some(n) = &d.tass_note {
            let unplaced = |place, node| Entry {
                severity: "note",
                place,
                text: printable(&n.text),
                shown: None,
                node,
                note: true,
            };
            out.push(match (sources, n.at) {
                (Some(s), NotePlace::At(span)) => placed_note(s, span, &n.chain, &n.text),
                (_, NotePlace::Program) => unplaced(printable(style.program), Vec::new()),
                (_, _) => unplaced(printable(&d.file), inner.clone()),
            });
        }
        // A note of 64tass's own takes the place of c64kit's in the same words.
        let replaced = |n: &String| d.tass_note.as_ref().is_some_and(|t| t.text == *n);
        for text in d.notes.iter().filter(|n| tass_note(n) && !replaced(n)) {
            out.push(Entry {
                severity: "note",
                place: printable(&d.file),
                text: printable(text),
                shown: None,
                node: inner.clone(),
                note: true,
            });
        }
        out
    }
}

/// A note at a place in a file (reached through the macro calls `chain`),
/// with its line and caret.
fn placed_note(s: &SourceMap, span: Span, chain: &[Span], text: &str) -> Entry {
    let (line, column) = s.get(span.file).line_col(span.start as usize);
    let (line, name) = display_line(s, span.file, line);
    // A note keeps no copy of its line: a macro's line is shown as its
    // text has it (and not under `--macro-caret-diag`).
    let shown = match chain.is_empty() {
        true => shown_line(s, span),
        false => file_line(s, span, column),
    };
    Entry {
        severity: "note",
        place: format!("{}:{line}:{column}", printable(&name)),
        text: printable(text),
        shown: Some((shown.0, shown.1, false)),
        node: node_of(s, span, chain),
        note: true,
    }
}

/// A warning 64tass finds after it has left the line (a definition that
/// hides another, one never used): it shows the line as the file has it.
fn found_later(d: &Diagnostic) -> bool {
    d.switch
        .is_some_and(|w| w == "shadow" || w.starts_with("unused"))
}

/// Whether a note of c64kit's is one 64tass gives too (not a macro call's
/// place, an explanation of c64kit's own, nor its count of the messages it
/// leaves out).
fn tass_note(note: &str) -> bool {
    note.starts_with("searched in ") || note.ends_with("[-Wpitfalls]")
}

/// The places of the macro calls and includes that led to `span`
/// (`chain`: outermost first), innermost first, when 64tass names them:
/// when a file on the way was entered more than once in the pass (a macro's
/// or a function's file, entered for its definition and again for the call;
/// a file included twice, or one whose structure was defined or macro called).
fn node_of(sources: &SourceMap, span: Span, chain: &[Span]) -> Vec<String> {
    let files: Vec<u32> = std::iter::once(span.file)
        .chain(chain.iter().rev().map(|s| s.file))
        .collect();
    let real: Vec<u32> = files.iter().map(|&f| sources.origin(f, 0).0).collect();
    let entered_again = |i: usize| {
        sources.get(files[i]).expansion.is_some()
            || sources.entered_again.contains(&real[i])
            || real
                .iter()
                .enumerate()
                .any(|(j, &r)| j != i && r == real[i])
    };
    match (0..chain.len()).any(entered_again) {
        true => chain
            .iter()
            .rev()
            .map(|s| printable(&sources.location(*s)))
            .collect(),
        false => Vec::new(),
    }
}

/// The line `span` is on as its file has it (a macro's line in the macro's
/// text, not as a call expanded it), with the caret at `column`.
fn file_line(sources: &SourceMap, span: Span, column: usize) -> (String, usize, bool) {
    let file = sources.get(span.file);
    let index = file.line_index((span.start as usize).min(file.text().len()));
    let (origin, at) = sources.origin(span.file, index as u32);
    let line = sources.get(origin).line(at as usize);
    let kept = line.trim_end_matches([' ', '\t']);
    let caret = kept
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(kept.len(), |(i, _)| i);
    (kept.to_string(), caret, false)
}

/// A line's number and file name as messages give them (a macro
/// expansion's line is its macro's line in the macro's file).
fn display_line(sources: &SourceMap, file: u32, line: usize) -> (usize, String) {
    let (f, index) = sources.origin(file, (line - 1) as u32);
    (index as usize + 1, sources.get(f).name.to_string())
}

/// The line `span` starts on, as 64tass keeps it (without the spaces and
/// tabs at its end), the caret's byte offset in it, and whether it is a
/// macro expansion's line that differs from the macro's text.
fn shown_line(sources: &SourceMap, span: Span) -> (String, usize, bool) {
    let file = sources.get(span.file);
    let start = (span.start as usize).min(file.text().len());
    let index = file.line_index(start);
    let (from, _) = file.line_span(index);
    let line = file.line(index);
    let kept = line.trim_end_matches([' ', '\t']);
    let caret = (start - from.min(start)).min(kept.len());
    let (origin, at) = sources.origin(span.file, index as u32);
    let changed = file.expansion.is_some()
        && sources
            .get(origin)
            .line(at as usize)
            .trim_end_matches([' ', '\t'])
            != kept;
    (kept.to_string(), caret, changed)
}

/// "In file included from a.asm:5:3," and the lines under it, for `node`.
fn write_node(out: &mut String, node: &[String], color: bool) {
    for (i, place) in node.iter().enumerate() {
        out.push_str(if i == 0 {
            "In file included from "
        } else {
            "                      "
        });
        let (b, d) = if color { (BOLD, DEFAULT) } else { ("", "") };
        let end = if i + 1 == node.len() { ":\n" } else { ",\n" };
        let _ = write!(out, "{b}{place}{d}{end}");
    }
}

/// One message: its line, and under it the source line and the caret.
fn write_entry(out: &mut String, e: &Entry, caret: Option<&(String, usize, bool)>, color: bool) {
    if !color {
        let _ = writeln!(out, "{}: {}: {}", e.place, e.severity, e.text);
    } else {
        let (hue, after) = match e.severity {
            "note" => ("\x1b[36m", DEFAULT),
            "warning" => ("\x1b[35m", DEFAULT_BOLD),
            _ => ("\x1b[31m", DEFAULT_BOLD),
        };
        let reset = if e.severity == "note" { "" } else { DEFAULT };
        let _ = writeln!(
            out,
            "{BOLD}{}: {hue}{}: {after}{}{reset}",
            e.place, e.severity, e.text
        );
    }
    if let Some((line, at, _)) = caret {
        out.push(' ');
        out.push_str(&printable_in(line, color));
        out.push_str("\n ");
        out.push_str(&caret_indent(&line[..*at]));
        out.push_str(if color { "\x1b[1;32m^\x1b[m\n" } else { "^\n" });
    }
}

/// Text with the characters 64tass doesn't show as they are written as
/// `<A0>` or `<U+200B>` (in reverse video on a terminal).
fn printable_in(text: &str, color: bool) -> String {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if shown_as_is(c) {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        } else {
            if color {
                out.extend_from_slice(REVERSE.as_bytes());
            }
            escape(c, &mut out);
            if color {
                out.extend_from_slice(DEFAULT.as_bytes());
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn printable(text: &str) -> String {
    printable_in(text, false)
}

/// What goes before the caret: a space per column the text before it takes
/// on a terminal (two for a wide character, none for a combining one, the
/// width of `<A0>` for one shown so), the tabs kept as tabs.
fn caret_indent(before: &str) -> String {
    let mut out = String::new();
    let mut spaces = 0;
    for c in before.chars() {
        if c == '\t' {
            out.extend(std::iter::repeat_n(' ', spaces));
            out.push('\t');
            spaces = 0;
        } else if shown_as_is(c) {
            spaces += c.width().unwrap_or(0);
        } else {
            let mut escaped = Vec::new();
            escape(c, &mut escaped);
            spaces += escaped.len();
        }
    }
    out.extend(std::iter::repeat_n(' ', spaces));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages for `source` (with `-a`) as 64tass 1.58 prints them.
    fn tass(source: &str, caret: Caret) -> String {
        let opts = crate::Options {
            ascii: true,
            ..crate::Options::default()
        };
        let diags = match crate::assemble_str("t.asm", source, &opts) {
            Ok(p) => p.warnings,
            Err(d) => d,
        };
        let style = TassStyle {
            caret,
            warnings: true,
            program: "64tass",
            color: false,
        };
        diags.render_64tass(&style).text
    }

    // Each expected text is 64tass 1.58's output for the same source.

    #[test]
    fn tabs_before_the_caret_stay_tabs() {
        assert_eq!(
            tass("\tlda #1\n\tlda\t#$1234\n", Caret::Always),
            "t.asm:2:7: error: too large for a 8 bit unsigned integer bits '$1234'\n \
             \tlda\t#$1234\n \t   \t ^\n"
        );
    }

    #[test]
    fn a_wide_character_takes_two_columns() {
        assert_eq!(
            tass("日本 lda #$1234\n", Caret::Always),
            "t.asm:1:9: error: too large for a 8 bit unsigned integer bits '$1234'\n \
             日本 lda #$1234\n           ^\n"
        );
        assert_eq!(
            tass(" .text \"é\"\n", Caret::Always),
            "t.asm:1:9: error: can't encode character 'é' (U+00E9)\n  .text \"é\"\n         ^\n"
        );
    }

    #[test]
    fn a_message_in_a_macro_names_the_call_and_the_expansion() {
        let source = "m .macro\n lda #\\1+1\n .endm\n #m 300\n";
        assert_eq!(
            tass(source, Caret::Always),
            "t.asm:4:5: error: too large for a 8 bit unsigned integer int '301'\n  #m 300\n     ^\n\
             In file included from t.asm:4:2:\n\
             t.asm:2:7: note: original location in an expanded macro was here\n  lda #300+1\n       ^\n"
        );
        // `--macro-caret-diag`: only the expanded line; `--no-caret-diag`: none.
        assert_eq!(
            tass(source, Caret::Macro),
            "t.asm:4:5: error: too large for a 8 bit unsigned integer int '301'\n\
             In file included from t.asm:4:2:\n\
             t.asm:2:7: note: original location in an expanded macro was here\n  lda #300+1\n       ^\n"
        );
        assert_eq!(
            tass(source, Caret::Never),
            "t.asm:4:5: error: too large for a 8 bit unsigned integer int '301'\n\
             In file included from t.asm:4:2:\n\
             t.asm:2:7: note: original location in an expanded macro was here\n"
        );
    }

    #[test]
    fn a_warning_and_a_note() {
        assert_eq!(
            tass(" .warn \"careful\"\n", Caret::Always),
            "t.asm:1:2: warning: careful\n  .warn \"careful\"\n  ^\n"
        );
        assert_eq!(
            tass("x = 1\nx = 2\n", Caret::Always),
            "t.asm:2:1: error: duplicate definition 'x'\n x = 2\n ^\n\
             t.asm:1:1: note: original definition of 'x' was here\n x = 1\n ^\n"
        );
        assert_eq!(
            tass(" jmp nowhere\n", Caret::Always),
            "t.asm:1:6: error: not defined symbol 'nowhere'\n  jmp nowhere\n      ^\n\
             t.asm: note: searched in the global scope\n"
        );
    }

    /// 64tass gives up on a source that never settles about no place (its
    /// own name), where c64kit's own layout shows the source's start.
    #[test]
    fn too_many_passes_names_no_place() {
        assert_eq!(
            tass(
                "* = $f0\n lda lbl\n .fill lbl < $100 ? 20 : 0\nlbl nop\n",
                Caret::Always
            ),
            "t.asm:4:1: error: can't calculate stable value 'lbl'\n lbl nop\n ^\n\
             64tass: fatal error: too many passes\n"
        );
    }

    /// "not a variable" of a constant looked for in a scope (`.k in scope`)
    /// comes with where it was defined; the same note under two messages in
    /// a row is given once, after the second.
    #[test]
    fn a_member_test_of_a_constant_names_its_definition() {
        assert_eq!(
            tass(
                "scope .block\nk = 1\n .bend\n .byte .k in scope\n .text repr(.k in scope)\n",
                Caret::Always
            ),
            "t.asm:4:8: error: not a variable 'k'\n  .byte .k in scope\n        ^\n\
             t.asm:5:13: error: not a variable 'k'\n  .text repr(.k in scope)\n             ^\n\
             t.asm:2:1: note: original definition of 'k' was here\n k = 1\n ^\n"
        );
    }

    /// An editor's problem matcher (VS Code's, Vim's errorformat `%f:%l:%c:
    /// %t%*[^:]: %m`) finds every message line.
    #[test]
    fn every_message_line_matches_a_problem_matcher() {
        let text = tass(" jmp nowhere\nx = 1\nx = 2\n .warn \"w\"\n", Caret::Always);
        let messages = text
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.starts_with("In file"));
        for line in messages {
            let (place, rest) = line.split_once(": ").expect(line);
            let parts: Vec<&str> = place.rsplitn(3, ':').collect();
            let numbers = parts.len() == 3 && parts[..2].iter().all(|p| p.parse::<u32>().is_ok());
            let kind = ["error: ", "warning: ", "note: "]
                .iter()
                .any(|k| rest.starts_with(k));
            assert!(kind && (numbers || line.contains(": note: ")), "{line}");
        }
    }
}
