//! Drive storage in a D64 image (via the `c64d64` crate): 35 or 40 tracks, with or
//! without an error table (a sector it marks bad reads as that DOS error). Changes (SAVE, scratch,
//! rename) are made to a copy of the image in memory and written back to the file in
//! one step (a temporary file in the same directory renamed over the image, following a
//! symbolic link to the real file), so a failed or interrupted write leaves the image as
//! it was. An image that cannot be written back makes the drive report 26,WRITE
//! PROTECT ON and keeps the old contents.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use c64d64::{Disk, TYPE_PRG, TYPE_SEQ, TYPE_USR};

use super::{DiskError, Dos, Entry, FileType, Storage};

/// A D64 image as a disk.
pub struct D64Storage {
    path: PathBuf,
    disk: Disk,
}

fn type_of(byte: u8) -> FileType {
    match byte & 7 {
        0 => FileType::Del,
        1 => FileType::Seq,
        2 => FileType::Prg,
        3 => FileType::Usr,
        _ => FileType::Rel,
    }
}

impl D64Storage {
    /// Read the image at `path`.
    pub fn open(path: &Path) -> Result<D64Storage, DiskError> {
        let bad = |why: String| DiskError::BadImage {
            path: path.display().to_string(),
            why,
        };
        let meta = fs::metadata(path).map_err(|error| DiskError::Io {
            path: path.display().to_string(),
            error,
        })?;
        if !meta.is_file() {
            return Err(bad("not a directory or a .d64 file".into()));
        }
        if !c64d64::IMAGE_SIZES.contains(&(meta.len() as usize)) {
            return Err(bad(
                c64d64::D64Error::BadSize(meta.len() as usize).to_string()
            ));
        }
        let bytes = fs::read(path).map_err(|error| DiskError::Io {
            path: path.display().to_string(),
            error,
        })?;
        let disk = Disk::from_bytes(&bytes).map_err(|e| bad(e.to_string()))?;
        disk.directory()
            .map_err(|e| bad(format!("unreadable directory: {e}")))?;
        Ok(D64Storage {
            path: path.to_path_buf(),
            disk,
        })
    }

    /// Write the image back: temporary file next to the real file, then rename over it.
    fn persist(&self) -> Result<(), Dos> {
        let real = fs::canonicalize(&self.path).map_err(|_| Dos::WRITE_PROTECT)?;
        let dir = real.parent().ok_or(Dos::WRITE_PROTECT)?;
        let name = real.file_name().ok_or(Dos::WRITE_PROTECT)?;
        let tmp = dir.join(format!(
            ".{}.c64kit-{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let result = (|| -> std::io::Result<()> {
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)?;
            f.write_all(self.disk.bytes())?;
            f.sync_all()?;
            if let Ok(meta) = fs::metadata(&real) {
                let _ = fs::set_permissions(&tmp, meta.permissions());
            }
            fs::rename(&tmp, &real)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
            return Err(Dos::WRITE_PROTECT);
        }
        Ok(())
    }

    /// Apply `change` to the image and write it back, or leave everything as it was.
    fn change(&mut self, change: impl FnOnce(&mut Disk) -> Result<(), Dos>) -> Result<(), Dos> {
        let before = Disk::from_bytes(self.disk.bytes()).map_err(|_| Dos::READ_ERROR)?;
        let result = change(&mut self.disk).and_then(|()| self.persist());
        if result.is_err() {
            self.disk = before;
        }
        result
    }
}

/// The name as `c64d64` takes it (printable ASCII; PETSCII $20-$5F are the same bytes).
fn ascii(name: &[u8]) -> Result<String, Dos> {
    if name.is_empty() || name.len() > 16 || !name.iter().all(|c| (0x20..0x60).contains(c)) {
        return Err(Dos::BAD_NAME);
    }
    Ok(name.iter().map(|&c| char::from(c)).collect())
}

fn d64_error(e: c64d64::D64Error) -> Dos {
    match e {
        c64d64::D64Error::DiskFull | c64d64::D64Error::DirectoryFull => Dos::DISK_FULL,
        c64d64::D64Error::BadName { .. } => Dos::BAD_NAME,
        c64d64::D64Error::NotFound(_) => Dos::NOT_FOUND,
        c64d64::D64Error::ReadError { dos_error, .. } => Dos(dos_error),
        _ => Dos::READ_ERROR,
    }
}

impl Storage for D64Storage {
    fn header(&self) -> (Vec<u8>, [u8; 2], u16) {
        // The BAM sector always exists in an image of the right size.
        let id = match self.disk.sector(18, 0) {
            Ok(bam) => [bam[0xA2], bam[0xA3]],
            Err(_) => [b' ', b' '],
        };
        (self.disk.name(), id, self.disk.blocks_free())
    }

    fn entries(&self) -> Result<Vec<Entry>, Dos> {
        Ok(self
            .disk
            .directory()
            .map_err(d64_error)?
            .into_iter()
            .map(|e| Entry {
                name: e.name,
                file_type: type_of(e.file_type),
                blocks: e.blocks,
            })
            .collect())
    }

    fn read(&self, entry: &Entry) -> Result<Vec<u8>, Dos> {
        let e = self
            .disk
            .directory()
            .map_err(d64_error)?
            .into_iter()
            .find(|e| e.name == entry.name && type_of(e.file_type) == entry.file_type)
            .ok_or(Dos::NOT_FOUND)?;
        self.disk.read_chain(e.track, e.sector).map_err(d64_error)
    }

    fn write(
        &mut self,
        name: &[u8],
        file_type: FileType,
        data: &[u8],
        replace: bool,
    ) -> Result<(), Dos> {
        let text = ascii(name)?;
        let type_byte = match file_type {
            FileType::Seq => TYPE_SEQ,
            FileType::Usr => TYPE_USR,
            _ => TYPE_PRG,
        };
        let exists = self.entries()?.iter().any(|e| e.name == name);
        if exists && !replace {
            return Err(Dos::EXISTS);
        }
        self.change(|disk| {
            if exists {
                disk.scratch(name).map_err(d64_error)?;
            }
            disk.add_file(&text, type_byte, data).map_err(d64_error)
        })
    }

    fn scratch(&mut self, entry: &Entry) -> Result<(), Dos> {
        let name = entry.name.clone();
        self.change(|disk| disk.scratch(&name).map(|_| ()).map_err(d64_error))
    }

    fn rename(&mut self, entry: &Entry, new_name: &[u8]) -> Result<(), Dos> {
        let data = self.read(entry)?;
        let text = ascii(new_name)?;
        let old = entry.name.clone();
        let type_byte = match entry.file_type {
            FileType::Seq => TYPE_SEQ,
            FileType::Usr => TYPE_USR,
            _ => TYPE_PRG,
        };
        self.change(|disk| {
            disk.scratch(&old).map_err(d64_error)?;
            disk.add_file(&text, type_byte, &data).map_err(d64_error)
        })
    }
}
