//! The serial (IEC) bus at the level the KERNAL talks to it: commands sent under ATN
//! (LISTEN, TALK, secondary address, OPEN, CLOSE, UNLISTEN, UNTALK) and data bytes.
//! The stub KERNAL's LISTEN/TALK/.../ACPTR and the real KERNAL's serial routines (trapped
//! as VICE's virtual device traps do) both end up here, so the virtual drive behaves
//! the same under either.
//!
//! Only the drive (device 8, when a disk is attached) answers; any other device is not
//! present (status $80), like a C64 with nothing else plugged in.

use std::sync::{Arc, Mutex};

use crate::drive::Drive;

/// Status bits the KERNAL keeps in ST ($90).
pub mod st {
    /// Read timeout: nothing to read (file not found / not open).
    pub const TIMEOUT_READ: u8 = 0x02;
    /// End of file on the last byte read.
    pub const EOI: u8 = 0x40;
    /// Device not present.
    pub const NOT_PRESENT: u8 = 0x80;
}

/// Bus commands sent under ATN: LISTEN | device.
pub const LISTEN: u8 = 0x20;
/// TALK | device.
pub const TALK: u8 = 0x40;
/// End of listening.
pub const UNLISTEN: u8 = 0x3F;
/// End of talking.
pub const UNTALK: u8 = 0x5F;
/// Secondary address (channel) | channel.
pub const SECONDARY: u8 = 0x60;
/// CLOSE | channel.
pub const CLOSE: u8 = 0xE0;
/// OPEN | channel (the file name follows).
pub const OPEN: u8 = 0xF0;

/// The drive's device number.
pub const DRIVE: u8 = 8;

/// Bus state: who is addressed, on which channel, and a file name being sent.
#[derive(Clone, Debug, Default)]
pub struct Iec {
    /// The drive, shared by clones of the machine (one disk, one drive).
    pub drive: Option<Arc<Mutex<Drive>>>,
    active: u8,
    listening: bool,
    talking: bool,
    channel: Option<u8>,
    naming: Option<(u8, Vec<u8>)>,
}

impl Iec {
    /// Is `device` the attached drive?
    pub fn ours(&self, device: u8) -> bool {
        device == DRIVE && self.drive.is_some()
    }

    /// Device addressed by the last LISTEN or TALK.
    pub fn active(&self) -> u8 {
        self.active
    }

    /// Note which device a command byte addresses, without doing anything.
    pub fn track(&mut self, byte: u8) {
        if matches!(byte & 0xE0, LISTEN | TALK) && byte != UNLISTEN && byte != UNTALK {
            self.active = byte & 0x1F;
        }
    }

    fn with_drive<R>(&self, f: impl FnOnce(&mut Drive) -> R) -> Option<R> {
        let drive = self.drive.as_ref()?;
        let mut d = drive.lock().unwrap_or_else(|p| p.into_inner());
        Some(f(&mut d))
    }

    /// A byte sent under ATN. Returns the status bits to OR into ST.
    pub fn attention(&mut self, byte: u8) -> u8 {
        match byte {
            UNLISTEN => {
                if self.ours(self.active) && self.listening {
                    if let Some((ch, name)) = self.naming.take() {
                        self.with_drive(|d| d.open(ch, &name));
                    } else if let Some(ch) = self.channel {
                        self.with_drive(|d| d.unlisten(ch));
                    }
                }
                self.listening = false;
                self.channel = None;
                self.naming = None;
                0
            }
            UNTALK => {
                self.talking = false;
                self.channel = None;
                0
            }
            _ => {
                match byte & 0xE0 {
                    LISTEN => {
                        self.track(byte);
                        self.listening = true;
                        self.talking = false;
                        self.channel = None;
                        self.naming = None;
                    }
                    TALK => {
                        self.track(byte);
                        self.talking = true;
                        self.listening = false;
                        self.channel = None;
                    }
                    _ => match byte & 0xF0 {
                        CLOSE => {
                            if self.ours(self.active) {
                                self.with_drive(|d| d.close(byte & 0x0F));
                            }
                            self.channel = None;
                        }
                        OPEN => {
                            self.naming = Some((byte & 0x0F, Vec::new()));
                            self.channel = Some(byte & 0x0F);
                        }
                        _ if byte & 0xF0 >= SECONDARY => self.channel = Some(byte & 0x0F),
                        _ => {}
                    },
                }
                if self.ours(self.active) {
                    0
                } else {
                    st::NOT_PRESENT
                }
            }
        }
    }

    /// A data byte sent while listening.
    pub fn send(&mut self, byte: u8) -> u8 {
        if !self.ours(self.active) || !self.listening {
            return st::NOT_PRESENT;
        }
        if let Some((_, name)) = &mut self.naming {
            if name.len() < 256 {
                name.push(byte);
            }
            return 0;
        }
        let ch = self.channel.unwrap_or(0);
        self.with_drive(|d| d.write(ch, byte));
        0
    }

    /// A data byte received while talking, and the status bits.
    pub fn receive(&mut self) -> (u8, u8) {
        if !self.ours(self.active) || !self.talking {
            return (0x0D, st::TIMEOUT_READ);
        }
        let ch = self.channel.unwrap_or(0);
        match self.with_drive(|d| d.read(ch)).flatten() {
            Some((b, true)) => (b, st::EOI),
            Some((b, false)) => (b, 0),
            None => (0x0D, st::TIMEOUT_READ),
        }
    }

    /// The drive's error channel message.
    pub fn drive_status(&self) -> Option<String> {
        self.with_drive(|d| d.status_text())
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
// The disk is not the machine's state (as on a real drive, what was saved stays saved).
c64state::persist!(Iec { active, listening, talking, channel, naming } skip { drive });
