use super::*;
use crate::map::pal::CYCLES_PER_FRAME;

fn with_mem<R>(f: impl FnOnce(&VicMem) -> R) -> R {
    let ram = Box::new([0u8; 0x10000]);
    let color = [0u8; 1024];
    let chargen = [0u8; 4096];
    f(&VicMem {
        ram: &ram,
        color: &color,
        chargen: &chargen,
        cpu_pc: 0,
    })
}

/// Cycle `n` (1-63) of line `line` in the first frame.
fn at(line: u64, n: u64) -> u64 {
    line * 63 + n - 1
}

#[test]
fn raster_counts_63_cycle_lines_and_bit_8_sits_in_d011() {
    let v = Vic::kernal_defaults();
    assert_eq!(v.peek(RASTER, at(0, 2)), 0);
    assert_eq!(v.peek(RASTER, at(100, 63)), 100);
    assert_eq!(v.peek(RASTER, at(300, 1)), 44);
    assert_eq!(v.peek(CTRL1, at(300, 1)) & 0x80, 0x80);
    assert_eq!(v.peek(CTRL1, at(100, 1)) & 0x80, 0);
    // Cycle 1 of line 0 still counts as line 311.
    assert_eq!(v.peek(RASTER, CYCLES_PER_FRAME), 0x37);
    assert_eq!(v.peek(CTRL1, CYCLES_PER_FRAME) & 0x80, 0x80);
    assert_eq!(raster_line(CYCLES_PER_FRAME), 0);
}

#[test]
fn raster_compare_latches_in_d019_until_acknowledged() {
    with_mem(|mem| {
        // The KERNAL's PAL test: compare line 311 ($D011 bit 7 + $D012 = $37).
        let mut v = Vic::new();
        v.write(CTRL1, 0x9B, 2, mem);
        v.write(RASTER, 0x37, 2, mem);
        v.write(IRQ_FLAGS, 0x0F, 2, mem);
        assert_eq!(v.peek(IRQ_FLAGS, at(311, 1) - 1) & 1, 0);
        assert_eq!(v.peek(IRQ_FLAGS, at(311, 1)) & 1, 1);
        assert_eq!(v.read(IRQ_FLAGS, at(311, 1) - 1, mem) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, at(311, 1), mem) & 1, 1);
        v.write(IRQ_FLAGS, 0x01, at(311, 10), mem);
        assert_eq!(v.read(IRQ_FLAGS, at(311, 20), mem) & 1, 0);
        // Still line 311 in cycle 1 of line 0: no new interrupt there.
        assert_eq!(v.read(IRQ_FLAGS, CYCLES_PER_FRAME, mem) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, CYCLES_PER_FRAME + at(311, 1), mem) & 1, 1);
        // A line the frame does not have (NTSC would) never matches.
        v.write(RASTER, 0xFF, CYCLES_PER_FRAME + at(311, 2), mem);
        v.write(IRQ_FLAGS, 0x0F, CYCLES_PER_FRAME + at(311, 3), mem);
        assert_eq!(v.read(IRQ_FLAGS, 5 * CYCLES_PER_FRAME, mem) & 1, 0);
    });
}

#[test]
fn line_0_compares_in_its_cycle_2_and_a_compare_write_matches_the_next_cycle() {
    with_mem(|mem| {
        let mut v = Vic::new();
        v.write(IRQ_MASK, 0x01, 0, mem);
        v.write(IRQ_FLAGS, 0x0F, 2, mem);
        assert_eq!(v.irq_since(), None);
        assert_eq!(v.next_event(), Some(CYCLES_PER_FRAME + 1));
        v.sync(CYCLES_PER_FRAME, mem);
        assert_eq!(v.irq_since(), None);
        v.sync(CYCLES_PER_FRAME + 1, mem);
        assert_eq!(v.irq_since(), Some(CYCLES_PER_FRAME + 1));
        // Writing the line the beam is on: the interrupt comes in the next cycle.
        let t = CYCLES_PER_FRAME + at(40, 30);
        v.write(IRQ_FLAGS, 0x0F, t - 1, mem);
        v.write(RASTER, 40, t, mem);
        assert_eq!(v.next_event(), Some(t + 1));
        v.sync(t + 1, mem);
        assert_eq!(v.irq_since(), Some(t + 1));
    });
}

#[test]
fn the_raster_interrupt_line_goes_low_at_the_compare_line_when_enabled() {
    with_mem(|mem| {
        let mut v = Vic::new();
        v.write(RASTER, 0x80, 0, mem);
        v.write(IRQ_MASK, 0x01, 0, mem);
        assert_eq!(v.irq_since(), None);
        assert_eq!(v.next_event(), Some(at(0x80, 1)));
        v.sync(at(0x80, 1) - 1, mem);
        assert_eq!(v.irq_since(), None);
        v.sync(at(0x80, 1) + 5, mem);
        assert_eq!(v.irq_since(), Some(at(0x80, 1)));
        assert_eq!(v.peek(IRQ_FLAGS, at(0x80, 6)), 0xF1);
        v.write(IRQ_FLAGS, 0x01, at(0x80, 10), mem);
        assert_eq!(v.irq_since(), None);
        // Masked: the flag latches, the line stays high.
        v.write(IRQ_MASK, 0x00, at(0x80, 11), mem);
        v.sync(CYCLES_PER_FRAME + at(0x80, 1), mem);
        assert_eq!(v.irq_since(), None);
        assert_eq!(v.peek(IRQ_FLAGS, CYCLES_PER_FRAME + at(0x80, 1)), 0x71);
    });
}

/// The cycles a CPU reading in every cycle from `from` to `to` waits for BA.
fn reads_wait(v: &mut Vic, mem: &VicMem, from: u64, to: u64) -> u64 {
    let (mut t, mut waited) = (from, 0);
    while t < to {
        match v.ba_low(t, mem) {
            Some(end) => {
                waited += end - t;
                t = end;
            }
            None => t += 1,
        }
    }
    waited
}

#[test]
fn bad_lines_hold_ba_low_43_cycles_on_every_eighth_line_of_the_display() {
    with_mem(|mem| {
        let mut v = Vic::kernal_defaults(); // DEN on, YSCROLL 3: bad lines $33, $3B, ... $F3
        assert_eq!(
            reads_wait(&mut v, mem, 0, CYCLES_PER_FRAME),
            25 * BADLINE_CYCLES
        );
        // The first one: BA goes low in cycle 12 of line $33 and is high in cycle 55.
        let mut v = Vic::kernal_defaults();
        assert_eq!(v.next_ba_low(0), Some(at(0x33, 12)));
        assert_eq!(v.ba_low(at(0x33, 11), mem), None);
        assert_eq!(v.ba_low(at(0x33, 12), mem), Some(at(0x33, 55)));
        assert_eq!(v.ba_low(at(0x33, 55), mem), None);
        assert_eq!(v.next_ba_low(at(0x33, 56)), Some(at(0x3B, 12)));
        // Blanked in line $30: no bad lines in that frame.
        let mut v = Vic::kernal_defaults();
        v.write(CTRL1, 0x0B, 0, mem);
        assert_eq!(
            v.next_ba_low(0),
            Some(CYCLES_PER_FRAME + at(0x30, 12)).filter(|_| false)
        );
        assert_eq!(reads_wait(&mut v, mem, 0, CYCLES_PER_FRAME), 0);
    });
}

#[test]
fn a_bad_line_condition_made_in_mid_line_starts_the_accesses_there() {
    with_mem(|mem| {
        // YSCROLL 3 -> 4 in cycle 20 of line $34: BA low from cycle 21 to 54.
        let mut v = Vic::kernal_defaults();
        v.sync(at(0x34, 20), mem);
        assert_eq!(v.next_ba_low(at(0x34, 20)), Some(at(0x3B, 12)));
        v.write(CTRL1, 0x1C, at(0x34, 20), mem);
        assert_eq!(v.next_ba_low(at(0x34, 21)), Some(at(0x34, 21)));
        assert_eq!(v.ba_low(at(0x34, 21), mem), Some(at(0x34, 55)));
        // The first three c-accesses (into the line buffer after the six cells the
        // g-accesses of cycles 16-21 took) came before the CPU let go: $FF.
        assert_eq!(&v.fetch.vbuf[4..10], &[0, 0, 0xFF, 0xFF, 0xFF, 0]);
    });
}

#[test]
fn sprite_dma_costs_two_cycles_a_sprite_plus_three_for_ba() {
    assert_eq!(sprite_dma_cycles(0), 0);
    assert_eq!(sprite_dma_cycles(0x01), 5);
    assert_eq!(sprite_dma_cycles(0x80), 5);
    assert_eq!(sprite_dma_cycles(0x03), 7);
    assert_eq!(sprite_dma_cycles(0xFF), 19);
    // Sprites 0 and 2: the gap of one sprite is shorter than BA's lead, BA stays low.
    assert_eq!(sprite_dma_cycles(0x05), 9);
    // Sprites 0 and 3: two free slots, BA goes high for one cycle... and low again.
    assert_eq!(sprite_dma_cycles(0x09), 10);
    // The same from the BA windows a CPU reading every cycle meets on a blank screen.
    with_mem(|mem| {
        for active in [0x01u8, 0x80, 0x03, 0xFF, 0x05, 0x09] {
            let mut v = Vic::new();
            v.write(0x15, active, 0, mem);
            for i in 0..8 {
                v.write(1 + 2 * i, 10, 0, mem);
            }
            let from = at(10, 50);
            let waited = reads_wait(&mut v, mem, from, from + 63);
            assert_eq!(waited, sprite_dma_cycles(active), "sprites {active:02X}");
        }
    });
}

#[test]
fn a_sprite_fetches_for_21_lines_or_42_expanded() {
    with_mem(|mem| {
        let mut v = Vic::new(); // screen off: no bad lines
        v.write(0x01, 100, 0, mem);
        v.write(0x15, 0x01, 0, mem);
        assert_eq!(v.next_ba_low(0), Some(at(100, 55)));
        assert_eq!(reads_wait(&mut v, mem, 0, CYCLES_PER_FRAME), 21 * 5);
        v.write(0x17, 0x01, CYCLES_PER_FRAME, mem);
        let waited = reads_wait(&mut v, mem, CYCLES_PER_FRAME, 2 * CYCLES_PER_FRAME);
        assert_eq!(waited, 42 * 5);
    });
}

#[test]
fn read_masks_and_unused_registers() {
    with_mem(|mem| {
        let mut v = Vic::new();
        v.write(BORDER, 0x05, 0, mem);
        assert_eq!(v.peek(BORDER, 0), 0xF5);
        assert_eq!(v.peek(0x3F, 0), 0xFF);
        assert_eq!(v.peek(IRQ_MASK, 0), 0xF0);
        assert_eq!(v.peek(MEMPTR, 0) & 1, 1);
        assert_eq!(v.peek(CTRL2, 0), 0xC0);
    });
}
