//! The cold-start state, and the trace (instructions, native routines, unmodelled I/O).
use std::io::Write;
use std::sync::{Arc, Mutex};

use c64emu::{Machine, Stop, Trace};

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn cold_start_state() {
    let m = Machine::new();
    assert_eq!(m.peek(0x0286), 14);
    assert_eq!(m.peek(0x0288), 4);
    assert_eq!(m.vic_reg(0x20) & 15, 14);
    assert_eq!(m.vic_reg(0x21) & 15, 6);
    assert_eq!(m.peek_banked(0x01), 0x37);
    assert_eq!(m.cursor(), (0, 0));
    assert_eq!(m.read(0xD1, 2), vec![0x00, 0x04]);
    assert!(m.read(0x0400, 1000).iter().all(|&b| b == 0x20));
    assert!(m.screen_colors().iter().all(|&c| c == 14));
    assert_eq!(m.read(0x0314, 2), vec![0x31, 0xEA]);
    assert_eq!(m.read(0x0326, 2), vec![0xCA, 0xF1]);
    assert_eq!(m.regs().sp, 0xFA);
    assert_eq!(m.regs().p & 0x04, 0, "interrupts enabled");
    assert_eq!(m.screen_address(), 0x0400);
    // with nothing loaded, running is already "in BASIC"
    let mut m = m;
    assert_eq!(m.run(1000), Stop::ReturnedToBasic);
}

#[test]
fn trace_lines_show_instructions_labels_natives_and_io() {
    let mut m = Machine::new();
    // start: LDA #$0F; STA $D030 (no VIC-II register there); LDA #'A'; JSR $FFD2; RTS
    m.load_raw(
        0xC000,
        &[
            0xA9, 0x0F, 0x8D, 0x30, 0xD0, 0xA9, 0x41, 0x20, 0xD2, 0xFF, 0x60,
        ],
    )
    .unwrap();
    m.set_symbols([
        ("start".to_string(), 0xC000),
        ("vic_unused".to_string(), 0xD030),
    ]);
    let out = Shared::default();
    m.set_trace(Some(Trace::new(out.clone())));
    let r = m.call("start", 10_000).unwrap();
    m.set_trace(None);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "start:");
    assert_eq!(
        lines[1],
        "C000  A9 0F     LDA #$0F                 A:00 X:00 Y:00 SP:F8 P:nv-bdIzc CYC:6"
    );
    assert!(
        lines[2].starts_with("C002  8D 30 D0  STA vic_unused"),
        "{}",
        lines[2]
    );
    assert!(
        lines[2].ends_with("; W $D030=0F (VIC register not emulated)"),
        "{}",
        lines[2]
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("FFD2  6C 26 03  JMP ($0326)"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("F1CA  native    CHROUT"))
    );
    assert!(lines.last().unwrap().starts_with("C00A  60        RTS"));
    // Every line's registers in one column, native routines' too.
    let column: Vec<Option<usize>> = lines[1..].iter().map(|l| l.find(" A:")).collect();
    assert!(column.iter().all(|c| *c == Some(40)), "{column:?}\n{text}");
    // docs/emulator.md shows this trace.
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/emulator.md"
    ))
    .unwrap();
    let block = &doc[doc.find("### Trace format").unwrap()..];
    let block = &block[block.find("```\n").unwrap() + 4..];
    let block = &block[..block.find("```").unwrap()];
    assert_eq!(
        block,
        text.lines()
            .take(7)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    assert_eq!(r.cycles, 6 + 2 + 4 + 2 + 6 + 5 + 20 + 6 + 6);
    assert_eq!(m.screen_line(0), "A");
}

#[test]
fn trace_marks_interrupts() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0x58, 0x4C, 0x01, 0xC0]).unwrap(); // CLI; JMP *
    m.start_at(0xC000);
    let out = Shared::default();
    m.set_trace(Some(Trace::new(out.clone())));
    assert_eq!(m.run(20_000), Stop::CycleLimit);
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    assert!(text.contains("---- IRQ (CIA 1), return to $C001 ----"));
    assert!(text.contains("EA31  native    IRQ ($EA31)"));
    assert!(text.contains("EA7E  AD 0D DC  LDA $DC0D"));
    assert!(text.contains("EA86  40        RTI"));
}

/// An observer that ends the run before the instruction at one address (as a
/// debugger's breakpoint does), after letting the first `pass` visits run.
#[derive(Clone)]
struct HaltAt {
    addr: u16,
    pass: u32,
}

impl c64emu::Observer for HaltAt {
    fn instruction(&mut self, _m: &Machine, _pc: u16) {}

    fn halt(&mut self, _m: &Machine, pc: u16) -> bool {
        if pc != self.addr {
            return false;
        }
        if self.pass == 0 {
            return true;
        }
        self.pass -= 1;
        false
    }

    fn clone_box(&self) -> Box<dyn c64emu::Observer> {
        Box::new(self.clone())
    }
}

#[test]
fn an_observer_can_end_a_run_before_an_instruction() {
    let mut m = Machine::new();
    // $C000: INX; STX $0400; JMP $C000
    m.load_raw(0xC000, &[0xE8, 0x8E, 0x00, 0x04, 0x4C, 0x00, 0xC0])
        .unwrap();
    m.start_at(0xC000);
    m.set_observer(Some(Box::new(HaltAt {
        addr: 0xC001,
        pass: 2,
    })));
    assert_eq!(m.run(1_000_000), Stop::Reached(0xC001));
    // The third visit stopped before its STX: X is 3, the screen still has the 2.
    assert_eq!((m.regs().pc, m.regs().x, m.peek(0x0400)), (0xC001, 3, 2));
    assert_eq!(m.instructions(), 7);
}
