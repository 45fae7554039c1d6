//! What the VIC-II reads and the counters that say where: its 16 KiB view of memory
//! (the character ROM at $1000-$1FFF of banks 0 and 2, or a cartridge's ROMH at
//! $3000-$3FFF of every bank in Ultimax mode; colour RAM beside), the video
//! matrix counter VC and its base VCBASE, the row counter RC, the line buffer index
//! VMLI, display and idle state, and the bad line condition (C. Bauer, 3.7).

/// What the VIC reads: RAM through its 16 KiB bank, the character ROM at $1000-$1FFF of
/// banks 0 and 2, and colour RAM. `cpu_pc`: where the CPU's program counter is (the
/// bus carries the CPU's opcode when a c-access comes before the CPU has let go).
/// `ultimax`: in Ultimax mode the PLA gives the VIC no character ROM; where VA12 and
/// VA13 are both high it selects the cartridge's ROMH, whose 13 address lines see the
/// VIC's: its upper 4 KiB ($F000-$FFFF to the CPU) at $3000-$3FFF of each bank.
pub struct VicMem<'a> {
    pub ram: &'a [u8; 0x10000],
    pub color: &'a [u8; 1024],
    pub chargen: &'a [u8],
    pub cpu_pc: u16,
    pub ultimax: Option<&'a [u8]>,
    /// The same for the accesses the VIC makes in the CPU's half of the cycle (its
    /// c-accesses on a bad line): a cartridge may pull GAME low for that half only
    /// (the Retro Replay's Ultimax mode).
    pub ultimax_phi2: Option<&'a [u8]>,
}

impl VicMem<'_> {
    /// A byte at VIC address `addr` (14 bits) in `bank` (0-3), read in the first half
    /// of the cycle.
    #[inline(always)]
    pub fn read(&self, bank: u8, addr: u16) -> u8 {
        self.read_in(self.ultimax, bank, addr)
    }

    /// A byte read in the CPU's half of the cycle (a c-access).
    #[inline(always)]
    pub fn read_phi2(&self, bank: u8, addr: u16) -> u8 {
        self.read_in(self.ultimax_phi2, bank, addr)
    }

    /// A byte with the Ultimax map (`ultimax`: ROMH's upper 4 KiB) or without.
    #[inline(always)]
    fn read_in(&self, ultimax: Option<&[u8]>, bank: u8, addr: u16) -> u8 {
        let addr = addr & 0x3FFF;
        if let Some(romh) = ultimax {
            return if addr & 0x3000 == 0x3000 {
                romh.get(usize::from(addr & 0x0FFF))
                    .copied()
                    .unwrap_or(0xFF)
            } else {
                self.ram[usize::from(u16::from(bank) << 14 | addr)]
            };
        }
        if bank & 1 == 0 && addr & 0x3000 == 0x1000 {
            self.chargen[usize::from(addr & 0x0FFF)]
        } else {
            self.ram[usize::from(u16::from(bank) << 14 | addr)]
        }
    }
}

/// The counters and buffers of the character and graphics accesses.
#[derive(Clone, Debug)]
pub struct Fetch {
    /// Video matrix counter and its base (10 bits).
    pub vc: u16,
    pub vcbase: u16,
    /// Row counter (0-7).
    pub rc: u8,
    /// Index into the line buffers (0-39).
    pub vmli: u8,
    /// Idle state (no display data fetched).
    pub idle: bool,
    /// The bad line condition holds (this cycle).
    pub bad_line: bool,
    /// DEN was set in some cycle of line $30: bad lines may happen in this frame.
    pub allow_bad_lines: bool,
    /// The 40 screen codes and colours of the current character row.
    pub vbuf: [u8; 64],
    pub cbuf: [u8; 64],
    /// The last g-access.
    pub gbuf: u8,
    /// Cycles BA has been low up to this one, counting to 4: c- and s-accesses happen
    /// only from the fourth (before that the CPU may still have the bus: the VIC reads
    /// $FF).
    pub ba_cycles: u8,
    /// $D011 as it was in the previous cycle (the 6569's graphics address uses both).
    pub d011_before: u8,
}

impl Default for Fetch {
    fn default() -> Fetch {
        Fetch {
            vc: 0,
            vcbase: 0,
            rc: 0,
            vmli: 0,
            idle: true,
            bad_line: false,
            allow_bad_lines: false,
            vbuf: [0; 64],
            cbuf: [0; 64],
            gbuf: 0,
            ba_cycles: 0,
            d011_before: 0,
        }
    }
}

/// Address of a g-access in display state for the mode bits of `d011` (ECM bit 6,
/// BMM bit 5) and `d018`.
#[inline(always)]
fn graphics_addr(d011: u8, d018: u8, vc: u16, rc: u8, code: u8) -> u16 {
    let a = if d011 & 0x20 != 0 {
        u16::from(d018 & 0x08) << 10 | vc << 3 | u16::from(rc)
    } else {
        u16::from(d018 & 0x0E) << 10 | u16::from(code) << 3 | u16::from(rc)
    };
    if d011 & 0x40 != 0 { a & 0x39FF } else { a }
}

impl Fetch {
    /// Cycle 14: VC from VCBASE, VMLI cleared, RC cleared on a bad line.
    pub fn update_vc(&mut self) {
        self.vc = self.vcbase;
        self.vmli = 0;
        if self.bad_line {
            self.rc = 0;
        }
    }

    /// Cycle 58: after row 7 the sequencer goes idle (VCBASE takes VC); in display state
    /// (always on a bad line) RC steps.
    pub fn update_rc(&mut self) {
        if self.rc == 7 {
            self.idle = true;
            self.vcbase = self.vc;
        }
        if !self.idle || self.bad_line {
            self.rc = (self.rc + 1) & 7;
            self.idle = false;
        }
    }

    /// A c-access (phi2): screen code and colour at VC, or, in the first three cycles
    /// BA is low, $FF and the low nibble of the CPU's opcode.
    pub fn matrix(&mut self, mem: &VicMem, bank: u8, d018: u8) {
        let i = usize::from(self.vmli & 63);
        if self.ba_cycles < 4 {
            self.vbuf[i] = 0xFF;
            self.cbuf[i] = mem.ram[usize::from(mem.cpu_pc)] & 0x0F;
        } else {
            let vc = self.vc & 0x3FF;
            self.vbuf[i] = mem.read_phi2(bank, u16::from(d018 & 0xF0) << 6 | vc);
            self.cbuf[i] = mem.color[usize::from(vc)] & 0x0F;
        }
    }

    /// A g-access (phi1): in display state the graphics byte for the mode (VC and VMLI
    /// step), in idle state the byte at $3FFF ($39FF with ECM). `nmos`: the 6569 and
    /// the other NMOS chips; the 8565 and 8562 take the mode bits a cycle late, as
    /// $D011 was in the previous cycle. `bad_line_starts`: a bad line condition
    /// starts in this cycle in idle state (DMA delay, VSP): this idle access reads
    /// $38FF on the 6569, $3807 on the 8565 (VICE-testprogs VICII/vsp-tester's readme,
    /// measured on real machines).
    #[inline(always)]
    pub fn graphics(
        &mut self,
        mem: &VicMem,
        bank: u8,
        d011: u8,
        d018: u8,
        nmos: bool,
        bad_line_starts: bool,
    ) -> u8 {
        let before = self.d011_before;
        if self.idle {
            let ecm = if nmos { d011 } else { before } & 0x40 != 0;
            let addr = match (bad_line_starts, nmos) {
                (true, true) => 0x38FF,
                (true, false) => 0x3807,
                _ if ecm => 0x39FF,
                _ => 0x3FFF,
            };
            self.gbuf = mem.read(bank, addr);
            return self.gbuf;
        }
        let code = self.vbuf[usize::from(self.vmli & 63)];
        let (vc, rc) = (self.vc, self.rc);
        // The 6569 takes BMM from this and the previous cycle; switching from RAM to
        // character ROM fetches, the address's low byte still comes from the old mode.
        let mode = if nmos { d011 | (before & 0x20) } else { before };
        let mut addr = graphics_addr(mode, d018, vc, rc, code);
        if nmos && (d011 ^ before) & 0x20 != 0 {
            let from = graphics_addr(before, d018, vc, rc, code);
            let to = graphics_addr(d011, d018, vc, rc, code);
            let rom = |a: u16| bank & 1 == 0 && a & 0x3000 == 0x1000;
            if !rom(from) && rom(to) {
                addr = (from & 0xFF) | (to & 0x3F00);
            }
        }
        self.gbuf = mem.read(bank, addr);
        self.vmli = self.vmli.wrapping_add(1);
        self.vc = (self.vc + 1) & 0x3FF;
        self.gbuf
    }

    /// A g-access whose byte nobody needs (`Vic::fast_span`): in display state VC and
    /// VMLI step as `graphics` steps them.
    #[inline(always)]
    pub fn skip_graphics(&mut self) {
        if !self.idle {
            self.vmli = self.vmli.wrapping_add(1);
            self.vc = (self.vc + 1) & 0x3FF;
        }
    }

    /// A whole line's 40 c-accesses (on a bad line: `bad`) and g-accesses with the
    /// registers as they are (no mode change since the last cycle): what each g-access
    /// read, with its cell's screen code and colour (zeros in idle state), into `cells`.
    /// Without `graphics` only the last g-access reads (the others' bytes are zero:
    /// nobody needs them; reading has no effect).
    #[allow(clippy::too_many_arguments)]
    pub fn line(
        &mut self,
        mem: &VicMem,
        bank: u8,
        d011: u8,
        d018: u8,
        bad: bool,
        graphics: bool,
        cells: &mut [(u8, u8, u8); 40],
    ) {
        if self.idle {
            let g = mem.read(bank, if d011 & 0x40 != 0 { 0x39FF } else { 0x3FFF });
            *cells = [(g, 0, 0); 40];
            self.gbuf = g;
            return;
        }
        let vc0 = self.vc;
        let screen = u16::from(d018 & 0xF0) << 6;
        for (i, cell) in cells.iter_mut().enumerate() {
            let vc = (vc0 + i as u16) & 0x3FF;
            if bad {
                self.vbuf[i] = mem.read_phi2(bank, screen | vc);
                self.cbuf[i] = mem.color[usize::from(vc)] & 0x0F;
            }
            let code = self.vbuf[i];
            let g = if graphics || i == 39 {
                mem.read(bank, graphics_addr(d011, d018, vc, self.rc, code))
            } else {
                0
            };
            *cell = (g, code, self.cbuf[i]);
        }
        self.gbuf = cells[39].0;
        self.vmli = 40;
        self.vc = (vc0 + 40) & 0x3FF;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_ultimax_mode_the_vic_sees_romh_at_3000_and_no_character_rom() {
        let mut ram = Box::new([0u8; 0x10000]);
        ram[0x1000] = 0x11;
        ram[0x7000] = 0x77;
        let chargen = [0xCC; 4096];
        let romh: Vec<u8> = (0..0x1000).map(|i| (i >> 4) as u8).collect();
        let mut mem = VicMem {
            ram: &ram,
            color: &[0; 1024],
            chargen: &chargen,
            cpu_pc: 0,
            ultimax: None,
            ultimax_phi2: None,
        };
        assert_eq!((mem.read(0, 0x1000), mem.read(1, 0x3000)), (0xCC, 0x77));
        mem.ultimax = Some(&romh);
        assert_eq!(mem.read(0, 0x1000), 0x11);
        assert_eq!((mem.read(1, 0x3000), mem.read(3, 0x3FF0)), (0x00, 0xFF));
        assert_eq!(mem.read(2, 0x2FFF), ram[0xAFFF]);
        // GAME low in the CPU's half only: c-accesses see the Ultimax map, the
        // first half's accesses the 8K one.
        (mem.ultimax, mem.ultimax_phi2) = (None, Some(&romh[..]));
        assert_eq!(
            (mem.read(0, 0x1000), mem.read_phi2(0, 0x1000)),
            (0xCC, 0x11)
        );
        assert_eq!(
            (mem.read(1, 0x3000), mem.read_phi2(1, 0x3010)),
            (0x77, 0x01)
        );
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Fetch {
    vc,
    vcbase,
    rc,
    vmli,
    idle,
    bad_line,
    allow_bad_lines,
    vbuf,
    cbuf,
    gbuf,
    ba_cycles,
    d011_before
});
