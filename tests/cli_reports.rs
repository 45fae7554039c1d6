//! `c64kit run --coverage / --profile / --flamegraph / --trace` with source places, and
//! the files `build` writes (`--source-map`, VICE labels) read back by `run`.
mod cli_support;

use std::path::PathBuf;
use std::process::{Command, Output};

use cli_support::TempDir;

const PROGRAM: &str = "\
sid_volume = $d418
        * = $0801
        .word (+), 10
        .null $9e, format(\"%d\", start)
+       .word 0
start   lda #15
        sta sid_volume
        ldx #3
_loop   jsr twice
        dex
        bne _loop
        lda #\"A\"
        jsr $ffd2
        rts
twice   inc counter
        rts
never   rts
counter .byte 0
";

/// A fresh directory holding t.asm (removed when it drops).
fn project(name: &str) -> TempDir {
    let dir = TempDir::new(&format!("reports-{name}"));
    dir.write("t.asm", PROGRAM);
    dir
}

fn c64kit(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .current_dir(dir)
        .args(args)
        .env_remove("DISPLAY")
        .output()
        .unwrap()
}

fn ok(o: &Output) -> (String, String) {
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{err}");
    (String::from_utf8_lossy(&o.stdout).into_owned(), err)
}

/// The run's cycle count from "returned to BASIC after N cycles".
fn cycles(stderr: &str) -> u64 {
    let tail = stderr.split(" after ").nth(1).expect("a stop line");
    tail.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn coverage_names_every_executed_line_and_nothing_else() {
    let tmp = project("cov");
    let dir = &tmp.0;
    ok(&c64kit(
        dir,
        &["run", "t.asm", "--headless", "--coverage", "t.lcov"],
    ));
    let lcov = std::fs::read_to_string(dir.join("t.lcov")).unwrap();
    let da: Vec<&str> = lcov.lines().filter(|l| l.starts_with("DA:")).collect();
    assert_eq!(
        da,
        [
            "DA:6,1", "DA:7,1", "DA:8,1", "DA:9,3", "DA:10,3", "DA:11,3", "DA:12,1", "DA:13,1",
            "DA:14,1", "DA:15,3", "DA:16,3", "DA:17,0"
        ],
        "{lcov}"
    );
    assert!(lcov.contains("FN:15,twice\nFNDA:3,twice\n"), "{lcov}");
    assert!(lcov.contains("BRDA:11,0,0,2\nBRDA:11,0,1,1\n"), "{lcov}");
    let sf = format!("SF:{}", dir.join("t.asm").canonicalize().unwrap().display());
    assert!(lcov.lines().any(|l| l == sf), "{lcov}");
}

#[test]
fn folded_stacks_add_up_to_the_run_and_the_table_and_svg_agree() {
    let tmp = project("prof");
    let dir = &tmp.0;
    let (_, err) = ok(&c64kit(
        dir,
        &[
            "run",
            "t.asm",
            "--headless",
            "--profile",
            "t.folded",
            "--flamegraph",
            "t.svg",
        ],
    ));
    let folded = std::fs::read_to_string(dir.join("t.folded")).unwrap();
    let sum: u64 = folded
        .lines()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, cycles(&err), "{folded}");
    assert!(folded.contains("start;twice 36\n"), "{folded}");
    assert!(folded.contains("start;CHROUT "), "{folded}");
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("twice"), "{svg}");
    let (table, err) = ok(&c64kit(
        dir,
        &["run", "t.asm", "--headless", "--profile", "-"],
    ));
    let total = cycles(&err);
    let first = table.lines().nth(1).unwrap();
    assert!(first.starts_with("start "), "{table}");
    assert!(first.ends_with("100.00"), "{table}");
    assert!(first.contains(&format!(" {total} ")), "{table}");
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("twice ") && l.contains(" 3 ")),
        "{table}"
    );
}

#[test]
fn trace_lines_name_place_and_operands() {
    let tmp = project("trace");
    let dir = &tmp.0;
    ok(&c64kit(
        dir,
        &["run", "t.asm", "--headless", "--trace", "t.trace"],
    ));
    let trace = std::fs::read_to_string(dir.join("t.trace")).unwrap();
    let sta = trace.lines().find(|l| l.starts_with("080F")).unwrap();
    assert!(sta.contains("STA sid_volume"), "{sta}");
    assert!(sta.ends_with("; start+2 t.asm:7"), "{sta}");
    let inc = trace.lines().find(|l| l.contains("INC counter")).unwrap();
    assert!(inc.ends_with("; twice t.asm:15"), "{inc}");
}

#[test]
fn a_trace_named_dash_goes_to_standard_output_alone() {
    let tmp = project("trace-stdout");
    let dir = &tmp.0;
    let (out, _) = ok(&c64kit(
        dir,
        &["run", "t.asm", "--headless", "--trace", "-"],
    ));
    let sta = out.lines().find(|l| l.starts_with("080F")).unwrap();
    assert!(sta.ends_with("; start+2 t.asm:7"), "{sta}");
    assert!(!dir.join("-").exists(), "a file named - was written");
    // Two outputs can't share standard output.
    let both = c64kit(
        dir,
        &[
            "run",
            "t.asm",
            "--headless",
            "--trace",
            "-",
            "--profile",
            "-",
        ],
    );
    assert!(!both.status.success());
    let err = String::from_utf8_lossy(&both.stderr);
    assert!(
        err.contains("--profile -") && err.contains("--trace"),
        "{err}"
    );
}

#[test]
fn a_prg_runs_with_the_label_file_and_source_map_build_wrote() {
    let tmp = project("prg");
    let dir = &tmp.0;
    ok(&c64kit(
        dir,
        &[
            "build",
            "t.asm",
            "-o",
            "t.prg",
            "--vice-labels",
            "-l",
            "t.labels",
            "--source-map",
            "t.map",
        ],
    ));
    let labels = std::fs::read_to_string(dir.join("t.labels")).unwrap();
    assert!(labels.contains(".start:_loop"), "{labels}");
    // The scoped name as the assembler spells it, from the file 64tass's format wrote.
    let (_, err) = ok(&c64kit(
        dir,
        &[
            "run",
            "t.prg",
            "--headless",
            "--labels",
            "t.labels",
            "--until",
            "start._loop",
        ],
    ));
    assert!(err.starts_with("reached $0814 (start._loop)"), "{err}");
    ok(&c64kit(
        dir,
        &[
            "run",
            "t.prg",
            "--headless",
            "--labels",
            "t.labels",
            "--source-map",
            "t.map",
            "--coverage",
            "p.lcov",
            "--trace",
            "p.trace",
        ],
    ));
    ok(&c64kit(
        dir,
        &["run", "t.asm", "--headless", "--coverage", "a.lcov"],
    ));
    let from_prg = std::fs::read_to_string(dir.join("p.lcov")).unwrap();
    let from_asm = std::fs::read_to_string(dir.join("a.lcov")).unwrap();
    assert_eq!(from_prg, from_asm);
    let trace = std::fs::read_to_string(dir.join("p.trace")).unwrap();
    assert!(trace.contains("; twice t.asm:15"), "{trace}");
}

#[test]
fn coverage_of_a_prg_needs_its_source_map_and_bad_maps_are_clear() {
    let tmp = project("bad");
    let dir = &tmp.0;
    ok(&c64kit(dir, &["build", "t.asm", "-o", "t.prg"]));
    let o = c64kit(dir, &["run", "t.prg", "--headless", "--coverage", "x.lcov"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--source-map"));
    assert!(!dir.join("x.lcov").exists(), "nothing written");
    std::fs::write(
        dir.join("bad.map"),
        "# c64kit source map 2: x\nc000 zz code a:1:1\n",
    )
    .unwrap();
    let o = c64kit(
        dir,
        &["run", "t.prg", "--headless", "--source-map", "bad.map"],
    );
    assert_eq!(o.status.code(), Some(6));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.map: source map line 2: bad length"),
        "{err}"
    );
    std::fs::write(dir.join("bad.labels"), "al 0810 start\n").unwrap();
    let o = c64kit(
        dir,
        &["run", "t.prg", "--headless", "--labels", "bad.labels"],
    );
    assert_eq!(o.status.code(), Some(6));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.labels: label file line 1: a label name starts with '.'"),
        "{err}"
    );
}
