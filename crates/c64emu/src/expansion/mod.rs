//! What is plugged into the expansion port: a cartridge (from a CRT file), an REU, a
//! GeoRAM, a Double Quick Brown Box, a RamCart, an Isepic; and the +60K or +256K
//! fitted inside the machine (their latch at $D100, their banks of RAM). The bus asks this module about I/O 1 ($DE00-$DEFF) and I/O 2
//! ($DF00-$DFFF), about the EXROM/GAME lines (which the PLA turns into the memory map),
//! about ROML/ROMH when the map selects them, and runs the REU's DMA.

pub mod cart;
pub mod crt;
pub mod dqbb;
pub mod flash;
pub mod freezer;
pub mod georam;
pub mod isepic;
pub mod plus256k;
pub mod plus60k;
pub mod ramcart;
pub mod reu;

use std::fmt;

pub use cart::{Cartridge, Mode};
pub use crt::Crt;
pub use dqbb::{DQBB_SIZES, Dqbb};
pub use georam::GeoRam;
pub use isepic::Isepic;
pub use plus60k::Plus60k;
pub use plus256k::Plus256k;
pub use ramcart::{RAMCART_SIZES, RamCart};
pub use reu::{DmaBus, Reu};

/// An expansion that cannot be plugged in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpansionError {
    /// The CRT file is malformed at this offset.
    BadCrt {
        /// Where in the file.
        offset: usize,
        /// What is wrong there.
        why: String,
    },
    /// The CRT file's hardware type is not emulated.
    UnsupportedCart {
        /// The CRT header's hardware type.
        hardware: u16,
        /// The cartridge's name.
        name: String,
    },
    /// A size the device does not come in.
    BadSize {
        /// "REU", "GeoRAM", "DQBB", "RamCart".
        device: &'static str,
        /// The size as given.
        size: String,
    },
}

impl fmt::Display for ExpansionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpansionError::BadCrt { offset, why } => {
                write!(f, "bad CRT file at offset ${offset:X}: {why}")
            }
            ExpansionError::UnsupportedCart { hardware, name } => write!(
                f,
                "cartridge hardware type {hardware} ({name:?}) is not emulated; c64kit runs \
                 types 0 (generic 8K/16K/Ultimax), 1 (Action Replay), 5 (Ocean), 8 (Super \
                 Games), 9 (Atomic Power), 19 (Magic Desk), 32 (EasyFlash), 36 (Retro \
                 Replay) and 53 (Pagefox)"
            ),
            ExpansionError::BadSize { device, size } => {
                write!(f, "{device} size {size:?} is not one the device comes in")
            }
        }
    }
}

impl std::error::Error for ExpansionError {}

/// Parses an expansion size: `512k`, `1m`, `16M`... in bytes, if one of `allowed` (KiB).
pub fn parse_size(
    device: &'static str,
    text: &str,
    allowed: &[usize],
) -> Result<usize, ExpansionError> {
    let bad = || ExpansionError::BadSize {
        device,
        size: text.to_string(),
    };
    let t = text.trim().to_ascii_lowercase();
    let t = t.strip_suffix('b').unwrap_or(&t);
    let (num, unit) = match t.strip_suffix('k') {
        Some(n) => (n, 1),
        None => match t.strip_suffix('m') {
            Some(n) => (n, 1024),
            None => (t, 1),
        },
    };
    let kib = num.parse::<usize>().map_err(|_| bad())? * unit;
    if allowed.contains(&kib) {
        Ok(kib * 1024)
    } else {
        Err(bad())
    }
}

/// REU sizes (KiB): the 1700, 1764, 1750 and larger units.
pub const REU_SIZES: [usize; 8] = [128, 256, 512, 1024, 2048, 4096, 8192, 16384];
/// GeoRAM sizes (KiB).
pub const GEORAM_SIZES: [usize; 4] = [512, 1024, 2048, 4096];

/// The devices on the expansion port.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// A cartridge (ROML/ROMH, its I/O registers).
    pub cart: Option<Cartridge>,
    /// An REU (registers in I/O 2, DMA).
    pub reu: Option<Reu>,
    /// A GeoRAM (window in I/O 1, registers in I/O 2).
    pub georam: Option<GeoRam>,
    /// A Double Quick Brown Box (register in I/O 1, RAM as ROML/ROMH).
    pub dqbb: Option<Dqbb>,
    /// A RamCart (registers in I/O 1, window in I/O 2).
    pub ramcart: Option<RamCart>,
    /// An Isepic (page picked by I/O 1 addresses, window in I/O 2).
    pub isepic: Option<Isepic>,
    /// A +60K inside the machine (latch at $D100, the bus banks its RAM).
    pub plus60k: Option<Plus60k>,
    /// A +256K inside the machine (latch at $D100, the bus banks its RAM).
    pub plus256k: Option<Plus256k>,
}

impl Expansion {
    /// Whether anything is plugged in.
    pub fn any(&self) -> bool {
        let Expansion {
            cart,
            reu,
            georam,
            dqbb,
            ramcart,
            isepic,
            plus60k,
            plus256k,
        } = self;
        cart.is_some()
            || reu.is_some()
            || georam.is_some()
            || dqbb.is_some()
            || ramcart.is_some()
            || isepic.is_some()
            || plus60k.is_some()
            || plus256k.is_some()
    }

    /// Whether a +60K or +256K has its latch at $D100-$D1FF.
    pub fn has_latch(&self) -> bool {
        self.plus60k.is_some() || self.plus256k.is_some()
    }

    /// A write to the +60K's or +256K's latch.
    pub fn write_latch(&mut self, value: u8) {
        if let Some(p) = &mut self.plus60k {
            p.write_latch(value);
        }
        if let Some(p) = &mut self.plus256k {
            p.write_latch(value);
        }
    }

    /// The lowest address at which the CPU's RAM is not the C64's own (the latch
    /// picked another bank); None: nowhere.
    pub fn banked_from(&self) -> Option<u16> {
        if let Some(p) = &self.plus256k {
            return p.banked_from();
        }
        let p = self.plus60k.as_ref()?;
        p.bank1().then_some(plus60k::PLUS60K_FROM)
    }

    /// The RAM byte the CPU reaches at `addr` when it is not the C64's own.
    pub fn banked_read(&self, addr: u16) -> Option<u8> {
        if let Some(p) = &self.plus256k {
            return p.read(addr);
        }
        let p = self.plus60k.as_ref()?;
        (p.bank1() && addr >= plus60k::PLUS60K_FROM).then(|| p.read(addr))
    }

    /// The RAM byte the CPU reaches at `addr` when it is not the C64's own, to write.
    pub fn banked_slot(&mut self, addr: u16) -> Option<&mut u8> {
        if let Some(p) = &mut self.plus256k {
            return p.slot(addr);
        }
        let p = self.plus60k.as_mut()?;
        (p.bank1() && addr >= plus60k::PLUS60K_FROM).then(|| p.slot(addr))
    }

    /// The 64 KiB the VIC fetches from when it is not the C64's own RAM.
    pub fn vic_ram(&self) -> Option<&[u8; 0x10000]> {
        self.plus256k.as_ref().and_then(Plus256k::vic_ram)
    }

    /// The memory mode the EXROM and GAME lines select (a cartridge's lines win over
    /// a DQBB's).
    pub fn mode(&self) -> Mode {
        match (&self.cart, &self.dqbb) {
            (Some(c), _) => c.mode(),
            (None, Some(d)) => d.mode(),
            (None, None) => Mode::Off,
        }
    }

    /// A read of ROML ($8000-$9FFF) where the map selects it; None: nothing drives
    /// the bus.
    pub fn read_roml(&self, addr: u16) -> Option<u8> {
        match (&self.cart, &self.dqbb) {
            (Some(c), _) => c.read_roml(addr),
            (None, Some(d)) => Some(d.read_roml(addr)),
            (None, None) => None,
        }
    }

    /// A read of ROMH ($A000-$BFFF, or $E000-$FFFF in Ultimax mode).
    pub fn read_romh(&self, addr: u16) -> Option<u8> {
        match (&self.cart, &self.dqbb) {
            (Some(c), _) => c.read_romh(addr),
            (None, Some(d)) => Some(d.read_romh(addr)),
            (None, None) => None,
        }
    }

    /// Whether a read of ROML also gets the C64's RAM below (see `Cartridge`).
    pub fn roml_contended(&self) -> bool {
        self.cart.as_ref().is_some_and(Cartridge::roml_contended)
    }

    /// A write to $8000-$9FFF in a game or Ultimax mode. Returns whether the C64's
    /// RAM takes it too.
    pub fn write_roml(&mut self, addr: u16, value: u8) -> bool {
        match (&mut self.cart, &mut self.dqbb) {
            (Some(c), _) => c.write_roml(addr, value),
            (None, Some(d)) => {
                d.write_roml(addr, value);
                true
            }
            (None, None) => true,
        }
    }

    /// A write where ROMH is mapped. Returns whether the C64's RAM takes it too.
    pub fn write_romh(&mut self, addr: u16, value: u8) -> bool {
        match (&mut self.cart, &mut self.dqbb) {
            (Some(c), _) => c.write_romh(addr, value),
            (None, Some(d)) => {
                d.write_romh(addr, value);
                true
            }
            (None, None) => true,
        }
    }

    /// A write at $A000-$BFFF in 16K mode where ROMH is not mapped (the C64's RAM
    /// takes it).
    pub fn write_ramh(&mut self, addr: u16, value: u8) {
        if let Some(c) = &mut self.cart {
            c.write_ramh(addr, value);
        }
    }

    /// In Ultimax mode: the 4 KiB of ROMH the VIC sees at $3000-$3FFF of each bank.
    pub fn vic_romh(&self) -> Option<&[u8]> {
        let cart = self.cart.as_ref()?;
        cart.vic_ultimax().then(|| cart.romh_upper()).flatten()
    }

    /// The same for the VIC's accesses in the CPU's half of the cycle: whenever the
    /// lines select Ultimax mode.
    pub fn vic_romh_phi2(&self) -> Option<&[u8]> {
        let cart = self.cart.as_ref()?;
        (cart.mode() == Mode::Ultimax)
            .then(|| cart.romh_upper())
            .flatten()
    }

    /// Everything as after a reset.
    pub fn reset(&mut self) {
        if let Some(c) = &mut self.cart {
            c.reset();
        }
        if let Some(r) = &mut self.reu {
            r.reset();
        }
        if let Some(g) = &mut self.georam {
            g.reset();
        }
        if let Some(d) = &mut self.dqbb {
            d.reset();
        }
        if let Some(r) = &mut self.ramcart {
            r.reset();
        }
        if let Some(i) = &mut self.isepic {
            i.reset();
        }
        if let Some(p) = &mut self.plus60k {
            p.reset();
        }
        if let Some(p) = &mut self.plus256k {
            p.reset();
        }
    }

    /// A read of I/O 1 or 2 without side effects; None: nothing answers. The bits
    /// `undriven` names are 0 here: the bus puts what it holds there.
    pub fn peek_io(&self, addr: u16) -> Option<u8> {
        if addr < 0xDF00 {
            if let Some(g) = &self.georam {
                return Some(g.read_io1(addr));
            }
            if let Some(r) = &self.ramcart {
                return Some(r.read_io1(addr));
            }
            self.cart.as_ref().and_then(|c| c.read_io1(addr))
        } else {
            if let Some(r) = &self.reu {
                return Some(r.peek(addr));
            }
            if let Some(r) = &self.ramcart {
                return Some(r.read_io2(addr));
            }
            if let Some(v) = self.isepic.as_ref().and_then(|i| i.read_io2(addr)) {
                return Some(v);
            }
            self.cart.as_ref().and_then(|c| c.read_io2(addr))
        }
    }

    /// The bits of a read of `addr` (I/O 1 or 2) that the device answering does not
    /// drive (RamCart's $DE01 drives bits 0 and 7 only).
    pub fn undriven(&self, addr: u16) -> u8 {
        match &self.ramcart {
            Some(r) if addr < 0xDF00 && self.georam.is_none() => r.undriven_io1(addr),
            _ => 0,
        }
    }

    /// A read of I/O 1 or 2 by the CPU.
    pub fn read_io(&mut self, addr: u16) -> Option<u8> {
        if addr >= 0xDF00
            && let Some(r) = &mut self.reu
        {
            return Some(r.read(addr));
        }
        if addr < 0xDF00
            && let Some(i) = &mut self.isepic
        {
            i.touch_io1(addr);
        }
        self.peek_io(addr)
    }

    /// A write to I/O 1 or 2 in cycle `t`. Returns (the memory map may have changed, an
    /// REU transfer starts).
    pub fn write_io(&mut self, addr: u16, value: u8, t: u64) -> (bool, bool) {
        let mut remap = false;
        let mut dma = false;
        if addr < 0xDF00 {
            if let Some(g) = &mut self.georam {
                g.write_io1(addr, value);
            }
            if let Some(r) = &mut self.ramcart {
                r.write_io1(addr, value);
            }
            if let Some(i) = &mut self.isepic {
                i.touch_io1(addr);
            }
            if let Some(d) = &mut self.dqbb {
                d.write_io1(value);
                remap = true;
            }
            if let Some(c) = &mut self.cart {
                remap = c.write_io1(addr, value) || remap;
            }
        } else {
            if let Some(r) = &mut self.reu {
                dma = r.write(addr, value, t);
            }
            if let Some(g) = &mut self.georam {
                g.write_io2(addr, value);
            }
            if let Some(r) = &mut self.ramcart {
                r.write_io2(addr, value);
            }
            if let Some(i) = &mut self.isepic {
                i.write_io2(addr, value);
            }
            if let Some(c) = &mut self.cart {
                remap = c.write_io2(addr, value);
            }
        }
        (remap, dma)
    }

    /// Whether a write to $FF00 would start an REU transfer.
    pub fn ff00_armed(&self) -> bool {
        self.reu.as_ref().is_some_and(Reu::armed)
    }
}

// Snapshot files (c64state): the devices are those plugged in (a snapshot holds their
// state, not the devices: undump onto a machine with the same ones).
impl c64state::Persist for Expansion {
    fn save(&self, w: &mut c64state::Writer) {
        let Expansion {
            cart,
            reu,
            georam,
            dqbb,
            ramcart,
            isepic,
            plus60k,
            plus256k,
        } = self;
        c64state::save_present(cart, w);
        c64state::save_present(reu, w);
        c64state::save_present(georam, w);
        c64state::save_present(dqbb, w);
        c64state::save_present(ramcart, w);
        c64state::save_present(isepic, w);
        c64state::save_present(plus60k, w);
        c64state::save_present(plus256k, w);
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        let Expansion {
            cart,
            reu,
            georam,
            dqbb,
            ramcart,
            isepic,
            plus60k,
            plus256k,
        } = self;
        c64state::load_present(
            cart,
            r,
            "a cartridge: the machine's and the snapshot's differ",
        )?;
        c64state::load_present(reu, r, "an REU: the machine's and the snapshot's differ")?;
        c64state::load_present(
            georam,
            r,
            "a GeoRAM: the machine's and the snapshot's differ",
        )?;
        c64state::load_present(dqbb, r, "a DQBB: the machine's and the snapshot's differ")?;
        c64state::load_present(
            ramcart,
            r,
            "a RamCart: the machine's and the snapshot's differ",
        )?;
        c64state::load_present(
            isepic,
            r,
            "an Isepic: the machine's and the snapshot's differ",
        )?;
        c64state::load_present(
            plus60k,
            r,
            "a +60K: the machine's and the snapshot's differ",
        )?;
        c64state::load_present(
            plus256k,
            r,
            "a +256K: the machine's and the snapshot's differ",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_k_and_m() {
        assert_eq!(parse_size("REU", "512k", &REU_SIZES), Ok(512 * 1024));
        assert_eq!(parse_size("REU", "16M", &REU_SIZES), Ok(16 << 20));
        assert_eq!(
            parse_size("GeoRAM", "3m", &GEORAM_SIZES)
                .unwrap_err()
                .to_string(),
            "GeoRAM size \"3m\" is not one the device comes in"
        );
    }
}
