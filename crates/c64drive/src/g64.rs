//! The G64 image: a 1541 disk's raw GCR bytes per half track, as a copier read them.
//!
//! Layout (all numbers little-endian): the signature "GCR-1541", a version byte (0),
//! the number of half tracks `n`, the largest track size (2 bytes); then `n` 4-byte
//! file offsets, one per half track from track 1 (0: no data there), and `n` 4-byte
//! speed entries (0-3: the speed zone of the whole track; larger: the offset of a
//! table giving a zone for every byte). At a track's offset: its length in bytes (2
//! bytes), then the bytes.
//!
//! The bytes of a track fill one revolution under the head (see `mech`), so the
//! speed entries, which say how densely the bytes were written, are not needed to
//! read them back.

use crate::disk::{Disk, HALF_TRACKS, Track};
use crate::drive::DriveError;

/// The first bytes of a .g64.
pub const SIGNATURE: &[u8] = b"GCR-1541";

/// Bytes before the offset table.
const HEADER: usize = 12;

fn bad(why: String) -> DriveError {
    DriveError::BadImage { format: "G64", why }
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// The disk a .g64 holds.
pub fn read(bytes: &[u8]) -> Result<Disk, DriveError> {
    if bytes.len() < HEADER || !bytes.starts_with(SIGNATURE) {
        return Err(bad(format!(
            "{} bytes: too short for the header",
            bytes.len()
        )));
    }
    if bytes[8] != 0 {
        return Err(bad(format!(
            "version {} (only version 0 is known)",
            bytes[8]
        )));
    }
    let n = usize::from(bytes[9]);
    if n > HALF_TRACKS {
        return Err(bad(format!(
            "{n} half tracks; the 1541's head reaches {HALF_TRACKS}"
        )));
    }
    let tables_end = HEADER + n * 8;
    if bytes.len() < tables_end {
        return Err(bad(format!(
            "{} bytes: too short for the tables of {n} half tracks",
            bytes.len()
        )));
    }
    let mut half_tracks = Vec::with_capacity(n);
    for i in 0..n {
        let name = || format!("track {}{}", i / 2 + 1, if i % 2 == 1 { ".5" } else { "" });
        let offset = u32_at(bytes, HEADER + i * 4).unwrap_or(0);
        let speed = u32_at(bytes, HEADER + n * 4 + i * 4).unwrap_or(0);
        if speed > 3 && speed >= bytes.len() {
            return Err(bad(format!(
                "{}: its speed table at {speed} is past the end of the file",
                name()
            )));
        }
        if offset == 0 {
            half_tracks.push(Track::default());
            continue;
        }
        let data = bytes
            .get(offset..offset + 2)
            .map(|l| usize::from(u16::from_le_bytes([l[0], l[1]])))
            .and_then(|len| bytes.get(offset + 2..offset + 2 + len))
            .ok_or_else(|| {
                bad(format!(
                    "{}: its data at {offset} runs past the end of the file",
                    name()
                ))
            })?;
        half_tracks.push(Track::from_bytes(data.to_vec()));
    }
    Ok(Disk::from_half_tracks(half_tracks))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A .g64 of `n` half tracks with `tracks` (half track, bytes) stored.
    fn image(n: u8, tracks: &[(usize, Vec<u8>)]) -> Vec<u8> {
        let n_us = usize::from(n);
        let mut out = SIGNATURE.to_vec();
        out.extend([0, n, 0x00, 0x20]);
        out.resize(HEADER + n_us * 8, 0);
        for (half, data) in tracks {
            let at = out.len() as u32;
            out[HEADER + half * 4..HEADER + half * 4 + 4].copy_from_slice(&at.to_le_bytes());
            out[HEADER + n_us * 4 + half * 4] = 3;
            out.extend((data.len() as u16).to_le_bytes());
            out.extend(data);
        }
        out
    }

    #[test]
    fn reads_whole_and_half_tracks() {
        let bytes = image(84, &[(0, vec![0xFF, 0x52, 0x55]), (3, vec![0xAA; 7000])]);
        let disk = read(&bytes).unwrap();
        assert_eq!(disk.half_track(0).bytes(), [0xFF, 0x52, 0x55]);
        assert_eq!(disk.half_track(0).bits(), 24);
        assert_eq!(disk.half_track(1).bits(), 0);
        assert_eq!(disk.half_track(3).bits(), 56_000);
        assert_eq!(disk.half_track(83).bits(), 0);
    }

    #[test]
    fn refuses_broken_images_with_reasons() {
        let mut bytes = image(84, &[(2, vec![1, 2, 3])]);
        bytes.truncate(bytes.len() - 1);
        let e = read(&bytes).unwrap_err().to_string();
        assert!(
            e.contains("track 2: its data at 684 runs past the end"),
            "{e}"
        );
        let e = read(&image(85, &[])).unwrap_err().to_string();
        assert!(e.contains("85 half tracks"), "{e}");
        let mut v1 = image(84, &[]);
        v1[8] = 1;
        assert!(read(&v1).unwrap_err().to_string().contains("version 1"));
        assert!(read(b"GCR-1541").is_err());
        let mut short = image(84, &[]);
        short.truncate(100);
        assert!(read(&short).unwrap_err().to_string().contains("too short"));
    }
}
