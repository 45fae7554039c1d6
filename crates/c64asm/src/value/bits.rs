//! Bit strings: `$hex` and `%binary` constants keep their length in bits and
//! an inversion flag, so `~$07` stays an 8-bit mask. 64tass's bit strings
//! have no length limit: a value that fits 64 bits is a [`Bits`] (copied, no
//! allocation), a longer one a [`BigBits`]; the operations here pick the
//! small form whenever the result fits, so the two never overlap.

use std::rc::Rc;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, ToPrimitive, Zero};

use super::Value;
use super::convert::{FResult, Fault};

/// The longest bit string (and the widest integer) c64kit builds: 2^26 bits
/// (8 MiB), far beyond anything an assembly source needs.
pub const MAX_BITS: u64 = 1 << 26;

pub fn too_long() -> Fault {
    Fault::new("bit string too long (c64kit supports 2^26 bits)")
}

/// A bit string of `len` bits whose value fits 64 bits. When `inv` is set the
/// value is the bitwise inversion of `val` (all the bits above `len` are ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    pub val: u64,
    pub len: u32,
    pub inv: bool,
}

/// A bit string whose value needs more than 64 bits (`val` > `u64::MAX`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigBits {
    pub val: BigUint,
    pub len: u32,
    pub inv: bool,
}

fn mask(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

fn big_mask(len: u32) -> BigUint {
    (BigUint::one() << len) - BigUint::one()
}

fn add_len(a: u32, b: u64) -> FResult<u32> {
    let n = a as u64 + b;
    if n > u32::MAX as u64 {
        return Err(too_long());
    }
    Ok(n as u32)
}

impl Bits {
    pub fn new(val: u64, len: u32) -> Bits {
        Bits {
            val,
            len,
            inv: false,
        }
    }

    pub fn from_bool(b: bool) -> Bits {
        Bits::new(b as u64, 1)
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
        let mask = mask(bits);
        if self.inv {
            (self.len <= bits).then_some(!self.val & mask)
        } else {
            (self.val & !mask == 0).then_some(self.val)
        }
    }

    /// The value as a signed number of `bits` bits, as 64tass's `ival` takes
    /// a bit string: a plain one must fit, an inverted one no longer than
    /// `bits` is the negative number it stands for (`-$80` is -128).
    pub fn to_ival(self, bits: u32) -> Option<i64> {
        if self.inv {
            (self.len <= bits).then(|| -(self.val as i64) - 1)
        } else {
            self.to_uval(bits).map(|u| u as i64)
        }
    }

    pub fn invert(self) -> Bits {
        Bits {
            inv: !self.inv,
            ..self
        }
    }

    /// Arithmetic negation within the bit length: `-x` is `~(x - 1)`. When
    /// the result would need one more bit (`-~$ff`), 64tass computes with
    /// integers: the result is then an int.
    pub fn negate(self) -> Value {
        if self.inv {
            match self.val.checked_add(1) {
                Some(v) if self.val & mask(self.len) != mask(self.len) => {
                    Value::Bits(Bits::new(v, self.len))
                }
                _ => Value::int(self.val as i128 + 1),
            }
        } else if self.val == 0 {
            Value::Bits(self)
        } else {
            Value::Bits(Bits {
                val: self.val - 1,
                len: self.len,
                inv: true,
            })
        }
    }

    pub fn or(self, o: Bits) -> Bits {
        let (s, l) = if self.len <= o.len {
            (self, o)
        } else {
            (o, self)
        };
        let len = if s.inv { s.len } else { l.len };
        let (val, inv) = match (self.inv, o.inv) {
            (false, false) => (self.val | o.val, false),
            (true, true) => (self.val & o.val, true),
            (true, false) => (self.val & !o.val, true),
            (false, true) => (o.val & !self.val, true),
        };
        Bits { val, len, inv }
    }

    pub fn and(self, o: Bits) -> Bits {
        let (s, l) = if self.len <= o.len {
            (self, o)
        } else {
            (o, self)
        };
        let len = if s.inv { l.len } else { s.len };
        let (val, inv) = match (self.inv, o.inv) {
            (false, false) => (self.val & o.val, false),
            (true, true) => (self.val | o.val, true),
            (true, false) => (!self.val & o.val, false),
            (false, true) => (self.val & !o.val, false),
        };
        Bits { val, len, inv }
    }

    pub fn xor(self, o: Bits) -> Bits {
        Bits {
            val: self.val ^ o.val,
            len: self.len.max(o.len),
            inv: self.inv ^ o.inv,
        }
    }

    /// Shift left by `n` bits, if the value still fits 64 bits. An inverted
    /// string shifts in ones (`~$f << 4` is `~$ff`).
    pub fn shl(self, n: u64) -> Option<Bits> {
        let len = u32::try_from(self.len as u64 + n).ok()?;
        if n >= 64 {
            return (self.val == 0 && !self.inv).then_some(Bits::new(0, len));
        }
        if self.val != 0 && Bits::width(self.val) as u64 + n > 64 {
            return None;
        }
        let fill = if self.inv { mask(n as u32) } else { 0 };
        Some(Bits {
            val: (self.val << n) | fill,
            len,
            inv: self.inv,
        })
    }

    pub fn shr(self, n: u64) -> Bits {
        if n >= self.len as u64 {
            return Bits {
                val: 0,
                len: 0,
                inv: self.inv,
            };
        }
        Bits {
            val: if n >= 64 { 0 } else { self.val >> n },
            len: self.len - n as u32,
            inv: self.inv,
        }
    }

    /// `a .. b`: `b`'s bits below `a`'s (in `a`'s inversion), if it fits.
    pub fn concat(self, o: Bits) -> Option<Bits> {
        // An empty side, inverted or not, adds nothing; of two empty ones
        // the right is kept (64tass).
        if self.len == 0 {
            return Some(o);
        }
        if o.len == 0 {
            return Some(self);
        }
        let flip = self.inv != o.inv;
        let len = self.len.checked_add(o.len)?;
        if o.len >= 64 || (self.val != 0 && Bits::width(self.val) + o.len > 64) {
            return None;
        }
        let low = if flip {
            (o.val ^ mask(o.len)) & mask(o.len)
        } else {
            o.val
        };
        Some(Bits {
            val: (self.val << o.len) | low,
            len,
            inv: self.inv,
        })
    }

    /// Bit `i` (counted from the lowest) as it reads, inversion applied.
    pub fn bit(self, i: u64) -> bool {
        let plain = i < 64 && (self.val >> i) & 1 == 1;
        plain != self.inv
    }

    /// 64tass's spelling: `$hex` when the length is a multiple of 4, else
    /// `%binary` (as [`BigBits::repr`], without a big number: a label
    /// file lists many).
    pub fn repr(self) -> String {
        if self.len.is_multiple_of(4) && self.len <= 64 {
            return self.short_hex();
        }
        self.long_repr()
    }

    /// [`Bits::repr`] of at most 16 hex digits (a label's address, a
    /// listed value), made in a local array and copied once.
    fn short_hex(self) -> String {
        let mut buf = [0u8; 18];
        self.short_repr(&mut buf)
            .map_or_else(|| self.long_repr(), str::to_owned)
    }

    /// [`Bits::repr`] written into `buf`, where it is at most 16 hex digits
    /// (a label's address, a `$` constant): no `String` made. `None` where
    /// the repr is longer or not in hex.
    pub fn short_repr(self, buf: &mut [u8; 18]) -> Option<&str> {
        if !(self.len.is_multiple_of(4) && self.len <= 64) {
            return None;
        }
        let n = (self.len / 4) as usize;
        let at = self.inv as usize;
        buf[0] = b'~';
        buf[at] = b'$';
        for k in 0..n {
            let digit = (self.val >> (4 * (n - 1 - k))) as usize & 15;
            buf[at + 1 + k] = b"0123456789abcdef"[digit];
        }
        let text = &buf[..at + 1 + n];
        debug_assert!(text.is_ascii());
        // SAFETY: every byte written above is ASCII (`~`, `$`, a hex
        // digit); a UTF-8 check cost as much as the digits.
        Some(unsafe { std::str::from_utf8_unchecked(text) })
    }

    /// [`Bits::repr`] in binary, or of more than 16 hex digits.
    #[cold]
    fn long_repr(self) -> String {
        let mut s = String::with_capacity(self.len as usize + 2);
        if self.inv {
            s.push('~');
        }
        // Digit `k` (bit `k`) counted from the lowest; 0 past the value's 64 bits.
        let digit = |k: u32, width: u32| match k * width {
            at if at < 64 => (self.val >> at) as usize & ((1 << width) - 1),
            _ => 0,
        };
        if self.len.is_multiple_of(4) {
            s.push('$');
            for k in (0..self.len / 4).rev() {
                s.push(b"0123456789abcdef"[digit(k, 4)] as char);
            }
        } else {
            s.push('%');
            for k in (0..self.len).rev() {
                s.push(if digit(k, 1) == 1 { '1' } else { '0' });
            }
        }
        s
    }
}

impl From<Bits> for BigBits {
    fn from(b: Bits) -> BigBits {
        BigBits {
            val: BigUint::from(b.val),
            len: b.len,
            inv: b.inv,
        }
    }
}

impl BigBits {
    pub fn new(val: BigUint, len: u32, inv: bool) -> BigBits {
        BigBits { val, len, inv }
    }

    /// The value in its smallest form.
    pub fn into_value(self) -> Value {
        match self.val.to_u64() {
            Some(v) => Value::Bits(Bits {
                val: v,
                len: self.len,
                inv: self.inv,
            }),
            None => Value::BigBits(Rc::new(self)),
        }
    }

    /// A bit string operand in the general form: bools are one bit.
    pub fn of(v: &Value) -> Option<BigBits> {
        match v {
            Value::Bool(b) => Some(Bits::from_bool(*b).into()),
            Value::Bits(b) => Some((*b).into()),
            Value::BigBits(b) => Some((**b).clone()),
            _ => None,
        }
    }

    pub fn to_bigint(&self) -> BigInt {
        let v = BigInt::from_biguint(Sign::Plus, self.val.clone());
        if self.inv { -v - 1 } else { v }
    }

    /// `bits(int)`: the shortest bit string; negative numbers are inverted.
    pub fn from_bigint(i: &BigInt) -> BigBits {
        let (inv, val) = if i.sign() == Sign::Minus {
            (true, (-i - 1u32).magnitude().clone())
        } else {
            (false, i.magnitude().clone())
        };
        let len = val.bits() as u32;
        BigBits { val, len, inv }
    }

    /// Little-endian bytes of the raw value, `len` rounded up to bytes.
    pub fn raw_bytes(&self) -> Vec<u8> {
        let n = self.len.div_ceil(8) as usize;
        let mut out = self.val.to_bytes_le();
        out.resize(n.max(out.len()), 0);
        out.truncate(n);
        out
    }

    /// The bytes as they read (inversion applied), `len` rounded up to bytes.
    pub fn read_bytes(&self) -> Vec<u8> {
        let mut out = self.raw_bytes();
        if self.inv {
            out.iter_mut().for_each(|b| *b = !*b);
        }
        out
    }

    pub fn bit(&self, i: u64) -> bool {
        self.val.bit(i) != self.inv
    }

    /// See [`Bits::negate`].
    pub fn negate(&self) -> Value {
        if self.inv {
            let v = &self.val + 1u32;
            if (&self.val & big_mask(self.len)) == big_mask(self.len) {
                return super::int::from_big(BigInt::from_biguint(Sign::Plus, v));
            }
            BigBits::new(v, self.len, false).into_value()
        } else if self.val.is_zero() {
            self.clone().into_value()
        } else {
            BigBits::new(&self.val - 1u32, self.len, true).into_value()
        }
    }

    /// `a & ~b` on raw values.
    fn and_not(a: &BigUint, b: &BigUint) -> BigUint {
        a ^ (a & b)
    }

    pub fn or(&self, o: &BigBits) -> BigBits {
        let (s, l) = if self.len <= o.len {
            (self, o)
        } else {
            (o, self)
        };
        let len = if s.inv { s.len } else { l.len };
        let (val, inv) = match (self.inv, o.inv) {
            (false, false) => (&self.val | &o.val, false),
            (true, true) => (&self.val & &o.val, true),
            (true, false) => (BigBits::and_not(&self.val, &o.val), true),
            (false, true) => (BigBits::and_not(&o.val, &self.val), true),
        };
        BigBits { val, len, inv }
    }

    pub fn and(&self, o: &BigBits) -> BigBits {
        let (s, l) = if self.len <= o.len {
            (self, o)
        } else {
            (o, self)
        };
        let len = if s.inv { l.len } else { s.len };
        let (val, inv) = match (self.inv, o.inv) {
            (false, false) => (&self.val & &o.val, false),
            (true, true) => (&self.val | &o.val, true),
            (true, false) => (BigBits::and_not(&o.val, &self.val), false),
            (false, true) => (BigBits::and_not(&self.val, &o.val), false),
        };
        BigBits { val, len, inv }
    }

    pub fn xor(&self, o: &BigBits) -> BigBits {
        BigBits {
            val: &self.val ^ &o.val,
            len: self.len.max(o.len),
            inv: self.inv ^ o.inv,
        }
    }

    pub fn shl(&self, n: u64) -> FResult<BigBits> {
        let len = add_len(self.len, n)?;
        if self.val.bits() + n > MAX_BITS {
            return Err(too_long());
        }
        let mut val = &self.val << n;
        if self.inv {
            if n > MAX_BITS {
                return Err(too_long());
            }
            val |= big_mask(n as u32);
        }
        Ok(BigBits {
            val,
            len,
            inv: self.inv,
        })
    }

    pub fn shr(&self, n: u64) -> BigBits {
        if n >= self.len as u64 {
            return BigBits::new(BigUint::zero(), 0, self.inv);
        }
        BigBits {
            val: &self.val >> n,
            len: self.len - n as u32,
            inv: self.inv,
        }
    }

    /// Shift by a signed amount (negative: right).
    pub fn shift(&self, n: i64) -> FResult<BigBits> {
        if n >= 0 {
            self.shl(n as u64)
        } else {
            Ok(self.shr(n.unsigned_abs()))
        }
    }

    pub fn concat(&self, o: &BigBits) -> FResult<BigBits> {
        if self.len == 0 {
            return Ok(o.clone());
        }
        if o.len == 0 {
            return Ok(self.clone());
        }
        let flip = self.inv != o.inv;
        let len = add_len(self.len, o.len as u64)?;
        if len as u64 > MAX_BITS {
            return Err(too_long());
        }
        let low = if flip {
            &o.val ^ big_mask(o.len)
        } else {
            o.val.clone()
        };
        Ok(BigBits {
            val: (&self.val << o.len) | low,
            len,
            inv: self.inv,
        })
    }

    /// `%101 x 3`
    pub fn repeat(&self, n: u64) -> FResult<BigBits> {
        if n == 0 || self.len == 0 {
            return Ok(BigBits::new(BigUint::zero(), 0, self.inv));
        }
        let total = (self.len as u64)
            .checked_mul(n)
            .filter(|&t| t <= MAX_BITS)
            .ok_or_else(too_long)?;
        let mut val = BigUint::zero();
        // Doubling: (pattern repeated k times) grows to 2k with one shift.
        let mut piece = self.val.clone();
        let mut piece_len = self.len as u64;
        let mut left = n;
        let mut at = 0u64;
        while left > 0 {
            if left & 1 == 1 {
                val |= &piece << at;
                at += piece_len;
            }
            left >>= 1;
            if left > 0 {
                piece = (&piece << piece_len) | &piece;
                piece_len *= 2;
            }
        }
        Ok(BigBits {
            val,
            len: total as u32,
            inv: self.inv,
        })
    }

    /// Select bits by position (already checked to be in range): the result
    /// is a plain bit string of what the bits read.
    pub fn pick(&self, idx: &[u64]) -> BigBits {
        let mut val = BigUint::zero();
        for (k, &i) in idx.iter().enumerate() {
            if self.bit(i) {
                val.set_bit(k as u64, true);
            }
        }
        BigBits::new(val, idx.len() as u32, false)
    }

    /// 64tass's spelling: `$hex` when the length is a multiple of 4, else `%binary`.
    pub fn repr(&self) -> String {
        let mut s = String::with_capacity(self.len as usize + 2);
        if self.inv {
            s.push('~');
        }
        if self.len.is_multiple_of(4) {
            s.push('$');
            let digits = self.val.to_str_radix(16);
            let n = (self.len / 4) as usize;
            if digits.len() >= n {
                s.push_str(&digits[digits.len() - n..]);
            } else {
                s.extend(std::iter::repeat_n('0', n - digits.len()));
                s.push_str(&digits);
            }
        } else {
            s.push('%');
            for i in (0..self.len as u64).rev() {
                s.push(if self.val.bit(i) { '1' } else { '0' });
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

    fn repr(v: &Value) -> String {
        match v {
            Value::Bits(b) => b.repr(),
            Value::BigBits(b) => b.repr(),
            _ => panic!("not bits: {v:?}"),
        }
    }

    #[test]
    fn repr_matches_64tass() {
        assert_eq!(b(0x0f, 8).repr(), "$0f");
        assert_eq!(b(0x0f, 8).invert().repr(), "~$0f");
        assert_eq!(b(5, 3).repr(), "%101");
        assert_eq!(b(0, 0).repr(), "$");
        assert_eq!(b(0, 8).repr(), "$00");
        assert_eq!(repr(&b(0x0f, 8).negate()), "~$0e");
        assert_eq!(repr(&b(1, 1).negate()), "~%0");
    }

    /// The short hex spelling is the general one's: every length of up to
    /// 16 digits, values with each digit and none, inverted or not.
    #[test]
    fn short_hex_is_the_general_spelling() {
        let values = [
            0,
            1,
            0xf,
            0x10,
            0x1234,
            0xfedc_ba98_7654_3210,
            u64::MAX,
            1 << 63,
        ];
        for len in (0..=64).step_by(4) {
            for &v in &values {
                let bits = Bits {
                    val: v & super::mask(len),
                    len,
                    inv: false,
                };
                for bits in [bits, bits.invert()] {
                    assert_eq!(bits.short_hex(), bits.long_repr(), "{bits:?}");
                    assert_eq!(bits.repr(), bits.long_repr(), "{bits:?}");
                }
            }
        }
        assert_eq!(b(0x1000, 16).repr(), "$1000");
        assert_eq!(b(0x1000, 68).repr(), "$00000000000001000");
    }

    #[test]
    fn negation_that_needs_a_bit_more_is_an_int() {
        assert!(matches!(b(0xff, 8).invert().negate(), Value::Int(256)));
        assert!(matches!(b(0, 0).invert().negate(), Value::Int(1)));
        assert_eq!(repr(&b(0xfe, 8).invert().negate()), "$ff");
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
        // An inverted string shifts in ones; a concatenation takes the first inversion.
        assert_eq!(b(0xf, 4).invert().shl(4).unwrap().repr(), "~$ff");
        assert_eq!(b(0xff, 8).invert().concat(b(1, 4)).unwrap().repr(), "~$ffe");
    }

    #[test]
    fn long_strings_stay_exact() {
        let long = BigBits::from(b(0xff, 8)).repeat(9).unwrap();
        assert_eq!(long.repr(), "$ffffffffffffffffff");
        assert_eq!(long.shl(4).unwrap().repr(), "$ffffffffffffffffff0");
        assert_eq!(long.shr(4).repr(), "$fffffffffffffffff");
        let pad = BigBits::from(b(1, 88));
        assert_eq!(pad.repr(), "$0000000000000000000001");
        assert_eq!(
            BigBits::from_bigint(&(BigInt::from(-1) << 70u32)).repr(),
            "~%1111111111111111111111111111111111111111111111111111111111111111111111"
        );
        assert_eq!(BigBits::from(b(0, 0)).concat(&long).unwrap().len, 72);
    }
}
