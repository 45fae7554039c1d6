//! Symbols: constants (`=`), variables (`:=`, `.var`), reassignment in a
//! parent scope (`::=`), conditional definition (`:?=`), every compound
//! assignment, redefinitions and uses before the definition, case
//! (in)sensitivity of names, and `*` read as a value.

use super::Ctx;
use super::values::{Ty, expr, small};
use crate::case::{Line, line};
use crate::expr::Expr;

/// Compound assignments with the types of value they take.
const COMPOUND: &[(&str, Ty)] = &[
    ("+=", Ty::Int),
    ("-=", Ty::Int),
    ("*=", Ty::Int),
    ("/=", Ty::Int),
    ("%=", Ty::Int),
    ("|=", Ty::Int),
    ("^=", Ty::Int),
    ("&=", Ty::Int),
    ("||=", Ty::Bool),
    ("&&=", Ty::Bool),
    ("<?=", Ty::Int),
    (">?=", Ty::Int),
    ("..=", Ty::Str),
    ("**=", Ty::Int),
    ("<<=", Ty::Int),
    (">>=", Ty::Int),
    ("x=", Ty::Int),
];

pub fn generate(cx: &mut Ctx) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut vars: Vec<(String, Ty)> = Vec::new();
    let mut consts: Vec<String> = Vec::new();
    for _ in 0..cx.range(2, 7) {
        match cx.weighted(&[
            (4, "const"),
            (5, "var"),
            (6, "compound"),
            (2, "reassign"),
            (2, "cond"),
            (1, "redefine"),
            (1, "early"),
            (4, "show"),
            (1, "star"),
            (1, "block"),
        ]) {
            "const" => {
                let ty = cx.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Float, Ty::List]);
                let e = expr(cx, ty, 2);
                let name = cx.name("c");
                lines.push(line!(format!("{name} = "), e));
                cx.syms.push((name.clone(), ty));
                consts.push(name);
            }
            "var" => {
                let ty = cx.pick(&[Ty::Int, Ty::Int, Ty::Int, Ty::Str, Ty::Bool, Ty::List]);
                let e = expr(cx, ty, 2);
                let name = cx.name("v");
                let form = if cx.chance(40) { " .var " } else { " := " };
                lines.push(line!(format!("{name}{form}"), e));
                vars.push((name.clone(), ty));
                cx.syms.push((name, ty));
            }
            "compound" if !vars.is_empty() => {
                let (name, ty) = vars[cx.pick_index(vars.len())].clone();
                let (op, vt) = if cx.chance(85) {
                    let fitting: Vec<&(&str, Ty)> = COMPOUND
                        .iter()
                        .filter(|(_, t)| *t == ty || (ty == Ty::List && *t == Ty::Int))
                        .collect();
                    if fitting.is_empty() {
                        *cx.rng.pick(COMPOUND)
                    } else {
                        **cx.rng.pick(&fitting)
                    }
                } else {
                    *cx.rng.pick(COMPOUND)
                };
                let value: Expr = if matches!(op, "**=" | "<<=" | ">>=" | "x=") {
                    small(cx, 0, 4)
                } else {
                    expr(cx, vt, 1)
                };
                let name = cx.refer(&name);
                let inner = cx.chance(20);
                if inner {
                    lines.push(line!(" .block"));
                }
                lines.push(line!(format!("{name} {op} "), value));
                if inner {
                    lines.push(line!(" .bend"));
                }
            }
            "reassign" if !vars.is_empty() => {
                let (name, ty) = vars[cx.pick_index(vars.len())].clone();
                let e = expr(cx, ty, 1);
                let name = cx.refer(&name);
                lines.push(line!(" .block"));
                lines.push(line!(format!("{name} ::= "), e));
                lines.push(line!(" .bend"));
            }
            "cond" => {
                // `:?=` keeps an existing value, defines a missing one
                let name = if !vars.is_empty() && cx.chance(50) {
                    vars[cx.pick_index(vars.len())].0.clone()
                } else {
                    cx.name("q")
                };
                let e = expr(cx, Ty::Int, 1);
                lines.push(line!(format!("{name} :?= "), e));
                if !vars.iter().any(|(n, _)| *n == name) {
                    vars.push((name.clone(), Ty::Int));
                    cx.syms.push((name, Ty::Int));
                }
            }
            "redefine" if !consts.is_empty() => {
                let name = consts[cx.pick_index(consts.len())].clone();
                let e = expr(cx, Ty::Int, 1);
                let form = cx.pick(&[" = ", " := ", " .var "]);
                lines.push(line!(format!("{name}{form}"), e));
            }
            "early" => {
                // a use before the definition: fine for constants, an error for variables
                let name = cx.name("f");
                let var = cx.chance(50);
                lines.push(line!(format!(" .text repr({})", cx.refer(&name))));
                let e = expr(cx, Ty::Int, 1);
                lines.push(line!(
                    format!("{name} {} ", if var { ":=" } else { "=" }),
                    e
                ));
                if var {
                    vars.push((name.clone(), Ty::Int));
                }
                cx.syms.push((name, Ty::Int));
            }
            "star" => {
                let name = cx.name("here");
                lines.push(line!(format!("{name} = * + "), small(cx, 0, 9)));
                lines.push(line!(format!(" .word {name}, *")));
            }
            "block" => {
                // a name used inside a block is looked up in the enclosing scopes
                let name = cx.name("o");
                let e = expr(cx, Ty::Int, 1);
                lines.push(line!(format!("{name} = "), e));
                lines.push(line!(" .block"));
                let inner = if cx.chance(50) {
                    line!(format!("{name} = 5"))
                } else {
                    line!(" nop")
                };
                lines.push(inner);
                lines.push(line!(format!(" .text repr({})", cx.refer(&name))));
                lines.push(line!(" .bend"));
            }
            _ => {
                let all: Vec<String> = vars
                    .iter()
                    .map(|(n, _)| n.clone())
                    .chain(consts.iter().cloned())
                    .collect();
                if all.is_empty() {
                    continue;
                }
                let name = all[cx.pick_index(all.len())].clone();
                let name = cx.refer(&name);
                lines.push(line!(format!(" .text repr({name})")));
            }
        }
    }
    // Show the final values.
    for (name, _) in &vars {
        lines.push(line!(format!(" .text repr({name})")));
    }
    lines
}
