//! `--audio FILE.wav`: the SID's output of a headless run as a WAV file (PCM, 16-bit,
//! mono, 44100 or 48000 Hz).
use std::io::{self, Write};

/// Write `samples` as a RIFF/WAVE file.
pub fn write_wav(out: &mut impl Write, rate: u32, samples: &[i16]) -> io::Result<()> {
    const CHANNELS: u16 = 1;
    const BITS: u16 = 16;
    let block = CHANNELS * BITS / 8;
    let data_len = u32::try_from(samples.len() * usize::from(block))
        .map_err(|_| io::Error::other("more audio than a WAV file holds (4 GiB)"))?;
    let mut header = Vec::with_capacity(44);
    header.extend_from_slice(b"RIFF");
    header.extend_from_slice(&(36 + data_len).to_le_bytes());
    header.extend_from_slice(b"WAVEfmt ");
    header.extend_from_slice(&16u32.to_le_bytes());
    header.extend_from_slice(&1u16.to_le_bytes()); // PCM
    header.extend_from_slice(&CHANNELS.to_le_bytes());
    header.extend_from_slice(&rate.to_le_bytes());
    header.extend_from_slice(&(rate * u32::from(block)).to_le_bytes());
    header.extend_from_slice(&block.to_le_bytes());
    header.extend_from_slice(&BITS.to_le_bytes());
    header.extend_from_slice(b"data");
    header.extend_from_slice(&data_len.to_le_bytes());
    out.write_all(&header)?;
    let bytes: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
    out.write_all(&bytes)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wav_file_has_the_44_byte_header_and_little_endian_samples() {
        let mut out = Vec::new();
        write_wav(&mut out, 44_100, &[1, -2]).unwrap();
        assert_eq!(out.len(), 48);
        assert_eq!(&out[0..4], b"RIFF");
        assert_eq!(u32::from_le_bytes(out[4..8].try_into().unwrap()), 40);
        assert_eq!(u32::from_le_bytes(out[24..28].try_into().unwrap()), 44_100);
        assert_eq!(u32::from_le_bytes(out[28..32].try_into().unwrap()), 88_200);
        assert_eq!(u32::from_le_bytes(out[40..44].try_into().unwrap()), 4);
        assert_eq!(&out[44..], &[1, 0, 0xFE, 0xFF]);
    }
}
