//! GeoRAM (BBG): RAM seen through a 256-byte window at I/O 1 ($DE00-$DEFF). Two
//! write-only registers in I/O 2 pick the window: $DFFF the 16 KiB block, $DFFE the
//! 256-byte page within it (0-63); values past the end wrap.

/// A GeoRAM of 512 KiB to 4 MiB.
#[derive(Clone, Debug)]
pub struct GeoRam {
    ram: Vec<u8>,
    page: usize,
    block: usize,
}

const PAGE: usize = 0x100;
const BLOCK: usize = 0x4000;

impl GeoRam {
    /// A GeoRAM of `size` bytes (a multiple of 16 KiB), cleared.
    pub fn new(size: usize) -> GeoRam {
        GeoRam {
            ram: vec![0; size.max(BLOCK)],
            page: 0,
            block: 0,
        }
    }

    /// The registers after a reset (page 0 of block 0; the RAM keeps its contents).
    pub fn reset(&mut self) {
        self.page = 0;
        self.block = 0;
    }

    fn at(&self, addr: u16) -> usize {
        self.block * BLOCK + self.page * PAGE + usize::from(addr & 0xFF)
    }

    /// A read of the window at I/O 1.
    pub fn read_io1(&self, addr: u16) -> u8 {
        self.ram[self.at(addr)]
    }

    /// A write to the window.
    pub fn write_io1(&mut self, addr: u16, value: u8) {
        let i = self.at(addr);
        self.ram[i] = value;
    }

    /// A write to I/O 2: the registers at $DF80-$DFFF (odd: block, even: page).
    pub fn write_io2(&mut self, addr: u16, value: u8) {
        if addr & 0x80 == 0 {
            return;
        }
        if addr & 1 == 1 {
            self.block = usize::from(value) % (self.ram.len() / BLOCK);
        } else {
            self.page = usize::from(value) % (BLOCK / PAGE);
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(GeoRam { ram, page, block });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_shows_the_selected_page_of_the_selected_block() {
        let mut g = GeoRam::new(512 * 1024);
        g.write_io2(0xDFFF, 31);
        g.write_io2(0xDFFE, 63);
        g.write_io1(0xDE10, 0x5A);
        assert_eq!(g.ram[31 * 0x4000 + 63 * 0x100 + 0x10], 0x5A);
        // Block 32 of 32 wraps to block 0; page 64 to page 0.
        g.write_io2(0xDFFF, 32);
        g.write_io2(0xDFFE, 64);
        g.write_io1(0xDE00, 0x11);
        assert_eq!(g.ram[0], 0x11);
        g.write_io2(0xDFFF, 31);
        g.write_io2(0xDFFE, 63);
        assert_eq!(g.read_io1(0xDE10), 0x5A);
    }
}
