//! `c64kit run` on what C64 people have on disk: .d64 images (35 or 40 tracks, with or
//! without an error table), .p00 and .t64 wrappers, and .crt named (a broken .sid too)
//! instead of crashed into, .g64/.p64 pointed to the true drive; a .asm assembled with
//! `build`'s flags; programs saved from $0800; BASIC programs without ROMs.
mod cli_support;

use std::process::Output;

use cli_support::{TempDir, run_headless as run};

/// BASIC stub `10 SYS 2061` + code at $080D that prints "HELLO" and returns.
fn hello_prg() -> Vec<u8> {
    let mut prg = vec![
        0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
    ];
    prg.extend([
        0xA2, 0x00, 0xBD, 0x1B, 0x08, 0xF0, 0x06, 0x20, 0xD2, 0xFF, 0xE8, 0xD0, 0xF5, 0x60, b'H',
        b'E', b'L', b'L', b'O', 0x0D, 0x00,
    ]);
    prg
}

fn file(dir: &TempDir, name: &str, bytes: &[u8]) -> String {
    let p = dir.path(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

fn text(o: &Output) -> (i32, String, String) {
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Runs `path` and expects HELLO on the screen.
fn says_hello(dir: &TempDir, path: &str) {
    let (code, out, err) = text(&run(dir, &[path, "--print-screen"]));
    assert_eq!(code, 0, "{path}: {err}");
    assert_eq!(out.lines().next(), Some("HELLO"), "{path}: {out}{err}");
}

/// A disk holding a SEQ file, then the program, then another program.
fn disk_with_hello() -> Vec<u8> {
    let mut disk = c64d64::Disk::new("GAMES", "01").unwrap();
    disk.add_file("NOTES", c64d64::TYPE_SEQ, b"text").unwrap();
    disk.add_prg("HELLO", &hello_prg()).unwrap();
    disk.add_prg("OTHER", &[0x00, 0xC0, 0x02]).unwrap();
    disk.bytes().to_vec()
}

#[test]
fn a_d64_of_any_common_size_autostarts_its_first_program() {
    let dir = TempDir::new("formats-d64");
    let plain = disk_with_hello();
    says_hello(&dir, &file(&dir, "game.d64", &plain));
    // With an error table (175,531 bytes), 40 tracks (196,608), both (197,376).
    let mut errors = plain.clone();
    errors.extend([1u8; 683]);
    says_hello(&dir, &file(&dir, "errors.d64", &errors));
    let mut forty = plain.clone();
    forty.resize(196_608, 0);
    says_hello(&dir, &file(&dir, "forty.d64", &forty));
    forty.extend([1u8; 768]);
    says_hello(&dir, &file(&dir, "forty-errors.d64", &forty));
    // The disk stays in drive 8, and the device number is 8 as after LOAD"*",8,1: a
    // loader that LOADs "OTHER" from the device it came from gets it.
    let loader = [
        0xA9, 0x01, 0xA6, 0xBA, 0xA0, 0x01, 0x20, 0xBA, 0xFF, 0xA9, 0x05, 0xA2, 0x25, 0xA0, 0x08,
        0x20, 0xBD, 0xFF, 0xA9, 0x00, 0x20, 0xD5, 0xFF, 0x60, b'O', b'T', b'H', b'E', b'R',
    ];
    let mut prg = hello_prg()[..14].to_vec();
    prg.extend(loader);
    let mut disk = c64d64::Disk::new("LOADER", "01").unwrap();
    disk.add_prg("BOOT", &prg).unwrap();
    disk.add_prg("OTHER", &[0x00, 0xC0, 0x2A]).unwrap();
    let (code, out, err) = text(&run(
        &dir,
        &[&file(&dir, "loader.d64", disk.bytes()), "--dump", "$c000:1"],
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("C000  2A"), "{out}{err}");
}

#[test]
fn an_error_table_sector_is_a_read_error_and_bad_sizes_are_named() {
    let dir = TempDir::new("formats-d64-errors");
    let mut img = disk_with_hello();
    img.extend([1u8; 683]);
    // The program's first sector: the second file DOS put down (after NOTES on 17/0).
    let d = c64d64::Disk::from_bytes(&img).unwrap();
    let entry = d.directory().unwrap()[1].clone();
    let index: usize = (1..entry.track)
        .map(|t| usize::from(c64d64::sectors_per_track(t)))
        .sum::<usize>()
        + usize::from(entry.sector);
    img[c64d64::IMAGE_SIZE + index] = 5;
    let (code, _, err) = text(&run(&dir, &[&file(&dir, "bad.d64", &img)]));
    assert_eq!(code, 6, "{err}");
    assert!(
        err.contains(&format!(
            "track {} sector {} is marked unreadable in the image's error table (DOS error 23)",
            entry.track, entry.sector
        )),
        "{err}"
    );
    // The same image is accepted as --disk (a program that does not read that file runs).
    let (code, _, err) = text(&run(
        &dir,
        &[
            "--disk",
            &file(&dir, "bad2.d64", &img),
            &file(&dir, "p.prg", &hello_prg()),
        ],
    ));
    assert_eq!(code, 0, "{err}");
    // A size that is no disk is a too-long .prg, as before; --disk says which sizes are.
    let odd = vec![0u8; 174_846];
    let (code, _, err) = text(&run(&dir, &[&file(&dir, "odd.d64", &odd)]));
    assert_eq!(code, 6);
    assert!(err.contains("would run past $FFFF"), "{err}");
    let (code, _, err) = text(&run(
        &dir,
        &[
            "--disk",
            &file(&dir, "odd2.d64", &odd),
            &file(&dir, "q.prg", &hello_prg()),
        ],
    ));
    assert_eq!(code, 6);
    assert!(
        err.contains("175531 (35 tracks with an error table)"),
        "{err}"
    );
}

#[test]
fn p00_and_t64_are_unwrapped() {
    let dir = TempDir::new("formats-wrapped");
    let mut p00 = b"C64File\0HELLO\0\0\0\0\0\0\0\0\0\0\0\0\0".to_vec();
    p00.extend(hello_prg());
    says_hello(&dir, &file(&dir, "hello.p00", &p00));
    // A T64 whose end address is the common wrong $C3C6.
    let prg = hello_prg();
    let mut t64 = vec![0u8; 96];
    t64[..19].copy_from_slice(b"C64 tape image file");
    t64[34] = 1;
    t64[36] = 1;
    t64[64] = 1;
    t64[65] = 0x82;
    t64[66..68].copy_from_slice(&prg[..2]);
    t64[68..70].copy_from_slice(&0xC3C6u16.to_le_bytes());
    t64[72..76].copy_from_slice(&96u32.to_le_bytes());
    t64[80..96].copy_from_slice(b"HELLO           ");
    t64.extend(&prg[2..]);
    says_hello(&dir, &file(&dir, "hello.t64", &t64));
}

#[test]
fn sid_and_crt_files_are_named_not_run() {
    let dir = TempDir::new("formats-sid-crt");
    // A .sid is played (tests/cli_sid_tunes.rs); a broken one is a load error.
    let mut sid = b"PSID\x00\x02\x00\x7c\x10\x00".to_vec();
    sid.resize(200, 0);
    let (code, _, err) = text(&run(&dir, &[&file(&dir, "tune.sid", &sid)]));
    assert_eq!(code, 6);
    assert!(
        err.contains("tune.sid: a SID tune with 0 songs (1 to 256)"),
        "{err}"
    );
    let mut crt = b"C64 CARTRIDGE   \x00\x00\x00\x40".to_vec();
    crt.resize(200, 0);
    let (code, _, err) = text(&run(&dir, &[&file(&dir, "game.crt", &crt)]));
    assert_eq!(code, 6);
    assert!(
        err.contains("game.crt: this is a cartridge image (.crt)"),
        "{err}"
    );
}

#[test]
fn run_takes_builds_assembler_flags() {
    let dir = TempDir::new("formats-asm-flags");
    let src = dir.write(
        "hi.asm",
        "* = $c000\n ldx #0\nloop lda msg,x\n beq done\n jsr $ffd2\n inx\n bne loop\ndone rts\n\
         msg .text \"hi\", 13, 0\n",
    );
    let src = src.to_str().unwrap();
    // 64tass without -a: "hi" is the bytes $68 $69, PETSCII graphics.
    let (code, out, err) = text(&run(&dir, &[src, "--print-screen"]));
    assert_eq!(code, 0, "{err}");
    assert_ne!(out.lines().next(), Some("HI"), "{out}");
    // With -a (as `c64kit build -a`): the letters.
    let (code, out, err) = text(&run(&dir, &["-a", src, "--print-screen"]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("HI"), "{out}");
    // -D defines a symbol; an unknown -W is a usage error; -T reads TASM's
    // expressions (left to right: 2+3*4 is 20).
    let src2 = dir.write("d.asm", "* = $c000\n lda #VALUE\n sta $0400\n rts\n");
    let src2 = src2.to_str().unwrap();
    let (code, out, err) = text(&run(&dir, &["-D", "VALUE=8", src2, "--dump", "$0400:1"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("0400  08"), "{out}");
    let (code, _, err) = text(&run(&dir, &["-Wfoo", src2]));
    assert_eq!(
        (code, err.trim()),
        (2, "c64kit run: unrecognized option '-Wfoo'")
    );
    let src3 = dir.write("t.asm", "* = $c000\n lda #2+3*4\n sta $0400\n rts\n");
    let src3 = src3.to_str().unwrap();
    let (code, out, err) = text(&run(
        &dir,
        &["--tasm-compatible", src3, "--dump", "$0400:1"],
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("0400  14"), "{out}");
}

#[test]
fn a_prg_saved_from_0800_starts_at_its_sys_line_without_roms() {
    let dir = TempDir::new("formats-0800");
    // The same program saved from $0800: BASIC's zero byte first.
    let mut prg = vec![0x00, 0x08, 0x00];
    prg.extend(&hello_prg()[2..]);
    says_hello(&dir, &file(&dir, "at0800.prg", &prg));
}

#[test]
fn a_basic_program_without_roms_says_it_needs_basic() {
    let dir = TempDir::new("formats-basic");
    // 10 PRINT "HI"
    let prg = [
        0x01, 0x08, 0x0C, 0x08, 0x0A, 0x00, 0x99, b' ', b'"', b'H', b'I', b'"', 0, 0, 0,
    ];
    let (code, _, err) = text(&run(&dir, &[&file(&dir, "basic.prg", &prg)]));
    assert_eq!(code, 6);
    assert!(
        err.contains("a BASIC program (its first line at $0801 has no SYS): it needs BASIC")
            && err.contains("--roms DIR"),
        "{err}"
    );
    assert!(!err.contains("--start"), "{err}");
    // Machine code with no BASIC line at all still gets the --start hint.
    let (code, _, err) = text(&run(
        &dir,
        &[&file(&dir, "mc.prg", &[0x01, 0x08, 0, 0, 0x60])],
    ));
    assert_eq!(code, 6);
    assert!(err.contains("give the entry with --start ADDR"), "{err}");
}

#[test]
fn track_images_are_for_the_true_drive_only() {
    let dir = TempDir::new("formats-tracks");
    let hello = file(&dir, "h.prg", &hello_prg());
    for (name, head, kind) in [
        ("t.g64", &b"GCR-1541\0\x54\0\x1f"[..], "G64"),
        ("t.p64", &b"P64-1541\0\0\0\0"[..], "P64"),
    ] {
        let image = file(&dir, name, head);
        // In the virtual drive: refused, saying who reads it.
        let (code, _, err) = text(&run(&dir, &["--disk", &image, &hello]));
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains(&format!(
                "a {kind} image holds tracks, which only a true 1541 reads"
            )),
            "{err}"
        );
        // As the program: named, not run as a .prg.
        let (code, _, err) = text(&run(&dir, &[&image]));
        assert_eq!(code, 6, "{err}");
        assert!(err.contains(&format!("a {kind} disk image")), "{err}");
        assert!(err.contains("--disk FILE --drive 1541"), "{err}");
    }
}
