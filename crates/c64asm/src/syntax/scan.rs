//! Character-level scanning shared by the line and expression parsers:
//! identifiers, numbers and quoted strings, with 64tass's rules.

use crate::value::Bits;

/// A parse error: byte offset in the text and message.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub pos: u32,
    pub msg: String,
}

pub type PResult<T> = Result<T, SyntaxError>;

pub fn error<T>(pos: usize, msg: impl Into<String>) -> PResult<T> {
    Err(SyntaxError {
        pos: pos as u32,
        msg: msg.into(),
    })
}

/// Is `c` an identifier start? Unicode letters count only in Unicode sources.
#[inline]
pub fn is_ident_start(c: char, unicode: bool) -> bool {
    c.is_ascii_alphabetic() || c == '_' || (unicode && !c.is_ascii() && c.is_alphabetic())
}

#[inline]
pub fn is_ident_char(c: char, unicode: bool) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || (unicode && !c.is_ascii() && c.is_alphanumeric())
}

/// ASCII bytes that may continue an identifier (letters, digits, `_`): one
/// table load per byte instead of three range tests (names are read on
/// every line of every pass). Bytes from 0x80 on are `false`.
static IDENT_ASCII: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// Whether `b` is an ASCII byte that may continue an identifier (see
/// [`ident_len`]): `false` for a non-ASCII byte too.
#[inline(always)]
pub fn continues_ascii_name(b: u8) -> bool {
    IDENT_ASCII[b as usize]
}

/// Length in bytes of the identifier starting at `pos` (0 if none).
#[inline]
pub fn ident_len(text: &str, pos: usize, unicode: bool) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(pos) {
        Some(&b) if b < 0x80 && IDENT_ASCII[b as usize] && !b.is_ascii_digit() => {}
        Some(&b) if b >= 0x80 && unicode => return ident_len_unicode(text, pos),
        _ => return 0,
    }
    let mut i = pos + 1;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            if !IDENT_ASCII[b as usize] {
                return i - pos;
            }
            i += 1;
        } else if unicode {
            return i - pos + ident_len_unicode_tail(text, i);
        } else {
            break;
        }
    }
    i - pos
}

/// [`ident_len`] of a name starting with a non-ASCII character.
#[cold]
fn ident_len_unicode(text: &str, pos: usize) -> usize {
    let c = text[pos..].chars().next().unwrap_or(' ');
    if !is_ident_start(c, true) {
        return 0;
    }
    c.len_utf8() + ident_len_unicode_tail(text, pos + c.len_utf8())
}

/// Length of the identifier characters from `pos` on, Unicode letters included.
#[cold]
fn ident_len_unicode_tail(text: &str, pos: usize) -> usize {
    let bytes = text.as_bytes();
    let mut i = pos;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if !IDENT_ASCII[b as usize] {
                break;
            }
            i += 1;
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            if !is_ident_char(c, true) {
                break;
            }
            i += c.len_utf8();
        }
    }
    i - pos
}

/// Where the callee expression of `#expr args` starting at `pos` ends: at
/// the end of the line, a comment, or the first blank after an operand
/// (blanks after an operator, a comma or an opening bracket belong to it).
pub fn callee_end(text: &[u8], pos: usize, end: usize) -> usize {
    let mut i = pos;
    let mut quote = 0u8;
    while i < end {
        let c = text[i];
        if quote != 0 {
            if c == quote {
                quote = 0;
            }
        } else {
            match c {
                b'"' | b'\'' => quote = c,
                b';' => return i,
                b' ' | b'\t' => {
                    let before = if i > pos { text[i - 1] } else { b'(' };
                    // A `match`, not a search of the set: `contains` on it was
                    // a call to `memchr` in some builds and not in others.
                    if !matches!(
                        before,
                        b'(' | b'['
                            | b'{'
                            | b','
                            | b'+'
                            | b'-'
                            | b'*'
                            | b'/'
                            | b'%'
                            | b'&'
                            | b'|'
                            | b'^'
                            | b'<'
                            | b'>'
                            | b'='
                            | b'!'
                            | b'~'
                            | b'?'
                            | b':'
                            | b'#'
                            | b'.'
                    ) {
                        return i;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    end
}

/// The offset of the first byte at or after `pos` (before `end`) that is not
/// a space or a tab. Lines are mostly indented with runs of spaces or tabs:
/// eight of the same are skipped at once.
#[inline]
pub fn skip_blanks(bytes: &[u8], mut pos: usize, end: usize) -> usize {
    let end = end.min(bytes.len());
    // Inside a line most calls find no blank, or one (after a comma).
    let blank = |b: u8| b == b' ' || b == b'\t';
    match bytes.get(pos..end) {
        Some([b, ..]) if blank(*b) => {}
        _ => return pos,
    }
    match bytes.get(pos + 1..end) {
        Some([b, ..]) if blank(*b) => {}
        _ => return pos + 1,
    }
    while pos + 8 <= end {
        let w = u64::from_le_bytes(bytes[pos..pos + 8].try_into().unwrap_or([0; 8]));
        let not_spaces = w ^ u64::from_le_bytes([b' '; 8]);
        if not_spaces != 0 && w != u64::from_le_bytes([b'\t'; 8]) {
            // The spaces that start the word (after a label, `-       lda`)
            // at once; a tab after them goes on below.
            pos += (not_spaces.trailing_zeros() / 8) as usize;
            break;
        }
        pos += 8;
    }
    while pos < end && matches!(bytes[pos], b' ' | b'\t') {
        pos += 1;
    }
    pos
}

/// A scanned number: an integer, a bit string or a float, and its length.
pub enum Number {
    Int(i64),
    Bits(Bits),
    Float(f64),
    /// An integer or bit string beyond 64 bits.
    Big(BigLiteral),
}

/// A [`Number::Big`]'s value, boxed and dropped out of line: dropping a
/// `Number` is then one check, which its users inline (the plain numbers
/// of every data line drop theirs), rather than a copy of a value's drop.
pub struct BigLiteral(std::mem::ManuallyDrop<Box<crate::value::Value>>);

impl BigLiteral {
    fn new(v: crate::value::Value) -> BigLiteral {
        BigLiteral(std::mem::ManuallyDrop::new(Box::new(v)))
    }

    pub fn into_value(self) -> crate::value::Value {
        let mut this = std::mem::ManuallyDrop::new(self);
        // SAFETY: `this` is never dropped, so the box is taken only here.
        *unsafe { std::mem::ManuallyDrop::take(&mut this.0) }
    }
}

impl Drop for BigLiteral {
    #[inline(never)]
    fn drop(&mut self) {
        // SAFETY: dropped once, here (`into_value` skips this).
        unsafe { std::mem::ManuallyDrop::drop(&mut self.0) }
    }
}

impl std::fmt::Debug for BigLiteral {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self.0, f)
    }
}

fn digits(bytes: &[u8], pos: usize, ok: impl Fn(u8) -> bool) -> usize {
    let mut i = pos;
    while i < bytes.len() && (ok(bytes[i]) || (bytes[i] == b'_' && i > pos)) {
        i += 1;
    }
    // A trailing underscore is not part of the number.
    while i > pos && bytes[i - 1] == b'_' {
        i -= 1;
    }
    i
}

fn digit_value(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => (b - b'0') as u32,
        b'a'..=b'f' => (b - b'a' + 10) as u32,
        b'A'..=b'F' => (b - b'A' + 10) as u32,
        _ => 0,
    }
}

/// Bits from hex or binary digits (`shift` bits per digit, underscores skipped).
fn bits_from(bytes: &[u8], pos: usize, shift: u32) -> Result<Bits, ()> {
    let mut val: u64 = 0;
    let mut len: u32 = 0;
    for &b in bytes {
        if b == b'_' {
            continue;
        }
        if val >> (64 - shift) != 0 {
            return Err(());
        }
        val = (val << shift) | digit_value(b) as u64;
        len += shift;
    }
    let _ = pos;
    Ok(Bits::new(val, len))
}

/// A literal beyond 64 bits: a decimal integer or a `$`/`%` bit string of
/// `shift` bits per digit.
fn big_number(digits: &[u8], radix: u32, shift: u32) -> crate::value::Value {
    let clean: Vec<u8> = digits.iter().copied().filter(|&b| b != b'_').collect();
    let val = num_bigint::BigUint::parse_bytes(&clean, radix).unwrap_or_default();
    if radix == 10 {
        crate::value::int::from_big(val.into())
    } else {
        let len = (clean.len() as u64 * shift as u64).min(u32::MAX as u64) as u32;
        crate::value::BigBits::new(val, len, false).into_value()
    }
}

/// The value of digits in `radix` as a float (for fractions and mantissas):
/// the exact integer, converted as 64tass converts integers.
fn float_of(bytes: &[u8], radix: u32) -> f64 {
    let clean: Vec<u8> = bytes.iter().copied().filter(|&b| b != b'_').collect();
    let val = num_bigint::BigUint::parse_bytes(&clean, radix).unwrap_or_default();
    crate::value::int::uint_to_f64(&val)
}

/// 64tass's `ldexp10`: `d * 10^e` (or `d / 10^e`) with `10^e` from C's
/// `pow` (Rust's `powf` calls the same libm; `powi` would round differently).
fn scale10(d: f64, e: u32, divide: bool) -> f64 {
    let scale = 10f64.powf(e as f64);
    if divide { d / scale } else { d * scale }
}

/// The usual literal, `123` or `$1f`: digits alone (no `_`, fraction or
/// exponent after them), few enough to fit; `None` for anything else, which
/// [`number`] reads the general way.
#[inline]
pub fn plain_number(bytes: &[u8], pos: usize) -> Option<(Number, usize)> {
    let hex = bytes[pos] == b'$';
    let start = pos + hex as usize;
    let mut end = start;
    let mut val: u64 = 0;
    while let Some(&b) = bytes.get(end) {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' if hex => b - b'a' + 10,
            b'A'..=b'F' if hex => b - b'A' + 10,
            _ => break,
        };
        // Wraps only past the digit counts accepted below.
        val = if hex {
            val << 4 | d as u64
        } else {
            val.wrapping_mul(10).wrapping_add(d as u64)
        };
        end += 1;
    }
    let count = end - start;
    let next = bytes.get(end).copied().unwrap_or(0);
    let more = matches!(next, b'_' | b'.' | b'p' | b'P') || (next | 0x20 == b'e' && !hex);
    if count == 0 || more || count > if hex { 16 } else { 18 } {
        return None;
    }
    let n = if hex {
        Number::Bits(Bits::new(val, count as u32 * 4))
    } else {
        Number::Int(val as i64)
    };
    Some((n, end))
}

/// An instruction's operand that is one plain number (see [`plain_number`]),
/// alone or after `#` (`sta $d020`, `lda #0`), as `Parser::lone_parse` reads
/// one: no leading zeros (their warning is the general path's), then blanks
/// and the line's end (`end`), a NUL or a comment. Whether `#` is there (at
/// `pos`), the number and where it starts; `None` for anything else.
#[inline(always)]
pub fn plain_operand(bytes: &[u8], pos: usize, end: usize) -> Option<(bool, Number, usize)> {
    let line = bytes.get(..end)?;
    let imm = line.get(pos) == Some(&b'#');
    let at = pos + imm as usize;
    match line.get(at) {
        Some(b'0') if line.get(at + 1).is_some_and(u8::is_ascii_digit) => return None,
        Some(b'$' | b'0'..=b'9') => {}
        _ => return None,
    }
    let (n, value_end) = plain_number(line, at)?;
    match line.get(skip_blanks(line, value_end, end)) {
        None | Some(0 | b';') => Some((imm, n, at)),
        _ => None,
    }
}

/// Where a list element ends if a value ending at `end` is all of it, as
/// the parser reads it: the line ends there (after blanks: `line_end`, a
/// `;` or a NUL), or a comma follows that can't start an index register (a
/// digit or `$` after it; or a blank, outside instruction operands). The
/// offset after the blanks (of the end or the comma); `None` when anything
/// else follows (an operator, a postfix, `?`, `,x`).
#[inline(always)]
pub fn element_end(bytes: &[u8], end: usize, line_end: usize, operand: bool) -> Option<usize> {
    let after = skip_blanks(bytes, end, line_end);
    let at = |i: usize| if i < line_end { bytes[i] } else { 0 };
    let ends = match at(after) {
        0 | b';' => true,
        b',' => match at(after + 1) {
            b'$' | b'0'..=b'9' => true,
            b' ' | b'\t' => !operand,
            _ => false,
        },
        _ => false,
    };
    ends.then_some(after)
}

/// A plain number (see [`plain_number`]) that is a whole list element at
/// `pos` (after blanks; see [`element_end`]): the number, where it starts
/// and where the element ends. `None` for anything else, leading zeros
/// included (the parser notes them for a warning). Always inlined: a data
/// line's fast path calls it once per value.
#[inline(always)]
pub fn plain_element(
    bytes: &[u8],
    pos: usize,
    line_end: usize,
    operand: bool,
) -> Option<(Number, usize, usize)> {
    let start = skip_blanks(bytes, pos, line_end);
    let line = bytes.get(..line_end)?;
    match line.get(start) {
        Some(b'0') if line.get(start + 1).is_some_and(u8::is_ascii_digit) => return None,
        Some(b'$' | b'0'..=b'9') => {}
        _ => return None,
    }
    let (n, end) = plain_number(line, start)?;
    let after = element_end(bytes, end, line_end, operand)?;
    Some((n, start, after))
}

/// Scan a number starting at `pos` (`$hex`, `%binary` or decimal, each with an
/// optional fraction and `e`/`p` exponent). Returns the number and its end.
pub fn number(text: &str, pos: usize) -> PResult<(Number, usize)> {
    if let Some(plain) = plain_number(text.as_bytes(), pos) {
        return Ok(plain);
    }
    let bytes = text.as_bytes();
    let (radix, shift, start) = match bytes[pos] {
        b'$' => (16u32, 4u32, pos + 1),
        b'%' => (2, 1, pos + 1),
        _ => (10, 0, pos),
    };
    let is_digit = |b: u8| match radix {
        16 => b.is_ascii_hexdigit(),
        2 => b == b'0' || b == b'1',
        _ => b.is_ascii_digit(),
    };
    let int_end = digits(bytes, start, is_digit);
    let mut end = int_end;
    let mut fraction: Option<(usize, usize)> = None;
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1) != Some(&b'.') {
        let f_end = digits(bytes, end + 1, is_digit);
        fraction = Some((end + 1, f_end));
        end = f_end;
    }
    // A `$` without digits is an empty bit string in 64tass (`$>$fc` is
    // false); a `%` gets here only with a digit, a decimal always has one.
    if int_end == start && radix != 16 && fraction.is_none_or(|(s, e)| s == e) {
        return error(pos, "an expression is expected");
    }
    // Exponent: `e` (decimal, not for hex where e is a digit) or `p` (binary).
    let mut exponent: Option<(bool, i32)> = None;
    if let Some(&c) = bytes.get(end) {
        let c = c | 0x20;
        if c == b'p' || (c == b'e' && radix != 16) {
            let mut i = end + 1;
            let neg = bytes.get(i) == Some(&b'-');
            if neg || bytes.get(i) == Some(&b'+') {
                i += 1;
            }
            if bytes.get(i).is_some_and(u8::is_ascii_digit) {
                let e_end = digits(bytes, i, |b| b.is_ascii_digit());
                let v: i64 = text[i..e_end]
                    .bytes()
                    .filter(|&b| b != b'_')
                    .fold(0i64, |acc, b| (acc * 10 + (b - b'0') as i64).min(1 << 20));
                exponent = Some((c == b'p', if neg { -(v as i32) } else { v as i32 }));
                end = e_end;
            }
        }
    }
    let int_digits = &bytes[start..int_end];
    if fraction.is_none() && exponent.is_none() {
        let n = if radix == 10 {
            let mut v: i64 = 0;
            for &b in int_digits {
                if b == b'_' {
                    continue;
                }
                match v
                    .checked_mul(10)
                    .and_then(|v| v.checked_add((b - b'0') as i64))
                {
                    Some(n) => v = n,
                    None => {
                        return Ok((
                            Number::Big(BigLiteral::new(big_number(int_digits, 10, 0))),
                            end,
                        ));
                    }
                }
            }
            Number::Int(v)
        } else {
            match bits_from(int_digits, pos, shift) {
                Ok(b) => Number::Bits(b),
                Err(()) => Number::Big(BigLiteral::new(big_number(int_digits, radix, shift))),
            }
        };
        return Ok((n, end));
    }
    // As 64tass: the fraction's digits as an integer scaled down, plus the
    // integer part, then scaled by the exponent.
    let mut value = 0.0;
    if let Some((s, e)) = fraction {
        let f = &bytes[s..e];
        let n = f.iter().filter(|&&b| b != b'_').count() as u32;
        let frac = float_of(f, radix);
        if n != 0 && frac != 0.0 {
            value = if radix == 10 {
                scale10(frac, n, true)
            } else {
                crate::value::int::ldexp(frac, -((n * shift) as i32))
            };
        }
    }
    value += float_of(int_digits, radix);
    if let Some((binary, e)) = exponent
        && e != 0
    {
        value = if binary {
            crate::value::int::ldexp(value, e)
        } else {
            scale10(value, e.unsigned_abs(), e < 0)
        };
    }
    // Beyond a float: an infinite literal, "floating point overflow" where
    // it is evaluated (64tass goes on with the line's other values).
    Ok((Number::Float(value), end))
}

/// The error of a string that the line ends in (64tass quotes the missing
/// quote with the other kind).
pub const UNCLOSED_DOUBLE: &str = "'\"' expected";
pub const UNCLOSED_SINGLE: &str = "\"'\" expected";
/// The error of a splat (`*list`) anywhere but as a whole list element.
pub const EXPRESSION_SYNTAX: &str = "expression syntax";

/// Whether a parser's note is one of the errors after which 64tass goes on
/// with the value `none` (a label given that value is defined).
pub fn goes_on_after(note: &str) -> bool {
    [UNCLOSED_SINGLE, UNCLOSED_DOUBLE, EXPRESSION_SYNTAX].contains(&note)
}

/// Scan a quoted string at `pos` (doubled quotes stand for one). Returns the
/// contents and the offset after the closing quote.
pub fn string(text: &str, pos: usize) -> PResult<(String, usize)> {
    let bytes = text.as_bytes();
    let quote = bytes[pos];
    let mut out = String::new();
    let mut i = pos + 1;
    let mut run = i;
    loop {
        match bytes.get(i) {
            None | Some(b'\n') | Some(b'\r') => {
                let msg = if quote == b'"' {
                    UNCLOSED_DOUBLE
                } else {
                    UNCLOSED_SINGLE
                };
                return error(i, msg);
            }
            Some(&b) if b == quote => {
                out.push_str(&text[run..i]);
                if bytes.get(i + 1) == Some(&quote) {
                    out.push(quote as char);
                    i += 2;
                    run = i;
                } else {
                    return Ok((out, i + 1));
                }
            }
            _ => i += 1,
        }
    }
}

/// Decode the digits of `x"..."`: pairs of hex digits, spaces allowed between pairs.
pub fn hex_bytes(s: &str, pos: usize) -> PResult<Vec<u8>> {
    let mut out = Vec::new();
    let mut pending: Option<u32> = None;
    for c in s.chars() {
        match c {
            ' ' if pending.is_none() => {}
            c if c.is_ascii_hexdigit() => {
                let d = c.to_digit(16).unwrap_or(0);
                match pending.take() {
                    Some(h) => out.push((h * 16 + d) as u8),
                    None => pending = Some(d),
                }
            }
            _ => return error(pos, "hexadecimal digit expected"),
        }
    }
    if pending.is_some() {
        return error(pos, "hexadecimal digits must come in pairs");
    }
    Ok(out)
}

const Z85: &[u8] =
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";

/// Decode a z85 string; a last group shorter than five characters omits leading zeros.
pub fn z85_bytes(s: &str, pos: usize) -> PResult<Vec<u8>> {
    let mut out = Vec::new();
    let chars: Vec<u8> = s.bytes().collect();
    for group in chars.chunks(5) {
        let mut v: u64 = 0;
        for &c in group {
            let Some(d) = Z85.iter().position(|&z| z == c) else {
                return error(pos, "z85 character expected");
            };
            v = v * 85 + d as u64;
        }
        let n = match group.len() {
            5 => 4,
            4 => 3,
            3 => 2,
            2 => 1,
            _ => return error(pos, "z85 group too short"),
        };
        if v >> (8 * n) != 0 {
            return error(pos, "z85 value out of range");
        }
        for k in (0..n).rev() {
            out.push((v >> (8 * k)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> String {
        match number(s, 0) {
            Ok((Number::Int(v), e)) => format!("int {v} {e}"),
            Ok((Number::Bits(b), e)) => format!("bits {:x}/{} {e}", b.val, b.len),
            Ok((Number::Float(f), e)) => format!("float {f} {e}"),
            Ok((Number::Big(v), e)) => format!("big {v:?} {e}"),
            Err(e) => format!("error {}", e.msg),
        }
    }

    #[test]
    fn numbers_scan_like_64tass() {
        assert_eq!(num("123"), "int 123 3");
        assert_eq!(num("1_000x"), "int 1000 5");
        assert_eq!(num("$0ff"), "bits ff/12 4");
        assert_eq!(num("%0101"), "bits 5/4 5");
        assert_eq!(num("1.5"), "float 1.5 3");
        assert_eq!(num("3.66e1"), "float 36.6 6");
        assert_eq!(num("$1.8p4"), "float 24 6");
        assert_eq!(num("12.2p8"), "float 3123.2 6");
        assert_eq!(num("1..2"), "int 1 1");
        assert_eq!(num("$"), "bits 0/0 1");
        assert_eq!(num("$fFx"), "bits ff/8 3");
        assert_eq!(num("1e3"), "float 1000 3");
        assert_eq!(num("1E"), "int 1 1");
        assert_eq!(num("$1e"), "bits 1e/8 3");
        assert_eq!(num("$1P2"), "float 4 4");
        assert_eq!(num("123_"), "int 123 3");
        assert_eq!(num("999999999999999999"), "int 999999999999999999 18");
        assert_eq!(num("9223372036854775807"), "int 9223372036854775807 19");
        assert!(num("9223372036854775808").starts_with("big BigInt"));
        assert!(num("123456789012345678901234567890").starts_with("big BigInt"));
        assert_eq!(num("$ffffffffffffffff"), "bits ffffffffffffffff/64 17");
        assert!(num("$1ffffffffffffffff").starts_with("big BigBits"));
        assert!(num("18446744073709551616").starts_with("big BigInt"));
        assert!(num("$1_0000_0000_0000_0000").starts_with("big BigBits"));
    }

    #[test]
    fn identifiers_and_blanks() {
        assert_eq!(ident_len("lda_1+2", 0, false), 5);
        assert_eq!(ident_len("1abc", 0, true), 0);
        assert_eq!(ident_len(" _x", 1, false), 2);
        assert_eq!(ident_len("aé b", 0, false), 1);
        assert_eq!(ident_len("aéb c", 0, true), 4);
        assert_eq!(ident_len("éa", 0, true), 3);
        assert_eq!(ident_len("é", 0, false), 0);
        assert_eq!(ident_len("\u{2022}a", 0, true), 0);
        assert_eq!(ident_len("ab\u{2022}", 0, true), 2);
        let line = b"                 \t\t\t\t\t\t\t\t\t x";
        assert_eq!(skip_blanks(line, 0, line.len()), line.len() - 1);
        assert_eq!(skip_blanks(line, 3, 10), 10);
        assert_eq!(skip_blanks(b"  \t ; x", 0, 8), 4);
    }

    /// `skip_blanks`' word steps answer as a byte at a time does: every
    /// line of up to 10 bytes of spaces, tabs and `x`, from every start to
    /// every end (past the line's end too).
    #[test]
    fn blanks_skipped_by_words_are_skipped_by_bytes() {
        let by_bytes = |b: &[u8], mut pos: usize, end: usize| {
            let end = end.min(b.len());
            while pos < end && matches!(b[pos], b' ' | b'\t') {
                pos += 1;
            }
            pos
        };
        for len in 0..=10u32 {
            for mut code in 0..3u32.pow(len) {
                let line: Vec<u8> = (0..len)
                    .map(|_| {
                        let b = [b' ', b'\t', b'x'][(code % 3) as usize];
                        code /= 3;
                        b
                    })
                    .collect();
                for pos in 0..=line.len() {
                    for end in pos..=line.len() + 1 {
                        assert_eq!(
                            skip_blanks(&line, pos, end),
                            by_bytes(&line, pos, end),
                            "{:?} {pos} {end}",
                            String::from_utf8_lossy(&line)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn strings_and_byte_literals() {
        assert_eq!(string("'it''s' x", 0).unwrap(), ("it's".to_string(), 7));
        assert!(string("\"open", 0).is_err());
        assert_eq!(hex_bytes("fc e2", 0).unwrap(), [0xfc, 0xe2]);
        assert_eq!(
            z85_bytes("FiUj*2M$hf", 0).unwrap(),
            [0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01]
        );
    }
}
