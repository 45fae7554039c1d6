//! The graphics sequencer: what each g-access fetched (with the screen code and colour
//! of its cell) goes through a two-cycle pipeline, is loaded into the shift register at
//! pixel XSCROLL of a cycle, and leaves it as 8 pixels a cycle in the mode $D011 and
//! $D016 select. The mode bits reach the pixels at set points of the cycle: MCM at
//! pixel 4 (and a multicolour pair restarts where MCM came on), ECM and BMM going on at
//! pixel 4 and off at pixel 6 on the 6569. The 8565 takes ECM and BMM, going on or
//! off, for the next cycle's pixels and MCM at pixel 4; out of an invalid mode the
//! next cycle's first pixel stays black.
//!
//! Pixels come out as colour references (`Ref`), read from the colour registers when
//! the picture is written (a register written in a cycle shows from that cycle's
//! second pixel on: `picture.rs`).

/// A pixel's colour: 0-15 a colour, `REG + n` colour register $D020+n.
pub type Ref = u8;
pub const REG: Ref = 0x10;
/// Background colour 0 ($D021).
const BG0: Ref = REG + 1;

/// Mode bits as the pixels see them (`color`).
const ECM: u8 = 0x10;
const BMM: u8 = 0x08;
const MCM: u8 = 0x04;

/// Per byte: the 8 pixels it makes (pixel i in lane i of a u64, from bit 7 down).
/// `bits`: 0xFF in each lane whose bit is set; `pairs`: each lane's multicolour pair
/// value (0-3); `fg_bits`, `fg_pairs`: the foreground pixels (bit i: pixel i) read as
/// single bits or as pairs (10 and 11 are foreground).
struct Tables {
    bits: [u64; 256],
    pairs: [u64; 256],
    fg_bits: [u8; 256],
    fg_pairs: [u8; 256],
}

const fn tables() -> Tables {
    let mut t = Tables {
        bits: [0; 256],
        pairs: [0; 256],
        fg_bits: [0; 256],
        fg_pairs: [0; 256],
    };
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (0x80 >> i) != 0 {
                t.bits[b] |= 0xFF << (8 * i);
                t.fg_bits[b] |= 1 << i;
            }
            let pair = ((b >> (6 - 2 * (i / 2))) & 3) as u64;
            t.pairs[b] |= pair << (8 * i);
            if pair >= 2 {
                t.fg_pairs[b] |= 1 << i;
            }
            i += 1;
        }
        b += 1;
    }
    t
}

static TABLES: Tables = tables();

/// 0xFF in lane i where bit 7 - i of `byte` is set (its pixels, first from bit 7).
#[inline(always)]
pub fn byte_lanes(byte: u8) -> u64 {
    TABLES.bits[usize::from(byte)]
}

/// One byte (pixel i in lane i) of colour `c` in every lane.
#[inline(always)]
pub fn splat(c: u8) -> u64 {
    u64::from(c) * 0x0101_0101_0101_0101
}

/// `px` (colours, pixel i in lane i) with the pixels in `drawn` (bit i: pixel i)
/// taken from `refs`, resolved in `colors`.
#[inline(always)]
pub fn overlay(px: u64, drawn: u8, refs: &[Ref; 8], colors: &[u8; 32]) -> u64 {
    let mut lanes = px.to_le_bytes();
    let mut todo = drawn;
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        lanes[i] = colors[usize::from(refs[i] & 31)];
    }
    u64::from_le_bytes(lanes)
}

/// The lanes of a u64 whose low bit (`bit` 0) or next bit (1) is set, as 0xFF lanes.
#[inline(always)]
pub(super) fn lanes_with(values: u64, bit: u32) -> u64 {
    ((values >> bit) & 0x0101_0101_0101_0101) * 0xFF
}

#[derive(Clone, Debug, Default)]
pub struct Sequencer {
    /// The pipeline: graphics byte, screen code and colour of the last two g-accesses
    /// ([0] the newest).
    g: [u8; 2],
    v: [u8; 2],
    c: [u8; 2],
    /// XSCROLL as of the last g-access.
    xscroll: u8,
    /// ECM/BMM and MCM as the pixels see them; MCM one cycle later for the pairs.
    mode11: u8,
    mode16: u8,
    mode16_late: u8,
    /// The 8565 left an invalid mode at the cycle's end: the next pixel 0 is still
    /// black.
    left_invalid: bool,
    /// MCM as the last pixel saw it.
    mcm_before: u8,
    /// Shift register, multicolour pair flip-flop and the pixel it holds.
    shift: u8,
    mc_flop: bool,
    pixel: u8,
    /// Screen code and colour of the cell being shown.
    vbuf: u8,
    cbuf: u8,
    /// The line buffer index of the next cell fed (counts g-accesses in display state).
    dmli: u8,
    /// The last byte loaded into the shift register, and the pixel it was loaded at.
    loaded: u8,
    loaded_at: u8,
    /// Cycles drawn with the mode bits as $D011/$D016 have them (`draw_steady` needs 2).
    calm: u8,
}

impl Sequencer {
    /// Eight pixels of a cycle into `out`; returns the foreground pixels (bit i: pixel
    /// i), which sprites may hide behind and collide with. `latency`: the 6569's
    /// ECM/BMM timing.
    #[inline]
    pub fn draw(&mut self, d011: u8, d016: u8, latency: bool, out: &mut [Ref; 8]) -> u8 {
        let new11 = (d011 & 0x60) >> 2;
        let new16 = (d016 & 0x10) >> 2;
        let before = (self.mode11, self.mode16, self.mode16_late);
        let mut fg = 0u8;
        for (i, o) in out.iter_mut().enumerate() {
            match i {
                4 => {
                    self.mode16 = new16;
                    if latency {
                        self.mode11 |= new11;
                    }
                }
                6 if latency => self.mode11 &= new11,
                7 => {
                    if self.mode16 != 0 && self.mode16_late == 0 {
                        self.mc_flop = false;
                    }
                    self.mode16_late = self.mode16;
                }
                _ => {}
            }
            if i == usize::from(self.xscroll) {
                self.vbuf = self.v[1];
                self.cbuf = self.c[1];
                self.shift = self.g[1];
                self.mc_flop = true;
            }
            let pairs = self.mode11 & BMM != 0 || self.cbuf & 0x08 != 0;
            let bit = self.shift & 0x80 != 0;
            if self.mode16_late != 0 {
                if !pairs {
                    self.pixel = if bit { 3 } else { 0 };
                } else if self.mc_flop {
                    self.pixel = self.shift >> 6;
                }
            } else {
                self.pixel = match (bit, pairs) {
                    (false, _) => 0,
                    (true, true) => 2,
                    (true, false) => 3,
                };
            }
            self.shift <<= 1;
            self.mc_flop = !self.mc_flop;
            let px = self.pixel;
            fg |= (px >> 1) << i;
            *o = self.color(px);
            // On the 8565 MCM going off leaves ECM's invalid mode a pixel later.
            if !latency && is_invalid(self.mode11 | self.mcm_before) {
                *o = 0;
            }
            if i == 0 && self.left_invalid {
                *o = 0;
            }
            self.mcm_before = self.mode16;
        }
        self.left_invalid = false;
        if !latency {
            // The 8565 takes ECM and BMM for the next cycle's pixels, rising or falling.
            self.left_invalid =
                is_invalid(self.mode11 | self.mode16) && !is_invalid(new11 | self.mode16);
            self.mode11 = new11;
        }
        self.loaded = self.g[1];
        self.loaded_at = self.xscroll;
        // Steady: the whole cycle drawn in the mode the registers have.
        let settled = before == (new11, new16, new16)
            && (self.mode11, self.mode16, self.mode16_late) == before;
        self.calm = if settled {
            self.calm.saturating_add(1)
        } else {
            0
        };
        fg
    }

    /// The mode bits (ECM, BMM, MCM) the pixels see, in `expand`'s terms.
    #[inline(always)]
    pub fn mode(&self) -> u8 {
        self.mode11 | self.mode16
    }

    /// XSCROLL as the next load will use it.
    #[inline(always)]
    pub fn xscroll(&self) -> u8 {
        self.xscroll
    }

    /// The screen code and colour the pipeline carries into cycles without a g-access.
    #[inline(always)]
    pub fn stale_cell(&self) -> (u8, u8) {
        (self.v[0], self.c[0])
    }

    /// The state a whole steady line leaves (`Vic::fast_line`): the pipeline emptied
    /// by cycles 56-63, the last cell fed (`cell`) or the stale one carried on, the
    /// shift register empty after its last load of zeros.
    pub fn end_line(&mut self, cell: Option<(u8, u8)>, d016: u8) {
        if let Some((v, c)) = cell {
            self.v = [v; 2];
            self.c = [c; 2];
            self.xscroll = d016 & 7;
        } else {
            self.v[1] = self.v[0];
            self.c[1] = self.c[0];
        }
        self.g = [0; 2];
        self.vbuf = self.v[1];
        self.cbuf = self.c[1];
        self.loaded = 0;
        self.loaded_at = self.xscroll;
        self.shift = 0;
        self.mc_flop = self.xscroll.is_multiple_of(2);
        self.pixel = 0;
        self.dmli = 0;
    }

    /// Can `draw_steady` draw the next cycle: the mode bits in `d011` and `d016` have
    /// reached the pixels for a whole cycle, and XSCROLL is what the last load used?
    #[inline(always)]
    pub fn steady(&self, d011: u8, d016: u8) -> bool {
        self.calm >= 2
            && self.mode11 == (d011 & 0x60) >> 2
            && self.mode16 == (d016 & 0x10) >> 2
            && self.loaded_at == self.xscroll
    }

    /// `draw` for a steady mode (`steady`), eight pixels at once in colours (pixel i in
    /// lane i; `colors`: references to colours) and the foreground pixels (bit i),
    /// leaving the sequencer as `draw` does.
    #[inline(always)]
    pub fn draw_steady(&mut self, colors: &[u8; 32]) -> (u64, u8) {
        let xs = u32::from(self.xscroll);
        let mode = self.mode11 | self.mode16;
        let (new, new_values, new_fg) = expand(self.g[1], self.v[1], self.c[1], mode, colors);
        let px = if xs == 0 {
            (new, new_fg)
        } else {
            let (old, _, old_fg) = expand(self.loaded, self.vbuf, self.cbuf, mode, colors);
            (
                (old >> (8 * (8 - xs))) | (new << (8 * xs)),
                (old_fg >> (8 - xs)) | (new_fg << xs),
            )
        };
        self.vbuf = self.v[1];
        self.cbuf = self.c[1];
        self.loaded = self.g[1];
        self.shift = ((u16::from(self.g[1]) << (8 - xs)) & 0xFF) as u8;
        self.mc_flop = xs % 2 == 0;
        self.pixel = (new_values >> (8 * (7 - xs))) as u8 & 3;
        px
    }

    /// `draw_steady` without the pixels (nobody looks at them and no collision needs
    /// them): the sequencer left as `draw_steady` leaves it.
    #[inline(always)]
    pub fn skip_steady(&mut self) {
        let xs = u32::from(self.xscroll);
        let new_values = pixel_values(self.g[1], self.c[1], self.mode11 | self.mode16);
        self.vbuf = self.v[1];
        self.cbuf = self.c[1];
        self.loaded = self.g[1];
        self.shift = ((u16::from(self.g[1]) << (8 - xs)) & 0xFF) as u8;
        self.mc_flop = xs % 2 == 0;
        self.pixel = (new_values >> (8 * (7 - xs))) as u8 & 3;
    }

    /// `skip_steady` and `feed` for a cycle whose pixels and fed byte are overwritten
    /// before anybody sees them (two later feeds and a `skip_steady` follow): the cell
    /// fed (which cycles without a g-access carry on) and the line buffer index.
    #[inline(always)]
    pub fn skip_feed(&mut self, g_access: bool, cell: Option<(&[u8; 64], &[u8; 64])>) {
        if !g_access {
            self.dmli = 0;
            return;
        }
        self.take_cell(cell);
    }

    /// The cell a g-access reads: the video matrix and colour bytes at the line buffer's
    /// index (which moves on), or zeros in idle state.
    #[inline(always)]
    fn take_cell(&mut self, cell: Option<(&[u8; 64], &[u8; 64])>) {
        match cell {
            Some((vbuf, cbuf)) => {
                let i = usize::from(self.dmli & 63);
                self.v[0] = vbuf[i];
                self.c[0] = cbuf[i];
                self.dmli = self.dmli.wrapping_add(1);
            }
            None => {
                self.v[0] = 0;
                self.c[0] = 0;
            }
        }
    }

    /// The pipeline and the shift register (tests compare them with the reference's).
    #[cfg(test)]
    pub fn pipeline(&self) -> String {
        format!(
            "g {:?} v {:?} c {:?} xscroll {} shift {:02X} mc {} pixel {} cell {} {} dmli {} loaded {:02X}",
            self.g,
            self.v,
            self.c,
            self.xscroll,
            self.shift,
            self.mc_flop,
            self.pixel,
            self.vbuf,
            self.cbuf,
            self.dmli,
            self.loaded
        )
    }

    /// The colour of pixel value `px` (0-3) in the current mode.
    #[inline(always)]
    fn color(&self, px: u8) -> Ref {
        let (v, c) = (self.vbuf, self.cbuf);
        match self.mode11 | self.mode16 | px {
            0x00 | 0x01 => BG0,
            0x02 | 0x03 => c,
            0x04 => BG0,
            0x05 => BG0 + 1,
            0x06 => BG0 + 2,
            0x07 => c & 7,
            0x08 | 0x09 => v & 0x0F,
            0x0A | 0x0B => v >> 4,
            0x0C => BG0,
            0x0D => v >> 4,
            0x0E => v & 0x0F,
            0x0F => c,
            0x10 | 0x11 => BG0 + (v >> 6),
            0x12 | 0x13 => c,
            // ECM with BMM or MCM: an invalid mode, black.
            _ => 0,
        }
    }

    /// After a cycle's pixels: the pipeline moves on. In a g-access cycle outside the
    /// vertical border the new g-data enters it (with the cell's screen code and colour
    /// in display state, zeros in idle state); elsewhere nothing does (and the cells
    /// start again from the line buffer's first).
    #[inline]
    pub fn feed(
        &mut self,
        g_access: bool,
        gbuf: u8,
        cell: Option<(&[u8; 64], &[u8; 64])>,
        d016: u8,
    ) {
        self.g[1] = self.g[0];
        self.v[1] = self.v[0];
        self.c[1] = self.c[0];
        if !g_access {
            self.g[0] = 0;
            self.dmli = 0;
            return;
        }
        self.g[0] = gbuf;
        self.xscroll = d016 & 7;
        self.take_cell(cell);
    }
}

/// ECM with BMM or MCM: a mode the VIC-II draws black.
#[inline(always)]
fn is_invalid(mode: u8) -> bool {
    mode & ECM != 0 && mode & (BMM | MCM) != 0
}

/// The pixel values (0-3, lane i) the sequencer holds for a cell's byte in `mode`
/// (`c`: the cell's colour, whose bit 3 makes MCM text pairs).
#[inline(always)]
fn pixel_values(byte: u8, c: u8, mode: u8) -> u64 {
    let b = usize::from(byte);
    let pairs = mode & BMM != 0 || c & 0x08 != 0;
    if mode & MCM != 0 && pairs {
        TABLES.pairs[b]
    } else {
        TABLES.bits[b] & splat(if mode & MCM == 0 && pairs { 2 } else { 3 })
    }
}

/// A cell's 8 pixels in `mode`: colours, the pixel values the sequencer holds (0-3)
/// per lane, and the foreground pixels (bit i).
#[inline(always)]
pub fn expand(byte: u8, v: u8, c: u8, mode: u8, colors: &[u8; 32]) -> (u64, u64, u8) {
    let b = usize::from(byte);
    let pairs = mode & BMM != 0 || c & 0x08 != 0;
    let values = pixel_values(byte, c, mode);
    if mode & MCM != 0 && pairs {
        let pens: [u8; 4] = match mode {
            MCM => [colors[17], colors[18], colors[19], c & 7],
            m if m == MCM | BMM => [colors[17], v >> 4, v & 0x0F, c],
            _ => [0; 4],
        };
        let (lo, hi) = (lanes_with(values, 0), lanes_with(values, 1));
        let px = (!hi & !lo & splat(pens[0]))
            | (!hi & lo & splat(pens[1]))
            | (hi & !lo & splat(pens[2]))
            | (hi & lo & splat(pens[3]));
        return (px, values, TABLES.fg_pairs[b]);
    }
    let mask = TABLES.bits[b];
    let (off, on) = match mode {
        0 => (colors[17], c),
        MCM => (colors[17], c & 7),
        BMM => (v & 0x0F, v >> 4),
        ECM => (colors[17 + usize::from(v >> 6)], c),
        _ => (0, 0),
    };
    (
        (mask & splat(on)) | (!mask & splat(off)),
        values,
        TABLES.fg_bits[b],
    )
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Sequencer {
    g,
    v,
    c,
    xscroll,
    mode11,
    mode16,
    mode16_late,
    left_invalid,
    mcm_before,
    shift,
    mc_flop,
    pixel,
    vbuf,
    cbuf,
    dmli,
    loaded,
    loaded_at,
    calm
});
