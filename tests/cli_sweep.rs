//! Every output option of `build` and `run` against every file the command reads, and
//! against each other: each such command is refused before anything is written, with a
//! message that names both, and every file is left as it was (no temporaries either).

mod cli_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use cli_support::{TempDir, both, c64kit};

#[path = "../crates/c64emu/tests/common/testrom.rs"]
mod testrom;

/// The files of a directory, with their bytes (subdirectories' files too).
fn contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut all = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for (name, bytes) in contents(&path) {
                let sub = path.file_name().unwrap().to_string_lossy();
                all.insert(format!("{sub}/{name}"), bytes);
            }
        } else {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            all.insert(name, std::fs::read(&path).unwrap());
        }
    }
    all
}

/// Runs `args` in `dir` and checks the refusal: a failure whose message says `why`,
/// and not a byte changed or added anywhere in `dir`.
fn refused(dir: &TempDir, args: &[&str], env: &[(&str, &Path)], why: &str) {
    let before = contents(&dir.0);
    let mut cmd = c64kit(&dir.0);
    cmd.args(args)
        .env_remove("C64KIT_ROMS")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out: Output = cmd.output().unwrap();
    assert!(
        !out.status.success() && out.status.code().is_some(),
        "{args:?} was accepted: {}",
        both(&out)
    );
    let text = both(&out);
    assert!(text.contains(why), "{args:?}: {text}");
    assert!(!text.contains("panicked"), "{args:?}: {text}");
    let after = contents(&dir.0);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "{args:?} added or removed files"
    );
    for (name, bytes) in &before {
        assert!(after[name] == *bytes, "{args:?} changed {name}");
    }
}

fn accepted(dir: &TempDir, args: &[&str]) {
    let out = c64kit(&dir.0)
        .args(args)
        .env_remove("C64KIT_ROMS")
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 3)),
        "{args:?}: {}",
        both(&out)
    );
}

/// A program that reads an included source and a binary, built with its source map,
/// labels and disk image, and the test ROMs with a character ROM.
fn fixture(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    dir.write(
        "prog.asm",
        "* = $0801\n.word (+), 10\n.null $9e, \"2061\"\n+ .word 0\nstart\n.include \"inc.asm\"\n jmp start\ntable .binary \"data.bin\"\n",
    );
    dir.write("inc.asm", " inc $d020\n");
    dir.write("second.asm", "extra = 1\n");
    std::fs::create_dir(dir.path("incdir")).unwrap();
    dir.write("incdir/deep.asm", " nop\n");
    dir.write(
        "main.asm",
        "* = $1000\n.include \"inc.asm\"\n.include \"deep.asm\"\n.binary \"data.bin\"\n",
    );
    std::fs::write(dir.path("data.bin"), [1, 2, 3, 4]).unwrap();
    std::fs::write(dir.path("chargen.bin"), [0x55; 4096]).unwrap();
    testrom::write_rom_dir(&dir.path("roms"));
    std::fs::write(dir.path("roms/chargen"), [0xAA; 4096]).unwrap();
    let out = c64kit(&dir.0)
        .args([
            "build",
            "prog.asm",
            "--source-map",
            "prog.map",
            "--vice-labels",
            "-l",
            "prog.labels",
            "--d64",
            "disk.d64",
            "-q",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    dir
}

const RUN_OUTPUTS: [&str; 5] = [
    "--screenshot",
    "--trace",
    "--coverage",
    "--profile",
    "--flamegraph",
];

#[test]
fn no_run_output_may_name_a_file_the_run_reads() {
    let dir = fixture("sweep-run");
    // Everything a run of the .prg reads.
    let prg_run = [
        "run",
        "prog.prg",
        "--headless",
        "--max-cycles",
        "1000",
        "--labels",
        "prog.labels",
        "--source-map",
        "prog.map",
        "--chargen",
        "chargen.bin",
        "--disk",
        "disk.d64",
        "--roms",
        "roms",
    ];
    let asm_run = ["run", "prog.asm", "--headless", "--max-cycles", "1000"];
    accepted(&dir, &[&prg_run[..], &["--screenshot", "ok.png"]].concat());
    accepted(&dir, &[&asm_run[..], &["--coverage", "ok.lcov"]].concat());
    std::fs::remove_file(dir.path("ok.png")).unwrap();
    std::fs::remove_file(dir.path("ok.lcov")).unwrap();
    let reads: [(&[&str], &str, &str); 11] = [
        (&prg_run, "prog.prg", "the program"),
        (&prg_run, "prog.labels", "the label file"),
        (&prg_run, "prog.map", "the source map"),
        (&prg_run, "chargen.bin", "the character ROM"),
        (&prg_run, "disk.d64", "the disk image"),
        (&prg_run, "roms/kernal-901227-03.bin", "a ROM image"),
        (&prg_run, "roms/basic.bin", "a ROM image"),
        (&prg_run, "roms/chargen", "a ROM image"),
        (&asm_run, "prog.asm", "the program"),
        (&asm_run, "inc.asm", "a file the program reads"),
        (&asm_run, "data.bin", "a file the program reads"),
    ];
    for (base, input, what) in reads {
        for output in RUN_OUTPUTS {
            let args = [base, &[output, input]].concat();
            refused(&dir, &args, &[], &format!("{output} {input} is {what}"));
        }
    }
    // ROMs named by the environment are inputs as well.
    let roms = dir.path("roms");
    for output in RUN_OUTPUTS {
        let args = [
            "run",
            "prog.prg",
            "--headless",
            "--source-map",
            "prog.map",
            output,
            "roms/basic.bin",
        ];
        refused(&dir, &args, &[("C64KIT_ROMS", &roms)], "a ROM image");
    }
}

#[test]
fn no_two_run_outputs_may_name_one_file() {
    let dir = fixture("sweep-run-pairs");
    dir.write("taken", "keep");
    for first in RUN_OUTPUTS {
        for second in RUN_OUTPUTS.iter().filter(|&&s| s != first) {
            let args = [
                "run",
                "prog.asm",
                "--headless",
                "--max-cycles",
                "1000",
                first,
                "taken",
                second,
                "./taken",
            ];
            refused(&dir, &args, &[], "is the same file as");
        }
    }
}

const BUILD_OUTPUTS: [&str; 13] = [
    "-o",
    "--output-append",
    "-l",
    "--labels-append",
    "-L",
    "--list-append",
    "--map",
    "--map-append",
    "-E",
    "--error-append",
    "-M",
    "--source-map",
    "--d64",
];

#[test]
fn no_build_output_may_name_a_file_the_build_reads() {
    let dir = fixture("sweep-build");
    let base = ["build", "main.asm", "second.asm", "-I", "incdir", "-q"];
    accepted(&dir, &[&base[..], &["-o", "ok.prg"]].concat());
    std::fs::remove_file(dir.path("ok.prg")).unwrap();
    let reads = [
        ("main.asm", "the source"),
        ("second.asm", "the source"),
        ("inc.asm", "a file the source reads"),
        ("incdir/deep.asm", "a file the source reads"),
        ("data.bin", "a file the source reads"),
    ];
    for (input, what) in reads {
        for output in BUILD_OUTPUTS {
            let args = [&base[..], &[output, input]].concat();
            refused(&dir, &args, &[], &format!(" {input} is {what}"));
        }
    }
    // A build that fails still reads its includes, and its messages may not go there.
    dir.write("bad.asm", ".include \"inc.asm\"\n lda #\n");
    for output in ["-E", "--error-append"] {
        let args = ["build", "bad.asm", output, "inc.asm"];
        refused(&dir, &args, &[], "inc.asm is a file the source reads");
    }
}

#[test]
fn the_diagnostics_file_may_name_no_other_output() {
    let dir = fixture("sweep-build-pairs");
    // A warning, so that -E has something to write.
    dir.write("w.asm", "* = $1000\n lda $0010,x\n");
    for error in ["-E", "--error-append"] {
        for output in BUILD_OUTPUTS
            .iter()
            .filter(|o| !["-E", "--error-append"].contains(o))
        {
            for (first, second) in [(error, *output), (*output, error)] {
                let args = ["build", "w.asm", "-Wall", first, "taken", second, "taken"];
                refused(&dir, &args, &[], "is the same file as");
            }
        }
    }
}
