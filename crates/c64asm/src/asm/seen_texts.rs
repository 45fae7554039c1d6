//! Which texts may have been parsed before: one bit per bucket of text
//! hashes, sized to the texts met so far.
//!
//! The line caches keep a text's parse for copying only once the text is
//! parsed a second time, so the many that never repeat take no room; this
//! filter tells a second parse from a first. It may answer "seen" for a
//! text never parsed (its bucket is shared), never the reverse.
//!
//! It starts small and grows once: a source of a few hundred texts pays for
//! 512 bytes, not for the 128 KiB a large one uses (zeroing those was a
//! sixth of a small build's instructions once the heap could not hand out
//! fresh pages for them). The small filter's hashes are kept, so the large
//! one is made from them exactly.

/// Buckets at first: 2^12 (512 bytes).
const SMALL_BITS: u32 = 12;
/// Buckets once grown: 2^20 (128 KiB).
const LARGE_BITS: u32 = 20;
/// Hashes the small filter takes before it grows (one bucket in 16).
const SMALL_MARKS: usize = 1 << (SMALL_BITS - 4);

/// The buckets of text hashes marked as parsed.
#[derive(Default)]
pub struct SeenTexts {
    words: Vec<u64>,
    /// log2 of the number of buckets (0 while nothing is marked).
    bits: u32,
    /// The hashes marked while the filter is small.
    small: Vec<u64>,
}

impl SeenTexts {
    /// The word and bit of hash `h`'s bucket: its top `bits` bits.
    #[inline]
    fn place(&self, h: u64) -> (usize, u32) {
        let i = (h >> (64 - self.bits)) as usize;
        (i / 64, (i % 64) as u32)
    }

    /// Whether a text of hash `h` may have been marked.
    #[inline]
    pub fn may_hold(&self, h: u64) -> bool {
        if self.bits == 0 {
            return false;
        }
        let (word, bit) = self.place(h);
        self.words[word] >> bit & 1 != 0
    }

    /// Marks a text of hash `h`; whether its bucket was marked before.
    pub fn mark(&mut self, h: u64) -> bool {
        if self.bits == 0 {
            self.bits = SMALL_BITS;
            self.words = vec![0; 1 << (SMALL_BITS - 6)];
        }
        if self.bits == SMALL_BITS {
            if self.small.len() == SMALL_MARKS {
                self.grow();
            } else {
                self.small.push(h);
            }
        }
        let (word, bit) = self.place(h);
        let was = self.words[word] >> bit & 1 != 0;
        self.words[word] |= 1 << bit;
        was
    }

    /// The large filter, made from the small one's hashes.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        self.bits = LARGE_BITS;
        self.words = vec![0; 1 << (LARGE_BITS - 6)];
        for h in std::mem::take(&mut self.small) {
            let (word, bit) = self.place(h);
            self.words[word] |= 1 << bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spread of hashes (the top bits pick the bucket).
    fn hash(n: u64) -> u64 {
        n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn a_marked_text_stays_marked_when_the_filter_grows() {
        let mut seen = SeenTexts::default();
        assert!(!seen.may_hold(hash(1)));
        let mut first_marks = 0;
        for n in 0..200_000 {
            if !seen.mark(hash(n)) {
                first_marks += 1;
            }
            // Every hash marked so far is still held (checked around the
            // growth and at a few points after).
            if n == 255 || n == 256 || n == 257 || n % 20_000 == 0 {
                assert!((0..=n).all(|m| seen.may_hold(hash(m))), "after {n}");
            }
        }
        assert!((0..200_000).all(|m| seen.mark(hash(m))));
        assert_eq!(seen.bits, LARGE_BITS);
        // Most of 200,000 spread hashes found their bucket free the first time.
        assert!(first_marks > 150_000, "{first_marks}");
    }

    #[test]
    fn a_few_texts_take_the_small_filter() {
        let mut seen = SeenTexts::default();
        for n in 0..100 {
            assert!(!seen.mark(hash(n)), "{n}");
        }
        assert_eq!(seen.bits, SMALL_BITS);
        assert_eq!(seen.words.len() * 8, 512);
        assert!(seen.may_hold(hash(5)));
        assert!(!(1000..1100).all(|n| seen.may_hold(hash(n))));
    }
}
