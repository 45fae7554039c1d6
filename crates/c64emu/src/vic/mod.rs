//! The VIC-II (6569 and 8565 PAL, 6567R8, 8562 and 6567R56A NTSC, 6572 PAL-N) cycle by
//! cycle: in each of a line's 63 (64, 65) cycles its memory
//! accesses, BA, the counters, the border flip-flops and eight pixels of the picture,
//! as C. Bauer's article "The MOS 6567/6569 video controller" describes the chip (and
//! VICE's test programs measure it).
//!
//! - `timing`: the line's cycles and what happens in each, per chip;
//! - `fetch`: memory as the VIC sees it, VC/VCBASE/RC/VMLI, display and idle state,
//!   bad lines, the c- and g-accesses;
//! - `graphics`: the graphics sequencer (modes, fine scroll, the pixel pipeline);
//! - `sprites`: sprite DMA, expansion, crunch, drawing, priority, collisions;
//! - `border`: the main and vertical border flip-flops;
//! - `picture`: the frame as drawn, colour registers resolved at the pixel;
//! - `registers` (here): what a CPU read or write does, the interrupt flags;
//! - `line`, `span`: a quiet line at once; the part of a line between two CPU accesses
//!   at once when nobody looks at the picture;
//! - `predict`: the next BA and interrupt the step loop must expect;
//! - `reads`: the pages of RAM the VIC reads (CPU writes there wait for it).
//!
//! The VIC runs lazily: `sync` brings it up to a cycle, and every access the CPU makes
//! to it, to CIA 2's bank bits, or that waits for BA, syncs it first. So a register
//! written in a cycle takes effect from the cycle after the VIC drew it (a colour from
//! the pixel the write lands on). Accesses that cannot change what the cycles before
//! them do need not sync it: a write to a register the VIC does not use in those
//! cycles (`Vic::used_before`), a dummy read of a register without a side effect. A
//! CPU write to RAM the VIC reads (`reads`) syncs it to the write's cycle first, so
//! its accesses before the write see the old byte (only to the write's line when no
//! c-access in between reads the cell written); writes elsewhere do not wait for it.

mod border;
mod fetch;
mod graphics;
mod line;
mod picture;
mod predict;
mod reads;
mod span;
mod sprites;
mod timing;

#[cfg(test)]
mod tests;

pub use fetch::VicMem;
pub use picture::{HEIGHT, WIDTH, WINDOW_X, WINDOW_Y};
pub use predict::sprite_dma_cycles;
pub use reads::{Pages, Reads, holds as reads_page};
pub use timing::Timing;

use crate::map::vic::*;
use border::Border;
use fetch::Fetch;
use graphics::{Ref, Sequencer};
use picture::Picture;
use sprites::Sprites;
use timing::{Phi1, Phi2, SpriteCheck};

/// Raster compare interrupt flag in $D019.
pub const IRQ_RASTER: u8 = 0x01;
/// Sprite-background collision interrupt flag.
pub const IRQ_SPRITE_BACKGROUND: u8 = 0x02;
/// Sprite-sprite collision interrupt flag.
pub const IRQ_SPRITE_SPRITE: u8 = 0x04;
/// Light pen interrupt flag.
pub const IRQ_LIGHT_PEN: u8 = 0x08;

/// Cycles a bad line holds BA low: cycles 12-54 (a CPU reading from the first stops
/// for all of them).
pub const BADLINE_CYCLES: u64 = (timing::BADLINE_BA.1 - timing::BADLINE_BA.0 + 1) as u64;

/// Which VIC-II: the 6569 (PAL, the default), the 8565 (PAL, the C64C's), the
/// 6567R8 and 8562 (NTSC, the C64's and the C64C's), the 6567R56A (the first NTSC
/// chips) or the 6572 (PAL-N). The chip sets the line's and the frame's length and the
/// cycles of the sprites' accesses (`Timing`), the CPU's clock and the mains frequency
/// of its country; the 6569, 6567 and 6572 show colour and mode changes a pixel later
/// than the 8565 and 8562.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Model {
    /// The 6569 (C64, PAL).
    #[default]
    Mos6569,
    /// The 8565 (C64C, PAL).
    Mos8565,
    /// The 6567R8 (C64, NTSC).
    Mos6567R8,
    /// The 8562 (C64C, NTSC).
    Mos8562,
    /// The 6567R56A (the first NTSC C64s).
    Mos6567R56A,
    /// The 6572 (PAL-N).
    Mos6572,
}

impl Model {
    /// Every model and its name (as `--vic` takes it).
    pub const NAMES: [(&'static str, Model); 6] = [
        ("6569", Model::Mos6569),
        ("8565", Model::Mos8565),
        ("6567r8", Model::Mos6567R8),
        ("8562", Model::Mos8562),
        ("6567r56a", Model::Mos6567R56A),
        ("6572", Model::Mos6572),
    ];

    /// The model named `name` (case-insensitive; "6567" is the 6567R8).
    pub fn from_name(name: &str) -> Option<Model> {
        let name = name.to_ascii_lowercase();
        let name = if name == "6567" { "6567r8" } else { &name };
        Model::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, m)| m)
    }

    /// The 6569's (and the other NMOS chips') extra pixel of colour latency.
    fn latency(self) -> bool {
        !matches!(self, Model::Mos8565 | Model::Mos8562)
    }

    /// The chip's line, frame and picture.
    pub fn timing(self) -> &'static Timing {
        match self {
            Model::Mos6569 | Model::Mos8565 => &timing::PAL,
            Model::Mos6567R8 | Model::Mos8562 => &timing::NTSC,
            Model::Mos6567R56A => &timing::NTSC_OLD,
            Model::Mos6572 => &timing::PAL_N,
        }
    }

    /// The CPU clock of a C64 with this chip (its crystal divided), cycles per second.
    pub fn clock_hz(self) -> u64 {
        match self {
            Model::Mos6569 | Model::Mos8565 => crate::map::pal::CLOCK_HZ,
            Model::Mos6572 => 1_023_440,
            _ => crate::map::ntsc::CLOCK_HZ,
        }
    }

    /// The mains frequency of the country the chip was made for (the CIAs' TOD input).
    pub fn mains_hz(self) -> u64 {
        match self {
            Model::Mos6569 | Model::Mos8565 | Model::Mos6572 => crate::map::pal::MAINS_HZ,
            _ => crate::map::ntsc::MAINS_HZ,
        }
    }

    /// The picture's width and height and where the display window starts in it.
    pub fn picture(self) -> Geometry {
        let t = self.timing();
        Geometry {
            width: WIDTH,
            height: t.height,
            window_x: WINDOW_X,
            window_y: t.window_y,
        }
    }
}

/// The size of the picture and where the 320 x 200 display window is in it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Geometry {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// The window's top left pixel: the left border's width...
    pub window_x: usize,
    /// ...and the top border's height.
    pub window_y: usize,
}

/// The interrupt flags and line.
#[derive(Clone, Debug, Default)]
struct Irq {
    /// Latched flags (bits 0-3 of $D019).
    flags: u8,
    /// The raster counter equals the compare value (an interrupt comes when it starts
    /// to).
    raster_matched: bool,
    /// The cycle the line went low, while it is low.
    at: Option<u64>,
}

/// The VIC-II.
#[derive(Clone, Debug)]
pub struct Vic {
    /// Registers $00-$3F as written ($1A and the colours masked to 4 bits).
    regs: [u8; 0x40],
    /// The 16 KiB bank (from CIA 2's port A).
    bank: u8,
    model: Model,
    /// The model's line and frame.
    timing: &'static Timing,
    /// The next cycle to run, its number in the line (1-63) and its line in the frame.
    clock: u64,
    cycle: u8,
    row: u16,
    /// The raster counter.
    line: u16,
    /// Line 311 ended: the counter resets in cycle 2.
    frame_ends: bool,
    /// BA in the last cycle run.
    ba: bool,
    irq: Irq,
    fetch: Fetch,
    border: Border,
    gfx: Sequencer,
    sprites: Sprites,
    picture: Picture,
    /// Collision registers read (bit 0 $D01E, bit 1 $D01F), cleared at pixel 4 of the
    /// second cycle after the read: bits 0-1 in the next cycle drawn, bits 4-5 in the
    /// one after.
    clear_collisions: u8,
    light_pen: LightPen,
    /// The picture is drawn (off: nobody looks, the pixels of quiet lines are skipped).
    drawing: bool,
    /// Quiet lines run at once (`line.rs`) and quiet cycles draw 8 pixels at once
    /// (off: every pixel through the sequencers, the reference the tests compare with).
    fast_lines: bool,
    /// `next_event` as of the last change (the interrupt line cannot go low before).
    irq_horizon: u64,
    /// `irq_horizon` and `ba_next` are worked out for the state as it is.
    horizons: bool,
    /// `next_ba_low` from the next cycle as of the last change, and for the cycles from
    /// the first of a pair to the second (the last one asked further on).
    ba_next: u64,
    ba_later: (u64, u64),
    /// `ba_run_end` as last asked since the last change: (its cycle, the run's end).
    ba_run: (u64, u64),
    /// The CPU's last register access: its cycle and the byte it put on the VIC's data
    /// bus (written or read). A phi2 sprite access without DMA in that cycle latches
    /// it; in any other cycle the bus is $FF.
    bus: (u64, u8),
}

/// The light pen input and latch ($D013/$D014).
#[derive(Clone, Debug, Default)]
struct LightPen {
    /// The input is low.
    low: bool,
    /// It went (or was pulled) low: the latch is taken in this cycle.
    trigger_at: Option<u64>,
    /// Latched in this frame already (once a frame).
    triggered: bool,
    x: u8,
    y: u8,
}

impl Default for Vic {
    fn default() -> Vic {
        Vic::new()
    }
}

/// The registers the KERNAL's cold start sets (CINT and its colours).
pub(crate) const KERNAL_INIT: [(u8, u8); 12] = [
    (CTRL1, 0x1B),
    (CTRL2, 0xC8),
    (MEMPTR, 0x15),
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

impl Vic {
    /// All registers zero, as after power-on.
    pub fn new() -> Vic {
        let mut v = Vic {
            regs: [0; 0x40],
            bank: 0,
            model: Model::default(),
            timing: Model::default().timing(),
            clock: 0,
            cycle: 1,
            row: 0,
            // Power-on is the start of a frame: line 311 ends in cycle 1 of line 0.
            line: Model::default().timing().lines - 1,
            frame_ends: false,
            ba: false,
            irq: Irq::default(),
            fetch: Fetch::default(),
            border: Border::default(),
            gfx: Sequencer::default(),
            sprites: Sprites::default(),
            picture: Picture::new(Model::default().timing()),
            clear_collisions: 0,
            light_pen: LightPen::default(),
            drawing: true,
            fast_lines: true,
            irq_horizon: 0,
            horizons: false,
            ba_next: 0,
            ba_later: (u64::MAX, 0),
            ba_run: (u64::MAX, 0),
            bus: (u64::MAX, 0xFF),
        };
        v.update_horizon();
        v
    }

    /// The registers as the KERNAL's screen initialisation leaves them.
    pub fn kernal_defaults() -> Vic {
        let mut v = Vic::new();
        for (r, value) in KERNAL_INIT {
            v.store(r, value, 0);
        }
        v.irq.flags = 0x01;
        v.update_horizon();
        v
    }

    /// Keep drawing the picture (on by default; a run nobody watches may turn it off:
    /// lines without sprites then cost only their counters and accesses).
    pub fn set_drawing(&mut self, on: bool) {
        self.drawing = on;
        self.sprites.unseen = !on;
    }

    /// Emulate `model`.
    pub fn set_model(&mut self, model: Model) {
        self.model = model;
        let t = model.timing();
        if !std::ptr::eq(t, self.timing) {
            // Another line and frame (at power-on): the beam where the chip has it.
            self.timing = t;
            let last = self.clock.checked_sub(1);
            self.cycle = t.cycle_of(self.clock);
            self.row = t.line_of(self.clock);
            self.line = last.map_or(t.lines - 1, |c| t.raster_at(c));
            self.frame_ends = last.is_some_and(|c| t.line_offset(c) == 0 && t.line_of(c) == 0);
            self.picture = Picture::new(t);
            self.update_horizon();
        }
    }

    /// The chip emulated.
    pub fn model(&self) -> Model {
        self.model
    }

    /// The chip's line and frame.
    pub fn timing(&self) -> &'static Timing {
        self.timing
    }

    /// Raster line (0 to the frame's last) of cycle `t`.
    pub fn raster_line(&self, t: u64) -> u16 {
        self.timing.line_of(t)
    }

    /// The raw register (what the CPU last wrote).
    pub fn reg(&self, r: u8) -> u8 {
        let r = r & 0x3F;
        if r < UNUSED {
            self.regs[usize::from(r)]
        } else {
            0xFF
        }
    }

    /// The frame as drawn so far (palette indices, `WIDTH` x `HEIGHT`): lines the beam
    /// has not reached in this frame still show the previous one.
    pub fn pens(&self) -> &[u8] {
        self.picture.pens()
    }

    fn compare_line(&self) -> u16 {
        u16::from(self.regs[usize::from(CTRL1)] & 0x80) << 1 | u16::from(self.regs[0x12])
    }

    fn update_irq(&mut self, t: u64) {
        if self.irq.flags & self.regs[usize::from(IRQ_MASK)] & 0x0F != 0 {
            self.irq.at.get_or_insert(t);
        } else {
            self.irq.at = None;
        }
    }

    /// The cycle the VIC's interrupt line went low, if it is low.
    pub fn irq_since(&self) -> Option<u64> {
        self.irq.at
    }

    /// Run the VIC up to and including cycle `t`.
    #[inline]
    pub fn sync(&mut self, t: u64, mem: &VicMem) {
        if self.clock > t {
            return;
        }
        // (A collision register read clears it during this sync: no spans then.)
        let spans = self.clear_collisions == 0 && self.spans_possible();
        while self.clock <= t {
            if self.cycle == 1
                && t - self.clock >= self.timing.line - 1
                && self.fast_lines
                && self.line_is_steady()
            {
                self.fast_line(mem);
            } else if spans && self.span_ready() {
                // Up to `t` or the line's end, whichever comes first.
                let left = self.timing.line - u64::from(self.cycle);
                let last = u64::from(self.cycle) + (t - self.clock).min(left);
                self.fast_span(mem, last as u8);
            } else {
                self.step(mem);
            }
        }
        self.horizons_passed();
    }

    /// After running the VIC: the predictions made before stay true (the chip ran as
    /// they assumed, no register changed) until the cycles they name are run; later
    /// ones start from the state reached.
    #[inline(always)]
    fn horizons_passed(&mut self) {
        if !self.horizons || self.clock > self.ba_next || self.clock > self.irq_horizon {
            self.update_horizon();
        } else {
            self.ba_later = (u64::MAX, 0);
        }
    }

    /// A cycle before which the interrupt line cannot go low if no register changes:
    /// the bus runs the VIC for its interrupt only from there.
    #[inline(always)]
    pub fn irq_horizon(&mut self) -> u64 {
        self.horizons();
        self.irq_horizon.min(self.clock + self.max_lag())
    }

    /// Work out `irq_horizon` and `ba_next` if the state changed since.
    #[inline(always)]
    fn horizons(&mut self) {
        if !self.horizons {
            self.irq_horizon = self.next_event().unwrap_or(u64::MAX);
            self.ba_next = self.predict_ba(self.clock).unwrap_or(u64::MAX);
            self.horizons = true;
        }
    }

    fn update_horizon(&mut self) {
        self.horizons = false;
        self.ba_later = (u64::MAX, 0);
        self.ba_run = (u64::MAX, 0);
    }

    /// Run every cycle and pixel the slow way (tests compare it with the fast paths).
    #[cfg(test)]
    pub(crate) fn set_fast_lines(&mut self, on: bool) {
        self.fast_lines = on;
        self.sprites.per_pixel = !on;
    }

    /// If BA is low in cycle `t`: the first cycle from `t` on in which it is high (where
    /// a CPU read waiting for it happens).
    pub fn ba_low(&mut self, t: u64, mem: &VicMem) -> Option<u64> {
        if t > self.clock + self.max_lag() {
            self.sync(t - 1, mem);
        }
        // The predictions cover every cycle BA can be low in: elsewhere it is high
        // without running the VIC there.
        if self.next_ba_low(t) != Some(t) {
            return None;
        }
        if let Some(end) = self.bad_line_stall(t) {
            return Some(end);
        }
        // Sprite DMA: exact once the VIC is in t's line (whole lines run fast).
        let line_start = self.timing.line_start(t);
        if self.clock < line_start {
            self.sync(line_start - 1, mem);
        }
        if let Some(end) = self.stall_in_line(t) {
            return Some(end);
        }
        self.sync(t, mem);
        if self.clock != t + 1 || !self.ba {
            return None;
        }
        let mut at = t;
        while self.ba {
            at += 1;
            self.sync(at, mem);
        }
        Some(at)
    }

    /// The byte the VIC read in the first half of cycle `t` (what a write to the CPU's
    /// port leaves in the RAM under it).
    /// Whether `t` is the first cycle of sprite 0's BA window in the line whose raster
    /// matches its Y (where its DMA starts): BA falls late in that cycle, after a
    /// device that had the bus in the cycle before (the REU) has sampled it high.
    pub fn sprite0_ba_late(&self, t: u64) -> bool {
        let tm = &self.timing;
        self.regs[0x15] & 1 != 0
            && t == tm.line_start(t) + tm.sprite_ba_offset(0)
            && tm.line_of(t) & 0xFF == u16::from(self.regs[1])
    }

    pub fn phi1_byte(&mut self, t: u64, mem: &VicMem) -> u8 {
        self.sync(t, mem);
        let line = self.timing.line_of(t);
        let n = self.timing.cycle_of(t);
        match self.timing.cycles[usize::from(n)].phi1 {
            Phi1::Graphics => self.fetch.gbuf,
            Phi1::SpritePointer(n) => self.sprites.s[usize::from(n)].pointer,
            Phi1::SpriteData(n) => (self.sprites.s[usize::from(n)].data >> 8) as u8,
            Phi1::Refresh => {
                let k = u16::from(n - timing::REFRESH.0);
                let counter = 0xFFu16.wrapping_sub(5 * line + k) as u8;
                mem.read(self.bank, 0x3F00 | u16::from(counter))
            }
            Phi1::Idle => mem.read(self.bank, 0x3FFF),
        }
    }

    /// One cycle.
    fn step(&mut self, mem: &VicMem) {
        let t = self.clock;
        let n = self.cycle;
        let tm = self.timing;
        let cycle = &tm.cycles[usize::from(n)];
        let prev = tm.prev(n);
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        let d018 = self.regs[usize::from(MEMPTR)];
        // The previous cycle's phi2 sprite access.
        if matches!(prev.phi2, Phi2::SpriteFirst(_) | Phi2::SpriteLast(_)) {
            let ready = self.fetch.ba_cycles >= 4;
            let bus = self.bus_at(t.wrapping_sub(1));
            self.sprites.phi2(prev.phi2, ready, bus, mem, self.bank);
        }
        // Phi1.
        match cycle.phi1 {
            Phi1::Graphics => {
                let nmos = self.model.latency();
                let starts = self.fetch.idle && self.bad_line_with(d011);
                self.fetch
                    .graphics(mem, self.bank, d011, d018, nmos, starts);
            }
            Phi1::SpritePointer(_) | Phi1::SpriteData(_) => {
                self.sprites.phi1(cycle.phi1, mem, self.bank, d018);
            }
            Phi1::Refresh | Phi1::Idle => {}
        }
        self.border
            .check_horizontal(n, self.line, d011, d016 & 0x08 != 0);
        let show = prev.sprites == SpriteCheck::Display;
        if self.fast_lines
            && self.gfx.steady(d011, d016)
            && self.picture.settled()
            && self.clear_collisions == 0
        {
            if self.drawing || self.collisions_need_graphics() {
                self.draw_steady(n, prev, show, t);
            } else {
                self.draw_blind(n, prev, show, t);
            }
        } else {
            self.draw(n, prev, t);
        }
        // Phi2.
        if n == 1 {
            if self.line == timing::FIRST_DMA_LINE && d011 & 0x10 != 0 {
                self.fetch.allow_bad_lines = true;
            }
            if self.line == timing::LAST_DMA_LINE {
                self.fetch.allow_bad_lines = false;
            }
            self.fetch.bad_line = false;
            if self.line == tm.lines - 1 {
                self.frame_ends = true;
            } else {
                self.line += 1;
            }
        } else if n == 2 && self.frame_ends {
            self.frame_ends = false;
            self.line = 0;
            self.fetch.allow_bad_lines = false;
            self.fetch.vcbase = 0;
            self.fetch.vc = 0;
            self.light_pen.triggered = false;
            if self.light_pen.low {
                // Still held low: latched again at the frame's start.
                self.latch_light_pen(t, Some(0xD1));
            }
        }
        self.compare_raster(t);
        self.border.check_vertical(n, self.line, d011);
        self.sprite_logic(cycle);
        if self.line == timing::FIRST_DMA_LINE && !self.fetch.allow_bad_lines {
            self.fetch.allow_bad_lines = d011 & 0x10 != 0;
        }
        if self.fetch.allow_bad_lines {
            self.fetch.bad_line = u16::from(d011 & 7) == self.line & 7;
            if self.fetch.bad_line {
                self.fetch.idle = false;
            }
        }
        if n == timing::UPDATE_VC {
            self.fetch.update_vc();
        } else if n == timing::UPDATE_RC {
            self.fetch.update_rc();
        }
        let ba =
            (self.fetch.bad_line && cycle.badline_ba) || self.sprites.dma & cycle.sprite_ba != 0;
        self.fetch.ba_cycles = if ba {
            (self.fetch.ba_cycles + 1).min(4)
        } else {
            0
        };
        if self.fetch.bad_line && cycle.phi2 == Phi2::Matrix {
            self.fetch.matrix(mem, self.bank, d018);
        }
        self.fetch.d011_before = d011;
        self.ba = ba;
        if self.light_pen.trigger_at == Some(t) {
            self.light_pen.trigger_at = None;
            self.latch_light_pen(t, None);
        }
        self.clock = t + 1;
        if u64::from(n) == tm.line {
            self.cycle = 1;
            self.row = if self.row == tm.lines - 1 {
                0
            } else {
                self.row + 1
            };
        } else {
            self.cycle = n + 1;
        }
    }

    /// Whether this cycle's phi2 (of a cycle after 2, the line counted) finds the bad
    /// line condition with $D011 = `d011`.
    fn bad_line_with(&self, d011: u8) -> bool {
        let allowed =
            self.fetch.allow_bad_lines || (self.line == timing::FIRST_DMA_LINE && d011 & 0x10 != 0);
        allowed && u16::from(d011 & 7) == self.line & 7
    }

    /// Is the light pen input low?
    pub fn light_pen_low(&self) -> bool {
        self.light_pen.low
    }

    /// The light pen input is `low` from cycle `t` on (after the VIC ran `t`): going
    /// or pulled low, it latches the beam's position in the next cycle.
    pub fn set_light_pen(&mut self, low: bool, t: u64) {
        if low {
            self.light_pen.trigger_at = Some(t + 1);
        }
        self.light_pen.low = low;
        self.update_horizon();
    }

    /// Latch the beam's position in cycle `t` (X in steps of 2 pixels, two late on the
    /// 6569; `x` forced when retriggered at the frame's start), once a frame, not in
    /// the last line after its first cycle; raise the interrupt flag.
    fn latch_light_pen(&mut self, t: u64, x: Option<u8>) {
        if self.light_pen.triggered {
            return;
        }
        self.light_pen.triggered = true;
        let n = self.timing.cycle_of(t);
        if self.line == self.timing.lines - 1 && n > 1 {
            return;
        }
        let extra = if self.model.latency() { 2 } else { 1 };
        let beam = (self.timing.cycles[usize::from(n)].xpos / 2) as u8 + extra;
        self.light_pen.x = x.unwrap_or(beam);
        self.light_pen.y = self.line as u8;
        self.irq.flags |= IRQ_LIGHT_PEN;
        self.update_irq(t);
    }

    /// Sprite DMA, expansion and display at their cycles.
    #[inline(always)]
    pub(super) fn sprite_logic(&mut self, cycle: &timing::Cycle) {
        let regs = &self.regs;
        let ys = |i: usize| regs[1 + 2 * i];
        match cycle.sprites {
            SpriteCheck::None => {}
            SpriteCheck::McBase => self.sprites.update_mcbase(),
            SpriteCheck::DmaExpand => {
                self.sprites.check_dma(regs[0x15], ys, self.line);
                self.sprites.check_expand(regs[0x17]);
            }
            SpriteCheck::Dma => self.sprites.check_dma(regs[0x15], ys, self.line),
            SpriteCheck::Display => self.sprites.check_display(regs[0x15], ys, self.line),
        }
    }

    /// The cycle's eight pixels: graphics, sprites over them, the border over both;
    /// collisions and their interrupts.
    #[inline(always)]
    fn draw(&mut self, n: u8, prev: &timing::Cycle, t: u64) {
        let d011 = self.regs[usize::from(CTRL1)];
        let d016 = self.regs[usize::from(CTRL2)];
        let latency = self.model.latency();
        let mut out: [Ref; 8] = [0; 8];
        let fg = self.gfx.draw(d011, d016, latency, &mut out);
        self.feed_graphics(n, d016);
        // A collision register read is cleared in the middle of the second cycle after
        // the read: the collisions of that cycle's first four pixels are lost too.
        let clear = self.clear_collisions & 3;
        self.clear_collisions >>= 4;
        let ss_free = self.sprites.ss == 0 || clear & 1 != 0;
        let sb_free = self.sprites.sb == 0 || clear & 2 != 0;
        let show = prev.sprites == SpriteCheck::Display;
        self.sprites.clear = clear;
        self.sprites
            .draw(prev, show, &self.regs, latency, &mut out, fg, &[]);
        // No pixel drawn: nothing collided before the clear.
        self.sprites.clear_collisions();
        self.border.draw(d016 & 0x08 != 0, &mut out);
        match self.picture.offset(self.row, n) {
            Some(offset) => self.picture.put(offset, &out, latency),
            None => self.picture.skip(),
        }
        self.collision_irq(ss_free, sb_free, t);
    }

    /// A collision register that was empty before the cycle's pixels and is not now
    /// raises its interrupt flag.
    #[inline(always)]
    pub(super) fn collision_irq(&mut self, ss_free: bool, sb_free: bool, t: u64) {
        let mut raised = 0;
        if ss_free && self.sprites.ss != 0 {
            raised |= IRQ_SPRITE_SPRITE;
        }
        if sb_free && self.sprites.sb != 0 {
            raised |= IRQ_SPRITE_BACKGROUND;
        }
        if raised != 0 {
            self.irq.flags |= raised;
            self.update_irq(t);
        }
    }

    /// Hand the sequencer cycle `n`'s g-access (in the graphics cycles, outside the
    /// vertical border) and, in display state, the cell it belongs to.
    #[inline(always)]
    fn feed_graphics(&mut self, n: u8, d016: u8) {
        let g_access =
            (timing::GRAPHICS.0..=timing::GRAPHICS.1).contains(&n) && !self.border.vertical;
        let cell = (!self.fetch.idle).then_some((&self.fetch.vbuf, &self.fetch.cbuf));
        self.gfx.feed(g_access, self.fetch.gbuf, cell, d016);
    }

    /// `draw` for a cycle with the modes settled, no colour change or collision clear
    /// pending: the graphics' eight pixels at once in colours, the sprites' pixel by
    /// pixel where they are.
    #[inline(always)]
    fn draw_steady(&mut self, n: u8, prev: &timing::Cycle, show: bool, t: u64) {
        let d016 = self.regs[usize::from(CTRL2)];
        let (mut px, fg) = self.gfx.draw_steady(self.picture.colors());
        self.feed_graphics(n, d016);
        let latency = self.model.latency();
        if self.sprites.idle(show) {
            self.sprites.draw_idle(prev, show, &self.regs, latency);
        } else {
            let (ss_free, sb_free) = (self.sprites.ss == 0, self.sprites.sb == 0);
            let mut refs = [0; 8];
            let drawn = self
                .sprites
                .draw(prev, show, &self.regs, latency, &mut refs, fg, &[]);
            if drawn != 0 {
                px = graphics::overlay(px, drawn, &refs, self.picture.colors());
            }
            self.collision_irq(ss_free, sb_free, t);
        }
        let border = self.picture.colors()[usize::from(graphics::REG)];
        self.border.draw_colors(d016 & 0x08 != 0, &mut px, border);
        match self.picture.offset(self.row, n) {
            Some(offset) => self.picture.put_colors(offset, px),
            None => self.picture.skip(),
        }
    }

    /// Can a sprite still set its bit in $D01F (the sprites that may show a pixel,
    /// `Sprites::may_draw`, not all set there)? Only then do unseen graphics matter.
    #[inline(always)]
    pub(super) fn collisions_need_graphics(&self) -> bool {
        self.sprites.sb | !self.sprites.may_draw(self.regs[0x15]) != 0xFF
    }

    /// `draw_steady` with the picture off and no collision needing the graphics
    /// (`collisions_need_graphics`): the sequencers and the collisions between sprites
    /// move on, no pixel is made (the foreground matters only for what is seen).
    #[inline(always)]
    fn draw_blind(&mut self, n: u8, prev: &timing::Cycle, show: bool, t: u64) {
        let d016 = self.regs[usize::from(CTRL2)];
        self.gfx.skip_steady();
        self.feed_graphics(n, d016);
        let latency = self.model.latency();
        if self.sprites.idle(show) {
            self.sprites.draw_idle(prev, show, &self.regs, latency);
        } else {
            let ss_free = self.sprites.ss == 0;
            let mut refs = [0; 8];
            self.sprites
                .draw(prev, show, &self.regs, latency, &mut refs, 0, &[]);
            self.collision_irq(ss_free, false, t);
        }
    }

    /// Register `r` as the CPU reads it at cycle `t` (reading a collision register
    /// clears it after the next cycle).
    pub fn read(&mut self, r: u8, t: u64, mem: &VicMem) -> u8 {
        self.sync(t, mem);
        let r = r & 0x3F;
        if r == SS_COLLISION || r == SB_COLLISION {
            self.clear_collisions |= if r == SS_COLLISION { 0x10 } else { 0x20 };
            self.update_horizon();
        }
        let value = self.peek(r, t);
        self.bus = (t, value);
        value
    }

    /// Can the CPU move a byte over the VIC's data bus in cycle `t` without running the
    /// VIC up to `t` first? Not in a cycle whose phi2 is a sprite access (which may
    /// latch that byte), nor while the byte of an earlier such cycle is still to be
    /// latched.
    pub fn bus_free(&self, t: u64) -> bool {
        let sprite = |t: u64| {
            let n = usize::from(self.timing.cycle_of(t));
            matches!(
                self.timing.cycles[n].phi2,
                Phi2::SpriteFirst(_) | Phi2::SpriteLast(_)
            )
        };
        let pending = self.bus.0 != u64::MAX && self.clock <= self.bus.0 + 1 && sprite(self.bus.0);
        !pending && !sprite(t)
    }

    /// The byte on the VIC's data bus in the second half of cycle `t`.
    fn bus_at(&self, t: u64) -> u8 {
        if self.bus.0 == t { self.bus.1 } else { 0xFF }
    }

    /// Like `read`, without running the VIC or clearing anything.
    pub fn peek(&self, r: u8, t: u64) -> u8 {
        let r = r & 0x3F;
        let v = self.regs[usize::from(r)];
        let raster = if t + 1 == self.clock {
            self.line
        } else {
            self.timing.raster_at(t)
        };
        match r {
            CTRL1 => (v & 0x7F) | ((raster >> 1) & 0x80) as u8,
            RASTER => raster as u8,
            LPX => self.light_pen.x,
            LPY => self.light_pen.y,
            CTRL2 => v | 0xC0,
            MEMPTR => v | 0x01,
            IRQ_FLAGS => {
                let mut flags = self.irq.flags;
                if self.raster_due(t) {
                    flags |= IRQ_RASTER;
                }
                let any = flags & self.regs[usize::from(IRQ_MASK)] & 0x0F != 0;
                flags | 0x70 | if any { 0x80 } else { 0 }
            }
            IRQ_MASK => v | 0xF0,
            SS_COLLISION => self.sprites.ss,
            SB_COLLISION => self.sprites.sb,
            0x20..=0x2E => v | 0xF0,
            _ if r >= UNUSED => 0xFF,
            _ => v,
        }
    }

    /// Write register `r` at cycle `t`.
    pub fn write(&mut self, r: u8, value: u8, t: u64, mem: &VicMem) {
        // (The reference that runs every cycle the slow way syncs at every write.)
        if !self.fast_lines || self.used_before(r & 0x3F, t) || !self.bus_free(t) {
            self.sync(t, mem);
        }
        self.bus = (t, value);
        self.store(r & 0x3F, value, t);
        self.update_horizon();
    }

    /// Before a write to register `r` in cycle `t` lands: may the VIC use `r` in a
    /// cycle it has not run yet, up to `t`? Else the write need not wait for it (the
    /// cycles are run later, with the same result). A sprite's Y is compared only in
    /// the DMA and display cycles (55-58); an X coordinate (which the comparators take
    /// a cycle late, so up to `t + 1`) only while a sprite is shown or may become so in
    /// a display check; a colour
    /// only in the picture, when it is drawn. Every other register waits.
    fn used_before(&self, r: u8, t: u64) -> bool {
        let tm = self.timing;
        let s = &self.sprites;
        match r {
            0x01..=0x0F if r & 1 == 1 => {
                let checks = (
                    tm.sprite_dma.0.min(timing::SPRITE_EXPAND),
                    tm.sprite_display.max(tm.sprite_dma.1),
                );
                self.runs_any(checks, t)
            }
            0x00..=0x10 => {
                // (A sprite with DMA, or enabled and so able to start it, may be shown
                // from a display check.)
                s.in_display()
                    || (s.dma | self.regs[0x15] != 0
                        && self.runs_any((tm.sprite_display, tm.sprite_display), t + 1))
            }
            0x20..=0x2E => self.drawing,
            _ => true,
        }
    }

    /// Does running the VIC up to cycle `t` run a cycle numbered `lo` to `hi` (of its
    /// line)?
    fn runs_any(&self, (lo, hi): (u8, u8), t: u64) -> bool {
        if t < self.clock {
            return false;
        }
        if t - self.clock + 1 >= self.timing.line {
            return true;
        }
        let (a, b) = (self.cycle, self.timing.cycle_of(t));
        if a <= b {
            a <= hi && b >= lo
        } else {
            a <= hi || b >= lo
        }
    }

    /// Set a register without the CPU (the stub screen editor switching character
    /// sets, tests): like a write at cycle `t`, from where the VIC has run to.
    pub fn set_reg(&mut self, r: u8, value: u8, t: u64) {
        self.store(r & 0x3F, value, t);
        self.update_horizon();
    }

    /// What a write does, after the VIC has run the cycle.
    fn store(&mut self, r: u8, value: u8, t: u64) {
        let old = self.regs[usize::from(r)];
        match r {
            0x00..=0x0F if r & 1 == 0 => {
                self.regs[usize::from(r)] = value;
                let n = usize::from(r >> 1);
                self.sprites.x[n] = u16::from(value) | u16::from((self.regs[0x10] >> n) & 1) << 8;
            }
            0x10 => {
                self.regs[0x10] = value;
                for n in 0..8 {
                    self.sprites.x[n] =
                        u16::from(self.regs[2 * n]) | u16::from((value >> n) & 1) << 8;
                }
            }
            0x17 => {
                self.sprites
                    .write_expand_y(old, value, self.timing.cycle_of(t));
                self.regs[0x17] = value;
            }
            IRQ_FLAGS => {
                self.irq.flags &= !(value & 0x0F);
                self.update_irq(t);
            }
            IRQ_MASK => {
                self.regs[usize::from(r)] = value & 0x0F;
                self.update_irq(t);
            }
            LPX | LPY | SS_COLLISION | SB_COLLISION => {}
            0x20..=0x2E => {
                self.regs[usize::from(r)] = value & 0x0F;
                self.picture.set_color(r - 0x20, value);
            }
            _ if r >= UNUSED => {}
            _ => self.regs[usize::from(r)] = value,
        }
    }

    /// The bank CIA 2 selects changed at cycle `t`.
    pub fn set_bank(&mut self, bank: u8, t: u64, mem: &VicMem) {
        if bank != self.bank {
            self.sync(t, mem);
            self.bank = bank;
        }
    }
}

/// Draw the picture as it is at cycle `now` into `out` (`WIDTH` x `HEIGHT` palette
/// indices): the frame up to the beam, the previous one below it (in the first frame
/// after power-on, which has none, the rest of the frame as the VIC would draw it from
/// what is in memory and its registers now). `invert`: the video matrix cell drawn
/// inverted (a text cursor).
pub fn render(vic: &Vic, now: u64, mem: &VicMem, invert: Option<u16>, out: &mut [u8]) {
    let until = now.max(vic.timing.frame - 1);
    if vic.clock <= until {
        let mut ahead = vic.clone();
        ahead.sync(until, mem);
        out.copy_from_slice(ahead.pens());
    } else {
        out.copy_from_slice(vic.pens());
    }
    if let Some(cell) = invert {
        invert_cell(vic, mem, cell, out);
    }
}

/// Swap background and foreground in the 8x8 pixels text cell `cell` shows in.
fn invert_cell(vic: &Vic, mem: &VicMem, cell: u16, out: &mut [u8]) {
    let d011 = vic.regs[usize::from(CTRL1)];
    let d016 = vic.regs[usize::from(CTRL2)];
    let bg = vic.regs[usize::from(BACKGROUND0)] & 15;
    let ink = mem.color[usize::from(cell % 1000)] & 15;
    let x0 = WINDOW_X + 8 * usize::from(cell % 40) + usize::from(d016 & 7);
    let y0 = vic.timing.window_y + 8 * usize::from(cell / 40) + usize::from(d011 & 7) - 3;
    for y in y0..(y0 + 8).min(vic.timing.height) {
        for x in x0..(x0 + 8).min(WIDTH) {
            let p = &mut out[y * WIDTH + x];
            *p = if *p == bg { ink } else { bg };
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(Model {
    Mos6569,
    Mos8565,
    Mos6567R8,
    Mos8562,
    Mos6567R56A,
    Mos6572
});
c64state::persist!(Irq {
    flags,
    raster_matched,
    at
});
c64state::persist!(LightPen {
    low,
    trigger_at,
    triggered,
    x,
    y
});
// The timing table is the model's.
c64state::persist!(Vic {
    regs, bank, model, clock, cycle, row, line, frame_ends, ba, irq, fetch, border, gfx,
    sprites, picture, clear_collisions, light_pen, drawing, fast_lines, irq_horizon,
    horizons, ba_next, ba_later, ba_run, bus
} skip { timing } then |v: &mut Vic| v.timing = v.model.timing());
