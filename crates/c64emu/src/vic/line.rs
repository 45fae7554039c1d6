//! One raster line as the VIC-II draws it: the border, the text or bitmap graphics of
//! the display window (fine scroll, 38/40 columns), the eight sprites over or behind
//! them, and the collisions they cause. Used for the picture (`frame.rs`) and, on lines
//! where sprites are shown, for the collision registers as the beam passes.

use super::State;
use crate::map::vic::*;
use crate::render::{BORDER_X, WIDTH};

/// What the VIC reads: RAM through its 16 KiB bank, the character ROM at $1000-$1FFF of
/// banks 0 and 2, and colour RAM.
pub struct VicMem<'a> {
    pub ram: &'a [u8; 0x10000],
    pub color: &'a [u8; 1024],
    pub chargen: &'a [u8],
}

impl VicMem<'_> {
    /// A byte at VIC address `addr` (14 bits) in `bank` (0-3).
    pub fn read(&self, bank: u8, addr: u16) -> u8 {
        let addr = addr & 0x3FFF;
        if bank & 1 == 0 && addr & 0x3000 == 0x1000 {
            self.chargen[usize::from(addr & 0x0FFF)]
        } else {
            self.ram[usize::from(u16::from(bank) << 14 | addr)]
        }
    }
}

/// The graphics sequencer on a line: idle, or showing character row data from video
/// counter `vc` at row counter `rc` (0-7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Text {
    Idle,
    Display { vc: u16, rc: u8 },
}

/// Sprite 0's X coordinate of the display window's first pixel.
const SPRITE_X0: i32 = 24;

/// Draw raster line content into `out` (palette indices, WIDTH pixels starting
/// BORDER_X left of the display window). `vborder`: the vertical border covers the line.
/// `rows`: the sprite row each sprite shows on this line (0xFF: none). `invert`: the
/// video matrix cell whose pixels are inverted (the window's text cursor).
/// Returns the sprite-sprite and sprite-background collision bits of the line.
pub fn draw(
    s: &State,
    text: Text,
    vborder: bool,
    rows: &[u8; 8],
    mem: &VicMem,
    invert: Option<u16>,
    out: &mut [u8; WIDTH],
) -> (u8, u8) {
    let border = s.reg(BORDER) & 15;
    let mut fg = [false; WIDTH];
    if vborder {
        out.fill(border);
    } else {
        graphics(s, text, mem, invert, out, &mut fg);
    }
    let (ss, sb) = sprites(s, rows, mem, out, &fg);
    // The border covers graphics and sprites alike.
    let (left, right) = if s.reg(CTRL2) & 0x08 != 0 {
        (BORDER_X, BORDER_X + 320)
    } else {
        (BORDER_X + 7, BORDER_X + 311)
    };
    out[..left].fill(border);
    out[right..].fill(border);
    if vborder {
        out.fill(border);
    }
    (ss, sb)
}

/// Pens of the current mode for one 8-pixel cell: foreground colour per set bit, or
/// four pens per bit pair (pairs 10 and 11 are foreground).
#[derive(Clone, Copy)]
enum Pens {
    Bits { off: u8, on: u8 },
    Pairs([u8; 4]),
}

fn graphics(
    s: &State,
    text: Text,
    mem: &VicMem,
    invert: Option<u16>,
    out: &mut [u8; WIDTH],
    fg: &mut [bool; WIDTH],
) {
    let d011 = s.reg(CTRL1);
    let d016 = s.reg(CTRL2);
    let d018 = s.reg(MEMPTR);
    let bg: [u8; 4] = std::array::from_fn(|i| s.reg(BACKGROUND0 + i as u8) & 15);
    let (ecm, bmm, mcm) = (d011 & 0x40 != 0, d011 & 0x20 != 0, d016 & 0x10 != 0);
    let invalid = ecm && (bmm || mcm);
    out.fill(bg[0]);
    let xscroll = usize::from(d016 & 7);
    let bank = s.bank;
    for col in 0..40u16 {
        let (byte, pens) = match text {
            Text::Idle => {
                // The idle access reads the last byte of the bank ($39FF with ECM).
                let addr = if ecm { 0x39FF } else { 0x3FFF };
                (mem.read(bank, addr), Pens::Bits { off: bg[0], on: 0 })
            }
            Text::Display { vc, rc } => {
                let cell = (vc + col) & 0x3FF;
                let code = mem.read(bank, u16::from(d018 >> 4) << 10 | cell);
                let color = mem.color[usize::from(cell)] & 15;
                let mut byte = if bmm {
                    let base = u16::from(d018 & 0x08) << 10;
                    mem.read(bank, base | cell << 3 | u16::from(rc))
                } else {
                    let base = u16::from(d018 & 0x0E) << 10;
                    let glyph = if ecm { code & 0x3F } else { code };
                    mem.read(bank, base | u16::from(glyph) << 3 | u16::from(rc))
                };
                if invert == Some(cell) {
                    byte = !byte;
                }
                let pens = match (bmm, mcm) {
                    (true, false) => Pens::Bits {
                        off: code & 15,
                        on: code >> 4,
                    },
                    (true, true) => Pens::Pairs([bg[0], code >> 4, code & 15, color]),
                    (false, true) if color & 8 != 0 => {
                        Pens::Pairs([bg[0], bg[1], bg[2], color & 7])
                    }
                    (false, true) => Pens::Bits {
                        off: bg[0],
                        on: color & 7,
                    },
                    (false, false) if ecm => Pens::Bits {
                        off: bg[usize::from(code >> 6)],
                        on: color,
                    },
                    (false, false) => Pens::Bits {
                        off: bg[0],
                        on: color,
                    },
                };
                (byte, pens)
            }
        };
        let x0 = BORDER_X + xscroll + usize::from(col) * 8;
        for bit in 0..8usize {
            let x = x0 + bit;
            if x >= WIDTH {
                break;
            }
            let (pen, front) = match pens {
                Pens::Bits { off, on } => {
                    let set = (byte << bit) & 0x80 != 0;
                    (if set { on } else { off }, set)
                }
                Pens::Pairs(p) => {
                    let pair = (byte >> (6 - (bit & !1))) & 3;
                    (p[usize::from(pair)], pair >= 2)
                }
            };
            out[x] = if invalid { 0 } else { pen };
            fg[x] = front;
        }
    }
}

/// Draw the sprites shown on this line over (or behind) the graphics in `out`;
/// returns (sprite-sprite, sprite-background) collision bits.
fn sprites(
    s: &State,
    rows: &[u8; 8],
    mem: &VicMem,
    out: &mut [u8; WIDTH],
    fg: &[bool; WIDTH],
) -> (u8, u8) {
    if rows.iter().all(|&r| r == 0xFF) {
        return (0, 0);
    }
    // Per pixel: the sprites with a pixel there, and the colour of the frontmost.
    let mut hit = [0u8; WIDTH];
    let mut color = [0u8; WIDTH];
    let screen = u16::from(s.reg(MEMPTR) >> 4) << 10;
    let (xexp, mc, behind) = (s.reg(0x1D), s.reg(0x1C), s.reg(0x1B));
    for i in (0..8usize).rev() {
        let row = rows[i];
        if row == 0xFF {
            continue;
        }
        let bit = 1u8 << i;
        let ptr = mem.read(s.bank, screen | 0x3F8 | i as u16);
        let base = (u16::from(ptr) << 6) | (u16::from(row) * 3);
        let data = u32::from(mem.read(s.bank, base)) << 16
            | u32::from(mem.read(s.bank, base + 1)) << 8
            | u32::from(mem.read(s.bank, base + 2));
        let sx = i32::from(s.reg(2 * i as u8)) | i32::from((s.reg(0x10) >> i) & 1) << 8;
        let x0 = sx - SPRITE_X0 + BORDER_X as i32;
        let width = if xexp & bit != 0 { 2 } else { 1 };
        let own = s.reg(0x27 + i as u8) & 15;
        let pens = [0, s.reg(0x25) & 15, own, s.reg(0x26) & 15];
        for p in 0..24 {
            let pen = if mc & bit != 0 {
                let pair = (data >> (22 - (p & !1))) & 3;
                (pair != 0).then(|| pens[pair as usize])
            } else {
                ((data >> (23 - p)) & 1 != 0).then_some(own)
            };
            let Some(pen) = pen else { continue };
            for w in 0..width {
                let x = x0 + (p * width + w);
                if (0..WIDTH as i32).contains(&x) {
                    hit[x as usize] |= bit;
                    color[x as usize] = pen;
                }
            }
        }
    }
    let (mut ss, mut sb) = (0, 0);
    for x in 0..WIDTH {
        let h = hit[x];
        if h == 0 {
            continue;
        }
        if h & (h - 1) != 0 {
            ss |= h;
        }
        if fg[x] {
            sb |= h;
        }
        // The frontmost sprite (lowest number) decides, even when it is behind.
        let front = h & h.wrapping_neg();
        if !(fg[x] && behind & front != 0) {
            out[x] = color[x];
        }
    }
    (ss, sb)
}
