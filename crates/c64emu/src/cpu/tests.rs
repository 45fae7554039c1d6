//! The fast path and the sequencer agree: programs run both ways (every instruction
//! through the sequencer, or the fast path wherever the step loop uses it) make the same
//! I/O accesses at the same cycles and end in the same state.

use super::*;
use crate::machine::{Machine, Regs, Stop};
use mos6502::Variant;
use mos6502::instruction::{AddressingMode, Instruction, Nmos6502};

fn is_read_modify_write(i: Instruction) -> bool {
    use Instruction::*;
    matches!(
        i,
        ASL | LSR | ROL | ROR | INC | DEC | SLO | RLA | SRE | RRA | DCP | ISC
    )
}

#[test]
fn only_page_crossing_rmw_instructions_look_overcharged() {
    use AddressingMode::*;
    for op in 0..=255u8 {
        let Some((instr, mode)) = Nmos6502Table::decode(op) else {
            continue;
        };
        let base = u64::from(instr.base_cycles(mode));
        let len = 1 + mode.extra_bytes();
        let store = matches!(
            instr,
            Instruction::STA | Instruction::STX | Instruction::STY
        );
        let may_cross = matches!(mode, AbsoluteX | AbsoluteY | IndirectIndexedY) && !store;
        let branch = matches!(mode, Relative);
        let rmw = is_read_modify_write(instr);
        // Every cycle count the crate can charge for this opcode.
        let extra = if branch { 2 } else { u64::from(may_cross) };
        for spent in base..=base + extra {
            let crossed = rmw && may_cross && spent == base + 1;
            assert_eq!(
                rmw_crossing_overcharged(spent, len),
                crossed,
                "opcode ${op:02X} {instr:?} {mode:?} charged {spent}"
            );
        }
    }
    assert!(Nmos6502::decode(0xEA).is_some());
}

/// What a run leaves: the stop, registers, cycles, cycles stolen, the I/O accesses with
/// their cycles, and RAM.
type Outcome = (Stop, Regs, u64, u64, Vec<(u64, u16, u8, bool)>, Vec<u8>);

fn run(mut m: Machine, exact: bool, cycles: u64) -> Outcome {
    m.cpu.memory.force_exact = exact;
    m.cpu.memory.io_accesses = Some(Vec::new());
    let stop = m.run(cycles);
    let mut log = m.cpu.memory.io_accesses.take().unwrap_or_default();
    // The fast path does not make the dummy read of an index crossing from the open
    // expansion area ($DExx/$DFxx, nothing answers there) into ROM: no chip sees it.
    log.retain(|&(_, addr, _, write)| write || !(0xDE00..0xE000).contains(&addr));
    (
        stop,
        m.regs(),
        m.cycles(),
        m.stolen_cycles(),
        log,
        m.ram().to_vec(),
    )
}

fn assert_agree(m: Machine, cycles: u64, what: &str) {
    let fast = run(m.clone(), false, cycles);
    let exact = run(m, true, cycles);
    let (fl, el) = (&fast.4, &exact.4);
    if let Some(i) = (0..fl.len().min(el.len())).find(|&i| fl[i] != el[i]) {
        panic!(
            "{what}: I/O access {i} differs: fast {:?}, exact {:?}",
            fl[i], el[i]
        );
    }
    assert_eq!(fl.len(), el.len(), "{what}: I/O accesses");
    assert_eq!(fast.0, exact.0, "{what}: stop");
    assert_eq!(fast.1, exact.1, "{what}: registers");
    assert_eq!(fast.2, exact.2, "{what}: cycles");
    assert_eq!(fast.3, exact.3, "{what}: stolen cycles");
    assert!(fast.5 == exact.5, "{what}: RAM differs");
}

/// A program that keeps the chips busy: raster interrupts, a CIA 1 timer interrupt and a
/// CIA 2 timer NMI, the display on (bad lines) and four sprites (DMA), and a main loop of
/// instructions that read, write and read-modify-write I/O, cross pages into I/O, run in
/// decimal mode, use the undocumented opcodes, and switch interrupts on and off.
const BUSY: &str = r#"
        .cpu "6502i"
        * = $c000
        sei
        lda #$7f
        sta $dc0d
        sta $dd0d
        lda $dc0d
        lda $dd0d
        lda #<irq
        sta $0314
        lda #>irq
        sta $0315
        lda #<nmi
        sta $0318
        lda #>nmi
        sta $0319
        lda #$1b
        sta $d011
        lda #$80
        sta $d012
        lda #$01
        sta $d01a
        lda #$0f
        sta $d015
        ldx #7
-       lda #$70
        sta $d000,x
        dex
        dex
        bpl -
        lda #$7a
        sta $d001
        sta $d005
        lda #$e5
        sta $dc04
        lda #$03
        sta $dc05
        lda #$81
        sta $dc0d
        lda #$11
        sta $dc0e
        lda #$b9
        sta $dd04
        lda #$0b
        sta $dd05
        lda #$81
        sta $dd0d
        lda #$11
        sta $dd0e
        cli
loop    lda $d012
        ldx #$0e
        lda $dcff,x
        ldy #$20
        sta ($fb),y
        inc $d020
        dec $d020
        lda $d011
        beq +
+       beq +
+       lax $d012
        sax $c800
        dcp $c801
        isb $c802,x
        nop $dc04
        sed
        adc $d012
        sbc #$19
        rra $c803
        cld
        sei
        php
        cli
        plp
        cli
        lda #$ff
        sta $d019
        asl $d019
        ldx $dd04
        ldy #$f0
        lda $dc10,y
        sha $c900,y
        shx $c9f8,y
        jsr sub
        inc $fb
        jmp loop
sub     pha
        pla
        rts
irq     lda $dc0d
        asl $d019
        inc $fc
        jmp $ea81
nmi     pha
        lda $dd0d
        pla
        rti
"#;

#[test]
fn a_busy_program_runs_the_same_on_both_paths() {
    let p = c64asm::assemble_str("busy.asm", BUSY, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"));
    let mut m = Machine::new();
    m.load_prg(&p.prg_bytes()).unwrap();
    m.cpu.memory.poke_word(0xFB, 0xD800);
    m.start_at(0xC000);
    assert_agree(m, 400_000, "busy program");
}

use crate::test_rng::Rng;

/// An operand address that is often an I/O register, or an index away from one.
fn address(r: &mut Rng) -> u16 {
    match r.next() % 6 {
        0 => 0xD000 + r.next() as u16 % 0x30,
        1 => 0xDC00 + r.next() as u16 % 0x10,
        2 => 0xDD00 + r.next() as u16 % 0x10,
        3 => 0xDCF0 + r.next() as u16 % 0x10,
        4 => 0xC800 + r.next() as u16 % 0x200,
        _ => 0xD800 + r.next() as u16 % 0x400,
    }
}

#[test]
fn random_instructions_run_the_same_on_both_paths() {
    for seed in 1..=60u64 {
        let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut code = Vec::new();
        for _ in 0..48 {
            let op = loop {
                let op = r.byte();
                // Keep the program in its loop: no BRK, JAM, jumps or returns.
                let ok = match Nmos6502::decode(op) {
                    Some((i, _)) => !matches!(
                        i,
                        Instruction::BRK
                            | Instruction::JAM
                            | Instruction::JMP
                            | Instruction::JSR
                            | Instruction::RTS
                            | Instruction::RTI
                    ),
                    None => true,
                };
                if ok {
                    break op;
                }
            };
            code.push(op);
            let len = Nmos6502::decode(op).map_or(3, |(_, m)| 1 + m.extra_bytes());
            match (len, Nmos6502::decode(op)) {
                (3, _) => code.extend(address(&mut r).to_le_bytes()),
                (2, Some((_, AddressingMode::Relative))) => code.push(r.byte() & 0x07),
                (2, Some((_, AddressingMode::Immediate))) => code.push(r.byte()),
                // Zero page: pointers at $F0-$FF point at I/O.
                (2, _) => code.push(0xF0 | (r.byte() & 0x0E)),
                _ => {}
            }
        }
        code.extend([0x4C, 0x00, 0xC0]); // JMP $C000
        let mut m = Machine::new();
        m.load_raw(0xC000, &code).unwrap();
        for zp in (0xF0..0x100u16).step_by(2) {
            m.cpu.memory.poke_word(zp, address(&mut r));
        }
        // Sprites on the display (which is on: bad lines), so the VIC halts the CPU.
        m.cpu.memory.vic.set_reg(0x15, 0xFF, 0);
        for i in 0..8u8 {
            m.cpu.memory.vic.set_reg(2 * i + 1, 0x30 + 8 * i, 0);
        }
        m.set_regs(Regs {
            a: r.byte(),
            x: r.byte(),
            y: r.byte(),
            sp: 0xF0,
            pc: 0xC000,
            p: r.byte() & 0xCB,
        });
        assert_agree(m, 20_000, &format!("seed {seed}"));
    }
}

#[test]
fn decimal_arithmetic_runs_the_same_on_both_paths() {
    // ADC and SBC in every addressing mode in decimal mode, on operands in RAM and ROM
    // (the fast path takes their flags from the operand it looks at first) and, through
    // the pointers in zero page, in I/O and the port. Each result's flags are kept in RAM
    // ($CB00 on).
    let mut r = Rng(0x5DEE_CE66_D1CE_4E5B);
    let ops = [
        0x69, 0x65, 0x75, 0x6D, 0x7D, 0x79, 0x61, 0x71, // ADC
        0xE9, 0xE5, 0xF5, 0xED, 0xFD, 0xF9, 0xE1, 0xF1, // SBC
    ];
    let mut code = vec![0xF8]; // SED
    for i in 0..120u8 {
        let op = ops[usize::from(r.byte()) % ops.len()];
        code.push(op);
        match Nmos6502::decode(op).map(|(_, m)| m) {
            Some(AddressingMode::Immediate) => code.push(r.byte()),
            Some(
                AddressingMode::Absolute | AddressingMode::AbsoluteX | AddressingMode::AbsoluteY,
            ) => {
                let a = [0xC800, 0xE000, 0xA000, 0x0000, 0xDC04][usize::from(r.byte()) % 5]
                    + u16::from(r.byte());
                code.extend(a.to_le_bytes());
            }
            _ => code.push(r.byte()),
        }
        code.extend([0x08, 0x68, 0x8D, i, 0xCB]); // PHP, PLA, STA $CB00+i
        // New index registers, the carry either way.
        code.extend([0xA2, r.byte(), 0xA0, r.byte()]);
        code.push(if r.byte() & 1 == 0 { 0x18 } else { 0x38 });
    }
    let end = 0xC000 + code.len() as u16;
    code.extend([0x4C, end as u8, (end >> 8) as u8]); // JMP *
    let mut m = Machine::new();
    m.load_raw(0xC000, &code).unwrap();
    for a in 0x0002..0x0100u16 {
        m.cpu.memory.poke(a, r.byte());
    }
    for a in 0xC800..0xCA00u16 {
        m.cpu.memory.poke(a, r.byte());
    }
    m.set_regs(Regs {
        a: 0x45,
        x: 0,
        y: 0,
        sp: 0xF0,
        pc: 0xC000,
        p: 0x24,
    });
    assert_agree(m, 20_000, "decimal mode");
}
