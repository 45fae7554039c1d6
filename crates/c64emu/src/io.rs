//! The modelled I/O subset: VIC-II registers with a cycle-driven raster counter, CIA1
//! (keyboard matrix, timer A interrupt) and CIA2 port A (VIC bank). SID and the rest
//! accept writes and read back harmless values; accesses show in the trace.

/// PAL timing.
pub const CYCLES_PER_LINE: u64 = 63;
pub const LINES_PER_FRAME: u64 = 312;
pub const CYCLES_PER_FRAME: u64 = CYCLES_PER_LINE * LINES_PER_FRAME;
/// PAL CPU clock, cycles per second.
pub const CLOCK_HZ: u64 = 985_248;
/// CIA1 timer A latch the KERNAL sets for a 60 Hz jiffy interrupt on PAL.
pub const JIFFY_LATCH: u16 = 0x4025;

pub fn raster_line(cycles: u64) -> u16 {
    ((cycles / CYCLES_PER_LINE) % LINES_PER_FRAME) as u16
}

/// Registers the emulator models fully; accesses elsewhere are logged in traces.
pub fn is_modelled(addr: u16) -> bool {
    match addr {
        0xD000..=0xD3FF => matches!(
            addr & 0x3F,
            0x11 | 0x12 | 0x16 | 0x18 | 0x19 | 0x1A | 0x20 | 0x21
        ),
        0xD800..=0xDBFF => true,
        0xDC00..=0xDCFF => matches!(addr & 0x0F, 0x00..=0x05 | 0x0D | 0x0E),
        0xDD00..=0xDDFF => matches!(addr & 0x0F, 0x00 | 0x02),
        _ => false,
    }
}

#[derive(Clone, Debug)]
pub struct Vic {
    pub regs: [u8; 64],
}

impl Default for Vic {
    fn default() -> Vic {
        let mut regs = [0u8; 64];
        regs[0x11] = 0x1B;
        regs[0x16] = 0xC8;
        regs[0x18] = 0x15;
        regs[0x19] = 0x71;
        regs[0x1A] = 0xF0;
        regs[0x20] = 14;
        regs[0x21] = 6;
        regs[0x22] = 1;
        regs[0x23] = 2;
        regs[0x24] = 3;
        regs[0x25] = 4;
        regs[0x26] = 0;
        regs[0x27] = 1;
        Vic { regs }
    }
}

impl Vic {
    pub fn read(&self, addr: u16, raster: u16) -> u8 {
        let r = (addr & 0x3F) as usize;
        match r {
            0x11 => (self.regs[r] & 0x7F) | (((raster >> 1) & 0x80) as u8),
            0x12 => raster as u8,
            0x16 => self.regs[r] | 0xC0,
            0x18 => self.regs[r] | 0x01,
            0x19 => self.regs[r] | 0x70,
            0x1A => self.regs[r] | 0xF0,
            0x1E | 0x1F => 0, // no sprite collisions
            0x20..=0x2E => self.regs[r] | 0xF0,
            0x2F..=0x3F => 0xFF,
            _ => self.regs[r],
        }
    }

    pub fn write(&mut self, addr: u16, value: u8) {
        let r = (addr & 0x3F) as usize;
        if r == 0x19 {
            self.regs[r] &= !value; // acknowledge
        } else if r < 0x2F {
            self.regs[r] = value;
        }
    }

    pub fn border(&self) -> u8 {
        self.regs[0x20] & 0x0F
    }
    pub fn background(&self) -> u8 {
        self.regs[0x21] & 0x0F
    }
}

/// CIA1: keyboard matrix on ports A/B, timer A in continuous mode driving the IRQ.
#[derive(Clone, Debug)]
pub struct Cia1 {
    pra: u8,
    prb: u8,
    ddra: u8,
    ddrb: u8,
    latch: u16,
    running: bool,
    cra: u8,
    /// Cycle at which the counter was last (re)loaded from the latch.
    loaded_at: u64,
    /// Counter value while stopped.
    stopped_value: u16,
    /// Underflows up to this cycle have been recorded.
    checked_until: u64,
    pub icr_mask: u8,
    pub icr_data: u8,
    other: [u8; 16],
    /// Pressed keys: bit `row` of `keys[col]` set = key (col, row) held down.
    pub keys: [u8; 8],
}

impl Default for Cia1 {
    fn default() -> Cia1 {
        Cia1 {
            pra: 0x7F,
            prb: 0xFF,
            ddra: 0xFF,
            ddrb: 0x00,
            latch: JIFFY_LATCH,
            running: true,
            cra: 0x11,
            loaded_at: 0,
            stopped_value: JIFFY_LATCH,
            checked_until: 0,
            icr_mask: 0x01,
            icr_data: 0,
            other: [0; 16],
            keys: [0; 8],
        }
    }
}

impl Cia1 {
    /// Cycle of the next timer A underflow, if the timer runs.
    pub fn next_underflow(&self, now: u64) -> Option<u64> {
        if !self.running {
            return None;
        }
        let period = u64::from(self.latch) + 1;
        let elapsed = now.saturating_sub(self.loaded_at);
        Some(self.loaded_at + (elapsed / period + 1) * period)
    }

    /// Record timer underflows up to `now`; returns true when the IRQ line is asserted.
    pub fn advance(&mut self, now: u64) -> bool {
        let since = self.checked_until;
        self.checked_until = now;
        if let Some(at) = self.next_underflow(since)
            && at <= now
        {
            self.icr_data |= 0x01;
            if self.cra & 0x08 != 0 {
                // one-shot: stop after the underflow
                self.running = false;
                self.stopped_value = self.latch;
            }
        }
        self.irq_line()
    }

    pub fn irq_line(&self) -> bool {
        self.icr_data & self.icr_mask & 0x1F != 0
    }

    fn counter(&self, now: u64) -> u16 {
        if !self.running {
            return self.stopped_value;
        }
        let period = u64::from(self.latch) + 1;
        let into = now.saturating_sub(self.loaded_at) % period;
        (u64::from(self.latch) - into) as u16
    }

    fn keyboard_rows(&self) -> u8 {
        let selected = !(self.pra | !self.ddra);
        let mut rows = 0xFF;
        for col in 0..8 {
            if selected & (1 << col) != 0 {
                rows &= !self.keys[col];
            }
        }
        rows
    }

    pub fn peek(&self, addr: u16, now: u64) -> u8 {
        match addr & 0x0F {
            0x0 => self.pra | !self.ddra,
            0x1 => (self.prb | !self.ddrb) & self.keyboard_rows(),
            0x2 => self.ddra,
            0x3 => self.ddrb,
            0x4 => self.counter(now) as u8,
            0x5 => (self.counter(now) >> 8) as u8,
            0xD => {
                let any = if self.irq_line() { 0x80 } else { 0 };
                self.icr_data | any
            }
            0xE => (self.cra & !0x10) | u8::from(self.running),
            r => self.other[r as usize],
        }
    }

    pub fn read(&mut self, addr: u16, now: u64) -> u8 {
        let v = self.peek(addr, now);
        if addr & 0x0F == 0xD {
            self.icr_data = 0;
        }
        v
    }

    /// Returns the cycle of the next timer event if the write (re)started the timer.
    pub fn write(&mut self, addr: u16, value: u8, now: u64) -> Option<u64> {
        match addr & 0x0F {
            0x0 => self.pra = value,
            0x1 => self.prb = value,
            0x2 => self.ddra = value,
            0x3 => self.ddrb = value,
            0x4 => self.latch = (self.latch & 0xFF00) | u16::from(value),
            0x5 => {
                self.latch = (self.latch & 0x00FF) | (u16::from(value) << 8);
                if !self.running {
                    self.stopped_value = self.latch;
                }
            }
            0xD => {
                if value & 0x80 != 0 {
                    self.icr_mask |= value & 0x1F;
                } else {
                    self.icr_mask &= !(value & 0x1F);
                }
            }
            0xE => {
                let was_running = self.running;
                let current = self.counter(now);
                self.cra = value;
                self.running = value & 0x01 != 0;
                let start_from = if value & 0x10 != 0 {
                    self.latch
                } else {
                    current
                };
                if self.running {
                    // Express the counter as a phase of a latch-period cycle.
                    let period = u64::from(self.latch) + 1;
                    let done = u64::from(self.latch.saturating_sub(start_from));
                    self.loaded_at = now.saturating_sub(done.min(period - 1));
                    self.checked_until = now;
                    return self.next_underflow(now);
                } else if was_running || value & 0x10 != 0 {
                    self.stopped_value = start_from;
                }
            }
            r => self.other[r as usize] = value,
        }
        None
    }
}

/// CIA2: only port A (the VIC bank bits) matters here.
#[derive(Clone, Debug)]
pub struct Cia2 {
    regs: [u8; 16],
}

impl Default for Cia2 {
    fn default() -> Cia2 {
        let mut regs = [0u8; 16];
        regs[0] = 0x97;
        regs[2] = 0x3F;
        Cia2 { regs }
    }
}

impl Cia2 {
    pub fn read(&self, addr: u16) -> u8 {
        let r = (addr & 0x0F) as usize;
        if r == 0 {
            self.regs[0] | !self.regs[2]
        } else {
            self.regs[r]
        }
    }
    pub fn write(&mut self, addr: u16, value: u8) {
        self.regs[(addr & 0x0F) as usize] = value;
    }
    /// Base address of the 16 KiB bank the VIC sees.
    pub fn vic_bank(&self) -> u16 {
        let bits = (self.regs[0] | !self.regs[2]) & 3;
        u16::from(3 - bits) * 0x4000
    }
}
