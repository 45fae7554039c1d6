//! The stub KERNAL's native routines: one table (`NATIVES`) says, for every routine,
//! where it runs (the real ROM's implementation address), how programs reach it (the
//! jump-table slot and RAM vector) and which Rust function does its work. The stub ROM
//! image, the RAM vectors and the step loop's trap table are all built from it.
//!
//! Each routine works on the same RAM locations, registers and flags as the real one,
//! and is charged `NATIVE_CYCLES` (+6 for its RTS): cycle counts through the stub
//! KERNAL are not a real C64's (use the user's ROMs for those).

use mos6502::registers::{StackPointer, Status};

use crate::bus::C64Bus;
use crate::editor;
use crate::files;
use crate::keyboard;
use crate::machine::{Machine, Stop};
use crate::map::{cia, ram, vic};
use crate::petscii::{code, screen_to_petscii};
use crate::typist::Taken;

/// Cycles a native routine is charged (plus 6 for its RTS).
pub const NATIVE_CYCLES: u64 = 20;
/// Cycles that pass while CHRIN waits for a key.
pub const BLOCK_CYCLES: u64 = 100;

/// Where RTS from the SYS lands: BASIC's READY. Reaching it means "returned to BASIC".
pub const BASIC_READY: u16 = 0xA474;
/// BASIC's warm start.
pub const BASIC_WARM_START: u16 = 0xE37B;
/// BASIC's cold start.
pub const BASIC_COLD_START: u16 = 0xE394;
/// The BRK handler (also where RUN/STOP+RESTORE leads).
pub const BRK_HANDLER: u16 = 0xFE66;
/// The KERNAL's IRQ handler (behind $0314).
pub const IRQ_HANDLER: u16 = 0xEA31;

/// The jiffy clock wraps after 24 hours.
const JIFFIES_PER_DAY: u32 = 0x4F1A01;

/// What a native routine leaves the step loop to do.
pub(crate) enum Effect {
    /// Return to the caller (simulated RTS).
    Rts,
    /// Return from the interrupt (simulated RTI).
    Rti,
    /// Continue at this address.
    Jump(u16),
    /// Stay on this routine (waiting for input); time passes.
    Block,
    /// End the run.
    Stop(Stop),
}

/// How programs reach a routine.
#[derive(Clone, Copy)]
pub(crate) enum Jump {
    /// Only by its address.
    None,
    /// Jump-table slot holding `JMP addr`.
    Direct(u16),
    /// Jump-table slot holding `JMP (vector)`; the RAM vector defaults to the routine.
    Vector(u16, u16),
    /// Jump-table slot holding `JMP entry`, 6502 code at `entry` that ends `JMP (vector)`.
    Via(u16, u16, u16),
    /// Only through a RAM vector (IRQ, BRK, NMI).
    VectorOnly(u16),
}

/// A native routine.
pub(crate) struct Native {
    pub name: &'static str,
    pub addr: u16,
    pub jump: Jump,
    pub run: fn(&mut Machine) -> Effect,
}

const fn n(name: &'static str, addr: u16, jump: Jump, run: fn(&mut Machine) -> Effect) -> Native {
    Native {
        name,
        addr,
        jump,
        run,
    }
}

/// Every routine the stub KERNAL and BASIC implement.
#[rustfmt::skip]
pub(crate) const NATIVES: &[Native] = &[
    n("RESET ($FCE2)", crate::rom::RESET_HANDLER, Jump::None, reset),
    n("CINT", 0xFF5B, Jump::Direct(0xFF81), cint),
    n("IOINIT", 0xFDA3, Jump::Direct(0xFF84), ioinit),
    n("RESTOR", 0xFD15, Jump::Direct(0xFF8A), restor),
    n("VECTOR", 0xFD1A, Jump::Direct(0xFF8D), vector),
    n("SETMSG", 0xFE18, Jump::Direct(0xFF90), files::setmsg),
    n("SECOND", 0xEDB9, Jump::Direct(0xFF93), files::second),
    n("TKSA", 0xEDC7, Jump::Direct(0xFF96), files::tksa),
    n("MEMTOP", 0xFE25, Jump::Direct(0xFF99), memtop),
    n("MEMBOT", 0xFE34, Jump::Direct(0xFF9C), membot),
    n("SCNKEY", 0xEA87, Jump::Direct(0xFF9F), scnkey_routine),
    n("SETTMO", 0xFE21, Jump::Direct(0xFFA2), settmo),
    n("ACPTR", 0xEE13, Jump::Direct(0xFFA5), files::acptr),
    n("CIOUT", 0xEDDD, Jump::Direct(0xFFA8), files::ciout),
    n("UNTLK", 0xEDEF, Jump::Direct(0xFFAB), files::untlk),
    n("UNLSN", 0xEDFE, Jump::Direct(0xFFAE), files::unlsn),
    n("LISTEN", 0xED0C, Jump::Direct(0xFFB1), files::listen),
    n("TALK", 0xED09, Jump::Direct(0xFFB4), files::talk),
    n("READST", 0xFE07, Jump::Direct(0xFFB7), files::readst),
    n("SETLFS", 0xFE00, Jump::Direct(0xFFBA), files::setlfs),
    n("SETNAM", 0xFDF9, Jump::Direct(0xFFBD), files::setnam),
    n("OPEN", 0xF34A, Jump::Vector(0xFFC0, 0x031A), files::open),
    n("CLOSE", 0xF291, Jump::Vector(0xFFC3, 0x031C), files::close),
    n("CHKIN", 0xF20E, Jump::Vector(0xFFC6, 0x031E), files::chkin),
    n("CHKOUT", 0xF250, Jump::Vector(0xFFC9, 0x0320), files::chkout),
    n("CLRCHN", 0xF333, Jump::Vector(0xFFCC, 0x0322), files::clrchn),
    n("CHRIN", 0xF157, Jump::Vector(0xFFCF, 0x0324), files::chrin),
    n("CHROUT", 0xF1CA, Jump::Vector(0xFFD2, 0x0326), files::chrout),
    n("LOAD", 0xF4A5, Jump::Via(0xFFD5, crate::rom::LOAD_ENTRY, 0x0330), files::load),
    n("SAVE", 0xF5ED, Jump::Via(0xFFD8, crate::rom::SAVE_ENTRY, 0x0332), files::save),
    n("SETTIM", 0xF6E4, Jump::Direct(0xFFDB), settim),
    n("RDTIM", 0xF6DD, Jump::Direct(0xFFDE), rdtim),
    n("STOP", 0xF6ED, Jump::Vector(0xFFE1, 0x0328), stop_key),
    n("GETIN", 0xF13E, Jump::Vector(0xFFE4, 0x032A), files::getin),
    n("CLALL", 0xF32F, Jump::Vector(0xFFE7, 0x032C), files::clall),
    n("UDTIM", 0xF69B, Jump::Direct(0xFFEA), udtim_routine),
    n("SCREEN", 0xE505, Jump::Direct(0xFFED), screen),
    n("PLOT", 0xE50A, Jump::Direct(0xFFF0), plot),
    n("IOBASE", 0xE500, Jump::Direct(0xFFF3), iobase),
    n("IRQ ($EA31)", IRQ_HANDLER, Jump::VectorOnly(0x0314), irq),
    n("BRK ($FE66)", BRK_HANDLER, Jump::VectorOnly(0x0316), brk),
    n("NMI ($FE47)", 0xFE47, Jump::VectorOnly(0x0318), nmi),
    n("PRINT ($E716)", 0xE716, Jump::None, print),
    n("CLEAR SCREEN ($E544)", 0xE544, Jump::None, clear_screen),
    n("HOME ($E566)", 0xE566, Jump::None, home),
    n("SET LINE ($E56C)", 0xE56C, Jump::None, set_line),
    n("STROUT ($AB1E)", 0xAB1E, Jump::None, strout),
    n("LINPRT ($BDCD)", 0xBDCD, Jump::None, linprt),
    n("READY ($A474)", BASIC_READY, Jump::None, returned),
    n("NEWSTT ($A7AE)", 0xA7AE, Jump::None, returned),
    n("WARM START ($E37B)", BASIC_WARM_START, Jump::None, returned),
    n("COLD START ($E394)", BASIC_COLD_START, Jump::None, returned),
];

/// The routine at a trap-table index.
pub(crate) fn native(index: u8) -> Option<&'static Native> {
    NATIVES.get(usize::from(index.checked_sub(crate::rom::TRAP_NATIVE)?))
}

/// The jump-table slot and RAM vector of a vectored routine (`JMP (vector)` at the slot).
pub(crate) fn vectored_entry(name: &str) -> Option<(u16, u16)> {
    NATIVES
        .iter()
        .find(|n| n.name == name)
        .and_then(|n| match n.jump {
            Jump::Vector(slot, vector) => Some((slot, vector)),
            _ => None,
        })
}

/// Name of the routine at a native entry (for traces).
pub(crate) fn native_name(pc: u16) -> &'static str {
    NATIVES
        .iter()
        .find(|n| n.addr == pc)
        .map_or("serial bus (virtual drive)", |n| n.name)
}

// ----- helpers shared with files.rs -----

pub(crate) fn set_flag(m: &mut Machine, flag: Status, on: bool) {
    m.cpu.registers.status.set(flag, on);
}

/// Load A and set N/Z from it, as the real routines' last LDA/TYA does.
pub(crate) fn set_a(m: &mut Machine, a: u8) {
    m.cpu.registers.accumulator = a;
    set_flag(m, Status::PS_ZERO, a == 0);
    set_flag(m, Status::PS_NEGATIVE, a & 0x80 != 0);
}

pub(crate) fn ram_at(m: &Machine, a: u16) -> u8 {
    m.cpu.memory.peek(a)
}

pub(crate) fn set_ram(m: &mut Machine, a: u16, v: u8) {
    m.cpu.memory.poke(a, v);
}

// ----- start-up -----

fn cint(m: &mut Machine) -> Effect {
    m.cpu.memory.vic = crate::vic::Vic::kernal_defaults();
    let bus = &mut m.cpu.memory;
    bus.poke(ram::HIBASE, 0x04);
    bus.poke(ram::COLOR, 14);
    bus.poke(ram::XMAX, 10);
    bus.poke(ram::NDX, 0);
    bus.poke(ram::LSTX, 64);
    bus.poke(ram::SFDX, 64);
    bus.poke(ram::RPTFLG, 0);
    bus.poke(ram::KOUNT, 4);
    bus.poke(ram::DELAY, 16);
    bus.poke(ram::MODE, 0);
    bus.poke(ram::PALNTS, u8::from(pal(bus)));
    bus.poke(ram::DFLTN, 0);
    bus.poke(ram::DFLTO, 3);
    editor::clear_screen(bus);
    Effect::Rts
}

/// What the KERNAL finds out at its start ($02A6): the VIC-II is a PAL one (its frame
/// has a line 311).
pub(crate) fn pal(bus: &C64Bus) -> bool {
    bus.vic.timing().lines > 0x137
}

/// The latch of the KERNAL's 60 Hz timer interrupt for the machine's clock.
pub(crate) fn jiffy_latch(bus: &C64Bus) -> u16 {
    if pal(bus) {
        crate::map::pal::JIFFY_LATCH
    } else {
        crate::map::ntsc::JIFFY_LATCH
    }
}

/// The reset routine: a cartridge with the CBM80 signature starts at its own vector
/// (and sets the machine up itself); otherwise the cold start, ending at BASIC's READY.
fn reset(m: &mut Machine) -> Effect {
    let r = &mut m.cpu.registers;
    r.stack_pointer = StackPointer(0xFF);
    r.status.insert(Status::PS_DISABLE_INTERRUPTS);
    r.status.remove(Status::PS_DECIMAL_MODE);
    if let Some(start) = m.cpu.memory.cbm80_start() {
        return Effect::Jump(start);
    }
    m.stub_cold_start();
    Effect::Jump(BASIC_READY)
}

fn ioinit(m: &mut Machine) -> Effect {
    let now = m.cycles();
    let bus = &mut m.cpu.memory;
    for (c, pa, ddra) in [(&mut bus.cia1, 0x7F, 0xFF), (&mut bus.cia2, 0x07, 0x3F)] {
        c.write(cia::ICR, 0x7F, now);
        c.write(cia::CRA, 0x08, now);
        c.write(cia::CRB, 0x08, now);
        c.write(cia::DDRB, 0x00, now);
        c.write(cia::DDRA, ddra, now);
        c.write(cia::PRA, pa, now);
    }
    let latch = jiffy_latch(bus);
    bus.cia1.start_jiffy_timer(latch, now);
    bus.sid.write(crate::map::sid::VOLUME, 0, now);
    bus.set_port(crate::bus::PORT_DDR_KERNAL, crate::bus::PORT_DATA_KERNAL);
    bus.wake();
    Effect::Rts
}

fn restor(m: &mut Machine) -> Effect {
    let vectors = crate::rom::ram_vectors();
    for (i, v) in vectors.iter().enumerate() {
        m.cpu.memory.poke_word(ram::CINV + 2 * i as u16, *v);
    }
    Effect::Rts
}

/// VECTOR: C set copies the RAM vectors to (X/Y), C clear copies (X/Y) into them.
fn vector(m: &mut Machine) -> Effect {
    let r = m.cpu.registers;
    let table = u16::from_le_bytes([r.index_x, r.index_y]);
    let read = r.status.contains(Status::PS_CARRY);
    for i in 0..32u16 {
        let bus = &mut m.cpu.memory;
        if read {
            let v = bus.peek(ram::CINV + i);
            bus.poke(table.wrapping_add(i), v);
        } else {
            let v = bus.peek(table.wrapping_add(i));
            bus.poke(ram::CINV + i, v);
        }
    }
    Effect::Rts
}

fn mem_pointer(m: &mut Machine, at: u16) -> Effect {
    if m.cpu.registers.status.contains(Status::PS_CARRY) {
        let w = m.cpu.memory.peek_word(at);
        m.cpu.registers.index_x = w as u8;
        m.cpu.registers.index_y = (w >> 8) as u8;
    } else {
        let r = m.cpu.registers;
        m.cpu
            .memory
            .poke_word(at, u16::from_le_bytes([r.index_x, r.index_y]));
    }
    Effect::Rts
}

fn memtop(m: &mut Machine) -> Effect {
    mem_pointer(m, ram::MEMTOP)
}

fn membot(m: &mut Machine) -> Effect {
    mem_pointer(m, ram::MEMSTR)
}

fn settmo(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    set_ram(m, ram::TIMOUT, a);
    Effect::Rts
}

fn iobase(m: &mut Machine) -> Effect {
    m.cpu.registers.index_x = 0x00;
    m.cpu.registers.index_y = (crate::map::io::CIA1 >> 8) as u8;
    Effect::Rts
}

// ----- screen -----

fn print(m: &mut Machine) -> Effect {
    let a = m.cpu.registers.accumulator;
    editor::chrout(&mut m.cpu.memory, a);
    set_flag(m, Status::PS_CARRY, false);
    Effect::Rts
}

fn screen(m: &mut Machine) -> Effect {
    m.cpu.registers.index_x = editor::COLS;
    m.cpu.registers.index_y = editor::ROWS;
    Effect::Rts
}

/// PLOT: carry set reads the cursor into X (row) / Y (column); clear sets it.
fn plot(m: &mut Machine) -> Effect {
    let bus = &mut m.cpu.memory;
    if m.cpu.registers.status.contains(Status::PS_CARRY) {
        let (row, col) = editor::cursor(bus);
        m.cpu.registers.index_x = row;
        m.cpu.registers.index_y = col;
    } else {
        let (row, col) = (m.cpu.registers.index_x, m.cpu.registers.index_y);
        editor::set_cursor(bus, row, col);
    }
    Effect::Rts
}

fn clear_screen(m: &mut Machine) -> Effect {
    editor::clear_screen(&mut m.cpu.memory);
    Effect::Rts
}

fn home(m: &mut Machine) -> Effect {
    editor::home(&mut m.cpu.memory);
    Effect::Rts
}

fn set_line(m: &mut Machine) -> Effect {
    let (row, col) = editor::cursor(&m.cpu.memory);
    editor::set_cursor(&mut m.cpu.memory, row, col);
    Effect::Rts
}

/// $AB1E: print the string at A (low) / Y (high) up to a zero byte or a quote
/// (BASIC's string scanner stops at both), at most 255 characters.
fn strout(m: &mut Machine) -> Effect {
    let r = &m.cpu.registers;
    let addr = u16::from_le_bytes([r.accumulator, r.index_y]);
    for i in 0..255u16 {
        let b = m.cpu.memory.peek_banked(addr.wrapping_add(i));
        if b == 0 || b == b'"' {
            break;
        }
        editor::chrout(&mut m.cpu.memory, b);
    }
    Effect::Rts
}

/// $BDCD: print A (high) / X (low) as an unsigned decimal.
fn linprt(m: &mut Machine) -> Effect {
    let r = &m.cpu.registers;
    let n = u16::from_le_bytes([r.index_x, r.accumulator]);
    for d in n.to_string().bytes() {
        editor::chrout(&mut m.cpu.memory, d);
    }
    Effect::Rts
}

// ----- keyboard -----

/// Scan the matrix the way SCNKEY does and update the KERNAL's keyboard RAM.
pub(crate) fn scnkey(m: &mut Machine) {
    let now = m.cpu.cycles;
    let bus = &mut m.cpu.memory;
    let s = keyboard::scan(&bus.keys.matrix(), bus.keys.joy());
    bus.keys.typist.reads += 1;
    if keyboard::scnkey(&mut bus.ram, s) {
        let v = bus.vic.reg(vic::MEMPTR) ^ 0x02;
        bus.set_vic_reg(vic::MEMPTR, v, now);
    }
    if bus.keys.typist.wants_read() {
        bus.wake();
    }
}

fn scnkey_routine(m: &mut Machine) -> Effect {
    scnkey(m);
    Effect::Rts
}

/// The program asks for a key with the buffer empty (tell the typist).
pub(crate) fn note_key_request(m: &mut Machine, line: bool) {
    m.cpu.memory.keys.typist.note_request(line, true);
    m.cpu.memory.wake();
}

/// Take the first key from the key buffer (the real $E5B4 leaves X = old count, Y = key).
/// With the buffer empty, a typed key is handed over at once, as if the keyboard scan
/// had just put it there: typed keys reach GETIN/CHRIN as the program asks, interrupts
/// on or off.
pub(crate) fn take_key(m: &mut Machine, line: bool) -> Option<u8> {
    if ram_at(m, ram::NDX) == 0 {
        let now = m.cycles();
        let bus = &mut m.cpu.memory;
        match bus.keys.typist.take_for_kernal(now) {
            Some(Taken::Code(c)) => keyboard::put_in_buffer(&mut bus.ram, c),
            Some(Taken::Keys(keys)) => {
                let (key, shflag) = keyboard::split(&keys);
                if let Some(k) = key {
                    // The scan saw it: held from now on, not a new key again.
                    bus.poke(ram::LSTX, k.index());
                    bus.poke(ram::SFDX, k.index());
                    bus.poke(ram::SHFLAG, shflag);
                    bus.poke(ram::DELAY, 16);
                    if let Some(c) = k.petscii(shflag) {
                        keyboard::put_in_buffer(&mut bus.ram, c)
                    } else {
                        false
                    }
                } else {
                    false
                }
            }
            None => false,
        };
        bus.wake();
    }
    let count = usize::from(ram_at(m, ram::NDX).min(10));
    if count == 0 {
        note_key_request(m, line);
        return None;
    }
    let ram = &mut m.cpu.memory.ram;
    let buf = usize::from(ram::KEYD);
    let key = ram[buf];
    ram.copy_within(buf + 1..buf + count, buf);
    ram[usize::from(ram::NDX)] = (count - 1) as u8;
    m.cpu.registers.index_x = count as u8;
    m.cpu.registers.index_y = key;
    Some(key)
}

/// GETIN from the keyboard: the next key or 0.
pub(crate) fn getin_keyboard(m: &mut Machine) {
    match take_key(m, false) {
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
pub(crate) fn chrin_keyboard(m: &mut Machine) -> Effect {
    if let Some(c) = m.input.line.pop_front() {
        set_a(m, c);
        set_flag(m, Status::PS_CARRY, false);
        return Effect::Rts;
    }
    if m.input.line_start.is_none() {
        m.input.line_start = Some(editor::cursor(&m.cpu.memory));
    }
    m.input.in_line_input = true;
    let Some(key) = take_key(m, true) else {
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
    chrin_keyboard(m)
}

/// The STOP key's column as UDTIM samples it into $91.
fn sample_stop_column(m: &mut Machine) {
    let bus = &mut m.cpu.memory;
    let (_, rows) = keyboard::cia1_inputs(&bus.keys.matrix(), bus.keys.joy(), 0x7F, 0xFF);
    bus.poke(ram::STKEY, rows);
}

/// STOP: Z (and C) set when RUN/STOP is the only key held in its column; then the
/// key buffer is emptied and the default channels restored, as the real routine does.
fn stop_key(m: &mut Machine) -> Effect {
    let now = m.cycles();
    let typist = &mut m.cpu.memory.keys.typist;
    if typist.next_is(&[keyboard::Key::RunStop]) {
        typist.take_for_kernal(now);
    }
    sample_stop_column(m);
    let k = ram_at(m, ram::STKEY);
    if k == 0x7F {
        files::restore_channels(m);
        set_ram(m, ram::NDX, 0);
        m.cpu.registers.accumulator = 0;
        set_flag(m, Status::PS_ZERO, true);
        set_flag(m, Status::PS_CARRY, true);
    } else {
        m.cpu.registers.accumulator = k;
        set_flag(m, Status::PS_ZERO, false);
        set_flag(m, Status::PS_CARRY, k >= 0x7F);
    }
    Effect::Rts
}

// ----- time -----

/// UDTIM: advance the jiffy clock and sample the STOP key column.
fn udtim(m: &mut Machine) {
    let bus = &mut m.cpu.memory;
    let t = u32::from_be_bytes([
        0,
        bus.peek(ram::TIME),
        bus.peek(ram::TIME + 1),
        bus.peek(ram::TIME + 2),
    ]) + 1;
    let t = if t >= JIFFIES_PER_DAY { 0 } else { t };
    let [_, hi, mid, lo] = t.to_be_bytes();
    bus.poke(ram::TIME, hi);
    bus.poke(ram::TIME + 1, mid);
    bus.poke(ram::TIME + 2, lo);
    sample_stop_column(m);
}

fn udtim_routine(m: &mut Machine) -> Effect {
    udtim(m);
    Effect::Rts
}

fn rdtim(m: &mut Machine) -> Effect {
    let bus = &m.cpu.memory;
    let (hi, mid, lo) = (
        bus.peek(ram::TIME),
        bus.peek(ram::TIME + 1),
        bus.peek(ram::TIME + 2),
    );
    let r = &mut m.cpu.registers;
    r.accumulator = lo;
    r.index_x = mid;
    r.index_y = hi;
    Effect::Rts
}

fn settim(m: &mut Machine) -> Effect {
    let r = m.cpu.registers;
    let bus = &mut m.cpu.memory;
    bus.poke(ram::TIME + 2, r.accumulator);
    bus.poke(ram::TIME + 1, r.index_x);
    bus.poke(ram::TIME, r.index_y);
    Effect::Rts
}

// ----- interrupts -----

/// $EA31: the jiffy clock, the STOP key, the keyboard scan, then the real handler's end
/// (acknowledge CIA 1, restore the registers, RTI).
fn irq(m: &mut Machine) -> Effect {
    udtim(m);
    scnkey(m);
    Effect::Jump(crate::rom::IRQ_EXIT_ACK)
}

/// $FE66 reached through the IRQ entry's BRK test.
fn brk(m: &mut Machine) -> Effect {
    // Stack from the IRQ entry: Y X A P PCL PCH; PC points 2 past the BRK.
    let ret = m.stack_word(5);
    Effect::Stop(Stop::Brk {
        pc: ret.wrapping_sub(2),
    })
}

/// $FE47: acknowledge CIA 2; RUN/STOP held with RESTORE is BASIC's warm start (the
/// program ends), otherwise return from the interrupt.
fn nmi(m: &mut Machine) -> Effect {
    let now = m.cycles();
    m.cpu.memory.cia2.read(cia::ICR, now, 0xFF, 0xFF);
    m.cpu.memory.wake();
    sample_stop_column(m);
    if ram_at(m, ram::STKEY) == 0x7F {
        return Effect::Stop(Stop::ReturnedToBasic);
    }
    Effect::Rti
}

fn returned(_: &mut Machine) -> Effect {
    Effect::Stop(Stop::ReturnedToBasic)
}
