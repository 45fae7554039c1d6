//! docs/cli.md must show exactly what `--help` prints, so the reference cannot drift.
//! `UPDATE_CLI_DOCS=1 cargo test --test cli_docs` (tools/gen-cli-docs) rewrites it.

use std::process::Command;

const PAGES: [(&[&str], &str); 6] = [
    (&[], "c64kit"),
    (&["build"], "c64kit build"),
    (&["run"], "c64kit run"),
    (&["debug"], "c64kit debug"),
    (&["new"], "c64kit new"),
    (&["test"], "c64kit test"),
];

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(args)
        .arg("--help")
        .output()
        .expect("run c64kit");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn expected() -> String {
    let mut doc = String::from(
        "# CLI reference\n\nThe text below is `c64kit --help` and each subcommand's `--help`, verbatim.\n\
         `tests/cli_docs.rs` compares this page with the binary's output, so it cannot drift;\n\
         after changing an option, regenerate it with `tools/gen-cli-docs`.\n\n",
    );
    for (args, title) in PAGES {
        doc += &format!(
            "## {title}\n\n```text\n{}\n```\n\n",
            help(args).trim_end_matches('\n')
        );
    }
    doc.truncate(doc.trim_end().len());
    doc.push('\n');
    doc
}

#[test]
fn cli_reference_matches_help_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md");
    let want = expected();
    if std::env::var_os("UPDATE_CLI_DOCS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap();
    assert!(
        have == want,
        "docs/cli.md is out of date with --help; run tools/gen-cli-docs\n--- expected ---\n{want}"
    );
}
