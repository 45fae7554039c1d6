//! Branches: short ones, the 65CE02's 16-bit ones, `-B`'s branch over a
//! `jmp` (a `brl` on the 65816), the R65C02's bit branches and the
//! always-taken `gxx` pseudo branches, as 64tass makes them.

use super::operand::Whole;
use super::{Assembler, Bad, Code, Width};
use crate::asm::eval::Located;
use crate::asm::lines::LineRef;
use crate::asm::mnemonics::Op;
use crate::cpu::Cpu;
use crate::diag::Kind;
use crate::opcodes::{Mnemonic, Mode, table};
use crate::optimizer::{OptPart, SeenAs};
use crate::syntax::ast::Pos;
use crate::value::convert::{to_ival, to_uval};
use crate::value::{CodeRef, Value};

/// Where a branch goes.
#[derive(Clone, Copy)]
pub(super) enum Target<'v> {
    /// An address.
    Address(&'v Value),
    /// A 16-bit address in the program bank (`bne $1234,k`).
    InBank(&'v Value),
    /// The offset itself (`bcc #3`; `true`: signed, `#+3`).
    Raw(&'v Value, bool),
}

/// A conditional branch's opcode (`bcc` ... `bvs`): the opposite condition
/// is bit 5 apart.
fn conditional(code: u8) -> bool {
    code & 0x1f == 0x10
}

/// "branch too far by +3 bytes": how far past a short branch's reach `offset` is.
fn too_far(offset: u16, pos: Pos) -> Bad {
    let dist = offset as i16 as i32;
    let by = if dist < 0 { dist + 0x80 } else { dist - 0x7f };
    Bad(pos, format!("branch too far by {by:+} bytes"))
}

/// An offset that fits a short branch.
fn fits(offset: u16) -> bool {
    !(0x80..0xff80).contains(&offset)
}

impl Assembler<'_> {
    /// Whether a far branch becomes a `brl` (on the 65816, unless
    /// `.option auto_longbranch_as_jmp` says `jmp`).
    fn far_as_brl(&self) -> bool {
        self.st.cpu == Cpu::M65816 && !self.st.longbranch_as_jmp
    }

    /// A `jmp` to `target`, or a `brl` (`brl`), from here (`pc`).
    fn far_jump(
        &self,
        brl: bool,
        pc: u32,
        target: u32,
        whole: Whole,
        pos: Pos,
    ) -> Result<Code, Bad> {
        // The `jmp` is 64tass's own: a label plus an offset past the bank
        // (`* + $123456`) is told by the label's bank, and only warns
        // (`far_bank_wrap`); the `brl` goes by the target.
        // A code label beyond this processor's space, which the branch
        // took masked, is refused here as a `jmp` to it is.
        let bank = match whole {
            Whole::Plain(v) if !brl => match self.operand_address(v, pos)? {
                Some((_, base)) => base,
                None => target,
            },
            _ => target,
        };
        if (pc ^ bank) > 0xffff {
            return Err(self.not_in(whole, "address in different program bank", pos));
        }
        if brl {
            let offset = target.wrapping_sub(pc).wrapping_sub(3);
            return Ok(smallvec::smallvec![0x82, offset as u8, (offset >> 8) as u8]);
        }
        Ok(smallvec::smallvec![0x4c, target as u8, (target >> 8) as u8])
    }

    /// `-Wwrap-pbank` of the jump a long branch writes, as 64tass gives it
    /// for that `jmp`: the target as written (`* + $123456`) is past the
    /// program bank of the jump at `pc`.
    fn far_bank_wrap(&mut self, line: &LineRef, pc: u32, whole: Whole, pos: Pos) {
        if let Whole::Plain(v) = whole
            && let Ok(Some((uval, _))) = self.operand_address(v, pos)
            && (pc ^ uval) > 0xffff
        {
            self.wrap_warning(line, "wrap-pbank", "program bank address overflow", pos);
        }
    }

    /// [`Self::far_jump`] as 64tass lays it out: a jump it refuses (to
    /// another bank, to a label beyond the processor's space) is reported
    /// here and still takes its three bytes; one made is checked by
    /// [`Self::far_bank_wrap`].
    fn far_jump_laid_out(
        &mut self,
        line: &LineRef,
        brl: bool,
        pc: u32,
        target: u32,
        whole: Whole,
        pos: Pos,
    ) -> Code {
        match self.far_jump(brl, pc, target, whole, pos) {
            Ok(jump) => {
                self.far_bank_wrap(line, pc, whole, pos);
                jump
            }
            Err(Bad(at, msg)) => {
                let span = self.span_at(line, at);
                self.error(span, Bad::kind_of(&msg), msg);
                smallvec::smallvec![0x4c, target as u8, (target >> 8) as u8]
            }
        }
    }

    /// [`Self::branch_target`] as 64tass goes on after it: a target it
    /// refuses is reported here and the branch made as to one not known
    /// yet, so that a size refused after it is reported too (`bne @w $12345`
    /// on a 6502: the value's message, then the size's).
    fn branch_target_or_unknown(&mut self, line: &LineRef, v: &Value, pos: Pos) -> Option<u32> {
        match self.branch_target(v, pos) {
            Ok(to) => to,
            Err(Bad(at, msg)) => {
                let span = self.span_at(line, at);
                self.error(span, Bad::kind_of(&msg), msg);
                None
            }
        }
    }

    /// A branch of `m` to `target`; its operand is reported where it starts
    /// (`pos`), `#` included.
    pub(super) fn branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        target: Target,
        pos: Pos,
    ) -> Result<Code, Bad> {
        let pc = self.pc();
        if m.is_pseudo() {
            // A jump refused its size lays nothing out; another failure is
            // laid out as the branch.
            let failed_len = |e: &Bad| if Width::is_refusal(&e.1) { 0 } else { 2 };
            return self.with_star(line, m, target, failed_len, |a, last_end| {
                a.always(line, m, width, target, pos, last_end)
            });
        }
        let Some(code) = m.opcode(Mode::Relative) else {
            // `brl #$1234`, `per #n`, `bsr #n`: a long branch's raw offset.
            let Target::Raw(v, signed) = target else {
                return Err(super::no_mode(pos, "1 operand", m.name()));
            };
            let code = m.opcode(Mode::RelativeLong).unwrap_or(0);
            if width == Width::Long {
                return Err(Bad(pos, width.refused(m.name())));
            }
            let offset = self.raw_offset(v, signed, 16, pos)?.unwrap_or(0) as u16;
            if fits(offset) {
                let to = offset as u32 | (pc & !0xffff);
                self.page_crossing(line, pc.wrapping_add(3), to, pos);
            }
            return Ok(smallvec::smallvec![code, offset as u8, (offset >> 8) as u8]);
        };
        self.relative(line, m, &[code], width, target, pos)
    }

    /// A branch of `m` to a label's address `v` in the program bank, as
    /// [`Self::branch`] makes it from the operand `v` (reported at `pos`)
    /// without the operand's general encoding: the label's address read
    /// straight, the offset of a branch that reaches made here, with the
    /// star taken and the end kept as [`Self::with_star`] does. The
    /// operand's place is found (`pos`) only for a message or a branch
    /// that doesn't reach: most branches need none. `None`: not
    /// this case, nothing done (a size asked for, a pseudo branch, a
    /// number, an address with operators or of a stack variable, a bank
    /// wrap or another bank: the general path). `Some(Ok(bytes))`: the
    /// short branch; `Some(Err(made))`: what the general path made of a
    /// branch that doesn't reach.
    #[inline]
    pub(super) fn quick_branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        v: &Value,
        pos: impl Fn() -> Pos,
    ) -> Option<Result<[u8; 2], Result<Code, Bad>>> {
        let Value::Code(c) = *v else {
            return None;
        };
        let (code, to) = self.quick_target(m, width, c)?;
        let pc = self.pc();
        let target = Target::Address(v);
        // `take_branch_star` of a code label: a star when the label is not
        // defined yet in this pass and the branch has no long form.
        let pass = self.st.pass;
        let last_end =
            if self.syms.code(c.id).apass != pass && m.opcode(Mode::RelativeLong).is_none() {
                self.st.stars.branch_star(pass)
            } else {
                None
            };
        let from = last_end.unwrap_or(pc.wrapping_add(2));
        let offset = to.wrapping_sub(from) as u16;
        if !fits(offset) {
            return Some(Err(self.far_branch(line, m, code, target, pos(), last_end)));
        }
        let end = pc.wrapping_add(2);
        if (end ^ to) & 0xff00 != 0 {
            self.page_crossing(line, end, to, pos());
        }
        self.end_branch(line, pc, 2);
        // (On one page the general path reports nothing.)
        debug_assert!(
            (end ^ to) & 0xff00 != 0
                || self
                    .relative_from(line, m, &[code], width, target, pos(), last_end)
                    .is_ok_and(|b| b[..] == [code, offset as u8]),
            "a quick branch differs from the general path"
        );
        Some(Ok([code, offset as u8]))
    }

    /// Whether [`Self::quick_branch`] makes a branch of `m` to `c`: its
    /// opcode and target address. Nothing is done.
    #[inline(always)]
    fn quick_target(&self, m: &Mnemonic, width: Width, c: CodeRef) -> Option<(u8, u32)> {
        let code = m.opcode(Mode::Relative)?;
        if width != Width::Auto
            || m.is_pseudo()
            || matches!(
                self.syms.code_type(c.id),
                crate::symbols::PcType::Address(..)
            )
        {
            return None;
        }
        // What `operand_address` and `memory_wraps` would refuse or warn of.
        let base = self.syms.code(c.id).addr;
        let to = base.wrapping_add(c.offs as u32);
        if u64::from(base) >> self.address_bits() != 0 || to & self.out.all_mem != to {
            return None;
        }
        if (self.pc() ^ to) > 0xffff {
            return None;
        }
        Some((code, to))
    }

    /// A later pass's branch line whose record names its target's label
    /// (a branch back, see `replay_record_branch`), made from that label's
    /// value as [`Self::quick_branch`] makes a short branch to a label
    /// defined before it in this pass (no star), without the line's parse
    /// or evaluation: the label marked read as its read would be, then the
    /// page crossing's message, the branch's end and its bytes. False,
    /// nothing done: not this case (a record that no longer holds, a label
    /// of another value or not defined yet in this pass, a branch that
    /// doesn't reach): the general path reads the line.
    #[inline(never)]
    pub(super) fn branch_replayed(
        &mut self,
        line: &LineRef,
        op: Op,
        mpos: usize,
        mend: usize,
    ) -> bool {
        let Some(id) = self.replay_branch_target(line) else {
            return false;
        };
        let (Op::Real(i), Value::Code(c)) = (op, &self.syms.label(id).value) else {
            return false;
        };
        let c = *c;
        let m = &table(self.st.cpu)[i as usize];
        let Some((code, to)) = self.quick_target(m, Width::Auto, c) else {
            return false;
        };
        // A label ahead takes a star: the general path's.
        if self.syms.code(c.id).apass != self.st.pass {
            return false;
        }
        let pc = self.pc();
        let end = pc.wrapping_add(2);
        let offset = to.wrapping_sub(end) as u16;
        if !fits(offset) {
            return false;
        }
        // What `instruction_line` and the evaluation of the name do first
        // (the line's replay state needs no beginning: nothing is kept).
        self.st.instr_at = mpos as u32;
        self.touch(id);
        self.rounded.set(false);
        // The operand starts its text (so the record was kept): found
        // only for a message.
        let at = || line.skip_ws(mend) as Pos;
        if (end ^ to) & 0xff00 != 0 {
            self.page_crossing(line, end, to, at());
        }
        self.end_branch(line, pc, 2);
        // (On one page the general path reports nothing.)
        debug_assert!(
            (end ^ to) & 0xff00 != 0
                || self
                    .relative_from(
                        line,
                        m,
                        &[code],
                        Width::Auto,
                        Target::Address(&Value::Code(c)),
                        at(),
                        None
                    )
                    .is_ok_and(|b| b[..] == [code, offset as u8]),
            "a replayed branch differs from the general path"
        );
        // `float_round_warning`'s test with nothing rounded.
        if self.addr_wrapped.get() || !self.bool_uses.borrow().is_empty() {
            self.float_round_warning(line, at());
        }
        self.replay_not_kept();
        self.write_word(line, ([code, offset as u8, 0, 0], 2), mpos, mend);
        #[cfg(test)]
        tests::REPLAYED.with(|n| n.set(n.get() + 1));
        true
    }

    /// A branch of `m` to a target not known yet (a label ahead, in the
    /// first pass), as [`Self::branch`] lays it out: two bytes, no offset,
    /// its star taken and its end kept (`pos`, the operand's place: only
    /// for the debug builds' check). `None`: not this case, nothing done
    /// (a size asked for, a pseudo branch, no short form).
    #[inline]
    pub(super) fn unknown_branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        pos: impl Fn() -> Pos,
    ) -> Option<[u8; 2]> {
        let code = m.opcode(Mode::Relative)?;
        if width != Width::Auto || m.is_pseudo() {
            return None;
        }
        let pc = self.pc();
        let target = Target::Address(&Value::None);
        let last_end = self.take_branch_star(m, &target);
        // (A target not known is no offset and no message.)
        debug_assert!(
            self.relative_from(line, m, &[code], width, target, pos(), last_end)
                .is_ok_and(|b| b[..] == [code, 0]),
            "an unknown branch differs from the general path"
        );
        self.end_branch(line, pc, 2);
        Some([code, 0])
    }

    /// [`Self::quick_branch`]'s branch that doesn't reach (its star taken:
    /// `last_end`): the long forms and the messages of the general path,
    /// and its end kept.
    #[cold]
    #[inline(never)]
    fn far_branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        code: u8,
        target: Target,
        pos: Pos,
        last_end: Option<u32>,
    ) -> Result<Code, Bad> {
        let pc = self.pc();
        let made = self.relative_from(line, m, &[code], Width::Auto, target, pos, last_end);
        self.end_branch(line, pc, made.as_ref().map_or(2, |c| c.len()));
        made
    }

    /// `bbr 3,$12,target`: `code` has the bit in it, `zp` is the address.
    pub(super) fn bit_branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        code: u8,
        zp: u8,
        width: Width,
        target: &Located,
    ) -> Result<Code, Bad> {
        use crate::syntax::ast::{AddrOp, Reg};
        let t = match &target.val {
            Value::Addr(a) => match a.mode.ops()[..] {
                [] => Target::Address(&a.val),
                [AddrOp::Imm] => Target::Raw(&a.val, false),
                [AddrOp::ImmSigned] => Target::Raw(&a.val, true),
                [AddrOp::Index(Reg::K)] | [AddrOp::Imm, AddrOp::Index(Reg::K)] => {
                    Target::InBank(&a.val)
                }
                // 64tass takes any other form's address as the target, its
                // brackets and index unread (`bbs 7,$12,(next)`).
                _ => Target::Address(&a.val),
            },
            v => Target::Address(v),
        };
        self.relative(line, m, &[code, zp], width, t, target.pos)
    }

    /// A relative branch: `head` (the opcode, and `bbr`'s direct page
    /// byte), then the offset; the 65CE02's long form where it doesn't
    /// reach, or with `-B` the opposite branch over a `jmp`.
    ///
    /// As in 64tass, a branch without a long form to a label not defined
    /// yet in this pass is measured from where the branch ended in the last
    /// pass, as the label moves with the branch's size: with `-B` a branch
    /// on the edge of its reach settles where 64tass's does.
    fn relative(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        head: &[u8],
        width: Width,
        target: Target,
        pos: Pos,
    ) -> Result<Code, Bad> {
        self.with_star(
            line,
            m,
            target,
            |_| 1 + head.len(),
            |a, last_end| a.relative_from(line, m, head, width, target, pos, last_end),
        )
    }

    /// Runs `encode` with where the branch ended last pass, if it takes a
    /// star ([`take_branch_star`](Self::take_branch_star)), then keeps where
    /// it ends now (`failed_len` of the error when it fails, as 64tass lays
    /// out a failed branch).
    fn with_star(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        target: Target,
        failed_len: impl FnOnce(&Bad) -> usize,
        encode: impl FnOnce(&mut Self, Option<u32>) -> Result<Code, Bad>,
    ) -> Result<Code, Bad> {
        let pc = self.pc();
        let last_end = self.take_branch_star(m, &target);
        let code = encode(self, last_end);
        self.end_branch(line, pc, code.as_ref().map_or_else(failed_len, |c| c.len()));
        code
    }

    /// 64tass's star of a branch: taken when the target is a label not
    /// defined yet in this pass (and the branch has no long form) or is not
    /// known yet. Gives where the branch ended when the star was last set.
    fn take_branch_star(&mut self, m: &Mnemonic, target: &Target) -> Option<u32> {
        let pass = self.st.pass;
        let (Target::Address(v) | Target::InBank(v)) = *target else {
            return None;
        };
        let code = match v {
            Value::Addr(a) if a.mode.0 == 0 => &a.val,
            v => v,
        };
        let ahead = match code {
            Value::Code(c) => self.syms.code(c.id).apass != pass,
            _ => false,
        };
        if (ahead && m.opcode(Mode::RelativeLong).is_none()) || v.is_none() {
            self.st.stars.branch_star(pass)
        } else {
            None
        }
    }

    /// The branch at `pc` was `len` bytes long: its end is kept in its star
    /// (if it took one); another end than last pass's needs another pass.
    fn end_branch(&mut self, line: &LineRef, pc: u32, len: usize) {
        let end = pc.wrapping_add(len as u32) & self.out.all_mem;
        if self.st.stars.end_branch(end) {
            self.branch_end_moved(line);
        }
    }

    /// A branch measured from where it ended last pass ends elsewhere now:
    /// another pass, and past the pass limit "can't calculate stable value"
    /// at its mnemonic, as 64tass reports a branch that never settles.
    /// Out of line: a few branches a pass move.
    #[inline(never)]
    fn branch_end_moved(&mut self, line: &LineRef) {
        if self.st.fixeddig && self.st.past_limit() {
            let at = self.st.instr_at as usize;
            let len =
                crate::syntax::scan::ident_len(&line.text[..line.end], at, self.dialect.unicode);
            self.moved(line.span(at, at + len.max(1)));
        }
        self.st.unsettle();
    }

    /// [`relative`](Self::relative) with the offset to a label ahead
    /// measured from `last_end` when known.
    #[allow(clippy::too_many_arguments)]
    fn relative_from(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        head: &[u8],
        width: Width,
        target: Target,
        pos: Pos,
        last_end: Option<u32>,
    ) -> Result<Code, Bad> {
        let ln = head.len() as u32;
        let pc = self.pc();
        let all_mem = self.out.all_mem;
        let long = m.opcode(Mode::RelativeLong);
        let whole = match &target {
            Target::Address(v) | Target::InBank(v) | Target::Raw(v, _) => Whole::Plain(v),
        };
        let with = |offset: u8| -> Code {
            let mut c = Code::from_slice(head);
            c.push(offset);
            c
        };
        // The target (or raw offset), whether it is in another bank,
        // whether it is known, and the offset.
        let (to, crossbank, known, offset) = match target {
            Target::Address(v) => match self.branch_target_or_unknown(line, v, pos) {
                Some(u) => {
                    // `beq * + $fffe` near the end: 64tass's -Wwrap-addr.
                    self.memory_wraps(line, u, pos);
                    let u = u & all_mem;
                    let from = last_end.unwrap_or(pc.wrapping_add(1 + ln));
                    (u, (pc ^ u) > 0xffff, true, u.wrapping_sub(from) as u16)
                }
                None => (0, false, false, 0),
            },
            Target::InBank(v) => match self.raw_offset(v, false, 16, pos)? {
                Some(u) => {
                    let u = u & 0xffff | (pc & !0xffff);
                    let from = last_end.unwrap_or(pc.wrapping_add(1 + ln));
                    (u, false, true, u.wrapping_sub(from) as u16)
                }
                None => (0, false, false, 0),
            },
            Target::Raw(v, signed) => {
                let long_possible = long.is_some() && width != Width::Byte;
                let bits = if long_possible { 16 } else { 8 };
                match self.raw_offset(v, signed, bits, pos)? {
                    Some(mut u) => {
                        if !long_possible && u & 0x80 != 0 {
                            u |= !0xff;
                        }
                        let u = u & 0xffff | (pc & !0xffff);
                        (u, false, true, u as u16)
                    }
                    None => (0, false, false, 0),
                }
            }
        };
        if !fits(offset) || crossbank || matches!(width, Width::Word | Width::Long) {
            // The 65CE02's branches reach 32 KiB, from their last byte.
            if let Some(long) = long
                && !crossbank
                && matches!(width, Width::Auto | Width::Word)
            {
                return Ok(smallvec::smallvec![long, offset as u8, (offset >> 8) as u8]);
            }
            if self.opts.long_branch && width == Width::Auto {
                return self.long_branch(line, m, head, pc, to, crossbank, whole, pos);
            }
            if width != Width::Auto && width != Width::Byte {
                return Err(Bad(pos, width.refused(m.name())));
            }
            if crossbank {
                return Err(self.not_in(whole, "address in different program bank", pos));
            }
            return Err(too_far(offset, pos));
        }
        if known {
            self.page_crossing(line, pc.wrapping_add(1 + ln), to, pos);
        }
        Ok(with(offset as u8))
    }

    /// `-B`: a branch that doesn't reach tests the opposite condition over
    /// a `jmp` (a `brl` on the 65816); a jump to the same place made earlier
    /// in this pass is reused when it is in reach. `bra` becomes the jump
    /// itself (which 64tass does not offer for reuse).
    #[allow(clippy::too_many_arguments)]
    fn long_branch(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        head: &[u8],
        pc: u32,
        to: u32,
        crossbank: bool,
        whole: Whole,
        pos: Pos,
    ) -> Result<Code, Bad> {
        let code = head[0];
        let bit = head.len() > 1;
        if !bit && !conditional(code) {
            if m.is("rer") {
                // 65EL02: not a branch at all.
                if crossbank {
                    return Err(self.not_in(whole, "address in different program bank", pos));
                }
                return Err(too_far(to.wrapping_sub(pc.wrapping_add(2)) as u16, pos));
            }
            self.long_branch_warning(line, pos);
            let jump = self.far_jump_laid_out(line, self.far_as_brl(), pc, to, whole, pos);
            self.st
                .opt_parts
                .push(OptPart::new(jump.len(), SeenAs::Away(code)));
            return Ok(jump);
        }
        if bit && crossbank {
            return Err(self.not_in(whole, "address in different program bank", pos));
        }
        let key = (self.st.section, to);
        // The jump goes where the branch over it ends, which wraps in the
        // processor's address space (a branch at $ffff jumps from $0001).
        let from = pc.wrapping_add(head.len() as u32 + 1) & self.out.all_mem;
        if let Some(&dest) = self.st.longjumps.get(&key)
            && (pc ^ dest) <= 0xffff
        {
            let off = dest.wrapping_sub(from) as u16;
            if fits(off) {
                let mut c = Code::from_slice(head);
                c.push(off as u8);
                return Ok(c);
            }
        }
        // A branch made long takes a star (64tass's), and its opposite
        // branch skips to where it ended last pass: over the jump once
        // settled. `bbr`/`bbs` take none.
        let skip_to = if bit {
            None
        } else {
            self.st.stars.branch_star(self.st.pass)
        };
        let over = skip_to.map_or(3, |end| end.wrapping_sub(pc).wrapping_sub(2) as u8);
        // The opposite condition: `bcc`/`bcs` and the others differ in
        // bit 5, `bbr`/`bbs` in bit 7.
        let mut c = Code::from_slice(head);
        c[0] = code ^ if bit { 0x80 } else { 0x20 };
        c.push(over);
        let brl = !bit && !crossbank && self.far_as_brl();
        let skip = c.len();
        // `-Woptimize` sees the branch written, then the jump as a `nop`.
        self.st
            .opt_parts
            .push(OptPart::new(skip, SeenAs::Opcode(code)));
        // The warning comes before the jump's own messages; a jump refused
        // is still laid out, its place kept for reuse like any other.
        self.long_branch_warning(line, pos);
        let jump = self.far_jump_laid_out(line, brl, from, to, whole, pos);
        c.extend_from_slice(&jump);
        self.st.longjumps.insert(key, from);
        self.st
            .opt_parts
            .push(OptPart::new(c.len() - skip, SeenAs::Opcode(0xea)));
        Ok(c)
    }

    fn long_branch_warning(&mut self, line: &LineRef, pos: Pos) {
        if self.opts.warnings.long_branch {
            let span = self.span_at(line, pos);
            self.warn("long-branch", span, "long branch used".into());
        }
    }

    /// A branch from `from` (its end) to `to` on another page: an error
    /// with `.option allow_branch_across_page = 0`, a `-Wbranch-page` warning.
    fn page_crossing(&mut self, line: &LineRef, from: u32, to: u32, pos: Pos) {
        if (from & 0xff00) == (to & 0xff00) {
            return;
        }
        let mut by = to as u8 as i8 as i32;
        if by >= 0 {
            by += 1;
        }
        let msg = || format!("branch crosses page by {by:+} bytes");
        if !self.st.allow_branch_across_page {
            let span = self.span_at(line, pos);
            self.error(span, Kind::BranchOutOfRange, msg());
        } else if self.opts.warnings.branch_page {
            let span = self.span_at(line, pos);
            self.warn("branch-page", span, msg());
        }
    }

    /// A raw offset or in-bank address of `bits` bits, signed or not
    /// (`None`: not known yet).
    fn raw_offset(&self, v: &Value, signed: bool, bits: u32, pos: Pos) -> Result<Option<u32>, Bad> {
        if v.is_none() {
            return Ok(None);
        }
        let r = if signed {
            to_ival(v, bits, self).map(|i| i as u32)
        } else {
            to_uval(v, bits, self).map(|u| u as u32)
        };
        match r {
            Ok(u) => Ok(Some(u)),
            Err(f) if f.none => Ok(None),
            Err(f) => Err(Bad(pos, f.msg)),
        }
    }

    /// `gne label`: a branch when it reaches, a `jmp` (a `brl` on the 65816)
    /// when it doesn't, one byte when it skips one byte (two on the 65CE02),
    /// nothing when it would go to the next line. `gne @b label` is always
    /// the branch, `gne @w label` always the jump.
    ///
    /// A label ahead is measured from `last_end` when known.
    fn always(
        &mut self,
        line: &LineRef,
        m: &Mnemonic,
        width: Width,
        target: Target,
        pos: Pos,
        last_end: Option<u32>,
    ) -> Result<Code, Bad> {
        let cpu = self.st.cpu;
        let code = m.opcode(Mode::Relative).unwrap_or(0);
        let brl = self.far_as_brl();
        let far_name = if brl { "brl" } else { "jmp" };
        let star = self.pc();
        let (v, target) = match target {
            Target::Address(v) => (v, {
                let to = self.branch_target_or_unknown(line, v, pos);
                if let Some(u) = to {
                    self.memory_wraps(line, u, pos);
                }
                to.map(|u| u & self.out.all_mem)
            }),
            Target::InBank(v) | Target::Raw(v, _) => (
                v,
                self.raw_offset(v, false, 16, pos)?
                    .map(|u| u & 0xffff | (star & !0xffff)),
            ),
        };
        let far = |a: &mut Self, target: u32| {
            a.far_jump_laid_out(line, brl, star, target, Whole::Plain(v), pos)
        };
        // How far a pseudo branch made into a byte of skip goes.
        let mut skip = 0;
        let bytes = match (width, target) {
            // The forced widths are those of the jump it would become.
            (Width::Long, _) => {
                return Err(Bad(pos, Width::Long.refused(far_name)));
            }
            (Width::Word, t) => {
                self.long_branch_warning(line, pos);
                far(self, t.unwrap_or(star))
            }
            (Width::Byte, None) => smallvec::smallvec![code, 0],
            (Width::Byte, Some(target)) => {
                // Measured as the unsized one is (a label ahead from where
                // this ended last pass).
                let from = last_end.unwrap_or(star.wrapping_add(2) & self.out.all_mem);
                let offset = target.wrapping_sub(from) as u16;
                if !fits(offset) || (star ^ target) > 0xffff {
                    return Err(Bad(pos, Width::Byte.refused(far_name)));
                }
                self.page_crossing(line, star.wrapping_add(2), target, pos);
                smallvec::smallvec![code, offset as u8]
            }
            // Not known yet: the short branch (64tass measures it as going
            // to the next instruction, but leaves it two bytes long).
            (Width::Auto, None) => smallvec::smallvec![code, 0],
            (Width::Auto, Some(target)) => {
                // As 64tass: a label not yet defined this pass (one ahead) is
                // measured from where this instruction ended last pass, as the
                // label moves with the instruction's size: `gcc` to itself
                // stays a branch and `gcc` to the next line vanishes. Any other
                // address is measured from the instruction's own end, and so
                // is the label in front of it (defined before it).
                let from = last_end.unwrap_or(star.wrapping_add(2) & self.out.all_mem);
                let offset = target.wrapping_sub(from) as u16;
                skip = offset as u32;
                let short = fits(offset) && (star ^ target) <= 0xffff;
                if short {
                    self.page_crossing(line, star.wrapping_add(2), target, pos);
                }
                if !short {
                    self.long_branch_warning(line, pos);
                    far(self, target)
                } else if offset == 0 {
                    Code::new()
                } else if offset == 1 && conditional(code) {
                    smallvec::smallvec![code ^ 0x20]
                } else if offset == 1 && code == 0x80 && matches!(cpu, Cpu::R65C02 | Cpu::W65C02) {
                    // `gra` over one byte: the R65C02's two-byte `nop #`
                    // (its first byte).
                    smallvec::smallvec![0x82]
                } else if offset == 2 && conditional(code) && cpu.is_65ce02() {
                    // Over two bytes: the opposite long branch's first byte.
                    smallvec::smallvec![code ^ 0x23]
                } else {
                    smallvec::smallvec![code, offset as u8]
                }
            }
        };
        // `-Woptimize` sees a pseudo branch that became a jump or a skip as
        // the branch, going out of sight; one that became nothing as the
        // branch with no bytes.
        let seen = match &bytes[..] {
            [] => Some(OptPart::new(0, SeenAs::Opcode(code))),
            [c, _] if *c == code => None,
            // A skip of one byte (two on the 65CE02): told how far.
            [_] => Some(OptPart {
                operand: Some(skip),
                ..OptPart::new(1, SeenAs::Away(code))
            }),
            _ => Some(OptPart::new(bytes.len(), SeenAs::Away(code))),
        };
        self.st.opt_parts.extend(seen);
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use crate::Options;
    use crate::asm::Assembler;
    use crate::cpu::Cpu;

    /// The bytes (or none) and every message of `src`, with replay on, or
    /// off (`-Wcase-symbol` turns it off; these sources spell each name
    /// one way, so it adds no message).
    fn run(src: &str, opts: &Options, replay: bool) -> (Option<Vec<u8>>, Vec<String>) {
        let mut opts = opts.clone();
        if !replay {
            assert!(opts.warnings.apply("case-symbol"));
        }
        let said = |d: &crate::diag::Diagnostic| format!("{}:{}: {}", d.line, d.column, d.message);
        match Assembler::new(&opts).run_text("t.asm", src) {
            Ok(p) => (Some(p.prg_bytes()), p.warnings.iter().map(said).collect()),
            Err(d) => (None, d.iter().map(said).collect()),
        }
    }

    /// Branches to labels behind and ahead, anonymous and cheap local,
    /// around code that shrinks in the second pass (an address of the zero
    /// page read before it is defined), near page edges and at the edge of
    /// a branch's reach, one in a loop: seed `n` picks the sizes and the
    /// start.
    fn source(n: u32) -> String {
        let start = [0x10f0u32, 0x1000, 0x12fa, 0x2081][n as usize % 4];
        let gap = [0usize, 40, 118, 121, 125, 126, 127, 130][(n / 4) as usize % 8];
        let mut s = format!("* = ${start:04x}\n");
        for i in 0..6 {
            s += &format!("lp{i} lda zp\n");
            s += &format!("- dey\n bne lp{i}\n beq fw{i}\n bpl -\n bmi +\n");
            s += "_l inx\n bcc _l\n lda zp\n bvs _l\n+ nop\n";
            if i == 2 {
                s += &format!(" .fill {gap}\n");
                s += " .rept 2\n- inx\n bne -\n .endrept\n";
            }
            s += &format!("fw{i} rts\n bcs lp0\n");
        }
        s += "zp = $12\n";
        s
    }

    /// A branch made from its record (`branch_replayed`) is what the
    /// general path makes, its messages too: on many sources, with
    /// `-Wbranch-page`, `-B`, and the 65CE02's long branches, replay on
    /// and off give the same. The branches back of a later pass are
    /// replayed.
    #[test]
    fn replayed_branches_are_the_general_paths() {
        let mut page = Options::default();
        assert!(page.warnings.apply("branch-page"));
        let long = Options {
            long_branch: true,
            ..Options::default()
        };
        let ce02 = Options {
            cpu: Cpu::M65CE02,
            ..Options::default()
        };
        let mut tried = 0;
        for opts in [Options::default(), page, long, ce02] {
            for n in 0..32 {
                let src = source(n);
                REPLAYED.with(|r| r.set(0));
                let with = run(&src, &opts, true);
                let replayed = REPLAYED.with(|r| r.get());
                REPLAYED.with(|r| r.set(0));
                let without = run(&src, &opts, false);
                assert_eq!(REPLAYED.with(|r| r.get()), 0);
                assert_eq!(with, without, "seed {n}:\n{src}");
                assert!(replayed > 0, "no branch replayed, seed {n}");
                tried += usize::from(with.0.is_some());
            }
        }
        // Both kinds: some assemble, some reach too far.
        assert!(tried > 32 && tried < 128, "{tried}");
    }

    /// Branches back to a label, to `-` and to a cheap local made from
    /// their records in passes 2 and 3: exact bytes; none under
    /// `-Wshadow`, same bytes.
    #[test]
    fn a_replayed_branch_has_its_offset() {
        let src = "* = $1000\nlp lda zp\n- dey\n bne lp\n bpl -\n beq fw\n_c inx\n bcc _c\nfw rts\n\
                   zp = $12\n";
        let want = vec![
            0x00, 0x10, 0xa5, 0x12, 0x88, 0xd0, 0xfb, 0x10, 0xfb, 0xf0, 0x03, 0xe8, 0x90, 0xfd,
            0x60,
        ];
        REPLAYED.with(|r| r.set(0));
        let (bytes, said) = run(src, &Options::default(), true);
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(bytes, Some(want.clone()));
        // Three branches back, replayed in pass 2 and pass 3.
        assert_eq!(REPLAYED.with(|r| r.get()), 6);
        let mut shadow = Options::default();
        assert!(shadow.warnings.apply("shadow"));
        REPLAYED.with(|r| r.set(0));
        let (bytes, _) = run(src, &shadow, true);
        assert_eq!(bytes, Some(want));
        assert_eq!(REPLAYED.with(|r| r.get()), 0);
    }

    thread_local! {
        /// Branches made from their records on this thread.
        pub static REPLAYED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }
}
