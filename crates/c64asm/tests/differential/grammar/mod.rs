//! The program generator: one module per family of constructs. Every family
//! makes small, self-contained cases whose output (bytes or an error) shows
//! what the assembler made of them; `case` picks a family by weight.

mod code;
mod control;
mod data;
mod encodings;
mod exprs;
mod files;
mod instructions;
mod macros;
mod scopes;
mod sections;
mod structs;
mod symbols;
mod tasm;
pub mod values;

use crate::case::{Case, Line};
use crate::judge::Flags;
use crate::rng::Rng;
pub use values::Ty;

/// What a family generator works with: the random source, the switches the
/// case will be assembled with, fresh names, and the symbols already defined.
pub struct Ctx<'r> {
    pub rng: &'r mut Rng,
    pub flags: Flags,
    /// The case's id, part of names 64tass keeps global.
    pub id: u64,
    names: u32,
    /// Symbols an expression may refer to, with the type of their value.
    pub syms: Vec<(String, Ty)>,
}

impl Ctx<'_> {
    pub fn chance(&mut self, percent: u64) -> bool {
        self.rng.chance(percent)
    }

    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.range(lo, hi)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        *self.rng.pick(items)
    }

    pub fn weighted<T: Copy>(&mut self, items: &[(u32, T)]) -> T {
        self.rng.weighted(items)
    }

    /// A fresh loop group number (see `Line::fixed`).
    pub fn group(&mut self) -> u32 {
        self.names += 1;
        self.names
    }

    /// A fresh symbol name.
    pub fn name(&mut self, stem: &str) -> String {
        self.names += 1;
        format!("{stem}{}", self.names)
    }

    /// A name as written at a use: without `-C` the case of the letters doesn't matter.
    pub fn refer(&mut self, name: &str) -> String {
        if self.flags.case_sensitive || !self.chance(30) {
            return name.to_string();
        }
        name.chars()
            .map(|c| {
                if self.rng.chance(50) {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect()
    }

    /// A symbol of this type defined earlier, if any.
    pub fn sym_of(&mut self, ty: Ty) -> Option<String> {
        let found: Vec<String> = self
            .syms
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n.clone())
            .collect();
        if found.is_empty() {
            return None;
        }
        let n = self.pick_index(found.len());
        let name = found[n].clone();
        Some(self.refer(&name))
    }

    pub fn pick_index(&mut self, len: usize) -> usize {
        self.rng.below(len as u64) as usize
    }
}

/// The families and their weights (how often each is picked).
pub const FAMILIES: &[(u32, &str)] = &[
    (30, "expressions"),
    (8, "functions"),
    (10, "data"),
    (12, "instructions"),
    (6, "symbols"),
    (8, "control"),
    (5, "macros"),
    (5, "scopes"),
    (4, "structs"),
    (4, "sections"),
    (4, "encodings"),
    (3, "files"),
];

/// The family of `-T` batches (see `tasm`), never picked for the others.
pub const TASM: &str = "tasm";

/// One case for batch `flags`, deterministic in the random stream;
/// `only` restricts the case to one family (by name).
pub fn case(rng: &mut Rng, flags: Flags, id: u64, only: Option<&'static str>) -> Case {
    let family = rng.weighted(FAMILIES);
    // A `-T` batch reads TASM's syntax: its own family only.
    let family = if flags.tasm {
        TASM
    } else {
        only.unwrap_or(family)
    };
    let mut cx = Ctx {
        rng,
        flags,
        id,
        names: 0,
        syms: Vec::new(),
    };
    let base = cx.weighted(&[
        (6, 0x1000u32),
        (2, 0x0801),
        (2, 0xc000),
        (1, 0x00f0),
        (1, 0x0040),
        (1, 0xfff0),
        (1, 0x2ffe),
    ]);
    let lines: Vec<Line> = match family {
        "expressions" => exprs::generate(&mut cx),
        "functions" => exprs::functions(&mut cx),
        "data" => data::generate(&mut cx),
        "instructions" => code::generate(&mut cx),
        "symbols" => symbols::generate(&mut cx),
        "control" => control::generate(&mut cx),
        "macros" => macros::generate(&mut cx),
        "scopes" => scopes::generate(&mut cx),
        "structs" => structs::generate(&mut cx),
        "sections" => sections::generate(&mut cx),
        "encodings" => encodings::generate(&mut cx),
        "files" => files::generate(&mut cx),
        TASM => tasm::generate(&mut cx),
        _ => unreachable!("every family has a generator"),
    };
    Case {
        id,
        family,
        base,
        lines,
    }
}
