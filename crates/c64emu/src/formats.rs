//! What a file handed to the emulator is, told by its contents (never by its name): a
//! `.prg`, a PC64 `.p00` (a .prg behind a 26-byte header), a `.t64` tape archive (its
//! first program), a `.d64` disk image (any size `c64d64` reads), or a format the
//! emulator does not run as programs (`.sid` tunes, `.crt` cartridges: `--cart`, `.g64`/`.p64` track disks: `--disk` in a true 1541), which
//! is named in the error rather than loaded as a .prg and crashed into.

use crate::loader::LoadError;

/// A program file unwrapped, or a disk to put in the drive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A program as a .prg holds it: 2-byte load address, then the bytes.
    Program {
        /// The .prg bytes.
        prg: Vec<u8>,
        /// What held it: "a .prg", "a .p00 file", "a .t64 tape image (NAME)".
        container: String,
    },
    /// A disk image.
    Disk,
}

const P00_MAGIC: &[u8] = b"C64File\0";
const P00_HEADER: usize = 26;
const T64_HEADER: usize = 64;
const T64_ENTRY: usize = 32;
const CRT_MAGIC: &[u8] = b"C64 CARTRIDGE   ";

/// Tell what `bytes` hold. A disk image is recognised by its size (one no .prg can
/// have: more than 64 KiB); the other containers by their signatures; anything else
/// of at least two bytes is a .prg.
pub fn identify(bytes: &[u8]) -> Result<Content, LoadError> {
    let unsupported = |what: &str| Err(LoadError::Unsupported(what.to_string()));
    if c64d64::IMAGE_SIZES.contains(&bytes.len()) {
        return Ok(Content::Disk);
    }
    if bytes.starts_with(b"PSID") || bytes.starts_with(b"RSID") {
        return unsupported(
            "a SID tune (.sid); c64kit does not play SID files yet (the tune's player \
             needs a SID player around it)",
        );
    }
    if bytes.starts_with(CRT_MAGIC) {
        return unsupported("a cartridge image (.crt): plug it in with --cart FILE.crt");
    }
    match c64drive::ImageKind::of(bytes) {
        c64drive::ImageKind::G64 => {
            return unsupported(
                "a G64 disk image (raw GCR tracks), which is not started as a program: put \
                 it in a true 1541 with --disk FILE --drive 1541",
            );
        }
        c64drive::ImageKind::P64 => {
            return unsupported(
                "a P64 disk image (flux pulses), which is not started as a program: put \
                 it in a true 1541 with --disk FILE --drive 1541",
            );
        }
        c64drive::ImageKind::D64 => {}
    }
    if bytes.starts_with(P00_MAGIC) {
        let prg = bytes.get(P00_HEADER..).unwrap_or(&[]);
        if prg.len() < 2 {
            return Err(LoadError::BadContainer(
                "a .p00 file without a program behind its header".into(),
            ));
        }
        return Ok(Content::Program {
            prg: prg.to_vec(),
            container: "a .p00 file".into(),
        });
    }
    if is_t64(bytes) {
        return t64_first_program(bytes);
    }
    if bytes.len() < 2 {
        return Err(LoadError::TooShort { len: bytes.len() });
    }
    Ok(Content::Program {
        prg: bytes.to_vec(),
        container: "a .prg".into(),
    })
}

/// `C64 tape image file`, `C64S tape file`, `C64S tape image file`...
fn is_t64(bytes: &[u8]) -> bool {
    let Some(sig) = bytes.get(..32) else {
        return false;
    };
    sig.starts_with(b"C64") && sig.windows(4).any(|w| w.eq_ignore_ascii_case(b"tape"))
}

fn word(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// The first normal file of a T64 archive as a .prg. Its length is the end address
/// minus the start, cut to what the archive holds (many T64s carry a wrong end
/// address, often $C3C6).
fn t64_first_program(bytes: &[u8]) -> Result<Content, LoadError> {
    let bad = |why: &str| Err(LoadError::BadContainer(format!("a .t64 tape image {why}")));
    if bytes.len() < T64_HEADER {
        return bad("cut short in its header");
    }
    let slots = usize::from(word(bytes, 34)).max(1);
    for i in 0..slots {
        let at = T64_HEADER + i * T64_ENTRY;
        let Some(e) = bytes.get(at..at + T64_ENTRY) else {
            break;
        };
        // Entry type 1 is a normal tape file (0 a free slot, 3 a memory snapshot).
        if e[0] != 1 {
            continue;
        }
        let start = word(e, 2);
        let end = word(e, 4);
        let offset = u32::from_le_bytes([e[8], e[9], e[10], e[11]]) as usize;
        let Some(held) = bytes.len().checked_sub(offset).filter(|&n| n > 0) else {
            return bad("whose first file starts past its end");
        };
        let stated = usize::from(end.wrapping_sub(start));
        let len = if stated == 0 { held } else { stated.min(held) };
        let name: String = e[16..32]
            .iter()
            .map(|&c| char::from(c))
            .collect::<String>()
            .trim_end_matches([' ', '\u{a0}'])
            .to_string();
        let mut prg = start.to_le_bytes().to_vec();
        prg.extend(&bytes[offset..offset + len]);
        return Ok(Content::Program {
            prg,
            container: format!("a .t64 tape image ({name})"),
        });
    }
    bad("with no program in its directory")
}

/// The first program file (PRG) in a disk image's directory, as LOAD"*",8,1 on a
/// freshly inserted disk gets it: (its name, the .prg bytes).
pub fn first_disk_program(image: &[u8]) -> Result<(String, Vec<u8>), LoadError> {
    let disk =
        c64d64::Disk::from_bytes(image).map_err(|e| LoadError::BadContainer(e.to_string()))?;
    let dir = disk.directory().map_err(|e| {
        LoadError::BadContainer(format!("a .d64 image whose directory is unreadable: {e}"))
    })?;
    let entry = dir.iter().find(|e| e.file_type & 7 == 2).ok_or_else(|| {
        LoadError::BadContainer("a .d64 image with no program (PRG file) on it".into())
    })?;
    let name: String = entry.name.iter().map(|&c| char::from(c)).collect();
    let prg = disk.read_chain(entry.track, entry.sector).map_err(|e| {
        LoadError::BadContainer(format!(
            "a .d64 image whose file {name:?} cannot be read: {e}"
        ))
    })?;
    Ok((name, prg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t64(entries: &[(u8, u16, u16, &[u8])]) -> Vec<u8> {
        let mut img = vec![0u8; T64_HEADER + T64_ENTRY * entries.len()];
        img[..19].copy_from_slice(b"C64 tape image file");
        img[34] = entries.len() as u8;
        img[36] = entries.len() as u8;
        for (i, (kind, start, end, data)) in entries.iter().enumerate() {
            let offset = img.len() as u32;
            let e = T64_HEADER + i * T64_ENTRY;
            img[e] = *kind;
            img[e + 1] = 0x82;
            img[e + 2..e + 4].copy_from_slice(&start.to_le_bytes());
            img[e + 4..e + 6].copy_from_slice(&end.to_le_bytes());
            img[e + 8..e + 12].copy_from_slice(&offset.to_le_bytes());
            img[e + 16..e + 32].copy_from_slice(b"GAME            ");
            img.extend(*data);
        }
        img
    }

    #[test]
    fn a_p00_is_unwrapped() {
        let mut f = P00_MAGIC.to_vec();
        f.extend(b"HELLO\0\0\0\0\0\0\0\0\0\0\0\0\0");
        assert_eq!(f.len(), P00_HEADER);
        f.extend([0x01, 0x08, 0xAA]);
        assert_eq!(
            identify(&f),
            Ok(Content::Program {
                prg: vec![0x01, 0x08, 0xAA],
                container: "a .p00 file".into()
            })
        );
        assert!(matches!(
            identify(&f[..27]),
            Err(LoadError::BadContainer(_))
        ));
    }

    #[test]
    fn a_t64_gives_its_first_program_with_a_wrong_end_address_cut() {
        let data = [1u8, 2, 3, 4];
        let img = t64(&[(0, 0, 0, &[]), (1, 0x0801, 0xC3C6, &data)]);
        let Ok(Content::Program { prg, container }) = identify(&img) else {
            panic!("not a program");
        };
        assert_eq!(prg, [0x01, 0x08, 1, 2, 3, 4]);
        assert_eq!(container, "a .t64 tape image (GAME)");
        // A right end address takes only the file's bytes.
        let img = t64(&[(1, 0x1000, 0x1002, &data)]);
        let Ok(Content::Program { prg, .. }) = identify(&img) else {
            panic!("not a program");
        };
        assert_eq!(prg, [0x00, 0x10, 1, 2]);
        assert!(matches!(
            identify(&t64(&[(3, 0, 0, &data)])),
            Err(LoadError::BadContainer(_))
        ));
    }

    #[test]
    fn disks_tunes_cartridges_and_prgs_are_told_apart() {
        for size in c64d64::IMAGE_SIZES {
            assert_eq!(identify(&vec![0; size]), Ok(Content::Disk));
        }
        let err = |b: &[u8]| identify(b).unwrap_err().to_string();
        assert!(err(b"PSID\0\x02rest").contains("SID tune"));
        assert!(err(b"RSID\0\x02rest").contains("SID tune"));
        assert!(err(b"C64 CARTRIDGE   \0\0\0\x40").contains("cartridge"));
        assert!(err(b"GCR-1541\0").contains("G64"));
        assert!(err(b"P64-1541\0").contains("P64"));
        assert_eq!(identify(&[1]), Err(LoadError::TooShort { len: 1 }));
        // 174,846 bytes is no disk: a .prg that is too long, as before.
        assert!(matches!(
            identify(&vec![0; 174_846]),
            Ok(Content::Program { .. })
        ));
    }

    #[test]
    fn a_disk_gives_its_first_prg() {
        let mut disk = c64d64::Disk::new("GAMES", "01").unwrap();
        disk.add_file("README", c64d64::TYPE_SEQ, b"hi").unwrap();
        disk.add_prg("GAME", &[0x01, 0x08, 9]).unwrap();
        disk.add_prg("PART2", &[0x00, 0xC0, 7]).unwrap();
        assert_eq!(
            first_disk_program(disk.bytes()),
            Ok(("GAME".into(), vec![0x01, 0x08, 9]))
        );
        let empty = c64d64::Disk::new("EMPTY", "01").unwrap();
        assert!(
            first_disk_program(empty.bytes())
                .unwrap_err()
                .to_string()
                .contains("no program")
        );
    }
}
