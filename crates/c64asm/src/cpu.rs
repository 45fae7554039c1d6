//! The processors c64asm assembles for, as 64tass knows them: their
//! `.cpu` names, command-line switches, address spaces, registers and the
//! few ways they differ beyond their opcode tables (see [`crate::opcodes`]).

/// Target processor (`--m65xx`, `-i`, `--m65c02`, `--mr65c02`, `--mw65c02`,
/// `--m65ce02`, `-x`, `-t`, `-e`, `--m4510`, `.cpu`). The order is that of
/// [`crate::opcodes::table`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cpu {
    /// Standard NMOS 6502 (`--m65xx`, 64tass's default).
    #[default]
    M6502,
    /// 6502 with the undocumented NMOS opcodes (`-i`, `--m6502`).
    M6502i,
    /// CMOS 65C02 (`-c`, `--m65c02`).
    M65C02,
    /// Rockwell R65C02: the 65C02 with `bbr`, `bbs`, `rmb`, `smb` (`--mr65c02`).
    R65C02,
    /// WDC W65C02: the R65C02 with `stp` and `wai` (`--mw65c02`).
    W65C02,
    /// CSG 65CE02: the R65C02 with a Z register, a movable base page,
    /// 16-bit branches and word instructions (`--m65ce02`).
    M65CE02,
    /// WDC W65C816: 16-bit registers, 24-bit addresses (`-x`, `--m65816`).
    M65816,
    /// The C64 DTV's 6502 with `bra`, `sac`, `sir` and some undocumented
    /// opcodes (`-t`, `--m65dtv02`).
    M65DTV02,
    /// RedPower's 65EL02 (`-e`, `--m65el02`).
    M65EL02,
    /// CSG 4510: the 65CE02 with `map` (the C65 and MEGA65; `--m4510`).
    M4510,
}

/// Every processor, in [`Cpu`]'s order.
pub const CPUS: [Cpu; 10] = [
    Cpu::M6502,
    Cpu::M6502i,
    Cpu::M65C02,
    Cpu::R65C02,
    Cpu::W65C02,
    Cpu::M65CE02,
    Cpu::M65816,
    Cpu::M65DTV02,
    Cpu::M65EL02,
    Cpu::M4510,
];

impl Cpu {
    /// The processor a `.cpu` name selects (`"default"`, the command line's,
    /// is the caller's to handle). Names are case-sensitive, as in 64tass.
    pub fn from_name(name: &str) -> Option<Cpu> {
        CPUS.into_iter().find(|c| c.name() == name)
    }

    /// The `.cpu` name.
    pub fn name(self) -> &'static str {
        match self {
            Cpu::M6502 => "6502",
            Cpu::M6502i => "6502i",
            Cpu::M65C02 => "65c02",
            Cpu::R65C02 => "r65c02",
            Cpu::W65C02 => "w65c02",
            Cpu::M65CE02 => "65ce02",
            Cpu::M65816 => "65816",
            Cpu::M65DTV02 => "65dtv02",
            Cpu::M65EL02 => "65el02",
            Cpu::M4510 => "4510",
        }
    }

    /// The command-line switch that selects it.
    pub fn switch(self) -> &'static str {
        match self {
            Cpu::M6502 => "--m65xx",
            Cpu::M6502i => "-i",
            Cpu::M65C02 => "--m65c02",
            Cpu::R65C02 => "--mr65c02",
            Cpu::W65C02 => "--mw65c02",
            Cpu::M65CE02 => "--m65ce02",
            Cpu::M65816 => "--m65816",
            Cpu::M65DTV02 => "--m65dtv02",
            Cpu::M65EL02 => "--m65el02",
            Cpu::M4510 => "--m4510",
        }
    }

    /// An NMOS 6502 (the DTV's included): `jmp ($xxff)` reads its high byte
    /// from `$xx00`.
    pub fn has_jmp_bug(self) -> bool {
        matches!(self, Cpu::M6502 | Cpu::M6502i | Cpu::M65DTV02)
    }

    /// The 65CE02 and the 4510: `(zp),z` where the 65C02 has `(zp)`, long
    /// branches, relative offsets from an instruction's last byte.
    pub fn is_65ce02(self) -> bool {
        matches!(self, Cpu::M65CE02 | Cpu::M4510)
    }

    /// The 65816 and the 65EL02: 16-bit registers sized by `rep`/`sep`
    /// (`.autsiz`), direct page addresses taken as written.
    pub fn has_wide_registers(self) -> bool {
        matches!(self, Cpu::M65816 | Cpu::M65EL02)
    }

    /// The program counter's (and every address's) highest value: 24 bits
    /// on the 65816, 16 elsewhere.
    pub fn address_mask(self) -> u32 {
        match self {
            Cpu::M65816 => 0xff_ffff,
            _ => 0xffff,
        }
    }

    /// The single-letter register names the processor defines (`asl a`,
    /// `lda $12,x` written `lda $12, x`, `ldx s`). 64tass keeps every name a
    /// processor selected during the run defined.
    pub fn registers(self) -> &'static str {
        match self {
            Cpu::M65816 => "abdkpsxy",
            Cpu::M65EL02 => "adiprsxy",
            Cpu::M65CE02 | Cpu::M4510 => "abpsxyz",
            _ => "apsxy",
        }
    }
}
