//! Seeded random play for property tests, with a tiny xorshift generator so the crate
//! needs no dependencies and sequences never change between versions.

use crate::position::{Move, Position};

/// xorshift64* pseudo-random numbers (Vigna 2016). Not for cryptography.
#[derive(Clone, Debug)]
pub struct XorShift64 {
    state: u64,
}

impl XorShift64 {
    /// A generator from any seed (0 included); the seed is mixed with splitmix64 so
    /// neighbouring seeds give unrelated sequences.
    pub fn new(seed: u64) -> XorShift64 {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        XorShift64 {
            state: if z == 0 { 0x2545_F491_4F6C_DD1D } else { z },
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0); the slight modulo bias is irrelevant here.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// A random element of `items`, `None` when empty.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        items.get(self.below(items.len())).copied()
    }
}

/// A whole game of uniformly random legal moves from the start, as the list of
/// positions (the start first, the finished position last) and the moves between them.
pub fn random_game(rng: &mut XorShift64) -> (Vec<Position>, Vec<Move>) {
    let mut positions = vec![Position::initial()];
    let mut moves = Vec::new();
    let mut current = Position::initial();
    while let Some(mv) = rng.pick(&current.legal_moves()) {
        let Ok(next) = current.apply(mv) else { break };
        moves.push(mv);
        positions.push(next);
        current = next;
    }
    (positions, moves)
}

/// A position reachable from the start: a uniformly chosen position of a random game.
pub fn random_position(rng: &mut XorShift64) -> Position {
    let (positions, _) = random_game(rng);
    rng.pick(&positions).unwrap_or_default()
}
