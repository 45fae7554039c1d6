//! The README, followed literally: every `cargo run --release -- …` line of its tour that
//! does not open a window is run (with the built binary, in a scratch copy of asm/), and
//! what it promises is checked: the .prg, labels and disk image, the screen text and a
//! screenshot PNG that shows it. The Rust snippet of the README is checked too.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn tour_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let tour = &readme[readme.find("## A short tour").expect("tour section")..];
    let block = &tour[tour.find("```sh").unwrap() + 5..];
    let block = &block[..block.find("```").unwrap()];
    block
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cargo run --release -- "))
        .map(split_shell_words)
        .collect()
}

/// Enough of sh's word splitting for the README: spaces, and "double quotes".
fn split_shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

fn scratch_copy() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("c64kit-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("asm")).unwrap();
    for e in std::fs::read_dir(Path::new(ROOT).join("asm")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "asm") {
            std::fs::copy(&p, dir.join("asm").join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

#[test]
fn the_readme_tour_builds_runs_headless_and_writes_a_screenshot() {
    let commands = tour_commands();
    assert_eq!(
        commands.len(),
        3,
        "the tour has build, window run, headless run"
    );
    let dir = scratch_copy();
    let mut screen = String::new();
    for args in &commands {
        let is_window = args[0] == "run" && !args.iter().any(|a| a == "--headless");
        if is_window {
            continue; // needs a display; covered by the window crate's own tests
        }
        let out = Command::new(env!("CARGO_BIN_EXE_c64kit"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{args:?} failed: {}{stdout}",
            String::from_utf8_lossy(&out.stderr)
        );
        if args[0] == "build" {
            assert!(stdout.contains("asm/RYG.prg: $0801-$"), "{stdout}");
        } else {
            screen = stdout;
        }
    }
    let prg = std::fs::read(dir.join("asm/RYG.prg")).unwrap();
    assert_eq!(&prg[..13], b"\x01\x08\x0b\x08\x0a\x00\x9e2064\x00\x00");
    let labels = std::fs::read_to_string(dir.join("asm/RYG.labels")).unwrap();
    assert!(labels.lines().any(|l| l.ends_with(" .tableroActual")));
    let disk = c64d64::Disk::from_bytes(&std::fs::read(dir.join("ryg.d64")).unwrap()).unwrap();
    assert_eq!(disk.read_file("RYG").unwrap(), prg);

    // The headless run: the game after the mouse's first move and the cats' answer.
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[0].trim_end(), " RYG - EL RATON Y LOS GATOS");
    assert!(screen.contains("MOUSE MOVED 7,3 TO 6,4"), "{screen}");
    assert!(screen.contains("MOUSE TO MOVE: Q W A S"), "{screen}");

    // The screenshot is the same screen: decode it and compare with the machine's render.
    let png = std::fs::read(dir.join("ryg.png")).unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert!(info.width >= 320 && info.height >= 200);
    let bytes_per_pixel = info.line_size / info.width as usize;
    // Title row: the 'R' of "RYG" at column 1 has ink pixels, the space at column 0 has none.
    let (bx, by) = ((info.width - 320) / 2, (info.height - 200) / 2);
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readme_rust_snippet_works() {
    let program = c64asm::assemble(Path::new(ROOT).join("asm/RYG.asm")).unwrap();
    let mut m = c64emu::Machine::new();
    m.load_prg(&program.prg_bytes()).unwrap();
    m.set_symbols(program.address_labels());
    let board = m.resolve("tableroActual").unwrap();
    m.write(m.resolve("itTableroLo").unwrap(), &board.to_le_bytes());
    let r = m.call("inicializaTablero", 100_000).unwrap();
    assert_eq!(m.read(board, 6), [0xAA, 0xAA, 0xAA, 0x00, 0x01, 0x80]);
    assert!(r.cycles > 1000);
}
