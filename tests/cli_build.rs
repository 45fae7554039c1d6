//! `c64kit build` end to end: outputs, options, exit status, and that a failed
//! build writes nothing and leaves an existing output untouched.

mod cli_support;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::{TempDir, both, c64kit, tass_installed, text};

fn build(dir: &Path, args: &[&str]) -> Output {
    c64kit(dir)
        .arg("build")
        .args(args)
        .output()
        .expect("run c64kit")
}

const GOOD: &str = "* = $0801\nstart   lda #1\n        sta $d020\nloop    jmp loop\n";

#[test]
fn default_output_is_the_source_path_with_prg() {
    let dir = TempDir::new("build-default");
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
    let dir = TempDir::new("build-options");
    std::fs::create_dir_all(dir.path("lib")).unwrap();
    dir.write("lib/consts.asm", "BORDER = $d020\n");
    dir.write(
        "main.asm",
        "        .include \"consts.asm\"\n* = BASE\nstart   lda #COLOR\n        sta BORDER\n        lax #0\n_x      rts\n",
    );
    // 64tass's flags: the format flag applies to the label file after it.
    let out = build(
        &dir.0,
        &[
            "main.asm",
            "-o",
            "out.bin",
            "--nostart",
            "-l",
            "out.lbl",
            "--vice-labels",
            "-l",
            "out.vice",
            "--list",
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
    // 64tass's order (its symbol table's), checked against 64tass 1.58.
    assert_eq!(
        labels,
        "COLOR\t\t= 2\nstart\t\t= $c000\nBASE\t\t= $c000\nBORDER\t\t= $d020\n"
    );
    let vice = std::fs::read_to_string(dir.path("out.vice")).unwrap();
    assert_eq!(vice, "al c000 .start\nal c007 .start:_x\n");
    let listing = std::fs::read_to_string(dir.path("out.lst")).unwrap();
    assert!(
        listing.contains(".c000\ta9 02\t\tlda #$02\tstart   lda #COLOR\n"),
        "{listing}"
    );
    assert!(!dir.path("main.prg").exists());
}

#[test]
fn errors_exit_non_zero_and_write_nothing() {
    let dir = TempDir::new("build-errors");
    dir.write(
        "bad.asm",
        "* = $1000\n        lda #300\n        jmp nowhere\n        ldq #1\n",
    );
    let out = build(
        &dir.0,
        &["bad.asm", "--labels", "bad.lbl", "--list", "bad.lst"],
    );
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "error: too large for a 8 bit unsigned integer int '300'\n  --> bad.asm:2:14\n"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: not defined symbol 'nowhere'\n  --> bad.asm:3:13\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: wrong type 'int'\n  --> bad.asm:4:14\n"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("bad.asm: 3 errors - nothing written\n"),
        "{stderr}"
    );
    assert_eq!(dir.names(), ["bad.asm"], "only the source remains");
}

#[test]
fn a_failed_build_leaves_an_existing_output_untouched() {
    let dir = TempDir::new("build-untouched");
    dir.write("prog.asm", GOOD);
    assert!(build(&dir.0, &["prog.asm"]).status.success());
    let before = std::fs::read(dir.path("prog.prg")).unwrap();
    dir.write(
        "prog.asm",
        "* = $0801\n        bne far\n        .fill 300\nfar     rts\n",
    );
    let out = build(&dir.0, &["prog.asm"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: branch too far by +173 bytes\n  --> prog.asm:2:13\n"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.path("prog.prg")).unwrap(), before);
}

#[test]
fn missing_source_and_bad_define_fail_cleanly() {
    let dir = TempDir::new("build-missing");
    let out = build(&dir.0, &["nope.asm"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("fatal error: can't open file 'nope.asm': No such file or directory\n"),
        "{stderr}"
    );
    assert!(!dir.path("nope.prg").exists());
    // A definition that doesn't evaluate is an error where it is used, as in 64tass.
    dir.write("ok.asm", "* = $0801\n lda #X\n");
    let out = build(&dir.0, &["ok.asm", "-D", "X=zz"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: not defined symbol 'zz'\n  --> <command line>:1:3\n"),
        "{stderr}"
    );
    assert!(!dir.path("ok.prg").exists());
    // Unused, it is no error.
    dir.write("ok.asm", GOOD);
    assert!(build(&dir.0, &["ok.asm", "-D", "X=zz"]).status.success());
}

#[test]
fn warnings_are_printed_but_the_build_succeeds() {
    let dir = TempDir::new("build-warn");
    // Overwriting bytes is silent, as in 64tass; the jmp ($xxff) bug is not.
    dir.write(
        "w.asm",
        "* = $1000\n        .byte 1, 2\n* = $1000\n        jmp ($10ff)\n",
    );
    let out = build(&dir.0, &["w.asm"]);
    assert!(out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("warning: possible jmp ($xxff) bug [-Wjmp-bug]\n  --> w.asm:4:14\n"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(dir.path("w.prg")).unwrap(),
        [0x00, 0x10, 0x6c, 0xff, 0x10]
    );
}

#[test]
fn d64_option_writes_a_disk_holding_the_same_prg() {
    let dir = TempDir::new("build-d64");
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
    let dir = TempDir::new("build-d64err");
    dir.write("bad.asm", "* = $0801\n  lda #300\n");
    let out = build(&dir.0, &["bad.asm", "--d64", "bad.d64"]);
    assert!(!out.status.success());
    assert!(!dir.path("bad.d64").exists());
    assert!(!dir.path("bad.prg").exists());
}

// Where outputs go: through links, into devices and FIFOs, keeping modes.

const GOOD_PRG: [u8; 10] = [0x01, 0x08, 0xa9, 0x01, 0x8d, 0x20, 0xd0, 0x4c, 0x06, 0x08];

#[cfg(unix)]
#[test]
fn an_output_through_a_symlink_writes_the_target_and_keeps_the_link() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = TempDir::new("build-symlink");
    dir.write("ok.asm", GOOD);
    std::fs::create_dir(dir.path("real")).unwrap();
    dir.write("real/t.prg", "old");
    std::fs::set_permissions(dir.path("real/t.prg"), PermissionsExt::from_mode(0o751)).unwrap();
    symlink("real/t.prg", dir.path("l.prg")).unwrap();
    // A dangling link is written through as well: the file appears at its target.
    symlink("new.lbl", dir.path("l.lbl")).unwrap();
    let out = build(&dir.0, &["ok.asm", "-o", "l.prg", "--labels", "l.lbl"]);
    assert!(out.status.success(), "{}", both(&out));
    assert!(dir.path("l.prg").symlink_metadata().unwrap().is_symlink());
    assert!(dir.path("l.lbl").symlink_metadata().unwrap().is_symlink());
    assert_eq!(std::fs::read(dir.path("real/t.prg")).unwrap(), GOOD_PRG);
    let mode = std::fs::metadata(dir.path("real/t.prg"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o7777, 0o751, "the file keeps its mode");
    assert_eq!(
        std::fs::read_to_string(dir.path("new.lbl")).unwrap(),
        "start\t\t= $0801\nloop\t\t= $0806\n"
    );
    assert_eq!(dir.names(), ["l.lbl", "l.prg", "new.lbl", "ok.asm", "real"]);
}

#[cfg(unix)]
#[test]
fn an_output_with_hard_links_is_rewritten_in_place_for_every_name() {
    let dir = TempDir::new("build-hardlink");
    dir.write("ok.asm", GOOD);
    dir.write("a.prg", "old");
    std::fs::hard_link(dir.path("a.prg"), dir.path("b.prg")).unwrap();
    let out = build(&dir.0, &["ok.asm", "-o", "b.prg"]);
    assert!(out.status.success(), "{}", both(&out));
    assert_eq!(std::fs::read(dir.path("a.prg")).unwrap(), GOOD_PRG);
    assert_eq!(std::fs::read(dir.path("b.prg")).unwrap(), GOOD_PRG);
}

#[cfg(unix)]
#[test]
fn a_device_stays_a_device() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    // Devices are named through links in the scratch directory: a build that replaced
    // its outputs with files would only replace the links, never /dev itself.
    let dir = TempDir::new("build-device");
    dir.write("ok.asm", GOOD);
    symlink("/dev/null", dir.path("null.prg")).unwrap();
    symlink("/dev/null", dir.path("null.lbl")).unwrap();
    let out = build(
        &dir.0,
        &["ok.asm", "-o", "null.prg", "--labels", "null.lbl"],
    );
    assert!(out.status.success(), "{}", both(&out));
    for link in ["null.prg", "null.lbl"] {
        assert!(dir.path(link).symlink_metadata().unwrap().is_symlink());
    }
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    assert_eq!(
        dir.names(),
        ["null.lbl", "null.prg", "ok.asm"],
        "no temporary left"
    );
    // Written in place, so a device that fails fails the build (and says why).
    if Path::new("/dev/full").exists() {
        symlink("/dev/full", dir.path("full.prg")).unwrap();
        let out = build(&dir.0, &["ok.asm", "-o", "full.prg"]);
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains("-o full.prg: cannot write"),
            "{}",
            both(&out)
        );
        assert!(
            dir.path("full.prg")
                .symlink_metadata()
                .unwrap()
                .is_symlink()
        );
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_directly_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = TempDir::new("build-fifo");
    dir.write("ok.asm", GOOD);
    let fifo = dir.path("pipe.prg");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "mkfifo (coreutils) is needed"
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = build(&dir.0, &["ok.asm", "-o", "pipe.prg"]);
    assert!(out.status.success(), "{}", both(&out));
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    // (If it had been replaced by a regular file, the reader would wait for ever.)
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    assert_eq!(reader.join().unwrap(), GOOD_PRG);
}

// What may not be overwritten: inputs, and one output by another.

#[test]
fn an_output_naming_the_source_is_refused_however_it_is_spelled() {
    let dir = TempDir::new("build-input");
    dir.write("ok.asm", GOOD);
    std::fs::create_dir(dir.path("sub")).unwrap();
    let cases: &[&[&str]] = &[
        &["ok.asm", "-o", "ok.asm"],
        &["ok.asm", "--labels", "ok.asm"],
        &["ok.asm", "--listing", "./sub/../ok.asm"],
        &["ok.asm", "--d64", "ok.asm"],
    ];
    for args in cases {
        let out = build(&dir.0, args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("is the source; refusing to overwrite an input"),
            "{stderr}"
        );
        assert!(stderr.contains("nothing written"), "{stderr}");
        assert_eq!(std::fs::read_to_string(dir.path("ok.asm")).unwrap(), GOOD);
        assert_eq!(dir.names(), ["ok.asm", "sub"], "{args:?}");
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("ok.asm", dir.path("alias.asm")).unwrap();
        let out = build(&dir.0, &["ok.asm", "-o", "alias.asm"]);
        assert!(!out.status.success());
        assert_eq!(std::fs::read_to_string(dir.path("ok.asm")).unwrap(), GOOD);
        // The source given as a .prg: its default output is itself.
        dir.write("game.prg", GOOD);
        let out = build(&dir.0, &["game.prg"]);
        assert!(
            text(&out.stderr).contains("the output game.prg is the source"),
            "{}",
            both(&out)
        );
        assert_eq!(std::fs::read_to_string(dir.path("game.prg")).unwrap(), GOOD);
    }
}

#[test]
fn two_outputs_naming_one_file_are_refused() {
    let dir = TempDir::new("build-twice");
    dir.write("ok.asm", GOOD);
    let out = build(&dir.0, &["ok.asm", "-o", "f", "--labels", "./f"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        // Written in 64tass's order (label files before the program), the -o
        // is the second to name the file.
        stderr.contains("-o f is the same file as --labels; give each output its own file"),
        "{stderr}"
    );
    assert_eq!(dir.names(), ["ok.asm"]);
    // The same when the file exists already: it keeps its bytes.
    dir.write("f", "mine");
    let out = build(&dir.0, &["ok.asm", "-o", "f", "--listing", "f"]);
    assert!(!out.status.success());
    assert_eq!(std::fs::read_to_string(dir.path("f")).unwrap(), "mine");
}

#[test]
fn an_output_naming_a_directory_is_refused() {
    let dir = TempDir::new("build-dir");
    dir.write("ok.asm", GOOD);
    std::fs::create_dir(dir.path("out")).unwrap();
    for target in ["out", "new/"] {
        let out = build(&dir.0, &["ok.asm", "-o", target]);
        assert!(!out.status.success());
        assert!(
            text(&out.stderr).contains("nothing written"),
            "{}",
            both(&out)
        );
    }
    assert!(dir.path("out").is_dir());
    assert_eq!(dir.names(), ["ok.asm", "out"]);
}

// All outputs of a build, or none.

#[test]
fn a_failing_output_leaves_the_others_untouched() {
    let dir = TempDir::new("build-group");
    dir.write("ok.asm", GOOD);
    dir.write("p.prg", "keep");
    dir.write("p.lbl", "keep too");
    let failing: &[&[&str]] = &[
        &["--labels", "/nonexistent/x"],
        &["--labels", "p.lbl", "--listing", "missing-dir/p.lst"],
        &["--labels", "p.lbl", "--d64", "missing-dir/p.d64"],
        &["--labels", "p.lbl", "--d64", "p.d64", "--disk-name", "A,B"],
    ];
    for extra in failing {
        let mut args = vec!["ok.asm", "-o", "p.prg"];
        args.extend_from_slice(extra);
        let out = build(&dir.0, &args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains("nothing written"),
            "{}",
            both(&out)
        );
        assert_eq!(std::fs::read_to_string(dir.path("p.prg")).unwrap(), "keep");
        assert_eq!(
            std::fs::read_to_string(dir.path("p.lbl")).unwrap(),
            "keep too"
        );
        assert_eq!(dir.names(), ["ok.asm", "p.lbl", "p.prg"], "{args:?}");
    }
}

// A full or closed stdout is an error, not a panic.

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_reported_not_a_panic() {
    let dir = TempDir::new("build-full");
    dir.write("ok.asm", GOOD);
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let out = c64kit(&dir.0)
        .args(["build", "ok.asm", "-o", "x.prg"])
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: cannot write to standard output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::fs::read(dir.path("x.prg")).unwrap(), GOOD_PRG);
    // --help and usage errors go through the same check.
    let out = c64kit(&dir.0)
        .arg("--help")
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let out = c64kit(&dir.0)
        .arg("--nope")
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Both streams full: nothing to say it on, but still a failure, not a panic (101).
    let out = c64kit(&dir.0)
        .args(["build", "ok.asm", "-o", "y.prg"])
        .stdout(full())
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_closed_stdout_is_reported_not_a_panic() {
    let dir = TempDir::new("build-closed");
    dir.write("ok.asm", GOOD);
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = c64kit(&dir.0)
        .args(["build", "ok.asm"])
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: cannot write to standard output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// Disk names a C64 can LOAD.

#[test]
fn d64_names_a_c64_cannot_load_are_refused_and_nothing_is_written() {
    let dir = TempDir::new("build-d64name");
    dir.write("ok.asm", GOOD);
    for (name, why) in [
        ("A\"B", "ends the name"),
        ("A,B", "starts the file type"),
        ("A:B", "drive number"),
        ("A*", "wildcard"),
        ("A?", "wildcard"),
        ("", "at least one character"),
    ] {
        let out = build(&dir.0, &["ok.asm", "--d64", "ok.d64", "--disk-name", name]);
        assert!(!out.status.success(), "{name:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("--disk-name: D64 name"), "{stderr}");
        assert!(stderr.contains(why), "{name:?}: {stderr}");
        assert!(stderr.contains("nothing written"), "{stderr}");
        assert_eq!(dir.names(), ["ok.asm"], "{name:?}");
    }
}

#[test]
fn a_source_name_that_is_no_d64_name_suggests_disk_name() {
    let dir = TempDir::new("build-d64stem");
    dir.write("ratón_1.asm", GOOD);
    let out = build(&dir.0, &["ratón_1.asm", "--d64", "r.d64"]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("has no key on a C64"), "{stderr}");
    assert!(stderr.contains("--disk-name \"RAT-N-1\""), "{stderr}");
    assert_eq!(dir.names(), ["ratón_1.asm"]);
    // Following the suggestion works.
    let out = build(
        &dir.0,
        &["ratón_1.asm", "--d64", "r.d64", "--disk-name", "RAT-N-1"],
    );
    assert!(out.status.success(), "{}", both(&out));
    let disk = c64d64::Disk::from_bytes(&std::fs::read(dir.path("r.d64")).unwrap()).unwrap();
    assert_eq!(disk.read_file("RAT-N-1").unwrap(), GOOD_PRG);
}

#[test]
fn output_to_standard_output_is_the_exact_bytes_and_nothing_else() {
    let dir = TempDir::new("build-stdout");
    // Bytes above $7F must not be mangled as text.
    dir.write("hi.asm", "* = $c000\n lda #$ff\n .byte $80, $c0\n");
    for quiet in [false, true] {
        let mut args = vec!["hi.asm", "-o", "-"];
        if quiet {
            args.push("-q");
        }
        let out = build(&dir.0, &args);
        assert!(out.status.success(), "{}", both(&out));
        assert_eq!(out.stdout, [0x00, 0xc0, 0xa9, 0xff, 0x80, 0xc0]);
    }
}

#[test]
fn dependencies_name_each_file_once() {
    let dir = TempDir::new("build-deps");
    dir.write("part.asm", "x = 1\n");
    dir.write("pic.bin", "ab");
    dir.write(
        "main.asm",
        "* = $1000\n .include \"part.asm\"\n .binary \"pic.bin\"\n",
    );
    let out = build(&dir.0, &["main.asm", "-M", "main.d", "--make-phony"]);
    assert!(out.status.success(), "{}", both(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path("main.d")).unwrap(),
        "main.prg: main.asm pic.bin part.asm\npic.bin part.asm:\n"
    );
}

/// `-M` as 64tass writes it (compared with 64tass when it is installed): every
/// file written is a target, the included files follow in 64tass's table order
/// (not the order read), the line is broken after 64 columns, and names are
/// escaped for make.
#[test]
fn dependencies_are_64tass_rules() {
    let dir = TempDir::new("build-deps-64tass");
    let parts = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192];
    let mut main = String::from("* = $1000\n");
    for n in parts {
        dir.write(&format!("{n}.asm"), &format!(" .byte {}\n", n & 0xff));
        main.push_str(&format!(" .include \"{n}.asm\"\n"));
    }
    dir.write("a#1.asm", "x = 1\n");
    dir.write("c$.bin", "ab");
    main.push_str(" .include \"a#1.asm\"\n .binary \"c$.bin\"\n");
    dir.write("my main.asm", &main);
    let args = [
        "my main.asm",
        "-o",
        "my prog.prg",
        "-L",
        "l.lst",
        "-l",
        "lab.txt",
        "--map=m.map",
        "-E",
        "err.txt",
        "--make-phony",
        "-M",
    ];
    let out = build(&dir.0, &[&args[..], &["ours.d"]].concat());
    assert!(out.status.success(), "{}", both(&out));
    let ours = std::fs::read_to_string(dir.path("ours.d")).unwrap();
    assert_eq!(
        ours,
        "my\\ prog.prg l.lst lab.txt m.map err.txt: my\\ main.asm 2048.asm 4096.asm \\\n \
         4.asm 512.asm 32.asm 2.asm 64.asm c$$.bin 16.asm 8.asm 8192.asm a\\#1.asm \\\n \
         1024.asm 256.asm 128.asm\n\
         2048.asm 4096.asm 4.asm 512.asm 32.asm 2.asm 64.asm c$$.bin 16.asm \\\n \
         8.asm 8192.asm a\\#1.asm 1024.asm 256.asm 128.asm:\n"
    );
    same_rule_as_64tass(&dir, &args, &ours);
}

/// 64tass's `-M` rule for the same build (`args` then its file), where 64tass
/// is installed and builds it, is `ours`.
fn same_rule_as_64tass(dir: &TempDir, args: &[&str], ours: &str) {
    let tass = Command::new("64tass")
        .current_dir(&dir.0)
        .args(args)
        .arg("theirs.d")
        .output();
    if tass.is_ok_and(|o| o.status.success()) {
        assert_eq!(std::fs::read_to_string(dir.path("theirs.d")).unwrap(), ours);
    }
}

/// An include found in a `-I` directory was first looked for next to the
/// including file: 64tass keeps that path in its file table too, so it moves
/// the files its rule lists (though the missing path is not named).
#[test]
fn dependencies_follow_64tass_table_with_include_paths() {
    let dir = TempDir::new("build-deps-include-path");
    let parts = [
        "core/const",
        "core/zp",
        "util/int16",
        "util/float",
        "util/print",
        "core/irq",
    ];
    for sub in ["src/core", "src/util", "test"] {
        std::fs::create_dir_all(dir.path(sub)).unwrap();
    }
    let mut main = String::from("* = $0801\n");
    for p in parts {
        dir.write(&format!("src/{p}.asm"), " .byte 1\n");
        main.push_str(&format!(" .include \"{p}.asm\"\n"));
    }
    dir.write("test/main.asm", &main);
    let args = ["-I", "src", "test/main.asm", "-o", "t.prg", "-M"];
    let out = build(&dir.0, &[&args[..], &["ours.d"]].concat());
    assert!(out.status.success(), "{}", both(&out));
    let ours = std::fs::read_to_string(dir.path("ours.d")).unwrap();
    assert_eq!(
        ours,
        "t.prg: test/main.asm src/util/print.asm src/util/int16.asm src/core/zp.asm \\\n \
         src/core/irq.asm src/util/float.asm src/core/const.asm\n"
    );
    same_rule_as_64tass(&dir, &args, &ours);
}

/// An image output written first leaves the program's blocks flattened for
/// the hex and Atari outputs after it, as 64tass does (its blocks flattened
/// in place): a union's bytes written over each other are then one record
/// with the last value; written alone, each write keeps its record.
#[test]
fn hex_outputs_after_an_image_output_see_its_flattened_blocks() {
    let dir = TempDir::new("build-flattened");
    dir.write(
        "blocks.asm",
        "data_t .struct\nkind .byte 1\nlen .byte ?\n .ends\n\
         close_t .struct\nkind .byte 5\n .ends\n\
         block_t .union\nany .byte ?\ndata .dstruct data_t\nclose .dstruct close_t\n .endu\n\
         \x20* = $0816\n lda #<buffer\n rts\nbuffer .dunion block_t\n .byte $ea\n",
    );
    let after = [
        "blocks.asm",
        "-o",
        "b.prg",
        "--intel-hex",
        "-o",
        "b.hex",
        "--atari-xex",
        "-o",
        "b.xex",
    ];
    let alone = ["blocks.asm", "--intel-hex", "-o", "c.hex"];
    for args in [&after[..], &alone[..]] {
        let out = build(&dir.0, args);
        assert!(out.status.success(), "{}", both(&out));
    }
    let read = |name: &str| std::fs::read(dir.path(name)).unwrap();
    assert_eq!(
        read("b.hex"),
        b":04081600A9196005B7\n:01081B00EAF2\n:00000001FF\n"
    );
    assert_eq!(
        read("b.xex"),
        [
            0xff, 0xff, 0x16, 0x08, 0x19, 0x08, 0xa9, 0x19, 0x60, 0x05, 0x1b, 0x08, 0x1b, 0x08,
            0xea
        ]
    );
    assert_eq!(
        read("c.hex"),
        b":04081600A9196001BB\n:0108190005D9\n:01081B00EAF2\n:00000001FF\n"
    );
}

/// 64tass assembles every output of a command line in the smallest image
/// among their formats: beside a raw output the hex records come from the
/// 64 KiB image, `* =` past a bank moving the compile offset by the distance
/// (the bytes at $1f000 are a record at $f000), as its own did (the
/// expected bytes are 64tass 1.58's). Alone, a hex output is assembled in
/// 4 GiB. These were refused ("4 GiB address space") beside `-b`.
#[test]
fn hex_outputs_beside_a_raw_output_come_from_its_image() {
    let dir = TempDir::new("build-beside-raw");
    dir.write(
        "banks.asm",
        " .cpu \"65816\"\n * = $1000\n .byte 1\n * = $10000\n .byte 2\n * = $1f000\n .byte 3, 4\n",
    );
    let args = [
        "banks.asm",
        "-b",
        "-o",
        "b.bin",
        "--intel-hex",
        "-o",
        "b.hex",
        "--s-record",
        "-o",
        "b.srec",
    ];
    let out = build(&dir.0, &args);
    assert!(out.status.success(), "{}", both(&out));
    let read = |name: &str| std::fs::read(dir.path(name)).unwrap();
    assert_eq!(
        read("b.hex"),
        b":0100000002FD\n:0110000001EE\n:02F00000030407\n:00000001FF\n"
    );
    assert_eq!(
        read("b.srec"),
        b"S00600004844521B\nS104000002F9\nS104100001EA\nS105F000030403\nS5030003F9\nS9030000FC\n"
    );
    assert_eq!(read("b.bin").len(), 0xf002);
}

/// With `--line-numbers`, 64tass names a file on its "Processing input file"
/// row only when the row before came from another file: after a row of a
/// macro that the next source on the command line defines (its expansion
/// numbered `2:1`), that file's row has no number (a BASIC compiler's test
/// build, whose first source calls the library's macros). The expected
/// rows are 64tass 1.58's.
#[test]
fn numbered_listing_names_an_input_file_only_after_another_files_row() {
    let dir = TempDir::new("build-numbered-inputs");
    dir.write("a.asm", " * = $1000\n nop\n .m\n rts\n");
    dir.write("b.asm", "m .macro\n inx\n .endm\n iny\n");
    dir.write("c.asm", " dex\n");
    let args = [
        "--line-numbers",
        "-L",
        "t.lst",
        "-o",
        "t.prg",
        "a.asm",
        "b.asm",
        "c.asm",
    ];
    let out = build(&dir.0, &args);
    assert!(out.status.success(), "{}", both(&out));
    let listing = std::fs::read_to_string(dir.path("t.lst")).unwrap();
    let body: String = listing
        .split_inclusive('\n')
        .filter(|l| !l.starts_with(';'))
        .collect();
    assert_eq!(
        body,
        "\n\n\n:0\t;******  Processing input file: a.asm\n\n\t.1000\tea\t\tnop\t\t nop\n\
         2:1\t.1001\te8\t\tinx\t\t inx\n\t.1002\t60\t\trts\t\t rts\n\n\
         \t;******  Processing input file: b.asm\n\n4\t.0000\tc8\t\tiny\t\t iny\n\n\
         :2\t;******  Processing input file: c.asm\n\n1\t.0000\tca\t\tdex\t\t dex\n\n"
    );
}

/// Runs `build` with `input` on its standard input (a pipe).
fn build_piped(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = c64kit(dir)
        .arg("build")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run c64kit");
    let mut stdin = child.stdin.take().expect("stdin");
    // A build that stops before reading (no -o to name the output) may close the pipe
    // first: what it printed is what the tests look at.
    if let Err(e) = stdin.write_all(input.as_bytes()) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "write the source: {e}"
        );
    }
    drop(stdin);
    child.wait_with_output().expect("c64kit ends")
}

/// A source read from a pipe is read once (issue 10, item 8): errors point at their
/// line with its text, the listing has its source column, `-` is standard input as in
/// 64tass, and without -o there is no name to derive the output from, so it asks.
#[test]
fn a_source_from_a_pipe_is_read_once() {
    let dir = TempDir::new("build-pipe");
    let out = build_piped(&dir.0, &["/dev/stdin", "-o", "p.prg"], " lda #1\n lda (\n");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("/dev/stdin:2:7"), "{err}");
    assert!(err.contains(" lda ("), "{err}");
    let src = "* = $1000\n lda #1\n rts\n";
    for source in ["/dev/stdin", "-"] {
        let out = build_piped(&dir.0, &[source, "-o", "p.prg", "-L", "p.lst"], src);
        assert!(out.status.success(), "{}", both(&out));
        assert_eq!(
            std::fs::read(dir.path("p.prg")).unwrap(),
            [0x00, 0x10, 0xA9, 0x01, 0x60]
        );
        let listing = std::fs::read_to_string(dir.path("p.lst")).unwrap();
        assert!(listing.contains("lda #$01\t lda #1"), "{listing}");
        assert!(listing.contains("rts\t\t rts"), "{listing}");
    }
    let out = build_piped(&dir.0, &["-"], src);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("give -o FILE"), "{}", both(&out));
    assert_eq!(dir.names(), ["p.lst", "p.prg"]);
}

/// `.binary` of a device is read up to the size limit and refused, not read for ever
/// (issue 10, item 6); a directory is called one.
#[test]
fn a_device_or_directory_as_an_included_file_is_named_as_such() {
    let dir = TempDir::new("build-devices");
    std::fs::create_dir(dir.path("sub")).unwrap();
    for (src, why) in [
        (" .binary \"/dev/zero\"\n", "is larger than 64 MiB"),
        (" .binary \"sub\"\n", "Is a directory"),
        (" .include \"sub\"\n", "Is a directory"),
    ] {
        dir.write("dev.asm", src);
        let out = build(&dir.0, &["dev.asm"]);
        assert!(!out.status.success(), "{src}");
        assert!(text(&out.stderr).contains(why), "{src}: {}", both(&out));
        assert!(
            text(&out.stderr).contains("dev.asm:1:"),
            "{src}: {}",
            both(&out)
        );
    }
}

/// An empty program writes an empty file, as 64tass does (issue 10, item 9).
#[test]
fn an_empty_program_writes_an_empty_file() {
    let dir = TempDir::new("build-empty");
    dir.write("empty.asm", "; nothing yet\n");
    let out = build(&dir.0, &["empty.asm"]);
    assert!(out.status.success(), "{}", both(&out));
    assert_eq!(std::fs::read(dir.path("empty.prg")).unwrap(), b"");
}

/// A main source that can't be opened among several: as 64tass, the others
/// are still assembled, pass by pass, and their errors shown with the fatal
/// one in file order (a forward reference is no error), and nothing written.
#[test]
fn a_missing_source_among_several_leaves_the_others_checked() {
    let dir = TempDir::new("build-missing-among");
    dir.write("a.asm", "* = $1000\n lda #D\n jmp later\nlater rts\n");
    dir.write("c.asm", "later = 5\n lda #H\n");
    let out = build(&dir.0, &["a.asm", "gone.asm", "c.asm", "-o", "x.prg"]);
    assert_eq!(out.status.code(), Some(1), "{}", both(&out));
    let stderr = text(&out.stderr);
    let ours: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("error: ") || l.starts_with("  --> "))
        .map(str::trim)
        .collect();
    assert_eq!(
        ours,
        [
            "error: not defined symbol 'D'",
            "--> a.asm:2:7",
            "fatal error: can't open file 'gone.asm': No such file or directory",
            "error: duplicate definition 'later'",
            "--> c.asm:1:1",
            "--> a.asm:4:1",
            "error: not defined symbol 'H'",
            "--> c.asm:2:7",
        ],
        "{}",
        both(&out)
    );
    assert!(!dir.path("x.prg").exists());
}

/// 64tass's fatal errors (a file that can't be opened, too many passes, an
/// unknown `.option` ...) are printed as "fatal error", as 64tass prints them,
/// though assembly goes on after most; a main source that can't be opened is
/// "can't open file" with no place in a source (64tass's place is its name).
#[test]
fn fatal_errors_are_printed_as_64tass_prints_them() {
    let dir = TempDir::new("build-fatal");
    dir.write(
        "main.asm",
        "* = $1000\n .include \"gone.asm\"\n .option nosuch = 1\n lda #1/0\n",
    );
    let out = build(&dir.0, &["main.asm", "-o", "x.prg"]);
    assert!(!out.status.success());
    let ours: Vec<String> = text(&out.stderr)
        .lines()
        .filter_map(|l| {
            l.strip_prefix("fatal error: ")
                .or(l.strip_prefix("error: "))
                .map(|m| (l, m))
        })
        .map(|(l, m)| format!("{}{m}", if l.starts_with("fatal") { "fatal " } else { "" }))
        .collect();
    let expected = [
        "fatal can't open file 'gone.asm': No such file or directory",
        "fatal unknown option 'nosuch'",
        "division by zero int '0'",
    ];
    assert_eq!(ours, expected);
    let out = build(&dir.0, &["nope.asm"]);
    assert_eq!(
        text(&out.stderr).lines().next(),
        Some("fatal error: can't open file 'nope.asm': No such file or directory")
    );
    // The same words as 64tass's, where it is installed.
    let Ok(tass) = Command::new("64tass")
        .current_dir(&dir.0)
        .args(["-q", "--no-caret-diag", "main.asm", "-o", "t.prg"])
        .output()
    else {
        return;
    };
    let theirs: Vec<String> = text(&tass.stderr)
        .lines()
        .filter_map(|l| {
            l.split_once(": fatal error: ")
                .map(|(_, m)| format!("fatal {m}"))
                .or(l.split_once(": error: ").map(|(_, m)| m.to_string()))
        })
        .collect();
    assert_eq!(theirs, expected);
    let tass = Command::new("64tass")
        .current_dir(&dir.0)
        .arg("nope.asm")
        .output()
        .unwrap();
    assert_eq!(
        text(&tass.stderr).lines().next(),
        Some("64tass: fatal error: can't open file 'nope.asm': No such file or directory")
    );
}

/// An option 64tass 1.58 doesn't know (a 1.59 one, as a Foenix program's
/// `--output-exec=2000 --c256-pgz`, or an unknown `-W` name): started as
/// `64tass`, c64kit refuses it in 64tass's words, its name before the fatal
/// error and 64tass's help named after it (it named `c64kit build`).
/// Compared with 64tass where it is installed.
#[test]
fn an_unknown_option_is_refused_in_64tass_words_when_started_as_64tass() {
    let dir = TempDir::new("build-unknown-option-as-64tass");
    dir.write("a.asm", "* = $1000\n        rts\n");
    let link = dir.link_as_64tass();
    let tass_installed = tass_installed();
    let cases = [
        (
            "--output-exec=2000",
            "option '--output-exec=2000' not recognized",
        ),
        ("--c256-pgz", "option '--c256-pgz' not recognized"),
        ("-Wbogus", "unrecognized option '-Wbogus'"),
    ];
    for (flag, why) in cases {
        let run = |program: &Path| {
            Command::new(program)
                .current_dir(&dir.0)
                .args([flag, "a.asm", "-o", "a.prg"])
                .output()
                .expect("run")
        };
        let ours = run(&link);
        assert_eq!(ours.status.code(), Some(1), "{flag}: {}", both(&ours));
        assert_eq!(
            text(&ours.stderr),
            format!(
                "64tass: fatal error: {why}\n\
                 Try '64tass --help' or '64tass --usage' for more information.\n"
            ),
            "{flag}"
        );
        if tass_installed {
            let theirs = run(Path::new("64tass"));
            assert_eq!(theirs.stderr, ours.stderr, "{flag}");
            assert_eq!(theirs.status.code(), ours.status.code(), "{flag}");
        }
    }
}

/// A file written to standard output (`-o -`, `-l -`, `-M -`, ...) makes
/// 64tass quiet: started as `64tass`, c64kit left its header and summary in
/// the program piped on (c64playground's `64tass -o - ... | pucrunch`).
/// Compared with 64tass where it is installed.
#[test]
fn a_file_to_standard_output_leaves_out_64tass_header_and_summary() {
    let dir = TempDir::new("build-stdout-quiet");
    dir.write("a.asm", "* = $1000\nstart   lda #1\n        rts\n");
    let link = dir.link_as_64tass();
    let cases: [&[&str]; 6] = [
        &["-o", "-"],
        &["-l", "-", "-o", "x.prg"],
        &["--vice-labels", "-l", "-", "-o", "x.prg"],
        &["-M", "-", "-o", "x.prg"],
        &["-L", "-", "-o", "x.prg"],
        &["--map=-", "-o", "x.prg"],
    ];
    let tass_installed = tass_installed();
    for args in cases {
        let run = |program: &Path| {
            Command::new(program)
                .current_dir(&dir.0)
                .args(args)
                .arg("a.asm")
                .output()
                .expect("run")
        };
        let ours = run(&link);
        assert!(ours.status.success(), "{args:?}: {}", both(&ours));
        let stdout = text(&ours.stdout);
        // The banner's second line (its first is also a listing's and a
        // map's title).
        assert!(
            !stdout.contains("64TASS comes with ABSOLUTELY NO WARRANTY"),
            "{args:?}: {stdout}"
        );
        assert!(!stdout.contains("Passes:"), "{args:?}: {stdout}");
        // A listing's head holds the command line (the program's path as
        // started) and the date: not compared.
        let compared = !args.contains(&"-L");
        if compared && tass_installed {
            let theirs = run(Path::new("64tass"));
            assert_eq!(theirs.stdout, ours.stdout, "{args:?}");
            assert_eq!(theirs.stderr, ours.stderr, "{args:?}");
        }
    }
}
