//! The picture the VIC-II sends to the screen, drawn as the beam goes: VICE's default
//! visible area (384 x 272: raster lines 16-287, 32 pixels of border left and right of
//! the 320-pixel window, 35 lines above it and 37 below), palette indices. The cycle
//! drawing pixels `8c - 112` to `8c - 105` of a line is its cycle c (14-61).
//!
//! Pixels come from the sequencers as colour references, resolved here with the colour
//! registers: a register written in a cycle (its phi2, after the VIC drew) shows from
//! that cycle's second pixel on, its first pixel keeps the old colour (6569; the 8565
//! shows the new colour from the first pixel, which is grey when it was a reference to
//! the register written: the "grey dot").

use super::graphics::{REG, Ref};

/// Picture width and height.
pub const WIDTH: usize = 384;
pub const HEIGHT: usize = 272;
/// Left border width and top border height: the display window's first pixel.
pub const WINDOW_X: usize = 32;
pub const WINDOW_Y: usize = 35;
/// First raster line shown.
pub const FIRST_LINE: u16 = 16;
/// First and last cycle drawing visible pixels.
pub const FIRST_CYCLE: u8 = 14;
pub const LAST_CYCLE: u8 = 61;

/// The light grey of the 8565's grey dot.
const GREY_DOT: u8 = 15;

#[derive(Clone, Debug)]
pub struct Picture {
    pens: Box<[u8]>,
    /// Reference to colour: 0-15 themselves, `REG + n` register $D020+n.
    colors: [u8; 32],
    /// The last cycle drawn: its pixels' offset, references, and the cycle.
    last: Option<(usize, [Ref; 8], u64)>,
}

impl Picture {
    pub fn new() -> Picture {
        let mut colors = [0u8; 32];
        for (i, c) in colors.iter_mut().enumerate() {
            *c = i as u8 & 15;
        }
        Picture {
            pens: vec![0; WIDTH * HEIGHT].into_boxed_slice(),
            colors,
            last: None,
        }
    }

    /// The pixels as palette indices, row by row.
    pub fn pens(&self) -> &[u8] {
        &self.pens
    }

    /// Where cycle `cycle` of line `line` draws, if on screen.
    #[inline(always)]
    pub fn offset(line: u16, cycle: u8) -> Option<usize> {
        let y = usize::from(line.wrapping_sub(FIRST_LINE));
        if y < HEIGHT && (FIRST_CYCLE..=LAST_CYCLE).contains(&cycle) {
            Some(y * WIDTH + 8 * usize::from(cycle - FIRST_CYCLE))
        } else {
            None
        }
    }

    /// Write a cycle's pixels at `offset` (drawn in cycle `t`).
    #[inline(always)]
    pub fn put(&mut self, offset: usize, refs: &[Ref; 8], t: u64) {
        let out = &mut self.pens[offset..offset + 8];
        for (o, &r) in out.iter_mut().zip(refs) {
            *o = self.colors[usize::from(r & 31)];
        }
        self.last = Some((offset, *refs, t));
    }

    /// Colour register $D020+`n` takes `value` by a write in cycle `t`, after the VIC
    /// drew that cycle: its pixels from the second on (from the first on the 8565, with
    /// the grey dot) show the new colour.
    pub fn set_color(&mut self, n: u8, value: u8, t: u64, latency: bool) {
        let r = REG + n;
        self.colors[usize::from(r)] = value & 15;
        let Some((offset, refs, at)) = self.last else {
            return;
        };
        if at != t {
            return;
        }
        let first = usize::from(latency);
        for (i, &r) in refs.iter().enumerate().skip(first) {
            self.pens[offset + i] = self.colors[usize::from(r & 31)];
        }
        if !latency && refs[0] == r {
            self.pens[offset] = GREY_DOT;
        }
    }
}
