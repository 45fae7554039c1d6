//! Shared helpers for the tests of the RYG 6502 program (`asm/`): the program assembled
//! once per test binary, machines with it loaded, board builders and a RAM diff.
#![allow(dead_code)]

pub mod docs;
pub mod ia;
pub mod juego;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use c64asm::Program;
use c64emu::{Machine, Regs};
use c64harness::Build;
use rygsolve::{Position, Side, Square};

/// The main source; it includes the other files of `asm/`.
pub const RYG_ASM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/RYG.asm");

/// Set (to anything) to run the exhaustive checks in full (`tools/full-checks`); CI and
/// `--ignored` runs take a fixed sample of them.
pub const FULL_CHECKS_ENV: &str = "C64KIT_FULL_CHECKS";

/// Whether the exhaustive checks run in full (see [`FULL_CHECKS_ENV`]).
pub fn full_checks() -> bool {
    std::env::var_os(FULL_CHECKS_ENV).is_some_and(|v| !v.is_empty())
}

/// Cycle budget for one routine call; the slowest routine needs a few thousand.
pub const CALL_BUDGET: u64 = 1_000_000;

/// The board layout, square contents and turn bytes are rygsolve's (see docs/ryg.md).
#[allow(unused_imports)]
pub use rygsolve::board::{
    BOARD_LEN, Board, CAT, EMPTY, MOUSE, NEUTRAL_VALUE, OFFSET_CHILDREN, OFFSET_LEVEL,
    OFFSET_MATRIX, OFFSET_PARENT, OFFSET_TURN, OFFSET_VALUE, PREFIX,
};
pub const TURN_MOUSE: u8 = Side::Mouse.turn_byte();
pub const TURN_CATS: u8 = Side::Cats.turn_byte();

/// `asm/RYG.asm` assembled in-process by c64asm, once per test binary.
pub fn build() -> &'static Build {
    static BUILD: OnceLock<Build> = OnceLock::new();
    BUILD.get_or_init(|| {
        Build::assemble(RYG_ASM).unwrap_or_else(|e| panic!("asm/RYG.asm does not assemble:\n{e}"))
    })
}

/// The assembled program (bytes, symbols, source map).
pub fn program() -> &'static Program {
    &build().program
}

/// The address (or value) of a symbol of the program.
pub fn sym(name: &str) -> u16 {
    build()
        .symbol(name)
        .unwrap_or_else(|| panic!("no 16-bit symbol `{name}` in asm/RYG.asm"))
}

/// The program's load address (the first two bytes of the .prg).
pub fn load_address() -> u16 {
    let prg = program().prg_bytes();
    u16::from_le_bytes([prg[0], prg[1]])
}

/// The first address after the program's bytes.
pub fn end_address() -> usize {
    usize::from(load_address()) + program().prg_bytes().len() - 2
}

/// A machine after the KERNAL cold start with RYG loaded, its labels known and strict
/// mode on (reads of ROM at addresses the program wrote are reported). With
/// `C64KIT_COVERAGE=DIR` set it records coverage for the suite (docs/testing.md).
pub fn machine() -> Machine {
    let mut m = build().machine().expect("RYG.prg loads").into_machine();
    m.set_strict(true);
    m
}

/// Addresses of the one-byte fields whose names start with one of `prefixes` followed
/// by a capital letter (`fc` matches `fcFila`, not `fijaContenido` nor `fcx`).
pub fn fields(prefixes: &[&str]) -> BTreeSet<u16> {
    program()
        .address_labels()
        .into_iter()
        .filter(|(name, _)| {
            prefixes.iter().any(|p| {
                name.strip_prefix(p)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|c| c.is_ascii_uppercase())
            })
        })
        .map(|(_, addr)| addr)
        .collect()
}

/// Every byte of the fields named `prefix` + a capital letter, each up to the next label
/// (so multi-byte fields such as `evGatos` or `mmRaton` count whole).
pub fn field_bytes(prefixes: &[&str]) -> BTreeSet<u16> {
    let mut labels: Vec<u16> = program()
        .address_labels()
        .into_iter()
        .map(|(_, a)| a)
        .collect();
    labels.sort_unstable();
    labels.dedup();
    fields(prefixes)
        .into_iter()
        .flat_map(|start| {
            let end = labels
                .iter()
                .copied()
                .find(|&a| a > start)
                .unwrap_or(start + 1);
            start..end
        })
        .collect()
}

/// Writes a byte into a field.
pub fn set(m: &mut Machine, field: &str, value: u8) {
    m.poke(sym(field), value);
}

/// Reads a field.
pub fn get(m: &Machine, field: &str) -> u8 {
    m.peek(sym(field))
}

/// Writes an address into the field pair `{prefix}Lo` / `{prefix}Hi`.
pub fn set_ptr(m: &mut Machine, prefix: &str, addr: u16) {
    set(m, &format!("{prefix}Lo"), addr as u8);
    set(m, &format!("{prefix}Hi"), (addr >> 8) as u8);
}

/// Reads the address in the field pair `{prefix}Lo` / `{prefix}Hi`.
pub fn get_ptr(m: &Machine, prefix: &str) -> u16 {
    u16::from(get(m, &format!("{prefix}Lo"))) | u16::from(get(m, &format!("{prefix}Hi"))) << 8
}

/// The outcome of [`call_checked`].
pub struct Called {
    pub cycles: u64,
    pub regs: Regs,
    /// All 64 KiB before and after the call.
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    /// Stack pointer before the call: the call may write the stack page at and below it.
    pub sp: u8,
}

impl Called {
    /// Fails unless every changed byte is in `allowed`, on $FB-$FE or on the stack page
    /// at or below the caller's stack pointer.
    pub fn assert_only_changed(&self, label: &str, allowed: &BTreeSet<u16>) {
        let stray: Vec<String> = (0..=0xFFFFu16)
            .filter(|&a| self.before[a as usize] != self.after[a as usize])
            .filter(|a| !allowed.contains(a))
            .filter(|a| !(0xFB..=0xFE).contains(a))
            .filter(|&a| !(0x0100..=0x0100 + u16::from(self.sp)).contains(&a))
            .map(|a| {
                format!(
                    "${a:04X} {:02X}->{:02X}{}",
                    self.before[a as usize],
                    self.after[a as usize],
                    label_of(a)
                )
            })
            .collect();
        assert!(
            stray.is_empty(),
            "{label} changed RAM outside its fields: {}",
            stray.join(", ")
        );
    }
}

/// " (name)" for an address that has a label, else "".
fn label_of(addr: u16) -> String {
    program()
        .address_labels()
        .into_iter()
        .find(|(_, a)| *a == addr)
        .map(|(name, _)| format!(" ({name})"))
        .unwrap_or_default()
}

/// Calls a routine by label with X = `xy.0` and Y = `xy.1`, asserts that it returns and
/// preserves X and Y and stays clean in strict mode, and keeps RAM before and after for [`Called::assert_only_changed`].
pub fn call_xy(m: &mut Machine, label: &str, xy: (u8, u8)) -> Called {
    let regs = m.regs();
    m.set_regs(Regs {
        x: xy.0,
        y: xy.1,
        ..regs
    });
    let sp = m.regs().sp;
    let before = m.ram().to_vec();
    let result = m
        .call(label, CALL_BUDGET)
        .unwrap_or_else(|stop| panic!("{label} did not return: {stop:?}"));
    assert_eq!(
        (result.regs.x, result.regs.y),
        xy,
        "{label} must preserve X and Y"
    );
    assert_eq!(
        m.strict_violations(),
        &[],
        "{label} read back RAM under a banked-in ROM"
    );
    Called {
        cycles: result.cycles,
        regs: result.regs,
        before,
        after: m.ram().to_vec(),
        sp,
    }
}

/// [`call_xy`] with distinctive X and Y values.
pub fn call_checked(m: &mut Machine, label: &str) -> Called {
    call_xy(m, label, (0x5A, 0xA5))
}

/// A 64-byte matrix from 8 rows of `R` (mouse), `G` (cat) and `.` (empty).
pub fn matrix(rows: [&str; 8]) -> [u8; 64] {
    let mut out = [EMPTY; 64];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 8, "row {r} must have 8 squares");
        for (c, ch) in row.chars().enumerate() {
            out[r * 8 + c] = match ch {
                'R' => MOUSE,
                'G' => CAT,
                '.' => EMPTY,
                other => panic!("bad square {other:?}"),
            };
        }
    }
    out
}

/// A board holding `matrix`: level 0, mouse to move, value $80, no links.
pub fn board(matrix: [u8; 64]) -> Board {
    Board {
        level: 0,
        turn: TURN_MOUSE,
        value: NEUTRAL_VALUE,
        parent: 0,
        children: [0; 8],
        matrix,
    }
}

/// The board of the blog's initial position.
pub fn initial_board() -> Board {
    Board::from_position(&Position::initial())
}

/// Square access by (row, column) on a board's matrix.
pub trait Squares {
    fn at(&self, row: usize, col: usize) -> u8;
    fn put(&mut self, row: usize, col: usize, piece: u8);
}

impl Squares for Board {
    fn at(&self, row: usize, col: usize) -> u8 {
        self.matrix[row * 8 + col]
    }

    fn put(&mut self, row: usize, col: usize, piece: u8) {
        self.matrix[row * 8 + col] = piece;
    }
}

/// The board offset (24-87) of a square: how the program's AI and game name squares.
pub fn offset(sq: Square) -> u8 {
    (OFFSET_MATRIX + sq.matrix_offset()) as u8
}

/// The square at a board offset (24-87) of a dark square.
pub fn square_at(offset: u8) -> Square {
    let m = offset - OFFSET_MATRIX as u8;
    Square::new(m / 8, m % 8).expect("a dark square")
}

/// Writes a board at `addr`.
pub fn put_board(m: &mut Machine, addr: u16, board: &Board) {
    m.write(addr, &board.to_bytes());
}

/// The 88 bytes at `addr`.
pub fn board_at(m: &Machine, addr: u16) -> Vec<u8> {
    m.read(addr, BOARD_LEN as u16)
}

/// The addresses `addr .. addr + len`.
pub fn range(addr: u16, len: usize) -> BTreeSet<u16> {
    (0..len).map(|i| addr.wrapping_add(i as u16)).collect()
}

/// Union of address sets.
pub fn union(sets: &[&BTreeSet<u16>]) -> BTreeSet<u16> {
    sets.iter().flat_map(|s| s.iter().copied()).collect()
}
