//! Every error kind: message, file:line:col, and the caret under the right
//! columns in the rendered output; all errors of a run are reported.

use c64asm::{Diagnostic, Diagnostics, Kind, Options, Severity, assemble_str, assemble_with};

fn fail(src: &str) -> Diagnostics {
    match assemble_str("t.asm", src, &Options::default()) {
        Ok(p) => panic!("expected an error, got {p:?}"),
        Err(d) => d,
    }
}

/// Column (1-based) and width of the caret drawn under the source line.
fn caret(rendered: &str, line: usize) -> (usize, usize) {
    let lines: Vec<&str> = rendered.lines().collect();
    let src_idx = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{line} |")))
        .unwrap_or_else(|| panic!("source line {line} not shown in:\n{rendered}"));
    let caret_line = lines[src_idx + 1..]
        .iter()
        .find(|l| l.contains('^'))
        .unwrap_or_else(|| panic!("no caret in:\n{rendered}"));
    let after_bar = &caret_line[caret_line.find('|').unwrap() + 2..];
    let col = after_bar.find('^').unwrap() + 1;
    let width = after_bar[col - 1..]
        .chars()
        .take_while(|&c| c == '^')
        .count();
    (col, width)
}

/// Assert the single error of `src`: its kind, message part, location and caret.
fn check(
    src: &str,
    kind: Kind,
    message: &str,
    line: usize,
    col: usize,
    width: usize,
) -> Diagnostic {
    let diags = fail(src);
    let errors: Vec<&Diagnostic> = diags.errors().collect();
    assert_eq!(errors.len(), 1, "expected one error, got:\n{diags}");
    let d = errors[0].clone();
    assert_eq!(d.kind, kind, "{diags}");
    assert!(
        d.message.contains(message),
        "message {:?} lacks {message:?}",
        d.message
    );
    assert_eq!(
        (d.file.as_str(), d.line, d.column),
        ("t.asm", line, col),
        "{diags}"
    );
    let rendered = diags.render();
    assert!(
        rendered.contains(&format!("t.asm:{line}:{col}")),
        "{rendered}"
    );
    assert_eq!(caret(&rendered, line), (col, width), "{rendered}");
    d
}

#[test]
fn unknown_mnemonic() {
    check(
        "* = $1000\n        ldq #1\n",
        Kind::UnknownMnemonic,
        "unknown mnemonic 'ldq'",
        2,
        9,
        3,
    );
    check(
        "* = $1000\nlabel   foo $12\n",
        Kind::UnknownMnemonic,
        "unknown mnemonic 'foo'",
        2,
        9,
        3,
    );
}

#[test]
fn addressing_mode_not_available() {
    check(
        "* = $1000\n        inx a\n",
        Kind::AddressingMode,
        "'inx' has no accumulator",
        2,
        13,
        1,
    );
    check(
        "* = $1000\n        sta #1\n",
        Kind::AddressingMode,
        "'sta' has no immediate",
        2,
        14,
        1,
    );
    check(
        "* = $1000\n        jmp ($12),y\n",
        Kind::AddressingMode,
        "'jmp' has no (indirect),y",
        2,
        14,
        3,
    );
    check(
        "* = $1000\n        lda ($12)\n",
        Kind::AddressingMode,
        "'lda' has no indirect",
        2,
        14,
        3,
    );
    check(
        "* = $1000\n        rts $12\n",
        Kind::AddressingMode,
        "'rts' cannot take an address",
        2,
        13,
        3,
    );
    check(
        "* = $1000\n        lda\n",
        Kind::AddressingMode,
        "'lda' needs an operand",
        2,
        9,
        3,
    );
}

#[test]
fn undefined_symbol() {
    check(
        "* = $1000\n        lda nothere\n",
        Kind::UndefinedSymbol,
        "undefined symbol 'nothere'",
        2,
        13,
        7,
    );
    check(
        "* = $1000\n        bne +\n",
        Kind::UndefinedSymbol,
        "no anonymous '+' label",
        2,
        13,
        1,
    );
    check(
        "* = $1000\ng1      nop\n_x      nop\ng2      jmp _x\n",
        Kind::UndefinedSymbol,
        "undefined symbol '_x'",
        4,
        13,
        2,
    );
}

#[test]
fn duplicate_label() {
    let d = check(
        "* = $1000\nstart   nop\n        nop\nstart   rts\n",
        Kind::DuplicateLabel,
        "duplicate definition of 'start'",
        4,
        1,
        5,
    );
    assert!(
        d.notes.iter().any(|n| n.contains("t.asm:2:1")),
        "{:?}",
        d.notes
    );
    check(
        "X = 1\nX = 2\n",
        Kind::DuplicateLabel,
        "duplicate definition of 'X'",
        2,
        1,
        1,
    );
}

#[test]
fn value_out_of_range() {
    check(
        "* = $1000\n        .byte 1, 256\n",
        Kind::ValueOutOfRange,
        "does not fit in a byte",
        2,
        18,
        3,
    );
    check(
        "* = $1000\n        lda #$1ff\n",
        Kind::ValueOutOfRange,
        "does not fit in a byte",
        2,
        14,
        4,
    );
    check(
        "* = $1000\n        .word $10000\n",
        Kind::ValueOutOfRange,
        "does not fit in a word",
        2,
        15,
        6,
    );
    check(
        "* = $1000\n        lda ($1234),y\n",
        Kind::ValueOutOfRange,
        "not in the zero page",
        2,
        14,
        5,
    );
    check(
        "* = $1000\n        stx $1234,y\n",
        Kind::ValueOutOfRange,
        "zero-page address",
        2,
        13,
        5,
    );
    check(
        "* = $10000\n",
        Kind::ValueOutOfRange,
        "outside $0000-$FFFF",
        1,
        5,
        6,
    );
}

#[test]
fn branch_out_of_range_reports_the_distance() {
    let d = check(
        "* = $1000\n        bne *+130\n",
        Kind::BranchOutOfRange,
        "out of range by +1 bytes",
        2,
        13,
        5,
    );
    assert!(d.message.contains("distance 128"), "{}", d.message);
    let d = check(
        "* = $1000\n        beq *-127\n",
        Kind::BranchOutOfRange,
        "by -1 bytes",
        2,
        13,
        5,
    );
    assert!(d.message.contains("distance -129"), "{}", d.message);
    // The limits themselves are fine.
    assert!(
        assemble_str(
            "t.asm",
            "* = $1000\n bne *+129\n bne *-126\n",
            &Options::default()
        )
        .is_ok()
    );
}

#[test]
fn include_not_found_shows_the_include_chain() {
    let dir = std::env::temp_dir().join(format!("c64asm-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("main.asm"),
        "* = $1000\n        nop\n        .include \"mid.asm\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("mid.asm"),
        "        nop\n        .include \"gone.asm\"\n",
    )
    .unwrap();
    let diags = assemble_with(dir.join("main.asm"), &Options::default()).unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    let d = diags.errors().next().unwrap();
    assert_eq!(d.kind, Kind::IncludeNotFound);
    assert!(
        d.message.contains("\"gone.asm\" not found"),
        "{}",
        d.message
    );
    assert!(d.file.ends_with("mid.asm"));
    assert_eq!((d.line, d.column), (2, 18));
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("included from") && n.contains("main.asm:3:18")),
        "{:?}",
        d.notes
    );
    assert!(diags.render().contains("^^^^^^^^^^"), "{diags}");
}

#[test]
fn binary_not_found() {
    check(
        "* = $1000\n        .binary \"nope.bin\"\n",
        Kind::IncludeNotFound,
        "binary file \"nope.bin\" not found",
        2,
        17,
        10,
    );
}

#[test]
fn macro_misuse() {
    check(
        "* = $1000\nm       .macro a, b\n        .byte \\a, \\b\n        .endm\n        #m 1\n",
        Kind::MacroMisuse,
        "uses argument 2 ('b') but the call does not supply it",
        5,
        9,
        4,
    );
    check(
        "* = $1000\n        #nosuch 1\n",
        Kind::MacroMisuse,
        "unknown macro 'nosuch'",
        2,
        9,
        7,
    );
    check(
        "* = $1000\n        .endm\n",
        Kind::MacroMisuse,
        "'.endm' without '.macro'",
        2,
        9,
        5,
    );
    check(
        "* = $1000\nm       .macro\n        nop\n",
        Kind::MacroMisuse,
        "no matching .endm",
        2,
        1,
        1,
    );
    check(
        "* = $1000\n        .nosuch 1\n",
        Kind::UnknownDirective,
        "unknown directive or macro '.nosuch'",
        2,
        9,
        7,
    );
}

#[test]
fn recursive_macro_is_stopped() {
    let diags =
        fail("* = $1000\nr       .macro\n        nop\n        #r\n        .endm\n        #r\n");
    assert!(
        diags
            .errors()
            .any(|d| d.kind == Kind::MacroMisuse && d.message.contains("nested too deeply")),
        "{diags}"
    );
}

#[test]
fn overwriting_bytes_is_a_warning() {
    let p = assemble_str(
        "t.asm",
        "* = $1000\n        .byte 1, 2, 3\n* = $1001\n        .byte 9\n",
        &Options::default(),
    )
    .unwrap();
    assert_eq!(p.image, [1, 9, 3]);
    let w: Vec<_> = p.warnings.iter().collect();
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].severity, w[0].kind, w[0].line, w[0].column),
        (Severity::Warning, Kind::Overlap, 4, 15)
    );
    assert!(w[0].message.contains("$1001"));
}

#[test]
fn address_past_ffff() {
    check(
        "* = $fffe\n        .byte 1, 2, 3\n",
        Kind::AddressOverflow,
        "past address $FFFF",
        2,
        21,
        1,
    );
    check(
        "* = $fff0\n        .fill 32\n",
        Kind::AddressOverflow,
        "past address $FFFF",
        2,
        15,
        2,
    );
    // Ending exactly at $FFFF is fine.
    let p = assemble_str("t.asm", "* = $fffe\n .byte 1, 2\n", &Options::default()).unwrap();
    assert_eq!(p.prg_bytes(), [0xfe, 0xff, 1, 2]);
}

#[test]
fn undocumented_opcodes_need_the_option() {
    check(
        "* = $1000\n        lax #1\n",
        Kind::IllegalOpcode,
        "undocumented opcode",
        2,
        9,
        3,
    );
    check(
        "* = $1000\n        nop #1\n",
        Kind::IllegalOpcode,
        "undocumented opcode",
        2,
        9,
        3,
    );
    let opts = Options {
        cpu: c64asm::Cpu::M6502i,
        ..Default::default()
    };
    assert_eq!(
        assemble_str("t.asm", "* = $1000\n lax #1\n", &opts)
            .unwrap()
            .image,
        [0xab, 1]
    );
}

#[test]
fn other_errors() {
    check(
        "* = $1000\n        .byte 1/0\n",
        Kind::DivisionByZero,
        "division by zero",
        2,
        15,
        3,
    );
    check(
        "* = $1000\n        lda (1+2\n",
        Kind::Syntax,
        "expected ')'",
        2,
        17,
        1,
    );
    check(
        "* = $1000\n        .error \"custom \", 42\n",
        Kind::UserError,
        "custom 42",
        2,
        9,
        6,
    );
    check(
        "* = $1000\n        .text \"a^b\"\n",
        Kind::Encoding,
        "can't encode character '^'",
        2,
        17,
        1,
    );
    check(
        "* = $1000\n        .if 1\n        nop\n",
        Kind::ConditionalMismatch,
        "without matching '.endif'",
        2,
        9,
        5,
    );
    check(
        "* = $1000\n        .cpu \"z80\"\n",
        Kind::Syntax,
        "unsupported cpu",
        2,
        14,
        5,
    );
}

#[test]
fn warn_directive_is_a_warning() {
    let p = assemble_str(
        "t.asm",
        "* = $1000\n .warn \"careful\"\n nop\n",
        &Options::default(),
    )
    .unwrap();
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings.iter().next().unwrap().kind, Kind::UserWarning);
    assert!(!p.warnings.has_errors());
}

#[test]
fn all_errors_of_a_run_are_reported() {
    let diags = fail("* = $1000\n ldq #1\n lda #300\n lda missing\n bne $2000\n .byte 999\n");
    let kinds: Vec<Kind> = diags.errors().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        [
            Kind::UnknownMnemonic,
            Kind::ValueOutOfRange,
            Kind::UndefinedSymbol,
            Kind::BranchOutOfRange,
            Kind::ValueOutOfRange
        ]
    );
    let lines: Vec<usize> = diags.errors().map(|d| d.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6]);
    assert_eq!(diags.render().matches("error:").count(), 5);
}

#[test]
fn errors_inside_macros_name_the_call() {
    let diags =
        fail("* = $1000\nm       .macro\n        lda #\\1\n        .endm\n        #m 300\n");
    let d = diags.errors().next().unwrap();
    assert_eq!(d.kind, Kind::ValueOutOfRange);
    assert_eq!(d.line, 3, "reported on the macro body line");
    assert!(
        d.notes.iter().any(|n| n.contains("t.asm:5:9")),
        "{:?}",
        d.notes
    );
}
