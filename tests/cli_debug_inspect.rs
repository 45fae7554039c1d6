//! What `c64kit debug` shows of a stopped machine beyond the CPU: the `disassemble`
//! request with source lines, and the VIC-II, CIA and SID registers decoded by name.

mod cli_support;
mod dap_support;

use cli_support::TempDir;
use dap_support::Dap;
use serde_json::{Value, json};

const SOURCE: &str = "\
        * = $c000
start   lda #2
        sta $d020
        lda #$21
        sta $d404
        ldx #0
loop    inx
        bne loop
        rts
";

/// A session stopped at line 6, the file's path, and its directory for test `tag`
/// (removed when the third value drops).
fn stopped_at_line_6(tag: &str) -> (Dap, String, TempDir) {
    let dir = TempDir::new(&format!("debug-inspect-{tag}"));
    let path = dir.write("chips.asm", SOURCE);
    let file = std::fs::canonicalize(path).unwrap().display().to_string();
    let mut dap = Dap::start(&[]);
    let caps = dap.launch(json!({ "program": file }));
    assert_eq!(caps["supportsDisassembleRequest"], true);
    dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": file }, "breakpoints": [{ "line": 6 }] }),
    );
    dap.ok("configurationDone", json!({}));
    assert_eq!(dap.event("stopped")["reason"], "breakpoint");
    (dap, file, dir)
}

#[test]
fn disassembly_with_source_lines_labels_and_places_beyond_memory() {
    let (mut dap, file, _dir) = stopped_at_line_6("disassembly");
    let d = dap.ok(
        "disassemble",
        json!({ "memoryReference": "0xC00A", "instructionOffset": -3, "instructionCount": 7 }),
    );
    let rows: Vec<(String, String, String, Value)> = d["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            assert_eq!(i["location"]["path"], file.as_str(), "{i}");
            (
                i["address"].as_str().unwrap().to_string(),
                i["instructionBytes"].as_str().unwrap().to_string(),
                i["instruction"].as_str().unwrap().to_string(),
                i["line"].clone(),
            )
        })
        .collect();
    let want = [
        ("0xC002", "8D 20 D0", "STA $D020", 3),
        ("0xC005", "A9 21", "LDA #$21", 4),
        ("0xC007", "8D 04 D4", "STA $D404", 5),
        ("0xC00A", "A2 00", "LDX #$00", 6),
        ("0xC00C", "E8", "INX", 7),
        ("0xC00D", "D0 FD", "BNE loop", 8),
        ("0xC00F", "60", "RTS", 9),
    ];
    for (got, want) in rows.iter().zip(want) {
        assert_eq!(
            (
                got.0.as_str(),
                got.1.as_str(),
                got.2.as_str(),
                got.3.clone()
            ),
            (want.0, want.1, want.2, json!(want.3))
        );
    }
    let d = dap.ok(
        "disassemble",
        json!({ "memoryReference": "loop", "instructionCount": 1 }),
    );
    assert_eq!(d["instructions"][0]["symbol"], "loop");
    // Before $0000 and after $FFFF: place holders, and the count is kept.
    let d = dap.ok(
        "disassemble",
        json!({ "memoryReference": "0x0001", "instructionOffset": -3, "instructionCount": 4 }),
    );
    let list = d["instructions"].as_array().unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list[0]["presentationHint"], "invalid");
    assert_eq!(list[3]["address"], "0x0001");
    let msg = dap.fails(
        "disassemble",
        json!({ "memoryReference": "0xC000", "instructionCount": 100000 }),
    );
    assert!(msg.contains("instructionCount"), "{msg}");
    dap.finish();
}

#[test]
fn the_chips_registers_by_name() {
    let (mut dap, _, _dir) = stopped_at_line_6("registers");
    let scopes = dap.ok("scopes", json!({ "frameId": 0 }));
    let reference = |name: &str| {
        scopes["scopes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("no scope {name}: {scopes}"))["variablesReference"]
            .clone()
    };
    let mut value = |scope: &str, name: &str| {
        let v = dap.ok(
            "variables",
            json!({ "variablesReference": reference(scope) }),
        );
        v["variables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {scope}: {v}"))["value"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // The stub KERNAL's screen: text mode, 25 rows, display on; the border set here.
    let cr1 = value("VIC-II", "$D011 CR1");
    assert!(
        cr1.starts_with("$1b: YSCROLL=3 RSEL=1 DEN=1 BMM=0 ECM=0 RST8=0")
            || cr1.starts_with("$9b: YSCROLL=3 RSEL=1 DEN=1 BMM=0 ECM=0 RST8=1"),
        "{cr1}"
    );
    assert_eq!(value("VIC-II", "$D020 EC"), "$f2: 2 red");
    assert_eq!(
        value("VIC-II", "$D018 MEMPTR"),
        "$15: CB=2 VM=1",
        "screen at $0400, characters at $1000"
    );
    // The 60 Hz interrupt: CIA 1's timer A runs continuously.
    assert_eq!(
        value("CIA 1", "$DC0E CRA"),
        "$01: START=1 PBON=0 OUTMODE=0 RUNMODE=0 LOAD=0 INMODE=0 SPMODE=0 TODIN=0"
    );
    assert!(value("CIA 2", "$DD00 PRA").contains("VA=3"), "VIC bank 0");
    assert_eq!(
        value("SID", "$D404 CR1"),
        "$21: GATE=1 SYNC=0 RING=0 TEST=0 TRI=0 SAW=1 PUL=0 NOI=0"
    );
    dap.finish();
}
