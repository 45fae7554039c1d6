//! The virtual drive on device 8, through the stub KERNAL's native routines and through
//! the test ROMs' serial routines (trapped): LOAD, SAVE and channels, from a host
//! directory and from a D64 image; SAVE never writes through a link or onto a device.
mod common;

use std::path::Path;

use c64emu::Machine;
use common::testrom::test_roms;

/// A fresh directory, removed when it drops.
fn tmpdir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("c64emu-disk-{name}-"))
        .tempdir()
        .unwrap()
}

/// Assemble `body` at $C000 (with the KERNAL names) and load it.
fn code(m: &mut Machine, body: &str) {
    let src = format!(
        "setlfs = $ffba\nsetnam = $ffbd\nload = $ffd5\nsave = $ffd8\nopen = $ffc0\nclose = $ffc3\n\
         chkin = $ffc6\nchkout = $ffc9\nclrchn = $ffcc\nchrin = $ffcf\nchrout = $ffd2\nreadst = $ffb7\n\
         * = $c000\n{body}\n"
    );
    let opts = c64asm::Options {
        ascii: true,
        ..Default::default()
    };
    let p = c64asm::assemble_str("t.asm", &src, &opts).unwrap_or_else(|d| panic!("{d}"));
    m.load_prg(&p.prg_bytes()).unwrap();
}

/// A stub machine or a test-ROM machine booted to READY, with `disk` in drive 8.
fn machine(real: bool, disk: &Path) -> Machine {
    let mut m = if real {
        let mut m = Machine::with_roms(&test_roms());
        m.run_until_idle(5_000_000).expect("boots");
        m
    } else {
        Machine::new()
    };
    m.attach_disk(disk).expect("disk attaches");
    m
}

/// LOAD "name",8,1 then store A, X, Y and the carry at $C300.
fn load_code(name: &str) -> String {
    format!(
        "        lda #1\n        ldx #8\n        ldy #1\n        jsr setlfs\n\
         lda #{len}\n        ldx #<fname\n        ldy #>fname\n        jsr setnam\n\
         lda #0\n        jsr load\n        sta $c300\n        stx $c301\n        sty $c302\n\
         lda #0\n        rol a\n        sta $c303\n        rts\nfname .text \"{name}\"\n",
        len = name.len()
    )
}

/// SAVE "name",8 of $C200-$C20F.
fn save_code(name: &str) -> String {
    format!(
        "        lda #1\n        ldx #8\n        ldy #1\n        jsr setlfs\n\
         lda #{len}\n        ldx #<fname\n        ldy #>fname\n        jsr setnam\n\
         lda #$00\n        sta $fb\n        lda #$c2\n        sta $fc\n\
         lda #$fb\n        ldx #$10\n        ldy #$c2\n        jsr save\n\
         lda #0\n        rol a\n        sta $c303\n        rts\nfname .text \"{name}\"\n",
        len = name.len()
    )
}

fn host_load_and_save(real: bool) {
    let tmp = tmpdir(if real { "host-rom" } else { "host-stub" });
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("data.prg"), [0x00, 0xC1, 1, 2, 3, 4, 5]).unwrap();
    let mut m = machine(real, &dir);
    code(&mut m, &load_code("data"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.read(0xC100, 5), vec![1, 2, 3, 4, 5]);
    assert_eq!(
        m.read(0xC301, 3),
        vec![0x05, 0xC1, 0],
        "X/Y = end $C105, carry clear"
    );
    assert_eq!(m.read(0xAE, 2), vec![0x05, 0xC1]);

    code(&mut m, &load_code("nothing"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!((m.peek(0xC300), m.peek(0xC303)), (4, 1), "FILE NOT FOUND");
    assert_eq!(m.drive_status().as_deref(), Some("62,FILE NOT FOUND,00,00"));

    let payload: Vec<u8> = (0..16).map(|i| i * 3).collect();
    m.write(0xC200, &payload);
    code(&mut m, &save_code("out"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.peek(0xC303), 0, "carry clear");
    let saved = std::fs::read(dir.join("out.prg")).unwrap();
    assert_eq!(&saved[..2], &[0x00, 0xC2]);
    assert_eq!(&saved[2..], &payload[..]);
    // Saving again under the same name: the drive says FILE EXISTS and keeps the file.
    m.write(0xC200, &[0xEE; 16]);
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(std::fs::read(dir.join("out.prg")).unwrap(), saved);
    assert_eq!(m.drive_status().as_deref(), Some("63,FILE EXISTS,00,00"));
    // @0: replaces it.
    code(&mut m, &save_code("@0:out"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(
        &std::fs::read(dir.join("out.prg")).unwrap()[2..],
        &[0xEE; 16]
    );
    // And it loads back.
    code(&mut m, &load_code("out"));
    m.write(0xC200, &[0; 16]);
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.read(0xC200, 16), vec![0xEE; 16]);
}

#[test]
fn load_and_save_in_a_host_directory_with_the_stub_kernal() {
    host_load_and_save(false);
}

#[test]
fn load_and_save_in_a_host_directory_with_rom_serial_traps() {
    host_load_and_save(true);
}

fn d64_load_and_save(real: bool) {
    let tmp = tmpdir(if real { "d64-rom" } else { "d64-stub" });
    let dir = tmp.path().to_path_buf();
    let image = dir.join("disk.d64");
    let mut disk = c64d64::Disk::new("TEST DISK", "AB").unwrap();
    let prg: Vec<u8> = [0x00, 0xC1]
        .into_iter()
        .chain(0..=255u8)
        .chain(0..100)
        .collect();
    disk.add_prg("BIG", &prg).unwrap();
    std::fs::write(&image, disk.bytes()).unwrap();
    let mut m = machine(real, &image);
    code(&mut m, &load_code("b*"));
    m.call(0xC000, 2_000_000).expect("returns");
    assert_eq!(m.peek(0xC303), 0, "loaded");
    assert_eq!(m.read(0xC100, 356), prg[2..].to_vec());

    let payload: Vec<u8> = (0..16).map(|i| 0x40 + i).collect();
    m.write(0xC200, &payload);
    code(&mut m, &save_code("saved"));
    m.call(0xC000, 2_000_000).expect("returns");
    let back = c64d64::Disk::from_bytes(&std::fs::read(&image).unwrap()).unwrap();
    let names: Vec<Vec<u8>> = back
        .directory()
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, vec![b"BIG".to_vec(), b"SAVED".to_vec()]);
    assert_eq!(back.read_file("SAVED").unwrap()[2..], payload[..]);
    assert_eq!(
        back.read_file("BIG").unwrap(),
        prg,
        "the other file is intact"
    );
    assert_eq!(back.blocks_free(), 664 - 2 - 1);
}

#[test]
fn load_and_save_on_a_d64_with_the_stub_kernal() {
    d64_load_and_save(false);
}

#[test]
fn load_and_save_on_a_d64_with_rom_serial_traps() {
    d64_load_and_save(true);
}

#[test]
fn save_never_writes_through_a_link_or_onto_a_device() {
    let tmp = tmpdir("links");
    let dir = tmp.path().to_path_buf();
    let target = tmpdir("links-target");
    let outside = target.path().join("precious.prg");
    std::fs::write(&outside, b"keep me").unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("link.prg")).unwrap();
    std::os::unix::fs::symlink("/dev/null", dir.join("null.prg")).unwrap();
    let mut m = machine(false, &dir);
    m.write(0xC200, &[0x55; 16]);
    for name in ["link", "@0:link", "null", "@0:null"] {
        code(&mut m, &save_code(name));
        m.call(0xC000, 1_000_000).expect("returns");
        let status = m.drive_status().unwrap();
        assert!(
            status.starts_with("63,") || status.starts_with("26,"),
            "{name}: {status}"
        );
    }
    assert_eq!(std::fs::read(&outside).unwrap(), b"keep me");
    assert!(
        std::fs::symlink_metadata(dir.join("link.prg"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // Nothing half-written is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn files_through_open_chkin_chrin_readst_and_the_command_channel() {
    let tmp = tmpdir("seq");
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("notes.seq"), b"AB\rC").unwrap();
    let mut m = machine(false, &dir);
    // OPEN 2,8,2,"NOTES,S,R": CHKIN 2; read until READST is non-zero into $C200.
    code(
        &mut m,
        "        lda #2\n        ldx #8\n        ldy #2\n        jsr setlfs\n\
         lda #9\n        ldx #<fname\n        ldy #>fname\n        jsr setnam\n\
         jsr open\n        ldx #2\n        jsr chkin\n        ldy #0\n\
         -       jsr chrin\n        sta $c200,y\n        iny\n        jsr readst\n        beq -\n\
         sta $c2f0\n        sty $c2f1\n        jsr clrchn\n        lda #2\n        jsr close\n\
         rts\nfname .text \"notes,s,r\"",
    );
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.read(0xC200, 4), b"AB\rC".to_vec());
    assert_eq!(m.peek(0xC2F0), 0x40, "EOI");
    assert_eq!(m.peek(0xC2F1), 4);

    // Write a SEQ file: OPEN 3,8,3,"LOG,S,W"; CHKOUT 3; print "HI"; CLOSE.
    code(
        &mut m,
        "        lda #3\n        ldx #8\n        ldy #3\n        jsr setlfs\n\
         lda #7\n        ldx #<fname\n        ldy #>fname\n        jsr setnam\n\
         jsr open\n        ldx #3\n        jsr chkout\n\
         lda #'h'\n        jsr chrout\n        lda #'i'\n        jsr chrout\n\
         jsr clrchn\n        lda #3\n        jsr close\n        rts\nfname .text \"log,s,w\"",
    );
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(std::fs::read(dir.join("log.seq")).unwrap(), b"HI");

    // The command channel: OPEN 15,8,15,"S:LOG" scratches; reading it gives the status.
    code(
        &mut m,
        "        lda #15\n        ldx #8\n        ldy #15\n        jsr setlfs\n\
         lda #5\n        ldx #<fname\n        ldy #>fname\n        jsr setnam\n\
         jsr open\n        ldx #15\n        jsr chkin\n        ldy #0\n\
         -       jsr chrin\n        sta $c200,y\n        iny\n        cmp #13\n        bne -\n\
         jsr clrchn\n        lda #15\n        jsr close\n        rts\nfname .text \"s:log\"",
    );
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.read(0xC200, 23), b"01,FILES SCRATCHED,01,0".to_vec());
    assert!(!dir.join("log.seq").exists());
}

/// Upper-case and mixed-case host names list as the C64's letters (not as the shifted
/// PETSCII that the listing's character set shows as graphics), and load by that name.
#[test]
fn host_names_in_any_case_list_as_letters_and_load() {
    let tmp = tmpdir("cases");
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("GAME.PRG"), [0x00, 0xC2, 7]).unwrap();
    std::fs::write(dir.join("Mixed.prg"), [0x00, 0xC2, 9]).unwrap();
    let mut m = machine(false, &dir);
    code(&mut m, &load_code("$"));
    m.call(0xC000, 1_000_000).expect("returns");
    let listing = m.read(0x0401, 200);
    let s = String::from_utf8_lossy(&listing);
    assert!(s.contains("\"GAME\""), "{s:?}");
    assert!(s.contains("\"MIXED\""), "{s:?}");
    assert!(
        !listing.iter().any(|&b| (0xC1..=0xDA).contains(&b)),
        "{listing:?}"
    );
    // Lower case in the source is PETSCII's unshifted letters (`-a`).
    for (name, byte) in [("game", 7), ("mixed", 9)] {
        m.poke(0xC200, 0);
        code(&mut m, &load_code(name));
        m.call(0xC000, 1_000_000).expect("returns");
        assert_eq!((m.peek(0xC303), m.peek(0xC200)), (0, byte), "{name}");
    }
}

#[test]
fn the_directory_loads_as_a_basic_program() {
    let tmp = tmpdir("dir");
    let dir = tmp.path().to_path_buf();
    std::fs::write(dir.join("game.prg"), vec![0u8; 300]).unwrap();
    let mut m = machine(false, &dir);
    code(&mut m, &load_code("$"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(m.peek(0xC303), 0);
    let list = m.read(0x0401, 80);
    // First line: link, line 0, RVS ON, "name" id 2A
    assert_eq!(&list[2..5], &[0, 0, 0x12]);
    let second = u16::from_le_bytes([list[0], list[1]]);
    let _ = second;
    let text: Vec<u8> = m.read(0x0401, 120);
    let s = String::from_utf8_lossy(&text);
    assert!(s.contains("\"GAME\""), "{s:?}");
    assert!(s.contains("PRG"), "{s:?}");
    assert!(s.contains("BLOCKS FREE."), "{s:?}");
}

#[test]
fn other_devices_are_not_present() {
    for real in [false, true] {
        let tmp = tmpdir(if real { "dev9-rom" } else { "dev9-stub" });
        let dir = tmp.path().to_path_buf();
        let mut m = machine(real, &dir);
        let src = load_code("x").replace("ldx #8", "ldx #9");
        code(&mut m, &src);
        m.call(0xC000, 1_000_000).expect("returns");
        assert_eq!(
            (m.peek(0xC300), m.peek(0xC303)),
            (5, 1),
            "DEVICE NOT PRESENT"
        );
        assert_eq!(m.peek(0x90) & 0x80, 0x80);
    }
}

#[test]
fn no_disk_means_no_drive_with_real_roms_too() {
    let mut m = Machine::with_roms(&test_roms());
    m.run_until_idle(5_000_000).unwrap();
    code(&mut m, &load_code("x"));
    m.call(0xC000, 1_000_000).expect("returns");
    assert_eq!(
        (m.peek(0xC300), m.peek(0xC303)),
        (5, 1),
        "DEVICE NOT PRESENT"
    );
}
