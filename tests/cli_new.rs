//! `c64kit new`: the starter project is written (and nothing else is), its main.asm
//! assembles, the routine its Rust test calls behaves as that test expects, cargo
//! accepts it wherever it is created, and its README's commands work.

mod cli_support;

use std::path::Path;
use std::process::Output;

use cli_support::projects::{cargo_accepts, run_readme_commands, workspace_dir};
use cli_support::{TempDir, both, c64kit, path_with_c64kit, text};

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

/// Names whose project cargo refuses or can't build (`test` shadows the test crate, a
/// package named `c64emu` depends on itself) are refused before anything is written.
#[test]
fn new_refuses_the_names_cargo_refuses() {
    let dir = TempDir::new("new-reserved");
    for name in [
        "test",
        "std",
        "core",
        "c64emu",
        "c64harness",
        "c64asm",
        "fn",
        "Self",
        "deps",
        "con",
        "COM1",
        "lpt9",
    ] {
        let out = new(&dir.0, name);
        assert!(!out.status.success(), "{name} was accepted");
        assert!(
            text(&out.stderr).contains("cargo refuses it"),
            "{name}: {}",
            both(&out)
        );
    }
    assert_eq!(dir.names(), [""; 0]);
    // Names that only contain such words are fine.
    assert!(new(&dir.0, "testgame").status.success());
    assert!(new(&dir.0, "com10").status.success());
}

/// A path is taken as `cargo new` takes it: its last part is the name, the rest the
/// directory it goes in (made if missing); `~/` is the home directory.
#[test]
fn new_takes_a_path_and_names_the_project_after_its_last_part() {
    let dir = TempDir::new("new-path");
    let home = dir.path("home");
    std::fs::create_dir(&home).unwrap();
    for (given, project) in [
        ("./games/x", dir.path("games/x")),
        ("deep/er/y/", dir.path("deep/er/y")),
        ("~/z", home.join("z")),
    ] {
        let out = c64kit(&dir.0)
            .args(["new", given])
            .env("HOME", &home)
            .output()
            .unwrap();
        assert!(out.status.success(), "{given}: {}", both(&out));
        let name = project.file_name().unwrap().to_str().unwrap();
        let toml = std::fs::read_to_string(project.join("Cargo.toml")).unwrap();
        assert!(toml.contains(&format!("name = \"{name}\"")), "{toml}");
        cargo_accepts(&project);
    }
    for nameless in [".", "..", "games/..", "/"] {
        let out = new(&dir.0, nameless);
        assert!(!out.status.success(), "{nameless}");
        assert!(
            text(&out.stderr).contains("names no new directory"),
            "{nameless}: {}",
            both(&out)
        );
    }
    // A bad last part is named as the name it would be.
    let out = new(&dir.0, "games/9lives");
    assert!(text(&out.stderr).contains("\"9lives\""), "{}", both(&out));
}

#[cfg(unix)]
#[test]
fn new_that_cannot_finish_leaves_nothing_behind() {
    use std::os::unix::fs::PermissionsExt;
    if cli_support::is_root() {
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

#[test]
fn the_generated_readme_commands_work_with_c64kit_on_path() {
    let dir = TempDir::new("new-readme");
    assert!(new(&dir.0, "mygame").status.success());
    run_readme_commands(&dir.path("mygame"), &path_with_c64kit(), false);
}
