//! Opcode tables of the processors c64asm assembles for, as 64tass names
//! them: the NMOS 6502 (`6502`), with its undocumented opcodes under their
//! 64tass names (`6502i`), the CMOS 65C02 (`65c02`), Rockwell's R65C02 with
//! the bit instructions (`r65c02`) and WDC's W65C02 with `stp`/`wai`
//! (`w65c02`). One master list says which processors have each opcode;
//! each processor gets its own resolved table, built at compile time, so
//! encoding never asks which processor it is for.

use crate::options::Cpu;

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
    /// `(abs)`: `jmp` only.
    Indirect,
    IndirectX,
    IndirectY,
    Relative,
    /// `(zp)`, 65C02.
    ZeroPageIndirect,
    /// `(abs,x)`: `jmp`, 65C02.
    AbsoluteIndirectX,
    /// `bit,zp` (`rmb 3,$12`), R65C02: the bit number is in the opcode's
    /// high nibble, the table holds bit 0's opcode.
    ZeroPageBit,
    /// `bit,zp,target` (`bbr 3,$12,label`), R65C02; as [`Mode::ZeroPageBit`].
    ZeroPageBitRelative,
}

pub const MODE_COUNT: usize = 17;

impl Mode {
    /// Bytes an instruction in this mode occupies, opcode included.
    pub fn len(self) -> u32 {
        match self {
            Mode::Implied | Mode::Accumulator => 1,
            Mode::Absolute
            | Mode::AbsoluteX
            | Mode::AbsoluteY
            | Mode::Indirect
            | Mode::AbsoluteIndirectX
            | Mode::ZeroPageBitRelative => 3,
            _ => 2,
        }
    }
}

// A cell of the master list: the opcode in the low byte, which processors
// have it in these bits (none: every processor).
/// NMOS undocumented: `6502i`.
const ILL: u16 = 0x100;
/// 65C02 and its descendants.
const C02: u16 = 0x200;
/// R65C02 and W65C02.
const R02: u16 = 0x400;
/// W65C02.
const W02: u16 = 0x800;
const CLASSES: u16 = ILL | C02 | R02 | W02;
/// Another name of an opcode that has a name of its own (`ina`: `inc a`),
/// which a listing shows instead.
const ALIAS: u16 = 0x1000;
/// The mode does not exist for the mnemonic.
const NO: u16 = 0xffff;

/// The processor classes whose opcodes `cpu` has.
const fn classes(cpu: Cpu) -> u16 {
    match cpu {
        Cpu::M6502 => 0,
        Cpu::M6502i => ILL,
        Cpu::M65C02 => C02,
        Cpu::R65C02 => C02 | R02,
        Cpu::W65C02 => C02 | R02 | W02,
    }
}

/// An instruction name with its opcodes on one processor.
#[derive(Clone, Copy)]
pub struct Mnemonic {
    pub name: &'static str,
    /// Opcode per [`Mode`]; `NO` if unavailable; the `ILL` and `ALIAS` bits kept.
    codes: [u16; MODE_COUNT],
    /// The processor has at least one mode of it.
    present: bool,
}

impl Mnemonic {
    const EMPTY: Mnemonic = Mnemonic {
        name: "",
        codes: [NO; MODE_COUNT],
        present: false,
    };

    /// The opcode for `mode`.
    #[inline]
    pub fn opcode(&self, mode: Mode) -> Option<u8> {
        let c = self.codes[mode as usize];
        (c != NO).then_some(c as u8)
    }

    pub fn has(&self, mode: Mode) -> bool {
        self.codes[mode as usize] != NO
    }

    pub fn is_branch(&self) -> bool {
        self.has(Mode::Relative)
    }

    /// Whether the processor of this table has the instruction at all.
    pub fn present(&self) -> bool {
        self.present
    }
}

/// One line of the master list (a name may have several: `nop`'s
/// undocumented NMOS forms and the R65C02's are other opcodes).
struct Row {
    name: &'static str,
    codes: [u16; MODE_COUNT],
}

/// `op!("adc"; Imm 0x69, Zp 0x65)`: the modes a name has, by short name.
macro_rules! op {
    ($name:literal; $($mode:ident $code:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut codes = [NO; MODE_COUNT];
        $(codes[short::$mode as usize] = $code;)*
        Row { name: $name, codes }
    }};
}

/// The master list's column names.
#[allow(non_upper_case_globals)]
mod short {
    use super::Mode;
    pub const Imp: Mode = Mode::Implied;
    pub const Acc: Mode = Mode::Accumulator;
    pub const Imm: Mode = Mode::Immediate;
    pub const Zp: Mode = Mode::ZeroPage;
    pub const ZpX: Mode = Mode::ZeroPageX;
    pub const ZpY: Mode = Mode::ZeroPageY;
    pub const Abs: Mode = Mode::Absolute;
    pub const AbsX: Mode = Mode::AbsoluteX;
    pub const AbsY: Mode = Mode::AbsoluteY;
    pub const Ind: Mode = Mode::Indirect;
    pub const IndX: Mode = Mode::IndirectX;
    pub const IndY: Mode = Mode::IndirectY;
    pub const Rel: Mode = Mode::Relative;
    pub const ZpInd: Mode = Mode::ZeroPageIndirect;
    pub const AbsIndX: Mode = Mode::AbsoluteIndirectX;
    pub const ZpBit: Mode = Mode::ZeroPageBit;
    pub const ZpBitRel: Mode = Mode::ZeroPageBitRelative;
}

const fn i(c: u16) -> u16 {
    c | ILL
}
const fn c(c: u16) -> u16 {
    c | C02
}
const fn r(c: u16) -> u16 {
    c | R02
}
const fn w(c: u16) -> u16 {
    c | W02
}
const fn alias(c: u16) -> u16 {
    c | ALIAS
}

/// Every instruction of every processor, sorted by name (the processors'
/// manuals' tables, as 64tass's manual lists them).
#[rustfmt::skip]
const ROWS: &[Row] = &[
    op!("adc"; Imm 0x69, Zp 0x65, ZpX 0x75, Abs 0x6d, AbsX 0x7d, AbsY 0x79, IndX 0x61, IndY 0x71, ZpInd c(0x72)),
    op!("ahx"; AbsY i(0x9f), IndY i(0x93)),
    op!("alr"; Imm i(0x4b)),
    op!("anc"; Imm i(0x0b)),
    op!("and"; Imm 0x29, Zp 0x25, ZpX 0x35, Abs 0x2d, AbsX 0x3d, AbsY 0x39, IndX 0x21, IndY 0x31, ZpInd c(0x32)),
    op!("ane"; Imm i(0x8b)),
    op!("arr"; Imm i(0x6b)),
    op!("asl"; Acc 0x0a, Zp 0x06, ZpX 0x16, Abs 0x0e, AbsX 0x1e),
    op!("asr"; Imm i(0x4b)),
    op!("axs"; Imm i(0xcb)),
    op!("bbr"; ZpBitRel r(0x0f)),
    op!("bbs"; ZpBitRel r(0x8f)),
    op!("bcc"; Rel 0x90),
    op!("bcs"; Rel 0xb0),
    op!("beq"; Rel 0xf0),
    op!("bge"; Rel alias(0xb0)),
    op!("bit"; Zp 0x24, Abs 0x2c, Imm c(0x89), ZpX c(0x34), AbsX c(0x3c)),
    op!("blt"; Rel alias(0x90)),
    op!("bmi"; Rel 0x30),
    op!("bne"; Rel 0xd0),
    op!("bpl"; Rel 0x10),
    op!("bra"; Rel c(0x80)),
    op!("brk"; Imp 0x00, Imm 0x00),
    op!("bvc"; Rel 0x50),
    op!("bvs"; Rel 0x70),
    op!("clc"; Imp 0x18),
    op!("cld"; Imp 0xd8),
    op!("cli"; Imp 0x58),
    op!("clr"; Zp alias(c(0x64)), ZpX alias(c(0x74)), Abs alias(c(0x9c)), AbsX alias(c(0x9e))),
    op!("clv"; Imp 0xb8),
    op!("cmp"; Imm 0xc9, Zp 0xc5, ZpX 0xd5, Abs 0xcd, AbsX 0xdd, AbsY 0xd9, IndX 0xc1, IndY 0xd1, ZpInd c(0xd2)),
    op!("cpa"; Imm alias(0xc9), Zp alias(0xc5), ZpX alias(0xd5), Abs alias(0xcd), AbsX alias(0xdd), AbsY alias(0xd9), IndX alias(0xc1), IndY alias(0xd1), ZpInd alias(c(0xd2))),
    op!("cpx"; Imm 0xe0, Zp 0xe4, Abs 0xec),
    op!("cpy"; Imm 0xc0, Zp 0xc4, Abs 0xcc),
    op!("dcm"; Zp i(0xc7), ZpX i(0xd7), Abs i(0xcf), AbsX i(0xdf), AbsY i(0xdb), IndX i(0xc3), IndY i(0xd3)),
    op!("dcp"; Zp i(0xc7), ZpX i(0xd7), Abs i(0xcf), AbsX i(0xdf), AbsY i(0xdb), IndX i(0xc3), IndY i(0xd3)),
    op!("dea"; Imp alias(c(0x3a))),
    op!("dec"; Zp 0xc6, ZpX 0xd6, Abs 0xce, AbsX 0xde, Acc c(0x3a)),
    op!("dex"; Imp 0xca),
    op!("dey"; Imp 0x88),
    op!("eor"; Imm 0x49, Zp 0x45, ZpX 0x55, Abs 0x4d, AbsX 0x5d, AbsY 0x59, IndX 0x41, IndY 0x51, ZpInd c(0x52)),
    op!("hlt"; Imp alias(w(0xdb))),
    op!("ina"; Imp alias(c(0x1a))),
    op!("inc"; Zp 0xe6, ZpX 0xf6, Abs 0xee, AbsX 0xfe, Acc c(0x1a)),
    op!("ins"; Zp i(0xe7), ZpX i(0xf7), Abs i(0xef), AbsX i(0xff), AbsY i(0xfb), IndX i(0xe3), IndY i(0xf3)),
    op!("inx"; Imp 0xe8),
    op!("iny"; Imp 0xc8),
    op!("isb"; Zp i(0xe7), ZpX i(0xf7), Abs i(0xef), AbsX i(0xff), AbsY i(0xfb), IndX i(0xe3), IndY i(0xf3)),
    op!("isc"; Zp i(0xe7), ZpX i(0xf7), Abs i(0xef), AbsX i(0xff), AbsY i(0xfb), IndX i(0xe3), IndY i(0xf3)),
    op!("jam"; Imp i(0x02)),
    op!("jmp"; Abs 0x4c, Ind 0x6c, AbsIndX c(0x7c)),
    op!("jsr"; Abs 0x20),
    op!("lae"; AbsY i(0xbb)),
    op!("las"; AbsY i(0xbb)),
    op!("lax"; Imm i(0xab), Zp i(0xa7), ZpY i(0xb7), Abs i(0xaf), AbsY i(0xbf), IndX i(0xa3), IndY i(0xb3)),
    op!("lda"; Imm 0xa9, Zp 0xa5, ZpX 0xb5, Abs 0xad, AbsX 0xbd, AbsY 0xb9, IndX 0xa1, IndY 0xb1, ZpInd c(0xb2)),
    op!("lds"; AbsY i(0xbb)),
    op!("ldx"; Imm 0xa2, Zp 0xa6, ZpY 0xb6, Abs 0xae, AbsY 0xbe),
    op!("ldy"; Imm 0xa0, Zp 0xa4, ZpX 0xb4, Abs 0xac, AbsX 0xbc),
    op!("lsr"; Acc 0x4a, Zp 0x46, ZpX 0x56, Abs 0x4e, AbsX 0x5e),
    op!("lxa"; Imm i(0xab)),
    op!("nop"; Imp 0xea, Imm i(0x80), Zp i(0x04), ZpX i(0x14), Abs i(0x0c), AbsX i(0x1c)),
    op!("nop"; Imm r(0x82), Zp r(0x44), ZpX r(0x54), Abs r(0xdc)),
    op!("ora"; Imm 0x09, Zp 0x05, ZpX 0x15, Abs 0x0d, AbsX 0x1d, AbsY 0x19, IndX 0x01, IndY 0x11, ZpInd c(0x12)),
    op!("pha"; Imp 0x48),
    op!("php"; Imp 0x08),
    op!("phx"; Imp c(0xda)),
    op!("phy"; Imp c(0x5a)),
    op!("pla"; Imp 0x68),
    op!("plp"; Imp 0x28),
    op!("plx"; Imp c(0xfa)),
    op!("ply"; Imp c(0x7a)),
    op!("rla"; Zp i(0x27), ZpX i(0x37), Abs i(0x2f), AbsX i(0x3f), AbsY i(0x3b), IndX i(0x23), IndY i(0x33)),
    op!("rmb"; ZpBit r(0x07)),
    op!("rol"; Acc 0x2a, Zp 0x26, ZpX 0x36, Abs 0x2e, AbsX 0x3e),
    op!("ror"; Acc 0x6a, Zp 0x66, ZpX 0x76, Abs 0x6e, AbsX 0x7e),
    op!("rra"; Zp i(0x67), ZpX i(0x77), Abs i(0x6f), AbsX i(0x7f), AbsY i(0x7b), IndX i(0x63), IndY i(0x73)),
    op!("rti"; Imp 0x40),
    op!("rts"; Imp 0x60),
    op!("sax"; Zp i(0x87), ZpY i(0x97), Abs i(0x8f), IndX i(0x83)),
    op!("sbc"; Imm 0xe9, Zp 0xe5, ZpX 0xf5, Abs 0xed, AbsX 0xfd, AbsY 0xf9, IndX 0xe1, IndY 0xf1, ZpInd c(0xf2)),
    op!("sbx"; Imm i(0xcb)),
    op!("sec"; Imp 0x38),
    op!("sed"; Imp 0xf8),
    op!("sei"; Imp 0x78),
    op!("sha"; AbsY i(0x9f), IndY i(0x93)),
    op!("shl"; Acc alias(0x0a), Zp alias(0x06), ZpX alias(0x16), Abs alias(0x0e), AbsX alias(0x1e)),
    op!("shr"; Acc alias(0x4a), Zp alias(0x46), ZpX alias(0x56), Abs alias(0x4e), AbsX alias(0x5e)),
    op!("shs"; AbsY i(0x9b)),
    op!("shx"; AbsY i(0x9e)),
    op!("shy"; AbsX i(0x9c)),
    op!("slo"; Zp i(0x07), ZpX i(0x17), Abs i(0x0f), AbsX i(0x1f), AbsY i(0x1b), IndX i(0x03), IndY i(0x13)),
    op!("smb"; ZpBit r(0x87)),
    op!("sre"; Zp i(0x47), ZpX i(0x57), Abs i(0x4f), AbsX i(0x5f), AbsY i(0x5b), IndX i(0x43), IndY i(0x53)),
    op!("sta"; Zp 0x85, ZpX 0x95, Abs 0x8d, AbsX 0x9d, AbsY 0x99, IndX 0x81, IndY 0x91, ZpInd c(0x92)),
    op!("stp"; Imp w(0xdb)),
    op!("stx"; Zp 0x86, ZpY 0x96, Abs 0x8e),
    op!("sty"; Zp 0x84, ZpX 0x94, Abs 0x8c),
    op!("stz"; Zp c(0x64), ZpX c(0x74), Abs c(0x9c), AbsX c(0x9e)),
    op!("tas"; AbsY i(0x9b)),
    op!("tax"; Imp 0xaa),
    op!("tay"; Imp 0xa8),
    op!("trb"; Zp c(0x14), Abs c(0x1c)),
    op!("tsb"; Zp c(0x04), Abs c(0x0c)),
    op!("tsx"; Imp 0xba),
    op!("txa"; Imp 0x8a),
    op!("txs"; Imp 0x9a),
    op!("tya"; Imp 0x98),
    op!("wai"; Imp w(0xcb)),
    op!("xaa"; Imm i(0x8b)),
];

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// How many names the master list has.
const fn count_names() -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < ROWS.len() {
        if k == 0 || !same(ROWS[k].name, ROWS[k - 1].name) {
            n += 1;
        }
        k += 1;
    }
    n
}

const NAMES: usize = count_names();

/// One processor's table (`have`: the classes of opcodes it has), a
/// mnemonic per name in the master list's order.
const fn build(have: u16) -> [Mnemonic; NAMES] {
    let mut out = [Mnemonic::EMPTY; NAMES];
    let mut k = 0;
    let mut j = 0;
    while k < ROWS.len() {
        if k > 0 && !same(ROWS[k].name, ROWS[k - 1].name) {
            j += 1;
        }
        out[j].name = ROWS[k].name;
        let mut m = 0;
        while m < MODE_COUNT {
            let code = ROWS[k].codes[m];
            if code != NO && (code & CLASSES == 0 || code & have != 0) {
                out[j].codes[m] = code & !(C02 | R02 | W02);
                out[j].present = true;
            }
            m += 1;
        }
        k += 1;
    }
    out
}

static M6502: [Mnemonic; NAMES] = build(classes(Cpu::M6502));
static M6502I: [Mnemonic; NAMES] = build(classes(Cpu::M6502i));
static M65C02: [Mnemonic; NAMES] = build(classes(Cpu::M65C02));
static R65C02: [Mnemonic; NAMES] = build(classes(Cpu::R65C02));
static W65C02: [Mnemonic; NAMES] = build(classes(Cpu::W65C02));
/// Every name of any processor (for looking names up; the opcodes of
/// names two processors give different opcodes are mixed).
pub static MNEMONICS: [Mnemonic; NAMES] = build(CLASSES);

/// Every processor, in [`Cpu`]'s order.
pub const CPUS: [Cpu; 5] = [
    Cpu::M6502,
    Cpu::M6502i,
    Cpu::M65C02,
    Cpu::R65C02,
    Cpu::W65C02,
];

/// The instructions of `cpu`, indexed as [`MNEMONICS`].
#[inline]
pub fn table(cpu: Cpu) -> &'static [Mnemonic; NAMES] {
    static TABLES: [&[Mnemonic; NAMES]; 5] = [&M6502, &M6502I, &M65C02, &R65C02, &W65C02];
    TABLES[cpu as usize]
}

/// Whether every processor has the instruction of index `i`.
pub fn everywhere(i: usize) -> bool {
    CPUS.iter().all(|&cpu| table(cpu)[i].present)
}

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

/// The name and mode a listing shows for each opcode of a processor: the
/// documented instruction where there is one, not an alias (`inc a`, not
/// `ina`), else 64tass's name among the aliases of an undocumented one
/// (`dcp`, not `dcm`).
fn listing_table(cpu: Cpu) -> &'static [Option<(&'static str, Mode)>] {
    /// The names 64tass's listing gives undocumented opcodes that have several.
    const PREFERRED: [&str; 6] = ["asr", "sha", "lds", "dcp", "sbx", "isb"];
    type Table = Vec<Option<(&'static str, Mode)>>;
    static TABLES: [std::sync::OnceLock<Table>; 5] = [const { std::sync::OnceLock::new() }; 5];
    TABLES[cpu as usize].get_or_init(|| {
        // Rank of a name for an opcode: higher wins.
        let rank = |name: &str, cell: u16| match (cell & ALIAS != 0, cell & ILL != 0) {
            (true, _) => 0,
            (false, true) if PREFERRED.contains(&name) => 2,
            (false, true) => 1,
            (false, false) => 3,
        };
        let mut t: Vec<Option<(&'static str, Mode, u8)>> = vec![None; 256];
        for m in table(cpu) {
            for mode in ALL_MODES {
                let cell = m.codes[mode as usize];
                // `brk #imm` is not how a listing shows $00.
                if cell == NO || (m.name == "brk" && mode == Mode::Immediate) {
                    continue;
                }
                let bits: &[u8] = match mode {
                    Mode::ZeroPageBit | Mode::ZeroPageBitRelative => &[0, 1, 2, 3, 4, 5, 6, 7],
                    _ => &[0],
                };
                for &bit in bits {
                    let slot = &mut t[(cell as u8 + (bit << 4)) as usize];
                    let r = rank(m.name, cell);
                    if slot.is_none_or(|(_, _, was)| r > was) {
                        *slot = Some((m.name, mode, r));
                    }
                }
            }
        }
        t.into_iter().map(|e| e.map(|(n, m, _)| (n, m))).collect()
    })
}

/// How many bytes the instruction starting with `opcode` takes on `cpu`
/// (`brk`: 1).
pub fn instruction_len(opcode: u8, cpu: Cpu) -> Option<u32> {
    listing_table(cpu)[opcode as usize].map(|(_, mode)| mode.len())
}

/// One instruction of `cpu` as a listing shows it (`lda #$05`, `bne $1011`),
/// when `bytes` are exactly one instruction at `pc`. `brk` shows 64tass's
/// way: `brk #`, or `brk #$05` with its signature byte.
pub fn disassemble(bytes: &[u8], pc: u32, cpu: Cpu) -> Option<String> {
    let table = listing_table(cpu);
    match bytes {
        [0x00] => return Some("brk #".into()),
        [0x00, b] => return Some(format!("brk #${b:02x}")),
        _ => {}
    }
    let opcode = *bytes.first()?;
    let (name, mode) = table[opcode as usize]?;
    // Cut short (a pseudo branch that skips one byte): the name alone, or
    // with `#` for the R65C02's `nop #` that `gra` makes of it.
    if bytes.len() < mode.len() as usize {
        return Some(match mode {
            Mode::Immediate => format!("{name} #"),
            _ => name.to_string(),
        });
    }
    if bytes.len() != mode.len() as usize {
        return None;
    }
    let b = bytes.get(1).copied().unwrap_or(0);
    let w = u16::from_le_bytes([b, bytes.get(2).copied().unwrap_or(0)]);
    let bit = opcode >> 4 & 7;
    let target = |len: i32, offset: u8| (pc as i32 + len + offset as i8 as i32) as u32 & 0xffff;
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
        Mode::Relative => format!("{name} ${:04x}", target(2, b)),
        Mode::ZeroPageIndirect => format!("{name} (${b:02x})"),
        Mode::AbsoluteIndirectX => format!("{name} (${w:04x},x)"),
        Mode::ZeroPageBit => format!("{name} {bit},${b:02x}"),
        Mode::ZeroPageBitRelative => {
            format!("{name} {bit},${b:02x},${:04x}", target(3, bytes[2]))
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
    Mode::ZeroPageIndirect,
    Mode::AbsoluteIndirectX,
    Mode::ZeroPageBit,
    Mode::ZeroPageBitRelative,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Opcodes of `cpu` (a bit instruction counted once per bit), with
    /// whether they are documented, aliases left out.
    fn opcodes(cpu: Cpu) -> (usize, usize) {
        let (mut documented, mut illegal) = (0, 0);
        for m in table(cpu) {
            for mode in ALL_MODES {
                let cell = m.codes[mode as usize];
                if cell == NO || cell & ALIAS != 0 {
                    continue;
                }
                let n = match mode {
                    Mode::ZeroPageBit | Mode::ZeroPageBitRelative => 8,
                    _ => 1,
                };
                if cell & ILL != 0 {
                    illegal += n;
                } else {
                    documented += n;
                }
            }
        }
        (documented, illegal)
    }

    #[test]
    fn tables_have_each_processors_opcodes() {
        assert!(MNEMONICS.windows(2).all(|w| w[0].name < w[1].name));
        // brk #imm is a 64tass extra encoding of the same opcode as implied brk.
        assert_eq!(opcodes(Cpu::M6502), (151 + 1, 0));
        assert_eq!(opcodes(Cpu::M6502i).0, 151 + 1);
        // 27 new opcodes on the 65C02; 32 bit instructions and 4 `nop`s on
        // the R65C02; `stp` and `wai` on the W65C02.
        assert_eq!(opcodes(Cpu::M65C02), (151 + 1 + 27, 0));
        assert_eq!(opcodes(Cpu::R65C02), (151 + 1 + 27 + 36, 0));
        assert_eq!(opcodes(Cpu::W65C02), (151 + 1 + 27 + 36 + 2, 0));
        // Names of their own (aliases such as `cpa` and `clr` left out).
        let names = |cpu| {
            table(cpu)
                .iter()
                .filter(|m| m.codes.iter().any(|&c| c != NO && c & ALIAS == 0))
                .count()
        };
        assert_eq!(names(Cpu::M6502), 56);
        // Also bra, phx, phy, plx, ply, stz, trb, tsb.
        assert_eq!(names(Cpu::M65C02), 56 + 8);
        assert_eq!(names(Cpu::W65C02), 56 + 8 + 4 + 2);
    }

    #[test]
    fn every_opcode_has_one_name_per_processor() {
        for cpu in CPUS {
            let mut seen = [false; 256];
            for op in 0..=255u8 {
                if let Some(len) = instruction_len(op, cpu) {
                    seen[op as usize] = true;
                    let bytes = [op, 0x12, 0x34];
                    assert!(disassemble(&bytes[..len as usize], 0x1000, cpu).is_some());
                }
            }
            let count = seen.iter().filter(|&&s| s).count();
            let expected = match cpu {
                Cpu::M6502 => 151,
                // 70 undocumented, as 64tass's manual lists them.
                Cpu::M6502i => 151 + 70,
                Cpu::M65C02 => 151 + 27,
                Cpu::R65C02 => 151 + 27 + 36,
                Cpu::W65C02 => 151 + 27 + 36 + 2,
            };
            assert_eq!(count, expected, "{cpu:?}");
        }
    }

    #[test]
    fn listing_shows_65c02_forms() {
        let d = |b: &[u8], cpu| disassemble(b, 0x1000, cpu).unwrap();
        assert_eq!(d(&[0xb2, 0x12], Cpu::M65C02), "lda ($12)");
        assert_eq!(d(&[0x7c, 0x34, 0x12], Cpu::M65C02), "jmp ($1234,x)");
        assert_eq!(d(&[0x1a], Cpu::M65C02), "inc a");
        assert_eq!(d(&[0x80, 0xfe], Cpu::M65C02), "bra $1000");
        assert_eq!(d(&[0x80, 0x12], Cpu::M6502i), "nop #$12");
        assert_eq!(d(&[0x77, 0x12], Cpu::R65C02), "rmb 7,$12");
        assert_eq!(d(&[0x9f, 0x17, 0xfd], Cpu::R65C02), "bbs 1,$17,$1000");
        assert_eq!(d(&[0x82], Cpu::R65C02), "nop #");
        assert_eq!(d(&[0xdb], Cpu::W65C02), "stp");
        assert_eq!(disassemble(&[0xdb], 0x1000, Cpu::R65C02), None);
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
