//! `c64kit debug` driven through whole DAP sessions over its stdin and stdout.

mod cli_support;
mod dap_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use cli_support::TempDir;
use dap_support::{Dap, pc_of};
use serde_json::{Value, json};

/// A program made for these tests: a loop calling a routine that calls another, and a
/// macro expanded twice (line 3 has code in two places). Entry $C000; it ends with an
/// RTS to BASIC.
const SOURCE: &str = "\
        * = $c000
put     .macro
        lda #\\1
        sta $0400+\\2
        .endm
start   ldx #0
loop    jsr sub
        inx
        cpx #3
        bne loop
        #put 1, 0
        #put 2, 1
        rts
sub     txa
        pha
        jsr inner
        pla
        rts
inner   nop
        rts
";

/// `text` as NAME.asm in a directory of its own (removed when the first value drops),
/// and the file's canonical path.
fn source(name: &str, text: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new(&format!("debug-{name}"));
    let path = dir.write(&format!("{name}.asm"), text);
    (dir, std::fs::canonicalize(path).unwrap())
}

fn set_lines(dap: &mut Dap, path: &Path, lines: Value) -> Value {
    dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": path.display().to_string() }, "breakpoints": lines }),
    )
}

fn stopped(dap: &mut Dap) -> Value {
    dap.event("stopped")
}

#[test]
fn a_whole_session_breakpoints_steps_frames_and_memory() {
    let (_dir, path) = source("session", SOURCE);
    let mut dap = Dap::start(&[]);
    let caps = dap.launch(json!({ "program": path.display().to_string() }));
    assert_eq!(caps["supportsConfigurationDoneRequest"], true);

    // Line 3 (in the macro) has code in two places; line 2 (`.macro`) moves to line 3.
    let set = set_lines(&mut dap, &path, json!([{ "line": 2 }, { "line": 14 }]));
    let bps = set["breakpoints"].as_array().unwrap();
    assert_eq!(bps[0]["verified"], true);
    assert_eq!(bps[0]["line"], 3);
    assert_eq!(bps[1]["line"], 14);
    let (macro_bp, sub_bp) = (bps[0]["id"].clone(), bps[1]["id"].clone());

    dap.ok("configurationDone", json!({}));
    let s = stopped(&mut dap);
    assert_eq!(s["reason"], "breakpoint");
    assert_eq!(s["hitBreakpointIds"], json!([sub_bp]));

    // The call stack: sub, called from loop (line 7).
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let frames = st["stackFrames"].as_array().unwrap();
    assert_eq!(frames.len(), 2, "{st}");
    assert_eq!(
        (frames[0]["name"].as_str(), frames[0]["line"].as_u64()),
        (Some("sub"), Some(14))
    );
    assert_eq!(pc_of(&frames[0]), 0xC015);
    assert_eq!(
        (frames[1]["name"].as_str(), frames[1]["line"].as_u64()),
        (Some("loop"), Some(7))
    );
    assert_eq!(pc_of(&frames[1]), 0xC002);
    assert!(
        frames[0]["source"]["path"]
            .as_str()
            .unwrap()
            .ends_with("session.asm")
    );

    // Registers and flags.
    let scopes = dap.ok("scopes", json!({ "frameId": 0 }));
    let regs_ref = scopes["scopes"][0]["variablesReference"].clone();
    let regs = dap.ok("variables", json!({ "variablesReference": regs_ref }));
    let value = |name: &str| -> String {
        let v = regs["variables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap();
        v["value"].as_str().unwrap().to_string()
    };
    assert_eq!(value("X"), "$00 (0)");
    assert_eq!(value("PC"), "$c015 sub");

    // next steps over the JSR at line 16 (inner runs whole), stepIn enters it.
    dap.ok("next", json!({ "threadId": 1 }));
    assert_eq!(stopped(&mut dap)["reason"], "step");
    assert_eq!(dap.top().1, 15);
    dap.ok("next", json!({ "threadId": 1 }));
    stopped(&mut dap);
    assert_eq!(dap.top().1, 16);
    dap.ok("next", json!({ "threadId": 1 }));
    stopped(&mut dap);
    assert_eq!(dap.top(), ("sub".to_string(), 17, 0xC01A));
    dap.ok("stepOut", json!({ "threadId": 1 }));
    stopped(&mut dap);
    assert_eq!(dap.top(), ("loop+3".to_string(), 8, 0xC005));
    dap.ok("continue", json!({ "threadId": 1 }));
    stopped(&mut dap);
    dap.ok("next", json!({ "threadId": 1 }));
    stopped(&mut dap);
    dap.ok("next", json!({ "threadId": 1 }));
    stopped(&mut dap);
    dap.ok("stepIn", json!({ "threadId": 1 }));
    stopped(&mut dap);
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let names: Vec<&str> = st["stackFrames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["inner", "sub", "loop"]);

    // Evaluate 64tass expressions with registers and labels; memory.
    assert_eq!(
        dap.ok("evaluate", json!({ "expression": "inner - sub + x" }))["result"],
        "$08 (8)"
    );
    assert!(
        dap.fails("evaluate", json!({ "expression": "nothere + 1" }))
            .contains("nothere")
    );
    dap.ok(
        "writeMemory",
        json!({ "memoryReference": "0x0400", "data": "qrs=" }),
    );
    let mem = dap.ok(
        "readMemory",
        json!({ "memoryReference": "$03ff", "offset": 1, "count": 2 }),
    );
    assert_eq!(
        (mem["address"].as_str(), mem["data"].as_str()),
        (Some("0x0400"), Some("qrs="))
    );

    // Off with sub's breakpoint: the macro's line stops in each of its two places.
    let set = set_lines(&mut dap, &path, json!([{ "line": 3 }]));
    assert_ne!(
        set["breakpoints"][0]["id"], macro_bp,
        "a new breakpoint, a new id"
    );
    dap.ok("continue", json!({ "threadId": 1 }));
    assert_eq!(
        stopped(&mut dap)["hitBreakpointIds"],
        json!([set["breakpoints"][0]["id"]])
    );
    assert_eq!(dap.top().1, 3);
    let first = dap.top().2;
    dap.ok("continue", json!({ "threadId": 1 }));
    stopped(&mut dap);
    let second = dap.top().2;
    assert_eq!((first, second), (0xC00A, 0xC00F));
    dap.ok("continue", json!({ "threadId": 1 }));
    assert_eq!(dap.event("exited")["exitCode"], 0);
    dap.event("terminated");
    dap.finish();
}

#[test]
fn conditions_hit_counts_logpoints_and_labels() {
    let (_dir, path) = source("conditions", SOURCE);
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": path.display().to_string() }));
    let set = set_lines(
        &mut dap,
        &path,
        json!([
            { "line": 8, "condition": "x == 2 && a != 0" },
            { "line": 9, "logMessage": "x is {x}" },
            { "line": 17, "hitCondition": "== 2" },
            { "line": 19, "condition": "1 +" },
        ]),
    );
    let bps = set["breakpoints"].as_array().unwrap();
    assert_eq!(bps[3]["verified"], false);
    assert!(
        bps[3]["message"]
            .as_str()
            .unwrap()
            .starts_with("condition 1 +:"),
        "{}",
        bps[3]
    );
    let f = dap.ok(
        "setFunctionBreakpoints",
        json!({ "breakpoints": [{ "name": "inner" }, { "name": "nowhere" }] }),
    );
    assert_eq!(f["breakpoints"][0]["line"], 19);
    assert_eq!(f["breakpoints"][1]["verified"], false);
    dap.ok("configurationDone", json!({}));

    // inner (the function breakpoint) first, with X = 0.
    assert_eq!(
        stopped(&mut dap)["hitBreakpointIds"],
        json!([f["breakpoints"][0]["id"]])
    );
    assert_eq!(dap.top().0, "inner");
    dap.ok("setFunctionBreakpoints", json!({ "breakpoints": [] }));
    dap.ok("continue", json!({ "threadId": 1 }));
    // The second time through line 17 (X = 1), then line 8 once X is 2.
    assert_eq!(stopped(&mut dap)["hitBreakpointIds"], json!([bps[2]["id"]]));
    assert_eq!(
        dap.ok("evaluate", json!({ "expression": "x" }))["result"],
        "$01 (1)"
    );
    dap.ok("continue", json!({ "threadId": 1 }));
    assert_eq!(stopped(&mut dap)["hitBreakpointIds"], json!([bps[0]["id"]]));
    assert_eq!(
        dap.ok("evaluate", json!({ "expression": "x" }))["result"],
        "$02 (2)"
    );
    dap.ok("continue", json!({ "threadId": 1 }));
    dap.event("terminated");
    dap.finish();
}

#[test]
fn logpoints_print_and_run_on() {
    let (_dir, path) = source("logpoints", SOURCE);
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": path.display().to_string() }));
    set_lines(
        &mut dap,
        &path,
        json!([{ "line": 9, "logMessage": "x is {x}" }]),
    );
    dap.ok("configurationDone", json!({}));
    let texts: Vec<String> = (0..3)
        .map(|_| dap.event("output")["output"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        texts,
        ["x is $01 (1)\n", "x is $02 (2)\n", "x is $03 (3)\n"]
    );
    dap.event("terminated");
    dap.finish();
}

/// The machine waits for configurationDone: a breakpoint on the first instruction,
/// set after launch, always stops the program there (100 launches).
#[test]
fn no_launch_runs_past_a_breakpoint_on_its_first_instruction() {
    let (_dir, path) = source("first", SOURCE);
    for _ in 0..100 {
        let mut dap = Dap::start(&[]);
        dap.launch(json!({ "program": path.display().to_string() }));
        let set = set_lines(&mut dap, &path, json!([{ "line": 6 }]));
        dap.ok("configurationDone", json!({}));
        assert_eq!(
            stopped(&mut dap)["hitBreakpointIds"],
            json!([set["breakpoints"][0]["id"]])
        );
        assert_eq!(dap.top(), ("start".to_string(), 6, 0xC000));
        dap.finish();
    }
}

#[test]
fn stop_on_entry_pause_and_instruction_steps() {
    let (_dir, path) = source("spin", "* = $c000\nstart   inc $d020\n        jmp start\n");
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": path.display().to_string(), "stopOnEntry": true }));
    dap.ok("configurationDone", json!({}));
    assert_eq!(stopped(&mut dap)["reason"], "entry");
    dap.ok(
        "next",
        json!({ "threadId": 1, "granularity": "instruction" }),
    );
    stopped(&mut dap);
    assert_eq!(dap.top().2, 0xC003);
    dap.ok("continue", json!({ "threadId": 1 }));
    assert!(
        dap.event_within(&["stopped"], Duration::from_millis(300))
            .is_none()
    );
    assert!(
        dap.fails("stackTrace", json!({ "threadId": 1 }))
            .contains("running")
    );
    dap.ok("pause", json!({ "threadId": 1 }));
    assert_eq!(stopped(&mut dap)["reason"], "pause");
    let (_, line, pc) = dap.top();
    assert!(line == 2 || line == 3, "line {line} pc {pc:04X}");
    dap.finish();
}

#[test]
fn bad_messages_get_errors_and_the_session_goes_on() {
    let mut dap = Dap::start(&[]);
    dap.raw(b"Content-Length: 5\r\n\r\n{oops");
    assert!(
        dap.response(0)["message"]
            .as_str()
            .unwrap()
            .starts_with("the message is not JSON")
    );
    let big = c64debug::wire::MAX_MESSAGE + 10;
    let mut msg = format!("Content-Length: {big}\r\n\r\n").into_bytes();
    msg.resize(msg.len() + big, b' ');
    dap.raw(&msg);
    assert!(
        dap.response(0)["message"]
            .as_str()
            .unwrap()
            .contains("over the limit")
    );
    dap.raw(b"X-Nothing: 1\r\n\r\n");
    assert_eq!(
        dap.response(0)["message"],
        "a header without Content-Length"
    );
    dap.raw(b"Content-Length: 27\r\n\r\n{\"seq\":5,\"type\":\"response\"}");
    assert!(
        dap.response(5)["message"]
            .as_str()
            .unwrap()
            .starts_with("not a request")
    );
    assert!(dap.fails("stackTrace", json!({})).contains("launch"));
    assert!(dap.fails("launch", json!({})).contains("program"));
    let (_dir, bad) = source("bad", "* = $c000\n lda #1 +\n");
    let msg = dap.fails("launch", json!({ "program": bad.display().to_string() }));
    assert!(msg.contains("bad.asm:2:"), "{msg}");
    assert!(dap.fails("frobnicate", json!({})).contains("not supported"));
    // Still answering.
    dap.ok("initialize", json!({ "adapterID": "c64kit" }));
    dap.finish();
}

#[test]
fn the_end_of_input_ends_the_adapter() {
    let mut dap = Dap::start(&[]);
    dap.ok("initialize", json!({}));
    dap.close();
    // Dropping waits for the process; a hang here would time the test out.
    let start = std::time::Instant::now();
    drop(dap);
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_prg_with_a_vice_label_file() {
    let (_tmp, path) = source("prg", "");
    let dir = path.parent().unwrap().to_path_buf();
    // * = $c000: start inx / jmp start
    std::fs::write(dir.join("spin.prg"), [0x00, 0xc0, 0xe8, 0x4c, 0x00, 0xc0]).unwrap();
    std::fs::write(dir.join("spin.labels"), "al C000 .start\nal C001 .again\n").unwrap();
    let mut dap = Dap::start(&[]);
    dap.launch(
        json!({ "program": "spin.prg", "labels": "spin.labels", "cwd": dir.display().to_string() }),
    );
    let f = dap.ok(
        "setFunctionBreakpoints",
        json!({ "breakpoints": [{ "name": "again", "hitCondition": "3" }] }),
    );
    assert_eq!(f["breakpoints"][0]["instructionReference"], "0xC001");
    dap.ok("configurationDone", json!({}));
    stopped(&mut dap);
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let top = &st["stackFrames"][0];
    assert_eq!(
        (top["name"].as_str(), pc_of(top), top.get("source")),
        (Some("again"), 0xC001, None)
    );
    assert_eq!(
        dap.ok("evaluate", json!({ "expression": "x" }))["result"],
        "$03 (3)"
    );
    dap.finish();
}

/// An IRQ handler of the program's own (through $0314): its frame shows as an
/// interrupt, and `next` in the main loop never stops inside it while IRQs come.
#[test]
fn interrupts_are_frames_and_next_runs_them_whole() {
    let (_dir, path) = source(
        "irq",
        "        * = $c000
start   sei
        lda #<irq
        sta $0314
        lda #>irq
        sta $0315
        cli
loop    inc $0400
        inc $0401
        jmp loop
irq     inc $0402
        jmp $ea31
",
    );
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": path.display().to_string() }));
    set_lines(&mut dap, &path, json!([{ "line": 11 }]));
    dap.ok("configurationDone", json!({}));
    stopped(&mut dap);
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let frames = st["stackFrames"].as_array().unwrap();
    assert_eq!(frames.len(), 2, "{st}");
    assert_eq!(frames[0]["name"], "interrupt: irq");
    assert!(
        (8..=10).contains(&frames[1]["line"].as_u64().unwrap()),
        "{st}"
    );
    set_lines(&mut dap, &path, json!([]));
    let count = |dap: &mut Dap| {
        let m = dap.ok(
            "readMemory",
            json!({ "memoryReference": "0x0402", "count": 1 }),
        );
        m["data"].as_str().unwrap().to_string()
    };
    dap.ok("stepOut", json!({ "threadId": 1 }));
    stopped(&mut dap);
    let before = count(&mut dap);
    // 8,000 lines of the loop are about 40,000 cycles: two or three IRQs at 60 Hz.
    for _ in 0..8000 {
        dap.ok("next", json!({ "threadId": 1 }));
        stopped(&mut dap);
        let (_, line, _) = dap.top();
        assert!((8..=10).contains(&line), "next stopped at line {line}");
    }
    assert_ne!(count(&mut dap), before, "no IRQ came");
    dap.finish();
}
