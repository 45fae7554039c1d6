//! What the C64's RAM holds when it is switched on.
//!
//! Dynamic RAM comes up in stripes, not zeros. The pattern here is one measured on a real
//! C64 (and the one VICE's testbench expects, `raminitpattern/`): runs of four bytes that
//! alternate $00 and $FF, the first run two bytes short (so $0000-$0001 are $00, $0002-$0005
//! $FF, $0006-$0009 $00, …), and every other 16 KB block inverted. Some loaders read RAM
//! they never wrote and depend on it; a program that happens to work only on zeroed RAM
//! fails here as it would on the machine. Real chips also flip an occasional bit at
//! random; that is left out so every run is the same.

/// A run of equal bytes.
const RUN: usize = 4;
/// The first run starts this many bytes early.
const RUN_OFFSET: usize = 2;
/// Every other block of this size is inverted.
const BLOCK: usize = 0x4000;

/// The 64 KB of RAM at power-on.
pub fn ram() -> [u8; 0x10000] {
    let mut ram = [0u8; 0x10000];
    for (addr, byte) in ram.iter_mut().enumerate() {
        let stripe = if ((addr + RUN_OFFSET) / RUN) % 2 == 1 {
            0xFF
        } else {
            0x00
        };
        let block = if (addr / BLOCK) % 2 == 1 { 0xFF } else { 0x00 };
        *byte = stripe ^ block;
    }
    ram
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stripes_of_four_from_two_bytes_in_and_every_other_16k_inverted() {
        let ram = ram();
        assert_eq!(
            ram[0x0000..0x000C],
            [0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF]
        );
        assert_eq!(ram[0x3FFE..0x4002], [0, 0, 0xFF, 0xFF]);
        assert_eq!(ram[0x4000..0x4006], [0xFF, 0xFF, 0, 0, 0, 0]);
        assert_eq!(ram[0x8000..0x8003], [0, 0, 0xFF]);
        assert_eq!(ram[0xC000..0xC003], [0xFF, 0xFF, 0]);
        assert_eq!(ram.iter().filter(|&&b| b == 0xFF).count(), 0x8000);
    }
}
