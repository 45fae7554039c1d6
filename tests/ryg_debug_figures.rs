//! The figures of docs/debugging.md, measured through DAP on RYG and checked against
//! the page (`cargo test --release --test ryg_debug_figures -- --ignored --nocapture`
//! prints them):
//!
//! - breakpoint accuracy: every line of RYG that the test suite's coverage shows
//!   executed (`c64kit test asm/tests --coverage F.lcov`) gets a DAP breakpoint; every
//!   call the suite makes is run again under `c64kit debug`'s session, from the
//!   machine the test called it on; each stop must have the PC at the line's first
//!   byte and the top frame on the line;
//! - 100 launches of RYG with a breakpoint on its first instruction: none runs past;
//! - `next` on RYG's main loop (`partidaJuego`'s round, in a level-1 demo): the p95
//!   of the time from the request to the stop;
//! - the history `reverseContinue` goes back through, and the memory it takes.

mod cli_support;
mod dap_support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dap_support::{Dap, pc_of};
use serde_json::{Value, json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// (file, line) -> the first byte of each run of code the line wrote (c64asm's map).
type CodeLines = BTreeMap<(PathBuf, u32), BTreeSet<u16>>;

fn ryg() -> PathBuf {
    Path::new(ROOT).join("asm/RYG.asm")
}

fn code_lines() -> CodeLines {
    let program = c64asm::assemble(ryg()).expect("RYG assembles");
    let dir = Path::new(ROOT).join("asm");
    let mut out = CodeLines::new();
    for l in program
        .source_lines()
        .iter()
        .filter(|l| l.code && l.len > 0)
    {
        let name = Path::new(program.file_name(l));
        let path = if name.exists() {
            name.to_path_buf()
        } else {
            dir.join(name)
        };
        out.entry((std::fs::canonicalize(&path).unwrap(), l.line))
            .or_default()
            .insert(l.pc as u16);
    }
    out
}

/// The lines the suite executed, from `c64kit test asm/tests --coverage`.
fn executed_lines() -> BTreeSet<(PathBuf, u32)> {
    let tmp = cli_support::TempDir::new("ryg-debug-figures");
    let lcov = tmp.path("suite.lcov");
    let out = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(["test", "asm/tests", "--coverage"])
        .arg(&lcov)
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&lcov).unwrap();
    let mut file = PathBuf::new();
    let mut lines = BTreeSet::new();
    for l in text.lines() {
        if let Some(f) = l.strip_prefix("SF:") {
            let p = Path::new(ROOT).join(f);
            file = std::fs::canonicalize(&p).unwrap_or(p);
        } else if let Some(da) = l.strip_prefix("DA:") {
            let (line, count) = da.split_once(',').unwrap();
            let count: u64 = count.split(',').next().unwrap().parse().unwrap();
            if count > 0 {
                lines.insert((file.clone(), line.parse().unwrap()));
            }
        }
    }
    lines
}

/// What the accuracy run has found so far.
#[derive(Default)]
struct Accuracy {
    /// Lines still armed, per file.
    armed: BTreeMap<PathBuf, BTreeSet<u32>>,
    reached: usize,
    right: usize,
    wrong: Vec<String>,
    calls: usize,
}

/// Arm one file's remaining lines; id -> line.
fn arm(dap: &mut Dap, file: &Path, lines: &BTreeSet<u32>) -> BTreeMap<u64, u32> {
    let list: Vec<Value> = lines.iter().map(|l| json!({ "line": l })).collect();
    let r = dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": file.display().to_string() }, "breakpoints": list }),
    );
    let mut ids = BTreeMap::new();
    for (bp, &line) in r["breakpoints"].as_array().unwrap().iter().zip(lines) {
        assert_eq!(bp["verified"], true, "{}:{line}: {bp}", file.display());
        assert_eq!(bp["line"], line, "{}:{line} moved: {bp}", file.display());
        ids.insert(bp["id"].as_u64().unwrap(), line);
    }
    ids
}

/// Run one call of the suite under a DAP session in this process, with every line
/// not reached yet armed.
fn debug_call(site: c64harness::CallSite, code: &CodeLines, acc: &mut Accuracy) {
    acc.calls += 1;
    if acc.armed.values().all(BTreeSet::is_empty) {
        return;
    }
    let path = PathBuf::from(&site.name);
    let info = c64debug::DebugInfo::from_program(&site.program, &path);
    let target = c64debug::Loaded::around(site.machine, info, &path);
    let (from_server, to_client) = std::io::pipe().unwrap();
    let (from_client, to_server) = std::io::pipe().unwrap();
    let server = std::thread::spawn(move || {
        c64debug::serve_attached(
            from_client,
            to_client,
            c64debug::Config::default(),
            target,
            None,
        )
        .map(|_| ())
    });
    let mut dap = Dap::over(from_server, to_server);
    dap.ok("initialize", json!({ "adapterID": "c64kit" }));
    dap.ok("attach", json!({}));
    dap.event("initialized");
    let mut owner: BTreeMap<u64, (PathBuf, u32)> = BTreeMap::new();
    for (file, lines) in &acc.armed {
        for (id, line) in arm(&mut dap, file, lines) {
            owner.insert(id, (file.clone(), line));
        }
    }
    dap.ok("configurationDone", json!({}));
    loop {
        let Some(m) = dap.event_within(&["stopped", "terminated"], Duration::from_secs(60)) else {
            panic!("call of {}: no stop and no end in 60 s", site.routine);
        };
        if m["event"] == "terminated" {
            break;
        }
        let body = &m["body"];
        if body["reason"] != "breakpoint" {
            panic!("call of {}: stopped for {body}", site.routine);
        }
        let id = body["hitBreakpointIds"][0].as_u64().unwrap();
        let (file, line) = owner[&id].clone();
        let st = dap.ok("stackTrace", json!({ "threadId": 1, "levels": 1 }));
        let top = &st["stackFrames"][0];
        let pc = pc_of(top);
        acc.reached += 1;
        let on_line = top["line"] == line && top["source"]["path"] == file.display().to_string();
        if code[&(file.clone(), line)].contains(&pc) && on_line {
            acc.right += 1;
        } else {
            acc.wrong.push(format!(
                "{}:{line}: PC ${pc:04X}, frame {top}",
                file.display()
            ));
        }
        let lines = acc.armed.get_mut(&file).unwrap();
        lines.remove(&line);
        owner.retain(|_, (f, _)| *f != file);
        for (id, l) in arm(&mut dap, &file, lines) {
            owner.insert(id, (file.clone(), l));
        }
        dap.ok("continue", json!({ "threadId": 1 }));
    }
    dap.ok("disconnect", json!({}));
    drop(dap);
    server.join().unwrap().unwrap();
}

/// (right, reached, executed): the suite's calls replayed under DAP.
fn breakpoint_accuracy() -> (usize, usize, usize) {
    let code = Arc::new(code_lines());
    let executed = executed_lines();
    let mut acc = Accuracy::default();
    for (file, line) in &executed {
        assert!(
            code.contains_key(&(file.clone(), *line)),
            "{}:{line} executed but has no code",
            file.display()
        );
        acc.armed.entry(file.clone()).or_default().insert(*line);
    }
    let acc = Arc::new(Mutex::new(acc));
    {
        let (acc, code) = (Arc::clone(&acc), Arc::clone(&code));
        c64harness::watch_calls(Some(Box::new(move |site| {
            debug_call(site, &code, &mut acc.lock().unwrap());
        })));
    }
    let flags = |_: &[String]| Ok(c64asm::Options::default());
    let mut loader = c64harness::suite::Loader::new(&flags);
    let mut suites = Vec::new();
    for f in ["ai", "boards", "moves"] {
        let path = Path::new(ROOT).join(format!("asm/tests/{f}.test.toml"));
        suites.push(loader.load(&path).unwrap_or_else(|e| panic!("{e}")));
    }
    let which: Vec<(usize, usize)> = suites
        .iter()
        .enumerate()
        .flat_map(|(si, s)| (0..s.tests.len()).map(move |ti| (si, ti)))
        .collect();
    let opts = c64harness::suite::RunOptions {
        jobs: 1,
        coverage: false,
        profile: false,
        roms: None,
    };
    let results = c64harness::suite::run(&suites, &which, &opts);
    c64harness::watch_calls(None);
    let (_, failed, errors, _) = results.counts();
    assert_eq!((failed, errors), (0, 0), "the suite passes");
    let acc = acc.lock().unwrap();
    assert!(
        acc.wrong.is_empty(),
        "{} wrong stops:\n{}",
        acc.wrong.len(),
        acc.wrong.join("\n")
    );
    let missed: Vec<String> = acc
        .armed
        .iter()
        .flat_map(|(f, ls)| ls.iter().map(move |l| format!("{}:{l}", f.display())))
        .collect();
    eprintln!(
        "{} calls replayed; {} lines executed by the suite not reached under DAP: {:?}",
        acc.calls,
        missed.len(),
        missed.iter().take(20).collect::<Vec<_>>()
    );
    (acc.right, acc.reached, executed.len())
}

/// Launches of RYG with a breakpoint on its first instruction that stopped there.
fn first_instruction_launches(n: usize) -> usize {
    let file = std::fs::canonicalize(ryg()).unwrap().display().to_string();
    let mut stopped = 0;
    for _ in 0..n {
        let mut dap = Dap::start(&[]);
        dap.launch(json!({ "program": file, "keys": "d{RETURN}" }));
        // Line 33: inicio's first instruction (jsr inicializaArbol).
        dap.ok(
            "setBreakpoints",
            json!({ "source": { "path": file }, "breakpoints": [{ "line": 33 }] }),
        );
        dap.ok("configurationDone", json!({}));
        let s = dap.event("stopped");
        let (name, line, _) = dap.top();
        let v = dap.ok("variables", json!({ "variablesReference": 1 }));
        let cycles_ran = v["variables"][6]["value"].as_str().unwrap().to_string();
        if s["reason"] == "breakpoint" && name == "inicio" && line == 33 {
            stopped += 1;
        } else {
            eprintln!("ran past: {s} at {name}:{line}, cycles {cycles_ran}");
        }
        dap.finish();
    }
    stopped
}

/// `next` through RYG's round loop: (steps, p95 in ms, max in ms).
fn step_over_p95() -> (usize, f64, f64) {
    let juego = std::fs::canonicalize(Path::new(ROOT).join("asm/Juego.asm"))
        .unwrap()
        .display()
        .to_string();
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": ryg().display().to_string(), "keys": "1d{RETURN}" }));
    // partidaJuego's round: `_ronda jsr turnoRatonJuego`.
    dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": juego }, "breakpoints": [{ "line": 158 }] }),
    );
    dap.ok("configurationDone", json!({}));
    assert_eq!(dap.event("stopped")["reason"], "breakpoint");
    dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": juego }, "breakpoints": [] }),
    );
    let mut times = Vec::new();
    for _ in 0..300 {
        let t = Instant::now();
        dap.ok("next", json!({ "threadId": 1 }));
        let s = dap.event("stopped");
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(s["reason"], "step", "{s}");
        let st = dap.ok("stackTrace", json!({ "threadId": 1, "levels": 1 }));
        assert_eq!(st["stackFrames"][0]["source"]["path"], juego.as_str());
    }
    dap.finish();
    times.sort_by(f64::total_cmp);
    let p95 = times[times.len() * 95 / 100];
    (times.len(), p95, *times.last().unwrap())
}

/// The adapter's resident memory in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// (cycles back, the memory the history took in MiB): RYG's demo runs for 3 seconds
/// (many more emulated ones), then `reverseContinue` with no breakpoint goes to the
/// history's start.
fn history() -> (u64, f64) {
    let mut dap = Dap::start(&[]);
    dap.launch(
        json!({ "program": ryg().display().to_string(), "keys": "d{RETURN}", "stopOnEntry": true }),
    );
    dap.ok("configurationDone", json!({}));
    dap.event("stopped");
    let before = rss_kib(dap.pid().unwrap());
    dap.ok("continue", json!({ "threadId": 1 }));
    std::thread::sleep(Duration::from_secs(3));
    dap.ok("pause", json!({ "threadId": 1 }));
    dap.event("stopped");
    let after = rss_kib(dap.pid().unwrap());
    dap.ok("reverseContinue", json!({ "threadId": 1 }));
    let s = dap.event("stopped");
    let text = s["text"].as_str().unwrap().to_string();
    let back: u64 = text
        .split('(')
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    dap.finish();
    (back, after.saturating_sub(before) as f64 / 1024.0)
}

#[test]
#[ignore = "replays RYG's test suite under the debugger and launches RYG 100 times (minutes); CI runs it"]
fn the_debugging_figures_of_the_docs() {
    let (right, reached, executed) = breakpoint_accuracy();
    let launches = 100;
    let stopped = first_instruction_launches(launches);
    let (steps, p95, max) = step_over_p95();
    let (back, mib) = history();
    let figures = [
        format!("{right} of {executed} lines the test suite executes stopped at their first byte"),
        format!("{} of {launches} launches ran past", launches - stopped),
        format!("step over p95 {p95:.1} ms"),
    ];
    eprintln!(
        "{}\n({reached} reached; {steps} steps, the longest {max:.0} ms)\nhistory: {back} cycles back, the adapter grew by {mib:.1} MiB",
        figures.join("\n")
    );
    assert_eq!(right, executed, "every executed line reached and right");
    assert_eq!(stopped, launches);
    assert!(p95 < 20.0, "step over p95 {p95:.1} ms");
    assert!(back >= 1_000_000, "{back} cycles of history");
    assert!(mib < 10.0, "the history took {mib:.1} MiB");
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/debugging.md")).unwrap();
    let max = c64debug::history::MAX_CHECKPOINTS;
    let span = (max as u64 / 2 - 1) * c64debug::history::INTERVAL;
    assert!(span >= 1_000_000);
    for f in figures[..2].iter().chain(&[
        format!("at most {max} of"),
        "under 10 MiB in all".to_string(),
        "at least 1,000,000 cycles".to_string(),
    ]) {
        assert!(
            doc.contains(f.as_str()),
            "docs/debugging.md should say \"{f}\""
        );
    }
}
