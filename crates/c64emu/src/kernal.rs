//! Native KERNAL and BASIC routines, run when PC reaches their ROM address with the ROM
//! banked in. Each one works on the same RAM locations as the real routine.

use mos6502::registers::Status;

use crate::editor;
use crate::machine::{Machine, Stop};
use crate::petscii::{code, screen_to_petscii};
use crate::rom;

/// Cycles a native routine is charged (plus 6 for its RTS).
pub const NATIVE_CYCLES: u64 = 20;
/// Cycles that pass while CHRIN waits for a key.
pub const BLOCK_CYCLES: u64 = 100;

const KEY_BUFFER: usize = 0x0277;
const KEY_COUNT: usize = 0xC6;
const JIFFY: usize = 0xA0;
const STKEY: usize = 0x91;
const STATUS: usize = 0x90;
/// The jiffy clock wraps after 24 hours.
const JIFFIES_PER_DAY: u32 = 0x4F1A01;

pub(crate) enum Effect {
    /// Return to the caller (simulated RTS).
    Rts,
    /// Continue at this address.
    Jump(u16),
    /// Stay on this routine (waiting for input); time passes.
    Block,
    Stop(Stop),
}

/// Run the native routine at `pc`, or None when there is none.
pub(crate) fn native(m: &mut Machine, pc: u16) -> Option<Effect> {
    let effect = match pc {
        rom::CHROUT_IMPL | rom::PRINT_TO_SCREEN => {
            let a = m.cpu.registers.accumulator;
            editor::chrout(&mut m.cpu.memory, a);
            set_flag(m, Status::PS_CARRY, false);
            Effect::Rts
        }
        rom::GETIN_IMPL => {
            getin(m);
            Effect::Rts
        }
        rom::CHRIN_IMPL => {
            // The real CHRIN keeps X and Y.
            let (x, y) = (m.cpu.registers.index_x, m.cpu.registers.index_y);
            let effect = chrin(m);
            m.cpu.registers.index_x = x;
            m.cpu.registers.index_y = y;
            effect
        }
        rom::SCNKEY_IMPL => {
            scnkey(m);
            Effect::Rts
        }
        rom::PLOT_IMPL => {
            plot(m);
            Effect::Rts
        }
        rom::SCREEN_IMPL => {
            m.cpu.registers.index_x = editor::COLS;
            m.cpu.registers.index_y = editor::ROWS;
            Effect::Rts
        }
        rom::RDTIM_IMPL => {
            let r = &mut m.cpu.registers;
            let ram = &m.cpu.memory.ram;
            r.accumulator = ram[JIFFY + 2];
            r.index_x = ram[JIFFY + 1];
            r.index_y = ram[JIFFY];
            Effect::Rts
        }
        rom::SETTIM_IMPL => {
            let r = &m.cpu.registers;
            let (a, x, y) = (r.accumulator, r.index_x, r.index_y);
            let ram = &mut m.cpu.memory.ram;
            ram[JIFFY + 2] = a;
            ram[JIFFY + 1] = x;
            ram[JIFFY] = y;
            Effect::Rts
        }
        rom::STOP_IMPL => {
            stop_key(m);
            Effect::Rts
        }
        rom::CLALL_IMPL => {
            m.cpu.memory.ram[0x98] = 0; // no open files
            clrchn(m);
            Effect::Rts
        }
        rom::CLRCHN_IMPL => {
            clrchn(m);
            Effect::Rts
        }
        rom::READST_IMPL => {
            let st = m.cpu.memory.ram[STATUS];
            set_a(m, st);
            Effect::Rts
        }
        rom::IOBASE_IMPL => {
            m.cpu.registers.index_x = 0x00;
            m.cpu.registers.index_y = 0xDC;
            Effect::Rts
        }
        rom::CLEAR_SCREEN => {
            editor::clear_screen(&mut m.cpu.memory);
            Effect::Rts
        }
        rom::HOME_CURSOR => {
            editor::home(&mut m.cpu.memory);
            Effect::Rts
        }
        rom::SET_LINE_POINTERS => {
            let (row, col) = editor::cursor(&m.cpu.memory);
            editor::set_cursor(&mut m.cpu.memory, row, col);
            Effect::Rts
        }
        rom::IRQ_HANDLER => {
            update_jiffy_clock(m);
            scnkey(m);
            // The real handler ends with LDA $DC0D (acknowledge) and the register pulls.
            Effect::Jump(rom::IRQ_EXIT_ACK)
        }
        rom::STROUT => {
            strout(m);
            Effect::Rts
        }
        rom::LINPRT => {
            let r = &m.cpu.registers;
            let n = u16::from_le_bytes([r.index_x, r.accumulator]);
            for d in n.to_string().bytes() {
                editor::chrout(&mut m.cpu.memory, d);
            }
            Effect::Rts
        }
        _ => return None,
    };
    Some(effect)
}

fn set_flag(m: &mut Machine, flag: Status, on: bool) {
    m.cpu.registers.status.set(flag, on);
}

/// Load A and set N/Z from it, as the real routines' last LDA/TYA does.
fn set_a(m: &mut Machine, a: u8) {
    m.cpu.registers.accumulator = a;
    set_flag(m, Status::PS_ZERO, a == 0);
    set_flag(m, Status::PS_NEGATIVE, a & 0x80 != 0);
}

fn clrchn(m: &mut Machine) {
    m.cpu.memory.ram[0x9A] = 3; // output: screen
    m.cpu.memory.ram[0x99] = 0; // input: keyboard
}

/// Move one queued key into the KERNAL key buffer if it is empty.
fn feed_key(m: &mut Machine) {
    if m.cpu.memory.ram[KEY_COUNT] == 0
        && let Some(k) = m.input.queue.pop_front()
    {
        m.cpu.memory.ram[KEY_BUFFER] = k;
        m.cpu.memory.ram[KEY_COUNT] = 1;
    }
}

/// Take the first key from the key buffer (the real $E5B4 leaves X = old count, Y = key).
fn take_key(m: &mut Machine) -> Option<u8> {
    feed_key(m);
    let ram = &mut m.cpu.memory.ram;
    let count = usize::from(ram[KEY_COUNT].min(10));
    if count == 0 {
        m.input.starved = m.input.queue.is_empty();
        return None;
    }
    let key = ram[KEY_BUFFER];
    ram.copy_within(KEY_BUFFER + 1..KEY_BUFFER + count, KEY_BUFFER);
    ram[KEY_COUNT] = (count - 1) as u8;
    m.cpu.registers.index_x = count as u8;
    m.cpu.registers.index_y = key;
    m.input.starved = false;
    Some(key)
}

fn getin(m: &mut Machine) {
    match take_key(m) {
        Some(k) => {
            set_a(m, k);
            set_flag(m, Status::PS_DISABLE_INTERRUPTS, false); // $E5B4 ends with CLI
        }
        None => set_a(m, 0),
    }
    set_flag(m, Status::PS_CARRY, false);
}

/// CHRIN from the keyboard: line input with echo through the screen editor. Keys are
/// edited on screen until RETURN; then the line (from where input started, trailing
/// spaces removed) is handed out one character per call, ending with RETURN.
fn chrin(m: &mut Machine) -> Effect {
    if let Some(c) = m.input.line.pop_front() {
        set_a(m, c);
        set_flag(m, Status::PS_CARRY, false);
        return Effect::Rts;
    }
    let bus = &mut m.cpu.memory;
    if m.input.line_start.is_none() {
        m.input.line_start = Some(editor::cursor(bus));
    }
    m.input.in_line_input = true;
    let Some(key) = take_key(m) else {
        return Effect::Block;
    };
    let bus = &mut m.cpu.memory;
    if key != code::RETURN {
        editor::chrout(bus, key);
        return Effect::Block;
    }
    let (row, _) = editor::cursor(bus);
    let start_col = match m.input.line_start.take() {
        Some((r, c)) if r == row => c,
        _ => 0,
    };
    let mut line: Vec<u8> = (start_col..editor::COLS)
        .map(|col| screen_to_petscii(editor::screen_code_at(bus, row, col)))
        .collect();
    while line.last() == Some(&b' ') {
        line.pop();
    }
    line.push(code::RETURN);
    editor::chrout(bus, code::RETURN);
    m.input.in_line_input = false;
    m.input.line.extend(line);
    chrin(m)
}

/// SCNKEY: the matrix gives the current key ($CB) and the SHIFT/C=/CTRL flags ($028D);
/// typed keys (the queue) go into the key buffer.
fn scnkey(m: &mut Machine) {
    let keys = m.cpu.memory.cia1.keys;
    let mut current = 64u8;
    let mut shift_flags = 0u8;
    for (col, &rows) in keys.iter().enumerate() {
        for row in 0..8 {
            if rows & (1 << row) == 0 {
                continue;
            }
            let index = (col * 8 + row) as u8;
            match index {
                15 | 52 => shift_flags |= 1,
                61 => shift_flags |= 2,
                58 => shift_flags |= 4,
                _ if current == 64 => current = index,
                _ => {}
            }
        }
    }
    let ram = &mut m.cpu.memory.ram;
    ram[0xC5] = ram[0xCB];
    ram[0xCB] = current;
    ram[0x028E] = ram[0x028D];
    ram[0x028D] = shift_flags;
    feed_key(m);
}

/// UDTIM: advance the jiffy clock and sample the STOP key column.
fn update_jiffy_clock(m: &mut Machine) {
    let ram = &mut m.cpu.memory.ram;
    let t = u32::from_le_bytes([ram[JIFFY + 2], ram[JIFFY + 1], ram[JIFFY], 0]) + 1;
    let t = if t >= JIFFIES_PER_DAY { 0 } else { t };
    let [lo, mid, hi, _] = t.to_le_bytes();
    ram[JIFFY + 2] = lo;
    ram[JIFFY + 1] = mid;
    ram[JIFFY] = hi;
    ram[STKEY] = !m.cpu.memory.cia1.keys[7];
}

/// STOP: Z set when RUN/STOP is held (matrix) or is the next typed key.
fn stop_key(m: &mut Machine) {
    let held = m.cpu.memory.ram[STKEY] == 0x7F || m.cpu.memory.cia1.keys[7] & 0x80 != 0;
    let typed = m.input.queue.front() == Some(&code::STOP)
        || (m.cpu.memory.ram[KEY_COUNT] > 0 && m.cpu.memory.ram[KEY_BUFFER] == code::STOP);
    if held || typed {
        if m.input.queue.front() == Some(&code::STOP) {
            m.input.queue.pop_front();
        }
        m.cpu.memory.ram[KEY_COUNT] = 0;
        clrchn(m);
        m.cpu.registers.accumulator = 0x7F;
        set_flag(m, Status::PS_ZERO, true);
        set_flag(m, Status::PS_CARRY, true);
    } else {
        m.cpu.registers.accumulator = m.cpu.memory.ram[STKEY];
        set_flag(m, Status::PS_ZERO, false);
    }
}

/// PLOT: carry set reads the cursor into X (row) / Y (column); clear sets it.
fn plot(m: &mut Machine) {
    let bus = &mut m.cpu.memory;
    if m.cpu.registers.status.contains(Status::PS_CARRY) {
        let (row, col) = editor::cursor(bus);
        m.cpu.registers.index_x = row;
        m.cpu.registers.index_y = col;
    } else {
        let (row, col) = (m.cpu.registers.index_x, m.cpu.registers.index_y);
        editor::set_cursor(bus, row, col);
    }
}

/// $AB1E: print the string at A (low) / Y (high) up to a zero byte or a quote
/// (BASIC's string scanner stops at both), at most 255 characters.
fn strout(m: &mut Machine) {
    let r = &m.cpu.registers;
    let addr = u16::from_le_bytes([r.accumulator, r.index_y]);
    for i in 0..255u16 {
        let b = m.cpu.memory.peek_banked(addr.wrapping_add(i));
        if b == 0 || b == b'"' {
            break;
        }
        editor::chrout(&mut m.cpu.memory, b);
    }
}
