//! The window's own keys, which never reach the C64: F9 warp on/off, F11 pause,
//! F12 reset (back to the state the run started in), Page Down paste (the host's
//! clipboard typed as keys). F10 (joystick port) and Page Up (RESTORE) are in `keys.rs`.

use minifb::Key;

/// What a window key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Run as fast as possible, or at PAL speed again.
    Warp,
    /// Stop the machine, or let it go on.
    Pause,
    /// Back to the state the run started in (the program loaded and started again).
    Reset,
    /// Type the clipboard's text.
    Paste,
}

/// The window key `key` is, if any.
pub fn control(key: Key) -> Option<Control> {
    match key {
        Key::F9 => Some(Control::Warp),
        Key::F11 => Some(Control::Pause),
        Key::F12 => Some(Control::Reset),
        Key::PageDown => Some(Control::Paste),
        _ => None,
    }
}

/// Text as `Machine::type_keys` takes it, typed as a C64 user would type what was
/// pasted: letters as the C64's letters whatever their case (a listing copied from
/// elsewhere is usually in capitals, which on the C64 are shifted graphics), line
/// breaks as RETURN, braces literally; characters no key gives are left out and
/// counted.
pub fn paste_keys(text: &str) -> (String, usize) {
    let mut keys = String::new();
    let mut skipped = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                keys.push('\n');
            }
            '\n' => keys.push('\n'),
            '{' => keys.push_str("{LBRACE}"),
            c if c.is_ascii_alphabetic() => keys.push(c.to_ascii_lowercase()),
            c if c64emu::Machine::check_key_text(&c.to_string()).is_ok() => keys.push(c),
            _ => skipped += 1,
        }
    }
    (keys, skipped)
}

/// The host's clipboard as text, through the usual command-line tools (Wayland,
/// X11, macOS, Windows); None if none of them answered.
pub fn clipboard_text() -> Option<String> {
    const TOOLS: [(&str, &[&str]); 5] = [
        ("wl-paste", &["--no-newline"]),
        ("xclip", &["-o", "-selection", "clipboard"]),
        ("xsel", &["--clipboard", "--output"]),
        ("pbpaste", &[]),
        ("powershell", &["-NoProfile", "-Command", "Get-Clipboard"]),
    ];
    TOOLS.iter().find_map(|(tool, args)| {
        let out = std::process::Command::new(tool)
            .args(*args)
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_keys_are_f9_f11_f12_and_page_down() {
        assert_eq!(control(Key::F9), Some(Control::Warp));
        assert_eq!(control(Key::F11), Some(Control::Pause));
        assert_eq!(control(Key::F12), Some(Control::Reset));
        assert_eq!(control(Key::PageDown), Some(Control::Paste));
        for key in [Key::F1, Key::F10, Key::PageUp, Key::A, Key::Enter] {
            assert_eq!(control(key), None, "{key:?}");
            assert!(
                crate::keys::map(key, false).is_some() || matches!(key, Key::F10 | Key::PageUp),
                "{key:?} is the C64's"
            );
        }
        for key in [Key::F9, Key::F11, Key::F12, Key::PageDown] {
            assert!(
                crate::keys::map(key, false).is_none(),
                "{key:?} reaches the C64"
            );
        }
    }

    #[test]
    fn pasted_text_types_as_a_c64_user_would_type_it() {
        let (keys, skipped) = paste_keys("10 PRINT \"Hi\"\r\n20 GOTO 10\n{x}\u{e9}");
        // No C64 key gives `}` or `é`.
        assert_eq!(keys, "10 print \"hi\"\n20 goto 10\n{LBRACE}x");
        assert_eq!(skipped, 2);
        c64emu::Machine::check_key_text(&keys).unwrap();
    }
}
