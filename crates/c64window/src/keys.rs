//! Host keyboard -> C64 keyboard matrix and joysticks.
//!
//! Keys are mapped by what they type on a US layout (symbolic mapping, like VICE's
//! default): host `"` (Shift+') holds C64 SHIFT+2, host `:` (Shift+;) holds the C64's
//! own `:` key without SHIFT, the cursor keys hold CRSR with SHIFT for up/left. Held host
//! keys stay held in the matrix; a key pressed and released between two frames becomes
//! a tap the machine holds for its minimum time, so quick keys are never lost.
//! The numeric keypad is a joystick (8 2 4 6, diagonals 7 9 1 3, fire 0 or 5) in port 2,
//! or port 1 after F10. Page Up is RESTORE.

use c64emu::Key as C;
use minifb::Key;

/// What a host key does to the C64's SHIFT.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shift {
    /// Follows the host's SHIFT keys.
    Host,
    /// Adds SHIFT.
    Add,
    /// Holds the key without SHIFT even if the host's SHIFT is down.
    Remove,
}

/// The C64 keys a non-modifier host key holds, given the host SHIFT state.
pub fn map(key: Key, shifted: bool) -> Option<(Vec<C>, Shift)> {
    use Shift::*;
    let plain = |k: C| Some((vec![k], Host));
    let with_shift = |k: C| Some((vec![k], Add));
    let without = |k: C| Some((vec![k], Remove));
    let letter = |k: C| plain(k);
    match key {
        Key::A => letter(C::A),
        Key::B => letter(C::B),
        Key::C => letter(C::C),
        Key::D => letter(C::D),
        Key::E => letter(C::E),
        Key::F => letter(C::F),
        Key::G => letter(C::G),
        Key::H => letter(C::H),
        Key::I => letter(C::I),
        Key::J => letter(C::J),
        Key::K => letter(C::K),
        Key::L => letter(C::L),
        Key::M => letter(C::M),
        Key::N => letter(C::N),
        Key::O => letter(C::O),
        Key::P => letter(C::P),
        Key::Q => letter(C::Q),
        Key::R => letter(C::R),
        Key::S => letter(C::S),
        Key::T => letter(C::T),
        Key::U => letter(C::U),
        Key::V => letter(C::V),
        Key::W => letter(C::W),
        Key::X => letter(C::X),
        Key::Y => letter(C::Y),
        Key::Z => letter(C::Z),
        Key::Key1 => plain(C::N1),
        Key::Key2 if shifted => without(C::At),
        Key::Key2 => plain(C::N2),
        Key::Key3 => plain(C::N3),
        Key::Key4 => plain(C::N4),
        Key::Key5 => plain(C::N5),
        Key::Key6 if shifted => without(C::UpArrow),
        Key::Key6 => plain(C::N6),
        Key::Key7 if shifted => with_shift(C::N6),
        Key::Key7 => plain(C::N7),
        Key::Key8 if shifted => without(C::Asterisk),
        Key::Key8 => plain(C::N8),
        Key::Key9 if shifted => with_shift(C::N8),
        Key::Key9 => plain(C::N9),
        Key::Key0 if shifted => with_shift(C::N9),
        Key::Key0 => plain(C::N0),
        Key::Minus if shifted => without(C::LeftArrow),
        Key::Minus => plain(C::Minus),
        Key::Equal if shifted => without(C::Plus),
        Key::Equal => plain(C::Equals),
        Key::LeftBracket => with_shift(C::Colon),
        Key::RightBracket => with_shift(C::Semicolon),
        Key::Semicolon if shifted => without(C::Colon),
        Key::Semicolon => plain(C::Semicolon),
        Key::Apostrophe if shifted => with_shift(C::N2),
        Key::Apostrophe => with_shift(C::N7),
        Key::Comma => plain(C::Comma),
        Key::Period => plain(C::Period),
        Key::Slash => plain(C::Slash),
        Key::Backslash => plain(C::Pound),
        Key::Backquote => without(C::LeftArrow),
        Key::Space => plain(C::Space),
        Key::Enter => plain(C::Return),
        Key::Backspace => plain(C::InstDel),
        Key::Delete => without(C::InstDel),
        Key::Insert => with_shift(C::InstDel),
        Key::Home => plain(C::ClrHome),
        Key::Down => without(C::CrsrDown),
        Key::Up => with_shift(C::CrsrDown),
        Key::Right => without(C::CrsrRight),
        Key::Left => with_shift(C::CrsrRight),
        Key::F1 => without(C::F1),
        Key::F2 => with_shift(C::F1),
        Key::F3 => without(C::F3),
        Key::F4 => with_shift(C::F3),
        Key::F5 => without(C::F5),
        Key::F6 => with_shift(C::F5),
        Key::F7 => without(C::F7),
        Key::F8 => with_shift(C::F7),
        Key::Escape => plain(C::RunStop),
        _ => None,
    }
}

/// Modifier keys: host key -> C64 key.
fn modifier(key: Key) -> Option<C> {
    match key {
        Key::LeftShift => Some(C::LeftShift),
        Key::RightShift => Some(C::RightShift),
        Key::LeftCtrl | Key::Tab => Some(C::Ctrl),
        Key::LeftAlt => Some(C::Commodore),
        _ => None,
    }
}

fn is_shift(key: Key) -> bool {
    matches!(key, Key::LeftShift | Key::RightShift)
}

/// The C64 keys held for a set of held host keys.
pub fn matrix_keys(held: &[Key]) -> Vec<C> {
    let shifted = held.iter().any(|&k| is_shift(k));
    let mut keys = Vec::new();
    let mut add_shift = false;
    let mut remove_shift = false;
    for &k in held {
        if let Some((ks, s)) = map(k, shifted) {
            keys.extend(ks);
            add_shift |= s == Shift::Add;
            remove_shift |= s == Shift::Remove;
        }
    }
    for &k in held {
        if let Some(c) = modifier(k)
            && !(remove_shift && is_shift(k))
        {
            keys.push(c);
        }
    }
    if add_shift && !keys.contains(&C::LeftShift) && !keys.contains(&C::RightShift) {
        keys.push(C::LeftShift);
    }
    keys.sort();
    keys.dedup();
    keys
}

/// The C64 keys a tap of `key` presses, with the modifiers held at the time.
pub fn tap_keys(key: Key, held: &[Key]) -> Vec<C> {
    let mut all: Vec<Key> = held
        .iter()
        .copied()
        .filter(|&k| modifier(k).is_some())
        .collect();
    all.push(key);
    matrix_keys(&all)
}

/// Joystick bits from the held keypad keys.
pub fn joystick(held: &[Key]) -> u8 {
    use c64emu::joy::*;
    let mut bits = 0;
    for &k in held {
        bits |= match k {
            Key::NumPad8 => UP,
            Key::NumPad2 => DOWN,
            Key::NumPad4 => LEFT,
            Key::NumPad6 => RIGHT,
            Key::NumPad7 => UP | LEFT,
            Key::NumPad9 => UP | RIGHT,
            Key::NumPad1 => DOWN | LEFT,
            Key::NumPad3 => DOWN | RIGHT,
            Key::NumPad0 | Key::NumPad5 | Key::NumPadEnter => FIRE,
            _ => 0,
        };
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_digits_follow_the_host_shift() {
        assert_eq!(matrix_keys(&[Key::A]), vec![C::A]);
        assert_eq!(
            matrix_keys(&[Key::LeftShift, Key::A]),
            vec![C::A, C::LeftShift]
        );
        assert_eq!(
            matrix_keys(&[Key::LeftShift, Key::Key1]),
            vec![C::LeftShift, C::N1]
        );
    }

    #[test]
    fn symbols_type_what_the_host_key_shows() {
        // Shift+' is ": the C64's SHIFT+2.
        assert_eq!(
            matrix_keys(&[Key::LeftShift, Key::Apostrophe]),
            vec![C::LeftShift, C::N2]
        );
        // Shift+; is the C64's own : key, without SHIFT.
        assert_eq!(
            matrix_keys(&[Key::RightShift, Key::Semicolon]),
            vec![C::Colon]
        );
        // Shift+2 is @.
        assert_eq!(matrix_keys(&[Key::LeftShift, Key::Key2]), vec![C::At]);
        // Cursor up is SHIFT + CRSR down.
        assert_eq!(matrix_keys(&[Key::Up]), vec![C::CrsrDown, C::LeftShift]);
        assert_eq!(
            matrix_keys(&[Key::LeftAlt, Key::A]),
            vec![C::A, C::Commodore]
        );
    }

    #[test]
    fn taps_keep_the_modifiers_held_at_the_time() {
        assert_eq!(tap_keys(Key::Enter, &[]), vec![C::Return]);
        assert_eq!(
            tap_keys(Key::A, &[Key::LeftShift, Key::B]),
            vec![C::A, C::LeftShift]
        );
    }

    #[test]
    fn the_keypad_is_a_joystick() {
        use c64emu::joy::*;
        assert_eq!(joystick(&[Key::NumPad8, Key::NumPad0]), UP | FIRE);
        assert_eq!(joystick(&[Key::NumPad3]), DOWN | RIGHT);
        assert_eq!(joystick(&[Key::A]), 0);
    }
}
