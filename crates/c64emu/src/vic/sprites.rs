//! The eight sprites: DMA and its counters (C. Bauer, 3.8: MC and MCBASE, the Y
//! expansion flip-flop, DMA and display switched at their cycles, the crunch a $D017
//! write in cycle 15 causes), their accesses, and the shift registers that draw them
//! over the graphics, started where the beam meets their X coordinate, with priority
//! and the collisions they cause.

use super::fetch::VicMem;
use super::graphics::{REG, Ref, byte_lanes, lanes_with, splat};
use super::timing::{Cycle, Phi1, Phi2};

/// One sprite's DMA state.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sprite {
    /// Data counter and its base (6 bits).
    pub mc: u8,
    pub mcbase: u8,
    /// Y expansion flip-flop (set: the row advances).
    pub exp_flop: bool,
    /// Pointer read in its p-access.
    pub pointer: u8,
    /// The three data bytes of the row (first in bits 16-23).
    pub data: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Sprites {
    pub s: [Sprite; 8],
    /// Sprites with DMA on, and shown on this line.
    pub dma: u8,
    pub display: u8,
    /// X coordinates (9 bits) as written, and as the comparators see them (a cycle later).
    pub x: [u16; 8],
    x_seen: [u16; 8],
    /// The sprites whose `x_seen` falls in each 8-pixel step of X (X / 8: [X / 256]
    /// [X / 8 % 32]), once worked out (`xpos_known`).
    at_xpos: [[u8; 32]; 2],
    xpos_known: bool,
    /// $D01B, $D01C, $D01D as the shifters see them.
    priority: u8,
    multicolor: u8,
    expand_x: u8,
    /// Shown on this line (from cycle 58), started (shifting), halted by their DMA.
    pending: u8,
    active: u8,
    halted: u8,
    shift: [u32; 8],
    pixel: [u8; 8],
    expand_flops: u8,
    mc_flops: u8,
    /// Collision registers $D01E and $D01F.
    pub ss: u8,
    pub sb: u8,
    /// Registers a CPU read clears at pixel 4 of the cycle drawn (bit 0 $D01E, bit 1
    /// $D01F): set for that cycle's `draw`, which takes it if a pixel is drawn.
    pub clear: u8,
    /// Nobody looks at the pixels (the picture is off): `shift_out` makes only the
    /// collisions and which pixels are in front, not their colours.
    pub unseen: bool,
    /// Every cycle's pixels one by one (the reference the tests compare with).
    #[cfg(test)]
    pub per_pixel: bool,
}

impl Sprites {
    /// Cycle 16: MCBASE takes MC where the expansion flip-flop is set; DMA ends after
    /// the last row.
    pub fn update_mcbase(&mut self) {
        for (i, s) in self.s.iter_mut().enumerate() {
            if s.exp_flop {
                s.mcbase = s.mc;
                if s.mcbase == 63 {
                    self.dma &= !(1 << i);
                }
            }
        }
    }

    /// Cycles 55 and 56: DMA starts for enabled sprites whose Y equals the line.
    pub fn check_dma(&mut self, enabled: u8, ys: impl Fn(usize) -> u8, line: u16) {
        let candidates = enabled & !self.dma;
        if candidates == 0 {
            return;
        }
        for (i, s) in self.s.iter_mut().enumerate() {
            if candidates & (1 << i) != 0 && u16::from(ys(i)) == line & 0xFF {
                self.dma |= 1 << i;
                s.mcbase = 0;
                s.exp_flop = true;
            }
        }
    }

    /// Cycle 56: the Y expansion flip-flops of expanded sprites with DMA toggle.
    pub fn check_expand(&mut self, expand_y: u8) {
        let toggle = self.dma & expand_y;
        for (i, s) in self.s.iter_mut().enumerate() {
            if toggle & (1 << i) != 0 {
                s.exp_flop = !s.exp_flop;
            }
        }
    }

    /// Cycle 58: MC from MCBASE; a sprite with DMA whose Y equals the line is shown,
    /// one without DMA is not.
    pub fn check_display(&mut self, enabled: u8, ys: impl Fn(usize) -> u8, line: u16) {
        for (i, s) in self.s.iter_mut().enumerate() {
            let bit = 1 << i;
            s.mc = s.mcbase;
            if self.dma & bit == 0 {
                self.display &= !bit;
            } else if enabled & bit != 0 && u16::from(ys(i)) == line & 0xFF {
                self.display |= bit;
            }
        }
    }

    /// A write to $D017: a sprite whose expansion is switched off while its flip-flop
    /// is clear gets it set; in cycle 15 MC is also crunched (MCBASE takes it next
    /// cycle), which makes the sprite show rows out of order.
    pub fn write_expand_y(&mut self, old: u8, value: u8, cycle: u8) {
        if old == value {
            return;
        }
        for (i, s) in self.s.iter_mut().enumerate() {
            if value & (1 << i) == 0 && !s.exp_flop {
                if cycle == super::timing::SPRITE_CRUNCH {
                    s.mc = (0x2A & (s.mcbase & s.mc)) | (0x15 & (s.mcbase | s.mc));
                }
                s.exp_flop = true;
            }
        }
    }

    /// The phi1 access of a sprite cycle: the pointer, or the second data byte (an idle
    /// access without DMA). Returns the byte read.
    #[inline(always)]
    pub fn phi1(&mut self, kind: Phi1, mem: &VicMem, bank: u8, d018: u8) -> u8 {
        match kind {
            Phi1::SpritePointer(n) => {
                let s = &mut self.s[usize::from(n)];
                s.pointer = mem.read(bank, u16::from(d018 & 0xF0) << 6 | 0x3F8 | u16::from(n));
                s.pointer
            }
            Phi1::SpriteData(n) => {
                let byte = if self.dma & (1 << n) != 0 {
                    self.fetch(n, mem, bank)
                } else {
                    mem.read(bank, 0x3FFF)
                };
                let s = &mut self.s[usize::from(n)];
                s.data = (s.data & 0xFF00FF) | u32::from(byte) << 8;
                byte
            }
            _ => 0,
        }
    }

    /// The phi2 access of a sprite cycle: the first or third data byte, if DMA is on
    /// (and the CPU has let go of the bus: `ready`); otherwise what is on the VIC's
    /// data bus (`bus`: a register the CPU accesses in that cycle, else $FF).
    pub fn phi2(&mut self, kind: Phi2, ready: bool, bus: u8, mem: &VicMem, bank: u8) {
        let (n, shift) = match kind {
            Phi2::SpriteFirst(n) => (n, 16),
            Phi2::SpriteLast(n) => (n, 0),
            _ => return,
        };
        let mut byte = bus;
        if self.dma & (1 << n) != 0 {
            if ready {
                byte = self.fetch(n, mem, bank);
            } else {
                let s = &mut self.s[usize::from(n)];
                s.mc = (s.mc + 1) & 0x3F;
            }
        }
        let s = &mut self.s[usize::from(n)];
        s.data = (s.data & !(0xFF << shift)) | u32::from(byte) << shift;
    }

    fn fetch(&mut self, n: u8, mem: &VicMem, bank: u8) -> u8 {
        let s = &mut self.s[usize::from(n)];
        let byte = mem.read(bank, u16::from(s.pointer) << 6 | u16::from(s.mc));
        s.mc = (s.mc + 1) & 0x3F;
        byte
    }

    /// Nothing to draw in the coming cycle: no sprite shifting, none to start (and
    /// none to be shown from cycle 58's decision)?
    #[inline(always)]
    pub fn idle(&self, show: bool) -> bool {
        self.active == 0 && self.pending == 0 && !(show && self.display != 0)
    }

    /// A cycle of a batch run with the registers as they are, after its first, in
    /// which `draw` would do nothing but take the registers again: no sprite shifting,
    /// none shown whose X falls in the cycle, no sprite access before it, no display
    /// decision.
    #[inline(always)]
    pub fn quiet(&self, prev: &Cycle, show: bool) -> bool {
        let xpos = prev.xpos;
        !show
            && !prev.phi1.is_sprite()
            && self.active == 0
            && self.xpos_known
            && self.at_xpos[usize::from(xpos >> 8) & 1][usize::from(xpos >> 3) & 31] & self.pending
                == 0
    }

    /// Is a sprite shifting, about to start or shown (so its X coordinate matters
    /// before the next display check)?
    #[inline(always)]
    pub fn in_display(&self) -> bool {
        self.active | self.pending | self.display != 0
    }

    /// The sprites that may show a pixel (so collide) before the state changes:
    /// shifting, to start, shown, with DMA, or enabled (`enabled`: $D015).
    #[inline(always)]
    pub fn may_draw(&self, enabled: u8) -> u8 {
        self.active | self.pending | self.display | self.dma | enabled
    }

    /// `draw` for a cycle in which nothing is drawn (`idle`): what the accesses and the
    /// registers leave in the shifters. (A batch of cycles run with the registers as
    /// they are calls it in its first cycle and after a sprite access only: the
    /// registers it takes stay, and an idle display check leaves nothing pending.)
    #[inline(always)]
    pub fn draw_idle(&mut self, prev: &Cycle, show: bool, regs: &[u8; 0x40], latency: bool) {
        let (pointer_cycle, data_cycle) = match prev.phi1 {
            Phi1::SpritePointer(n) => (1u8 << n, 0u8),
            Phi1::SpriteData(n) => (0, 1u8 << n),
            _ => (0, 0),
        };
        self.halted = (self.halted | pointer_cycle) & !data_cycle;
        if data_cycle != 0 {
            let n = data_cycle.trailing_zeros() as usize;
            self.shift[n] = self.s[n].data;
        }
        if show {
            self.pending = self.display;
        }
        self.latch(regs, latency);
        self.see_x();
    }

    /// What a whole line without DMA leaves (`Vic::fast_line`): every sprite's data
    /// `data`, the shift registers loaded with it (sprite 2's, loaded in cycle 1, with
    /// `last`), sprite 2 halted by its pointer access in cycle 62, the registers taken in
    /// cycle 59.
    pub fn idle_line(&mut self, data: u32, last: u32, regs: &[u8; 0x40], latency: bool) {
        for (n, s) in self.s.iter_mut().enumerate() {
            s.data = data;
            self.shift[n] = if n == 2 { last } else { data };
        }
        self.halted = 1 << 2;
        self.latch(regs, latency);
        self.pending = self.display;
        self.see_x();
    }

    /// The comparators take the X coordinates as written (a cycle late).
    #[inline(always)]
    fn see_x(&mut self) {
        if self.x_seen != self.x || !self.xpos_known {
            self.x_seen = self.x;
            self.at_xpos = [[0; 32]; 2];
            for (i, &x) in self.x.iter().enumerate() {
                self.at_xpos[usize::from(x >> 8) & 1][usize::from(x >> 3) & 31] |= 1 << i;
            }
            self.xpos_known = true;
        }
    }

    /// The registers the shifters take in every cycle's pixels 6 and 7 (nothing
    /// shifting).
    #[inline(always)]
    fn latch(&mut self, regs: &[u8; 0x40], latency: bool) {
        if latency {
            let toggled = regs[0x1C] ^ self.multicolor;
            self.mc_flops &= !toggled;
            self.multicolor = regs[0x1C];
        } else {
            self.update_multicolor_8565(regs[0x1C]);
        }
        self.priority = regs[0x1B];
        self.expand_x = regs[0x1D];
    }

    /// Draw the sprites' pixels of a cycle over the graphics in `out` (foreground
    /// pixels `fg`), noting collisions; returns the pixels drawn (bit i: pixel i).
    /// `prev`: the previous cycle (its X position and accesses are what the shifters
    /// see now). `regs`: $D000-$D02E.
    /// Inlined for the usual cycle of a line with sprites, in which none shifts or
    /// starts (the rest, `draw_active`, is a call). `later`: the cycles before each of
    /// the next ones the VIC runs with the registers as they are (`finish_alone`).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        prev: &Cycle,
        show: bool,
        regs: &[u8; 0x40],
        latency: bool,
        out: &mut [Ref; 8],
        fg: u8,
        later: &[Cycle],
    ) -> u8 {
        let xpos = prev.xpos;
        let candidates = if self.xpos_known {
            self.at_xpos[usize::from(xpos >> 8) & 1][usize::from(xpos >> 3) & 31]
        } else {
            (0..8).fold(0u8, |c, i| {
                c | u8::from(self.x_seen[i] & 0x1F8 == xpos) << i
            })
        };
        let may_start = self.pending | if show { self.display } else { 0 };
        if self.active == 0 && candidates & may_start == 0 {
            self.draw_idle(prev, show, regs, latency);
            return 0;
        }
        self.draw_active(
            prev, show, regs, latency, out, fg, later, candidates, may_start,
        )
    }

    /// `draw` for a cycle in which a sprite shifts or may start (`candidates`: the
    /// sprites whose X falls in the cycle, `may_start`: those shown).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn draw_active(
        &mut self,
        prev: &Cycle,
        show: bool,
        regs: &[u8; 0x40],
        latency: bool,
        out: &mut [Ref; 8],
        fg: u8,
        later: &[Cycle],
        candidates: u8,
        may_start: u8,
    ) -> u8 {
        let xpos = prev.xpos;
        let (pointer_cycle, data_cycle) = match prev.phi1 {
            Phi1::SpritePointer(n) => (1u8 << n, 0u8),
            Phi1::SpriteData(n) => (0, 1u8 << n),
            _ => (0, 0),
        };
        // Only shifting, and starting where no access or display decision can stop a
        // start within the cycle: none meets its own accesses, no register the shifters
        // take changes.
        let starting = candidates & may_start & !self.active;
        #[cfg(test)]
        let reference = self.per_pixel;
        #[cfg(not(test))]
        let reference = false;
        if !reference
            && (starting == 0 || (!show && pointer_cycle | data_cycle == 0))
            && (pointer_cycle | data_cycle) & self.active == 0
            && regs[0x1B] == self.priority
            && regs[0x1C] == self.multicolor
            && regs[0x1D] == self.expand_x
            && self.clear == 0
        {
            // Each start at its pixel: X's low three bits (the comparators' X as the
            // cycle began).
            let starts = starting & !self.halted;
            let mut from = [0u8; 8];
            for (s, f) in from.iter_mut().enumerate() {
                *f = (self.x_seen[s] & 7) as u8;
            }
            self.draw_idle(prev, show, regs, latency);
            let drawn = self.shift_out(out, fg, starts, &from);
            if self.unseen && !later.is_empty() {
                self.finish_alone(later);
            }
            return drawn;
        }
        let mut drawn = 0;
        for i in 0..8 {
            match i {
                2 => self.active &= !data_cycle,
                3 => self.halted |= pointer_cycle,
                4 => {
                    if self.clear != 0 {
                        self.clear_collisions();
                    }
                    if show {
                        self.pending = self.display;
                    }
                    if data_cycle != 0 {
                        let n = data_cycle.trailing_zeros() as usize;
                        self.shift[n] = self.s[n].data;
                    }
                }
                6 => {
                    if !latency {
                        self.update_multicolor_8565(regs[0x1C]);
                    }
                    self.priority = regs[0x1B];
                    self.expand_x = regs[0x1D];
                }
                7 => {
                    if latency {
                        let toggled = regs[0x1C] ^ self.multicolor;
                        self.mc_flops &= !toggled;
                        self.multicolor = regs[0x1C];
                    }
                    self.halted &= !data_cycle;
                }
                _ => {}
            }
            let start = candidates & self.pending & !self.active & !self.halted;
            if start != 0 {
                self.trigger(start, xpos + i as u16);
            }
            if self.active != 0 && self.pixel(i, out, fg) {
                drawn |= 1 << i;
            }
        }
        self.see_x();
        drawn
    }

    /// Nobody looks at the pixels: a plain sprite (not halted, multicolour or
    /// X-expanded) whose shift register runs out within the cycles `later` (the ones
    /// before each of the next cycles run with the registers as they are), with none of
    /// its own accesses there and unable to start again there, ends at once, as its
    /// last pixel would leave it, if nothing can see its pixels still to come: none
    /// (its last bits shifted out: only its stop is left), or they are alone (no other
    /// sprite with pixels to show, none able to start or be reloaded by an access in
    /// their cycles) and its bit in $D01F is set. The cycles after then draw nothing.
    fn finish_alone(&mut self, later: &[Cycle]) {
        let plain = !(self.halted | self.multicolor | self.expand_x | !self.expand_flops);
        let mut showing = 0u8;
        let mut todo = self.active;
        while todo != 0 {
            let o = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            if self.shift[o] & 0xFF_FFFF != 0 || (self.pixel[o] != 0 && plain & (1 << o) == 0) {
                showing |= 1 << o;
            }
        }
        let may_start = self.pending | self.display;
        let mut done = 0u8;
        let mut todo = self.active & plain;
        while todo != 0 {
            let o = todo.trailing_zeros() as usize;
            let m = 1u8 << o;
            todo &= !m;
            // Pixels until it stops (each shift moves a bit towards bit 23 or past it,
            // then the stop), and those that may still show (its low 24 bits).
            let shift = self.shift[o];
            let end = if shift == 0 {
                2
            } else {
                34 - shift.trailing_zeros() as usize
            };
            let bits = shift & 0xFF_FFFF;
            let shows = if bits == 0 {
                0
            } else {
                24 - bits.trailing_zeros() as usize
            };
            if shows > 0 && (self.sb & m == 0 || showing & !m != 0) {
                continue;
            }
            let Some(cycles) = later.get(..end.div_ceil(8)) else {
                continue;
            };
            let seen = shows.div_ceil(8);
            let clear = cycles.iter().enumerate().all(|(i, c)| {
                let own = matches!(c.phi1, Phi1::SpritePointer(n) | Phi1::SpriteData(n)
                    if usize::from(n) == o);
                let xpos = c.xpos;
                let starts = self.at_xpos[usize::from(xpos >> 8) & 1][usize::from(xpos >> 3) & 31]
                    & may_start;
                !own && starts & m == 0 && (i >= seen || (starts == 0 && !c.phi1.is_sprite()))
            });
            if clear {
                done |= m;
            }
        }
        let mut todo = done;
        while todo != 0 {
            let o = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            self.shift[o] = 0;
            self.pixel[o] = 0;
        }
        self.active &= !done;
    }

    /// `draw`'s pixels for a cycle in which the active sprites only shift (see there):
    /// each sprite's eight pixels, then which one is in front, priority and collisions
    /// over all eight at once.
    /// The sprites in `starts` start at their pixel `from[s]`.
    fn shift_out(&mut self, out: &mut [Ref; 8], fg: u8, starts: u8, from: &[u8; 8]) -> u8 {
        let mut covered = 0u8;
        let mut drawn = 0u8;
        let mut any = 0u8;
        let mut twice = 0u8;
        let mut with = [0u8; 8];
        self.expand_flops |= starts;
        self.mc_flops |= starts;
        let mut todo = self.active | starts;
        self.active = todo;
        let mut pixels = u64::from_le_bytes(*out);
        while todo != 0 {
            let s = todo.trailing_zeros() as usize;
            let m = 1u8 << s;
            todo &= !m;
            let first = if starts & m != 0 { from[s] } else { 0 };
            let (values, shown) = self.shift_sprite(s, first);
            with[s] = shown;
            twice |= any & shown;
            any |= shown;
            if shown & fg != 0 {
                self.sb |= m;
            }
            // In front where no lower sprite is; behind the foreground if so set.
            let front = shown & !covered;
            covered |= shown;
            let visible = if self.priority & m != 0 {
                front & !fg
            } else {
                front
            };
            if visible != 0 && !self.unseen {
                // Values 1, 2, 3: $D025, the sprite's colour, $D026 (all lanes at once).
                let (lo, hi) = (lanes_with(values, 0), lanes_with(values, 1));
                let refs = (lo & !hi & splat(REG + 5))
                    | (hi & !lo & splat(REG + 7 + s as u8))
                    | (hi & lo & splat(REG + 6));
                let lanes = byte_lanes(visible.reverse_bits());
                pixels = (pixels & !lanes) | (refs & lanes);
            }
            drawn |= visible;
        }
        *out = pixels.to_le_bytes();
        if twice != 0 {
            for (s, &shown) in with.iter().enumerate() {
                if shown & twice != 0 {
                    self.ss |= 1 << s;
                }
            }
        }
        drawn
    }

    /// Sprite `s` shifting through a cycle's eight pixels: their values (0-3, lane i)
    /// and which are not transparent (bit i); it stops when its data runs out.
    #[inline(always)]
    fn shift_sprite(&mut self, s: usize, first: u8) -> (u64, u8) {
        let m = 1u8 << s;
        // The usual sprite (not halted, multicolour or X-expanded, its expansion
        // flip-flop set) shows its next bits as they are: all at once, unless it runs
        // out of bits to shift within the cycle (then it stops, pixel by pixel below).
        if (self.halted | self.multicolor | self.expand_x | !self.expand_flops) & m == 0 {
            let shift = self.shift[s];
            let k = 8 - u32::from(first);
            if shift << (k - 1) != 0 {
                let b = (shift >> 16) as u8;
                self.shift[s] = shift << k;
                self.pixel[s] = (((shift >> (24 - k)) & 1) << 1) as u8;
                let values = (byte_lanes(b) << (8 * u32::from(first))) & splat(2);
                return (values, b.reverse_bits() << first);
            }
        }
        let (halted, multi, wide) = (
            self.halted & m != 0,
            self.multicolor & m != 0,
            self.expand_x & m != 0,
        );
        let (mut shift, mut pixel) = (self.shift[s], self.pixel[s]);
        let (mut expand, mut mc) = (self.expand_flops & m != 0, self.mc_flops & m != 0);
        let mut values = 0u64;
        let mut shown = 0u8;
        for i in first..8 {
            if shift == 0 && pixel == 0 {
                self.active &= !m;
                break;
            }
            if !halted {
                if expand {
                    if multi {
                        if mc {
                            pixel = ((shift >> 22) & 3) as u8;
                        }
                        mc = !mc;
                    } else {
                        pixel = (((shift >> 23) & 1) << 1) as u8;
                    }
                    shift <<= 1;
                }
                expand = !wide || !expand;
            }
            if pixel != 0 {
                values |= u64::from(pixel) << (8 * i);
                shown |= 1 << i;
            }
        }
        self.shift[s] = shift;
        self.pixel[s] = pixel;
        self.expand_flops = (self.expand_flops & !m) | if expand { m } else { 0 };
        self.mc_flops = (self.mc_flops & !m) | if mc { m } else { 0 };
        (values, shown)
    }

    /// The shifters' state (tests compare it with the reference's; the flip-flops of a
    /// sprite not shifting are set again when it starts).
    #[cfg(test)]
    pub fn shifters(&self) -> String {
        format!(
            "active {:02X} pending {:02X} halted {:02X} flops {:02X} {:02X} shift {:X?} pixel {:?}",
            self.active,
            self.pending,
            self.halted,
            self.expand_flops & self.active,
            self.mc_flops & self.active,
            self.shift,
            self.pixel
        )
    }

    /// Clear the collision registers in `clear` (a CPU read of them takes effect).
    pub fn clear_collisions(&mut self) {
        if self.clear & 1 != 0 {
            self.ss = 0;
        }
        if self.clear & 2 != 0 {
            self.sb = 0;
        }
        self.clear = 0;
    }

    fn update_multicolor_8565(&mut self, value: u8) {
        let toggled = value ^ self.multicolor;
        self.mc_flops ^= toggled & !self.expand_flops;
        self.mc_flops |= toggled & !self.expand_flops & !value;
        self.multicolor = value;
    }

    /// Start the sprites in `start` whose X is `x`.
    fn trigger(&mut self, start: u8, x: u16) {
        for i in 0..8 {
            let m = 1 << i;
            if start & m != 0 && self.x_seen[i] == x {
                self.expand_flops |= m;
                self.mc_flops |= m;
                self.active |= m;
            }
        }
    }

    /// Pixel `i` of the active sprites: shift, colour over the graphics (true if drawn
    /// there), collisions.
    #[inline(always)]
    fn pixel(&mut self, i: usize, out: &mut [Ref; 8], fg: u8) -> bool {
        let mut front = 8;
        let mut hit = 0u8;
        let mut todo = self.active;
        while todo != 0 {
            let s = 7 - todo.leading_zeros() as usize;
            let m = 1u8 << s;
            todo &= !m;
            if self.shift[s] == 0 && self.pixel[s] == 0 {
                self.active &= !m;
                continue;
            }
            if self.halted & m == 0 {
                if self.expand_flops & m != 0 {
                    if self.multicolor & m != 0 {
                        if self.mc_flops & m != 0 {
                            self.pixel[s] = ((self.shift[s] >> 22) & 3) as u8;
                        }
                        self.mc_flops ^= m;
                    } else {
                        // Hi-res takes a bit at every shift on every chip, also
                        // right after a switch from multicolour in mid-pair.
                        self.pixel[s] = (((self.shift[s] >> 23) & 1) << 1) as u8;
                    }
                    self.shift[s] <<= 1;
                }
                if self.expand_x & m != 0 {
                    self.expand_flops ^= m;
                } else {
                    self.expand_flops |= m;
                }
            }
            if self.pixel[s] != 0 {
                front = s;
                hit |= m;
            }
        }
        if hit == 0 {
            return false;
        }
        let foreground = fg & (1 << i) != 0;
        if foreground {
            self.sb |= hit;
        }
        if hit & (hit - 1) != 0 {
            self.ss |= hit;
        }
        if foreground && self.priority & (1 << front) != 0 {
            return false;
        }
        out[i] = match self.pixel[front] {
            1 => REG + 5,
            2 => REG + 7 + front as u8,
            _ => REG + 6,
        };
        true
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Sprite {
    mc,
    mcbase,
    exp_flop,
    pointer,
    data
});
#[cfg(not(test))]
c64state::persist!(Sprites {
    s,
    dma,
    display,
    x,
    x_seen,
    at_xpos,
    xpos_known,
    priority,
    multicolor,
    expand_x,
    pending,
    active,
    halted,
    shift,
    pixel,
    expand_flops,
    mc_flops,
    ss,
    sb,
    clear,
    unseen
});
// The tests' switch to per-pixel drawing is not state.
#[cfg(test)]
c64state::persist!(Sprites {
    s, dma, display, x, x_seen, at_xpos, xpos_known, priority, multicolor, expand_x, pending,
    active, halted, shift, pixel, expand_flops, mc_flops, ss, sb, clear, unseen
} skip { per_pixel });
