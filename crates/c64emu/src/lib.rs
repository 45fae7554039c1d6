//! c64emu: a headless C64-subset machine (see docs/emulator.md).
pub mod charset;
pub mod unicode;
