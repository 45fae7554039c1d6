//! The listing's disassembly: each opcode's name and mode on a processor,
//! and an instruction written back as 64tass's listing shows it, with the
//! direct page, data bank and program bank it was assembled for.

use super::{ALL_MODES, Mode, R_ALIAS, R_ILL, R_NO, table};
use crate::cpu::{CPUS, Cpu};

/// What an instruction's row was assembled with: how to read its bytes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listed {
    pub cpu: Cpu,
    /// `.dpage` (`0x10000`: none).
    pub dpage: u32,
    /// `.databank` (`0x100`: none).
    pub databank: u32,
    /// The row's immediate operands are words.
    pub wide: bool,
}

impl Listed {
    #[cfg(test)]
    pub fn plain(cpu: Cpu) -> Listed {
        Listed {
            cpu,
            dpage: 0,
            databank: 0,
            wide: false,
        }
    }
}

/// What a listing shows for an opcode: its name and mode, and what the
/// name tells of its bytes, kept with them (a listing reads them for every
/// instruction row; no name compared there).
#[derive(Clone, Copy)]
pub(super) struct Shown {
    pub(super) name: &'static str,
    pub(super) mode: Mode,
    /// `brk` and `cop`: a second byte is their signature.
    pub(super) signature: bool,
    /// `pea #` and `phw #` take a word whatever `.al` says.
    pub(super) word: bool,
}

/// What a listing shows for each opcode of a processor: the documented
/// instruction where there is one, not an alias (`inc a`, not `ina`), else
/// 64tass's name among the aliases of an undocumented one (`dcp`, not
/// `dcm`).
pub(super) fn listing_table(cpu: Cpu) -> &'static [Option<Shown>] {
    /// The names 64tass's listing gives undocumented opcodes that have several.
    const PREFERRED: [&str; 6] = ["asr", "sha", "lds", "dcp", "sbx", "isb"];
    type Table = Vec<Option<Shown>>;
    static TABLES: [std::sync::OnceLock<Table>; CPUS.len()] =
        [const { std::sync::OnceLock::new() }; CPUS.len()];
    TABLES[cpu as usize].get_or_init(|| {
        // Rank of a name for an opcode: higher wins.
        let rank = |name: &str, cell: u16| match (cell & R_ALIAS != 0, cell & R_ILL != 0) {
            (true, _) => 0,
            (false, true) if PREFERRED.contains(&name) => 2,
            (false, true) => 1,
            (false, false) => 3,
        };
        let mut t: Vec<Option<(&'static str, Mode, u8)>> = vec![None; 256];
        for m in table(cpu) {
            for mode in ALL_MODES {
                let cell = m.codes[mode as usize];
                // `brk #imm` is not how a listing shows $00, nor `pei (zp)`
                // or `rei (zp)` how it shows theirs; a raw immediate does
                // not name another opcode.
                let shown_as_other = matches!(
                    (m.name(), mode),
                    ("brk" | "cop" | "csp", Mode::Immediate)
                        | ("pei" | "rei", Mode::ZeroPageIndirect)
                        | ("per", Mode::Immediate)
                        | ("rea", Mode::Absolute)
                );
                if cell == R_NO || shown_as_other {
                    continue;
                }
                let bits: &[u8] = match mode {
                    Mode::ZeroPageBit | Mode::ZeroPageBitRelative => &[0, 1, 2, 3, 4, 5, 6, 7],
                    _ => &[0],
                };
                for &bit in bits {
                    let slot = &mut t[(cell as u8 + (bit << 4)) as usize];
                    let r = rank(m.name(), cell);
                    if slot.is_none_or(|(_, _, was)| r > was) {
                        *slot = Some((m.name(), mode, r));
                    }
                }
            }
        }
        let shown = |(name, mode, _): (&'static str, Mode, u8)| Shown {
            name,
            mode,
            signature: matches!(name, "brk" | "cop"),
            word: matches!(name, "pea" | "phw"),
        };
        t.into_iter().map(|e| e.map(shown)).collect()
    })
}

/// `brk` and `cop`: a row of two bytes is the instruction with its
/// signature byte, not two instructions.
pub fn takes_signature(opcode: u8, cpu: Cpu) -> bool {
    listing_table(cpu)[opcode as usize].is_some_and(|e| e.signature)
}

/// Whether the listing reads `opcode` as an immediate instruction.
pub fn is_immediate(opcode: u8, cpu: Cpu) -> bool {
    listing_table(cpu)[opcode as usize].is_some_and(|e| e.mode == Mode::Immediate)
}

/// How many bytes the instruction starting with `opcode` takes (`brk`: 1).
pub fn instruction_len(opcode: u8, ctx: Listed) -> Option<u32> {
    listing_table(ctx.cpu)[opcode as usize].map(|e| match e.mode {
        Mode::Immediate if ctx.wide || e.word => 3,
        mode => mode.len(),
    })
}

/// One instruction as a listing shows it (`lda #$05`, `bne $1011`), when
/// `bytes` are exactly one instruction at `pc`. `brk` shows 64tass's way:
/// `brk #`, or `brk #$05` with its signature byte (`cop` alike).
/// Appended to `out` (ASCII; the listing's own buffer, so a row's
/// disassembly is not made apart and copied); false, and nothing written,
/// when `bytes` are not one instruction.
pub fn disassemble_into(out: &mut Vec<u8>, bytes: &[u8], pc: u32, ctx: Listed) -> bool {
    let Some(&opcode) = bytes.first() else {
        return false;
    };
    let table = listing_table(ctx.cpu);
    let Some(Shown {
        name,
        mode,
        signature,
        word,
    }) = table[opcode as usize]
    else {
        return false;
    };
    match bytes {
        [_] if signature => {
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b" #");
            return true;
        }
        [_, b] if signature => {
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b" #");
            hex(out, *b as u32, 2);
            return true;
        }
        _ => {}
    }
    let len = match mode {
        Mode::Immediate if bytes.len() == 3 || word => 3,
        mode => mode.len() as usize,
    };
    // Cut short (a pseudo branch that skips one or two bytes): the name
    // alone, or with `#` for the R65C02's `nop #` that `gra` makes of it.
    if bytes.len() < len {
        out.extend_from_slice(name.as_bytes());
        if mode == Mode::Immediate {
            out.extend_from_slice(b" #");
        }
        return true;
    }
    if bytes.len() != len {
        return false;
    }
    let b = bytes.get(1).copied().unwrap_or(0);
    let w = u16::from_le_bytes([b, bytes.get(2).copied().unwrap_or(0)]);
    // Where the next instruction starts, wrapped in the processor's
    // address space as its program counter is.
    let end = pc.wrapping_add(len as u32) & ctx.cpu.address_mask();
    // A direct page address, from the direct page's start.
    let zp = |out: &mut Vec<u8>, b: u8| direct(out, (ctx.dpage + b as u32) & 0xffff);
    // A data bank address, and one in the program bank.
    let db = |out: &mut Vec<u8>, w: u16| banked(out, ctx.databank, w);
    let pb = |out: &mut Vec<u8>, w: u32| banked(out, end >> 16, w as u16);
    let bit = opcode >> 4 & 7;
    // The name, and a blank when an operand follows: in one write for a
    // name of three letters (every name in the tables).
    let operand = mode != Mode::Implied;
    match *name.as_bytes() {
        [a, b, c] if operand => out.extend_from_slice(&[a, b, c, b' ']),
        [a, b, c] => out.extend_from_slice(&[a, b, c]),
        _ => {
            out.extend_from_slice(name.as_bytes());
            if operand {
                out.push(b' ');
            }
        }
    }
    if !operand {
        return true;
    }
    // Written piece by piece rather than formatted: a listing disassembles
    // every instruction row.
    match mode {
        Mode::Implied => {}
        Mode::Accumulator => out.push(b'a'),
        Mode::Immediate => {
            out.push(b'#');
            match len {
                3 => hex(out, w as u32, 4),
                _ => hex(out, b as u32, 2),
            }
        }
        Mode::ZeroPage => zp(out, b),
        Mode::ZeroPageX => {
            zp(out, b);
            out.extend_from_slice(b",x");
        }
        Mode::ZeroPageY => {
            zp(out, b);
            out.extend_from_slice(b",y");
        }
        Mode::Absolute if matches!(opcode, 0x20 | 0x4c) => pb(out, w as u32),
        Mode::Absolute => db(out, w),
        Mode::AbsoluteX => {
            db(out, w);
            out.extend_from_slice(b",x");
        }
        Mode::AbsoluteY => {
            db(out, w);
            out.extend_from_slice(b",y");
        }
        Mode::Long | Mode::LongX => {
            hex(out, w as u32 | (bytes[3] as u32) << 16, 6);
            if mode == Mode::LongX {
                out.extend_from_slice(b",x");
            }
        }
        Mode::Indirect => {
            out.push(b'(');
            hex(out, w as u32, 4);
            out.push(b')');
        }
        Mode::AbsoluteLongIndirect => {
            out.push(b'[');
            hex(out, w as u32, 4);
            out.push(b']');
        }
        Mode::IndirectX => {
            out.push(b'(');
            zp(out, b);
            out.extend_from_slice(b",x)");
        }
        Mode::IndirectY => {
            out.push(b'(');
            zp(out, b);
            out.extend_from_slice(b"),y");
        }
        Mode::ZeroPageIndirect => {
            out.push(b'(');
            zp(out, b);
            out.push(b')');
        }
        Mode::ZeroPageIndirectZ => {
            out.push(b'(');
            zp(out, b);
            out.extend_from_slice(b"),z");
        }
        Mode::LongIndirect => {
            out.push(b'[');
            zp(out, b);
            out.push(b']');
        }
        Mode::LongIndirectY => {
            out.push(b'[');
            zp(out, b);
            out.extend_from_slice(b"],y");
        }
        Mode::AbsoluteIndirectX => {
            out.push(b'(');
            pb(out, w as u32);
            out.extend_from_slice(b",x)");
        }
        Mode::Stack => {
            hex(out, b as u32, 2);
            out.extend_from_slice(b",s");
        }
        Mode::StackIndirectY => {
            out.push(b'(');
            hex(out, b as u32, 2);
            out.extend_from_slice(b",s),y");
        }
        Mode::DataStack => {
            hex(out, b as u32, 2);
            out.extend_from_slice(b",r");
        }
        Mode::DataStackIndirectY => {
            out.push(b'(');
            hex(out, b as u32, 2);
            out.extend_from_slice(b",r),y");
        }
        Mode::Relative => pb(out, end.wrapping_add(b as i8 as u32)),
        Mode::RelativeLong => {
            // The 65CE02's long branches count from their last byte.
            let from = if opcode & 0x0f == 3 { end - 1 } else { end };
            pb(out, from.wrapping_add(w as u32))
        }
        Mode::Move => {
            out.push(b'#');
            hex(out, bytes[2] as u32, 2);
            out.extend_from_slice(b",#");
            hex(out, b as u32, 2);
        }
        Mode::ZeroPageBit => {
            out.push(b'0' + bit);
            out.push(b',');
            zp(out, b);
        }
        Mode::ZeroPageBitRelative => {
            let target = end.wrapping_add(bytes[2] as i8 as u32);
            out.push(b'0' + bit);
            out.push(b',');
            zp(out, b);
            out.push(b',');
            pb(out, target);
        }
    }
    true
}

/// `$` and the low `digits` hex digits of `v`.
fn hex(out: &mut Vec<u8>, v: u32, digits: u32) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let digit = |k: u32| DIGITS[(v >> (4 * k)) as usize & 15];
    // The usual widths in one write each (a listing disassembles every
    // instruction row; a digit at a time paid a capacity check each).
    match digits {
        2 => out.extend_from_slice(&[b'$', digit(1), digit(0)]),
        4 => out.extend_from_slice(&[b'$', digit(3), digit(2), digit(1), digit(0)]),
        _ => {
            out.push(b'$');
            for k in (0..digits).rev() {
                out.push(digit(k));
            }
        }
    }
}

/// A direct page address: two digits in the first page, else four.
fn direct(out: &mut Vec<u8>, a: u32) {
    hex(out, a, if a > 0xff { 4 } else { 2 });
}

/// An address in a bank: the bank's digits (its low byte) in front unless
/// it is 0.
fn banked(out: &mut Vec<u8>, bank: u32, w: u16) {
    match bank {
        0 => hex(out, w as u32, 4),
        _ => hex(out, (bank & 0xff) << 16 | w as u32, 6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disassemble(bytes: &[u8], pc: u32, ctx: Listed) -> Option<String> {
        let mut out = Vec::new();
        disassemble_into(&mut out, bytes, pc, ctx).then(|| String::from_utf8(out).unwrap())
    }

    #[test]
    fn every_opcode_has_one_name_per_processor() {
        for cpu in CPUS {
            let ctx = Listed::plain(cpu);
            let mut seen = [false; 256];
            for op in 0..=255u8 {
                if let Some(len) = instruction_len(op, ctx) {
                    seen[op as usize] = true;
                    let bytes = [op, 0x12, 0x34, 0x56];
                    assert!(disassemble(&bytes[..len as usize], 0x1000, ctx).is_some());
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
                // Every opcode but $5c (the 4510's `map`).
                Cpu::M65CE02 => 255,
                Cpu::M4510 => 256,
                Cpu::M65816 => 256,
                // The NMOS opcodes less 14 undocumented ones, and `bra`,
                // `sac`, `sir`.
                Cpu::M65DTV02 => 151 + 70 - 14 + 3,
                // The 65C02's, and 77 of its own.
                Cpu::M65EL02 => 151 + 27 + 77,
            };
            assert_eq!(count, expected, "{cpu:?}");
        }
    }

    #[test]
    fn listing_shows_each_processors_forms() {
        let d = |b: &[u8], cpu| disassemble(b, 0x1000, Listed::plain(cpu)).unwrap();
        assert_eq!(d(&[0xb2, 0x12], Cpu::M65C02), "lda ($12)");
        assert_eq!(d(&[0x7c, 0x34, 0x12], Cpu::M65C02), "jmp ($1234,x)");
        assert_eq!(d(&[0x1a], Cpu::M65C02), "inc a");
        assert_eq!(d(&[0x80, 0xfe], Cpu::M65C02), "bra $1000");
        assert_eq!(d(&[0x80, 0x12], Cpu::M6502i), "nop #$12");
        assert_eq!(d(&[0x77, 0x12], Cpu::R65C02), "rmb 7,$12");
        assert_eq!(d(&[0x9f, 0x17, 0xfd], Cpu::R65C02), "bbs 1,$17,$1000");
        assert_eq!(d(&[0x82], Cpu::R65C02), "nop #");
        assert_eq!(d(&[0xdb], Cpu::W65C02), "stp");
        assert_eq!(
            disassemble(&[0xdb], 0x1000, Listed::plain(Cpu::R65C02)),
            None
        );
        assert_eq!(d(&[0xb2, 0x12], Cpu::M65CE02), "lda ($12),z");
        assert_eq!(d(&[0x93, 0xfe, 0xff], Cpu::M65CE02), "bcc $1000");
        assert_eq!(d(&[0xaf, 0x56, 0x34, 0x12], Cpu::M65816), "lda $123456");
        assert_eq!(d(&[0x82, 0xfd, 0xff], Cpu::M65816), "brl $1000");
        assert_eq!(d(&[0x54, 0x34, 0x12], Cpu::M65816), "mvn #$12,#$34");
        assert_eq!(d(&[0x12, 0xfe], Cpu::M65DTV02), "bra $1000");
        assert_eq!(d(&[0x67, 0x12], Cpu::M65EL02), "adc $12,r");
        let wide = Listed {
            wide: true,
            dpage: 0x1200,
            databank: 0x12,
            ..Listed::plain(Cpu::M65816)
        };
        let dw = |b: &[u8]| disassemble(b, 0x1000, wide).unwrap();
        assert_eq!(dw(&[0xa9, 0x34, 0x12]), "lda #$1234");
        assert_eq!(dw(&[0xa5, 0x34]), "lda $1234");
        assert_eq!(dw(&[0xad, 0x34, 0x12]), "lda $121234");
        assert_eq!(dw(&[0x4c, 0x34, 0x12]), "jmp $1234");
    }
}
