//! Symbol-name interning (FxHash, as rustc uses, for the short names).

use std::hash::Hasher;

/// Interned name.
pub type Name = u32;

/// `v` in decimal, in `buf`: names and keys made on every macro call are
/// written without the formatter.
pub fn decimal(v: u32, buf: &mut [u8; 10]) -> &str {
    let end = buf.len();
    let at = digits_before(v, buf, end);
    // ASCII digits only: no UTF-8 check needed (it cost as much as the
    // digits on every macro call).
    let digits = &buf[at..];
    debug_assert!(digits.is_ascii());
    // SAFETY: every byte written above is an ASCII digit.
    unsafe { std::str::from_utf8_unchecked(digits) }
}

/// `v`'s decimal digits written into `buf` so that they end at `end`, from
/// the last one back (no counting): where they start.
#[inline(always)]
fn digits_before(v: u32, buf: &mut [u8], end: usize) -> usize {
    let (mut at, mut v) = (end, v);
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return at;
        }
    }
}

/// Names read again and again at one place (a macro call's callee: the same
/// few macros are called from many lines, in every pass), found by their
/// bytes in a small direct-mapped table in front of the interner: a hit is
/// two word compares where interning hashes, probes and compares. Names of
/// up to 16 bytes; a slot holds the last one that went there.
#[derive(Default)]
pub struct RecentNames {
    slots: [RecentName; 16],
}

#[derive(Default, Clone, Copy)]
struct RecentName {
    /// The name's bytes, zero-padded, and its length (0: an empty slot).
    bytes: u128,
    len: u8,
    name: Name,
}

impl RecentNames {
    /// The name `text` interns to: from the table, or `intern`'s (which
    /// must give the same for the same bytes) kept there.
    pub fn get_or(&mut self, text: &[u8], intern: impl FnOnce() -> Name) -> Name {
        let len = text.len();
        if len == 0 || len > 16 {
            return intern();
        }
        let mut padded = [0u8; 16];
        padded[..len].copy_from_slice(text);
        let bytes = u128::from_le_bytes(padded);
        let mix =
            (bytes as u64 ^ (bytes >> 64) as u64 ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = &mut self.slots[(mix >> 60) as usize];
        if slot.len as usize == len && slot.bytes == bytes {
            return slot.name;
        }
        let name = intern();
        *slot = RecentName {
            bytes,
            len: len as u8,
            name,
        };
        name
    }
}

const EMPTY: u32 = u32::MAX;

/// The first name [`Interner::add_unlisted`] gives: those names are
/// numbered from here, apart from the interned ones (which never get this
/// far), so that tables by interned name need no room for them.
pub const UNLISTED: Name = 1 << 30;

/// Names stored once in one buffer, found through an open-addressing table
/// (no per-name allocation; the assembler interns every identifier it parses).
pub struct Interner {
    /// Concatenated names; every name is valid UTF-8 (callers pass `str` or ASCII identifiers).
    buf: Vec<u8>,
    /// Where each name starts in `buf` (it ends where the next one starts,
    /// the last one at the end: 4 bytes a name rather than 8).
    starts: Vec<u32>,
    /// (name, high hash bits) per bucket; the hash bits skip most string compares.
    table: Vec<(u32, u32)>,
    /// A bit per name: it starts with `_` (a cheap local). Asked on every
    /// symbol read; a bit in a small table instead of the name's span and
    /// first byte (two cache misses on a large source).
    cheap: Vec<u64>,
    /// Names nobody looks up by their text (anonymous scopes': one per
    /// macro call), from [`UNLISTED`] on: their text kept as `buf` keeps
    /// it, but no table slot and no hashing.
    unlisted_buf: Vec<u8>,
    unlisted_starts: Vec<u32>,
}

impl Default for Interner {
    fn default() -> Self {
        Interner {
            buf: Vec::new(),
            starts: Vec::new(),
            table: vec![(EMPTY, 0); 1024],
            cheap: Vec::new(),
            unlisted_buf: Vec::new(),
            unlisted_starts: Vec::new(),
        }
    }
}

/// Name `n`'s bytes in a buffer of names and their starts (a name ends
/// where the next starts).
fn text_of<'a>(buf: &'a [u8], starts: &[u32], n: usize) -> Option<&'a [u8]> {
    let s = *starts.get(n)?;
    let e = starts.get(n + 1).map_or(buf.len(), |&e| e as usize);
    Some(&buf[s as usize..e])
}

/// Equality of names without a `memcmp` call (names are short): up to eight
/// bytes as two overlapping four-byte words, longer ones eight bytes at a
/// time.
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word4 = |s: &[u8], i: usize| u32::from_le_bytes([s[i], s[i + 1], s[i + 2], s[i + 3]]);
    let word8 = |s: &[u8], i: usize| {
        u64::from_le_bytes([
            s[i],
            s[i + 1],
            s[i + 2],
            s[i + 3],
            s[i + 4],
            s[i + 5],
            s[i + 6],
            s[i + 7],
        ])
    };
    match n {
        0..4 => a.iter().zip(b).all(|(x, y)| x == y),
        4..=8 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        _ => {
            let mut i = 0;
            while i + 8 < n {
                if word8(a, i) != word8(b, i) {
                    return false;
                }
                i += 8;
            }
            word8(a, n - 8) == word8(b, n - 8)
        }
    }
}

/// The bytes of a name of 1 to 8 bytes in one word, every byte in it at
/// least once (no loop, no padding copy): two overlapping 4-byte loads, or
/// the first, middle and last byte of a shorter name. Most names are this
/// short; the word is what [`hash`] mixes and what a case check tests.
#[inline(always)]
pub fn short_word(s: &[u8]) -> Option<u64> {
    let n = s.len();
    let word4 = |i: usize| u32::from_le_bytes([s[i], s[i + 1], s[i + 2], s[i + 3]]) as u64;
    match n {
        1..4 => Some(s[0] as u64 | (s[n / 2] as u64) << 8 | (s[n - 1] as u64) << 16),
        4..=8 => Some(word4(0) | word4(n - 4) << 32),
        _ => None,
    }
}

/// A name's hash: a short name's word ([`short_word`]) and length mixed by
/// one multiply, a longer one's bytes by FxHash.
#[inline(always)]
fn hash(s: &[u8]) -> u64 {
    match short_word(s) {
        Some(w) => hash_short(w, s.len()),
        None => {
            let mut h = rustc_hash::FxHasher::default();
            h.write(s);
            fold(h.finish())
        }
    }
}

#[inline(always)]
fn hash_short(word: u64, len: usize) -> u64 {
    fold((word ^ (len as u64) << 59).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// A multiply mixes low input bits only upwards; the high half is folded
/// down because the table index uses the low bits.
#[inline(always)]
fn fold(v: u64) -> u64 {
    v ^ (v >> 29) ^ (v >> 47)
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> Name {
        self.find_or_add(s.as_bytes(), true)
    }

    /// Intern a name given as bytes; callers pass valid UTF-8 (identifiers
    /// are ASCII). A new name is checked once, when it is added (so that
    /// [`Interner::name`] needn't check it on every read); bytes that aren't
    /// UTF-8 are kept in their lossy form.
    pub fn intern_bytes(&mut self, s: &[u8]) -> Name {
        self.find_or_add(s, false)
    }

    /// `utf8`: `s` is known to be valid UTF-8 (only valid UTF-8 is stored,
    /// see [`Interner::name`]).
    fn find_or_add(&mut self, s: &[u8], utf8: bool) -> Name {
        self.find_or_add_hashed(s, hash(s), utf8)
    }

    /// Intern `s` (valid UTF-8, 1 to 8 bytes) whose [`short_word`] is
    /// `word`: the caller made the word already (for its case check).
    #[inline]
    pub fn intern_short(&mut self, s: &str, word: u64) -> Name {
        debug_assert_eq!(short_word(s.as_bytes()), Some(word));
        self.find_or_add_hashed(s.as_bytes(), hash_short(word, s.len()), true)
    }

    #[inline]
    fn find_or_add_hashed(&mut self, s: &[u8], h: u64, utf8: bool) -> Name {
        let mask = self.table.len() - 1;
        let tag = (h >> 32) as u32;
        let mut i = h as usize & mask;
        loop {
            let (n, t) = self.table[i];
            if n == EMPTY {
                break;
            }
            if t == tag && same(self.bytes(n), s) {
                return n;
            }
            i = (i + 1) & mask;
        }
        self.add(s, utf8, i, tag)
    }

    /// A name not found: added at table slot `i` (empty) with hash bits
    /// `tag`. Out of line, so that a name found saves few registers.
    #[inline(never)]
    fn add(&mut self, s: &[u8], utf8: bool, i: usize, tag: u32) -> Name {
        if !utf8 && std::str::from_utf8(s).is_err() {
            return self.intern(&String::from_utf8_lossy(s));
        }
        let n = self.starts.len() as Name;
        let start = self.buf.len() as u32;
        self.buf.extend_from_slice(s);
        self.starts.push(start);
        if n as usize / 64 >= self.cheap.len() {
            self.cheap.push(0);
        }
        if s.first() == Some(&b'_') {
            self.cheap[n as usize / 64] |= 1 << (n % 64);
        }
        self.table[i] = (n, tag);
        if self.starts.len() * 2 > self.table.len() {
            self.grow();
        }
        n
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        let mut table = vec![(EMPTY, 0); size];
        for n in 0..self.starts.len() as Name {
            let h = hash(self.bytes(n));
            let mut i = h as usize & (size - 1);
            while table[i].0 != EMPTY {
                i = (i + 1) & (size - 1);
            }
            table[i] = (n, (h >> 32) as u32);
        }
        self.table = table;
    }

    /// A new name for the text of `parts` (one after another) that is never
    /// looked up by its text: not compared with the names there are (the
    /// caller makes each one once), nor found by [`Interner::intern`]. Its
    /// text reads as any name's. Given in parts, it is written straight
    /// into its buffer (no text put together first, no UTF-8 check).
    pub fn add_unlisted(&mut self, parts: &[&str]) -> Name {
        let n = UNLISTED + self.unlisted_starts.len() as Name;
        self.unlisted_starts.push(self.unlisted_buf.len() as u32);
        for part in parts {
            self.unlisted_buf.extend_from_slice(part.as_bytes());
        }
        n
    }

    /// [`Interner::add_unlisted`] of an anonymous scope's name, `\u{1}`,
    /// `kind` and each number in decimal after a `:` (every macro call
    /// makes one): written into one stack buffer and copied once, where
    /// eight parts took a copy each. `kind` is ASCII (the scopes' kinds
    /// are; another is written as its character, the general way).
    pub fn add_unlisted_scope(&mut self, kind: u8, numbers: [u32; 3]) -> Name {
        if !kind.is_ascii() {
            return self.add_unlisted_scope_char(kind, numbers);
        }
        // `\u{1}`, the kind, and three `:` with at most ten digits each,
        // written from the end: each number's digits without counting them.
        let mut text = [0u8; 2 + 3 * 11];
        let mut at = text.len();
        for v in numbers.into_iter().rev() {
            at = digits_before(v, &mut text, at);
            at -= 1;
            text[at] = b':';
        }
        text[at - 2..at].copy_from_slice(&[1, kind]);
        at -= 2;
        let n = UNLISTED + self.unlisted_starts.len() as Name;
        self.unlisted_starts.push(self.unlisted_buf.len() as u32);
        // ASCII only (the kind is checked above): valid UTF-8.
        self.unlisted_buf.extend_from_slice(&text[at..]);
        n
    }

    /// [`Interner::add_unlisted_scope`] of a kind that is not ASCII (none
    /// is given today): its character in UTF-8, by parts.
    #[cold]
    fn add_unlisted_scope_char(&mut self, kind: u8, [a, b, c]: [u32; 3]) -> Name {
        let mut kind_text = [0u8; 4];
        let kind_text = char::from(kind).encode_utf8(&mut kind_text);
        let mut digits = [[0u8; 10]; 3];
        let [da, db, dc] = &mut digits;
        self.add_unlisted(&[
            "\u{1}",
            kind_text,
            ":",
            decimal(a, da),
            ":",
            decimal(b, db),
            ":",
            decimal(c, dc),
        ])
    }

    /// A name's bytes (its text without the UTF-8 check [`Interner::name`] makes).
    pub fn bytes(&self, n: Name) -> &[u8] {
        match text_of(&self.buf, &self.starts, n as usize) {
            Some(b) => b,
            None => self.unlisted_bytes(n),
        }
    }

    #[cold]
    fn unlisted_bytes(&self, n: Name) -> &[u8] {
        n.checked_sub(UNLISTED)
            .and_then(|i| text_of(&self.unlisted_buf, &self.unlisted_starts, i as usize))
            .unwrap_or(b"?")
    }

    /// The name starts with `_` (a cheap local): asked on every lookup, so
    /// from the bit kept when the name was added.
    #[inline]
    pub fn is_cheap_local(&self, n: Name) -> bool {
        self.cheap
            .get(n as usize / 64)
            .is_some_and(|w| w >> (n % 64) & 1 != 0)
    }

    pub fn name(&self, n: Name) -> &str {
        // SAFETY: only valid UTF-8 is stored (checked when a name is added,
        // see [`Interner::intern_bytes`]); `bytes` gives one whole name or
        // "?".
        unsafe { std::str::from_utf8_unchecked(self.bytes(n)) }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::{Interner, RecentNames, UNLISTED, decimal};

    /// An unlisted name reads back its text, is numbered apart from the
    /// interned names, and is not what interning the same text finds.
    #[test]
    fn unlisted_names_read_back_and_are_not_interned() {
        let mut i = Interner::default();
        let a = i.intern("a");
        let u = i.add_unlisted(&["\u{1}#", ":3", ":4:1"]);
        let v = i.add_unlisted(&["\u{1}.:3:5:1"]);
        let b = i.intern("b");
        assert_eq!((u, v), (UNLISTED, UNLISTED + 1));
        assert_eq!((i.name(a), i.name(b)), ("a", "b"));
        assert_eq!(i.name(u), "\u{1}#:3:4:1");
        assert_eq!(i.name(v), "\u{1}.:3:5:1");
        assert_ne!(i.intern("\u{1}#:3:4:1"), u);
        assert_eq!(i.len(), 3);
        assert!(!i.is_cheap_local(u));
        assert_eq!(i.name(UNLISTED + 2), "?");
    }

    /// Names are read without a UTF-8 check: bytes that aren't UTF-8 are
    /// stored in their lossy form, the same name each time.
    #[test]
    fn bytes_that_are_not_utf8_are_stored_lossy() {
        let mut i = Interner::default();
        let a = i.intern_bytes(b"ab\xffc");
        assert_eq!(i.name(a), "ab\u{fffd}c");
        assert_eq!(i.intern_bytes(b"ab\xffc"), a);
        assert_eq!(i.intern("ab\u{fffd}c"), a);
        let b = i.intern_bytes("\u{1}#:1:2".as_bytes());
        assert_eq!(i.name(b), "\u{1}#:1:2");
        assert_eq!(i.name(12345), "?");
    }

    /// A recent name is the interner's, found again by its bytes only
    /// (never another name's that shares a slot or a prefix).
    #[test]
    fn recent_names_give_the_interned_name() {
        let mut i = Interner::default();
        let mut r = RecentNames::default();
        let texts = [
            "poke",
            "pok",
            "poke2",
            "a",
            "b",
            "sixteen_bytes_xx",
            "seventeen_bytes_x",
            "",
        ];
        for round in 0..3 {
            for t in texts {
                let got = r.get_or(t.as_bytes(), || i.intern(t));
                assert_eq!(got, i.intern(t), "{t} round {round}");
            }
            for n in 0..100 {
                let t = format!("n{n}");
                assert_eq!(r.get_or(t.as_bytes(), || i.intern(&t)), i.intern(&t));
            }
        }
    }

    /// A scope's name written in one piece reads as the same name given
    /// in parts, for every width of each number and kinds in and out of
    /// ASCII.
    #[test]
    fn a_scope_name_in_one_piece_is_the_name_in_parts() {
        let mut i = Interner::default();
        let values = [0, 1, 9, 10, 99, 100, 999, 1000, 65535, 1_000_000, u32::MAX];
        for kind in [b'#', b'.', b'e', 0xe9] {
            for &a in &values {
                for &b in &values {
                    for &c in &values {
                        let n = i.add_unlisted_scope(kind, [a, b, c]);
                        let want = format!("\u{1}{}:{a}:{b}:{c}", char::from(kind));
                        assert_eq!(i.name(n), want);
                    }
                }
            }
        }
        let n = i.add_unlisted_scope(b'#', [3, 4, 1]);
        assert_eq!(i.name(n), "\u{1}#:3:4:1");
    }

    #[test]
    fn decimal_writes_every_width() {
        let mut buf = [0; 10];
        for v in [0, 7, 10, 99, 100, 65535, 1_000_000, u32::MAX] {
            assert_eq!(decimal(v, &mut buf), v.to_string());
        }
    }

    #[test]
    fn interning_returns_stable_ids() {
        let mut i = Interner::default();
        let names: Vec<String> = (0..5000).map(|n| format!("name{n}")).collect();
        let ids: Vec<u32> = names.iter().map(|s| i.intern(s)).collect();
        for (s, &id) in names.iter().zip(&ids) {
            assert_eq!(i.intern(s), id);
            assert_eq!(i.name(id), s);
        }
        assert_eq!(i.len(), 5000);
    }

    /// The cheap-local bit is the name's first byte, for names on both
    /// sides of the bit table's words.
    #[test]
    fn cheap_locals_are_known_by_their_bit() {
        let mut i = Interner::default();
        for n in 0..200 {
            let name = if n % 3 == 0 {
                format!("_l{n}")
            } else {
                format!("l_{n}")
            };
            let id = i.intern(&name);
            assert_eq!(i.is_cheap_local(id), n % 3 == 0, "{name}");
        }
        let (under, empty) = (i.intern("_"), i.intern(""));
        assert!(i.is_cheap_local(under));
        assert!(!i.is_cheap_local(empty));
        assert!(!i.is_cheap_local(12345));
    }

    #[test]
    fn names_of_every_length_are_told_apart() {
        let mut i = Interner::default();
        for len in 0..20 {
            let a = "a".repeat(len);
            let ids: Vec<u32> = (0..len)
                .map(|k| {
                    let mut b = a.clone().into_bytes();
                    b[k] = b'b';
                    i.intern(std::str::from_utf8(&b).unwrap_or("?"))
                })
                .collect();
            let id = i.intern(&a);
            assert!(!ids.contains(&id), "length {len}");
            for (k, &n) in ids.iter().enumerate() {
                assert_eq!(i.name(n).find('b'), Some(k));
            }
            assert_eq!(i.name(id), a);
        }
    }
}
