//! Commands decoded from frames: each checked for its length and values as VICE checks
//! them, so the server acts only on well-formed requests.

use crate::checkpoint::Op;
use crate::frame::{Error, Frame};

/// Command type numbers (MON_CMD_*).
pub mod kind {
    #![allow(missing_docs)]
    pub const MEM_GET: u8 = 0x01;
    pub const MEM_SET: u8 = 0x02;
    pub const CHECKPOINT_GET: u8 = 0x11;
    pub const CHECKPOINT_SET: u8 = 0x12;
    pub const CHECKPOINT_DELETE: u8 = 0x13;
    pub const CHECKPOINT_LIST: u8 = 0x14;
    pub const CHECKPOINT_TOGGLE: u8 = 0x15;
    pub const CONDITION_SET: u8 = 0x22;
    pub const REGISTERS_GET: u8 = 0x31;
    pub const REGISTERS_SET: u8 = 0x32;
    pub const DUMP: u8 = 0x41;
    pub const UNDUMP: u8 = 0x42;
    pub const RESOURCE_GET: u8 = 0x51;
    pub const RESOURCE_SET: u8 = 0x52;
    pub const JAM: u8 = 0x61;
    pub const STOPPED: u8 = 0x62;
    pub const RESUMED: u8 = 0x63;
    pub const ADVANCE_INSTRUCTIONS: u8 = 0x71;
    pub const KEYBOARD_FEED: u8 = 0x72;
    pub const EXECUTE_UNTIL_RETURN: u8 = 0x73;
    pub const PING: u8 = 0x81;
    pub const BANKS_AVAILABLE: u8 = 0x82;
    pub const REGISTERS_AVAILABLE: u8 = 0x83;
    pub const DISPLAY_GET: u8 = 0x84;
    pub const VICE_INFO: u8 = 0x85;
    pub const CPUHISTORY_GET: u8 = 0x86;
    pub const PALETTE_GET: u8 = 0x91;
    pub const JOYPORT_SET: u8 = 0xA2;
    pub const USERPORT_SET: u8 = 0xB2;
    pub const EXIT: u8 = 0xAA;
    pub const QUIT: u8 = 0xBB;
    pub const RESET: u8 = 0xCC;
    pub const AUTOSTART: u8 = 0xDD;
}

/// Which memory a command means: the computer's (0) or a drive's (1-4: drives 8-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memspace {
    /// The computer.
    Computer,
    /// A drive's CPU and memory (8 to 11).
    Drive(u8),
}

impl Memspace {
    fn from_byte(b: u8) -> Result<Memspace, Error> {
        match b {
            0 => Ok(Memspace::Computer),
            1..=4 => Ok(Memspace::Drive(7 + b)),
            _ => Err(Error::InvalidMemspace),
        }
    }

    /// The protocol's number for it.
    pub fn byte(self) -> u8 {
        match self {
            Memspace::Computer => 0,
            Memspace::Drive(d) => d - 7,
        }
    }
}

/// A decoded command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Read memory `start..=end`.
    MemGet {
        /// Read I/O registers as the CPU would (acknowledging flags).
        side_effects: bool,
        /// First address.
        start: u16,
        /// Last address (inclusive).
        end: u16,
        /// Whose memory.
        memspace: Memspace,
        /// Bank number (see `reply::BANKS`).
        bank: u16,
    },
    /// Write memory from `start`.
    MemSet {
        /// Write I/O registers as the CPU would.
        side_effects: bool,
        /// First address.
        start: u16,
        /// Whose memory.
        memspace: Memspace,
        /// Bank number.
        bank: u16,
        /// The bytes (end - start + 1 of them).
        data: Vec<u8>,
    },
    /// One checkpoint's info.
    CheckpointGet(u32),
    /// A new checkpoint.
    CheckpointSet {
        /// First address.
        start: u16,
        /// Last address (inclusive).
        end: u16,
        /// Stop when hit (otherwise only report it).
        stop: bool,
        /// Enabled.
        enabled: bool,
        /// Which accesses.
        op: Op,
        /// Deleted once hit.
        temporary: bool,
        /// Whose CPU.
        memspace: Memspace,
    },
    /// Delete a checkpoint.
    CheckpointDelete(u32),
    /// Every checkpoint's info, then the count.
    CheckpointList,
    /// Enable or disable a checkpoint.
    CheckpointToggle(u32, bool),
    /// A condition on a checkpoint (VICE monitor expression text).
    ConditionSet(u32, String),
    /// The registers.
    RegistersGet(Memspace),
    /// Set registers by ID.
    RegistersSet(Memspace, Vec<(u8, u16)>),
    /// Step instructions.
    Advance {
        /// A JSR counts as one instruction (runs to its return).
        step_over: bool,
        /// How many.
        count: u16,
    },
    /// PETSCII text for the keyboard buffer.
    KeyboardFeed(Vec<u8>),
    /// Run until an RTS or RTI has executed.
    ExecuteUntilReturn,
    /// Empty answer.
    Ping,
    /// The bank names.
    BanksAvailable,
    /// The register names.
    RegistersAvailable(Memspace),
    /// The picture (the VIC-II's; `format` 0 is 8-bit indexed, the only one).
    DisplayGet {
        /// The C128's choice of VIC-II (ignored elsewhere).
        vic: bool,
    },
    /// Version information.
    ViceInfo,
    /// The palette.
    PaletteGet,
    /// Set a joystick port's value.
    JoyportSet {
        /// Port number (0 = port 1).
        port: u16,
        /// Bits: up 1, down 2, left 4, right 8, fire 16.
        value: u16,
    },
    /// Set the lines a userport device drives (CIA 2 port B).
    UserportSet(u16),
    /// Resume.
    Exit,
    /// Quit the emulator.
    Quit,
    /// Reset (0 system, 1 power cycle, 8-11 drives).
    Reset(u8),
    /// Load (and run) a program file.
    Autostart {
        /// Run it after loading.
        run: bool,
        /// The file in a disk image (0: the first).
        index: u16,
        /// The file name as sent, up to a NUL.
        name: Vec<u8>,
    },
    /// Save the machine's state to a file.
    Dump {
        /// Save the ROMs too (c64kit's snapshot never holds them: see docs/debugging.md).
        roms: bool,
        /// Save the disks too (likewise).
        disks: bool,
        /// The file name as sent, up to a NUL.
        name: Vec<u8>,
    },
    /// Load the machine's state from a file a dump wrote.
    Undump(Vec<u8>),
    /// A resource's value.
    ResourceGet(String),
    /// Set a resource.
    ResourceSet(String, ResourceValue),
    /// The last `count` instructions executed, oldest first.
    CpuHistory {
        /// Whose CPU.
        memspace: Memspace,
        /// How many (at least 1).
        count: u32,
    },
}

/// A resource value as a client sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    /// A number (sent as 1, 2 or 4 bytes).
    Int(u32),
    /// Text.
    Str(String),
}

/// The resource types of resource get and set.
pub mod resource_type {
    #![allow(missing_docs)]
    pub const STRING: u8 = 0x00;
    pub const INT: u8 = 0x01;
}

/// Bytes up to the first NUL (VICE reads names as C strings).
fn c_string(bytes: &[u8]) -> &[u8] {
    bytes.split(|&c| c == 0).next().unwrap_or(bytes)
}

/// A length-prefixed string at `at`: its bytes (checked against the body) and where the
/// next field starts.
fn prefixed<'a>(b: &Body<'a>, at: usize) -> Result<(&'a [u8], usize), Error> {
    b.need(at + 1)?;
    let len = usize::from(b.0[at]);
    b.need(at + 1 + len)?;
    Ok((&b.0[at + 1..at + 1 + len], at + 1 + len))
}

fn text(bytes: &[u8]) -> Result<String, Error> {
    String::from_utf8(c_string(bytes).to_vec()).map_err(|_| Error::InvalidParameter)
}

struct Body<'a>(&'a [u8]);

impl Body<'_> {
    fn need(&self, n: usize) -> Result<(), Error> {
        if self.0.len() < n {
            Err(Error::InvalidLength)
        } else {
            Ok(())
        }
    }
    fn u16(&self, at: usize) -> u16 {
        u16::from_le_bytes([self.0[at], self.0[at + 1]])
    }
    fn u32(&self, at: usize) -> u32 {
        u32::from_le_bytes([self.0[at], self.0[at + 1], self.0[at + 2], self.0[at + 3]])
    }
}

/// The command a frame holds, or the error to answer it with. Extra bytes after what a
/// command needs are ignored (newer clients may send more fields).
pub fn decode(frame: &Frame) -> Result<Command, Error> {
    use kind::*;
    let b = Body(&frame.body);
    let cmd = match frame.kind {
        MEM_GET | MEM_SET => {
            b.need(8)?;
            let (start, end) = (b.u16(1), b.u16(3));
            if start > end {
                return Err(Error::InvalidParameter);
            }
            let memspace = Memspace::from_byte(b.0[5])?;
            let side_effects = b.0[0] != 0;
            let bank = b.u16(6);
            if frame.kind == MEM_GET {
                Command::MemGet {
                    side_effects,
                    start,
                    end,
                    memspace,
                    bank,
                }
            } else {
                let len = usize::from(end - start) + 1;
                b.need(8 + len)?;
                Command::MemSet {
                    side_effects,
                    start,
                    memspace,
                    bank,
                    data: b.0[8..8 + len].to_vec(),
                }
            }
        }
        CHECKPOINT_GET | CHECKPOINT_DELETE => {
            b.need(4)?;
            if frame.kind == CHECKPOINT_GET {
                Command::CheckpointGet(b.u32(0))
            } else {
                Command::CheckpointDelete(b.u32(0))
            }
        }
        CHECKPOINT_SET => {
            b.need(8)?;
            let memspace = match b.0.get(8) {
                Some(&m) => Memspace::from_byte(m)?,
                None => Memspace::Computer,
            };
            let op = Op(b.0[6] & 7);
            if op.0 == 0 {
                return Err(Error::InvalidParameter);
            }
            Command::CheckpointSet {
                start: b.u16(0),
                end: b.u16(2),
                stop: b.0[4] != 0,
                enabled: b.0[5] != 0,
                op,
                temporary: b.0[7] != 0,
                memspace,
            }
        }
        CHECKPOINT_LIST => Command::CheckpointList,
        CHECKPOINT_TOGGLE => {
            b.need(5)?;
            Command::CheckpointToggle(b.u32(0), b.0[4] != 0)
        }
        CONDITION_SET => {
            b.need(5)?;
            let len = usize::from(b.0[4]);
            b.need(5 + len)?;
            let text =
                std::str::from_utf8(&b.0[5..5 + len]).map_err(|_| Error::InvalidParameter)?;
            Command::ConditionSet(b.u32(0), text.to_string())
        }
        REGISTERS_GET | REGISTERS_AVAILABLE => {
            b.need(1)?;
            let m = Memspace::from_byte(b.0[0])?;
            if frame.kind == REGISTERS_GET {
                Command::RegistersGet(m)
            } else {
                Command::RegistersAvailable(m)
            }
        }
        REGISTERS_SET => {
            b.need(3)?;
            let count = usize::from(b.u16(1));
            b.need(3 + count * 4)?;
            let m = Memspace::from_byte(b.0[0])?;
            let mut at = 3;
            let mut regs = Vec::with_capacity(count);
            for _ in 0..count {
                b.need(at + 4)?;
                let size = usize::from(b.0[at]);
                if size < 3 {
                    return Err(Error::InvalidLength);
                }
                regs.push((b.0[at + 1], b.u16(at + 2)));
                at += size + 1;
            }
            Command::RegistersSet(m, regs)
        }
        ADVANCE_INSTRUCTIONS => {
            b.need(3)?;
            Command::Advance {
                step_over: b.0[0] != 0,
                count: b.u16(1),
            }
        }
        KEYBOARD_FEED => {
            if frame.api < 2 {
                return Err(Error::InvalidApiVersion);
            }
            b.need(1)?;
            let len = usize::from(b.0[0]);
            b.need(1 + len)?;
            Command::KeyboardFeed(b.0[1..1 + len].to_vec())
        }
        EXECUTE_UNTIL_RETURN => Command::ExecuteUntilReturn,
        PING => Command::Ping,
        BANKS_AVAILABLE => Command::BanksAvailable,
        DISPLAY_GET => {
            if frame.api < 2 {
                return Err(Error::InvalidApiVersion);
            }
            b.need(2)?;
            if b.0[1] != 0 {
                return Err(Error::InvalidParameter);
            }
            Command::DisplayGet { vic: b.0[0] != 0 }
        }
        VICE_INFO => Command::ViceInfo,
        PALETTE_GET => {
            b.need(1)?;
            Command::PaletteGet
        }
        JOYPORT_SET => {
            b.need(4)?;
            Command::JoyportSet {
                port: b.u16(0),
                value: b.u16(2),
            }
        }
        USERPORT_SET => {
            b.need(2)?;
            Command::UserportSet(b.u16(0))
        }
        EXIT => Command::Exit,
        QUIT => Command::Quit,
        RESET => {
            b.need(1)?;
            Command::Reset(b.0[0])
        }
        AUTOSTART => {
            b.need(4)?;
            let len = usize::from(b.0[3]);
            b.need(4 + len)?;
            Command::Autostart {
                run: b.0[0] != 0,
                index: b.u16(1),
                name: c_string(&b.0[4..4 + len]).to_vec(),
            }
        }
        DUMP => {
            b.need(2)?;
            let (name, _) = prefixed(&b, 2)?;
            Command::Dump {
                roms: b.0[0] != 0,
                disks: b.0[1] != 0,
                name: c_string(name).to_vec(),
            }
        }
        UNDUMP => {
            let (name, _) = prefixed(&b, 0)?;
            Command::Undump(c_string(name).to_vec())
        }
        RESOURCE_GET => {
            let (name, _) = prefixed(&b, 0)?;
            if name.is_empty() {
                return Err(Error::InvalidLength);
            }
            Command::ResourceGet(text(name)?)
        }
        RESOURCE_SET => {
            b.need(1)?;
            let (name, next) = prefixed(&b, 1)?;
            let (value, _) = prefixed(&b, next)?;
            if name.is_empty() || value.is_empty() {
                return Err(Error::InvalidLength);
            }
            let value = match b.0[0] {
                resource_type::STRING => ResourceValue::Str(text(value)?),
                resource_type::INT => ResourceValue::Int(match *value {
                    [v] => v.into(),
                    [lo, hi] => u16::from_le_bytes([lo, hi]).into(),
                    [a, b, c, d] => u32::from_le_bytes([a, b, c, d]),
                    _ => return Err(Error::InvalidLength),
                }),
                _ => return Err(Error::InvalidParameter),
            };
            Command::ResourceSet(text(name)?, value)
        }
        CPUHISTORY_GET => {
            b.need(5)?;
            let count = b.u32(1);
            if count == 0 {
                return Err(Error::InvalidParameter);
            }
            Command::CpuHistory {
                memspace: Memspace::from_byte(b.0[0])?,
                count,
            }
        }
        _ => return Err(Error::InvalidType),
    };
    Ok(cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(kind: u8, body: &[u8]) -> Frame {
        Frame {
            api: 2,
            request_id: 1,
            kind,
            body: body.to_vec(),
        }
    }

    #[test]
    fn memory_get_and_set_read_their_fields() {
        assert_eq!(
            decode(&frame(kind::MEM_GET, &[1, 0xFC, 0xFF, 0xFD, 0xFF, 0, 2, 0])),
            Ok(Command::MemGet {
                side_effects: true,
                start: 0xFFFC,
                end: 0xFFFD,
                memspace: Memspace::Computer,
                bank: 2
            })
        );
        assert_eq!(
            decode(&frame(
                kind::MEM_SET,
                &[0, 0x00, 0x10, 0x01, 0x10, 0, 0, 0, 0xAA, 0xBB]
            )),
            Ok(Command::MemSet {
                side_effects: false,
                start: 0x1000,
                memspace: Memspace::Computer,
                bank: 0,
                data: vec![0xAA, 0xBB]
            })
        );
    }

    #[test]
    fn short_bodies_bad_ranges_and_memspaces_are_errors() {
        let short = decode(&frame(
            kind::MEM_SET,
            &[0, 0x00, 0x10, 0x02, 0x10, 0, 0, 0, 1],
        ));
        assert_eq!(short, Err(Error::InvalidLength));
        let backwards = decode(&frame(kind::MEM_GET, &[0, 2, 0, 1, 0, 0, 0, 0]));
        assert_eq!(backwards, Err(Error::InvalidParameter));
        let space = decode(&frame(kind::REGISTERS_GET, &[9]));
        assert_eq!(space, Err(Error::InvalidMemspace));
        assert_eq!(
            decode(&frame(kind::CHECKPOINT_GET, &[1, 0])),
            Err(Error::InvalidLength)
        );
        assert_eq!(decode(&frame(0x99, &[])), Err(Error::InvalidType));
    }

    #[test]
    fn checkpoint_set_memspace_is_optional() {
        let c = decode(&frame(
            kind::CHECKPOINT_SET,
            &[0xE2, 0xFC, 0xE3, 0xFC, 1, 1, 4, 1],
        ));
        assert_eq!(
            c,
            Ok(Command::CheckpointSet {
                start: 0xFCE2,
                end: 0xFCE3,
                stop: true,
                enabled: true,
                op: Op::EXEC,
                temporary: true,
                memspace: Memspace::Computer
            })
        );
    }

    #[test]
    fn registers_set_walks_items_by_their_size() {
        let body = [0, 2, 0, 3, 0, 0xBE, 0, 4, 1, 0xEF, 0, 0xFF];
        assert_eq!(
            decode(&frame(kind::REGISTERS_SET, &body)),
            Ok(Command::RegistersSet(
                Memspace::Computer,
                vec![(0, 0xBE), (1, 0xEF)]
            ))
        );
    }

    #[test]
    fn dump_undump_and_resources_read_their_fields() {
        let mut dump = vec![1, 0, 9];
        dump.extend(b"/dev/null");
        assert_eq!(
            decode(&frame(kind::DUMP, &dump)),
            Ok(Command::Dump {
                roms: true,
                disks: false,
                name: b"/dev/null".to_vec()
            })
        );
        // A fixed-size name field, NUL-terminated within it (as binmontest sends it).
        assert_eq!(
            decode(&frame(kind::UNDUMP, &[4, b'a', b'b', 0, b' '])),
            Ok(Command::Undump(b"ab".to_vec()))
        );
        assert_eq!(
            decode(&frame(kind::UNDUMP, &[4, b'a'])),
            Err(Error::InvalidLength)
        );
        let mut set = vec![1, 15];
        set.extend(b"VICIIBorderMode");
        set.extend([2, 2, 0]);
        assert_eq!(
            decode(&frame(kind::RESOURCE_SET, &set)),
            Ok(Command::ResourceSet(
                "VICIIBorderMode".into(),
                ResourceValue::Int(2)
            ))
        );
        let mut bad = vec![1, 4];
        bad.extend(b"Warp");
        bad.extend([3, 1, 0, 0]);
        assert_eq!(
            decode(&frame(kind::RESOURCE_SET, &bad)),
            Err(Error::InvalidLength)
        );
        assert_eq!(
            decode(&frame(kind::RESOURCE_GET, &[4, b'W', b'a', b'r', b'p'])),
            Ok(Command::ResourceGet("Warp".into()))
        );
        assert_eq!(
            decode(&frame(kind::CPUHISTORY_GET, &[0, 10, 0, 0, 0])),
            Ok(Command::CpuHistory {
                memspace: Memspace::Computer,
                count: 10
            })
        );
        assert_eq!(
            decode(&frame(kind::CPUHISTORY_GET, &[0, 0, 0, 0, 0])),
            Err(Error::InvalidParameter)
        );
    }

    #[test]
    fn keyboard_feed_needs_api_2() {
        let mut f = frame(kind::KEYBOARD_FEED, &[2, b'A', b'B']);
        assert_eq!(decode(&f), Ok(Command::KeyboardFeed(b"AB".to_vec())));
        f.api = 1;
        assert_eq!(decode(&f), Err(Error::InvalidApiVersion));
    }
}
