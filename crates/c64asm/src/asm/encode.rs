//! The text encodings: `.encode` ... `.endencode` (a named encoding and its
//! scope), `.enc` (the one in effect), and `.cdef`, `.tdef`, `.edef` (its
//! characters, ranges and escapes).

use std::rc::Rc;

use super::Assembler;
use super::lines::{LineRef, ParseKind};
use super::state::{FrameData, Wait};
use crate::diag::Kind;
use crate::encoding::Defined;
use crate::intern::Name;
use crate::source::Span;
use crate::value::convert::{to_count, to_uval};
use crate::value::{NsId, Value};

impl Assembler<'_> {
    pub fn encode_directive(
        &mut self,
        line: &LineRef,
        args: usize,
        span: Span,
        label: Option<(Name, Rc<str>, Span, NsId)>,
    ) {
        self.st.push_frame(Wait::EndEncode, span);
        // Without an encoding given (or with a wrong one) a new one is
        // opened, as in 64tass.
        let given = if line.at_end(args) {
            None
        } else {
            match self.optional_value(line, args) {
                Some((Value::Encoding(e), _)) => Some(e),
                Some((v, pos)) => {
                    if !v.is_none() {
                        let s = self.span_at(line, pos);
                        let msg = format!("wrong type '{}', expected 'enc'", v.type_name());
                        self.error(s, Kind::Type, msg);
                    }
                    None
                }
                None => {
                    self.rest_after_syntax_error(line, args);
                    None
                }
            }
        };
        let defined_at = label.as_ref().map_or(span, |l| l.2);
        let enc = match (given, label) {
            (Some(e), Some((name, text, lspan, ns))) => {
                self.label_value((name, &text, lspan, ns), Value::Encoding(e), false);
                e
            }
            (Some(e), None) => e,
            (None, Some((name, text, lspan, ns))) => {
                let existing = self
                    .syms
                    .get(ns, name, self.st.strength)
                    .map(|id| self.syms.label(id).value.clone());
                let e = match existing {
                    Some(Value::Encoding(e)) => e,
                    _ => self.encs.anonymous(),
                };
                self.label_value((name, &text, lspan, ns), Value::Encoding(e), true);
                e
            }
            (None, None) => {
                let name = self.anon_scope_name(b'e');
                let ns = self.st.context();
                let existing = self
                    .syms
                    .get(ns, name, 0)
                    .map(|id| self.syms.label(id).value.clone());
                let e = match existing {
                    Some(Value::Encoding(e)) => e,
                    _ => self.encs.anonymous(),
                };
                let text = self.names.name(name);
                let (id, existed) = self.syms.entry(ns, name, 0, text, span, &self.names);
                self.note_def_chain(id, existed);
                let pass = self.st.pass;
                self.syms.set_value(id, Value::Encoding(e));
                self.syms.label_mut(id).defpass = crate::symbols::PassNo::of(pass);
                e
            }
        };
        self.encs.get_mut(enc).defined = Some(defined_at);
        let prev = self.st.encoding;
        self.st.encoding = enc;
        let f = self.st.top_mut();
        f.what = Wait::EndEncode2;
        f.data = FrameData::Encode { prev };
    }

    pub fn endencode(&mut self, span: Span) {
        match self.st.top().what {
            Wait::EndEncode => {
                self.st.frames.pop();
            }
            Wait::EndEncode2 => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Encode { prev } = f.data
                {
                    self.st.encoding = prev;
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.encode' not found".into(),
            ),
        }
    }

    /// `.enc "name"` or `.enc encoding`.
    pub fn enc(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        match v {
            Value::Encoding(e) => self.st.encoding = e,
            Value::Str(s) if !s.is_empty() => {
                let at = line.directive_span(args);
                self.st.encoding = self.encs.named_at(&s, at, self.st.pass);
            }
            Value::None => {}
            other => {
                let s = self.span_at(line, pos);
                let msg = match other {
                    Value::Str(_) => "empty string not allowed".to_string(),
                    other => crate::value::convert::not_a_string(&other),
                };
                self.error(s, Kind::Type, msg);
            }
        }
    }

    /// Values of a definition line, with strings kept as characters. No
    /// encoding is in effect while they are computed (64tass): a
    /// one-character string in arithmetic is its code point.
    fn definition_values(&mut self, line: &LineRef, args: usize) -> Option<super::eval::Args> {
        let parsed = self.parse_exprs(line, args, ParseKind::List)?;
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        if !self.list_argnum(line, args, exprs, 2, usize::MAX) {
            return None;
        }
        let saved = std::mem::replace(&mut self.no_encoding, true);
        let vals = self.eval_args(line, exprs).ok();
        self.no_encoding = saved;
        vals
    }

    /// A character as 64tass converts a value with no encoding in effect:
    /// one character is its code point, an empty string is 0 (the empty
    /// byte string), a longer one is refused.
    fn char_code(&mut self, line: &LineRef, v: &super::eval::Located) -> Option<u32> {
        match &v.val {
            Value::Str(s) => {
                let mut chars = s.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(c as u32),
                    (None, _) => Some(0),
                    _ => {
                        let span = self.span_at(line, v.pos);
                        self.error(span, Kind::Encoding, "more than a single character".into());
                        None
                    }
                }
            }
            other => {
                let r = to_count(other, 24, self);
                self.check(line, v.pos, r).ok().map(|u| u as u32)
            }
        }
    }

    /// The end of a `.cdef` range given on its own: one character, or a
    /// number.
    fn range_end(&mut self, line: &LineRef, v: &super::eval::Located) -> Option<u32> {
        if let Value::Str(s) = &v.val
            && s.is_empty()
        {
            let span = self.span_at(line, v.pos);
            self.error(span, Kind::Encoding, "empty string not allowed".into());
            return None;
        }
        self.char_code(line, v)
    }

    /// What a range or escape definition did: another pass if it moved, an
    /// error if it collides (then false).
    fn defined(&mut self, d: Defined, span: Span, collision: &str) -> bool {
        match d {
            Defined::Same => true,
            Defined::Moved => {
                self.moved(span);
                true
            }
            Defined::Double => {
                self.error(span, Kind::Encoding, collision.into());
                false
            }
        }
    }

    /// `.cdef "az", 1` or `.cdef 'a', 'z', 1`. A string of two or more
    /// characters is a whole range (more than two is an error); a shorter one
    /// is the start, and the end follows. The first range already defined
    /// otherwise ends the line, as in 64tass.
    pub fn cdef(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let Some(vals) = self.definition_values(line, args) else {
            return;
        };
        let mut i = 0;
        while i < vals.len() {
            let first = vals[i].clone();
            let (start, end, used) = match &first.val {
                Value::Str(s) if s.chars().nth(1).is_some() => {
                    let mut c = s.chars();
                    let (start, end) = (c.next().map(|x| x as u32), c.next().map(|x| x as u32));
                    if c.next().is_some() {
                        let span = self.span_at(line, first.pos);
                        self.error(span, Kind::Encoding, "more than two characters".into());
                        (None, None, 1)
                    } else {
                        (start, end, 1)
                    }
                }
                _ => {
                    let s = self.range_end(line, &first);
                    let Some(e) = vals.get(i + 1) else {
                        self.argnum(line, args, vals.len(), vals.len() + 2, usize::MAX);
                        return;
                    };
                    let e = e.clone();
                    (s, self.range_end(line, &e), 2)
                }
            };
            let Some(coded) = vals.get(i + used) else {
                self.argnum(line, args, vals.len(), vals.len() + 1, usize::MAX);
                return;
            };
            let coded = coded.clone();
            let r = to_count(&coded.val, 8, self);
            let byte = self.check(line, coded.pos, r).ok();
            if let (Some(s), Some(e), Some(b)) = (start, end, byte) {
                let (enc, pass) = (self.st.encoding, self.st.pass);
                let span = self.span_at(line, first.pos);
                let d = self.encs.get_mut(enc).add_range(s, e, b as u8, pass);
                if !self.defined(d, span, "double defined range") {
                    return;
                }
            }
            i += used + 1;
        }
    }

    /// `.tdef chars, values`: single characters to bytes.
    pub fn tdef(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let Some(vals) = self.definition_values(line, args) else {
            return;
        };
        for pair in vals.chunks(2) {
            let [chars, bytes] = pair else {
                self.argnum(line, args, vals.len(), vals.len() + 1, usize::MAX);
                return;
            };
            let codes: Vec<u32> = match &chars.val {
                Value::Str(s) => s.chars().map(|c| c as u32).collect(),
                v => match v.elements() {
                    Some(items) => {
                        let mut out = Vec::new();
                        for x in items.iter() {
                            let l = super::eval::Located {
                                val: x.clone(),
                                pos: chars.pos,
                            };
                            if let Some(c) = self.char_code(line, &l) {
                                out.push(c);
                            }
                        }
                        out
                    }
                    None => self.char_code(line, chars).into_iter().collect(),
                },
            };
            let values: Vec<u64> = match bytes.val.elements() {
                Some(items) => {
                    // Pairs as far as both go, as 64tass's broadcast.
                    let chars_len = match &chars.val {
                        Value::Str(s) => s.chars().count(),
                        v => v.elements().map_or(1, |e| e.len()),
                    };
                    if chars_len != items.len() {
                        let f = crate::value::ops::cant_broadcast(chars_len, items.len());
                        let _ = self.fault(line, chars.pos, f);
                    }
                    let mut out = Vec::new();
                    for x in items.iter() {
                        let r = to_uval(x, 8, self);
                        if let Ok(b) = self.check(line, bytes.pos, r) {
                            out.push(b);
                        }
                    }
                    out
                }
                None => {
                    let r = to_uval(&bytes.val, 8, self);
                    let Ok(first) = self.check(line, bytes.pos, r) else {
                        continue;
                    };
                    (0..codes.len() as u64).map(|i| first + i).collect()
                }
            };
            // A character already defined otherwise doesn't stop the
            // others of the pair; the pair gets one error (64tass).
            let (mut moved, mut double) = (false, false);
            for (c, b) in codes.iter().zip(values.iter()) {
                if *b > 255 {
                    // Counting up from the first byte passed 255: that
                    // value's own error, once.
                    let r = to_uval(&Value::Int(*b as i64), 8, self);
                    let _ = self.check(line, bytes.pos, r);
                    break;
                }
                let (enc, pass) = (self.st.encoding, self.st.pass);
                match self.encs.get_mut(enc).add_range(*c, *c, *b as u8, pass) {
                    Defined::Same => {}
                    Defined::Moved => moved = true,
                    Defined::Double => double = true,
                }
            }
            let span = self.span_at(line, chars.pos);
            if moved {
                self.defined(Defined::Moved, span, "");
            }
            if double {
                self.defined(Defined::Double, span, "double defined range");
            }
        }
    }

    /// The bytes an escape stands for, as 64tass makes them: a string or bit
    /// string in the encoding in effect, a byte string as it is, anything else element by element as
    /// 8-bit values. A value that fails is its error and a 0 byte, and the
    /// escape is still defined.
    fn escape_bytes(&mut self, line: &LineRef, bytes: &super::eval::Located) -> Vec<u8> {
        match &bytes.val {
            Value::Str(_)
            | Value::Bits(_)
            | Value::BigBits(_)
            | Value::Bytes(_)
            | Value::InvBytes(_)
            | Value::None => {
                let mut out = super::emit::Chunk::default();
                let mut faults = Vec::new();
                self.rounded.set(false);
                self.text_of(&bytes.val, &mut out, 0, &mut faults);
                self.float_round_warning(line, bytes.pos);
                if !faults.is_empty() {
                    for f in faults {
                        let _ = self.fault(line, bytes.pos, f);
                    }
                    return vec![0];
                }
                out.items
                    .iter()
                    .filter_map(|p| match p {
                        super::emit::Piece::Byte(b) => Some(*b),
                        _ => None,
                    })
                    .collect()
            }
            v => {
                let items = match v.elements() {
                    Some(items) => items.to_vec(),
                    None => vec![v.clone()],
                };
                self.rounded.set(false);
                let out = items
                    .iter()
                    .map(|x| {
                        let r = to_uval(x, 8, self);
                        self.check(line, bytes.pos, r).map_or(0, |u| u as u8)
                    })
                    .collect();
                // A float rounded: one warning for the argument.
                self.float_round_warning(line, bytes.pos);
                out
            }
        }
    }

    /// `.edef "{esc}", 27`
    pub fn edef(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let saved = self.st.encoding;
        let Some(vals) = self.definition_values(line, args) else {
            return;
        };
        for pair in vals.chunks(2) {
            let [text, bytes] = pair else {
                self.argnum(line, args, vals.len(), vals.len() + 1, usize::MAX);
                return;
            };
            let Value::Str(esc) = &text.val else {
                let span = self.span_at(line, text.pos);
                self.error(span, Kind::Type, "a string is expected".into());
                continue;
            };
            if esc.is_empty() {
                let span = self.span_at(line, text.pos);
                self.error(span, Kind::Encoding, "empty string not allowed".into());
                continue;
            }
            let b = self.escape_bytes(line, bytes);
            let span = self.span_at(line, text.pos);
            let d = self.encs.get_mut(saved).add_escape(esc, b, self.st.pass);
            // The first escape already defined otherwise ends the line.
            if !self.defined(d, span, "double defined escape") {
                return;
            }
        }
    }
}
