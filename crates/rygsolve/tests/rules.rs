//! The rules: move numbering, legality, applying moves and the end of the game.

mod common;

use common::{pos, sq};
use rygsolve::random::{XorShift64, random_game, random_position};
use rygsolve::{CAT_DELTAS, MOUSE_DELTAS, Move, MoveError, Position, PositionError, Side, Square};

#[test]
fn move_tables_match_the_6502_program() {
    assert_eq!(MOUSE_DELTAS, [(-1, -1), (-1, 1), (1, 1), (1, -1)]);
    assert_eq!(CAT_DELTAS, [(1, -1), (1, 1)]);
    assert_eq!(Move::Cat { cat: 3, dir: 1 }.number(), 7);
    assert_eq!(Move::Cat { cat: 1, dir: 0 }.number(), 2);
    assert_eq!(Move::Mouse { dir: 2 }.number(), 2);
    assert_eq!(Move::Mouse { dir: 4 }.delta(), None);
    assert_eq!(Move::Cat { cat: 4, dir: 0 }.delta(), None);
    assert_eq!(Move::Cat { cat: 0, dir: 2 }.delta(), None);
}

#[test]
fn initial_position() {
    let start = Position::initial();
    assert_eq!(start.mouse(), sq(7, 3));
    assert_eq!(start.cats(), [sq(0, 0), sq(0, 2), sq(0, 4), sq(0, 6)]);
    assert_eq!(start.cats_in_scan_order(), start.cats());
    assert_eq!(start.to_move(), Side::Mouse);
    assert_eq!(start.winner(), None);
    assert!(start.turn_matches_parity());
    assert_eq!(Position::default(), start);
    assert_eq!(
        start.to_string(),
        "G.G.G.G.\n........\n........\n........\n........\n........\n........\n...R....\nto move: mouse"
    );
}

#[test]
fn initial_moves_in_program_order() {
    let start = Position::initial();
    assert_eq!(
        start.mouse_moves(),
        vec![Move::Mouse { dir: 0 }, Move::Mouse { dir: 1 }]
    );
    assert_eq!(start.legal_moves(), start.mouse_moves());
    let cat_moves: Vec<(u8, u8)> = start
        .cat_moves()
        .into_iter()
        .map(|mv| match mv {
            Move::Cat { cat, dir } => (cat, dir),
            Move::Mouse { .. } => panic!("mouse move among cat moves"),
        })
        .collect();
    // Cat 0 in the corner cannot go down-left; the other seven moves are open.
    assert_eq!(
        cat_moves,
        vec![(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    );
    let after = start.apply(Move::Mouse { dir: 0 }).expect("legal");
    assert_eq!(after.mouse(), sq(6, 2));
    assert_eq!(after.to_move(), Side::Cats);
    assert_eq!(after.legal_moves().len(), 7);
    assert_eq!(after.legal_moves(), start.cat_moves());
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let start = Position::initial();
    assert_eq!(
        start.apply(Move::Mouse { dir: 2 }),
        Err(MoveError::OffBoard)
    );
    assert_eq!(
        start.apply(Move::Mouse { dir: 3 }),
        Err(MoveError::OffBoard)
    );
    assert_eq!(
        start.apply(Move::Cat { cat: 1, dir: 0 }),
        Err(MoveError::NotYourTurn)
    );
    assert_eq!(
        start.apply(Move::Mouse { dir: 9 }),
        Err(MoveError::BadNumber)
    );
    let cats_turn = start.with_to_move(Side::Cats);
    assert_eq!(
        cats_turn.apply(Move::Cat { cat: 0, dir: 0 }),
        Err(MoveError::OffBoard)
    );
    assert_eq!(
        cats_turn.apply(Move::Cat { cat: 7, dir: 0 }),
        Err(MoveError::BadNumber)
    );
    assert!(!cats_turn.is_legal(Move::Mouse { dir: 0 }));
    assert!(cats_turn.is_legal(Move::Cat { cat: 3, dir: 1 }));
    // Occupied destinations: by a cat for the mouse, by the mouse or a cat for a cat.
    let crowded = pos((2, 2), [(1, 1), (1, 3), (3, 1), (0, 4)], Side::Mouse);
    assert_eq!(
        crowded.apply(Move::Mouse { dir: 0 }),
        Err(MoveError::Occupied(sq(1, 1)))
    );
    assert_eq!(crowded.mouse_moves(), vec![Move::Mouse { dir: 2 }]);
    let crowded = crowded.with_to_move(Side::Cats);
    // Scan order: (0,4), (1,1), (1,3), (3,1).
    assert_eq!(
        crowded.apply(Move::Cat { cat: 1, dir: 1 }),
        Err(MoveError::Occupied(sq(2, 2)))
    );
    assert_eq!(
        crowded.apply(Move::Cat { cat: 0, dir: 0 }),
        Err(MoveError::Occupied(sq(1, 3)))
    );
    assert_eq!(
        crowded.cat_moves(),
        vec![
            Move::Cat { cat: 0, dir: 1 },
            Move::Cat { cat: 1, dir: 0 },
            Move::Cat { cat: 2, dir: 1 },
            Move::Cat { cat: 3, dir: 0 },
            Move::Cat { cat: 3, dir: 1 },
        ]
    );
}

#[test]
fn cats_are_renumbered_in_scan_order_after_a_move() {
    let before = pos((5, 5), [(0, 2), (0, 6), (1, 1), (2, 0)], Side::Cats);
    let after = before.apply(Move::Cat { cat: 1, dir: 1 }).expect("legal");
    assert_eq!(after.cats(), [sq(0, 2), sq(1, 1), sq(1, 7), sq(2, 0)]);
    assert_eq!(before.move_to(&after), Some(Move::Cat { cat: 1, dir: 1 }));
    assert_eq!(after.move_to(&before), None);
}

#[test]
fn cat_order_given_to_new_does_not_matter() {
    let a = pos((4, 4), [(2, 2), (0, 0), (3, 7), (1, 5)], Side::Cats);
    let b = pos((4, 4), [(0, 0), (1, 5), (2, 2), (3, 7)], Side::Cats);
    assert_eq!(a, b);
    assert_eq!(a.cats(), [sq(0, 0), sq(1, 5), sq(2, 2), sq(3, 7)]);
}

#[test]
fn shared_squares_are_rejected() {
    let shared = Position::new(
        sq(0, 0),
        [sq(0, 0), sq(0, 2), sq(0, 4), sq(0, 6)],
        Side::Mouse,
    );
    assert_eq!(shared, Err(PositionError::SharedSquare(sq(0, 0))));
    let twin_cats = Position::new(
        sq(7, 3),
        [sq(0, 0), sq(0, 2), sq(0, 2), sq(0, 6)],
        Side::Mouse,
    );
    assert_eq!(twin_cats, Err(PositionError::SharedSquare(sq(0, 2))));
}

#[test]
fn mouse_on_row_zero_wins_whoever_is_to_move() {
    let home = pos((0, 2), [(1, 1), (1, 3), (0, 0), (0, 4)], Side::Cats);
    assert_eq!(home.winner(), Some(Side::Mouse));
    assert_eq!(home.with_to_move(Side::Mouse).winner(), Some(Side::Mouse));
    assert!(home.legal_moves().is_empty());
    assert_eq!(
        home.apply(Move::Cat { cat: 3, dir: 0 }),
        Err(MoveError::GameOver)
    );
}

#[test]
fn trapped_mouse_loses_on_its_turn() {
    let corner = pos((7, 7), [(6, 6), (0, 0), (0, 2), (0, 4)], Side::Mouse);
    assert_eq!(corner.winner(), Some(Side::Cats));
    assert!(corner.legal_moves().is_empty());
    // The same pieces with the cats to move: the game goes on.
    assert_eq!(corner.with_to_move(Side::Cats).winner(), None);
    let surrounded = pos((4, 4), [(3, 3), (3, 5), (5, 3), (5, 5)], Side::Mouse);
    assert_eq!(surrounded.winner(), Some(Side::Cats));
    let edge = pos((4, 0), [(3, 1), (5, 1), (0, 0), (0, 2)], Side::Mouse);
    assert_eq!(edge.winner(), Some(Side::Cats));
}

#[test]
fn stuck_cats_lose_on_their_turn() {
    let bottom = pos((3, 3), [(7, 1), (7, 3), (7, 5), (7, 7)], Side::Cats);
    assert_eq!(bottom.winner(), Some(Side::Mouse));
    // Blocked by each other and by the mouse: the mouse also cannot move, so the side
    // to move decides who has lost.
    let jammed = pos((7, 7), [(7, 1), (7, 3), (7, 5), (6, 6)], Side::Cats);
    assert_eq!(jammed.winner(), Some(Side::Mouse));
    assert_eq!(jammed.with_to_move(Side::Mouse).winner(), Some(Side::Cats));
}

#[test]
fn opposite_mouse_moves_undo_each_other() {
    let mut rng = XorShift64::new(7);
    for _ in 0..200 {
        let position = random_position(&mut rng).with_to_move(Side::Mouse);
        if position.is_over() {
            continue;
        }
        for mv in position.mouse_moves() {
            let Move::Mouse { dir } = mv else {
                unreachable!()
            };
            let there = position
                .apply(mv)
                .expect("listed move is legal")
                .with_to_move(Side::Mouse);
            if there.is_over() {
                continue; // reached row 0
            }
            let back = there
                .apply(Move::Mouse { dir: (dir + 2) % 4 })
                .expect("the way back is free");
            assert_eq!(back.with_to_move(Side::Mouse), position);
        }
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let mut rng = XorShift64::new(2024);
    for _ in 0..300 {
        let (positions, moves) = random_game(&mut rng);
        assert_eq!(positions.len(), moves.len() + 1);
        // Each cat move adds one to the cats' row sum, which cannot pass 28: games are short.
        assert!(moves.len() <= 58, "game of {} plies", moves.len());
        let last = positions.last().expect("non-empty");
        assert!(last.is_over());
        for (i, (position, mv)) in positions.iter().zip(&moves).enumerate() {
            assert!(!position.is_over());
            assert!(position.turn_matches_parity());
            let flipped = position.with_to_move(position.to_move().opponent());
            assert!(!flipped.turn_matches_parity());
            assert_eq!(flipped.implied_to_move(), position.to_move());
            assert_eq!(
                position.to_move(),
                if i % 2 == 0 { Side::Mouse } else { Side::Cats }
            );
            assert!(position.is_legal(*mv));
            assert_eq!(position.apply(*mv).as_ref(), Ok(&positions[i + 1]));
            assert_eq!(position.move_to(&positions[i + 1]), Some(*mv));
            assert!(position.cats().windows(2).all(|w| w[0] < w[1]));
        }
    }
}

#[test]
fn random_play_is_reproducible_from_the_seed() {
    let a = random_game(&mut XorShift64::new(99));
    let b = random_game(&mut XorShift64::new(99));
    let c = random_game(&mut XorShift64::new(100));
    assert_eq!(a, b);
    assert_ne!(a, c);
    let mut rng = XorShift64::new(0);
    let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert!(first.iter().all(|&x| x != 0));
    assert_eq!(rng.below(0), 0);
    assert!((0..1000).all(|_| rng.below(6) < 6));
}

#[test]
fn squares_print_as_row_and_column() {
    assert_eq!(sq(7, 3).to_string(), "(7,3)");
    assert_eq!(
        Square::from_index(0).map(|s| s.to_string()).as_deref(),
        Some("(0,0)")
    );
    assert_eq!(Move::Cat { cat: 2, dir: 1 }.to_string(), "cat 2 1");
}
