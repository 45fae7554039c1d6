//! The disk in the drive as the head sees it: a stream of bit cells on each half
//! track, however the image described them. A .d64 feeds it sectors laid out by
//! `gcr`, a .g64 its stored GCR bytes (`g64`), a .p64 its flux pulses turned into
//! bit cells (`p64`); the mechanism only ever reads and writes these bits.

use crate::drive::DriveError;
use crate::{g64, gcr, p64};

/// Half tracks the head can reach (tracks 1 to 42.5).
pub const HALF_TRACKS: usize = 84;

/// One half track's bit cells, most significant bit of each byte first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Track {
    bytes: Vec<u8>,
    bits: usize,
}

impl Track {
    /// A track of whole bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Track {
        let bits = bytes.len() * 8;
        Track { bytes, bits }
    }

    /// A track of `bits` cells held in `bytes` (at least `bits / 8` rounded up).
    pub fn from_bits(mut bytes: Vec<u8>, bits: usize) -> Track {
        bytes.resize(bits.div_ceil(8), 0);
        Track { bytes, bits }
    }

    /// Bit cells on the track (0: unformatted, no flux changes).
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The cells as bytes (the last one padded with zeros).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Cell `i` (below `bits()`).
    pub fn bit(&self, i: usize) -> u8 {
        (self.bytes[i / 8] >> (7 - i % 8)) & 1
    }

    /// Write cell `i`.
    pub fn set_bit(&mut self, i: usize, one: bool) {
        let mask = 0x80 >> (i % 8);
        let byte = &mut self.bytes[i / 8];
        *byte = if one { *byte | mask } else { *byte & !mask };
    }
}

/// What kind of image a file is, told by its contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    /// Sectors (.d64): the drive lays them out as its FORMAT does.
    D64,
    /// Raw GCR bytes per half track (.g64).
    G64,
    /// Flux pulse positions per half track (.p64).
    P64,
}

impl ImageKind {
    /// The kind of `bytes`: G64 and P64 by their signatures, anything else is taken
    /// for a .d64 (whose size is checked when it is read).
    pub fn of(bytes: &[u8]) -> ImageKind {
        if bytes.starts_with(g64::SIGNATURE) {
            ImageKind::G64
        } else if bytes.starts_with(p64::SIGNATURE) {
            ImageKind::P64
        } else {
            ImageKind::D64
        }
    }

    /// Only a true drive can read it: the image holds tracks, not sectors.
    pub fn needs_true_drive(self) -> bool {
        self != ImageKind::D64
    }
}

/// A disk: `HALF_TRACKS` half tracks of bit cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disk {
    half_tracks: Vec<Track>,
}

impl Default for Disk {
    fn default() -> Self {
        Disk::unformatted()
    }
}

impl Disk {
    /// A disk with nothing on it.
    pub fn unformatted() -> Disk {
        Disk {
            half_tracks: vec![Track::default(); HALF_TRACKS],
        }
    }

    /// A disk of whole tracks given as GCR bytes (`tracks[t - 1]` is track t), the
    /// half tracks between them empty.
    pub fn from_tracks(tracks: Vec<Vec<u8>>) -> Disk {
        let mut disk = Disk::unformatted();
        for (i, t) in tracks.into_iter().enumerate().take(HALF_TRACKS / 2) {
            disk.half_tracks[i * 2] = Track::from_bytes(t);
        }
        disk
    }

    /// A disk from half tracks (`half_tracks[0]` is track 1, `[1]` track 1.5); those
    /// past `HALF_TRACKS` must be empty.
    pub fn from_half_tracks(mut half_tracks: Vec<Track>) -> Disk {
        half_tracks.resize(HALF_TRACKS, Track::default());
        Disk { half_tracks }
    }

    /// The disk an image file holds: a .g64, a .p64 or a .d64.
    pub fn from_image(bytes: &[u8]) -> Result<Disk, DriveError> {
        match ImageKind::of(bytes) {
            ImageKind::G64 => g64::read(bytes),
            ImageKind::P64 => p64::read(bytes),
            ImageKind::D64 => gcr::d64_tracks(bytes)
                .map(Disk::from_tracks)
                .ok_or(DriveError::ImageSize(bytes.len())),
        }
    }

    /// Half track `i` (0: track 1); an empty track past the last.
    pub fn half_track(&self, i: usize) -> &Track {
        static EMPTY: Track = Track {
            bytes: Vec::new(),
            bits: 0,
        };
        self.half_tracks.get(i).unwrap_or(&EMPTY)
    }

    /// Half track `i` to write to (None past the last).
    pub fn half_track_mut(&mut self, i: usize) -> Option<&mut Track> {
        self.half_tracks.get_mut(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_read_and_write_msb_first() {
        let mut t = Track::from_bits(vec![0b1010_0000], 3);
        assert_eq!(t.bits(), 3);
        assert_eq!([t.bit(0), t.bit(1), t.bit(2)], [1, 0, 1]);
        t.set_bit(1, true);
        t.set_bit(0, false);
        assert_eq!(t.bytes(), [0b0110_0000]);
    }

    #[test]
    fn whole_tracks_go_to_even_half_tracks() {
        let disk = Disk::from_tracks(vec![vec![0x11; 10], vec![0x22; 20]]);
        assert_eq!(disk.half_track(0).bytes(), [0x11; 10]);
        assert_eq!(disk.half_track(1).bits(), 0);
        assert_eq!(disk.half_track(2).bits(), 160);
        assert_eq!(disk.half_track(500).bits(), 0);
    }

    #[test]
    fn kinds_by_signature() {
        assert_eq!(ImageKind::of(b"GCR-1541\0\x54"), ImageKind::G64);
        assert_eq!(ImageKind::of(b"P64-1541\0\0"), ImageKind::P64);
        assert_eq!(ImageKind::of(&[0; 174_848]), ImageKind::D64);
        assert!(ImageKind::G64.needs_true_drive());
        assert!(!ImageKind::D64.needs_true_drive());
    }

    #[test]
    fn any_bytes_behind_a_signature_are_read_or_refused() {
        // Pseudo-random contents (an LCG) of many lengths: never a panic.
        let mut seed = 0x1234_5678u32;
        for len in (0..3000).step_by(7) {
            for sig in [&b"GCR-1541"[..], b"P64-1541"] {
                let mut bytes = sig.to_vec();
                bytes.extend((0..len).map(|_| {
                    seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    (seed >> 24) as u8
                }));
                // Small counts and offsets now and then, so the tables point inside.
                if len > 12 && len % 2 == 0 {
                    bytes[8] = 0;
                    bytes[9] = (len % 84) as u8;
                }
                let _ = Disk::from_image(&bytes);
            }
        }
    }
}
