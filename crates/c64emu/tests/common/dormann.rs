//! Klaus Dormann's 6502 functional test as a C64 program. The binary is the one the
//! `mos6502` crate ships in its package (`tests/assets/6502_functional_test.bin`, GPL-3
//! test data, not copied into this repository): cargo has already downloaded it to build
//! the emulator, so it is read from there (or from `$DORMANN_BIN`).
//!
//! The .prg holds the test's bytes $000A-$3FFF and a starter at $4000 that masks the
//! CIAs' interrupts, blanks the screen (no bad lines: the CPU gets every cycle, as the
//! bare CPU does), banks the ROMs out ($01 = $35: RAM everywhere but I/O at $D000),
//! copies the test's vectors to $FFFA-$FFFF and jumps to the test at $0400. The test
//! ends in a `JMP *` at `SUCCESS` when every check passed, or in one elsewhere.
#![allow(dead_code)]

use std::path::PathBuf;

/// Where the test loops when every check passed.
pub const SUCCESS: u16 = 0x331C;
/// The test's entry point.
pub const ENTRY: u16 = 0x0400;
/// The starter's address (the .prg's SYS address).
pub const STARTER: u16 = 0x4000;
/// What the .prg loads from the test image: zero page from the test's first variable,
/// the data segment at $0200 and the code at $0400.
const FIRST: usize = 0x000A;
const END: usize = 0x4000;
const VECTORS: usize = 0xFFFA;

/// The mos6502 version Cargo.lock pins: the package directory holding the binary.
fn mos6502_version() -> &'static str {
    let lock = include_str!("../../../../Cargo.lock");
    let entry = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"mos6502\"\n"))
        .expect("Cargo.lock lists mos6502");
    let start = entry.find("version = \"").expect("a version") + "version = \"".len();
    let len = entry[start..].find('"').expect("a quoted version");
    &entry[start..start + len]
}

/// Where the binary is: `$DORMANN_BIN`, else the mos6502 package in cargo's registry.
pub fn binary_path() -> PathBuf {
    if let Some(p) = std::env::var_os("DORMANN_BIN") {
        return PathBuf::from(p);
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME is set");
    let package = format!("mos6502-{}", mos6502_version());
    let registry = cargo_home.join("registry").join("src");
    let found = std::fs::read_dir(&registry).ok().and_then(|dirs| {
        dirs.flatten()
            .map(|d| {
                d.path()
                    .join(&package)
                    .join("tests/assets/6502_functional_test.bin")
            })
            .find(|p| p.is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "the 6502 functional test binary of {package} is not under {}; set DORMANN_BIN to its path",
            registry.display()
        )
    })
}

/// The 64 KiB test image.
pub fn binary() -> Vec<u8> {
    let path = binary_path();
    let image =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    assert_eq!(image.len(), 0x10000, "{} is a 64 KiB image", path.display());
    image
}

/// The starter at $4000, followed by the six vector bytes it copies.
fn starter(vectors: &[u8]) -> Vec<u8> {
    let [lo, hi] = ENTRY.to_le_bytes();
    let table = STARTER + 0x26;
    let [tlo, thi] = table.to_le_bytes();
    let mut code = vec![
        0x78, // SEI
        0xA9, 0x7F, // LDA #$7F
        0x8D, 0x0D, 0xDC, // STA $DC0D   CIA 1: no interrupts
        0x8D, 0x0D, 0xDD, // STA $DD0D   CIA 2: no NMIs
        0xAD, 0x0D, 0xDC, // LDA $DC0D   acknowledge what is pending
        0xAD, 0x0D, 0xDD, // LDA $DD0D
        0xA9, 0x0B, // LDA #$0B
        0x8D, 0x11, 0xD0, // STA $D011   screen off
        0xA9, 0x35, // LDA #$35
        0x85, 0x01, // STA $01     RAM at $A000-$BFFF and $E000-$FFFF, I/O at $D000
        0xA2, 0x05, // LDX #5
        0xBD, tlo, thi, // copy: LDA table,X
        0x9D, 0xFA, 0xFF, // STA $FFFA,X
        0xCA, // DEX
        0x10, 0xF7, // BPL copy
        0x4C, lo, hi, // JMP $0400
    ];
    assert_eq!(code.len(), usize::from(table - STARTER));
    code.extend_from_slice(vectors);
    code
}

/// The .prg: load address $000A, the test's bytes up to $3FFF, the starter.
pub fn prg(image: &[u8]) -> Vec<u8> {
    let mut prg = (FIRST as u16).to_le_bytes().to_vec();
    prg.extend_from_slice(&image[FIRST..END]);
    prg.extend(starter(&image[VECTORS..]));
    prg
}
