//! The 6510 at the cycle, through the whole machine: dummy reads and the double write
//! of read-modify-write instructions as the chips see them, the VIC halting the CPU at
//! its first read (writes go on), NMOS decimal mode, the undocumented opcodes, JSR's
//! late operand read, JAM, the I/O port's floating bits, and interrupt latency (the
//! branch quirk).
use c64emu::{Machine, Regs, Stop};

/// Assemble `body` (6502 with the undocumented opcodes) at $C000 and load it.
fn program(m: &mut Machine, body: &str) {
    let src = format!("        .cpu \"6502i\"\n        * = $c000\n{body}\n");
    let p = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
    m.set_symbols(p.address_labels());
}

/// Run `body` (ending in RTS) with interrupts off; the machine afterwards.
fn call(body: &str) -> Machine {
    let mut m = Machine::new();
    program(&mut m, body);
    m.call(0xC000, 1_000_000).unwrap();
    m
}

/// CIA 1 with timer A's interrupt flag set but masked (the line stays high).
const TIMER_A_FLAG: &str = "        lda #$7f\n        sta $dc0d\n        lda $dc0d\n\
    lda #5\n        sta $dc04\n        lda #0\n        sta $dc05\n\
    lda #$19\n        sta $dc0e\n        nop\n        nop\n        nop\n        nop\n\
    nop\n        nop\n        nop\n        nop\n";

#[test]
fn an_indexed_read_crossing_a_page_reads_the_uncarried_address_first() {
    // LDA $DCFF,X with X=$0E reads $DD0D, after a dummy read of $DC0D that acknowledges
    // CIA 1's interrupt flags.
    let m = call(&format!(
        "{TIMER_A_FLAG}        ldx #$0e\n        lda $dcff,x\n        lda $dc0d\n        sta $fb\n        rts"
    ));
    assert_eq!(m.peek(0xFB), 0x00);
    // Without the crossing the flag is still there for the next read.
    let m = call(&format!(
        "{TIMER_A_FLAG}        ldx #$0e\n        lda $dcf0,x\n        lda $dc0d\n        sta $fb\n        rts"
    ));
    assert_eq!(m.peek(0xFB), 0x01);
}

#[test]
fn an_indexed_store_reads_its_address_before_writing() {
    // STA $DC0D,X (X=0) reads $DC0D in its fourth cycle: the flags are acknowledged.
    let m = call(&format!(
        "{TIMER_A_FLAG}        ldx #0\n        lda #$00\n        sta $dc0d,x\n        lda $dc0d\n        sta $fb\n        rts"
    ));
    assert_eq!(m.peek(0xFB), 0x00);
    let m = call(&format!(
        "{TIMER_A_FLAG}        lda #$00\n        sta $dc0d\n        lda $dc0d\n        sta $fb\n        rts"
    ));
    assert_eq!(m.peek(0xFB), 0x01);
}

#[test]
fn nops_with_an_operand_read_it() {
    let m = call(&format!(
        "{TIMER_A_FLAG}        nop $dc0d\n        lda $dc0d\n        sta $fb\n        rts"
    ));
    assert_eq!(m.peek(0xFB), 0x00);
}

#[test]
fn read_modify_write_writes_the_unmodified_value_first() {
    // The raster flag latched (masked): $D019 reads $71. INC writes $71 (acknowledging
    // it) then $72; a single write of $72 would leave it set.
    let m = call(
        "        lda #0\n        sta $d01a\n        lda $d011\n        and #$7f\n        sta $d011\n\
         lda #$20\n        sta $d012\n-       lda $d019\n        and #1\n        beq -\n\
         inc $d019\n        lda $d019\n        sta $fb\n        rts",
    );
    assert_eq!(m.peek(0xFB) & 0x01, 0);
}

#[test]
fn the_vic_halts_the_cpu_at_its_first_read_after_ba_goes_low() {
    // From cycle 0: 1610 NOPs put INC $C100 at cycle 3220; its writes fall in cycles
    // 3224 and 3225, the first two of bad line $33's BA (cycle 12 of the line, 3224).
    // The CPU stops at the next read (3226) until BA is high (3267): 41 cycles.
    for (nops, stolen) in [(1610, 41), (1609, 43), (1611, 43)] {
        let m = after_nops(nops, &[0xEE, 0x00, 0xC1], 0, 0);
        assert_eq!(m.stolen_cycles(), stolen, "{nops} NOPs");
    }
}

/// From cycle 0 (I set, the display on): `nops` NOPs at $C000, then `code`, then NOPs,
/// with X and Y given, run to raster line $34 (past bad line $33).
fn after_nops(nops: usize, code: &[u8], x: u8, y: u8) -> Machine {
    let mut m = Machine::new();
    let mut bytes = vec![0xEA; nops];
    bytes.extend(code);
    bytes.extend([0xEA; 100]);
    m.load_raw(0xC000, &bytes).unwrap();
    let r = m.regs();
    m.set_regs(Regs {
        pc: 0xC000,
        p: 0x24,
        x,
        y,
        ..r
    });
    assert_eq!(m.cycles(), 0);
    m.run(0x34 * 63);
    m
}

#[test]
fn shx_halted_before_its_dummy_read_drops_the_and_from_the_value_not_the_address() {
    // SHX $40F0,Y with X=$7F, Y=$20 crosses to $4110: the carried high byte is
    // X & ($40 + 1) = $41 either way. Started at 3221 its dummy read falls in cycle
    // 3224, where bad line $33's BA is low: halted there, it writes X itself.
    for (nops, addr, value) in [(1609, 0x4110, 0x7F), (1608, 0x4110, 0x41)] {
        // LDA $FB (3 cycles: the SHX's opcode at an odd cycle), SHX.
        let m = after_nops(nops, &[0xA5, 0xFB, 0x9E, 0xF0, 0x40], 0x7F, 0x20);
        assert_eq!(m.peek(addr), value, "{nops} NOPs");
        let untouched = Machine::new().peek(0x7F10);
        assert_eq!(m.peek(0x7F10), untouched, "{nops} NOPs");
    }
}

#[test]
fn decimal_mode_sets_the_nmos_flags() {
    // $99 + $01 = $00 with C; Z from the binary sum ($9A): clear; N from the sum before
    // the high digit's correction ($A0): set.
    let m = call(
        "        sed\n        clc\n        lda #$99\n        adc #$01\n        php\n        pla\n        sta $fb\n\
         stx $fc\n        sta $fd\n        cld\n        lda #$99\n        sed\n        clc\n        adc #$01\n\
         cld\n        sta $fc\n        rts",
    );
    assert_eq!(m.peek(0xFB) & 0xC3, 0x81); // N and C set, V and Z clear
    assert_eq!(m.peek(0xFC), 0x00);
}

#[test]
fn undocumented_opcodes_compute_as_the_6510() {
    let m = call(
        "        lda #$f0\n        ldx #$3c\n        sbx #$10\n        stx $c100\n\
         lax $c100\n        sta $c101\n\
         lda #$0f\n        ldx #$3c\n        sax $c102\n\
         lda #$ff\n        ldx #$f0\n        .byte $8b, $3c\n        sta $c103\n\
         lda #$00\n        .byte $ab, $ff\n        sta $c104\n        stx $c105\n\
         lda #$ff\n        ldx #$ff\n        ldy #$00\n        .byte $9f, $00, $c2\n\
         ldx #$ff\n        ldy #$00\n        .byte $9e, $00, $c4\n\
         ldy #$ff\n        ldx #$00\n        .byte $9c, $00, $c6\n\
         ldx #$01\n        ldy #$ff\n        .byte $9e, $02, $40\n\
         tsx\n        stx $c106\n        lda #$f0\n        ldx #$ff\n        ldy #$00\n        .byte $9b, $00, $c8\n\
         tsx\n        stx $c107\n        ldx $c106\n        txs\n\
         lda #$c3\n        sec\n        .byte $6b, $f0\n        sta $c108\n        php\n        pla\n        sta $c109\n\
         lda #$55\n        sta $c10a\n        dcp $c10a\n        php\n        pla\n        sta $c10b\n\
         rts",
    );
    // SBX: X = (A & X) - imm = $30 - $10.
    assert_eq!(m.peek(0xC100), 0x20);
    assert_eq!(m.peek(0xC101), 0x20); // LAX
    assert_eq!(m.peek(0xC102), 0x0C); // SAX
    assert_eq!(m.peek(0xC103), 0x30); // ANE: ($FF | $EF) & $F0 & $3C
    assert_eq!((m.peek(0xC104), m.peek(0xC105)), (0xEE, 0xEE)); // LXA: ($00 | $EE) & $FF
    assert_eq!(m.peek(0xC200), 0xC3); // SHA $C200,Y: $FF & $FF & ($C2 + 1)
    assert_eq!(m.peek(0xC400), 0xC5); // SHX $C400,Y
    assert_eq!(m.peek(0xC600), 0xC7); // SHY $C600,X
    // SHX $4002,Y with Y=$FF crosses: the value ($01 & $41) is also the high byte.
    assert_eq!(m.peek(0x0101), 0x01);
    assert_eq!(m.peek(0xC800), 0xC0); // SHS: S = A & X = $F0, stores $F0 & $C9
    assert_eq!(m.peek(0xC107), 0xF0);
    // ARR #$F0 with A=$C3, C set: ($C0 >> 1) | $80 = $E0; C = bit 6, V = bit 6 ^ bit 5.
    assert_eq!(m.peek(0xC108), 0xE0);
    assert_eq!(m.peek(0xC109) & 0x41, 0x01);
    // DCP: $55 - 1 = $54, compared with A = $55: C set, Z clear.
    assert_eq!(m.peek(0xC10A), 0x54);
    assert_eq!(m.peek(0xC10B) & 0x03, 0x01);
}

#[test]
fn jsr_reads_its_high_byte_after_pushing() {
    // JSR $4321 at $00FE with S = 0: the return address' high byte ($01) goes to $0100,
    // the operand's high byte, before it is read: the CPU goes to $0121.
    let mut m = Machine::new();
    m.write(0x00FE, &[0x20, 0x21]);
    m.poke(0x0100, 0x43);
    m.write(0x0121, &[0xE6, 0xFB, 0x4C, 0x23, 0x01]); // INC $FB; JMP *
    m.write(0x4321, &[0xE6, 0xFC, 0x4C, 0x23, 0x43]);
    // Well away from any event, so the fast path would run it.
    m.run(5000);
    let r = m.regs();
    m.set_regs(Regs {
        pc: 0x00FE,
        sp: 0x00,
        p: 0x24,
        ..r
    });
    m.run(1000);
    assert_eq!((m.peek(0xFB), m.peek(0xFC)), (1, 0));
}

#[test]
fn jam_stops_the_run_or_the_cpu() {
    let mut m = Machine::new();
    program(
        &mut m,
        "        inc $fb\n        .byte $02\n        inc $fc\n        rts",
    );
    m.start_at(0xC000);
    assert_eq!(
        m.run(1000),
        Stop::Jam {
            pc: 0xC002,
            opcode: 0x02
        }
    );
    // Set to stop only the CPU: the machine runs on to its budget; no interrupt (the
    // jiffy timer's) gets the CPU going again.
    let mut m = Machine::new();
    program(
        &mut m,
        "        cli\n        .byte $12\n        inc $fc\n        rts",
    );
    m.set_jam_stops(false);
    m.start_at(0xC000);
    let before = m.cycles();
    assert_eq!(m.run(100_000), Stop::CycleLimit);
    assert!(m.cycles() >= before + 100_000);
    assert!(m.jammed());
    assert_eq!(m.peek(0xFC), 0);
    assert_eq!(m.regs().pc, 0xC001);
}

#[test]
fn the_ports_floating_bits_keep_their_charge_for_a_while() {
    // Bits 6 and 7 driven high, then made inputs: they read 1 until the charge leaks
    // away (about a third of a second), then 0. Bit 5 as an input reads 0, bit 4 1.
    let mut m = Machine::new();
    program(
        &mut m,
        "        lda #$ef\n        sta $00\n        lda #$f7\n        sta $01\n\
         lda #$0f\n        sta $00\n        lda $01\n        sta $fb\n        rts",
    );
    m.call(0xC000, 1000).unwrap();
    assert_eq!(m.peek(0xFB), 0xD7);
    m.write(0xC100, &[0x4C, 0x00, 0xC1]); // JMP *
    m.start_at(0xC100);
    m.run(300_000);
    program(&mut m, "        lda $01\n        sta $fc\n        rts");
    m.call(0xC000, 1000).unwrap();
    assert_eq!(m.peek(0xFC), 0xD7, "still charged");
    m.start_at(0xC100);
    m.run(100_000);
    m.call(0xC000, 1000).unwrap();
    assert_eq!(m.peek(0xFC), 0x17, "leaked away");
}

/// The cycle at which a handler of the stub KERNAL's IRQ path starts, for an IRQ the
/// CPU takes at the end of the instruction that ends at `boundary`.
fn handler_entry(boundary: u64) -> u64 {
    // Interrupt sequence 7; the stub IRQ entry: PHA TXA PHA TYA PHA TSX LDA abs,X AND #
    // BEQ (taken) JMP (ind) = 3+2+3+2+3+2+4+2+3+5.
    boundary + 7 + 3 + 2 + 3 + 2 + 3 + 2 + 4 + 2 + 3 + 5
}

#[test]
fn a_taken_branch_that_stays_in_its_page_polls_a_cycle_early() {
    // A chain of BEQ *+2 (3 cycles each, taken) while CIA 1's timer interrupts at a
    // cycle that moves over all three phases: the interrupt is taken after the first
    // branch whose opcode fetch comes at or after the line went low (not its operand
    // fetch, as for other instructions).
    let mut phases = std::collections::BTreeSet::new();
    for latch in 30u64..36 {
        let mut m = Machine::new();
        m.set_cia_model(c64emu::CiaModel::Mos6526);
        program(
            &mut m,
            &format!(
                "        sei\n        lda #$7f\n        sta $dc0d\n        lda $dc0d\n\
                 lda #<handler\n        sta $0314\n        lda #>handler\n        sta $0315\n\
                 lda #{latch}\n        sta $dc04\n        lda #0\n        sta $dc05\n\
                 lda #$81\n        sta $dc0d\n        cli\n\
                 start   lda #$19\n        sta $dc0e\n        lda #0\n\
                 chain   .fill 60, [$f0, $00]\n        jmp *\n\
                 handler jmp *"
            ),
        );
        m.start_at(0xC000);
        m.run_until("start", 10_000).unwrap();
        let at_start = m.cycles();
        let used = m.run_until("handler", 10_000).unwrap();
        // STA $DC0E writes in cycle start + 2 + 3; the timer (force load, one-shot)
        // underflows latch + 3 cycles later, the line (a 6526's) goes low one cycle after.
        let line_low = at_start + 5 + latch + 3 + 1;
        let first = at_start + 2 + 4 + 2; // the first BEQ
        let mut s = first;
        while s < line_low {
            s += 3;
        }
        phases.insert((line_low - first) % 3);
        assert_eq!(at_start + used, handler_entry(s + 3), "latch {latch}");
    }
    assert_eq!(phases.len(), 3);
}

/// The address the IRQ returned to (the stub KERNAL's entry pushed A, X, Y after the
/// CPU pushed PC and P), once the handler at $C800 (JMP *) runs.
fn irq_return(m: &Machine) -> u16 {
    let sp = u16::from(m.regs().sp);
    u16::from_le_bytes([m.peek(0x0105 + sp), m.peek(0x0106 + sp)])
}

#[test]
fn a_cli_halted_in_its_last_cycle_lets_a_waiting_irq_in_right_after_it() {
    // The raster interrupt (line $20) waits while I is set. CLI's I takes effect after
    // its poll, so the IRQ comes after the next instruction, unless the VIC halts CLI
    // in its dummy read: the poll, made again while RDY holds that cycle, sees I clear.
    // Bad line $33's BA goes low in cycle 3224: CLI at 3223 is halted (at 3221 not).
    for (nops, after) in [(1610, 1), (1609, 2)] {
        let mut m = Machine::new();
        let mut bytes = vec![0xEA; nops];
        bytes.extend([0xA5, 0xFB, 0x58]); // LDA $FB (3 cycles), CLI
        let cli = 0xC000 + bytes.len() as u16 - 1;
        bytes.extend([0xEA; 100]);
        m.load_raw(0xC000, &bytes).unwrap();
        m.load_raw(0xC800, &[0x4C, 0x00, 0xC8]).unwrap();
        m.load_raw(0x0314, &[0x00, 0xC8]).unwrap();
        m.poke_io(0xD012, 0x20);
        m.poke_io(0xD01A, 0x01);
        let r = m.regs();
        m.set_regs(Regs {
            pc: 0xC000,
            p: 0x24,
            ..r
        });
        assert_eq!(m.cycles(), 0);
        m.run(3400);
        assert_eq!(m.regs().pc, 0xC800, "{nops} NOPs");
        assert_eq!(irq_return(&m), cli + after, "{nops} NOPs");
    }
}
