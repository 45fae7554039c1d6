//! The model on instruction sequences, with what 64tass 1.58 says of them
//! (each checked with `64tass -Woptimize`).

use super::bits::{Bits, Known};
use super::{Advice, Optimizer, SeenAs};
use crate::cpu::Cpu;

/// Feed `code` (instructions' bytes, one after another from $1000) to a
/// fresh model: what it says of each.
fn advice(cpu: Cpu, code: &[&[u8]]) -> Vec<Option<Advice>> {
    let mut o = Optimizer::default();
    let mut pc = 0x1000;
    code.iter()
        .map(|bytes| {
            let adr = bytes[1..]
                .iter()
                .rev()
                .fold(0u32, |a, &b| a << 8 | b as u32);
            let said = o.instruction(cpu, bytes[0], adr, bytes.len() as i32 - 1, pc);
            pc += bytes.len() as u32;
            said
        })
        .collect()
}

const UNCHANGED: Option<Advice> = Some(Advice::Redundant("as it does not change anything"));

#[test]
fn a_load_of_what_a_register_holds_changes_nothing() {
    // lda #1 / lda #1 / ldx #1 / ldx #2
    let said = advice(
        Cpu::M6502,
        &[&[0xa9, 1], &[0xa9, 1], &[0xa2, 1], &[0xa2, 2]],
    );
    assert_eq!(said[1], UNCHANGED);
    assert_eq!(said[2], Some(Advice::Shorter("tax")));
    assert_eq!(said[3], Some(Advice::Shorter("inx")));
}

#[test]
fn a_branch_not_taken_teaches_the_bits_behind_the_flag() {
    // lda $12 / bne +1 / lda #0: falling through, A was 0.
    let said = advice(Cpu::M6502, &[&[0xa5, 0x12], &[0xd0, 0x02], &[0xa9, 0]]);
    assert_eq!(said, [None, None, UNCHANGED]);
}

#[test]
fn an_unknown_and_its_opposite_stay_linked_only_while_held() {
    // lda $12 / eor #$ff / tax / eor #$ff / eor #$ff / txa: 64tass has
    // forgotten that the third eor's result is the first's by then.
    let said = advice(
        Cpu::M6502,
        &[
            &[0xa5, 0x12],
            &[0x49, 0xff],
            &[0xaa],
            &[0x49, 0xff],
            &[0x49, 0xff],
            &[0x8a],
        ],
    );
    assert_eq!(said, [None; 6]);
}

#[test]
fn flags_already_set_and_a_jsr_before_rts() {
    // sec / sec / jsr $2000 / rts
    let said = advice(
        Cpu::M6502,
        &[&[0x38], &[0x38], &[0x20, 0x00, 0x20], &[0x60]],
    );
    assert_eq!(said[1], Some(Advice::Redundant("as flag is already set")));
    assert_eq!(
        said[3],
        Some(Advice::Redundant("if last 'jsr' is changed to 'jmp'"))
    );
}

#[test]
fn the_65c02_stores_zero_with_stz() {
    // lda #0 / sta $12
    let said = advice(Cpu::M65C02, &[&[0xa9, 0], &[0x85, 0x12]]);
    assert_eq!(said[1], Some(Advice::Simpler("stz")));
    assert_eq!(advice(Cpu::M6502, &[&[0xa9, 0], &[0x85, 0x12]])[1], None);
}

#[test]
fn a_break_in_the_program_counter_starts_afresh() {
    let mut o = Optimizer::default();
    assert_eq!(o.instruction(Cpu::M6502, 0xa9, 1, 1, 0x1000), None);
    assert_eq!(o.instruction(Cpu::M6502, 0xa9, 1, 1, 0x2000), None);
    assert_eq!(o.instruction(Cpu::M6502, 0xa9, 1, 1, 0x2002), UNCHANGED);
}

#[test]
fn a_turned_around_branch_is_seen_as_written_and_its_jump_as_a_nop() {
    // lda #0 / bne far (beq *+5 / jmp far) / lda #0: the bne can't be taken.
    let mut o = Optimizer::default();
    o.instruction(Cpu::M6502, 0xa9, 0, 1, 0x1000);
    o.see_as(SeenAs::Opcode(0xd0));
    let said = o.instruction(Cpu::M6502, 0xf0, 3, 1, 0x1002);
    assert_eq!(
        said,
        Some(Advice::Redundant("as the condition is never met"))
    );
    o.see_as(SeenAs::Opcode(0xea));
    assert_eq!(o.instruction(Cpu::M6502, 0x4c, 0x2000, 2, 0x1004), None);
    o.see_as(SeenAs::Itself);
    assert_eq!(o.instruction(Cpu::M6502, 0xa9, 0, 1, 0x1007), UNCHANGED);
}

#[test]
fn the_65816_is_not_followed() {
    let said = advice(Cpu::M65816, &[&[0xa9, 1], &[0xa9, 1]]);
    assert_eq!(said, [None, None]);
}

#[test]
fn bits_combine_by_identity() {
    let mut b = Bits::default();
    let u = b.unknown();
    let not_u = b.opposite(u);
    assert_eq!(b.opposite(u), not_u, "the same opposite while linked");
    let x = b.xor(u, not_u);
    assert_eq!(b.value(x), Known::One);
    let y = b.and(u, not_u);
    assert_eq!(b.value(y), Known::Zero);
    let (sum, carry) = b.add(u, u, not_u);
    assert_eq!((sum, carry), (not_u, u), "u + u + !u: !u carrying u");
    b.learn(u, Known::One);
    assert_eq!(
        b.value(not_u),
        Known::Zero,
        "learning a bit teaches its opposite"
    );
}
