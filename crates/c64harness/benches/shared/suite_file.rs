//! The test file of the `suite` benchmark: a table of 1,000 cases, each setting one
//! byte of a table and calling a routine of 111 cycles that sums it. Shared with the
//! test that holds docs/testing.md's speed figures to what they measure.

use std::fmt::Write as _;

/// Rows of the table of cases.
pub const CASES: usize = 1000;
/// Cycles of one call of `sum`, with its JSR and RTS.
pub const CYCLES: u64 = 111;

/// sum = table[0] + ... + table[9] (8 bits).
pub const PROGRAM: &str = "        * = $c000
sum     ldx #9
        lda #0
        clc
-       adc table,x
        dex
        bpl -
        sta result
        rts
table   .fill 10, 1
result  .byte 0
";

/// The test file: `sum.test.toml` beside `sum.asm`.
pub fn test_file() -> String {
    let mut t = format!(
        "[program]\nsource = \"sum.asm\"\n\n[[test]]\nname = \"sum with table+3 = {{v}}\"\n\
         mem = {{ \"table + 3\" = \"{{v}}\" }}\ncall = \"sum\"\nexpect.mem.result = \"{{s}}\"\n\
         expect.cycles = {CYCLES}\ncases = [\n"
    );
    for i in 0..CASES {
        let v = i % 200; // no carry out of the 8-bit sum
        let _ = writeln!(t, "    {{ v = {v}, s = {} }},", v + 9);
    }
    t.push_str("]\n");
    t
}

/// Writes `sum.asm` and `sum.test.toml` into `dir`; gives the test file's path.
pub fn write(dir: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("sum.asm"), PROGRAM)?;
    let path = dir.join("sum.test.toml");
    std::fs::write(&path, test_file())?;
    Ok(path)
}
