//! docs/emulator.md's generated sections (the stub KERNAL's routines, the timing figures)
//! must match the emulator, so they cannot go stale.
//! `UPDATE_EMULATOR_DOCS=1 cargo test --test emulator_docs` rewrites them.
use c64emu::{VicModel, timing};

fn routines() -> String {
    let mut s =
        String::from("| routine | runs at | jump table | RAM vector |\n|---|---|---|---|\n");
    for r in c64emu::stub_routines() {
        let opt = |a: Option<u16>| a.map_or("-".to_string(), |a| format!("${a:04X}"));
        s += &format!(
            "| {} | ${:04X} | {} | {} |\n",
            r.name,
            r.addr,
            opt(r.jump),
            opt(r.vector)
        );
    }
    s
}

fn figures() -> String {
    let hz = timing::CLOCK_HZ as f64;
    let ms = |cycles: u64| cycles as f64 * 1000.0 / hz;
    let frame = timing::CYCLES_PER_FRAME;
    let jiffy = u64::from(timing::JIFFY_LATCH) + 1;
    let badline_cycles = measured_badline_frame();
    let rows: Vec<(String, String)> = vec![
        (
            "CPU clock (PAL)".into(),
            format!("{} cycles per second", timing::CLOCK_HZ),
        ),
        (
            "raster line".into(),
            format!("{} cycles", timing::CYCLES_PER_LINE),
        ),
        (
            "frame".into(),
            format!(
                "{} lines, {frame} cycles ({:.3} frames per second)",
                timing::LINES_PER_FRAME,
                hz / frame as f64
            ),
        ),
        (
            "NTSC: CPU clock, frame".into(),
            [("6567R8", VicModel::Mos6567R8), ("6567R56A", VicModel::Mos6567R56A)]
                .iter()
                .map(|(name, m)| {
                    let t = m.timing();
                    format!(
                        "{name}: {} cycles per second, {} cycles a line, {} lines, {} cycles a frame ({:.3} per second)",
                        m.clock_hz(),
                        t.line,
                        t.lines,
                        t.frame,
                        m.clock_hz() as f64 / t.frame as f64
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        (
            format!(
                "KERNAL timer interrupt (CIA 1 timer A latch ${:04X})",
                timing::JIFFY_LATCH
            ),
            format!("every {jiffy} cycles ({:.2} per second)", hz / jiffy as f64),
        ),
        (
            "bad line (BA low in cycles 12-54 of the line)".into(),
            format!("{} cycles", timing::BADLINE_CYCLES),
        ),
        (
            "bad lines in a frame with the screen on (measured)".into(),
            format!(
                "{badline_cycles} cycles ({:.1} % of a frame)",
                badline_cycles as f64 * 100.0 / frame as f64
            ),
        ),
        (
            "sprite DMA on a line".into(),
            format!(
                "{} cycles for one sprite, {} for sprites 0 and 1, {} for all eight",
                timing::sprite_dma_cycles(0x01),
                timing::sprite_dma_cycles(0x03),
                timing::sprite_dma_cycles(0xFF)
            ),
        ),
        (
            "typed key held at least".into(),
            format!("{} cycles ({:.1} ms)", timing::HOLD, ms(timing::HOLD)),
        ),
        (
            "gap between typed keys at least".into(),
            format!("{} cycles ({:.1} ms)", timing::GAP, ms(timing::GAP)),
        ),
        (
            "typed joystick position held at least".into(),
            format!(
                "{} cycles ({:.1} ms)",
                timing::JOY_HOLD,
                ms(timing::JOY_HOLD)
            ),
        ),
        (
            "next typed key for a program that neither asks nor scans".into(),
            format!(
                "after {} cycles ({:.1} s)",
                timing::IDLE,
                timing::IDLE as f64 / hz
            ),
        ),
        (
            "stub KERNAL routine, RTS included".into(),
            format!("{} cycles", timing::NATIVE_ROUTINE_CYCLES),
        ),
        (
            "stub CHRIN looking for a key that is not there".into(),
            format!("{} cycles per look", timing::WAIT_LOOK_CYCLES),
        ),
    ];
    let mut s = String::from("| figure | value |\n|---|---|\n");
    for (what, value) in rows {
        s += &format!("| {what} | {value} |\n");
    }
    s
}

/// Cycles the VIC takes from NOPs run with interrupts off for one frame, screen on.
fn measured_badline_frame() -> u64 {
    let mut m = c64emu::Machine::new();
    m.write(0x1000, &[0xEA; 12_000]);
    let regs = m.regs();
    m.set_regs(c64emu::Regs {
        pc: 0x1000,
        p: 0x24,
        ..regs
    });
    m.run(timing::CYCLES_PER_FRAME);
    m.stolen_cycles()
}

/// Replace the text between the markers of section `name`.
fn fill(doc: &str, name: &str, body: &str) -> String {
    let start = format!("<!-- generated: {name} ");
    let end = format!("<!-- end: {name} -->");
    let a = doc
        .find(&start)
        .unwrap_or_else(|| panic!("no {start} marker"));
    let a = a + doc[a..].find("-->\n").expect("marker end") + 4;
    let b = doc.find(&end).unwrap_or_else(|| panic!("no {end} marker"));
    format!("{}{body}{}", &doc[..a], &doc[b..])
}

#[test]
fn generated_sections_match_the_emulator() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/emulator.md");
    let have = std::fs::read_to_string(path).unwrap();
    let want = fill(
        &fill(&have, "stub-routines", &routines()),
        "figures",
        &figures(),
    );
    if std::env::var_os("UPDATE_EMULATOR_DOCS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    assert!(
        have == want,
        "docs/emulator.md is out of date; run UPDATE_EMULATOR_DOCS=1 cargo test --test emulator_docs"
    );
}
