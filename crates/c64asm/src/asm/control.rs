//! Conditional assembly (`.if`, `.switch`, `.comment`) and the conditions
//! and integer arguments other directives read too. Repetition is in
//! [`super::loops`].

use super::Assembler;
use super::commands::Cmd;
use super::compile::NewLabel;
use super::lines::{LineRef, ParseKind};
use super::state::{FrameData, SizedLabel, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::source::Span;
use crate::syntax::ast::BinOp;
use crate::syntax::expr::intern_name;
use crate::syntax::scan::ident_len;
use crate::value::convert::{to_bool, to_int};
use crate::value::{self, Value};

impl Assembler<'_> {
    pub fn truth(&mut self, line: &LineRef, v: &Value, pos: u32) -> Option<bool> {
        if v.is_none() {
            return None;
        }
        let r = to_bool(v, self);
        if r.is_ok() {
            self.strict_bool(line, v, pos);
        }
        self.check(line, pos, r).ok()
    }

    /// The label in front of a block gets the block's size at its end (not
    /// the line's, which is empty).
    fn sized(&mut self, newlabel: Option<NewLabel>) -> Option<SizedLabel> {
        newlabel.map(|nl| {
            self.syms.label_mut(nl.id).set_update_after(true);
            SizedLabel {
                label: nl.id,
                addr: nl.oaddr,
            }
        })
    }

    pub fn if_directive(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        span: Span,
        newlabel: Option<NewLabel>,
    ) {
        let parent_skip = self.st.top().skip;
        self.record_line(line, None);
        self.st.push_frame(Wait::Fi2, span);
        let sized = self.sized(newlabel);
        self.st.top_mut().data = FrameData::Sized(sized);
        if parent_skip != 1 {
            self.st.top_mut().skip = 0;
            return;
        }
        if cmd == Cmd::If {
            let taken = self.if_condition(line, args);
            self.st.top_mut().skip = match taken {
                Some(true) => 1,
                Some(false) => 2,
                None => 0,
            };
            return;
        }
        let Some((v, pos)) = self.one_value(line, args) else {
            self.st.top_mut().skip = 0;
            return;
        };
        let taken = if v.is_none() {
            None
        } else {
            // The sign of one number (a list has none).
            let r = match v.elements() {
                Some(_) => Err(value::Fault::new(format!(
                    "can't get sign of {}",
                    value::convert::describe(&v, self)
                ))),
                // TASM's sign is bit 15 of the word (`.ifmi $8000`).
                None if self.dialect.tasm && matches!(cmd, Cmd::Ifpl | Cmd::Ifmi) => {
                    to_int(&v, self).map(|i| Value::Int(if i & 0x8000 != 0 { -1 } else { 0 }))
                }
                None => value::binary(BinOp::Cmp, &v, &Value::Int(0), self),
            };
            match self.check(line, pos, r) {
                Ok(Value::Int(sign)) => Some(match cmd {
                    Cmd::Ifne => sign != 0,
                    Cmd::Ifeq => sign == 0,
                    Cmd::Ifpl => sign >= 0,
                    _ => sign < 0,
                }),
                _ => None,
            }
        };
        self.st.top_mut().skip = match taken {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        };
    }

    /// A `.if`'s condition. One of integer literals only (`.if 7 % 3 ==
    /// 0`) reads nothing that can change: its value, found once without a
    /// message, is kept for the line's later readings (passes, loop
    /// iterations), which then neither parse nor evaluate it again.
    #[inline]
    fn if_condition(&mut self, line: &LineRef, args: usize) -> Option<bool> {
        // No look-up where none is kept (a source whose conditions read names).
        if !self.kept_conditions.is_empty()
            && let Some(taken) = condition_key(line).and_then(|k| self.kept_conditions.get(k))
        {
            debug_assert_eq!(self.if_condition_read(line, args, false), Some(taken));
            return Some(taken);
        }
        self.if_condition_read(line, args, true)
    }

    /// [`Self::if_condition`] read and evaluated; kept (when `keep`) if its
    /// value can't change and it gave no message.
    #[inline(never)]
    fn if_condition_read(&mut self, line: &LineRef, args: usize, keep: bool) -> Option<bool> {
        if let Some(name) = self.lone_condition_name(line, args) {
            // What the general path evaluates for the name's node, placed
            // where it starts.
            let v = self.eval_name(line, name, args as u32).ok()?;
            return self.truth(line, &v, args as u32);
        }
        if let Some(taken) = literal_condition(line, args) {
            debug_assert!(self.literal_condition_agrees(line, args, taken));
            if keep && let Some(key) = condition_key(line) {
                self.kept_conditions.insert(key, taken);
            }
            return Some(taken);
        }
        let before = self.diags.len();
        let mut constant = false;
        let (v, pos) = self.condition_value(line, args, &mut constant)?;
        let taken = self.truth(line, &v, pos);
        if constant && keep && self.diags.len() == before {
            self.keep_condition(line, &v);
        }
        taken
    }

    /// A condition that is one name and nothing after it but a comment
    /// (`.if DEBUG`, `.if HAS_RTC`: common in real projects, read in every
    /// pass): the name, read from the text as the parse reads it (an
    /// identifier's node at `args`), without parsing; `None` for anything
    /// else (the general path).
    #[inline(always)]
    fn lone_condition_name(&mut self, line: &LineRef, args: usize) -> Option<Name> {
        let first = line.at(args);
        // No `__` (reserved to the parse's own reading).
        if !matches!(first, b'a'..=b'z' | b'A'..=b'Z' | b'_')
            || (first == b'_' && line.at(args + 1) == b'_')
        {
            return None;
        }
        let end = args + ident_len(&line.text[..line.end], args, self.dialect.unicode);
        let after = line.skip_ws(end);
        if after < line.end && line.at(after) != b';' {
            return None;
        }
        let text = &line.text[args..end];
        let (names, dialect) = (&mut self.names, self.dialect);
        // The recent names a macro call's callee is found in: conditions'
        // names are as few and as often read (a table of their own made
        // the assembler larger, and every source's heap moved with it).
        let name = self
            .callee_names
            .get_or(text.as_bytes(), || intern_name(names, text, dialect));
        debug_assert!(self.parses_as_name(line, args, name));
        Some(name)
    }

    /// Whether the general path's parse of the condition is `name`'s node
    /// at `args` (checked in debug builds against
    /// [`Self::lone_condition_name`]).
    fn parses_as_name(&mut self, line: &LineRef, args: usize, name: Name) -> bool {
        use crate::syntax::compiled::ExprKind;
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return false;
        };
        match &parsed.result {
            Ok(exprs) => match &exprs[..] {
                [e] => {
                    e.start() == args as u32 && matches!(e.kind(), ExprKind::Ident(n) if n == name)
                }
                _ => false,
            },
            Err(_) => false,
        }
    }

    /// Whether the general path reads the condition as [`literal_condition`]
    /// did: a `bool` of that truth, without a message (checked in debug
    /// builds). Literals only, it is the same in every reading (the general
    /// path's own check, `integers_only`, refuses some: a hex literal's node).
    fn literal_condition_agrees(&mut self, line: &LineRef, args: usize, taken: bool) -> bool {
        let before = self.diags.len();
        let mut constant = false;
        let read = self.condition_value(line, args, &mut constant);
        self.diags.len() == before && matches!(read, Some((Value::Bool(b), _)) if b == taken)
    }

    /// A constant condition's value kept for its line's later readings.
    #[cold]
    #[inline(never)]
    fn keep_condition(&mut self, line: &LineRef, v: &Value) {
        if let (Some(key), Value::Bool(b)) = (condition_key(line), v) {
            self.kept_conditions.insert(key, *b);
        }
    }

    pub fn elsif(&mut self, line: &LineRef, args: usize, span: Span) {
        match self.st.top().what {
            Wait::Fi => {
                self.error(span, Kind::ConditionalMismatch, "'.endif' expected".into());
                return;
            }
            Wait::Fi2 => {}
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.if' not found".into(),
                );
                return;
            }
        }
        // An unclosed block is reported at its last branch, as in 64tass.
        self.st.top_mut().span = span;
        if self.st.top().skip != 2 {
            self.st.top_mut().skip = 0;
            return;
        }
        self.st.top_mut().skip = 1;
        let taken = match self.one_value(line, args) {
            Some((v, pos)) => self.truth(line, &v, pos),
            None => None,
        };
        self.st.top_mut().skip = match taken {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        };
    }

    pub fn else_directive(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Fi => self.error(span, Kind::ConditionalMismatch, "'.endif' expected".into()),
            Wait::Fi2 => {
                let f = self.st.top_mut();
                f.skip >>= 1;
                f.what = Wait::Fi;
                f.span = span;
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.if' not found".into(),
            ),
        }
    }

    pub fn fi(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Fi | Wait::Fi2 => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Sized(Some(s)) = f.data
                {
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.if' not found".into(),
            ),
        }
    }

    pub fn switch(&mut self, line: &LineRef, args: usize, span: Span, newlabel: Option<NewLabel>) {
        let parent_skip = self.st.top().skip;
        self.record_line(line, None);
        self.st.push_frame(Wait::Switch2, span);
        let label = self.sized(newlabel);
        if parent_skip != 1 {
            self.st.top_mut().skip = 0;
            self.st.top_mut().data = FrameData::Switch {
                value: Value::None,
                label,
            };
            return;
        }
        let v = self
            .one_value(line, args)
            .map(|(v, _)| v)
            .unwrap_or(Value::None);
        let skip = if v.is_none() { 0 } else { 2 };
        let f = self.st.top_mut();
        f.skip = skip;
        f.data = FrameData::Switch { value: v, label };
    }

    pub fn case(&mut self, line: &LineRef, args: usize, span: Span) {
        match self.st.top().what {
            Wait::Switch => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "'.endswitch' expected".into(),
                );
                return;
            }
            Wait::Switch2 => {}
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.switch' not found".into(),
                );
                return;
            }
        }
        self.st.top_mut().span = span;
        let skip = self.st.top().skip;
        let mut truth = false;
        if skip == 2 {
            let FrameData::Switch { value, .. } = self.st.top().data.clone() else {
                return;
            };
            self.st.top_mut().skip = 1;
            let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
                self.st.top_mut().skip = 0;
                return;
            };
            let Ok(exprs) = &parsed.result else { return };
            if exprs.is_empty() {
                self.error(span, Kind::Syntax, "expected at least one argument".into());
                self.st.top_mut().skip = 0;
                return;
            }
            // As `in`: a value that fails only counts if none matches; a
            // comparison that fails at once (a string that can't be encoded)
            // is reported at once, as 64tass does.
            match self.eval_list(line, exprs, true) {
                Ok(vals) => {
                    let mut failed = None;
                    for v in &vals {
                        self.approx.set(None);
                        let r = value::binary(BinOp::Eq, &value, &v.val, self);
                        // 64tass shows where the `.case` is.
                        self.float_compare_warning_at(span, BinOp::Eq);
                        self.strict_bool_warnings_at(span);
                        match r {
                            Ok(Value::Bool(true)) => {
                                truth = true;
                                break;
                            }
                            Ok(Value::Error(f)) => {
                                failed.get_or_insert(((*f).clone(), v.pos));
                            }
                            Ok(_) => {}
                            Err(f) => {
                                let _ = self.fault(line, v.pos, f);
                            }
                        }
                    }
                    if !truth && let Some((f, pos)) = failed {
                        let _ = self.fault(line, pos, f);
                    }
                }
                Err(_) => {
                    self.st.top_mut().skip = 0;
                    return;
                }
            }
        }
        self.st.top_mut().skip = if truth { skip >> 1 } else { skip & 2 };
    }

    pub fn default_case(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Switch => self.error(
                span,
                Kind::ConditionalMismatch,
                "'.endswitch' expected".into(),
            ),
            Wait::Switch2 => {
                let f = self.st.top_mut();
                f.skip >>= 1;
                f.what = Wait::Switch;
                f.span = span;
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.switch' not found".into(),
            ),
        }
    }

    pub fn endswitch(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Switch | Wait::Switch2 => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Switch { label: Some(s), .. } = f.data
                {
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.switch' not found".into(),
            ),
        }
    }
}

/// The `.if` lines whose condition is integer literals only, with its
/// value: each line's key ([`condition_key`]) above the value's bit, in
/// order (4 bytes a kept line, found by halving: a large source has many,
/// and a hash table of them took half a megabyte more at the peak).
#[derive(Default)]
pub struct KeptConditions {
    keys: Vec<u32>,
    /// Where the line after the last one found would be: lines are read in
    /// order, so the next one asked for is usually there (no halving).
    next: usize,
}

impl KeptConditions {
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    #[inline]
    pub fn get(&mut self, key: u32) -> Option<bool> {
        let i = match self.keys.get(self.next) {
            Some(&k) if k >> 1 == key => self.next,
            _ => self.keys.partition_point(|&k| k >> 1 < key),
        };
        let &k = self.keys.get(i).filter(|&&k| k >> 1 == key)?;
        self.next = i + 1;
        Some(k & 1 != 0)
    }

    /// Lines are first read in order, so this is usually a push.
    pub fn insert(&mut self, key: u32, value: bool) {
        let i = match self.keys.last() {
            Some(&k) if k >> 1 >= key => self.keys.partition_point(|&k| k >> 1 < key),
            _ => self.keys.len(),
        };
        if self.keys.get(i).is_none_or(|&k| k >> 1 != key) {
            self.keys.insert(i, key << 1 | u32::from(value));
        }
        self.next = i + 1;
    }
}

/// A `.if` condition of plain integer literals (decimal, `$` hex) joined by
/// arithmetic, bitwise and shift operators around one comparison (`.if 7 %
/// 3 == 0`, generated sources' usual test), read from the text without a
/// parse: its truth. `None` for anything else, left to the general path:
/// brackets, prefix operators, names, a second comparison, a negative or
/// large value on the way (its division and shifts are not 64tass's
/// unsigned ones), a division by zero (an error), an operator that warns
/// (`=`, `<>`, `//`), anything but a comment after it.
fn literal_condition(line: &LineRef, args: usize) -> Option<bool> {
    let mut r = Literals {
        bytes: &line.text.as_bytes()[..line.end],
        pos: args,
    };
    let lhs = r.climb(ARITHMETIC)?;
    let (op, len) = r.operator()?;
    r.pos += len;
    let rhs = r.climb(ARITHMETIC)?;
    r.skip_blanks();
    if !matches!(r.bytes.get(r.pos), None | Some(b';')) {
        return None;
    }
    match op {
        BinOp::Eq => Some(lhs == rhs),
        BinOp::Ne => Some(lhs != rhs),
        BinOp::Lt => Some(lhs < rhs),
        BinOp::Gt => Some(lhs > rhs),
        BinOp::Le => Some(lhs <= rhs),
        BinOp::Ge => Some(lhs >= rhs),
        _ => None,
    }
}

/// The lowest priority [`Literals::climb`] joins (`|`); comparisons are below.
const ARITHMETIC: u8 = 10;

/// [`literal_condition`]'s reader: where it is in the line's text.
struct Literals<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Literals<'_> {
    fn skip_blanks(&mut self) {
        while matches!(self.bytes.get(self.pos), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Literals and the operators of priority `min` and above, left to
    /// right as the parser groups them.
    fn climb(&mut self, min: u8) -> Option<u64> {
        let mut lhs = self.number()?;
        loop {
            self.skip_blanks();
            let Some((op, len)) = self.operator() else {
                return Some(lhs);
            };
            let prio = op.prio();
            if prio < min {
                return Some(lhs);
            }
            self.pos += len;
            let rhs = self.climb(prio + 1)?;
            lhs = apply(op, lhs, rhs)?;
        }
    }

    /// A decimal number (no leading zero) or `$` and hex digits, nothing
    /// joined to it that could make it another token.
    fn number(&mut self) -> Option<u64> {
        self.skip_blanks();
        let b = self.bytes;
        let (radix, start) = match b.get(self.pos) {
            Some(b'$') => (16, self.pos + 1),
            Some(b'0'..=b'9') => (10, self.pos),
            _ => return None,
        };
        let mut end = start;
        let mut v: u64 = 0;
        while let Some(d) = b.get(end).and_then(|&c| char::from(c).to_digit(radix)) {
            v = v * u64::from(radix) + u64::from(d);
            end += 1;
            if end - start > 15 {
                return None;
            }
        }
        let digits = end - start;
        if digits == 0
            || (radix == 10 && digits > 1 && b[start] == b'0')
            || b.get(end).is_some_and(|c| {
                c.is_ascii_alphanumeric()
                    || matches!(c, b'_' | b'.' | b'$' | b'\'' | b'"')
                    || *c >= 0x80
            })
        {
            return None;
        }
        self.pos = end;
        Some(v)
    }

    /// The binary operator at the cursor as the parser reads it there, if
    /// it is one this reader joins (arithmetic, bitwise, shifts) or one of
    /// the six comparisons; `None` for any other text.
    fn operator(&self) -> Option<(BinOp, usize)> {
        let at = |i: usize| self.bytes.get(self.pos + i).copied().unwrap_or(0);
        let (c1, c2) = (at(1), at(2));
        Some(match at(0) {
            b'*' if !matches!(c1, b'*' | b'=') => (BinOp::Mul, 1),
            b'/' if !matches!(c1, b'/' | b'=') => (BinOp::Div, 1),
            b'%' if c1 != b'=' => (BinOp::Mod, 1),
            b'+' if c1 != b'=' => (BinOp::Add, 1),
            b'-' if c1 != b'=' => (BinOp::Sub, 1),
            b'&' if !matches!(c1, b'&' | b'=') => (BinOp::And, 1),
            b'|' if !matches!(c1, b'|' | b'=') => (BinOp::Or, 1),
            b'^' if !matches!(c1, b'^' | b'=') => (BinOp::Xor, 1),
            b'<' => match c1 {
                b'<' if c2 != b'=' => (BinOp::Shl, 2),
                b'=' if c2 != b'>' => (BinOp::Le, 2),
                b'<' | b'=' | b'>' | b'?' => return None,
                _ => (BinOp::Lt, 1),
            },
            b'>' => match c1 {
                b'>' if c2 != b'=' => (BinOp::Shr, 2),
                b'=' => (BinOp::Ge, 2),
                b'>' | b'<' | b'?' => return None,
                _ => (BinOp::Gt, 1),
            },
            b'=' if c1 == b'=' && c2 != b'=' => (BinOp::Eq, 2),
            b'!' if c1 == b'=' && c2 != b'=' => (BinOp::Ne, 2),
            _ => return None,
        })
    }
}

/// `op` on two literals' values; `None` where the value would not be a
/// small unsigned one (left to the evaluator).
fn apply(op: BinOp, l: u64, r: u64) -> Option<u64> {
    let v = match op {
        BinOp::Mul => l.checked_mul(r)?,
        BinOp::Div => l.checked_div(r)?,
        BinOp::Mod => l.checked_rem(r)?,
        BinOp::Add => l.checked_add(r)?,
        BinOp::Sub => l.checked_sub(r)?,
        BinOp::And => l & r,
        BinOp::Or => l | r,
        BinOp::Xor => l ^ r,
        BinOp::Shl if r < 32 && l < 1 << 28 => l << r,
        BinOp::Shr if r < 64 => l >> r,
        _ => return None,
    };
    (v < 1 << 60).then_some(v)
}

/// A line's key in [`KeptConditions`]: its file in the top 11 bits of
/// 31, its index in the low 20 (a line beyond them is not kept). A file's
/// text never changes (a macro expansion is a file of its own).
#[inline(always)]
pub fn condition_key(line: &LineRef) -> Option<u32> {
    (line.file < 1 << 11 && line.index < 1 << 20).then_some(line.file << 20 | line.index)
}

#[cfg(test)]
mod tests {
    use crate::{Options, assemble_str};

    /// Conditions of integer literals only, kept from their first reading:
    /// three passes (`fin` moved by the `nop`), a `.for`'s iterations with a
    /// kept `.if` and `.elsif` on the loop's variable, brackets, shifts,
    /// `~`, `&`. 64tass's bytes; a condition that fails is reported once,
    /// where 64tass reports it, in every repetition's reading.
    #[test]
    fn integer_conditions_are_kept_across_passes_and_iterations() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\n .for i = 0, i < 4, i += 1\n \
                   .if 7 % 3 == 1\n .byte i\n .elsif i == 2\n .byte $20\n .else\n .byte $30\n \
                   .endif\n .if (2 << 3) - -1 < 16\n .byte $40\n .else\n .byte $50 + i\n \
                   .endif\n .next\n .if ~5 & $ff == $fa\n .byte $66\n .endif\nfin\n";
        let p =
            assemble_str("t.asm", src, &Options::default()).unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(
            p.prg_bytes(),
            [
                0x00, 0x10, 0xea, 0x00, 0x50, 0x01, 0x51, 0x02, 0x52, 0x03, 0x53, 0x66
            ]
        );
        let failing = "* = $1000\n .if fin > $1000\n nop\n .endif\n .rept 2\n .if 1 / 0 == 0\n \
                       .byte 1\n .endif\n .next\nfin\n";
        let Err(e) = assemble_str("t.asm", failing, &Options::default()) else {
            panic!("refused")
        };
        let errors: Vec<_> = e.errors().map(|d| (d.line, d.column)).collect();
        assert_eq!(errors, [(6, 8)]);
    }

    /// Conditions of literals read without a parse ([`super::literal_condition`])
    /// give what the general path gives the same condition in brackets
    /// (which it reads): the same bytes, or the same errors, for operators of
    /// every priority, hex, zero, values out of its range, a division by
    /// zero, and texts it leaves to the parser (`=`, `<>`, `//`, `**`,
    /// names, a second comparison).
    #[test]
    fn literal_conditions_read_as_the_parser_reads_them() {
        let conds = [
            "7 % 3 == 1",
            "7 % 3 == 0",
            "0 % 3 == 0 ; c",
            "1 + 2 * 3 == 7",
            "10 - 2 - 3 != 5",
            "$10 | 1 ^ 3 & 2 == $13",
            "1 << 4 >> 2 >= 4",
            "$ff & $0f <= 14",
            "3 < 2",
            "3 > 2",
            "9 / 2 == 4",
            "2 - 5 < 0",
            "1 / 0 == 0",
            "5 % 0 == 0",
            "1 << 40 > 1",
            "123456789012345 * 99999 > 0",
            "1 = 1",
            "1 <> 2",
            "7 // 2 == 1",
            "2 ** 3 == 8",
            "1 < 2 == 1",
            "007 == 7",
            "$1F == 31",
            "1_0 == 10",
            "1 <=> 2",
            "x == 1",
            "1 == 1x",
            "4",
        ];
        let run = |cond: &str| {
            let src = format!(
                "x = 1\n* = $1000\n .if fin > $1000\n nop\n .endif\n .if {cond}\n .byte 1\n \
                 .else\n .byte 2\n .endif\nfin\n"
            );
            match assemble_str("t.asm", &src, &Options::default()) {
                Ok(p) => Ok(p.prg_bytes().to_vec()),
                Err(e) => Err(e
                    .errors()
                    .map(|d| (d.line, d.message.clone()))
                    .collect::<Vec<_>>()),
            }
        };
        for cond in conds {
            let (text, comment) = cond.split_once(';').unwrap_or((cond, ""));
            let bracketed = format!("({}) ;{comment}", text.trim_end());
            assert_eq!(run(cond), run(&bracketed), "{cond}");
        }
        assert_eq!(run("7 % 3 == 1"), Ok(vec![0x00, 0x10, 0xea, 0x01]));
        assert_eq!(run("2 - 5 < 0"), Ok(vec![0x00, 0x10, 0xea, 0x01]));
    }

    /// Conditions that read names (a lone name read without a parse): a
    /// constant, a name a later local takes over from pass 2 on, a loop's
    /// variable (`.if` and `.elsif`), a variable changed between
    /// repetitions, a label whose value is known from pass 2, `~` and `+`
    /// on a constant. 64tass's bytes.
    #[test]
    fn conditions_reading_names_follow_their_values() {
        let src = "* = $1000\nDEBUG = 0\nX = 1\n .if DEBUG\n .byte $ee\n .endif\nb .block\n \
                   .if X ; one\n .byte 1\n .else\n .byte 2\n .endif\nX = 0\n .endblock\n \
                   .for i = 0, i < 4, i += 1\n .if i & 1\n .byte $10\n .elsif i - 2\n \
                   .byte $20\n .else\n .byte $30 + i\n .endif\n .next\nv := 0\n .rept 3\n \
                   .if v\n .byte $40 + v\n .endif\nv := v + 1\n .next\n \
                   .if fin - $1000 - 12\n .byte $55\n .endif\n .if ~DEBUG + 1\n nop\n \
                   .else\n .byte $66\n .endif\nfin\n";
        let p =
            assemble_str("t.asm", src, &Options::default()).unwrap_or_else(|_| panic!("assembles"));
        assert_eq!(
            p.prg_bytes(),
            [
                0x00, 0x10, 0x02, 0x20, 0x10, 0x32, 0x10, 0x41, 0x42, 0x55, 0x66
            ]
        );
        // A lone name not defined: reported once, at the name.
        let failing = "* = $1000\n .if nothere ; c\n nop\n .endif\n";
        let Err(e) = assemble_str("t.asm", failing, &Options::default()) else {
            panic!("refused")
        };
        let errors: Vec<_> = e.errors().map(|d| (d.line, d.column)).collect();
        assert_eq!(errors, [(2, 6)]);
    }
}
