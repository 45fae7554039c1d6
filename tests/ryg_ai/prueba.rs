//! The search playing games: random mice, scripted lines, every mouse strategy
//! (the figures of level 3 before its strategy table), C64 against C64.

use rygsolve::random::XorShift64;
use rygsolve::{Move, Position, Side, Solver};

use crate::common::ia::*;
use crate::common::*;
use crate::modelo::*;

/// Plays `games` random-mouse games against the AI at `depth`. After every cat move:
/// a legal move (or an honest "no move"), only the AI's own fields, tableroActual and
/// the tree boards changed (zero-page pointers $FB-$FE and the stack aside), and the
/// $AA $AA $AA prefix of tableroActual and of every tree board made so far is intact.
/// Returns (games the mouse won, cat moves played).
fn random_games(games: usize, seed: u64, depth: u8) -> (usize, usize) {
    let mut m = search_machine();
    let mut rng = XorShift64::new(seed);
    let actual = sym("tableroActual");
    let allowed = ai_writable(depth);
    let untouched: Vec<Vec<u8>> = (0..=depth).map(|l| board_at(&m, tree_board(l))).collect();
    let mut mouse_wins = 0;
    let mut cat_moves = 0;
    for _ in 0..games {
        let mut p = Position::initial();
        while let Some(mv) = rng.pick(&p.legal_moves()) {
            p = p.apply(mv).expect("legal mouse move");
            if p.mouse().row() == 0 {
                mouse_wins += 1;
                break;
            }
            let before = m.ram().to_vec();
            let sp = m.regs().sp;
            let got = run_ai(&mut m, &p, depth);
            cat_moves += 1;
            let stray: Vec<String> = before
                .iter()
                .zip(m.ram())
                .enumerate()
                .filter(|(_, (old, new))| old != new)
                .map(|(a, _)| a)
                .filter(|&a| !allowed.contains(&(a as u16)))
                .filter(|a| !(0xFB..=0xFE).contains(a))
                .filter(|&a| !(0x100..=0x100 + usize::from(sp)).contains(&a))
                .map(|a| format!("${a:04X}"))
                .collect();
            assert!(stray.is_empty(), "juegaGatos wrote {stray:?} in {p:?}");
            let after_board = board_at(&m, actual);
            assert_eq!(&after_board[..3], &[0xAA; 3], "tableroActual prefix");
            for level in 0..=depth {
                let b = board_at(&m, tree_board(level));
                assert!(
                    b[..3] == [0xAA; 3] || b == untouched[level as usize],
                    "board {level} prefix"
                );
            }
            if got.mv == SIN_JUGADA {
                assert!(p.cat_moves().is_empty(), "no move claimed in {p:?}");
                mouse_wins += 1;
                break;
            }
            let next = play(&p, move_of(Side::Cats, got.mv)).expect("a legal cat move");
            assert_eq!(&after_board[24..], &next.to_matrix()[..], "tableroActual");
            p = next;
        }
    }
    (mouse_wins, cat_moves)
}

#[test]
fn random_mouse_games_never_beat_depth_three() {
    let (wins, moves) = random_games(60, 2026, 3);
    assert_eq!(wins, 0);
    assert!(moves > 300);
}

/// 1000 games (about 45 s on two cores) with `C64KIT_FULL_CHECKS=1`
/// (`tools/full-checks`); the first 200 of them in CI (`--ignored`).
#[test]
#[ignore = "1000 random games (200 unless C64KIT_FULL_CHECKS); run with --ignored"]
fn a_thousand_random_mouse_games_never_beat_depth_three() {
    let games = if full_checks() { 500 } else { 100 };
    // Two halves with their own seeds and machines, one per core.
    let halves: Vec<(usize, usize)> = std::thread::scope(|s| {
        let runs: Vec<_> = [1u64, 2]
            .into_iter()
            .map(|seed| s.spawn(move || random_games(games, seed, 3)))
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("no panic"))
            .collect()
    });
    let wins: usize = halves.iter().map(|h| h.0).sum();
    let moves: usize = halves.iter().map(|h| h.1).sum();
    assert_eq!(wins, 0);
    assert!(moves > 10 * games, "{moves} cat moves");
}

/// Plays scripted mouse moves against the AI, checking each cat reply (move, value) and
/// tableroActual after it; returns the final position (mouse to move).
fn scripted_game(depth: u8, line: &[(u8, u8, Option<u8>)]) -> Position {
    let mut m = search_machine();
    let mut p = Position::initial();
    for (ply, &(mouse, cats, value)) in line.iter().enumerate() {
        p = p
            .apply(Move::Mouse { dir: mouse })
            .expect("legal mouse move");
        let got = run_ai(&mut m, &p, depth);
        assert_eq!(got.mv, cats, "cat move {ply}");
        if let Some(value) = value {
            assert_eq!(got.value, value, "value of cat move {ply}");
        }
        p = p.apply(move_of(Side::Cats, cats)).expect("legal cat move");
        let mut b = board(p.to_matrix());
        b.value = got.value;
        assert_eq!(
            board_at(&m, sym("tableroActual")),
            b.to_bytes().to_vec(),
            "after cat move {ply}"
        );
    }
    p
}

#[test]
fn the_longest_line_against_depth_three_ends_with_the_mouse_trapped() {
    let line = [
        (0, 1, 0x56),
        (0, 1, 0x54),
        (0, 1, 0x5D),
        (1, 1, 0x50),
        (0, 4, 0x4E),
        (2, 2, 0x4C),
        (2, 0, 0x55),
        (0, 0, 0x44),
        (2, 1, 0xB2),
        (1, 4, 0xB3),
        (2, 1, 0xB4),
        (2, 7, 0x40),
        (0, 1, 0x3A),
        (2, 4, 0x3C),
        (2, 0, 0x3D),
        (0, 0, 0x38),
        (3, 1, 0x2B),
        (0, 7, 0x2D),
        (2, 1, 0x21),
        (2, 1, 0x27),
        (0, 1, 0x1C),
        (2, 4, 0x1B),
        (0, 5, 0x03),
        (2, 1, 0x01),
    ]
    .map(|(mouse, cats, value)| (mouse, cats, Some(value)));
    let end = scripted_game(3, &line);
    assert_eq!(
        end.winner(),
        Some(Side::Cats),
        "48 plies, then the mouse cannot move"
    );
}

#[test]
fn the_shortest_mouse_win_against_depth_one() {
    let line = [
        (0, 1),
        (1, 1),
        (1, 1),
        (1, 1),
        (1, 1),
        (3, 4),
        (3, 5),
        (3, 6),
        (1, 4),
        (0, 0),
        (1, 3),
        (0, 0),
    ]
    .map(|(mouse, cats)| (mouse, cats, None));
    let end = scripted_game(1, &line);
    let last = end.apply(Move::Mouse { dir: 0 }).expect("legal");
    assert_eq!(last.mouse().row(), 0);
    assert_eq!(last.winner(), Some(Side::Mouse));
}

/// The proof in small (tools/ryg-proof --search-only has the full report): every mouse
/// strategy from the start against the depth-3 search alone, as level 3 played before
/// its strategy table: never beaten, but not always the shortest win, so the mouse can
/// stretch the game to 48 plies. The figures are docs/ryg-ai.md's "before".
#[test]
fn every_mouse_strategy_loses_against_the_depth_3_search() {
    let solver = Solver::new();
    let proof = prove(&mut search_machine(), 3, &solver);
    assert_eq!(proof.mouse_wins, 0);
    assert_eq!(proof.threw_win, 0);
    assert_eq!((proof.mouse_positions, proof.cat_positions), (285, 344));
    assert_eq!((proof.optimal, proof.moves), (308, 344));
    assert_eq!(proof.lines.max_plies(), 48);
    assert_eq!(proof.from_table, 0);
    assert!(
        proof.max_cycles <= MOVE_BUDGET,
        "{} cycles",
        proof.max_cycles
    );
    check_game_lengths_in_docs(&proof, 1);
    check_figures_row_in_docs("3, search only (`--search-only`)", &proof);
    let line = proof_line(&proof);
    let worst = docs::thousands(u128::from(proof.max_cycles));
    assert!(
        docs::doc("ryg-ai.md").contains(&format!("needs up to {worst} cycles a move")),
        "docs/ryg-ai.md: the search needs up to {worst} cycles"
    );
    assert!(
        docs::doc("ryg-ai.md").contains(&format!("{line}\n")),
        "docs/ryg-ai.md shows `tools/ryg-proof --search-only`'s last line: {line}"
    );
}

/// C64 against C64 as a demo mode would play it: juegaRaton and juegaGatos take turns
/// on tableroActual with nothing else touching it.
#[test]
fn c64_against_c64_the_cats_win() {
    for mouse_depth in 1..=3u8 {
        let mut m = search_machine();
        let actual = sym("tableroActual");
        m.write(actual, &board_bytes(&Position::initial(), TURN_MOUSE));
        let mut p = Position::initial();
        let mut plies = 0;
        let winner = loop {
            let side = p.to_move();
            let depth = if side == Side::Mouse { mouse_depth } else { 3 };
            let want = decide_for(&p, depth, side);
            let got = call_ai(&mut m, depth, side);
            let Some(mv) = want.mv else {
                assert_eq!(got.mv, SIN_JUGADA);
                break side.opponent();
            };
            assert_eq!((got.mv, got.value), (mv, want.value), "ply {plies}");
            p = p.apply(move_of(side, mv)).expect("legal");
            plies += 1;
            let mut b = board(p.to_matrix());
            b.turn = p.to_move().turn_byte();
            b.value = got.value;
            assert_eq!(board_at(&m, actual), b.to_bytes().to_vec(), "ply {plies}");
            if let Some(winner) = p.winner() {
                break winner;
            }
        };
        assert_eq!(
            winner,
            Side::Cats,
            "mouse depth {mouse_depth}, {plies} plies"
        );
    }
}

/// Every row of docs/ryg-ai.md's figures table for the depths the everyday tests do not
/// prove (1, 2, 4, 5), on the program as shipped (the table switch on, unused at
/// these depths): about a minute on two cores.
#[test]
#[ignore = "every mouse strategy at depths 1, 2, 4 and 5; run with --ignored"]
fn the_figures_of_every_depth() {
    let rows = [
        (1u8, "1 (easy)"),
        (2, "2 (medium)"),
        (4, "4 (not offered)"),
        (5, "5 (not offered)"),
    ];
    let proofs: Vec<(&str, Proof)> = std::thread::scope(|s| {
        let halves: Vec<_> = [&rows[..2], &rows[2..]]
            .into_iter()
            .map(|half| {
                s.spawn(move || {
                    let solver = Solver::new();
                    half.iter()
                        .map(|&(depth, label)| (label, prove(&mut machine(), depth, &solver)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    });
    for (label, proof) in &proofs {
        check_figures_row_in_docs(label, proof);
    }
    let depth5 = &proofs[3].1;
    assert!(
        docs::doc("ryg-ai.md").contains(&format!(
            "depth 5 is over budget in {} positions",
            depth5.over_second
        )),
        "docs/ryg-ai.md: depth 5 over budget in {} positions",
        depth5.over_second
    );
}

/// The depth-3 mouse (the model of juegaRaton) against every choice of cat moves that
/// keep the shortest win: it never loses sooner than 26 plies nor later than 44 (as
/// docs/ryg-ai.md says); against some perfect cats it is caught before 44.
#[test]
fn the_depth_3_mouse_against_every_perfect_cat_strategy() {
    fn walk(
        p: Position,
        solver: &Solver,
        memo: &mut std::collections::HashMap<Position, (u32, u32)>,
    ) -> (u32, u32) {
        if p.is_over() {
            return (0, 0);
        }
        if let Some(&known) = memo.get(&p) {
            return known;
        }
        let (lo, hi) = match p.to_move() {
            Side::Mouse => {
                let mv = decide_for(&p, 3, Side::Mouse)
                    .mv
                    .expect("the mouse can move");
                let next = p.apply(move_of(Side::Mouse, mv)).expect("legal");
                walk(next, solver, memo)
            }
            Side::Cats => solver
                .best_moves(&p)
                .into_iter()
                .map(|mv| walk(p.apply(mv).expect("legal"), solver, memo))
                .fold((u32::MAX, 0), |(lo, hi), (a, b)| (lo.min(a), hi.max(b))),
        };
        memo.insert(p, (lo + 1, hi + 1));
        (lo + 1, hi + 1)
    }
    let solver = Solver::new();
    let mut memo = std::collections::HashMap::new();
    let (shortest, longest) = walk(Position::initial(), &solver, &mut memo);
    assert_eq!((shortest, longest), (26, 44));
    assert!(docs::doc("ryg-ai.md").contains("after 26 plies at the earliest"));
}
