//! Part of a line at once, where nobody looks: the cycles from the one a CPU access
//! left the VIC at up to the next access (or the line's end), run in one loop instead of
//! `step` by `step`. With the picture off and no sprite able to set its bit in $D01F
//! (`Vic::collisions_need_graphics`), each cycle makes no pixel (`draw_blind`); with the
//! registers as they are for the whole span, the modes settled, no colour or collision
//! change pending, no light pen latch and the bad line condition as it was in the
//! cycle before (and the line counted: from cycle 3 on), what `step` decides per cycle
//! is decided once: the raster compare, the bad line, the mode bits. The accesses, the
//! graphics pipeline, the border flip-flops, the sprites and BA still go cycle by
//! cycle, in `step`'s order. The fast-paths test in `tests.rs` compares it with the VIC
//! run pixel by pixel.

use super::fetch::VicMem;
use super::timing::{self, Phi1, Phi2, SpriteCheck};
use super::{Vic, timing::FIRST_DMA_LINE};
use crate::map::vic::{CTRL1, CTRL2, MEMPTR};

impl Vic {
    /// May spans run in a sync: nobody looks and no sprite can still set its bit in
    /// $D01F? (Running the VIC on cannot change that: only a CPU access can turn the
    /// picture on, clear $D01F or enable a sprite; a read's clear lands two cycles
    /// later, so `sync` runs no spans while one is pending.)
    #[inline(always)]
    pub(super) fn spans_possible(&self) -> bool {
        !self.drawing && self.fast_lines && !self.collisions_need_graphics()
    }

    /// Can the cycles from the next one on run as a span (`fast_span`), where spans
    /// may run (`spans_possible`)?
    #[inline(always)]
    pub(super) fn span_ready(&self) -> bool {
        if self.cycle < 3 {
            return false;
        }
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        // (The modes first: where they change, `step` runs anyway.)
        let first_dma = self.line == FIRST_DMA_LINE && !self.fetch.allow_bad_lines;
        self.gfx.steady(d011, d016)
            && self.gfx.xscroll() == d016 & 7
            && self.picture.settled()
            && self.clear_collisions == 0
            && self.light_pen.trigger_at.is_none()
            && self.fetch.d011_before == d011
            && !(first_dma && d011 & 0x10 != 0)
            && self.fetch.bad_line == self.bad_line_with(d011)
    }

    /// Run the cycles from the next one to cycle `last` of its line (`span_ready`).
    pub(super) fn fast_span(&mut self, mem: &VicMem, last: u8) {
        let tm = self.timing;
        let t0 = self.clock;
        let first = self.cycle;
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        let d018 = self.regs[usize::from(MEMPTR)];
        let (bank, csel, line) = (self.bank, d016 & 0x08 != 0, self.line);
        let latency = self.model.latency();
        let bad = self.fetch.bad_line;
        // The same in every cycle of the span: the first decides.
        self.compare_raster(t0);
        let mut ba_cycles = self.fetch.ba_cycles;
        let mut ba = self.ba;
        // (Each cycle is the next one's `prev`.)
        let mut before = tm.prev(first);
        for n in first..=last {
            let t = t0 + u64::from(n - first);
            let cycle = &tm.cycles[usize::from(n)];
            let prev = std::mem::replace(&mut before, cycle);
            if matches!(prev.phi2, Phi2::SpriteFirst(_) | Phi2::SpriteLast(_)) {
                let bus = self.bus_at(t.wrapping_sub(1));
                self.sprites.phi2(prev.phi2, ba_cycles >= 4, bus, mem, bank);
            }
            // Only the last three cycles' graphics reach the sequencer's state (and the
            // last g-access's byte stays on the bus).
            let kept = n + 2 >= last;
            match cycle.phi1 {
                // (A bad line holding now held in the cycle before: no start here.)
                Phi1::Graphics if kept || n == timing::GRAPHICS.1 => {
                    self.fetch.graphics(mem, bank, d011, d018, latency, false);
                }
                Phi1::Graphics => self.fetch.skip_graphics(),
                Phi1::SpritePointer(_) | Phi1::SpriteData(_) => {
                    self.sprites.phi1(cycle.phi1, mem, bank, d018);
                }
                Phi1::Refresh | Phi1::Idle => {}
            }
            self.border.check_horizontal(n, line, d011, csel);
            if kept {
                self.gfx.skip_steady();
                self.feed_graphics(n, d016);
            } else {
                let g_access =
                    (timing::GRAPHICS.0..=timing::GRAPHICS.1).contains(&n) && !self.border.vertical;
                let cell = (!self.fetch.idle).then_some((&self.fetch.vbuf, &self.fetch.cbuf));
                self.gfx.skip_feed(g_access, cell);
            }
            let show = prev.sprites == SpriteCheck::Display;
            let later = &tm.cycles[usize::from(n)..usize::from(last)];
            if n != first && self.sprites.quiet(prev, show) {
                // Nothing to draw, nothing to take.
            } else if self.sprites.idle(show) {
                if n == first || prev.phi1.is_sprite() {
                    self.sprites.draw_idle(prev, show, &self.regs, latency);
                }
            } else {
                let ss_free = self.sprites.ss == 0;
                let mut refs = [0; 8];
                self.sprites
                    .draw(prev, show, &self.regs, latency, &mut refs, 0, later);
                self.collision_irq(ss_free, false, t);
            }
            self.border.check_vertical(n, line, d011);
            self.sprite_logic(cycle);
            if n == timing::UPDATE_VC {
                self.fetch.update_vc();
            } else if n == timing::UPDATE_RC {
                self.fetch.update_rc();
            }
            ba = (bad && cycle.badline_ba) || self.sprites.dma & cycle.sprite_ba != 0;
            ba_cycles = if ba { (ba_cycles + 1).min(4) } else { 0 };
            if bad && cycle.phi2 == Phi2::Matrix {
                self.fetch.ba_cycles = ba_cycles;
                self.fetch.matrix(mem, bank, d018);
            }
        }
        self.fetch.ba_cycles = ba_cycles;
        self.ba = ba;
        self.clock = t0 + u64::from(last - first) + 1;
        if u64::from(last) == tm.line {
            self.cycle = 1;
            self.row = if self.row == tm.lines - 1 {
                0
            } else {
                self.row + 1
            };
        } else {
            self.cycle = last + 1;
        }
    }
}
