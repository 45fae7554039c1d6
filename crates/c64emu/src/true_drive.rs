//! A true 1541 (`c64drive`) on the serial bus instead of the virtual drive: the real
//! KERNAL's serial routines run untrapped over CIA 2 port A, and the drive's own CPU
//! and DOS ROM answer.

use c64drive::{Drive, DriveError};

use crate::machine::Machine;

impl Machine {
    /// Put a 1541 with DOS ROM `rom` on the bus as device 8, with `disk` (a .d64 or
    /// .g64 or .p64 image's bytes) in it if given. It powers on now, with the C64.
    pub fn attach_1541(
        &mut self,
        rom: &[u8],
        disk: Option<&[u8]>,
        write_protected: bool,
    ) -> Result<(), DriveError> {
        let mut drive = Drive::new(rom, self.clock_hz())?;
        drive.set_device(8);
        if let Some(image) = disk {
            drive.insert_image(image, write_protected)?;
        }
        // The drive starts at the C64's cycle now: it counts in the C64's time.
        let now = self.cycles();
        drive.start_at(now);
        self.cpu.memory.drive = Some(Box::new(drive));
        Ok(())
    }

    /// The true drive, if one is attached.
    pub fn true_drive(&self) -> Option<&Drive> {
        self.cpu.memory.drive.as_deref()
    }
}

impl Machine {
    /// The true drive, to insert a disk or look inside.
    pub fn true_drive_mut(&mut self) -> Option<&mut Drive> {
        self.cpu.memory.drive.as_deref_mut()
    }
}
