//! Opcode tables of the processors c64asm assembles for (see [`Cpu`]),
//! under 64tass's names. One master list ([`list`]) says which processors
//! have each opcode; each processor gets its own resolved table, built at
//! compile time, so encoding never asks which processor it is for.

mod disasm;
mod forms;
mod list;

pub use disasm::{Listed, disassemble_into, instruction_len, is_immediate, takes_signature};
pub use forms::{Forms, ROW, forms, hex_pair};

use crate::cpu::{CPUS, Cpu};

/// `modes! { A, B }`: the `Mode` enum, and every mode in its order.
macro_rules! modes {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// Addressing modes, in the column order of [`Mnemonic`]'s codes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Mode {
            $($(#[$doc])* $name,)*
        }

        /// Every mode, in its column's order.
        const ALL_MODES: [Mode; MODE_COUNT] = [$(Mode::$name),*];
        pub const MODE_COUNT: usize = [$(Mode::$name),*].len();
    };
}

modes! {
    Implied,
    /// `asl a`; a shift or `neg` written alone means it too.
    Accumulator,
    Immediate,
    ZeroPage,
    ZeroPageX,
    ZeroPageY,
    Absolute,
    AbsoluteX,
    AbsoluteY,
    /// `$123456`, 65816.
    Long,
    /// `$123456,x`, 65816.
    LongX,
    /// `(abs)`: `jmp`, and the 65CE02's `jsr`.
    Indirect,
    IndirectX,
    IndirectY,
    /// `(zp)`, 65C02.
    ZeroPageIndirect,
    /// `(zp),z`, 65CE02 (the 65C02's `(zp)` opcodes).
    ZeroPageIndirectZ,
    /// `(abs,x)`: `jmp`, 65C02; `jsr`, 65816 and 65CE02.
    AbsoluteIndirectX,
    /// `[zp]`, 65816.
    LongIndirect,
    /// `[zp],y`, 65816.
    LongIndirectY,
    /// `[abs]`: `jmp`/`jml`, 65816.
    AbsoluteLongIndirect,
    /// `zp,s`, 65816 and 65EL02.
    Stack,
    /// `(zp,s),y`, 65816, 65EL02 and 65CE02.
    StackIndirectY,
    /// `zp,r`, 65EL02.
    DataStack,
    /// `(zp,r),y`, 65EL02.
    DataStackIndirectY,
    Relative,
    /// A 16-bit offset: `brl`, `per`, `bsr`, the 65CE02's long branches.
    RelativeLong,
    /// `mvn src,dst`, 65816.
    Move,
    /// `bit,zp` (`rmb 3,$12`), R65C02: the bit number is in the opcode's
    /// high nibble, the table holds bit 0's opcode.
    ZeroPageBit,
    /// `bit,zp,target` (`bbr 3,$12,label`), R65C02; as [`Mode::ZeroPageBit`].
    ZeroPageBitRelative,
}

impl Mode {
    /// Bytes an instruction in this mode occupies, opcode included (an
    /// immediate: with a byte, see [`disasm::instruction_len`] for words).
    pub fn len(self) -> u32 {
        use Mode::*;
        match self {
            Implied | Accumulator => 1,
            Absolute | AbsoluteX | AbsoluteY | Indirect | AbsoluteIndirectX
            | AbsoluteLongIndirect | RelativeLong | Move | ZeroPageBitRelative => 3,
            Long | LongX => 4,
            _ => 2,
        }
    }
}

// A cell of the master list: the opcode in the low byte, the processors
// that have it as a set of bits (none: every processor), and these flags.
/// An undocumented NMOS opcode.
const ILL: u32 = 1 << 20;
/// Another name of an opcode that has a name of its own (`ina`: `inc a`),
/// which a listing shows instead.
const ALIAS: u32 = 1 << 21;
const CPU_BITS: u32 = 0x3ff << 8;
/// The mode does not exist for the mnemonic.
const NO: u32 = u32::MAX;

/// The set of processors `list` as cell bits.
const fn cpus(list: &[Cpu]) -> u32 {
    let mut set = 0;
    let mut k = 0;
    while k < list.len() {
        set |= 1 << (8 + list[k] as u32);
        k += 1;
    }
    set
}

/// Whether a cell with these bits is on processor `cpu`.
const fn on_cpu(cell: u32, cpu: Cpu) -> bool {
    cell & CPU_BITS == 0 || cell & (1 << (8 + cpu as u32)) != 0
}

// A resolved cell: the opcode and the `ILL`/`ALIAS` flags, shifted down.
const R_ILL: u16 = 0x100;
const R_ALIAS: u16 = 0x200;
const R_NO: u16 = 0xffff;

/// An instruction name with its opcodes on one processor.
///
/// The name's three letters are held here, not a `&str`: a table without
/// pointers is read-only data the kernel maps only where a build reads it
/// (one processor's table), where a pointer put all ten processors' tables
/// among the data made at load (`.data.rel.ro`, 151 KB of it; docs/performance.md,
/// session 44).
#[derive(Clone, Copy)]
pub struct Mnemonic {
    name: [u8; 3],
    /// Opcode per [`Mode`] with `R_ILL`/`R_ALIAS`; `R_NO` if unavailable.
    codes: [u16; MODE_COUNT],
    /// The processor has at least one mode of it.
    present: bool,
}

impl Mnemonic {
    const EMPTY: Mnemonic = Mnemonic {
        name: [0; 3],
        codes: [R_NO; MODE_COUNT],
        present: false,
    };

    /// The instruction's name, lower case (`lda`).
    pub fn name(&self) -> &str {
        std::str::from_utf8(&self.name).unwrap_or_default()
    }

    /// Whether the instruction is named `name` (lower case).
    #[inline]
    pub fn is(&self, name: &str) -> bool {
        self.name == name.as_bytes()
    }

    /// The opcode for `mode`.
    #[inline]
    pub fn opcode(&self, mode: Mode) -> Option<u8> {
        let c = self.codes[mode as usize];
        (c != R_NO).then_some(c as u8)
    }

    pub fn has(&self, mode: Mode) -> bool {
        self.codes[mode as usize] != R_NO
    }

    /// A branch: a relative mode, short or long.
    pub fn is_branch(&self) -> bool {
        self.has(Mode::Relative) || self.has(Mode::RelativeLong)
    }

    /// Whether the processor of this table has the instruction at all.
    pub fn present(&self) -> bool {
        self.present
    }

    /// A pseudo branch (`gcc`): branch `code` where it reaches, else a
    /// `jmp` (64tass's table gives them these two modes).
    pub fn pseudo(name: &str, code: u8) -> Mnemonic {
        let mut m = Mnemonic {
            name: letters(name),
            ..Mnemonic::EMPTY
        };
        m.codes[Mode::Relative as usize] = code as u16;
        m.codes[Mode::Absolute as usize] = 0x4c;
        m.present = true;
        m
    }

    /// `gcc`, `gra` and the other pseudo branches.
    pub fn is_pseudo(&self) -> bool {
        self.has(Mode::Relative) && self.opcode(Mode::Absolute) == Some(0x4c)
    }
}

/// One line of the master list.
struct Row {
    name: &'static str,
    codes: [u32; MODE_COUNT],
}

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
    while k < list::ROWS.len() {
        if k == 0 || !same(list::ROWS[k].name, list::ROWS[k - 1].name) {
            n += 1;
        }
        k += 1;
    }
    n
}

const NAMES: usize = count_names();

/// A three-letter name's letters (every instruction name has three; another
/// length stops the compile where the tables are made, or gives blanks).
const fn letters(name: &str) -> [u8; 3] {
    match name.as_bytes() {
        &[a, b, c] => [a, b, c],
        _ => [b' '; 3],
    }
}

/// A resolved cell of the master list.
const fn resolve(cell: u32) -> u16 {
    let mut r = cell as u8 as u16;
    if cell & ILL != 0 {
        r |= R_ILL;
    }
    if cell & ALIAS != 0 {
        r |= R_ALIAS;
    }
    r
}

/// One processor's table (`None`: every name with every mode any processor
/// gives it, for looking names up), a mnemonic per name in the master
/// list's order.
const fn build(cpu: Option<Cpu>) -> [Mnemonic; NAMES] {
    let mut out = [Mnemonic::EMPTY; NAMES];
    let mut k = 0;
    let mut j = 0;
    while k < list::ROWS.len() {
        if k > 0 && !same(list::ROWS[k].name, list::ROWS[k - 1].name) {
            j += 1;
        }
        assert!(
            list::ROWS[k].name.len() == 3,
            "an instruction name has three letters"
        );
        out[j].name = letters(list::ROWS[k].name);
        let mut m = 0;
        while m < MODE_COUNT {
            let cell = list::ROWS[k].codes[m];
            let wanted = match cpu {
                Some(cpu) => on_cpu(cell, cpu),
                None => true,
            };
            if cell != NO && wanted {
                out[j].codes[m] = resolve(cell);
                out[j].present = true;
            }
            m += 1;
        }
        k += 1;
    }
    out
}

static TABLES: [[Mnemonic; NAMES]; 10] = [
    build(Some(Cpu::M6502)),
    build(Some(Cpu::M6502i)),
    build(Some(Cpu::M65C02)),
    build(Some(Cpu::R65C02)),
    build(Some(Cpu::W65C02)),
    build(Some(Cpu::M65CE02)),
    build(Some(Cpu::M65816)),
    build(Some(Cpu::M65DTV02)),
    build(Some(Cpu::M65EL02)),
    build(Some(Cpu::M4510)),
];

/// Every name of any processor (for looking names up; the opcodes of
/// names two processors give different opcodes are mixed).
pub static MNEMONICS: [Mnemonic; NAMES] = build(None);

/// The instructions of `cpu`, indexed as [`MNEMONICS`].
#[inline]
pub fn table(cpu: Cpu) -> &'static [Mnemonic; NAMES] {
    &TABLES[cpu as usize]
}

/// Whether every processor has the instruction of index `i`.
pub fn everywhere(i: usize) -> bool {
    EVERYWHERE.get(i).copied().unwrap_or(false)
}

/// [`everywhere`] of each name, made when compiling: read from the tables it
/// touched all ten processors' (150 KB, resident in every build).
static EVERYWHERE: [bool; NAMES] = everywhere_table();

const fn everywhere_table() -> [bool; NAMES] {
    let mut out = [true; NAMES];
    let mut c = 0;
    while c < CPUS.len() {
        let t = build(Some(CPUS[c]));
        let mut i = 0;
        while i < NAMES {
            out[i] = out[i] && t[i].present;
            i += 1;
        }
        c += 1;
    }
    out
}

/// The opcode of `name` with register operand `reg` on `cpu` (`lda x`:
/// `txa`, `inc z`: `inz`), the accumulator forms (`asl a`) included.
pub fn register_form(m: &Mnemonic, reg: char, cpu: Cpu) -> Option<u8> {
    if reg == 'a'
        && let Some(code) = m.opcode(Mode::Accumulator)
    {
        return Some(code);
    }
    list::REGISTER_FORMS
        .iter()
        .find(|&&(name, r, cell)| m.is(name) && r == reg && on_cpu(cell, cpu))
        .map(|&(_, _, cell)| cell as u8)
}

/// How an immediate operand of opcode `code` is sized on `cpu`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmediateSize {
    /// A byte, or a word after `.al` (`lda`, `adc`, ...).
    Accumulator,
    /// A byte, or a word after `.xl` (`ldx`, `ldy`, `cpx`, `cpy`).
    Index,
    /// Always a word (`pea`, `phw`).
    Word,
    /// A byte, signed or not (`brk`, `cop`, a branch's raw offset).
    Byte,
    /// An unsigned byte only, `#` and no `#+` (`rep`, `sep`, `mmu`, `sac`, `sir`).
    Unsigned,
}

/// The size class of `m`'s immediate operand on `cpu`, as 64tass sizes it.
pub fn immediate_size(m: &Mnemonic, cpu: Cpu) -> ImmediateSize {
    let code = m.opcode(Mode::Immediate).unwrap_or(0);
    match code {
        0xa0 | 0xa2 | 0xc0 | 0xe0 => ImmediateSize::Index,
        0xf4 => ImmediateSize::Word,
        0x32 | 0x42 if cpu == Cpu::M65DTV02 => ImmediateSize::Unsigned,
        0xc2 | 0xe2 | 0xef if cpu.has_wide_registers() => ImmediateSize::Unsigned,
        0x00 | 0x02 | 0x32 | 0x42 | 0xc2 | 0xe2 | 0xef => ImmediateSize::Byte,
        _ if m.is_branch() => ImmediateSize::Byte,
        _ => ImmediateSize::Accumulator,
    }
}

fn key(b: &[u8]) -> u32 {
    (b[0].to_ascii_lowercase() as u32) << 16
        | (b[1].to_ascii_lowercase() as u32) << 8
        | b[2].to_ascii_lowercase() as u32
}

/// Packed names of [`MNEMONICS`], in the same (sorted) order.
fn keys() -> &'static [u32] {
    static KEYS: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| MNEMONICS.iter().map(|m| key(&m.name)).collect())
}

/// Index into [`MNEMONICS`] of a three-letter word, case-insensitively.
#[inline]
pub fn lookup(word: &[u8]) -> Option<u8> {
    if word.len() != 3 {
        return None;
    }
    keys().binary_search(&key(word)).ok().map(|i| i as u8)
}

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
                if cell == R_NO || cell & R_ALIAS != 0 {
                    continue;
                }
                let n = match mode {
                    Mode::ZeroPageBit | Mode::ZeroPageBitRelative => 8,
                    _ => 1,
                };
                if cell & R_ILL != 0 {
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
        assert!(MNEMONICS.windows(2).all(|w| w[0].name() < w[1].name()));
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
                .filter(|m| m.codes.iter().any(|&c| c != R_NO && c & R_ALIAS == 0))
                .count()
        };
        assert_eq!(names(Cpu::M6502), 56);
        // Also bra, phx, phy, plx, ply, stz, trb, tsb.
        assert_eq!(names(Cpu::M65C02), 56 + 8);
        assert_eq!(names(Cpu::W65C02), 56 + 8 + 4 + 2);
    }

    /// The table made when compiling says what the processors' tables say
    /// (`lda` everywhere, `stz` not on the 6502, `lax` only on some).
    #[test]
    fn everywhere_is_every_processor() {
        for (i, m) in MNEMONICS.iter().enumerate() {
            let all = CPUS.iter().all(|&cpu| table(cpu)[i].present);
            assert_eq!(everywhere(i), all, "{}", m.name());
        }
        let at = |name: &str| MNEMONICS.iter().position(|m| m.is(name)).unwrap();
        assert!(everywhere(at("lda")));
        assert!(!everywhere(at("stz")));
        assert!(!everywhere(at("lax")));
        assert!(!everywhere(NAMES));
    }

    /// No processor gets two opcodes for one name and mode from two rows.
    #[test]
    fn rows_do_not_overlap() {
        for cpu in CPUS {
            for (k, a) in list::ROWS.iter().enumerate() {
                for b in &list::ROWS[k + 1..] {
                    if a.name != b.name {
                        continue;
                    }
                    for m in 0..MODE_COUNT {
                        let (x, y) = (a.codes[m], b.codes[m]);
                        assert!(
                            x == NO || y == NO || !on_cpu(x, cpu) || !on_cpu(y, cpu),
                            "{cpu:?} {} mode {m}",
                            a.name
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn lookup_is_case_insensitive() {
        assert_eq!(
            lookup(b"LDA").map(|i| MNEMONICS[i as usize].name()),
            Some("lda")
        );
        assert_eq!(lookup(b"ldq"), None);
    }
}
