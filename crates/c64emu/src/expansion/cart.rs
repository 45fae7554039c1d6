//! Cartridges: the ROM banks a CRT file brings and the bank-switching logic of its
//! hardware type. A cartridge drives the expansion port's EXROM and GAME lines (which
//! the PLA turns into a memory map, see `Mode`), answers ROML ($8000-$9FFF) and ROMH
//! ($A000-$BFFF, or $E000-$FFFF in Ultimax mode) when the PLA selects them, and may have
//! registers in I/O 1 ($DE00-$DEFF) and I/O 2 ($DF00-$DFFF).

use super::ExpansionError;
use super::crt::Crt;
use super::flash::Flash;
use super::freezer::{Freezer, Variant};

const BANK: usize = 0x2000;

/// The memory configuration the EXROM and GAME lines select.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Both lines high: the cartridge's ROMs are not mapped.
    Off,
    /// EXROM low: ROML at $8000-$9FFF (with LORAM and HIRAM set).
    Game8k,
    /// EXROM and GAME low: ROML at $8000, ROMH at $A000.
    Game16k,
    /// GAME low: ROML at $8000, ROMH at $E000, most of the rest unmapped.
    Ultimax,
}

impl Mode {
    /// The mode the lines select (true: the line is high).
    pub fn from_lines(exrom: bool, game: bool) -> Mode {
        match (exrom, game) {
            (true, true) => Mode::Off,
            (false, true) => Mode::Game8k,
            (false, false) => Mode::Game16k,
            (true, false) => Mode::Ultimax,
        }
    }
}

/// The hardware types c64kit runs (CRT hardware type numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 0: plain ROM, the header's lines fixed.
    Generic,
    /// 5: $DE00 selects an 8 KiB bank (bits 0-5).
    Ocean,
    /// 8: $DF00 selects a 16 KiB bank (bits 0-1), bit 2 switches the ROM off, bit 3
    /// locks the register until reset.
    SuperGames,
    /// 19: $DE00 selects an 8 KiB bank (bits 0-6); bit 7 switches the ROM off.
    MagicDesk,
    /// 32: $DE00 bank (0-63), $DE02 mode, 256 bytes of RAM at $DF00.
    EasyFlash,
    /// 53: Pagefox: $DE80-$DEFF bit 1 the 16 KiB half, bits 2-3 the chip (2: its 32
    /// KiB of RAM), bit 4 switches it off; 16K mode.
    Pagefox,
    /// 1, 9, 36: the Action Replay family (`freezer.rs`).
    Freezer(Variant),
}

impl Kind {
    fn from_hardware(hardware: u16, subtype: u8) -> Option<Kind> {
        Some(match hardware {
            0 => Kind::Generic,
            1 => Kind::Freezer(Variant::ActionReplay),
            9 => Kind::Freezer(Variant::AtomicPower),
            36 if subtype == 1 => Kind::Freezer(Variant::NordicReplay),
            36 => Kind::Freezer(Variant::RetroReplay),
            5 => Kind::Ocean,
            8 => Kind::SuperGames,
            19 => Kind::MagicDesk,
            32 => Kind::EasyFlash,
            53 => Kind::Pagefox,
            _ => return None,
        })
    }
}

/// A plugged-in cartridge.
#[derive(Clone, Debug)]
pub struct Cartridge {
    kind: Kind,
    /// ROML images by bank (8 KiB each; smaller images mirrored).
    roml: Vec<Vec<u8>>,
    /// ROMH images by bank.
    romh: Vec<Vec<u8>>,
    /// The mode at power-on.
    reset_mode: Mode,
    mode: Mode,
    bank: usize,
    /// A register write lock (Super Games).
    locked: bool,
    /// EasyFlash's RAM at $DF00.
    ram: Vec<u8>,
    /// A freezer's registers and RAM.
    freezer: Option<Freezer>,
    /// EasyFlash's two flash chips (ROML's, ROMH's): 64 banks of 8 KiB each.
    flash: Option<Box<[Flash; 2]>>,
    /// The name the CRT file gives.
    pub name: String,
}

fn slot(v: &mut Vec<Vec<u8>>, bank: usize) -> &mut Vec<u8> {
    if v.len() <= bank {
        v.resize(bank + 1, Vec::new());
    }
    &mut v[bank]
}

/// An image of up to 8 KiB as a full bank (repeated).
fn mirrored(data: &[u8]) -> Vec<u8> {
    data.iter().copied().cycle().take(BANK).collect()
}

impl Cartridge {
    /// The cartridge a CRT file describes.
    pub fn from_crt(crt: &Crt) -> Result<Cartridge, ExpansionError> {
        let kind = Kind::from_hardware(crt.hardware, crt.subtype).ok_or(
            ExpansionError::UnsupportedCart {
                hardware: crt.hardware,
                name: crt.name.clone(),
            },
        )?;
        let mut roml = Vec::new();
        let mut romh = Vec::new();
        for chip in &crt.chips {
            let bank = usize::from(chip.bank);
            match (chip.load, chip.data.len()) {
                (0x8000, n) if n > BANK => {
                    *slot(&mut roml, bank) = chip.data[..BANK].to_vec();
                    *slot(&mut romh, bank) = mirrored(&chip.data[BANK..]);
                }
                (0x8000..=0x9FFF, _) => *slot(&mut roml, bank) = place(chip.load, &chip.data),
                (0xA000..=0xBFFF | 0xE000..=0xFFFF, _) => {
                    *slot(&mut romh, bank) = place(chip.load, &chip.data)
                }
                _ => {
                    return Err(ExpansionError::BadCrt {
                        offset: 0,
                        why: format!("a chip loads at ${:04X}, not a cartridge area", chip.load),
                    });
                }
            }
        }
        let reset_mode = match kind {
            Kind::EasyFlash => Mode::Ultimax,
            _ => Mode::from_lines(crt.exrom, crt.game),
        };
        let mut cart = Cartridge {
            kind,
            roml,
            romh,
            reset_mode,
            mode: reset_mode,
            bank: 0,
            locked: false,
            ram: vec![
                0;
                match kind {
                    Kind::EasyFlash => 256,
                    Kind::Pagefox => 0x8000,
                    _ => 0,
                }
            ],
            freezer: None,
            flash: None,
            name: crt.name.clone(),
        };
        if kind == Kind::EasyFlash {
            let chip = |banks: &[Vec<u8>]| {
                let mut data = vec![0xFF; 64 * BANK];
                for (b, bank) in banks.iter().enumerate().take(64) {
                    let n = bank.len().min(BANK);
                    data[b * BANK..b * BANK + n].copy_from_slice(&bank[..n]);
                }
                Flash::new(data)
            };
            cart.flash = Some(Box::new([chip(&cart.roml), chip(&cart.romh)]));
        }
        if let Kind::Freezer(v) = kind {
            cart.freezer = Some(Freezer::new(v, &cart.roml));
        }
        cart.reset();
        Ok(cart)
    }

    /// The state after a reset.
    pub fn reset(&mut self) {
        self.mode = self.reset_mode;
        self.bank = 0;
        self.locked = false;
        if let Some(chips) = &mut self.flash {
            chips.iter_mut().for_each(Flash::reset);
        }
        if self.kind == Kind::Pagefox {
            self.write_io1(0xDE80, 0);
        }
        if let Some(f) = &mut self.freezer {
            f.reset();
        }
    }

    /// The lines' mode now.
    pub fn mode(&self) -> Mode {
        match &self.freezer {
            Some(f) => f.mode(),
            None => self.mode,
        }
    }

    /// A write to $8000-$9FFF while the lines select a game or Ultimax mode (the
    /// cartridge sees it whether or not ROML is mapped). Returns whether the C64's RAM
    /// takes it too (it does not in Ultimax mode).
    pub fn write_roml(&mut self, addr: u16, value: u8) -> bool {
        if let Some(i) = self.pagefox_ram(addr, 0) {
            self.ram[i] = value;
        }
        self.flash_write(0, addr, value);
        match &mut self.freezer {
            Some(f) => f.write_roml(addr, value),
            None => self.mode() != Mode::Ultimax,
        }
    }

    /// A write at $A000-$BFFF in 16K mode where ROMH is not mapped (Pagefox's RAM
    /// takes it; the C64's RAM does too).
    pub fn write_ramh(&mut self, addr: u16, value: u8) {
        if self.mode == Mode::Game16k
            && let Some(i) = self.pagefox_ram(addr, BANK)
        {
            self.ram[i] = value;
        }
    }

    /// Where Pagefox's RAM is at `addr` (0: ROML, $2000: ROMH) when it is selected.
    fn pagefox_ram(&self, addr: u16, half: usize) -> Option<usize> {
        (self.kind == Kind::Pagefox && self.bank >> 1 == 2)
            .then(|| ((self.bank & 1) << 14) + half + (usize::from(addr) & (BANK - 1)))
    }

    /// A write where ROMH is mapped. Returns whether the C64's RAM takes it too.
    pub fn write_romh(&mut self, addr: u16, value: u8) -> bool {
        if let Some(i) = self.pagefox_ram(addr, BANK) {
            self.ram[i] = value;
        }
        self.flash_write(1, addr, value);
        match &mut self.freezer {
            Some(f) => f.write_romh(addr, value),
            None => self.mode() != Mode::Ultimax,
        }
    }

    /// A write reaching EasyFlash's flash chip `chip` (0: ROML, 1: ROMH): the PLA
    /// selects ROML and ROMH for writes in Ultimax mode only.
    fn flash_write(&mut self, chip: usize, addr: u16, value: u8) {
        if self.mode != Mode::Ultimax {
            return;
        }
        let at = self.bank * BANK + (usize::from(addr) & (BANK - 1));
        if let Some(chips) = &mut self.flash {
            chips[chip].write(at, value);
        }
    }

    /// A read of EasyFlash's flash chip `chip`.
    fn flash_read(&self, chip: usize, addr: u16) -> Option<u8> {
        let chips = self.flash.as_ref()?;
        Some(chips[chip].read(self.bank * BANK + (usize::from(addr) & (BANK - 1))))
    }

    fn byte(banks: &[Vec<u8>], bank: usize, addr: u16) -> Option<u8> {
        banks
            .get(bank)
            .and_then(|b| b.get(usize::from(addr) & (BANK - 1)))
            .copied()
    }

    /// A read of ROML ($8000-$9FFF); None: nothing drives the bus.
    pub fn read_roml(&self, addr: u16) -> Option<u8> {
        if let Some(f) = &self.freezer {
            return f.read_roml(addr);
        }
        if self.flash.is_some() {
            return self.flash_read(0, addr);
        }
        if let Some(i) = self.pagefox_ram(addr, 0) {
            return Some(self.ram[i]);
        }
        let bank = if self.kind == Kind::Pagefox {
            self.bank & 3
        } else {
            self.bank
        };
        Cartridge::byte(&self.roml, bank, addr)
    }

    /// Whether a read of ROML also gets the C64's RAM below (two drivers on the bus:
    /// the bits read as their OR).
    pub fn roml_contended(&self) -> bool {
        self.freezer.as_ref().is_some_and(Freezer::roml_contended)
    }

    /// A read of ROMH ($A000-$BFFF or $E000-$FFFF).
    pub fn read_romh(&self, addr: u16) -> Option<u8> {
        if let Some(f) = &self.freezer {
            return f.read_romh(addr);
        }
        if self.flash.is_some() {
            return self.flash_read(1, addr);
        }
        if let Some(i) = self.pagefox_ram(addr, BANK) {
            return Some(self.ram[i]);
        }
        let bank = if self.kind == Kind::Pagefox {
            self.bank & 3
        } else {
            self.bank
        };
        match self.kind {
            // Ocean's 16 KiB images keep their upper halves in the ROML banks' list.
            Kind::Ocean if self.romh.is_empty() => Cartridge::byte(&self.roml, bank, addr),
            _ => Cartridge::byte(&self.romh, bank, addr),
        }
    }

    /// Whether the VIC's fetches see the Ultimax map (the lines' mode, but for the
    /// Retro Replay, see `Freezer::vic_ultimax`).
    pub fn vic_ultimax(&self) -> bool {
        match &self.freezer {
            Some(f) => f.vic_ultimax(),
            None => self.mode == Mode::Ultimax,
        }
    }

    /// The upper 4 KiB of the ROMH bank selected now ($F000-$FFFF in Ultimax mode).
    pub fn romh_upper(&self) -> Option<&[u8]> {
        if let Some(f) = &self.freezer {
            return f.romh_upper();
        }
        if let Some(chips) = &self.flash {
            let start = self.bank * BANK + 0x1000;
            return chips[1].array().get(start..start + 0x1000);
        }
        let bank = if self.kind == Kind::Pagefox {
            self.bank & 3
        } else {
            self.bank
        };
        let banks = match self.kind {
            Kind::Ocean if self.romh.is_empty() => &self.roml,
            _ => &self.romh,
        };
        banks.get(bank).and_then(|b| b.get(0x1000..0x2000))
    }

    /// A read of I/O 1 ($DE00-$DEFF); None: the cartridge does not answer.
    pub fn read_io1(&self, addr: u16) -> Option<u8> {
        self.freezer.as_ref().and_then(|f| f.read_io1(addr))
    }

    /// A read of I/O 2 ($DF00-$DFFF).
    pub fn read_io2(&self, addr: u16) -> Option<u8> {
        if let Some(f) = &self.freezer {
            return f.read_io2(addr);
        }
        match self.kind {
            Kind::EasyFlash => Some(self.ram[usize::from(addr & 0xFF)]),
            _ => None,
        }
    }

    /// A write to I/O 1. Returns whether the memory map may have changed.
    pub fn write_io1(&mut self, addr: u16, value: u8) -> bool {
        if let Some(f) = &mut self.freezer {
            return f.write_io1(addr, value);
        }
        match self.kind {
            Kind::Ocean => self.bank = usize::from(value & 0x3F),
            Kind::MagicDesk => {
                self.bank = usize::from(value & 0x7F);
                self.mode = if value & 0x80 != 0 {
                    Mode::Off
                } else {
                    Mode::Game8k
                };
            }
            Kind::EasyFlash => {
                if addr & 2 == 0 {
                    self.bank = usize::from(value & 0x3F);
                } else {
                    // Bit 2 set: bits 1 (EXROM, active high) and 0 (GAME) drive the
                    // lines; clear: GAME follows the boot jumper (Ultimax at boot).
                    let exrom = value & 2 != 0;
                    let game = value & 4 == 0 || value & 1 != 0;
                    self.mode = Mode::from_lines(!exrom, !game);
                }
            }
            Kind::Pagefox if addr & 0x80 != 0 => {
                // The chip (bits 2-3) and half (bit 1) as one bank number.
                self.bank = usize::from((value >> 1) & 7);
                self.mode = if value & 0x10 != 0 {
                    Mode::Off
                } else {
                    Mode::Game16k
                };
            }
            Kind::Generic | Kind::SuperGames | Kind::Pagefox | Kind::Freezer(_) => return false,
        }
        true
    }

    /// A write to I/O 2. Returns whether the memory map may have changed.
    pub fn write_io2(&mut self, addr: u16, value: u8) -> bool {
        if let Some(f) = &mut self.freezer {
            f.write_io2(addr, value);
            return false;
        }
        match self.kind {
            Kind::EasyFlash => {
                self.ram[usize::from(addr & 0xFF)] = value;
                false
            }
            Kind::SuperGames if !self.locked => {
                self.bank = usize::from(value & 3);
                self.mode = if value & 4 != 0 {
                    Mode::Off
                } else {
                    Mode::Game16k
                };
                self.locked = value & 8 != 0;
                true
            }
            _ => false,
        }
    }
}

/// An image loaded at `load` within its 8 KiB area, the rest mirrored.
fn place(load: u16, data: &[u8]) -> Vec<u8> {
    let offset = usize::from(load) & (BANK - 1);
    if offset == 0 {
        return mirrored(data);
    }
    let mut bank = mirrored(data);
    bank.rotate_right(offset);
    bank
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist_enum!(Mode {
    Off,
    Game8k,
    Game16k,
    Ultimax
});
impl c64state::Persist for Kind {
    fn save(&self, w: &mut c64state::Writer) {
        let (tag, variant) = match self {
            Kind::Generic => (0, None),
            Kind::Ocean => (1, None),
            Kind::SuperGames => (2, None),
            Kind::MagicDesk => (3, None),
            Kind::EasyFlash => (4, None),
            Kind::Pagefox => (5, None),
            Kind::Freezer(v) => (6, Some(v)),
        };
        w.put(&[tag]);
        if let Some(v) = variant {
            v.save(w);
        }
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        let [tag] = r.array::<1>()?;
        *self = match tag {
            0 => Kind::Generic,
            1 => Kind::Ocean,
            2 => Kind::SuperGames,
            3 => Kind::MagicDesk,
            4 => Kind::EasyFlash,
            5 => Kind::Pagefox,
            6 => {
                let mut v = Variant::ActionReplay;
                v.load(r)?;
                Kind::Freezer(v)
            }
            _ => return Err(c64state::Error::Invalid("an unknown cartridge type")),
        };
        Ok(())
    }
}

impl c64state::Persist for Cartridge {
    fn save(&self, w: &mut c64state::Writer) {
        let Cartridge {
            kind,
            roml,
            romh,
            reset_mode,
            mode,
            bank,
            locked,
            ram,
            freezer,
            flash,
            name,
        } = self;
        kind.save(w);
        roml.save(w);
        romh.save(w);
        reset_mode.save(w);
        mode.save(w);
        bank.save(w);
        locked.save(w);
        ram.save(w);
        c64state::save_present(freezer, w);
        c64state::save_present(flash, w);
        name.save(w);
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        let Cartridge {
            kind,
            roml,
            romh,
            reset_mode,
            mode,
            bank,
            locked,
            ram,
            freezer,
            flash,
            name,
        } = self;
        kind.load(r)?;
        roml.load(r)?;
        romh.load(r)?;
        reset_mode.load(r)?;
        mode.load(r)?;
        bank.load(r)?;
        locked.load(r)?;
        ram.load(r)?;
        c64state::load_present(freezer, r, "a freezer cartridge the machine does not have")?;
        c64state::load_present(flash, r, "EasyFlash chips the machine does not have")?;
        name.load(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expansion::crt::tests::crt_file;

    fn cart(hardware: u16, exrom: u8, game: u8, chips: &[(u16, u16, &[u8])]) -> Cartridge {
        Cartridge::from_crt(&Crt::parse(&crt_file(hardware, exrom, game, chips)).unwrap()).unwrap()
    }

    #[test]
    fn generic_cartridges_take_their_mode_from_the_header() {
        let rom: Vec<u8> = (0..0x4000).map(|i| (i >> 8) as u8).collect();
        let c = cart(0, 0, 0, &[(0, 0x8000, &rom)]);
        assert_eq!(c.mode(), Mode::Game16k);
        assert_eq!(
            (c.read_roml(0x8100), c.read_romh(0xA100)),
            (Some(0x01), Some(0x21))
        );
        let c = cart(0, 0, 1, &[(0, 0x8000, &rom[..0x2000])]);
        assert_eq!(c.mode(), Mode::Game8k);
        // A 4 KiB Ultimax image at $F000 appears at $F000 (and mirrored at $E000).
        let c = cart(0, 1, 0, &[(0, 0xF000, &rom[..0x1000])]);
        assert_eq!(c.mode(), Mode::Ultimax);
        assert_eq!(
            (c.read_romh(0xF0FF), c.read_romh(0xE0FF)),
            (Some(0x00), Some(0x00))
        );
        assert_eq!(c.read_romh(0xFFFF), Some(0x0F));
    }

    #[test]
    fn bank_switching_cartridges_follow_their_registers() {
        let banks: Vec<Vec<u8>> = (0..4).map(|b| vec![b as u8; 0x2000]).collect();
        let chips: Vec<(u16, u16, &[u8])> = banks
            .iter()
            .enumerate()
            .map(|(b, d)| (b as u16, 0x8000, d.as_slice()))
            .collect();
        let mut md = cart(19, 0, 1, &chips);
        assert!(md.write_io1(0xDE00, 3));
        assert_eq!((md.mode(), md.read_roml(0x8000)), (Mode::Game8k, Some(3)));
        md.write_io1(0xDE00, 0x80);
        assert_eq!(md.mode(), Mode::Off);
        let mut oc = cart(5, 0, 1, &chips);
        oc.write_io1(0xDE00, 2);
        assert_eq!(oc.read_roml(0x9FFF), Some(2));
        let mut ef = cart(32, 1, 0, &chips);
        assert_eq!(ef.mode(), Mode::Ultimax);
        ef.write_io1(0xDE02, 0x07); // mode bit, EXROM and GAME asserted: 16K
        assert_eq!(ef.mode(), Mode::Game16k);
        ef.write_io1(0xDE02, 0x04); // neither line: cartridge off
        assert_eq!(ef.mode(), Mode::Off);
        ef.write_io2(0xDF42, 0x99);
        assert_eq!(ef.read_io2(0xDF42), Some(0x99));
    }

    #[test]
    fn pagefox_switches_between_rom_banks_and_its_ram() {
        let banks: Vec<Vec<u8>> = (0..4).map(|b| vec![0x40 + b as u8; 0x4000]).collect();
        let chips: Vec<(u16, u16, &[u8])> = banks
            .iter()
            .enumerate()
            .map(|(b, d)| (b as u16, 0x8000, d.as_slice()))
            .collect();
        let mut pf = cart(53, 0, 0, &chips);
        assert_eq!(
            (pf.mode(), pf.read_romh(0xA000)),
            (Mode::Game16k, Some(0x40))
        );
        pf.write_io1(0xDE80, 0x02); // chip 0, second half: bank 1
        assert_eq!(pf.read_roml(0x8000), Some(0x41));
        pf.write_io1(0xDE80, 0x0A); // chip 2 (RAM), second half
        assert!(pf.write_roml(0x8001, 0x12));
        pf.write_ramh(0xA002, 0x34);
        assert_eq!(
            (pf.read_roml(0x8001), pf.read_romh(0xA002)),
            (Some(0x12), Some(0x34))
        );
        assert_eq!(pf.ram[0x4001], 0x12);
        pf.write_io1(0xDE80, 0x10);
        assert_eq!(pf.mode(), Mode::Off);
    }

    #[test]
    fn easyflash_programs_its_flash_in_ultimax_mode_only() {
        let banks: Vec<Vec<u8>> = (0..2).map(|b| vec![0x70 + b as u8; 0x2000]).collect();
        let mut ef = cart(32, 1, 0, &[(0, 0x8000, &banks[0]), (1, 0xA000, &banks[1])]);
        // Bank 1's ROML is erased flash; ROMH of bank 1 holds $71.
        ef.write_io1(0xDE00, 1);
        assert_eq!(
            (ef.read_roml(0x8000), ef.read_romh(0xE000)),
            (Some(0xFF), Some(0x71))
        );
        // Unlock and program $8123 of bank 1 ($2123 in the chip) in Ultimax mode.
        let program = |ef: &mut Cartridge, addr: u16, value: u8| {
            ef.write_roml(0x8555, 0xAA);
            ef.write_roml(0x82AA, 0x55);
            ef.write_roml(0x8555, 0xA0);
            ef.write_roml(addr, value);
        };
        program(&mut ef, 0x8123, 0x3C);
        assert_eq!(ef.read_roml(0x8123), Some(0x3C));
        // In 16K mode the PLA does not select ROML for writes: nothing is programmed.
        ef.write_io1(0xDE02, 0x07);
        program(&mut ef, 0x8124, 0x00);
        assert_eq!(ef.read_roml(0x8124), Some(0xFF));
        // Autoselect on the ROMH chip: AMD, Am29F040.
        ef.write_io1(0xDE02, 0x05);
        ef.write_romh(0xE555, 0xAA);
        ef.write_romh(0xE2AA, 0x55);
        ef.write_romh(0xE555, 0x90);
        assert_eq!(
            (ef.read_romh(0xE000), ef.read_romh(0xE001)),
            (Some(0x01), Some(0xA4))
        );
        // The VIC sees ROMH's upper 4 KiB in Ultimax mode (the array, bank 1).
        ef.write_romh(0xE000, 0xF0);
        assert_eq!(ef.romh_upper().map(|r| r[0]), Some(0x71));
    }

    #[test]
    fn the_vic_sees_ultimax_mode_through_the_action_replay_not_the_retro_replay() {
        let rom = vec![0x5Au8; 0x2000];
        let mut ar = cart(1, 0, 1, &[(0, 0x8000, &rom)]);
        let mut rr = cart(36, 0, 1, &[(0, 0x8000, &rom)]);
        for c in [&mut ar, &mut rr] {
            c.write_io1(0xDE00, 0x03);
            assert_eq!(c.mode(), Mode::Ultimax);
        }
        assert!(ar.vic_ultimax());
        assert!(!rr.vic_ultimax());
    }

    #[test]
    fn the_action_replay_value_22_drives_its_ram_beside_the_c64s() {
        let rom = vec![0u8; 0x8000];
        let mut ar = cart(1, 0, 1, &[(0, 0x8000, &rom[..0x2000])]);
        ar.write_io1(0xDE00, 0x23);
        ar.write_roml(0x8000, 0x12);
        assert!(!ar.roml_contended());
        ar.write_io1(0xDE00, 0x22);
        assert!(ar.roml_contended());
        assert_eq!(
            (ar.mode(), ar.read_roml(0x8000)),
            (Mode::Game8k, Some(0x12))
        );
    }
}
