//! c64emu: a headless C64 and a test harness (see docs/emulator.md and docs/harness.md).
//!
//! [`Machine`] is the whole computer: the `mos6502` crate's NMOS core over a bus with
//! 64 KiB RAM, processor-port banking, the VIC-II registers, two CIAs, the SID's
//! registers, the keyboard matrix and joysticks, and a virtual disk drive. It runs the
//! emulator's own stub KERNAL (native routines, no ROMs needed) or the user's ROMs
//! ([`RomSet`]). Tests load programs, call routines by label, type keys and look at
//! memory and the screen; front ends (`c64window`, `c64kit run`) show it.
#![warn(missing_docs)]

mod bus;
pub mod charset;
mod cia;
mod cpu_fixes;
mod disasm;
mod drive;
mod editor;
mod exec;
mod files;
mod iec;
mod input;
mod kernal;
mod keyboard;
mod keytext;
mod loader;
mod machine;
mod map;
pub mod petscii;
pub mod render;
mod rom;
mod roms;
mod screen;
mod sid;
mod trace;
mod typist;
pub mod unicode;
mod vic;

pub use bus::StrictViolation;
pub use drive::DiskError;
pub use keyboard::{Key, joy};
pub use keytext::KeyTextError;
pub use loader::{LoadError, Loaded, find_sys};
pub use machine::{CallResult, Machine, Regs, Snapshot, Stop, Target};
pub use roms::{RomError, RomSet};
pub use trace::Trace;

/// PAL timing: cycles per line and frame, the CPU clock.
pub mod timing {
    pub use crate::map::pal::{CLOCK_HZ, CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};
    pub use crate::typist::{GAP, HOLD};
}
