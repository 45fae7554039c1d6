//! How `c64kit run` ends and says so: `--cycles`/`--frames` as a successful end, the
//! exit code when standard output fails, empty profiles, cycles counted from the
//! program's start, labels in any case, and the options that name something impossible.

mod cli_support;

use std::process::{Output, Stdio};

use cli_support::{TempDir, both, c64kit, text};

#[path = "../crates/c64emu/tests/common/testrom.rs"]
mod testrom;

/// A demo that never waits for a key: it changes the border forever.
const DEMO: &str =
    "* = $0801\n.word (+), 10\n.null $9e, \"2061\"\n+ .word 0\nmainLoop inc $d020\n jmp mainLoop\n";

fn demo(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    dir.write("demo.asm", DEMO);
    dir
}

fn run(dir: &TempDir, args: &[&str]) -> Output {
    c64kit(&dir.0)
        .arg("run")
        .args(args)
        .env_remove("C64KIT_ROMS")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

/// The number before " cycles" in a stop message.
fn cycles_in(message: &str) -> u64 {
    let before = &message[..message.find(" cycles").expect("cycles")];
    let digits = before.rsplit(|c: char| !c.is_ascii_digit()).next().unwrap();
    digits.parse().unwrap()
}

#[test]
fn cycles_and_frames_end_a_run_successfully_with_its_screenshot() {
    let dir = demo("ends-cycles");
    let out = run(
        &dir,
        &[
            "demo.asm",
            "--headless",
            "--cycles",
            "100_000",
            "--screenshot",
            "a.png",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", both(&out));
    let err = text(&out.stderr);
    assert!(err.starts_with("ran "), "{err}");
    let ran = cycles_in(&err);
    assert!((100_000..100_010).contains(&ran), "{err}");
    assert_eq!(&std::fs::read(dir.path("a.png")).unwrap()[1..4], b"PNG");

    let out = run(
        &dir,
        &["demo.asm", "--headless", "--frames", "3", "--print-screen"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", both(&out));
    let err = text(&out.stderr);
    assert!(err.starts_with("ran 3 frames ("), "{err}");
    let ran = cycles_in(&err);
    assert!((3 * 19_656..3 * 19_656 + 10).contains(&ran), "{err}");
    assert!(err.contains("PC at $08"), "{err}");

    // The cycle limit is still a failure, and the two can't be mixed.
    let out = run(&dir, &["demo.asm", "--headless", "--max-cycles", "1000"]);
    assert_eq!(out.status.code(), Some(3), "{}", both(&out));
    let out = run(
        &dir,
        &[
            "demo.asm",
            "--headless",
            "--max-cycles",
            "1",
            "--cycles",
            "1",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", both(&out));
}

#[cfg(unix)]
#[test]
fn a_failed_stdout_is_exit_1_whatever_else_happened() {
    let dir = demo("ends-full");
    for extra in [&["--print-screen"][..], &["--profile", "-"]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = c64kit(&dir.0)
            .args(["run", "demo.asm", "--headless", "--max-cycles", "10000"])
            .args(extra)
            .stdout(Stdio::from(full))
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {err}");
        assert!(err.contains("cannot write to standard output"), "{err}");
        assert!(err.contains("cycle limit reached"), "{err}");
    }
}

#[test]
fn a_run_that_profiled_nothing_writes_an_empty_flamegraph_and_its_screenshot() {
    let dir = demo("ends-empty-profile");
    let out = run(
        &dir,
        &[
            "demo.asm",
            "--headless",
            "--max-cycles",
            "0",
            "--flamegraph",
            "f.svg",
            "--screenshot",
            "s.png",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", both(&out));
    let svg = std::fs::read_to_string(dir.path("f.svg")).unwrap();
    assert!(
        svg.starts_with("<?xml") && svg.contains("no stacks"),
        "{svg}"
    );
    assert!(dir.path("s.png").is_file());
}

#[test]
fn labels_match_in_any_case_as_the_assembler_matches_them() {
    let dir = demo("ends-case");
    for spelling in ["mainLoop", "MAINLOOP", "mainloop"] {
        let out = run(
            &dir,
            &[
                "demo.asm",
                "--headless",
                "--until",
                spelling,
                "--start",
                spelling,
                "--dump",
                &format!("{spelling}:3"),
            ],
        );
        assert_eq!(out.status.code(), Some(0), "{spelling}: {}", both(&out));
        assert!(
            text(&out.stderr).contains("reached $080D (mainLoop)"),
            "{}",
            both(&out)
        );
        assert!(
            text(&out.stdout).starts_with("080D  EE 20 D0"),
            "{}",
            both(&out)
        );
    }
}

#[test]
fn impossible_addresses_lengths_and_keys_are_named() {
    let dir = demo("ends-impossible");
    let cases: [(&[&str], &str); 6] = [
        (&["--until", "$10000"], "$10000 is out of range"),
        (&["--start", "70000"], "70000 is out of range"),
        (&["--dump", "$0:0"], "the length is 0"),
        (&["--dump", "$10000:1"], "out of range"),
        (
            &["--keys", "{$1}"],
            "{$1} is not a PETSCII code (two hex digits",
        ),
        (
            &["--until", "nowhere"],
            "unknown label or address \"nowhere\"",
        ),
    ];
    for (extra, message) in cases {
        let out = run(&dir, &[&["demo.asm", "--headless"][..], extra].concat());
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", both(&out));
        assert!(
            text(&out.stderr).contains(message),
            "{extra:?}: {}",
            both(&out)
        );
    }
}

#[test]
fn scale_three_is_a_scale() {
    let dir = demo("ends-scale");
    // Without a display the window can't open (8), but the option was accepted.
    let out = run(&dir, &["demo.asm", "--scale", "3"]);
    assert_eq!(out.status.code(), Some(8), "{}", both(&out));
    let out = run(&dir, &["demo.asm", "--scale", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", both(&out));
    assert!(text(&out.stderr).contains("1, 2, 3, 4 or 8"));
}

/// With the user's ROMs the machine boots first; the limit and the message both count
/// from the program's start.
#[test]
fn cycles_are_counted_from_the_programs_start_after_the_roms_boot() {
    let dir = demo("ends-boot");
    testrom::write_rom_dir(&dir.path("roms"));
    let out = run(
        &dir,
        &[
            "demo.asm",
            "--headless",
            "--roms",
            "roms",
            "--max-cycles",
            "50000",
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", both(&out));
    let err = text(&out.stderr);
    assert!(err.starts_with("cycle limit reached after"), "{err}");
    let counted = cycles_in(&err);
    assert!((50_000..50_010).contains(&counted), "{err}");
}
