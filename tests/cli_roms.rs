//! `c64kit run --roms DIR`: the user's ROMs (here the test ROMs the emulator's tests
//! assemble), found by their usual names, booting to READY, typed programs, autostart.
mod cli_support;
#[path = "../crates/c64emu/tests/common/testrom.rs"]
mod testrom;

use std::process::{Command, Output};

use cli_support::TempDir;

/// The test ROMs in a directory of their own for test `tag` (removed when it drops).
fn rom_dir(tag: &str) -> TempDir {
    let dir = TempDir::new(&format!("cli-rom-images-{tag}"));
    testrom::write_rom_dir(&dir.0);
    dir
}

fn c64kit(args: &[&str], env_roms: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_c64kit"));
    c.arg("run")
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    match env_roms {
        Some(d) => c.env("C64KIT_ROMS", d),
        None => c.env_remove("C64KIT_ROMS"),
    };
    c.output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn roms_without_a_program_boot_to_ready() {
    let roms = rom_dir("boot");
    let dir = &roms.0;
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            "--headless",
            "--print-screen",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let screen = out(&o);
    let lines: Vec<&str> = screen.lines().take(2).collect();
    assert_eq!(lines, ["TEST BASIC", "READY."]);
    // The same from the environment variable.
    let o = c64kit(&["--headless", "--print-screen"], dir.to_str());
    assert_eq!(out(&o).lines().next(), Some("TEST BASIC"), "{}", err(&o));
    // Without ROMs and without a program there is nothing to run.
    let o = c64kit(&["--headless"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("a program file is needed"), "{}", err(&o));
}

#[test]
fn a_typed_program_runs() {
    let roms = rom_dir("typed");
    let dir = &roms.0;
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            "--headless",
            "--keys",
            "10 PRINT \"TYPED\"\\nRUN\\n",
            "--print-screen",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let screen = out(&o);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(&lines[2..6], ["10 PRINT \"TYPED\"", "RUN", "TYPED", ""]);
    assert_eq!(lines[6], "READY.");
}

#[test]
fn a_prg_is_injected_and_started_with_run_or_sys() {
    let roms = rom_dir("prg");
    let dir = &roms.0;
    let tmp_dir = TempDir::new("cli-roms-prg");
    let tmp = &tmp_dir.0;
    // 10 SYS 2061: print "GO" and return.
    let mut prg = vec![
        0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
    ];
    prg.extend([
        0xA9, b'G', 0x20, 0xD2, 0xFF, 0xA9, b'O', 0x20, 0xD2, 0xFF, 0x60,
    ]);
    let basic = tmp.join("go.prg");
    std::fs::write(&basic, &prg).unwrap();
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            basic.to_str().unwrap(),
            "--headless",
            "--print-screen",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let screen = out(&o);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(&lines[1..5], ["READY.", "RUN", "GO", "READY."]);
    // Machine code elsewhere starts with SYS.
    let mc = tmp.join("mc.prg");
    std::fs::write(&mc, [0x00, 0xC0, 0xA9, b'M', 0x20, 0xD2, 0xFF, 0x60]).unwrap();
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            mc.to_str().unwrap(),
            "--headless",
            "--print-screen",
        ],
        None,
    );
    let screen = out(&o);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(&lines[2..4], ["SYS 49152", "M"], "{}", err(&o));
}

#[test]
fn missing_or_bad_roms_are_named() {
    let empty_dir = TempDir::new("cli-noroms");
    let empty = &empty_dir.0;
    let o = c64kit(&["--roms", empty.to_str().unwrap(), "--headless"], None);
    assert_eq!(o.status.code(), Some(6));
    let e = err(&o);
    assert!(
        e.contains("no KERNAL image (looked for kernal-901227-03.bin"),
        "{e}"
    );
    assert!(e.contains("no BASIC image"), "{e}");
    std::fs::write(empty.join("kernal.bin"), [0u8; 8000]).unwrap();
    std::fs::write(empty.join("basic.bin"), [0u8; 8192]).unwrap();
    let o = c64kit(&["--roms", empty.to_str().unwrap(), "--headless"], None);
    assert_eq!(o.status.code(), Some(6));
    assert!(
        err(&o).contains("a KERNAL image is 8192 bytes, this file is 8000"),
        "{}",
        err(&o)
    );
}

#[test]
fn save_and_load_through_the_roms_serial_routines() {
    let roms = rom_dir("serial");
    let dir = &roms.0;
    let disk_dir = TempDir::new("cli-romdisk");
    let disk = &disk_dir.0;
    std::fs::write(disk.join("data.prg"), [0x00, 0xC1, 7, 8, 9]).unwrap();
    // $C000: SETLFS 1,8,1; SETNAM "DATA"; LOAD; RTS
    let code = [
        0x00, 0xC0, 0xA9, 0x01, 0xA2, 0x08, 0xA0, 0x01, 0x20, 0xBA, 0xFF, 0xA9, 0x04, 0xA2, 0x18,
        0xA0, 0xC0, 0x20, 0xBD, 0xFF, 0xA9, 0x00, 0x20, 0xD5, 0xFF, 0x60, b'D', b'A', b'T', b'A',
    ];
    let prg = disk.join("loader.prg");
    std::fs::write(&prg, code).unwrap();
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            "--disk",
            disk.to_str().unwrap(),
            prg.to_str().unwrap(),
            "--headless",
            "--dump",
            "$c100:3",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("C100  07 08 09"), "{}", out(&o));
}

#[test]
fn a_prg_saved_from_0800_is_run_as_vices_autostart_does() {
    let roms = rom_dir("from-0800");
    let dir = &roms.0;
    let tmp_dir = TempDir::new("cli-roms-0800");
    let tmp = &tmp_dir.0;
    // Saved from $0800: BASIC's zero byte, then `10 SYS 2061` at $0801 and the code.
    let mut prg = vec![
        0x00, 0x08, 0x00, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
    ];
    prg.extend([
        0xA9, b'G', 0x20, 0xD2, 0xFF, 0xA9, b'O', 0x20, 0xD2, 0xFF, 0x60,
    ]);
    let path = tmp.join("at0800.prg");
    std::fs::write(&path, &prg).unwrap();
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            path.to_str().unwrap(),
            "--headless",
            "--print-screen",
            "--dump",
            "$2d:2",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let screen = out(&o);
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(&lines[1..5], ["READY.", "RUN", "GO", "READY."], "{screen}");
    // LOAD"",8,1 left the variables' start at the end of what it loaded ($0818).
    assert!(screen.contains("002D  18 08"), "{screen}");
}

#[test]
fn the_cycle_limit_counts_from_power_on_with_the_roms() {
    let roms = rom_dir("limit");
    let dir = &roms.0;
    let tmp_dir = TempDir::new("cli-roms-limit");
    let tmp = &tmp_dir.0;
    // $C000: JMP $C000
    let path = tmp.join("spin.prg");
    std::fs::write(&path, [0x00, 0xC0, 0x4C, 0x00, 0xC0]).unwrap();
    let o = c64kit(
        &[
            "--roms",
            dir.to_str().unwrap(),
            path.to_str().unwrap(),
            "--headless",
            "--max-cycles",
            "3000000",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let e = err(&o);
    let cycles: u64 = e
        .rsplit("after ")
        .next()
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no cycle count in {e:?}"));
    // The ROM boot is part of the budget, as in VICE's -limitcycles: the run stops
    // within one instruction of it, not the boot's cycles later.
    assert!((3_000_000..3_000_010).contains(&cycles), "{e}");
}
