//! The picture: the 272 visible raster lines, each drawn with the registers it ended
//! with. Lines the beam has passed in this frame replay this frame's writes; lines it
//! has not reached yet start from the registers now and replay the previous frame's
//! later writes (so a split screen made by raster interrupts shows whole at any time).
//! Memory (screen, character set, bitmap, sprite data, colour RAM) is read as it is now.

use super::line::{self, Text, VicMem};
use super::{FIRST_DMA_LINE, State, Vic};
use crate::map::pal::{CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};
use crate::map::vic::CTRL1;
use crate::render::{BORDER_Y, HEIGHT, WIDTH};

/// Raster line shown at the top of the picture (the display window starts at $33).
pub const FIRST_VISIBLE_LINE: u16 = 0x33 - BORDER_Y as u16;

/// Draw the frame ending at cycle `now` into `out` (WIDTH*HEIGHT palette indices).
/// `invert`: the video matrix cell drawn inverted (a text cursor).
pub fn render(vic: &Vic, now: u64, mem: &VicMem, invert: Option<u16>, out: &mut [u8]) {
    let now_off = now.saturating_sub(vic.cur.frame * CYCLES_PER_FRAME);
    let mut state: State = vic.cur.start;
    let mut cur_writes = vic.cur.writes.iter().peekable();
    let mut prev_writes = vic
        .prev
        .writes
        .iter()
        .skip_while(|w| u64::from(w.0) <= now_off)
        .peekable();
    let mut ahead = false;
    // Row counters (C. Bauer's VCBASE, RC and display/idle state) and the border.
    let (mut vcbase, mut rc, mut display) = (0u16, 0u8, false);
    let mut den_latch = false;
    let mut vborder = true;
    let mut buf = [0u8; WIDTH];
    for line in 0..LINES_PER_FRAME as u16 {
        let end = u64::from(line) * CYCLES_PER_LINE + CYCLES_PER_LINE - 1;
        if !ahead && end > now_off {
            ahead = true;
            state = vic.state;
        }
        if ahead {
            while let Some(w) = prev_writes.next_if(|w| u64::from(w.0) <= end) {
                state.apply(w.1, w.2);
            }
        } else {
            while let Some(w) = cur_writes.next_if(|w| u64::from(w.0) <= end) {
                state.apply(w.1, w.2);
            }
        }
        let den = state.reg(CTRL1) & 0x10 != 0;
        if line == FIRST_DMA_LINE && den {
            den_latch = true;
        }
        let (top, bottom) = state.window_lines();
        if line == bottom {
            vborder = true;
        }
        if line == top && den {
            vborder = false;
        }
        let badline = state.is_badline(line, den_latch);
        if badline {
            rc = 0;
            display = true;
        }
        let text = if display {
            Text::Display { vc: vcbase, rc }
        } else {
            Text::Idle
        };
        let y = line.wrapping_sub(FIRST_VISIBLE_LINE) as usize;
        if y < HEIGHT {
            let rows = if ahead {
                &vic.prev.rows[usize::from(line)]
            } else {
                &vic.cur.rows[usize::from(line)]
            };
            line::draw(&state, text, vborder, rows, mem, invert, &mut buf);
            out[y * WIDTH..(y + 1) * WIDTH].copy_from_slice(&buf);
        }
        // Cycle 58: after row 7 the next character row starts (or idle state).
        if rc == 7 {
            if display {
                vcbase = (vcbase + 40) & 0x3FF;
            }
            display = badline;
        }
        if display {
            rc = (rc + 1) & 7;
        }
    }
}
