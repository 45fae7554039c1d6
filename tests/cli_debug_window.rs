//! `c64kit debug` without `--headless` shows a launched machine, and one it runs for
//! clients to attach to, in the window; where there is no display (CI) it says so once on
//! standard error and the session goes on.

mod cli_support;
mod dap_support;

use std::io::Read;
use std::process::{Command, Stdio};

use cli_support::TempDir;
use dap_support::Dap;
use serde_json::json;

/// The child's standard error, and its lines that say there is no display.
fn no_display_notes(child: &mut std::process::Child) -> (String, Vec<String>) {
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let notes = err
        .lines()
        .filter(|l| l.contains("no display"))
        .map(str::to_owned)
        .collect();
    (err, notes)
}

#[test]
fn without_a_display_a_session_goes_on_without_the_window() {
    let dir = TempDir::new("debug-nodisplay");
    let prg = dir.path("loop.prg");
    // $C000: INC $0400; JMP $C000
    std::fs::write(&prg, [0x00, 0xC0, 0xEE, 0x00, 0x04, 0x4C, 0x00, 0xC0]).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .arg("debug")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut d = Dap::over(child.stdout.take().unwrap(), child.stdin.take().unwrap());
    d.launch(json!({ "program": prg, "stopOnEntry": true }));
    d.ok("configurationDone", json!({}));
    assert_eq!(d.event("stopped")["reason"], "entry");
    // Runs and stops again as without a window.
    d.ok("continue", json!({ "threadId": 1 }));
    d.ok("pause", json!({ "threadId": 1 }));
    assert_eq!(d.event("stopped")["reason"], "pause");
    let pc = dap_support::pc_of(&d.ok("stackTrace", json!({ "threadId": 1 }))["stackFrames"][0]);
    assert!((0xC000..0xC008).contains(&pc), "{pc:04X}");
    d.ok("disconnect", json!({}));
    d.close();
    assert!(child.wait().unwrap().success());
    let (err, notes) = no_display_notes(&mut child);
    assert_eq!(notes.len(), 1, "{err}");
    assert!(
        notes[0].starts_with("c64kit debug: no display (")
            && notes[0].ends_with("): debugging without a window"),
        "{err}"
    );
}

#[test]
fn without_a_display_a_program_served_for_attaching_runs_on_without_the_window() {
    let dir = TempDir::new("debug-attach-nodisplay");
    let prg = dir.path("loop.prg");
    // $C000: INC $0400; JMP $C000
    std::fs::write(&prg, [0x00, 0xC0, 0xEE, 0x00, 0x04, 0x4C, 0x00, 0xC0]).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(["debug", "--port", &port.to_string()])
        .arg(&prg)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program runs before anyone attaches; a client attaches, pauses and ends it.
    std::thread::sleep(std::time::Duration::from_millis(400));
    let mut d = Dap::connect(port);
    d.ok("initialize", json!({ "adapterID": "c64kit" }));
    d.ok("attach", json!({}));
    d.event("initialized");
    d.ok("configurationDone", json!({}));
    d.ok("pause", json!({ "threadId": 1 }));
    assert_eq!(d.event("stopped")["reason"], "pause");
    let pc = dap_support::pc_of(&d.ok("stackTrace", json!({ "threadId": 1 }))["stackFrames"][0]);
    assert!((0xC000..0xC008).contains(&pc), "{pc:04X}");
    d.ok("disconnect", json!({ "terminateDebuggee": true }));
    d.close();
    assert!(child.wait().unwrap().success());
    let (err, notes) = no_display_notes(&mut child);
    assert_eq!(notes.len(), 1, "{err}");
}
