//! What a path the user named leads to, and how to write it: replaced through a
//! temporary, or written in place.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use super::Problem;

/// How an output will be written.
pub enum Target {
    /// A regular file (or nothing yet) at `path`, the end of any symbolic links:
    /// replaced by a temporary renamed over it. `existing` is the file it replaces.
    Replace {
        path: PathBuf,
        existing: Option<fs::Metadata>,
    },
    /// Written through the path as given, without creating anything: a device, a FIFO
    /// (`fifo`: opened only when written, as opening waits for a reader), or a regular
    /// file that must keep its inode (`truncate`: other hard links, or reached through
    /// a `/proc` link such as `/dev/stdout`).
    InPlace { truncate: bool, fifo: bool },
}

/// Which file a path names, to tell when two paths are one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    /// An existing regular file.
    File(FileKey),
    /// A device or FIFO: naming one twice is allowed (`-o /dev/null --labels /dev/null`).
    Special,
    /// Nothing yet: the canonical directory and the name it will get.
    New(PathBuf),
    /// The process's standard output (`-`): one output at a time.
    Stdout,
}

/// Classifies `path`: how to write it and which file it is.
pub fn examine(path: &Path) -> Result<(Target, Identity), Problem> {
    if path.file_name().is_none() || path.as_os_str().to_string_lossy().ends_with('/') {
        return Err(Problem::NoFileName);
    }
    let (end, through_proc) = follow_links(path)?;
    // The kernel's view, which also resolves /proc's links to pipes and terminals.
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound && !through_proc => {
            let id = Identity::New(new_identity(&end));
            return Ok((
                Target::Replace {
                    path: end,
                    existing: None,
                },
                id,
            ));
        }
        Err(e) => return Err(Problem::Io(e)),
    };
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(Problem::IsDirectory);
    }
    if sys::is_socket(&kind) {
        return Err(Problem::IsSocket);
    }
    if !kind.is_file() {
        let fifo = sys::is_fifo(&kind);
        return Ok((
            Target::InPlace {
                truncate: false,
                fifo,
            },
            Identity::Special,
        ));
    }
    let id = Identity::File(sys::file_key(path, &meta));
    // Opening for writing (without truncating) finds a read-only file now, as 64tass
    // would, instead of quietly replacing it.
    open_in_place(path)?;
    if through_proc || sys::nlink(&meta) > 1 {
        let target = Target::InPlace {
            truncate: true,
            fifo: false,
        };
        return Ok((target, id));
    }
    let target = Target::Replace {
        path: end,
        existing: Some(meta),
    };
    Ok((target, id))
}

/// The key of an existing regular file, for inputs.
pub fn input_key(path: &Path) -> Option<FileKey> {
    let meta = fs::metadata(path).ok()?;
    meta.is_file().then(|| sys::file_key(path, &meta))
}

/// Opens an existing file, device or FIFO for writing, creating nothing.
pub fn open_in_place(path: &Path) -> Result<File, Problem> {
    OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(Problem::Io)
}

/// Opens an existing file, device or FIFO to write at its end, creating nothing.
pub fn open_to_append(path: &Path) -> Result<File, Problem> {
    OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(Problem::Io)
}

/// Follows symbolic links from `path` to where they end (which may not exist yet).
/// Stops at `/proc` (true), whose links name pipes and terminals, not paths.
fn follow_links(path: &Path) -> Result<(PathBuf, bool), Problem> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        if at.starts_with("/proc") {
            return Ok((at, true));
        }
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&at).map_err(Problem::Io)?;
                at = match at.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok((at, false)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((at, false)),
            Err(e) => return Err(Problem::Io(e)),
        }
    }
    Err(Problem::LinkLoop)
}

/// A file that does not exist yet, named by its directory's canonical path.
pub fn new_identity(path: &Path) -> PathBuf {
    match (fs::canonicalize(dir_of(path)), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A temporary file beside a target, removed unless it was renamed into place.
pub struct TempFile {
    pub path: PathBuf,
    kept: bool,
}

impl TempFile {
    /// Creates `.NAME.c64kit-PID-N.tmp` in the target's directory (so the rename stays
    /// on one file system), with the permissions and owner of `existing`.
    pub fn beside(target: &Path, existing: Option<&fs::Metadata>) -> io::Result<(TempFile, File)> {
        #[cfg(test)]
        if tests_hook::NO_ROOM_BESIDE.with(|n| n.get()) {
            return Err(io::Error::from(io::ErrorKind::PermissionDenied));
        }
        TempFile::create_in(dir_of(target), target, existing)
    }

    /// Creates a temporary for `target` in the system's temporary directory (for a
    /// file written in place at commit).
    pub fn elsewhere(target: &Path) -> io::Result<(TempFile, File)> {
        TempFile::create_in(&std::env::temp_dir(), target, None)
    }

    fn create_in(
        dir: &Path,
        target: &Path,
        existing: Option<&fs::Metadata>,
    ) -> io::Result<(TempFile, File)> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        loop {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let file_name = format!(".{name}.c64kit-{}-{n}.tmp", std::process::id());
            let path = dir.join(file_name);
            let create = |p: &Path| OpenOptions::new().write(true).create_new(true).open(p);
            match crate::interrupt::temporary(&path, create) {
                Ok(file) => {
                    let tmp = TempFile { path, kept: false };
                    if let Some(meta) = existing {
                        sys::keep_owner_and_mode(&file, meta)?;
                    }
                    return Ok((tmp, file));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Renames the temporary over `target`.
    pub fn rename_to(mut self, target: &Path) -> io::Result<()> {
        crate::interrupt::settle(&self.path, |p| fs::rename(p, target))?;
        self.kept = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.kept {
            let _ = crate::interrupt::settle(&self.path, |p| fs::remove_file(p));
        }
    }
}

/// The error of a temporary that could not be made beside a target: the directory
/// takes no new file (no write permission, a read-only file system).
pub fn no_room_beside(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}

/// Lets the tests make every directory refuse temporaries (root writes anywhere).
#[cfg(test)]
pub mod tests_hook {
    use std::cell::Cell;

    thread_local! {
        pub static NO_ROOM_BESIDE: Cell<bool> = const { Cell::new(false) };
    }
}

pub use sys::FileKey;

#[cfg(unix)]
mod sys {
    use std::fs::{self, File, FileType};
    use std::io;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    use std::path::Path;

    /// Device and inode: one file, whatever the path that leads to it.
    pub type FileKey = (u64, u64);

    pub fn file_key(_: &Path, m: &fs::Metadata) -> FileKey {
        (m.dev(), m.ino())
    }

    pub fn nlink(m: &fs::Metadata) -> u64 {
        m.nlink()
    }

    pub fn is_fifo(t: &FileType) -> bool {
        t.is_fifo()
    }

    pub fn is_socket(t: &FileType) -> bool {
        t.is_socket()
    }

    pub fn keep_owner_and_mode(file: &File, meta: &fs::Metadata) -> io::Result<()> {
        // Only root may give a file away; anyone may keep their own group. A failure
        // leaves the new file owned by whoever ran the build, as an editor would.
        let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
        file.set_permissions(meta.permissions())
    }
}

#[cfg(not(unix))]
mod sys {
    use std::fs::{self, File, FileType};
    use std::io;
    use std::path::{Path, PathBuf};

    /// Without inode numbers: the canonical path.
    pub type FileKey = PathBuf;

    pub fn file_key(path: &Path, _: &fs::Metadata) -> FileKey {
        fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
    }

    pub fn nlink(_: &fs::Metadata) -> u64 {
        1
    }

    pub fn is_fifo(_: &FileType) -> bool {
        false
    }

    pub fn is_socket(_: &FileType) -> bool {
        false
    }

    pub fn keep_owner_and_mode(file: &File, meta: &fs::Metadata) -> io::Result<()> {
        file.set_permissions(meta.permissions())
    }
}
