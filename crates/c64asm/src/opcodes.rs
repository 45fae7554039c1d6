//! NMOS 6502 opcode table: documented instructions plus the undocumented ones
//! under their 64tass names (enabled by `-i` or `.cpu "6502i"`).

/// Addressing modes, in the column order of [`Mnemonic::codes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Implied = 0,
    Accumulator,
    Immediate,
    ZeroPage,
    ZeroPageX,
    ZeroPageY,
    Absolute,
    AbsoluteX,
    AbsoluteY,
    Indirect,
    IndirectX,
    IndirectY,
    Relative,
}

pub const MODE_COUNT: usize = 13;

impl Mode {
    /// Bytes an instruction in this mode occupies, opcode included.
    pub fn len(self) -> u32 {
        match self {
            Mode::Implied | Mode::Accumulator => 1,
            Mode::Absolute | Mode::AbsoluteX | Mode::AbsoluteY | Mode::Indirect => 3,
            _ => 2,
        }
    }
}

/// Entry flag: this opcode is undocumented.
const ILL: u16 = 0x100;
/// Entry: the mode does not exist for the mnemonic.
const NO: u16 = 0xffff;

pub struct Mnemonic {
    pub name: &'static str,
    /// Opcode per [`Mode`]; `NO` if unavailable, `ILL` bit if undocumented.
    codes: [u16; MODE_COUNT],
}

impl Mnemonic {
    /// The opcode for `mode`, with whether it is undocumented.
    pub fn opcode(&self, mode: Mode) -> Option<(u8, bool)> {
        let c = self.codes[mode as usize];
        (c != NO).then_some(((c & 0xff) as u8, c & ILL != 0))
    }

    pub fn has(&self, mode: Mode) -> bool {
        self.codes[mode as usize] != NO
    }

    pub fn is_branch(&self) -> bool {
        self.has(Mode::Relative)
    }

    /// True if every mode of this mnemonic is undocumented.
    pub fn all_illegal(&self) -> bool {
        self.codes.iter().all(|&c| c == NO || c & ILL != 0)
    }
}

// Column order: imp acc imm zp zpx zpy abs absx absy ind indx indy rel
macro_rules! op {
    ($name:literal, $imp:expr, $acc:expr, $imm:expr, $zp:expr, $zpx:expr, $zpy:expr, $abs:expr, $absx:expr, $absy:expr, $ind:expr, $indx:expr, $indy:expr, $rel:expr) => {
        Mnemonic {
            name: $name,
            codes: [
                $imp, $acc, $imm, $zp, $zpx, $zpy, $abs, $absx, $absy, $ind, $indx, $indy, $rel,
            ],
        }
    };
}

const fn i(c: u16) -> u16 {
    c | ILL
}

/// Sorted by name for binary search.
pub static MNEMONICS: &[Mnemonic] = &[
    op!(
        "adc", NO, NO, 0x69, 0x65, 0x75, NO, 0x6d, 0x7d, 0x79, NO, 0x61, 0x71, NO
    ),
    op!(
        "ahx",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9f),
        NO,
        NO,
        i(0x93),
        NO
    ),
    op!(
        "alr",
        NO,
        NO,
        i(0x4b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "anc",
        NO,
        NO,
        i(0x0b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "and", NO, NO, 0x29, 0x25, 0x35, NO, 0x2d, 0x3d, 0x39, NO, 0x21, 0x31, NO
    ),
    op!(
        "ane",
        NO,
        NO,
        i(0x8b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "arr",
        NO,
        NO,
        i(0x6b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "asl", NO, 0x0a, NO, 0x06, 0x16, NO, 0x0e, 0x1e, NO, NO, NO, NO, NO
    ),
    op!(
        "asr",
        NO,
        NO,
        i(0x4b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "axs",
        NO,
        NO,
        i(0xcb),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!("bcc", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0x90),
    op!("bcs", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0xb0),
    op!("beq", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0xf0),
    op!(
        "bit", NO, NO, NO, 0x24, NO, NO, 0x2c, NO, NO, NO, NO, NO, NO
    ),
    op!("bmi", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0x30),
    op!("bne", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0xd0),
    op!("bpl", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0x10),
    op!(
        "brk", 0x00, NO, 0x00, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO
    ),
    op!("bvc", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0x50),
    op!("bvs", NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, 0x70),
    op!("clc", 0x18, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("cld", 0xd8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("cli", 0x58, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("clv", 0xb8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "cmp", NO, NO, 0xc9, 0xc5, 0xd5, NO, 0xcd, 0xdd, 0xd9, NO, 0xc1, 0xd1, NO
    ),
    op!(
        "cpx", NO, NO, 0xe0, 0xe4, NO, NO, 0xec, NO, NO, NO, NO, NO, NO
    ),
    op!(
        "cpy", NO, NO, 0xc0, 0xc4, NO, NO, 0xcc, NO, NO, NO, NO, NO, NO
    ),
    op!(
        "dcm",
        NO,
        NO,
        NO,
        i(0xc7),
        i(0xd7),
        NO,
        i(0xcf),
        i(0xdf),
        i(0xdb),
        NO,
        i(0xc3),
        i(0xd3),
        NO
    ),
    op!(
        "dcp",
        NO,
        NO,
        NO,
        i(0xc7),
        i(0xd7),
        NO,
        i(0xcf),
        i(0xdf),
        i(0xdb),
        NO,
        i(0xc3),
        i(0xd3),
        NO
    ),
    op!(
        "dec", NO, NO, NO, 0xc6, 0xd6, NO, 0xce, 0xde, NO, NO, NO, NO, NO
    ),
    op!("dex", 0xca, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("dey", 0x88, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "eor", NO, NO, 0x49, 0x45, 0x55, NO, 0x4d, 0x5d, 0x59, NO, 0x41, 0x51, NO
    ),
    op!(
        "inc", NO, NO, NO, 0xe6, 0xf6, NO, 0xee, 0xfe, NO, NO, NO, NO, NO
    ),
    op!(
        "ins",
        NO,
        NO,
        NO,
        i(0xe7),
        i(0xf7),
        NO,
        i(0xef),
        i(0xff),
        i(0xfb),
        NO,
        i(0xe3),
        i(0xf3),
        NO
    ),
    op!("inx", 0xe8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("iny", 0xc8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "isb",
        NO,
        NO,
        NO,
        i(0xe7),
        i(0xf7),
        NO,
        i(0xef),
        i(0xff),
        i(0xfb),
        NO,
        i(0xe3),
        i(0xf3),
        NO
    ),
    op!(
        "isc",
        NO,
        NO,
        NO,
        i(0xe7),
        i(0xf7),
        NO,
        i(0xef),
        i(0xff),
        i(0xfb),
        NO,
        i(0xe3),
        i(0xf3),
        NO
    ),
    op!(
        "jam",
        i(0x02),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "jmp", NO, NO, NO, NO, NO, NO, 0x4c, NO, NO, 0x6c, NO, NO, NO
    ),
    op!("jsr", NO, NO, NO, NO, NO, NO, 0x20, NO, NO, NO, NO, NO, NO),
    op!(
        "lae",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0xbb),
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "las",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0xbb),
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "lax",
        NO,
        NO,
        i(0xab),
        i(0xa7),
        NO,
        i(0xb7),
        i(0xaf),
        NO,
        i(0xbf),
        NO,
        i(0xa3),
        i(0xb3),
        NO
    ),
    op!(
        "lda", NO, NO, 0xa9, 0xa5, 0xb5, NO, 0xad, 0xbd, 0xb9, NO, 0xa1, 0xb1, NO
    ),
    op!(
        "lds",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0xbb),
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "ldx", NO, NO, 0xa2, 0xa6, NO, 0xb6, 0xae, NO, 0xbe, NO, NO, NO, NO
    ),
    op!(
        "ldy", NO, NO, 0xa0, 0xa4, 0xb4, NO, 0xac, 0xbc, NO, NO, NO, NO, NO
    ),
    op!(
        "lsr", NO, 0x4a, NO, 0x46, 0x56, NO, 0x4e, 0x5e, NO, NO, NO, NO, NO
    ),
    op!(
        "lxa",
        NO,
        NO,
        i(0xab),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "nop",
        0xea,
        NO,
        i(0x80),
        i(0x04),
        i(0x14),
        NO,
        i(0x0c),
        i(0x1c),
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "ora", NO, NO, 0x09, 0x05, 0x15, NO, 0x0d, 0x1d, 0x19, NO, 0x01, 0x11, NO
    ),
    op!("pha", 0x48, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("php", 0x08, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("pla", 0x68, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("plp", 0x28, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "rla",
        NO,
        NO,
        NO,
        i(0x27),
        i(0x37),
        NO,
        i(0x2f),
        i(0x3f),
        i(0x3b),
        NO,
        i(0x23),
        i(0x33),
        NO
    ),
    op!(
        "rol", NO, 0x2a, NO, 0x26, 0x36, NO, 0x2e, 0x3e, NO, NO, NO, NO, NO
    ),
    op!(
        "ror", NO, 0x6a, NO, 0x66, 0x76, NO, 0x6e, 0x7e, NO, NO, NO, NO, NO
    ),
    op!(
        "rra",
        NO,
        NO,
        NO,
        i(0x67),
        i(0x77),
        NO,
        i(0x6f),
        i(0x7f),
        i(0x7b),
        NO,
        i(0x63),
        i(0x73),
        NO
    ),
    op!("rti", 0x40, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("rts", 0x60, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "sax",
        NO,
        NO,
        NO,
        i(0x87),
        NO,
        i(0x97),
        i(0x8f),
        NO,
        NO,
        NO,
        i(0x83),
        NO,
        NO
    ),
    op!(
        "sbc", NO, NO, 0xe9, 0xe5, 0xf5, NO, 0xed, 0xfd, 0xf9, NO, 0xe1, 0xf1, NO
    ),
    op!(
        "sbx",
        NO,
        NO,
        i(0xcb),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!("sec", 0x38, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("sed", 0xf8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("sei", 0x78, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "sha",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9f),
        NO,
        NO,
        i(0x93),
        NO
    ),
    op!(
        "shs",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9b),
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "shx",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9e),
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "shy",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9c),
        NO,
        NO,
        NO,
        NO,
        NO
    ),
    op!(
        "slo",
        NO,
        NO,
        NO,
        i(0x07),
        i(0x17),
        NO,
        i(0x0f),
        i(0x1f),
        i(0x1b),
        NO,
        i(0x03),
        i(0x13),
        NO
    ),
    op!(
        "sre",
        NO,
        NO,
        NO,
        i(0x47),
        i(0x57),
        NO,
        i(0x4f),
        i(0x5f),
        i(0x5b),
        NO,
        i(0x43),
        i(0x53),
        NO
    ),
    op!(
        "sta", NO, NO, NO, 0x85, 0x95, NO, 0x8d, 0x9d, 0x99, NO, 0x81, 0x91, NO
    ),
    op!(
        "stx", NO, NO, NO, 0x86, NO, 0x96, 0x8e, NO, NO, NO, NO, NO, NO
    ),
    op!(
        "sty", NO, NO, NO, 0x84, 0x94, NO, 0x8c, NO, NO, NO, NO, NO, NO
    ),
    op!(
        "tas",
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        i(0x9b),
        NO,
        NO,
        NO,
        NO
    ),
    op!("tax", 0xaa, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("tay", 0xa8, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("tsx", 0xba, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("txa", 0x8a, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("txs", 0x9a, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!("tya", 0x98, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO),
    op!(
        "xaa",
        NO,
        NO,
        i(0x8b),
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO,
        NO
    ),
];

fn key(b: &[u8]) -> u32 {
    (b[0].to_ascii_lowercase() as u32) << 16
        | (b[1].to_ascii_lowercase() as u32) << 8
        | b[2].to_ascii_lowercase() as u32
}

/// Packed names of [`MNEMONICS`], in the same (sorted) order.
fn keys() -> &'static [u32] {
    static KEYS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| MNEMONICS.iter().map(|m| key(m.name.as_bytes())).collect())
}

/// Index into [`MNEMONICS`] of a three-letter word, case-insensitively.
#[inline]
pub fn lookup(word: &[u8]) -> Option<u8> {
    if word.len() != 3 {
        return None;
    }
    keys().binary_search(&key(word)).ok().map(|i| i as u8)
}

/// The name and mode a listing shows for each opcode: the documented
/// instruction where there is one, else 64tass's name among the aliases of
/// an undocumented one (`dcp`, not `dcm`).
fn listing_table() -> &'static [Option<(&'static str, Mode)>] {
    /// The names 64tass's listing gives undocumented opcodes that have several.
    const PREFERRED: [&str; 6] = ["asr", "sha", "lds", "dcp", "sbx", "isb"];
    static TABLE: std::sync::OnceLock<Vec<Option<(&'static str, Mode)>>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: Vec<Option<(&'static str, Mode, bool)>> = vec![None; 256];
        for m in MNEMONICS {
            for mode in ALL_MODES {
                if let Some((code, illegal)) = m.opcode(mode) {
                    let slot = &mut t[code as usize];
                    // Documented names win; `brk #imm` is not how a listing shows $00.
                    let better = match slot {
                        None => true,
                        Some((_, _, was_illegal)) => {
                            *was_illegal && (!illegal || PREFERRED.contains(&m.name))
                        }
                    };
                    if better && !(m.name == "brk" && mode == Mode::Immediate) {
                        *slot = Some((m.name, mode, illegal));
                    }
                }
            }
        }
        t.into_iter().map(|e| e.map(|(n, m, _)| (n, m))).collect()
    })
}

/// How many bytes the instruction starting with `opcode` takes (`brk`: 1).
pub fn instruction_len(opcode: u8) -> Option<u32> {
    listing_table()[opcode as usize].map(|(_, mode)| mode.len())
}

/// One instruction as a listing shows it (`lda #$05`, `bne $1011`), when
/// `bytes` are exactly one instruction at `pc`. `brk` shows 64tass's way:
/// `brk #`, or `brk #$05` with its signature byte.
pub fn disassemble(bytes: &[u8], pc: u32) -> Option<String> {
    let table = listing_table();
    match bytes {
        [0x00] => return Some("brk #".into()),
        [0x00, b] => return Some(format!("brk #${b:02x}")),
        _ => {}
    }
    let (name, mode) = table[*bytes.first()? as usize]?;
    // Cut short (a pseudo branch that skips one byte): the name alone.
    if bytes.len() < mode.len() as usize {
        return Some(name.to_string());
    }
    if bytes.len() != mode.len() as usize {
        return None;
    }
    let b = bytes.get(1).copied().unwrap_or(0);
    let w = u16::from_le_bytes([b, bytes.get(2).copied().unwrap_or(0)]);
    Some(match mode {
        Mode::Implied => name.to_string(),
        Mode::Accumulator => format!("{name} a"),
        Mode::Immediate => format!("{name} #${b:02x}"),
        Mode::ZeroPage => format!("{name} ${b:02x}"),
        Mode::ZeroPageX => format!("{name} ${b:02x},x"),
        Mode::ZeroPageY => format!("{name} ${b:02x},y"),
        Mode::Absolute => format!("{name} ${w:04x}"),
        Mode::AbsoluteX => format!("{name} ${w:04x},x"),
        Mode::AbsoluteY => format!("{name} ${w:04x},y"),
        Mode::Indirect => format!("{name} (${w:04x})"),
        Mode::IndirectX => format!("{name} (${b:02x},x)"),
        Mode::IndirectY => format!("{name} (${b:02x}),y"),
        Mode::Relative => {
            let target = (pc as i32 + 2 + b as i8 as i32) as u32 & 0xffff;
            format!("{name} ${target:04x}")
        }
    })
}

const ALL_MODES: [Mode; MODE_COUNT] = [
    Mode::Implied,
    Mode::Accumulator,
    Mode::Immediate,
    Mode::ZeroPage,
    Mode::ZeroPageX,
    Mode::ZeroPageY,
    Mode::Absolute,
    Mode::AbsoluteX,
    Mode::AbsoluteY,
    Mode::Indirect,
    Mode::IndirectX,
    Mode::IndirectY,
    Mode::Relative,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_has_151_documented_pairs() {
        assert!(MNEMONICS.windows(2).all(|w| w[0].name < w[1].name));
        let documented: usize = MNEMONICS
            .iter()
            .map(|m| m.codes.iter().filter(|&&c| c != NO && c & ILL == 0).count())
            .sum();
        // brk #imm is a 64tass extra encoding of the same opcode as implied brk.
        assert_eq!(documented, 151 + 1);
        let names = MNEMONICS.iter().filter(|m| !m.all_illegal()).count();
        assert_eq!(names, 56);
    }

    #[test]
    fn lookup_is_case_insensitive() {
        assert_eq!(
            lookup(b"LDA").map(|i| MNEMONICS[i as usize].name),
            Some("lda")
        );
        assert_eq!(lookup(b"ldq"), None);
    }
}
