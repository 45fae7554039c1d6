//! What `c64kit test` costs per test: 1,000 calls of a routine of 111 cycles, each from
//! the program's fresh state (memory and registers set, the call, its checks), as a
//! test file with a table of 1,000 cases gives them; on one thread and on two.
//!
//! `cargo bench -p c64harness --bench suite` prints the fastest and the median of 11
//! rounds of each (the machine is shared: the fastest round is the least disturbed), and what loading
//! the file costs (reading it, assembling the program, evaluating its expressions).
//! `... --bench suite -- --files DIR` only writes the program and the test file into
//! DIR, for timing `c64kit test` on them. tools/bench-ctest runs both, adds `c64kit
//! test`'s start-up and writes the figures docs/testing.md shows.

#[path = "shared/suite_file.rs"]
mod suite_file;

use std::time::{Duration, Instant};

use c64harness::suite::{self, Loader, RunOptions, Status};
use suite_file::{CASES, CYCLES};

const ROUNDS: usize = 11;

/// The fastest and the median of `v`.
fn best(v: impl Iterator<Item = Duration>) -> (Duration, Duration) {
    let mut v: Vec<Duration> = v.collect();
    v.sort();
    (v[0], v[v.len() / 2])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--files") {
        let dir = args.get(i + 1).expect("--files DIR");
        suite_file::write(dir.as_ref()).expect("write the benchmark's files");
        return;
    }
    let dir = std::env::temp_dir().join(format!("c64harness-bench-suite-{}", std::process::id()));
    let path = suite_file::write(&dir).expect("write the benchmark's files");
    let flags = |f: &[String]| match f.is_empty() {
        true => Ok(c64asm::Options::default()),
        false => Err("no flags in this benchmark".to_string()),
    };
    let load = best((0..ROUNDS).map(|_| {
        let t = Instant::now();
        Loader::new(&flags).load(&path).expect("the file loads");
        t.elapsed()
    }));
    let suites = [Loader::new(&flags).load(&path).expect("the file loads")];
    let which: Vec<(usize, usize)> = (0..CASES).map(|t| (0, t)).collect();
    let round = |jobs: usize| {
        let opts = RunOptions {
            jobs,
            ..RunOptions::default()
        };
        let t = Instant::now();
        let r = suite::run(&suites, &which, &opts);
        let time = t.elapsed();
        assert_eq!(r.outcomes.len(), CASES);
        for (_, ti, o) in &r.outcomes {
            if o.status != Status::Passed || o.cycles != Some(CYCLES) {
                panic!("{}", suite::report::failure(&suites[0], *ti, o));
            }
        }
        time
    };
    let (mut one, mut two) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        one.push(round(1));
        two.push(round(2));
    }
    let (one, two) = (best(one.into_iter()), best(two.into_iter()));
    println!(
        "load (read, assemble, evaluate {CASES} cases): fastest {:.2} ms, median {:.2} ms",
        ms(load.0),
        ms(load.1)
    );
    for (jobs, (fast, median)) in [(1, one), (2, two)] {
        println!(
            "{CASES} tests on {jobs} thread(s): fastest {:.2} ms, median {:.2} ms ({:.1} us a test)",
            ms(fast),
            ms(median),
            ms(fast) * 1e3 / CASES as f64
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
