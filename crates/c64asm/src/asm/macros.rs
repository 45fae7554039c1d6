//! Macros, segments, structures, unions and user functions. A macro call
//! copies the body with its parameters substituted (`\1`, `\name`,
//! `\{name}`, `\@`; not inside strings or comments) into a text of its own,
//! assembled in a new scope; a segment's copy shares the caller's scope.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::Assembler;
use super::builtins::argnum_message;
use super::by_file::ByFile;
use super::commands::Cmd;
use super::compile::{NewLabel, Step};
use super::eval::Args;
use super::lines::{LineRef, ParseKind};
use super::macro_text::{
    LineRefs, MacroArgs, Substitution, fill_line, macro_params, scan_line, split_args_into,
};
use super::report::{EResult, Reported, def_chain_key};
use super::stars::CallNode;
use super::state::{Cursor, FrameData, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::listing::trim_end;
use crate::output::Address;
use crate::source::{Expansion, FileId, Span};
use crate::syntax::compiled::Expr;
use crate::value::{FuncId, MacroId, MacroKind, NsId, Value};

/// Deepest nesting of macro calls, includes and function calls.
const MAX_DEPTH: u32 = 100;

pub struct MacroDef {
    pub kind: MacroKind,
    pub file: FileId,
    /// Index of the defining line; the body follows it.
    pub line: u32,
    /// Index of the closing line, once seen.
    pub end: Option<u32>,
    pub params: Vec<(Rc<str>, Option<Rc<str>>)>,
    /// Structures and unions: the scope holding the field offsets.
    pub names: NsId,
    pub size: u32,
    /// The body's lines and their parameter references, found at the first
    /// call (see [`Body`]); dropped when the parameters are set again.
    body: Option<Rc<Body>>,
    /// The expansion texts of its calls, by their arguments' text (kept
    /// when the definition is run again: the same site, the same body).
    calls: FxHashMap<Box<str>, FileId>,
    /// The closing line is the directive alone (perhaps with a comment),
    /// with nothing a call substitutes: the same in every expansion, whose
    /// last line it is. Found with the first expansion.
    plain_close: Option<Cmd>,
    /// [`Assembler::plain_close_line`]'s answers for a macro's call and a
    /// segment's, set again whenever `end` or `plain_close` is set: a call
    /// reads its stop without working it out again.
    stops: [u32; 2],
}

impl MacroDef {
    /// The line of an expansion (its frame `what`) that closes it plainly,
    /// or [`Cursor::NO_STOP`] (see [`Assembler::plain_close_line`]).
    fn stop_for(&self, what: Wait) -> u32 {
        let takes = match (what, self.plain_close) {
            (Wait::EndMacro2, Some(cmd)) => cmd != Cmd::Endsegment,
            (Wait::EndSegment2, Some(cmd)) => cmd != Cmd::Endmacro,
            _ => false,
        };
        match self.end {
            Some(end) if takes && end > self.line => end - self.line - 1,
            _ => Cursor::NO_STOP,
        }
    }

    /// Works out [`MacroDef::stops`] again (`end` or `plain_close` set).
    fn set_stops(&mut self) {
        self.stops = [
            self.stop_for(Wait::EndMacro2),
            self.stop_for(Wait::EndSegment2),
        ];
    }
}

/// The key a call's expansion is filed under (see [`Macros::call_keys`]):
/// its macro, and the arguments' text at `start` of `file`, `len` bytes.
#[derive(Clone, Copy)]
struct CallKey {
    /// [`NO_MACRO`] in the slot of a file that is no call's expansion.
    macro_id: u32,
    file: FileId,
    start: u32,
    len: u32,
}

const NO_MACRO: u32 = u32::MAX;

/// Where [`Macros::find`] files a new expansion.
enum ExpansionKey {
    /// A call's: its arguments' text, in its macro's [`MacroDef::calls`].
    Call(Box<str>),
    /// A structure's: the whole key, in [`Macros::expansions`].
    Other(Box<str>),
}

/// A macro's body as its calls read it: each line (without its end's
/// blanks) as a place in its file, with where its parameters are referred
/// to. Found once, so a call copies the text between the references and
/// the arguments into its expansion, without reading each line again.
struct Body {
    lines: Vec<BodyLine>,
    found: LineRefs,
}

struct BodyLine {
    /// The line's index, its start and its length in the body's file.
    index: u32,
    start: u32,
    len: u32,
    /// The end of its references and of its unknown names in `found`.
    refs_end: u32,
    unknown_end: u32,
}

/// A `.function` parameter: `name`, `name = default`, `name : conversion`.
#[derive(Clone)]
pub struct FuncParam {
    pub name: Name,
    pub text: Rc<str>,
    pub default: Option<Value>,
    /// Applied to the argument (a type like `int` or a function like `binary`).
    pub convert: Option<Value>,
    /// Where the name is written in the definition (where the parameter is defined).
    pub span: Span,
}

pub struct FuncDef {
    pub file: FileId,
    pub line: u32,
    pub end: Option<u32>,
    pub params: Vec<FuncParam>,
    /// `*rest` collects the remaining arguments.
    pub rest: Option<(Name, Rc<str>)>,
    /// The scopes visible where it was defined.
    pub scopes: Vec<NsId>,
    /// `.sfunction`: the expression (file, line, offset).
    pub expr: Option<usize>,
    /// The scope of each call of a pass, by call order: the same calls get
    /// the same scopes every pass (as 64tass's), so what they define settles.
    pub call_scopes: Vec<NsId>,
    pub calls: usize,
    /// The function's own scope (64tass's `names`): `f.x := 1` in its body
    /// or anywhere defines `x` there, kept from pass to pass and call to
    /// call, and `f.x` reads it.
    pub names: NsId,
    /// The macro calls and includes it was defined in (its parameters'
    /// `-Wshadow` is given there).
    pub chain: Vec<Span>,
}

#[derive(Default)]
pub struct Macros {
    list: Vec<MacroDef>,
    funcs: Vec<FuncDef>,
    /// Definitions by file, line and, for a structure, the scope its label
    /// is in (the same line in a structure's body defines one structure per
    /// instance: `v .dstruct outer` gets its own `v.inner`), and the call
    /// chain it is defined in: as 64tass keeps its definition's file list,
    /// the same line run by two macro calls or two unnamed `.dstruct`s
    /// makes two definitions, which are not the same value (`-Wshadow`).
    by_site: FxHashMap<(FileId, u32, u32, u64), u32>,
    funcs_by_site: FxHashMap<(FileId, u32, u64), u32>,
    /// Expansion texts of structures, by macro, missing-argument marker and
    /// argument text (see [`Macros::find`]; a call's are in its macro's
    /// [`MacroDef::calls`]).
    expansions: FxHashMap<Box<str>, FileId>,
    /// The last key made, its buffer kept: looking up an expansion made
    /// before (most calls) allocates nothing.
    key: String,
    /// A new expansion's line ends, as its text is made (its buffer kept:
    /// the text's line index is made from them, not by reading it again).
    line_ends: Vec<u32>,
    /// A new expansion's arguments' places (see [`split_args_into`]), its
    /// buffer kept.
    args_at: Vec<(usize, usize)>,
    /// A new expansion's text as it is made, its buffer kept.
    text_buf: String,
    /// Per file id, a call's expansion text: its macro and a place where
    /// the arguments' text it is filed under in [`MacroDef::calls`] is
    /// written (a file's text never changes). A call's star node keeps the
    /// expansion it ran; this says whether it is the one for the call's
    /// macro and arguments now ([`Assembler::is_call_expansion`]).
    call_keys: Vec<CallKey>,
    /// Where call arguments were substituted in each expansion text:
    /// (start, end, argument) byte ranges.
    pub arg_marks: ByFile<(u32, u32, u16)>,
    /// Every substitution of each expansion text, its start in the whole
    /// text (the reference's place is in its line): the columns 64tass
    /// reports in a changed line (see [`macro_column`]).
    pub subs: ByFile<Substitution>,
    /// The arguments each expansion lacks ("3rd argument is missing") and
    /// the names no parameter has, by the expansion's line that names them:
    /// that line's text is a lone NUL byte (an empty line to 64tass; the
    /// line loop looks at such a line only in a text with a NUL, see
    /// [`Assembler::expansion_line_faults`]), reported each time the line is
    /// read, in line order as 64tass substitutes them (a missing argument
    /// at the call, an unknown name where it is in the macro's text).
    /// (line, message, the reference in the macro's text, reported at the call).
    pub faults: FxHashMap<FileId, Vec<(u32, String, Span, bool)>>,
    /// A function's later call scopes, each to its first: 64tass makes every
    /// call's scope at the `.function` line, so a name missing in the body is
    /// reported once a pass, not once per call.
    pub first_call_scope: FxHashMap<u32, NsId>,
    /// The function each call scope was made for: 64tass places that scope
    /// (a "not defined" note's "searched in this scope") at the start of
    /// the `.function` line.
    pub call_scope_function: FxHashMap<u32, u32>,
}

impl Macros {
    /// The expansion made before for macro `id` with these arguments, or
    /// the key to file a new one under. A call's (no `missing` marker: most
    /// lookups) is looked up in its macro's own map by the arguments' text
    /// as they are (no key written); a structure's in [`Macros::expansions`]
    /// under the macro's number, the marker and the arguments' text
    /// (`\u{1}` after the number's digits, NUL after the marker), written
    /// without the formatter.
    #[inline]
    fn find(
        &mut self,
        id: MacroId,
        missing: &str,
        args_text: &str,
    ) -> Result<FileId, ExpansionKey> {
        if missing.is_empty() {
            let calls = self.list.get(id.0 as usize).map(|m| &m.calls);
            return match calls.and_then(|c| c.get(args_text)) {
                Some(&f) => Ok(f),
                None => Err(ExpansionKey::Call(args_text.into())),
            };
        }
        self.key.clear();
        let mut number = [0; 10];
        for part in [
            crate::intern::decimal(id.0, &mut number),
            "\u{1}",
            missing,
            "\u{0}",
            args_text,
        ] {
            self.key.push_str(part);
        }
        match self.expansions.get(self.key.as_str()) {
            Some(&f) => Ok(f),
            None => Err(ExpansionKey::Other(self.key.as_str().into())),
        }
    }

    /// Notes that `f` is the expansion [`Macros::find`] gives for a call of
    /// macro `id` with the arguments at `start` of `file`, `len` bytes.
    fn note_call_key(&mut self, f: FileId, id: MacroId, (file, start, len): (FileId, u32, u32)) {
        let at = f as usize;
        if self.call_keys.len() <= at {
            let none = CallKey {
                macro_id: NO_MACRO,
                file: 0,
                start: 0,
                len: 0,
            };
            self.call_keys.resize(at + 1, none);
        }
        self.call_keys[at] = CallKey {
            macro_id: id.0,
            file,
            start,
            len,
        };
    }

    /// Files a new expansion under the key [`Macros::find`] gave.
    fn file_expansion(&mut self, id: MacroId, key: ExpansionKey, f: FileId) {
        match key {
            ExpansionKey::Call(args) => {
                if let Some(m) = self.list.get_mut(id.0 as usize) {
                    m.calls.insert(args, f);
                }
            }
            ExpansionKey::Other(key) => {
                self.expansions.insert(key, f);
            }
        }
    }

    pub fn begin_pass(&mut self) {
        for f in &mut self.funcs {
            f.calls = 0;
        }
    }

    pub fn get(&self, id: MacroId) -> &MacroDef {
        &self.list[id.0 as usize]
    }

    pub fn func(&self, id: FuncId) -> &FuncDef {
        &self.funcs[id.0 as usize]
    }

    /// The function whose own scope is `ns` (looked for only where a
    /// message names the scope).
    pub fn func_owning(&self, ns: NsId) -> Option<&FuncDef> {
        self.funcs.iter().find(|f| f.names == ns)
    }

    pub fn set_end(&mut self, id: MacroId, end: u32) {
        if id.0 & FUNC_BIT != 0 {
            if let Some(f) = self.funcs.get_mut((id.0 & !FUNC_BIT) as usize) {
                f.end = Some(end);
            }
        } else if let Some(m) = self.list.get_mut(id.0 as usize) {
            m.end = Some(end);
            m.set_stops();
        }
    }
}

/// Marks function ids among definition frames.
const FUNC_BIT: u32 = 0x8000_0000;

impl Assembler<'_> {
    /// `name .macro params` / `.segment`. `dir` is the directive's place: an
    /// unclosed definition is reported there.
    #[allow(clippy::too_many_arguments)]
    pub fn define_macro(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        name: Name,
        text: &Rc<str>,
        span: Span,
        dir: Span,
        ns: NsId,
        args: usize,
    ) {
        let kind = if cmd == Cmd::Segment {
            MacroKind::Segment
        } else {
            MacroKind::Macro
        };
        let id = self.macro_at(line, kind, args, None);
        self.label_value((name, text, span, ns), Value::Macro(kind, id), true);
        let w = if kind == MacroKind::Segment {
            Wait::EndSegment
        } else {
            Wait::EndMacro
        };
        self.st.push_frame(w, dir);
        let f = self.st.top_mut();
        f.skip = 0;
        f.data = FrameData::Macro(Some(id));
    }

    /// The definition made at this line (the same id in every pass). Its
    /// body is the source's own lines: one defined inside a macro's
    /// expansion takes them as written, not with the outer call's arguments
    /// (64tass reads a body from the file and substitutes only its own).
    fn macro_at(
        &mut self,
        line: &LineRef,
        kind: MacroKind,
        args: usize,
        scope: Option<NsId>,
    ) -> MacroId {
        let rest = &line.text[args..line.end];
        let params = macro_params(rest);
        // Where each name is on the line, for "duplicate definition".
        let mut cursor = args;
        let mut named = Vec::new();
        for (n, _) in &params {
            if n.is_empty() {
                continue;
            }
            let at = line.text[cursor..line.end]
                .find(&**n)
                .map_or(cursor, |r| cursor + r);
            cursor = at + n.len();
            named.push((n.clone(), Span::new(line.file, at, cursor)));
        }
        self.duplicate_params(&named);
        let key = (
            line.file,
            line.index,
            scope.map_or(u32::MAX, |n| n.0),
            def_chain_key(&self.st.chain),
        );
        if let Some(&i) = self.macros.by_site.get(&key) {
            let m = &mut self.macros.list[i as usize];
            m.kind = kind;
            m.params = params;
            m.body = None;
            return MacroId(i);
        }
        let names = self.syms.new_namespace();
        let (file, index) = self.src.origin(line.file, line.index);
        self.macros.list.push(MacroDef {
            kind,
            file,
            line: index,
            end: None,
            params,
            names,
            size: 0,
            body: None,
            calls: FxHashMap::default(),
            plain_close: None,
            stops: [Cursor::NO_STOP; 2],
        });
        let i = self.macros.list.len() as u32 - 1;
        self.macros.by_site.insert(key, i);
        MacroId(i)
    }

    /// A parameter named twice in a definition's list (`.macro a, b, a`,
    /// `.function a, *a`) is a duplicate definition, as in 64tass.
    fn duplicate_params(&mut self, named: &[(Rc<str>, Span)]) {
        let mut seen: Vec<(Name, Span)> = Vec::new();
        for (text, span) in named {
            let name = crate::syntax::expr::intern_name(&mut self.names, text, self.dialect);
            match seen.iter().find(|(n, _)| *n == name) {
                Some(&(_, first)) => self.duplicate_definition(*span, first, text),
                None => seen.push((name, *span)),
            }
        }
    }

    /// The closing line of a definition starting at `line`, found by counting
    /// nested definitions. A `.comment` block hides its lines' directives
    /// (comments nest), as 64tass skips the body.
    fn body_end(
        &mut self,
        file: FileId,
        line: u32,
        closers: &[Cmd],
        openers: &[Cmd],
    ) -> Option<u32> {
        let count = self.src.get(file).line_count() as u32;
        let mut depth = 0;
        let mut comments = 0u32;
        for i in line + 1..count {
            let Some(cmd) = self.directive_of(file, i) else {
                continue;
            };
            if cmd == Cmd::Comment {
                comments += 1;
            } else if comments > 0 {
                comments -= u32::from(cmd == Cmd::Endc);
            } else if openers.contains(&cmd) {
                depth += 1;
            } else if closers.contains(&cmd) {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
        }
        None
    }

    /// The closing line of a `.struct` or `.union` starting at `line`: the
    /// first `closer` met where no block opened inside the body is still
    /// open. 64tass assembles the body in place, so a closer inside an open
    /// `.block` or `.if` is an error there, not the body's end, and a closer
    /// that is not the innermost block's closes nothing. A `.comment` hides
    /// its lines' directives (comments nest).
    fn structure_end(&mut self, file: FileId, line: u32, closer: Cmd) -> Option<u32> {
        let count = self.src.get(file).line_count() as u32;
        let mut open: Vec<&'static [Cmd]> = Vec::new();
        for i in line + 1..count {
            let Some(cmd) = self.directive_of(file, i) else {
                continue;
            };
            let in_comment = open.last() == Some(&&[Cmd::Endc][..]);
            if in_comment && !matches!(cmd, Cmd::Comment | Cmd::Endc) {
                continue;
            }
            if let Some(closers) = super::commands::closers_of(cmd) {
                open.push(closers);
            } else if let Some(innermost) = open.last() {
                if innermost.contains(&cmd) {
                    open.pop();
                }
            } else if cmd == closer {
                return Some(i);
            }
        }
        None
    }

    /// The directive on line `i` of `file`, after an optional label.
    fn directive_of(&mut self, file: FileId, i: u32) -> Option<Cmd> {
        let text = self.src.get(file).shared_text();
        let (s, e) = self.src.get(file).line_span(i as usize);
        let l = LineRef::of(file, i, &text, (s, e));
        let mut p = l.skip_ws(s);
        let len = crate::syntax::scan::ident_len(&text[..e], p, self.dialect.unicode);
        if len > 0 {
            p = l.skip_ws(p + len);
            if l.at(p) == b':' {
                p = l.skip_ws(p + 1);
            }
        }
        if l.at(p) != b'.' {
            return None;
        }
        self.command_at(&l, p + 1).map(|(cmd, _)| cmd)
    }

    /// The lines from `first` to `last` inside a `.struct` or `.union`
    /// defined there (after its opening line, up to its closing one). Such a
    /// definition is run from its own lines with its own parameters when it
    /// is defined, as in 64tass: a call of the macro around it never reads
    /// them, so a name they use that the call has not is no fault of the call.
    fn nested_definition_lines(&mut self, file: FileId, first: u32, last: u32) -> Vec<u32> {
        let mut inside = Vec::new();
        let mut nested: Option<(Cmd, Cmd, u32)> = None;
        for i in first..=last {
            let cmd = self.directive_of(file, i);
            nested = match (nested, cmd) {
                (None, Some(Cmd::Struct)) => Some((Cmd::Struct, Cmd::Ends, 0)),
                (None, Some(Cmd::Union)) => Some((Cmd::Union, Cmd::Endu, 0)),
                (None, _) => None,
                (Some((open, close, depth)), cmd) => {
                    inside.push(i);
                    match cmd {
                        Some(c) if c == close && depth == 0 => None,
                        Some(c) if c == close => Some((open, close, depth - 1)),
                        Some(c) if c == open => Some((open, close, depth + 1)),
                        _ => nested,
                    }
                }
            };
        }
        inside
    }

    /// The text of a call: the body with the arguments substituted, made
    /// at its first call (later ones, most, find it without entering the
    /// maker's frame).
    #[inline]
    fn expansion(&mut self, id: MacroId, args_text: &str, missing: &str) -> Result<FileId, String> {
        match self.macros.find(id, missing, args_text) {
            Ok(f) => Ok(f),
            Err(key) => self.new_expansion(id, args_text, missing, key),
        }
    }

    /// The text of a call not made before, filed under `key`.
    #[inline(never)]
    fn new_expansion(
        &mut self,
        id: MacroId,
        args_text: &str,
        missing: &str,
        key: ExpansionKey,
    ) -> Result<FileId, String> {
        let (file, line, kind) = {
            let m = self.macros.get(id);
            (m.file, m.line, m.kind)
        };
        let end = match self.macros.get(id).end {
            Some(e) => e,
            None => {
                let (closers, openers) = body_marks(kind);
                let e = self
                    .body_end(file, line, closers, openers)
                    .ok_or_else(|| "the macro's closing directive was not found".to_string())?;
                self.macros.set_end(id, e);
                e
            }
        };
        // The arguments' places in a vector kept for it: nothing allocated
        // an expansion.
        let mut args_at = std::mem::take(&mut self.macros.args_at);
        split_args_into(args_text, &mut args_at);
        let args = MacroArgs {
            text: args_text,
            at: &args_at,
        };
        // The closing line is read with the body, once a definition (both
        // are made again when the definition runs again).
        if self.macros.get(id).body.is_none() {
            let plain_close = self.plain_close(file, end);
            let m = &mut self.macros.list[id.0 as usize];
            m.plain_close = plain_close;
            m.set_stops();
        } else {
            debug_assert!({
                let kept = self.macros.get(id).plain_close;
                kept == self.plain_close(file, end)
            });
        }
        let body = self.macro_body(id, file, line, end);
        // The fields apart: the parameters read while the marks and
        // substitutions are pushed.
        let Macros {
            list,
            arg_marks,
            subs,
            line_ends,
            text_buf,
            ..
        } = &mut self.macros;
        line_ends.clear();
        let params = &list[id.0 as usize].params;
        let all = args_text.split(';').next().unwrap_or("").trim();
        let src = self.src.get(file).text();
        // The body's size and some room for the arguments: grown seldom.
        let size = body.lines.last().map_or(0, |l| (l.start + l.len) as usize)
            - body.lines.first().map_or(0, |l| l.start as usize);
        // Made in a buffer kept for it, then copied at its exact size (a
        // copy is cheaper than shrinking a new one with `realloc`).
        let mut text = std::mem::take(text_buf);
        text.clear();
        text.reserve(size + size / 2 + 16 + body.lines.len());
        // The marks and substitutions pushed straight to the tables they
        // are kept in (the expansion's own, set once its file is made): no
        // vectors made, copied and dropped an expansion.
        let (marks, subs) = (arg_marks.pushing(), subs.pushing());
        let (marks_from, subs_from) = (marks.len(), subs.len());
        let mut faults = Vec::new();
        let mut fault_lines = Vec::new();
        let (mut refs, mut unknown) = (0, 0);
        for l in &body.lines {
            let (start, before) = (text.len(), faults.len());
            let (marks_before, subs_before) = (marks.len(), subs.len());
            let (refs_end, unknown_end) = (l.refs_end as usize, l.unknown_end as usize);
            fill_line(
                &src[l.start as usize..(l.start + l.len) as usize],
                &body.found.refs[refs..refs_end],
                &body.found.unknown[unknown..unknown_end],
                params,
                args,
                all,
                missing,
                &mut text,
                marks,
                subs,
                &mut faults,
            );
            (refs, unknown) = (refs_end, unknown_end);
            fault_lines.resize(faults.len(), l.index);
            if faults.len() > before {
                // 64tass assembles the line as an empty one; a lone NUL
                // here, for the line loop to report its faults.
                text.truncate(start);
                text.push('\0');
                marks.truncate(marks_before);
                subs.truncate(subs_before);
            }
            // Placed in the body's own line.
            for f in &mut faults[before..] {
                f.at += l.start as usize;
            }
            text.push('\n');
            line_ends.push(u32::try_from(text.len()).unwrap_or(u32::MAX));
        }
        self.macros.args_at = args_at;
        let mut placed = Vec::new();
        if !faults.is_empty() {
            // Those in a structure defined in this one are its own.
            let nested = self.nested_definition_lines(file, line + 1, end);
            for (f, i) in std::mem::take(&mut faults).into_iter().zip(fault_lines) {
                // No message: the line is still a NUL, passed over.
                let msg = if nested.contains(&i) {
                    String::new()
                } else {
                    f.msg
                };
                let at = Span::new(file, f.at, f.at + 1);
                placed.push((i - (line + 1), msg, at, f.at_call));
            }
        }
        let name = self.src.get(file).name.clone();
        // Kept for the run: its exact size, not what growing it left.
        let kept = String::from(text.as_str());
        self.macros.text_buf = text;
        let f = self.src.add_expansion(
            name,
            kept,
            &self.macros.line_ends,
            Expansion {
                body_file: file,
                body_line: line + 1,
            },
        );
        self.macros.file_expansion(id, key, f);
        self.macros.arg_marks.set_pushed(f, marks_from);
        self.macros.subs.set_pushed(f, subs_from);
        if !placed.is_empty() {
            self.macros.faults.insert(f, placed);
        }
        Ok(f)
    }

    /// The directive on line `i` of `file` when it is alone on its line
    /// (blanks before it, a comment after it at most) and nothing in the
    /// line is substituted (no `\`, nor `@` for `--tasm-compatible`).
    fn plain_close(&mut self, file: FileId, i: u32) -> Option<Cmd> {
        let text = self.src.get(file).shared_text();
        let (s, e) = self.src.get(file).line_span(i as usize);
        if text[s..e].bytes().any(|b| b == b'\\' || b == b'@') {
            return None;
        }
        let l = LineRef::of(file, i, &text, (s, e));
        let p = l.skip_ws(s);
        if l.at(p) != b'.' {
            return None;
        }
        let (cmd, end) = self.command_at(&l, p + 1)?;
        l.at_end(l.skip_ws(end)).then_some(cmd)
    }

    /// The body of macro `id` (lines `line + 1..=end` of `file`), its
    /// references found at its first call and kept.
    fn macro_body(&mut self, id: MacroId, file: FileId, line: u32, end: u32) -> Rc<Body> {
        if let Some(body) = &self.macros.get(id).body {
            return body.clone();
        }
        let src = self.src.get(file);
        let params = &self.macros.get(id).params;
        let mut found = LineRefs::default();
        let mut lines = Vec::with_capacity(end.saturating_sub(line) as usize);
        for i in line + 1..=end {
            // 64tass substitutes into the line as read: without its end's blanks.
            let (start, end) = src.line_span(i as usize);
            let text = trim_end(&src.text()[start..end]);
            scan_line(
                text,
                params,
                self.dialect.case_sensitive,
                self.dialect.tasm,
                &mut found,
            );
            let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
            lines.push(BodyLine {
                index: i,
                start: n(start),
                len: n(text.len()),
                refs_end: n(found.refs.len()),
                unknown_end: n(found.unknown.len()),
            });
        }
        let body = Rc::new(Body { lines, found });
        if let Some(m) = self.macros.list.get_mut(id.0 as usize) {
            m.body = Some(body.clone());
        }
        body
    }

    /// Is `f` the expansion [`Macros::find`] gives for a call of macro `id`
    /// with arguments `args_text` (at `at`: its file and offset)? Each key
    /// has one text, made once and never filed again, so the text a call's
    /// node kept is the one the macro's map gives where the key (its text,
    /// kept as a place) is the same. A call found at the key's own place
    /// (the call that made it, in a later pass: most) has the same text
    /// there (a file's text never changes), not compared again.
    #[inline]
    fn is_call_expansion(
        &self,
        f: FileId,
        id: MacroId,
        args_text: &str,
        (file, start): (FileId, u32),
    ) -> bool {
        let Some(k) = self.macros.call_keys.get(f as usize) else {
            return false;
        };
        if k.macro_id != id.0 || k.len as usize != args_text.len() {
            return false;
        }
        let (from, end) = (k.start as usize, (k.start + k.len) as usize);
        let text = || self.src.get(k.file).text().as_bytes().get(from..end);
        if k.file == file && k.start == start {
            debug_assert_eq!(text(), Some(args_text.as_bytes()));
            return true;
        }
        text() == Some(args_text.as_bytes())
    }

    /// Is a call of `callee` refused here (too deep)? [`Assembler::run_expansion`]
    /// then enters nothing.
    fn refused(&self, callee: MacroId) -> bool {
        self.st.depth >= MAX_DEPTH
            || (!self.too_deep.is_empty() && self.too_deep.contains(&(false, callee.0)))
    }

    /// Assemble an expansion's lines until its closing directive (frame
    /// `what`); a call enters its line's star node (`node` if found already).
    fn run_expansion(
        &mut self,
        callee: MacroId,
        file: FileId,
        what: Wait,
        call: Span,
        scope: Option<NsId>,
        node: Option<CallNode>,
    ) -> Option<Value> {
        // A call that found its node was not refused (see
        // [`Assembler::refused`]; nothing changed since).
        if node.is_none() && self.refused(callee) {
            if self.st.depth >= MAX_DEPTH && self.too_deep.insert((false, callee.0)) {
                // The refused call is part of the chain shown, as in 64tass.
                self.st.chain.push(call);
                self.error(call, Kind::Recursion, "macro recursion too deep".into());
                self.st.chain.pop();
            }
            return None;
        }
        self.st.depth += 1;
        self.st.chain.push(call);
        self.st.note_entered(self.src.origin(file, 0).0);
        // A call has a node in the star tree; a structure's definition is
        // read in place.
        let definition = matches!(what, Wait::EndS2 | Wait::EndU2);
        let entered = match node {
            Some(node) => Some(self.enter_call_node(call, node)),
            None => (!definition).then(|| self.enter_star(call)),
        };
        let saved = self.st.cursor;
        self.st.cursor = Cursor {
            file,
            line: 0,
            stop: self.plain_close_line(callee, what),
        };
        self.st.push_active_frame(what, call);
        if let Some(ns) = scope {
            self.st.push_context(ns);
        }
        // A call starts `-Woptimize` afresh (a structure's definition
        // doesn't), and nothing in it is reported, as in 64tass.
        if !definition {
            self.opt_invalidate();
        }
        let r = self.opt_quiet_while(true, |a| a.compile());
        if scope.is_some() {
            self.st.pop_context();
        }
        self.st.close_dropped(what);
        self.st.cursor = saved;
        if let Some(e) = entered {
            self.st.stars.leave(e, 0);
        }
        self.st.chain.pop();
        self.st.depth -= 1;
        r
    }

    /// The line of a call's expansion (`what`: its frame) that closes it
    /// plainly (see [`MacroDef::plain_close`]), or [`Cursor::NO_STOP`]:
    /// its last one, where the closing directive is one that frame takes.
    fn plain_close_line(&self, callee: MacroId, what: Wait) -> u32 {
        let m = self.macros.get(callee);
        // Kept as the definition's end and closing line were set.
        let stop = match what {
            Wait::EndMacro2 => m.stops[0],
            Wait::EndSegment2 => m.stops[1],
            _ => Cursor::NO_STOP,
        };
        debug_assert_eq!(stop, m.stop_for(what));
        stop
    }

    /// `#expr args`, `.name args`: a call of whatever the expression names.
    pub fn call_by_expression(
        &mut self,
        line: &LineRef,
        pos: usize,
        newlabel: Option<NewLabel>,
        ctx: NsId,
    ) -> EResult<Option<Value>> {
        // The callee is an expression that ends at the first blank after an
        // operand (`#lib.m 1`, `#list[1] 2`, `#(m) 3`), as in 64tass.
        let lone = self.lone_name_callee(line, pos);
        let (end, name_like, plain) = match lone {
            Some((end, _)) => (end, true, None),
            None => {
                let end = crate::syntax::scan::callee_end(line.text.as_bytes(), pos, line.end);
                // A name, possibly dotted (`#lib.m`), is named in messages.
                let name_like = end > pos && self.dotted_name_end(line, pos) == end;
                (end, name_like, self.plain_callee(line, pos, end))
            }
        };
        // Where a value that is no macro is reported: after its opening
        // brackets (`#(m)`), as 64tass places a value.
        let at;
        let v = if let Some((_, name)) = lone {
            at = pos;
            self.eval_name(line, name, pos as crate::syntax::ast::Pos)?
        } else if let Some(e) = plain {
            at = e.start() as usize;
            self.eval(line, &e)?
        } else {
            // Parsed once per place (a call in a loop or a later pass reads it again).
            let list = match self.parse_callee(line, pos) {
                Ok(list) => list,
                Err(e) => {
                    self.error(
                        line.span(e.pos as usize, e.pos as usize + 1),
                        Kind::Syntax,
                        e.msg.clone(),
                    );
                    return Err(Reported);
                }
            };
            match &list[..] {
                [e] => {
                    at = e.start() as usize;
                    self.eval(line, e)?
                }
                _ => {
                    // 64tass reads the callee as a list of exactly one.
                    self.read_for_uses(line, &list);
                    let got = match list.len() {
                        0 => String::new(),
                        n => format!(", got {n}"),
                    };
                    self.error(
                        line.span(pos.saturating_sub(1), pos),
                        Kind::Syntax,
                        format!("expected exactly one argument{got}"),
                    );
                    return Err(Reported);
                }
            }
        };
        let after = line.skip_ws(end);
        match &v {
            Value::Func(FuncId(_, true)) => {
                // An `.sfunction` is an expression only.
                self.error(
                    line.span(pos, end),
                    Kind::Type,
                    "wrong type 'sfunction'".into(),
                );
                Err(Reported)
            }
            Value::Macro(..) | Value::Func(_) => {
                // The call is named from its `#` or `.`, as 64tass does.
                let r = self.call_macro_value(
                    line,
                    &v,
                    after,
                    newlabel,
                    ctx,
                    line.span(pos.saturating_sub(1), end),
                );
                // A macro or function value holds no heap data: nothing to
                // drop (the general drop is a call every macro call made).
                std::mem::forget(v);
                r
            }
            Value::None => Ok(None),
            other if name_like && line.at(pos.saturating_sub(1)) == b'.' => {
                // 64tass's words, and a note, since a misspelt directive is
                // the likely mistake here.
                let what = crate::value::convert::describe(other, self);
                let name = &line.text[pos..end];
                let msg = format!("wrong type '{}'", other.type_name());
                self.error(line.span(pos, end), Kind::UnknownDirective, msg);
                self.note(format!(
                    "'.{name}' is neither a directive nor a macro ({what})"
                ));
                Err(Reported)
            }
            other => {
                // 64tass names only the wrong type (`#x`, `#1`, `#(x)`).
                let span = match name_like {
                    true => line.span(pos, end),
                    false => line.span(at, at + 1),
                };
                let msg = format!("wrong type '{}'", other.type_name());
                self.error(span, Kind::Syntax, msg);
                Err(Reported)
            }
        }
    }

    /// Call a macro, segment, structure or function value with the arguments at `args`.
    pub fn call_macro_value(
        &mut self,
        line: &LineRef,
        v: &Value,
        args: usize,
        newlabel: Option<NewLabel>,
        ctx: NsId,
        call: Span,
    ) -> EResult<Option<Value>> {
        let row = self.record_call_line(line, call);
        // Borrowed from the file's text (not the assembler): no copy per call.
        let args_text = &line.text[args..line.end];
        let (kind, id) = match v {
            Value::Macro(k, id) => (*k, *id),
            Value::Func(f) => {
                // Arguments as an instruction's operands (64tass): `(9)` is
                // an indirect address, so `f(9)` as a statement passes one.
                let parsed = self
                    .parse_exprs(line, args, ParseKind::Operands)
                    .ok_or(Reported)?;
                let Ok(exprs) = &parsed.result else {
                    return Err(Reported);
                };
                let vals = self.eval_args(line, exprs)?;
                let r = self.call_function_as(line, *f, vals, (call, call), true)?;
                if let (Some(nl), Some(val)) = (newlabel, r.clone())
                    && !matches!(val, Value::None)
                {
                    self.record_call_value(row, line, &val);
                    self.syms.label_mut(nl.id).set_update_after(true);
                    self.const_assign(nl.id, val);
                }
                return Ok(r);
            }
            _ => return Ok(None),
        };
        if matches!(kind, MacroKind::Struct | MacroKind::Union) {
            self.instantiate(line, kind, id, args_text, newlabel, call, false, false);
            return Ok(None);
        }
        let segment = kind == MacroKind::Segment;
        // The label's own scope, also when its value is the result of
        // this macro in an earlier pass.
        let own = match segment {
            true => None,
            false => newlabel.and_then(|nl| {
                let l = self.syms.label(nl.id);
                match l.value {
                    Value::Code(c) if self.syms.own_code(nl.id).is_none_or(|own| own == c.id) => {
                        Some(c.id)
                    }
                    _ => self.syms.own_code(nl.id),
                }
            }),
        };
        // A call in a scope of its own enters its line's star node, looked
        // for first (a refused call enters none): the expansion the node's
        // call ran last (in a later pass, nearly always this call's) is
        // taken where it is the one for this macro and these arguments,
        // without the look-up by the arguments' text.
        let site = match !segment && own.is_none() && !self.refused(id) {
            true => Some(self.st.stars.call_site()),
            false => None,
        };
        let kept = match site.and_then(|s| self.st.stars.site_expansion(s)) {
            Some(f) if self.is_call_expansion(f, id, args_text, (line.file, args as u32)) => {
                Some(f)
            }
            _ => None,
        };
        if let Some(f) = kept {
            debug_assert!(matches!(self.macros.find(id, "", args_text), Ok(g) if g == f));
        }
        let file = match kept {
            Some(f) => f,
            None => match self.expansion(id, args_text, "") {
                Ok(f) => f,
                Err(msg) => {
                    self.error(call, Kind::MacroMisuse, msg);
                    return Err(Reported);
                }
            },
        };
        let mut node = None;
        let (what, scope) = if segment {
            (Wait::EndSegment2, None)
        } else {
            let ns = match own {
                Some(cid) => {
                    let names = self.syms.code(cid).names;
                    let s = self.syms.ns_mut(names);
                    s.backr = 0;
                    s.forwr = 0;
                    names
                }
                _ => {
                    let _ = ctx;
                    // The call's star node, found once for its expansion,
                    // its scope and for entering it.
                    if let Some(site) = site {
                        let n = self.st.stars.call_node_at(site, self.st.pass);
                        if kept.is_none() {
                            self.st.stars.keep_expansion(n, file);
                            let len = (line.end - args) as u32;
                            self.macros
                                .note_call_key(file, id, (line.file, args as u32, len));
                        }
                        node = Some(n);
                    }
                    self.call_scope(call, node)
                }
            };
            (Wait::EndMacro2, Some(ns))
        };
        let r = self.run_expansion(id, file, what, call, scope, node);
        // Cloned only for a label (most calls have none).
        if let Some(nl) = newlabel
            && let Some(val) = &r
            && !matches!(val, Value::None)
        {
            self.record_call_value(row, line, val);
            self.syms.label_mut(nl.id).set_update_after(true);
            self.const_assign(nl.id, val.clone());
        }
        Ok(r)
    }

    /// `.endm [value]` / `.endmacro` / `.endsegment`.
    pub fn end_macro(&mut self, line: &LineRef, cmd: Cmd, args: usize, span: Span) -> Step {
        let top = self.st.top().what;
        let ok = match top {
            Wait::EndMacro2 => cmd != Cmd::Endsegment,
            Wait::EndSegment2 => cmd != Cmd::Endmacro,
            _ => false,
        };
        if ok {
            // An expansion's closing line is not listed (`--verbose-list`),
            // nor its label (`_done .endm` defines `_done`, 64tass lists no row).
            self.take_placeholder(line);
            return Step::Return(self.return_value(line, args));
        }
        self.drop_shown(line);
        let what = match cmd {
            Cmd::Endmacro => ".macro",
            Cmd::Endsegment => ".segment",
            _ => ".macro' or '.segment",
        };
        self.error(
            span,
            Kind::MacroMisuse,
            format!("opening directive '{what}' not found"),
        );
        Step::Next
    }

    /// The value after a closing directive (`.endm value`, `.endf value`).
    pub fn return_value(&mut self, line: &LineRef, args: usize) -> Value {
        if line.at_end(args) {
            return Value::None;
        }
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return Value::None;
        };
        let Ok(exprs) = &parsed.result else {
            return Value::None;
        };
        let value = |a: &mut Self| a.eval_args(line, exprs).map(super::compile::tuple_of);
        // Called for its value, the function returns its errors in it, as
        // 64tass does: an error value it was given (a file that can't be
        // read) stays one in the caller.
        let r = if self.st.top().what == Wait::EndF3 {
            self.keeping(value, |v| v)
        } else {
            value(self)
        };
        r.unwrap_or(Value::None)
    }

    // ------------------------------------------------------------ structures

    /// `name .struct params` / `.union`: lay out the fields once (addresses
    /// from 0, nothing written) to learn the offsets and size.
    #[allow(clippy::too_many_arguments)]
    pub fn define_struct(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        name: Name,
        text: &Rc<str>,
        span: Span,
        dir: Span,
        ns: NsId,
        args: usize,
    ) -> Step {
        let kind = if cmd == Cmd::Union {
            MacroKind::Union
        } else {
            MacroKind::Struct
        };
        self.opt_invalidate();
        let id = self.macro_at(line, kind, args, Some(ns));
        self.label_value((name, text, span, ns), Value::Macro(kind, id), true);
        // 64tass reads the body to the end of the text when its closer is
        // missing, then the last line again for the definition: a closer
        // there closes it too (one `.ends` for a nested and its outer).
        if self.macros.get(id).end.is_none() {
            let m = self.macros.get(id);
            let (file, at) = (m.file, m.line);
            let (closers, _) = body_marks(kind);
            let end = self
                .structure_end(file, at, closers[0])
                .or_else(|| self.last_line_closes(id, kind))
                // No closer: the body is the rest of the text, laid out
                // (its errors reported) before the closer is found missing.
                .unwrap_or_else(|| {
                    (self.src.get(file).line_count() as u32)
                        .saturating_sub(1)
                        .max(at)
                });
            self.macros.set_end(id, end);
        }
        let file = match self.expansion(id, "", "?") {
            Ok(f) => f,
            Err(_) => {
                let closer = if kind == MacroKind::Union {
                    ".endunion"
                } else {
                    ".endstruct"
                };
                self.error(
                    dir,
                    Kind::ConditionalMismatch,
                    format!("closing directive '{closer}' not found"),
                );
                return Step::Next;
            }
        };
        // A separate address space starting at 0.
        let mem = self.out.new_enumeration();
        let mut a = Address::new(mem);
        a.unionmode = kind == MacroKind::Union;
        let tmp = self.out.new_addr(a);
        let saved = self.st.addr;
        self.st.addr = tmp;
        // Listed at its own offset 0, its members after it (64tass).
        self.record_line(line, None);
        let names = self.macros.get(id).names;
        {
            let s = self.syms.ns_mut(names);
            s.backr = 0;
            s.forwr = 0;
        }
        let what = if kind == MacroKind::Union {
            Wait::EndU2
        } else {
            Wait::EndS2
        };
        // Its closer returns a value; `.end` in the body stops the source
        // there, as 64tass reads the body in place: the closer is then missing.
        // Entered at the directive, where 64tass places the definition in
        // the "In file included from" lines of the body's messages.
        let ended = self
            .run_expansion(id, file, what, dir, Some(names), None)
            .is_none();
        let a = self.out.addr(tmp);
        let size = a.end.max(a.address);
        self.st.addr = saved;
        let old = self.macros.list[id.0 as usize].size;
        if old != size {
            self.macros.list[id.0 as usize].size = size;
            let used = self
                .syms
                .lookup_in(ns, name)
                .is_some_and(|l| self.syms.label(l).usepass >= self.st.pass);
            if used {
                self.st.unsettle();
            }
        }
        // Missing, unless the body reached the text's last line and that
        // line, read again, closes it.
        if ended
            && self
                .last_line_closes(id, kind)
                .is_none_or(|l| self.macros.get(id).end != Some(l))
        {
            let closer = match kind {
                MacroKind::Union => ".endunion",
                _ => ".endstruct",
            };
            self.error(
                dir,
                Kind::ConditionalMismatch,
                format!("closing directive '{closer}' not found"),
            );
            return Step::End;
        }
        // Skip the definition's lines in this text (the body's lines are
        // this text's lines, counted from the definition).
        let m = self.macros.get(id);
        if let Some(end) = m.end
            && self.st.cursor.file == line.file
        {
            self.st.cursor.line = line.index + (end - m.line) + 1;
        }
        Step::Next
    }

    /// The last line of structure `id`'s text when it is the structure's
    /// closer (`.ends` or `.endu`, after an optional label).
    fn last_line_closes(&mut self, id: MacroId, kind: MacroKind) -> Option<u32> {
        let (file, line) = (self.macros.get(id).file, self.macros.get(id).line);
        let last = (self.src.get(file).line_count() as u32).checked_sub(1)?;
        let (closer, _) = body_marks(kind);
        // `.end` in the body stops the text before (its closer is missing).
        if last <= line || self.body_end(file, line, &[Cmd::End], &[]).is_some() {
            return None;
        }
        self.body_end(file, last - 1, closer, &[])
    }

    /// `.dstruct name, args` / `.dunion` (and `#name` for structures).
    pub fn dstruct(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        span: Span,
        label: Option<(Name, Rc<str>, Span, NsId)>,
    ) {
        self.opt_invalidate();
        self.record_line(line, None);
        // The label first, as 64tass makes it: also when the type can't be
        // read yet (a structure defined further on), so that it takes its
        // place in its scope's table in the first pass (the label files'
        // order), a code label of size 0 until the type is known.
        let newlabel = match label {
            Some((name, text, lspan, ns)) => {
                match self.code_label(line, name, &text, lspan, ns, true, false) {
                    Ok(nl) => nl,
                    Err(_) => return,
                }
            }
            None => None,
        };
        if !self.dstruct_typed(line, cmd, args, span, newlabel)
            && let Some(nl) = newlabel
        {
            self.set_size(nl.id, 0, nl.oaddr);
            self.syms.label_mut(nl.id).set_update_after(true);
        }
    }

    /// `.dstruct`/`.dunion` once its label is made: false when the type is
    /// not a structure (or union) of the right kind.
    fn dstruct_typed(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        span: Span,
        newlabel: Option<NewLabel>,
    ) -> bool {
        if line.at_end(args) {
            self.argnum(line, args, 0, 1, usize::MAX);
            return false;
        }
        let mut p = crate::syntax::expr::Parser::new(
            line.text,
            args,
            line.end,
            &mut self.names,
            self.dialect,
        );
        let e = match p.single() {
            Ok(e) => e,
            Err(e) => {
                self.error(
                    line.span(e.pos as usize, e.pos as usize + 1),
                    Kind::Syntax,
                    e.msg,
                );
                return false;
            }
        };
        let mut rest = line.skip_ws(p.pos);
        if line.at(rest) == b',' {
            rest += 1;
        }
        let (v, pos) = self.eval_placed(line, &e, false);
        let Ok(v) = v else {
            return false;
        };
        let want = if cmd == Cmd::Dunion {
            MacroKind::Union
        } else {
            MacroKind::Struct
        };
        let (kind, id) = match v {
            Value::Macro(kind, id) if kind == want => (kind, id),
            Value::None => return false,
            other => {
                // As 64tass words it: "wrong type 'code', expected 'struct'",
                // at where it places the value (`a=1`: at the `a`).
                let s = self.span_at(line, pos);
                let expected = if want == MacroKind::Union {
                    "union"
                } else {
                    "struct"
                };
                let msg = format!("wrong type '{}', expected '{expected}'", other.type_name());
                self.error(s, Kind::Type, msg);
                return false;
            }
        };
        let args_text = line.text[rest..line.end].to_string();
        // Unlabelled, `.dstruct` puts the fields where it stands (`#name` doesn't).
        let here = newlabel.is_none();
        self.instantiate(line, kind, id, &args_text, newlabel, span, here, true);
        if let Some(nl) = newlabel {
            self.syms.label_mut(nl.id).set_update_after(true);
        }
        true
    }

    /// Lay out a structure or union instance here; its fields go in the
    /// label's scope, in the current one (`here`) or in an anonymous one.
    /// `laid_out` (`.dstruct`, `.dunion`): as a block of its own, its size
    /// the label's, in structure or union mode as its kind says.
    #[allow(clippy::too_many_arguments)]
    fn instantiate(
        &mut self,
        line: &LineRef,
        kind: MacroKind,
        id: MacroId,
        args_text: &str,
        newlabel: Option<NewLabel>,
        call: Span,
        here: bool,
        laid_out: bool,
    ) {
        let file = match self.expansion(id, args_text, "?") {
            Ok(f) => f,
            Err(msg) => {
                self.error(call, Kind::MacroMisuse, msg);
                return;
            }
        };
        let ctx = match newlabel.map(|nl| self.syms.label(nl.id).value.clone()) {
            Some(Value::Code(c)) => Some(self.syms.code(c.id).names),
            _ if here => None,
            _ => Some(self.call_scope(call, None)),
        };
        if let Some(ns) = ctx {
            let s = self.syms.ns_mut(ns);
            s.backr = 0;
            s.forwr = 0;
        }
        // Unlabelled, `.dstruct`/`.dunion` enter no scope: the fields are
        // the current scope's, a cheap local the current label's (64tass:
        // `a lda #0` / `.dstruct s` / `bne _d` finds the body's `_d`).
        let scope = match ctx {
            None if laid_out => None,
            _ => Some(ctx.unwrap_or_else(|| self.st.context())),
        };
        let what = if kind == MacroKind::Union {
            Wait::EndU3
        } else {
            Wait::EndS3
        };
        if !laid_out {
            // Called like a macro (`#point`, `.point`): its fields go where
            // the program counter is, in the union or structure around it
            // if any, as 64tass expands them (no layout of its own).
            self.run_expansion(id, file, what, call, scope, None);
            return;
        }
        let a = self.out.addr(self.st.addr).clone();
        let oaddr = a.address;
        {
            let am = self.out.addr_mut(self.st.addr);
            am.start = am.address;
            am.end = am.address;
            am.l_start = am.l_address;
            am.l_union = am.l_address;
            am.unionmode = kind == MacroKind::Union;
        }
        self.run_expansion(id, file, what, call, scope, None);
        let now = self.out.addr(self.st.addr).clone();
        let end = now.end.max(now.address);
        if let Some(nl) = newlabel {
            self.set_size(nl.id, end.wrapping_sub(oaddr), oaddr);
        }
        let am = self.out.addr_mut(self.st.addr);
        am.start = a.start;
        let target = if am.unionmode { am.end } else { am.address };
        am.end = am.end.max(a.end);
        am.l_start = a.l_start;
        am.l_union = a.l_union;
        am.unionmode = a.unionmode;
        if target > am.address {
            let n = target - am.address;
            self.emit_gap(line, n);
        }
    }

    // ------------------------------------------------------------ functions

    /// An expression given as text on `line` (a parameter's default or
    /// conversion), evaluated in the current scope.
    fn eval_text(&mut self, line: &LineRef, text: &str) -> Option<Value> {
        let mut ps =
            crate::syntax::expr::Parser::new(text, 0, text.len(), &mut self.names, self.dialect);
        let e = ps.single().ok()?;
        let tmp = LineRef {
            file: line.file,
            index: line.index,
            text,
            start: 0,
            end: text.len(),
        };
        self.eval(&tmp, &e).ok()
    }

    /// `name .function params` / `name .sfunction params, expression`.
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::too_many_arguments)]
    pub fn define_function(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        name: Name,
        text: &Rc<str>,
        span: Span,
        dir: Span,
        ns: NsId,
        args: usize,
    ) {
        let key = (line.file, line.index, def_chain_key(&self.st.chain));
        let raw = line.text[args..line.end].to_string();
        let at = super::macro_text::split_args_at(&raw);
        let mut parts: Vec<String> = at.iter().map(|&(s, e)| raw[s..e].to_string()).collect();
        let mut expr_offset = None;
        if cmd == Cmd::Sfunction {
            // The expression starts at the first part that is not a
            // parameter (as 64tass reads them: a name followed by `,`, `:`
            // or `=`, or `*name`), and runs to the end of the line: in
            // `_a, 3 + _a, 7 + _a` it is the list `3 + _a, 7 + _a`. When
            // every part reads as a parameter, the last one is the expression.
            if parts.is_empty() {
                self.error(span, Kind::Syntax, "an expression is expected".into());
                return;
            }
            let unicode = self.dialect.unicode;
            let last = parts.len() - 1;
            let mut first = last;
            for (i, p) in parts[..last].iter().enumerate() {
                if p.trim_start().starts_with('*') {
                    // The rest parameter is the last one.
                    first = i + 1;
                    break;
                }
                if !p.is_empty() && !sfunction_param_shaped(p, unicode) {
                    first = i;
                    break;
                }
            }
            parts.truncate(first);
            expr_offset = Some(args + at[first].0);
        }
        let mut params = Vec::new();
        let mut rest: Option<(Name, Rc<str>)> = None;
        let mut cursor = 0;
        for p in parts {
            if p.is_empty() {
                continue;
            }
            let rel = raw[cursor..]
                .find(p.as_str())
                .map_or(cursor, |r| cursor + r);
            cursor = rel + p.len();
            let at = args + rel + (p.len() - p.trim_start().len());
            if let Some(r) = p.strip_prefix('*') {
                let r = r.trim();
                rest = Some((
                    crate::syntax::expr::intern_name(&mut self.names, r, self.dialect),
                    Rc::from(r),
                ));
                continue;
            }
            let (n, default) = match p.split_once('=') {
                Some((n, d)) => (n.trim().to_string(), Some(d.trim().to_string())),
                None => (p.trim().to_string(), None),
            };
            let (n, convert) = match n.split_once(':') {
                Some((n, c)) => (n.trim().to_string(), Some(c.trim().to_string())),
                None => (n, None),
            };
            let default = default.and_then(|d| self.eval_text(line, &d));
            let convert = match convert {
                Some(c) => match self.eval_text(line, &c) {
                    Some(v) => Some(v),
                    None => return,
                },
                None => None,
            };
            let name = crate::syntax::expr::intern_name(&mut self.names, &n, self.dialect);
            let span = Span::new(line.file, at, at + n.len());
            params.push(FuncParam {
                name,
                text: Rc::from(n.as_str()),
                default,
                convert,
                span,
            });
        }
        let mut named: Vec<(Rc<str>, Span)> =
            params.iter().map(|p| (p.text.clone(), p.span)).collect();
        if let Some((_, text)) = &rest {
            let at = line.text[args..line.end]
                .rfind(&**text as &str)
                .map_or(args, |r| args + r);
            named.push((text.clone(), Span::new(line.file, at, at + text.len())));
        }
        self.duplicate_params(&named);
        let scopes: Vec<NsId> = self.st.contexts[self.st.bottom..]
            .iter()
            .map(|c| c.ns)
            .collect();
        let id = match self.macros.funcs_by_site.get(&key) {
            Some(&i) => {
                let f = &mut self.macros.funcs[i as usize];
                f.params = params;
                f.rest = rest;
                f.scopes = scopes;
                f.expr = expr_offset;
                f.chain.clone_from(&self.st.chain);
                FuncId(i, expr_offset.is_some())
            }
            None => {
                // A `.function`'s body is run from the source's own lines (as
                // a macro's, see `macro_at`); a `.sfunction`'s expression is
                // on this line.
                let (file, index) = match expr_offset {
                    Some(_) => (line.file, line.index),
                    None => self.src.origin(line.file, line.index),
                };
                self.macros.funcs.push(FuncDef {
                    file,
                    line: index,
                    end: None,
                    params,
                    rest,
                    scopes,
                    expr: expr_offset,
                    call_scopes: Vec::new(),
                    calls: 0,
                    names: self.syms.new_namespace(),
                    chain: self.st.chain.clone(),
                });
                let i = self.macros.funcs.len() as u32 - 1;
                self.macros.funcs_by_site.insert(key, i);
                FuncId(i, expr_offset.is_some())
            }
        };
        self.label_value((name, text, span, ns), Value::Func(id), true);
        if cmd == Cmd::Function {
            self.st.push_frame(Wait::EndF, dir);
            let f = self.st.top_mut();
            f.skip = 0;
            f.data = FrameData::Macro(Some(MacroId(id.0 | FUNC_BIT)));
        }
    }

    /// A function called from an expression: `pos` is its parenthesis (the
    /// place of the call's own errors), `name_pos` where the called
    /// expression starts, the place 64tass gives the call in the "In file
    /// included from" lines of the messages of its body.
    pub fn call_function(
        &mut self,
        line: &LineRef,
        id: FuncId,
        args: Args,
        (pos, name_pos): (u32, u32),
    ) -> EResult<Value> {
        let span = self.span_at(line, pos);
        let entered_at = self.span_at(line, name_pos);
        // A function's lines are not listed when it is called for its value.
        self.record.quiet += 1;
        let r = self.call_function_as(line, id, args, (span, entered_at), false);
        self.record.quiet -= 1;
        Ok(r?.unwrap_or(Value::None))
    }

    fn call_function_as(
        &mut self,
        line: &LineRef,
        id: FuncId,
        args: Args,
        (call, entered_at): (Span, Span),
        statement: bool,
    ) -> EResult<Option<Value>> {
        if self.too_deep.contains(&(true, id.0)) {
            return Ok(None);
        }
        if self.st.depth >= MAX_DEPTH {
            self.too_deep.insert((true, id.0));
            self.st.chain.push(call);
            self.error(call, Kind::Recursion, "function recursion too deep".into());
            self.st.chain.pop();
            return Err(Reported);
        }
        let (file, fline, params, rest, scopes, expr, def_chain) = {
            let f = self.macros.func(id);
            (
                f.file,
                f.line,
                f.params.clone(),
                f.rest.clone(),
                f.scopes.clone(),
                f.expr,
                // Read only by a parameter's `-Wshadow`.
                self.opts.warnings.shadow.then(|| f.chain.clone()),
            )
        };
        // 64tass counts too many at the first one too many, too few (the
        // last parameter without a default that no argument reaches) at
        // the first argument, both at the call of a statement, and goes on.
        let place = |a: &Self, i: usize| match args.get(i) {
            Some(arg) if !statement => a.span_at(line, arg.pos),
            _ => call,
        };
        if args.len() > params.len() && rest.is_none() {
            let at = place(self, params.len());
            let n = params.len();
            self.error(at, Kind::MacroMisuse, argnum_message(args.len(), n, n));
        }
        let needed = (args.len()..params.len())
            .rev()
            .find(|&i| params[i].default.is_none());
        if let Some(last) = needed {
            let at = place(self, 0);
            let msg = argnum_message(args.len(), last + 1, params.len());
            self.error(at, Kind::MacroMisuse, msg);
        }
        // The scope of this call: parameters as variables.
        let f = &mut self.macros.funcs[id.0 as usize];
        let n = f.calls;
        f.calls += 1;
        let ns = match f.call_scopes.get(n) {
            Some(&ns) => {
                let space = self.syms.ns_mut(ns);
                space.backr = 0;
                space.forwr = 0;
                ns
            }
            None => {
                let ns = self.syms.new_namespace();
                let scopes = &mut self.macros.funcs[id.0 as usize].call_scopes;
                if let Some(&first) = scopes.first() {
                    self.macros.first_call_scope.insert(ns.0, first);
                }
                self.macros.call_scope_function.insert(ns.0, id.0);
                scopes.push(ns);
                ns
            }
        };
        let saved_contexts = std::mem::take(&mut self.st.contexts);
        let saved_bottom = self.st.bottom;
        let saved_cheap = self.st.cheap;
        for s in &scopes {
            self.st.contexts.push(super::state::Context {
                ns: *s,
                saved_cheap: *s,
                with: false,
                depth: 0,
            });
        }
        self.st.bottom = 0;
        self.st.push_context(ns);
        for (i, p) in params.iter().enumerate() {
            let v = match args.get(i) {
                Some(a) if !matches!(a.val, Value::Default) => match &p.convert {
                    Some(c) => self
                        .call_value(line, c.clone(), smallvec::smallvec![a.clone()], a.pos)
                        .unwrap_or(Value::None),
                    None => a.val.clone(),
                },
                _ => match &p.default {
                    Some(d) => d.clone(),
                    None if i >= args.len() => Value::None,
                    None => {
                        self.error(
                            call,
                            Kind::MacroMisuse,
                            format!("argument '{}' is missing", p.text),
                        );
                        Value::None
                    }
                },
            };
            self.st.fn_params.insert((p.span.file, p.span.start));
            let param = self.set_variable(line, p.name, &p.text, p.span, ns, v, false);
            // 64tass files a parameter under the function's definition: a
            // `-Wshadow` of it is given in the chain the function was
            // defined in, not in this call.
            if let Some(param) = param
                && let Some(chain) = &def_chain
            {
                self.keep_shadow_chain(param, chain.clone());
            }
        }
        if let Some((rname, rtext)) = rest {
            let extra: Vec<Value> = args
                .iter()
                .skip(params.len())
                .map(|a| a.val.clone())
                .collect();
            self.set_variable(line, rname, &rtext, call, ns, Value::tuple(extra), false);
        }
        self.st.depth += 1;
        self.st.fn_calls += 1;
        self.st.chain.push(entered_at);
        self.st.note_entered(self.src.origin(file, 0).0);
        // The body's labels belong to this call (64tass places them in it):
        // a warning about one is given once per call site.
        if let Some(c) = self.st.contexts.last_mut() {
            c.depth = self.st.chain.len() as u32;
        }
        let entered = self.enter_star(call);
        let result = match expr {
            Some(offset) => {
                let text = self.src.get(file).shared_text();
                let span = self.src.get(file).line_span(fline as usize);
                let l = LineRef::of(file, fline, &text, span);
                match self.parse_exprs(&l, offset, ParseKind::List) {
                    Some(parsed) => match &parsed.result {
                        Ok(exprs) => self.eval_args(&l, exprs).ok().map(super::compile::tuple_of),
                        Err(_) => None,
                    },
                    None => None,
                }
            }
            None => {
                let saved_cursor = self.st.cursor;
                self.st.cursor = Cursor {
                    file,
                    line: fline + 1,
                    stop: Cursor::NO_STOP,
                };
                let what = if statement { Wait::EndF2 } else { Wait::EndF3 };
                // In an expression only the result counts, as in 64tass: the
                // body runs at the program counter but writes nowhere.
                let (saved_addr, saved_star) = (self.st.addr, self.st.star);
                if !statement {
                    let cur = self.out.addr(saved_addr).clone();
                    let mut a = Address::new(self.out.new_mem());
                    a.address = cur.address;
                    a.l_address = cur.l_address;
                    a.l_type = cur.l_type;
                    a.start = a.address;
                    a.end = a.address;
                    self.st.addr = self.out.new_addr(a);
                }
                self.st.push_frame(what, call);
                self.st.top_mut().skip = 1;
                // `-Woptimize` starts afresh; it reports a function's
                // instructions when it is called as a statement only.
                self.opt_invalidate();
                let r = self.opt_quiet_while(!statement, |a| a.compile());
                self.st.close(what);
                self.st.cursor = saved_cursor;
                if !statement {
                    (self.st.addr, self.st.star) = (saved_addr, saved_star);
                }
                // Nothing returned: an empty tuple.
                if statement {
                    r
                } else {
                    r.or_else(|| Some(Value::tuple(Vec::new())))
                }
            }
        };
        self.st.stars.leave(entered, 0);
        self.st.depth -= 1;
        self.st.fn_calls -= 1;
        self.st.chain.pop();
        self.st.contexts = saved_contexts;
        self.st.bottom = saved_bottom;
        self.st.cheap = saved_cheap;
        Ok(result)
    }

    /// `.endf [value]`
    pub fn end_function(&mut self, line: &LineRef, args: usize, span: Span) -> Step {
        // A call's closing line is not listed (`--verbose-list`), nor its
        // label (`+ .endf` defines `+`, 64tass lists no row), as `.endm`.
        if matches!(self.st.top().what, Wait::EndF2 | Wait::EndF3) {
            self.take_placeholder(line);
        } else {
            self.drop_shown(line);
        }
        match self.st.top().what {
            Wait::EndF3 if line.at_end(args) => Step::Return(Value::tuple(Vec::new())),
            Wait::EndF2 | Wait::EndF3 => Step::Return(self.return_value(line, args)),
            _ => {
                self.error(
                    span,
                    Kind::MacroMisuse,
                    "opening directive '.function' not found".into(),
                );
                Step::Next
            }
        }
    }
}

impl Assembler<'_> {
    /// A callee that is one plain name (`#print`, most calls): the node the
    /// parser makes for it (see `Parser::lone_value`), without a parse.
    /// `None` for anything else (a dotted name, `__` names, an expression,
    /// a name starting with a non-ASCII letter).
    /// `#name args` (most calls): a plain name followed by a blank, a
    /// comment or the line's end, found by one scan where the general way
    /// (`callee_end`, `dotted_name_end`, [`Self::plain_callee`]) reads the
    /// name three times; the callee's end and its name, or `None` for
    /// anything else (which the general way takes, as before).
    fn lone_name_callee(&mut self, line: &LineRef, pos: usize) -> Option<(usize, Name)> {
        let first = line.at(pos);
        if !matches!(first, b'a'..=b'z' | b'A'..=b'Z' | b'_')
            || (first == b'_' && line.at(pos + 1) == b'_')
        {
            return None;
        }
        let len = crate::syntax::scan::ident_len(&line.text[..line.end], pos, self.dialect.unicode);
        let end = pos + len;
        if end < line.end && !matches!(line.at(end), b' ' | b'\t' | b';') {
            return None;
        }
        let text = &line.text[pos..end];
        let (names, dialect) = (&mut self.names, self.dialect);
        let name = self.callee_names.get_or(text.as_bytes(), || {
            crate::syntax::expr::intern_name(names, text, dialect)
        });
        Some((end, name))
    }

    fn plain_callee(&mut self, line: &LineRef, pos: usize, end: usize) -> Option<Expr> {
        if !matches!(line.at(pos), b'a'..=b'z' | b'A'..=b'Z' | b'_')
            || line.text.as_bytes()[pos..end].starts_with(b"__")
        {
            return None;
        }
        let len = crate::syntax::scan::ident_len(&line.text[..line.end], pos, self.dialect.unicode);
        if len == 0 || pos + len != end {
            return None;
        }
        let name =
            crate::syntax::expr::intern_name(&mut self.names, &line.text[pos..end], self.dialect);
        Some(Expr::ident(pos as crate::syntax::ast::Pos, name))
    }

    /// Where an identifier, possibly dotted (`lib.m`), starting at `pos` ends.
    fn dotted_name_end(&self, line: &LineRef, pos: usize) -> usize {
        let mut end = pos;
        loop {
            let len =
                crate::syntax::scan::ident_len(&line.text[..line.end], end, self.dialect.unicode);
            if len == 0 {
                return end;
            }
            end += len;
            if line.at(end) == b'.' && line.at(end + 1) != b'.' {
                end += 1;
            } else {
                return end;
            }
        }
    }
}

/// The directives that close and open a body of `kind` (counted to find
/// its end).
fn body_marks(kind: MacroKind) -> (&'static [Cmd], &'static [Cmd]) {
    match kind {
        MacroKind::Struct => (&[Cmd::Ends], &[Cmd::Struct]),
        MacroKind::Union => (&[Cmd::Endu], &[Cmd::Union]),
        _ => (
            &[Cmd::Endm, Cmd::Endmacro, Cmd::Endsegment],
            &[Cmd::Macro, Cmd::Segment],
        ),
    }
}

/// Whether a part of a `.sfunction`'s line before its last is a parameter
/// as 64tass reads one there: a name alone (a comma follows it) or followed
/// by `:` (a conversion) or `=` (a default; not `==`).
fn sfunction_param_shaped(part: &str, unicode: bool) -> bool {
    let p = part.trim_start();
    let n = crate::syntax::scan::ident_len(p, 0, unicode);
    if n == 0 {
        return false;
    }
    let rest = p[n..].trim_start();
    rest.is_empty() || rest.starts_with(':') || rest.starts_with('=') && !rest.starts_with("==")
}
