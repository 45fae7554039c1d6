//! The C64 keyboard and joysticks as CIA 1 sees them.
//!
//! The 64 keys sit in an 8x8 matrix: a key connects column line PA`c` ($DC00 bit c,
//! driven low to select) to row line PB`r` ($DC01 bit r, read low while the key is
//! down). Joystick port 2 pulls PA0-4 low (up, down, left, right, fire), port 1 pulls
//! PB0-4 low, so port 1 looks like keys to the KERNAL's scan, as on a real C64.
//! RESTORE is not in the matrix: it pulses the NMI line.
//!
//! Also here: the KERNAL's four decode tables (plain, SHIFT, C=, CTRL) for the stub
//! KERNAL's native SCNKEY, and the reverse lookup from a PETSCII code to the keys that
//! type it.

use crate::map::ram;

/// A key of the C64 keyboard, numbered as the KERNAL numbers them in $CB/$C5:
/// column * 8 + row of the matrix.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
#[rustfmt::skip]
pub enum Key {
    InstDel, Return, CrsrRight, F7, F1, F3, F5, CrsrDown,
    N3, W, A, N4, Z, S, E, LeftShift,
    N5, R, D, N6, C, F, T, X,
    N7, Y, G, N8, B, H, U, V,
    N9, I, J, N0, M, K, O, N,
    Plus, P, L, Minus, Period, Colon, At, Comma,
    Pound, Asterisk, Semicolon, ClrHome, RightShift, Equals, UpArrow, Slash,
    N1, LeftArrow, Ctrl, N2, Space, Commodore, Q, RunStop,
}

impl Key {
    /// Every key in matrix order.
    #[rustfmt::skip]
    pub const ALL: [Key; 64] = {
        use Key::*;
        [
            InstDel, Return, CrsrRight, F7, F1, F3, F5, CrsrDown,
            N3, W, A, N4, Z, S, E, LeftShift,
            N5, R, D, N6, C, F, T, X,
            N7, Y, G, N8, B, H, U, V,
            N9, I, J, N0, M, K, O, N,
            Plus, P, L, Minus, Period, Colon, At, Comma,
            Pound, Asterisk, Semicolon, ClrHome, RightShift, Equals, UpArrow, Slash,
            N1, LeftArrow, Ctrl, N2, Space, Commodore, Q, RunStop,
        ]
    };

    /// The KERNAL's key number (column * 8 + row).
    pub fn index(self) -> u8 {
        self as u8
    }

    /// Column: the $DC00 bit that selects it.
    pub fn column(self) -> u8 {
        self.index() / 8
    }

    /// Row: the $DC01 bit it pulls low.
    pub fn row(self) -> u8 {
        self.index() % 8
    }

    /// The key at matrix position (column, row).
    pub fn at(column: u8, row: u8) -> Key {
        Key::ALL[usize::from((column & 7) * 8 + (row & 7))]
    }

    /// The PETSCII code this key gives with the modifiers `shflag` held (SHIFT 1, C= 2,
    /// CTRL 4), as the KERNAL decodes it; None for the modifiers themselves and
    /// combinations that give nothing.
    pub fn petscii(self, shflag: u8) -> Option<u8> {
        decode(self, shflag)
    }

    fn is_modifier(self) -> bool {
        self.modifier_bit() != 0
    }

    /// SHFLAG bit: SHIFT 1, C= 2, CTRL 4.
    fn modifier_bit(self) -> u8 {
        match self {
            Key::LeftShift | Key::RightShift => 1,
            Key::Commodore => 2,
            Key::Ctrl => 4,
            _ => 0,
        }
    }
}

/// Joystick bits (set = pushed), as they pull the port lines low.
pub mod joy {
    /// Up.
    pub const UP: u8 = 0x01;
    /// Down.
    pub const DOWN: u8 = 0x02;
    /// Left.
    pub const LEFT: u8 = 0x04;
    /// Right.
    pub const RIGHT: u8 = 0x08;
    /// Fire button.
    pub const FIRE: u8 = 0x10;
}

/// "No key" in the KERNAL's tables.
const NONE: u8 = 0xFF;

#[rustfmt::skip]
const PLAIN: [u8; 64] = [
    0x14, 0x0D, 0x1D, 0x88, 0x85, 0x86, 0x87, 0x11,
    0x33, 0x57, 0x41, 0x34, 0x5A, 0x53, 0x45, NONE,
    0x35, 0x52, 0x44, 0x36, 0x43, 0x46, 0x54, 0x58,
    0x37, 0x59, 0x47, 0x38, 0x42, 0x48, 0x55, 0x56,
    0x39, 0x49, 0x4A, 0x30, 0x4D, 0x4B, 0x4F, 0x4E,
    0x2B, 0x50, 0x4C, 0x2D, 0x2E, 0x3A, 0x40, 0x2C,
    0x5C, 0x2A, 0x3B, 0x13, NONE, 0x3D, 0x5E, 0x2F,
    0x31, 0x5F, NONE, 0x32, 0x20, NONE, 0x51, 0x03,
];

#[rustfmt::skip]
const SHIFTED: [u8; 64] = [
    0x94, 0x8D, 0x9D, 0x8C, 0x89, 0x8A, 0x8B, 0x91,
    0x23, 0xD7, 0xC1, 0x24, 0xDA, 0xD3, 0xC5, NONE,
    0x25, 0xD2, 0xC4, 0x26, 0xC3, 0xC6, 0xD4, 0xD8,
    0x27, 0xD9, 0xC7, 0x28, 0xC2, 0xC8, 0xD5, 0xD6,
    0x29, 0xC9, 0xCA, 0x30, 0xCD, 0xCB, 0xCF, 0xCE,
    0xDB, 0xD0, 0xCC, 0xDD, 0x3E, 0x5B, 0xBA, 0x3C,
    0xA9, 0xC0, 0x5D, 0x93, NONE, 0x3D, 0xDE, 0x3F,
    0x21, 0x5F, NONE, 0x22, 0xA0, NONE, 0xD1, 0x83,
];

#[rustfmt::skip]
const COMMODORE: [u8; 64] = [
    0x94, 0x8D, 0x9D, 0x8C, 0x89, 0x8A, 0x8B, 0x91,
    0x96, 0xB3, 0xB0, 0x97, 0xAD, 0xAE, 0xB1, NONE,
    0x98, 0xB2, 0xAC, 0x99, 0xBC, 0xBB, 0xA3, 0xBD,
    0x9A, 0xB7, 0xA5, 0x9B, 0xBF, 0xB4, 0xB8, 0xBE,
    0x29, 0xA2, 0xB5, 0x30, 0xA7, 0xA1, 0xB9, 0xAA,
    0xA6, 0xAF, 0xB6, 0xDC, 0x3E, 0x5B, 0xA4, 0x3C,
    0xA8, 0xDF, 0x5D, 0x93, NONE, 0x3D, 0xDE, 0x3F,
    0x81, 0x5F, NONE, 0x95, 0xA0, NONE, 0xAB, 0x83,
];

#[rustfmt::skip]
const CONTROL: [u8; 64] = [
    NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE,
    0x1C, 0x17, 0x01, 0x9F, 0x1A, 0x13, 0x05, NONE,
    0x9C, 0x12, 0x04, 0x1E, 0x03, 0x06, 0x14, 0x18,
    0x1F, 0x19, 0x07, 0x9E, 0x02, 0x08, 0x15, 0x16,
    0x12, 0x09, 0x0A, 0x92, 0x0D, 0x0B, 0x0F, 0x0E,
    NONE, 0x10, 0x0C, NONE, NONE, 0x1B, 0x00, NONE,
    0x1C, NONE, 0x1D, NONE, NONE, 0x1F, 0x1E, NONE,
    0x90, 0x06, NONE, 0x05, NONE, NONE, 0x11, NONE,
];

/// The PETSCII code a key gives with the SHFLAG modifiers held (None: no character).
pub fn decode(key: Key, shflag: u8) -> Option<u8> {
    let table = match shflag {
        0 => &PLAIN,
        1 => &SHIFTED,
        2 => &COMMODORE,
        _ => &CONTROL,
    };
    let c = table[usize::from(key.index())];
    (c != NONE).then_some(c)
}

/// The keys that type `code`: the key itself plus SHIFT, C= or CTRL if needed. None for
/// codes no key produces ($60-$7F, $E0-$FF and a few control codes).
pub fn keys_for(code: u8) -> Option<Vec<Key>> {
    let tables: [(&[u8; 64], Option<Key>); 4] = [
        (&PLAIN, None),
        (&SHIFTED, Some(Key::LeftShift)),
        (&CONTROL, Some(Key::Ctrl)),
        (&COMMODORE, Some(Key::Commodore)),
    ];
    for (table, modifier) in tables {
        if let Some(i) = table.iter().position(|&c| c == code && c != NONE) {
            let key = Key::ALL[i];
            if key.is_modifier() {
                continue;
            }
            return Some(match modifier {
                Some(m) => vec![m, key],
                None => vec![key],
            });
        }
    }
    None
}

/// Keys held, one byte per column with a bit per row.
pub type Matrix = [u8; 8];

/// Add or remove a key in a matrix.
pub fn set(matrix: &mut Matrix, key: Key, down: bool) {
    let bit = 1 << key.row();
    if down {
        matrix[usize::from(key.column())] |= bit;
    } else {
        matrix[usize::from(key.column())] &= !bit;
    }
}

/// Is `key` down in `matrix`?
#[cfg(test)]
pub fn is_down(matrix: &Matrix, key: Key) -> bool {
    matrix[usize::from(key.column())] & (1 << key.row()) != 0
}

/// The keys down in `matrix`, in matrix order.
pub fn keys_in(matrix: &Matrix) -> Vec<Key> {
    Key::ALL
        .iter()
        .copied()
        .filter(|k| matrix[usize::from(k.column())] & (1 << k.row()) != 0)
        .collect()
}

/// The main key and the SHFLAG bits of a key combination.
pub fn split(keys: &[Key]) -> (Option<Key>, u8) {
    let mut main = None;
    let mut shflag = 0;
    for &k in keys {
        match k.modifier_bit() {
            0 => main = Some(k),
            b => shflag |= b,
        }
    }
    (main, shflag)
}

/// Row lines pulled low through the keys of the columns `pa` drives low.
pub fn rows_for(matrix: &Matrix, pa: u8) -> u8 {
    let mut low = 0;
    for (col, rows) in matrix.iter().enumerate() {
        if pa & (1 << col) == 0 {
            low |= rows;
        }
    }
    !low
}

/// Column lines pulled low through the keys of the rows `pb` drives low.
pub fn columns_for(matrix: &Matrix, pb: u8) -> u8 {
    let mut low = 0;
    for (col, rows) in matrix.iter().enumerate() {
        if rows & !pb != 0 {
            low |= 1 << col;
        }
    }
    !low
}

/// The pin levels CIA 1 sees on its ports: (port A, port B), given what the CIA drives
/// and the keys and joysticks (`joy[0]` port 1, `joy[1]` port 2; bits from [`joy`]).
pub fn cia1_inputs(matrix: &Matrix, joy: [u8; 2], pa_out: u8, pb_out: u8) -> (u8, u8) {
    let joy1 = !(joy[0] & 0x1F);
    let joy2 = !(joy[1] & 0x1F);
    let pa_lines = pa_out & joy2;
    let pb_lines = pb_out & joy1;
    let pb_in = rows_for(matrix, pa_lines) & joy1;
    let pa_in = columns_for(matrix, pb_lines) & joy2;
    (pa_in, pb_in)
}

/// Result of one native keyboard scan.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scan {
    /// The non-modifier key found (the last in scan order), if any.
    pub key: Option<Key>,
    /// SHIFT 1, C= 2, CTRL 4.
    pub shflag: u8,
}

/// Scan the matrix one column at a time, as the KERNAL does (joystick 1 included).
pub fn scan(matrix: &Matrix, joy: [u8; 2]) -> Scan {
    let mut s = Scan {
        key: None,
        shflag: 0,
    };
    for col in 0..8u8 {
        let (_, rows) = cia1_inputs(matrix, joy, !(1 << col), 0xFF);
        for row in 0..8u8 {
            if rows & (1 << row) == 0 {
                let key = Key::at(col, row);
                match key.modifier_bit() {
                    0 => s.key = Some(key),
                    bit => s.shflag |= bit,
                }
            }
        }
    }
    s
}

/// Characters the KERNAL repeats while held (with RPTFLG at its default).
fn repeats_by_default(c: u8) -> bool {
    matches!(c, 0x14 | 0x94 | 0x20 | 0xA0 | 0x1D | 0x9D | 0x11 | 0x91)
}

/// What SCNKEY does with a scan, on the KERNAL's RAM: $CB/$C5 current/last key,
/// $028D/$028E modifiers, the key buffer with its repeat counters, and the SHIFT+C=
/// case switch (returned as true so the caller can flip $D018).
pub fn scnkey(ram: &mut [u8], s: Scan) -> bool {
    let at = |a: u16| usize::from(a);
    let mut toggle_case = false;
    ram[at(ram::LSTSHF)] = ram[at(ram::SHFLAG)];
    ram[at(ram::SHFLAG)] = s.shflag;
    if s.shflag == 3 && ram[at(ram::LSTSHF)] != 3 && ram[at(ram::MODE)] & 0x80 == 0 {
        toggle_case = true;
    }
    let index = s.key.map_or(64, Key::index);
    ram[at(ram::SFDX)] = index;
    let Some(key) = s.key else {
        ram[at(ram::LSTX)] = 64;
        return toggle_case;
    };
    let Some(c) = decode(key, s.shflag) else {
        ram[at(ram::LSTX)] = index;
        return toggle_case;
    };
    if index == ram[at(ram::LSTX)] {
        let rpt = ram[at(ram::RPTFLG)];
        let repeat = rpt & 0x80 != 0 || (rpt & 0x40 == 0 && repeats_by_default(c));
        if !repeat {
            return toggle_case;
        }
        if ram[at(ram::DELAY)] != 0 {
            ram[at(ram::DELAY)] -= 1;
            return toggle_case;
        }
        ram[at(ram::KOUNT)] = ram[at(ram::KOUNT)].wrapping_sub(1);
        if ram[at(ram::KOUNT)] != 0 || ram[at(ram::NDX)] != 0 {
            return toggle_case;
        }
        ram[at(ram::KOUNT)] = 4;
    } else {
        ram[at(ram::DELAY)] = 16;
        ram[at(ram::KOUNT)] = 4;
        ram[at(ram::LSTX)] = index;
    }
    put_in_buffer(ram, c);
    toggle_case
}

/// Append to the KERNAL key buffer if it has room (as the KERNAL does: a full buffer
/// drops the key).
pub fn put_in_buffer(ram: &mut [u8], c: u8) -> bool {
    let n = ram[usize::from(ram::NDX)];
    if n >= ram[usize::from(ram::XMAX)].min(10) {
        return false;
    }
    ram[usize::from(ram::KEYD) + usize::from(n)] = c;
    ram[usize::from(ram::NDX)] = n + 1;
    true
}

// Snapshot files (c64state): every variant named.
c64state::persist_enum!(Key {
    InstDel,
    Return,
    CrsrRight,
    F7,
    F1,
    F3,
    F5,
    CrsrDown,
    N3,
    W,
    A,
    N4,
    Z,
    S,
    E,
    LeftShift,
    N5,
    R,
    D,
    N6,
    C,
    F,
    T,
    X,
    N7,
    Y,
    G,
    N8,
    B,
    H,
    U,
    V,
    N9,
    I,
    J,
    N0,
    M,
    K,
    O,
    N,
    Plus,
    P,
    L,
    Minus,
    Period,
    Colon,
    At,
    Comma,
    Pound,
    Asterisk,
    Semicolon,
    ClrHome,
    RightShift,
    Equals,
    UpArrow,
    Slash,
    N1,
    LeftArrow,
    Ctrl,
    N2,
    Space,
    Commodore,
    Q,
    RunStop
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_numbers_are_the_kernals() {
        assert_eq!(Key::A.index(), 10);
        assert_eq!((Key::A.column(), Key::A.row()), (1, 2));
        assert_eq!(Key::Space.index(), 60);
        assert_eq!(Key::RunStop.index(), 63);
        assert_eq!(Key::at(0, 1), Key::Return);
        for (i, k) in Key::ALL.iter().enumerate() {
            assert_eq!(usize::from(k.index()), i);
        }
    }

    #[test]
    fn petscii_finds_its_keys() {
        assert_eq!(keys_for(0x41), Some(vec![Key::A]));
        assert_eq!(keys_for(0xC1), Some(vec![Key::LeftShift, Key::A]));
        assert_eq!(keys_for(0x93), Some(vec![Key::LeftShift, Key::ClrHome]));
        assert_eq!(keys_for(0x1C), Some(vec![Key::Ctrl, Key::N3]), "red");
        assert_eq!(
            keys_for(0x81),
            Some(vec![Key::Commodore, Key::N1]),
            "orange"
        );
        assert_eq!(keys_for(0x22), Some(vec![Key::LeftShift, Key::N2]));
        assert_eq!(keys_for(0x0D), Some(vec![Key::Return]));
        assert_eq!(keys_for(0x7B), None, "no key gives $7B");
        for code in 0..=255u8 {
            if let Some(keys) = keys_for(code) {
                let key = *keys.last().unwrap();
                let shflag = keys[..keys.len() - 1]
                    .iter()
                    .fold(0, |f, k| f | k.modifier_bit());
                assert_eq!(decode(key, shflag), Some(code), "{code:02X}");
            }
        }
    }

    #[test]
    fn the_matrix_reads_through_cia1_with_joysticks_wired_in() {
        let mut m = [0u8; 8];
        set(&mut m, Key::A, true);
        // Column 1 selected: row 2 low.
        assert_eq!(cia1_inputs(&m, [0, 0], 0xFD, 0xFF).1, 0xFB);
        assert_eq!(cia1_inputs(&m, [0, 0], 0xFE, 0xFF).1, 0xFF);
        // Reverse: row 2 driven low pulls column 1 low.
        assert_eq!(cia1_inputs(&m, [0, 0], 0xFF, 0xFB).0, 0xFD);
        // Joystick 2 up+fire pulls PA0 and PA4; joystick 1 fire pulls PB4.
        assert_eq!(cia1_inputs(&[0; 8], [0, 0x11], 0xFF, 0xFF).0, 0xEE);
        assert_eq!(cia1_inputs(&[0; 8], [0x10, 0], 0xFF, 0xFF).1, 0xEF);
        // Joystick 1 looks like a key (row 4 in every column): SPACE's row.
        let s = scan(&[0; 8], [joy::FIRE, 0]);
        assert_eq!(s.key, Some(Key::at(7, 4)));
    }

    #[test]
    fn scnkey_decodes_new_keys_and_ignores_held_ones() {
        let mut ram = vec![0u8; 0x400];
        ram[usize::from(ram::XMAX)] = 10;
        ram[usize::from(ram::LSTX)] = 64;
        let a = Scan {
            key: Some(Key::A),
            shflag: 1,
        };
        scnkey(&mut ram, a);
        assert_eq!(ram[usize::from(ram::NDX)], 1);
        assert_eq!(ram[usize::from(ram::KEYD)], 0xC1);
        assert_eq!(ram[usize::from(ram::SFDX)], 10);
        assert_eq!(ram[usize::from(ram::SHFLAG)], 1);
        scnkey(&mut ram, a);
        assert_eq!(ram[usize::from(ram::NDX)], 1, "held: no repeat for letters");
        scnkey(
            &mut ram,
            Scan {
                key: None,
                shflag: 0,
            },
        );
        assert_eq!(ram[usize::from(ram::LSTX)], 64);
        scnkey(&mut ram, a);
        assert_eq!(ram[usize::from(ram::NDX)], 2);
        // SHIFT + C= asks for the case switch once.
        let sc = Scan {
            key: None,
            shflag: 3,
        };
        assert!(scnkey(&mut ram, sc));
        assert!(!scnkey(&mut ram, sc));
    }

    #[test]
    fn cursor_keys_repeat_after_the_delay_when_the_buffer_is_empty() {
        let mut ram = vec![0u8; 0x400];
        ram[usize::from(ram::XMAX)] = 10;
        ram[usize::from(ram::LSTX)] = 64;
        let down = Scan {
            key: Some(Key::CrsrDown),
            shflag: 0,
        };
        let mut delivered = 0;
        for _ in 0..30 {
            scnkey(&mut ram, down);
            if ram[usize::from(ram::NDX)] > 0 {
                delivered += 1;
                ram[usize::from(ram::NDX)] = 0;
            }
        }
        // One at once, then after 16 scans of delay one every 4 scans.
        assert_eq!(delivered, 1 + (30 - 1 - 16) / 4);
    }
}
