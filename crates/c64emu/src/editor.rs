//! The screen editor behind CHROUT: cursor, wrap, scroll, colours, reverse, quote and
//! insert mode, with its state in the zero-page/page-2 locations programs read directly:
//! $D3 column, $D6 row, $D1/$D2 line address, $F3/$F4 colour line address, $C7 reverse,
//! $D4 quote mode, $D8 pending inserts, $0286 colour, $0288 screen page.
//!
//! Lines are the 25 physical rows (the real editor links rows into 80-column logical
//! lines; that part is not modelled).

use crate::bus::C64Bus;
use crate::map::{io, ram, vic};
use crate::petscii::{code, petscii_to_screen};

pub const COLS: u8 = 40;
pub const ROWS: u8 = 25;

const COL: usize = ram::PNTR as usize;
const ROW: usize = ram::TBLX as usize;
const LINE_PTR: usize = ram::PNT as usize;
const COLOR_PTR: usize = ram::USER as usize;
const REVERSE: usize = ram::RVS as usize;
const QUOTE: usize = ram::QTSW as usize;
const INSERTS: usize = ram::INSRT as usize;
const COLOR: usize = ram::COLOR as usize;
const SCREEN_PAGE: usize = ram::HIBASE as usize;
const MODE: usize = ram::MODE as usize;

/// Colour for each colour control code.
const COLOR_CODES: [(u8, u8); 16] = [
    (0x90, 0),
    (0x05, 1),
    (0x1C, 2),
    (0x9F, 3),
    (0x9C, 4),
    (0x1E, 5),
    (0x1F, 6),
    (0x9E, 7),
    (0x81, 8),
    (0x95, 9),
    (0x96, 10),
    (0x97, 11),
    (0x98, 12),
    (0x99, 13),
    (0x9A, 14),
    (0x9B, 15),
];

fn screen_base(bus: &C64Bus) -> usize {
    usize::from(bus.ram[SCREEN_PAGE]) << 8
}

/// (row, column), read from $D6/$D3 so programs may poke them.
pub fn cursor(bus: &C64Bus) -> (u8, u8) {
    let mut row = bus.ram[ROW];
    let mut col = bus.ram[COL];
    if col >= COLS {
        col %= COLS;
        row = row.saturating_add(1);
    }
    (row.min(ROWS - 1), col)
}

pub fn set_cursor(bus: &mut C64Bus, row: u8, col: u8) {
    let row = row.min(ROWS - 1);
    let col = col.min(COLS - 1);
    bus.ram[ROW] = row;
    bus.ram[COL] = col;
    let line = screen_base(bus) + usize::from(row) * 40;
    bus.ram[LINE_PTR] = line as u8;
    bus.ram[LINE_PTR + 1] = (line >> 8) as u8;
    let color_line = usize::from(io::COLOR_RAM) + usize::from(row) * 40;
    bus.ram[COLOR_PTR] = color_line as u8;
    bus.ram[COLOR_PTR + 1] = (color_line >> 8) as u8;
}

fn cell(row: u8, col: u8) -> usize {
    usize::from(row) * 40 + usize::from(col)
}

fn put(bus: &mut C64Bus, row: u8, col: u8, screen_code: u8, color: u8) {
    let i = cell(row, col);
    let base = screen_base(bus);
    bus.ram[(base + i) & 0xFFFF] = screen_code;
    bus.color[i] = color & 0x0F;
}

fn get(bus: &C64Bus, row: u8, col: u8) -> (u8, u8) {
    let i = cell(row, col);
    (bus.ram[(screen_base(bus) + i) & 0xFFFF], bus.color[i])
}

pub fn screen_code_at(bus: &C64Bus, row: u8, col: u8) -> u8 {
    get(bus, row, col).0
}

fn clear_row(bus: &mut C64Bus, row: u8) {
    let color = bus.ram[COLOR];
    for col in 0..COLS {
        put(bus, row, col, 0x20, color);
    }
}

fn scroll_up(bus: &mut C64Bus) {
    let base = screen_base(bus);
    for i in 0..960 {
        bus.ram[(base + i) & 0xFFFF] = bus.ram[(base + i + 40) & 0xFFFF];
        bus.color[i] = bus.color[i + 40];
    }
    clear_row(bus, ROWS - 1);
}

/// The row below `row`, scrolling the screen when `row` is the last one.
fn next_row(bus: &mut C64Bus, row: u8) -> u8 {
    if row + 1 >= ROWS {
        scroll_up(bus);
        ROWS - 1
    } else {
        row + 1
    }
}

pub fn clear_screen(bus: &mut C64Bus) {
    for row in 0..ROWS {
        clear_row(bus, row);
    }
    set_cursor(bus, 0, 0);
}

pub fn home(bus: &mut C64Bus) {
    set_cursor(bus, 0, 0);
}

fn is_control(c: u8) -> bool {
    c < 0x20 || (0x80..0xA0).contains(&c)
}

/// Print one PETSCII code the way the KERNAL's CHROUT does on the screen.
pub fn chrout(bus: &mut C64Bus, c: u8) {
    let (mut row, mut col) = cursor(bus);
    let quote_like = bus.ram[QUOTE] != 0 || bus.ram[INSERTS] != 0;
    match c {
        code::RETURN | code::SHIFT_RETURN => {
            row = next_row(bus, row);
            col = 0;
            bus.ram[REVERSE] = 0;
            bus.ram[QUOTE] = 0;
            bus.ram[INSERTS] = 0;
        }
        // In quote/insert mode control codes print as reversed characters;
        // DEL still deletes in quote mode (but not while inserting).
        _ if is_control(c) && quote_like && !(c == code::DEL && bus.ram[INSERTS] == 0) => {
            (row, col) = print_code(bus, row, col, petscii_to_screen(c) | 0x80);
        }
        code::DEL => (row, col) = delete(bus, row, col),
        code::INS => insert(bus, row, col),
        code::HOME => (row, col) = (0, 0),
        code::CLR => {
            clear_screen(bus);
            (row, col) = (0, 0);
        }
        code::DOWN => row = next_row(bus, row),
        code::UP => row = row.saturating_sub(1),
        code::RIGHT => {
            if col + 1 >= COLS {
                col = 0;
                row = next_row(bus, row);
            } else {
                col += 1;
            }
        }
        code::LEFT => {
            if col > 0 {
                col -= 1;
            } else if row > 0 {
                row -= 1;
                col = COLS - 1;
            }
        }
        code::RVS_ON => bus.ram[REVERSE] = 0x12,
        code::RVS_OFF => bus.ram[REVERSE] = 0,
        code::LOWERCASE => {
            let v = bus.vic.reg(vic::MEMPTR) | 0x02;
            let t = bus.now();
            bus.set_vic_reg(vic::MEMPTR, v, t);
        }
        code::UPPERCASE => {
            let v = bus.vic.reg(vic::MEMPTR) & !0x02;
            let t = bus.now();
            bus.set_vic_reg(vic::MEMPTR, v, t);
        }
        0x08 => bus.ram[MODE] = 0x80, // disable SHIFT+C= case switch
        0x09 => bus.ram[MODE] = 0x00,
        _ if is_control(c) => {
            if let Some(&(_, color)) = COLOR_CODES.iter().find(|(k, _)| *k == c) {
                bus.ram[COLOR] = color;
            }
        }
        _ => {
            let mut sc = petscii_to_screen(c);
            if bus.ram[REVERSE] != 0 {
                sc |= 0x80;
            }
            (row, col) = print_code(bus, row, col, sc);
            if c == b'"' {
                bus.ram[QUOTE] ^= 1;
            }
        }
    }
    set_cursor(bus, row, col);
}

fn print_code(bus: &mut C64Bus, row: u8, col: u8, sc: u8) -> (u8, u8) {
    let color = bus.ram[COLOR];
    put(bus, row, col, sc, color);
    if bus.ram[INSERTS] > 0 {
        bus.ram[INSERTS] -= 1;
    }
    if col + 1 >= COLS {
        (next_row(bus, row), 0)
    } else {
        (row, col + 1)
    }
}

/// DEL: remove the character left of the cursor, closing the gap.
fn delete(bus: &mut C64Bus, row: u8, col: u8) -> (u8, u8) {
    if col == 0 {
        if row == 0 {
            return (0, 0);
        }
        let color = bus.ram[COLOR];
        put(bus, row - 1, COLS - 1, 0x20, color);
        return (row - 1, COLS - 1);
    }
    for c in col..COLS {
        let (sc, color) = get(bus, row, c);
        put(bus, row, c - 1, sc, color);
    }
    let color = bus.ram[COLOR];
    put(bus, row, COLS - 1, 0x20, color);
    (row, col - 1)
}

/// INST: open a space at the cursor when the row has room at its end.
fn insert(bus: &mut C64Bus, row: u8, col: u8) {
    if get(bus, row, COLS - 1).0 != 0x20 {
        return;
    }
    for c in (col + 1..COLS).rev() {
        let (sc, color) = get(bus, row, c - 1);
        put(bus, row, c, sc, color);
    }
    let color = bus.ram[COLOR];
    put(bus, row, col, 0x20, color);
    bus.ram[INSERTS] = bus.ram[INSERTS].saturating_add(1);
}
