//! Minimax.asm: `juegaGatos` and `juegaRaton` searching, against the model: moves,
//! values, node counts, the tree boards, and what they may write.

use c64emu::{Machine, Regs};
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{Move, Position, Side};

use crate::common::ia::*;
use crate::common::*;
use crate::modelo::*;

#[test]
fn juega_gatos_reproduces_every_golden_decision() {
    let mut m = search_machine();
    let mut worst = 0;
    let mut total = 0;
    for (p, _, mv, value, nodes, evals) in vectors() {
        let got = run_ai(&mut m, &p, 3);
        assert_eq!(
            (got.mv, got.value, got.nodes, got.evals),
            (mv, value, nodes, evals),
            "decision in {p:?}"
        );
        worst = worst.max(got.cycles);
        total += got.cycles;
    }
    assert!(worst <= MOVE_BUDGET, "a depth-3 move took {worst} cycles");
    assert!(total > 0);
}

#[test]
fn juega_gatos_matches_the_model_on_random_positions_at_every_depth() {
    let mut m = search_machine();
    let mut rng = XorShift64::new(0x5259_4741);
    let mut checked = 0;
    while checked < 120 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Cats {
            continue;
        }
        for depth in 1..=4u8 {
            let want = decide(&p, depth);
            let got = run_ai(&mut m, &p, depth);
            assert_eq!(
                (got.mv, got.value, got.nodes, got.evals),
                (
                    want.mv.unwrap_or(SIN_JUGADA),
                    want.value,
                    want.nodes,
                    want.evals
                ),
                "depth {depth} in {p:?}"
            );
        }
        checked += 1;
    }
}

/// Checks every tree board against the model after one decision. Boards the call did
/// not make must still hold the fill pattern.
fn assert_tree(m: &Machine, p: &Position, depth: u8, want: &Decision) {
    for level in 0..=depth {
        let addr = tree_board(level);
        let bytes = board_at(m, addr);
        match &want.boards[level as usize] {
            None => assert!(
                bytes.iter().all(|&b| b == 0x5E),
                "board {level} was not made but changed"
            ),
            Some((pos, value, slots)) => {
                let turn = pos.to_move().turn_byte();
                let mut b = board(pos.to_matrix());
                b.level = level;
                b.turn = turn;
                b.value = *value;
                b.parent = if level == 0 { 0 } else { tree_board(level - 1) };
                for slot in 0..8 {
                    if slots & (1 << slot) != 0 {
                        b.children[slot] = tree_board(level + 1);
                    }
                }
                assert_eq!(
                    bytes,
                    b.to_bytes().to_vec(),
                    "board {level} at ${addr:04X} after the decision in {p:?}"
                );
            }
        }
    }
}

#[test]
fn tree_boards_hold_levels_turns_links_and_values() {
    let mut m = search_machine();
    let mut rng = XorShift64::new(88);
    let mut positions = vec![Position::initial().with_to_move(Side::Cats)];
    positions.extend(vectors().into_iter().step_by(7).map(|v| v.0));
    while positions.len() < 120 {
        let p = random_position(&mut rng);
        if p.to_move() == Side::Cats {
            positions.push(p);
        }
    }
    for p in positions {
        for depth in 1..=3u8 {
            let area = usize::from(depth + 1) * BOARD_LEN;
            m.write(tree_board(0), &vec![0x5E; 6 * BOARD_LEN]);
            let want = decide(&p, depth);
            run_ai(&mut m, &p, depth);
            assert_tree(&m, &p, depth, &want);
            // Nothing past the boards of this depth.
            assert!(
                m.read(tree_board(0) + area as u16, (6 * BOARD_LEN - area) as u16)
                    .iter()
                    .all(|&b| b == 0x5E)
            );
            assert_eq!(get_ptr(&m, "arbolLibre"), tree_board(depth + 1));
        }
    }
}

#[test]
fn the_root_links_every_legal_cat_move_and_keeps_the_first_lowest_value() {
    let mut m = search_machine();
    let start = Position::initial()
        .apply(Move::Mouse { dir: 0 })
        .expect("mouse to (6,2)");
    let got = run_ai(&mut m, &start, 3);
    assert_eq!((got.mv, got.value, got.nodes, got.evals), (1, 0x56, 63, 46));
    let root = board_at(&m, tree_board(0));
    assert_eq!(&root[..6], &[0xAA, 0xAA, 0xAA, 0, TURN_CATS, 0x56]);
    assert_eq!(&root[6..8], &[0, 0], "the root has no parent");
    // Row 0 cats: cat 0 can only go right (move 1); cats 1-3 both ways: moves 1..7.
    let child = tree_board(1).to_le_bytes();
    for slot in 0..8 {
        let link = &root[8 + 2 * slot..10 + 2 * slot];
        if slot == 0 {
            assert_eq!(link, &[0, 0], "move 0 is off the board");
        } else {
            assert_eq!(link, &child, "move {slot} was searched");
        }
    }
    // The level-1 board holds the last root child: cat 3 to (1,7).
    let level1 = board_at(&m, tree_board(1));
    assert_eq!(level1[3], 1);
    assert_eq!(level1[4], TURN_MOUSE);
    assert_eq!(&level1[6..8], &tree_board(0).to_le_bytes());
    assert_eq!(level1[24 + 8 + 7], CAT);
    assert_eq!(level1[24 + 6], EMPTY);
}

#[test]
fn juega_gatos_plays_on_tablero_actual_and_touches_only_its_areas() {
    let mut m = search_machine();
    let actual = sym("tableroActual");
    let mut rng = XorShift64::new(7);
    let allowed = ai_writable(3);
    let mut played = 0;
    while played < 40 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Cats || p.is_over() {
            continue;
        }
        m.write(actual, &board_bytes(&p, TURN_CATS));
        set(&mut m, "profundidad", 3);
        let regs = m.regs();
        m.set_regs(Regs {
            p: regs.p | FLAG_I,
            ..regs
        });
        let called = call_checked(&mut m, "juegaGatos");
        called.assert_only_changed("juegaGatos", &allowed);
        let want = decide(&p, 3);
        let mv = want.mv.expect("the cats can move");
        let after = play(&p, move_of(Side::Cats, mv)).expect("legal");
        let mut b = board(after.to_matrix());
        b.turn = TURN_MOUSE;
        b.value = want.value;
        assert_eq!(
            board_at(&m, actual),
            b.to_bytes().to_vec(),
            "tableroActual after {p:?}"
        );
        assert_eq!(get(&m, "jgGato"), mv / 2);
        assert_eq!(get(&m, "jgDireccion"), mv % 2);
        let cat = p.cats()[usize::from(mv / 2)];
        assert_eq!(get(&m, "jgDesde"), offset(cat));
        let to = p
            .destination(move_of(Side::Cats, mv))
            .expect("on the board");
        assert_eq!(get(&m, "jgHasta"), offset(to));
        played += 1;
    }
}

#[test]
fn juega_gatos_without_a_cat_move_or_a_position_changes_nothing_on_the_board() {
    let mut m = search_machine();
    let actual = sym("tableroActual");
    // Every cat blocked: cats on row 7.
    let mut blocked = board(matrix([
        "........", "........", "........", "...R....", "........", "........", "........",
        "G.G.G.G.",
    ]));
    blocked.turn = TURN_CATS;
    put_board(&mut m, actual, &blocked);
    call_checked(&mut m, "juegaGatos");
    assert_eq!(get(&m, "jgJugada"), SIN_JUGADA);
    assert_eq!(get(&m, "jgValor"), 0xFF);
    assert_eq!(get(&m, "jgNodosLo"), 0);
    assert_eq!(board_at(&m, actual), blocked.to_bytes().to_vec());
    // No mouse, and only three cats.
    for rows in [
        [
            "G.G.G.G.", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        [
            "G.G.G...", "........", "........", "........", "........", "........", "........",
            "...R....",
        ],
    ] {
        let mut b = board(matrix(rows));
        b.turn = TURN_CATS;
        put_board(&mut m, actual, &b);
        call_checked(&mut m, "juegaGatos");
        assert_eq!(get(&m, "jgJugada"), TABLERO_INVALIDO);
        assert_eq!(board_at(&m, actual), b.to_bytes().to_vec());
    }
}

#[test]
fn out_of_range_depths_mean_the_default() {
    let mut m = search_machine();
    let p = Position::initial()
        .apply(Move::Mouse { dir: 1 })
        .expect("legal");
    let want = run_ai(&mut m, &p, 3);
    for depth in [0u8, 6, 0x80, 0xFF] {
        let got = run_ai(&mut m, &p, depth);
        assert_eq!(got.mv, want.mv);
        assert_eq!(
            (got.value, got.nodes, got.evals),
            (want.value, want.nodes, want.evals)
        );
        assert_eq!(
            get(&m, "profundidad"),
            depth,
            "the setting itself is left alone"
        );
    }
}

/// Any bytes at all in tableroActual: juegaGatos returns, writes only its own areas and
/// either plays a cat (one $FF byte moves one row down) or reports it could not.
#[test]
fn juega_gatos_survives_arbitrary_boards() {
    let mut m = search_machine();
    let mut rng = XorShift64::new(0xBAD);
    let allowed = ai_writable(3);
    for _ in 0..300 {
        let bytes = arbitrary_board(&mut rng);
        let Some((from, to, after)) = cats_on_arbitrary_board(&mut m, &bytes, &allowed) else {
            continue;
        };
        assert!(to == from + 7 || to == from + 9, "one row down, diagonally");
        let changed: Vec<usize> = (0..BOARD_LEN).filter(|&i| after[i] != bytes[i]).collect();
        assert!(
            changed.iter().all(|&i| [from, to, 4, 5].contains(&i)),
            "{changed:?}"
        );
    }
}

#[test]
fn juega_raton_matches_the_model_with_the_mouse_at_the_root() {
    let mut m = search_machine();
    let mut rng = XorShift64::new(0x4D4F_5553);
    let actual = sym("tableroActual");
    let mut checked = 0;
    while checked < 80 {
        let p = random_position(&mut rng);
        if p.to_move() != Side::Mouse || p.is_over() {
            continue;
        }
        for depth in 1..=4u8 {
            m.write(tree_board(0), &vec![0x5E; 6 * BOARD_LEN]);
            let want = decide_for(&p, depth, Side::Mouse);
            let got = run_side(&mut m, &p, depth, Side::Mouse);
            let mv = want.mv.expect("the mouse can move");
            assert_eq!(
                (got.mv, got.value, got.nodes, got.evals),
                (mv, want.value, want.nodes, want.evals),
                "depth {depth} in {p:?}"
            );
            if depth <= 3 {
                assert_tree(&m, &p, depth, &want);
            }
            let after = p.apply(Move::Mouse { dir: mv }).expect("legal");
            let mut b = board(after.to_matrix());
            b.turn = TURN_CATS;
            b.value = want.value;
            assert_eq!(board_at(&m, actual), b.to_bytes().to_vec(), "tableroActual");
            assert_eq!(
                (get(&m, "jgDireccion"), get(&m, "jgGato")),
                (mv, 0xFF),
                "move fields"
            );
            assert_eq!(get(&m, "jgDesde"), offset(p.mouse()));
            assert_eq!(get(&m, "jgHasta"), offset(after.mouse()));
        }
        checked += 1;
    }
}

#[test]
fn juega_raton_without_a_mouse_move_changes_nothing_on_the_board() {
    let mut m = search_machine();
    let actual = sym("tableroActual");
    let trapped = board(matrix([
        "G.......", "........", "........", "........", "........", "G.......", ".G.G....",
        "..R.....",
    ]));
    let mut b = trapped;
    b.children[0] = 0x1234; // tableroActual's own links are left alone
    put_board(&mut m, actual, &b);
    let regs = m.regs();
    m.set_regs(Regs {
        p: regs.p | FLAG_I,
        ..regs
    });
    let called = call_checked(&mut m, "juegaRaton");
    called.assert_only_changed("juegaRaton", &ai_writable(3));
    assert_eq!(get(&m, "jgJugada"), SIN_JUGADA);
    assert_eq!(get(&m, "jgValor"), 0x00);
    assert_eq!(board_at(&m, actual), b.to_bytes().to_vec());
}

/// A deep search counts past 255 nodes and evaluations: the counters carry into their
/// high bytes (`jgNodosHi`, `jgEvalHi`), and the counts are still the model's.
#[test]
fn node_and_evaluation_counts_carry_into_their_high_bytes() {
    let mut m = search_machine();
    let p = Position::initial()
        .apply(Move::Mouse { dir: 1 })
        .expect("legal");
    let want = decide(&p, 5);
    assert!(want.nodes > 255 && want.evals > 255, "{want:?}");
    let got = run_ai(&mut m, &p, 5);
    assert_eq!(
        (Some(got.mv), got.value, got.nodes, got.evals),
        (want.mv, want.value, want.nodes, want.evals)
    );
}
