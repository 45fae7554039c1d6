//! `c64kit test`: run the unit tests of `*.test.toml` files (see docs/testing.md). The
//! engine is `c64harness::suite`; this module finds the files, reads the options,
//! prints the results and writes the reports (all of them or none, never over an input).
//!
//! Exit codes: 0 every test passed (or was skipped); 1 a test failed or could not run;
//! 2 the tests could not be run at all (bad command line, a test file or program with
//! errors, no test files); 3 a report could not be written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::{CommandFactory, FromArgMatches};

use c64emu::RomSet;
use c64harness::suite::{self, Loader, Results, RunOptions, Status, Suite, report};

use crate::console::{errln, outln};
use crate::output::Outputs;

const EXIT_FAILED: u8 = 1;
const EXIT_USAGE: u8 = 2;
const EXIT_OUTPUT: u8 = 3;
/// Environment variable naming the ROM directory when --roms is not given.
const ROMS_ENV: &str = "C64KIT_ROMS";

#[derive(clap::Args)]
pub struct Args {
    /// Test files, or directories to search for *.test.toml files [default: .]
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Run only the tests whose "file: name" contains this text (repeatable: any of them)
    #[arg(long, short = 'f', value_name = "TEXT")]
    pub filter: Vec<String>,
    /// List the tests (file:line: name) without running them
    #[arg(long)]
    pub list: bool,
    /// Print every test, not only the failed ones
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Write the results as JUnit XML (for CI)
    #[arg(long, value_name = "FILE.xml")]
    pub junit: Option<PathBuf>,
    /// Write LCOV coverage of the programs' sources (DA, FN/FNDA, BRDA), for genhtml
    #[arg(long, value_name = "FILE.lcov")]
    pub coverage: Option<PathBuf>,
    /// Profile each test's call or run: folded stacks to FILE (a frame per test), or a
    /// table of routines (calls, self, total cycles) on standard output with -
    #[arg(long, value_name = "FILE|-")]
    pub profile: Option<PathBuf>,
    /// Write the tests' profiles as an SVG flamegraph
    #[arg(long, value_name = "FILE.svg")]
    pub flamegraph: Option<PathBuf>,
    /// Threads running tests [default: one per core]
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Run again whenever a test file, a source or a data file changes (stop with Ctrl-C)
    #[arg(long)]
    pub watch: bool,
    /// Your C64 ROMs, for test files with roms = "user" [default: $C64KIT_ROMS]
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
}

/// 64tass's flags as a test file's `[program] flags` gives them.
#[derive(clap::Parser)]
#[command(
    name = "flags",
    no_binary_name = true,
    infer_long_args = true,
    disable_help_flag = true
)]
struct Flags {
    #[command(flatten)]
    asm: crate::build::AsmFlags,
}

/// The assembler options a test file's flags choose (the same parser as `build`'s).
fn parse_flags(flags: &[String]) -> Result<c64asm::Options, String> {
    let m = Flags::command()
        .try_get_matches_from(flags)
        .map_err(|e| first_line(&e.to_string()))?;
    let f = Flags::from_arg_matches(&m).map_err(|e| first_line(&e.to_string()))?;
    f.asm.options(&m)
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or("").trim();
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

pub fn main(args: Args) -> ExitCode {
    if !args.watch {
        return ExitCode::from(round(&args).0);
    }
    loop {
        let (_, inputs) = round(&args);
        outln!(
            "\nwatching {} file(s) for changes (Ctrl-C to stop)",
            inputs.len()
        );
        wait_for_change(&args, &inputs);
        outln!("");
    }
}

/// One run of everything: the exit code, and the files it read (for --watch).
fn round(args: &Args) -> (u8, Vec<PathBuf>) {
    let files = match discover(&args.paths) {
        Ok(f) => f,
        Err(e) => {
            errln!("error: {e}");
            return (EXIT_USAGE, Vec::new());
        }
    };
    let flags = parse_flags;
    let mut loader = Loader::new(&flags);
    let mut suites = Vec::new();
    let mut failed_loads = 0;
    let mut inputs: Vec<PathBuf> = files.clone();
    for f in &files {
        match loader.load(f) {
            Ok(s) => {
                inputs.extend(s.inputs.iter().cloned());
                suites.push(s);
            }
            Err(e) => {
                errln!("{e}\n");
                failed_loads += 1;
            }
        }
    }
    if failed_loads > 0 {
        errln!("error: {failed_loads} test file(s) could not be loaded; no test ran");
        return (EXIT_USAGE, inputs);
    }
    let which = select(&suites, &args.filter);
    if args.list {
        for &(si, ti) in &which {
            let t = &suites[si].tests[ti];
            outln!("{}: {}", t.place.location(), t.name);
        }
        return (0, inputs);
    }
    let roms = match load_roms(args, &suites) {
        Ok(r) => r,
        Err(e) => {
            errln!("error: {e}");
            return (EXIT_USAGE, inputs);
        }
    };
    // Reports are checked before anything runs: a bad path costs no run.
    let mut outputs = Outputs::new();
    for path in &inputs {
        outputs.input(path, "an input of the tests");
    }
    let opts = RunOptions {
        jobs: args.jobs.map_or(0, usize::from),
        coverage: args.coverage.is_some(),
        profile: args.profile.is_some() || args.flamegraph.is_some(),
        roms,
    };
    if let Some(p) = &args.profile
        && p.as_os_str() == "-"
        && let Err(e) = outputs.claim_stdout("--profile")
    {
        errln!("error: {e}");
        return (EXIT_USAGE, inputs);
    }
    let results = suite::run(&suites, &which, &opts);
    print_results(args, &suites, &results);
    let mut code = match results.counts() {
        (_, 0, 0, _) => 0,
        _ => EXIT_FAILED,
    };
    if let Err(e) = write_reports(args, &suites, &results, outputs) {
        errln!("error: {e}");
        code = EXIT_OUTPUT;
    }
    (code, inputs)
}

fn print_results(args: &Args, suites: &[Suite], results: &Results) {
    if args.verbose {
        outln!("{}", report::list(suites, results).trim_end());
    } else {
        let mut per_file: Vec<(usize, usize, usize)> = Vec::new();
        for (si, _, o) in &results.outcomes {
            if per_file.last().is_none_or(|l| l.0 != *si) {
                per_file.push((*si, 0, 0));
            }
            if let Some(last) = per_file.last_mut() {
                match o.status {
                    Status::Failed | Status::Error => last.2 += 1,
                    _ => last.1 += 1,
                }
            }
        }
        for (si, ok, bad) in per_file {
            let verdict = if bad == 0 { "ok" } else { "FAILED" };
            outln!(
                "{}: {} test(s), {verdict}{}",
                suites[si].path.display(),
                ok + bad,
                if bad > 0 {
                    format!(" ({bad} failed)")
                } else {
                    String::new()
                }
            );
        }
    }
    let failures = report::failures(suites, results);
    if !failures.is_empty() {
        outln!("\nfailures:\n{}", failures.trim_end());
    }
    outln!("\n{}", report::summary(results));
    let threads = match args.jobs {
        Some(j) => usize::from(j),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    outln!(
        "{} test(s) in {:.2} s on {} thread(s)",
        results.outcomes.len(),
        results.time.as_secs_f64(),
        threads.min(results.outcomes.len().max(1))
    );
}

fn write_reports(
    args: &Args,
    suites: &[Suite],
    results: &Results,
    mut outputs: Outputs,
) -> Result<(), String> {
    let e = |e: crate::output::OutputError| e.to_string();
    if let Some(path) = &args.junit {
        let xml = report::junit(
            suites,
            results,
            &report::timestamp_now(),
            &report::hostname(),
        );
        outputs.add(path, "--junit", xml.as_bytes()).map_err(e)?;
    }
    if let (Some(path), Some(lcov)) = (&args.coverage, &results.lcov) {
        outputs
            .add(path, "--coverage", lcov.as_bytes())
            .map_err(e)?;
    }
    if let Some(profile) = &results.profile {
        match &args.profile {
            Some(p) if p.as_os_str() == "-" => {
                outln!("\n{}", profile.table().trim_end());
            }
            Some(p) => outputs
                .add(p, "--profile", profile.folded().as_bytes())
                .map_err(e)?,
            None => {}
        }
        if let Some(path) = &args.flamegraph {
            let title = format!("c64kit test: {} cycles", profile.total_cycles());
            outputs
                .add_with(path, "--flamegraph", |w| profile.flamegraph(&title, w))
                .map_err(e)?;
        }
    }
    outputs.commit().map_err(|err| {
        let partial = match err.partial() {
            true => " (other reports were already written)",
            false => "",
        };
        format!("{err}{partial}")
    })
}

/// The (suite, test) pairs to run: all of them, or those whose "file: name" contains
/// one of the filters.
fn select(suites: &[Suite], filters: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (si, s) in suites.iter().enumerate() {
        for (ti, t) in s.tests.iter().enumerate() {
            let full = format!("{}: {}", s.path.display(), t.name);
            if filters.is_empty() || filters.iter().any(|f| full.contains(f.as_str())) {
                out.push((si, ti));
            }
        }
    }
    out
}

fn load_roms(args: &Args, suites: &[Suite]) -> Result<Option<RomSet>, String> {
    if !suites.iter().any(|s| s.roms == suite::Roms::User) {
        return Ok(None);
    }
    let dir = args.roms.clone().or_else(|| {
        std::env::var_os(ROMS_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    });
    match dir {
        Some(d) => RomSet::from_dir(&d).map(Some).map_err(|e| e.to_string()),
        // The files that need them report it per test (skipped, with the reason).
        None => Ok(None),
    }
}

/// The test files: files given as they are, directories searched for *.test.toml
/// (hidden directories and `target` left out), sorted.
fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let roots: Vec<PathBuf> = match paths.is_empty() {
        true => vec![PathBuf::from(".")],
        false => paths.to_vec(),
    };
    let mut out = Vec::new();
    for root in &roots {
        let meta = std::fs::metadata(root).map_err(|e| format!("{}: {e}", root.display()))?;
        if meta.is_file() {
            out.push(root.clone());
            continue;
        }
        let before = out.len();
        walk(root, &mut out).map_err(|e| format!("{}: {e}", root.display()))?;
        if out.len() == before {
            return Err(format!("no test files (*.test.toml) in {}", root.display()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let path = e.path();
        let kind = e.file_type()?;
        if kind.is_dir() {
            if !name.starts_with('.') && name != "target" {
                walk(&path, out)?;
            }
        } else if name.ends_with(".test.toml") {
            out.push(clean(&path));
        }
    }
    Ok(())
}

/// `./x` as `x`.
fn clean(path: &Path) -> PathBuf {
    path.strip_prefix(".")
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

/// Waits until a file of the last round changes or a test file appears or goes.
fn wait_for_change(args: &Args, inputs: &[PathBuf]) {
    let stamp = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let then: Vec<Option<SystemTime>> = inputs.iter().map(stamp).collect();
    let files = discover(&args.paths).unwrap_or_default();
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let now: Vec<Option<SystemTime>> = inputs.iter().map(stamp).collect();
        if now != then || discover(&args.paths).unwrap_or_default() != files {
            return;
        }
    }
}
