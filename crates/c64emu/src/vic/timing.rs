//! The VIC-II's line: 63 cycles on the 6569 (PAL), 65 on the 6567R8 (NTSC) and the 6572
//! (PAL-N), 64 on the 6567R56A (old NTSC), numbered from 1 as in C. Bauer's article "The
//! MOS 6567/6569 video controller", and what the chip does in each of them:
//!
//! - phi1 (the cycle's first half, the VIC's own): sprite n's pointer two cycles after
//!   sprite n-1's (sprite 0's in cycle 58 on the 6569, 59 on the 6567s), one of its data
//!   bytes in the next, five refresh cycles 11-15, the graphics (g) accesses 16-55, idle
//!   accesses elsewhere (the 6567R8's 10 and 56-58 among them);
//! - phi2 (the CPU's half, taken while BA is low): the character matrix (c) accesses
//!   15-54 of a bad line, sprite n's first and third data bytes in its two cycles;
//! - BA: low in 12-54 of a bad line, and from three cycles before sprite n's accesses
//!   to their end.
//!
//! What differs between the chips is in a [`Timing`]; the rest (bad lines, the c- and
//! g-accesses, the counters, the border comparisons) happens in the same cycles on all.
//! The VIC works on the absolute cycle count: cycle 1 of raster line 0 is at a multiple
//! of the frame's length, the line's cycle `n` at offset `n - 1` of its line.

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
/// The Y expansion flip-flops toggle (and sprite DMA may start).
pub const SPRITE_EXPAND: u8 = 56;
/// RC steps (or the sequencer goes idle).
pub const UPDATE_RC: u8 = 58;
/// The most cycles a line has.
pub const MAX_LINE: usize = 65;

/// What differs between the VIC-II chips: the line's length and its cycles, the frame's
/// lines, where the sprites' accesses fall, the part of the frame a monitor shows.
#[derive(Debug)]
pub struct Timing {
    /// Cycles per line, lines per frame, cycles per frame.
    pub line: u64,
    pub lines: u16,
    pub frame: u64,
    /// The line's cycles, indexed by number (1 to `line`; entry 0 is unused).
    pub cycles: [Cycle; MAX_LINE + 1],
    /// The cycle sprite 0 reads its pointer in.
    pub sprite0: u8,
    /// The cycles sprite DMA may start in (Y comparison): the first (the second is
    /// `SPRITE_EXPAND` on the 6569, the one after it on the others).
    pub sprite_dma: (u8, u8),
    /// Sprite display is decided and MC loaded (shown from the next cycle).
    pub sprite_display: u8,
    /// Per sprite, the cycles its DMA holds BA low in (bit n - 1: cycle n).
    pub sprite_ba_bits: [u128; 8],
    /// The first raster line of the picture (VICE's default visible area) and its
    /// height (lines past the frame's last are the next frame's first ones, drawn
    /// below: NTSC's lower border).
    pub first_line: u16,
    pub height: usize,
    /// Where the display window's top left pixel is in the picture.
    pub window_y: usize,
}

/// The 6569 and 8565 (PAL): 63 cycles, 312 lines.
pub static PAL: Timing = Timing::new(63, 312, 58, 0, (16, 272, 35));
/// The 6567R8 and 8562 (NTSC): 65 cycles, 263 lines; the X coordinate stays for a
/// cycle after $180-$187 (65 cycles of 8 pixels for 512 coordinates).
pub static NTSC: Timing = Timing::new(65, 263, 59, 62, (28, 247, 23));
/// The 6567R56A (the first NTSC chips): 64 cycles, 262 lines.
pub static NTSC_OLD: Timing = Timing::new(64, 262, 59, 0, (28, 247, 23));
/// The 6572 (PAL-N, Argentina's Drean C64): the 6567R8's line in a PAL frame.
pub static PAL_N: Timing = Timing::new(65, 312, 59, 62, (16, 272, 35));

impl Timing {
    /// The timing of a chip whose line has `line` cycles and whose frame `lines` lines,
    /// whose sprite 0 reads its pointer in cycle `sprite0`, whose X coordinate repeats
    /// after cycle `repeat_after` (0: never), and whose picture is `(first line, height,
    /// window's top)`.
    const fn new(
        line: u8,
        lines: u16,
        sprite0: u8,
        repeat_after: u8,
        picture: (u16, usize, usize),
    ) -> Timing {
        let mut cycles = [cycle(1, line, sprite0, repeat_after); MAX_LINE + 1];
        let mut n = 1;
        while n <= line {
            cycles[n as usize] = cycle(n, line, sprite0, repeat_after);
            n += 1;
        }
        // On the 6569 DMA may start in the cycle before the expansion flip-flops
        // toggle, on the others in the cycle after.
        let sprite_dma = if sprite0 == 58 {
            (SPRITE_EXPAND - 1, SPRITE_EXPAND)
        } else {
            (SPRITE_EXPAND, SPRITE_EXPAND + 1)
        };
        // With the pointer access on the 6569 and 6567R8, a cycle before it on the
        // 6567R56A.
        let sprite_display = if line == 64 { 58 } else { sprite0 };
        cycles[UPDATE_MCBASE as usize].sprites = SpriteCheck::McBase;
        cycles[sprite_dma.0 as usize].sprites = SpriteCheck::Dma;
        cycles[sprite_dma.1 as usize].sprites = SpriteCheck::Dma;
        cycles[SPRITE_EXPAND as usize].sprites = SpriteCheck::DmaExpand;
        cycles[sprite_display as usize].sprites = SpriteCheck::Display;
        let mut sprite_ba_bits = [0u128; 8];
        let mut n = 1;
        while n <= line {
            let mut s = 0;
            while s < 8 {
                if cycles[n as usize].sprite_ba & (1 << s) != 0 {
                    sprite_ba_bits[s] |= 1 << (n - 1);
                }
                s += 1;
            }
            n += 1;
        }
        Timing {
            line: line as u64,
            lines,
            frame: line as u64 * lines as u64,
            cycles,
            sprite0,
            sprite_dma,
            sprite_display,
            sprite_ba_bits,
            first_line: picture.0,
            height: picture.1,
            window_y: picture.2,
        }
    }

    /// The cycle (1 to `line`) sprite `n` reads its pointer in; its data follow in this
    /// cycle's phi2 and the next cycle's both halves.
    pub const fn sprite_pointer_cycle(&self, n: u8) -> u8 {
        pointer_cycle(n, self.line as u8, self.sprite0)
    }

    /// Offset in its line of the first cycle sprite `n`'s DMA holds BA low (three
    /// cycles before its pointer; past the line's end for the last sprites: into the
    /// next line).
    pub const fn sprite_ba_offset(&self, n: u8) -> u64 {
        self.sprite0 as u64 - 4 + 2 * n as u64
    }

    /// The cycle before cycle `n` (the line's last before cycle 1).
    #[inline(always)]
    pub fn prev(&self, n: u8) -> &Cycle {
        &self.cycles[usize::from(if n == 1 { self.line as u8 } else { n - 1 })]
    }

    /// Cycle number (1 to `line`) of absolute cycle `t`.
    #[inline(always)]
    pub fn cycle_of(&self, t: u64) -> u8 {
        (self.line_offset(t) + 1) as u8
    }

    /// `t`'s offset in its line (a division by a constant for each line length).
    #[inline(always)]
    pub fn line_offset(&self, t: u64) -> u64 {
        match self.line {
            63 => t % 63,
            64 => t % 64,
            _ => t % 65,
        }
    }

    /// The first cycle of `t`'s line.
    #[inline(always)]
    pub fn line_start(&self, t: u64) -> u64 {
        t - self.line_offset(t)
    }

    /// Line in the frame (0 to `lines - 1`) of absolute cycle `t`.
    #[inline(always)]
    pub fn line_of(&self, t: u64) -> u16 {
        let offset = self.frame_offset(t);
        (match self.line {
            63 => offset / 63,
            64 => offset / 64,
            _ => offset / 65,
        }) as u16
    }

    /// `t`'s offset in its frame (a division by a constant for each chip's frame).
    #[inline(always)]
    pub fn frame_offset(&self, t: u64) -> u64 {
        match self.frame {
            19656 => t % 19656,
            17095 => t % 17095,
            16768 => t % 16768,
            _ => t % self.frame,
        }
    }

    /// The first cycle of `t`'s frame.
    #[inline(always)]
    pub fn frame_start(&self, t: u64) -> u64 {
        t - self.frame_offset(t)
    }

    /// The raster counter as $D011/$D012 show it in cycle `t`: the line, except in
    /// cycle 1 of line 0, which still counts as the frame's last line (the counter is
    /// reset in cycle 2).
    pub fn raster_at(&self, t: u64) -> u16 {
        let line = self.line_of(t);
        if line == 0 && self.line_offset(t) == 0 {
            self.lines - 1
        } else {
            line
        }
    }

    /// The cycle in which the raster counter first equals `line` (< `lines`) at or
    /// after `t` (line 0 in its cycle 2).
    pub fn next_raster_match(&self, line: u16, t: u64) -> u64 {
        let frame = self.frame_start(t);
        let offset = u64::from(line) * self.line + u64::from(line == 0);
        let at = frame + offset;
        if at >= t { at } else { at + self.frame }
    }
}

/// The cycle (1 to `line`) sprite `n` reads its pointer in.
const fn pointer_cycle(n: u8, line: u8, sprite0: u8) -> u8 {
    ((sprite0 as u16 - 1 + 2 * n as u16) % line as u16 + 1) as u8
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

impl Phi1 {
    /// A sprite's pointer or data access.
    #[inline(always)]
    pub fn is_sprite(self) -> bool {
        matches!(self, Phi1::SpritePointer(_) | Phi1::SpriteData(_))
    }
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

/// What the sprite unit decides in a cycle (C. Bauer, 3.8.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpriteCheck {
    None,
    /// MCBASE takes MC (`UPDATE_MCBASE`).
    McBase,
    /// DMA may start (Y comparison).
    Dma,
    /// DMA may start, then the Y expansion flip-flops toggle.
    DmaExpand,
    /// Display is decided and MC loaded (shown from the next cycle).
    Display,
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
    /// The sprite unit's decision in this cycle.
    pub sprites: SpriteCheck,
    /// Sprite X coordinate of the cycle's first pixel (its phi1, in steps of 8):
    /// $190 in cycle 1 on the 6569 ($198 on the others), wrapping to 0 in cycle 14.
    pub xpos: u16,
}

/// Cycle `n` of a line of `line` cycles whose sprite 0 reads its pointer in cycle
/// `sprite0` and whose X coordinate repeats after cycle `repeat_after` (0: never).
const fn cycle(n: u8, line: u8, sprite0: u8, repeat_after: u8) -> Cycle {
    let len = line as u16;
    let mut phi1 = Phi1::Idle;
    let mut phi2 = Phi2::None;
    let mut sprite_ba = 0u8;
    let mut s = 0u8;
    while s < 8 {
        let p = pointer_cycle(s, line, sprite0);
        let next = p % line + 1;
        if n == p {
            phi1 = Phi1::SpritePointer(s);
            phi2 = Phi2::SpriteFirst(s);
        } else if n == next {
            phi1 = Phi1::SpriteData(s);
            phi2 = Phi2::SpriteLast(s);
        }
        // BA from three cycles before the pointer to the third data byte.
        let from = (p as u16 + len - 3 - 1) % len;
        let at = (n as u16 + len - 1 - from) % len;
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
    // X is 0 in cycle 14 and counts 8 a cycle to its last value before wrapping there
    // (the 6569's counter ends at $1F7, the others' at $1FF).
    let positions = 8 * (len - (repeat_after != 0) as u16);
    let positions = if positions > 0x200 { 0x200 } else { positions };
    let first = positions - 8 * (UPDATE_VC as u16 - 1);
    let xpos = if n < UPDATE_VC {
        first + 8 * (n as u16 - 1)
    } else if repeat_after == 0 || n <= repeat_after {
        8 * (n as u16 - UPDATE_VC as u16)
    } else {
        8 * (n as u16 - UPDATE_VC as u16 - 1)
    };
    Cycle {
        phi1,
        phi2,
        sprite_ba,
        badline_ba: n >= BADLINE_BA.0 && n <= BADLINE_BA.1,
        sprites: SpriteCheck::None,
        xpos,
    }
}

/// Cycle `n` of the line starting at absolute cycle `line_start`.
#[inline(always)]
pub fn at(line_start: u64, n: u8) -> u64 {
    line_start + u64::from(n) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cycles in which sprite `s`'s DMA holds BA low.
    fn ba(t: &Timing, s: u8) -> Vec<u8> {
        (1..=t.line as u8)
            .filter(|&n| t.cycles[usize::from(n)].sprite_ba & (1 << s) != 0)
            .collect()
    }

    #[test]
    fn the_6569s_line_as_c_bauer_tabulates_it() {
        let t = &PAL;
        assert_eq!(t.sprite_pointer_cycle(0), 58);
        assert_eq!(t.sprite_pointer_cycle(2), 62);
        assert_eq!(t.sprite_pointer_cycle(3), 1);
        assert_eq!(t.sprite_pointer_cycle(7), 9);
        let c = &t.cycles;
        assert_eq!(c[58].phi1, Phi1::SpritePointer(0));
        assert_eq!(c[59].phi2, Phi2::SpriteLast(0));
        assert_eq!(c[10].phi1, Phi1::SpriteData(7));
        assert_eq!(c[11].phi1, Phi1::Refresh);
        assert_eq!(c[15].phi2, Phi2::Matrix);
        assert_eq!(c[55].phi1, Phi1::Graphics);
        assert_eq!(c[56].phi1, Phi1::Idle);
        // Sprite 0's BA: 55-59; sprite 3's wraps: 61-63 and 1-2.
        assert_eq!(ba(t, 0), vec![55, 56, 57, 58, 59]);
        assert_eq!(ba(t, 3), vec![1, 2, 61, 62, 63]);
        assert_eq!(ba(t, 7), vec![6, 7, 8, 9, 10]);
        assert_eq!(c[1].xpos, 0x190);
        assert_eq!(c[13].xpos, 0x1F0);
        assert_eq!(c[14].xpos, 0);
        assert_eq!(c[63].xpos, 0x188);
        assert_eq!((t.sprite_dma, t.sprite_display), ((55, 56), 58));
        assert_eq!(c[55].sprites, SpriteCheck::Dma);
        assert_eq!(c[56].sprites, SpriteCheck::DmaExpand);
        assert_eq!(c[58].sprites, SpriteCheck::Display);
        assert_eq!((t.frame, t.sprite_ba_offset(0)), (19656, 54));
    }

    #[test]
    fn the_6567r8s_line_as_c_bauer_tabulates_it() {
        let t = &NTSC;
        assert_eq!((t.line, t.lines, t.frame), (65, 263, 17095));
        let c = &t.cycles;
        // Sprite 0's pointer in 59, sprite 3's in the line's last cycle, sprite 7's
        // data in 9; idle accesses in 10 and 56-58.
        assert_eq!(c[59].phi1, Phi1::SpritePointer(0));
        assert_eq!(c[65].phi1, Phi1::SpritePointer(3));
        assert_eq!(c[1].phi1, Phi1::SpriteData(3));
        assert_eq!(c[1].phi2, Phi2::SpriteLast(3));
        assert_eq!(c[8].phi1, Phi1::SpritePointer(7));
        assert_eq!(c[9].phi1, Phi1::SpriteData(7));
        for n in [10, 56, 57, 58] {
            assert_eq!(c[n].phi1, Phi1::Idle, "cycle {n}");
        }
        assert_eq!(c[11].phi1, Phi1::Refresh);
        assert_eq!(c[55].phi1, Phi1::Graphics);
        // A bad line's BA: 12-54 as on the 6569.
        let bad: Vec<u8> = (1..=65u8)
            .filter(|&n| c[usize::from(n)].badline_ba)
            .collect();
        assert_eq!(bad, (12..=54).collect::<Vec<u8>>());
        assert_eq!(ba(t, 0), vec![56, 57, 58, 59, 60]);
        assert_eq!(ba(t, 3), vec![1, 62, 63, 64, 65]);
        assert_eq!(ba(t, 7), vec![5, 6, 7, 8, 9]);
        assert_eq!(t.sprite_ba_offset(0), 55);
        // X: $198 in cycle 1, 0 in 14, $180 twice (62 and 63), $190 in 65.
        assert_eq!(c[1].xpos, 0x198);
        assert_eq!(c[13].xpos, 0x1F8);
        assert_eq!(c[14].xpos, 0);
        assert_eq!((c[62].xpos, c[63].xpos, c[64].xpos), (0x180, 0x180, 0x188));
        assert_eq!(c[65].xpos, 0x190);
        assert_eq!((t.sprite_dma, t.sprite_display), ((56, 57), 59));
        let checks: Vec<(usize, SpriteCheck)> = (1..=65)
            .filter(|&n| c[n].sprites != SpriteCheck::None)
            .map(|n| (n, c[n].sprites))
            .collect();
        assert_eq!(
            checks,
            [
                (16, SpriteCheck::McBase),
                (56, SpriteCheck::DmaExpand),
                (57, SpriteCheck::Dma),
                (59, SpriteCheck::Display)
            ]
        );
    }

    #[test]
    fn the_6567r56as_line_as_c_bauer_tabulates_it() {
        let t = &NTSC_OLD;
        assert_eq!((t.line, t.lines, t.frame), (64, 262, 16768));
        let c = &t.cycles;
        assert_eq!(c[59].phi1, Phi1::SpritePointer(0));
        assert_eq!(c[1].phi1, Phi1::SpritePointer(3));
        assert_eq!(c[9].phi1, Phi1::SpritePointer(7));
        assert_eq!(c[10].phi1, Phi1::SpriteData(7));
        assert_eq!(c[64].phi1, Phi1::SpriteData(2));
        for n in [56, 57, 58] {
            assert_eq!(c[n].phi1, Phi1::Idle, "cycle {n}");
        }
        assert_eq!(ba(t, 0), vec![56, 57, 58, 59, 60]);
        assert_eq!(ba(t, 3), vec![1, 2, 62, 63, 64]);
        assert_eq!(ba(t, 7), vec![6, 7, 8, 9, 10]);
        // X counts without a stop: $198 in cycle 1, $190 in 64.
        assert_eq!(c[1].xpos, 0x198);
        assert_eq!(c[14].xpos, 0);
        assert_eq!(c[64].xpos, 0x190);
        assert_eq!((t.sprite_dma, t.sprite_display), ((56, 57), 58));
    }

    #[test]
    fn the_6572_has_the_6567r8s_line_in_a_pal_frame() {
        assert_eq!((PAL_N.line, PAL_N.lines, PAL_N.frame), (65, 312, 20280));
        assert_eq!(PAL_N.cycles[65].phi1, Phi1::SpritePointer(3));
    }

    #[test]
    fn the_raster_counter_shows_the_last_line_in_cycle_1_of_line_0() {
        for t in [&PAL, &NTSC, &NTSC_OLD] {
            let (frame, last) = (t.frame, t.lines - 1);
            assert_eq!(t.raster_at(frame - 1), last);
            assert_eq!(t.raster_at(frame), last);
            assert_eq!(t.raster_at(frame + 1), 0);
            assert_eq!(t.raster_at(0), last);
            assert_eq!(t.next_raster_match(0, 5), frame + 1);
            assert_eq!(t.next_raster_match(0, 0), 1);
            let l100 = 100 * t.line;
            assert_eq!(t.next_raster_match(100, l100), l100);
            assert_eq!(t.next_raster_match(100, l100 + 1), frame + l100);
            assert_eq!(t.line_of(frame + l100 + 3), 100);
            assert_eq!(t.cycle_of(frame + l100 + 3), 4);
        }
        // The 6567R8 wraps after line 262, the 6567R56A after 261.
        assert_eq!(NTSC.raster_at(17095 - 1), 262);
        assert_eq!(NTSC_OLD.raster_at(16768 - 1), 261);
    }
}
