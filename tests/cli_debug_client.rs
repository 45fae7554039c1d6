//! Microsoft's DAP test client (`@vscode/debugadapter-testsupport`, in tests/dap/)
//! drives `c64kit debug` through whole sessions, as an editor would.
//!
//! It needs Node.js and the client installed (`npm ci --prefix tests/dap`), which
//! `.ci/run` does; so the test is ignored in the everyday `cargo test`, and fails with
//! what to install when run without them.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs node and `npm ci --prefix tests/dap` (.ci/run installs them)"]
fn microsofts_dap_test_client_drives_whole_sessions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dap");
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "node is not installed: install Node.js (apt-get install nodejs npm), then npm ci --prefix tests/dap"
    );
    assert!(
        dir.join("node_modules/@vscode/debugadapter-testsupport")
            .is_dir(),
        "the DAP test client is not installed: npm ci --prefix tests/dap"
    );
    let out = Command::new("node")
        .args(["--test", "--test-reporter=tap"])
        .current_dir(&dir)
        .env("C64KIT_BIN", env!("CARGO_BIN_EXE_c64kit"))
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node --test failed:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every test ran and passed (a runner that found no test would also exit 0).
    assert!(
        report.contains("# pass 6") && report.contains("# fail 0"),
        "{report}"
    );
}
