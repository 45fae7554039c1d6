//! The RAM Expansion Unit (Commodore 1700/1764/1750 and larger): its controller's
//! registers at $DF00-$DF0A (repeated every 32 bytes through I/O 2; $DF0B-$DF1F read
//! $FF) and its DMA, which stops the CPU and moves one byte per cycle between the C64's
//! memory (as the CPU would see it) and the expansion RAM.
//!
//! Registers: 0 status (bit 7 interrupt pending, 6 end of block, 5 verify error, all
//! three cleared by reading; 4 set for 256 Kbit DRAMs: 1764, 1750), 1 command (bit 7
//! execute, 5 autoload, 4 no $FF00 trigger, 1-0 stash/fetch/swap/verify), 2-3 C64
//! address, 4-6 REU address and bank, 7-8 length (0: 65536), 9 interrupt mask (bit 7
//! enable, 6 end of block, 5 verify error; the rest read 1), 10 address control (bit 7
//! C64 address fixed, 6 REU address fixed; the rest read 1). Writing an address or
//! length register writes the register and its autoload copy. Without autoload the
//! registers end where the transfer stopped (length 1); with it they are reloaded.
//! The controller counts 19 address bits and wraps at 512 KiB (the 1700 at 128 KiB);
//! larger units latch the bank's upper bits beside it. A 1764 has DRAM for 256 KiB:
//! the rest of its 512 KiB reads what the data latch last held.

/// The first DMA cycle after the write that starts a transfer (at cycle `t`).
pub const DMA_DELAY: u64 = 1;

/// What an REU's DRAM holds at power-on: $FF,$00,$00,$FF repeating, inverted in the
/// second 128 KiB of each 256 KiB (the pattern VICE's testprogs' `raminitpattern`
/// documents for the 1700/1764/1750).
fn power_on_byte(addr: u32) -> u8 {
    let base = if matches!(addr & 3, 0 | 3) {
        0xFF
    } else {
        0x00
    };
    if addr & 0x20000 != 0 { !base } else { base }
}

/// Register numbers.
const STATUS: u8 = 0;
const COMMAND: u8 = 1;
const C64_LO: u8 = 2;
const C64_HI: u8 = 3;
const REU_LO: u8 = 4;
const REU_HI: u8 = 5;
const BANK: u8 = 6;
const LEN_LO: u8 = 7;
const LEN_HI: u8 = 8;
const IRQ_MASK: u8 = 9;
const CONTROL: u8 = 10;

const ST_IRQ: u8 = 0x80;
const ST_END: u8 = 0x40;
const ST_FAULT: u8 = 0x20;
const ST_256K: u8 = 0x10;
const CMD_EXECUTE: u8 = 0x80;
const CMD_AUTOLOAD: u8 = 0x20;
const CMD_NO_FF00: u8 = 0x10;
const MASK_UNUSED: u8 = 0x1F;
const MASK_ENABLE: u8 = 0x80;
const CONTROL_UNUSED: u8 = 0x3F;
const FIX_C64: u8 = 0x80;
const FIX_REU: u8 = 0x40;
/// The controller's own address counter: 19 bits.
const REC_SPAN: u32 = 0x80000;

/// What a transfer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// C64 to REU.
    Stash,
    /// REU to C64.
    Fetch,
    /// Both ways (two cycles a byte).
    Swap,
    /// Compare, stopping at the first difference.
    Verify,
}

/// The C64 side of a transfer: the bus as the REU drives it.
pub trait DmaBus {
    /// The first cycle at or after `t` in which the REU has the bus (the VIC may hold it).
    fn dma_cycle(&mut self, t: u64) -> u64;
    /// Whether BA falls only late in cycle `t` (sprite 0's first BA-low cycle in the
    /// line its DMA starts): the REC, on the bus in the cycle before, sees it high.
    fn ba_late(&mut self, _t: u64) -> bool {
        false
    }
    /// Read C64 memory in cycle `t`.
    fn dma_read(&mut self, addr: u16, t: u64) -> u8;
    /// Write C64 memory in cycle `t`.
    fn dma_write(&mut self, addr: u16, value: u8, t: u64);
}

/// An REU.
#[derive(Clone, Debug)]
pub struct Reu {
    ram: Vec<u8>,
    /// Where the controller's 19-bit counter wraps (512 KiB; 128 KiB for the 1700).
    wrap: u32,
    /// Where the DRAM's address space wraps.
    dram_span: u32,
    /// Bank bits stored that the controller does not have (read as 1).
    bank_unused: u8,
    status: u8,
    command: u8,
    c64: u16,
    c64_shadow: u16,
    /// REU address including the bank (24 bits).
    reu: u32,
    reu_shadow: u32,
    length: u16,
    length_shadow: u16,
    irq_mask: u8,
    control: u8,
    /// Executed with the $FF00 trigger: waiting for a write to $FF00.
    armed: bool,
    /// The data latch: what a read of missing DRAM returns.
    latch: u8,
    /// The interrupt output is low since this cycle.
    irq_since: Option<u64>,
}

impl Reu {
    /// An REU of `size` bytes (128 KiB to 16 MiB, a power of two).
    pub fn new(size: usize) -> Reu {
        let size = size.clamp(0x20000, 0x100_0000).next_power_of_two();
        let (wrap, dram_span, bank_unused) = match size {
            0x20000 => (0x20000, 0x20000, 0xF8),
            0x40000 | 0x80000 => (REC_SPAN, REC_SPAN, 0xF8),
            n => (REC_SPAN, n as u32, 0),
        };
        let mut reu = Reu {
            ram: (0..size as u32).map(power_on_byte).collect(),
            wrap,
            dram_span,
            bank_unused,
            status: 0,
            command: 0,
            c64: 0,
            c64_shadow: 0,
            reu: 0,
            reu_shadow: 0,
            length: 0,
            length_shadow: 0,
            irq_mask: 0,
            control: 0,
            armed: false,
            latch: 0xFF,
            irq_since: None,
        };
        reu.reset();
        reu
    }

    /// The registers after a reset (the RAM keeps its contents).
    pub fn reset(&mut self) {
        self.status = if self.ram.len() >= 0x40000 {
            ST_256K
        } else {
            0
        };
        self.command = CMD_NO_FF00;
        self.c64 = 0;
        self.c64_shadow = 0;
        self.reu = u32::from(self.bank_unused) << 16;
        self.reu_shadow = self.reu;
        self.length = 0xFFFF;
        self.length_shadow = 0xFFFF;
        self.irq_mask = MASK_UNUSED;
        self.control = CONTROL_UNUSED;
        self.armed = false;
        self.irq_since = None;
    }

    /// The interrupt output: low since this cycle.
    pub fn irq_since(&self) -> Option<u64> {
        self.irq_since
    }

    /// Whether a write to $FF00 starts a transfer.
    pub fn armed(&self) -> bool {
        self.armed
    }

    /// A register's value without side effects.
    pub fn peek(&self, addr: u16) -> u8 {
        match (addr & 0x1F) as u8 {
            STATUS => self.status,
            COMMAND => self.command,
            C64_LO => self.c64 as u8,
            C64_HI => (self.c64 >> 8) as u8,
            REU_LO => self.reu as u8,
            REU_HI => (self.reu >> 8) as u8,
            // The upper bits of a larger unit's latch cannot be read back.
            BANK => (self.reu >> 16) as u8 | 0xF8,
            LEN_LO => self.length as u8,
            LEN_HI => (self.length >> 8) as u8,
            IRQ_MASK => self.irq_mask,
            CONTROL => self.control,
            _ => 0xFF,
        }
    }

    /// A read by the CPU: reading the status register clears its flags and the
    /// interrupt.
    pub fn read(&mut self, addr: u16) -> u8 {
        let v = self.peek(addr);
        if (addr & 0x1F) as u8 == STATUS {
            self.status &= !(ST_IRQ | ST_END | ST_FAULT);
            self.irq_since = None;
        }
        v
    }

    /// A write by the CPU in cycle `t`. Returns true when a transfer starts now.
    pub fn write(&mut self, addr: u16, value: u8, t: u64) -> bool {
        let lo = |w: u16| (w & 0xFF00) | u16::from(value);
        let hi = |w: u16| (w & 0x00FF) | (u16::from(value) << 8);
        match (addr & 0x1F) as u8 {
            COMMAND => {
                self.command = value;
                // The $FF00 trigger waits while the register holds execute without
                // bit 4: a later command without execute disarms it.
                self.armed = value & (CMD_EXECUTE | CMD_NO_FF00) == CMD_EXECUTE;
                if value & (CMD_EXECUTE | CMD_NO_FF00) == CMD_EXECUTE | CMD_NO_FF00 {
                    return true;
                }
            }
            C64_LO => {
                self.c64_shadow = lo(self.c64_shadow);
                self.c64 = self.c64_shadow;
            }
            C64_HI => {
                self.c64_shadow = hi(self.c64_shadow);
                self.c64 = self.c64_shadow;
            }
            REU_LO | REU_HI => {
                let s = self.reu_shadow;
                let w = if addr & 1 == 0 {
                    lo(s as u16)
                } else {
                    hi(s as u16)
                };
                // The address and the bank are separate registers, each with its
                // autoload copy: this reloads the 16-bit address, not the bank.
                self.reu_shadow = (s & 0xFF_0000) | u32::from(w);
                self.reu = (self.reu & 0xFF_0000) | u32::from(w);
            }
            BANK => {
                let bank = u32::from(value & !self.bank_unused) << 16;
                self.reu_shadow = (self.reu_shadow & 0xFFFF) | bank;
                self.reu = (self.reu & 0xFFFF) | bank;
            }
            LEN_LO => {
                self.length_shadow = lo(self.length_shadow);
                self.length = self.length_shadow;
            }
            LEN_HI => {
                self.length_shadow = hi(self.length_shadow);
                self.length = self.length_shadow;
            }
            IRQ_MASK => {
                self.irq_mask = value | MASK_UNUSED;
                // Enabling an interrupt whose condition is already there raises it.
                for flag in [ST_END, ST_FAULT] {
                    if self.status & flag != 0 && self.irq_enabled(flag) {
                        self.raise(t);
                    }
                }
            }
            CONTROL => self.control = value | CONTROL_UNUSED,
            _ => {}
        }
        false
    }

    /// A write to $FF00: starts an armed transfer.
    pub fn trigger(&mut self) -> bool {
        std::mem::take(&mut self.armed)
    }

    fn irq_enabled(&self, flag: u8) -> bool {
        let bit = if flag == ST_END { 0x40 } else { 0x20 };
        self.irq_mask & (MASK_ENABLE | bit) == MASK_ENABLE | bit
    }

    fn raise(&mut self, t: u64) {
        self.status |= ST_IRQ;
        self.irq_since.get_or_insert(t);
    }

    fn op(&self) -> Op {
        match self.command & 3 {
            0 => Op::Stash,
            1 => Op::Fetch,
            2 => Op::Swap,
            _ => Op::Verify,
        }
    }

    fn load(&mut self, addr: u32) -> u8 {
        let a = addr & (self.dram_span - 1);
        match self.ram.get(a as usize) {
            Some(&v) => v,
            None => self.latch,
        }
    }

    fn store(&mut self, addr: u32, value: u8) {
        let a = (addr & (self.dram_span - 1)) as usize;
        if let Some(b) = self.ram.get_mut(a) {
            *b = value;
        }
    }

    /// The next REU address: the controller's 19 bits count and wrap, the latched
    /// upper bits stay.
    fn next_reu(&self, addr: u32, step: u32) -> u32 {
        let mut low = (addr & (REC_SPAN - 1)) + step;
        if low == self.wrap {
            low = 0;
        }
        (addr & !(REC_SPAN - 1)) | low
    }

    /// Runs the transfer the command asks for, its first cycle at `start`. Returns the
    /// first cycle after it (the CPU may have the bus again).
    pub fn run(&mut self, bus: &mut impl DmaBus, start: u64) -> u64 {
        let op = self.op();
        let host_step = u16::from(self.control & FIX_C64 == 0);
        let reu_step = u32::from(self.control & FIX_REU == 0);
        let mut host = self.c64;
        let mut reu = self.reu;
        let mut left: u32 = if self.length == 0 {
            0x10000
        } else {
            u32::from(self.length)
        };
        let mut t = start;
        let mut flags = ST_END;
        // The last cycle the REC had the bus with BA high: a write right after it
        // still goes through when BA falls.
        let mut high_at: Option<u64> = None;
        // The last write waited for BA.
        let mut waited = false;
        loop {
            let last = left == 1;
            match op {
                Op::Stash => {
                    t = read_slot(bus, t, high_at);
                    high_at = Some(t);
                    let v = bus.dma_read(host, t);
                    self.store(reu, v);
                    self.latch = v;
                }
                Op::Fetch => {
                    let (at, high) = write_slot(bus, t, high_at, !last);
                    waited = at != t;
                    t = at;
                    if high {
                        high_at = Some(t);
                    }
                    let v = self.load(reu);
                    self.latch = v;
                    bus.dma_write(host, v, t);
                }
                Op::Swap => {
                    let from_reu = self.load(reu);
                    let (value, at, held) = swap_read(bus, host, t, high_at, last);
                    self.store(reu, value);
                    waited = held;
                    t = at;
                    high_at = Some(t);
                    bus.dma_write(host, from_reu, t);
                }
                Op::Verify => {
                    t = read_slot(bus, t, high_at);
                    high_at = Some(t);
                    let v = bus.dma_read(host, t);
                    if v != self.load(reu) {
                        flags = ST_FAULT;
                    }
                }
            }
            t += 1;
            host = host.wrapping_add(host_step);
            reu = self.next_reu(reu, reu_step);
            left -= 1;
            if flags == ST_FAULT {
                break;
            }
            if left == 0 {
                break;
            }
        }
        if op == Op::Verify && flags == ST_FAULT {
            if left == 0 {
                // The last byte failed: the block ended, too.
                flags |= ST_END;
            } else {
                // A failed compare costs a cycle more (not after the last byte).
                t = bus.dma_cycle(t) + 1;
                if left == 1 {
                    // The next-to-last failed: the block counts as ended if the last
                    // byte compares equal.
                    let c = bus.dma_read(host, t - 1);
                    if c == self.load(reu) {
                        flags |= ST_END;
                    }
                }
            }
        }
        if op == Op::Fetch {
            self.latch = self.load(reu);
        }
        if waited {
            // A last write that waited for BA: the REC keeps the bus a cycle more.
            t += 1;
        }
        self.finish(host, reu, left.max(1) as u16, flags, t);
        t
    }

    fn finish(&mut self, host: u16, reu: u32, left: u16, flags: u8, t: u64) {
        self.status |= flags;
        if self.command & CMD_AUTOLOAD == 0 {
            if self.control & FIX_C64 == 0 {
                self.c64 = host;
            }
            if self.control & FIX_REU == 0 {
                let keep = if self.dram_span > REC_SPAN {
                    self.dram_span
                } else {
                    REC_SPAN
                };
                self.reu = reu & (keep - 1);
            }
            self.length = left;
        } else {
            self.c64 = self.c64_shadow;
            self.reu = self.reu_shadow;
            self.length = self.length_shadow;
        }
        for flag in [ST_END, ST_FAULT] {
            if flags & flag != 0 && self.irq_enabled(flag) {
                self.raise(t);
            }
        }
        self.command = (self.command & !CMD_EXECUTE) | CMD_NO_FF00;
    }
}

/// The cycle a DMA write can happen in from `t` on, and whether BA is high then. BA
/// going low stops the REC's reads at once, its writes a cycle late (the VIC takes
/// the bus three cycles after BA falls): a write in BA's first low cycle, right after
/// a cycle the REC had the bus with BA high, still goes through (`through`: not for a
/// fetch's last byte, which waits for BA).
fn write_slot(bus: &mut impl DmaBus, t: u64, high_at: Option<u64>, through: bool) -> (u64, bool) {
    let free = bus.dma_cycle(t);
    let after_high = t > 0 && high_at == Some(t - 1);
    if free == t || (after_high && bus.ba_late(t)) {
        return (t, true);
    }
    if through && after_high {
        return (t, false);
    }
    (free, true)
}

/// A swap's read from cycle `t` on: (the byte read, the cycle of its write, whether
/// the write waited for BA). A read on BA's first low cycle right after the REC's own
/// access is held open while AEC stays high and takes the byte on the bus two cycles
/// later; its write waits for BA (the last byte's is read at once and written on the
/// next cycle, and the REC lets go). A read whose write would meet BA low is made
/// again when BA rises, and the write follows it.
fn swap_read(
    bus: &mut impl DmaBus,
    host: u16,
    t: u64,
    high_at: Option<u64>,
    last: bool,
) -> (u8, u64, bool) {
    let free = bus.dma_cycle(t);
    if free != t && t > 0 && high_at == Some(t - 1) {
        if last {
            return (bus.dma_read(host, t), t + 1, false);
        }
        return (bus.dma_read(host, t + 2), free, true);
    }
    let mut at = free;
    loop {
        let value = bus.dma_read(host, at);
        let write = at + 1;
        let next = bus.dma_cycle(write);
        if next == write {
            return (value, write, at != free);
        }
        at = next;
    }
}

/// The cycle a DMA read can happen in from `t` on: the first with BA high (as the
/// REC samples it: see `DmaBus::ba_late`).
fn read_slot(bus: &mut impl DmaBus, t: u64, high_at: Option<u64>) -> u64 {
    let free = bus.dma_cycle(t);
    if free != t && t > 0 && high_at == Some(t - 1) && bus.ba_late(t) {
        return t;
    }
    free
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Reu {
    ram,
    wrap,
    dram_span,
    bank_unused,
    status,
    command,
    c64,
    c64_shadow,
    reu,
    reu_shadow,
    length,
    length_shadow,
    irq_mask,
    control,
    armed,
    latch,
    irq_since
});

#[cfg(test)]
mod tests {
    use super::*;

    /// 64 KiB of RAM; BA is low in cycles 100-139 (`late`: BA falls late in this one).
    struct FakeBus {
        ram: Vec<u8>,
        accesses: Vec<(u64, u16, bool)>,
        late: Option<u64>,
    }

    impl DmaBus for FakeBus {
        fn dma_cycle(&mut self, t: u64) -> u64 {
            if (100..140).contains(&t) { 140 } else { t }
        }
        fn ba_late(&mut self, t: u64) -> bool {
            self.late == Some(t)
        }
        fn dma_read(&mut self, addr: u16, t: u64) -> u8 {
            self.accesses.push((t, addr, false));
            self.ram[usize::from(addr)]
        }
        fn dma_write(&mut self, addr: u16, value: u8, t: u64) {
            self.accesses.push((t, addr, true));
            self.ram[usize::from(addr)] = value;
        }
    }

    fn bus() -> FakeBus {
        FakeBus {
            ram: (0..0x10000).map(|i| (i % 251) as u8).collect(),
            accesses: Vec::new(),
            late: None,
        }
    }

    fn setup(reu: &mut Reu, c64: u16, at: u32, len: u16) {
        for (r, v) in [
            (2, c64 as u8),
            (3, (c64 >> 8) as u8),
            (4, at as u8),
            (5, (at >> 8) as u8),
            (6, (at >> 16) as u8),
            (7, len as u8),
            (8, (len >> 8) as u8),
        ] {
            reu.write(0xDF00 + r, v, 0);
        }
    }

    #[test]
    fn registers_read_back_as_a_1750_has_them() {
        let mut r = Reu::new(512 * 1024);
        let regs: Vec<u8> = (0..0x20).map(|i| r.peek(0xDF00 + i)).collect();
        assert_eq!(
            regs[..0x0B],
            [0x10, 0x10, 0, 0, 0, 0, 0xF8, 0xFF, 0xFF, 0x1F, 0x3F]
        );
        assert!(regs[0x0B..].iter().all(|&v| v == 0xFF));
        r.write(0xDF06, 0xFF, 0);
        r.write(0xDF09, 0x00, 0);
        assert_eq!((r.peek(0xDF26), r.peek(0xDF09)), (0xFF, 0x1F));
        assert_eq!(Reu::new(128 * 1024).peek(0xDF00), 0x00);
    }

    #[test]
    fn a_stash_takes_one_cycle_a_byte_and_waits_for_the_vic() {
        let mut r = Reu::new(512 * 1024);
        let mut b = bus();
        setup(&mut r, 0x1000, 0x7FFFE, 4);
        assert!(r.write(0xDF01, 0x90, 96));
        let end = r.run(&mut b, 97);
        // 97..99 for three bytes, the fourth after the VIC's 100-139.
        assert_eq!(end, 141);
        let cycles: Vec<u64> = b.accesses.iter().map(|a| a.0).collect();
        assert_eq!(cycles, [97, 98, 99, 140]);
        // The REU address wrapped at 512 KiB.
        assert_eq!(
            (r.ram[0x7FFFE], r.ram[0x7FFFF], r.ram[0], r.ram[1]),
            (b.ram[0x1000], b.ram[0x1001], b.ram[0x1002], b.ram[0x1003])
        );
        // Without autoload the registers end after the block, length 1.
        let regs: Vec<u8> = (0..9).map(|i| r.read(0xDF00 + i)).collect();
        assert_eq!(regs, [0x50, 0x10, 0x04, 0x10, 0x02, 0x00, 0xF8, 0x01, 0x00]);
        assert_eq!(r.peek(0xDF00), 0x10);
    }

    #[test]
    fn fetch_swap_and_verify_with_autoload_and_fixed_addresses() {
        let mut r = Reu::new(256 * 1024);
        let mut b = bus();
        r.ram[..4].copy_from_slice(&[1, 2, 3, 4]);
        setup(&mut r, 0x2000, 0, 4);
        r.write(0xDF0A, 0x00, 0);
        r.write(0xDF01, 0xB1, 0); // fetch, autoload
        assert_eq!(r.run(&mut b, 10), 14);
        assert_eq!(b.ram[0x2000..0x2004], [1, 2, 3, 4]);
        assert_eq!(
            (r.peek(0xDF02), r.peek(0xDF03), r.peek(0xDF07)),
            (0x00, 0x20, 4)
        );
        // Swap: two cycles a byte.
        b.ram[0x2000] = 9;
        r.write(0xDF01, 0xB2, 0);
        assert_eq!(r.run(&mut b, 20), 28);
        assert_eq!((r.ram[0], b.ram[0x2000]), (9, 1));
        // Verify with the C64 address fixed: stops at the first difference, a cycle
        // later, with the fault flag and the interrupt if enabled.
        assert_eq!(r.read(0xDF00), 0x50); // end of block (twice), now cleared
        r.write(0xDF09, 0xA0, 0);
        r.write(0xDF0A, 0x80, 0);
        r.write(0xDF01, 0x93, 0); // verify, no autoload
        let end = r.run(&mut b, 200);
        // $2000 holds 1 now, REU[0] 9: the first byte differs.
        assert_eq!(end, 202);
        assert_eq!(r.irq_since(), Some(202));
        assert_eq!(r.read(0xDF00), 0xB0);
        assert_eq!(r.irq_since(), None);
        // A 1764 has no DRAM above 256 KiB: reads give the latch.
        r.write(0xDF06, 0x04, 0);
        assert_eq!(r.load(0x40000), r.latch);
    }

    #[test]
    fn the_ff00_trigger_waits_for_a_write_there() {
        let mut r = Reu::new(512 * 1024);
        assert!(!r.write(0xDF01, 0x80, 0));
        assert!(r.armed());
        assert!(r.trigger());
        assert!(!r.trigger());
    }

    #[test]
    fn the_dram_powers_on_in_the_documented_pattern() {
        let r = Reu::new(512 * 1024);
        assert_eq!(r.ram[..8], [0xFF, 0, 0, 0xFF, 0xFF, 0, 0, 0xFF]);
        assert_eq!(r.ram[0x20000..0x20004], [0, 0xFF, 0xFF, 0]);
        assert_eq!(r.ram[0x40000..0x40004], [0xFF, 0, 0, 0xFF]);
    }

    #[test]
    fn the_bank_and_the_address_autoload_apart() {
        let mut r = Reu::new(512 * 1024);
        let mut b = bus();
        setup(&mut r, 0x1000, 0x1FFFE, 2);
        r.write(0xDF01, 0x90, 0);
        r.run(&mut b, 10);
        // Ended at $20000; writing the bank keeps the address's 16 bits.
        r.write(0xDF06, 0x01, 0);
        assert_eq!(
            (r.peek(0xDF04), r.peek(0xDF05), r.peek(0xDF06)),
            (0, 0, 0xF9)
        );
        // Writing the address low byte reloads 16 bits from the autoload copy
        // ($FFFE), not the bank.
        r.write(0xDF04, 0x34, 0);
        assert_eq!(
            (r.peek(0xDF04), r.peek(0xDF05), r.peek(0xDF06)),
            (0x34, 0xFF, 0xF9)
        );
    }

    #[test]
    fn a_command_without_execute_disarms_the_ff00_trigger() {
        let mut r = Reu::new(512 * 1024);
        r.write(0xDF01, 0x80, 0);
        r.write(0xDF01, 0x10, 0);
        assert!(!r.armed() && !r.trigger());
        // Execute with bit 4 set starts at once and arms nothing.
        assert!(r.write(0xDF01, 0x90, 0));
        assert!(!r.armed());
    }

    /// The cycles of the C64 side's accesses, reads and writes.
    fn cycles(b: &FakeBus) -> Vec<(u64, bool)> {
        b.accesses.iter().map(|&(t, _, w)| (t, w)).collect()
    }

    #[test]
    fn a_fetch_writes_through_the_first_ba_low_cycle_but_not_its_last_byte() {
        let mut r = Reu::new(512 * 1024);
        let mut b = bus();
        setup(&mut r, 0x2000, 0, 4);
        r.write(0xDF01, 0x91, 0);
        // 98, 99, then 100 (BA just fell), the last after BA: 140, and a cycle more.
        assert_eq!(r.run(&mut b, 98), 142);
        let w: Vec<u64> = cycles(&b).iter().map(|a| a.0).collect();
        assert_eq!(w, [98, 99, 100, 140]);
        // The last byte itself on BA's first low cycle waits.
        let mut b = bus();
        setup(&mut r, 0x2000, 0, 3);
        r.write(0xDF01, 0x91, 0);
        assert_eq!(r.run(&mut b, 98), 142);
        let w: Vec<u64> = cycles(&b).iter().map(|a| a.0).collect();
        assert_eq!(w, [98, 99, 140]);
    }

    #[test]
    fn a_late_ba_fall_gives_the_rec_one_cycle_more() {
        let mut r = Reu::new(512 * 1024);
        let mut b = bus();
        b.late = Some(100);
        setup(&mut r, 0x1000, 0, 4);
        r.write(0xDF01, 0x90, 0);
        assert_eq!(r.run(&mut b, 98), 141);
        let c: Vec<u64> = cycles(&b).iter().map(|a| a.0).collect();
        assert_eq!(c, [98, 99, 100, 140]);
    }

    #[test]
    fn swaps_hold_a_read_on_ba_fall_and_read_again_before_a_blocked_write() {
        let mut r = Reu::new(512 * 1024);
        let mut swap = |start: u64, len: u16| {
            let mut b = bus();
            setup(&mut r, 0x2000, 0, len);
            r.write(0xDF01, 0x92, 0);
            let end = r.run(&mut b, start);
            (cycles(&b), end)
        };
        // The last byte's read on BA's first low cycle, right after the REC's write:
        // taken at once, written on the next cycle, and the bus handed back.
        let (c, end) = swap(98, 2);
        assert_eq!(
            (c, end),
            (
                vec![(98, false), (99, true), (100, false), (101, true)],
                102
            )
        );
        // Not the last: held open, the byte taken two cycles later, the write after BA.
        let (c, end) = swap(98, 3);
        assert_eq!(
            c,
            [
                (98, false),
                (99, true),
                (102, false),
                (140, true),
                (141, false),
                (142, true)
            ]
        );
        assert_eq!(end, 143);
        // A read with BA high whose write would meet BA low is made again after it.
        let (c, end) = swap(99, 1);
        assert_eq!(
            (c, end),
            (vec![(99, false), (140, false), (141, true)], 143)
        );
    }
}
