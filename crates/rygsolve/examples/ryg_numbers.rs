//! Prints the solved facts of RYG: solve time, reachable positions, the start's value,
//! the value of each cat reply to the mouse's first move, and one perfect game.
//!
//! `cargo run --release -p rygsolve --example ryg_numbers`

use std::collections::HashSet;
use std::time::Instant;

use rygsolve::{Position, Side, Solver, reachable};

fn main() {
    let started = Instant::now();
    let solver = Solver::new();
    let solve_time = started.elapsed();
    let start = Position::initial();
    println!("solve time (one run, see the bench for a measurement): {solve_time:?}");
    println!("legal positions solved: {}", solver.legal_positions());
    println!("reachable from the start: {:?}", reachable(&start));
    println!("start: {}", solver.outcome(&start));
    for (mouse_move, after_mouse, _) in solver.move_outcomes(&start) {
        let replies: Vec<String> = solver
            .move_outcomes(&after_mouse)
            .iter()
            .map(|(mv, _, outcome)| format!("{mv}: {outcome}"))
            .collect();
        println!("after {mouse_move}, cat replies: {}", replies.join("; "));
    }
    let (positions, cat_turns) = first_best_strategy_size(&solver, start);
    println!(
        "cats always playing their first best move, against every mouse line: \
         {positions} positions, {cat_turns} with the cats to move"
    );
    let line = solver.principal_variation(&start);
    let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
    println!(
        "a perfect game ({} plies): {}",
        line.len(),
        moves.join(", ")
    );
    let end = line.iter().try_fold(start, |p, &mv| p.apply(mv));
    if let Ok(end) = end {
        println!("{end}");
    }
}

/// Positions met when every mouse move is tried and the cats answer with their first
/// optimal move: the size of one complete winning strategy for the cats.
fn first_best_strategy_size(solver: &Solver, start: Position) -> (usize, usize) {
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    let mut cat_turns = 0;
    while let Some(position) = stack.pop() {
        let moves = match position.to_move() {
            Side::Mouse => position.legal_moves(),
            Side::Cats => solver.best_moves(&position).into_iter().take(1).collect(),
        };
        if position.to_move() == Side::Cats && !position.is_over() {
            cat_turns += 1;
        }
        for mv in moves {
            if let Ok(next) = position.apply(mv)
                && seen.insert(next)
            {
                stack.push(next);
            }
        }
    }
    (seen.len(), cat_turns)
}
