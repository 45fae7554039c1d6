//! RYG part 1 (asm/): boards, painting and move generation, called routine by routine
//! in the emulator and checked byte by byte, one module per asm file. See docs/ryg.md.

#[path = "../common/mod.rs"]
mod common;

mod arbol;
mod ciclos;
mod fuentes;
mod gen_jugadas;
mod lib_text;
mod pinta_tableros;
mod ryg;
mod tableros;

use std::collections::BTreeSet;

use c64emu::Machine;
use common::*;

/// Where the tests put their boards: free memory of the tree area.
pub(crate) const PARENT: u16 = 0x4000;

pub(crate) const OTHER: u16 = 0x4800;

pub(crate) const TREE: u16 = 0x6000;

/// The prepared boards: (name, board). Header fields differ so a wrong offset shows.
pub(crate) fn scenarios() -> Vec<(&'static str, Board)> {
    let mut mid = board(matrix([
        "......G.", ".G.G....", "....G...", "........", "....R...", "........", "........",
        "........",
    ]));
    mid.level = 5;
    mid.turn = TURN_CATS;
    mid.value = 0x93;
    mid.parent = 0x4321;
    mid.children = [0x5000, 0x5058, 0, 0, 0, 0, 0, 0];
    let mut corner = board(matrix([
        "G.......", "........", "..G.....", "........", "....G...", "........", "......G.",
        ".......R",
    ]));
    corner.level = 2;
    let mut edge = board(matrix([
        "G.......", "........", "G.......", ".......R", "G.......", "........", "G.......",
        "........",
    ]));
    edge.value = 0x01;
    let trapped = board(matrix([
        "....G.G.", "........", "........", "........", "........", "........", "G.G.....",
        ".R......",
    ]));
    let mut last_row = board(matrix([
        "........", "........", "........", "...G....", "....R...", ".....G..", "........",
        "G......G",
    ]));
    last_row.turn = TURN_CATS;
    let mut top = board(matrix([
        "R.......", ".G......", "........", "...G....", "........", ".....G..", "........",
        ".......G",
    ]));
    top.level = 0x30;
    let mut no_mouse = board(matrix([
        "G.G.....", "........", "....G...", "........", "........", ".....G..", "........",
        "........",
    ]));
    no_mouse.turn = TURN_CATS;
    vec![
        ("initial", initial_board()),
        ("mid-game", mid),
        ("corner", corner),
        ("edge", edge),
        ("trapped mouse", trapped),
        ("cat on the last row", last_row),
        ("mouse on row 0", top),
        ("no mouse", no_mouse),
    ]
}

pub(crate) fn scenario(name: &str) -> Board {
    scenarios()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| b)
        .expect("scenario exists")
}

/// Offset (24..88) of each piece of a kind, in row-major order.
pub(crate) fn offsets_of(board: &Board, piece: u8) -> Vec<u8> {
    (0..64)
        .filter(|&i| board.matrix[i] == piece)
        .map(|i| (OFFSET_MATRIX + i) as u8)
        .collect()
}

/// (row, col) + delta with the byte arithmetic of the 6502 (-1 is $FF).
pub(crate) fn step(row: u8, col: u8, delta: (i8, i8)) -> (u8, u8) {
    (
        row.wrapping_add(delta.0 as u8),
        col.wrapping_add(delta.1 as u8),
    )
}

/// Whether a piece may move to (row, col) on `board`: on the board and empty.
pub(crate) fn free(board: &Board, row: u8, col: u8) -> bool {
    row < 8 && col < 8 && board.at(row as usize, col as usize) == EMPTY
}

pub(crate) fn screen_lines(m: &Machine) -> Vec<String> {
    m.screen_text()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// What painting may change besides the painting routines' fields (and those of the
/// board routines they call): the KERNAL's zero page, stack and work area, and the
/// screen. The board itself and everything else in the 64 KiB stay as they were.
pub(crate) fn painting_allowed() -> BTreeSet<u16> {
    let own = fields(&[
        "pt", "pph", "pta", "pf", "pc", "ph", "pd", "pjr", "ddb", "dp", "dh", "dc", "do", "dr",
        "dfc", "gjr", "vj",
    ]);
    union(&[&own, &range(0x0000, 0x0400), &range(0x0400, 1000)])
}
