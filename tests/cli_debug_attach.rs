//! `attach`: `c64kit debug --port N PROGRAM` runs the program at once, and DAP clients
//! attach to the running machine, one after another, over TCP.

mod cli_support;
mod dap_support;

use std::process::{Command, Stdio};

use cli_support::TempDir;
use dap_support::Dap;
use serde_json::json;

/// A loop that never ends, calling a routine.
const SOURCE: &str = "\
        * = $c000
start   inc $0400
        jsr tick
        jmp start
tick    inc count
        rts
count   .byte 0
";

fn cycles(dap: &mut Dap) -> u64 {
    let v = dap.ok("variables", json!({ "variablesReference": 1 }));
    v["variables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "cycles")
        .unwrap()["value"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

fn attach(dap: &mut Dap, args: serde_json::Value) {
    dap.ok("initialize", json!({ "adapterID": "c64kit" }));
    dap.ok("attach", args);
    dap.event("initialized");
}

#[test]
fn clients_attach_to_a_running_program_one_after_another() {
    let dir = TempDir::new("debug-attach");
    let path = dir.write("forever.asm", SOURCE);
    let file = std::fs::canonicalize(path).unwrap().display().to_string();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(["debug", "--headless", "--port", &port.to_string(), &file])
        .stdin(Stdio::null())
        .spawn()
        .expect("c64kit debug starts");

    // The program runs before anyone attaches.
    std::thread::sleep(std::time::Duration::from_millis(400));
    let mut dap = Dap::connect(port);
    attach(&mut dap, json!({}));
    dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": file }, "breakpoints": [{ "line": 5 }] }),
    );
    dap.ok("configurationDone", json!({}));
    assert_eq!(dap.event("stopped")["reason"], "breakpoint");
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let names: Vec<&str> = st["stackFrames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tick", "start+3"]);
    let first = cycles(&mut dap);
    assert!(first > 100_000, "ran {first} cycles before the attach");
    let msg = dap.fails("launch", json!({ "program": file }));
    assert!(msg.contains("attach to it"), "{msg}");
    // Leaving lets the program go on, without this client's breakpoint.
    dap.ok("disconnect", json!({}));
    drop(dap);

    let mut dap = Dap::connect(port);
    attach(&mut dap, json!({}));
    dap.ok("configurationDone", json!({}));
    std::thread::sleep(std::time::Duration::from_millis(200));
    dap.ok("pause", json!({ "threadId": 1 }));
    assert_eq!(dap.event("stopped")["reason"], "pause");
    assert!(cycles(&mut dap) > first);
    dap.ok("disconnect", json!({ "terminateDebuggee": true }));
    let status = server.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn attach_without_a_machine_says_what_to_do() {
    let mut dap = Dap::start(&[]);
    dap.ok("initialize", json!({ "adapterID": "c64kit" }));
    let msg = dap.fails("attach", json!({}));
    assert!(msg.contains("nothing to attach to"), "{msg}");
    dap.finish();
}
