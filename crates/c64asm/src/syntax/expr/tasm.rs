//! Expressions as Turbo Assembler read them (`-T`, `--tasm-compatible`),
//! 64tass's second expression reader:
//!
//! - the operators `+ - * /`, `&` (and), `.` (or), `:` (exclusive or) all
//!   bind alike and apply strictly left to right (`2+3*4` is 20), with
//!   parentheses for grouping;
//! - every operand and every result is a 16-bit unsigned word (`1-2` is
//!   `$ffff`);
//! - `<` or `>` before an element takes the low or high byte of the whole
//!   of it (`#<label+1` is the low byte of `label+1`), `#` before the first
//!   element makes it immediate, `,x` and `,y` index, and an operand that
//!   opens with a parenthesis is indirect where it closes (`(zp),y`);
//! - values are decimal integers, `$hex`, `%binary`, `"strings"` (a doubled
//!   quote ends the string), `*` and plain symbols; there is no unary
//!   operator, float, function or list.
//!
//! The values are the general parser's nodes: a TASM operation is
//! [`UnOp::TasmWord`] over the general operation of its operands' words,
//! so evaluation, replay and listing need nothing of their own.

use super::super::ast::{AddrOp, BinOp, Pos, Reg, UnOp};
use super::super::compiled::{Expr, ExprList, MAX_HEIGHT};
use super::super::scan::{self, PResult, error};
use super::Parser;

/// Where a TASM expression stops, as 64tass's reader is told.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// Values separated by commas up to the end of the line.
    List,
    /// One value, up to a comma that doesn't index.
    One,
    /// An instruction's operand (a leading parenthesis may be indirect).
    Operand,
}

/// What waits on the operator stack for its right operand (or its bracket).
#[derive(Clone, Copy)]
enum Pending {
    Bracket,
    Binary(BinOp),
    Index(Reg),
    /// The closing bracket of an operand that opened with it.
    Indirect,
}

/// A value on the stack: where 64tass places it (a result at its left
/// operand, an addressing mode at its operator), and whether it is already
/// a word (the result of a TASM operation), which needs no conversion.
struct Item {
    expr: Expr,
    at: Pos,
    word: bool,
}

impl Parser<'_, '_> {
    /// The values of a TASM expression from the cursor (see [`Stop`]).
    pub(super) fn tasm(&mut self, stop: Stop) -> PResult<ExprList> {
        let mut values: Vec<Item> = Vec::new();
        let mut pending: Vec<(Pending, Pos)> = Vec::new();
        // `#` before the first element: every element is immediate, as in
        // 64tass (it remembers the `#` for the rest of the line).
        let mut hash: Option<Pos> = None;
        // `<`/`>` before the element being read, applied when it ends.
        let mut byte: Option<(UnOp, Pos)>;
        let mut first_bracket;
        'element: loop {
            // A new element (64tass's `rest`).
            self.skip_ws();
            byte = None;
            first_bracket = self.peek() == b'(' && stop == Stop::Operand;
            if values.is_empty() && self.peek() == b'#' {
                hash = Some(self.pos as Pos);
                self.pos += 1;
            }
            match self.peek() {
                0 | b';' => return Ok(values.into_iter().map(|i| i.expr).collect()),
                b'<' => byte = Some((UnOp::TasmLow, self.pos as Pos)),
                b'>' => byte = Some((UnOp::TasmHigh, self.pos as Pos)),
                _ => {}
            }
            if byte.is_some() {
                self.pos += 1;
            }
            // A symbol already read after a comma (`.byte a,b`) is the next
            // value, without its own `<`, `>` or brackets.
            let mut symbol_after_comma: Option<(usize, usize)> = None;
            loop {
                // An operand.
                let value = match symbol_after_comma.take() {
                    Some((start, len)) => self.tasm_symbol(start, len),
                    None => {
                        self.skip_ws();
                        if self.peek() == b'(' {
                            pending.push((Pending::Bracket, self.pos as Pos));
                            self.pos += 1;
                            continue;
                        }
                        self.tasm_value()?
                    }
                };
                values.push(Item {
                    at: value.start(),
                    expr: value,
                    word: false,
                });
                // After it: operators (64tass's `other`).
                loop {
                    self.skip_ws();
                    let at = self.pos;
                    self.apply_to_bracket(&mut values, &mut pending)?;
                    match self.peek() {
                        b',' => {
                            self.pos += 1;
                            let len = self.ident_len_at(self.pos);
                            let start = self.pos;
                            self.pos += len;
                            if len == 1
                                && let Some(reg) = self.tasm_index(start)
                            {
                                pending.push((Pending::Index(reg), at as Pos));
                                continue;
                            }
                            self.end_element(&mut values, byte, hash);
                            if stop == Stop::One {
                                self.pos = at;
                                return self.tasm_done(values, &pending);
                            }
                            if len != 0 {
                                symbol_after_comma = Some((start, len));
                                break;
                            }
                            continue 'element;
                        }
                        c @ (b'&' | b'.' | b'(' | b':' | b'*' | b'/' | b'+' | b'-') => {
                            let op = match c {
                                b'&' => BinOp::And,
                                b'.' => BinOp::Or,
                                b'*' => BinOp::Mul,
                                b'/' => BinOp::Div,
                                b'+' => BinOp::Add,
                                b'-' => BinOp::Sub,
                                // `(` after a value is accepted as `:` by the
                                // original, and by 64tass.
                                _ => BinOp::Xor,
                            };
                            pending.push((Pending::Binary(op), at as Pos));
                            self.pos += 1;
                            break;
                        }
                        b')' => {
                            if !matches!(pending.last(), Some((Pending::Bracket, _))) {
                                return error(self.pos, "')' not expected");
                            }
                            pending.pop();
                            self.pos += 1;
                            if pending.is_empty() && first_bracket {
                                pending.push((Pending::Indirect, at as Pos));
                                first_bracket = false;
                            }
                        }
                        0 | b';' | b' ' | b'\t' => {
                            self.end_element(&mut values, byte, hash);
                            return self.tasm_done(values, &pending);
                        }
                        _ => return self.unexpected("an operator is"),
                    }
                }
            }
        }
    }

    /// The end of the expression: every bracket must be closed.
    fn tasm_done(&self, values: Vec<Item>, pending: &[(Pending, Pos)]) -> PResult<ExprList> {
        if let Some(&(_, at)) = pending.last() {
            return error(at as usize, "')' expected");
        }
        Ok(values.into_iter().map(|i| i.expr).collect())
    }

    /// Apply what waits down to the innermost open bracket.
    fn apply_to_bracket(
        &mut self,
        values: &mut Vec<Item>,
        pending: &mut Vec<(Pending, Pos)>,
    ) -> PResult<()> {
        while let Some(&(p, at)) = pending.last() {
            if matches!(p, Pending::Bracket) {
                break;
            }
            pending.pop();
            let Some(top) = values.pop() else {
                return error(at as usize, "expression syntax error");
            };
            let made = match p {
                Pending::Binary(op) => {
                    let Some(left) = values.pop() else {
                        return error(at as usize, "expression syntax error");
                    };
                    let start = left.at;
                    let (a, b) = (self.word_of(left), self.word_of(top));
                    let e = Expr::binary(&mut self.arena, at, op, a, b);
                    Item {
                        expr: Expr::unary(&mut self.arena, start, UnOp::TasmWord, e),
                        at: start,
                        word: true,
                    }
                }
                Pending::Index(reg) => {
                    let e = self.checked(top);
                    Item {
                        expr: Expr::addr(&mut self.arena, at, AddrOp::Index(reg), e),
                        at,
                        word: false,
                    }
                }
                Pending::Indirect => {
                    let e = self.checked(top);
                    Item {
                        expr: Expr::addr(&mut self.arena, at, AddrOp::Ind, e),
                        at,
                        word: false,
                    }
                }
                Pending::Bracket => unreachable!("stopped above"),
            };
            if made.expr.height() > MAX_HEIGHT {
                return error(
                    at as usize,
                    format!("expression too complex (more than {MAX_HEIGHT} operators in a chain)"),
                );
            }
            values.push(made);
        }
        Ok(())
    }

    /// An operand as TASM reads it: its 16-bit word.
    fn word_of(&mut self, item: Item) -> Expr {
        if item.word {
            return item.expr;
        }
        Expr::unary(&mut self.arena, item.at, UnOp::TasmWord, item.expr)
    }

    /// An operand made immediate, indexed or indirect: 64tass takes its
    /// word first, so an operand without one (a structure, a function) is
    /// reported where the operand is placed.
    fn checked(&mut self, item: Item) -> Expr {
        if item.word {
            return item.expr;
        }
        Expr::unary(&mut self.arena, item.at, UnOp::TasmCheck, item.expr)
    }

    /// An element ends: its `<` or `>`, then the line's `#`.
    fn end_element(&mut self, values: &mut [Item], byte: Option<(UnOp, Pos)>, hash: Option<Pos>) {
        let Some(top) = values.last_mut() else { return };
        if let Some((op, at)) = byte {
            let e = std::mem::replace(&mut top.expr, Expr::int(0, 0));
            top.expr = Expr::unary(&mut self.arena, at, op, e);
            top.at = at;
            top.word = false;
        }
        if let Some(at) = hash {
            let e = std::mem::replace(&mut top.expr, Expr::int(0, 0));
            let e = self.checked(Item {
                expr: e,
                at: top.at,
                word: top.word,
            });
            top.expr = Expr::addr(&mut self.arena, at, AddrOp::Imm, e);
            top.at = at;
            top.word = false;
        }
    }

    /// The index register a one-letter name after a comma names (`,x`).
    fn tasm_index(&self, at: usize) -> Option<Reg> {
        let b = self.bytes[at];
        let b = if self.dialect.case_sensitive {
            b
        } else {
            b | 0x20
        };
        matches!(b, b'x' | b'y')
            .then(|| Reg::from_letter(b))
            .flatten()
    }

    /// A value: a number, a string, `*` or a symbol.
    fn tasm_value(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let at = start as Pos;
        match self.peek() {
            b'$' | b'%' => {
                let hex = self.peek() == b'$';
                let digit = |b: u8| {
                    b == b'_'
                        || if hex {
                            b.is_ascii_hexdigit()
                        } else {
                            matches!(b, b'0' | b'1')
                        }
                };
                let end = self.digits_end(start + 1, digit);
                self.pos = end;
                if end == start + 1 {
                    // No digits: an empty bit string, as in 64tass.
                    return Ok(Expr::bits(at, crate::value::Bits::new(0, 0)));
                }
                let (n, _) = scan::number(&self.text[..end], start)?;
                Ok(self.number_node(start, n))
            }
            b'0'..=b'9' => {
                let end = self.digits_end(start, |b| b.is_ascii_digit() || b == b'_');
                let (n, _) = scan::number(&self.text[..end], start)?;
                self.pos = end;
                Ok(self.number_node(start, n))
            }
            b'"' => {
                // No doubled quotes: the first one after the opening ends it.
                let close = self.bytes[start + 1..self.end]
                    .iter()
                    .position(|&b| b == b'"')
                    .map_or(self.end, |i| start + 2 + i);
                let (s, end) = scan::string(&self.text[..close], start)?;
                self.pos = end;
                Ok(Expr::string(at, s.into()))
            }
            b'*' => {
                self.pos += 1;
                Ok(Expr::star(at))
            }
            _ => {
                let len = self.ident_len_at(start);
                if len == 0 {
                    return self.unexpected("an expression is");
                }
                self.pos += len;
                Ok(self.tasm_symbol(start, len))
            }
        }
    }

    fn tasm_symbol(&mut self, start: usize, len: usize) -> Expr {
        let name = self.name(start, len);
        Expr::ident(start as Pos, name)
    }

    /// Where a run of digits (as `digit` says) from `from` ends.
    fn digits_end(&self, from: usize, digit: impl Fn(u8) -> bool) -> usize {
        let mut end = from;
        while end < self.end && digit(self.bytes[end]) {
            end += 1;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Dialect, Parser};
    use super::Stop;
    use crate::intern::Interner;

    fn dump(src: &str, stop: Stop) -> String {
        let mut names = Interner::default();
        let d = Dialect {
            case_sensitive: false,
            unicode: false,
            tasm: true,
        };
        let mut p = Parser::new(src, 0, src.len(), &mut names, d);
        match p.tasm(stop) {
            Ok(v) => v
                .iter()
                .map(|e| format!("{e:?}"))
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error@{}: {}", e.pos, e.msg),
        }
    }

    #[test]
    fn brackets_and_stops() {
        assert_eq!(dump("(1", Stop::List), "error@0: ')' expected");
        assert_eq!(dump("1)", Stop::List), "error@1: ')' not expected");
        assert_eq!(dump("1 2", Stop::List), "error@2: an operator is expected");
        assert_eq!(dump("-1", Stop::List), "error@0: an expression is expected");
        assert!(dump("1,2", Stop::One).starts_with("0:Int"));
        assert_eq!(dump("1,2", Stop::List).matches(" | ").count(), 1);
        assert_eq!(dump("", Stop::List), "");
    }
}
