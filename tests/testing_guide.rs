//! docs/testing.md, checked: its unit test is this file's (word for word), its profile
//! table and flamegraph of one cat move are what the harness measures now, and its
//! coverage figure for the RYG suite is what the suite executes (ignored: it runs the
//! suite).

#[path = "common/mod.rs"]
mod common;

use std::path::Path;

use c64harness::Build;
use common::ia::board_bytes;
use common::{TURN_CATS, sym};
use rygsolve::Position;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn guide() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("docs/testing.md")).unwrap()
}

/// The text between "<!-- NAME -->" and "<!-- /NAME -->" in the guide.
fn section(name: &str) -> String {
    let text = guide();
    let start = format!("<!-- {name} -->\n");
    let end = format!("<!-- /{name} -->");
    let from = text
        .find(&start)
        .unwrap_or_else(|| panic!("docs/testing.md: no {start}"));
    let rest = &text[from + start.len()..];
    rest[..rest.find(&end).unwrap()].to_string()
}

fn check(name: &str, want: &str) {
    assert_eq!(
        section(name),
        want,
        "docs/testing.md is out of date: put this between <!-- {name} --> and <!-- /{name} -->:\n{want}"
    );
}

// The guide's unit test, as it reads there (between the markers).
// <!-- unit-test -->
#[test]
fn dame_contenido_reads_a_square_and_blocks_the_edge() {
    let mut m = Build::assemble("asm/RYG.asm").unwrap().machine().unwrap();
    let board = m.addr("tableroActual");
    m.poke(board + 24 + 8 * 2 + 3, 0xFF); // a cat on row 2, column 3 (the matrix is at +24)
    let [lo, hi] = board.to_le_bytes();
    for (field, value) in [
        ("dcTableroLo", lo),
        ("dcTableroHi", hi),
        ("dcFila", 2),
        ("dcColumna", 3),
    ] {
        let addr = m.addr(field);
        m.poke(addr, value);
    }
    let r = m.call("dameContenido", 10_000).unwrap();
    assert_eq!(m.peek(m.addr("dcContenido")), 0xFF);
    assert_eq!(r.cycles, 129);

    let column = m.addr("dcColumna");
    m.poke(column, 8); // off the board: reads as blocked
    m.call("dameContenido", 10_000).unwrap();
    assert_eq!(m.peek(m.addr("dcContenido")), 0xFF);
}
// <!-- /unit-test -->

#[test]
fn the_guide_shows_its_unit_test_word_for_word() {
    let source = std::fs::read_to_string(Path::new(ROOT).join("tests/testing_guide.rs")).unwrap();
    let start = source.find("// <!-- unit-test -->\n").unwrap() + "// <!-- unit-test -->\n".len();
    let end = source.find("// <!-- /unit-test -->").unwrap();
    check(
        "unit-test",
        &format!("```rust\n{}```\n", &source[start..end]),
    );
}

#[test]
fn the_guide_shows_the_new_projects_test_file_as_it_is() {
    let template =
        std::fs::read_to_string(Path::new(ROOT).join("src/template/main_test.toml")).unwrap();
    let shown = section("new-test-file");
    let body = shown
        .strip_prefix("```toml\n")
        .and_then(|s| s.strip_suffix("```\n"))
        .expect("a toml block");
    assert!(
        template.contains(body),
        "docs/testing.md's new-test-file block is not a part of src/template/main_test.toml"
    );
}

/// The cats' reply to the mouse's first move, searched at depth 3 (no strategy table):
/// the profile table in the guide, and docs/testing-cat-move.svg.
#[test]
fn the_cat_move_profile_in_the_guide_is_current() {
    let p = Position::initial();
    let p = p.apply(p.mouse_moves()[0]).unwrap();
    let mut h = common::build().machine().unwrap();
    h.poke(sym("jgConTabla"), 0); // search, not the strategy table
    h.write(sym("tableroActual"), &board_bytes(&p, TURN_CATS));
    h.poke(sym("profundidad"), 3);
    let (r, profile) = h.profile_call("juegaGatos", 50_000_000).unwrap();
    let sum: u64 = profile
        .folded()
        .lines()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, r.cycles, "the folded stacks add up to the call");
    let table = profile.table();
    let table: Vec<&str> = table.lines().collect();
    let (last, rows) = table.split_last().unwrap();
    let mut shown: Vec<&str> = rows[..rows.len().min(12)].to_vec();
    shown.push(last);
    check(
        "cat-move-table",
        &format!("```text\n{}\n```\n", shown.join("\n")),
    );
    let mut svg = Vec::new();
    profile
        .flamegraph(
            "juegaGatos, depth 3, after the mouse's first move",
            &mut svg,
        )
        .unwrap();
    let path = Path::new(ROOT).join("docs/testing-cat-move.svg");
    if std::env::var_os("C64KIT_BLESS").is_some() {
        std::fs::write(&path, &svg).unwrap();
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == svg,
        "docs/testing-cat-move.svg is out of date: run this test with C64KIT_BLESS=1"
    );
}

/// The RYG suite's coverage: runs the four RYG test binaries with `C64KIT_COVERAGE`
/// (cargo in cargo: the binaries are built already), merges their tracefiles and
/// checks the guide's figure and its list of lines never executed.
#[test]
#[ignore]
fn the_ryg_suite_coverage_in_the_guide_is_current() {
    let dir = std::env::temp_dir().join(format!("c64kit-ryg-coverage-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = std::process::Command::new(env!("CARGO"))
        .current_dir(ROOT)
        .args([
            "test",
            "--locked",
            "--test",
            "ryg_part1",
            "--test",
            "ryg_ai",
        ])
        .args(["--test", "ryg_game", "--test", "ryg_estrategia"])
        .env(c64harness::COVERAGE_ENV, &dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let passed: u32 = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("test result: ok. "))
        .filter_map(|l| l.split(' ').next()?.parse::<u32>().ok())
        .sum();
    let texts: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(texts.len(), 4, "one tracefile per test binary");
    let files = c64harness::merge_lcov(texts.iter().map(String::as_str)).unwrap();
    let asm = Path::new(ROOT).join("asm").canonicalize().unwrap();
    let files: Vec<_> = files
        .into_iter()
        .filter(|f| f.path.starts_with(&asm))
        .collect();
    let s = c64harness::total(&files);
    let mut text = format!(
        "The four binaries ran {passed} tests.\n\n\
         | | executed | of | share |\n|---|---:|---:|---:|\n\
         | lines with code | {} | {} | {:.1} % |\n\
         | routines (called labels) | {} | {} | {:.1} % |\n\
         | branch directions | {} | {} | {:.1} % |\n\nLines never executed:\n\n",
        s.lines_hit,
        s.lines,
        s.line_percent(),
        s.functions_hit,
        s.functions,
        100.0 * s.functions_hit as f64 / s.functions.max(1) as f64,
        s.branches_hit,
        s.branches,
        100.0 * s.branches_hit as f64 / s.branches.max(1) as f64,
    );
    for f in &files {
        let missed: Vec<String> = f
            .lines
            .iter()
            .filter(|&(_, &n)| n == 0)
            .map(|(l, _)| l.to_string())
            .collect();
        if !missed.is_empty() {
            let name = f.path.strip_prefix(&asm).unwrap().display();
            text.push_str(&format!("- `asm/{name}`: {}\n", missed.join(", ")));
        }
    }
    let never: Vec<&str> = files
        .iter()
        .flat_map(|f| {
            f.functions
                .iter()
                .filter(|x| x.2 == 0)
                .map(|x| x.1.as_str())
        })
        .collect();
    text.push_str(&format!(
        "\nRoutines never called: {}.\n",
        if never.is_empty() {
            "none".to_string()
        } else {
            never.join(", ")
        }
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    check("ryg-coverage", &text);
}
