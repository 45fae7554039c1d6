//! `c64kit new`: the starter project is written (and nothing else is), its main.asm
//! assembles, the routine its Rust test calls behaves as that test expects, cargo
//! accepts it wherever it is created, and its README's commands work.

mod cli_support;

use std::path::Path;
use std::process::Output;

use cli_support::{TempDir, both, c64kit, cargo, path_with_c64kit, sh_block, text};

fn new(dir: &Path, name: &str) -> Output {
    c64kit(dir)
        .args(["new", name])
        .output()
        .expect("run c64kit")
}

const FILES: [&str; 7] = [
    "main.asm",
    "Cargo.toml",
    "src/lib.rs",
    "tests/main.test.toml",
    "tests/routines.rs",
    "README.md",
    ".gitignore",
];

#[test]
fn new_writes_a_project_whose_program_runs_and_whose_routine_adds() {
    let dir = TempDir::new("new-ok");
    let out = c64kit(&dir.0)
        .args(["new", "Hello-64", "--path", "games/c64"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let project = dir.path("games/c64/Hello-64");
    for f in FILES {
        assert!(project.join(f).is_file(), "{f} missing");
    }
    let cargo_toml = std::fs::read_to_string(project.join("Cargo.toml")).unwrap();
    assert!(cargo_toml.contains("name = \"hello_64\""));
    assert!(cargo_toml.contains(&format!("{}/crates/c64emu", cli_support::ROOT)));
    assert!(cargo_toml.contains(&format!("{}/crates/c64harness", cli_support::ROOT)));

    // What the generated tests/routines.rs checks, done here in-process.
    let program = c64asm::assemble(project.join("main.asm")).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        &program.prg_bytes()[..7],
        &[0x01, 0x08, 0x0b, 0x08, 0x0a, 0x00, 0x9e]
    );
    let build = c64harness::Build::from_program("main.asm", program);
    let mut m = build.machine().unwrap();
    let (a, b) = (m.addr("opA"), m.addr("opB"));
    m.poke(a, 200);
    m.poke(b, 100);
    let r = m.call("suma", 1_000).unwrap();
    assert_eq!(m.peek(m.addr("result")), 44);
    assert_eq!(r.cycles, 26);
    m.autostart().unwrap();
    assert!(matches!(m.run(1_000_000), c64emu::Stop::ReturnedToBasic));
    assert!(
        m.screen_text().starts_with("HELLO FROM HELLO-64! 2+3=5"),
        "{}",
        m.screen_text()
    );
}

#[test]
fn new_refuses_bad_names_and_never_writes_over_anything() {
    let dir = TempDir::new("new-bad");
    let out = new(&dir.0, "9lives");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("starting with a letter"));
    std::fs::create_dir_all(dir.path("taken")).unwrap();
    dir.write("taken/main.asm", "keep me");
    let out = new(&dir.0, "taken");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("taken already exists; nothing was written"));
    assert_eq!(
        std::fs::read_to_string(dir.path("taken/main.asm")).unwrap(),
        "keep me"
    );
    assert_eq!(dir.names(), ["taken"]);
    dir.write("file", "a file, not a directory");
    assert!(!new(&dir.0, "file").status.success());
    assert_eq!(
        std::fs::read_to_string(dir.path("file")).unwrap(),
        "a file, not a directory"
    );
    #[cfg(unix)]
    {
        // A dangling link is something too: nothing is created at its target.
        std::os::unix::fs::symlink("elsewhere", dir.path("linked")).unwrap();
        let out = new(&dir.0, "linked");
        assert!(!out.status.success(), "{}", both(&out));
        assert!(!dir.path("elsewhere").exists());
        assert_eq!(dir.names(), ["file", "linked", "taken"]);
    }
}

#[cfg(unix)]
#[test]
fn new_that_cannot_finish_leaves_nothing_behind() {
    use std::os::unix::fs::PermissionsExt;
    if is_root() {
        return; // root writes into read-only directories; nothing to provoke
    }
    let dir = TempDir::new("new-readonly");
    std::fs::create_dir(dir.path("ro")).unwrap();
    std::fs::set_permissions(dir.path("ro"), PermissionsExt::from_mode(0o555)).unwrap();
    let out = c64kit(&dir.0)
        .args(["new", "game", "--path", "ro"])
        .output()
        .unwrap();
    std::fs::set_permissions(dir.path("ro"), PermissionsExt::from_mode(0o755)).unwrap();
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("nothing was written"),
        "{}",
        both(&out)
    );
    assert_eq!(std::fs::read_dir(dir.path("ro")).unwrap().count(), 0);
}

#[cfg(unix)]
fn is_root() -> bool {
    let out = std::process::Command::new("id").arg("-u").output();
    out.is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

#[test]
fn new_with_a_closed_stdout_fails_without_a_panic() {
    let dir = TempDir::new("new-closed");
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = c64kit(&dir.0)
        .args(["new", "game"])
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    assert!(!text(&out.stderr).contains("panicked"));
    assert!(
        dir.path("game/main.asm").is_file(),
        "the project itself was made"
    );
}

/// A directory holding a workspace, as the c64kit checkout does.
fn workspace_dir(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    dir.write(
        "Cargo.toml",
        "[workspace]\nmembers = []\nresolver = \"3\"\n",
    );
    dir
}

/// Cargo reads the project without complaint (fast: no build).
fn cargo_accepts(project: &Path) {
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

#[test]
fn a_project_made_inside_a_workspace_is_its_own_workspace() {
    for (tag, dir) in [
        ("new-plain", TempDir::new("new-plain")),
        ("new-in-ws", workspace_dir("new-in-ws")),
    ] {
        let out = new(&dir.0, "mygame");
        assert!(out.status.success(), "{tag}: {}", both(&out));
        cargo_accepts(&dir.path("mygame"));
    }
}

/// Runs the generated README's commands, literally, with `c64kit` on PATH as after
/// `cargo install` (`path`). The window run needs a display and is left out; `cargo
/// test` only when `real_cargo_test`, since it builds the emulator (slow).
fn run_readme_commands(project: &Path, path: &std::ffi::OsStr, real_cargo_test: bool) {
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
                Path::new(cli_support::ROOT).join("target/new-projects"),
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

#[test]
fn the_generated_readme_commands_work_with_c64kit_on_path() {
    let dir = TempDir::new("new-readme");
    assert!(new(&dir.0, "mygame").status.success());
    run_readme_commands(&dir.path("mygame"), &path_with_c64kit(), false);
}

/// The whole newcomer's path with the real tools: the README's install command, then
/// `c64kit new` in a plain directory and inside a workspace, each project's README
/// commands, and its `cargo test`. Slow (a release build and two project builds).
#[test]
#[ignore]
fn installed_c64kit_makes_projects_whose_cargo_test_passes_anywhere() {
    let readme = std::fs::read_to_string(Path::new(cli_support::ROOT).join("README.md")).unwrap();
    let install = sh_block(&readme, "## Install");
    let install = install[0].split('#').next().unwrap().trim();
    assert_eq!(install, "cargo install --path .");
    let root = TempDir::new("new-install");
    // The README's command as written; the environment only keeps it out of ~/.cargo and
    // gives it a build directory of its own that later runs reuse.
    let out = std::process::Command::new("sh")
        .args(["-c", install])
        .current_dir(cli_support::ROOT)
        .env("CARGO_INSTALL_ROOT", &root.0)
        .env(
            "CARGO_TARGET_DIR",
            Path::new(cli_support::ROOT).join("target/install-test"),
        )
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
