//! `c64kit build` end to end: outputs, options, exit status, and that a failed
//! build writes nothing and leaves an existing output untouched.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("c64kit-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn build(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .current_dir(dir)
        .arg("build")
        .args(args)
        .output()
        .expect("run c64kit")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const GOOD: &str = "* = $0801\nstart   lda #1\n        sta $d020\nloop    jmp loop\n";

#[test]
fn default_output_is_the_source_path_with_prg() {
    let dir = TempDir::new("default");
    dir.write("game.asm", GOOD);
    let out = build(&dir.0, &["game.asm"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let prg = std::fs::read(dir.path("game.prg")).unwrap();
    assert_eq!(
        prg,
        [0x01, 0x08, 0xa9, 0x01, 0x8d, 0x20, 0xd0, 0x4c, 0x06, 0x08]
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("game.prg"), "{stdout}");
    assert!(stdout.contains("$0801-$0808"), "{stdout}");
    assert!(stdout.contains("8 bytes"), "{stdout}");
}

#[test]
fn output_raw_labels_listing_defines_and_include_dirs() {
    let dir = TempDir::new("options");
    std::fs::create_dir_all(dir.path("lib")).unwrap();
    dir.write("lib/consts.asm", "BORDER = $d020\n");
    dir.write(
        "main.asm",
        "        .include \"consts.asm\"\n* = BASE\nstart   lda #COLOR\n        sta BORDER\n        lax #0\n_x      rts\n",
    );
    let out = build(
        &dir.0,
        &[
            "main.asm",
            "-o",
            "out.bin",
            "--raw",
            "--labels",
            "out.lbl",
            "--listing",
            "out.lst",
            "-D",
            "BASE=$c000",
            "-D",
            "COLOR=2",
            "-I",
            "lib",
            "-i",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read(dir.path("out.bin")).unwrap(),
        [0xa9, 0x02, 0x8d, 0x20, 0xd0, 0xab, 0x00, 0x60]
    );
    let labels = std::fs::read_to_string(dir.path("out.lbl")).unwrap();
    assert_eq!(labels, "al C:c000 .start\nal C:c007 .start:_x\n");
    let listing = std::fs::read_to_string(dir.path("out.lst")).unwrap();
    assert!(listing.contains(".c000  a9 02"), "{listing}");
    assert!(listing.contains("lda #COLOR"), "{listing}");
    assert!(!dir.path("main.prg").exists());
}

#[test]
fn errors_exit_non_zero_and_write_nothing() {
    let dir = TempDir::new("errors");
    dir.write(
        "bad.asm",
        "* = $1000\n        lda #300\n        jmp nowhere\n        ldq #1\n",
    );
    let out = build(
        &dir.0,
        &["bad.asm", "--labels", "bad.lbl", "--listing", "bad.lst"],
    );
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("bad.asm:2:14"), "{stderr}");
    assert!(stderr.contains("bad.asm:3:13"), "{stderr}");
    assert!(stderr.contains("bad.asm:4:9"), "{stderr}");
    assert!(stderr.contains("undefined symbol 'nowhere'"), "{stderr}");
    assert!(stderr.contains("3 errors"), "{stderr}");
    for f in ["bad.prg", "bad.lbl", "bad.lst"] {
        assert!(!dir.path(f).exists(), "{f} was written");
    }
    let leftovers: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "only the source remains: {leftovers:?}");
}

#[test]
fn a_failed_build_leaves_an_existing_output_untouched() {
    let dir = TempDir::new("untouched");
    dir.write("prog.asm", GOOD);
    assert!(build(&dir.0, &["prog.asm"]).status.success());
    let before = std::fs::read(dir.path("prog.prg")).unwrap();
    dir.write(
        "prog.asm",
        "* = $0801\n        bne far\n        .fill 300\nfar     rts\n",
    );
    let out = build(&dir.0, &["prog.asm"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("out of range"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(dir.path("prog.prg")).unwrap(), before);
}

#[test]
fn missing_source_and_bad_define_fail_cleanly() {
    let dir = TempDir::new("missing");
    let out = build(&dir.0, &["nope.asm"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("nope.asm"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path("nope.prg").exists());
    dir.write("ok.asm", GOOD);
    let out = build(&dir.0, &["ok.asm", "-D", "X=zz"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("not a number"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path("ok.prg").exists());
}

#[test]
fn warnings_are_printed_but_the_build_succeeds() {
    let dir = TempDir::new("warn");
    dir.write(
        "w.asm",
        "* = $1000\n        .byte 1, 2\n* = $1000\n        .byte 3\n",
    );
    let out = build(&dir.0, &["w.asm"]);
    assert!(out.status.success());
    assert!(
        text(&out.stderr).contains("warning"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read(dir.path("w.prg")).unwrap(),
        [0x00, 0x10, 3, 2]
    );
}

#[test]
fn d64_option_writes_a_disk_holding_the_same_prg() {
    let dir = TempDir::new("d64");
    dir.write("hello.asm", "* = $0801\n.byte 1, 2, 3\n.fill 600, $ea\n");
    let out = build(&dir.0, &["hello.asm", "--d64", "hello.d64"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let prg = std::fs::read(dir.path("hello.prg")).unwrap();
    let image = std::fs::read(dir.path("hello.d64")).unwrap();
    assert_eq!(image.len(), c64d64::IMAGE_SIZE);
    let disk = c64d64::Disk::from_bytes(&image).unwrap();
    assert_eq!(disk.name(), b"HELLO");
    let dir_entries = disk.directory().unwrap();
    assert_eq!(dir_entries.len(), 1);
    assert_eq!(dir_entries[0].name, b"HELLO");
    assert_eq!(dir_entries[0].file_type, c64d64::TYPE_PRG);
    assert_eq!(dir_entries[0].blocks, 3); // 605 bytes = 3 sectors of 254
    assert_eq!(disk.read_file("HELLO").unwrap(), prg);
    assert_eq!(disk.blocks_free(), 661);
}

#[test]
fn a_failed_build_writes_no_disk_image() {
    let dir = TempDir::new("d64err");
    dir.write("bad.asm", "* = $0801\n  lda #300\n");
    let out = build(&dir.0, &["bad.asm", "--d64", "bad.d64"]);
    assert!(!out.status.success());
    assert!(!dir.path("bad.d64").exists());
    assert!(!dir.path("bad.prg").exists());
}
