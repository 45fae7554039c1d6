//! Where bytes go: `.section/.dsection` (declared before or after the
//! fragments), `.logical/.here`, `.virtual`, `*` assignment, `.offs`,
//! `.align` inside relocated code, `.eor`, `.cpu`, `.page`, and the
//! conditional errors `.cerror`/`.cwarn`.

use super::Ctx;
use super::values::{Ty, expr, small};
use crate::case::{Line, line};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    for _ in 0..cx.range(1, 2) {
        match cx.weighted(&[
            (4, "section"),
            (3, "logical"),
            (2, "virtual"),
            (2, "star"),
            (1, "offs"),
            (1, "eor"),
            (1, "cpu"),
            (1, "page"),
            (1, "cerror"),
        ]) {
            "section" => section(cx, &mut lines),
            "logical" => {
                let (l, m) = (cx.name("lg"), cx.name("lg"));
                let addr = cx.pick(&["$c000", "$0334", "$80", "* + 16", "$ffff"]);
                lines.push(line!(format!(" .logical {addr}")));
                lines.push(line!(format!("{l} .byte 1")));
                if cx.chance(40) {
                    lines.push(line!(" .align ", small(cx, 1, 8)));
                }
                lines.push(line!(format!("{m} jmp {l}")));
                lines.push(line!(cx.pick(&[" .here", " .endlogical"])));
                lines.push(line!(format!(" .word {l}, {m}, *")));
            }
            "virtual" => {
                let (a, b) = (cx.name("vt"), cx.name("vt"));
                let at = cx.pick(&[" $d400", " $fb", "", " * + 3"]);
                lines.push(line!(format!(" .virtual{at}")));
                lines.push(line!(format!("{a} .word ?")));
                lines.push(line!(format!("{b} .byte ?")));
                lines.push(line!(cx.pick(&[" .endv", " .endvirtual"])));
                lines.push(line!(format!(" .word {a}, {b}, *")));
                lines.push(line!(format!(" lda {b}")));
            }
            "star" => {
                let form = cx.pick(&["* = * + ", "*= * + ", "* += "]);
                lines.push(line!(" .byte 1"));
                lines.push(line!(form, small(cx, 0, 6)));
                lines.push(line!(" .byte 2"));
                lines.push(line!(" .word *"));
            }
            "offs" => {
                let l = cx.name("of");
                lines.push(line!(" .offs ", small(cx, -2, 6)));
                lines.push(line!(format!("{l} nop")));
                lines.push(line!(format!(" .word {l}, *")));
            }
            "eor" => {
                lines.push(line!(" .eor ", small(cx, 0, 255)));
                let e = expr(cx, Ty::Int, 1);
                lines.push(line!(" .byte 1, (", e, ") & $ff"));
                lines.push(line!(" .text \"ab\""));
                lines.push(line!(" .eor 0"));
            }
            "cpu" => {
                let cpu = cx.pick(&["\"6502i\"", "\"6502\"", "\"default\""]);
                lines.push(line!(format!(" .cpu {cpu}")));
                lines.push(line!(cx.pick(&[
                    " lax $12",
                    " nop",
                    " lda ($12),y",
                    " sax $1234",
                    " stz $12"
                ])));
                lines.push(line!(" .cpu \"default\""));
            }
            "page" => {
                lines.push(line!(" .page"));
                lines.push(line!(" .fill ", small(cx, 0, 300)));
                lines.push(line!(cx.pick(&[" .endp", " .endpage"])));
            }
            "listing" => {
                // listing controls: no bytes, no errors
                let d = cx.pick(&[".proff", ".pron", ".hidemac", ".showmac"]);
                lines.push(line!(format!(" {d}")));
                lines.push(line!(" .byte 9"));
            }
            _ => {
                let c = expr(cx, Ty::Bool, 1);
                let d = cx.pick(&[".cerror", ".cwarn", ".cerror", ".warn"]);
                if d == ".warn" {
                    lines.push(line!(" .warn \"note\""));
                } else {
                    lines.push(line!(format!(" {d} "), c, ", \"failed\""));
                }
                lines.push(line!(" .byte 7"));
            }
        }
    }
    lines
}

fn section(cx: &mut Ctx, lines: &mut Vec<Line>) {
    // Section names are global in 64tass: the case id keeps them apart.
    let id = cx.id;
    let (a, b) = (cx.name(&format!("sa{id}_")), cx.name(&format!("sb{id}_")));
    let declare_first = cx.chance(60);
    if declare_first {
        lines.push(line!(format!(" .dsection {a}")));
    }
    for _ in 0..cx.range(1, 3) {
        let l = cx.name("sl");
        lines.push(line!(format!(" .section {a}")));
        lines.push(line!(format!("{l} .byte "), small(cx, 0, 255)));
        lines.push(line!(if cx.chance(50) {
            format!(" .send {a}")
        } else {
            " .send".to_string()
        }));
        lines.push(line!(format!(" .word {l}")));
    }
    if cx.chance(30) {
        // a section inside a section: its name is known inside the parent
        lines.push(line!(format!(" .section {a}")));
        lines.push(line!(format!(" .dsection {b}")));
        lines.push(line!(format!(" .section {b}")));
        lines.push(line!(" .byte $bb"));
        lines.push(line!(cx.pick(&[" .send", " .endsection"])));
        lines.push(line!(" .send"));
    }
    if !declare_first {
        lines.push(line!(" .byte $ee"));
        lines.push(line!(format!(" .dsection {a}")));
    }
}
