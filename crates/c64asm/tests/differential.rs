//! Property-based differential test of c64asm against the installed 64tass
//! (1.58), the judge: random but meaningful programs from the whole grammar
//! (see `differential/grammar`), assembled by both with the same switches
//! (`-a`, `-C`, `-B`, `-T` and the processor varied per batch); the bytes must be identical, or
//! both must reject the source. Many cases share one source, so 64tass runs
//! once per batch (see `differential/batch.rs`); a mismatch is narrowed down
//! to its case and minimized before it is shown.
//!
//! `cargo test -p c64asm --test differential` runs a quick fixed-seed check;
//! `cargo test -p c64asm --test differential -- --ignored` runs 100,000 cases.
//! Environment: `C64KIT_DIFF_CASES` (cases), `C64KIT_DIFF_SEED` (seed, decimal
//! or 0x hex), `C64KIT_DIFF_BATCH` (cases per source), `C64KIT_DIFF_JOBS`
//! (parallel workers), `C64KIT_DIFF_MINIMIZE` (mismatches minimized per
//! group), `C64KIT_DIFF_REPROS` (a directory to write minimized sources to),
//! `C64KIT_DIFF_DUMP` (a directory to write every batch source to),
//! `C64KIT_DIFF_FAMILY` (only one family of constructs, e.g. `macros`),
//! `C64KIT_DIFF_CPU` (every batch for one processor, by its `.cpu` name).
//! Without 64tass the tests fail, saying how to install it.

#[path = "differential/batch.rs"]
mod batch;
#[path = "differential/case.rs"]
mod case;
#[path = "differential/expr.rs"]
mod expr;
#[path = "differential/grammar/mod.rs"]
mod grammar;
#[path = "differential/judge.rs"]
mod judge;
#[path = "differential/report.rs"]
mod report;
#[path = "differential/rng.rs"]
mod rng;
#[path = "differential/selftest.rs"]
mod selftest;
#[path = "differential/shrink.rs"]
mod shrink;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use batch::Finding;
use judge::{Flags, Judge};
use rng::Rng;

const DEFAULT_SEED: u64 = 0x64_7a55;

/// Mismatches still known at the default seed: none. Cases where 64tass
/// contradicts itself are counted apart (see `batch::Batch::found`): a section
/// with a nested one moved to its `.dsection` under `.logical`, which 64tass
/// 1.58 leaves one pass short unless it writes a listing, losing a byte
/// (`64tass -L` gives c64asm's bytes; "Differences" in docs/assembler.md).
/// A ratchet: a run with more mismatches than this fails.
const KNOWN_QUICK: usize = 0;
const KNOWN_FULL: usize = 0;

fn check_budget(mismatches: usize, known: usize) {
    assert!(
        mismatches <= known,
        "c64asm and 64tass disagree on {mismatches} cases, more than the {known} known \
         (minimized sources above)"
    );
    if mismatches < known {
        println!("{mismatches} mismatches, fewer than the {known} known: lower the budget");
    }
}

struct Config {
    cases: usize,
    seed: u64,
    batch: usize,
    jobs: usize,
    minimize: usize,
    repros: Option<PathBuf>,
    dump: Option<PathBuf>,
    family: Option<&'static str>,
    cpu: Option<c64asm::Cpu>,
}

fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim().replace('_', "");
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

impl Config {
    fn from_env(default_cases: usize) -> Config {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            cases: env_number("C64KIT_DIFF_CASES").map_or(default_cases, |n| n as usize),
            seed: env_number("C64KIT_DIFF_SEED").unwrap_or(DEFAULT_SEED),
            batch: env_number("C64KIT_DIFF_BATCH").map_or(250, |n| n.max(1) as usize),
            jobs: env_number("C64KIT_DIFF_JOBS").map_or(cpus.min(2), |n| n.max(1) as usize),
            minimize: env_number("C64KIT_DIFF_MINIMIZE").map_or(3, |n| n as usize),
            repros: std::env::var_os("C64KIT_DIFF_REPROS").map(PathBuf::from),
            dump: std::env::var_os("C64KIT_DIFF_DUMP").map(PathBuf::from),
            cpu: std::env::var("C64KIT_DIFF_CPU").ok().map(|name| {
                c64asm::Cpu::from_name(&name)
                    .unwrap_or_else(|| panic!("C64KIT_DIFF_CPU={name}: not a .cpu name"))
            }),
            family: std::env::var("C64KIT_DIFF_FAMILY").ok().map(|name| {
                grammar::FAMILIES
                    .iter()
                    .map(|(_, f)| *f)
                    .chain([grammar::TASM])
                    .find(|f| *f == name)
                    .unwrap_or_else(|| {
                        panic!(
                            "C64KIT_DIFF_FAMILY={name}: not one of {:?}",
                            grammar::FAMILIES
                        )
                    })
            }),
        }
    }
}

/// The switches of a batch: 64tass's default most often, the others as
/// real projects use them.
fn batch_flags(rng: &mut Rng) -> Flags {
    let (ascii, case_sensitive, long_branch, illegal) = rng.weighted(&[
        (40, (false, false, false, false)),
        (15, (true, false, false, false)),
        (12, (false, true, false, false)),
        (15, (true, true, false, false)),
        (8, (false, false, true, false)),
        (7, (false, false, false, true)),
        (3, (true, true, true, true)),
    ]);
    Flags {
        ascii,
        case_sensitive,
        long_branch,
        cpu: if illegal {
            c64asm::Cpu::M6502i
        } else {
            c64asm::Cpu::M6502
        },
        tasm: false,
    }
}

/// The cases of batch `n`: the same for a seed whatever the machine or the number of workers.
fn batch_cases(
    seed: u64,
    n: usize,
    count: usize,
    first_id: usize,
    only: Option<&'static str>,
    cpu: Option<c64asm::Cpu>,
) -> (Flags, Vec<case::Case>) {
    let mut rng = Rng::fork(seed, n as u64);
    let mut flags = batch_flags(&mut rng);
    if let Some(cpu) = cpu {
        flags.cpu = cpu;
    }
    // One 6502 batch in seven is for a 65C02 of one maker or another (by
    // the batch's number: the draws, and so the other batches, stay as
    // they were).
    if flags.cpu == c64asm::Cpu::M6502 && n % 7 == 3 {
        flags.cpu = [
            c64asm::Cpu::M65C02,
            c64asm::Cpu::R65C02,
            c64asm::Cpu::W65C02,
        ][n / 7 % 3];
    }
    // And one in seven for a processor past the 65C02, each in turn.
    if flags.cpu == c64asm::Cpu::M6502 && n % 7 == 5 {
        flags.cpu = [
            c64asm::Cpu::M65816,
            c64asm::Cpu::M65CE02,
            c64asm::Cpu::M65EL02,
            c64asm::Cpu::M65DTV02,
            c64asm::Cpu::M4510,
        ][n / 7 % 5];
    }
    // One batch in thirteen reads TASM's syntax (`-T`), or every batch when
    // only that family is asked for.
    flags.tasm = only.map_or(n % 13 == 6, |f| f == grammar::TASM);
    let cases = (0..count)
        .map(|k| grammar::case(&mut rng, flags, (first_id + k) as u64, only))
        .collect();
    (flags, cases)
}

#[derive(Default)]
struct Totals {
    both_rejected: usize,
    timeouts: usize,
    self_contradicting: Vec<String>,
    unchecked: usize,
    runs_64tass: u64,
    runs_ours: u64,
    time_64tass: f64,
    time_ours: f64,
    findings: Vec<(usize, Finding)>,
}

/// `C64KIT_DIFF_DUMP`: the batch source as the assemblers see it.
fn dump_batch(dir: &Path, n: usize, flags: Flags, cases: &[case::Case]) {
    let text = case::render(&cases.iter().collect::<Vec<_>>(), case::Wrap::Isolated).text;
    std::fs::create_dir_all(dir).expect("dump directory");
    let text = format!("; 64tass: {}\n{text}", flags.describe());
    std::fs::write(dir.join(format!("batch-{n}.asm")), text).expect("write a batch source");
}

/// Run the cases; print what was done and every kind of mismatch
/// (minimized); return how many cases failed.
fn run(config: &Config) -> usize {
    let start = Instant::now();
    let batches = config.cases.div_ceil(config.batch);
    let next = AtomicUsize::new(0);
    let totals = Mutex::new(Totals::default());
    std::thread::scope(|s| {
        for worker in 0..config.jobs {
            let (next, totals) = (&next, &totals);
            s.spawn(move || {
                let mut judge = Judge::new(worker);
                let mut mine = Totals::default();
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= batches {
                        break;
                    }
                    let first = n * config.batch;
                    let count = config.batch.min(config.cases - first);
                    let (flags, cases) =
                        batch_cases(config.seed, n, count, first, config.family, config.cpu);
                    if let Some(dir) = &config.dump {
                        dump_batch(dir, n, flags, &cases);
                    }
                    let (findings, stats) = batch::check(&mut judge, &cases, flags);
                    mine.both_rejected += stats.both_rejected;
                    mine.timeouts += stats.timeouts;
                    mine.self_contradicting.extend(stats.self_contradicting);
                    mine.unchecked += stats.unchecked;
                    mine.findings.extend(findings.into_iter().map(|f| (n, f)));
                }
                let mut t = totals.lock().unwrap();
                t.both_rejected += mine.both_rejected;
                t.timeouts += mine.timeouts;
                t.self_contradicting.extend(mine.self_contradicting);
                t.unchecked += mine.unchecked;
                t.runs_64tass += judge.runs_64tass;
                t.runs_ours += judge.runs_ours;
                t.time_64tass += judge.time_64tass.as_secs_f64();
                t.time_ours += judge.time_ours.as_secs_f64();
                t.findings.extend(mine.findings);
            });
        }
    });
    let mut totals = totals.into_inner().unwrap();
    totals.findings.sort_by_key(|(n, f)| (*n, f.cases[0].id));
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "differential: {} cases in {batches} batches (seed {:#x}, {} per batch, {} workers) in {elapsed:.1} s, \
         {:.0} cases/s; 64tass ran {} times ({:.1} s), c64asm {} times ({:.1} s); \
         {} cases rejected by both, {} timeouts, {} unchecked, {} mismatches; \
         {} cases where 64tass contradicts its own listing (`-L` gives c64asm's bytes)",
        config.cases,
        config.seed,
        config.batch,
        config.jobs,
        config.cases as f64 / elapsed,
        totals.runs_64tass,
        totals.time_64tass,
        totals.runs_ours,
        totals.time_ours,
        totals.both_rejected,
        totals.timeouts,
        totals.unchecked,
        totals.findings.len() - totals.timeouts,
        totals.self_contradicting.len(),
    );
    if let Some(first) = totals.self_contradicting.first() {
        println!("the first where 64tass contradicts its listing:\n{first}");
    }
    println!("judge: {}", judge::version());
    report::report(&totals.findings, config.minimize, config.repros.as_deref());
    // Timeouts are among the findings; cases a batch couldn't settle count too.
    totals.findings.len() + totals.unchecked
}

#[test]
fn quick_differential_against_64tass() {
    // Fixed cases and seed; the other settings may come from the environment.
    let config = Config {
        cases: 3000,
        seed: DEFAULT_SEED,
        family: None,
        cpu: None,
        ..Config::from_env(3000)
    };
    check_budget(run(&config), KNOWN_QUICK);
}

#[test]
#[ignore = "heavy: 100,000 generated cases against 64tass (CI runs it)"]
fn differential_against_64tass() {
    let config = Config::from_env(100_000);
    check_budget(run(&config), KNOWN_FULL);
}

#[test]
fn generation_is_deterministic_and_cases_map_to_their_lines() {
    let (f1, a) = batch_cases(7, 3, 50, 150, None, None);
    let (f2, b) = batch_cases(7, 3, 50, 150, None, None);
    assert_eq!(f1, f2);
    let ra = case::render(&a.iter().collect::<Vec<_>>(), case::Wrap::Isolated);
    let rb = case::render(&b.iter().collect::<Vec<_>>(), case::Wrap::Isolated);
    assert_eq!(ra.text, rb.text);
    let lines: Vec<&str> = ra.text.lines().collect();
    for (k, &(first, last)) in ra.ranges.iter().enumerate() {
        assert!(
            lines[first - 1].starts_with(" .logical"),
            "case {k} starts at line {first}"
        );
        assert_eq!(lines[last - 1], " .here", "case {k} ends at line {last}");
        assert_eq!(ra.case_at(first), Some(k));
    }
    let families: std::collections::BTreeSet<&str> = (0..40)
        .flat_map(|n| batch_cases(1, n, 50, 0, None, None).1)
        .map(|c| c.family)
        .collect();
    // The weighted families, and the `-T` batches' own.
    assert_eq!(
        families.len(),
        grammar::FAMILIES.len() + 1,
        "every family is generated: {families:?}"
    );
}
