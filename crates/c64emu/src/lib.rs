//! c64emu: a headless C64 and a test harness (see docs/emulator.md and docs/harness.md).
//!
//! [`Machine`] is the whole computer: the `mos6502` crate's NMOS core over a bus with
//! 64 KiB RAM, processor-port banking, the VIC-II registers, two CIAs, the SID's
//! registers, the keyboard matrix and joysticks, and a virtual disk drive. It runs the
//! emulator's own stub KERNAL (native routines, no ROMs needed) or the user's ROMs
//! ([`RomSet`]). Tests load programs, call routines by label, type keys and look at
//! memory and the screen; front ends (`c64window`, `c64kit run`) show it.

mod bus;
pub mod charset;
mod cia;
mod cpu;
pub mod disasm;
mod drive;
mod editor;
mod exec;
pub mod expansion;
mod files;
mod formats;
mod iec;
mod input;
mod kernal;
mod keyboard;
mod keytext;
mod loader;
mod machine;
mod map;
mod observer;
pub mod petscii;
mod power_on;
pub mod render;
mod rom;
mod roms;
mod screen;
mod sid;
mod state_file;
#[cfg(test)]
mod test_rng;
mod trace;
mod true_drive;
mod typist;
pub mod unicode;
mod vic;
pub mod watch;

pub use bus::StrictViolation;
pub use c64drive::ImageKind;
pub use c64sid::ChipModel as SidModel;
pub use cia::CiaModel;
pub use drive::DiskError;
pub use formats::{Content, first_disk_program, identify};
pub use keyboard::{Key, joy};
pub use keytext::KeyTextError;
pub use loader::{LoadError, Loaded, basic_without_sys, find_sys, holds_basic_start};
pub use machine::{CallResult, Machine, Regs, Snapshot, Stop, Target};
pub use observer::Observer;
pub use roms::{RomError, RomSet};
pub use state_file::StateError;
pub use trace::{Trace, TraceNotes};
pub use vic::Model as VicModel;
pub use watch::{Access, Watch, WatchHit};

/// A routine the stub KERNAL runs natively (for documentation and tools).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StubRoutine {
    /// The KERNAL's name for it (CHROUT), or what it is (`IRQ ($EA31)`).
    pub name: &'static str,
    /// Where it runs: the real ROM's address of the routine.
    pub addr: u16,
    /// The jump-table entry that leads there, if any ($FFD2).
    pub jump: Option<u16>,
    /// The RAM vector that entry goes through, if any ($0326).
    pub vector: Option<u16>,
}

/// Every routine of the stub KERNAL and BASIC, in table order.
pub fn stub_routines() -> Vec<StubRoutine> {
    kernal::NATIVES
        .iter()
        .map(|n| {
            let (jump, vector) = match n.jump {
                kernal::Jump::None => (None, None),
                kernal::Jump::Direct(slot) => (Some(slot), None),
                kernal::Jump::Vector(slot, v) | kernal::Jump::Via(slot, _, v) => {
                    (Some(slot), Some(v))
                }
                kernal::Jump::VectorOnly(v) => (None, Some(v)),
            };
            StubRoutine {
                name: n.name,
                addr: n.addr,
                jump,
                vector,
            }
        })
        .collect()
}

/// PAL timing: cycles per line and frame, the CPU clock.
pub mod timing {
    pub use crate::map::pal::{CLOCK_HZ, CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};
    pub use crate::typist::{GAP, HOLD, IDLE, JOY_HOLD};

    /// Cycles a native stub routine is charged, its RTS included.
    pub const NATIVE_ROUTINE_CYCLES: u64 = crate::kernal::NATIVE_CYCLES + 6;
    /// Cycles that pass each time the stub CHRIN looks for a key and finds none.
    pub const WAIT_LOOK_CYCLES: u64 = crate::kernal::BLOCK_CYCLES;
    /// Cycles a bad line stops the CPU (BA low from cycle 12 to 54 of the line).
    pub const BADLINE_CYCLES: u64 = crate::vic::BADLINE_CYCLES;
    pub use crate::vic::sprite_dma_cycles;
    /// The KERNAL's CIA 1 timer A latch on PAL: one interrupt every latch + 1 cycles.
    pub const JIFFY_LATCH: u16 = crate::map::pal::JIFFY_LATCH;
}
