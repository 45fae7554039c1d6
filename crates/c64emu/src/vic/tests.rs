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
        ultimax: None,
        ultimax_phi2: None,
    })
}

static NO_COLOR: [u8; 1024] = [0; 1024];
static NO_CHARGEN: [u8; 4096] = [0; 4096];

/// The VIC's memory: `ram`, colour RAM and the character ROM all zero.
fn zeroed_but(ram: &[u8; 0x10000]) -> VicMem<'_> {
    VicMem {
        ram,
        color: &NO_COLOR,
        chargen: &NO_CHARGEN,
        cpu_pc: 0,
        ultimax: None,
        ultimax_phi2: None,
    }
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
    assert_eq!(v.raster_line(CYCLES_PER_FRAME), 0);
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
        assert_eq!(v.next_ba_low(0), Some(at(0x33, 12)));
        assert_eq!(v.ba_low(at(0x33, 11), mem), None);
        assert_eq!(v.ba_low(at(0x33, 12), mem), Some(at(0x33, 55)));
        assert_eq!(v.ba_low(at(0x33, 55), mem), None);
        assert_eq!(v.next_ba_low(at(0x33, 56)), Some(at(0x3B, 12)));
        assert_eq!(
            v.next_ba_window(at(0x33, 20)),
            Some((at(0x33, 20), at(0x33, 55)))
        );
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
        v.sync(at(0x34, 55), mem);
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

use crate::test_rng::Rng;

/// A register write a program might make (mode, scroll, border, colours, sprites).
fn random_write(rng: &mut Rng) -> (u8, u8) {
    let v = rng.byte();
    match rng.below(16) {
        0..=2 => (CTRL1, (v & 0x7F) | 0x10),
        3 => (CTRL1, v & 0x7F),
        4..=5 => (CTRL2, v),
        6 => (MEMPTR, v),
        7..=8 => (0x20 + (v % 5), rng.byte()),
        9 => (0x15, if v & 1 == 0 { 0 } else { rng.byte() }),
        10 => (rng.byte() % 0x10, v),
        11 => (0x17 + (v % 7), rng.byte()),
        12 => (0x25 + (v % 10), rng.byte()),
        13 => (RASTER, v),
        14 => (IRQ_MASK, v),
        _ => (IRQ_FLAGS, v),
    }
}

/// RAM, colour RAM and a character ROM of random bytes (the VIC's memory in the random
/// tests).
struct RandomMemory {
    ram: Box<[u8; 0x10000]>,
    color: [u8; 1024],
    chargen: Vec<u8>,
}

impl RandomMemory {
    fn new(rng: &mut Rng) -> RandomMemory {
        let mut ram = Box::new([0u8; 0x10000]);
        for b in ram.iter_mut() {
            *b = rng.byte();
        }
        let mut color = [0u8; 1024];
        for c in color.iter_mut() {
            *c = rng.byte() & 15;
        }
        let chargen = (0..4096).map(|_| rng.byte()).collect();
        RandomMemory {
            ram,
            color,
            chargen,
        }
    }

    fn mem(&self) -> VicMem<'_> {
        VicMem {
            ram: &self.ram,
            color: &self.color,
            chargen: &self.chargen,
            cpu_pc: 0x1234,
            ultimax: None,
            ultimax_phi2: None,
        }
    }
}

#[test]
fn the_fast_paths_draw_and_count_as_every_cycle_does() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // Rounds 12-19 on the NTSC chips (their lines run with the sprites cycle by cycle).
    for round in 0..20u64 {
        let memory = RandomMemory::new(&mut rng);
        let mem = memory.mem();
        let mut fast = Vic::kernal_defaults();
        fast.set_model(match (round >= 12, round % 2 == 1) {
            (false, false) => Model::Mos6569,
            (false, true) => Model::Mos8565,
            (true, false) => Model::Mos6567R8,
            (true, true) => Model::Mos6567R56A,
        });
        let frame = fast.timing().frame;
        let mut slow = fast.clone();
        slow.set_fast_lines(false);
        // Headless: no picture, the same counters, BA, interrupts and collisions.
        let mut blind = fast.clone();
        blind.set_drawing(false);
        let mut t = 0;
        while t < 6 * frame {
            // Sparse writes: most lines run quiet between them.
            t += 1 + rng.below(if round < 4 { 3000 } else { 400 });
            let (r, v) = random_write(&mut rng);
            for vic in [&mut fast, &mut slow, &mut blind] {
                if v % 8 == 0 {
                    // Reading a collision register clears it: more collisions to come.
                    vic.read(SS_COLLISION + v / 8 % 2, t, &mem);
                } else {
                    vic.write(r, v, t, &mem);
                }
            }
            let ba = (fast.ba_low(t + 1, &mem), slow.ba_low(t + 1, &mem));
            assert_eq!(ba.0, ba.1, "BA at {t} (round {round})");
            assert_eq!(blind.ba_low(t + 1, &mem), ba.1, "BA at {t} (round {round})");
            t = ba.0.unwrap_or(t + 1);
            // A write the VIC does not use in the cycles before it leaves the fast
            // ones behind: run up to where the reference is, as a read would.
            for vic in [&mut fast, &mut blind] {
                vic.sync(slow.clock - 1, &mem);
            }
            for vic in [&fast, &blind] {
                assert_eq!(
                    vic.irq_since(),
                    slow.irq_since(),
                    "IRQ at {t} (round {round})"
                );
                for r in [IRQ_FLAGS, CTRL1, SS_COLLISION, SB_COLLISION] {
                    assert_eq!(vic.peek(r, t), slow.peek(r, t), "${r:02X} at {t}");
                }
            }
        }
        fast.sync(t, &mem);
        slow.sync(t, &mem);
        blind.sync(t, &mem);
        assert_eq!(
            (blind.sprites.ss, blind.sprites.sb, blind.fetch.vc),
            (slow.sprites.ss, slow.sprites.sb, slow.fetch.vc)
        );
        assert_eq!(blind.gfx.pipeline(), slow.gfx.pipeline(), "round {round}");
        assert_eq!(
            blind.sprites.shifters(),
            slow.sprites.shifters(),
            "round {round}"
        );
        let height = fast.timing().height;
        if let Some(i) = (0..WIDTH * height).find(|&i| fast.pens()[i] != slow.pens()[i]) {
            panic!(
                "round {round}: pixel ({}, {}) is {} drawn fast, {} slowly",
                i % WIDTH,
                i / WIDTH,
                fast.pens()[i],
                slow.pens()[i]
            );
        }
        assert_eq!(
            (
                fast.fetch.vc,
                fast.fetch.vcbase,
                fast.fetch.rc,
                fast.fetch.idle
            ),
            (
                slow.fetch.vc,
                slow.fetch.vcbase,
                slow.fetch.rc,
                slow.fetch.idle
            )
        );
    }
}

#[test]
fn ba_predictions_cover_every_stall_while_the_vic_lags() {
    for model in [Model::Mos6569, Model::Mos6567R8, Model::Mos6567R56A] {
        ba_predictions_cover_every_stall(model);
    }
}

fn ba_predictions_cover_every_stall(model: Model) {
    with_mem(|mem| {
        // Sprites 0 and 5 (one Y-expanded), 24 rows: a VIC run up to each cycle and
        // one asked from far behind agree on every cycle of three frames.
        let setup = |v: &mut Vic| {
            for (r, value) in [
                (CTRL1, 0x13),
                (0x15, 0x21),
                (0x01, 0x90),
                (0x0B, 0xF0),
                (0x17, 0x20),
            ] {
                v.write(r, value, 0, mem);
            }
        };
        let (mut ahead, mut lazy) = (Vic::kernal_defaults(), Vic::kernal_defaults());
        ahead.set_model(model);
        lazy.set_model(model);
        setup(&mut ahead);
        setup(&mut lazy);
        let (line, frame) = (model.timing().line, model.timing().frame);
        let mut t = 1;
        while t < 3 * frame {
            ahead.sync(t - 1, mem);
            let truth = ahead.ba_low(t, mem);
            if truth.is_some() {
                assert_eq!(
                    lazy.next_ba_low(t),
                    Some(t),
                    "{model:?}: BA low at {t} (line {})",
                    t / line
                );
            }
            assert_eq!(
                lazy.ba_low(t, mem),
                truth,
                "{model:?}: stall at {t} (line {})",
                t / line
            );
            // The CPU reads again where the stall ends.
            t = truth.unwrap_or(t + 1);
        }
    });
}

/// A VIC showing a screen of the letter glyph `glyph` (screen at $0400, character set
/// at $2000 in RAM) over `frames` frames with `writes` (cycle, register, value) made
/// at their cycles; its picture.
fn picture(glyph: [u8; 8], writes: &[(u64, u8, u8)], frames: u64) -> Vec<u8> {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x2000..0x2008].copy_from_slice(&glyph);
    let color = [1u8; 1024];
    let chargen = [0u8; 4096];
    let mem = VicMem {
        ram: &ram,
        color: &color,
        chargen: &chargen,
        cpu_pc: 0,
        ultimax: None,
        ultimax_phi2: None,
    };
    let mut v = Vic::kernal_defaults();
    v.write(MEMPTR, 0x18, 0, &mem);
    for f in 0..frames {
        for &(t, r, value) in writes {
            v.write(r, value, f * CYCLES_PER_FRAME + t, &mem);
        }
    }
    v.sync(frames * CYCLES_PER_FRAME - 1, &mem);
    v.pens().to_vec()
}

/// Picture pixel (x, y) of raster line `line`.
fn pen(p: &[u8], x: usize, line: u64) -> u8 {
    p[(line as usize - 16) * WIDTH + x]
}

#[test]
fn a_colour_written_in_mid_line_shows_from_the_pixel_after_the_next_cycles_first() {
    // $D020 = 2 in cycle 30 of line 30 (in the top border; 14 again at line 300): the
    // 6569 shows it from pixel 8 * 31 - 112 + 1.
    let p = picture(
        [0; 8],
        &[(at(30, 30), BORDER, 2), (at(300, 1), BORDER, 14)],
        2,
    );
    let x = 8 * 31 - 112;
    assert_eq!(pen(&p, 0, 30), 14);
    assert_eq!(pen(&p, x, 30), 14);
    assert_eq!(pen(&p, x + 1, 30), 2);
    assert_eq!(pen(&p, 0, 31), 2);
    // The background too, inside the display window ($D021 = 0 in cycle 40 of line 60).
    let p = picture(
        [0; 8],
        &[(at(60, 40), BACKGROUND0, 0), (at(300, 1), BACKGROUND0, 6)],
        2,
    );
    let x = 8 * 41 - 112;
    assert_eq!((pen(&p, x, 60), pen(&p, x + 1, 60)), (6, 0));
}

#[test]
fn the_side_borders_open_when_csel_is_off_at_the_right_comparison() {
    // 38 columns written in cycle 56 of line 80, after the 38-column comparison (56)
    // and before the 40-column one (57): neither sets the main flip-flop; back to 40
    // columns in cycle 1 of the next line. The right border shows background.
    let p = picture(
        [0; 8],
        &[(at(80, 56), CTRL2, 0xC0), (at(81, 1), CTRL2, 0xC8)],
        2,
    );
    assert_eq!(pen(&p, 8 * 58 - 112, 80), 6, "right border opened");
    assert_eq!(pen(&p, WIDTH - 1, 80), 6);
    assert_eq!(pen(&p, WIDTH - 1, 79), 14, "closed on the line before");
    // Opened past the line's end: the left border of the next line too, up to the
    // left comparison.
    assert_eq!(pen(&p, 0, 81), 6);
    assert_eq!(pen(&p, WIDTH - 1, 81), 14);
}

#[test]
fn fld_moves_the_character_rows_down_by_avoiding_bad_lines() {
    // From line $31 on, YSCROLL set in each line to two lines ahead: no bad line until
    // $42, which the last write leaves matching, so the first text row starts there.
    let glyph = [0xFF, 0, 0, 0, 0, 0, 0, 0];
    let mut writes = Vec::new();
    for line in 0x31u64..0x41 {
        writes.push((at(line, 20), CTRL1, 0x18 | ((line as u8 + 2) & 7)));
    }
    writes.push((at(0x42, 20), CTRL1, 0x1B));
    let plain = picture(glyph, &[], 2);
    assert_eq!(pen(&plain, 40, 0x33), 1, "row 0's top at line $33");
    let fld = picture(glyph, &writes, 2);
    assert_eq!(pen(&fld, 40, 0x33), 6, "no text at $33");
    let first = (0x33..0x60u64).find(|&l| pen(&fld, 40, l) == 1).unwrap();
    assert_eq!(first, 0x42, "row 0 shown from line $42");
}

#[test]
fn the_light_pen_latches_the_beam_once_a_frame() {
    with_mem(|mem| {
        let mut v = Vic::kernal_defaults();
        v.write(IRQ_MASK, IRQ_LIGHT_PEN, 0, mem);
        // Pulled low in cycle 30 of line 100: X from cycle 31's position, 2 late.
        let t = at(100, 30);
        v.sync(t, mem);
        v.set_light_pen(true, t);
        v.sync(t + 1, mem);
        assert_eq!(v.peek(LPY, t + 1), 100);
        assert_eq!(v.peek(LPX, t + 1), (8 * (31 - 14) / 2 + 2) as u8);
        assert_eq!(v.irq_since(), Some(t + 1));
        // Pulled again in the same frame: no new latch.
        v.set_light_pen(false, t + 10);
        v.set_light_pen(true, at(200, 5));
        v.sync(at(200, 10), mem);
        assert_eq!(v.peek(LPY, at(200, 10)), 100);
    });
}

/// Cycle `n` of line `line` in the first frame of chip `model`.
fn at_on(model: Model, line: u64, n: u64) -> u64 {
    line * model.timing().line + n - 1
}

#[test]
fn the_ntsc_chips_count_their_lines_and_hold_ba_in_their_cycles() {
    with_mem(|mem| {
        for (model, line, lines) in [(Model::Mos6567R8, 65, 263), (Model::Mos6567R56A, 64, 262)] {
            let mut v = Vic::kernal_defaults();
            v.set_model(model);
            let frame = line * lines;
            assert_eq!(v.timing().frame, frame);
            // The counter wraps after the last line: cycle 1 of line 0 still shows it.
            assert_eq!(v.peek(RASTER, at_on(model, 100, 1)), 100);
            assert_eq!(v.peek(RASTER, frame - 1), (lines - 1) as u8);
            assert_eq!(v.peek(CTRL1, frame - 1) & 0x80, 0x80);
            assert_eq!(v.peek(RASTER, frame), (lines - 1) as u8);
            assert_eq!(v.peek(RASTER, frame + 1), 0);
            // A bad line: BA low from cycle 12 to 54, 25 of them a frame.
            assert_eq!(v.next_ba_low(0), Some(at_on(model, 0x33, 12)));
            assert_eq!(
                v.ba_low(at_on(model, 0x33, 12), mem),
                Some(at_on(model, 0x33, 55))
            );
            let mut v = Vic::kernal_defaults();
            v.set_model(model);
            assert_eq!(reads_wait(&mut v, mem, 0, frame), 25 * BADLINE_CYCLES);
            // Raster line 0's interrupt comes in its cycle 2, every frame.
            let mut v = Vic::kernal_defaults();
            v.set_model(model);
            v.write(RASTER, 0, 0, mem);
            v.write(CTRL1, 0x1B & 0x7F, 0, mem);
            v.write(IRQ_FLAGS, 0x0F, 0, mem);
            v.write(IRQ_MASK, 0x01, 0, mem);
            assert_eq!(v.next_event(), Some(1));
            v.sync(1, mem);
            assert_eq!(v.irq_since(), Some(1));
            v.write(IRQ_FLAGS, 0x0F, 2, mem);
            assert_eq!(v.next_event(), Some(frame + 1));
            // Line 311 never comes: its compare never matches.
            let mut v = Vic::kernal_defaults();
            v.set_model(model);
            v.write(RASTER, 0x37, 0, mem);
            v.write(CTRL1, 0x9B, 0, mem);
            v.write(IRQ_FLAGS, 0x0F, 0, mem);
            v.sync(3 * frame, mem);
            assert_eq!(v.peek(IRQ_FLAGS, 3 * frame) & 1, 0, "{model:?}");
        }
    });
}

#[test]
fn ntsc_sprite_dma_holds_ba_from_three_cycles_before_the_pointer() {
    with_mem(|mem| {
        // Sprite 0 on the 6567R8 and 6567R56A: BA low in cycles 56-60 (the 6569's
        // 55-59); sprite 7 in 5-9 of the next line on the 6567R8, 6-10 on the R56A.
        for (model, s0, s7) in [(Model::Mos6567R8, 56, 5), (Model::Mos6567R56A, 56, 6)] {
            for (sprite, from) in [(0u8, at_on(model, 100, s0)), (7, at_on(model, 101, s7))] {
                let mut v = Vic::new();
                v.set_model(model);
                v.write(0x15, 1 << sprite, 0, mem);
                v.write(1 + 2 * sprite, 100, 0, mem);
                assert_eq!(v.next_ba_low(0), Some(from), "{model:?} sprite {sprite}");
                assert_eq!(v.ba_low(from, mem), Some(from + 5), "{model:?} {sprite}");
                let frame = model.timing().frame;
                assert_eq!(reads_wait(&mut v, mem, 0, frame), 21 * 5);
            }
            // All eight: 19 cycles a line, as on the 6569.
            let mut v = Vic::new();
            v.set_model(model);
            v.write(0x15, 0xFF, 0, mem);
            for i in 0..8 {
                v.write(1 + 2 * i, 10, 0, mem);
            }
            let from = at_on(model, 10, 50);
            let waited = reads_wait(&mut v, mem, from, from + model.timing().line);
            assert_eq!(waited, 19, "{model:?}");
        }
    });
}

/// Draws a cycle of `seq` with `d011`/`d016` and feeds it a cell of screen code $35,
/// colour 0 and graphics 0, as a display line's g-accesses do.
fn mode_cycle(seq: &mut graphics::Sequencer, d011: u8, d016: u8, latency: bool) -> [Ref; 8] {
    let mut out = [0; 8];
    seq.draw(d011, d016, latency, &mut out);
    seq.feed(true, 0, Some((&[0x35; 64], &[0; 64])), d016);
    out
}

/// A sequencer that has drawn some cycles in the mode `d011`/`d016` select.
fn settled(d011: u8, d016: u8, latency: bool) -> graphics::Sequencer {
    let mut seq = graphics::Sequencer::default();
    for _ in 0..4 {
        mode_cycle(&mut seq, d011, d016, latency);
    }
    seq
}

const BG: Ref = graphics::REG + 1;

#[test]
fn ecm_going_off_ends_the_invalid_black_at_pixel_6_on_the_6569_and_the_next_cycles_first_on_the_8565()
 {
    // ECM+BMM (black) to BMM: pixels 0 of screen code $35 in colour 5.
    let mut seq = settled(0x7B, 0x08, true);
    assert_eq!(
        mode_cycle(&mut seq, 0x3B, 0x08, true),
        [0, 0, 0, 0, 0, 0, 5, 5]
    );
    // Out of the invalid mode, the 8565's next cycle's first pixel stays black (into
    // hi-res bitmap, hi-res text, multicolour bitmap).
    for (to, d016, px) in [(0x3B, 0x08, 5), (0x1B, 0x08, BG), (0x3B, 0x18, BG)] {
        let mut seq = settled(0x7B, d016, false);
        assert_eq!(mode_cycle(&mut seq, to, d016, false), [0; 8]);
        let mut want = [px; 8];
        want[0] = 0;
        assert_eq!(mode_cycle(&mut seq, to, d016, false), want, "{to:02X}");
    }
    // Between valid modes, falling as rising: at the next cycle's first pixel.
    let mut seq = settled(0x3B, 0x08, false);
    assert_eq!(mode_cycle(&mut seq, 0x1B, 0x08, false), [5; 8]);
    assert_eq!(mode_cycle(&mut seq, 0x1B, 0x08, false), [BG; 8]);
    // Going on, ECM turns the 8565's picture black from the next cycle's first pixel.
    let mut seq = settled(0x3B, 0x08, false);
    assert_eq!(mode_cycle(&mut seq, 0x7B, 0x08, false), [5; 8]);
    assert_eq!(mode_cycle(&mut seq, 0x7B, 0x08, false), [0; 8]);
}

#[test]
fn mcm_going_off_leaves_ecms_invalid_mode_at_pixel_4_on_the_6569_and_5_on_the_8565() {
    let mut seq = settled(0x5B, 0x18, true);
    assert_eq!(
        mode_cycle(&mut seq, 0x5B, 0x08, true),
        [0, 0, 0, 0, BG, BG, BG, BG]
    );
    let mut seq = settled(0x5B, 0x18, false);
    assert_eq!(
        mode_cycle(&mut seq, 0x5B, 0x08, false),
        [0, 0, 0, 0, 0, BG, BG, BG]
    );
    // Going on, MCM makes the mode invalid at pixel 4 on both.
    for latency in [true, false] {
        let mut seq = settled(0x5B, 0x08, latency);
        assert_eq!(
            mode_cycle(&mut seq, 0x5B, 0x18, latency),
            [BG, BG, BG, BG, 0, 0, 0, 0]
        );
    }
}

#[test]
fn a_vic_run_only_to_the_line_start_predicts_each_sprites_last_row_exactly() {
    // The VIC makes a phi2 access as the next cycle starts: run to the end of a line,
    // PAL's sprite 2 (pointer in cycle 62) has its third byte of the row still to read
    // in cycle 1, so the row after its 21st has no DMA even though MC reads 62 there.
    for model in [Model::Mos6569, Model::Mos6567R8, Model::Mos6567R56A] {
        let (len, first) = (model.timing().line, 100u64);
        with_mem(|mem| {
            for sprite in 0..8u8 {
                let mut v = Vic::new(); // screen off: no bad lines
                v.set_model(model);
                v.write(0x15, 1 << sprite, 0, mem);
                v.write(1 + 2 * sprite, first as u8, 0, mem);
                for line in first + 19..first + 23 {
                    let start = line * len;
                    let mut lazy = v.clone();
                    lazy.sync(start - 1, mem);
                    let mut ahead = lazy.clone();
                    for t in start..start + len {
                        ahead.sync(t - 1, mem);
                        let truth = ahead.ba_low(t, mem);
                        let mut asked = lazy.clone();
                        assert_eq!(
                            asked.ba_low(t, mem),
                            truth,
                            "{model:?} sprite {sprite}: line {line} cycle {}",
                            t - start + 1
                        );
                    }
                }
            }
        });
    }
}

/// Memory for the phi1 tests: refresh page $55, $3FFF $FF, $39FF $AA, sprite pointers
/// 0-7 at $07F8 (the screen at $0400).
fn phi1_memory() -> Box<[u8; 0x10000]> {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x3F00..0x4000].fill(0x55);
    ram[0x3FFF] = 0xFF;
    ram[0x39FF] = 0xAA;
    for n in 0..8 {
        ram[0x07F8 + n] = n as u8;
    }
    ram
}

#[test]
fn phi1_holds_pointers_idle_refresh_and_graphics_accesses_in_their_cycles() {
    // Display off, ECM on, no sprites: what the VIC reads in the first half of each
    // cycle of a PAL line (what an access nothing answers finds on the bus).
    let ram = phi1_memory();
    let mem = zeroed_but(&ram);
    let mut v = Vic::kernal_defaults();
    v.write(CTRL1, 0x4B, 0, &mem);
    let got: Vec<u8> = (1..=63).map(|n| v.phi1_byte(at(100, n), &mem)).collect();
    let mut want = vec![3, 0xFF, 4, 0xFF, 5, 0xFF, 6, 0xFF, 7, 0xFF];
    want.extend([0x55; 5]); // refresh, cycles 11-15
    want.extend([0xAA; 40]); // idle g-accesses with ECM: $39FF
    want.extend([0xFF, 0xFF, 0, 0xFF, 1, 0xFF, 2, 0xFF]);
    assert_eq!(got, want);
}

#[test]
fn the_8565_takes_ecm_for_the_idle_access_a_cycle_late() {
    // ECM on in cycle 30: the 6569's g-access in cycle 31 reads $39FF, the 8565's
    // still $3FFF (and $39FF from cycle 32).
    let ram = phi1_memory();
    let mem = zeroed_but(&ram);
    for (model, want) in [
        (Model::Mos6569, [0xFF, 0xAA, 0xAA]),
        (Model::Mos8565, [0xFF, 0xFF, 0xAA]),
    ] {
        let mut v = Vic::kernal_defaults();
        v.set_model(model);
        v.write(CTRL1, 0x0B, 0, &mem);
        v.write(CTRL1, 0x4B, at(100, 30), &mem);
        let got = [30, 31, 32].map(|n| v.phi1_byte(at(100, n), &mem));
        assert_eq!(got, want, "{model:?}");
    }
}

#[test]
fn the_8565_fetches_graphics_with_bmm_a_cycle_late() {
    // A bad line's row 0 in character mode, BMM switched on in cycle 30: the 6569's
    // g-access in cycle 31 already takes the bitmap's address, the 8565's the
    // character's (its bitmap address from cycle 32).
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x2000..0x2400].fill(0x11); // character 0's rows ($D018 = $18: set at $2000)
    ram[0x2400..0x4000].fill(0x22); // the bitmap's cells beyond the first 128
    let mem = zeroed_but(&ram);
    for (model, want) in [
        (Model::Mos6569, [0x11, 0x22, 0x22]),
        (Model::Mos8565, [0x11, 0x11, 0x22]),
    ] {
        let mut v = Vic::kernal_defaults();
        v.set_model(model);
        v.write(MEMPTR, 0x18, 0, &mem);
        // Line $B3 (row 16 of the display): VC 640 on; BMM on in cycle 30.
        v.write(CTRL1, 0x3B, at(0xB3, 30), &mem);
        let got = [30, 31, 32].map(|n| v.phi1_byte(at(0xB3, n), &mem));
        assert_eq!(got, want, "{model:?}");
    }
}

#[test]
fn cpu_writes_wait_for_the_vic_only_where_it_reads_before_them() {
    with_mem(|mem| {
        // Screen at $0400, the character ROM at $1000, bad lines where line & 7 == 3.
        let mut v = Vic::kernal_defaults();
        v.sync(at(100, 1) - 1, mem);
        let r = v.reads(mem);
        // The idle accesses' byte in every line; not the ROM, nor RAM it never reads.
        assert!(r.waits(0x3FFF, at(100, 5)));
        assert!(!r.waits(0x1000, at(100, 5)));
        assert!(!r.waits(0x5000, at(100, 5)));
        assert!(!r.waits(0xC000, at(100, 5)));
        // The matrix from the next bad line's BA on (line 107), its sprite pointers
        // in every line.
        assert!(!r.waits(0x0400, at(106, 60)));
        assert!(r.waits(0x0400, at(107, 20)));
        assert!(r.waits(0x07F8, at(100, 5)));
        // A sprite's data once its DMA may start (sprite 0 at line 110, pointer $0D).
        let mut ram = Box::new([0u8; 0x10000]);
        ram[0x07F8] = 0x0D;
        let mem = zeroed_but(&ram);
        let mut v = Vic::kernal_defaults();
        v.write(0x01, 110, 0, &mem);
        v.write(0x15, 0x01, 0, &mem);
        v.sync(at(100, 1) - 1, &mem);
        let r = v.reads(&mem);
        assert!(!r.waits(0x0340, at(100, 5)));
        assert!(r.waits(0x0340, at(110, 1)));
    });
}

/// Line 101 of a frame of chip `model` in which sprite 0 (X `x`, Y 100, X-expanded if
/// `wide`, every data byte $55: hi-res 0101..., multicolour pairs of value 1) starts
/// multicolour and $D01C goes to 0 in cycle `cycle` of that line: the sprite's pixels
/// from its first (X 24 is the picture's x 32) as hex digits. Colours: $D025 13 (d),
/// the sprite 1, the background 5.
fn multicolour_to_hires(model: Model, x: u8, wide: bool, cycle: u64) -> String {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x3F00..0x3F40].fill(0x55);
    ram[0x07F8] = 0xFC;
    let mem = zeroed_but(&ram);
    let mut v = Vic::kernal_defaults();
    v.set_model(model);
    let line = model.timing().line;
    let d01d = u8::from(wide);
    for (r, value) in [
        (0x00, x),
        (0x01, 100),
        (0x1C, 1),
        (0x1D, d01d),
        (0x25, 13),
        (0x27, 1),
    ] {
        v.write(r, value, 0, &mem);
    }
    v.write(BACKGROUND0, 5, 0, &mem);
    v.write(0x15, 1, 0, &mem);
    v.write(0x1C, 0, 101 * line + cycle - 1, &mem);
    v.sync(102 * line, &mem);
    let from = (101 - 16) * WIDTH + usize::from(x) + 8;
    let pixels = if wide { 48 } else { 24 };
    v.pens()[from..from + pixels]
        .iter()
        .map(|p| format!("{:x}", p & 15))
        .collect()
}

#[test]
fn a_sprite_switched_to_hires_shows_its_next_bit_at_once_even_in_mid_pair() {
    // $D01C to 0 in cycle 27: the 8565 takes it at pixel 6 of the cycle, the 6569 a
    // pixel later; from there each pixel shows its own bit (0101...), also where the
    // switch falls on the second pixel of a multicolour pair (X 97).
    for (model, x, want) in [
        (Model::Mos8565, 96, "dddddddddddddd5151515151"),
        (Model::Mos8565, 97, "ddddddddddddd15151515151"),
        (Model::Mos6569, 96, "ddddddddddddddd151515151"),
        (Model::Mos6569, 97, "dddddddddddddd5151515151"),
    ] {
        let got = multicolour_to_hires(model, x, false, 27);
        assert_eq!(got, want, "{model:?} X {x}");
    }
    // X-expanded, each bit two pixels wide: the 8565's switch on the second bit of a
    // pair shows that bit's two pixels at once.
    let bits = "1155".repeat(9);
    for (model, x, want) in [
        (
            Model::Mos8565,
            96,
            format!("{}{}", "d".repeat(14), &bits[..34]),
        ),
        (
            Model::Mos6569,
            96,
            format!("{}{}", "d".repeat(16), &bits[2..34]),
        ),
    ] {
        let got = multicolour_to_hires(model, x, true, 27);
        assert_eq!(got, want, "{model:?} X {x} expanded");
    }
}

#[test]
fn a_sprite_access_without_dma_latches_the_register_byte_the_cpu_moves_in_its_phi2() {
    // Sprite 0 (no DMA) reads its pointer in cycle 58 and its data in the phi2 of
    // cycles 58 and 59: there the VIC's data bus holds $FF, or the byte of a register
    // the CPU writes or reads in that very cycle.
    with_mem(|mem| {
        let mut v = Vic::kernal_defaults();
        let first = u64::from(v.timing().sprite_pointer_cycle(0));
        v.write(BORDER, 0x4D, at(100, first - 1), mem);
        v.write(BORDER, 0xAC, at(100, first), mem);
        let raster = v.read(RASTER, at(100, first + 1), mem);
        v.sync(at(100, first + 2), mem);
        assert_eq!(raster, 100);
        assert_eq!(v.sprites.s[0].data >> 16, 0xAC);
        assert_eq!(v.sprites.s[0].data & 0xFF, 100);
        // A line later, nobody on the bus: $FF.
        v.sync(at(101, first + 2), mem);
        assert_eq!(v.sprites.s[0].data >> 16, 0xFF);
        assert_eq!(v.sprites.s[0].data & 0xFF, 0xFF);
    });
}

/// Sprites 0 and 1 over each other at X `x`, Y 100, one pixel set (the first of their
/// first row): they collide on line 101 once. $D01E is read in cycle `cycle` of that
/// line (then $D01F in the next cycle if `sb_after`) and again at its end: the two
/// values of $D01E read.
fn collision_reads(x: u8, cycle: u64, sb_after: bool) -> (u8, u8) {
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x3F00] = 0x80;
    ram[0x07F8] = 0xFC;
    ram[0x07F9] = 0xFC;
    let mem = zeroed_but(&ram);
    let mut v = Vic::kernal_defaults();
    for (r, value) in [(0x00, x), (0x01, 100), (0x02, x), (0x03, 100), (0x15, 3)] {
        v.write(r, value, 0, &mem);
    }
    let first = v.read(0x1E, at(101, cycle), &mem);
    if sb_after {
        v.read(0x1F, at(101, cycle + 1), &mem);
    }
    (first, v.read(0x1E, at(101, 63), &mem))
}

#[test]
fn a_collision_register_read_clears_it_in_the_middle_of_the_second_cycle_after() {
    // At X 96-99 the sprites collide in pixels 0-3 of cycle 27's eight, at X 100-103 in
    // pixels 4-7. A read in cycle 27 sees the collision (and clears it); one in cycle 25
    // or 26 does not, and clears it still where it falls before pixel 4 of the second
    // cycle after the read; one in cycle 24 leaves it to the next read.
    for (x, cycle, want) in [
        (96, 27, (3, 0)),
        (99, 24, (0, 3)),
        (99, 25, (0, 0)),
        (99, 26, (0, 0)),
        (100, 25, (0, 3)),
        (100, 26, (0, 0)),
        (103, 25, (0, 3)),
        (103, 27, (3, 0)),
    ] {
        assert_eq!(
            collision_reads(x, cycle, false),
            want,
            "X {x}, read in cycle {cycle}"
        );
    }
    // $D01F read in the cycle after does not keep $D01E from being cleared.
    assert_eq!(collision_reads(99, 25, true), (0, 0));
}

#[test]
fn a_bad_line_started_in_idle_state_reads_its_first_idle_byte_elsewhere() {
    // Lines 99-106 a character row (YSCROLL 3); YSCROLL 7 from line 106 on leaves the
    // sequencer idle after it. YSCROLL 4 written in cycle 29 of line 108 starts a bad
    // line in cycle 30 (DMA delay): that cycle's idle access reads $38FF on the 6569,
    // $3807 on the 8565, instead of $3FFF; display state follows (the c-accesses
    // before the CPU lets go give $FF: character $FF's graphics, 0 here).
    let mut ram = phi1_memory();
    ram[0x38FF] = 0x38;
    ram[0x3807] = 0x07;
    let mem = zeroed_but(&ram);
    for (model, want) in [
        (Model::Mos6569, [0xFF, 0x38, 0x00]),
        (Model::Mos8565, [0xFF, 0x07, 0x00]),
    ] {
        let mut v = Vic::kernal_defaults();
        v.set_model(model);
        v.write(CTRL1, 0x1F, at(106, 60), &mem);
        v.write(CTRL1, 0x1C, at(108, 29), &mem);
        let got = [29, 30, 31].map(|n| v.phi1_byte(at(108, n), &mem));
        assert_eq!(got, want, "{model:?}");
    }
}

#[test]
fn a_matrix_write_waits_only_for_the_c_accesses_before_it_in_its_line() {
    with_mem(|mem| {
        // Screen at $0400, bad lines where line & 7 == 3: line 107 is one.
        let mut v = Vic::kernal_defaults();
        v.sync(at(107, 1) - 1, mem);
        let row = v.fetch.vcbase;
        let check = |cell: u16, t: u64| {
            let mut v = v.clone();
            let wait = v.c_access_before(cell, t, mem);
            (wait, v.clock)
        };
        // Cell 5 is read in cycle 20, cell 20 in cycle 35: a write in cycle 30 waits
        // for the first, not the second; the VIC runs up to the line's start only.
        assert_eq!(check(row + 5, at(107, 30)), (true, at(107, 1)));
        assert_eq!(check(row + 20, at(107, 30)), (false, at(107, 1)));
        assert_eq!(check(row + 5, at(107, 20)), (true, at(107, 1)));
        assert_eq!(check(row + 5, at(107, 19)), (false, at(107, 1)));
        // Cells outside the row, lines without c-accesses.
        assert_eq!(check(row + 40, at(107, 60)), (false, at(107, 1)));
        assert_eq!(check(row + 5, at(108, 30)), (false, at(108, 1)));
        // The VIC in mid-line past VCBASE: any cell of a bad line waits, until the
        // VIC has run the last c-access.
        let mut mid = v.clone();
        mid.sync(at(107, 20), mem);
        assert!(mid.c_access_before(row + 39, at(107, 30), mem));
        mid.sync(at(107, 55), mem);
        assert!(!mid.c_access_before(row + 5, at(107, 60), mem));
    });
}

#[test]
fn sprite_writes_that_need_not_wait_for_the_vic_draw_as_if_it_had_run_up_to_them() {
    // A solid sprite 0 (pointer $0D): its Y and X written while the VIC lags behind,
    // before it is shown, around the display check that shows it, while it is shown and
    // after; against the reference, which runs up to every write.
    let mut ram = Box::new([0u8; 0x10000]);
    ram[0x07F8] = 0x0D;
    ram[0x0340..0x0340 + 63].fill(0xFF);
    let mem = zeroed_but(&ram);
    let writes = [
        (at(95, 20), 0x15, 0x01),
        (at(95, 30), 0x01, 100),
        (at(95, 40), 0x00, 24),
        (at(100, 40), 0x20, 3),
        (at(101, 40), 0x00, 150),
        (at(103, 20), 0x00, 60),
        (at(125, 10), 0x20, 4),
        (at(125, 30), 0x00, 200),
        (at(125, 50), 0x01, 131),
        (at(140, 20), 0x10, 0x01),
    ];
    let mut lagging = Vic::kernal_defaults();
    let mut reference = lagging.clone();
    reference.set_fast_lines(false);
    for (t, r, value) in writes {
        lagging.write(r, value, t, &mem);
        reference.write(r, value, t, &mem);
    }
    let end = CYCLES_PER_FRAME - 1;
    lagging.sync(end, &mem);
    reference.sync(end, &mem);
    assert_eq!(lagging.pens(), reference.pens());
    assert_eq!(
        (lagging.sprites.ss, lagging.sprites.sb, lagging.irq.flags),
        (
            reference.sprites.ss,
            reference.sprites.sb,
            reference.irq.flags
        )
    );
    // The sprite is there, in its colour (register $27, 1 after the KERNAL), from the
    // line after its Y.
    let shown = |line| (0..WIDTH).any(|x| pen(lagging.pens(), x, line) == 1);
    assert_eq!((shown(100), shown(105), shown(135)), (false, true, true));
}

/// What a VIC nobody looks at must agree on with the reference: the counters, the
/// sprites' DMA and data, BA, the interrupts and the collision registers.
fn unseen_state(v: &Vic) -> String {
    let f = &v.fetch;
    let s = &v.sprites;
    let rows: Vec<_> =
        s.s.iter()
            .map(|s| (s.mc, s.mcbase, s.exp_flop, s.data))
            .collect();
    format!(
        "clock {} cycle {} line {} row {} ba {} irq {:?} {:02X} | vc {} vcbase {} rc {} vmli {} \
         idle {} bad {} gbuf {:02X} ba_cycles {} | dma {:02X} display {:02X} ss {:02X} sb {:02X} \
         {rows:?} | border {} {} | {} | {}",
        v.clock,
        v.cycle,
        v.line,
        v.row,
        v.ba,
        v.irq.at,
        v.irq.flags,
        f.vc,
        f.vcbase,
        f.rc,
        f.vmli,
        f.idle,
        f.bad_line,
        f.gbuf,
        f.ba_cycles,
        s.dma,
        s.display,
        s.ss,
        s.sb,
        v.border.main,
        v.border.vertical,
        s.shifters(),
        v.gfx.pipeline()
    )
}

#[test]
fn part_of_a_line_nobody_looks_at_runs_at_once_as_every_cycle_does() {
    // A raster interrupt handler's accesses, a few cycles apart, between sparse ones:
    // sprite positions, the compare line, $D019, now and then $D011, $D016, the sprites'
    // modes and a collision register; all eight sprites over random graphics (they soon
    // have their bits in $D01F, so the cycles between accesses run as spans).
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut accesses, mut spans) = (0u64, 0u64);
    for round in 0..48u64 {
        let memory = RandomMemory::new(&mut rng);
        let mem = memory.mem();
        let mut blind = Vic::kernal_defaults();
        // (The NTSC chips' lines show some X positions twice.)
        blind.set_model(match round % 4 {
            0 => Model::Mos6569,
            1 => Model::Mos8565,
            2 => Model::Mos6567R8,
            _ => Model::Mos6567R56A,
        });
        blind.set_reg(0x15, 0xFF, 0);
        for n in 0..8 {
            blind.set_reg(2 * n, rng.byte(), 0);
            blind.set_reg(2 * n + 1, 60 + rng.byte() % 160, 0);
        }
        let mut slow = blind.clone();
        slow.set_fast_lines(false);
        blind.set_drawing(false);
        let frame = blind.timing().frame;
        let mut t = 0;
        while t < 5 * frame {
            let gap = if rng.below(4) == 0 { 900 } else { 12 };
            t += 1 + rng.below(gap);
            let v = rng.byte();
            let (r, value) = match rng.below(24) {
                // In the display window, where the graphics are.
                0..=9 => match rng.byte() % 0x10 {
                    x if x % 2 == 0 => (x, 30 + v % 220),
                    y => (y, 60 + v % 160),
                },
                10..=11 => (RASTER, v),
                12..=13 => (IRQ_FLAGS, v),
                14 => (CTRL1, (v & 0x7F) | 0x10),
                15 => (CTRL2, v),
                16 => (0x17 + (v % 7), rng.byte()),
                // Now and then a sprite to the right, where the sprites' accesses are.
                17 => (0x10, v & if rng.below(2) == 0 { 0xFF } else { 0x11 }),
                18 => (0x20, v),
                19 => (0x15, if v < 16 { v } else { 0xFF }),
                _ => (0xFF, 0),
            };
            for vic in [&mut blind, &mut slow] {
                match r {
                    // Reads: $D019, or now and then a collision register (cleared
                    // two cycles later: no spans until then).
                    0xFF if v < 12 => {
                        vic.read(SS_COLLISION + u8::from(v & 1 == 0), t, &mem);
                    }
                    0xFF => {
                        vic.read(IRQ_FLAGS, t, &mem);
                    }
                    _ => vic.write(r, value, t, &mem),
                }
            }
            accesses += 1;
            if blind.spans_possible() && blind.span_ready() {
                spans += 1;
            }
            let ba = slow.ba_low(t + 1, &mem);
            assert_eq!(blind.ba_low(t + 1, &mem), ba, "BA at {t} (round {round})");
            t = ba.unwrap_or(t + 1);
            // (Either may have run further for its BA.)
            let to = blind.clock.max(slow.clock) - 1;
            blind.sync(to, &mem);
            slow.sync(to, &mem);
            assert_eq!(
                unseen_state(&blind),
                unseen_state(&slow),
                "at {t} (round {round})"
            );
            for r in [IRQ_FLAGS, CTRL1, RASTER, SS_COLLISION, SB_COLLISION] {
                assert_eq!(blind.peek(r, t), slow.peek(r, t), "${r:02X} at {t}");
            }
        }
    }
    // Many accesses left the VIC where a span can start.
    assert!(spans * 8 > accesses, "{spans} spans in {accesses} accesses");
}
