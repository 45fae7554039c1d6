//! The Action Replay family of freezer cartridges: Action Replay 4.2-6 (CRT type 1),
//! Atomic Power / Nordic Power (9) and Retro Replay (36; subtype 1 the Nordic Replay).
//! One register at $DE00: bits 0-1 the lines (0 8K, 1 16K, 2 off, 3 Ultimax; bit 0
//! set pulls GAME low, bit 1 set leaves EXROM high), bits 3-4 the bank (Retro Replay:
//! and bit 7), bit 5 RAM instead of ROM at ROML, bit 6 ends a freeze, bit 2 switches the
//! cartridge off until reset. $DF00-$DFFF shows the last page of the selected ROM bank,
//! or of the RAM when it is on. The Atomic Power's value $22 (and the Nordic Replay's)
//! maps RAM at $A000 in 16K mode. The Retro Replay adds $DE01 (bit 1 AllowBank: the
//! RAM's bank follows bits 3-4; bit 6 moves the I/O window to $DE02-$DEFF for an REU;
//! both writable once) and reads its state back at $DE00/$DE01; its 32 KiB of RAM are
//! written in 8K/16K modes only by the Nordic Replay.

use super::cart::Mode;

const BANK: usize = 0x2000;

/// Which freezer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Action Replay 4.2-6: 32 KiB ROM, 8 KiB RAM.
    ActionReplay,
    /// Atomic Power / Nordic Power: an Action Replay with RAM at $A000 (value $22).
    AtomicPower,
    /// Retro Replay: 64 KiB flash, 32 KiB RAM, $DE01.
    RetroReplay,
    /// Nordic Replay: a Retro Replay with the Nordic Power's $22 and writable RAM.
    NordicReplay,
}

/// A freezer cartridge's state.
#[derive(Clone, Debug)]
pub struct Freezer {
    variant: Variant,
    /// The ROM, bank after bank.
    rom: Vec<u8>,
    ram: Vec<u8>,
    active: bool,
    mode: Mode,
    bank: usize,
    export_ram: bool,
    ram_at_a000: bool,
    /// The Action Replay's value $22: its RAM answers at $8000-$9FFF with both lines
    /// high, so the C64's RAM drives the bus too (the bits read as their OR).
    contended: bool,
    allow_bank: bool,
    reu_mapping: bool,
    write_once: bool,
}

impl Freezer {
    /// A freezer with these ROM banks (8 KiB each).
    pub fn new(variant: Variant, banks: &[Vec<u8>]) -> Freezer {
        let mut rom = Vec::with_capacity(banks.len() * BANK);
        for b in banks {
            let mut bank = b.clone();
            bank.resize(BANK, 0xFF);
            rom.extend(bank);
        }
        if rom.is_empty() {
            rom.resize(BANK, 0xFF);
        }
        let ram = match variant {
            Variant::RetroReplay | Variant::NordicReplay => 0x8000,
            _ => BANK,
        };
        let mut f = Freezer {
            variant,
            rom,
            ram: vec![0; ram],
            active: true,
            mode: Mode::Game8k,
            bank: 0,
            export_ram: false,
            ram_at_a000: false,
            contended: false,
            allow_bank: false,
            reu_mapping: false,
            write_once: false,
        };
        f.reset();
        f
    }

    /// Power-on: 8K mode, bank 0, ROM.
    pub fn reset(&mut self) {
        self.active = true;
        self.mode = Mode::Game8k;
        self.bank = 0;
        self.export_ram = false;
        self.ram_at_a000 = false;
        self.contended = false;
        self.allow_bank = false;
        self.reu_mapping = false;
        self.write_once = false;
    }

    /// The lines' mode now.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the VIC's fetches see the Ultimax map (ROMH at $3000-$3FFF, no
    /// character ROM). The Retro Replay drives GAME low for Ultimax mode in the CPU's
    /// half of the cycle only: its register leaves the VIC with the 8K mode's view
    /// (RAM and the character ROM; the reference pictures of VICE's `ultimax-vic-rr`
    /// row, taken on the hardware, show it). Only a freeze, which c64kit does not
    /// trigger, would put the VIC in Ultimax mode too.
    pub fn vic_ultimax(&self) -> bool {
        self.mode == Mode::Ultimax && !self.replay()
    }

    fn replay(&self) -> bool {
        matches!(self.variant, Variant::RetroReplay | Variant::NordicReplay)
    }

    fn rom_at(&self, bank: usize, offset: usize) -> u8 {
        let i = (bank * BANK + (offset & (BANK - 1))) % self.rom.len();
        self.rom[i]
    }

    /// The RAM's offset for the selected bank (the Retro Replay banks its 32 KiB).
    fn ram_base(&self, banked: bool) -> usize {
        if self.replay() && banked {
            (self.bank & 3) * BANK
        } else {
            0
        }
    }

    fn ram_index(&self, offset: usize, banked: bool) -> usize {
        (self.ram_base(banked) + (offset & (BANK - 1))) % self.ram.len()
    }

    /// A read of ROML.
    pub fn read_roml(&self, addr: u16) -> Option<u8> {
        let o = usize::from(addr);
        if self.export_ram {
            return Some(self.ram[self.ram_index(o, true)]);
        }
        if self.variant == Variant::NordicReplay && self.ram_at_a000 {
            return Some(self.rom_at(self.bank, o));
        }
        if self.replay() && self.mode == Mode::Game16k {
            return None;
        }
        Some(self.rom_at(self.bank, o))
    }

    /// Whether a read of ROML also gets the C64's RAM (ORed in).
    pub fn roml_contended(&self) -> bool {
        self.contended
    }

    /// A read of ROMH.
    pub fn read_romh(&self, addr: u16) -> Option<u8> {
        let o = usize::from(addr);
        match self.variant {
            Variant::AtomicPower if self.ram_at_a000 => Some(self.ram[o & (BANK - 1)]),
            Variant::NordicReplay if self.ram_at_a000 => {
                Some(self.ram[self.ram_index(o, self.allow_bank)])
            }
            Variant::RetroReplay | Variant::NordicReplay if self.export_ram && !self.allow_bank => {
                Some(self.rom_at(self.bank & !3, o))
            }
            _ => Some(self.rom_at(self.bank, o)),
        }
    }

    /// The upper 4 KiB of the ROM bank ROMH shows now.
    pub fn romh_upper(&self) -> Option<&[u8]> {
        let start = (self.bank * BANK + 0x1000) % self.rom.len();
        self.rom.get(start..start + 0x1000)
    }

    /// A write to $8000-$9FFF with the cartridge's lines in a game or Ultimax mode.
    /// Returns whether the C64's RAM takes it too (not in Ultimax mode).
    pub fn write_roml(&mut self, addr: u16, value: u8) -> bool {
        let ultimax = self.mode == Mode::Ultimax;
        let takes = match self.variant {
            Variant::RetroReplay => ultimax && self.export_ram,
            _ => self.export_ram,
        };
        if takes {
            let i = self.ram_index(usize::from(addr), true);
            self.ram[i] = value;
        }
        !ultimax
    }

    /// A write to ROMH's area while ROMH is mapped. Returns whether the C64's RAM takes it.
    pub fn write_romh(&mut self, addr: u16, value: u8) -> bool {
        let o = usize::from(addr);
        match self.variant {
            Variant::AtomicPower if self.ram_at_a000 => {
                self.ram[o & (BANK - 1)] = value;
                false
            }
            Variant::NordicReplay if self.ram_at_a000 => {
                let i = self.ram_index(o, self.allow_bank);
                self.ram[i] = value;
                false
            }
            _ => self.mode != Mode::Ultimax,
        }
    }

    /// A read of I/O 1: the Retro Replay's state at $DE00/$DE01, and its REU-compatible
    /// window at $DE02-$DEFF.
    pub fn read_io1(&self, addr: u16) -> Option<u8> {
        if !self.active || !self.replay() {
            return None;
        }
        let reg = usize::from(addr & 0xFF);
        if reg < 2 {
            let b = self.bank;
            return Some(
                (((b & 3) << 3) | ((b & 4) << 5)) as u8
                    | u8::from(self.allow_bank) << 1
                    | u8::from(self.reu_mapping) << 6,
            );
        }
        if !self.reu_mapping {
            return None;
        }
        self.window(0x1E00 + reg)
    }

    /// The page of RAM or ROM the I/O window shows (None: nothing).
    fn window(&self, offset: usize) -> Option<u8> {
        if self.export_ram || self.ram_at_a000 {
            let banked = if self.replay() {
                self.allow_bank
            } else {
                false
            };
            return Some(self.ram[self.ram_index(offset, banked)]);
        }
        if self.replay() && matches!(self.mode, Mode::Ultimax | Mode::Game16k) {
            return None;
        }
        Some(self.rom_at(self.bank, offset))
    }

    /// A read of I/O 2.
    pub fn read_io2(&self, addr: u16) -> Option<u8> {
        if !self.active || self.reu_mapping {
            return None;
        }
        self.window(0x1F00 + usize::from(addr & 0xFF))
    }

    fn write_window(&mut self, offset: usize, value: u8) {
        let ram_on = match self.variant {
            Variant::ActionReplay | Variant::RetroReplay => self.export_ram,
            _ => self.export_ram || self.ram_at_a000,
        };
        if ram_on {
            let banked = self.replay() && self.allow_bank;
            let i = self.ram_index(offset, banked);
            self.ram[i] = value;
        }
    }

    /// A write to I/O 1. Returns whether the memory map may have changed.
    pub fn write_io1(&mut self, addr: u16, value: u8) -> bool {
        if !self.active {
            return false;
        }
        let reg = addr & 0xFF;
        if self.replay() {
            match reg {
                0 => self.control(value),
                1 => {
                    if !self.write_once {
                        self.allow_bank = value & 2 != 0;
                        self.reu_mapping = value & 0x40 != 0;
                        self.write_once = true;
                    }
                    self.bank = usize::from(((value >> 3) & 3) | ((value >> 5) & 4));
                }
                _ if self.reu_mapping => self.write_window(0x1E00 + usize::from(reg), value),
                _ => {}
            }
            return reg < 2;
        }
        // The Action Replay and Atomic Power decode only I/O 1 as a whole.
        self.control(value);
        true
    }

    /// $DE00.
    fn control(&mut self, value: u8) {
        let lines = match value & 3 {
            0 => Mode::Game8k,
            1 => Mode::Game16k,
            2 => Mode::Off,
            _ => Mode::Ultimax,
        };
        self.bank = usize::from((value >> 3) & 3);
        if self.replay() {
            self.bank |= usize::from((value >> 5) & 4);
        }
        self.mode = lines;
        self.export_ram = value & 0x20 != 0;
        self.ram_at_a000 = false;
        self.contended = false;
        match self.variant {
            Variant::ActionReplay if value & 0x23 == 0x22 => {
                self.mode = Mode::Game8k;
                self.contended = true;
            }
            Variant::AtomicPower if value & 0xE7 == 0x22 => {
                self.mode = Mode::Game16k;
                self.export_ram = false;
                self.ram_at_a000 = true;
            }
            Variant::NordicReplay if value & 0x67 == 0x22 => {
                self.mode = Mode::Game16k;
                self.export_ram = false;
                self.ram_at_a000 = true;
            }
            Variant::RetroReplay if value & 0x67 == 0x22 => {
                self.mode = Mode::Off;
                self.ram_at_a000 = true;
            }
            _ => {}
        }
        if value & 4 != 0 {
            self.active = false;
        }
    }

    /// A write to I/O 2.
    pub fn write_io2(&mut self, addr: u16, value: u8) {
        if self.active && !self.reu_mapping {
            self.write_window(0x1F00 + usize::from(addr & 0xFF), value);
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(Variant {
    ActionReplay,
    AtomicPower,
    RetroReplay,
    NordicReplay
});
c64state::persist!(Freezer {
    variant,
    rom,
    ram,
    active,
    mode,
    bank,
    export_ram,
    ram_at_a000,
    allow_bank,
    reu_mapping,
    write_once,
    contended
});

#[cfg(test)]
mod tests {
    use super::*;

    fn banks(n: usize) -> Vec<Vec<u8>> {
        (0..n).map(|b| vec![0x10 + b as u8; BANK]).collect()
    }

    #[test]
    fn the_action_replay_banks_rom_and_maps_its_ram() {
        let mut ar = Freezer::new(Variant::ActionReplay, &banks(4));
        assert_eq!(
            (ar.mode(), ar.read_roml(0x8000)),
            (Mode::Game8k, Some(0x10))
        );
        ar.write_io1(0xDE00, 0x18); // bank 3
        assert_eq!(
            (ar.read_roml(0x9FFF), ar.read_io2(0xDF00)),
            (Some(0x13), Some(0x13))
        );
        ar.write_io1(0xDE00, 0x20); // RAM at ROML, 8K
        assert!(ar.write_roml(0x8123, 0x77));
        assert_eq!(ar.read_roml(0x8123), Some(0x77));
        ar.write_io2(0xDF05, 0x66);
        assert_eq!(ar.read_roml(0x9F05), Some(0x66));
        ar.write_io1(0xDE00, 0x23); // Ultimax, RAM: the C64's RAM takes no writes
        assert!(!ar.write_roml(0x8000, 1));
        ar.write_io1(0xDE00, 0x04); // off until reset
        ar.write_io1(0xDE00, 0x00);
        assert_eq!(ar.read_io2(0xDF00), None);
    }

    #[test]
    fn the_retro_replay_reads_back_its_state_and_writes_de01_once() {
        let mut rr = Freezer::new(Variant::RetroReplay, &banks(8));
        rr.write_io1(0xDE00, 0x80 | 0x18); // bank 7
        assert_eq!(rr.read_roml(0x8000), Some(0x17));
        assert_eq!(rr.read_io1(0xDE00), Some(0x98));
        rr.write_io1(0xDE01, 0x42); // AllowBank, REU mapping
        rr.write_io1(0xDE01, 0x00); // bank 0; the once-bits stay
        assert_eq!(rr.read_io1(0xDE01), Some(0x42));
        // In 8K mode a plain Retro Replay's RAM takes no writes; in Ultimax it does.
        rr.write_io1(0xDE00, 0x20);
        rr.write_roml(0x8000, 0x55);
        assert_eq!(rr.read_roml(0x8000), Some(0x00));
        rr.write_io1(0xDE00, 0x23);
        rr.write_roml(0x8000, 0x55);
        assert_eq!(rr.read_roml(0x8000), Some(0x55));
        assert_eq!(rr.read_io1(0xDE02), Some(rr.ram[0x1E02]));
        assert_eq!(rr.read_io2(0xDF00), None);
    }
}
