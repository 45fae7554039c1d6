//! Test files: unit tests for 6502 code written as TOML (`*.test.toml`) instead of Rust,
//! run by `c64kit test` on this crate's harness (the same calls, mocks and checks as
//! from Rust). See docs/testing.md for the format.
//!
//! A [`Loader`] reads a file, assembles its program (once per sources and flags) and
//! evaluates its expressions with the assembler; [`run`] runs the chosen tests on all
//! cores, each from the program's fresh state, and gives an [`Outcome`] per test,
//! coverage and profiles; [`report`] writes them as text and as JUnit XML.

mod check;
mod diag;
mod eval;
mod exec;
mod parse;
mod plan;
pub mod report;
mod spec;
mod tail;
mod tree;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use c64emu::{Machine, RomSet, Snapshot};

use crate::build::{Build, Harness};
use crate::coverage::Coverage;
use crate::error::Error;
use crate::lcov::{merge_lcov, render_lcov};
use crate::profile::Profile;

pub use check::Failure;
pub use diag::{Diag, Diags, FileText, Place};
pub use parse::{DEFAULT_MAX_CYCLES, Roms};
pub use plan::Test;

/// Cycles the user's KERNAL gets to boot to BASIC's READY prompt.
const BOOT_CYCLES: u64 = 20_000_000;
/// Instructions shown from the end of a failed test's run.
const TAIL: usize = 12;

/// A loaded test file: its program, assembled, and its tests, ready to run.
pub struct Suite {
    /// The file as given.
    pub path: PathBuf,
    /// Its text, for messages.
    pub file: Arc<FileText>,
    /// The program.
    pub build: Build,
    /// Which ROMs its machine runs.
    pub roms: Roms,
    /// The tests, in file order (a table of cases gives one test per row).
    pub tests: Vec<Test>,
    /// Every file it read: itself, the program's sources and includes, data files.
    pub inputs: Vec<PathBuf>,
}

/// Parses 64tass's command-line flags into assembler options (the CLI's parser, so
/// test files take exactly what `c64kit build` takes).
pub type FlagParser<'a> = dyn Fn(&[String]) -> Result<c64asm::Options, String> + 'a;

/// Loads test files, assembling each program once for all the files that name the
/// same sources and flags.
pub struct Loader<'a> {
    flags: &'a FlagParser<'a>,
    builds: Vec<(Vec<PathBuf>, Vec<String>, Build, c64asm::Options)>,
}

impl<'a> Loader<'a> {
    /// A loader with `flags` to read `[program] flags`.
    pub fn new(flags: &'a FlagParser<'a>) -> Loader<'a> {
        Loader {
            flags,
            builds: Vec::new(),
        }
    }

    /// Reads, assembles and checks one test file.
    pub fn load(&mut self, path: &Path) -> Result<Suite, Error> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?;
        let file = Arc::new(FileText {
            name: path.display().to_string(),
            text,
        });
        let one = |d: Diag| Error::TestFile(Diags(vec![d]));
        let root = tree::parse(&file).map_err(one)?;
        let dir = path.parent().unwrap_or(Path::new(""));
        let spec = parse::suite(&root, dir).map_err(|d| Error::TestFile(Diags(d)))?;
        let program = &spec.program;
        let opts = (self.flags)(&program.flags).map_err(|e| {
            one(Diag::new(
                program.flags_place.clone(),
                format!("flags: {e}"),
            ))
        })?;
        // A source that cannot be read is the test file's mistake: say where it names it.
        let unreadable: Vec<Diag> = program
            .sources
            .iter()
            .filter_map(|(path, place)| {
                let e = std::fs::File::open(path).err()?;
                Some(Diag::new(
                    place.clone(),
                    format!("cannot read the source {}: {e}", path.display()),
                ))
            })
            .collect();
        if !unreadable.is_empty() {
            return Err(Error::TestFile(Diags(unreadable)));
        }
        let sources: Vec<PathBuf> = program.sources.iter().map(|s| s.0.clone()).collect();
        let (build, opts) = match self
            .builds
            .iter()
            .find(|b| b.0 == sources && b.1 == program.flags)
        {
            Some(b) => (b.2.clone(), b.3.clone()),
            None => {
                let p = c64asm::assemble_files(&sources, &opts).map_err(Error::Assembly)?;
                let build = Build::from_program(&sources[0].display().to_string(), p);
                self.builds
                    .push((sources, program.flags.clone(), build.clone(), opts.clone()));
                (build, opts)
            }
        };
        let values = eval::evaluate(&build.program, &opts, &spec.symbols, &spec.exprs)
            .map_err(|d| Error::TestFile(Diags(d)))?;
        let mut inputs = vec![path.to_path_buf()];
        inputs.extend(build.program.files().iter().cloned());
        let image = (
            build.program.load_address.min(0xFFFF) as u16,
            build.program.image.len(),
        );
        let tests = plan::tests(&spec, &values, &build.info, image, &mut inputs)
            .map_err(|d| Error::TestFile(Diags(d)))?;
        Ok(Suite {
            path: path.to_path_buf(),
            file,
            build,
            roms: program.roms,
            tests,
            inputs,
        })
    }
}

/// How a test ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every expectation held.
    Passed,
    /// Some did not.
    Failed,
    /// The test could not get to its call or run (a setup call that did not return,
    /// no user ROMs, a program without a SYS line).
    Error,
    /// Not run, for this reason.
    Skipped(String),
}

/// What happened to one test.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Passed, failed...
    pub status: Status,
    /// Cycles of the call or run, when it ended normally.
    pub cycles: Option<u64>,
    /// What failed.
    pub failures: Vec<Failure>,
    /// The last instructions run (failed tests).
    pub tail: Vec<String>,
    /// The registers at the end (failed tests).
    pub regs: Option<String>,
    /// Where a run that did not end was going round.
    pub looping: Option<String>,
    /// Time taken.
    pub time: Duration,
}

/// What to run and collect.
#[derive(Clone, Default)]
pub struct RunOptions {
    /// Threads (0: one per core).
    pub jobs: usize,
    /// Record coverage.
    pub coverage: bool,
    /// Profile each test's call or run.
    pub profile: bool,
    /// The user's ROMs, for files with `roms = "user"`.
    pub roms: Option<RomSet>,
}

/// Everything a run gives.
pub struct Results {
    /// (suite, test, outcome) for each test run, in the order asked.
    pub outcomes: Vec<(usize, usize, Outcome)>,
    /// LCOV of every program, merged per source file.
    pub lcov: Option<String>,
    /// Every test's profile, each under a frame named by the test.
    pub profile: Option<Profile>,
    /// Wall time of the whole run.
    pub time: Duration,
}

impl Results {
    /// (passed, failed, errors, skipped).
    pub fn counts(&self) -> (usize, usize, usize, usize) {
        let mut c = (0, 0, 0, 0);
        for (_, _, o) in &self.outcomes {
            match o.status {
                Status::Passed => c.0 += 1,
                Status::Failed => c.1 += 1,
                Status::Error => c.2 += 1,
                Status::Skipped(_) => c.3 += 1,
            }
        }
        c
    }
}

/// A test's outcome and its profile.
type Done = (Outcome, Option<Profile>);

/// A suite's machine in the state every test starts from.
struct Base {
    harness: Harness,
    snapshot: Snapshot,
}

fn base(suite: &Suite, opts: &RunOptions, coverage: Option<&Coverage>) -> Result<Base, String> {
    let mut harness = match suite.roms {
        Roms::Stub => suite.build.machine(),
        Roms::User => {
            let set = opts.roms.as_ref().ok_or(
                "this file runs on the user's ROMs (roms = \"user\"): give --roms DIR or set C64KIT_ROMS",
            )?;
            let mut m = Machine::with_roms(set);
            m.run_until_idle(BOOT_CYCLES).map_err(|s| {
                format!("the ROMs did not reach BASIC's READY prompt: {}", m.describe_stop(&s))
            })?;
            suite.build.load_into(m)
        }
    }
    .map_err(|e| e.to_string())?;
    if let Some(c) = coverage {
        harness.record_coverage(c);
    }
    let snapshot = harness.snapshot();
    Ok(Base { harness, snapshot })
}

/// Runs the tests `which` names ((suite, test) pairs) on `opts.jobs` threads.
pub fn run(suites: &[Suite], which: &[(usize, usize)], opts: &RunOptions) -> Results {
    let started = Instant::now();
    // One coverage total per program, shared by the files that test it.
    let mut totals: Vec<(Arc<c64asm::Program>, Coverage)> = Vec::new();
    let mut covs: Vec<Option<Coverage>> = Vec::new();
    for s in suites {
        let cov = opts.coverage.then(|| {
            match totals
                .iter()
                .find(|(p, _)| Arc::ptr_eq(p, &s.build.program))
            {
                Some((_, c)) => c.clone(),
                None => {
                    let c = Coverage::new(s.build.info.clone());
                    totals.push((s.build.program.clone(), c.clone()));
                    c
                }
            }
        });
        covs.push(cov);
    }
    let used: Vec<bool> = (0..suites.len())
        .map(|i| which.iter().any(|w| w.0 == i))
        .collect();
    let bases: Vec<Option<Result<Base, String>>> = suites
        .iter()
        .enumerate()
        .map(|(i, s)| used[i].then(|| base(s, opts, covs[i].as_ref())))
        .collect();
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, which.len().max(1));
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Done>>> = Mutex::new(vec![None; which.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut machines: HashMap<usize, Harness> = HashMap::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(si, ti)) = which.get(i) else {
                        break;
                    };
                    let suite = &suites[si];
                    let test = &suite.tests[ti];
                    let result = match &bases[si] {
                        Some(Ok(b)) => {
                            let h = machines.entry(si).or_insert_with(|| b.harness.clone());
                            one(h, b, test, opts.profile)
                        }
                        Some(Err(e)) => (error_outcome(test, e.clone()), None),
                        None => continue,
                    };
                    slots.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(result);
                }
            });
        }
    });
    drop(bases);
    let mut outcomes = Vec::new();
    let mut profiles = Vec::new();
    let slots = slots.into_inner().unwrap_or_else(|p| p.into_inner());
    for (&(si, ti), slot) in which.iter().zip(slots) {
        let Some((outcome, profile)) = slot else {
            continue;
        };
        if let Some(p) = profile {
            let name = format!(
                "{}: {}",
                suites[si].path.display(),
                suites[si].tests[ti].name
            );
            profiles.push((name.replace(';', ","), p));
        }
        outcomes.push((si, ti, outcome));
    }
    let lcov = opts.coverage.then(|| {
        let texts: Vec<String> = totals.iter().map(|(_, c)| c.lcov()).collect();
        match merge_lcov(texts.iter().map(String::as_str)) {
            Ok(files) => render_lcov(&files),
            Err(_) => texts.concat(),
        }
    });
    let profile = opts
        .profile
        .then(|| Profile::combine("c64kit test", profiles));
    Results {
        outcomes,
        lcov,
        profile,
        time: started.elapsed(),
    }
}

fn error_outcome(test: &Test, message: String) -> Outcome {
    Outcome {
        status: Status::Error,
        cycles: None,
        failures: vec![Failure::new(&test.place, message, "here".into())],
        tail: Vec::new(),
        regs: None,
        looping: None,
        time: Duration::ZERO,
    }
}

/// Runs one test from the base state; a failed one runs again to see its last moments.
fn one(h: &mut Harness, base: &Base, test: &Test, profile: bool) -> (Outcome, Option<Profile>) {
    if let Some(reason) = &test.skip {
        return (
            Outcome {
                status: Status::Skipped(reason.clone()),
                cycles: None,
                failures: Vec::new(),
                tail: Vec::new(),
                regs: None,
                looping: None,
                time: Duration::ZERO,
            },
            None,
        );
    }
    let t0 = Instant::now();
    h.restore(&base.snapshot);
    let (status, cycles, failures, profile, stop) = match exec::run(h, test, profile, Vec::new()) {
        Err(e) => {
            let f = Failure::new(&e.place, e.message, "setup".into());
            (Status::Error, None, vec![f], None, None)
        }
        Ok(ran) => {
            let failures = match check::stop(test, &ran, h) {
                Some(f) => vec![f],
                None => check::all(test, &ran, h),
            };
            let status = match failures.is_empty() {
                true => Status::Passed,
                false => Status::Failed,
            };
            (
                status,
                ran.end.clone().ok(),
                failures,
                ran.profile,
                ran.end.err(),
            )
        }
    };
    let time = t0.elapsed();
    let mut outcome = Outcome {
        status,
        cycles,
        failures,
        tail: Vec::new(),
        regs: None,
        looping: None,
        time,
    };
    if outcome.status != Status::Passed {
        again(base, test, &mut outcome, stop);
    }
    (outcome, profile)
}

/// Runs a failed test again with a ring of the addresses it runs: its last
/// instructions, its registers at the end, and the loop it was caught in.
fn again(base: &Base, test: &Test, outcome: &mut Outcome, stop: Option<c64emu::Stop>) {
    let mut h = base.harness.plain();
    h.restore(&base.snapshot);
    let (ring, pcs) = tail::PcRing::new();
    let _ = exec::run(&mut h, test, false, vec![ring]);
    let mut ring = pcs.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let mut r = h.regs();
    // After a BRK the KERNAL's handler ran: the program's story ends at the BRK.
    if let Some(c64emu::Stop::Brk { pc }) = stop
        && let Some(at) = ring.iter().rposition(|&(p, _)| p == pc)
    {
        ring.truncate(at + 1);
        r = ring[at].1;
    }
    let pcs: Vec<u16> = ring.iter().map(|&(pc, _)| pc).collect();
    let info = h.info().clone();
    // Caught in a loop: its instructions once, not the same ones over and over.
    let shown = match stop {
        Some(c64emu::Stop::CycleLimit) => tail::period(&pcs).map_or(TAIL, |p| p.min(TAIL)),
        _ => TAIL,
    };
    outcome.tail = tail::listing(&pcs, shown, &info);
    let flags: String = "NV-BDIZC"
        .chars()
        .enumerate()
        .map(|(i, c)| match r.p & (0x80 >> i) != 0 {
            true => c,
            false => c.to_ascii_lowercase(),
        })
        .collect();
    outcome.regs = Some(format!(
        "A=${:02X} X=${:02X} Y=${:02X} SP=${:02X} P={flags}",
        r.a, r.x, r.y, r.sp
    ));
    if stop == Some(c64emu::Stop::CycleLimit) {
        outcome.looping = tail::describe_loop(&pcs, &info);
    }
}
