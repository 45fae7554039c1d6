//! The whole 1541: its CPU over the drive bus, clocked at 1 MHz in step with the C64.
//!
//! The C64 runs at its own clock (985248 Hz PAL, 1022727 Hz NTSC). The drive is run
//! lazily: before the C64 touches the serial bus (CIA 2 port A) at its cycle `t`, the
//! drive catches up to the drive cycle `t × 1000000 / c64_hz`; then the C64's change
//! takes effect. The drive only reacts to the bus, so this is exact up to the drive's
//! instruction granularity; what the drive pulled is looked up as of the C64's cycle,
//! even when the drive's last instruction ran a few cycles past it.

use std::fmt;
use std::sync::Arc;

use mos6502::cpu::CPU;
use mos6502::instruction::Nmos6502;
use mos6502::registers::Status;

use crate::bus::{DriveBus, ROM_SIZE};
use crate::disk::Disk;
use crate::gcr;
use crate::iec::Lines;

/// Drive clock, cycles per second.
pub const DRIVE_HZ: u64 = 1_000_000;

/// Why a drive could not be made or a disk not inserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DriveError {
    /// The DOS ROM must be 16 KiB (or 32 KiB, of which the second half is used, as
    /// some dumps are).
    RomSize(usize),
    /// The disk image is not a .d64 of 35, 40 or 42 tracks.
    ImageSize(usize),
    /// A disk image of a known format that cannot be read: the format and why.
    BadImage {
        /// "G64" or "P64".
        format: &'static str,
        /// What is wrong, for the user.
        why: String,
    },
}

impl fmt::Display for DriveError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            DriveError::RomSize(n) => write!(
                f,
                "a 1541 DOS ROM is 16384 bytes (or a 32768-byte dump); this one is {n} bytes"
            ),
            DriveError::ImageSize(n) => write!(
                f,
                "a .d64 image of 35, 40 or 42 tracks (with or without an error table); \
                 this one is {n} bytes"
            ),
            DriveError::BadImage { format, why } => write!(f, "a broken {format} image: {why}"),
        }
    }
}

impl std::error::Error for DriveError {}

/// A 1541 on the serial bus.
#[derive(Clone)]
pub struct Drive {
    cpu: CPU<DriveBus, Nmos6502>,
    c64_hz: u64,
    /// The C64 cycle at which the drive powered on (its cycle 0).
    c64_start: u64,
}

impl fmt::Debug for Drive {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "Drive {{ pc: ${:04X}, cycle: {} }}",
            self.pc(),
            self.cycle()
        )
    }
}

impl Drive {
    /// A drive with DOS ROM `rom`, next to a C64 clocked at `c64_hz`, just reset.
    pub fn new(rom: &[u8], c64_hz: u64) -> Result<Drive, DriveError> {
        let rom: Arc<[u8]> = match rom.len() {
            ROM_SIZE => rom.into(),
            0x8000 => rom[ROM_SIZE..].into(),
            n => return Err(DriveError::RomSize(n)),
        };
        let mut cpu = CPU::new(DriveBus::new(rom), Nmos6502);
        cpu.reset();
        cpu.memory.update_pulls(0);
        Ok(Drive {
            cpu,
            c64_hz: c64_hz.max(1),
            c64_start: 0,
        })
    }

    /// Set the device number (8-11: the jumpers on VIA 1 PB5/PB6).
    pub fn set_device(&mut self, device: u8) {
        self.cpu.memory.device_jumpers = device.wrapping_sub(8) & 3;
    }

    /// Insert a .d64 image.
    pub fn insert_d64(&mut self, image: &[u8], write_protected: bool) -> Result<(), DriveError> {
        let tracks = gcr::d64_tracks(image).ok_or(DriveError::ImageSize(image.len()))?;
        self.insert(Disk::from_tracks(tracks), write_protected);
        Ok(())
    }

    /// Insert the disk an image file holds (.d64, .g64 or .p64, told by its
    /// contents).
    /// What the drive writes stays in the drive's copy.
    pub fn insert_image(&mut self, image: &[u8], write_protected: bool) -> Result<(), DriveError> {
        let disk = Disk::from_image(image)?;
        self.insert(disk, write_protected);
        Ok(())
    }

    /// Insert a disk given as GCR tracks (`tracks[t - 1]` is track t).
    pub fn insert_gcr(&mut self, tracks: Vec<Vec<u8>>, write_protected: bool) {
        self.insert(Disk::from_tracks(tracks), write_protected);
    }

    /// Insert a disk.
    pub fn insert(&mut self, disk: Disk, write_protected: bool) {
        self.cpu.memory.mech.insert(disk, write_protected);
    }

    /// The disk in the drive as it is now (with what the drive wrote to it).
    pub fn disk(&self) -> &Disk {
        self.cpu.memory.mech.disk()
    }

    /// The drive powers on at C64 cycle `c64_cycle` (its own cycle 0).
    pub fn start_at(&mut self, c64_cycle: u64) {
        self.c64_start = c64_cycle;
    }

    /// The drive cycle matching C64 cycle `c64_cycle`.
    pub fn drive_cycle(&self, c64_cycle: u64) -> u64 {
        let since = c64_cycle.saturating_sub(self.c64_start);
        (u128::from(since) * u128::from(DRIVE_HZ) / u128::from(self.c64_hz)) as u64
    }

    /// Drive time (in drive cycles) of `half` C64 half cycles after the drive's start.
    fn drive_time(&self, half: u64) -> u64 {
        let since = half.saturating_sub(self.c64_start * 2);
        (u128::from(since) * u128::from(DRIVE_HZ) / (2 * u128::from(self.c64_hz))) as u64
    }

    /// The first drive cycle that sees a C64 write in C64 cycle `c64_cycle`: the
    /// CIA's pins change at the end of the cycle, a VIA samples its pins in the middle
    /// of Φ2... of its cycle, so the write is seen by the drive cycle whose middle
    /// comes after the C64 cycle's end.
    fn write_seen_from(&self, c64_cycle: u64) -> u64 {
        // round(end): the cycle whose middle is first past the end.
        self.drive_time(c64_cycle * 2 + 2) + u64::from(self.frac_half(c64_cycle * 2 + 2))
    }

    /// Whether `half` C64 half cycles fall in the second half of a drive cycle.
    fn frac_half(&self, half: u64) -> bool {
        let since = half.saturating_sub(self.c64_start * 2);
        let scaled = u128::from(since) * u128::from(DRIVE_HZ) * 2 / (2 * u128::from(self.c64_hz));
        scaled % 2 == 1
    }

    /// The last drive cycle whose writes a C64 read in C64 cycle `c64_cycle` sees: the
    /// CIA samples in the middle of the cycle, a VIA's pins change at the end of its
    /// cycle.
    fn read_sees_up_to(&self, c64_cycle: u64) -> u64 {
        self.drive_time(c64_cycle * 2 + 1).saturating_sub(1)
    }

    /// What the drive pulled (CLK, DATA) when it last ran, without running it.
    pub fn last_pulls(&self) -> (bool, bool) {
        self.cpu.memory.pulls
    }

    /// Drive cycles run so far.
    pub fn cycle(&self) -> u64 {
        self.cpu.memory.now
    }

    /// The drive CPU's program counter.
    pub fn pc(&self) -> u16 {
        self.cpu.registers.program_counter
    }

    /// Run one instruction (and the chips through its cycles).
    pub fn step(&mut self) {
        let before = self.cpu.cycles;
        let start = self.cpu.memory.now;
        self.cpu.memory.begin(start);
        self.cpu.single_step();
        let mut cycles = self.cpu.cycles - before;
        if self.cpu.memory.interrupted {
            cycles += 7;
        }
        self.cpu.memory.run_chips(start + cycles.max(1));
        if std::mem::take(&mut self.cpu.memory.so) {
            self.cpu.registers.status.insert(Status::PS_OVERFLOW);
        }
    }

    /// Run until the drive has reached C64 cycle `c64_cycle`.
    pub fn run_until(&mut self, c64_cycle: u64) {
        let target = self.drive_cycle(c64_cycle);
        while self.cpu.memory.now < target {
            self.step();
        }
    }

    /// The C64 drives the bus lines `lines` from C64 cycle `c64_cycle` on. The drive
    /// sees the change when it reaches that cycle (at once if it already has: it ran
    /// at most an instruction past a C64 read).
    pub fn set_c64_lines(&mut self, c64_cycle: u64, lines: Lines) {
        let at = self.write_seen_from(c64_cycle);
        let bus = &mut self.cpu.memory;
        let last = bus.pending.back().map_or(bus.c64, |&(_, l)| l);
        if last == lines {
            return;
        }
        if at <= bus.now {
            bus.set_c64(lines);
        } else {
            bus.pending.push_back((at, lines));
        }
    }

    /// What the drive pulls low at C64 cycle `c64_cycle`: (CLK, DATA). The drive is
    /// run up to that cycle first.
    pub fn pulls(&mut self, c64_cycle: u64) -> (bool, bool) {
        let last = self.read_sees_up_to(c64_cycle);
        while self.cpu.memory.now <= last {
            self.step();
        }
        self.cpu.memory.pulls_at(last)
    }

    /// The drive's memory as its CPU sees it, without side effects.
    pub fn peek(&self, addr: u16) -> u8 {
        self.cpu.memory.peek_memory(addr)
    }

    /// Write the drive's RAM (tests and loaders' "M-W" done from outside).
    pub fn poke_ram(&mut self, addr: u16, value: u8) {
        self.cpu.memory.ram[usize::from(addr) & 0x7FF] = value;
    }

    /// The half track under the head.
    pub fn half_track(&self) -> usize {
        self.cpu.memory.mech.half_track()
    }

    /// The drive LED (VIA 2 PB3).
    pub fn led(&self) -> bool {
        self.cpu.memory.via2.pb_out() & 0x08 != 0
    }

    /// The GCR bytes of a half track (0: track 1).
    pub fn track_gcr(&self, half_track: usize) -> &[u8] {
        self.cpu.memory.mech.track(half_track).bytes()
    }
}
