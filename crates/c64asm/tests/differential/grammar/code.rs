//! Instructions: every 6502 mnemonic (and with `-i` the NMOS illegal ones,
//! on the other processors theirs, with `-B` long branches) in every
//! addressing mode, operands that are numbers, forward and backward labels,
//! zero-page constants defined before or after their use, anonymous labels,
//! `*` arithmetic and `@b`/`@w`/`@l`; on the processors past the 65C02 also
//! the register size, direct page and data bank directives.

use super::Ctx;
use super::values::{Ty, expr, small};
use crate::case::{Line, Piece, line};
use crate::expr::{Expr, atom, int};

use super::instructions::{LEGAL, Mode, all_modes, extras};
use Mode::*;

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
    // The processors past the 65C02 get the settings that size their
    // operands (64tass takes them on every processor; other batches are
    // left as they were).
    let wide = !matches!(
        cx.flags.cpu,
        c64asm::Cpu::M6502
            | c64asm::Cpu::M6502i
            | c64asm::Cpu::M65C02
            | c64asm::Cpu::R65C02
            | c64asm::Cpu::W65C02
    );
    let mut set = false;
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
        if wide && cx.chance(10) {
            lines.push(Line::new(pieces));
            lines.push(line!(setting(cx)));
            set = true;
            continue;
        }
        let extra = extras(cx.flags.cpu);
        let (mnemonic, modes) = if !extra.is_empty() && cx.chance(30) {
            cx.pick(&extra)
        } else {
            cx.pick(LEGAL)
        };
        let mut mode = if cx.chance(92) {
            cx.pick(modes)
        } else {
            cx.pick(all_modes(cx.flags.cpu))
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
    // The settings are the file's, not the case's: back to the defaults.
    if set {
        for reset in [" .as", " .xs", " .mansiz", " .dpage 0", " .databank 0"] {
            lines.push(line!(reset));
        }
    }
    lines
}

/// A register size, direct page or data bank setting.
fn setting(cx: &mut Ctx) -> String {
    match cx.range(0, 5) {
        0 => cx.pick(&[" .al", " .as", " .xl", " .xs"]).to_string(),
        1 => cx.pick(&[" .autsiz", " .mansiz"]).to_string(),
        2 => format!(" .dpage ${:02x}00", cx.pick(&[0, 0, 1, 2, 0x10, 0xff])),
        3 => " .dpage ?".to_string(),
        4 => format!(" .databank ${:02x}", cx.pick(&[0, 0, 1, 0x12, 0x7e])),
        _ => " .databank ?".to_string(),
    }
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
    let zp = matches!(
        mode,
        Zp | Zpx | Zpy | Indx | Indy | ZpInd | Bit | BitRel | LongInd | LongIndy | ZpIndz
    );
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
        Zp | Abs | Rel | RelL => {
            let e = if matches!(mode, Rel | RelL) {
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
        Ind | Indx | Indy | ZpInd | AbsIndx | ZpIndz | LongInd | LongIndy | AbsLongInd => {
            // An indirect operand: which address it takes and how it closes.
            let (zero_page, indexed, open, close) = match mode {
                Ind => (false, false, " (", ")"),
                Indx => (true, true, " (", ",x)"),
                Indy => (true, true, " (", "),y"),
                ZpInd => (true, true, " (", ")"),
                ZpIndz => (true, true, " (", "),z"),
                LongInd => (true, true, " [", "]"),
                LongIndy => (true, true, " [", "],y"),
                AbsLongInd => (false, false, " [", "]"),
                _ => (false, true, " (", ",x)"),
            };
            let e = address(cx, labels, zero_page, indexed);
            pieces.push(open.into());
            pieces.push(e.into());
            pieces.push(close.into());
        }
        Long | Longx => {
            pieces.push(" ".into());
            pieces.push(long_address(cx, labels).into());
            if mode == Longx {
                pieces.push(",x".into());
            }
        }
        Stack | StackIndy | DataStack | DataStackIndy => {
            let reg = if matches!(mode, Stack | StackIndy) {
                "s"
            } else {
                "r"
            };
            let offset = match cx.range(0, 3) {
                0 => format!("${:02x}", cx.range(0, 255)),
                1 => format!("#{}", cx.range(0, 255)),
                2 => cx.range(-3, 3).to_string(),
                _ => format!("${:x}", cx.range(0, 0x1ff)),
            };
            pieces.push(Piece::Text(if matches!(mode, Stack | DataStack) {
                format!(" {offset},{reg}")
            } else {
                format!(" ({offset},{reg}),y")
            }));
        }
        Move => {
            let bank = |cx: &mut Ctx| match cx.range(0, 3) {
                0 => format!("#${:02x}", cx.range(0, 255)),
                1 => format!("${:02x}", cx.range(0, 255)),
                2 => format!("#{}", cx.range(0, 3)),
                _ => format!("${:x}", cx.range(0, 0x1ff)),
            };
            let (a, b) = (bank(cx), bank(cx));
            pieces.push(Piece::Text(format!(" {a},{b}")));
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

/// A 24-bit address: a number, a label in another bank, `@l`.
fn long_address(cx: &mut Ctx, labels: &[String]) -> Expr {
    match cx.weighted(&[(3, "number"), (2, "label"), (1, "banked"), (1, "forced")]) {
        "label" | "banked" | "forced" if !labels.is_empty() => {
            let l = labels[cx.pick_index(labels.len())].clone();
            let l = cx.refer(&l);
            match cx.range(0, 2) {
                0 => atom(l),
                1 => atom(format!("{l} + ${:x}0000", cx.range(1, 0xff))),
                _ => atom(format!("@l {l}")),
            }
        }
        _ => {
            let v = cx.range(0, 0xff_ffff);
            atom(if cx.chance(50) {
                format!("${v:06x}")
            } else {
                format!("${v:x}")
            })
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
