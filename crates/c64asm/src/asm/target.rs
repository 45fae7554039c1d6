//! The processor directives: `.cpu` (with the address space and register
//! names a processor brings), `.as`/`.al`/`.xs`/`.xl` and `.autsiz`/`.mansiz`
//! (immediate sizes), `.databank` and `.dpage` (which addresses are data
//! bank and direct page ones). 64tass takes all of them on every processor.

use super::Assembler;
use super::commands::Cmd;
use super::lines::LineRef;
use crate::cpu::Cpu;
use crate::diag::Kind;
use crate::source::Span;
use crate::value::Value;
use crate::value::convert::{describe, to_count};

/// A register set as bits, `a` in bit 0.
pub fn register_bits(cpu: Cpu) -> u32 {
    cpu.registers()
        .bytes()
        .fold(0, |set, c| set | 1 << (c - b'a'))
}

impl Assembler<'_> {
    /// `.cpu "65816"`: the processor's instructions, address space and
    /// register names from here on; `"default"` is the command line's.
    pub fn cpu(&mut self, line: &LineRef, args: usize, span: Span) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        let Value::Str(name) = &v else {
            if !v.is_none() {
                let s = self.span_at(line, pos);
                let msg = format!("wrong type {}, expected 'str'", describe_type(&v));
                self.error(s, Kind::Type, msg);
            }
            return;
        };
        let cpu = match name.as_ref() {
            "default" => self.opts.cpu,
            name => match Cpu::from_name(name) {
                Some(c) => c,
                None => {
                    let s = self.span_at(line, pos);
                    self.error(s, Kind::Syntax, format!("unknown processor '{name}'"));
                    return;
                }
            },
        };
        // The program counter must fit the new address space.
        let mask = cpu.address_mask();
        let a = self.out.addr(self.st.addr);
        if a.l_address > mask {
            let star = super::eval::pc_value(a.l_address, a.l_type);
            let msg = format!(
                "address not in processor address space {}",
                describe(&star, self)
            );
            self.error(span, Kind::AddressOverflow, msg);
            self.out.addr_mut(self.st.addr).l_address &= mask;
        }
        self.select_cpu(cpu);
    }

    /// Switch to `cpu`; register names it brings stay defined for the rest
    /// of the run (each new one asks for another pass, as in 64tass).
    pub fn select_cpu(&mut self, cpu: Cpu) {
        self.st.cpu = cpu;
        self.out.all_mem = cpu.address_mask();
        self.replay.context_changed();
        let new = register_bits(cpu) & !self.registers;
        if new != 0 {
            self.registers |= new;
            self.st.create_const();
        }
    }

    /// `.as`, `.al`, `.xs`, `.xl`, `.autsiz`, `.mansiz`.
    pub fn register_size(&mut self, line: &LineRef, cmd: Cmd) {
        self.record_line(line, None);
        match cmd {
            Cmd::As | Cmd::Al => self.st.long_accu = cmd == Cmd::Al,
            Cmd::Xs | Cmd::Xl => self.st.long_index = cmd == Cmd::Xl,
            _ => self.st.autosize = cmd == Cmd::Autsiz,
        }
        self.replay.context_changed();
    }

    /// `.databank $12`, `.dpage $400`; `?` turns either off.
    pub fn bank_or_page(&mut self, line: &LineRef, cmd: Cmd, args: usize) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        let (bits, off) = if cmd == Cmd::Databank {
            (8, 0x100)
        } else {
            (16, 0x1_0000)
        };
        let value = match v {
            Value::Gap => off,
            v if v.is_none() => return,
            v => {
                let r = to_count(&v, bits, self);
                let Ok(u) = self.check(line, pos, r) else {
                    return;
                };
                u as u32
            }
        };
        if cmd == Cmd::Databank {
            self.st.databank = value;
        } else {
            self.st.dpage = value;
        }
        self.replay.context_changed();
    }
}

/// `'int'`: a value's type name quoted, as 64tass's "wrong type" says it.
fn describe_type(v: &Value) -> String {
    format!("'{}'", v.type_name())
}
