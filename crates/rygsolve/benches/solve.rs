//! Speed of the full solve, of reachability counting and of single look-ups.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rygsolve::random::{XorShift64, random_position};
use rygsolve::{Position, Solver, reachable};

fn full_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("rygsolve");
    group.sample_size(10);
    group.bench_function("solve all legal positions", |b| {
        b.iter(|| black_box(Solver::new()))
    });
    group.bench_function("reachable from the start", |b| {
        b.iter(|| black_box(reachable(&Position::initial())))
    });
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let solver = Solver::new();
    let mut rng = XorShift64::new(1);
    let positions: Vec<Position> = (0..1024).map(|_| random_position(&mut rng)).collect();
    c.bench_function("outcome of 1024 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| solver.outcome(black_box(p)).plies as u32)
                .sum::<u32>()
        })
    });
    c.bench_function("best moves of 1024 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| solver.best_moves(black_box(p)).len())
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, full_solve, lookups);
criterion_main!(benches);
