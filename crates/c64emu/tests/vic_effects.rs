//! Classic VIC-II effects, written as a C64 programmer writes them, checked by the
//! pixels of the picture on the PAL 6569 and the NTSC 6567R8: a sprite multiplexer (one
//! sprite shown twice a frame, moved by a raster interrupt), FLI (a bad line forced on
//! every line, each fetching its own screen matrix) and FLD (bad lines held off, the
//! text pushed down), a one-line colour split, the side borders opened. The FLI, FLD,
//! split and border code starts at an exact cycle of a line.
use c64emu::VicModel as Model;
use c64emu::render::{self, PALETTE, WIDTH};
use c64emu::{Machine, Stop};

const MODELS: [Model; 2] = [Model::Mos6569, Model::Mos6567R8];

/// A machine with `model`, `source` assembled and started at $C000.
fn machine(model: Model, source: &str) -> Machine {
    let mut m = Machine::new();
    m.set_vic_model(model);
    let src = format!("        * = $c000\n{source}\n");
    let p = c64asm::assemble_str("effect.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
    m.start_at(0xC000);
    m
}

/// The picture after `frames` whole frames, and the picture row of raster line `line`.
fn picture(m: &mut Machine, frames: u64) -> (Vec<u32>, impl Fn(usize) -> usize + use<>) {
    assert_eq!(m.run(frames * m.cycles_per_frame()), Stop::CycleLimit);
    let top = m.picture().window_y;
    (render::frame(m), move |line: usize| line + top - 0x33)
}

/// The picture of the frame under way (run to its end), and the picture row of a line.
fn this_frame(m: &mut Machine) -> (Vec<u32>, impl Fn(usize) -> usize + use<>) {
    let frame = m.cycles() / m.cycles_per_frame();
    m.run((frame + 1) * m.cycles_per_frame() + 10 - m.cycles());
    let top = m.picture().window_y;
    (render::frame(m), move |line: usize| line + top - 0x33)
}

fn px(f: &[u32], x: usize, y: usize) -> u32 {
    f[y * WIDTH + x]
}

/// Sprite 0 (a white 24 x 21 block) at X 100, Y 60 in the top half of the frame; a
/// raster interrupt at line 100 moves it to X 200, Y 160, one at line 230 moves it back.
const MULTIPLEXER: &str = "
        sei
        lda #$7f
        sta $dc0d
        lda $dc0d
        ldx #0
        lda #$20
clear   sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne clear
        ldx #62
        lda #$ff
shape   sta $2000,x
        dex
        bpl shape
        lda #$80
        sta $07f8
        lda #0
        sta $d020
        lda #6
        sta $d021
        lda #1
        sta $d027
        sta $d015
        lda #100
        sta $d000
        lda #60
        sta $d001
        lda #<handler
        sta $0314
        lda #>handler
        sta $0315
        lda #100
        sta $d012
        lda $d011
        and #$7f
        sta $d011
        lda #1
        sta $d01a
        sta $d019
        cli
spin    jmp spin
handler lda $d012
        cmp #150
        bcs top
        lda #200
        sta $d000
        lda #160
        sta $d001
        lda #230
        sta $d012
        jmp done
top     lda #100
        sta $d000
        lda #60
        sta $d001
        lda #100
        sta $d012
done    lda #1
        sta $d019
        jmp $ea81";

#[test]
fn a_raster_interrupt_multiplexes_one_sprite_into_two_places() {
    let (white, blue) = (PALETTE[1], PALETTE[6]);
    for model in MODELS {
        let mut m = machine(model, MULTIPLEXER);
        let (f, row) = picture(&mut m, 4);
        // Sprite X 100 is picture column 100 - 24 + 32; its middle 12 pixels on.
        let (first, second) = (100 - 24 + 32 + 12, 200 - 24 + 32 + 12);
        // A sprite at Y is drawn on lines Y+1 to Y+21.
        for line in 61..=81 {
            assert_eq!(px(&f, first, row(line)), white, "{model:?} line {line}");
            assert_eq!(px(&f, second, row(line)), blue, "{model:?} line {line}");
        }
        for line in 161..=181 {
            assert_eq!(px(&f, second, row(line)), white, "{model:?} line {line}");
            assert_eq!(px(&f, first, row(line)), blue, "{model:?} line {line}");
        }
        for line in [59, 60, 82, 83, 159, 160, 182, 183] {
            assert_eq!(px(&f, first, row(line)), blue, "{model:?} line {line}");
            assert_eq!(px(&f, second, row(line)), blue, "{model:?} line {line}");
        }
    }
}

/// The start of each effect's set-up: interrupts off, no sprites, a black border.
const QUIET: &str = "        sei
        lda #$7f
        sta $dc0d
        lda $dc0d
        lda #0
        sta $d01a
        sta $d015
        sta $d020
";

/// FLI's set-up: VIC bank 1, a hires bitmap at $6000 with every pixel set, and eight
/// screen matrices at $4000 + $400 k, matrix k holding colour k + 1 for set pixels.
fn fli_setup() -> String {
    let mut s = format!(
        "{QUIET}        lda #$3f
        sta $dd02
        lda $dd00
        and #$fc
        ora #$02
        sta $dd00
        lda #$ff
        ldx #0
        ldy #$20
bitmap  sta $6000,x
        inx
        bne bitmap
        inc bitmap+2
        dey
        bne bitmap
",
    );
    for k in 0..8u16 {
        let base = 0x4000 + 0x400 * k;
        s += &format!(
            "        lda #${:02x}\n        ldx #0\nscreen{k}\n",
            (k + 1) << 4
        );
        for page in 0..4 {
            s += &format!("        sta ${:04x},x\n", base + 0x100 * page);
        }
        s += &format!("        inx\n        bne screen{k}\n");
    }
    s + "        lda #$08
        sta $d018
        lda #$3f
        sta $d011
spin    jmp spin"
}

/// The FLI kernel for raster lines $31 to $F7 (each line's code in the free cycles of
/// the line before it): a new matrix into $D018 and the line's own YSCROLL into $D011,
/// which makes every line a bad line; padded with NOPs to the cycles a bad line leaves
/// the CPU (PAL 20, the 6567R8 22), so each halt at a bad line keeps the code in step.
fn fli_kernel(free: u64) -> String {
    let mut s = String::new();
    for line in 0x31..=0xF7u16 {
        let k = line & 7;
        s += &format!(
            "        lda #${:02x}\n        sta $d018\n        lda #${:02x}\n        sta $d011\n",
            (k << 4) | 0x08,
            0x38 | k
        );
        s += &"        nop\n".repeat(((free - 12) / 2) as usize);
    }
    s
}

#[test]
fn fli_forces_a_bad_line_on_every_line_each_with_its_own_screen_matrix() {
    for (model, free) in [(Model::Mos6569, 20u64), (Model::Mos6567R8, 22)] {
        // The code for line $31 starts 4 cycles into the free cycles after line $30's
        // bad-line window (cycle 55 + 4; the timing: see fli_kernel).
        let (f, row) = effect(model, &fli_setup(), &fli_kernel(free), 0x30, 55 - 1 + 4);
        let colour = |line: u16| px(&f, 200, row(usize::from(line)));
        // Every line shows the matrix its own code chose: colour k + 1 for line & 7 = k,
        // give or take one fixed offset (which line's code a line's fetch sees).
        let first = PALETTE
            .iter()
            .position(|&c| c == colour(0x34))
            .unwrap_or_else(|| panic!("{model:?}: line $34 shows {:06x}", colour(0x34)));
        let offset = (first + 63 - 0x34 % 8) % 8;
        for line in 0x34..=0xF0u16 {
            let k = (usize::from(line) + offset) % 8;
            assert_eq!(colour(line), PALETTE[k + 1], "{model:?} line {line:#x}");
        }
    }
}

/// Start the code at `kernel`'s label `fli` (after its slides) so that its first cycle is
/// `into` cycles (0-based) into raster line `line` (the machine spinning, interrupts
/// off, on a line before `line` - 3).
fn start_in_line(m: &mut Machine, kernel: &c64asm::Program, line: u64, into: u64) {
    let labels: std::collections::HashMap<String, u16> =
        kernel.address_labels().into_iter().collect();
    while u64::from(m.raster_line()) != line - 4 {
        m.run(10);
    }
    let line_len = if m.picture().height > 250 { 63 } else { 65 };
    let now = m.cycles();
    let target = now - now % line_len + 4 * line_len + into;
    let wait = target - now - 3; // the JMP at the slide's end
    let entry = if wait.is_multiple_of(2) {
        labels["slide2"] + 400 - (wait / 2) as u16
    } else {
        labels["slide3"] + 400 - ((wait - 3) / 2) as u16
    };
    m.start_at(entry);
}

/// Run `setup` (ending in a spin loop) on `model`, then `body` from cycle `into`
/// (0-based) of raster line `line`, back to the spin loop after it; the picture of that
/// frame and the picture row of a raster line.
fn effect(
    model: Model,
    setup: &str,
    body: &str,
    line: u64,
    into: u64,
) -> (Vec<u32>, impl Fn(usize) -> usize + use<>) {
    let mut m = machine(model, setup);
    assert_eq!(m.run(12 * m.cycles_per_frame()), Stop::CycleLimit);
    let spin = m.regs().pc;
    assert_eq!(m.peek(spin), 0x4C, "{model:?}: the set-up has not ended");
    let body = format!("{body}        jmp ${spin:04x}\n");
    let kernel = c64asm::assemble_str("effect.asm", &with_slides(&body), &Default::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&kernel.prg_bytes()).unwrap();
    start_in_line(&mut m, &kernel, line, into);
    this_frame(&mut m)
}

/// The slides `start_in_line` enters (at $8000) and then `body` at `fli`.
fn with_slides(body: &str) -> String {
    let mut s = String::from("        * = $8000\nslide2\n");
    s += &"        nop\n".repeat(400);
    s += "        jmp fli\nslide3\n";
    s += &"        nop\n".repeat(400);
    s += "        bit $ea\n        jmp fli\nfli\n";
    s + body
}

#[test]
fn fld_pushes_the_text_down_by_keeping_yscroll_off_the_line() {
    // Solid white character rows on blue from line $33 (YSCROLL 3); FLD from line $30
    // for 40 lines: each line's code, 5 cycles into the line, sets YSCROLL two lines
    // ahead, so that neither this line (from then on) nor the next (until its own write)
    // matches it: no bad line condition, the display stays idle ($3FFF: 0, blue).
    let setup = &format!(
        "{QUIET}        sta $3fff
        lda #6
        sta $d021
        ldx #0
fill    lda #$a0
        sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        lda #1
        sta $d800,x
        sta $d900,x
        sta $da00,x
        sta $db00,x
        inx
        bne fill
        lda #$1b
        sta $d011
spin    jmp spin"
    );
    for model in MODELS {
        let pad = if model == Model::Mos6569 { 27 } else { 28 };
        let mut body = String::new();
        for line in 0x30..0x30 + 40u16 {
            // 6 + 3 + 2 x pad cycles: one line.
            body += &format!(
                "        lda #${:02x}\n        sta $d011\n        bit $ea\n",
                0x18 | ((line + 2) & 7)
            );
            body += &"        nop\n".repeat(pad);
        }
        body += "        lda #$1b\n        sta $d011\n";
        let (f, row) = effect(model, setup, &body, 0x30, 4);
        let colour = |line: usize| px(&f, 100, row(line));
        // After the last FLD line ($57) YSCROLL is 3 again: the first bad line is $5B.
        for line in 0x33..0x5B {
            assert_eq!(colour(line), PALETTE[6], "{model:?} line {line:#x}");
        }
        for line in 0x5B..0x5B + 8 {
            assert_eq!(colour(line), PALETTE[1], "{model:?} line {line:#x}");
        }
    }
}

/// A screen of spaces on blue, the text window on, YSCROLL 3 (no bad line where
/// (line - $30) & 7 is not 3).
const BLUE_SPACES: &str = "        lda #6
        sta $d021
        ldx #0
        lda #$20
fill    sta $0400,x
        sta $0500,x
        sta $0600,x
        sta $0700,x
        inx
        bne fill
        lda #$1b
        sta $d011
";

#[test]
fn a_one_line_colour_split_changes_the_background_for_exactly_one_line() {
    // Spaces on blue; at cycle 10 of line $40 (no bad line: YSCROLL 3) the background
    // turns red, at cycle 10 of line $41 blue again: one red line across the window.
    let setup = &format!("{QUIET}{BLUE_SPACES}spin    jmp spin");
    for model in MODELS {
        // 6 + 3 + 2 x pad cycles: one line from write to write.
        let pad = if model == Model::Mos6569 { 27 } else { 28 };
        let body = format!(
            "        lda #2\n        sta $d021\n        bit $ea\n{}        lda #6\n        sta $d021\n",
            "        nop\n".repeat(pad)
        );
        // The STA's write in cycle 10 (0-based 9), the LDA's first cycle 5 before it.
        let (f, row) = effect(model, setup, &body, 0x40, 9 - 5);
        let (blue, red) = (PALETTE[6], PALETTE[2]);
        for x in (32..32 + 320).step_by(8) {
            assert_eq!(px(&f, x, row(0x3F)), blue, "{model:?} x {x} line $3F");
            assert_eq!(px(&f, x, row(0x40)), red, "{model:?} x {x} line $40");
            assert_eq!(px(&f, x, row(0x41)), blue, "{model:?} x {x} line $41");
        }
    }
}

#[test]
fn the_side_borders_open_when_38_columns_are_chosen_between_the_two_comparisons() {
    // Spaces on blue, a black border. In line $80 (no bad line: YSCROLL 3) 38 columns
    // are written in cycle 56, after the 38-column comparison of the right border
    // (cycle 56's first pixel) and before the 40-column one (cycle 57): neither sets
    // the main border flip-flop, the right border shows the background; 40 columns
    // again in cycle 62. The flip-flop stays clear into the next line's left border
    // until the left comparison, which clears it anyway: that line's right border is
    // closed again.
    let setup = &format!(
        "{QUIET}{BLUE_SPACES}        lda #$c8
        sta $d016
spin    jmp spin"
    );
    let body = "        lda #$c0\n        sta $d016\n        lda #$c8\n        sta $d016\n";
    for model in MODELS {
        // The first STA's write is the body's sixth cycle: cycle 56 (0-based 55).
        let (f, row) = effect(model, setup, body, 0x80, 55 - 5);
        let (black, blue) = (PALETTE[0], PALETTE[6]);
        let right = 32 + 320;
        for x in [right, right + 16, WIDTH - 1] {
            assert_eq!(px(&f, x, row(0x7F)), black, "{model:?} x {x} line $7F");
            assert_eq!(px(&f, x, row(0x80)), blue, "{model:?} x {x} line $80");
            assert_eq!(px(&f, x, row(0x81)), black, "{model:?} x {x} line $81");
        }
        assert_eq!(
            px(&f, 0, row(0x7F)),
            black,
            "{model:?} left border line $7F"
        );
        assert_eq!(px(&f, 0, row(0x81)), blue, "{model:?} left border line $81");
        assert_eq!(
            px(&f, 0, row(0x82)),
            black,
            "{model:?} left border line $82"
        );
    }
}
