//! Positions, moves and the rules of the game.

use std::fmt;

use crate::square::{NEIGHBOUR, NONE, Square};

/// The two players.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Side {
    /// The mouse (`R`, matrix byte `$01`).
    Mouse,
    /// The four cats (`G`, matrix byte `$FF`).
    Cats,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Mouse => Side::Cats,
            Side::Cats => Side::Mouse,
        }
    }

    /// The board's turn byte: `$01` for the mouse, `$FF` for the cats.
    pub const fn turn_byte(self) -> u8 {
        match self {
            Side::Mouse => 0x01,
            Side::Cats => 0xFF,
        }
    }

    /// Inverse of [`Side::turn_byte`]; `None` for any other byte.
    pub const fn from_turn_byte(byte: u8) -> Option<Side> {
        match byte {
            0x01 => Some(Side::Mouse),
            0xFF => Some(Side::Cats),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Mouse => "mouse",
            Side::Cats => "cats",
        })
    }
}

/// Mouse move `k` = 0–3 as `(drow, dcol)`, the 6502 tables `tblRatonF`/`tblRatonC`.
pub const MOUSE_DELTAS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, 1), (1, -1)];

/// Cat move `m` = 0–1 as `(drow, dcol)`: down-left, down-right.
pub const CAT_DELTAS: [(i8, i8); 2] = [(1, -1), (1, 1)];

/// Cat move `m` expressed as the matching mouse direction, to reuse the neighbour table.
pub(crate) const CAT_DIR_AS_MOUSE_DIR: [usize; 2] = [3, 2];

/// A move, numbered as in the 6502 program.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Mouse move `dir` = 0–3, deltas [`MOUSE_DELTAS`]`[dir]`.
    Mouse {
        /// Direction 0–3, an index into [`MOUSE_DELTAS`].
        dir: u8,
    },
    /// Cat `cat` = 0–3 (the n-th cat in scan order, as `dameGato`) moving
    /// `dir` = 0–1, deltas [`CAT_DELTAS`]`[dir]`.
    Cat {
        /// Which cat, 0–3 in scan order.
        cat: u8,
        /// Direction 0–1, an index into [`CAT_DELTAS`].
        dir: u8,
    },
}

impl Move {
    /// The side that makes this move.
    pub const fn side(self) -> Side {
        match self {
            Move::Mouse { .. } => Side::Mouse,
            Move::Cat { .. } => Side::Cats,
        }
    }

    /// The move's number in the 6502 program's order, 0–7: the mouse's `dir`, or
    /// `cat * 2 + dir` for the cats. Also the natural child slot of a board.
    pub const fn number(self) -> u8 {
        match self {
            Move::Mouse { dir } => dir,
            Move::Cat { cat, dir } => cat * 2 + dir,
        }
    }

    /// The `(drow, dcol)` step, `None` when `dir` is out of range.
    pub const fn delta(self) -> Option<(i8, i8)> {
        match self {
            Move::Mouse { dir } if dir < 4 => Some(MOUSE_DELTAS[dir as usize]),
            Move::Cat { cat, dir } if cat < 4 && dir < 2 => Some(CAT_DELTAS[dir as usize]),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Mouse { dir } => write!(f, "mouse {dir}"),
            Move::Cat { cat, dir } => write!(f, "cat {cat} {dir}"),
        }
    }
}

/// Why a set of pieces is not a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// Two pieces share a square.
    SharedSquare(Square),
    /// A matrix byte other than `$00`, `$01`, `$FF`.
    BadByte {
        /// Index of the byte in the 64-byte matrix (`row * 8 + col`).
        offset: usize,
        /// The byte found there.
        value: u8,
    },
    /// A piece on a light square (`(row + col)` odd).
    LightSquare {
        /// Row 0–7 of the matrix.
        row: u8,
        /// Column 0–7 of the matrix.
        col: u8,
    },
    /// The matrix does not hold exactly one mouse.
    MouseCount(usize),
    /// The matrix does not hold exactly four cats.
    CatCount(usize),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::SharedSquare(sq) => write!(f, "two pieces on square {sq}"),
            PositionError::BadByte { offset, value } => {
                write!(
                    f,
                    "matrix byte {offset} is ${value:02X}, not $00, $01 or $FF"
                )
            }
            PositionError::LightSquare { row, col } => {
                write!(f, "piece on light square ({row},{col})")
            }
            PositionError::MouseCount(n) => write!(f, "{n} mice on the board, expected 1"),
            PositionError::CatCount(n) => write!(f, "{n} cats on the board, expected 4"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The game is already over.
    GameOver,
    /// It is the other side's turn.
    NotYourTurn,
    /// Bad cat or direction number.
    BadNumber,
    /// The destination is off the board.
    OffBoard,
    /// The destination is occupied.
    Occupied(Square),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::NotYourTurn => f.write_str("it is the other side's turn"),
            MoveError::BadNumber => f.write_str("no such cat or direction"),
            MoveError::OffBoard => f.write_str("the destination is off the board"),
            MoveError::Occupied(sq) => write!(f, "square {sq} is occupied"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A game position: where the pieces stand and who moves next.
///
/// Cats are indistinguishable; they are kept in scan order (row by row, column by
/// column), so cat `n` is what the 6502 routine `dameGato(n)` returns and two
/// positions with the same pieces compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Position {
    mouse: Square,
    cats: [Square; 4],
    to_move: Side,
}

impl Position {
    /// The start: cats on row 0 at columns 0, 2, 4, 6; the mouse on (7,3); mouse to move.
    pub const fn initial() -> Position {
        Position {
            mouse: Square::from_index(29).expect("(7,3) is dark"),
            cats: [
                Square::from_index(0).expect("dark"),
                Square::from_index(1).expect("dark"),
                Square::from_index(2).expect("dark"),
                Square::from_index(3).expect("dark"),
            ],
            to_move: Side::Mouse,
        }
    }

    /// A position from its pieces (cats in any order). Fails when two pieces share a square.
    pub fn new(
        mouse: Square,
        mut cats: [Square; 4],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        cats.sort_unstable();
        for pair in cats.windows(2) {
            if pair[0] == pair[1] {
                return Err(PositionError::SharedSquare(pair[0]));
            }
        }
        if cats.contains(&mouse) {
            return Err(PositionError::SharedSquare(mouse));
        }
        Ok(Position {
            mouse,
            cats,
            to_move,
        })
    }

    /// Builds a position from compact masks; callers guarantee validity.
    #[cfg(test)]
    pub(crate) fn from_parts(mouse: usize, cats_mask: u32, to_move: Side) -> Option<Position> {
        if cats_mask.count_ones() != 4 {
            return None;
        }
        let mut cats = [Square::from_index(0)?; 4];
        let mut rest = cats_mask;
        for slot in &mut cats {
            *slot = Square::from_index(rest.trailing_zeros() as usize)?;
            rest &= rest - 1;
        }
        Position::new(Square::from_index(mouse)?, cats, to_move).ok()
    }

    /// The mouse's square.
    pub const fn mouse(&self) -> Square {
        self.mouse
    }

    /// The cats' squares in scan order.
    pub const fn cats(&self) -> [Square; 4] {
        self.cats
    }

    /// The cats' squares in scan order (cat `n` = `dameGato(n)`); same as [`Position::cats`].
    pub const fn cats_in_scan_order(&self) -> [Square; 4] {
        self.cats
    }

    /// Who moves next.
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The same pieces with `side` to move.
    pub const fn with_to_move(self, side: Side) -> Position {
        Position {
            to_move: side,
            ..self
        }
    }

    /// Bit `i` set when a cat stands on the square with dense index `i`.
    pub(crate) fn cats_mask(&self) -> u32 {
        self.cats.iter().fold(0, |mask, sq| mask | 1 << sq.index())
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Side> {
        if square == self.mouse {
            Some(Side::Mouse)
        } else if self.cats.contains(&square) {
            Some(Side::Cats)
        } else {
            None
        }
    }

    /// The square `mv` would land on, ignoring turn and occupancy; `None` off the board.
    pub fn destination(&self, mv: Move) -> Option<Square> {
        let (drow, dcol) = mv.delta()?;
        let from = match mv {
            Move::Mouse { .. } => self.mouse,
            Move::Cat { cat, .. } => self.cats[cat as usize],
        };
        from.offset(drow, dcol)
    }

    /// Checks `mv` against the board only (destination on the board and empty),
    /// ignoring whose turn it is and whether the game is over; the 6502 `validaJugada`.
    pub fn check_on_board(&self, mv: Move) -> Result<Square, MoveError> {
        mv.delta().ok_or(MoveError::BadNumber)?;
        let to = self.destination(mv).ok_or(MoveError::OffBoard)?;
        match self.piece_at(to) {
            Some(_) => Err(MoveError::Occupied(to)),
            None => Ok(to),
        }
    }

    /// Mouse moves allowed by the board, in move-number order (turn not checked).
    pub fn mouse_moves(&self) -> Vec<Move> {
        (0..4)
            .map(|dir| Move::Mouse { dir })
            .filter(|&mv| self.check_on_board(mv).is_ok())
            .collect()
    }

    /// Cat moves allowed by the board, in move-number order (turn not checked).
    pub fn cat_moves(&self) -> Vec<Move> {
        (0..4)
            .flat_map(|cat| (0..2).map(move |dir| Move::Cat { cat, dir }))
            .filter(|&mv| self.check_on_board(mv).is_ok())
            .collect()
    }

    /// The moves of the side to move; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.mouse.row() == 0 {
            return Vec::new();
        }
        match self.to_move {
            Side::Mouse => self.mouse_moves(),
            Side::Cats => self.cat_moves(),
        }
    }

    /// Whether `mv` may be played now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn check(&self, mv: Move) -> Result<Square, MoveError> {
        if self.winner().is_some() {
            return Err(MoveError::GameOver);
        }
        if mv.side() != self.to_move {
            return Err(MoveError::NotYourTurn);
        }
        self.check_on_board(mv)
    }

    /// The position after `mv`, with the turn passed to the other side.
    pub fn apply(&self, mv: Move) -> Result<Position, MoveError> {
        let to = self.check(mv)?;
        let mut next = *self;
        match mv {
            Move::Mouse { .. } => next.mouse = to,
            Move::Cat { cat, .. } => {
                next.cats[cat as usize] = to;
                next.cats.sort_unstable();
            }
        }
        next.to_move = self.to_move.opponent();
        Ok(next)
    }

    /// Every legal move with the position it leads to.
    pub fn children(&self) -> Vec<(Move, Position)> {
        self.legal_moves()
            .into_iter()
            .filter_map(|mv| self.apply(mv).ok().map(|next| (mv, next)))
            .collect()
    }

    /// The legal move that turns this position into `after`, if there is one.
    pub fn move_to(&self, after: &Position) -> Option<Move> {
        self.children()
            .into_iter()
            .find(|(_, next)| next == after)
            .map(|(mv, _)| mv)
    }

    /// The winner if the game is over: the mouse when it stands on row 0 or when the
    /// cats are to move and cannot; the cats when the mouse is to move and cannot.
    pub fn winner(&self) -> Option<Side> {
        if self.mouse.row() == 0 {
            return Some(Side::Mouse);
        }
        match self.to_move {
            Side::Mouse if !self.mouse_can_move() => Some(Side::Cats),
            Side::Cats if !self.cats_can_move() => Some(Side::Mouse),
            _ => None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    fn mouse_can_move(&self) -> bool {
        let occupied = self.cats_mask();
        NEIGHBOUR[self.mouse.index()]
            .iter()
            .any(|&to| to != NONE && occupied & (1 << to) == 0)
    }

    fn cats_can_move(&self) -> bool {
        let occupied = self.cats_mask() | 1 << self.mouse.index();
        self.cats.iter().any(|cat| {
            crate::position::CAT_DIR_AS_MOUSE_DIR.iter().any(|&dir| {
                let to = NEIGHBOUR[cat.index()][dir];
                to != NONE && occupied & (1 << to) == 0
            })
        })
    }

    /// The side to move that every position reachable from [`Position::initial`] with
    /// these pieces has: each cat move adds one to the sum of the cats' rows, each mouse
    /// move flips the parity of the mouse's row, and the mouse moves first. Useful when
    /// only a matrix is known.
    pub fn implied_to_move(&self) -> Side {
        let cat_moves: u32 = self.cats.iter().map(|sq| u32::from(sq.row())).sum();
        let mouse_moves = 7 - u32::from(self.mouse.row());
        if mouse_moves % 2 == cat_moves % 2 {
            Side::Mouse
        } else {
            Side::Cats
        }
    }

    /// Whether the side to move is [`Position::implied_to_move`]; positions failing
    /// this are legal but unreachable from the start.
    pub fn turn_matches_parity(&self) -> bool {
        self.implied_to_move() == self.to_move
    }

    /// A position from a 64-byte matrix (`row * 8 + col`; `$00` empty, `$01` mouse,
    /// `$FF` cat) and the side to move.
    pub fn from_matrix(matrix: &[u8; 64], to_move: Side) -> Result<Position, PositionError> {
        let mut mice = Vec::new();
        let mut cats = Vec::new();
        for (offset, &value) in matrix.iter().enumerate() {
            let (row, col) = ((offset / 8) as u8, (offset % 8) as u8);
            let list = match value {
                crate::board::EMPTY => continue,
                crate::board::MOUSE => &mut mice,
                crate::board::CAT => &mut cats,
                _ => return Err(PositionError::BadByte { offset, value }),
            };
            list.push(Square::new(row, col).ok_or(PositionError::LightSquare { row, col })?);
        }
        let [mouse] = mice[..] else {
            return Err(PositionError::MouseCount(mice.len()));
        };
        let [a, b, c, d] = cats[..] else {
            return Err(PositionError::CatCount(cats.len()));
        };
        Position::new(mouse, [a, b, c, d], to_move)
    }

    /// The 64-byte matrix of this position (`$00` empty, `$01` mouse, `$FF` cat).
    pub fn to_matrix(&self) -> [u8; 64] {
        let mut matrix = [crate::board::EMPTY; 64];
        matrix[self.mouse.matrix_offset()] = crate::board::MOUSE;
        for cat in self.cats {
            matrix[cat.matrix_offset()] = crate::board::CAT;
        }
        matrix
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl fmt::Display for Position {
    /// Eight lines of the blog's `pintaTablero` matrix (`R` mouse, `G` cat, `.` empty),
    /// then `to move: mouse|cats`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            for col in 0..8 {
                let piece = Square::new(row, col).and_then(|sq| self.piece_at(sq));
                f.write_str(match piece {
                    Some(Side::Mouse) => "R",
                    Some(Side::Cats) => "G",
                    None => ".",
                })?;
            }
            writeln!(f)?;
        }
        write!(f, "to move: {}", self.to_move)
    }
}
