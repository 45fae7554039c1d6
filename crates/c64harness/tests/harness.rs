//! The harness on small programs whose every count is known: coverage line by line,
//! branches both ways, profiles that add up, label files that round-trip, and the
//! files `genhtml` and SVG readers accept.

use std::path::{Path, PathBuf};

use c64harness::{Build, Coverage, Harness, read_labels};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn count_program() -> Build {
    Build::assemble(data("count.asm")).expect("count.asm assembles")
}

/// Cycles of `start` in count.asm: JSR 6, LDX 2, three times (JSR 6, DEX 2), twice
/// (INC 6, INC 6, RTS 6) three times, BNE taken twice (3) and not once (2), RTS 6.
const START_CYCLES: u64 = 6 + 2 + 3 * (6 + 2) + 3 * 18 + 2 * 3 + 2 + 6;

/// `C64KIT_COVERAGE` naming a regular file (not a directory): the test binary says it
/// writes no coverage, at the first machine and when it exits. Runs this test binary
/// again with the variable set, as a suite would be run.
#[test]
fn coverage_into_a_regular_file_says_it_writes_nothing() {
    const CHILD: &str = "C64KIT_HARNESS_TEST_CHILD";
    if std::env::var_os(CHILD).is_some() {
        let mut h = count_program().machine().unwrap();
        h.call("start", 10_000).unwrap();
        return;
    }
    let file = std::env::temp_dir().join(format!("c64harness-cov-file-{}", std::process::id()));
    std::fs::write(&file, "a file, not a directory").unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "coverage_into_a_regular_file_says_it_writes_nothing",
        ])
        .env(CHILD, "1")
        .env("C64KIT_COVERAGE", &file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_file(&file);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("no coverage is written"), "{err}");
    assert!(err.contains("cannot write the coverage file"), "{err}");
}

#[test]
fn a_call_runs_and_counts_cycles() {
    let mut h = count_program().machine().unwrap();
    let r = h.call("start", 10_000).unwrap();
    assert_eq!(r.cycles, START_CYCLES);
    assert_eq!(h.peek(h.addr("counter")), 6);
    assert_eq!(h.describe(h.addr("loop") + 1), "loop+1");
}

#[test]
fn lcov_has_exactly_the_executed_lines() {
    let build = count_program();
    let cov = Coverage::new(build.info.clone());
    let mut h = build.machine().unwrap();
    h.record_coverage(&cov);
    h.call("start", 10_000).unwrap();
    drop(h);
    let lcov = cov.lcov();
    let path = data("count.asm").canonicalize().unwrap();
    let lines: Vec<&str> = lcov.lines().collect();
    assert_eq!(lines[0], "TN:");
    assert_eq!(lines[1], format!("SF:{}", path.display()));
    let da: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("DA:"))
        .collect();
    assert_eq!(
        da,
        [
            "DA:3,1", "DA:4,3", "DA:5,3", "DA:6,3", "DA:7,1", "DA:9,3", "DA:10,3", "DA:11,3",
            "DA:13,0", "DA:14,0",
        ],
        "{lcov}"
    );
    // `start` is called by the harness, `twice` by JSR; `never` by nobody.
    for want in [
        "FN:3,start",
        "FN:9,twice",
        "FNDA:1,start",
        "FNDA:3,twice",
        "FNF:2",
        "FNH:2",
    ] {
        assert!(lines.contains(&want), "{want} missing:\n{lcov}");
    }
    assert!(!lcov.contains("never"));
    // BNE: taken twice, not taken once.
    for want in [
        "BRDA:6,0,0,2",
        "BRDA:6,0,1,1",
        "BRF:2",
        "BRH:2",
        "LF:10",
        "LH:8",
    ] {
        assert!(lines.contains(&want), "{want} missing:\n{lcov}");
    }
    assert_eq!(lines.last(), Some(&"end_of_record"));
    let s = cov.summary();
    assert_eq!((s.lines, s.lines_hit), (10, 8));
}

#[test]
fn branches_never_reached_have_no_counts_and_one_way_branches_count_one_way() {
    let build = count_program();
    let cov = Coverage::new(build.info.clone());
    let mut h = build.machine().unwrap();
    h.record_coverage(&cov);
    h.call("twice", 1_000).unwrap();
    drop(h);
    let lcov = cov.lcov();
    assert!(lcov.contains("BRDA:6,0,0,-\nBRDA:6,0,1,-\n"), "{lcov}");
    assert!(lcov.contains("BRH:0\n"), "{lcov}");
    // X = 1: the loop runs once and the branch only falls through.
    let mut h = build.machine().unwrap();
    h.record_coverage(&cov);
    h.call("loop", 1_000).unwrap_err(); // X was 0: DEX gives $FF, loops 256 times
    let cov2 = Coverage::new(build.info.clone());
    let mut h = build.machine().unwrap();
    h.record_coverage(&cov2);
    let mut r = h.regs();
    r.x = 1;
    h.set_regs(r);
    h.call("loop", 1_000).unwrap();
    drop(h);
    let lcov = cov2.lcov();
    assert!(lcov.contains("BRDA:6,0,0,0\nBRDA:6,0,1,1\n"), "{lcov}");
}

#[test]
fn machines_merge_into_one_coverage() {
    let build = count_program();
    let cov = Coverage::new(build.info.clone());
    for _ in 0..3 {
        let mut h = build.machine().unwrap();
        h.record_coverage(&cov);
        h.call("start", 10_000).unwrap();
        let mut clone: Harness = h.clone();
        clone.call("twice", 1_000).unwrap();
    }
    let twice = build.symbol("twice").unwrap();
    assert_eq!(cov.hits(twice), 3 * 3 + 3);
    assert!(cov.lcov().contains("FNDA:12,twice"), "{}", cov.lcov());
}

#[test]
fn profile_of_a_call_adds_up_to_its_cycles() {
    let mut h = count_program().machine().unwrap();
    let (r, profile) = h.profile_call("start", 10_000).unwrap();
    assert_eq!(profile.total_cycles(), r.cycles);
    assert_eq!(profile.folded(), "start 46\nstart;twice 54\n");
    let sum: u64 = profile
        .folded()
        .lines()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, START_CYCLES);
    let rows = profile.routines();
    assert_eq!(rows[0].name, "start");
    assert_eq!(
        (rows[0].calls, rows[0].self_cycles, rows[0].total_cycles),
        (1, 46, 100)
    );
    assert_eq!(
        (rows[1].name.as_str(), rows[1].calls, rows[1].self_cycles),
        ("twice", 3, 54)
    );
    let table = profile.table();
    assert!(
        table.lines().nth(1).unwrap().starts_with("start"),
        "{table}"
    );
    assert!(table.contains("100.00"), "{table}");
    assert!(table.contains("54.00"), "{table}");
}

#[test]
fn flamegraph_is_an_svg_that_parses() {
    let mut h = count_program().machine().unwrap();
    let (_, profile) = h.profile_call("start", 10_000).unwrap();
    let mut svg = Vec::new();
    profile.flamegraph("count.asm", &mut svg).unwrap();
    let texts = svg_texts(&svg);
    assert!(texts.contains("twice"), "{texts}");
}

/// A profile that recorded nothing is an empty flamegraph, not an error (inferno
/// refuses input without stacks).
#[test]
fn an_empty_profile_is_an_empty_flamegraph() {
    let (_, handle) = c64harness::Profiler::new(None, 1000);
    let profile = handle.finish(1000, |a| format!("${a:04X}"));
    assert_eq!(profile.total_cycles(), 0);
    let mut svg = Vec::new();
    profile.flamegraph("nothing <ran>", &mut svg).unwrap();
    let texts = svg_texts(&svg);
    assert!(texts.contains("nothing <ran>"), "{texts}");
    assert!(texts.contains("no stacks"), "{texts}");
}

/// The text of an SVG, checking that it is well-formed XML with `svg` at the root.
fn svg_texts(svg: &[u8]) -> String {
    let mut reader = quick_xml::Reader::from_reader(svg);
    let mut buf = Vec::new();
    let mut texts = String::new();
    let mut elements = 0;
    loop {
        match reader.read_event_into(&mut buf).expect("well-formed XML") {
            quick_xml::events::Event::Eof => break,
            quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e) => {
                if elements == 0 {
                    assert_eq!(e.name().as_ref(), b"svg");
                }
                elements += 1;
            }
            quick_xml::events::Event::Text(t) => texts.push_str(&t.decode().unwrap()),
            // Entities come apart from the text around them.
            quick_xml::events::Event::GeneralRef(r) => match (r.resolve_char_ref(), &*r as &[u8]) {
                (Ok(Some(c)), _) => texts.push(c),
                (_, b"lt") => texts.push('<'),
                (_, b"gt") => texts.push('>'),
                (_, b"amp") => texts.push('&'),
                _ => {}
            },
            _ => {}
        }
        buf.clear();
    }
    assert!(elements > 0, "no elements");
    texts
}

#[test]
fn label_files_round_trip_every_kind_of_label() {
    let build = Build::assemble(data("labels.asm")).unwrap();
    let written = build.program.vice_labels();
    let mut read = read_labels(&written).unwrap();
    read.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    let want: Vec<(String, u16)> = [
        ("global", 0x1000),
        ("global._local", 0x1003),
        ("proc", 0x100a),
        ("proc.inner", 0x100a),
        ("proc.inner._deep", 0x100b),
        ("blk", 0x100c),
        ("blk.in_blk", 0x100c),
    ]
    .iter()
    .map(|(n, a)| (n.to_string(), *a))
    .collect();
    let mut want = want;
    want.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    assert_eq!(read, want, "{written}");
    // What was read names the same addresses as the assembler's own labels.
    assert_eq!(read, build.program.address_labels());
    // And the same as 64tass writes them (`al 100b .proc:inner:_deep`).
    // VICE's own spelling, and a malformed line.
    assert_eq!(
        read_labels("al C:0810 .start\nbreak 0810\n").unwrap(),
        [("start".to_string(), 0x0810)]
    );
    let e = read_labels("al C:0810 .a\nal zz .b\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "label file line 2: the address is not a 16-bit hex number: \"al zz .b\""
    );
}

#[test]
fn a_source_map_file_reads_back_to_the_same_places() {
    let build = count_program();
    let text = build.program.source_map();
    let index = c64harness::SourceIndex::parse(&text, None).unwrap();
    assert_eq!(index.runs(), build.info.index.runs());
    let p = index.place(0xc003).unwrap();
    assert_eq!((p.line, p.column, p.code), (4, 9, true));
    assert!(p.file.ends_with("count.asm"));
    let e = c64harness::SourceIndex::parse("hello\n", None).unwrap_err();
    assert!(e.to_string().contains("not a c64kit source map"), "{e}");
}

/// genhtml (Debian's `lcov` package) turns the tracefile into an HTML report without
/// a warning. Ignored by default: CI installs lcov and runs it.
#[test]
#[ignore]
fn genhtml_accepts_the_tracefile() {
    let build = count_program();
    let cov = Coverage::new(build.info.clone());
    let mut h = build.machine().unwrap();
    h.record_coverage(&cov);
    h.call("start", 10_000).unwrap();
    drop(h);
    let dir = std::env::temp_dir().join(format!("c64harness-genhtml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lcov = dir.join("count.lcov");
    cov.write_lcov(&lcov).unwrap();
    let out = std::process::Command::new("genhtml")
        .args(["--branch-coverage", "--function-coverage", "-q", "-o"])
        .arg(dir.join("html"))
        .arg(&lcov)
        .output()
        .expect("genhtml runs (install Debian's lcov package)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "genhtml failed: {stderr}");
    assert!(!stderr.contains("WARNING"), "{stderr}");
    let index = std::fs::read_to_string(dir.join("html/index.html")).unwrap();
    assert!(index.contains("80.0"), "line coverage 8/10 in the report");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tracefiles_merge_like_genhtml_merges_them() {
    let build = count_program();
    let a = Coverage::new(build.info.clone());
    let b = Coverage::new(build.info.clone());
    let mut h = build.machine().unwrap();
    h.record_coverage(&a);
    h.call("start", 10_000).unwrap();
    drop(h); // a machine's counts join the total when it goes
    let mut h = build.machine().unwrap();
    h.record_coverage(&b);
    h.call("never", 10_000).unwrap();
    drop(h);
    let (la, lb) = (a.lcov(), b.lcov());
    let merged = c64harness::merge_lcov([la.as_str(), lb.as_str()]).unwrap();
    let s = c64harness::total(&merged);
    assert_eq!((s.lines, s.lines_hit), (10, 10));
    assert_eq!((s.branches, s.branches_hit), (2, 2));
    assert_eq!(merged[0].lines[&4], 3);
    assert_eq!((s.functions, s.functions_hit), (3, 3), "{merged:?}");
    // One machine's report reads back as it was.
    let again = c64harness::merge_lcov([la.as_str()]).unwrap();
    assert_eq!(again[0].lines, a.files()[0].lines);
    assert_eq!(c64harness::total(&again), a.summary());
}
