//! Branches and jumps: what a branch's condition is known to be, what
//! falling through teaches, and when a `jmp` could be a branch.

use super::{F, Family, NEVER, NEXT, Nothing, Optimizer, Out, R, Say};
use crate::optimizer::Advice;
use crate::optimizer::bits::Known;

impl Optimizer {
    /// What every branch settles first: `never` (it can't be taken), a
    /// pseudo branch that became nothing (`ln` < 0), one seen out of sight
    /// (`away`), one to the next instruction. `None`: go on.
    pub(super) fn branch_start(
        &mut self,
        never: bool,
        adr: u32,
        ln: i32,
        away: bool,
    ) -> Option<Out> {
        if never {
            return Some(Say(NEVER));
        }
        if ln < 0 {
            return Some(Nothing);
        }
        if away {
            self.branched = true;
            return Some(Nothing);
        }
        if adr == 0 {
            return Some(Say(NEXT));
        }
        None
    }

    /// Flag `f`, which was `was`, is `k` from here on: learnt in place when
    /// it was unknown (everything holding that bit learns it too).
    pub(super) fn settle(&mut self, f: F, was: Known, k: Known) {
        if was == Known::Unknown {
            self.bits.learn(self.flag(f), k);
        } else {
            let b = self.bits.of(k);
            self.put_flag(f, b);
        }
    }

    pub(super) fn settle_flag(&mut self, f: F, k: Known) {
        let was = self.bits.value(self.flag(f));
        self.settle(f, was, k);
    }

    /// A branch decided to be taken: it goes away; one that skips one byte
    /// (two on the 65CE02) could be a pseudo branch, any other a `bra`.
    pub(super) fn always_taken(&mut self, fam: Family, adr: u32, name: &'static str) -> Out {
        self.branched = true;
        if adr == 1 || (fam.ce02 && adr == 2) {
            return Say(Advice::Shorter(name));
        }
        if fam.bra {
            return Say(Advice::Simpler("bra"));
        }
        Nothing
    }

    /// `bpl`, `bmi`, `bvc`, `bvs`: taken when `f` is `taken_when`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn branch_nv(
        &mut self,
        fam: Family,
        f: F,
        taken_when: Known,
        adr: u32,
        ln: i32,
        away: bool,
        name: &'static str,
    ) -> Out {
        let k = self.bits.value(self.flag(f));
        let fell = taken_when.opposite();
        if let Some(out) = self.branch_start(k == fell, adr, ln, away) {
            return out;
        }
        self.settle(f, k, fell);
        if k == taken_when {
            return self.always_taken(fam, adr, name);
        }
        Nothing
    }

    /// `bcc`, `bcs`: what falling through says of the carry, and of the
    /// last comparison's left side.
    pub(super) fn branch_carry(
        &mut self,
        fam: Family,
        taken_when: Known,
        adr: u32,
        ln: i32,
        away: bool,
    ) -> Out {
        let k = self.carry();
        let fell = taken_when.opposite();
        if let Some(out) = self.branch_start(k == fell, adr, ln, away) {
            return out;
        }
        self.settle(F::C, k, fell);
        if self.ccmp {
            if fell == Known::One {
                // `bcc` fell through: left >= right, so the left side has
                // the top bits the right side has set.
                for j in (0..8).rev() {
                    if self.bits.value(self.reg(R::Z3)[j]) != Known::One {
                        break;
                    }
                    self.learn_if_unknown(R::Z2, j, Known::One);
                }
            } else {
                // `bcs` fell through: left < right, so the left side has
                // the top bits clear that the right side has clear, and the
                // next one too when the right side is that bit alone.
                let mut j = 7;
                let mut top;
                loop {
                    top = self.bits.value(self.reg(R::Z3)[j]);
                    if top != Known::Zero {
                        break;
                    }
                    self.learn_if_unknown(R::Z2, j, Known::Zero);
                    if j == 0 {
                        break;
                    }
                    j -= 1;
                }
                if top == Known::One
                    && (0..j).all(|i| self.bits.value(self.reg(R::Z3)[i]) == Known::Zero)
                {
                    self.learn_if_unknown(R::Z2, j, Known::Zero);
                }
                if self.zcmp {
                    self.settle_flag(F::Z, Known::Zero);
                    self.zcmp = false;
                }
            }
            self.ccmp = false;
        }
        if k == taken_when {
            let name = if taken_when == Known::Zero {
                "gcc"
            } else {
                "gcs"
            };
            return self.always_taken(fam, adr, name);
        }
        Nothing
    }

    pub(super) fn learn_if_unknown(&mut self, r: R, i: usize, k: Known) {
        let b = self.reg(r)[i];
        if self.bits.value(b) == Known::Unknown {
            self.bits.learn(b, k);
        }
    }

    pub(super) fn bne(&mut self, fam: Family, adr: u32, ln: i32, away: bool) -> Out {
        let never = self.surely_zero();
        if let Some(out) = self.branch_start(never, adr, ln, away) {
            return out;
        }
        let taken = self.surely_nonzero();
        self.settle_flag(F::Z, Known::One);
        if self.zcmp {
            // Equal: the left side is the right one where that is known.
            for i in 0..8 {
                let k = self.bits.value(self.reg(R::Z3)[i]);
                if k != Known::Unknown {
                    self.learn_if_unknown(R::Z2, i, k);
                }
            }
            if self.ccmp {
                self.settle_flag(F::C, Known::One);
                self.ccmp = false;
            }
            self.zcmp = false;
        } else {
            // Zero: every bit of what set Z.
            for i in 0..8 {
                self.learn_if_unknown(R::Z1, i, Known::Zero);
            }
        }
        if taken {
            return self.always_taken(fam, adr, "gne");
        }
        Nothing
    }

    pub(super) fn beq(&mut self, fam: Family, adr: u32, ln: i32, away: bool) -> Out {
        let never = self.surely_nonzero();
        if let Some(out) = self.branch_start(never, adr, ln, away) {
            return out;
        }
        let taken = self.surely_zero();
        self.settle_flag(F::Z, Known::Zero);
        self.zcmp = false;
        if taken {
            return self.always_taken(fam, adr, "geq");
        }
        Nothing
    }

    /// `bra`: goes elsewhere, unless to the next instruction (`None`: it
    /// really branched).
    pub(super) fn bra(&mut self, adr: u32, ln: i32, away: bool) -> Option<Out> {
        if let Some(out) = self.branch_start(false, adr, ln, away) {
            return Some(out);
        }
        self.branched = true;
        None
    }

    /// `jmp abs` from `self.pc` (already past it) to `adr`.
    pub(super) fn jmp(&mut self, fam: Family, adr: u32) -> Out {
        if self.pc == adr & 0xffff {
            return Say(NEXT);
        }
        self.branched = true;
        if (self.pc.wrapping_sub(adr).wrapping_add(0x7e) & 0xffff) >= 0x100 {
            return Nothing;
        }
        if self.surely_nonzero() {
            return Say(Advice::Shorter("gne"));
        }
        if self.surely_zero() {
            return Say(Advice::Shorter("geq"));
        }
        match self.carry() {
            Known::Zero => return Say(Advice::Shorter("gcc")),
            Known::One => return Say(Advice::Shorter("gcs")),
            Known::Unknown => {}
        }
        match self.bits.value(self.flag(F::N)) {
            Known::Zero => return Say(Advice::Shorter("gpl")),
            Known::One => return Say(Advice::Shorter("gmi")),
            Known::Unknown => {}
        }
        match self.bits.value(self.flag(F::V)) {
            Known::Zero => return Say(Advice::Shorter("gvc")),
            Known::One => return Say(Advice::Shorter("gvs")),
            Known::Unknown => {}
        }
        if fam.bra {
            return Say(Advice::Shorter("gra"));
        }
        Nothing
    }
}
