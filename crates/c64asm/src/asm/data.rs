//! Data directives: numbers (`.byte` ... `.dint`, `.addr`, `.rta`), text
//! (`.text`, `.null`, `.ptext`, `.shift`, `.shiftl`), `.fill`, `.align`,
//! `.binary` and `.offs`. Their bytes are written by [`super::emit`].

use super::Assembler;
use super::commands::Cmd;
use super::compile::NewLabel;
use super::emit::{Chunk, Piece, budget_units};
use super::eval::Located;
use super::lines::{LineRef, ParseKind, Parsed};
use super::replay::{INLINE, Kept, NO_NAME};
use crate::diag::Kind;
use crate::encoding::PlainTable;
use crate::symbols::DataType;
use crate::syntax::ast::{BinOp, Pos, SmallBits, UnOp};
use crate::syntax::compiled::ExprKind;
use crate::syntax::scan::{self, Number};
use crate::value::convert::{to_count, to_ival, to_uval};
#[cfg(debug_assertions)]
use crate::value::ops::binary_quick;
use crate::value::ops::is_byte_op;
use crate::value::{BigBits, FResult, Fault, Value, int_byte};

/// What a data line's values are written as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Literals {
    /// Numbers only (integers and bit strings).
    Numbers,
    /// Numbers and strings.
    Strings,
    /// Something else too.
    Not,
}

/// A data line's values: inline for the usual line of a few.
type DataArgs = smallvec::SmallVec<[Located; 8]>;

/// The values of a data line made only of plain numbers (`$00, $1d, 12`,
/// see [`scan::plain_element`]), read straight from the text: what parsing
/// and evaluating them makes, without either (most data lines of a
/// program's tables), into `out`. `None` for anything else (`out` then
/// holds some of them).
fn plain_numbers(line: &LineRef, args: usize, out: &mut DataArgs) -> Option<()> {
    let bytes = line.text.as_bytes();
    let mut at = args;
    loop {
        let (n, start, after) = scan::plain_element(bytes, at, line.end, false)?;
        let val = literal_value(n)?;
        out.push(Located {
            val,
            pos: start as Pos,
        });
        if line.at(after) != b',' {
            return Some(());
        }
        at = after + 1;
    }
}

/// A plain number's value, as its parsed literal holds it (`None`: a
/// wider one, another node, or a float).
#[inline(always)]
fn literal_value(n: Number) -> Option<Value> {
    match n {
        Number::Int(v) => Some(Value::Int(v)),
        Number::Bits(b) => Some(Value::Bits(SmallBits::new(b)?.bits())),
        _ => None,
    }
}

/// A plain number (see [`scan::plain_element`]) that is one byte of text
/// (what [`Assembler::text_of`] makes one byte of: an integer to 255, a
/// bit string of 1 to 8 bits) at `start`, and its end; `None` for anything
/// else.
#[inline(always)]
fn literal_byte(line: &LineRef, start: usize) -> Option<(u8, usize)> {
    let bytes = &line.text.as_bytes()[..line.end];
    match line.at(start) {
        b'0' if line.at(start + 1).is_ascii_digit() => return None,
        b'$' | b'0'..=b'9' => {}
        _ => return None,
    }
    let (n, end) = scan::plain_number(bytes, start)?;
    let byte = match literal_value(n)? {
        Value::Int(i) => u8::try_from(i).ok()?,
        Value::Bits(b) if (1..=8).contains(&b.len) && !b.inv => b.val as u8,
        _ => return None,
    };
    Some((byte, end))
}

/// Where the next value of a literal list starts after a value ending at
/// `end`: `Some(None)` if the line ends there (blanks or a comment after
/// it), `None` if anything else than a comma follows.
#[inline(always)]
fn next_value(line: &LineRef, end: usize) -> Option<Option<usize>> {
    let after = scan::skip_blanks(line.text.as_bytes(), end, line.end);
    match line.at(after) {
        0 | b';' => Some(None),
        b',' => Some(Some(after + 1)),
        _ => None,
    }
}

/// The bytes of a text directive's line of literals read straight from its
/// text into `out`: strings of printable ASCII that `table` holds (no
/// escape, no doubled quote, not empty) and plain numbers that are bytes
/// (see [`literal_byte`]), where each value's bytes start in `starts`;
/// whether any is a string. `None` for anything else (`out` then holds
/// some of the bytes), which is parsed and encoded the general way.
fn literal_text(
    line: &LineRef,
    args: usize,
    table: Option<PlainTable>,
    out: &mut smallvec::SmallVec<[u8; 64]>,
    starts: &mut smallvec::SmallVec<[usize; 8]>,
) -> Option<bool> {
    let mut strings = false;
    let mut at = args;
    loop {
        let start = scan::skip_blanks(line.text.as_bytes(), at, line.end);
        starts.push(out.len());
        let end = match line.at(start) {
            quote @ (b'"' | b'\'') => {
                let table = table?;
                let mut i = start + 1;
                while line.at(i) != quote {
                    let b = line.at(i);
                    if !(0x20..0x7f).contains(&b) {
                        return None;
                    }
                    out.push(table.ascii(b)?);
                    i += 1;
                }
                if i == start + 1 || line.at(i + 1) == quote {
                    return None;
                }
                strings = true;
                i + 1
            }
            _ => {
                let (b, end) = literal_byte(line, start)?;
                out.push(b);
                end
            }
        };
        match next_value(line, end)? {
            Some(next) => at = next,
            None => return Some(strings),
        }
    }
}

/// The budget units writing a text's bytes spends (`n` of them, each
/// value's from its start in `starts` on): `emit` counts a unit for each 8
/// bytes of each value's run.
fn text_units(starts: impl Iterator<Item = usize>, n: usize) -> u64 {
    let mut units = 0;
    let mut from = 0;
    for at in starts.chain(std::iter::once(n)) {
        let at = at.min(n);
        units += budget_units(at.saturating_sub(from));
        from = from.max(at);
    }
    units
}

/// Why a data line's bytes are not [`plain_bytes`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum NotPlain {
    /// A plain number that does not fit (found before anything else).
    Unfit,
    /// Something else than a plain number ([`plain_numbers`] takes none),
    /// in the element at this offset (after the plain numbers before it).
    Other(usize),
}

/// Can the list element at `at` be parsed apart from the plain numbers
/// before it, as it would be after them (see `Assembler::data_numbers`)?
/// It starts as a value does (a name, a number, a string, a bracket, a
/// unary operator, `*` or `?`): anything else (an empty element, a stray
/// comma) is left to the whole line's parse, which reports it.
fn starts_value(line: &LineRef, at: usize) -> bool {
    let start = scan::skip_blanks(line.text.as_bytes(), at, line.end);
    matches!(
        line.at(start),
        b'a'..=b'z'
            | b'A'..=b'Z'
            | b'_'
            | b'0'..=b'9'
            | b'$'
            | b'%'
            | b'('
            | b'['
            | b'<'
            | b'>'
            | b'~'
            | b'-'
            | b'+'
            | b'!'
            | b'"'
            | b'\''
            | b'*'
            | b'?'
    )
}

/// The bytes of a data line made only of plain numbers (see
/// [`plain_numbers`]) that all fit in `bits` (`signed`: as `.char` takes
/// them), read straight from the text into `out`: what
/// [`Assembler::quick_bytes`] makes of those values, without making them.
/// What else is found (`out` then holds some of the bytes).
fn plain_bytes(
    line: &LineRef,
    args: usize,
    bits: u32,
    signed: bool,
    out: &mut smallvec::SmallVec<[u8; 64]>,
) -> Result<(), NotPlain> {
    let bytes = line.text.as_bytes();
    let size = (bits / 8) as usize;
    let mut at = args;
    loop {
        // A `.byte` line's usual value (`$1d`, `12`): read at once.
        if bits == 8
            && !signed
            && let Some((b, after)) = quick_byte(bytes, line.end, at)
        {
            debug_assert_eq!(general_byte(bytes, line.end, at), Some((b, after)));
            out.push(b);
            if line.at(after) != b',' {
                return Ok(());
            }
            at = after + 1;
            continue;
        }
        let Some((n, _, after)) = scan::plain_element(bytes, at, line.end, false) else {
            return Err(NotPlain::Other(at));
        };
        // As `to_uval` and `to_ival` take an integer or a bit string (a
        // literal integer is never negative).
        let u = match n {
            Number::Int(i) if signed => (i < 1i64 << (bits - 1)).then_some(i as u64),
            Number::Int(i) => ((i as i128) < 1i128 << bits).then_some(i as u64),
            Number::Bits(b) => match SmallBits::new(b) {
                Some(b) => b.bits().to_uval(bits),
                None => return Err(NotPlain::Other(at)),
            },
            _ => return Err(NotPlain::Other(at)),
        };
        let Some(u) = u else {
            return Err(NotPlain::Unfit);
        };
        // A byte at a time: a copy of 1 to 4 bytes would be a call.
        for i in 0..size {
            out.push((u >> (8 * i)) as u8);
        }
        if line.at(after) != b',' {
            return Ok(());
        }
        at = after + 1;
    }
}

/// A hexadecimal digit's value.
#[inline(always)]
fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The usual value of a `.byte` line at `at` (the text up to `end`): after
/// at most one space, `$` and one or two hexadecimal digits, or a decimal
/// number of one to three digits with no leading zero that is a byte, then
/// the element's end with at most one space before it. Its byte and where
/// the element ends, as [`scan::plain_element`] (outside operands) and
/// [`plain_bytes`] give them ([`general_byte`]); `None` for anything else,
/// which they read (more blanks, more digits, a fraction, a wider value).
#[inline(always)]
fn quick_byte(bytes: &[u8], end: usize, at: usize) -> Option<(u8, usize)> {
    let line = bytes.get(..end)?;
    let byte = |i: usize| line.get(i).copied().unwrap_or(0);
    let start = at + usize::from(byte(at) == b' ');
    let first = byte(start);
    let (val, next) = if first == b'$' {
        let high = hex_digit(byte(start + 1))?;
        match hex_digit(byte(start + 2)) {
            Some(low) => (high << 4 | low, start + 3),
            None => (high, start + 2),
        }
    } else {
        let d = first.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        let mut v = u32::from(d);
        let mut i = start + 1;
        while i < start + 3 {
            let d = byte(i).wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            // A leading zero: the parser's (it warns of it).
            if v == 0 {
                return None;
            }
            v = v * 10 + u32::from(d);
            i += 1;
        }
        (u8::try_from(v).ok()?, i)
    };
    // The number ends here: no more digits, no fraction, exponent or `_`.
    match byte(next) {
        b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'.' => return None,
        _ => {}
    }
    let after = next + usize::from(byte(next) == b' ');
    match byte(after) {
        0 | b';' => {}
        b',' if matches!(byte(after + 1), b'$' | b'0'..=b'9' | b' ' | b'\t') => {}
        _ => return None,
    }
    Some((val, after))
}

/// What [`plain_bytes`] makes of a `.byte` line's value at `at` the general
/// way: its byte and where its element ends (the check of [`quick_byte`]).
fn general_byte(bytes: &[u8], end: usize, at: usize) -> Option<(u8, usize)> {
    let (n, _, after) = scan::plain_element(bytes, at, end, false)?;
    let u = match n {
        Number::Int(i) => ((i as i128) < 1i128 << 8).then_some(i as u64),
        Number::Bits(b) => SmallBits::new(b)?.bits().to_uval(8),
        _ => None,
    }?;
    Some((u as u8, after))
}

/// What [`moved_value`] finds a value to be: `None`, a value that names
/// nothing (whose bytes are the same in every pass); else the byte
/// operator over the name (`<name`, `>name`) or the number added to it or
/// taken from it (`name + 1`, `name - 2`), if any.
type MovedShape = Option<(Option<UnOp>, Option<(BinOp, i64)>)>;

/// Can `b` start a name (an ASCII one)?
#[inline(always)]
fn name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// Can `b` go on a name?
#[inline(always)]
fn name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Where the first byte at or after `at` that is not a blank is.
#[inline(always)]
fn past_blanks(line: &[u8], mut at: usize) -> usize {
    while matches!(line.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// The value of a data line (`line`, its text up to its end) at `at`, as
/// [`Assembler::data_moved`] makes it again: a name alone, under `<` or
/// `>`, or plus or minus a decimal number of a few digits (no leading
/// zero), the name of two characters or more (a register's letter is no
/// value of its own: `lab,x`); or a value of numbers, brackets and
/// operators only, where an operand is awaited a number or a bracket (a
/// `-` or `+` there could be an anonymous label). Its shape and where the
/// next value starts (`None`: the line ends after it); `None` for anything
/// else. Blanks are skipped here, not by `scan`'s helpers: new callers of
/// theirs moved how the line loop's data paths are inlined.
fn moved_value(line: &[u8], at: usize) -> Option<(MovedShape, Option<usize>)> {
    let byte = |i: usize| line.get(i).copied().unwrap_or(0);
    let start = past_blanks(line, at);
    let op = match byte(start) {
        b'<' => Some(UnOp::Lower),
        b'>' => Some(UnOp::Higher),
        _ => None,
    };
    let name = start + usize::from(op.is_some());
    let (shape, end) = if name_start(byte(name)) {
        let mut i = name + 1;
        while name_char(byte(i)) {
            i += 1;
        }
        if i - name < 2 || (byte(name) == b'_' && byte(name + 1) == b'_') {
            return None;
        }
        let mut end = past_blanks(line, i);
        let offset = match byte(end) {
            b @ (b'+' | b'-') if op.is_none() => {
                let from = past_blanks(line, end + 1);
                let mut k = from;
                let mut n: i64 = 0;
                while let d @ b'0'..=b'9' = byte(k) {
                    n = n * 10 + i64::from(d - b'0');
                    k += 1;
                }
                let digits = k - from;
                if digits == 0
                    || digits > 9
                    || (byte(from) == b'0' && digits > 1)
                    || name_char(byte(k))
                    || byte(k) == b'.'
                {
                    return None;
                }
                end = past_blanks(line, k);
                let bop = if b == b'+' { BinOp::Add } else { BinOp::Sub };
                Some((bop, n))
            }
            _ => None,
        };
        (Some((op, offset)), end)
    } else {
        // Numbers, brackets and operators only.
        let mut operand = true;
        let mut i = start;
        loop {
            match byte(i) {
                b' ' | b'\t' => i += 1,
                0 | b',' | b';' if !operand => break,
                b'0'..=b'9' | b'$' if operand => {
                    i += 1;
                    while name_char(byte(i)) || byte(i) == b'.' {
                        i += 1;
                    }
                    operand = false;
                }
                b'%' if operand && matches!(byte(i + 1), b'0' | b'1') => {
                    i += 1;
                    while matches!(byte(i), b'0' | b'1' | b'_' | b'.') {
                        i += 1;
                    }
                    operand = false;
                }
                b'(' | b'<' | b'>' | b'~' if operand => i += 1,
                b')' if !operand => i += 1,
                b'+' | b'-' | b'*' | b'/' | b'&' | b'|' | b'^' | b'%' | b'<' | b'>' | b'='
                    if !operand =>
                {
                    i += 1;
                    operand = true;
                }
                _ => return None,
            }
        }
        (None, i)
    };
    match byte(end) {
        0 | b';' => Some((shape, None)),
        b',' => Some((shape, Some(end + 1))),
        _ => None,
    }
}

/// A label's `val` plus or minus `k` (`bop`), as the evaluator's
/// `binary_quick` answers it for a code address (its offset moved, a
/// small one) or an integer (one that does not overflow); `None` for the
/// rest (a bit string's, a large offset), left to the general path.
#[inline(always)]
fn offset_value(val: Value, bop: BinOp, k: i64) -> Option<Value> {
    let k = if bop == BinOp::Sub { -k } else { k };
    let v = match val {
        Value::Int(i) => Value::Int(i.checked_add(k)?),
        Value::Code(c) => {
            let offs = (i64::from(c.offs) + k).clamp(-(1 << 30), (1 << 30) - 1) as i32;
            Value::Code(crate::value::CodeRef { id: c.id, offs })
        }
        _ => return None,
    };
    #[cfg(debug_assertions)]
    {
        let quick = binary_quick(bop, &val, &Value::Int(k.abs()));
        assert!(
            matches!((&quick, &v), (Some(Value::Int(a)), Value::Int(b)) if a == b)
                || matches!((&quick, &v), (Some(Value::Code(a)), Value::Code(b)) if a == b),
            "a moved value's offset differs from binary_quick"
        );
    }
    Some(v)
}

/// A number directive's data type (what a label in front is marked as),
/// its values' width in bits and whether they are signed.
fn data_type(cmd: Cmd) -> (DataType, u32, bool) {
    match cmd {
        Cmd::Byte => (DataType::Byte, 8, false),
        Cmd::Char => (DataType::Char, 8, true),
        Cmd::Word | Cmd::Addr | Cmd::Rta => (DataType::Word, 16, false),
        Cmd::Sint => (DataType::Sint, 16, true),
        Cmd::Long => (DataType::Long, 24, false),
        Cmd::Lint => (DataType::Lint, 24, true),
        Cmd::Dword => (DataType::Dword, 32, false),
        _ => (DataType::Dint, 32, true),
    }
}

impl Assembler<'_> {
    fn set_dtype(&mut self, newlabel: Option<NewLabel>, d: DataType) {
        if let Some(nl) = newlabel
            && let Value::Code(c) = self.syms.label(nl.id).value
        {
            self.syms.code_mut(c.id).dtype = d;
        }
    }

    /// The arguments of a data directive, into `out`; at least one is
    /// required (`None`: reported). What they are (see [`Literals`]) and
    /// their parse (the record names its expressions: not looked up again).
    fn data_args(
        &mut self,
        line: &LineRef,
        args: usize,
        out: &mut DataArgs,
    ) -> Option<(Literals, Parsed)> {
        if line.at_end(args) {
            self.argnum(line, args, 0, 1, usize::MAX);
            return None;
        }
        let parsed = self.parse_exprs(line, args, ParseKind::List)?;
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        // Each value is used, so each one's error is reported: 64tass goes
        // on to the next value after one that failed (a value not known).
        out.reserve(exprs.len());
        let mut literals = Literals::Numbers;
        for e in exprs.iter() {
            let kind = e.kind();
            match kind {
                ExprKind::Str(_) if literals != Literals::Not => literals = Literals::Strings,
                ExprKind::Int(_) | ExprKind::Bits(_) => {}
                _ => literals = Literals::Not,
            }
            // The usual values (a number, a label, a byte of a label):
            // what the evaluator gives, without it.
            if let Some(val) = self.quick_value(kind) {
                out.push(Located {
                    val,
                    pos: e.start(),
                });
                continue;
            }
            // A value on its own as `eval_args` takes it (only a splat
            // spreads into several).
            if e.is_splat() {
                if let Ok(vals) = self.eval_args(line, std::slice::from_ref(e)) {
                    out.extend(vals);
                } else {
                    out.push(Located {
                        val: Value::None,
                        pos: e.start(),
                    });
                }
                continue;
            }
            // Kept: its error is reported when the value is stored, in
            // the order of the values, as 64tass's (`.byte 300, 1/0`).
            let (v, pos) = self.eval_placed(line, e, true);
            out.push(Located {
                val: v.unwrap_or(Value::None),
                pos,
            });
        }
        Some((literals, parsed))
    }

    /// A data value of the usual kinds answered without the evaluator: a
    /// number literal, a label whose value is a number or a code address
    /// of a number's type, or a byte operator's (`<label`, `>label`) of
    /// one. What `eval_kept` gives for it and leaves behind: the label read
    /// as `Assembler::symbol` reads it (touched, noted for the replay), the
    /// state `integer_byte` leaves; nothing to report. `None` (nothing
    /// done yet): the evaluator's, for anything else, a name not found, or
    /// a read that checks `-Wshadow` or `-Wcase-symbol`.
    #[inline]
    fn quick_value(&mut self, kind: ExprKind) -> Option<Value> {
        let (op, name) = match kind {
            ExprKind::Int(v) => return Some(Value::Int(v)),
            ExprKind::Bits(b) => return Some(Value::Bits(b.bits())),
            ExprKind::Ident(name) => (None, name),
            ExprKind::Unary(op, inner) if is_byte_op(op) => match inner.kind() {
                ExprKind::Ident(name) => (Some(op), name),
                _ => return None,
            },
            _ => return None,
        };
        let w = &self.opts.warnings;
        if (w.shadow && self.st.fixeddig && !self.st.constcreated)
            || (w.case_symbol && !self.dialect.case_sensitive)
        {
            return None;
        }
        let id = self.read_lookup(name)?;
        let val = match self.syms.label(id).value {
            Value::Int(i) => Value::Int(i),
            Value::Bits(b) => Value::Bits(b),
            // A byte of it is a byte of its number (`pc_value` of an
            // integer or bit string type).
            Value::Code(c) if op.is_none() || self.syms.code(c.id).typ.int_or_bits().is_some() => {
                Value::Code(c)
            }
            _ => return None,
        };
        self.touch(id);
        self.replay.read(name, id);
        let Some(op) = op else {
            return Some(val);
        };
        Some(self.label_byte(op, val))
    }

    /// A byte operator's (`<`, `>`) value of a label's `val` (an integer,
    /// a bit string, or a code address of an integer's or a bit string's
    /// type), as the evaluator gives it and with the state
    /// `integer_byte` leaves.
    #[inline(always)]
    fn label_byte(&self, op: UnOp, val: Value) -> Value {
        let b = match val {
            // A byte of its address (what `code_value` makes of it, an
            // integer or a bit string of that number, gives).
            Value::Code(c) => {
                let raw = i64::from(self.syms.code(c.id).addr) + i64::from(c.offs);
                let addr = raw as u32 & self.out.all_mem;
                let b = int_byte(op, &Value::Int(i64::from(addr)));
                debug_assert!(matches!(
                    (&b, int_byte(op, &crate::value::Env::code_value(self, c))),
                    (Some(Value::Bits(x)), Some(Value::Bits(y))) if *x == y
                ));
                b
            }
            v => int_byte(op, &v),
        };
        debug_assert!(b.is_some(), "a byte of a number");
        self.rounded.set(false);
        self.addr_wrapped.set(false);
        b.unwrap_or(Value::None)
    }

    /// A later pass's data line whose record did not hold because labels
    /// it reads moved (see [`Assembler::moved_data`]), its values of the
    /// usual shapes ([`moved_value`]): its bytes made again from the
    /// labels' values, the literal values' kept from the record, with no
    /// parse or evaluation, and written as a replayed line's; its record
    /// made again. False, nothing done: the general path (another shape,
    /// a value that does not fit or wraps, a value of a kind the record's
    /// reads do not keep).
    #[inline(never)]
    fn data_moved(&mut self, line: &LineRef, cmd: Cmd, args: usize) -> bool {
        if self.dialect.tasm || self.addr_wrapped.get() {
            return false;
        }
        let Some(moved) = self.moved_data(line) else {
            return false;
        };
        let (_, bits, signed) = data_type(cmd);
        let size = (bits / 8) as usize;
        // The record's bytes, the literal values' kept as they are.
        let mut bytes = [0u8; 32];
        let old = self.moved_bytes(&moved);
        let len = old.len();
        let Some(into) = bytes.get_mut(..len) else {
            return false;
        };
        into.copy_from_slice(old);
        let text = line.text.as_bytes().get(..line.end).unwrap_or(&[]);
        let (mut at, mut place, mut read) = (args, 0, 0);
        loop {
            let Some((shape, next)) = moved_value(text, at) else {
                return false;
            };
            if let Some((op, offset)) = shape {
                if read == moved.reads() || place + size > len {
                    return false;
                }
                let id = self.moved_label(&moved, read);
                read += 1;
                let val = match self.syms.label(id).value {
                    Value::Int(n) => Value::Int(n),
                    Value::Bits(b) => Value::Bits(b),
                    Value::Code(c) => Value::Code(c),
                    _ => return false,
                };
                let val = match (op, offset) {
                    (None, None) => val,
                    (None, Some((bop, k))) => match offset_value(val, bop, k) {
                        Some(v) => v,
                        None => return false,
                    },
                    // As `quick_value` takes a byte of a label.
                    (Some(op), _) => match val {
                        Value::Code(c) if self.syms.code(c.id).typ.int_or_bits().is_none() => {
                            return false;
                        }
                        val => self.label_byte(op, val),
                    },
                };
                // What `number` answers (not called here: one more caller
                // moved how it is inlined in the data paths).
                let n = if !signed && !matches!(cmd, Cmd::Addr | Cmd::Rta) {
                    self.unsigned_quick(&val, bits)
                } else {
                    None
                };
                let n = match n {
                    Some(n) => Some(n),
                    None => self.number_general(&val, cmd, bits, signed).ok(),
                };
                // A wrap is reported value by value: the general path's.
                if self.addr_wrapped.take() {
                    return false;
                }
                let Some(n) = n else { return false };
                for (i, b) in bytes[place..place + size].iter_mut().enumerate() {
                    *b = (n >> (8 * i)) as u8;
                }
            }
            place += size;
            match next {
                Some(next) => at = next,
                None => break,
            }
        }
        if read != moved.reads() || place != len {
            return false;
        }
        #[cfg(debug_assertions)]
        self.check_data_moved(line, cmd, args, &bytes[..len]);
        match self.moved_data_rewrite(line, &moved, &bytes[..len]) {
            Some(kept) => self.write_kept(line, &kept, 0),
            None => false,
        }
    }

    /// Debug builds: [`Self::data_moved`]'s bytes are what the general
    /// path makes of the line's values (the plain numbers in front read
    /// from their text, the rest parsed and evaluated).
    #[cfg(debug_assertions)]
    fn check_data_moved(&mut self, line: &LineRef, cmd: Cmd, args: usize, bytes: &[u8]) {
        // The evaluation checks `-Wshadow` itself: not twice.
        if self.opts.warnings.shadow {
            return;
        }
        let (_, bits, signed) = data_type(cmd);
        let size = (bits / 8) as usize;
        let mut want = smallvec::SmallVec::<[u8; 64]>::new();
        // `.addr` and `.rta` read none from their text.
        let plain = if matches!(cmd, Cmd::Addr | Cmd::Rta) {
            Err(NotPlain::Unfit)
        } else {
            plain_bytes(line, args, bits, signed, &mut want)
        };
        let from = match plain {
            Err(NotPlain::Other(at)) if at > args && starts_value(line, at) => at,
            _ => {
                want.clear();
                args
            }
        };
        let parsed = self.parse_exprs(line, from, ParseKind::List);
        let Some(Ok(exprs)) = parsed.as_ref().map(|p| &p.result) else {
            panic!("a moved data line does not parse");
        };
        for e in exprs.iter() {
            let Ok(v) = self.eval_kept(line, e) else {
                panic!("a moved data value fails");
            };
            let Ok(n) = self.number(&v, cmd, bits, signed) else {
                panic!("a moved data value is no number");
            };
            want.extend_from_slice(&n.to_le_bytes()[..size]);
        }
        self.addr_wrapped.set(false);
        assert_eq!(
            &want[..],
            bytes,
            "a moved data line's bytes differ from the general path"
        );
    }

    /// A data directive's line (`.byte`, `.word`, ...) replayed
    /// ([`Self::replay_data`]): its kept bytes written (see
    /// [`Self::write_kept`]). False: not replayed, or something to report
    /// (the line is made again).
    #[inline]
    fn data_replayed(&mut self, line: &LineRef) -> bool {
        match self.replay_data(line) {
            Some(kept) => self.write_kept(line, &kept, 0),
            None => false,
        }
    }

    /// A text directive's or `.fill`'s line of literals replayed
    /// ([`Self::replay_literal`]): its bytes after the record's key
    /// written (see [`Self::write_kept`]) and the budget units they take
    /// spent. False: not replayed, or something to report.
    #[inline]
    fn literal_replayed(&mut self, line: &LineRef) -> bool {
        let Some((kept, units)) = self.replay_literal(line) else {
            return false;
        };
        if !self.write_kept(line, &kept, 1) {
            return false;
        }
        // `replay_literal` found the units affordable and writing spent
        // none: what `spend` would do.
        debug_assert!(self.affordable(units));
        self.work += units;
        true
    }

    /// A replayed line's bytes from the `skip`th on, written as
    /// [`Self::data_out`] writes them: while the budget holds and no
    /// listing is recorded (all `data_out` would check), straight from
    /// their record (no copy), else copied out and given to `data_out`.
    /// False: nothing written (something to report).
    /// Up to [`INLINE`] bytes in the record itself (most data lines) go
    /// out as one word (`poke_word`, as a replayed instruction's), with no
    /// slice or copy; a write `poke_word` does not take (a new block, the
    /// memory's room short) is `data_out`'s.
    #[inline(always)]
    fn write_kept(&mut self, line: &LineRef, kept: &Kept, skip: usize) -> bool {
        if self.affordable(0) && !self.recording() {
            self.rounded.set(false);
            let addr = self.st.addr;
            let done = match *kept {
                Kept::Inline(word, n) => {
                    // The literal record's key (the low byte) skipped.
                    let word = u32::from_le_bytes(word)
                        .checked_shr(8 * skip as u32)
                        .unwrap_or(0)
                        .to_le_bytes();
                    let n = u32::from(n).wrapping_sub(skip as u32);
                    (1..=INLINE as u32).contains(&n) && self.out.poke_word(addr, word, n)
                }
                Kept::Far(..) => self
                    .out
                    .poke_quick(addr, self.replay.kept_bytes(kept, skip)),
            };
            if done {
                self.st.emit_at = None;
                return true;
            }
        }
        self.write_kept_copied(line, kept, skip)
    }

    /// [`Self::write_kept`] by `data_out` (a pass that records the
    /// listing, the budget spent, a write with something to report).
    #[inline(never)]
    fn write_kept_copied(&mut self, line: &LineRef, kept: &Kept, skip: usize) -> bool {
        // Bytes in the record itself: no copy of the record's kept bytes
        // needed to write them.
        if let Kept::Inline(word, n) = *kept {
            return self.data_out(line, word.get(skip..n as usize).unwrap_or(&[]));
        }
        let bytes = smallvec::SmallVec::<[u8; 64]>::from_slice(self.replay.kept_bytes(kept, skip));
        self.data_out(line, &bytes)
    }

    /// `.byte`, `.char`, `.word`, `.sint`, `.addr`, `.rta`, `.long`, `.lint`, `.dword`, `.dint`.
    /// A later pass's usual line is replayed: its kept bytes written
    /// before anything about the directive is worked out.
    pub fn data_numbers(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        newlabel: Option<NewLabel>,
    ) {
        if newlabel.is_some() {
            self.set_dtype(newlabel, data_type(cmd).0);
        }
        if self.data_replayed(line) {
            return;
        }
        // A record that failed as a label it read moved: made again from
        // the labels' values.
        if self.replay.known_name != NO_NAME && self.data_moved(line, cmd, args) {
            return;
        }
        self.data_numbers_made(line, cmd, args);
    }

    /// [`Self::data_numbers`] of a line not replayed: its values made
    /// (out of line: a replayed line needs none of this one's frame).
    #[inline(never)]
    fn data_numbers_made(&mut self, line: &LineRef, cmd: Cmd, args: usize) {
        let (_, bits, signed) = data_type(cmd);
        self.replay_begin();
        // Plain numbers that fit (most lines of a program's tables): their
        // bytes straight from the text, kept with no reads.
        let mut not_plain = NotPlain::Unfit;
        let mut plain = smallvec::SmallVec::<[u8; 64]>::new();
        if self.st.eor == 0 && !matches!(cmd, Cmd::Addr | Cmd::Rta) && !self.addr_wrapped.get() {
            match plain_bytes(line, args, bits, signed, &mut plain) {
                Ok(()) => {
                    self.replay_record_data(line, &[], &plain);
                    if self.data_out(line, &plain) {
                        return;
                    }
                    // Something to report: value by value, as below.
                    let mut vals = DataArgs::new();
                    let _ = plain_numbers(line, args, &mut vals);
                    return self.data_values(line, &vals, cmd, bits, signed);
                }
                Err(why) => not_plain = why,
            }
        }
        let mut vals = DataArgs::new();
        let literal =
            not_plain == NotPlain::Unfit && plain_numbers(line, args, &mut vals).is_some();
        // Where the parsed values start: after the plain numbers in front
        // (`tab .byte 1, 2, <label`), whose bytes `plain_bytes` read from
        // their text (in every pass), so only the rest is parsed, and kept.
        let mut from = args;
        let mut parsed = None;
        if !literal {
            vals.clear();
            match not_plain {
                NotPlain::Other(at) if at > args && starts_value(line, at) => from = at,
                _ => plain.clear(),
            }
            let Some((_, rest)) = self.data_args(line, from, &mut vals) else {
                return;
            };
            parsed = Some(rest);
        } else {
            plain.clear();
        }
        if self.quick_bytes(&mut plain, &vals, cmd, bits, signed) {
            let bytes: &[u8] = &plain;
            match parsed.as_ref().map(|p| &p.result) {
                // Literals only: nothing read (no names to check on replay).
                None => self.replay_record_data(line, &[], bytes),
                Some(Ok(exprs)) => self.replay_record_data(line, exprs, bytes),
                Some(Err(_)) => {}
            }
            if self.data_out(line, bytes) {
                return;
            }
        }
        if from != args {
            // Value by value: the plain numbers in front too.
            let mut all = DataArgs::new();
            let _ = plain_numbers(line, args, &mut all);
            all.extend(vals);
            vals = all;
        }
        self.data_values(line, &vals, cmd, bits, signed);
    }

    /// A data line's values written one at a time (what
    /// [`Self::quick_bytes`] does not take, or a line with something to
    /// report).
    fn data_values(&mut self, line: &LineRef, vals: &DataArgs, cmd: Cmd, bits: u32, signed: bool) {
        let mut chunk = Chunk::default();
        for v in vals {
            // A number that fits (most values): its bytes straight out.
            if matches!(v.val, Value::Int(_) | Value::Bits(_) | Value::Code(_))
                && let Ok(n) = self.number(&v.val, cmd, bits, signed)
            {
                self.rounded.set(false);
                self.operand_wrap_warning(line, v.pos);
                self.st.emit_at = Some(v.pos);
                let size = (bits / 8) as usize;
                self.emit(line, &n.to_le_bytes()[..size]);
                continue;
            }
            chunk.items.clear();
            self.numbers_of(line, &v.val, v.pos, cmd, bits, signed, &mut chunk);
            // Each value on its own: a wrap is reported at the value that made it.
            self.st.emit_at = Some(v.pos);
            self.emit_chunk(line, &chunk);
        }
        self.st.emit_at = None;
    }

    #[allow(clippy::too_many_arguments)]
    fn numbers_of(
        &mut self,
        line: &LineRef,
        v: &Value,
        pos: Pos,
        cmd: Cmd,
        bits: u32,
        signed: bool,
        out: &mut Chunk,
    ) {
        let size = bits / 8;
        if let Value::Dict(d) = v {
            // 64tass iterates a dictionary as its `key:value` entries (each
            // refused as a number; an empty one writes nothing).
            return self.numbers_of(line, &d.entries(), pos, cmd, bits, signed, out);
        }
        if let Some(items) = v.elements() {
            for x in items.iter() {
                self.numbers_of(line, x, pos, cmd, bits, signed, out);
            }
            return;
        }
        let n: u64 = match v {
            Value::Gap => {
                out.gap(size);
                return;
            }
            Value::None => 0,
            _ => {
                self.rounded.set(false);
                let mut r = self.number(v, cmd, bits, signed);
                if let (Err(f), Value::Str(_)) = (&r, v)
                    && f.char_index.is_some()
                {
                    // Text that can't be encoded: 64tass reports that, then
                    // goes on with a `?` for the character (`.byte "aQ"` is
                    // also too large).
                    let _ = self.fault(line, pos, f.clone());
                    self.marking.set(true);
                    r = self.number(v, cmd, bits, signed);
                    self.marking.set(false);
                }
                match r {
                    Ok(n) => {
                        self.float_round_warning(line, pos);
                        n
                    }
                    Err(f) => {
                        let _ = self.fault(line, pos, f.clone());
                        if !f.none && self.opts.warnings.pitfalls {
                            self.pitfall_note(line, cmd, v, bits);
                        }
                        0
                    }
                }
            }
        };
        for i in 0..size {
            out.byte((n >> (8 * i)) as u8);
        }
    }

    /// The usual data line's bytes, numbers that all fit (what a value at
    /// a time would write), added to `bytes` (which holds those of the
    /// values before them, if any); false for anything else.
    fn quick_bytes(
        &mut self,
        bytes: &mut smallvec::SmallVec<[u8; 64]>,
        vals: &DataArgs,
        cmd: Cmd,
        bits: u32,
        signed: bool,
    ) -> bool {
        if self.st.eor != 0 {
            return false;
        }
        let size = (bits / 8) as usize;
        let all = vals.iter().all(|v| {
            matches!(v.val, Value::Int(_) | Value::Bits(_) | Value::Code(_))
                && self
                    .number(&v.val, cmd, bits, signed)
                    .map(|n| bytes.extend_from_slice(&n.to_le_bytes()[..size]))
                    .is_ok()
        });
        // A wrapped label plus offset is reported value by value below.
        all && !bytes.is_empty() && !self.addr_wrapped.take()
    }

    /// A data line's bytes (made by [`Self::quick_bytes`], or replayed)
    /// written at once; false: nothing done, as the value-by-value path
    /// has something to report.
    pub(super) fn data_out(&mut self, line: &LineRef, bytes: &[u8]) -> bool {
        self.rounded.set(false);
        // Each value's `emit` would count no work (less than 8 bytes each).
        if !self.spend(0, line.span(line.start, line.start)) {
            self.st.emit_at = None;
            return true;
        }
        // Recorded at once: the listing's row and the source map join a
        // line's bytes written one value after another anyway.
        if self.poke_recorded(line, bytes) {
            self.st.emit_at = None;
            return true;
        }
        false
    }

    /// A value as the number a data directive stores. The usual one (an
    /// unsigned directive's integer, bit string or label that fits) is
    /// answered inline; the rest by [`Self::number_general`].
    #[inline]
    fn number(&self, v: &Value, cmd: Cmd, bits: u32, signed: bool) -> FResult<u64> {
        if !signed
            && !matches!(cmd, Cmd::Addr | Cmd::Rta)
            && let Some(n) = self.unsigned_quick(v, bits)
        {
            debug_assert!(matches!(to_uval(v, bits, self), Ok(u) if u == n));
            return Ok(n);
        }
        self.number_general(v, cmd, bits, signed)
    }

    /// What `to_uval` answers first for a value that fits in `bits` (at
    /// most 32) without its call, its `dyn` look-up of a label's value and
    /// the value made for it: an integer or a plain bit string as it is,
    /// a label of an integer's or a bit string's type as its address (a
    /// wrap past the processor's space noted, as `code_value` notes it).
    /// `None`: `to_uval`'s (anything else, or a value that does not fit).
    #[inline(always)]
    fn unsigned_quick(&self, v: &Value, bits: u32) -> Option<u64> {
        match *v {
            Value::Int(i) => ((i as u64) >> bits == 0).then_some(i as u64),
            Value::Bits(b) => b.to_uval(bits),
            Value::Code(c) => {
                let code = self.syms.code(c.id);
                code.typ.int_or_bits()?;
                let raw = i64::from(code.addr) + i64::from(c.offs);
                let addr = raw as u32 & self.out.all_mem;
                if (u64::from(addr)) >> bits != 0 {
                    return None;
                }
                if i64::from(addr) != raw {
                    self.addr_wrapped.set(true);
                }
                Some(u64::from(addr))
            }
            _ => None,
        }
    }

    /// [`Self::number`] of the other values, and of `.addr`, `.rta` and
    /// the signed directives.
    #[inline(never)]
    fn number_general(&self, v: &Value, cmd: Cmd, bits: u32, signed: bool) -> FResult<u64> {
        if matches!(cmd, Cmd::Addr | Cmd::Rta) {
            self.program_bank_address(v).map(|a| {
                let a = u64::from(a) & 0xffff;
                if cmd == Cmd::Rta {
                    a.wrapping_sub(1) & 0xffff
                } else {
                    a
                }
            })
        } else if signed {
            to_ival(v, bits, self).map(|i| i as u64)
        } else {
            to_uval(v, bits, self)
        }
    }

    /// 64tass's hints for the usual mistakes with data directives, each
    /// given once a pass (the signed one only once it has been given: a
    /// value no signed directive holds either says nothing), placed at the
    /// directive.
    fn pitfall_note(&mut self, line: &LineRef, cmd: Cmd, v: &Value, bits: u32) {
        let at = self.span_at(line, self.st.data_directive);
        if cmd == Cmd::Byte && matches!(v, Value::Str(_)) {
            if !std::mem::replace(&mut self.st.pitfall_noted.text, true) {
                self.related(
                    at,
                    "for long strings mixed with bytes please use the '.text' directive [-Wpitfalls]",
                );
            }
            return;
        }
        if matches!(cmd, Cmd::Addr | Cmd::Rta)
            || self.st.pitfall_noted.signed
            || to_ival(v, bits, self).is_err()
        {
            return;
        }
        let better = match cmd {
            Cmd::Byte => ".char",
            Cmd::Long => ".lint",
            Cmd::Dword => ".dint",
            _ => ".sint",
        };
        self.related(
            at,
            &format!("for signed values '{better}' is a better fit [-Wpitfalls]"),
        );
        self.st.pitfall_noted.signed = true;
    }

    /// The bytes `.text` makes of a value. A value that fails keeps its
    /// place, as in 64tass: a number or error value that is not a byte is
    /// a `?`, text that can't be encoded keeps its length, and the later
    /// elements of a list still count; the faults are left in `faults`.
    pub fn text_of(&self, v: &Value, out: &mut Chunk, depth: u32, faults: &mut Vec<Fault>) {
        self.text_upto(v, out, depth, faults, u64::MAX);
    }

    /// [`Self::text_of`] that reads no more of a list once `out` holds
    /// `max` bytes: a `.fill` or `.align` pattern, of which 64tass reads
    /// only what it fills, so the values after are neither written nor
    /// checked (`.fill 2, [1, 2, 300]` is fine).
    fn text_upto(&self, v: &Value, out: &mut Chunk, depth: u32, faults: &mut Vec<Fault>, max: u64) {
        if out.len() >= max {
            return;
        }
        if depth > 64 {
            faults.push(Fault::new("data nested too deeply"));
            return;
        }
        match v {
            Value::Str(s) => {
                // Text that can't be encoded keeps its length (see
                // `encode_or_mark`): the line's bytes stay, with the error.
                let bytes = match self.encode_or_mark(s) {
                    Ok(bytes) => bytes,
                    Err((f, bytes)) => {
                        faults.push(f);
                        bytes
                    }
                };
                for b in bytes {
                    out.byte(b);
                }
            }
            Value::Bytes(b) => {
                for &x in b.iter() {
                    out.byte(x);
                }
            }
            Value::InvBytes(b) => {
                for &x in b.iter() {
                    out.byte(!x);
                }
            }
            Value::Gap => out.gap(1),
            Value::Bits(b) if b.len <= 8 => {
                if b.len > 0 {
                    out.byte(b.to_uval(8).unwrap_or(0) as u8);
                }
            }
            Value::Bits(_) | Value::BigBits(_) => {
                for byte in BigBits::of(v).map(|b| b.read_bytes()).unwrap_or_default() {
                    out.byte(byte);
                }
            }
            Value::Code(c) => {
                let cv = crate::value::Env::code_value(self, *c);
                self.text_upto(&cv, out, depth + 1, faults, max);
            }
            Value::Addr(a) if a.mode.0 == 0 => self.text_upto(&a.val, out, depth + 1, faults, max),
            Value::List(items) | Value::Tuple(items) => {
                for x in items.iter() {
                    self.text_upto(x, out, depth + 1, faults, max);
                    if out.len() >= max {
                        break;
                    }
                }
            }
            Value::Dict(d) => self.text_upto(&d.entries(), out, depth + 1, faults, max),
            Value::None => out.byte(0),
            _ => match to_uval(v, 8, self) {
                Ok(b) => out.byte(b as u8),
                Err(f) => {
                    faults.push(f);
                    out.byte(b'?');
                }
            },
        }
    }

    /// [`Self::text_upto`], its faults reported at `pos`.
    fn text_reported(&mut self, line: &LineRef, v: &Value, pos: Pos, out: &mut Chunk, max: u64) {
        let mut faults = Vec::new();
        self.text_upto(v, out, 0, &mut faults, max);
        self.report_faults(line, pos, faults);
    }

    fn report_faults(&mut self, line: &LineRef, pos: Pos, faults: Vec<Fault>) {
        for f in faults {
            let _ = self.fault(line, pos, f);
        }
    }

    /// `.text`, `.null`, `.ptext`, `.shift`, `.shiftl`.
    pub fn data_text(
        &mut self,
        line: &LineRef,
        (cmd, dir): (Cmd, usize),
        args: usize,
        newlabel: Option<NewLabel>,
    ) {
        self.set_dtype(newlabel, DataType::Byte);
        if self.literal_replayed(line) {
            return;
        }
        self.data_text_made(line, (cmd, dir), args);
    }

    /// [`Self::data_text`] of a line not replayed (out of line, as
    /// [`Self::data_numbers_made`]).
    #[inline(never)]
    fn data_text_made(&mut self, line: &LineRef, (cmd, dir): (Cmd, usize), args: usize) {
        self.replay_begin();
        if self.straight_text(line, cmd, args) {
            return;
        }
        let mut vals = DataArgs::new();
        let Some((literals, _)) = self.data_args(line, args, &mut vals) else {
            return;
        };
        // Nothing reported about a value so far (a line that reports
        // anything is not kept for replay).
        let mut clean = true;
        let mut chunk = Chunk::default();
        let mut last_pos = args as Pos;
        // 64tass: an empty last argument counts as a gap for `.shift`.
        let mut last_empty = false;
        // Where each value's bytes start, for the place of a wrap.
        let mut marks = smallvec::SmallVec::<[(usize, Pos); 8]>::new();
        for v in &vals {
            last_pos = v.pos;
            let before = chunk.items.len();
            marks.push((before, v.pos));
            let mut faults = Vec::new();
            self.rounded.set(false);
            self.text_of(&v.val, &mut chunk, 0, &mut faults);
            // A float rounded or a bool taken as a number, once an argument.
            self.float_round_warning(line, v.pos);
            last_empty = chunk.items.len() == before;
            clean &= faults.is_empty();
            // Per-argument checks, of a value known (an undefined one was
            // reported already and stands for nothing to check).
            if v.val.is_none() || !matches!(cmd, Cmd::Shift | Cmd::Shiftl | Cmd::Null) {
                self.report_faults(line, v.pos, faults);
                continue;
            }
            // 64tass reads a string a character at a time and stops at the
            // first one at fault: one its encoding lacks, or a byte of it.
            let unknown = match &v.val {
                Value::Str(_) => faults.iter().find_map(|f| f.char_index),
                _ => None,
            };
            let mut check_error = None;
            for (k, p) in chunk.items[before..].iter().enumerate() {
                if let Piece::Byte(b) = p {
                    let bad = match cmd {
                        Cmd::Shift | Cmd::Shiftl => b & 0x80 != 0,
                        Cmd::Null => *b == 0,
                        _ => false,
                    };
                    if bad {
                        let msg = if cmd == Cmd::Null {
                            "zero value not allowed"
                        } else {
                            "most significiant bit must be clear in byte"
                        };
                        let char = match &v.val {
                            Value::Str(s) => self.char_of_byte(s, k),
                            _ => None,
                        };
                        if let Some(c) = unknown {
                            if char.is_none_or(|i| i >= c) {
                                break;
                            }
                            faults.retain(|f| f.char_index.is_none());
                        }
                        // In a string written here: at its character (64tass).
                        let at = char
                            .and_then(|i| super::eval::char_in_literal(line, v.pos as usize, i));
                        check_error =
                            Some((self.span_at(line, at.map_or(v.pos, |a| a as Pos)), msg));
                        break;
                    }
                }
            }
            // A string is checked as it is encoded, a character at a time;
            // other values' conversion errors come as 64tass reads them,
            // and the check's after the value (`.null range(-2, 1)`).
            if !matches!(v.val, Value::Str(_)) {
                self.report_faults(line, v.pos, std::mem::take(&mut faults));
            }
            if let Some((span, msg)) = check_error {
                clean = false;
                self.error(span, Kind::ValueOutOfRange, msg.into());
            }
            self.report_faults(line, v.pos, faults);
        }
        match cmd {
            Cmd::Shift | Cmd::Shiftl => {
                if cmd == Cmd::Shiftl {
                    for p in chunk.items.iter_mut() {
                        if let Piece::Byte(b) = p {
                            *b <<= 1;
                        }
                    }
                }
                match chunk.items.last_mut() {
                    Some(Piece::Byte(b)) if !last_empty => {
                        *b |= if cmd == Cmd::Shift { 0x80 } else { 0x01 }
                    }
                    Some(_) => {
                        let span = self.span_at(line, last_pos);
                        self.error(
                            span,
                            Kind::ValueOutOfRange,
                            "last byte must not be gap".into(),
                        );
                    }
                    None => {
                        // At the directive (64tass).
                        let span = line.span(dir, dir + 1);
                        self.error(
                            span,
                            Kind::ValueOutOfRange,
                            "at least one byte is needed".into(),
                        );
                    }
                }
            }
            Cmd::Null => chunk.byte(0),
            Cmd::Ptext => {
                let n = chunk.len();
                if n > 255 {
                    // At the directive (64tass).
                    let span = line.span(dir, dir + 1);
                    self.error(
                        span,
                        Kind::ValueOutOfRange,
                        format!("ptext too long by {} bytes", n - 255),
                    );
                }
                chunk.items.insert(0, Piece::Byte(n as u8));
                // The length byte goes with the first value.
                marks.iter_mut().skip(1).for_each(|m| m.0 += 1);
            }
            _ => {}
        }
        if clean && literals != Literals::Not {
            self.keep_text(line, literals == Literals::Strings, &chunk, &marks);
        }
        self.emit_chunk_marked(line, &chunk, &marks);
        self.st.emit_at = None;
    }

    /// A text directive's line of literals read straight from its text
    /// (see [`literal_text`]), which neither the directive's checks nor
    /// the writing have anything to report about: its bytes kept as
    /// [`Self::keep_text`] keeps them and written as a later pass replays
    /// them, without a parse or values. False: nothing written (the line
    /// is made the general way, which reports what there is).
    fn straight_text(&mut self, line: &LineRef, cmd: Cmd, args: usize) -> bool {
        if self.st.eor != 0 || self.no_encoding {
            return false;
        }
        let table = self.encs.plain_table(self.st.encoding);
        let mut bytes = smallvec::SmallVec::<[u8; 64]>::new();
        let mut starts = smallvec::SmallVec::<[usize; 8]>::new();
        let Some(strings) = literal_text(line, args, table, &mut bytes, &mut starts) else {
            return false;
        };
        // The directive's own bytes, as `data_text` makes them (no value
        // is empty: there is a last byte).
        match cmd {
            Cmd::Null if bytes.contains(&0) => return false,
            Cmd::Null => bytes.push(0),
            Cmd::Shift | Cmd::Shiftl if bytes.iter().any(|b| b & 0x80 != 0) => return false,
            Cmd::Shift | Cmd::Shiftl => {
                if cmd == Cmd::Shiftl {
                    bytes.iter_mut().for_each(|b| *b <<= 1);
                }
                if let Some(b) = bytes.last_mut() {
                    *b |= if cmd == Cmd::Shift { 0x80 } else { 0x01 };
                }
            }
            Cmd::Ptext if bytes.len() < u8::MAX as usize => {
                bytes.insert(0, bytes.len() as u8);
                // The length byte goes with the first value.
                starts.iter_mut().skip(1).for_each(|s| *s += 1);
            }
            _ => {}
        }
        // What `keep_text` keeps (a longer line is made each pass).
        let n = bytes.len();
        if n >= u8::MAX as usize {
            return false;
        }
        let units = text_units(starts.iter().copied(), n);
        self.write_straight(line, strings, units, &bytes)
    }

    /// A line's bytes read straight from its text ([`Self::straight_text`],
    /// [`Self::straight_fill`]), spending `units` of the budget: kept as a
    /// literal record and written as a later pass replays them. False,
    /// with nothing kept or spent, when the budget is short or writing has
    /// something to report (a wrap): the line is then made the general way.
    #[inline(always)]
    fn write_straight(&mut self, line: &LineRef, strings: bool, units: u64, bytes: &[u8]) -> bool {
        if !self.affordable(units) {
            return false;
        }
        self.replay_record_literal(line, strings, units, bytes);
        if !self.data_out(line, bytes) {
            // Made again, as a replay is.
            self.replay_begin();
            return false;
        }
        self.spend(units, line.span(line.start, line.start));
        true
    }

    /// A `.fill` of a plain number of bytes (see [`scan::plain_element`])
    /// with a plain number that is a byte, read straight from its text:
    /// kept and written as [`Self::straight_text`] does. False: nothing
    /// written.
    fn straight_fill(&mut self, line: &LineRef, args: usize) -> bool {
        if self.st.eor != 0 {
            return false;
        }
        let bytes = line.text.as_bytes();
        let Some((count, _, after)) = scan::plain_element(bytes, args, line.end, false) else {
            return false;
        };
        let count = literal_value(count).and_then(|v| to_count(&v, 32, self).ok());
        // What `fill` keeps (none of nothing or more than a record holds).
        let Some(count) = count.filter(|n| (1..u8::MAX as u64).contains(n)) else {
            return false;
        };
        let Some(Some(at)) = next_value(line, after) else {
            return false;
        };
        let start = scan::skip_blanks(bytes, at, line.end);
        let Some((pattern, end)) = literal_byte(line, start) else {
            return false;
        };
        if next_value(line, end) != Some(None) {
            return false;
        }
        let fill = smallvec::SmallVec::<[u8; 64]>::from_elem(pattern, count as usize);
        self.write_straight(line, false, budget_units(fill.len()), &fill)
    }

    /// Keep the bytes of a text directive's line of literals (strings and
    /// numbers: the same in every pass but for the encoding, which the
    /// record notes, see `replay_record_literal`) when they are bytes only;
    /// `marks` as [`Self::emit_chunk_marked`] writes them, for the budget
    /// it spends.
    fn keep_text(&mut self, line: &LineRef, strings: bool, chunk: &Chunk, marks: &[(usize, Pos)]) {
        let n = chunk.items.len();
        if n == 0 || n >= u8::MAX as usize || self.st.eor != 0 {
            return;
        }
        let mut bytes = smallvec::SmallVec::<[u8; 64]>::new();
        for p in &chunk.items {
            let Piece::Byte(b) = *p else { return };
            bytes.push(b);
        }
        let units = text_units(marks.iter().map(|m| m.0), n);
        self.replay_record_literal(line, strings, units, &bytes);
    }

    /// `.fill n [, pattern]` and `.align n [, pattern]`.
    pub fn fill(&mut self, line: &LineRef, cmd: Cmd, args: usize, newlabel: Option<NewLabel>) {
        self.set_dtype(newlabel, DataType::Byte);
        if cmd == Cmd::Fill && self.literal_replayed(line) {
            return;
        }
        self.fill_made(line, cmd, args);
    }

    /// [`Self::fill`] of a line not replayed (out of line, as
    /// [`Self::data_numbers_made`]).
    #[inline(never)]
    fn fill_made(&mut self, line: &LineRef, cmd: Cmd, args: usize) {
        self.replay_begin();
        if cmd == Cmd::Fill && self.straight_fill(line, args) {
            return;
        }
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        if !self.list_argnum(line, args, exprs, 1, 2) {
            return;
        }
        // A fill of a number with a number: the same bytes in every pass.
        let literal = cmd == Cmd::Fill
            && exprs.len() == 2
            && exprs
                .iter()
                .all(|e| matches!(e.kind(), ExprKind::Int(_) | ExprKind::Bits(_)));
        // Both values first, as 64tass reads them: the count's error is
        // reported when it is used, after what the fill value reports as
        // it is evaluated (a function's argument not defined).
        let Ok(mut vals) = self.eval_list(line, &exprs[..1], true) else {
            return;
        };
        // The fill value is only used if there is something to fill: until
        // then its errors stay in it, as 64tass's (`.align 1, -1` is fine).
        let pattern = match exprs.get(1) {
            Some(e) => match self.eval_kept(line, e) {
                Ok(val) => Some(super::eval::Located {
                    val,
                    pos: e.start(),
                }),
                Err(_) => return,
            },
            None => None,
        };
        let count = std::mem::take(&mut vals[0].val);
        match self.used(line, vals[0].pos, count) {
            Ok(v) if !v.is_none() => vals[0].val = v,
            _ => return,
        }
        // Wraps are reported at the fill value, if any (the caller resets this).
        self.st.emit_at = pattern.as_ref().map(|v| v.pos);
        self.st.pc_first = true;
        self.rounded.set(false);
        let r = to_count(&vals[0].val, 32, self);
        let Ok(n) = self.check(line, vals[0].pos, r) else {
            return;
        };
        self.float_round_warning(line, vals[0].pos);
        let count = if cmd == Cmd::Align {
            if n == 0 {
                let span = self.span_at(line, vals[0].pos);
                self.error(span, Kind::ValueOutOfRange, "zero value not allowed".into());
                return;
            }
            let a = self.out.addr(self.st.addr);
            let logical = self.out.sections[self.st.section as usize].logicalrecursion != 0;
            // In the 4 GiB image (flat output) 64tass aligns the compile offset.
            let (itt, max) = if self.out.image_mask == u32::MAX && !logical {
                (a.address as u64, u32::MAX as u64)
            } else {
                let itt = a.l_address.wrapping_sub(a.l_start) & self.out.all_mem;
                (itt as u64, self.out.all_mem as u64)
            };
            if n > max {
                if itt != 0 { max - itt + 1 } else { 0 }
            } else {
                let rem = itt % n;
                if rem != 0 { n - rem } else { 0 }
            }
        } else {
            n
        };
        // More than the address space wraps round it (64tass warns, as for any
        // wrap). A gap only moves the address; bytes are made at once, so
        // the budget is asked first.
        let Some(pattern) = pattern else {
            self.record_gap(line);
            self.emit_gap(line, count as u32);
            return;
        };
        if !self.affordable(count / 8) {
            let span = self.span_at(line, vals[0].pos);
            let _ = self.spend(count / 8, span);
            return;
        }
        let count = count as u32;
        if count == 0 {
            // Listed as a fill of nothing, as without a fill value.
            self.record_gap(line);
            return;
        }
        let mut chunk = Chunk::default();
        self.rounded.set(false);
        // A pattern that fails still fills (64tass: a `?` for each value
        // that is not a byte).
        self.text_reported(line, &pattern.val, pattern.pos, &mut chunk, count.into());
        self.float_round_warning(line, pattern.pos);
        if chunk.items.is_empty() {
            if count > 0 {
                let span = self.span_at(line, pattern.pos);
                self.error(
                    span,
                    Kind::ValueOutOfRange,
                    "at least one byte is needed".into(),
                );
            }
            return;
        }
        // Repeat the pattern (cut at the end).
        let pieces: Vec<Piece> = chunk
            .items
            .iter()
            .flat_map(|p| match *p {
                Piece::Byte(b) => vec![Piece::Byte(b)],
                Piece::Gap(n) => vec![Piece::Gap(1); n as usize],
            })
            .collect();
        let mut out = Chunk::default();
        let mut bytes: Vec<u8> = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            match pieces[i % pieces.len()] {
                Piece::Byte(b) => bytes.push(b),
                Piece::Gap(_) => {
                    for b in bytes.drain(..) {
                        out.byte(b);
                    }
                    out.gap(1);
                }
            }
        }
        if out.items.is_empty() {
            if literal && bytes.len() < u8::MAX as usize {
                let units = budget_units(bytes.len());
                self.replay_record_literal(line, false, units, &bytes);
            }
            self.emit(line, &bytes);
            return;
        }
        for b in bytes {
            out.byte(b);
        }
        self.emit_chunk(line, &out);
    }

    /// `.binary "file" [, offset [, length]]`
    pub fn binary_directive(&mut self, line: &LineRef, args: usize, newlabel: Option<NewLabel>) {
        self.set_dtype(newlabel, DataType::Byte);
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        if !self.list_argnum(line, args, exprs, 1, 3) {
            return;
        }
        let Ok(vals) = self.eval_args(line, exprs) else {
            return;
        };
        // 64tass opens the file before it reads the offset and length: its
        // errors (and its "Reading file:" line) come first.
        let data = match &vals[0].val {
            Value::Str(name) => {
                let name = name.to_string();
                self.binary_file(line, &name, vals[0].pos).ok()
            }
            other => {
                let span = self.span_at(line, vals[0].pos);
                let msg = crate::value::convert::not_a_string(other);
                self.error(span, Kind::Type, msg);
                None
            }
        };
        let mut nums = Vec::new();
        let mut failed = false;
        for (i, v) in vals[1..].iter().enumerate() {
            // 64tass reads the offset as a 32-bit signed number (it may
            // count from the end: `$ffffffff` is the last byte) and the
            // length as a 32-bit unsigned one, each with its own errors
            // and warnings.
            self.rounded.set(false);
            let r = match i {
                0 => to_ival(&v.val, 32, self).map(|n| i128::from(n as i32)),
                _ => to_count(&v.val, 32, self).map(i128::from),
            };
            match self.check(line, v.pos, r) {
                Ok(n) => {
                    self.float_round_warning(line, v.pos);
                    nums.push(n);
                }
                Err(_) => failed = true,
            }
        }
        let Some(data) = data.filter(|_| !failed) else {
            return;
        };
        let slice = super::files::window(&data, nums.first().copied(), nums.get(1).copied());
        if slice.is_empty() {
            // Listed at its address all the same, as `.fill 0` is (64tass).
            self.record_gap(line);
            return;
        }
        let slice = slice.to_vec();
        self.emit(line, &slice);
    }

    /// `.offs n`: move the compile offset relative to the program counter.
    pub fn offs(&mut self, line: &LineRef, args: usize) {
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        if v.is_none() {
            return;
        }
        let r = crate::value::convert::to_int(&v, self);
        let Ok(n) = self.check(line, pos, r) else {
            return;
        };
        let mask = self.out.image_mask;
        let a = self.out.addr_mut(self.st.addr);
        if !a.moved {
            if a.end < a.address {
                a.end = a.address;
            }
            a.moved = true;
        }
        a.wrapwarn = false;
        a.address = ((a.l_address as i128 + n) as u64 as u32) & mask;
    }
}

#[cfg(test)]
mod tests {
    use super::{general_byte, quick_byte};

    /// Data values of arithmetic on numbers and labels (brackets, code
    /// labels before and after the line, bit strings, shifts, a negative
    /// byte) make 64tass 1.58's bytes, in every pass.
    #[test]
    fn arithmetic_data_values_make_64tass_bytes() {
        let src = "* = $1000\nnum = $1234\nbits = %1010\nlab nop\n\
                   .byte (1 + 2) & $ff, num - $1230, (num + 1) & $ff, lab - $1000 + 3, bits | 1, 2 * 3 + 1\n\
                   .word lab + 1, 1 + lab, lab - 1, 37 * 256 + 1, num * 2, fwd + 2, (fwd - lab) * 3, num ^ $ff\n\
                   .byte fwd - lab, (3 << 2) >> 1, 7 - 9 & $ff, ((1 + 2) * (3 + 4)) & $ff\nfwd rts\n";
        let p = crate::assemble_str("t.asm", src, &crate::Options::default())
            .unwrap_or_else(|e| panic!("{}", e.render()));
        assert_eq!(
            p.prg_bytes(),
            [
                0x00, 0x10, 0xea, 0x03, 0x04, 0x35, 0x03, 0x0b, 0x07, 0x01, 0x10, 0x01, 0x10, 0xff,
                0x0f, 0x01, 0x25, 0x68, 0x24, 0x1d, 0x10, 0x51, 0x00, 0xcb, 0x12, 0x1b, 0x06, 0xfe,
                0x15, 0x60
            ]
        );
    }

    /// Values at the edges of each width, answered by `number`'s quick way
    /// (integers, bit strings, inverted ones, code labels and a byte of
    /// one) and records of 5 to 17 bytes replayed (passes 2 and 3), against
    /// 64tass 1.58's bytes; values one past the edge, read from labels (not
    /// plain numbers), against its messages.
    #[test]
    fn data_values_at_their_widths_edges_are_64tass_bytes() {
        let src = "* = $1000\n .if fin > $1000\n nop\n .endif\nbig = $ffff\nlab nop\n\
                   .byte 255, $ff, %11111111, <lab, >lab, ~$fe, 0\n\
                   .word lab, big, $ffff, 65535, lab + 1, ~$fffe\n\
                   .long $ffffff, lab, %101\n .dword $ffffffff, lab + 2\n\
                   .byte 1, 2, 3, 4, 5\n .byte 1, 2, 3, 4, 5, 6, 7\n .text \"abcdefgh\"\n\
                   .text \"abcdefghijklmno\"\n .text \"abcdefghijklmnop\"\n\
                   .null \"abcdefghijklmn\"\nfin\n";
        let p = crate::assemble_str("t.asm", src, &crate::Options::default())
            .unwrap_or_else(|e| panic!("{}", e.render()));
        let mut want = vec![
            0x00, 0x10, 0xea, 0xea, 0xff, 0xff, 0xff, 0x01, 0x10, 0x01, 0x00,
        ];
        want.extend([
            0x01, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 0x10, 0x01, 0x00,
        ]);
        want.extend([0xff, 0xff, 0xff, 0x01, 0x10, 0x00, 0x05, 0x00, 0x00]);
        want.extend([0xff, 0xff, 0xff, 0xff, 0x03, 0x10, 0x00, 0x00]);
        want.extend([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7]);
        want.extend(b"abcdefgh");
        want.extend(b"abcdefghijklmno");
        want.extend(b"abcdefghijklmnop");
        want.extend(b"abcdefghijklmn\0");
        assert_eq!(p.prg_bytes(), want);

        let src = "* = $1000\nn256 = 256\nneg = -1\nwide = $10000\nlab nop\n\
                   .byte n256, 1\n .byte neg, 2\n .word wide, 3\n .byte lab, 4\n .byte ~wide, 5\n";
        let Err(e) = crate::assemble_str("t.asm", src, &crate::Options::default()) else {
            panic!("values past their widths assembled");
        };
        assert_eq!(e.errors().count(), 5);
        let text = e.render();
        for msg in [
            "too large for a 8 bit unsigned integer int '256'",
            "value needs to be non-negative int '-1'",
            "too large for a 16 bit unsigned integer bits '$10000'",
            "too large for a 8 bit unsigned integer bits '$1000'",
            "too large for a 8 bit unsigned integer bits '~$10000'",
        ] {
            assert!(text.contains(msg), "{msg} in {text}");
        }
    }

    /// `quick_byte` answers only what the general way answers the same:
    /// every value of up to four characters of the kinds around a byte's,
    /// with what can follow it, against `general_byte`.
    #[test]
    fn quick_byte_gives_the_general_ways_byte() {
        let chars: &[u8] = b"$019aFg_.ep ,;\t\0";
        let mut values = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = values
                .iter()
                .flat_map(|v| {
                    chars.iter().map(move |&c| {
                        let mut v = v.clone();
                        v.push(c);
                        v
                    })
                })
                .collect();
            values.extend(longer);
        }
        values.sort();
        values.dedup();
        let tails: &[&[u8]] = &[
            b"", b",", b", 1", b",$2", b",x", b" ; c", b"  ;", b"+1", b",\t3",
        ];
        let mut answered = 0;
        for v in &values {
            for lead in [&b""[..], b" ", b"  ", b"\t"] {
                for tail in tails {
                    // The text ends before the `!` (a line's end); the
                    // next line's after it, or none (the file's end).
                    for next in [&b""[..], b"\n$1,2;345678"] {
                        let text = [&b"x"[..], lead, v, tail, b"!", next].concat();
                        let end = text.len() - next.len() - 1;
                        if let Some(quick) = quick_byte(&text, end, 1) {
                            assert_eq!(general_byte(&text, end, 1), Some(quick), "{text:?}");
                            answered += 1;
                        }
                    }
                }
            }
        }
        // Both forms of a byte are answered (`$1d`, `12`, `255`...).
        assert!(answered > 2000, "{answered}");
        let at = |s: &str| quick_byte(s.as_bytes(), s.len(), 0);
        assert_eq!(at("$1d, 2"), Some((0x1d, 3)));
        assert_eq!(at(" 255"), Some((255, 4)));
        assert_eq!(at("7 ; x"), Some((7, 2)));
        assert_eq!(at("256"), None);
        assert_eq!(at("$1d+1"), None);
        assert_eq!(at("01"), None);
    }
}
