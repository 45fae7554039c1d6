//! The 6569's (PAL) line: 63 cycles, numbered 1-63 as in C. Bauer's article "The MOS
//! 6567/6569 video controller", and what the VIC-II does in each of them:
//!
//! - phi1 (the cycle's first half, the VIC's own): sprite n's pointer in cycle 58+2n
//!   (modulo 63) and one of its data bytes in the next, five refresh cycles 11-15, the
//!   graphics (g) accesses 16-55, idle accesses elsewhere;
//! - phi2 (the CPU's half, taken while BA is low): the character matrix (c) accesses
//!   15-54 of a bad line, sprite n's first and third data bytes in cycles 58+2n, 59+2n;
//! - BA: low in 12-54 of a bad line, and from three cycles before sprite n's accesses
//!   to their end (55+2n to 59+2n).
//!
//! The VIC works on the absolute cycle count: cycle 1 of raster line 0 is at a multiple
//! of `FRAME`, the line's cycle `n` at offset `n - 1` of its line.

use crate::map::pal::{CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};

/// Cycles per line.
pub const LINE: u64 = CYCLES_PER_LINE;
/// Lines per frame.
pub const LINES: u16 = LINES_PER_FRAME as u16;
/// Cycles per frame.
pub const FRAME: u64 = CYCLES_PER_FRAME;

/// First and last raster line that can be a bad line.
pub const FIRST_DMA_LINE: u16 = 0x30;
pub const LAST_DMA_LINE: u16 = 0xF7;
/// First and last cycle of a bad line's BA (low) and of its c-accesses.
pub const BADLINE_BA: (u8, u8) = (12, 54);
pub const MATRIX: (u8, u8) = (15, 54);
/// First and last g-access.
pub const GRAPHICS: (u8, u8) = (16, 55);
/// Refresh cycles.
pub const REFRESH: (u8, u8) = (11, 15);
/// VC is loaded from VCBASE (and RC reset on a bad line).
pub const UPDATE_VC: u8 = 14;
/// A write to $D017 here crunches a sprite.
pub const SPRITE_CRUNCH: u8 = 15;
/// MCBASE follows MC (sprite DMA ends after the 21st row).
pub const UPDATE_MCBASE: u8 = 16;
/// The left border's comparison (40 columns, 38 columns).
pub const BORDER_LEFT: (u8, u8) = (17, 18);
/// The right border's comparison (40 columns, 38 columns).
pub const BORDER_RIGHT: (u8, u8) = (57, 56);
/// Sprite DMA may start (Y comparison): both cycles.
pub const SPRITE_DMA: (u8, u8) = (55, 56);
/// The Y expansion flip-flops toggle.
pub const SPRITE_EXPAND: u8 = 56;
/// Sprite display is decided and RC steps (or the sequencer goes idle).
pub const UPDATE_RC: u8 = 58;

/// The cycle (1-63) sprite `n` reads its pointer in; its data follow in this cycle's
/// phi2 and the next cycle's both halves.
pub const fn sprite_pointer_cycle(n: u8) -> u8 {
    ((57 + 2 * n as u16) % 63 + 1) as u8
}

/// What the VIC reads in a cycle's first half.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phi1 {
    /// The last byte of the bank ($3FFF).
    Idle,
    /// A DRAM refresh address ($3F00-$3FFF).
    Refresh,
    /// Graphics data (or the idle byte in idle state).
    Graphics,
    /// Sprite n's pointer.
    SpritePointer(u8),
    /// Sprite n's second data byte.
    SpriteData(u8),
}

/// What the VIC reads in a cycle's second half (if BA let it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phi2 {
    None,
    /// A character matrix (c) access on a bad line.
    Matrix,
    /// Sprite n's first data byte (after its pointer).
    SpriteFirst(u8),
    /// Sprite n's third data byte.
    SpriteLast(u8),
}

/// One cycle of the line.
#[derive(Clone, Copy, Debug)]
pub struct Cycle {
    pub phi1: Phi1,
    pub phi2: Phi2,
    /// Sprites whose DMA holds BA low in this cycle.
    pub sprite_ba: u8,
    /// A bad line holds BA low in this cycle.
    pub badline_ba: bool,
    /// Sprite X coordinate of the cycle's first pixel (its phi1, in steps of 8):
    /// $190 in cycle 1, wrapping from $1F7 to 0 in cycle 14.
    pub xpos: u16,
}

const fn cycle(n: u8) -> Cycle {
    let mut phi1 = Phi1::Idle;
    let mut phi2 = Phi2::None;
    let mut sprite_ba = 0u8;
    let mut s = 0u8;
    while s < 8 {
        let p = sprite_pointer_cycle(s);
        let next = p % 63 + 1;
        if n == p {
            phi1 = Phi1::SpritePointer(s);
            phi2 = Phi2::SpriteFirst(s);
        } else if n == next {
            phi1 = Phi1::SpriteData(s);
            phi2 = Phi2::SpriteLast(s);
        }
        // BA from three cycles before the pointer to the third data byte.
        let from = (p as u16 + 63 - 3 - 1) % 63;
        let at = (n as u16 + 63 - 1 - from) % 63;
        if at < 5 {
            sprite_ba |= 1 << s;
        }
        s += 1;
    }
    if n >= REFRESH.0 && n <= REFRESH.1 {
        phi1 = Phi1::Refresh;
    }
    if n >= GRAPHICS.0 && n <= GRAPHICS.1 {
        phi1 = Phi1::Graphics;
    }
    if n >= MATRIX.0 && n <= MATRIX.1 {
        phi2 = Phi2::Matrix;
    }
    let xpos = if n < 14 {
        0x190 + 8 * (n as u16 - 1)
    } else {
        8 * (n as u16 - 14)
    };
    Cycle {
        phi1,
        phi2,
        sprite_ba,
        badline_ba: n >= BADLINE_BA.0 && n <= BADLINE_BA.1,
        xpos,
    }
}

const fn table() -> [Cycle; 64] {
    let mut t = [cycle(1); 64];
    let mut n = 1;
    while n <= 63 {
        t[n] = cycle(n as u8);
        n += 1;
    }
    t
}

/// The line's cycles, indexed by number (1-63; entry 0 is unused).
pub static CYCLES: [Cycle; 64] = table();

/// Cycle number (1-63) of absolute cycle `t`.
#[inline(always)]
pub fn cycle_of(t: u64) -> u8 {
    (t % LINE) as u8 + 1
}

/// Line in the frame (0-311) of absolute cycle `t`.
#[inline(always)]
pub fn line_of(t: u64) -> u16 {
    ((t / LINE) % u64::from(LINES)) as u16
}

/// The raster counter as $D011/$D012 show it in cycle `t`: the line, except in cycle 1
/// of line 0, which still counts as line 311 (the counter is reset in cycle 2).
pub fn raster_at(t: u64) -> u16 {
    let line = line_of(t);
    if line == 0 && t.is_multiple_of(LINE) {
        LINES - 1
    } else {
        line
    }
}

/// The cycle in which the raster counter first equals `line` (< 312) at or after `t`
/// (line 0 in its cycle 2).
pub fn next_raster_match(line: u16, t: u64) -> u64 {
    let frame = t - t % FRAME;
    let offset = u64::from(line) * LINE + u64::from(line == 0);
    let at = frame + offset;
    if at >= t { at } else { at + FRAME }
}

/// Cycle `n` (1-63) of the line starting at absolute cycle `line_start`.
#[inline(always)]
pub fn at(line_start: u64, n: u8) -> u64 {
    line_start + u64::from(n) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_as_c_bauer_tabulates_it() {
        assert_eq!(sprite_pointer_cycle(0), 58);
        assert_eq!(sprite_pointer_cycle(2), 62);
        assert_eq!(sprite_pointer_cycle(3), 1);
        assert_eq!(sprite_pointer_cycle(7), 9);
        assert_eq!(CYCLES[58].phi1, Phi1::SpritePointer(0));
        assert_eq!(CYCLES[59].phi2, Phi2::SpriteLast(0));
        assert_eq!(CYCLES[10].phi1, Phi1::SpriteData(7));
        assert_eq!(CYCLES[11].phi1, Phi1::Refresh);
        assert_eq!(CYCLES[15].phi2, Phi2::Matrix);
        assert_eq!(CYCLES[55].phi1, Phi1::Graphics);
        assert_eq!(CYCLES[56].phi1, Phi1::Idle);
        // Sprite 0's BA: 55-59; sprite 3's wraps: 61-63 and 1-2.
        let ba = |s: u8| -> Vec<u8> {
            (1..=63u8)
                .filter(|&n| CYCLES[usize::from(n)].sprite_ba & (1 << s) != 0)
                .collect()
        };
        assert_eq!(ba(0), vec![55, 56, 57, 58, 59]);
        assert_eq!(ba(3), vec![1, 2, 61, 62, 63]);
        assert_eq!(ba(7), vec![6, 7, 8, 9, 10]);
        assert_eq!(CYCLES[1].xpos, 0x190);
        assert_eq!(CYCLES[13].xpos, 0x1F0);
        assert_eq!(CYCLES[14].xpos, 0);
        assert_eq!(CYCLES[63].xpos, 0x188);
    }

    #[test]
    fn the_raster_counter_shows_line_311_in_cycle_1_of_line_0() {
        assert_eq!(raster_at(FRAME - 1), 311);
        assert_eq!(raster_at(FRAME), 311);
        assert_eq!(raster_at(FRAME + 1), 0);
        assert_eq!(raster_at(0), 311);
        assert_eq!(next_raster_match(0, 5), FRAME + 1);
        assert_eq!(next_raster_match(0, 0), 1);
        assert_eq!(next_raster_match(100, 100 * 63), 100 * 63);
        assert_eq!(next_raster_match(100, 100 * 63 + 1), FRAME + 100 * 63);
    }
}
