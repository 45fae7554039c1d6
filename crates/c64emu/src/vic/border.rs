//! The border unit (C. Bauer, 3.9): the vertical border flip-flop, set at the bottom
//! comparison line and cleared at the top one while DEN is set, and the main border
//! flip-flop, cleared at the left comparison (unless the vertical one is set) and set
//! at the right one. A register write changes the comparison from the cycle after it,
//! so the borders open where a program switches RSEL or CSEL at the right moment.

use super::graphics::{REG, Ref, splat};
use super::timing::{BORDER_LEFT, BORDER_RIGHT};

const BORDER: Ref = REG;

#[derive(Clone, Debug)]
pub struct Border {
    /// The main flip-flop (covers everything).
    pub main: bool,
    /// The vertical flip-flop, and the value it takes at the line's start.
    pub vertical: bool,
    set_vertical: bool,
    /// The main flip-flop as the pixels see it (a cycle later).
    shown: bool,
}

impl Default for Border {
    fn default() -> Border {
        Border {
            main: true,
            vertical: true,
            set_vertical: true,
            shown: true,
        }
    }
}

/// The window's top and bottom lines for RSEL in `d011`: 25 rows $33-$FA, 24 rows
/// $37-$F6.
fn rows(d011: u8) -> (u16, u16) {
    if d011 & 0x08 != 0 {
        (0x33, 0xFB)
    } else {
        (0x37, 0xF7)
    }
}

impl Border {
    /// The horizontal comparisons in a cycle's first half (`csel`: 40 columns).
    #[inline(always)]
    pub fn check_horizontal(&mut self, cycle: u8, line: u16, d011: u8, csel: bool) {
        let (left, right) = if csel {
            (BORDER_LEFT.0, BORDER_RIGHT.0)
        } else {
            (BORDER_LEFT.1, BORDER_RIGHT.1)
        };
        if cycle == left {
            if line == rows(d011).1 {
                self.set_vertical = true;
            }
            self.vertical = self.set_vertical;
            if !self.vertical {
                self.main = false;
            }
        } else if cycle == right {
            self.main = true;
        }
    }

    /// The vertical comparisons, every cycle (its second half): the top line with DEN
    /// clears the vertical flip-flop at once; the bottom line sets it from the next
    /// left comparison or line start.
    #[inline(always)]
    pub fn check_vertical(&mut self, cycle: u8, line: u16, d011: u8) {
        let (top, bottom) = rows(d011);
        if line == top && d011 & 0x10 != 0 {
            self.vertical = false;
            self.set_vertical = false;
        }
        if line == bottom {
            self.set_vertical = true;
        }
        if cycle == 1 {
            self.vertical = self.set_vertical;
        }
    }

    /// Cover the cycle's pixels where the border is (in 38 columns it starts and ends
    /// one pixel into the cycle).
    #[inline(always)]
    pub fn draw(&mut self, csel: bool, out: &mut [Ref; 8]) {
        match (self.shown, self.main) {
            (false, false) => {}
            (true, true) => *out = [BORDER; 8],
            (was, now) => {
                if csel {
                    if was {
                        *out = [BORDER; 8];
                    }
                } else {
                    if was {
                        out[..7].fill(BORDER);
                    }
                    if now {
                        out[7] = BORDER;
                    }
                }
                self.shown = now;
            }
        }
    }

    /// `draw` for pixels in colours (pixel i in lane i), the border's colour `color`.
    #[inline(always)]
    pub fn draw_colors(&mut self, csel: bool, px: &mut u64, color: u8) {
        cover(self.shown, self.main, csel, px, color);
        self.shown = self.main;
    }

    /// After a whole line (`Vic::fast_line`): the pixels have followed the main
    /// flip-flop.
    pub fn end_line(&mut self) {
        self.shown = self.main;
    }
}

/// Cover a cycle's pixels (colours, pixel i in lane i) with border colour `color`: the
/// main flip-flop was `was` when the cycle began and is `now` (in 38 columns a change
/// shows one pixel into the cycle).
#[inline(always)]
pub fn cover(was: bool, now: bool, csel: bool, px: &mut u64, color: u8) {
    const LAST: u64 = 0xFF << 56;
    match (was, now) {
        (false, false) => {}
        (true, true) => *px = splat(color),
        (true, false) if csel => *px = splat(color),
        (true, false) => *px = (*px & LAST) | (splat(color) & !LAST),
        (false, true) if csel => {}
        (false, true) => *px = (*px & !LAST) | (splat(color) & LAST),
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Border {
    main,
    vertical,
    set_vertical,
    shown
});
