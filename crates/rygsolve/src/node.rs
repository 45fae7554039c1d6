//! Compact positions for the solver's inner loops: bit masks instead of squares.

use crate::index::{index_of, rank_cats};
use crate::position::{CAT_DIR_AS_MOUSE_DIR, Position, Side};
use crate::square::{NEIGHBOUR, NONE};

/// A position as a cat mask (bit = dense square index), the mouse's dense index and
/// the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Node {
    pub cats: u32,
    pub mouse: u8,
    pub side: Side,
}

impl Node {
    pub fn from_position(position: &Position) -> Node {
        Node {
            cats: position.cats_mask(),
            mouse: position.mouse().index() as u8,
            side: position.to_move(),
        }
    }

    pub fn index(self) -> usize {
        index_of(rank_cats(self.cats), self.mouse as usize, self.side)
    }

    /// Mouse on row 0: the game is over whoever is to move.
    pub fn mouse_home(self) -> bool {
        self.mouse < 4
    }

    /// Calls `visit` for each position one move of the side to move away, ignoring
    /// whether the game is already over; returns how many there were.
    pub fn for_each_child(self, mut visit: impl FnMut(Node)) -> usize {
        let mut count = 0;
        match self.side {
            Side::Mouse => {
                for &to in &NEIGHBOUR[self.mouse as usize] {
                    if to != NONE && self.cats & (1 << to) == 0 {
                        count += 1;
                        visit(Node {
                            mouse: to,
                            side: Side::Cats,
                            ..self
                        });
                    }
                }
            }
            Side::Cats => {
                let occupied = self.cats | 1 << self.mouse;
                let mut rest = self.cats;
                while rest != 0 {
                    let from = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for dir in CAT_DIR_AS_MOUSE_DIR {
                        let to = NEIGHBOUR[from][dir];
                        if to != NONE && occupied & (1 << to) == 0 {
                            count += 1;
                            let cats = self.cats & !(1 << from) | 1 << to;
                            visit(Node {
                                cats,
                                side: Side::Mouse,
                                ..self
                            });
                        }
                    }
                }
            }
        }
        count
    }
}
