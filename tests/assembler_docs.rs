//! Every example in docs/assembler.md and docs/coming-from.md is checked here: each
//! ```asm block assembles with `c64kit build` to the bytes the text states and to
//! 64tass's bytes (64tass runs at test time), each error or warning shown is the one
//! printed, each flag in the tables is accepted (or refused with the message shown),
//! and the label, listing, map and dependency excerpts are what the build writes.

mod cli_support;

use std::path::Path;
use std::process::{Command, Output};

use cli_support::{ROOT, TempDir, both, c64kit, split_shell_words, text};

fn doc(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join("docs").join(name)).unwrap()
}

/// A fenced block: its language, its lines (fence indentation removed), the heading
/// it is under and the text up to the next block.
struct Block {
    lang: String,
    lines: Vec<String>,
    heading: String,
    after: String,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut heading = String::new();
    let mut open: Option<(String, usize, Vec<String>)> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        match &mut open {
            Some((lang, indent, lines)) => {
                if trimmed.starts_with("```") {
                    out.push(Block {
                        lang: std::mem::take(lang),
                        lines: std::mem::take(lines),
                        heading: heading.clone(),
                        after: String::new(),
                    });
                    open = None;
                } else {
                    let cut = line.len() - line.trim_start().len();
                    lines.push(line[cut.min(*indent)..].to_string());
                }
            }
            None => {
                if let Some(lang) = trimmed.strip_prefix("```") {
                    let indent = line.len() - trimmed.len();
                    open = Some((lang.to_string(), indent, Vec::new()));
                } else {
                    if line.starts_with('#') {
                        heading = line.trim_start_matches('#').trim().to_string();
                    }
                    if let Some(last) = out.last_mut() {
                        last.after.push_str(line);
                        last.after.push('\n');
                    }
                }
            }
        }
    }
    out
}

fn run_64tass(dir: &Path, args: &[String]) -> Output {
    Command::new("64tass")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "64tass is needed to check the docs against it ({e}); install it \
                 (apt-get install 64tass) or run .ci/run"
            )
        })
}

fn build(dir: &Path, args: &[String]) -> Output {
    c64kit(dir)
        .arg("build")
        .args(args)
        .output()
        .expect("run c64kit")
}

/// `Bytes: `01 08 ...`` after a block.
fn stated_bytes(after: &str) -> Option<Vec<u8>> {
    let line = after.lines().find(|l| l.starts_with("Bytes: `"))?;
    let hex = line.trim_start_matches("Bytes: `").trim_end_matches('`');
    Some(
        hex.split_whitespace()
            .map(|h| u8::from_str_radix(h, 16).unwrap())
            .collect(),
    )
}

fn flags_of(lines: &[String]) -> Vec<String> {
    lines
        .first()
        .and_then(|l| l.strip_prefix("; flags:"))
        .map_or(Vec::new(), |f| {
            f.split_whitespace().map(String::from).collect()
        })
}

/// Assemble every ```asm block of `name` with both assemblers and hold it to the text.
fn check_asm_blocks(name: &str) -> usize {
    let markdown = doc(name);
    let all = blocks(&markdown);
    let mut checked = 0;
    for (i, b) in all.iter().enumerate() {
        if b.lang != "asm" {
            continue;
        }
        let dir = TempDir::new(&format!("asmdoc-{}-{i}", name.trim_end_matches(".md")));
        dir.write("demo.asm", &(b.lines.join("\n") + "\n"));
        let flags = flags_of(&b.lines);
        let mut args = flags.clone();
        args.extend(["-q", "demo.asm", "-o", "c.prg"].map(String::from));
        let ours = build(&dir.0, &args);
        let mut targs = flags.clone();
        targs.extend(["-q", "demo.asm", "-o", "t.prg"].map(String::from));
        let theirs = run_64tass(&dir.0, &targs);
        let source = b.lines.join("\n");
        // The ```text block right after, when it shows a message.
        let shown = all
            .get(i + 1)
            .filter(|n| {
                n.lang == "text"
                    && b.after.trim().is_empty()
                    && n.lines
                        .first()
                        .is_some_and(|l| l.starts_with("error:") || l.starts_with("warning:"))
            })
            .map(|n| n.lines.join("\n"));
        let is_error = shown.as_ref().is_some_and(|s| s.starts_with("error:"));
        if let Some(shown) = &shown {
            assert_eq!(
                text(&ours.stderr).trim_end(),
                shown.trim_end(),
                "{name}: the message shown for\n{source}\nis not the one printed"
            );
        }
        if is_error {
            assert!(!ours.status.success(), "{name}: {source}\nshould fail");
            assert!(!dir.path("c.prg").exists(), "{name}: an error wrote a file");
            if b.heading != "Differences from 64tass" {
                assert!(
                    !theirs.status.success(),
                    "{name}: 64tass accepts\n{source}\nbut the docs show an error"
                );
            }
        } else {
            assert!(
                ours.status.success(),
                "{name}: {source}\nfails: {}",
                both(&ours)
            );
            if shown.is_none() {
                assert!(ours.stderr.is_empty(), "{name}: {}", both(&ours));
            }
            assert!(
                theirs.status.success(),
                "{name}: 64tass fails on\n{source}\n{}",
                both(&theirs)
            );
            let bytes = std::fs::read(dir.path("c.prg")).unwrap();
            assert_eq!(
                bytes,
                std::fs::read(dir.path("t.prg")).unwrap(),
                "{name}: {source}\nassembles unlike 64tass"
            );
            // The bytes may be stated after the message block.
            let after = match shown {
                Some(_) => &all[i + 1].after,
                None => &b.after,
            };
            if let Some(stated) = stated_bytes(after) {
                assert_eq!(bytes, stated, "{name}: {source}\nthe bytes stated differ");
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn assembler_page_examples_assemble_as_stated_and_like_64tass() {
    assert!(check_asm_blocks("assembler.md") >= 8);
}

#[test]
fn coming_from_page_examples_assemble_as_stated_and_like_64tass() {
    assert!(check_asm_blocks("coming-from.md") >= 1);
}

/// docs/coming-from.md says every 64tass flag works: the ones it names
/// (`--tasm-compatible`, the processors) build, and the `--*-append` flags
/// append.
#[test]
fn the_flags_coming_from_says_work_do() {
    let page = doc("coming-from.md");
    let at = page
        .find("Every 64tass 1.58 flag works")
        .expect("the flags paragraph");
    let paragraph = &page[page[..at].rfind("\n* ").unwrap()..];
    let paragraph = &paragraph[..paragraph.find("\n\n").unwrap_or(paragraph.len())];
    let working = backticked_flags(paragraph);
    assert!(working.contains(&"--tasm-compatible"), "{working:?}");
    assert!(working.len() >= 5, "{working:?}");
    let dir = TempDir::new("coming-from-flags");
    dir.write("a.asm", "* = $1000\n rts\n");
    for flag in &working {
        let out = build(&dir.0, &["a.asm".into(), (*flag).into()]);
        assert!(out.status.success(), "{flag}: {}", both(&out));
    }
    for (flag, file) in [
        ("--output-append", "a.prg"),
        ("--labels-append", "a.labels"),
        ("--list-append", "a.lst"),
        ("--map-append", "a.map"),
        ("--error-append", "a.err"),
    ] {
        dir.write(file, "old;");
        let out = build(&dir.0, &["a.asm".into(), flag.into(), file.into()]);
        assert!(out.status.success(), "{flag}: {}", both(&out));
        let bytes = std::fs::read(dir.path(file)).unwrap();
        assert!(bytes.starts_with(b"old;"), "{flag} did not append");
    }
}

/// The `--flag`s quoted in backticks in `text` (patterns such as `--*-append` left out).
fn backticked_flags(text: &str) -> Vec<&str> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|f| f.starts_with("--") && !f.contains('*'))
        .collect()
}

/// docs/vice.md quotes a line of RYG's VICE label file as `--vice-labels` writes it.
#[test]
fn the_label_line_vice_md_quotes_is_in_ryg_s_label_file() {
    let page = doc("vice.md");
    let at = page
        .find("one VICE monitor command per label, `")
        .expect("the label line");
    let quoted = page[at..].split('`').nth(1).unwrap();
    let dir = TempDir::new("vice-labels");
    let ryg = Path::new(ROOT).join("asm/RYG.asm");
    let args = [
        ryg.to_string_lossy().into_owned(),
        "--vice-labels".into(),
        "-l".into(),
        "ryg.labels".into(),
        "-o".into(),
        "ryg.prg".into(),
    ];
    let out = build(&dir.0, &args);
    assert!(out.status.success(), "{}", both(&out));
    let labels = std::fs::read_to_string(dir.path("ryg.labels")).unwrap();
    assert!(
        labels.lines().any(|l| l == quoted),
        "{quoted:?} not in:\n{labels}"
    );
}

/// The quick start's program (its first ```asm block).
fn hello_source() -> String {
    let b = blocks(&doc("assembler.md"))
        .into_iter()
        .find(|b| b.lang == "asm")
        .unwrap();
    assert!(b.lines[1].contains("hello.asm"));
    b.lines.join("\n") + "\n"
}

/// The lines of the first fenced block after the first line containing `after`.
fn block_after(markdown: &str, after: &str) -> String {
    let at = markdown
        .find(after)
        .unwrap_or_else(|| panic!("no `{after}`"));
    let rest = &markdown[at..];
    let start = rest.find("```").unwrap();
    let body = &rest[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body[..body.find("```").unwrap()].to_string()
}

/// Run a documented command line (a `c64kit build` or `64tass` line) in `dir`.
fn run_line(dir: &Path, line: &str) -> Output {
    let words = split_shell_words(line);
    let out = match words[0].as_str() {
        "c64kit" => {
            assert_eq!(words[1], "build", "{line}");
            build(dir, &words[2..])
        }
        "64tass" => run_64tass(dir, &words[1..]),
        other => panic!("unexpected command {other}"),
    };
    assert!(out.status.success(), "{line}: {}", both(&out));
    out
}

#[test]
fn quick_start_commands_and_summary() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-quick");
    dir.write("hello.asm", &hello_source());
    for line in cli_support::sh_block(&md, "## Quick start") {
        if line.starts_with("c64kit build") {
            run_line(&dir.0, &line);
        }
    }
    for f in ["hello.prg", "hello.lbl", "hello.lst"] {
        assert!(dir.path(f).exists(), "{f} not written");
    }
    let out = build(&dir.0, &["-a".into(), "hello.asm".into()]);
    let summary = text(&out.stdout);
    assert!(
        md.contains(&format!("(`{}`;", summary.trim())),
        "the summary line in the docs is not `{}`",
        summary.trim()
    );
}

#[test]
fn makefile_lines_give_the_same_files() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-make");
    dir.write("game.asm", &hello_source());
    let recipe = |after: &str| {
        let block = block_after(&md, after);
        block.lines().nth(1).unwrap().trim().to_string()
    };
    let theirs = recipe("## Switching a Makefile from 64tass");
    assert!(theirs.starts_with("64tass "), "{theirs}");
    run_line(&dir.0, &theirs);
    let tass: Vec<Vec<u8>> = ["game.prg", "game.lbl"]
        .iter()
        .map(|f| std::fs::read(dir.path(f)).unwrap())
        .collect();
    let ours = recipe("becomes");
    assert_eq!(ours, theirs.replacen("64tass", "c64kit build", 1));
    run_line(&dir.0, &ours);
    for (f, t) in ["game.prg", "game.lbl"].iter().zip(tass) {
        assert_eq!(std::fs::read(dir.path(f)).unwrap(), t, "{f} differs");
    }
}

/// The rows of the table under `heading` whose header starts with `| {first}`.
fn table_rows(md: &str, heading: &str, first: &str) -> Vec<Vec<String>> {
    let section = &md[md.find(heading).unwrap_or_else(|| panic!("{heading}"))..];
    let header = format!("| {first}");
    let mut lines = section.lines().skip_while(|l| !l.starts_with(&header));
    assert!(lines.next().is_some(), "no table under {heading}");
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let l = l.trim().trim_matches('|').replace("\\|", "\u{1}");
            l.split('|')
                .map(|c| c.trim().replace('\u{1}', "|"))
                .collect()
        })
        .collect()
}

/// The spans in backquotes of a cell.
fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// A documented flag as arguments, placeholders given values.
fn flag_args(flag: &str, n: usize) -> Vec<String> {
    split_shell_words(flag)
        .into_iter()
        .map(|w| match w.as_str() {
            "FILE" => format!("out{n}.txt"),
            "FILE.d64" => format!("disk{n}.d64"),
            "DIR" => ".".into(),
            "NAME=VALUE" => "X=1".into(),
            "NAME" | "PATH" | "PREFIX" => "NAME".into(),
            _ => w,
        })
        .collect()
}

#[test]
fn every_flag_in_the_tables_is_accepted() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-flags");
    dir.write("hello.asm", &hello_source());
    // The example is 64tass's syntax; TASM's expressions read a TASM source.
    dir.write("tasm.asm", "* = $1000\n lda #<*+1\n rts\n");
    let mut n = 0;
    for heading in ["### Flags with 64tass's meaning", "### c64kit's own flags"] {
        for row in table_rows(&md, heading, "Flag") {
            for flag in quoted(&row[0]) {
                n += 1;
                let mut args = flag_args(&flag, n);
                let tasm = matches!(flag.as_str(), "-T" | "--tasm-compatible");
                let source = if tasm { "tasm.asm" } else { "hello.asm" };
                args.extend(["-q".into(), "-a".into(), source.into()]);
                if !args.iter().any(|a| a == "-o" || a == "--output") {
                    args.extend(["-o".into(), format!("prog{n}.prg")]);
                }
                let out = build(&dir.0, &args);
                assert!(out.status.success(), "{flag}: {}", both(&out));
            }
        }
    }
    assert!(n >= 60, "only {n} flags found");
}

#[test]
fn refused_flags_say_so() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-refused");
    dir.write("hello.asm", &hello_source());
    let mut n = 0;
    for row in table_rows(&md, "### Refused flags", "Flag") {
        let message = quoted(&row[1]);
        for flag in quoted(&row[0]) {
            n += 1;
            let mut args = flag_args(&flag, n);
            args.extend(["-o".into(), "never.prg".into(), "hello.asm".into()]);
            let out = build(&dir.0, &args);
            assert_eq!(out.status.code(), Some(1), "{flag}: {}", both(&out));
            assert!(!dir.path("never.prg").exists(), "{flag} wrote the output");
            let err = text(&out.stderr);
            match message.first() {
                // The message, then (as 64tass) where to read the switches.
                Some(m) => assert_eq!(err.lines().next().unwrap_or(""), m, "{flag}"),
                None => {
                    let long = flag.split_whitespace().next().unwrap();
                    assert!(
                        err.starts_with("error: ")
                            && (err.contains(long)
                                || err.contains("c64kit assembles for the 6502")),
                        "{flag}: {err}"
                    );
                }
            }
        }
    }
    assert!(n >= 1, "only {n} refused flags found");
}

#[test]
fn directive_table_names_only_directives_its_sources_use() {
    let md = doc("assembler.md");
    let compare = Path::new(ROOT).join("crates/c64asm/tests/data/compare");
    let mut n = 0;
    for row in table_rows(&md, "### Compiler directives", "Manual section") {
        let sources: Vec<String> = quoted(&row[2])
            .iter()
            .map(|f| {
                std::fs::read_to_string(compare.join(f))
                    .unwrap()
                    .to_lowercase()
            })
            .collect();
        for d in quoted(&row[1]).iter().filter(|d| d.starts_with('.')) {
            n += 1;
            let used = sources.iter().any(|s| {
                s.match_indices(d.as_str()).any(|(at, _)| {
                    let next = s[at + d.len()..].chars().next().unwrap_or(' ');
                    let line = &s[s[..at].rfind('\n').map_or(0, |p| p + 1)..at];
                    !next.is_alphanumeric() && !line.contains(';')
                })
            });
            assert!(used, "{d}: not used by {}", row[2]);
        }
    }
    assert!(n >= 100, "only {n} directives in the table");
}

#[test]
fn every_conversion_the_docs_name_converts() {
    let md = doc("assembler.md");
    let para = &md[md.find("and the conversions `").unwrap()..];
    let names = &quoted(para)[0];
    // An argument each converts (`code()` and `gap()` take what is one).
    let arg = |name: &str| match name {
        "list" | "tuple" | "dict" => "[1]",
        "register" => "\"x\"",
        "code" => "lab",
        "gap" => "?",
        _ => "1",
    };
    let mut n = 0;
    for name in names.split_whitespace() {
        n += 1;
        let src = format!("* = $1000\nlab .byte 1\nv = {name}({})\n", arg(name));
        let result = c64asm::assemble_str("t.asm", &src, &c64asm::Options::default());
        assert!(result.is_ok(), "{src}: {:?}", result.err());
    }
    assert!(n >= 12, "only {n} conversions named");
}

#[test]
fn every_named_function_exists_in_both() {
    let md = doc("assembler.md");
    let para = &md[md.find("All of 64tass's built-in functions").unwrap()..];
    let para = &para[..para.find("\n\n").unwrap()];
    let names: Vec<String> = quoted(para)
        .iter()
        .flat_map(|q| q.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|w| w.chars().all(|c| c.is_ascii_alphanumeric()))
        .collect();
    assert!(names.len() >= 55, "{names:?}");
    let dir = TempDir::new("asmdoc-functions");
    let src: String = names.iter().map(|n| format!("f_{n} = {n}\n")).collect();
    dir.write("f.asm", &src);
    let args: Vec<String> = ["-q", "f.asm", "-o", "f.prg"].map(String::from).to_vec();
    let ours = build(&dir.0, &args);
    assert!(ours.status.success(), "{}", both(&ours));
    let theirs = run_64tass(&dir.0, &args);
    assert!(theirs.status.success(), "{}", both(&theirs));
}

/// Write hello.asm, run `args` on it with both assemblers; the two files named.
fn both_write(dir: &TempDir, args: &[&str], file: &str) -> (String, String) {
    let mut ours: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    ours.extend(["-q".into(), "-o".into(), "hello.prg".into()]);
    let out = build(&dir.0, &ours);
    assert!(out.status.success(), "{}", both(&out));
    let mine = std::fs::read_to_string(dir.path(file)).unwrap();
    let out = run_64tass(&dir.0, &ours);
    assert!(out.status.success(), "{}", both(&out));
    (mine, std::fs::read_to_string(dir.path(file)).unwrap())
}

#[test]
fn label_files_listing_and_map_are_as_shown() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-labels");
    dir.write("hello.asm", &hello_source());
    for (after, args, file) in [
        (
            "c64kit build -a hello.asm -l hello.lbl`",
            &["-a", "hello.asm", "-l", "hello.lbl"][..],
            "hello.lbl",
        ),
        (
            "c64kit build -a hello.asm -l hello.vice --vice-labels`",
            &["-a", "hello.asm", "-l", "hello.vice", "--vice-labels"][..],
            "hello.vice",
        ),
    ] {
        let shown = block_after(&md, after);
        let (ours, theirs) = both_write(&dir, args, file);
        assert_eq!(ours, shown, "{file}");
        assert_eq!(theirs, shown, "{file} (64tass)");
    }
    let (map, tass_map) = both_write(
        &dir,
        &["-a", "hello.asm", "--map", "hello.map"],
        "hello.map",
    );
    for line in block_after(&md, "c64kit build -a hello.asm --map hello.map").lines() {
        assert!(map.lines().any(|l| l == line), "map: {line}\n{map}");
        assert!(tass_map.lines().any(|l| l == line), "64tass map: {line}");
    }
    let (listing, _) = both_write(&dir, &["-a", "hello.asm", "-L", "hello.lst"], "hello.lst");
    for line in block_after(&md, "`-L FILE` writes 64tass's listing").lines() {
        assert!(
            listing.lines().any(|l| l == line),
            "listing: {line}\n{listing}"
        );
    }
}

#[test]
fn dependencies_are_as_shown() {
    let md = doc("assembler.md");
    let dir = TempDir::new("asmdoc-deps");
    dir.write("part.asm", "x = 1\n");
    dir.write("pic.bin", "ab");
    dir.write(
        "main.asm",
        "* = $1000\n .include \"part.asm\"\n .binary \"pic.bin\"\n",
    );
    let shown = block_after(&md, "c64kit build main.asm -M main.d --make-phony");
    let out = run_line(&dir.0, "c64kit build -q main.asm -M main.d --make-phony");
    assert!(out.stderr.is_empty());
    assert_eq!(std::fs::read_to_string(dir.path("main.d")).unwrap(), shown);
    run_line(
        &dir.0,
        "64tass -q main.asm -o main.prg -M main.d --make-phony",
    );
    // 64tass writes the same rules, its files in the same order.
    let theirs = std::fs::read_to_string(dir.path("main.d")).unwrap();
    assert_eq!(theirs, shown, "64tass: {theirs}");
}

// The library example of docs/assembler.md, run as written: the docs show the lines
// between the markers.
fn library_example() -> Result<(), Box<dyn std::error::Error>> {
    // docs: begin
    use c64asm::{LabelFormat, Options, OutputFormat, assemble_str};

    let opts = Options {
        ascii: true,
        case_sensitive: true,
        ..Options::default()
    };
    let program = assemble_str("demo.asm", "* = $c000\nstart lda #1\n rts\n", &opts)?;
    assert_eq!(program.prg_bytes(), [0x00, 0xc0, 0xa9, 0x01, 0x60]);
    assert_eq!(program.symbol("start"), Some(0xc000));
    let raw = program.output(OutputFormat::Raw)?; // any of 64tass's formats
    let vice = program.labels(LabelFormat::Vice); // "al c000 .start\n"
    // docs: end
    assert_eq!(raw, [0xa9, 0x01, 0x60]);
    assert_eq!(vice, "al c000 .start\n");
    Ok(())
}

#[test]
fn the_library_example_runs_and_is_the_one_shown() {
    library_example().unwrap();
    let me = include_str!("assembler_docs.rs");
    let begin = me.find("    // docs: begin\n").unwrap() + "    // docs: begin\n".len();
    let end = me.find("    // docs: end\n").unwrap();
    let code: Vec<&str> = me[begin..end]
        .lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    let shown = blocks(&doc("assembler.md"))
        .into_iter()
        .find(|b| b.lang == "rust")
        .unwrap();
    assert_eq!(
        shown.lines, code,
        "docs/assembler.md's Rust example differs"
    );
}

/// The public-project tables add up: each project's build lines are the sum of
/// its outcomes, and the total row is the sum of the rows.
#[test]
fn public_project_tables_add_up() {
    let md = doc("assembler.md");
    for heading in [
        "### Public projects compared",
        "#### Third round",
        "#### Fourth round",
        "#### Fifth round",
        "#### Sixth round",
    ] {
        let rows = table_rows(&md, heading, "project");
        let number = |cell: &str| -> u64 {
            cell.trim_matches('*')
                .parse()
                .unwrap_or_else(|_| panic!("{heading}: not a count: {cell}"))
        };
        let (total, projects) = rows.split_last().expect("rows");
        assert_eq!(total[0], "**total**", "{heading}: last row");
        let mut sums = vec![0; total.len() - 3];
        for row in projects {
            let counts: Vec<u64> = row[3..].iter().map(|c| number(c)).collect();
            assert_eq!(
                counts[0],
                counts[1..].iter().sum::<u64>(),
                "{heading}: {} outcomes do not add up to its lines",
                row[0]
            );
            for (s, c) in sums.iter_mut().zip(&counts) {
                *s += c;
            }
        }
        let totals: Vec<u64> = total[3..].iter().map(|c| number(c)).collect();
        assert_eq!(totals, sums, "{heading}: total row");
    }
}

/// Every table of docs/performance.md that sets 64tass's figures beside ours
/// gives as each `ratio` the quotient of the two columns before it (to the
/// rounding of the figures shown).
#[test]
fn performance_ratios_are_their_quotients() {
    let md = doc("performance.md");
    // A figure and half a unit of its last digit (what its rounding hides).
    let figure = |cell: &str| -> Option<(f64, f64)> {
        let digits: String = cell
            .trim_matches('*')
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .filter(|c| *c != ',')
            .collect();
        let places = digits.split_once('.').map_or(0, |(_, f)| f.len());
        Some((digits.parse().ok()?, 0.5 / 10f64.powi(places as i32)))
    };
    let split = |l: &str| -> Vec<String> {
        l.trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut lines = md.lines().peekable();
    let mut checked = 0;
    while let Some(line) = lines.next() {
        if !line.starts_with('|') || !line.contains("| 64tass instr | c64kit instr | ratio |") {
            continue;
        }
        let header = split(line);
        lines.next(); // the |---| row
        while let Some(row) = lines.next_if(|l| l.starts_with('|')) {
            let cells = split(row);
            for (i, name) in header.iter().enumerate().skip(2) {
                if name != "ratio" {
                    continue;
                }
                let (Some(theirs), Some(ours), Some(ratio)) = (
                    figure(&cells[i - 2]),
                    figure(&cells[i - 1]),
                    figure(&cells[i]),
                ) else {
                    continue;
                };
                let low = (ours.0 - ours.1) / (theirs.0 + theirs.1);
                let high = (ours.0 + ours.1) / (theirs.0 - theirs.1);
                assert!(
                    low - ratio.1 <= ratio.0 && ratio.0 <= high + ratio.1,
                    "{row}: {} / {} is {low:.3}..{high:.3}, not {}",
                    cells[i - 1],
                    cells[i - 2],
                    ratio.0
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} ratios found");
}
