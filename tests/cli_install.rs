//! The newcomer's path with the real tools, as the README gives it: install c64kit, make
//! projects with it, and run each project's README commands and its `cargo test`. A test
//! binary of its own: the install replaces the `c64kit` the other CLI tests run, so none
//! of them may run meanwhile.

mod cli_support;

use std::path::Path;

use cli_support::projects::{run_readme_commands, workspace_dir};
use cli_support::{TempDir, both, sh_block};

/// The whole newcomer's path with the real tools: the README's install command, then
/// `c64kit new` in a plain directory and inside a workspace, each project's README
/// commands, and its `cargo test`. Slow (two project builds).
#[test]
#[ignore]
fn installed_c64kit_makes_projects_whose_cargo_test_passes_anywhere() {
    let readme = std::fs::read_to_string(Path::new(cli_support::ROOT).join("README.md")).unwrap();
    let install = sh_block(&readme, "## Install");
    let install = install[0].split('#').next().unwrap().trim();
    assert_eq!(install, "cargo install --path .");
    let root = TempDir::new("new-install");
    // The README's command, at the dev profile instead of the release profile: it shares
    // the checkout's build, which the tests made already (a release build would compile
    // everything again, with fat LTO). The environment keeps it out of ~/.cargo.
    let out = std::process::Command::new("sh")
        .args(["-c", &format!("{install} --debug --locked")])
        .current_dir(cli_support::ROOT)
        .env("CARGO_INSTALL_ROOT", &root.0)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let mut dirs = vec![root.path("bin")];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let path = std::env::join_paths(dirs).unwrap();
    for dir in [TempDir::new("new-real"), workspace_dir("new-real-ws")] {
        let out = std::process::Command::new("sh")
            .args(["-c", "c64kit new mygame"])
            .current_dir(&dir.0)
            .env("PATH", &path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", both(&out));
        run_readme_commands(&dir.path("mygame"), &path, true);
    }
}
