//! Expressions in 64tass syntax (breakpoint conditions, logpoints, the debug console),
//! evaluated by c64asm itself: the expression is assembled in a small source that
//! defines the registers and the labels it names.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use c64emu::Regs;

/// The register names an expression can use (lower case; c64asm's default symbols
/// are case-insensitive).
pub const REGISTERS: [&str; 6] = ["a", "x", "y", "sp", "pc", "p"];

/// Evaluate `expr` with the registers and the program's labels.
pub fn evaluate(expr: &str, regs: &Regs, labels: &[(String, u16)]) -> Result<i64, String> {
    if expr.contains(['\n', '\r', ';']) {
        return Err("an expression is one line without comments".into());
    }
    let mut src = String::new();
    let tree = Scope::of(expr, labels);
    tree.write(&mut src, 0);
    let values = [
        regs.a.into(),
        regs.x.into(),
        regs.y.into(),
        regs.sp.into(),
        regs.pc,
        regs.p.into(),
    ];
    for (name, v) in REGISTERS.iter().zip(values) {
        // A label of the program with a register's name: the register wins.
        let _ = writeln!(src, "{name} := ${v:x}");
    }
    let _ = writeln!(src, "c64debug_value__ = ({expr})");
    let program = c64asm::assemble_str("expression", &src, &c64asm::Options::default())
        .map_err(|d| first_message(&d.to_string()))?;
    program
        .symbol("c64debug_value__")
        .ok_or_else(|| format!("{expr} has no integer value"))
}

/// Is `expr` true (not zero)?
pub fn holds(expr: &str, regs: &Regs, labels: &[(String, u16)]) -> Result<bool, String> {
    evaluate(expr, regs, labels).map(|v| v != 0)
}

/// Replace each `{expr}` of a logpoint's message by its value.
pub fn interpolate(msg: &str, regs: &Regs, labels: &[(String, u16)]) -> String {
    let mut out = String::new();
    let mut rest = msg;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            rest = &rest[open..];
            break;
        };
        let inner = &rest[open + 1..open + close];
        match evaluate(inner, regs, labels) {
            Ok(v) => out.push_str(&format_value(v)),
            Err(e) => {
                let _ = write!(out, "<{e}>");
            }
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// `$1f (31)`, as the debugger shows numbers.
pub fn format_value(v: i64) -> String {
    if (0..=0xFF).contains(&v) {
        format!("${v:02x} ({v})")
    } else if (0..=0xFFFF).contains(&v) {
        format!("${v:04x} ({v})")
    } else {
        v.to_string()
    }
}

/// The assembler's first error line, without the made-up file's name.
fn first_message(diags: &str) -> String {
    let line = diags.lines().find(|l| l.contains("error")).unwrap_or(diags);
    match line.split_once("error:") {
        Some((_, m)) => m.trim().to_string(),
        None => line.trim().to_string(),
    }
}

/// The labels an expression may name, as nested scopes (`game.loop` is `loop` in the
/// scope `game`).
#[derive(Default)]
struct Scope {
    addr: Option<u16>,
    inner: BTreeMap<String, Scope>,
}

impl Scope {
    /// The labels whose first part is a word of `expr` (so the source stays small).
    fn of(expr: &str, labels: &[(String, u16)]) -> Scope {
        let words: Vec<&str> = expr
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .flat_map(|w| w.split('.').next())
            .filter(|w| !w.is_empty())
            .collect();
        let mut root = Scope::default();
        for (name, addr) in labels {
            let first = name.split('.').next().unwrap_or(name);
            if !words.iter().any(|w| w.eq_ignore_ascii_case(first)) {
                continue;
            }
            let mut node = &mut root;
            for part in name.split('.') {
                node = node.inner.entry(part.to_string()).or_default();
            }
            node.addr = Some(*addr);
        }
        root
    }

    fn write(&self, src: &mut String, depth: usize) {
        for (name, s) in &self.inner {
            if REGISTERS.iter().any(|r| r.eq_ignore_ascii_case(name)) && depth == 0 {
                continue;
            }
            let addr = s.addr.unwrap_or(0);
            if s.inner.is_empty() {
                let _ = writeln!(src, "{name} = ${addr:x}");
            } else {
                let _ = writeln!(src, "* = ${addr:x}\n{name} .block");
                s.write(src, depth + 1);
                let _ = writeln!(src, " .bend");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regs() -> Regs {
        Regs {
            a: 0x12,
            x: 3,
            y: 0,
            sp: 0xf0,
            pc: 0x0810,
            p: 0x20,
        }
    }

    #[test]
    fn registers_labels_and_scopes() {
        let labels = vec![
            ("start".to_string(), 0x0810),
            ("game".to_string(), 0x0900),
            ("game.loop".to_string(), 0x0905),
        ];
        assert_eq!(evaluate("a == $12 && x > 2", &regs(), &labels), Ok(1));
        assert_eq!(evaluate("pc - start", &regs(), &labels), Ok(0));
        assert_eq!(evaluate("game.loop + 1", &regs(), &labels), Ok(0x906));
        assert_eq!(evaluate("<game.loop", &regs(), &labels), Ok(5));
        assert!(evaluate("nothere + 1", &regs(), &labels).is_err());
        assert!(evaluate("1 +", &regs(), &labels).is_err());
        assert!(evaluate("1\n lda #2", &regs(), &labels).is_err());
    }

    #[test]
    fn logpoint_messages() {
        let labels = vec![("start".to_string(), 0x0810)];
        assert_eq!(
            interpolate("A={a} at {pc-start}, {oops", &regs(), &labels),
            "A=$12 (18) at $00 (0), {oops"
        );
    }
}
