//! Breakpoint accuracy on RYG through `c64kit debug`: a breakpoint on every source line
//! that has code, set through DAP; RYG plays a demo game; each breakpoint that the game
//! reaches must stop with the PC at the first byte of that line's code and the top
//! frame on that line. The figure (lines reached, all right) is in docs/debugging.md.

mod dap_support;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::time::Duration;

use dap_support::{Dap, pc_of};
use serde_json::{Value, json};

const RYG_ASM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/RYG.asm");
/// The sessions' keys (typed as RYG asks for them), each ending with X at a game's end
/// (back to BASIC, which ends the session): demos at levels 3 and 1 (D, RETURN; the
/// demo ends a game at any key, so X waits until it is over), a game against the
/// level-2 cats, a two-player game (P, T; Q W A S move the mouse, 1-4 and A S a cat).
const SESSIONS: [&str; 4] = [
    "d{RETURN}{WAIT 3000}x",
    "1d{RETURN}{WAIT 3000}x",
    "2p{RETURN}wqwqwsaqwqwqwqwqwqwqwqwxx",
    "t{RETURN}w1sq2aw3sq4aw1sq2sw3aq4sw1aq2sw3sq4axx",
];
/// No session may run this long without a stop or its end.
const QUIET: Duration = Duration::from_secs(120);

/// (file, line) -> the first byte of each run of code the line wrote, from c64asm's
/// source map (computed here, not by the debugger).
fn code_lines() -> BTreeMap<(PathBuf, u32), BTreeSet<u16>> {
    let program = c64asm::assemble(RYG_ASM).expect("RYG assembles");
    let dir = Path::new(RYG_ASM).parent().unwrap();
    let mut out: BTreeMap<(PathBuf, u32), BTreeSet<u16>> = BTreeMap::new();
    for l in program.source_lines().iter().filter(|l| l.code) {
        let name = Path::new(program.file_name(l));
        let path = if name.exists() {
            name.to_path_buf()
        } else {
            dir.join(name)
        };
        let path =
            std::fs::canonicalize(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.entry((path, l.line)).or_default().insert(l.pc as u16);
    }
    out
}

/// Set the breakpoints of one file: the lines still armed. Returns id -> line.
fn arm(
    dap: &mut Dap,
    file: &Path,
    lines: &BTreeSet<u32>,
    want: &BTreeMap<(PathBuf, u32), BTreeSet<u16>>,
) -> HashMap<u64, u32> {
    let list: Vec<Value> = lines.iter().map(|l| json!({ "line": l })).collect();
    let r = dap.ok(
        "setBreakpoints",
        json!({ "source": { "path": file.display().to_string() }, "breakpoints": list }),
    );
    let mut ids = HashMap::new();
    for (bp, &line) in r["breakpoints"].as_array().unwrap().iter().zip(lines) {
        assert_eq!(bp["verified"], true, "{}:{line}: {bp}", file.display());
        assert_eq!(bp["line"], line, "{}:{line} moved: {bp}", file.display());
        let first = *want[&(file.to_path_buf(), line)].first().unwrap();
        assert_eq!(
            pc_of(&json!({ "instructionPointerReference": bp["instructionReference"] })),
            first
        );
        ids.insert(bp["id"].as_u64().unwrap(), line);
    }
    ids
}

#[test]
#[ignore = "plays a demo game of RYG under the debugger (about a minute); CI runs it"]
fn every_breakpoint_ryg_reaches_stops_at_its_lines_first_byte() {
    let want = code_lines();
    let mut armed: BTreeMap<PathBuf, BTreeSet<u32>> = BTreeMap::new();
    for (file, line) in want.keys() {
        armed.entry(file.clone()).or_default().insert(*line);
    }
    let (mut reached, mut right) = (0usize, 0usize);
    let mut wrong = Vec::new();
    for keys in SESSIONS {
        let mut dap = Dap::start(&[]);
        dap.launch(json!({ "program": RYG_ASM, "keys": keys }));
        let mut owner: HashMap<u64, (PathBuf, u32)> = HashMap::new();
        for (file, lines) in &armed {
            for (id, line) in arm(&mut dap, file, lines, &want) {
                owner.insert(id, (file.clone(), line));
            }
        }
        dap.ok("configurationDone", json!({}));
        loop {
            let m = dap
                .event_within(&["stopped", "terminated"], QUIET)
                .unwrap_or_else(|| panic!("keys {keys}: no stop and no end in {QUIET:?}"));
            if m["event"] == "terminated" {
                break;
            }
            let body = &m["body"];
            assert_eq!(body["reason"], "breakpoint", "{body}");
            let ids = body["hitBreakpointIds"].as_array().unwrap();
            assert_eq!(ids.len(), 1, "one breakpoint per address here: {body}");
            let (file, line) = owner[&ids[0].as_u64().unwrap()].clone();
            let st = dap.ok("stackTrace", json!({ "threadId": 1, "levels": 1 }));
            let top = &st["stackFrames"][0];
            let pc = pc_of(top);
            reached += 1;
            let at_line =
                top["line"] == line && top["source"]["path"] == file.display().to_string();
            if want[&(file.clone(), line)].contains(&pc) && at_line {
                right += 1;
            } else {
                wrong.push(format!(
                    "{}:{line}: stopped at ${pc:04X}, frame {top}",
                    file.display()
                ));
            }
            let lines = armed.get_mut(&file).unwrap();
            lines.remove(&line);
            owner.retain(|_, (f, _)| *f != file);
            for (id, l) in arm(&mut dap, &file, lines, &want) {
                owner.insert(id, (file.clone(), l));
            }
            dap.ok("continue", json!({ "threadId": 1 }));
        }
        eprintln!("after keys {keys}: {reached} lines reached");
        dap.finish();
    }
    let total = want.len();
    eprintln!(
        "RYG under c64kit debug: {right} of {reached} breakpoints reached stopped at their line's first byte ({total} lines with code armed)"
    );
    assert!(
        wrong.is_empty(),
        "{} wrong stops:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(reached > 1000, "only {reached} lines reached");
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/debugging.md")).unwrap();
    let figure = format!("{right} of {reached} lines reached");
    assert!(
        doc.contains(&figure),
        "docs/debugging.md should say \"{figure}\" (of {total} lines with code)"
    );
}
