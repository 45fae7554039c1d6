//! The drive mechanism and its read/write electronics: the disk turning at 300 rpm
//! under the head, the stepper moving the head by half tracks, the read shift register
//! with SYNC detection, the byte counter that signals BYTE READY, and writing.
//!
//! Bits pass under the head at the rate they were written (a track's bit cells fill
//! one 200 ms revolution, whatever their number); the read electronics recover them
//! at that rate whatever the density setting, as the 1541's clock recovery does for the
//! zone the track was written in. Writing replaces bits at the same rate.

/// Drive cycles (1 MHz) per revolution at 300 rpm.
pub const REVOLUTION: u64 = 200_000;

pub use crate::disk::HALF_TRACKS;
use crate::disk::{Disk, Track};
use crate::gcr::TRACK_BYTES;

/// What the electronics did in one cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Signals {
    /// A byte was completed (BYTE READY).
    pub byte_ready: bool,
}

/// The disk, the head and the read/write circuit.
#[derive(Clone, Debug)]
pub struct Mechanism {
    /// The bit cells of each half track.
    disk: Disk,
    /// A disk is in the drive.
    inserted: bool,
    write_protected: bool,
    /// Current half track.
    half_track: usize,
    /// The stepper phase last driven (VIA 2 PB0-1).
    phase: u8,
    /// Bit position under the head, and the fraction of a bit cell gone by
    /// (in units of 1 / REVOLUTION of a cell).
    bit: usize,
    frac: u64,
    /// The last 10 bits read (SYNC: all ones).
    shift: u16,
    /// Bits since the last byte boundary.
    bits: u8,
    /// The byte the read circuit latched last.
    data: u8,
    /// The byte being written, shifted out from bit 7.
    write_shift: u8,
    /// The disk was written to since it was inserted.
    dirty: bool,
}

impl Default for Mechanism {
    fn default() -> Self {
        Mechanism::new()
    }
}

impl Mechanism {
    /// An empty drive, head on track 18 (where the DOS leaves it).
    pub fn new() -> Mechanism {
        Mechanism {
            disk: Disk::unformatted(),
            inserted: false,
            write_protected: false,
            half_track: 34,
            phase: 0,
            bit: 0,
            frac: 0,
            shift: 0,
            bits: 0,
            data: 0,
            write_shift: 0,
            dirty: false,
        }
    }

    /// Put a disk in.
    pub fn insert(&mut self, disk: Disk, write_protected: bool) {
        self.disk = disk;
        self.inserted = true;
        self.write_protected = write_protected;
        self.bit = 0;
        self.dirty = false;
    }

    /// Take the disk out.
    pub fn eject(&mut self) {
        self.disk = Disk::unformatted();
        self.inserted = false;
    }

    /// The bit cells of `half_track` (for tests and saving).
    pub fn track(&self, half_track: usize) -> &Track {
        self.disk.half_track(half_track)
    }

    /// The disk as it is now, with what was written to it.
    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    /// The half track under the head (0: track 1).
    pub fn half_track(&self) -> usize {
        self.half_track
    }

    /// Has the disk been written?
    pub fn dirty(&self) -> bool {
        self.dirty
    }

    /// The write-protect sensor (VIA 2 PB4): low when the disk is protected or no disk is in
    /// (the light barrier is then open... on a real drive an empty drive reads
    /// unprotected; the DOS never writes without a disk anyway).
    pub fn write_protect_line(&self) -> bool {
        !(self.inserted && self.write_protected)
    }

    /// The stepper motor phases from VIA 2 PB0-1: one phase on moves the head half a
    /// track in or out.
    /// The disk keeps turning under the moving head: the new track is entered at the
    /// same angle, whatever its length.
    pub fn step_to(&mut self, phase: u8) {
        let phase = phase & 3;
        let from = self.half_track;
        if phase == (self.phase + 1) & 3 {
            if self.half_track + 1 < HALF_TRACKS {
                self.half_track += 1;
            }
        } else if phase == (self.phase + 3) & 3 {
            self.half_track = self.half_track.saturating_sub(1);
        }
        self.phase = phase;
        if self.half_track != from {
            let (old, new) = (self.cells_on(from), self.cells_on(self.half_track));
            // Position as (bit + frac / REVOLUTION) / old of a turn, in the new cells.
            let turn =
                (self.bit as u128 * u128::from(REVOLUTION) + u128::from(self.frac)) * new as u128;
            let whole = turn / old as u128;
            self.bit = (whole / u128::from(REVOLUTION)) as usize % new;
            self.frac = (whole % u128::from(REVOLUTION)) as u64;
        }
    }

    /// Bit cells passing the head in one turn on `half_track`: a track without data
    /// turns too, with cells of the slowest zone.
    fn cells_on(&self, half_track: usize) -> usize {
        match self.disk.half_track(half_track).bits() {
            0 => 6250 * 8,
            n => n,
        }
    }

    /// SYNC (VIA 2 PB7, active low): the last 10 bits read were ones, in read mode.
    pub fn sync(&self, reading: bool) -> bool {
        reading && self.shift & 0x3FF == 0x3FF
    }

    /// The byte the read circuit latched last (VIA 2 port A input).
    pub fn data(&self) -> u8 {
        self.data
    }

    /// Writing where nothing was ever written: the track gets the cells of the speed
    /// zone the drive writes with (VIA 2 PB5-6), all without flux changes so far,
    /// entered at the head's angle.
    fn lay_track(&mut self, zone: u8) {
        let old = self.cells_on(self.half_track);
        let cells = TRACK_BYTES[usize::from(zone & 3)] * 8;
        if let Some(track) = self.disk.half_track_mut(self.half_track) {
            *track = Track::from_bits(Vec::new(), cells);
            self.rescale(old, cells);
        }
    }

    /// The head's position, kept as an angle, counted in `new` cells a turn instead
    /// of `old`.
    fn rescale(&mut self, old: usize, new: usize) {
        let turn =
            (self.bit as u128 * u128::from(REVOLUTION) + u128::from(self.frac)) * new as u128;
        let whole = turn / old as u128;
        self.bit = (whole / u128::from(REVOLUTION)) as usize % new;
        self.frac = (whole % u128::from(REVOLUTION)) as u64;
    }

    /// One drive cycle with the motor `on`, in read mode (`reading`) or writing
    /// `out` (VIA 2 port A) at speed zone `zone` (VIA 2 PB5-6, 3 the densest).
    pub fn tick(&mut self, on: bool, reading: bool, out: u8, zone: u8) -> Signals {
        let mut sig = Signals::default();
        if !on {
            return sig;
        }
        let cells = self.cells_on(self.half_track);
        self.frac += cells as u64;
        if self.frac < REVOLUTION {
            return sig;
        }
        self.frac -= REVOLUTION;
        self.bit = (self.bit + 1) % cells;
        let track = self.disk.half_track(self.half_track);
        let formatted = track.bits() > 0;
        if reading {
            let bit = if formatted { track.bit(self.bit) } else { 0 };
            self.shift = ((self.shift << 1) | u16::from(bit)) & 0x3FF;
            if self.sync(true) {
                self.bits = 0;
                return sig;
            }
        } else {
            let one = self.write_shift & 0x80 != 0;
            self.write_shift <<= 1;
            self.shift = 0;
            if self.inserted && !self.write_protected {
                if !formatted {
                    self.lay_track(zone);
                }
                if let Some(track) = self.disk.half_track_mut(self.half_track) {
                    track.set_bit(self.bit, one);
                }
                self.dirty = true;
            }
        }
        self.bits += 1;
        if self.bits == 8 {
            self.bits = 0;
            self.data = self.shift as u8;
            self.write_shift = out;
            sig.byte_ready = true;
        }
        sig
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bytes_after_sync() {
        let mut m = Mechanism::new();
        let mut track = vec![0x55; 7692];
        track[100..105].fill(0xFF);
        track[105] = 0x52;
        track[106] = 0x54;
        m.insert(Disk::from_tracks(vec![track]), false);
        m.half_track = 0;
        let mut got = Vec::new();
        let mut cycles = 0u64;
        let mut synced_at = None;
        while got.len() < 2 && cycles < REVOLUTION * 2 {
            let s = m.tick(true, true, 0, 3);
            cycles += 1;
            if m.sync(true) && synced_at.is_none() {
                synced_at = Some(cycles);
            }
            if synced_at.is_some() && s.byte_ready && !m.sync(true) {
                got.push(m.data());
            }
        }
        assert_eq!(got, [0x52, 0x54]);
        // One revolution holds the track: 7692 bytes in 200000 cycles, 26 per byte.
        assert!(synced_at.unwrap() < REVOLUTION);
    }

    #[test]
    fn steps_by_half_tracks() {
        let mut m = Mechanism::new();
        let start = m.half_track();
        m.step_to(1);
        m.step_to(2);
        assert_eq!(m.half_track(), start + 2);
        m.step_to(1);
        assert_eq!(m.half_track(), start + 1);
        // Skipping a phase (2 away) does not move the head.
        m.step_to(3);
        assert_eq!(m.half_track(), start + 1);
    }

    #[test]
    fn writes_what_port_a_holds() {
        let mut m = Mechanism::new();
        m.insert(Disk::from_tracks(vec![vec![0u8; 7692]]), false);
        m.half_track = 0;
        // Write mode: each byte boundary loads the next byte from port A.
        for _ in 0..REVOLUTION / 2 {
            m.tick(true, false, 0xA5, 3);
        }
        assert!(m.dirty());
        let t = m.track(0).bytes();
        // The bytes go down at whatever bit the write started: a repeated byte reads
        // back as one rotation of it.
        let first = t[100];
        assert!((0..8).any(|r| 0xA5u8.rotate_left(r) == first));
        assert!(t[100..3000].iter().all(|&b| b == first));
    }

    #[test]
    fn writing_where_nothing_was_lays_a_track_of_the_zone() {
        // A 35-track disk; the head on track 36, written at zone 0's density.
        let mut m = Mechanism::new();
        m.insert(Disk::from_tracks(vec![vec![0x55; 7692]; 35]), false);
        m.half_track = 70;
        // Two turns: the first byte boundary loads $FF, so the first turn starts with
        // the zeros of the empty write register.
        for _ in 0..REVOLUTION * 2 {
            m.tick(true, false, 0xFF, 0);
        }
        let t = m.track(70);
        assert_eq!(t.bits(), 6250 * 8);
        assert!(t.bytes().iter().all(|&b| b == 0xFF));
        // Read back: a sync mark the whole way round.
        for _ in 0..100 {
            m.tick(true, true, 0, 0);
        }
        assert!(m.sync(true));
        // Write-protected: nothing is laid down.
        m.insert(Disk::from_tracks(vec![vec![0x55; 7692]; 35]), true);
        for _ in 0..1000 {
            m.tick(true, false, 0xFF, 0);
        }
        assert_eq!(m.track(70).bits(), 0);
        assert!(!m.dirty());
    }

    #[test]
    fn the_head_enters_a_track_at_the_same_angle() {
        // Track 1: 7692 bytes; track 2 (half track 2): 6250 bytes.
        let mut m = Mechanism::new();
        m.insert(Disk::from_tracks(vec![vec![0; 7692], vec![0; 6250]]), false);
        m.half_track = 0;
        m.phase = 0;
        // A quarter turn on track 1.
        for _ in 0..REVOLUTION / 4 {
            m.tick(true, true, 0, 3);
        }
        assert_eq!(m.bit, 7692 * 8 / 4);
        m.step_to(1);
        m.step_to(2);
        assert_eq!(m.half_track(), 2);
        assert_eq!(m.bit, 6250 * 8 / 4);
    }
}
