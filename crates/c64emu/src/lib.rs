//! c64emu: a headless C64-subset machine and test harness (see docs/emulator.md and
//! docs/harness.md).
//!
//! The CPU is the `mos6502` crate's NMOS core over [`bus::C64Bus`]: 64 KiB RAM, processor
//! port banking, the emulator's own stub ROMs whose KERNAL entries run as native Rust
//! routines, and a VIC-II/CIA subset.

pub mod bus;
pub mod charset;
mod cpu_fixes;
pub mod disasm;
mod editor;
pub mod io;
mod kernal;
mod loader;
mod machine;
pub mod petscii;
pub mod render;
pub mod rom;
mod trace;
pub mod unicode;

pub use bus::StrictViolation;
pub use loader::{LoadError, Loaded, find_sys};
pub use machine::{CallResult, Machine, Regs, Snapshot, Stop, Target};
pub use trace::Trace;
