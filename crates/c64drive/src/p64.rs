//! The P64 image: the flux reversals of each half track, as positions within one
//! revolution counted in 1/16 µs (3,200,000 per turn at 300 rpm), range-coded.
//!
//! Layout (numbers little-endian 32-bit): "P64-1541", version (0), flags (bit 0
//! write protected, bit 1 two sides), the size of the chunk area and its CRC-32; then
//! chunks: a 4-byte signature, size, CRC-32 of the data, the data. "HTP" followed by
//! the half track number (2: track 1, 3: track 1.5 ... 85: track 42.5; bit 7 the
//! second side) holds a track's pulses: their count, the size of the coded data, the
//! data. "DONE" ends the list. The pulses are coded with an adaptive binary range
//! coder (12-bit probabilities, adaptation shift 4): per pulse a flag "new distance"
//! and the distance to the previous pulse as four bytes, then a flag "new strength"
//! and the strength's change as four bytes, each byte by a bitwise tree whose context
//! is the previous value of that byte.
//!
//! The drive turns the pulses into bit cells the way its read circuit does: a pulse
//! resets the bit clock, which then puts out a 1 half a cell later and a 0 for every
//! further cell until the next pulse. The cell length is that of the speed zone the
//! track was written in, found as the zone whose cells fit the pulse distances best.

use crate::disk::{Disk, HALF_TRACKS, Track};
use crate::drive::DriveError;

/// The first bytes of a .p64.
pub const SIGNATURE: &[u8] = b"P64-1541";

/// Pulse positions per revolution (16 MHz for 200 ms).
pub const POSITIONS: u32 = 3_200_000;

/// Bytes before the chunks.
const HEADER: usize = 24;

/// Pulses weaker than this are too weak for the read amplifier to see.
const STRONG: u32 = 0x8000_0000;

fn bad(why: String) -> DriveError {
    DriveError::BadImage { format: "P64", why }
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// CRC-32 (the reflected polynomial $EDB88320, as zip's).
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & 0u32.wrapping_sub(crc & 1));
        }
    }
    !crc
}

/// The disk a .p64 holds (its first side).
pub fn read(bytes: &[u8]) -> Result<Disk, DriveError> {
    if bytes.len() < HEADER || !bytes.starts_with(SIGNATURE) {
        return Err(bad(format!(
            "{} bytes: too short for the header",
            bytes.len()
        )));
    }
    let version = u32_at(bytes, 8).unwrap_or(0);
    if version != 0 {
        return Err(bad(format!("version {version} (only version 0 is known)")));
    }
    let size = u32_at(bytes, 16).unwrap_or(0) as usize;
    let chunks = bytes
        .get(HEADER..HEADER.saturating_add(size))
        .ok_or_else(|| {
            bad(format!(
                "its chunks ({size} bytes) run past the end of the file"
            ))
        })?;
    if crc32(chunks) != u32_at(bytes, 20).unwrap_or(0) {
        return Err(bad("the chunks' checksum is wrong".into()));
    }
    let mut half_tracks = vec![Track::default(); HALF_TRACKS];
    let mut at = 0;
    while at < chunks.len() {
        let (Some(sig), Some(len), Some(sum)) = (
            chunks.get(at..at + 4),
            u32_at(chunks, at + 4),
            u32_at(chunks, at + 8),
        ) else {
            return Err(bad(format!("a chunk header at {} is cut off", HEADER + at)));
        };
        let data = chunks
            .get(at + 12..at + 12 + len as usize)
            .ok_or_else(|| bad(format!("the chunk at {} runs past the end", HEADER + at)))?;
        if sig == b"DONE" {
            break;
        }
        if crc32(data) != sum && !data.is_empty() {
            return Err(bad(format!("the chunk at {}: wrong checksum", HEADER + at)));
        }
        if &sig[..3] == b"HTP" && sig[3] & 0x80 == 0 {
            let number = usize::from(sig[3]);
            let name = format!("half track {number}");
            let pulses = pulses(data).map_err(|why| bad(format!("{name}: {why}")))?;
            if let Some(slot) = number.checked_sub(2).and_then(|i| half_tracks.get_mut(i)) {
                *slot = cells(&pulses);
            }
        }
        at += 12 + len as usize;
    }
    Ok(Disk::from_half_tracks(half_tracks))
}

/// An adaptive binary range decoder (32-bit range, 12-bit probabilities).
struct RangeDecoder<'a> {
    data: &'a [u8],
    at: usize,
    code: u32,
    low: u32,
    high: u32,
}

impl RangeDecoder<'_> {
    fn new(data: &[u8]) -> RangeDecoder<'_> {
        let mut d = RangeDecoder {
            data,
            at: 0,
            code: 0,
            low: 0,
            high: !0,
        };
        for _ in 0..4 {
            d.code = (d.code << 8) | u32::from(d.next());
        }
        d
    }

    /// The next coded byte; zeros past the end.
    fn next(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// One bit with probability `p` (of a 1, in 4096ths), which adapts to it.
    fn bit(&mut self, p: &mut u16) -> bool {
        let mid = self
            .low
            .wrapping_add(((self.high.wrapping_sub(self.low)) >> 12).wrapping_mul(u32::from(*p)));
        let one = self.code <= mid;
        if one {
            *p += (0xFFF - *p) >> 4;
            self.high = mid;
        } else {
            *p -= *p >> 4;
            self.low = mid.wrapping_add(1);
        }
        while (self.low ^ self.high) & 0xFF00_0000 == 0 {
            self.low <<= 8;
            self.high = (self.high << 8) | 0xFF;
            self.code = (self.code << 8) | u32::from(self.next());
        }
        one
    }
}

/// The models a track's pulses are coded with: four byte models for distances,
/// four for strengths, then the two flags; each with its last value as context.
struct Models {
    probabilities: Vec<u16>,
    last: [u32; 10],
}

const DISTANCE: usize = 0;
const STRENGTH: usize = 4;
const DISTANCE_FLAG: usize = 8;
const STRENGTH_FLAG: usize = 9;
const BYTE_CONTEXTS: usize = 1 << 16;

impl Models {
    fn new() -> Models {
        Models {
            probabilities: vec![2048; 8 * BYTE_CONTEXTS + 8],
            last: [0; 10],
        }
    }

    fn flag(&mut self, d: &mut RangeDecoder, model: usize) -> bool {
        let i = 8 * BYTE_CONTEXTS + (model - DISTANCE_FLAG) * 4 + self.last[model] as usize;
        let one = d.bit(&mut self.probabilities[i]);
        self.last[model] = u32::from(one);
        one
    }

    fn word(&mut self, d: &mut RangeDecoder, model: usize) -> u32 {
        let mut value = 0;
        for byte in 0..4 {
            let m = model + byte;
            let mut context = 1usize;
            for _ in 0..8 {
                let i = m * BYTE_CONTEXTS + (((self.last[m] as usize) << 8 | context) & 0xFFFF);
                context = (context << 1) | usize::from(d.bit(&mut self.probabilities[i]));
            }
            let b = (context & 0xFF) as u32;
            self.last[m] = b;
            value |= b << (8 * byte);
        }
        value
    }
}

/// A track chunk's pulses: (position, strength), by position.
fn pulses(data: &[u8]) -> Result<Vec<(u32, u32)>, String> {
    let (Some(count), Some(size)) = (u32_at(data, 0), u32_at(data, 4)) else {
        return Err("its chunk is shorter than its header".into());
    };
    if count > POSITIONS {
        // More pulses than positions on a turn: no disk holds that.
        return Err(format!(
            "{count} pulses on one turn of {POSITIONS} positions"
        ));
    }
    if size == 0 {
        return if count == 0 {
            Ok(Vec::new())
        } else {
            Err(format!("{count} pulses and no data"))
        };
    }
    let coded = data
        .get(8..8 + size as usize)
        .ok_or_else(|| format!("{size} bytes of pulses, past the chunk's end"))?;
    let mut d = RangeDecoder::new(coded);
    let mut m = Models::new();
    let (mut position, mut distance, mut strength) = (0u32, 0u32, 0u32);
    let mut out = Vec::with_capacity(count.min(1 << 20) as usize);
    for _ in 0..count {
        if m.flag(&mut d, DISTANCE_FLAG) {
            distance = m.word(&mut d, DISTANCE);
            if distance == 0 {
                return Err(format!("its pulses end after {} of {count}", out.len()));
            }
        }
        position = position.wrapping_add(distance);
        if m.flag(&mut d, STRENGTH_FLAG) {
            strength = strength.wrapping_add(m.word(&mut d, STRENGTH));
        }
        out.push((position % POSITIONS, strength));
    }
    // Later pulses at a position replace earlier ones.
    out.sort_by_key(|&(p, _)| p);
    out.dedup_by(|later, earlier| {
        let same = later.0 == earlier.0;
        if same {
            earlier.1 = later.1;
        }
        same
    });
    Ok(out)
}

/// Bit cells emitted for `distance` positions between two pulses by a read clock of
/// `cell` positions: the 1 half a cell after the first pulse, then a 0 each cell.
fn cells_between(distance: u32, cell: u32) -> u32 {
    (distance + cell / 2) / cell
}

/// The length of a bit cell in each speed zone, in positions (16 MHz ticks): the
/// read clock divides 16 MHz by 16 - zone, and a cell is four of its periods.
fn cell_of_zone(zone: u32) -> u32 {
    4 * (16 - zone)
}

/// The bit cells the read circuit makes of a revolution of pulses.
fn cells(pulses: &[(u32, u32)]) -> Track {
    let strong: Vec<u32> = pulses
        .iter()
        .filter(|&&(_, s)| s >= STRONG)
        .map(|&(p, _)| p)
        .collect();
    let Some(&first) = strong.first() else {
        return Track::default();
    };
    let distances: Vec<u32> = strong
        .windows(2)
        .map(|w| w[1] - w[0])
        .chain(std::iter::once(
            first + POSITIONS - strong[strong.len() - 1],
        ))
        .collect();
    // The zone whose cells leave the smallest error when the distances are rounded.
    let cell = (0..4)
        .map(cell_of_zone)
        .min_by_key(|&cell| {
            distances
                .iter()
                .map(|&d| {
                    let n = cells_between(d, cell).max(1);
                    u64::from(d.abs_diff(n * cell)).pow(2)
                })
                .sum::<u64>()
        })
        .unwrap_or(cell_of_zone(3));
    let mut bits = Vec::new();
    for &d in &distances {
        let n = cells_between(d, cell);
        if n == 0 {
            // Too close to the previous pulse: the clock had no time to put it out.
            continue;
        }
        bits.push(true);
        bits.extend(std::iter::repeat_n(false, n as usize - 1));
    }
    // The stream began at the first pulse; put it where it lies on the turn.
    let len = bits.len();
    bits.rotate_right(cells_between(first, cell) as usize % len.max(1));
    let mut bytes = vec![0u8; len.div_ceil(8)];
    for (i, _) in bits.iter().enumerate().filter(|(_, b)| **b) {
        bytes[i / 8] |= 0x80 >> (i % 8);
    }
    Track::from_bits(bytes, len)
}

#[cfg(test)]
mod tests;
