//! The instructions of each processor and their addressing modes, under
//! 64tass's names (aliases included), for the code generator.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Imp,
    Acc,
    Imm,
    Zp,
    Zpx,
    Zpy,
    Abs,
    Absx,
    Absy,
    Ind,
    Indx,
    Indy,
    Rel,
    /// `(zp)`, 65C02
    ZpInd,
    /// `(abs,x)`, 65C02 `jmp`
    AbsIndx,
    /// `bit,zp`, R65C02
    Bit,
    /// `bit,zp,target`, R65C02
    BitRel,
    /// `$123456`, 65816
    Long,
    /// `$123456,x`, 65816
    Longx,
    /// `[zp]`, 65816
    LongInd,
    /// `[zp],y`, 65816
    LongIndy,
    /// `[abs]`: `jmp`, `jml`, 65816
    AbsLongInd,
    /// `n,s`, 65816 and 65EL02
    Stack,
    /// `(n,s),y`, 65816, 65EL02 and 65CE02
    StackIndy,
    /// `n,r`, 65EL02
    DataStack,
    /// `(n,r),y`, 65EL02
    DataStackIndy,
    /// `(zp),z`, 65CE02
    ZpIndz,
    /// A 16-bit branch: `brl`, `per`, `bsr`
    RelL,
    /// `mvn src,dst`, 65816
    Move,
}
use Mode::*;

pub const ALU: &[Mode] = &[Imm, Zp, Zpx, Abs, Absx, Absy, Indx, Indy];
const RMW: &[Mode] = &[Acc, Zp, Zpx, Abs, Absx];
pub const MEM: &[Mode] = &[Zp, Zpx, Abs, Absx];

pub const LEGAL: &[(&str, &[Mode])] = &[
    ("adc", ALU),
    ("and", ALU),
    ("cmp", ALU),
    ("eor", ALU),
    ("lda", ALU),
    ("ora", ALU),
    ("sbc", ALU),
    ("cpa", ALU),
    ("sta", &[Zp, Zpx, Abs, Absx, Absy, Indx, Indy]),
    ("asl", RMW),
    ("lsr", RMW),
    ("rol", RMW),
    ("ror", RMW),
    ("shl", RMW),
    ("shr", RMW),
    ("inc", MEM),
    ("dec", MEM),
    ("bit", &[Zp, Abs]),
    ("cpx", &[Imm, Zp, Abs]),
    ("cpy", &[Imm, Zp, Abs]),
    ("ldx", &[Imm, Zp, Zpy, Abs, Absy]),
    ("ldy", &[Imm, Zp, Zpx, Abs, Absx]),
    ("stx", &[Zp, Zpy, Abs]),
    ("sty", &[Zp, Zpx, Abs]),
    ("jmp", &[Abs, Ind]),
    ("jsr", &[Abs]),
    ("bcc", &[Rel]),
    ("bcs", &[Rel]),
    ("beq", &[Rel]),
    ("bmi", &[Rel]),
    ("bne", &[Rel]),
    ("bpl", &[Rel]),
    ("bvc", &[Rel]),
    ("bvs", &[Rel]),
    ("blt", &[Rel]),
    ("bge", &[Rel]),
    ("gcc", &[Rel]),
    ("gcs", &[Rel]),
    ("geq", &[Rel]),
    ("gne", &[Rel]),
    ("gmi", &[Rel]),
    ("gpl", &[Rel]),
    ("gvc", &[Rel]),
    ("gvs", &[Rel]),
    ("glt", &[Rel]),
    ("gge", &[Rel]),
    ("brk", &[Imp]),
    ("clc", &[Imp]),
    ("cld", &[Imp]),
    ("cli", &[Imp]),
    ("clv", &[Imp]),
    ("dex", &[Imp]),
    ("dey", &[Imp]),
    ("inx", &[Imp]),
    ("iny", &[Imp]),
    ("nop", &[Imp]),
    ("pha", &[Imp]),
    ("php", &[Imp]),
    ("pla", &[Imp]),
    ("plp", &[Imp]),
    ("rti", &[Imp]),
    ("rts", &[Imp]),
    ("sec", &[Imp]),
    ("sed", &[Imp]),
    ("sei", &[Imp]),
    ("tax", &[Imp]),
    ("tay", &[Imp]),
    ("tsx", &[Imp]),
    ("txa", &[Imp]),
    ("txs", &[Imp]),
    ("tya", &[Imp]),
];

const RMWI: &[Mode] = &[Zp, Zpx, Abs, Absx, Absy, Indx, Indy];

/// The NMOS illegal opcodes 64tass knows with `-i` (names and aliases).
const ILLEGAL: &[(&str, &[Mode])] = &[
    ("anc", &[Imm]),
    ("ane", &[Imm]),
    ("xaa", &[Imm]),
    ("arr", &[Imm]),
    ("asr", &[Imm]),
    ("alr", &[Imm]),
    ("sbx", &[Imm]),
    ("axs", &[Imm]),
    ("dcp", RMWI),
    ("dcm", RMWI),
    ("isb", RMWI),
    ("ins", RMWI),
    ("isc", RMWI),
    ("slo", RMWI),
    ("rla", RMWI),
    ("sre", RMWI),
    ("rra", RMWI),
    ("lax", &[Imm, Zp, Zpy, Abs, Absy, Indx, Indy]),
    ("lxa", &[Imm]),
    ("sax", &[Zp, Zpy, Abs, Indx]),
    ("sha", &[Absy, Indy]),
    ("ahx", &[Absy, Indy]),
    ("shs", &[Absy]),
    ("tas", &[Absy]),
    ("shx", &[Absy]),
    ("shy", &[Absx]),
    ("lds", &[Absy]),
    ("las", &[Absy]),
    ("lae", &[Absy]),
    ("jam", &[Imp]),
    ("nop", &[Imm, Zp, Zpx, Abs, Absx]),
];

/// The modes a 6502 instruction may be tried in (mostly those it has).
pub const ALL_MODES: &[Mode] = &[
    Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Absx, Absy, Ind, Indx, Indy, Rel,
];

/// The 65C02's `(zp)` and `clr`, which the 65CE02 does not have.
const CMOS_ZP_IND: &[(&str, &[Mode])] = &[
    ("adc", &[ZpInd]),
    ("and", &[ZpInd]),
    ("cmp", &[ZpInd]),
    ("cpa", &[ZpInd]),
    ("eor", &[ZpInd]),
    ("lda", &[ZpInd]),
    ("ora", &[ZpInd]),
    ("sbc", &[ZpInd]),
    ("sta", &[ZpInd]),
    ("clr", MEM),
];

/// What the CMOS 65C02 adds (64tass's names and aliases), its `(zp)` aside.
const CMOS: &[(&str, &[Mode])] = &[
    ("jmp", &[AbsIndx, Ind]),
    ("bit", &[Imm, Zpx, Absx]),
    ("inc", &[Acc]),
    ("dec", &[Acc]),
    ("ina", &[Imp]),
    ("dea", &[Imp]),
    ("phx", &[Imp]),
    ("phy", &[Imp]),
    ("plx", &[Imp]),
    ("ply", &[Imp]),
    ("stz", MEM),
    ("trb", &[Zp, Abs]),
    ("tsb", &[Zp, Abs]),
    ("bra", &[Rel]),
    ("gra", &[Rel]),
];

/// Rockwell's bit instructions (the R65C02's, and the 65CE02's).
const ROCKWELL: &[(&str, &[Mode])] = &[
    ("rmb", &[Bit]),
    ("smb", &[Bit]),
    ("bbr", &[BitRel]),
    ("bbs", &[BitRel]),
];

/// The R65C02's `nop`s with operands.
const ROCKWELL_NOP: &[(&str, &[Mode])] = &[("nop", &[Imm, Zp, Zpx, Abs])];

/// What the W65C02 adds to the R65C02.
const WDC: &[(&str, &[Mode])] = &[("stp", &[Imp]), ("hlt", &[Imp]), ("wai", &[Imp])];

const ALL_MODES_65C02: &[Mode] = &[
    Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Absx, Absy, Ind, Indx, Indy, Rel, ZpInd, AbsIndx, Bit, BitRel,
];

/// Every mode, for the processors past the 65C02.
#[rustfmt::skip]
const ALL_MODES_WIDE: &[Mode] = &[
    Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Absx, Absy, Ind, Indx, Indy, Rel, ZpInd, AbsIndx, Bit, BitRel,
    Long, Longx, LongInd, LongIndy, AbsLongInd, Stack, StackIndy, DataStack, DataStackIndy, ZpIndz,
    RelL, Move,
];

/// The modes an instruction of `cpu` may be tried in when not its own.
pub fn all_modes(cpu: c64asm::Cpu) -> &'static [Mode] {
    use c64asm::Cpu;
    match cpu {
        Cpu::M6502 | Cpu::M6502i => ALL_MODES,
        Cpu::M65C02 | Cpu::R65C02 | Cpu::W65C02 => ALL_MODES_65C02,
        _ => ALL_MODES_WIDE,
    }
}

/// The accumulator instructions' modes on the 65816 (65EL02: `LONG`'s
/// last two).
const LONG: &[Mode] = &[Long, Longx, LongInd, LongIndy, Stack, StackIndy];
const STACK: &[Mode] = &[Stack, StackIndy, DataStack, DataStackIndy];

/// What the 65816 adds to the 65C02 (64tass's names and aliases).
const W65816: &[(&str, &[Mode])] = &[
    ("adc", LONG),
    ("and", LONG),
    ("cmp", LONG),
    ("cpa", LONG),
    ("eor", LONG),
    ("lda", LONG),
    ("ora", LONG),
    ("sbc", LONG),
    ("sta", LONG),
    ("brl", &[RelL, Imm]),
    ("per", &[RelL, Imm]),
    ("cop", &[Imp, Imm]),
    ("csp", &[Imp]),
    ("jml", &[Long, AbsLongInd]),
    ("jsl", &[Long]),
    ("jmp", &[AbsLongInd]),
    ("jsr", &[AbsIndx]),
    ("mvn", &[Move]),
    ("mvp", &[Move]),
    ("pea", &[Abs, Imm]),
    ("pei", &[Zp, ZpInd]),
    ("phb", &[Imp]),
    ("phd", &[Imp]),
    ("phk", &[Imp]),
    ("plb", &[Imp]),
    ("pld", &[Imp]),
    ("rtl", &[Imp]),
    ("tcd", &[Imp]),
    ("tcs", &[Imp]),
    ("tdc", &[Imp]),
    ("tsc", &[Imp]),
    ("tad", &[Imp]),
    ("tas", &[Imp]),
    ("tda", &[Imp]),
    ("tsa", &[Imp]),
    ("txy", &[Imp]),
    ("tyx", &[Imp]),
    ("xba", &[Imp]),
    ("swa", &[Imp]),
    ("xce", &[Imp]),
    ("rep", &[Imm]),
    ("clp", &[Imm]),
    ("sep", &[Imm]),
    ("wdm", &[Imm]),
];

/// What the 65EL02 adds to the 65C02.
const EL02: &[(&str, &[Mode])] = &[
    ("adc", STACK),
    ("and", STACK),
    ("cmp", STACK),
    ("cpa", STACK),
    ("eor", STACK),
    ("lda", STACK),
    ("ora", STACK),
    ("sbc", STACK),
    ("sta", STACK),
    ("div", MEM),
    ("mul", MEM),
    ("ent", &[Imp]),
    ("mmu", &[Imm]),
    ("nxa", &[Imp]),
    ("nxt", &[Imp]),
    ("pea", &[Abs, Imm]),
    ("pei", &[Zp, ZpInd]),
    ("per", &[RelL, Imm]),
    ("phd", &[Imp]),
    ("pld", &[Imp]),
    ("rea", &[Abs, Imm]),
    ("rei", &[Zp, ZpInd]),
    ("rep", &[Imm]),
    ("clp", &[Imm]),
    ("sep", &[Imm]),
    ("rer", &[Rel]),
    ("rha", &[Imp]),
    ("rhi", &[Imp]),
    ("rhx", &[Imp]),
    ("rhy", &[Imp]),
    ("rla", &[Imp]),
    ("rli", &[Imp]),
    ("rlx", &[Imp]),
    ("rly", &[Imp]),
    ("sea", &[Imp]),
    ("zea", &[Imp]),
    ("tad", &[Imp]),
    ("tda", &[Imp]),
    ("tix", &[Imp]),
    ("txi", &[Imp]),
    ("trx", &[Imp]),
    ("txr", &[Imp]),
    ("txy", &[Imp]),
    ("tyx", &[Imp]),
    ("xba", &[Imp]),
    ("swa", &[Imp]),
    ("xce", &[Imp]),
    ("jsr", &[AbsIndx]),
];

/// What the 65CE02 adds to the R65C02 (whose `(zp)` became `(zp),z`).
const CE02: &[(&str, &[Mode])] = &[
    ("adc", &[ZpIndz]),
    ("and", &[ZpIndz]),
    ("cmp", &[ZpIndz]),
    ("cpa", &[ZpIndz]),
    ("eor", &[ZpIndz]),
    ("lda", &[ZpIndz, StackIndy]),
    ("ora", &[ZpIndz]),
    ("sbc", &[ZpIndz]),
    ("sta", &[ZpIndz, StackIndy]),
    ("asr", &[Acc, Zp, Zpx]),
    ("asw", &[Abs]),
    ("row", &[Abs]),
    ("bsr", &[RelL, Imm]),
    ("cle", &[Imp]),
    ("see", &[Imp]),
    ("cpz", &[Imm, Zp, Abs]),
    ("dew", &[Zp]),
    ("inw", &[Zp]),
    ("dez", &[Imp]),
    ("inz", &[Imp]),
    ("jsr", &[Ind, AbsIndx]),
    ("ldz", &[Imm, Abs, Absx]),
    ("neg", &[Acc]),
    ("phw", &[Imm, Abs]),
    ("phz", &[Imp]),
    ("plz", &[Imp]),
    ("rtn", &[Imm]),
    ("rts", &[Imm]),
    ("stx", &[Absy]),
    ("sty", &[Absx]),
    ("tab", &[Imp]),
    ("taz", &[Imp]),
    ("tba", &[Imp]),
    ("tsy", &[Imp]),
    ("tys", &[Imp]),
    ("tza", &[Imp]),
];

/// What the 4510 adds to the 65CE02.
const C4510: &[(&str, &[Mode])] = &[("map", &[Imp]), ("eom", &[Imp])];

/// The undocumented NMOS names the C64 DTV does not have.
const NOT_ON_DTV: &[&str] = &[
    "anc", "jam", "lds", "nop", "sbx", "sha", "shs", "shx", "shy", "ahx", "axs", "lae", "las",
    "tas",
];

/// The C64 DTV's own instructions (it keeps the other undocumented ones).
const DTV: &[(&str, &[Mode])] = &[
    ("bra", &[Rel]),
    ("gra", &[Rel]),
    ("sac", &[Imm]),
    ("sir", &[Imm]),
];

/// The instructions the batch's processor adds to the 6502's, if any.
pub fn extras(cpu: c64asm::Cpu) -> Vec<(&'static str, &'static [Mode])> {
    use c64asm::Cpu;
    let tables: &[&[(&str, &[Mode])]] = match cpu {
        Cpu::M6502 => &[],
        Cpu::M6502i => &[ILLEGAL],
        Cpu::M65C02 => &[CMOS, CMOS_ZP_IND],
        Cpu::R65C02 => &[CMOS, CMOS_ZP_IND, ROCKWELL, ROCKWELL_NOP],
        Cpu::W65C02 => &[CMOS, CMOS_ZP_IND, ROCKWELL, ROCKWELL_NOP, WDC],
        Cpu::M65CE02 => &[CMOS, ROCKWELL, CE02],
        Cpu::M4510 => &[CMOS, ROCKWELL, CE02, C4510],
        Cpu::M65816 => &[CMOS, CMOS_ZP_IND, WDC, W65816],
        Cpu::M65EL02 => &[CMOS, CMOS_ZP_IND, WDC, EL02],
        Cpu::M65DTV02 => {
            let kept = ILLEGAL.iter().filter(|(n, _)| !NOT_ON_DTV.contains(n));
            return kept.chain(DTV).copied().collect();
        }
    };
    tables.iter().flat_map(|t| t.iter().copied()).collect()
}
