//! The stub KERNAL's I/O: logical files (OPEN, CLOSE, CHKIN, CHKOUT, CLRCHN, CLALL),
//! the character routines that follow the current channels (CHRIN, CHROUT, GETIN,
//! READST), LOAD and SAVE, and the serial-bus primitives (LISTEN ... ACPTR), on the
//! KERNAL's own file tables, status word and error numbers, over the IEC layer
//! (`iec.rs`). Also the traps through which the real KERNAL's serial routines reach the
//! same virtual drive.
//!
//! Tape (device 1) and RS-232 (device 2) are not emulated: using them stops the run
//! with a message saying so.

use mos6502::registers::Status;

use crate::editor;
use crate::iec::{self, st};
use crate::kernal::{self, Effect, ram_at, set_a, set_flag, set_ram};
use crate::machine::{Machine, Stop};
use crate::map::ram;
use crate::petscii::{code, screen_to_petscii};
use crate::rom;

/// Maximum number of open files.
const MAX_FILES: u8 = 10;

/// KERNAL error numbers (A with carry set).
mod err {
    pub const TOO_MANY_FILES: u8 = 1;
    pub const FILE_OPEN: u8 = 2;
    pub const FILE_NOT_OPEN: u8 = 3;
    pub const FILE_NOT_FOUND: u8 = 4;
    pub const DEVICE_NOT_PRESENT: u8 = 5;
    pub const NOT_INPUT_FILE: u8 = 6;
    pub const NOT_OUTPUT_FILE: u8 = 7;
    pub const MISSING_FILE_NAME: u8 = 8;
    pub const ILLEGAL_DEVICE: u8 = 9;
}

fn status_or(m: &mut Machine, bits: u8) {
    let s = ram_at(m, ram::STATUS) | bits;
    set_ram(m, ram::STATUS, s);
}

fn print(m: &mut Machine, text: &[u8]) {
    for &c in text {
        editor::chrout(&mut m.cpu.memory, c);
    }
}

/// KERNAL error: A = number, carry set, "I/O ERROR #n" when error messages are on.
fn error(m: &mut Machine, n: u8) -> Effect {
    if ram_at(m, ram::MSGFLG) & 0x40 != 0 {
        print(m, b"\rI/O ERROR #");
        print(m, n.to_string().as_bytes());
    }
    set_a(m, n);
    set_flag(m, Status::PS_CARRY, true);
    Effect::Rts
}

fn ok(m: &mut Machine) -> Effect {
    set_flag(m, Status::PS_CARRY, false);
    Effect::Rts
}

/// Tape and RS-232 are not emulated.
fn unsupported(m: &mut Machine, routine: &'static str, device: u8) -> Effect {
    Effect::Stop(Stop::UnsupportedDevice {
        routine,
        device,
        caller: m.stack_word(1).wrapping_sub(2),
    })
}

fn file_name(m: &Machine) -> Vec<u8> {
    let len = ram_at(m, ram::FNLEN);
    let at = m.cpu.memory.peek_word(ram::FNADR);
    (0..u16::from(len))
        .map(|i| m.cpu.memory.peek_banked(at.wrapping_add(i)))
        .collect()
}

// ----- serial bus primitives -----

fn attention(m: &mut Machine, byte: u8) {
    let s = m.iec.attention(byte);
    status_or(m, s);
}

fn send(m: &mut Machine, byte: u8) {
    let s = m.iec.send(byte);
    status_or(m, s);
}

fn receive(m: &mut Machine) -> (u8, u8) {
    let (b, s) = m.iec.receive();
    status_or(m, s);
    (b, s)
}

pub(crate) fn listen(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    attention(m, iec::LISTEN | (a & 0x1F));
    Effect::Rts
}

pub(crate) fn talk(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    attention(m, iec::TALK | (a & 0x1F));
    Effect::Rts
}

pub(crate) fn second(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    attention(m, a);
    Effect::Rts
}

pub(crate) fn tksa(m: &mut Machine) -> Effect {
    second(m)
}

pub(crate) fn ciout(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    send(m, a);
    ok(m)
}

pub(crate) fn acptr(m: &mut Machine) -> Effect {
    let (b, _) = receive(m);
    set_a(m, b);
    ok(m)
}

pub(crate) fn untlk(m: &mut Machine) -> Effect {
    attention(m, iec::UNTALK);
    Effect::Rts
}

pub(crate) fn unlsn(m: &mut Machine) -> Effect {
    attention(m, iec::UNLISTEN);
    Effect::Rts
}

// ----- file parameters -----

pub(crate) fn readst(m: &mut Machine) -> Effect {
    let s = ram_at(m, ram::STATUS);
    set_a(m, s);
    Effect::Rts
}

pub(crate) fn setlfs(m: &mut Machine) -> Effect {
    let r = m.cpu.registers;
    set_ram(m, ram::LA, r.accumulator);
    set_ram(m, ram::FA, r.index_x);
    set_ram(m, ram::SA, r.index_y);
    Effect::Rts
}

pub(crate) fn setnam(m: &mut Machine) -> Effect {
    let r = m.cpu.registers;
    set_ram(m, ram::FNLEN, r.accumulator);
    m.cpu
        .memory
        .poke_word(ram::FNADR, u16::from_le_bytes([r.index_x, r.index_y]));
    Effect::Rts
}

/// SETMSG: $9D = A; A = ST on return.
pub(crate) fn setmsg(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    set_ram(m, ram::MSGFLG, a);
    readst(m)
}

// ----- the file table -----

fn find_file(m: &Machine, la: u8) -> Option<u16> {
    let n = ram_at(m, ram::LDTND).min(MAX_FILES);
    (0..u16::from(n)).find(|&i| ram_at(m, ram::LAT + i) == la)
}

/// Make file `i` the current one (LA, FA, SA).
fn select_file(m: &mut Machine, i: u16) {
    for (table, var) in [
        (ram::LAT, ram::LA),
        (ram::FAT, ram::FA),
        (ram::SAT, ram::SA),
    ] {
        let v = ram_at(m, table + i);
        set_ram(m, var, v);
    }
}

/// Send the file name to a serial device after OPEN's LISTEN + $Fx (the real `$F3D5`).
/// Returns false if the device is not present.
fn open_serial(m: &mut Machine) -> bool {
    let sa = ram_at(m, ram::SA);
    if sa & 0x80 != 0 || ram_at(m, ram::FNLEN) == 0 {
        return true;
    }
    let fa = ram_at(m, ram::FA);
    attention(m, iec::LISTEN | (fa & 0x1F));
    attention(m, sa | iec::OPEN);
    if ram_at(m, ram::STATUS) & st::NOT_PRESENT != 0 {
        return false;
    }
    for b in file_name(m) {
        send(m, b);
    }
    attention(m, iec::UNLISTEN);
    true
}

/// Close a serial channel (the real `$F642`).
fn close_serial(m: &mut Machine) {
    let sa = ram_at(m, ram::SA);
    if sa & 0x80 != 0 {
        return;
    }
    let fa = ram_at(m, ram::FA);
    attention(m, iec::LISTEN | (fa & 0x1F));
    attention(m, (sa & 0xEF) | iec::CLOSE);
    attention(m, iec::UNLISTEN);
}

pub(crate) fn open(m: &mut Machine) -> Effect {
    let la = ram_at(m, ram::LA);
    if la == 0 {
        return error(m, err::NOT_INPUT_FILE);
    }
    if find_file(m, la).is_some() {
        return error(m, err::FILE_OPEN);
    }
    let n = ram_at(m, ram::LDTND);
    if n >= MAX_FILES {
        return error(m, err::TOO_MANY_FILES);
    }
    set_ram(m, ram::LDTND, n + 1);
    let sa = ram_at(m, ram::SA) | 0x60;
    set_ram(m, ram::SA, sa);
    let fa = ram_at(m, ram::FA);
    let i = u16::from(n);
    set_ram(m, ram::LAT + i, la);
    set_ram(m, ram::SAT + i, sa);
    set_ram(m, ram::FAT + i, fa);
    match fa {
        0 | 3 => ok(m),
        1 => unsupported(m, "OPEN", fa),
        2 => unsupported(m, "OPEN", fa),
        _ => {
            set_ram(m, ram::STATUS, 0);
            if open_serial(m) {
                ok(m)
            } else {
                error(m, err::DEVICE_NOT_PRESENT)
            }
        }
    }
}

pub(crate) fn close(m: &mut Machine) -> Effect {
    let la = m.cpu.registers.accumulator;
    let Some(i) = find_file(m, la) else {
        return ok(m);
    };
    select_file(m, i);
    let fa = ram_at(m, ram::FA);
    if fa >= 4 {
        close_serial(m);
    }
    // Remove the entry: the last one moves into its place, as the KERNAL does.
    let last = u16::from(ram_at(m, ram::LDTND) - 1);
    for table in [ram::LAT, ram::FAT, ram::SAT] {
        let v = ram_at(m, table + last);
        set_ram(m, table + i, v);
    }
    set_ram(m, ram::LDTND, last as u8);
    ok(m)
}

pub(crate) fn chkin(m: &mut Machine) -> Effect {
    let la = m.cpu.registers.index_x;
    let Some(i) = find_file(m, la) else {
        return error(m, err::FILE_NOT_OPEN);
    };
    select_file(m, i);
    let fa = ram_at(m, ram::FA);
    match fa {
        0 | 3 => {}
        1 | 2 => return unsupported(m, "CHKIN", fa),
        _ => {
            attention(m, iec::TALK | (fa & 0x1F));
            let sa = ram_at(m, ram::SA);
            if sa & 0x80 == 0 {
                attention(m, sa);
            }
            if ram_at(m, ram::STATUS) & st::NOT_PRESENT != 0 {
                return error(m, err::DEVICE_NOT_PRESENT);
            }
        }
    }
    set_ram(m, ram::DFLTN, fa);
    ok(m)
}

pub(crate) fn chkout(m: &mut Machine) -> Effect {
    let la = m.cpu.registers.index_x;
    let Some(i) = find_file(m, la) else {
        return error(m, err::FILE_NOT_OPEN);
    };
    select_file(m, i);
    let fa = ram_at(m, ram::FA);
    match fa {
        0 => return error(m, err::NOT_OUTPUT_FILE),
        3 => {}
        1 | 2 => return unsupported(m, "CHKOUT", fa),
        _ => {
            attention(m, iec::LISTEN | (fa & 0x1F));
            let sa = ram_at(m, ram::SA);
            if sa & 0x80 == 0 {
                attention(m, sa);
            }
            if ram_at(m, ram::STATUS) & st::NOT_PRESENT != 0 {
                return error(m, err::DEVICE_NOT_PRESENT);
            }
        }
    }
    set_ram(m, ram::DFLTO, fa);
    ok(m)
}

/// CLRCHN's work: UNLISTEN/UNTALK serial devices, keyboard and screen again.
pub(crate) fn restore_channels(m: &mut Machine) {
    if ram_at(m, ram::DFLTO) > 3 {
        attention(m, iec::UNLISTEN);
    }
    if ram_at(m, ram::DFLTN) > 3 {
        attention(m, iec::UNTALK);
    }
    set_ram(m, ram::DFLTO, 3);
    set_ram(m, ram::DFLTN, 0);
}

pub(crate) fn clrchn(m: &mut Machine) -> Effect {
    restore_channels(m);
    Effect::Rts
}

pub(crate) fn clall(m: &mut Machine) -> Effect {
    set_ram(m, ram::LDTND, 0);
    clrchn(m)
}

// ----- characters -----

/// CHRIN from a serial device: RETURN once the status is non-zero, else ACPTR.
fn chrin_serial(m: &mut Machine) -> Effect {
    if ram_at(m, ram::STATUS) != 0 {
        set_a(m, code::RETURN);
        return ok(m);
    }
    acptr(m)
}

/// CHRIN from the screen: the cursor's line, then RETURN.
fn chrin_screen(m: &mut Machine) -> Effect {
    if m.input.line.is_empty() {
        let bus = &m.cpu.memory;
        let (row, col) = editor::cursor(bus);
        let mut line: Vec<u8> = (col..editor::COLS)
            .map(|c| screen_to_petscii(editor::screen_code_at(bus, row, c)))
            .collect();
        while line.last() == Some(&b' ') {
            line.pop();
        }
        line.push(code::RETURN);
        m.input.line.extend(line);
    }
    let c = m.input.line.pop_front().unwrap_or(code::RETURN);
    set_a(m, c);
    ok(m)
}

pub(crate) fn chrin(m: &mut Machine) -> Effect {
    // The real CHRIN keeps X and Y.
    let (x, y) = (m.cpu.registers.index_x, m.cpu.registers.index_y);
    let effect = match ram_at(m, ram::DFLTN) {
        0 => kernal::chrin_keyboard(m),
        3 => chrin_screen(m),
        d @ (1 | 2) => unsupported(m, "CHRIN", d),
        _ => chrin_serial(m),
    };
    m.cpu.registers.index_x = x;
    m.cpu.registers.index_y = y;
    effect
}

pub(crate) fn getin(m: &mut Machine) -> Effect {
    match ram_at(m, ram::DFLTN) {
        0 => {
            kernal::getin_keyboard(m);
            Effect::Rts
        }
        2 => unsupported(m, "GETIN", 2),
        _ => chrin(m),
    }
}

pub(crate) fn chrout(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    match ram_at(m, ram::DFLTO) {
        3 => editor::chrout(&mut m.cpu.memory, a),
        d @ (1 | 2) => return unsupported(m, "CHROUT", d),
        0 => {}
        _ => send(m, a),
    }
    m.cpu.registers.accumulator = a;
    ok(m)
}

// ----- LOAD and SAVE -----

/// Messages the real LOAD/SAVE print in direct mode ($9D bit 7).
fn message(m: &mut Machine, text: &[u8], with_name: bool) {
    if ram_at(m, ram::MSGFLG) & 0x80 == 0 {
        return;
    }
    print(m, text);
    if with_name {
        let name = file_name(m);
        print(m, &name);
    }
}

pub(crate) fn load(m: &mut Machine) -> Effect {
    let verify = m.cpu.registers.accumulator;
    set_ram(m, ram::VERCK, verify);
    set_ram(m, ram::STATUS, 0);
    let fa = ram_at(m, ram::FA);
    match fa {
        0 | 2 | 3 => return error(m, err::ILLEGAL_DEVICE),
        1 => return unsupported(m, "LOAD", fa),
        _ => {}
    }
    if ram_at(m, ram::FNLEN) == 0 {
        return error(m, err::MISSING_FILE_NAME);
    }
    let sa_given = ram_at(m, ram::SA);
    message(m, b"\rSEARCHING FOR ", true);
    set_ram(m, ram::SA, 0x60);
    if !open_serial(m) {
        return error(m, err::DEVICE_NOT_PRESENT);
    }
    attention(m, iec::TALK | (fa & 0x1F));
    attention(m, iec::SECONDARY);
    let (lo, s) = receive(m);
    if s & st::TIMEOUT_READ != 0 {
        attention(m, iec::UNTALK);
        close_serial(m);
        return error(m, err::FILE_NOT_FOUND);
    }
    let (hi, s2) = if s & st::EOI != 0 { (0, s) } else { receive(m) };
    let mut addr = if sa_given == 0 {
        m.cpu.memory.peek_word(ram::MEMUSS)
    } else {
        u16::from_le_bytes([lo, hi])
    };
    m.cpu.memory.poke_word(ram::EAL, addr);
    message(
        m,
        if verify == 0 {
            b"\rLOADING"
        } else {
            b"\rVERIFYING"
        },
        false,
    );
    let mut last = s2 & st::EOI != 0 || s & st::EOI != 0;
    while !last {
        let (b, s) = receive(m);
        if s & st::TIMEOUT_READ != 0 {
            break;
        }
        if verify != 0 {
            if m.cpu.memory.peek_banked(addr) != b {
                status_or(m, 0x10);
            }
        } else {
            use mos6502::memory::Bus;
            m.cpu.memory.set_byte(addr, b);
        }
        addr = addr.wrapping_add(1);
        m.cpu.memory.poke_word(ram::EAL, addr);
        last = s & st::EOI != 0;
    }
    attention(m, iec::UNTALK);
    close_serial(m);
    let end = m.cpu.memory.peek_word(ram::EAL);
    m.cpu.registers.index_x = end as u8;
    m.cpu.registers.index_y = (end >> 8) as u8;
    ok(m)
}

pub(crate) fn save(m: &mut Machine) -> Effect {
    let fa = ram_at(m, ram::FA);
    match fa {
        0 | 2 | 3 => return error(m, err::ILLEGAL_DEVICE),
        1 => return unsupported(m, "SAVE", fa),
        _ => {}
    }
    if ram_at(m, ram::FNLEN) == 0 {
        return error(m, err::MISSING_FILE_NAME);
    }
    set_ram(m, ram::STATUS, 0);
    set_ram(m, ram::SA, 0x61);
    if !open_serial(m) {
        return error(m, err::DEVICE_NOT_PRESENT);
    }
    message(m, b"\rSAVING ", true);
    attention(m, iec::LISTEN | (fa & 0x1F));
    attention(m, 0x61);
    let start = m.cpu.memory.peek_word(ram::STAL);
    let end = m.cpu.memory.peek_word(ram::EAL);
    send(m, start as u8);
    send(m, (start >> 8) as u8);
    let mut addr = start;
    while addr < end {
        let b = m.cpu.memory.peek_banked(addr);
        send(m, b);
        addr = addr.wrapping_add(1);
        if addr == 0 {
            break;
        }
    }
    attention(m, iec::UNLISTEN);
    close_serial(m);
    ok(m)
}

// ----- the real KERNAL's serial routines, trapped -----

/// Which serial routine of a real KERNAL was reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SerialTrap {
    Attention,
    Secondary,
    Send,
    Receive,
    Ready,
}

impl SerialTrap {
    pub(crate) fn from_trap(t: u8) -> Option<SerialTrap> {
        Some(match t {
            rom::TRAP_SERIAL_ATN => SerialTrap::Attention,
            rom::TRAP_SERIAL_SECONDARY => SerialTrap::Secondary,
            rom::TRAP_SERIAL_SEND => SerialTrap::Send,
            rom::TRAP_SERIAL_RECEIVE => SerialTrap::Receive,
            rom::TRAP_SERIAL_READY => SerialTrap::Ready,
            _ => return None,
        })
    }
}

/// Do the trapped routine's work for the virtual drive, as VICE's serial traps do (the
/// byte to send is in BSOUR $95; a received byte goes to A and $A4); returns where to
/// resume (`CLI`, `RTS` in the KERNAL), or None to let the real code run (the device
/// addressed is not the drive: the KERNAL finds it not present, as on a real C64).
pub(crate) fn serial_trap(m: &mut Machine, trap: SerialTrap) -> Option<u16> {
    let byte = ram_at(m, ram::BSOUR);
    if trap == SerialTrap::Attention {
        m.iec.track(byte);
    }
    if !m.iec.ours(m.iec.active()) {
        return None;
    }
    match trap {
        SerialTrap::Attention | SerialTrap::Secondary => attention(m, byte),
        SerialTrap::Send => send(m, byte),
        SerialTrap::Receive => {
            let (b, _) = receive(m);
            set_ram(m, ram::BSOUR1, b);
            set_a(m, b);
        }
        SerialTrap::Ready => {
            m.cpu.registers.accumulator = 1;
            set_flag(m, Status::PS_NEGATIVE, false);
            set_flag(m, Status::PS_ZERO, false);
        }
    }
    set_flag(m, Status::PS_CARRY, false);
    set_flag(m, Status::PS_DISABLE_INTERRUPTS, false);
    Some(rom::SERIAL_RESUME)
}
