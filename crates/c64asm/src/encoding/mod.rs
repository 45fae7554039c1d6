//! Text encodings: how character strings become bytes. The built-in `none`
//! and `screen` encodings behave as in 64tass (identity and PETSCII-to-screen
//! for raw 8-bit sources; Unicode to PETSCII and screen codes with `{name}`
//! escapes for Unicode sources); user encodings start empty and are filled
//! with `.cdef`, `.tdef` and `.edef`.

mod tables;

use std::collections::HashMap;
use std::rc::Rc;

use crate::value::EncId;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    None,
    Screen,
}

/// A character range mapped onto consecutive bytes.
#[derive(Clone, Copy, Debug)]
struct Range {
    start: u32,
    end: u32,
    offset: u8,
}

pub struct Encoding {
    pub name: Rc<str>,
    builtin: Option<Builtin>,
    /// Built for a Unicode source (`-a`): decides the built-in table.
    unicode: bool,
    ranges: Vec<Range>,
    /// Escape sequences, longest first.
    escapes: Vec<(Rc<str>, Rc<[u8]>)>,
    /// The characters escapes start with.
    escape_starts: Vec<char>,
    /// Where `.encode` made it (64tass's note under "can't encode").
    pub defined: Option<crate::source::Span>,
}

/// A character the encoding can't translate: the character and its offset in the text.
#[derive(Debug, PartialEq)]
pub struct Unencodable {
    pub ch: char,
    pub offset: usize,
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
fn unicode_petscii(c: char) -> Option<u8> {
    let u = c as u32;
    Some(match u {
        0x20..=0x40 => u as u8,
        0x41..=0x5a => (u - 0x41 + 0xc1) as u8,
        0x5b => 0x5b,
        0x5d => 0x5d,
        0x61..=0x7a => (u - 0x61 + 0x41) as u8,
        _ => {
            return tables::UNICODE
                .iter()
                .find(|&&(k, _)| k == u)
                .map(|&(_, v)| v);
        }
    })
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
        let mut escapes: Vec<(Rc<str>, Rc<[u8]>)> = Vec::new();
        if unicode {
            for &(name, code) in tables::ESCAPES {
                let code = match builtin {
                    Some(Builtin::Screen) => match petscii_to_screen(code) {
                        Some(s) => s,
                        None => continue,
                    },
                    Some(Builtin::None) => code,
                    None => continue,
                };
                let text: Rc<str> = Rc::from(format!("{{{name}}}").as_str());
                escapes.push((text, Rc::from([code].as_slice())));
            }
        }
        escapes.sort_by_key(|e| std::cmp::Reverse(e.0.chars().count()));
        let mut e = Encoding {
            name: Rc::from(name),
            builtin,
            unicode,
            ranges: Vec::new(),
            escapes,
            escape_starts: Vec::new(),
            defined: None,
        };
        e.index_escapes();
        e
    }

    fn translate(&self, c: char, unicode: bool) -> Option<u8> {
        let u = c as u32;
        if let Some(r) = self.ranges.iter().find(|r| r.start <= u && u <= r.end) {
            return Some(r.offset.wrapping_add((u - r.start) as u8));
        }
        match (self.builtin?, unicode) {
            (Builtin::None, false) => (u <= 0xff).then_some(u as u8),
            (Builtin::Screen, false) => (u <= 0xff).then(|| raw_screen(u as u8)),
            (Builtin::None, true) => unicode_petscii(c),
            (Builtin::Screen, true) => unicode_petscii(c).and_then(petscii_to_screen),
        }
    }

    /// Add a `.cdef` range; `false` if it overlaps an existing one.
    pub fn add_range(&mut self, start: u32, end: u32, offset: u8) -> bool {
        let (start, end) = (start.min(end), start.max(end));
        // The same definition again (every pass runs it) is fine.
        if self
            .ranges
            .iter()
            .any(|r| r.start == start && r.end == end && r.offset == offset)
        {
            return true;
        }
        if self.ranges.iter().any(|r| r.start <= end && start <= r.end) {
            return false;
        }
        // The built-in table's characters are taken too (64tass: "double
        // defined range" for `.cdef $20, $7e, ...` in `none`).
        if self.builtin.is_some() && builtin_covers(self.unicode, start, end) {
            return false;
        }
        self.ranges.push(Range { start, end, offset });
        true
    }

    /// Add an `.edef` escape; `false` if it is already defined differently.
    pub fn add_escape(&mut self, text: &str, bytes: Vec<u8>) -> bool {
        if let Some((_, old)) = self.escapes.iter().find(|(k, _)| k.as_ref() == text) {
            return old.as_ref() == bytes.as_slice();
        }
        self.escapes.push((Rc::from(text), bytes.into()));
        self.escapes
            .sort_by_key(|e| std::cmp::Reverse(e.0.chars().count()));
        self.index_escapes();
        true
    }

    fn index_escapes(&mut self) {
        self.escape_starts = self
            .escapes
            .iter()
            .filter_map(|(k, _)| k.chars().next())
            .collect();
        self.escape_starts.sort_unstable();
        self.escape_starts.dedup();
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

    /// Encode a string: escapes (longest first), then single characters.
    pub fn encode(&self, id: EncId, s: &str) -> Result<Vec<u8>, Unencodable> {
        let enc = self.get(id);
        let mut out = Vec::with_capacity(s.len());
        let mut i = 0;
        'outer: while let Some(c) = s[i..].chars().next() {
            if enc.escape_starts.contains(&c) {
                for (text, bytes) in &enc.escapes {
                    if s[i..].starts_with(text.as_ref()) {
                        out.extend_from_slice(bytes);
                        i += text.len();
                        continue 'outer;
                    }
                }
            }
            match enc.translate(c, self.unicode) {
                Some(b) => out.push(b),
                None => return Err(Unencodable { ch: c, offset: i }),
            }
            i += c.len_utf8();
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_none_is_petscii_with_escapes() {
        let e = Encodings::new(true);
        assert_eq!(
            e.encode(NONE, "aA1{clr}").unwrap(),
            [0x41, 0xc1, 0x31, 0x93]
        );
        assert_eq!(e.encode(NONE, "{CLR}").unwrap_err().ch, '{');
        assert_eq!(e.encode(NONE, "\t").unwrap_err().ch, '\t');
    }

    #[test]
    fn screen_codes_follow_64tass() {
        let u = Encodings::new(true);
        assert_eq!(
            u.encode(SCREEN, "aA@{pi}{cbm-a}").unwrap(),
            [0x01, 0x41, 0x00, 0x5e, 0x70]
        );
        assert!(u.encode(SCREEN, "{return}").is_err());
        let raw = Encodings::new(false);
        assert_eq!(
            raw.encode(SCREEN, "aA@\u{c1}").unwrap(),
            [0x41, 0x01, 0x00, 0x41]
        );
        assert_eq!(raw.encode(NONE, "a\u{c3}").unwrap(), [0x61, 0xc3]);
    }

    #[test]
    fn user_encodings_start_empty() {
        let mut e = Encodings::new(true);
        let id = e.named("mine");
        assert!(e.encode(id, "a").is_err());
        assert!(e.get_mut(id).add_range('a' as u32, 'z' as u32, 1));
        assert!(!e.get_mut(id).add_range('m' as u32, 'n' as u32, 1));
        assert!(e.get_mut(id).add_escape("{x}", vec![1, 2]));
        assert_eq!(e.encode(id, "{x}ab").unwrap(), [1, 2, 1, 2]);
    }
}
