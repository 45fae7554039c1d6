//! The VIC-II (6569, PAL) at raster-line accuracy: the register file with its read
//! masks, the raster counter from the cycle count (63 cycles a line, 312 lines), the
//! raster compare and collision interrupts, the cycles bad lines and sprite DMA take
//! from the CPU, and the history of register writes the picture is drawn from.
//!
//! The chip is evaluated lazily at three points of each raster line (offsets from the
//! line's first cycle; the 6569's cycles 1, 12 and 55 in C. Bauer's numbering):
//! - 0: the raster compare, the start of a frame (line 0), the DEN latch of line $30;
//! - 11: a bad line pulls BA low three cycles before its 40 character accesses
//!   (cycles 15-54), until cycle 55;
//! - 54: sprite DMA for the next line (sprite n's two accesses in cycles 58+2n, wrapping
//!   into the next line for sprites 3-7, BA low from three cycles before to the end of
//!   its accesses), and the collisions of the sprites shown on this line.
//!
//! `sync` processes the points up to a cycle. The CPU asks whether BA is low in the
//! cycle of its read (`ba_low`: it stops there until BA is high); `next_ba_low` and
//! `next_event` tell the step loop how far it can run without asking (`next_event`: the
//! next point that matters: an interrupt, a bad line, sprite DMA). The picture is
//! drawn on demand (`frame.rs`) from the registers each raster line ended with.

mod frame;
mod history;
mod line;

pub use frame::render;
pub use line::VicMem;

use crate::map::pal::{CYCLES_PER_FRAME, CYCLES_PER_LINE, LINES_PER_FRAME};
use crate::map::vic::*;
use history::FrameLog;

/// Raster compare interrupt flag in $D019.
pub const IRQ_RASTER: u8 = 0x01;
/// Sprite-background collision interrupt flag.
pub const IRQ_SPRITE_BACKGROUND: u8 = 0x02;
/// Sprite-sprite collision interrupt flag.
pub const IRQ_SPRITE_SPRITE: u8 = 0x04;

/// Offset in a line where a bad line's BA goes low (cycle 12).
const BADLINE_BA: u64 = 11;
/// Cycles a bad line holds BA low: cycles 12-54 (a CPU reading from the first stops
/// for all of them).
pub const BADLINE_CYCLES: u64 = 43;
/// Offset in a line where sprite 0's BA goes low (cycle 55).
const SPRITE_BA: u64 = 54;
/// Cycles sprite n holds BA low: three before its two accesses, and those.
const SPRITE_BA_CYCLES: u64 = 5;
/// First and last raster line that can be a bad line.
pub const FIRST_DMA_LINE: u16 = 0x30;
pub const LAST_DMA_LINE: u16 = 0xF7;
/// Offsets of the three points of a line.
const POINTS: [u64; 3] = [0, BADLINE_BA, SPRITE_BA];
/// Register number the history uses for the bank ($DD00).
const BANK_REG: u8 = 0x40;
/// No sprite row.
const NO_ROW: u8 = 0xFF;

/// Cycles the CPU loses to sprite DMA on one line with the sprites in `active` (bit n:
/// sprite n) fetching: two cycles per sprite, BA low three cycles before each sprite's
/// accesses (overlapping for neighbours): 5 for one sprite, 19 for all eight.
pub fn sprite_dma_cycles(active: u8) -> u64 {
    (0..21u64)
        .filter(|&c| (0..8u64).any(|i| active & (1 << i) != 0 && c >= 2 * i && c < 2 * i + 5))
        .count() as u64
}

/// Registers $00-$2E and the 16 KiB bank (0-3, from CIA 2 port A) the VIC draws from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    regs: [u8; UNUSED as usize],
    /// Bank number: the VIC sees $0000 + bank * $4000.
    pub bank: u8,
}

impl State {
    /// Register `r` as last written.
    pub fn reg(&self, r: u8) -> u8 {
        self.regs[usize::from(r)]
    }

    fn apply(&mut self, r: u8, value: u8) {
        if r == BANK_REG {
            self.bank = value & 3;
        } else if r < UNUSED {
            self.regs[usize::from(r)] = value;
        }
    }

    fn compare_line(&self) -> u16 {
        u16::from(self.reg(CTRL1) & 0x80) << 1 | u16::from(self.reg(RASTER))
    }

    /// Top and bottom (exclusive) line of the display window: 25 or 24 rows.
    fn window_lines(&self) -> (u16, u16) {
        if self.reg(CTRL1) & 0x08 != 0 {
            (0x33, 0xFB)
        } else {
            (0x37, 0xF7)
        }
    }

    fn is_badline(&self, line: u16, den_latch: bool) -> bool {
        den_latch
            && (FIRST_DMA_LINE..=LAST_DMA_LINE).contains(&line)
            && line & 7 == u16::from(self.reg(CTRL1) & 7)
    }
}

/// A sprite's DMA state (C. Bauer's MCBASE and Y expansion flip-flop).
#[derive(Clone, Copy, Default, Debug)]
struct Sprite {
    dma: bool,
    mcbase: u8,
    expand_ff: bool,
}

/// The VIC-II.
#[derive(Clone, Debug)]
pub struct Vic {
    state: State,
    /// Latched interrupt flags (bits 0-3 of $D019).
    flags: u8,
    /// The cycle the interrupt line went low, while it is low.
    irq_at: Option<u64>,
    /// Collision registers $D01E and $D01F (cleared by reading).
    ss: u8,
    sb: u8,
    /// The next point to process: line number since power-on * 3 + point.
    point: u64,
    /// DEN was set in line $30 of this frame: bad lines are possible.
    den_latch: bool,
    sprites: [Sprite; 8],
    /// The row each sprite shows on the line after the last sprite point.
    shown: [u8; 8],
    /// The line (number since power-on) whose bad line was the last one.
    badline: Option<u64>,
    /// The line of the last sprite point and the sprites fetching after it.
    sprite_dma: (u64, u8),
    cur: FrameLog,
    prev: FrameLog,
}

impl Default for Vic {
    fn default() -> Vic {
        Vic::new()
    }
}

/// Raster line at `cycles`.
pub fn raster_line(cycles: u64) -> u16 {
    ((cycles / CYCLES_PER_LINE) % LINES_PER_FRAME) as u16
}

impl Vic {
    /// All registers zero, as after power-on.
    pub fn new() -> Vic {
        Vic::with_state(State {
            regs: [0; UNUSED as usize],
            bank: 0,
        })
    }

    fn with_state(state: State) -> Vic {
        Vic {
            state,
            flags: 0,
            irq_at: None,
            ss: 0,
            sb: 0,
            point: 0,
            den_latch: false,
            sprites: [Sprite::default(); 8],
            shown: [NO_ROW; 8],
            badline: None,
            sprite_dma: (0, 0),
            cur: FrameLog::new(0, state),
            prev: FrameLog::new(0, state),
        }
    }

    /// The registers as the KERNAL's screen initialisation leaves them.
    pub fn kernal_defaults() -> Vic {
        let mut s = Vic::new().state;
        let init: [(u8, u8); 13] = [
            (CTRL1, 0x1B),
            (CTRL2, 0xC8),
            (MEMPTR, 0x15),
            (IRQ_FLAGS, 0x71),
            (IRQ_MASK, 0xF0),
            (BORDER, 14),
            (BACKGROUND0, 6),
            (0x22, 1),
            (0x23, 2),
            (0x24, 3),
            (0x25, 4),
            (0x26, 0),
            (0x27, 1),
        ];
        for (r, value) in init {
            s.apply(r, value);
        }
        Vic::with_state(s)
    }

    /// The raw register (what the CPU last wrote).
    pub fn reg(&self, r: u8) -> u8 {
        let r = r & 0x3F;
        if r < UNUSED { self.state.reg(r) } else { 0xFF }
    }

    /// Set a register at cycle `t` without the CPU (the stub screen editor switching
    /// character sets); the picture shows it like a write.
    pub fn set_reg(&mut self, r: u8, value: u8, t: u64) {
        self.log(r & 0x3F, value, t);
    }

    /// If BA is low in cycle `t`: the first cycle from `t` on in which it is high (where
    /// a CPU read waiting for it happens).
    pub fn ba_low(&mut self, t: u64, mem: &VicMem) -> Option<u64> {
        let mut at = t;
        loop {
            self.sync(at, mem);
            match self.ba_windows().find(|&(from, to)| from <= at && at < to) {
                Some((_, to)) => at = to,
                None => break,
            }
        }
        (at > t).then_some(at)
    }

    /// The first cycle from `t` on in which BA is low, as far as the lines processed
    /// so far tell (later ones come at `next_event`).
    pub fn next_ba_low(&self, t: u64) -> Option<u64> {
        self.next_ba_window(t).map(|(from, _)| from)
    }

    /// The first BA-low window that has not ended by `t`, as far as the lines processed
    /// so far tell: (its first cycle from `t` on, the first cycle after it).
    pub fn next_ba_window(&self, t: u64) -> Option<(u64, u64)> {
        self.ba_windows()
            .filter(|&(_, to)| to > t)
            .map(|(from, to)| (from.max(t), to))
            .min()
    }

    /// A cycle before which BA is surely high from `t` on: the next known window, or
    /// the next unprocessed bad-line or sprite point (which may open one).
    pub fn ba_horizon(&self, t: u64) -> u64 {
        let mut p = self.point;
        while p.is_multiple_of(3) {
            p += 1;
        }
        let next_point = Vic::point_time(p);
        self.next_ba_low(t).unwrap_or(u64::MAX).min(next_point)
    }

    /// The BA-low windows (first cycle, first cycle after) known now: the last bad
    /// line's and the last sprite point's.
    fn ba_windows(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let bad = self.badline.map(|n| {
            let start = n * CYCLES_PER_LINE + BADLINE_BA;
            (start, start + BADLINE_CYCLES)
        });
        let (n, active) = self.sprite_dma;
        let sprites = (0..8u64)
            .filter(move |&i| active & (1 << i) != 0)
            .map(move |i| {
                let start = n * CYCLES_PER_LINE + SPRITE_BA + 2 * i;
                (start, start + SPRITE_BA_CYCLES)
            });
        bad.into_iter().chain(sprites)
    }

    /// The byte the VIC reads in the first half of cycle `t`, as far as this model
    /// knows: its idle access (the last byte of its bank, $39FF with ECM).
    pub fn phi1_byte(&self, _t: u64, mem: &VicMem) -> u8 {
        let idle = if self.state.reg(CTRL1) & 0x40 != 0 {
            0x39FF
        } else {
            0x3FFF
        };
        mem.read(self.state.bank, idle)
    }

    fn point_time(p: u64) -> u64 {
        (p / 3) * CYCLES_PER_LINE + POINTS[(p % 3) as usize]
    }

    /// Process every point up to cycle `t`.
    pub fn sync(&mut self, t: u64, mem: &VicMem) {
        while Vic::point_time(self.point) <= t {
            let p = self.point;
            self.point += 1;
            let n = p / 3;
            let line = (n % LINES_PER_FRAME) as u16;
            let at = Vic::point_time(p);
            match p % 3 {
                0 => self.line_start(n, line, at),
                1 => {
                    if self.state.is_badline(line, self.den_latch) {
                        self.badline = Some(n);
                    }
                }
                _ => self.sprite_point(n, line, at, mem),
            }
        }
    }

    fn line_start(&mut self, n: u64, line: u16, at: u64) {
        if line == 0 {
            self.den_latch = false;
            let frame = n / LINES_PER_FRAME;
            if self.cur.frame != frame {
                std::mem::swap(&mut self.cur, &mut self.prev);
                self.cur.reset(frame, self.state);
            }
        }
        if line == FIRST_DMA_LINE && self.state.reg(CTRL1) & 0x10 != 0 {
            self.den_latch = true;
        }
        if line == self.state.compare_line() {
            self.flags |= IRQ_RASTER;
            self.update_irq(at);
        }
    }

    /// Collisions of the line ending, then sprite DMA for the next line.
    fn sprite_point(&mut self, n: u64, line: u16, at: u64, mem: &VicMem) {
        let on_line = (0..8)
            .filter(|&i| self.shown[i] != NO_ROW)
            .fold(0u8, |a, i| a | 1 << i);
        // Drawing the line for collisions only matters while it can set a new bit.
        if on_line & !(self.ss & self.sb) != 0 {
            let (text, vborder) = self.text_at(line);
            let mut scratch = [0; crate::render::WIDTH];
            let (ss, sb) = line::draw(
                &self.state,
                text,
                vborder,
                &self.shown,
                mem,
                None,
                &mut scratch,
            );
            if ss != 0 && self.ss == 0 {
                self.flags |= IRQ_SPRITE_SPRITE;
            }
            if sb != 0 && self.sb == 0 {
                self.flags |= IRQ_SPRITE_BACKGROUND;
            }
            self.ss |= ss;
            self.sb |= sb;
            self.update_irq(at);
        }
        let (enabled, expand) = (self.state.reg(0x15), self.state.reg(0x17));
        let mut active = 0u8;
        let mut rows = [NO_ROW; 8];
        for (i, s) in self.sprites.iter_mut().enumerate() {
            let bit = 1 << i;
            if enabled & bit == 0 {
                s.dma = false;
                continue;
            }
            s.expand_ff = if expand & bit != 0 {
                !s.expand_ff
            } else {
                true
            };
            if !s.dma && self.state.reg(1 + 2 * i as u8) == line as u8 {
                s.dma = true;
                s.mcbase = 0;
                if expand & bit != 0 {
                    s.expand_ff = false;
                }
            }
            if s.dma {
                active |= bit;
                rows[i] = s.mcbase / 3;
                // Cycles 15/16 of the next line.
                if s.expand_ff {
                    s.mcbase += 3;
                    if s.mcbase >= 63 {
                        s.dma = false;
                    }
                }
            }
        }
        self.sprite_dma = (n, active);
        self.shown = rows;
        if let Some(r) = self.cur.rows.get_mut(usize::from(line) + 1) {
            *r = rows;
        }
    }

    /// The graphics on `line` with the registers as they are (used for collisions; the
    /// picture follows the row counters line by line in `frame.rs`).
    fn text_at(&self, line: u16) -> (line::Text, bool) {
        let (top, bottom) = self.state.window_lines();
        let vborder = !self.den_latch || line < top || line >= bottom;
        let yscroll = u16::from(self.state.reg(CTRL1) & 7);
        let last_bad = line.wrapping_sub(line.wrapping_sub(yscroll) & 7);
        let first_bad = FIRST_DMA_LINE + yscroll;
        let text = if self.den_latch && (first_bad..=LAST_DMA_LINE).contains(&last_bad) {
            line::Text::Display {
                vc: (last_bad - first_bad) / 8 * 40,
                rc: (line - last_bad) as u8,
            }
        } else {
            line::Text::Idle
        };
        (text, vborder)
    }

    fn update_irq(&mut self, at: u64) {
        if self.flags & self.state.reg(IRQ_MASK) & 0x0F != 0 {
            self.irq_at.get_or_insert(at);
        } else {
            self.irq_at = None;
        }
    }

    /// When the step loop must look at the VIC next: a raster interrupt, a bad line,
    /// sprite DMA or collisions.
    pub fn next_event(&self) -> Option<u64> {
        let n = self.point / 3;
        let stage = self.point % 3;
        let frame_of = |n: u64| n - n % LINES_PER_FRAME;
        let mut next = u64::MAX;
        // The raster interrupt, when it can still be raised.
        if self.state.reg(IRQ_MASK) & IRQ_RASTER != 0 && self.flags & IRQ_RASTER == 0 {
            let cmp = u64::from(self.state.compare_line());
            if cmp < LINES_PER_FRAME {
                let n0 = if stage == 0 { n } else { n + 1 };
                let at = n0 + (cmp + LINES_PER_FRAME - n0 % LINES_PER_FRAME) % LINES_PER_FRAME;
                next = next.min(at * CYCLES_PER_LINE);
            }
        }
        // The next bad line.
        let den = self.state.reg(CTRL1) & 0x10 != 0;
        let yscroll = u64::from(self.state.reg(CTRL1) & 7);
        let nb = if stage <= 1 { n } else { n + 1 };
        let lb = nb % LINES_PER_FRAME;
        let first = u64::from(FIRST_DMA_LINE) + yscroll;
        let this_frame = if lb <= u64::from(FIRST_DMA_LINE) {
            den.then_some(first)
        } else if self.den_latch {
            Some(lb + (yscroll + 8 - lb % 8) % 8).filter(|&l| l <= u64::from(LAST_DMA_LINE))
        } else {
            None
        };
        let bad = match this_frame {
            Some(l) => Some(frame_of(nb) + l),
            None => den.then_some(frame_of(nb) + LINES_PER_FRAME + first),
        };
        if let Some(b) = bad {
            next = next.min(b * CYCLES_PER_LINE + BADLINE_BA);
        }
        // Sprites: every line while one fetches or shows; else the next Y match.
        let enabled = self.state.reg(0x15);
        let busy = self.sprites.iter().any(|s| s.dma) || self.shown.iter().any(|&r| r != NO_ROW);
        if busy {
            next = next.min(n * CYCLES_PER_LINE + SPRITE_BA);
        } else if enabled != 0 {
            let l0 = n % LINES_PER_FRAME;
            for i in 0..8u8 {
                if enabled & (1 << i) == 0 {
                    continue;
                }
                let y = u64::from(self.state.reg(1 + 2 * i));
                let line = [y, y + 256, y + LINES_PER_FRAME]
                    .into_iter()
                    .find(|&l| l >= l0 && (l < LINES_PER_FRAME || l == y + LINES_PER_FRAME))
                    .unwrap_or(y + LINES_PER_FRAME);
                next = next.min((frame_of(n) + line) * CYCLES_PER_LINE + SPRITE_BA);
            }
        }
        (next != u64::MAX).then_some(next)
    }

    /// The cycle the VIC's interrupt line went low, if it is low.
    pub fn irq_since(&self) -> Option<u64> {
        self.irq_at
    }

    /// The raster compare flag would be latched by cycle `t` (without processing).
    fn raster_due(&self, t: u64) -> bool {
        let cmp = u64::from(self.state.compare_line());
        if cmp >= LINES_PER_FRAME {
            return false;
        }
        let n = self.point / 3;
        let n0 = if self.point.is_multiple_of(3) {
            n
        } else {
            n + 1
        };
        let at = n0 + (cmp + LINES_PER_FRAME - n0 % LINES_PER_FRAME) % LINES_PER_FRAME;
        at * CYCLES_PER_LINE <= t
    }

    /// Register `r` as the CPU reads it at cycle `t` (reading a collision register
    /// clears it).
    pub fn read(&mut self, r: u8, t: u64, mem: &VicMem) -> u8 {
        self.sync(t, mem);
        let v = self.peek(r, t);
        match r & 0x3F {
            SS_COLLISION => self.ss = 0,
            SB_COLLISION => self.sb = 0,
            _ => {}
        }
        v
    }

    /// Like `read`, without latching or clearing anything.
    pub fn peek(&self, r: u8, t: u64) -> u8 {
        let r = r & 0x3F;
        let raster = raster_line(t);
        if r >= UNUSED {
            return 0xFF;
        }
        let v = self.state.reg(r);
        match r {
            CTRL1 => (v & 0x7F) | (((raster >> 1) & 0x80) as u8),
            RASTER => raster as u8,
            LPX | LPY => 0,
            CTRL2 => v | 0xC0,
            MEMPTR => v | 0x01,
            IRQ_FLAGS => {
                let mut flags = self.flags;
                if self.raster_due(t) {
                    flags |= IRQ_RASTER;
                }
                let any = if flags & self.state.reg(IRQ_MASK) & 0x0F != 0 {
                    0x80
                } else {
                    0
                };
                flags | 0x70 | any
            }
            IRQ_MASK => v | 0xF0,
            SS_COLLISION => self.ss,
            SB_COLLISION => self.sb,
            0x20..=0x2E => v | 0xF0,
            _ => v,
        }
    }

    /// Write register `r` at cycle `t`.
    pub fn write(&mut self, r: u8, value: u8, t: u64, mem: &VicMem) {
        self.sync(t, mem);
        let r = r & 0x3F;
        match r {
            IRQ_FLAGS => {
                self.flags &= !(value & 0x0F);
                self.update_irq(t);
            }
            IRQ_MASK => {
                self.log(r, value, t);
                self.update_irq(t);
            }
            CTRL1 | RASTER => {
                let before = self.state.compare_line();
                self.log(r, value, t);
                let line = raster_line(t);
                // The comparison going from no match to a match sets the flag: a new
                // compare value equal to the current line does at once (rewriting the
                // value that matched does not: INC $D012's first write).
                if line == self.state.compare_line() && line != before {
                    self.flags |= IRQ_RASTER;
                    self.update_irq(t);
                }
                if line == FIRST_DMA_LINE && value & 0x10 != 0 && r == CTRL1 {
                    self.den_latch = true;
                }
            }
            SS_COLLISION | SB_COLLISION | LPX | LPY => {}
            _ if r >= UNUSED => {}
            _ => self.log(r, value, t),
        }
    }

    /// The bank CIA 2 selects changed at cycle `t`.
    pub fn set_bank(&mut self, bank: u8, t: u64, mem: &VicMem) {
        if bank != self.state.bank {
            self.sync(t, mem);
            self.log(BANK_REG, bank, t);
        }
    }

    fn log(&mut self, r: u8, value: u8, t: u64) {
        self.state.apply(r, value);
        let offset = t.saturating_sub(self.cur.frame * CYCLES_PER_FRAME);
        self.cur.writes.push((offset as u32, r, value));
    }
}

#[cfg(test)]
mod tests;
