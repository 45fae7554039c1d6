//! The 6502 program's board bytes: the 64-byte matrix and the 88-byte board.
//!
//! Layout of an 88-byte board (`Tableros.asm`, later posts):
//!
//! | offset | field |
//! |---|---|
//! | 0–2 | prefix `$AA $AA $AA` |
//! | 3 | level |
//! | 4 | turn: `$01` mouse, `$FF` cats |
//! | 5 | value (`$80` neutral, high favours the mouse) |
//! | 6–7 | parent pointer, lo/hi |
//! | 8–23 | eight child pointers, lo/hi each (`$0000` = none) |
//! | 24–87 | matrix, `row * 8 + col`: `$00` empty, `$01` mouse, `$FF` cat |

use std::fmt;

use crate::position::{Position, PositionError, Side};

/// Matrix byte of an empty square.
pub const EMPTY: u8 = 0x00;
/// Matrix byte of the mouse.
pub const MOUSE: u8 = 0x01;
/// Matrix byte of a cat.
pub const CAT: u8 = 0xFF;

/// Size of a board in bytes.
pub const BOARD_LEN: usize = 88;
/// The recognisable prefix every board starts with.
pub const PREFIX: [u8; 3] = [0xAA; 3];
/// Offset of the level byte.
pub const OFFSET_LEVEL: usize = 3;
/// Offset of the turn byte.
pub const OFFSET_TURN: usize = 4;
/// Offset of the value byte.
pub const OFFSET_VALUE: usize = 5;
/// Offset of the parent pointer (lo, hi).
pub const OFFSET_PARENT: usize = 6;
/// Offset of the first child pointer (lo, hi); child `i` is at `OFFSET_CHILDREN + 2 * i`.
pub const OFFSET_CHILDREN: usize = 8;
/// Offset of the 64-byte matrix; row `r` starts at `OFFSET_MATRIX + 8 * r`.
pub const OFFSET_MATRIX: usize = 24;
/// The neutral evaluation value.
pub const NEUTRAL_VALUE: u8 = 0x80;

/// An 88-byte board with every field decoded but not yet checked for meaning.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// Depth in the game tree.
    pub level: u8,
    /// Raw turn byte (`$01` mouse, `$FF` cats).
    pub turn: u8,
    /// Evaluation value.
    pub value: u8,
    /// Address of the parent board, `0` for none.
    pub parent: u16,
    /// Addresses of the children, `0` for none.
    pub children: [u16; 8],
    /// The matrix, `row * 8 + col`.
    pub matrix: [u8; 64],
}

/// Why bytes are not a board, or a board not a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardError {
    /// Fewer than 88 bytes.
    TooShort(usize),
    /// The first three bytes are not `$AA $AA $AA`.
    BadPrefix([u8; 3]),
    /// The turn byte is neither `$01` nor `$FF`.
    BadTurn(u8),
    /// The matrix is not a position.
    Position(PositionError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooShort(len) => write!(f, "{len} bytes, a board needs {BOARD_LEN}"),
            BoardError::BadPrefix([a, b, c]) => {
                write!(f, "prefix ${a:02X} ${b:02X} ${c:02X}, expected $AA $AA $AA")
            }
            BoardError::BadTurn(byte) => write!(f, "turn byte ${byte:02X}, expected $01 or $FF"),
            BoardError::Position(err) => write!(f, "bad matrix: {err}"),
        }
    }
}

impl std::error::Error for BoardError {}

impl From<PositionError> for BoardError {
    fn from(err: PositionError) -> BoardError {
        BoardError::Position(err)
    }
}

impl Board {
    /// A board holding `position`: level 0, value `$80`, no parent, no children.
    pub fn from_position(position: &Position) -> Board {
        Board {
            level: 0,
            turn: position.to_move().turn_byte(),
            value: NEUTRAL_VALUE,
            parent: 0,
            children: [0; 8],
            matrix: position.to_matrix(),
        }
    }

    /// Decodes the first 88 bytes of `bytes`; checks only the length and the prefix.
    pub fn parse(bytes: &[u8]) -> Result<Board, BoardError> {
        let bytes: &[u8; BOARD_LEN] = bytes
            .get(..BOARD_LEN)
            .and_then(|b| b.try_into().ok())
            .ok_or(BoardError::TooShort(bytes.len()))?;
        let prefix = [bytes[0], bytes[1], bytes[2]];
        if prefix != PREFIX {
            return Err(BoardError::BadPrefix(prefix));
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let mut matrix = [0; 64];
        matrix.copy_from_slice(&bytes[OFFSET_MATRIX..]);
        Ok(Board {
            level: bytes[OFFSET_LEVEL],
            turn: bytes[OFFSET_TURN],
            value: bytes[OFFSET_VALUE],
            parent: word(OFFSET_PARENT),
            children: std::array::from_fn(|i| word(OFFSET_CHILDREN + 2 * i)),
            matrix,
        })
    }

    /// The 88 bytes of this board.
    pub fn to_bytes(&self) -> [u8; BOARD_LEN] {
        let mut bytes = [0; BOARD_LEN];
        bytes[..3].copy_from_slice(&PREFIX);
        bytes[OFFSET_LEVEL] = self.level;
        bytes[OFFSET_TURN] = self.turn;
        bytes[OFFSET_VALUE] = self.value;
        bytes[OFFSET_PARENT..OFFSET_PARENT + 2].copy_from_slice(&self.parent.to_le_bytes());
        for (i, child) in self.children.iter().enumerate() {
            let at = OFFSET_CHILDREN + 2 * i;
            bytes[at..at + 2].copy_from_slice(&child.to_le_bytes());
        }
        bytes[OFFSET_MATRIX..].copy_from_slice(&self.matrix);
        bytes
    }

    /// The side to move, from the turn byte.
    pub fn side(&self) -> Result<Side, BoardError> {
        Side::from_turn_byte(self.turn).ok_or(BoardError::BadTurn(self.turn))
    }

    /// The position on this board (matrix and turn).
    pub fn position(&self) -> Result<Position, BoardError> {
        Ok(Position::from_matrix(&self.matrix, self.side()?)?)
    }

    /// Number of non-null child pointers (the 6502 `dameNumHijos`).
    pub fn num_children(&self) -> usize {
        self.children.iter().filter(|&&child| child != 0).count()
    }
}

/// Shorthand: the position stored in the first 88 bytes of `bytes`.
pub fn position_from_board_bytes(bytes: &[u8]) -> Result<Position, BoardError> {
    Board::parse(bytes)?.position()
}
