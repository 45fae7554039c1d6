//! Files next to the source (see `judge::files`): `.include`, `.binclude`
//! with and without a label, `.binary` with offset and length (negative
//! ones too) and the `binary()` function; a missing file.

use super::Ctx;
use super::values::small;
use crate::case::{Line, line};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..cx.range(1, 2) {
        match cx.weighted(&[
            (3, "include"),
            (2, "binclude"),
            (4, "binary"),
            (3, "function"),
            (1, "missing"),
        ]) {
            "include" => {
                lines.push(line!(" .include \"inc.asm\""));
                lines.push(line!(format!(
                    " .byte {}",
                    cx.pick(&["inc_k", "INC_K", "size(inc_lbl)"])
                )));
                lines.push(line!(" .word inc_lbl"));
            }
            "binclude" => {
                let b = cx.name("bi");
                if cx.chance(70) {
                    lines.push(line!(format!("{b} .binclude \"inc.asm\"")));
                    lines.push(line!(format!(" .byte {b}.inc_k")));
                    lines.push(line!(format!(" .word {}.inc_lbl", cx.refer(&b))));
                } else {
                    // without a label the symbols can't be reached
                    lines.push(line!(" .binclude \"inc.asm\""));
                    lines.push(line!(" .byte inc_k"));
                }
            }
            "binary" => {
                let file = cx.weighted(&[(6, "data.bin"), (1, "empty.bin")]);
                lines.push(match cx.range(0, 2) {
                    0 => line!(format!(" .binary \"{file}\"")),
                    1 => line!(format!(" .binary \"{file}\", "), small(cx, -45, 45)),
                    _ => line!(
                        format!(" .binary \"{file}\", "),
                        small(cx, -45, 45),
                        ", ",
                        small(cx, -2, 45)
                    ),
                });
            }
            "function" => {
                let args = match cx.range(0, 2) {
                    0 => String::new(),
                    1 => format!(", {}", cx.range(-45, 45)),
                    _ => format!(", {}, {}", cx.range(-45, 45), cx.range(0, 45)),
                };
                let call = format!("binary(\"data.bin\"{args})");
                lines.push(match cx.range(0, 3) {
                    0 => line!(format!(" .text {call}")),
                    1 => line!(format!(" .byte len({call})")),
                    2 => line!(format!(" .text repr({call}[{}])", cx.range(-3, 3))),
                    _ => line!(format!(" .byte {call}[[1, 0]]")),
                });
            }
            _ => lines.push(line!(
                cx.pick(&[" .binary \"nosuch.bin\"", " .include \"nosuch.asm\""])
            )),
        }
    }
    lines
}
