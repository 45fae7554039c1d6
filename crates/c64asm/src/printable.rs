//! Which characters a listing or a message shows as they are. 64tass writes the others
//! as `<A0>` (below U+0100) or `<U+200B>`: controls, format characters,
//! separators other than the space, surrogates, private use and
//! noncharacters (Unicode general categories Cc, Cf, Z* but U+0020, Cs, Co
//! and the noncharacters of Cn). The ranges below are those categories'
//! members in the Unicode Character Database; the tab is kept (the writer
//! expands it).

/// Format characters (category Cf).
const FORMAT: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
];

/// Whether `c` is written as it is.
pub fn shown_as_is(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u) || c == '\t';
    }
    if c.is_control() || c.is_whitespace() {
        // C1 controls; the no-break and other spaces, line and paragraph
        // separators.
        return false;
    }
    let private_use = (0xE000..=0xF8FF).contains(&u) || u >= 0xF0000;
    let noncharacter = (0xFDD0..=0xFDEF).contains(&u) || u & 0xFFFE == 0xFFFE;
    !(private_use || noncharacter || FORMAT.iter().any(|&(lo, hi)| (lo..=hi).contains(&u)))
}

/// How a character that is not shown as it is appears.
pub fn escape(c: char, out: &mut Vec<u8>) {
    use std::io::Write;
    let u = c as u32;
    let _ = if u < 0x100 {
        write!(out, "<{u:02X}>")
    } else {
        write!(out, "<U+{u:X}>")
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_formats_and_private_use_are_escaped() {
        for c in [
            '\u{a0}', '\u{ad}', '\u{85}', '\u{2003}', '\u{200b}', '\u{2028}', '\u{feff}',
            '\u{e000}', '\u{fffe}', '\u{3000}',
        ] {
            assert!(!shown_as_is(c), "{:x}", c as u32);
        }
        for c in [
            ' ',
            '\t',
            'a',
            '\u{e4}',
            '\u{20ac}',
            '\u{1d11e}',
            '\u{a1}',
            '\u{ff}',
        ] {
            assert!(shown_as_is(c), "{:x}", c as u32);
        }
        let mut out = Vec::new();
        escape('\u{a0}', &mut out);
        escape('\u{200b}', &mut out);
        assert_eq!(out, b"<A0><U+200B>");
    }
}
