//! Host keyboard -> C64: typed characters and special keys become PETSCII key presses;
//! held keys are also set in the CIA1 keyboard matrix (column, row).

use c64emu::Machine;
use c64emu::petscii::code;
use minifb::{Key, Window};

/// Matrix position (column = $DC00 bit, row = $DC01 bit) of the C64 key a host key is.
fn matrix_position(key: Key) -> Option<(u8, u8)> {
    use Key::*;
    Some(match key {
        Backspace | Delete => (0, 0),
        Enter => (0, 1),
        Right | Left => (0, 2),
        F7 | F8 => (0, 3),
        F1 | F2 => (0, 4),
        F3 | F4 => (0, 5),
        F5 | F6 => (0, 6),
        Down | Up => (0, 7),
        Key3 => (1, 0),
        W => (1, 1),
        A => (1, 2),
        Key4 => (1, 3),
        Z => (1, 4),
        S => (1, 5),
        E => (1, 6),
        LeftShift => (1, 7),
        Key5 => (2, 0),
        R => (2, 1),
        D => (2, 2),
        Key6 => (2, 3),
        C => (2, 4),
        F => (2, 5),
        T => (2, 6),
        X => (2, 7),
        Key7 => (3, 0),
        Y => (3, 1),
        G => (3, 2),
        Key8 => (3, 3),
        B => (3, 4),
        H => (3, 5),
        U => (3, 6),
        V => (3, 7),
        Key9 => (4, 0),
        I => (4, 1),
        J => (4, 2),
        Key0 => (4, 3),
        M => (4, 4),
        K => (4, 5),
        O => (4, 6),
        N => (4, 7),
        Minus => (5, 3),
        Period => (5, 4),
        P => (5, 1),
        L => (5, 2),
        Comma => (5, 7),
        Semicolon => (6, 2),
        Home => (6, 3),
        RightShift => (6, 4),
        Equal => (6, 5),
        Slash => (6, 7),
        Key1 => (7, 0),
        LeftCtrl | Tab => (7, 2),
        Key2 => (7, 3),
        Space => (7, 4),
        LeftAlt => (7, 5), // C=
        Q => (7, 6),
        Escape => (7, 7), // RUN/STOP
        _ => return None,
    })
}

/// Mirror the held host keys in the matrix. Cursor up/left are SHIFT + down/right.
pub fn update_matrix(m: &mut Machine, held: &[Key]) {
    m.release_all_keys();
    for &k in held {
        if let Some((col, row)) = matrix_position(k) {
            m.set_matrix_key(col, row, true);
        }
        if matches!(
            k,
            Key::Up | Key::Left | Key::F2 | Key::F4 | Key::F6 | Key::F8
        ) {
            m.set_matrix_key(1, 7, true);
        }
    }
}

/// PETSCII for keys that do not produce text.
pub fn special_keys(pressed: &[Key], window: &Window) -> Vec<u8> {
    let shift = window.is_key_down(Key::LeftShift) || window.is_key_down(Key::RightShift);
    pressed
        .iter()
        .filter_map(|&k| {
            Some(match k {
                Key::Enter => code::RETURN,
                Key::Backspace | Key::Delete => code::DEL,
                Key::Insert => code::INS,
                Key::Home if shift => code::CLR,
                Key::Home => code::HOME,
                Key::Up => code::UP,
                Key::Down => code::DOWN,
                Key::Left => code::LEFT,
                Key::Right => code::RIGHT,
                Key::F1 => code::F1,
                Key::F2 => code::F2,
                Key::F3 => code::F3,
                Key::F4 => code::F4,
                Key::F5 => code::F5,
                Key::F6 => code::F6,
                Key::F7 => code::F7,
                Key::F8 => code::F8,
                Key::Escape => code::STOP,
                _ => return None,
            })
        })
        .collect()
}

/// PETSCII for a typed character: lowercase letters are the plain keys, uppercase
/// letters the shifted ones (as on the C64 keyboard; graphics in uppercase mode).
pub fn typed_char(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - 0x20),
        'A'..='Z' => Some(c as u8 + 0x80),
        c if (c as u32) < 0x20 || c as u32 == 0x7F => None,
        c => c64emu::petscii::ascii_to_petscii(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_follow_the_c64_shift_convention() {
        assert_eq!(typed_char('a'), Some(0x41));
        assert_eq!(typed_char('A'), Some(0xC1));
        assert_eq!(typed_char('1'), Some(0x31));
        assert_eq!(typed_char('\r'), None);
        assert_eq!(typed_char('€'), None);
    }

    #[test]
    fn matrix_positions_match_the_c64_keyboard() {
        assert_eq!(matrix_position(Key::A), Some((1, 2)));
        assert_eq!(matrix_position(Key::Space), Some((7, 4)));
        assert_eq!(matrix_position(Key::Escape), Some((7, 7)));
        assert_eq!(matrix_position(Key::Enter), Some((0, 1)));
    }
}
