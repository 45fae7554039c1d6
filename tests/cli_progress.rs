//! The progress line of long runs and builds: on a terminal after 2 seconds (cycles,
//! frames and speed; passes and lines), erased at the end; never into a pipe, nor with
//! `CI` set. The terminal is a pseudo-terminal from `script` (util-linux).
#![cfg(target_os = "linux")]

mod cli_support;

use std::process::Command;

use cli_support::{TempDir, text};

const FOREVER: &str =
    "* = $0801\n.word (+), 10\n.null $9e, \"2061\"\n+ .word 0\nstart inc $d020\n jmp start\n";

/// Runs `args` with standard error on a terminal (through `script`), and `ci` set or not;
/// returns what the terminal showed.
fn on_a_terminal(dir: &TempDir, args: &str, ci: bool) -> String {
    let command = format!("{} {args}", env!("CARGO_BIN_EXE_c64kit"));
    let mut script = Command::new("script");
    script
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .current_dir(&dir.0)
        .env("TERM", "xterm");
    match ci {
        true => script.env("CI", "true"),
        false => script.env_remove("CI"),
    };
    let out = script.output().expect("script (util-linux)");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Long enough to pass the 2 seconds on any machine this runs on (about 3 s at the
/// emulator's speed on a quiet machine).
const LONG_RUN: &str = "run forever.asm --headless --cycles 400_000_000";

#[test]
fn a_long_run_shows_its_progress_on_a_terminal_and_erases_it() {
    let dir = TempDir::new("progress-run");
    dir.write("forever.asm", FOREVER);
    let shown = on_a_terminal(&dir, LONG_RUN, false);
    let first = shown
        .find("running: ")
        .unwrap_or_else(|| panic!("no progress: {shown:?}"));
    let line = &shown[first..];
    let line = &line[..line.find('\r').unwrap_or(line.len())];
    assert!(
        line.contains(" cycles (") && line.contains(" frames), "),
        "{line}"
    );
    assert!(
        line.ends_with("x PAL speed\u{1b}[K") || line.ends_with("x PAL speed"),
        "{line:?}"
    );
    // Erased before the run's own last line.
    let last = shown.rfind("running: ").unwrap();
    let erased = shown[last..].find("\r\u{1b}[K").expect("erased");
    assert!(shown[last + erased..].contains("ran 400000"), "{shown:?}");
}

#[test]
fn no_progress_in_a_pipe_or_with_ci_set() {
    let dir = TempDir::new("progress-none");
    dir.write("forever.asm", FOREVER);
    let out = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(LONG_RUN.split(' '))
        .current_dir(&dir.0)
        .env_remove("CI")
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(!err.contains("running:") && !err.contains('\r'), "{err:?}");
    let shown = on_a_terminal(&dir, LONG_RUN, true);
    assert!(!shown.contains("running:"), "{shown:?}");
}

/// A build of many lines: its progress names the pass and counts the lines.
#[test]
fn a_long_build_shows_its_pass_and_lines() {
    let dir = TempDir::new("progress-build");
    // Millions of lines assembled: a loop over a few lines, in every pass.
    dir.write(
        "long.asm",
        "* = $1000\n.rept 10000000\n.byte 1\n* = $1000\n.endrept\n",
    );
    let shown = on_a_terminal(&dir, "build long.asm -q -o long.prg", false);
    let at = shown
        .find("assembling long.asm: pass ")
        .unwrap_or_else(|| panic!("{shown:?}"));
    assert!(shown[at..].contains(" lines"), "{shown:?}");
    assert!(dir.path("long.prg").is_file());
}
