//! What `cli_new` and `cli_install` share: projects inside a workspace, cargo reading a
//! project, and the generated README's commands run literally.

use std::path::Path;

use super::{TempDir, both, cargo, sh_block, text};

/// A directory holding a workspace, as the c64kit checkout does.
pub fn workspace_dir(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    dir.write(
        "Cargo.toml",
        "[workspace]\nmembers = []\nresolver = \"3\"\n",
    );
    dir
}

/// Cargo reads the project without complaint (fast: no build).
pub fn cargo_accepts(project: &Path) {
    let out = cargo()
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(project)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
}

/// Runs the generated README's commands, literally, with `c64kit` on PATH as after
/// `cargo install` (`path`). The window run needs a display and is left out; `cargo
/// test` only when `real_cargo_test`, since it builds the emulator (slow).
pub fn run_readme_commands(project: &Path, path: &std::ffi::OsStr, real_cargo_test: bool) {
    let readme = std::fs::read_to_string(project.join("README.md")).unwrap();
    let lines = sh_block(&readme, "# ");
    assert_eq!(lines.len(), 5, "{lines:?}");
    for line in lines {
        let command = line.split('#').next().unwrap().trim();
        let is_window = command.starts_with("c64kit run") && !command.contains("--headless");
        if is_window || (command == "cargo test" && !real_cargo_test) {
            continue;
        }
        let out = std::process::Command::new("sh")
            .args(["-c", command])
            .current_dir(project)
            .env("PATH", path)
            // One build directory for every generated project, kept between runs.
            .env(
                "CARGO_TARGET_DIR",
                Path::new(super::ROOT).join("target/new-projects"),
            )
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {}", both(&out));
        if command.contains("--print-screen") {
            assert!(
                text(&out.stdout).contains("HELLO FROM MYGAME! 2+3=5"),
                "{}",
                both(&out)
            );
        }
        if command == "cargo test" {
            assert!(
                text(&out.stdout).contains("test result: ok. 2 passed"),
                "{}",
                both(&out)
            );
        }
        if command == "c64kit test" {
            assert!(
                text(&out.stdout).contains("summary: 6 passed, 0 failed, 0 skipped"),
                "{}",
                both(&out)
            );
        }
    }
    assert!(
        project.join("main.prg").is_file(),
        "c64kit build main.asm wrote main.prg"
    );
}
