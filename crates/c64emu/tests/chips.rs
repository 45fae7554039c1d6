//! CIA timers and their interrupts through the whole machine (the exact cycle an IRQ
//! or NMI arrives), timer B cascading, the SID's voice 3 random numbers, joysticks,
//! and what the CPU sees in I/O.
use c64emu::{CiaModel, Machine, joy};

/// Assemble `body` at $C000 and load it.
fn program(m: &mut Machine, body: &str) -> c64asm::Program {
    let src = format!("        * = $c000\n{body}\n");
    let p = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
    m.set_symbols(p.address_labels());
    p
}

#[test]
fn a_started_timer_reads_latch_minus_one_four_cycles_later() {
    let mut m = Machine::new();
    program(
        &mut m,
        "        lda #100\n        sta $dc04\n        lda #0\n        sta $dc05\n\
         lda #$19\n        sta $dc0e\n        lda $dc04\n        sta $fb\n\
         lda $dc04\n        sta $fc\n        rts",
    );
    // (CIA 1's jiffy timer is running; the one-shot start with force load reloads it.)
    m.call(0xC000, 1000).unwrap();
    // STA $DC0E writes on its 4th cycle (w); LDA $DC04 reads on its 4th (w+4): the
    // counter was loaded at w+2, waited at w+3 and counted once. The next read is 3 +
    // 4 cycles later (STA $FB, LDA $DC04).
    assert_eq!(m.peek(0xFB), 99);
    assert_eq!(m.peek(0xFC), 92);
}

/// The cycle at which the CPU takes an IRQ asserted at `line_low`, when the program is
/// a loop of `JMP *` (3 cycles) whose first instruction starts at `loop_start`.
fn first_boundary_after(loop_start: u64, line_low: u64) -> u64 {
    let mut s = loop_start;
    while s < line_low + 2 {
        s += 3;
    }
    s
}

/// The cycle the CPU reaches the IRQ handler with timer A (latch 202) started at
/// label `start`, and the cycle of that start.
fn timer_interrupt_cycles(model: CiaModel) -> (u64, u64) {
    let mut m = Machine::new();
    m.set_cia_model(model);
    program(
        &mut m,
        "        sei\n        lda #$7f\n        sta $dc0d\n        lda $dc0d\n\
         lda #<handler\n        sta $0314\n        lda #>handler\n        sta $0315\n\
         lda #202\n        sta $dc04\n        lda #0\n        sta $dc05\n\
         lda #$81\n        sta $dc0d\n\
         start   lda #$11\n        sta $dc0e\n        cli\n\
         spin    jmp spin\n\
         handler lda $dc0d\n        jmp $ea81",
    );
    m.start_at(0xC000);
    m.run_until("start", 1000).unwrap();
    let at_start = m.cycles();
    let used = m.run_until("handler", 100_000).unwrap();
    (at_start, at_start + used)
}

#[test]
fn the_timer_interrupt_arrives_on_the_predicted_cycle_for_each_cia_model() {
    // The 6526A pulls the line low on the underflow cycle, the 6526 one cycle later.
    for (model, delay) in [(CiaModel::Mos6526A, 0), (CiaModel::Mos6526, 1)] {
        let (at_start, handler) = timer_interrupt_cycles(model);
        // LDA #$11 (2), STA $DC0E writes on its 4th cycle: w = start + 2 + 3.
        let w = at_start + 5;
        let underflow = w + 3 + 202;
        let line_low = underflow + delay;
        let spin = at_start + 2 + 4 + 2; // after CLI
        let taken = first_boundary_after(spin, line_low);
        // Interrupt sequence 7; the stub IRQ entry: PHA TXA PHA TYA PHA TSX LDA abs,X
        // AND # BEQ (taken) JMP (ind) = 3+2+3+2+3+2+4+2+3+5.
        let entry = 7 + 3 + 2 + 3 + 2 + 3 + 2 + 4 + 2 + 3 + 5;
        assert_eq!(handler, taken + entry, "{model:?}");
    }
    // With this latch the cycle of difference moves the interrupt past one more JMP.
    let new = timer_interrupt_cycles(CiaModel::Mos6526A);
    let old = timer_interrupt_cycles(CiaModel::Mos6526);
    assert_eq!(old.1 - old.0, new.1 - new.0 + 3);
}

#[test]
fn an_irq_sampled_low_is_taken_even_when_the_instructions_icr_read_releases_it() {
    // One-shot timer A, latch 4: the underflow comes 7 cycles after STA $DC0E writes,
    // on the third cycle of the second LDA $DC0D, whose read (the fourth) releases
    // the line. The 6526A pulled it low on the underflow cycle, in time for the CPU's
    // interrupt sample: the IRQ comes before INC $FB. The 6526 pulls it low on the
    // read's cycle: too late, and the read acknowledges it.
    for (model, handler_saw) in [(CiaModel::Mos6526A, Some(0)), (CiaModel::Mos6526, None)] {
        let mut m = Machine::new();
        m.set_cia_model(model);
        program(
            &mut m,
            "        sei\n        lda #<handler\n        sta $0314\n        lda #>handler\n\
             sta $0315\n        lda #$7f\n        sta $dc0d\n        lda $dc0d\n\
             lda #$81\n        sta $dc0d\n        lda #4\n        sta $dc04\n\
             lda #0\n        sta $dc05\n        sta $fb\n        sta $fd\n        cli\n\
             lda #$19\n        sta $dc0e\n        lda $dc0d\n        lda $dc0d\n\
             inc $fb\n        sei\n        rts\n\
             handler lda $fb\n        sta $fc\n        inc $fd\n        jmp $ea81",
        );
        m.call(0xC000, 10_000).unwrap();
        let saw = (m.peek(0xFD) == 1).then(|| m.peek(0xFC));
        assert_eq!(saw, handler_saw, "{model:?}");
        assert!(m.peek(0xFD) <= 1);
    }
}

#[test]
fn cli_lets_a_pending_interrupt_in_after_one_more_instruction() {
    let mut m = Machine::new();
    // With interrupts off, wait past the jiffy timer's first underflow (cycle 16421),
    // so its interrupt is pending; then CLI.
    program(
        &mut m,
        "        sei\n        lda #<handler\n        sta $0314\n        lda #>handler\n        sta $0315\n\
         ldy #16\n-       ldx #0\n-       dex\n        bne -\n        dey\n        bne --\n\
         cli\n        inc $fb\n        inc $fc\n        jmp *\n\
         handler lda $fb\n        sta $fd\n        lda $fc\n        sta $fe\n        jmp *",
    );
    m.start_at(0xC000);
    m.run_until("handler", 200_000).unwrap();
    m.run(50);
    // INC $FB ran after CLI before the interrupt; INC $FC did not.
    assert_eq!((m.peek(0xFD), m.peek(0xFE)), (1, 0));
}

#[test]
fn cia2_interrupts_are_nmis() {
    let mut m = Machine::new();
    program(
        &mut m,
        "        sei\n        lda #<handler\n        sta $0318\n        lda #>handler\n        sta $0319\n\
         lda #50\n        sta $dd04\n        lda #0\n        sta $dd05\n\
         lda #$81\n        sta $dd0d\n        lda #$11\n        sta $dd0e\n\
         spin    jmp spin\n\
         handler lda $dd0d\n        sta $fb\n        jmp *",
    );
    m.start_at(0xC000);
    m.run_until("handler", 10_000)
        .expect("NMI with interrupts disabled");
    m.run(100);
    assert_eq!(m.peek(0xFB), 0x81);
}

#[test]
fn reading_cia2s_icr_on_the_cycle_its_line_falls_still_gives_the_nmi() {
    // One-shot timer A; the LDA $DD0D reads on the cycle the line goes low (latch 1 on
    // the 6526, whose line falls a cycle after the underflow; latch 2 on the 6526A).
    // The read releases the line at once, but NMI is edge-triggered: the edge counts.
    for (model, latch) in [(CiaModel::Mos6526, 1), (CiaModel::Mos6526A, 2)] {
        let mut m = Machine::new();
        m.set_cia_model(model);
        program(
            &mut m,
            &format!(
                "        sei\n        lda #<handler\n        sta $0318\n        lda #>handler\n\
                 sta $0319\n        lda #$7f\n        sta $dd0d\n        lda #$81\n\
                 sta $dd0d\n        bit $dd0d\n        lda #{latch}\n        sta $dd04\n\
                 lda #0\n        sta $dd05\n        sta $fb\n        lda #$09\n\
                 sta $dd0e\n        lda $dd0d\n        sta $fc\n        rts\n\
                 handler inc $fb\n        rti"
            ),
        );
        m.call(0xC000, 1000).unwrap();
        assert_eq!(m.peek(0xFC), 0x81, "{model:?}: the read saw the interrupt");
        assert_eq!(m.peek(0xFB), 1, "{model:?}: and the NMI came");
    }
}

#[test]
fn timer_b_counts_timer_a_underflows() {
    let mut m = Machine::new();
    program(
        &mut m,
        "        sei\n        lda #$7f\n        sta $dc0d\n\
         lda #99\n        sta $dc04\n        lda #0\n        sta $dc05\n\
         lda #10\n        sta $dc06\n        lda #0\n        sta $dc07\n\
         lda #$51\n        sta $dc0f\n        lda #$11\n        sta $dc0e\n\
         wait    lda $dc0d\n        and #2\n        beq wait\n        rts",
    );
    let r = m.call(0xC000, 100_000).unwrap();
    // STA $DC0E writes at cycle 43 of the routine: timer A underflows at 43 + 3 + 99
    // = 145 and every 100 cycles after. Timer B counts each two cycles later, reads 0
    // after the tenth and underflows a cycle after the eleventh (1146). The loop reads
    // the ICR at 47 + 9k: the first read to see it is at 1154; AND, BEQ, RTS end at
    // 1165, and `call` adds its 6 cycles.
    assert_eq!(r.cycles, 1171);
}

#[test]
fn voice_3_noise_gives_random_numbers() {
    let mut m = Machine::new();
    program(
        &mut m,
        "        lda #$ff\n        sta $d40e\n        sta $d40f\n        lda #$80\n        sta $d412\n\
         ldx #0\n-       lda $d41b\n        sta $c100,x\n        nop\n        nop\n        inx\n        bne -\n        rts",
    );
    m.call(0xC000, 100_000).unwrap();
    let values = m.read(0xC100, 256);
    let distinct: std::collections::BTreeSet<u8> = values.iter().copied().collect();
    assert!(distinct.len() > 64, "{} distinct values", distinct.len());
}

#[test]
fn joysticks_pull_the_cia1_port_lines() {
    let mut m = Machine::new();
    m.set_joystick(2, joy::UP | joy::FIRE);
    m.set_joystick(1, joy::LEFT);
    assert_eq!(m.peek_banked(0xDC00) & 0x1F, 0x1F & !(joy::UP | joy::FIRE));
    assert_eq!(m.peek_banked(0xDC01) & 0x1F, 0x1F & !joy::LEFT);
    m.set_joystick(2, 0);
    assert_eq!(m.peek_banked(0xDC00) & 0x1F, 0x1F);
}

#[test]
fn typed_joystick_tokens_reach_a_program_polling_the_port() {
    let mut m = Machine::new();
    // Wait for fire on port 2, then for its release; count frames of right held.
    program(
        &mut m,
        "        sei\n-       lda $dc00\n        and #$10\n        bne -\n\
         -       lda $dc00\n        and #$10\n        beq -\n\
         -       lda $dc00\n        and #$08\n        bne -\n        inc $fb\n        rts",
    );
    m.type_keys("{JOY2:FIRE}{JOY2:RELEASE}{JOY2:RIGHT}");
    m.call(0xC000, 1_000_000)
        .expect("sees fire, release, right");
    assert_eq!(m.peek(0xFB), 1);
    assert_eq!(m.keys_pending(), 0);
}

#[test]
fn the_cpu_sees_colour_ram_and_io_registers() {
    let mut m = Machine::new();
    let under = m.peek(0xD800);
    m.set_color_ram(0, 5);
    assert_eq!(m.peek_banked(0xD800), 5);
    assert_eq!(m.peek_banked(0xD020) & 0x0F, 14);
    assert_eq!(m.peek(0xD800), under, "the RAM underneath");
    // Banked out ($01 = $34): RAM everywhere.
    m.poke(0xD020, 0x42);
    program(&mut m, "        lda #$34\n        sta $01\n        rts");
    m.call(0xC000, 100).unwrap();
    assert_eq!(m.peek_banked(0xD020), 0x42);
}

#[test]
fn the_debug_cartridge_ends_the_run_with_the_value_written() {
    let body = "        lda #$2a\n        sta $d7ff\n        inc $fb\n        jmp *";
    let mut m = Machine::new();
    program(&mut m, body);
    m.set_debugcart(true);
    m.start_at(0xC000);
    assert_eq!(m.run(10_000), c64emu::Stop::DebugCart(0x2A));
    // The run ends after the store, before the next instruction.
    assert_eq!(m.peek(0xFB), 0);
    assert_eq!(
        c64emu::Stop::DebugCart(0xFF).to_string(),
        "debug cartridge: $FF written to $D7FF"
    );

    // Without the cartridge $D7FF is a SID mirror: the program goes on.
    let mut m = Machine::new();
    program(&mut m, body);
    m.start_at(0xC000);
    assert_eq!(m.run(10_000), c64emu::Stop::CycleLimit);
    assert_eq!(m.peek(0xFB), 1);
}

#[test]
fn open_io_reads_what_the_vic_read_in_the_cycles_first_half() {
    // Nothing answers at $DE00-$DFFF: the data bus keeps the VIC's phi1 byte. Below
    // the last text row (line $FB on: idle state) the VIC reads $3FFF, $3Fxx (refresh)
    // or the sprite pointers at $07F8-$07FF: all $A5 here, so every cycle gives it.
    let mut m = Machine::new();
    for a in (0x3F00..=0x3FFF).chain(0x07F8..=0x07FF) {
        m.poke(a, 0xA5);
    }
    program(
        &mut m,
        "-       lda $d012\n        cmp #$fc\n        bne -\n\
         lda $de00\n        sta $fb\n        lda $dfa0\n        sta $fc\n\
         ldx #$10\n        lda $deef,x\n        sta $fd\n        rts",
    );
    m.call(0xC000, 100_000).unwrap();
    assert_eq!(
        (m.peek(0xFB), m.peek(0xFC), m.peek(0xFD)),
        (0xA5, 0xA5, 0xA5)
    );
    // A different byte at $3FFF shows in the idle reads.
    let mut m = Machine::new();
    program(
        &mut m,
        "-       lda $d012\n        cmp #$fc\n        bne -\n\
         ldx #0\n-       lda $de00\n        sta $c100,x\n        inx\n        bne -\n        rts",
    );
    m.poke(0x3FFF, 0x3C);
    m.call(0xC000, 100_000).unwrap();
    assert!(m.read(0xC100, 256).contains(&0x3C));
}
