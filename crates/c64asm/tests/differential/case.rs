//! A test case: a few source lines from one family of constructs, rendered
//! into a batch source together with other cases.

use std::fmt::Write as _;

use crate::expr::Expr;

/// Part of a source line: fixed text, or an expression the minimizer may shrink.
#[derive(Clone, Debug)]
pub enum Piece {
    Text(String),
    Expr(Expr),
}

impl From<&str> for Piece {
    fn from(s: &str) -> Piece {
        Piece::Text(s.to_string())
    }
}

impl From<String> for Piece {
    fn from(s: String) -> Piece {
        Piece::Text(s)
    }
}

impl From<Expr> for Piece {
    fn from(e: Expr) -> Piece {
        Piece::Expr(e)
    }
}

impl From<&Expr> for Piece {
    fn from(e: &Expr) -> Piece {
        Piece::Expr(e.clone())
    }
}

/// One source line.
#[derive(Clone, Debug)]
pub struct Line {
    pub pieces: Vec<Piece>,
    /// Part of the skeleton of loop number `n` (header, counter, end): the
    /// minimizer never removes or shrinks such a line alone (a loop without
    /// its counter would never end), only the whole skeleton or the whole loop.
    pub fixed: Option<u32>,
}

impl Line {
    pub fn new(pieces: Vec<Piece>) -> Line {
        Line {
            pieces,
            fixed: None,
        }
    }

    pub fn fixed(mut self, group: u32) -> Line {
        self.fixed = Some(group);
        self
    }

    pub fn text(&self) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            match p {
                Piece::Text(t) => s.push_str(t),
                Piece::Expr(e) => write!(s, "{e}").unwrap(),
            }
        }
        s
    }
}

/// `line!(" lda #", e, ",x")`: a source line from text and expressions.
macro_rules! line {
    ($($p:expr),* $(,)?) => {
        $crate::case::Line::new(vec![$($crate::case::Piece::from($p)),*])
    };
}
pub(crate) use line;

/// How a case is put into a source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// `.logical base` + `.block` ... `.bend` + `.here`: the case's addresses
    /// and symbols don't depend on the cases around it.
    Isolated,
    /// `* = base` in front (a standalone reproduction).
    Star,
    /// The lines alone.
    Bare,
}

#[derive(Clone, Debug)]
pub struct Case {
    /// Unique in a run; used in names that 64tass keeps global (sections, encodings).
    pub id: u64,
    /// The generator family, for grouping mismatches.
    pub family: &'static str,
    /// The program counter the case starts at.
    pub base: u32,
    pub lines: Vec<Line>,
}

/// A source made of cases, and which source lines (1-based, inclusive) belong to which case.
pub struct Rendered {
    pub text: String,
    pub ranges: Vec<(usize, usize)>,
}

impl Rendered {
    /// The case a source line belongs to.
    pub fn case_at(&self, line: usize) -> Option<usize> {
        self.ranges
            .iter()
            .position(|&(a, b)| a <= line && line <= b)
    }
}

pub fn render(cases: &[&Case], wrap: Wrap) -> Rendered {
    let mut text = String::new();
    let mut ranges = Vec::with_capacity(cases.len());
    let mut line = 1;
    for case in cases {
        let start = line;
        let mut push = |s: &str| {
            text.push_str(s);
            text.push('\n');
            line += 1;
        };
        match wrap {
            Wrap::Isolated => {
                push(&format!(" .logical ${:04x}", case.base));
                push(" .block");
            }
            Wrap::Star => push(&format!("* = ${:04x}", case.base)),
            Wrap::Bare => {}
        }
        for l in &case.lines {
            push(&l.text());
        }
        if wrap == Wrap::Isolated {
            push(" .bend");
            push(" .here");
        }
        ranges.push((start, line - 1));
    }
    Rendered { text, ranges }
}
