//! The data memory an instruction reads and writes, worked out before it runs from its
//! opcode, operand and the registers: what the watchers of [`crate::Watch`] need to see
//! every access of the program without a hook in the emulator's bus.
//!
//! Operand fetches are not data accesses; a pointer fetched for `(zp),Y`, `(zp,X)` or
//! `JMP (ind)` is. Undocumented opcodes count by what they do (SAX writes, LAX reads,
//! DCP reads and writes); NOPs with operands and the dummy reads of indexed modes count
//! as nothing.

use c64emu::Machine;

/// How an instruction touches one address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The value is read.
    Read(u16),
    /// A value is written.
    Write(u16),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    None,
    Zp,
    ZpX,
    ZpY,
    Abs,
    AbsX,
    AbsY,
    IndX,
    IndY,
    JmpInd,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    Read,
    Write,
    Modify,
}

const STACK: u16 = 0x0100;

fn mode(op: u8) -> Mode {
    match op & 0x1F {
        0x00 if op == 0x20 => Mode::None, // JSR: only its stack writes
        0x01 | 0x03 => Mode::IndX,
        0x04..=0x07 => Mode::Zp,
        0x0C..=0x0F if op == 0x6C => Mode::JmpInd,
        0x0C..=0x0F => Mode::Abs,
        0x11 | 0x13 => Mode::IndY,
        0x14 | 0x15 => Mode::ZpX,
        // STX, LDX, SAX, LAX index zero page by Y.
        0x16 | 0x17 if op & 0xC0 == 0x80 => Mode::ZpY,
        0x16 | 0x17 => Mode::ZpX,
        0x19 | 0x1B => Mode::AbsY,
        0x1C | 0x1D => Mode::AbsX,
        0x1E | 0x1F if op & 0xC0 == 0x80 => Mode::AbsY,
        0x1E | 0x1F => Mode::AbsX,
        _ => Mode::None,
    }
}

fn kind(op: u8) -> Kind {
    let group = op >> 5;
    match op & 3 {
        // ORA AND EOR ADC STA LDA CMP SBC
        1 if group == 4 => Kind::Write,
        1 => Kind::Read,
        // ASL ROL LSR ROR STX LDX DEC INC (the accumulator forms have no memory mode)
        2 => match group {
            4 => Kind::Write,
            5 => Kind::Read,
            _ => Kind::Modify,
        },
        // SLO RLA SRE RRA SAX/SHA/TAS LAX/LAS DCP ISC
        3 => match group {
            4 => Kind::Write,
            5 => Kind::Read,
            _ => Kind::Modify,
        },
        // BIT, STY/SHY, LDY, CPY, CPX; the rest are jumps and NOPs.
        _ => match op {
            0x24 | 0x2C | 0xA4 | 0xAC | 0xB4 | 0xBC | 0xC4 | 0xCC | 0xE4 | 0xEC => Kind::Read,
            0x84 | 0x8C | 0x94 | 0x9C => Kind::Write,
            _ => Kind::None,
        },
    }
}

/// The data accesses of the instruction at `pc`, in the order the CPU makes them (a
/// read-modify-write gives a read and a write), appended to `out`.
pub fn accesses(m: &Machine, pc: u16, out: &mut Vec<Access>) {
    let op = m.peek_banked(pc);
    let regs = m.regs();
    let byte = |a: u16| m.peek_banked(a);
    let operand = byte(pc.wrapping_add(1));
    let word = u16::from_le_bytes([operand, byte(pc.wrapping_add(2))]);
    let stack = |d: u8| STACK + u16::from(regs.sp.wrapping_add(d));
    match op {
        0x00 => {
            // BRK pushes PC and P.
            out.extend([0, 0xFF, 0xFE].map(|d| Access::Write(stack(d))));
            return;
        }
        0x20 => {
            out.extend([0, 0xFF].map(|d| Access::Write(stack(d))));
            return;
        }
        0x40 => {
            out.extend([1, 2, 3].map(|d| Access::Read(stack(d))));
            return;
        }
        0x60 => {
            out.extend([1, 2].map(|d| Access::Read(stack(d))));
            return;
        }
        0x08 | 0x48 => {
            out.push(Access::Write(stack(0)));
            return;
        }
        0x28 | 0x68 => {
            out.push(Access::Read(stack(1)));
            return;
        }
        _ => {}
    }
    let (x, y) = (u16::from(regs.x), u16::from(regs.y));
    let zp_pair = |p: u8| (u16::from(p), u16::from(p.wrapping_add(1)));
    let addr = match mode(op) {
        Mode::None => return,
        Mode::Zp => u16::from(operand),
        Mode::ZpX => u16::from(operand.wrapping_add(regs.x)),
        Mode::ZpY => u16::from(operand.wrapping_add(regs.y)),
        Mode::Abs => word,
        Mode::AbsX => word.wrapping_add(x),
        Mode::AbsY => word.wrapping_add(y),
        Mode::IndX => {
            let (lo, hi) = zp_pair(operand.wrapping_add(regs.x));
            out.extend([Access::Read(lo), Access::Read(hi)]);
            u16::from_le_bytes([byte(lo), byte(hi)])
        }
        Mode::IndY => {
            let (lo, hi) = zp_pair(operand);
            out.extend([Access::Read(lo), Access::Read(hi)]);
            u16::from_le_bytes([byte(lo), byte(hi)]).wrapping_add(y)
        }
        Mode::JmpInd => {
            // The NMOS 6502 takes the high byte from the same page.
            let hi = (word & 0xFF00) | (word.wrapping_add(1) & 0x00FF);
            out.extend([Access::Read(word), Access::Read(hi)]);
            return;
        }
    };
    match kind(op) {
        Kind::None => {}
        Kind::Read => out.push(Access::Read(addr)),
        Kind::Write => out.push(Access::Write(addr)),
        Kind::Modify => out.extend([Access::Read(addr), Access::Write(addr)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use c64emu::Regs;

    fn run(
        code: &[u8],
        regs: impl FnOnce(&mut Regs),
        setup: impl FnOnce(&mut Machine),
    ) -> Vec<Access> {
        let mut m = Machine::new();
        m.load_raw(0xC000, code).unwrap();
        setup(&mut m);
        let mut r = m.regs();
        r.pc = 0xC000;
        r.sp = 0xF0;
        regs(&mut r);
        m.set_regs(r);
        let mut out = Vec::new();
        accesses(&m, 0xC000, &mut out);
        out
    }

    #[test]
    fn loads_stores_and_read_modify_write() {
        use Access::*;
        assert_eq!(run(&[0xAD, 0x34, 0x12], |_| {}, |_| {}), [Read(0x1234)]);
        assert_eq!(run(&[0x8D, 0x34, 0x12], |_| {}, |_| {}), [Write(0x1234)]);
        assert_eq!(
            run(&[0x9D, 0xFF, 0x12], |r| r.x = 2, |_| {}),
            [Write(0x1301)]
        );
        assert_eq!(
            run(&[0xBE, 0x00, 0x12], |r| r.y = 5, |_| {}),
            [Read(0x1205)]
        );
        assert_eq!(run(&[0xB6, 0xFF], |r| r.y = 2, |_| {}), [Read(0x0001)]);
        assert_eq!(run(&[0x95, 0xFF], |r| r.x = 2, |_| {}), [Write(0x0001)]);
        assert_eq!(
            run(&[0xEE, 0x00, 0x20], |_| {}, |_| {}),
            [Read(0x2000), Write(0x2000)]
        );
        assert_eq!(run(&[0x0A], |_| {}, |_| {}), []); // ASL A
        assert_eq!(run(&[0xA9, 0x01], |_| {}, |_| {}), []); // LDA #
        assert_eq!(run(&[0x2C, 0x00, 0xD0], |_| {}, |_| {}), [Read(0xD000)]);
        assert_eq!(run(&[0xCC, 0x00, 0x30], |_| {}, |_| {}), [Read(0x3000)]);
        assert_eq!(run(&[0x8C, 0x00, 0x30], |_| {}, |_| {}), [Write(0x3000)]);
        assert_eq!(run(&[0x4C, 0x00, 0x30], |_| {}, |_| {}), []);
        assert_eq!(run(&[0x0C, 0x00, 0x30], |_| {}, |_| {}), []); // NOP abs
    }

    #[test]
    fn pointers_and_the_stack() {
        use Access::*;
        let ptr = |m: &mut Machine| m.write(0xFB, &[0x00, 0x40]);
        assert_eq!(
            run(&[0xB1, 0xFB], |r| r.y = 3, ptr),
            [Read(0xFB), Read(0xFC), Read(0x4003)]
        );
        assert_eq!(
            run(&[0x81, 0xF9], |r| r.x = 2, ptr),
            [Read(0xFB), Read(0xFC), Write(0x4000)]
        );
        assert_eq!(
            run(&[0x6C, 0xFF, 0x30], |_| {}, |_| {}),
            [Read(0x30FF), Read(0x3000)]
        );
        assert_eq!(run(&[0x48], |_| {}, |_| {}), [Write(0x01F0)]);
        assert_eq!(run(&[0x68], |_| {}, |_| {}), [Read(0x01F1)]);
        assert_eq!(
            run(&[0x20, 0x00, 0x30], |_| {}, |_| {}),
            [Write(0x01F0), Write(0x01EF)]
        );
        assert_eq!(run(&[0x60], |_| {}, |_| {}), [Read(0x01F1), Read(0x01F2)]);
    }

    #[test]
    fn undocumented_opcodes_count_by_what_they_do() {
        use Access::*;
        assert_eq!(run(&[0x87, 0x10], |_| {}, |_| {}), [Write(0x10)]); // SAX
        assert_eq!(run(&[0xAF, 0x00, 0x50], |_| {}, |_| {}), [Read(0x5000)]); // LAX
        assert_eq!(
            run(&[0xC7, 0x10], |_| {}, |_| {}),
            [Read(0x10), Write(0x10)]
        ); // DCP
        assert_eq!(
            run(&[0x9F, 0x00, 0x50], |r| r.y = 1, |_| {}),
            [Write(0x5001)]
        ); // SHA abs,Y
    }
}
