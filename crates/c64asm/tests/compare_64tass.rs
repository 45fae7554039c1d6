//! Byte-for-byte comparison with the installed 64tass on every source in
//! tests/data/compare. A source's first line may say which 64tass switches
//! to use, several sets separated by `|`, e.g. `; 64tass: -a -C | -a | `;
//! each set is assembled by both and the bytes, the label list (`-l`) and
//! the VICE label list (`--vice-labels -l`) compared (sorted, if a line near
//! the top says `; labels in any order`), and so are the warnings (place,
//! message and switch, in any order). `-L` makes 64tass write a listing,
//! which costs it a last pass that settles layouts it otherwise leaves one
//! pass short (a section with nested ones placed under `.logical` after its
//! fragments); c64asm always settles them. 64tass must be installed (CI
//! installs it); without it this test fails rather than silently passing.

use std::path::{Path, PathBuf};
use std::process::Command;

mod compare_flags;

use compare_flags::flag_sets;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/compare")
}

/// Options for the 64tass switches the comparison sources use, and the
/// output format they choose.
fn options(flags: &[String], dir: &Path) -> (c64asm::Options, c64asm::OutputFormat) {
    let mut o = c64asm::Options::default();
    let mut format = c64asm::OutputFormat::Cbm;
    let mut i = 0;
    while i < flags.len() {
        let f = flags[i].as_str();
        match f {
            "-a" => o.ascii = true,
            "-C" => o.case_sensitive = true,
            "-T" => o.tasm_compatible = true,
            "-B" => o.long_branch = true,
            "-b" => format = c64asm::OutputFormat::Raw,
            "-f" => {
                format = c64asm::OutputFormat::Flat;
                o.flat_image = true;
            }
            "-X" => o.long_address = true,
            "-i" | "--m6502" => o.cpu = c64asm::Cpu::M6502i,
            "--m65xx" => o.cpu = c64asm::Cpu::M6502,
            "-c" | "--m65c02" => o.cpu = c64asm::Cpu::M65C02,
            "--mr65c02" => o.cpu = c64asm::Cpu::R65C02,
            "--mw65c02" => o.cpu = c64asm::Cpu::W65C02,
            "--m65ce02" => o.cpu = c64asm::Cpu::M65CE02,
            "-x" | "--m65816" => o.cpu = c64asm::Cpu::M65816,
            "-t" | "--m65dtv02" => o.cpu = c64asm::Cpu::M65DTV02,
            "-e" | "--m65el02" => o.cpu = c64asm::Cpu::M65EL02,
            "--m4510" => o.cpu = c64asm::Cpu::M4510,
            "-w" => o.warnings.none = true,
            // 64tass's listing (see the top); with errors it leaves out the
            // listing's pass and the unused symbols' reports after it.
            "-L" => o.listing_written = true,
            "-D" => {
                i += 1;
                o.defines.push(flags[i].clone());
            }
            "-I" => {
                i += 1;
                o.include_dirs.push(dir.join(&flags[i]));
            }
            w if w.starts_with("-W") => assert!(o.warnings.apply(&w[2..]), "unknown {w}"),
            other => panic!("the comparison test doesn't know the switch {other}"),
        }
        i += 1;
    }
    (o, format)
}

/// 64tass's output, its label list and its VICE label list.
struct Tass {
    bytes: Vec<u8>,
    labels: String,
    vice: String,
    /// `file:line:col: warning: message [-Wswitch]`, sorted.
    warnings: Vec<String>,
}

/// The file name alone: 64tass shows paths as given, we as opened.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Warnings from 64tass's diagnostics text, in the form `ours_warnings` gives.
/// A warning in a macro's expansion has its text after the note on where in
/// the macro it was (`...: note: original location in an expanded macro was
/// here` then the text, on that line).
fn tass_warnings(stderr: &str) -> Vec<String> {
    const LATE: &str = ": note: original location in an expanded macro was here";
    let lines: Vec<&str> = stderr.lines().collect();
    let mut list: Vec<String> = (0..lines.len())
        .filter(|&i| lines[i].contains(": warning: "))
        .map(|i| {
            let (place, rest) = lines[i].split_once(": warning: ").unwrap();
            let late = lines[i..].iter().find_map(|l| l.split_once(LATE));
            let rest = match late {
                Some((_, text)) if rest.is_empty() => text,
                _ => rest,
            };
            let mut parts = place.rsplitn(3, ':');
            let (col, line, file) = (parts.next(), parts.next(), parts.next());
            format!(
                "{}:{}:{}: warning: {rest}",
                file_name(file.unwrap_or("")),
                line.unwrap_or(""),
                col.unwrap_or("")
            )
        })
        .collect();
    list.sort();
    list
}

/// Our warnings, as 64tass's run here gives them: with `--vice-labels -l`,
/// whose file may add one with no place (see `tass_warnings`).
fn ours_warnings(p: &c64asm::Program, opts: &c64asm::Options) -> Vec<String> {
    let w = &opts.warnings;
    let wrapped =
        !w.none && w.wrap_addr && p.label_address_wrapped(c64asm::LabelFormat::Vice, None);
    let mut list: Vec<String> = p
        .warnings
        .warnings()
        .map(|d| {
            format!(
                "{}:{}:{}: warning: {}",
                file_name(&d.file),
                d.line,
                d.column,
                d.headline()
            )
        })
        .chain(wrapped.then(|| format!("::64tass: warning: {}", c64asm::LABEL_ADDRESS_WRAPPED)))
        .collect();
    list.sort();
    list
}

fn run_64tass(src: &Path, flags: &[String], out: &Path) -> Result<Tass, String> {
    let mut args: Vec<String> = Vec::new();
    let mut i = 0;
    while i < flags.len() {
        if flags[i] == "-I" {
            args.push("-I".into());
            args.push(
                src.parent()
                    .unwrap()
                    .join(&flags[i + 1])
                    .display()
                    .to_string(),
            );
            i += 2;
            continue;
        }
        if flags[i] == "-L" {
            args.push("-L".into());
            args.push(out.with_extension("lst").display().to_string());
            i += 1;
            continue;
        }
        args.push(flags[i].clone());
        i += 1;
    }
    let labels = out.with_extension("lbl");
    let vice = out.with_extension("vice");
    let result = Command::new("64tass")
        .args(["--quiet"])
        .args(&args)
        .arg(src)
        .arg("-o")
        .arg(out)
        .arg("-l")
        .arg(&labels)
        .arg("--vice-labels")
        .arg("-l")
        .arg(&vice)
        .output();
    let output = match result {
        Ok(o) => o,
        Err(e) => panic!(
            "64tass is required for the compatibility tests but could not be run ({e}).\n\
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
    Ok(Tass {
        bytes: std::fs::read(out).unwrap_or_default(),
        labels: std::fs::read_to_string(&labels).unwrap_or_default(),
        vice: std::fs::read_to_string(&vice).unwrap_or_default(),
        warnings: tass_warnings(&String::from_utf8_lossy(&output.stderr)),
    })
}

/// The lines of a label list in order, or sorted where 64tass's own order is
/// not reproducible (anonymous scopes are keyed by a pointer in its table).
fn label_lines(text: &str, any_order: bool) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if any_order {
        lines.sort();
    }
    lines
}

fn sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/compare")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    sources.sort();
    sources
}

#[test]
fn sources_assemble_exactly_like_64tass() {
    let sources = sources();
    assert!(
        sources.len() >= 55,
        "expected the comparison sources, found {}",
        sources.len()
    );
    let tmp = std::env::temp_dir().join(format!("c64asm-compare-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for src in &sources {
        let text = std::fs::read_to_string(src).unwrap();
        let expect_error = text
            .lines()
            .take(3)
            .any(|l| l.starts_with("; 64tass rejects"));
        let any_order = text
            .lines()
            .take(3)
            .any(|l| l.starts_with("; labels in any order"));
        for flags in flag_sets(&text) {
            let out = tmp.join(src.file_name().unwrap()).with_extension("prg");
            let _ = std::fs::remove_file(&out);
            let expected = run_64tass(src, &flags, &out);
            let (opts, format) = options(&flags, src.parent().unwrap());
            let ours = c64asm::assemble_with(src, &opts);
            let name = format!(
                "{} [{}]",
                src.file_name().unwrap().to_string_lossy(),
                flags.join(" ")
            );
            compared += 1;
            match (expected, ours) {
                (Ok(t), Ok(p)) => {
                    let e = t.bytes;
                    for (what, ours, theirs) in [
                        ("label list", p.label_list(), t.labels),
                        ("VICE labels", p.vice_labels(), t.vice),
                    ] {
                        if label_lines(&ours, any_order) != label_lines(&theirs, any_order) {
                            failures.push(format!(
                                "{name}: the {what} differs:\nours:\n{ours}64tass:\n{theirs}"
                            ));
                        }
                    }
                    let ours_w = ours_warnings(&p, &opts);
                    if ours_w != t.warnings {
                        failures.push(format!(
                            "{name}: the warnings differ:\nours:\n{}\n64tass:\n{}",
                            ours_w.join("\n"),
                            t.warnings.join("\n")
                        ));
                    }
                    let bytes = p.output(format).expect("the output of its format");
                    if bytes != e {
                        let first = bytes
                            .iter()
                            .zip(&e)
                            .position(|(a, b)| a != b)
                            .unwrap_or(bytes.len().min(e.len()));
                        failures.push(format!(
                            "{name}: differs at offset {first} (ours {} bytes, 64tass {}): ours {:02x?} vs 64tass {:02x?}",
                            bytes.len(),
                            e.len(),
                            &bytes[first.min(bytes.len())..(first + 8).min(bytes.len())],
                            &e[first.min(e.len())..(first + 8).min(e.len())],
                        ));
                    }
                    if expect_error {
                        failures.push(format!(
                            "{name}: marked '64tass rejects' but 64tass accepted it"
                        ));
                    }
                }
                (Err(msg), Ok(_)) => failures.push(format!(
                    "{name}: 64tass rejects it but we accept it:\n{msg}"
                )),
                (Ok(_), Err(d)) => failures.push(format!("{name}: we reject it:\n{d}")),
                (Err(_), Err(_)) => {
                    if !expect_error {
                        failures.push(format!(
                            "{name}: both reject it (mark it '; 64tass rejects')"
                        ));
                    }
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

/// A listing from its column titles on: the lines before name the tool, its
/// command line and the date.
fn listing_body(text: &str) -> String {
    match text
        .find(";Offset")
        .map(|at| text[..at].rfind(";Line").unwrap_or(at))
    {
        Some(at) => text[at..].to_string(),
        None => String::new(),
    }
}

/// The listing (`-L`) of every comparison source is 64tass's, line for line
/// (with its first set of switches; where 64tass rejects the source, none).
#[test]
fn listings_are_64tass_listings() {
    compare_listings(Listing::Plain);
}

/// The same with `--verbose-list`: every line assembled is listed.
#[test]
fn verbose_listings_are_64tass_listings() {
    compare_listings(Listing::Verbose);
}

/// The same with `--line-numbers`: each row's line (and file) number.
#[test]
fn numbered_listings_are_64tass_listings() {
    compare_listings(Listing::LineNumbers);
}

/// Both: empty lines listed too, and the rows numbered around them (an
/// empty line is numbered nothing, so the line after it names its file
/// when the row before came from another).
#[test]
fn verbose_numbered_listings_are_64tass_listings() {
    compare_listings(Listing::VerboseNumbered);
}

/// With `--line-numbers --no-source`: only the rows with bytes, each
/// instruction's numbered (a long branch's jump too, as its line is never
/// listed).
#[test]
fn numbered_listings_without_source_are_64tass_listings() {
    compare_listings(Listing::NumberedNoSource);
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Listing {
    Plain,
    Verbose,
    LineNumbers,
    VerboseNumbered,
    NumberedNoSource,
}

fn compare_listings(kind: Listing) {
    let verbose = matches!(kind, Listing::Verbose | Listing::VerboseNumbered);
    let numbered = matches!(
        kind,
        Listing::LineNumbers | Listing::VerboseNumbered | Listing::NumberedNoSource
    );
    let no_source = kind == Listing::NumberedNoSource;
    // One directory per test: they run at the same time.
    let tmp = std::env::temp_dir().join(format!("c64asm-listing-{}-{kind:?}", std::process::id(),));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for src in sources() {
        let text = std::fs::read_to_string(&src).unwrap();
        let mut flags = flag_sets(&text).swap_remove(0);
        flags.retain(|f| f != "-L");
        let out = tmp.join(src.file_name().unwrap()).with_extension("prg");
        let lst = out.with_extension("lst");
        let _ = std::fs::remove_file(&lst);
        let mut with_listing = flags.clone();
        with_listing.push("-L".into());
        if verbose {
            with_listing.push("--verbose-list".into());
        }
        if numbered {
            with_listing.push("--line-numbers".into());
        }
        if no_source {
            with_listing.push("--no-source".into());
        }
        if run_64tass(&src, &with_listing, &out).is_err() {
            continue;
        }
        let theirs = listing_body(&std::fs::read_to_string(&lst).unwrap_or_default());
        let (mut opts, _) = options(&flags, src.parent().unwrap());
        opts.verbose_list = verbose;
        // As 64tass with `-L`: its listing has a pass of its own.
        opts.listing_written = true;
        let Ok(p) = c64asm::assemble_with(&src, &opts) else {
            continue;
        };
        compared += 1;
        let columns = c64asm::ListingColumns {
            line_numbers: numbered,
            source: !no_source,
            ..Default::default()
        };
        let ours = listing_body(&p.listing_with(columns));
        if ours != theirs {
            let (o, t): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
            let at = o
                .iter()
                .zip(&t)
                .position(|(a, b)| a != b)
                .unwrap_or(o.len().min(t.len()));
            failures.push(format!(
                "{}: line {} of the listing differs:\nours:   {:?}\n64tass: {:?}",
                src.file_name().unwrap().to_string_lossy(),
                at + 1,
                o.get(at),
                t.get(at)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(compared >= 50, "only {compared} listings compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} listings differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `--dump-labels` of every comparison source is 64tass's: every symbol with
/// where it was defined, also those in a `.proc` left out, a structure's
/// fields and a `.weak` definition a stronger one hides.
#[test]
fn dump_label_lists_are_64tass_lists() {
    compare_label_lists("--dump-labels", c64asm::LabelFormat::Dump);
}

/// `--vice-labels-numeric` of every comparison source is 64tass's: plain
/// numbers and bit strings too, as 24 bits (an inverted mask, `~$e0`, is
/// `ffff1f`; a negative integer is left out).
#[test]
fn vice_numeric_label_lists_are_64tass_lists() {
    compare_label_lists("--vice-labels-numeric", c64asm::LabelFormat::ViceNumeric);
}

/// Every comparison source's label list in the format `flag` asks 64tass
/// for, against ours in `format`.
fn compare_label_lists(flag: &str, format: c64asm::LabelFormat) {
    let tmp = std::env::temp_dir().join(format!("c64asm-labels{flag}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for src in sources() {
        let text = std::fs::read_to_string(&src).unwrap();
        let any_order = text
            .lines()
            .take(3)
            .any(|l| l.starts_with("; labels in any order"));
        let mut flags = flag_sets(&text).swap_remove(0);
        flags.retain(|f| f != "-L");
        let out = tmp.join(src.file_name().unwrap()).with_extension("prg");
        let mut asked = flags.clone();
        // The format flag goes to the label list run_64tass asks for next.
        asked.push(flag.into());
        let Ok(theirs) = run_64tass(&src, &asked, &out) else {
            continue;
        };
        let (opts, _) = options(&flags, src.parent().unwrap());
        let Ok(p) = c64asm::assemble_with(&src, &opts) else {
            continue;
        };
        compared += 1;
        let ours = p.labels(format);
        if label_lines(&ours, any_order) != label_lines(&theirs.labels, any_order) {
            failures.push(format!(
                "{}: the {flag} lists differ:\nours:\n{ours}64tass:\n{}",
                src.file_name().unwrap().to_string_lossy(),
                theirs.labels
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(compared >= 50, "only {compared} {flag} lists compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} {flag} lists differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `-Wportable` (on by default) looks at the file names of `.include` and
/// `.binary`: made at test time, since a repository shouldn't hold a name
/// with `:` or `?`.
#[test]
fn portable_file_name_warnings_like_64tass() {
    let dir = std::env::temp_dir().join(format!("c64asm-portable-{}", std::process::id()));
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    for name in ["part.asm", "a:b.asm", "a?b.asm", "a\\b.asm", "a%b.asm"] {
        std::fs::write(inc.join(name), "        .byte 1\n").unwrap();
    }
    let absolute = inc.join("part.asm");
    let src = dir.join("main.asm");
    std::fs::write(
        &src,
        format!(
            "        * = $1000\n\
             \x20       .include \"{abs}\"\n\
             \x20       .include \"inc/a:b.asm\"\n\
             \x20       .include \"inc/a?b.asm\"\n\
             \x20       .include \"inc/a\\b.asm\"\n\
             \x20       .include \"inc/a%b.asm\"\n\
             \x20       .include \"./inc/part.asm\"\n\
             \x20       .binary \"{abs}\", 1\n",
            abs = absolute.display()
        ),
    )
    .unwrap();
    for flags in [
        vec!["-a".to_string()],
        vec!["-a".into(), "-Wno-portable".into()],
    ] {
        let theirs = run_64tass(&src, &flags, &dir.join("t.prg")).expect("64tass assembles it");
        let (opts, _) = options(&flags, &dir);
        let ours = c64asm::assemble_with(&src, &opts).expect("we assemble it");
        assert_eq!(ours.prg_bytes(), theirs.bytes);
        assert_eq!(
            ours_warnings(&ours, &opts),
            theirs.warnings,
            "with {flags:?}"
        );
        if flags.len() == 1 {
            assert_eq!(theirs.warnings.len(), 5, "{:?}", theirs.warnings);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Line breaks as 64tass reads them: CR LF, LF and a lone CR each end a
/// line, and a file that ends in CR LF has one more, empty, line (which
/// `--verbose-list` lists); a first line starting `#!` is empty. Made at test time: a repository may rewrite line
/// breaks.
#[test]
fn line_breaks_list_like_64tass() {
    let dir = std::env::temp_dir().join(format!("c64asm-crlf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        ("dos.asm", "init    lda #1\r\n        rts\r\n\r\n"),
        ("unix.asm", "exit    rts\n\n"),
        ("mac.asm", "wait    bne wait\r        rts\r"),
        ("open.asm", "last    nop\r\n        nop"),
        ("script.asm", "#!/usr/bin/env 64tass\n        nop\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let src = dir.join("main.asm");
    std::fs::write(
        &src,
        "        * = $1000\r\n\
         \x20       .include \"dos.asm\"\r\n\
         \x20       .include \"unix.asm\"\r\n\
         \x20       .include \"mac.asm\"\r\n\
         \x20       .include \"open.asm\"\r\n\
         \x20       .include \"script.asm\"\r\n",
    )
    .unwrap();
    for extra in [
        &["--verbose-list"][..],
        &["--verbose-list", "--line-numbers"],
        &[],
    ] {
        let mut flags: Vec<String> = extra.iter().map(|f| f.to_string()).collect();
        flags.push("-L".into());
        let out = dir.join("t.prg");
        let theirs = run_64tass(&src, &flags, &out).expect("64tass assembles it");
        let theirs_listing =
            listing_body(&std::fs::read_to_string(out.with_extension("lst")).unwrap());
        let (mut opts, _) = options(&[], &dir);
        opts.verbose_list = extra.contains(&"--verbose-list");
        let ours = c64asm::assemble_with(&src, &opts).expect("we assemble it");
        assert_eq!(ours.prg_bytes(), theirs.bytes);
        let columns = c64asm::ListingColumns {
            line_numbers: extra.contains(&"--line-numbers"),
            ..Default::default()
        };
        assert_eq!(
            listing_body(&ours.listing_with(columns)),
            theirs_listing,
            "with {extra:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// File names in the listing's "Processing input file", "Processing file"
/// and "Return to file" rows are quoted or escaped for a shell, as 64tass
/// writes them (`"a(b).asm"`, `\#h.asm`, `w\!\(1\).asm`).
#[test]
fn file_names_list_like_64tass() {
    let dir = std::env::temp_dir().join(format!("c64asm-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let names = [
        "a(b).asm",
        "x y.asm",
        "#h.asm",
        "it's.asm",
        "w!(1).asm",
        "$d.asm",
    ];
    let mut main = String::from("        * = $1000\n");
    for (i, name) in names.iter().enumerate() {
        std::fs::write(dir.join(name), format!("        .byte {i}\n")).unwrap();
        main.push_str(&format!("        .include \"{name}\"\n"));
    }
    let src = dir.join("m(1).asm");
    std::fs::write(&src, main).unwrap();
    let flags = vec!["-L".to_string()];
    let out = dir.join("t.prg");
    let theirs = run_64tass(&src, &flags, &out).expect("64tass assembles it");
    let theirs_listing = listing_body(&std::fs::read_to_string(out.with_extension("lst")).unwrap());
    let (opts, _) = options(&[], &dir);
    let ours = c64asm::assemble_with(&src, &opts).expect("we assemble it");
    assert_eq!(ours.prg_bytes(), theirs.bytes);
    let listing = listing_body(&ours.listing());
    assert!(listing.contains("a(b).asm\""), "{listing}");
    assert_eq!(listing, theirs_listing);
    let _ = std::fs::remove_dir_all(&dir);
}

/// With `-a` a source is composed (Unicode NFC) as 64tass reads it: an `e`
/// followed by a combining acute accent is one `é`, in strings and in
/// `.cdef`s alike; without `-a` the bytes are characters as they are.
/// Written at test time: an editor may compose the repository's copy.
#[test]
fn decomposed_characters_are_composed_like_64tass() {
    let dir = std::env::temp_dir().join(format!("c64asm-nfc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("nfc.asm");
    std::fs::write(
        &src,
        "        * = $1000\n\
         accents .encode\n\
         \x20       .cdef \"\u{e9}\u{e9}\", 1\n\
         \x20       .cdef \"e\u{300}\u{e8}\", 2\n\
         \x20       .cdef \"ee\", 5\n\
         \x20       .endencode\n\
         \x20       .enc accents\n\
         \x20       .text \"e\u{301}\u{e9}e\u{300}\"\n\
         \x20       .byte len(\"e\u{301}\"), len(\"\u{e9}\")\n",
    )
    .unwrap();
    let flags = ["-a".to_string()];
    let out = dir.join("t.prg");
    let theirs = run_64tass(&src, &flags, &out).expect("64tass assembles it");
    let (opts, _) = options(&flags, &dir);
    let ours = c64asm::assemble_with(&src, &opts).expect("we assemble it");
    assert_eq!(ours.prg_bytes(), theirs.bytes);
    assert_eq!(ours.prg_bytes(), [0x00, 0x10, 0x01, 0x01, 0x02, 0x01, 0x01]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A UTF-8 byte order mark starts a source read with `-a`; without it 64tass
/// reads the source byte by byte and the mark is three characters that make
/// no statement: both refuse or accept it alike.
#[test]
fn byte_order_marks_like_64tass() {
    let dir = std::env::temp_dir().join(format!("c64asm-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("bom.asm");
    std::fs::write(&src, b"\xef\xbb\xbf        * = $1000\n        nop\n").unwrap();
    for flags in [vec!["-a".to_string()], vec![]] {
        let out = dir.join("t.prg");
        let theirs = run_64tass(&src, &flags, &out);
        let (opts, _) = options(&flags, &dir);
        let ours = c64asm::assemble_with(&src, &opts);
        match (theirs, ours) {
            (Ok(t), Ok(p)) => assert_eq!(p.prg_bytes(), t.bytes),
            (Err(_), Err(_)) => assert!(flags.is_empty(), "64tass reads it with -a"),
            (t, o) => panic!(
                "with {flags:?}: 64tass {:?}, ours {:?}",
                t.is_ok(),
                o.is_ok()
            ),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The cases of a `.cases` file: sources separated by `;--- what it shows`
/// lines, each assembled on its own (the file's first line may name switch
/// sets, as in a `.asm` source).
fn cases(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix(";---") {
            out.push((title.trim().to_string(), String::new()));
        } else if let Some((_, src)) = out.last_mut() {
            src.push_str(line);
            src.push('\n');
        }
    }
    out
}

/// Small sources (many about one behaviour in a `.cases` file), each either
/// assembled to 64tass's bytes or rejected by both: errors a value keeps
/// until it is used, and what 64tass reports at once.
#[test]
fn small_cases_are_accepted_or_rejected_like_64tass() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/compare")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cases"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "expected .cases files in tests/data/compare"
    );
    let tmp = std::env::temp_dir().join(format!("c64asm-cases-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, (title, source)) in cases(&text).into_iter().enumerate() {
            let src = tmp.join(format!("case{n}.asm"));
            std::fs::write(&src, &source).unwrap();
            for flags in flag_sets(&text) {
                let out = src.with_extension("prg");
                let _ = std::fs::remove_file(&out);
                let expected = run_64tass(&src, &flags, &out);
                let (opts, _) = options(&flags, file.parent().unwrap());
                let ours = c64asm::assemble_with(&src, &opts);
                compared += 1;
                let name = format!(
                    "{} case {n} '{title}' [{}]",
                    file.file_name().unwrap().to_string_lossy(),
                    flags.join(" ")
                );
                match (expected, ours) {
                    (Ok(t), Ok(p)) if p.prg_bytes() != t.bytes => failures.push(format!(
                        "{name}: ours {:02x?}, 64tass {:02x?}",
                        p.prg_bytes(),
                        t.bytes
                    )),
                    (Err(msg), Ok(_)) => {
                        failures.push(format!("{name}: 64tass rejects it:\n{msg}"))
                    }
                    (Ok(_), Err(d)) => failures.push(format!("{name}: we reject it:\n{d}")),
                    _ => {}
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(compared >= 20, "only {compared} cases compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A file `.include`, `.binary` or `binary()` can't read is reported as
/// 64tass reports it: named as it was looked for (the including file's
/// directory in front, also when `-I` directories were searched too), with
/// the system's words ("No such file or directory", "Not a directory";
/// "error reading file" for a directory), and once a pass however often it
/// is asked for. Made at test time: the tree holds a directory and a file
/// used as one.
#[test]
fn unreadable_files_are_reported_like_64tass() {
    let tmp = std::env::temp_dir().join(format!("c64asm-unreadable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for dir in ["sub", "inc", "dir"] {
        std::fs::create_dir_all(tmp.join(dir)).unwrap();
    }
    std::fs::write(tmp.join("plain"), "x").unwrap();
    std::fs::write(tmp.join("inc/found.asm"), "        nop\n").unwrap();
    std::fs::write(
        tmp.join("sub/part.asm"),
        ".include \"found.asm\"\n.include \"gone.asm\"\n.binary \"../dir\"\n",
    )
    .unwrap();
    let main = tmp.join("main.asm");
    std::fs::write(
        &main,
        "* = $1000\n.include \"sub/part.asm\"\n.binary \"nope.bin\"\n.binary \"nope.bin\"\n\
         .include \"nope.bin\"\nx = binary(\"nope.bin\")\n.binary \"plain/x.bin\"\n\
         .include \"dir\"\n.include \"inc/../sub/../none.asm\"\n",
    )
    .unwrap();
    let flags = vec!["-I".to_string(), "inc".to_string()];
    let Err(theirs) = run_64tass(&main, &flags, &tmp.join("x.prg")) else {
        panic!("64tass assembled a source with missing files");
    };
    let (opts, _) = options(&flags, &tmp);
    let ours = c64asm::assemble_with(&main, &opts).unwrap_err();
    let _ = std::fs::remove_dir_all(&tmp);
    assert_eq!(error_lines(&ours), tass_error_lines(&theirs));
}

/// 64tass's errors, `file:line:col: message` each, sorted (a fatal error is
/// an error that lets assembly go on: both are listed).
fn tass_error_lines(stderr: &str) -> Vec<String> {
    let mut lines: Vec<String> = stderr
        .lines()
        .filter_map(|l| {
            l.split_once(": fatal error: ")
                .or(l.split_once(": error: "))
        })
        .map(|(place, msg)| format!("{place}: {msg}"))
        .collect();
    lines.sort();
    lines
}

/// Our errors as [`tass_error_lines`] lists 64tass's (a warning `-Werror`
/// made an error with its switch, `[-Wshadow]`).
fn error_lines(diags: &c64asm::Diagnostics) -> Vec<String> {
    let mut lines: Vec<String> = diags
        .errors()
        .map(|d| {
            if d.gave_up() {
                // 64tass gives "too many passes" about no place, as itself.
                format!("64tass: {}", d.headline())
            } else {
                format!("{}:{}:{}: {}", d.file, d.line, d.column, d.headline())
            }
        })
        .collect();
    lines.sort();
    lines
}

/// 64tass shows every error however many there are: a source whose 10,050
/// lines each divide by zero gives 10,050 (c64kit stopped at 10,000).
#[test]
fn more_than_ten_thousand_errors_are_all_reported() {
    let tmp = std::env::temp_dir().join(format!("c64asm-many-errors-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let src = tmp.join("many.asm");
    let mut text = String::from("* = $1000\n");
    for i in 0..10_050 {
        text.push_str(&format!("        lda #{i}/0\n"));
    }
    std::fs::write(&src, &text).unwrap();
    let Err(theirs) = run_64tass(&src, &[], &tmp.join("x.prg")) else {
        panic!("64tass assembled a division by zero");
    };
    let (opts, _) = options(&[], &tmp);
    let ours = c64asm::assemble_with(&src, &opts).unwrap_err();
    let _ = std::fs::remove_dir_all(&tmp);
    let expected = tass_error_lines(&theirs);
    assert_eq!(expected.len(), 10_050);
    assert_eq!(error_lines(&ours), expected);
}

/// A refused source with this line has its errors compared in the order
/// they are reported, each with its `-Wpitfalls` notes.
const IN_ORDER: &str = "; errors in 64tass's order, with -Wpitfalls notes";

/// 64tass's errors as [`tass_error_lines`] gives them, in its order, each
/// followed by its `-Wpitfalls` notes (`note: TEXT`, without the place:
/// ours are printed under the error).
fn tass_ordered_error_lines(stderr: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for l in stderr.lines() {
        if let Some((place, msg)) = l
            .split_once(": fatal error: ")
            .or(l.split_once(": error: "))
        {
            lines.push(format!("{place}: {msg}"));
        } else if let Some((_, note)) = l.split_once(": note: ")
            && note.ends_with("[-Wpitfalls]")
        {
            lines.push(format!("note: {note}"));
        }
    }
    lines
}

/// Ours as [`tass_ordered_error_lines`] lists 64tass's.
fn ordered_error_lines(diags: &c64asm::Diagnostics) -> Vec<String> {
    let mut lines = Vec::new();
    for d in diags.errors() {
        lines.push(format!(
            "{}:{}:{}: {}",
            d.file,
            d.line,
            d.column,
            d.headline()
        ));
        let pitfalls = d.note_texts().filter(|n| n.ends_with("[-Wpitfalls]"));
        lines.extend(pitfalls.map(|n| format!("note: {n}")));
    }
    lines
}

/// Every source in tests/data/compare/refused is refused by both, with the
/// same errors at the same places (each once, as 64tass reports it; in
/// its order where the source says [`IN_ORDER`]). The first line may give
/// 64tass's switches, as for the other sources.
#[test]
fn refused_sources_report_64tass_errors() {
    let dir = data_dir().join("refused");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data/compare/refused")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "asm"))
        .collect();
    files.sort();
    let tmp = std::env::temp_dir().join(format!("c64asm-refused-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    for src in &files {
        let text = std::fs::read_to_string(src).unwrap();
        for flags in flag_sets(&text) {
            let out = tmp.join(src.file_name().unwrap()).with_extension("prg");
            let Err(theirs) = run_64tass(src, &flags, &out) else {
                failures.push(format!("{}: 64tass assembles it", src.display()));
                continue;
            };
            let (opts, _) = options(&flags, &dir);
            let in_order = text.lines().any(|l| l.trim() == IN_ORDER);
            let got = match c64asm::assemble_with(src, &opts) {
                Ok(_) => vec!["(assembled)".to_string()],
                Err(d) if in_order => ordered_error_lines(&d),
                Err(d) => error_lines(&d),
            };
            let expected = if in_order {
                tass_ordered_error_lines(&theirs)
            } else {
                tass_error_lines(&theirs)
            };
            if got != expected {
                failures.push(format!(
                    "{} [{}]:\nours:\n{}\n64tass:\n{}",
                    src.display(),
                    flags.join(" "),
                    got.join("\n"),
                    expected.join("\n")
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(!files.is_empty(), "no sources in {}", dir.display());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
