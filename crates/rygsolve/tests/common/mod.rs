//! Helpers shared by the integration tests.

use rygsolve::{Position, Side, Square};

/// The dark square at `row`, `col`; panics on a light square (test data only).
pub fn sq(row: u8, col: u8) -> Square {
    Square::new(row, col).unwrap_or_else(|| panic!("({row},{col}) is not a dark square"))
}

/// A position from `(row, col)` pairs; panics on bad test data.
pub fn pos(mouse: (u8, u8), cats: [(u8, u8); 4], to_move: Side) -> Position {
    Position::new(sq(mouse.0, mouse.1), cats.map(|(r, c)| sq(r, c)), to_move)
        .expect("valid test position")
}
