//! Bit strings: `$hex` and `%binary` constants keep their length in bits,
//! and an inversion flag, so `~$07` stays an 8-bit mask.

use std::fmt::Write;

/// A bit string of `len` bits. When `inv` is set the value is the bitwise
/// inversion of `val` (all the bits above `len` are ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    pub val: u64,
    pub len: u32,
    pub inv: bool,
}

impl Bits {
    pub fn new(val: u64, len: u32) -> Bits {
        Bits {
            val,
            len,
            inv: false,
        }
    }

    /// The integer value (inverted bit strings are negative).
    pub fn to_i128(self) -> i128 {
        if self.inv {
            -(self.val as i128) - 1
        } else {
            self.val as i128
        }
    }

    /// Smallest number of bits that holds `v`.
    pub fn width(v: u64) -> u32 {
        64 - v.leading_zeros()
    }

    /// The value as an unsigned number of `bits` bits, as 64tass checks it:
    /// plain bit strings must fit, inverted ones must not be longer.
    pub fn to_uval(self, bits: u32) -> Option<u64> {
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        if self.inv {
            (self.len <= bits).then_some(!self.val & mask)
        } else {
            (self.val & !mask == 0).then_some(self.val)
        }
    }

    pub fn invert(self) -> Bits {
        Bits {
            inv: !self.inv,
            ..self
        }
    }

    fn mask(len: u32) -> u64 {
        if len >= 64 {
            u64::MAX
        } else {
            (1u64 << len) - 1
        }
    }

    /// Arithmetic negation within the bit length: `-x` is `~(x - 1)`.
    pub fn negate(self) -> Bits {
        if self.inv {
            // -(~x) = x + 1
            let v = self.val.wrapping_add(1);
            let len = self.len.max(Bits::width(v));
            Bits::new(v, len)
        } else if self.val == 0 {
            self
        } else {
            Bits {
                val: self.val - 1,
                len: self.len,
                inv: true,
            }
        }
    }

    pub fn or(self, o: Bits) -> Bits {
        match (self.inv, o.inv) {
            (false, false) => Bits::new(self.val | o.val, self.len.max(o.len)),
            (true, true) => Bits {
                val: self.val & o.val,
                len: self.len.min(o.len),
                inv: true,
            },
            (true, false) => Bits {
                val: self.val & !o.val,
                len: self.len,
                inv: true,
            },
            (false, true) => o.or(self),
        }
    }

    pub fn and(self, o: Bits) -> Bits {
        match (self.inv, o.inv) {
            (false, false) => Bits::new(self.val & o.val, self.len.min(o.len)),
            (true, true) => Bits {
                val: self.val | o.val,
                len: self.len.max(o.len),
                inv: true,
            },
            (true, false) => Bits::new(!self.val & o.val, o.len),
            (false, true) => o.and(self),
        }
    }

    pub fn xor(self, o: Bits) -> Bits {
        Bits {
            val: self.val ^ o.val,
            len: self.len.max(o.len),
            inv: self.inv ^ o.inv,
        }
    }

    /// Shift left by `n` bits (right if negative); `None` if bits would be lost
    /// beyond what c64kit holds.
    pub fn shl(self, n: i64) -> Option<Bits> {
        if n < 0 {
            return Some(self.shr(n.unsigned_abs()));
        }
        let n = u32::try_from(n).ok()?;
        let len = self.len.checked_add(n)?;
        if self.val != 0 && (n >= 64 || Bits::width(self.val) + n > 64) {
            return None;
        }
        let val = if n >= 64 { 0 } else { self.val << n };
        // Shifted-in bits of an inverted string are ones of the inversion, i.e. zeros of val.
        Some(Bits {
            val,
            len,
            inv: self.inv,
        })
    }

    pub fn shr(self, n: u64) -> Bits {
        let n32 = n.min(u32::MAX as u64) as u32;
        let val = if n >= 64 { 0 } else { self.val >> n };
        Bits {
            val,
            len: self.len.saturating_sub(n32),
            inv: self.inv,
        }
    }

    /// `a .. b`: `b`'s bits below `a`'s.
    pub fn concat(self, o: Bits) -> Option<Bits> {
        if self.inv || o.inv {
            return None;
        }
        let len = self.len.checked_add(o.len)?;
        if len > 64 && self.val != 0 && Bits::width(self.val) + o.len > 64 {
            return None;
        }
        let hi = if o.len >= 64 { 0 } else { self.val << o.len };
        Some(Bits::new(hi | (o.val & Bits::mask(o.len)), len))
    }

    /// `%101 x 3`
    pub fn repeat(self, n: u64) -> Option<Bits> {
        let mut out = Bits::new(0, 0);
        for _ in 0..n {
            out = out.concat(self)?;
        }
        Some(out)
    }

    /// 64tass's spelling: `$hex` when the length is a multiple of 4, else `%binary`.
    pub fn repr(self) -> String {
        let mut s = String::new();
        if self.inv {
            s.push('~');
        }
        if self.len.is_multiple_of(4) {
            s.push('$');
            for i in (0..self.len / 4).rev() {
                let d = if i >= 16 {
                    0
                } else {
                    (self.val >> (i * 4)) & 15
                };
                let _ = write!(s, "{d:x}");
            }
        } else {
            s.push('%');
            for i in (0..self.len).rev() {
                let d = if i >= 64 { 0 } else { (self.val >> i) & 1 };
                s.push(if d == 1 { '1' } else { '0' });
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(v: u64, len: u32) -> Bits {
        Bits::new(v, len)
    }

    #[test]
    fn repr_matches_64tass() {
        assert_eq!(b(0x0f, 8).repr(), "$0f");
        assert_eq!(b(0x0f, 8).invert().repr(), "~$0f");
        assert_eq!(b(5, 3).repr(), "%101");
        assert_eq!(b(0, 0).repr(), "$");
        assert_eq!(b(0x0f, 8).negate().repr(), "~$0e");
        assert_eq!(b(1, 1).negate().repr(), "~%0");
    }

    #[test]
    fn unsigned_conversion_follows_the_length_rule() {
        assert_eq!(b(0xff, 12).to_uval(8), Some(0xff));
        assert_eq!(b(0x100, 12).to_uval(8), None);
        assert_eq!(b(0xff, 8).invert().to_uval(8), Some(0));
        assert_eq!(b(0xff, 8).invert().to_uval(16), Some(0xff00));
        assert_eq!(b(0xff, 12).invert().to_uval(8), None);
        assert_eq!(b(0xf0, 8).invert().shr(4).to_uval(8), Some(0xf0));
    }

    #[test]
    fn bitwise_operations_keep_lengths() {
        assert_eq!(b(0xff, 8).or(b(0x100, 12)).repr(), "$1ff");
        assert_eq!(b(1, 1).and(b(3, 4)).repr(), "%1");
        assert_eq!(b(1, 1).or(b(3, 4).invert()).repr(), "~$2");
        assert_eq!(b(5, 3).concat(b(1, 1)).unwrap().repr(), "$b");
        assert_eq!(b(0xff, 8).shl(4).unwrap().repr(), "$ff0");
    }
}
