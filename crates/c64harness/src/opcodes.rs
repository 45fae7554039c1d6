//! What the harness needs to know about 6502 opcodes: their length, and which ones
//! are branches and JSRs (for branch coverage and call stacks).

/// JSR absolute.
pub const JSR: u8 = 0x20;

/// Bytes of the instruction with this opcode (NMOS 6502, undocumented opcodes too;
/// BRK and the JAMs count 1).
pub fn length(op: u8) -> u16 {
    match op & 0x1F {
        0x00 => match op {
            JSR => 3,
            0x80 | 0xA0 | 0xC0 | 0xE0 => 2,
            _ => 1,
        },
        0x02 => match op {
            0x82 | 0xA2 | 0xC2 | 0xE2 => 2,
            _ => 1,
        },
        0x12 | 0x08 | 0x0A | 0x18 | 0x1A => 1,
        0x0C..=0x0F | 0x19 | 0x1B..=0x1F => 3,
        _ => 2,
    }
}

/// A conditional branch (BPL BMI BVC BVS BCC BCS BNE BEQ).
pub fn is_branch(op: u8) -> bool {
    op & 0x1F == 0x10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_of_documented_opcodes() {
        for (op, len) in [
            (0x00, 1),
            (0x20, 3),
            (0x40, 1),
            (0x60, 1),
            (0xA9, 2),
            (0xA2, 2),
            (0xA0, 2),
            (0xA5, 2),
            (0xAD, 3),
            (0xBD, 3),
            (0xB9, 3),
            (0xB1, 2),
            (0xA1, 2),
            (0x4C, 3),
            (0x6C, 3),
            (0xD0, 2),
            (0xEA, 1),
            (0x0A, 1),
            (0x96, 2),
            (0xBE, 3),
        ] {
            assert_eq!(length(op), len, "opcode ${op:02X}");
        }
        assert!(is_branch(0xD0) && is_branch(0x10) && !is_branch(0x20));
    }
}
