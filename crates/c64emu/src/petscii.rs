//! PETSCII <-> screen codes, and host characters to the PETSCII a C64 keyboard types.

/// PETSCII control codes the screen editor and the keyboard use.
pub mod code {
    /// RUN/STOP.
    pub const STOP: u8 = 0x03;
    /// Text colour white.
    pub const WHITE: u8 = 0x05;
    /// RETURN.
    pub const RETURN: u8 = 0x0D;
    /// Switch to the lower/upper case character set.
    pub const LOWERCASE: u8 = 0x0E;
    /// Cursor down.
    pub const DOWN: u8 = 0x11;
    /// Reverse on.
    pub const RVS_ON: u8 = 0x12;
    /// Cursor home.
    pub const HOME: u8 = 0x13;
    /// Delete the character left of the cursor.
    pub const DEL: u8 = 0x14;
    /// Cursor right.
    pub const RIGHT: u8 = 0x1D;
    /// F1.
    pub const F1: u8 = 0x85;
    /// F3.
    pub const F3: u8 = 0x86;
    /// F5.
    pub const F5: u8 = 0x87;
    /// F7.
    pub const F7: u8 = 0x88;
    /// F2 (SHIFT+F1).
    pub const F2: u8 = 0x89;
    /// F4 (SHIFT+F3).
    pub const F4: u8 = 0x8A;
    /// F6 (SHIFT+F5).
    pub const F6: u8 = 0x8B;
    /// F8 (SHIFT+F7).
    pub const F8: u8 = 0x8C;
    /// SHIFT+RETURN.
    pub const SHIFT_RETURN: u8 = 0x8D;
    /// Switch to the upper case/graphics character set.
    pub const UPPERCASE: u8 = 0x8E;
    /// Cursor up.
    pub const UP: u8 = 0x91;
    /// Reverse off.
    pub const RVS_OFF: u8 = 0x92;
    /// Clear the screen.
    pub const CLR: u8 = 0x93;
    /// Insert a space at the cursor.
    pub const INS: u8 = 0x94;
    /// Cursor left.
    pub const LEFT: u8 = 0x9D;
}

/// Screen code the C64 screen editor stores for a printable PETSCII character
/// (reverse mode not applied). Control codes map like the editor shows them in quote mode.
pub fn petscii_to_screen(p: u8) -> u8 {
    match p {
        0x00..=0x1F => p | 0x80, // quote-mode display: reverse @, A, ...
        0x20..=0x3F => p,
        0x40..=0x5F => p - 0x40,
        0x60..=0x7F => p - 0x20,
        0x80..=0x9F => (p & 0x7F) | 0xC0, // quote-mode display: reverse shifted
        0xA0..=0xBF => p - 0x40,
        0xC0..=0xFE => p - 0x80,
        0xFF => 0x5E,
    }
}

/// PETSCII the screen editor reads back from a screen code (used by CHRIN's line input).
/// Reverse video is dropped.
pub fn screen_to_petscii(s: u8) -> u8 {
    let s = s & 0x7F;
    match s {
        0x00..=0x1F => s + 0x40,
        0x20..=0x3F => s,
        0x40..=0x5F => s + 0x80,
        _ => s + 0x40, // $60-$7F -> $A0-$BF
    }
}

/// PETSCII for a host character as typed in uppercase/graphics mode: letters of
/// either case give the unshifted letter ($41-$5A), like typing on the C64 keyboard.
pub fn ascii_to_petscii(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - 0x20),
        'A'..='Z' | ' '..='@' | '[' | ']' => Some(c as u8),
        '\n' | '\r' => Some(code::RETURN),
        '£' => Some(0x5C),
        '↑' | '^' => Some(0x5E),
        '←' | '_' => Some(0x5F),
        'π' => Some(0xFF),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_codes_follow_the_c64_editor() {
        assert_eq!(petscii_to_screen(b'A'), 0x01);
        assert_eq!(petscii_to_screen(b'@'), 0x00);
        assert_eq!(petscii_to_screen(b'1'), 0x31);
        assert_eq!(petscii_to_screen(0xC1), 0x41);
        assert_eq!(petscii_to_screen(0x60), 0x40);
        assert_eq!(petscii_to_screen(0xA0), 0x60);
        assert_eq!(petscii_to_screen(0xFF), 0x5E);
        assert_eq!(petscii_to_screen(code::CLR), 0xD3); // reverse heart
        assert_eq!(petscii_to_screen(code::RVS_ON), 0x92); // reverse R
    }

    #[test]
    fn screen_to_petscii_round_trips_printables() {
        for p in (0x20..=0x7F).chain(0xA0..=0xFE) {
            let s = petscii_to_screen(p);
            let back = screen_to_petscii(s);
            // $60-$7F and $C0-$DF share screen codes, as on the C64.
            assert_eq!(petscii_to_screen(back), s, "petscii {p:02X}");
        }
    }
}
