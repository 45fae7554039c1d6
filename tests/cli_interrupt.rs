//! Ctrl-C and SIGTERM: an interrupted run writes all its outputs as the machine was when
//! it stopped and exits 130; an interrupted build writes all its outputs or none; and
//! nothing ever leaves a temporary file behind.
#![cfg(unix)]

mod cli_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cli_support::{TempDir, c64kit, text};

fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name}");
}

/// Waits until `ready` holds (or panics after 60 s).
fn wait_for(what: &str, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waited for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn temporaries(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.contains(".c64kit-") {
            found.push(name);
        }
    }
    found
}

/// A program that never stops: a loop that calls a routine.
const FOREVER: &str = "* = $0801\n.word (+), 10\n.null $9e, \"2061\"\n+ .word 0\nstart jsr work\n jmp start\nwork inc $d020\n rts\n";

fn interrupted_run(tag: &str, sig: &str) {
    let dir = TempDir::new(tag);
    dir.write("forever.asm", FOREVER);
    let child = c64kit(&dir.0)
        .args([
            "run",
            "forever.asm",
            "--headless",
            "--cycles",
            "100000000000",
            "--screenshot",
            "shot.png",
            "--coverage",
            "cov.lcov",
            "--profile",
            "prof.folded",
            "--flamegraph",
            "flame.svg",
            "--trace",
            "trace.txt",
            "--trace-limit",
            "100000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The trace's temporary is there once the run is under way.
    wait_for("the run to start", || !temporaries(&dir.0).is_empty());
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, sig);
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted after"), "{err}");
    assert_eq!(temporaries(&dir.0), [""; 0]);
    let png = std::fs::read(dir.path("shot.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let lcov = std::fs::read_to_string(dir.path("cov.lcov")).unwrap();
    assert!(lcov.contains("end_of_record"), "{lcov}");
    let folded = std::fs::read_to_string(dir.path("prof.folded")).unwrap();
    assert!(folded.contains("work"), "{folded}");
    let svg = std::fs::read_to_string(dir.path("flame.svg")).unwrap();
    assert!(svg.contains("</svg>"));
    let trace = std::fs::read_to_string(dir.path("trace.txt")).unwrap();
    assert!(trace.lines().count() > 100, "{trace}");
}

#[test]
fn ctrl_c_ends_a_run_with_all_its_outputs() {
    interrupted_run("int-run", "INT");
}

#[test]
fn sigterm_ends_a_run_with_all_its_outputs() {
    interrupted_run("term-run", "TERM");
}

/// Builds interrupted at moments spread over their whole length: each one either wrote
/// every output in full or left every old one as it was, and no temporary stays.
#[test]
fn an_interrupted_build_writes_everything_or_nothing() {
    let dir = TempDir::new("int-build");
    // Big enough to take a while: 50,000 lines and their labels.
    let mut source = String::from("* = $1000\n");
    for i in 0..50_000 {
        source.push_str(&format!("l{i} lda #{}\n", i % 256));
    }
    dir.write("big.asm", &source);
    let outputs = ["big.prg", "big.labels", "big.lst", "big.map"];
    let build = || {
        let mut c = c64kit(&dir.0);
        c.args([
            "build",
            "big.asm",
            "-q",
            "-o",
            "big.prg",
            "-l",
            "big.labels",
            "-L",
            "big.lst",
            "--source-map",
            "big.map",
        ]);
        c
    };
    // One uninterrupted build: how long it takes, and what complete outputs are.
    let start = Instant::now();
    assert!(build().status().unwrap().success());
    let full = start.elapsed();
    let complete: Vec<Vec<u8>> = outputs
        .iter()
        .map(|f| std::fs::read(dir.path(f)).unwrap())
        .collect();
    for f in outputs {
        std::fs::write(dir.path(f), "old").unwrap();
    }
    let (mut written, mut untouched) = (0, 0);
    for step in 0..10u32 {
        let child = build().stderr(Stdio::piped()).spawn().unwrap();
        std::thread::sleep(full * step / 10);
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
        let out = child.wait_with_output().unwrap();
        // Killed before the handler was installed is fine too: nothing had started.
        use std::os::unix::process::ExitStatusExt;
        assert!(
            matches!(out.status.code(), Some(0 | 130)) || out.status.signal() == Some(2),
            "{:?} {}",
            out.status,
            text(&out.stderr)
        );
        assert_eq!(temporaries(&dir.0), [""; 0], "step {step}");
        let now: Vec<Vec<u8>> = outputs
            .iter()
            .map(|f| std::fs::read(dir.path(f)).unwrap())
            .collect();
        if now == complete {
            written += 1;
        } else {
            assert!(now.iter().all(|b| b == b"old"), "step {step}: a mix");
            untouched += 1;
        }
        for f in outputs {
            std::fs::write(dir.path(f), "old").unwrap();
        }
    }
    assert!(untouched > 0, "no build was interrupted in time");
    assert!(written + untouched == 10);
}

/// A signal while the run opens its outputs (here a FIFO nobody reads) ends it at once.
#[test]
fn a_run_waiting_to_open_an_output_ends_at_once() {
    let dir = TempDir::new("int-fifo");
    dir.write("forever.asm", FOREVER);
    let ok = Command::new("mkfifo")
        .arg(dir.path("pipe"))
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let child = c64kit(&dir.0)
        .args(["run", "forever.asm", "--headless", "--trace", "pipe"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert_eq!(temporaries(&dir.0), [""; 0]);
}
