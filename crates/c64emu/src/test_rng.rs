//! A tiny deterministic generator (xorshift) for the differential tests: the same seed
//! gives the same programs and register writes on every run.

pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn byte(&mut self) -> u8 {
        self.next() as u8
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
