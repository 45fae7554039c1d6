//! Byte-for-byte comparison with 64tass (`--ascii --case-sensitive --cbm-prg`)
//! on every source in tests/data/compare. 64tass must be installed (CI installs
//! it with apt); without it this test fails rather than silently passing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compare")
}

/// Extra 64tass flags a source asks for in a `; 64tass: ...` first line.
fn extra_flags(source: &str) -> Vec<String> {
    source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("; 64tass:"))
        .map(|f| f.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn run_64tass(src: &Path, flags: &[String], out: &Path) -> Vec<u8> {
    let result = Command::new("64tass")
        .args([
            "--ascii",
            "--case-sensitive",
            "--cbm-prg",
            "--quiet",
            "--no-warn",
        ])
        .args(flags)
        .arg(src)
        .arg("-o")
        .arg(out)
        .output();
    let output = match result {
        Ok(o) => o,
        Err(e) => panic!(
            "64tass is required for the compatibility tests but could not be run ({e}).\n\
             Install it (Debian/Ubuntu: `apt-get install 64tass`) or run `.ci/run`."
        ),
    };
    assert!(
        output.status.success(),
        "64tass rejected {}:\n{}{}",
        src.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read(out).expect("64tass output")
}

#[test]
fn sources_assemble_exactly_like_64tass() {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/compare")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "asm") && !p.to_string_lossy().contains("/inc/")
        })
        .collect();
    sources.sort();
    assert!(
        sources.len() >= 10,
        "expected the comparison sources, found {}",
        sources.len()
    );
    let tmp = std::env::temp_dir().join(format!("c64asm-compare-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    for src in &sources {
        let text = std::fs::read_to_string(src).unwrap();
        let flags = extra_flags(&text);
        let out = tmp.join(src.file_name().unwrap()).with_extension("prg");
        let expected = run_64tass(src, &flags, &out);
        let opts = c64asm::Options {
            illegal_opcodes: flags.iter().any(|f| f == "-i"),
            ..Default::default()
        };
        match c64asm::assemble_with(src, &opts) {
            Ok(p) => {
                let ours = p.prg_bytes();
                if ours != expected {
                    let first = ours
                        .iter()
                        .zip(&expected)
                        .position(|(a, b)| a != b)
                        .unwrap_or(ours.len().min(expected.len()));
                    failures.push(format!(
                        "{}: differs at prg offset {first} (ours {} bytes, 64tass {} bytes): ours {:02x?} vs 64tass {:02x?}",
                        src.display(),
                        ours.len(),
                        expected.len(),
                        &ours[first.min(ours.len())..(first + 8).min(ours.len())],
                        &expected[first.min(expected.len())..(first + 8).min(expected.len())],
                    ));
                }
            }
            Err(d) => failures.push(format!("{}: we rejected it:\n{d}", src.display())),
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(
        failures.is_empty(),
        "{} of {} sources differ:\n{}",
        failures.len(),
        sources.len(),
        failures.join("\n")
    );
}
