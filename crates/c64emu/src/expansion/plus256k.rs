//! +256K: the C64's RAM as one of four 64 KiB banks (the C64's own is bank 0), picked
//! separately for $0000-$0FFF, for $1000-$FFFF and for the VIC. A latch at $D100
//! (decoded through $D100-$D1FF, the VIC's registers left at $D000-$D0FF; it reads
//! $FF, and $D200-$D3FF answers nothing): bits 0-1 the bank at $0000-$0FFF, bits 2-3
//! the VIC's, bit 4 locks the latch until a reset, bits 6-7 the bank at
//! $1000-$FFFF. The ROMs and I/O bank in over any of them as the processor port says.

const BANK: usize = 0x10000;
/// Where the latch's upper bank starts.
const HIGH_FROM: u16 = 0x1000;

/// A +256K.
#[derive(Clone, Debug)]
pub struct Plus256k {
    /// Banks 1-3 (bank 0 is the C64's own RAM).
    ram: Vec<u8>,
    /// The latch as last written.
    reg: u8,
}

impl Default for Plus256k {
    fn default() -> Plus256k {
        Plus256k::new()
    }
}

impl Plus256k {
    /// A +256K, its added banks cleared, bank 0 everywhere.
    pub fn new() -> Plus256k {
        Plus256k {
            ram: vec![0; 3 * BANK],
            reg: 0,
        }
    }

    /// After a reset: the latch cleared and unlocked.
    pub fn reset(&mut self) {
        self.reg = 0;
    }

    /// A write to $D100-$D1FF (ignored while bit 4 locks the latch).
    pub fn write_latch(&mut self, value: u8) {
        if self.reg & 0x10 == 0 {
            self.reg = value;
        }
    }

    /// The bank the CPU reaches at $0000-$0FFF.
    fn low(&self) -> usize {
        usize::from(self.reg & 3)
    }

    /// The bank the CPU reaches at $1000-$FFFF.
    fn high(&self) -> usize {
        usize::from(self.reg >> 6)
    }

    /// The bank the VIC fetches from.
    pub fn video(&self) -> usize {
        usize::from((self.reg >> 2) & 3)
    }

    /// The lowest address where the CPU's RAM is not the C64's own (None: nowhere).
    pub fn banked_from(&self) -> Option<u16> {
        match (self.low(), self.high()) {
            (0, 0) => None,
            (0, _) => Some(HIGH_FROM),
            _ => Some(0),
        }
    }

    /// The added bank's index in `ram` the CPU reaches at `addr` (None: bank 0).
    fn at(&self, addr: u16) -> Option<usize> {
        let bank = if addr < HIGH_FROM {
            self.low()
        } else {
            self.high()
        };
        (bank != 0).then(|| (bank - 1) * BANK + usize::from(addr))
    }

    /// The byte the CPU reaches at `addr` when it is in an added bank.
    pub fn read(&self, addr: u16) -> Option<u8> {
        self.at(addr).map(|i| self.ram[i])
    }

    /// The byte the CPU reaches at `addr` when it is in an added bank, to write.
    pub fn slot(&mut self, addr: u16) -> Option<&mut u8> {
        self.at(addr).map(|i| &mut self.ram[i])
    }

    /// The bank the VIC fetches from when it is an added one.
    pub fn vic_ram(&self) -> Option<&[u8; 0x10000]> {
        let bank = self.video().checked_sub(1)?;
        self.ram[bank * BANK..(bank + 1) * BANK].try_into().ok()
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Plus256k { ram, reg });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latch_picks_three_banks_and_locks() {
        let mut p = Plus256k::new();
        assert_eq!(
            (p.banked_from(), p.read(0x2000), p.vic_ram().is_none()),
            (None, None, true)
        );
        p.write_latch(0x80); // $1000-$FFFF bank 2
        assert_eq!(p.banked_from(), Some(0x1000));
        *p.slot(0x2000).unwrap() = 0x22;
        assert_eq!((p.read(0x0FFF), p.ram[BANK + 0x2000]), (None, 0x22));
        p.write_latch(0x0A); // $0000-$0FFF bank 2, VIC bank 2, $1000 up bank 0
        assert_eq!((p.banked_from(), p.read(0x2000)), (Some(0), None));
        *p.slot(0x0002).unwrap() = 0x33;
        assert_eq!(
            p.vic_ram().map(|r| (r[0x0002], r[0x2000])),
            Some((0x33, 0x22))
        );
        p.write_latch(0x17); // bank 3 low, locked
        p.write_latch(0x00);
        assert_eq!((p.low(), p.video(), p.high()), (3, 1, 0));
        p.reset();
        assert_eq!(p.banked_from(), None);
    }
}
