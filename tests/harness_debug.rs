//! `C64KIT_DEBUG=PORT cargo test NAME`: a failing harness test serves its machine, as
//! it was when the test called the routine, to a DAP client that attaches; the client
//! steps through the routine with the test's registers and memory.
//!
//! The parent test runs this same binary's `a_test_that_fails_under_the_parent` with
//! the variable set, and is the client.

mod cli_support;
mod dap_support;

use std::process::{Command, Stdio};

use dap_support::Dap;
use serde_json::json;

/// Meant to double A; the ADC is a bug.
const SOURCE: &str = "\
        * = $c000
double  asl a
        adc #1
        rts
";
const CHILD_ENV: &str = "C64KIT_HARNESS_DEBUG_CHILD";

#[test]
fn a_test_that_fails_under_the_parent() {
    // Run alone (cargo test, CI) it passes: the failure is the parent's to debug.
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let path = std::path::Path::new(&dir).join("double.asm");
    std::fs::write(&path, SOURCE).unwrap();
    let build = c64harness::Build::assemble(&path).unwrap();
    let mut h = build.machine().unwrap();
    let mut r = h.regs();
    r.a = 5;
    h.set_regs(r);
    let after = h.call("double", 1000).unwrap();
    assert_eq!(after.regs.a, 10, "double(5)");
}

fn a_register(dap: &mut Dap) -> String {
    let v = dap.ok("variables", json!({ "variablesReference": 1 }));
    v["variables"][0]["value"].as_str().unwrap().to_string()
}

#[test]
fn a_failing_test_waits_for_a_debugger_at_its_call() {
    let tmp = cli_support::TempDir::new("harness-debug");
    let dir = std::fs::canonicalize(&tmp.0).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_test_that_fails_under_the_parent"])
        .env(CHILD_ENV, &dir)
        .env(c64harness::DEBUG_ENV, port.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut dap = Dap::connect(port);
    dap.ok("initialize", json!({ "adapterID": "c64kit" }));
    dap.ok("attach", json!({}));
    dap.event("initialized");
    dap.ok("configurationDone", json!({}));
    let s = dap.event("stopped");
    assert_eq!(s["reason"], "entry");
    let why = s["text"].as_str().unwrap();
    assert!(
        why.contains("the test failed after calling double") && why.contains("double(5)"),
        "{why}"
    );
    let (name, line, pc) = dap.top();
    assert_eq!((name.as_str(), line, pc), ("double", 2, 0xC000));
    assert_eq!(a_register(&mut dap), "$05 (5)");
    dap.ok("next", json!({ "threadId": 1 }));
    dap.event("stopped");
    assert_eq!(dap.top().1, 3);
    assert_eq!(a_register(&mut dap), "$0a (10)");
    dap.ok("next", json!({ "threadId": 1 }));
    dap.event("stopped");
    assert_eq!(a_register(&mut dap), "$0b (11)", "the bug");
    // Back over it, and forward again.
    dap.ok("stepBack", json!({ "threadId": 1 }));
    dap.event("stopped");
    assert_eq!((dap.top().1, a_register(&mut dap)), (3, "$0a (10)".into()));
    dap.ok("next", json!({ "threadId": 1 }));
    dap.event("stopped");
    // The routine returns: the session ends, and so does the test, failed.
    dap.ok("continue", json!({ "threadId": 1 }));
    dap.event("terminated");
    dap.ok("disconnect", json!({}));
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    // Said at once on stderr (not held back with the test's output).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("waits for a DAP client on 127.0.0.1"),
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 failed"));
}
