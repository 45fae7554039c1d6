//! ROM images and the per-address trap table of the step loop.
//!
//! Without the user's ROMs the machine runs on the emulator's own stub ROMs: the
//! hardware vectors, the KERNAL jump table as the real `JMP`/`JMP (vector)` instructions
//! (so programs that hook the RAM vectors still work), a few short 6502 sequences around
//! the interrupt entries, and zeros elsewhere. The routines themselves run as native
//! Rust (see `kernal.rs`, whose one table of routines builds the jump table, the RAM
//! vectors and the trap table). Every other stub ROM address is a trap that stops the
//! run as an unimplemented entry.
//!
//! With the user's ROMs (`RomSet`) the real code runs; the trap table then only marks the
//! serial-bus routines of a standard KERNAL (when a disk is attached: the virtual drive
//! answers there, as VICE's virtual device traps do) and the GETIN/CHRIN jump-table
//! entries (where the typist learns that the program wants a key).

use std::sync::{Arc, OnceLock};

use crate::kernal::{Jump, NATIVES};
use crate::map::rom::{BASIC, IRQ_VECTOR, KERNAL, NMI_VECTOR, RESET_VECTOR};
use crate::roms::RomSet;

/// Where the stub KERNAL's reset vector points (the real reset routine's address).
pub const RESET_HANDLER: u16 = 0xFCE2;
/// The IRQ/BRK entry: save registers, test B, `JMP ($0314)` or `JMP ($0316)`.
pub const IRQ_ENTRY: u16 = 0xFF48;
/// The NMI entry: `SEI`, `JMP ($0318)`.
pub const NMI_ENTRY: u16 = 0xFE43;
/// The IRQ handler's end: acknowledge CIA 1, restore registers, RTI.
pub const IRQ_EXIT_ACK: u16 = 0xEA7E;
/// LOAD's entry behind $FFD5: keep X/Y in $C3/$C4, `JMP ($0330)`.
pub const LOAD_ENTRY: u16 = 0xF49E;
/// SAVE's entry behind $FFD8: end address from X/Y, start from the zero-page pointer
/// A names, `JMP ($0332)`.
pub const SAVE_ENTRY: u16 = 0xF5DD;
/// The return address `Machine::call` pushes (RTS lands here; matched with SP).
pub const CALL_SENTINEL: u16 = 0xFF00;

/// Short 6502 sequences of the stub KERNAL (the emulator's own, doing what the real
/// KERNAL does at these addresses).
const STUB_CODE: &[(u16, &[u8])] = &[
    (
        IRQ_ENTRY,
        &[
            0x48, 0x8A, 0x48, 0x98, 0x48, // PHA TXA PHA TYA PHA
            0xBA, 0xBD, 0x04, 0x01, // TSX; LDA $0104,X (pushed P)
            0x29, 0x10, 0xF0, 0x03, // AND #$10; BEQ irq
            0x6C, 0x16, 0x03, // JMP ($0316)
            0x6C, 0x14, 0x03, // irq: JMP ($0314)
        ],
    ),
    (
        IRQ_EXIT_ACK,
        &[
            0xAD, 0x0D, 0xDC, // LDA $DC0D
            0x68, 0xA8, 0x68, 0xAA, 0x68, 0x40, // PLA TAY PLA TAX PLA RTI
        ],
    ),
    (NMI_ENTRY, &[0x78, 0x6C, 0x18, 0x03]), // SEI; JMP ($0318)
    (
        LOAD_ENTRY,
        &[0x86, 0xC3, 0x84, 0xC4, 0x6C, 0x30, 0x03], // STX $C3; STY $C4; JMP ($0330)
    ),
    (
        SAVE_ENTRY,
        &[
            0x86, 0xAE, 0x84, 0xAF, // STX $AE; STY $AF
            0xAA, 0xB5, 0x00, 0x85, 0xC1, // TAX; LDA $00,X; STA $C1
            0xB5, 0x01, 0x85, 0xC2, // LDA $01,X; STA $C2
            0x6C, 0x32, 0x03, // JMP ($0332)
        ],
    ),
];

/// The three ROM images the CPU and the VIC see.
pub struct Roms {
    /// BASIC, $A000-$BFFF.
    pub basic: Box<[u8; 0x2000]>,
    /// KERNAL, $E000-$FFFF.
    pub kernal: Box<[u8; 0x2000]>,
    /// Character ROM.
    pub chargen: Box<[u8; 0x1000]>,
    /// The user's ROMs (true) or the stubs.
    pub real: bool,
}

impl Roms {
    /// The stub ROMs with `chargen` as the character ROM.
    pub fn stub(chargen: &[u8; 0x1000]) -> Roms {
        let mut basic = Box::new([0u8; 0x2000]);
        let mut kernal = Box::new([0u8; 0x2000]);
        let mut put = |addr: u16, bytes: &[u8]| {
            for (i, &b) in bytes.iter().enumerate() {
                let a = usize::from(addr) + i;
                if a >= usize::from(KERNAL) {
                    kernal[a - usize::from(KERNAL)] = b;
                } else {
                    basic[a - usize::from(BASIC)] = b;
                }
            }
        };
        put(BASIC, &crate::kernal::BASIC_COLD_START.to_le_bytes());
        put(BASIC + 2, &crate::kernal::BASIC_WARM_START.to_le_bytes());
        for n in NATIVES {
            match n.jump {
                Jump::Direct(slot) => put(slot, &jmp(n.addr)),
                Jump::Vector(slot, vector) => put(slot, &jmp_ind(vector)),
                Jump::Via(slot, entry, _) => put(slot, &jmp(entry)),
                Jump::VectorOnly(_) | Jump::None => {}
            }
        }
        for &(addr, bytes) in STUB_CODE {
            put(addr, bytes);
        }
        put(NMI_VECTOR, &NMI_ENTRY.to_le_bytes());
        put(RESET_VECTOR, &RESET_HANDLER.to_le_bytes());
        put(IRQ_VECTOR, &IRQ_ENTRY.to_le_bytes());
        Roms {
            basic,
            kernal,
            chargen: Box::new(*chargen),
            real: false,
        }
    }

    /// The user's ROMs.
    pub fn real(set: &RomSet) -> Roms {
        Roms {
            basic: Box::new(set.basic),
            kernal: Box::new(set.kernal),
            chargen: Box::new(set.chargen),
            real: true,
        }
    }

    /// A KERNAL byte (for checking trap addresses).
    fn kernal_at(&self, addr: u16) -> u8 {
        self.kernal[usize::from(addr - KERNAL)]
    }
}

const fn jmp(target: u16) -> [u8; 3] {
    [0x4C, target as u8, (target >> 8) as u8]
}
const fn jmp_ind(vector: u16) -> [u8; 3] {
    [0x6C, vector as u8, (vector >> 8) as u8]
}

/// The RAM vectors $0314-$0333 as the KERNAL's RESTOR sets them.
pub fn ram_vectors() -> [u16; 16] {
    let mut v = [0u16; 16];
    for n in NATIVES {
        let vector = match n.jump {
            Jump::Vector(_, vector) | Jump::Via(_, _, vector) | Jump::VectorOnly(vector) => vector,
            _ => continue,
        };
        let i = usize::from((vector - crate::map::ram::CINV) / 2);
        if i < 16 && v[i] == 0 {
            v[i] = n.addr;
        }
    }
    v
}

/// What the step loop does at an address (one byte per address).
pub type TrapTable = [u8; 0x10000];

/// Run the instruction.
pub const TRAP_NONE: u8 = 0;
/// A stub ROM address without a routine: stop the run.
pub const TRAP_UNIMPLEMENTED: u8 = 1;
/// `NATIVES[i]` is `TRAP_NATIVE + i`.
pub const TRAP_NATIVE: u8 = 2;
/// Real KERNAL: the serial routine sending a command under ATN ($ED24, byte in $95).
pub const TRAP_SERIAL_ATN: u8 = 0xF0;
/// Real KERNAL: the secondary address after LISTEN/TALK ($ED36).
pub const TRAP_SERIAL_SECONDARY: u8 = 0xF1;
/// Real KERNAL: send a data byte ($ED40).
pub const TRAP_SERIAL_SEND: u8 = 0xF2;
/// Real KERNAL: receive a data byte ($EE13).
pub const TRAP_SERIAL_RECEIVE: u8 = 0xF3;
/// Real KERNAL: wait for the bus to turn around ($EEA9).
pub const TRAP_SERIAL_READY: u8 = 0xF4;
/// The GETIN jump-table entry ($FFE4): the program asks for a key.
pub const TRAP_ASK_GETIN: u8 = 0xF8;
/// The CHRIN jump-table entry ($FFCF): the program reads a line or a file.
pub const TRAP_ASK_CHRIN: u8 = 0xF9;

/// The return address of `Machine::call` (checked against the call in progress).
pub const TRAP_CALL_RETURN: u8 = 0xFE;

/// Where the real KERNAL's serial traps resume: `CLI`, `RTS`.
pub const SERIAL_RESUME: u16 = 0xEDAB;

/// The real KERNAL's serial routines, the bytes expected there, and the trap. These
/// are the points VICE traps for its virtual devices; the bytes are checked so a
/// different KERNAL (JiffyDOS, a patched ROM) is not trapped where it differs.
const SERIAL_TRAPS: [(u16, [u8; 3], u8); 5] = [
    (0xED24, [0x20, 0x97, 0xEE], TRAP_SERIAL_ATN),
    (0xED36, [0x78, 0x20, 0x8E], TRAP_SERIAL_SECONDARY),
    (0xED40, [0x78, 0x20, 0x97], TRAP_SERIAL_SEND),
    (0xEE13, [0x78, 0xA9, 0x00], TRAP_SERIAL_RECEIVE),
    (0xEEA9, [0xAD, 0x00, 0xDD], TRAP_SERIAL_READY),
];

/// The trap table of the stub ROMs, shared by all stub machines.
pub fn stub_traps() -> Arc<TrapTable> {
    static TABLE: OnceLock<Arc<TrapTable>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let mut t: Box<TrapTable> = vec![TRAP_NONE; 0x10000]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("64 KiB"));
            t[usize::from(BASIC)..usize::from(crate::map::rom::BASIC_END)].fill(TRAP_UNIMPLEMENTED);
            t[usize::from(KERNAL)..].fill(TRAP_UNIMPLEMENTED);
            for n in NATIVES {
                if let Jump::Direct(slot) | Jump::Vector(slot, _) | Jump::Via(slot, _, _) = n.jump {
                    t[usize::from(slot)..usize::from(slot) + 3].fill(TRAP_NONE);
                }
            }
            for &(addr, bytes) in STUB_CODE {
                t[usize::from(addr)..usize::from(addr) + bytes.len()].fill(TRAP_NONE);
            }
            for (i, n) in NATIVES.iter().enumerate() {
                t[usize::from(n.addr)] = TRAP_NATIVE + i as u8;
            }
            Arc::from(t)
        })
        .clone()
}

/// The trap table for real ROMs: serial traps when `disk` is attached and the KERNAL
/// has the standard serial routines (false returned when it does not), and the
/// GETIN/CHRIN observation points.
pub fn rom_traps(roms: &Roms, disk: bool) -> (Arc<TrapTable>, bool) {
    let mut t: Box<TrapTable> = vec![TRAP_NONE; 0x10000]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("64 KiB"));
    let standard = SERIAL_TRAPS
        .iter()
        .all(|&(addr, bytes, _)| (0..3).all(|i| roms.kernal_at(addr + i) == bytes[usize::from(i)]))
        && roms.kernal_at(SERIAL_RESUME) == 0x58
        && roms.kernal_at(SERIAL_RESUME + 1) == 0x60;
    if disk && standard {
        for &(addr, _, trap) in &SERIAL_TRAPS {
            t[usize::from(addr)] = trap;
        }
    }
    for (name, trap) in [("GETIN", TRAP_ASK_GETIN), ("CHRIN", TRAP_ASK_CHRIN)] {
        let Some((slot, vector)) = crate::kernal::vectored_entry(name) else {
            continue;
        };
        let [lo, hi] = vector.to_le_bytes();
        if roms.kernal_at(slot) == 0x6C
            && roms.kernal_at(slot + 1) == lo
            && roms.kernal_at(slot + 2) == hi
        {
            t[usize::from(slot)] = trap;
        }
    }
    // `Machine::call` returns through here; in the stub ROMs it is a trap anyway.
    t[usize::from(CALL_SENTINEL)] = TRAP_CALL_RETURN;
    (Arc::from(t), standard)
}
