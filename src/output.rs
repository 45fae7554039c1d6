//! The one place `c64kit` writes files the user named.
//!
//! A command's outputs form one [`Outputs`] group: each is prepared and checked when it
//! is added (a regular file is written in full to a temporary beside it), and nothing
//! the user can see changes until [`Outputs::commit`]. So an error in any output (a
//! missing directory, a bad disk name, a full disk) leaves every target as it was.
//!
//! What a target is decides how it is written:
//! - a regular file: a temporary beside it, renamed over it at commit; the old file's
//!   permissions (and owner, where allowed) carry over;
//! - a symbolic link: followed to its target, which is written as above; the link stays;
//! - a character or block device, a FIFO, a file with other hard links, or a file
//!   reached through `/proc` (`/dev/stdout`): written in place at commit, as 64tass
//!   does, so a device never becomes a regular file and every hard link sees the bytes;
//! - a directory or a socket: refused.
//!
//! An output appended to ([`Outputs::append`], 64tass's `--*-append`) is written the
//! same way, its old bytes first: through links, in place where it must keep its inode.
//!
//! An output that is one of the run's inputs, or the same file as another output, is
//! refused with a message that names both. Files are compared by device and inode
//! (after following links), not by spelling.

mod stream;
mod target;

use std::error::Error;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use stream::Stream;
use stream::StreamState;
use target::{FileKey, Identity, Target, TempFile};

/// Why an output could not be written. Nothing of the group changed, unless
/// [`OutputError::partial`] says otherwise.
#[derive(Debug)]
pub struct OutputError {
    /// What the output is (`-o`, `--labels`, ...), as given when it was added.
    pub what: String,
    /// The path as the user gave it.
    pub path: PathBuf,
    pub problem: Problem,
    partial: bool,
}

/// The reason inside an [`OutputError`].
#[derive(Debug)]
pub enum Problem {
    /// The operating system refused (missing directory, no permission, disk full, ...).
    Io(io::Error),
    /// The target is an input of the run (the text says which).
    IsInput(String),
    /// The target is the same file as another output of the run (named by its `what`).
    SameAs(String),
    IsDirectory,
    IsSocket,
    /// Something already exists where a new file or directory was to be created.
    Exists,
    /// Symbolic links that lead to each other without end.
    LinkLoop,
    /// The path ends in `/`, `..` or nothing: it names no file.
    NoFileName,
}

impl OutputError {
    /// True if part of the group was written before this output failed (a device or a
    /// file written in place failing during the commit); false means nothing changed.
    pub fn partial(&self) -> bool {
        self.partial
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, path) = (&self.what, self.path.display());
        match &self.problem {
            Problem::Io(e) => write!(f, "{what} {path}: cannot write: {e}"),
            Problem::IsInput(input) => {
                write!(
                    f,
                    "{what} {path} is {input}; refusing to overwrite an input"
                )
            }
            Problem::SameAs(other) => write!(
                f,
                "{what} {path} is the same file as {other}; give each output its own file"
            ),
            Problem::IsDirectory => write!(f, "{what} {path} is a directory"),
            Problem::IsSocket => write!(f, "{what} {path} is a socket, not a file"),
            Problem::Exists => write!(f, "{what} {path} already exists"),
            Problem::LinkLoop => write!(f, "{what} {path}: symbolic links loop"),
            Problem::NoFileName => write!(f, "{what} {:?} names no file", self.path),
        }
    }
}

impl Error for OutputError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.problem {
            Problem::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// An output's name for messages: what it is, and the path the user gave.
struct Label {
    what: String,
    path: PathBuf,
}

impl Label {
    fn new(what: &str, path: &Path) -> Label {
        Label {
            what: what.into(),
            path: path.into(),
        }
    }

    fn fail(&self, problem: Problem) -> OutputError {
        OutputError {
            what: self.what.clone(),
            path: self.path.clone(),
            problem,
            partial: false,
        }
    }
}

/// An output ready to commit, in the order the commit handles them.
enum Staged {
    /// A directory to create (it must not exist).
    NewDir(Label),
    /// A file to create with these bytes (nothing may exist there).
    NewFile(Label, Vec<u8>),
    /// Bytes written in place; the file is already open unless it is a FIFO.
    /// `restore`: a regular file, whose old bytes are put back if the write fails.
    InPlace {
        label: Label,
        file: Option<File>,
        truncate: bool,
        data: Vec<u8>,
        restore: bool,
    },
    /// A stream's complete temporary (kept elsewhere) to copy over a regular file that
    /// must keep its inode or whose directory takes no temporary; the old bytes are
    /// put back if the copy fails.
    CopyInPlace {
        label: Label,
        tmp: TempFile,
        file: File,
        stream: Arc<StreamState>,
    },
    /// A stream written in place as the run went: only its errors are left to check.
    InPlaceStream(Label, Arc<StreamState>),
    /// A complete temporary to rename over `target` (a stream's, once it is closed).
    Replace {
        label: Label,
        tmp: TempFile,
        target: PathBuf,
        stream: Option<Arc<StreamState>>,
    },
}

impl Staged {
    fn label(&self) -> &Label {
        match self {
            Staged::NewDir(l) | Staged::NewFile(l, _) | Staged::InPlaceStream(l, _) => l,
            Staged::InPlace { label, .. }
            | Staged::CopyInPlace { label, .. }
            | Staged::Replace { label, .. } => label,
        }
    }

    /// Commit order: what can be undone, then what can't, then renames (which don't
    /// fail on a sane file system once their temporaries are written).
    fn phase(&self) -> u8 {
        match self {
            Staged::NewDir(_) | Staged::NewFile(..) => 0,
            Staged::InPlace { .. } | Staged::CopyInPlace { .. } | Staged::InPlaceStream(..) => 1,
            Staged::Replace { .. } => 2,
        }
    }
}

/// A group of outputs written together: all of them, or (on error) none.
#[derive(Default)]
pub struct Outputs {
    inputs: Vec<(FileKey, String)>,
    claimed: Vec<(Identity, String)>,
    staged: Vec<Staged>,
    /// Which staged output writes each file (its index in `staged`), so that a later
    /// append to the same file adds to it.
    files: Vec<(Identity, usize)>,
}

impl Outputs {
    pub fn new() -> Outputs {
        Outputs::default()
    }

    /// Records a file the run read (`what`: "the source", "an included file", ...), so
    /// that no output overwrites it. Anything but an existing regular file is ignored.
    pub fn input(&mut self, path: &Path, what: &str) {
        if let Some(key) = target::input_key(path) {
            self.inputs.push((key, what.to_string()));
        }
    }

    /// Adds an output holding `bytes`.
    pub fn add(&mut self, path: &Path, what: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.add_with(path, what, |w| w.write_all(bytes))
    }

    /// Adds an output whose bytes `write` produces now (a PNG encoder, a text dump).
    /// Its error is reported as this output's, and nothing of the group is written.
    pub fn add_with<E>(
        &mut self,
        path: &Path,
        what: &str,
        write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    ) -> Result<(), OutputError>
    where
        E: Into<Box<dyn Error + Send + Sync>>,
    {
        self.stage(path, what, false, write)
    }

    /// Adds `bytes` to the end of `path` (64tass's `--output-append`, `--labels-append`,
    /// ...), creating it if it does not exist. It is an output like any other: never
    /// an input, never another output, written through links, and until the commit
    /// nothing changes: a regular file is copied with the new bytes into a temporary
    /// that replaces it; a device, a FIFO or a file kept in place is appended to there.
    pub fn append(&mut self, path: &Path, what: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.append_with(path, what, |w| w.write_all(bytes))
    }

    /// [`Outputs::append`] of the bytes `write` produces now (as [`Outputs::add_with`]).
    pub fn append_with<E>(
        &mut self,
        path: &Path,
        what: &str,
        write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    ) -> Result<(), OutputError>
    where
        E: Into<Box<dyn Error + Send + Sync>>,
    {
        self.stage(path, what, true, write)
    }

    fn stage<E>(
        &mut self,
        path: &Path,
        what: &str,
        append: bool,
        write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    ) -> Result<(), OutputError>
    where
        E: Into<Box<dyn Error + Send + Sync>>,
    {
        let label = Label::new(what, path);
        let io_fail = |e| label.fail(Problem::Io(e));
        if append && let Some(at) = self.staged_for(path) {
            return self.append_to_staged(at, label, write);
        }
        let (target, id) = self.examine(&label)?;
        self.files.push((id, self.staged.len()));
        let staged = match target {
            Target::Replace { path, existing } => {
                let (tmp, file) = match TempFile::beside(&path, existing.as_ref()) {
                    Ok(made) => made,
                    // A writable file in a directory that takes no new file: written in
                    // place at commit (as 64tass writes), its old bytes kept until then.
                    Err(e) if existing.is_some() && target::no_room_beside(&e) => {
                        let mut data = Vec::new();
                        write(&mut data).map_err(|e| io_fail(io::Error::other(e.into())))?;
                        let file = target::open_in_place(&path).map_err(|p| label.fail(p))?;
                        self.staged.push(Staged::InPlace {
                            label,
                            file: Some(file),
                            truncate: !append,
                            data,
                            restore: true,
                        });
                        return Ok(());
                    }
                    Err(e) => return Err(io_fail(e)),
                };
                let mut out = BufWriter::new(file);
                if append && existing.is_some() {
                    let mut old = File::open(&path).map_err(io_fail)?;
                    io::copy(&mut old, &mut out).map_err(io_fail)?;
                }
                write(&mut out)
                    .map_err(|e| io::Error::other(e.into()))
                    .and_then(|()| out.flush())
                    .and_then(|()| out.get_ref().sync_all())
                    .map_err(io_fail)?;
                Staged::Replace {
                    label,
                    tmp,
                    target: path,
                    stream: None,
                }
            }
            Target::InPlace { truncate, fifo } => {
                let mut data = Vec::new();
                write(&mut data).map_err(|e| io_fail(io::Error::other(e.into())))?;
                // Opened now to find a permission problem before anything is written;
                // a FIFO only at commit, since opening one waits for a reader.
                let file = match fifo {
                    true => None,
                    false if append => {
                        Some(target::open_to_append(path).map_err(|p| label.fail(p))?)
                    }
                    false => Some(target::open_in_place(path).map_err(|p| label.fail(p))?),
                };
                Staged::InPlace {
                    label,
                    file,
                    truncate: truncate && !append,
                    data,
                    restore: false,
                }
            }
        };
        self.staged.push(staged);
        Ok(())
    }

    /// The staged output that writes the same file as `path`, if any.
    fn staged_for(&self, path: &Path) -> Option<usize> {
        let (_, id) = target::examine(path).ok()?;
        self.files
            .iter()
            .find(|(f, _)| *f == id && id != Identity::Special)
            .map(|&(_, at)| at)
    }

    /// An append to a file an earlier output of the group writes: 64tass writes its
    /// outputs one after another, so the bytes go after that output's.
    fn append_to_staged<E>(
        &mut self,
        at: usize,
        label: Label,
        write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
    ) -> Result<(), OutputError>
    where
        E: Into<Box<dyn Error + Send + Sync>>,
    {
        let io_fail = |e| label.fail(Problem::Io(e));
        match &mut self.staged[at] {
            Staged::InPlace { data, .. } => {
                write(data).map_err(|e| io_fail(io::Error::other(e.into())))
            }
            Staged::Replace {
                tmp, stream: None, ..
            } => {
                let file = OpenOptions::new()
                    .append(true)
                    .open(&tmp.path)
                    .map_err(io_fail)?;
                let mut out = BufWriter::new(file);
                write(&mut out)
                    .map_err(|e| io::Error::other(e.into()))
                    .and_then(|()| out.flush())
                    .and_then(|()| out.get_ref().sync_all())
                    .map_err(io_fail)
            }
            other => Err(label.fail(Problem::SameAs(other.label().what.clone()))),
        }
    }

    /// Adds an output written while the run goes on (a trace): the [`Stream`] writes
    /// into a temporary, or straight into a device, FIFO or file written in place (which
    /// is emptied now), or into standard output for the path `-`. Drop it (or call [`Stream::finish`]) before
    /// [`Outputs::commit`]; a write error it met makes the commit fail.
    pub fn stream(&mut self, path: &Path, what: &str) -> Result<Stream, OutputError> {
        let label = Label::new(what, path);
        if path.as_os_str() == "-" {
            // Standard output, as `-` means to every Unix tool; two outputs can't share it.
            self.claim(Identity::Stdout, &label)?;
            let (stream, state) = Stream::stdout();
            self.staged.push(Staged::InPlaceStream(label, state));
            return Ok(stream);
        }
        let io_fail = |e| label.fail(Problem::Io(e));
        // A regular file kept in place: the stream goes to a temporary elsewhere, copied
        // over the file at commit.
        let copy_in_place = |label: Label, path: &Path| -> Result<(Stream, Staged), OutputError> {
            let file = target::open_in_place(path).map_err(|p| label.fail(p))?;
            let (tmp, into) = TempFile::elsewhere(path).map_err(|e| label.fail(Problem::Io(e)))?;
            let (stream, state) = Stream::new(into);
            let staged = Staged::CopyInPlace {
                label,
                tmp,
                file,
                stream: state,
            };
            Ok((stream, staged))
        };
        let (stream, staged) = match self.examine(&label)?.0 {
            Target::Replace { path, existing } => {
                match TempFile::beside(&path, existing.as_ref()) {
                    Ok((tmp, file)) => {
                        let (stream, state) = Stream::new(file);
                        let staged = Staged::Replace {
                            label,
                            tmp,
                            target: path,
                            stream: Some(state),
                        };
                        (stream, staged)
                    }
                    Err(e) if existing.is_some() && target::no_room_beside(&e) => {
                        copy_in_place(label, &path)?
                    }
                    Err(e) => return Err(io_fail(e)),
                }
            }
            // Other hard links, or reached through /proc: the file keeps its inode.
            Target::InPlace { truncate: true, .. } => copy_in_place(label, path)?,
            Target::InPlace { .. } => {
                let file = target::open_in_place(path).map_err(|p| label.fail(p))?;
                let (stream, state) = Stream::new(file);
                (stream, Staged::InPlaceStream(label, state))
            }
        };
        self.staged.push(staged);
        Ok(stream)
    }

    /// Checks `path` as an output of the group (never an input, never another
    /// output's file) without writing it: for a file written apart from the group
    /// (`-E`), whose name must still be its own. `-` names no file here.
    pub fn reserve(&mut self, path: &Path, what: &str) -> Result<(), OutputError> {
        if path.as_os_str() == "-" {
            return Ok(());
        }
        self.examine(&Label::new(what, path)).map(|_| ())
    }

    /// [`Outputs::reserve`] for an output appended to: a file an output reserved
    /// before names is its own too (its bytes go after that output's).
    pub fn reserve_append(&mut self, path: &Path, what: &str) -> Result<(), OutputError> {
        if let Ok((_, id)) = target::examine(path)
            && id != Identity::Special
            && self.claimed.iter().any(|(c, _)| *c == id)
        {
            return Ok(());
        }
        self.reserve(path, what)
    }

    /// Reserves standard output for `what` (written by the caller), so that no other
    /// output named `-` mixes into it.
    pub fn claim_stdout(&mut self, what: &str) -> Result<(), OutputError> {
        let label = Label::new(what, Path::new("-"));
        self.claim(Identity::Stdout, &label)
    }

    /// Adds a directory to create, with any missing parents; it must not exist yet.
    pub fn add_new_dir(&mut self, path: &Path, what: &str) -> Result<(), OutputError> {
        let label = Label::new(what, path);
        if fs::symlink_metadata(path).is_ok() && !self.creates_dir(path) {
            return Err(label.fail(Problem::Exists));
        }
        let mut missing = vec![path];
        while let Some(parent) = missing[missing.len() - 1].parent() {
            if parent.as_os_str().is_empty() || fs::symlink_metadata(parent).is_ok() {
                break;
            }
            missing.push(parent);
        }
        for dir in missing.into_iter().rev() {
            if !self.creates_dir(dir) {
                self.staged.push(Staged::NewDir(Label::new(what, dir)));
            }
        }
        Ok(())
    }

    /// Adds a file to create with `bytes`. Nothing may exist at `path` (not even a
    /// dangling link), and nothing that appears there before the commit is overwritten.
    pub fn add_new(&mut self, path: &Path, what: &str, bytes: &[u8]) -> Result<(), OutputError> {
        let label = Label::new(what, path);
        if fs::symlink_metadata(path).is_ok() {
            return Err(label.fail(Problem::Exists));
        }
        self.claim(Identity::New(target::new_identity(path)), &label)?;
        self.staged.push(Staged::NewFile(label, bytes.to_vec()));
        Ok(())
    }

    fn creates_dir(&self, dir: &Path) -> bool {
        self.staged
            .iter()
            .any(|s| matches!(s, Staged::NewDir(l) if l.path == dir))
    }

    /// Writes every output of the group. If one fails, the files and directories the
    /// commit created are removed again; devices and in-place files already written,
    /// and renames already done, stay (then [`OutputError::partial`] is true).
    pub fn commit(self) -> Result<(), OutputError> {
        // A signal now waits for the commit: it must not stop half way.
        let _deferred = crate::interrupt::defer();
        let mut staged = self.staged;
        for s in &staged {
            if let Staged::InPlaceStream(_, state)
            | Staged::CopyInPlace { stream: state, .. }
            | Staged::Replace {
                stream: Some(state),
                ..
            } = s
                && let Some(problem) = state.problem()
            {
                return Err(s.label().fail(problem));
            }
        }
        staged.sort_by_key(Staged::phase);
        let mut created: Vec<(PathBuf, bool)> = Vec::new();
        let mut irreversible = staged
            .iter()
            .any(|s| matches!(s, Staged::InPlaceStream(..)));
        for s in staged {
            let label = Label::new(&s.label().what, &s.label().path);
            let result = match s {
                Staged::NewDir(l) => fs::create_dir(&l.path).map(|()| {
                    created.push((l.path, true));
                }),
                Staged::NewFile(l, data) => {
                    match OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .open(&l.path)
                    {
                        Ok(mut f) => {
                            created.push((l.path, false));
                            f.write_all(&data).and_then(|()| f.sync_all())
                        }
                        Err(e) => Err(e),
                    }
                }
                Staged::InPlace {
                    label,
                    file: Some(file),
                    truncate,
                    data,
                    restore: true,
                } => {
                    let written = overwrite(file, &label.path, truncate, |f| f.write_all(&data));
                    irreversible |= !matches!(written, Err((_, true)));
                    written.map_err(|(e, _)| e)
                }
                Staged::InPlace {
                    label,
                    file,
                    truncate,
                    data,
                    ..
                } => {
                    // A file emptied and then not written is damaged: partial.
                    irreversible |= truncate;
                    let written = write_in_place(&label.path, file, truncate, &data);
                    irreversible |= written.is_ok();
                    written
                }
                Staged::CopyInPlace {
                    label, tmp, file, ..
                } => {
                    let written = match File::open(&tmp.path) {
                        Ok(mut from) => overwrite(file, &label.path, true, |f| {
                            io::copy(&mut from, f).map(|_| ())
                        }),
                        Err(e) => Err((e, true)),
                    };
                    irreversible |= !matches!(written, Err((_, true)));
                    written.map_err(|(e, _)| e)
                }
                Staged::InPlaceStream(..) => Ok(()),
                Staged::Replace {
                    tmp,
                    target,
                    stream,
                    ..
                } => {
                    // A stream's temporary was closed unsynced; a rename is only as
                    // safe as the bytes it makes visible.
                    let synced = match stream {
                        Some(_) => File::open(&tmp.path).and_then(|f| f.sync_all()),
                        None => Ok(()),
                    };
                    synced.and_then(|()| tmp.rename_to(&target)).map(|()| {
                        irreversible = true;
                    })
                }
            };
            if let Err(e) = result {
                for (path, is_dir) in created.iter().rev() {
                    let _ = match is_dir {
                        true => fs::remove_dir(path),
                        false => fs::remove_file(path),
                    };
                }
                return Err(OutputError {
                    partial: irreversible,
                    ..label.fail(Problem::Io(e))
                });
            }
        }
        Ok(())
    }

    /// How `label.path` will be written, after checking it against the inputs and the
    /// other outputs.
    fn examine(&mut self, label: &Label) -> Result<(Target, Identity), OutputError> {
        let (target, id) = target::examine(&label.path).map_err(|p| label.fail(p))?;
        if let Identity::File(key) = &id
            && let Some((_, input)) = self.inputs.iter().find(|(k, _)| k == key)
        {
            return Err(label.fail(Problem::IsInput(input.clone())));
        }
        self.claim(id.clone(), label)?;
        Ok((target, id))
    }

    fn claim(&mut self, id: Identity, label: &Label) -> Result<(), OutputError> {
        if id != Identity::Special
            && let Some((_, other)) = self.claimed.iter().find(|(c, _)| *c == id)
        {
            return Err(label.fail(Problem::SameAs(other.clone())));
        }
        self.claimed.push((id, label.what.clone()));
        Ok(())
    }
}

/// Writes the regular file `path` in place through `file` with `write` (after emptying
/// it, if `truncate`; else at its end), and puts its old bytes back if that fails. The
/// error says whether they are back (true) or the file is left damaged.
fn overwrite(
    mut file: File,
    path: &Path,
    truncate: bool,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), (io::Error, bool)> {
    use std::io::{Seek, SeekFrom};
    let old_len = file.metadata().map_err(|e| (e, true))?.len();
    // Unreadable (a write-only file): then it can't be put back.
    let old = match truncate {
        true => fs::read(path).ok(),
        false => Some(Vec::new()),
    };
    let written = (|| {
        let at = match truncate {
            true => {
                file.set_len(0)?;
                SeekFrom::Start(0)
            }
            false => SeekFrom::End(0),
        };
        file.seek(at)?;
        write(&mut file)?;
        file.sync_all()
    })();
    let Err(e) = written else {
        return Ok(());
    };
    let Some(old) = old else {
        return Err((e, false));
    };
    let restored = (|| {
        file.set_len(if truncate { 0 } else { old_len })?;
        file.seek(SeekFrom::Start(0))?;
        if truncate {
            file.write_all(&old)?;
        }
        file.sync_all()
    })();
    Err((e, restored.is_ok()))
}

/// Writes `data` through `path` (a device, FIFO or file kept in place), into `file` if
/// it was opened already.
fn write_in_place(path: &Path, file: Option<File>, truncate: bool, data: &[u8]) -> io::Result<()> {
    let mut file = match file {
        Some(f) => f,
        None => OpenOptions::new().write(true).open(path)?,
    };
    if truncate {
        file.set_len(0)?;
    }
    file.write_all(data)?;
    file.flush()
}

#[cfg(test)]
mod tests;
