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
//! 8 no display for the window. With `--debugcart`, a write to $D7FF ends the run and
//! the value written is the exit code.
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::sync::Arc;

use c64emu::{CiaModel, Content, LoadError, Machine, RomSet, Stop, Trace, render};
use c64harness::{Coverage, DebugInfo, ProfileHandle, Profiler, SourceIndex, Tee, TraceNotes};

use crate::output::{OutputError, Outputs, Stream};

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
    /// Put a disk in drive 8: a host directory or a .d64 image (LOAD, SAVE, OPEN...)
    #[arg(long, value_name = "DIR|FILE.d64")]
    pub disk: Option<PathBuf>,
    /// Use this 4 KiB character ROM image instead of the built-in character set
    #[arg(long, value_name = "FILE")]
    pub chargen: Option<PathBuf>,
    /// Window: run as fast as possible instead of PAL speed
    #[arg(long)]
    pub warp: bool,
    /// Window: scale factor 1, 2, 4 or 8
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

fn parse_scale(s: &str) -> Result<u8, String> {
    match s {
        "1" | "2" | "4" | "8" => Ok(s.parse().unwrap_or(2)),
        _ => Err("the scale is 1, 2, 4 or 8".into()),
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
    let asm = match args.asm.unsupported() {
        Some(msg) => Err(fail(EXIT_USAGE, msg)),
        None => args
            .asm
            .options(matches)
            .map_err(|msg| fail(EXIT_USAGE, msg)),
    };
    let mut code = match asm.and_then(|asm| run(&args, &asm, &mut con)) {
        Ok(code) => code,
        Err(Fail(code, msg)) => {
            con.err(&format!("c64kit run: {msg}"));
            code
        }
    };
    if let Some(e) = con.stdout_error.take() {
        con.err(&format!("c64kit run: cannot write to standard output: {e}"));
        if code == 0 {
            code = EXIT_IO;
        }
    }
    if con.stderr_failed && code == 0 {
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
}

/// A checked `--dump`.
struct Dump {
    ram: bool,
    addr: u16,
    len: usize,
}

fn run(args: &Args, asm: &c64asm::Options, con: &mut Console) -> Result<u8, Fail> {
    let roms = roms_dir(args);
    if args.file.is_none() && roms.is_none() {
        return Err(fail(
            EXIT_USAGE,
            "a program file is needed (or --roms DIR, or $C64KIT_ROMS, to boot BASIC without one)",
        ));
    }
    let mut m = new_machine(args, roms.as_deref())?;
    if let Some(disk) = &args.disk {
        m.attach_disk(disk)
            .map_err(|e| fail(EXIT_LOAD_ERROR, e.to_string()))?;
    }
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
            let (p, b) = read_program(&mut m, args, asm, path, con)?;
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
    let until = match &args.until {
        Some(t) => Some(resolve(&m, t, "--until")?),
        None => None,
    };
    let start = match &args.start {
        Some(t) => Some(resolve(&m, t, "--start")?),
        None => None,
    };
    let dumps: Vec<Dump> = args
        .dump
        .iter()
        .map(|spec| parse_dump(&m, spec))
        .collect::<Result<_, _>>()?;
    if let Some(keys) = &args.keys {
        Machine::check_key_text(keys).map_err(|e| fail(EXIT_USAGE, format!("--keys: {e}")))?;
    }
    let entry = match &program {
        Some(p) => Some(entry_point(&m, p, start, args)?),
        None => None,
    };
    // The files the run writes: opened now (a bad path costs no run), changed only
    // when the run is over and every one of them is complete.
    let mut outputs = Outputs::new();
    for (path, what) in [
        (&args.file, "the program"),
        (&args.labels, "the label file"),
        (&args.chargen, "the character ROM"),
        (&args.disk, "the disk image"),
    ] {
        if let Some(path) = path {
            outputs.input(path, what);
        }
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
    let mut reports = Reports::open(args, &mut outputs)?;

    // Start the machine.
    if let Some(model) = args.cia {
        m.set_cia_model(model);
    }
    if m.real_roms() {
        boot(&mut m)?;
    }
    if let (Some(p), Some(entry)) = (&program, entry) {
        load(&mut m, p, args)?;
        if m.real_roms() {
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
    m.set_strict(args.strict);
    m.set_debugcart(args.debugcart);
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

    let stop = if args.headless {
        let trace = trace_file.map(|f| {
            let t = Trace::with_limit(f, args.trace_limit.unwrap_or(DEFAULT_TRACE_LIMIT));
            match &info {
                Some(i) => t.with_notes(Arc::new(TraceNotes(i.clone()))),
                None => t,
            }
        });
        m.set_trace(trace.clone());
        reports.start(&mut m, info.as_ref());
        // Counted from power-on, the ROM boot included (as VICE's -limitcycles), so
        // the limit and the cycles the stop message gives agree.
        let max = args
            .max_cycles
            .unwrap_or(DEFAULT_HEADLESS_CYCLES)
            .saturating_sub(m.cycles());
        let idle = args.until_idle
            || (args.until.is_none()
                && args.max_cycles.is_none()
                && (args.print_screen || args.screenshot.is_some() || !args.dump.is_empty()));
        let stop = match until {
            Some(addr) => Some(m.run_until(addr, max).err().unwrap_or(Stop::Reached(addr))),
            None if idle => m.run_until_idle(max).err(),
            None => Some(m.run(max)),
        };
        m.set_trace(None);
        if let Some(t) = &trace {
            check_trace(t, args, con)?;
        }
        reports.finish(&mut m, info.as_ref(), con)?;
        if stop.is_none() {
            con.err(&format!(
                "waiting for keys after {} cycles (every --keys key was typed)",
                m.cycles()
            ));
        }
        stop
    } else {
        let title = match &args.file {
            Some(f) => format!("c64kit - {}", f.display()),
            None => "c64kit - BASIC".to_string(),
        };
        let opts = c64window::Options {
            title,
            scale: args.scale,
            warp: args.warp,
            // From power-on, as headless.
            max_cycles: args.max_cycles.map(|n| n.saturating_sub(m.cycles())),
            until,
        };
        c64window::run(&mut m, &opts).map_err(|e| {
            fail(
                EXIT_NO_DISPLAY,
                format!(
                    "no display available ({e}); run without a window: --headless --until-idle --print-screen (or --screenshot FILE.png)"
                ),
            )
        })?
    };
    let code = report(&m, args, stop.as_ref(), &dumps, shot_file, con)?;
    outputs.commit().map_err(output_fail)?;
    Ok(code)
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

fn new_machine(args: &Args, roms: Option<&Path>) -> Result<Machine, Fail> {
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
            Ok(Machine::with_roms(&set))
        }
        None => Ok(match chargen {
            Some(c) => Machine::with_chargen(&c),
            None => Machine::new(),
        }),
    }
}

/// Let the real KERNAL boot until BASIC waits at its READY prompt.
fn boot(m: &mut Machine) -> Result<(), Fail> {
    m.run_until_idle(BOOT_CYCLES).map(|_| ()).map_err(|stop| {
        fail(
            exit_code(Some(&stop)).max(EXIT_CYCLE_LIMIT),
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

fn resolve(m: &Machine, target: &str, flag: &str) -> Result<u16, Fail> {
    m.resolve(target).ok_or_else(|| {
        fail(
            EXIT_USAGE,
            format!("{flag}: unknown label or address {target:?}"),
        )
    })
}

fn load_error(path: &Path, e: LoadError) -> Fail {
    fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display()))
}

/// Read or assemble the program; labels from a .asm become the machine's symbols.
fn read_program(
    m: &mut Machine,
    args: &Args,
    asm: &c64asm::Options,
    path: &Path,
    con: &mut Console,
) -> Result<(Program, Option<Arc<DebugInfo>>), Fail> {
    let mut info = None;
    let is_asm = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("asm") || e.eq_ignore_ascii_case("s"));
    let mut sources = Vec::new();
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
        } else {
            let prg = unwrap_program(m, args, path, &bytes)?;
            match prg.as_slice() {
                [lo, hi, rest @ ..] => (u16::from_le_bytes([*lo, *hi]), rest.to_vec(), true),
                _ => return Err(load_error(path, LoadError::TooShort { len: prg.len() })),
            }
        }
    };
    let addr = match &args.load {
        Some(a) => resolve(m, a, "--load")?,
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
        },
        info,
    ))
}

/// The .prg in a file, told by its contents: a .prg as it is, a .p00 or .t64
/// unwrapped, a .d64 put in drive 8 and its first program loaded (as VICE's autostart
/// of a disk does); .sid and .crt are refused with what they are.
fn unwrap_program(
    m: &mut Machine,
    args: &Args,
    path: &Path,
    bytes: &[u8],
) -> Result<Vec<u8>, Fail> {
    match c64emu::identify(bytes).map_err(|e| load_error(path, e))? {
        Content::Program { prg, .. } => Ok(prg),
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
            m.attach_disk(path)
                .map_err(|e| fail(EXIT_LOAD_ERROR, e.to_string()))?;
            let (_, prg) = c64emu::first_disk_program(bytes).map_err(|e| load_error(path, e))?;
            Ok(prg)
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

/// `[ram:]ADDR:LEN`, checked (LEN at most 64 KiB).
fn parse_dump(m: &Machine, spec: &str) -> Result<Dump, Fail> {
    let bad = |why: &str| {
        fail(
            EXIT_USAGE,
            format!(
                "--dump {spec:?}: {why} (write ADDR:LEN, e.g. $c000:64 or table:16, or ram:ADDR:LEN)"
            ),
        )
    };
    let (ram, rest) = match spec.strip_prefix("ram:") {
        Some(r) => (true, r),
        None => (false, spec),
    };
    let (addr, len) = rest
        .rsplit_once(':')
        .ok_or_else(|| bad("no ':' between address and length"))?;
    let addr = m
        .resolve(addr)
        .ok_or_else(|| bad(&format!("unknown label or address {addr:?}")))?;
    let len_text = len.trim();
    let hex = len_text
        .strip_prefix('$')
        .or_else(|| len_text.strip_prefix("0x"))
        .or_else(|| len_text.strip_prefix("0X"));
    let len: u64 = if let Ok(n) = parse_count(len_text) {
        n
    } else if let Some(h) = hex {
        u64::from_str_radix(h, 16)
            .map_err(|_| bad(&format!("the length {len_text:?} is not a number")))?
    } else {
        m.resolve(len_text)
            .map(u64::from)
            .ok_or_else(|| bad(&format!("the length {len_text:?} is not a number or label")))?
    };
    if len > 0x1_0000 {
        return Err(bad(&format!(
            "{len} bytes is more than the 65536 there are"
        )));
    }
    Ok(Dump {
        ram,
        addr,
        len: len as usize,
    })
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

fn exit_code(stop: Option<&Stop>) -> u8 {
    match stop {
        None | Some(Stop::ReturnedToBasic | Stop::Reached(_) | Stop::Idle) => 0,
        Some(Stop::CycleLimit) => EXIT_CYCLE_LIMIT,
        Some(Stop::Jam { .. } | Stop::Brk { .. }) => EXIT_JAM_OR_BRK,
        Some(Stop::UnimplementedKernal { .. } | Stop::UnsupportedDevice { .. }) => {
            EXIT_UNIMPLEMENTED
        }
        Some(Stop::UnknownTarget(_)) => EXIT_USAGE,
        Some(Stop::DebugCart(v)) => *v,
    }
}

fn report(
    m: &Machine,
    args: &Args,
    stop: Option<&Stop>,
    dumps: &[Dump],
    shot: Option<Stream>,
    con: &mut Console,
) -> Result<u8, Fail> {
    if let (true, Some(stop)) = (args.headless, stop) {
        let mut line = format!("{} after {} cycles", m.describe_stop(stop), m.cycles());
        if matches!(stop, Stop::CycleLimit) && m.waiting_for_input() {
            line.push_str(
                " (the program was waiting for keys; give them with --keys, or stop there with --until-idle)",
            );
        }
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
    let mut code = exit_code(stop);
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

/// Hex lines of 16 bytes: `C000  01 02 ...  |..|`.
fn dump(m: &Machine, d: &Dump) -> String {
    let bytes: Vec<u8> = (0..d.len)
        .map(|i| {
            let a = d.addr.wrapping_add(i as u16);
            if d.ram { m.peek(a) } else { m.peek_banked(a) }
        })
        .collect();
    c64harness::hexdump(d.addr, &bytes)
}

/// `--coverage`, `--profile` and `--flamegraph`: files opened before the run,
/// recorders on the machine during it, reports written after.
struct Reports {
    coverage: Option<(PathBuf, Stream)>,
    profile: Option<(PathBuf, Option<Stream>)>,
    flamegraph: Option<(PathBuf, Stream)>,
    recording: Option<Coverage>,
    profiling: Option<ProfileHandle>,
}

impl Reports {
    /// Checks and stages the report files with the run's other outputs: they are
    /// written at the end, all together or not at all, never over an input.
    fn open(args: &Args, outputs: &mut Outputs) -> Result<Reports, Fail> {
        let mut open = |p: &Option<PathBuf>, what: &str| -> Result<_, Fail> {
            p.as_ref()
                .map(|p| {
                    let f = outputs.stream(p, what).map_err(output_fail)?;
                    Ok((p.clone(), f))
                })
                .transpose()
        };
        let coverage = open(&args.coverage, "--coverage")?;
        let flamegraph = open(&args.flamegraph, "--flamegraph")?;
        let profile = match &args.profile {
            Some(p) if p.as_os_str() == "-" => {
                outputs.claim_stdout("--profile").map_err(output_fail)?;
                Some((p.clone(), None))
            }
            Some(p) => Some((
                p.clone(),
                Some(outputs.stream(p, "--profile").map_err(output_fail)?),
            )),
            None => None,
        };
        Ok(Reports {
            coverage,
            profile,
            flamegraph,
            recording: None,
            profiling: None,
        })
    }

    fn start(&mut self, m: &mut Machine, info: Option<&Arc<DebugInfo>>) {
        let mut observers = Vec::new();
        if let (Some(_), Some(info)) = (&self.coverage, info) {
            let cov = Coverage::new(info.clone());
            observers.push(cov.recorder());
            self.recording = Some(cov);
        }
        if self.profile.is_some() || self.flamegraph.is_some() {
            let (p, handle) = Profiler::new(None, m.cpu_cycles());
            observers.push(p);
            self.profiling = Some(handle);
        }
        m.set_observer(Tee::of(observers));
    }

    fn finish(
        &mut self,
        m: &mut Machine,
        info: Option<&Arc<DebugInfo>>,
        con: &mut Console,
    ) -> Result<(), Fail> {
        m.set_observer(None);
        let write = |path: &Path, mut f: Stream, bytes: &[u8]| {
            f.write_all(bytes)
                .and_then(|()| f.flush())
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))
        };
        if let (Some((path, f)), Some(cov)) = (self.coverage.take(), &self.recording) {
            write(&path, f, cov.lcov().as_bytes())?;
        }
        let Some(handle) = &self.profiling else {
            return Ok(());
        };
        let empty;
        let info = match info {
            Some(i) => i,
            None => {
                empty = DebugInfo::new("program", SourceIndex::empty(), Vec::new(), Vec::new());
                &empty
            }
        };
        let profile = handle.finish(m.cpu_cycles(), |a| {
            m.label_at(a)
                .map(str::to_string)
                .unwrap_or_else(|| c64harness::routine_name(info, a))
        });
        match self.profile.take() {
            Some((_, None)) => con.out(&profile.table()),
            Some((path, Some(f))) => write(&path, f, profile.folded().as_bytes())?,
            None => {}
        }
        if let Some((path, f)) = self.flamegraph.take() {
            let title = format!("c64kit run: {} cycles", profile.total_cycles());
            let mut w = std::io::BufWriter::new(f);
            profile
                .flamegraph(&title, &mut w)
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
            w.flush()
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }
}
