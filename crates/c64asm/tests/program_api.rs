//! The library API: bytes, symbols, labels, listing, passes, options.

use c64asm::{Options, assemble_str};

fn asm(src: &str) -> c64asm::Program {
    assemble_str("t.asm", src, &Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn prg_bytes_and_image_cover_all_regions() {
    let p = asm("* = $c010\n .byte 3\n* = $c000\n .byte 1, 2\n");
    assert_eq!(p.load_address, 0xc000);
    assert_eq!(p.image.len(), 0x11);
    assert_eq!(&p.image[..3], &[1, 2, 0]);
    assert_eq!(p.image[0x10], 3);
    assert_eq!(&p.prg_bytes()[..4], &[0x00, 0xc0, 1, 2]);
    assert_eq!(p.end_address(), 0xc011);
}

#[test]
fn symbols_labels_and_vice_file() {
    let p = asm(
        "SCREEN = $0400\n* = $0810\nstart   ldx #0\n_loop   inx\n        bne _loop\nend     rts\n",
    );
    assert_eq!(p.symbol("SCREEN"), Some(0x0400));
    assert_eq!(p.symbol("start"), Some(0x0810));
    assert_eq!(p.symbol("start._loop"), Some(0x0812));
    assert_eq!(p.symbol("end"), Some(0x0815));
    assert_eq!(p.symbol("_loop"), None);
    assert_eq!(
        p.address_labels(),
        [
            ("start".to_string(), 0x0810),
            ("start._loop".to_string(), 0x0812),
            ("end".to_string(), 0x0815)
        ]
    );
    assert_eq!(
        p.vice_labels(),
        "al 810 .start\nal 812 .start:_loop\nal 815 .end\n"
    );
}

/// Without `nested_symbols` the program lists the top scope's symbols
/// only, and the lists of the top scope (64tass's default, export, simple,
/// Mesen) are the same as with every symbol collected.
#[test]
fn top_scope_lists_are_the_same_without_nested_symbols() {
    let src = "SCREEN = $0400\n* = $0810\nstart   ldx #0\n_loop   inx\n        bne _loop\n\
               io .block\nborder = $d020\n .bend\nsub .proc\nin nop\n .pend\n jsr sub\nend rts\n";
    let all = asm(src);
    let top = Options {
        nested_symbols: false,
        ..Options::default()
    };
    let top = assemble_str("t.asm", src, &top).unwrap_or_else(|d| panic!("{d}"));
    for format in [
        c64asm::LabelFormat::Tass,
        c64asm::LabelFormat::Export,
        c64asm::LabelFormat::Simple,
        c64asm::LabelFormat::Mesen,
    ] {
        assert_eq!(top.labels(format), all.labels(format), "{format:?}");
    }
    assert_eq!(all.symbol("start._loop"), Some(0x0812));
    assert_eq!(top.symbol("start._loop"), None);
    assert_eq!(top.symbol("io.border"), None);
    assert_eq!(top.symbol("end"), all.symbol("end"));
    let names = |p: &c64asm::Program| {
        p.symbols()
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>()
    };
    // In 64tass's order (its symbol table's), as the label lists.
    assert_eq!(names(&top), ["start", "end", "sub", "io", "SCREEN"]);
}

#[test]
fn listing_shows_address_bytes_and_source() {
    let p = asm("* = $1000\nstart   lda #$01 ; load\n        .text \"abcdefghij\"\n");
    let listing = p.listing();
    let rows: Vec<&str> = listing
        .lines()
        .filter(|l| l.starts_with(['.', '>']))
        .collect();
    assert_eq!(
        rows,
        [
            ".1000\ta9 01\t\tlda #$01\tstart   lda #$01 ; load",
            ">1002\t61 62 63 64 65 66 67 68\t\t        .text \"abcdefghij\"",
            ">100a\t69 6a",
        ],
        "{listing}"
    );
}

#[test]
fn listing_keeps_data_that_reads_as_an_instruction_data() {
    // `01 02` is `ora ($02,x)` and `06 00` is `asl $00`: 64tass lists them as data.
    let p = asm("* = $1000\n        .byte 1,2\n        .word 6\n        asl $00\n");
    let listing = p.listing();
    let rows: Vec<&str> = listing
        .lines()
        .filter(|l| l.starts_with(['.', '>']))
        .collect();
    assert_eq!(
        rows,
        [
            ">1000\t01 02\t\t\t\t        .byte 1,2",
            ">1002\t06 00\t\t\t\t        .word 6",
            ".1004\t06 00\t\tasl $00\t\t        asl $00",
        ],
        "{listing}"
    );
}

#[test]
fn forward_zero_page_constants_settle_in_two_passes() {
    let p = asm("* = $1000\n lda ptr\n sta ptr+1\nend rts\nptr = $fb\n");
    assert_eq!(p.image, [0xa5, 0xfb, 0x85, 0xfc, 0x60]);
    assert_eq!(p.symbol("end"), Some(0x1004));
    // As 64tass: a new label means a second pass, even with backward references only.
    assert_eq!(p.passes(), 2);
    assert_eq!(asm("ptr = $fb\n* = $1000\n lda ptr\n").passes(), 2);
    assert_eq!(asm("* = $1000\n lda #1\n").passes(), 1);
}

/// A byte operator in front of `#` (`<#label`, `>#label`) keeps the
/// immediate while the label is not known yet: 2 bytes in the first pass,
/// so the labels after it stay put and two passes do, as in 64tass.
#[test]
fn a_byte_of_an_immediate_not_known_yet_stays_immediate() {
    let p = asm("* = $1000\n lda <#lab\n lda >#lab\n lda <#lab-1\nlab nop\n");
    assert_eq!(p.image, [0xa9, 0x06, 0xa9, 0x10, 0xa9, 0x05, 0xea]);
    assert_eq!(p.passes(), 2);
}

/// An anonymous `.bfor` (`.brept`, `.bwhile`) makes its scopes' label
/// without asking for another pass (no line can read it by name); a
/// named one asks, as any new label does (64tass).
#[test]
fn an_anonymous_scoped_loop_asks_for_no_pass_more() {
    assert_eq!(
        asm("* = $1000\n .bfor i in range(3)\n .byte i\n .next\n").passes(),
        1
    );
    assert_eq!(
        asm("* = $1000\nl .bfor i in range(3)\n .byte i\n .next\n").passes(),
        2
    );
}

#[test]
fn forward_labels_that_land_in_zero_page_shrink_the_code() {
    // `target` is a label, not a constant: its value is only known after a pass.
    let p = asm("* = $0010\n lda target\n jmp target\ntarget .byte 0\n");
    assert_eq!(p.image, [0xa5, 0x15, 0x4c, 0x15, 0x00, 0x00]);
}

#[test]
fn defines_and_include_dirs_and_illegal_option() {
    let dir = std::env::temp_dir().join(format!("c64asm-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("consts.asm"), "COLOR = 7\n").unwrap();
    let opts = Options {
        defines: vec!["BASE=$c000".into()],
        include_dirs: vec![dir.clone()],
        cpu: c64asm::Cpu::M6502i,
        ..Default::default()
    };
    let p = assemble_str(
        "t.asm",
        " .include \"consts.asm\"\n* = BASE\n lda #COLOR\n lax #0\n",
        &opts,
    );
    let _ = std::fs::remove_dir_all(&dir);
    let p = p.unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(p.prg_bytes(), [0x00, 0xc0, 0xa9, 0x07, 0xab, 0x00]);
}

#[test]
fn case_insensitive_mnemonics_directives_and_registers() {
    let p = asm("* = $1000\n LDA #1\n Sta $12,X\n .BYTE 2\n ASL A\n");
    assert_eq!(p.image, [0xa9, 0x01, 0x95, 0x12, 0x02, 0x0a]);
}

#[test]
fn assembling_a_file_reports_file_errors() {
    let d = c64asm::assemble("/nonexistent/dir/x.asm").unwrap_err();
    assert!(d.has_errors());
    let first = d.iter().next().unwrap();
    assert_eq!(first.kind, c64asm::Kind::Io);
    assert!(d.render().contains("/nonexistent/dir/x.asm"));
}

#[test]
fn large_files_read_in_pieces_assemble_like_in_memory_text() {
    // > 256 KiB so the file is read in several pieces; multi-byte characters
    // and a macro body land on piece boundaries somewhere.
    let mut src = String::from("m .macro v\n .byte \\v\n .endm\n* = $1000\n");
    for i in 0..30_000 {
        src.push_str(match i % 3 {
            0 => " .text \"\u{a3}\u{3c0}\u{2592}\" ; \u{e9}\n",
            1 => " #m 7\n",
            _ => "* = $1000\n",
        });
    }
    src.push_str("end rts\n");
    let path = std::env::temp_dir().join(format!("c64asm-big-{}.asm", std::process::id()));
    std::fs::write(&path, &src).unwrap();
    let from_file = c64asm::assemble(&path);
    let _ = std::fs::remove_file(&path);
    let from_file = from_file.unwrap_or_else(|d| panic!("{d}"));
    let in_memory = asm(&src);
    assert_eq!(from_file.prg_bytes(), in_memory.prg_bytes());
    let names = |p: &c64asm::Program| -> Vec<(String, c64asm::SymbolValue)> {
        p.symbols()
            .iter()
            .map(|s| (s.name.clone(), s.value.clone()))
            .collect()
    };
    assert_eq!(names(&from_file), names(&in_memory));
    assert_eq!(from_file.warnings.len(), in_memory.warnings.len());
}

#[test]
fn source_map_names_every_byte_through_macros() {
    let p = asm(concat!(
        "twice   .macro\n",        // 1
        "        inx\n",           // 2
        "        inx\n",           // 3
        "        .endm\n",         // 4
        "        * = $c000\n",     // 5
        "start   ldx #0\n",        // 6
        "_loop:  #twice\n",        // 7
        "-       dex\n",           // 8
        "        bne -\n",         // 9
        "table   .byte 1, 2, 3\n", // 10
        "  lda #1\n",              // 11
    ));
    assert_eq!(
        p.source_map(),
        concat!(
            "# c64kit source map 2: address length code|data file:line:column [from file:line:column]\n",
            "c000 2 code t.asm:6:9\n",
            "c002 1 code t.asm:2:9 from t.asm:7:9\n",
            "c003 1 code t.asm:3:9 from t.asm:7:9\n",
            "c004 1 code t.asm:8:9\n",
            "c005 2 code t.asm:9:9\n",
            "c007 3 data t.asm:10:9\n",
            "c00a 2 code t.asm:11:3\n",
        )
    );
    // Every byte has its statement.
    for pc in 0xc000..0xc00c {
        let l = p.origin(pc).expect("every byte has an origin");
        assert!((l.pc..l.pc + l.len).contains(&pc));
    }
    assert!(p.origin(0xc00c).is_none());
    let inx = p.origin(0xc003).unwrap();
    assert!(inx.expanded && inx.code);
    assert_eq!(p.line_text(inx).trim(), "inx");
    let call = p.call_site(inx).unwrap();
    assert_eq!((call.file, call.line), ("t.asm", 7));
    assert_eq!(
        p.line_text(p.origin(0xc008).unwrap()),
        "table   .byte 1, 2, 3"
    );
}

#[test]
fn a_listing_without_source_lines_is_the_same_listing() {
    let src = concat!(
        "twice   .macro\n",
        "        inx\n",
        "        inx\n",
        "        .endm\n",
        "        * = $c000\n",
        "start   ldx #0\n",
        "_loop:  #twice\n",
        "table   .byte 1, 2, 3\n",
    );
    let with = asm(src);
    let listing_only = Options {
        source_lines: false,
        ..Options::default()
    };
    let without = assemble_str("t.asm", src, &listing_only).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(with.source_lines().len(), 4);
    assert!(without.source_lines().is_empty());
    assert!(without.origin(0xc000).is_none());
    assert_eq!(without.listing(), with.listing());
    assert!(
        with.listing().contains(".c002\te8\t\tinx"),
        "{}",
        with.listing()
    );
    assert_eq!(without.image, with.image);
}

/// The progress counters a caller reads from another thread: the pass under way and
/// the lines done in it, each line once (a loop's lines each time round).
#[test]
fn progress_counts_each_line_of_the_last_pass() {
    let run = |src: &str| {
        let progress = std::sync::Arc::new(c64asm::Progress::default());
        let opts = Options {
            progress: Some(progress.clone()),
            ..Options::default()
        };
        assemble_str("t.asm", src, &opts).unwrap_or_else(|d| panic!("{d}"));
        (progress.pass(), progress.lines())
    };
    let (pass, three) = run("* = $1000\n lda #1\n rts\n");
    assert!(pass >= 1);
    let (_, five) = run("* = $1000\n lda #1\n ldx #2\n ldy #3\n rts\n");
    assert_eq!(five - three, 2);
    let (_, looped) = run("* = $1000\n lda #1\n .rept 1000\n inx\n .endrept\n rts\n");
    assert!(looped >= three + 1000, "{looped}");
}
