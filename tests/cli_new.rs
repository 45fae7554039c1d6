//! `c64kit new`: the starter project is written, its main.asm assembles, and the
//! routine its Rust test calls behaves as that test expects.

use std::path::PathBuf;
use std::process::Command;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c64kit-new-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn new(dir: &PathBuf, name: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(["new", name, "--path"])
        .arg(dir)
        .output()
        .expect("run c64kit")
}

#[test]
fn new_writes_a_project_whose_program_runs_and_whose_routine_adds() {
    let dir = scratch("ok");
    let out = new(&dir, "Hello-64");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let project = dir.join("Hello-64");
    for f in [
        "main.asm",
        "Cargo.toml",
        "src/lib.rs",
        "tests/routines.rs",
        "README.md",
    ] {
        assert!(project.join(f).is_file(), "{f} missing");
    }
    let cargo = std::fs::read_to_string(project.join("Cargo.toml")).unwrap();
    assert!(cargo.contains("name = \"hello_64\""));
    assert!(cargo.contains(&format!("{}/crates/c64emu", env!("CARGO_MANIFEST_DIR"))));

    // What the generated tests/routines.rs checks, done here in-process.
    let program = c64asm::assemble(project.join("main.asm")).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        &program.prg_bytes()[..7],
        &[0x01, 0x08, 0x0b, 0x08, 0x0a, 0x00, 0x9e]
    );
    let mut m = c64emu::Machine::new();
    m.load_prg(&program.prg_bytes()).unwrap();
    m.set_symbols(program.address_labels());
    m.poke(m.resolve("sumA").unwrap(), 200);
    m.poke(m.resolve("sumB").unwrap(), 100);
    let r = m.call("suma", 1_000).unwrap();
    assert_eq!(m.peek(m.resolve("sumR").unwrap()), 44);
    assert_eq!(r.cycles, 26);
    m.autostart().unwrap();
    assert!(matches!(m.run(1_000_000), c64emu::Stop::ReturnedToBasic));
    assert!(
        m.screen_text().starts_with("HELLO FROM HELLO-64! 2+3=5"),
        "{}",
        m.screen_text()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_refuses_bad_names_and_existing_directories() {
    let dir = scratch("bad");
    let out = new(&dir, "9lives");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("starting with a letter"));
    std::fs::create_dir_all(dir.join("taken")).unwrap();
    std::fs::write(dir.join("taken/main.asm"), "keep me").unwrap();
    let out = new(&dir, "taken");
    assert!(!out.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("taken/main.asm")).unwrap(),
        "keep me"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
