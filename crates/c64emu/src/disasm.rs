//! One-instruction 6502 disassembler (NMOS opcodes, undocumented ones included), using
//! the mos6502 decoder so the trace names exactly what the CPU executes.

use mos6502::Variant;
use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};

/// Number of bytes of the instruction starting with `opcode`.
pub fn length(opcode: u8) -> u16 {
    match unstable(opcode) {
        Some((_, len, _)) => len,
        None => Nmos6502::decode(opcode).map_or(1, |(_, am)| am.extra_bytes() + 1),
    }
}

/// The unstable opcodes mos6502 does not decode (the emulator runs them itself):
/// mnemonic, length, operand format.
fn unstable(opcode: u8) -> Option<(&'static str, u16, &'static str)> {
    Some(match opcode {
        0x93 => ("SHA", 2, "(zp),Y"),
        0x9B => ("TAS", 3, "abs,Y"),
        0x9C => ("SHY", 3, "abs,X"),
        0x9E => ("SHX", 3, "abs,Y"),
        0x9F => ("SHA", 3, "abs,Y"),
        0xAB => ("LXA", 2, "#"),
        _ => return None,
    })
}

fn mnemonic(i: Instruction) -> String {
    let name = format!("{i:?}");
    if name.starts_with("NOP") {
        "NOP".into()
    } else if name == "JAM" {
        "JAM".into()
    } else {
        name.chars().take(3).collect::<String>().to_uppercase()
    }
}

/// Disassemble the instruction at `pc` from `bytes` (1-3 bytes, opcode first).
/// `label` names addresses (e.g. from the program's symbols).
pub fn disassemble(pc: u16, bytes: &[u8], label: &dyn Fn(u16) -> Option<String>) -> String {
    let op = bytes.first().copied().unwrap_or(0);
    let b1 = bytes.get(1).copied().unwrap_or(0);
    let word = u16::from_le_bytes([b1, bytes.get(2).copied().unwrap_or(0)]);
    let addr = |a: u16| label(a).unwrap_or_else(|| format!("${a:04X}"));
    let zp = |a: u8| label(u16::from(a)).unwrap_or_else(|| format!("${a:02X}"));
    if let Some((name, _, form)) = unstable(op) {
        return match form {
            "(zp),Y" => format!("{name} ({}),Y", zp(b1)),
            "abs,X" => format!("{name} {},X", addr(word)),
            "abs,Y" => format!("{name} {},Y", addr(word)),
            _ => format!("{name} #${b1:02X}"),
        };
    }
    let Some((instr, am)) = Nmos6502::decode(op) else {
        return format!(".byte ${op:02X}");
    };
    let operand = match am {
        AddressingMode::Accumulator => "A".to_string(),
        AddressingMode::Implied => String::new(),
        AddressingMode::Immediate => format!("#${b1:02X}"),
        AddressingMode::ZeroPage => zp(b1),
        AddressingMode::ZeroPageX => format!("{},X", zp(b1)),
        AddressingMode::ZeroPageY => format!("{},Y", zp(b1)),
        AddressingMode::Relative => {
            let target = pc.wrapping_add(2).wrapping_add(i16::from(b1 as i8) as u16);
            addr(target)
        }
        AddressingMode::Absolute => addr(word),
        AddressingMode::AbsoluteX => format!("{},X", addr(word)),
        AddressingMode::AbsoluteY => format!("{},Y", addr(word)),
        AddressingMode::Indirect | AddressingMode::BuggyIndirect => format!("({})", addr(word)),
        AddressingMode::IndexedIndirectX => format!("({},X)", zp(b1)),
        AddressingMode::IndirectIndexedY => format!("({}),Y", zp(b1)),
        _ => String::new(),
    };
    let m = mnemonic(instr);
    if operand.is_empty() {
        m
    } else {
        format!("{m} {operand}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dis(pc: u16, b: &[u8]) -> String {
        disassemble(pc, b, &|_| None)
    }

    #[test]
    fn formats_modes() {
        assert_eq!(dis(0x1000, &[0xA9, 0x01]), "LDA #$01");
        assert_eq!(dis(0x1000, &[0x8D, 0x20, 0xD0]), "STA $D020");
        assert_eq!(dis(0x1000, &[0xD0, 0xFE]), "BNE $1000");
        assert_eq!(dis(0x1000, &[0xB1, 0xFB]), "LDA ($FB),Y");
        assert_eq!(dis(0x1000, &[0x6C, 0x26, 0x03]), "JMP ($0326)");
        assert_eq!(dis(0x1000, &[0x0A]), "ASL A");
        assert_eq!(dis(0x1000, &[0x60]), "RTS");
        assert_eq!(dis(0x1000, &[0x02]), "JAM");
        assert_eq!(length(0x20), 3);
        assert_eq!(dis(0x1000, &[0x9F, 0x00, 0x20]), "SHA $2000,Y");
        assert_eq!(dis(0x1000, &[0xAB, 0x12]), "LXA #$12");
        assert_eq!((length(0x93), length(0x9C)), (2, 3));
        let named = disassemble(0x1000, &[0x20, 0xD2, 0xFF], &|a| {
            (a == 0xFFD2).then(|| "chrout".to_string())
        });
        assert_eq!(named, "JSR chrout");
    }
}
