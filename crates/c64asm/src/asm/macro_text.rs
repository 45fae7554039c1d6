//! The text of a macro call, without the assembler: the arguments split at
//! top-level commas, the parameter list, and a body line with the
//! parameters substituted (`\1`, `\name`, `\{name}`, `\@`; not inside
//! strings or comments). [`super::macros`] files the texts and runs them.

use std::rc::Rc;

use crate::syntax::scan::ident_len;

/// Split macro arguments at top-level commas (quotes and brackets kept whole).
pub fn split_args(text: &str) -> Vec<String> {
    split_args_at(text)
        .into_iter()
        .map(|(s, e)| text[s..e].to_string())
        .collect()
}

/// The byte ranges of the arguments in `text`, trimmed.
pub fn split_args_at(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    split_args_into(text, &mut out);
    out
}

/// [`split_args_at`] into `out` (emptied first): a caller that splits
/// often keeps one vector for it.
pub fn split_args_into(text: &str, out: &mut Vec<(usize, usize)>) {
    out.clear();
    let trimmed = |s: usize, e: usize| {
        let part = &text[s..e];
        let lead = part.len() - part.trim_start().len();
        let trail = part.len() - part.trim_end().len();
        (s + lead, (e - trail).max(s + lead))
    };
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut quote: Option<u8> = None;
    let mut start = 0;
    let mut end = bytes.len();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(q) => {
                if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'"' | b'\'' => quote = Some(b),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b';' => {
                    end = i;
                    break;
                }
                b',' if depth <= 0 => {
                    out.push(trimmed(start, i));
                    start = i + 1;
                }
                _ => {}
            },
        }
        i += 1;
    }
    let last = trimmed(start, end);
    if last.1 > last.0 || !out.is_empty() {
        out.push(last);
    }
}

/// A call's arguments: their byte ranges in the arguments' text (as
/// [`split_args_at`] gives them), read in place.
#[derive(Clone, Copy)]
pub struct MacroArgs<'a> {
    pub text: &'a str,
    pub at: &'a [(usize, usize)],
}

impl<'a> MacroArgs<'a> {
    fn get(&self, n: usize) -> Option<&'a str> {
        let &(s, e) = self.at.get(n)?;
        self.text.get(s..e)
    }

    fn len(&self) -> usize {
        self.at.len()
    }
}

/// Replace parameter references in one body line.
#[cfg(test)]
fn substitute(
    line: &str,
    params: &[(Rc<str>, Option<Rc<str>>)],
    args: &[String],
    all: &str,
    missing: &str,
) -> Result<String, String> {
    let mut faults = Vec::new();
    let mut out = String::new();
    // The arguments one after the other, each its range.
    let text = args.concat();
    let mut at = Vec::new();
    for a in args {
        let start = at.last().map_or(0, |&(_, e)| e);
        at.push((start, start + a.len()));
    }
    let args = MacroArgs {
        text: &text,
        at: &at,
    };
    let mut found = LineRefs::default();
    scan_line(line, params, true, false, &mut found);
    fill_line(
        line,
        &found.refs,
        &found.unknown,
        params,
        args,
        all,
        missing,
        &mut out,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut faults,
    );
    match faults.into_iter().next() {
        Some(f) => Err(f.msg),
        None => Ok(out),
    }
}

/// 64tass's ordinal of a 0-based argument index: "1st", "2nd", "3rd",
/// "4th", ... (one character of digit, as 64tass writes it: past the 9th
/// it is the next character in the code table, `:th`).
fn ordinal(n: usize) -> String {
    let digit = (n as u8).wrapping_add(b'1') as char;
    let suffix = ["st", "nd", "rd", "th"][n.min(3)];
    format!("{digit}{suffix}")
}

/// The argument number a mark gives `\@`'s text (all the arguments).
pub const ALL_ARGUMENTS: usize = u16::MAX as usize;

/// Where a macro line's text was replaced: the argument's text in the
/// expansion (`start` on, `len` bytes) and the reference it replaced in the
/// macro's line (`raw` on, `raw_len` bytes). 64tass reports a column of a
/// changed line in the macro's text by these (see `macro_column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Substitution {
    pub start: u32,
    pub len: u32,
    pub raw: u32,
    pub raw_len: u32,
}

impl Substitution {
    fn new(start: usize, len: usize, raw: usize, raw_len: usize) -> Self {
        let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        Substitution {
            start: n(start),
            len: n(len),
            raw: n(raw),
            raw_len: n(raw_len),
        }
    }
}

/// A column of a changed macro line as 64tass reports it: counted in the
/// macro's text, not the expansion's. A place inside a substituted text is
/// the reference's place; past one, the texts' difference in length is taken
/// off. `subs` are the line's substitutions (line-relative, in order); `pos`
/// is a byte offset in the expanded line.
pub fn macro_column(subs: &[Substitution], pos: u32) -> u32 {
    let mut out = pos;
    for s in subs {
        if s.start > pos {
            break;
        }
        if s.start + s.len > pos {
            return s.raw;
        }
        out = (out + s.raw_len).saturating_sub(s.len);
    }
    out
}

/// Where a parameter is referred to in a macro's line: what replaces the
/// reference (`\1`, `\name`, `\{name}`: an argument; `-T`'s `@1`: an
/// argument without its quotes; `\@`: all of them) and the reference's
/// place in the line (`at` on, `len` bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ref {
    at: u32,
    len: u32,
    what: Place,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Arg(u32),
    Unquoted(u32),
    All,
}

/// A macro line's references and the names in it no parameter has, found
/// once for the macro ([`scan_line`]): what a call does to the line depends
/// only on the line, the parameters and `-C`/`-T`, so each call substitutes
/// into these places ([`fill_line`]) instead of reading the line again.
#[derive(Default)]
pub struct LineRefs {
    pub refs: Vec<Ref>,
    /// "unknown argument name" messages, with their places in the line.
    pub unknown: Vec<(String, usize)>,
}

/// Find the parameter references of one body line (not inside strings or
/// comments, but `-T`'s `@1`..`@9` anywhere, as in 64tass), appending them
/// to `found`.
pub fn scan_line(
    line: &str,
    params: &[(Rc<str>, Option<Rc<str>>)],
    case_sensitive: bool,
    tasm: bool,
    found: &mut LineRefs,
) {
    let bytes = line.as_bytes();
    // A parameter is named as symbols are: in any case unless `-C`.
    let find = |name: &str| {
        params.iter().position(|p| {
            let p = p.0.as_ref();
            p == name
                || (!case_sensitive
                    && (p.eq_ignore_ascii_case(name)
                        || (!(p.is_ascii() && name.is_ascii())
                            && p.to_lowercase() == name.to_lowercase())))
        })
    };
    let mut push = |at: usize, len: usize, what: Place| {
        let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        found.refs.push(Ref {
            at: n(at),
            len: n(len),
            what,
        });
    };
    let arg = |n: usize| Place::Arg(u32::try_from(n).unwrap_or(u32::MAX));
    let mut quote: Option<u8> = None;
    let mut i = 0;
    let mut comment = false;
    while i < bytes.len() {
        let b = bytes[i];
        if tasm && b == b'@' && matches!(bytes.get(i + 1), Some(b'1'..=b'9')) {
            push(i, 2, Place::Unquoted(u32::from(bytes[i + 1] - b'1')));
            i += 2;
            continue;
        }
        if comment {
            i += 1;
            continue;
        }
        if let Some(q) = quote {
            if b == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match b {
            b'"' | b'\'' => {
                quote = Some(b);
                i += 1;
            }
            b';' if tasm => {
                comment = true;
                i += 1;
            }
            b';' => break,
            b'\\' if i + 1 < bytes.len() => {
                let c = bytes[i + 1];
                let (what, len) = if c.is_ascii_digit() && c != b'0' {
                    (arg((c - b'1') as usize), 2)
                } else if c == b'@' {
                    (Place::All, 2)
                } else if c == b'{' {
                    // `\{name}`: a name and its closing brace right after it;
                    // anything else (`\{1}`, `\{a b}`, no `}`) is no reference,
                    // and 64tass leaves the backslash in the text.
                    let len = ident_len(line, i + 2, true);
                    let close = i + 2 + len;
                    if len == 0 || bytes.get(close) != Some(&b'}') {
                        i += 1;
                        continue;
                    }
                    let name = &line[i + 2..close];
                    let Some(n) = find(name) else {
                        found
                            .unknown
                            .push((format!("unknown argument name '{name}'"), i));
                        i = close + 1;
                        continue;
                    };
                    (arg(n), close + 1 - i)
                } else if c.is_ascii_alphabetic() || c == b'_' {
                    let len = ident_len(line, i + 1, true);
                    let name = &line[i + 1..i + 1 + len];
                    match find(name) {
                        Some(n) => (arg(n), len + 1),
                        None => {
                            found
                                .unknown
                                .push((format!("unknown argument name '{name}'"), i));
                            i += len + 1;
                            continue;
                        }
                    }
                } else {
                    i += 1;
                    continue;
                };
                push(i, len, what);
                i += len;
            }
            _ => i += 1,
        }
    }
}

/// What substituting a body line found wrong: the message, where in the
/// line the reference is, and whether 64tass reports it at the call (an
/// argument the call lacks: with a note at the reference) or at the
/// reference (a name no parameter has).
#[derive(Clone, Debug)]
pub struct LineFault {
    pub msg: String,
    pub at: usize,
    pub at_call: bool,
}

/// Substitute a call's arguments into one body line scanned by
/// [`scan_line`] (`refs` and `unknown` its findings), appended to `out` (the
/// call's whole text: no string of its own per line), noting where each
/// given argument's text landed in `out` (`(start, end, argument)`), so
/// errors in it can point at the call. An argument the call lacks is noted
/// in `faults` (each reference, as 64tass reports them; the caller leaves
/// such a line empty), and so is a name no parameter has, with where it is
/// in the line (64tass reports that there, in the macro's text).
#[allow(clippy::too_many_arguments)]
pub fn fill_line(
    line: &str,
    refs: &[Ref],
    unknown: &[(String, usize)],
    params: &[(Rc<str>, Option<Rc<str>>)],
    args: MacroArgs,
    all: &str,
    missing: &str,
    out: &mut String,
    marks: &mut Vec<(u32, u32, u16)>,
    subs: &mut Vec<Substitution>,
    faults: &mut Vec<LineFault>,
) {
    // Where each reference is: a missing argument's fault is placed there.
    let first = faults.len();
    let place = std::cell::Cell::new(0);
    // The text for argument `n`, borrowed (an argument, a default, the
    // missing-argument text): nothing is copied but into `out`.
    let mut arg = |n: usize| -> &str {
        match args.get(n) {
            Some(a) if !a.is_empty() => a,
            _ => match params.get(n).and_then(|p| p.1.as_deref()) {
                Some(d) => d,
                None => {
                    if missing.is_empty() && n >= args.len() {
                        faults.push(LineFault {
                            msg: format!("{} argument is missing", ordinal(n)),
                            at: place.get(),
                            at_call: true,
                        });
                        ""
                    } else {
                        args.get(n).filter(|a| !a.is_empty()).unwrap_or(missing)
                    }
                }
            },
        }
    };
    let given = |n: usize| args.get(n).is_some_and(|a| !a.is_empty());
    let mut run = 0;
    for r in refs {
        let (at, len) = (r.at as usize, r.len as usize);
        place.set(at);
        let (text, mark) = match r.what {
            Place::Arg(n) => (arg(n as usize), given(n as usize).then_some(n as usize)),
            Place::Unquoted(n) => {
                let text = arg(n as usize);
                let text = match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                    Some(inner) => inner,
                    None => text,
                };
                (text, given(n as usize).then_some(n as usize))
            }
            // Every argument's text: an error in it is placed at the call.
            Place::All => (all, (!all.is_empty()).then_some(ALL_ARGUMENTS)),
        };
        out.push_str(&line[run..at]);
        if let Some(n) = mark {
            marks.push((out.len() as u32, (out.len() + text.len()) as u32, n as u16));
        }
        subs.push(Substitution::new(out.len(), text.len(), at, len));
        out.push_str(text);
        run = at + len;
    }
    out.push_str(&line[run..]);
    faults.extend(unknown.iter().map(|(msg, at)| LineFault {
        msg: msg.clone(),
        at: *at,
        at_call: false,
    }));
    // Both kinds on one line: in the line's order, as 64tass meets them.
    if faults.len() - first > unknown.len() && !unknown.is_empty() {
        faults[first..].sort_by_key(|f| f.at);
    }
}

/// Parameter list of `.macro` and friends: `a, b=2, , last`. A default
/// keeps the blanks after its `=`, as 64tass's text does (`b = 6` puts
/// ` 6` in the expansion).
pub fn macro_params(text: &str) -> Vec<(Rc<str>, Option<Rc<str>>)> {
    split_args(text)
        .into_iter()
        .map(|p| match p.split_once('=') {
            Some((n, d)) => (Rc::from(n.trim()), Some(Rc::from(d.trim_end()))),
            None => (Rc::from(p.trim()), None),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_split_at_top_level_commas() {
        assert_eq!(split_args(r#"1, "a,b" , (2,3)"#), ["1", "\"a,b\"", "(2,3)"]);
        assert_eq!(
            split_args("[1,2], 3, ( 4 , 5 ) ; c"),
            ["[1,2]", "3", "( 4 , 5 )"]
        );
        assert_eq!(split_args(""), Vec::<String>::new());
        assert_eq!(split_args("1,,3"), ["1", "", "3"]);
    }

    #[test]
    fn parameters_are_substituted_outside_strings_and_comments() {
        let params = macro_params("a, b=2");
        let args = vec!["5".to_string()];
        let s = substitute(" .byte \\1, \\a, \\b ; \\1", &params, &args, "5", "").unwrap();
        assert_eq!(s, " .byte 5, 5, 2 ; \\1");
        let s = substitute(" .text \"\\1\", \\{a}x", &params, &args, "5", "").unwrap();
        assert_eq!(s, " .text \"\\1\", 5x");
    }
}
