//! The graphics sequencer: what each g-access fetched (with the screen code and colour
//! of its cell) goes through a two-cycle pipeline, is loaded into the shift register at
//! pixel XSCROLL of a cycle, and leaves it as 8 pixels a cycle in the mode $D011 and
//! $D016 select. The mode bits reach the pixels at set points of the cycle: MCM at
//! pixel 4 (and a multicolour pair restarts where MCM came on), ECM and BMM going on at
//! pixel 4 and off at pixel 6 on the 6569 (at the cycle's end on the 8565).
//!
//! Pixels come out as colour references (`Ref`), read from the colour registers when
//! the picture is written (a register written in a cycle shows from that cycle's
//! second pixel on: `picture.rs`).

/// A pixel's colour: 0-15 a colour, `REG + n` colour register $D020+n.
pub type Ref = u8;
pub const REG: Ref = 0x10;
/// Background colour 0 ($D021).
const BG0: Ref = REG + 1;

/// BMM as the pixels see it (ECM 0x10, BMM 0x08, MCM 0x04: `color`).
const BMM: u8 = 0x08;

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
    /// Shift register, multicolour pair flip-flop and the pixel it holds.
    shift: u8,
    mc_flop: bool,
    pixel: u8,
    /// Screen code and colour of the cell being shown.
    vbuf: u8,
    cbuf: u8,
    /// The line buffer index of the next cell fed (counts g-accesses in display state).
    dmli: u8,
}

impl Sequencer {
    /// Eight pixels of a cycle into `out`; returns the foreground pixels (bit i: pixel
    /// i), which sprites may hide behind and collide with. `latency`: the 6569's
    /// ECM/BMM timing.
    #[inline]
    pub fn draw(&mut self, d011: u8, d016: u8, latency: bool, out: &mut [Ref; 8]) -> u8 {
        let new11 = (d011 & 0x60) >> 2;
        let new16 = (d016 & 0x10) >> 2;
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
        }
        if !latency {
            self.mode11 = new11;
        }
        fg
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
}
