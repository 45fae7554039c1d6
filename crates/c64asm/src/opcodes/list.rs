//! The master list: every instruction name of every processor with its
//! opcode per addressing mode and which processors have it (the chips'
//! manufacturer tables, under the names 64tass's manual gives them).

use super::{ALIAS, ILL, Mode, NO, Row, cpus};
use crate::cpu::Cpu;

/// A cell of `code` on the processors of `set` only.
const fn on(set: u32, code: u32) -> u32 {
    code | set
}
/// An undocumented NMOS opcode (`-i`).
const fn i(code: u32) -> u32 {
    code | ILL | NMOS_I
}
/// An undocumented NMOS opcode the 65DTV02 has too.
const fn id(code: u32) -> u32 {
    code | ILL | NMOS_I | DTV
}
/// Another name of an opcode, which a listing shows under its own name.
const fn alias(code: u32) -> u32 {
    code | ALIAS
}

const NMOS_I: u32 = cpus(&[Cpu::M6502i]);
const DTV: u32 = cpus(&[Cpu::M65DTV02]);
/// The 65C02 and every processor built on it.
const CMOS: u32 = cpus(&[
    Cpu::M65C02,
    Cpu::R65C02,
    Cpu::W65C02,
    Cpu::M65CE02,
    Cpu::M65816,
    Cpu::M65EL02,
    Cpu::M4510,
]);
/// The 65C02's `(zp)`, which the 65CE02 turned into `(zp),z`.
const ZP_IND: u32 = cpus(&[
    Cpu::M65C02,
    Cpu::R65C02,
    Cpu::W65C02,
    Cpu::M65816,
    Cpu::M65EL02,
]);
/// Rockwell's bit instructions.
const BITS: u32 = cpus(&[Cpu::R65C02, Cpu::W65C02, Cpu::M65CE02, Cpu::M4510]);
/// Rockwell's and WDC's 65C02s (their extra `nop`s).
const RW: u32 = cpus(&[Cpu::R65C02, Cpu::W65C02]);
/// `stp` and `wai`.
const WDC: u32 = cpus(&[Cpu::W65C02, Cpu::M65816, Cpu::M65EL02]);
const CE: u32 = cpus(&[Cpu::M65CE02, Cpu::M4510]);
const X16: u32 = cpus(&[Cpu::M65816]);
const EL: u32 = cpus(&[Cpu::M65EL02]);
/// What the 65816 and the 65EL02 share: the stack-relative modes and more.
const XEL: u32 = cpus(&[Cpu::M65816, Cpu::M65EL02]);
const C4510: u32 = cpus(&[Cpu::M4510]);

/// `op!("adc"; Imm 0x69, Zp 0x65)`: the modes a name has, by short name.
macro_rules! op {
    ($name:literal; $($mode:ident $code:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut codes = [NO; super::MODE_COUNT];
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
    pub const Long: Mode = Mode::Long;
    pub const LongX: Mode = Mode::LongX;
    pub const Ind: Mode = Mode::Indirect;
    pub const IndX: Mode = Mode::IndirectX;
    pub const IndY: Mode = Mode::IndirectY;
    pub const ZpInd: Mode = Mode::ZeroPageIndirect;
    pub const ZpIndZ: Mode = Mode::ZeroPageIndirectZ;
    pub const AbsIndX: Mode = Mode::AbsoluteIndirectX;
    pub const LInd: Mode = Mode::LongIndirect;
    pub const LIndY: Mode = Mode::LongIndirectY;
    pub const AbsLInd: Mode = Mode::AbsoluteLongIndirect;
    pub const Sr: Mode = Mode::Stack;
    pub const SrIndY: Mode = Mode::StackIndirectY;
    pub const Dr: Mode = Mode::DataStack;
    pub const DrIndY: Mode = Mode::DataStackIndirectY;
    pub const Rel: Mode = Mode::Relative;
    pub const RelL: Mode = Mode::RelativeLong;
    pub const Move: Mode = Mode::Move;
    pub const ZpBit: Mode = Mode::ZeroPageBit;
    pub const ZpBitRel: Mode = Mode::ZeroPageBitRelative;
}

/// The eight accumulator instructions' modes past the 6502's (`base` is
/// the opcode group's `(zp,x)` opcode): `(zp)` on the 65C02s, `(zp),z` on
/// the 65CE02s, long, stack and `[zp]` modes on the 65816, stack and
/// data-stack modes on the 65EL02.
macro_rules! alu {
    ($name:literal, $base:expr; $($mode:ident $code:expr),* $(,)?) => {
        op!($name; $($mode $code,)*
            ZpInd on(ZP_IND, $base + 0x11), ZpIndZ on(CE, $base + 0x11),
            Sr on(XEL, $base + 2), SrIndY on(XEL, $base + 0x12),
            LInd on(X16, $base + 6), LIndY on(X16, $base + 0x16),
            Long on(X16, $base + 0xe), LongX on(X16, $base + 0x1e),
            Dr on(EL, $base + 6), DrIndY on(EL, $base + 0x16))
    };
}

/// Every instruction of every processor, sorted by name. A name may have
/// several rows: where processors give the same name and mode other
/// opcodes (`bra`, `nop`, `phd`), or give a name to different things.
#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    alu!("adc", 0x61; Imm 0x69, Zp 0x65, ZpX 0x75, Abs 0x6d, AbsX 0x7d, AbsY 0x79, IndX 0x61, IndY 0x71),
    op!("ahx"; AbsY i(0x9f), IndY i(0x93)),
    op!("alr"; Imm id(0x4b)),
    op!("anc"; Imm i(0x0b)),
    alu!("and", 0x21; Imm 0x29, Zp 0x25, ZpX 0x35, Abs 0x2d, AbsX 0x3d, AbsY 0x39, IndX 0x21, IndY 0x31),
    op!("ane"; Imm id(0x8b)),
    op!("arr"; Imm id(0x6b)),
    op!("asl"; Acc 0x0a, Zp 0x06, ZpX 0x16, Abs 0x0e, AbsX 0x1e),
    op!("asr"; Imm id(0x4b)),
    op!("asr"; Acc on(CE, 0x43), Zp on(CE, 0x44), ZpX on(CE, 0x54)),
    op!("asw"; Abs on(CE, 0xcb)),
    op!("axs"; Imm i(0xcb)),
    op!("bbr"; ZpBitRel on(BITS, 0x0f)),
    op!("bbs"; ZpBitRel on(BITS, 0x8f)),
    op!("bcc"; Rel 0x90, RelL on(CE, 0x93)),
    op!("bcs"; Rel 0xb0, RelL on(CE, 0xb3)),
    op!("beq"; Rel 0xf0, RelL on(CE, 0xf3)),
    op!("bge"; Rel alias(0xb0), RelL on(CE, alias(0xb3))),
    op!("bit"; Zp 0x24, Abs 0x2c, Imm on(CMOS, 0x89), ZpX on(CMOS, 0x34), AbsX on(CMOS, 0x3c)),
    op!("blt"; Rel alias(0x90), RelL on(CE, alias(0x93))),
    op!("bmi"; Rel 0x30, RelL on(CE, 0x33)),
    op!("bne"; Rel 0xd0, RelL on(CE, 0xd3)),
    op!("bpl"; Rel 0x10, RelL on(CE, 0x13)),
    op!("bra"; Rel on(CMOS, 0x80), RelL on(CE, 0x83)),
    op!("bra"; Rel on(DTV, 0x12)),
    op!("brk"; Imp 0x00, Imm 0x00),
    op!("brl"; RelL on(X16, 0x82)),
    op!("bsr"; RelL on(CE, 0x63)),
    op!("bvc"; Rel 0x50, RelL on(CE, 0x53)),
    op!("bvs"; Rel 0x70, RelL on(CE, 0x73)),
    op!("clc"; Imp 0x18),
    op!("cld"; Imp 0xd8),
    op!("cle"; Imp on(CE, 0x02)),
    op!("cli"; Imp 0x58),
    op!("clp"; Imm on(XEL, alias(0xc2))),
    op!("clr"; Zp on(ZP_IND, alias(0x64)), ZpX on(ZP_IND, alias(0x74)), Abs on(ZP_IND, alias(0x9c)), AbsX on(ZP_IND, alias(0x9e))),
    op!("clv"; Imp 0xb8),
    alu!("cmp", 0xc1; Imm 0xc9, Zp 0xc5, ZpX 0xd5, Abs 0xcd, AbsX 0xdd, AbsY 0xd9, IndX 0xc1, IndY 0xd1),
    op!("cop"; Imp on(X16, 0x02), Imm on(X16, 0x02)),
    alu!("cpa", alias(0xc1); Imm alias(0xc9), Zp alias(0xc5), ZpX alias(0xd5), Abs alias(0xcd), AbsX alias(0xdd), AbsY alias(0xd9), IndX alias(0xc1), IndY alias(0xd1)),
    op!("cpx"; Imm 0xe0, Zp 0xe4, Abs 0xec),
    op!("cpy"; Imm 0xc0, Zp 0xc4, Abs 0xcc),
    op!("cpz"; Imm on(CE, 0xc2), Zp on(CE, 0xd4), Abs on(CE, 0xdc)),
    op!("csp"; Imp on(X16, alias(0x02)), Imm on(X16, alias(0x02))),
    op!("dcm"; Zp id(0xc7), ZpX id(0xd7), Abs id(0xcf), AbsX id(0xdf), AbsY id(0xdb), IndX id(0xc3), IndY id(0xd3)),
    op!("dcp"; Zp id(0xc7), ZpX id(0xd7), Abs id(0xcf), AbsX id(0xdf), AbsY id(0xdb), IndX id(0xc3), IndY id(0xd3)),
    op!("dea"; Imp on(CMOS, alias(0x3a))),
    op!("dec"; Zp 0xc6, ZpX 0xd6, Abs 0xce, AbsX 0xde, Acc on(CMOS, 0x3a)),
    op!("dew"; Zp on(CE, 0xc3)),
    op!("dex"; Imp 0xca),
    op!("dey"; Imp 0x88),
    op!("dez"; Imp on(CE, 0x3b)),
    op!("div"; Zp on(EL, 0x4f), ZpX on(EL, 0x5f), Abs on(EL, 0x6f), AbsX on(EL, 0x7f)),
    op!("ent"; Imp on(EL, 0x22)),
    op!("eom"; Imp on(C4510, alias(0xea))),
    alu!("eor", 0x41; Imm 0x49, Zp 0x45, ZpX 0x55, Abs 0x4d, AbsX 0x5d, AbsY 0x59, IndX 0x41, IndY 0x51),
    op!("hlt"; Imp on(WDC, alias(0xdb))),
    op!("ina"; Imp on(CMOS, alias(0x1a))),
    op!("inc"; Zp 0xe6, ZpX 0xf6, Abs 0xee, AbsX 0xfe, Acc on(CMOS, 0x1a)),
    op!("ins"; Zp id(0xe7), ZpX id(0xf7), Abs id(0xef), AbsX id(0xff), AbsY id(0xfb), IndX id(0xe3), IndY id(0xf3)),
    op!("inw"; Zp on(CE, 0xe3)),
    op!("inx"; Imp 0xe8),
    op!("iny"; Imp 0xc8),
    op!("inz"; Imp on(CE, 0x1b)),
    op!("isb"; Zp id(0xe7), ZpX id(0xf7), Abs id(0xef), AbsX id(0xff), AbsY id(0xfb), IndX id(0xe3), IndY id(0xf3)),
    op!("isc"; Zp id(0xe7), ZpX id(0xf7), Abs id(0xef), AbsX id(0xff), AbsY id(0xfb), IndX id(0xe3), IndY id(0xf3)),
    op!("jam"; Imp i(0x02)),
    op!("jml"; Long on(X16, 0x5c), AbsLInd on(X16, alias(0xdc))),
    op!("jmp"; Abs 0x4c, Ind 0x6c, AbsIndX on(CMOS, 0x7c), AbsLInd on(X16, 0xdc)),
    op!("jsl"; Long on(X16, 0x22)),
    op!("jsr"; Abs 0x20, AbsIndX on(XEL, 0xfc)),
    op!("jsr"; Ind on(CE, 0x22), AbsIndX on(CE, 0x23)),
    op!("lae"; AbsY i(0xbb)),
    op!("las"; AbsY i(0xbb)),
    op!("lax"; Imm id(0xab), Zp id(0xa7), ZpY id(0xb7), Abs id(0xaf), AbsY id(0xbf), IndX id(0xa3), IndY id(0xb3)),
    alu!("lda", 0xa1; Imm 0xa9, Zp 0xa5, ZpX 0xb5, Abs 0xad, AbsX 0xbd, AbsY 0xb9, IndX 0xa1, IndY 0xb1),
    op!("lda"; SrIndY on(CE, 0xe2)),
    op!("lds"; AbsY i(0xbb)),
    op!("ldx"; Imm 0xa2, Zp 0xa6, ZpY 0xb6, Abs 0xae, AbsY 0xbe),
    op!("ldy"; Imm 0xa0, Zp 0xa4, ZpX 0xb4, Abs 0xac, AbsX 0xbc),
    op!("ldz"; Imm on(CE, 0xa3), Abs on(CE, 0xab), AbsX on(CE, 0xbb)),
    op!("lsr"; Acc 0x4a, Zp 0x46, ZpX 0x56, Abs 0x4e, AbsX 0x5e),
    op!("lxa"; Imm id(0xab)),
    op!("map"; Imp on(C4510, 0x5c)),
    op!("mmu"; Imm on(EL, 0xef)),
    op!("mul"; Zp on(EL, 0x0f), ZpX on(EL, 0x1f), Abs on(EL, 0x2f), AbsX on(EL, 0x3f)),
    op!("mvn"; Move on(X16, 0x54)),
    op!("mvp"; Move on(X16, 0x44)),
    op!("neg"; Acc on(CE, 0x42)),
    op!("nop"; Imp 0xea, Imm i(0x80), Zp i(0x04), ZpX i(0x14), Abs i(0x0c), AbsX i(0x1c)),
    op!("nop"; Imm on(RW, 0x82), Zp on(RW, 0x44), ZpX on(RW, 0x54), Abs on(RW, 0xdc)),
    op!("nxa"; Imp on(EL, 0x42)),
    op!("nxt"; Imp on(EL, 0x02)),
    alu!("ora", 0x01; Imm 0x09, Zp 0x05, ZpX 0x15, Abs 0x0d, AbsX 0x1d, AbsY 0x19, IndX 0x01, IndY 0x11),
    op!("pea"; Imm on(XEL, 0xf4), Abs on(XEL, 0xf4)),
    op!("pei"; Zp on(XEL, 0xd4), ZpInd on(XEL, 0xd4)),
    op!("per"; Imm on(XEL, 0x62), RelL on(XEL, 0x62)),
    op!("pha"; Imp 0x48),
    op!("phb"; Imp on(X16, 0x8b)),
    op!("phd"; Imp on(X16, 0x0b)),
    op!("phd"; Imp on(EL, 0xdf)),
    op!("phk"; Imp on(X16, 0x4b)),
    op!("php"; Imp 0x08),
    op!("phw"; Imm on(CE, 0xf4), Abs on(CE, 0xfc)),
    op!("phx"; Imp on(CMOS, 0xda)),
    op!("phy"; Imp on(CMOS, 0x5a)),
    op!("phz"; Imp on(CE, 0xdb)),
    op!("pla"; Imp 0x68),
    op!("plb"; Imp on(X16, 0xab)),
    op!("pld"; Imp on(X16, 0x2b)),
    op!("pld"; Imp on(EL, 0xcf)),
    op!("plp"; Imp 0x28),
    op!("plx"; Imp on(CMOS, 0xfa)),
    op!("ply"; Imp on(CMOS, 0x7a)),
    op!("plz"; Imp on(CE, 0xfb)),
    op!("rea"; Imm on(EL, 0x44), Abs on(EL, 0x44)),
    op!("rei"; Zp on(EL, 0x54), ZpInd on(EL, 0x54)),
    op!("rep"; Imm on(XEL, 0xc2)),
    op!("rer"; Rel on(EL, 0x82)),
    op!("rha"; Imp on(EL, 0x4b)),
    op!("rhi"; Imp on(EL, 0x0b)),
    op!("rhx"; Imp on(EL, 0x1b)),
    op!("rhy"; Imp on(EL, 0x5b)),
    op!("rla"; Zp id(0x27), ZpX id(0x37), Abs id(0x2f), AbsX id(0x3f), AbsY id(0x3b), IndX id(0x23), IndY id(0x33)),
    op!("rla"; Imp on(EL, 0x6b)),
    op!("rli"; Imp on(EL, 0x2b)),
    op!("rlx"; Imp on(EL, 0x3b)),
    op!("rly"; Imp on(EL, 0x7b)),
    op!("rmb"; ZpBit on(BITS, 0x07)),
    op!("rol"; Acc 0x2a, Zp 0x26, ZpX 0x36, Abs 0x2e, AbsX 0x3e),
    op!("ror"; Acc 0x6a, Zp 0x66, ZpX 0x76, Abs 0x6e, AbsX 0x7e),
    op!("row"; Abs on(CE, 0xeb)),
    op!("rra"; Zp id(0x67), ZpX id(0x77), Abs id(0x6f), AbsX id(0x7f), AbsY id(0x7b), IndX id(0x63), IndY id(0x73)),
    op!("rti"; Imp 0x40),
    op!("rtl"; Imp on(X16, 0x6b)),
    op!("rtn"; Imm on(CE, alias(0x62))),
    op!("rts"; Imp 0x60, Imm on(CE, 0x62)),
    op!("sac"; Imm on(DTV, 0x32)),
    op!("sax"; Zp id(0x87), ZpY id(0x97), Abs id(0x8f), IndX id(0x83)),
    alu!("sbc", 0xe1; Imm 0xe9, Zp 0xe5, ZpX 0xf5, Abs 0xed, AbsX 0xfd, AbsY 0xf9, IndX 0xe1, IndY 0xf1),
    op!("sbx"; Imm i(0xcb)),
    op!("sea"; Imp on(EL, 0x9f)),
    op!("sec"; Imp 0x38),
    op!("sed"; Imp 0xf8),
    op!("see"; Imp on(CE, 0x03)),
    op!("sei"; Imp 0x78),
    op!("sep"; Imm on(XEL, 0xe2)),
    op!("sha"; AbsY i(0x9f), IndY i(0x93)),
    op!("shl"; Acc alias(0x0a), Zp alias(0x06), ZpX alias(0x16), Abs alias(0x0e), AbsX alias(0x1e)),
    op!("shr"; Acc alias(0x4a), Zp alias(0x46), ZpX alias(0x56), Abs alias(0x4e), AbsX alias(0x5e)),
    op!("shs"; AbsY i(0x9b)),
    op!("shx"; AbsY i(0x9e)),
    op!("shy"; AbsX i(0x9c)),
    op!("sir"; Imm on(DTV, 0x42)),
    op!("slo"; Zp id(0x07), ZpX id(0x17), Abs id(0x0f), AbsX id(0x1f), AbsY id(0x1b), IndX id(0x03), IndY id(0x13)),
    op!("smb"; ZpBit on(BITS, 0x87)),
    op!("sre"; Zp id(0x47), ZpX id(0x57), Abs id(0x4f), AbsX id(0x5f), AbsY id(0x5b), IndX id(0x43), IndY id(0x53)),
    alu!("sta", 0x81; Zp 0x85, ZpX 0x95, Abs 0x8d, AbsX 0x9d, AbsY 0x99, IndX 0x81, IndY 0x91),
    op!("sta"; SrIndY on(CE, 0x82)),
    op!("stp"; Imp on(WDC, 0xdb)),
    op!("stx"; Zp 0x86, ZpY 0x96, Abs 0x8e, AbsY on(CE, 0x9b)),
    op!("sty"; Zp 0x84, ZpX 0x94, Abs 0x8c, AbsX on(CE, 0x8b)),
    op!("stz"; Zp on(CMOS, 0x64), ZpX on(CMOS, 0x74), Abs on(CMOS, 0x9c), AbsX on(CMOS, 0x9e)),
    op!("swa"; Imp on(XEL, alias(0xeb))),
    op!("tab"; Imp on(CE, 0x5b)),
    op!("tad"; Imp on(X16, alias(0x5b))),
    op!("tad"; Imp on(EL, 0xbf)),
    op!("tas"; AbsY i(0x9b)),
    op!("tas"; Imp on(X16, alias(0x1b))),
    op!("tax"; Imp 0xaa),
    op!("tay"; Imp 0xa8),
    op!("taz"; Imp on(CE, 0x4b)),
    op!("tba"; Imp on(CE, 0x7b)),
    op!("tcd"; Imp on(X16, 0x5b)),
    op!("tcs"; Imp on(X16, 0x1b)),
    op!("tda"; Imp on(X16, alias(0x7b))),
    op!("tda"; Imp on(EL, 0xaf)),
    op!("tdc"; Imp on(X16, 0x7b)),
    op!("tix"; Imp on(EL, 0xdc)),
    op!("trb"; Zp on(CMOS, 0x14), Abs on(CMOS, 0x1c)),
    op!("trx"; Imp on(EL, 0xab)),
    op!("tsa"; Imp on(X16, alias(0x3b))),
    op!("tsb"; Zp on(CMOS, 0x04), Abs on(CMOS, 0x0c)),
    op!("tsc"; Imp on(X16, 0x3b)),
    op!("tsx"; Imp 0xba),
    op!("tsy"; Imp on(CE, 0x0b)),
    op!("txa"; Imp 0x8a),
    op!("txi"; Imp on(EL, 0x5c)),
    op!("txr"; Imp on(EL, 0x8b)),
    op!("txs"; Imp 0x9a),
    op!("txy"; Imp on(XEL, 0x9b)),
    op!("tya"; Imp 0x98),
    op!("tys"; Imp on(CE, 0x2b)),
    op!("tyx"; Imp on(XEL, 0xbb)),
    op!("tza"; Imp on(CE, 0x6b)),
    op!("wai"; Imp on(WDC, 0xcb)),
    op!("wdm"; Imm on(X16, 0x42)),
    op!("xaa"; Imm id(0x8b)),
    op!("xba"; Imp on(XEL, 0xeb)),
    op!("xce"; Imp on(XEL, 0xfb)),
    op!("zea"; Imp on(EL, 0x8f)),
];

/// A register operand standing for an instruction of its own (`lda x` is
/// `txa`, `ldx s` is `tsx`, `inc z` is `inz`): the name, the register, the
/// opcode and the processors that have it. `asl a`-style forms are the
/// table's accumulator mode.
pub(super) const REGISTER_FORMS: &[(&str, char, u32)] = &[
    ("dec", 'x', 0xca),
    ("dec", 'y', 0x88),
    ("dec", 'z', on(CE, 0x3b)),
    ("inc", 'x', 0xe8),
    ("inc", 'y', 0xc8),
    ("inc", 'z', on(CE, 0x1b)),
    ("lda", 'b', on(CE, 0x7b)),
    ("lda", 'd', on(X16, 0x7b)),
    ("lda", 'd', on(EL, 0xaf)),
    ("lda", 's', on(X16, 0x3b)),
    ("lda", 'x', 0x8a),
    ("lda", 'y', 0x98),
    ("lda", 'z', on(CE, 0x6b)),
    ("ldx", 'a', 0xaa),
    ("ldx", 'i', on(EL, 0xdc)),
    ("ldx", 'r', on(EL, 0xab)),
    ("ldx", 's', 0xba),
    ("ldx", 'y', on(XEL, 0xbb)),
    ("ldy", 'a', 0xa8),
    ("ldy", 's', on(CE, 0x0b)),
    ("ldy", 'x', on(XEL, 0x9b)),
    ("ldz", 'a', on(CE, 0x4b)),
    ("sta", 'b', on(CE, 0x5b)),
    ("sta", 's', on(X16, 0x1b)),
    ("stx", 's', 0x9a),
    ("sty", 's', on(CE, 0x2b)),
];
