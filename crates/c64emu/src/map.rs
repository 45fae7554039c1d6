//! The C64's memory map in one place: the RAM locations the KERNAL and BASIC keep their
//! state in (named as in the KERNAL's own source listing), the ROM areas and hardware
//! vectors, the I/O chips' base addresses and their register offsets, and PAL timing.
//! Every other module names a location through these constants.
// The whole map is listed, used or not yet, so a name is never invented twice.
#![allow(dead_code)]

/// Zero page, stack page and the KERNAL's work area ($0000-$03FF).
pub mod ram {
    /// Processor port data direction register.
    pub const D6510: u16 = 0x0000;
    /// Processor port data register (banking: LORAM, HIRAM, CHAREN).
    pub const R6510: u16 = 0x0001;
    /// Start of BASIC text.
    pub const TXTTAB: u16 = 0x002B;
    /// Start of BASIC variables (end of the program + 1).
    pub const VARTAB: u16 = 0x002D;
    /// Start of BASIC arrays.
    pub const ARYTAB: u16 = 0x002F;
    /// End of BASIC arrays + 1.
    pub const STREND: u16 = 0x0031;
    /// Bottom of string storage.
    pub const FRETOP: u16 = 0x0033;
    /// Top of BASIC memory.
    pub const MEMSIZ: u16 = 0x0037;
    /// KERNAL I/O status word ST.
    pub const STATUS: u16 = 0x0090;
    /// STOP key column image ($7F while RUN/STOP is held).
    pub const STKEY: u16 = 0x0091;
    /// LOAD (0) or VERIFY (1).
    pub const VERCK: u16 = 0x0093;
    /// Byte waiting to go out on the serial bus.
    pub const BSOUR: u16 = 0x0095;
    /// Byte received from the serial bus.
    pub const BSOUR1: u16 = 0x00A4;
    /// Number of open files.
    pub const LDTND: u16 = 0x0098;
    /// Current input device.
    pub const DFLTN: u16 = 0x0099;
    /// Current output device.
    pub const DFLTO: u16 = 0x009A;
    /// KERNAL message mode: bit 7 control messages (direct mode), bit 6 error messages.
    pub const MSGFLG: u16 = 0x009D;
    /// Jiffy clock, three bytes, most significant first.
    pub const TIME: u16 = 0x00A0;
    /// End address of the last LOAD/SAVE (low, high).
    pub const EAL: u16 = 0x00AE;
    /// File name length.
    pub const FNLEN: u16 = 0x00B7;
    /// Logical file number.
    pub const LA: u16 = 0x00B8;
    /// Secondary address.
    pub const SA: u16 = 0x00B9;
    /// Device number.
    pub const FA: u16 = 0x00BA;
    /// File name address (low, high).
    pub const FNADR: u16 = 0x00BB;
    /// SAVE start address (low, high).
    pub const STAL: u16 = 0x00C1;
    /// LOAD address used with secondary address 0 (low, high).
    pub const MEMUSS: u16 = 0x00C3;
    /// Matrix index of the key held at the previous scan (64 = none).
    pub const LSTX: u16 = 0x00C5;
    /// Number of keys in the key buffer.
    pub const NDX: u16 = 0x00C6;
    /// Reverse mode of the screen editor.
    pub const RVS: u16 = 0x00C7;
    /// Matrix index of the key held now (64 = none).
    pub const SFDX: u16 = 0x00CB;
    /// Non-zero while CHRIN hands out a line already typed (0: the next call waits for
    /// a new line).
    pub const CRSW: u16 = 0x00D0;
    /// Cursor blink switch (0 = blinking).
    pub const BLNSW: u16 = 0x00CC;
    /// Address of the cursor's screen line (low, high).
    pub const PNT: u16 = 0x00D1;
    /// Cursor column.
    pub const PNTR: u16 = 0x00D3;
    /// Quote mode.
    pub const QTSW: u16 = 0x00D4;
    /// Cursor row.
    pub const TBLX: u16 = 0x00D6;
    /// Pending inserts.
    pub const INSRT: u16 = 0x00D8;
    /// Address of the cursor's colour RAM line (low, high).
    pub const USER: u16 = 0x00F3;
    /// Bottom of the stack page.
    pub const STACK: u16 = 0x0100;
    /// Logical file numbers of the open files (10 bytes).
    pub const LAT: u16 = 0x0259;
    /// Device numbers of the open files.
    pub const FAT: u16 = 0x0263;
    /// Secondary addresses of the open files.
    pub const SAT: u16 = 0x026D;
    /// The key buffer (10 bytes).
    pub const KEYD: u16 = 0x0277;
    /// Bottom of memory for the operating system (low, high).
    pub const MEMSTR: u16 = 0x0281;
    /// Top of memory for the operating system (low, high).
    pub const MEMTOP: u16 = 0x0283;
    /// Serial bus timeout switch (SETTMO).
    pub const TIMOUT: u16 = 0x0285;
    /// Text colour.
    pub const COLOR: u16 = 0x0286;
    /// High byte of the screen address.
    pub const HIBASE: u16 = 0x0288;
    /// Size of the key buffer.
    pub const XMAX: u16 = 0x0289;
    /// Key repeat: $80 all keys, $40 none, else cursor keys, space, INST/DEL only.
    pub const RPTFLG: u16 = 0x028A;
    /// Repeat speed counter.
    pub const KOUNT: u16 = 0x028B;
    /// Repeat delay counter.
    pub const DELAY: u16 = 0x028C;
    /// SHIFT (1), C= (2) and CTRL (4) held at the last scan.
    pub const SHFLAG: u16 = 0x028D;
    /// SHFLAG of the previous scan.
    pub const LSTSHF: u16 = 0x028E;
    /// SHIFT+C= case switch: $80 disabled.
    pub const MODE: u16 = 0x0291;
    /// PAL (1) or NTSC (0), set by the KERNAL at reset.
    pub const PALNTS: u16 = 0x02A6;
    /// A register for SYS (also X, Y and the status register at the next three bytes).
    pub const SAREG: u16 = 0x030C;
    /// The KERNAL's RAM vectors start here: IRQ, BRK, NMI, OPEN, ... SAVE.
    pub const CINV: u16 = 0x0314;
    /// The vector for monitor commands (USRCMD): the BRK handler by default.
    pub const USRCMD: u16 = 0x032E;
    /// Default screen.
    pub const SCREEN: u16 = 0x0400;
    /// Start of a BASIC program (after its zero byte at $0800).
    pub const BASIC_START: u16 = 0x0801;
}

/// ROM areas as the CPU sees them and the hardware vectors.
pub mod rom {
    /// BASIC ROM ($A000-$BFFF).
    pub const BASIC: u16 = 0xA000;
    /// Character ROM as the CPU sees it with CHAREN low ($D000-$DFFF).
    pub const CHARGEN: u16 = 0xD000;
    /// KERNAL ROM ($E000-$FFFF).
    pub const KERNAL: u16 = 0xE000;
    /// The end of BASIC ROM ($C000, RAM that no banking hides, follows).
    pub const BASIC_END: u16 = 0xC000;
    /// Size of the BASIC image.
    pub const BASIC_SIZE: usize = 0x2000;
    /// Size of the KERNAL image.
    pub const KERNAL_SIZE: usize = 0x2000;
    /// Size of the character ROM image.
    pub const CHARGEN_SIZE: usize = 0x1000;
    /// BASIC cold start vector.
    pub const BASIC_COLD_VECTOR: u16 = 0xA000;
    /// BASIC warm start vector.
    pub const BASIC_WARM_VECTOR: u16 = 0xA002;
    /// NMI vector.
    pub const NMI_VECTOR: u16 = 0xFFFA;
    /// Reset vector.
    pub const RESET_VECTOR: u16 = 0xFFFC;
    /// IRQ/BRK vector.
    pub const IRQ_VECTOR: u16 = 0xFFFE;
}

/// Base addresses of the I/O chips ($D000-$DFFF with I/O banked in).
pub mod io {
    /// VIC-II (64 registers, mirrored every $40 up to `VIC_END`).
    pub const VIC: u16 = 0xD000;
    /// Last address of the VIC-II's mirrors.
    pub const VIC_END: u16 = 0xD3FF;
    /// SID (32 registers, mirrored every $20 up to `SID_END`).
    pub const SID: u16 = 0xD400;
    /// Last address of the SID's mirrors.
    pub const SID_END: u16 = 0xD7FF;
    /// VICE's debug cartridge register (in the last SID mirror) when one is plugged in.
    pub const DEBUGCART: u16 = 0xD7FF;
    /// Colour RAM (1024 nibbles).
    pub const COLOR_RAM: u16 = 0xD800;
    /// Last address of colour RAM.
    pub const COLOR_RAM_END: u16 = 0xDBFF;
    /// CIA 1 (keyboard, joysticks, IRQ timer), 16 registers mirrored up to `CIA1_END`.
    pub const CIA1: u16 = 0xDC00;
    /// Last address of CIA 1's mirrors.
    pub const CIA1_END: u16 = 0xDCFF;
    /// CIA 2 (VIC bank, serial bus, NMI), mirrored up to `CIA2_END`.
    pub const CIA2: u16 = 0xDD00;
    /// Last address of CIA 2's mirrors.
    pub const CIA2_END: u16 = 0xDDFF;
    /// I/O area 1 (expansion port).
    pub const IO1: u16 = 0xDE00;
}

/// VIC-II register numbers ($D000 + n).
pub mod vic {
    /// Control register 1: YSCROLL, 25 rows, screen on, bitmap, ECM, raster bit 8.
    pub const CTRL1: u8 = 0x11;
    /// Raster line (low 8 bits) / raster compare.
    pub const RASTER: u8 = 0x12;
    /// Light pen X.
    pub const LPX: u8 = 0x13;
    /// Light pen Y.
    pub const LPY: u8 = 0x14;
    /// Control register 2: XSCROLL, 40 columns, multicolour.
    pub const CTRL2: u8 = 0x16;
    /// Memory pointers: screen (bits 4-7) and character/bitmap base (bits 1-3).
    pub const MEMPTR: u8 = 0x18;
    /// Interrupt flags (write 1 to acknowledge).
    pub const IRQ_FLAGS: u8 = 0x19;
    /// Interrupt mask.
    pub const IRQ_MASK: u8 = 0x1A;
    /// Sprite-sprite collisions.
    pub const SS_COLLISION: u8 = 0x1E;
    /// Sprite-background collisions.
    pub const SB_COLLISION: u8 = 0x1F;
    /// Border colour.
    pub const BORDER: u8 = 0x20;
    /// Background colour 0 (1-3 follow).
    pub const BACKGROUND0: u8 = 0x21;
    /// Registers $2F-$3F read $FF.
    pub const UNUSED: u8 = 0x2F;
}

/// CIA register numbers (base + n).
pub mod cia {
    /// Port A data.
    pub const PRA: u8 = 0x0;
    /// Port B data.
    pub const PRB: u8 = 0x1;
    /// Port A data direction.
    pub const DDRA: u8 = 0x2;
    /// Port B data direction.
    pub const DDRB: u8 = 0x3;
    /// Timer A low byte.
    pub const TA_LO: u8 = 0x4;
    /// Timer A high byte.
    pub const TA_HI: u8 = 0x5;
    /// Timer B low byte.
    pub const TB_LO: u8 = 0x6;
    /// Timer B high byte.
    pub const TB_HI: u8 = 0x7;
    /// Time of day, tenths of seconds (BCD).
    pub const TOD_10THS: u8 = 0x8;
    /// Time of day, seconds (BCD).
    pub const TOD_SEC: u8 = 0x9;
    /// Time of day, minutes (BCD).
    pub const TOD_MIN: u8 = 0xA;
    /// Time of day, hours (BCD 1-12, bit 7 PM).
    pub const TOD_HR: u8 = 0xB;
    /// Serial data register.
    pub const SDR: u8 = 0xC;
    /// Interrupt control: read flags (clears them), write mask.
    pub const ICR: u8 = 0xD;
    /// Control register A.
    pub const CRA: u8 = 0xE;
    /// Control register B.
    pub const CRB: u8 = 0xF;
}

/// SID register numbers ($D400 + n).
pub mod sid {
    /// Voice 3 frequency low byte.
    pub const V3_FREQ_LO: u8 = 0x0E;
    /// Voice 3 frequency high byte.
    pub const V3_FREQ_HI: u8 = 0x0F;
    /// Voice 3 pulse width low byte.
    pub const V3_PW_LO: u8 = 0x10;
    /// Voice 3 pulse width high nibble.
    pub const V3_PW_HI: u8 = 0x11;
    /// Voice 3 control: gate, sync, ring, test, waveforms.
    pub const V3_CONTROL: u8 = 0x12;
    /// Voice 3 attack/decay.
    pub const V3_AD: u8 = 0x13;
    /// Voice 3 sustain/release.
    pub const V3_SR: u8 = 0x14;
    /// Volume and filter mode.
    pub const VOLUME: u8 = 0x18;
    /// Paddle X.
    pub const POTX: u8 = 0x19;
    /// Paddle Y.
    pub const POTY: u8 = 0x1A;
    /// Voice 3 oscillator output, upper 8 bits.
    pub const OSC3: u8 = 0x1B;
    /// Voice 3 envelope output.
    pub const ENV3: u8 = 0x1C;
}

/// PAL timing (the machine is a PAL C64: 6569 VIC-II, 985 248 Hz).
pub mod pal {
    /// Cycles per raster line.
    pub const CYCLES_PER_LINE: u64 = 63;
    /// Raster lines per frame.
    pub const LINES_PER_FRAME: u64 = 312;
    /// Cycles per frame (50.125 frames per second).
    pub const CYCLES_PER_FRAME: u64 = CYCLES_PER_LINE * LINES_PER_FRAME;
    /// CPU clock, cycles per second.
    pub const CLOCK_HZ: u64 = 985_248;
    /// Mains frequency feeding the CIAs' time-of-day clocks.
    pub const MAINS_HZ: u64 = 50;
    /// CIA 1 timer A latch the KERNAL sets on PAL: an interrupt every $4026 cycles (60 Hz).
    pub const JIFFY_LATCH: u16 = 0x4025;
}

/// NTSC timing (a 6567R8 C64: 65 cycles a line, 263 lines; the 6567R56A's in `vic`).
pub mod ntsc {
    /// CPU clock, cycles per second.
    pub const CLOCK_HZ: u64 = 1_022_727;
    /// Mains frequency feeding the CIAs' time-of-day clocks.
    pub const MAINS_HZ: u64 = 60;
    /// CIA 1 timer A latch the KERNAL sets on NTSC: an interrupt every $4296 cycles (60 Hz).
    pub const JIFFY_LATCH: u16 = 0x4295;
}
