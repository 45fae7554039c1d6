//! The expansion port through the whole machine: a cartridge's ROM in the PLA's map
//! (8K mode, Ultimax), the REU's transfers and the cycles it takes from the CPU, the
//! $FF00 trigger, GeoRAM's window. Programs are assembled here; no ROMs.
use c64emu::Machine;
use c64emu::expansion::{Cartridge, Crt, Expansion, GeoRam, Reu};

/// Assemble `body` at $C000 and load it.
fn program(m: &mut Machine, body: &str) {
    let src = format!("        * = $c000\n{body}\n");
    let p = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
}

/// A CRT file: hardware type 0, these lines, one chip at `load`.
fn crt(exrom: u8, game: u8, load: u16, image: &[u8]) -> Cartridge {
    let mut f = b"C64 CARTRIDGE   ".to_vec();
    f.extend(0x40u32.to_be_bytes());
    f.extend([1, 0, 0, 0, exrom, game, 0, 0, 0, 0, 0, 0]);
    f.extend([0u8; 32]);
    f.extend(b"CHIP");
    f.extend((0x10 + image.len() as u32).to_be_bytes());
    f.extend([0, 0, 0, 0]);
    f.extend(load.to_be_bytes());
    f.extend((image.len() as u16).to_be_bytes());
    f.extend(image);
    Cartridge::from_crt(&Crt::parse(&f).unwrap()).unwrap()
}

#[test]
fn an_8k_cartridge_shows_at_8000_with_loram_and_hiram_and_writes_go_to_ram() {
    let mut m = Machine::new();
    let image: Vec<u8> = (0..0x2000).map(|i| (i * 7) as u8).collect();
    m.plug(Expansion {
        cart: Some(crt(0, 1, 0x8000, &image)),
        ..Expansion::default()
    });
    program(
        &mut m,
        "        lda #$5a\n        sta $8010\n        lda $8010\n        sta $fb\n\
         lda #$36\n        sta $01\n        lda $8010\n        sta $fc\n\
         lda #$37\n        sta $01\n        lda $9fff\n        sta $fd\n        rts",
    );
    m.call(0xC000, 10_000).unwrap();
    assert_eq!(m.peek(0xFB), image[0x10]); // ROML
    assert_eq!(m.peek(0xFC), 0x5A); // LORAM off: the RAM the write went to
    assert_eq!(m.peek(0xFD), image[0x1FFF]);
    assert_eq!(m.peek_banked(0xA000), 0x94); // BASIC still at $A000
}

#[test]
fn an_ultimax_cartridge_starts_at_its_reset_vector_and_leaves_holes() {
    let mut image = vec![0xEA; 0x2000];
    // $E000: LDA $1234 ; STA $02 ; LDA #$AA ; STA $8000 ; LDA $8000 ; STA $03 ; JMP *
    let code = [
        0xAD, 0x34, 0x12, 0x85, 0x02, 0xA9, 0xAA, 0x8D, 0x00, 0x80, 0xAD, 0x00, 0x80, 0x85, 0x03,
        0x4C, 0x0F, 0xE0,
    ];
    image[..code.len()].copy_from_slice(&code);
    image[0x1FFC..0x1FFE].copy_from_slice(&[0x00, 0xE0]);
    image[0x1FFF] = 0x5C;
    let mut m = Machine::new();
    m.plug(Expansion {
        cart: Some(crt(1, 0, 0xE000, &image)),
        ..Expansion::default()
    });
    assert_eq!(m.regs().pc, 0xE000);
    m.run(200);
    // $1234 is a hole and $8000 has no ROML image: nothing drives the bus, which holds
    // what the VIC read in the cycle's first half: its idle fetch from $3FFF, which in
    // Ultimax mode is ROMH's last byte.
    assert_eq!((m.peek(0x02), m.peek(0x03)), (0x5C, 0x5C));
    assert_eq!(
        m.peek(0x8000),
        0x00,
        "Ultimax writes to ROML do not reach RAM"
    );
}

/// Set the REU's registers and execute `command`; `len` bytes between `c64` and `reu`.
fn reu_job(c64: u16, reu: u32, len: u16, command: u8) -> String {
    format!(
        "        lda #${:02x}\n        sta $df02\n        lda #${:02x}\n        sta $df03\n\
         lda #${:02x}\n        sta $df04\n        lda #${:02x}\n        sta $df05\n\
         lda #${:02x}\n        sta $df06\n        lda #${:02x}\n        sta $df07\n\
         lda #${:02x}\n        sta $df08\n        lda #${command:02x}\n        sta $df01\n",
        c64 & 0xFF,
        c64 >> 8,
        reu & 0xFF,
        (reu >> 8) & 0xFF,
        reu >> 16,
        len & 0xFF,
        len >> 8
    )
}

fn reu_machine() -> Machine {
    let mut m = Machine::new();
    m.plug(Expansion {
        reu: Some(Reu::new(512 * 1024)),
        ..Expansion::default()
    });
    m
}

#[test]
fn the_reu_stashes_and_fetches_and_stops_the_cpu_a_cycle_per_byte() {
    let mut m = reu_machine();
    for i in 0..256u16 {
        m.poke(0xC400 + i, (i as u8) ^ 0x5A);
    }
    // Screen off (no bad lines), interrupts off; stash 256 bytes, fetch them to $C600.
    let body = format!(
        "        sei\n        lda #$0b\n        sta $d011\n{}{}        lda $df00\n        sta $fb\n        rts",
        reu_job(0xC400, 0x07FF80, 256, 0x90),
        reu_job(0xC600, 0x07FF80, 256, 0x91),
    );
    program(&mut m, &body);
    m.call(0xC000, 100_000).unwrap();
    for i in 0..256u16 {
        assert_eq!(m.peek(0xC600 + i), (i as u8) ^ 0x5A);
    }
    // End of block, 256K DRAMs; the REU address wrapped past 512 KiB to $000080.
    assert_eq!(m.peek(0xFB), 0x50);
    assert_eq!(
        (
            m.peek_banked(0xDF04),
            m.peek_banked(0xDF05),
            m.peek_banked(0xDF06)
        ),
        (0x80, 0x00, 0xF8)
    );
    // The same job of 1 byte and of 257: 256 cycles apart.
    let timed = |len: u16| {
        let mut m = reu_machine();
        let body = format!(
            "        sei\n        lda #$0b\n        sta $d011\n{}        rts",
            reu_job(0xC400, 0, len, 0x90)
        );
        program(&mut m, &body);
        let before = m.cycles();
        m.call(0xC000, 100_000).unwrap();
        m.cycles() - before
    };
    assert_eq!(timed(257) - timed(1), 256);
}

#[test]
fn an_armed_transfer_waits_for_a_write_to_ff00() {
    let mut m = reu_machine();
    m.poke(0xC400, 0x77);
    let body = format!(
        "{}        lda $df01\n        sta $fb\n        lda #$00\n        sta $c401\n\
         lda $c401\n        sta $fc\n        lda #$35\n        sta $01\n        sta $ff00\n\
         lda #$37\n        sta $01\n        lda $c401\n        sta $fd\n        rts",
        // Fetch REU $000000 (stashed below) to $C401, armed for $FF00.
        reu_job(0xC401, 0, 1, 0xA1)
    );
    program(&mut m, &body);
    // Put $77 in the REU first.
    let stash = format!("{}        rts", reu_job(0xC400, 0, 1, 0x90));
    let src = format!("        * = $c800\n{stash}\n");
    let p = c64asm::assemble_str("s.asm", &src, &c64asm::Options::default()).unwrap();
    m.load_prg(&p.prg_bytes()).unwrap();
    m.call(0xC800, 10_000).unwrap();
    m.call(0xC000, 10_000).unwrap();
    assert_eq!(m.peek(0xFB), 0xA1); // armed, not run
    assert_eq!(m.peek(0xFC), 0x00);
    assert_eq!(m.peek(0xFD), 0x77); // ran at the write to $FF00
}

#[test]
fn georam_shows_the_selected_page_at_de00() {
    let mut m = Machine::new();
    m.plug(Expansion {
        georam: Some(GeoRam::new(512 * 1024)),
        ..Expansion::default()
    });
    program(
        &mut m,
        "        lda #31\n        sta $dfff\n        lda #63\n        sta $dffe\n\
         lda #$c3\n        sta $de42\n        lda #0\n        sta $dfff\n\
         lda $de42\n        sta $fb\n        lda #31\n        sta $dfff\n\
         lda $de42\n        sta $fc\n        rts",
    );
    m.call(0xC000, 10_000).unwrap();
    assert_eq!((m.peek(0xFB), m.peek(0xFC)), (0x00, 0xC3));
}

#[test]
fn the_stub_kernal_just_reset_starts_a_cbm80_cartridge_with_the_port_untouched() {
    let mut m = Machine::stub_just_reset(None);
    let mut image = vec![0u8; 0x2000];
    image[..9].copy_from_slice(&[0x09, 0x80, 0x09, 0x80, 0xC3, 0xC2, 0xCD, b'8', b'0']);
    image[9..22].copy_from_slice(&[
        0xA5, 0x00, 0x85, 0x02, // LDA $00; STA $02
        0xA5, 0x01, 0x85, 0x03, // LDA $01; STA $03
        0xBA, 0x86, 0x04, // TSX; STX $04
        0x4C, 0x14, // JMP * (high byte below)
    ]);
    image[22] = 0x80;
    m.plug(Expansion {
        cart: Some(crt(0, 1, 0x8000, &image)),
        ..Expansion::default()
    });
    m.poke(0x02, 0xEE);
    m.run(1_000);
    assert_eq!(
        (m.peek(0x02), m.peek(0x03), m.peek(0x04)),
        (0x00, 0x17, 0xFF)
    );
    assert_eq!(m.regs().pc, 0x8014);
}
