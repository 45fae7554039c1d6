//! Drive storage in a host directory: each regular file is a C64 file. `name.prg`,
//! `name.seq` and `name.usr` list as NAME with that type; other files list with their
//! whole name as PRG. Host lower case is the C64's unshifted (upper case) letters.
//!
//! Writing never replaces what it should not: a new file is written to a temporary file
//! in the directory and linked into place only if the name is still free; `@:` replaces
//! only a regular file (renamed over it in one step); a name that is a link, a device or
//! anything else is refused with 26,WRITE PROTECT ON. So a SAVE never writes through a
//! symbolic link, onto a device, or leaves a half-written file behind.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Dos, Entry, FileType, Storage, host_name, petscii_name};

/// Largest file the drive reads (a C64 program never needs more; a huge host file would
/// only fill memory).
const MAX_FILE: u64 = 16 << 20;

/// A host directory as a disk.
pub struct HostStorage {
    dir: PathBuf,
}

impl HostStorage {
    /// Serve the files of `dir`.
    pub fn new(dir: &Path) -> HostStorage {
        HostStorage {
            dir: dir.to_path_buf(),
        }
    }

    /// Host files with their C64 names, sorted by host name.
    fn files(&self) -> Result<Vec<(Entry, PathBuf)>, Dos> {
        let rd = fs::read_dir(&self.dir).map_err(|_| Dos(74))?;
        let mut out = Vec::new();
        for item in rd.flatten() {
            let Some(host) = item.file_name().to_str().map(str::to_string) else {
                continue;
            };
            if host.starts_with('.') {
                continue;
            }
            let path = item.path();
            let Ok(meta) = fs::metadata(&path) else {
                continue;
            };
            if !meta.is_file() {
                continue;
            }
            let (stem, file_type) = split_type(&host);
            let Some(name) = petscii_name(stem) else {
                continue;
            };
            if name.is_empty() || name.len() > 16 {
                continue;
            }
            let blocks = meta.len().div_ceil(254).clamp(1, 65535) as u16;
            out.push((
                Entry {
                    name,
                    file_type,
                    blocks,
                },
                path,
            ));
        }
        out.sort_by(|a, b| a.1.cmp(&b.1));
        Ok(out)
    }

    fn path_of(&self, entry: &Entry) -> Result<PathBuf, Dos> {
        self.files()?
            .into_iter()
            .find(|(e, _)| e == entry)
            .map(|(_, p)| p)
            .ok_or(Dos::NOT_FOUND)
    }

    fn target(&self, name: &[u8], file_type: FileType) -> Result<PathBuf, Dos> {
        let stem = host_name(name).ok_or(Dos::BAD_NAME)?;
        let ext = match file_type {
            FileType::Seq => "seq",
            FileType::Usr => "usr",
            _ => "prg",
        };
        Ok(self.dir.join(format!("{stem}.{ext}")))
    }

    /// A fresh temporary file in the directory holding `data`.
    fn temp_with(&self, data: &[u8]) -> Result<PathBuf, Dos> {
        static N: AtomicU64 = AtomicU64::new(0);
        for _ in 0..100 {
            let n = N.fetch_add(1, Ordering::Relaxed);
            let tmp = self
                .dir
                .join(format!(".c64kit-save-{}-{n}.tmp", std::process::id()));
            let file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp);
            let mut file = match file {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io_dos(&e)),
            };
            let written = file.write_all(data).and_then(|()| file.sync_all());
            if let Err(e) = written {
                let _ = fs::remove_file(&tmp);
                return Err(io_dos(&e));
            }
            return Ok(tmp);
        }
        Err(Dos::WRITE_PROTECT)
    }
}

/// `name.prg` -> ("name", PRG); unknown extensions keep the whole name.
fn split_type(host: &str) -> (&str, FileType) {
    if let Some((stem, ext)) = host.rsplit_once('.') {
        let t = match ext.to_ascii_lowercase().as_str() {
            "prg" => Some(FileType::Prg),
            "seq" => Some(FileType::Seq),
            "usr" => Some(FileType::Usr),
            _ => None,
        };
        if let Some(t) = t
            && !stem.is_empty()
        {
            return (stem, t);
        }
    }
    (host, FileType::Prg)
}

fn io_dos(e: &std::io::Error) -> Dos {
    if e.raw_os_error() == Some(28) {
        Dos::DISK_FULL
    } else {
        Dos::WRITE_PROTECT
    }
}

/// Is the entry at `path` a plain regular file (not a link, device, directory...)?
fn is_plain_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

impl Storage for HostStorage {
    fn header(&self) -> (Vec<u8>, [u8; 2], u16) {
        let name = self
            .dir
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(petscii_name)
            .map(|mut n| {
                n.truncate(16);
                n
            })
            .unwrap_or_else(|| b"HOST".to_vec());
        (name, *b"00", 664)
    }

    fn entries(&self) -> Result<Vec<Entry>, Dos> {
        Ok(self.files()?.into_iter().map(|(e, _)| e).collect())
    }

    fn read(&self, entry: &Entry) -> Result<Vec<u8>, Dos> {
        let path = self.path_of(entry)?;
        let file = fs::File::open(&path).map_err(|_| Dos::NOT_FOUND)?;
        let mut data = Vec::new();
        use std::io::Read;
        file.take(MAX_FILE + 1)
            .read_to_end(&mut data)
            .map_err(|_| Dos::READ_ERROR)?;
        if data.len() as u64 > MAX_FILE {
            return Err(Dos::READ_ERROR);
        }
        Ok(data)
    }

    fn write(
        &mut self,
        name: &[u8],
        file_type: FileType,
        data: &[u8],
        replace: bool,
    ) -> Result<(), Dos> {
        let target = self.target(name, file_type)?;
        let existing = self
            .files()?
            .into_iter()
            .find(|(e, _)| super::matches(name, &e.name) && e.name.len() == name.len());
        if existing.is_some() && !replace {
            return Err(Dos::EXISTS);
        }
        if exists(&target) && !is_plain_file(&target) {
            // A link, device, directory or other special file: never written over.
            return Err(Dos::WRITE_PROTECT);
        }
        if let Some((_, old)) = &existing
            && old != &target
            && !is_plain_file(old)
        {
            return Err(Dos::WRITE_PROTECT);
        }
        let tmp = self.temp_with(data)?;
        let placed = if exists(&target) {
            fs::rename(&tmp, &target).map_err(|e| io_dos(&e))
        } else {
            match fs::hard_link(&tmp, &target) {
                Ok(()) => {
                    let _ = fs::remove_file(&tmp);
                    Ok(())
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Dos::EXISTS),
                // Filesystems without hard links: the name was free a moment ago.
                Err(_) if !exists(&target) => fs::rename(&tmp, &target).map_err(|e| io_dos(&e)),
                Err(_) => Err(Dos::EXISTS),
            }
        };
        if placed.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        placed?;
        if let Some((_, old)) = existing
            && old != target
        {
            let _ = fs::remove_file(old);
        }
        Ok(())
    }

    fn scratch(&mut self, entry: &Entry) -> Result<(), Dos> {
        let path = self.path_of(entry)?;
        fs::remove_file(path).map_err(|e| io_dos(&e))
    }

    fn rename(&mut self, entry: &Entry, new_name: &[u8]) -> Result<(), Dos> {
        let old = self.path_of(entry)?;
        let new = self.target(new_name, entry.file_type)?;
        if exists(&new) {
            return Err(Dos::EXISTS);
        }
        match fs::hard_link(&old, &new) {
            Ok(()) => fs::remove_file(&old).map_err(|e| io_dos(&e)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Dos::EXISTS),
            Err(_) => fs::rename(&old, &new).map_err(|e| io_dos(&e)),
        }
    }
}
