//! A whole quiet line at once: the line `step` would run cycle by cycle when nothing in
//! it depends on the cycle beyond what the line's start decides. With the registers as
//! they are for all the line's cycles (the VIC runs a batch no CPU access interrupts),
//! no sprite with DMA, shown or starting (on the 6569: the other chips' lines run their
//! sprite accesses cycle by cycle), the graphics modes settled, no colour or collision
//! change pending and no light pen latch, the bad line condition, the border flip-flops
//! and the counters change only at their cycles, so the line is: the counters and
//! interrupts of cycles 1 and 2, the accesses (c, g, the sprites' idle ones), the
//! border's two comparisons, and 48 cycles of pixels. A test runs machines both ways
//! and compares every pixel and counter.

use super::border::cover;
use super::fetch::VicMem;
use super::graphics::{REG, expand, overlay, splat};
use super::picture::{FIRST_CYCLE, LAST_CYCLE};
use super::timing::{
    self, BORDER_LEFT, BORDER_RIGHT, FIRST_DMA_LINE, LAST_DMA_LINE, MAX_LINE, Phi1, Phi2,
    SpriteCheck,
};
use super::{IRQ_RASTER, Vic};
use crate::map::vic::{CTRL1, CTRL2, MEMPTR};

impl Vic {
    /// Can the line starting at the next cycle run as a whole (`fast_line`): modes
    /// settled, no colour change or collision clear pending, no light pen latch?
    #[inline(always)]
    pub(super) fn line_is_steady(&self) -> bool {
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        let pen = &self.light_pen;
        let pen_latch = pen
            .trigger_at
            .is_some_and(|at| at < self.clock + self.timing.line)
            || (pen.low && self.line == self.timing.lines - 1);
        !pen_latch
            && self.gfx.steady(d011, d016)
            && self.gfx.xscroll() == d016 & 7
            && self.picture.settled()
            && self.clear_collisions == 0
    }

    /// No sprite fetches, is shown or starts in the line starting at the next cycle
    /// (and the line's idle sprite accesses are the 6569's: `idle_sprites_line`)?
    fn sprites_quiet(&self) -> bool {
        if self.timing.line != 63 {
            return false;
        }
        let s = &self.sprites;
        if s.dma | s.display != 0 || !s.idle(false) {
            return false;
        }
        let line = if self.line == self.timing.lines - 1 {
            0
        } else {
            self.line + 1
        };
        !(0..8).any(|n| {
            self.regs[0x15] & (1 << n) != 0 && u16::from(self.regs[1 + 2 * n]) == line & 0xFF
        })
    }

    /// Run the line starting at the next cycle (`line_is_steady`).
    pub(super) fn fast_line(&mut self, mem: &VicMem) {
        let t0 = self.clock;
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        let d018 = self.regs[usize::from(MEMPTR)];
        let (bank, csel, den) = (self.bank, d016 & 0x08 != 0, d011 & 0x10 != 0);
        let latency = self.model.latency();
        self.fetch.d011_before = d011;
        let busy = !self.sprites_quiet();
        let ba_cycles = self.fetch.ba_cycles;
        if !busy {
            self.idle_sprites_line(mem, d018, latency);
        }
        // What the pixels start from (cycle 1 draws off screen, before its phi2).
        let main = self.border.main;
        let stale = self.gfx.stale_cell();

        // Cycles 1 and 2: the raster counter, the frame's start, bad lines allowed.
        let before = self.line;
        if before == FIRST_DMA_LINE && den {
            self.fetch.allow_bad_lines = true;
        }
        if before == LAST_DMA_LINE {
            self.fetch.allow_bad_lines = false;
        }
        let frame_starts = before == self.timing.lines - 1;
        if !frame_starts {
            self.line = before + 1;
        }
        self.fetch.bad_line = false;
        self.compare_raster(t0);
        self.border.check_vertical(1, self.line, d011);
        if self.line == FIRST_DMA_LINE && !self.fetch.allow_bad_lines {
            self.fetch.allow_bad_lines = den;
        }
        if self.fetch.allow_bad_lines {
            self.fetch.bad_line = u16::from(d011 & 7) == self.line & 7;
            if self.fetch.bad_line {
                self.fetch.idle = false;
            }
        }
        if frame_starts {
            self.line = 0;
            self.fetch.allow_bad_lines = false;
            self.fetch.vcbase = 0;
            self.fetch.vc = 0;
            self.light_pen.triggered = false;
            self.compare_raster(t0 + 1);
        }
        let vertical = self.border.vertical;

        // The accesses: VC from VCBASE in cycle 14, the c-accesses of cycles 15-54 on a
        // bad line, the g-accesses of 16-55 (fed to the sequencer outside the vertical
        // border), RC in cycle 58.
        self.fetch.update_vc();
        let bad = self.fetch.bad_line;
        let visible = self.drawing && self.picture.shows(self.row);
        // Unseen, the graphics matter only for collisions with sprites that can still
        // set a bit in $D01F (else only the last cell's, which the pipeline keeps).
        let graphics = visible || (busy && self.collisions_need_graphics());
        let mut cells = [(0u8, 0u8, 0u8); 40];
        self.fetch
            .line(mem, bank, d011, d018, bad, graphics, &mut cells);
        self.fetch.update_rc();

        // The border's comparisons; the pixels.
        let (left, right) = if csel {
            (BORDER_LEFT.0, BORDER_RIGHT.0)
        } else {
            (BORDER_LEFT.1, BORDER_RIGHT.1)
        };
        let fed = !vertical;
        let main_at = |n: u8| {
            if n < left {
                main
            } else if n < right {
                main && vertical
            } else {
                true
            }
        };
        let colors = *self.picture.colors();
        let border = colors[usize::from(REG)];
        let mut pixels = [splat(border); 48];
        let mut fgs = [0u8; MAX_LINE + 1];
        if graphics {
            let cell = |k: u8| -> (u8, u8, u8) {
                if fed && (timing::GRAPHICS.0..=timing::GRAPHICS.1).contains(&k) {
                    cells[usize::from(k - timing::GRAPHICS.0)]
                } else if fed && k > timing::GRAPHICS.1 {
                    (0, cells[39].1, cells[39].2)
                } else {
                    (0, stale.0, stale.1)
                }
            };
            let (mode, xs) = (self.gfx.mode(), u32::from(self.gfx.xscroll()));
            for n in FIRST_CYCLE..=LAST_CYCLE {
                // Under the border nothing shows (what sprites collide with still counts).
                if !busy && main_at(n - 1) && (main_at(n) || csel) {
                    continue;
                }
                let (g, v, c) = cell(n - 2);
                let (mut px, _, mut fg) = expand(g, v, c, mode, &colors);
                if xs != 0 {
                    let (g, v, c) = cell(n - 3);
                    let (old, _, old_fg) = expand(g, v, c, mode, &colors);
                    px = (old >> (8 * (8 - xs))) | (px << (8 * xs));
                    fg = (old_fg >> (8 - xs)) | (fg << xs);
                }
                pixels[usize::from(n - FIRST_CYCLE)] = px;
                fgs[usize::from(n)] = fg;
            }
        }
        if busy {
            self.sprite_cycles(mem, t0, ba_cycles, visible.then_some(&mut pixels), &fgs);
        } else {
            self.fetch.ba_cycles = 0;
            self.ba = false;
        }
        if visible {
            let row = self.picture.row(self.row);
            for n in FIRST_CYCLE..=LAST_CYCLE {
                let px = &mut pixels[usize::from(n - FIRST_CYCLE)];
                cover(main_at(n - 1), main_at(n), csel, px, border);
                let x = 8 * usize::from(n - FIRST_CYCLE);
                row[x..x + 8].copy_from_slice(&px.to_le_bytes());
            }
        }
        self.border.check_horizontal(left, self.line, d011, csel);
        self.border.check_horizontal(right, self.line, d011, csel);
        self.border.end_line();
        self.gfx
            .end_line(fed.then_some((cells[39].1, cells[39].2)), d016);
        self.clock = t0 + self.timing.line;
        self.row = if self.row == self.timing.lines - 1 {
            0
        } else {
            self.row + 1
        };
    }

    /// A line's sprites cycle by cycle (DMA, accesses, shifters, collisions) over the
    /// graphics in `pixels` (colours of cycles 14-61) with their foreground `fgs`
    /// (per cycle); BA as the line's DMA holds it, from `ba_cycles` at its start.
    /// `pixels` is `None` when nobody looks (only the collisions are made).
    fn sprite_cycles(
        &mut self,
        mem: &VicMem,
        t0: u64,
        mut ba_cycles: u8,
        mut pixels: Option<&mut [u64; 48]>,
        fgs: &[u8; MAX_LINE + 1],
    ) {
        let d018 = self.regs[usize::from(MEMPTR)];
        let latency = self.model.latency();
        let colors = *self.picture.colors();
        let bad = self.fetch.bad_line;
        let mut ba = false;
        let tm = self.timing;
        // (Each cycle is the next one's `prev`.)
        let mut before = tm.prev(1);
        for n in 1..=tm.line as u8 {
            let cycle = &tm.cycles[usize::from(n)];
            let prev = std::mem::replace(&mut before, cycle);
            if matches!(prev.phi2, Phi2::SpriteFirst(_) | Phi2::SpriteLast(_)) {
                let bus = self.bus_at((t0 + u64::from(n)).wrapping_sub(2));
                self.sprites
                    .phi2(prev.phi2, ba_cycles >= 4, bus, mem, self.bank);
            }
            if matches!(cycle.phi1, Phi1::SpritePointer(_) | Phi1::SpriteData(_)) {
                self.sprites.phi1(cycle.phi1, mem, self.bank, d018);
            }
            let show = prev.sprites == SpriteCheck::Display;
            let later = &tm.cycles[usize::from(n)..tm.line as usize];
            if n != 1 && self.sprites.quiet(prev, show) {
                // Nothing to draw, nothing to take.
            } else if self.sprites.idle(show) {
                if n == 1 || prev.phi1.is_sprite() {
                    self.sprites.draw_idle(prev, show, &self.regs, latency);
                }
            } else {
                let (ss_free, sb_free) = (self.sprites.ss == 0, self.sprites.sb == 0);
                let mut refs = [0; 8];
                let fg = fgs[usize::from(n)];
                let drawn = self
                    .sprites
                    .draw(prev, show, &self.regs, latency, &mut refs, fg, later);
                if drawn != 0
                    && (FIRST_CYCLE..=LAST_CYCLE).contains(&n)
                    && let Some(pixels) = pixels.as_deref_mut()
                {
                    let px = &mut pixels[usize::from(n - FIRST_CYCLE)];
                    *px = overlay(*px, drawn, &refs, &colors);
                }
                self.collision_irq(ss_free, sb_free, t0 + u64::from(n) - 1);
            }
            self.sprite_logic(cycle);
            ba = (bad && cycle.badline_ba) || self.sprites.dma & cycle.sprite_ba != 0;
            ba_cycles = if ba { (ba_cycles + 1).min(4) } else { 0 };
        }
        self.fetch.ba_cycles = ba_cycles;
        self.ba = ba;
    }

    /// The raster compare in a cycle of a line whose counter is `self.line`.
    #[inline(always)]
    pub(super) fn compare_raster(&mut self, t: u64) {
        if self.line == self.compare_line() {
            if !self.irq.raster_matched {
                self.irq.raster_matched = true;
                self.irq.flags |= IRQ_RASTER;
                self.update_irq(t);
            }
        } else {
            self.irq.raster_matched = false;
        }
    }

    /// A line's sprite accesses without DMA, and what they leave: pointers read, data
    /// $FF, the idle byte, $FF (sprite 2's last $FF comes in the next line's cycle 1),
    /// the shift registers loaded, the counters MCBASE/MC as cycles 16 and 58 leave
    /// them, the registers the shifters take in cycle 59.
    fn idle_sprites_line(&mut self, mem: &VicMem, d018: u8, latency: bool) {
        let data = 0xFF_00FF | u32::from(mem.read(self.bank, 0x3FFF)) << 8;
        let sprites = &mut self.sprites;
        for (n, s) in sprites.s.iter_mut().enumerate() {
            s.pointer = mem.read(self.bank, u16::from(d018 & 0xF0) << 6 | 0x3F8 | n as u16);
            if s.exp_flop {
                s.mcbase = s.mc;
            }
            s.mc = s.mcbase;
        }
        let last = (sprites.s[2].data & 0xFF_FF00) | 0xFF;
        sprites.idle_line(data, last, &self.regs, latency);
    }
}
