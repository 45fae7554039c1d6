//! The CRT cartridge image format (`C64 CARTRIDGE   `): a header naming the hardware
//! type and the EXROM/GAME lines at power-on, then CHIP packets, each one ROM or flash
//! bank with its load address. All numbers are big-endian.
//!
//! Header ($40 bytes by convention; its length field says where the packets start):
//! signature (16), header length (4), version (2), hardware type (2), EXROM (1),
//! GAME (1), hardware subtype (1, version 1.01 and later), reserved (5), name (32).
//! CHIP packet: `CHIP` (4), packet length (4), chip type (2: 0 ROM, 1 RAM, 2 flash,
//! 3 EEPROM), bank (2), load address (2), image size (2), then the image.

use super::ExpansionError;

const SIGNATURE: &[u8; 16] = b"C64 CARTRIDGE   ";
const CHIP: &[u8; 4] = b"CHIP";
const HEADER_MIN: usize = 0x40;
const CHIP_HEADER: usize = 0x10;

/// One CHIP packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    /// 0 ROM, 1 RAM, 2 flash, 3 EEPROM.
    pub kind: u16,
    /// The bank the image is in.
    pub bank: u16,
    /// Where it appears: $8000 (ROML, or ROML and ROMH for 16 KiB), $A000 or $E000 (ROMH).
    pub load: u16,
    /// The image.
    pub data: Vec<u8>,
}

/// A parsed CRT file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crt {
    /// The hardware type (0 generic, 1 Action Replay, 5 Ocean, 32 EasyFlash, ...).
    pub hardware: u16,
    /// The hardware subtype (revision), 0 in files older than version 1.01.
    pub subtype: u8,
    /// The EXROM line at power-on (true: high, inactive).
    pub exrom: bool,
    /// The GAME line at power-on (true: high, inactive).
    pub game: bool,
    /// The cartridge's name.
    pub name: String,
    /// The CHIP packets in file order.
    pub chips: Vec<Chip>,
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl Crt {
    /// Whether `bytes` start like a CRT file.
    pub fn is_crt(bytes: &[u8]) -> bool {
        bytes.starts_with(SIGNATURE)
    }

    /// Parses a CRT file; errors name the offset and what is wrong there.
    pub fn parse(bytes: &[u8]) -> Result<Crt, ExpansionError> {
        let bad = |offset: usize, why: String| ExpansionError::BadCrt { offset, why };
        if !Crt::is_crt(bytes) {
            return Err(bad(0, "no \"C64 CARTRIDGE\" signature".into()));
        }
        if bytes.len() < HEADER_MIN {
            return Err(bad(
                bytes.len(),
                format!("the header is cut short ({} of 64 bytes)", bytes.len()),
            ));
        }
        let header_len = be32(bytes, 0x10) as usize;
        // Some tools write $20 here; the packets start at $40 at the earliest.
        let start = header_len.max(HEADER_MIN);
        if start > bytes.len() {
            return Err(bad(
                0x10,
                format!("header length ${header_len:X} runs past the end of the file"),
            ));
        }
        let version = be16(bytes, 0x14);
        let subtype = if version >= 0x0101 { bytes[0x1A] } else { 0 };
        let name_bytes = &bytes[0x20..0x40];
        let name_end = name_bytes.iter().position(|&b| b == 0).unwrap_or(32);
        let name = String::from_utf8_lossy(&name_bytes[..name_end]).into_owned();
        let mut chips = Vec::new();
        let mut at = start;
        while at < bytes.len() {
            if bytes.len() - at < CHIP_HEADER {
                // Some tools pad the file: a tail too short for a packet is not one.
                break;
            }
            if &bytes[at..at + 4] != CHIP {
                return Err(bad(at, "expected a CHIP packet".into()));
            }
            let packet_len = be32(bytes, at + 4) as usize;
            let size = usize::from(be16(bytes, at + 14));
            let load = be16(bytes, at + 12);
            if packet_len < CHIP_HEADER + size {
                return Err(bad(
                    at + 4,
                    format!(
                        "packet length ${packet_len:X} is less than its image (${size:X}) and header"
                    ),
                ));
            }
            if bytes.len() - at < CHIP_HEADER + size {
                return Err(bad(
                    at,
                    format!("the CHIP packet's ${size:X}-byte image is cut short"),
                ));
            }
            if size == 0 || usize::from(load) + size > 0x10000 {
                return Err(bad(
                    at + 12,
                    format!("an image of ${size:X} bytes cannot load at ${load:04X}"),
                ));
            }
            chips.push(Chip {
                kind: be16(bytes, at + 8),
                bank: be16(bytes, at + 10),
                load,
                data: bytes[at + CHIP_HEADER..at + CHIP_HEADER + size].to_vec(),
            });
            at = at.saturating_add(packet_len);
        }
        Ok(Crt {
            hardware: be16(bytes, 0x16),
            subtype,
            exrom: bytes[0x18] != 0,
            game: bytes[0x19] != 0,
            name,
            chips,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A CRT file of `hardware` with these (bank, load, image) chips.
    pub(crate) fn crt_file(
        hardware: u16,
        exrom: u8,
        game: u8,
        chips: &[(u16, u16, &[u8])],
    ) -> Vec<u8> {
        let mut f = SIGNATURE.to_vec();
        f.extend(0x40u32.to_be_bytes());
        f.extend(0x0101u16.to_be_bytes());
        f.extend(hardware.to_be_bytes());
        f.extend([exrom, game, 0, 0, 0, 0, 0, 0]);
        let mut name = *b"TEST\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0";
        name[31] = 0;
        f.extend(name);
        for (bank, load, data) in chips {
            f.extend(CHIP);
            f.extend((0x10 + data.len() as u32).to_be_bytes());
            f.extend(0u16.to_be_bytes());
            f.extend(bank.to_be_bytes());
            f.extend(load.to_be_bytes());
            f.extend((data.len() as u16).to_be_bytes());
            f.extend(*data);
        }
        f
    }

    #[test]
    fn a_crt_file_parses_into_its_chips() {
        let rom = vec![0xAA; 0x2000];
        let f = crt_file(5, 0, 0, &[(0, 0x8000, &rom), (1, 0x8000, &rom[..0x1000])]);
        let c = Crt::parse(&f).unwrap();
        assert_eq!(
            (c.hardware, c.exrom, c.game, c.name.as_str()),
            (5, false, false, "TEST")
        );
        assert_eq!(c.chips.len(), 2);
        assert_eq!(
            (c.chips[1].bank, c.chips[1].load, c.chips[1].data.len()),
            (1, 0x8000, 0x1000)
        );
    }

    #[test]
    fn bad_crt_files_say_where_and_why() {
        let rom = vec![0; 0x2000];
        let f = crt_file(0, 0, 1, &[(0, 0x8000, &rom)]);
        let cut = Crt::parse(&f[..f.len() - 1]).unwrap_err().to_string();
        assert_eq!(
            cut,
            "bad CRT file at offset $40: the CHIP packet's $2000-byte image is cut short"
        );
        let mut g = f.clone();
        g[0x40] = b'X';
        assert_eq!(
            Crt::parse(&g).unwrap_err().to_string(),
            "bad CRT file at offset $40: expected a CHIP packet"
        );
        assert!(Crt::parse(&f[..0x30]).is_err());
        let mut padded = f.clone();
        padded.extend([0xFF; 12]);
        assert_eq!(Crt::parse(&padded).unwrap().chips.len(), 1);
        assert!(Crt::parse(b"C64 CARTRIDGX   ").is_err());
        let mut h = f.clone();
        h[0x4C..0x4E].copy_from_slice(&0xF000u16.to_be_bytes());
        assert!(
            Crt::parse(&h)
                .unwrap_err()
                .to_string()
                .contains("cannot load at $F000")
        );
    }
}
