//! The picture the VIC-II shows: 320x200 text screen plus border, in VICE's default
//! (Pepto PAL) palette. Used by the window and by `--screenshot`.
//!
//! Modelled: standard, multicolour and extended-colour text modes, hi-res and multicolour
//! bitmap modes, the screen blank bit, border and background colours. Not modelled:
//! sprites, smooth scrolling, 38-column/24-row borders, raster effects (the whole frame
//! is drawn from the registers as they are now).

use std::io::Write;

use crate::machine::Machine;

/// Border width left and right of the 320-pixel screen.
pub const BORDER_X: usize = 32;
/// Border height above and below the 200-line screen.
pub const BORDER_Y: usize = 36;
/// Picture width in pixels.
pub const WIDTH: usize = 320 + 2 * BORDER_X;
/// Picture height in pixels.
pub const HEIGHT: usize = 200 + 2 * BORDER_Y;

/// VICE's "pepto-pal" palette, 0x00RRGGBB.
pub const PALETTE: [u32; 16] = [
    0x000000, 0xFFFFFF, 0x68372B, 0x70A4B2, 0x6F3D86, 0x588D43, 0x352879, 0xB8C76F, 0x6F4F25,
    0x433900, 0x9A6759, 0x444444, 0x6C6C6C, 0x9AD284, 0x6C5EB5, 0x959595,
];

/// Draw the current frame into `out` (WIDTH*HEIGHT pixels, 0x00RRGGBB).
/// `cursor` inverts one text cell (the window's blinking input cursor).
pub fn render_into(m: &Machine, out: &mut [u32], cursor: Option<(u8, u8)>) {
    let border = PALETTE[(m.vic_reg(0x20) & 15) as usize];
    out.fill(border);
    let d011 = m.vic_reg(0x11);
    if d011 & 0x10 == 0 {
        return; // screen blanked
    }
    let d016 = m.vic_reg(0x16);
    let d018 = m.vic_reg(0x18);
    let bank = m.vic_bank();
    let screen = bank + u16::from(d018 >> 4) * 0x400;
    let bg: [u8; 4] = std::array::from_fn(|i| m.vic_reg(0x21 + i as u8) & 15);
    let bitmap = d011 & 0x20 != 0;
    let ecm = d011 & 0x40 != 0;
    let multicolor = d016 & 0x10 != 0;
    let colors = m.color_ram();
    for row in 0..25usize {
        for col in 0..40usize {
            let cell = row * 40 + col;
            let code = m.vic_read(bank, screen.wrapping_add(cell as u16));
            let color = colors[cell] & 15;
            let invert = cursor == Some((row as u8, col as u8));
            for line in 0..8usize {
                let (byte, mode) = if bitmap {
                    let base = bank + u16::from(d018 & 0x08) * 0x400;
                    let byte = m.vic_read(bank, base.wrapping_add((cell * 8 + line) as u16));
                    if multicolor {
                        (byte, Pens::Pairs([bg[0], code >> 4, code & 15, color]))
                    } else {
                        (
                            byte,
                            Pens::Bits {
                                off: code & 15,
                                on: code >> 4,
                            },
                        )
                    }
                } else {
                    let chars = bank + u16::from((d018 >> 1) & 7) * 0x800;
                    let glyph = if ecm { code & 0x3F } else { code };
                    let addr = chars.wrapping_add(u16::from(glyph) * 8 + line as u16);
                    let byte = m.vic_read(bank, addr);
                    if ecm {
                        (
                            byte,
                            Pens::Bits {
                                off: bg[(code >> 6) as usize],
                                on: color,
                            },
                        )
                    } else if multicolor && color & 8 != 0 {
                        (byte, Pens::Pairs([bg[0], bg[1], bg[2], color & 7]))
                    } else if multicolor {
                        (
                            byte,
                            Pens::Bits {
                                off: bg[0],
                                on: color & 7,
                            },
                        )
                    } else {
                        (
                            byte,
                            Pens::Bits {
                                off: bg[0],
                                on: color,
                            },
                        )
                    }
                };
                let byte = if invert { !byte } else { byte };
                let y = BORDER_Y + row * 8 + line;
                let x0 = y * WIDTH + BORDER_X + col * 8;
                for (bit, p) in out[x0..x0 + 8].iter_mut().enumerate() {
                    let pen = match mode {
                        Pens::Bits { off, on } => {
                            if (byte << bit) & 0x80 != 0 {
                                on
                            } else {
                                off
                            }
                        }
                        Pens::Pairs(pens) => pens[((byte >> (6 - (bit & !1))) & 3) as usize],
                    };
                    *p = PALETTE[pen as usize];
                }
            }
        }
    }
}

/// How a cell's bit pattern becomes colours: one pen per bit, or one of four per bit pair.
#[derive(Clone, Copy)]
enum Pens {
    Bits { off: u8, on: u8 },
    Pairs([u8; 4]),
}

/// The current frame as WIDTH*HEIGHT pixels, 0x00RRGGBB.
pub fn frame(m: &Machine) -> Vec<u32> {
    let mut out = vec![0; WIDTH * HEIGHT];
    render_into(m, &mut out, None);
    out
}

/// The current frame as a PNG file (RGB, WIDTH x HEIGHT).
pub fn write_png(m: &Machine, out: impl Write) -> Result<(), png::EncodingError> {
    let pixels = frame(m);
    let mut rgb = Vec::with_capacity(pixels.len() * 3);
    for p in pixels {
        rgb.extend([(p >> 16) as u8, (p >> 8) as u8, p as u8]);
    }
    let mut enc = png::Encoder::new(out, WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()
}
