//! The 65C02 family as 64tass 1.58 assembles it: every new opcode and
//! addressing mode, the R65C02's bit instructions and the W65C02's `stp` and
//! `wai`, and the undocumented NMOS opcodes, each assembled for every
//! processor. The table's bytes are 64tass 1.58's (`None`: 64tass rejects
//! the line; `Some(&[])`: a word alone that the processor doesn't know is a
//! label, as in 64tass). Runs without 64tass; `compare_64tass` checks the
//! same ground against the installed 64tass, listings included.

use c64asm::{Cpu, Options, assemble_str};

const CPUS: [Cpu; 5] = [
    Cpu::M6502,
    Cpu::M6502i,
    Cpu::M65C02,
    Cpu::R65C02,
    Cpu::W65C02,
];

type Row = (&'static str, [Option<&'static [u8]>; 5]);

/// One line at `$1000`, for 6502, 6502i, 65c02, r65c02, w65c02 (64tass's
/// `--m65xx`, `-i`, `--m65c02`, `--mr65c02`, `--mw65c02`).
#[rustfmt::skip]
const TABLE: &[Row] = &[
    ("lda ($12)", [None, None, Some(&[0xb2, 0x12]), Some(&[0xb2, 0x12]), Some(&[0xb2, 0x12])]),
    ("sta ($12)", [None, None, Some(&[0x92, 0x12]), Some(&[0x92, 0x12]), Some(&[0x92, 0x12])]),
    ("adc ($12)", [None, None, Some(&[0x72, 0x12]), Some(&[0x72, 0x12]), Some(&[0x72, 0x12])]),
    ("and ($12)", [None, None, Some(&[0x32, 0x12]), Some(&[0x32, 0x12]), Some(&[0x32, 0x12])]),
    ("cmp ($12)", [None, None, Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12])]),
    ("cpa ($12)", [None, None, Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12])]),
    ("eor ($12)", [None, None, Some(&[0x52, 0x12]), Some(&[0x52, 0x12]), Some(&[0x52, 0x12])]),
    ("ora ($12)", [None, None, Some(&[0x12, 0x12]), Some(&[0x12, 0x12]), Some(&[0x12, 0x12])]),
    ("sbc ($12)", [None, None, Some(&[0xf2, 0x12]), Some(&[0xf2, 0x12]), Some(&[0xf2, 0x12])]),
    ("lda ($1234)", [None, None, None, None, None]),
    ("jmp ($1234,x)", [None, None, Some(&[0x7c, 0x34, 0x12]), Some(&[0x7c, 0x34, 0x12]), Some(&[0x7c, 0x34, 0x12])]),
    ("jmp ($12,x)", [None, None, Some(&[0x7c, 0x12, 0x00]), Some(&[0x7c, 0x12, 0x00]), Some(&[0x7c, 0x12, 0x00])]),
    ("jmp ($1234)", [Some(&[0x6c, 0x34, 0x12]), Some(&[0x6c, 0x34, 0x12]), Some(&[0x6c, 0x34, 0x12]), Some(&[0x6c, 0x34, 0x12]), Some(&[0x6c, 0x34, 0x12])]),
    ("jmp ($12)", [Some(&[0x6c, 0x12, 0x00]), Some(&[0x6c, 0x12, 0x00]), Some(&[0x6c, 0x12, 0x00]), Some(&[0x6c, 0x12, 0x00]), Some(&[0x6c, 0x12, 0x00])]),
    ("bit #$12", [None, None, Some(&[0x89, 0x12]), Some(&[0x89, 0x12]), Some(&[0x89, 0x12])]),
    ("bit $12,x", [None, None, Some(&[0x34, 0x12]), Some(&[0x34, 0x12]), Some(&[0x34, 0x12])]),
    ("bit $1234,x", [None, None, Some(&[0x3c, 0x34, 0x12]), Some(&[0x3c, 0x34, 0x12]), Some(&[0x3c, 0x34, 0x12])]),
    ("bit $12", [Some(&[0x24, 0x12]), Some(&[0x24, 0x12]), Some(&[0x24, 0x12]), Some(&[0x24, 0x12]), Some(&[0x24, 0x12])]),
    ("inc a", [None, None, Some(&[0x1a]), Some(&[0x1a]), Some(&[0x1a])]),
    ("dec a", [None, None, Some(&[0x3a]), Some(&[0x3a]), Some(&[0x3a])]),
    ("inc", [None, None, None, None, None]),
    ("ina", [Some(&[]), Some(&[]), Some(&[0x1a]), Some(&[0x1a]), Some(&[0x1a])]),
    ("dea", [Some(&[]), Some(&[]), Some(&[0x3a]), Some(&[0x3a]), Some(&[0x3a])]),
    ("phx", [Some(&[]), Some(&[]), Some(&[0xda]), Some(&[0xda]), Some(&[0xda])]),
    ("phy", [Some(&[]), Some(&[]), Some(&[0x5a]), Some(&[0x5a]), Some(&[0x5a])]),
    ("plx", [Some(&[]), Some(&[]), Some(&[0xfa]), Some(&[0xfa]), Some(&[0xfa])]),
    ("ply", [Some(&[]), Some(&[]), Some(&[0x7a]), Some(&[0x7a]), Some(&[0x7a])]),
    ("stz $12", [None, None, Some(&[0x64, 0x12]), Some(&[0x64, 0x12]), Some(&[0x64, 0x12])]),
    ("stz $12,x", [None, None, Some(&[0x74, 0x12]), Some(&[0x74, 0x12]), Some(&[0x74, 0x12])]),
    ("stz $1234", [None, None, Some(&[0x9c, 0x34, 0x12]), Some(&[0x9c, 0x34, 0x12]), Some(&[0x9c, 0x34, 0x12])]),
    ("stz $1234,x", [None, None, Some(&[0x9e, 0x34, 0x12]), Some(&[0x9e, 0x34, 0x12]), Some(&[0x9e, 0x34, 0x12])]),
    ("clr $1234,x", [None, None, Some(&[0x9e, 0x34, 0x12]), Some(&[0x9e, 0x34, 0x12]), Some(&[0x9e, 0x34, 0x12])]),
    ("trb $12", [None, None, Some(&[0x14, 0x12]), Some(&[0x14, 0x12]), Some(&[0x14, 0x12])]),
    ("trb $1234", [None, None, Some(&[0x1c, 0x34, 0x12]), Some(&[0x1c, 0x34, 0x12]), Some(&[0x1c, 0x34, 0x12])]),
    ("tsb $12", [None, None, Some(&[0x04, 0x12]), Some(&[0x04, 0x12]), Some(&[0x04, 0x12])]),
    ("tsb $1234", [None, None, Some(&[0x0c, 0x34, 0x12]), Some(&[0x0c, 0x34, 0x12]), Some(&[0x0c, 0x34, 0x12])]),
    ("bra *+$12", [None, None, Some(&[0x80, 0x10]), Some(&[0x80, 0x10]), Some(&[0x80, 0x10])]),
    ("bra *-$10", [None, None, Some(&[0x80, 0xee]), Some(&[0x80, 0xee]), Some(&[0x80, 0xee])]),
    ("gra *+3", [None, None, Some(&[0x80, 0x01]), Some(&[0x82]), Some(&[0x82])]),
    ("gra *+2", [None, None, Some(&[]), Some(&[]), Some(&[])]),
    ("gra *+$1000", [None, None, Some(&[0x4c, 0x00, 0x20]), Some(&[0x4c, 0x00, 0x20]), Some(&[0x4c, 0x00, 0x20])]),
    ("nop", [Some(&[0xea]), Some(&[0xea]), Some(&[0xea]), Some(&[0xea]), Some(&[0xea])]),
    ("nop #$12", [None, Some(&[0x80, 0x12]), None, Some(&[0x82, 0x12]), Some(&[0x82, 0x12])]),
    ("nop $12", [None, Some(&[0x04, 0x12]), None, Some(&[0x44, 0x12]), Some(&[0x44, 0x12])]),
    ("nop $12,x", [None, Some(&[0x14, 0x12]), None, Some(&[0x54, 0x12]), Some(&[0x54, 0x12])]),
    ("nop $1234", [None, Some(&[0x0c, 0x34, 0x12]), None, Some(&[0xdc, 0x34, 0x12]), Some(&[0xdc, 0x34, 0x12])]),
    ("nop $1234,x", [None, Some(&[0x1c, 0x34, 0x12]), None, None, None]),
    ("rmb 0,$12", [None, None, None, Some(&[0x07, 0x12]), Some(&[0x07, 0x12])]),
    ("rmb 5,$12", [None, None, None, Some(&[0x57, 0x12]), Some(&[0x57, 0x12])]),
    ("smb 7,$12", [None, None, None, Some(&[0xf7, 0x12]), Some(&[0xf7, 0x12])]),
    ("smb 2,$34", [None, None, None, Some(&[0xa7, 0x34]), Some(&[0xa7, 0x34])]),
    ("bbr 0,$12,*+3", [None, None, None, Some(&[0x0f, 0x12, 0x00]), Some(&[0x0f, 0x12, 0x00])]),
    ("bbr 6,$12,*-$10", [None, None, None, Some(&[0x6f, 0x12, 0xed]), Some(&[0x6f, 0x12, 0xed])]),
    ("bbs 1,$12,*+$20", [None, None, None, Some(&[0x9f, 0x12, 0x1d]), Some(&[0x9f, 0x12, 0x1d])]),
    ("bbs 7,$fe,*", [None, None, None, Some(&[0xff, 0xfe, 0xfd]), Some(&[0xff, 0xfe, 0xfd])]),
    ("bbr 0,$12,#3", [None, None, None, Some(&[0x0f, 0x12, 0x03]), Some(&[0x0f, 0x12, 0x03])]),
    ("stp", [Some(&[]), Some(&[]), Some(&[]), Some(&[]), Some(&[0xdb])]),
    ("hlt", [Some(&[]), Some(&[]), Some(&[]), Some(&[]), Some(&[0xdb])]),
    ("wai", [Some(&[]), Some(&[]), Some(&[]), Some(&[]), Some(&[0xcb])]),
    ("lax $12", [None, Some(&[0xa7, 0x12]), None, None, None]),
    ("dcp $1234,x", [None, Some(&[0xdf, 0x34, 0x12]), None, None, None]),
    ("anc #1", [None, Some(&[0x0b, 0x01]), None, None, None]),
    ("jam", [Some(&[]), Some(&[0x02]), Some(&[]), Some(&[]), Some(&[])]),
    ("brk #1", [Some(&[0x00, 0x01]), Some(&[0x00, 0x01]), Some(&[0x00, 0x01]), Some(&[0x00, 0x01]), Some(&[0x00, 0x01])]),
    ("bbs 0,$12,#-3", [None, None, None, Some(&[0x8f, 0x12, 0xfd]), Some(&[0x8f, 0x12, 0xfd])]),
    ("gra @b *+10", [None, None, Some(&[0x80, 0x08]), Some(&[0x80, 0x08]), Some(&[0x80, 0x08])]),
    ("gra @w *+10", [None, None, Some(&[0x4c, 0x0a, 0x10]), Some(&[0x4c, 0x0a, 0x10]), Some(&[0x4c, 0x0a, 0x10])]),
    ("clr $12", [None, None, Some(&[0x64, 0x12]), Some(&[0x64, 0x12]), Some(&[0x64, 0x12])]),
    ("cpa ($12)", [None, None, Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12]), Some(&[0xd2, 0x12])]),
    ("shl", [Some(&[0x0a]), Some(&[0x0a]), Some(&[0x0a]), Some(&[0x0a]), Some(&[0x0a])]),
    ("inc x", [Some(&[0xe8]), Some(&[0xe8]), Some(&[0xe8]), Some(&[0xe8]), Some(&[0xe8])]),
];

fn assemble(source: &str, cpu: Cpu) -> Result<Vec<u8>, String> {
    let opts = Options {
        cpu,
        ..Options::default()
    };
    match assemble_str("t.asm", source, &opts) {
        // No bytes: no load address either.
        Ok(p) => Ok(p.prg_bytes().get(2..).unwrap_or_default().to_vec()),
        Err(d) => Err(d.to_string()),
    }
}

#[test]
fn every_line_assembles_as_64tass_does_on_every_processor() {
    let mut failures = Vec::new();
    for (line, expected) in TABLE {
        for (cpu, want) in CPUS.iter().zip(expected) {
            let got = assemble(&format!("* = $1000\n {line}\n"), *cpu);
            let ok = match (want, &got) {
                (Some(w), Ok(g)) => w == g,
                (None, Err(_)) => true,
                _ => false,
            };
            if !ok {
                failures.push(format!(
                    "{cpu:?} `{line}`: 64tass {want:02x?}, ours {got:02x?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `.cpu` selects the processor from the source, `"default"` the one the
/// options gave; the names are 64tass's, in lower case only.
#[test]
fn cpu_directive_switches_tables() {
    let src = "* = $1000\n .cpu \"65c02\"\n stz $12\n .cpu \"r65c02\"\n smb 1,$12\n \
               .cpu \"w65c02\"\n wai\n .cpu \"6502i\"\n lax $12\n .cpu \"default\"\n lda ($12)\n";
    assert_eq!(
        assemble(src, Cpu::M65C02).unwrap(),
        [0x64, 0x12, 0x97, 0x12, 0xcb, 0xa7, 0x12, 0xb2, 0x12]
    );
    // The default 6502 has no `(zp)`.
    assert!(assemble(src, Cpu::M6502).is_err());
    let upper = assemble("* = $1000\n .cpu \"65C02\"\n", Cpu::M6502).unwrap_err();
    assert!(upper.contains("unknown processor '65C02'"), "{upper}");
}

/// `-B` on the 65C02: `bra` that does not reach becomes a `jmp` (not one
/// to share); `bbr`/`bbs` go to a `jmp` to the same place in reach, else
/// test the opposite over a `jmp` of their own: the form 64tass's manual
/// shows, which 64tass 1.58 itself rejects ("no 3 operand addressing mode
/// for opcode 'jmp'").
#[test]
fn long_branches_on_the_65c02() {
    let opts = Options {
        cpu: Cpu::R65C02,
        long_branch: true,
        ..Options::default()
    };
    let src = "* = $1000\n bra far\n bcc far\n bbs 1,23,far\n* = $2000\nfar rts\n";
    let p = assemble_str("t.asm", src, &opts).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        p.prg_bytes()[2..13],
        [
            0x4c, 0x00, 0x20, // bra far: jmp far
            0xb0, 0x03, 0x4c, 0x00, 0x20, // bcc far: bcs over jmp far
            0x9f, 0x17, 0xfa, // bbs 1,23,far: to the jmp above
        ]
    );
    let src = "* = $1000\n bbs 1,23,far\n* = $2000\nfar rts\n";
    let p = assemble_str("t.asm", src, &opts).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(p.prg_bytes()[2..8], [0x1f, 0x17, 0x03, 0x4c, 0x00, 0x20]);
}

/// `jmp ($xxff)` reads its high byte from `$xx00` on the NMOS 6502 only.
#[test]
fn jmp_bug_warning_is_nmos_only() {
    for (cpu, warns) in [
        (Cpu::M6502, true),
        (Cpu::M6502i, true),
        (Cpu::M65C02, false),
    ] {
        let opts = Options {
            cpu,
            ..Options::default()
        };
        let p = assemble_str("t.asm", "* = $1000\n jmp ($12ff)\n", &opts).unwrap();
        let n = p.warnings.warnings().count();
        assert_eq!(n > 0, warns, "{cpu:?}");
    }
}

/// The listing disassembles each line for its processor.
#[test]
fn listing_shows_65c02_instructions() {
    let opts = Options {
        cpu: Cpu::W65C02,
        ..Options::default()
    };
    let src = "* = $1000\nl lda ($12)\n bbr 3,$12,l\n ina\n gra *+3\n nop\n stp\n .cpu \"6502i\"\n nop #1\n";
    let p = assemble_str("t.asm", src, &opts).unwrap();
    let listing = p.listing();
    for row in [
        ".1000\tb2 12\t\tlda ($12)\tl lda ($12)",
        ".1002\t3f 12 fb\tbbr 3,$12,$1000\t bbr 3,$12,l",
        ".1005\t1a\t\tinc a\t\t ina",
        ".1006\t82\t\tnop #\t\t gra *+3",
        ".1008\tdb\t\tstp\t\t stp",
        ".1009\t80 01\t\tnop #$01\t nop #1",
    ] {
        assert!(listing.contains(row), "no {row:?} in\n{listing}");
    }
}
