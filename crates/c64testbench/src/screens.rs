//! Screenshot rows: the picture c64kit wrote at the end against the reference, the way
//! the testbench compares them: the two pictures aligned on the top-left pixel of the
//! text screen (VICE's references at x 32, y 35, NTSC ones at y 23; c64kit's at its
//! border size for the VIC-II it ran), every
//! pixel of the area both hold compared by palette index, so a picture is judged by
//! the colours the VIC-II chose, not by RGB values.

use std::path::{Path, PathBuf};

/// Where the text screen starts in VICE's PAL screenshots.
pub const VICE_ORIGIN: (usize, usize) = (32, 35);
/// Where it starts in VICE's NTSC screenshots (384 x 247: 12 lines fewer above it).
pub const VICE_NTSC_ORIGIN: (usize, usize) = (32, 23);
/// The height of VICE's NTSC screenshots.
const VICE_NTSC_HEIGHT: usize = 247;

/// Where the text screen starts in VICE's screenshot `picture` (PAL or NTSC, told by
/// its height).
pub fn vice_origin(picture: &Picture) -> (usize, usize) {
    if picture.height == VICE_NTSC_HEIGHT {
        VICE_NTSC_ORIGIN
    } else {
        VICE_ORIGIN
    }
}

/// Where it starts in c64kit's screenshots made with VIC-II `vic` (as `--vic` takes
/// it).
pub fn c64kit_origin(vic: &str) -> (usize, usize) {
    let geometry = c64emu::VicModel::from_name(vic)
        .unwrap_or_default()
        .picture();
    (geometry.window_x, geometry.window_y)
}

/// A picture as palette indices.
pub struct Picture {
    width: usize,
    height: usize,
    pens: Vec<u8>,
}

/// The reference picture for a row run on VIC-II `vic`, as the testbench looks for it:
/// the chip's own (`references/NAME-8565.png`), else `references/NAME.png`.
pub fn reference(dir: &Path, name: &str, vic: &str) -> Option<PathBuf> {
    [format!("{name}-{vic}.png"), format!("{name}.png")]
        .iter()
        .map(|file| dir.join("references").join(file))
        .find(|p| p.is_file())
}

impl Picture {
    /// Reads a PNG whose every pixel is one of the 16 colours of c64kit's (Pepto PAL)
    /// palette; a picture in another palette is an error.
    pub fn read(path: &Path) -> Result<Picture, String> {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder
            .read_info()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let step = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => return Err(format!("{}: {other:?} pixels, not RGB", path.display())),
        };
        let (width, height) = (info.width as usize, info.height as usize);
        let mut pens = Vec::with_capacity(width * height);
        for px in buf[..info.buffer_size()].chunks(step) {
            let rgb = u32::from_be_bytes([0, px[0], px[1], px[2]]);
            let pen = c64emu::render::PALETTE
                .iter()
                .position(|&c| c == rgb)
                .ok_or_else(|| {
                    format!(
                        "{}: colour #{rgb:06X} is not in the Pepto PAL palette",
                        path.display()
                    )
                })?;
            pens.push(pen as u8);
        }
        Ok(Picture {
            width,
            height,
            pens,
        })
    }

    /// From palette indices (for tests).
    pub fn from_pens(width: usize, height: usize, pens: Vec<u8>) -> Picture {
        Picture {
            width,
            height,
            pens,
        }
    }
}

/// Whether the two pictures show the same, aligned on their text screen's top-left
/// pixels: the first pixel that differs (x, y from the reference's origin), or None.
pub fn first_difference(
    reference: &Picture,
    ref_origin: (usize, usize),
    shot: &Picture,
    shot_origin: (usize, usize),
) -> Option<(isize, isize)> {
    // The area both pictures hold, in coordinates relative to the origins.
    let left = ref_origin.0.min(shot_origin.0) as isize;
    let top = ref_origin.1.min(shot_origin.1) as isize;
    let right = (reference.width - ref_origin.0).min(shot.width - shot_origin.0) as isize;
    let bottom = (reference.height - ref_origin.1).min(shot.height - shot_origin.1) as isize;
    for y in -top..bottom {
        for x in -left..right {
            let at = |p: &Picture, o: (usize, usize)| {
                let px = (o.0 as isize + x) as usize;
                let py = (o.1 as isize + y) as usize;
                p.pens[py * p.width + px]
            };
            if at(reference, ref_origin) != at(shot, shot_origin) {
                return Some((x, y));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_compare_on_their_text_origin() {
        // A 6x5 reference with its origin at (2,2); a 5x5 shot with its origin at (1,3).
        let mut r = vec![0u8; 30];
        r[2 * 6 + 2] = 5;
        let mut s = vec![0u8; 25];
        s[3 * 5 + 1] = 5;
        let (rp, sp) = (
            Picture::from_pens(6, 5, r),
            Picture::from_pens(5, 5, s.clone()),
        );
        assert_eq!(first_difference(&rp, (2, 2), &sp, (1, 3)), None);
        // Off by one line: different.
        assert_eq!(first_difference(&rp, (2, 3), &sp, (1, 3)), Some((0, -1)));
        s[3 * 5 + 2] = 1;
        let sp = Picture::from_pens(5, 5, s);
        assert_eq!(first_difference(&rp, (2, 2), &sp, (1, 3)), Some((1, 0)));
    }
}
