//! RamCart (64 or 128 KiB): its RAM seen through a 256-byte window at I/O 2
//! ($DF00-$DFFF). $DE00 holds the page (the address's bits 8-15); on the 128 KiB unit
//! bit 0 of $DE01 picks the 64 KiB half (bit 7 is kept too: with the unit's read-only
//! switch it would mirror the window at $8000-$80FF; the switch is not emulated, the
//! RAM is always writable). Both registers read back, mirrored through I/O 1; the
//! bits $DE01 does not keep read what is on the bus.

/// RamCart sizes (KiB).
pub const RAMCART_SIZES: [usize; 2] = [64, 128];

const PAGE: usize = 0x100;
const HALF: usize = 0x10000;

/// A RamCart.
#[derive(Clone, Debug)]
pub struct RamCart {
    ram: Vec<u8>,
    /// $DE00: the page.
    page: u8,
    /// $DE01 (128 KiB only): bits 0 and 7.
    high: u8,
}

impl RamCart {
    /// A RamCart of `size` bytes (64 or 128 KiB), cleared.
    pub fn new(size: usize) -> RamCart {
        RamCart {
            ram: vec![0; size.clamp(HALF, 2 * HALF)],
            page: 0,
            high: 0,
        }
    }

    /// The registers after a reset (the RAM keeps its contents).
    pub fn reset(&mut self) {
        self.page = 0;
        self.high = 0;
    }

    fn big(&self) -> bool {
        self.ram.len() > HALF
    }

    fn at(&self, addr: u16) -> usize {
        usize::from(self.high & 1) * HALF + usize::from(self.page) * PAGE + usize::from(addr & 0xFF)
    }

    /// A read of I/O 1: the registers (the bits `undriven_io1` names read 0 here).
    pub fn read_io1(&self, addr: u16) -> u8 {
        match (addr & 1, self.big()) {
            (0, _) => self.page,
            (_, true) => self.high,
            (_, false) => 0,
        }
    }

    /// The bits of a read of I/O 1 that the RamCart does not drive: $DE01's 1-6 (the
    /// bus keeps what it held).
    pub fn undriven_io1(&self, addr: u16) -> u8 {
        if addr & 1 == 1 && self.big() { 0x7E } else { 0 }
    }

    /// A write to I/O 1: $DE00 the page, $DE01 the half (128 KiB).
    pub fn write_io1(&mut self, addr: u16, value: u8) {
        match (addr & 1, self.big()) {
            (0, _) => self.page = value,
            (_, true) => self.high = value & 0x81,
            (_, false) => {}
        }
    }

    /// A read of the window.
    pub fn read_io2(&self, addr: u16) -> u8 {
        self.ram[self.at(addr)]
    }

    /// A write to the window.
    pub fn write_io2(&mut self, addr: u16, value: u8) {
        let i = self.at(addr);
        self.ram[i] = value;
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(RamCart { ram, page, high });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_shows_the_page_of_the_half_the_registers_pick() {
        let mut r = RamCart::new(128 * 1024);
        r.write_io1(0xDE00, 0x12);
        r.write_io1(0xDE01, 0xFF); // keeps bits 0 and 7
        r.write_io2(0xDF34, 0x5A);
        assert_eq!(r.ram[0x1_1234], 0x5A);
        assert_eq!(r.read_io1(0xDE00), 0x12);
        assert_eq!(r.read_io1(0xDE01), 0x81);
        assert_eq!(
            (
                r.read_io1(0xDE03),
                r.undriven_io1(0xDE03),
                r.undriven_io1(0xDE02)
            ),
            (0x81, 0x7E, 0),
            "mirrored; bits 1-6 of $DE01 float"
        );
        r.write_io1(0xDE01, 0);
        assert_eq!(r.read_io2(0xDF34), 0x00);
        r.write_io1(0xDE01, 1);
        assert_eq!(r.read_io2(0xDF34), 0x5A);
        // The 64 KiB unit has no $DE01.
        let mut s = RamCart::new(64 * 1024);
        s.write_io1(0xDE01, 1);
        s.write_io2(0xDFFF, 7);
        assert_eq!((s.ram[0xFF], s.read_io1(0xDE01)), (7, 0));
    }
}
