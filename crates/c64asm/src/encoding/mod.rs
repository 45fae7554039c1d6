//! Text encodings: how character strings become bytes. The built-in `none`
//! and `screen` encodings behave as in 64tass (identity and PETSCII-to-screen
//! for raw 8-bit sources; Unicode to PETSCII and screen codes with `{name}`
//! escapes for Unicode sources); user encodings start empty and are filled
//! with `.cdef`, `.tdef` and `.edef`.
//!
//! Definitions are kept across passes, as 64tass keeps them: each remembers
//! the pass that last made it, and what an earlier pass defined is found by
//! text ahead of its definition the way a label is (see [`Now`]).

mod tables;

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::value::EncId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    None,
    Screen,
}

/// Where the assembly is when text is encoded: 64tass's rule for what an
/// earlier pass defined. What this pass defined is found; what the last
/// pass defined too (text ahead of its definition), noted as read ahead;
/// anything older only once something moved in this pass (`fixeddig`
/// false: another pass comes anyway).
#[derive(Clone, Copy, Debug)]
pub struct Now {
    pub pass: u32,
    pub fixeddig: bool,
}

impl Now {
    fn finds(self, defined: u32, ahead: &Cell<u32>) -> bool {
        if defined >= self.pass || !self.fixeddig {
            return true;
        }
        if defined + 1 == self.pass {
            ahead.set(self.pass);
            return true;
        }
        false
    }
}

/// What a definition did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defined {
    /// As the last pass had it (or again in this pass).
    Same,
    /// New, or another value than the last pass's: another pass is needed.
    Moved,
    /// It collides with one of this pass (or a built-in one): an error.
    Double,
}

/// A definition made again in `pass` (`same`: with the value it has): in
/// the pass that made it, the same one or a collision; in a later one, taken
/// over, and another pass is needed if its value changed.
fn again(defined: &mut u32, pass: u32, same: bool) -> Defined {
    if *defined >= pass {
        return if same { Defined::Same } else { Defined::Double };
    }
    *defined = pass;
    if same { Defined::Same } else { Defined::Moved }
}

/// A character range mapped onto consecutive bytes.
#[derive(Clone, Debug)]
struct Range {
    start: u32,
    end: u32,
    offset: u8,
    /// The pass that last defined it.
    pass: u32,
    /// The pass that last found it ahead of its definition.
    ahead: Cell<u32>,
}

/// An `.edef` escape (the built-in `{name}`s are read from their table).
#[derive(Clone, Debug)]
struct Escape {
    text: Rc<str>,
    bytes: Rc<[u8]>,
    /// The pass that last defined it.
    pass: u32,
    /// The pass that last found it ahead of its definition.
    ahead: Cell<u32>,
}

pub struct Encoding {
    pub name: Rc<str>,
    builtin: Option<Builtin>,
    /// Built for a Unicode source (`-a`): decides the built-in table.
    unicode: bool,
    ranges: Vec<Range>,
    /// `.edef` escape sequences, longest first.
    escapes: Vec<Escape>,
    /// The characters they start with.
    escape_starts: Vec<char>,
    /// Where `.encode` made it (64tass's note under "can't encode").
    pub defined: Option<crate::source::Span>,
    /// Where `.enc` named it (the same note, in 64tass's layout only).
    pub named_at: Option<crate::source::Span>,
    /// The pass `.enc` first named it in (0: not yet; `none` is named at
    /// the start): in that pass it stays where it was first named, in
    /// later ones each `.enc` naming it moves it there, as in 64tass.
    named_in: u32,
}

/// A character the encoding can't translate: the first one and its offset
/// in the text, and the text's bytes with `?` for each character that
/// failed (64tass keeps the text's length, so addresses stay put).
#[derive(Debug, PartialEq)]
pub struct Unencodable {
    pub ch: char,
    pub offset: usize,
    pub bytes: Vec<u8>,
}

/// PETSCII to screen code, for printable PETSCII.
fn petscii_to_screen(p: u8) -> Option<u8> {
    Some(match p {
        0x20..=0x3f => p,
        0x40..=0x5f => p - 0x40,
        0x60..=0x7f => p - 0x20,
        0xa0..=0xbf => p - 0x40,
        0xc0..=0xfe => p - 0x80,
        0xff => 0x5e,
        _ => return None,
    })
}

/// The raw 8-bit `screen` table (covers every byte).
fn raw_screen(b: u8) -> u8 {
    match b {
        0x00..=0x1f => b + 0x80,
        0x80..=0x9f => b,
        _ => petscii_to_screen(b).unwrap_or(b),
    }
}

/// Unicode to PETSCII, as the `none` encoding of Unicode sources.
#[inline(always)]
fn unicode_petscii(c: char) -> Option<u8> {
    let u = c as u32;
    Some(match u {
        0x20..=0x40 => u as u8,
        0x41..=0x5a => (u - 0x41 + 0xc1) as u8,
        0x5b => 0x5b,
        0x5d => 0x5d,
        0x61..=0x7a => (u - 0x61 + 0x41) as u8,
        _ => return unicode_table(u),
    })
}

/// The characters of [`unicode_petscii`] beyond the ASCII letters, digits
/// and signs, from its table.
fn unicode_table(u: u32) -> Option<u8> {
    tables::UNICODE
        .iter()
        .find(|&&(k, _)| k == u)
        .map(|&(_, v)| v)
}

/// Characters where the built-in Unicode tables start a new range though
/// the bytes go on (64tass lists these apart, so defining one of them alone
/// again is the same range).
const RUN_BREAKS: [u32; 2] = [0x1fb7e, 0x1fb83];

/// The byte a built-in table gives `c`, if it holds it.
#[inline(always)]
fn builtin_byte(builtin: Builtin, unicode: bool, c: char) -> Option<u8> {
    let u = c as u32;
    match (builtin, unicode) {
        (Builtin::None, false) => (u <= 0xff).then_some(u as u8),
        (Builtin::Screen, false) => (u <= 0xff).then(|| raw_screen(u as u8)),
        (Builtin::None, true) => unicode_petscii(c),
        (Builtin::Screen, true) => unicode_petscii(c).and_then(petscii_to_screen),
    }
}

/// The built-in table's range holding `c`: its first and last character and
/// the first one's byte. The tables are kept a character at a time; their
/// ranges are the longest runs of characters mapped onto consecutive bytes,
/// as 64tass's tables list them. Raw sources' `none` is one range of every
/// byte.
fn builtin_range(builtin: Builtin, unicode: bool, c: u32) -> Option<(u32, u32, u8)> {
    let map = |u: u32| builtin_byte(builtin, unicode, char::from_u32(u)?);
    let byte = map(c)?;
    if builtin == Builtin::None && !unicode {
        return Some((0, 0xff, 0));
    }
    // A range goes on while the next character maps onto the next byte
    // (`joined`: `next` belongs to the range of the character before it).
    let joined = |next: u32, byte: u8| !RUN_BREAKS.contains(&next) && map(next) == Some(byte);
    let (mut first, mut first_byte) = (c, byte);
    while first > 0
        && first_byte > 0
        && !RUN_BREAKS.contains(&first)
        && map(first - 1) == Some(first_byte - 1)
    {
        first -= 1;
        first_byte -= 1;
    }
    let (mut last, mut last_byte) = (c, byte);
    while last_byte < 0xff && joined(last + 1, last_byte + 1) {
        last += 1;
        last_byte += 1;
    }
    Some((first, last, first_byte))
}

/// A `.cdef`/`.tdef` range against a built-in table's, which are defined
/// in every pass: the same range onto the same bytes is the same again;
/// any other overlap is a collision; None if no character of it is in the
/// table.
fn against_builtin(
    builtin: Builtin,
    unicode: bool,
    start: u32,
    end: u32,
    offset: u8,
) -> Option<Defined> {
    if let Some(range) = builtin_range(builtin, unicode, start) {
        return Some(match range == (start, end, offset) {
            true => Defined::Same,
            false => Defined::Double,
        });
    }
    builtin_covers(unicode, start, end).then_some(Defined::Double)
}

/// Does a built-in encoding translate any character of `start..=end`? Raw
/// sources' tables cover every byte; Unicode sources' the mapped characters.
fn builtin_covers(unicode: bool, start: u32, end: u32) -> bool {
    if !unicode {
        return start <= 0xff;
    }
    const ASCII: [(u32, u32); 5] = [
        (0x20, 0x40),
        (0x41, 0x5a),
        (0x5b, 0x5b),
        (0x5d, 0x5d),
        (0x61, 0x7a),
    ];
    ASCII.iter().any(|&(a, b)| a <= end && start <= b)
        || tables::UNICODE.iter().any(|&(k, _)| start <= k && k <= end)
}

impl Encoding {
    fn new(name: &str, builtin: Option<Builtin>, unicode: bool) -> Encoding {
        Encoding {
            name: Rc::from(name),
            builtin,
            unicode,
            ranges: Vec::new(),
            escapes: Vec::new(),
            escape_starts: Vec::new(),
            defined: None,
            named_at: None,
            named_in: 0,
        }
    }

    /// The built-in `{name}` escape `text` starts with, if this encoding has
    /// one (Unicode sources' `none` and `screen`): its length in bytes and
    /// characters, and its byte. Read from the table rather than copied into
    /// every encoding (a few hundred strings made at each start). A name
    /// holds no brace, so only the text up to the first `}` can be one.
    fn builtin_escape(&self, text: &str) -> Option<(usize, usize, u8)> {
        if !self.unicode {
            return None;
        }
        let name = text.strip_prefix('{')?.split_once('}')?.0;
        let i = tables::ESCAPES
            .binary_search_by(|&(n, _)| n.cmp(name))
            .ok()?;
        let code = tables::ESCAPES[i].1;
        let code = match self.builtin? {
            Builtin::None => code,
            Builtin::Screen => petscii_to_screen(code)?,
        };
        Some((name.len() + 2, name.chars().count() + 2, code))
    }

    fn translate(&self, c: char, unicode: bool, now: Now) -> Option<u8> {
        let u = c as u32;
        if let Some(r) = self.ranges.iter().find(|r| r.start <= u && u <= r.end) {
            // A range no longer found hides nothing (it can't overlap a
            // built-in table).
            return now
                .finds(r.pass, &r.ahead)
                .then(|| r.offset.wrapping_add((u - r.start) as u8));
        }
        builtin_byte(self.builtin?, unicode, c)
    }

    /// Define a `.cdef`/`.tdef` range in `pass`. One of an earlier pass that
    /// overlaps it otherwise is dropped; one of this pass is a collision.
    pub fn add_range(&mut self, start: u32, end: u32, offset: u8, pass: u32) -> Defined {
        let (start, end) = (start.min(end), start.max(end));
        // The built-in table's ranges are defined in every pass (64tass:
        // "double defined range" for `.cdef $20, $7e, ...` in `none`).
        if let Some(builtin) = self.builtin
            && let Some(d) = against_builtin(builtin, self.unicode, start, end, offset)
        {
            return d;
        }
        while let Some(i) = self
            .ranges
            .iter()
            .position(|r| r.start <= end && start <= r.end)
        {
            let r = &mut self.ranges[i];
            if r.start == start && r.end == end {
                let d = again(&mut r.pass, pass, r.offset == offset);
                if d == Defined::Moved {
                    r.offset = offset;
                }
                return d;
            }
            if r.pass >= pass {
                return Defined::Double;
            }
            self.ranges.remove(i);
        }
        let ahead = Cell::new(0);
        self.ranges.push(Range {
            start,
            end,
            offset,
            pass,
            ahead,
        });
        Defined::Moved
    }

    /// Define an `.edef` escape in `pass`.
    pub fn add_escape(&mut self, text: &str, bytes: Vec<u8>, pass: u32) -> Defined {
        // A built-in one is defined in every pass: the same again, or a collision.
        if let Some((len, _, code)) = self.builtin_escape(text)
            && len == text.len()
        {
            return if bytes == [code] {
                Defined::Same
            } else {
                Defined::Double
            };
        }
        if let Some(old) = self.escapes.iter_mut().find(|e| e.text.as_ref() == text) {
            let d = again(&mut old.pass, pass, old.bytes.as_ref() == bytes.as_slice());
            if d == Defined::Moved {
                old.bytes = bytes.into();
            }
            return d;
        }
        self.escapes.push(Escape {
            text: Rc::from(text),
            bytes: bytes.into(),
            pass,
            ahead: Cell::new(0),
        });
        self.escapes
            .sort_by_key(|e| std::cmp::Reverse(e.text.chars().count()));
        self.index_escapes();
        Defined::Moved
    }

    /// Was anything found ahead of its definition in `pass` not defined
    /// again by the pass's end (64tass's `efwcount`)?
    fn ahead_gone(&self, pass: u32) -> bool {
        let gone = |defined: u32, ahead: &Cell<u32>| ahead.get() == pass && defined != pass;
        self.ranges.iter().any(|r| gone(r.pass, &r.ahead))
            || self.escapes.iter().any(|e| gone(e.pass, &e.ahead))
    }

    fn index_escapes(&mut self) {
        self.escape_starts = self
            .escapes
            .iter()
            .filter_map(|e| e.text.chars().next())
            .collect();
        self.escape_starts.sort_unstable();
        self.escape_starts.dedup();
    }
}

/// A built-in encoding the source defined nothing in (see
/// [`Encodings::is_plain`]): what [`Encodings::encode`] gives its ASCII
/// characters, read a byte at a time (a data line's text read straight).
#[derive(Clone, Copy)]
pub struct PlainTable {
    builtin: Builtin,
    unicode: bool,
}

impl PlainTable {
    /// The byte of the ASCII character `b`, if the table holds it; `None`
    /// as well for `{`, where a built-in escape may start.
    #[inline(always)]
    pub fn ascii(self, b: u8) -> Option<u8> {
        if b >= 0x80 || b == b'{' {
            return None;
        }
        builtin_byte(self.builtin, self.unicode, b as char)
    }
}

pub struct Encodings {
    list: Vec<Encoding>,
    by_name: HashMap<String, EncId>,
    unicode: bool,
}

pub const NONE: EncId = EncId(0);
pub const SCREEN: EncId = EncId(1);

impl Encodings {
    pub fn new(unicode: bool) -> Encodings {
        let none = Encoding::new("none", Some(Builtin::None), unicode);
        let screen = Encoding::new("screen", Some(Builtin::Screen), unicode);
        let mut by_name = HashMap::new();
        by_name.insert("none".to_string(), NONE);
        by_name.insert("screen".to_string(), SCREEN);
        Encodings {
            list: vec![none, screen],
            by_name,
            unicode,
        }
    }

    /// The encoding called `name`, created empty on first use.
    pub fn named(&mut self, name: &str) -> EncId {
        if let Some(&id) = self.by_name.get(name) {
            return id;
        }
        let id = self.anonymous();
        self.list[id.0 as usize].name = Rc::from(name);
        self.by_name.insert(name.to_string(), id);
        id
    }

    /// The encoding `.enc` names at `at` in `pass`, its place of
    /// definition kept (see `Encoding::named_in`).
    pub fn named_at(&mut self, name: &str, at: crate::source::Span, pass: u32) -> EncId {
        let id = self.named(name);
        let e = &mut self.list[id.0 as usize];
        if e.named_in == 0 {
            e.named_in = pass;
            e.named_at = Some(at);
        } else if e.named_in != pass {
            e.named_at = Some(at);
        }
        id
    }

    /// A new input file starts in `none`, named there without a place
    /// (64tass gives no note for it then).
    pub fn begin_file(&mut self, pass: u32) {
        let none = &mut self.list[NONE.0 as usize];
        none.named_at = None;
        if none.named_in == 0 {
            none.named_in = pass;
        }
    }

    /// A new empty encoding (`.encode` without a name).
    pub fn anonymous(&mut self) -> EncId {
        self.list.push(Encoding::new("", None, self.unicode));
        EncId(self.list.len() as u32 - 1)
    }

    pub fn get(&self, id: EncId) -> &Encoding {
        &self.list[id.0 as usize]
    }

    pub fn get_mut(&mut self, id: EncId) -> &mut Encoding {
        &mut self.list[id.0 as usize]
    }

    /// Is `id` a built-in encoding the source defined nothing in? Its
    /// characters are then the same in every pass, found without a
    /// definition's pass to note (what a kept text line's bytes rely on).
    #[inline]
    pub fn is_plain(&self, id: EncId) -> bool {
        let e = self.get(id);
        e.builtin.is_some() && e.ranges.is_empty() && e.escapes.is_empty()
    }

    /// The table of `id` if it is plain (see [`Self::is_plain`]).
    #[inline]
    pub fn plain_table(&self, id: EncId) -> Option<PlainTable> {
        let builtin = self.get(id).builtin.filter(|_| self.is_plain(id))?;
        Some(PlainTable {
            builtin,
            unicode: self.unicode,
        })
    }

    /// Was a definition found ahead of its line in `pass` whose line didn't
    /// run again? Another pass must tell (it is no longer found there).
    pub fn ahead_gone(&self, pass: u32) -> bool {
        self.list.iter().any(|e| e.ahead_gone(pass))
    }

    /// Encode a string in `now`: an escape (the longest that matches, if
    /// found now; a built-in one always is), else a single character.
    pub fn encode(&self, id: EncId, s: &str, now: Now) -> Result<Vec<u8>, Unencodable> {
        let enc = self.get(id);
        let mut out = Vec::with_capacity(s.len());
        let mut i = 0;
        let mut first = None;
        // A built-in encoding with no definitions of the source's: its
        // ASCII characters up to the first `{` (where a built-in escape may
        // start) are its table's, read a byte at a time.
        if let Some(builtin) = enc.builtin
            && enc.ranges.is_empty()
            && enc.escapes.is_empty()
        {
            for &b in s.as_bytes() {
                if b >= 0x80 || b == b'{' {
                    break;
                }
                let Some(x) = builtin_byte(builtin, self.unicode, b as char) else {
                    break;
                };
                out.push(x);
                i += 1;
            }
        }
        while let Some(c) = s[i..].chars().next() {
            let rest = &s[i..];
            let defined = if enc.escape_starts.contains(&c) {
                enc.escapes
                    .iter()
                    .find(|e| rest.starts_with(e.text.as_ref()))
            } else {
                None
            };
            let builtin = if c == '{' {
                enc.builtin_escape(rest)
            } else {
                None
            };
            // The longer one (two escapes of as many characters that both
            // start `rest` are the same text, which `add_escape` keeps
            // built-in). A defined one not found now leaves the character
            // alone, whatever shorter escape matches.
            let longer = defined
                .filter(|e| builtin.is_none_or(|(_, chars, _)| e.text.chars().count() > chars));
            if let Some(e) = longer {
                if now.finds(e.pass, &e.ahead) {
                    out.extend_from_slice(&e.bytes);
                    i += e.text.len();
                    continue;
                }
            } else if let Some((len, _, code)) = builtin {
                out.push(code);
                i += len;
                continue;
            }
            match enc.translate(c, self.unicode, now) {
                Some(b) => out.push(b),
                None => {
                    first.get_or_insert((c, i));
                    out.push(b'?');
                }
            }
            i += c.len_utf8();
        }
        match first {
            None => Ok(out),
            Some((ch, offset)) => Err(Unencodable {
                ch,
                offset,
                bytes: out,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P1: Now = Now {
        pass: 1,
        fixeddig: true,
    };

    #[test]
    fn unicode_none_is_petscii_with_escapes() {
        let e = Encodings::new(true);
        assert_eq!(
            e.encode(NONE, "aA1{clr}", P1).unwrap(),
            [0x41, 0xc1, 0x31, 0x93]
        );
        assert_eq!(e.encode(NONE, "{CLR}", P1).unwrap_err().ch, '{');
        assert_eq!(e.encode(NONE, "\t", P1).unwrap_err().ch, '\t');
    }

    #[test]
    fn screen_codes_follow_64tass() {
        let u = Encodings::new(true);
        assert_eq!(
            u.encode(SCREEN, "aA@{pi}{cbm-a}", P1).unwrap(),
            [0x01, 0x41, 0x00, 0x5e, 0x70]
        );
        assert!(u.encode(SCREEN, "{return}", P1).is_err());
        let raw = Encodings::new(false);
        assert_eq!(
            raw.encode(SCREEN, "aA@\u{c1}", P1).unwrap(),
            [0x41, 0x01, 0x00, 0x41]
        );
        assert_eq!(raw.encode(NONE, "a\u{c3}", P1).unwrap(), [0x61, 0xc3]);
    }

    #[test]
    fn builtin_escapes_are_read_from_their_sorted_table() {
        // Looked up by binary search: the table must stay sorted by name.
        assert!(tables::ESCAPES.windows(2).all(|w| w[0].0 < w[1].0));
        let mut e = Encodings::new(true);
        // A longer `.edef` text is found first; a shorter one after a
        // built-in one that matches.
        let none = e.get_mut(NONE);
        assert_eq!(none.add_escape("{clr}x", vec![1], 1), Defined::Moved);
        assert_eq!(none.add_escape("{c", vec![2], 1), Defined::Moved);
        assert_eq!(
            e.encode(NONE, "{clr}x{clr}{cx", P1).unwrap(),
            [1, 0x93, 2, 0x58]
        );
        // A longer one not found now hides the built-in one (64tass: the
        // character is encoded alone).
        let p3 = Now {
            pass: 3,
            fixeddig: true,
        };
        assert_eq!(e.encode(NONE, "{clr}x", p3).unwrap_err().ch, '{');
        // A built-in escape is defined in every pass: again with its byte,
        // or a collision; `screen` has only those with a screen code.
        let none = e.get_mut(NONE);
        assert_eq!(none.add_escape("{clr}", vec![0x93], 2), Defined::Same);
        assert_eq!(none.add_escape("{clr}", vec![0x94], 2), Defined::Double);
        let screen = e.get_mut(SCREEN);
        assert_eq!(screen.add_escape("{clr}", vec![0x94], 2), Defined::Moved);
        assert_eq!(screen.add_escape("{pi}", vec![0x5e], 2), Defined::Same);
        let mut raw = Encodings::new(false);
        assert_eq!(raw.encode(NONE, "{pi}", P1).unwrap(), b"{pi}");
        assert_eq!(
            raw.get_mut(NONE).add_escape("{pi}", vec![1], 1),
            Defined::Moved
        );
    }

    #[test]
    fn user_encodings_start_empty() {
        let mut e = Encodings::new(true);
        let id = e.named("mine");
        assert!(e.encode(id, "a", P1).is_err());
        let mine = e.get_mut(id);
        assert_eq!(mine.add_range('a' as u32, 'z' as u32, 1, 1), Defined::Moved);
        assert_eq!(mine.add_range('a' as u32, 'z' as u32, 1, 1), Defined::Same);
        assert_eq!(
            mine.add_range('m' as u32, 'n' as u32, 1, 1),
            Defined::Double
        );
        assert_eq!(mine.add_escape("{x}", vec![1, 2], 1), Defined::Moved);
        assert_eq!(mine.add_escape("{x}", vec![1, 3], 1), Defined::Double);
        assert_eq!(e.encode(id, "{x}ab", P1).unwrap(), [1, 2, 1, 2]);
        assert!(!e.ahead_gone(1));
    }

    #[test]
    fn definitions_of_the_last_pass_are_found_ahead() {
        let mut e = Encodings::new(true);
        let id = e.named("mine");
        e.get_mut(id).add_range('a' as u32, 'c' as u32, 0x41, 1);
        e.get_mut(id).add_escape("{x}", vec![9], 1);
        // Pass 2, before the definitions' lines: found, noted as read ahead.
        let p2 = Now {
            pass: 2,
            fixeddig: true,
        };
        assert_eq!(e.encode(id, "b{x}", p2).unwrap(), [0x42, 9]);
        assert!(e.ahead_gone(2));
        // Defined again in pass 2: settled. Another range over part of it
        // replaces the last pass's.
        let mine = e.get_mut(id);
        assert_eq!(
            mine.add_range('a' as u32, 'c' as u32, 0x41, 2),
            Defined::Same
        );
        assert_eq!(mine.add_escape("{x}", vec![8], 2), Defined::Moved);
        assert_eq!(mine.add_range('b' as u32, 'd' as u32, 1, 3), Defined::Moved);
        assert!(!e.ahead_gone(2));
        // Pass 4 finds nothing of pass 2 while nothing has moved, and
        // everything once something has.
        let p4 = Now {
            pass: 4,
            fixeddig: true,
        };
        assert_eq!(e.encode(id, "{x}", p4).unwrap_err().ch, '{');
        assert_eq!(e.encode(id, "d", p4).unwrap(), [3]);
        let moved = Now {
            pass: 4,
            fixeddig: false,
        };
        assert_eq!(e.encode(id, "{x}", moved).unwrap(), [8]);
    }
}
