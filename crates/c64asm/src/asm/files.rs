//! Reading files: the main source, `.include`/`.binclude` sources and
//! `.binary` data. Each file is read once per run and searched for next to
//! the including file, then in the `-I` directories. The directives that
//! ask for them are in [`super::include`].

use std::io::Read;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::options::Options;
use crate::source::{FileId, SourceMap};

/// Sources and binaries larger than this are refused (a C64 has 64 KiB).
pub const MAX_FILE: u64 = 64 << 20;

pub struct Files {
    include_dirs: Vec<PathBuf>,
    /// Sources read, by path.
    pub sources: FxHashMap<PathBuf, FileId>,
    /// Binary files read, by path.
    pub binaries: FxHashMap<PathBuf, Rc<Vec<u8>>>,
    /// Files being assembled (an include of one of them is a recursion).
    pub open: Vec<FileId>,
    /// Every file read, for dependency lists and output checks; a file
    /// read both as a source and by `.binary` is here twice.
    pub read: Vec<PathBuf>,
    /// For each of [`Self::read`], whether it was read by `.binary`
    /// (64tass names it on a `Reading file:` line then).
    pub read_binary: Vec<bool>,
    /// Every path looked for, found or not, in the order first looked for
    /// (64tass keeps them all in its file table, whose order its dependency
    /// rule follows).
    pub looked_up: Vec<PathBuf>,
    looked_up_set: rustc_hash::FxHashSet<PathBuf>,
    /// Files that could not be read this pass: 64tass reports each once.
    failed: rustc_hash::FxHashSet<PathBuf>,
}

impl Files {
    pub fn new(opts: &Options) -> Files {
        Files {
            include_dirs: opts.include_dirs.clone(),
            sources: FxHashMap::default(),
            binaries: FxHashMap::default(),
            open: Vec::new(),
            read: Vec::new(),
            read_binary: Vec::new(),
            looked_up: Vec::new(),
            looked_up_set: Default::default(),
            failed: Default::default(),
        }
    }

    /// `path` read for the first time as a source or (`binary`) by `.binary`.
    pub fn note_read(&mut self, path: PathBuf, binary: bool) {
        self.read.push(path);
        self.read_binary.push(binary);
    }

    pub fn begin_pass(&mut self) {
        self.failed.clear();
    }

    /// Whether `path` failed for the first time this pass (to be reported).
    pub fn first_failure(&mut self, path: &Path) -> bool {
        self.failed.insert(path.to_path_buf())
    }

    pub fn load_main(
        &mut self,
        path: &Path,
        src: &mut SourceMap,
        unicode: bool,
    ) -> std::io::Result<FileId> {
        let bytes = read_limited(path)?;
        let id = src.add_read(
            path.display().to_string().into(),
            Some(path.to_path_buf()),
            bytes,
            unicode,
        );
        self.sources.insert(path.to_path_buf(), id);
        self.note_read(path.to_path_buf(), false);
        self.looked_up(path);
        Ok(id)
    }

    /// Where an included name is: next to the including file, then in the
    /// include directories. Not found: the first place looked, the one
    /// 64tass names in its message.
    pub fn resolve(&mut self, name: &str, from: Option<&Path>) -> Result<PathBuf, PathBuf> {
        let rel = Path::new(name);
        let mut candidates = Vec::new();
        match from.map(directory_part) {
            Some(dir) if !rel.is_absolute() => candidates.push(dir.join(rel)),
            _ => candidates.push(rel.to_path_buf()),
        }
        if !rel.is_absolute() {
            candidates.extend(self.include_dirs.iter().map(|d| d.join(rel)));
        }
        let first = candidates[0].clone();
        candidates
            .into_iter()
            .find(|p| {
                self.looked_up(p);
                p.exists()
            })
            .ok_or(first)
    }

    /// `path` looked for (once per path).
    fn looked_up(&mut self, path: &Path) {
        if self.looked_up_set.insert(path.to_path_buf()) {
            self.looked_up.push(path.to_path_buf());
        }
    }
}

/// The including file's name up to and with its last separator (`/`, and `\`
/// on Windows), as written: 64tass puts the included name after it, so
/// `../asm/./c64.asm` including `./sprite.asm` reads `../asm/././sprite.asm`,
/// the name its messages and listing show (`Path::parent` would drop the `.`
/// and a doubled `/`).
fn directory_part(from: &Path) -> &Path {
    match from.to_str() {
        Some(text) => Path::new(
            text.rfind(std::path::is_separator)
                .map_or("", |at| &text[..=at]),
        ),
        None => from.parent().unwrap_or(Path::new("")),
    }
}

/// Read a whole file once, refusing a directory and anything over [`MAX_FILE`]. A
/// pipe or device (`/dev/stdin`, a FIFO) is read up to the limit, so `/dev/zero`
/// is refused after 64 MiB instead of filling memory; `-` is standard input, as in
/// 64tass.
pub fn read_limited(path: &Path) -> std::io::Result<Vec<u8>> {
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
            return Err(std::io::ErrorKind::IsADirectory.into());
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

/// 64tass's message for a file that can't be read: "can't open file" or,
/// for one opened but not read (a directory), "error reading file", then
/// the system's words (C's `strerror`, without Rust's "(os error N)").
pub fn unreadable(shown: &Path, e: &std::io::Error) -> String {
    let (what, why) = match e.kind() {
        std::io::ErrorKind::IsADirectory => ("error reading file", "Is a directory".to_string()),
        _ => {
            let text = e.to_string();
            let why = match text.find(" (os error ") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            ("can't open file", why)
        }
    };
    format!("{what} '{}': {why}", shown.display())
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
