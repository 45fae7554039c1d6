//! `c64kit run`: boot a .prg (or assemble and boot a .asm) in a window or headless, on
//! the emulator's stub KERNAL or on the user's own ROMs (`--roms DIR`).
//!
//! Every option is checked before the machine runs (labels, --dump, --keys, the output
//! files), so a mistake costs no run. A write error on stdout or stderr (a full disk, a
//! pipe whose reader is gone) is reported (when stderr still works) and makes the exit
//! code non-zero, never a panic. (A closed stream is reopened on /dev/null by the Rust
//! runtime at start-up, so output to it is discarded like output to /dev/null.)
//!
//! Exit codes (also in docs/emulator.md):
//! 0 returned to BASIC, `--until` reached, waiting for keys (`--until-idle`), or the
//! window was closed; 1 I/O errors (writing the screenshot, trace or standard output);
//! 2 bad command line; 3 cycle limit; 4 JAM or BRK; 5 unimplemented KERNAL/BASIC entry
//! or device; 6 load error (unreadable file, bad .prg, no SYS line, assembly errors,
//! ROMs, disk); 7 `--strict` found ROM reads of written RAM (otherwise successful run);
//! 8 no display for the window; 130 interrupted (Ctrl-C, SIGTERM: the outputs are
//! written as the machine was when it stopped). With `--debugcart`, a write to $D7FF
//! ends the run and the value written is the exit code.
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::sync::Arc;

use c64emu::{
    CiaModel, Content, LoadError, Machine, RomSet, SidModel, Stop, Trace, VicModel, render,
};
use c64harness::{DebugInfo, SourceIndex, TraceNotes};

use crate::interrupt::{self, EXIT_INTERRUPTED};
use crate::output::{OutputError, Outputs, Stream};
use crate::progress::Progress;

mod audio;
mod autoload;
mod binmon;
mod drive;
mod dumps;
mod expansion;
mod names;
mod past;
mod reports;
mod resources;
mod true_drive;
mod tune;

use drive::{Goal, Outcome};
use dumps::{Dump, dump, parse_dump};
use reports::Reports;

pub const EXIT_IO: u8 = 1;
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_CYCLE_LIMIT: u8 = 3;
pub const EXIT_JAM_OR_BRK: u8 = 4;
pub const EXIT_UNIMPLEMENTED: u8 = 5;
pub const EXIT_LOAD_ERROR: u8 = 6;
pub const EXIT_STRICT: u8 = 7;
pub const EXIT_NO_DISPLAY: u8 = 8;

const DEFAULT_HEADLESS_CYCLES: u64 = 100_000_000;
/// Cycles the real KERNAL gets to boot to BASIC's READY prompt (it needs about 2.5 M).
const BOOT_CYCLES: u64 = 20_000_000;
/// Default --trace-limit: 256 MiB, about three million instructions.
const DEFAULT_TRACE_LIMIT: u64 = 256 << 20;
/// Environment variable naming the ROM directory when --roms is not given.
const ROMS_ENV: &str = "C64KIT_ROMS";

#[derive(clap::Args)]
pub struct Args {
    /// Program file, told by its contents: a .prg, .p00 or .t64; a .d64 (put in drive 8,
    /// its first program started); a raw binary with --load; or a .asm source to
    /// assemble (optional with --roms: then the machine boots to BASIC's READY prompt)
    pub file: Option<PathBuf>,
    /// Run without a window
    #[arg(long)]
    pub headless: bool,
    /// Stop after this many emulated cycles, counted from power-on (with --roms the ROM
    /// boot is part of them, as in VICE's -limitcycles) [headless default: 100000000;
    /// window: none]
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub max_cycles: Option<u64>,
    /// Run this many cycles and stop successfully (exit 0), e.g. to screenshot a demo
    /// that never waits for a key
    #[arg(long, value_name = "N", value_parser = parse_count, conflicts_with_all = ["max_cycles", "frames"])]
    pub cycles: Option<u64>,
    /// Run this many frames (19656 cycles each on PAL, 17095 on the 6567R8, 16768 on the
    /// 6567R56A) and stop successfully (exit 0)
    #[arg(long, value_name = "N", value_parser = parse_count, conflicts_with = "max_cycles")]
    pub frames: Option<u64>,
    /// Stop when PC reaches this address or label ($0810, 0x0810, 2064, main_loop)
    #[arg(long, value_name = "ADDR|LABEL")]
    pub until: Option<String>,
    /// Headless: stop (exit 0) once the program waits for a key and every --keys key has
    /// been typed (implied by --print-screen, --screenshot and --dump unless --until or
    /// --max-cycles is given)
    #[arg(long, requires = "headless")]
    pub until_idle: bool,
    /// Read labels from a VICE label file (`al C:0810 .name` or 64tass's `al 810 .name`)
    #[arg(long, value_name = "FILE")]
    pub labels: Option<PathBuf>,
    /// Keys to type through the keyboard matrix as the program asks: text, \n or
    /// {RETURN}, {DOWN} {UP} {LEFT} {RIGHT} {HOME} {CLR} {DEL} {INST} {STOP} {F1}..{F8},
    /// {$xx} for a PETSCII code, {JOY2:UP+FIRE} / {JOY1:LEFT} / {JOY2:RELEASE} for the
    /// joysticks, {WAIT n} for n frames, {RESTORE}; a literal brace is {LBRACE}
    #[arg(long, value_name = "TEXT")]
    pub keys: Option<String>,
    /// Print the 40x25 screen as text when the run ends
    #[arg(long)]
    pub print_screen: bool,
    /// Write the screen (with border) as a PNG when the run ends
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Hex-dump memory as the CPU sees it (ROM, I/O, colour RAM) when the run ends,
    /// repeatable: --dump $d800:40, --dump table:16; ram:ADDR:LEN dumps the RAM underneath
    #[arg(long, value_name = "[ram:]ADDR:LEN")]
    pub dump: Vec<String>,
    /// Headless: write one line per instruction (PC, bytes, disassembly, registers, cycles)
    /// to FILE, or to standard output with -
    #[arg(long, value_name = "FILE|-", requires = "headless")]
    pub trace: Option<PathBuf>,
    /// Stop writing the trace at this many bytes [default: 268435456]
    #[arg(long, value_name = "BYTES", value_parser = parse_count, requires = "trace")]
    pub trace_limit: Option<u64>,
    /// Headless: write LCOV coverage of the program's source lines (DA), routines
    /// (FN/FNDA) and branches (BRDA) to FILE, for genhtml (a .prg needs --source-map)
    #[arg(long, value_name = "FILE.lcov", requires = "headless")]
    pub coverage: Option<PathBuf>,
    /// Headless: write the cycles per routine along the JSR/RTS call stack as folded
    /// stacks to FILE, or print a table (routine, calls, self, total, % of run) with -
    #[arg(long, value_name = "FILE|-", requires = "headless")]
    pub profile: Option<PathBuf>,
    /// Headless: write the profile as an SVG flamegraph
    #[arg(long, value_name = "FILE.svg", requires = "headless")]
    pub flamegraph: Option<PathBuf>,
    /// The source map `build --source-map` wrote for a .prg: source places in --trace,
    /// and --coverage
    #[arg(long, value_name = "FILE")]
    pub source_map: Option<PathBuf>,
    /// Report reads of ROM at addresses the program wrote (the write went to RAM underneath)
    #[arg(long)]
    pub strict: bool,
    /// Plug in VICE's debug cartridge: a write to $D7FF ends the run, and the value
    /// written is the exit code (test programs write $00 for pass, $FF for fail)
    #[arg(long)]
    pub debugcart: bool,
    /// The CIAs' revision: 6526a (the C64C's, as VICE's C64C model) or 6526 (older C64s:
    /// interrupts one cycle later) [default: 6526a]
    #[arg(long, value_name = "MODEL", value_parser = parse_cia)]
    pub cia: Option<CiaModel>,
    /// The VIC-II, which makes the machine PAL or NTSC: 6569 (the C64's, PAL), 8565 (the
    /// C64C's, PAL: colour changes reach the picture a pixel earlier, with a grey dot),
    /// 6567r8 (the C64's, NTSC: 65 cycles a line, 263 lines, 1022727 Hz, 60 Hz TOD), 8562
    /// (the C64C's, NTSC), 6567r56a (the first NTSC C64s: 64 cycles, 262 lines) or 6572
    /// (PAL-N: 65 cycles, 312 lines) [default: 6569]
    #[arg(long, value_name = "MODEL", value_parser = parse_vic)]
    pub vic: Option<VicModel>,
    /// What a JAM opcode does: stop (end the run, exit 4) or continue (the CPU stays
    /// jammed and the machine runs on to the cycle limit, as VICE's -jamaction 1, which
    /// its test programs expect) [default: stop]
    #[arg(long, value_name = "ACTION", value_parser = ["stop", "continue"])]
    pub jam: Option<String>,
    /// The SID: 6581 (the C64's) or 8580 (the C64C's: linear filter, volume writes
    /// nearly silent) [default: 6581]
    #[arg(long, value_name = "MODEL", value_parser = parse_sid)]
    pub sid: Option<SidModel>,
    /// Headless: write the SID's output from the program's start to the run's end as a
    /// WAV file (16-bit mono)
    #[arg(long, value_name = "FILE.wav", requires = "headless")]
    pub audio: Option<PathBuf>,
    /// The WAV file's sample rate: 44100 or 48000
    #[arg(long, value_name = "HZ", default_value_t = 44_100, value_parser = parse_rate, requires = "audio")]
    pub audio_rate: u32,
    /// In the window: no sound (without it the SID plays on the default audio device; a
    /// machine without one runs silent with a warning)
    #[arg(long)]
    pub mute: bool,
    /// A .sid file's subtune to play (1 to its number of songs) [default: the file's
    /// start song]
    #[arg(long, value_name = "N", requires = "file")]
    pub subtune: Option<u16>,
    /// Load the file as raw bytes at this address (no 2-byte header)
    #[arg(long, value_name = "ADDR")]
    pub load: Option<String>,
    /// Start here instead of the SYS line (default for programs without one: the load address)
    #[arg(long, value_name = "ADDR|LABEL")]
    pub start: Option<String>,
    /// Run on your own C64 ROMs from this directory (kernal, basic, chargen; VICE's
    /// file names or kernal.bin etc.) [default: $C64KIT_ROMS if set, else the built-in
    /// stub KERNAL]
    #[arg(long, value_name = "DIR")]
    pub roms: Option<PathBuf>,
    /// Put a disk in drive 8: a host directory or a .d64 image (LOAD, SAVE, OPEN...),
    /// or, in a true 1541 (--drive 1541), a .g64 (GCR tracks) or .p64 (flux pulses).
    /// What the drive writes stays in memory: the file is never changed
    #[arg(long, value_name = "DIR|FILE.d64|.g64|.p64")]
    pub disk: Option<PathBuf>,
    /// Drive 8: `virtual` (the KERNAL's serial routines trapped, any KERNAL's
    /// files) or `1541` (a true 1541: its own 6502, VIAs, DOS ROM and GCR disk, over
    /// the real serial bus; needs --roms and a DOS ROM, from --drive-rom or the ROM
    /// directory) [default: 1541 with --drive-rom, else virtual]
    #[arg(long, value_name = "virtual|1541")]
    pub drive: Option<String>,
    /// The 1541's 16 KiB DOS ROM (e.g. VICE's dos1541-325302-01+901229-05.bin); implies
    /// --drive 1541
    #[arg(long, value_name = "FILE")]
    pub drive_rom: Option<PathBuf>,
    /// Plug in a cartridge (a .crt file); without a program the machine starts with it
    #[arg(long, value_name = "FILE.crt")]
    pub cart: Option<PathBuf>,
    /// Plug in a RAM Expansion Unit of this size: 128k (1700), 256k (1764), 512k (1750),
    /// 1m, 2m, 4m, 8m, 16m
    #[arg(long, value_name = "SIZE")]
    pub reu: Option<String>,
    /// Plug in a GeoRAM of this size: 512k, 1m, 2m, 4m
    #[arg(long, value_name = "SIZE")]
    pub georam: Option<String>,
    /// Plug in a Double Quick Brown Box of this size (RAM in place of a cartridge's ROM
    /// at $8000-$BFFF, register at $DE00): 16k, 32k, 64k, 128k, 256k
    #[arg(long, value_name = "SIZE")]
    pub dqbb: Option<String>,
    /// Plug in a RamCart of this size (a 256-byte window at $DF00, page at $DE00, bank
    /// at $DE01): 64k, 128k
    #[arg(long, value_name = "SIZE")]
    pub ramcart: Option<String>,
    /// Plug in an Isepic with its switch on (2 KiB of RAM in a 256-byte window at
    /// $DF00, the page picked by an access to $DE00-$DE07)
    #[arg(long)]
    pub isepic: bool,
    /// Fit a +60K (a second 60 KiB bank for $1000-$FFFF, latch at $D100; the VIC sees
    /// the C64's own RAM)
    #[arg(long, conflicts_with = "plus256k")]
    pub plus60k: bool,
    /// Fit a +256K (four 64 KiB banks of RAM, latch at $D100 picking one for
    /// $0000-$0FFF, one for $1000-$FFFF and the VIC's)
    #[arg(long)]
    pub plus256k: bool,
    /// Use this 4 KiB character ROM image instead of the built-in character set
    #[arg(long, value_name = "FILE")]
    pub chargen: Option<PathBuf>,
    /// Window (or --binary-monitor): run as fast as possible instead of PAL speed
    #[arg(long)]
    pub warp: bool,
    /// Serve VICE's binary monitor protocol (API 2) so VICE front ends (VS64, IceBroLite,
    /// C64 Studio) can debug the program, on PORT of 127.0.0.1, or on ADDR (then anyone
    /// who can reach it controls the emulator and can make it read files) [default:
    /// 6502]; the machine runs at PAL speed until the client quits. Without --headless
    /// the window shows it (and closing the window ends the run), when there is a display
    #[arg(
        long,
        value_name = "[ADDR:]PORT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "6502",
        conflicts_with_all = ["until", "until_idle", "cycles", "frames", "max_cycles", "trace", "coverage", "profile", "flamegraph", "audio"]
    )]
    pub binary_monitor: Option<String>,
    /// Window: scale factor 1, 2, 3, 4 or 8
    #[arg(long, default_value_t = 2, value_parser = parse_scale)]
    pub scale: u8,
    /// How a .asm is assembled: the same flags as `c64kit build` (64tass's)
    #[command(flatten, next_help_heading = "Assembling a .asm (as c64kit build)")]
    pub asm: crate::build::AsmFlags,
}

fn parse_cia(s: &str) -> Result<CiaModel, String> {
    match s.to_ascii_lowercase().as_str() {
        "6526" => Ok(CiaModel::Mos6526),
        "6526a" => Ok(CiaModel::Mos6526A),
        _ => Err(format!("{s}: expected 6526 or 6526a")),
    }
}

fn parse_vic(s: &str) -> Result<VicModel, String> {
    VicModel::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = VicModel::NAMES.iter().map(|(n, _)| *n).collect();
        format!("{s}: expected one of {}", names.join(", "))
    })
}

fn parse_sid(s: &str) -> Result<SidModel, String> {
    match s {
        "6581" => Ok(SidModel::Mos6581),
        "8580" => Ok(SidModel::Mos8580),
        _ => Err(format!("{s}: expected 6581 or 8580")),
    }
}

fn parse_rate(s: &str) -> Result<u32, String> {
    match s {
        "44100" => Ok(44_100),
        "48000" => Ok(48_000),
        _ => Err(format!("{s}: the sample rate is 44100 or 48000")),
    }
}

fn parse_scale(s: &str) -> Result<u8, String> {
    match s {
        "1" | "2" | "3" | "4" | "8" => Ok(s.parse().unwrap_or(2)),
        _ => Err("the scale is 1, 2, 3, 4 or 8".into()),
    }
}

fn parse_count(s: &str) -> Result<u64, String> {
    let digits: String = s.chars().filter(|&c| c != '_').collect();
    digits.parse().map_err(|_| format!("not a number: {s}"))
}

/// A failure with its exit code and one-line message.
struct Fail(u8, String);

fn fail(code: u8, msg: impl Into<String>) -> Fail {
    Fail(code, msg.into())
}

/// Standard output and error that never panic: a failed write is remembered and turns
/// into a non-zero exit code.
#[derive(Default)]
struct Console {
    stdout_error: Option<std::io::Error>,
    stderr_failed: bool,
}

impl Console {
    fn err(&mut self, line: &str) {
        if writeln!(std::io::stderr().lock(), "{line}").is_err() {
            self.stderr_failed = true;
        }
    }

    fn out(&mut self, text: &str) {
        if text.is_empty() || self.stdout_error.is_some() {
            return;
        }
        let mut o = std::io::stdout().lock();
        if let Err(e) = o.write_all(text.as_bytes()).and_then(|()| o.flush()) {
            self.stdout_error = Some(e);
        }
    }
}

pub fn main(args: Args, matches: &clap::ArgMatches) -> ExitCode {
    let mut con = Console::default();
    let asm = args
        .asm
        .options(matches)
        .map_err(|msg| fail(EXIT_USAGE, msg));
    let mut code = match asm.and_then(|asm| run(&args, &asm, &mut con)) {
        Ok(code) => code,
        Err(Fail(code, msg)) => {
            con.err(&format!("c64kit run: {msg}"));
            code
        }
    };
    // An I/O error is exit 1 whatever else happened: what was asked for is not all there.
    if let Some(e) = con.stdout_error.take() {
        con.err(&format!("c64kit run: cannot write to standard output: {e}"));
        code = EXIT_IO;
    }
    if con.stderr_failed {
        code = EXIT_IO;
    }
    ExitCode::from(code)
}

/// The program to run, read (or assembled) before anything runs.
struct Program {
    /// Load address and bytes.
    addr: u16,
    bytes: Vec<u8>,
    /// The bytes are a .prg's (LOAD"",8,1 semantics) rather than raw.
    prg: bool,
    /// The files an assembled program was made of (no output may overwrite them).
    sources: Vec<PathBuf>,
    /// Where it starts when not at its SYS line or load address (a .sid's driver).
    entry: Option<u16>,
    /// The name of the program on the disk image it came from (that disk is in drive 8).
    disk_name: Option<String>,
}

fn run(args: &Args, asm: &c64asm::Options, con: &mut Console) -> Result<u8, Fail> {
    let roms = roms_dir(args);
    // A binary monitor's client may load the program itself (autostart).
    if args.file.is_none() && roms.is_none() && args.cart.is_none() && args.binary_monitor.is_none()
    {
        return Err(fail(
            EXIT_USAGE,
            "a program file is needed (or --cart FILE.crt, or --roms DIR, or $C64KIT_ROMS, to boot BASIC without one, or --binary-monitor)",
        ));
    }
    // A cartridge alone starts through the KERNAL's reset routine (the stub's too: the
    // cartridge finds the port as the 6510 leaves reset).
    let cart_starts = args.cart.is_some() && args.file.is_none();
    let (mut m, rom_files) = new_machine(args, roms.as_deref(), cart_starts)?;
    expansion::plug(&mut m, args)?;
    let drive_rom = true_drive::rom(args, roms.as_deref())?;
    true_drive::attach(&mut m, args, drive_rom.as_ref())?;
    let mut file_labels = Vec::new();
    if let Some(path) = &args.labels {
        let text = fs::read_to_string(path).map_err(|e| {
            fail(
                EXIT_LOAD_ERROR,
                format!("cannot read {}: {e}", path.display()),
            )
        })?;
        let labels = c64harness::read_labels(&text)
            .map_err(|e| fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display())))?;
        m.set_symbols(labels.iter().cloned());
        file_labels = labels;
    }
    let source_map = match &args.source_map {
        Some(path) => {
            let text = fs::read_to_string(path).map_err(|e| {
                fail(
                    EXIT_LOAD_ERROR,
                    format!("cannot read {}: {e}", path.display()),
                )
            })?;
            let index = SourceIndex::parse(&text, path.parent())
                .map_err(|e| fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display())))?;
            Some(index)
        }
        None => None,
    };
    let (program, build) = match &args.file {
        Some(path) => {
            let (p, b) = read_program(&mut m, args, asm, &file_labels, path, con)?;
            (Some(p), b)
        }
        None => (None, None),
    };
    if (args.coverage.is_some()) && build.is_none() && source_map.is_none() {
        return Err(fail(
            EXIT_USAGE,
            "--coverage needs the program's source map: run the .asm, or give --source-map FILE (written by build --source-map)",
        ));
    }
    // Check everything that can be checked before running.
    let labels = match &build {
        Some(info) => info.labels.as_slice(),
        None => file_labels.as_slice(),
    };
    let until = match &args.until {
        Some(t) => Some(resolve(labels, t, "--until")?),
        None => None,
    };
    let start = match &args.start {
        Some(t) => Some(resolve(labels, t, "--start")?),
        None => None,
    };
    let dumps: Vec<Dump> = args
        .dump
        .iter()
        .map(|spec| parse_dump(labels, spec))
        .collect::<Result<_, _>>()?;
    if let Some(keys) = &args.keys {
        Machine::check_key_text(keys).map_err(|e| fail(EXIT_USAGE, format!("--keys: {e}")))?;
    }
    let monitor = match &args.binary_monitor {
        Some(spec) => Some(listen(spec, con)?),
        None => None,
    };
    let entry = match &program {
        Some(p) => Some(entry_point(&m, p, start.or(p.entry), args)?),
        None => None,
    };
    // The files the run writes: opened now (a bad path costs no run), changed only
    // when the run is over and every one of them is complete. None may be a file the
    // run reads.
    let mut outputs = Outputs::new();
    for (path, what) in [
        (&args.file, "the program"),
        (&args.labels, "the label file"),
        (&args.source_map, "the source map"),
        (&args.chargen, "the character ROM"),
        (&args.disk, "the disk image"),
        (&args.cart, "the cartridge"),
    ] {
        if let Some(path) = path {
            outputs.input(path, what);
        }
    }
    for path in &rom_files {
        outputs.input(path, "a ROM image the run reads");
    }
    for path in program.iter().flat_map(|p| &p.sources) {
        outputs.input(path, "a file the program reads");
    }
    let trace_file = match &args.trace {
        Some(path) => Some(outputs.stream(path, "--trace").map_err(output_fail)?),
        None => None,
    };
    let shot_file = match &args.screenshot {
        Some(path) => Some(outputs.stream(path, "--screenshot").map_err(output_fail)?),
        None => None,
    };
    let audio_file = match &args.audio {
        Some(path) => Some(outputs.stream(path, "--audio").map_err(output_fail)?),
        None => None,
    };
    let mut reports = Reports::open(args, &mut outputs)?;
    // From here a Ctrl-C ends the run where it is, and its outputs are written.
    let _deferred = interrupt::defer();

    // Start the machine.
    set_models(&mut m, args);
    // Nobody sees the picture of a headless run without a screenshot.
    m.set_drawing(!args.headless || args.screenshot.is_some());
    // With the user's ROMs and a true 1541 a .prg is loaded as VICE's autostart loads
    // it: from the disk in drive 8, by the KERNAL (the name it is loaded by). A disk
    // that cannot take the program (a track image) stays as given: the program is
    // loaded into memory instead.
    let drive_load = match &program {
        Some(p) if p.prg && m.real_roms() && m.true_drive_mut().is_some() => match &p.disk_name {
            Some(name) => Some(autoload::typed_name(name)),
            None => {
                let path = args.file.as_deref().unwrap_or(Path::new("program"));
                let name = autoload::disk_name(path);
                let mut prg = p.addr.to_le_bytes().to_vec();
                prg.extend(&p.bytes);
                autoload::put_on_disk(&mut m, args, &name, &prg)?.then_some(name)
            }
        },
        _ => None,
    };
    // A cartridge without a program runs from power-on: it may never reach READY.
    if m.real_roms() && !(args.cart.is_some() && program.is_none()) {
        boot(&mut m)?;
    }
    // The program may run from here (a loader starts itself during a LOAD); --strict
    // waits for the program (the KERNAL's LOAD is not the program's).
    m.set_debugcart(args.debugcart);
    m.set_jam_stops(args.jam.as_deref() != Some("continue"));
    // The run's end, when it came during the LOAD.
    let mut ended_loading = None;
    if let (Some(p), Some(entry)) = (&program, entry) {
        let loaded = match &drive_load {
            Some(name) => autoload::load(&mut m, args, name)?,
            None => {
                load(&mut m, p, args)?;
                autoload::Loaded::Ready
            }
        };
        if let autoload::Loaded::Ended(stop) = loaded {
            // Nothing more is typed: the run is over.
            ended_loading = Some(stop);
        } else if let autoload::Loaded::Started = loaded {
            // The program runs already.
        } else if drive_load.is_some() {
            // As VICE's autostart: straight into the empty key buffer (10 fit).
            let command = match entry {
                Entry::Run => "RUN\r".to_string(),
                Entry::Sys(a) => format!("SYS{a}\r"),
            };
            let end = m.cycles() + m.cycles_per_frame();
            if let Err(stop) = autoload::feed(&mut m, command.as_bytes(), end) {
                ended_loading = Some(stop);
            }
        } else if m.real_roms() {
            let command = match entry {
                Entry::Run => "RUN\n".to_string(),
                Entry::Sys(a) => format!("SYS {a}\n"),
            };
            m.type_keys(&command);
        } else if let Entry::Sys(a) = entry {
            m.start_at(a);
        }
    }
    if let Some(keys) = &args.keys {
        m.try_type_keys(keys)
            .map_err(|e| fail(EXIT_USAGE, format!("--keys: {e}")))?;
    }
    set_checks(&mut m, args);
    // What the tools know about the program: the assembly's, or the files given.
    let info = match (build, &program) {
        (Some(info), _) => Some(info),
        (None, Some(_)) if source_map.is_some() || args.labels.is_some() => {
            let name = args.file.as_deref().unwrap_or(Path::new("program"));
            let memory = (0..=0xFFFFu16).map(|a| m.peek(a)).collect();
            Some(Arc::new(DebugInfo::new(
                &name.display().to_string(),
                source_map.unwrap_or_else(SourceIndex::empty),
                file_labels,
                memory,
            )))
        }
        _ => None,
    };

    // Cycles are counted from here: the ROMs' boot is not the program's.
    let program_start = m.cycles();
    if audio_file.is_some() {
        m.enable_audio(args.audio_rate);
    }
    let ending = if let Some(listener) = monitor {
        let fresh = || -> Result<Machine, String> {
            let (mut m, _) =
                new_machine(args, roms.as_deref(), true).map_err(|Fail(_, msg)| msg)?;
            expansion::plug(&mut m, args).map_err(|Fail(_, msg)| msg)?;
            true_drive::attach(&mut m, args, drive_rom.as_ref()).map_err(|Fail(_, msg)| msg)?;
            set_models(&mut m, args);
            set_checks(&mut m, args);
            m.set_drawing(true);
            // Just reset: the KERNAL (the user's or the stub's) starts when the client
            // resumes.
            Ok(m)
        };
        m.set_drawing(true);
        // Without --headless the machine is shown while it is debugged, when there is a
        // display; without one the monitor serves all the same.
        let mut viewer = if args.headless {
            None
        } else {
            match c64window::Viewer::open(&window_title(args), args.scale, &m) {
                Ok(v) => Some(v),
                Err(e) => {
                    con.err(&format!(
                        "c64kit run: no display ({e}): the binary monitor serves without a window"
                    ));
                    None
                }
            }
        };
        let mut show =
            |m: &mut Machine, running: bool| viewer.as_mut().is_none_or(|v| v.show(m, running));
        let view: Option<binmon::View<'_>> = if args.headless { None } else { Some(&mut show) };
        let ended = binmon::serve(
            &mut m,
            listener,
            &fresh,
            args.warp,
            &interrupt::interrupted,
            view,
        )
        .map_err(|e| fail(EXIT_IO, format!("binary monitor: {e}")))?;
        match ended {
            binmon::Ended::Quit | binmon::Ended::Closed => Ending::Closed,
            binmon::Ended::Interrupted => Ending::Interrupted,
            binmon::Ended::Stop(s) => Ending::Stop(s),
        }
    } else if args.headless {
        let trace = trace_file.map(|f| {
            let t = Trace::with_limit(f, args.trace_limit.unwrap_or(DEFAULT_TRACE_LIMIT));
            match &info {
                Some(i) => t.with_notes(Arc::new(TraceNotes(i.clone()))),
                None => t,
            }
        });
        m.set_trace(trace.clone());
        reports.start(&mut m, info.as_ref());
        let run_for = run_for(args, m.cycles_per_frame());
        // --max-cycles counts from power-on, the ROM boot included (as VICE's
        // -limitcycles), so the limit and the cycles the stop message gives agree;
        // --cycles and --frames are how long the program itself runs.
        let budget = match args.max_cycles {
            Some(n) => n.saturating_sub(m.cycles()),
            None => run_for.unwrap_or(DEFAULT_HEADLESS_CYCLES),
        };
        let idle = args.until_idle
            || (args.until.is_none()
                && args.max_cycles.is_none()
                && run_for.is_none()
                && (args.print_screen || args.screenshot.is_some() || !args.dump.is_empty()));
        let goal = match until {
            Some(addr) => Goal::Until(addr),
            None if idle => Goal::Idle,
            None => Goal::Budget,
        };
        let outcome = match ended_loading.take() {
            Some(stop) => Outcome::Stopped(stop),
            None => drive::drive(&mut m, goal, budget, &mut Progress::new()),
        };
        m.set_trace(None);
        if let Some(t) = &trace {
            check_trace(t, args, con)?;
        }
        reports.finish(&mut m, info.as_ref(), con)?;
        match outcome {
            Outcome::Stopped(s) => Ending::Stop(s),
            Outcome::Idle => Ending::Idle,
            Outcome::Budget if run_for.is_some() => Ending::Done,
            Outcome::Budget => Ending::Stop(Stop::CycleLimit),
            Outcome::Interrupted => Ending::Interrupted,
        }
    } else {
        let opts = c64window::Options {
            title: window_title(args),
            scale: args.scale,
            warp: args.warp,
            // From power-on, as headless.
            max_cycles: match args.max_cycles {
                Some(n) => Some(n.saturating_sub(m.cycles())),
                None => run_for(args, m.cycles_per_frame()),
            },
            until,
            interrupt: Some(interrupt::flag()),
            sound: !args.mute,
        };
        let stop = c64window::run(&mut m, &opts).map_err(|e| {
            fail(
                EXIT_NO_DISPLAY,
                format!(
                    "no display available ({e}); run without a window: --headless --until-idle --print-screen (or --screenshot FILE.png)"
                ),
            )
        })?;
        match stop {
            _ if interrupt::interrupted() => Ending::Interrupted,
            Some(Stop::CycleLimit) if run_for(args, m.cycles_per_frame()).is_some() => Ending::Done,
            Some(s) => Ending::Stop(s),
            None => Ending::Closed,
        }
    };
    // A binary monitor's client may have reset the machine or loaded a snapshot: its
    // clock may be behind where the program started.
    let cycles = m.cycles().saturating_sub(program_start);
    if let Some(mut file) = audio_file {
        // A write error is kept by the stream and fails the commit: no partial file.
        let _ = audio::write_wav(&mut file, args.audio_rate, &m.take_audio());
        let _ = file.finish();
    }
    let code = report(&m, args, &ending, cycles, &dumps, shot_file, con)?;
    outputs.commit().map_err(output_fail)?;
    Ok(code)
}

/// The chips' revisions the command line asks for.
fn set_models(m: &mut Machine, args: &Args) {
    if let Some(model) = args.cia {
        m.set_cia_model(model);
    }
    if let Some(model) = args.vic {
        m.set_vic_model(model);
    }
    if let Some(model) = args.sid {
        m.set_sid_model(model);
    }
}

/// --strict, --debugcart and --jam.
fn set_checks(m: &mut Machine, args: &Args) {
    m.set_strict(args.strict);
    m.set_debugcart(args.debugcart);
    m.set_jam_stops(args.jam.as_deref() != Some("continue"));
}

/// The binary monitor's socket, bound before the machine runs (a port in use costs no
/// run); where it listens is said on standard error, with a warning off loopback.
fn listen(spec: &str, con: &mut Console) -> Result<std::net::TcpListener, Fail> {
    let addr =
        binmon::parse_addr(spec).map_err(|e| fail(EXIT_USAGE, format!("--binary-monitor: {e}")))?;
    let listener = std::net::TcpListener::bind(addr).map_err(|e| {
        fail(
            EXIT_IO,
            format!("--binary-monitor: cannot listen on {addr}: {e}"),
        )
    })?;
    let local = listener.local_addr().unwrap_or(addr);
    con.err(&format!("c64kit run: binary monitor listening on {local}"));
    if !local.ip().is_loopback() {
        con.err(&format!(
            "c64kit run: warning: {} is not a loopback address: anyone who can reach it can control the emulator and make it read files",
            local.ip()
        ));
    }
    Ok(listener)
}

/// The window's title: the program's file name.
fn window_title(args: &Args) -> String {
    match &args.file {
        Some(f) => format!("c64kit - {}", f.display()),
        None => "c64kit - BASIC".to_string(),
    }
}

/// `--cycles N` or `--frames N` in cycles: a run of that length is a success.
fn run_for(args: &Args, frame: u64) -> Option<u64> {
    args.cycles.or(args.frames.map(|f| f.saturating_mul(frame)))
}

/// How a run ended, for its message and exit code.
enum Ending {
    /// The program stopped, or the cycle limit (`--max-cycles`) came.
    Stop(Stop),
    /// It waits for a key and every `--keys` key was typed (`--until-idle`).
    Idle,
    /// `--cycles` or `--frames` ran out: the run is complete.
    Done,
    /// The window was closed with the program still running (or the binary monitor's
    /// client quit).
    Closed,
    /// Ctrl-C or another signal ended the run.
    Interrupted,
}

fn output_fail(e: OutputError) -> Fail {
    let what = match e.partial() {
        true => " (other outputs were already written)",
        false => "",
    };
    fail(EXIT_IO, format!("{e}{what}"))
}

fn roms_dir(args: &Args) -> Option<PathBuf> {
    args.roms.clone().or_else(|| {
        std::env::var_os(ROMS_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

/// The machine, and the ROM files it was made from (inputs no output may overwrite).
/// `just_reset`: the stub KERNAL's machine before its cold start (the user's ROMs'
/// always is).
fn new_machine(
    args: &Args,
    roms: Option<&Path>,
    just_reset: bool,
) -> Result<(Machine, Vec<PathBuf>), Fail> {
    let chargen = match &args.chargen {
        Some(path) => {
            let bytes = read(path)?;
            let rom: [u8; 4096] = bytes.as_slice().try_into().map_err(|_| {
                fail(
                    EXIT_LOAD_ERROR,
                    format!(
                        "{}: a character ROM is 4096 bytes, this is {}",
                        path.display(),
                        bytes.len()
                    ),
                )
            })?;
            Some(rom)
        }
        None => None,
    };
    match roms {
        Some(dir) => {
            let mut set =
                RomSet::from_dir(dir).map_err(|e| fail(EXIT_LOAD_ERROR, e.to_string()))?;
            if let Some(c) = chargen {
                set.chargen = c;
            }
            let (kernal, basic, chargen) = set.files.clone();
            let files = [Some(kernal), Some(basic), chargen].into_iter().flatten();
            Ok((Machine::with_roms(&set), files.collect()))
        }
        None if just_reset => Ok((Machine::stub_just_reset(chargen.as_ref()), Vec::new())),
        None => Ok((
            match chargen {
                Some(c) => Machine::with_chargen(&c),
                None => Machine::new(),
            },
            Vec::new(),
        )),
    }
}

/// Let the real KERNAL boot until BASIC waits at its READY prompt.
fn boot(m: &mut Machine) -> Result<(), Fail> {
    m.run_until_idle(BOOT_CYCLES).map(|_| ()).map_err(|stop| {
        fail(
            exit_code(&stop).max(EXIT_CYCLE_LIMIT),
            format!(
                "the ROMs did not reach BASIC's READY prompt within {BOOT_CYCLES} cycles ({})",
                m.describe_stop(&stop)
            ),
        )
    })
}

fn read(path: &Path) -> Result<Vec<u8>, Fail> {
    fs::read(path).map_err(|e| {
        fail(
            EXIT_LOAD_ERROR,
            format!("cannot read {}: {e}", path.display()),
        )
    })
}

fn resolve(labels: &[(String, u16)], target: &str, flag: &str) -> Result<u16, Fail> {
    names::resolve(labels, target).map_err(|e| fail(EXIT_USAGE, format!("{flag}: {e}")))
}

fn load_error(path: &Path, e: LoadError) -> Fail {
    fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display()))
}

/// Read or assemble the program; labels from a .asm become the machine's symbols.
fn read_program(
    m: &mut Machine,
    args: &Args,
    asm: &c64asm::Options,
    file_labels: &[(String, u16)],
    path: &Path,
    con: &mut Console,
) -> Result<(Program, Option<Arc<DebugInfo>>), Fail> {
    let mut info = None;
    let is_asm = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm") || e.eq_ignore_ascii_case("s"));
    let mut sources = Vec::new();
    let mut entry = None;
    let mut disk_name = None;
    let (addr, bytes, prg) = if is_asm {
        let program = c64asm::assemble_with(path, asm).map_err(|d| {
            con.err(d.to_string().trim_end());
            fail(
                EXIT_LOAD_ERROR,
                format!("{}: assembly failed", path.display()),
            )
        })?;
        if !program.warnings.is_empty() {
            con.err(program.warnings.to_string().trim_end());
        }
        let debug = DebugInfo::from_program(&path.display().to_string(), &program);
        m.set_symbols(debug.labels.iter().cloned());
        sources = program.files().to_vec();
        info = Some(Arc::new(debug));
        let Ok(start) = u16::try_from(program.load_address) else {
            return Err(fail(
                EXIT_LOAD_ERROR,
                format!(
                    "{}: the program starts at ${:X}, beyond the C64's 64 KiB",
                    path.display(),
                    program.load_address
                ),
            ));
        };
        (start, program.image.clone(), true)
    } else {
        let bytes = read(path)?;
        if args.load.is_some() {
            (0, bytes, false)
        } else if tune::is_tune(&bytes) {
            let (addr, block, start) = tune::prepare(m, args, path, &bytes)?;
            entry = Some(start);
            (addr, block, false)
        } else {
            let (prg, name) = unwrap_program(m, args, path, &bytes)?;
            disk_name = name;
            match prg.as_slice() {
                [lo, hi, rest @ ..] => (u16::from_le_bytes([*lo, *hi]), rest.to_vec(), true),
                _ => return Err(load_error(path, LoadError::TooShort { len: prg.len() })),
            }
        }
    };
    let addr = match &args.load {
        Some(a) => {
            let labels = info.as_ref().map_or(file_labels, |i| i.labels.as_slice());
            resolve(labels, a, "--load")?
        }
        None => addr,
    };
    if usize::from(addr) + bytes.len() > 0x1_0000 {
        return Err(load_error(
            path,
            LoadError::PastEnd {
                start: addr,
                len: bytes.len(),
            },
        ));
    }
    Ok((
        Program {
            addr,
            bytes,
            prg: prg && args.load.is_none(),
            sources,
            entry,
            disk_name,
        },
        info,
    ))
}

/// The .prg in a file, told by its contents: a .prg as it is, a .p00 or .t64
/// unwrapped, a .d64 put in drive 8 and its first program loaded (as VICE's autostart
/// of a disk does; with its name on that disk); .sid and .crt are refused with what
/// they are.
fn unwrap_program(
    m: &mut Machine,
    args: &Args,
    path: &Path,
    bytes: &[u8],
) -> Result<(Vec<u8>, Option<String>), Fail> {
    match c64emu::identify(bytes).map_err(|e| load_error(path, e))? {
        Content::Program { prg, .. } => Ok((prg, None)),
        Content::Disk => {
            if let Some(other) = &args.disk {
                return Err(fail(
                    EXIT_USAGE,
                    format!(
                        "{} is a disk image, and --disk puts {} in drive 8 too: give one disk",
                        path.display(),
                        other.display()
                    ),
                ));
            }
            true_drive::insert(m, path, bytes)?;
            let (name, prg) = c64emu::first_disk_program(bytes).map_err(|e| load_error(path, e))?;
            Ok((prg, Some(name)))
        }
    }
}

/// How the program starts: RUN (a BASIC program with the real ROMs) or SYS addr.
#[derive(Clone, Copy)]
enum Entry {
    Run,
    Sys(u16),
}

/// As VICE's autostart: a program that holds BASIC's start $0801 (loaded at $0801, or
/// at $0800 with its line at $0801) is RUN with real BASIC, and with the stub KERNAL
/// started at its SYS line; one loaded elsewhere is started at its load address.
fn entry_point(m: &Machine, p: &Program, start: Option<u16>, args: &Args) -> Result<Entry, Fail> {
    if let Some(s) = start {
        return Ok(Entry::Sys(s));
    }
    if !c64emu::holds_basic_start(p.addr, p.bytes.len()) {
        return Ok(Entry::Sys(p.addr));
    }
    if m.real_roms() {
        return Ok(Entry::Run);
    }
    let mut ram = vec![0u8; 0x10000];
    let at = usize::from(p.addr);
    ram[at..at + p.bytes.len()].copy_from_slice(&p.bytes);
    let path = args.file.as_deref().unwrap_or(Path::new("program"));
    match c64emu::find_sys(&ram) {
        Some(sys) => Ok(Entry::Sys(sys)),
        None if c64emu::basic_without_sys(&ram) => Err(load_error(path, LoadError::NeedsBasic)),
        None => Err(load_error(path, LoadError::NoSysLine)),
    }
}

/// Put the program into RAM (as LOAD"",8,1 would, or raw with --load).
fn load(m: &mut Machine, p: &Program, args: &Args) -> Result<(), Fail> {
    let path = args.file.as_deref().unwrap_or(Path::new("program"));
    if p.prg {
        let mut prg = p.addr.to_le_bytes().to_vec();
        prg.extend(&p.bytes);
        m.load_prg(&prg).map_err(|e| load_error(path, e))?;
    } else {
        m.load_raw(p.addr, &p.bytes)
            .map_err(|e| load_error(path, e))?;
    }
    Ok(())
}

fn check_trace(t: &Trace, args: &Args, con: &mut Console) -> Result<(), Fail> {
    let path = args.trace.as_deref().unwrap_or(Path::new("trace"));
    t.flush();
    if let Some(e) = t.error() {
        return Err(fail(
            EXIT_IO,
            format!("cannot write the trace {}: {e}", path.display()),
        ));
    }
    if t.limited() {
        con.err(&format!(
            "trace: stopped writing {} after {} bytes (--trace-limit); the run went on",
            path.display(),
            t.bytes_written()
        ));
    }
    Ok(())
}

fn exit_code(stop: &Stop) -> u8 {
    match stop {
        Stop::ReturnedToBasic | Stop::Reached(_) | Stop::Idle | Stop::Watch(_) => 0,
        Stop::CycleLimit => EXIT_CYCLE_LIMIT,
        Stop::Jam { .. } | Stop::Brk { .. } => EXIT_JAM_OR_BRK,
        Stop::UnimplementedKernal { .. } | Stop::UnsupportedDevice { .. } => EXIT_UNIMPLEMENTED,
        Stop::UnknownTarget(_) => EXIT_USAGE,
        Stop::DebugCart(v) => *v,
    }
}

/// The line on standard error that says how the run ended, if it says anything: the
/// cycles since power-on (what `--max-cycles` counts), or for `--cycles`/`--frames`
/// the `ran` cycles since the program started.
fn ending_message(m: &Machine, args: &Args, ending: &Ending, ran: u64) -> Option<String> {
    let at = m.describe_addr(m.regs().pc);
    let cycles = m.cycles();
    match ending {
        Ending::Stop(stop) if args.headless => {
            let mut line = format!("{} after {cycles} cycles", m.describe_stop(stop));
            if matches!(stop, Stop::CycleLimit) && m.waiting_for_input() {
                line.push_str(
                    " (the program was waiting for keys; give them with --keys, or stop there with --until-idle)",
                );
            }
            Some(line)
        }
        Ending::Idle => Some(format!(
            "waiting for keys after {cycles} cycles (every --keys key was typed)"
        )),
        Ending::Done => Some(match (args.cycles, args.frames) {
            (None, Some(f)) => {
                format!("ran {f} frames ({ran} cycles) as --frames asked, PC at {at}")
            }
            _ => format!("ran {ran} cycles as --cycles asked, PC at {at}"),
        }),
        Ending::Interrupted => Some(format!(
            "interrupted after {cycles} cycles, PC at {at}; the outputs show the machine there"
        )),
        Ending::Stop(_) | Ending::Closed => None,
    }
}

fn report(
    m: &Machine,
    args: &Args,
    ending: &Ending,
    cycles: u64,
    dumps: &[Dump],
    shot: Option<Stream>,
    con: &mut Console,
) -> Result<u8, Fail> {
    if let Some(line) = ending_message(m, args, ending, cycles) {
        con.err(&line);
    }
    let mut out = String::new();
    if args.print_screen {
        for line in m.screen_text().lines() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    for d in dumps {
        out.push_str(&dump(m, d));
    }
    con.out(&out);
    if let (Some(mut w), Some(path)) = (shot, &args.screenshot) {
        let cannot = |e: &dyn std::fmt::Display| {
            fail(EXIT_IO, format!("cannot write {}: {e}", path.display()))
        };
        render::write_png(m, &mut w).map_err(|e| cannot(&e))?;
        w.finish().map_err(|e| cannot(&e))?;
    }
    let mut code = match ending {
        Ending::Stop(stop) => exit_code(stop),
        Ending::Idle | Ending::Done | Ending::Closed => 0,
        Ending::Interrupted => EXIT_INTERRUPTED,
    };
    let violations = m.strict_violations();
    if !violations.is_empty() {
        con.err(&format!(
            "strict: {} read(s) of ROM at addresses the program wrote (the RAM underneath is hidden):",
            m.strict_violation_count()
        ));
        for v in violations {
            con.err(&format!(
                "  read ${:04X} at PC {}",
                v.addr,
                m.describe_addr(v.pc)
            ));
        }
        if code == 0 {
            code = EXIT_STRICT;
        }
    }
    Ok(code)
}
