//! What the VIC-II will do next if no register changes, for the step loop: the next
//! cycle BA goes low (a bad line, a sprite's DMA) and the next cycle its interrupt line
//! may go low (a raster compare, a collision). Predictions may come early (a sprite's
//! DMA that ends first), never late: the CPU runs unchecked up to them. A register
//! write makes the step loop ask again.

use super::Vic;
use super::timing::{self, FIRST_DMA_LINE, LAST_DMA_LINE, PAL};
use crate::map::vic::{CTRL1, IRQ_MASK};

/// A BA-low window: first and last cycle.
type Window = (u64, u64);

/// What `next_sprite_dma` needs from the VIC's clock (`Vic::dma_checks`).
#[derive(Clone, Copy)]
struct DmaChecks {
    first: u64,
    frame_start: u64,
}

impl Vic {
    /// The VIC may lag this far behind the cycles asked about (the bus runs it up
    /// first): half a frame.
    pub(super) fn max_lag(&self) -> u64 {
        self.timing.frame / 2
    }

    /// The first cycle from `t` on in which BA is low, if no register changes.
    pub fn next_ba_low(&mut self, t: u64) -> Option<u64> {
        if t + 1 == self.clock && self.ba {
            return Some(t);
        }
        self.horizons();
        if t >= self.clock && t <= self.ba_next {
            return (self.ba_next != u64::MAX).then_some(self.ba_next);
        }
        let (from, first) = self.ba_later;
        if from <= t && t <= first {
            return (first != u64::MAX).then_some(first);
        }
        let next = self.predict_ba(t);
        self.ba_later = (t, next.unwrap_or(u64::MAX));
        next
    }

    /// The first BA-low window from `t` on, if no register changes: (its first cycle
    /// from `t` on, the first cycle after the run of windows that meet it). The step
    /// loop looks again at its end, so the fast path resumes there.
    pub fn next_ba_window(&mut self, t: u64) -> Option<(u64, u64)> {
        let from = self.next_ba_low(t)?;
        // Kept until the state changes: a stale end only moves when the loop looks
        // again, never what it sees.
        if self.ba_run.0 != from {
            self.ba_run = (from, self.ba_run_end(from));
        }
        Some((from, self.ba_run.1))
    }

    /// The first cycle after the predicted BA-low windows that meet cycle `at` (one
    /// past `at` if none is known: the loop then merely looks again early).
    fn ba_run_end(&self, at: u64) -> u64 {
        // Each window met moves the end on at once, so a chain of sprites' windows
        // (in the order of their accesses) is followed in one pass; a pass that moves
        // nothing ends the run.
        let dma = self.sprites.dma;
        let others = self.regs[0x15] & !dma;
        let checks = self.dma_checks();
        let mut end = at;
        loop {
            let start = end;
            if let Some((from, to)) = self.next_bad_line(end)
                && from <= end
            {
                end = end.max(to + 1);
            }
            if dma != 0 {
                end += u64::from(self.every_line_ba(dma, end).trailing_ones());
            }
            for n in 0..8 {
                if others & (1 << n) != 0
                    && let Some((from, to)) = self.next_sprite_dma(n, end, &checks)
                    && from <= end
                {
                    end = end.max(to + 1);
                }
            }
            if end == start {
                return end.max(at + 1);
            }
        }
    }

    /// `next_ba_low` worked out from the state.
    pub(super) fn predict_ba(&self, t: u64) -> Option<u64> {
        let now = t.max(self.clock);
        let mut first = u64::MAX;
        let consider = |first: &mut u64, (from, to): Window| {
            if to >= now {
                *first = (*first).min(from.max(now));
            }
        };
        if let Some(w) = self.next_bad_line(now) {
            consider(&mut first, w);
        }
        // Each sprite's next DMA from its own state (a sprite's DMA ends after its last
        // line, so a window per line cannot be assumed): those with DMA on hold BA in
        // every line as far as the prediction looks (a line at most), the others from
        // the line their Y matches.
        let dma = self.sprites.dma;
        if dma != 0 {
            let bits = self.every_line_ba(dma, now);
            if bits != 0 {
                first = first.min(now + u64::from(bits.trailing_zeros()));
            }
        }
        let others = self.regs[0x15] & !dma;
        if others != 0 {
            let checks = self.dma_checks();
            for n in 0..8 {
                if others & (1 << n) != 0
                    && let Some(w) = self.next_sprite_dma(n, now, &checks)
                {
                    consider(&mut first, w);
                }
            }
        }
        (first != u64::MAX).then_some(first)
    }

    /// If BA is low in cycle `t` for a bad line alone (no sprite's DMA meets the window)
    /// whose first cycle the VIC has not run yet: the first cycle after (exact: nothing
    /// can change a bad line while the CPU waits).
    pub(super) fn bad_line_stall(&self, t: u64) -> Option<u64> {
        if t < self.clock {
            return None;
        }
        let (from, to) = self.next_bad_line(t)?;
        // From its first cycle only: a bad line made in mid-line reads the CPU's bus
        // in its first c-accesses, at the cycle the VIC runs them.
        if !(from..=to).contains(&t) || self.clock > from {
            return None;
        }
        let dma = self.sprites.dma;
        let bits = self.every_line_ba(dma, t);
        if bits != 0 && t + u64::from(bits.trailing_zeros()) <= to + 1 {
            return None;
        }
        let others = self.regs[0x15] & !dma;
        if others != 0 {
            let checks = self.dma_checks();
            if (0..8).any(|n| {
                others & (1 << n) != 0
                    && self
                        .next_sprite_dma(n, t, &checks)
                        .is_some_and(|w| w.0 <= to + 1)
            }) {
                return None;
            }
        }
        Some(to + 1)
    }

    /// The cycles from `t` on (bit i: cycle `t + i`, for a line) in which the DMA of a
    /// sprite in `set` holds BA low, as it does in every line while on.
    #[inline(always)]
    fn every_line_ba(&self, set: u8, t: u64) -> u128 {
        if set == 0 {
            return 0;
        }
        let tm = self.timing;
        let mut bits = 0u128;
        let mut todo = set;
        while todo != 0 {
            bits |= tm.sprite_ba_bits[todo.trailing_zeros() as usize];
            todo &= todo - 1;
        }
        let line = tm.line as u32;
        let off = tm.line_offset(t) as u32;
        ((bits >> off) | (bits << (line - off))) & ((1u128 << line) - 1)
    }

    /// If BA is low in cycle `t` and the VIC has run up to `t`'s line, no further: the
    /// first cycle after the run of BA-low cycles (bad line and sprite DMA) `t` is in,
    /// worked out exactly from the counters (DMA ending in cycle 16 after the last
    /// row, starting in cycle 55 where Y matches).
    pub(super) fn stall_in_line(&self, t: u64) -> Option<u64> {
        let tm = self.timing;
        let line_start = tm.line_start(t);
        if self.clock < line_start || self.clock > t {
            return None;
        }
        let k0 = tm.cycle_of(self.clock);
        let line = tm.line_of(t);
        let mut windows = [(0u64, 0u64); 17];
        let mut count = 0;
        if let Some((from, to)) = self.next_bad_line(t)
            && from >= line_start
            && from < line_start + tm.line
        {
            if self.clock > from {
                return None;
            }
            windows[count] = (from, to);
            count += 1;
        }
        for n in 0..8u8 {
            let bit = 1u8 << n;
            let s = &self.sprites.s[usize::from(n)];
            let mut dma = self.sprites.dma & bit != 0;
            // Last line's window, into this line's cycles 1-10 (sprites 3-7).
            let offset = tm.sprite_ba_offset(n);
            let wraps = offset + 4 >= tm.line;
            if dma && wraps && k0 <= timing::UPDATE_MCBASE {
                let from = line_start - tm.line + offset;
                windows[count] = (from, from + 4);
                count += 1;
            }
            if dma && k0 <= timing::UPDATE_MCBASE && s.exp_flop {
                // Accesses still to come before cycle 16 (sprites 3-7 fetch in 1-10, the
                // 6567R8's sprite 3 from the last line's last cycle). A phi2 access is
                // made as the next cycle starts, so the third byte of a sprite whose
                // pointer is in the line's last cycle but one (PAL's sprite 2) is still
                // to come in cycle 1.
                let p = i16::from(tm.sprite_pointer_cycle(n));
                let p = if p > 16 { p - tm.line as i16 } else { p };
                let k0 = i16::from(k0);
                let pending = 2 * u8::from(k0 <= p + 1) + u8::from(k0 <= p + 2);
                dma = (s.mc + pending) & 0x3F != 63;
            }
            if !dma
                && k0 <= tm.sprite_dma.1
                && self.regs[0x15] & bit != 0
                && u16::from(self.regs[1 + 2 * usize::from(n)]) == line & 0xFF
            {
                dma = true;
            }
            if dma {
                let from = line_start + offset;
                windows[count] = (from, from + 4);
                count += 1;
            }
        }
        let mut end = t;
        while let Some(&(_, to)) = windows[..count]
            .iter()
            .find(|&&(from, to)| from <= end && end <= to)
        {
            end = to + 1;
        }
        (end > t).then_some(end)
    }

    /// A cycle before which BA is surely high from `t` on.
    pub fn ba_horizon(&mut self, t: u64) -> u64 {
        self.next_ba_low(t).unwrap_or(u64::MAX)
    }

    /// The BA window of the next bad line whose window ends at or after `now` (the VIC
    /// at most `max_lag` behind it).
    pub(super) fn next_bad_line(&self, now: u64) -> Option<Window> {
        let d011 = self.regs[usize::from(CTRL1)];
        let (yscroll, den) = (u16::from(d011 & 7), d011 & 0x10 != 0);
        let tm = self.timing;
        let frame_start = tm.frame_start(now);
        let line = tm.line_of(now);
        let window = |start: u64| {
            (
                timing::at(start, timing::BADLINE_BA.0),
                timing::at(start, timing::BADLINE_BA.1),
            )
        };
        // Bad lines are allowed in now's frame if DEN is set in line $30 (as it is
        // now, if the VIC has not passed that line in this frame).
        let vic_line = tm.line_of(self.clock);
        let allowed = if self.clock < frame_start || vic_line < FIRST_DMA_LINE {
            den
        } else if vic_line == FIRST_DMA_LINE {
            self.fetch.allow_bad_lines || den
        } else {
            self.fetch.allow_bad_lines
        };
        if allowed {
            let mut l = line.max(FIRST_DMA_LINE);
            l += (yscroll + 8 - l % 8) % 8;
            while l <= LAST_DMA_LINE {
                let w = window(frame_start + u64::from(l) * tm.line);
                if w.1 >= now {
                    return Some(w);
                }
                l += 8;
            }
        }
        den.then(|| window(frame_start + tm.frame + u64::from(FIRST_DMA_LINE + yscroll) * tm.line))
    }

    /// Where the sprites' Y comparisons still to come start (`next_sprite_dma`): the
    /// first line whose comparison (cycles 55 and 56) the VIC has not made, and the
    /// start of its frame. Worked out once for all eight sprites.
    #[inline(always)]
    fn dma_checks(&self) -> DmaChecks {
        let tm = self.timing;
        let line_start = tm.line_start(self.clock);
        let first = if tm.cycle_of(self.clock) <= tm.sprite_dma.1 {
            line_start
        } else {
            line_start + tm.line
        };
        DmaChecks {
            first,
            frame_start: tm.frame_start(first),
        }
    }

    /// Sprite `n`'s next BA window ending at or after `now` (the VIC at most `max_lag`
    /// behind it): every line while its DMA is on (or may be, by then), else from the
    /// next line its Y matches (if enabled). `checks`: `dma_checks`.
    fn next_sprite_dma(&self, n: u8, now: u64, checks: &DmaChecks) -> Option<Window> {
        let bit = 1u8 << n;
        let tm = self.timing;
        let dma = self.sprites.dma & bit != 0;
        if !dma && self.regs[0x15] & bit == 0 {
            return None;
        }
        let offset = tm.sprite_ba_offset(n);
        let now_line = tm.line_start(now);
        // The window of the line before now's (it may reach into now's line), of now's
        // line or of the next: the first that ends at or after now.
        let every_line = || {
            let mut from = now_line.saturating_sub(tm.line) + offset;
            while from + 4 < now {
                from += tm.line;
            }
            Some((from, from + 4))
        };
        if dma {
            return every_line();
        }
        let y = u64::from(self.regs[1 + 2 * usize::from(n)]);
        let DmaChecks { first, frame_start } = *checks;
        for f in [0, tm.frame] {
            for l in [y, y + 256] {
                let start = frame_start + f + l * tm.line;
                if l >= u64::from(tm.lines) || start < first {
                    continue;
                }
                let from = start + offset;
                if from + 4 >= now {
                    return Some((from, from + 4));
                }
                // Started before now: it may still fetch (21 rows, 42 expanded).
                if now_line <= start + 43 * tm.line {
                    return every_line();
                }
            }
        }
        None
    }

    /// When the step loop must look at the VIC next: its interrupt line may go low (a
    /// raster compare, a collision while those interrupts are armed).
    pub fn next_event(&self) -> Option<u64> {
        let mask = self.regs[usize::from(IRQ_MASK)];
        let mut next = u64::MAX;
        if mask & super::IRQ_RASTER != 0 && self.irq.flags & super::IRQ_RASTER == 0 {
            let cmp = self.compare_line();
            if cmp < self.timing.lines {
                next = next.min(if self.line == cmp && !self.irq.raster_matched {
                    self.clock
                } else {
                    self.timing.next_raster_match(cmp, self.clock)
                });
            }
        }
        if mask & super::IRQ_LIGHT_PEN != 0
            && let Some(at) = self.light_pen.trigger_at
        {
            next = next.min(at);
        }
        let armed = (mask & super::IRQ_SPRITE_SPRITE != 0
            && self.irq.flags & super::IRQ_SPRITE_SPRITE == 0
            && self.sprites.ss == 0)
            || (mask & super::IRQ_SPRITE_BACKGROUND != 0
                && self.irq.flags & super::IRQ_SPRITE_BACKGROUND == 0
                && self.sprites.sb == 0);
        if armed {
            next = next.min(self.next_sprite_pixels());
        }
        (next != u64::MAX).then_some(next)
    }

    /// The first cycle a sprite may draw in (so collide): now while one is shown,
    /// else the cycle its DMA is predicted to start.
    fn next_sprite_pixels(&self) -> u64 {
        if self.sprites.display != 0 || self.sprites.dma != 0 {
            return self.clock;
        }
        let checks = self.dma_checks();
        (0..8)
            .filter_map(|n| self.next_sprite_dma(n, self.clock, &checks))
            .map(|w| w.0)
            .min()
            .unwrap_or(u64::MAX)
    }

    /// The raster flag would be latched by cycle `t` (without running the VIC there).
    pub(super) fn raster_due(&self, t: u64) -> bool {
        let cmp = self.compare_line();
        if cmp >= self.timing.lines || t < self.clock {
            return false;
        }
        let at = if self.line == cmp && !self.irq.raster_matched {
            self.clock
        } else {
            self.timing.next_raster_match(cmp, self.clock)
        };
        at <= t
    }
}

/// Cycles the CPU loses to sprite DMA on one line of the 6569 with the sprites in
/// `active` (bit n: sprite n) fetching: two cycles per sprite, BA low three cycles
/// before each sprite's accesses (overlapping for neighbours): 5 for one sprite, 19 for
/// all eight.
pub fn sprite_dma_cycles(active: u8) -> u64 {
    (1..=63usize)
        .filter(|&c| PAL.cycles[c].sprite_ba & active != 0)
        .count() as u64
}
