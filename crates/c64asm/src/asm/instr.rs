//! Instructions: choosing the addressing mode from the operand values (zero
//! page when the address fits, as 64tass does), branches, long branches,
//! the always-taken `gxx` pseudo branches and register aliases (`lda x`).

use super::Assembler;
use super::compile::{NewLabel, Step};
use super::eval::Located;
use super::lines::{LineRef, ParseKind};
use crate::diag::Kind;
use crate::opcodes::{MNEMONICS, Mnemonic, Mode, table};
use crate::options::Cpu;
use crate::syntax::ast::{AddrOp, ExprKind, Pos, Reg};
use crate::value::convert::{to_ival, to_uval};
use crate::value::{AddrMode, FuncId, Value};

/// An encoded instruction: at most five bytes (a long branch), kept inline
/// (one per instruction and pass, no allocation).
type Code = smallvec::SmallVec<[u8; 8]>;

/// An instruction name of the current processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// An entry of the opcode table.
    Real(u8),
    /// `gcc`, `gne`, ...: an always-taken branch (the opcode of the short form).
    Always(u8),
}

/// Address size forced with `@b`, `@w`, `@l`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    Auto,
    Byte,
    Word,
    Long,
}

const ALWAYS: &[(&str, u8)] = &[
    ("gcc", 0x90),
    ("gcs", 0xb0),
    ("geq", 0xf0),
    ("gge", 0xb0),
    ("glt", 0x90),
    ("gmi", 0x30),
    ("gne", 0xd0),
    ("gpl", 0x10),
    ("gra", 0x80),
    ("gvc", 0x50),
    ("gvs", 0x70),
];

/// Look up an instruction name, in any case (with `-C` the caller only asks
/// for lower-case names, as 64tass). Every line starting with a word asks
/// this, so it is one table look-up.
pub fn mnemonic(word: &str, cpu: Cpu) -> Option<Op> {
    op_of_entry(mnemonic_entry(word)?, cpu)
}

/// What a word names of any processor: its entry in the table (kept by
/// [`super::head`] for the line), which [`op_of_entry`] reads.
pub fn mnemonic_entry(word: &str) -> Option<u16> {
    let entry = MnemonicTable::get().0[MnemonicTable::key(word.as_bytes())?];
    (entry & MnemonicTable::PRESENT != 0).then_some(entry)
}

/// The instruction a [`mnemonic_entry`] is on processor `cpu`.
pub fn op_of_entry(entry: u16, cpu: Cpu) -> Option<Op> {
    let code = entry as u8;
    // Names every processor has (most lines) need no look at the processor.
    if entry & MnemonicTable::SOME_CPUS != 0 {
        let has = if entry & MnemonicTable::ALWAYS != 0 {
            cpu.is_65c02() // `gra`
        } else {
            table(cpu)[code as usize].present()
        };
        if !has {
            return None;
        }
    }
    Some(if entry & MnemonicTable::ALWAYS != 0 {
        Op::Always(code)
    } else {
        Op::Real(code)
    })
}

/// For a word that is an instruction of another processor than the current
/// one: which processor has it and how to select it.
pub fn other_cpu_hint(word: &str) -> Option<String> {
    let i = crate::opcodes::lookup(word.as_bytes())? as usize;
    let cpu = crate::opcodes::CPUS
        .into_iter()
        .find(|&cpu| table(cpu)[i].present())?;
    Some(format!(
        "instruction '{word}' needs the {} processor ({} or .cpu \"{}\")",
        cpu.name(),
        cpu.switch(),
        cpu.name()
    ))
}

/// Every three-letter word, by its letters (5 bits each): what it names.
struct MnemonicTable(Box<[u16]>);

impl MnemonicTable {
    const PRESENT: u16 = 1 << 15;
    const ALWAYS: u16 = 1 << 14;
    /// Not every processor has it: [`op_of_entry`] asks the processor's table.
    const SOME_CPUS: u16 = 1 << 13;

    fn key(word: &[u8]) -> Option<usize> {
        let [a, b, c] = *word else { return None };
        let mut key = 0;
        for ch in [a, b, c] {
            let l = ch.to_ascii_lowercase();
            if !l.is_ascii_lowercase() {
                return None;
            }
            key = key << 5 | usize::from(l - b'a');
        }
        Some(key)
    }

    fn get() -> &'static MnemonicTable {
        static TABLE: std::sync::OnceLock<MnemonicTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = vec![0u16; 1 << 15].into_boxed_slice();
            let mut set = |word: &str, entry: u16| {
                if let Some(k) = Self::key(word.as_bytes()) {
                    t[k] = entry;
                }
            };
            let real = |i: usize| {
                let some = if crate::opcodes::everywhere(i) {
                    0
                } else {
                    Self::SOME_CPUS
                };
                Self::PRESENT | some | i as u16
            };
            for (i, m) in MNEMONICS.iter().enumerate() {
                set(m.name, real(i));
            }
            for &(name, opcode) in ALWAYS {
                let some = if opcode == 0x80 { Self::SOME_CPUS } else { 0 };
                set(
                    name,
                    Self::PRESENT | Self::ALWAYS | some | u16::from(opcode),
                );
            }
            MnemonicTable(t)
        })
    }
}

/// An encoding failure: where and why.
struct Bad(Pos, String);

impl Assembler<'_> {
    /// A line whose instruction name (`op`, see [`Assembler::mnemonic_of`])
    /// spans `mpos..mend`.
    pub fn instruction_line(
        &mut self,
        line: &LineRef,
        op: Op,
        mpos: usize,
        mend: usize,
        newlabel: Option<NewLabel>,
    ) -> Step {
        self.operand_wrap.set(None);
        let mut pos = line.skip_ws(mend);
        let mut width = Width::Auto;
        if line.at(pos) == b'@' {
            let c = line.at(pos + 1);
            let c = if self.dialect.case_sensitive {
                c
            } else {
                c | 0x20
            };
            width = match c {
                b'b' => Width::Byte,
                b'w' => Width::Word,
                b'l' => Width::Long,
                _ => {
                    self.error(
                        line.span(pos, pos + 2),
                        Kind::Syntax,
                        "'@b' or '@w' or '@l' expected".into(),
                    );
                    return Step::Next;
                }
            };
            pos += 2;
        }
        // Addressing-mode errors point at the operand, as 64tass's do.
        let mut at = mpos as Pos;
        let vals = if line.at_end(line.skip_ws(pos)) && width == Width::Auto {
            super::eval::Args::new()
        } else {
            let Some(parsed) = self.parse_exprs(line, pos, ParseKind::Operands) else {
                return Step::Next;
            };
            let Ok(exprs) = &parsed.result else {
                return Step::Next;
            };
            if let Some(first) = exprs.first() {
                at = first.text_start();
            }
            // With several operands the errors are kept in the values: an
            // addressing mode that does not exist (`lda $10,X` with -C, where
            // `X` is not defined) is the error, as in 64tass.
            // The usual operand, `value`, `#value`, `table,x` or `(zp),y` of
            // a number or a label, is encoded straight from its value (the
            // general path below wraps it into an address value first).
            let quick = match (&exprs[..], op) {
                ([e], Op::Real(i)) if width != Width::Long => {
                    plain_modes(e).map(|(mode, base)| (e, i, mode, base))
                }
                _ => None,
            };
            let evaluated = match quick {
                Some((e, i, mode, base)) => match self.eval_value(line, base) {
                    Ok(v @ (Value::Int(_) | Value::Bits(_) | Value::Code(_))) => {
                        self.rounded.set(false);
                        let m = &table(self.st.cpu)[i as usize];
                        let encoded = if mode == AddrMode::NONE {
                            self.one_operand(line, m, width, &v, e.start(), at)
                        } else {
                            self.addr_operand(line, m, width, mode, &v, e.start(), at)
                        };
                        if let Ok(bytes) = encoded {
                            self.float_round_warning(line, e.start());
                            self.emit_instruction(line, &bytes, at);
                            self.alias_warning(line, mpos, mend);
                            return Step::Next;
                        }
                        // Failed: the general path says why.
                        let val = if mode == AddrMode::NONE {
                            v
                        } else {
                            Value::Addr(std::rc::Rc::new(crate::value::Address { mode, val: v }))
                        };
                        Ok(smallvec::smallvec![Located {
                            val,
                            pos: e.start()
                        }])
                    }
                    Ok(v) => {
                        let mut ops = smallvec::SmallVec::<[AddrOp; 3]>::new();
                        let mut x = e;
                        while let ExprKind::Addr(op, inner) = &x.kind {
                            ops.push(*op);
                            x = inner;
                        }
                        let v = ops
                            .iter()
                            .rev()
                            .fold(v, |v, &op| super::eval::apply_mode(v, op));
                        self.used(line, e.pos, v).map(|val| {
                            smallvec::smallvec![Located {
                                val,
                                pos: e.start()
                            }]
                        })
                    }
                    Err(r) => Err(r),
                },
                None => self.eval_list(line, exprs, exprs.len() > 1),
            };
            match evaluated {
                // Not known yet (a forward reference): the addressing mode
                // still decides the size, as in 64tass (`ane #later` is 2 bytes).
                Ok(mut v) => {
                    for (x, e) in v.iter_mut().zip(exprs.iter()) {
                        if x.val.is_none() {
                            x.val = shape(e);
                        }
                    }
                    v
                }
                Err(_) => {
                    // Keep later addresses where they would be: as long as
                    // the operand's addressing mode makes the instruction.
                    let shapes: Vec<Located> = exprs
                        .iter()
                        .map(|e| Located {
                            val: shape(e),
                            pos: e.pos,
                        })
                        .collect();
                    self.emit_placeholder(line, op, width, &shapes, at);
                    return Step::Next;
                }
            }
        };
        let mpos32 = at;
        // An error kept in an operand (a list's element) is reported here,
        // unless no addressing mode takes operands of that shape.
        // The R65C02's bit instructions take two operands (`rmb 1,zp`) or
        // three (`bbr 1,zp,target`).
        let bits = |mode| matches!(op, Op::Real(i) if table(self.st.cpu)[i as usize].has(mode));
        let indexed = match &vals[..] {
            [_, r] => matches!(r.val, Value::Register('x' | 'y')) || bits(Mode::ZeroPageBit),
            [_, _, _] => bits(Mode::ZeroPageBitRelative),
            _ => vals.len() < 2,
        };
        for v in vals.iter().filter(|_| indexed) {
            if let Err(f) = crate::value::convert::deep_error(&v.val) {
                let _ = self.fault(line, v.pos, f);
                return Step::Next;
            }
        }
        // A list operand assembles the instruction once per element, as in
        // 64tass (`lda table` where `table` labels a `.bfor`, `ldx #(3, 4)`).
        if let Some((first, rest)) = vals.split_first()
            && let Some(items) = first.val.elements()
        {
            for item in items {
                let mut one = vec![super::eval::Located {
                    val: item.clone(),
                    pos: first.pos,
                }];
                one.extend(rest.iter().cloned());
                match self.encode(line, op, width, &one, mpos32) {
                    Ok(bytes) => {
                        self.emit_instruction(line, &bytes, mpos32);
                        self.alias_warning(line, mpos, mend);
                    }
                    Err(Bad(at, msg)) => {
                        let span = self.span_at(line, at);
                        self.error(span, Kind::AddressingMode, msg);
                        return Step::Next;
                    }
                }
            }
            return Step::Next;
        }
        self.rounded.set(false);
        match self.encode(line, op, width, &vals, mpos32) {
            Ok(bytes) => {
                if let Some(v) = vals.first() {
                    self.float_round_warning(line, v.pos);
                }
                if bytes.is_empty() {
                    // A pseudo branch to the next line: listed, no bytes.
                    self.record_empty_instruction(line);
                }
                self.emit_instruction(line, &bytes, mpos32);
                self.alias_warning(line, mpos, mend);
            }
            Err(Bad(at, msg)) => {
                // A macro of the same name is called when the instruction fails.
                let name = crate::syntax::expr::intern_name(
                    &mut self.names,
                    &line.text[mpos..mend],
                    self.dialect,
                );
                if let Some(id) = self.lookup(name) {
                    let v = self.syms.label(id).value.clone();
                    if matches!(v, Value::Macro(..) | Value::Func(FuncId(_, false))) {
                        self.touch(id);
                        let ctx = self.st.context();
                        let _ = self.call_macro_value(
                            line,
                            &v,
                            pos,
                            newlabel,
                            ctx,
                            line.span(mpos, mend),
                        );
                        return Step::Next;
                    }
                }
                let span = self.span_at(line, at);
                let kind = if msg.starts_with("branch") {
                    Kind::BranchOutOfRange
                } else if msg.starts_with("too large")
                    || msg.starts_with("value needs")
                    || msg.starts_with("not a direct")
                {
                    Kind::ValueOutOfRange
                } else {
                    Kind::AddressingMode
                };
                if !msg.is_empty() {
                    self.error(span, kind, msg);
                }
                let shapes: Vec<Located> = vals
                    .iter()
                    .map(|v| Located {
                        val: unknown_inside(&v.val),
                        pos: v.pos,
                    })
                    .collect();
                self.emit_placeholder(line, op, width, &shapes, at);
            }
        }
        Step::Next
    }

    /// An instruction's bytes; a wrap of the compile offset is reported at
    /// its mnemonic (after a label on the line, as in 64tass).
    fn emit_instruction(&mut self, line: &LineRef, bytes: &[u8], mnemonic: Pos) {
        self.st.emit_at = Some(mnemonic);
        self.emit(line, bytes);
        self.st.emit_at = None;
    }

    /// After an error, emit something of the likely size so later addresses stay put.
    fn emit_placeholder(
        &mut self,
        line: &LineRef,
        op: Op,
        width: Width,
        shapes: &[Located],
        at: Pos,
    ) {
        // Errors already reported; this encoding only measures.
        let before = self.diags.len();
        if let Ok(bytes) = self.encode(line, op, width, shapes, at) {
            self.emit(line, &vec![0; bytes.len()]);
        }
        self.diags.truncate(before);
    }

    fn encode(
        &mut self,
        line: &LineRef,
        op: Op,
        width: Width,
        vals: &[Located],
        mpos: Pos,
    ) -> Result<Code, Bad> {
        let (m, name) = match op {
            Op::Real(i) => {
                let m = &table(self.st.cpu)[i as usize];
                (m, m.name)
            }
            Op::Always(code) => return self.always(line, code, width, vals, mpos),
        };
        // `@l` is refused where an address would be sized (`nop @l`, `asl @l a`
        // take none).
        let sized = match vals {
            [] => false,
            [v] => !matches!(v.val, Value::Register(_)),
            _ => true,
        };
        if width == Width::Long && sized {
            return Err(Bad(
                mpos,
                format!("no long sized addressing mode for opcode '{name}'"),
            ));
        }
        match vals {
            [] => {
                if let Some(code) = m.opcode(Mode::Implied) {
                    return Ok(smallvec::smallvec![code]);
                }
                // A bare shift is its accumulator form; the 65C02's `inc`
                // and `dec` need their `a`, as in 64tass.
                if let Some(code) = m.opcode(Mode::Accumulator)
                    && !matches!(name, "inc" | "dec")
                {
                    if self.opts.warnings.implied_reg {
                        let span = line.span(mpos as usize, mpos as usize + 3);
                        self.warn(
                            "implied-reg",
                            span,
                            format!("no implied addressing mode for opcode '{name}'"),
                        );
                    }
                    return Ok(smallvec::smallvec![code]);
                }
                Err(Bad(
                    mpos,
                    format!("no implied addressing mode for opcode '{name}'"),
                ))
            }
            // The R65C02's bit instructions take the bit first.
            [v] if m.has(Mode::ZeroPageBit) || m.has(Mode::ZeroPageBitRelative) => Err(Bad(
                mpos,
                format!("no 1 operand addressing mode for opcode '{name}'"),
            )),
            [bit, zp] if m.has(Mode::ZeroPageBit) => {
                let (code, zp) = self.bit_operands(line, m, Mode::ZeroPageBit, width, bit, zp)?;
                Ok(smallvec::smallvec![code, zp])
            }
            [bit, zp, target] if m.has(Mode::ZeroPageBitRelative) => {
                if width == Width::Word {
                    return Err(Bad(
                        target.pos,
                        format!("no word sized addressing mode for opcode '{name}'"),
                    ));
                }
                let (code, zp) =
                    self.bit_operands(line, m, Mode::ZeroPageBitRelative, width, bit, zp)?;
                if width == Width::Byte {
                    return Err(Bad(
                        bit.pos,
                        format!("no byte sized addressing mode for opcode '{name}'"),
                    ));
                }
                self.relative(line, &[code, zp], &target.val, target.pos, true)
            }
            // A missing addressing mode is the operand's fault: reported at
            // its start (`#`, `(`), values that don't fit at the value.
            [v] => self
                .one_operand(line, m, width, &v.val, v.pos, mpos)
                .map_err(|Bad(at, msg)| Bad(if msg.starts_with("no ") { mpos } else { at }, msg)),
            [v, r] => match &r.val {
                Value::Register(c) if matches!(c, 'x' | 'y') => {
                    let reg = if *c == 'x' { Reg::X } else { Reg::Y };
                    let indexed = super::eval::apply_mode(v.val.clone(), AddrOp::Index(reg));
                    self.one_operand(line, m, width, &indexed, v.pos, mpos)
                }
                _ => Err(Bad(
                    mpos,
                    format!("no 2 operand addressing mode for opcode '{name}'"),
                )),
            },
            _ => Err(Bad(
                mpos,
                format!(
                    "no {} operand addressing mode for opcode '{name}'",
                    vals.len()
                ),
            )),
        }
    }

    fn one_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: Pos,
        mpos: Pos,
    ) -> Result<Code, Bad> {
        let no_mode = |what: &str| no_mode(mpos, what, m.name);
        match v {
            Value::Register(r) => {
                return self
                    .register_operand(m, *r)
                    .ok_or_else(|| no_mode(&format!("register '{r}'")));
            }
            Value::Addr(a) => {
                return self.addr_operand(line, m, width, a.mode, &a.val, pos, mpos);
            }
            _ => {}
        }
        let bytes = self.plain_operand(line, m, width, v, pos, mpos)?;
        if self.opts.warnings.immediate
            && width == Width::Auto
            && !matches!(v, Value::Code(_))
            && bytes.len() == 2
            && m.opcode(Mode::Immediate).is_some()
        {
            // A plain number (not a label, not `address(n)`) on zero page:
            // `cpx 4` is likelier a missing `#` than a zero page variable.
            let span = self.span_at(line, pos);
            self.warn(
                "immediate",
                span,
                "immediate addressing mode suggested".into(),
            );
        }
        Ok(bytes)
    }

    /// A value with no addressing-mode operator: a branch's target, or a
    /// zero page or absolute address.
    fn plain_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: Pos,
        mpos: Pos,
    ) -> Result<Code, Bad> {
        if m.is_branch() {
            if width == Width::Word {
                return Err(no_mode(mpos, "word sized", m.name));
            }
            // `@b` asks for the branch itself: no `jmp` around it with `-B`.
            let code = m.opcode(Mode::Relative).unwrap_or(0);
            return self.relative(line, &[code], v, pos, width != Width::Byte);
        }
        // An instruction with no address operand at all (`rts 4`, `phx 4`).
        if !m.has(Mode::ZeroPage) && !m.has(Mode::Absolute) {
            return Err(no_mode(mpos, "1 operand", m.name));
        }
        self.direct(m, width, v, pos, Mode::ZeroPage, Mode::Absolute, "")
    }

    /// An operand with addressing-mode operators (`#`, `,x`, `(...)`):
    /// `mode` applied to `inner`.
    #[allow(clippy::too_many_arguments)]
    fn addr_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        mode: AddrMode,
        inner: &Value,
        pos: Pos,
        mpos: Pos,
    ) -> Result<Code, Bad> {
        let no_mode = |what: &str| no_mode(mpos, what, m.name);
        let mut width = width;
        let listed;
        let ops: &[AddrOp] = match mode.common_ops() {
            Some(ops) => ops,
            None => {
                let mut all = mode.ops();
                // `,b` (data bank 0) asks for absolute addressing, `,d` (direct
                // page 0) for zero page, as 64tass does on the 6502.
                if let Some(&AddrOp::Index(r @ (Reg::B | Reg::D))) = all.first() {
                    let forced = if r == Reg::B {
                        Width::Word
                    } else {
                        Width::Byte
                    };
                    if width != Width::Auto && width != forced {
                        return Err(no_mode(&mode.describe()));
                    }
                    width = forced;
                    all.remove(0);
                    if all.is_empty() {
                        if m.is_branch() {
                            return Err(no_mode(&mode.describe()));
                        }
                        return self.direct(
                            m,
                            width,
                            inner,
                            pos,
                            Mode::ZeroPage,
                            Mode::Absolute,
                            "",
                        );
                    }
                }
                listed = all;
                &listed
            }
        };
        match ops {
            [AddrOp::Imm] | [AddrOp::ImmSigned] => {
                if width == Width::Word {
                    return Err(no_mode("word sized immediate"));
                }
                // 64tass takes `bcs #n` as the raw branch offset.
                let raw_branch = m.is_branch();
                let code = m
                    .opcode(Mode::Immediate)
                    .or_else(|| raw_branch.then(|| m.opcode(Mode::Relative))?)
                    .ok_or_else(|| no_mode("immediate"))?;
                let b = match inner {
                    Value::None => 0,
                    _ if ops[0] == AddrOp::ImmSigned
                        || (raw_branch && to_ival(inner, 8, self).is_ok_and(|i| i < 0)) =>
                    {
                        to_ival(inner, 8, self).map_err(|f| Bad(pos, f.msg))? as u8
                    }
                    _ => to_uval(inner, 8, self)
                        .map_err(|f| Bad(pos, self.immediate_hint(f.msg, inner)))?
                        as u8,
                };
                Ok(smallvec::smallvec![code, b])
            }
            [AddrOp::Index(Reg::X)] => self.direct(
                m,
                width,
                inner,
                pos,
                Mode::ZeroPageX,
                Mode::AbsoluteX,
                "x indexed",
            ),
            [AddrOp::Index(Reg::Y)] => self.direct(
                m,
                width,
                inner,
                pos,
                Mode::ZeroPageY,
                Mode::AbsoluteY,
                "y indexed",
            ),
            // `lda ($12)` (65C02).
            [AddrOp::Ind] if m.has(Mode::ZeroPageIndirect) => {
                self.zp_only(m, width, inner, pos, Mode::ZeroPageIndirect, "indirect")
            }
            [AddrOp::Ind] => {
                let code = m
                    .opcode(Mode::Indirect)
                    .ok_or_else(|| no_mode("indirect"))?;
                if width == Width::Byte {
                    return Err(no_mode("byte sized indirect"));
                }
                let addr = self.address(inner, pos)?;
                // The CMOS processors fetch the high byte from the next page.
                if let Some(a) = addr
                    && a & 0xff == 0xff
                    && self.opts.warnings.jmp_bug
                    && !self.st.cpu.is_65c02()
                {
                    let span = self.span_at(line, pos);
                    self.warn("jmp-bug", span, "possible jmp ($xxff) bug".into());
                }
                let a = addr.unwrap_or(0);
                Ok(smallvec::smallvec![code, a as u8, (a >> 8) as u8])
            }
            // `jmp ($1234,x)` (65C02).
            [AddrOp::Index(Reg::X), AddrOp::Ind] if m.has(Mode::AbsoluteIndirectX) => {
                let code = m.opcode(Mode::AbsoluteIndirectX).unwrap_or(0);
                if width == Width::Byte {
                    return Err(no_mode("byte sized x indexed indirect"));
                }
                let a = self.address(inner, pos)?.unwrap_or(0);
                Ok(smallvec::smallvec![code, a as u8, (a >> 8) as u8])
            }
            [AddrOp::Index(Reg::X), AddrOp::Ind] => {
                self.zp_only(m, width, inner, pos, Mode::IndirectX, "x indexed indirect")
            }
            [AddrOp::Ind, AddrOp::Index(Reg::Y)] => {
                self.zp_only(m, width, inner, pos, Mode::IndirectY, "indirect y indexed")
            }
            // `address(n)`: an address with no addressing-mode operator is
            // the plain operand (and never a hint that `#` was meant).
            [] => self.plain_operand(line, m, width, inner, pos, mpos),
            _ => Err(no_mode(&mode.describe())),
        }
    }

    /// 64tass's hint for `lda #-1`-style mistakes.
    fn immediate_hint(&self, msg: String, _v: &Value) -> String {
        msg
    }

    /// `lda x` is `txa`, `inc x` is `inx`, `asl a` is `asl`...
    fn register_operand(&self, m: &Mnemonic, r: char) -> Option<Code> {
        if r == 'a'
            && let Some(code) = m.opcode(Mode::Accumulator)
        {
            return Some(smallvec::smallvec![code]);
        }
        let code = match (m.name, r) {
            ("lda", 'x') => 0x8a,
            ("lda", 'y') => 0x98,
            ("ldx", 'a') => 0xaa,
            ("ldy", 'a') => 0xa8,
            ("ldx", 's') => 0xba,
            ("stx", 's') => 0x9a,
            ("inc", 'x') => 0xe8,
            ("inc", 'y') => 0xc8,
            ("dec", 'x') => 0xca,
            ("dec", 'y') => 0x88,
            _ => return None,
        };
        Some(smallvec::smallvec![code])
    }

    /// The operand as an address (`None`: not known yet).
    fn address(&self, v: &Value, pos: Pos) -> Result<Option<u32>, Bad> {
        if v.is_none() {
            return Ok(None);
        }
        if let Value::Addr(a) = v {
            if a.mode == AddrMode::NONE {
                return self.address(&a.val, pos);
            }
            return Err(Bad(
                pos,
                format!("can't use address '{}' here", a.mode.describe()),
            ));
        }
        match to_uval(v, 16, self) {
            Ok(a) => Ok(Some(a as u32)),
            Err(f) if f.none => Ok(None),
            Err(f) => Err(Bad(pos, f.msg)),
        }
    }

    /// Zero page or absolute (`zp`/`abs` are the two modes of the form).
    #[allow(clippy::too_many_arguments)]
    fn direct(
        &mut self,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: Pos,
        zp: Mode,
        abs: Mode,
        what: &str,
    ) -> Result<Code, Bad> {
        let name = m.name;
        let zp_code = m.opcode(zp);
        let abs_code = m.opcode(abs);
        if zp_code.is_none() && abs_code.is_none() {
            let w = if what.is_empty() { "direct" } else { what };
            return Err(Bad(
                pos,
                format!("no {w} addressing mode for opcode '{name}'"),
            ));
        }
        let addr = self.address(v, pos)?;
        let use_zp = match (width, self.sizing_address(v, addr, zp)) {
            (Width::Byte, _) => true,
            (Width::Word, _) => false,
            (_, Some(a)) => a <= 0xff && zp_code.is_some(),
            (_, None) => abs_code.is_none(),
        };
        self.note_operand_wrap(m, v, use_zp);
        if use_zp {
            let Some(code) = zp_code else {
                return Err(Bad(
                    pos,
                    format!(
                        "no byte sized {}addressing mode for opcode '{name}'",
                        if what.is_empty() {
                            String::new()
                        } else {
                            format!("{what} ")
                        }
                    ),
                ));
            };
            let a = addr.unwrap_or(0);
            if self.not_direct_page(v, a, width == Width::Byte) {
                return Err(Bad(
                    pos,
                    format!(
                        "not a direct page address {}",
                        crate::value::convert::describe(v, self)
                    ),
                ));
            }
            return Ok(smallvec::smallvec![code, a as u8]);
        }
        let Some(code) = abs_code else {
            if width == Width::Word {
                return Err(Bad(
                    pos,
                    format!(
                        "no word sized {}addressing mode for opcode '{name}'",
                        if what.is_empty() {
                            String::new()
                        } else {
                            format!("{what} ")
                        }
                    ),
                ));
            }
            return Err(Bad(
                pos,
                format!(
                    "not a direct page address {}",
                    crate::value::convert::describe(v, self)
                ),
            ));
        };
        let a = addr.unwrap_or(0);
        Ok(smallvec::smallvec![code, a as u8, (a >> 8) as u8])
    }

    /// `@b label + n` or `(label + n),y` of a label on the direct page:
    /// 64tass checks the label's own address and keeps the low byte of the sum.
    fn byte_of_code(&self, v: &Value) -> bool {
        let Value::Code(c) = v else {
            return false;
        };
        c.offs != 0 && self.syms.code(c.id).addr <= 0xff
    }

    /// Whether a direct-page operand can't take `v` (its address `a`): above
    /// $ff, unless it is a direct-page label plus an offset. A label plus an
    /// offset that passes $ffff is not direct page where it is asked for
    /// (`strict`: `@b`, `(zp),y`) even if the address wraps to it (64tass:
    /// `* = $fff0` / `l adc @b l + 161`; without `@b` it is `adc $91`).
    fn not_direct_page(&self, v: &Value, a: u32, strict: bool) -> bool {
        if self.byte_of_code(v) {
            return false;
        }
        let beyond = match v {
            Value::Code(c) => self.syms.code(c.id).addr as i64 + c.offs as i64 > 0xffff,
            _ => false,
        };
        a > 0xff || (strict && beyond)
    }

    /// `(zp,x)` and `(zp),y`: zero page only.
    fn zp_only(
        &mut self,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: Pos,
        mode: Mode,
        what: &str,
    ) -> Result<Code, Bad> {
        let name = m.name;
        let Some(code) = m.opcode(mode) else {
            return Err(Bad(
                pos,
                format!("no {what} addressing mode for opcode '{name}'"),
            ));
        };
        if width == Width::Word {
            return Err(Bad(
                pos,
                format!("no word sized {what} addressing mode for opcode '{name}'"),
            ));
        }
        let a = self.address(v, pos)?.unwrap_or(0);
        if self.not_direct_page(v, a, true) {
            return Err(Bad(
                pos,
                format!(
                    "not a direct page address {}",
                    crate::value::convert::describe(v, self)
                ),
            ));
        }
        self.note_operand_wrap(m, v, true);
        Ok(smallvec::smallvec![code, a as u8])
    }

    /// The bit number and zero page address of `rmb`, `smb`, `bbr`, `bbs`
    /// (`bit,zp`): the opcode of that bit and the address byte.
    fn bit_operands(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        mode: Mode,
        width: Width,
        bit: &Located,
        zp: &Located,
    ) -> Result<(u8, u8), Bad> {
        let name = m.name;
        if width == Width::Word {
            return Err(Bad(
                bit.pos,
                format!("no word sized addressing mode for opcode '{name}'"),
            ));
        }
        let b = if bit.val.is_none() {
            0
        } else {
            to_uval(&bit.val, 3, self).map_err(|f| Bad(bit.pos, f.msg))? as u8
        };
        let v = match &zp.val {
            Value::Addr(a) if a.mode != AddrMode::NONE => {
                return Err(Bad(
                    operand_start(line, zp.pos),
                    format!(
                        "no {} addressing mode for opcode '{name}'",
                        a.mode.describe()
                    ),
                ));
            }
            Value::Addr(a) => &a.val,
            v => v,
        };
        let a = self.address(v, zp.pos)?.unwrap_or(0);
        if self.not_direct_page(v, a, true) {
            return Err(Bad(
                zp.pos,
                format!(
                    "not a direct page address {}",
                    crate::value::convert::describe(v, self)
                ),
            ));
        }
        let code = m.opcode(mode).unwrap_or(0) | b << 4;
        Ok((code, a as u8))
    }

    /// A relative branch: `head` (the opcode, and `bbr`'s zero page byte)
    /// and the offset to `v`, or with `-B` (`may_be_long`) where it does
    /// not reach, the opposite branch over a `jmp` (`bra`: the `jmp` alone).
    fn relative(
        &mut self,
        line: &LineRef,
        head: &[u8],
        v: &Value,
        pos: Pos,
        may_be_long: bool,
    ) -> Result<Code, Bad> {
        let code = head[0];
        let with = |offset: u8| -> Code {
            match *head {
                [code] => smallvec::smallvec![code, offset],
                _ => {
                    let mut c = Code::from_slice(head);
                    c.push(offset);
                    c
                }
            }
        };
        // `bbr 0,$12,#3`: the offset itself, as for the other branches.
        if head.len() > 1
            && let Value::Addr(a) = v
            && let Some(&[op @ (AddrOp::Imm | AddrOp::ImmSigned)]) = a.mode.common_ops()
        {
            if a.val.is_none() {
                return Ok(with(0));
            }
            let at = operand_start(line, pos);
            let b = match to_ival(&a.val, 8, self) {
                Ok(i) if i < 0 || op == AddrOp::ImmSigned => i as u8,
                Err(f) if op == AddrOp::ImmSigned => return Err(Bad(at, f.msg)),
                _ => to_uval(&a.val, 8, self).map_err(|f| Bad(at, f.msg))? as u8,
            };
            return Ok(with(b));
        }
        let Some(target) = self.address(v, pos)? else {
            return Ok(with(0));
        };
        let from = (self.st.star + head.len() as u32 + 1) & 0xffff;
        let mut offset = target as i64 - from as i64;
        // The program counter wraps at 64 KiB: $fff2 reaches $0000 (64tass).
        if target <= 0xffff && !(-128..=127).contains(&offset) {
            let wrapped = (target as u16).wrapping_sub(from as u16) as i16 as i64;
            if wrapped.abs() < offset.abs() {
                offset = wrapped;
            }
        }
        if (-128..=127).contains(&offset) {
            if (from ^ target) & 0xff00 != 0 {
                // How far past the page's end (or before its start) it goes.
                let page = (from & 0xff00) as i64;
                let by = if target > from {
                    target as i64 - (page + 0xff)
                } else {
                    target as i64 - page
                };
                let msg = || format!("branch crosses page by {by:+} bytes");
                if !self.st.allow_branch_across_page {
                    let span = self.span_at(line, pos);
                    self.error(span, Kind::BranchOutOfRange, msg());
                } else if self.opts.warnings.branch_page {
                    let span = self.span_at(line, pos);
                    self.warn("branch-page", span, msg());
                }
            }
            return Ok(with(offset as u8));
        }
        // A branch around a jump, with `-B`; a jump to the same place made
        // earlier in this pass is reused when it is in reach. `bra` becomes
        // the `jmp` (which 64tass does not offer for reuse).
        if self.opts.long_branch && may_be_long {
            let jmp = [0x4c, target as u8, (target >> 8) as u8];
            let key = (self.st.section, target);
            let always = head == [0x80];
            if !always && let Some(&dest) = self.st.longjumps.get(&key) {
                let off = dest as i64 - from as i64;
                if (-128..=127).contains(&off) {
                    return Ok(with(off as u8));
                }
            }
            if self.opts.warnings.long_branch {
                let span = self.span_at(line, pos);
                self.warn("long-branch", span, "long branch used".into());
            }
            if always {
                return Ok(Code::from_slice(&jmp));
            }
            self.st.longjumps.insert(key, from);
            // The opposite condition: `bcc`/`bcs` and the others differ in
            // bit 5, `bbr`/`bbs` in bit 7.
            let opposite = if head.len() > 1 { 0x80 } else { 0x20 };
            let mut c = Code::from_slice(head);
            c[0] = code ^ opposite;
            c.push(3);
            c.extend_from_slice(&jmp);
            return Ok(c);
        }
        let by = if offset > 127 {
            offset - 127
        } else {
            offset + 128
        };
        Err(Bad(pos, format!("branch too far by {by:+} bytes")))
    }

    /// `gne label`: a branch when it reaches, a `jmp` when it doesn't, one
    /// byte when it skips one byte, nothing when it would go to the next line.
    /// `gne @b label` is always the branch, `gne @w label` always the `jmp`.
    fn always(
        &mut self,
        line: &LineRef,
        code: u8,
        width: Width,
        vals: &[Located],
        mpos: Pos,
    ) -> Result<Code, Bad> {
        let [v] = vals else {
            return Err(Bad(mpos, "the branch needs one address".into()));
        };
        let star = self.st.star;
        let vline = self.st.vline;
        let last_end = self.st.branch_ends.get(&vline).copied();
        let target = self.address(&v.val, v.pos)?;
        let far =
            |target: u32| -> Code { smallvec::smallvec![0x4c, target as u8, (target >> 8) as u8] };
        let bytes = match (width, target) {
            // The forced widths are those of the `jmp` it would become.
            (Width::Long, _) => {
                return Err(Bad(
                    v.pos,
                    "no long sized addressing mode for opcode 'jmp'".into(),
                ));
            }
            (Width::Word, t) => far(t.unwrap_or(0)),
            (Width::Byte, None) => smallvec::smallvec![code, 0],
            (Width::Byte, Some(target)) => {
                let offset = (target as i64 - (star as i64 + 2)) as i16 as i64;
                if !(-128..=127).contains(&offset) {
                    return Err(Bad(
                        v.pos,
                        "no byte sized addressing mode for opcode 'jmp'".into(),
                    ));
                }
                smallvec::smallvec![code, offset as u8]
            }
            (Width::Auto, None) => far(0),
            (Width::Auto, Some(target)) => {
                // As 64tass: a label not yet defined this pass (one ahead) is
                // measured from where this instruction ended last pass, as the
                // label moves with the instruction's size: `gcc` to itself
                // stays a branch and `gcc` to the next line vanishes. Any other
                // address is measured from the instruction's own end.
                let ahead = match &v.val {
                    Value::Code(c) => self.syms.code(c.id).pass != self.st.pass,
                    _ => false,
                };
                let from = match last_end {
                    Some(end) if ahead => end,
                    _ => (star + 2) & 0xffff,
                };
                let offset = (target as i64 - from as i64) as i16 as i64;
                if !(-128..=127).contains(&offset) {
                    if self.opts.warnings.long_branch {
                        let span = self.span_at(line, v.pos);
                        self.warn("long-branch", span, "long branch used".into());
                    }
                    far(target)
                } else if offset == 0 {
                    Code::new()
                } else if offset == 1 && code == 0x80 {
                    // `gra` over one byte: the R65C02's two-byte `nop #`
                    // (its first byte); the 65C02 has none, so `bra`.
                    match self.st.cpu {
                        Cpu::R65C02 | Cpu::W65C02 => smallvec::smallvec![0x82],
                        _ => smallvec::smallvec![code, 1],
                    }
                } else if offset == 1 {
                    smallvec::smallvec![code ^ 0x20]
                } else {
                    smallvec::smallvec![code, offset as u8]
                }
            }
        };
        let end = (star + bytes.len() as u32) & 0xffff;
        if last_end.is_some_and(|e| e != end) {
            self.st.fixeddig = false;
        }
        self.st.branch_ends.insert(vline, end);
        Ok(bytes)
    }
}

/// An operand's addressing mode with the value unknown: what a failed
/// operand would have assembled as.
fn shape(e: &crate::syntax::ast::Expr) -> Value {
    match &e.kind {
        crate::syntax::ast::ExprKind::Addr(op, inner) => match shape(inner) {
            // The mode is kept around the unknown value (`#label` stays an
            // immediate: 2 bytes, as 64tass counts it).
            Value::None => Value::Addr(std::rc::Rc::new(crate::value::Address {
                mode: crate::value::AddrMode::NONE.push(*op).unwrap_or_default(),
                val: Value::None,
            })),
            v => super::eval::apply_mode(v, *op),
        },
        _ => Value::None,
    }
}

/// A value's addressing mode with the value itself unknown.
fn unknown_inside(v: &Value) -> Value {
    match v {
        Value::Addr(a) => Value::Addr(std::rc::Rc::new(crate::value::Address {
            mode: a.mode,
            val: unknown_inside(&a.val),
        })),
        Value::Register(_) => v.clone(),
        _ => Value::None,
    }
}

/// An operand of addressing-mode operators around a value (`v`, `#v`,
/// `v,x`, `(v),y`): the mode they make and the value's expression. `None`
/// for anything else (more operators than this, `(zp, x)` written as a
/// tuple, a tuple or `*list` on its own).
fn plain_modes(e: &crate::syntax::ast::Expr) -> Option<(AddrMode, &crate::syntax::ast::Expr)> {
    let mut ops = [AddrOp::Imm; 3];
    let mut n = 0;
    let mut x = e;
    while let ExprKind::Addr(op, inner) = &x.kind {
        if n == ops.len() {
            return None;
        }
        ops[n] = *op;
        n += 1;
        x = inner;
    }
    if matches!(x.kind, ExprKind::Tuple(_))
        || (n == 0 && matches!(x.kind, ExprKind::Unary(crate::syntax::ast::UnOp::Splat, _)))
    {
        return None;
    }
    ops[..n]
        .iter()
        .rev()
        .try_fold(AddrMode::NONE, |m, &op| m.push(op))
        .map(|m| (m, x))
}

/// Where the operand whose value starts at `pos` starts: before its
/// addressing-mode operators (`#`, `(`), where 64tass reports them.
fn operand_start(line: &LineRef, pos: Pos) -> Pos {
    let mut p = pos as usize;
    while p > line.start && matches!(line.at(p - 1), b' ' | b'\t' | b'#' | b'(' | b'[') {
        p -= 1;
    }
    while p < pos as usize && matches!(line.at(p), b' ' | b'\t') {
        p += 1;
    }
    p as Pos
}

/// "no immediate addressing mode for opcode 'lda'", at the mnemonic.
fn no_mode(mpos: Pos, what: &str, name: &str) -> Bad {
    Bad(
        mpos,
        format!("no {what} addressing mode for opcode '{name}'"),
    )
}
