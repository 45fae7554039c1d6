//! The asm sources themselves: every machine location is named once, in C64.asm, and
//! every routine has a header saying what it takes, gives and changes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::common::*;

/// The files of `asm/` and their lines.
fn sources() -> BTreeMap<String, Vec<String>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("asm");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("asm/ exists") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "asm") {
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).expect("readable");
            out.insert(name, text.lines().map(str::to_string).collect());
        }
    }
    assert!(out.len() >= 12, "asm/ has its files: {:?}", out.keys());
    out
}

/// The line without its comment (a `;` outside quotes).
fn code(line: &str) -> &str {
    let mut quoted = None;
    for (i, ch) in line.char_indices() {
        match (quoted, ch) {
            (None, '"' | '\'') => quoted = Some(ch),
            (Some(q), c) if c == q => quoted = None,
            (None, ';') => return &line[..i],
            _ => {}
        }
    }
    line
}

const MNEMONICS: &str = "adc and asl bcc bcs beq bit bmi bne bpl brk bvc bvs clc cld cli clv cmp \
    cpx cpy dec dex dey eor inc inx iny jmp jsr lda ldx ldy lsr nop ora pha php pla plp rol \
    ror rti rts sbc sec sed sei sta stx sty tax tay tsx txa txs tya";

/// (mnemonic, operand) of an instruction line.
fn instruction(line: &str) -> Option<(&str, &str)> {
    let text = code(line);
    if !text.starts_with([' ', '\t']) {
        return None;
    }
    let text = text.trim();
    let (mnemonic, operand) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    MNEMONICS
        .split_whitespace()
        .any(|m| m == mnemonic)
        .then(|| (mnemonic, operand.trim()))
}

/// Names defined with `name = value` or as labels at column 0 in a file.
fn definitions(lines: &[String]) -> BTreeSet<String> {
    lines
        .iter()
        .filter_map(|l| {
            let text = code(l);
            let name: String = text
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty() && !name.starts_with('_')).then_some(name)
        })
        .collect()
}

/// Whether an address belongs to the machine rather than to the program: the zero
/// page, the BASIC ROM, the I/O area and the KERNAL ROM.
fn machine_address(value: i64) -> bool {
    (0..0x100).contains(&value)
        || (0xA000..0xC000).contains(&value)
        || (0xD000..=0xFFFF).contains(&value)
}

#[test]
fn machine_locations_are_named_once_in_c64_asm() {
    let files = sources();
    let c64 = definitions(&files["C64.asm"]);
    assert!(
        files["C64.asm"].iter().all(|l| instruction(l).is_none()),
        "C64.asm only names things"
    );
    let mut problems = Vec::new();
    let mut used: BTreeMap<String, i64> = BTreeMap::new();
    for (file, lines) in &files {
        for (n, line) in lines.iter().enumerate() {
            let Some((_, operand)) = instruction(line) else {
                continue;
            };
            let operand = operand.trim_start_matches('(');
            if operand.is_empty() || operand.starts_with('#') || operand == "a" {
                continue;
            }
            let at = format!("{file}:{}: {}", n + 1, line.trim());
            if operand.starts_with(['$', '%']) || operand.starts_with(|c: char| c.is_ascii_digit())
            {
                problems.push(format!("{at}: a literal address"));
                continue;
            }
            let name: String = operand
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() || name.starts_with('_') {
                continue;
            }
            let Some(value) = program().symbol(&name) else {
                continue; // a macro parameter or a macro's own label
            };
            if machine_address(value) {
                if c64.contains(&name) {
                    used.insert(name, value);
                } else {
                    problems.push(format!(
                        "{at}: `{name}` = ${value:04X} is not named in C64.asm"
                    ));
                }
            }
        }
        if file != "C64.asm" {
            for name in definitions(lines).intersection(&c64) {
                problems.push(format!("{file}: `{name}` is also defined in C64.asm"));
            }
        }
    }
    // One name per location: no two names for the same address (pointers take two bytes).
    let mut by_value: BTreeMap<i64, &str> = BTreeMap::new();
    for (name, &value) in &used {
        let len = if name.starts_with("ptr") { 2 } else { 1 };
        for byte in value..value + len {
            if let Some(other) = by_value.insert(byte, name)
                && other != name.as_str()
            {
                problems.push(format!("${byte:04X} has two names: {other}, {name}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for name in [
        "chrout",
        "getin",
        "plot",
        "ptrTablero",
        "ptrAux",
        "relojJiffies",
        "vicBorde",
        "vicFondo",
    ] {
        assert!(used.contains_key(name), "{name} is used through its name");
    }
}

/// The comment block that documents `routine`, whose label is on line `at`: upwards
/// past blank lines, other labels, fields, constants, macro definitions and the
/// comments of those, to the first comment block that names the routine. Code met
/// first means there is no header.
fn header(lines: &[String], at: usize, routine: &str) -> Option<String> {
    let mut i = at;
    let mut in_macro = false;
    while i > 0 {
        i -= 1;
        let line = lines[i].trim_end();
        let text = code(line).trim();
        if in_macro {
            in_macro = !text.contains(".macro");
            continue;
        }
        if text == ".endm" {
            in_macro = true;
            continue;
        }
        if line.starts_with(';') {
            let mut j = i;
            while j > 0 && lines[j - 1].starts_with(';') {
                j -= 1;
            }
            let block = lines[j..=i].join("\n");
            if block.contains(&format!("{routine}:")) {
                return Some(block);
            }
            i = j;
            continue;
        }
        let data = [
            ".byte", ".fill", ".word", ".text", ".null", ".if", ".error", ".endif",
        ];
        let is_label = !line.starts_with([' ', '\t']) && !line.is_empty();
        if text.is_empty() || is_label || data.iter().any(|d| text.starts_with(d)) {
            continue;
        }
        return None; // code before any comment: no header
    }
    None
}

#[test]
fn every_routine_has_a_header() {
    let files = sources();
    let c64 = definitions(&files["C64.asm"]);
    // Routines: what the program calls with JSR, and the entries only tests, tools and
    // users call (juegaGatos and juegaRaton are called by the game too).
    let mut routines: BTreeSet<String> = ["inicio", "evaluaTablero", "pintaJugadasRaton", "juego"]
        .map(String::from)
        .into();
    for lines in files.values() {
        for line in lines {
            if let Some(("jsr", target)) = instruction(line)
                && !target.starts_with('_')
                && !c64.contains(target)
            {
                routines.insert(target.to_string());
            }
        }
    }
    assert!(routines.len() > 75, "{} routines", routines.len());
    let mut problems = Vec::new();
    for routine in &routines {
        let found = files.iter().find_map(|(file, lines)| {
            lines
                .iter()
                .position(|l| code(l).trim_end() == routine)
                .map(|at| (file, lines, at))
        });
        let Some((file, lines, at)) = found else {
            problems.push(format!("{routine}: no definition found"));
            continue;
        };
        let Some(text) = header(lines, at, routine) else {
            problems.push(format!("{file}: {routine} has no header"));
            continue;
        };
        let says = |words: &[&str]| words.iter().any(|w| text.contains(w));
        if !says(&["In:"]) || !says(&["Out:"]) || !says(&["Changes", "Preserves", "Keeps"]) {
            problems.push(format!(
                "{file}: {routine}'s header lacks In:, Out: or the registers it changes"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
