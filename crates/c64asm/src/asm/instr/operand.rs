//! One operand: the addressing mode its operators select on the current
//! processor, and how its value becomes bytes. A plain address is direct
//! page, data bank or long, whichever range it falls in (`.dpage`,
//! `.databank`); jumps stay in the program bank; the `,b`, `,d`, `,k` and
//! `#` forms take the offset as written. The rules are 64tass's.

use super::{Assembler, Bad, Code, Width, no_mode, operand_start};
use crate::asm::eval::Located;
use crate::asm::lines::LineRef;
use crate::diag::Kind;
use crate::opcodes::{ImmediateSize, Mnemonic, Mode, immediate_size};
use crate::symbols::PcType;
use crate::syntax::ast::{AddrOp, Pos, Reg, UnOp};
use crate::syntax::scan::{self, Number};
use crate::value::convert::{describe, to_ival, to_uval};
use crate::value::{AddrMode, Address, Value};

/// The index register a register value names (`lda $12, x`).
pub fn index_register(c: char) -> Option<Reg> {
    match c {
        'x' | 'y' | 'z' | 's' | 'r' | 'd' | 'b' | 'k' => Reg::from_letter(c as u8),
        _ => None,
    }
}

/// The operand as written, for messages: a value, or operators around one
/// (made a value of its own only when a message needs it).
#[derive(Clone, Copy)]
pub(super) enum Whole<'v> {
    Plain(&'v Value),
    Mode(AddrMode, &'v Value),
}

impl Whole<'_> {
    fn value(self) -> Value {
        match self {
            Whole::Plain(v) => v.clone(),
            Whole::Mode(mode, v) => Value::Addr(std::rc::Rc::new(Address {
                mode,
                val: v.clone(),
            })),
        }
    }
}

/// How an operand's value becomes an instruction's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Gen {
    /// A direct page address only (`(zp),y`).
    DirectPage,
    /// A bank 0 address only (`jmp (abs)`).
    Bank0,
    /// An address in the program bank (`jmp abs`, `jsr`).
    ProgramBank,
    /// A byte as written (`#`, `,d`, `,s`), unsigned or signed.
    Byte,
    SignedByte,
    /// Direct page, data bank or (`three`) long: whichever the address is in.
    Choice {
        three: bool,
    },
    /// A word as written (`#` after `.al`, `,b`, `pea`), unsigned or signed.
    Word,
    SignedWord,
    /// A long branch to a 16-bit address in the program bank (`brl $1234,k`).
    RelativeInBank,
    /// A long branch's offset (`brl`, `per`, `bsr`).
    RelativeLong,
}

/// The wider modes of a direct page mode: absolute, then long.
fn widen(zp: Mode) -> (Mode, Option<Mode>) {
    match zp {
        Mode::ZeroPageX => (Mode::AbsoluteX, Some(Mode::LongX)),
        Mode::ZeroPageY => (Mode::AbsoluteY, None),
        _ => (Mode::Absolute, Some(Mode::Long)),
    }
}

/// `jmp` and `jsr`: their addresses are in the program bank.
fn is_jump(m: &Mnemonic) -> bool {
    matches!(m.opcode(Mode::Absolute), Some(0x20 | 0x4c))
}

/// A branch that takes its offset raw after `#` (`bcc #3`, `brl #$1234`);
/// the 65EL02's `rer` is no branch.
pub(super) fn takes_raw_offset(m: &Mnemonic) -> bool {
    (m.has(Mode::Relative) && !m.is("rer") && !m.is_pseudo()) || m.has(Mode::RelativeLong)
}

impl Assembler<'_> {
    /// The program counter (the next instruction's address).
    pub(super) fn pc(&self) -> u32 {
        self.out.addr(self.st.addr).l_address
    }

    /// How many bits an address has on the current processor.
    pub(super) fn address_bits(&self) -> u32 {
        if self.out.all_mem == 0xffff { 16 } else { 24 }
    }

    /// One operand: a register (`asl a`, `lda x`), an address with
    /// operators (`#`, `,x`, `(...)`) or a plain value. `at` is where the
    /// operand starts (its addressing mode is reported there), `pos` its value.
    pub(super) fn one_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: Pos,
        at: Pos,
    ) -> Result<Code, Bad> {
        if let Some((mode, inner)) = self.stack_variable(v) {
            return self.addr_operand(line, m, width, mode, &inner, None, pos, at);
        }
        match v {
            Value::Register(r) => match crate::opcodes::register_form(m, *r, self.st.cpu) {
                Some(code) => Ok(smallvec::smallvec![code]),
                // A pseudo branch repeats the error for its jump: kept as one.
                None if m.is_pseudo() => Err(no_mode(at, &format!("register '{r}'"), m.name())),
                // 64tass goes on without a value after refusing the register:
                // `clc a` is refused again as a plain operand, `jmp @lp` or
                // `bne @wp` for the size asked for.
                None => {
                    let span = self.span_at(line, at);
                    let msg = format!(
                        "no register '{r}' addressing mode for opcode '{}'",
                        m.name()
                    );
                    self.error(span, Kind::AddressingMode, msg);
                    self.plain_operand(line, m, width, &Value::None, Whole::Plain(v), pos, at)
                }
            },
            Value::Addr(a) if a.mode != AddrMode::NONE => {
                self.addr_operand(line, m, width, a.mode, &a.val, None, pos, at)
            }
            // `address(n)`: the plain operand, never a hint that `#` was meant.
            Value::Addr(a) => self.plain_operand(line, m, width, &a.val, Whole::Plain(v), pos, at),
            _ => self.plain_operand(line, m, width, v, Whole::Plain(v), pos, at),
        }
    }

    /// A value with no addressing-mode operator: a branch's target, or a
    /// direct page, data bank or long address (`whole`: the operand as
    /// written, for messages).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn plain_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        whole: Whole,
        pos: Pos,
        at: Pos,
    ) -> Result<Code, Bad> {
        if m.has(Mode::Relative) {
            return self.branch(line, m, width, super::branch::Target::Address(v), at);
        }
        let Some((how, mode)) = plain_mode(m) else {
            // `rts 4`, `phx 4`.
            return Err(no_mode(at, "1 operand", m.name()));
        };
        match how {
            Gen::Choice { three } => self.choose(line, m, three, mode, width, v, whole, pos),
            _ => self.generate(line, m, how, mode, width, v, whole, pos),
        }
    }

    /// An operand with addressing-mode operators (`#`, `,x`, `(...)`):
    /// `mode` applied to `inner`; the messages name `shown` where given:
    /// `sta ptr, y` (the index a register argument of its own) is "not a data
    /// bank address bits '$afc000'" in 64tass, the value alone, where
    /// `sta ptr,y` names the address '$afc000,y'.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn addr_operand(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        mode: AddrMode,
        inner: &Value,
        shown: Option<&Value>,
        pos: Pos,
        at: Pos,
    ) -> Result<Code, Bad> {
        // `(var),y` of a stack variable: its own operators inside these.
        if let Some((inner_mode, value)) = self.stack_variable(inner) {
            let mode = mode
                .ops()
                .iter()
                .try_fold(inner_mode, |m, &op| m.push(op))
                .unwrap_or(mode);
            return self.addr_operand(line, m, width, mode, &value, shown, pos, at);
        }
        let listed;
        let ops: &[AddrOp] = match mode.common_ops() {
            Some(ops) => ops,
            None => {
                listed = mode.ops();
                &listed
            }
        };
        let whole = shown.map_or(Whole::Mode(mode, inner), Whole::Plain);
        let Some((how, col)) = self.match_mode(m, ops, width) else {
            return Err(no_mode(at, &mode.describe(), m.name()));
        };
        match col {
            // `bcc #3`, `brl #$1234`: the offset itself.
            Mode::Immediate if takes_raw_offset(m) => {
                if !m.has(Mode::Relative) && width == Width::Byte {
                    return Err(Bad(at, width.refused(m.name())));
                }
                let signed = how == Gen::SignedByte;
                let raw = super::branch::Target::Raw(inner, signed);
                self.branch(line, m, width, raw, at)
            }
            // `bcc $1234,k`: an address in the program bank.
            Mode::Relative => {
                let target = super::branch::Target::InBank(inner);
                self.branch(line, m, width, target, at)
            }
            Mode::Immediate => {
                let code = m.opcode(col).unwrap_or(0);
                self.value_bytes(m, how, code, width, inner, pos)
            }
            _ => match how {
                Gen::Choice { three } => self.choose(line, m, three, col, width, inner, whole, pos),
                _ => self.generate(line, m, how, col, width, inner, whole, pos),
            },
        }
    }

    /// `#n` with `n` an integer of 0 to 255 where the immediate is a
    /// byte (most immediates: `lda #0`, `ldx #$ff`): its two bytes, as
    /// [`Self::addr_operand`] makes them, without its mode matching and
    /// conversion. None: the general path (a size asked for, a word
    /// immediate, a branch's raw offset, `.autsiz`'s `rep`/`sep`).
    // Always inlined: `instruction_line`'s quick path and `moved_operand`
    // both use it, and out of line it costs every instruction a call.
    #[inline(always)]
    pub(super) fn byte_immediate(
        &self,
        m: &Mnemonic,
        width: Width,
        mode: AddrMode,
        v: &Value,
    ) -> Option<[u8; 2]> {
        // A number that fits a byte (a bit string, `$12`, as `to_uval` reads it).
        let n = match *v {
            Value::Int(n @ 0..=0xff) => n as u64,
            Value::Bits(b) if !b.inv && b.val <= 0xff => b.val,
            _ => return None,
        };
        if !matches!(mode.common_ops(), Some([AddrOp::Imm])) || width != Width::Auto {
            return None;
        }
        let code = m.opcode(Mode::Immediate)?;
        if self.st.autosize || takes_raw_offset(m) {
            return None;
        }
        let byte = match immediate_size(m, self.st.cpu) {
            ImmediateSize::Index => !self.st.long_index,
            ImmediateSize::Accumulator => !self.st.long_accu,
            ImmediateSize::Word => false,
            ImmediateSize::Unsigned | ImmediateSize::Byte => true,
        };
        byte.then_some([code, n as u8])
    }

    /// The bytes of an operand that is one plain number, alone or after
    /// `#` (`sta $d020`, `lda #0`, see [`scan::plain_operand`]), made
    /// straight from its text as the quick path makes them from its parse
    /// and value ([`Self::byte_immediate`], [`Self::quick_address`]), and
    /// where the number starts. `None`: the general path (nothing done).
    #[inline(always)]
    pub(super) fn plain_number_operand(
        &self,
        line: &LineRef,
        pos: usize,
        m: &Mnemonic,
    ) -> Option<(super::Word, Pos)> {
        let (imm, n, at) = scan::plain_operand(line.text.as_bytes(), pos, line.end)?;
        let v = match n {
            Number::Int(v) => Value::Int(v),
            Number::Bits(b) => Value::Bits(b),
            _ => return None,
        };
        let word = if imm {
            let [code, byte] = self.byte_immediate(m, Width::Auto, AddrMode::IMMEDIATE, &v)?;
            ([code, byte, 0, 0], 2)
        } else {
            self.quick_address(m, Width::Auto, AddrMode::NONE, &v)?
        };
        Some((word, at as Pos))
    }

    /// A plain or indexed address operand (`sta $d020`, `lda tab,x`,
    /// `jsr label`) of an integer or a label's address, both in bank 0:
    /// its bytes, in a word, as [`Self::one_operand`] or [`Self::addr_operand`] make
    /// them (direct page or absolute, what [`Self::choose`] picks; a jump's
    /// in the program bank) when making them reports nothing. None: the
    /// general path (a size asked for, a branch, a wrap, another bank,
    /// `-Wimmediate`'s or `-Waltmode`'s question, a stack variable).
    // Always inlined, as `byte_immediate`.
    #[inline(always)]
    pub(super) fn quick_address(
        &self,
        m: &Mnemonic,
        width: Width,
        mode: AddrMode,
        v: &Value,
    ) -> Option<super::Word> {
        let (uval, base) = match *v {
            Value::Int(n @ 0..=0xffff) => (n as u32, n as u32),
            Value::Bits(b) if !b.inv && b.val <= 0xffff => (b.val as u32, b.val as u32),
            Value::Code(c) if !matches!(self.syms.code_type(c.id), PcType::Address(..)) => {
                let base = self.syms.code(c.id).addr;
                (base.wrapping_add(c.offs as u32), base)
            }
            _ => return None,
        };
        if width != Width::Auto || uval > 0xffff || base > 0xffff {
            return None;
        }
        let abs_bytes = |c: u8| -> super::Word { ([c, uval as u8, (uval >> 8) as u8, 0], 3) };
        let (zp, abs) = if mode == AddrMode::NONE {
            if m.has(Mode::Relative) || m.has(Mode::RelativeLong) {
                return None;
            }
            let abs = m.opcode(Mode::Absolute);
            if is_jump(m) {
                // In the program bank, and no wrap out of it.
                let pc = self.pc();
                return ((pc ^ base) <= 0xffff && (pc ^ uval) <= 0xffff)
                    .then(|| abs_bytes(abs.unwrap_or(0)));
            }
            if abs == Some(0xf4) {
                return None; // `pea`: a word as written.
            }
            (Mode::ZeroPage, abs)
        } else {
            match mode.common_ops() {
                Some([AddrOp::Index(Reg::X)]) => (Mode::ZeroPageX, m.opcode(Mode::AbsoluteX)),
                Some([AddrOp::Index(Reg::Y)]) => (Mode::ZeroPageY, m.opcode(Mode::AbsoluteY)),
                _ => return None,
            }
        };
        // `choose`'s checks, for an address that fits 16 bits.
        let dpage = self.st.dpage;
        let wide = self.st.cpu.has_wide_registers();
        let checked = if zp == Mode::ZeroPage || wide {
            uval
        } else {
            base
        };
        let in_page = dpage <= 0xffff && (checked.wrapping_sub(dpage) & 0xffff) <= 0xff;
        if in_page {
            let c = m.opcode(zp)?;
            let adr = uval.wrapping_sub(dpage);
            // No wrap of the page to warn of, nor a `#` to suggest.
            if adr > 0xff || self.opts.warnings.immediate {
                return None;
            }
            return Some(([c, adr as u8, 0, 0], 2));
        }
        // In the data bank: absolute, its natural size (no other to warn of).
        if self.st.databank != 0 {
            return None;
        }
        abs.map(abs_bytes)
    }

    /// A label defined where the program counter is an address with
    /// operators (`.virtual 1,s`): its operators and its address.
    #[inline]
    pub(super) fn stack_variable(&self, v: &Value) -> Option<(AddrMode, Value)> {
        let Value::Code(c) = v else {
            return None;
        };
        let code = self.syms.code(c.id);
        let PcType::Address(mode, bits) = self.syms.code_type(c.id) else {
            return None;
        };
        // `.logical address($8000)`: no operators, a label like any other.
        if mode == AddrMode::NONE {
            return None;
        }
        let addr = code.addr.wrapping_add(c.offs as u32) & self.out.all_mem;
        let base = if bits == 0 {
            PcType::Int
        } else {
            PcType::Bits(bits)
        };
        Some((mode, crate::asm::eval::pc_value(addr, base)))
    }

    /// Which addressing mode of `m` the operators `ops` (innermost first)
    /// select, and how its value is made into bytes; `None`: `m` has none.
    #[inline]
    fn match_mode(&self, m: &Mnemonic, ops: &[AddrOp], width: Width) -> Option<(Gen, Mode)> {
        use AddrOp::{Imm, ImmSigned, Ind, Index, LongInd};
        use Mode::*;
        use Reg::{B, D, K, R, S, X, Y, Z};
        // `#$12,d`: an offset from the direct page (data bank, program
        // bank, stack) written as an immediate.
        let ops = match ops {
            [Imm, Index(B | D | K | S | R), ..] => &ops[1..],
            [ImmSigned, Index(S), Ind, Index(Y)] => &ops[1..],
            _ => ops,
        };
        let has = |mode| m.has(mode);
        let byte_on_ce = if self.st.cpu.is_65ce02() {
            Gen::SignedByte
        } else {
            Gen::Byte
        };
        Some(match ops {
            [Imm] | [ImmSigned] => (
                self.immediate_gen(m, ops[0] == ImmSigned, width)?,
                Immediate,
            ),
            [Index(B)] if has(Absolute) && !is_jump(m) && m.opcode(Absolute) != Some(0xf4) => {
                (Gen::Word, Absolute)
            }
            [Index(K)] if has(Relative) => (Gen::Byte, Relative),
            [Index(K)] if has(RelativeLong) => (Gen::RelativeInBank, RelativeLong),
            [Index(K)] if is_jump(m) => (Gen::Word, Absolute),
            [Index(D)] if has(ZeroPage) => (Gen::Byte, ZeroPage),
            [Index(B), Index(X)] if has(AbsoluteX) => (Gen::Word, AbsoluteX),
            [Index(D), Index(X)] if has(ZeroPageX) => (Gen::Byte, ZeroPageX),
            [Index(X)] if has(ZeroPageX) || has(AbsoluteX) || has(LongX) => {
                (Gen::Choice { three: true }, ZeroPageX)
            }
            [Index(B), Index(Y)] if has(AbsoluteY) => (Gen::Word, AbsoluteY),
            [Index(D), Index(Y)] if has(ZeroPageY) => (Gen::Byte, ZeroPageY),
            [Index(Y)] if has(ZeroPageY) || has(AbsoluteY) => {
                (Gen::Choice { three: false }, ZeroPageY)
            }
            [Index(S)] if has(Stack) => (Gen::Byte, Stack),
            [Index(R)] if has(DataStack) => (Gen::Byte, DataStack),
            [Index(D), Ind, Index(Y)] if has(IndirectY) => (Gen::Byte, IndirectY),
            [Ind, Index(Y)] if has(IndirectY) => (Gen::DirectPage, IndirectY),
            [Index(D), Ind, Index(Z)] if has(ZeroPageIndirectZ) => (Gen::Byte, ZeroPageIndirectZ),
            [Ind, Index(Z)] if has(ZeroPageIndirectZ) => (Gen::DirectPage, ZeroPageIndirectZ),
            [Index(S), Ind, Index(Y)] if has(StackIndirectY) => (byte_on_ce, StackIndirectY),
            [Index(R), Ind, Index(Y)] if has(DataStackIndirectY) => (Gen::Byte, DataStackIndirectY),
            [Index(D), LongInd, Index(Y)] if has(LongIndirectY) => (Gen::Byte, LongIndirectY),
            [LongInd, Index(Y)] if has(LongIndirectY) => (Gen::DirectPage, LongIndirectY),
            [Index(X), Ind] if has(AbsoluteIndirectX) => (Gen::ProgramBank, AbsoluteIndirectX),
            [Index(X), Ind] if has(IndirectX) => (Gen::DirectPage, IndirectX),
            [Index(K), Index(X), Ind] if has(AbsoluteIndirectX) => (Gen::Word, AbsoluteIndirectX),
            [Index(D), Index(X), Ind] if has(IndirectX) => (Gen::Byte, IndirectX),
            [Ind] if has(Indirect) => (Gen::Bank0, Indirect),
            [Ind] if has(ZeroPageIndirect) => (Gen::DirectPage, ZeroPageIndirect),
            [Index(D), Ind] if has(ZeroPageIndirect) => (Gen::Byte, ZeroPageIndirect),
            [LongInd] if has(AbsoluteLongIndirect) => (Gen::Bank0, AbsoluteLongIndirect),
            [LongInd] if has(LongIndirect) => (Gen::DirectPage, LongIndirect),
            [Index(D), LongInd] if has(LongIndirect) => (Gen::Byte, LongIndirect),
            _ => return None,
        })
    }

    /// How `#value` is made for `m`: a byte or a word (`.al`, `.xl`, `@w`),
    /// signed with `#+`/`#-`.
    #[inline]
    fn immediate_gen(&self, m: &Mnemonic, signed: bool, width: Width) -> Option<Gen> {
        if !m.has(Mode::Immediate) && !takes_raw_offset(m) {
            return None;
        }
        let long = |flag: bool| (flag && width != Width::Byte) || width == Width::Word;
        let word = match immediate_size(m, self.st.cpu) {
            ImmediateSize::Index => long(self.st.long_index),
            ImmediateSize::Accumulator => long(self.st.long_accu),
            ImmediateSize::Word => true,
            ImmediateSize::Unsigned if signed => return None,
            ImmediateSize::Unsigned | ImmediateSize::Byte => false,
        };
        Some(match (word, signed) {
            (true, true) => Gen::SignedWord,
            (true, false) => Gen::Word,
            (false, true) => Gen::SignedByte,
            (false, false) => Gen::Byte,
        })
    }

    /// The bytes of `m` in mode `mode` for address or value `v`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn generate(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        how: Gen,
        mode: Mode,
        width: Width,
        v: &Value,
        whole: Whole,
        pos: Pos,
    ) -> Result<Code, Bad> {
        let code = m.opcode(mode).unwrap_or(0);
        let allow = |ok: &[Width]| {
            if width == Width::Auto || ok.contains(&width) {
                Ok(())
            } else {
                Err(Bad(pos, width.refused(m.name())))
            }
        };
        match how {
            Gen::DirectPage => {
                allow(&[Width::Byte])?;
                let Some((uval, base)) = self.operand_address(v, pos)? else {
                    return Ok(smallvec::smallvec![code, 0]);
                };
                let b = self.direct_page(line, uval, base, whole, pos)?;
                Ok(smallvec::smallvec![code, b])
            }
            Gen::Bank0 => {
                allow(&[Width::Word])?;
                let Some((uval, base)) = self.operand_address(v, pos)? else {
                    return Ok(smallvec::smallvec![code, 0, 0]);
                };
                if base & self.out.all_mem > 0xffff {
                    return Err(self.not_in(whole, "not a bank 0 address", pos));
                }
                if uval > 0xffff {
                    self.wrap_warning(line, "wrap-bank0", "bank 0 address overflow", pos);
                }
                // The NMOS processors fetch the high byte from the same page.
                if code == 0x6c
                    && uval & 0xff == 0xff
                    && self.opts.warnings.jmp_bug
                    && self.st.cpu.has_jmp_bug()
                {
                    let span = self.span_at(line, pos);
                    self.warn("jmp-bug", span, "possible jmp ($xxff) bug".into());
                }
                Ok(smallvec::smallvec![code, uval as u8, (uval >> 8) as u8])
            }
            Gen::ProgramBank => {
                allow(&[Width::Word])?;
                let Some((uval, base)) = self.operand_address(v, pos)? else {
                    return Ok(smallvec::smallvec![code, 0, 0]);
                };
                let pc = self.pc();
                if (pc ^ base) > 0xffff {
                    return Err(self.not_in(whole, "address in different program bank", pos));
                }
                if (pc ^ uval) > 0xffff {
                    self.wrap_warning(line, "wrap-pbank", "program bank address overflow", pos);
                }
                Ok(smallvec::smallvec![code, uval as u8, (uval >> 8) as u8])
            }
            Gen::Byte | Gen::SignedByte | Gen::Word | Gen::SignedWord => {
                self.value_bytes(m, how, code, width, v, pos)
            }
            Gen::RelativeInBank | Gen::RelativeLong => {
                allow(&[Width::Word])?;
                let pc = self.pc();
                let target = if how == Gen::RelativeInBank {
                    match v {
                        Value::None => None,
                        _ => Some(to_uval(v, 16, self).map_err(|f| Bad(pos, f.msg))? as u32),
                    }
                } else {
                    // Read as a branch's target (`bsr *+97` at $fff4 wraps,
                    // with -Wwrap-addr's warning).
                    let to = self.branch_target(v, pos)?;
                    if let Some(u) = to {
                        self.memory_wraps(line, u, pos);
                    }
                    to.map(|u| u & self.out.all_mem)
                };
                let Some(target) = target else {
                    return Ok(smallvec::smallvec![code, 0, 0]);
                };
                if how == Gen::RelativeLong && (pc ^ target) > 0xffff {
                    return Err(self.not_in(whole, "address in different program bank", pos));
                }
                // The 65CE02 counts from the instruction's last byte.
                let end = if self.st.cpu.is_65ce02() { 2 } else { 3 };
                let offset = target.wrapping_sub(pc).wrapping_sub(end);
                Ok(smallvec::smallvec![code, offset as u8, (offset >> 8) as u8])
            }
            Gen::Choice { three } => self.choose(line, m, three, mode, width, v, whole, pos),
        }
    }

    /// An instruction with a byte or a word as written (`#`, `,s`, `,b`):
    /// `how` says which and whether signed. After `.autsiz`, `rep` and `sep`
    /// set the register sizes.
    fn value_bytes(
        &mut self,
        m: &Mnemonic,
        how: Gen,
        code: u8,
        width: Width,
        v: &Value,
        pos: Pos,
    ) -> Result<Code, Bad> {
        let word = matches!(how, Gen::Word | Gen::SignedWord);
        let size = if word { Width::Word } else { Width::Byte };
        if width != Width::Auto && width != size {
            return Err(Bad(pos, width.refused(m.name())));
        }
        let bits = if word { 16 } else { 8 };
        let n = match v {
            Value::None => 0,
            _ if matches!(how, Gen::SignedByte | Gen::SignedWord) => {
                to_ival(v, bits, self).map_err(|f| Bad(pos, f.msg))? as u16
            }
            _ => to_uval(v, bits, self).map_err(|f| Bad(pos, f.msg))? as u16,
        };
        if word {
            return Ok(smallvec::smallvec![code, n as u8, (n >> 8) as u8]);
        }
        if self.st.autosize && self.st.cpu.has_wide_registers() {
            // `rep #$30` makes the registers 16 bits wide, `sep` 8.
            let on = match code {
                0xc2 => Some(true),
                0xe2 => Some(false),
                _ => None,
            };
            if let Some(on) = on {
                if n & 0x10 != 0 {
                    self.st.long_index = on;
                }
                if n & 0x20 != 0 {
                    self.st.long_accu = on;
                }
                self.replay.context_changed();
            }
        }
        Ok(smallvec::smallvec![code, n as u8])
    }

    /// A plain address of `m`: direct page where it is in the direct page,
    /// data bank where it is in the data bank, long (`three`) otherwise, or
    /// the size `@b`/`@w`/`@l` asks for; `zp` is the direct page mode.
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        three: bool,
        zp: Mode,
        width: Width,
        v: &Value,
        whole: Whole,
        pos: Pos,
    ) -> Result<Code, Bad> {
        let (abs, long) = widen(zp);
        let zp_code = m.opcode(zp);
        let abs_code = m.opcode(abs);
        let long_code = long.filter(|_| three).and_then(|l| m.opcode(l));
        let all_mem = self.out.all_mem;
        let (dpage, databank) = (self.st.dpage, self.st.databank);
        let wide = self.st.cpu.has_wide_registers();
        let long_bytes = |c: u8, a: u32| -> Code {
            smallvec::smallvec![c, a as u8, (a >> 8) as u8, (a >> 16) as u8]
        };
        let abs_bytes = |c: u8, a: u32| -> Code { smallvec::smallvec![c, a as u8, (a >> 8) as u8] };
        let in_page =
            |a: u32| a <= 0xffff && dpage <= 0xffff && (a.wrapping_sub(dpage) & 0xffff) <= 0xff;
        match width {
            Width::Auto => {
                let Some((uval, base)) = self.operand_address(v, pos)? else {
                    // Not known yet: as long as an absolute address would
                    // be; where there is none (`jsl`, `jml`) 64tass counts
                    // 2 bytes until the address is known.
                    return Ok(match (abs_code, long_code, zp_code) {
                        (Some(c), _, _) => abs_bytes(c, 0),
                        (None, Some(c), _) => smallvec::smallvec![c, 0],
                        (None, None, c) => smallvec::smallvec![c.unwrap_or(0), 0],
                    });
                };
                // Indexed, a label plus an offset is checked by the label's
                // own address (the 65816's and 65EL02's excepted).
                let checked = if zp == Mode::ZeroPage || wide {
                    uval & all_mem
                } else {
                    base & all_mem
                };
                if let Some(c) = zp_code
                    && in_page(checked)
                {
                    if self.opts.warnings.immediate
                        && zp == Mode::ZeroPage
                        && m.has(Mode::Immediate)
                        && matches!(whole, Whole::Plain(v) if self.immediate_likelier(v))
                    {
                        // `cpx 4` is likelier a missing `#` than a zero page variable.
                        let span = self.span_at(line, pos);
                        self.warn(
                            "immediate",
                            span,
                            "immediate addressing mode suggested".into(),
                        );
                    }
                    let adr = uval.wrapping_sub(dpage);
                    self.direct_page_wraps(line, uval, adr, pos);
                    return Ok(smallvec::smallvec![c, adr as u8]);
                }
                // The size the address has, for `-Waltmode` when another is used.
                let natural = if in_page(checked) {
                    0
                } else if databank == (uval & all_mem) >> 16 || !three {
                    1
                } else {
                    2
                };
                let used = match (abs_code, long_code) {
                    (Some(c), _) if databank == (uval & all_mem) >> 16 => {
                        Some((1, abs_bytes(c, uval)))
                    }
                    (_, Some(c)) => Some((2, long_bytes(c, uval))),
                    _ => None,
                };
                if let Some((size, bytes)) = used {
                    if natural != size {
                        self.altmode_warning(line, zp, size, natural, pos);
                    }
                    self.memory_wraps(line, uval, pos);
                    return Ok(bytes);
                }
                let what = if abs_code.is_some() {
                    "not a data bank address"
                } else {
                    "not a direct page address"
                };
                Err(self.not_in(whole, what, pos))
            }
            // A size asked for: the address is read first, then the mode
            // looked for.
            _ => {
                let address = self.operand_address(v, pos)?;
                let code = match width {
                    Width::Byte => zp_code,
                    Width::Word => abs_code,
                    _ => long_code,
                };
                let sized = |c: u8, a: u32| -> Code {
                    match width {
                        Width::Byte => smallvec::smallvec![c, a as u8],
                        Width::Word => abs_bytes(c, a),
                        _ => long_bytes(c, a),
                    }
                };
                let Some((uval, base)) = address else {
                    // Not known yet: the size asked for, even where there
                    // is no such mode (`lda @l` on the 6502), which is an
                    // error once the address is known. 64tass lays out the
                    // pass so (the labels after it in an unused `.proc`).
                    return Ok(sized(code.unwrap_or(0), 0));
                };
                let Some(c) = code else {
                    return Err(Bad(pos, width.refused(m.name())));
                };
                let sized = |a: u32| sized(c, a);
                match width {
                    Width::Byte => {
                        let b = self.direct_page(line, uval, base, whole, pos)?;
                        Ok(sized(b as u32))
                    }
                    Width::Word if databank != (uval & all_mem) >> 16 => {
                        Err(self.not_in(whole, "not a data bank address", pos))
                    }
                    Width::Word => Ok(sized(uval & all_mem)),
                    _ => {
                        self.memory_wraps(line, uval, pos);
                        Ok(sized(uval & all_mem))
                    }
                }
            }
        }
    }

    /// `-Wimmediate`: whether a direct page operand `v` reads like a
    /// missing `#` (a number, or a `.struct`/`.union` member: an offset);
    /// a label's address or an address value does not.
    fn immediate_likelier(&self, v: &Value) -> bool {
        match v {
            Value::Code(c) => self.out.is_enumeration(self.syms.code(c.id).mem),
            Value::Addr(_) => false,
            _ => true,
        }
    }

    /// `-Waltmode`: the size used (0: direct page, 1: data bank, 2: long)
    /// is not the address's own, as the instruction has no such mode.
    fn altmode_warning(&mut self, line: &LineRef, zp: Mode, used: u8, own: u8, pos: Pos) {
        if !self.opts.warnings.altmode {
            return;
        }
        let index = match zp {
            Mode::ZeroPageX => " x indexed",
            Mode::ZeroPageY => " y indexed",
            _ => "",
        };
        let name = |size: u8| {
            let size = ["direct page", "data bank", "long"][size as usize];
            format!("{size}{index}")
        };
        let msg = format!("using {} addressing instead of {}", name(used), name(own));
        let span = self.span_at(line, pos);
        self.warn("altmode", span, msg);
    }

    /// The direct page byte of address `uval` (`base`: the label's own
    /// address for a label plus an offset, which is what must be in the
    /// direct page, except on the 65816 and 65EL02).
    fn direct_page(
        &mut self,
        line: &LineRef,
        uval: u32,
        base: u32,
        whole: Whole,
        pos: Pos,
    ) -> Result<u8, Bad> {
        let all_mem = self.out.all_mem;
        let dpage = self.st.dpage;
        let checked = if self.st.cpu.has_wide_registers() {
            uval & all_mem
        } else {
            base & all_mem
        };
        if checked > 0xffff {
            return Err(self.not_in(whole, "not a bank 0 address", pos));
        }
        if dpage > 0xffff || (checked.wrapping_sub(dpage) & 0xffff) > 0xff {
            return Err(self.not_in(whole, "not a direct page address", pos));
        }
        let adr = uval.wrapping_sub(dpage);
        self.direct_page_wraps(line, uval, adr, pos);
        Ok(adr as u8)
    }

    /// An address past the end of memory (`-Wwrap-addr`).
    pub(in crate::asm) fn memory_wraps(&mut self, line: &LineRef, uval: u32, pos: Pos) {
        if uval & self.out.all_mem != uval {
            self.wrap_warning(line, "wrap-addr", "memory location address overflow", pos);
        }
    }

    /// A direct page address that wrapped: on the 65816 and 65EL02 the
    /// address itself, elsewhere its offset in the page.
    fn direct_page_wraps(&mut self, line: &LineRef, uval: u32, adr: u32, pos: Pos) {
        if self.st.cpu.has_wide_registers() {
            self.memory_wraps(line, uval, pos);
        } else if adr > 0xff {
            self.wrap_warning(line, "wrap-dpage", "direct page address overflow", pos);
        }
    }

    pub(super) fn wrap_warning(
        &mut self,
        line: &LineRef,
        switch: &'static str,
        msg: &str,
        pos: Pos,
    ) {
        let w = &self.opts.warnings;
        let on = match switch {
            "wrap-dpage" => w.wrap_dpage,
            "wrap-bank0" => w.wrap_bank0,
            "wrap-pbank" => w.wrap_pbank,
            _ => w.wrap_addr,
        };
        if on {
            let span = self.span_at(line, pos);
            self.warn(switch, span, msg.into());
        }
    }

    /// "not a direct page address bits '$1234'": the operand is not where
    /// the mode needs it.
    pub(super) fn not_in(&self, whole: Whole, what: &str, pos: Pos) -> Bad {
        Bad(pos, format!("{what} {}", describe(&whole.value(), self)))
    }

    /// The operand's address and, for a label plus an offset, the label's
    /// own address (else the address again); `None`: not known yet.
    #[inline]
    pub(super) fn operand_address(&self, v: &Value, pos: Pos) -> Result<Option<(u32, u32)>, Bad> {
        let bits = self.address_bits();
        match v {
            Value::None => Ok(None),
            Value::Addr(a) if a.mode == AddrMode::NONE => self.operand_address(&a.val, pos),
            Value::Addr(a) => Err(Bad(
                pos,
                format!("can't use address '{}' here", a.mode.describe()),
            )),
            Value::Code(c) => {
                let base = self.syms.code(c.id).addr;
                if u64::from(base) >> bits != 0 {
                    // A label placed beyond this processor's address space
                    // (under a 65816 before a `.cpu` back): 64tass names the
                    // address as far as the space holds it, in the type `*`
                    // was set from (`int '2'` for $10002 on a 6502).
                    let shown = base.wrapping_add(c.offs as u32) & self.out.all_mem;
                    let shown = crate::asm::eval::pc_value(shown, self.syms.code_type(c.id));
                    return Err(Bad(
                        pos,
                        format!(
                            "too large for a {bits} bit unsigned integer {}",
                            describe(&shown, self)
                        ),
                    ));
                }
                Ok(Some((base.wrapping_add(c.offs as u32), base)))
            }
            _ => match to_uval(v, bits, self) {
                Ok(a) => Ok(Some((a as u32, a as u32))),
                Err(f) if f.none => Ok(None),
                Err(f) => Err(Bad(pos, f.msg)),
            },
        }
    }

    /// A branch's target address, as 64tass reads it (its address
    /// conversion over the whole address space): [`Self::operand_address`]'s
    /// address, except that a code label beyond this processor's space is
    /// not refused: its address, which the caller masks to the space, is
    /// then in another program bank.
    pub(super) fn branch_target(&self, v: &Value, pos: Pos) -> Result<Option<u32>, Bad> {
        match v {
            Value::Addr(a) if a.mode == AddrMode::NONE => self.branch_target(&a.val, pos),
            Value::Code(c) => Ok(Some(self.syms.code(c.id).addr.wrapping_add(c.offs as u32))),
            _ => Ok(self.operand_address(v, pos)?.map(|(u, _)| u)),
        }
    }

    /// `mvn src,dst`: two bank bytes, written `#$12` or `$12`. As in 64tass,
    /// each operand's fault is reported in turn (a value not defined, else
    /// an addressing mode refused, else a bank too large), the second's after
    /// the first's; a bank refused is written as 0.
    pub(super) fn move_operands(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        src: &Located,
        dst: &Located,
        _at: Pos,
    ) -> Result<Code, Bad> {
        if !matches!(width, Width::Auto | Width::Word) {
            return Err(Bad(src.pos, width.refused(m.name())));
        }
        let s = self.move_bank(line, m, src);
        let d = self.move_bank(line, m, dst);
        let code = m.opcode(Mode::Move).unwrap_or(0);
        Ok(smallvec::smallvec![code, d, s])
    }

    /// One bank byte of `mvn`/`mvp`, its fault reported (0 then).
    fn move_bank(&mut self, line: &LineRef, m: &Mnemonic, l: &Located) -> u8 {
        if let Err(f) = crate::value::convert::deep_error(&l.val) {
            let _ = self.fault(line, l.pos, f);
            return 0;
        }
        let at = operand_start(line, l.pos);
        let bank = match &l.val {
            Value::Addr(a) if matches!(a.mode.common_ops(), Some([AddrOp::Imm])) => Ok(&a.val),
            Value::Addr(a) if a.mode != AddrMode::NONE => {
                Err(no_mode(at, &a.mode.describe(), m.name()))
            }
            Value::Addr(a) => Ok(&a.val),
            v => Ok(v),
        }
        .and_then(|v| match v.is_none() {
            true => Ok(0),
            false => to_uval(v, 8, self)
                .map(|b| b as u8)
                .map_err(|f| Bad(at, f.msg)),
        });
        self.reported(line, bank, 0)
    }

    /// The bit number and direct page address of `rmb`, `smb`, `bbr`, `bbs`
    /// (`bit,zp`): the opcode of that bit and the address byte.
    pub(super) fn bit_operands(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        mode: Mode,
        bit: &Located,
        zp: &Located,
    ) -> Result<(u8, u8), Bad> {
        let code = self.bit_code(line, m, mode, bit)?;
        Ok((code, self.bit_address(line, m, mode, zp)?))
    }

    /// `bbr`'s and `bbs`'s bit number and address as 64tass takes them: one
    /// that is wrong is reported, and the branch is made all the same (so a
    /// target out of reach is reported too), with bit 0 or address 0.
    pub(super) fn bit_operands_reported(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        bit: &Located,
        zp: &Located,
    ) -> (u8, u8) {
        let mode = Mode::ZeroPageBitRelative;
        let code = self.bit_code(line, m, mode, bit);
        let code = self.reported(line, code, m.opcode(mode).unwrap_or(0));
        let adr = self.bit_address(line, m, mode, zp);
        (code, self.reported(line, adr, 0))
    }

    fn reported(&mut self, line: &LineRef, r: Result<u8, Bad>, or: u8) -> u8 {
        // Of the kind the instruction's own failure would be reported as.
        r.unwrap_or_else(|Bad(at, msg)| {
            let span = self.span_at(line, at);
            self.error(span, Bad::kind_of(&msg), msg);
            or
        })
    }

    /// The opcode of `rmb`'s, `smb`'s, `bbr`'s or `bbs`'s bit.
    fn bit_code(&self, line: &LineRef, m: &Mnemonic, mode: Mode, bit: &Located) -> Result<u8, Bad> {
        let b = if bit.val.is_none() {
            0
        } else {
            let at = operand_start(line, bit.pos);
            to_uval(&bit.val, 3, self).map_err(|f| Bad(at, f.msg))? as u8
        };
        Ok(m.opcode(mode).unwrap_or(0) | b << 4)
    }

    /// The direct page address byte of `rmb`, `smb`, `bbr`, `bbs`.
    fn bit_address(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        mode: Mode,
        zp: &Located,
    ) -> Result<u8, Bad> {
        // `rmb 1,$12,d`: the direct page offset itself.
        let (v, offset) = match &zp.val {
            Value::Addr(a) if a.mode.ops()[..] == [AddrOp::Index(Reg::D)] => (&a.val, true),
            Value::Addr(a) if a.mode != AddrMode::NONE => {
                return Err(no_mode(
                    operand_start(line, zp.pos),
                    &a.mode.describe(),
                    m.name(),
                ));
            }
            _ => (&zp.val, false),
        };
        if offset {
            let a = match v {
                Value::None => 0,
                _ => to_uval(v, 8, self).map_err(|f| Bad(zp.pos, f.msg))? as u8,
            };
            return Ok(a);
        }
        let Some((uval, base)) = self.operand_address(v, zp.pos)? else {
            return Ok(0);
        };
        if mode == Mode::ZeroPageBit {
            return self.direct_page(line, uval, base, Whole::Plain(&zp.val), zp.pos);
        }
        // `bbr`'s address is checked as it is, label or not.
        let uval = uval & self.out.all_mem;
        if uval > 0xffff {
            return Err(self.not_in(Whole::Plain(&zp.val), "not a bank 0 address", zp.pos));
        }
        let adr = uval.wrapping_sub(self.st.dpage) & 0xffff;
        if adr > 0xff || self.st.dpage > 0xffff {
            return Err(self.not_in(Whole::Plain(&zp.val), "not a direct page address", zp.pos));
        }
        Ok(adr as u8)
    }
}

/// How a plain operand (no addressing-mode operator) is assembled for a
/// mnemonic that is not a branch; `None`: it takes none (`rts`, `phx`).
fn plain_mode(m: &Mnemonic) -> Option<(Gen, Mode)> {
    if m.has(Mode::RelativeLong) {
        Some((Gen::RelativeLong, Mode::RelativeLong))
    } else if is_jump(m) {
        Some((Gen::ProgramBank, Mode::Absolute))
    } else if m.opcode(Mode::Absolute) == Some(0xf4) {
        Some((Gen::Word, Mode::Absolute)) // `pea`
    } else if m.has(Mode::ZeroPage) || m.has(Mode::Absolute) || m.has(Mode::Long) {
        Some((Gen::Choice { three: true }, Mode::ZeroPage))
    } else {
        None
    }
}

impl Assembler<'_> {
    /// A later pass's instruction line (`op`, its name ending at `mend`)
    /// whose record failed only because the label its operand names moved
    /// (see [`Assembler::moved_read`]), its operand one of the usual shapes
    /// ([`moved_shape`]): its bytes made from the label's value as
    /// `instruction_line`'s quick path makes them, with no parse or
    /// evaluation of the operand, and its record made again. `None`,
    /// nothing done: the general path (another shape or length, a value
    /// the quick encodings leave to it).
    #[inline(never)]
    pub(in crate::asm) fn moved_operand(
        &mut self,
        line: &LineRef,
        op: crate::asm::mnemonics::Op,
        mend: usize,
    ) -> Option<super::Word> {
        let crate::asm::mnemonics::Op::Real(i) = op else {
            return None;
        };
        if self.dialect.tasm {
            return None;
        }
        let (mode, byte) = moved_shape(line, mend)?;
        let (id, at) = self.moved_read(line)?;
        // The kinds the quick encodings take (no clone or drop to pay).
        let v = match self.syms.label(id).value {
            Value::Int(n) => Value::Int(n),
            Value::Bits(b) => Value::Bits(b),
            Value::Code(c) => Value::Code(c),
            _ => return None,
        };
        let v = match byte {
            // What the evaluator answers for a byte of a number or a label.
            Some(op) => self.integer_byte(op, &v)?,
            None => v,
        };
        let m = &crate::opcodes::table(self.st.cpu)[i as usize];
        let word = match self.byte_immediate(m, Width::Auto, mode, &v) {
            Some([code, n]) => ([code, n, 0, 0], 2),
            None => self.quick_address(m, Width::Auto, mode, &v)?,
        };
        #[cfg(debug_assertions)]
        self.check_moved(line, mend, (m, mode, byte), id, &v, word);
        self.moved_rewrite(line, at, word.0, word.1).then_some(word)
    }

    /// Debug builds: [`Self::moved_operand`]'s shape, label and bytes are
    /// what the general path finds from the line's parse.
    #[cfg(debug_assertions)]
    fn check_moved(
        &mut self,
        line: &LineRef,
        mend: usize,
        (m, mode, byte): (&Mnemonic, AddrMode, Option<UnOp>),
        id: crate::symbols::LabelId,
        v: &Value,
        (word, n): super::Word,
    ) {
        use crate::syntax::compiled::ExprKind;
        let pos = line.skip_ws(mend);
        let parsed = self.parse_exprs(line, pos, crate::asm::lines::ParseKind::Operands);
        let Some(Ok(exprs)) = parsed.as_ref().map(|p| &p.result) else {
            panic!("a moved operand's line does not parse");
        };
        assert_eq!(exprs.len(), 1, "a moved operand is one expression");
        let e = &exprs[0];
        assert!(
            !self.index_shadowed(line, e),
            "a moved operand's index shadowed"
        );
        let (got_mode, base) = super::plain_modes(e).expect("a moved operand of plain modes");
        assert!(
            got_mode == mode,
            "a moved operand's mode differs from its parse"
        );
        let name = match (base.kind(), byte) {
            (ExprKind::Ident(name), None) => name,
            (ExprKind::Unary(op, inner), Some(want)) if op == want => match inner.kind() {
                ExprKind::Ident(name) => name,
                _ => panic!("a moved operand's byte of no name"),
            },
            _ => panic!("a moved operand's shape differs from its parse"),
        };
        assert!(
            self.read_lookup(name) == Some(id),
            "a moved operand's name finds another label"
        );
        let at = super::operand_pos(line, pos, e);
        let general = self.general_encoding(line, m, Width::Auto, mode, v, at);
        assert!(
            general.is_ok_and(|b| b[..] == word[..n as usize]),
            "a moved operand's bytes differ from the general path"
        );
    }
}

/// The operand after an instruction's name (which ends at `mend`) when it
/// is a shape [`Assembler::moved_operand`] makes again: a name alone,
/// indexed (`,x` or `,y` right after it), or after `#`, `#<` or `#>`.
/// Its addressing mode and byte operator; `None`: any other text.
fn moved_shape(line: &LineRef, mend: usize) -> Option<(AddrMode, Option<UnOp>)> {
    let from = line.skip_ws(mend);
    let text = line.text.as_bytes().get(from..line.end)?;
    let (imm, byte, name) = match *text {
        [b'#', b'<', ref rest @ ..] => (true, Some(UnOp::Lower), rest),
        [b'#', b'>', ref rest @ ..] => (true, Some(UnOp::Higher), rest),
        [b'#', ref rest @ ..] => (true, None, rest),
        ref rest => (false, None, rest),
    };
    // A plain ASCII name (no reserved `__` one).
    match *name {
        [b'_', b'_', ..] => return None,
        [c, ..] if c.is_ascii_alphabetic() || c == b'_' => {}
        _ => return None,
    }
    let len = name
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .unwrap_or(name.len());
    let (mode, after) = match (imm, &name[len..]) {
        (true, after) => (AddrMode::NONE.push(AddrOp::Imm)?, after),
        (false, [b',', b'x', after @ ..]) => (AddrMode::NONE.push(AddrOp::Index(Reg::X))?, after),
        (false, [b',', b'y', after @ ..]) => (AddrMode::NONE.push(AddrOp::Index(Reg::Y))?, after),
        (false, after) => (AddrMode::NONE, after),
    };
    // Then only blanks, up to the end or a comment.
    let rest = after.iter().position(|&c| !matches!(c, b' ' | b'\t'));
    rest.is_none_or(|i| after[i] == b';')
        .then_some((mode, byte))
}
