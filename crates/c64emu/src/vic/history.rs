//! What the picture is drawn from: per frame, the registers at its start, every
//! register (and bank) write with its cycle, and the row each sprite showed on each line.

use super::{NO_ROW, State};
use crate::map::pal::LINES_PER_FRAME;

/// One frame's register history.
#[derive(Clone, Debug)]
pub(super) struct FrameLog {
    /// Frame number since power-on.
    pub frame: u64,
    /// Registers when the frame began.
    pub start: State,
    /// (cycle within the frame, register or `BANK_REG`, value), in order.
    pub writes: Vec<(u32, u8, u8)>,
    /// The sprite rows shown on each raster line (`NO_ROW`: none).
    pub rows: Box<[[u8; 8]; LINES_PER_FRAME as usize]>,
}

impl FrameLog {
    pub fn new(frame: u64, start: State) -> FrameLog {
        FrameLog {
            frame,
            start,
            writes: Vec::new(),
            rows: Box::new([[NO_ROW; 8]; LINES_PER_FRAME as usize]),
        }
    }

    /// Start frame `frame` with `start`, keeping the allocations.
    pub fn reset(&mut self, frame: u64, start: State) {
        self.frame = frame;
        self.start = start;
        self.writes.clear();
        self.rows.fill([NO_ROW; 8]);
    }
}
