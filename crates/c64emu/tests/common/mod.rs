//! Helpers shared by the integration tests: tiny hand-assembled programs, the test ROMs.
#![allow(dead_code)]

pub mod dormann;
pub mod testrom;

/// A .prg with a BASIC stub `10 SYS 2061` followed by `code` at $080D.
pub fn sys_prg(code: &[u8]) -> Vec<u8> {
    let mut prg = vec![0x01, 0x08];
    prg.extend([
        0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0x00, 0x00, 0x00,
    ]);
    prg.extend(code);
    prg
}

/// A .prg loading `code` at `addr`.
pub fn prg_at(addr: u16, code: &[u8]) -> Vec<u8> {
    let mut prg = addr.to_le_bytes().to_vec();
    prg.extend(code);
    prg
}

pub const CHROUT: [u8; 3] = [0x20, 0xD2, 0xFF];
pub const GETIN: [u8; 3] = [0x20, 0xE4, 0xFF];
pub const CHRIN: [u8; 3] = [0x20, 0xCF, 0xFF];

/// Code printing each PETSCII byte of `text` with LDA #b / JSR CHROUT.
pub fn print_code(text: &[u8]) -> Vec<u8> {
    let mut code = Vec::new();
    for &b in text {
        code.extend([0xA9, b]);
        code.extend(CHROUT);
    }
    code
}
