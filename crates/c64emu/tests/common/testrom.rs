//! The test ROMs (`tests/roms/testrom.asm`, a small KERNAL and BASIC written for the
//! tests) assembled with c64asm, plus the tables it needs: the keyboard decode tables
//! (from the emulator's own `Key::petscii`) and the screen row addresses.
#![allow(dead_code)]

use std::fmt::Write;
use std::path::Path;
use std::sync::OnceLock;

use c64emu::{Key, RomSet};

fn tables() -> String {
    let mut s = String::from("\n        * = $e800\n");
    for (label, shflag) in [("plain", 0u8), ("shifted", 1)] {
        let bytes: Vec<String> = Key::ALL
            .iter()
            .map(|k| format!("${:02x}", k.petscii(shflag).unwrap_or(0)))
            .collect();
        let _ = writeln!(s, "{label} .byte {}", bytes.join(", "));
    }
    for (label, part) in [("rowlo", 0), ("rowhi", 8)] {
        let bytes: Vec<String> = (0..25u16)
            .map(|r| format!("${:02x}", ((0x0400 + 40 * r) >> part) & 0xFF))
            .collect();
        let _ = writeln!(s, "{label} .byte {}", bytes.join(", "));
    }
    s
}

/// The assembled images: (kernal, basic).
pub fn images() -> &'static (Vec<u8>, Vec<u8>) {
    static IMAGES: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    IMAGES.get_or_init(|| {
        let source = format!("{}{}", include_str!("../roms/testrom.asm"), tables());
        let opts = c64asm::Options {
            ascii: true,
            ..Default::default()
        };
        let program = c64asm::assemble_str("testrom.asm", &source, &opts)
            .unwrap_or_else(|d| panic!("the test ROM does not assemble:\n{d}"));
        assert!(program.warnings.is_empty(), "{}", program.warnings);
        assert_eq!(program.load_address, 0xA000);
        assert_eq!(
            program.image.len(),
            0x6000,
            "BASIC at $A000 to KERNAL end $FFFF"
        );
        let code_end = program.symbol("none").expect("label none");
        assert!(code_end < 0xFE43, "code runs into the NMI entry");
        let basic = program.image[..0x2000].to_vec();
        let kernal = program.image[0x4000..].to_vec();
        (kernal, basic)
    })
}

/// The test ROMs as a ROM set (the built-in character set).
pub fn test_roms() -> RomSet {
    let (kernal, basic) = images();
    RomSet::from_images(kernal, basic, None).expect("sizes")
}

/// Write the test ROMs into `dir` under VICE's and the plain names.
pub fn write_rom_dir(dir: &Path) {
    let (kernal, basic) = images();
    std::fs::create_dir_all(dir).expect("ROM dir");
    std::fs::write(dir.join("kernal-901227-03.bin"), kernal).expect("kernal");
    std::fs::write(dir.join("basic.bin"), basic).expect("basic");
}
