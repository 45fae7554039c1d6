//! The emulator's own stub ROM images and the table of addresses the step loop must look at.
//!
//! The real ROMs are not shipped. The stub KERNAL holds the hardware vectors, the jump-table
//! entries that the emulator implements (as the real `JMP`/`JMP (vector)` instructions, so
//! programs that hook the RAM vectors still work) and the few real 6502 sequences around
//! the IRQ handler. Every other ROM address is a trap: reaching it with the ROM banked in
//! runs a native routine (see `kernal.rs`) or stops the run as an unimplemented entry.

use std::sync::OnceLock;

/// Where RTS from the SYS lands: BASIC's READY. Reaching it means "returned to BASIC".
pub const BASIC_READY: u16 = 0xA474;
/// Other BASIC re-entry points programs jump to when they quit.
pub const BASIC_NEWSTT: u16 = 0xA7AE;
pub const BASIC_WARM_START: u16 = 0xE37B;
pub const BASIC_COLD_START: u16 = 0xE394;
pub const STROUT: u16 = 0xAB1E;
pub const LINPRT: u16 = 0xBDCD;

/// The return address `Machine::call` pushes (RTS lands here; matched with SP).
pub const CALL_SENTINEL: u16 = 0xFF00;

// Native KERNAL routines (real C64 addresses of the implementations).
pub const IOBASE_IMPL: u16 = 0xE500;
pub const SCREEN_IMPL: u16 = 0xE505;
pub const PLOT_IMPL: u16 = 0xE50A;
pub const CLEAR_SCREEN: u16 = 0xE544;
pub const HOME_CURSOR: u16 = 0xE566;
pub const SET_LINE_POINTERS: u16 = 0xE56C;
pub const PRINT_TO_SCREEN: u16 = 0xE716;
pub const IRQ_HANDLER: u16 = 0xEA31;
pub const SCNKEY_IMPL: u16 = 0xEA87;
pub const GETIN_IMPL: u16 = 0xF13E;
pub const CHRIN_IMPL: u16 = 0xF157;
pub const CHROUT_IMPL: u16 = 0xF1CA;
pub const CLALL_IMPL: u16 = 0xF32F;
pub const CLRCHN_IMPL: u16 = 0xF333;
pub const RDTIM_IMPL: u16 = 0xF6DD;
pub const SETTIM_IMPL: u16 = 0xF6E4;
pub const STOP_IMPL: u16 = 0xF6ED;
pub const READST_IMPL: u16 = 0xFE07;
pub const BRK_HANDLER: u16 = 0xFE66;
pub const NMI_HANDLER: u16 = 0xFE47;
pub const RESET_HANDLER: u16 = 0xFCE2;
pub const IRQ_ENTRY: u16 = 0xFF48;
pub const IRQ_EXIT_ACK: u16 = 0xEA7E;
pub const IRQ_EXIT: u16 = 0xEA81;

/// Default RAM vectors $0314-$0333 after the KERNAL cold start.
pub const RAM_VECTORS: [u16; 16] = [
    IRQ_HANDLER,
    BRK_HANDLER,
    NMI_HANDLER,
    0xF34A,
    0xF291,
    0xF20E,
    0xF250,
    CLRCHN_IMPL,
    CHRIN_IMPL,
    CHROUT_IMPL,
    STOP_IMPL,
    GETIN_IMPL,
    CLALL_IMPL,
    BRK_HANDLER,
    0xF4A5,
    0xF5ED,
];

/// Implemented KERNAL jump-table entries and the instruction the real ROM has there.
const JUMP_TABLE: &[(u16, [u8; 3])] = &[
    (0xFF9F, jmp(SCNKEY_IMPL)),
    (0xFFB7, jmp(READST_IMPL)),
    (0xFFCC, jmp_ind(0x0322)),
    (0xFFCF, jmp_ind(0x0324)),
    (0xFFD2, jmp_ind(0x0326)),
    (0xFFDB, jmp(SETTIM_IMPL)),
    (0xFFDE, jmp(RDTIM_IMPL)),
    (0xFFE1, jmp_ind(0x0328)),
    (0xFFE4, jmp_ind(0x032A)),
    (0xFFE7, jmp_ind(0x032C)),
    (0xFFED, jmp(SCREEN_IMPL)),
    (0xFFF0, jmp(PLOT_IMPL)),
    (0xFFF3, jmp(IOBASE_IMPL)),
];

/// Real KERNAL code kept verbatim: the IRQ/BRK entry and the IRQ exits.
const REAL_CODE: &[(u16, &[u8])] = &[
    (
        IRQ_ENTRY,
        &[
            0x48, 0x8A, 0x48, 0x98, 0x48, 0xBA, 0xBD, 0x04, 0x01, 0x29, 0x10, 0xF0, 0x03, 0x6C,
            0x16, 0x03, 0x6C, 0x14, 0x03,
        ],
    ),
    (
        IRQ_EXIT_ACK,
        &[0xAD, 0x0D, 0xDC, 0x68, 0xA8, 0x68, 0xAA, 0x68, 0x40],
    ),
];

const fn jmp(target: u16) -> [u8; 3] {
    [0x4C, target as u8, (target >> 8) as u8]
}
const fn jmp_ind(vector: u16) -> [u8; 3] {
    [0x6C, vector as u8, (vector >> 8) as u8]
}

pub struct Roms {
    pub basic: [u8; 0x2000],
    pub kernal: [u8; 0x2000],
    pub chargen: [u8; 0x1000],
}

impl Roms {
    pub fn new(chargen: &[u8; 0x1000]) -> Roms {
        let mut basic = [0u8; 0x2000];
        let mut kernal = [0u8; 0x2000];
        let mut put = |addr: u16, bytes: &[u8]| {
            for (i, &b) in bytes.iter().enumerate() {
                let a = addr as usize + i;
                if a >= 0xE000 {
                    kernal[a - 0xE000] = b;
                } else {
                    basic[a - 0xA000] = b;
                }
            }
        };
        put(0xA000, &BASIC_COLD_START.to_le_bytes());
        put(0xA002, &BASIC_WARM_START.to_le_bytes());
        for &(addr, bytes) in JUMP_TABLE {
            put(addr, &bytes);
        }
        for &(addr, bytes) in REAL_CODE {
            put(addr, bytes);
        }
        put(0xFFFA, &NMI_HANDLER.to_le_bytes());
        put(0xFFFC, &RESET_HANDLER.to_le_bytes());
        put(0xFFFE, &IRQ_ENTRY.to_le_bytes());
        Roms {
            basic,
            kernal,
            chargen: *chargen,
        }
    }
}

/// One byte per address: non-zero where the step loop must stop and look (ROM areas
/// except the real code above). Shared by all machines.
pub fn trap_flags() -> &'static [u8; 0x10000] {
    static FLAGS: OnceLock<Box<[u8; 0x10000]>> = OnceLock::new();
    FLAGS.get_or_init(|| {
        let mut f = Box::new([0u8; 0x10000]);
        f[0xA000..0xC000].fill(1);
        f[0xE000..].fill(1);
        for &(addr, _) in JUMP_TABLE {
            f[addr as usize..addr as usize + 3].fill(0);
        }
        for &(addr, bytes) in REAL_CODE {
            f[addr as usize..addr as usize + bytes.len()].fill(0);
        }
        f
    })
}

/// Name of the routine at a native entry (for traces).
pub fn native_name(pc: u16) -> &'static str {
    match pc {
        CHROUT_IMPL => "CHROUT",
        PRINT_TO_SCREEN => "PRINT ($E716)",
        GETIN_IMPL => "GETIN",
        CHRIN_IMPL => "CHRIN",
        SCNKEY_IMPL => "SCNKEY",
        PLOT_IMPL => "PLOT",
        SCREEN_IMPL => "SCREEN",
        RDTIM_IMPL => "RDTIM",
        SETTIM_IMPL => "SETTIM",
        STOP_IMPL => "STOP",
        CLALL_IMPL => "CLALL",
        CLRCHN_IMPL => "CLRCHN",
        READST_IMPL => "READST",
        IOBASE_IMPL => "IOBASE",
        CLEAR_SCREEN => "CLEAR SCREEN ($E544)",
        HOME_CURSOR => "HOME ($E566)",
        SET_LINE_POINTERS => "SET LINE ($E56C)",
        IRQ_HANDLER => "IRQ ($EA31)",
        STROUT => "STROUT ($AB1E)",
        LINPRT => "LINPRT ($BDCD)",
        _ => "?",
    }
}
