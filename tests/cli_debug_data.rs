//! `c64kit debug`'s data breakpoints (reads and writes of memory and I/O registers,
//! with conditions and hit counts, going back to them) and raster-line breakpoints,
//! through whole DAP sessions.

mod cli_support;
mod dap_support;

use cli_support::TempDir;
use dap_support::{Dap, pc_of};
use serde_json::{Value, json};

/// Writes X to `board`, reads `board+1`, writes X EOR 6 to the border colour, five
/// times; then an endless loop. Addresses: loop $C002, LDA $C005, STA $D020 $C00B,
/// INX $C00E (line 8), board $C016.
const SOURCE: &str = "\
        * = $c000
start   ldx #0
loop    stx board
        lda board+1
        txa
        eor #6
        sta $d020
        inx
        cpx #5
        bne loop
wait    jmp wait
board   .byte 0, 7
";

/// A session launched on the program, in a directory of its own for test `name`
/// (removed when the second value drops).
fn launched(name: &str) -> (Dap, TempDir) {
    let dir = TempDir::new(&format!("debug-data-{name}"));
    let path = dir.write("data.asm", SOURCE);
    let file = std::fs::canonicalize(path).unwrap().display().to_string();
    let mut dap = Dap::start(&[]);
    let caps = dap.launch(json!({ "program": file }));
    assert_eq!(caps["supportsDataBreakpoints"], true);
    (dap, dir)
}

/// dataBreakpointInfo's dataId for `name` (in the scope `reference`, 0: none).
fn data_id(dap: &mut Dap, name: &str, reference: i64) -> Value {
    let info = dap.ok(
        "dataBreakpointInfo",
        json!({ "name": name, "variablesReference": reference }),
    );
    info["dataId"].clone()
}

fn register(dap: &mut Dap, name: &str) -> String {
    variable(dap, 1, name)
}

/// The value of variable `name` in scope `scope`.
fn variable(dap: &mut Dap, scope: u64, name: &str) -> String {
    let v = dap.ok("variables", json!({ "variablesReference": scope }));
    v["variables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == name)
        .unwrap()["value"]
        .as_str()
        .unwrap()
        .to_string()
}

fn go(dap: &mut Dap, command: &str) -> Value {
    dap.ok(command, json!({ "threadId": 1 }));
    dap.event("stopped")
}

#[test]
fn a_write_to_an_io_register_stops_after_the_instruction() {
    let (mut dap, _dir) = launched("write");
    // The border colour from the VIC-II's scope (as the Variables view names it), and
    // as an expression.
    assert_eq!(data_id(&mut dap, "$D020 EC", 5), json!("$D020"));
    let info = dap.ok("dataBreakpointInfo", json!({ "name": "$d000 + $20" }));
    assert_eq!(info["dataId"], "$D020");
    assert_eq!(info["accessTypes"], json!(["read", "write", "readWrite"]));
    // Registers are not memory.
    assert_eq!(data_id(&mut dap, "A", 1), Value::Null);
    let set = dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [{ "dataId": "$D020", "accessType": "write" }] }),
    );
    let id = set["breakpoints"][0]["id"].clone();
    assert_eq!(set["breakpoints"][0]["verified"], true);
    dap.ok("configurationDone", json!({}));

    let s = dap.event("stopped");
    assert_eq!(s["reason"], "data breakpoint");
    assert_eq!(s["hitBreakpointIds"], json!([id]));
    assert_eq!(s["description"], "write $D020 = $06 at $C00B");
    assert_eq!(dap.top(), ("loop+12".to_string(), 8, 0xC00E));
    assert_eq!(register(&mut dap, "A"), "$06 (6)");

    let s = go(&mut dap, "continue");
    assert_eq!(s["description"], "write $D020 = $07 at $C00B");
    assert_eq!(dap.top().2, 0xC00E);

    // A condition: the write of 4 (X = 2), skipping none.
    let set = dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [{ "dataId": "$D020", "accessType": "write", "condition": "a == 4" }] }),
    );
    let id = set["breakpoints"][0]["id"].clone();
    let s = go(&mut dap, "continue");
    assert_eq!(s["hitBreakpointIds"], json!([id]));
    assert_eq!(s["description"], "write $D020 = $04 at $C00B");
    assert_eq!(register(&mut dap, "X"), "$02 (2)");

    // Going back: the latest earlier write that stops (the condition is gone now).
    dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [{ "dataId": "$D020", "accessType": "write" }] }),
    );
    let s = go(&mut dap, "reverseContinue");
    assert_eq!(s["reason"], "breakpoint", "{s}");
    assert_eq!(dap.top().2, 0xC00E);
    assert_eq!(register(&mut dap, "X"), "$01 (1)");
    assert_eq!(register(&mut dap, "A"), "$07 (7)");

    // With no data breakpoint the program runs on to its loop.
    dap.ok("setDataBreakpoints", json!({ "breakpoints": [] }));
    dap.ok("continue", json!({ "threadId": 1 }));
    assert!(
        dap.event_within(&["stopped"], std::time::Duration::from_millis(300))
            .is_none()
    );
    dap.ok("pause", json!({ "threadId": 1 }));
    dap.event("stopped");
    // The pause lands where the machine is at that moment: in the loop, or in
    // the KERNAL's interrupt handler the loop was interrupted by (its frame on
    // top of the loop's).
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    let names: Vec<&str> = st["stackFrames"]
        .as_array()
        .expect("frames")
        .iter()
        .map(|f| f["name"].as_str().unwrap_or_default())
        .collect();
    let program = names.iter().find(|n| !n.starts_with("interrupt: "));
    assert_eq!(program, Some(&"wait"), "{names:?}");
    dap.finish();
}

#[test]
fn reads_of_a_label_with_hit_counts_and_bad_ids() {
    let (mut dap, _dir) = launched("read");
    assert_eq!(data_id(&mut dap, "board+1", 0), json!("$C017"));
    assert_eq!(data_id(&mut dap, "board", 0), json!("$C016"));
    let nothing = dap.ok("dataBreakpointInfo", json!({ "name": "nosuchlabel" }));
    assert_eq!(nothing["dataId"], Value::Null);
    assert!(
        nothing["description"]
            .as_str()
            .unwrap()
            .contains("nosuchlabel")
    );

    let set = dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [
            { "dataId": "$C017", "accessType": "read" },
            { "dataId": "$C016", "accessType": "readWrite", "hitCondition": "3" },
            { "dataId": "board", "accessType": "write" },
            { "dataId": "$C016", "accessType": "sideways" },
        ] }),
    );
    let bps = set["breakpoints"].as_array().unwrap();
    let read_id = bps[0]["id"].clone();
    assert_eq!(bps[1]["verified"], true);
    assert_eq!(bps[2]["verified"], false, "a dataId is an address: {set}");
    assert_eq!(bps[3]["verified"], false);
    dap.ok("configurationDone", json!({}));

    // LDA board+1 reads it: the stop is after the LDA.
    let s = dap.event("stopped");
    assert_eq!(s["hitBreakpointIds"], json!([read_id]));
    assert_eq!(s["description"], "read $C017 = $07 at $C005");
    assert_eq!(dap.top(), ("loop+6".to_string(), 5, 0xC008));

    // Drop the read; the write to board stops from its third hit on (X = 2).
    dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [{ "dataId": "$C016", "accessType": "readWrite", "hitCondition": "3" }] }),
    );
    // (A new breakpoint counts from 0: the writes of 1, 2, 3.)
    let s = go(&mut dap, "continue");
    assert_eq!(s["description"], "write $C016 = $03 at $C002");
    assert_eq!(dap.top().2, 0xC005);
    dap.finish();
}

#[test]
fn a_raster_breakpoint_stops_as_the_line_starts() {
    let (mut dap, _dir) = launched("raster");
    let set = dap.ok(
        "setFunctionBreakpoints",
        json!({ "breakpoints": [
            { "name": "raster $64" },
            { "name": "raster 400" },
            { "name": "raster nowhere" },
        ] }),
    );
    let bps = set["breakpoints"].as_array().unwrap();
    assert_eq!(bps[0]["verified"], true, "{set}");
    assert_eq!(bps[1]["verified"], false);
    assert!(
        bps[1]["message"].as_str().unwrap().contains("0 to 311"),
        "{set}"
    );
    assert_eq!(bps[2]["verified"], false);
    let id = bps[0]["id"].clone();
    dap.ok("configurationDone", json!({}));

    let vic = |dap: &mut Dap, name: &str| variable(dap, 5, name);
    // The cycle each stop was at, and the cycle its line started.
    let mut stops: Vec<(u64, u64)> = Vec::new();
    for n in 0..3 {
        if n > 0 {
            dap.ok("continue", json!({ "threadId": 1 }));
        }
        let s = dap.event("stopped");
        assert_eq!(s["reason"], "function breakpoint");
        assert_eq!(s["hitBreakpointIds"], json!([id]));
        let text = s["description"].as_str().unwrap().to_string();
        assert!(text.starts_with("raster line 100 ($64), "), "{text}");
        // At the first instruction boundary at or after the line's first cycle.
        let late: u64 = text
            .split(", ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(late < 7, "{text}");
        assert!(vic(&mut dap, "$D012 RASTER").starts_with("$64"));
        let cycles: u64 = register(&mut dap, "cycles").parse().unwrap();
        if let Some((_, last)) = stops.last() {
            assert_eq!((cycles - late) - last, 19656, "one PAL frame apart");
        }
        stops.push((cycles, cycles - late));
    }
    // Going back: the previous frame's stop, exactly.
    let s = go(&mut dap, "reverseContinue");
    assert_eq!(s["hitBreakpointIds"], json!([id]), "{s}");
    let cycles: u64 = register(&mut dap, "cycles").parse().unwrap();
    assert_eq!(cycles, stops[1].0);
    assert!(vic(&mut dap, "$D012 RASTER").starts_with("$64"));
    dap.ok("continue", json!({ "threadId": 1 }));
    dap.event("stopped");
    let cycles: u64 = register(&mut dap, "cycles").parse().unwrap();
    assert_eq!(cycles, stops[2].0, "forward again to the same stop");
    dap.ok("pause", json!({ "threadId": 1 }));
    dap.finish();
}

#[test]
fn data_breakpoint_stops_carry_the_frame_pc() {
    // The stop's frame is the instruction after the access, where a step goes on.
    let (mut dap, _dir) = launched("step");
    dap.ok(
        "setDataBreakpoints",
        json!({ "breakpoints": [{ "dataId": "$D020", "accessType": "readWrite" }] }),
    );
    dap.ok("configurationDone", json!({}));
    dap.event("stopped");
    let st = dap.ok("stackTrace", json!({ "threadId": 1 }));
    assert_eq!(pc_of(&st["stackFrames"][0]), 0xC00E);
    let s = go(&mut dap, "next");
    assert_eq!(s["reason"], "step");
    assert_eq!(dap.top().2, 0xC00F);
    dap.finish();
}
