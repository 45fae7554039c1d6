//! An AMD Am29F040 flash chip (512 KiB, eight 64 KiB sectors), as an EasyFlash has
//! two of: reads give the array unless a command sequence switched to the ID
//! ("autoselect") mode; writes feed the command state machine of the datasheet:
//! $AA to $555, $55 to $2AA (the chip decodes A0-A10 only), then $90 (autoselect),
//! $A0 (program the next byte written: bits can only go from 1 to 0), $80 (erase,
//! then $AA, $55 and $10 to $555 for the chip or $30 to a sector's address), or $F0
//! (reset, also accepted at any time). Programming and erasing finish at once: status
//! polling (DQ7 the true data) sees them done.

/// The manufacturer code autoselect reads at offset 0 (AMD).
pub const MANUFACTURER: u8 = 0x01;
/// The device code at offset 1 (Am29F040).
pub const DEVICE: u8 = 0xA4;
const SECTOR: usize = 0x10000;

/// Where the chip is in a command sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Read,
    /// $AA written (`erase`: after $80).
    Unlock1 {
        erase: bool,
    },
    /// $AA, $55 written.
    Unlock2 {
        erase: bool,
    },
    /// Autoselect: reads give the IDs.
    Id,
    /// The next write is programmed.
    Program,
    /// $80 written: an erase may follow.
    EraseSetup,
}

/// One flash chip.
#[derive(Clone, Debug)]
pub struct Flash {
    data: Vec<u8>,
    state: State,
}

impl Flash {
    /// A chip holding `data` (padded with $FF, erased, to 512 KiB).
    pub fn new(mut data: Vec<u8>) -> Flash {
        data.resize(8 * SECTOR, 0xFF);
        Flash {
            data,
            state: State::Read,
        }
    }

    /// Back to reading the array (a reset of the machine resets the chip).
    pub fn reset(&mut self) {
        self.state = State::Read;
    }

    /// The array (for the cartridge's reads in read mode).
    pub fn array(&self) -> &[u8] {
        &self.data
    }

    /// Whether reads give the array (not the IDs).
    pub fn reads_array(&self) -> bool {
        self.state != State::Id
    }

    /// A read at chip offset `at` (19 bits).
    pub fn read(&self, at: usize) -> u8 {
        match self.state {
            State::Id => match at & 3 {
                0 => MANUFACTURER,
                1 => DEVICE,
                // Sector protection: none.
                _ => 0,
            },
            _ => self.data[at % self.data.len()],
        }
    }

    /// A write at chip offset `at`.
    pub fn write(&mut self, at: usize, value: u8) {
        let cmd = at & 0x7FF;
        self.state = match (self.state, cmd, value) {
            (State::Program, _, _) => {
                let i = at % self.data.len();
                self.data[i] &= value;
                State::Read
            }
            (_, _, 0xF0) => State::Read,
            (State::Read | State::Id, 0x555, 0xAA) => State::Unlock1 { erase: false },
            (State::EraseSetup, 0x555, 0xAA) => State::Unlock1 { erase: true },
            (State::Unlock1 { erase }, 0x2AA, 0x55) => State::Unlock2 { erase },
            (State::Unlock2 { erase: false }, 0x555, 0x90) => State::Id,
            (State::Unlock2 { erase: false }, 0x555, 0xA0) => State::Program,
            (State::Unlock2 { erase: false }, 0x555, 0x80) => State::EraseSetup,
            (State::Unlock2 { erase: true }, 0x555, 0x10) => {
                self.data.fill(0xFF);
                State::Read
            }
            (State::Unlock2 { erase: true }, _, 0x30) => {
                let start = (at % self.data.len()) & !(SECTOR - 1);
                self.data[start..start + SECTOR].fill(0xFF);
                State::Read
            }
            // In autoselect mode other writes are ignored; a broken sequence ends.
            (State::Id, _, _) => State::Id,
            _ => State::Read,
        };
    }
}

// Snapshot files (c64state): the array and where the chip is in a command sequence.
impl c64state::Persist for Flash {
    fn save(&self, w: &mut c64state::Writer) {
        self.data.save(w);
        let code: u8 = match self.state {
            State::Read => 0,
            State::Unlock1 { erase } => 1 + u8::from(erase),
            State::Unlock2 { erase } => 3 + u8::from(erase),
            State::Id => 5,
            State::Program => 6,
            State::EraseSetup => 7,
        };
        code.save(w);
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        self.data.load(r)?;
        let mut code = 0u8;
        code.load(r)?;
        self.state = match code {
            0 => State::Read,
            1 | 2 => State::Unlock1 { erase: code == 2 },
            3 | 4 => State::Unlock2 { erase: code == 4 },
            5 => State::Id,
            6 => State::Program,
            7 => State::EraseSetup,
            _ => return Err(c64state::Error::Invalid("an unknown flash chip state")),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unlock(f: &mut Flash, cmd: u8) {
        f.write(0x555, 0xAA);
        f.write(0x2AA, 0x55);
        f.write(0x555, cmd);
    }

    #[test]
    fn autoselect_reads_the_ids_until_reset() {
        let mut f = Flash::new(vec![0x12; 16]);
        unlock(&mut f, 0x90);
        assert_eq!((f.read(0x2000), f.read(0x2001), f.read(2)), (0x01, 0xA4, 0));
        f.write(0, 0xF0);
        assert_eq!((f.read(0), f.read(16)), (0x12, 0xFF));
    }

    #[test]
    fn programming_clears_bits_and_erasing_sets_them() {
        let mut f = Flash::new(Vec::new());
        // The unlock addresses decode A0-A10 only: $2555 and $4AAA work too.
        f.write(0x2555, 0xAA);
        f.write(0x4AAA, 0x55);
        f.write(0x0555, 0xA0);
        f.write(0x12345, 0x5A);
        assert_eq!(f.read(0x12345), 0x5A);
        unlock(&mut f, 0xA0);
        f.write(0x12345, 0xF0);
        assert_eq!(f.read(0x12345), 0x50);
        // A plain write does nothing.
        f.write(0x12346, 0x00);
        assert_eq!(f.read(0x12346), 0xFF);
        // Sector erase: $30 to an address in sector 1 ($10000-$1FFFF).
        f.write(0x00000, 0x00);
        unlock(&mut f, 0xA0);
        f.write(0x00000, 0x00);
        unlock(&mut f, 0x80);
        f.write(0x555, 0xAA);
        f.write(0x2AA, 0x55);
        f.write(0x1ABCD, 0x30);
        assert_eq!((f.read(0x12345), f.read(0)), (0xFF, 0x00));
        // Chip erase.
        unlock(&mut f, 0x80);
        unlock(&mut f, 0x10);
        assert_eq!(f.read(0), 0xFF);
    }
}
