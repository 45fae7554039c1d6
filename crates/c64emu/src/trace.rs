//! `--trace`: one line per instruction (PC, bytes, disassembly, registers before it,
//! cycle count before it), plus notes for native routines, interrupts and I/O the
//! emulator does not model.
//!
//! A trace can be capped (`with_limit`): at the cap it ends with a line saying so and
//! writes nothing more. The first write error also ends it; `error` reports it, so the
//! front end can fail clearly instead of leaving a truncated file unnoticed.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use crate::bus::{IoNote, io_area};
use crate::disasm;
use crate::machine::{Machine, Regs};

struct Sink {
    out: Box<dyn Write + Send>,
    written: u64,
    limit: u64,
    done: bool,
    error: Option<io::Error>,
}

impl Sink {
    fn write_line(&mut self, text: &str) {
        if self.done {
            return;
        }
        let len = text.len() as u64 + 1;
        if self.written + len > self.limit {
            self.done = true;
            let note = format!(
                "---- trace stopped here: {} bytes reached the limit of {} ----",
                self.written, self.limit
            );
            if let Err(e) = writeln!(self.out, "{note}") {
                self.error = Some(e);
            }
            return;
        }
        match writeln!(self.out, "{text}") {
            Ok(()) => self.written += len,
            Err(e) => {
                self.error = Some(e);
                self.done = true;
            }
        }
    }
}

/// Source-level notes for trace lines, from a tool that knows the program's sources
/// (the emulator itself knows only labels).
pub trait TraceNotes: Send + Sync {
    /// Where the instruction at `pc` came from (`start+3 main.asm:12`), appended to
    /// its line.
    fn place(&self, pc: u16) -> Option<String>;
    /// A name for the address `addr` the instruction at `pc` uses (before labels).
    fn operand(&self, pc: u16, addr: u16) -> Option<String>;
}

/// A shared trace sink; cloning a machine shares it.
#[derive(Clone)]
pub struct Trace {
    sink: Arc<Mutex<Sink>>,
    notes: Option<Arc<dyn TraceNotes>>,
}

impl Trace {
    /// Trace into `out`, without a size limit.
    pub fn new(out: impl Write + Send + 'static) -> Trace {
        Trace::with_limit(out, u64::MAX)
    }

    /// Trace into `out`, stopping (with a final note) before `limit` bytes.
    pub fn with_limit(out: impl Write + Send + 'static, limit: u64) -> Trace {
        Trace {
            sink: Arc::new(Mutex::new(Sink {
                out: Box::new(out),
                written: 0,
                limit,
                done: false,
                error: None,
            })),
            notes: None,
        }
    }

    /// The same trace with source-level notes on each instruction line.
    pub fn with_notes(self, notes: Arc<dyn TraceNotes>) -> Trace {
        Trace {
            notes: Some(notes),
            ..self
        }
    }

    fn line(&self, text: &str) {
        let mut s = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        s.write_line(text);
    }

    /// A line that is not an instruction (interrupts).
    pub(crate) fn event(&self, text: &str) {
        self.line(text);
    }

    /// Flush the output (a flush error counts as a write error).
    pub fn flush(&self) {
        let mut s = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(e) = s.out.flush()
            && s.error.is_none()
        {
            s.error = Some(e);
            s.done = true;
        }
    }

    /// Did writing fail? The first error, as text.
    pub fn error(&self) -> Option<String> {
        let s = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        s.error.as_ref().map(ToString::to_string)
    }

    /// Did the trace stop at its size limit?
    pub fn limited(&self) -> bool {
        let s = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        s.done && s.error.is_none()
    }

    /// Bytes written so far.
    pub fn bytes_written(&self) -> u64 {
        let s = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        s.written
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
        let notes = self.notes.as_deref();
        let text = disasm::disassemble(pc, &bytes, &|a| {
            notes
                .and_then(|n| n.operand(pc, a))
                .or_else(|| m.label_at(a).map(str::to_string))
        });
        let mut line = format!(
            "{pc:04X}  {:<8}  {text:<24} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{} CYC:{cycles}",
            hex.join(" "),
            r.a,
            r.x,
            r.y,
            r.sp,
            flags(r.p)
        );
        if let Some(place) = notes.and_then(|n| n.place(pc)) {
            line.push_str("  ; ");
            line.push_str(&place);
        }
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
        // "native" in the bytes column, so the registers line up with the others'.
        self.line(&format!(
            "{pc:04X}  {:<8}  {:<24} A:{:02X} X:{:02X} Y:{:02X} SP:{:02X} P:{} CYC:{}",
            "native",
            crate::kernal::native_name(pc),
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
