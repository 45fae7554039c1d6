//! Group code recording as the 1541 writes it: every 4 bits become 5 (no more than two
//! zeros in a row, so the read clock stays in step, and no more than eight ones, so
//! data never looks like a sync mark), and a .d64 image's sectors laid out on tracks
//! the way the 1541's FORMAT lays them out: sync, header, gap, sync, data block, gap.

/// The 5-bit code of each 4-bit value (Commodore's GCR table).
const CODE: [u8; 16] = [
    0x0A, 0x0B, 0x12, 0x13, 0x0E, 0x0F, 0x16, 0x17, 0x09, 0x19, 0x1A, 0x1B, 0x0D, 0x1D, 0x1E, 0x15,
];

/// Bytes per track at 300 rpm in each speed zone (zone 3: tracks 1-17, 2: 18-24,
/// 1: 25-30, 0: 31 on): the bit cell is 16, 15, 14, 13 cycles of the 1541's 16 MHz
/// clock divided by 4, so 200 ms hold 200000 / (4 × cell / 16) / 8 bytes.
pub const TRACK_BYTES: [usize; 4] = [6250, 6666, 7142, 7692];

/// The speed zone of `track` (1-based), 3 the fastest.
pub fn speed_zone(track: u8) -> u8 {
    match track {
        0..=17 => 3,
        18..=24 => 2,
        25..=30 => 1,
        _ => 0,
    }
}

/// Sectors on `track` (1-based), tracks beyond 35 as track 35: the .d64 layout's.
pub use c64d64::sectors_per_track;

/// Encode `data` (a multiple of 4 bytes) into GCR (5 bytes for every 4).
pub fn encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 4 * 5);
    for group in data.chunks(4) {
        let mut bits: u64 = 0;
        for i in 0..4 {
            let b = group.get(i).copied().unwrap_or(0);
            bits = (bits << 10)
                | (u64::from(CODE[usize::from(b >> 4)]) << 5)
                | u64::from(CODE[usize::from(b & 15)]);
        }
        for i in (0..5).rev() {
            out.push((bits >> (i * 8)) as u8);
        }
    }
    out
}

/// Decode GCR bytes (a multiple of 5) back; None where a 5-bit group is not a code.
pub fn decode(gcr: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(gcr.len() / 5 * 4);
    for group in gcr.chunks(5) {
        if group.len() < 5 {
            return None;
        }
        let bits = group.iter().fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
        for i in (0..4).rev() {
            let hi = nibble(((bits >> (i * 10 + 5)) & 31) as u8)?;
            let lo = nibble(((bits >> (i * 10)) & 31) as u8)?;
            out.push((hi << 4) | lo);
        }
    }
    Some(out)
}

fn nibble(code: u8) -> Option<u8> {
    CODE.iter().position(|&c| c == code).map(|n| n as u8)
}

/// A sector's read error as a .d64 error table records it (DOS error 20-29: code
/// error - 18; 0 and 1 read fine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectorError {
    /// 20: the header block's marker is not $08.
    HeaderNotFound,
    /// 21: no sync mark on the track.
    NoSync,
    /// 22: the data block's marker is not $07.
    DataNotFound,
    /// 23: the data block's checksum is wrong.
    DataChecksum,
    /// 27: the header's checksum is wrong.
    HeaderChecksum,
    /// 29: the header's disk ID differs.
    IdMismatch,
}

impl SectorError {
    /// The error table's code (2-11) as an error, None for a readable sector.
    pub fn from_code(code: u8) -> Option<SectorError> {
        match code {
            2 => Some(SectorError::HeaderNotFound),
            3 => Some(SectorError::NoSync),
            4 => Some(SectorError::DataNotFound),
            5 => Some(SectorError::DataChecksum),
            9 => Some(SectorError::HeaderChecksum),
            11 => Some(SectorError::IdMismatch),
            _ => None,
        }
    }
}

/// What goes on one sector's stretch of track.
pub struct SectorSource<'a> {
    /// Track (1-based) and sector.
    pub track: u8,
    /// Sector number.
    pub sector: u8,
    /// The disk ID: the two bytes at $A2/$A3 of the BAM sector.
    pub id: [u8; 2],
    /// The 256 data bytes.
    pub data: &'a [u8],
    /// How the sector is damaged, if it is.
    pub error: Option<SectorError>,
}

/// Header gap bytes ($55) between a header block and the data block's sync.
const HEADER_GAP: usize = 9;
/// Sync mark length in bytes of $FF.
const SYNC: usize = 5;

/// One sector's GCR: sync, header block, gap, sync, data block (no trailing gap).
pub fn sector_gcr(s: &SectorSource) -> Vec<u8> {
    let mut id = s.id;
    if s.error == Some(SectorError::IdMismatch) {
        id[0] ^= 0xFF;
    }
    let mut checksum = s.sector ^ s.track ^ id[1] ^ id[0];
    if s.error == Some(SectorError::HeaderChecksum) {
        checksum ^= 0xFF;
    }
    let marker = if s.error == Some(SectorError::HeaderNotFound) {
        0x00
    } else {
        0x08
    };
    let header = [
        marker, checksum, s.sector, s.track, id[1], id[0], 0x0F, 0x0F,
    ];
    let sync = if s.error == Some(SectorError::NoSync) {
        0x55
    } else {
        0xFF
    };
    let mut out = vec![sync; SYNC];
    out.extend(encode(&header));
    out.extend(std::iter::repeat_n(0x55, HEADER_GAP));
    out.extend(std::iter::repeat_n(sync, SYNC));
    let mut block = Vec::with_capacity(260);
    block.push(if s.error == Some(SectorError::DataNotFound) {
        0x00
    } else {
        0x07
    });
    block.extend_from_slice(s.data);
    block.resize(257, 0);
    let mut sum = s.data.iter().fold(0u8, |a, &b| a ^ b);
    if s.error == Some(SectorError::DataChecksum) {
        sum ^= 0xFF;
    }
    block.extend([sum, 0, 0]);
    out.extend(encode(&block));
    out
}

/// A whole track: its sectors in order with the remaining space shared out as gaps
/// of $55 between them, `len` bytes in all.
pub fn track_gcr(sectors: &[Vec<u8>], len: usize) -> Vec<u8> {
    let used: usize = sectors.iter().map(Vec::len).sum();
    let spare = len.saturating_sub(used);
    let n = sectors.len().max(1);
    let mut out = Vec::with_capacity(len.max(used));
    for (i, s) in sectors.iter().enumerate() {
        out.extend_from_slice(s);
        let gap = spare / n + usize::from(i < spare % n);
        out.extend(std::iter::repeat_n(0x55, gap));
    }
    out.resize(len.max(used), 0x55);
    out
}

/// The tracks (1-based track `t` at index t - 1) of a .d64 image: 35, 40 or 42
/// tracks, with or without an error table. None for any other size.
pub fn d64_tracks(image: &[u8]) -> Option<Vec<Vec<u8>>> {
    let sectors_on = |tracks: u8| -> usize {
        (1..=tracks)
            .map(|t| usize::from(sectors_per_track(t)))
            .sum()
    };
    let (tracks, errors) = [35u8, 40, 42]
        .into_iter()
        .flat_map(|t| [(t, false), (t, true)])
        .find(|&(t, e)| {
            let n = sectors_on(t);
            image.len() == n * 256 + if e { n } else { 0 }
        })?;
    let total = sectors_on(tracks);
    let bam = sectors_on(17) * 256;
    let id = [image[bam + 0xA2], image[bam + 0xA3]];
    let mut index = 0usize;
    let mut out = Vec::with_capacity(usize::from(tracks));
    for track in 1..=tracks {
        let mut sectors = Vec::new();
        for sector in 0..sectors_per_track(track) {
            let data = &image[index * 256..index * 256 + 256];
            let error = if errors {
                SectorError::from_code(image[total * 256 + index])
            } else {
                None
            };
            sectors.push(sector_gcr(&SectorSource {
                track,
                sector,
                id,
                data,
                error,
            }));
            index += 1;
        }
        out.push(track_gcr(
            &sectors,
            TRACK_BYTES[usize::from(speed_zone(track))],
        ));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        let data: Vec<u8> = (0..=255).collect();
        let gcr = encode(&data);
        assert_eq!(gcr.len(), 320);
        assert_eq!(decode(&gcr).unwrap(), data);
    }

    #[test]
    fn known_encodings() {
        // $08 $00 $00 $00: the start of a header block for checksum 0.
        assert_eq!(encode(&[0x08, 0, 0, 0]), [0x52, 0x54, 0xA5, 0x29, 0x4A]);
        // A data block marker $07 starts with the well-known $55.
        assert_eq!(encode(&[0x07, 0, 0, 0])[0], 0x55);
    }

    #[test]
    fn no_run_of_ten_ones_or_three_zeros() {
        let data: Vec<u8> = (0..=255).collect();
        let gcr = encode(&data);
        let bits: Vec<bool> = gcr
            .iter()
            .flat_map(|b| (0..8).rev().map(move |i| b >> i & 1 == 1))
            .collect();
        let longest = |v: bool| {
            bits.split(|&b| b != v)
                .map(<[bool]>::len)
                .max()
                .unwrap_or(0)
        };
        assert!(longest(true) <= 8);
        assert!(longest(false) <= 2);
    }

    #[test]
    fn d64_layout() {
        let mut image = vec![0u8; 174_848];
        let bam = 357 * 256;
        image[bam + 0xA2] = b'A';
        image[bam + 0xA3] = b'B';
        image[5] = 0x99; // track 1 sector 0 byte 5
        let tracks = d64_tracks(&image).unwrap();
        assert_eq!(tracks.len(), 35);
        assert_eq!(tracks[0].len(), 7692);
        assert_eq!(tracks[34].len(), 6250);
        // Track 1 sector 0: sync, then the header decodes to its fields.
        assert_eq!(&tracks[0][..5], &[0xFF; 5]);
        let header = decode(&tracks[0][5..15]).unwrap();
        assert_eq!(
            header,
            [0x08, 1 ^ b'B' ^ b'A', 0, 1, b'B', b'A', 0x0F, 0x0F] // checksum: sector 0 ^ track 1 ^ IDs
        );
        let data_at = 5 + 10 + HEADER_GAP + SYNC;
        let block = decode(&tracks[0][data_at..data_at + 325]).unwrap();
        assert_eq!(block[0], 0x07);
        assert_eq!(block[6], 0x99);
        assert_eq!(block[257], 0x99);
        assert!(d64_tracks(&[0; 1000]).is_none());
    }
}
