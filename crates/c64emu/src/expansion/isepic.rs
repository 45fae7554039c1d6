//! Isepic: 2 KiB of RAM seen through a 256-byte window at I/O 2 ($DF00-$DFFF). Any
//! access to I/O 1, read or write, picks the page from the address's bits 0-2, wired
//! in reverse order (A0 is the page's bit 2, A2 its bit 0), mirrored through
//! $DE08-$DEFF. The value is ignored and I/O 1 drives nothing on a read. The switch on
//! the cartridge hides it all (window, page register) when turned away from the
//! computer; turning it towards the computer while a program runs is the freeze (an
//! NMI, the page mapped over the unmapped Ultimax areas), which is not emulated: the
//! machine starts with the switch towards the computer and the cartridge visible.

const PAGE: usize = 0x100;
const SIZE: usize = 8 * PAGE;

/// An Isepic.
#[derive(Clone, Debug)]
pub struct Isepic {
    ram: Vec<u8>,
    page: u8,
    /// The switch: true towards the computer (window and register visible).
    on: bool,
}

impl Isepic {
    /// An Isepic, its RAM cleared, its switch as given (true: towards the computer).
    pub fn new(on: bool) -> Isepic {
        Isepic {
            ram: vec![0; SIZE],
            page: 0,
            on,
        }
    }

    /// After a reset: the page register keeps its value (nothing resets it).
    pub fn reset(&mut self) {}

    /// An access (read or write) to I/O 1: picks the page.
    pub fn touch_io1(&mut self, addr: u16) {
        if self.on {
            let a = addr as u8;
            self.page = ((a & 4) >> 2) | (a & 2) | ((a & 1) << 2);
        }
    }

    /// A read of the window; None: the switch hides it.
    pub fn read_io2(&self, addr: u16) -> Option<u8> {
        self.on
            .then(|| self.ram[usize::from(self.page) * PAGE + usize::from(addr & 0xFF)])
    }

    /// A write to the window.
    pub fn write_io2(&mut self, addr: u16, value: u8) {
        if self.on {
            self.ram[usize::from(self.page) * PAGE + usize::from(addr & 0xFF)] = value;
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Isepic { ram, page, on });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io1_addresses_pick_the_page_with_their_bits_reversed() {
        let mut i = Isepic::new(true);
        // $DE01: A0 is the page's bit 2 (page 4); $DE06: page 3; mirrored at $DE0E.
        i.touch_io1(0xDE01);
        i.write_io2(0xDF10, 0x44);
        assert_eq!(i.ram[4 * 0x100 + 0x10], 0x44);
        i.touch_io1(0xDE0E);
        i.write_io2(0xDFFF, 0x33);
        assert_eq!(i.ram[3 * 0x100 + 0xFF], 0x33);
        i.touch_io1(0xDEF9);
        assert_eq!(i.read_io2(0xDF10), Some(0x44));
        // Switched away: nothing answers, the page stays.
        let mut off = Isepic::new(false);
        off.touch_io1(0xDE07);
        off.write_io2(0xDF00, 1);
        assert_eq!((off.read_io2(0xDF00), off.page, off.ram[0]), (None, 0, 0));
    }
}
