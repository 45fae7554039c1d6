//! Every opcode's bus cycles, in order, as the 6510 makes them ("64doc", "6502 instruction
//! timing"): each cycle reads or writes, and the ones the `mos6502` crate does not make
//! (it makes only the accesses whose values it uses) are dummy accesses the sequencer
//! makes at their place: the read of the byte after a one-byte opcode, the read of the
//! stack before a pull or JSR's pushes, the read of the un-indexed zero-page address,
//! the read of the indexed address before its high byte is carried, and the write of
//! the unmodified value in a read-modify-write.
//!
//! A plan lists the crate's accesses (`Crate`) and the dummies between them. The crate's
//! own order is opcode, operand bytes, pointer bytes, data read, data write (pushes and
//! pulls in stack order), which is the hardware's order for every instruction the crate
//! runs. What the crate cannot run in the hardware's order or at all (JSR, BRK, the
//! interrupt sequence, SHA/SHX/SHY/SHS, ANE, LXA, JAM, the data read of the NOPs with an
//! operand) the sequencer runs itself; branches' and RTS's last cycles come after the
//! crate's accesses and are the sequencer's too (`exact.rs`).

use std::sync::LazyLock;

use mos6502::Variant;
use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};

/// One bus cycle of an instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cycle {
    /// The crate's next read or write.
    Crate,
    /// Dummy read of the byte after the opcode (PC + 1).
    ReadNext,
    /// Dummy read of the stack at $0100 + S, S as the instruction started.
    ReadStack,
    /// Dummy read of the zero-page address just read as the operand (before X is added).
    ReadZeroPage,
    /// Dummy read of the next access's address with the high byte as it was before the
    /// index was added, when adding it carried (loads: the read is then repeated).
    ReadUncarriedIfCrossed,
    /// The same read whether or not the index carried (stores, read-modify-write).
    ReadUncarried,
    /// Dummy write of the value just read to the address about to be written.
    WriteBack,
}

/// The longest plan: (zp,X) and (zp),Y read-modify-write instructions, 8 cycles.
pub(crate) const MAX_CYCLES: usize = 8;

/// An opcode's cycles (`len` of them, without the ones that depend on the branch being
/// taken or on RTS's return address).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub cycles: [Cycle; MAX_CYCLES],
    pub len: u8,
}

impl Plan {
    fn new(cycles: &[Cycle]) -> Plan {
        let mut c = [Cycle::Crate; MAX_CYCLES];
        c[..cycles.len()].copy_from_slice(cycles);
        Plan {
            cycles: c,
            len: cycles.len() as u8,
        }
    }

    /// The cycles in order.
    pub fn cycles(&self) -> &[Cycle] {
        &self.cycles[..usize::from(self.len)]
    }
}

/// How an instruction uses its operand address.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    Read,
    Write,
    ReadModifyWrite,
    /// JMP: the address is the result.
    Jump,
}

fn access(i: Instruction) -> Access {
    use Instruction::*;
    match i {
        STA | STX | STY | SAX => Access::Write,
        ASL | LSR | ROL | ROR | INC | DEC | SLO | RLA | SRE | RRA | DCP | ISC => {
            Access::ReadModifyWrite
        }
        JMP | JSR => Access::Jump,
        _ => Access::Read,
    }
}

/// The plan of `opcode`, from the crate's decoding of it; None for the opcodes the
/// crate does not decode (the sequencer runs those itself).
fn plan_of(opcode: u8) -> Option<Plan> {
    use Cycle::*;
    let (instr, mode) = Nmos6502::decode(opcode)?;
    let a = access(instr);
    // The data cycles after the address is known.
    let data: &[Cycle] = match a {
        Access::Read => &[Crate],
        Access::Write => &[Crate],
        Access::ReadModifyWrite => &[Crate, WriteBack, Crate],
        Access::Jump => &[],
    };
    let mut c: Vec<Cycle> = vec![Crate];
    match mode {
        AddressingMode::Implied | AddressingMode::Accumulator => match instr {
            Instruction::PHA | Instruction::PHP => c.extend([ReadNext, Crate]),
            Instruction::PLA | Instruction::PLP => c.extend([ReadNext, ReadStack, Crate]),
            Instruction::RTS => c.extend([ReadNext, ReadStack, Crate, Crate]),
            Instruction::RTI => c.extend([ReadNext, ReadStack, Crate, Crate, Crate]),
            // BRK and JAM are the sequencer's.
            Instruction::BRK | Instruction::JAM => return None,
            _ => c.push(ReadNext),
        },
        AddressingMode::Immediate | AddressingMode::Relative => c.push(Crate),
        AddressingMode::ZeroPage => {
            c.push(Crate);
            c.extend(data);
        }
        AddressingMode::ZeroPageX | AddressingMode::ZeroPageY => {
            c.extend([Crate, ReadZeroPage]);
            c.extend(data);
        }
        AddressingMode::Absolute => {
            if instr == Instruction::JSR {
                return None;
            }
            c.extend([Crate, Crate]);
            c.extend(data);
        }
        AddressingMode::AbsoluteX | AddressingMode::AbsoluteY => {
            c.extend([Crate, Crate]);
            c.push(if a == Access::Read {
                ReadUncarriedIfCrossed
            } else {
                ReadUncarried
            });
            c.extend(data);
        }
        AddressingMode::IndexedIndirectX => {
            c.extend([Crate, ReadZeroPage, Crate, Crate]);
            c.extend(data);
        }
        AddressingMode::IndirectIndexedY => {
            c.extend([Crate, Crate, Crate]);
            c.push(if a == Access::Read {
                ReadUncarriedIfCrossed
            } else {
                ReadUncarried
            });
            c.extend(data);
        }
        AddressingMode::BuggyIndirect => c.extend([Crate, Crate, Crate, Crate]),
        _ => return None,
    }
    Some(Plan::new(&c))
}

/// Every opcode's plan (None: the sequencer runs it without the crate).
pub(crate) static PLANS: LazyLock<[Option<Plan>; 256]> =
    LazyLock::new(|| std::array::from_fn(|op| plan_of(op as u8)));

/// The most cycles each opcode takes without stalls (an index that carries, a branch
/// taken to another page; `MAX_CYCLES` for the ones the sequencer runs itself): an
/// instruction starting at cycle `c` makes every access before `c + MOST[opcode]`.
pub(crate) static MOST: LazyLock<[u8; 256]> = LazyLock::new(|| {
    std::array::from_fn(|op| match &PLANS[op] {
        None => MAX_CYCLES as u8,
        // A taken branch reads the next opcode, and the un-carried one when it leaves
        // its page; RTS reads the address it returns to.
        Some(_) if op & 0x1F == 0x10 => 4,
        Some(plan) => plan.len + u8::from(op == 0x60),
    })
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Cycle counts of every opcode the crate runs, from the 6510's documented timing
    /// (no page crossing, branches not taken): 16 opcodes a row.
    const CYCLES: [u8; 256] = [
        7, 6, 0, 8, 3, 3, 5, 5, 3, 2, 2, 2, 4, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
        6, 6, 0, 8, 3, 3, 5, 5, 4, 2, 2, 2, 4, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
        6, 6, 0, 8, 3, 3, 5, 5, 3, 2, 2, 2, 3, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
        6, 6, 0, 8, 3, 3, 5, 5, 4, 2, 2, 2, 5, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
        2, 6, 2, 6, 3, 3, 3, 3, 2, 2, 2, 2, 4, 4, 4, 4, //
        2, 6, 0, 6, 4, 4, 4, 4, 2, 5, 2, 5, 5, 5, 5, 5, //
        2, 6, 2, 6, 3, 3, 3, 3, 2, 2, 2, 2, 4, 4, 4, 4, //
        2, 5, 0, 5, 4, 4, 4, 4, 2, 4, 2, 4, 4, 4, 4, 4, //
        2, 6, 2, 8, 3, 3, 5, 5, 2, 2, 2, 2, 4, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
        2, 6, 2, 8, 3, 3, 5, 5, 2, 2, 2, 2, 4, 4, 6, 6, //
        2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7, //
    ];

    #[test]
    fn every_plan_has_the_documented_cycle_count() {
        for op in 0..=255u8 {
            let Some(plan) = &PLANS[usize::from(op)] else {
                continue;
            };
            // The repeated read of a carried index happens only when it carries; RTS's
            // last read (of the address it returns to) is the sequencer's.
            let cycles = usize::from(op == 0x60)
                + plan
                    .cycles()
                    .iter()
                    .filter(|&&c| c != Cycle::ReadUncarriedIfCrossed)
                    .count();
            assert_eq!(
                cycles,
                usize::from(CYCLES[usize::from(op)]),
                "opcode ${op:02X}"
            );
        }
    }

    #[test]
    fn the_most_cycles_cover_page_crossings_and_taken_branches() {
        for op in 0..=255usize {
            let most = MOST[op];
            assert!(most as usize <= MAX_CYCLES, "opcode ${op:02X}");
            if PLANS[op].is_some() {
                assert!(most >= CYCLES[op], "opcode ${op:02X}");
            }
        }
        // LDA abs,X crossing: 5; LDA (zp),Y crossing: 6; BNE taken across a page: 4;
        // RTS: 6; INC abs,X: 7; JSR (the sequencer's when it must be): 8.
        assert_eq!(
            [MOST[0xBD], MOST[0xB1], MOST[0xD0], MOST[0x60], MOST[0xFE]],
            [5, 6, 4, 6, 7]
        );
        assert_eq!(MOST[0x20], 8);
    }

    #[test]
    fn the_sequencer_runs_brk_jsr_jam_and_what_the_crate_does_not_decode() {
        let own: Vec<u8> = (0..=255u8)
            .filter(|&op| PLANS[usize::from(op)].is_none())
            .collect();
        let mut expected = vec![0x00, 0x20, 0x93, 0x9B, 0x9C, 0x9E, 0x9F, 0xAB];
        expected.extend((0..8).map(|i| 0x02 + 0x10 * i)); // JAM $02-$72
        expected.extend([0x92, 0xB2, 0xD2, 0xF2]);
        expected.sort();
        assert_eq!(own, expected);
    }
}
