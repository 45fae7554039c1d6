use super::*;

fn with_mem<R>(f: impl FnOnce(&VicMem) -> R) -> R {
    let ram = Box::new([0u8; 0x10000]);
    let color = [0u8; 1024];
    let chargen = [0u8; 4096];
    f(&VicMem {
        ram: &ram,
        color: &color,
        chargen: &chargen,
    })
}

#[test]
fn raster_counts_63_cycle_lines_and_bit_8_sits_in_d011() {
    let v = Vic::kernal_defaults();
    assert_eq!(v.peek(RASTER, 0), 0);
    assert_eq!(v.peek(RASTER, 63 * 100 + 62), 100);
    assert_eq!(v.peek(RASTER, 63 * 300), 44);
    assert_eq!(v.peek(CTRL1, 63 * 300) & 0x80, 0x80);
    assert_eq!(v.peek(CTRL1, 63 * 100) & 0x80, 0);
    assert_eq!(raster_line(CYCLES_PER_FRAME), 0);
}

#[test]
fn raster_compare_latches_in_d019_until_acknowledged() {
    with_mem(|mem| {
        // The KERNAL's PAL test: compare line 311 ($D011 bit 7 + $D012 = $37).
        let mut v = Vic::new();
        v.write(CTRL1, 0x9B, 0, mem);
        v.write(RASTER, 0x37, 0, mem);
        v.write(IRQ_FLAGS, 0x0F, 0, mem);
        assert_eq!(v.peek(IRQ_FLAGS, 311 * 63 - 1) & 1, 0);
        assert_eq!(v.peek(IRQ_FLAGS, 311 * 63) & 1, 1);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63 - 1, mem) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63, mem) & 1, 1);
        v.write(IRQ_FLAGS, 0x01, 311 * 63 + 10, mem);
        assert_eq!(v.read(IRQ_FLAGS, 311 * 63 + 20, mem) & 1, 0);
        assert_eq!(v.read(IRQ_FLAGS, CYCLES_PER_FRAME + 311 * 63, mem) & 1, 1);
        // A line the frame does not have (NTSC would) never matches.
        v.write(RASTER, 0xFF, CYCLES_PER_FRAME + 311 * 63 + 1, mem);
        v.write(IRQ_FLAGS, 0x0F, CYCLES_PER_FRAME + 311 * 63 + 2, mem);
        assert_eq!(v.read(IRQ_FLAGS, 5 * CYCLES_PER_FRAME, mem) & 1, 0);
    });
}

#[test]
fn the_raster_interrupt_line_goes_low_at_the_compare_line_when_enabled() {
    with_mem(|mem| {
        let mut v = Vic::new();
        v.write(RASTER, 0x80, 0, mem);
        v.write(IRQ_MASK, 0x01, 0, mem);
        // Line 0 matched the power-on compare value 0: acknowledge that first.
        assert_eq!(v.irq_since(), Some(0));
        v.write(IRQ_FLAGS, 0x0F, 1, mem);
        assert_eq!(v.next_event(), Some(0x80 * 63));
        v.sync(0x80 * 63 - 1, mem);
        assert_eq!(v.irq_since(), None);
        v.sync(0x80 * 63 + 5, mem);
        assert_eq!(v.irq_since(), Some(0x80 * 63));
        assert_eq!(v.peek(IRQ_FLAGS, 0x80 * 63 + 5), 0xF1);
        v.write(IRQ_FLAGS, 0x01, 0x80 * 63 + 9, mem);
        assert_eq!(v.irq_since(), None);
        // Masked: the flag latches, the line stays high.
        v.write(IRQ_MASK, 0x00, 0x80 * 63 + 10, mem);
        v.sync(CYCLES_PER_FRAME + 0x80 * 63, mem);
        assert_eq!(v.irq_since(), None);
        assert_eq!(v.peek(IRQ_FLAGS, CYCLES_PER_FRAME + 0x80 * 63), 0x71);
    });
}

#[test]
fn a_compare_write_sets_the_flag_only_when_the_comparison_starts_to_match() {
    with_mem(|mem| {
        let mut v = Vic::new();
        v.write(RASTER, 100, 0, mem);
        v.sync(100 * 63 + 20, mem);
        v.write(IRQ_FLAGS, 0x0F, 100 * 63 + 20, mem);
        // INC $D012 in line 100: the unmodified value, then 101. Neither matches anew.
        v.write(RASTER, 100, 100 * 63 + 24, mem);
        v.write(RASTER, 101, 100 * 63 + 25, mem);
        assert_eq!(v.peek(IRQ_FLAGS, 100 * 63 + 26) & 1, 0);
        // Back to 100: from no match to a match.
        v.write(RASTER, 100, 100 * 63 + 30, mem);
        assert_eq!(v.peek(IRQ_FLAGS, 100 * 63 + 31) & 1, 1);
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
        assert_eq!(v.ba_low(0x33 * 63 + 10, mem), None);
        assert_eq!(v.next_event(), Some(0x33 * 63 + 11));
        assert_eq!(v.next_ba_low(0), None);
        assert_eq!(v.ba_low(0x33 * 63 + 11, mem), Some(0x33 * 63 + 54));
        assert_eq!(v.ba_low(0x33 * 63 + 53, mem), Some(0x33 * 63 + 54));
        assert_eq!(v.ba_low(0x33 * 63 + 54, mem), None);
        assert_eq!(v.next_ba_low(0x33 * 63), Some(0x33 * 63 + 11));
        assert_eq!(
            v.next_ba_window(0x33 * 63 + 20),
            Some((0x33 * 63 + 20, 0x33 * 63 + 54))
        );
        assert_eq!(v.next_event(), Some(0x3B * 63 + 11));
        // Blanked in line $30: no bad lines in that frame.
        let mut v = Vic::kernal_defaults();
        v.write(CTRL1, 0x0B, 0, mem);
        assert_eq!(v.next_event(), None);
        assert_eq!(reads_wait(&mut v, mem, 0, CYCLES_PER_FRAME), 0);
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
    // The same from the BA windows a CPU reading every cycle meets.
    with_mem(|mem| {
        for active in [0x01u8, 0x80, 0x03, 0xFF, 0x05, 0x09] {
            let mut v = Vic::new();
            let point = 10 * 63 + SPRITE_BA;
            v.sync(point, mem);
            v.sprite_dma = (10, active);
            let waited = reads_wait(&mut v, mem, point, point + 63);
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
        assert_eq!(v.next_event(), Some(100 * 63 + 54));
        assert_eq!(reads_wait(&mut v, mem, 0, CYCLES_PER_FRAME), 21 * 5);
        let shown: Vec<usize> = (0..312).filter(|&l| v.cur.rows[l][0] != NO_ROW).collect();
        assert_eq!(shown, (101..=121).collect::<Vec<_>>());
        assert_eq!(v.cur.rows[101][0], 0);
        assert_eq!(v.cur.rows[121][0], 20);
        v.write(0x17, 0x01, CYCLES_PER_FRAME, mem);
        let waited = reads_wait(&mut v, mem, CYCLES_PER_FRAME, 2 * CYCLES_PER_FRAME);
        assert_eq!(waited, 42 * 5);
        assert_eq!(v.cur.rows[101][0], 0);
        assert_eq!(v.cur.rows[102][0], 0);
        assert_eq!(v.cur.rows[103][0], 1);
        assert_eq!(v.cur.rows[142][0], 20);
        assert_eq!(v.cur.rows[143][0], NO_ROW);
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
    });
}
