//! The fastest-win cat strategy, its 6502 table, the count of the games it allows, and
//! the solver figures docs/solver.md gives.

mod common;

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use common::pos;
use rygsolve::{
    Lines, LinesError, Move, Position, Side, Solver, Square, Strategy, StrategyError,
    every_mouse_line, reachable,
};

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

fn fastest() -> &'static Strategy {
    static STRATEGY: OnceLock<Strategy> = OnceLock::new();
    STRATEGY.get_or_init(|| Strategy::fastest(solver(), &Position::initial()).expect("cats win"))
}

#[test]
fn the_fastest_strategy_from_the_start_answers_455_positions() {
    let s = fastest();
    assert_eq!(s.start(), Position::initial());
    assert_eq!((s.len(), s.cat_sets(), s.table_len()), (455, 152, 2126));
    assert!(!s.is_empty());
    // The same every time.
    let again = Strategy::fastest(solver(), &Position::initial()).expect("cats win");
    assert_eq!(&again, s);
    assert_eq!(again.to_asm(), s.to_asm());
}

#[test]
fn every_reply_keeps_the_shortest_win_and_every_mouse_line_is_answered() {
    let s = fastest();
    for (p, reply) in s.iter() {
        assert_eq!(p.to_move(), Side::Cats);
        assert_eq!(solver().outcome(p).plies, reply.plies);
        assert!(solver().best_moves(p).contains(&reply.mv), "{p:?}");
        // Every mouse reply to the move is answered again or ends the game.
        let after = p.apply(reply.mv).expect("legal");
        for (_, next) in after.children() {
            assert!(next.is_over() || s.reply(&next).is_some(), "{next:?}");
        }
    }
    // The reply does not depend on the turn byte of the question.
    let (p, reply) = s.iter().next().expect("one position");
    assert_eq!(s.reply(&p.with_to_move(Side::Mouse)), Some(*reply));
}

#[test]
fn against_the_fastest_strategy_every_game_ends_within_44_plies() {
    let s = fastest();
    let lines = every_mouse_line(&Position::initial(), |p| s.reply(p).map(|r| r.mv))
        .expect("a complete strategy");
    assert!(lines.mouse_wins.is_empty());
    assert_eq!((lines.min_plies(), lines.max_plies()), (14, 44));
    assert_eq!(lines.cat_positions, 455);
    assert_eq!(lines.games(), 430_997_739);
    assert_eq!(lines.cats_win.get(&44), Some(&52_527_018));
}

#[test]
fn cats_that_always_take_their_first_best_move_meet_872_positions() {
    let lines = every_mouse_line(&Position::initial(), |p| {
        solver().best_moves(p).first().copied()
    })
    .expect("a complete strategy");
    assert_eq!(lines.cat_positions, 872);
    assert_eq!(lines.max_plies(), 44);
    assert!(lines.mouse_wins.is_empty());
}

#[test]
fn a_strategy_needs_a_start_the_cats_win() {
    // The cats' only losing reply to the opening: the mouse wins from there.
    let lost = pos((6, 2), [(0, 0), (0, 4), (0, 6), (1, 1)], Side::Mouse);
    assert_eq!(solver().outcome(&lost).winner, Side::Mouse);
    assert_eq!(
        Strategy::fastest(solver(), &lost),
        Err(StrategyError::CatsDoNotWin)
    );
    // A finished game has nothing to answer.
    let trapped = pos((7, 1), [(0, 0), (0, 2), (6, 0), (6, 2)], Side::Mouse);
    assert!(trapped.is_over());
    assert!(Strategy::fastest(solver(), &trapped).is_err());
    assert!(!StrategyError::CatsDoNotWin.to_string().is_empty());
}

#[test]
fn a_strategy_can_start_with_the_cats_to_move() {
    let start = Position::initial()
        .apply(Move::Mouse { dir: 0 })
        .expect("legal");
    let s = Strategy::fastest(solver(), &start).expect("the cats win");
    assert_eq!(s.reply(&start).map(|r| r.plies), Some(43));
    let lines = every_mouse_line(&start, |p| s.reply(p).map(|r| r.mv)).expect("complete");
    assert_eq!(lines.max_plies(), 43);
}

/// Decodes the `.byte` lines of the 64tass source back into groups and entries.
fn decode(asm: &str) -> BTreeMap<Position, (u8, u8)> {
    let bytes: Vec<u8> = asm
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(".byte "))
        .flat_map(|l| {
            l.split(';')
                .next()
                .unwrap_or("")
                .split(',')
                .map(|b| b.trim().parse::<u8>().expect("a decimal byte"))
                .collect::<Vec<_>>()
        })
        .collect();
    let square = |offset: u8| {
        let m = offset - 24;
        Square::new(m / 8, m % 8).expect("dark")
    };
    let mut out = BTreeMap::new();
    let mut at = 0;
    while bytes[at] != 0 {
        let cats = [0, 1, 2, 3].map(|i| square(bytes[at + i]));
        let n = usize::from(bytes[at + 4]);
        for k in 0..n {
            let e = &bytes[at + 5 + 3 * k..at + 8 + 3 * k];
            let p = Position::new(square(e[0]), cats, Side::Cats).expect("a position");
            assert_eq!(p.cats(), cats, "cats in scan order");
            assert!(
                out.insert(p, (e[1], e[2])).is_none(),
                "one entry per position"
            );
        }
        at += 5 + 3 * n;
    }
    assert_eq!(at + 1, bytes.len(), "a final 0 ends the table");
    out
}

#[test]
fn the_table_source_decodes_back_to_the_strategy() {
    let s = fastest();
    let asm = s.to_asm();
    assert!(asm.starts_with("; TablaEstrategia.asm - GENERATED by tools/ryg-table"));
    assert!(asm.contains("\ntblEstrategia\n"));
    assert!(asm.ends_with("        .byte 0\n"));
    assert!(asm.contains("; 455 positions, 152 sets of cat squares, 2126 bytes."));
    let decoded = decode(&asm);
    assert_eq!(decoded.len(), s.len());
    for (p, reply) in s.iter() {
        assert_eq!(
            decoded.get(p),
            Some(&(reply.mv.number(), reply.plies as u8)),
            "{p:?}"
        );
    }
    // Groups by set of cats, each set once.
    let sets: HashSet<[Square; 4]> = decoded.keys().map(|p| p.cats()).collect();
    assert_eq!(sets.len(), s.cat_sets());
}

#[test]
fn every_mouse_line_counts_games_and_refuses_bad_answers() {
    // One cat move from the end: the mouse on (7,1) can only go to (6,0) or (6,2).
    let p = pos((6, 2), [(5, 1), (5, 3), (6, 0), (4, 4)], Side::Mouse);
    let lines = every_mouse_line(&p, |q| q.legal_moves().first().copied()).expect("answers");
    assert_eq!(
        lines.games(),
        lines
            .cats_win
            .values()
            .chain(lines.mouse_wins.values())
            .sum()
    );
    assert!(lines.max_plies() >= lines.min_plies());
    // No answer, or an illegal one, is an error naming the position.
    let none = every_mouse_line(&Position::initial(), |_| None);
    assert!(matches!(none, Err(LinesError::NoAnswer(q)) if q.to_move() == Side::Cats));
    let bad = every_mouse_line(&Position::initial(), |_| Some(Move::Cat { cat: 0, dir: 0 }));
    assert!(matches!(
        bad,
        Err(LinesError::IllegalMove(_, Move::Cat { cat: 0, dir: 0 }))
    ));
    assert!(bad.unwrap_err().to_string().contains("illegal"));
    // A finished start is one game of no plies.
    let over = pos((0, 0), [(1, 1), (1, 3), (1, 5), (1, 7)], Side::Cats);
    let lines = every_mouse_line(&over, |_| None).expect("nothing to answer");
    assert_eq!(lines.mouse_wins, BTreeMap::from([(0, 1)]));
    assert_eq!(
        lines,
        Lines {
            mouse_wins: BTreeMap::from([(0, 1)]),
            ..Lines::default()
        }
    );
}

/// The figures table of docs/solver.md (all but the timings, which the benchmark
/// measures) is what the solver computes.
#[test]
fn the_figures_in_docs_solver_md_are_the_solvers() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/solver.md");
    let text = std::fs::read_to_string(path).expect("docs/solver.md");
    let stats = reachable(&Position::initial());
    let first_best = every_mouse_line(&Position::initial(), |p| {
        solver().best_moves(p).first().copied()
    })
    .expect("complete");
    let s = fastest();
    let lines =
        every_mouse_line(&Position::initial(), |p| s.reply(p).map(|r| r.mv)).expect("complete");
    let n = |x: usize| {
        let digits = x.to_string();
        let mut out = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        out
    };
    let want = [
        format!(
            "| legal positions solved | {} (35,960 × 28 × 2) |",
            n(solver().legal_positions())
        ),
        format!(
            "| start position | **cats win in {} plies** (agrees with the known 44-ply perfect game) |",
            solver().outcome(&Position::initial()).plies
        ),
        format!(
            "| reachable from the start | {} positions: {} mouse to move, {} cats to move; {} finished with a mouse win, {} with a cats win |",
            n(stats.positions),
            n(stats.mouse_to_move),
            n(stats.cats_to_move),
            n(stats.mouse_wins),
            n(stats.cats_wins)
        ),
        format!(
            "| cats always playing their first best move, against every mouse line | {} cat-to-move positions, {} mouse-to-move |",
            n(first_best.cat_positions),
            n(first_best.mouse_positions)
        ),
        format!(
            "| `Strategy::fastest` (the level-3 table) | {} cat-to-move positions in {} sets of cat squares, {} bytes of table; every game lasts {} to {} plies |",
            n(s.len()),
            n(s.cat_sets()),
            n(s.table_len()),
            lines.min_plies(),
            lines.max_plies()
        ),
    ];
    for row in want {
        assert!(text.contains(&row), "docs/solver.md lacks the row\n{row}");
    }
}
