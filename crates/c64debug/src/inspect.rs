//! What a stopped machine shows: frames with source places, registers, flags, the
//! stack, labels near the PC, expressions and memory.

use std::path::Path;

use c64emu::Regs;
use serde_json::{Value, json};

use crate::chips;
use crate::error::{Error, bad};
use crate::expr;
use crate::launch::Loaded;
use crate::stack::Entered;

/// `variablesReference`s of the scopes (the same for every frame: one CPU).
const REGISTERS: i64 = 1;
const FLAGS: i64 = 2;
const STACK: i64 = 3;
const LABELS: i64 = 4;
const VIC_II: i64 = 5;
const CIA_1: i64 = 6;
const CIA_2: i64 = 7;
const SID: i64 = 8;
const FLAG_NAMES: [(&str, u8); 7] = [
    ("N", 0x80),
    ("V", 0x40),
    ("B", 0x10),
    ("D", 0x08),
    ("I", 0x04),
    ("Z", 0x02),
    ("C", 0x01),
];
/// The largest `readMemory` answered: all 64 KiB.
const MAX_READ: i64 = 0x10000;

impl Loaded {
    /// The frames, innermost first: (name, the PC or the JSR / interrupted place).
    pub fn frames(&self) -> Vec<(String, u16)> {
        let tracker = self.tracker();
        let frames = tracker.stack.frames();
        let mut pc = self.machine.regs().pc;
        let mut out = Vec::new();
        for f in frames.iter().rev() {
            // The routine's label, else (a KERNAL entry that jumps on through a vector)
            // the label of where the frame's code is now.
            let routine = match self.info.label_at(f.entry) {
                Some(l) => l.to_string(),
                None => self.info.routine_name(pc),
            };
            let name = match f.entered {
                Entered::Call(_) => routine,
                Entered::Interrupt(_) => format!("interrupt: {routine}"),
            };
            out.push((name, pc));
            pc = match f.entered {
                Entered::Call(at) | Entered::Interrupt(at) => at,
            };
        }
        out.push((self.info.routine_name(pc), pc));
        out
    }

    /// The body of a `stackTrace` response.
    pub fn stack_trace(&self, args: &Value) -> Value {
        let frames = self.frames();
        let start = args.get("startFrame").and_then(Value::as_u64).unwrap_or(0) as usize;
        let levels = match args.get("levels").and_then(Value::as_u64) {
            Some(0) | None => frames.len(),
            Some(n) => n as usize,
        };
        let list: Vec<Value> = frames
            .iter()
            .enumerate()
            .skip(start)
            .take(levels)
            .map(|(i, (name, pc))| {
                let mut f = json!({
                    "id": i,
                    "name": name,
                    "line": 0,
                    "column": 0,
                    "instructionPointerReference": format!("0x{pc:04X}"),
                });
                match self.info.line_at(*pc) {
                    Some(p) => {
                        f["line"] = json!(p.line);
                        f["column"] = json!(p.column);
                        f["source"] = source_json(&self.info.files[p.file]);
                    }
                    None => f["presentationHint"] = json!("subtle"),
                }
                f
            })
            .collect();
        json!({ "stackFrames": list, "totalFrames": frames.len() })
    }

    /// The body of a `scopes` response.
    pub fn scopes(&self) -> Value {
        let scope = |name: &str, r: i64, hint: Option<&str>| {
            let mut s = json!({ "name": name, "variablesReference": r, "expensive": false });
            if let Some(h) = hint {
                s["presentationHint"] = json!(h);
            }
            s
        };
        json!({ "scopes": [
            scope("Registers", REGISTERS, Some("registers")),
            scope("Flags", FLAGS, None),
            scope("Stack", STACK, None),
            scope("Labels near PC", LABELS, None),
            scope("VIC-II", VIC_II, None),
            scope("CIA 1", CIA_1, None),
            scope("CIA 2", CIA_2, None),
            scope("SID", SID, None),
        ]})
    }

    /// The body of a `variables` response.
    pub fn variables(&self, reference: i64) -> Result<Value, Error> {
        let r = self.machine.regs();
        let var = |name: String, value: String, mem: Option<u16>| {
            let mut v = json!({ "name": name, "value": value, "variablesReference": 0 });
            if let Some(a) = mem {
                v["memoryReference"] = json!(format!("0x{a:04X}"));
            }
            v
        };
        let list: Vec<Value> = match reference {
            REGISTERS => vec![
                var("A".into(), expr::format_value(r.a.into()), None),
                var("X".into(), expr::format_value(r.x.into()), None),
                var("Y".into(), expr::format_value(r.y.into()), None),
                var(
                    "SP".into(),
                    format!("${:02x}", r.sp),
                    Some(0x100 | u16::from(r.sp)),
                ),
                var(
                    "PC".into(),
                    format!("${:04x} {}", r.pc, self.info.routine_name(r.pc)),
                    Some(r.pc),
                ),
                var("P".into(), format!("${:02x} {}", r.p, flag_text(r.p)), None),
                var("cycles".into(), self.machine.cycles().to_string(), None),
            ],
            FLAGS => FLAG_NAMES
                .iter()
                .map(|(n, bit)| var((*n).into(), u8::from(r.p & bit != 0).to_string(), None))
                .collect(),
            STACK => (u16::from(r.sp) + 1..=0xFF)
                .take(32)
                .map(|s| {
                    let addr = 0x100 | s;
                    var(
                        format!("${addr:04x}"),
                        format!("${:02x}", self.machine.peek(addr)),
                        Some(addr),
                    )
                })
                .collect(),
            LABELS => self
                .info
                .labels_near(r.pc, 16)
                .into_iter()
                .map(|(n, a)| {
                    let byte = self.machine.peek_banked(a);
                    var(n, format!("${a:04x} (holds ${byte:02x})"), Some(a))
                })
                .collect(),
            VIC_II | CIA_1 | CIA_2 | SID => {
                let m = &self.machine;
                let io = |base: u16| move |o: u8| m.peek_io(base + u16::from(o));
                let regs = match reference {
                    VIC_II => chips::vic(io(0xD000)),
                    CIA_1 => chips::cia_regs(false, io(0xDC00)),
                    CIA_2 => chips::cia_regs(true, io(0xDD00)),
                    _ => chips::sid(&m.sid_written(), io(0xD400)),
                };
                regs.into_iter()
                    .map(|s| var(s.name, s.value, Some(s.addr)))
                    .collect()
            }
            _ => return Err(bad(format!("no variables with reference {reference}"))),
        };
        Ok(json!({ "variables": list }))
    }

    /// `setVariable` on a register or a flag.
    pub fn set_variable(
        &mut self,
        reference: i64,
        name: &str,
        value: &str,
    ) -> Result<Value, Error> {
        let v = expr::evaluate(value, &self.machine.regs(), &self.info.labels).map_err(bad)?;
        let mut r = self.machine.regs();
        let byte = u8::try_from(v);
        match (reference, name) {
            (REGISTERS, "PC") => r.pc = u16::try_from(v).map_err(|_| bad("PC is 16 bits"))?,
            (REGISTERS, reg) => {
                let b = byte.map_err(|_| bad(format!("{reg} is 8 bits")))?;
                match reg {
                    "A" => r.a = b,
                    "X" => r.x = b,
                    "Y" => r.y = b,
                    "SP" => r.sp = b,
                    "P" => r.p = (b & !0x10) | 0x20,
                    _ => return Err(bad(format!("no register {reg}"))),
                }
            }
            (FLAGS, flag) => {
                let bit = FLAG_NAMES
                    .iter()
                    .find(|(n, _)| *n == flag)
                    .map(|(_, b)| *b)
                    .ok_or_else(|| bad(format!("no flag {flag}")))?;
                match v {
                    0 => r.p &= !bit,
                    1 => r.p |= bit,
                    _ => return Err(bad("a flag is 0 or 1")),
                }
            }
            _ => return Err(bad(format!("{name} cannot be set"))),
        }
        self.machine.set_regs(r);
        let vars = self.variables(reference)?;
        let shown = vars["variables"]
            .as_array()
            .and_then(|l| l.iter().find(|x| x["name"] == name))
            .map(|x| x["value"].clone())
            .unwrap_or(json!(value));
        Ok(json!({ "value": shown }))
    }

    /// `evaluate`: a 64tass expression with the registers and labels.
    pub fn evaluate(&self, expression: &str) -> Result<Value, Error> {
        let regs: Regs = self.machine.regs();
        let v = expr::evaluate(expression, &regs, &self.info.labels).map_err(bad)?;
        let mut body = json!({ "result": expr::format_value(v), "variablesReference": 0 });
        if let Ok(a) = u16::try_from(v) {
            body["memoryReference"] = json!(format!("0x{a:04X}"));
        }
        Ok(body)
    }

    /// `dataBreakpointInfo`: the address a variable names, as a data breakpoint's
    /// `dataId` (`$D020`). A chip register or a stack entry names its address; any
    /// other name is a 64tass expression with the program's labels (`board+3`,
    /// `$D020`). Registers and flags are not memory: no dataId, and why.
    pub fn data_breakpoint_info(&self, args: &Value) -> Value {
        let name = args
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim();
        let reference = args
            .get("variablesReference")
            .and_then(Value::as_i64)
            .unwrap_or(0);
        let none = |why: String| json!({ "dataId": null, "description": why });
        let is_register = expr::REGISTERS.iter().any(|r| r.eq_ignore_ascii_case(name));
        if matches!(reference, REGISTERS | FLAGS) || is_register {
            return none(format!("{name} is a CPU register, not memory"));
        }
        // A chip register (`$D020 EC`) is not an expression: its first word is the address.
        let first = name.split_whitespace().next().unwrap_or("");
        let addr = match expr::evaluate(name, &self.machine.regs(), &self.info.labels) {
            Ok(v) if (0..0x10000).contains(&v) => v,
            Ok(v) => return none(format!("{name} is {v}, not an address")),
            Err(e) => match first.strip_prefix('$').and_then(|_| parse_address(first)) {
                Some(a) => a,
                None => return none(format!("{name}: {e}")),
            },
        };
        let description = if first.len() == name.len() && first.starts_with('$') {
            format!("${addr:04X}")
        } else {
            format!("{name} (${addr:04X})")
        };
        json!({
            "dataId": format!("${addr:04X}"),
            "description": description,
            "accessTypes": ["read", "write", "readWrite"],
            "canPersist": true,
        })
    }

    /// `readMemory`: what the CPU sees (ROMs and I/O as banked in).
    pub fn read_memory(&self, args: &Value) -> Result<Value, Error> {
        let base = self.address(args)?;
        let count = args.get("count").and_then(Value::as_i64).unwrap_or(0);
        if !(0..=MAX_READ).contains(&count) {
            return Err(bad(format!("count {count} is not 0 to {MAX_READ}")));
        }
        let end = (base + count).min(0x10000);
        let start = base.clamp(0, end);
        let bytes: Vec<u8> = (start..end)
            .map(|a| self.machine.peek_banked(a as u16))
            .collect();
        Ok(json!({
            "address": format!("0x{start:04X}"),
            "data": base64::encode(&bytes),
            "unreadableBytes": count - bytes.len() as i64,
        }))
    }

    /// `writeMemory`: into RAM.
    pub fn write_memory(&mut self, args: &Value) -> Result<Value, Error> {
        let base = self.address(args)?;
        let data = args.get("data").and_then(Value::as_str).unwrap_or("");
        let bytes = base64::decode(data).ok_or_else(|| bad("data is not base64"))?;
        if base < 0 || base + bytes.len() as i64 > 0x10000 {
            return Err(bad("the bytes do not fit between $0000 and $FFFF"));
        }
        self.machine.write(base as u16, &bytes);
        Ok(json!({ "offset": 0, "bytesWritten": bytes.len() }))
    }

    /// A request's memoryReference (`0x0810`, `$0810`, a number or a label) plus offset.
    pub(crate) fn address(&self, args: &Value) -> Result<i64, Error> {
        let r = args
            .get("memoryReference")
            .and_then(Value::as_str)
            .unwrap_or("");
        let base = parse_address(r)
            .or_else(|| self.info.label(r).map(i64::from))
            .ok_or_else(|| bad(format!("memoryReference {r:?} is not an address")))?;
        Ok(base + args.get("offset").and_then(Value::as_i64).unwrap_or(0))
    }
}

/// `0x0810`, `$0810` or a decimal number, within memory.
pub fn parse_address(r: &str) -> Option<i64> {
    let r = r.trim();
    let v = if let Some(h) = r.strip_prefix("0x").or_else(|| r.strip_prefix('$')) {
        i64::from_str_radix(h, 16).ok()?
    } else {
        r.parse().ok()?
    };
    (0..0x10000).contains(&v).then_some(v)
}

fn flag_text(p: u8) -> String {
    "NV-BDIZC"
        .chars()
        .enumerate()
        .map(|(i, c)| if p & (0x80 >> i) != 0 { c } else { '.' })
        .collect()
}

/// A DAP `Source` for a file.
pub fn source_json(path: &Path) -> Value {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    json!({ "name": name, "path": path.display().to_string() })
}

/// Base64 as DAP's memory requests carry it (RFC 4648, with padding).
mod base64 {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
        for chunk in bytes.chunks(3) {
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for i in 0..4 {
                if i <= chunk.len() {
                    out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
                } else {
                    out.push('=');
                }
            }
        }
        out
    }

    pub fn decode(text: &str) -> Option<Vec<u8>> {
        let digits: Vec<u32> = text
            .bytes()
            .filter(|b| !b.is_ascii_whitespace() && *b != b'=')
            .map(|b| ALPHABET.iter().position(|&a| a == b).map(|p| p as u32))
            .collect::<Option<_>>()?;
        let mut out = Vec::with_capacity(digits.len() * 3 / 4);
        for chunk in digits.chunks(4) {
            if chunk.len() == 1 {
                return None;
            }
            let n = chunk
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, &d)| n | d << (18 - 6 * i));
            for i in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        Some(out)
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn round_trips() {
            assert_eq!(super::encode(b"Man"), "TWFu");
            assert_eq!(super::encode(b"Ma"), "TWE=");
            assert_eq!(super::encode(b"M"), "TQ==");
            for len in 0..7 {
                let bytes: Vec<u8> = (0..len).map(|i| (i * 77) as u8).collect();
                assert_eq!(super::decode(&super::encode(&bytes)), Some(bytes));
            }
            assert_eq!(super::decode("T"), None);
            assert_eq!(super::decode("T*=="), None);
        }
    }
}
