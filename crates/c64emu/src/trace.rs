//! `--trace`: one line per instruction (PC, bytes, disassembly, registers before it,
//! cycle count before it), plus notes for native routines and unmodelled I/O.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::bus::IoNote;
use crate::disasm;
use crate::machine::{Machine, Regs};

/// A shared trace sink; cloning a machine shares it.
#[derive(Clone)]
pub struct Trace {
    out: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Trace {
    pub fn new(out: impl Write + Send + 'static) -> Trace {
        Trace {
            out: Arc::new(Mutex::new(Box::new(out))),
        }
    }

    fn line(&self, text: &str) {
        if let Ok(mut w) = self.out.lock() {
            // A failing trace file must not stop the emulation.
            let _ = writeln!(w, "{text}");
        }
    }

    /// A line that is not an instruction (interrupts).
    pub(crate) fn event(&self, text: &str) {
        self.line(text);
    }

    pub fn flush(&self) {
        if let Ok(mut w) = self.out.lock() {
            let _ = w.flush();
        }
    }

    pub(crate) fn instruction(&self, m: &Machine, r: Regs, cycles: u64, io: &[IoNote]) {
        let pc = r.pc;
        if let Some(l) = m.label_at(pc) {
            self.line(&format!("{l}:"));
        }
        let op = m.peek_banked(pc);
        let len = disasm::length(op);
        let bytes: Vec<u8> = (0..len)
            .map(|i| m.peek_banked(pc.wrapping_add(i)))
            .collect();
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
        let text = disasm::disassemble(pc, &bytes, &|a| m.label_at(a).map(str::to_string));
        let mut line = format!(
            "{pc:04X}  {:<8}  {text:<24} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{} CYC:{cycles}",
            hex.join(" "),
            r.a,
            r.x,
            r.y,
            r.sp,
            flags(r.p)
        );
        for n in io {
            let dir = if n.write { "W" } else { "R" };
            line.push_str(&format!(
                "  ; {dir} ${:04X}={:02X} ({})",
                n.addr,
                n.value,
                io_area(n.addr)
            ));
        }
        self.line(&line);
    }

    pub(crate) fn native(&self, m: &Machine, pc: u16) {
        let r = m.regs();
        self.line(&format!(
            "{pc:04X}  native {:<24} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{} CYC:{}",
            crate::rom::native_name(pc),
            r.a,
            r.x,
            r.y,
            r.sp,
            flags(r.p),
            m.cycles()
        ));
    }
}

fn flags(p: u8) -> String {
    "NV-BDIZC"
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if p & (0x80 >> i) != 0 {
                c
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

fn io_area(addr: u16) -> &'static str {
    match addr {
        0xD000..=0xD3FF => "VIC, not emulated",
        0xD400..=0xD7FF => "SID, ignored",
        0xDC00..=0xDCFF => "CIA1, not emulated",
        0xDD00..=0xDDFF => "CIA2, not emulated",
        _ => "open I/O",
    }
}
