//! c64kit started as `64tass` prints what 64tass 1.58 prints: every source in
//! crates/c64asm/tests/data/compare and compare/refused, with each flag set
//! of its first line (`; 64tass: FLAGS | FLAGS`), is assembled by both, each
//! in the source's directory with the source named as it is there, and
//! standard output, standard error and the exit status compared byte for
//! byte. The cases in [`KNOWN`] differ in what a message says or whether the
//! assembler reports it at all (the assembler's business, not the layout's):
//! each is listed with its cause. Skipped, with a message, when 64tass is not
//! installed.

#![cfg(unix)]

mod cli_support;
#[path = "../crates/c64asm/tests/compare_flags/mod.rs"]
mod compare_flags;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cli_support::{TempDir, tass_installed};
use compare_flags::flag_sets;

// Why a case still differs: the assembler reports other messages (the
// layout of those it reports is 64tass's). Listed in docs/assembler.md.
/// The macro calls a message names in "In file included from" lines: a
/// warning found after the call (`-Wunused` of a structure's fields, of a
/// variable set again in a call) with or without the call, a note's chain,
/// and the line a `-Wshadow` read in an expansion shows (the file's or the
/// expanded one).
const CALL_PLACES: &str = "call places";
/// `-Wunused` warnings (found at the end) in another order.
const ORDER: &str = "order of messages";
/// c64asm settles in another number of passes (`Passes:`).
const PASSES: &str = "passes";

/// Cases that still differ, with why: `dir/file [flags]` as a failure names them.
const KNOWN: &[(&str, &str)] = &[
    (
        "compare/immediate_warning_struct_members.asm [-a -Wall -Wimmediate -Wunused]",
        CALL_PLACES,
    ),
    ("compare/label_data_read_ahead.asm [-a -L]", PASSES),
    (
        "compare/shadow_in_changed_macro_line.asm [-a -Wall -C]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_in_changed_macro_line.asm [-a -Wshadow]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_macro_defined_by_each_layout.asm [-a -Wall]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_macro_defined_by_each_layout.asm [-a -Wshadow]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_variable_read_in_loop.asm [-a -Wall]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_variable_read_in_loop.asm [-a -Wshadow]",
        CALL_PLACES,
    ),
    (
        "compare/unused_fields_of_each_instance.asm [-a -Wunused]",
        CALL_PLACES,
    ),
    (
        "compare/unused_once_per_place.asm [-a -C -Wall -Wunused]",
        ORDER,
    ),
    ("compare/unused_once_per_place.asm [-a -C -Wunused]", ORDER),
    (
        "compare/unused_once_per_place.asm [-a -Wunused-label]",
        ORDER,
    ),
    (
        "compare/unused_variable_set_again_in_loop.asm [-a -Wall -Wunused]",
        CALL_PLACES,
    ),
    (
        "compare/unused_variable_set_again_in_loop.asm [-a -Wunused-variable]",
        CALL_PLACES,
    ),
    ("compare/warn_unused.asm [-a -C -Wunused]", ORDER),
    (
        "compare/warn_unused.asm [-a -Wunused-label -Wunused-const]",
        ORDER,
    ),
    (
        "compare/shadow_builtin_defined_by_segment_call.asm [-Wshadow]",
        CALL_PLACES,
    ),
    (
        "compare/shadow_builtin_defined_by_segment_call.asm [-C -Wall]",
        CALL_PLACES,
    ),
];

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("comparison sources")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    files.sort();
    files
}

/// One run: the command line after the program's name, in the source's
/// directory; the output files go to `out` (the same names for both).
fn run(program: &Path, src: &Path, flags: &[String], out: &Path) -> Output {
    let mut args: Vec<String> = Vec::new();
    for f in flags {
        match f.as_str() {
            // A listing needs a file; it is not compared here.
            "-L" => args.extend(["-L".into(), out.join("x.lst").display().to_string()]),
            _ => args.push(f.clone()),
        }
    }
    Command::new(program)
        .current_dir(src.parent().unwrap())
        .args(&args)
        .arg(src.file_name().unwrap())
        .arg("-o")
        .arg(out.join("x.prg"))
        .output()
        .expect("run 64tass")
}

/// Whether 64tass, run again on the same source, gives other output than
/// `first` (its order of some messages follows heap addresses, so two runs
/// may agree by chance: up to eight more are made, stopping at the first
/// that differs).
fn tass_varies(src: &Path, flags: &[String], out: &Path, first: &Output) -> bool {
    (0..8).any(|_| run(Path::new("64tass"), src, flags, out) != *first)
}

fn show(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn messages_and_summary_are_64tass_byte_for_byte() {
    if !tass_installed() {
        eprintln!("64tass is not installed: the comparison with it is skipped");
        return;
    }
    let dir = TempDir::new("as-64tass-messages");
    let link = dir.link_as_64tass();
    let out = dir.path("out");
    std::fs::create_dir_all(&out).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/c64asm/tests/data/compare");
    let mut files = sources(&data);
    files.extend(sources(&data.join("refused")));
    let (mut same, mut known, mut varies, mut failures) = (0, 0, 0, Vec::new());
    for src in &files {
        let text = std::fs::read_to_string(src).unwrap_or_default();
        for flags in flag_sets(&text) {
            let theirs = run(Path::new("64tass"), src, &flags, &out);
            let ours = run(&link, src, &flags, &out);
            let parent = src.parent().unwrap().file_name().unwrap();
            let name = format!(
                "{}/{} [{}]",
                parent.to_string_lossy(),
                src.file_name().unwrap().to_string_lossy(),
                flags.join(" ")
            );
            let equal = theirs.stdout == ours.stdout
                && theirs.stderr == ours.stderr
                && theirs.status.code() == ours.status.code();
            if equal {
                same += 1;
                // Kept strict: a listed case that became identical is taken off.
                if KNOWN.iter().any(|(case, _)| *case == name) {
                    failures.push(format!("listed as differing, now identical: {name}"));
                }
            } else if KNOWN.iter().any(|(case, _)| *case == name) {
                known += 1;
            } else if tass_varies(src, &flags, &out, &theirs) {
                // 64tass's own order varies from run to run here (scopes kept
                // by their address: unnamed ones, macro calls' labels).
                varies += 1;
            } else {
                failures.push(format!(
                    "{name}\n=== 64tass\n{}=== c64kit as 64tass\n{}",
                    show(&theirs),
                    show(&ours)
                ));
            }
        }
    }
    eprintln!(
        "{same} identical, {known} known differences, {varies} varying in 64tass, {} other differences",
        failures.len()
    );
    // The differences first: the count alone would hide which run it was.
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The figure docs/assembler.md gives.
    assert!(same + varies >= 770, "{same} identical");
}

/// A source that never settles: 64tass stops after its 21st pass with
/// "too many passes" about no place (its own name) and counts 22 passes
/// (the one it counts before testing the limit); c64kit as `64tass` too.
#[test]
fn too_many_passes_as_64tass_gives_it() {
    let dir = TempDir::new("as-64tass-passes");
    let link = dir.link_as_64tass();
    let src = dir.write(
        "never.asm",
        "* = $f0\n lda lbl\n .fill lbl < $100 ? 20 : 0\nlbl nop\n",
    );
    let out = dir.path("out");
    std::fs::create_dir_all(&out).unwrap();
    let ours = run(&link, &src, &["-a".into()], &out);
    let stdout = String::from_utf8_lossy(&ours.stdout);
    let stderr = String::from_utf8_lossy(&ours.stderr);
    assert!(
        stdout.ends_with("Error messages:    2\nPasses:            22\n"),
        "{stdout}"
    );
    assert!(
        stderr.ends_with("\n ^\n64tass: fatal error: too many passes\n"),
        "{stderr}"
    );
    if tass_installed() {
        let theirs = run(Path::new("64tass"), &src, &["-a".into()], &out);
        assert_eq!(show(&theirs), show(&ours));
    }
}
