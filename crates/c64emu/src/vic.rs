//! The VIC-II as the CPU sees it: the register file with its read masks, the raster
//! counter derived from the cycle count (PAL: 63 cycles per line, 312 lines), and the
//! raster compare flag in $D019 (the KERNAL's PAL/NTSC test at reset needs it).
//!
//! What the VIC draws is in `render.rs`, from these registers at the end of a frame.
//! Not here yet (issue 13 builds on this module): delivering the raster interrupt to the
//! CPU, bad lines stealing cycles, sprites and their collisions. The hooks for that are
//! `next_event` (when the machine's step loop must call `sync` next) and `irq_line`.

use crate::map::pal::{CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};
use crate::map::vic::*;

/// Raster compare interrupt flag in $D019.
pub const IRQ_RASTER: u8 = 0x01;

/// The VIC-II register file and its raster state.
#[derive(Clone, Debug)]
pub struct Vic {
    regs: [u8; 64],
    /// Latched interrupt flags (bits 0-3 of $D019).
    flags: u8,
    /// Raster compare matches up to this cycle have been latched.
    checked: u64,
}

impl Default for Vic {
    fn default() -> Vic {
        Vic::new()
    }
}

/// Raster line at `cycles`.
pub fn raster_line(cycles: u64) -> u16 {
    ((cycles / CYCLES_PER_LINE) % LINES_PER_FRAME) as u16
}

impl Vic {
    /// All registers zero, as after power-on.
    pub fn new() -> Vic {
        Vic {
            regs: [0; 64],
            flags: 0,
            checked: 0,
        }
    }

    /// The registers as the KERNAL's screen initialisation leaves them.
    pub fn kernal_defaults() -> Vic {
        let mut v = Vic::new();
        let init: [(u8, u8); 13] = [
            (CTRL1, 0x1B),
            (CTRL2, 0xC8),
            (MEMPTR, 0x15),
            (IRQ_FLAGS, 0x71),
            (IRQ_MASK, 0xF0),
            (BORDER, 14),
            (BACKGROUND0, 6),
            (0x22, 1),
            (0x23, 2),
            (0x24, 3),
            (0x25, 4),
            (0x26, 0),
            (0x27, 1),
        ];
        for (r, value) in init {
            v.regs[usize::from(r)] = value;
        }
        v
    }

    /// The raw register (what the CPU last wrote).
    pub fn reg(&self, r: u8) -> u8 {
        self.regs[usize::from(r & 0x3F)]
    }

    /// Set a register directly (the screen editor switching character sets).
    pub fn set_reg(&mut self, r: u8, value: u8) {
        self.regs[usize::from(r & 0x3F)] = value;
    }

    fn compare_line(&self) -> u64 {
        (u64::from(self.regs[usize::from(CTRL1)] & 0x80) << 1)
            | u64::from(self.regs[usize::from(RASTER)])
    }

    /// Latch raster compare matches up to cycle `t`.
    pub fn sync(&mut self, t: u64) {
        if t <= self.checked {
            return;
        }
        let line = self.compare_line();
        if line < LINES_PER_FRAME {
            let start = line * CYCLES_PER_LINE;
            // The first start of that line after `checked`.
            let after = self.checked + 1;
            let at = if after <= start {
                start
            } else {
                start + (after - start).div_ceil(CYCLES_PER_FRAME) * CYCLES_PER_FRAME
            };
            if at <= t {
                self.flags |= IRQ_RASTER;
            }
        }
        self.checked = t;
    }

    /// When the step loop must call `sync` next for an interrupt (none yet: issue 13).
    pub fn next_event(&self) -> Option<u64> {
        None
    }

    /// The VIC's interrupt line (not delivered yet: issue 13).
    pub fn irq_line(&self) -> bool {
        false
    }

    /// Register `r` as the CPU reads it at cycle `t`.
    pub fn read(&mut self, r: u8, t: u64) -> u8 {
        self.sync(t);
        self.peek(r, t)
    }

    /// Like `read`, without latching anything.
    pub fn peek(&self, r: u8, t: u64) -> u8 {
        let r = r & 0x3F;
        let raster = raster_line(t);
        let v = self.regs[usize::from(r)];
        match r {
            CTRL1 => (v & 0x7F) | (((raster >> 1) & 0x80) as u8),
            RASTER => raster as u8,
            CTRL2 => v | 0xC0,
            MEMPTR => v | 0x01,
            IRQ_FLAGS => {
                let mut copy = self.clone();
                copy.sync(t);
                let flags = copy.flags;
                let any = if flags & self.regs[usize::from(IRQ_MASK)] & 0x0F != 0 {
                    0x80
                } else {
                    0
                };
                flags | 0x70 | any
            }
            IRQ_MASK => v | 0xF0,
            SS_COLLISION | SB_COLLISION => 0, // no sprites, no collisions
            0x20..=0x2E => v | 0xF0,
            UNUSED..=0x3F => 0xFF,
            _ => v,
        }
    }

    /// Write register `r` at cycle `t`.
    pub fn write(&mut self, r: u8, value: u8, t: u64) {
        self.sync(t);
        let r = r & 0x3F;
        match r {
            IRQ_FLAGS => self.flags &= !(value & 0x0F),
            CTRL1 | RASTER => {
                self.regs[usize::from(r)] = value;
                // A compare value equal to the current line matches at once.
                if u64::from(raster_line(t)) == self.compare_line() {
                    self.flags |= IRQ_RASTER;
                }
            }
            UNUSED..=0x3F => {}
            _ => self.regs[usize::from(r)] = value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raster_counts_63_cycle_lines_and_bit_8_sits_in_d011() {
        let v = Vic::kernal_defaults();
        assert_eq!(v.peek(RASTER, 0), 0);
        assert_eq!(v.peek(RASTER, 63 * 100 + 62), 100);
        assert_eq!(v.peek(RASTER, 63 * 300), 44);
        assert_eq!(v.peek(CTRL1, 63 * 300) & 0x80, 0x80);
        assert_eq!(v.peek(CTRL1, 63 * 100) & 0x80, 0);
        assert_eq!(raster_line(CYCLES_PER_FRAME), 0);
    }

    #[test]
    fn raster_compare_latches_in_d019_until_acknowledged() {
        // The KERNAL's PAL test: compare line 311 ($D011 bit 7 + $D012 = $37).
        let mut v = Vic::new();
        v.write(CTRL1, 0x9B, 0);
        v.write(RASTER, 0x37, 0);
        v.write(IRQ_FLAGS, 0x0F, 0);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63 - 1) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63) & 1, 1);
        v.write(IRQ_FLAGS, 0x01, 311 * 63 + 10);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63 + 20) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, CYCLES_PER_FRAME + 311 * 63) & 1, 1);
        // A line the frame does not have (NTSC would) never matches.
        v.write(RASTER, 0xFF, CYCLES_PER_FRAME + 311 * 63 + 1);
        v.write(IRQ_FLAGS, 0x0F, CYCLES_PER_FRAME + 311 * 63 + 2);
        assert_eq!(v.read(IRQ_FLAGS, 5 * CYCLES_PER_FRAME) & 1, 0);
    }

    #[test]
    fn read_masks_and_unused_registers() {
        let mut v = Vic::new();
        v.write(BORDER, 0x05, 0);
        assert_eq!(v.peek(BORDER, 0), 0xF5);
        assert_eq!(v.peek(0x3F, 0), 0xFF);
        assert_eq!(v.peek(IRQ_MASK, 0), 0xF0);
        assert_eq!(v.peek(MEMPTR, 0) & 1, 1);
    }
}
