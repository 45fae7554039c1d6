//! The user's own ROM images (Commodore's ROMs are not shipped): finding them in a
//! directory under the usual names and checking their sizes.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::map::rom::{BASIC_SIZE, CHARGEN_SIZE, KERNAL_SIZE};

/// The three ROMs of a C64.
#[derive(Clone)]
pub struct RomSet {
    /// KERNAL ($E000-$FFFF), 8192 bytes.
    pub kernal: [u8; KERNAL_SIZE],
    /// BASIC ($A000-$BFFF), 8192 bytes.
    pub basic: [u8; BASIC_SIZE],
    /// Character ROM, 4096 bytes.
    pub chargen: [u8; CHARGEN_SIZE],
    /// The files the images came from (kernal, basic, chargen); the character ROM is
    /// None when the directory had none and the built-in character set is used.
    pub files: (PathBuf, PathBuf, Option<PathBuf>),
}

impl fmt::Debug for RomSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RomSet {:?}", self.files)
    }
}

/// The kinds of ROM, with the file names looked for, in order.
const KINDS: [(&str, &[&str], usize); 3] = [
    (
        "KERNAL",
        &[
            "kernal-901227-03.bin",
            "kernal-901227-02.bin",
            "kernal-901227-01.bin",
            "kernal.bin",
            "kernal.rom",
            "kernal",
        ],
        KERNAL_SIZE,
    ),
    (
        "BASIC",
        &["basic-901226-01.bin", "basic.bin", "basic.rom", "basic"],
        BASIC_SIZE,
    ),
    (
        "character ROM",
        &[
            "chargen-901225-01.bin",
            "chargen.bin",
            "chargen.rom",
            "chargen",
            "characters-901225-01.bin",
        ],
        CHARGEN_SIZE,
    ),
];

/// Why the ROMs cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RomError {
    /// The directory cannot be read.
    Unreadable {
        /// The directory.
        dir: String,
        /// The error.
        error: String,
    },
    /// Required images are missing.
    Missing {
        /// The directory.
        dir: String,
        /// What is missing and the names looked for.
        missing: Vec<(&'static str, Vec<&'static str>)>,
    },
    /// An image has the wrong size.
    BadSize {
        /// The file.
        file: String,
        /// Which ROM.
        kind: &'static str,
        /// Its size.
        size: u64,
        /// The size it must have.
        expected: usize,
    },
}

impl fmt::Display for RomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RomError::Unreadable { dir, error } => write!(f, "ROM directory {dir}: {error}"),
            RomError::Missing { dir, missing } => {
                write!(f, "ROM directory {dir} has no ")?;
                for (i, (kind, names)) in missing.iter().enumerate() {
                    if i > 0 {
                        write!(f, "; no ")?;
                    }
                    write!(f, "{kind} image (looked for {})", names.join(", "))?;
                }
                write!(
                    f,
                    ". Copy your C64's ROM dumps there (VICE keeps them in its C64 data directory)."
                )
            }
            RomError::BadSize {
                file,
                kind,
                size,
                expected,
            } => write!(
                f,
                "{file}: a {kind} image is {expected} bytes, this file is {size}"
            ),
        }
    }
}

impl std::error::Error for RomError {}

impl RomSet {
    /// Find the KERNAL, BASIC and character ROM in `dir` (the character ROM may be
    /// missing: the built-in character set is used then, and `files.2` is None).
    pub fn from_dir(dir: &Path) -> Result<RomSet, RomError> {
        let shown = dir.display().to_string();
        let names: Vec<String> = std::fs::read_dir(dir)
            .map_err(|e| RomError::Unreadable {
                dir: shown.clone(),
                error: e.to_string(),
            })?
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .collect();
        let mut found: [Option<(PathBuf, Vec<u8>)>; 3] = [None, None, None];
        let mut missing = Vec::new();
        for (i, (kind, candidates, size)) in KINDS.iter().enumerate() {
            let hit = candidates
                .iter()
                .find_map(|c| names.iter().find(|n| n.eq_ignore_ascii_case(c)));
            match hit {
                Some(name) => {
                    let path = dir.join(name);
                    let bytes = std::fs::read(&path).map_err(|e| RomError::Unreadable {
                        dir: path.display().to_string(),
                        error: e.to_string(),
                    })?;
                    if bytes.len() != *size {
                        return Err(RomError::BadSize {
                            file: path.display().to_string(),
                            kind,
                            size: bytes.len() as u64,
                            expected: *size,
                        });
                    }
                    found[i] = Some((path, bytes));
                }
                None if i < 2 => missing.push((*kind, candidates.to_vec())),
                None => {}
            }
        }
        if !missing.is_empty() {
            return Err(RomError::Missing {
                dir: shown,
                missing,
            });
        }
        let [k, b, c] = found;
        let (kernal_path, kernal) = k.unwrap_or_default();
        let (basic_path, basic) = b.unwrap_or_default();
        let chargen_path = c.as_ref().map(|(p, _)| p.clone());
        let chargen = c.map_or(crate::charset::CHARGEN.to_vec(), |(_, b)| b);
        Ok(RomSet {
            kernal: kernal.try_into().unwrap_or([0; KERNAL_SIZE]),
            basic: basic.try_into().unwrap_or([0; BASIC_SIZE]),
            chargen: chargen.try_into().unwrap_or([0; CHARGEN_SIZE]),
            files: (kernal_path, basic_path, chargen_path),
        })
    }

    /// A set from images in memory (tests build their own small ROMs).
    pub fn from_images(
        kernal: &[u8],
        basic: &[u8],
        chargen: Option<&[u8]>,
    ) -> Result<RomSet, RomError> {
        let check = |bytes: &[u8], i: usize| -> Result<Vec<u8>, RomError> {
            let (kind, _, size) = KINDS[i];
            if bytes.len() != size {
                return Err(RomError::BadSize {
                    file: "(in memory)".into(),
                    kind,
                    size: bytes.len() as u64,
                    expected: size,
                });
            }
            Ok(bytes.to_vec())
        };
        let k = check(kernal, 0)?;
        let b = check(basic, 1)?;
        let c = match chargen {
            Some(c) => check(c, 2)?,
            None => crate::charset::CHARGEN.to_vec(),
        };
        Ok(RomSet {
            kernal: k.try_into().unwrap_or([0; KERNAL_SIZE]),
            basic: b.try_into().unwrap_or([0; BASIC_SIZE]),
            chargen: c.try_into().unwrap_or([0; CHARGEN_SIZE]),
            files: (PathBuf::new(), PathBuf::new(), None),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory, removed when it drops.
    fn tmpdir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("c64emu-roms-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn vice_and_plain_names_are_found_and_sizes_checked() {
        let tmp = tmpdir("names");
        let d = tmp.path();
        std::fs::write(d.join("kernal-901227-03.bin"), [1u8; 8192]).unwrap();
        std::fs::write(d.join("BASIC.BIN"), [2u8; 8192]).unwrap();
        let set = RomSet::from_dir(d).unwrap();
        assert_eq!(set.kernal[0], 1);
        assert_eq!(set.basic[0], 2);
        assert_eq!(set.files.2, None, "no character ROM: built-in set");
        std::fs::write(d.join("chargen"), [3u8; 100]).unwrap();
        let e = RomSet::from_dir(d).unwrap_err();
        assert!(
            e.to_string().contains("is 4096 bytes, this file is 100"),
            "{e}"
        );
    }

    #[test]
    fn missing_images_are_named() {
        let tmp = tmpdir("missing");
        let d = tmp.path();
        std::fs::write(d.join("basic.bin"), [2u8; 8192]).unwrap();
        let e = RomSet::from_dir(d).unwrap_err().to_string();
        assert!(e.contains("has no KERNAL image"), "{e}");
        assert!(e.contains("kernal-901227-03.bin"), "{e}");
        assert!(!e.contains("BASIC image"), "{e}");
    }
}
