//! The testbench ratchet: every row of VICE's testbench list in the Lorenz, CPU, CIA,
//! interrupts and general categories runs on the stub KERNAL (no Commodore ROMs, as in
//! CI), and each row listed in `tests/data/testbench-stub-passes.txt` must pass. The
//! list may only grow: the test names the unlisted rows that now pass, to be added.
//! Heavy (a few minutes on two cores): `.ci/run` runs it with the ignored tests.
mod cli_support;

use std::path::Path;
use std::time::Duration;

use c64testbench::{RATCHET_CATEGORIES, Row, Runner, exec, list};

const PASSES: &str = "tests/data/testbench-stub-passes.txt";

fn listed_passes() -> Vec<String> {
    let path = Path::new(cli_support::ROOT).join(PASSES);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn ratchet_rows() -> (std::path::PathBuf, Vec<Row>) {
    let dir = Path::new(cli_support::ROOT).join("../shared/vice-testprogs/testbench");
    let text = std::fs::read_to_string(dir.join("x64sc-testlist.txt")).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (the testbench list is in ../shared)",
            dir.display()
        )
    });
    let rows = list::parse_list(&text)
        .into_iter()
        .filter(|r| RATCHET_CATEGORIES.contains(&r.category()))
        .collect();
    (dir, rows)
}

#[test]
fn the_ratchet_list_names_rows_of_its_categories() {
    let (_, rows) = ratchet_rows();
    let lines: Vec<String> = rows.iter().map(Row::line).collect();
    let listed = listed_passes();
    assert!(!listed.is_empty());
    for l in &listed {
        assert!(
            lines.contains(l),
            "{PASSES}: {l:?} is no row of the ratchet's categories"
        );
    }
    let mut sorted = listed.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), listed.len(), "{PASSES} lists a row twice");
}

#[test]
#[ignore = "heavy: runs every row of five testbench categories (.ci/run runs it)"]
fn rows_that_passed_without_roms_still_pass() {
    let (dir, rows) = ratchet_rows();
    let listed = listed_passes();
    let c64kit = Path::new(env!("CARGO_BIN_EXE_c64kit")).to_path_buf();
    let scratch = std::env::temp_dir().join(format!("c64kit-ratchet-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let runner = Runner {
        has_cia_flag: exec::has_flag(&c64kit, "--cia"),
        has_vic_flag: exec::has_flag(&c64kit, "--vic"),
        has_sid_flag: exec::has_flag(&c64kit, "--sid"),
        has_expansion_flags: exec::has_flag(&c64kit, "--cart"),
        has_memory_flags: exec::has_flag(&c64kit, "--plus60k"),
        c64kit,
        list_dir: std::fs::canonicalize(&dir).unwrap(),
        roms: None,
        drive_rom: None,
        scratch: scratch.clone(),
        wall_limit: Duration::from_secs(900),
    };
    let results = runner.run_all(&rows, 2, &|_, _, _| {});
    let _ = std::fs::remove_dir_all(&scratch);
    let mut lost = Vec::new();
    let mut gained = Vec::new();
    for (row, r) in rows.iter().zip(&results) {
        let line = row.line();
        match (listed.contains(&line), r.passed(row)) {
            (true, false) => lost.push(format!("{line}  ({}: {})", r.outcome.word(), r.detail)),
            (false, true) => gained.push(line),
            _ => {}
        }
    }
    let passed = results
        .iter()
        .zip(&rows)
        .filter(|(r, row)| r.passed(row))
        .count();
    eprintln!(
        "testbench ratchet: {passed} of {} rows pass without ROMs ({} listed)",
        rows.len(),
        listed.len()
    );
    if !gained.is_empty() {
        eprintln!(
            "rows that now pass, to add to {PASSES}:\n{}",
            gained.join("\n")
        );
    }
    assert!(
        lost.is_empty(),
        "rows listed in {PASSES} that no longer pass:\n{}",
        lost.join("\n")
    );
}
