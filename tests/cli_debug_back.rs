//! Going back in `c64kit debug`: `stepBack` (by line and by instruction) and
//! `reverseContinue`, over more than a million cycles of history, with the machine's
//! 60 Hz interrupt running all along; going forward again from the past gives the run
//! it gave the first time.

mod cli_support;
mod dap_support;

use std::path::PathBuf;

use cli_support::TempDir;
use dap_support::Dap;
use serde_json::{Value, json};

/// Counts to 200 * 256 through a routine: about 1.3 million cycles from `start` to
/// `done`. Entry $C000; `done` returns to BASIC.
const SOURCE: &str = "\
        * = $c000
start   lda #0
        sta count
        sta count+1
outer   ldy #0
inner   jsr tick
        iny
        bne inner
        inc count+1
        lda count+1
        cmp #200
        bne outer
done    rts
tick    inc count
        rts
count   .word 0
";
const START: u64 = 2;
const INNER: u64 = 6;
const INY: u64 = 7;
const BNE: u64 = 8;
const INC_HIGH: u64 = 9;
const DONE: u64 = 13;

/// The program as count.asm in a directory of its own for test `tag` (removed when the
/// first value drops), and the file's canonical path.
fn source(tag: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new(&format!("debug-back-{tag}"));
    let path = dir.write("count.asm", SOURCE);
    (dir, std::fs::canonicalize(path).unwrap())
}

/// The registers and the cycle count, as the Registers scope shows them.
fn registers(dap: &mut Dap) -> Vec<(String, String)> {
    let v = dap.ok("variables", json!({ "variablesReference": 1 }));
    v["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["name"].as_str().unwrap().to_string(),
                v["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn cycles(dap: &mut Dap) -> u64 {
    let regs = registers(dap);
    let (_, c) = regs.iter().find(|(n, _)| n == "cycles").unwrap();
    c.parse().unwrap()
}

fn count_high(dap: &mut Dap) -> u8 {
    let m = dap.ok(
        "readMemory",
        json!({ "memoryReference": "count", "offset": 1, "count": 1 }),
    );
    let data = m["data"].as_str().unwrap();
    // One byte in base64: two significant digits.
    let digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let d = |c: char| digits.find(c).unwrap() as u8;
    let mut it = data.chars();
    (d(it.next().unwrap()) << 2) | (d(it.next().unwrap()) >> 4)
}

fn lines(dap: &mut Dap, path: &str, list: Value) -> Vec<u64> {
    let r = dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": path }, "breakpoints": list }),
    );
    r["breakpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            assert_eq!(b["verified"], true, "{b}");
            b["id"].as_u64().unwrap()
        })
        .collect()
}

/// Send a request that resumes (or goes back) and wait for its stop.
fn go(dap: &mut Dap, command: &str, args: Value) -> Value {
    dap.ok(command, args);
    dap.event("stopped")
}

#[test]
fn step_back_and_reverse_continue_over_a_million_cycles() {
    let (_dir, path) = source("million");
    let file = path.display().to_string();
    let mut dap = Dap::start(&[]);
    let caps = dap.launch(json!({ "program": file }));
    assert_eq!(caps["supportsStepBack"], true);
    lines(&mut dap, &file, json!([{ "line": DONE }]));
    dap.ok("configurationDone", json!({}));
    assert_eq!(dap.event("stopped")["reason"], "breakpoint");
    assert_eq!(dap.top().1, DONE);
    let end = cycles(&mut dap);
    let end_regs = registers(&mut dap);
    assert_eq!(count_high(&mut dap), 200);

    // Back to the latest earlier stop of a conditional breakpoint: the outer loop's
    // increment when A (the count so far) was 5.
    let ids = lines(
        &mut dap,
        &file,
        json!([{ "line": START }, { "line": INC_HIGH, "condition": "a == 5" }, { "line": DONE }]),
    );
    let s = go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    assert_eq!(s["reason"], "breakpoint", "{s}");
    assert_eq!(s["hitBreakpointIds"], json!([ids[1]]));
    assert_eq!(dap.top().1, INC_HIGH);
    assert_eq!(count_high(&mut dap), 5);

    // Back by lines, over the routine's calls: the reverse of `next`.
    let mut back = Vec::new();
    for _ in 0..4 {
        let s = go(&mut dap, "stepBack", json!({ "threadId": 1 }));
        assert_eq!(s["reason"], "step");
        back.push(dap.top().1);
    }
    assert_eq!(back, [BNE, INY, INNER, BNE]);

    // Back to the start: more than a million cycles before `done`.
    let s = go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    assert_eq!(s["hitBreakpointIds"], json!([ids[0]]), "{s}");
    assert_eq!(dap.top().1, START);
    let start = cycles(&mut dap);
    assert!(end - start > 1_000_000, "{start}..{end}");
    assert_eq!(count_high(&mut dap), 0);

    // 300 instructions forward, then back by instructions: each stop as it was.
    let mut seen = vec![registers(&mut dap)];
    for _ in 0..300 {
        go(
            &mut dap,
            "next",
            json!({ "threadId": 1, "granularity": "instruction" }),
        );
        seen.push(registers(&mut dap));
    }
    for want in seen.iter().rev().skip(1) {
        go(
            &mut dap,
            "stepBack",
            json!({ "threadId": 1, "granularity": "instruction" }),
        );
        assert_eq!(&registers(&mut dap), want);
    }

    // Forward again: `done` comes at the same cycle with the same registers.
    lines(&mut dap, &file, json!([{ "line": DONE }]));
    let s = go(&mut dap, "continue", json!({ "threadId": 1 }));
    assert_eq!(s["reason"], "breakpoint");
    assert_eq!(registers(&mut dap), end_regs);

    // Nothing before the start of the run: the history's start, said so.
    lines(&mut dap, &file, json!([]));
    let s = go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    assert_eq!(s["reason"], "step");
    assert!(
        s["text"]
            .as_str()
            .unwrap()
            .starts_with("at the start of the recorded history"),
        "{s}"
    );
    assert_eq!(dap.top().2, 0xC000);
    dap.finish();
}

#[test]
fn a_change_made_from_the_debugger_survives_going_back_past_later_points() {
    let (_dir, path) = source("change");
    let file = path.display().to_string();
    let mut dap = Dap::start(&[]);
    dap.launch(json!({ "program": file }));
    lines(&mut dap, &file, json!([{ "line": INC_HIGH }]));
    dap.ok("configurationDone", json!({}));
    dap.event("stopped");
    // The count's high byte becomes 150: the loop ends 50 rounds later.
    dap.ok(
        "writeMemory",
        json!({ "memoryReference": "count", "offset": 1, "data": "lg==" }),
    );
    assert_eq!(count_high(&mut dap), 150);
    for _ in 0..3 {
        go(&mut dap, "continue", json!({ "threadId": 1 }));
    }
    assert_eq!(count_high(&mut dap), 153);
    // Back to the first stop after the change, then the one where it was made.
    lines(&mut dap, &file, json!([{ "line": INC_HIGH }]));
    go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    assert_eq!(count_high(&mut dap), 151);
    let s = go(&mut dap, "reverseContinue", json!({ "threadId": 1 }));
    assert_eq!(s["reason"], "breakpoint", "{s}");
    assert_eq!(count_high(&mut dap), 150);
    dap.finish();
}
