//! A Commodore 1541 disk drive for c64kit's emulator: a 6502 (the `mos6502` crate runs
//! the instructions), 2 KiB of RAM, two 6522 VIAs, the DOS ROM (supplied by the user),
//! the disk mechanism with GCR-encoded tracks, and the IEC serial bus to the C64.
//!
//! - `via`: the 6522, cycle by cycle;
//! - `disk`: the disk as bit cells on half tracks, from any image;
//! - `gcr`: GCR encoding and a .d64 image laid out as tracks;
//! - `g64`: the .g64 image (raw GCR bytes per half track);
//! - `p64`: the .p64 image (flux pulses per half track, range-coded);
//! - `mech`: rotation, the head stepper, SYNC, BYTE READY, reading and writing;
//! - `iec`: the serial bus lines and how each side sees them;
//! - `bus`: the drive's address space, VIA accesses placed at their cycles;
//! - `drive`: the whole drive, clocked in step with the C64.

pub mod bus;
pub mod disk;
pub mod drive;
pub mod g64;
pub mod gcr;
pub mod iec;
pub mod mech;
pub mod p64;
pub mod via;

pub use disk::{Disk, ImageKind, Track};
pub use drive::{DRIVE_HZ, Drive, DriveError};
pub use iec::Lines;
