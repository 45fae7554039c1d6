//! Snapshot files: the whole state of a machine in a file, to go on from later (the
//! binary monitor's dump and undump). The file is c64kit's own, not VICE's:
//!
//! | bytes | what |
//! |---|---|
//! | 16 | `C64KIT-SNAPSHOT` and a NUL |
//! | 2 | the format's version (little-endian) |
//! | 8 | FNV-1a checksum of the ROM images (BASIC, KERNAL, character ROM) |
//! | 4 | the state's length |
//! | n | the state: the CPU's registers and clock, the machine's counters, then the bus (RAM, colour RAM, the processor port, VIC-II, SID, both CIAs, keyboard and joysticks, the typing queue, the expansion port's devices) as `c64state` writes them |
//! | 8 | FNV-1a checksum of everything before it |
//!
//! What is not in it: the ROM images (the machine loading it must have the same ones:
//! their checksum says so), the disk (as with a real drive, what was saved stays
//! saved), the cartridge and expansion devices themselves (their state is; the machine
//! loading it must have the same ones plugged in), and what a run watches (trace,
//! watch, coverage). A file with another version, another machine's ROMs, or a wrong
//! checksum is refused with the reason, and the machine is left as it was.

use std::fmt;

use c64state::{Persist, Reader, Writer};

use crate::Machine;

/// The file's first bytes.
pub const MAGIC: &[u8; 16] = b"C64KIT-SNAPSHOT\0";
/// The format's version: raised whenever the state's layout changes (a field added
/// to a chip changes it).
pub const VERSION: u16 = 2;

/// Why a snapshot file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not a c64kit snapshot file.
    NotASnapshot,
    /// A snapshot of another version of the format.
    Version(u16),
    /// Made on a machine with other ROMs.
    OtherRoms,
    /// The checksum does not match: the file is damaged.
    Checksum,
    /// The state itself is damaged or is another machine's (devices).
    State(c64state::Error),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::NotASnapshot => write!(f, "not a c64kit snapshot file"),
            StateError::Version(v) => write!(
                f,
                "a snapshot of format version {v}; this c64kit reads version {VERSION}"
            ),
            StateError::OtherRoms => write!(
                f,
                "the snapshot was made with other ROMs (KERNAL, BASIC or character ROM)"
            ),
            StateError::Checksum => write!(f, "the snapshot file is damaged (checksum)"),
            StateError::State(e) => write!(f, "the snapshot's state: {e}"),
        }
    }
}

impl std::error::Error for StateError {}

/// FNV-1a, 64 bits: a checksum against damage, not against tampering.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

fn roms_checksum(m: &Machine) -> u64 {
    let roms = &m.cpu.memory.roms;
    let mut all = Vec::with_capacity(0x5000);
    all.extend_from_slice(&roms.basic[..]);
    all.extend_from_slice(&roms.kernal[..]);
    all.extend_from_slice(&roms.chargen[..]);
    all.push(u8::from(roms.real));
    fnv(&all)
}

impl Machine {
    /// The machine's whole state as a snapshot file's bytes.
    pub fn save_state(&self) -> Vec<u8> {
        let mut state = Writer::default();
        self.save_parts(&mut state);
        let mut out = Vec::with_capacity(state.bytes.len() + 38);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&roms_checksum(self).to_le_bytes());
        out.extend_from_slice(&(state.bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&state.bytes);
        let sum = fnv(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Go on from a snapshot file's state. On an error the machine is unchanged.
    pub fn load_state(&mut self, bytes: &[u8]) -> Result<(), StateError> {
        let header = MAGIC.len() + 2 + 8 + 4;
        if bytes.len() < header + 8 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(StateError::NotASnapshot);
        }
        let mut r = Reader::new(&bytes[MAGIC.len()..]);
        let take = |r: &mut Reader<'_>| -> Result<u64, StateError> {
            let mut v = 0u64;
            v.load(r).map_err(StateError::State)?;
            Ok(v)
        };
        let mut version = 0u16;
        version.load(&mut r).map_err(StateError::State)?;
        if version != VERSION {
            return Err(StateError::Version(version));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if fnv(body).to_le_bytes() != sum {
            return Err(StateError::Checksum);
        }
        if take(&mut r)? != roms_checksum(self) {
            return Err(StateError::OtherRoms);
        }
        let mut len = 0u32;
        len.load(&mut r).map_err(StateError::State)?;
        if len as usize != bytes.len() - header - 8 {
            return Err(StateError::State(c64state::Error::Truncated));
        }
        let state = r.take(len as usize).map_err(StateError::State)?;
        let mut next = self.clone();
        let mut r = Reader::new(state);
        next.load_parts(&mut r).map_err(StateError::State)?;
        if r.remaining() != 0 {
            return Err(StateError::State(c64state::Error::Invalid(
                "bytes after the state",
            )));
        }
        // The watch is the debugger's, not the machine's: it stays as it was.
        next.cpu.memory.watching = self.cpu.memory.watching.take();
        *self = next;
        Ok(())
    }

    fn save_parts(&self, w: &mut Writer) {
        // The mos6502 core's own interrupt and wait state are unused: c64emu runs the
        // interrupt sequence itself (cpu/exact.rs).
        let r = &self.cpu.registers;
        (r.accumulator, r.index_x, r.index_y).save(w);
        (r.stack_pointer.0, r.program_counter, r.status.bits()).save(w);
        self.cpu.cycles.save(w);
        let Machine {
            cpu,
            input,
            iec,
            exec,
            symbols: _,
            traps: _,
            trace: _,
            observer: _,
            call_trap,
            instructions,
        } = self;
        input.save(w);
        iec.save(w);
        exec.save(w);
        call_trap.save(w);
        instructions.save(w);
        cpu.memory.save(w);
    }

    fn load_parts(&mut self, r: &mut Reader<'_>) -> Result<(), c64state::Error> {
        let mut regs = (0u8, 0u8, 0u8);
        let mut more = (0u8, 0u16, 0u8);
        regs.load(r)?;
        more.load(r)?;
        let cpu = &mut self.cpu.registers;
        (cpu.accumulator, cpu.index_x, cpu.index_y) = regs;
        cpu.stack_pointer.0 = more.0;
        cpu.program_counter = more.1;
        cpu.status = mos6502::registers::Status::from_bits_truncate(more.2);
        self.cpu.cycles.load(r)?;
        let Machine {
            cpu,
            input,
            iec,
            exec,
            symbols: _,
            traps: _,
            trace: _,
            observer: _,
            call_trap,
            instructions,
        } = self;
        input.load(r)?;
        iec.load(r)?;
        exec.load(r)?;
        call_trap.load(r)?;
        instructions.load(r)?;
        cpu.memory.load(r)
    }
}
