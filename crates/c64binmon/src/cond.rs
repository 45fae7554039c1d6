//! Checkpoint conditions: the VICE monitor's expressions (`A == $10`, `X == Y`,
//! `@io:$d020 == $f0`, `@cpu:(pc - $1) == $37`, `FL & $80`), parsed when set and
//! evaluated at each hit against the machine's registers and memory.
//!
//! As in VICE, operators are evaluated strictly left to right (parentheses group);
//! numbers are hexadecimal unless prefixed (`$` and `0x` hex, `%` binary, `&` octal,
//! `+` decimal); registers are A, X, Y, PC, SP, FL, RL (raster line) and CY (cycle in
//! the line), also LIN and CYC, with an optional `c:` prefix.

use std::fmt;

/// What an expression reads: the registers and memory at the hit.
pub trait Env {
    /// A register's value.
    fn register(&self, reg: Reg) -> u16;
    /// A byte of a bank ("cpu", "ram", "rom", "io"; "default" as "cpu"), or None for a
    /// bank that does not exist.
    fn memory(&self, bank: &str, addr: u16) -> Option<u8>;
}

/// A register an expression names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Reg {
    A,
    X,
    Y,
    Pc,
    Sp,
    Fl,
    /// Raster line.
    Line,
    /// Cycle in the line.
    Cycle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    LogAnd,
    LogOr,
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Operand {
    Num(i64),
    Reg(Reg),
    Mem(String, Box<Expr>),
    Group(Box<Expr>),
}

/// A parsed condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    first: Operand,
    rest: Vec<(BinOp, Operand)>,
}

/// Why a condition does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// Parse a condition (an `if` in front is allowed).
pub fn parse(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser {
        s: text.as_bytes(),
        at: 0,
    };
    p.skip_ws();
    if p.s[p.at..].len() >= 3
        && p.s[p.at..p.at + 2].eq_ignore_ascii_case(b"if")
        && p.s[p.at + 2] == b' '
    {
        p.at += 2;
    }
    let e = p.expr()?;
    p.skip_ws();
    if p.at != p.s.len() {
        return Err(ParseError(format!(
            "unexpected text at {:?}",
            &text[p.at..]
        )));
    }
    Ok(e)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.at < self.s.len() && self.s[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        let first = self.operand()?;
        let mut rest = Vec::new();
        while let Some(op) = self.binop() {
            rest.push((op, self.operand()?));
        }
        Ok(Expr { first, rest })
    }

    fn binop(&mut self) -> Option<BinOp> {
        self.skip_ws();
        let two: &[u8] = self.s.get(self.at..self.at + 2).unwrap_or(&[]);
        let (op, len) = match two {
            b"==" => (BinOp::Eq, 2),
            b"!=" => (BinOp::Ne, 2),
            b"<=" => (BinOp::Le, 2),
            b">=" => (BinOp::Ge, 2),
            b"&&" => (BinOp::LogAnd, 2),
            b"||" => (BinOp::LogOr, 2),
            _ => match self.peek()? {
                b'<' => (BinOp::Lt, 1),
                b'>' => (BinOp::Gt, 1),
                b'+' => (BinOp::Add, 1),
                b'-' => (BinOp::Sub, 1),
                b'*' => (BinOp::Mul, 1),
                b'/' => (BinOp::Div, 1),
                b'&' => (BinOp::And, 1),
                b'|' => (BinOp::Or, 1),
                _ => return None,
            },
        };
        self.at += len;
        Some(op)
    }

    fn word(&mut self) -> &str {
        let start = self.at;
        while self.at < self.s.len()
            && (self.s[self.at].is_ascii_alphanumeric() || self.s[self.at] == b'_')
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.s[start..self.at]).unwrap_or("")
    }

    fn number(&mut self, radix: u32) -> Result<i64, ParseError> {
        let w = self.word().to_string();
        i64::from_str_radix(&w, radix).map_err(|_| ParseError(format!("bad number {w:?}")))
    }

    fn operand(&mut self) -> Result<Operand, ParseError> {
        self.skip_ws();
        let Some(c) = self.peek() else {
            return Err(ParseError("expression ends early".into()));
        };
        match c {
            b'(' => {
                self.at += 1;
                let e = self.expr()?;
                self.skip_ws();
                if self.peek() != Some(b')') {
                    return Err(ParseError("missing )".into()));
                }
                self.at += 1;
                Ok(Operand::Group(Box::new(e)))
            }
            b'$' => {
                self.at += 1;
                Ok(Operand::Num(self.number(16)?))
            }
            b'%' => {
                self.at += 1;
                Ok(Operand::Num(self.number(2)?))
            }
            b'&' => {
                self.at += 1;
                Ok(Operand::Num(self.number(8)?))
            }
            b'+' => {
                self.at += 1;
                Ok(Operand::Num(self.number(10)?))
            }
            b'@' => {
                self.at += 1;
                let bank = self.word().to_ascii_lowercase();
                if self.peek() != Some(b':') {
                    return Err(ParseError("@bank: needs a colon".into()));
                }
                self.at += 1;
                let addr = match self.peek() {
                    Some(b'(') => self.operand()?,
                    Some(b'$') => {
                        self.at += 1;
                        Operand::Num(self.number(16)?)
                    }
                    _ => return Err(ParseError("@bank: needs $address or (expression)".into())),
                };
                let addr = Expr {
                    first: addr,
                    rest: Vec::new(),
                };
                Ok(Operand::Mem(bank, Box::new(addr)))
            }
            _ => {
                let w = self.word().to_ascii_uppercase();
                if w.is_empty() {
                    return Err(ParseError(format!("unexpected {:?}", c as char)));
                }
                let w = if w == "C" && self.peek() == Some(b':') {
                    self.at += 1;
                    self.word().to_ascii_uppercase()
                } else {
                    w
                };
                if let Some(hex) = w.strip_prefix("0X") {
                    return i64::from_str_radix(hex, 16)
                        .map(Operand::Num)
                        .map_err(|_| ParseError(format!("bad number {w:?}")));
                }
                let reg = match w.as_str() {
                    "A" => Reg::A,
                    "X" => Reg::X,
                    "Y" => Reg::Y,
                    "PC" => Reg::Pc,
                    "SP" => Reg::Sp,
                    "FL" => Reg::Fl,
                    "RL" | "LIN" => Reg::Line,
                    "CY" | "CYC" => Reg::Cycle,
                    _ => {
                        return i64::from_str_radix(&w, 16)
                            .map(Operand::Num)
                            .map_err(|_| ParseError(format!("unknown register or number {w:?}")));
                    }
                };
                Ok(Operand::Reg(reg))
            }
        }
    }
}

impl Expr {
    /// The value (non-zero is true), or None when it reads a bank that does not exist
    /// or divides by zero.
    pub fn eval(&self, env: &dyn Env) -> Option<i64> {
        let mut v = operand(&self.first, env)?;
        for (op, o) in &self.rest {
            let r = operand(o, env)?;
            v = match op {
                BinOp::Add => v.wrapping_add(r),
                BinOp::Sub => v.wrapping_sub(r),
                BinOp::Mul => v.wrapping_mul(r),
                BinOp::Div => v.checked_div(r)?,
                BinOp::And => v & r,
                BinOp::Or => v | r,
                BinOp::LogAnd => i64::from(v != 0 && r != 0),
                BinOp::LogOr => i64::from(v != 0 || r != 0),
                BinOp::Eq => i64::from(v == r),
                BinOp::Ne => i64::from(v != r),
                BinOp::Lt => i64::from(v < r),
                BinOp::Gt => i64::from(v > r),
                BinOp::Le => i64::from(v <= r),
                BinOp::Ge => i64::from(v >= r),
            };
        }
        Some(v)
    }

    /// Is the condition true? (An expression that cannot be evaluated is false.)
    pub fn holds(&self, env: &dyn Env) -> bool {
        self.eval(env).is_some_and(|v| v != 0)
    }
}

fn operand(o: &Operand, env: &dyn Env) -> Option<i64> {
    match o {
        Operand::Num(n) => Some(*n),
        Operand::Reg(r) => Some(i64::from(env.register(*r))),
        Operand::Group(e) => e.eval(env),
        Operand::Mem(bank, addr) => {
            let a = addr.eval(env)?;
            env.memory(bank, a as u16).map(i64::from)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fake;
    impl Env for Fake {
        fn register(&self, reg: Reg) -> u16 {
            match reg {
                Reg::A => 0x10,
                Reg::X => 4,
                Reg::Y => 4,
                Reg::Pc => 0x0811,
                Reg::Fl => 0xB1,
                _ => 0,
            }
        }
        fn memory(&self, bank: &str, addr: u16) -> Option<u8> {
            match bank {
                "io" if addr == 0xD020 => Some(0xF0),
                "cpu" if addr == 0x0810 => Some(0x37),
                "cpu" | "io" => Some(0),
                _ => None,
            }
        }
    }

    fn holds(s: &str) -> bool {
        parse(s).unwrap().holds(&Fake)
    }

    #[test]
    fn registers_numbers_and_comparisons() {
        assert!(holds("A == $10"));
        assert!(holds("a == 10"), "numbers are hex by default");
        assert!(holds("A == +16"));
        assert!(holds("X == Y"));
        assert!(holds("c:X == 4"));
        assert!(!holds("X != Y"));
        assert!(holds("$9531 == $9531"));
        assert!(holds("if PC >= $0800 && PC < $0900"));
        assert!(holds("FL & %10000000"));
        assert!(!holds("FL & $40"));
    }

    #[test]
    fn strictly_left_to_right_with_parentheses() {
        // (1 + 2) * 3 left to right is 9; 1 + (2 * 3) is 7.
        assert_eq!(parse("1 + 2 * 3").unwrap().eval(&Fake), Some(9));
        assert_eq!(parse("1 + (2 * 3)").unwrap().eval(&Fake), Some(7));
    }

    #[test]
    fn memory_in_banks() {
        assert!(holds("@io:$d020 == $f0"));
        assert!(holds("@cpu:(pc - $1) == $37"));
        assert!(!holds("@nosuch:$1000 == 0"), "an unknown bank is false");
    }

    #[test]
    fn bad_text_is_an_error() {
        for bad in ["", "A ==", "(A == 1", "Q == 1", "@io $d020", "A == $zz"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
