//! A writable file in a directory that takes no new file (no write permission): `build`
//! and `run` write it in place, as 64tass does, all or nothing. (Root writes into any
//! directory, so as root there is nothing to provoke; the output module's unit tests
//! cover the same path for everyone.)
#![cfg(unix)]

mod cli_support;

use std::os::unix::fs::{MetadataExt, PermissionsExt};

use cli_support::{TempDir, both, c64kit, is_root};

#[test]
fn outputs_in_a_read_only_directory_are_written_in_place() {
    if is_root() {
        return;
    }
    let dir = TempDir::new("in-place");
    dir.write(
        "a.asm",
        "* = $0801\n.word (+), 10\n.null $9e, \"2061\"\n+ .word 0\n rts\n",
    );
    std::fs::create_dir(dir.path("ro")).unwrap();
    for f in ["a.prg", "a.lst", "shot.png"] {
        dir.write(&format!("ro/{f}"), "old");
    }
    let inode = std::fs::metadata(dir.path("ro/a.prg")).unwrap().ino();
    std::fs::set_permissions(dir.path("ro"), PermissionsExt::from_mode(0o555)).unwrap();
    let build = c64kit(&dir.0)
        .args(["build", "a.asm", "-q", "-o", "ro/a.prg", "-L", "ro/a.lst"])
        .output()
        .unwrap();
    let run = c64kit(&dir.0)
        .args(["run", "a.asm", "--headless", "--screenshot", "ro/shot.png"])
        .output()
        .unwrap();
    // A new file can't be made there: refused, nothing written.
    let new = c64kit(&dir.0)
        .args(["build", "a.asm", "-q", "-o", "ro/new.prg"])
        .output()
        .unwrap();
    std::fs::set_permissions(dir.path("ro"), PermissionsExt::from_mode(0o755)).unwrap();
    assert!(build.status.success(), "{}", both(&build));
    assert!(run.status.success(), "{}", both(&run));
    assert!(!new.status.success());
    assert_eq!(
        std::fs::read(dir.path("ro/a.prg")).unwrap()[..2],
        [0x01, 0x08]
    );
    assert_eq!(
        std::fs::metadata(dir.path("ro/a.prg")).unwrap().ino(),
        inode
    );
    assert!(
        std::fs::read_to_string(dir.path("ro/a.lst"))
            .unwrap()
            .contains("rts")
    );
    assert_eq!(
        &std::fs::read(dir.path("ro/shot.png")).unwrap()[1..4],
        b"PNG"
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path("ro"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.lst", "a.prg", "shot.png"]);
}
