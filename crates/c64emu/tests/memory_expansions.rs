//! The memory expansions through the whole machine: the +60K's second bank and the
//! +256K's banks (the CPU's view, the VIC's), the DQBB's RAM as ROML/ROMH, the RamCart's and Isepic's windows.
//! Programs are assembled here; no ROMs.
use c64emu::Machine;
use c64emu::expansion::{Dqbb, Expansion, Isepic, Plus60k, Plus256k, RamCart};

/// Assemble `body` at $C000 and load it.
fn program(m: &mut Machine, body: &str) {
    program_at(m, 0xC000, body);
}

/// Assemble `body` at `org` and load it.
fn program_at(m: &mut Machine, org: u16, body: &str) {
    let src = format!("        * = ${org:04x}\n{body}\n");
    let p = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
}

fn machine(e: Expansion) -> Machine {
    let mut m = Machine::new();
    m.plug(e);
    m
}

#[test]
fn the_plus60k_latch_banks_1000_up_for_the_cpu_and_not_for_the_vic() {
    let mut m = machine(Expansion {
        plus60k: Some(Plus60k::new()),
        ..Expansion::default()
    });
    // Bank 0 gets $A0 (a reversed space) at $2000-$23E7, bank 1 $20 (a space); $0FFF
    // is shared (the program runs there: the latch changes $C000). The VIC shows the
    // screen at $2000 with the character ROM at $1000.
    program_at(
        &mut m,
        0x0C00,
        "        sei\n        ldx #0\nfill    lda #$a0\n        sta $2000,x\n        sta $2100,x\n\
         sta $2200,x\n        sta $2300,x\n        lda #1\n        sta $d800,x\n\
         sta $d900,x\n        sta $da00,x\n        sta $db00,x\n        inx\n        bne fill\n\
         lda #$80\n        sta $d1ff\n        ldx #0\nfill1   lda #$20\n        sta $2000,x\n\
         sta $2100,x\n        sta $2200,x\n        sta $2300,x\n        inx\n        bne fill1\n\
         lda #$33\n        sta $0fff\n        lda #$44\n        sta $c800\n\
         lda $2000\n        sta $fb\n        lda $d100\n        sta $fc\n\
         lda #6\n        sta $d020\n        lda #0\n        sta $d021\n\
         lda #$84\n        sta $d018\n        ldx #4\nframe   lda $d012\n        bne frame\n\
         wait    lda $d012\n        beq wait\n        dex\n        bne frame\n        rts",
    );
    m.poke(0xC800, 0x00);
    m.call(0x0C00, 200_000).unwrap();
    assert_eq!((m.peek(0xFB), m.peek(0xFC)), (0x20, 0xFF));
    // The CPU sees bank 1; the C64's own RAM kept what was written before the latch.
    assert_eq!(
        (
            m.peek_banked(0x2000),
            m.ram()[0x2000],
            m.peek_banked(0xC800)
        ),
        (0x20, 0xA0, 0x44)
    );
    assert_eq!((m.ram()[0x0FFF], m.ram()[0xC800]), (0x33, 0x00));
    // $D000-$D0FF is still the VIC: the border is blue.
    assert_eq!(m.peek_io(0xD020) & 0x0F, 6);
    // Frames later the VIC has shown bank 0's reversed spaces: 1000 white cells.
    let pens = c64emu::render::pens(&m);
    let white = pens.iter().filter(|&&p| p == 1).count();
    assert_eq!(white, 1000 * 64);
    // Latch bit 7 clear: bank 0 again.
    m.poke_io(0xD100, 0x7F);
    assert_eq!(m.peek_banked(0x2000), 0xA0);
}

#[test]
fn the_plus256k_latch_picks_the_banks_of_the_cpu_and_the_vic() {
    let mut m = machine(Expansion {
        plus256k: Some(Plus256k::new()),
        ..Expansion::default()
    });
    m.poke(0x2000, 0x00);
    // Bank 3 at $1000-$FFFF: $2000 gets $A0 there; bank 0's stays. Then the VIC
    // fetches from bank 3 (bits 2-3) while the CPU's $1000 up is bank 0 again, and the
    // program (shared at $0C00 while $0000-$0FFF is bank 0) waits four frames.
    program_at(
        &mut m,
        0x0C00,
        "        sei\n        lda #$c0\n        sta $d100\n        lda #$a0\n        sta $2000\n\
         lda $2000\n        sta $02\n        lda #$0c\n        sta $d1c0\n\
         lda $2000\n        sta $03\n        lda #1\n        sta $d800\n\
         lda #0\n        sta $d021\n        lda #$84\n        sta $d018\n\
         ldx #4\nframe   lda $d012\n        bne frame\nwait    lda $d012\n\
         beq wait\n        dex\n        bne frame\n        rts",
    );
    m.call(0x0C00, 200_000).unwrap();
    assert_eq!((m.peek(0x02), m.peek(0x03)), (0xA0, 0x00));
    // The VIC showed bank 3's $2000: one reversed space, white.
    let white = c64emu::render::pens(&m).iter().filter(|&&p| p == 1).count();
    assert_eq!(white, 64);
    // $0000-$0FFF from bank 1: the zero page there is another one.
    m.poke_io(0xD100, 0x01);
    assert_eq!(m.peek_banked(0x02), 0x00);
    m.poke_io(0xD100, 0x00);
    assert_eq!(m.peek_banked(0x02), 0xA0);
}

#[test]
fn the_dqbb_shows_its_ram_at_8000_and_a000_and_writes_reach_the_c64s_ram_too() {
    let mut m = machine(Expansion {
        dqbb: Some(Dqbb::new(16 * 1024)),
        ..Expansion::default()
    });
    // 16K mode, writable: both RAMs take $12 at $8000, $34 at $A000. Read-only: the
    // C64's RAM alone takes $77. 8K mode: BASIC's area is the C64's again. Off: all
    // the C64's.
    program(
        &mut m,
        "        lda #$14\n        sta $de80\n        lda #$12\n        sta $8000\n\
         lda #$34\n        sta $a000\n        lda #$04\n        sta $de00\n\
         lda #$77\n        sta $8000\n        lda $8000\n        sta $fb\n\
         lda $a000\n        sta $fc\n        lda #$00\n        sta $de00\n\
         lda #$36\n        sta $01\n        lda $a000\n        sta $fd\n\
         lda #$37\n        sta $01\n        lda #$80\n        sta $de00\n\
         lda $8000\n        sta $fe\n        rts",
    );
    m.call(0xC000, 10_000).unwrap();
    assert_eq!(
        (m.peek(0xFB), m.peek(0xFC), m.peek(0xFD), m.peek(0xFE)),
        (0x12, 0x34, 0x34, 0x77)
    );
    // The VIC sees the C64's RAM only.
    assert_eq!((m.ram()[0x8000], m.ram()[0xA000]), (0x77, 0x34));
}

#[test]
fn the_ramcart_window_follows_de00_and_de01() {
    let mut m = machine(Expansion {
        ramcart: Some(RamCart::new(128 * 1024)),
        ..Expansion::default()
    });
    program(
        &mut m,
        "        lda #$42\n        sta $de00\n        lda #$01\n        sta $de01\n\
         lda #$5a\n        sta $df07\n        lda #$00\n        sta $de01\n\
         lda #$a5\n        sta $df07\n        lda #$01\n        sta $de03\n\
         lda $df07\n        sta $fb\n        lda $de02\n        sta $fc\n\
         lda $de01\n        and #$81\n        sta $fd\n        rts",
    );
    m.call(0xC000, 10_000).unwrap();
    assert_eq!(
        (m.peek(0xFB), m.peek(0xFC), m.peek(0xFD)),
        (0x5A, 0x42, 0x01)
    );
    m.poke_io(0xDE01, 0);
    assert_eq!(m.peek_io(0xDF07), 0xA5);
}

#[test]
fn an_isepic_page_is_picked_by_reading_or_writing_io1() {
    let mut m = machine(Expansion {
        isepic: Some(Isepic::new(true)),
        ..Expansion::default()
    });
    // A read of $DE04 picks page 1, a write to $DE01 page 4 (A0 is the page's bit 2).
    program(
        &mut m,
        "        lda $de04\n        lda #$11\n        sta $df80\n        sta $de01\n\
         lda #$44\n        sta $df80\n        lda $de0c\n        lda $df80\n        sta $fb\n\
         sta $de09\n        lda $df80\n        sta $fc\n        rts",
    );
    m.call(0xC000, 10_000).unwrap();
    assert_eq!((m.peek(0xFB), m.peek(0xFC)), (0x11, 0x44));
}

#[test]
fn a_snapshot_holds_the_expansions_ram_and_registers() {
    let devices = || Expansion {
        dqbb: Some(Dqbb::new(16 * 1024)),
        ramcart: Some(RamCart::new(64 * 1024)),
        plus60k: Some(Plus60k::new()),
        ..Expansion::default()
    };
    let mut m = machine(devices());
    program_at(
        &mut m,
        0x0C00,
        "        lda #$14\n        sta $de00\n        lda #$12\n        sta $8000\n\
         lda #$80\n        sta $d100\n        lda #$34\n        sta $c000\n\
         lda #$56\n        sta $df00\n        rts",
    );
    m.call(0x0C00, 10_000).unwrap();
    let state = m.save_state();
    let mut n = machine(devices());
    n.load_state(&state).unwrap();
    assert_eq!(
        (
            n.peek_banked(0x8000),
            n.peek_banked(0xC000),
            n.peek_io(0xDF00)
        ),
        (0x12, 0x34, 0x56)
    );
    // Another machine's devices: refused.
    let mut o = machine(Expansion::default());
    assert!(o.load_state(&state).is_err());
}
