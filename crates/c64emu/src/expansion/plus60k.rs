//! +60K: a second bank of 60 KiB of RAM inside the C64, for $1000-$FFFF. A write-only
//! latch at $D100 (decoded through $D100-$D1FF; only data bit 7 is wired) picks the
//! bank the CPU's RAM accesses at $1000 and above reach: 0 the C64's own, 1 the
//! added one. $0000-$0FFF is always the C64's. The ROMs and I/O bank in over either
//! as the processor port says. The VIC keeps fetching from the C64's own RAM. The
//! latch takes the VIC's $D100-$D1FF (the VIC's registers are left at $D000-$D0FF);
//! a read there gives $FF, and $D200-$D3FF answers nothing.

/// Where the added bank starts.
pub const PLUS60K_FROM: u16 = 0x1000;
const SIZE: usize = 0x10000 - PLUS60K_FROM as usize;

/// A +60K.
#[derive(Clone, Debug)]
pub struct Plus60k {
    ram: Vec<u8>,
    /// The latch: the added bank selected.
    bank1: bool,
}

impl Default for Plus60k {
    fn default() -> Plus60k {
        Plus60k::new()
    }
}

impl Plus60k {
    /// A +60K, its RAM cleared, the C64's own bank selected.
    pub fn new() -> Plus60k {
        Plus60k {
            ram: vec![0; SIZE],
            bank1: false,
        }
    }

    /// After a reset: the latch cleared.
    pub fn reset(&mut self) {
        self.bank1 = false;
    }

    /// A write to $D100-$D1FF: bit 7 picks the bank.
    pub fn write_latch(&mut self, value: u8) {
        self.bank1 = value & 0x80 != 0;
    }

    /// Whether the CPU's RAM at $1000-$FFFF is the added bank.
    pub fn bank1(&self) -> bool {
        self.bank1
    }

    /// A byte of the added bank (`addr` at $1000 or above).
    pub fn read(&self, addr: u16) -> u8 {
        self.ram[usize::from(addr - PLUS60K_FROM)]
    }

    /// A byte of the added bank to write (`addr` at $1000 or above).
    pub fn slot(&mut self, addr: u16) -> &mut u8 {
        &mut self.ram[usize::from(addr - PLUS60K_FROM)]
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Plus60k { ram, bank1 });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bit_7_of_the_latch_counts() {
        let mut p = Plus60k::new();
        p.write_latch(0x7F);
        assert!(!p.bank1());
        p.write_latch(0x80);
        assert!(p.bank1());
        *p.slot(0xFFFF) = 9;
        *p.slot(0x1000) = 8;
        assert_eq!((p.ram[SIZE - 1], p.read(0x1000)), (9, 8));
        p.reset();
        assert!(!p.bank1());
    }
}
