//! What coverage and profiling cost on one RYG cat move (juegaGatos searching at depth
//! 3, no strategy table, after the mouse's first move: 231,332 cycles): the same call on
//! a plain machine, on one recording coverage and on one being profiled, alternating
//! move by move in one run so all three see the same conditions.
//!
//! `cargo bench -p c64harness --bench observers` prints the fastest time of each and the
//! ratios to the plain run (docs/testing.md quotes them); an observer that does nothing
//! shows what the observed step loop itself costs.

use std::time::{Duration, Instant};

use c64emu::Snapshot;
use c64harness::{Build, Coverage, Harness, Profiler};
use rygsolve::Position;
use rygsolve::board::Board;

const ROUNDS: usize = 101;
const MOVES_PER_ROUND: usize = 1;
const BUDGET: u64 = 50_000_000;

/// One round: the cat move from the same start.
fn moves(h: &mut Harness, start: &Snapshot) -> Duration {
    let t = Instant::now();
    for _ in 0..MOVES_PER_ROUND {
        h.restore(start);
        h.call("juegaGatos", BUDGET).expect("juegaGatos returns");
    }
    t.elapsed()
}

/// The fastest round: the one least disturbed by other processes.
fn best(v: Vec<Duration>) -> Duration {
    v.into_iter().min().unwrap_or_default()
}

fn main() {
    let ryg = concat!(env!("CARGO_MANIFEST_DIR"), "/../../asm/RYG.asm");
    let build = Build::assemble(ryg).expect("RYG assembles");
    let mut plain = build.machine().expect("RYG loads");
    let p = Position::initial();
    let p = p.apply(p.mouse_moves()[0]).expect("a legal move");
    let board = plain.addr("tableroActual");
    plain.write(board, &Board::from_position(&p).to_bytes());
    let (depth, table) = (plain.addr("profundidad"), plain.addr("jgConTabla"));
    plain.poke(depth, 3);
    plain.poke(table, 0);
    let start = plain.snapshot();

    let mut covered = plain.clone();
    covered.record_coverage(&Coverage::new(build.info.clone()));
    let mut profiled = plain.clone();
    let mut idle = plain.clone();
    idle.set_observer(Some(Box::new(Nothing)));
    let mut d = Vec::new();
    let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        d.push(moves(&mut idle, &start));
        a.push(moves(&mut plain, &start));
        b.push(moves(&mut covered, &start));
        let (profiler, _) = Profiler::new(None, profiled.cycles());
        profiled.set_observer(Some(profiler));
        c.push(moves(&mut profiled, &start));
        profiled.set_observer(None);
    }
    let (a, b, c) = (best(a), best(b), best(c));
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let ratio = |d: Duration| d.as_secs_f64() / a.as_secs_f64();
    println!("{MOVES_PER_ROUND} cat move, fastest of {ROUNDS} rounds:");
    println!("  plain     {:8.2} ms", ms(a));
    println!("  coverage  {:8.2} ms  {:.2}x", ms(b), ratio(b));
    println!("  profile   {:8.2} ms  {:.2}x", ms(c), ratio(c));
    let d = best(d);
    println!(
        "  observer that does nothing {:8.2} ms  {:.2}x",
        ms(d),
        ratio(d)
    );
}

struct Nothing;
impl c64emu::Observer for Nothing {
    fn instruction(&mut self, _m: &c64emu::Machine, _pc: u16) {}
    fn clone_box(&self) -> Box<dyn c64emu::Observer> {
        Box::new(Nothing)
    }
}
