//! Registers and flags named one by one: what a test sets before a call, what a mock
//! returns, what an expectation checks. Unnamed ones stay as they are.

use std::fmt;

use c64emu::Regs;

/// A status flag of the 6502.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flag {
    /// Carry.
    C,
    /// Zero.
    Z,
    /// Interrupt disable.
    I,
    /// Decimal mode.
    D,
    /// Overflow.
    V,
    /// Negative.
    N,
}

impl Flag {
    /// Every flag, in the order of their bits from low to high.
    pub const ALL: [Flag; 6] = [Flag::C, Flag::Z, Flag::I, Flag::D, Flag::V, Flag::N];

    /// The flag's bit in P.
    pub fn bit(self) -> u8 {
        match self {
            Flag::C => 0x01,
            Flag::Z => 0x02,
            Flag::I => 0x04,
            Flag::D => 0x08,
            Flag::V => 0x40,
            Flag::N => 0x80,
        }
    }

    /// The flag a one-letter name (`c`, `Z`...) stands for.
    pub fn from_name(name: &str) -> Option<Flag> {
        Flag::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The flag's letter, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Flag::C => "c",
            Flag::Z => "z",
            Flag::I => "i",
            Flag::D => "d",
            Flag::V => "v",
            Flag::N => "n",
        }
    }
}

/// A byte register of the 6502.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// Accumulator.
    A,
    /// X index.
    X,
    /// Y index.
    Y,
    /// Stack pointer.
    Sp,
    /// Status register as PHP pushes it.
    P,
}

impl Reg {
    /// Every register.
    pub const ALL: [Reg; 5] = [Reg::A, Reg::X, Reg::Y, Reg::Sp, Reg::P];

    /// The register a name (`a`, `X`, `sp`, `p`) stands for.
    pub fn from_name(name: &str) -> Option<Reg> {
        Reg::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// The register's name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Reg::A => "a",
            Reg::X => "x",
            Reg::Y => "y",
            Reg::Sp => "sp",
            Reg::P => "p",
        }
    }

    /// Its value in `regs`.
    pub fn get(self, regs: &Regs) -> u8 {
        match self {
            Reg::A => regs.a,
            Reg::X => regs.x,
            Reg::Y => regs.y,
            Reg::Sp => regs.sp,
            Reg::P => regs.p,
        }
    }

    fn set(self, regs: &mut Regs, v: u8) {
        match self {
            Reg::A => regs.a = v,
            Reg::X => regs.x = v,
            Reg::Y => regs.y = v,
            Reg::Sp => regs.sp = v,
            Reg::P => regs.p = v,
        }
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name().to_ascii_uppercase())
    }
}

/// Some registers and flags with values; the others unnamed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegValues {
    /// Registers and their values (P before the flags: a flag named too wins).
    pub regs: Vec<(Reg, u8)>,
    /// Flags, set (true) or clear.
    pub flags: Vec<(Flag, bool)>,
}

impl RegValues {
    /// Nothing named.
    pub fn is_empty(&self) -> bool {
        self.regs.is_empty() && self.flags.is_empty()
    }

    /// `regs` with these values put in.
    pub fn apply(&self, mut regs: Regs) -> Regs {
        for &(r, v) in &self.regs {
            r.set(&mut regs, v);
        }
        for &(f, on) in &self.flags {
            match on {
                true => regs.p |= f.bit(),
                false => regs.p &= !f.bit(),
            }
        }
        regs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_values_go_in_and_flags_win_over_p() {
        let v = RegValues {
            regs: vec![(Reg::X, 0x12), (Reg::P, 0xFF)],
            flags: vec![(Flag::C, false), (Flag::Z, true)],
        };
        let r = v.apply(Regs::default());
        assert_eq!((r.a, r.x, r.p), (0, 0x12, 0xFE));
        assert_eq!(Reg::from_name("SP"), Some(Reg::Sp));
        assert_eq!(Flag::from_name("v"), Some(Flag::V));
        assert_eq!(Flag::from_name("q"), None);
    }
}
