//! DAP's `disassemble`: the instructions around an address as the CPU sees memory
//! now, each with its label and, where the program's source wrote it, its source line.
//! Going back from an address (a negative `instructionOffset`) prefers the starts the
//! source map knows; elsewhere it takes the longest instruction that ends there.

use c64emu::disasm;
use serde_json::{Value, json};

use crate::error::{Error, bad};
use crate::inspect::source_json;
use crate::launch::Loaded;

/// The most instructions one request gets.
const MAX_COUNT: i64 = 4096;

impl Loaded {
    /// The body of a `disassemble` response.
    pub fn disassemble(&self, args: &Value) -> Result<Value, Error> {
        let start = self.address(args)?;
        let skip = args
            .get("instructionOffset")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let count = args
            .get("instructionCount")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        if !(0..=MAX_COUNT).contains(&count) {
            return Err(bad(format!(
                "instructionCount {count} is not 0 to {MAX_COUNT}"
            )));
        }
        let symbols = args
            .get("resolveSymbols")
            .and_then(Value::as_bool)
            .unwrap_or(true);
        // Back from the reference, the starts found going back (so the reference
        // instruction keeps its place in the list); forward, each after the last.
        let mut addrs = Vec::new();
        let mut at = start;
        for _ in 0..skip.min(0).unsigned_abs() {
            at = self.previous_start(at);
            addrs.push(at);
        }
        addrs.reverse();
        at = start;
        for _ in 0..skip.max(0) {
            at = self.next_start(at);
        }
        while addrs.len() < count as usize {
            addrs.push(at);
            at = self.next_start(at);
        }
        addrs.truncate(count as usize);
        let list: Vec<Value> = addrs
            .into_iter()
            .map(|a| match u16::try_from(a) {
                Ok(pc) => self.instruction(pc, symbols),
                // Outside memory: a place holder, as DAP asks.
                Err(_) => json!({
                    "address": format!("0x{:X}", a.max(0)),
                    "instruction": "",
                    "presentationHint": "invalid",
                }),
            })
            .collect();
        Ok(json!({ "instructions": list }))
    }

    /// One instruction's JSON.
    fn instruction(&self, pc: u16, symbols: bool) -> Value {
        let len = disasm::length(self.machine.peek_banked(pc));
        let bytes: Vec<u8> = (0..len)
            .map(|i| self.machine.peek_banked(pc.wrapping_add(i)))
            .collect();
        let label = |a: u16| {
            symbols
                .then(|| self.info.label_at(a).map(str::to_string))
                .flatten()
        };
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
        let mut i = json!({
            "address": format!("0x{pc:04X}"),
            "instructionBytes": hex.join(" "),
            "instruction": disasm::disassemble(pc, &bytes, &label),
        });
        if let Some(l) = label(pc) {
            i["symbol"] = json!(l);
        }
        if let Some(p) = self.info.line_at(pc) {
            i["location"] = source_json(&self.info.files[p.file]);
            i["line"] = json!(p.line);
            i["column"] = json!(p.column);
        }
        i
    }

    /// The start of the instruction after the one at `at` (past $FFFF: beyond memory).
    fn next_start(&self, at: i64) -> i64 {
        if !(0..0x10000).contains(&at) {
            return at + 1;
        }
        at + i64::from(disasm::length(self.machine.peek_banked(at as u16)))
    }

    /// The start of the instruction before `at`: a known start whose instruction ends
    /// at `at`, else the longest instruction that does, else the byte before.
    fn previous_start(&self, at: i64) -> i64 {
        let ends_here = |len: i64| {
            let s = at - len;
            (0..0x10000).contains(&s)
                && i64::from(disasm::length(self.machine.peek_banked(s as u16))) == len
        };
        let mut candidates = [3, 2, 1].into_iter().filter(|&l| ends_here(l));
        let known = candidates
            .clone()
            .find(|&l| self.info.line_at((at - l) as u16).is_some());
        at - known.or_else(|| candidates.next()).unwrap_or(1)
    }
}
