//! Instructions: a line's operands evaluated and counted ([`operand`]
//! chooses the addressing mode of one, direct page, data bank or long as
//! 64tass does; [`branch`] makes branches, long branches and the `gxx`
//! pseudo branches); the names themselves are [`super::mnemonics`].

mod branch;
mod operand;

use super::Assembler;
use super::compile::{NewLabel, Step};
use super::eval::Located;
use super::lines::{LineRef, ParseKind};
use super::mnemonics::{ALWAYS, Op, bra_opcode};
use crate::diag::Kind;
use crate::opcodes::{Mode, table};
use crate::syntax::ast::{AddrOp, Pos};
use crate::syntax::compiled::{Expr, ExprKind};
use crate::value::convert::Fault;
use crate::value::{AddrMode, FuncId, Value};

/// An encoded instruction: at most five bytes (a long branch), kept inline
/// (one per instruction and pass, no allocation).
type Code = smallvec::SmallVec<[u8; 8]>;

/// An instruction of 1 to 4 bytes as the quick paths make it: its bytes
/// little-endian (the rest 0) and how many, written and kept as a word
/// (as a replayed record is), with no [`Code`] between.
type Word = ([u8; 4], u32);

/// Address size forced with `@b`, `@w`, `@l`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    Auto,
    Byte,
    Word,
    Long,
}

impl Width {
    /// "no word sized addressing mode for opcode 'lda'": the size asked for
    /// where the mode has no such size.
    fn refused(self, name: &str) -> String {
        let size = match self {
            Width::Byte => "byte",
            Width::Word => "word",
            _ => "long",
        };
        format!("no {size} sized addressing mode for opcode '{name}'")
    }

    /// Whether `msg` is a [`Width::refused`] message.
    fn is_refusal(msg: &str) -> bool {
        msg.starts_with("no ") && msg.contains(" sized addressing mode for opcode")
    }
}

/// An encoding failure: where and why.
struct Bad(Pos, String);

impl Bad {
    /// The kind of error a failure's message tells.
    fn kind_of(msg: &str) -> Kind {
        if msg.starts_with("branch") {
            Kind::BranchOutOfRange
        } else if msg.starts_with("too large")
            || msg.starts_with("value needs")
            || msg.starts_with("not a ")
            || msg.starts_with("address in different")
        {
            Kind::ValueOutOfRange
        } else {
            Kind::AddressingMode
        }
    }
}

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
        // Checked before the line's replay state is begun: a check that
        // fails notes no read and reports nothing.
        if self.instruction_replayed(line, op, mpos, mend) {
            return Step::Next;
        }
        self.replay_begin();
        self.st.instr_at = mpos as u32;
        let mut pos = line.skip_ws(mend);
        let mut width = Width::Auto;
        if self.dialect.tasm {
            // TASM's `!` forces a word address (`lda !$12`); no `@w`.
            if line.at(pos) == b'!' {
                width = Width::Word;
                pos += 1;
            }
        } else if line.at(pos) == b'@' {
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
        let bare = line.at_end(line.skip_ws(pos)) && width == Width::Auto;
        // No operand, and the instruction has an implied form (`clc`): its
        // one byte, what `encode` makes of no operands.
        if bare
            && let Op::Real(i) = op
            && let Some(code) = table(self.st.cpu)[i as usize].opcode(Mode::Implied)
        {
            self.rounded.set(false);
            self.write_first(line, op, &[], ([code, 0, 0, 0], 1), mpos, mend);
            return Step::Next;
        }
        // One plain number (`lda #0`, `sta $d020`): its bytes straight from
        // the text (see `plain_number_line`), out of line, asked only where
        // the operand starts as one does.
        if !bare
            && width == Width::Auto
            && plain_number_start(line, pos)
            && self.plain_number_line(line, op, pos, mpos, mend)
        {
            return Step::Next;
        }
        // Where an operand failed: the operands with their values unknown,
        // the failed ones shaped by their expressions (an error value has
        // lost its addressing mode: `(undefined),y` stays 2 bytes).
        let mut unknown: Option<Vec<Located>> = None;
        let vals = if bare {
            super::eval::Args::new()
        } else {
            let Some(parsed) = self.parse_exprs(line, pos, ParseKind::Operands) else {
                return Step::Next;
            };
            // Where the operands' text starts (see `operand_pos`).
            let from = line.skip_ws(pos);
            let Ok(exprs) = &parsed.result else {
                return Step::Next;
            };
            // With several operands the errors are kept in the values: an
            // addressing mode that does not exist (`lda $10,X` with -C, where
            // `X` is not defined) is the error, as in 64tass.
            // The usual operand, `value`, `#value`, `table,x` or `(zp),y` of
            // a number or a label, is encoded straight from its value (the
            // general path below wraps it into an address value first).
            let quick = match (&exprs[..], op) {
                ([e], Op::Real(i)) if width != Width::Long && !self.index_shadowed(line, e) => {
                    plain_modes(e).map(|(mode, base)| (e, i, mode, base))
                }
                _ => None,
            };
            // The quick path's operand comes placed (below: not again), and
            // its place (`at`) is found only where it is needed: not for the
            // usual operand's bytes written at once.
            let placed = quick.is_some();
            if !placed && let Some(first) = exprs.first() {
                at = operand_pos(line, from, first);
            }
            let evaluated = match quick {
                Some((e, i, mode, base)) => match self.eval_value(line, base) {
                    Ok(v @ (Value::Int(_) | Value::Bits(_) | Value::Code(_))) => {
                        self.rounded.set(false);
                        let m = &table(self.st.cpu)[i as usize];
                        // The usual operands' bytes straight (see `quick_address`).
                        let quick = match self.byte_immediate(m, width, mode, &v) {
                            Some([code, n]) => Some(([code, n, 0, 0], 2)),
                            None => self.quick_address(m, width, mode, &v),
                        };
                        if let Some(word @ (bytes, n)) = quick {
                            debug_assert!(
                                self.general_encoding(
                                    line,
                                    m,
                                    width,
                                    mode,
                                    &v,
                                    operand_pos(line, from, e)
                                )
                                .is_ok_and(|b| b[..] == bytes[..n as usize]),
                                "a quick encoding differs from the general path"
                            );
                            self.float_round_warning(line, base.start());
                            self.write_first(line, op, exprs, word, mpos, mend);
                            return Step::Next;
                        }
                        // A branch to a label: its two bytes without the
                        // general encoding, kept as a word (see `quick_branch`).
                        let branch = if mode == AddrMode::NONE {
                            self.quick_branch(line, m, width, &v, || operand_pos(line, from, e))
                        } else {
                            None
                        };
                        let far = match branch {
                            Some(Ok([code, offset])) => {
                                self.float_round_warning(line, base.start());
                                // Its bytes never kept for replay (see
                                // `replayable`); a first pass's branch (back:
                                // its target known) keeps its target.
                                if self.st.pass == 1 {
                                    let plain =
                                        matches!(e.kind(), ExprKind::Ident(_) | ExprKind::Anon(_))
                                            && e.text_start() as usize == from;
                                    self.replay_record_branch(line, plain);
                                } else {
                                    self.replay_not_kept();
                                }
                                self.write_word(line, ([code, offset, 0, 0], 2), mpos, mend);
                                return Step::Next;
                            }
                            Some(Err(made)) => Some(made),
                            None => None,
                        };
                        at = operand_pos(line, from, e);
                        let encoded = match far {
                            Some(made) => made,
                            None if mode == AddrMode::NONE => self.one_operand(
                                line,
                                m,
                                width,
                                &v,
                                value_pos(line, from, e, self.dialect.tasm),
                                at,
                            ),
                            None => self.addr_operand(
                                line,
                                m,
                                width,
                                mode,
                                &v,
                                None,
                                value_pos(line, from, e, self.dialect.tasm),
                                at,
                            ),
                        };
                        if let Ok(bytes) = encoded {
                            self.float_round_warning(line, base.start());
                            self.replay_record(line, op, exprs, &bytes);
                            self.emit_instruction(line, &bytes, mpos as Pos);
                            self.alias_asked(line, mpos, mend);
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
                            pos: value_pos(line, from, e, self.dialect.tasm)
                        }])
                    }
                    Ok(v) => {
                        // A branch to a label not known yet (ahead, in pass
                        // 1): its two bytes without the general encoding
                        // (see `unknown_branch`). Not `<label` and the like,
                        // whose shape may be an address.
                        if v.is_none()
                            && mode == AddrMode::NONE
                            && !matches!(e.kind(), ExprKind::Unary(..))
                            && let Some([code, offset]) = self.unknown_branch(
                                line,
                                &table(self.st.cpu)[i as usize],
                                width,
                                || operand_pos(line, from, e),
                            )
                        {
                            // As the general path leaves it (nothing rounded).
                            self.rounded.set(false);
                            self.write_word(line, ([code, offset, 0, 0], 2), mpos, mend);
                            return Step::Next;
                        }
                        at = operand_pos(line, from, e);
                        let mut ops = smallvec::SmallVec::<[AddrOp; 3]>::new();
                        let mut x = e;
                        while let ExprKind::Addr(op, inner) = x.kind() {
                            ops.push(op);
                            x = inner;
                        }
                        let v = ops
                            .iter()
                            .rev()
                            .fold(v, |v, &op| super::eval::apply_mode(v, op));
                        // Not known yet: the mode of `<#label` is kept
                        // around it as well (64tass's address of none).
                        let v = if v.is_none() { shape(e) } else { v };
                        let pos = value_pos(line, from, e, self.dialect.tasm);
                        // With `-T` an operand's error is no longer an
                        // address (64tass's TASM reader keeps the error
                        // through `#`, `,x` and brackets): it is reported.
                        // (The shape only for an error: a value not known
                        // yet, every forward reference of pass 1, needs none.)
                        let shaped = (matches!(v, Value::Error(_)) && !self.dialect.tasm)
                            .then(|| [Located { val: shape(e), pos }])
                            .filter(|shaped| {
                                self.encode_quietly(line, op, width, shaped, at).is_err()
                            });
                        if let Some(shaped) = shaped {
                            // The addressing mode's error, below (a sized
                            // branch's target error first, as 64tass).
                            if self.sized_branch(op, width) {
                                self.report_kept_errors(line, &[Located { val: v, pos }]);
                            }
                            Ok(shaped.into_iter().collect())
                        } else {
                            self.used(line, e.pos, v)
                                .map(|val| smallvec::smallvec![Located { val, pos }])
                        }
                    }
                    Err(r) => {
                        at = operand_pos(line, from, e);
                        Err(r)
                    }
                },
                // A size asked for is checked before the value is used
                // (below): the value's error is kept until then.
                None => self.eval_list(line, exprs, exprs.len() > 1 || width != Width::Auto),
            };
            match evaluated {
                // Not known yet (a forward reference): the addressing mode
                // still decides the size, as in 64tass (`ane #later` is 2 bytes).
                Ok(mut v) => {
                    let splat = exprs.iter().any(Expr::is_splat);
                    for (x, e) in v.iter_mut().zip(exprs.iter()) {
                        if x.val.is_none() {
                            x.val = shape(e);
                        }
                        if !splat && !placed {
                            x.pos = value_pos(line, from, e, self.dialect.tasm);
                        }
                    }
                    if v.iter()
                        .any(|x| crate::value::convert::deep_error(&x.val).is_err())
                    {
                        let stack = |v: &Value| self.stack_variable(v).map(|(mode, _)| mode);
                        let shapes =
                            v.iter()
                                .zip(exprs.iter())
                                .enumerate()
                                .map(|(i, (x, e))| Located {
                                    val: match crate::value::convert::deep_error(&x.val) {
                                        Err(_) => shape(e),
                                        Ok(()) => unknown_inside(&x.val, i > 0, &stack),
                                    },
                                    pos: x.pos,
                                });
                        unknown = Some(shapes.collect());
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
                    let measured = self.encode_quietly(line, op, width, &shapes, at);
                    self.emit_placeholder(line, measured);
                    return Step::Next;
                }
            }
        };
        let mpos32 = at;
        // 64tass picks the addressing mode (and checks a size forced with
        // `@b`, `@w`, `@l`) before it uses the operands' values: where their
        // shapes have none (`nop nop`, `inx 1/0`, `jmp @label`), that is the
        // error, not the value's.
        let mut vals = vals;
        // `mvn`'s and `mvp`'s banks report their faults one by one, in the
        // order written (see `move_operands`), as 64tass does.
        let moving = vals.len() == 2
            && matches!(op, Op::Real(i) if table(self.st.cpu)[i as usize].has(Mode::Move));
        if let Some(shapes) = &unknown
            && !moving
            && self
                .encode_quietly(line, op, width, shapes, mpos32)
                .is_err()
        {
            // A branch is the exception: 64tass reads its target first and
            // checks `@w`/`@l` after (`beq @wundefined` reports both).
            if self.sized_branch(op, width) {
                self.report_kept_errors(line, &vals);
            }
            vals = shapes.iter().cloned().collect();
            unknown = None;
        }
        // An error kept in an operand (a list's element) is reported here,
        // unless no addressing mode takes operands of that shape.
        // The R65C02's bit instructions take two operands (`rmb 1,zp`) or
        // three (`bbr 1,zp,target`).
        let bits = |mode| matches!(op, Op::Real(i) if table(self.st.cpu)[i as usize].has(mode));
        let indexed = match &vals[..] {
            [_, r] => {
                matches!(r.val, Value::Register(c) if operand::index_register(c).is_some())
                    || bits(Mode::ZeroPageBit)
            }
            [_, _, _] => bits(Mode::ZeroPageBitRelative),
            _ => vals.len() < 2,
        };
        // A list's elements are reported one by one as the instruction is
        // made for each (below).
        for v in vals
            .iter()
            .filter(|v| indexed && v.val.elements().is_none())
        {
            if let Err(f) = crate::value::convert::deep_error(&v.val) {
                let _ = self.fault(line, v.pos, f);
                // Still assembled as if the value were not known yet (64tass:
                // `lda undefined,x` takes its 3 bytes), so later labels stay
                // where the pass before put them.
                if let Some(shapes) = &unknown {
                    let measured = self.encode_quietly(line, op, width, shapes, mpos32);
                    self.emit_placeholder(line, measured);
                }
                return Step::Next;
            }
        }
        // A list operand assembles the instruction once per element, as in
        // 64tass (`lda table` where `table` labels a `.bfor`, `ldx #(3, 4)`,
        // `rmb 2,[$10, $11]`); lists in several operands go element by
        // element, single values repeat.
        if vals.iter().any(|v| v.val.elements().is_some()) {
            let mut each = Vec::new();
            if let Err((at, msg)) = broadcast(&vals, &mut each) {
                let span = self.span_at(line, at);
                self.error(span, Kind::AddressingMode, msg);
                return Step::Next;
            }
            if each.is_empty() {
                // No instruction, but the line is listed.
                self.record_empty_instruction(line);
            }
            // As 64tass, an element that fails is reported and the others
            // are still made (`lda #(v, $1234)` reports both).
            for one in each {
                let kept = one.iter().find_map(|v| {
                    crate::value::convert::deep_error(&v.val)
                        .err()
                        .map(|f| (v.pos, f))
                });
                if let Some((pos, f)) = kept {
                    let _ = self.fault(line, pos, f);
                    continue;
                }
                match self.encode(line, op, width, &one, mpos32) {
                    Ok(bytes) => {
                        self.emit_instruction(line, &bytes, mpos as Pos);
                        self.alias_asked(line, mpos, mend);
                    }
                    Err(Bad(at, msg)) => {
                        let span = self.span_at(line, at);
                        self.error(span, Kind::AddressingMode, msg);
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
                if bare {
                    self.replay_record(line, op, &[], &bytes);
                }
                self.emit_instruction(line, &bytes, mpos as Pos);
                self.alias_asked(line, mpos, mend);
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
                let kind = Bad::kind_of(&msg);
                // A size the instruction doesn't have takes no room (only
                // an address not known yet is laid out at the size asked).
                let refused = Width::is_refusal(&msg);
                if let Some((pos, f)) = self.unencodable_operand(&vals, &msg) {
                    // At its character, once per encoding and pass; then, as
                    // 64tass, the text with a `?` for it (`lda #"a_"` is
                    // also too large).
                    self.fault(line, pos, f);
                    self.marking.set(true);
                    let marked = self.encode(line, op, width, &vals, mpos32);
                    self.marking.set(false);
                    match marked {
                        Ok(bytes) => {
                            self.emit_instruction(line, &bytes, mpos as Pos);
                            return Step::Next;
                        }
                        Err(Bad(at, msg)) if !msg.is_empty() => {
                            let span = self.span_at(line, at);
                            self.error(span, Bad::kind_of(&msg), msg);
                        }
                        Err(_) => {}
                    }
                } else if !msg.is_empty() {
                    self.error(span, kind, msg);
                }
                if refused {
                    // A branch is still laid out as one: 64tass refuses the
                    // size where a branch doesn't reach, and goes on.
                    let branch = matches!(op, Op::Real(i)
                        if table(self.st.cpu)[i as usize].has(Mode::Relative));
                    if branch && vals.len() == 1 {
                        self.emit_placeholder(line, Ok(smallvec::smallvec![0, 0]));
                    }
                    return Step::Next;
                }
                let bit_instruction = matches!(op, Op::Real(i)
                    if table(self.st.cpu)[i as usize].has(Mode::ZeroPageBit));
                // A register where an address goes (`inc a` on the 6502,
                // `lda #a`, `lda (x)`) is laid out as an address not known
                // yet, as 64tass does; an index register stays one.
                let stack = |v: &Value| self.stack_variable(v).map(|(mode, _)| mode);
                let shapes: Vec<Located> = vals
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Located {
                        val: unknown_inside(&v.val, i > 0 && !bit_instruction, &stack),
                        pos: v.pos,
                    })
                    .collect();
                let measured = self.encode_quietly(line, op, width, &shapes, at);
                self.emit_placeholder(line, measured);
            }
        }
        Step::Next
    }

    /// An instruction whose operand at `pos` is one plain number, alone or
    /// after `#` (`lda #0`, `sta $d020`, see [`Self::plain_number_operand`]):
    /// its bytes made straight from the text, with no parse, entry or
    /// evaluation, and kept for replay as the quick path keeps them (a
    /// later pass replays the record, or parses the line as usual if none
    /// holds). False: not such an operand, nothing done.
    #[inline(never)]
    fn plain_number_line(
        &mut self,
        line: &LineRef,
        op: Op,
        pos: usize,
        mpos: usize,
        mend: usize,
    ) -> bool {
        let Op::Real(i) = op else {
            return false;
        };
        if self.dialect.tasm {
            return false;
        }
        let m = &table(self.st.cpu)[i as usize];
        let Some((word, at)) = self.plain_number_operand(line, pos, m) else {
            return false;
        };
        #[cfg(debug_assertions)]
        self.check_plain_operand(line, pos, i as usize, word, at);
        // As the evaluation leaves it (nothing rounded).
        self.rounded.set(false);
        self.float_round_warning(line, at);
        self.write_first(line, op, &[], word, mpos, mend);
        true
    }

    /// In debug builds: the general path makes the bytes `word` of a plain
    /// number operand at `pos` (see [`Self::plain_number_operand`]) for
    /// instruction `i`, its value starting at `at`: the parse is one
    /// number under its addressing mode, and its encoding the same bytes.
    #[cfg(debug_assertions)]
    fn check_plain_operand(&mut self, line: &LineRef, pos: usize, i: usize, word: Word, at: Pos) {
        let m = &table(self.st.cpu)[i];
        let general = self.with_general_parse(line, pos, ParseKind::Operands, |asm, exprs| {
            let [e] = exprs? else {
                return None;
            };
            let (mode, base) = plain_modes(e)?;
            let v = match base.kind() {
                ExprKind::Int(v) => Value::Int(v),
                ExprKind::Bits(b) => Value::Bits(b.bits()),
                _ => return None,
            };
            let place = operand_pos(line, pos, e);
            let bytes = asm
                .general_encoding(line, m, Width::Auto, mode, &v, place)
                .ok()?;
            Some((bytes.to_vec(), base.start()))
        });
        let (bytes, n) = word;
        debug_assert_eq!(
            general,
            Some((bytes[..n as usize].to_vec(), at)),
            "{:?}",
            &line.text[pos..line.end]
        );
    }

    /// The general path's encoding of a quick operand, to check the quick
    /// one against (in debug builds).
    fn general_encoding(
        &mut self,
        line: &LineRef,
        m: &crate::opcodes::Mnemonic,
        width: Width,
        mode: AddrMode,
        v: &Value,
        at: Pos,
    ) -> Result<Code, Bad> {
        if mode == AddrMode::NONE {
            self.one_operand(line, m, width, v, at, at)
        } else {
            self.addr_operand(line, m, width, mode, v, None, at, at)
        }
    }

    /// The operand whose text the encoding can't hold, when that is why
    /// the instruction failed (`lda #"_"` with no `_` in the encoding): its
    /// place and the encoding's fault, which names the character.
    fn unencodable_operand(&self, vals: &[Located], msg: &str) -> Option<(Pos, Fault)> {
        if !msg.starts_with("can't encode") {
            return None;
        }
        vals.iter().find_map(|v| {
            let mut x = &v.val;
            while let Value::Addr(a) = x {
                x = &a.val;
            }
            match x {
                Value::Str(s) => crate::value::Env::encode(self, s).err().map(|f| (v.pos, f)),
                _ => None,
            }
        })
    }

    /// A later pass's (or loop iteration's) instruction line replayed from
    /// its record ([`Self::replay_instruction`]) and its bytes written, the
    /// usual case straight (see [`Self::emit_small`]): one step at
    /// `instruction_line`'s top, no call to `emit_instruction`. False: not
    /// replayed (the record was checked; the line is read).
    #[inline(always)]
    fn instruction_replayed(&mut self, line: &LineRef, op: Op, mpos: usize, mend: usize) -> bool {
        let (kept, len) = match self.replay_instruction(line, op) {
            Some(kept) => kept,
            // A record that failed only as its label moved (see
            // `moved_operand`): its bytes made again from the label.
            // A branch's record, its target's label (see `branch_replayed`),
            // is told the same way: no test more on the usual lines.
            None if self.replay.known_name != super::replay::NO_NAME => {
                if self.replay.known_name == super::replay::BRANCH_NAME {
                    return self.branch_replayed(line, op, mpos, mend);
                }
                match self.moved_operand(line, op, mend) {
                    Some((word, n)) => (word, n as usize),
                    None => return false,
                }
            }
            None => return false,
        };
        // One write for both: inlined once into `instruction_line`.
        self.write_replayed(line, kept, len, mpos, mend);
        true
    }

    /// An instruction written after a label (its name at `mpos`, its
    /// record at `at`) replayed from its record without looking its name
    /// up (see [`Self::replay_instruction_unnamed`]): what
    /// `instruction_line` does for a replayed line. False: not replayed,
    /// nothing done (the general way reads the line).
    #[inline]
    pub fn labelled_instruction_replayed(
        &mut self,
        line: &LineRef,
        mpos: usize,
        at: usize,
    ) -> bool {
        let (kept, len) = match self.replay_instruction_unnamed(line, mpos, at) {
            Some(kept) => kept,
            // As in `instruction_replayed`: else the record's check would
            // be paid again by `instruction_line`.
            None if self.replay.known_name != super::replay::NO_NAME => {
                if self.replay.known_name == super::replay::BRANCH_NAME {
                    return self.labelled_branch(line, mpos);
                }
                match self.labelled_moved(line, mpos) {
                    Some((word, n)) => (word, n as usize),
                    None => return false,
                }
            }
            None => return false,
        };
        self.write_replayed(line, kept, len, mpos, mpos + 3);
        true
    }

    /// [`Self::branch_replayed`] for a branch written after a label (its
    /// name at `mpos`, looked up now). False: not replayed (the general
    /// way checks the record again).
    #[inline(never)]
    fn labelled_branch(&mut self, line: &LineRef, mpos: usize) -> bool {
        let op = line
            .text
            .get(mpos..mpos + 3)
            .and_then(|w| self.mnemonic_of(w));
        match op {
            Some(op) if !line.at(mpos + 3).is_ascii_alphanumeric() => {
                self.branch_replayed(line, op, mpos, mpos + 3)
            }
            _ => {
                self.replay.known_name = super::replay::NO_NAME;
                false
            }
        }
    }

    /// [`Self::moved_operand`] for an instruction written after a label
    /// (its name at `mpos`, looked up now). `None`: as `moved_operand`'s
    /// (the general way then checks the record again).
    #[inline(never)]
    fn labelled_moved(&mut self, line: &LineRef, mpos: usize) -> Option<Word> {
        let op = self.mnemonic_of(line.text.get(mpos..mpos + 3)?)?;
        self.moved_operand(line, op, mpos + 3)
    }

    /// A replayed instruction's bytes written (its name from `mpos` to
    /// `mend`).
    #[inline(always)]
    fn write_replayed(
        &mut self,
        line: &LineRef,
        kept: [u8; super::replay::INLINE],
        len: usize,
        mpos: usize,
        mend: usize,
    ) {
        // As the evaluation would leave it (no float was rounded).
        self.rounded.set(false);
        // A record holds 1 to 4 bytes, the rest of its word 0 (replay is
        // off under `-Woptimize`: no optimizer to ask).
        if self.emit_word(kept, len as u32) {
            // What the optimizer would take and drop (see `emit_instruction`).
            self.st.opt_parts.clear();
            self.st.emit_at = None;
        } else {
            // What `emit_instruction` does when its quick write is refused
            // (asked once here, not twice).
            self.emit_instruction_at(line, &kept[..len], mpos as Pos);
        }
        self.alias_asked(line, mpos, mend);
    }

    /// An instruction line's bytes made by a quick path from `exprs`, its
    /// operands: kept for replay, then written as `emit_instruction` writes
    /// them, and `-Walias` asked (the name from `mpos` to `mend`). The
    /// bytes stay a word, as a replayed record's are.
    #[inline(always)]
    fn write_first(
        &mut self,
        line: &LineRef,
        op: Op,
        exprs: &[Expr],
        (word, n): Word,
        mpos: usize,
        mend: usize,
    ) {
        self.replay_record_word(line, op, exprs, word, n);
        self.write_word(line, (word, n), mpos, mend);
    }

    /// An instruction line's bytes as a word (see [`Self::write_first`]),
    /// written as `emit_instruction` writes them, and `-Walias` asked (the
    /// name from `mpos` to `mend`).
    #[inline(always)]
    fn write_word(&mut self, line: &LineRef, (word, n): Word, mpos: usize, mend: usize) {
        if self.opts.warnings.optimize || !self.emit_word(word, n) {
            self.emit_instruction_at(line, &word[..n as usize], mpos as Pos);
        } else {
            // What the optimizer would take and drop (see `emit_instruction`).
            self.st.opt_parts.clear();
            self.st.emit_at = None;
        }
        self.alias_asked(line, mpos, mend);
    }

    /// [`Self::alias_warning`] when `-Walias` is on. The switch is read
    /// here, inline: the warning's function is not inlined into
    /// `instruction_line`, and a call for every instruction (most runs never
    /// ask for the warning) cost 18 instructions each.
    #[inline(always)]
    fn alias_asked(&mut self, line: &LineRef, mpos: usize, mend: usize) {
        if self.opts.warnings.alias {
            self.alias_warning(line, mpos, mend);
        }
    }

    /// An instruction's bytes; a wrap of the compile offset is reported at
    /// its mnemonic (after a label on the line, as in 64tass). The usual
    /// case is written inline (see [`Self::emit_small`]), the rest out of
    /// line.
    #[inline]
    fn emit_instruction(&mut self, line: &LineRef, bytes: &[u8], mnemonic: Pos) {
        if !self.opts.warnings.optimize && self.emit_small(bytes) {
            // What the optimizer would take and drop.
            self.st.opt_parts.clear();
            self.st.emit_at = None;
            return;
        }
        self.emit_instruction_at(line, bytes, mnemonic);
    }

    /// [`Self::emit_instruction`] by [`Self::emit`].
    #[inline(never)]
    fn emit_instruction_at(&mut self, line: &LineRef, bytes: &[u8], mnemonic: Pos) {
        if self.opts.warnings.optimize {
            self.opt_instruction(line, bytes, mnemonic);
        } else {
            self.st.opt_parts.clear();
        }
        // The usual instruction of a pass that lists it, written and listed
        // at once.
        if self.emit_listed_instruction(line, bytes, mnemonic as usize) {
            self.st.emit_at = None;
            return;
        }
        self.st.emit_at = Some(mnemonic);
        self.note_instruction(line, mnemonic as usize);
        self.emit(line, bytes);
        self.st.emit_at = None;
    }

    /// The encoding of operands of these shapes (values not known yet), what
    /// it reports dropped: it only measures, or asks whether `op` has an
    /// addressing mode (and the size asked) for them.
    fn encode_quietly(
        &mut self,
        line: &LineRef,
        op: Op,
        width: Width,
        shapes: &[Located],
        at: Pos,
    ) -> Result<Code, Bad> {
        let before = self.diags.len();
        let encoded = self.encode(line, op, width, shapes, at);
        self.diags.truncate(before);
        encoded
    }

    /// After an error, emit something of the likely size (`measured`, see
    /// [`Self::encode_quietly`]: errors are reported already) so later
    /// addresses stay put. What laying the bytes out finds (a bank crossed)
    /// is reported, as 64tass does.
    fn emit_placeholder(&mut self, line: &LineRef, measured: Result<Code, Bad>) {
        if let Ok(bytes) = measured {
            self.emit(line, &vec![0; bytes.len()]);
        }
        self.st.opt_parts.clear();
    }

    fn encode(
        &mut self,
        line: &LineRef,
        op: Op,
        width: Width,
        vals: &[Located],
        mpos: Pos,
    ) -> Result<Code, Bad> {
        let pseudo;
        let m = match op {
            Op::Real(i) => &table(self.st.cpu)[i as usize],
            Op::Always(i) => {
                let (name, code) = ALWAYS[i as usize];
                let code = match code {
                    0x80 => bra_opcode(self.st.cpu).unwrap_or(code),
                    code => code,
                };
                pseudo = crate::opcodes::Mnemonic::pseudo(name, code);
                &pseudo
            }
        };
        match vals {
            [] => {
                if let Some(code) = m.opcode(Mode::Implied) {
                    return Ok(smallvec::smallvec![code]);
                }
                // A bare shift is its accumulator form; the 65C02's `inc`
                // and `dec` need their `a`, as in 64tass.
                if let Some(code) = m.opcode(Mode::Accumulator)
                    && !(m.is("inc") || m.is("dec"))
                {
                    if self.opts.warnings.implied_reg {
                        let span = line.span(mpos as usize, mpos as usize + 3);
                        self.warn(
                            "implied-reg",
                            span,
                            format!("no implied addressing mode for opcode '{}'", m.name()),
                        );
                    }
                    return Ok(smallvec::smallvec![code]);
                }
                Err(Bad(
                    mpos,
                    format!("no implied addressing mode for opcode '{}'", m.name()),
                ))
            }
            [v] => self.one_operand(line, m, width, &v.val, v.pos, mpos),
            // `lda $12, x` (the register a value of its own): indexed.
            [v, r]
                if let Value::Register(c) = r.val
                    && let Some(reg) = operand::index_register(c) =>
            {
                // An unknown value keeps its index (`stx later,y` has no
                // absolute form: 2 bytes, as 64tass counts it).
                let indexed = match v.val {
                    Value::None => Value::Addr(std::rc::Rc::new(crate::value::Address {
                        mode: AddrMode::NONE.push(AddrOp::Index(reg)).unwrap_or_default(),
                        val: Value::None,
                    })),
                    _ => super::eval::apply_mode(v.val.clone(), AddrOp::Index(reg)),
                };
                match &indexed {
                    // Its messages name the value as written, without the index.
                    Value::Addr(a) if a.mode != AddrMode::NONE => {
                        let (mode, inner) = (a.mode, &a.val);
                        self.addr_operand(line, m, width, mode, inner, Some(&v.val), v.pos, mpos)
                    }
                    _ => self.one_operand(line, m, width, &indexed, v.pos, mpos),
                }
            }
            [src, dst] if m.has(Mode::Move) => self.move_operands(line, m, width, src, dst, mpos),
            [bit, zp] if m.has(Mode::ZeroPageBit) => {
                if !matches!(width, Width::Auto | Width::Byte) {
                    return Err(Bad(bit.pos, width.refused(m.name())));
                }
                let (code, zp) = self.bit_operands(line, m, Mode::ZeroPageBit, bit, zp)?;
                Ok(smallvec::smallvec![code, zp])
            }
            [bit, zp, target] if m.has(Mode::ZeroPageBitRelative) => {
                if !matches!(width, Width::Auto | Width::Word) {
                    return Err(Bad(bit.pos, width.refused(m.name())));
                }
                let (code, zp) = self.bit_operands_reported(line, m, bit, zp);
                self.bit_branch(line, m, code, zp, width, target)
            }
            _ => Err(Bad(
                mpos,
                format!(
                    "no {} operand addressing mode for opcode '{}'",
                    vals.len(),
                    m.name()
                ),
            )),
        }
    }
}

/// The operand lists of a line whose operands hold lists (nested ones
/// flattened): the elements of equal-length lists taken together, single
/// values repeated, as 64tass broadcasts them.
fn broadcast(vals: &[Located], out: &mut Vec<Vec<Located>>) -> Result<(), (Pos, String)> {
    let Some(count) = vals.iter().find_map(|v| v.val.elements().map(<[_]>::len)) else {
        out.push(vals.to_vec());
        return Ok(());
    };
    if let Some(other) = vals
        .iter()
        .find(|v| v.val.elements().is_some_and(|e| e.len() != count))
    {
        let n = other.val.elements().map_or(0, <[_]>::len);
        let msg = format!("operands could not be broadcast together with shapes {count} and {n}");
        return Err((other.pos, msg));
    }
    for k in 0..count {
        let one: Vec<Located> = vals
            .iter()
            .map(|v| Located {
                val: v
                    .val
                    .elements()
                    .map_or_else(|| v.val.clone(), |e| e[k].clone()),
                pos: v.pos,
            })
            .collect();
        broadcast(&one, out)?;
    }
    Ok(())
}

/// An operand's addressing mode with the value unknown: what a failed
/// operand would have assembled as.
fn shape(e: &Expr) -> Value {
    match e.kind() {
        ExprKind::Addr(op, inner) => match shape(inner) {
            // The mode is kept around the unknown value (`#label` stays an
            // immediate: 2 bytes, as 64tass counts it).
            Value::None => Value::Addr(std::rc::Rc::new(crate::value::Address {
                mode: crate::value::AddrMode::NONE.push(op).unwrap_or_default(),
                val: Value::None,
            })),
            v => super::eval::apply_mode(v, op),
        },
        ExprKind::Unary(op, inner) => match shape(inner) {
            Value::Addr(a) if crate::value::ops::works_inside(op, a.mode) => Value::Addr(a),
            _ => Value::None,
        },
        _ => Value::None,
    }
}

/// A value's addressing mode with the value itself unknown.
/// (`index`: an operand after the first, where a register is an index;
/// `stack`: the operators of a stack variable, see
/// `Assembler::stack_variable`, which 64tass's modes read as written: no
/// `lda var` on the 6502, so nothing is laid out.)
fn unknown_inside(v: &Value, index: bool, stack: &dyn Fn(&Value) -> Option<AddrMode>) -> Value {
    let unknown = |mode| {
        Value::Addr(std::rc::Rc::new(crate::value::Address {
            mode,
            val: Value::None,
        }))
    };
    match v {
        // `($12,a)`: no shape of any mode, laid out as none.
        Value::Addr(a) if a.val.elements().is_some() => v.clone(),
        // A stack variable inside operators: its own operators first.
        Value::Addr(a) => match stack(&a.val) {
            Some(own) => {
                let ops = a.mode.ops();
                unknown(
                    ops.iter()
                        .try_fold(own, |m, &op| m.push(op))
                        .unwrap_or(a.mode),
                )
            }
            None => Value::Addr(std::rc::Rc::new(crate::value::Address {
                mode: a.mode,
                val: unknown_inside(&a.val, index, stack),
            })),
        },
        Value::Register(_) if index => v.clone(),
        v => stack(v).map_or(Value::None, unknown),
    }
}

/// An operand of addressing-mode operators around a value (`v`, `#v`,
/// `v,x`, `(v),y`): the mode they make and the value's expression. `None`
/// for anything else (more operators than this, `(zp, x)` written as a
/// tuple, a tuple or `*list` on its own).
fn plain_modes(e: &Expr) -> Option<(AddrMode, &Expr)> {
    let mut ops = [AddrOp::Imm; 3];
    let mut n = 0;
    let mut x = e;
    while let ExprKind::Addr(op, inner) = x.kind() {
        if n == ops.len() {
            return None;
        }
        ops[n] = op;
        n += 1;
        x = inner;
    }
    if matches!(x.kind(), ExprKind::Tuple(_)) || (n == 0 && x.is_splat()) {
        return None;
    }
    ops[..n]
        .iter()
        .rev()
        .try_fold(AddrMode::NONE, |m, &op| m.push(op))
        .map(|m| (m, x))
}

/// Whether the operand at `pos` starts as a plain number does, alone or
/// after `#` (`$`, a digit): the quick test before
/// [`Assembler::plain_number_line`]'s call (`#<label` and the like are not
/// asked).
#[inline(always)]
fn plain_number_start(line: &LineRef, pos: usize) -> bool {
    let first = line.at(pos);
    let c = if first == b'#' {
        line.at(pos + 1)
    } else {
        first
    };
    matches!(c, b'$' | b'0'..=b'9')
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

/// Where 64tass places an instruction operand (its addressing-mode errors):
/// at its `#` or its indirection's opening bracket, else where its text
/// starts, grouping brackets included: in an operand 64tass keeps a
/// grouping bracket's place for the value inside (`lda (a)*2` at its `(`).
fn operand_pos(line: &LineRef, from: usize, e: &Expr) -> Pos {
    match e.kind() {
        ExprKind::Addr(AddrOp::Index(_), inner) => operand_pos(line, from, inner),
        ExprKind::Addr(..) => e.pos,
        // The branch taken: its place is the value's.
        ExprKind::Cond(_) | ExprKind::DCond(_) => e.start(),
        _ => {
            let (mut p, mut start) = (e.text_start() as usize, e.text_start());
            // Only blanks and the mnemonic come before `from`: the scan
            // would stop at the mnemonic with the same result.
            while p > from && matches!(line.at(p - 1), b' ' | b'\t' | b'(') {
                p -= 1;
                if line.at(p) == b'(' {
                    start = p as Pos;
                }
            }
            start
        }
    }
}

/// Where 64tass places an instruction operand's value (its range errors):
/// just after its `#` or its indirection's opening bracket (64tass moves
/// past them once the addressing mode is found), else as [`operand_pos`].
fn value_pos(line: &LineRef, from: usize, e: &Expr, tasm: bool) -> Pos {
    match e.kind() {
        // TASM's `,x` moves the value to its comma (64tass's reader of `-T`
        // places the operand there: "not a data bank address" at `,y`).
        ExprKind::Addr(AddrOp::Index(_), _) if tasm => e.pos,
        ExprKind::Addr(AddrOp::Index(_), inner) => value_pos(line, from, inner, tasm),
        ExprKind::Addr(_, inner) if matches!(line.at(e.pos as usize), b'#' | b'(' | b'[') => {
            match inner.kind() {
                // A tuple (`((ptr, x))`) is placed at its first element, as
                // 64tass places it; after `#` at its bracket (`#(1, $1234)`).
                ExprKind::Tuple([first, ..]) if line.at(e.pos as usize) != b'#' => first.start(),
                _ => e.pos + 1,
            }
        }
        _ => operand_pos(line, from, e),
    }
}

/// "no immediate addressing mode for opcode 'lda'", at `at`.
fn no_mode(at: Pos, what: &str, name: &str) -> Bad {
    Bad(at, format!("no {what} addressing mode for opcode '{name}'"))
}

impl Assembler<'_> {
    /// A short branch (or `gcc`-like pseudo branch) given `@w` or `@l`: its
    /// target is evaluated before the size is refused, as in 64tass.
    fn sized_branch(&self, op: Op, width: Width) -> bool {
        matches!(width, Width::Word | Width::Long)
            && match op {
                Op::Always(_) => true,
                Op::Real(i) => table(self.st.cpu)[i as usize].has(Mode::Relative),
            }
    }

    /// Reports the errors kept in operand values (an undefined name).
    fn report_kept_errors(&mut self, line: &LineRef, vals: &[Located]) {
        for v in vals {
            if let Err(f) = crate::value::convert::deep_error(&v.val) {
                let _ = self.fault(line, v.pos, f);
            }
        }
    }
}
