//! The solver: known results, consistency with the rules, and an independent search.

mod common;

use std::collections::HashMap;
use std::sync::OnceLock;

use common::pos;
use rygsolve::random::{XorShift64, random_game, random_position};
use rygsolve::{JudgeError, Move, Outcome, Position, ReachStats, Side, Solver, reachable};

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

/// Plain memoised minimax over the public `Position` API, sharing no code with the
/// solver's tables: the winner wins fastest, the loser holds out longest.
fn reference(position: Position, memo: &mut HashMap<Position, Outcome>) -> Outcome {
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let outcome = match position.winner() {
        Some(winner) => Outcome { winner, plies: 0 },
        None => {
            let me = position.to_move();
            let results: Vec<Outcome> = position
                .children()
                .into_iter()
                .map(|(_, next)| reference(next, memo))
                .collect();
            let fastest_win = results
                .iter()
                .filter(|o| o.winner == me)
                .map(|o| o.plies)
                .min();
            let slowest_loss = results.iter().map(|o| o.plies).max().unwrap_or(0);
            match fastest_win {
                Some(plies) => Outcome {
                    winner: me,
                    plies: plies + 1,
                },
                None => Outcome {
                    winner: me.opponent(),
                    plies: slowest_loss + 1,
                },
            }
        }
    };
    memo.insert(position, outcome);
    outcome
}

#[test]
fn cats_win_the_start_in_44_plies() {
    let start = Position::initial();
    assert_eq!(
        solver().outcome(&start),
        Outcome {
            winner: Side::Cats,
            plies: 44
        }
    );
    assert_eq!(solver().outcome(&start).to_string(), "cats win in 44 plies");
    // Both mouse moves lose equally slowly.
    assert_eq!(solver().best_moves(&start), start.mouse_moves());
    for (_, _, outcome) in solver().move_outcomes(&start) {
        assert_eq!(
            outcome,
            Outcome {
                winner: Side::Cats,
                plies: 43
            }
        );
    }
}

#[test]
fn only_one_cat_reply_to_the_opening_throws_the_win() {
    for (_, after_mouse, _) in solver().move_outcomes(&Position::initial()) {
        let replies = solver().move_outcomes(&after_mouse);
        assert_eq!(replies.len(), 7);
        for (mv, _, outcome) in replies {
            // Cat (0,2) stepping down-left to (1,1) opens the centre: the mouse wins in 11.
            let expected = if mv == (Move::Cat { cat: 1, dir: 0 }) {
                Outcome {
                    winner: Side::Mouse,
                    plies: 11,
                }
            } else {
                Outcome {
                    winner: Side::Cats,
                    plies: 42,
                }
            };
            assert_eq!(outcome, expected, "{mv}");
        }
    }
}

#[test]
fn a_perfect_game_is_44_plies_and_traps_the_mouse() {
    let start = Position::initial();
    let line = solver().principal_variation(&start);
    assert_eq!(line.len(), 44);
    let end = line
        .iter()
        .try_fold(start, |p, &mv| p.apply(mv))
        .expect("legal line");
    assert_eq!(end.winner(), Some(Side::Cats));
    assert_eq!(end.to_move(), Side::Mouse);
}

#[test]
fn reachable_positions_from_the_start() {
    let stats = reachable(&Position::initial());
    assert_eq!(
        stats,
        ReachStats {
            positions: 895_280,
            mouse_to_move: 421_493,
            cats_to_move: 473_787,
            mouse_wins: 58_219,
            cats_wins: 3_726,
        }
    );
}

#[test]
fn every_legal_position_is_solved() {
    // C(32,4) cat sets × 28 free squares for the mouse × 2 sides.
    assert_eq!(solver().legal_positions(), 35_960 * 28 * 2);
}

#[test]
fn independent_search_agrees_on_every_reachable_position() {
    let mut memo = HashMap::new();
    let start = reference(Position::initial(), &mut memo);
    assert_eq!(
        start,
        Outcome {
            winner: Side::Cats,
            plies: 44
        }
    );
    assert_eq!(
        memo.len(),
        895_280,
        "the search visits exactly the reachable positions"
    );
    for (position, outcome) in &memo {
        assert_eq!(solver().outcome(position), *outcome, "{position}");
    }
}

#[test]
fn finished_games_have_zero_plies() {
    let home = pos((0, 4), [(1, 1), (1, 3), (2, 6), (3, 7)], Side::Cats);
    assert_eq!(
        solver().outcome(&home),
        Outcome {
            winner: Side::Mouse,
            plies: 0
        }
    );
    let trapped = pos((7, 7), [(6, 6), (0, 0), (0, 2), (0, 4)], Side::Mouse);
    assert_eq!(
        solver().outcome(&trapped),
        Outcome {
            winner: Side::Cats,
            plies: 0
        }
    );
    let stuck = pos((3, 3), [(7, 1), (7, 3), (7, 5), (7, 7)], Side::Cats);
    assert_eq!(
        solver().outcome(&stuck),
        Outcome {
            winner: Side::Mouse,
            plies: 0
        }
    );
    assert!(solver().best_moves(&stuck).is_empty());
    assert!(solver().principal_variation(&stuck).is_empty());
}

#[test]
fn short_wins_are_found() {
    // The mouse on row 1 with a free square above wins at once.
    let escape = pos((1, 3), [(0, 0), (0, 2), (3, 5), (3, 7)], Side::Mouse);
    assert_eq!(
        solver().outcome(&escape),
        Outcome {
            winner: Side::Mouse,
            plies: 1
        }
    );
    assert_eq!(solver().best_moves(&escape), vec![Move::Mouse { dir: 1 }]);
    // Cats to move can close the last hole around a mouse in the corner.
    let closing = pos((7, 7), [(5, 5), (0, 0), (0, 2), (0, 4)], Side::Cats);
    assert_eq!(
        solver().outcome(&closing),
        Outcome {
            winner: Side::Cats,
            plies: 1
        }
    );
    assert_eq!(
        solver().best_moves(&closing),
        vec![Move::Cat { cat: 3, dir: 1 }]
    );
    // The mouse past every cat has won, however far from row 0.
    let free = pos((4, 4), [(5, 1), (5, 3), (6, 6), (7, 7)], Side::Cats);
    assert_eq!(solver().outcome(&free).winner, Side::Mouse);
}

#[test]
fn solved_values_obey_minimax_on_random_positions() {
    let mut rng = XorShift64::new(11);
    for _ in 0..2000 {
        let position = random_position(&mut rng);
        let value = solver().outcome(&position);
        let children = solver().move_outcomes(&position);
        if children.is_empty() {
            assert_eq!(value.plies, 0);
            assert_eq!(Some(value.winner), position.winner());
            continue;
        }
        let me = position.to_move();
        let best = children
            .iter()
            .map(|(_, _, o)| *o)
            .max_by_key(|o| {
                if o.winner == me {
                    (1, -i32::from(o.plies))
                } else {
                    (0, i32::from(o.plies))
                }
            })
            .expect("non-empty");
        assert_eq!(
            value,
            Outcome {
                winner: best.winner,
                plies: best.plies + 1
            },
            "{position}"
        );
        for mv in solver().best_moves(&position) {
            let next = position.apply(mv).expect("best move is legal");
            assert_eq!(solver().outcome(&next), best);
        }
    }
}

#[test]
fn judging_cat_moves() {
    let mut rng = XorShift64::new(3);
    let (mut kept, mut thrown, mut checked) = (0, 0, 0);
    while checked < 500 {
        let before = random_position(&mut rng);
        if before.to_move() != Side::Cats || before.is_over() {
            continue;
        }
        checked += 1;
        let value = solver().outcome(&before);
        for (mv, after, outcome) in solver().move_outcomes(&before) {
            let judgement = solver()
                .judge_cat_move(&before, &after)
                .expect("a cat move");
            assert_eq!(judgement.mv, mv);
            assert_eq!(judgement.before, value);
            assert_eq!(judgement.after, outcome);
            assert_eq!(
                solver().cats_keep_win(&before, &after),
                judgement.kept_win()
            );
            assert_eq!(
                judgement.kept_win(),
                value.winner == Side::Cats && outcome.winner == Side::Cats
            );
            assert_eq!(
                judgement.threw_win(),
                value.winner == Side::Cats && outcome.winner == Side::Mouse
            );
            assert_eq!(
                judgement.is_optimal(),
                solver().best_moves(&before).contains(&mv)
            );
            kept += usize::from(judgement.kept_win());
            thrown += usize::from(judgement.threw_win());
        }
    }
    assert!(kept > 0 && thrown > 0, "kept {kept}, thrown {thrown}");
}

#[test]
fn judging_refuses_what_is_not_a_cat_move() {
    let start = Position::initial();
    assert_eq!(
        solver().judge_cat_move(&start, &start),
        Err(JudgeError::NotCatsTurn)
    );
    assert!(!solver().cats_keep_win(&start, &start));
    let before = start.apply(Move::Mouse { dir: 0 }).expect("legal");
    assert_eq!(
        solver().judge_cat_move(&before, &before),
        Err(JudgeError::NoSuchMove)
    );
    let two_steps = before
        .apply(Move::Cat { cat: 0, dir: 1 })
        .and_then(|p| p.apply(Move::Mouse { dir: 0 }))
        .and_then(|p| p.apply(Move::Cat { cat: 0, dir: 1 }))
        .expect("legal");
    assert_eq!(
        solver().judge_cat_move(&before, &two_steps),
        Err(JudgeError::NoSuchMove)
    );
    let best = solver().best_moves(&before)[0];
    let after = before.apply(best).expect("legal");
    assert!(solver().cats_keep_win(&before, &after));
}

#[test]
fn random_mouse_never_beats_perfect_cats() {
    let mut rng = XorShift64::new(44);
    for _ in 0..200 {
        let mut position = Position::initial();
        while !position.is_over() {
            let mv = match position.to_move() {
                Side::Mouse => rng.pick(&position.legal_moves()),
                Side::Cats => solver().best_moves(&position).first().copied(),
            };
            position = position
                .apply(mv.expect("a move while the game is on"))
                .expect("legal");
        }
        assert_eq!(position.winner(), Some(Side::Cats));
    }
}

#[test]
fn random_games_end_as_the_solver_says_under_perfect_play_from_any_point() {
    let mut rng = XorShift64::new(8);
    for _ in 0..100 {
        let (positions, _) = random_game(&mut rng);
        for position in positions.iter().step_by(5) {
            let value = solver().outcome(position);
            let line = solver().principal_variation(position);
            assert_eq!(line.len(), usize::from(value.plies));
            let end = line
                .iter()
                .try_fold(*position, |p, &mv| p.apply(mv))
                .expect("legal line");
            assert_eq!(end.winner(), Some(value.winner));
        }
    }
}
