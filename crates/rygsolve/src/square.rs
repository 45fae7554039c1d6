//! Dark squares of the 8×8 board and their neighbours.

use std::fmt;

/// One of the 32 dark squares, where `(row + col)` is even.
///
/// Rows and columns run 0–7 as in the blog's matrix: row 0 is the cats' home row at the
/// top, row 7 the mouse's. A `Square` is always on the board and always dark; build one
/// with [`Square::new`] or [`Square::from_index`]. The derived ordering is the board scan
/// order (row by row, column by column), the order the 6502 program's `dameGato` uses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square {
    row: u8,
    col: u8,
}

/// Number of dark squares.
pub const DARK_SQUARES: usize = 32;

impl Square {
    /// The dark square at `row`, `col`; `None` when off the board or on a light square.
    pub const fn new(row: u8, col: u8) -> Option<Square> {
        if row < 8 && col < 8 && (row + col).is_multiple_of(2) {
            Some(Square { row, col })
        } else {
            None
        }
    }

    /// The square with dense index `index` (0–31, see [`Square::index`]).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index >= DARK_SQUARES {
            return None;
        }
        let row = (index / 4) as u8;
        let col = (index % 4) as u8 * 2 + row % 2;
        Some(Square { row, col })
    }

    /// Row, 0–7 (0 = top, the cats' start row).
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Column, 0–7.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Dense index 0–31 in scan order: `row * 4 + col / 2`.
    pub const fn index(self) -> usize {
        self.row as usize * 4 + self.col as usize / 2
    }

    /// Offset of this square in the 64-byte matrix: `row * 8 + col`.
    pub const fn matrix_offset(self) -> usize {
        self.row as usize * 8 + self.col as usize
    }

    /// The square `drow`, `dcol` away, if it is on the board.
    pub const fn offset(self, drow: i8, dcol: i8) -> Option<Square> {
        let row = self.row as i8 + drow;
        let col = self.col as i8 + dcol;
        if row < 0 || col < 0 {
            return None;
        }
        Square::new(row as u8, col as u8)
    }

    /// All 32 dark squares in scan order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..DARK_SQUARES).filter_map(Square::from_index)
    }
}

impl fmt::Display for Square {
    /// `(row,col)`, e.g. `(7,3)` for the mouse's start square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// `NEIGHBOUR[square][dir]`: dense index of the square one step in mouse direction `dir`
/// (see [`crate::MOUSE_DELTAS`]), or `NONE` off the board.
pub(crate) const NONE: u8 = 0xFF;
pub(crate) const NEIGHBOUR: [[u8; 4]; DARK_SQUARES] = neighbour_table();

const fn neighbour_table() -> [[u8; 4]; DARK_SQUARES] {
    let mut table = [[NONE; 4]; DARK_SQUARES];
    let mut index = 0;
    while index < DARK_SQUARES {
        let Some(square) = Square::from_index(index) else {
            break;
        };
        let mut dir = 0;
        while dir < 4 {
            let (drow, dcol) = crate::position::MOUSE_DELTAS[dir];
            if let Some(to) = square.offset(drow, dcol) {
                table[index][dir] = to.index() as u8;
            }
            dir += 1;
        }
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_index_follows_scan_order() {
        let squares: Vec<Square> = Square::all().collect();
        assert_eq!(squares.len(), DARK_SQUARES);
        assert!(squares.windows(2).all(|w| w[0] < w[1]));
        for (i, sq) in squares.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!((sq.row() + sq.col()) % 2, 0);
        }
        assert_eq!(Square::from_index(29), Square::new(7, 3));
        assert_eq!(Square::from_index(32), None);
    }

    #[test]
    fn only_dark_squares_on_the_board_exist() {
        assert_eq!(Square::new(0, 1), None);
        assert_eq!(Square::new(8, 0), None);
        assert_eq!(Square::new(0, 8), None);
        assert_eq!(Square::new(255, 255), None);
        assert!(Square::new(7, 7).is_some());
    }

    #[test]
    fn neighbours_follow_the_mouse_deltas() {
        let corner = Square::new(0, 0).expect("dark");
        assert_eq!(
            NEIGHBOUR[corner.index()],
            [
                NONE,
                NONE,
                Square::new(1, 1).expect("dark").index() as u8,
                NONE
            ]
        );
        let centre = Square::new(4, 4).expect("dark");
        let expected = [(3, 3), (3, 5), (5, 5), (5, 3)]
            .map(|(r, c)| Square::new(r, c).expect("dark").index() as u8);
        assert_eq!(NEIGHBOUR[centre.index()], expected);
        assert_eq!(Square::new(7, 7).and_then(|s| s.offset(1, 1)), None);
        assert_eq!(
            Square::new(7, 1).and_then(|s| s.offset(-1, -1)),
            Square::new(6, 0)
        );
    }
}
