//! `.include`, `.binclude` and `.binary`: the directives that read files
//! (found and read once per run by [`super::files`]), and `-Wportable`'s
//! check of the names they are given.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::Assembler;
use super::commands::Cmd;
use super::compile::NewLabel;
use super::files::read_limited;
use super::lines::LineRef;
use super::report::Reported;
use super::state::Cursor;
use crate::diag::Kind;
use crate::source::Span;
use crate::value::Value;

impl Assembler<'_> {
    fn current_path(&self) -> Option<PathBuf> {
        // The file of the line being assembled (expansions: their defining file).
        let mut f = self.st.cursor.file;
        for _ in 0..64 {
            let sf = self.src.get(f);
            if let Some(p) = &sf.path {
                return Some(p.to_path_buf());
            }
            match sf.expansion {
                Some(e) => f = e.body_file,
                None => return None,
            }
        }
        None
    }

    /// `-Wportable`: a file name written at `pos` (its opening quote) that only
    /// works here: an absolute path, or one of the characters Windows reserves
    /// (pointed at).
    fn portable_warning(&mut self, line: &LineRef, pos: u32, name: &str) {
        if !self.opts.warnings.portable {
            return;
        }
        let bytes = name.as_bytes();
        let absolute = name.starts_with(['/', '\\'])
            || (bytes.len() > 1 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic());
        if absolute {
            let span = self.span_at(line, pos);
            self.warn("portable", span, format!("use relative path for '{name}'"));
            return;
        }
        let reserved =
            |c: char| matches!(c, '<' | '>' | ':' | '"' | '\\' | '|' | '?' | '*') || c < ' ';
        if let Some((at, _)) = name.char_indices().find(|&(_, c)| reserved(c)) {
            let span = self.span_at(line, pos + 1 + at as u32);
            self.warn(
                "portable",
                span,
                format!("this name uses reserved characters '{name}'"),
            );
        }
    }

    /// A file that can't be read, reported once a pass as 64tass does,
    /// named as it was looked for (the including file's directory in front).
    fn unreadable(&mut self, span: Span, shown: &Path, e: &std::io::Error) {
        if self.files.first_failure(shown) {
            let msg = super::files::unreadable(shown, e);
            self.error(span, Kind::IncludeNotFound, msg);
        }
    }

    /// A name found nowhere: why the first place looked failed.
    fn missing(&mut self, span: Span, first: &Path) {
        let e = std::fs::metadata(first)
            .err()
            .unwrap_or_else(|| std::io::ErrorKind::NotFound.into());
        self.unreadable(span, first, &e);
    }

    /// Bytes of a binary file (cached).
    pub fn binary_file(
        &mut self,
        line: &LineRef,
        name: &str,
        pos: u32,
    ) -> Result<Rc<Vec<u8>>, Reported> {
        let span = self.span_at(line, pos);
        let from = self.current_path();
        let path = match self.files.resolve(name, from.as_deref()) {
            Ok(path) => path,
            Err(first) => {
                self.missing(span, &first);
                return Err(Reported);
            }
        };
        self.portable_warning(line, pos, name);
        if let Some(d) = self.files.binaries.get(&path) {
            return Ok(d.clone());
        }
        match read_limited(&path) {
            Ok(data) => {
                let d = Rc::new(data);
                self.files.binaries.insert(path.clone(), d.clone());
                self.files.note_read(path, true);
                Ok(d)
            }
            Err(e) => {
                self.unreadable(span, &path, &e);
                Err(Reported)
            }
        }
    }

    /// A `.binclude` that names no file it can enter leaves its code label
    /// without a value (64tass makes it none), so member lookups through the
    /// label stay quiet instead of each reporting an undefined symbol.
    fn binclude_label_unset(&mut self, cmd: Cmd, newlabel: Option<NewLabel>) {
        let Some(nl) = newlabel else { return };
        if cmd == Cmd::Binclude && matches!(self.syms.label(nl.id).value, Value::Code(_)) {
            self.syms.label_mut(nl.id).set_update_after(true);
            self.const_assign(nl.id, Value::None);
        }
    }

    /// `.include "file"` and `label .binclude "file"`.
    pub fn include(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        newlabel: Option<NewLabel>,
        span: Span,
    ) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        let Value::Str(name) = v else {
            self.binclude_label_unset(cmd, newlabel);
            if !v.is_none() {
                let s = self.span_at(line, pos);
                let msg = crate::value::convert::not_a_string(&v);
                self.error(s, Kind::Type, msg);
            }
            return;
        };
        let fspan = self.span_at(line, pos);
        let from = self.current_path();
        let path = match self.files.resolve(&name, from.as_deref()) {
            Ok(path) => path,
            Err(first) => {
                self.binclude_label_unset(cmd, newlabel);
                self.missing(fspan, &first);
                return;
            }
        };
        self.portable_warning(line, pos, &name);
        let file = match self.files.sources.get(&path) {
            Some(&f) => f,
            None => match read_limited(&path) {
                Ok(bytes) => {
                    let name = path.display().to_string().into();
                    let f = self
                        .src
                        .add_read(name, Some(path.clone()), bytes, self.opts.ascii);
                    self.files.sources.insert(path.clone(), f);
                    self.files.note_read(path, false);
                    f
                }
                Err(err) => {
                    self.binclude_label_unset(cmd, newlabel);
                    self.unreadable(fspan, &path, &err);
                    return;
                }
            },
        };
        if self.files.open.contains(&file) || self.st.cursor.file == file {
            self.binclude_label_unset(cmd, newlabel);
            // At the directive, as 64tass places it.
            self.error(span, Kind::IncludeNotFound, "file recursion".into());
            return;
        }
        if self.st.depth >= 100 {
            self.error(fspan, Kind::Limit, "includes nested too deeply".into());
            return;
        }
        let scope = if cmd == Cmd::Binclude {
            Some(
                match newlabel.map(|nl| self.syms.label(nl.id).value.clone()) {
                    Some(Value::Code(c)) => self.syms.code(c.id).names,
                    _ => self.anon_scope(span, b'.'),
                },
            )
        } else {
            None
        };
        if let (Some(nl), Cmd::Binclude) = (newlabel, cmd) {
            self.syms.label_mut(nl.id).set_update_after(true);
        }
        self.files.open.push(self.st.cursor.file);
        self.st.include_frames.push(self.st.chain.len());
        self.st.chain.push(span);
        self.st.note_entered(file);
        self.st.depth += 1;
        let saved = self.st.cursor;
        // Blocks can't be closed across files.
        let saved_what = self.st.top().what;
        self.st.top_mut().what = super::state::Wait::None;
        if let Some(ns) = scope {
            self.st.push_context(ns);
        }
        let entered = self.enter_star(span);
        self.st.cursor = Cursor::start_of(file);
        self.record_file(file, Some(crate::listing::Entered::Include));
        self.compile();
        self.record_file(saved.file, None);
        self.st.stars.leave(entered, 0);
        if scope.is_some() {
            self.st.pop_context();
        }
        self.st.cursor = saved;
        self.st.top_mut().what = saved_what;
        self.st.depth -= 1;
        self.st.chain.pop();
        self.st.include_frames.pop();
        self.files.open.pop();
        if let (Some(nl), Cmd::Binclude) = (newlabel, cmd) {
            let size = self.out.addr(self.st.addr).address.wrapping_sub(nl.oaddr);
            self.syms.label_mut(nl.id).set_update_after(false);
            self.set_size(nl.id, size, nl.oaddr);
            let pass = self.st.pass;
            let l = self.syms.label_mut(nl.id);
            l.set_update_after(true);
            l.defpass = crate::symbols::PassNo::of(pass);
        }
    }
}
