//! The 6502 program's board bytes: matrix and 88-byte board round trips and errors.

mod common;

use common::{pos, sq};
use proptest::prelude::*;
use rygsolve::board::{self, BOARD_LEN, Board, PREFIX, position_from_board_bytes};
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{BoardError, Position, PositionError, Side};

#[test]
fn initial_matrix_bytes() {
    let matrix = Position::initial().to_matrix();
    assert_eq!(matrix[..8], [0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0]);
    assert_eq!(matrix[56..], [0, 0, 0, 0x01, 0, 0, 0, 0]);
    assert_eq!(matrix[8..56], [0; 48]);
    assert_eq!(
        Position::from_matrix(&matrix, Side::Mouse),
        Ok(Position::initial())
    );
}

#[test]
fn initial_board_bytes() {
    let board = Board::from_position(&Position::initial());
    let bytes = board.to_bytes();
    assert_eq!(bytes.len(), BOARD_LEN);
    assert_eq!(bytes[..8], [0xAA, 0xAA, 0xAA, 0x00, 0x01, 0x80, 0x00, 0x00]);
    assert_eq!(bytes[8..24], [0; 16]);
    assert_eq!(bytes[24..32], [0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0]);
    assert_eq!(bytes[80..88], [0, 0, 0, 0x01, 0, 0, 0, 0]);
    assert_eq!(board.num_children(), 0);
    assert_eq!(position_from_board_bytes(&bytes), Ok(Position::initial()));
}

#[test]
fn board_fields_land_at_their_offsets() {
    let board = Board {
        level: 3,
        turn: Side::Cats.turn_byte(),
        value: 0x7C,
        parent: 0x1234,
        children: [0xC000, 0xC058, 0, 0, 0, 0, 0, 0xBEEF],
        matrix: pos((4, 4), [(1, 1), (1, 3), (2, 4), (0, 6)], Side::Cats).to_matrix(),
    };
    let bytes = board.to_bytes();
    assert_eq!(bytes[board::OFFSET_LEVEL], 3);
    assert_eq!(bytes[board::OFFSET_TURN], 0xFF);
    assert_eq!(bytes[board::OFFSET_VALUE], 0x7C);
    assert_eq!(bytes[6..8], [0x34, 0x12]);
    assert_eq!(bytes[8..12], [0x00, 0xC0, 0x58, 0xC0]);
    assert_eq!(bytes[22..24], [0xEF, 0xBE]);
    assert_eq!(bytes[board::OFFSET_MATRIX + 4 * 8 + 4], board::MOUSE);
    assert_eq!(bytes[board::OFFSET_MATRIX + 8 + 1], board::CAT);
    assert_eq!(board.num_children(), 3);
    assert_eq!(Board::parse(&bytes), Ok(board));
    assert_eq!(board.side(), Ok(Side::Cats));
    // Trailing bytes (the next board in memory) are ignored.
    let mut longer = bytes.to_vec();
    longer.extend_from_slice(&PREFIX);
    assert_eq!(Board::parse(&longer), Ok(board));
}

#[test]
fn bad_boards_are_reported() {
    let bytes = Board::from_position(&Position::initial()).to_bytes();
    assert_eq!(Board::parse(&bytes[..87]), Err(BoardError::TooShort(87)));
    assert_eq!(Board::parse(&[]), Err(BoardError::TooShort(0)));
    let mut bad = bytes;
    bad[1] = 0xAB;
    assert_eq!(
        Board::parse(&bad),
        Err(BoardError::BadPrefix([0xAA, 0xAB, 0xAA]))
    );
    let mut bad = bytes;
    bad[board::OFFSET_TURN] = 0x00;
    assert_eq!(position_from_board_bytes(&bad), Err(BoardError::BadTurn(0)));
    let mut bad = bytes;
    bad[board::OFFSET_MATRIX + 1] = board::CAT;
    assert_eq!(
        position_from_board_bytes(&bad),
        Err(BoardError::Position(PositionError::LightSquare {
            row: 0,
            col: 1
        }))
    );
    assert!(BoardError::BadTurn(7).to_string().contains("$07"));
}

#[test]
fn bad_matrices_are_reported() {
    let good = Position::initial().to_matrix();
    let mut m = good;
    m[10] = 0x02;
    assert_eq!(
        Position::from_matrix(&m, Side::Mouse),
        Err(PositionError::BadByte {
            offset: 10,
            value: 2
        })
    );
    let mut m = good;
    m[59] = 0;
    assert_eq!(
        Position::from_matrix(&m, Side::Mouse),
        Err(PositionError::MouseCount(0))
    );
    m[59] = 1;
    m[57] = 1;
    assert_eq!(
        Position::from_matrix(&m, Side::Mouse),
        Err(PositionError::MouseCount(2))
    );
    let mut m = good;
    m[0] = 0;
    assert_eq!(
        Position::from_matrix(&m, Side::Mouse),
        Err(PositionError::CatCount(3))
    );
    m[0] = 0xFF;
    m[9] = 0xFF;
    assert_eq!(
        Position::from_matrix(&m, Side::Mouse),
        Err(PositionError::CatCount(5))
    );
    let mut m = good;
    m[9] = 0xFF;
    m[0] = 0;
    let moved = Position::from_matrix(&m, Side::Cats).expect("cat 0 moved to (1,1)");
    assert_eq!(moved.cats()[3], sq(1, 1));
}

#[test]
fn random_positions_round_trip_through_bytes() {
    let mut rng = XorShift64::new(5);
    for level in 0..500u16 {
        let position = random_position(&mut rng);
        let matrix = position.to_matrix();
        assert_eq!(matrix.iter().filter(|&&b| b == board::CAT).count(), 4);
        assert_eq!(
            Position::from_matrix(&matrix, position.to_move()),
            Ok(position)
        );
        let mut board = Board::from_position(&position);
        board.level = level as u8;
        board.parent = level.wrapping_mul(88);
        let bytes = board.to_bytes();
        assert_eq!(Board::parse(&bytes), Ok(board));
        assert_eq!(position_from_board_bytes(&bytes), Ok(position));
    }
}

proptest! {
    #[test]
    fn any_bytes_parse_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..100)) {
        if let Ok(board) = Board::parse(&bytes) {
            prop_assert_eq!(&board.to_bytes()[..], &bytes[..BOARD_LEN]);
            let _ = board.position();
        }
    }

    #[test]
    fn sparse_matrices_parse_or_explain(cells in proptest::collection::vec((0usize..64, prop_oneof![Just(0u8), Just(1u8), Just(0xFFu8), any::<u8>()]), 0..8)) {
        let mut matrix = [0u8; 64];
        for (offset, value) in cells {
            matrix[offset] = value;
        }
        match Position::from_matrix(&matrix, Side::Mouse) {
            Ok(position) => prop_assert_eq!(position.to_matrix(), matrix),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }
}
