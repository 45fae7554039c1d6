//! Literals of every type: numbers at the edges of the directives' ranges,
//! bit strings, floats in every notation, quoted strings, byte strings (z85 too).

use super::*;
use crate::expr::{Expr, atom, int};

pub fn leaf(cx: &mut Ctx, ty: Ty) -> Expr {
    match ty {
        Ty::Int => int_leaf(cx),
        Ty::Bits => bits_leaf(cx),
        Ty::Float => float_leaf(cx),
        Ty::Str => atom(str_literal(cx)),
        Ty::Bool => atom(cx.pick(&["true", "false"])),
        Ty::Bytes => bytes_leaf(cx),
        Ty::List => {
            let n = cx.range(0, 4);
            let t = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Float, Ty::Bool]);
            Expr::List((0..n).map(|_| leaf(cx, t)).collect())
        }
        Ty::Tuple => {
            let n = cx.range(0, 3);
            Expr::Tuple((0..n).map(|_| int_leaf(cx)).collect())
        }
        Ty::Dict => {
            let n = cx.range(0, 3);
            Expr::Dict(
                (0..n)
                    .map(|i| (Some(int(i as i128 + 1)), leaf(cx, Ty::Int)))
                    .collect(),
            )
        }
        Ty::Any => {
            let t = cx.pick(SCALARS);
            leaf(cx, t)
        }
    }
}

pub fn int_leaf(cx: &mut Ctx) -> Expr {
    let n: i128 = match cx.weighted(&[(40, 0), (15, 1), (12, 2), (8, 3), (2, 4), (1, 5), (3, 6)]) {
        0 => cx.range(0, 20) as i128,
        1 => *cx.rng.pick(&[
            0i128,
            1,
            2,
            7,
            8,
            15,
            16,
            127,
            128,
            255,
            256,
            32767,
            32768,
            65535,
            65536,
            -1,
            -128,
            -129,
            -32768,
            16777215,
            16777216,
            4294967295,
            4294967296,
            -2147483648,
            -2147483649,
            9223372036854775807,
            9223372036854775808,
            -9223372036854775808,
        ]),
        2 => cx.range(0, 100_000) as i128,
        3 => cx.range(-(1 << 32), 1 << 32) as i128,
        4 => ((cx.rng.next_u64() as i128) << 32) ^ cx.rng.next_u64() as i128,
        5 => ((cx.rng.next_u64() as i128) << 64) | cx.rng.next_u64() as i128,
        _ => return atom(cx.pick(&["1_000", "0_1", "007", "1_2_3", "65_535"])),
    };
    int(n)
}

pub(super) fn bits_leaf(cx: &mut Ctx) -> Expr {
    let mut s = String::new();
    if cx.chance(60) {
        s.push('$');
        let n = cx.range(1, 8);
        for i in 0..n {
            if i > 0 && cx.chance(5) {
                s.push('_');
            }
            s.push(cx.pick(&[
                '0', '1', '2', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'A', 'F',
            ]));
        }
    } else {
        s.push('%');
        let n = cx.range(1, 16);
        for i in 0..n {
            if i > 0 && cx.chance(5) {
                s.push('_');
            }
            s.push(cx.pick(&['0', '1']));
        }
    }
    if cx.chance(15) {
        return prefix("~", atom(s));
    }
    atom(s)
}

pub(super) fn float_leaf(cx: &mut Ctx) -> Expr {
    let whole = cx.weighted(&[(5, 0), (5, 1), (3, 2)]);
    let i = match whole {
        0 => cx.range(0, 9),
        1 => cx.range(0, 1000),
        _ => cx.range(0, 1 << 40),
    };
    let digits = cx.range(1, 4) as usize;
    let frac: String = (0..digits)
        .map(|_| char::from(b'0' + cx.range(0, 9) as u8))
        .collect();
    let s = match cx.weighted(&[(10, 0), (3, 1), (2, 2), (2, 3), (1, 4), (1, 5)]) {
        0 => format!("{i}.{frac}"),
        1 => format!("{i}.{frac}e{}", cx.range(-12, 12)),
        2 => format!("{i}e{}", cx.range(-3, 5)),
        3 => format!(
            "${:x}.{}p{}",
            cx.range(0, 255),
            cx.pick(&["8", "4", "c", "01", "ff"]),
            cx.range(-8, 8)
        ),
        4 => format!(
            "%1{}.{}",
            cx.pick(&["", "0", "1", "01"]),
            cx.pick(&["1", "01", "11"])
        ),
        _ => format!("{i}.{frac}p{}", cx.range(-4, 8)),
    };
    atom(s)
}

/// A string literal in single or double quotes, quotes inside doubled.
pub fn str_literal(cx: &mut Ctx) -> String {
    const PLAIN: &[char] = &[
        'a', 'b', 'c', 'x', 'y', 'z', 'A', 'B', 'Z', '0', '1', '9', ' ', '.', ',', '!', '-', '#',
        '@', '*',
    ];
    const ODD: &[char] = &[
        '"', '\'', '%', '$', '[', ']', '(', ';', '\\', '^', '_', '~', '`', '|', '{', '}', '&', '?',
    ];
    let q = cx.pick(&['"', '"', '\'']);
    let n = cx.weighted(&[(2, 0), (6, 1), (8, 3), (4, 8), (1, 20)]);
    let mut s = String::new();
    s.push(q);
    for _ in 0..n {
        let c = if cx.chance(12) {
            cx.pick(ODD)
        } else {
            cx.pick(PLAIN)
        };
        if cx.chance(2) {
            // Unicode with -a; without it the source is raw 8-bit and these
            // are their UTF-8 bytes, one character each
            s.push(cx.pick(&['é', 'ä', '£', 'π', '←', '€']));
            continue;
        }
        // In -a mode braces start escapes; keep them paired and known.
        if cx.flags.ascii && (c == '{' || c == '}') {
            s.push_str(cx.pick(&["{cr}", "{clr}", "{red}", "{pound}", "{rvs on}", "{space}"]));
            continue;
        }
        s.push(c);
        if c == q {
            s.push(q);
        }
    }
    s.push(q);
    s
}

pub(super) fn bytes_leaf(cx: &mut Ctx) -> Expr {
    match cx.range(0, 4) {
        0 => {
            let n = cx.range(0, 6);
            let hex: Vec<String> = (0..n)
                .map(|_| format!("{:02x}", cx.range(0, 255)))
                .collect();
            let sep = if cx.chance(30) { " " } else { "" };
            atom(format!("x\"{}\"", hex.join(sep)))
        }
        1 => {
            let n = cx.range(0, 9) as usize;
            let bytes: Vec<u8> = (0..n).map(|_| cx.range(0, 255) as u8).collect();
            atom(format!("z\"{}\"", z85(&bytes)))
        }
        _ => {
            let p = cx.pick(&["b", "n", "p", "s", "l"]);
            let s = str_literal(cx);
            atom(format!("{p}{s}"))
        }
    }
}

/// Z85 as 64tass writes it: groups of 4 bytes as 5 characters, a short last
/// group without its leading zeros.
fn z85(bytes: &[u8]) -> String {
    const DIGITS: &[u8] =
        b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#";
    let mut out = String::new();
    for chunk in bytes.chunks(4) {
        let mut v: u32 = 0;
        for b in chunk {
            v = (v << 8) | *b as u32;
        }
        let n = chunk.len() + 1;
        let mut chars = [0u8; 5];
        for c in chars.iter_mut().rev() {
            *c = DIGITS[(v % 85) as usize];
            v /= 85;
        }
        out.push_str(std::str::from_utf8(&chars[5 - n..]).unwrap());
    }
    out
}
