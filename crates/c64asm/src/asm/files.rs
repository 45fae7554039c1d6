//! Reading files: the main source, `.include`/`.binclude` sources and
//! `.binary` data. Each file is read once per run and searched for next to
//! the including file, then in the `-I` directories.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::Assembler;
use super::compile::{Cmd, NewLabel};
use super::eval::Reported;
use super::lines::{LineRef, ParseKind};
use super::state::Cursor;
use crate::diag::Kind;
use crate::options::Options;
use crate::source::{FileId, SourceMap, Span};
use crate::value::Value;

/// Sources and binaries larger than this are refused (a C64 has 64 KiB).
pub const MAX_FILE: u64 = 64 << 20;

pub struct Files {
    include_dirs: Vec<PathBuf>,
    sources: FxHashMap<PathBuf, FileId>,
    binaries: FxHashMap<PathBuf, Rc<Vec<u8>>>,
    /// Files being assembled (an include of one of them is a recursion).
    open: Vec<FileId>,
    /// Every file read, for dependency lists and output checks.
    pub read: Vec<PathBuf>,
}

impl Files {
    pub fn new(opts: &Options) -> Files {
        Files {
            include_dirs: opts.include_dirs.clone(),
            sources: FxHashMap::default(),
            binaries: FxHashMap::default(),
            open: Vec::new(),
            read: Vec::new(),
        }
    }

    pub fn load_main(
        &mut self,
        path: &Path,
        src: &mut SourceMap,
        unicode: bool,
    ) -> std::io::Result<FileId> {
        let bytes = read_limited(path)?;
        let text = crate::source::decode_owned(bytes, unicode);
        let id = src.add(path.display().to_string(), Some(path.to_path_buf()), text);
        self.sources.insert(path.to_path_buf(), id);
        self.read.push(path.to_path_buf());
        Ok(id)
    }

    /// Where an included name is: next to the including file, then in the
    /// include directories.
    fn resolve(&self, name: &str, from: Option<&Path>) -> Option<PathBuf> {
        let rel = Path::new(name);
        let mut candidates = Vec::new();
        match from.and_then(Path::parent) {
            Some(dir) if !rel.is_absolute() => candidates.push(dir.join(rel)),
            _ => candidates.push(rel.to_path_buf()),
        }
        if !rel.is_absolute() {
            candidates.extend(self.include_dirs.iter().map(|d| d.join(rel)));
        }
        candidates.into_iter().find(|p| p.exists())
    }
}

/// Read a whole file once, refusing a directory and anything over [`MAX_FILE`]. A
/// pipe or device (`/dev/stdin`, a FIFO) is read up to the limit, so `/dev/zero`
/// is refused after 64 MiB instead of filling memory; `-` is standard input, as in
/// 64tass.
fn read_limited(path: &Path) -> std::io::Result<Vec<u8>> {
    let too_large = || {
        std::io::Error::other(format!(
            "is larger than {} MiB; files over {} MiB are refused",
            MAX_FILE >> 20,
            MAX_FILE >> 20
        ))
    };
    let mut data = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE + 1)
            .read_to_end(&mut data)?;
    } else {
        let meta = std::fs::metadata(path)?;
        if meta.is_dir() {
            return Err(std::io::Error::other("is a directory, not a file"));
        }
        if meta.len() > MAX_FILE {
            return Err(too_large());
        }
        // Sized once: a large source is not grown (and copied) by doubling.
        data.reserve_exact(meta.len() as usize + 1);
        std::fs::File::open(path)?
            .take(MAX_FILE + 1)
            .read_to_end(&mut data)?;
    }
    if data.len() as u64 > MAX_FILE {
        return Err(too_large());
    }
    Ok(data)
}

/// The part of a file `.binary`/`binary()` takes: a negative offset counts
/// from the end; the length is cut at the end.
pub fn window(data: &[u8], offset: Option<i128>, length: Option<i128>) -> &[u8] {
    let len = data.len() as i128;
    let start = match offset {
        Some(o) if o < 0 => (len + o).max(0),
        Some(o) => o.min(len),
        None => 0,
    } as usize;
    let end = match length {
        Some(l) if l >= 0 => (start as i128 + l).min(len) as usize,
        _ => data.len(),
    };
    &data[start..end.max(start)]
}

impl Assembler<'_> {
    fn current_path(&self) -> Option<PathBuf> {
        // The file of the line being assembled (expansions: their defining file).
        let mut f = self.st.cursor.file;
        for _ in 0..64 {
            let sf = self.src.get(f);
            if let Some(p) = &sf.path {
                return Some(p.clone());
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

    fn not_found(&mut self, span: Span, name: &str, why: &str) {
        self.error(
            span,
            Kind::IncludeNotFound,
            format!("can't open file '{name}': {why}"),
        );
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
        let Some(path) = self.files.resolve(name, from.as_deref()) else {
            self.not_found(span, name, "no such file");
            return Err(Reported);
        };
        self.portable_warning(line, pos, name);
        if let Some(d) = self.files.binaries.get(&path) {
            return Ok(d.clone());
        }
        match read_limited(&path) {
            Ok(data) => {
                let d = Rc::new(data);
                self.files.binaries.insert(path.clone(), d.clone());
                self.files.read.push(path);
                Ok(d)
            }
            Err(e) => {
                self.not_found(span, name, &e.to_string());
                Err(Reported)
            }
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
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        let [e] = &exprs[..] else {
            self.error(
                line.span(args, args + 1),
                Kind::Syntax,
                "expected exactly one file name".into(),
            );
            return;
        };
        let Ok(v) = self.eval(line, e) else { return };
        let Value::Str(name) = v else {
            if !v.is_none() {
                let s = self.span_at(line, e.pos);
                self.error(s, Kind::Type, "a file name string is expected".into());
            }
            return;
        };
        let fspan = self.span_at(line, e.pos);
        let from = self.current_path();
        let Some(path) = self.files.resolve(&name, from.as_deref()) else {
            self.not_found(fspan, &name, "no such file");
            return;
        };
        self.portable_warning(line, e.pos, &name);
        let file = match self.files.sources.get(&path) {
            Some(&f) => f,
            None => match read_limited(&path) {
                Ok(bytes) => {
                    let text = crate::source::decode_owned(bytes, self.opts.ascii);
                    let f = self
                        .src
                        .add(path.display().to_string(), Some(path.clone()), text);
                    self.files.sources.insert(path.clone(), f);
                    self.files.read.push(path);
                    f
                }
                Err(err) => {
                    self.not_found(fspan, &name, &err.to_string());
                    return;
                }
            },
        };
        if self.files.open.contains(&file) || self.st.cursor.file == file {
            self.error(fspan, Kind::IncludeNotFound, "file recursion".into());
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
                    _ => self.anon_scope(line, b'.'),
                },
            )
        } else {
            None
        };
        if let (Some(nl), Cmd::Binclude) = (newlabel, cmd) {
            self.syms.label_mut(nl.id).update_after = true;
        }
        self.files.open.push(self.st.cursor.file);
        self.st.chain.push(span);
        self.st.depth += 1;
        let saved = self.st.cursor;
        // Blocks can't be closed across files.
        let saved_what = self.st.top().what;
        self.st.top_mut().what = super::state::Wait::None;
        if let Some(ns) = scope {
            self.st.push_context(ns);
        }
        self.st.cursor = Cursor { file, line: 0 };
        self.record_file(file, Some(crate::listing::Entered::Include));
        self.compile();
        self.record_file(saved.file, None);
        if scope.is_some() {
            self.st.pop_context();
        }
        self.st.cursor = saved;
        self.st.top_mut().what = saved_what;
        self.st.depth -= 1;
        self.st.chain.pop();
        self.files.open.pop();
        if let (Some(nl), Cmd::Binclude) = (newlabel, cmd) {
            let size = self.out.addr(self.st.addr).address.wrapping_sub(nl.oaddr);
            self.syms.label_mut(nl.id).update_after = false;
            self.set_size(nl.id, size, nl.oaddr);
            let pass = self.st.pass;
            let l = self.syms.label_mut(nl.id);
            l.update_after = true;
            l.defpass = pass;
        }
    }
}
