//! `.sid` tune files (PSID and RSID, versions 1-4): the header, and a small 6502 driver
//! of our own that calls the tune's init with the subtune and then its play routine at
//! the tune's speed.
//!
//! The driver polls CIA 1's timer A with interrupts off (no IRQ vectors needed, so it
//! runs on any KERNAL): the timer runs at one PAL frame (19656 cycles) for a tune timed
//! by the vertical blank, or at the rate the tune's init wrote to the timer (the KERNAL's
//! $4025 if it wrote none) for a CIA-timed one. Before each call $01 maps in as much ROM
//! as the routine's address leaves visible, as the PSID format asks. A tune without a
//! play address (it installs its own interrupt) gets interrupts on and an idle loop.

use std::fmt;

/// Why a `.sid` file cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PsidError {
    /// Shorter than its header says, or not a PSID/RSID file.
    Truncated,
    /// A field out of its range (the text says which).
    Bad(String),
}

impl fmt::Display for PsidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PsidError::Truncated => write!(f, "a SID tune shorter than its header"),
            PsidError::Bad(what) => write!(f, "a SID tune with {what}"),
        }
    }
}

impl std::error::Error for PsidError {}

/// A parsed `.sid` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tune {
    /// RSID: written for a real C64's environment (no play address; interrupts of its own).
    pub rsid: bool,
    /// Where the data loads.
    pub load: u16,
    /// The init routine (called with the subtune, 0-based, in A).
    pub init: u16,
    /// The play routine (0: the tune plays from its own interrupt).
    pub play: u16,
    /// Subtunes in the file.
    pub songs: u16,
    /// The subtune played by default (1-based).
    pub start_song: u16,
    speed: u32,
    /// The chip the tune was written for, when the header says.
    pub model: Option<crate::ChipModel>,
    /// Name, author, release (as the header's Latin-1 text).
    pub name: String,
    /// The composer.
    pub author: String,
    /// Year and publisher.
    pub released: String,
    /// The bytes that load at `load`.
    pub data: Vec<u8>,
}

fn be16(b: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([b[at], b[at + 1]])
}

fn text(b: &[u8]) -> String {
    b.iter()
        .take_while(|&&c| c != 0)
        .map(|&c| char::from(c))
        .collect()
}

/// The lowest address the driver may take (below: zero page and the stack).
const DRIVER_LOWEST: u32 = 0x0200;

impl Tune {
    /// Parse a `.sid` file.
    pub fn parse(bytes: &[u8]) -> Result<Tune, PsidError> {
        if bytes.len() < 0x76 || !(bytes.starts_with(b"PSID") || bytes.starts_with(b"RSID")) {
            return Err(PsidError::Truncated);
        }
        let rsid = bytes.starts_with(b"RSID");
        let version = be16(bytes, 4);
        if !(1..=4).contains(&version) {
            return Err(PsidError::Bad(format!("version {version} (1 to 4 exist)")));
        }
        let offset = usize::from(be16(bytes, 6));
        let mut data = bytes.get(offset..).ok_or(PsidError::Truncated)?.to_vec();
        let mut load = be16(bytes, 8);
        if load == 0 {
            if data.len() < 2 {
                return Err(PsidError::Truncated);
            }
            load = u16::from_le_bytes([data[0], data[1]]);
            data.drain(..2);
        }
        if data.is_empty() || usize::from(load) + data.len() > 0x1_0000 {
            return Err(PsidError::Bad(format!(
                "{} bytes of data at ${load:04X} (past $FFFF or none)",
                data.len()
            )));
        }
        let init = match be16(bytes, 0x0A) {
            0 => load,
            a => a,
        };
        let songs = be16(bytes, 0x0E);
        if !(1..=256).contains(&songs) {
            return Err(PsidError::Bad(format!("{songs} songs (1 to 256)")));
        }
        let model = if version >= 2 && bytes.len() >= 0x78 {
            match (be16(bytes, 0x76) >> 4) & 3 {
                1 => Some(crate::ChipModel::Mos6581),
                2 => Some(crate::ChipModel::Mos8580),
                _ => None,
            }
        } else {
            None
        };
        Ok(Tune {
            rsid,
            load,
            init,
            play: be16(bytes, 0x0C),
            songs,
            start_song: be16(bytes, 0x10).clamp(1, songs),
            speed: u32::from_be_bytes([bytes[0x12], bytes[0x13], bytes[0x14], bytes[0x15]]),
            model,
            name: text(&bytes[0x16..0x36]),
            author: text(&bytes[0x36..0x56]),
            released: text(&bytes[0x56..0x76]),
            data,
        })
    }

    /// Is subtune `song` (1-based) timed by CIA 1's timer (else by the frame)?
    pub fn cia_timed(&self, song: u16) -> bool {
        let bit = u32::from(song.saturating_sub(1)).min(31);
        self.speed & (1 << bit) != 0
    }

    /// $01 for a call of `addr`: as much ROM as leaves `addr` visible.
    fn bank_for(addr: u16) -> u8 {
        match addr {
            0..=0x9FFF => 0x37,
            0xA000..=0xCFFF => 0x36,
            0xD000..=0xDFFF => 0x34,
            _ => 0x35,
        }
    }

    /// The tune with its driver for subtune `song` (1-based) as one block: the block's
    /// load address, its bytes, and the driver's entry. The driver sits right below the
    /// tune's data, or right after it when there is no room below.
    pub fn image(&self, song: u16) -> Result<(u16, Vec<u8>, u16), PsidError> {
        if song == 0 || song > self.songs {
            return Err(PsidError::Bad(format!(
                "no subtune {song} (it has {})",
                self.songs
            )));
        }
        let len = self.driver(song, 0).len() as u32;
        let load = u32::from(self.load);
        let end = load + self.data.len() as u32;
        if load >= DRIVER_LOWEST + len {
            let at = (load - len) as u16;
            let mut bytes = self.driver(song, at);
            bytes.extend(&self.data);
            Ok((at, bytes, at))
        } else if end + len <= 0xD000 {
            let mut bytes = self.data.clone();
            bytes.extend(self.driver(song, end as u16));
            Ok((self.load, bytes, end as u16))
        } else {
            Err(PsidError::Bad(
                "no room for the player beside its data".into(),
            ))
        }
    }

    /// The driver's code for subtune `song`, placed at `at`.
    fn driver(&self, song: u16, at: u16) -> Vec<u8> {
        let [init_lo, init_hi] = self.init.to_le_bytes();
        let [play_lo, play_hi] = self.play.to_le_bytes();
        let mut c = vec![
            0x78, // SEI
            0xA9,
            0x7F,
            0x8D,
            0x0D,
            0xDC, // LDA #$7F, STA $DC0D: CIA 1 interrupts off
            0xAD,
            0x0D,
            0xDC, // LDA $DC0D: clear pending
            0xA9,
            0x00,
            0x8D,
            0x1A,
            0xD0, // LDA #0, STA $D01A: no VIC interrupts
            0xA9,
            0x25,
            0x8D,
            0x04,
            0xDC, // timer A latch $4025 (the KERNAL's)
            0xA9,
            0x40,
            0x8D,
            0x05,
            0xDC,
            0xA9,
            Self::bank_for(self.init),
            0x85,
            0x01, // LDA #bank, STA $01
            0xA9,
            (song - 1) as u8, // LDA #song
            0xA2,
            0x00,
            0xA0,
            0x00, // LDX #0, LDY #0
            0x20,
            init_lo,
            init_hi, // JSR init
            0x78,    // SEI (init may have allowed interrupts)
            0xA9,
            0x37,
            0x85,
            0x01, // LDA #$37, STA $01
        ];
        if self.play == 0 {
            // The tune plays from its own interrupt: let it, and idle.
            let idle = at + c.len() as u16 + 1;
            let [lo, hi] = idle.to_le_bytes();
            c.extend([0x58, 0x4C, lo, hi]); // CLI; JMP *
            return c;
        }
        if !self.cia_timed(song) {
            // One PAL frame: 19656 cycles.
            c.extend([0xA9, 0xC7, 0x8D, 0x04, 0xDC, 0xA9, 0x4C, 0x8D, 0x05, 0xDC]);
        }
        c.extend([0xA9, 0x11, 0x8D, 0x0E, 0xDC]); // force load, run continuously
        let wait = at + c.len() as u16;
        c.extend([0xAD, 0x0D, 0xDC, 0x29, 0x01, 0xF0, 0xF9]); // wait for an underflow
        c.extend([0xA9, Self::bank_for(self.play), 0x85, 0x01]);
        c.extend([0x20, play_lo, play_hi]); // JSR play
        c.extend([0xA9, 0x37, 0x85, 0x01]);
        let [lo, hi] = wait.to_le_bytes();
        c.extend([0x4C, lo, hi]);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(load: u16, init: u16, play: u16, songs: u16, speed: u32) -> Vec<u8> {
        let mut h = b"PSID\x00\x02\x00\x7C".to_vec();
        for v in [load, init, play, songs, 1] {
            h.extend(v.to_be_bytes());
        }
        h.extend(speed.to_be_bytes());
        h.extend(b"Tune");
        h.resize(0x76, 0);
        h.extend(0x0020u16.to_be_bytes()); // flags: 8580
        h.resize(0x7C, 0);
        h
    }

    #[test]
    fn the_header_gives_addresses_songs_speed_and_model() {
        let mut f = header(0, 0x1000, 0x1003, 3, 0b010);
        f.extend([0x00, 0x10, 0x60, 0x60, 0x60]);
        let t = Tune::parse(&f).unwrap();
        assert_eq!(
            (t.load, t.init, t.play, t.songs),
            (0x1000, 0x1000, 0x1003, 3)
        );
        assert_eq!(t.data, [0x60, 0x60, 0x60]);
        assert_eq!(t.name, "Tune");
        assert_eq!(t.model, Some(crate::ChipModel::Mos8580));
        assert!(!t.cia_timed(1) && t.cia_timed(2) && !t.cia_timed(3));
        let (start, bytes, entry) = t.image(2).unwrap();
        assert_eq!(start, entry);
        assert_eq!(
            usize::from(start) + bytes.len(),
            0x1003,
            "driver, then the data"
        );
        assert!(
            bytes.windows(2).any(|w| w == [0xA9, 0x01]),
            "LDA #1 for subtune 2"
        );
        assert!(matches!(t.image(4), Err(PsidError::Bad(_))));
    }

    #[test]
    fn bad_headers_are_errors() {
        assert_eq!(Tune::parse(b"PSID"), Err(PsidError::Truncated));
        let f = header(0x1000, 0, 0, 0, 0);
        assert!(matches!(Tune::parse(&f), Err(PsidError::Bad(_))));
        let mut f = header(0xFFFF, 0, 0, 1, 0);
        f.extend([1, 2, 3]);
        assert!(matches!(Tune::parse(&f), Err(PsidError::Bad(_))));
    }
}
