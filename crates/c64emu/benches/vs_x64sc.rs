//! c64kit against VICE's x64sc: emulated cycles per second of both, on the same programs
//! with the same genuine ROMs, alternating, in one run (`tools/bench-vice`).
//!
//! Workloads (each a .prg both emulators autostart from BASIC):
//! - RYG (`asm/RYG.asm`) at its title screen: the KERNAL's key wait and interrupts;
//! - `raster_sprites.asm`: eight multiplexed sprites, a raster interrupt every 24 lines,
//!   the screen on and rewritten by the main loop (bad lines, sprite DMA, VIC IRQs);
//! - Klaus Dormann's 6502 functional test (see `tests/common/dormann.rs`), copied into
//!   place by a loader at $C100 so that BASIC can start it: a pure CPU load, screen off.
//!
//! Each side runs each workload with two cycle budgets (`SHORT`, `LONG`); the speed is
//! `(LONG - SHORT) / (time(LONG) - time(SHORT))` in CPU time (user + system of the child),
//! so start-up, ROM boot and loading cancel out. x64sc runs in warp with sound off
//! (`+sound`), as the comparison did. Prints every round, the medians and
//! c64kit's speed as a multiple of x64sc's.
//!
//! `--sound` runs both with sound on, written to a WAV file (c64kit `--audio FILE`, x64sc
//! `-sound -sounddev wav`, 44,100 Hz), for the sound-on comparison.
//!
//! `--baseline FILE` adds another c64kit binary (an older build) as a third side in the
//! same rounds, and prints c64kit's speed against it too.
//!
//! Needs: `C64KIT` (the c64kit binary; tools/bench-vice builds it), the ROM directory in
//! `--roms DIR` or `C64KIT_ROMS`, and x64sc: `X64SC` or `x64sc` on PATH (VICE's source
//! builds it: `./autogen.sh && ./configure --enable-headlessui --without-pulse
//! --without-alsa && make x64sc`).
use std::path::{Path, PathBuf};
use std::process::Command;

use c64emu::RomSet;

#[path = "../tests/common/dormann.rs"]
mod dormann;

/// The two budgets: the short one is past every workload's start-up.
const SHORT: u64 = 20_000_000;
const LONG: u64 = 120_000_000;

/// Where the Dormann loader keeps the test's bytes until it copies them into place.
const PAYLOAD: u16 = 0x8000;
const LOADER: u16 = 0xC100;

/// User + system time of the waited-for children, in seconds (clock ticks of 10 ms).
fn children_cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat (Linux)");
    let fields: Vec<&str> = s[s.rfind(')').expect("a comm field") + 1..]
        .split_whitespace()
        .collect();
    let ticks: u64 =
        fields[13].parse::<u64>().expect("cutime") + fields[14].parse::<u64>().expect("cstime");
    ticks as f64 / 100.0
}

fn assemble(name: &str, source: &str) -> Vec<u8> {
    c64asm::assemble_str(name, source, &c64asm::Options::default())
        .unwrap_or_else(|d| panic!("{d}"))
        .prg_bytes()
}

/// Dormann's test as a program BASIC can RUN: a `SYS` line that jumps to a loader at
/// $C100, which banks in RAM everywhere (the payload lies under the BASIC ROM), copies
/// the test (load address $000A, starter at $4000) from $8000 into place and jumps to
/// its starter.
fn dormann_prg() -> Vec<u8> {
    let original = dormann::prg(&dormann::binary());
    let (load, payload) = (
        u16::from_le_bytes([original[0], original[1]]),
        &original[2..],
    );
    let pages = payload.len().div_ceil(256);
    assert!(usize::from(PAYLOAD) + payload.len() <= usize::from(LOADER));
    let stub = assemble(
        "dormann_loader.asm",
        &format!(
            "        * = $0801\n        .word (+), 10\n        .null $9e, format(\"%d\", start)\n\
             +       .word 0\nstart   jmp copy\n\
             \x20       * = ${LOADER:04X}\ncopy    sei\n        lda #$34\n        sta $01\n        ldx #0\n\
             loop    lda ${PAYLOAD:04X},x\n        sta @w ${load:04X},x\n        inx\n\
             \x20       bne loop\n        inc loop+2\n        inc loop+5\n        dec pages\n\
             \x20       bne loop\n        jmp ${:04X}\npages   .byte {pages}\n",
            dormann::STARTER
        ),
    );
    // The stub's .prg runs from $0801 to the loader's end, zeros between: put the
    // payload at $8000 inside it.
    let mut prg = stub;
    let at = usize::from(PAYLOAD - 0x0801) + 2;
    prg[at..at + payload.len()].copy_from_slice(payload);
    prg
}

struct Workload {
    name: &'static str,
    file: PathBuf,
}

fn workloads(dir: &Path) -> Vec<Workload> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let ryg = c64asm::assemble(root.join("asm/RYG.asm"))
        .unwrap_or_else(|d| panic!("{d}"))
        .prg_bytes();
    let raster = assemble("raster_sprites.asm", include_str!("raster_sprites.asm"));
    [
        ("RYG title screen", ryg),
        ("raster + sprites", raster),
        ("Dormann's test", dormann_prg()),
    ]
    .into_iter()
    .map(|(name, bytes)| {
        let file = dir.join(format!("{}.prg", name.split(' ').next().unwrap_or("w")));
        std::fs::write(&file, bytes).expect("the workload is written to the temp dir");
        Workload { name, file }
    })
    .collect()
}

/// One emulator: how to run a .prg for a number of cycles.
trait Side {
    fn name(&self) -> &'static str;
    fn command(&self, prg: &Path, cycles: u64) -> Command;
    /// Did the run end as a run that used its whole budget ends?
    fn check(&self, status: std::process::ExitStatus, stderr: &str);
}

struct C64kit {
    name: &'static str,
    bin: PathBuf,
    roms: PathBuf,
    /// With `--sound`: the WAV file the output goes to.
    wav: Option<PathBuf>,
}

impl Side for C64kit {
    fn name(&self) -> &'static str {
        self.name
    }
    fn command(&self, prg: &Path, cycles: u64) -> Command {
        let mut c = Command::new(&self.bin);
        c.args(["run", "--headless", "--roms"])
            .arg(&self.roms)
            .args(["--max-cycles", &cycles.to_string()]);
        if let Some(wav) = &self.wav {
            c.arg("--audio").arg(wav);
        }
        c.arg(prg);
        c
    }
    fn check(&self, status: std::process::ExitStatus, stderr: &str) {
        assert!(
            status.code() == Some(3) && stderr.contains("cycle limit"),
            "c64kit did not run to its cycle limit ({status}): {stderr}"
        );
    }
}

struct X64sc {
    bin: PathBuf,
    roms: RomSet,
    /// With `--sound`: the WAV file the output goes to.
    wav: Option<PathBuf>,
}

impl Side for X64sc {
    fn name(&self) -> &'static str {
        "x64sc"
    }
    fn command(&self, prg: &Path, cycles: u64) -> Command {
        let (kernal, basic, chargen) = &self.roms.files;
        let mut c = Command::new(&self.bin);
        c.args(["-default", "-warp", "-console", "-autostartprgmode", "1"]);
        match &self.wav {
            Some(wav) => {
                c.args([
                    "-sound",
                    "-sounddev",
                    "wav",
                    "-soundrate",
                    "44100",
                    "-soundarg",
                ])
                .arg(wav);
            }
            None => {
                c.arg("+sound");
            }
        }
        c.arg("-kernal").arg(kernal).arg("-basic").arg(basic);
        if let Some(ch) = chargen {
            c.arg("-chargen").arg(ch);
        }
        c.args(["-limitcycles", &cycles.to_string()]).arg(prg);
        c
    }
    fn check(&self, status: std::process::ExitStatus, stderr: &str) {
        // -limitcycles ends x64sc with exit code 1.
        assert!(
            status.code() == Some(1),
            "x64sc did not run to its cycle limit ({status}): {stderr}"
        );
    }
}

/// CPU seconds of one run.
fn time(side: &dyn Side, prg: &Path, cycles: u64) -> f64 {
    let before = children_cpu();
    let out = side
        .command(prg, cycles)
        .output()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", side.name()));
    side.check(out.status, &String::from_utf8_lossy(&out.stderr));
    children_cpu() - before
}

/// Emulated cycles per second (millions) of one round.
fn speed(side: &dyn Side, prg: &Path) -> f64 {
    let short = time(side, prg, SHORT);
    let long = time(side, prg, LONG);
    (LONG - SHORT) as f64 / (long - short).max(0.01) / 1e6
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The loader really starts the test: c64kit runs it to its success address.
fn check_dormann(c64kit: &C64kit, prg: &Path) {
    let out = Command::new(&c64kit.bin)
        .args(["run", "--headless", "--roms"])
        .arg(&c64kit.roms)
        .args([
            "--until",
            &format!("${:04X}", dormann::SUCCESS),
            "--max-cycles",
            "200000000",
        ])
        .arg(prg)
        .output()
        .expect("c64kit runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "Dormann's test did not reach its success address in c64kit: {said}"
    );
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        let i = args.iter().position(|a| a == flag)?;
        args.get(i + 1).cloned()
    };
    let rounds: usize = value("--rounds").map_or(3, |n| n.parse().expect("--rounds N"));
    let roms_dir = value("--roms")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("C64KIT_ROMS").map(PathBuf::from));
    let x64sc = std::env::var_os("X64SC")
        .map(PathBuf::from)
        .or_else(|| find_on_path("x64sc"));
    let c64kit = std::env::var_os("C64KIT").map(PathBuf::from);
    let (Some(roms_dir), Some(x64sc), Some(c64kit)) = (roms_dir, x64sc, c64kit) else {
        eprintln!(
            "needs the genuine ROMs (--roms DIR or C64KIT_ROMS), x64sc (X64SC or on PATH) and \
             C64KIT (tools/bench-vice sets it); see the top of benches/vs_x64sc.rs"
        );
        std::process::exit(2);
    };
    let roms = RomSet::from_dir(&roms_dir).unwrap_or_else(|e| panic!("{e}"));
    let dir = std::env::temp_dir().join(format!("c64kit-vs-x64sc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let sound = args.iter().any(|a| a == "--sound");
    let wav = |side: &str| sound.then(|| dir.join(format!("{side}.wav")));
    let ours = C64kit {
        name: "c64kit",
        bin: c64kit,
        roms: roms_dir.clone(),
        wav: wav("c64kit"),
    };
    let work = workloads(&dir);
    check_dormann(&ours, &work[2].file);
    let mut sides: Vec<Box<dyn Side>> = vec![
        Box::new(ours),
        Box::new(X64sc {
            bin: x64sc,
            roms,
            wav: wav("x64sc"),
        }),
    ];
    if let Some(bin) = value("--baseline") {
        sides.push(Box::new(C64kit {
            name: "baseline",
            bin: PathBuf::from(bin),
            roms: roms_dir,
            wav: wav("baseline"),
        }));
    }
    println!(
        "Emulated M cycles/s by CPU time, ({LONG} - {SHORT}) cycles per measurement, {rounds} alternating rounds, sound {}",
        if sound {
            "on (written to WAV files)"
        } else {
            "off"
        }
    );
    let mut lowest = f64::INFINITY;
    for w in work {
        let mut speeds = vec![Vec::new(); sides.len()];
        for round in 1..=rounds {
            let mut line = format!("  {:18} round {round}:", w.name);
            for (side, s) in sides.iter().zip(&mut speeds) {
                let v = speed(side.as_ref(), &w.file);
                line += &format!("  {} {v:.1}", side.name());
                s.push(v);
            }
            println!("{line}");
        }
        let m: Vec<f64> = speeds.into_iter().map(median).collect();
        let ratio = m[0] / m[1];
        lowest = lowest.min(ratio);
        println!(
            "  {:18} median: c64kit {:.1}, x64sc {:.1} M cycles/s: c64kit {ratio:.1}x x64sc",
            w.name, m[0], m[1]
        );
        if let Some(base) = m.get(2) {
            println!(
                "  {:18} median: baseline {base:.1} M cycles/s: c64kit {:.2}x the baseline",
                w.name,
                m[0] / base
            );
        }
    }
    let target = if sound { 3 } else { 5 };
    println!(
        "c64kit's lowest speed against x64sc: {lowest:.1}x (the target is at least {target}x)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
