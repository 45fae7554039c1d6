//! Instructions: every 6502 mnemonic (and with `-i` the NMOS illegal ones,
//! on the 65C02, R65C02 and W65C02 theirs, with `-B` long branches) in every addressing mode, operands that are
//! numbers, forward and backward labels, zero-page constants defined before
//! or after their use, anonymous labels, `*` arithmetic and `@b`/`@w`.

use super::Ctx;
use super::values::{Ty, expr, small};
use crate::case::{Line, Piece, line};
use crate::expr::{Expr, atom, int};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
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
}
use Mode::*;

const ALU: &[Mode] = &[Imm, Zp, Zpx, Abs, Absx, Absy, Indx, Indy];
const RMW: &[Mode] = &[Acc, Zp, Zpx, Abs, Absx];
const MEM: &[Mode] = &[Zp, Zpx, Abs, Absx];

const LEGAL: &[(&str, &[Mode])] = &[
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

const ALL_MODES: &[Mode] = &[
    Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Absx, Absy, Ind, Indx, Indy, Rel,
];

/// What the CMOS 65C02 adds (64tass's names and aliases).
const CMOS: &[(&str, &[Mode])] = &[
    ("adc", &[ZpInd]),
    ("and", &[ZpInd]),
    ("cmp", &[ZpInd]),
    ("cpa", &[ZpInd]),
    ("eor", &[ZpInd]),
    ("lda", &[ZpInd]),
    ("ora", &[ZpInd]),
    ("sbc", &[ZpInd]),
    ("sta", &[ZpInd]),
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
    ("clr", MEM),
    ("trb", &[Zp, Abs]),
    ("tsb", &[Zp, Abs]),
    ("bra", &[Rel]),
    ("gra", &[Rel]),
];

/// What the R65C02 adds to the 65C02.
const ROCKWELL: &[(&str, &[Mode])] = &[
    ("rmb", &[Bit]),
    ("smb", &[Bit]),
    ("bbr", &[BitRel]),
    ("bbs", &[BitRel]),
    ("nop", &[Imm, Zp, Zpx, Abs]),
];

/// What the W65C02 adds to the R65C02.
const WDC: &[(&str, &[Mode])] = &[("stp", &[Imp]), ("hlt", &[Imp]), ("wai", &[Imp])];

const ALL_MODES_65C02: &[Mode] = &[
    Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Absx, Absy, Ind, Indx, Indy, Rel, ZpInd, AbsIndx, Bit, BitRel,
];

/// The instructions the batch's processor adds to the 6502's, if any.
fn extras(cpu: c64asm::Cpu) -> Vec<(&'static str, &'static [Mode])> {
    use c64asm::Cpu;
    let tables: &[&[(&str, &[Mode])]] = match cpu {
        Cpu::M6502 => &[],
        Cpu::M6502i => &[ILLEGAL],
        Cpu::M65C02 => &[CMOS],
        Cpu::R65C02 => &[CMOS, ROCKWELL],
        Cpu::W65C02 => &[CMOS, ROCKWELL, WDC],
        _ => &[],
    };
    tables.iter().flat_map(|t| t.iter().copied()).collect()
}

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let n = cx.range(2, 8) as usize;
    // Labels at some of the lines, known in advance so that operands can refer forward.
    let labels: Vec<Option<String>> = (0..n)
        .map(|_| {
            if cx.chance(35) {
                Some(cx.name("l"))
            } else {
                None
            }
        })
        .collect();
    let anon: Vec<Option<&str>> = (0..n)
        .map(|_| {
            if cx.chance(15) {
                Some(if cx.chance(50) { "-" } else { "+" })
            } else {
                None
            }
        })
        .collect();
    let mut zp_consts: Vec<String> = Vec::new();
    let mut lines = Vec::new();
    let mut tail = Vec::new();
    for _ in 0..cx.range(0, 2) {
        let name = cx.name("zp");
        let value = if cx.chance(80) {
            cx.range(0, 255)
        } else {
            cx.range(256, 65535)
        };
        let def = line!(format!("{name} = ${value:02x}"));
        if cx.chance(30) {
            tail.push(def)
        } else {
            lines.push(def)
        }
        zp_consts.push(name);
    }
    let all_labels: Vec<String> = labels
        .iter()
        .flatten()
        .cloned()
        .chain(zp_consts.iter().cloned())
        .collect();
    for i in 0..n {
        let mut pieces: Vec<Piece> = Vec::new();
        if let Some(l) = &labels[i] {
            pieces.push(Piece::Text(l.clone()));
        } else if let Some(a) = anon[i] {
            pieces.push(Piece::Text(a.to_string()));
        }
        if cx.chance(8) {
            // distance, for branches out of range (errors, or long branches with -B)
            pieces.push(" .fill ".into());
            pieces.push(small(cx, 1, 140).into());
            lines.push(Line::new(pieces));
            continue;
        }
        let extra = extras(cx.flags.cpu);
        let cmos = !matches!(cx.flags.cpu, c64asm::Cpu::M6502 | c64asm::Cpu::M6502i);
        let (mnemonic, modes) = if !extra.is_empty() && cx.chance(30) {
            cx.pick(&extra)
        } else {
            cx.pick(LEGAL)
        };
        let mut mode = if cx.chance(92) {
            cx.pick(modes)
        } else if cmos {
            cx.pick(ALL_MODES_65C02)
        } else {
            cx.pick(ALL_MODES)
        };
        // A bit branch that doesn't reach is a `jmp` 64tass 1.58 can't make
        // (c64asm makes the one its manual shows): not a comparison.
        if mode == BitRel && cx.flags.long_branch {
            mode = Bit;
        }
        let m = if cx.chance(10) {
            mnemonic.to_uppercase()
        } else {
            mnemonic.to_string()
        };
        pieces.push(Piece::Text(format!(" {m}")));
        // anonymous labels this line can reach: `-` at or before it, `+` after it
        let back = anon[..=i].iter().filter(|a| **a == Some("-")).count();
        let ahead = anon[i + 1..].iter().filter(|a| **a == Some("+")).count();
        operand(cx, mode, &all_labels, (back, ahead), &mut pieces);
        lines.push(Line::new(pieces));
    }
    lines.extend(tail);
    lines
}

/// The address an operand names.
/// An address operand. `indexed`: for `,x`, `,y`, `(..,x)`, `(..),y`, where
/// 64tass 1.58 mishandles a code address plus an offset that leaves the
/// label's page (`* + 300,x` at 0 assembles as `$2c,x`, a zero-page label
/// plus 142 past $ffff is rejected): a 64tass bug, so those sums stay small.
fn address(cx: &mut Ctx, labels: &[String], zero_page: bool, indexed: bool) -> Expr {
    let force = if cx.chance(6) {
        cx.pick(&["@b ", "@w "])
    } else {
        ""
    };
    let e = match cx.weighted(&[
        (5, "label"),
        (4, "number"),
        (1, "star"),
        (1, "expr"),
        (1, "sum"),
    ]) {
        "label" if !labels.is_empty() => {
            let l = labels[cx.pick_index(labels.len())].clone();
            atom(cx.refer(&l))
        }
        "star" if indexed => atom(cx.pick(&["*", "*-1"])),
        "star" => atom(cx.pick(&["*", "* + 2", "*-1", "* + 300"])),
        "expr" => expr(cx, Ty::Int, 1),
        "sum" if !labels.is_empty() => {
            let l = labels[cx.pick_index(labels.len())].clone();
            let l = cx.refer(&l);
            if indexed {
                atom(l)
            } else {
                atom(format!("{l} + {}", cx.range(0, 300)))
            }
        }
        _ => {
            let v = if zero_page && cx.chance(70) {
                cx.range(0, 255)
            } else {
                cx.range(0, 65535)
            };
            let text = match cx.range(0, 3) {
                0 => format!("${v:x}"),
                1 => format!("${v:04x}"),
                2 => v.to_string(),
                _ => format!("%{v:b}"),
            };
            atom(text)
        }
    };
    if force.is_empty() {
        e
    } else {
        atom(format!("{force}{e}"))
    }
}

fn operand(
    cx: &mut Ctx,
    mode: Mode,
    labels: &[String],
    anon: (usize, usize),
    pieces: &mut Vec<Piece>,
) {
    let zp = matches!(mode, Zp | Zpx | Zpy | Indx | Indy | ZpInd | Bit | BitRel);
    match mode {
        Imp => {}
        Acc => pieces.push(Piece::Text(cx.pick(&[" a", " a", " A", ""]).to_string())),
        Imm => {
            let e = match cx.weighted(&[
                (4, "byte"),
                (2, "lohi"),
                (1, "char"),
                (1, "signed"),
                (1, "expr"),
                (1, "wide"),
            ]) {
                "byte" => atom(format!("${:02x}", cx.range(0, 255))),
                "lohi" if !labels.is_empty() => {
                    let l = labels[cx.pick_index(labels.len())].clone();
                    atom(format!("{}{}", cx.pick(&["<", ">"]), cx.refer(&l)))
                }
                "char" => atom(cx.pick(&["'a'", "\"A\"", "' '", "'z'"])),
                "signed" => atom(format!("{}", cx.range(-130, -1))),
                "expr" => expr(cx, Ty::Int, 2),
                _ => int(cx.pick(&[255, 256, -1, -128, -129, 65535]) as i128),
            };
            pieces.push(" #".into());
            pieces.push(e.into());
        }
        Zp | Abs | Rel => {
            let e = if mode == Rel {
                branch_target(cx, labels, anon)
            } else {
                address(cx, labels, zp, false)
            };
            pieces.push(" ".into());
            pieces.push(e.into());
        }
        Zpx | Absx | Zpy | Absy => {
            let e = address(cx, labels, zp, true);
            let reg = if matches!(mode, Zpx | Absx) {
                ",x"
            } else {
                ",y"
            };
            let reg = if cx.chance(10) {
                reg.to_uppercase()
            } else {
                reg.to_string()
            };
            pieces.push(" ".into());
            pieces.push(e.into());
            pieces.push(reg.into());
        }
        Ind | Indx | Indy | ZpInd | AbsIndx => {
            // An indirect operand: which address it takes and how it closes.
            let (zero_page, indexed, close) = match mode {
                Ind => (false, false, ")"),
                Indx => (true, true, ",x)"),
                Indy => (true, true, "),y"),
                ZpInd => (true, true, ")"),
                _ => (false, true, ",x)"),
            };
            let e = address(cx, labels, zero_page, indexed);
            pieces.push(" (".into());
            pieces.push(e.into());
            pieces.push(close.into());
        }
        Bit | BitRel => {
            let bit = if cx.chance(95) { cx.range(0, 7) } else { 8 };
            let e = address(cx, labels, zp, true);
            pieces.push(format!(" {bit},").into());
            pieces.push(e.into());
            if mode == BitRel {
                pieces.push(",".into());
                pieces.push(branch_target(cx, labels, anon).into());
            }
        }
    }
}

fn branch_target(cx: &mut Ctx, labels: &[String], (back, ahead): (usize, usize)) -> Expr {
    match cx.weighted(&[(5, "label"), (3, "anon"), (1, "star"), (1, "far")]) {
        "label" if !labels.is_empty() => {
            let l = labels[cx.pick_index(labels.len())].clone();
            atom(cx.refer(&l))
        }
        "anon" if back + ahead > 0 => {
            let forward = back == 0 || (ahead > 0 && cx.chance(50));
            let n = if forward {
                cx.range(1, ahead as i64)
            } else {
                cx.range(1, back as i64)
            } as usize;
            atom(if forward { "+" } else { "-" }.repeat(n))
        }
        "star" => atom(cx.pick(&["*", "*+2", "* - 10", "*+4"])),
        _ => atom(format!("${:04x}", cx.range(0, 65535))),
    }
}
