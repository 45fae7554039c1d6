//! Which RAM the VIC-II reads, page by page: a CPU write there must wait until the
//! VIC has run up to the write's cycle (it runs lazily), so that its accesses before
//! the write see the old byte and those after it the new one (a character redefined
//! in the middle of its row shows the new graphics from the next g-access on).

use super::Vic;
use super::fetch::VicMem;
use crate::map::vic::{CTRL1, MEMPTR};

/// Pages of CPU address space the VIC may read, one bit per 256 bytes: word `n`
/// covers $n000*4 to $n000*4+$3FFF (bit `p` the page at `n << 14 | p << 8`).
pub type Pages = [u64; 4];

impl Vic {
    /// The pages of RAM the VIC reads with its registers as they are: the video
    /// matrix (and the sprite pointers in it), the character set or bitmap, the
    /// pages of the sprites with DMA on or enabled (by the pointers in memory and the
    /// ones the VIC last fetched), and the bytes idle accesses read ($3FFF, $39FF).
    /// The character ROM is not RAM: banks 0 and 2 leave $1000-$1FFF out.
    pub fn reads(&self, mem: &VicMem) -> Pages {
        let d011 = self.regs[usize::from(CTRL1)];
        let d018 = self.regs[usize::from(MEMPTR)];
        let mut pages = 0u64;
        let matrix = u32::from(d018 >> 4) * 4;
        pages |= 0xF << matrix;
        if d011 & 0x20 != 0 {
            pages |= 0xFFFF_FFFF << (u32::from(d018 & 0x08) << 2);
        } else {
            pages |= 0xFF << (u32::from(d018 & 0x0E) << 2);
        }
        pages |= 1 << 0x3F | 1 << 0x39;
        let sprites = self.regs[0x15] | self.sprites.dma;
        let pointers = u16::from(d018 & 0xF0) << 6 | 0x3F8;
        for n in 0..8u8 {
            if sprites & (1 << n) != 0 {
                let stored = mem.read(self.bank, pointers | u16::from(n));
                let fetched = self.sprites.s[usize::from(n)].pointer;
                pages |= 1 << (stored >> 2) | 1 << (fetched >> 2);
            }
        }
        if self.bank & 1 == 0 {
            // $1000-$1FFF of banks 0 and 2: the character ROM.
            pages &= !(0xFFFF << 0x10);
        }
        let mut out = [0; 4];
        out[usize::from(self.bank & 3)] = pages;
        out
    }
}

/// Does `pages` hold the page of `addr`?
#[inline(always)]
pub fn holds(pages: &Pages, addr: u16) -> bool {
    pages[usize::from(addr >> 14)] >> ((addr >> 8) & 0x3F) & 1 != 0
}
