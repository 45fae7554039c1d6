//! Classic VIC-II effects, written as a C64 programmer writes them, checked by the
//! pixels of the picture on the PAL 6569 and the NTSC 6567R8: a sprite multiplexer (one
//! sprite shown twice a frame, moved by a raster interrupt).
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
fn picture(m: &mut Machine, frames: u64) -> (Vec<u32>, impl Fn(usize) -> usize) {
    assert_eq!(m.run(frames * m.cycles_per_frame()), Stop::CycleLimit);
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
