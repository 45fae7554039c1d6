//! docs/emulator.md's testbench table is the one `tools/testbench --from-csv
//! docs/testbench-results.csv --markdown` makes from the committed CSV.

use c64testbench::{DOCS_BEGIN, DOCS_END, report};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

#[test]
fn the_docs_table_is_generated_from_the_committed_csv() {
    let csv = std::fs::read_to_string(format!("{ROOT}/docs/testbench-results.csv")).unwrap();
    let (lines, other) = report::from_csv(&csv).unwrap();
    // The whole list: every exitcode and screenshot row of VICE's C64 list.
    assert_eq!(lines.len(), 1312);
    let doc = std::fs::read_to_string(format!("{ROOT}/docs/emulator.md")).unwrap();
    let start = doc.find(DOCS_BEGIN).expect("begin marker") + DOCS_BEGIN.len();
    let end = doc.find(DOCS_END).expect("end marker");
    let table = report::markdown_table(&lines, &other);
    assert_eq!(
        doc[start..end].trim(),
        table.trim(),
        "regenerate with tools/testbench --from-csv docs/testbench-results.csv --markdown"
    );
}
