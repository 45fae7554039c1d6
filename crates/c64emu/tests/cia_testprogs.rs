//! VICE's CIA test programs on the stub KERNAL: the testbench rows of `CIA/` and Lorenz's
//! CIA tests, read from `../shared/vice-testprogs` beside the checkout (CI has it there).
//! Each program reports through the debug cartridge: $00 pass, anything else fail. The
//! rows' `cia-old`/`cia-new` options choose the 6526/6526A; rows without one run on the
//! default, the 6526A of VICE's C64C model the testbench runs.
//!
//! The quick test takes the rows VICE's list gives at most 20 M cycles; the rest (the
//! time-of-day tests, timer sweeps, the shift register sweeps over every timer value)
//! run in the ignored test.
use std::path::{Path, PathBuf};

use c64emu::{CiaModel, Machine, Stop};

/// Rows that cannot run here: (program, why).
const SKIPPED: &[(&str, &str)] = &[
    ("ciavarious/", "calls BASIC ROM routines"),
    ("hour-test.prg", "a BASIC program"),
    ("ampmtest.prg", "a BASIC program"),
    ("cia-b-counts-a.prg", "loads its data from disk"),
    (
        "hzsync6.prg",
        "passes or fails by the mains' phase against the frame",
    ),
    // These wait for the CPU's exact bus and interrupt timing.
    ("src/,irq", "a taken branch delays the interrupt"),
    (
        "src/,nmi",
        "a taken branch delays the interrupt, BRK and NMI",
    ),
    (
        "tb123.prg",
        "runs code in the CIA's registers (opcode fetches at their cycle)",
    ),
    ("cmp-b-counts-a", "a taken branch delays the NMI"),
    ("dd0drw.prg", "the dummy read of STA abs,X"),
    (
        "dd0dtest.prg",
        "dummy reads and read-modify-write double writes",
    ),
];

struct Row {
    dir: PathBuf,
    prog: String,
    limit: u64,
    model: Option<CiaModel>,
    line: String,
}

fn testprogs() -> PathBuf {
    let top = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = top.join("../shared/vice-testprogs");
    assert!(
        dir.join("testbench").is_dir(),
        "{} is missing: VICE's test programs belong beside the checkout",
        dir.display()
    );
    dir
}

/// The CIA rows of the testbench list this test can run.
fn rows() -> Vec<Row> {
    let base = testprogs().join("testbench");
    let list = std::fs::read_to_string(base.join("x64sc-testlist.txt")).unwrap();
    let cia_lorenz = [
        "cia", "icr", "imr", "cnt", "loadth", "flipos", "oneshot", "irq", "nmi",
    ];
    list.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            if f.len() < 4 || f[2] != "exitcode" || line.starts_with('#') {
                return None;
            }
            let lorenz = f[0].contains("Lorenz") && cia_lorenz.iter().any(|k| f[1].contains(k));
            if !(f[0].starts_with("../CIA/") || lorenz) || f.contains(&"vicii-ntsc") {
                return None;
            }
            if SKIPPED.iter().any(|(p, _)| line.contains(p)) {
                return None;
            }
            let model = if f.contains(&"cia-old") {
                Some(CiaModel::Mos6526)
            } else if f.contains(&"cia-new") {
                Some(CiaModel::Mos6526A)
            } else {
                None
            };
            Some(Row {
                dir: base.join(f[0]),
                prog: f[1].to_string(),
                limit: f[3].parse().unwrap(),
                model,
                line: line.to_string(),
            })
        })
        .collect()
}

/// Run one row: None when it passed, else what happened.
fn run(row: &Row) -> Option<String> {
    let prg = std::fs::read(row.dir.join(&row.prog)).unwrap();
    let mut m = Machine::new();
    if let Some(model) = row.model {
        m.set_cia_model(model);
    }
    m.set_debugcart(true);
    m.load_prg(&prg).unwrap();
    m.autostart().unwrap();
    match m.run(row.limit) {
        Stop::DebugCart(0) => None,
        stop => Some(format!("{}: {}", row.line, m.describe_stop(&stop))),
    }
}

/// Run `rows` on two threads; panic listing the failures.
fn run_all(rows: Vec<Row>) {
    assert!(!rows.is_empty());
    let failures: Vec<String> = std::thread::scope(|s| {
        let (a, b) = rows.split_at(rows.len() / 2);
        let workers = [a, b].map(|part| s.spawn(move || part.iter().filter_map(run).collect()));
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|_| vec!["a row panicked".into()]))
            .collect()
    });
    assert!(failures.is_empty(), "failed:\n{}", failures.join("\n"));
}

const QUICK_LIMIT: u64 = 20_000_000;

#[test]
fn vice_cia_test_programs_pass() {
    let quick: Vec<Row> = rows()
        .into_iter()
        .filter(|r| r.limit <= QUICK_LIMIT)
        .collect();
    assert!(quick.len() >= 80, "{} rows", quick.len());
    run_all(quick);
}

#[test]
#[ignore = "a minute of emulation: the long CIA test programs"]
fn vice_cia_test_programs_that_run_long_pass() {
    let long: Vec<Row> = rows()
        .into_iter()
        .filter(|r| r.limit > QUICK_LIMIT)
        .collect();
    assert!(long.len() >= 40, "{} rows", long.len());
    run_all(long);
}
