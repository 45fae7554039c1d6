//! Double Quick Brown Box: 16 KiB (up to 256 KiB) of battery-backed RAM in place of a
//! cartridge's ROM. One write-only register, at $DE00 and mirrored through I/O 1:
//! bit 7 switches the RAM off (the lines go high), bit 2 pulls GAME low as well (16K
//! mode: $A000-$BFFF too), bit 4 lets writes through, bits 0, 1, 3 and 5 pick the 16
//! KiB bank. In its C64 position the switch holds EXROM low, so the RAM is at least
//! at $8000-$9FFF (as ROML). Writes there reach the C64's RAM below as well; the VIC
//! sees only the C64's RAM.

use super::Mode;

/// DQBB sizes (KiB).
pub const DQBB_SIZES: [usize; 5] = [16, 32, 64, 128, 256];

const BANK: usize = 0x4000;
const HALF: usize = 0x2000;

/// A Double Quick Brown Box.
#[derive(Clone, Debug)]
pub struct Dqbb {
    ram: Vec<u8>,
    /// The register as last written (0 after a reset: 8K mode, read-only, bank 0).
    reg: u8,
}

impl Dqbb {
    /// A DQBB of `size` bytes (a power of two from 16 KiB), cleared.
    pub fn new(size: usize) -> Dqbb {
        Dqbb {
            ram: vec![0; size.max(BANK)],
            reg: 0,
        }
    }

    /// The register after a reset (the RAM keeps its contents).
    pub fn reset(&mut self) {
        self.reg = 0;
    }

    /// The lines' mode: off with bit 7, 16K with bit 2, else 8K.
    pub fn mode(&self) -> Mode {
        match (self.reg & 0x80 != 0, self.reg & 0x04 != 0) {
            (true, _) => Mode::Off,
            (false, true) => Mode::Game16k,
            (false, false) => Mode::Game8k,
        }
    }

    /// The register's value (the hardware drives nothing on a read: for monitors).
    pub fn register(&self) -> u8 {
        self.reg
    }

    /// A write to I/O 1: the register (every address decodes to it).
    pub fn write_io1(&mut self, value: u8) {
        self.reg = value;
    }

    fn bank(&self) -> usize {
        let r = usize::from(self.reg);
        let bank = (r & 3) | ((r >> 1) & 4) | ((r >> 2) & 8);
        bank % (self.ram.len() / BANK)
    }

    fn at(&self, half: usize, addr: u16) -> usize {
        self.bank() * BANK + half + (usize::from(addr) & (HALF - 1))
    }

    /// A read at $8000-$9FFF (ROML).
    pub fn read_roml(&self, addr: u16) -> u8 {
        self.ram[self.at(0, addr)]
    }

    /// A read at $A000-$BFFF (ROMH, 16K mode).
    pub fn read_romh(&self, addr: u16) -> u8 {
        self.ram[self.at(HALF, addr)]
    }

    /// A write at $8000-$9FFF while the RAM is on: kept if writes are let through.
    pub fn write_roml(&mut self, addr: u16, value: u8) {
        self.write(0, addr, value);
    }

    /// A write where ROMH is mapped.
    pub fn write_romh(&mut self, addr: u16, value: u8) {
        self.write(HALF, addr, value);
    }

    fn write(&mut self, half: usize, addr: u16, value: u8) {
        if self.reg & 0x10 != 0 {
            let i = self.at(half, addr);
            self.ram[i] = value;
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Dqbb { ram, reg });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_register_picks_mode_write_enable_and_bank() {
        let mut d = Dqbb::new(64 * 1024);
        assert_eq!(d.mode(), Mode::Game8k, "EXROM held low from power-on");
        d.write_roml(0x8000, 0x11);
        assert_eq!(d.read_roml(0x8000), 0x00, "read-only after a reset");
        d.write_io1(0x14); // 16K, writes through, bank 0
        assert_eq!(d.mode(), Mode::Game16k);
        d.write_roml(0x8001, 0x22);
        d.write_romh(0xBFFF, 0x33);
        assert_eq!((d.read_roml(0x8001), d.read_romh(0xBFFF)), (0x22, 0x33));
        assert_eq!(d.ram[0x3FFF], 0x33);
        // Bits 0 and 1, then 3: banks 3 and 4; 64 KiB wraps bank 4 to 0.
        d.write_io1(0x17);
        d.write_roml(0x8001, 0x44);
        assert_eq!(d.ram[3 * 0x4000 + 1], 0x44);
        d.write_io1(0x18);
        assert_eq!(d.read_roml(0x8001), 0x22);
        d.write_io1(0x80);
        assert_eq!(d.mode(), Mode::Off);
    }
}
