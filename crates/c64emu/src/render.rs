//! The picture the VIC-II shows: the 320x200 display window plus border as VICE shows
//! it by default (384 x 272 on PAL, 384 x 247 on NTSC: `Machine::picture`), in VICE's
//! default (Pepto PAL) palette. Used by the window and by `--screenshot`.
//!
//! The VIC draws it cycle by cycle as the beam goes (`vic/picture.rs`): a picture
//! taken mid-frame shows the current frame above the beam and the previous one below.

use std::io::Write;

use crate::machine::Machine;

pub use crate::vic::Geometry;

/// Border width left (and right) of the 320-pixel screen.
pub const BORDER_X: usize = crate::vic::WINDOW_X;
/// Border height above the 200-line screen (37 lines below it) on PAL.
pub const BORDER_Y: usize = crate::vic::WINDOW_Y;
/// Picture width in pixels.
pub const WIDTH: usize = crate::vic::WIDTH;
/// Picture height in pixels on PAL (the tallest).
pub const HEIGHT: usize = crate::vic::HEIGHT;

/// VICE's "pepto-pal" palette, 0x00RRGGBB.
pub const PALETTE: [u32; 16] = [
    0x000000, 0xFFFFFF, 0x68372B, 0x70A4B2, 0x6F3D86, 0x588D43, 0x352879, 0xB8C76F, 0x6F4F25,
    0x433900, 0x9A6759, 0x444444, 0x6C6C6C, 0x9AD284, 0x6C5EB5, 0x959595,
];

/// Draw the current frame into `out` (the picture's pixels, 0x00RRGGBB, row by row:
/// `Machine::picture`; a PAL-sized buffer holds any). `cursor` inverts one text cell
/// (the window's blinking input cursor).
pub fn render_into(m: &Machine, out: &mut [u32], cursor: Option<(u8, u8)>) {
    let size = m.picture();
    let mut pens = vec![0u8; size.width * size.height];
    let invert = cursor.map(|(row, col)| u16::from(row) * 40 + u16::from(col));
    m.render_pens(&mut pens, invert);
    for (p, &pen) in out.iter_mut().zip(&pens) {
        *p = PALETTE[usize::from(pen & 15)];
    }
}

/// The current frame as `Machine::picture`'s palette indices (0-15, see [`PALETTE`]).
pub fn pens(m: &Machine) -> Vec<u8> {
    let size = m.picture();
    let mut pens = vec![0u8; size.width * size.height];
    m.render_pens(&mut pens, None);
    for p in &mut pens {
        *p &= 15;
    }
    pens
}

/// The current frame as `Machine::picture`'s pixels, 0x00RRGGBB.
pub fn frame(m: &Machine) -> Vec<u32> {
    let size = m.picture();
    let mut out = vec![0; size.width * size.height];
    render_into(m, &mut out, None);
    out
}

/// The current frame as a PNG file (RGB, the picture's size).
pub fn write_png(m: &Machine, out: impl Write) -> Result<(), png::EncodingError> {
    let pixels = frame(m);
    let mut rgb = Vec::with_capacity(pixels.len() * 3);
    for p in pixels {
        rgb.extend([(p >> 16) as u8, (p >> 8) as u8, p as u8]);
    }
    let size = m.picture();
    let mut enc = png::Encoder::new(out, size.width as u32, size.height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()
}
