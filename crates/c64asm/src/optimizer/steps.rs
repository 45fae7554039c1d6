//! Each opcode's effect on the model, processor by processor, and what
//! 64tass says of it.

use super::{
    ALREADY_CLEAR, ALREADY_SET, CONSTANT_INDEX, Family, NEXT, Nothing, Optimizer, Out, R, Say,
    UNCHANGED,
};
use crate::cpu::Cpu;
use crate::optimizer::Advice;
use crate::optimizer::bits::{Bit, Bits, Known};

/// Which index makes an operand's address constant when it is known.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Index {
    None,
    X,
    Y,
    /// `(zp),y` on the 65C02s: constant when Y is zero (`(zp)` would do).
    ZeroY,
    /// `(zp,x)` on the 65C02s (`(zp)` exists there).
    IndirectX,
}

/// The operand of an accumulator instruction of the 6502's first group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Operand {
    Immediate,
    Memory(Index),
}

/// The first group's addressing modes, by the opcode's bits 2-4.
fn group_one(opcode: u8) -> Operand {
    match opcode >> 2 & 7 {
        0 => Operand::Memory(Index::IndirectX),
        2 => Operand::Immediate,
        4 => Operand::Memory(Index::ZeroY),
        5 | 7 => Operand::Memory(Index::X),
        6 => Operand::Memory(Index::Y),
        _ => Operand::Memory(Index::None),
    }
}

type BitOp = fn(&mut Bits, Bit, Bit) -> Bit;

/// The read-modify-write instructions' `,x` forms have bit 4 set.
fn x_if_bit4(op: u8) -> Index {
    if op & 0x10 != 0 {
        Index::X
    } else {
        Index::None
    }
}

fn unchanged_if(same: bool) -> Out {
    if same { Say(UNCHANGED) } else { Nothing }
}

fn constant_index_or(constant: bool, otherwise: Out) -> Out {
    if constant {
        Say(CONSTANT_INDEX)
    } else {
        otherwise
    }
}

impl Optimizer {
    /// Whether an operand indexed by `index` has a constant address now.
    fn constant_index(&self, fam: Family, index: Index) -> bool {
        match index {
            Index::None => false,
            Index::X => self.is_known(R::X),
            Index::Y => self.is_known(R::Y),
            Index::ZeroY => fam.c02 && self.is_zero(R::Y),
            Index::IndirectX => fam.c02 && self.is_known(R::X),
        }
    }

    pub(super) fn step(&mut self, fam: Family, op: u8, adr: u32, ln: i32, away: bool) -> Out {
        if let Some(out) = self.step_6502(fam, op, adr, ln, away) {
            return out;
        }
        match fam.cpu {
            Cpu::M6502i | Cpu::M65DTV02 => self.step_undocumented(fam, op, adr, ln, away),
            _ if fam.c02 || fam.ce02 => self.step_65c02(fam, op, adr, ln, away),
            _ => self.unknown_opcode(),
        }
    }

    fn unknown_opcode(&mut self) -> Out {
        self.invalidate();
        Nothing
    }

    /// The opcodes every processor shares (`None`: not one of them).
    fn step_6502(&mut self, fam: Family, op: u8, adr: u32, ln: i32, away: bool) -> Option<Out> {
        let index = |i| Operand::Memory(i);
        Some(match op {
            // ora, and, eor, adc, lda, cmp, sbc
            _ if op & 3 == 1 && op & 0xe0 != 0x80 => {
                let operand = group_one(op);
                match op >> 5 {
                    0 => self.logic(fam, Bits::or, operand, adr),
                    1 => self.logic(fam, Bits::and, operand, adr),
                    2 => self.logic(fam, Bits::xor, operand, adr),
                    3 => self.add(fam, false, operand, adr),
                    5 => self.load_a(fam, operand, adr),
                    6 => self.compare_with(fam, R::A, operand, adr),
                    _ => self.add(fam, true, operand, adr),
                }
            }
            // sta
            0x81 | 0x91 | 0x99 => {
                let Operand::Memory(i) = group_one(op) else {
                    unreachable!()
                };
                self.store(fam, i, None)
            }
            0x9d | 0x95 => self.store(fam, Index::X, Some(R::A)),
            0x8d | 0x85 => self.store(fam, Index::None, Some(R::A)),
            0x8e | 0x86 => self.store(fam, Index::None, Some(R::X)),
            0x96 => self.store(fam, Index::Y, None),
            0x94 => self.store(fam, Index::X, Some(R::Y)),
            0x8c | 0x84 => self.store(fam, Index::None, Some(R::Y)),
            0x0a => unchanged_if(self.asl(R::A)),
            0x4a => unchanged_if(self.lsr(R::A)),
            0x2a | 0x6a => {
                let carry = self.carry();
                let same = if op == 0x2a {
                    self.rol(R::A)
                } else {
                    self.ror(R::A)
                };
                if same {
                    Say(UNCHANGED)
                } else if carry == Known::Zero {
                    Say(Advice::Simpler(if op == 0x2a { "asl" } else { "lsr" }))
                } else {
                    Nothing
                }
            }
            0x06 | 0x0e | 0x16 | 0x1e => self.shift_memory(fam, op, Optimizer::asl, None),
            0x46 | 0x4e | 0x56 | 0x5e => self.shift_memory(fam, op, Optimizer::lsr, None),
            0x26 | 0x2e | 0x36 | 0x3e => self.shift_memory(fam, op, Optimizer::rol, Some("asl")),
            0x66 | 0x6e | 0x76 | 0x7e => self.shift_memory(fam, op, Optimizer::ror, Some("lsr")),
            0xc6 | 0xce | 0xd6 | 0xde => self.step_memory(fam, op, false),
            0xe6 | 0xee | 0xf6 | 0xfe => self.step_memory(fam, op, true),
            0xe0 => self.compare_with(fam, R::X, Operand::Immediate, adr),
            0xe4 | 0xec => self.compare_with(fam, R::X, index(Index::None), adr),
            0xc0 => self.compare_with(fam, R::Y, Operand::Immediate, adr),
            0xc4 | 0xcc => self.compare_with(fam, R::Y, index(Index::None), adr),
            0xa2 => self.load_index(fam, R::X, Operand::Immediate, adr),
            0xa6 | 0xae => self.load_index(fam, R::X, index(Index::None), adr),
            0xb6 | 0xbe => self.load_index(fam, R::X, index(Index::Y), adr),
            0xa0 => self.load_index(fam, R::Y, Operand::Immediate, adr),
            0xa4 | 0xac => self.load_index(fam, R::Y, index(Index::None), adr),
            0xb4 | 0xbc => self.load_index(fam, R::Y, index(Index::X), adr),
            0x24 | 0x2c => self.bit_memory(fam, Index::None),
            0x10 => self.branch_nv(fam, super::F::N, Known::Zero, adr, ln, away, "gpl"),
            0x30 => self.branch_nv(fam, super::F::N, Known::One, adr, ln, away, "gmi"),
            0x50 => self.branch_nv(fam, super::F::V, Known::Zero, adr, ln, away, "gvc"),
            0x70 => self.branch_nv(fam, super::F::V, Known::One, adr, ln, away, "gvs"),
            0x90 => self.branch_carry(fam, Known::Zero, adr, ln, away),
            0xb0 => self.branch_carry(fam, Known::One, adr, ln, away),
            0xd0 => self.bne(fam, adr, ln, away),
            0xf0 => self.beq(fam, adr, ln, away),
            0x18 | 0x38 => {
                let carry = self.carry();
                self.ccmp = false;
                let k = if op == 0x18 { Known::Zero } else { Known::One };
                if carry == k {
                    return Some(Say(if op == 0x18 {
                        ALREADY_CLEAR
                    } else {
                        ALREADY_SET
                    }));
                }
                let b = self.bits.of(k);
                self.put_flag(super::F::C, b);
                Nothing
            }
            0x58 => self.flag_instruction(super::F::I, Known::Zero),
            0x78 => self.flag_instruction(super::F::I, Known::One),
            0xb8 => self.flag_instruction(super::F::V, Known::Zero),
            0xd8 => self.flag_instruction(super::F::D, Known::Zero),
            0xf8 => self.flag_instruction(super::F::D, Known::One),
            0xca => self.step_register(R::X, false),
            0x88 => self.step_register(R::Y, false),
            0xe8 => self.step_register(R::X, true),
            0xc8 => self.step_register(R::Y, true),
            0xea => Nothing,
            0x48 | 0x08 => self.step_register(R::S, false),
            0x68 => {
                self.step_by_one(R::S, true);
                self.load_a(fam, index(Index::None), adr)
            }
            0x9a => unchanged_if(self.transfer(R::X, R::S)),
            0xba => unchanged_if(self.transfer_nz(R::S, R::X)),
            0xaa => unchanged_if(self.transfer_nz(R::A, R::X)),
            0xa8 => unchanged_if(self.transfer_nz(R::A, R::Y)),
            0x8a => unchanged_if(self.transfer_nz(R::X, R::A)),
            0x98 => unchanged_if(self.transfer_nz(R::Y, R::A)),
            0x28 => {
                self.after_plp();
                Nothing
            }
            0x4c => self.jmp(fam, adr),
            0x6c | 0x40 | 0x60 => {
                self.branched = true;
                Nothing
            }
            0x20 => self.jsr(false),
            0x00 => self.unknown_opcode(),
            _ => return None,
        })
    }

    /// `ora`, `and`, `eor`.
    fn logic(&mut self, fam: Family, op: BitOp, operand: Operand, adr: u32) -> Out {
        match operand {
            Operand::Immediate => {
                self.load_value(R::Alu, adr);
                let (same, independent) = self.bitwise(op, R::Alu, R::A);
                if same {
                    self.release_reg(R::Alu);
                    return Say(UNCHANGED);
                }
                let shorter = self.shorter_for_a(fam, R::Alu);
                self.move_reg(R::Alu, R::A);
                if let Some(name) = shorter {
                    Say(Advice::Shorter(name))
                } else if self.is_known(R::A) {
                    Say(Advice::ConstantResult)
                } else if independent {
                    Say(Advice::IndependentResult)
                } else {
                    Nothing
                }
            }
            Operand::Memory(i) => {
                let constant = self.constant_index(fam, i);
                self.load_unknown(R::Alu);
                self.logic_with_operand(op, constant)
            }
        }
    }

    /// The rest of a logical operation once its operand is in `Alu`
    /// (`rla`, `slo` and `sre` join here).
    fn logic_with_operand(&mut self, op: BitOp, constant: bool) -> Out {
        let (_, independent) = self.bitwise(op, R::Alu, R::A);
        self.move_reg(R::Alu, R::A);
        if constant {
            Say(CONSTANT_INDEX)
        } else if independent {
            Say(Advice::IndependentResult)
        } else {
            Nothing
        }
    }

    /// `adc` (or `sbc`).
    fn add(&mut self, fam: Family, subtract: bool, operand: Operand, adr: u32) -> Out {
        match operand {
            Operand::Immediate => {
                self.load_value(R::Alu, adr);
                if self.add_carry(R::Alu, R::A, subtract) {
                    self.release_reg(R::Alu);
                    return Say(UNCHANGED);
                }
                self.move_reg(R::Alu, R::A);
                Nothing
            }
            Operand::Memory(i) => {
                let constant = self.constant_index(fam, i);
                self.load_unknown(R::Alu);
                self.add_carry(R::Alu, R::A, subtract);
                self.move_reg(R::Alu, R::A);
                constant_index_or(constant, Nothing)
            }
        }
    }

    /// `lda` (and `pla`).
    fn load_a(&mut self, fam: Family, operand: Operand, adr: u32) -> Out {
        match operand {
            Operand::Immediate => {
                self.load_value(R::Alu, adr);
                if self.load_same(R::Alu, R::A) {
                    self.release_reg(R::Alu);
                    return Say(UNCHANGED);
                }
                let shorter = self.shorter_for_a(fam, R::Alu);
                self.move_reg(R::Alu, R::A);
                shorter.map_or(Nothing, |name| Say(Advice::Shorter(name)))
            }
            Operand::Memory(i) => self.load_memory(fam, R::A, i),
        }
    }

    /// A register loaded from memory.
    fn load_memory(&mut self, fam: Family, reg: R, i: Index) -> Out {
        let constant = self.constant_index(fam, i);
        self.load_unknown(R::Alu);
        self.flags_nz(R::Alu);
        self.move_reg(R::Alu, reg);
        constant_index_or(constant, Nothing)
    }

    /// `ldx`, `ldy`, `ldz`.
    fn load_index(&mut self, fam: Family, reg: R, operand: Operand, adr: u32) -> Out {
        match operand {
            Operand::Immediate => {
                self.load_value(R::Alu, adr);
                if self.load_same(R::Alu, reg) {
                    self.release_reg(R::Alu);
                    return Say(UNCHANGED);
                }
                let shorter = match reg {
                    R::X => self.shorter_for_x(R::Alu),
                    R::Y => self.shorter_for_y(fam, R::Alu),
                    _ => self.shorter_for_z(R::Alu),
                };
                self.move_reg(R::Alu, reg);
                shorter.map_or(Nothing, |name| Say(Advice::Shorter(name)))
            }
            Operand::Memory(i) => self.load_memory(fam, reg, i),
        }
    }

    /// `cmp`, `cpx`, `cpy`, `cpz`.
    fn compare_with(&mut self, fam: Family, reg: R, operand: Operand, adr: u32) -> Out {
        match operand {
            Operand::Immediate => {
                self.load_value(R::Alu, adr);
                match self.compare(reg, R::Alu) {
                    (true, _) => Say(UNCHANGED),
                    (false, Some(name)) => Say(Advice::Shorter(name)),
                    (false, None) => Nothing,
                }
            }
            Operand::Memory(i) => {
                let constant = self.constant_index(fam, i);
                self.load_unknown(R::Alu);
                self.compare(reg, R::Alu);
                constant_index_or(constant, Nothing)
            }
        }
    }

    /// A store: its index, and the register whose zero `stz` would store
    /// (65C02s) when the address is not indexed by a known register.
    fn store(&mut self, fam: Family, i: Index, zero_of: Option<R>) -> Out {
        if self.constant_index(fam, i) {
            return Say(CONSTANT_INDEX);
        }
        match zero_of {
            Some(r) if fam.c02 && self.is_zero(r) => Say(Advice::Simpler("stz")),
            _ => Nothing,
        }
    }

    /// `asl`, `lsr`, `rol`, `ror` of memory (`,x` from bit 4); a rotate of
    /// a clear carry is a shift (`simpler`).
    fn shift_memory(
        &mut self,
        fam: Family,
        op: u8,
        shift: fn(&mut Optimizer, R) -> bool,
        simpler: Option<&'static str>,
    ) -> Out {
        let i = x_if_bit4(op);
        let constant = self.constant_index(fam, i);
        self.load_unknown(R::Alu);
        let carry = if simpler.is_some() {
            self.carry()
        } else {
            Known::Unknown
        };
        shift(self, R::Alu);
        self.release_reg(R::Alu);
        match simpler {
            _ if constant => Say(CONSTANT_INDEX),
            Some(name) if carry == Known::Zero => Say(Advice::Simpler(name)),
            _ => Nothing,
        }
    }

    /// `inc`/`dec` of memory (`,x` from bit 4).
    fn step_memory(&mut self, fam: Family, op: u8, up: bool) -> Out {
        let i = x_if_bit4(op);
        let constant = self.constant_index(fam, i);
        self.load_unknown(R::Alu);
        self.step_by_one(R::Alu, up);
        self.release_reg(R::Alu);
        constant_index_or(constant, Nothing)
    }

    fn step_register(&mut self, r: R, up: bool) -> Out {
        self.step_by_one(r, up);
        Nothing
    }

    fn flag_instruction(&mut self, f: super::F, k: Known) -> Out {
        if self.set_flag(f, k) {
            Say(if k == Known::Zero {
                ALREADY_CLEAR
            } else {
                ALREADY_SET
            })
        } else {
            Nothing
        }
    }

    /// `bit` of memory.
    fn bit_memory(&mut self, fam: Family, i: Index) -> Out {
        let constant = self.constant_index(fam, i);
        self.load_unknown(R::Alu);
        self.bit(R::Alu, R::A);
        constant_index_or(constant, Nothing)
    }

    fn jsr(&mut self, constant: bool) -> Out {
        self.after_call();
        constant_index_or(constant, Nothing)
    }

    /// The NMOS 6502's undocumented opcodes (`-i`), and the 65DTV02's.
    fn step_undocumented(&mut self, fam: Family, op: u8, adr: u32, ln: i32, away: bool) -> Out {
        let index_of = |op: u8| match op & 0x1f {
            0x1b => Index::Y,
            0x1f | 0x17 => Index::X,
            _ => Index::None,
        };
        match op {
            // lax
            0xbf | 0xb7 | 0xab | 0xaf | 0xa7 | 0xa3 | 0xb3 => {
                let i = if matches!(op, 0xbf | 0xb7) {
                    Index::Y
                } else {
                    Index::None
                };
                let constant = self.constant_index(fam, i);
                self.load_unknown(R::Alu);
                self.flags_nz(R::Alu);
                self.copy_reg(R::Alu, R::A);
                self.move_reg(R::Alu, R::X);
                constant_index_or(constant, Nothing)
            }
            // ane: unstable
            0x8b => {
                self.load_unknown(R::Alu);
                self.flags_nz(R::Alu);
                self.move_reg(R::Alu, R::A);
                Nothing
            }
            // arr (decimal mode makes it anything)
            0x6b => {
                self.scramble_a();
                Nothing
            }
            // asr #
            0x4b => {
                self.load_value(R::Alu, adr);
                unchanged_if(self.and_shift_right(R::A, R::Alu))
            }
            // dcp
            0xdb | 0xdf | 0xd7 | 0xcf | 0xc7 | 0xc3 | 0xd3 => {
                let constant = self.constant_index(fam, index_of(op));
                self.load_unknown(R::Alu);
                self.step_by_one(R::Alu, false);
                self.compare(R::A, R::Alu);
                constant_index_or(constant, Nothing)
            }
            // isb, rra
            0xfb | 0x7b | 0xff | 0xf7 | 0x7f | 0x77 | 0xef | 0xe7 | 0xe3 | 0xf3 | 0x6f | 0x67
            | 0x63 | 0x73 => {
                let constant = self.constant_index(fam, index_of(op));
                self.scramble_a();
                constant_index_or(constant, Nothing)
            }
            // rla, slo, sre
            0x3b | 0x3f | 0x37 | 0x2f | 0x27 | 0x23 | 0x33 | 0x1b | 0x1f | 0x17 | 0x0f | 0x07
            | 0x03 | 0x13 | 0x5b | 0x5f | 0x57 | 0x4f | 0x47 | 0x43 | 0x53 => {
                let constant = self.constant_index(fam, index_of(op));
                self.load_unknown(R::Alu);
                let combine: BitOp = match op >> 5 {
                    1 => {
                        self.carry();
                        self.rol(R::Alu);
                        Bits::and
                    }
                    0 => {
                        self.asl(R::Alu);
                        Bits::or
                    }
                    _ => {
                        self.lsr(R::Alu);
                        Bits::xor
                    }
                };
                self.logic_with_operand(combine, constant)
            }
            // sax
            0x97 | 0x8f | 0x87 | 0x83 => {
                let i = if op == 0x97 { Index::Y } else { Index::None };
                constant_index_or(self.constant_index(fam, i), Nothing)
            }
            _ if fam.cpu == Cpu::M6502i => self.step_nmos_only(fam, op, adr),
            // The 65DTV02's own.
            0x12 => self.bra(adr, ln, away).unwrap_or(Nothing),
            0x32 | 0x42 => {
                let slot = if op == 0x32 {
                    &mut self.sac
                } else {
                    &mut self.sir
                };
                if adr == *slot {
                    return Say(UNCHANGED);
                }
                *slot = adr;
                for r in [R::A, R::X, R::Y] {
                    self.forget_reg(r);
                }
                Nothing
            }
            _ => self.unknown_opcode(),
        }
    }

    /// The undocumented opcodes the 65DTV02 lacks.
    fn step_nmos_only(&mut self, fam: Family, op: u8, adr: u32) -> Out {
        match op {
            // anc #: 64tass takes the carry from A's bit 7 before the `and`.
            0x0b => {
                self.load_value(R::Alu, adr);
                let (same, _) = self.bitwise(Bits::and, R::Alu, R::A);
                let top = self.reg(R::A)[7];
                let carry_kept = self.bits.same(self.flag(super::F::C), top);
                if same {
                    if carry_kept {
                        self.release_reg(R::Alu);
                        return Say(UNCHANGED);
                    }
                    let k = self.bits.value(top);
                    self.copy_flag(super::F::C, top);
                    if k != Known::Unknown {
                        self.release_reg(R::Alu);
                        return Say(Advice::Shorter(if k == Known::Zero {
                            "clc"
                        } else {
                            "sec"
                        }));
                    }
                    // 64tass keeps the result here (never let go).
                    return Nothing;
                }
                let shorter = if carry_kept {
                    self.shorter_for_a(fam, R::Alu)
                } else {
                    self.copy_flag(super::F::C, top);
                    None
                };
                self.move_reg(R::Alu, R::A);
                shorter.map_or(Nothing, |name| Say(Advice::Shorter(name)))
            }
            // lds: 64tass puts S, not S & operand, in A and X (and keeps
            // the result, never let go).
            0xbb => {
                self.load_unknown(R::Alu);
                self.bitwise(Bits::and, R::Alu, R::S);
                self.transfer(R::S, R::A);
                self.transfer(R::S, R::X);
                Nothing
            }
            // nop with an operand
            0x1c | 0x14 | 0x80 | 0x0c | 0x04 => {
                let i = if matches!(op, 0x1c | 0x14) {
                    Index::X
                } else {
                    Index::None
                };
                constant_index_or(self.constant_index(fam, i), Nothing)
            }
            // sbx #
            0xcb => {
                self.load_value(R::Alu, adr);
                let (same, shorter) = self.sbx();
                if same {
                    self.release_reg(R::Alu);
                    return Say(UNCHANGED);
                }
                self.move_reg(R::Alu, R::X);
                shorter.map_or(Nothing, |name| Say(Advice::Shorter(name)))
            }
            0x93 | 0x9f | 0x9e | 0x9c => Nothing,
            // shs
            0x9b => {
                self.and_into(R::A, R::X, R::S);
                Nothing
            }
            _ => self.unknown_opcode(),
        }
    }

    /// The 65C02 family's opcodes (and the 65CE02's, which 64tass checks
    /// after them).
    fn step_65c02(&mut self, fam: Family, op: u8, adr: u32, ln: i32, away: bool) -> Out {
        let plain = Operand::Memory(Index::None);
        match op {
            0x72 => self.add(fam, false, plain, adr),
            0xf2 => self.add(fam, true, plain, adr),
            0x32 => self.logic(fam, Bits::and, plain, adr),
            0x12 => self.logic(fam, Bits::or, plain, adr),
            0x52 => self.logic(fam, Bits::xor, plain, adr),
            0xb2 => self.load_a(fam, plain, adr),
            0xd2 => self.compare_with(fam, R::A, plain, adr),
            0x80 => match self.bra(adr, ln, away) {
                Some(out) => out,
                None if adr == 1 && matches!(fam.cpu, Cpu::R65C02 | Cpu::W65C02) => {
                    Say(Advice::Shorter("gra"))
                }
                None => Nothing,
            },
            0x89 => {
                self.load_value(R::Alu, adr);
                unchanged_if(self.bit_test(R::Alu, R::A))
            }
            0x3c | 0x34 => self.bit_memory(fam, Index::X),
            0x3a => self.step_register(R::A, false),
            0x1a => self.step_register(R::A, true),
            0x7c => {
                let constant = self.constant_index(fam, Index::X);
                self.branched = true;
                constant_index_or(constant, Nothing)
            }
            0xda | 0x5a => self.step_register(R::S, false),
            0xfa => {
                self.step_by_one(R::S, true);
                self.load_memory(fam, R::X, Index::None)
            }
            // ply: 64tass counts Y, not S, up.
            0x7a => {
                self.step_by_one(R::Y, true);
                self.load_memory(fam, R::Y, Index::None)
            }
            0x92 | 0x9c | 0x64 => Nothing,
            0x9e | 0x74 => constant_index_or(self.constant_index(fam, Index::X), Nothing),
            0x1c | 0x14 | 0x0c | 0x04 => {
                self.load_unknown(R::Alu);
                self.bit_test(R::Alu, R::A);
                Nothing
            }
            _ if fam.cpu == Cpu::M65C02 => self.unknown_opcode(),
            // bbr, bbs: a branch to the next instruction.
            _ if op & 0xf == 0xf => {
                if adr & 0xff00 == 0 {
                    Say(NEXT)
                } else {
                    Nothing
                }
            }
            // rmb, smb
            _ if op & 7 == 7 => Nothing,
            // The R65C02's `nop $12,x` (the 65CE02's `asr $12,x` too).
            0x54 => constant_index_or(self.constant_index(fam, Index::X), Nothing),
            // Its other `nop`s (the 65CE02's `sta (d,s),y`, `cpz abs`,
            // `asr zp` too).
            0x82 | 0xdc | 0x44 => Nothing,
            0xdb if fam.cpu == Cpu::W65C02 => {
                self.branched = true;
                Nothing
            }
            0xcb if fam.cpu == Cpu::W65C02 => Nothing,
            _ if fam.ce02 => self.step_65ce02(fam, op, adr, ln, away),
            _ => self.unknown_opcode(),
        }
    }

    /// The 65CE02's (and the 4510's) own opcodes.
    fn step_65ce02(&mut self, fam: Family, op: u8, adr: u32, ln: i32, away: bool) -> Out {
        let plain = Operand::Memory(Index::None);
        match op {
            0x43 => unchanged_if(self.asr(R::A)),
            // asw
            0xcb => {
                self.load_unknown(R::Alu);
                self.asr(R::Alu);
                self.release_reg(R::Alu);
                Nothing
            }
            0x83 => self.bra(adr, ln, away).unwrap_or(Nothing),
            0x93 => self.branch_carry(fam, Known::Zero, adr, ln, away),
            0xb3 => self.branch_carry(fam, Known::One, adr, ln, away),
            0xf3 => self.beq(fam, adr, ln, away),
            0xd3 => self.bne(fam, adr, ln, away),
            0x13 => self.branch_nv(fam, super::F::N, Known::Zero, adr, ln, away, "gpl"),
            0x33 => self.branch_nv(fam, super::F::N, Known::One, adr, ln, away, "gmi"),
            0x53 => self.branch_nv(fam, super::F::V, Known::Zero, adr, ln, away, "gvc"),
            0x73 => self.branch_nv(fam, super::F::V, Known::One, adr, ln, away, "gvs"),
            0x02 => self.flag_instruction(super::F::E, Known::Zero),
            0x03 => self.flag_instruction(super::F::E, Known::One),
            0xc2 => self.compare_with(fam, R::Z, Operand::Immediate, adr),
            0xd4 => self.compare_with(fam, R::Z, plain, adr),
            // dew, inw
            0xc3 | 0xe3 => {
                self.load_unknown(R::Alu);
                self.step_by_one(R::Alu, op == 0xe3);
                self.release_reg(R::Alu);
                Nothing
            }
            0x3b => self.step_register(R::Z, false),
            0x1b => self.step_register(R::Z, true),
            0xe2 => self.load_a(fam, plain, adr),
            0x23 => {
                let constant = self.constant_index(fam, Index::X);
                self.jsr(constant)
            }
            0x63 | 0x22 => self.jsr(false),
            0xa3 => self.load_index(fam, R::Z, Operand::Immediate, adr),
            0xbb => self.load_index(fam, R::Z, Operand::Memory(Index::X), adr),
            0xab => self.load_index(fam, R::Z, plain, adr),
            0x42 => unchanged_if(self.negate(R::A)),
            // phw
            0xf4 | 0xfc => {
                self.step_by_one(R::S, false);
                self.step_register(R::S, false)
            }
            0xdb => self.step_register(R::S, false),
            0xfb => {
                self.step_by_one(R::S, true);
                self.load_memory(fam, R::Z, Index::None)
            }
            // row
            0xeb => {
                self.load_unknown(R::Alu);
                self.carry();
                self.rol(R::Alu);
                self.release_reg(R::Alu);
                Nothing
            }
            0x62 => {
                self.branched = true;
                Nothing
            }
            0x9b => constant_index_or(self.constant_index(fam, Index::Y), Nothing),
            0x8b => constant_index_or(self.constant_index(fam, Index::X), Nothing),
            0x5b => unchanged_if(self.transfer(R::A, R::B)),
            0x4b => unchanged_if(self.transfer_nz(R::A, R::Z)),
            0x7b => unchanged_if(self.transfer_nz(R::B, R::A)),
            0x0b => unchanged_if(self.transfer_nz(R::Sh, R::Y)),
            0x2b => unchanged_if(self.transfer(R::Y, R::Sh)),
            0x6b => unchanged_if(self.transfer_nz(R::Z, R::A)),
            0x5c if fam.cpu == Cpu::M4510 => Nothing,
            _ => self.unknown_opcode(),
        }
    }
}
