//! .prg loading and finding the `SYS n` line of a BASIC stub.

use std::fmt;

/// Where a program was loaded. `end` is exclusive.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Loaded {
    /// First address loaded.
    pub start: u16,
    /// One past the last address loaded.
    pub end: u32,
    /// The address in the `SYS n` line, when the program holds a BASIC stub at $0801.
    pub sys: Option<u16>,
}

/// Why a program cannot be loaded or started.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// A .prg needs at least its 2-byte load address.
    TooShort {
        /// The file's length.
        len: usize,
    },
    /// The data would run past $FFFF.
    PastEnd {
        /// Load address.
        start: u16,
        /// Bytes to load.
        len: usize,
    },
    /// Autostart needs a `SYS n` line at $0801.
    NoSysLine,
    /// The program at $0801 is BASIC without a `SYS n` line: it needs the BASIC ROM.
    NeedsBasic,
    /// Reading the file or assembling it failed.
    File(String),
    /// A file the emulator cannot run yet (what it is, and why).
    Unsupported(String),
    /// A .p00, .t64 or .d64 that holds no program to load (what is wrong).
    BadContainer(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::TooShort { len } => write!(
                f,
                "not a .prg: {len} byte(s), but a .prg starts with a 2-byte load address"
            ),
            LoadError::PastEnd { start, len } => write!(
                f,
                "{len} bytes loaded at ${start:04X} would run past $FFFF (end ${:X})",
                u32::from(*start) + *len as u32
            ),
            LoadError::NoSysLine => write!(
                f,
                "no BASIC line with SYS at $0801 to autostart; give the entry with --start ADDR"
            ),
            LoadError::NeedsBasic => write!(
                f,
                "a BASIC program (its first line at $0801 has no SYS): it needs BASIC, which \
                 the stub KERNAL does not have; run it on your C64 ROMs with --roms DIR \
                 (or $C64KIT_ROMS)"
            ),
            LoadError::File(msg) => f.write_str(msg),
            LoadError::Unsupported(what) => write!(f, "this is {what}"),
            LoadError::BadContainer(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for LoadError {}

pub(crate) fn split_prg(prg: &[u8]) -> Result<(u16, &[u8]), LoadError> {
    match prg {
        [lo, hi, data @ ..] => Ok((u16::from_le_bytes([*lo, *hi]), data)),
        _ => Err(LoadError::TooShort { len: prg.len() }),
    }
}

/// Exclusive end address, or an error if the bytes don't fit below $10000.
pub(crate) fn check_range(start: u16, len: usize) -> Result<u32, LoadError> {
    let end = u32::from(start) as usize + len;
    if end > 0x1_0000 {
        return Err(LoadError::PastEnd { start, len });
    }
    Ok(end as u32)
}

const SYS_TOKEN: u8 = 0x9E;
const BASIC_START: usize = 0x0801;

/// Does a load of `len` bytes at `start` begin BASIC's program text ($0801 and the line
/// link after it)? A program saved from $0801, or from $0800 with the zero byte BASIC
/// keeps before its text, does; an image loaded from lower down (zero page, the stack)
/// is machine code that merely covers $0801, and its zero page must stay as loaded.
pub fn holds_basic_start(start: u16, len: usize) -> bool {
    let start = usize::from(start);
    (BASIC_START - 1..=BASIC_START).contains(&start) && start + len >= BASIC_START + 2
}

/// Is there a BASIC line at $0801 (a non-zero link) that [`find_sys`] finds no SYS in?
pub fn basic_without_sys(ram: &[u8]) -> bool {
    let link = ram
        .get(0x0801..0x0803)
        .map(|l| u16::from_le_bytes([l[0], l[1]]));
    matches!(link, Some(l) if l != 0) && find_sys(ram).is_none()
}

/// The number after SYS in the first BASIC line at $0801 (spaces and a '(' allowed).
pub fn find_sys(ram: &[u8]) -> Option<u16> {
    let link = u16::from_le_bytes([*ram.get(0x0801)?, *ram.get(0x0802)?]);
    if link == 0 {
        return None;
    }
    let mut i = 0x0805;
    let skip = |i: &mut usize, what: &[u8]| {
        while ram.get(*i).is_some_and(|b| what.contains(b)) {
            *i += 1;
        }
    };
    skip(&mut i, b" ");
    if *ram.get(i)? != SYS_TOKEN {
        return None;
    }
    i += 1;
    skip(&mut i, b" (");
    let mut n: u32 = 0;
    let mut digits = 0;
    while let Some(&b) = ram.get(i).filter(|b| b.is_ascii_digit()) {
        n = n * 10 + u32::from(b - b'0');
        if n > 0xFFFF {
            return None;
        }
        digits += 1;
        i += 1;
    }
    (digits > 0).then_some(n as u16)
}
