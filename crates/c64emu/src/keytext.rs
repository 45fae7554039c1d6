//! The key-text notation of `Machine::type_keys` and `c64kit run --keys`.
//!
//! Plain characters are typed as on the C64 keyboard (letters of either case give the
//! unshifted letter, which shows upper case on the default screen); a newline, and the
//! two characters `\n` as a shell passes them, are RETURN;
//! `{...}` names a key or an action:
//!
//! - `{RETURN}`, `{DOWN}`, `{UP}`, `{LEFT}`, `{RIGHT}`, `{HOME}`, `{CLR}`, `{DEL}`,
//!   `{INST}`, `{STOP}`, `{SPACE}`, `{F1}`..`{F8}`, `{RVS ON}`, `{RVS OFF}`, `{LBRACE}`;
//! - `{$xx}`: the PETSCII code xx, typed with the keys that give it (SHIFT, C= or CTRL
//!   included); codes no key gives go straight into the KERNAL key buffer;
//! - `{JOY2:UP}`, `{JOY1:FIRE}`, `{JOY2:UP+LEFT+FIRE}`: push joystick port 2 or 1 (UP,
//!   DOWN, LEFT, RIGHT, FIRE, joined with `+`); it stays pushed until `{JOY2:RELEASE}`
//!   (or the next `{JOY2:...}`), and is held at least one frame;
//! - `{WAIT n}`: wait n PAL frames (1/50 s each) before the next stroke;
//! - `{RESTORE}`: press RESTORE (an NMI).
//!
//! Names are case-insensitive. A C64 keyboard has no brace key: `{LBRACE}` stands for a
//! literal `{` in this notation and types PETSCII $7B the only way there is, straight
//! into the key buffer.

use std::fmt;

use crate::keyboard::{joy, keys_for};
use crate::petscii::{ascii_to_petscii, code};
use crate::typist::Stroke;

/// A key-text error: what and where (character position, counting from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyTextError {
    /// `{` without a closing `}`.
    Unclosed {
        /// Position of the `{`.
        at: usize,
    },
    /// `{}`.
    Empty {
        /// Position of the `{`.
        at: usize,
    },
    /// A name that is not a key.
    UnknownKey {
        /// The name.
        name: String,
        /// Position of the `{`.
        at: usize,
    },
    /// `{$xx}` with something that is not a hex byte.
    BadCode {
        /// The text after `$`.
        text: String,
        /// Position of the `{`.
        at: usize,
    },
    /// `{JOYn:...}` with a bad port or direction, or `{WAIT n}` with a bad count.
    BadAction {
        /// The whole token.
        token: String,
        /// What is wrong.
        why: &'static str,
        /// Position of the `{`.
        at: usize,
    },
    /// A character the C64 keyboard does not have.
    CannotType {
        /// The character.
        c: char,
        /// Its position.
        at: usize,
    },
}

impl fmt::Display for KeyTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyTextError::Unclosed { at } => write!(
                f,
                "character {at}: '{{' starts a key name but has no closing '}}' (type a literal brace as {{LBRACE}})"
            ),
            KeyTextError::Empty { at } => write!(
                f,
                "character {at}: empty key name {{}} (type a literal brace as {{LBRACE}})"
            ),
            KeyTextError::UnknownKey { name, at } => {
                let known: Vec<&str> = KEY_NAMES.iter().map(|(n, _)| *n).collect();
                write!(
                    f,
                    "character {at}: unknown key {{{name}}}; known: {}, {{$xx}}, {{JOY1:...}}, {{JOY2:...}}, {{WAIT n}}, {{RESTORE}}",
                    known.join(" ")
                )
            }
            KeyTextError::BadCode { text, at } => write!(
                f,
                "character {at}: {{${text}}} is not a PETSCII code (two hex digits, e.g. {{$C1}})"
            ),
            KeyTextError::BadAction { token, why, at } => {
                write!(f, "character {at}: {{{token}}}: {why}")
            }
            KeyTextError::CannotType { c, at } => write!(
                f,
                "character {at}: cannot type {c:?} on a C64 keyboard (use {{$xx}} for a PETSCII code)"
            ),
        }
    }
}

impl std::error::Error for KeyTextError {}

/// Names accepted inside `{...}`, with their PETSCII code.
pub const KEY_NAMES: &[(&str, u8)] = &[
    ("RETURN", code::RETURN),
    ("ENTER", code::RETURN),
    ("DOWN", code::DOWN),
    ("UP", code::UP),
    ("LEFT", code::LEFT),
    ("RIGHT", code::RIGHT),
    ("HOME", code::HOME),
    ("CLR", code::CLR),
    ("DEL", code::DEL),
    ("INST", code::INS),
    ("INS", code::INS),
    ("STOP", code::STOP),
    ("SPACE", 0x20),
    ("F1", code::F1),
    ("F2", code::F2),
    ("F3", code::F3),
    ("F4", code::F4),
    ("F5", code::F5),
    ("F6", code::F6),
    ("F7", code::F7),
    ("F8", code::F8),
    ("RVS ON", code::RVS_ON),
    ("RVS OFF", code::RVS_OFF),
    ("LBRACE", b'{'),
];

/// The stroke that types PETSCII `c`.
pub fn stroke_for(c: u8) -> Stroke {
    match keys_for(c) {
        Some(keys) => Stroke::Keys { keys, asked: true },
        None => Stroke::Buffer(c),
    }
}

/// Parse key text into strokes.
pub fn parse(text: &str) -> Result<Vec<Stroke>, KeyTextError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        if c == '{' {
            let close = chars[i + 1..]
                .iter()
                .position(|&c| c == '}')
                .ok_or(KeyTextError::Unclosed { at })?;
            let name: String = chars[i + 1..i + 1 + close].iter().collect();
            out.push(parse_token(&name, at)?);
            i += close + 2;
        } else if c == '\\' && chars.get(i + 1) == Some(&'n') {
            out.push(stroke_for(code::RETURN));
            i += 2;
        } else {
            let p = ascii_to_petscii(c).ok_or(KeyTextError::CannotType { c, at })?;
            out.push(stroke_for(p));
            i += 1;
        }
    }
    Ok(out)
}

/// Like [`parse`], skipping what cannot be typed.
pub fn parse_lossy(text: &str) -> Vec<Stroke> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            // An unclosed brace: nothing after it can be read as keys.
            let Some(close) = chars[i + 1..].iter().position(|&c| c == '}') else {
                break;
            };
            let name: String = chars[i + 1..i + 1 + close].iter().collect();
            out.extend(parse_token(&name, i + 1).ok());
            i += close + 2;
            continue;
        }
        if c == '\\' && chars.get(i + 1) == Some(&'n') {
            out.push(stroke_for(code::RETURN));
            i += 2;
            continue;
        }
        out.extend(ascii_to_petscii(c).map(stroke_for));
        i += 1;
    }
    out
}

fn parse_token(name: &str, at: usize) -> Result<Stroke, KeyTextError> {
    let t = name.trim();
    if t.is_empty() {
        return Err(KeyTextError::Empty { at });
    }
    let upper = t.to_ascii_uppercase();
    if let Some(hex) = t.strip_prefix('$') {
        // Two hex digits, as the message says ({$1} and {$+1} are typos).
        let two_digits = hex.len() == 2 && hex.bytes().all(|b| b.is_ascii_hexdigit());
        let c = u8::from_str_radix(hex, 16)
            .ok()
            .filter(|_| two_digits)
            .ok_or_else(|| KeyTextError::BadCode {
                text: hex.to_string(),
                at,
            })?;
        return Ok(stroke_for(c));
    }
    if let Some(rest) = upper.strip_prefix("JOY") {
        return parse_joystick(rest, t, at);
    }
    if let Some(n) = upper.strip_prefix("WAIT") {
        let frames: u64 = n.trim().parse().map_err(|_| KeyTextError::BadAction {
            token: t.to_string(),
            why: "wants a number of frames, e.g. {WAIT 50} for one second",
            at,
        })?;
        return Ok(Stroke::Wait(frames * crate::map::pal::CYCLES_PER_FRAME));
    }
    if upper == "RESTORE" {
        return Ok(Stroke::Restore);
    }
    KEY_NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(t))
        .map(|&(_, c)| stroke_for(c))
        .ok_or(KeyTextError::UnknownKey {
            name: name.to_string(),
            at,
        })
}

fn parse_joystick(rest: &str, token: &str, at: usize) -> Result<Stroke, KeyTextError> {
    let bad = |why| KeyTextError::BadAction {
        token: token.to_string(),
        why,
        at,
    };
    let (port, dirs) = rest
        .split_once(':')
        .ok_or(bad("write it as JOY1:... or JOY2:..."))?;
    let port: u8 = match port.trim() {
        "1" => 1,
        "2" => 2,
        _ => return Err(bad("the joystick ports are 1 and 2")),
    };
    let mut bits = 0;
    for d in dirs.split('+') {
        bits |= match d.trim() {
            "UP" => joy::UP,
            "DOWN" => joy::DOWN,
            "LEFT" => joy::LEFT,
            "RIGHT" => joy::RIGHT,
            "FIRE" => joy::FIRE,
            "RELEASE" | "NONE" | "CENTER" | "CENTRE" => 0,
            _ => {
                return Err(bad(
                    "directions are UP DOWN LEFT RIGHT FIRE (joined with +) or RELEASE",
                ));
            }
        };
    }
    Ok(Stroke::Joystick { port, bits })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keyboard::Key;

    fn keys(s: &Stroke) -> Vec<Key> {
        match s {
            Stroke::Keys { keys, .. } => keys.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn text_and_names_become_key_strokes() {
        let s = parse("a1{RETURN}{down}{$c1}\n").unwrap();
        assert_eq!(keys(&s[0]), vec![Key::A]);
        assert_eq!(keys(&s[1]), vec![Key::N1]);
        assert_eq!(keys(&s[2]), vec![Key::Return]);
        assert_eq!(keys(&s[3]), vec![Key::CrsrDown]);
        assert_eq!(keys(&s[4]), vec![Key::LeftShift, Key::A]);
        assert_eq!(keys(&s[5]), vec![Key::Return]);
        assert_eq!(
            parse("A\\nB").unwrap(),
            parse("A\nB").unwrap(),
            "backslash-n"
        );
        assert_eq!(
            keys(&parse("{UP}").unwrap()[0]),
            vec![Key::LeftShift, Key::CrsrDown]
        );
        assert_eq!(parse("{LBRACE}").unwrap(), vec![Stroke::Buffer(0x7B)]);
    }

    #[test]
    fn joystick_wait_and_restore_tokens() {
        assert_eq!(
            parse("{JOY2:UP+FIRE}{wait 2}{joy2:release}{JOY1:left}{RESTORE}").unwrap(),
            vec![
                Stroke::Joystick {
                    port: 2,
                    bits: joy::UP | joy::FIRE
                },
                Stroke::Wait(2 * 19656),
                Stroke::Joystick { port: 2, bits: 0 },
                Stroke::Joystick {
                    port: 1,
                    bits: joy::LEFT
                },
                Stroke::Restore,
            ]
        );
    }

    proptest::proptest! {
        #[test]
        fn any_text_parses_or_fails_cleanly(text in ".{0,40}") {
            let strict = parse(&text);
            let lossy = parse_lossy(&text);
            if let Ok(s) = strict {
                proptest::prop_assert_eq!(s, lossy);
            }
        }
    }

    #[test]
    fn bad_text_says_what_and_where() {
        assert_eq!(parse("ab{RETURN"), Err(KeyTextError::Unclosed { at: 3 }));
        assert_eq!(parse("{"), Err(KeyTextError::Unclosed { at: 1 }));
        assert_eq!(parse("x{}"), Err(KeyTextError::Empty { at: 2 }));
        assert!(matches!(
            parse("{NOPE}"),
            Err(KeyTextError::UnknownKey { at: 1, .. })
        ));
        assert!(matches!(parse("{$XY}"), Err(KeyTextError::BadCode { .. })));
        for short_or_signed in ["{$1}", "{$+1}", "{$123}", "{$}"] {
            assert!(
                matches!(parse(short_or_signed), Err(KeyTextError::BadCode { .. })),
                "{short_or_signed}"
            );
        }
        assert!(matches!(
            parse("{JOY3:UP}"),
            Err(KeyTextError::BadAction { .. })
        ));
        assert!(matches!(
            parse("{JOY2:JUMP}"),
            Err(KeyTextError::BadAction { .. })
        ));
        assert!(matches!(
            parse("{WAIT x}"),
            Err(KeyTextError::BadAction { .. })
        ));
        assert_eq!(parse("€"), Err(KeyTextError::CannotType { c: '€', at: 1 }));
        let msg = parse("{RETURN").unwrap_err().to_string();
        assert!(
            msg.contains("no closing '}'") && msg.contains("{LBRACE}"),
            "{msg}"
        );
        assert_eq!(parse_lossy("a{RETURN"), parse("a").unwrap());
    }
}
