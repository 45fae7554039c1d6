//! `c64kit test`: RYG's test files pass and give reports CI accepts (JUnit XML valid
//! against the Ant schema, LCOV genhtml reads); a failure shows the expectation, both
//! values, a caret at the line that asked and the last instructions; bad files are
//! reported with file:line:col and a caret; reports are all written or none, never
//! over an input.

mod cli_support;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::{ROOT, TempDir, both, c64kit, text};

/// A small program with one routine of each kind the checks look at.
const PROGRAM: &str = r#"
        * = $c000
suma    clc             ; result = opA + opB
        lda opA
        adc opB
        sta result
        rts
spin    lda $d012       ; waits for a raster line that never comes with IRQs off
        cmp #$ff
        bne spin
        rts
uninit  lda ptr         ; reads a zero-page byte nothing wrote
        rts
selfmod lda #1
        sta selfmod+1
        rts
stray   lda #1
        sta $2000
        sta result
        rts
getval  lda #VALUE
        rts
opA     .byte 0
opB     .byte 0
result  .byte 0
ptr     = $fb
"#;

fn project(tag: &str, tests: &str) -> TempDir {
    let dir = TempDir::new(tag);
    dir.write("prog.asm", PROGRAM);
    dir.write(
        "t.test.toml",
        &format!("[program]\nsource = \"prog.asm\"\nflags = [\"-D\", \"VALUE=7\"]\n{tests}"),
    );
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    c64kit(dir).arg("test").args(args).output().unwrap()
}

fn xmllint_valid(xml: &Path) {
    let xsd = Path::new(ROOT).join("tests/data/junit/JUnit.xsd");
    let out = Command::new("xmllint")
        .args(["--noout", "--schema"])
        .arg(&xsd)
        .arg(xml)
        .output()
        .expect("xmllint (Debian's libxml2-utils; .ci/run installs it)");
    assert!(
        out.status.success(),
        "the JUnit report does not validate: {}",
        both(&out)
    );
}

#[test]
fn ryg_test_files_pass_and_their_reports_are_what_ci_reads() {
    let dir = TempDir::new("ctest-ryg");
    let (junit, lcov) = (dir.path("ryg.xml"), dir.path("ryg.lcov"));
    let out = c64kit(Path::new(ROOT))
        .args(["test", "asm/tests", "--junit"])
        .arg(&junit)
        .arg("--coverage")
        .arg(&lcov)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("summary: 103 passed, 0 failed, 0 skipped"),
        "{stdout}"
    );
    for file in ["ai", "boards", "moves"] {
        assert!(
            stdout.contains(&format!("asm/tests/{file}.test.toml: ")),
            "{stdout}"
        );
    }
    xmllint_valid(&junit);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 103);
    assert_eq!(xml.matches("<testsuite ").count(), 3);
    assert!(xml.contains("name=\"dameOffset(3, 5) = 53\" classname=\"asm.tests.boards\""));
    let lcov_text = std::fs::read_to_string(&lcov).unwrap();
    assert!(lcov_text.contains("/asm/Tableros.asm\n"), "{lcov_text}");
    assert!(lcov_text.contains("FN:331,dameOffset"));
    assert!(lcov_text.contains("BRDA:"));
    let html = dir.path("html");
    let out = Command::new("genhtml")
        .args(["--branch-coverage", "-q", "-o"])
        .arg(&html)
        .arg(&lcov)
        .output()
        .expect("genhtml (Debian's lcov)");
    assert!(out.status.success(), "{}", both(&out));
    assert!(html.join("index.html").is_file());
    // With no path, the checkout's test files are RYG's and no other (the new project's
    // template is not one).
    let out = run(Path::new(ROOT), &["--list"]);
    assert!(out.status.success(), "{}", both(&out));
    assert_eq!(text(&out.stdout).lines().count(), 103, "{}", both(&out));
}

#[test]
fn a_failure_shows_both_values_a_caret_and_the_last_instructions() {
    let dir = project(
        "ctest-fail",
        r#"
[[test]]
name = "suma adds"
mem = { opA = 200, opB = 100 }
call = "suma"
expect.mem.result = 45
expect.regs.c = false
expect.cycles = "<= 20"
"#,
    );
    let out = run(&dir.0, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let stdout = text(&out.stdout);
    for want in [
        "t.test.toml: 1 test(s), FAILED (1 failed)",
        "---- t.test.toml: suma adds ----",
        "$C02A (result): expected $2D (45), got $2C (44)",
        "--> t.test.toml:9:21",
        "9 | expect.mem.result = 45",
        "^^ got $2C (44)",
        "flag C: expected clear, got set",
        "cycles: expected <= 20, got 26",
        "registers at the end: A=$2C X=$00 Y=$00",
        "last instructions:",
        "C007  suma+7 (prog.asm:6)",
        "sta result",
        "summary: 0 passed, 1 failed, 0 skipped",
    ] {
        assert!(stdout.contains(want), "{want:?} missing in:\n{stdout}");
    }
}

#[test]
fn bad_test_files_name_the_place_with_a_caret() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "[[test]\nname = \"x\"\n",
            &["error: ", "--> t.test.toml:4:8", "4 | [[test]", "^"],
        ),
        (
            "[[test]]\nname = \"x\"\ncall = \"sumaa\"\nmem = { opx = 1 }\n",
            &[
                "error: not defined symbol 'sumaa'",
                "--> t.test.toml:6:9",
                "did you mean `suma`?",
                "did you mean `opA`, `opB`?",
            ],
        ),
        (
            "[[test]]\nname = \"x\"\ncall = \"suma\"\nexpct.mem.result = 1\n",
            &[
                "error: unknown key `expct` in a test",
                "--> t.test.toml:7:1",
                "did you mean `expect`?",
            ],
        ),
        (
            "[[test]]\nname = \"x\"\ncall = \"suma\"\nmem.opA = 300\n",
            &[
                "300 ($12C) does not fit a byte",
                "--> t.test.toml:7:11",
                "7 | mem.opA = 300",
                "^^^",
            ],
        ),
    ];
    for (i, (tests, wants)) in cases.iter().enumerate() {
        let dir = project(&format!("ctest-bad{i}"), tests);
        let out = run(&dir.0, &[]);
        assert_eq!(out.status.code(), Some(2), "{}", both(&out));
        let stderr = text(&out.stderr);
        for want in *wants {
            assert!(stderr.contains(want), "{want:?} missing in:\n{stderr}");
        }
        assert!(stderr.contains("no test ran"), "{stderr}");
    }
}

#[test]
fn a_routine_that_never_returns_stops_at_its_budget_and_says_where_it_loops() {
    let dir = project(
        "ctest-spin",
        "[[test]]\nname = \"spins\"\ncall = \"spin\"\nmax_cycles = 5000\n",
    );
    let out = run(&dir.0, &[]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    for want in [
        "the call of spin did not end within 5000 cycles",
        "looping in spin (prog.asm:8) to spin+5 (prog.asm:10): 3 instruction(s) repeating",
    ] {
        assert!(stdout.contains(want), "{want:?} missing in:\n{stdout}");
    }
    // The loop's instructions once, not over and over.
    let tail: Vec<&str> = stdout
        .split("last instructions:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(tail.len(), 3, "{stdout}");
    assert!(tail[0].contains("spin (prog.asm:8)") && tail[2].contains("bne spin"));
}

#[test]
fn a_source_that_cannot_be_read_is_shown_where_the_file_names_it() {
    let dir = TempDir::new("ctest-nosource");
    dir.write(
        "t.test.toml",
        "[program]\nsource = \"progs.asm\"\n\n[[test]]\nname = \"x\"\ncall = \"suma\"\n",
    );
    let out = run(&dir.0, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", both(&out));
    let stderr = text(&out.stderr);
    for want in [
        "error: cannot read the source progs.asm: ",
        "--> t.test.toml:2:10",
        "2 | source = \"progs.asm\"",
        "^^^^^^^^^^^",
    ] {
        assert!(stderr.contains(want), "{want:?} missing in:\n{stderr}");
    }
}

#[test]
fn the_last_instructions_name_the_kernal_routines_a_program_calls() {
    let dir = TempDir::new("ctest-chrout");
    dir.write(
        "p.asm",
        "        * = $c000\nhello   lda #'A'\n        jsr $ffd2\n        lda #1\n        rts\n",
    );
    dir.write(
        "t.test.toml",
        "[program]\nsource = \"p.asm\"\n\n[[test]]\nname = \"x\"\ncall = \"hello\"\nexpect.regs.a = 2\n",
    );
    let out = run(&dir.0, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("  FFD2  CHROUT ($FFD2)\n"), "{stdout}");
}

#[test]
fn memory_watches_catch_stray_writes_uninitialised_reads_and_writes_over_code() {
    let dir = project(
        "ctest-watch",
        r#"
[[test]]
name = "stray"
call = "stray"
expect.writes_only = ["result"]

[[test]]
name = "uninit"
call = "uninit"
expect.no_uninitialised_reads = true

[[test]]
name = "selfmod"
call = "selfmod"
expect.no_code_writes = true

[[test]]
name = "the flags reach the assembler"
call = "getval"
expect.regs.a = 7
"#,
    );
    let out = run(&dir.0, &["-j", "1"]);
    let stdout = text(&out.stdout);
    for want in [
        "wrote outside the allowed places: 1 address(es)",
        "wrote $2000 at stray+2 (prog.asm:18)",
        "read memory nothing had written: 1 address(es)",
        "read $00FB at uninit (prog.asm:12)",
        "wrote over the program's code: 1 address(es)",
        "wrote $C017 (selfmod+1) at selfmod+2 (prog.asm:15)",
        "summary: 1 passed, 3 failed, 0 skipped",
    ] {
        assert!(stdout.contains(want), "{want:?} missing in:\n{stdout}");
    }
}

#[test]
fn junit_with_failures_errors_and_skips_validates() {
    let dir = project(
        "ctest-junit",
        r#"
[[test]]
name = "passes"
call = "suma"

[[test]]
name = "fails <&>"
call = "suma"
expect.mem.result = 1

[[test]]
name = "cannot set up"
before = ["spin"]
max_cycles = 1000
call = "suma"

[[test]]
name = "later"
skip = "not written yet"
call = "suma"
"#,
    );
    let out = run(&dir.0, &["--junit", "r.xml"]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert!(text(&out.stdout).contains("summary: 1 passed, 2 failed, 1 skipped"));
    xmllint_valid(&dir.path("r.xml"));
    let xml = std::fs::read_to_string(dir.path("r.xml")).unwrap();
    assert!(
        xml.contains("tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\""),
        "{xml}"
    );
    assert!(xml.contains("<testcase name=\"fails &lt;&amp;&gt;\""));
    assert!(xml.contains(
        "<failure message=\"$C02A (result): expected $01 (1), got $00 (0)\" type=\"expectation\">"
    ));
    assert!(xml.contains("<error message=\"the setup call of spin did not return: cycle limit reached\" type=\"setup\">"));
    assert!(xml.contains("<skipped message=\"not written yet\"/>"));
}

#[test]
fn list_and_filter_choose_tests() {
    let dir = project(
        "ctest-list",
        "[[test]]\nname = \"suma {a}\"\ncall = \"suma\"\nmem.opA = \"{a}\"\ncases = [{ a = 1 }, { a = 2 }]\n\n[[test]]\nname = \"value\"\ncall = \"getval\"\n",
    );
    let out = run(&dir.0, &["--list"]);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "t.test.toml:8:10: suma 1\nt.test.toml:8:21: suma 2\nt.test.toml:11:8: value\n"
    );
    let out = run(&dir.0, &["-v", "--filter", "suma 2"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("  ok    suma 2 (26 cycles)\n"), "{stdout}");
    assert!(
        !stdout.contains("suma 1") && !stdout.contains("value"),
        "{stdout}"
    );
}

#[test]
fn reports_are_written_all_or_none_and_never_over_an_input() {
    let dir = project("ctest-out", "[[test]]\nname = \"x\"\ncall = \"suma\"\n");
    let before = std::fs::read_to_string(dir.path("t.test.toml")).unwrap();
    let out = run(&dir.0, &["--junit", "t.test.toml"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stderr).contains("refusing to overwrite an input"),
        "{}",
        both(&out)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path("t.test.toml")).unwrap(),
        before
    );
    let out = run(
        &dir.0,
        &["--junit", "ok.xml", "--coverage", "no/such/dir/c.lcov"],
    );
    assert_eq!(out.status.code(), Some(3), "{}", both(&out));
    assert!(
        !dir.path("ok.xml").exists(),
        "nothing is written when one report fails"
    );
}

#[test]
fn profiles_print_a_table_and_draw_a_flamegraph() {
    let dir = project("ctest-prof", "[[test]]\nname = \"adds\"\ncall = \"suma\"\n");
    let out = run(&dir.0, &["--profile", "-", "--flamegraph", "f.svg"]);
    assert!(out.status.success(), "{}", both(&out));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("t.test.toml: adds"), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("suma ") && l.contains(" 26 ")),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(dir.path("f.svg")).unwrap();
    assert!(svg.starts_with("<?xml") && svg.contains("suma"));
}

#[path = "../crates/c64harness/benches/shared/suite_file.rs"]
mod suite_file;

/// A figure of the speed table: "12.3 ms" -> 12.3.
fn millis(cell: &str) -> f64 {
    cell.trim()
        .strip_suffix(" ms")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("`{cell}` is not a time in ms"))
}

/// docs/testing.md's speed figures, which tools/bench-ctest writes: what they measured
/// is what they say (the tests of the project `c64kit new` writes; the benchmark's
/// 1,000 tests, each of a call of 111 cycles, and they pass), and the verdict under
/// them agrees with the medians and the targets.
#[test]
fn the_speed_figures_in_the_guide_say_what_they_measured() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/testing.md")).unwrap();
    let (start, end) = ("<!-- ctest-speed -->\n", "<!-- /ctest-speed -->");
    let from = doc
        .find(start)
        .expect("docs/testing.md: no ctest-speed block")
        + start.len();
    let block = &doc[from..from + doc[from..].find(end).unwrap()];
    let rows: Vec<Vec<&str>> = block
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2) // the header and the |---| line
        .map(|l| l.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 5, "{block}");

    let dir = TempDir::new("ctest-speed");
    let out = c64kit(&dir.0).args(["new", "demo"]).output().unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let listed = text(&run(&dir.path("demo"), &["--list"]).stdout)
        .lines()
        .count();
    assert!(
        rows[0][0].contains(&format!("({listed} tests)")),
        "`c64kit new` writes {listed} tests: {}",
        rows[0][0]
    );

    let file = suite_file::write(&dir.path("sum")).unwrap();
    let out = run(file.parent().unwrap(), &["sum.test.toml"]);
    assert!(out.status.success(), "{}", both(&out));
    assert_eq!(suite_file::CASES, 1000, "the table says 1,000 tests");
    assert!(text(&out.stdout).contains("summary: 1000 passed, 0 failed"));
    let what = format!("1,000 tests of a {}-cycle routine", suite_file::CYCLES);
    assert!(rows[1][0].contains(&what), "{what:?}: {}", rows[1][0]);

    let met = millis(rows[0][2]) < 100.0 && millis(rows[1][2]) < 1000.0;
    let verdict = format!(
        "Both targets are {} (by the medians;",
        match met {
            true => "met",
            false => "NOT met",
        }
    );
    assert!(block.contains(&verdict), "{verdict:?} missing in:\n{block}");
}
