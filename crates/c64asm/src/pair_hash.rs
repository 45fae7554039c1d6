//! The home slot of a key made of two `u32`s in an open-addressing table a
//! power of two long (Fibonacci hashing: the top bits of the key times
//! 2^64 / φ), shared by the tables keyed that way (labels by scope and
//! name, macro calls' nodes by parent and line).

/// Fibonacci hashing's multiplier (2^64 / φ).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// The slot for (`a`, `b`) in a table of 2^(64 − `shift`) slots.
#[inline]
pub fn home(a: u32, b: u32, shift: u32) -> usize {
    let key = (a as u64) << 32 | b as u64;
    (key.wrapping_mul(SPREAD) >> shift) as usize
}
