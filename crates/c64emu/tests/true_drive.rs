//! A true 1541 on the serial bus, running a drive ROM assembled here: the IEC lines
//! between CIA 2 port A and the drive's VIA 1, the ATN acknowledge gate, and the drive
//! clocked alongside the C64.
use c64emu::Machine;

fn assemble(src: &str) -> c64asm::Program {
    c64asm::assemble_str("t.asm", src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"))
}

/// A drive ROM that echoes ATN IN to CLK OUT and keeps ATNA (PB4) high, so the ATN
/// acknowledge gate pulls DATA exactly while ATN is released.
const ECHO_ROM: &str = "
        * = $c000
reset   sei
        lda #$1a        ; PB1 DATA OUT, PB3 CLK OUT, PB4 ATNA
        sta $1802
loop    lda $1800
        and #$80        ; ATN IN
        lsr
        lsr
        lsr
        lsr             ; to PB3: CLK OUT
        ora #$10        ; ATNA
        sta $1800
        jmp loop
        * = $fffc
        .word reset, reset
";

fn machine_with_echo_drive() -> Machine {
    let rom = assemble(ECHO_ROM);
    assert_eq!(rom.load_address, 0xC000);
    assert_eq!(rom.image.len(), 0x4000);
    let mut m = Machine::new();
    m.attach_1541(&rom.image, None, false).unwrap();
    m
}

#[test]
fn drive_answers_on_the_serial_lines() {
    let mut m = machine_with_echo_drive();
    let p = assemble(
        "        * = $c000
        lda #$3f
        sta $dd02
        lda #$00        ; ATN, CLK, DATA released by the C64
        sta $dd00
        ldx #50
-       dex
        bne -
        lda $dd00
        sta $fb
        lda #$08        ; ATN asserted
        sta $dd00
        ldx #50
-       dex
        bne -
        lda $dd00
        sta $fc
        lda #$00
        sta $dd00
        rts
",
    );
    m.load_prg(&p.prg_bytes()).unwrap();
    m.call(0xC000, 10_000).unwrap();
    // ATN released, ATNA high: the gate pulls DATA (bit 7 low); CLK is high.
    assert_eq!(m.peek(0xFB) & 0xC0, 0x40);
    // ATN asserted: the drive's CPU pulls CLK; the gate lets DATA go.
    assert_eq!(m.peek(0xFC) & 0xC0, 0x80);
    // The drive ran alongside: about as many drive cycles as C64 cycles (1 MHz
    // against 985248 Hz).
    let drive = m.true_drive().unwrap();
    assert!(drive.cycle() > 0);
    assert!(drive.drive_cycle(m.cycles()) >= m.cycles());
}

#[test]
fn the_drive_sees_atn_within_its_polling_loop() {
    // The C64 asserts ATN and reads CLK in a loop: the drive's loop of 23 cycles
    // answers within a turn, so no more than a few C64 reads still see CLK high.
    let mut m = machine_with_echo_drive();
    let p = assemble(
        "        * = $c000
        lda #$3f
        sta $dd02
        lda #$00
        sta $dd00
        ldx #50
-       dex
        bne -
        lda #$08
        sta $dd00
        ldy #0
-       iny
        bit $dd00       ; CLK IN in V
        bvs -
        sty $fb
        rts
",
    );
    m.load_prg(&p.prg_bytes()).unwrap();
    m.call(0xC000, 10_000).unwrap();
    // Each turn is 9 cycles: within 23 drive cycles at most 4 turns.
    let turns = m.peek(0xFB);
    assert!((1..=4).contains(&turns), "{turns} turns");
}

#[test]
fn a_bad_rom_size_is_an_error() {
    let mut m = Machine::new();
    let e = m.attach_1541(&[0; 100], None, false).unwrap_err();
    assert!(e.to_string().contains("16384"), "{e}");
}
