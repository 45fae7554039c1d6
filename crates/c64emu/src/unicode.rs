//! Screen code -> nearest Unicode character, for `--print-screen` and `screen_text()`.
//!
//! Reverse video ($80-$FF) is a colour attribute for text output, so it maps like the
//! normal code. Graphics without an exact Unicode twin map to the nearest widely
//! supported character (box drawing, block elements, geometric shapes), which means a few
//! characters stand for more than one screen code; [`char_to_screen_code`] then returns
//! the usual one.

/// The upper case/graphics set, screen codes $00-$7F.
const UPPER_CASE_SET: [char; 128] = [
    // $00-$1F: @, A-Z, [ £ ] ↑ ←
    '@', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', //
    'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '[', '£', ']', '↑', '←', //
    // $20-$3F: as ASCII
    ' ', '!', '"', '#', '$', '%', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', //
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?', //
    // $40-$4F: lines at several heights, suits, arcs, edge corner brackets, diagonals
    '─', '♠', '│', '─', '─', '▔', '─', '│', '│', '╮', '╰', '╯', '⌞', '╲', '╱', '⌜', //
    // $50-$5F: ⌝, circles, suits, tees, half checkerboard, π, triangle
    '⌝', '●', '▁', '♥', '▏', '╭', '╳', '○', '♣', '▕', '♦', '┼', '░', '│', 'π', '◥', //
    // $60-$6F: blocks of eighths, checkerboards, quadrants, box corners
    ' ', '▌', '▄', '▔', '▁', '▏', '▒', '▕', '░', '◤', '▐', '├', '▗', '└', '┐', '▂', //
    // $70-$7F
    '┌', '┴', '┬', '┤', '▎', '▍', '▐', '▀', '▀', '▃', '⌟', '▖', '▝', '┘', '▘', '▚', //
];

/// Where a character stands for several screen codes, the one text should use.
const PREFERRED: [(char, u8); 7] = [
    ('│', 0x5D), // the box-drawing vertical ($42 is drawn the same)
    ('▔', 0x63), // top row rather than the line on row 1
    ('▁', 0x64), // bottom row rather than the line on row 6
    ('▏', 0x65), // left column rather than the line on column 1
    ('▕', 0x67), // right column rather than the line on column 6
    ('▒', 0x66), // the checkerboard common to both sets
    (' ', 0x20), // space rather than shifted space
];

/// `lowercase` selects the lower/upper case character set ($D018 bit 1).
pub fn screen_code_to_char(code: u8, lowercase: bool) -> char {
    let code = code & 0x7F;
    if lowercase {
        match code {
            0x01..=0x1A => return char::from(b'a' + code - 0x01),
            0x41..=0x5A => return char::from(b'A' + code - 0x41),
            0x5E => return '▒',
            0x5F => return '▨',
            0x69 => return '▧',
            0x7A => return '✓',
            _ => {}
        }
    }
    UPPER_CASE_SET[usize::from(code)]
}

/// The (non-reverse) screen code showing `c` in the selected set, if it has one.
pub fn char_to_screen_code(c: char, lowercase: bool) -> Option<u8> {
    let shown = |code: u8| screen_code_to_char(code, lowercase) == c;
    PREFERRED
        .iter()
        .find(|&&(preferred, _)| preferred == c)
        .map(|&(_, code)| code)
        .filter(|&code| shown(code))
        .or_else(|| (0..=0x7F).find(|&code| shown(code)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charset::glyph;

    fn both_sets() -> [bool; 2] {
        [false, true]
    }

    #[test]
    fn letters_digits_and_punctuation_both_ways() {
        for lowercase in both_sets() {
            let capitals = if lowercase { 0x41 } else { 0x01 };
            for (i, c) in ('A'..='Z').enumerate() {
                let code = capitals + i as u8;
                assert_eq!(screen_code_to_char(code, lowercase), c);
                assert_eq!(char_to_screen_code(c, lowercase), Some(code));
            }
            for (i, c) in ('0'..='9').enumerate() {
                assert_eq!(screen_code_to_char(0x30 + i as u8, lowercase), c);
                assert_eq!(char_to_screen_code(c, lowercase), Some(0x30 + i as u8));
            }
            for (code, c) in [
                (0x20, ' '),
                (0x2E, '.'),
                (0x3A, ':'),
                (0x00, '@'),
                (0x1C, '£'),
            ] {
                assert_eq!(screen_code_to_char(code, lowercase), c);
                assert_eq!(char_to_screen_code(c, lowercase), Some(code));
            }
        }
        for (i, c) in ('a'..='z').enumerate() {
            assert_eq!(screen_code_to_char(0x01 + i as u8, true), c);
            assert_eq!(char_to_screen_code(c, true), Some(0x01 + i as u8));
            assert_eq!(
                char_to_screen_code(c, false),
                None,
                "no lower case in this set"
            );
        }
        assert_eq!(
            char_to_screen_code('♠', true),
            None,
            "no suits in the lower case set"
        );
        assert_eq!(char_to_screen_code('€', false), None);
    }

    #[test]
    fn reverse_codes_read_like_normal_ones() {
        for lowercase in both_sets() {
            for code in 0..=0x7Fu8 {
                assert_eq!(
                    screen_code_to_char(code | 0x80, lowercase),
                    screen_code_to_char(code, lowercase)
                );
            }
        }
    }

    #[test]
    fn round_trip_for_every_code_with_its_own_char() {
        for lowercase in both_sets() {
            for code in 0..=0x7Fu8 {
                let c = screen_code_to_char(code, lowercase);
                let back = char_to_screen_code(c, lowercase).expect("every shown char maps back");
                let unique = (0..=0x7Fu8)
                    .filter(|&other| screen_code_to_char(other, lowercase) == c)
                    .count()
                    == 1;
                if unique {
                    assert_eq!(back, code, "{c:?}");
                } else {
                    assert_eq!(screen_code_to_char(back, lowercase), c, "{c:?}");
                }
            }
        }
    }

    #[test]
    fn graphics_have_their_expected_chars() {
        let upper = |code| screen_code_to_char(code, false);
        assert_eq!(upper(0x40), '─');
        assert_eq!(upper(0x5D), '│');
        assert_eq!(upper(0x70), '┌');
        assert_eq!(upper(0x6E), '┐');
        assert_eq!(upper(0x6D), '└');
        assert_eq!(upper(0x7D), '┘');
        assert_eq!(upper(0x41), '♠');
        assert_eq!(upper(0x53), '♥');
        assert_eq!(upper(0x5A), '♦');
        assert_eq!(upper(0x58), '♣');
        assert_eq!(upper(0x51), '●');
        assert_eq!(upper(0x57), '○');
        assert_eq!(upper(0x5E), 'π');
        assert_eq!(upper(0x66), '▒');
        assert_eq!(upper(0xA0), ' ', "reverse space is still a space in text");
        assert_eq!(screen_code_to_char(0x7A, true), '✓');
        assert_eq!(char_to_screen_code('│', false), Some(0x5D));
        assert_eq!(char_to_screen_code('▒', true), Some(0x66));
    }

    /// Box-drawing chars and the glyphs agree on which cell edges carry a line, so boxes
    /// drawn with these codes join up on screen.
    #[test]
    fn box_drawing_glyphs_reach_the_edges_their_chars_name() {
        // (char, left, right, up, down)
        let arms = [
            ('─', true, true, false, false),
            ('│', false, false, true, true),
            ('┌', false, true, false, true),
            ('┐', true, false, false, true),
            ('└', false, true, true, false),
            ('┘', true, false, true, false),
            ('├', false, true, true, true),
            ('┤', true, false, true, true),
            ('┬', true, true, false, true),
            ('┴', true, true, true, false),
            ('┼', true, true, true, true),
            ('╭', false, true, false, true),
            ('╮', true, false, false, true),
            ('╰', false, true, true, false),
            ('╯', true, false, true, false),
        ];
        let ink = |g: [u8; 8], row: usize, col: u32| g[row] & (0x80 >> col) != 0;
        for (c, left, right, up, down) in arms {
            for lowercase in both_sets() {
                for code in (0..=0x7Fu8).filter(|&k| screen_code_to_char(k, lowercase) == c) {
                    // $44-$48 are thin off-centre lines that only share the nearest char.
                    if matches!(code, 0x44..=0x48) {
                        continue;
                    }
                    let g = glyph(code, lowercase);
                    let edges = (ink(g, 3, 0), ink(g, 3, 7), ink(g, 0, 3), ink(g, 7, 3));
                    assert_eq!(edges, (left, right, up, down), "{c:?} at ${code:02X}");
                }
            }
        }
    }
}
