//! The README, followed literally: every line of its tour that does not open a window
//! is run (`cargo run --release --` as the built binary) in a scratch copy of the
//! checkout, and what it promises is checked: the .prg, labels and disk image, the
//! screen text and a screenshot PNG that shows it, a new project cargo accepts, and no
//! file left that git would list as untracked. The line for machines without a display,
//! the description of `.ci/run` and the Rust snippet are checked too.

mod cli_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use cli_support::{ROOT, TempDir, both, c64kit, cargo, sh_block, split_shell_words, text};

fn readme() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap()
}

/// A scratch copy of what the tour reads: the RYG sources, the workspace manifest (so
/// `new` runs inside a workspace, as in the checkout) and .gitignore, in a git
/// repository, so output that .gitignore misses shows as untracked.
fn scratch_checkout(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    std::fs::create_dir_all(dir.path("asm")).unwrap();
    for e in std::fs::read_dir(Path::new(ROOT).join("asm")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "asm") {
            std::fs::copy(&p, dir.path("asm").join(p.file_name().unwrap())).unwrap();
        }
    }
    // RYG's test files, for the tour's `test` line.
    std::fs::create_dir_all(dir.path("asm/tests")).unwrap();
    for e in std::fs::read_dir(Path::new(ROOT).join("asm/tests")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.path("asm/tests").join(p.file_name().unwrap())).unwrap();
    }
    for f in ["Cargo.toml", ".gitignore"] {
        std::fs::copy(Path::new(ROOT).join(f), dir.path(f)).unwrap();
    }
    git(&dir.0, &["init", "-q"]);
    dir
}

/// Files git would list as untracked, other than the scratch copy's own inputs.
fn untracked_outputs(dir: &Path) -> Vec<String> {
    let is_input = |f: &&str| {
        ["Cargo.toml", ".gitignore"].contains(f)
            || (f.starts_with("asm/") && f.ends_with(".asm"))
            || (f.starts_with("asm/tests/") && f.ends_with(".test.toml"))
    };
    git(dir, &["ls-files", "--others", "--exclude-standard"])
        .lines()
        .filter(|f| !is_input(f))
        .map(str::to_string)
        .collect()
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git (the tour's outputs are checked against .gitignore)");
    assert!(out.status.success(), "git {args:?}: {}", both(&out));
    text(&out.stdout)
}

/// What the tour printed and wrote.
struct Tour {
    dir: TempDir,
    build_stdout: String,
    screen: String,
    /// What each `c64kit test` printed.
    tests_stdout: Vec<String>,
}

/// Runs the tour's lines in order. `cd DIR && cargo test` runs the real `cargo test`
/// when `real_cargo_test`, else only checks that cargo reads the project.
fn run_tour(tag: &str, real_cargo_test: bool) -> Tour {
    let lines = sh_block(&readme(), "## A short tour");
    assert_eq!(
        lines.len(),
        7,
        "build, window run, headless run, RYG's test files, new, its test files, its cargo test"
    );
    let dir = scratch_checkout(tag);
    let (mut build_stdout, mut screen) = (String::new(), String::new());
    let mut tests_stdout = Vec::new();
    for line in &lines {
        if let Some(rest) = line.strip_prefix("cargo run --release -- ") {
            let args = split_shell_words(rest);
            if args[0] == "run" && !args.iter().any(|a| a == "--headless") {
                continue; // needs a display; covered by the window crate's own tests
            }
            let out = c64kit(&dir.0).args(&args).output().unwrap();
            assert!(out.status.success(), "{line}: {}", both(&out));
            match args[0].as_str() {
                "build" => build_stdout = text(&out.stdout),
                "run" => screen = text(&out.stdout),
                "test" => tests_stdout.push(text(&out.stdout)),
                _ => {}
            }
        } else if let Some(project) = line
            .strip_prefix("cd ")
            .and_then(|l| l.strip_suffix(" && cargo test"))
        {
            let project = dir.path(project);
            let mut cmd = cargo();
            if real_cargo_test {
                cmd.arg("test").env(
                    "CARGO_TARGET_DIR",
                    Path::new(ROOT).join("target/new-projects"),
                );
            } else {
                cmd.args([
                    "metadata",
                    "--no-deps",
                    "--format-version",
                    "1",
                    "--offline",
                ]);
            }
            let out = cmd.current_dir(&project).output().unwrap();
            assert!(out.status.success(), "{line}: {}", both(&out));
        } else {
            panic!("the tour has a line this test does not know how to run: {line}");
        }
    }
    Tour {
        dir,
        build_stdout,
        screen,
        tests_stdout,
    }
}

#[test]
fn the_readme_tour_builds_runs_headless_writes_a_screenshot_and_starts_a_project() {
    let Tour {
        dir,
        build_stdout,
        screen,
        tests_stdout,
    } = run_tour("readme", false);
    assert!(
        build_stdout.contains("asm/RYG.prg: $0801-$"),
        "{build_stdout}"
    );
    let prg = std::fs::read(dir.path("asm/RYG.prg")).unwrap();
    assert_eq!(&prg[..13], b"\x01\x08\x0b\x08\x0a\x00\x9e2064\x00\x00");
    let labels = std::fs::read_to_string(dir.path("asm/RYG.labels")).unwrap();
    assert!(labels.lines().any(|l| l.ends_with(" .tableroActual")));
    let disk = c64d64::Disk::from_bytes(&std::fs::read(dir.path("ryg.d64")).unwrap()).unwrap();
    assert_eq!(disk.read_file("RYG").unwrap(), prg);

    // The headless run: the game after the mouse's first move and the cats' answer.
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[0].trim_end(), " RYG - EL RATON Y LOS GATOS");
    assert!(screen.contains("MOUSE MOVED 7,3 TO 6,4"), "{screen}");
    assert!(screen.contains("MOUSE TO MOVE: Q W A S"), "{screen}");
    check_screenshot(&dir.path("ryg.png"));

    assert!(dir.path("mygame/tests/routines.rs").is_file());
    // RYG's test files and the new project's pass, with the reports written.
    assert_eq!(tests_stdout.len(), 2);
    assert!(
        tests_stdout[0].contains("summary: 103 passed, 0 failed, 0 skipped"),
        "{}",
        tests_stdout[0]
    );
    assert!(
        tests_stdout[1].contains("summary: 6 passed, 0 failed, 0 skipped"),
        "{}",
        tests_stdout[1]
    );
    let junit = std::fs::read_to_string(dir.path("ryg-tests.xml")).unwrap();
    assert_eq!(junit.matches("<testcase ").count(), 103);
    assert!(
        std::fs::read_to_string(dir.path("ryg.lcov"))
            .unwrap()
            .contains("SF:")
    );
    // Everything the tour wrote is ignored by git: nothing shows up as untracked.
    assert_eq!(untracked_outputs(&dir.0), [""; 0], "git would list these");
}

/// The screenshot is the screen: its title row has ink where the text has a letter.
fn check_screenshot(path: &PathBuf) {
    let png = std::fs::read(path).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert!(info.width >= 320 && info.height >= 200);
    let bytes_per_pixel = info.line_size / info.width as usize;
    // Title row: the 'R' of "RYG" at column 1 has ink pixels, the space at column 0 has none.
    // VICE's visible area: the text window's first pixel at x 32, y 35 (c64emu's
    // WINDOW_X, WINDOW_Y).
    let (bx, by) = (32, 35);
    let colour = |x: u32, y: u32| {
        let o = (y as usize) * info.line_size + (x as usize) * bytes_per_pixel;
        pixels[o..o + 3].to_vec()
    };
    let cell = |col: u32, row: u32| -> Vec<Vec<u8>> {
        (0..8)
            .flat_map(|dy| (0..8).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| colour(bx + col * 8 + dx, by + row * 8 + dy))
            .collect()
    };
    let distinct = |c: &Vec<Vec<u8>>| {
        let mut v = c.clone();
        v.sort();
        v.dedup();
        v.len()
    };
    assert_eq!(distinct(&cell(0, 0)), 1, "a space is one colour");
    assert_eq!(distinct(&cell(1, 0)), 2, "the R of RYG has ink and paper");
}

/// The tour with the real `cargo test` of the new project, inside the (scratch)
/// checkout's workspace. Slow: it builds the emulator for the project.
#[test]
#[ignore]
fn the_readme_tour_with_the_projects_cargo_test() {
    let tour = run_tour("readme-full", true);
    assert_eq!(
        untracked_outputs(&tour.dir.0),
        [""; 0],
        "git would list these"
    );
}

/// The main job's advice for machines without a display, followed literally, shows
/// RYG's title screen and ends successfully.
#[test]
fn the_no_display_advice_works() {
    let lines = sh_block(&readme(), "## The two commands");
    let main_job = &lines[0];
    let advice = main_job
        .split("without a display add ")
        .nth(1)
        .expect("the main job's comment says what to add without a display");
    let extra = split_shell_words(advice.trim_end_matches(')'));
    let run = lines
        .iter()
        .find_map(|l| l.strip_prefix("cargo run --release -- "))
        .unwrap();
    let mut args = split_shell_words(run);
    args.extend(extra);
    let out = c64kit(Path::new(ROOT)).args(&args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", both(&out));
    assert!(
        text(&out.stdout).contains("RYG - EL RATON Y LOS GATOS"),
        "{}",
        both(&out)
    );
}

/// The README says what `.ci/run` runs: each of its cargo commands, word for word.
#[test]
fn the_readme_says_what_ci_runs() {
    let script = std::fs::read_to_string(Path::new(ROOT).join(".ci/run")).unwrap();
    let readme = readme().split_whitespace().collect::<Vec<_>>().join(" ");
    let commands: Vec<&str> = script
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cargo "))
        .collect();
    assert!(!commands.is_empty());
    for command in commands {
        assert!(
            readme.contains(&format!("`{command}`")),
            "README does not mention `{command}`"
        );
    }
}

#[test]
fn the_readme_rust_snippet_works() {
    // The snippet's lines, word for word, then the snippet itself.
    let snippet = [
        r#"let mut m = c64harness::Build::assemble("asm/RYG.asm").unwrap().machine().unwrap();"#,
        r#"let (board, param) = (m.addr("tableroActual"), m.addr("itTableroLo"));"#,
        r#"m.write(param, &board.to_le_bytes()); // the routine's parameter"#,
        r#"let r = m.call("inicializaTablero", 100_000).unwrap();"#,
    ];
    let text = readme();
    for line in snippet {
        assert!(text.contains(line), "README snippet changed: {line}");
    }
    let ryg = Path::new(ROOT).join("asm/RYG.asm");
    let mut m = c64harness::Build::assemble(ryg).unwrap().machine().unwrap();
    let (board, param) = (m.addr("tableroActual"), m.addr("itTableroLo"));
    m.write(param, &board.to_le_bytes()); // the routine's parameter
    let r = m.call("inicializaTablero", 100_000).unwrap();
    assert_eq!(m.read(board, 6), [0xAA, 0xAA, 0xAA, 0x00, 0x01, 0x80]);
    assert!(r.cycles > 1000);
}

/// The README gives CI's time as `tools/time-ci` measured it: the whole, its build and
/// test parts (which fit in the whole), the CPU time and the machine's load (on a shared
/// machine the wall time is only as good as the quiet it had).
#[test]
fn the_readme_gives_the_ci_time_tools_time_ci_measured() {
    let text = readme();
    let start = text
        .find("<!-- ci-time: generated by tools/time-ci -->")
        .expect("the ci-time block");
    let block = &text[start..text.find("<!-- /ci-time -->").expect("its end")];
    let sentence = block.lines().nth(1).unwrap_or_default();
    let minutes = |before: &str| -> f64 {
        let at = sentence
            .find(before)
            .unwrap_or_else(|| panic!("{before:?} in {sentence}"));
        let number = sentence[..at].rsplit(' ').next().unwrap();
        number
            .parse()
            .unwrap_or_else(|_| panic!("{number:?} in {sentence}"))
    };
    let whole = minutes(" minutes: ");
    let built = minutes(" to build, ");
    let tested = minutes(" to test, ");
    let cpu = minutes(" minutes of CPU time");
    assert!(built + tested <= whole + 0.1, "{sentence}");
    assert!(cpu > 0.0, "{sentence}");
    assert!(sentence.contains("load average"), "{sentence}");
    assert!(sentence.contains("-core machine"), "{sentence}");
}

/// The README's test file excerpt is a part of RYG's boards file that runs: under RYG's
/// `[program]` its two cases pass.
#[test]
fn the_readme_test_file_excerpt_runs() {
    let readme = readme();
    let after = &readme[readme
        .find("as `c64kit test` reads it (`asm/tests/boards.test.toml`)")
        .expect("the excerpt's heading")..];
    let from = after.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let excerpt = &after[from..from + after[from..].find("```").unwrap()];
    let boards =
        std::fs::read_to_string(Path::new(ROOT).join("asm/tests/boards.test.toml")).unwrap();
    let name = excerpt.lines().nth(1).unwrap();
    assert!(boards.contains(name), "{name} is not in boards.test.toml");
    let dir = TempDir::new("readme-excerpt");
    let ryg = Path::new(ROOT).join("asm/RYG.asm");
    dir.write(
        "x.test.toml",
        &format!(
            "[program]\nsource = {:?}\n\n{excerpt}",
            ryg.display().to_string()
        ),
    );
    let out = c64kit(&dir.0).arg("test").output().unwrap();
    assert!(out.status.success(), "{}", both(&out));
    assert!(
        text(&out.stdout).contains("summary: 2 passed, 0 failed"),
        "{}",
        both(&out)
    );
}
