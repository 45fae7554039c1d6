//! What the instructions compute, bit by bit: loads, transfers, shifts,
//! additions, comparisons, and the shorter instructions that would make
//! the same value.

use super::{F, Family, Optimizer, R};
use crate::optimizer::bits::{Bit, Bits, Known};

impl Optimizer {
    /// `dst = src`; whether it already was.
    pub(super) fn transfer(&mut self, src: R, dst: R) -> bool {
        let mut same = true;
        for i in 0..8 {
            let b = self.reg(src)[i];
            if same && !self.bits.same(b, self.reg(dst)[i]) {
                same = false;
            }
            self.copy_reg_bit(dst, i, b);
        }
        same
    }

    /// `dst = src` with N and Z; whether nothing changed.
    pub(super) fn transfer_nz(&mut self, src: R, dst: R) -> bool {
        let same = self.transfer(src, dst);
        self.flags_nz(dst) && same
    }

    /// Shift `r` left (or right), `fill` (held) coming in at the other end;
    /// the bit going out goes to the carry.
    pub(super) fn shift(&mut self, r: R, fill: Bit, left: bool) -> bool {
        // Bit positions from the one going out to the one coming in.
        let at = |k: usize| if left { 7 - k } else { k };
        let out = self.reg(r)[at(0)];
        let mut same = self.bits.same(self.flag(F::C), out);
        self.copy_flag(F::C, out);
        for k in 0..7 {
            let next = self.reg(r)[at(k + 1)];
            if same && !self.bits.same(self.reg(r)[at(k)], next) {
                same = false;
            }
            self.copy_reg_bit(r, at(k), next);
        }
        same = same && self.bits.same(self.reg(r)[at(7)], fill);
        self.put_reg_bit(r, at(7), fill);
        self.ccmp = false;
        self.flags_nz(r) && same
    }

    pub(super) fn asl(&mut self, r: R) -> bool {
        let zero = self.bits.zero();
        self.shift(r, zero, true)
    }

    pub(super) fn rol(&mut self, r: R) -> bool {
        let c = self.bits.share(self.flag(F::C));
        self.shift(r, c, true)
    }

    pub(super) fn lsr(&mut self, r: R) -> bool {
        let zero = self.bits.zero();
        self.shift(r, zero, false)
    }

    pub(super) fn ror(&mut self, r: R) -> bool {
        let c = self.bits.share(self.flag(F::C));
        self.shift(r, c, false)
    }

    pub(super) fn asr(&mut self, r: R) -> bool {
        let top = self.bits.share(self.reg(r)[7]);
        self.shift(r, top, false)
    }

    /// `r = -r` (65CE02 `neg`).
    pub(super) fn negate(&mut self, r: R) -> bool {
        let mut same = true;
        let mut carry = self.bits.one();
        let zero = self.bits.zero();
        for i in 0..8 {
            let inverted = self.bits.opposite(self.reg(r)[i]);
            let (sum, c) = self.bits.add(zero, inverted, carry);
            if same && !self.bits.same(self.reg(r)[i], sum) {
                same = false;
            }
            self.put_reg_bit(r, i, sum);
            self.bits.put(&mut carry, c);
            self.bits.release(inverted);
        }
        self.bits.release(carry);
        self.bits.release(zero);
        self.flags_nz(r) && same
    }

    /// `asr #`: `a = (a & v) >> 1`, bit 0 into the carry (`v` taken over).
    pub(super) fn and_shift_right(&mut self, a: R, v: R) -> bool {
        let b = self.bits.and(self.reg(a)[0], self.reg(v)[0]);
        let mut same = self.bits.same(self.flag(F::C), b);
        self.put_flag(F::C, b);
        self.bits.release(self.reg(v)[0]);
        for i in 0..7 {
            let b = self.bits.and(self.reg(a)[i + 1], self.reg(v)[i + 1]);
            if same && !self.bits.same(self.reg(a)[i], b) {
                same = false;
            }
            self.put_reg_bit(a, i, b);
            self.bits.release(self.reg(v)[i + 1]);
        }
        let zero = self.bits.zero();
        same = same && self.bits.same(self.reg(a)[7], zero);
        self.put_reg_bit(a, 7, zero);
        self.ccmp = false;
        self.flags_nz(a) && same
    }

    /// `v = r1 & r2` (`shs`).
    pub(super) fn and_into(&mut self, r1: R, r2: R, v: R) {
        for i in 0..8 {
            let b = self.bits.and(self.reg(r1)[i], self.reg(r2)[i]);
            self.put_reg_bit(v, i, b);
        }
    }

    /// `r` plus or minus one, with N and Z.
    pub(super) fn step_by_one(&mut self, r: R, up: bool) {
        let (k, fill) = if up {
            (Known::One, Known::Zero)
        } else {
            (Known::Zero, Known::One)
        };
        let mut carry = self.bits.of(k);
        let fill = self.bits.of(fill);
        for i in 0..8 {
            let (sum, c) = self.bits.add(fill, self.reg(r)[i], carry);
            self.put_reg_bit(r, i, sum);
            self.bits.put(&mut carry, c);
        }
        self.bits.release(carry);
        self.bits.release(fill);
        self.flags_nz(r);
    }

    /// `s` compared with `v` (taken over): the flags, whether nothing
    /// changed, and `clc`/`sec` where only the carry did and is known.
    pub(super) fn compare(&mut self, s: R, v: R) -> (bool, Option<&'static str>) {
        let mut same_sides = true;
        let mut carry = self.bits.one();
        for i in 0..8 {
            let inverted = self.bits.opposite(self.reg(v)[i]);
            let (diff, c) = self.bits.add(self.reg(s)[i], inverted, carry);
            self.regs[R::Tmp as usize][i] = diff;
            self.bits.put(&mut carry, c);
            self.bits.release(inverted);
            let sb = self.reg(s)[i];
            if same_sides && !self.bits.same(self.reg(R::Z2)[i], sb) {
                same_sides = false;
            }
            self.copy_reg_bit(R::Z2, i, sb);
            let vb = self.reg(v)[i];
            if same_sides && !self.bits.same(self.reg(R::Z3)[i], vb) {
                same_sides = false;
            }
            self.put_reg_bit(R::Z3, i, vb);
        }
        if same_sides && self.ccmp {
            self.bits.copy_into(&mut carry, self.flag(F::Cc));
        }
        let k = self.bits.value(carry);
        let same_carry = self.bits.same(self.flag(F::C), carry);
        self.put_flag(F::C, carry);
        self.copy_flag(F::Cc, carry);
        let from = if same_sides && self.zcmp {
            R::Z1
        } else {
            R::Tmp
        };
        let same_nz = self.flags_nz(from);
        self.zcmp = true;
        self.ccmp = true;
        self.release_reg(R::Tmp);
        let hint = (!same_carry && same_nz && k != Known::Unknown).then_some(if k == Known::Zero {
            "clc"
        } else {
            "sec"
        });
        (same_nz && same_carry, hint)
    }

    /// `r` (the operand, becoming the result) plus `a` (or `a` minus it)
    /// with the carry; whether nothing changed.
    pub(super) fn add_carry(&mut self, r: R, a: R, subtract: bool) -> bool {
        if self.bits.value(self.flag(F::D)) != Known::Zero {
            // Decimal mode (or maybe): nothing known of the result.
            self.forget_reg(r);
            self.forget_reg(R::Z1);
            for f in [F::N, F::V, F::Z, F::C] {
                self.forget_flag(f);
            }
            self.zcmp = false;
            self.ccmp = false;
            return false;
        }
        let mut same = true;
        let mut carry = self.bits.share(self.flag(F::C));
        let operand_top = self.bits.share(self.reg(r)[7]);
        for i in 0..8 {
            let sum = if subtract {
                let inverted = self.bits.opposite(self.reg(r)[i]);
                let (sum, c) = self.bits.add(self.reg(a)[i], inverted, carry);
                self.bits.put(&mut carry, c);
                self.bits.release(inverted);
                sum
            } else {
                let (sum, c) = self.bits.add(self.reg(a)[i], self.reg(r)[i], carry);
                self.bits.put(&mut carry, c);
                sum
            };
            if same && !self.bits.same(sum, self.reg(a)[i]) {
                same = false;
            }
            self.put_reg_bit(r, i, sum);
        }
        let v = self
            .bits
            .overflow(operand_top, self.reg(a)[7], self.reg(r)[7]);
        self.bits.release(operand_top);
        same = self.bits.same(self.flag(F::V), v) && same;
        self.put_flag(F::V, v);
        same = self.bits.same(self.flag(F::C), carry) && same;
        self.put_flag(F::C, carry);
        same = self.flags_nz(r) && same;
        self.zcmp = false;
        self.ccmp = false;
        same
    }

    /// `r = r op a` bit by bit: whether the result is `a` as it was, and
    /// whether it is `r` as it was (independent of `a`).
    pub(super) fn bitwise(
        &mut self,
        op: fn(&mut Bits, Bit, Bit) -> Bit,
        r: R,
        a: R,
    ) -> (bool, bool) {
        let (mut same, mut independent) = (true, true);
        for i in 0..8 {
            let (x, y) = (self.reg(r)[i], self.reg(a)[i]);
            let e = op(&mut self.bits, x, y);
            if same && !self.bits.same(e, self.reg(a)[i]) {
                same = false;
            }
            if independent && !self.bits.same(e, self.reg(r)[i]) {
                independent = false;
            }
            self.put_reg_bit(r, i, e);
        }
        (self.flags_nz(r) && same, independent)
    }

    /// A load of `value` into `reg`: whether it already held it.
    pub(super) fn load_same(&mut self, value: R, reg: R) -> bool {
        let same = self.same_reg(value, reg);
        self.flags_nz(value) && same
    }

    /// `a` would equal `b` plus (or minus) one.
    pub(super) fn one_apart(&mut self, a: R, b: R, up: bool) -> bool {
        let (k, fill) = if up {
            (Known::One, Known::Zero)
        } else {
            (Known::Zero, Known::One)
        };
        let mut carry = self.bits.of(k);
        let fill = self.bits.of(fill);
        let mut same = true;
        let mut i = 0;
        while i < 8 && same {
            let (sum, c) = self.bits.add(fill, self.reg(b)[i], carry);
            same = self.bits.same(self.reg(a)[i], sum);
            self.bits.release(sum);
            self.bits.put(&mut carry, c);
            i += 1;
        }
        self.bits.release(carry);
        self.bits.release(fill);
        same
    }

    /// `a` would equal `-b`.
    pub(super) fn negated(&mut self, a: R, b: R) -> bool {
        let mut carry = self.bits.one();
        let zero = self.bits.zero();
        let mut same = true;
        let mut i = 0;
        while i < 8 && same {
            let inverted = self.bits.opposite(self.reg(b)[i]);
            let (sum, c) = self.bits.add(zero, inverted, carry);
            same = self.bits.same(self.reg(a)[i], sum);
            self.bits.release(sum);
            self.bits.put(&mut carry, c);
            self.bits.release(inverted);
            i += 1;
        }
        self.bits.release(carry);
        self.bits.release(zero);
        same
    }

    /// `a` would be `b` shifted left (bit 0 aside).
    pub(super) fn shifted_left(&self, a: R, b: R) -> bool {
        (1..8).all(|i| self.bits.same(self.reg(a)[i], self.reg(b)[i - 1]))
    }

    /// `a` would be `b` shifted right (bit 7 aside).
    pub(super) fn shifted_right(&self, a: R, b: R) -> bool {
        (1..8).all(|i| self.bits.same(self.reg(a)[i - 1], self.reg(b)[i]))
    }

    /// A one-byte instruction that makes `v` in A.
    pub(super) fn shorter_for_a(&mut self, fam: Family, v: R) -> Option<&'static str> {
        if self.same_reg(v, R::X) {
            return Some("txa");
        }
        if self.same_reg(v, R::Y) {
            return Some("tya");
        }
        if fam.ce02 {
            if self.same_reg(v, R::Z) {
                return Some("tza");
            }
            if self.same_reg(v, R::B) {
                return Some("tba");
            }
        }
        let c = self.flag(F::C);
        if self.bits.same(c, self.reg(R::A)[7]) {
            let zero_in = self.bits.value(self.reg(v)[0]) == Known::Zero;
            if (zero_in || self.bits.same(c, self.reg(v)[0])) && self.shifted_left(v, R::A) {
                return Some(if zero_in { "asl a" } else { "rol a" });
            }
        }
        if self.bits.same(c, self.reg(R::A)[0]) {
            let zero_in = self.bits.value(self.reg(v)[7]) == Known::Zero;
            if (zero_in || self.bits.same(c, self.reg(v)[7])) && self.shifted_right(v, R::A) {
                return Some(if zero_in { "lsr a" } else { "ror a" });
            }
            if fam.ce02
                && self.bits.same(self.reg(v)[7], self.reg(R::A)[7])
                && self.shifted_right(v, R::A)
            {
                return Some("asr a");
            }
        }
        if fam.c02 || fam.ce02 {
            if self.one_apart(v, R::A, true) {
                return Some("inc a");
            }
            if self.one_apart(v, R::A, false) {
                return Some("dec a");
            }
        }
        if fam.ce02 && self.negated(v, R::A) {
            return Some("neg a");
        }
        None
    }

    pub(super) fn shorter_for_x(&mut self, v: R) -> Option<&'static str> {
        if self.same_reg(v, R::A) {
            Some("tax")
        } else if self.same_reg(v, R::S) {
            Some("tsx")
        } else if self.one_apart(v, R::X, true) {
            Some("inx")
        } else if self.one_apart(v, R::X, false) {
            Some("dex")
        } else {
            None
        }
    }

    pub(super) fn shorter_for_y(&mut self, fam: Family, v: R) -> Option<&'static str> {
        if self.same_reg(v, R::A) {
            Some("tay")
        } else if fam.ce02 && self.same_reg(v, R::Sh) {
            Some("tsy")
        } else if self.one_apart(v, R::Y, true) {
            Some("iny")
        } else if self.one_apart(v, R::Y, false) {
            Some("dey")
        } else {
            None
        }
    }

    pub(super) fn shorter_for_z(&mut self, v: R) -> Option<&'static str> {
        if self.same_reg(v, R::A) {
            Some("taz")
        } else if self.one_apart(v, R::Z, true) {
            Some("inz")
        } else if self.one_apart(v, R::Z, false) {
            Some("dez")
        } else {
            None
        }
    }

    /// `sbx #`: `x = (x & a) - alu`, as a comparison.
    pub(super) fn sbx(&mut self) -> (bool, Option<&'static str>) {
        let (s1, s2, v) = (R::X, R::A, R::Alu);
        let mut same_sides = true;
        let mut same = true;
        let mut carry = self.bits.one();
        for i in 0..8 {
            let s = self.bits.and(self.reg(s1)[i], self.reg(s2)[i]);
            let inverted = self.bits.opposite(self.reg(v)[i]);
            let (diff, c) = self.bits.add(s, inverted, carry);
            self.bits.put(&mut carry, c);
            self.bits.release(inverted);
            if same_sides && !self.bits.same(self.reg(R::Z2)[i], s) {
                same_sides = false;
            }
            self.put_reg_bit(R::Z2, i, s);
            let vb = self.reg(v)[i];
            if same_sides && !self.bits.same(self.reg(R::Z3)[i], vb) {
                same_sides = false;
            }
            self.copy_reg_bit(R::Z3, i, vb);
            if same && !self.bits.same(self.reg(s1)[i], diff) {
                same = false;
            }
            self.put_reg_bit(v, i, diff);
        }
        if same_sides && self.ccmp {
            self.bits.copy_into(&mut carry, self.flag(F::Cc));
        }
        let k = self.bits.value(carry);
        let same_carry = self.bits.same(self.flag(F::C), carry);
        self.put_flag(F::C, carry);
        self.copy_flag(F::Cc, carry);
        same = self.flags_nz(v) && same;
        self.zcmp = false;
        self.ccmp = false;
        let hint = if same_carry {
            self.shorter_for_x(v)
        } else if same {
            match k {
                Known::Zero => Some("clc"),
                Known::One => Some("sec"),
                Known::Unknown => None,
            }
        } else {
            None
        };
        (same && same_carry, hint)
    }

    /// `bit`'s Z: of `r & a` (`r` taken over); whether it stays.
    pub(super) fn bit_test(&mut self, r: R, a: R) -> bool {
        for i in 0..8 {
            let e = self.reg(r)[i];
            let b = self.bits.and(e, self.reg(a)[i]);
            self.regs[R::Tmp as usize][i] = b;
            self.bits.release(e);
        }
        let same = self.flag_z(R::Tmp);
        self.release_reg(R::Tmp);
        same
    }

    /// `bit`: N and V from the operand, Z from the test.
    pub(super) fn bit(&mut self, r: R, a: R) -> bool {
        let (n, v) = (self.reg(r)[7], self.reg(r)[6]);
        let same = self.bits.same(self.flag(F::N), n) && self.bits.same(self.flag(F::V), v);
        self.copy_flag(F::N, n);
        self.copy_flag(F::V, v);
        self.bit_test(r, a) && same
    }

    /// After `jsr`: nothing known but the stack pointer.
    pub(super) fn after_call(&mut self) {
        self.call = true;
        self.zcmp = false;
        self.ccmp = false;
        for r in [R::A, R::X, R::Y, R::Z, R::B, R::Z1] {
            self.forget_reg(r);
        }
        self.sir = 256;
        self.sac = 256;
        for f in [F::N, F::V, F::E, F::D, F::I, F::Z, F::C] {
            self.forget_flag(f);
        }
    }

    /// After `plp`: no flag known.
    pub(super) fn after_plp(&mut self) {
        self.step_by_one(R::S, true);
        for f in [F::N, F::V, F::E, F::D, F::I, F::Z, F::C] {
            self.forget_flag(f);
        }
        self.forget_reg(R::Z1);
        self.zcmp = false;
        self.ccmp = false;
    }

    /// After an operation 64tass doesn't follow on A (decimal `arr`, `isb`,
    /// `rra`): A, N, V, Z and C unknown.
    pub(super) fn scramble_a(&mut self) {
        self.forget_reg(R::A);
        self.forget_reg(R::Z1);
        for f in [F::N, F::V, F::Z, F::C] {
            self.forget_flag(f);
        }
        self.zcmp = false;
        self.ccmp = false;
    }
}
