//! RYG.asm: the BASIC line, the entry point, `pintaJugadasRaton` and the whole program
//! booted headless; the bytes equal 64tass's.

use c64emu::{Machine, Stop};

use crate::common::juego::wait;
use crate::common::*;
use crate::*;

#[test]
fn prg_starts_with_the_basic_line_10_sys_2064_and_code_at_0810() {
    let prg = program().prg_bytes();
    assert_eq!(load_address(), 0x0801);
    #[rustfmt::skip]
    let expected_start = [
        0x01, 0x08,             // load address $0801
        0x0B, 0x08,             // link to the next line at $080B
        0x0A, 0x00,             // line number 10
        0x9E,                   // SYS
        b'2', b'0', b'6', b'4', // "2064"
        0x00,                   // end of line
        0x00, 0x00,             // end of program
        0x00, 0x00, 0x00,       // padding up to $0810
    ];
    assert_eq!(&prg[..expected_start.len()], &expected_start);
    assert_eq!(sym("inicio"), 0x0810);
    // $0810: jsr inicializaArbol
    let init = sym("inicializaArbol");
    assert_eq!(
        &prg[2 + 0x0F..2 + 0x12],
        &[0x20, init as u8, (init >> 8) as u8]
    );
    let loaded = Machine::new().load_prg(&prg).expect("loads");
    assert_eq!(loaded.sys, Some(2064));
}

#[test]
fn c64asm_output_equals_64tass_output() {
    let Ok(status) = std::process::Command::new("64tass")
        .arg("--version")
        .output()
    else {
        eprintln!("64tass is not installed: comparison skipped (.ci/run installs it)");
        return;
    };
    assert!(status.status.success());
    let dir = std::env::temp_dir();
    let out = dir.join(format!("ryg-64tass-{}.prg", std::process::id()));
    let labels = dir.join(format!("ryg-64tass-{}.labels", std::process::id()));
    let run = std::process::Command::new("64tass")
        .args(["-q", "--ascii", "--case-sensitive", "--cbm-prg", "-o"])
        .arg(&out)
        .arg(format!("--labels={}", labels.display()))
        .arg(RYG_ASM)
        .output()
        .expect("64tass runs");
    assert!(
        run.status.success(),
        "64tass failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let reference = std::fs::read(&out).expect("64tass wrote the .prg");
    let label_text = std::fs::read_to_string(&labels).expect("64tass wrote the labels");
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&labels);
    assert_eq!(
        program().prg_bytes(),
        reference,
        "c64asm and 64tass disagree on asm/RYG.asm"
    );
    // 64tass lists every global symbol as `name = $hex` or `name = decimal`.
    let mut compared = 0;
    for line in label_text.lines() {
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        let value = match value.strip_prefix('$') {
            Some(hex) => i64::from_str_radix(hex, 16),
            None => value.parse(),
        }
        .unwrap_or_else(|_| panic!("64tass label line {line:?}"));
        assert_eq!(program().symbol(name), Some(value), "symbol {name}");
        compared += 1;
    }
    assert!(compared > 200, "only {compared} symbols compared");
}

#[test]
fn pinta_jugadas_raton_marks_each_move_of_the_current_board() {
    let cases: [(&str, [&str; 4]); 3] = [
        (
            "mid-game",
            [
                "0: 03,03 VALIDA",
                "1: 03,05 VALIDA",
                "2: 05,05 VALIDA",
                "3: 05,03 VALIDA",
            ],
        ),
        (
            "corner",
            [
                "0: 06,06 NO VALIDA",
                "1: 06,08 NO VALIDA",
                "2: 08,08 NO VALIDA",
                "3: 08,06 NO VALIDA",
            ],
        ),
        (
            "trapped mouse",
            [
                "0: 06,00 NO VALIDA",
                "1: 06,02 NO VALIDA",
                "2: 08,02 NO VALIDA",
                "3: 08,00 NO VALIDA",
            ],
        ),
    ];
    for (name, moves) in cases {
        let mut m = machine();
        put_board(&mut m, sym("tableroActual"), &scenario(name));
        let c = call_checked(&mut m, "pintaJugadasRaton");
        c.assert_only_changed("pintaJugadasRaton", &painting_allowed());
        let lines = screen_lines(&m);
        assert_eq!(lines[0], "JUGADAS DEL RATON (FILA,COL):");
        assert_eq!(&lines[1..5], &moves, "{name}");
    }
}

#[test]
fn the_program_boots_to_the_title_then_paints_the_game_board_and_returns() {
    let mut m = machine();
    let before = m.ram().to_vec();
    assert_eq!(m.autostart().expect("SYS line"), 0x0810);
    let actual = sym("tableroActual");
    wait(&mut m);
    let lines = screen_lines(&m);
    assert_eq!(
        lines[0],
        "   RYG - EL RATON Y LOS GATOS",
        "title:\n{}",
        m.screen_text()
    );
    assert_eq!(board_at(&m, actual), initial_board().to_bytes());

    // RETURN plays the default mode: the game board with the initial position.
    m.type_keys("\n");
    wait(&mut m);
    assert_eq!(board_at(&m, actual), initial_board().to_bytes());
    assert_eq!(get_ptr(&m, "arbolLibre"), sym("inicioArbol"));
    let lines = screen_lines(&m);
    let board: Vec<&str> = lines[2..19].iter().map(|l| &l[..l.len().min(27)]).collect();
    let expected = [
        "    0  1  2  3  4  5  6  7",
        " 0  G     G     G     G",
        "    1     2     3     4",
        " 1",
        "",
        " 2",
        "",
        " 3",
        "",
        " 4",
        "",
        " 5",
        "",
        " 6",
        "",
        " 7           R",
        "",
    ];
    let board: Vec<String> = board.iter().map(|l| l.trim_end().to_string()).collect();
    assert_eq!(board, expected, "screen:\n{}", m.screen_text());
    assert_eq!(lines[21], "MOUSE TO MOVE: Q W A S");

    // X ends the game, X on the title returns to BASIC.
    m.type_keys("xx");
    let stop = m.run(50_000_000);
    assert_eq!(stop, Stop::ReturnedToBasic);
    assert_eq!(m.strict_violations(), &[], "strict mode stays clean");
    // Only fields, tableroActual, the KERNAL's pages and the screen change: the code,
    // the tables, the strings and the tree area stay as loaded.
    let run = Called {
        cycles: 0,
        regs: m.regs(),
        before,
        after: m.ram().to_vec(),
        sp: 0xFF,
    };
    let allowed = union(&[
        &painting_allowed(),
        &field_bytes(&["it", "arbol", "pa", "ptj", "pdj", "pct"]),
        &range(actual, BOARD_LEN),
    ]);
    run.assert_only_changed("the program", &allowed);
    assert_eq!(board_at(&m, actual), initial_board().to_bytes());
}

/// The board dump docs/ryg.md shows is what `pintaTablero` on `tableroActual` and
/// `pintaJugadasRaton` print, the board's address included.
#[test]
fn the_board_dump_in_the_docs_is_the_programs() {
    let mut m = machine();
    let actual = sym("tableroActual");
    put_board(&mut m, actual, &initial_board());
    set_ptr(&mut m, "ptTablero", actual);
    call_checked(&mut m, "pintaTablero");
    call_checked(&mut m, "pintaJugadasRaton");
    let want = docs::block_after(&docs::doc("ryg.md"), "`pintaJugadasRaton` shows");
    assert_eq!(&screen_lines(&m)[..want.len()], &want[..]);
    assert_eq!(want[1], format!("TABLERO: {actual:04X}"));
}

/// The monitor commands docs/vice.md and tools/vice suggest name labels of the program,
/// and the breakpoints they suggest are reached by a game (a mouse move at level 3).
#[test]
fn the_vice_commands_in_the_docs_name_labels_the_game_reaches() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tool = std::fs::read_to_string(root.join("tools/vice")).expect("tools/vice");
    let text = docs::doc("vice.md") + &tool;
    let labels: std::collections::BTreeMap<String, u16> =
        program().address_labels().into_iter().collect();
    let mut breaks = std::collections::BTreeSet::new();
    let mut named = 0;
    let monitor = ["d", "break", "m", "al", "until", "watch"];
    for command in text.split('`').skip(1).step_by(2) {
        let words: Vec<&str> = command.split_whitespace().collect();
        if !words.first().is_some_and(|w| monitor.contains(w)) {
            continue;
        }
        for word in &words {
            let Some(name) = word.strip_prefix('.') else {
                continue;
            };
            let name: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() {
                continue;
            }
            assert!(labels.contains_key(&name), "`{command}`: no label {name}");
            named += 1;
            if words[0] == "break" {
                breaks.insert(name);
            }
        }
    }
    assert!(named >= 4, "the docs suggest labels: {named}");
    assert!(
        breaks.len() >= 2,
        "the docs suggest breakpoints: {breaks:?}"
    );
    for label in &breaks {
        let mut m = machine();
        m.autostart().expect("SYS line");
        m.type_keys("\nq");
        m.run_until(label.as_str(), 20_000_000)
            .unwrap_or_else(|stop| panic!("break .{label} is never reached: {stop:?}"));
    }
}

/// Every Markdown page of the repository: the README and docs/*.md, by their paths
/// from the root.
fn pages() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| format!("docs/{}", e.expect("entry").file_name().to_string_lossy()))
        .filter(|n| n.ends_with(".md"))
        .collect();
    pages.sort();
    pages.push("README.md".into());
    pages
}

/// The docs stand alone: every link any page makes is to a file of the repository
/// (relative to the page), never to `../shared` or a path of this machine.
#[test]
fn the_docs_link_only_inside_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .expect("the repository");
    for name in pages() {
        let text = std::fs::read_to_string(root.join(&name)).expect("a page");
        let page_dir = root
            .join(&name)
            .parent()
            .expect("a directory")
            .to_path_buf();
        for target in text.split("](").skip(1) {
            let target = &target[..target.find(')').expect("a closed link")];
            if target.starts_with("http") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap_or(target);
            let path = page_dir.join(file);
            let resolved = path
                .canonicalize()
                .unwrap_or_else(|e| panic!("{name} links to {target}: {e}"));
            assert!(
                resolved.starts_with(&root),
                "{name} links outside the repository: {target}"
            );
        }
        assert!(
            !text.contains("/work/") && !text.contains("shared/RYG-NOTES"),
            "{name} names a file outside the repository"
        );
    }
}

/// Where a page shows what `build asm/RYG.asm` prints (`asm/RYG.prg: $0801-$xxxx
/// (n bytes)`), the figures are the program's.
#[test]
fn the_build_summaries_in_the_docs_are_the_programs() {
    let p = program();
    let want = format!(
        "RYG.prg: ${:04X}-${:04X} ({} bytes)",
        p.load_address,
        p.end_address() - 1,
        p.image.len()
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut shown = 0;
    for name in pages() {
        let text = std::fs::read_to_string(root.join(&name)).expect("a page");
        for (at, _) in text.match_indices("RYG.prg: $") {
            let line = text[at..].lines().next().unwrap_or_default();
            assert!(
                line.starts_with(&want),
                "{name}: `{line}`, the build prints `{want}`"
            );
            shown += 1;
        }
    }
    assert!(shown >= 1, "no page shows the build's summary");
}
