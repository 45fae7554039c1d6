//! Macros, segments and functions: positional (`\1`), named (`\name`,
//! `\{name}`) and text (`@1`) parameters, defaults, `\@`, every way of
//! calling (`#m`, `.m`, bare `m`, with a label in front), labels inside,
//! `.segment` (no scope of its own), `.function` (as an expression and as a
//! statement), `.sfunction`, and a macro defined inside another one (whose
//! `\1` is its own argument, not the outer call's).

use super::Ctx;
use super::values::{Ty, expr, int_leaf};
use crate::case::{Line, Piece, line};
use crate::expr::{Expr, atom, int};

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    match cx.weighted(&[
        (5, "macro"),
        (2, "segment"),
        (3, "function"),
        (2, "sfunction"),
        (2, "nested"),
    ]) {
        "macro" => macro_case(cx, false),
        "nested" => nested_case(cx),
        "segment" => macro_case(cx, true),
        "function" => function_case(cx),
        _ => sfunction_case(cx),
    }
}

/// A value written as a macro argument (text, substituted where the parameter is).
fn argument(cx: &mut Ctx) -> Expr {
    match cx.range(0, 4) {
        0 => int(cx.range(0, 255) as i128),
        1 => atom(format!("${:02x}", cx.range(0, 255))),
        2 => {
            let a = cx.range(0, 100);
            atom(format!("{a}+{}", cx.range(0, 100)))
        }
        3 => atom(cx.pick(&["\"ab\"", "'x'", "[1, 2]"])),
        _ => int_leaf(cx),
    }
}

fn macro_case(cx: &mut Ctx, segment: bool) -> Vec<Line> {
    let name = cx.name(if segment { "seg" } else { "mac" });
    let nparams = cx.range(0, 3) as usize;
    let params: Vec<String> = (0..nparams).map(|i| format!("p{i}")).collect();
    let defaults: Vec<Option<i64>> = params
        .iter()
        .map(|_| {
            if cx.chance(30) {
                Some(cx.range(0, 99))
            } else {
                None
            }
        })
        .collect();
    let mut header = format!("{name} .{}", if segment { "segment" } else { "macro" });
    for (i, p) in params.iter().enumerate() {
        header.push_str(if i == 0 { " " } else { ", " });
        header.push_str(p);
        if let Some(d) = defaults[i] {
            header.push_str(&format!("={d}"));
        }
    }
    let mut lines = vec![line!(header)];
    // The body: uses of the parameters in every notation.
    for _ in 0..cx.range(1, 3) {
        let i = cx.range(0, nparams.max(1) as i64 - 1) as usize;
        let body = match cx.range(0, 6) {
            0 if nparams > 0 => line!(format!(" .byte \\{}", i + 1)),
            1 if nparams > 0 => line!(format!(" .byte \\{}", params[i])),
            2 if nparams > 0 => line!(format!(" .byte \\{{{}}} + 1", params[i])),
            3 if nparams > 0 => line!(format!(" .text \"@{}\"", i + 1)),
            4 => line!(" .text \"\\@\""),
            5 => {
                let l = cx.name("in");
                line!(format!("{l} .byte len(\"\\@\")"))
            }
            _ => line!(" nop"),
        };
        lines.push(body);
    }
    let end = if segment {
        cx.pick(&[" .endsegment", " .endm"])
    } else {
        cx.pick(&[" .endmacro", " .endm"])
    };
    lines.push(line!(end));
    // Calls.
    for _ in 0..cx.range(1, 3) {
        let nargs = if cx.chance(85) {
            nparams
        } else {
            cx.range(0, 4) as usize
        };
        let mut pieces: Vec<Piece> = Vec::new();
        if cx.chance(20) {
            pieces.push(Piece::Text(cx.name("at")));
        }
        let callee = cx.refer(&name);
        let how = cx.pick(&["#", "#", ".", ""]);
        pieces.push(Piece::Text(format!(" {how}{callee}")));
        for a in 0..nargs {
            pieces.push(if a == 0 { " ".into() } else { ", ".into() });
            if defaults.get(a).copied().flatten().is_some() && cx.chance(30) {
                continue; // an empty argument takes the default
            }
            pieces.push(argument(cx).into());
        }
        lines.push(Line::new(pieces));
    }
    lines
}

/// A macro (or segment) defined inside another macro, used by the call
/// that defines it and maybe outside after it.
fn nested_case(cx: &mut Ctx) -> Vec<Line> {
    let outer = cx.name("out");
    let inner = cx.name("inr");
    let kind = cx.pick(&[".macro", ".segment"]);
    let mut lines = vec![line!(format!("{outer} .macro o"))];
    lines.push(line!(" .byte \\1"));
    lines.push(line!(format!("{inner} {kind} i=1")));
    lines.push(line!(match cx.range(0, 2) {
        0 => " .byte \\1",
        1 => " .byte \\i + 1",
        _ => " .byte \\1, \\i",
    }));
    lines.push(line!(" .endm"));
    for _ in 0..cx.range(1, 2) {
        let a = argument(cx);
        lines.push(line!(format!(" #{inner} "), a));
    }
    if cx.chance(30) {
        lines.push(line!(format!(" #{inner}")));
    }
    lines.push(line!(" .endm"));
    for _ in 0..cx.range(1, 2) {
        let a = argument(cx);
        lines.push(line!(format!(" #{} ", cx.refer(&outer)), a));
    }
    lines
}

fn function_case(cx: &mut Ctx) -> Vec<Line> {
    let name = cx.name("fun");
    let nparams = cx.range(0, 3) as usize;
    let params: Vec<String> = (0..nparams).map(|i| format!("a{i}")).collect();
    let with_default = nparams > 0 && cx.chance(30);
    let rest = cx.chance(15);
    let mut header = format!("{name} .function");
    for (i, p) in params.iter().enumerate() {
        header.push_str(if i == 0 { " " } else { ", " });
        header.push_str(p);
        if with_default && i == nparams - 1 {
            header.push_str("=7");
        }
    }
    if rest {
        header.push_str(if nparams == 0 { " *r" } else { ", *r" });
    }
    let mut lines = vec![line!(header)];
    let mut inner_syms = params
        .iter()
        .map(|p| (p.clone(), Ty::Int))
        .collect::<Vec<_>>();
    if cx.chance(50) {
        lines.push(line!(" .byte len(\"body\")"));
    }
    if cx.chance(40) {
        lines.push(line!("tmp := 3"));
        inner_syms.push(("tmp".into(), Ty::Int));
    }
    let saved = std::mem::replace(&mut cx.syms, inner_syms);
    let result = expr(cx, Ty::Int, 2);
    cx.syms = saved;
    let endf = cx.pick(&[" .endf ", " .endfunction "]);
    if rest {
        lines.push(line!(endf, result, ", len(r)"));
    } else if cx.chance(15) {
        lines.push(line!(endf.trim_end()));
    } else {
        lines.push(line!(endf, result));
    }
    for _ in 0..cx.range(1, 3) {
        let nargs = if cx.chance(85) {
            nparams
        } else {
            cx.range(0, 4) as usize
        };
        let args: Vec<Expr> = (0..nargs).map(|_| int(cx.range(-5, 300) as i128)).collect();
        let callee = cx.refer(&name);
        match cx.range(0, 3) {
            0 | 1 => lines.push(line!(" .text repr(", Expr::Call(callee, args), ")")),
            2 => {
                // called like a macro, its result given to the label in front
                let l = cx.name("r");
                let mut pieces: Vec<Piece> = vec![Piece::Text(format!("{l} #{callee}"))];
                for (i, a) in args.into_iter().enumerate() {
                    pieces.push(if i == 0 { " ".into() } else { ", ".into() });
                    pieces.push(a.into());
                }
                lines.push(Line::new(pieces));
                lines.push(line!(format!(" .text repr({l})")));
            }
            _ => lines.push(line!(" .byte ", Expr::Call(callee, args), " & $ff")),
        }
    }
    lines
}

fn sfunction_case(cx: &mut Ctx) -> Vec<Line> {
    let name = cx.name("sf");
    let nparams = cx.range(1, 3) as usize;
    let params: Vec<String> = (0..nparams).map(|i| format!("b{i}")).collect();
    let mut header = format!("{name} .sfunction ");
    for (i, p) in params.iter().enumerate() {
        header.push_str(p);
        if i == nparams - 1 && cx.chance(30) {
            header.push_str("=2");
        }
        header.push_str(", ");
    }
    let saved = std::mem::replace(
        &mut cx.syms,
        params.iter().map(|p| (p.clone(), Ty::Int)).collect(),
    );
    let body = expr(cx, Ty::Int, 2);
    cx.syms = saved;
    let mut lines = vec![line!(header, body)];
    for _ in 0..cx.range(1, 3) {
        let nargs = if cx.chance(85) {
            nparams
        } else {
            cx.range(0, 3) as usize
        };
        let args: Vec<Expr> = (0..nargs).map(|_| int(cx.range(-5, 300) as i128)).collect();
        let callee = cx.refer(&name);
        lines.push(line!(" .text repr(", Expr::Call(callee, args), ")"));
    }
    lines
}
