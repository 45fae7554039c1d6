//! P64 images made here, with a range encoder that mirrors the decoder.

use super::*;

/// The encoder the decoder undoes.
struct RangeEncoder {
    out: Vec<u8>,
    low: u32,
    high: u32,
}

impl RangeEncoder {
    fn bit(&mut self, p: &mut u16, one: bool) {
        let mid = self
            .low
            .wrapping_add((self.high.wrapping_sub(self.low) >> 12).wrapping_mul(u32::from(*p)));
        if one {
            *p += (0xFFF - *p) >> 4;
            self.high = mid;
        } else {
            *p -= *p >> 4;
            self.low = mid.wrapping_add(1);
        }
        while (self.low ^ self.high) & 0xFF00_0000 == 0 {
            self.out.push((self.high >> 24) as u8);
            self.low <<= 8;
            self.high = (self.high << 8) | 0xFF;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        for _ in 0..4 {
            self.out.push((self.high >> 24) as u8);
            self.high <<= 8;
        }
        self.out
    }
}

fn flag(e: &mut RangeEncoder, m: &mut Models, model: usize, one: bool) {
    let i = 8 * BYTE_CONTEXTS + (model - DISTANCE_FLAG) * 4 + m.last[model] as usize;
    e.bit(&mut m.probabilities[i], one);
    m.last[model] = u32::from(one);
}

fn word(e: &mut RangeEncoder, m: &mut Models, model: usize, value: u32) {
    for byte in 0..4 {
        let mm = model + byte;
        let b = (value >> (8 * byte)) as u8;
        let mut context = 1usize;
        for bit in (0..8).rev() {
            let one = b >> bit & 1 == 1;
            let i = mm * BYTE_CONTEXTS + (((m.last[mm] as usize) << 8 | context) & 0xFFFF);
            e.bit(&mut m.probabilities[i], one);
            context = (context << 1) | usize::from(one);
        }
        m.last[mm] = u32::from(b);
    }
}

/// A track chunk's data for `pulses` (position, strength), in order.
fn track_data(pulses: &[(u32, u32)]) -> Vec<u8> {
    let mut e = RangeEncoder {
        out: Vec::new(),
        low: 0,
        high: !0,
    };
    let mut m = Models::new();
    let (mut position, mut distance, mut strength) = (0u32, 0u32, 0u32);
    for &(p, s) in pulses {
        let d = p - position;
        flag(&mut e, &mut m, DISTANCE_FLAG, d != distance);
        if d != distance {
            word(&mut e, &mut m, DISTANCE, d);
            distance = d;
        }
        position = p;
        flag(&mut e, &mut m, STRENGTH_FLAG, s != strength);
        if s != strength {
            word(&mut e, &mut m, STRENGTH, s.wrapping_sub(strength));
            strength = s;
        }
    }
    let coded = e.finish();
    let mut out = (pulses.len() as u32).to_le_bytes().to_vec();
    out.extend((coded.len() as u32).to_le_bytes());
    out.extend(coded);
    out
}

fn chunk(sig: &[u8], data: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    out.extend((data.len() as u32).to_le_bytes());
    out.extend(if data.is_empty() { 0 } else { crc32(data) }.to_le_bytes());
    out.extend(data);
    out
}

/// A .p64 with `tracks` (P64 half track number, pulses).
fn image(tracks: &[(u8, Vec<(u32, u32)>)]) -> Vec<u8> {
    let mut chunks = Vec::new();
    for (n, pulses) in tracks {
        chunks.extend(chunk(&[b'H', b'T', b'P', *n], &track_data(pulses)));
    }
    chunks.extend(chunk(b"DONE", &[]));
    let mut out = SIGNATURE.to_vec();
    out.extend(0u32.to_le_bytes());
    out.extend(0u32.to_le_bytes());
    out.extend((chunks.len() as u32).to_le_bytes());
    out.extend(crc32(&chunks).to_le_bytes());
    out.extend(chunks);
    out
}

/// Pulses for the 1 bits of `bytes`, the cells spread evenly over one turn.
fn pulses_of(bytes: &[u8]) -> Vec<(u32, u32)> {
    let n = bytes.len() as u64 * 8;
    (0..n)
        .filter(|&i| bytes[(i / 8) as usize] >> (7 - i % 8) & 1 == 1)
        .map(|i| ((i * u64::from(POSITIONS) / n) as u32, !0))
        .collect()
}

#[test]
fn crc32_is_zips() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
}

#[test]
fn pulses_round_trip_through_the_coder() {
    let pulses = vec![
        (10, !0),
        (62, !0),
        (114, 5),
        (300, 5),
        (3_199_999, 0x9000_0000),
    ];
    let data = track_data(&pulses);
    assert_eq!(super::pulses(&data).unwrap(), pulses);
}

#[test]
fn a_gcr_track_comes_back_as_its_bits() {
    // Track 1 of a .d64 layout (zone 3, 7692 bytes): sync, a header, gaps.
    let mut gcr = vec![0x55u8; 7692];
    gcr[0] = 0x00; // the stream starts 8 cells before the first pulse
    gcr[100..105].fill(0xFF);
    gcr[105..110].copy_from_slice(&[0x52, 0x54, 0xA5, 0x29, 0x4A]);
    let disk = read(&image(&[
        (2, pulses_of(&gcr)),
        (37, pulses_of(&gcr[..6250])),
    ]))
    .unwrap();
    let t = disk.half_track(0);
    assert_eq!(t.bits(), 7692 * 8);
    assert_eq!(t.bytes(), gcr);
    // Half track 37 is track 18.5: fewer cells, zone 0's.
    assert_eq!(disk.half_track(35).bytes(), &gcr[..6250]);
    assert_eq!(disk.half_track(1).bits(), 0);
}

#[test]
fn weak_and_crowded_pulses_give_no_bits() {
    // Cells of 52 positions (zone 3); a weak pulse and one 10 positions after
    // another add nothing.
    let mut pulses: Vec<(u32, u32)> = (0..61_538).map(|i| (i * 52, !0)).collect();
    pulses.insert(5, (4 * 52 + 26, 1));
    pulses.insert(10, (8 * 52 + 10, !0));
    let t = cells(&pulses);
    // One 1 per cell of 52 (the last, of 76 positions, too): the extra pulses
    // neither add a bit nor shift the rest.
    assert_eq!(t.bits(), 61_538);
    assert!(t.bytes()[..7692].iter().all(|&b| b == 0xFF));
    assert_eq!(t.bytes()[7692], 0xC0);
}

#[test]
fn broken_images_are_refused_with_reasons() {
    let good = image(&[(2, vec![(0, !0), (60, !0)])]);
    assert!(read(&good).is_ok());
    let mut bad_sum = good.clone();
    let last = bad_sum.len() - 13;
    bad_sum[last] ^= 1;
    assert!(read(&bad_sum).unwrap_err().to_string().contains("checksum"));
    let mut v1 = good.clone();
    v1[8] = 1;
    assert!(read(&v1).unwrap_err().to_string().contains("version 1"));
    // A pulse count no turn can hold is refused before anything is decoded.
    let mut data = track_data(&[(0, !0)]);
    data[..4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(pulses(&data).unwrap_err().contains("4294967295 pulses"));
    let cut = &good[..good.len() - 20];
    assert!(read(cut).unwrap_err().to_string().contains("past the end"));
}

#[test]
fn random_coded_pulses_decode_or_are_refused() {
    // Random coded bytes behind plausible counts: pulses anywhere, never a panic.
    // A pulse gives its 1 half a cell (26 positions at the shortest) after it, so a
    // turn holds at most one bit per 26 positions.
    let mut seed = 7u32;
    for n in 0..200u32 {
        let mut data = (n * 97 % 5000).to_le_bytes().to_vec();
        data.extend(64u32.to_le_bytes());
        data.extend((0..64).map(|_| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 24) as u8
        }));
        if let Ok(p) = pulses(&data) {
            assert!(p.iter().all(|&(pos, _)| pos < POSITIONS));
            assert!(cells(&p).bits() <= POSITIONS as usize / 26);
        }
    }
}
