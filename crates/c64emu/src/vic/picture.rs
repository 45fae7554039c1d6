//! The picture the VIC-II sends to the screen, drawn as the beam goes: VICE's default
//! visible area (PAL: 384 x 272, raster lines 16-287, 32 pixels of border left and
//! right of the 320-pixel window, 35 lines above it and 37 below; NTSC: 384 x 247,
//! lines 28 to the frame's last and the next frame's first ones below them, 23 lines
//! above the window), palette indices. The cycle drawing pixels `8c - 112` to
//! `8c - 105` of a line is its cycle c (14-61) on every chip.
//!
//! Pixels come from the sequencers as colour references, resolved here with the colour
//! registers. A register written in a cycle (its phi2) reaches the colour stage two
//! cycles later: the pixels the next cycle draws show it from the second on, the first
//! keeps the old colour (6569); the 8565 shows the new colour from the first pixel,
//! which is light grey where it was a reference to the register written (the "grey
//! dot").

use super::graphics::{REG, Ref};
use super::timing::Timing;

/// Picture width and height (PAL's; NTSC's is lower: `Timing::height`).
pub const WIDTH: usize = 384;
pub const HEIGHT: usize = 272;
/// Left border width and top border height (PAL's; `Timing::window_y`): the display
/// window's first pixel.
pub const WINDOW_X: usize = 32;
pub const WINDOW_Y: usize = 35;
/// First and last cycle drawing visible pixels.
pub const FIRST_CYCLE: u8 = 14;
pub const LAST_CYCLE: u8 = 61;

/// The light grey of the 8565's grey dot.
const GREY_DOT: u8 = 15;

#[derive(Clone, Debug)]
pub struct Picture {
    pens: Box<[u8]>,
    /// The first raster line shown, the picture's height, the frame's lines.
    first_line: u16,
    height: usize,
    lines: u16,
    /// Reference to colour: 0-15 themselves, `REG + n` register $D020+n.
    colors: [u8; 32],
    /// A colour register written in the last cycle: $D020+n and its value.
    written: Option<(u8, u8)>,
}

impl Picture {
    pub fn new(timing: &Timing) -> Picture {
        let mut colors = [0u8; 32];
        for (i, c) in colors.iter_mut().enumerate() {
            *c = i as u8 & 15;
        }
        Picture {
            pens: vec![0; WIDTH * timing.height].into_boxed_slice(),
            first_line: timing.first_line,
            height: timing.height,
            lines: timing.lines,
            colors,
            written: None,
        }
    }

    /// The pixels as palette indices, row by row.
    pub fn pens(&self) -> &[u8] {
        &self.pens
    }

    /// The picture's row of raster line `line` (the height or more if not shown).
    #[inline(always)]
    pub fn y(&self, line: u16) -> usize {
        if line >= self.first_line {
            usize::from(line - self.first_line)
        } else {
            usize::from(line + self.lines - self.first_line)
        }
    }

    /// Where cycle `cycle` of line `line` draws, if on screen.
    #[inline(always)]
    pub fn offset(&self, line: u16, cycle: u8) -> Option<usize> {
        let y = self.y(line);
        if y < self.height && (FIRST_CYCLE..=LAST_CYCLE).contains(&cycle) {
            Some(y * WIDTH + 8 * usize::from(cycle - FIRST_CYCLE))
        } else {
            None
        }
    }

    /// Write a cycle's pixels at `offset`, resolving their colours (`latency`: the
    /// 6569's).
    #[inline(always)]
    pub fn put(&mut self, offset: usize, refs: &[Ref; 8], latency: bool) {
        if self.written.is_some() {
            return self.put_written(offset, refs, latency);
        }
        let out = &mut self.pens[offset..offset + 8];
        for (o, &r) in out.iter_mut().zip(refs) {
            *o = self.colors[usize::from(r & 31)];
        }
    }

    /// `put` in the cycle after a colour register write, which takes effect in it.
    #[cold]
    fn put_written(&mut self, offset: usize, refs: &[Ref; 8], latency: bool) {
        let first = self.colors[usize::from(refs[0] & 31)];
        let r = self.apply_written();
        let out = &mut self.pens[offset..offset + 8];
        for (o, &x) in out.iter_mut().zip(refs) {
            *o = self.colors[usize::from(x & 31)];
        }
        if latency {
            out[0] = first;
        } else if Some(refs[0]) == r {
            out[0] = GREY_DOT;
        }
    }

    /// Is raster line `line` in the picture?
    #[inline(always)]
    pub fn shows(&self, line: u16) -> bool {
        self.y(line) < self.height
    }

    /// The pixels of visible line `line`.
    #[inline(always)]
    pub fn row(&mut self, line: u16) -> &mut [u8] {
        let y = self.y(line);
        &mut self.pens[y * WIDTH..(y + 1) * WIDTH]
    }

    /// Write a cycle's pixels in colours (pixel i in lane i) at `offset`.
    #[inline(always)]
    pub fn put_colors(&mut self, offset: usize, px: u64) {
        self.pens[offset..offset + 8].copy_from_slice(&px.to_le_bytes());
    }

    /// Colour references resolved: 0-15 themselves, `REG + n` register $D020+n.
    #[inline(always)]
    pub fn colors(&self) -> &[u8; 32] {
        &self.colors
    }

    /// No colour register written in the last cycle (its change is still to come)?
    #[inline(always)]
    pub fn settled(&self) -> bool {
        self.written.is_none()
    }

    /// A cycle drawn off screen: a colour written before still takes effect.
    #[inline(always)]
    pub fn skip(&mut self) {
        if self.written.is_some() {
            self.apply_written();
        }
    }

    fn apply_written(&mut self) -> Option<Ref> {
        let (n, value) = self.written.take()?;
        let r = REG + n;
        self.colors[usize::from(r)] = value & 15;
        Some(r)
    }

    /// Colour register $D020+`n` takes `value` (a write in the cycle the VIC ran last).
    pub fn set_color(&mut self, n: u8, value: u8) {
        if let Some((m, v)) = self.written.replace((n, value))
            && m != n
        {
            // Two writes in one cycle (not from the CPU): the first takes effect now.
            self.colors[usize::from(REG + m)] = v & 15;
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Picture {
    pens,
    first_line,
    height,
    lines,
    colors,
    written
});
