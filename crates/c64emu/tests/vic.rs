//! The VIC-II through the whole machine: the raster interrupt reaching the CPU, the
//! cycles bad lines and sprite DMA take, and the picture decoded pixel by pixel (sprites,
//! bitmaps, multicolour and extended-colour text, $D018 and the $DD00 bank, a split
//! screen made by raster interrupts, collisions).
use c64emu::charset::CHARGEN;
use c64emu::render::{self, BORDER_X, BORDER_Y, PALETTE, WIDTH};
use c64emu::timing::{BADLINE_CYCLES, CYCLES_PER_FRAME, CYCLES_PER_LINE};
use c64emu::{Machine, Regs};

/// Raster line drawn in the picture's top row.
const TOP_LINE: usize = 0x33 - BORDER_Y;

/// Assemble `body` at $C000 and load it.
fn program(m: &mut Machine, body: &str) {
    let src = format!("        * = $c000\n{body}\n");
    let p = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
    m.set_symbols(p.address_labels());
}

/// Store each (address, value) with the CPU (LDA #/STA), as a program would.
fn store(m: &mut Machine, writes: &[(u16, u8)]) {
    let mut code = Vec::new();
    for &(addr, v) in writes {
        let [lo, hi] = addr.to_le_bytes();
        code.extend([0xA9, v, 0x8D, lo, hi]);
    }
    code.push(0x60);
    m.load_raw(0xCF00, &code).unwrap();
    m.call(0xCF00, 10_000).unwrap();
}

/// Let the machine run `cycles` in a `JMP *` loop (interrupts as they are).
fn spin(m: &mut Machine, cycles: u64) {
    m.load_raw(0xCE00, &[0x4C, 0x00, 0xCE]).unwrap();
    m.start_at(0xCE00);
    assert_eq!(m.run(cycles), c64emu::Stop::CycleLimit);
}

/// The colour of picture pixel (x, y).
fn px(f: &[u32], x: usize, y: usize) -> u32 {
    f[y * WIDTH + x]
}

/// Picture row of raster line `line`.
fn row(line: usize) -> usize {
    line - TOP_LINE
}

/// Picture column of sprite X coordinate `x`.
fn col(x: usize) -> usize {
    x - 24 + BORDER_X
}

const RASTER_IRQ: &str = "        sei
        lda #$7f
        sta $dc0d
        lda $dc0d
        lda #<handler
        sta $0314
        lda #>handler
        sta $0315
        lda #$80
        sta $d012
        lda $d011
        and #$7f
        sta $d011
        lda #$01
        sta $d01a
        sta $d019
        cli
spin    jmp spin
handler inc $fb
        lda #$01
        sta $d019
        jmp $ea81";

#[test]
fn a_raster_interrupt_arrives_once_a_frame_at_its_line() {
    let mut m = Machine::new();
    program(&mut m, RASTER_IRQ);
    m.start_at(0xC000);
    m.run_until("handler", CYCLES_PER_FRAME).unwrap();
    // Taken at the first JMP boundary at least 2 cycles after the line starts, then the
    // interrupt sequence (7) and the stub IRQ entry (PHA TXA PHA TYA PHA TSX LDA abs,X
    // AND # BEQ JMP (ind): 29).
    assert_eq!(m.raster_line(), 0x80);
    let offset = m.cycles() % CYCLES_PER_LINE;
    assert!((2 + 36..2 + 36 + 3).contains(&offset), "{offset}");
    // From the bottom of the frame, 100 frames give 100 interrupts.
    m.run(CYCLES_PER_FRAME / 2);
    m.poke(0xFB, 0);
    m.run(100 * CYCLES_PER_FRAME);
    assert_eq!(m.peek(0xFB), 100);
}

/// Run NOPs with interrupts off for one frame from (about) the frame's start.
fn nop_frame(m: &mut Machine) -> (u64, u64) {
    m.write(0x1000, &[0xEA; 12_000]);
    let regs = m.regs();
    m.set_regs(Regs {
        pc: 0x1000,
        p: 0x24,
        ..regs
    });
    let (c0, s0, i0) = (m.cycles(), m.stolen_cycles(), m.instructions());
    assert!(c0 % CYCLES_PER_FRAME < 60, "{c0}");
    m.run(CYCLES_PER_FRAME);
    let stolen = m.stolen_cycles() - s0;
    // Every cycle is a NOP's or stolen.
    assert_eq!(m.cycles() - c0, 2 * (m.instructions() - i0) + stolen);
    (stolen, m.cycles() - c0)
}

#[test]
fn bad_lines_take_43_cycles_each_25_a_frame() {
    let mut m = Machine::new();
    assert_eq!(BADLINE_CYCLES, 43);
    let (stolen, _) = nop_frame(&mut m);
    assert_eq!(stolen, 25 * 43);
    // 24 rows with YSCROLL 3: still 25 bad lines ($33-$F3); YSCROLL 7 and 0: also 25
    // ($37-$F7, $30-$F0). Blanked: none.
    for (d011, bad) in [(0x13, 25), (0x1F, 25), (0x18, 25), (0x0B, 0)] {
        let mut m = Machine::new();
        store(&mut m, &[(0xD011, d011)]);
        let left = CYCLES_PER_FRAME - m.cycles();
        spin(&mut m, left);
        assert_eq!(nop_frame(&mut m).0, bad * 43, "$D011={d011:02X}");
    }
}

#[test]
fn sprite_dma_takes_two_cycles_a_sprite_plus_three() {
    use c64emu::timing::sprite_dma_cycles;
    assert_eq!(sprite_dma_cycles(0x01), 5);
    assert_eq!(sprite_dma_cycles(0xFF), 19);
    // One sprite: 21 lines of 5 cycles; Y-expanded sprite 7: 42 lines.
    let mut m = Machine::new();
    store(
        &mut m,
        &[
            (0xD001, 0x60),
            (0xD00F, 0xC0),
            (0xD017, 0x80),
            (0xD015, 0x81),
        ],
    );
    let left = CYCLES_PER_FRAME - m.cycles();
    spin(&mut m, left);
    assert_eq!(nop_frame(&mut m).0, 25 * 43 + 21 * 5 + 42 * 5);
    // All eight on the same lines, on a blank screen: 19 cycles on 21 lines.
    let mut m = Machine::new();
    let mut w: Vec<(u16, u8)> = (0..8).map(|i| (0xD001 + 2 * i, 0x60)).collect();
    w.extend([(0xD015, 0xFF), (0xD011, 0x0B)]);
    store(&mut m, &w);
    let left = CYCLES_PER_FRAME - m.cycles();
    spin(&mut m, left);
    assert_eq!(nop_frame(&mut m).0, 21 * 19);
}

#[test]
fn call_counts_the_routines_own_cycles_and_reports_stolen_ones_apart() {
    let mut m = Machine::new();
    let mut code = vec![0xEA; 4000];
    code.push(0x60);
    m.load_raw(0xC000, &code).unwrap();
    // From cycle 0: 8012 CPU cycles reach line 134 with the 11 bad lines $33-$83.
    let r = m.call(0xC000, 100_000).unwrap();
    assert_eq!(r.cycles, 6 + 4000 * 2 + 6);
    assert_eq!(r.stolen, 11 * 43);
    assert_eq!(m.cycles(), 8012 + 11 * 43);
    // Elsewhere in the frame the routine costs the same; the VIC takes what it takes.
    m.run(100 * CYCLES_PER_LINE);
    let r = m.call(0xC000, 100_000).unwrap();
    assert_eq!(r.cycles, 8012);
    assert_eq!(r.stolen % 43, 0);
}

/// A machine whose program has set the registers, a frame later.
fn shown(writes: &[(u16, u8)], prepare: impl FnOnce(&mut Machine)) -> Vec<u32> {
    let mut m = Machine::new();
    prepare(&mut m);
    store(&mut m, writes);
    spin(&mut m, 2 * CYCLES_PER_FRAME);
    render::frame(&m)
}

#[test]
fn sprites_hires_multicolour_expanded_and_behind_text() {
    let f = shown(
        &[
            // Sprite 0: hires white at (100, 100).
            (0xD000, 100),
            (0xD001, 100),
            (0xD027, 1),
            // Sprite 1: multicolour, X-expanded, at (200, 100).
            (0xD002, 200),
            (0xD003, 100),
            (0xD01C, 0x02),
            (0xD01D, 0x02),
            (0xD025, 2),
            (0xD026, 5),
            (0xD028, 7),
            // Sprite 2: behind the text, at the screen's top left (24, 50).
            (0xD004, 24),
            (0xD005, 50),
            (0xD029, 0),
            (0xD01B, 0x04),
            (0xD015, 0x07),
        ],
        |m| {
            m.poke(0x07F8, 13); // sprite 0 data at $0340
            m.poke(0x07F9, 14); // sprite 1 at $0380
            m.poke(0x07FA, 15); // sprite 2 at $03C0
            m.write(0x0340, &[0xFF, 0x00, 0x0F]);
            m.write(0x0380, &[0b0001_1011]);
            m.write(0x03C0, &[0xFF, 0xFF, 0xFF]);
            m.poke(0x0400, 1); // "A" in colour RAM's colour 14
        },
    );
    let bg = PALETTE[6];
    let y = row(101);
    for x in 0..24 {
        let on = [0xFFu32, 0x00, 0x0F][x / 8] & (0x80 >> (x % 8)) != 0;
        let want = if on { PALETTE[1] } else { bg };
        assert_eq!(px(&f, col(100) + x, y), want, "sprite 0 pixel {x}");
        assert_eq!(px(&f, col(100) + x, y + 1), bg, "sprite 0 row 1");
    }
    // Pairs 00 01 10 11, each 4 pixels wide: background, $D025, own colour, $D026.
    for (pair, want) in [bg, PALETTE[2], PALETTE[7], PALETTE[5]].iter().enumerate() {
        for x in 0..4 {
            assert_eq!(px(&f, col(200) + 4 * pair + x, y), *want, "pair {pair}");
        }
    }
    assert_eq!(px(&f, col(200) + 16, y), bg);
    // Sprite 2 (black) shows where the "A" has background pixels, not over its ink.
    for x in 0..8 {
        let ink = CHARGEN[8] & (0x80 >> x) != 0;
        let want = if ink { PALETTE[14] } else { PALETTE[0] };
        assert_eq!(px(&f, BORDER_X + x, BORDER_Y), want, "behind {x}");
    }
    assert_eq!(px(&f, BORDER_X + 8, BORDER_Y), PALETTE[0]);
}

#[test]
fn hires_and_multicolour_bitmaps() {
    let prepare = |m: &mut Machine| {
        m.poke(0x2000, 0b1010_0000);
        m.poke(0x2008, 0b0001_1011);
        m.poke(0x0400, 0x21);
        m.poke(0x0401, 0x34);
        m.set_color_ram(1, 7);
    };
    let f = shown(&[(0xD011, 0x3B), (0xD018, 0x18), (0xD021, 0)], prepare);
    let (on, off) = (PALETTE[2], PALETTE[1]);
    let want = [on, off, on, off, off, off, off, off];
    for (x, w) in want.iter().enumerate() {
        assert_eq!(px(&f, BORDER_X + x, BORDER_Y), *w, "hires {x}");
        assert_eq!(px(&f, BORDER_X + x, BORDER_Y + 1), off, "hires line 1");
    }
    let f = shown(
        &[(0xD011, 0x3B), (0xD016, 0xD8), (0xD018, 0x18), (0xD021, 0)],
        prepare,
    );
    // Pairs 00 01 10 11: $D021, screen high nibble, screen low nibble, colour RAM.
    for (pair, want) in [0usize, 3, 4, 7].iter().enumerate() {
        for x in 0..2 {
            assert_eq!(
                px(&f, BORDER_X + 8 + 2 * pair + x, BORDER_Y),
                PALETTE[*want],
                "multicolour pair {pair}"
            );
        }
    }
}

#[test]
fn multicolour_and_extended_colour_text_from_a_charset_in_ram() {
    let prepare = |m: &mut Machine| {
        m.write(0x3008, &[0b0001_1011; 8]); // glyph 1
        m.poke(0x0400, 1);
        m.poke(0x0401, 0x41); // ECM: glyph 1 on background 1
        m.set_color_ram(0, 8 + 5);
        m.set_color_ram(1, 5);
    };
    let common = [(0xD018, 0x1C), (0xD021, 0), (0xD022, 2), (0xD023, 3)];
    let mut w = common.to_vec();
    w.push((0xD016, 0xD8));
    let f = shown(&w, prepare);
    // Colour RAM bit 3 set: pairs $D021 $D022 $D023 colour&7.
    for (pair, want) in [0usize, 2, 3, 5].iter().enumerate() {
        for x in 0..2 {
            let got = px(&f, BORDER_X + 2 * pair + x, BORDER_Y);
            assert_eq!(got, PALETTE[*want], "multicolour text pair {pair}");
        }
    }
    let mut w = common.to_vec();
    w.push((0xD011, 0x5B));
    let f = shown(&w, prepare);
    // Code $41: glyph 1, background from $D022.
    for x in 0..8 {
        let ink = 0b0001_1011 & (0x80 >> x) != 0;
        let want = if ink { PALETTE[5] } else { PALETTE[2] };
        assert_eq!(px(&f, BORDER_X + 8 + x, BORDER_Y), want, "ecm {x}");
    }
}

#[test]
fn d018_and_the_dd00_bank_choose_screen_and_charset() {
    // Bank 1 ($4000): screen $4000, charset $6000 in RAM.
    let f = shown(&[(0xDD00, 0x96), (0xD018, 0x08)], |m| {
        m.poke(0x4000, 1);
        m.write(0x6008, &[0xF0; 8]);
    });
    for x in 0..8 {
        let want = if x < 4 { PALETTE[14] } else { PALETTE[6] };
        assert_eq!(px(&f, BORDER_X + x, BORDER_Y + 3), want, "bank 1 {x}");
    }
    // Bank 2 ($8000): screen $8400, the character ROM at $9000.
    let f = shown(&[(0xDD00, 0x95), (0xD018, 0x14)], |m| {
        m.poke(0x8400, 1);
        m.write(0x9000, &[0xFF; 0x800]); // RAM under the ROM image: not seen
    });
    for line in 0..8 {
        for x in 0..8 {
            let ink = CHARGEN[8 + line] & (0x80 >> x) != 0;
            let want = if ink { PALETTE[14] } else { PALETTE[6] };
            assert_eq!(px(&f, BORDER_X + x, BORDER_Y + line), want, "bank 2");
        }
    }
}

#[test]
fn fine_scroll_and_38_columns_24_rows() {
    let f = shown(&[(0xD016, 0xCB), (0xD011, 0x1B)], |m| {
        m.poke(0x0400, 0xA0); // reverse space: solid
    });
    // XSCROLL 3: the solid cell starts 3 pixels right.
    assert_eq!(px(&f, BORDER_X + 2, BORDER_Y), PALETTE[6]);
    assert_eq!(px(&f, BORDER_X + 3, BORDER_Y), PALETTE[14]);
    assert_eq!(px(&f, BORDER_X + 10, BORDER_Y), PALETTE[14]);
    assert_eq!(px(&f, BORDER_X + 11, BORDER_Y), PALETTE[6]);
    // 38 columns (CSEL off) and 24 rows (RSEL off): 7/9 pixels and 4 lines of border.
    let f = shown(&[(0xD016, 0xC0), (0xD011, 0x13)], |_| {});
    let border = PALETTE[14];
    assert_eq!(px(&f, BORDER_X + 6, BORDER_Y + 10), border);
    assert_eq!(px(&f, BORDER_X + 7, BORDER_Y + 10), PALETTE[6]);
    assert_eq!(px(&f, BORDER_X + 310, BORDER_Y + 10), PALETTE[6]);
    assert_eq!(px(&f, BORDER_X + 311, BORDER_Y + 10), border);
    assert_eq!(px(&f, BORDER_X + 100, BORDER_Y + 3), border);
    assert_eq!(px(&f, BORDER_X + 100, BORDER_Y + 4), PALETTE[6]);
    assert_eq!(px(&f, BORDER_X + 100, BORDER_Y + 195), PALETTE[6]);
    assert_eq!(px(&f, BORDER_X + 100, BORDER_Y + 196), border);
}

#[test]
fn a_raster_interrupt_splits_the_border_colour_at_its_lines() {
    let mut m = Machine::new();
    let src = RASTER_IRQ.replace("lda #$80\n", "lda #100\n").replace(
        "handler inc $fb\n",
        "handler lda $d012\n        cmp #150\n        bcs second\n\
             lda #2\n        sta $d020\n        lda #200\n        sta $d012\n        jmp done\n\
             second  lda #0\n        sta $d020\n        lda #100\n        sta $d012\n\
             done    inc $fb\n",
    );
    program(&mut m, &src);
    store(&mut m, &[(0xD020, 0)]);
    m.start_at(0xC000);
    for wait in [
        3 * CYCLES_PER_FRAME,
        150 * CYCLES_PER_LINE,
        100 * CYCLES_PER_LINE,
    ] {
        // Whenever the picture is taken: lines 101-199 red, the others black; lines 100
        // and 200 change colour where the handler's write lands (after the interrupt
        // sequence, before the right border).
        m.run(wait);
        let f = render::frame(&m);
        for y in 0..render::HEIGHT {
            let line = y + TOP_LINE;
            let left = if (101..=200).contains(&line) { 2 } else { 0 };
            let right = if (100..200).contains(&line) { 2 } else { 0 };
            assert_eq!(px(&f, 0, y), PALETTE[left], "line {line}");
            assert_eq!(px(&f, WIDTH - 1, y), PALETTE[right], "line {line}");
        }
    }
    assert!(m.peek(0xFB) >= 8);
}

#[test]
fn collisions_latch_until_read_and_raise_their_interrupt_flags() {
    let mut m = Machine::new();
    m.poke(0x07F8, 13);
    m.poke(0x07F9, 13);
    m.poke(0x07FA, 13);
    m.write(0x0340, &[0xFF; 63]);
    m.poke(0x0400 + 40 * 10 + 20, 0xA0); // a solid cell at row 10, column 20
    store(
        &mut m,
        &[
            (0xD000, 100),
            (0xD001, 60),
            (0xD002, 110),
            (0xD003, 70),
            // Sprite 2 over the solid cell: X = 24 + 160, Y = 50 + 80.
            (0xD004, 184),
            (0xD005, 130),
            (0xD019, 0x0F),
            (0xD015, 0x07),
        ],
    );
    spin(&mut m, CYCLES_PER_FRAME);
    while m.raster_line() != 250 {
        m.step().unwrap();
    }
    program(
        &mut m,
        "        lda $d01e\n        sta $fb\n        lda $d01f\n        sta $fc\n\
         lda $d01e\n        sta $fd\n        lda $d019\n        sta $fe\n        rts",
    );
    m.call(0xC000, 1000).unwrap();
    assert_eq!(m.peek(0xFB), 0x03, "sprites 0 and 1 overlap");
    assert_eq!(m.peek(0xFC), 0x04, "sprite 2 over the text");
    assert_eq!(m.peek(0xFD), 0x00, "reading cleared it");
    assert_eq!(m.peek(0xFE) & 0x06, 0x06, "both collision flags");
}

#[test]
fn inc_d019_acknowledges_what_it_read_as_on_a_c64() {
    // INC writes the value it read, then the result: the first write acknowledges.
    let mut m = Machine::new(); // the raster flag latched at line 0 (compare value 0)
    program(
        &mut m,
        "        lda $d019\n        sta $fb\n        inc $d019\n        lda $d019\n\
         sta $fc\n        rts",
    );
    m.call(0xC000, 1000).unwrap();
    assert_eq!(m.peek(0xFB) & 0x01, 0x01);
    assert_eq!(m.peek(0xFC) & 0x0F, 0x00);
}

#[test]
fn reads_nothing_answers_find_what_the_vic_read_in_phi1() {
    let mut m = Machine::new();
    // With the display and the sprites off, every byte the VIC reads in phi1 is $5A:
    // the refresh and idle accesses ($3F00-$3FFF) and the sprite pointers.
    m.write(0x3F00, &[0x5A; 256]);
    m.write(0x07F8, &[0x5A; 8]);
    m.set_color_ram(0, 0x03);
    store(&mut m, &[(0xD011, 0x0B), (0xD015, 0)]);
    spin(&mut m, CYCLES_PER_FRAME);
    program(
        &mut m,
        "        lda $de00\n        sta $fb\n        lda $df80\n        sta $fc\n\
                 lda $d800\n        sta $fd\n        rts",
    );
    m.call(0xC000, 1000).unwrap();
    // I/O 1 and 2 without a cartridge: the whole byte; colour RAM: its low nibble.
    assert_eq!(
        [m.peek(0xFB), m.peek(0xFC), m.peek(0xFD)],
        [0x5A, 0x5A, 0x53]
    );
}

#[test]
fn the_vic_sees_a_character_redefined_mid_frame_from_the_write_on() {
    // Character 0 (the whole screen) blank in a set at $2000; at line 100 the CPU
    // waits about 60 lines without touching I/O, then fills the character's eight
    // rows: the lines the VIC drew before show the background, those after the ink.
    let mut m = Machine::new();
    m.write(0x0400, &[0; 1000]);
    m.write(0x2000, &[0; 8]);
    for row in 0..25 {
        m.set_color_ram(row * 40, 1);
    }
    store(&mut m, &[(0xD018, 0x18), (0xD020, 0), (0xD021, 0)]);
    program(
        &mut m,
        "        sei
wait    lda $d012
        cmp #100
        bne wait
        ldx #0
        ldy #3
delay   dex
        bne delay
        dey
        bne delay
        lda #$ff
        sta $2000
        sta $2001
        sta $2002
        sta $2003
        sta $2004
        sta $2005
        sta $2006
        sta $2007
        lda $d012
        sta $fb
done    jmp done",
    );
    m.start_at(0xC000);
    m.run_until("done", 2 * CYCLES_PER_FRAME).unwrap();
    let written = usize::from(m.peek(0xFB));
    assert!((140..200).contains(&written), "{written}");
    // On to line 240 of the same frame.
    m.run((240 - written as u64) * CYCLES_PER_LINE);
    let f = render::frame(&m);
    for line in 101..written - 1 {
        assert_eq!(px(&f, BORDER_X, row(line)), PALETTE[0], "line {line}");
    }
    for line in written + 1..240 {
        assert_eq!(px(&f, BORDER_X, row(line)), PALETTE[1], "line {line}");
    }
}
