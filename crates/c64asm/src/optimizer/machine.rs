//! The registers and flags as bits ([`bits`](super::bits)), and what each
//! instruction does to them.

use super::bits::{Bit, Bits, Known};
use super::{Advice, SeenAs};
use crate::cpu::Cpu;

/// Eight bits, bit 0 first.
type Reg = [Bit; 8];

/// The registers, and the model's own: `Z1` is what the Z flag was last
/// computed from, `Z2`/`Z3` the two sides of the last comparison, `Alu`
/// an instruction's operand and result, `Tmp` a comparison's difference.
#[derive(Clone, Copy)]
enum R {
    A,
    X,
    Y,
    Z,
    S,
    /// The 65CE02's stack pointer high byte.
    Sh,
    B,
    Z1,
    Z2,
    Z3,
    Alu,
    Tmp,
}

/// The flags, and the carry of the last comparison (`Cc`).
#[derive(Clone, Copy)]
enum F {
    N,
    V,
    E,
    D,
    I,
    Z,
    C,
    Cc,
}

const REGS: usize = 12;
const FLAGS: usize = 8;

/// What 64tass's optimizer knows at a point of one section's code.
pub struct Optimizer {
    bits: Bits,
    regs: [Reg; REGS],
    flags: [Bit; FLAGS],
    /// The last instruction went elsewhere: the next one starts afresh.
    branched: bool,
    /// The last instruction was a `jsr`.
    call: bool,
    /// The Z flag (and the carry) come from the last comparison
    /// (`Z2`/`Z3`), not from `Z1`.
    zcmp: bool,
    ccmp: bool,
    seen: SeenAs,
    /// Where the next instruction is expected (outside 16 bits: nowhere).
    pc: u32,
    /// The 65DTV02's `sir` and `sac` operands (256: unknown).
    sir: u32,
    sac: u32,
}

impl Default for Optimizer {
    fn default() -> Self {
        let mut bits = Bits::default();
        let regs = std::array::from_fn(|_| std::array::from_fn(|_| bits.unknown()));
        let flags = std::array::from_fn(|_| bits.unknown());
        let mut o = Optimizer {
            bits,
            regs,
            flags,
            branched: false,
            call: false,
            zcmp: false,
            ccmp: false,
            seen: SeenAs::Itself,
            pc: 65536,
            sir: 256,
            sac: 256,
        };
        o.clear_state();
        o
    }
}

/// How the processor family changes what an opcode means.
#[derive(Clone, Copy)]
struct Family {
    cpu: Cpu,
    /// 65C02, R65C02, W65C02.
    c02: bool,
    /// 65CE02, 4510.
    ce02: bool,
    /// Has `bra`.
    bra: bool,
}

/// What can come of an instruction besides its effect.
enum Out {
    Nothing,
    Say(Advice),
}

use Out::{Nothing, Say};

const UNCHANGED: Advice = Advice::Redundant("as it does not change anything");
const NEVER: Advice = Advice::Redundant("as the condition is never met");
const ALREADY_SET: Advice = Advice::Redundant("as flag is already set");
const ALREADY_CLEAR: Advice = Advice::Redundant("as flag is already clear");
const NEXT: Advice = Advice::Redundant("as target is the next instruction");
const CONSTANT_INDEX: Advice = Advice::Redundant("indexing with a constant value");
const JSR_RTS: Advice = Advice::Redundant("if last 'jsr' is changed to 'jmp'");

impl Optimizer {
    /// Start afresh: nothing known (a label jumped to, data, a new block).
    pub fn invalidate(&mut self) {
        for r in [R::A, R::X, R::Y, R::Z, R::S, R::Sh, R::B, R::Z1] {
            self.forget_reg(r);
        }
        for f in [F::N, F::V, F::E, F::D, F::I, F::Z, F::C] {
            self.forget_flag(f);
        }
        self.clear_state();
    }

    fn clear_state(&mut self) {
        self.sir = 256;
        self.sac = 256;
        self.branched = false;
        self.call = false;
        self.seen = SeenAs::Itself;
        self.pc = 65536;
        self.zcmp = false;
        self.ccmp = false;
    }

    /// The next instruction is seen as `seen` (until set back).
    pub fn see_as(&mut self, seen: SeenAs) {
        self.seen = seen;
    }

    /// An instruction at `pc` made of `opcode` and the operand `adr` (`ln`
    /// bytes of it; -1 for a pseudo branch that became nothing). The
    /// answer is what 64tass says of it, if anything.
    pub fn instruction(
        &mut self,
        cpu: Cpu,
        opcode: u8,
        adr: u32,
        ln: i32,
        pc: u32,
    ) -> Option<Advice> {
        if self.branched || self.pc != pc & 0xffff {
            self.invalidate();
            self.pc = pc & 0xffff;
        }
        self.pc = (self.pc as i32 + ln + 1) as u32 & 0xffff;
        let mut said = None;
        if self.call {
            if opcode == 0x60 {
                said = Some(JSR_RTS);
            }
            self.call = false;
        }
        if matches!(cpu, Cpu::M65816 | Cpu::M65EL02) {
            return said;
        }
        let (opcode, away) = match self.seen {
            SeenAs::Itself => (opcode, false),
            SeenAs::Opcode(op) => (op, false),
            SeenAs::Away(op) => (op, true),
        };
        let fam = Family {
            cpu,
            c02: matches!(cpu, Cpu::M65C02 | Cpu::R65C02 | Cpu::W65C02),
            ce02: cpu.is_65ce02(),
            bra: matches!(cpu, Cpu::M65C02 | Cpu::R65C02 | Cpu::W65C02 | Cpu::M65DTV02)
                || cpu.is_65ce02(),
        };
        match self.step(fam, opcode, adr, ln, away) {
            Say(advice) => Some(advice),
            Nothing => said,
        }
    }

    // --- Bits of registers and flags -------------------------------------

    fn reg(&self, r: R) -> Reg {
        self.regs[r as usize]
    }

    fn flag(&self, f: F) -> Bit {
        self.flags[f as usize]
    }

    fn put_reg_bit(&mut self, r: R, i: usize, b: Bit) {
        let mut slot = self.regs[r as usize][i];
        self.bits.put(&mut slot, b);
        self.regs[r as usize][i] = slot;
    }

    fn copy_reg_bit(&mut self, r: R, i: usize, b: Bit) {
        let mut slot = self.regs[r as usize][i];
        self.bits.copy_into(&mut slot, b);
        self.regs[r as usize][i] = slot;
    }

    fn put_flag(&mut self, f: F, b: Bit) {
        let mut slot = self.flags[f as usize];
        self.bits.put(&mut slot, b);
        self.flags[f as usize] = slot;
    }

    fn copy_flag(&mut self, f: F, b: Bit) {
        let mut slot = self.flags[f as usize];
        self.bits.copy_into(&mut slot, b);
        self.flags[f as usize] = slot;
    }

    fn forget_reg(&mut self, r: R) {
        for i in 0..8 {
            let mut slot = self.regs[r as usize][i];
            self.bits.forget(&mut slot);
            self.regs[r as usize][i] = slot;
        }
    }

    fn forget_flag(&mut self, f: F) {
        let mut slot = self.flags[f as usize];
        self.bits.forget(&mut slot);
        self.flags[f as usize] = slot;
    }

    fn release_reg(&mut self, r: R) {
        for b in self.reg(r) {
            self.bits.release(b);
        }
    }

    /// `r` (not held before) takes `src`'s bits over.
    fn move_reg(&mut self, src: R, dst: R) {
        for i in 0..8 {
            self.put_reg_bit(dst, i, self.regs[src as usize][i]);
        }
    }

    /// `dst` holds `src`'s bits too.
    fn copy_reg(&mut self, src: R, dst: R) {
        for i in 0..8 {
            self.copy_reg_bit(dst, i, self.regs[src as usize][i]);
        }
    }

    /// The operand is a value read from memory: unknown.
    fn load_unknown(&mut self, r: R) {
        for i in 0..8 {
            self.regs[r as usize][i] = self.bits.unknown();
        }
    }

    fn load_value(&mut self, r: R, v: u32) {
        for i in 0..8 {
            self.regs[r as usize][i] = if v >> i & 1 != 0 {
                self.bits.one()
            } else {
                self.bits.zero()
            };
        }
    }

    fn is_zero(&self, r: R) -> bool {
        self.reg(r)
            .iter()
            .all(|&b| self.bits.value(b) == Known::Zero)
    }

    fn is_known(&self, r: R) -> bool {
        self.reg(r)
            .iter()
            .all(|&b| self.bits.value(b) != Known::Unknown)
    }

    fn same_reg(&self, a: R, b: R) -> bool {
        (0..8).all(|i| self.bits.same(self.reg(a)[i], self.reg(b)[i]))
    }

    /// Set `f` to `k`; whether it already was.
    fn set_flag(&mut self, f: F, k: Known) -> bool {
        if self.bits.value(self.flag(f)) == k {
            return true;
        }
        let b = self.bits.of(k);
        self.put_flag(f, b);
        false
    }

    // --- Flags from results ----------------------------------------------

    /// The carry, worked out from the last comparison when not known.
    fn carry(&mut self) -> Known {
        let k = self.bits.value(self.flag(F::C));
        if k != Known::Unknown || !self.ccmp {
            return k;
        }
        let mut carry = self.bits.one();
        for i in 0..8 {
            let inverted = self.bits.opposite(self.reg(R::Z3)[i]);
            let (sum, c) = self.bits.add(self.reg(R::Z2)[i], inverted, carry);
            self.bits.put(&mut carry, c);
            self.bits.release(inverted);
            self.bits.release(sum);
        }
        let k = self.bits.value(carry);
        if k != Known::Unknown {
            self.bits.learn(self.flag(F::Cc), k);
        }
        self.bits.release(carry);
        k
    }

    /// The Z flag is surely set.
    fn surely_zero(&mut self) -> bool {
        match self.bits.value(self.flag(F::Z)) {
            Known::Zero => return false,
            Known::One => return true,
            Known::Unknown => {}
        }
        let equal = if self.zcmp {
            (0..8).all(|i| self.bits.same(self.reg(R::Z2)[i], self.reg(R::Z3)[i]))
        } else {
            self.reg(R::Z1)
                .iter()
                .all(|&b| self.bits.value(b) == Known::Zero)
        };
        if equal {
            let one = self.bits.one();
            self.put_flag(F::Z, one);
        }
        equal
    }

    /// The Z flag is surely clear.
    fn surely_nonzero(&mut self) -> bool {
        match self.bits.value(self.flag(F::Z)) {
            Known::Zero => return true,
            Known::One => return false,
            Known::Unknown => {}
        }
        let differ = if self.zcmp {
            (0..8).any(|i| self.bits.differ(self.reg(R::Z2)[i], self.reg(R::Z3)[i]))
        } else {
            self.reg(R::Z1)
                .iter()
                .any(|&b| self.bits.value(b) == Known::One)
        };
        if differ {
            let zero = self.bits.zero();
            self.put_flag(F::Z, zero);
        }
        differ
    }

    /// Z from `r`; whether it stays as it was.
    fn flag_z(&mut self, r: R) -> bool {
        let (mut all_zero, mut some_one, mut same) = (true, false, true);
        for i in 0..8 {
            let b = self.reg(r)[i];
            let k = self.bits.value(b);
            if same && !self.bits.same(b, self.reg(R::Z1)[i]) {
                same = false;
            }
            self.copy_reg_bit(R::Z1, i, b);
            all_zero &= k == Known::Zero;
            some_one |= k == Known::One;
        }
        let z = if all_zero || some_one {
            let b = self
                .bits
                .of(if all_zero { Known::One } else { Known::Zero });
            same = self.bits.same(self.flag(F::Z), b);
            b
        } else {
            self.zcmp = false;
            self.bits.unknown()
        };
        self.put_flag(F::Z, z);
        same
    }

    /// N and Z from `r`; whether they stay as they were.
    fn flags_nz(&mut self, r: R) -> bool {
        let top = self.reg(r)[7];
        let same = self.bits.same(self.flag(F::N), top);
        self.copy_flag(F::N, top);
        self.flag_z(r) && same
    }
}

#[path = "alu.rs"]
mod alu;
#[path = "branches.rs"]
mod branches;
#[path = "steps.rs"]
mod steps;
