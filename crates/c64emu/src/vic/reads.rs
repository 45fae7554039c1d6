//! Which RAM the VIC-II reads, page by page: a CPU write there must wait until the
//! VIC has run up to the write's cycle (it runs lazily), so that its accesses before
//! the write see the old byte and those after it the new one (a character redefined
//! in the middle of its row shows the new graphics from the next g-access on).

use super::Vic;
use super::fetch::VicMem;
use super::timing;
use crate::map::vic::{CTRL1, MEMPTR};

/// Pages of CPU address space, one bit per 256 bytes: word `n` covers the 16 KiB from
/// `n << 14` (bit `p` the page at `n << 14 | p << 8`).
pub type Pages = [u64; 4];

/// What the VIC reads, as of its clock and registers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reads {
    /// Pages it reads in every line: the character set or bitmap (g-accesses), $39FF
    /// and $3FFF (idle accesses), $38FF or $3807 (a DMA delay's first idle access).
    pub always: Pages,
    /// Pages it reads only on bad lines: the video matrix (c-accesses). The sprite
    /// pointers at its end are read in every line.
    pub matrix: Pages,
    /// Pages it reads only while BA is low for a sprite: the data of the sprites with
    /// DMA on or enabled (s-accesses).
    pub sprites: Pages,
    /// The CPU address of sprite 0's pointer (the others follow it).
    pub pointers: u16,
    /// No bad line's BA up to this cycle (if no register changes): no c-access before.
    pub no_bad_line_until: u64,
    /// BA stays high up to this cycle: no c- or s-access before it.
    pub quiet_until: u64,
}

impl Reads {
    /// Either kind of page.
    #[inline(always)]
    pub fn any(&self) -> Pages {
        let (a, b, c) = (&self.always, &self.matrix, &self.sprites);
        std::array::from_fn(|i| a[i] | b[i] | c[i])
    }

    /// Must a CPU write to `addr` in a cycle up to `t` wait for the VIC (it may read
    /// `addr` before `t`)?
    #[inline]
    pub fn waits(&self, addr: u16, t: u64) -> bool {
        holds(&self.always, addr)
            || (holds(&self.matrix, addr)
                && (t >= self.no_bad_line_until || addr.wrapping_sub(self.pointers) < 8))
            || (holds(&self.sprites, addr) && t >= self.quiet_until)
    }

    /// Does a write to `addr` that `waits` wait only for a bad line's c-accesses: a
    /// video matrix cell, not a sprite pointer, in no page read in every line or by a
    /// sprite? (`Vic::c_access_before` then tells whether it must wait.)
    #[inline]
    pub fn matrix_only(&self, addr: u16) -> bool {
        !holds(&self.always, addr)
            && !holds(&self.sprites, addr)
            && addr.wrapping_sub(self.pointers) >= 8
    }
}

impl Vic {
    /// Before a CPU write in cycle `t` to video matrix (or colour RAM) cell `cell`
    /// (0-1023), which only c-accesses read: run the VIC up to `t`'s line, and tell
    /// whether a c-access of that line up to `t` still to be run reads the cell (then
    /// the VIC must run up to `t` first, to read the old byte). The line's later
    /// c-accesses read the new byte whenever the VIC runs them, so the write need not
    /// wait for the cycles before it one by one.
    pub fn c_access_before(&mut self, cell: u16, t: u64, mem: &VicMem) -> bool {
        let tm = self.timing;
        let line_start = tm.line_start(t);
        if self.clock < line_start {
            self.sync(line_start - 1, mem);
        }
        if self.clock > t {
            return false;
        }
        // C-accesses still to run up to t, on a bad line?
        let first = self.clock.max(timing::at(line_start, timing::MATRIX.0));
        if first > t.min(timing::at(line_start, timing::MATRIX.1)) {
            return false;
        }
        let bad = (self.clock > line_start && self.fetch.bad_line)
            || self
                .next_bad_line(self.clock)
                .is_some_and(|(from, _)| from < line_start + tm.line);
        if !bad {
            return false;
        }
        if tm.cycle_of(self.clock) > timing::UPDATE_VC {
            // VC has left VCBASE: any cell may be the one.
            return true;
        }
        // The c-access of cycle 15 + k reads cell VCBASE + k.
        let k = cell.wrapping_sub(self.fetch.vcbase) & 0x3FF;
        k < 40 && timing::at(line_start, timing::MATRIX.0 + k as u8) <= t
    }

    /// The pages of RAM the VIC reads with its registers as they are: the video
    /// matrix (and the sprite pointers in it), the character set or bitmap, the
    /// pages of the sprites with DMA on or enabled (by the pointers in memory and the
    /// ones the VIC last fetched), and the bytes idle accesses read ($3FFF, $39FF,
    /// $38FF, $3807).
    /// The character ROM is not RAM: banks 0 and 2 leave $1000-$1FFF out.
    pub fn reads(&mut self, mem: &VicMem) -> Reads {
        let d011 = self.regs[usize::from(CTRL1)];
        let d018 = self.regs[usize::from(MEMPTR)];
        let mut gfx = 1u64 << 0x3F | 1 << 0x39 | 1 << 0x38;
        if d011 & 0x20 != 0 {
            gfx |= 0xFFFF_FFFF << (u32::from(d018 & 0x08) << 2);
        } else {
            gfx |= 0xFF << (u32::from(d018 & 0x0E) << 2);
        }
        let mut matrix = 0xFu64 << (u32::from(d018 >> 4) * 4);
        let mut dma = 0u64;
        let sprites = self.regs[0x15] | self.sprites.dma;
        let pointers = u16::from(d018 & 0xF0) << 6 | 0x3F8;
        for n in 0..8u8 {
            if sprites & (1 << n) != 0 {
                let stored = mem.read(self.bank, pointers | u16::from(n));
                let fetched = self.sprites.s[usize::from(n)].pointer;
                dma |= 1 << (stored >> 2) | 1 << (fetched >> 2);
            }
        }
        if self.bank & 1 == 0 {
            // $1000-$1FFF of banks 0 and 2: the character ROM.
            gfx &= !(0xFFFF << 0x10);
            matrix &= !(0xFFFF << 0x10);
            dma &= !(0xFFFF << 0x10);
        }
        let bank = usize::from(self.bank & 3);
        let now = self.clock;
        let mut reads = Reads {
            pointers: (bank as u16) << 14 | pointers,
            no_bad_line_until: self
                .next_bad_line(now)
                .map_or(u64::MAX, |(from, _)| from.max(now)),
            quiet_until: self.next_ba_low(now).unwrap_or(u64::MAX),
            ..Reads::default()
        };
        reads.always[bank] = gfx;
        reads.matrix[bank] = matrix;
        reads.sprites[bank] = dma;
        reads
    }
}

/// Does `pages` hold the page of `addr`?
#[inline(always)]
pub fn holds(pages: &Pages, addr: u16) -> bool {
    pages[usize::from(addr >> 14)] >> ((addr >> 8) & 0x3F) & 1 != 0
}
