//! `c64kit run`: headless runs, outputs and every exit code.
mod cli_support;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use cli_support::TempDir;

/// `bytes` as file `name` in a directory of its own (removed when the first value
/// drops), and the file's path.
fn tmp(name: &str, bytes: &[u8]) -> (TempDir, PathBuf) {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let dir = TempDir::new(&format!(
        "cli-run-{}",
        CALLS.fetch_add(1, Ordering::Relaxed)
    ));
    let path = dir.path(name);
    std::fs::write(&path, bytes).unwrap();
    (dir, path)
}

/// BASIC stub `10 SYS 2061` + code at $080D.
fn sys_prg(code: &[u8]) -> Vec<u8> {
    let mut prg = vec![
        0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
    ];
    prg.extend(code);
    prg
}

fn hello_prg() -> Vec<u8> {
    // LDX #0; loop: LDA msg,X; BEQ done; JSR $FFD2; INX; BNE loop; done: RTS; msg "HELLO\r\0"
    sys_prg(&[
        0xA2, 0x00, 0xBD, 0x1B, 0x08, 0xF0, 0x06, 0x20, 0xD2, 0xFF, 0xE8, 0xD0, 0xF5, 0x60, b'H',
        b'E', b'L', b'L', b'O', 0x0D, 0x00,
    ])
}

fn c64kit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .arg("run")
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}

fn run_file(name: &str, bytes: &[u8], args: &[&str]) -> Output {
    let (_dir, path) = tmp(name, bytes);
    let mut all = vec![path.to_str().unwrap(), "--headless"];
    all.extend(args);
    c64kit(&all)
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap()
}
fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn returned_to_basic_exits_0_and_prints_the_screen() {
    let o = run_file("hello1.prg", &hello_prg(), &["--print-screen"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 25);
    assert_eq!(out.lines().next().unwrap().trim_end(), "HELLO");
    assert!(stderr(&o).contains("returned to BASIC"));
}

#[test]
fn cycle_limit_exits_3() {
    let o = run_file(
        "loop.prg",
        &sys_prg(&[0x4C, 0x0D, 0x08]),
        &["--max-cycles", "10_000"],
    );
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("cycle limit"));
}

#[test]
fn waiting_for_keys_is_explained() {
    // loop: JSR GETIN; BEQ loop; RTS
    let prg = sys_prg(&[0x20, 0xE4, 0xFF, 0xF0, 0xFB, 0x60]);
    let o = run_file("wait.prg", &prg, &["--max-cycles", "50000"]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("waiting for keys"), "{}", stderr(&o));
    let o = run_file("wait2.prg", &prg, &["--keys", "x"]);
    assert_eq!(code(&o), 0);
}

#[test]
fn the_debug_cartridge_value_is_the_exit_code() {
    // LDA #$FF; STA $D7FF; JMP *
    let prg = sys_prg(&[0xA9, 0xFF, 0x8D, 0xFF, 0xD7, 0x4C, 0x12, 0x08]);
    let o = run_file(
        "debugcart.prg",
        &prg,
        &["--debugcart", "--max-cycles", "100000"],
    );
    assert_eq!(code(&o), 255, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("debug cartridge: $FF written to $D7FF"),
        "{}",
        stderr(&o)
    );
    // Without the cartridge the store goes to a SID mirror and the loop runs on.
    let o = run_file("debugcart2.prg", &prg, &["--max-cycles", "100000"]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
}

#[test]
fn jam_and_brk_exit_4() {
    let o = run_file("jam.prg", &sys_prg(&[0xEA, 0x02]), &[]);
    assert_eq!(code(&o), 4);
    assert!(stderr(&o).contains("opcode $02 at $080E"), "{}", stderr(&o));
    let o = run_file("brk.prg", &sys_prg(&[0xEA, 0x00, 0x00]), &[]);
    assert_eq!(code(&o), 4);
    assert!(stderr(&o).contains("BRK at $080E"), "{}", stderr(&o));
}

#[test]
fn with_jam_continue_the_cpu_stays_jammed_until_the_cycle_limit() {
    // JAM, then the pass value to the debug cartridge: never written.
    let prg = sys_prg(&[0x02, 0xA9, 0x00, 0x8D, 0xFF, 0xD7]);
    let args = ["--debugcart", "--jam", "continue", "--max-cycles", "200000"];
    let o = run_file("jam2.prg", &prg, &args);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("cycle limit reached"), "{}", stderr(&o));
    let o = run_file("jam3.prg", &prg, &["--jam", "stop"]);
    assert_eq!(code(&o), 4, "{}", stderr(&o));
}

#[test]
fn unimplemented_kernal_entry_exits_5() {
    let o = run_file("ramtas.prg", &sys_prg(&[0x20, 0x87, 0xFF, 0x60]), &[]);
    assert_eq!(code(&o), 5);
    assert!(
        stderr(&o).contains("$FF87 (called from $080D)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn load_errors_exit_6() {
    let o = run_file("short.prg", &[0x01], &[]);
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("2-byte load address"), "{}", stderr(&o));
    let mut big = vec![0x00, 0xFF];
    big.extend([0u8; 300]);
    let o = run_file("big.prg", &big, &[]);
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("past $FFFF"), "{}", stderr(&o));
    let o = run_file("nosys.prg", &[0x01, 0x08, 0, 0], &[]);
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("SYS"));
    let o = c64kit(&["/nonexistent/file.prg", "--headless"]);
    assert_eq!(code(&o), 6);
}

#[test]
fn strict_violations_exit_7() {
    // STA $E100; LDA $E100; RTS
    let prg = sys_prg(&[0x8D, 0x00, 0xE1, 0xAD, 0x00, 0xE1, 0x60]);
    let o = run_file("strict.prg", &prg, &["--strict"]);
    assert_eq!(code(&o), 7);
    assert!(
        stderr(&o).contains("read $E100 at PC $0810"),
        "{}",
        stderr(&o)
    );
    let o = run_file("strict2.prg", &prg, &[]);
    assert_eq!(code(&o), 0);
}

#[test]
fn no_display_exits_8_with_one_line() {
    let (_path_dir, path) = tmp("win.prg", &hello_prg());
    let o = c64kit(&[path.to_str().unwrap()]);
    assert_eq!(code(&o), 8);
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--headless"));
}

#[test]
fn bad_arguments_exit_2() {
    let o = run_file("hello2.prg", &hello_prg(), &["--until", "nowhere"]);
    assert_eq!(code(&o), 2);
    let o = run_file("hello3.prg", &hello_prg(), &["--keys", "{BOGUS}"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn until_address_dump_and_raw_load() {
    // raw code at $C000: LDA #$2A; STA $C100; loop: JMP loop
    let raw = [0xA9, 0x2A, 0x8D, 0x00, 0xC1, 0x4C, 0x05, 0xC0];
    let o = run_file(
        "code.bin",
        &raw,
        &["--load", "$c000", "--until", "$c005", "--dump", "$c100:4"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("reached $C005"));
    // $C101-$C103 keep RAM's power-on stripes ($FF $00 $00 there).
    assert_eq!(stdout(&o), format!("C100  {:<47}  |*...|\n", "2A FF 00 00"));
    // --start overrides
    let o = run_file(
        "code2.bin",
        &raw,
        &[
            "--load",
            "$c000",
            "--start",
            "$c005",
            "--max-cycles",
            "100",
            "--dump",
            "$c100:1",
        ],
    );
    assert_eq!(code(&o), 3);
    assert!(
        stdout(&o).starts_with("C100  FF"),
        "never written: power-on RAM"
    );
}

#[test]
fn keys_reach_chrin() {
    // read a line with CHRIN until RETURN, then RTS
    let prg = sys_prg(&[0x20, 0xCF, 0xFF, 0xC9, 0x0D, 0xD0, 0xF9, 0x60]);
    let o = run_file(
        "input.prg",
        &prg,
        &["--keys", "HI THERE{RETURN}", "--print-screen"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().next().unwrap().trim_end(), "HI THERE");
}

#[test]
fn trace_lists_instructions() {
    let out = TempDir::new("cli-run-trace");
    let trace = out.path("hello.trace");
    let o = run_file(
        "hello4.prg",
        &hello_prg(),
        &["--trace", trace.to_str().unwrap()],
    );
    assert_eq!(code(&o), 0);
    let text = std::fs::read_to_string(&trace).unwrap();
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("080D  A2 00     LDX #$00"), "{first}");
    assert!(
        first.contains("A:00 X:00 Y:00 SP:F8") && first.ends_with("CYC:0"),
        "{first}"
    );
    assert!(text.contains("native    CHROUT"));
}

#[test]
fn screenshot_is_a_png_of_the_frame() {
    let out = TempDir::new("cli-run-shot");
    let shot = out.path("hello.png");
    let o = run_file(
        "hello5.prg",
        &hello_prg(),
        &["--screenshot", shot.to_str().unwrap()],
    );
    assert_eq!(code(&o), 0);
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 384);
    assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 272);
}

#[test]
fn asm_source_runs_with_labels() {
    let src =
        "        * = $c000\nstart   ldx #3\nloop    dex\n        bne loop\nfinish  jmp finish\n";
    let o = run_file("prog.asm", src.as_bytes(), &["--until", "finish"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("reached $C005 (finish)"),
        "{}",
        stderr(&o)
    );
    let o = run_file("bad.asm", b" lda (\n", &[]);
    assert_eq!(code(&o), 6);
}

#[test]
fn vice_labels_name_addresses() {
    let (_labels_dir, labels) = tmp("code3.lbl", b"al C:c005 .spin\nal C:c000 .entry\n");
    let raw = [0xA9, 0x2A, 0x8D, 0x00, 0xC1, 0x4C, 0x05, 0xC0];
    let o = run_file(
        "code3.bin",
        &raw,
        &[
            "--load",
            "$c000",
            "--labels",
            labels.to_str().unwrap(),
            "--until",
            "spin",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("reached $C005 (spin)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn chargen_must_be_4096_bytes() {
    let (_bad_dir, bad) = tmp("bad.rom", &[0u8; 100]);
    let o = run_file(
        "hello6.prg",
        &hello_prg(),
        &["--chargen", bad.to_str().unwrap()],
    );
    assert_eq!(code(&o), 6);
    assert!(stderr(&o).contains("4096"), "{}", stderr(&o));
    let (_good_dir, good) = tmp("good.rom", &[0xFFu8; 4096]);
    let o = run_file(
        "hello7.prg",
        &hello_prg(),
        &["--chargen", good.to_str().unwrap()],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

// ----- issue 10: options checked before the run, clear errors, no panics -----

/// A program that waits for a key forever (JSR GETIN; BEQ; RTS).
fn waiting_prg() -> Vec<u8> {
    sys_prg(&[0x20, 0xE4, 0xFF, 0xF0, 0xFB, 0x60])
}

/// A program that never stops (JMP *).
fn spinning_prg() -> Vec<u8> {
    sys_prg(&[0x4C, 0x0D, 0x08])
}

#[test]
fn a_huge_dump_length_is_a_clear_error_not_an_abort() {
    let o = run_file("dump1.prg", &hello_prg(), &["--dump", "0:10000000000"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("more than the 65536"), "{}", stderr(&o));
    let o = run_file("dump1b.prg", &hello_prg(), &["--dump", "0:65536"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 4096);
}

#[test]
fn bad_dumps_labels_and_screenshot_paths_are_reported_before_the_run() {
    // The program would run for 100 M cycles: a check after the run would take seconds
    // and print the cycle-limit line.
    for args in [
        &["--dump", "nowhere:4"][..],
        &["--dump", "$c000"],
        &["--dump", "$c000:lots"],
        &["--until", "nowhere"],
        &["--start", "nowhere"],
        &["--screenshot", "/nonexistent/dir/shot.png"],
        &["--trace", "/nonexistent/dir/trace.txt"],
    ] {
        let o = run_file("spin.prg", &spinning_prg(), args);
        let err = stderr(&o);
        assert!(matches!(code(&o), 1 | 2), "{args:?}: {err}");
        assert!(!err.contains("cycle limit"), "{args:?} ran first: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn trace_write_errors_fail_clearly_and_a_limit_caps_the_file() {
    let o = run_file(
        "trace1.prg",
        &spinning_prg(),
        &["--trace", "/dev/full", "--max-cycles", "100000"],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write the trace /dev/full"),
        "{}",
        stderr(&o)
    );
    let out = TempDir::new("cli-run-capped");
    let trace = out.path("capped.trace");
    let o = run_file(
        "trace2.prg",
        &spinning_prg(),
        &[
            "--trace",
            trace.to_str().unwrap(),
            "--trace-limit",
            "10_000",
            "--max-cycles",
            "1000000",
        ],
    );
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("stopped writing"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&trace).unwrap();
    assert!(text.len() < 10_100, "{}", text.len());
    assert!(text.lines().last().unwrap().contains("trace stopped here"));
}

#[test]
fn unclosed_and_empty_braces_in_keys_are_clear_errors() {
    for (keys, what) in [
        ("{RETURN", "no closing '}'"),
        ("{", "no closing '}'"),
        ("ab{}", "empty key name"),
        ("{JOY3:UP}", "ports are 1 and 2"),
    ] {
        let o = run_file("keys1.prg", &waiting_prg(), &["--keys", keys]);
        assert_eq!(code(&o), 2, "{keys}: {}", stderr(&o));
        assert!(stderr(&o).contains(what), "{keys}: {}", stderr(&o));
        assert!(stderr(&o).contains("--keys"), "{}", stderr(&o));
    }
    // A literal brace: {LBRACE}.
    let o = run_file("keys2.prg", &waiting_prg(), &["--keys", "{LBRACE}"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn print_screen_stops_when_the_program_waits_and_has_no_trailing_spaces() {
    let o = run_file("ps1.prg", &waiting_prg(), &["--print-screen"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("waiting for keys"), "{}", stderr(&o));
    let o = run_file("ps2.prg", &hello_prg(), &["--print-screen"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 25);
    assert_eq!(out.lines().next(), Some("HELLO"));
    assert!(out.lines().all(|l| !l.ends_with(' ')), "{out:?}");
    // With --max-cycles the run goes on to the limit as asked.
    let o = run_file(
        "ps3.prg",
        &waiting_prg(),
        &["--print-screen", "--max-cycles", "50000"],
    );
    assert_eq!(code(&o), 3);
}

#[test]
fn a_full_or_closed_stdout_is_reported_not_a_panic() {
    let (_path_dir, path) = tmp("full.prg", &hello_prg());
    let o = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" run \"$1\" --headless --print-screen >/dev/full")
        .arg(env!("CARGO_BIN_EXE_c64kit"))
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write to standard output"),
        "{}",
        stderr(&o)
    );
    // A full stderr: nothing can be reported, but the exit code says so.
    let o = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" run \"$1\" --headless 2>/dev/full")
        .arg(env!("CARGO_BIN_EXE_c64kit"))
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(code(&o), 1);
    // Closed streams are no panic either (the runtime reopens them on /dev/null).
    let o = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" run \"$1\" --headless --print-screen >&- 2>&-")
        .arg(env!("CARGO_BIN_EXE_c64kit"))
        .arg(&path)
        .output()
        .unwrap();
    assert_ne!(code(&o), 101);
}

#[test]
fn the_no_display_message_suggests_what_works() {
    let (_path_dir, path) = tmp("win2.prg", &hello_prg());
    let o = c64kit(&[path.to_str().unwrap()]);
    assert_eq!(code(&o), 8);
    assert!(
        stderr(&o).contains("--headless --until-idle --print-screen"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn dump_shows_colour_ram_and_io_as_the_cpu_sees_them() {
    let o = run_file(
        "dump2.prg",
        &hello_prg(),
        &[
            "--dump",
            "$d800:4",
            "--dump",
            "$d020:2",
            "--dump",
            "ram:$d800:2",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("D800  0E 0E 0E 0E"), "{out}");
    assert!(lines[1].starts_with("D020  FE F6"), "{out}");
    assert!(lines[2].starts_with("D800  FF FF"), "power-on RAM: {out}");
}

#[test]
fn a_disk_directory_serves_load() {
    let disk = TempDir::new("cli-disk");
    let dir = &disk.0;
    std::fs::write(dir.join("msg.prg"), [0x00, 0xC1, b'H', b'I', 0x0D, 0x00]).unwrap();
    // SETLFS 1,8,1; SETNAM "MSG"; LOAD; then print from $C100 until 0.
    let code_bytes = [
        0xA9, 0x01, 0xA2, 0x08, 0xA0, 0x01, 0x20, 0xBA, 0xFF, // SETLFS
        0xA9, 0x03, 0xA2, 0x32, 0xA0, 0x08, 0x20, 0xBD, 0xFF, // SETNAM "MSG" at $0832
        0xA9, 0x00, 0x20, 0xD5, 0xFF, // LOAD
        0xA2, 0x00, 0xBD, 0x00, 0xC1, 0xF0, 0x06, 0x20, 0xD2, 0xFF, 0xE8, 0xD0, 0xF5, 0x60, b'M',
        b'S', b'G',
    ];
    let o = run_file(
        "diskload.prg",
        &sys_prg(&code_bytes),
        &["--disk", dir.to_str().unwrap(), "--print-screen"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().next(), Some("HI"));
    let o = run_file(
        "diskload2.prg",
        &hello_prg(),
        &["--disk", "/nonexistent/disk"],
    );
    assert_eq!(code(&o), 6);
    assert!(
        stderr(&o).contains("--disk /nonexistent/disk"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn tape_is_named_as_not_emulated() {
    // SETLFS 1,1,0; LOAD
    let prg = sys_prg(&[
        0xA9, 0x01, 0xA2, 0x01, 0xA0, 0x00, 0x20, 0xBA, 0xFF, 0xA9, 0x01, 0xA2, 0x00, 0xA0, 0x08,
        0x20, 0xBD, 0xFF, 0xA9, 0x00, 0x20, 0xD5, 0xFF, 0x60,
    ]);
    let o = run_file("tape.prg", &prg, &[]);
    assert_eq!(code(&o), 5, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("LOAD on device 1 (tape) is not emulated"),
        "{}",
        stderr(&o)
    );
}

/// `run` writes what `build` writes by the same rules (issue 10, items 1-3): no output
/// may be an input of the run (the program, a file it includes, the labels) or another
/// output, however it is spelled, and nothing is touched then.
#[test]
fn run_outputs_never_overwrite_an_input_or_each_other() {
    let tmp = cli_support::TempDir::new("run-inputs");
    let dir = &tmp.0;
    let src = "*=$0801\n .word (+), 10\n .null $9e, \"2061\"\n+ .word 0\n rts\n";
    std::fs::write(dir.join("part.asm"), src).unwrap();
    std::fs::write(dir.join("main.asm"), " .include \"part.asm\"\n").unwrap();
    std::fs::write(dir.join("p.prg"), hello_prg()).unwrap();
    std::fs::write(dir.join("p.labels"), "al C:080d .start\n").unwrap();
    std::fs::write(dir.join("taken.txt"), "keep").unwrap();
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let spelled = format!("{}/./p.prg", dir.display());
    let cases: [(Vec<String>, &str); 6] = [
        (
            vec![p("p.prg"), "--screenshot".into(), spelled],
            "is the program",
        ),
        (
            vec![p("main.asm"), "--screenshot".into(), p("main.asm")],
            "is the program",
        ),
        (
            vec![p("main.asm"), "--trace".into(), p("part.asm")],
            "is a file the program reads",
        ),
        (
            vec![
                p("p.prg"),
                "--labels".into(),
                p("p.labels"),
                "--trace".into(),
                p("p.labels"),
            ],
            "is the label file",
        ),
        (
            vec![
                p("p.prg"),
                "--trace".into(),
                p("taken.txt"),
                "--screenshot".into(),
                p("taken.txt"),
            ],
            "is the same file as --trace",
        ),
        (
            vec![
                p("p.prg"),
                "--trace".into(),
                p("new.txt"),
                "--screenshot".into(),
                p("new.txt"),
            ],
            "is the same file as --trace",
        ),
    ];
    let before: Vec<_> = ["part.asm", "main.asm", "p.prg", "p.labels", "taken.txt"]
        .iter()
        .map(|f| std::fs::read(dir.join(f)).unwrap())
        .collect();
    for (args, why) in &cases {
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.push("--headless");
        let o = c64kit(&all);
        assert_eq!(code(&o), 1, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("cycles"),
            "{args:?} ran: {}",
            stderr(&o)
        );
    }
    let after: Vec<_> = ["part.asm", "main.asm", "p.prg", "p.labels", "taken.txt"]
        .iter()
        .map(|f| std::fs::read(dir.join(f)).unwrap())
        .collect();
    assert_eq!(before, after);
    let left = tmp.names();
    assert_eq!(
        left,
        ["main.asm", "p.labels", "p.prg", "part.asm", "taken.txt"]
    );
}

/// The trace and the screenshot are written together or not at all: a failing one
/// leaves the other's old file as it was; through a link, the link's target is written
/// (keeping its mode) and the link stays.
#[test]
fn run_outputs_are_all_or_nothing_and_write_through_links() {
    let tmp = cli_support::TempDir::new("run-together");
    let dir = &tmp.0;
    let prg = dir.join("p.prg");
    std::fs::write(&prg, hello_prg()).unwrap();
    let (shot, trace) = (dir.join("shot.png"), dir.join("trace.txt"));
    std::fs::write(&shot, "old shot").unwrap();
    std::fs::write(&trace, "old trace").unwrap();
    let run = |shot: &std::path::Path, trace: &std::path::Path| {
        c64kit(&[
            prg.to_str().unwrap(),
            "--headless",
            "--screenshot",
            shot.to_str().unwrap(),
            "--trace",
            trace.to_str().unwrap(),
        ])
    };
    let o = run(&shot, std::path::Path::new("/dev/full"));
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(std::fs::read(&shot).unwrap(), b"old shot");
    let o = run(std::path::Path::new("/nonexistent/shot.png"), &trace);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--screenshot /nonexistent/shot.png"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&trace).unwrap(), b"old trace");
    // Both succeed: both written; no temporaries left.
    let o = run(&shot, &trace);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));
    assert!(std::fs::read_to_string(&trace).unwrap().starts_with("080D"));
    assert_eq!(tmp.names().len(), 3);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let real = dir.join("real.png");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.png");
        std::os::unix::fs::symlink("real.png", &link).unwrap();
        let o = run(&link, &trace);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(std::fs::read(&real).unwrap().starts_with(b"\x89PNG"));
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
}

#[test]
fn the_vic_ii_model_sets_the_frame_and_the_picture() {
    // SEI; wait for raster line 256+; then keep the last $D012 read while $D011 bit 7
    // stays set; at line 0 write it to the debug cartridge: the frame's last line.
    let prg = sys_prg(&[
        0x78, 0x2C, 0x11, 0xD0, 0x10, 0xFB, 0xAE, 0x12, 0xD0, 0x2C, 0x11, 0xD0, 0x10, 0x05, 0x86,
        0xFB, 0x4C, 0x13, 0x08, 0xA5, 0xFB, 0x8D, 0xFF, 0xD7, 0x4C, 0x25, 0x08,
    ]);
    for (vic, last) in [
        ("6569", 311),
        ("6567r8", 262),
        ("8562", 262),
        ("6567r56a", 261),
    ] {
        let o = run_file(
            "lastline.prg",
            &prg,
            &["--debugcart", "--max-cycles", "100000", "--vic", vic],
        );
        assert_eq!(code(&o), last & 0xFF, "--vic {vic}: {}", stderr(&o));
    }
    // NTSC pictures are VICE's NTSC visible area: 384 x 247.
    for (vic, height) in [("8565", 272u32), ("6567r8", 247)] {
        let (_shot_dir, shot) = tmp(&format!("shot-{vic}.png"), b"");
        let o = run_file(
            "shot.prg",
            &hello_prg(),
            &["--vic", vic, "--screenshot", shot.to_str().unwrap()],
        );
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let png = std::fs::read(&shot).unwrap();
        let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((size(16), size(20)), (384, height), "--vic {vic}");
    }
    let o = run_file("bad.prg", &hello_prg(), &["--vic", "6566"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("6567r8"), "{}", stderr(&o));
}

#[test]
fn memory_expansion_options_plug_the_devices_in() {
    // Bank 1 of a +60K gets $00 at $2000, bank 0 $FF; with bank 1 selected again the
    // program reads $2000 and writes it to the debug cartridge. (Without a +60K, $D100
    // is a VIC mirror and $2000 holds $FF.)
    let prg = sys_prg(&[
        0xA9, 0x80, 0x8D, 0x00, 0xD1, 0xA9, 0x00, 0x8D, 0x00, 0x20, 0xA9, 0x00, 0x8D, 0x00, 0xD1,
        0xA9, 0xFF, 0x8D, 0x00, 0x20, 0xA9, 0x80, 0x8D, 0x00, 0xD1, 0xAD, 0x00, 0x20, 0x8D, 0xFF,
        0xD7, 0x4C, 0x2C, 0x08,
    ]);
    let args = ["--debugcart", "--max-cycles", "100000"];
    let o = run_file("plus60k.prg", &prg, &[&args[..], &["--plus60k"]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run_file("plus60k.prg", &prg, &args);
    assert_eq!(code(&o), 255, "{}", stderr(&o));
    // Sizes the devices do not come in, and two RAM expansions inside one machine.
    let o = run_file("plus60k.prg", &prg, &["--ramcart", "3k"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--ramcart: RamCart size \"3k\" is not one the device comes in"),
        "{}",
        stderr(&o)
    );
    let o = run_file("plus60k.prg", &prg, &["--dqbb", "8k"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let o = run_file("plus60k.prg", &prg, &["--plus60k", "--plus256k"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
}
