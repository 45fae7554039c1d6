//! docs/harness.md's complete example, run as a test (and checked to be the doc's).

use c64emu::Stop;
use c64harness::{Build, Harness};

/// The program under test. In a real project this is a file: `c64asm::assemble("asm/x.asm")`.
/// c64asm follows `64tass --ascii`: lowercase text prints as the C64's uppercase letters.
const SOURCE: &str = r#"
chrout  = $ffd2
getin   = $ffe4
        * = $0801
        .word end, 10           ; 10 SYS 2061
        .byte $9e
        .text "2061"
        .byte 0
end     .word 0

start   lda #$93                ; clear the screen
        jsr chrout
        ldx #0
banner  lda text,x
        beq ask
        jsr chrout
        inx
        bne banner
ask     jsr getin               ; wait for a key
        beq ask
        sta key
        jsr chrout              ; echo it
        jsr double
        rts

; value := value * 2, carry out in C
double  lda value
        asl a
        sta value
        rts

key     .byte 0
value   .byte 21
text    .text "press a key: ", 0
"#;

/// A fresh machine with the program loaded and its labels known (a `Harness` derefs
/// to `c64emu::Machine`).
fn machine() -> Harness {
    let options = c64asm::Options {
        ascii: true,
        ..Default::default()
    }; // 64tass -a
    let program = c64asm::assemble_str("doubler.asm", SOURCE, &options)
        .unwrap_or_else(|d| panic!("does not assemble:\n{d}"));
    let mut m = Build::from_program("doubler.asm", program)
        .machine()
        .expect("loads");
    m.set_strict(true); // report reads of ROM over RAM the program wrote
    m
}

#[test]
fn double_is_a_function_of_ram() {
    let mut m = machine();
    let value = m.resolve("value").unwrap();
    m.poke(value, 100);
    let r = m.call("double", 1_000).expect("returns");
    assert_eq!(m.peek(value), 200);
    assert_eq!(r.regs.a, 200);
    assert_eq!(r.regs.p & 0x01, 0, "no carry out");
    assert_eq!(r.cycles, 6 + 4 + 2 + 4 + 6); // JSR, LDA abs, ASL A, STA abs, RTS
}

#[test]
fn the_program_prints_its_prompt_and_reads_a_key() {
    let mut m = machine();
    assert_eq!(m.autostart().unwrap(), 2061); // as RUN would
    m.run_until("ask", 100_000).expect("gets to the prompt");
    assert_eq!(m.screen_line(0), "PRESS A KEY:");
    m.type_keys("x");
    assert_eq!(m.run(100_000), Stop::ReturnedToBasic);
    assert_eq!(m.screen_line(0), "PRESS A KEY: X");
    assert_eq!(m.peek(m.resolve("key").unwrap()), b'X');
    assert_eq!(m.peek(m.resolve("value").unwrap()), 42);
    assert_eq!(m.screen_colors()[0], 14); // light blue, the start-up colour
    assert!(m.strict_violations().is_empty());
}

#[test]
fn snapshots_explore_alternatives() {
    let mut m = machine();
    m.autostart().unwrap();
    m.run_until("ask", 100_000).unwrap();
    let at_prompt = m.snapshot(); // the whole machine, ~70 KiB
    for (key, shown) in [("a", "A"), ("1", "1")] {
        m.restore(&at_prompt);
        m.type_keys(key);
        assert_eq!(m.run(100_000), Stop::ReturnedToBasic);
        assert!(m.screen_line(0).ends_with(shown));
    }
}

#[test]
fn failures_are_values() {
    let mut m = machine();
    m.autostart().unwrap();
    // No key typed: the program spins in GETIN until the budget runs out.
    assert_eq!(m.run(50_000), Stop::CycleLimit);
    assert!(m.waiting_for_input());
    assert_eq!(
        m.call("nowhere", 100),
        Err(Stop::UnknownTarget("nowhere".into()))
    );
}
// ---- above: docs/harness.md's complete example, word for word ----

#[test]
fn docs_harness_md_shows_the_example_above() {
    let this =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/harness_doc.rs"))
            .unwrap();
    let start = this.find("use ").unwrap();
    let example = &this[start..this.find("// ---- above:").unwrap()];
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/harness.md")).unwrap();
    assert!(
        doc.contains(&format!("```rust\n{example}```")),
        "docs/harness.md's example differs from tests/harness_doc.rs"
    );
}
