//! `Program::output` writes every 64tass output format byte for byte as the
//! installed 64tass (1.58) does. Each source in tests/data/formats is
//! assembled with and without `-X` (a `; flags: -X` line limits it to `-X`)
//! and written in all nine formats by both. A `; refused by the 4 GiB
//! formats` line says `output` must refuse flat, Intel HEX and S-record
//! output for it. 64tass must be installed (CI installs it); without it the
//! comparison fails rather than passing.
//!
//! The inline tests pin what the formats look like, from the 64tass manual's
//! examples and from what 64tass 1.58 writes.

use std::path::{Path, PathBuf};
use std::process::Command;

use c64asm::{OutputFormat, Program};
use proptest::prelude::*;

fn options(long_address: bool) -> c64asm::Options {
    c64asm::Options {
        ascii: true,
        case_sensitive: true,
        long_address,
        ..Default::default()
    }
}

fn assemble(source: &str, long_address: bool) -> Program {
    c64asm::assemble_str("test.asm", source, &options(long_address))
        .unwrap_or_else(|d| panic!("{d}"))
}

fn output(source: &str, long_address: bool, format: OutputFormat) -> Vec<u8> {
    assemble(source, long_address).output(format).unwrap()
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

// ---- What the formats look like ----------------------------------------

#[test]
fn cbm_and_raw_are_the_image_with_and_without_load_address() {
    let src = "* = $c000\n lda #1\n rts\n";
    assert_eq!(
        output(src, false, OutputFormat::Cbm),
        [0x00, 0xc0, 0xa9, 0x01, 0x60]
    );
    assert_eq!(
        output(src, true, OutputFormat::Cbm),
        [0x00, 0xc0, 0x00, 0xa9, 0x01, 0x60]
    );
    assert_eq!(output(src, false, OutputFormat::Raw), [0xa9, 0x01, 0x60]);
    let p = assemble(src, false);
    assert_eq!(p.output(OutputFormat::Cbm).unwrap(), p.prg_bytes());
}

#[test]
fn flat_starts_at_address_zero() {
    let out = output(
        "* = $10\n .byte 1\n * = $12\n .byte 2\n",
        false,
        OutputFormat::Flat,
    );
    let mut expected = vec![0; 0x13];
    expected[0x10] = 1;
    expected[0x12] = 2;
    assert_eq!(out, expected);
}

#[test]
fn nonlinear_manual_example() {
    let src = "* = $1000\n lda #2\n* = $2000\n nop\n";
    #[rustfmt::skip]
    let expected = [
        0x02, 0x00, 0x00, 0x10, 0xa9, 0x02, // 2 bytes at $1000
        0x01, 0x00, 0x00, 0x20, 0xea,       // 1 byte at $2000
        0x00, 0x00,                         // end
    ];
    assert_eq!(output(src, false, OutputFormat::Nonlinear), expected);
    #[rustfmt::skip]
    let long = [
        0x02, 0x00, 0x00, 0x00, 0x10, 0x00, 0xa9, 0x02,
        0x01, 0x00, 0x00, 0x00, 0x20, 0x00, 0xea,
        0x00, 0x00, 0x00,
    ];
    assert_eq!(output(src, true, OutputFormat::Nonlinear), long);
}

#[test]
fn atari_xex_manual_example() {
    let src = "* = $02e0\n .addr start ;run address\n* = $2000\nstart rts\n";
    #[rustfmt::skip]
    let expected = [
        0xff, 0xff, 0xe0, 0x02, 0xe1, 0x02, 0x00, 0x20, // $02e0-$02e1: run address
        0x00, 0x20, 0x00, 0x20, 0x60,                   // $2000-$2000: rts
    ];
    assert_eq!(output(src, false, OutputFormat::AtariXex), expected);
}

#[test]
fn atari_xex_segment_at_ffff_gets_its_own_marker() {
    let src = "* = $1000\n .byte 1\n* = $ffff\n .byte 2\n";
    #[rustfmt::skip]
    let expected = [
        0xff, 0xff, 0x00, 0x10, 0x00, 0x10, 0x01,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02,
    ];
    assert_eq!(output(src, false, OutputFormat::AtariXex), expected);
}

#[test]
fn apple_ii_manual_example() {
    let src = "* = $0c00\n rts\n";
    assert_eq!(
        output(src, false, OutputFormat::AppleII),
        [0x00, 0x0c, 0x01, 0x00, 0x60]
    );
    // Always 2-byte address and length, also with long addresses.
    assert_eq!(
        output(src, true, OutputFormat::AppleII),
        [0x00, 0x0c, 0x01, 0x00, 0x60]
    );
}

#[test]
fn hex_formats_manual_examples() {
    let src = "* = $0c00\n rts\n";
    assert_eq!(
        text(output(src, false, OutputFormat::IntelHex)),
        ":010C00006093\n:00000001FF\n"
    );
    assert_eq!(
        text(output(src, false, OutputFormat::MosHex)),
        ";010C0060006D\r\n;0000010001\r\n"
    );
    // 64tass 1.58 adds a header and a record count to the manual's example.
    assert_eq!(
        text(output(src, false, OutputFormat::SRecord)),
        "S00600004844521B\nS1040C00608F\nS5030001FB\nS9030C00F0\n"
    );
}

#[test]
fn empty_program_writes_only_the_end_records() {
    let src = "* = $1000\nlabel .fill 10\n";
    for long in [false, true] {
        let p = assemble(src, long);
        for format in [
            OutputFormat::Cbm,
            OutputFormat::Raw,
            OutputFormat::Flat,
            OutputFormat::AppleII,
            OutputFormat::AtariXex,
        ] {
            assert_eq!(p.output(format).unwrap(), [], "{format:?}");
        }
        let end = if long { vec![0, 0, 0] } else { vec![0, 0] };
        assert_eq!(p.output(OutputFormat::Nonlinear).unwrap(), end);
        assert_eq!(
            text(p.output(OutputFormat::IntelHex).unwrap()),
            ":00000001FF\n"
        );
        assert_eq!(
            text(p.output(OutputFormat::MosHex).unwrap()),
            ";0000000000\r\n"
        );
        assert_eq!(
            text(p.output(OutputFormat::SRecord).unwrap()),
            "S00600004844521B\nS5030000FC\nS9030000FC\n"
        );
    }
}

#[test]
fn hex_records_keep_overlaps_in_writing_order() {
    let src = "* = $2000\n .byte 1, 2, 3\n* = $2001\n .byte 4\n";
    assert_eq!(
        text(output(src, false, OutputFormat::IntelHex)),
        ":03200000010203D7\n:0120010004DA\n:00000001FF\n"
    );
    // The image formats flatten: the later byte wins.
    assert_eq!(output(src, false, OutputFormat::Raw), [1, 4, 3]);
}

#[test]
fn hex_records_are_cut_at_32_and_24_bytes() {
    let src = "* = $1000\n .fill 40, $ab\n";
    let ihex = text(output(src, false, OutputFormat::IntelHex));
    let lines: Vec<&str> = ihex.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with(":20100000ABAB"));
    assert!(lines[1].starts_with(":08102000ABAB"));
    let mos = text(output(src, false, OutputFormat::MosHex));
    let lines: Vec<&str> = mos.split("\r\n").collect();
    assert!(lines[0].starts_with(";181000ABAB"));
    assert!(lines[1].starts_with(";101018ABAB"));
    assert_eq!(lines[2], ";0000020002");
}

#[test]
fn bytes_above_ffff_with_long_addresses() {
    let src = "* = $fffe\n .byte 1, 2, 3, 4\n";
    let p = assemble(src, true);
    assert_eq!(
        p.output(OutputFormat::Cbm).unwrap(),
        [0xfe, 0xff, 0x00, 1, 2, 3, 4]
    );
    assert_eq!(
        p.output(OutputFormat::Nonlinear).unwrap(),
        [0x04, 0x00, 0x00, 0xfe, 0xff, 0x00, 1, 2, 3, 4, 0, 0, 0]
    );
    // Intel HEX: an extended linear address record first, a record split at
    // the 64 KiB boundary, a new extended address for the rest.
    assert_eq!(
        text(p.output(OutputFormat::IntelHex).unwrap()),
        ":020000040000FA\n:02FFFE000102FE\n:020000040001F9\n:020000000304F7\n:00000001FF\n"
    );
    // S-record: 24-bit addresses throughout (S2, S8).
    assert_eq!(
        text(p.output(OutputFormat::SRecord).unwrap()),
        "S00600004844521B\nS20800FFFE01020304F0\nS5030001FB\nS80400FFFEFE\n"
    );
    // The 64 KiB formats wrap to $0000, as 64tass does for them even with -X.
    assert_eq!(
        p.output(OutputFormat::AtariXex).unwrap(),
        [
            0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 1, 2, 0x00, 0x00, 0x01, 0x00, 3, 4
        ]
    );
    assert_eq!(
        text(p.output(OutputFormat::MosHex).unwrap()),
        ";02FFFE01020202\r\n;02000003040009\r\n;0000020002\r\n"
    );
}

#[test]
fn a_wrapped_offset_refuses_the_4gib_formats() {
    // Without -X the offset wraps at $10000; 64tass's flat, Intel HEX and
    // S-record output would have put these bytes at $10000 instead.
    let p = assemble("* = $fffe\n .byte 1, 2, 3, 4\n", false);
    for format in [
        OutputFormat::Flat,
        OutputFormat::IntelHex,
        OutputFormat::SRecord,
    ] {
        let err = p.output(format).unwrap_err();
        assert!(err.contains("4 GiB address space"), "{err}");
        assert!(err.starts_with(format.switch()), "{err}");
    }
    assert_eq!(p.output(OutputFormat::Raw).unwrap()[..2], [3, 4]);
}

// ---- Comparison with 64tass --------------------------------------------

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/formats")
}

fn sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/formats")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    sources.sort();
    sources
}

/// The long-address settings a source is compared with.
fn long_address_settings(source: &str) -> Vec<bool> {
    if source.lines().any(|l| l.trim() == "; flags: -X") {
        vec![true]
    } else {
        vec![false, true]
    }
}

fn run_64tass(
    src: &Path,
    long_address: bool,
    format: OutputFormat,
    out: &Path,
) -> Result<Vec<u8>, String> {
    let _ = std::fs::remove_file(out);
    let result = Command::new("64tass")
        .args([
            "--quiet",
            "--no-warn",
            "--ascii",
            "--case-sensitive",
            format.switch(),
        ])
        .args(long_address.then_some("--long-address"))
        .arg(src)
        .arg("-o")
        .arg(out)
        .output();
    let output = match result {
        Ok(o) => o,
        Err(e) => panic!(
            "64tass is required for the output format tests but could not be run ({e}).\n\
             Install it (Debian/Ubuntu: `apt-get install 64tass`) or run `.ci/run`."
        ),
    };
    if !output.status.success() {
        return Err(format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(std::fs::read(out).unwrap_or_default())
}

fn first_difference(ours: &[u8], theirs: &[u8]) -> String {
    let at = ours
        .iter()
        .zip(theirs)
        .position(|(a, b)| a != b)
        .unwrap_or(ours.len().min(theirs.len()));
    let show = |b: &[u8]| {
        String::from_utf8_lossy(&b[at.min(b.len())..(at + 24).min(b.len())])
            .escape_debug()
            .to_string()
    };
    format!(
        "differs at offset {at} (ours {} bytes, 64tass {}): ours {:?} vs 64tass {:?}",
        ours.len(),
        theirs.len(),
        show(ours),
        show(theirs)
    )
}

#[test]
fn every_format_matches_64tass() {
    let sources = sources();
    assert!(
        sources.len() >= 12,
        "expected the format sources, found {}",
        sources.len()
    );
    let tmp = std::env::temp_dir().join(format!("c64asm-formats-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for src in &sources {
        let source = std::fs::read_to_string(src).unwrap();
        let refused = source
            .lines()
            .any(|l| l.trim() == "; refused by the 4 GiB formats");
        let file = src.file_name().unwrap().to_string_lossy().to_string();
        for long in long_address_settings(&source) {
            let program = c64asm::assemble_with(src, &options(long))
                .unwrap_or_else(|d| panic!("{file}: {d}"));
            let cbm = program.output(OutputFormat::Cbm);
            if cbm.as_ref().ok() != Some(&program.prg_bytes()) {
                failures.push(format!("{file}: output(Cbm) is not prg_bytes()"));
            }
            for format in OutputFormat::ALL {
                let name = format!(
                    "{file} [{}{}]",
                    format.switch(),
                    if long { " -X" } else { "" }
                );
                let out = tmp.join(format!("{}.out", file));
                compared += 1;
                // Where 64tass's 4 GiB offset space places bytes differently, we refuse.
                let refuses = refused && format.image_size(long) == 1 << 32;
                match (run_64tass(src, long, format, &out), program.output(format)) {
                    (Ok(theirs), Ok(ours)) if refuses => failures.push(format!(
                        "{name}: expected a refusal, got {} bytes (64tass {})",
                        ours.len(),
                        theirs.len()
                    )),
                    (Ok(theirs), Ok(ours)) if ours != theirs => {
                        failures.push(format!("{name}: {}", first_difference(&ours, &theirs)))
                    }
                    (Ok(_), Ok(_)) => {}
                    (Ok(_), Err(e)) if refuses && e.contains("4 GiB address space") => {}
                    (Ok(_), Err(e)) => failures.push(format!("{name}: we refuse: {e}")),
                    (Err(e), _) => failures.push(format!("{name}: 64tass rejects it: {e}")),
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Count records past 16 bits: S6 instead of S5 in S-records, and MOS's
/// count record keeping 64tass's arithmetic (a few megabytes of hex).
#[test]
fn record_counts_beyond_65535_match_64tass() {
    let cases = [
        // 65536 S-records of 32 bytes.
        (
            "srec.asm",
            "* = $1000\n .fill $200000, $5a\n",
            OutputFormat::SRecord,
        ),
        // 25 x 2731 MOS records over the same 64 KiB.
        (
            "mos.asm",
            "* = 0\n .rept 25\n * = 0\n .fill $10000, 7\n .endrept\n",
            OutputFormat::MosHex,
        ),
    ];
    let tmp = std::env::temp_dir().join(format!("c64asm-formats-big-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (name, source, format) in cases {
        let src = tmp.join(name);
        std::fs::write(&src, source).unwrap();
        let theirs = run_64tass(&src, true, format, &tmp.join("out")).unwrap();
        let ours = output(source, true, format);
        assert!(
            ours == theirs,
            "{name}: {}",
            first_difference(&ours, &theirs)
        );
        let tail = text(ours)
            .lines()
            .rev()
            .take(2)
            .map(str::to_string)
            .collect::<Vec<_>>();
        match format {
            OutputFormat::SRecord => assert_eq!(tail, ["S804001000EB", "S604010000FA"]),
            // 68275 = $10ab3 records: the address field shows $0ab3, the sum counts $10a + $b3.
            _ => assert_eq!(tail[0], ";000AB301BD"),
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A source writing `blocks` (address, length, first byte; length 0 is a
/// `.fill` gap) in order: overlaps, gaps and out-of-order blocks at random.
fn block_source(blocks: &[(u32, u32, u8)]) -> String {
    let mut src = String::new();
    for &(addr, len, byte) in blocks {
        src.push_str(&format!("* = ${addr:04x}\n"));
        match len {
            0 => src.push_str(" .fill 3, ?\n .byte 1\n"),
            n => src.push_str(&format!(" .fill {n}, range({byte}, {byte} + {n})\n")),
        }
    }
    src
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random overlapping blocks near $ffff (across it with -X) in every
    /// format, compared with 64tass.
    #[test]
    fn random_blocks_match_64tass(
        blocks in proptest::collection::vec((0xff80u32..0x10000, 0u32..70, 0u8..180), 1..12),
        long in any::<bool>(),
    ) {
        // Without -X, stay below $10000 (a wrap is refused by the 4 GiB formats).
        let blocks: Vec<(u32, u32, u8)> = blocks
            .into_iter()
            .map(|(a, n, b)| if long { (a, n, b) } else { (a.min(0xfff8), n.min(0xfffc - a.min(0xfff8)), b) })
            .collect();
        let source = block_source(&blocks);
        let tmp = std::env::temp_dir().join(format!("c64asm-formats-random-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        let src = tmp.join("random.asm");
        std::fs::write(&src, &source).unwrap();
        let program = assemble(&source, long);
        for format in OutputFormat::ALL {
            let theirs = run_64tass(&src, long, format, &tmp.join("out")).unwrap();
            match program.output(format) {
                Ok(ours) => prop_assert!(ours == theirs, "{} {long}:\n{source}{}", format.switch(), first_difference(&ours, &theirs)),
                Err(e) => prop_assert!(long && format.image_size(true) == 1 << 32, "{e}"),
            }
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
