//! Each opcode's disassembly made ready once per processor for the
//! listing's rows: the name with what precedes the operand (`lda ($`), what
//! follows it (`),y`) and how its digits are read, so an instruction's row
//! copies two pieces and writes only the operand's hex (no table looked up
//! behind a lock, no mode matched, per row). The forms [`disassemble_into`]
//! writes otherwise (`brk`'s signature, long addresses, block moves, bit
//! numbers, long branches) are left to it.

use super::Mode;
use super::disasm::{Listed, listing_table};
use crate::cpu::{CPUS, Cpu};

#[cfg(doc)]
use super::disassemble_into;

/// How an operand's digits are read from an instruction's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operand {
    /// Written by [`disassemble_into`]: the table has no form for it.
    Other,
    /// The name alone, or `a`.
    None,
    /// The second byte: `$12,s`.
    Byte,
    /// The word after the opcode: `($1234)`.
    Word,
    /// An immediate: a byte, or a word in three bytes.
    Immediate,
    /// A direct page address: the direct page plus the byte.
    Direct,
    /// An address in the data bank.
    Data,
    /// An address in the program bank (`jmp`, `jsr`).
    Program,
    /// A branch's target, in the program bank.
    Relative,
}

/// One opcode's ready disassembly.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The name, its blank and what precedes the operand's digits
    /// (`lda #$`), padded.
    head: [u8; 8],
    head_len: u8,
    /// What follows the digits (`,s),y`), padded.
    tail: [u8; 8],
    tail_len: u8,
    operand: Operand,
    /// How many bytes the instruction takes with byte and with word
    /// immediates ([`Listed::wide`]); 0: no form.
    len: [u8; 2],
}

const NO_FORM: Form = Form {
    head: [0; 8],
    head_len: 0,
    tail: [0; 8],
    tail_len: 0,
    operand: Operand::Other,
    len: [0; 2],
};

/// Each opcode's [`Form`] on one processor.
pub struct Forms([Form; 256]);

/// The forms of `cpu`'s opcodes, made on first use (on the heap: ten
/// processors' forms in place, 53 KB, were written data every build mapped).
pub fn forms(cpu: Cpu) -> &'static Forms {
    static FORMS: [std::sync::OnceLock<Box<Forms>>; CPUS.len()] =
        [const { std::sync::OnceLock::new() }; CPUS.len()];
    FORMS[cpu as usize].get_or_init(|| {
        let mut forms = Box::new(Forms([NO_FORM; 256]));
        for (op, shown) in listing_table(cpu).iter().enumerate() {
            if let Some(s) = shown
                && !s.signature
            {
                forms.0[op] = form(s.name, s.mode, op as u8, s.word);
            }
        }
        forms
    })
}

/// The form of `name` in `mode` (`word`: its immediate is always a word).
fn form(name: &str, mode: Mode, opcode: u8, word: bool) -> Form {
    use Operand::*;
    let (before, operand, after): (&str, Operand, &str) = match mode {
        Mode::Implied => ("", None, ""),
        Mode::Accumulator => (" a", None, ""),
        Mode::Immediate => (" #$", Immediate, ""),
        Mode::ZeroPage => (" $", Direct, ""),
        Mode::ZeroPageX => (" $", Direct, ",x"),
        Mode::ZeroPageY => (" $", Direct, ",y"),
        Mode::Absolute if matches!(opcode, 0x20 | 0x4c) => (" $", Program, ""),
        Mode::Absolute => (" $", Data, ""),
        Mode::AbsoluteX => (" $", Data, ",x"),
        Mode::AbsoluteY => (" $", Data, ",y"),
        Mode::Indirect => (" ($", Word, ")"),
        Mode::AbsoluteLongIndirect => (" [$", Word, "]"),
        Mode::IndirectX => (" ($", Direct, ",x)"),
        Mode::IndirectY => (" ($", Direct, "),y"),
        Mode::ZeroPageIndirect => (" ($", Direct, ")"),
        Mode::ZeroPageIndirectZ => (" ($", Direct, "),z"),
        Mode::LongIndirect => (" [$", Direct, "]"),
        Mode::LongIndirectY => (" [$", Direct, "],y"),
        Mode::AbsoluteIndirectX => (" ($", Program, ",x)"),
        Mode::Stack => (" $", Byte, ",s"),
        Mode::StackIndirectY => (" ($", Byte, ",s),y"),
        Mode::DataStack => (" $", Byte, ",r"),
        Mode::DataStackIndirectY => (" ($", Byte, ",r),y"),
        Mode::Relative => (" $", Relative, ""),
        Mode::Long
        | Mode::LongX
        | Mode::RelativeLong
        | Mode::Move
        | Mode::ZeroPageBit
        | Mode::ZeroPageBitRelative => return NO_FORM,
    };
    let head = [name.as_bytes(), before.as_bytes()].concat();
    if head.len() > 8 {
        return NO_FORM;
    }
    let mut f = Form {
        head: [0; 8],
        head_len: head.len() as u8,
        tail: [0; 8],
        tail_len: after.len() as u8,
        operand,
        len: match mode {
            Mode::Immediate if word => [3, 3],
            Mode::Immediate => [2, 3],
            mode => [mode.len() as u8; 2],
        },
    };
    f.head[..head.len()].copy_from_slice(&head);
    f.tail[..after.len()].copy_from_slice(after.as_bytes());
    f
}

/// Each byte's two hex digits.
const HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut t = [[0; 2]; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = [DIGITS[b >> 4], DIGITS[b & 15]];
        b += 1;
    }
    t
};

/// The hex digits of `b`.
#[inline(always)]
pub fn hex_pair(b: u8) -> [u8; 2] {
    HEX_PAIRS[b as usize]
}

/// How long a row's buffer is that [`Forms::write`] writes into.
pub const ROW: usize = 64;

impl Forms {
    /// The disassembly of `bytes` at `pc` (`ctx`: how the row was
    /// assembled; `mask`: its processor's address space) written into
    /// `row` from `at` (at most 24) as [`disassemble_into`] writes it, when
    /// they are exactly one instruction with a form here: how many
    /// characters were written (what follows them up to 8 more places is
    /// overwritten). None, with nothing written, for any other bytes.
    #[inline(always)]
    pub fn write(
        &self,
        row: &mut [u8; ROW],
        at: usize,
        bytes: &[u8],
        pc: u32,
        ctx: &Listed,
        mask: u32,
    ) -> Option<usize> {
        let &op = bytes.first()?;
        let f = &self.0[op as usize];
        let len = f.len[ctx.wide as usize] as usize;
        if len != bytes.len() || f.operand == Operand::Other {
            return None;
        }
        let b = bytes.get(1).copied().unwrap_or(0);
        let w = u16::from_le_bytes([b, bytes.get(2).copied().unwrap_or(0)]);
        // Where the next instruction starts, wrapped as its program
        // counter is: its bank is the program bank.
        let end = pc.wrapping_add(len as u32) & mask;
        let (bank, low) = match f.operand {
            Operand::Other | Operand::None => (None, 0),
            Operand::Byte => (None, b as u32),
            Operand::Immediate if len == 2 => (None, b as u32),
            Operand::Immediate | Operand::Word => (Some(0), w as u32),
            Operand::Direct => match (ctx.dpage + b as u32) & 0xffff {
                a if a > 0xff => (Some(0), a),
                a => (None, a),
            },
            Operand::Data => (Some(ctx.databank), w as u32),
            Operand::Program => (Some(end >> 16), w as u32),
            Operand::Relative => (Some(end >> 16), end.wrapping_add(b as i8 as u32) & 0xffff),
        };
        // Each piece in a write of a fixed size at a place known to fit
        // (`min`: no bounds checked per piece).
        let at = at.min(24);
        row[at..at + 8].copy_from_slice(&f.head);
        let digits_at = (at + f.head_len as usize).min(32);
        let digits = &mut row[digits_at..digits_at + 6];
        // Two digits, four, or six with a bank that is not 0.
        let [l1, l0] = hex_pair(low as u8);
        let [h1, h0] = hex_pair((low >> 8) as u8);
        let n = match (f.operand, bank) {
            (Operand::None, _) => 0,
            (_, None) => {
                digits[..2].copy_from_slice(&[l1, l0]);
                2
            }
            (_, Some(0)) => {
                digits[..4].copy_from_slice(&[h1, h0, l1, l0]);
                4
            }
            (_, Some(bank)) => {
                let [b1, b0] = hex_pair(bank as u8);
                digits.copy_from_slice(&[b1, b0, h1, h0, l1, l0]);
                6
            }
        };
        let tail_at = (digits_at + n).min(40);
        row[tail_at..tail_at + 8].copy_from_slice(&f.tail);
        Some(tail_at + f.tail_len as usize - at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opcodes::disassemble_into;

    /// Every opcode a form writes, on every processor, with and without a
    /// direct page, data bank and word immediates, at program counters in
    /// and past the first bank and where a branch wraps: the text
    /// [`disassemble_into`] writes; and every form left to it is one it
    /// writes by other rules or refuses.
    #[test]
    fn forms_write_what_disassembly_writes() {
        let mut written = 0;
        for cpu in CPUS {
            let forms = forms(cpu);
            for (dpage, databank, wide) in [
                (0, 0, false),
                (0, 0, true),
                (0x1200, 0x12, false),
                (0xff80, 0x1ff, true),
                (0x10000, 0x100, false),
            ] {
                let ctx = Listed {
                    cpu,
                    dpage,
                    databank,
                    wide,
                };
                for op in 0..=255u8 {
                    for operand in [[0x00, 0x00, 0x00], [0x34, 0x12, 0x56], [0xfe, 0xff, 0x80]] {
                        for len in 1..=4 {
                            let bytes = [op, operand[0], operand[1], operand[2]];
                            let bytes = &bytes[..len];
                            for pc in [0x1000, 0xfffe, 0x12fffe, 0xff_fffe] {
                                let mut want = Vec::new();
                                let mut row = [b'-'; ROW];
                                let wrote =
                                    forms.write(&mut row, 20, bytes, pc, &ctx, cpu.address_mask());
                                match wrote {
                                    Some(_) => {
                                        assert!(disassemble_into(&mut want, bytes, pc, ctx));
                                        written += 1;
                                    }
                                    None => assert_eq!(row, [b'-'; ROW]),
                                }
                                if let Some(n) = wrote {
                                    assert_eq!(&row[..20], &[b'-'; 20]);
                                    assert_eq!(
                                        String::from_utf8_lossy(&row[20..20 + n]),
                                        String::from_utf8_lossy(&want),
                                        "{cpu:?} {bytes:02x?} at {pc:#x} ({dpage:#x}, {databank:#x}, {wide})"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(written > 100_000, "{written}");
    }

    /// The forms cover the usual instructions: each documented NMOS
    /// opcode but `brk` has one.
    #[test]
    fn forms_cover_the_nmos_opcodes() {
        let forms = forms(Cpu::M6502);
        let ctx = Listed::plain(Cpu::M6502);
        for op in 1..=255u8 {
            let Some(len) = crate::opcodes::instruction_len(op, ctx) else {
                continue;
            };
            let bytes = [op, 0x12, 0x34];
            let mut row = [0; ROW];
            assert!(
                forms
                    .write(&mut row, 0, &bytes[..len as usize], 0x1000, &ctx, 0xffff)
                    .is_some(),
                "{op:#04x}"
            );
        }
    }
}
